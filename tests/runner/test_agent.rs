//! The agent lifecycle, checkpoints and rollback, through
//! the real commands and real `git commit`s.

use crate::common::{Repo, redact, refused, steps};

/// A set-up repository with a file of code, checks that pass while `ok`
/// exists, and the default agent.
pub(crate) fn agent_repo() -> Repo {
    let repo = Repo::new();
    let config = repo
        .read(".orx/config.yaml")
        .replace("checks: []", "checks: [\"test -f ok\"]");
    repo.write(".orx/config.yaml", config);
    repo.commit_rules("checks");
    repo.write("app.txt", "v1\n");
    repo.write("ok", "");
    repo.git(&["add", "app.txt", "ok"]).ok();
    repo.git(&["commit", "-q", "-m", "app"]).ok();
    repo.orx(&["agent", "init", "--as", "human"]).ok();
    repo
}

/// From a requirement to EXECUTING, the agent lifecycle's main road.
pub(crate) fn to_executing(repo: &Repo) {
    steps(
        repo,
        &[
            &[
                "agent",
                "fire",
                "USER_INPUT_REQUIREMENT",
                "-m",
                "build the login",
                "--as",
                "human",
            ],
            &["agent", "task", "add", "the form", "--as", "dev"],
            &["agent", "task", "add", "its tests", "--as", "dev"],
            &["agent", "fire", "PRD_GENERATED", "--as", "dev"],
            &["agent", "fire", "USER_CONFIRM", "--as", "human"],
        ],
    );
}

/// The whole happy path: requirement, PRD, confirmation (a checkpoint),
/// work with checks, an error fixed (a checkpoint of the green state),
/// the last task done, the session archived.
#[test]
fn a_session_from_requirement_to_archive() {
    let repo = agent_repo();
    let mut out = steps(
        &repo,
        &[
            &[
                "agent",
                "fire",
                "USER_INPUT_REQUIREMENT",
                "-m",
                "build the login",
                "--as",
                "human",
            ],
            &["agent", "task", "add", "the form", "--as", "dev"],
            &["agent", "task", "add", "its tests", "--as", "dev"],
            &["agent", "fire", "PRD_GENERATED", "--as", "dev"],
            &["agent", "fire", "USER_CONFIRM", "--as", "human"],
            &["agent", "task", "done", "--as", "dev"],
        ],
    );
    std::fs::remove_file(repo.path("ok")).unwrap();
    let failing = repo.orx(&["agent", "check", "--as", "dev"]);
    failing.code(4);
    out += &redact(&failing.stdout);
    repo.write("ok", "");
    out += &steps(
        &repo,
        &[
            &["agent", "check", "--as", "dev"],
            &["agent", "task", "done", "--as", "dev"],
            &["agent", "archive", "--as", "dev"],
        ],
    );
    insta::assert_snapshot!(out, @r#"
    $ git orx agent fire USER_INPUT_REQUIREMENT -m build the login --as human
    agent default: IDLE -> PLANNING (Human) [<commit>]
    Agent default: write the PRD's task queue (`git orx agent task add "..."`), then `git orx agent fire PRD_GENERATED`
    $ git orx agent task add the form --as dev
    agent default: tasks changed, still PLANNING (Dev) [<commit>]
    Agent default: write the PRD's task queue (`git orx agent task add "..."`), then `git orx agent fire PRD_GENERATED`
    $ git orx agent task add its tests --as dev
    agent default: tasks changed, still PLANNING (Dev) [<commit>]
    Agent default: write the PRD's task queue (`git orx agent task add "..."`), then `git orx agent fire PRD_GENERATED`
    $ git orx agent fire PRD_GENERATED --as dev
    agent default: PLANNING -> CONFIRMING (Dev) [<commit>]
    Agent default: the PRD (2 tasks) waits for the user: `git orx agent fire USER_CONFIRM --as human` (Go), or USER_CANCEL
    $ git orx agent fire USER_CONFIRM --as human
    checkpoint chk-202601020304
    agent default: CONFIRMING -> EXECUTING (Human) [<commit>]
    Agent default: work through the task queue (0/2 done); `git orx agent check` after each change, `git orx agent task done` after each task
    $ git orx agent task done --as dev
    agent default: tasks changed, still EXECUTING (Dev) [<commit>]
    Agent default: work through the task queue (1/2 done); `git orx agent check` after each change, `git orx agent task done` after each task
    $ test -f ok
    failed (exit 1)
    the check failed
    agent default: EXECUTING -> AUTO_FIX (Dev) [<commit>]
    Agent default: fix the failing checks (0 of 3 attempts failed so far), then `git orx agent check`
    $ git orx agent check --as dev
    $ test -f ok
    passed
    the check passed
    checkpoint chk-20260102030405
    agent default: AUTO_FIX -> EXECUTING (Dev) [<commit>]
    Agent default: work through the task queue (1/2 done); `git orx agent check` after each change, `git orx agent task done` after each task
    $ git orx agent task done --as dev
    agent default: EXECUTING -> ARCHIVING (Dev) [<commit>]
    Agent default: all tasks done: `git orx agent archive` writes the session summary
    $ git orx agent archive --as dev
    agent default: ARCHIVING -> IDLE (Dev) [<commit>]
    Agent default is idle: give it a requirement: `git orx agent fire USER_INPUT_REQUIREMENT -m "..." --as human`
    "#);
    let context = repo.read(".orx/active_context.md");
    insta::assert_snapshot!(context, @r#"
    ---
    kind: agent
    id: "default"
    acts_as: dev
    task_status: IDLE
    session_id: "2026-01-02T03:04:05Z"
    auto_fix_attempts: 0
    last_checkpoint: chk-20260102030405
    requirement: null
    tasks: []
    paused: false
    last_check:
      {passed: null, at: null, failed: []}
    ---
    # Agent default

    Notes for this agent's sessions. `git orx agent archive` adds each session's summary below.

    ## Session 2026-01-02T03:04:05Z (archived 2026-01-02T03:04:05Z)

    - Requirement: build the login
    - Last checkpoint: chk-20260102030405
    - Tasks: 2 of 2 done
      - [x] the form
      - [x] its tests
    "#);
    let log = repo.orx(&["log", "--reverse"]);
    insta::assert_snapshot!(log.render(), @"
    exit: 0
    --- stdout
    2026-01-02 03:04 <commit> agent default (new) -> IDLE  Human (Test Author)
    2026-01-02 03:04 <commit> agent default IDLE -> PLANNING  Human (Test Author)
        build the login
    2026-01-02 03:04 <commit> agent default edit in PLANNING  Dev (Test Author)
        tasks.0.title: none -> the form
        tasks.0.status: none -> todo
    2026-01-02 03:04 <commit> agent default edit in PLANNING  Dev (Test Author)
        tasks.1.title: none -> its tests
        tasks.1.status: none -> todo
    2026-01-02 03:04 <commit> agent default PLANNING -> CONFIRMING  Dev (Test Author)
    2026-01-02 03:04 <commit> agent default CONFIRMING -> EXECUTING  Human (Test Author)
        Orx-Checkpoint: chk-202601020304
    2026-01-02 03:04 <commit> agent default edit in EXECUTING  Dev (Test Author)
        tasks.0.status: todo -> done
    2026-01-02 03:04 <commit> agent default EXECUTING -> AUTO_FIX  Dev (Test Author)
        Orx-Check: passed=false at=2026-01-02T03:04:05Z failed=test -f ok
    2026-01-02 03:04 <commit> agent default AUTO_FIX -> EXECUTING  Dev (Test Author)
        Orx-Checkpoint: chk-20260102030405
        Orx-Check: passed=true at=2026-01-02T03:04:05Z failed=none
    2026-01-02 03:04 <commit> agent default EXECUTING -> ARCHIVING  Dev (Test Author)
    2026-01-02 03:04 <commit> agent default ARCHIVING -> IDLE  Dev (Test Author)
    ");
}

/// Every trigger fired from a state it does not leave is refused, saying
/// where it applies; the user's decisions are the Human's.
#[test]
fn triggers_from_the_wrong_state_or_role_are_refused() {
    let repo = agent_repo();
    insta::assert_snapshot!(refused(&repo, &["agent", "fire", "USER_CONFIRM", "--as", "human"]), @"
    exit: 1
    --- stderr
    error: refused: `USER_CONFIRM` applies to agents in CONFIRMING; this one is IDLE
    ");
    insta::assert_snapshot!(refused(&repo, &["agent", "fire", "USER_INPUT_REQUIREMENT", "-m", "x", "--as", "dev"]), @"
    exit: 1
    --- stderr
    error: refused: Dev may not move agent default from IDLE to PLANNING
      responsible: Human
    hint: act as Human (--as human), or a Human may override with --force --reason TEXT
    ");
    repo.orx(&["agent", "fire", "USER_INPUT_REQUIREMENT", "--as", "human"])
        .fails(
            2,
            &["USER_INPUT_REQUIREMENT records its note as `requirement`: give it with -m TEXT"],
        );
    repo.orx(&["agent", "fire", "GO", "--as", "human"]).fails(
        2,
        &["unknown trigger `GO` (triggers: USER_INPUT_REQUIREMENT"],
    );
    for (trigger, role) in [
        ("PRD_GENERATED", "dev"),
        ("USER_CANCEL", "human"),
        ("ERROR_DETECTED", "dev"),
        ("FIX_SUCCESS", "dev"),
        ("FIX_FAILED_3X", "dev"),
        ("HUMAN_INTERVENTION", "human"),
        ("ROLLBACK", "human"),
        ("ALL_TASKS_DONE", "dev"),
        ("ARCHIVE_COMPLETE", "dev"),
    ] {
        repo.refused(
            &["agent", "fire", trigger, "--as", role],
            1,
            &["applies to", "this one is IDLE"],
        );
    }
}

/// The operations each state allows: no new requirement while EXECUTING — not by the command,
/// not by a hand edit the hooks judge.
#[test]
fn no_new_requirement_while_executing() {
    let repo = agent_repo();
    to_executing(&repo);
    insta::assert_snapshot!(refused(&repo, &["agent", "task", "add", "one more thing", "--as", "dev"]), @"
    exit: 1
    --- stderr
    error: refused: agent default is EXECUTING, which does not allow plan (* writing the PRD's task queue (agent task add, PRD_GENERATED)) or modify (修改 — change the requirement or the task queue before confirming (agent task add))
      allowed while EXECUTING:
      - pause (暂停 — pause and resume (agent pause, agent resume))
      - view-progress (查看进度 — the task queue (agent show))
      - work (* working through the task queue (agent task done, agent check, ALL_TASKS_DONE))
    ");
    let text = repo.read(".orx/active_context.md").replace(
        "{title: its tests, status: todo}",
        "{title: its tests, status: todo}, {title: sneaked in, status: todo}",
    );
    assert!(text.contains("sneaked in"), "{text}");
    repo.write(".orx/active_context.md", text);
    repo.commit_as("dev", "more")
        .fails(1, &["no task is added or removed now"]);
}

/// Regression: an agent operation says its Chinese from the workflow
/// (`zh:` beside its `desc:`), found as data, not by matching its English
/// line; the refusal and `agent show` alike.
#[test]
fn an_agent_operation_says_its_chinese_from_the_workflow() {
    let repo = agent_repo();
    to_executing(&repo);
    repo.set_lang("zh");
    let out = refused(
        &repo,
        &["agent", "task", "add", "one more thing", "--as", "dev"],
    );
    assert!(
        out.contains("- pause (暂停 — 暂停与恢复 (agent pause, agent resume))"),
        "{out}"
    );
    assert!(
        out.contains("修改 — 确认前修改需求或任务队列 (agent task add)"),
        "{out}"
    );
    assert!(!out.contains("pause and resume"), "{out}");
    let show = repo.orx(&["agent", "show"]);
    show.ok()
        .stdout_has(&["暂停 — 暂停与恢复 (agent pause, agent resume)"]);
}

/// The circuit breaker: the third failing fix in a row blocks the agent,
/// and says what a human can do; the Human's fix resumes it.
#[test]
fn the_circuit_breaker_trips_at_the_third_failed_fix() {
    let repo = agent_repo();
    to_executing(&repo);
    std::fs::remove_file(repo.path("ok")).unwrap();
    let mut out = String::new();
    for _ in 0..4 {
        let r = repo.orx(&["agent", "check", "--as", "dev"]);
        r.code(4);
        out += &redact(&r.stdout);
    }
    insta::assert_snapshot!(out, @"
    $ test -f ok
    failed (exit 1)
    the check failed
    agent default: EXECUTING -> AUTO_FIX (Dev) [<commit>]
    Agent default: fix the failing checks (0 of 3 attempts failed so far), then `git orx agent check`
    $ test -f ok
    failed (exit 1)
    the check failed
    agent default: auto_fix_attempts changed, still AUTO_FIX (Dev) [<commit>]
    Agent default: fix the failing checks (1 of 3 attempts failed so far), then `git orx agent check`
    $ test -f ok
    failed (exit 1)
    the check failed
    agent default: auto_fix_attempts changed, still AUTO_FIX (Dev) [<commit>]
    Agent default: fix the failing checks (2 of 3 attempts failed so far), then `git orx agent check`
    $ test -f ok
    failed (exit 1)
    the check failed
    agent default: AUTO_FIX -> BLOCKED (Dev) [<commit>]
    Agent default is blocked after 3 failed fixes: fix it, then `git orx agent fire HUMAN_INTERVENTION --as human`; or `git orx agent fire ROLLBACK --as human` (back to chk-202601020304); or `git orx agent task skip --as human`
    ");
    // Blocked: no more checks until a human steps in.
    repo.orx(&["agent", "check", "--as", "dev"])
        .fails(1, &["agent default is BLOCKED, which does not allow work"]);
    repo.write("ok", "");
    let out = steps(
        &repo,
        &[
            &[
                "agent",
                "fire",
                "HUMAN_INTERVENTION",
                "--as",
                "human",
                "-m",
                "restored the check file",
            ],
            &["agent", "check", "--as", "dev"],
        ],
    );
    insta::assert_snapshot!(out, @"
    $ git orx agent fire HUMAN_INTERVENTION --as human -m restored the check file
    agent default: BLOCKED -> EXECUTING (Human) [<commit>]
    Agent default: work through the task queue (0/2 done); `git orx agent check` after each change, `git orx agent task done` after each task
    $ git orx agent check --as dev
    $ test -f ok
    passed
    the check passed
    agent default: still EXECUTING; nothing to record
    ");
    // A hand edit cannot reset the breaker.
    let text = repo.read(".orx/active_context.md");
    assert!(text.contains("auto_fix_attempts: 0"), "{text}");
}

/// A rollback restores modified, deleted and untracked files, removes
/// files made since, leaves stories as they are, and is itself undone by
/// rolling back to the state it saved.
#[test]
fn rollback_restores_files_and_can_be_rolled_back() {
    let repo = Repo::new();
    let id = repo.story("Login", crate::common::GOOD);
    let story = repo.story_path(&id);
    repo.write("keep.txt", "keep v1\n");
    repo.write("gone.txt", "still here\n");
    repo.git(&["add", "keep.txt", "gone.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "code"]).ok();
    repo.write("draft.txt", "untracked at the checkpoint\n");
    repo.write("keep.txt", "keep v2, uncommitted\n");
    let chk = repo.orx(&["checkpoint", "-m", "before the refactor"]);
    insta::assert_snapshot!(chk.render(), @"
    exit: 0
    --- stdout
    checkpoint chk-202601020304
    ");
    let before = repo.state();
    // Work goes wrong: a file modified, one deleted, one new, the story moved.
    repo.write("keep.txt", "broken\n");
    std::fs::remove_file(repo.path("gone.txt")).unwrap();
    std::fs::remove_file(repo.path("draft.txt")).unwrap();
    repo.write("src/new.rs", "fn broken() {}\n");
    repo.git(&["add", "-A", "keep.txt", "gone.txt", "src"]).ok();
    repo.git(&["commit", "-q", "-m", "refactor"]).ok();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    repo.write("scratch.txt", "new and untracked\n");
    let out = repo.orx(&["rollback", "chk-202601020304", "--yes", "--as", "human"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 0
    --- stdout
    rolled back to chk-202601020304: 5 files restored or removed [<commit>]
      draft.txt
      gone.txt
      keep.txt
      scratch.txt
      src/new.rs
    the state before is saved as chk-20260102030405: `git orx rollback chk-20260102030405 --yes --as human` undoes this
    ");
    assert_eq!(repo.read("keep.txt"), "keep v2, uncommitted\n");
    assert_eq!(repo.read("gone.txt"), "still here\n");
    assert_eq!(repo.read("draft.txt"), "untracked at the checkpoint\n");
    assert!(!repo.path("src/new.rs").exists() && !repo.path("src").exists());
    assert!(!repo.path("scratch.txt").exists());
    // The story keeps its own history: still InProgress.
    assert!(repo.read(&story).contains("status: InProgress"));
    // History was not rewritten: the refactor is still there.
    let log = repo.git(&["log", "--format=%s"]);
    assert!(
        log.stdout.starts_with(
            "rollback to chk-202601020304\nstory 1.1: Approved -> InProgress\nrefactor\n"
        ),
        "{}",
        log.stdout
    );
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    // Roll back the rollback.
    let saved = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("the state before is saved as "))
        .unwrap();
    let saved = saved.split(':').next().unwrap().to_owned();
    repo.orx(&["rollback", &saved, "--yes", "--as", "human"])
        .ok();
    assert_eq!(repo.read("keep.txt"), "broken\n");
    assert!(!repo.path("gone.txt").exists());
    assert_eq!(repo.read("scratch.txt"), "new and untracked\n");
    assert_eq!(repo.read("src/new.rs"), "fn broken() {}\n");
    assert_ne!(repo.state(), before);
    let list = repo.orx(&["checkpoints"]);
    insta::assert_snapshot!(list.render(), @"
    exit: 0
    --- stdout
    chk-202601020304 2026-01-02T03:04:05Z on <commit> before the refactor
      6 files differ from HEAD: docs/stories/1.1.login.md, draft.txt, gone.txt, keep.txt, scratch.txt, and 1 more
    chk-20260102030405 2026-01-02T03:04:05Z on <commit> before rolling back to chk-202601020304
      same as HEAD
    chk-20260102030405-2 2026-01-02T03:04:05Z on <commit> before rolling back to chk-20260102030405
      5 files differ from HEAD: draft.txt, gone.txt, keep.txt, scratch.txt, src/new.rs
    ");
    let json: serde_json::Value =
        serde_json::from_str(&repo.orx(&["checkpoints", "--json"]).stdout).unwrap();
    assert_eq!(json["checkpoints"][0]["name"], "chk-202601020304");
    assert_eq!(json["checkpoints"][0]["message"], "before the refactor");
    // The checkpoint refs keep a reflog.
    repo.git(&["reflog", "show", "refs/orx/checkpoints/chk-202601020304"])
        .stdout_has(&["orx checkpoint: before the refactor"]);
}

/// ROLLBACK from BLOCKED goes back to the checkpoint USER_CONFIRM made.
#[test]
fn the_rollback_trigger_returns_to_the_last_checkpoint() {
    let repo = agent_repo();
    to_executing(&repo);
    repo.write("app.txt", "v2, broken\n");
    std::fs::remove_file(repo.path("ok")).unwrap();
    for _ in 0..4 {
        repo.orx(&["agent", "check", "--as", "dev"]).code(4);
    }
    let out = repo.orx(&["agent", "fire", "ROLLBACK", "--as", "human"]);
    insta::assert_snapshot!(out.render(), @r#"
    exit: 0
    --- stdout
    rolled back: 2 files restored or removed [<commit>]
      the state before is saved as chk-20260102030405: `git orx rollback chk-20260102030405 --yes --as human` undoes this
    agent default: BLOCKED -> IDLE (Human) [<commit>]
    Agent default is idle: give it a requirement: `git orx agent fire USER_INPUT_REQUIREMENT -m "..." --as human`
    "#);
    assert_eq!(repo.read("app.txt"), "v1\n");
    assert!(repo.path("ok").exists());
    assert!(
        repo.read(".orx/active_context.md")
            .contains("task_status: IDLE")
    );
}

#[test]
fn rollback_refuses_bad_names_unconfirmed_runs_and_a_held_lock() {
    let repo = Repo::new();
    repo.orx(&["checkpoint"]).ok();
    // A malformed or missing name.
    repo.orx(&["rollback", "chk-../../x", "--yes", "--as", "human"])
        .fails(2, &["is not a checkpoint name"]);
    repo.orx(&["rollback", "chk-20990101000000", "--yes", "--as", "human"])
        .fails(2, &["there is no checkpoint chk-20990101000000"]);
    // Not confirmed, with no terminal to ask on.
    repo.orx(&["rollback", "chk-202601020304", "--as", "human"])
        .fails(2, &["confirm with --yes (nothing was changed)"]);
    // Another process holds the lock.
    std::fs::create_dir_all(repo.path(".git/orx")).unwrap();
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(repo.path(".git/orx/lock"))
        .unwrap();
    lock.lock().unwrap();
    let busy = repo.orx(&["rollback", "chk-202601020304", "--yes", "--as", "human"]);
    busy.code(3);
    lock.unlock().unwrap();
    // A merge in progress.
    repo.write("x.txt", "main\n");
    repo.git(&["add", "x.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "x"]).ok();
    repo.git(&["checkout", "-q", "-b", "side", "HEAD~1"]).ok();
    repo.write("x.txt", "side\n");
    repo.git(&["add", "x.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "x side"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git(&["merge", "-q", "side"]).code(1);
    let merging = refused(
        &repo,
        &["rollback", "chk-202601020304", "--yes", "--as", "human"],
    );
    assert!(
        merging.contains("a merge is in progress; finish or abort it, then roll back"),
        "{merging}"
    );
    repo.git(&["merge", "--abort"]).ok();
    // Uncommitted story changes stay out of it.
    let id = repo.story("Login", crate::common::GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "title: Login", "title: Login v2");
    let pending = refused(
        &repo,
        &["rollback", "chk-202601020304", "--yes", "--as", "human"],
    );
    assert!(
        pending.contains("these have uncommitted changes: docs/stories/1.1.login.md"),
        "{pending}"
    );
}

/// Checkpoints and rollbacks in a linked worktree: the checkpoint says
/// where it came from, and is rolled back there.
#[test]
fn checkpoints_in_a_linked_worktree() {
    let repo = Repo::new();
    repo.write("a.txt", "main\n");
    repo.git(&["add", "a.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "a"]).ok();
    repo.git(&["worktree", "add", "-q", "-b", "wt", "../wt"])
        .ok();
    let wt = repo.root.parent().unwrap().join("wt");
    let in_wt = |args: &[&str]| {
        let out = repo
            .command("git")
            .current_dir(&wt)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    std::fs::write(wt.join("a.txt"), "worktree work\n").unwrap();
    let (code, out, err) = in_wt(&["orx", "checkpoint", "-m", "in the worktree"]);
    assert_eq!(code, 0, "{out}{err}");
    std::fs::write(wt.join("a.txt"), "worse\n").unwrap();
    std::fs::write(wt.join("b.txt"), "new\n").unwrap();
    let (code, out, err) = in_wt(&[
        "orx",
        "rollback",
        "chk-202601020304",
        "--yes",
        "--as",
        "human",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        std::fs::read_to_string(wt.join("a.txt")).unwrap(),
        "worktree work\n"
    );
    assert!(!wt.join("b.txt").exists());
    // The main work tree was not touched, and refuses the other's checkpoint.
    assert_eq!(repo.read("a.txt"), "main\n");
    repo.orx(&["rollback", "chk-202601020304", "--yes", "--as", "human"])
        .fails(1, &["was made in the work tree"]);
    repo.orx(&["checkpoints"]).stdout_has(&["(work tree "]);
}

#[test]
fn a_repository_with_no_commit_yet() {
    let repo = Repo::bare_git();
    repo.orx(&["checkpoint"]).fails(
        2,
        &["this repository has no commit yet; make the first commit"],
    );
    repo.orx(&["checkpoints"]).ok();
}

/// Two processes fire at once: one wins; the other gets exit 3 and
/// nothing is lost — whether it finds the lock held, or the file changed
/// between its reading and its writing.
#[test]
fn two_processes_firing_at_the_same_moment() {
    let repo = agent_repo();
    steps(
        &repo,
        &[
            &[
                "agent",
                "fire",
                "USER_INPUT_REQUIREMENT",
                "-m",
                "x",
                "--as",
                "human",
            ],
            &["agent", "task", "add", "t", "--as", "dev"],
            &["agent", "fire", "PRD_GENERATED", "--as", "dev"],
        ],
    );
    let spawn = |args: &[&str], pause: &str| {
        repo.command("git")
            .arg("orx")
            .args(args)
            .env("ORX_TEST_PAUSE", pause)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    // The lock is held: the second gets exit 3 at once.
    let first = spawn(
        &["agent", "fire", "USER_CONFIRM", "--as", "human"],
        "in-lock:1500",
    );
    std::thread::sleep(std::time::Duration::from_millis(700));
    let second = repo.orx_env(
        &["agent", "fire", "USER_CANCEL", "--as", "human"],
        &[("ORX_LOCK_TIMEOUT", "0")],
    );
    let first = first.wait_with_output().unwrap();
    assert_eq!(
        first.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    second.fails(3, &["another git-orx process holds the repository lock"]);
    assert!(
        repo.read(".orx/active_context.md")
            .contains("task_status: EXECUTING")
    );
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    // The file changes between the second's reading and writing.
    // (Finishing the last task fires ALL_TASKS_DONE.)
    let slow = spawn(&["agent", "task", "done", "--as", "dev"], "planned:1500");
    std::thread::sleep(std::time::Duration::from_millis(700));
    repo.orx(&["agent", "pause", "--as", "dev"]).ok();
    let slow = slow.wait_with_output().unwrap();
    assert_eq!(
        slow.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&slow.stderr)
    );
    assert!(
        String::from_utf8_lossy(&slow.stderr).contains("changed while git-orx was working on it")
    );
    let context = repo.read(".orx/active_context.md");
    assert!(
        context.contains("task_status: EXECUTING") && context.contains("paused: true"),
        "{context}"
    );
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
}

/// The hooks judge agent contexts like stories.
#[test]
fn the_hooks_and_verify_judge_agent_contexts() {
    let repo = agent_repo();
    let path = ".orx/active_context.md";
    repo.edit(path, "task_status: IDLE", "task_status: EXECUTING");
    repo.commit_as("human", "skip ahead").fails(
        1,
        &["agent default cannot move from IDLE to EXECUTING: the workflow has no such transition"],
    );
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "skip ahead"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    repo.orx(&["verify", "HEAD~1..HEAD"])
        .code(1)
        .stdout_has(&["agent default IDLE -> EXECUTING: invalid-transition"]);
    // status and next show the agent.
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    repo.orx(&["status"])
        .stdout_has(&["Agents\n  default  IDLE (waits for Human)"]);
    repo.orx(&["next", "--role", "human"])
        .stdout_has(&["Agent default is idle"]);
}

#[test]
fn several_agents_each_have_their_own_context_role_and_show() {
    let repo = agent_repo();
    repo.orx(&[
        "agent",
        "init",
        "--agent",
        "qa-1",
        "--acts-as",
        "qa",
        "--as",
        "human",
    ])
    .ok();
    repo.orx(&[
        "agent",
        "fire",
        "USER_INPUT_REQUIREMENT",
        "--agent",
        "qa-1",
        "-m",
        "regression pass",
        "--as",
        "human",
    ])
    .ok();
    // Its own work is QA's, not Dev's.
    repo.orx(&[
        "agent", "task", "add", "smoke", "--agent", "qa-1", "--as", "qa",
    ])
    .ok();
    refused(
        &repo,
        &[
            "agent", "task", "add", "more", "--agent", "qa-1", "--as", "dev",
        ],
    );
    let show = repo.orx(&["agent", "show", "--agent", "qa-1"]);
    insta::assert_snapshot!(show.render(), @r#"
        exit: 0
        --- stdout
        agent qa-1 — acts as QA
          file:        .orx/agents/qa-1.md
          state:       PLANNING (waits for QA)
          next:        Agent qa-1: write the PRD's task queue (`git orx agent task add "..."`), then `git orx agent fire PRD_GENERATED`
          session:     2026-01-02T03:04:05Z
          requirement: regression pass
          tasks:       0 of 1 done or skipped
            1. [ ] smoke
          auto-fix:    0 of 3 attempts failed
          checkpoint:  none yet
        Allowed while PLANNING:
          cancel               取消 — cancel the plan (USER_CANCEL)
          pause                暂停 — pause and resume (agent pause, agent resume)
          plan                 * writing the PRD's task queue (agent task add, PRD_GENERATED)
        Triggers from PLANNING:
          PRD_GENERATED          -> CONFIRMING   [QA or Human] allowed as QA
               ✓ the PRD has a task queue (`git orx agent task add`)
               ✓ the agent is not paused (`git orx agent resume`)
          USER_CANCEL            -> IDLE         [Human] allowed as Human
        "#);
    let json: serde_json::Value = serde_json::from_str(
        &repo
            .orx(&["agent", "show", "--agent", "qa-1", "--json"])
            .stdout,
    )
    .unwrap();
    assert_eq!(json["status"], "PLANNING");
    assert_eq!(json["frontmatter"]["acts_as"], "qa");
    repo.orx(&["agent", "show", "--agent", "nobody"])
        .fails(2, &["there is no agent `nobody`"]);
}

/// `git orx rollback` with no name goes back to the agent's last
/// checkpoint; `check` looks at agent contexts too.
#[test]
fn rollback_defaults_to_the_agents_last_checkpoint_and_check_reads_contexts() {
    let repo = agent_repo();
    repo.orx(&["rollback", "--yes", "--as", "human"])
        .fails(2, &["agent default records no checkpoint"]);
    to_executing(&repo);
    repo.write("app.txt", "half done\n");
    let out = repo.orx(&["rollback", "--yes", "--as", "human"]);
    out.ok();
    assert!(
        out.stdout
            .starts_with("rolled back to chk-202601020304: 1 file restored or removed"),
        "{}",
        out.render()
    );
    assert_eq!(repo.read("app.txt"), "v1\n");
    // The agent's own state is its own: still EXECUTING.
    assert!(
        repo.read(".orx/active_context.md")
            .contains("task_status: EXECUTING")
    );
    repo.edit(
        ".orx/active_context.md",
        "auto_fix_attempts: 0",
        "auto_fix_attempts: many",
    );
    repo.orx(&["check"]).code(1).stdout_has(&[".orx/active_context.md:7:20: `auto_fix_attempts` must be a whole number from 0 to 1000000, not \"many\""]);
}

/// The breaker and the actions hold for hand edits and hand-fired
/// triggers too: no FIX_SUCCESS the last check did not confirm, no
/// EXECUTING without USER_CONFIRM's checkpoint, no IDLE without
/// ROLLBACK's rollback, no pointing last_checkpoint elsewhere.
#[test]
fn the_breaker_and_actions_cannot_be_stepped_around() {
    let repo = agent_repo();
    to_executing(&repo);
    std::fs::remove_file(repo.path("ok")).unwrap();
    for _ in 0..3 {
        repo.orx(&["agent", "check", "--as", "dev"]).code(4);
    }
    repo.refused(
        &["agent", "fire", "FIX_SUCCESS", "--as", "dev"],
        1,
        &["FIX_SUCCESS is the outcome of `agent check`, not a trigger to fire by hand"],
    );
    let path = ".orx/active_context.md";
    repo.edit(
        path,
        "last_checkpoint: chk-202601020304",
        "last_checkpoint: chk-19990101000000",
    );
    repo.commit_as("dev", "elsewhere")
        .fails(1, &["`last_checkpoint` is kept by the workflow"]);
    repo.git(&["checkout", "-q", "--", path]).ok();
    // A third failure blocks; going back to IDLE by hand skips the rollback.
    repo.orx(&["agent", "check", "--as", "dev"]).code(4);
    repo.edit(path, "task_status: BLOCKED", "task_status: IDLE");
    repo.edit(path, "auto_fix_attempts: 3", "auto_fix_attempts: 0");
    repo.commit_as("human", "back").fails(
        1,
        &["BLOCKED -> IDLE rolls the work back to chk-202601020304 first"],
    );
    repo.git(&["checkout", "-q", "--", path]).ok();
    // A paused agent runs no checks.
    let fresh = agent_repo();
    to_executing(&fresh);
    fresh.orx(&["agent", "pause", "--as", "dev"]).ok();
    let out = fresh.orx(&["agent", "check", "--as", "dev"]);
    out.code(1);
    assert!(
        out.stdout.is_empty() && out.stderr.contains("is paused"),
        "{}",
        out.render()
    );
    // Confirming by hand makes no checkpoint.
    let other = agent_repo();
    steps(
        &other,
        &[
            &[
                "agent",
                "fire",
                "USER_INPUT_REQUIREMENT",
                "-m",
                "x",
                "--as",
                "human",
            ],
            &["agent", "task", "add", "t", "--as", "dev"],
            &["agent", "fire", "PRD_GENERATED", "--as", "dev"],
        ],
    );
    other.edit(path, "task_status: CONFIRMING", "task_status: EXECUTING");
    other
        .commit_as("human", "go")
        .fails(1, &["CONFIRMING -> EXECUTING makes a checkpoint"]);
}

/// What a checkpoint does not hold, a rollback does not destroy: ignored
/// files in the way stop it; nested repositories are left alone; what was
/// staged is kept as the checkpoint's second parent.
#[test]
fn rollback_spares_what_checkpoints_do_not_hold() {
    let repo = Repo::new();
    repo.write("a.txt", "one\n");
    repo.git(&["add", "a.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "a"]).ok();
    repo.write("out", "a plain file then\n");
    repo.write("a.txt", "staged\n");
    repo.git(&["add", "a.txt"]).ok();
    repo.write("a.txt", "in the work tree\n");
    repo.orx(&["checkpoint"]).ok();
    let staged = repo.git(&["show", "refs/orx/checkpoints/chk-202601020304^2:a.txt"]);
    assert_eq!(staged.stdout, "staged\n");
    let worktree = repo.git(&["show", "refs/orx/checkpoints/chk-202601020304:a.txt"]);
    assert_eq!(worktree.stdout, "in the work tree\n");
    // `out` becomes an ignored directory with a build product in it.
    std::fs::remove_file(repo.path("out")).unwrap();
    repo.write("out/cache.bin", "precious\n");
    repo.write(".git/info/exclude", "out/\n");
    // A nested repository, not a submodule.
    std::fs::create_dir_all(repo.path("nested")).unwrap();
    repo.command("git")
        .current_dir(repo.path("nested"))
        .args(["init", "-q"])
        .output()
        .unwrap();
    repo.write("nested/inner.txt", "inner\n");
    let before = repo.state();
    let out = repo.orx(&[
        "rollback",
        "refs/orx/checkpoints/chk-202601020304",
        "--yes",
        "--as",
        "human",
    ]);
    out.fails(
        1,
        &["would overwrite files git ignores (a checkpoint does not save them): out"],
    );
    assert_eq!(repo.state(), before);
    std::fs::remove_dir_all(repo.path("out")).unwrap();
    repo.orx(&["rollback", "chk-202601020304", "--yes", "--as", "human"])
        .ok();
    assert_eq!(repo.read("out"), "a plain file then\n");
    assert_eq!(repo.read("nested/inner.txt"), "inner\n");
    let tree = repo.git(&["ls-tree", "-r", "--name-only", "HEAD"]);
    assert!(!tree.stdout.contains("nested"), "{}", tree.stdout);
}

/// A user's hook refuses the agent's transition after ROLLBACK rolled the
/// work back: the error says what was done and how to undo it.
#[cfg(unix)]
#[test]
fn a_rollback_whose_transition_is_refused_says_so() {
    let repo = agent_repo();
    to_executing(&repo);
    std::fs::remove_file(repo.path("ok")).unwrap();
    for _ in 0..4 {
        repo.orx(&["agent", "check", "--as", "dev"]).code(4);
    }
    repo.write(
        ".git/hooks/pre-commit.orx-saved",
        "#!/bin/sh\necho 'not now' >&2\nexit 1\n",
    );
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(
        repo.path(".git/hooks/pre-commit.orx-saved"),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    repo.orx(&["agent", "fire", "ROLLBACK", "--as", "human"])
        .fails(
            1,
            &[
                "the work was rolled back [",
                "but BLOCKED -> IDLE could not be recorded",
                "undo the rollback with `git orx rollback chk-20260102030405 --yes`",
            ],
        );
    assert!(repo.path("ok").exists());
}

#[test]
fn checkpoints_are_listed_in_the_order_they_were_made() {
    let repo = Repo::new();
    for _ in 0..11 {
        repo.orx(&["checkpoint"]).ok();
    }
    let list = repo.orx(&["checkpoints", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&list.stdout).unwrap();
    let names: Vec<&str> = v["checkpoints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "chk-202601020304");
    assert_eq!(names[1], "chk-20260102030405");
    assert_eq!(names[9], "chk-20260102030405-9");
    assert_eq!(names[10], "chk-20260102030405-10");
}

/// The agent lifecycle's "状态查询命令" (§5): the context manager's
/// `update_progress` as `git orx agent progress`. A new `task_status` is
/// the move its trigger makes (the note it records, the checkpoint it
/// takes, `last_checkpoint` in the lifecycle's `chk-YYYYMMDDHHMM` form);
/// a field only transitions change is refused, as a move the rules refuse
/// or one only a command's outcome makes.
#[test]
fn agent_progress_updates_the_lifecycles_fields_judged_like_every_change() {
    let repo = agent_repo();
    fn progress<'a>(args: &[&'a str]) -> Vec<&'a str> {
        [&["agent", "progress"][..], args].concat()
    }
    let mut out = String::new();
    // USER_INPUT_REQUIREMENT records its note: without one, a usage error.
    out += &repo
        .refused(
            &progress(&["--task-status", "PLANNING", "--as", "human"]),
            2,
            &[],
        )
        .render();
    out += &refused(
        &repo,
        &progress(&["--auto-fix-attempts", "2", "--as", "human"]),
    );
    out += &steps(
        &repo,
        &[&progress(&[
            "--task-status",
            "PLANNING",
            "-m",
            "build the login",
            "--as",
            "human",
        ])],
    );
    out += &refused(
        &repo,
        &progress(&["--task-status", "CONFIRMING", "--as", "dev"]),
    );
    out += &steps(
        &repo,
        &[
            &["agent", "task", "add", "the form", "--as", "dev"],
            &progress(&["--task-status", "confirming", "--as", "dev"]),
            &progress(&["--task-status", "EXECUTING", "--as", "human"]),
        ],
    );
    for args in [
        &["--task-status", "AUTO_FIX", "--as", "dev"][..],
        &["--task-status", "IDLE", "--as", "dev"],
        &[
            "--last-checkpoint",
            "chk-202601020304",
            "--session-id",
            "s9",
            "--as",
            "dev",
        ],
    ] {
        out += &refused(&repo, &progress(args));
    }
    insta::assert_snapshot!(redact(&out), @r#"
    exit: 2
    --- stderr
    error: USER_INPUT_REQUIREMENT records its note as `requirement`: give it with -m TEXT
    exit: 1
    --- stderr
    error: refused: agent default: `auto_fix_attempts` is kept by the workflow and changes only through its transitions (was 0, now 2)
      a Human may override with --force --reason TEXT
    $ git orx agent progress --task-status PLANNING -m build the login --as human
    agent default: IDLE -> PLANNING (Human) [<commit>]
    Agent default: write the PRD's task queue (`git orx agent task add "..."`), then `git orx agent fire PRD_GENERATED`
    exit: 1
    --- stderr
    error: refused: agent default cannot move from PLANNING to CONFIRMING: 1 precondition not met
      - the PRD has a task queue (`git orx agent task add`) — actual: tasks = []
    hint: `git orx show default` lists the moves allowed now and what each needs
    $ git orx agent task add the form --as dev
    agent default: tasks changed, still PLANNING (Dev) [<commit>]
    Agent default: write the PRD's task queue (`git orx agent task add "..."`), then `git orx agent fire PRD_GENERATED`
    $ git orx agent progress --task-status confirming --as dev
    agent default: PLANNING -> CONFIRMING (Dev) [<commit>]
    Agent default: the PRD (1 task) waits for the user: `git orx agent fire USER_CONFIRM --as human` (Go), or USER_CANCEL
    $ git orx agent progress --task-status EXECUTING --as human
    checkpoint chk-202601020304
    agent default: CONFIRMING -> EXECUTING (Human) [<commit>]
    Agent default: work through the task queue (0/1 done); `git orx agent check` after each change, `git orx agent task done` after each task
    exit: 1
    --- stderr
    error: agent default: ERROR_DETECTED is the outcome of `agent check`, not a trigger to fire by hand: it is fired when `agent check` runs
    hint: run `git orx agent check`
    exit: 1
    --- stderr
    error: refused: agent default cannot move from EXECUTING to IDLE: the workflow has no such transition
      allowed from EXECUTING: AUTO_FIX (Dev or Human), ARCHIVING (Dev or Human)
    hint: `git orx show default` lists the moves allowed now and what each needs
    exit: 1
    --- stderr
    error: refused: agent default: `session_id` is kept by the workflow and changes only through its transitions (was "2026-01-02T03:04:05Z", now "s9")
      a Human may override with --force --reason TEXT
    "#);
    let context = repo.read(".orx/active_context.md");
    assert!(context.contains("task_status: EXECUTING"), "{context}");
    assert!(
        context.contains("requirement: build the login"),
        "{context}"
    );
    assert!(
        context.contains("last_checkpoint: chk-202601020304\n"),
        "{context}"
    );
    repo.orx(&["verify", "--all"]).ok();
}
