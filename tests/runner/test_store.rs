//! The state store's guarantees seen from outside: the lock, atomic
//! rewrites, and nothing left behind when a commit fails.

use crate::common::{GOOD, Repo};

#[test]
fn a_held_lock_makes_writers_exit_3_and_change_nothing() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let lock_path = repo.path(".git/orx/lock");
    let lock = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)
        .unwrap();
    lock.lock().unwrap();
    let before = repo.state();
    repo.orx_env(
        &["move", &id, "InProgress", "--as", "dev"],
        &[("ORX_LOCK_TIMEOUT", "0")],
    )
    .fails(3, &["another git-orx process holds the repository lock"]);
    assert_eq!(repo.state(), before);
    // Readers do not need the lock.
    repo.orx(&["status"]).ok();
    drop(lock);
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
}

#[test]
fn two_writers_at_once_one_wins_and_nothing_is_lost() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let children: Vec<std::process::Child> = (0..4)
        .map(|_| {
            repo.command("git")
                .args(["orx", "--json", "move", &id, "InProgress", "--as", "dev"])
                // A loaded machine must not make every writer give up.
                .env("ORX_LOCK_TIMEOUT", "120")
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outcomes: Vec<(i32, String)> = children
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            (
                out.status.code().unwrap(),
                String::from_utf8_lossy(&out.stdout).into_owned(),
            )
        })
        .collect();
    let codes: Vec<i32> = outcomes.iter().map(|(c, _)| *c).collect();
    // Exactly one move makes the change. The others were busy (3), found
    // the file changed (3), or came after it and found the story
    // InProgress already: a move that changes nothing (0, `changed:
    // false`).
    let changed = outcomes
        .iter()
        .filter(|(c, out)| {
            *c == 0
                && serde_json::from_str::<serde_json::Value>(out)
                    .is_ok_and(|v| v["changed"] == serde_json::json!(true))
        })
        .count();
    assert_eq!(changed, 1, "exactly one move wins: {outcomes:?}");
    assert!(codes.iter().all(|c| [0, 1, 3].contains(c)), "{codes:?}");
    let log = repo.git(&["log", "--format=%s"]);
    assert_eq!(
        log.stdout.matches("Approved -> InProgress").count(),
        1,
        "{}",
        log.stdout
    );
    repo.git(&["diff", "--exit-code", "HEAD"]).ok();
}

#[test]
fn a_failing_commit_puts_the_file_and_index_back() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.write(
        ".git/hooks/pre-commit",
        "#!/bin/sh\necho 'policy: no commits today' >&2\nexit 1\n",
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(
            repo.path(".git/hooks/pre-commit"),
            std::fs::Permissions::from_mode(0o755),
        )
        .unwrap();
    }
    let before = repo.state();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).fails(
        1,
        &[
            "policy: no commits today",
            "nothing was changed: docs/stories/1.1.login.md was restored",
        ],
    );
    assert_eq!(repo.state(), before);
    // A new story is removed again, and not left in the index.
    let out = repo.orx(&["new", "Another", "--as", "sm"]);
    out.code(1);
    assert_eq!(repo.state(), before);
}

#[test]
fn no_commit_writes_the_file_only() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let out = repo.orx(&["move", &id, "InProgress", "--as", "dev", "--no-commit"]);
    insta::assert_snapshot!(out.render(), @r"
    exit: 0
    --- stdout
    story 1.1: Approved -> InProgress (Dev) written to docs/stories/1.1.login.md, not committed
    Next: Dev, run `implement-story 1.1`
    Next: Dev, implement the story, then `git orx move 1.1 Review --as dev`
    ");
    let status = repo.git(&["status", "--porcelain"]);
    assert_eq!(status.stdout, " M docs/stories/1.1.login.md\n");
    // Backups of the previous versions are kept under .git/orx.
    let backups = std::fs::read_dir(repo.path(".git/orx/backups/docs%stories%1.1.login.md"))
        .unwrap()
        .count();
    assert_eq!(backups, 2);
}

/// Adopt, renumber and acknowledge write and commit through the one
/// executor: when their commit fails, every file they wrote or removed is
/// as it was, and nothing is staged.
#[test]
fn a_failing_commit_of_an_adoption_puts_every_file_back() {
    let repo = Repo::bare_git();
    repo.write(
        "docs/stories/1.1.sign-in.md",
        "# Story 1.1: Sign in\n\n## Status\n\nApproved\n\n## Story\n\nAs a reader I sign in.\n",
    );
    repo.write(
        "docs/stories/1.2.sign-out.md",
        "# Story 1.2: Sign out\n\n## Status\n\nDraft\n\n## Story\n\nAs a reader I sign out.\n",
    );
    repo.git(&["add", "-A"]).ok();
    repo.git(&["commit", "-q", "-m", "The project before git-orx"])
        .ok();
    let before = repo.state();
    repo.orx_env(&["adopt", "--yes"], &[("ORX_TEST_FAIL", "commit")])
        .fails(
            1,
            &[
                "failure injected at commit",
                "nothing was changed: the files were restored",
            ],
        );
    assert_eq!(repo.state(), before);
    repo.orx(&["adopt", "--yes"])
        .ok()
        .stdout_has(&["adopted 2 stories"]);
}

#[test]
fn a_failing_commit_of_a_renumber_puts_both_files_back() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let before = repo.state();
    repo.orx_env(
        &["renumber", &id, "--to", "1.7", "--as", "human"],
        &[("ORX_TEST_FAIL", "commit")],
    )
    .fails(
        1,
        &[
            "failure injected at commit",
            "nothing was changed: the files were restored",
        ],
    );
    assert_eq!(repo.state(), before);
    repo.orx(&["renumber", &id, "--to", "1.7", "--as", "human"])
        .ok()
        .stdout_has(&["renumbered story 1.1 -> 1.7"]);
}

#[test]
fn a_failing_commit_of_an_acknowledgement_puts_the_file_back() {
    let repo = Repo::new();
    repo.story("Login", GOOD);
    let before = repo.state();
    let ack = [
        "acknowledge",
        "HEAD",
        "--reason",
        "reviewed",
        "--as",
        "human",
    ];
    repo.orx_env(&ack, &[("ORX_TEST_FAIL", "commit")]).fails(
        1,
        &[
            "failure injected at commit",
            "nothing was changed: the new file .orx/acknowledged.yaml was removed",
        ],
    );
    assert_eq!(repo.state(), before);
    repo.orx(&ack).ok();
    // A second one rewrites the file, and is put back as it was.
    repo.story("Logout", GOOD);
    let before = repo.state();
    repo.orx_env(&ack, &[("ORX_TEST_FAIL", "commit")]).fails(
        1,
        &["nothing was changed: .orx/acknowledged.yaml was restored"],
    );
    assert_eq!(repo.state(), before);
}

/// A plan's companion files (a new loop's task list) are committed with
/// the item by the same executor, and put back with it when the commit
/// fails: nothing of the loop is left.
#[test]
fn a_failing_commit_of_a_new_loop_removes_its_task_list_too() {
    let repo = Repo::new();
    repo.write("tasks.jsonl", "{\"description\": \"Add login\"}\n");
    let before = repo.state();
    repo.orx_env(
        crate::common::NEW_LOGIN_LOOP,
        &[("ORX_TEST_FAIL", "commit")],
    )
    .fails(
        1,
        &[
            "failure injected at commit",
            "nothing was changed: the files were restored",
        ],
    );
    assert_eq!(repo.state(), before);
    repo.new_login_loop();
}
