use super::*;
use crate::role::Roles;
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

/// One row per line of seed 000's 状态转换矩阵 (and the three from Draft):
/// a story that meets the row's condition, the role the seed names, and the
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
    // QA: after a failing third round, the Human decides.
    let third = story("Review", json!({"rounds": {"qa": 3}}));
    let back = moved(&third, "InProgress");
    assert!(matches!(
        run(&wf, Some(&third), Some(&back), "qa", None),
        Err(Refusal::Preconditions { .. })
    ));
    assert_eq!(
        run(&wf, Some(&third), Some(&back), "human", None).unwrap(),
        "Review -> InProgress"
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
        Err(Refusal::Identity { field: "id", .. })
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
        e.to_string(),
        "--force is for the Human only; QA cannot override the rules"
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
