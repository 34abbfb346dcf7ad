//! Kinds of item that are data: a kind made with `git orx kind new` from a
//! built-in one, and a hand-written workflow with its own states and
//! roles, both run end to end (new, moves, refusals, hand edits judged by
//! the hooks, verify, status, next, log) with no change to git-orx.

use crate::common::{Repo, filled};

const TICKET: &str = "docs/tickets/1.1.export-as-csv.md";

/// A repository with the `ticket` kind made from the story kind and
/// committed by the Human; `edit` changes its workflow first.
fn with_tickets(edit: impl Fn(&str) -> String) -> Repo {
    let repo = Repo::new();
    let out = repo.orx(&[
        "kind",
        "new",
        "ticket",
        "--from",
        "story",
        "--dir",
        "docs/tickets",
    ]);
    out.ok();
    assert!(
        out.stdout.contains("wrote .orx/workflows/ticket.yaml")
            && out.stdout.contains("wrote .orx/templates/ticket.md")
            && out.stdout.contains("commit them as the Human"),
        "{}",
        out.render()
    );
    let wf = ".orx/workflows/ticket.yaml";
    repo.write(wf, edit(&repo.read(wf)));
    // Rule files need the Human: a developer cannot put the kind in force.
    repo.git(&["add", ".orx"]).ok();
    let out = repo.git_env(&["commit", "-q", "-m", "tickets"], &[("ORX_ROLE", "dev")]);
    out.code(1);
    assert!(out.stderr.contains("only the Human"), "{}", out.render());
    repo.commit_rules("Add the ticket kind");
    repo
}

/// A new ticket, its sections written and committed, approved by the SM's
/// quality check.
fn approved_ticket(repo: &Repo) {
    let out = repo.orx(&["new", "ticket", "Export as CSV", "--as", "sm"]);
    out.ok();
    assert!(out.stdout.starts_with(TICKET), "{}", out.render());
    let text = repo.read(TICKET);
    assert!(
        text.starts_with("---\nkind: ticket\nid: \"1.1\"\n"),
        "{text}"
    );
    repo.write(TICKET, filled(&text));
    repo.git_env(
        &["commit", "-q", "-m", "write the ticket", "--", TICKET],
        &[("ORX_ROLE", "sm")],
    )
    .ok();
    repo.orx(&["assess", "1.1", "--score", "8.5", "--as", "sm"])
        .ok();
    assert!(repo.read(TICKET).contains("status: Approved"));
}

#[test]
fn a_kind_made_with_kind_new_runs_end_to_end() {
    let repo = with_tickets(str::to_owned);
    approved_ticket(&repo);
    // A refused move changes nothing.
    let before = repo.state();
    let out = repo.orx(&["move", "1.1", "Done", "--as", "dev"]);
    out.code(1);
    assert!(out.stderr.contains("ticket 1.1"), "{}", out.render());
    assert_eq!(repo.state(), before);
    repo.orx(&["move", "1.1", "InProgress", "--as", "dev"]).ok();
    // A hand edit the rules allow is committed; one they refuse is not.
    repo.write(TICKET, repo.read(TICKET) + "\nNotes from the dev.\n");
    repo.git_env(&["commit", "-q", "-am", "notes"], &[("ORX_ROLE", "dev")])
        .ok();
    repo.edit(TICKET, "status: InProgress", "status: Done");
    let out = repo.git_env(&["commit", "-q", "-am", "done?"], &[("ORX_ROLE", "dev")]);
    out.code(1);
    assert!(
        out.stderr
            .contains("ticket 1.1 cannot move from InProgress to Done"),
        "{}",
        out.render()
    );
    repo.git(&["checkout", "-q", "HEAD", "--", TICKET]).ok();
    repo.orx(&["verify"]).ok();
    let status = repo.orx(&["status"]);
    status.ok();
    assert!(
        status.stdout.contains("ticket InProgress (Dev) 1")
            && status.stdout.contains("1.1      Export as CSV"),
        "{}",
        status.render()
    );
    let next = repo.orx(&["next", "--role", "dev"]);
    next.ok();
    assert!(next.stdout.contains("1.1"), "{}", next.render());
    let log = repo.orx(&["log", "1.1"]);
    log.ok();
    assert!(
        log.stdout.contains("Approved -> InProgress") && log.stdout.contains("ticket 1.1"),
        "{}",
        log.render()
    );
    let show = repo.orx(&["show", "1.1"]);
    show.ok();
    assert!(show.stdout.contains("InProgress"), "{}", show.render());
}

#[test]
fn a_renamed_state_in_a_copied_workflow_just_works() {
    let repo = with_tickets(|text| {
        text.replace("  Review:\n", "  Testing:\n")
            .replace("to: Review\n", "to: Testing\n")
            .replace("from: Review\n", "from: Testing\n")
    });
    approved_ticket(&repo);
    repo.orx(&["move", "1.1", "InProgress", "--as", "dev"]).ok();
    let out = repo.orx(&["move", "1.1", "Review", "--as", "dev"]);
    out.code(2);
    assert!(out.stderr.contains("Testing"), "{}", out.render());
    repo.orx(&["move", "1.1", "Testing", "--as", "dev"]).ok();
    repo.orx(&["move", "1.1", "Done", "--as", "qa"]).ok();
    assert!(repo.read(TICKET).contains("status: Done"));
    repo.orx(&["verify"]).ok();
}

#[test]
fn kind_new_refuses_a_taken_or_bad_name_and_an_unknown_kind() {
    let repo = Repo::new();
    let before = repo.state();
    for (args, code, says) in [
        (
            &["story", "--from", "story"][..],
            1,
            "there is a kind `story`",
        ),
        (&["agent", "--from", "story"], 1, "there is a kind `agent`"),
        (&["Bug", "--from", "story"], 2, "cannot name a kind"),
        (&["../x", "--from", "story"], 2, "cannot name a kind"),
        (&["bug", "--from", "stroy"], 2, "did you mean story?"),
        (&["bug", "--from", "agent"], 2, "fixed paths"),
        (
            &["bug", "--from", "story", "--dir", "docs/stories"],
            2,
            "holds the `story` items",
        ),
        (
            &["bug", "--from", "story", "--dir", "../out"],
            1,
            "inside the work tree",
        ),
    ] {
        let mut all = vec!["kind", "new"];
        all.extend_from_slice(args);
        let out = repo.orx(&all);
        out.code(code);
        assert!(out.stderr.contains(says), "{args:?}: {}", out.render());
        assert_eq!(repo.state(), before, "{args:?}");
    }
}

pub(crate) const BUG_WORKFLOW: &str = r#"workflow: bug
description: Bug lifecycle
initial: Open
items:
  dir: docs/bugs
  id: '^[0-9]+\.[0-9]+$'
states:
  Open:
    owner: dev
    handoff:
      - en: "Next: dev, fix bug {id}"
  Fixed:
    owner: tester
    handoff:
      - en: "Next: tester, check the fix of bug {id}"
  Closed:
    terminal: true
transitions:
  - from: Open
    to: Fixed
    roles: [dev]
  - from: Fixed
    to: Closed
    roles: [tester]
  - from: Fixed
    to: Open
    roles: [tester]
"#;

const BUG: &str = "docs/bugs/9.1.crash-on-save.md";

/// A repository with a hand-written `bug` workflow (its own states, and a
/// `tester` role from the config) and bug 9.1, Open.
fn with_a_bug() -> Repo {
    let repo = Repo::new();
    repo.edit(".orx/config.yaml", "roles: []", "roles: [tester]");
    repo.write(".orx/workflows/bug.yaml", BUG_WORKFLOW);
    repo.commit_rules("Add the bug kind");
    let out = repo.orx(&["new", "bug", "Crash on save", "--id", "9.1", "--as", "dev"]);
    out.ok();
    assert!(out.stdout.starts_with(BUG), "{}", out.render());
    assert!(
        out.stdout.contains("Next: dev, fix bug 9.1"),
        "{}",
        out.render()
    );
    repo
}

#[test]
fn a_hand_written_kind_with_its_own_states_runs_end_to_end() {
    let repo = with_a_bug();
    assert_eq!(
        repo.read(BUG),
        "---\nkind: bug\nid: \"9.1\"\ntitle: Crash on save\nstatus: Open\n---\n# Crash on save\n"
    );
    // Refusals: an ID the kind's pattern refuses, a role the move is not
    // for, a state the workflow does not have.
    let before = repo.state();
    let out = repo.orx(&["new", "bug", "Other", "--id", "abc", "--as", "dev"]);
    out.code(2);
    assert!(out.stderr.contains("does not match"), "{}", out.render());
    let out = repo.orx(&["move", "9.1", "Fixed", "--as", "tester"]);
    out.code(1);
    let out = repo.orx(&["move", "9.1", "Done", "--as", "dev"]);
    out.code(2);
    assert!(out.stderr.contains("Closed"), "{}", out.render());
    assert_eq!(repo.state(), before);
    repo.orx(&["move", "9.1", "Fixed", "--as", "dev"]).ok();
    // Hand edits judged by the hooks: the tester may close it; the dev may
    // not reopen it.
    repo.edit(BUG, "status: Fixed", "status: Open");
    let out = repo.git_env(&["commit", "-q", "-am", "reopen"], &[("ORX_ROLE", "dev")]);
    out.code(1);
    assert!(out.stderr.contains("bug 9.1"), "{}", out.render());
    repo.edit(BUG, "status: Open", "status: Closed");
    repo.git_env(&["commit", "-q", "-am", "close"], &[("ORX_ROLE", "tester")])
        .ok();
    // A second bug, numbered after the first.
    let out = repo.orx(&["new", "bug", "Slow start", "--as", "dev"]);
    out.ok();
    assert!(
        out.stdout.starts_with("docs/bugs/9.2.slow-start.md"),
        "{}",
        out.render()
    );
    repo.orx(&["verify"]).ok();
    let status = repo.orx(&["status"]);
    status.ok();
    assert!(
        status.stdout.contains("bug Open (Dev) 1") && status.stdout.contains("bug Closed"),
        "{}",
        status.render()
    );
    let next = repo.orx(&["next"]);
    next.ok();
    assert!(
        next.stdout.contains("Next: dev, fix bug 9.2"),
        "{}",
        next.render()
    );
    let log = repo.orx(&["log", "9.1"]);
    log.ok();
    assert!(
        log.stdout.contains("Open -> Fixed") && log.stdout.contains("Fixed -> Closed"),
        "{}",
        log.render()
    );
    let json = repo.orx(&["log", "--kind", "bug", "--json"]);
    json.ok();
    assert!(json.stdout.contains("9.2"), "{}", json.render());
}

/// The case the registry fixes: the command accepted a move of a `bug`
/// and wrote it, and the hook refused it ("only story items belong
/// there"). Now both take the kind's place from the same registry.
#[test]
fn move_and_the_hook_agree_on_a_user_defined_kind() {
    let repo = with_a_bug();
    let out = repo.orx(&["move", "9.1", "Fixed", "--as", "dev"]);
    out.ok();
    assert_eq!(
        repo.git(&["show", &format!("HEAD:{BUG}")]).stdout,
        repo.read(BUG)
    );
    assert!(repo.read(BUG).contains("status: Fixed"));
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    // A bug in the story directory is refused by both, for the same reason.
    let stray = "docs/stories/9.5.stray.md";
    repo.write(
        stray,
        "---\nkind: bug\nid: \"9.5\"\ntitle: Stray\nstatus: Open\n---\n",
    );
    repo.git(&["add", stray]).ok();
    let out = repo.git_env(&["commit", "-q", "-m", "stray"], &[("ORX_ROLE", "dev")]);
    out.code(1);
    assert!(
        out.stderr.contains("only story items belong there"),
        "{}",
        out.render()
    );
    repo.git(&["commit", "-q", "--no-verify", "-m", "stray"])
        .ok();
    let before = repo.state();
    let out = repo.orx(&["move", "9.5", "Fixed", "--as", "dev"]);
    out.code(1);
    assert!(
        out.stderr.contains("only story items belong there"),
        "{}",
        out.render()
    );
    assert_eq!(repo.state(), before);
}

#[test]
fn an_id_two_kinds_use_is_named_with_its_kind() {
    let repo = with_tickets(str::to_owned);
    repo.orx(&["new", "A story", "--as", "sm"]).ok();
    let made = repo.orx(&["new", "ticket", "A ticket", "--as", "sm"]);
    made.ok();
    // The hint names the new ticket with its kind: `1.1` alone is ambiguous.
    assert!(made.stdout.contains("ticket:1.1"), "{}", made.render());
    let next = repo.orx(&["next", "--role", "sm"]);
    next.ok().stdout_has(&["story:1.1", "ticket:1.1"]);
    let out = repo.orx(&["show", "1.1"]);
    out.code(2);
    assert!(out.stderr.contains("KIND:ID"), "{}", out.render());
    let out = repo.orx(&["show", "ticket:1.1"]);
    out.ok();
    assert!(out.stdout.contains("A ticket"), "{}", out.render());
    // Every command offered for either names it with its kind, so an
    // agent that runs the argv it is given is not refused as ambiguous.
    let next = repo.orx(&["next", "--json"]);
    next.ok();
    let v: serde_json::Value = serde_json::from_str(&next.stdout).unwrap();
    let argvs: Vec<Vec<String>> = v["roles"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["actions"].as_array().unwrap().iter())
        .flat_map(|a| a["steps"].as_array().unwrap().iter())
        .map(|s| serde_json::from_value(s["argv"].clone()).unwrap())
        .collect();
    assert!(!argvs.is_empty(), "{v}");
    for argv in &argvs {
        assert!(!argv.contains(&"1.1".to_owned()), "{argv:?}");
        assert!(
            argv.contains(&"story:1.1".to_owned()) || argv.contains(&"ticket:1.1".to_owned()),
            "{argv:?}"
        );
    }
    let show = repo.orx(&["show", "story:1.1", "--as", "sm", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&show.stdout).unwrap();
    assert!(
        v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["argv"].to_string().contains("story:1.1")),
        "{v}"
    );
    // The argv as given runs (here, the SM's assessment of the story).
    let assess: &Vec<String> = argvs
        .iter()
        .find(|a| a.contains(&"assess".to_owned()) && a.contains(&"story:1.1".to_owned()))
        .expect("the story's assessment is offered");
    let mut args: Vec<&str> = assess.iter().skip(2).map(String::as_str).collect();
    args.extend(["--score", "8.5"]);
    let ran = repo.orx(&args);
    assert_ne!(ran.code, 2, "not a usage error: {}", ran.render());
}

#[test]
fn a_json_kind_is_made_moved_and_judged_by_the_hooks() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/trial.yaml",
        "workflow: trial\ninitial: Running\nitems:\n  dir: .trial\n  file: \"{id}.json\"\n  format: json\n  new_id: sequence\nstates:\n  Running: {owner: dev}\n  Passed: {terminal: true}\ntransitions:\n  - {from: Running, to: Passed, roles: [dev]}\n",
    );
    repo.commit_rules("Add the trial kind");
    let out = repo.orx(&["new", "trial", "Make it green", "--as", "dev"]);
    out.ok();
    assert!(out.stdout.starts_with(".trial/1.json"), "{}", out.render());
    assert_eq!(
        repo.read(".trial/1.json"),
        "{\n  \"kind\": \"trial\",\n  \"id\": \"1\",\n  \"title\": \"Make it green\",\n  \"status\": \"Running\"\n}\n"
    );
    // A hand edit to a state the workflow does not have is refused.
    repo.edit(".trial/1.json", "\"Running\"", "\"Failed\"");
    let out = repo.git_env(&["commit", "-q", "-am", "failed"], &[("ORX_ROLE", "dev")]);
    out.code(1);
    assert!(
        out.stderr.contains("unknown state `Failed`"),
        "{}",
        out.render()
    );
    repo.git(&["checkout", "-q", "HEAD", "--", ".trial/1.json"])
        .ok();
    repo.orx(&["move", "1", "Passed", "--as", "dev"]).ok();
    assert_eq!(
        repo.git(&["show", "HEAD:.trial/1.json"]).stdout,
        "{\n  \"kind\": \"trial\",\n  \"id\": \"1\",\n  \"title\": \"Make it green\",\n  \"status\": \"Passed\"\n}\n"
    );
    repo.orx(&["verify"]).ok();
    let log = repo.orx(&["log", "1"]);
    log.ok();
    assert!(log.stdout.contains("Running -> Passed"), "{}", log.render());
}
