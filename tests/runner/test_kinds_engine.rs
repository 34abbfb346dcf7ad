//! What the engine takes from the workflow file rather than from code.

use crate::common::{GOOD, Repo};

/// The built-in story workflow with one state renamed in every place it
/// appears (states, transitions, handoffs).
fn story_workflow_renaming(from: &str, to: &str) -> String {
    let text = include_str!("../../templates/workflows/story.yaml");
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(from) {
        let before = rest[..i].chars().next_back();
        let after = rest[i + from.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..i]);
        out.push_str(if word(before) || word(after) {
            from
        } else {
            to
        });
        rest = &rest[i + from.len()..];
    }
    out.push_str(rest);
    out
}

#[test]
fn gate_follows_a_workflow_whose_review_state_is_renamed() {
    let repo = Repo::new();
    let workflow = story_workflow_renaming("Review", "Testing");
    assert!(!workflow.contains(" Review:") && workflow.contains("  Testing:"));
    repo.write(".orx/workflows/story.yaml", workflow);
    repo.commit_rules("QA's state is Testing");
    let id = repo.story("Search", GOOD);
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    repo.orx(&["move", &id, "Testing", "--as", "dev"]).ok();
    let out = repo.orx(&[
        "gate",
        &id,
        "--as",
        "qa",
        "--critical",
        "0",
        "--criteria-met",
    ]);
    out.ok();
    assert!(
        out.stdout.contains("QA gate, round 1: passed") && out.stdout.contains("Testing -> Done"),
        "{}",
        out.render()
    );
    let story = repo.read(&repo.story_path(&id));
    assert!(story.contains("status: Done"), "{story}");
}
