//! The state manager for every kind — `update`, `backup`, `backups`,
//! `restore`, `history`, `error` — on a story and on a code review; and
//! hand edits of a review that skip actions or fake its error count,
//! refused by the hooks and by `verify`.

use crate::common::Repo;
use crate::test_run::{GOOD, executor, review_file, review_repo};

fn json(out: &crate::common::Run) -> serde_json::Value {
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}\n{}", out.render()))
}

/// The state manager (the review orchestrator's StateManager:
/// `updateState` with a backup before each, `restoreState`) on any kind,
/// and its 历史追踪 (history tracking): `git orx history ID --json` gives
/// `state-history.json`'s events — init, each update with its field
/// changes (from → to), restore — from git's history.
#[test]
fn update_backup_restore_and_history_work_on_a_story() {
    let repo = Repo::new();
    repo.orx(&["new", "Login form", "--as", "sm"]).ok();
    let path = repo.story_path("1.1");
    // An update is judged, backed up first, committed.
    let out = repo.orx(&[
        "update",
        "1.1",
        "--set",
        "quality.score=7.5",
        "--as",
        "sm",
        "--json",
    ]);
    out.ok();
    let v = json(&out);
    assert_eq!(v["committed"], true, "{}", out.stdout);
    assert_eq!(v["backup"], "auto-1");
    assert!(repo.read(&path).contains("score: 7.5"));
    // What the workflow keeps to itself is refused, and nothing changes.
    let before = repo.state();
    repo.refused(
        &["update", "1.1", "--set", "rounds.qa=3", "--as", "sm"],
        1,
        &["`rounds` is kept by the workflow"],
    );
    assert_eq!(repo.state(), before);
    // A field of the wrong type is refused too.
    repo.refused(
        &[
            "update",
            "1.1",
            "--set",
            "quality.score=\"high\"",
            "--as",
            "sm",
        ],
        1,
        &["quality.score"],
    );
    // A named backup, another update, then back to the backup.
    repo.orx(&["backup", "1.1", "--name", "before-override"])
        .ok();
    repo.write(
        ".git/u.json",
        r#"{"stateUpdates": {"quality": {"override": "measured by hand"}}}"#,
    );
    let u = repo.path(".git/u.json");
    repo.orx(&["update", "1.1", "--from", u.to_str().unwrap(), "--as", "sm"])
        .ok();
    assert!(repo.read(&path).contains("override: measured by hand"));
    let list = json(&repo.orx(&["backups", "1.1", "--json"]));
    let names: Vec<&str> = list["backups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    // The ref backups, then the state store's copies (one per write).
    assert_eq!(
        names,
        ["before-override", "auto-1", "auto-2", "copy-1", "copy-2"],
        "{list}"
    );
    let out = repo.orx(&["restore", "1.1", "--to", "before-override", "--as", "sm"]);
    out.ok();
    let text = repo.read(&path);
    assert!(
        !text.contains("measured by hand") && text.contains("score: 7.5"),
        "{text}"
    );
    // History: creation, each update with its fields, the backup, the restore.
    let h = json(&repo.orx(&["history", "1.1", "--json"]));
    let events: Vec<&str> = h["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        events,
        ["init", "update", "backup", "update", "restore"],
        "{h}"
    );
    assert_eq!(h["history"][1]["fields"][0]["field"], "quality.score");
    assert_eq!(
        h["history"][1]["fields"][0]["from"],
        serde_json::Value::Null
    );
    assert_eq!(h["history"][1]["fields"][0]["to"], 7.5);
    assert_eq!(h["history"][4]["fields"][0]["from"], "measured by hand");
    let text = repo.orx(&["history", "1.1"]);
    text.ok();
    assert!(
        text.stdout
            .contains("quality.override: measured by hand -> (not set)"),
        "{}",
        text.render()
    );
    repo.orx(&["verify"]).ok();
}

#[test]
fn a_story_file_that_does_not_parse_is_reported_with_its_position_and_restore_recovers_it() {
    let repo = Repo::new();
    repo.orx(&["new", "Login form", "--as", "sm"]).ok();
    let path = repo.story_path("1.1");
    let good = repo.read(&path);
    repo.write(&path, good.replace("status: Draft", "status: [Draft"));
    let out = repo.orx(&["show", "1.1"]);
    out.code(1);
    assert!(out.stderr.contains(&format!("{path}:")), "{}", out.render());
    let out = repo.orx(&["restore", "1.1", "--as", "sm"]);
    out.ok();
    assert!(
        out.stderr.contains("could not be read as an item"),
        "{}",
        out.render()
    );
    assert!(
        out.stdout.contains("restored from the committed version"),
        "{}",
        out.render()
    );
    assert_eq!(repo.read(&path), good);
    // The story has no run: section, so no errors to count.
    repo.refused(
        &["error", "1.1", "-m", "boom", "--as", "sm"],
        2,
        &["counts no errors"],
    );
}

/// The review orchestrator's Error Recovery (错误处理流程): `recordError`
/// counts each error, the third records the failure and restores the last
/// stable state (`restoreState`), which `restore` also brings back; the
/// history (历史追踪) keeps the failure, the restore and each update.
#[test]
fn update_backup_restore_history_and_error_work_on_a_review() {
    let repo = review_repo("security,testing");
    let file = review_file(&repo);
    let exec = executor(&repo, "exec.sh", GOOD);
    repo.orx(&["run", "1", "--exec", &exec, "--max-iterations", "2"])
        .code(1);
    // The owner updates what it may; the workflow judges it.
    repo.orx(&[
        "update",
        "1",
        "--set",
        "scan.complexity=\"high\"",
        "--as",
        "qa",
    ])
    .ok();
    assert!(repo.read(&file).contains("complexity: high"));
    // Restore with no backup named: the last good state before the update.
    let out = repo.orx(&["restore", "1", "--as", "qa", "--json"]);
    out.ok();
    let v = json(&out);
    assert_eq!(v["restored_from"], "backup auto-5", "{}", out.stdout);
    assert_eq!(v["committed"], true);
    assert!(repo.read(&file).contains("complexity: low"));
    // Reviewing a dimension no action reviewed is skipping: refused.
    repo.refused(
        &[
            "update",
            "1",
            "--set",
            "report_generated=true",
            "--as",
            "qa",
        ],
        1,
        &["the report is generated after every dimension is reviewed"],
    );
    // Errors: counted, the third fails the review.
    let timeout = || {
        repo.orx(&[
            "error",
            "1",
            "--action",
            "deep-review",
            "-m",
            "timeout",
            "--as",
            "qa",
            "--json",
        ])
    };
    for n in 1..=2 {
        let out = timeout();
        out.ok();
        let v = json(&out);
        assert_eq!(v["errors"], n, "{}", out.stdout);
        assert_eq!(v["to"], "running");
    }
    repo.orx(&["backup", "1", "--name", "two-errors"]).ok();
    let out = timeout();
    out.ok();
    let v = json(&out);
    assert_eq!(v["to"], "failed", "{}", out.stdout);
    assert_eq!(v["at_limit"], true);
    let text = repo.read(&file);
    assert!(
        text.contains("error_count: 3")
            && text.contains("last_error: \"action-deep-review: timeout\""),
        "{text}"
    );
    // A failed review is brought back to a backup before it failed (the
    // review orchestrator's restoreState): its fields as they were, its
    // errors cleared by the move back, the failure kept in the history.
    repo.orx(&["restore", "1", "--to", "two-errors", "--as", "qa"])
        .ok();
    let text = repo.read(&file);
    assert!(
        text.contains("status: running") && text.contains("error_count: 0"),
        "{text}"
    );
    let h = json(&repo.orx(&["history", "1", "--json"]));
    let events: Vec<&str> = h["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        events,
        [
            "init",
            "transition",
            "update",
            "update",
            "update",
            "update",
            "restore",
            "error",
            "error",
            "backup",
            "error",
            "restore"
        ],
        "{h}"
    );
    repo.orx(&["verify"]).ok();
}

/// Commits the review file as edited by `edit`, as QA, through the hooks.
fn hand_commit(
    repo: &Repo,
    file: &str,
    edit: impl Fn(&str) -> String,
    verify: bool,
) -> crate::common::Run {
    repo.write(file, edit(&repo.read(file)));
    let mut args = vec!["commit", "-q", "-m", "by hand", "--", file];
    if !verify {
        args.insert(1, "--no-verify");
    }
    repo.git_env(&args, &[("ORX_ROLE", "qa")])
}

#[test]
fn hand_edits_that_skip_actions_or_fake_the_error_count_are_refused_by_the_hooks_and_verify() {
    let repo = review_repo("security,testing");
    let file = review_file(&repo);
    let exec = executor(&repo, "exec.sh", GOOD);
    repo.orx(&["run", "1", "--exec", &exec, "--max-iterations", "1"])
        .code(1);
    repo.orx(&["error", "1", "-m", "flaky", "--as", "qa"]).ok();
    let committed = repo.read(&file);
    // Skipping the quick scan: a dimension marked reviewed.
    let out = hand_commit(
        &repo,
        &file,
        |t| {
            t.replace(
                "dimensions: [security, testing]",
                "dimensions: [security, testing]\nreviewed: [security]",
            )
        },
        true,
    );
    out.code(1);
    assert!(
        out.stderr
            .contains("a dimension is reviewed in depth only after the quick scan"),
        "{}",
        out.render()
    );
    repo.write(&file, &committed);
    // Completing without a report.
    let out = hand_commit(
        &repo,
        &file,
        |t| t.replace("status: running", "status: completed"),
        true,
    );
    out.code(1);
    assert!(
        out.stderr.contains("the report is generated"),
        "{}",
        out.render()
    );
    repo.write(&file, &committed);
    // Hiding the error.
    let out = hand_commit(
        &repo,
        &file,
        |t| t.replace("error_count: 1", "error_count: 0"),
        true,
    );
    out.code(1);
    assert!(out.stderr.contains("error_count"), "{}", out.render());
    repo.write(&file, &committed);
    // Past the hooks, `verify` finds it.
    hand_commit(
        &repo,
        &file,
        |t| t.replace("error_count: 1", "error_count: 0"),
        false,
    )
    .ok();
    let out = repo.orx(&["verify"]);
    assert_ne!(out.code, 0, "{}", out.render());
    assert!(
        out.stdout.contains("error_count") || out.stderr.contains("error_count"),
        "{}",
        out.render()
    );
}

#[test]
fn a_finished_review_does_not_change_by_hand() {
    let repo = review_repo("testing");
    let file = review_file(&repo);
    let exec = executor(&repo, "exec.sh", GOOD);
    repo.orx(&["run", "1", "--exec", &exec]).ok();
    let out = hand_commit(
        &repo,
        &file,
        |t| t.replace("reviewed: [testing]", "reviewed: []"),
        true,
    );
    out.code(1);
    repo.git(&["checkout", "--", &file]).ok();
    let out = repo.orx(&[
        "update",
        "1",
        "--set",
        "findings.testing=[]",
        "--as",
        "human",
    ]);
    // Nothing changes: the same value.
    out.ok();
    repo.refused(
        &[
            "update",
            "1",
            "--set",
            "scan_completed=false",
            "--as",
            "human",
        ],
        1,
        &["a finished review does not change"],
    );
}

/// An executor whose every action fails.
const FAILING: &str = "echo 'the model timed out' >&2\nexit 3\n";

#[test]
fn error_recording_refuses_to_commit_uncommitted_edits_the_rules_refuse() {
    let repo = review_repo("security,testing");
    let file = review_file(&repo);
    let exec = executor(&repo, "exec.sh", GOOD);
    repo.orx(&["run", "1", "--exec", &exec, "--max-iterations", "2"])
        .code(1);
    let committed = repo.read(&file);
    // A report marked generated by hand, before any dimension is reviewed.
    repo.edit(
        &file,
        "dimensions: [security, testing]",
        "dimensions: [security, testing]\nreport_generated: true",
    );
    let out = repo.refused(
        &["error", "1", "-m", "flaky", "--as", "qa"],
        1,
        &[
            &file,
            "uncommitted",
            "the report is generated after every dimension is reviewed",
        ],
    );
    assert!(
        out.stderr.contains("git checkout --") || out.stderr.contains("git orx restore"),
        "{}",
        out.render()
    );
    // `run` records its executor's failures the same way: refused too.
    let failing = executor(&repo, "failing.sh", FAILING);
    let out = repo.orx(&["run", "1", "--exec", &failing, "--max-iterations", "1"]);
    assert_ne!(out.code, 0, "{}", out.render());
    assert!(
        out.stderr
            .contains("the report is generated after every dimension is reviewed"),
        "{}",
        out.render()
    );
    assert_eq!(
        repo.git(&["show", &format!("HEAD:{file}")]).stdout,
        committed
    );
    assert!(repo.read(&file).contains("report_generated: true"));
    // The review cannot complete without its report, and verify agrees.
    repo.git(&["checkout", "--", &file]).ok();
    repo.orx(&["verify"]).ok();
    // Uncommitted edits the rules accept are judged with the error and
    // committed with it.
    repo.edit(&file, "complexity: low", "complexity: high");
    repo.orx(&["error", "1", "-m", "flaky", "--as", "qa"]).ok();
    let head = repo.git(&["show", &format!("HEAD:{file}")]).stdout;
    assert!(
        head.contains("complexity: high") && head.contains("error_count: 1"),
        "{head}"
    );
    repo.orx(&["verify"]).ok();
}

#[test]
fn restore_keeps_uncommitted_edits_in_a_named_backup_and_says_how_to_get_them_back() {
    let repo = Repo::new();
    repo.orx(&["new", "Login form", "--as", "sm"]).ok();
    let path = repo.story_path("1.1");
    let good = repo.read(&path);
    // Edits not committed, which restore replaces with the committed version.
    repo.edit(&path, "# ", "Half a day of notes.\n\n# ");
    let edited = repo.read(&path);
    // A dry run says what it would keep, and keeps nothing.
    let before = repo.state();
    let out = repo.orx(&["restore", "1.1", "--as", "sm", "--dry-run"]);
    out.ok()
        .stdout_has(&["would keep what", "as backup before-restore-1"]);
    assert_eq!(repo.state(), before);
    assert!(
        repo.git(&["for-each-ref", "refs/orx/backups/"])
            .stdout
            .is_empty()
    );
    let out = repo.orx(&["restore", "1.1", "--as", "sm", "--json"]);
    out.ok();
    let v = json(&out);
    crate::test_schemas::valid("restore", &v);
    assert_eq!(v["kept"]["backup"], "before-restore-1", "{v:#}");
    assert_eq!(v["kept"]["made"], true, "{v:#}");
    assert_eq!(repo.read(&path), good);
    // Kept under a name, not among the automatic backups dropped in turn.
    let list = json(&repo.orx(&["backups", "1.1", "--json"]));
    assert_eq!(list["backups"][0]["name"], "before-restore-1", "{list}");
    assert_eq!(list["backups"][0]["auto"], false, "{list}");
    // The command it gives puts the edits back, uncommitted.
    let get_back = v["kept"]["get_back"].as_str().unwrap();
    let out = repo.command("sh").args(["-c", get_back]).output().unwrap();
    assert!(out.status.success(), "{get_back}: {out:?}");
    assert_eq!(repo.read(&path), edited);
    // A damaged file is kept the same way, and the text output says so.
    repo.write(&path, good.replace("status: Draft", "status: [Draft"));
    let damaged = repo.read(&path);
    let out = repo.orx(&["restore", "1.1", "--as", "sm"]);
    out.ok().stdout_has(&[
        "restored from the committed version",
        &format!("kept what {path} held (not committed) as backup before-restore-2"),
        &format!(
            "`git show refs/orx/backups/story/1.1/before-restore-2:{path} > {path}` puts it back"
        ),
    ]);
    assert_eq!(repo.read(&path), good);
    let kept = repo.git(&[
        "show",
        &format!("refs/orx/backups/story/1.1/before-restore-2:{path}"),
    ]);
    assert_eq!(kept.stdout, damaged);
    // Taken to a backup over uncommitted edits, a recorded change: the
    // edits are kept too.
    repo.edit(&path, "# ", "Other notes.\n\n# ");
    let out = repo.orx(&[
        "restore",
        "1.1",
        "--to",
        "before-restore-1",
        "--as",
        "sm",
        "--json",
    ]);
    out.ok();
    let v = json(&out);
    crate::test_schemas::valid("restore", &v);
    assert_eq!(v["committed"], true, "{v:#}");
    assert_eq!(v["kept"]["backup"], "before-restore-3", "{v:#}");
    assert_eq!(repo.read(&path), edited);
    // Nothing uncommitted: nothing to keep.
    repo.orx(&["restore", "1.1", "--to", "before-restore-1", "--as", "sm"])
        .ok()
        .stdout_lacks(&["kept what"]);
}

/// The hooks and `verify` judge a hand-made commit of the error
/// self-transition as git-orx's own commands do: an edit it carries that
/// the state's edit guard refuses (a report marked generated before any
/// dimension is reviewed) is refused, by the hook and by `verify`.
#[test]
fn a_hand_commit_of_a_self_transition_holds_the_states_edit_guard() {
    let repo = review_repo("security,testing");
    let file = review_file(&repo);
    let exec = executor(&repo, "exec.sh", GOOD);
    repo.orx(&["run", "1", "--exec", &exec, "--max-iterations", "2"])
        .code(1);
    let text = repo.read(&file);
    let count = text
        .lines()
        .find_map(|l| l.strip_prefix("error_count: "))
        .map(|n| n.trim().parse::<u32>().unwrap())
        .unwrap_or(0);
    let counted = match text.contains("error_count: ") {
        true => text.replacen(
            &format!("error_count: {count}"),
            &format!("error_count: {}", count + 1),
            1,
        ),
        false => text.replacen("---\n", &format!("---\nerror_count: {}\n", count + 1), 2),
    };
    // The error counted alone is the self-transition: accepted.
    repo.write(&file, &counted);
    let marked = counted.replacen(
        "dimensions: [security, testing]",
        "dimensions: [security, testing]\nreport_generated: true",
        1,
    );
    assert_ne!(marked, counted);
    repo.write(&file, &marked);
    repo.commit_as("qa", "count an error, and the report")
        .fails(
            1,
            &["the report is generated after every dimension is reviewed"],
        );
    repo.git_env(
        &[
            "commit",
            "-q",
            "--no-verify",
            "-am",
            "count an error, and the report",
        ],
        &[("ORX_ROLE", "qa")],
    )
    .ok();
    repo.orx(&["verify", "HEAD~1..HEAD"])
        .code(1)
        .stdout_has(&["the report is generated after every dimension is reviewed"]);
}

/// One backup store (the state manager's): `backups` lists every backup an
/// item has — the ref backups and the copies the state store keeps of the
/// file before each write — and `restore --to` takes either.
#[test]
fn backups_lists_the_state_stores_copies_and_restore_takes_one() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    repo.orx(&["update", &id, "--set", "priority=high", "--as", "sm"])
        .ok();
    let out = repo.orx(&["backups", &id]);
    out.ok().stdout_has(&[
        "auto-1 ",
        "copy-1 ",
        "(kept before a write) story 1.1: Draft",
    ]);
    let v: serde_json::Value =
        serde_json::from_str(&repo.orx(&["backups", &id, "--json"]).stdout).unwrap();
    let names: Vec<&str> = v["backups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"auto-1") && names.contains(&"copy-1"),
        "{v}"
    );
    repo.orx(&["restore", &id, "--to", "copy-1", "--as", "sm"])
        .ok();
    assert!(!repo.read(&repo.story_path(&id)).contains("priority"));
    repo.orx(&["verify"]).ok();
}
