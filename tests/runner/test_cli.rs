//! The command line itself: help, usage errors, exit codes, set-up, demo.

use crate::common::{Repo, bin};

#[test]
fn usage_errors_exit_2() {
    let repo = Repo::new();
    assert_eq!(repo.orx(&["move"]).code, 2);
    assert_eq!(repo.orx(&["frobnicate"]).code, 2);
    assert_eq!(
        repo.orx(&["move", "1.1", "Done", "--force"]).code,
        2,
        "--force needs --reason"
    );
    repo.orx(&[
        "assess",
        "1.1",
        "--score",
        "1",
        "--complexity",
        "secure",
        "--as",
        "sm",
    ])
    .fails(2, &["unknown complexity indicator `secure`"]);
    let missing = repo.orx(&["move", "7.7", "Done", "--as", "qa"]);
    insta::assert_snapshot!(missing.render(), @r"
    exit: 2
    --- stderr
    error: no story with ID `7.7` in docs/stories/
    ");
    repo.orx(&["move", "../x", "Done", "--as", "qa"])
        .fails(2, &["invalid ID `../x`"]);
    let range = repo.orx(&["new", "X", "--as", "sm"]);
    range.ok();
    repo.orx(&["assess", "1.1", "--score", "11", "--as", "sm"])
        .fails(2, &["--score must be from 0 to 10"]);
}

#[test]
fn outside_a_set_up_repository() {
    let repo = Repo::bare_git();
    let out = repo.orx(&["status"]);
    insta::assert_snapshot!(out.render(), @r"
    exit: 2
    --- stderr
    error: this repository is not set up for git-orx (no .orx/config.yaml)
    hint: run `git orx init` here first
    ");
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(bin())
        .arg("status")
        .current_dir(dir.path())
        .env("GIT_CEILING_DIRECTORIES", dir.path().parent().unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not in a git repository"));
}

#[test]
fn init_is_idempotent_and_changes_the_language_in_place() {
    let repo = Repo::bare_git();
    let first = repo.orx(&["init"]);
    insta::assert_snapshot!(first.render(), @r#"
    exit: 0
    --- stdout
    created   .orx/config.yaml
    created   docs/stories/
    installed pre-commit
    installed pre-merge-commit
    installed prepare-commit-msg
    installed reference-transaction
    installed merge=orx

    Next: commit the setup, then create a story:
      git add .orx && git commit -m 'Set up git-orx'
      git orx new "Dark mode toggle" --example --as sm
    "#);
    let config = repo.read(".orx/config.yaml");
    let again = repo.orx(&["init"]);
    // Still to commit: said again.
    insta::assert_snapshot!(again.render(), @r#"
    exit: 0
    --- stdout
    kept      .orx/config.yaml
    kept      docs/stories/
    kept      pre-commit
    kept      pre-merge-commit
    kept      prepare-commit-msg
    kept      reference-transaction
    kept      merge=orx

    Next: commit the setup, then create a story:
      git add .orx && git commit -m 'Set up git-orx'
      git orx new "Dark mode toggle" --example --as sm
    "#);
    assert_eq!(repo.read(".orx/config.yaml"), config);
    repo.orx(&["init", "--lang", "zh"]).ok();
    assert_eq!(
        repo.read(".orx/config.yaml"),
        config.replace("lang: en", "lang: zh")
    );
}

#[test]
fn a_closed_pipe_is_not_a_crash() {
    let repo = Repo::new();
    for i in 0..30 {
        repo.orx(&["new", &format!("Story {i}"), "--as", "sm", "--no-commit"])
            .ok();
    }
    let mut child = repo
        .command("git")
        .args(["orx", "status"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.code().is_some(), "killed by a signal");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn untrusted_titles_are_printed_escaped() {
    let repo = Repo::new();
    repo.write(
        "docs/stories/5.1.x.md",
        "---\nkind: story\nid: \"5.1\"\ntitle: \"evil\\e[31m\\nfake line\"\nstatus: Draft\n---\n",
    );
    let out = repo.orx(&["status"]);
    assert!(
        out.stdout.contains("evil\\u{1b}[31m\\nfake line"),
        "{}",
        out.stdout
    );
}

#[test]
fn the_demo_runs_every_step_as_expected() {
    let repo = Repo::bare_git();
    let out = repo.orx(&["demo", "demo-repo"]);
    out.ok();
    for needle in [
        "story 1.1: Draft -> Approved (SM)",
        "story 1.2: Draft -> AwaitingArchReview (SM)",
        "error: refused: Dev may not move story 1.2 from AwaitingArchReview to Approved",
        "story 1.3: RequiresRevision -> Approved (SM)",
        "Story 1.1 is done!",
        "agent default: AUTO_FIX -> BLOCKED (Dev)",
        "agent default: BLOCKED -> IDLE (Human)",
    ] {
        assert!(
            out.stdout.contains(needle),
            "missing {needle:?} in\n{}",
            out.stdout
        );
    }
    assert!(repo.path("demo-repo/.orx/config.yaml").exists());
}

/// A machine-wide `core.hooksPath` (outside every repository) neither stops
/// the demo nor receives git-orx's hooks: the sample repository keeps its own.
#[test]
fn the_demo_runs_under_a_global_hooks_path_and_leaves_it_alone() {
    let repo = Repo::bare_git();
    let global = repo.root.parent().unwrap().join("global-hooks");
    std::fs::create_dir_all(&global).unwrap();
    repo.git(&[
        "config",
        "--global",
        "core.hooksPath",
        global.to_str().unwrap(),
    ])
    .ok();
    let out = repo.orx(&["demo", "demo-repo"]);
    out.ok();
    assert!(out.stdout.contains("Story 1.1 is done!"), "{}", out.stdout);
    assert_eq!(std::fs::read_dir(&global).unwrap().count(), 0);
    assert!(repo.path("demo-repo/.git/hooks/pre-commit").exists());
}

#[test]
fn new_chooses_ids_and_refuses_duplicates() {
    let repo = Repo::new();
    repo.orx(&["new", "story", "First", "--as", "sm"]).ok();
    repo.orx(&["new", "Second", "--id", "2.7", "--as", "sm"])
        .ok();
    let third = repo.orx(&["new", "Third", "--as", "sm"]);
    assert!(
        third.stdout.starts_with("docs/stories/2.8.third.md\n"),
        "{}",
        third.render()
    );
    let before = repo.state();
    let dup = repo.orx(&["new", "Again", "--id", "2.7", "--as", "sm"]);
    insta::assert_snapshot!(dup.render(), @r"
    exit: 1
    --- stderr
    error: a story with ID `2.7` already exists: docs/stories/2.7.second.md
    ");
    assert_eq!(repo.state(), before);
    let kind = repo.orx(&["new", "epic", "Big", "--as", "sm"]);
    kind.code(2);
    repo.orx(&["new", "By dev", "--as", "dev"])
        .fails(1, &["Dev may not change story"]);
    assert_eq!(repo.state(), before);
}

/// Regression: `git orx ... | head`, the reader gone before git-orx
/// writes, is no panic — not for the overview, a usage error under
/// `--json`, or a command's output.
#[test]
fn a_reader_that_has_gone_is_no_panic() {
    let repo = Repo::new();
    repo.story("Login", crate::common::GOOD);
    for args in [
        &[][..],
        &["-h"],
        &["no-such-command", "--json"],
        &["status"],
        &["status", "--json"],
        &["next"],
    ] {
        let mut child = repo
            .command(bin())
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes before anything is written.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "git orx {args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "git orx {args:?}: {stderr}");
    }
}
