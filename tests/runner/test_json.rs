//! `--json` on every command: results, dry runs and the error envelope.

use serde_json::Value;

use crate::common::{GOOD, Repo};
use crate::test_agent::{agent_repo, to_executing};

/// Parses a command's standard output as one JSON value.
#[track_caller]
fn json(run: &crate::common::Run) -> Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.render()))
}

/// `v` with the commit ids and times that change from run to run replaced.
fn redacted(mut v: Value) -> Value {
    for key in ["commit", "checkpoint"] {
        if v.get(key).is_some_and(|c| !c.is_null()) {
            v[key] = Value::from("<commit>");
        }
    }
    if let Some(at) = v.pointer_mut("/effects/updated/to") {
        *at = Value::from("<time>");
    }
    if let Some(at) = v.pointer_mut("/effects/updated/from") {
        *at = Value::from("<time>");
    }
    v
}

/// A refused command under `--json` prints one envelope on standard
/// output, its code from the refusal's kind, and keeps its exit code.
#[test]
fn a_refusal_under_json_is_one_envelope_with_its_code_and_exit_code() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    let cases: Vec<Value> = [
        vec!["move", id.as_str(), "Done", "--as", "sm", "--json"],
        vec!["move", id.as_str(), "Approved", "--as", "dev", "--json"],
        vec!["move", id.as_str(), "Approved", "--as", "sm", "--json"],
    ]
    .iter()
    .map(|args| {
        let run = repo.refused(args, 1, &[]);
        assert!(run.stderr.is_empty(), "{}", run.render());
        json(&run)
    })
    .collect();
    insta::assert_snapshot!(serde_json::to_string_pretty(&cases).unwrap());
}

/// `ORX_OUTPUT=json` asks for JSON as `--json` does.
#[test]
fn orx_output_json_in_the_environment_is_the_same_as_the_flag() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    let run = repo.orx_env(
        &["move", &id, "Done", "--as", "sm"],
        &[("ORX_OUTPUT", "json")],
    );
    run.code(1);
    assert_eq!(json(&run)["error"]["code"], "refused.no_transition");
    let run = repo.orx_env(&["status"], &[("ORX_OUTPUT", "json")]);
    run.ok();
    assert_eq!(json(&run)["version"], 1);
}

/// The request's own errors are envelopes too: a required argument clap
/// misses, a value it rejects, an unknown item, no role.
#[test]
fn usage_errors_under_json_are_envelopes_with_usage_codes() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    let code = |args: &[&str], exit: i32| {
        let run = repo.orx(args);
        run.code(exit);
        let v = json(&run);
        (v["error"]["code"].clone(), v["error"]["missing"].clone())
    };
    assert_eq!(
        code(&["gate", &id, "--as", "qa", "--json"], 2),
        (
            Value::from("usage.missing_input"),
            serde_json::json!([{"one_of": ["--critical <N>"]}])
        )
    );
    assert_eq!(
        code(&["gate", &id, "--as", "qa", "--critical", "x", "--json"], 2).0,
        "usage.bad_value"
    );
    assert_eq!(
        code(&["move", "9.9", "Done", "--as", "sm", "--json"], 2).0,
        "not_found"
    );
    assert_eq!(
        code(&["move", &id, "Nowhere", "--as", "sm", "--json"], 2).0,
        "usage.bad_value"
    );
    assert_eq!(
        code(&["move", &id, "Approved", "--json"], 2),
        (
            Value::from("usage.missing_input"),
            serde_json::json!([{"one_of": ["role"]}])
        )
    );
}

/// QA's gate must say whether the acceptance criteria are met: without
/// it, nothing is recorded and the story stays (it used to record a failed
/// round and send the story back).
#[test]
fn a_qa_gate_without_criteria_is_a_usage_error_that_records_nothing() {
    let repo = Repo::new();
    let id = repo.story_at("Login", "Review");
    let run = repo.refused(
        &["gate", &id, "--as", "qa", "--critical", "0", "--json"],
        2,
        &[],
    );
    let v = json(&run);
    assert_eq!(v["error"]["code"], "usage.missing_input");
    assert_eq!(
        v["error"]["missing"],
        serde_json::json!([{"one_of": ["--criteria-met", "--criteria-failed"]}])
    );
}

/// A move's result: the item, its kind, from, to, the commit, whether it
/// changed anything, the handoff and the moves from the new state.
#[test]
fn a_move_under_json_prints_its_result_with_the_next_moves() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let run = repo.orx(&["move", &id, "InProgress", "--as", "dev", "--json"]);
    run.ok();
    assert!(run.stderr.is_empty(), "{}", run.render());
    insta::assert_snapshot!(serde_json::to_string_pretty(&redacted(json(&run))).unwrap());
}

/// `assess` adds the measured quality; `gate` the round it recorded.
#[test]
fn assess_and_gate_under_json_carry_the_quality_and_the_round() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    let run = repo.orx(&[
        "assess",
        &id,
        "--score",
        "7",
        "--complexity",
        "security",
        "--as",
        "sm",
        "--json",
    ]);
    run.ok();
    let assess = redacted(json(&run));
    let run = repo.orx(&[
        "gate",
        &id,
        "--as",
        "architect",
        "--score",
        "8",
        "--critical",
        "0",
        "--json",
    ]);
    run.ok();
    let gate = redacted(json(&run));
    insta::assert_snapshot!(serde_json::to_string_pretty(&[assess, gate]).unwrap());
}

/// A move to the state the item is in changes nothing and says so:
/// `changed: false`, no commit — not a refusal, not a real move.
#[test]
fn a_move_to_the_current_state_says_changed_false() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let before = repo.state();
    let run = repo.orx(&["move", &id, "Approved", "--as", "dev", "--json"]);
    run.ok();
    let v = json(&run);
    assert_eq!(
        (v["changed"].clone(), v["commit"].clone()),
        (Value::Bool(false), Value::Null)
    );
    assert_eq!(repo.state(), before);
    repo.orx(&["move", &id, "Approved", "--as", "dev"])
        .ok()
        .stdout_has(&["story 1.1 is already Approved: nothing to do"]);
    // A real move says `changed: true`.
    let run = repo.orx(&["move", &id, "InProgress", "--as", "dev", "--json"]);
    assert_eq!(json(&run)["changed"], true);
}

/// `--dry-run` says what a move, an assessment, a gate, a new item or an
/// agent's trigger would do, and writes nothing.
#[test]
fn dry_run_says_what_would_happen_and_writes_nothing() {
    let repo = agent_repo();
    let id = repo.story("Login", GOOD);
    let before = repo.state();
    for args in [
        vec!["move", id.as_str(), "InProgress", "--as", "dev"],
        vec!["new", "Another", "--as", "sm"],
        vec![
            "agent",
            "fire",
            "USER_INPUT_REQUIREMENT",
            "-m",
            "x",
            "--as",
            "human",
        ],
    ] {
        let mut with = args.clone();
        with.extend(["--dry-run", "--json"]);
        let run = repo.orx(&with);
        run.ok();
        let v = json(&run);
        assert_eq!(v["dry_run"], true, "{}", run.render());
        assert_eq!(v["commit"], Value::Null);
        assert_eq!(repo.state(), before, "`{}` wrote something", with.join(" "));
        let mut text = args.clone();
        text.push("--dry-run");
        repo.orx(&text)
            .ok()
            .stdout_has(&["(dry run: nothing written)"]);
        assert_eq!(repo.state(), before);
    }
    let run = repo.orx(&[
        "move",
        &id,
        "InProgress",
        "--as",
        "dev",
        "--dry-run",
        "--json",
    ]);
    let v = json(&run);
    assert_eq!(
        v["effects"]["status"],
        serde_json::json!({"from": "Approved", "to": "InProgress"})
    );
}

/// `assess --dry-run` shows the missing sections before the SM spends a
/// quality check.
#[test]
fn assess_dry_run_shows_the_missing_sections_and_records_nothing() {
    let repo = Repo::new();
    repo.orx(&["new", "Bare", "--as", "sm"]).ok();
    let before = repo.state();
    let run = repo.orx(&[
        "assess",
        "1.1",
        "--score",
        "8",
        "--as",
        "sm",
        "--dry-run",
        "--json",
    ]);
    run.ok();
    let v = json(&run);
    assert_eq!(repo.state(), before);
    assert_eq!(v["dry_run"], true);
    assert_eq!(v["to"], "Blocked");
    let missing = v["quality"]["missing"].as_array().unwrap();
    assert!(!missing.is_empty(), "{v}");
    let text = repo.orx(&["assess", "1.1", "--score", "8", "--as", "sm", "--dry-run"]);
    text.ok()
        .stdout_has(&["  missing: ", "(dry run: nothing written)"]);
    assert_eq!(repo.state(), before);
}

/// `show` judges each move as the role the item waits for — the Human
/// after QA's failing last round, though QA owns the state — unless `--as`
/// says otherwise.
#[test]
fn show_judges_moves_as_the_role_the_item_waits_for() {
    let repo = Repo::new();
    let id = repo.story_at("Search", "InProgress");
    for critical in ["2", "2", "1"] {
        repo.orx(&["move", &id, "Review", "--as", "dev"]).ok();
        repo.orx(&[
            "gate",
            &id,
            "--as",
            "qa",
            "--critical",
            critical,
            "--criteria-met",
        ])
        .ok();
    }
    let v = json(&repo.orx(&["show", &id, "--json"]));
    assert_eq!(
        (v["status"].clone(), v["waits_for"].clone()),
        ("Review".into(), "human".into())
    );
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert_eq!(
            (m["judged_as"].clone(), m["allowed"].clone()),
            ("human".into(), true.into()),
            "{m}"
        );
    }
    let v = json(&repo.orx(&["show", &id, "--as", "qa", "--json"]));
    assert!(
        v["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["judged_as"] == "qa" && m["allowed"] == false)
    );
}

/// The outcomes of `agent check` and `agent archive` cannot be fired by
/// hand: that would spend fix attempts, or archive, without the command.
#[test]
fn outcome_triggers_cannot_be_fired_by_hand() {
    let repo = agent_repo();
    to_executing(&repo);
    std::fs::remove_file(repo.path("ok")).unwrap();
    repo.orx(&["agent", "check", "--as", "dev"]).code(4);
    for trigger in ["FIX_ATTEMPT_FAILED", "FIX_SUCCESS", "FIX_FAILED_3X"] {
        let run = repo.refused(&["agent", "fire", trigger, "--as", "dev", "--json"], 1, &[]);
        let v = json(&run);
        assert_eq!(v["error"]["code"], "refused.outcome", "{trigger}");
    }
    repo.refused(
        &["agent", "fire", "FIX_ATTEMPT_FAILED", "--as", "dev"],
        1,
        &[
            "FIX_ATTEMPT_FAILED is the outcome of `agent check`",
            "run `git orx agent check`",
        ],
    );
    // The Human's force-stop is its own command.
    repo.orx(&["agent", "stop", "--as", "human"]).ok();
}

/// `agent check` refused (a paused agent, a role that may not record the
/// result) exits 1 before any check runs; checks that ran and failed exit 4.
#[test]
fn agent_check_refused_exits_with_the_refusal_code_not_checks_failed() {
    let repo = agent_repo();
    to_executing(&repo);
    std::fs::remove_file(repo.path("ok")).unwrap();
    let run = repo.refused(&["agent", "check", "--as", "qa", "--json"], 1, &[]);
    assert_eq!(json(&run)["error"]["code"], "refused.wrong_role");
    assert!(!run.stdout.contains("test -f ok") && !run.stderr.contains("test -f ok"));
    let run = repo.orx(&["agent", "check", "--as", "dev", "--json"]);
    run.code(4);
    let v = json(&run);
    assert_eq!(v["checks"]["passed"], false);
    assert_eq!(v["to"], "AUTO_FIX");
}

/// `next --json` names each item's kind and the files it cannot read.
#[test]
fn next_json_carries_each_items_kind_and_the_problems() {
    let repo = Repo::new();
    repo.story("Login", &[]);
    repo.write(
        "docs/stories/9.9.broken.md",
        "---\nkind: story\nid: [\n---\n",
    );
    let v = json(&repo.orx(&["next", "--json"]));
    assert_eq!(v["roles"][0]["actions"][0]["kind"], "story", "{v}");
    let problems = v["problems"].as_array().unwrap();
    assert!(
        problems
            .iter()
            .any(|p| p["path"] == "docs/stories/9.9.broken.md"),
        "{v}"
    );
    repo.orx(&["next"])
        .ok()
        .stderr_has(&["docs/stories/9.9.broken.md"]);
}

/// Every command prints JSON under `--json`, those with no result of
/// their own as `{version, command, output}`.
#[test]
fn every_command_prints_json_under_json() {
    let repo = agent_repo();
    repo.story("Login", GOOD);
    for args in [
        vec!["status"],
        vec!["next"],
        vec!["show", "1.1"],
        vec!["log", "1.1"],
        vec!["check"],
        vec!["hooks", "status"],
        vec!["checkpoint", "-m", "x"],
        vec!["checkpoints"],
        vec!["agent", "show"],
        vec!["agent", "pause", "--as", "human"],
    ] {
        let mut with = args.clone();
        with.push("--json");
        let run = repo.orx(&with);
        assert!(run.code == 0 || run.code == 1, "{}", run.render());
        assert_eq!(json(&run)["version"], 1, "`{}`", with.join(" "));
    }
}

/// `rollback --dry-run` names the files a rollback would restore or
/// remove and writes nothing; the rollback itself reports as JSON.
#[test]
fn rollback_dry_run_names_the_files_and_writes_nothing() {
    let repo = Repo::new();
    repo.write("app.txt", "v1\n");
    repo.git(&["add", "app.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "app"]).ok();
    let name = json(&repo.orx(&["checkpoint", "--json"]))["checkpoint"]
        .as_str()
        .unwrap()
        .to_owned();
    repo.write("app.txt", "v2\n");
    repo.git(&["commit", "-q", "-am", "v2"]).ok();
    let before = repo.state();
    let run = repo.orx(&["rollback", &name, "--dry-run", "--json", "--as", "dev"]);
    run.ok();
    let v = json(&run);
    assert_eq!(
        (v["dry_run"].clone(), v["changed"].clone()),
        (true.into(), serde_json::json!(["app.txt"]))
    );
    assert_eq!(repo.state(), before);
    let run = repo.orx(&["rollback", &name, "--yes", "--json", "--as", "dev"]);
    run.ok();
    assert_eq!(json(&run)["changed"], serde_json::json!(["app.txt"]));
    assert_eq!(repo.read("app.txt"), "v1\n");
}

/// Another git-orx holding the repository lock for the whole wait: the
/// envelope says `busy`, `retryable: true`, and the exit code is 3.
#[test]
fn a_busy_lock_under_json_is_a_retryable_envelope() {
    use crate::test_move::{finish, spawn, wait_until};
    let repo = Repo::new();
    let first = repo.story("Login", GOOD);
    let second = repo.story("Search", GOOD);
    let path = repo.story_path(&first);
    let go = repo.path(".git/go");
    let pause = format!("written:{}", go.display());
    let mover = spawn(
        &repo,
        &["move", &first, "InProgress", "--as", "dev"],
        &[("ORX_TEST_PAUSE", &pause)],
    );
    wait_until("the move wrote the file", || {
        repo.read(&path).contains("status: InProgress")
    });
    let run = repo.orx_env(
        &["move", &second, "InProgress", "--as", "dev", "--json"],
        &[("ORX_LOCK_TIMEOUT", "0")],
    );
    repo.write(".git/go", "");
    finish(mover).ok();
    run.code(3);
    let v = json(&run);
    assert_eq!(
        (v["error"]["code"].clone(), v["error"]["retryable"].clone()),
        ("busy".into(), true.into()),
        "{}",
        run.render()
    );
}

/// Skipping the last open task resumes the work and ends it: under
/// `--json` that is one result, the agent's state at the end.
#[test]
fn a_skip_that_ends_the_work_prints_one_json_result() {
    let repo = agent_repo();
    to_executing(&repo);
    repo.orx(&["agent", "task", "done", "--as", "dev"]).ok();
    std::fs::remove_file(repo.path("ok")).unwrap();
    for _ in 0..4 {
        repo.orx(&["agent", "check", "--as", "dev"]).code(4);
    }
    let run = repo.orx(&["agent", "task", "skip", "--as", "human", "--json"]);
    run.ok();
    let v = json(&run);
    assert_eq!(
        (v["from"].clone(), v["to"].clone()),
        ("EXECUTING".into(), "ARCHIVING".into()),
        "{v}"
    );
}

/// A commit git refuses for a reason of its own (here a hook of the
/// user's, which git-orx's hook runs first) is no refusal by the rules:
/// `--json` says `fault: true` with the code `commit_failed`, the text
/// says it apart from a refusal, and the exit code is 1 as before.
#[test]
fn a_commit_git_refuses_is_a_fault_not_a_refusal() {
    use std::os::unix::fs::PermissionsExt;
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let saved = ".git/hooks/pre-commit.orx-saved";
    repo.write(saved, "#!/bin/sh\necho 'not now' >&2\nexit 1\n");
    std::fs::set_permissions(repo.path(saved), std::fs::Permissions::from_mode(0o755)).unwrap();
    let run = repo.orx(&["move", &id, "InProgress", "--as", "dev", "--json"]);
    run.code(1);
    let v = json(&run);
    assert_eq!(
        (
            v["error"]["code"].clone(),
            v["error"]["fault"].clone(),
            v["error"]["retryable"].clone()
        ),
        ("commit_failed".into(), true.into(), false.into()),
        "{}",
        run.render()
    );
    repo.orx(&["move", &id, "InProgress", "--as", "dev"])
        .fails(1, &["not now", "this is not a refusal by the rules"]);
    // A refusal by the rules is no fault.
    let run = repo.orx(&["move", &id, "Done", "--as", "dev", "--json"]);
    run.code(1);
    assert_eq!(json(&run)["error"]["fault"], false, "{}", run.render());
}

/// The error envelope's code, fault and retryable flags.
#[track_caller]
fn verdict(run: &crate::common::Run) -> (Value, Value, Value) {
    let v = json(run);
    (
        v["error"]["code"].clone(),
        v["error"]["fault"].clone(),
        v["error"]["retryable"].clone(),
    )
}

/// A page git-orx cannot write (where its directory should be is a
/// file) is the file system's failure, not a refusal: code `io`,
/// `fault: true`, exit 1, and the message says what was being done and
/// then the system's words (the cause, once a bare `failed` with the
/// OS error pasted into its text).
#[test]
fn a_file_git_orx_cannot_write_is_an_io_fault_with_its_cause() {
    let repo = Repo::new();
    repo.story("Login", GOOD);
    repo.write("blocker", "a file, not a directory\n");
    let run = repo.orx(&["report", "--html", "blocker/report.html", "--json"]);
    run.code(1);
    assert_eq!(
        verdict(&run),
        ("io".into(), true.into(), false.into()),
        "{}",
        run.render()
    );
    let message = json(&run)["error"]["message"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with("cannot write blocker/report.html: ") && message.contains("os error"),
        "{message}"
    );
    repo.orx(&["report", "--html", "blocker/report.html"])
        .fails(
            1,
            &[
                "cannot write blocker/report.html: ",
                "this is not a refusal by the rules",
            ],
        );
}

/// An item file the system will not let git-orx read (mode 000) is a
/// fault with its cause, not the user's `failed`: `backup` says `io`,
/// `fault: true`, exit 1, and the permission the system refused (run as
/// `nobody` where the tests run as root, who reads any file).
#[cfg(unix)]
#[test]
fn an_unreadable_item_file_is_an_io_fault() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    let Some((code, out)) =
        crate::test_repo_states::as_user_who_cannot_read(&repo, &path, &["backup", &id, "--json"])
    else {
        eprintln!("cannot run as another user here; skipping");
        return;
    };
    assert_eq!(code, 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(
        (v["error"]["code"].clone(), v["error"]["fault"].clone()),
        ("io".into(), true.into()),
        "{out}"
    );
    assert_eq!(
        v["error"]["message"],
        format!("cannot read {path}: permission denied"),
        "{out}"
    );
}

/// What the user must change is no fault: a move while git is in the
/// middle of a rebase, and a new file the repository's `.gitignore`
/// ignores (once `commit_failed`, a fault), are `failed`, exit 1, with
/// `fault: false`.
#[test]
fn a_rebase_in_progress_or_an_ignored_file_is_the_users_not_a_fault() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.write("a.txt", "one\n");
    repo.git(&["add", "a.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "a"]).ok();
    repo.git(&["rebase", "-q", "--exec", "false", "HEAD~1"])
        .code(1);
    let run = repo.orx(&["move", &id, "InProgress", "--as", "dev", "--json"]);
    run.code(1);
    assert_eq!(
        verdict(&run),
        ("failed".into(), false.into(), false.into()),
        "{}",
        run.render()
    );
    repo.orx(&["move", &id, "InProgress", "--as", "dev"])
        .code(1)
        .stderr_lacks(&["this is not a refusal by the rules"]);
    repo.git(&["rebase", "--abort"]).ok();
    repo.write(".gitignore", "docs/stories/*signup*\n");
    repo.git(&["add", ".gitignore"]).ok();
    repo.git(&["commit", "-q", "-m", "ignore"]).ok();
    let before = repo.state();
    let run = repo.orx(&["new", "story", "Signup", "--as", "sm", "--json"]);
    run.code(1);
    assert_eq!(
        verdict(&run),
        ("failed".into(), false.into(), false.into()),
        "{}",
        run.render()
    );
    assert!(
        json(&run)["error"]["message"]
            .as_str()
            .unwrap()
            .contains("is ignored by git"),
        "{}",
        run.render()
    );
    assert_eq!(repo.state(), before);
}

/// A usage error's message under `--json` is worded from clap's error
/// kind and context, as the text output words it, not cut out of clap's
/// rendered English: a command given nothing says it is incomplete (it
/// once said the command's description).
#[test]
fn a_usage_error_under_json_is_worded_from_its_kind() {
    let repo = Repo::new();
    let message = |args: &[&str]| {
        let run = repo.orx(args);
        run.code(2);
        json(&run)["error"]["message"].clone()
    };
    assert_eq!(
        message(&["--json", "move"]),
        "the following required arguments were not provided: <ID>, <STATE>"
    );
    assert_eq!(
        message(&["--json", "status", "--jsn"]),
        "unexpected argument '--jsn' found tip: a similar argument exists: '--json'"
    );
    assert_eq!(
        message(&["--json", "loop"]),
        "the command line is incomplete: `--help` says what the command takes"
    );
}

/// A commit that fails under a move says, as data, which item's move it
/// was to record (kind, ID, from, to); under `new`, the new item's kind
/// and ID; the text names the change above git's words. Nothing was
/// changed either time.
#[test]
fn a_failed_commit_names_the_item_and_the_move_it_was_to_record() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let fail = [("ORX_TEST_FAIL", "commit")];
    let before = repo.state();
    let run = repo.orx_env(&["move", &id, "InProgress", "--as", "dev", "--json"], &fail);
    run.code(1);
    let e = &json(&run)["error"];
    assert_eq!(
        (&e["code"], &e["kind"], &e["item"], &e["from"], &e["to"]),
        (
            &Value::from("commit_failed"),
            &Value::from("story"),
            &Value::from(id.as_str()),
            &Value::from("Approved"),
            &Value::from("InProgress")
        ),
        "{}",
        run.render()
    );
    repo.orx_env(&["move", &id, "InProgress", "--as", "dev"], &fail)
        .fails(
            1,
            &[
                &format!("error: story {id} (Approved -> InProgress) was not committed\n"),
                "failure injected at commit",
            ],
        );
    let run = repo.orx_env(&["new", "Logout", "--as", "sm", "--json"], &fail);
    run.code(1);
    let e = &json(&run)["error"];
    assert_eq!(
        (&e["code"], &e["kind"], &e["item"], &e["from"]),
        (
            &Value::from("commit_failed"),
            &Value::from("story"),
            &Value::from("1.2"),
            &Value::Null
        ),
        "{}",
        run.render()
    );
    assert_eq!(repo.state(), before);
}

/// A team's kind whose name has a hyphen, with IDs that hold a dot: a
/// refusal under `--json` gives its kind and ID whole, as data. Where a
/// story shares the ID, the hint names each with its kind, and the moves
/// allowed instead come from the workspace the command opened.
#[test]
fn a_refusal_of_a_hyphenated_kind_with_a_dotted_id_keeps_its_data_intact() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/on-call.yaml",
        "workflow: on-call
description: A shift on call
initial: Planned
items:
  dir: docs/on-call
  file: \"{id}.{slug}.md\"
  new_id: next-minor
states:
  Planned: {owner: dev}
  Active: {owner: dev}
  Over: {terminal: true}
transitions:
  - {from: Planned, to: Active, roles: [dev]}
  - {from: Active, to: Over, roles: [dev]}
",
    );
    repo.commit_rules("On-call shifts");
    repo.orx(&["new", "on-call", "First week", "--as", "dev"])
        .ok();
    let refused = |arg: &str, kind: &str, from: &str, to: &str| {
        let run = repo.orx(&["move", arg, to, "--as", "dev", "--json"]);
        run.code(1);
        let e = json(&run)["error"].clone();
        assert_eq!(
            (&e["code"], &e["kind"], &e["item"], &e["from"], &e["to"]),
            (
                &Value::from("refused.no_transition"),
                &Value::from(kind),
                &Value::from("1.1"),
                &Value::from(from),
                &Value::from(to)
            ),
            "{}",
            run.render()
        );
        e
    };
    refused("1.1", "on-call", "Planned", "Over");
    repo.orx(&["move", "1.1", "Over", "--as", "dev"]).fails(
        1,
        &[
            "on-call 1.1 cannot move from Planned to Over",
            "hint: `git orx show 1.1` lists the moves allowed now",
        ],
    );
    // A story takes ID 1.1 too.
    repo.story("Login", &[]);
    refused("on-call:1.1", "on-call", "Planned", "Over");
    repo.orx(&["move", "on-call:1.1", "Over", "--as", "dev"])
        .fails(
            1,
            &["hint: `git orx show on-call:1.1` lists the moves allowed now"],
        );
    let e = refused("story:1.1", "story", "Draft", "Done");
    assert_eq!(
        (&e["allowed"][0]["kind"], &e["allowed"][0]["item"]),
        (&Value::from("story"), &Value::from("1.1")),
        "{e}"
    );
    assert_eq!(
        json(&repo.orx(&["move", "story:1.1", "Done", "--as", "dev", "--json"]))["hints"][0],
        "`git orx show story:1.1` lists the moves allowed now and what each needs"
    );
}
