//! `git orx metrics` and the complete `log`, on a small history whose
//! expected values are computed by hand below; and the history cache.

use serde_json::Value;

use crate::common::Repo;

/// The story file of `id` with `status` and, if given, its quality check
/// (structure %, score).
fn story_text(id: &str, status: &str, quality: Option<(u32, f64)>) -> String {
    let q = quality
        .map(|(st, sc)| format!("quality: {{structure: {st}, extraction: 100, score: {sc:?}}}\n"))
        .unwrap_or_default();
    format!(
        "---\nkind: story\nid: \"{id}\"\ntitle: Story {id}\nstatus: {status}\n{q}---\n# Story {id}\n"
    )
}

/// A hand-made commit of story `id` (written whole), as `role`, at `date`
/// (day of March 2026 and hour, UTC), by a tool that runs no hooks.
fn hand(
    repo: &Repo,
    id: &str,
    status: &str,
    quality: Option<(u32, f64)>,
    role: &str,
    at: (u32, u32),
) {
    repo.write(
        &format!("docs/stories/{id}.s.md"),
        story_text(id, status, quality),
    );
    let date = format!("2026-03-{:02}T{:02}:00:00Z", at.0, at.1);
    repo.commit_all_unhooked(
        &format!("{id} {status}\n\nOrx-Role: {role}\n"),
        &[("GIT_AUTHOR_DATE", &date), ("GIT_COMMITTER_DATE", &date)],
    );
}

/// Three stories and an adopted one; times are hours (stays noted after
/// each step).
fn history() -> Repo {
    let repo = Repo::new();
    // 1.1: auto-approved, QA passes round 1. Cycle 8h.
    hand(&repo, "1.1", "Draft", None, "sm", (1, 0));
    hand(&repo, "1.1", "Approved", Some((100, 8.5)), "sm", (1, 1)); // Draft 1h; check 8.5 pass
    hand(&repo, "1.1", "InProgress", Some((100, 8.5)), "dev", (1, 3)); // Approved 2h
    hand(&repo, "1.1", "Review", Some((100, 8.5)), "dev", (1, 7)); // InProgress 4h; QA round 1
    hand(&repo, "1.1", "Done", Some((100, 8.5)), "qa", (1, 8)); // Review 1h; first pass
    // 1.4: adopted in Approved (not a move, not an approval).
    hand(&repo, "1.4", "Approved", Some((100, 9.0)), "sm", (1, 9));
    // 1.2: two Architect rounds, a failed revision, two QA rounds. Cycle 13h.
    hand(&repo, "1.2", "Draft", None, "sm", (2, 0));
    hand(
        &repo,
        "1.2",
        "AwaitingArchReview",
        Some((100, 7.0)),
        "sm",
        (2, 2),
    ); // Draft 2h; check 7.0 pass; arch round 1
    hand(
        &repo,
        "1.2",
        "RequiresRevision",
        Some((100, 7.0)),
        "architect",
        (2, 3),
    ); // AAR 1h
    hand(&repo, "1.2", "Blocked", Some((100, 7.0)), "sm", (2, 4)); // RR 1h; revision failed
    hand(
        &repo,
        "1.2",
        "AwaitingArchReview",
        Some((100, 7.5)),
        "sm",
        (2, 5),
    ); // Blocked 1h; check 7.5 pass; revision ok; arch round 2
    hand(
        &repo,
        "1.2",
        "Approved",
        Some((100, 7.5)),
        "architect",
        (2, 6),
    ); // AAR 1h; reviewed approval
    hand(&repo, "1.2", "InProgress", Some((100, 7.5)), "dev", (2, 7)); // Approved 1h
    hand(&repo, "1.2", "Review", Some((100, 7.5)), "dev", (2, 9)); // InProgress 2h; QA round 1
    hand(&repo, "1.2", "InProgress", Some((100, 7.5)), "qa", (2, 10)); // Review 1h; first round failed
    hand(&repo, "1.2", "Review", Some((100, 7.5)), "dev", (2, 12)); // InProgress 2h; QA round 2
    hand(&repo, "1.2", "Done", Some((100, 7.5)), "qa", (2, 13)); // Review 1h
    // 1.3: blocked, revised within Blocked, escalated, then approved by
    // the Human's override.
    hand(&repo, "1.3", "Draft", None, "sm", (3, 0));
    hand(&repo, "1.3", "Blocked", Some((80, 5.0)), "sm", (3, 1)); // Draft 1h; check 5.0 fail
    hand(&repo, "1.3", "Blocked", Some((90, 5.5)), "sm", (3, 2)); // an edit within Blocked; check 5.5 fail
    hand(
        &repo,
        "1.3",
        "AwaitingArchReview",
        Some((100, 6.5)),
        "sm",
        (3, 4),
    ); // Blocked 3h; check 6.5 pass; revision ok; arch round 1
    hand(
        &repo,
        "1.3",
        "Escalated",
        Some((100, 6.5)),
        "architect",
        (3, 5),
    ); // AAR 1h
    hand(&repo, "1.3", "Blocked", Some((100, 6.5)), "human", (3, 6)); // Escalated 1h
    repo.orx_env(
        &[
            "move", "1.3", "Approved", "--as", "human", "--force", "--reason", "ship it",
        ],
        &[
            ("GIT_AUTHOR_DATE", "2026-03-03T08:00:00Z"),
            ("GIT_COMMITTER_DATE", "2026-03-03T08:00:00Z"),
        ],
    )
    .ok(); // Blocked 2h; an approval, overridden; revision ok
    repo
}

fn metrics(repo: &Repo, args: &[&str]) -> Value {
    let mut all = vec!["metrics", "--json"];
    all.extend_from_slice(args);
    let out = repo.orx(&all);
    out.ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    // The default kind comes first, the story's figures under `figures`.
    assert_eq!(v["kinds"][0]["kind"], "story", "{v:#}");
    v["kinds"][0].clone()
}

const H: f64 = 3600.0;

/// `{count, mean, median, p90}` in hours.
fn durations(v: &Value) -> (u64, f64, f64, f64) {
    (
        v["count"].as_u64().unwrap(),
        v["mean"].as_f64().unwrap() / H,
        v["median"].as_f64().unwrap() / H,
        v["p90"].as_f64().unwrap() / H,
    )
}

#[test]
fn metrics_match_the_hand_computed_values_of_a_small_history() {
    let repo = history();
    let m = metrics(&repo, &[]);
    assert_eq!(m["items"], 4, "{m:#}");
    let t = &m["time_in_state"];
    // Draft 1, 2, 1; p90 is the 3rd of 3 (nearest rank).
    assert_eq!(durations(&t["Draft"]), (3, 4.0 / 3.0, 1.0, 2.0));
    assert_eq!(durations(&t["Approved"]), (2, 1.5, 1.5, 2.0));
    assert_eq!(durations(&t["InProgress"]), (3, 8.0 / 3.0, 2.0, 4.0));
    assert_eq!(durations(&t["Review"]), (3, 1.0, 1.0, 1.0));
    assert_eq!(durations(&t["AwaitingArchReview"]), (3, 1.0, 1.0, 1.0));
    assert_eq!(durations(&t["RequiresRevision"]), (1, 1.0, 1.0, 1.0));
    // 1.2's 1h, 1.3's 3h (the edit within Blocked is no exit) and 2h.
    assert_eq!(durations(&t["Blocked"]), (3, 2.0, 2.0, 3.0));
    assert_eq!(durations(&t["Escalated"]), (1, 1.0, 1.0, 1.0));
    assert_eq!(durations(&m["cycle_time"]), (2, 10.5, 10.5, 13.0));
    // Checks: 8.5, 9.0 (1.4 came with its check), 7.0, 7.5, 5.0, 5.5,
    // 6.5; structure 100 in 5 of 7.
    assert_eq!(m["figures"]["avg_quality_score"].as_f64(), Some(49.0 / 7.0));
    assert_eq!(
        m["figures"]["structure_pass_rate"].as_f64(),
        Some(5.0 / 7.0)
    );
    // Architect: 1.2 two rounds, 1.3 one; QA: 1.1 one, 1.2 two.
    assert_eq!(
        m["figures"]["avg_review_rounds"]["architect"].as_f64(),
        Some(1.5)
    );
    assert_eq!(m["figures"]["avg_review_rounds"]["qa"].as_f64(), Some(1.5));
    // Approvals: 1.1 (auto), 1.2 (reviewed), 1.3 (overridden).
    assert_eq!(m["figures"]["auto_approval_rate"].as_f64(), Some(1.0 / 3.0));
    // Reviewed: 1.2 and 1.3; escalated: 1.3.
    assert_eq!(m["figures"]["escalation_rate"].as_f64(), Some(0.5));
    // Revisions: RR->Blocked (failed), Blocked->AAR twice, Blocked->Approved.
    assert_eq!(
        m["figures"]["sm_revision_success_rate"].as_f64(),
        Some(0.75)
    );
    // First QA rounds: 1.1 passed, 1.2 failed.
    assert_eq!(m["figures"]["dev_first_pass_rate"].as_f64(), Some(0.5));
    // Defaults: only the escalation rate (50% > 10%) fires.
    let alerts = m["alerts"].as_array().unwrap();
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert_eq!(alerts[0]["metric"], "escalation_rate");
    assert_eq!(alerts[0]["threshold"].as_f64(), Some(0.1));
    // Without --check the alert does not fail the run; with it, it does.
    let text = repo.orx(&["metrics"]);
    text.ok();
    assert!(
        text.stdout
            .contains("alert: escalation rate 50% > 10%: check the workflow and training"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains("auto-approval rate         33.3%"),
        "{}",
        text.stdout
    );
    repo.orx(&["metrics", "--check"]).code(1);
}

#[test]
fn metrics_count_only_the_period_asked_for() {
    let repo = history();
    // From March 2: 1.1 and 1.4 are out.
    let m = metrics(&repo, &["--since", "2026-03-02"]);
    assert_eq!(m["items"], 2);
    assert_eq!(durations(&m["cycle_time"]), (1, 13.0, 13.0, 13.0));
    assert_eq!(m["figures"]["auto_approval_rate"].as_f64(), Some(0.0));
    assert_eq!(m["figures"]["dev_first_pass_rate"].as_f64(), Some(0.0));
    assert_eq!(m["figures"]["avg_review_rounds"]["qa"].as_f64(), Some(2.0));
    assert_eq!(m["figures"]["avg_quality_score"].as_f64(), Some(31.5 / 5.0));
    // Before March 2: 1.1 and 1.4 only.
    let m = metrics(&repo, &["--until", "2026-03-02"]);
    assert_eq!(m["items"], 2);
    assert_eq!(m["figures"]["auto_approval_rate"].as_f64(), Some(1.0));
    assert_eq!(m["figures"]["dev_first_pass_rate"].as_f64(), Some(1.0));
    assert_eq!(m["figures"]["escalation_rate"], Value::Null);
    assert_eq!(m["figures"]["avg_review_rounds"]["architect"], Value::Null);
    assert_eq!(m["alerts"], serde_json::json!([]));
    repo.orx(&["metrics", "--since", ""]).code(2);
}

#[test]
fn alert_thresholds_come_from_the_config() {
    let repo = history();
    let config = repo.read(".orx/config.yaml");
    repo.write(
        ".orx/config.yaml",
        format!("{config}\nalerts:\n  max_review_rounds: 1.2\n  min_auto_approval_rate: 0.5\n  max_escalation_rate: 0.6\n"),
    );
    repo.commit_rules("tune the alerts");
    let m = metrics(&repo, &[]);
    let fired: Vec<&str> = m["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["metric"].as_str().unwrap())
        .collect();
    assert_eq!(
        fired,
        [
            "avg_review_rounds.architect",
            "avg_review_rounds.qa",
            "auto_approval_rate"
        ]
    );
    let out = repo.orx(&["metrics", "--check"]);
    out.code(1);
    assert!(
        out.stdout.contains(
            "alert: mean QA review rounds 1.50 > 1.2: check the decision matrix thresholds"
        ),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("alert: auto-approval rate 33.3% < 50%: check the quality standards"),
        "{}",
        out.stdout
    );
    // Nothing past them: --check passes.
    repo.write(
        ".orx/config.yaml",
        format!("{config}\nalerts: {{max_escalation_rate: 0.5}}\n"),
    );
    repo.commit_rules("no alert at 50%");
    repo.orx(&["metrics", "--check"]).ok();
}

#[test]
fn log_lists_edits_within_a_state_adoptions_and_overrides() {
    let repo = history();
    let out = repo.orx(&["log", "1.3"]);
    out.ok();
    assert!(
        out.stdout.contains("story 1.3 edit in Blocked  SM (Test Author)\n    quality.structure: 80 -> 90\n    quality.score: 5.0 -> 5.5\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("story 1.3 Blocked -> Approved  Human (Test Author)\n    override (")
            && out.stdout.contains("): ship it\n"),
        "{}",
        out.stdout
    );
    let adopted = repo.orx(&["log", "1.4"]);
    assert!(
        adopted.stdout.contains("story 1.4 (adopted) -> Approved"),
        "{}",
        adopted.stdout
    );
    let json: Value =
        serde_json::from_str(&repo.orx(&["log", "1.3", "--json", "--reverse"]).stdout).unwrap();
    let e = &json["entries"];
    assert_eq!(e[0]["event"], "created");
    assert_eq!(e[2]["event"], "edit");
    assert_eq!(
        e[2]["fields"],
        serde_json::json!([
            {"field": "quality.structure", "from": 80, "to": 90},
            {"field": "quality.score", "from": 5.0, "to": 5.5},
        ])
    );
    // Records are structured, not trailer text.
    assert_eq!(e[1]["records"][0]["trailer"], "Orx-Quality");
    assert_eq!(e[1]["records"][0]["field"], "quality");
    assert_eq!(e[1]["records"][0]["value"]["score"], 5.0);
    let last = &e[e.as_array().unwrap().len() - 1];
    assert_eq!(last["override"], "ship it");
    assert!(last["overridden"].is_string(), "{last}");
    let adopted: Value = serde_json::from_str(&repo.orx(&["log", "1.4", "--json"]).stdout).unwrap();
    assert_eq!(adopted["entries"][0]["event"], "adopted");
}

#[test]
fn log_lists_rollbacks() {
    let repo = Repo::new();
    repo.write("a.txt", "v1\n");
    repo.git(&["add", "a.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "code"]).ok();
    repo.orx(&["checkpoint"]).ok();
    repo.write("a.txt", "v2\n");
    repo.git(&["commit", "-q", "-am", "more"]).ok();
    repo.orx(&["rollback", "chk-202601020304", "--yes", "--as", "human"])
        .ok();
    let out = repo.orx(&["log"]);
    assert!(
        out.stdout
            .contains("rollback to chk-202601020304  Human (Test Author)"),
        "{}",
        out.stdout
    );
    let json: Value = serde_json::from_str(&repo.orx(&["log", "--json"]).stdout).unwrap();
    assert_eq!(json["entries"][0]["event"], "rollback");
    assert_eq!(json["entries"][0]["id"], "chk-202601020304");
}

/// The kept counts' files beside the history cache, with their bytes and
/// times, by name.
fn kept_counts(repo: &Repo) -> Vec<(String, Vec<u8>, std::time::SystemTime)> {
    let Ok(dir) = std::fs::read_dir(repo.path(".git/orx/history/folded")) else {
        return Vec::new();
    };
    let mut out: Vec<_> = dir
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".fold"))
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
                e.metadata().unwrap().modified().unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// Regression: the metrics counted on from what the last run kept, with
/// the commits since counted on top, are the metrics read afresh (text
/// with `--check`'s exit, JSON, another kind, a period), from an empty
/// trail on, after new commits, after history was rewritten under them,
/// after the rules changed, from a kept file cut short or foreign, and
/// with new commits the cache read before the counts were kept.
#[test]
fn metrics_counted_on_from_what_was_kept_are_the_metrics_read_afresh() {
    let repo = Repo::new();
    let forms: [&[&str]; 4] = [
        &["metrics", "--check"],
        &["metrics", "--json"],
        &["metrics", "--kind", "task", "--json"],
        &[
            "metrics",
            "--json",
            "--since",
            "2026-03-01T02:00:00Z",
            "--until",
            "2026-03-02T08:00:00Z",
        ],
    ];
    // Now, as the items stuck now are judged, the same for every run.
    let run = |args: &[&str]| {
        let out = repo.orx_env(args, &[("GIT_COMMITTER_DATE", "2026-03-10T00:00:00Z")]);
        assert!(out.code <= 1, "{args:?}: {}", out.stderr);
        (out.code, out.stdout)
    };
    // Each form's counts kept as they stand.
    let keep = || {
        for args in forms {
            run(args);
        }
    };
    let check = |when: &str| {
        for args in forms {
            let kept = run(args);
            assert_eq!(run(args), kept, "{when}: {args:?} again");
            std::fs::remove_dir_all(repo.path(".git/orx/history")).unwrap();
            assert_eq!(run(args), kept, "{when}: {args:?} afresh");
        }
    };
    keep();
    hand(&repo, "1.1", "Draft", None, "sm", (1, 0));
    hand(&repo, "1.1", "Approved", Some((100, 8.5)), "sm", (1, 1));
    hand(&repo, "1.1", "InProgress", Some((100, 8.5)), "dev", (1, 3));
    check("first entries");
    keep();
    // Nothing new: what was kept is taken up as it is, not written again.
    let before = kept_counts(&repo);
    // Text and JSON count the same: one kept file a kind and period.
    assert_eq!(before.len(), 3, "{before:?}");
    keep();
    assert_eq!(kept_counts(&repo), before, "nothing new");
    hand(&repo, "1.1", "Review", Some((100, 8.5)), "dev", (1, 7));
    hand(&repo, "1.1", "Done", Some((100, 8.5)), "qa", (1, 8));
    hand(&repo, "1.2", "Draft", None, "sm", (2, 0));
    hand(
        &repo,
        "1.2",
        "AwaitingArchReview",
        Some((100, 7.0)),
        "sm",
        (2, 2),
    );
    hand(
        &repo,
        "1.2",
        "Escalated",
        Some((100, 7.0)),
        "architect",
        (2, 3),
    );
    check("new commits");
    keep();
    hand(&repo, "1.2", "Blocked", Some((90, 7.0)), "human", (2, 4));
    hand(&repo, "1.2", "Approved", Some((100, 7.5)), "sm", (2, 5));
    hand(&repo, "1.3", "Approved", Some((100, 9.0)), "sm", (3, 1));
    check("more new commits");
    keep();
    repo.git(&["reset", "-q", "--hard", "HEAD~4"]).ok();
    check("a rewritten history");
    keep();
    let config = repo.read(".orx/config.yaml");
    repo.write(
        ".orx/config.yaml",
        format!("{config}\nalerts:\n  max_review_rounds: 1.2\n  min_auto_approval_rate: 0.9\n"),
    );
    repo.commit_rules("tune the alerts");
    check("changed rules");
    keep();
    hand(&repo, "1.4", "Draft", None, "sm", (4, 0));
    for (name, ..) in kept_counts(&repo) {
        let path = repo.path(&format!(".git/orx/history/folded/{name}"));
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    }
    check("kept files cut short");
    keep();
    hand(&repo, "1.4", "Approved", Some((100, 8.0)), "sm", (4, 1));
    for (name, ..) in kept_counts(&repo) {
        let path = repo.path(&format!(".git/orx/history/folded/{name}"));
        std::fs::write(&path, b"not what git-orx keeps").unwrap();
    }
    check("foreign kept files");
    // Commits the cache read before the counts were kept (a branch `log`
    // read ahead), added since: the segments there were then are not
    // read again, so they are read from git and counted once.
    repo.git(&["checkout", "-q", "-b", "ahead"]).ok();
    hand(&repo, "1.5", "Draft", None, "sm", (5, 0));
    hand(&repo, "1.5", "Approved", Some((100, 8.0)), "sm", (5, 1));
    repo.orx(&["log"]).ok();
    repo.git(&["checkout", "-q", "-"]).ok();
    std::fs::remove_dir_all(repo.path(".git/orx/history/folded")).unwrap();
    keep();
    repo.git(&["checkout", "-q", "ahead"]).ok();
    check("commits read before the counts were kept");
}
