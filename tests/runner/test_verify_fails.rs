//! When verify fails: every rule a commit breaks is reported, with advice
//! that applies to history, and the board marks a state that came from a
//! rejected commit.

use crate::common::Repo;

/// Story 1.1 created, then moved Draft -> Done by hand with --no-verify.
fn bypassed() -> Repo {
    let repo = Repo::new();
    repo.orx(&["new", "User login", "--as", "sm"]).ok();
    let path = "docs/stories/1.1.user-login.md";
    repo.write(
        path,
        repo.read(path).replacen("status: Draft", "status: Done", 1),
    );
    repo.git(&["commit", "-qam", "done by hand", "--no-verify"])
        .ok();
    repo
}

#[test]
fn a_no_verify_draft_to_done_reports_the_missing_role_and_the_move_no_role_may_make() {
    let repo = bypassed();
    let run = repo.orx(&["verify", "HEAD~1..HEAD"]);
    insta::assert_snapshot!(run.render(), @r"
    exit: 1
    --- stdout
    <commit> story 1.1 Draft -> Done: no-role
        the commit names no role (no `Orx-Role:` trailer: it was made without git-orx's hooks, e.g. with --no-verify)
    <commit> story 1.1 Draft -> Done: invalid-transition
        story 1.1 cannot move from Draft to Done: the workflow has no such transition
          allowed from Draft: Blocked (SM), Approved (SM), AwaitingArchReview (SM)
    verified 1 commit (HEAD~1..HEAD): 2 violations
    hint: history is not rewritten: fix forward with a new commit (`git orx move` puts an item where the rules allow), then the Human accepts the commit's violations: `git orx acknowledge COMMIT --reason TEXT --as human` (docs/enforcement.md: When verify fails)
    ");
    assert!(!run.stdout.contains("ORX_ROLE"), "advice for history only");
}

#[test]
fn show_and_status_mark_a_state_that_came_from_a_rejected_commit() {
    let repo = bypassed();
    let show = repo.orx(&["show", "1.1"]);
    show.ok().stdout_has(&[
        "rejected: this state came from",
        "(no-role, invalid-transition)",
    ]);
    let json: serde_json::Value =
        serde_json::from_str(&repo.orx(&["show", "1.1", "--json"]).stdout).unwrap();
    assert_eq!(
        json["rejected"]["violations"][1]["rule"],
        "invalid-transition"
    );
    let plain = repo.orx(&["status"]);
    assert!(
        !plain.stdout.contains("rejected"),
        "only when asked: {}",
        plain.render()
    );
    repo.orx(&["status", "--verify"])
        .ok()
        .stdout_has(&["rejected: this state came from"]);
    // Acknowledged by the Human: no longer marked.
    repo.orx(&[
        "acknowledge",
        "HEAD",
        "--reason",
        "shipped by hand",
        "--as",
        "human",
    ])
    .ok();
    let after = repo.orx(&["show", "1.1"]);
    after.stdout_lacks(&["rejected"]);
    // A state set by an accepted commit is not marked.
    let good = Repo::new();
    good.orx(&["new", "Fine", "--as", "sm"]).ok();
    let fine = good.orx(&["show", "1.1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&fine.stdout).unwrap();
    assert!(v["rejected"].is_null(), "{}", fine.render());
}
