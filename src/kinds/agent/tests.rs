use super::*;
use crate::engine::validate::{self, Accepted, Change};
use crate::workflow::role::Roles;

fn wf() -> Workflow {
    Workflow::load("agent", None, &Roles::default()).unwrap()
}

fn context(state: &str, extra: Value) -> Value {
    let mut v = json!({"kind": "agent", "id": "default", "acts_as": "dev", "task_status": state, "status": state});
    if let Value::Object(m) = extra {
        for (k, x) in m {
            v[k] = x;
        }
    }
    v
}

fn judge(
    wf: &Workflow,
    before: &Value,
    after: &Value,
    role: &str,
) -> Result<String, validate::Refusal> {
    let change = Change {
        before: Some(before),
        after: Some(after),
        role,
        force: None,
        self_transition: false,
        now: "2026-01-01T00:00:00Z",
    };
    validate::validate(wf, &change).map(|a| match a {
        Accepted::Transition(t) => format!("{} -> {}", t.from, t.to),
        Accepted::Edit { state } => format!("edit {state}"),
        other => format!("{other:?}"),
    })
}

/// The item after `t`, with its effects applied as `plan` applies them.
fn after(wf: &Workflow, t: &Transition, before: &Value, role: &str) -> Value {
    let mut a = before.clone();
    a["status"] = json!(t.to);
    a["task_status"] = json!(t.to);
    let scope = validate::guard_scope(wf, Some(t), Some(before), &a, role, "2026-01-01T00:00:00Z");
    for (path, v) in validate::effects(t, &scope).unwrap() {
        validate::put(&mut a, &path, v);
    }
    a
}

const STATES: [&str; 7] = [
    "IDLE",
    "PLANNING",
    "CONFIRMING",
    "EXECUTING",
    "AUTO_FIX",
    "BLOCKED",
    "ARCHIVING",
];

/// The agent lifecycle's triggers: each of the twelve, fired by the party that
/// may fire it, lands where the workflow says; from every other state the
/// trigger is refused.
#[test]
fn every_agent_trigger_lands_where_the_workflow_says_and_only_there() {
    let wf = wf();
    let task = json!([{"title": "t", "status": "todo"}]);
    let done = json!([{"title": "t", "status": "done"}]);
    let rows: Vec<(&str, &str, &str, &str, Value)> = vec![
        (
            "USER_INPUT_REQUIREMENT",
            "IDLE",
            "PLANNING",
            "human",
            json!({}),
        ),
        (
            "PRD_GENERATED",
            "PLANNING",
            "CONFIRMING",
            "dev",
            json!({"tasks": task}),
        ),
        (
            "USER_CONFIRM",
            "CONFIRMING",
            "EXECUTING",
            "human",
            json!({"tasks": task}),
        ),
        ("USER_CANCEL", "CONFIRMING", "IDLE", "human", json!({})),
        ("USER_CANCEL", "PLANNING", "IDLE", "human", json!({})),
        (
            "ERROR_DETECTED",
            "EXECUTING",
            "AUTO_FIX",
            "dev",
            json!({"tasks": task, "last_check": {"passed": false}}),
        ),
        (
            "FIX_SUCCESS",
            "AUTO_FIX",
            "EXECUTING",
            "dev",
            json!({"auto_fix_attempts": 1, "last_check": {"passed": true}}),
        ),
        (
            "FIX_FAILED_3X",
            "AUTO_FIX",
            "BLOCKED",
            "dev",
            json!({"auto_fix_attempts": 2, "last_check": {"passed": false}}),
        ),
        (
            "HUMAN_INTERVENTION",
            "BLOCKED",
            "EXECUTING",
            "human",
            json!({"auto_fix_attempts": 3}),
        ),
        (
            "ROLLBACK",
            "BLOCKED",
            "IDLE",
            "human",
            json!({"last_checkpoint": "chk-20260101000000"}),
        ),
        (
            "ALL_TASKS_DONE",
            "EXECUTING",
            "ARCHIVING",
            "dev",
            json!({"tasks": done}),
        ),
        (
            "ARCHIVE_COMPLETE",
            "ARCHIVING",
            "IDLE",
            "dev",
            json!({"tasks": done}),
        ),
    ];
    for (trigger, from, to, role, extra) in &rows {
        let before = context(from, extra.clone());
        let t = fired(&wf, from, trigger).unwrap_or_else(|e| panic!("{trigger} from {from}: {e}"));
        assert_eq!(t.to, *to, "{trigger} from {from}");
        let a = after(&wf, t, &before, role);
        assert_eq!(
            judge(&wf, &before, &a, role).unwrap_or_else(|e| panic!("{trigger} from {from}: {e}")),
            format!("{from} -> {to}")
        );
    }
    // From any other state, each trigger is refused with where it applies.
    for (trigger, ..) in &rows {
        for state in STATES {
            if rows.iter().any(|(t, f, ..)| t == trigger && *f == state) {
                continue;
            }
            let e = fired(&wf, state, trigger).unwrap_err();
            assert!(
                e.to_string()
                    .contains(&format!("`{trigger}` applies to stories in"))
                    || e.to_string().contains(&format!("`{trigger}` applies to")),
                "{trigger} from {state}: {e}"
            );
        }
    }
    assert_eq!(wf.state_field, "task_status");
    assert_eq!(wf.initial, "IDLE");
}

/// The user's decisions are the Human's; the agent's work is its own role's.
#[test]
fn the_humans_decisions_and_the_agents_work_are_fired_by_their_own_roles() {
    let wf = wf();
    let idle = context("IDLE", json!({}));
    let t = fired(&wf, "IDLE", "USER_INPUT_REQUIREMENT").unwrap();
    let e = judge(&wf, &idle, &after(&wf, t, &idle, "dev"), "dev").unwrap_err();
    assert!(
        e.to_string()
            .contains("Dev may not move agent default from IDLE to PLANNING"),
        "{e}"
    );
    let planning = context(
        "PLANNING",
        json!({"tasks": [{"title": "t", "status": "todo"}]}),
    );
    let t = fired(&wf, "PLANNING", "PRD_GENERATED").unwrap();
    let e = judge(&wf, &planning, &after(&wf, t, &planning, "qa"), "qa").unwrap_err();
    assert!(e.to_string().contains("responsible: Dev or Human"), "{e}");
    // An agent acting as QA fires its own work.
    let qa_agent = context(
        "PLANNING",
        json!({"acts_as": "qa", "tasks": [{"title": "t", "status": "todo"}]}),
    );
    assert!(judge(&wf, &qa_agent, &after(&wf, t, &qa_agent, "qa"), "qa").is_ok());
}

/// The circuit breaker: in AUTO_FIX a failing check counts an attempt; the
/// third in a row trips it (BLOCKED); a pass resets it.
#[test]
fn the_circuit_breaker_trips_at_exactly_three() {
    let wf = wf();
    let mut ctx = context(
        "AUTO_FIX",
        json!({"auto_fix_attempts": 0, "last_check": {"passed": false}}),
    );
    for (attempts, want) in [(0, "AUTO_FIX"), (1, "AUTO_FIX"), (2, "BLOCKED")] {
        assert_eq!(ctx["auto_fix_attempts"], attempts);
        let t = crate::engine::decide::decide(&wf, "check-failed", &ctx, &ctx, "dev", "").unwrap();
        assert_eq!(t.to, want, "failure with {attempts} attempts");
        ctx = after(&wf, t, &ctx, "dev");
        assert_eq!(ctx["auto_fix_attempts"], attempts + 1);
    }
    // A pass in AUTO_FIX resets the count.
    let fixing = context(
        "AUTO_FIX",
        json!({"auto_fix_attempts": 2, "last_check": {"passed": true}}),
    );
    let t =
        crate::engine::decide::decide(&wf, "check-passed", &fixing, &fixing, "dev", "").unwrap();
    assert_eq!(t.trigger.as_deref(), Some("FIX_SUCCESS"));
    assert_eq!(after(&wf, t, &fixing, "dev")["auto_fix_attempts"], 0);
    // The counter is the workflow's: a hand edit may not reset it.
    let mut reset = ctx.clone();
    reset["auto_fix_attempts"] = json!(0);
    let e = judge(&wf, &ctx, &reset, "human").unwrap_err();
    assert_eq!(e.kind(), "protected-field");
    // The agent may not claim a fix the last check did not confirm.
    let red = context(
        "AUTO_FIX",
        json!({"auto_fix_attempts": 1, "last_check": {"passed": false}}),
    );
    let t = fired(&wf, "AUTO_FIX", "FIX_SUCCESS").unwrap();
    let e = judge(&wf, &red, &after(&wf, t, &red, "dev"), "dev").unwrap_err();
    assert!(e.to_string().contains("the last check passed"), "{e}");
    // The Human may stop the auto-fix sooner.
    let early = context("AUTO_FIX", json!({"auto_fix_attempts": 0}));
    let t = fired(&wf, "AUTO_FIX", "FIX_FAILED_3X").unwrap();
    assert!(judge(&wf, &early, &after(&wf, t, &early, "human"), "human").is_ok());
    assert!(judge(&wf, &early, &after(&wf, t, &early, "dev"), "dev").is_err());
}

/// The operations each state allows: edits a state does not allow are refused whoever makes them,
/// and commands check their operation.
#[test]
fn states_allow_only_their_operations() {
    let wf = wf();
    let tasks = json!([{"title": "a", "status": "todo"}]);
    let executing = context("EXECUTING", json!({"tasks": tasks, "requirement": "login"}));
    // No new requirement while EXECUTING: no new task, no new requirement.
    let mut more = executing.clone();
    more["tasks"] = json!([{"title": "a", "status": "todo"}, {"title": "b", "status": "todo"}]);
    let e = judge(&wf, &executing, &more, "dev").unwrap_err();
    assert_eq!(e.kind(), "edit-not-allowed");
    assert!(
        e.to_string().contains("no task is added or removed now"),
        "{e}"
    );
    let mut other = executing.clone();
    other["requirement"] = json!("logout");
    assert!(judge(&wf, &executing, &other, "dev").is_err());
    // Marking a task done is the work EXECUTING is for.
    let mut done = executing.clone();
    done["tasks"] = json!([{"title": "a", "status": "done"}]);
    assert_eq!(
        judge(&wf, &executing, &done, "dev").unwrap(),
        "edit EXECUTING"
    );
    // ... but not undoing it.
    assert!(judge(&wf, &done, &executing, "dev").is_err());
    // While CONFIRMING the user may modify the plan.
    let confirming = context(
        "CONFIRMING",
        json!({"tasks": tasks, "requirement": "login"}),
    );
    let mut modified = confirming.clone();
    modified["requirement"] = json!("login with SSO");
    assert_eq!(
        judge(&wf, &confirming, &modified, "human").unwrap(),
        "edit CONFIRMING"
    );
    // Pausing is for PLANNING and EXECUTING.
    let mut paused = confirming.clone();
    paused["paused"] = json!(true);
    assert!(judge(&wf, &confirming, &paused, "human").is_err());
    let mut paused = executing.clone();
    paused["paused"] = json!(true);
    assert_eq!(
        judge(&wf, &executing, &paused, "dev").unwrap(),
        "edit EXECUTING"
    );
    // Every transition is an operation its source state allows (checked
    // when the workflow loads), and every state's operations are declared.
    for t in &wf.transitions {
        let op = t.operation.as_deref().unwrap();
        assert!(
            wf.state(&t.from)
                .unwrap()
                .operations
                .iter()
                .any(|o| o == op),
            "{}",
            t.from
        );
    }
    assert_eq!(
        wf.state("IDLE").unwrap().operations,
        ["receive-requirement", "view-history"]
    );
}

#[test]
fn tasks_are_added_marked_in_order_and_summarised() {
    let q = tasks(&json!({}));
    let q = add_task(&q, "write the form").unwrap();
    let q = add_task(q.as_array().unwrap(), "test it").unwrap();
    let (q, n) = mark_task(q.as_array().unwrap(), None, "done").unwrap();
    assert_eq!(n, 1);
    assert_eq!(open_tasks(q.as_array().unwrap()), 1);
    assert!(mark_task(q.as_array().unwrap(), Some(1), "done").is_err());
    assert!(mark_task(q.as_array().unwrap(), Some(3), "done").is_err());
    let (q, n) = mark_task(q.as_array().unwrap(), None, "skipped").unwrap();
    assert_eq!((n, open_tasks(q.as_array().unwrap())), (2, 0));
    assert!(add_task(&[], " ").is_err());
    let s = summary(
        &json!({"session_id": "s1", "requirement": "login", "tasks": q}),
        "now",
        None,
    );
    assert!(
        s.contains("- Tasks: 1 of 2 done\n  - [x] write the form\n  - [-] test it\n"),
        "{s}"
    );
}

#[test]
fn agent_context_paths_are_named_safely_and_recognised() {
    let mut files = std::collections::BTreeMap::new();
    files.insert(".orx/config.yaml".to_owned(), b"{}".to_vec());
    let rules = crate::repo::rules::Rules::from_files(files)
        .unwrap()
        .unwrap();
    assert_eq!(
        context_path(&rules, DEFAULT).unwrap(),
        ".orx/active_context.md"
    );
    assert_eq!(
        context_path(&rules, "dev-2").unwrap(),
        ".orx/agents/dev-2.md"
    );
    assert!(context_path(&rules, "../x").is_err());
    assert_eq!(rules.kind_at(".orx/active_context.md"), Some(KIND));
    assert_eq!(rules.kind_at(".orx/agents/dev-2.md"), Some(KIND));
    assert_eq!(rules.kind_at(".orx/config.yaml"), None);
    assert_eq!(rules.kind_at(".orx/agents/a/b.md"), None);
}

#[test]
fn the_checkpoint_field_is_the_workflows_and_its_actions_need_one() {
    assert_eq!(wf().checkpoint_field.as_deref(), Some("last_checkpoint"));
    let without = r#"
workflow: job
items: {dir: docs/jobs}
initial: Open
states:
  Open: {owner: dev}
  Done: {terminal: true}
transitions:
  - from: Open
    to: Done
    roles: [dev]
    actions: [checkpoint]
"#;
    let e = Workflow::load("job", Some((without, "job.yaml")), &Roles::default()).unwrap_err();
    assert!(e.to_string().contains("checkpoint_field"), "{e}");
    let with = without.replace("initial: Open", "initial: Open\ncheckpoint_field: made");
    let job = Workflow::load("job", Some((&with, "job.yaml")), &Roles::default()).unwrap();
    assert_eq!(job.checkpoint_field.as_deref(), Some("made"));
}

/// Regression: an operation says what it means in Chinese from the
/// workflow's own `zh:`, beside its `desc:`; one the workflow does not
/// describe is its name alone.
#[test]
fn an_operation_says_its_chinese_from_the_workflow() {
    use crate::text::message::Lang;
    let wf = Workflow::load("agent", None, &Roles::default()).unwrap();
    let pause = wf.operation("pause");
    assert_eq!(
        pause.said().map(|d| d.render(Lang::En)).as_deref(),
        Some("暂停 — pause and resume (agent pause, agent resume)")
    );
    assert_eq!(
        pause.said().map(|d| d.render(Lang::Zh)).as_deref(),
        Some("暂停 — 暂停与恢复 (agent pause, agent resume)")
    );
    assert_eq!(
        pause.to_string(),
        "pause (暂停 — pause and resume (agent pause, agent resume))"
    );
    let unknown = wf.operation("dance");
    assert_eq!(
        (unknown.said(), unknown.to_string()),
        (None, "dance".to_owned())
    );
}
