//! A repository's workflow override.

use crate::common::Repo;

#[test]
fn an_override_changes_the_thresholds() {
    let repo = Repo::new();
    let flags = ["--score", "8.5"];
    let a = repo.story("Before", &flags);
    assert!(repo.read(&repo.story_path(&a)).contains("status: Approved"));
    repo.write(
        ".orx/workflows/story.yaml",
        "# stricter\nparams:\n  score_approve: 9.0\n",
    );
    // Not in force until committed (by the Human).
    repo.orx(&["new", "Pending", "--as", "sm"])
        .stderr_has(&["note: uncommitted changes to .orx/workflows/story.yaml are not in force"]);
    repo.commit_rules("Stricter approval");
    let b = repo.story("After", &flags);
    assert!(
        repo.read(&repo.story_path(&b))
            .contains("status: AwaitingArchReview")
    );
    repo.orx(&["check"]).ok();
}

const BROKEN: &str = "transitions:\n  - from: Draft\n    to: Approved\n    roles: [sm]\n    guard:\n      - expr: 'quality.score >>'\n        desc: broken\n";

#[test]
fn an_invalid_override_is_refused_before_anything_is_written() {
    let repo = Repo::new();
    repo.write(".orx/workflows/story.yaml", BROKEN);
    // check reports it where it is.
    repo.orx(&["check"]).code(1).stdout_has(&[
        ".orx/workflows/story.yaml:6:15: `quality.score >>` is not a valid expression",
    ]);
    // Committing it is refused, even for the Human.
    repo.git(&["add", ".orx"]).ok();
    let commit = repo.git_env(&["commit", "-q", "-m", "broken"], &[("ORX_ROLE", "human")]);
    commit.fails(1, &["`quality.score >>` is not a valid expression"]);
    // Forced in without hooks, it stops every command before anything is written.
    repo.git_env(
        &["commit", "-q", "--no-verify", "-m", "broken"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    let before = repo.state();
    let out = repo.orx(&["new", "Login", "--as", "sm"]);
    out.code(1);
    assert!(out.stderr.starts_with("error: invalid workflow .orx/workflows/story.yaml:6:15: `quality.score >>` is not a valid expression"), "{}", out.render());
    assert_eq!(repo.state(), before);
}

#[test]
fn only_the_human_changes_the_rules() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/story.yaml",
        "params:\n  score_approve: 5.0\n",
    );
    repo.git(&["add", ".orx"]).ok();
    repo.git_env(
        &["commit", "-q", "-m", "easier approvals"],
        &[("ORX_ROLE", "sm")],
    )
    .fails(
        1,
        &[".orx/workflows/story.yaml defines the rules; only the Human may change it (role: SM)"],
    );
    repo.git_env(
        &["commit", "-q", "-m", "easier approvals"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
}
