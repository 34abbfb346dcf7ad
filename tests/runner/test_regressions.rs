//! Regression tests, each named after the bug it pins.

use crate::common::{GOOD, Repo};

#[test]
fn a_hand_edited_state_cannot_be_laundered_through_move() {
    let repo = Repo::new();
    let id = repo.story("Webhooks", &["--score", "7.0"]);
    let path = repo.story_path(&id);
    // Dev may not approve; editing the file first must not get around that.
    repo.edit(&path, "status: AwaitingArchReview", "status: Approved");
    let before = repo.state();
    let out = repo.orx(&["move", &id, "InProgress", "--as", "dev"]);
    insta::assert_snapshot!(out.render(), @r"
    exit: 1
    --- stderr
    error: story 1.1 has an uncommitted change of state (AwaitingArchReview committed, Approved in docs/stories/1.1.webhooks.md); commit it (judged by the hooks) or restore the file, then try again
    ");
    assert_eq!(repo.state(), before);
    // Nor may an uncommitted assessment be stacked under a second move.
    repo.git(&["checkout", "-q", "--", "."]).ok();
    let draft = repo.story("Export", &[]);
    repo.orx(&[
        "assess",
        &draft,
        "--as",
        "sm",
        "--no-commit",
        "--score",
        "9",
    ])
    .ok();
    repo.orx(&["move", &draft, "InProgress", "--as", "dev"])
        .code(1);
    // Other uncommitted edits are judged with the move, as the commit will be.
    repo.git(&["checkout", "-q", "--", "."]).ok();
    repo.edit(&path, "## Story\n", "## Story\n\nArchitect's note.\n");
    repo.orx(&["move", &id, "Approved", "--as", "architect"])
        .ok();
    assert!(
        repo.git(&["show", "HEAD"])
            .stdout
            .contains("+Architect's note.")
    );
}

#[test]
fn unquoted_numeric_ids_stay_text() {
    let repo = Repo::new();
    repo.write(
        "docs/stories/3.10.x.md",
        "---\nkind: story\nid: 3.10\ntitle: X\nstatus: Draft\n---\n",
    );
    repo.git(&["add", "."]).ok();
    repo.git_env(&["commit", "-q", "-m", "x"], &[("ORX_ROLE", "sm")])
        .ok();
    assert!(
        repo.orx(&["status"])
            .stdout
            .contains("Next: SM, run `git orx story assess 3.10`")
    );
    repo.orx(&["move", "3.10", "Done", "--as", "sm"])
        .stderr_has(&["story 3.10 cannot move from Draft to Done"]);
    let json: serde_json::Value =
        serde_json::from_str(&repo.orx(&["show", "3.10", "--json"]).stdout).unwrap();
    assert_eq!(json["frontmatter"]["id"], "3.10");
    // Renumbering by hand is caught, numbers or not.
    repo.edit("docs/stories/3.10.x.md", "id: 3.10", "id: 3.11");
    let check = repo.orx(&["check"]);
    check.code(1);
    assert!(
        check
            .stdout
            .contains("`id` may not change (was `3.10`, now `3.11`)"),
        "{}",
        check.stdout
    );
}

#[test]
fn refusals_state_the_thresholds_in_force() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/story.yaml",
        "params:\n  score_approve: 8.5\n",
    );
    repo.commit_rules("stricter");
    let id = repo.story("Login", &["--score", "5.0"]);
    repo.orx(&["move", &id, "Approved", "--as", "sm"]).fails(
        1,
        &["the technical quality score is at least 8.5 — actual: quality.score = 5.0"],
    );
}

#[test]
fn override_params_of_the_wrong_type_are_refused_with_a_position() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/story.yaml",
        "# mine\nparams:\n  score_approve: high\n",
    );
    let check = repo.orx(&["check"]);
    check.code(1);
    assert!(
        check.stdout.contains(".orx/workflows/story.yaml:3:3: `params.score_approve` must be a number like the built-in 8.0, not \"high\""),
        "{}",
        check.stdout
    );
}

#[test]
fn titles_with_template_holes_are_kept_as_written() {
    let repo = Repo::new();
    repo.orx(&["new", "{status} and {id_text}", "--as", "sm"])
        .ok();
    let json: serde_json::Value =
        serde_json::from_str(&repo.orx(&["show", "1.1", "--json"]).stdout).unwrap();
    assert_eq!(json["title"], "{status} and {id_text}");
}

#[test]
fn workflow_counters_cannot_be_edited_by_hand() {
    let repo = Repo::new();
    let id = repo.story("Search", &["--score", "7.0"]);
    let path = repo.story_path(&id);
    repo.orx(&["move", &id, "RequiresRevision", "--as", "architect"])
        .ok();
    repo.orx(&["assess", &id, "--as", "sm", "--score", "7.0"])
        .ok();
    // Round 2: the Architect may not reset the round to get another revision.
    repo.edit(&path, "architect: 2", "architect: 1");
    let check = repo.orx(&["check", "--as", "architect"]);
    check.code(1);
    assert!(
        check
            .stdout
            .contains("`rounds` is kept by the workflow and changes only through its transitions"),
        "{}",
        check.stdout
    );
    repo.commit_as("architect", "reset")
        .fails(1, &["`rounds` is kept by the workflow"]);
    repo.git(&["checkout", "-q", "--", "."]).ok();
    // Escalated -> Blocked starts a new review cycle.
    repo.orx(&["move", &id, "Escalated", "--as", "architect"])
        .ok();
    repo.orx(&["move", &id, "Blocked", "--as", "human"]).ok();
    assert!(repo.read(&path).contains("architect: 0"));
    let out = repo.orx(&["assess", &id, "--as", "sm", "--score", "7.0"]);
    assert!(
        out.stdout
            .contains("Next: Architect, review the story, then `git orx story gate 1.1 --as architect --score X --critical N`\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn the_human_decides_qa_outcomes_only_after_the_last_round() {
    let repo = Repo::new();
    let id = repo.story_at("Login", "Review");
    repo.orx(&["move", &id, "Done", "--as", "human"]).fails(
        1,
        &["the Human decides only once QA's gate of round 3 or later has failed"],
    );
    repo.orx(&[
        "move",
        &id,
        "Done",
        "--as",
        "human",
        "--force",
        "--reason",
        "customer sign-off",
    ])
    .ok();
}

#[test]
fn the_highest_id_cannot_overflow_into_a_panic() {
    let repo = Repo::new();
    repo.write(
        "docs/stories/1.18446744073709551615.x.md",
        "---\nkind: story\nid: \"1.18446744073709551615\"\nstatus: Draft\n---\n",
    );
    repo.orx(&["new", "Next", "--as", "sm"])
        .fails(2, &["give one with --id"]);
}

#[test]
fn a_file_with_an_unknown_kind_is_a_bad_file() {
    let repo = Repo::new();
    repo.write(
        "docs/stories/6.1.x.md",
        "---\nkind: Story\nid: \"6.1\"\nstatus: Draft\n---\n",
    );
    repo.git(&["add", "."]).ok();
    repo.git_env(
        &["commit", "-q", "--no-verify", "-m", "x"],
        &[("ORX_ROLE", "sm")],
    )
    .ok();
    repo.orx(&["move", "6.1", "Blocked", "--as", "sm"])
        .fails(1, &["docs/stories/6.1.x.md:2:7: unknown kind `Story`"]);
    // `show` and `check` read the item as a kind nothing is known of and
    // say so as the name itself is refused: a usage error, not a workflow
    // file's.
    let show = repo.orx(&["show", "6.1"]);
    show.fails(2, &["unknown kind `Story`"]);
    assert!(!show.stderr.contains("invalid workflow"), "{}", show.stderr);
    let check = repo.orx(&["check"]);
    check.code(1);
    assert!(
        check.stdout.contains("unknown kind `Story`"),
        "{}",
        check.stdout
    );
    assert!(
        !check.stdout.contains("invalid workflow"),
        "{}",
        check.stdout
    );
}

#[cfg(target_os = "linux")]
#[test]
fn files_git_orx_cannot_name_or_read_are_not_skipped_silently() {
    use std::os::unix::ffi::OsStrExt;
    let repo = Repo::new();
    let odd = std::ffi::OsStr::from_bytes(b"7.1.caf\xe9.md");
    std::fs::write(
        repo.path("docs/stories").join(odd),
        "---\nkind: story\nid: \"7.1\"\nstatus: Draft\n---\n",
    )
    .unwrap();
    let check = repo.orx(&["check"]);
    check.code(1);
    assert!(
        check
            .stdout
            .contains("7.1.caf\u{fffd}.md: the file name is not valid UTF-8"),
        "{}",
        check.stdout
    );
    assert!(repo.orx(&["status"]).stdout.contains("not valid UTF-8"));
    // A broken file named like an ID keeps that ID taken.
    repo.write("docs/stories/4.4.broken.md", "no frontmatter");
    repo.orx(&["new", "Four", "--id", "4.4", "--as", "sm"])
        .fails(
            1,
            &["docs/stories/4.4.broken.md may hold story `4.4` but cannot be read"],
        );
}

#[test]
fn a_full_disk_is_an_error_not_a_success() {
    let repo = Repo::new();
    repo.story("Login", GOOD);
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = repo
        .command("git")
        .args(["orx", "status"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the output"));
}

#[test]
fn a_force_that_overrides_nothing_keeps_its_reason_as_the_note() {
    let repo = Repo::new();
    let id = repo.story("Other", &["--score", "7.0"]);
    repo.orx(&["move", &id, "Escalated", "--as", "architect"])
        .ok();
    repo.orx(&[
        "move", &id, "Approved", "--as", "human", "--force", "--reason", "ship it",
    ])
    .ok()
    .stderr_has(&["--force was not needed"]);
    let msg = repo.git(&["log", "-1", "--format=%B"]).stdout;
    assert!(
        msg.contains("ship it") && !msg.contains("Orx-Override"),
        "{msg}"
    );
}

#[test]
fn an_unknown_role_filter_is_named_as_such() {
    let repo = Repo::new();
    repo.orx(&["status", "--role", "bogus"])
        .fails(2, &["unknown role `bogus` (from --role)"]);
}
