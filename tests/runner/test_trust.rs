//! What a hostile history, a killed process or a person committing beside
//! an agent must not achieve: replace refs that hide a commit, a commit
//! that takes another's message or files, work lost to an undo.

use crate::common::{GOOD, Repo};

/// A repository with a team's `bug` kind (Open, Fixed, Closed) and its
/// `tester` role.
fn with_the_bug_kind() -> Repo {
    let repo = Repo::new();
    repo.edit(".orx/config.yaml", "roles: []", "roles: [tester]");
    repo.write(".orx/workflows/bug.yaml", crate::test_kinds::BUG_WORKFLOW);
    repo.commit_rules("Add the bug kind");
    repo
}

/// A Dev's InProgress -> Done skip, committed without hooks, then hidden
/// behind a replace ref whose commit changes nothing: the returned pair
/// is (the skip, its stand-in).
fn hidden_skip(repo: &Repo) -> (String, String) {
    let id = repo.story_at("Login", "InProgress");
    let path = repo.story_path(&id);
    repo.edit(&path, "status: InProgress", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "skip"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let skip = repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned();
    let parent_tree = repo
        .git(&["rev-parse", "HEAD~1^{tree}"])
        .stdout
        .trim()
        .to_owned();
    let stand_in = repo
        .git(&[
            "commit-tree",
            &parent_tree,
            "-p",
            "HEAD~1",
            "-m",
            "skip\n\nOrx-Role: dev",
        ])
        .stdout
        .trim()
        .to_owned();
    (skip, stand_in)
}

#[test]
fn a_local_replace_ref_does_not_hide_a_violation_from_verify() {
    let repo = Repo::new();
    let (skip, stand_in) = hidden_skip(&repo);
    repo.git(&["replace", &skip, &stand_in]).ok();
    // git itself now shows the stand-in...
    assert_eq!(repo.git(&["diff", "--stat", "HEAD~1", "HEAD"]).stdout, "");
    // ...but verify reads the commit as it is.
    repo.orx(&["verify", "--all"])
        .code(1)
        .stdout_has(&["story 1.1 InProgress -> Done", "invalid-transition"]);
    repo.orx(&["verify", "HEAD~1..HEAD"])
        .code(1)
        .stdout_has(&["invalid-transition"]);
}

#[cfg(unix)]
#[test]
fn the_pre_receive_hook_refuses_replace_refs_and_ignores_the_servers() {
    let repo = Repo::new();
    let server = repo.server_with_hook("pre-receive");
    let (skip, stand_in) = hidden_skip(&repo);
    // Pushing the replace ref first is refused...
    repo.git(&["replace", &skip, &stand_in]).ok();
    repo.git(&["push", "-q", "origin", &format!("refs/replace/{skip}")])
        .fails(1, &["refs/replace/", "replace"]);
    // ...and a replace ref already on the server hides nothing.
    repo.git(&[
        "push",
        "-q",
        "origin",
        &format!("{stand_in}:refs/heads/stand-in"),
    ])
    .ok();
    let bare = |args: &[&str]| {
        let mut all = vec!["--git-dir", server.to_str().unwrap()];
        all.extend_from_slice(args);
        repo.git(&all)
    };
    bare(&["update-ref", &format!("refs/replace/{skip}"), &stand_in]).ok();
    repo.git(&["push", "-q", "origin", "main"])
        .fails(1, &["story 1.1 InProgress -> Done: invalid-transition"]);
}

#[cfg(unix)]
#[test]
fn the_pre_receive_hook_refuses_orx_refs_unless_the_server_accepts_them() {
    let repo = Repo::new();
    repo.story("Login", GOOD);
    let server = repo.server_with_hook("pre-receive");
    repo.git(&["push", "-q", "origin", "HEAD:refs/orx/checkpoints/x"])
        .fails(1, &["refs/orx/", "orx.acceptOrxRefs"]);
    let config = |args: &[&str]| {
        let mut all = vec!["--git-dir", server.to_str().unwrap(), "config"];
        all.extend_from_slice(args);
        repo.git(&all).ok();
    };
    config(&["orx.acceptOrxRefs", "true"]);
    repo.git(&["push", "-q", "origin", "HEAD:refs/orx/checkpoints/x"])
        .ok();
}

/// An agent's loop (`new`, `discuss`, `move`) and a person's plain
/// `git add` + `git commit` of NOTES.md, from two processes in one work
/// tree, 200 rounds each. Every commit keeps its own author's message and
/// files, nothing is left staged, and the history is lawful.
#[cfg(unix)]
#[test]
fn an_agent_and_a_person_committing_in_one_work_tree_keep_their_own_commits() {
    const ROUNDS: usize = 200;
    let repo = with_the_bug_kind();
    repo.orx(crate::test_goal::NEW_GOAL).ok();
    let agent_log = repo.path("../agent.log");
    let person_log = repo.path("../person.log");
    let agent = format!(
        r#"i=1
while [ $i -le {ROUNDS} ]; do
  git orx new bug "Bug $i" --id $i.1 --as dev >/dev/null 2>>"{log}" || echo "new $i failed" >>"{log}"
  git orx goal discuss G1 --position "point $i" --as dev >/dev/null 2>>"{log}" || echo "discuss $i failed" >>"{log}"
  git orx move $i.1 Fixed --as dev >/dev/null 2>>"{log}" || echo "move $i failed" >>"{log}"
  i=$((i+1))
done
touch "{log}.done""#,
        log = agent_log.display()
    );
    let person = format!(
        r#"i=1
while [ $i -le {ROUNDS} ] || [ ! -f "{agent}.done" ]; do
  echo "note $i" >>NOTES.md
  tries=0
  until git add NOTES.md 2>/dev/null && git commit -q -m "note $i" 2>>"{log}.err"; do
    tries=$((tries+1))
    if [ $tries -gt 2000 ]; then echo "gave up on note $i" >>"{log}"; exit 1; fi
    sleep 0.005
  done
  i=$((i+1))
done"#,
        agent = agent_log.display(),
        log = person_log.display()
    );
    let spawn = |script: &str| {
        repo.command("sh")
            .args(["-c", script])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap()
    };
    let (mut a, mut p) = (spawn(&agent), spawn(&person));
    assert!(a.wait().unwrap().success());
    assert!(p.wait().unwrap().success());
    let failures = std::fs::read_to_string(&agent_log).unwrap_or_default();
    assert!(
        !failures.contains("failed"),
        "the agent's commands failed:\n{failures}"
    );
    let gave_up = std::fs::read_to_string(&person_log).unwrap_or_default();
    assert_eq!(gave_up, "", "the person could not commit");
    // Each commit is its author's: a note changes NOTES.md alone and has
    // no git-orx trailer; git-orx's commits never touch NOTES.md.
    let log = repo.git(&["log", "--format=%x00%s%n%b%x01", "--name-only"]);
    log.ok();
    let mut notes = Vec::new();
    for commit in log.stdout.split('\0').filter(|c| !c.trim().is_empty()) {
        let (message, files) = commit.split_once('\u{1}').unwrap();
        let files: Vec<&str> = files.split_whitespace().collect();
        let subject = message.lines().next().unwrap_or_default();
        if files.contains(&"NOTES.md") || subject.starts_with("note ") {
            assert_eq!(files, ["NOTES.md"], "{message}");
            assert!(
                !message.contains("Orx-"),
                "a person's commit has trailers: {message}"
            );
            notes.push(subject.to_owned());
        }
    }
    let written = repo.read("NOTES.md").lines().count();
    assert!(written >= ROUNDS);
    assert_eq!(notes.len(), written, "every note is its own commit");
    notes.sort();
    notes.dedup();
    assert_eq!(notes.len(), written, "no note message is used twice");
    // Nothing is left staged or changed, and every item is where the
    // agent put it.
    repo.git(&["status", "--porcelain"])
        .ok()
        .stdout_lacks(&["M", "A", "D", "?"]);
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    let comments = std::fs::read_dir(repo.path("docs/comments"))
        .unwrap()
        .count();
    assert_eq!(comments, ROUNDS);
    let bugs = std::fs::read_dir(repo.path("docs/bugs")).unwrap();
    for bug in bugs {
        let text = std::fs::read_to_string(bug.unwrap().path()).unwrap();
        assert!(text.contains("status: Fixed"), "{text}");
    }
    repo.orx(&["verify", "--all"]).ok();
    repo.orx(&["check"]).ok();
}

/// Ctrl-C (or SIGTERM) while a move waits for another git-orx's lock:
/// the move stops at once, says so, and never happens later.
#[cfg(unix)]
#[test]
fn a_signal_while_a_move_waits_for_the_lock_cancels_it() {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let repo = Repo::new();
    let first = repo.story("Login", GOOD);
    let second = repo.story("Logout", GOOD);
    for signal in [libc::SIGINT, libc::SIGTERM] {
        let go = repo.path(&format!("../go-{signal}"));
        let mut holder = repo
            .command("git")
            .args(["orx", "move", &second, "InProgress", "--as", "dev"])
            .env("ORX_TEST_PAUSE", format!("in-lock:{}", go.display()))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        crate::test_move::wait_until("the holder has the lock", || {
            std::fs::read_to_string(repo.path(".git/orx/lock"))
                .is_ok_and(|l| l.contains("changing"))
        });
        let mut waiter = repo
            .command(crate::common::bin())
            .args(["move", &first, "InProgress", "--as", "dev"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        // SAFETY: kill(2) of a child this test started.
        unsafe { libc::kill(waiter.id() as libc::pid_t, signal) };
        let start = Instant::now();
        let status = loop {
            if let Some(s) = waiter.try_wait().unwrap() {
                break s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the move went on waiting"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        let mut stderr = String::new();
        waiter
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert_eq!(status.code(), Some(130), "{stderr}");
        assert!(
            stderr.contains("interrupted while waiting for the repository lock")
                && stderr.contains("nothing was changed"),
            "{stderr}"
        );
        std::fs::write(&go, "").unwrap();
        assert!(holder.wait().unwrap().success());
        // The cancelled move never lands.
        std::thread::sleep(Duration::from_millis(200));
        let path = repo.story_path(&first);
        assert!(repo.read(&path).contains("status: Approved"));
        repo.git(&["log", "--format=%s"])
            .ok()
            .stdout_lacks(&[&format!("story {first}: Approved -> InProgress")]);
        assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
        // The holder's move is undone for the next signal's round.
        repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    }
}

/// A move that reads the story while another git-orx has written it and
/// then fails to commit (and puts it back): nothing was ever uncommitted,
/// so the loser says the file changed under it and to run again.
#[test]
fn a_move_racing_one_that_fails_says_the_file_changed_not_that_it_is_uncommitted() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let go = repo.path("../go");
    let winner = repo
        .command("git")
        .args(["orx", "move", &id, "InProgress", "--as", "dev"])
        .env("ORX_TEST_PAUSE", format!("written:{}", go.display()))
        .env("ORX_TEST_FAIL", "commit")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let path = repo.story_path(&id);
    crate::test_move::wait_until("the first move wrote the story", || {
        repo.read(&path).contains("status: InProgress")
    });
    let loser = repo
        .command("git")
        .args(["orx", "move", &id, "Draft", "--as", "sm"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    std::fs::write(&go, "").unwrap();
    let out = loser.wait_with_output().unwrap();
    let mut winner = winner;
    assert!(!winner.wait().unwrap().success());
    let stderr =
        String::from_utf8_lossy(&out.stderr).replace(repo.path("").to_str().unwrap(), "<repo>/");
    insta::assert_snapshot!(format!("exit: {}\n{stderr}", out.status.code().unwrap_or(-1)), @"
    exit: 3
    error: docs/stories/1.1.login.md changed while git-orx was working on it; nothing was written, run the command again
    ");
    assert!(repo.read(&path).contains("status: Approved"));
}

/// A YAML alias bomb in a rule file is refused in words, not as the
/// reader's debug text.
#[test]
fn a_yaml_alias_bomb_is_refused_in_words() {
    let repo = Repo::new();
    let mut bomb = String::from("defaults:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for (name, prev) in [("b", "a"), ("c", "b"), ("d", "c"), ("e", "d"), ("f", "e")] {
        let uses = vec![format!("*{prev}"); 10].join(", ");
        bomb.push_str(&format!("  {name}: &{name} [{uses}]\n"));
    }
    repo.write(
        ".orx/workflows/bomb.yaml",
        format!("workflow: bomb\n{bomb}"),
    );
    let out = repo.orx(&["check"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 1
    --- stdout
    .orx/workflows/bomb.yaml:8:14: the YAML is too large to read: it expands to more than 250000 values (an alias counts what its anchor holds each time it is used); nothing in it was used. Write the values out instead of repeating large parts through aliases (`*name`)
    checked 2 files: 1 problem
    --- stderr
    note: uncommitted changes to .orx/workflows/bomb.yaml are not in force until committed (by the Human)
    ");
}

/// A commit labelled as git-orx's move of an item it does not change (a
/// person's commit that took an agent's message) is a violation.
#[test]
fn verify_flags_a_commit_whose_trailers_name_an_item_it_does_not_change() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.write("NOTES.md", "mine\n");
    repo.git(&["add", "NOTES.md"]).ok();
    let message = format!(
        "story {id}: Approved -> InProgress\n\nOrx-Item: story/{id}\nOrx-Transition: Approved -> InProgress\nOrx-Role: dev\n"
    );
    repo.git(&[
        "-c",
        "core.hooksPath=/nonexistent",
        "commit",
        "-q",
        "-m",
        &message,
    ])
    .ok();
    let out = repo.orx(&["verify", "HEAD~1..HEAD"]);
    out.code(1).stdout_has(&[
        "trailer-mismatch",
        &format!("its trailers name story {id} (Approved -> InProgress), but the commit does not change it"),
    ]);
}

/// `kill -9` of `move` at moments spread over its whole run, 60 times:
/// once the next git-orx command has run, the item is never half-staged
/// (the index holds what HEAD holds for it), and the history is lawful.
#[cfg(unix)]
#[test]
fn moves_killed_at_random_moments_leave_nothing_half_staged() {
    use std::time::{Duration, Instant};
    let repo = with_the_bug_kind();
    repo.orx(&["new", "bug", "Crash", "--id", "9.1", "--as", "dev"])
        .ok();
    let path = "docs/bugs/9.1.crash.md";
    let mut state: u64 = 0x2545_f491;
    for round in 0..60 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let delay = Duration::from_micros((state >> 33) % 250_000);
        let fixed = repo.read(path).contains("status: Fixed");
        let (to, role) = if fixed {
            ("Open", "tester")
        } else {
            ("Fixed", "dev")
        };
        let mut child = repo
            .command(crate::common::bin())
            .args(["move", "9.1", to, "--as", role])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        let _ = child.kill();
        let _ = child.wait();
        // The next command finishes what the killed one left, once its
        // `git commit` (which goes on) has ended.
        let start = Instant::now();
        loop {
            repo.orx(&["status"]);
            if !repo.path(".git/orx/commit-journal").exists() {
                break;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "round {round}: left a journal"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let status = repo.git(&["status", "--porcelain", "--", path]).stdout;
        assert!(
            status.is_empty() || status.starts_with(' ') || status.starts_with('?'),
            "round {round} ({delay:?}): half-staged: {status}"
        );
        assert!(!repo.path(".git/index.lock").exists(), "round {round}");
        // A move killed after writing, before committing, leaves the new
        // state in the work tree only: put it back for the next round.
        if !status.is_empty() {
            repo.git(&["checkout", "--", path]).ok();
        }
    }
    repo.orx(&["verify", "--all"]).ok();
}
