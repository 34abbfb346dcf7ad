use super::*;
use crate::workflow::role::Roles;
use serde_json::json;

fn wf() -> Workflow {
    Workflow::load("story", None, &Roles::default()).unwrap()
}

fn story(status: &str, extra: Value) -> Value {
    let mut v = json!({"kind": "story", "id": "1.2", "title": "Login", "status": status});
    if let Value::Object(m) = extra {
        for (k, x) in m {
            v[k] = x;
        }
    }
    v
}

fn moved(before: &Value, to: &str) -> Value {
    let mut after = before.clone();
    after["status"] = json!(to);
    after
}

fn run(
    wf: &Workflow,
    before: Option<&Value>,
    after: Option<&Value>,
    role: &str,
    force: Option<&str>,
) -> Result<String, Refusal> {
    let change = Change {
        before,
        after,
        role,
        force,
        self_transition: false,
        now: "2026-01-01T00:00:00Z",
    };
    validate(wf, &change).map(|a| match a {
        Accepted::Transition(t) => format!("{} -> {}", t.from, t.to),
        Accepted::Create { state } => format!("create {state}"),
        Accepted::Edit { state } => format!("edit {state}"),
        Accepted::Delete { state } => format!("delete {state}"),
        Accepted::Forced { refusal, .. } => format!("forced over {}", refusal.kind()),
    })
}

fn quality(structure: i64, extraction: i64, score: f64, complexity: &[&str]) -> Value {
    json!({"quality": {"structure": structure, "extraction": extraction, "score": score, "complexity": complexity}})
}

/// One row per transition of the story lifecycle (and the three from Draft):
/// a story that meets the row's condition, the role the workflow names, and the
/// roles that must be refused.
#[test]
fn every_row_of_the_transition_matrix() {
    let wf = wf();
    let good = quality(100, 90, 8.5, &[]);
    let review = quality(100, 90, 7.0, &["security"]);
    let bad = quality(100, 90, 5.0, &[]);
    let revised = json!({
        "quality": {"structure": 100, "extraction": 90, "score": 9.0, "complexity": []},
        "revision": {"baseline": 6.5, "open_critical": 0, "revised": ["minor"]},
        "rounds": {"architect": 1, "qa": 0},
    });
    let round1 = json!({"rounds": {"architect": 1, "qa": 0}});
    let qa1 = json!({"rounds": {"architect": 0, "qa": 1}});
    let rows: Vec<(&str, &str, &str, Value)> = vec![
        ("Draft", "Blocked", "sm", bad.clone()),
        ("Draft", "Approved", "sm", good.clone()),
        ("Draft", "AwaitingArchReview", "sm", review.clone()),
        ("Blocked", "AwaitingArchReview", "sm", review.clone()),
        ("Blocked", "Approved", "sm", good.clone()),
        ("Blocked", "Blocked", "sm", bad.clone()),
        (
            "AwaitingArchReview",
            "Approved",
            "architect",
            round1.clone(),
        ),
        (
            "AwaitingArchReview",
            "RequiresRevision",
            "architect",
            round1.clone(),
        ),
        (
            "AwaitingArchReview",
            "Escalated",
            "architect",
            round1.clone(),
        ),
        (
            "RequiresRevision",
            "AwaitingArchReview",
            "sm",
            review.clone(),
        ),
        ("RequiresRevision", "Approved", "sm", revised),
        ("RequiresRevision", "Blocked", "sm", bad),
        ("Approved", "InProgress", "dev", json!({})),
        ("InProgress", "Review", "dev", json!({})),
        ("Review", "Done", "qa", qa1.clone()),
        ("Review", "InProgress", "qa", qa1),
        ("Escalated", "AwaitingArchReview", "human", round1.clone()),
        ("Escalated", "Approved", "human", round1.clone()),
        ("Escalated", "Blocked", "human", round1),
    ];
    for (from, to, role, extra) in rows {
        let before = story(from, extra);
        let after = moved(&before, to);
        let change = Change {
            before: Some(&before),
            after: Some(&after),
            role,
            force: None,
            self_transition: from == to,
            now: "",
        };
        match validate(&wf, &change) {
            Ok(Accepted::Transition(t)) => assert_eq!((t.from.as_str(), t.to.as_str()), (from, to)),
            other => panic!("{from} -> {to} as {role}: {other:?}"),
        }
        for other in ["sm", "architect", "dev", "qa"] {
            if other == role || (to != "Done" && from == "Review" && other == "human") {
                continue;
            }
            let verdict = validate(
                &wf,
                &Change {
                    role: other,
                    ..change
                },
            );
            let allowed_roles = wf.transition(from, to).unwrap().roles.clone();
            match verdict {
                Err(Refusal::Unauthorized { responsible, .. }) => {
                    assert_eq!(responsible, allowed_roles)
                }
                Ok(_) if allowed_roles.iter().any(|r| r == other) => {}
                v => panic!("{from} -> {to} as {other} should be unauthorised: {v:?}"),
            }
        }
    }
}

#[test]
fn done_is_terminal() {
    let wf = wf();
    let done = story("Done", json!({}));
    for to in ["InProgress", "Review", "Draft", "Approved"] {
        let after = moved(&done, to);
        assert!(matches!(
            run(&wf, Some(&done), Some(&after), "qa", None),
            Err(Refusal::Terminal { .. })
        ));
    }
    // Nobody but a Human may even edit a Done story.
    let mut edited = done.clone();
    edited["title"] = json!("changed");
    assert!(matches!(
        run(&wf, Some(&done), Some(&edited), "qa", None),
        Err(Refusal::Unauthorized { to: None, .. })
    ));
    assert_eq!(
        run(&wf, Some(&done), Some(&edited), "human", None).unwrap(),
        "edit Done"
    );
}

#[test]
fn an_invalid_transition_names_the_allowed_targets() {
    let wf = wf();
    let before = story("Approved", json!({}));
    let e = run(
        &wf,
        Some(&before),
        Some(&moved(&before, "Done")),
        "dev",
        None,
    )
    .unwrap_err();
    insta::assert_snapshot!(e.to_string(), @r"
    story 1.2 cannot move from Approved to Done: the workflow has no such transition
      allowed from Approved: InProgress (Dev)
    ");
}

#[test]
fn an_unauthorised_role_is_told_who_is_responsible() {
    let wf = wf();
    let before = story("AwaitingArchReview", json!({"rounds": {"architect": 1}}));
    let mut edited = before.clone();
    edited["title"] = json!("Dev's idea");
    let e = run(&wf, Some(&before), Some(&edited), "dev", None).unwrap_err();
    insta::assert_snapshot!(e.to_string(), @r"
    Dev may not change story 1.2 while it is AwaitingArchReview
      responsible: Architect (owner of AwaitingArchReview)
    ");
    let e = run(
        &wf,
        Some(&before),
        Some(&moved(&before, "Approved")),
        "dev",
        None,
    )
    .unwrap_err();
    insta::assert_snapshot!(e.to_string(), @r"
    Dev may not move story 1.2 from AwaitingArchReview to Approved
      responsible: Architect
    ");
    assert_eq!(
        run(&wf, Some(&before), Some(&edited), "architect", None).unwrap(),
        "edit AwaitingArchReview"
    );
}

#[test]
fn unmet_preconditions_are_all_listed_with_their_values() {
    let wf = wf();
    let before = story("Blocked", quality(100, 85, 7.5, &["security", "db-schema"]));
    let e = run(
        &wf,
        Some(&before),
        Some(&moved(&before, "Approved")),
        "sm",
        None,
    )
    .unwrap_err();
    insta::assert_snapshot!(e.to_string(), @r#"
    story 1.2 cannot move from Blocked to Approved: 2 preconditions not met
      - the technical quality score is at least 8.0 — actual: quality.score = 7.5
      - complexity indicators: at most 1 — actual: quality.complexity = ["security","db-schema"]
    "#);
    // Never assessed: every condition is missing, and says so.
    let draft = story("Draft", json!({}));
    let e = run(
        &wf,
        Some(&draft),
        Some(&moved(&draft, "Approved")),
        "sm",
        None,
    )
    .unwrap_err();
    insta::assert_snapshot!(e.to_string(), @r"
    story 1.2 cannot move from Draft to Approved: 3 preconditions not met
      - structure validation is complete (100%) — actual: quality.structure = not set
      - technical extraction is at least 80% — actual: quality.extraction = not set
      - the technical quality score is at least 8.0 — actual: quality.score = not set
    ");
}

#[test]
fn round_limits_hold_without_recorded_reviews() {
    let wf = wf();
    // Architect: a failing second round goes to Escalated, not back to the SM.
    let second = story("AwaitingArchReview", json!({"rounds": {"architect": 2}}));
    let e = run(
        &wf,
        Some(&second),
        Some(&moved(&second, "RequiresRevision")),
        "architect",
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("a revision round is left"), "{e}");
    assert_eq!(
        run(
            &wf,
            Some(&second),
            Some(&moved(&second, "Escalated")),
            "architect",
            None
        )
        .unwrap(),
        "AwaitingArchReview -> Escalated"
    );
    // QA: after a failing third round, the Human decides — once QA's gate
    // of that round has failed.
    let third = story("Review", json!({"rounds": {"qa": 3}}));
    let back = moved(&third, "InProgress");
    assert!(matches!(
        run(&wf, Some(&third), Some(&back), "qa", None),
        Err(Refusal::Preconditions { .. })
    ));
    let e = run(&wf, Some(&third), Some(&back), "human", None).unwrap_err();
    assert!(
        e.to_string()
            .contains("the Human decides only once QA's gate"),
        "{e}"
    );
    let failed = story(
        "Review",
        json!({"rounds": {"qa": 3}, "review": {"qa": {"round": 3, "critical": 1, "passed": false}}}),
    );
    assert_eq!(
        run(
            &wf,
            Some(&failed),
            Some(&moved(&failed, "InProgress")),
            "human",
            None
        )
        .unwrap(),
        "Review -> InProgress"
    );
    // Done needs every acceptance criterion met, unless the Human decides
    // after the last round: QA cannot take it there, the Human can.
    let unmet = story(
        "Review",
        json!({"rounds": {"qa": 3}, "review": {"qa": {"round": 3, "critical": 0, "criteria": "failed", "passed": false}}}),
    );
    let done = moved(&unmet, "Done");
    let e = run(&wf, Some(&unmet), Some(&done), "qa", None).unwrap_err();
    assert!(
        e.to_string().contains("every acceptance criterion is met"),
        "{e}"
    );
    assert_eq!(
        run(&wf, Some(&unmet), Some(&done), "human", None).unwrap(),
        "Review -> Done"
    );
}

#[test]
fn recorded_reviews_must_agree_with_the_move() {
    let wf = wf();
    let failed = story(
        "AwaitingArchReview",
        json!({"rounds": {"architect": 1}, "review": {"architect": {"round": 1, "score": 6.99, "critical": 0}}}),
    );
    let e = run(
        &wf,
        Some(&failed),
        Some(&moved(&failed, "Approved")),
        "architect",
        None,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("review.architect.score = 6.99"),
        "{e}"
    );
    assert_eq!(
        run(
            &wf,
            Some(&failed),
            Some(&moved(&failed, "RequiresRevision")),
            "architect",
            None
        )
        .unwrap(),
        "AwaitingArchReview -> RequiresRevision"
    );
}

#[test]
fn new_items_start_in_the_initial_state_and_deleting_needs_a_human() {
    let wf = wf();
    let draft = story("Draft", json!({}));
    assert_eq!(
        run(&wf, None, Some(&draft), "sm", None).unwrap(),
        "create Draft"
    );
    assert!(matches!(
        run(&wf, None, Some(&draft), "dev", None),
        Err(Refusal::Unauthorized { .. })
    ));
    let approved = story("Approved", json!({}));
    let e = run(&wf, None, Some(&approved), "sm", None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "story 1.2 is new and must start in Draft, not Approved"
    );
    let e = run(&wf, Some(&approved), None, "dev", None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "story 1.2 (Approved) may be deleted only by a Human"
    );
    assert_eq!(
        run(&wf, Some(&approved), None, "human", None).unwrap(),
        "delete Approved"
    );
}

#[test]
fn identity_and_state_names_are_checked() {
    let wf = wf();
    let before = story("Approved", json!({}));
    let mut renumbered = before.clone();
    renumbered["id"] = json!("9.9");
    assert!(matches!(
        run(&wf, Some(&before), Some(&renumbered), "dev", None),
        Err(Refusal::Identity { field, .. }) if field == "id"
    ));
    let e = run(
        &wf,
        Some(&before),
        Some(&moved(&before, "Finished")),
        "human",
        Some("r"),
    )
    .unwrap_err();
    insta::assert_snapshot!(e.to_string(), @r"
    story 1.2: `Finished` is not a state of its workflow
      states: Draft, Blocked, AwaitingArchReview, RequiresRevision, Approved, InProgress, Review, Done, Escalated
    ");
}

#[test]
fn only_the_human_may_force_and_the_override_is_reported() {
    let wf = wf();
    let done = story("Done", json!({}));
    let back = moved(&done, "InProgress");
    let e = run(&wf, Some(&done), Some(&back), "qa", Some("reopen")).unwrap_err();
    assert_eq!(
        e,
        Refusal::ForceNotHuman {
            role: "qa".to_owned()
        }
    );
    assert_eq!(
        run(&wf, Some(&done), Some(&back), "human", Some("reopen")).unwrap(),
        "forced over terminal-state"
    );
    let draft = story("Draft", json!({}));
    assert_eq!(
        run(
            &wf,
            Some(&draft),
            Some(&moved(&draft, "Approved")),
            "human",
            Some("trusted")
        )
        .unwrap(),
        "forced over unauthorized-role"
    );
}

/// A file in a state its workflow no longer has (written under an earlier
/// workflow, whose state was renamed since): only the Human's forced edit
/// to a state the workflow has brings it back; an unforced one, another
/// role's, or one to a state it does not have stays refused.
#[test]
fn the_human_brings_an_item_out_of_a_state_its_workflow_no_longer_has() {
    let wf = wf();
    let old = story("Drafted", json!({}));
    let rows = [
        (
            "Draft",
            "human",
            Some("renamed"),
            "forced over unknown-state",
        ),
        ("Draft", "human", None, "unknown-state"),
        ("Draft", "sm", None, "unknown-state"),
        ("Draft", "sm", Some("renamed"), "force-needs-human"),
        ("Finished", "human", Some("renamed"), "unknown-state"),
    ];
    for (to, role, force, want) in rows {
        let got = run(&wf, Some(&old), Some(&moved(&old, to)), role, force)
            .unwrap_or_else(|e| e.kind().to_owned());
        assert_eq!(got, want, "to {to} as {role}, force {force:?}");
    }
    // The way out is judged as an edit in the state it lands in: what no
    // override passes, such as another ID, is still refused.
    let mut renumbered = moved(&old, "Draft");
    renumbered["id"] = json!("9.9");
    let got = run(&wf, Some(&old), Some(&renumbered), "human", Some("renamed"))
        .unwrap_or_else(|e| e.kind().to_owned());
    assert_eq!(got, "identity-changed");
}

#[test]
fn effects_do_not_change_the_verdict() {
    // The hook sees the story after `move` applied the effects; it must reach
    // the same verdict as `move` did before applying them.
    let wf = wf();
    let before = story("Blocked", quality(100, 90, 7.0, &[]));
    let mut after = moved(&before, "AwaitingArchReview");
    let t = wf.transition("Blocked", "AwaitingArchReview").unwrap();
    let scope = guard_scope(&wf, Some(t), Some(&before), &after, "sm", "");
    let fx = effects(t, &scope).unwrap();
    assert_eq!(
        fx,
        vec![(vec!["rounds".to_owned(), "architect".to_owned()], json!(1))]
    );
    after["rounds"] = json!({"architect": 1});
    assert_eq!(
        run(&wf, Some(&before), Some(&after), "sm", None).unwrap(),
        "Blocked -> AwaitingArchReview"
    );
}

/// Where `trigger` leads for `before` with `record` laid over it (as `gate`
/// or `assess` records it), or `none` when no transition fits.
fn decided(trigger: &str, before: &Value, record: Value, role: &str) -> String {
    let wf = wf();
    let after = crate::workflow::expr::merge(before, &record);
    match crate::engine::decide::decide(&wf, trigger, before, &after, role, "") {
        Ok(t) => t.to.clone(),
        Err(crate::engine::decide::NoDecision::NoneHolds { .. }) => "none".to_owned(),
        Err(e) => panic!("{e}"),
    }
}

/// The Architect's review rounds: pass at score ≥ 7 with no Critical issue; a
/// failing first round goes back to the SM, a failing second to the Human.
#[test]
fn the_architect_gate_by_round_and_score() {
    let rows: &[(i64, f64, i64, &str)] = &[
        (1, 7.0, 0, "Approved"),
        (1, 10.0, 0, "Approved"),
        (1, 6.99, 0, "RequiresRevision"),
        (1, 7.0, 1, "RequiresRevision"),
        (1, 9.5, 2, "RequiresRevision"),
        (2, 7.0, 0, "Approved"),
        (2, 6.99, 0, "Escalated"),
        (2, 8.0, 1, "Escalated"),
        // After the Human sent it back for another review.
        (3, 6.0, 0, "Escalated"),
    ];
    for &(round, score, critical, want) in rows {
        let before = story(
            "AwaitingArchReview",
            json!({"rounds": {"architect": round}}),
        );
        let record = json!({"review": {"architect": {"round": round, "score": score, "critical": critical, "high": 0, "medium": 0, "minor": 0}}});
        assert_eq!(
            decided("gate", &before, record, "architect"),
            want,
            "round {round}, score {score}, {critical} Critical"
        );
    }
}

/// QA's review rounds: strict, then moderate, then pragmatic; after a failing
/// third round (or any later one) no transition fits QA: the Human decides.
#[test]
fn qa_gate_is_strict_then_moderate_then_pragmatic_by_round() {
    // (round, critical, high, medium+low, criteria, previous total, outcome)
    type Row = (
        i64,
        i64,
        i64,
        i64,
        Option<&'static str>,
        Option<i64>,
        &'static str,
    );
    let rows: &[Row] = &[
        // Round 1, strict: every criterion met, no Critical or High.
        (1, 0, 0, 5, Some("met"), None, "Done"),
        (1, 0, 0, 0, Some("failed"), None, "InProgress"),
        (1, 0, 0, 0, None, None, "InProgress"),
        (1, 0, 1, 0, Some("met"), None, "InProgress"),
        (1, 1, 0, 0, Some("met"), None, "InProgress"),
        // Round 2, moderate: issues down by ≥ 50%, no High (nor Critical).
        (2, 0, 0, 5, Some("met"), Some(10), "Done"),
        (2, 0, 0, 50, Some("met"), Some(100), "Done"),
        (2, 0, 0, 51, Some("met"), Some(100), "InProgress"),
        (2, 0, 1, 0, Some("met"), Some(10), "InProgress"),
        (2, 1, 0, 0, Some("met"), Some(10), "InProgress"),
        (2, 0, 0, 1, Some("met"), None, "InProgress"), // round 1's count unknown
        (2, 0, 0, 0, Some("met"), None, "Done"),       // nothing left: down by any measure
        (2, 0, 0, 0, Some("met"), Some(0), "Done"),
        // Done needs every acceptance criterion met, in every QA round:
        // the round's standard reached, a criterion failed or not said.
        (2, 0, 0, 5, Some("failed"), Some(10), "InProgress"),
        (2, 0, 0, 0, None, Some(10), "InProgress"),
        // Round 3, pragmatic: no Critical; failing, the Human decides.
        (3, 0, 4, 20, Some("met"), Some(5), "Done"),
        (3, 1, 0, 0, Some("met"), Some(5), "none"),
        (4, 0, 0, 3, Some("met"), Some(5), "Done"),
        (4, 2, 0, 0, Some("met"), Some(5), "none"),
        // ... and with a criterion not met, too.
        (3, 0, 4, 20, Some("failed"), Some(5), "none"),
        (4, 0, 0, 3, None, Some(5), "none"),
    ];
    for &(round, critical, high, rest, criteria, previous, want) in rows {
        let before = story("Review", json!({"rounds": {"qa": round}}));
        let record = json!({"review": {"qa": {
            "round": round, "critical": critical, "high": high, "medium": rest, "low": 0,
            "total": critical + high + rest, "previous_total": previous, "criteria": criteria,
        }}});
        assert_eq!(
            decided("gate", &before, record, "qa"),
            want,
            "round {round}: {critical} Critical, {high} High, {rest} other, criteria {criteria:?}, previous {previous:?}"
        );
    }
}

/// Auto-approval: the re-assessment after a revision approves directly only
/// when all four hold; any one failing sends the story to round 2.
#[test]
fn auto_approval_needs_all_four_conditions() {
    // (open Critical, baseline, final score, revised severities, outcome)
    let rows: &[(i64, f64, f64, &[&str], &str)] = &[
        (0, 6.0, 8.0, &["minor"], "Approved"),
        (0, 6.2, 8.2, &["minor"], "Approved"), // exactly +2.0 in floating point
        (0, 5.7, 7.7, &["minor"], "AwaitingArchReview"), // +2.0 but below 8.0
        (1, 6.0, 9.0, &["minor"], "AwaitingArchReview"), // a Critical issue open
        (0, 6.5, 8.4, &["minor"], "AwaitingArchReview"), // improved by 1.9
        (0, 5.5, 7.99, &["minor"], "AwaitingArchReview"), // final below 8.0
        (0, 6.0, 9.0, &["minor", "high"], "AwaitingArchReview"), // not only Minor
        (0, 6.0, 9.0, &[], "AwaitingArchReview"), // nothing said revised
    ];
    for &(open, baseline, score, revised, want) in rows {
        let before = story(
            "RequiresRevision",
            json!({
                "quality": {"structure": 100, "extraction": 90, "score": 6.0, "complexity": []},
                "rounds": {"architect": 1},
                "revision": {"baseline": baseline, "open_critical": open, "revised": revised},
            }),
        );
        let record = json!({"quality": {"score": score}});
        assert_eq!(
            decided("assess", &before, record, "sm"),
            want,
            "open Critical {open}, {baseline} -> {score}, revised {revised:?}"
        );
    }
    // The SM who asks for the review (`assess --review`) gets round 2.
    let revised = story(
        "RequiresRevision",
        json!({
            "quality": {"structure": 100, "extraction": 90, "score": 6.0, "complexity": []},
            "rounds": {"architect": 1},
            "revision": {"baseline": 6.0, "open_critical": 0, "revised": ["minor"]},
        }),
    );
    let asked = json!({"quality": {"score": 8.0, "review_requested": true}});
    assert_eq!(
        decided("assess", &revised, asked, "sm"),
        "AwaitingArchReview"
    );
}

/// `records:` — a round's findings are written by the reviewing role, for
/// the current round, once.
#[test]
fn records_are_written_once_per_round_by_their_role() {
    let wf = wf();
    let before = story(
        "Review",
        json!({"rounds": {"qa": 2}, "review": {"qa": {"round": 1, "critical": 0, "high": 0, "medium": 3, "low": 0, "total": 3, "previous_total": null, "passed": false}}}),
    );
    let record = |round: i64, critical: i64| {
        crate::workflow::expr::merge(
            &before,
            &json!({"review": {"qa": {"round": round, "critical": critical, "high": 0, "medium": 0, "low": 0, "total": critical, "previous_total": 3, "passed": false}}}),
        )
    };
    // QA records round 2 (an edit: the story waits where it is).
    assert_eq!(
        run(&wf, Some(&before), Some(&record(2, 1)), "qa", None).unwrap(),
        "edit Review"
    );
    // Not for another round, and not by Dev.
    let e = run(&wf, Some(&before), Some(&record(1, 5)), "qa", None).unwrap_err();
    assert_eq!(e.kind(), "record");
    assert!(
        e.to_string()
            .contains("it is for round 1, but the current round (rounds.qa) is 2"),
        "{e}"
    );
    let mut by_dev = story("InProgress", json!({"rounds": {"qa": 2}}));
    by_dev["review"] = json!({"qa": {"round": 2, "critical": 0}});
    let e = run(
        &wf,
        Some(&story("InProgress", json!({"rounds": {"qa": 2}}))),
        Some(&by_dev),
        "dev",
        None,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("only QA may write it, not Dev"),
        "{e}"
    );
    // Regression: the problem was an English fragment the command line
    // matched to find its Chinese. It is a named message: its Chinese is
    // found by its ID, however its English is worded.
    let Refusal::Record { problem, .. } = &e else {
        panic!("{e}")
    };
    assert_eq!(problem.id(), "record-wrong-role");
    let zh = e.message().render(crate::text::message::Lang::Zh);
    assert!(zh.contains("只有 QA 可以写入,Dev 不可以"), "{zh}");
    // Once written, round 2's record cannot be rewritten into a pass.
    let recorded = record(2, 1);
    let rewritten =
        crate::workflow::expr::merge(&recorded, &json!({"review": {"qa": {"critical": 0}}}));
    let e = run(&wf, Some(&recorded), Some(&rewritten), "qa", None).unwrap_err();
    assert!(
        e.to_string()
            .contains("round 2 is already recorded and cannot be rewritten"),
        "{e}"
    );
    // The Human may, with a reason.
    assert_eq!(
        run(
            &wf,
            Some(&recorded),
            Some(&rewritten),
            "human",
            Some("miscounted")
        )
        .unwrap(),
        "forced over record"
    );
    // A record must add up: its total, and the previous round's total.
    let mut fake = record(2, 0);
    fake["review"]["qa"]["previous_total"] = json!(100);
    let e = run(&wf, Some(&before), Some(&fake), "qa", None).unwrap_err();
    assert!(
        e.to_string()
            .contains("the previous total is the previous round's recorded total"),
        "{e}"
    );
    let mut fake = record(2, 0);
    fake["review"]["qa"]["medium"] = json!(4);
    let e = run(&wf, Some(&before), Some(&fake), "qa", None).unwrap_err();
    assert!(
        e.to_string()
            .contains("the total is the sum of the issue counts"),
        "{e}"
    );
}

/// A small workflow that is neither the story's nor the agent's: three
/// states, a role per move, a guard, an effect and a protected field.
const TICKET: &str = r#"
workflow: ticket
items: {dir: docs/tickets}
description: A made-up three-state ticket
initial: Open
protected: [attempts]
fields:
  attempts: count
  tests_pass: boolean
defaults:
  attempts: 0
  tests_pass: false
states:
  Open: {owner: dev}
  Fixing: {owner: dev}
  Closed: {terminal: true}
transitions:
  - from: Open
    to: Fixing
    roles: [dev]
    effects:
      attempts: attempts + 1
  - from: Fixing
    to: Closed
    roles: [qa]
    guard:
      - expr: tests_pass == true
        desc: "the tests pass"
  - from: Fixing
    to: Open
    roles: [qa]
"#;

/// The validator judges any workflow from its file alone: each allowed
/// change of the made-up ticket workflow is accepted as what it is, and
/// each refused one is refused for its own reason.
#[test]
fn a_made_up_workflow_is_judged_by_its_own_rules() {
    let wf = Workflow::load("ticket", Some((TICKET, "ticket.yaml")), &Roles::default()).unwrap();
    let ticket = |status: &str, extra: Value| {
        let mut v = json!({"kind": "ticket", "id": "7", "title": "Crash", "status": status});
        if let Value::Object(m) = extra {
            for (k, x) in m {
                v[k] = x;
            }
        }
        v
    };
    let none = json!({});
    // (before, after, role, force, what the validator must answer)
    type Case = (
        Option<Value>,
        Option<Value>,
        &'static str,
        Option<&'static str>,
        &'static str,
    );
    #[rustfmt::skip]
    let cases: Vec<Case> = vec![
        // Allowed.
        (None, Some(ticket("Open", none.clone())), "dev", None, "create Open"),
        (Some(ticket("Open", none.clone())), Some(ticket("Fixing", none.clone())), "dev", None, "Open -> Fixing"),
        (Some(ticket("Open", none.clone())), Some(ticket("Fixing", json!({"attempts": 1}))), "dev", None, "Open -> Fixing"),
        (Some(ticket("Fixing", json!({"tests_pass": true}))), Some(ticket("Closed", json!({"tests_pass": true}))), "qa", None, "Fixing -> Closed"),
        (Some(ticket("Fixing", json!({"attempts": 1}))), Some(ticket("Open", json!({"attempts": 1}))), "qa", None, "Fixing -> Open"),
        (Some(ticket("Open", none.clone())), Some(ticket("Open", json!({"title": "Crash on start"}))), "dev", None, "edit Open"),
        (Some(ticket("Open", none.clone())), Some(ticket("Closed", none.clone())), "human", Some("duplicate"), "forced over invalid-transition"),
        // Refused, each for its own reason.
        (None, Some(ticket("Fixing", none.clone())), "dev", None, "not-initial-state"),
        (None, Some(ticket("Reopened", none.clone())), "dev", None, "unknown-state"),
        (Some(ticket("Open", none.clone())), Some(ticket("Fixing", none.clone())), "qa", None, "unauthorized-role"),
        (Some(ticket("Open", none.clone())), Some(ticket("Closed", none.clone())), "dev", None, "invalid-transition"),
        (Some(ticket("Fixing", none.clone())), Some(ticket("Closed", none.clone())), "qa", None, "unmet-precondition"),
        (Some(ticket("Closed", none.clone())), Some(ticket("Open", none.clone())), "qa", None, "terminal-state"),
        (Some(ticket("Open", none.clone())), Some(ticket("Open", json!({"attempts": 5}))), "dev", None, "protected-field"),
        (Some(ticket("Fixing", json!({"attempts": 1}))), Some(ticket("Open", json!({"attempts": 5}))), "qa", None, "protected-field"),
        (Some(ticket("Open", none.clone())), Some(ticket("Closed", none.clone())), "dev", Some("duplicate"), "force-needs-human"),
    ];
    for (before, after, role, force, want) in &cases {
        let got = match run(&wf, before.as_ref(), after.as_ref(), role, *force) {
            Ok(accepted) => accepted,
            Err(refusal) => refusal.kind().to_owned(),
        };
        assert_eq!(
            &got, want,
            "{role} changing {before:?} into {after:?} (force: {force:?})"
        );
    }
}

/// A self-transition (the code review's error count) carries no edit the
/// state's edit guard refuses: the error alone is the transition; with a
/// report marked generated before any dimension is reviewed, the edit
/// guard refuses it.
#[test]
fn a_self_transition_holds_the_states_edit_guard() {
    let wf = Workflow::load("codereview", None, &Roles::default()).unwrap();
    let before = json!({
        "kind": "codereview", "id": "1", "title": "r", "status": "running",
        "dimensions": ["security"], "reviewed": [], "scan_completed": false,
        "report_generated": false, "error_count": 0,
    });
    let mut counted = before.clone();
    counted["error_count"] = json!(1);
    fn change<'a>(before: &'a Value, after: &'a Value) -> Change<'a> {
        Change {
            before: Some(before),
            after: Some(after),
            role: "qa",
            force: None,
            self_transition: true,
            now: "2026-01-01T00:00:00Z",
        }
    }
    assert!(matches!(
        validate(&wf, &change(&before, &counted)),
        Ok(Accepted::Transition(t)) if t.from == "running" && t.to == "running"
    ));
    let mut marked = counted.clone();
    marked["report_generated"] = json!(true);
    match validate(&wf, &change(&before, &marked)) {
        Err(Refusal::EditGuard { state, unmet, .. }) => {
            assert_eq!(state, "running");
            assert!(
                unmet.iter().any(|u| u.desc.contains("report is generated")),
                "{unmet:?}"
            );
        }
        other => panic!("{other:?}"),
    }
}

/// A refusal is said by its message's ID, in each language from that
/// language's own resource: its English may be reworded and its Chinese
/// is still found, as nothing looks the English up.
#[test]
fn a_library_refusal_reworded_in_english_keeps_its_chinese() {
    use crate::text::message::{Lang, say};
    let r = Refusal::Terminal {
        item: ItemRef::new("story", "1.1"),
        state: "Done".to_owned(),
        to: "Review".to_owned(),
    };
    let m = r.message();
    assert_eq!(
        m.render(Lang::En),
        "story 1.1 is Done, a terminal state: it cannot move to Review\n  allowed from Done: none (only a Human can override)"
    );
    assert_eq!(r.to_string(), m.render(Lang::En));
    assert_eq!(
        m.render(Lang::Zh),
        "story 1.1 已处于终止状态 Done,不能移到 Review\n  Done 允许的转换: 无 (只有 Human 能覆盖)"
    );
    // The Chinese is the Chinese of the ID, whatever its English says.
    let first = say(
        Lang::Zh,
        "item-state-terminal-state-cannot",
        [
            ("item", "story 1.1".to_owned()),
            ("state", "Done".to_owned()),
            ("to", "Review".to_owned()),
        ],
    );
    assert!(m.render(Lang::Zh).starts_with(&first), "{first}");
}

/// A refusal's conditions are said in the workflow's own words in each
/// language, with the values that explain them: by ID, not found by
/// matching the English line.
#[test]
fn a_refused_move_says_its_conditions_in_the_workflows_chinese() {
    use crate::text::message::Lang;
    let wf = wf();
    let before = story("Draft", quality(100, 90, 5.0, &[]));
    let Err(r) = run(
        &wf,
        Some(&before),
        Some(&moved(&before, "Approved")),
        "sm",
        None,
    ) else {
        panic!("a score of 5 approves no story");
    };
    let Refusal::Preconditions { unmet, .. } = &r else {
        panic!("{r}");
    };
    let en = r.message().render(Lang::En);
    let zh = r.message().render(Lang::Zh);
    assert_eq!(en, r.to_string());
    for u in unmet {
        assert!(en.contains(&format!("\n  - {}", u.desc)), "{en}");
        let said =
            u.zh.as_deref()
                .expect("every built-in condition has Chinese");
        assert!(zh.contains(said), "{zh}");
        assert!(!zh.contains(&u.desc), "{zh}");
    }
    assert!(en.contains("quality.score = 5.0"), "{en}");
    assert!(
        zh.contains("实际: ") && zh.contains("quality.score = 5.0"),
        "{zh}"
    );
}

/// Items of another kind waited for are named with their kind (`outage
/// 2`), those of the item's own kind by their ID alone.
#[test]
fn a_wait_on_another_kind_names_its_items_with_their_kind() {
    let refusal = |kind: Option<&str>| {
        Refusal::Waits {
            item: ItemRef::new("fix", "7"),
            from: "Open".to_owned(),
            to: "Closed".to_owned(),
            waits: Box::new(WaitsFor {
                field: "after".to_owned(),
                until: vec!["Resolved".to_owned()],
                waiting: vec!["2".to_owned(), "3".to_owned()],
                kind: kind.map(str::to_owned),
            }),
        }
        .to_string()
    };
    let other = refusal(Some("outage"));
    assert!(other.contains("waits for outage 2, outage 3"), "{other}");
    let own = refusal(None);
    assert!(own.contains("waits for 2, 3"), "{own}");
}
