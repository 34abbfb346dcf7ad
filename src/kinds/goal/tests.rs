//! The goal and task workflows' rules, one table row each: routing, the
//! end of a discussion, no-taker checks, round completion, the lead's
//! decisions, and a task's moves.

use super::*;
use crate::engine::validate::{self, Change};
use crate::workflow::role::Roles;

fn load(kind: &str) -> Workflow {
    Workflow::load(kind, None, &Roles::default()).unwrap()
}

fn goal(extra: Value) -> Value {
    let mut v =
        json!({"kind": "goal", "id": "G1", "title": "Login", "status": "open", "type": "feat"});
    if let Value::Object(m) = extra {
        for (k, x) in m {
            v[k] = x;
        }
    }
    v
}

const NOW: &str = "2026-01-02T03:04:05Z";

/// The state `event` takes the item to, or None where none answers.
fn decide_to(wf: &Workflow, event: &str, item: &Value, role: &str) -> Option<String> {
    crate::engine::decide::decide(wf, event, item, item, role, NOW)
        .ok()
        .map(|t| t.to.clone())
}

/// One row of the routing matrix: the case, the goal's fields, the state
/// it goes to, the discussion and the roles addressed.
type Route<'a> = (&'a str, Value, &'a str, Option<&'a str>, Option<Value>);

/// 路径决策矩阵: which path a new goal takes.
#[test]
fn the_routing_matrix() {
    let wf = load(GOAL);
    let rows: &[Route] = &[
        // (case, fields, state, discussion, addressed)
        (
            "flow: direct",
            json!({"flow": "direct"}),
            "executing",
            Some("none"),
            None,
        ),
        (
            "type: infrastructure",
            json!({"type": "infrastructure"}),
            "executing",
            Some("none"),
            None,
        ),
        (
            "infrastructure with an assignee",
            json!({"type": "infrastructure", "assignee": "dev"}),
            "executing",
            Some("none"),
            None,
        ),
        (
            "direct with an assignee",
            json!({"flow": "direct", "assignee": "qa"}),
            "executing",
            Some("none"),
            None,
        ),
        (
            "an assignee",
            json!({"assignee": "dev"}),
            "planning",
            Some("directed"),
            Some(json!(["dev"])),
        ),
        (
            "no assignee",
            json!({}),
            "discussing",
            Some("broadcast"),
            Some(json!(["architect", "dev", "qa"])),
        ),
    ];
    for (case, fields, state, discussion, addressed) in rows {
        let item = goal(fields.clone());
        let t = crate::engine::decide::decide(&wf, ROUTE, &item, &item, "lead", NOW)
            .unwrap_or_else(|e| panic!("{case}: {e:?}"));
        assert_eq!(t.to, *state, "{case}");
        let scope = wf.scope(item.clone(), "lead", NOW);
        let effects: Vec<(String, Value)> = t
            .effects
            .iter()
            .map(|e| (e.path.join("."), e.expr.eval(&scope).unwrap()))
            .collect();
        let get = |k: &str| effects.iter().find(|(p, _)| p == k).map(|(_, v)| v.clone());
        assert_eq!(get("round_count"), Some(json!(1)), "{case}");
        assert_eq!(get("discussion"), discussion.map(|d| json!(d)), "{case}");
        assert_eq!(get("addressed"), addressed.clone(), "{case}");
    }
}

fn discussing(extra: Value) -> Value {
    let mut v = goal(
        json!({"status": "discussing", "round_count": 1, "discussion": "broadcast", "addressed": ["architect", "dev", "qa"], "checks": 0}),
    );
    if let Value::Object(m) = extra {
        for (k, x) in m {
            v[k] = x;
        }
    }
    v
}

/// Phase 1 的结束条件: every addressed role answered and a task exists.
#[test]
fn a_discussion_ends_only_when_everyone_answered_and_a_task_exists() {
    let wf = load(GOAL);
    let task = json!({"round_count": 1, "done": 0, "failed": 0, "total": 1, "other": 1});
    let none = json!({"round_count": 1, "done": 0, "failed": 0, "total": 0, "other": 0});
    let rows = [
        (
            "all answered, a task",
            json!(["architect", "dev", "qa"]),
            task.clone(),
            true,
        ),
        (
            "one missing, a task",
            json!(["dev", "qa"]),
            task.clone(),
            false,
        ),
        (
            "all answered, no task",
            json!(["architect", "dev", "qa"]),
            none,
            false,
        ),
        (
            "a task of another round",
            json!(["architect", "dev", "qa"]),
            json!({"round_count": 0, "done": 0, "failed": 0, "total": 1, "other": 1}),
            false,
        ),
    ];
    for (case, answered, summary, ends) in rows {
        let item = discussing(json!({"answered": answered, "summary": summary}));
        let to = decide_to(&wf, DISCUSSION_ENDED, &item, "lead");
        assert_eq!(to.as_deref() == Some("executing"), ends, "{case}: {to:?}");
    }
}

/// 3 轮无 taker → escalated: the third check escalates, the first two count.
#[test]
fn the_third_check_with_no_taker_escalates() {
    let wf = load(GOAL);
    for (checks, to) in [(0, "discussing"), (1, "discussing"), (2, "escalated")] {
        let item = discussing(json!({"checks": checks}));
        assert_eq!(
            decide_to(&wf, NO_TAKER, &item, "lead").as_deref(),
            Some(to),
            "after {checks} checks"
        );
    }
    // A directed discussion falls back the same way.
    let item = discussing(json!({"checks": 2, "discussion": "directed", "addressed": ["dev"]}));
    assert_eq!(
        decide_to(&wf, NO_TAKER, &item, "lead").as_deref(),
        Some("escalated")
    );
}

/// 定向讨论 (the assignee-directed discussion): the assignee's plan waits
/// for the reviewer's check. Only the reviewer (or the Human) approves it,
/// only naming a plan the assignee wrote this round (a comment marked as
/// the plan, which the transition waits for); the approval is recorded
/// by the transition alone (`plan_check` is protected); a directed
/// discussion does not end without this round's approval; a plan no one
/// approves is checked and escalated like a discussion no one takes.
#[test]
fn the_reviewer_approves_a_directed_discussions_plan_before_it_moves_on() {
    let wf = load(GOAL);
    let planning = |extra: Value| {
        let mut v = goal(
            json!({"status": PLANNING, "round_count": 1, "discussion": "directed", "assignee": "dev", "addressed": ["dev"], "checks": 0}),
        );
        if let Value::Object(m) = extra {
            for (k, x) in m {
                v[k] = x;
            }
        }
        v
    };
    let rows = [
        (
            "the reviewer, a plan named",
            "reviewer",
            json!({"plan": "G1-r1-dev-1"}),
            Some("discussing"),
        ),
        (
            "the Human, a plan named",
            "human",
            json!({"plan": "G1-r1-dev-1"}),
            Some("discussing"),
        ),
        (
            "the reviewer, no plan yet",
            "reviewer",
            json!({"plan": null}),
            None,
        ),
        // `answered` is anyone's to edit: it is no plan.
        (
            "the reviewer, `answered` edited but no plan",
            "reviewer",
            json!({"answered": ["dev"]}),
            None,
        ),
        (
            "the assignee itself",
            "dev",
            json!({"plan": "G1-r1-dev-1"}),
            None,
        ),
        ("the lead", "lead", json!({"plan": "G1-r1-dev-1"}), None),
    ];
    for (case, role, extra, to) in rows {
        let item = planning(extra);
        let t = wf.transition(PLANNING, "discussing").unwrap();
        let may = wf.roles_of(t, &item).iter().any(|r| r == role);
        let moves = decide_to(&wf, "plan-approved", &item, role).filter(|_| may);
        assert_eq!(moves.as_deref(), to, "{case}");
    }
    // The plan the approval names must be, in the tree it is committed
    // in, a comment of this round by the assignee marked as the plan: the
    // transition waits for it (the hooks and `verify` read the tree).
    let t = wf.transition(PLANNING, "discussing").unwrap();
    let w = &t.waits[0];
    assert_eq!(
        (w.field.as_str(), w.kind.as_deref(), w.with.clone()),
        (
            "plan",
            Some(COMMENT),
            vec![
                ("plan".to_owned(), json!(true)),
                ("parent".to_owned(), json!("@id")),
                ("author".to_owned(), json!("@assignee")),
                ("goal_round".to_owned(), json!("@round_count")),
            ]
        )
    );
    // Approval written by hand, without the transition: refused.
    let before = planning(json!({"plan": "G1-r1-dev-1"}));
    let after = planning(
        json!({"plan": "G1-r1-dev-1", "plan_check": {"round_count": 1, "verdict": "approved"}}),
    );
    let change = Change {
        before: Some(&before),
        after: Some(&after),
        role: "reviewer",
        force: None,
        self_transition: false,
        now: NOW,
    };
    assert!(validate::validate(&wf, &change).is_err());
    // The discussion ends only with this round's approval.
    let ended = |plan_check: Value| {
        goal(
            json!({"status": "discussing", "round_count": 2, "discussion": "directed", "assignee": "dev", "addressed": ["dev"], "answered": ["dev"], "summary": {"round_count": 2, "total": 1, "done": 0, "failed": 0, "cancelled": 0, "other": 1, "all_terminal": false}, "plan_check": plan_check}),
        )
    };
    let approved_now = ended(json!({"round_count": 2, "verdict": "approved"}));
    let approved_before = ended(json!({"round_count": 1, "verdict": "approved"}));
    assert_eq!(
        decide_to(&wf, DISCUSSION_ENDED, &approved_now, "lead").as_deref(),
        Some("executing")
    );
    assert_eq!(
        decide_to(&wf, DISCUSSION_ENDED, &approved_before, "lead"),
        None
    );
    // The fallback: three checks with the plan not approved escalate.
    for (checks, to) in [(0, PLANNING), (1, PLANNING), (2, "escalated")] {
        let item = planning(json!({"checks": checks}));
        assert_eq!(
            decide_to(&wf, NO_TAKER, &item, "lead").as_deref(),
            Some(to),
            "after {checks} checks"
        );
    }
}

/// The round summary's all_terminal: done, failed and cancelled are ends;
/// anything else holds the round.
#[test]
fn a_round_completes_only_when_every_task_is_done_failed_or_cancelled() {
    let wf = load(GOAL);
    let rows = [
        ("2 done", (2, 0, 0, 0), true),
        ("1 done, 1 failed", (1, 1, 0, 0), true),
        ("1 failed", (0, 1, 0, 0), true),
        ("1 done, 1 cancelled", (1, 0, 1, 0), true),
        ("1 cancelled", (0, 0, 1, 0), true),
        ("1 done, 1 open", (1, 0, 0, 1), false),
        ("no task", (0, 0, 0, 0), false),
    ];
    for (case, (done, failed, cancelled, other), completes) in rows {
        let s = Summary {
            round: 1,
            done,
            failed,
            cancelled,
            other,
            total: done + failed + cancelled + other,
        };
        assert_eq!(s.all_terminal(), completes, "{case}");
        let item = goal(
            json!({"status": "executing", "round_count": 1, "summary": {"round_count": 1, "done": done, "failed": failed, "cancelled": cancelled, "total": done + failed + cancelled + other, "other": other, "all_terminal": completes}}),
        );
        let to = decide_to(&wf, ROUND_COMPLETE, &item, "lead");
        assert_eq!(to.as_deref() == Some("round-review"), completes, "{case}");
    }
}

/// The task states as the parent/sub flow has them (task_state.status
/// 更新机制): a claimed task starts `pending`, ends `done`, `failed` or
/// `cancelled`, the only terminal states; and the round summary
/// (`get_tc_subtask_summary`) counts `pending` and the working states among
/// `other`, so a round with one is not `all_terminal`.
#[test]
fn a_task_starts_pending_and_the_round_summary_counts_it_among_other() {
    let wf = load(TASK);
    assert_eq!(wf.initial, "pending");
    for state in ["pending", DONE, FAILED, CANCELLED] {
        assert!(wf.state(state).is_some(), "{state} is a task state");
    }
    let mut ends = wf.terminal_states();
    ends.sort();
    assert_eq!(ends, [CANCELLED, DONE, FAILED]);
    assert!(wf.state("assigned").is_none(), "the first state is pending");
    let mut s = Summary::default();
    for status in ["pending", "in-progress", DONE, FAILED, CANCELLED] {
        s.count(status);
    }
    assert_eq!(
        (s.done, s.failed, s.cancelled, s.other, s.total),
        (1, 1, 1, 2, 5)
    );
    assert!(!s.all_terminal());
    let mut ended = Summary::default();
    for status in [DONE, FAILED, CANCELLED] {
        ended.count(status);
    }
    assert!(ended.all_terminal());
}

fn judge(
    wf: &Workflow,
    before: &Value,
    after: &Value,
    role: &str,
) -> Result<(), validate::Refusal> {
    let change = Change {
        before: Some(before),
        after: Some(after),
        role,
        force: None,
        self_transition: false,
        now: NOW,
    };
    validate::validate(wf, &change).map(|_| ())
}

/// The lead's decisions at a round review: recorded for the round, by the
/// lead only; a new round counts up.
#[test]
fn round_review_decisions_are_the_leads_and_recorded() {
    let wf = load(GOAL);
    let review = goal(json!({"status": "round-review", "round_count": 1}));
    let decided = |state: &str, round: u64| {
        let mut v = review.clone();
        v["status"] = json!(state);
        v["round_count"] = json!(round);
        v["decision"] = json!({"round_count": 1, "choice": "x", "note": null});
        v
    };
    assert!(judge(&wf, &review, &decided("closed", 1), "lead").is_ok());
    assert!(judge(&wf, &review, &decided("closed", 1), "dev").is_err());
    assert!(judge(&wf, &review, &decided("executing", 2), "lead").is_ok());
    // A new round counts up (the hooks check the file has it).
    let after = decided("executing", 2);
    let change = Change {
        before: Some(&review),
        after: Some(&after),
        role: "lead",
        force: None,
        self_transition: false,
        now: NOW,
    };
    let effects = validate::judge(&wf, &change).unwrap().effects.unwrap();
    assert!(
        effects.contains(&(vec!["round_count".to_owned()], json!(2))),
        "{effects:?}"
    );
    // The decision must be recorded for this round.
    let mut undecided = decided("closed", 1);
    undecided["decision"]["round_count"] = json!(0);
    assert!(judge(&wf, &review, &undecided, "lead").is_err());
}

/// A task's moves: who may take each, and which skip a step.
#[test]
fn a_tasks_moves_and_who_takes_them() {
    let wf = load(TASK);
    let task = |state: &str| json!({"kind": "task", "id": "T1", "title": "Form", "status": state, "parent": "G1", "goal_round": 1, "assignee": "dev", "branch": "feat/T1-form"});
    let moved = |from: &str, to: &str, extra: Value| {
        let mut v = task(from);
        v["status"] = json!(to);
        if let Value::Object(m) = extra {
            for (k, x) in m {
                v[k] = x;
            }
        }
        v
    };
    let rows: &[(&str, &str, &str, Value, bool)] = &[
        ("pending", "in-progress", "dev", json!({}), true),
        ("pending", "in-progress", "qa", json!({}), false),
        ("pending", "in-review", "dev", json!({}), false),
        ("in-progress", "in-review", "dev", json!({}), true),
        (
            "in-review",
            "approved",
            "reviewer",
            json!({"review": {"verdict": "approved", "note": null}, "reviews": 1}),
            true,
        ),
        (
            "in-review",
            "approved",
            "dev",
            json!({"review": {"verdict": "approved", "note": null}, "reviews": 1}),
            false,
        ),
        (
            "in-review",
            "approved",
            "reviewer",
            json!({"reviews": 1}),
            false,
        ),
        (
            "in-review",
            "changes-requested",
            "reviewer",
            json!({"review": {"verdict": "changes-requested", "note": "x"}, "reviews": 1}),
            true,
        ),
        ("changes-requested", "in-review", "dev", json!({}), true),
        (
            "in-progress",
            "ci-failed",
            "dev",
            json!({"last_check": {"passed": false, "at": NOW, "failed": ["t"]}}),
            true,
        ),
        (
            "ci-failed",
            "in-progress",
            "dev",
            json!({"last_check": {"passed": true, "at": NOW, "failed": []}}),
            true,
        ),
        ("ci-failed", "in-review", "dev", json!({}), false),
        ("pending", "done", "dev", json!({}), false),
        (
            "in-progress",
            "failed",
            "dev",
            json!({"review": {"verdict": null, "note": "blocked"}}),
            true,
        ),
    ];
    for (from, to, role, extra, ok) in rows {
        let r = judge(&wf, &task(from), &moved(from, to, extra.clone()), role);
        assert_eq!(r.is_ok(), *ok, "{from} -> {to} as {role}: {r:?}");
    }
    // The close needs a commit's evidence (checked by the hooks and verify).
    let close = wf.transition("approved", "done").unwrap();
    let ev = close.evidence.as_ref().unwrap();
    assert_eq!(
        (
            ev.field.join("."),
            ev.trailer.as_str(),
            ev.merge_names.as_deref()
        ),
        ("closed_by.commit".to_owned(), "Closes", Some("branch"))
    );
    assert!(wf.state(DONE).unwrap().terminal && wf.state(FAILED).unwrap().terminal);
}

/// A task's start waits for the tasks it depends on (done) and for its
/// goal to be past a directed discussion's plan review (the end-to-end
/// flow's 定向讨论: no exec before the reviewer approves the plan), and
/// the lead may make a task for another role; `waits.until` must name
/// states.
#[test]
fn a_task_start_waits_for_its_dependencies_and_the_lead_creates_tasks() {
    let wf = load(TASK);
    let start = wf.transition("pending", "in-progress").unwrap();
    let w = &start.waits[0];
    assert_eq!(
        (w.field.as_str(), w.until.clone(), w.kind.as_deref()),
        ("depends", vec!["done".to_owned()], None)
    );
    let g = &start.waits[1];
    assert_eq!(
        (g.field.as_str(), g.kind.as_deref()),
        ("parent", Some(GOAL))
    );
    assert!(!g.until.iter().any(|s| s == PLANNING || s == "open"));
    assert_eq!(wf.creators, vec!["lead".to_owned()]);
    let task = json!({"kind": "task", "id": "T2", "title": "Tests", "status": "pending", "assignee": "qa", "depends": ["T1"]});
    assert_eq!(validate::listed(&task, "depends"), vec!["T1".to_owned()]);
    for (role, ok) in [
        ("qa", true),
        ("lead", true),
        ("human", true),
        ("dev", false),
    ] {
        let change = Change {
            before: None,
            after: Some(&task),
            role,
            force: None,
            self_transition: false,
            now: NOW,
        };
        assert_eq!(validate::validate(&wf, &change).is_ok(), ok, "{role}");
    }
    let bad = "transitions:\n  - from: pending\n    to: in-progress\n    roles: [\"@assignee\"]\n    waits: {field: depends, until: [merged]}\n";
    let e = Workflow::load(
        TASK,
        Some((bad, ".orx/workflows/task.yaml")),
        &Roles::default(),
    )
    .unwrap_err();
    assert!(
        e.message
            .to_string()
            .contains("`waits.until` names `merged`, which is no state"),
        "{e}"
    );
}

/// The end-to-end flow's task_state.status `failed` ("executor task 验证
/// 失败且 retry_count 达上限 → failed"): each failed check sends the task
/// back to its executor, counted in `ci_failures` by the transitions
/// alone; the check that reaches `max_ci_failures` (3) fails it, and a
/// move to ci-failed past the limit is refused.
#[test]
fn a_task_fails_by_the_rule_at_the_retry_limit() {
    let wf = load(TASK);
    assert_eq!(wf.params["max_ci_failures"], json!(3));
    let failed_check = json!({"passed": false, "at": NOW, "failed": ["t"]});
    let task = |state: &str, failures: u64| json!({"kind": "task", "id": "T1", "title": "Form", "status": state, "parent": "G1", "goal_round": 1, "assignee": "dev", "branch": "feat/T1-form", "ci_failures": failures, "last_check": failed_check.clone()});
    // (state, failed checks before, where a failed check takes it)
    let rows = [
        ("in-progress", 0, "ci-failed"),
        ("in-progress", 1, "ci-failed"),
        ("in-progress", 2, FAILED),
        ("in-review", 0, "ci-failed"),
        ("in-review", 2, FAILED),
        ("ci-failed", 1, "ci-failed"),
        ("ci-failed", 2, FAILED),
    ];
    for (state, failures, to) in rows {
        assert_eq!(
            decide_to(&wf, "check-failed", &task(state, failures), "dev").as_deref(),
            Some(to),
            "{state} after {failures} failed checks"
        );
    }
    let moved = |from: &str, failures: u64, to: &str, after: u64| {
        let before = task(from, failures);
        let mut a = task(to, after);
        a["status"] = json!(to);
        judge(&wf, &before, &a, "dev")
    };
    // Counted by the transition; the count is no one's to edit.
    assert!(moved("in-progress", 0, "ci-failed", 1).is_ok());
    assert!(moved("ci-failed", 1, "ci-failed", 2).is_ok());
    assert!(moved("in-progress", 1, "in-progress", 0).is_err());
    // Past the limit, back to work is refused: the task fails.
    assert!(moved("in-progress", 2, "ci-failed", 3).is_err());
    assert!(moved("ci-failed", 2, "ci-failed", 3).is_err());
    assert!(moved("ci-failed", 2, FAILED, 2).is_ok());
}

/// A task is made only while its goal takes claims (the end-to-end flow's
/// 定向讨论: "review 通过 → 创建 sub Issue"): the task workflow's
/// `create_waits:` lists its `parent` goal in discussing or executing, not
/// planning, which `claim`, the hooks and `verify` judge alike; another
/// kind's states a `waits:` names are checked by the registry.
#[test]
fn a_task_is_made_only_while_its_goal_takes_claims() {
    let wf = load(TASK);
    let w = &wf.create_waits[0];
    assert_eq!(
        (w.field.as_str(), w.kind.as_deref(), w.until.clone()),
        (
            "parent",
            Some(GOAL),
            vec!["discussing".to_owned(), "executing".to_owned()]
        )
    );
    let rules = |task_yaml: &str| {
        let mut files = std::collections::BTreeMap::new();
        files.insert(".orx/config.yaml".to_owned(), b"{}".to_vec());
        files.insert(
            ".orx/workflows/task.yaml".to_owned(),
            task_yaml.as_bytes().to_vec(),
        );
        crate::repo::rules::Rules::from_files(files)
            .unwrap()
            .unwrap()
    };
    let bad = "workflow: task\ncreate_waits:\n  - {field: parent, kind: goal, until: [thinking]}\n";
    let e = rules(bad)
        .kind(TASK)
        .and_then(|k| Ok(k.workflow()?))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("`waits.until` names `thinking`, which is no state of `goal`"),
        "{e}"
    );
    let bad = "workflow: task\ncreate_waits:\n  - {field: parent, kind: epic, until: [open]}\n";
    let e = rules(bad)
        .kind(TASK)
        .and_then(|k| Ok(k.workflow()?))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("waits for `epic` items, which is no kind here"),
        "{e}"
    );
    let good = "workflow: task\nparams: {max_ci_failures: 5}\n";
    assert!(
        rules(good)
            .kind(TASK)
            .and_then(|k| Ok(k.workflow()?))
            .is_ok()
    );
}

#[test]
fn drawn_task_ids_are_told_from_counted_ones() {
    for id in ["Tk3f9a", "T23456", "Tabcde", "Tz9z9z"] {
        assert!(looks_drawn(id), "{id}");
    }
    for id in [
        "T1", "T12", "T123456", "Tk3f9", "Tl2345", "To2345", "Tk3f9A", "G1",
    ] {
        assert!(!looks_drawn(id), "{id}");
    }
    // A task that depends on a drawn one names it as it names a counted one.
    let task = json!({"kind": "task", "id": "Tm4x7q", "title": "Tests", "status": "pending", "depends": ["Tk3f9a", "T1"]});
    assert_eq!(
        validate::listed(&task, "depends"),
        vec!["Tk3f9a".to_owned(), "T1".to_owned()]
    );
}
