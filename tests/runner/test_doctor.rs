//! `git orx doctor` and the refusal log it reads.

use std::process::Stdio;

use crate::common::{Repo, redact};

/// The test repositories' commit time, and later times to run `doctor` at.
const FIVE_DAYS_LATER: &str = "2026-01-07T03:04:05Z";
const AN_HOUR_LATER: &str = "2026-01-02T04:04:05Z";

fn doctor_at(repo: &Repo, now: &str, args: &[&str]) -> String {
    let mut all = vec!["doctor"];
    all.extend_from_slice(args);
    let out = repo.orx_env(&all, &[("GIT_COMMITTER_DATE", now)]);
    out.ok();
    redact(&out.stdout)
}

fn log_lines(repo: &Repo) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(repo.path(".git/orx/refusals.jsonl")).unwrap_or_default();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn doctor_names_a_stuck_story_its_role_its_unmet_preconditions_and_its_refusals() {
    let repo = Repo::new();
    let id = repo.story("Data export", &["--score", "5.0"]);
    repo.story("Login", &["--score", "8.5"]);
    repo.orx(&["move", "1.2", "Done", "--as", "sm"]).code(1);
    // A command refused by a precondition, one by the role.
    repo.orx(&["move", &id, "Approved", "--as", "sm"]).code(1);
    repo.orx(&["move", &id, "AwaitingArchReview", "--as", "dev"])
        .code(1);
    // A hand-made commit the hook refuses.
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Blocked", "status: Approved");
    repo.git_env(&["commit", "-qam", "approve it"], &[("ORX_ROLE", "sm")])
        .code(1);
    repo.git(&["checkout", "--", &path]).ok();

    let lines = log_lines(&repo);
    assert_eq!(lines.len(), 4, "{lines:#?}");
    let rules: Vec<(&str, &str, &str)> = lines
        .iter()
        .map(|l| {
            (
                l["source"].as_str().unwrap(),
                l["id"].as_str().unwrap_or("-"),
                l["rule"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            ("move", "1.2", "invalid-transition"),
            ("move", "1.1", "unmet-precondition"),
            ("move", "1.1", "unauthorized-role"),
            ("hook pre-commit", "1.1", "unmet-precondition"),
        ]
    );

    // Five days later, the blocked story is stuck; the approved one too.
    insta::assert_snapshot!(doctor_at(&repo, FIVE_DAYS_LATER, &[]), @r#"
        2 of 2 open items in one state for more than 2d (doctor.stuck_after_hours):

        story 1.1 — Data export
          Blocked for 5d (since 2026-01-02 03:04) — stuck: longer than 2d
          responsible: SM
          next: Story 1.1 is blocked: the SM must revise it and submit it again
          moves from Blocked:
            -> Blocked [SM]: every precondition met
            -> Approved [SM]: 1 precondition not met
               ✗ the technical quality score is at least 8.0 — actual: quality.score = 5.0
            -> AwaitingArchReview [SM]: 1 precondition not met
               ✗ the technical quality score is at least 6.0 — actual: quality.score = 5.0
          recent refusals:
            2026-01-02 03:04 move Blocked -> Approved as SM: unmet-precondition
              story 1.1 cannot move from Blocked to Approved: 1 precondition not met
                - the technical quality score is at least 8.0 — actual: quality.score = 5.0
            2026-01-02 03:04 move Blocked -> AwaitingArchReview as Dev: unauthorized-role
              Dev may not move story 1.1 from Blocked to AwaitingArchReview
                responsible: SM
            2026-01-02 03:04 hook pre-commit Blocked -> Approved as SM: unmet-precondition
              story 1.1 cannot move from Blocked to Approved: 1 precondition not met
                - the technical quality score is at least 8.0 — actual: quality.score = 5.0

        story 1.2 — Login
          Approved for 5d (since 2026-01-02 03:04) — stuck: longer than 2d
          responsible: Dev
          next: Next: Dev, run `implement-story 1.2`
                Next: Dev, `git orx move 1.2 InProgress --as dev`, then implement the story
          moves from Approved:
            -> InProgress [Dev]: every precondition met
          recent refusals:
            2026-01-02 03:04 move Approved -> Done as SM: invalid-transition
              story 1.2 cannot move from Approved to Done: the workflow has no such transition
                allowed from Approved: InProgress (Dev)
        "#);
    // Asked about, the story is shown the same; the other's refusal is not there.
    let one = doctor_at(&repo, FIVE_DAYS_LATER, &[&id]);
    assert!(one.contains("stuck: longer than 2d"), "{one}");
    assert!(!one.contains("1.2"), "{one}");
    let json: serde_json::Value = serde_json::from_str(
        &repo
            .orx_env(
                &["doctor", "--json"],
                &[("GIT_COMMITTER_DATE", FIVE_DAYS_LATER)],
            )
            .stdout,
    )
    .unwrap();
    let first = &json["items"][0];
    assert_eq!(first["id"], "1.1");
    assert_eq!(first["hours_in_state"], 120.0);
    assert_eq!(first["responsible"], "sm");
    assert_eq!(first["refusals"].as_array().unwrap().len(), 3);
}

#[test]
fn doctor_leaves_out_stories_moved_within_the_threshold_which_the_config_sets() {
    let repo = Repo::new();
    repo.story("Login", &["--score", "8.5"]);
    let out = doctor_at(&repo, AN_HOUR_LATER, &[]);
    assert_eq!(
        out,
        "No item has been in one state for more than 2d (1 open).\n"
    );
    let shown = doctor_at(&repo, AN_HOUR_LATER, &["1.1"]);
    assert!(
        shown.contains("Approved for 1h (since 2026-01-02 03:04) — not stuck"),
        "{shown}"
    );
    let config = repo.read(".orx/config.yaml");
    repo.write(
        ".orx/config.yaml",
        config.replace("stuck_after_hours: 48", "stuck_after_hours: 0.5"),
    );
    repo.commit_rules("Stories are stuck after half an hour");
    let out = doctor_at(&repo, AN_HOUR_LATER, &[]);
    assert!(
        out.starts_with("1 of 1 open items in one state for more than 30m"),
        "{out}"
    );
    assert!(
        out.contains("Approved for 1h (since 2026-01-02 03:04) — stuck"),
        "{out}"
    );
}

#[test]
fn refusals_from_concurrent_processes_are_each_logged_whole() {
    let repo = Repo::new();
    let id = repo.story("Login", &["--score", "8.5"]);
    let n = 8;
    let children: Vec<_> = (0..n)
        .map(|i| {
            let mut c = repo.command("git");
            c.args(["orx", "move", &id, "Done", "--as", "dev", "-m"])
                .arg(format!("attempt {i} {}", "x".repeat(3000)))
                .stdout(Stdio::null())
                .stderr(Stdio::null());
            c.spawn().unwrap()
        })
        .collect();
    for mut c in children {
        assert_eq!(c.wait().unwrap().code(), Some(1));
    }
    let lines = log_lines(&repo);
    assert_eq!(lines.len(), n);
    assert!(
        lines
            .iter()
            .all(|l| l["rule"] == "invalid-transition" && l["id"] == "1.1" && l["role"] == "dev")
    );
}

#[test]
fn a_full_refusal_log_is_rotated_and_doctor_still_reads_the_older_one() {
    let repo = Repo::new();
    let id = repo.story("Login", &["--score", "8.5"]);
    repo.orx(&["move", &id, "Done", "--as", "dev"]).code(1);
    let first = repo.read(".git/orx/refusals.jsonl");
    // Fill the log to its bound with other stories' refusals.
    let filler = first.replace("\"1.1\"", "\"9.9\"");
    let copies = (256 * 1024) / filler.len() + 1;
    let mut full = first.clone();
    for _ in 0..copies {
        full.push_str(&filler);
    }
    repo.write(".git/orx/refusals.jsonl", &full);
    repo.orx(&["move", &id, "Review", "--as", "sm"]).code(1);
    let older = repo.read(".git/orx/refusals.1.jsonl");
    assert!(older.starts_with(&first) && older.len() > 256 * 1024);
    assert!(!repo.path(".git/orx/refusals.jsonl").exists());
    // The next refusal starts a new log.
    repo.orx(&["move", &id, "Review", "--as", "qa"]).code(1);
    assert_eq!(log_lines(&repo).len(), 1);
    let shown = doctor_at(&repo, FIVE_DAYS_LATER, &[&id]);
    let refusals: Vec<&str> = shown
        .lines()
        .filter(|l| l.starts_with("    2026-"))
        .collect();
    assert_eq!(refusals.len(), 3, "{shown}");
    assert!(
        refusals[0].contains("Approved -> Done as Dev: invalid-transition"),
        "{shown}"
    );
    assert!(refusals[2].contains("as QA: "), "{shown}");
}

#[test]
fn doctor_lists_the_alerts_that_fire_with_what_to_check() {
    let repo = Repo::new();
    repo.story(
        "Failover",
        &["--score", "7.0", "--complexity", "cross-service"],
    );
    repo.orx(&[
        "gate",
        "1.1",
        "--as",
        "architect",
        "--score",
        "7",
        "--critical",
        "1",
        "--escalate",
    ])
    .ok();
    let out = doctor_at(&repo, AN_HOUR_LATER, &[]);
    assert!(
        out.starts_with(
            "alert: escalation rate 100% > 10%: check the workflow and training\n  check: the workflow and the agents' training\n\nNo item has been"
        ),
        "{out}"
    );
    // Asked about one story, doctor is about that story alone.
    assert!(!doctor_at(&repo, AN_HOUR_LATER, &["1.1"]).contains("alert:"));
}
