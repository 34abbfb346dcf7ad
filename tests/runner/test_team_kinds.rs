//! A team's own kinds, written as YAML only, work end to end: one whose
//! state is in a field of its own (`state_field: phase`), a JSON one whose
//! files carry their ID in a field of their own (`items.id_field`), and
//! one whose move waits for other items (`waits:`). Each is made, moved
//! and refused alike by the command, its dry run, `show`, the hooks and
//! `verify`, and the reports cover it.

use crate::common::Repo;

const OUTAGE: &str = r#"workflow: outage
description: An outage, from the page to the postmortem
initial: Open
state_field: phase
items:
  dir: docs/outages
  file: "{id}.{slug}.md"
  new_id: sequence
states:
  Open: {owner: dev}
  Mitigated: {owner: dev}
  Resolved: {terminal: true}
transitions:
  - {from: Open, to: Mitigated, roles: [dev]}
  - {from: Mitigated, to: Resolved, roles: [dev]}
"#;

const PROBE: &str = r#"workflow: probe
description: A synthetic probe
initial: Running
items:
  dir: probes
  file: "{id}.json"
  format: json
  new_id: sequence
  id_field: probe_id
states:
  Running: {owner: dev}
  Passed: {terminal: true}
  Failed: {terminal: true}
transitions:
  - {from: Running, to: Passed, roles: [dev]}
  - {from: Running, to: Failed, roles: [dev]}
"#;

const JOB: &str = r#"workflow: job
description: A job that may wait for others
initial: Queued
items:
  dir: docs/jobs
  file: "{id}.{slug}.md"
  new_id: sequence
  prefix: J
states:
  Queued: {owner: dev}
  Running: {owner: dev}
  Done: {terminal: true}
transitions:
  - from: Queued
    to: Running
    roles: [dev]
    waits:
      field: after
      until: [Done]
  - {from: Running, to: Done, roles: [dev]}
"#;

/// A repository with the three kinds committed by the Human.
fn team_repo() -> Repo {
    let repo = Repo::new();
    repo.write(".orx/workflows/outage.yaml", OUTAGE);
    repo.write(".orx/workflows/probe.yaml", PROBE);
    repo.write(".orx/workflows/job.yaml", JOB);
    repo.commit_rules("Add the team's kinds");
    repo.orx(&["check"]).ok();
    repo
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn a_kind_whose_state_is_in_its_own_field_is_made_moved_and_judged() {
    let repo = team_repo();
    let out = repo.orx(&["new", "outage", "Checkout is down", "--as", "dev"]);
    out.ok();
    let path = "docs/outages/1.checkout-is-down.md";
    assert!(out.stdout.starts_with(path), "{}", out.render());
    assert!(
        repo.read(path).contains("phase: Open"),
        "{}",
        repo.read(path)
    );
    repo.orx(&["move", "outage:1", "Mitigated", "--dry-run", "--as", "dev"])
        .ok();
    repo.orx(&["move", "outage:1", "Mitigated", "--as", "dev"])
        .ok();
    assert!(repo.read(path).contains("phase: Mitigated"));
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    // A hand edit to a state the workflow lacks is refused by the hook,
    // in the kind's own field.
    repo.edit(path, "phase: Mitigated", "phase: Closed");
    repo.commit_as("dev", "closed by hand")
        .fails(1, &["1.checkout-is-down.md:5:8: unknown state `Closed`"]);
    repo.git(&["checkout", "-q", "HEAD", "--", path]).ok();
    // A `status:` beside the kind's own field is named, not mistaken.
    repo.edit(
        path,
        "phase: Mitigated",
        "phase: Mitigated\nstatus: Resolved",
    );
    repo.orx(&["check"])
        .code(1)
        .stdout_has(&["holds its state in `phase`, not `status`"]);
    repo.git(&["checkout", "-q", "HEAD", "--", path]).ok();
    let show = repo.orx(&["show", "outage:1", "--json"]);
    show.ok();
    let v = json(&show.stdout);
    assert_eq!(v["status"], "Mitigated", "{v}");
    assert_eq!(v["moves"][0]["to"], "Resolved", "{v}");
    // Its fields as the file writes them: the state under `phase` alone.
    assert_eq!(v["frontmatter"]["phase"], "Mitigated", "{v}");
    assert!(v["frontmatter"].get("status").is_none(), "{v}");
    repo.orx(&["verify"]).ok();
    repo.orx(&["log", "outage:1"])
        .ok()
        .stdout_has(&["Open -> Mitigated"]);
    // The reports cover the kind: its own states, no story figures.
    repo.orx(&["move", "outage:1", "Resolved", "--as", "dev"])
        .ok();
    let m = json(&repo.orx(&["metrics", "--kind", "outage", "--json"]).stdout);
    let m = &m["kinds"][0];
    assert_eq!(
        (m["kind"].as_str(), m["throughput"].as_u64()),
        (Some("outage"), Some(1)),
        "{m}"
    );
    assert_eq!(m["cycle_time"]["count"], 1, "{m}");
    assert!(m["time_in_state"]["Open"].is_object(), "{m}");
    assert!(
        m.get("figures").is_none() && m.get("avg_review_rounds").is_none(),
        "{m}"
    );
    repo.orx(&["metrics", "--kind", "outage"])
        .ok()
        .stdout_has(&["throughput"])
        .stdout_lacks(&["Review efficiency", "SM revision"]);
    let page = repo.orx(&["report", "--kind", "outage", "--html", "-"]);
    page.ok()
        .stdout_has(&["Outage timelines", "Cumulative flow"]);
    assert!(
        !page.stdout.contains("Review rounds"),
        "the story's chart is not drawn"
    );
    repo.orx(&["doctor", "outage:1"])
        .ok()
        .stdout_has(&["outage", "Resolved"]);
}

#[test]
fn a_json_kind_whose_files_carry_their_id_in_a_field_of_their_own_is_read() {
    let repo = team_repo();
    // A file as the probe runner writes it: no `kind`, no `id`.
    let path = "probes/7.json";
    repo.write(
        path,
        "{\n  \"probe_id\": \"7\",\n  \"title\": \"Login page\",\n  \"status\": \"Running\"\n}\n",
    );
    repo.git(&["add", path]).ok();
    repo.commit_as("dev", "A probe").ok();
    let show = repo.orx(&["show", "probe:7", "--json"]);
    show.ok();
    let v = json(&show.stdout);
    assert_eq!(
        (&v["kind"], &v["id"]),
        (&"probe".into(), &"7".into()),
        "{v}"
    );
    repo.orx(&["move", "probe:7", "Passed", "--as", "dev"]).ok();
    assert_eq!(
        repo.read(path),
        "{\n  \"probe_id\": \"7\",\n  \"title\": \"Login page\",\n  \"status\": \"Passed\"\n}\n"
    );
    // `new` writes the kind's files the same way.
    let out = repo.orx(&["new", "probe", "Search", "--as", "dev"]);
    out.ok();
    let made = repo.read("probes/8.json");
    assert!(made.contains("\"probe_id\": \"8\""), "{made}");
    assert!(!made.contains("\"kind\""), "{made}");
    // A hand edit out of a terminal state is refused by the hook.
    repo.edit(path, "\"Passed\"", "\"Running\"");
    repo.commit_as("dev", "again").fails(1, &["terminal"]);
    repo.git(&["checkout", "-q", "HEAD", "--", path]).ok();
    repo.orx(&["verify"]).ok();
    repo.orx(&["status"]).ok().stdout_has(&["Login page"]);
}

/// Job J2 waits for J1 (`after: [J1]`) to be Done before it runs: every
/// path says so alike, as a refusal with the item and the move as data.
#[test]
fn a_move_that_waits_for_another_item_is_refused_alike_by_every_path() {
    let repo = team_repo();
    repo.orx(&["new", "job", "Build", "--as", "dev"]).ok();
    repo.orx(&["new", "job", "Deploy", "--as", "dev"]).ok();
    let j2 = "docs/jobs/J2.deploy.md";
    repo.edit(j2, "status: Queued", "status: Queued\nafter: [J1]");
    repo.git(&["add", j2]).ok();
    repo.commit_as("dev", "Deploy after Build").ok();
    let said = "job J2: Queued -> Running waits for J1 (its `after`), which is not Done yet";
    // The dry run and the move: a refusal, not a failed commit.
    for dry in [true, false] {
        let mut args = vec!["move", "J2", "Running", "--as", "dev", "--json"];
        if dry {
            args.push("--dry-run");
        }
        let out = repo.orx(&args);
        out.code(1);
        let v = json(&out.stdout);
        assert_eq!(v["error"]["code"], "refused.waits", "{v}");
        assert_eq!(v["error"]["item"], "J2", "{v}");
        assert_eq!(v["error"]["kind"], "job", "{v}");
        assert_eq!(
            (&v["error"]["from"], &v["error"]["to"]),
            (&"Queued".into(), &"Running".into()),
            "{v}"
        );
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(said), "{message}");
        assert!(!message.contains("git commit"), "{message}");
    }
    assert!(repo.read(j2).contains("status: Queued"));
    // `show` judges the move the same way.
    let show = json(&repo.orx(&["show", "J2", "--json"]).stdout);
    let running = &show["moves"][0];
    assert_eq!(running["to"], "Running", "{show}");
    assert_eq!(running["allowed"], false, "{show}");
    assert_eq!(running["refused"]["rule"], "waits-for-item", "{show}");
    // `next` does not offer the move, and says what it waits for.
    repo.orx(&["next", "--role", "dev"])
        .ok()
        .stdout_has(&["Job J2 waits for J1 (not Done yet)"]);
    // The hook refuses a hand-made move; verify reports one made past it.
    repo.edit(j2, "status: Queued", "status: Running");
    repo.commit_as("dev", "run it by hand").fails(1, &[said]);
    repo.git_env(
        &["commit", "-q", "-am", "run it by hand", "--no-verify"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    repo.orx(&["verify", "HEAD~1..HEAD"])
        .code(1)
        .stdout_has(&["waits-for-item", said]);
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    // Once J1 is Done, every path lets J2 run.
    repo.orx(&["move", "J1", "Running", "--as", "dev"]).ok();
    repo.orx(&["move", "J1", "Done", "--as", "dev"]).ok();
    let show = json(&repo.orx(&["show", "J2", "--json"]).stdout);
    assert_eq!(show["moves"][0]["allowed"], true, "{show}");
    repo.orx(&["move", "J2", "Running", "--dry-run", "--as", "dev"])
        .ok();
    repo.orx(&["move", "J2", "Running", "--as", "dev"]).ok();
    repo.orx(&["verify"]).ok();
}

/// Where a story and a ticket share ID 1.1, what a refusal and a hint
/// offer to run names the kind (`story:1.1`), the item is said once
/// (`story 1.1`, not `story story:1.1`), and a kind made from the story
/// kind speaks of itself (`Ticket 1.1 is blocked`).
#[test]
fn a_shared_id_is_named_with_its_kind_in_hints_and_a_copied_kind_speaks_of_itself() {
    let repo = Repo::new();
    repo.orx(&["new", "Sign in", "--as", "sm"]).ok();
    repo.orx(&[
        "kind",
        "new",
        "ticket",
        "--from",
        "story",
        "--dir",
        "docs/tickets",
    ])
    .ok();
    repo.commit_rules("Tickets");
    repo.orx(&["new", "ticket", "Export", "--as", "sm"]).ok();
    repo.orx(&["move", "story:1.1", "Review", "--as", "dev"])
        .fails(
            1,
            &["hint: `git orx show story:1.1` lists the moves allowed now"],
        );
    repo.orx(&[
        "gate",
        "story:1.1",
        "--as",
        "qa",
        "--critical",
        "0",
        "--criteria-met",
    ])
    .fails(1, &["; story 1.1 is Draft"]);
    repo.orx(&["backups", "story:1.1"])
        .ok()
        .stdout_has(&["`git orx backup story:1.1 --name NAME`"]);
    repo.orx(&["assess", "ticket:1.1", "--as", "sm", "--score", "3"])
        .ok()
        .stdout_has(&["Ticket 1.1 is blocked: the SM must revise it"]);
}

const BATCH: &str = r#"workflow: batch
description: A JSON batch that may wait for others of its kind
initial: Queued
items:
  dir: batches
  file: "{id}.json"
  format: json
  new_id: sequence
  id_field: batch_id
states:
  Queued: {owner: dev}
  Running: {owner: dev}
  Done: {terminal: true}
transitions:
  - from: Queued
    to: Running
    roles: [dev]
    waits:
      field: after
      until: [Done]
  - {from: Running, to: Done, roles: [dev]}
"#;

/// A `waits:` that names no kind waits for items of the item's own kind:
/// the kind the item was read as, not one named by a `kind` its files
/// (whose ID is in a field of their own) do not carry. Batch 2 runs once
/// batch 1 is Done, by the command and `show` alike.
#[test]
fn a_json_kind_waits_for_its_own_items_though_its_files_carry_no_kind() {
    let repo = Repo::new();
    repo.write(".orx/workflows/batch.yaml", BATCH);
    repo.commit_rules("Add batches");
    let file = |id: &str, after: &str| {
        format!(
            "{{\n  \"batch_id\": \"{id}\",\n  \"title\": \"Batch {id}\",\n  \"status\": \"Queued\",\n  \"after\": [{after}]\n}}\n"
        )
    };
    repo.write("batches/1.json", file("1", ""));
    repo.write("batches/2.json", file("2", "\"1\""));
    repo.git(&["add", "batches"]).ok();
    repo.commit_as("dev", "Two batches").ok();
    repo.orx(&["move", "batch:2", "Running", "--as", "dev"])
        .fails(1, &["waits for 1"]);
    repo.orx(&["move", "batch:1", "Running", "--as", "dev"])
        .ok();
    repo.orx(&["move", "batch:1", "Done", "--as", "dev"]).ok();
    let show = json(&repo.orx(&["show", "batch:2", "--json"]).stdout);
    assert_eq!(show["moves"][0]["allowed"], true, "{show}");
    repo.orx(&["move", "batch:2", "Running", "--as", "dev"])
        .ok();
    repo.orx(&["verify"]).ok();
}

/// One of the team's kinds as the agreement test below drives it: what
/// `new` makes, one move the workflow refuses (a wrong role, or a move
/// that waits) and the refusal's code and rule, and one move it allows.
struct Team {
    kind: &'static str,
    /// The title `new` is given and the file it writes.
    title: &'static str,
    path: &'static str,
    /// How the commands name the item.
    id: &'static str,
    /// The state as the kind's files write it (`phase: Open`).
    state: fn(&str) -> String,
    /// What is done after `new`, before the refused move.
    prepare: fn(&Repo),
    /// The refused move: the item, its file, from, to, as whom.
    refused: (
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    ),
    code: &'static str,
    rule: &'static str,
    /// The allowed move (the item `new` made, as Dev).
    allowed: &'static str,
    /// The move that then ends its cycle, unless the allowed one did.
    ends: Option<&'static str>,
}

/// Job J2 waits for J1 (`after: [J1]`).
fn deploy_after_build(repo: &Repo) {
    repo.orx(&["new", "job", "Deploy", "--as", "dev"]).ok();
    let j2 = "docs/jobs/J2.deploy.md";
    repo.edit(j2, "status: Queued", "status: Queued\nafter: [J1]");
    repo.git(&["add", j2]).ok();
    repo.commit_as("dev", "Deploy after Build").ok();
}

const TEAM: [Team; 3] = [
    Team {
        kind: "outage",
        title: "Checkout is down",
        path: "docs/outages/1.checkout-is-down.md",
        id: "outage:1",
        state: |s| format!("phase: {s}\n"),
        prepare: |_| {},
        refused: (
            "outage:1",
            "docs/outages/1.checkout-is-down.md",
            "Open",
            "Mitigated",
            "qa",
        ),
        code: "refused.wrong_role",
        rule: "unauthorized-role",
        allowed: "Mitigated",
        ends: Some("Resolved"),
    },
    Team {
        kind: "probe",
        title: "Login page",
        path: "probes/1.json",
        id: "probe:1",
        state: |s| format!("\"status\": \"{s}\""),
        prepare: |_| {},
        refused: ("probe:1", "probes/1.json", "Running", "Passed", "qa"),
        code: "refused.wrong_role",
        rule: "unauthorized-role",
        allowed: "Passed",
        ends: None,
    },
    Team {
        kind: "job",
        title: "Build",
        path: "docs/jobs/J1.build.md",
        id: "J1",
        state: |s| format!("status: {s}\n"),
        prepare: deploy_after_build,
        refused: ("J2", "docs/jobs/J2.deploy.md", "Queued", "Running", "dev"),
        code: "refused.waits",
        rule: "waits-for-item",
        allowed: "Running",
        ends: Some("Done"),
    },
];

/// The rules of the refusals the hooks logged.
fn hook_rules(repo: &Repo) -> Vec<String> {
    let log = std::fs::read_to_string(repo.path(".git/orx/refusals.jsonl")).unwrap_or_default();
    log.lines()
        .map(json)
        .filter(|v| v["source"].as_str().unwrap_or_default().starts_with("hook"))
        .filter_map(|v| v["rule"].as_str().map(str::to_owned))
        .collect()
}

/// Issue 27's "done when", kind by kind: each of the team's kinds (its
/// state in `phase`, a JSON one with its ID in `probe_id`, one whose move
/// waits) is made by `new` and moved by `move`; one move it forbids is
/// refused with the same code by `move` and its dry run, `show` and
/// `verify` name the same rule, as does the hook that refuses it made by
/// hand, and all say the same first line; `metrics --kind`, `doctor`
/// (with the refusal) and `report` cover the kind and item.
#[test]
fn each_team_kind_is_made_moved_refused_alike_and_reported() {
    for t in &TEAM {
        let repo = team_repo();
        let kind = t.kind;
        let made = repo.orx(&["new", kind, t.title, "--as", "dev"]);
        made.ok();
        assert!(made.stdout.starts_with(t.path), "{kind}: {}", made.render());
        (t.prepare)(&repo);

        // The refused move: the command and its dry run, by code.
        let (item, file, from, to, role) = t.refused;
        let before = repo.state();
        let mut said = Vec::new();
        for dry in [false, true] {
            let mut args = vec!["move", item, to, "--as", role, "--json"];
            if dry {
                args.push("--dry-run");
            }
            let out = repo.orx(&args);
            out.code(1);
            let v = json(&out.stdout);
            let e = &v["error"];
            assert_eq!(e["code"], t.code, "{kind} (dry run: {dry}): {v}");
            assert_eq!(
                (&e["kind"], &e["from"], &e["to"]),
                (&kind.into(), &from.into(), &to.into()),
                "{kind}: {v}"
            );
            said.push(e["message"].as_str().unwrap_or_default().to_owned());
        }
        assert_eq!(said[0], said[1], "{kind}: the move and its dry run");
        // What the refusal says first, which every path says too.
        let said = said[0].lines().next().unwrap_or_default().to_owned();
        assert_eq!(repo.state(), before, "{kind}: a refused move wrote");
        // `show`, judging the move as the same role: the same code, and
        // the rule.
        let show = json(&repo.orx(&["show", item, "--as", role, "--json"]).stdout);
        let judged = show["moves"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|m| m["to"] == to)
            .unwrap_or_else(|| panic!("{kind}: no move to {to}: {show}"));
        assert_eq!(judged["allowed"], false, "{kind}: {show}");
        assert_eq!(
            (&judged["refused"]["code"], &judged["refused"]["rule"]),
            (&t.code.into(), &t.rule.into()),
            "{kind}: {show}"
        );
        assert!(
            judged["refused"]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with(&said)),
            "{kind}: {show}"
        );
        // The hook refuses the move made by hand, by the same rule.
        assert!(hook_rules(&repo).is_empty(), "{kind}: the hook ran early");
        repo.edit(file, &(t.state)(from), &(t.state)(to));
        repo.commit_as(role, "by hand")
            .code(1)
            .stderr_has(&["refused", &said]);
        assert_eq!(hook_rules(&repo), [t.rule], "{kind}: the hook's log");
        // Made past the hooks, `verify` names the same rule.
        repo.git_env(
            &["commit", "-q", "-am", "by hand", "--no-verify"],
            &[("ORX_ROLE", role)],
        )
        .ok();
        let verify = repo.orx(&["verify", "HEAD~1..HEAD", "--json"]);
        verify.code(1);
        let v = json(&verify.stdout);
        let rules: Vec<&str> = v["violations"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v["rule"].as_str())
            .collect();
        assert_eq!(rules, [t.rule], "{kind}: {v}");
        assert!(
            v["violations"][0]["message"]
                .as_str()
                .is_some_and(|m| m.starts_with(&said)),
            "{kind}: {v}"
        );
        repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();

        // The allowed move commits.
        repo.orx(&["move", t.id, t.allowed, "--as", "dev"]).ok();
        assert!(
            repo.read(t.path).contains(&(t.state)(t.allowed)),
            "{kind}: {}",
            repo.read(t.path)
        );
        assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "", "{kind}");
        repo.orx(&["verify"]).ok();

        // The reports cover the kind and its item: its own states, its
        // item stuck (judged years later) while its cycle is open, its
        // cycle time to its own terminal state, no story figures.
        let bare = t.id.rsplit(':').next().unwrap_or(t.id);
        let later = [("GIT_COMMITTER_DATE", "2100-01-01T00:00:00Z")];
        let measured = |repo: &Repo| {
            let out = repo.orx_env(&["metrics", "--kind", kind, "--json"], &later);
            out.ok();
            json(&out.stdout)["kinds"][0].clone()
        };
        let m = measured(&repo);
        assert_eq!(m["kind"], kind, "{m}");
        assert!(m["items"].as_u64() >= Some(1), "{kind}: {m}");
        assert!(m.get("figures").is_none(), "{kind}: {m}");
        assert_eq!(m["alerts"], serde_json::json!([]), "{kind}: {m}");
        assert!(
            m["time_in_state"][from]["count"].as_u64() >= Some(1),
            "{kind}: no stay in {from}: {m}"
        );
        let stuck = |m: &serde_json::Value| {
            m["stuck"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|s| s["id"] == bare)
                .cloned()
        };
        if let Some(end) = t.ends {
            let s = stuck(&m).unwrap_or_else(|| panic!("{kind}: {bare} not stuck: {m}"));
            assert_eq!(s["state"], t.allowed, "{kind}: {m}");
            assert!(s["hours_in_state"].as_f64() > Some(48.0), "{kind}: {m}");
            assert_eq!(m["throughput"], 0, "{kind}: {m}");
            repo.orx(&["move", t.id, end, "--as", "dev"]).ok();
        }
        let m = measured(&repo);
        assert!(stuck(&m).is_none(), "{kind}: a closed item is stuck: {m}");
        assert_eq!(
            (&m["throughput"], &m["cycle_time"]["count"]),
            (&1.into(), &1.into()),
            "{kind}: {m}"
        );
        let doctor = repo.orx(&["doctor", item, "--json"]);
        doctor.ok();
        let d = json(&doctor.stdout);
        let found = &d["items"][0];
        assert_eq!(found["kind"], kind, "{d}");
        assert!(
            found["refusals"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|r| r["rule"] == t.rule),
            "{kind}: doctor lists no `{}` refusal: {d}",
            t.rule
        );
        let html = repo.path(&format!("../{kind}.html"));
        repo.orx(&["report", "--kind", kind, "--html", html.to_str().unwrap()])
            .ok();
        let page = std::fs::read_to_string(&html).unwrap();
        let mut title = kind.to_owned();
        title[..1].make_ascii_uppercase();
        assert!(
            page.contains(&format!("{title} timelines")),
            "{kind}: the report is not the kind's"
        );
        assert!(
            !page.contains("stories") && !page.contains("Review rounds"),
            "{kind}: the report speaks of stories"
        );
        // Its timeline, in the timelines' chart, is labelled with its ID.
        let chart = page
            .split_once(&format!("{title} timelines</h3>"))
            .and_then(|(_, rest)| rest.split_once("</svg>"))
            .map_or("", |(chart, _)| chart);
        assert!(
            chart.contains(&format!(">{bare}</text>")),
            "{kind}: the report has no timeline for {}",
            t.id
        );
    }
}

/// A kind with no `steps:` whose move to Closed needs a named owner.
const TICKET: &str = r#"workflow: ticket
description: A ticket closed once someone owns it
initial: New
items:
  dir: docs/tickets
  file: "{id}.{slug}.md"
  new_id: sequence
  prefix: T
states:
  New: {owner: dev}
  Closed: {terminal: true}
transitions:
  - from: New
    to: Closed
    roles: [dev]
    guard:
      - {expr: "owner != null", desc: "someone owns the ticket"}
"#;

/// A kind written as YAML only, with no `steps:`, is offered a move along
/// each of its transitions (`templates/steps/move.yaml`): `next` offers
/// `move` for them (one that waits for other items is said to wait), and
/// marks one the verdict refuses not ready, with the refusal's code.
#[test]
fn a_kind_without_steps_is_offered_its_moves() {
    let repo = team_repo();
    repo.write(".orx/workflows/ticket.yaml", TICKET);
    repo.commit_rules("Add the ticket kind");
    repo.orx(&["new", "job", "Build", "--as", "dev"]).ok();
    repo.orx(&["new", "job", "Deploy", "--as", "dev"]).ok();
    let j2 = "docs/jobs/J2.deploy.md";
    repo.edit(j2, "status: Queued", "status: Queued\nafter: [J1]");
    repo.git(&["add", j2]).ok();
    repo.commit_as("dev", "Deploy after Build").ok();
    repo.orx(&["new", "outage", "Checkout is down", "--as", "dev"])
        .ok();
    repo.orx(&["new", "ticket", "Refunds fail", "--as", "dev"])
        .ok();
    let next = repo.orx(&["next", "--role", "dev", "--json"]);
    next.ok();
    let v = json(&next.stdout);
    let actions: Vec<&serde_json::Value> = v["roles"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["actions"].as_array().unwrap())
        .collect();
    let steps = |id: &str| -> Vec<(String, String, bool, Option<String>)> {
        let a = actions
            .iter()
            .find(|a| a["id"] == id)
            .unwrap_or_else(|| panic!("no action for {id}: {v}"));
        a["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["argv"][2].as_str().unwrap_or_default().to_owned(),
                    s["to"].as_str().unwrap_or_default().to_owned(),
                    s["ready"].as_bool().unwrap_or(true),
                    s["refused"]["code"].as_str().map(str::to_owned),
                )
            })
            .collect()
    };
    let moved = |to: &str| ("move".to_owned(), to.to_owned(), true, None);
    assert_eq!(steps("J1"), [moved("Running")], "{v}");
    assert_eq!(steps("1"), [moved("Mitigated")], "{v}");
    let j2 = actions.iter().find(|a| a["id"] == "J2").unwrap();
    assert_eq!(j2["waiting_on"]["items"][0], "J1", "{v}");
    assert_eq!(
        steps("T1"),
        [(
            "move".to_owned(),
            "Closed".to_owned(),
            false,
            Some("refused.guard".to_owned())
        )],
        "{v}"
    );
    // Once someone owns it, the move is ready, and taken as offered.
    let t1 = "docs/tickets/T1.refunds-fail.md";
    repo.edit(t1, "status: New", "status: New\nowner: dev");
    repo.commit_as("dev", "take the ticket").ok();
    let v = json(&repo.orx(&["next", "--role", "dev", "--json"]).stdout);
    let argv = v["roles"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["actions"].as_array().unwrap())
        .find(|a| a["id"] == "T1")
        .map(|a| a["steps"][0]["argv"].clone())
        .unwrap_or_else(|| panic!("{v}"));
    let argv: Vec<&str> = argv
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(argv[..2], ["git", "orx"], "{argv:?}");
    repo.orx(&argv[2..]).ok();
    assert!(repo.read(t1).contains("status: Closed"));
}

/// The story's workflow as a team's kind of its own, `spike`, declaring
/// the story's figures.
fn spike_workflow() -> String {
    include_str!("../../templates/workflows/story.yaml")
        .replace("workflow: story", "workflow: spike")
        .replace("dir: docs/stories", "dir: docs/spikes")
}

/// A hand-made commit of spike `id` in `status`, by a tool that runs no
/// hooks.
fn spike(repo: &Repo, id: &str, status: &str, role: &str) {
    repo.write(
        &format!("docs/spikes/{id}.s.md"),
        format!("---\nkind: spike\nid: \"{id}\"\ntitle: Spike {id}\nstatus: {status}\n---\n# Spike {id}\n"),
    );
    repo.commit_all_unhooked(&format!("{id} {status}\n\nOrx-Role: {role}\n"), &[]);
}

/// `metrics` without `--kind` measures every kind history has items of,
/// the default kind first, each in a block of its own headed by the kind
/// (text) or an entry of `kinds` (JSON); the story's figures are a kind's
/// that declares them, whatever its name, and `--check` fails when any
/// kind's alert fires (the story, with no history, fires none). `report`
/// has a section per kind.
#[test]
fn metrics_and_report_without_a_kind_cover_every_kind() {
    let repo = team_repo();
    repo.write(".orx/workflows/spike.yaml", spike_workflow());
    repo.commit_rules("Add spikes");
    repo.orx(&["check"]).ok();
    repo.orx(&["new", "outage", "Checkout is down", "--as", "dev"])
        .ok();
    repo.orx(&["new", "probe", "Login page", "--as", "dev"])
        .ok();
    repo.orx(&["move", "probe:1", "Passed", "--as", "dev"]).ok();
    // A spike escalated on its one Architect round: 100% > 10%.
    spike(&repo, "1", "Draft", "sm");
    spike(&repo, "1", "AwaitingArchReview", "sm");
    spike(&repo, "1", "Escalated", "architect");

    let v = json(&repo.orx(&["metrics", "--json"]).stdout);
    let kinds: Vec<&str> = v["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["kind"].as_str())
        .collect();
    assert_eq!(kinds[0], "story", "{v}");
    let mut rest = kinds[1..].to_vec();
    rest.sort_unstable();
    // The job kind has no item: not measured.
    assert_eq!(rest, ["outage", "probe", "spike"], "{v}");
    let of = |k: &str| {
        v["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["kind"] == k)
            .unwrap()
            .clone()
    };
    assert_eq!(of("probe")["throughput"], 1, "{v}");
    assert!(of("outage").get("figures").is_none(), "{v}");
    let spike_m = of("spike");
    assert_eq!(spike_m["figures"]["set"], "story", "{v}");
    assert_eq!(spike_m["figures"]["escalation_rate"], 1.0, "{v}");
    assert_eq!(spike_m["alerts"][0]["metric"], "escalation_rate", "{v}");
    assert_eq!(
        of("story")["figures"]["escalation_rate"],
        serde_json::Value::Null,
        "{v}"
    );

    let text = repo.orx(&["metrics"]);
    text.ok();
    for heading in ["(story)", "(outage)", "(probe)", "(spike)"] {
        assert!(text.stdout.contains(heading), "{heading}: {}", text.stdout);
    }
    assert!(
        text.stdout.contains("alert: escalation rate 100% > 10%"),
        "{}",
        text.stdout
    );
    repo.orx(&["metrics", "--check"]).code(1);
    repo.orx(&["metrics", "--check", "--kind", "spike"]).code(1);
    repo.orx(&["metrics", "--check", "--kind", "outage"]).ok();
    repo.orx(&["metrics", "--check", "--kind", "story"]).ok();

    let page = repo.orx(&["report", "--html", "-"]);
    page.ok();
    for kind in ["story", "outage", "probe", "spike"] {
        assert!(
            page.stdout
                .contains(&format!("<section class=\"kind\" id=\"kind-{kind}\">")),
            "no section for {kind}"
        );
    }
    let outage = page
        .stdout
        .split_once("id=\"kind-outage\"")
        .and_then(|(_, rest)| rest.split_once("</section>"))
        .map_or("", |(s, _)| s);
    assert!(
        outage.contains("Outage timelines") && !outage.contains("stor"),
        "{outage}"
    );
    assert_eq!(page.stdout.matches("<h3>Review rounds</h3>").count(), 2);
}
