//! Checkpoints and rollback when something else happens at the same time,
//! when a step fails, and with git settings that change what a save holds:
//! a rollback either completes or leaves everything as it found it.

use std::process::{Child, Stdio};

use crate::common::Repo;

/// A repository with committed code, a checkpoint of it (with an
/// untracked file), then uncommitted work on top: a modified file, a
/// deleted one and a new untracked one.
fn worked_on() -> Repo {
    let repo = Repo::new();
    repo.write("a.txt", "a v1\n");
    repo.write("b.txt", "b v1\n");
    repo.git(&["add", "a.txt", "b.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "code"]).ok();
    repo.write("draft.txt", "draft\n");
    repo.orx(&["checkpoint"]).ok();
    repo.write("a.txt", "a v2, uncommitted work\n");
    std::fs::remove_file(repo.path("b.txt")).unwrap();
    std::fs::remove_file(repo.path("draft.txt")).unwrap();
    repo.write("new.txt", "new, untracked work\n");
    repo
}

const CHK: &str = "chk-202601020304";

fn checkpoints(repo: &Repo) -> Vec<String> {
    repo.git(&[
        "for-each-ref",
        "--format=%(refname:lstrip=3)",
        "refs/orx/checkpoints",
    ])
    .stdout
    .lines()
    .map(str::to_owned)
    .collect()
}

/// `git orx rollback CHK --yes` started in the background, pausing at
/// `point` for `ms` milliseconds.
fn rollback_pausing(repo: &Repo, point: &str, ms: u32) -> Child {
    repo.command("git")
        .args(["orx", "rollback", CHK, "--yes", "--as", "human"])
        .env("ORX_TEST_PAUSE", format!("{point}:{ms}"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until the rollback has saved the state before it (a second
/// checkpoint exists), which it does just before it pauses.
fn until_saved(repo: &Repo) {
    for _ in 0..3000 {
        if checkpoints(repo).len() >= 2 {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the rollback never saved the state before it");
}

fn finish(child: Child) -> (i32, String) {
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// Another process commits while a rollback runs: the rollback sees HEAD
/// moved and refuses with exit 3 before it has touched a file; the
/// uncommitted work and the other process's commit are all there.
#[test]
fn rollback_racing_a_commit_loses_nothing() {
    let repo = worked_on();
    let rollback = rollback_pausing(&repo, "rollback-saved", 2000);
    until_saved(&repo);
    repo.write("other.txt", "another agent's work\n");
    repo.git(&["add", "other.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "other agent"]).ok();
    let after_commit = repo.state();
    let (code, out) = finish(rollback);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("HEAD moved") && out.contains("nothing was changed"),
        "{out}"
    );
    assert_eq!(repo.state(), after_commit);
    assert_eq!(repo.read("a.txt"), "a v2, uncommitted work\n");
    assert_eq!(repo.read("new.txt"), "new, untracked work\n");
    assert_eq!(repo.read("other.txt"), "another agent's work\n");
    assert_eq!(
        repo.git(&["log", "-1", "--format=%s"]).stdout,
        "other agent\n"
    );
    assert_eq!(checkpoints(&repo), [CHK]);
}

/// Bytes written while a rollback runs are in neither the saved state
/// nor the checkpoint: the rollback refuses with exit 3 and they stay.
#[test]
fn rollback_refuses_when_files_change_during_it() {
    let repo = worked_on();
    let rollback = rollback_pausing(&repo, "rollback-saved", 2000);
    until_saved(&repo);
    repo.write("a.txt", "a v3, written during the rollback\n");
    repo.write("b.txt", "b, made again during the rollback\n");
    let during = repo.state();
    let (code, out) = finish(rollback);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("changed while git-orx was rolling back")
            && out.contains("nothing was changed"),
        "{out}"
    );
    assert_eq!(repo.state(), during);
    assert_eq!(checkpoints(&repo), [CHK]);
}

/// What is staged while a rollback runs would be lost with the index:
/// the rollback refuses with exit 3 and the index keeps it.
#[test]
fn rollback_refuses_when_something_is_staged_during_it() {
    let repo = worked_on();
    let rollback = rollback_pausing(&repo, "rollback-saved", 2000);
    until_saved(&repo);
    repo.git(&["add", "new.txt"]).ok();
    let during = repo.state();
    let (code, out) = finish(rollback);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("the index changed while git-orx was rolling back; nothing was changed"),
        "{out}"
    );
    assert_eq!(repo.state(), during);
    assert_eq!(checkpoints(&repo), [CHK]);
}

/// A clean filter that drops lines (as nbstripout drops outputs) would
/// save less than the file holds: checkpoint and rollback refuse before
/// saving anything, naming the file.
#[test]
fn rollback_refuses_what_a_clean_filter_would_strip() {
    let repo = Repo::new();
    repo.git(&["config", "filter.strip.clean", "sed /^output/d"])
        .ok();
    repo.write(".gitattributes", "*.nb filter=strip\n");
    repo.write("nb.nb", "code\n");
    repo.git(&["add", ".gitattributes", "nb.nb"]).ok();
    repo.git(&["commit", "-q", "-m", "notebook"]).ok();
    repo.orx(&["checkpoint"]).ok();
    repo.write("nb.nb", "code\noutput: 42\n");
    let before = repo.state();
    let rollback = repo.orx(&["rollback", CHK, "--yes", "--as", "human"]);
    insta::assert_snapshot!(rollback.render(), @"
    exit: 1
    --- stderr
    error: a checkpoint would not keep these files as they are, because a filter changes them as git stores them (`git check-attr -a FILE` shows which), so no commit or checkpoint holds their bytes: nb.nb; copy them out of the work tree and remove them here (a commit would not keep them either), then run the command again and put your copies back where you want them (nothing was changed)
    ");
    assert_eq!(repo.state(), before);
    let checkpoint = repo.orx(&["checkpoint"]);
    assert_eq!(checkpoint.render(), rollback.render());
    assert_eq!(repo.state(), before);
    assert_eq!(checkpoints(&repo), [CHK]);
}

/// A clean filter that strips lines leaves, once the file is committed,
/// bytes in the work tree that git does not store and calls clean: a
/// rollback that wrote over them could not bring them back, nor could
/// its undo. It refuses, naming the file, with advice that keeps the
/// bytes; following it, rollback and its undo lose nothing.
#[test]
fn rollback_refuses_committed_bytes_a_clean_filter_strips_and_its_advice_keeps_them() {
    let repo = Repo::new();
    repo.git(&["config", "filter.strip.clean", "grep -v SECRET"])
        .ok();
    repo.git(&["config", "filter.strip.smudge", "cat"]).ok();
    repo.write(".gitattributes", "*.txt filter=strip\n");
    repo.write("notes.txt", "one\n");
    repo.git(&["add", ".gitattributes", "notes.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "notes"]).ok();
    repo.orx(&["checkpoint"]).ok();
    let full = "one\ntwo\nSECRET=hunter2\n";
    repo.write("notes.txt", full);
    repo.refused(
        &["rollback", CHK, "--yes", "--as", "human"],
        1,
        &["notes.txt", "no commit or checkpoint holds their bytes"],
    );
    // Committing does not keep the bytes: git stores the stripped file
    // and calls the work tree's clean.
    repo.git(&["commit", "-q", "-am", "more notes"]).ok();
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    assert_eq!(repo.read("notes.txt"), full);
    repo.refused(
        &["rollback", CHK, "--yes", "--as", "human"],
        1,
        &[
            "rolling back would write over or remove files whose bytes it could not bring back",
            "notes.txt",
            "copy them out of the work tree and remove them here",
        ],
    );
    assert_eq!(repo.read("notes.txt"), full);
    assert_eq!(checkpoints(&repo), [CHK]);
    // The advice, followed, keeps every byte.
    let copy = repo.path("../notes.txt");
    std::fs::copy(repo.path("notes.txt"), &copy).unwrap();
    std::fs::remove_file(repo.path("notes.txt")).unwrap();
    repo.orx(&["rollback", CHK, "--yes", "--as", "human"]).ok();
    assert_eq!(repo.read("notes.txt"), "one\n");
    repo.orx(&["rollback", "chk-20260102030405", "--yes", "--as", "human"])
        .ok();
    assert!(!repo.path("notes.txt").exists());
    assert_eq!(std::fs::read_to_string(&copy).unwrap(), full);
}

/// A filter that gives the bytes back (here `rev`, both ways; CRLF
/// conversion is another) does not stop a checkpoint, and rolling back
/// and undoing it gives the exact bytes.
#[test]
fn a_filter_that_gives_the_bytes_back_keeps_them() {
    let repo = Repo::new();
    repo.git(&["config", "filter.rev.clean", "rev"]).ok();
    repo.git(&["config", "filter.rev.smudge", "rev"]).ok();
    repo.write(".gitattributes", "*.r filter=rev\n");
    repo.write("x.r", "abc\n");
    repo.git(&["add", ".gitattributes", "x.r"]).ok();
    repo.git(&["commit", "-q", "-m", "x"]).ok();
    repo.orx(&["checkpoint"]).ok();
    repo.write("x.r", "abc\ndef, uncommitted\n");
    repo.orx(&["rollback", CHK, "--yes", "--as", "human"]).ok();
    assert_eq!(repo.read("x.r"), "abc\n");
    repo.orx(&["rollback", "chk-20260102030405", "--yes", "--as", "human"])
        .ok();
    assert_eq!(repo.read("x.r"), "abc\ndef, uncommitted\n");
}

/// Nested repositories (not submodules) are left out of checkpoints and
/// never touched by a rollback: one inside a directory of tracked files,
/// one deep in an untracked directory, one with no commit yet.
#[test]
fn rollback_leaves_nested_repositories_alone() {
    let repo = Repo::new();
    repo.write("lib/a.txt", "a v1\n");
    repo.git(&["add", "lib"]).ok();
    repo.git(&["commit", "-q", "-m", "lib"]).ok();
    repo.git(&["init", "-q", "lib/nested"]).ok();
    repo.write("lib/nested/n.txt", "nested v1\n");
    repo.git(&["-C", "lib/nested", "add", "n.txt"]).ok();
    repo.git(&["-C", "lib/nested", "commit", "-q", "-m", "n"])
        .ok();
    repo.git(&["init", "-q", "tools/deep/full"]).ok();
    repo.write("tools/deep/full/f.txt", "full v1\n");
    repo.git(&["-C", "tools/deep/full", "add", "f.txt"]).ok();
    repo.git(&["-C", "tools/deep/full", "commit", "-q", "-m", "f"])
        .ok();
    repo.git(&["init", "-q", "tools/deep/empty"]).ok();
    repo.write("tools/deep/empty/e.txt", "no commit yet\n");
    repo.write("tools/t.txt", "untracked\n");
    repo.orx(&["checkpoint"]).ok();
    let saved = repo.git(&[
        "ls-tree",
        "-r",
        "--name-only",
        &format!("refs/orx/checkpoints/{CHK}"),
    ]);
    assert!(
        !["nested", "full", "empty"]
            .iter()
            .any(|n| saved.stdout.contains(n)),
        "{}",
        saved.stdout
    );
    assert!(saved.stdout.contains("tools/t.txt"), "{}", saved.stdout);
    repo.write("lib/a.txt", "a v2\n");
    repo.git(&["commit", "-q", "-am", "a v2"]).ok();
    // A directory made since, with a tracked file and a nested repository:
    // the file goes, the repository stays.
    repo.write("gen/g.txt", "generated\n");
    repo.git(&["add", "gen"]).ok();
    repo.git(&["commit", "-q", "-m", "gen"]).ok();
    repo.git(&["init", "-q", "gen/repo"]).ok();
    repo.write("gen/repo/r.txt", "in gen\n");
    repo.write("lib/nested/n.txt", "nested v2\n");
    repo.write("lib/nested/m.txt", "nested, new\n");
    std::fs::remove_file(repo.path("tools/t.txt")).unwrap();
    repo.orx(&["rollback", CHK, "--yes", "--as", "human"]).ok();
    assert_eq!(repo.read("lib/a.txt"), "a v1\n");
    assert!(!repo.path("gen/g.txt").exists());
    assert_eq!(repo.read("gen/repo/r.txt"), "in gen\n");
    assert_eq!(repo.read("tools/t.txt"), "untracked\n");
    for _ in 0..2 {
        assert_eq!(repo.read("lib/nested/n.txt"), "nested v2\n");
        assert_eq!(repo.read("lib/nested/m.txt"), "nested, new\n");
        assert_eq!(repo.read("tools/deep/empty/e.txt"), "no commit yet\n");
        assert_eq!(repo.read("tools/deep/full/f.txt"), "full v1\n");
        assert!(repo.path("lib/nested/.git/HEAD").exists());
        // Undo, and the nested repositories are still as they were.
        repo.orx(&["rollback", "chk-20260102030405", "--yes", "--as", "human"])
            .ok();
    }
}

/// Files git is told not to look at (assume-unchanged, skip-worktree)
/// cannot be saved as they are: the rollback refuses before saving
/// anything, and lists them.
#[test]
fn rollback_refuses_assume_unchanged_and_skip_worktree_files_first() {
    let repo = worked_on();
    repo.write("c.txt", "c v1\n");
    repo.git(&["add", "c.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "c", "--", "c.txt"]).ok();
    repo.git(&["update-index", "--assume-unchanged", "a.txt"])
        .ok();
    repo.git(&["update-index", "--skip-worktree", "c.txt"]).ok();
    repo.write("c.txt", "c v2, hidden from git\n");
    let before = repo.state();
    let out = repo.orx(&["rollback", CHK, "--yes", "--as", "human"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 1
    --- stderr
    error: git is told not to look at these files, so a rollback could not save them as they are: a.txt (assume-unchanged), c.txt (skip-worktree); clear that (`git update-index --no-assume-unchanged --no-skip-worktree FILE`), then roll back (nothing was changed)
    ");
    assert_eq!(repo.state(), before);
    assert_eq!(checkpoints(&repo), [CHK]);
}

/// With `commit.gpgsign`, the rollback's commit is signed, with the
/// configured key and format, as `git commit` signs the moves'.
#[test]
fn rollback_commits_are_signed_when_commit_gpgsign_is_set() {
    let repo = worked_on();
    let key = repo.path("../signing-key");
    let made = repo
        .command("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", "test", "-f"])
        .arg(&key)
        .output();
    let Ok(made) = made else {
        crate::common::skip_without("ssh-keygen", "openssh-client");
        return;
    };
    assert!(made.status.success(), "{made:?}");
    let public = std::fs::read_to_string(key.with_extension("pub")).unwrap();
    let allowed = repo.path("../allowed-signers");
    std::fs::write(&allowed, format!("committer@example.com {public}")).unwrap();
    for (k, v) in [
        ("gpg.format", "ssh"),
        (
            "user.signingkey",
            key.with_extension("pub").to_str().unwrap(),
        ),
        ("gpg.ssh.allowedSignersFile", allowed.to_str().unwrap()),
        ("commit.gpgsign", "true"),
    ] {
        repo.git(&["config", k, v]).ok();
    }
    repo.orx(&["rollback", CHK, "--yes", "--as", "human"]).ok();
    assert_eq!(
        repo.git(&["log", "-1", "--format=%s"]).stdout,
        format!("rollback to {CHK}\n")
    );
    repo.git(&["verify-commit", "HEAD"]).ok();
}

/// `ORX_TEST_FAIL=POINT` makes a step fail as a full disk would. A
/// checkpoint that fails at any step leaves no checkpoint and changes
/// nothing.
#[test]
fn a_checkpoint_failing_at_each_step_changes_nothing() {
    let repo = worked_on();
    let before = repo.state();
    for point in ["snapshot", "checkpoint-commit", "checkpoint-ref"] {
        let out = repo.orx_env(&["checkpoint"], &[("ORX_TEST_FAIL", point)]);
        out.code(1);
        assert!(
            out.stderr.contains("No space left on device"),
            "{point}: {}",
            out.render()
        );
        assert_eq!(repo.state(), before, "{point}");
        assert_eq!(checkpoints(&repo), [CHK], "{point}");
    }
}

/// A rollback that fails at any step loses nothing: before HEAD or a file
/// is touched, nothing was changed; after, the work tree and HEAD are put
/// back, and the message names the checkpoint holding the work.
#[test]
fn a_rollback_failing_at_each_step_loses_nothing() {
    let repo = worked_on();
    let before = repo.state();
    let rollback = ["rollback", CHK, "--yes", "--as", "human"];
    for point in [
        "snapshot",
        "checkpoint-commit",
        "checkpoint-ref",
        "rollback-commit",
        "rollback-head",
    ] {
        let out = repo.orx_env(&rollback, &[("ORX_TEST_FAIL", point)]);
        out.code(1);
        assert!(
            out.stderr.contains("No space left on device")
                && out.stderr.contains("nothing was changed"),
            "{point}: {}",
            out.render()
        );
        assert_eq!(repo.state(), before, "{point}");
        assert_eq!(checkpoints(&repo), [CHK], "{point}");
    }
    // Once files are written (and one is cut short, as on a full disk),
    // they are put back.
    for (n, point) in ["rollback-write", "rollback-index"].iter().enumerate() {
        let out = repo.orx_env(&rollback, &[("ORX_TEST_FAIL", point)]);
        out.code(1);
        // The first in the minute has the minute's name; the next ones
        // add the second, then a number.
        let saved = ["chk-20260102030405", "chk-20260102030405-2"][n].to_owned();
        assert!(
            out.stderr.contains("No space left on device")
                && out
                    .stderr
                    .contains("the work tree and HEAD were put back as they were")
                && out
                    .stderr
                    .contains(&format!("`git orx rollback {saved} --yes`")),
            "{point}: {}",
            out.render()
        );
        assert_eq!(repo.state(), before, "{point}");
        assert!(checkpoints(&repo).contains(&saved), "{point}");
    }
    // When putting back fails too, the checkpoint named gives every byte back.
    let out = repo.orx_env(
        &rollback,
        &[("ORX_TEST_FAIL", "rollback-write,rollback-restore")],
    );
    out.code(1);
    let saved = "chk-20260102030405-3".to_owned();
    out.stderr_has(&[&format!(
        "your work is saved as {saved}: `git orx rollback {saved} --yes` restores it"
    )]);
    repo.orx(&["rollback", &saved, "--yes", "--as", "human"])
        .ok();
    assert_eq!(files_of(&repo.state()), files_of(&before));
}

fn files_of(state: &str) -> String {
    state[..state.find("HEAD ").unwrap()].to_owned()
}

/// Rollbacks and plain `git commit`s started together, without pauses,
/// round after round: whoever wins, every byte is somewhere — in the work
/// tree, in HEAD, or in a checkpoint — and no lock is left behind.
#[test]
fn rollbacks_and_commits_started_together_lose_nothing() {
    let repo = worked_on();
    for round in 0..6 {
        let edit = format!("edit {round}\n");
        let other = format!("o{round}.txt");
        let other_text = format!("other agent, round {round}\n");
        repo.write("a.txt", &edit);
        repo.write(&other, &other_text);
        let rollback = repo
            .command("git")
            .args(["orx", "rollback", CHK, "--yes", "--as", "human"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let commit = repo
            .command("sh")
            .arg("-c")
            .arg(format!(
                "git add {other} && git commit -q -m {other} -- {other}"
            ))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (code, out) = finish(rollback);
        let _ = commit.wait_with_output().unwrap();
        assert!(
            code == 0 || code == 3 || (code == 1 && out.contains("index.lock exists")),
            "round {round}: {out}"
        );
        let held = |rel: &str, text: &str| {
            let mut revs = vec!["HEAD".to_owned()];
            for name in checkpoints(&repo) {
                revs.push(format!("refs/orx/checkpoints/{name}"));
                revs.push(format!("refs/orx/checkpoints/{name}^2"));
            }
            std::fs::read_to_string(repo.path(rel)).is_ok_and(|t| t == text)
                || revs
                    .iter()
                    .any(|r| repo.git(&["show", &format!("{r}:{rel}")]).stdout == text)
        };
        assert!(
            held("a.txt", &edit),
            "round {round}: the edit is lost\n{out}"
        );
        assert!(
            held(&other, &other_text),
            "round {round}: the other file is lost\n{out}"
        );
        assert!(!repo.path(".git/index.lock").exists(), "round {round}");
        repo.git(&["status", "--porcelain"]).ok();
    }
}

/// Another git process holds the index past the lock wait (or one was
/// killed holding it): the rollback changes nothing, says which file to
/// remove (exit 1, not 3: retrying would not help), and leaves it alone.
#[test]
fn rollback_with_the_index_locked_changes_nothing() {
    let repo = worked_on();
    repo.write(".git/index.lock", "");
    let before = repo.state();
    let out = repo.orx_env(
        &["rollback", CHK, "--yes", "--as", "human"],
        &[("ORX_LOCK_TIMEOUT", "1")],
    );
    insta::assert_snapshot!(out.render(), @"
    exit: 1
    --- stderr
    error: <repo>/.git/index.lock has outlasted the wait for it (1s): if no git command is running, remove it (a git process that stopped early left it) and run the command again
    ");
    assert_eq!(repo.state(), before);
    assert!(repo.path(".git/index.lock").exists());
    assert_eq!(checkpoints(&repo), [CHK]);
}

/// A file being appended to while a checkpoint reads it, with no filter
/// configured, is never said to be changed by a filter: the checkpoint
/// is made, or refused saying the file changed while it was read.
#[test]
fn a_file_appended_to_during_a_checkpoint_is_not_blamed_on_a_filter() {
    let repo = Repo::new();
    let path = repo.path("log.txt");
    std::fs::write(&path, "start\n").unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let stop = stop.clone();
        let path = path.clone();
        std::thread::spawn(move || {
            use std::io::Write;
            let mut f = std::fs::OpenOptions::new().append(true).open(path).unwrap();
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                f.write_all(b"one more line\n").unwrap();
                std::thread::sleep(std::time::Duration::from_micros(100));
            }
        })
    };
    for _ in 0..10 {
        let out = repo.orx(&["checkpoint"]);
        let text = out.render();
        assert!(!text.contains("filter"), "{text}");
        if !text.starts_with("exit: 0") {
            assert!(
                text.contains("log.txt changed while git-orx was reading them"),
                "{text}"
            );
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    writer.join().unwrap();
}

/// A full disk that stops the rollback from moving HEAD back: the
/// message says HEAD has moved, where to, and how to move it back; it is
/// the disk's fault, said apart from a refusal (once a bare `failed`).
#[test]
fn a_rollback_that_cannot_move_head_back_says_where_head_is() {
    let repo = worked_on();
    let head = repo
        .git(&["rev-parse", "--short=7", "HEAD"])
        .stdout
        .trim()
        .to_owned();
    let out = repo.orx_env(
        &["rollback", CHK, "--yes", "--as", "human"],
        &[("ORX_TEST_FAIL", "rollback-write,rollback-head-back")],
    );
    out.code(1);
    let now = repo
        .git(&["rev-parse", "--short=7", "HEAD"])
        .stdout
        .trim()
        .to_owned();
    assert_ne!(now, head);
    let text = out
        .render()
        .replace(&now, "<rollback>")
        .replace(&head, "<head>");
    insta::assert_snapshot!(text, @"
    exit: 1
    --- stderr
    error: rolling back to chk-202601020304 failed: rollback-write: No space left on device (os error 28); the work tree was put back, but moving HEAD back failed: rollback-head-back: No space left on device (os error 28)
    HEAD has already moved to the rollback commit <rollback> (it was <head>): once there is space, `git reset --soft <head>` moves it back
    your work is saved as chk-20260102030405: `git orx rollback chk-20260102030405 --yes` restores it
    hint: this is not a refusal by the rules: git or the file system failed, as said above; put that right and run the command again
    ");
}

/// The dry run lists exactly what the rollback then changes: uncommitted
/// edits restored, untracked files removed; it needs no role, and a bare
/// `rollback` with no agent names the checkpoints there are.
#[test]
fn a_rollback_dry_run_lists_what_the_rollback_changes() {
    let repo = Repo::new();
    repo.write("a.txt", "a\n");
    repo.git(&["add", "a.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "a"]).ok();
    let out = repo.orx(&["checkpoint", "-m", "clean"]);
    out.ok();
    let name = out
        .stdout
        .split_whitespace()
        .find(|w| w.starts_with("chk-"))
        .unwrap()
        .to_owned();
    repo.write("a.txt", "changed\n");
    repo.write("new.txt", "new\n");
    let before = repo.state();
    let out = repo.orx(&["rollback", &name, "--dry-run"]);
    assert_eq!(repo.state(), before);
    insta::assert_snapshot!(out.render().replace(&name, "<chk>"), @"
    exit: 0
    --- stdout
    would roll back to <chk>: 2 files would change (dry run: nothing written)
      restore a.txt
    --- a/a.txt
    +++ b/a.txt
    @@ -1 +1 @@
    -changed
    +a
      remove  new.txt
    deleted file mode 100644
    --- a/new.txt
    +++ /dev/null
    @@ -1 +0,0 @@
    -new
    ");
    repo.orx(&["rollback", "--yes", "--as", "dev"]).fails(
        2,
        &[&format!(
            "`git orx rollback CHECKPOINT` (1 here: {name}; the newest is {name})"
        )],
    );
    repo.orx(&["rollback", &name, "--yes", "--as", "dev"])
        .ok()
        .stdout_has(&["a.txt", "new.txt"]);
    assert_eq!(repo.read("a.txt"), "a\n");
    assert!(!repo.path("new.txt").exists());
    repo.orx(&["rollback", &name, "--dry-run"])
        .ok()
        .stdout_has(&["0 files would change"]);
}
