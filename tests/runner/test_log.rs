//! `git orx log`: the audit trail from history.

use crate::common::{GOOD, Repo};

#[test]
fn the_trail_shows_moves_and_hand_edits() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.orx(&[
        "move",
        &id,
        "InProgress",
        "--as",
        "dev",
        "-m",
        "picking it up",
    ])
    .ok();
    let path = repo.story_path(&id);
    let text = repo
        .read(&path)
        .replace("status: InProgress", "status: Review");
    repo.write(
        &path,
        text.replace("---\n# Story", "rounds: {qa: 1}\n---\n# Story"),
    );
    repo.commit_as("dev", "ready for QA\n\nall tests green")
        .ok();
    repo.orx(&["new", "Other", "--as", "sm"]).ok();
    // Renaming the file does not lose the item.
    repo.git(&["mv", &path, "docs/stories/1.1.sign-in.md"]).ok();
    repo.git_env(&["commit", "-q", "-m", "rename"], &[("ORX_ROLE", "qa")])
        .ok();
    repo.orx(&["move", &id, "Done", "--as", "qa"]).ok();
    let out = repo.orx(&["log", &id]);
    insta::assert_snapshot!(out.render(), @"
    exit: 0
    --- stdout
    2026-01-02 03:04 <commit> story 1.1 Review -> Done  QA (Test Author)
    2026-01-02 03:04 <commit> story 1.1 InProgress -> Review  Dev (Test Author)
        all tests green
    2026-01-02 03:04 <commit> story 1.1 Approved -> InProgress  Dev (Test Author)
        picking it up
    2026-01-02 03:04 <commit> story 1.1 Draft -> Approved  SM (Test Author)
        Orx-Quality: structure=100 extraction=100 score=8.5 complexity=none
    2026-01-02 03:04 <commit> story 1.1 (new) -> Draft  SM (Test Author)
    ");
    let all = repo.orx(&["log", "--reverse", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&all.stdout).unwrap();
    let entries = v["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 6);
    assert_eq!(entries[0]["to"], "Draft");
    assert_eq!(entries[5]["to"], "Done");
    assert_eq!(entries[5]["path"], "docs/stories/1.1.sign-in.md");
    assert_eq!(entries[2]["role"], "dev");
    assert_eq!(entries[2]["note"], "picking it up");
    assert_eq!(
        repo.orx(&["log", "--since", "2027-01-01"]).stdout,
        "No transitions in history yet.\n"
    );
    // Dates as git takes them; the commits are dated 2026-01-02.
    repo.orx(&["log", "--since", "yesterday"]).ok();
    repo.orx(&["log", "--since", ""]).code(2);
}

#[test]
fn overrides_show_their_reason() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.orx(&[
        "move",
        &id,
        "Done",
        "--as",
        "human",
        "--force",
        "--reason",
        "already shipped",
    ])
    .ok();
    let out = repo.orx(&["log", &id]);
    assert!(
        out.stdout.contains(
            "story 1.1 Approved -> Done  Human (Test Author)\n    override (invalid-transition): already shipped\n"
        ),
        "{}",
        out.stdout
    );
}

/// The history is read from one whole-tree diff without renames; a commit
/// that adds and deletes item files is looked at again for renames, as a
/// diff limited to the item directories finds them.
#[test]
fn a_renamed_and_edited_story_beside_other_files_stays_one_item() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    let text = repo
        .read(&path)
        .replace("status: Approved", "status: InProgress");
    repo.git(&["mv", &path, "docs/stories/1.1.sign-in.md"]).ok();
    repo.write("docs/stories/1.1.sign-in.md", text);
    repo.write("src/login.rs", "fn login() {}\n");
    repo.write("notes/old.md", "gone soon\n");
    repo.git(&["add", "-A"]).ok();
    repo.commit_as("dev", "start, with the code").ok();
    repo.git(&["rm", "-q", "notes/old.md"]).ok();
    repo.commit_as("dev", "tidy").ok();
    let out = repo.orx(&["log", &id, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let entries = v["entries"].as_array().unwrap();
    assert_eq!(entries[0]["from"], "Approved", "{}", out.stdout);
    assert_eq!(entries[0]["to"], "InProgress");
    assert_eq!(entries[0]["path"], "docs/stories/1.1.sign-in.md");
    assert!(
        entries.iter().all(|e| e["to"] != serde_json::Value::Null),
        "no deletion: {}",
        out.stdout
    );
}

/// Regression: the whole log written from what the last run kept, with
/// the commits since rendered on top, is the log read afresh (text and
/// JSON), from an empty trail on, after new commits, and after history
/// was rewritten under it.
#[test]
fn a_log_written_from_what_was_kept_is_the_log_read_afresh() {
    let repo = Repo::new();
    let forms: [&[&str]; 2] = [&["log"], &["log", "--json"]];
    let check = |when: &str| {
        for args in forms {
            let kept = repo.orx(args).ok().stdout.clone();
            // Everything kept now.
            assert_eq!(repo.orx(args).ok().stdout, kept, "{when}: {args:?} again");
            std::fs::remove_dir_all(repo.path(".git/orx/history")).unwrap();
            assert_eq!(repo.orx(args).ok().stdout, kept, "{when}: {args:?} afresh");
        }
    };
    for args in forms {
        repo.orx(args).ok();
    }
    let id = repo.story("Login", GOOD);
    check("first entries");
    repo.orx(&[
        "move",
        &id,
        "InProgress",
        "--as",
        "dev",
        "-m",
        "picking it up",
    ])
    .ok();
    let other = repo.story("Other", GOOD);
    for args in forms {
        repo.orx(args).ok();
    }
    repo.orx(&["move", &other, "InProgress", "--as", "dev"])
        .ok();
    check("new commits");
    repo.git(&["reset", "-q", "--hard", "HEAD~2"]).ok();
    check("a rewritten history");
}
