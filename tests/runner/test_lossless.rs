//! A rewrite changes only what it means to change.

use crate::common::Repo;

/// A hand-written story: comments, odd quoting, unknown keys, flow and block
/// styles, values that look like other types, CRLF line ends, a body with
/// `---` lines.
const STORY: &str = "---\r\n# Written by hand\r\nkind: story\r\nid: '3.1'   # quoted id\r\ntitle: \"Login: OAuth\"\r\nstatus: Draft # set by the SM\r\nowner_note: no\r\nversion: 1.10\r\ncode: 0123\r\nquality: {structure: 100, extraction: 90, score: 8.5, complexity: [], override: 'sections in the design doc'}\r\nlabels:\r\n  - type/feat\r\n  - area/auth\r\nx-custom: {keep: [1, 2]}\r\n---\r\n# Story 3.1\r\n\r\n---\r\nA body with a rule above.\r\n";

#[test]
fn moving_a_hand_written_story_changes_only_status_and_effect_fields() {
    let repo = Repo::new();
    repo.write("docs/stories/3.1.login.md", STORY);
    repo.git(&["add", "."]).ok();
    repo.git_env(
        &["commit", "-q", "-m", "hand-written story"],
        &[("ORX_ROLE", "sm")],
    )
    .ok();
    repo.orx(&[
        "assess",
        "3.1",
        "--structure",
        "100",
        "--extraction",
        "90",
        "--reason",
        "sections in the design doc",
        "--score",
        "8.5",
        "--as",
        "sm",
    ])
    .ok();
    let after = repo.read("docs/stories/3.1.login.md");
    assert_eq!(
        after,
        STORY.replace("status: Draft #", "status: Approved #")
    );
    repo.orx(&["move", "3.1", "InProgress", "--as", "dev"]).ok();
    // git sees a one-line change for a move without effects.
    let diff = repo.git(&["diff", "HEAD~1", "--stat"]);
    assert!(
        diff.stdout
            .contains("1 file changed, 1 insertion(+), 1 deletion(-)"),
        "{}",
        diff.stdout
    );
    // A move to Review records the story's tasks as measured (none here).
    repo.orx(&["move", "3.1", "Review", "--as", "dev"]).ok();
    let after = repo.read("docs/stories/3.1.login.md");
    let expected = STORY
        .replace("status: Draft #", "status: Review #")
        .replace(
            "x-custom: {keep: [1, 2]}\r\n",
            "x-custom: {keep: [1, 2]}\r\ntasks:\r\n  done: 0\r\n  open: []\r\nrounds:\r\n  qa: 1\r\n",
        );
    assert_eq!(after, expected);
}

#[test]
fn new_stories_quote_what_yaml_would_misread() {
    let repo = Repo::new();
    repo.orx(&["new", "no", "--id", "1.10", "--as", "sm"]).ok();
    let text = repo.read("docs/stories/1.10.no.md");
    assert!(
        text.starts_with(
            "---\nkind: story\nid: \"1.10\"\ntitle: \"no\"\nstatus: Draft\n---\n# Story 1.10: no\n"
        ),
        "{text}"
    );
    let show: serde_json::Value =
        serde_json::from_str(&repo.orx(&["show", "1.10", "--json"]).stdout).unwrap();
    assert_eq!(show["id"], "1.10");
    assert_eq!(show["title"], "no");
}
