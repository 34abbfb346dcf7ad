//! A repository's workflow override.

use crate::common::Repo;

#[test]
fn an_override_changes_the_thresholds() {
    let repo = Repo::new();
    let flags = ["--structure", "100", "--extraction", "90", "--score", "8.5"];
    let a = repo.story("Before", &flags);
    assert!(repo.read(&repo.story_path(&a)).contains("status: Approved"));
    repo.write(
        ".orx/workflows/story.yaml",
        "# stricter\nparams:\n  score_approve: 9.0\n",
    );
    let b = repo.story("After", &flags);
    assert!(
        repo.read(&repo.story_path(&b))
            .contains("status: AwaitingArchReview")
    );
    repo.orx(&["check"]).ok();
}

#[test]
fn an_invalid_override_is_refused_before_anything_is_written() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/story.yaml",
        "transitions:\n  - from: Draft\n    to: Approved\n    roles: [sm]\n    guard:\n      - expr: 'quality.score >>'\n        desc: broken\n",
    );
    let before = repo.state();
    let out = repo.orx(&["new", "Login", "--as", "sm"]);
    out.code(1);
    assert!(out.stderr.starts_with("error: invalid workflow .orx/workflows/story.yaml:6:15: `quality.score >>` is not a valid expression"), "{}", out.render());
    assert_eq!(repo.state(), before);
}
