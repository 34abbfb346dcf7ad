//! A move under pressure: other git-orx processes, other commits, git's own
//! locks and states, failures at every step, a kill. Each test is named for
//! the case it pins; the concurrent ones run real processes.

use std::process::{Child, Stdio};

use crate::common::{GOOD, Repo, Run};

pub(crate) fn spawn(repo: &Repo, args: &[&str], env: &[(&str, &str)]) -> Child {
    repo.command("git")
        .arg("orx")
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

pub(crate) fn finish(child: Child) -> Run {
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Waits until `cond` holds (a generous bound only against a hang).
#[track_caller]
pub(crate) fn wait_until(what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !cond() {
        assert!(
            std::time::Instant::now() < deadline,
            "never happened: {what}"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

fn executable(repo: &Repo, rel: &str, script: &str) {
    repo.write(rel, script);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(repo.path(rel), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// `n` Approved stories, 1.1 to 1.n, made from one (the copies are
/// committed by the Human without the hooks: judge only later commits).
fn approved_stories(repo: &Repo, n: usize) -> Vec<String> {
    let first = repo.story("Login", GOOD);
    let text = repo.read(&repo.story_path(&first));
    for i in 2..=n {
        repo.write(
            &format!("docs/stories/1.{i}.login.md"),
            text.replace("id: \"1.1\"", &format!("id: \"1.{i}\""))
                .replace("Story 1.1", &format!("Story 1.{i}")),
        );
    }
    repo.git(&["add", "docs"]).ok();
    repo.git_env(
        &["commit", "-q", "--no-verify", "-m", "copies"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    (1..=n).map(|i| format!("1.{i}")).collect()
}

fn head(repo: &Repo) -> String {
    repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned()
}

#[test]
fn sixteen_moves_on_sixteen_stories_all_commit() {
    let repo = Repo::new();
    let ids = approved_stories(&repo, 16);
    let base = head(&repo);
    // Each holds the lock a while, so that they surely meet.
    let children: Vec<Child> = ids
        .iter()
        .map(|id| {
            spawn(
                &repo,
                &["move", id, "InProgress", "--as", "dev"],
                &[
                    ("ORX_TEST_PAUSE", "in-lock:20"),
                    ("ORX_LOCK_TIMEOUT", "120"),
                ],
            )
        })
        .collect();
    for c in children {
        finish(c).ok();
    }
    let log = repo.git(&["log", "--format=%p %s", &format!("{base}..HEAD")]);
    assert_eq!(
        log.stdout.matches("Approved -> InProgress").count(),
        16,
        "{}",
        log.stdout
    );
    assert!(
        log.stdout
            .lines()
            .all(|l| !l.split(' ').nth(1).unwrap().contains(':')),
        "one parent each: {}",
        log.stdout
    );
    repo.git(&["diff", "--exit-code", "HEAD"]).ok();
    repo.orx(&["verify", &format!("{base}..HEAD")]).ok();
}

#[test]
fn the_lock_wait_is_bounded_by_orx_lock_timeout() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(repo.path(".git/orx/lock"))
        .unwrap();
    lock.lock().unwrap();
    let before = repo.state();
    repo.git(&["config", "orx.lockTimeout", "0"]).ok();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).fails(
        3,
        &[
            "another git-orx process holds the repository lock",
            "waited 0s",
        ],
    );
    repo.orx_env(
        &["move", &id, "InProgress", "--as", "dev"],
        &[("ORX_LOCK_TIMEOUT", "soon")],
    )
    .fails(2, &["ORX_LOCK_TIMEOUT"]);
    assert_eq!(repo.state(), before);
    // A waiting move goes on once the lock is free.
    repo.git(&["config", "orx.lockTimeout", "60"]).ok();
    let waiting = spawn(&repo, &["move", &id, "InProgress", "--as", "dev"], &[]);
    std::thread::sleep(std::time::Duration::from_millis(300));
    drop(lock);
    finish(waiting).ok();
}

#[test]
fn eight_moves_of_one_story_one_wins_and_the_others_say_where_it_is() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let children: Vec<Child> = (0..8)
        .map(|_| {
            spawn(
                &repo,
                &["move", &id, "InProgress", "--as", "dev"],
                &[
                    ("ORX_TEST_PAUSE", "planned:1000"),
                    ("ORX_LOCK_TIMEOUT", "120"),
                ],
            )
        })
        .collect();
    let runs: Vec<Run> = children.into_iter().map(finish).collect();
    assert_eq!(
        runs.iter().filter(|r| r.code == 0).count(),
        1,
        "exactly one wins: {:?}",
        runs.iter().map(Run::render).collect::<Vec<_>>()
    );
    let commit = repo.git(&["rev-parse", "--short", "HEAD"]).stdout;
    let now = format!(
        "error: story 1.1 is now in InProgress (committed in {})",
        commit.trim()
    );
    // One that read the story after the winner's commit is simply refused.
    let after = "error: refused: story 1.1 cannot move from InProgress to InProgress";
    for r in runs.iter().filter(|r| r.code != 0) {
        assert!(
            (r.code == 3 && r.stderr.starts_with(&now))
                || (r.code == 1 && r.stderr.starts_with(after)),
            "{}",
            r.render()
        );
    }
    repo.git(&["diff", "--exit-code", "HEAD"]).ok();
}

#[test]
fn a_plain_commit_cannot_take_a_file_git_orx_is_moving() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    // The move waits after writing until the test lets it go on.
    let go = repo.path(".git/go");
    let pause = format!("written:{}", go.display());
    let mover = spawn(
        &repo,
        &["move", &id, "InProgress", "--as", "dev"],
        &[("ORX_TEST_PAUSE", &pause)],
    );
    wait_until("the move wrote the file", || {
        repo.read(&path).contains("status: InProgress")
    });
    repo.commit_as("dev", "unrelated")
        .fails(1, &[&format!("{path} is being changed by git-orx (pid ")]);
    repo.write(".git/go", "");
    let moved = finish(mover);
    moved.ok();
    let log = repo.git(&["log", "-1", "--format=%s"]);
    assert_eq!(log.stdout, "story 1.1: Approved -> InProgress\n");
    repo.git(&["diff", "--exit-code", "HEAD"]).ok();
    repo.orx(&["verify", "--all"]).ok();
}

#[test]
fn a_move_another_commit_took_is_reported_as_committed_not_undone() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    // The move waits after writing until the test lets it go on.
    let go = repo.path(".git/go");
    let pause = format!("written:{}", go.display());
    let mover = spawn(
        &repo,
        &["move", &id, "InProgress", "--as", "dev"],
        &[("ORX_TEST_PAUSE", &pause)],
    );
    wait_until("the move wrote the file", || {
        repo.read(&path).contains("status: InProgress")
    });
    // --no-verify: nothing can stop this one.
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "everything"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let taken = repo.git(&["rev-parse", "--short", "HEAD"]).stdout;
    repo.write(".git/go", "");
    let moved = finish(mover);
    moved.ok();
    assert!(
        moved.stdout.starts_with(&format!(
            "story 1.1: Approved -> InProgress (Dev) (committed in {} by another commit)",
            taken.trim()
        )),
        "{}",
        moved.render()
    );
    assert!(repo.read(&path).contains("status: InProgress"));
    repo.git(&["diff", "--exit-code", "HEAD"]).ok();
}

#[test]
fn a_failed_commit_keeps_a_file_edited_meanwhile() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    executable(
        &repo,
        ".git/hooks/pre-commit",
        &format!("#!/bin/sh\nprintf 'edited meanwhile\\n' >> {path}\nexit 1\n"),
    );
    let out = repo.orx(&["move", &id, "InProgress", "--as", "dev"]);
    out.code(1);
    out.stderr_has(&[&format!(
        "nothing was committed: {path} was changed meanwhile and is left as it is"
    )]);
    let text = repo.read(&path);
    assert!(
        text.ends_with("edited meanwhile\n") && text.contains("status: InProgress"),
        "{text}"
    );
}

#[test]
fn a_commit_whose_message_is_only_trailers_is_judged_by_its_trailers() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.edit(
        &repo.story_path(&id),
        "status: Approved",
        "status: InProgress",
    );
    repo.git_env(
        &["commit", "-q", "-a", "--allow-empty-message", "-m", ""],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let message = repo.git(&["log", "-1", "--format=%B"]).stdout;
    assert!(message.starts_with("Orx-Item: story/1.1\n"), "{message}");
    let out = repo.orx(&["verify", "--all"]);
    out.ok();
    repo.orx(&["log", &id])
        .stdout_has(&["Approved -> InProgress"]);
}

#[test]
fn leftover_temp_files_are_reported_and_cleaned_by_the_next_move() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.write("docs/stories/.orx-Ab12Cd.tmp", "half a story");
    repo.orx(&["check"]).code(1).stdout_has(&[
        "docs/stories/.orx-Ab12Cd.tmp: a temporary file left by an interrupted git-orx write",
    ]);
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    assert!(!repo.path("docs/stories/.orx-Ab12Cd.tmp").exists());
    repo.orx(&["check"]).ok();
}

#[test]
fn gate_prints_its_verdict_only_once_committed() {
    let repo = Repo::new();
    let id = repo.story_at("Login", "Review");
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .open(repo.path(".git/orx/lock"))
        .unwrap();
    lock.lock().unwrap();
    let args = [
        "gate",
        &id,
        "--as",
        "qa",
        "--critical",
        "0",
        "--criteria-met",
    ];
    let out = repo.orx_env(&args, &[("ORX_LOCK_TIMEOUT", "0")]);
    out.code(3);
    assert_eq!(out.stdout, "", "{}", out.render());
    drop(lock);
    let out = repo.orx(&args);
    out.ok();
    assert!(
        out.stdout.starts_with("QA gate, round 1: passed\n"),
        "{}",
        out.render()
    );
}

#[test]
fn a_move_during_a_rebase_bisect_or_am_is_refused() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.write("a.txt", "one\n");
    repo.git(&["add", "a.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "a"]).ok();
    let args = ["move", id.as_str(), "InProgress", "--as", "dev"];
    let refused = |what: &str| {
        let before = repo.state();
        let out = repo.orx(&args);
        out.code(1);
        out.stderr_has(&[&format!(
            "git is in the middle of {what}; finish it or abort it"
        )]);
        assert_eq!(repo.state(), before);
    };
    // A rebase stopped by a failing --exec.
    repo.git(&["rebase", "-q", "--exec", "false", "HEAD~1"])
        .code(1);
    refused("a rebase");
    repo.git(&["rebase", "--abort"]).ok();
    repo.git(&["bisect", "start"]).ok();
    refused("a bisect");
    repo.git(&["bisect", "reset"]).ok();
    // An am stopped by a patch that does not apply.
    let patch = repo.git(&["format-patch", "-1", "--stdout", "HEAD"]).stdout;
    repo.write("a.txt", "two\n");
    repo.git(&["commit", "-q", "-am", "a again"]).ok();
    repo.write("p.patch", patch);
    repo.git(&["am", "p.patch"]).code(128);
    std::fs::remove_file(repo.path("p.patch")).unwrap();
    refused("an am");
    repo.git(&["am", "--abort"]).ok();
    repo.orx(&args).ok();
}

#[test]
fn a_lost_head_race_exits_3_and_changes_nothing() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    // Another commit lands while git commits the move.
    executable(
        &repo,
        ".git/hooks/pre-commit",
        "#!/bin/sh\nunset GIT_INDEX_FILE\ngit update-ref HEAD $(git commit-tree -p HEAD -m other HEAD^{tree})\n",
    );
    let path = repo.story_path(&id);
    let text = repo.read(&path);
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).fails(
        3,
        &[
            "cannot lock ref 'HEAD'",
            &format!("nothing was changed: {path} was restored"),
        ],
    );
    assert_eq!(repo.read(&path), text);
}

#[test]
fn a_stale_git_lock_exits_1_naming_the_file_to_remove() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    for lock in ["index.lock", "HEAD.lock"] {
        repo.write(&format!(".git/{lock}"), "");
        let before = repo.state();
        let out = repo.orx_env(
            &["move", &id, "InProgress", "--as", "dev"],
            &[("ORX_LOCK_TIMEOUT", "0")],
        );
        out.code(1);
        out.stderr_has(&[&format!(
                "<repo>/.git/{lock} has outlasted the wait for it (0s): if no git command is running, remove it"
            )]);
        assert_eq!(repo.state(), before);
        std::fs::remove_file(repo.path(&format!(".git/{lock}"))).unwrap();
    }
    // One older than the wait is not waited for.
    repo.write(".git/index.lock", "");
    repo.command("touch")
        .args(["-d", "@0", ".git/index.lock"])
        .status()
        .unwrap();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).fails(
        1,
        &["<repo>/.git/index.lock has outlasted the wait for it (10s)"],
    );
}

/// Every step of every command that writes an item fails once, with a
/// plain error and with a full disk: each exits 1, names what failed, and
/// leaves the work tree, the index and HEAD as they were.
#[test]
fn a_failure_at_any_step_of_move_assess_gate_or_new_changes_nothing() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    let commands: [&[&str]; 4] = [
        &["assess", &id, "--as", "sm", "--score", "7"],
        &[
            "gate",
            &id,
            "--as",
            "architect",
            "--score",
            "8",
            "--critical",
            "0",
        ],
        &["move", &id, "InProgress", "--as", "dev"],
        &["new", "Another", "--as", "sm"],
    ];
    for args in commands {
        // A new file has no old version to back up.
        let points: &[&str] = match args[0] {
            "new" => &["write", "rename", "commit"],
            _ => &["backup", "write", "rename", "commit"],
        };
        for &point in points {
            for kind in ["", ":enospc"] {
                let fail = format!("{point}{kind}");
                let before = repo.state();
                let out = repo.orx_env(args, &[("ORX_TEST_FAIL", &fail)]);
                let what = format!("`git orx {}` failing at {fail}", args.join(" "));
                assert_eq!(out.code, 1, "{what}:\n{}", out.render());
                assert_eq!(out.stdout, "", "{what}");
                if kind == ":enospc" {
                    assert!(
                        out.stderr.contains("No space left on device")
                            || out.stderr.contains("storage full"),
                        "{what}:\n{}",
                        out.render()
                    );
                }
                let named = match point {
                    "backup" => "<repo>/.git/orx/backups/",
                    "commit" => "nothing was changed: ",
                    _ => "docs/stories/1.",
                };
                assert!(
                    out.stderr.contains(named),
                    "{what}: {named} not named:\n{}",
                    out.render()
                );
                assert_eq!(repo.state(), before, "{what} changed something");
            }
        }
        repo.orx(args).ok();
    }
    repo.orx(&["verify", "--all"]).ok();
}

#[test]
fn a_move_killed_during_its_commit_leaves_the_whole_message() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let base = head(&repo);
    // The hook kills the git-orx that runs the commit; git goes on.
    executable(
        &repo,
        ".git/hooks/pre-commit",
        "#!/bin/sh\nkill -9 \"$ORX_LOCK_HOLDER\"\n",
    );
    let out = repo.orx(&["move", &id, "InProgress", "--as", "dev", "-m", "on it"]);
    assert_eq!(out.code, 137, "killed:\n{}", out.render());
    wait_until("the orphaned commit landed", || head(&repo) != base);
    std::fs::remove_file(repo.path(".git/hooks/pre-commit")).unwrap();
    let message = repo.git(&["log", "-1", "--format=%B"]).stdout;
    assert!(
        message.starts_with("story 1.1: Approved -> InProgress\n\non it\n\nOrx-Item: story/1.1\n"),
        "{message}"
    );
    repo.orx(&["verify", "--all"]).ok();
    // The next command finishes what the killed one left: the user's
    // index gets the committed story, git's index lock and the commit's
    // own git directory go.
    repo.orx(&["move", &id, "Review", "--as", "dev"]).ok();
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    assert!(!repo.path(".git/index.lock").exists());
    assert!(!repo.path(".git/orx/commit-journal").exists());
    let private = std::fs::read_dir(repo.path(".git/worktrees"))
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(private, 0);
}

/// A git-orx killed after its commit landed, before the user's index
/// had it: `git status` would show the story changed both ways (`MM`);
/// the next git-orx command, even one that only reads, puts it right.
#[test]
fn the_index_a_killed_move_left_behind_head_is_put_right_by_the_next_command() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    executable(
        &repo,
        ".git/hooks/post-commit",
        "#!/bin/sh
kill -9 \"$ORX_LOCK_HOLDER\"\n",
    );
    let out = repo.orx(&["move", &id, "InProgress", "--as", "dev"]);
    assert_eq!(out.code, 137, "killed:\n{}", out.render());
    std::fs::remove_file(repo.path(".git/hooks/post-commit")).unwrap();
    wait_until("the orphaned commit finished", || {
        !repo.path(".git/worktrees").exists()
            || std::fs::read_dir(repo.path(".git/worktrees"))
                .unwrap()
                .all(|e| !e.unwrap().path().join("index.lock").exists())
    });
    assert!(repo.path(".git/index.lock").exists());
    repo.orx(&["status"]).ok();
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    assert!(!repo.path(".git/index.lock").exists());
    repo.orx(&["verify", "--all"]).ok();
}

#[test]
fn a_failed_commit_whose_restore_fails_says_the_file_holds_the_change() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    let base = head(&repo);
    let out = repo.orx_env(
        &["move", &id, "InProgress", "--as", "dev"],
        &[("ORX_TEST_FAIL", "commit,restore:enospc")],
    );
    out.code(1);
    out.stderr_has(&[&format!(
            "nothing was committed, and the file could not be put back (<repo>/{path}: No space left on device (injected)): it holds git-orx's change"
        )]);
    assert_eq!(head(&repo), base);
    assert!(repo.read(&path).contains("status: InProgress"));
    // The index is as it was: the change is there to commit or restore.
    assert_eq!(
        repo.git(&["status", "--porcelain"]).stdout,
        format!(" M {path}\n")
    );
}

#[test]
fn a_move_read_while_another_is_mid_commit_says_where_the_story_went() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    let go = repo.path(".git/go");
    let pause = format!("written:{}", go.display());
    let first = spawn(
        &repo,
        &["move", &id, "InProgress", "--as", "dev"],
        &[("ORX_TEST_PAUSE", &pause)],
    );
    wait_until("the first move wrote the file", || {
        repo.read(&path).contains("status: InProgress")
    });
    // The file says InProgress, HEAD still Approved: not a hand edit, a
    // move in flight. Without waiting, that is what the second is told.
    repo.orx_env(
        &["move", &id, "InProgress", "--as", "dev"],
        &[("ORX_LOCK_TIMEOUT", "0")],
    )
    .fails(
        3,
        &[
            "another git-orx process holds the repository lock (pid ",
            &format!(", changing {path}): waited 0s"),
        ],
    );
    let second = spawn(&repo, &["move", &id, "InProgress", "--as", "dev"], &[]);
    std::thread::sleep(std::time::Duration::from_millis(300));
    repo.write(".git/go", "");
    finish(first).ok();
    let second = finish(second);
    let commit = repo.git(&["rev-parse", "--short", "HEAD"]).stdout;
    // It waited and was told where the story went — or, if it read the
    // story only after the commit, it was refused the move from there.
    let now = format!(
        "error: story 1.1 is now in InProgress (committed in {})",
        commit.trim()
    );
    let after = "error: refused: story 1.1 cannot move from InProgress to InProgress";
    assert!(
        (second.code == 3 && second.stderr.starts_with(&now))
            || (second.code == 1 && second.stderr.starts_with(after)),
        "{}",
        second.render()
    );
}
