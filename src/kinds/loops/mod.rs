//! The development loop: one JSON file per loop, `.loop/{loop_id}.json`,
//! shared by a dashboard (the `human` role, also called `api`), which owns
//! the loop's own fields, and an agent skill (the `skill` role), which owns
//! `skill_state`. Beside it: `.loop/{loop_id}.tasks.jsonl` (the task list)
//! and `.loop/{loop_id}.progress/` (`develop.md`, `debug.md`,
//! `validate.md`, regenerated after each action of their phase;
//! `changes.log` and `debug.log`, NDJSON, appended).
//!
//! The rules (who may change what, the status transitions, the
//! consistency checks) are the `loop` workflow's; this module holds what
//! is the loop's own: the state change each action makes, the control
//! signals checked before it, the next action, the derived fields, the
//! progress files and recovery from them. It returns plans and values; the
//! commands execute and print them.

pub mod junit;
pub mod progress;

use serde_json::{Map, Value, json};

use crate::change::plan::{self, Actor, Edit, Plan};
use crate::engine::item::Item;
use crate::error::{Error, Result};
use crate::repo::workspace::{self, Workspace};
use crate::text::message::Message;

/// The kind's name in the registry.
pub const KIND: &str = "loop";

/// Where a loop's files are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paths {
    /// `.loop/{id}.json`
    pub main: String,
    /// `.loop/{id}.tasks.jsonl`
    pub tasks: String,
    /// `.loop/{id}.progress`
    pub progress: String,
}

impl Paths {
    /// A progress file's path (`develop.md`, `changes.log`, ...).
    pub fn progress_file(&self, name: &str) -> String {
        format!("{}/{name}", self.progress)
    }
}

/// The paths of loop `id`, from where the registry keeps loops.
pub fn paths(ws: &Workspace, id: &str) -> Result<Paths> {
    let items = &ws.kind(KIND)?.items;
    if let Some(problem) = items.id_problem(id) {
        return Err(Error::Usage(problem));
    }
    let main = items.path_for(id, "").ok_or_else(|| {
        Error::Failed(crate::msg!("kind-kind-names-no-file", kind = KIND, id = id))
    })?;
    let stem = main.strip_suffix(".json").unwrap_or(&main).to_owned();
    Ok(Paths {
        tasks: format!("{stem}.tasks.jsonl"),
        progress: format!("{stem}.progress"),
        main,
    })
}

/// Where the loop's own tools kept a loop before `.loop/`: read (and
/// reported as legacy), never written.
pub fn legacy_path(id: &str) -> String {
    format!(".workflow/.loop/{id}/state.json")
}

/// A loop as found: the item, or a legacy state file.
#[derive(Debug)]
pub enum Found {
    Item(Box<Item>),
    Legacy { path: String, state: Value },
}

/// Finds loop `id`: `.loop/{id}.json`, else the legacy
/// `.workflow/.loop/{id}/state.json`.
pub fn find(ws: &Workspace, id: &str) -> Result<Found> {
    let legacy = legacy_path(id);
    let p = paths(ws, id);
    if let Ok(p) = &p
        && ws.root().join(&p.main).exists()
    {
        return Ok(Found::Item(Box::new(Item::read(
            ws.registry(),
            ws.root(),
            &p.main,
        )?)));
    }
    if crate::text::check_id(id).is_ok() && ws.root().join(&legacy).is_file() {
        let bytes = crate::engine::item::read_checked(&ws.root().join(&legacy)).map_err(|e| {
            e.or_refused(&legacy, |m| {
                Error::Failed(crate::msg!("kinds-path-error", path = &legacy, error = m))
            })
        })?;
        let state: Value = serde_json::from_slice(&bytes).map_err(|e| {
            Error::Failed(crate::msg!(
                "legacy-not-valid-json-text",
                legacy = &legacy,
                text = e.to_string()
            ))
        })?;
        return Ok(Found::Legacy {
            path: legacy,
            state,
        });
    }
    p?;
    Err(Error::NotFound(crate::msg!(
        "no-loop-id-looked-loop",
        id = crate::text::escape(id),
        legacy = legacy
    )))
}

/// Loop `id` as an item (a legacy loop is read-only).
pub fn open(ws: &Workspace, id: &str) -> Result<Item> {
    match find(ws, id)? {
        Found::Item(item) => Ok(*item),
        Found::Legacy { path, .. } => Err(Error::Usage(crate::msg!(
            "loop-id-legacy-loop-path",
            id = id,
            path = path
        ))),
    }
}

/// A new loop's ID: `loop-v2-YYYYMMDD-xxxxxx`, from the time and a few
/// random letters and digits.
pub fn new_id(now: &str) -> String {
    let day: String = now.chars().filter(char::is_ascii_digit).take(8).collect();
    let mut bytes = [0u8; 6];
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    let mut x = nanos ^ (u128::from(std::process::id()) << 64);
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    for b in &mut bytes {
        *b = ALPHABET[(x % ALPHABET.len() as u128) as usize];
        x /= ALPHABET.len() as u128;
    }
    format!("loop-v2-{day}-{}", String::from_utf8_lossy(&bytes))
}

/// `now`, or the loop's `updated_at` if that is later: `updated_at`
/// never goes back, even when two writers' clocks disagree.
fn stamp(before: &Value, now: &str) -> String {
    match before.get("updated_at").and_then(Value::as_str) {
        Some(u) if u > now => u.to_owned(),
        _ => now.to_owned(),
    }
}

/// A new loop's file, as the dashboard makes it: its fields in the
/// order the loop's own tools write them.
pub fn new_text(id: &str, title: &str, description: &str, max: u64, now: &str) -> String {
    let v = json!({
        "loop_id": id,
        "title": title,
        "description": description,
        "max_iterations": max,
        "status": "created",
        "current_iteration": 0,
        "created_at": now,
        "updated_at": now,
    });
    let mut text = serde_json::to_string_pretty(&v).unwrap_or_default();
    text.push('\n');
    text
}

/// The tasks of a `.tasks.jsonl` file: one JSON object a line (blank
/// lines skipped), each with at least an `id` (made `task-NNN` when
/// missing) and a `description`; `status` defaults to pending.
pub fn parse_tasks(text: &str, now: &str) -> std::result::Result<Vec<Value>, Message> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let line_no = n + 1;
        // The JSON reader's own words.
        let mut v: Value = serde_json::from_str(line).map_err(|e| {
            crate::msg!("loop-task-not-json", line = line_no, error = e.to_string())
        })?;
        let Value::Object(m) = &mut v else {
            return Err(crate::msg!("loop-task-not-object", line = line_no));
        };
        if !m.get("description").is_some_and(Value::is_string) {
            return Err(crate::msg!("loop-task-no-description", line = line_no));
        }
        let id = format!("task-{:03}", out.len() + 1);
        let defaults = [
            ("id", json!(id)),
            ("description", Value::Null),
            ("tool", json!("bash")),
            ("mode", json!("write")),
            ("status", json!("pending")),
            ("files_changed", json!([])),
            ("created_at", json!(now)),
            ("completed_at", Value::Null),
        ];
        // In the order the loop's own tools write a task, then the rest.
        let mut task = Map::new();
        for (k, d) in defaults {
            task.insert(k.to_owned(), m.remove(k).unwrap_or(d));
        }
        task.extend(std::mem::take(m));
        let v = Value::Object(task);
        out.push(v);
    }
    Ok(out)
}

/// Tasks as `.tasks.jsonl` text.
pub fn tasks_text(tasks: &[Value]) -> String {
    tasks.iter().map(|t| format!("{t}\n")).collect()
}

/// Plans `loop new`: the loop file (created) and its task list.
pub fn plan_new(
    ws: &Workspace,
    title: &str,
    description: &str,
    max_iterations: Option<u64>,
    tasks: &[Value],
    actor: Actor,
) -> Result<Plan> {
    let title = title.trim();
    if title.is_empty() || title.chars().any(char::is_control) {
        return Err(Error::Usage(crate::msg!("loop-s-title-one-line")));
    }
    let wf = ws.kind(KIND)?.workflow()?;
    let max = match max_iterations {
        Some(0) => {
            return Err(Error::Usage(crate::msg!("loop-s-iteration-cap-least")));
        }
        Some(n) => n,
        None => wf.params["default_max_iterations"].as_u64().unwrap_or(10),
    };
    let now = workspace::now();
    let id = new_id(&now);
    let p = paths(ws, &id)?;
    let item = Item::from_bytes(
        ws.registry(),
        &p.main,
        new_text(&id, title, description, max, &now).into_bytes(),
    )?;
    let tasks = vec![(p.tasks.clone(), tasks_text(tasks).into_bytes())];
    plan::create_with(ws, &wf, item, actor, tasks)
}

/// A control signal the dashboard sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Pause,
    Resume,
    Stop,
}

impl Control {
    /// The trigger of the workflow's transition it fires.
    pub fn trigger(self) -> &'static str {
        match self {
            Control::Pause => "pause",
            Control::Resume => "resume",
            Control::Stop => "stop",
        }
    }
}

/// Plans a control signal: the transition its trigger fires from the
/// loop's status, with `updated_at` (and a stop's `failure_reason`).
pub fn plan_control(
    ws: &Workspace,
    id: &str,
    signal: Control,
    reason: Option<&str>,
    actor: Actor,
) -> Result<Plan> {
    let item = open(ws, id)?;
    let wf = ws.kind(KIND)?.workflow()?;
    let t = crate::kinds::agent::fired(&wf, &item.status, signal.trigger())?;
    let before = item.value();
    let mut edits = vec![plan::set(
        &["updated_at"],
        json!(stamp(&before, &workspace::now())),
    )];
    if let Some(r) = reason {
        edits.push(plan::set(&["failure_reason"], json!(r)));
    }
    let to = t.to.clone();
    plan::transition(ws, item, &to, &edits, actor)
}

/// The action the workflow's `next:` chooses when the iteration cap is
/// reached, and the field the counting actions advance.
const FAIL: &str = "fail";
const ITERATION: &str = "current_iteration";

/// The actions of the skill, in the order a loop goes through them.
pub const ACTIONS: &[&str] = &["init", "develop", "debug", "validate", "complete"];

/// What the control signals say before an action (the loop's
/// `checkControlSignals`): go on, or exit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    Continue,
    /// Paused by the dashboard: the skill records `current_action:
    /// paused` and exits until it is resumed.
    PauseExit,
    /// Stopped (failed), or in a state the skill does not act in.
    StopExit,
}

impl Signal {
    pub fn name(self) -> &'static str {
        match self {
            Signal::Continue => "continue",
            Signal::PauseExit => "pause_exit",
            Signal::StopExit => "stop_exit",
        }
    }
}

/// What the workflow's `run:` section says before an action on `state`:
/// the control signal that holds (its exit and what it records), else
/// the next action (`none` when there is nothing to do).
pub fn decide(
    wf: &crate::workflow::Workflow,
    state: &Value,
    role: &str,
    now: &str,
) -> Result<(Signal, String, Vec<Edit>)> {
    let run = crate::change::run::run_section(wf)?;
    let scope = wf.scope(state.clone(), role, now);
    let fail = |m: Message| {
        Error::Failed(crate::msg!(
            "loop-workflow-run-error",
            name = &wf.name,
            error = m
        ))
    };
    if let Some(signal) = run.signal(&scope).map_err(fail)? {
        let kind = if signal.exit == Signal::PauseExit.name() {
            Signal::PauseExit
        } else {
            Signal::StopExit
        };
        let set = crate::workflow::run::values(&signal.set, &scope).map_err(fail)?;
        return Ok((kind, signal.exit.clone(), set));
    }
    let selected = run.select(&scope).map_err(fail)?;
    if run.action(&selected.action).is_none() {
        return Ok((Signal::StopExit, selected.action, Vec::new()));
    }
    Ok((Signal::Continue, selected.action, Vec::new()))
}

/// The next action for a loop in `state`, as the workflow's `run:`
/// section chooses it, or the control signal's exit that stops it.
pub fn next_of(ws: &Workspace, state: &Value) -> Result<String> {
    let wf = ws.kind(KIND)?.workflow()?;
    let (signal, action, _) = decide(&wf, state, "skill", &workspace::now())?;
    Ok(match signal {
        Signal::Continue => action,
        Signal::StopExit if action == crate::workflow::run::NONE => {
            Signal::StopExit.name().to_owned()
        }
        s => s.name().to_owned(),
    })
}

/// `last_action` as the loop's own tools record it.
pub fn last_action_name(action: &str) -> &'static str {
    match action {
        "develop" => "action-develop-with-file",
        "debug" => "action-debug-with-file",
        "validate" => "action-validate-with-file",
        "complete" => "action-complete",
        _ => "action-init",
    }
}

/// What an action found to do: a plan, or an exit the control signals
/// chose (with the plan recording `current_action: paused`, if any).
#[derive(Debug)]
pub struct Acted {
    pub action: String,
    pub signal: Signal,
    pub plan: Option<Plan>,
    /// The loop failed instead: the iteration cap was reached.
    pub capped: bool,
}

/// Plans the skill's `action` (or the next one, when `None`) on loop `id`,
/// with `input` (the action's results: tasks, hypotheses, test results).
pub fn plan_act(
    ws: &Workspace,
    id: &str,
    action: Option<&str>,
    input: &Value,
    actor: Actor,
) -> Result<Acted> {
    let item = open(ws, id)?;
    let before = item.value();
    let wf = ws.kind(KIND)?.workflow()?;
    let now = stamp(&before, &workspace::now());
    if let Some(a) = action.filter(|a| !ACTIONS.contains(a)) {
        return Err(Error::Usage(crate::msg!(
            "unknown-action-action-actions-list",
            action = crate::text::escape(a),
            list = ACTIONS.join(", ")
        )));
    }
    // The control signals first, as before every action; then the action
    // asked for, or the next one.
    let (signal, next, set) = decide(&wf, &before, actor.role, &workspace::now())?;
    let stopped = |action: String, plan: Option<Plan>, signal: Signal| Acted {
        action,
        signal,
        plan,
        capped: false,
    };
    match signal {
        Signal::PauseExit => {
            let changes = set.iter().any(|(p, v)| {
                p.last().is_some_and(|k| k != "updated_at")
                    && crate::engine::validate::lookup(&before, p) != Some(v)
            });
            let plan = if changes && before["skill_state"].is_object() {
                Some(plan::edit(ws, item, &set, actor)?)
            } else {
                None
            };
            return Ok(stopped(next, plan, signal));
        }
        Signal::StopExit => return Ok(stopped(next, None, signal)),
        Signal::Continue => {}
    }
    if action.is_some_and(|a| a != "init") && item.status == "created" {
        return Err(Error::Usage(crate::msg!(
            "loop-id-created-init-comes",
            id = id,
            action = action.unwrap_or_default()
        )));
    }
    let run = crate::change::run::run_section(&wf)?;
    // The workflow's `next:` chooses `fail` once the cap is reached; an
    // action named by the caller meets the cap when it is one that counts
    // (its `after:` advances the iteration).
    let counts = |name: &str| {
        run.action(name)
            .is_some_and(|a| a.after.iter().any(|e| e.path == [ITERATION]))
    };
    let capped = next == FAIL && action.is_none_or(counts);
    let action = action.map_or(next.clone(), str::to_owned);
    // What the skill's tool records from its input; the rest of the
    // action's state change is the workflow's (`run.actions.*.after`), the
    // same that `git orx run` makes.
    let (taken, updates) = if capped {
        (FAIL.to_owned(), Vec::new())
    } else {
        let updates = action_updates(&action, &before, input, &now)?;
        (action.clone(), updates)
    };
    let step = run.action(&taken).ok_or_else(|| {
        Error::Failed(crate::msg!(
            "name-workflow-has-no-run",
            name = &wf.name,
            action = &taken
        ))
    })?;
    let selected = crate::workflow::run::Selected {
        action: taken.clone(),
        argument: None,
    };
    let (edits, _) =
        crate::change::run::after_effects(&wf, step, &selected, &before, &updates, actor.role)?;
    let (status, edits): (Vec<Edit>, Vec<Edit>) =
        edits.into_iter().partition(|(p, _)| p == &["status"]);
    let to = status
        .last()
        .and_then(|(_, v)| v.as_str())
        .filter(|s| *s != item.status)
        .map(str::to_owned);
    if capped {
        let plan = plan::transition(ws, item, to.as_deref().unwrap_or("failed"), &edits, actor)?;
        return Ok(Acted {
            action,
            signal: Signal::StopExit,
            plan: Some(plan),
            capped: true,
        });
    }
    let mut after = before.clone();
    for (path, v) in &edits {
        crate::engine::validate::put(&mut after, path, v.clone());
    }
    let companions =
        progress::files_after(ws, &paths(ws, id)?, &action, &before, &after, input, &now)?;
    let extras = plan::Extras {
        companions,
        ..plan::Extras::default()
    };
    let plan = plan::change_with(ws, item, to.as_deref(), &edits, actor, extras)?;
    Ok(Acted {
        action,
        signal,
        plan: Some(plan),
        capped: false,
    })
}

/// What `action` records from the skill's input, as its executor would
/// return it to `git orx run` (`stateUpdates`): the task list and mode
/// for `init`; the task worked on for `develop`; the hypotheses for
/// `debug`; the test results for `validate`.
fn action_updates(action: &str, before: &Value, input: &Value, now: &str) -> Result<Vec<Edit>> {
    let ss = &before["skill_state"];
    let set = plan::set;
    let need_state = || {
        if ss.is_object() {
            Ok(())
        } else {
            Err(Error::Usage(crate::msg!(
                "loop-has-no-skill-state",
                action = action
            )))
        }
    };
    match action {
        "init" => {
            let tasks = match input.get("tasks") {
                Some(Value::Array(t)) => t.clone(),
                _ => Vec::new(),
            };
            let mut edits = Vec::new();
            // A new start: what an earlier run left is dropped.
            if !ss.is_null() {
                edits.push(set(&["skill_state"], json!({})));
            }
            edits.push(set(
                &["skill_state", "develop", "tasks"],
                Value::Array(tasks),
            ));
            if let Some(mode) = input.get("mode").and_then(Value::as_str) {
                edits.push(set(&["skill_state", "mode"], json!(mode)));
            }
            Ok(edits)
        }
        "develop" => {
            need_state()?;
            let mut tasks = ss["develop"]["tasks"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let wanted = input.get("task").and_then(Value::as_str);
            let i = tasks
                .iter()
                .position(|t| match wanted {
                    Some(w) => t["id"] == json!(w),
                    None => t["status"] == json!("pending"),
                })
                .ok_or_else(|| {
                    Error::Usage(match wanted {
                        Some(w) => crate::msg!("loop-has-no-task-id", id = crate::text::escape(w)),
                        None => crate::msg!("loop-has-no-pending-task"),
                    })
                })?;
            let status = input
                .get("status")
                .and_then(Value::as_str)
                .unwrap_or("completed");
            let task_id = tasks[i]["id"].clone();
            if let Value::Object(t) = &mut tasks[i] {
                t.insert("status".to_owned(), json!(status));
                if let Some(files) = input.get("files_changed") {
                    t.insert("files_changed".to_owned(), files.clone());
                }
                if status == "completed" {
                    t.insert("completed_at".to_owned(), json!(now));
                }
            }
            Ok(vec![
                set(&["skill_state", "develop", "current_task"], task_id),
                set(&["skill_state", "develop", "tasks"], Value::Array(tasks)),
            ])
        }
        "debug" => {
            need_state()?;
            let hypotheses = match input.get("hypotheses") {
                Some(Value::Array(h)) => h.clone(),
                _ => {
                    return Err(Error::Usage(crate::msg!(
                        "debug-records-hypotheses-give-hypotheses"
                    )));
                }
            };
            let mut edits = vec![set(
                &["skill_state", "debug", "hypotheses"],
                Value::Array(hypotheses),
            )];
            if let Some(bug) = input.get("active_bug") {
                edits.push(set(&["skill_state", "debug", "active_bug"], bug.clone()));
            }
            Ok(edits)
        }
        "validate" => {
            need_state()?;
            let results = match input.get("test_results") {
                Some(Value::Array(r)) => r.clone(),
                _ => {
                    return Err(Error::Usage(crate::msg!(
                        "validate-records-test-results-give"
                    )));
                }
            };
            let mut edits = vec![set(
                &["skill_state", "validate", "test_results"],
                Value::Array(results),
            )];
            if let Some(coverage) = input.get("coverage") {
                edits.push(set(
                    &["skill_state", "validate", "coverage"],
                    coverage.clone(),
                ));
            }
            Ok(edits)
        }
        "complete" => {
            need_state()?;
            Ok(Vec::new())
        }
        _ => Err(Error::Usage(crate::msg!(
            "unknown-action-action",
            action = action
        ))),
    }
}

/// Test results summed up: the pass rate (0-100, one decimal; skipped
/// tests do not count), whether they passed (some ran, none failed), the
/// failed tests' names.
pub struct Summary {
    pub pass_rate: Value,
    pub passed: bool,
    pub failed: Vec<String>,
}

pub fn summarize(results: &[Value]) -> Summary {
    let ran: Vec<&Value> = results
        .iter()
        .filter(|r| r["status"] != json!("skipped"))
        .collect();
    let passed = ran
        .iter()
        .filter(|r| r["status"] == json!("passed"))
        .count();
    let failed: Vec<String> = ran
        .iter()
        .filter(|r| r["status"] == json!("failed"))
        .filter_map(|r| r["test_name"].as_str().map(str::to_owned))
        .collect();
    let rate = if ran.is_empty() {
        0.0
    } else {
        (passed as f64 * 1000.0 / ran.len() as f64).round() / 10.0
    };
    let pass_rate = if rate.fract() == 0.0 {
        json!(rate as u64)
    } else {
        json!(rate)
    };
    Summary {
        pass_rate,
        passed: !ran.is_empty() && failed.is_empty(),
        failed,
    }
}

/// The fields computed from a loop's state, never stored, named as the
/// loop state schema names them (`developProgress`, ...), which dashboards
/// read.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Derived {
    /// Completed tasks of all, in percent.
    pub develop_progress: f64,
    pub has_pending_develop: bool,
    /// A hypothesis is confirmed.
    pub debug_completed: bool,
    /// Validation passed with at least one test result.
    pub validation_passed: bool,
    /// develop % × 0.5, + 25 when debugging is done, + 25 when validation
    /// passed.
    pub overall_progress: f64,
}

pub fn derived(state: &Value) -> Derived {
    let ss = &state["skill_state"];
    let total = ss["develop"]["total"].as_u64().unwrap_or(0);
    let completed = ss["develop"]["completed"].as_u64().unwrap_or(0);
    let develop_progress = if total > 0 {
        completed as f64 / total as f64 * 100.0
    } else {
        0.0
    };
    let has_pending_develop = ss["develop"]["tasks"]
        .as_array()
        .is_some_and(|t| t.iter().any(|t| t["status"] == json!("pending")));
    let debug_completed = !ss["debug"]["confirmed_hypothesis"].is_null();
    let validation_passed = ss["validate"]["passed"] == json!(true)
        && ss["validate"]["test_results"]
            .as_array()
            .is_some_and(|a| !a.is_empty());
    let overall_progress = develop_progress * 0.5
        + if debug_completed { 25.0 } else { 0.0 }
        + if validation_passed { 25.0 } else { 0.0 };
    Derived {
        develop_progress,
        has_pending_develop,
        debug_completed,
        validation_passed,
        overall_progress,
    }
}

/// A problem `loop validate` found: where (line and column in the file,
/// and the field), and what.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "LoopProblem", deny_unknown_fields)]
pub struct Problem {
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub field: String,
    /// What is wrong, said in the language in force (its English in
    /// `--json`).
    #[serde(serialize_with = "crate::text::message::serialize_english")]
    #[schemars(with = "String")]
    pub message: Message,
}

/// Every problem of loop file `item` under the loop workflow: the fields'
/// types, then each consistency rule, each at its field's position.
pub fn problems(ws: &Workspace, item: &Item) -> Result<Vec<Problem>> {
    let wf = ws.kind(KIND)?.workflow()?;
    let value = item.value();
    let at = |path: &[String], message: Message| {
        let pos = item.pos_of(path);
        Problem {
            line: pos.map(|p| p.0),
            column: pos.map(|p| p.1),
            field: path.join("."),
            message,
        }
    };
    let mut out = Vec::new();
    if wf.state(&item.status).is_none() {
        out.push(at(
            &["status".to_owned()],
            crate::msg!(
                "loop-status-not-a-state",
                states = wf.state_names().join(", "),
                status = crate::text::escape(&item.status)
            ),
        ));
    }
    for (path, m) in crate::engine::validate::type_errors(&wf, &value) {
        out.push(at(&path, m));
    }
    for (path, u) in crate::engine::validate::invariants_unmet(&wf, None, &value, "", "") {
        out.push(at(&path, u.message()));
    }
    Ok(out)
}

/// Problems of a legacy state file: it is read, not judged by the rules;
/// only what the loop's own tools require of it.
pub fn legacy_problems(state: &Value) -> Vec<Problem> {
    let mut out = Vec::new();
    let missing = |f: &str| Problem {
        line: None,
        column: None,
        field: f.to_owned(),
        message: crate::msg!("loop-legacy-missing", field = f),
    };
    for f in ["session_id", "task_description"] {
        if state.get(f).is_none_or(Value::is_null) {
            out.push(missing(f));
        }
    }
    let inconsistent = |field: &str, problem: Message| Problem {
        line: None,
        column: None,
        field: field.to_owned(),
        message: crate::msg!("loop-legacy-inconsistent", problem),
    };
    if state["initialized"] == json!(true) && state["status"] == json!("pending") {
        out.push(inconsistent(
            "status",
            crate::msg!("loop-legacy-initialized-pending"),
        ));
    }
    if state["status"] == json!("completed") && state["validate"]["passed"] != json!(true) {
        out.push(inconsistent(
            "validate.passed",
            crate::msg!("loop-legacy-completed-not-validated"),
        ));
    }
    // The completed tasks the list holds, against the count it keeps (a
    // file that keeps no count has none to contradict).
    if let (Some(tasks), Some(count)) = (
        state["develop"]["tasks"].as_array(),
        state["develop"]["completed_count"].as_u64(),
    ) {
        let done = tasks
            .iter()
            .filter(|t| t["status"] == json!("completed"))
            .count() as u64;
        if count != done {
            out.push(inconsistent(
                "develop.completed_count",
                crate::msg!("loop-legacy-count-mismatch"),
            ));
        }
    }
    out
}

/// Loop `state` with `Map` helpers for the commands: the field at a
/// dotted path.
pub fn field<'v>(state: &'v Value, dotted: &str) -> &'v Value {
    dotted.split('.').fold(state, |v, k| &v[k])
}

/// An empty JSON object, for actions without input.
pub fn no_input() -> Value {
    Value::Object(Map::new())
}

/// What `loop recover` rebuilt: the plan writing it, where each part
/// came from, and what could not be recovered.
#[derive(Debug)]
pub struct Recovered {
    pub plan: Plan,
    /// The commit the loop's own fields were taken from.
    pub commit: String,
    pub recovered: Vec<Message>,
    pub lost: Vec<Message>,
}

/// The fields of `skill_state` no progress file holds.
const UNTRACKED: &[&str] = &[
    "current_action",
    "last_action",
    "completed_actions",
    "mode",
    "errors",
];

/// Plans `loop recover`: when `.loop/{id}.json` is corrupt (or gone), the
/// loop's own fields come from the last commit whose version of it is
/// valid, `skill_state`'s develop, debug and validate parts from the
/// progress files (the tasks from `.tasks.jsonl` when `develop.md` is
/// gone), the rest of `skill_state` from that commit; what none of them
/// holds is listed as lost.
pub fn plan_recover(ws: &Workspace, id: &str, actor: Actor) -> Result<Recovered> {
    let p = paths(ws, id)?;
    let Some(disk) = std::fs::read(ws.root().join(&p.main)).ok() else {
        return Err(Error::Usage(crate::msg!(
            "path-missing-git-checkout-again",
            path = &p.main,
            again = &p.main
        )));
    };
    if let Ok(item) = Item::from_bytes(ws.registry(), &p.main, disk.clone())
        && problems(ws, &item)?.is_empty()
    {
        return Err(Error::NothingToDo(crate::msg!(
            "path-valid-there-nothing-recover",
            path = &p.main,
            id = id
        )));
    }
    let log = ws.repo.commits_touching(&p.main, 200)?;
    let mut good = None;
    for c in &log {
        let side = crate::git::Side::Commit(c.to_owned());
        if let Ok(Some(bytes)) = ws.repo.file_at(&side, &p.main)
            && let Ok(item) = Item::from_bytes(ws.registry(), &p.main, bytes)
            && problems(ws, &item)?.is_empty()
        {
            good = Some((c.to_owned(), item));
            break;
        }
    }
    let Some((commit, good)) = good else {
        return Err(Error::Failed(crate::msg!(
            "path-cannot-recovered-no-commit",
            path = &p.main,
            dir = &p.progress
        )));
    };
    let short: String = commit.chars().take(7).collect();
    let mut state = good.doc.to_value();
    let mut recovered = vec![crate::msg!("loop-recovered-own-fields", commit = &short)];
    let mut lost = Vec::new();
    if !state["skill_state"].is_object() {
        state["skill_state"] = json!({});
        for f in UNTRACKED {
            lost.push(crate::msg!("loop-lost-untracked", field = *f));
        }
    } else {
        recovered.push(crate::msg!(
            "loop-recovered-untracked",
            fields = UNTRACKED.join(", "),
            commit = &short
        ));
    }
    for (phase, file) in progress::PHASES {
        let rel = p.progress_file(file);
        match std::fs::read_to_string(ws.root().join(&rel))
            .ok()
            .as_deref()
            .and_then(progress::section)
        {
            Some(part) => {
                state["skill_state"][*phase] = part;
                recovered.push(crate::msg!(
                    "loop-recovered-phase",
                    phase = *phase,
                    file = &rel
                ));
            }
            None if *phase == "develop" => {
                let tasks = std::fs::read_to_string(ws.root().join(&p.tasks))
                    .ok()
                    .and_then(|t| parse_tasks(&t, "").ok());
                if let Some(tasks) = tasks {
                    let n = tasks.len();
                    state["skill_state"]["develop"]["tasks"] = Value::Array(tasks);
                    state["skill_state"]["develop"]["total"] = json!(n);
                    state["skill_state"]["develop"]["completed"] = json!(0);
                    recovered.push(crate::msg!(
                        "loop-recovered-tasks",
                        tasks = &p.tasks,
                        file = &rel
                    ));
                    lost.push(crate::msg!("loop-lost-task-progress"));
                } else if state["skill_state"][*phase].is_object() {
                    lost.push(crate::msg!(
                        "loop-lost-phase-since",
                        phase = *phase,
                        commit = &short,
                        file = &rel
                    ));
                }
            }
            None if state["skill_state"][*phase].is_object() => lost.push(crate::msg!(
                "loop-lost-phase-since",
                phase = *phase,
                commit = &short,
                file = &rel
            )),
            None => lost.push(crate::msg!("loop-lost-phase", phase = *phase, file = &rel)),
        }
    }
    let mut text = serde_json::to_string_pretty(&state).unwrap_or_default();
    text.push('\n');
    let item = Item::from_bytes(ws.registry(), &p.main, text.into_bytes())?;
    let extras = plan::Extras {
        old: Some(disk),
        ..Default::default()
    };
    let plan = plan::change_with(ws, item, None, &[], actor, extras)?;
    Ok(Recovered {
        plan,
        commit,
        recovered,
        lost,
    })
}

/// The loop's own code: its progress files, kept beside the loop's state
/// file as its actions change it.
pub struct Code;

impl super::KindCode for Code {
    fn files_after(
        &self,
        ws: &Workspace,
        item: &Item,
        action: &str,
        after: &serde_json::Value,
    ) -> Result<Vec<(String, Vec<u8>)>> {
        let paths = paths(ws, &item.id)?;
        let now = crate::repo::workspace::now();
        progress::files_after(
            ws,
            &paths,
            action,
            &item.value(),
            after,
            &serde_json::json!({}),
            &now,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loop state schema's validateState (状态验证), rule by rule, on a
    /// legacy state file: each case and the messages it gives.
    #[test]
    fn a_legacy_state_is_validated_as_the_loop_state_schema_says() {
        let ok = json!({
            "session_id": "s1", "task_description": "login", "status": "running",
            "initialized": true,
            "develop": {"tasks": [{"status": "completed"}, {"status": "pending"}], "completed_count": 1},
            "validate": {"passed": false},
        });
        let with = |patch: Value| {
            let mut s = ok.clone();
            for (k, v) in patch.as_object().unwrap() {
                s[k] = v.clone();
            }
            legacy_problems(&s)
                .into_iter()
                .map(|p| p.message.to_string())
                .collect::<Vec<_>>()
        };
        let table: &[(Value, &[&str])] = &[
            (json!({}), &[]),
            (json!({"session_id": null}), &["Missing session_id"]),
            (
                json!({"task_description": null}),
                &["Missing task_description"],
            ),
            (
                json!({"status": "pending"}),
                &["Inconsistent: initialized but status is pending"],
            ),
            (json!({"status": "pending", "initialized": false}), &[]),
            (
                json!({"status": "completed"}),
                &["Inconsistent: completed but validation not passed"],
            ),
            (
                json!({"develop": {"tasks": [{"status": "completed"}], "completed_count": 0}}),
                &["Inconsistent: completed_count mismatch"],
            ),
        ];
        for (patch, want) in table {
            assert_eq!(with(patch.clone()), *want, "{patch}");
        }
    }
}
