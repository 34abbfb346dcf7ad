//! `git orx run`: drives an item through the actions its workflow's
//! `run:` section chooses, one executor call per action, for any kind.
//!
//! Each iteration reads the item (restoring the last good state if it
//! cannot be read), checks the control signals, selects the next action,
//! records it as the current action (with the action's `before`
//! effects), has the executor perform it, checks the fields it returns
//! against the action's `updates` and the workflow, and records them with
//! the action's `after` effects — every write through the one executor,
//! each committed, a backup kept first. A failure is recorded as an
//! error; the error that reaches the limit ends the run.
//!
//! The library starts no process and reads no environment: the command
//! line gives an [`Executor`].

use serde_json::{Value, json};

use crate::change::plan::{Actor, Edit};
use crate::change::prompt;
use crate::change::state;
use crate::engine::item::Item;
use crate::error::{Error, Result};
use crate::repo::workspace::{self, Workspace};
use crate::text::message::Message;
use crate::workflow::Workflow;
use crate::workflow::run::{self as wrun, Action, Run, Selected};

/// One action for the executor to perform.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Job {
    pub kind: String,
    pub id: String,
    pub path: String,
    pub action: String,
    pub argument: Option<String>,
    pub role: String,
    pub prompt: String,
}

/// What the executor did.
#[derive(Debug)]
pub enum Outcome {
    /// It finished; its standard output.
    Output(String),
    /// It failed (a non-zero exit, could not start): why.
    Failed(String),
    /// The user interrupted it (Ctrl-C).
    Interrupted,
}

/// What the run tells its caller as it goes.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Progress {
    /// An action starts.
    Started {
        /// The item's state as the iteration begins.
        status: String,
        iteration: u64,
        action: String,
        argument: Option<String>,
    },
    /// It was recorded.
    Done {
        action: String,
        fields: Vec<String>,
        commit: Option<String>,
    },
    /// It failed; the error was counted.
    Error {
        action: String,
        /// What went wrong, said in the language in force (its English in
        /// `--json`).
        #[serde(serialize_with = "crate::text::message::serialize_english")]
        message: Message,
        count: u64,
        limit: Option<u64>,
    },
    /// The item was restored.
    Restored { from: String },
}

/// The command line's side of a run.
pub trait Executor {
    /// Performs `job`.
    fn perform(&mut self, job: &Job) -> Outcome;
    /// Whether the user asked to stop (checked before every action).
    fn interrupted(&self) -> bool;
    /// Reports progress.
    fn progress(&mut self, event: &Progress);
}

/// Renders an item's body for an action's `body:` (a kind's own code).
pub type BodyRenderer<'a> = &'a dyn Fn(&str, &Value) -> Option<String>;

/// The files a kind keeps beside an item after an action (a kind's own
/// code): given the item before, the action and the item's fields
/// after, each file's path and new bytes, committed with the item.
pub type FilesRenderer<'a> = &'a dyn Fn(&Item, &str, &Value) -> Result<Vec<(String, Vec<u8>)>>;

/// How the run ended.
#[derive(Debug, Clone, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Exit {
    /// Nothing left to do (a terminal state, or `none`).
    Finished,
    /// An action with `stop: true` (the error limit's abort).
    Stopped,
    /// A control signal held: its exit name.
    Signal(String),
    /// The error limit was reached.
    ErrorLimit,
    /// The iteration limit was reached.
    MaxIterations,
    /// The user interrupted it.
    Interrupted,
}

/// What a run did.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Summary {
    pub kind: String,
    pub id: String,
    /// how it ended: a name, or {signal: NAME}
    pub exit: Exit,
    /// How it ended, as one name: `finished`, `stopped`, `error_limit`,
    /// `max_iterations`, `interrupted`, or the exit name of the control
    /// signal that stopped it (`pause_exit`).
    pub exit_name: String,
    /// The action that ended it (`none`, `abort`), if one did.
    pub last_action: Option<String>,
    pub iterations: u64,
    /// The actions recorded, in order.
    pub done: Vec<String>,
    pub errors: Vec<String>,
    pub state: String,
    /// The item ended in one of the workflow's successful states.
    pub success: bool,
}

/// Options of a run.
pub struct Options<'a> {
    /// Acting role (the executor inherits it).
    pub role: &'a str,
    /// At most this many actions (default: the workflow's).
    pub max_iterations: Option<u64>,
    /// Renders bodies for actions that write one.
    pub body: BodyRenderer<'a>,
    /// Writes the files a kind keeps beside its items.
    pub files: FilesRenderer<'a>,
}

/// The workflow's `run:` section, or why there is none.
pub fn run_section(wf: &Workflow) -> Result<&Run> {
    wf.run
        .as_ref()
        .ok_or_else(|| Error::Usage(crate::msg!("kind-workflow-has-no-run", kind = &wf.name)))
}

/// The next action for `item` and its prompt, as `git orx prompt` and
/// `next` show it: `None` when there is nothing to do.
pub fn next_job(ws: &Workspace, item: &Item, role: &str) -> Result<(Selected, Option<Job>)> {
    let wf = crate::change::plan::workflow_of(ws, item)?;
    let run = run_section(&wf)?;
    let value = item.value();
    let now = workspace::now();
    let scope = wf.scope(value.clone(), role, &now);
    let selected = run
        .select(&scope)
        .map_err(|m| Error::Failed(run_error(&wf.name, "run.next", m)))?;
    let Some(action) = run.action(&selected.action).filter(|a| a.exec) else {
        return Ok((selected, None));
    };
    let job = job(ws, &wf, item, action, &selected, role);
    Ok((selected, Some(job)))
}

fn job(
    ws: &Workspace,
    wf: &Workflow,
    item: &Item,
    action: &Action,
    selected: &Selected,
    role: &str,
) -> Job {
    let argument = selected.argument_text();
    let fields = crate::workflow::expr::merge(&wf.defaults, &item.value());
    let (template, _) = prompt::template(ws.root(), &item.kind, &action.prompt, ws.lang());
    let work_dir = ws.root().display().to_string();
    let cx = prompt::Context {
        work_dir: &work_dir,
        path: &item.path,
        kind: item.kind.name(),
        id: &item.id,
        state: &item.status,
        role,
        fields: &fields,
        action,
        argument: argument.as_deref(),
    };
    let prompt = prompt::render(&template, &cx);
    Job {
        kind: item.kind.to_string(),
        id: item.id.clone(),
        path: item.path.clone(),
        action: action.name.clone(),
        argument: argument.clone(),
        role: role.to_owned(),
        prompt,
    }
}

/// The edits `effects` give for `item`, with `action` and `argument` in
/// scope.
fn effects(
    wf: &Workflow,
    effects: &[wrun::Effect],
    value: &Value,
    role: &str,
    selected: &Selected,
) -> Result<Vec<Edit>> {
    let now = workspace::now();
    let scope = wf
        .scope(value.clone(), role, &now)
        .with("action", json!(selected.action))
        .with("argument", selected.argument.clone().unwrap_or(Value::Null));
    wrun::values(effects, &scope)
        .map_err(|m| Error::Failed(crate::msg!("path-text", path = &wf.name, text = m)))
}

/// What `action` makes of `value` once its executor returned `updates`:
/// the updates, then the action's `after` effects, computed on the item as
/// the updates leave it (with the workflow's defaults); and that item.
pub fn after_effects(
    wf: &Workflow,
    action: &Action,
    selected: &Selected,
    value: &Value,
    updates: &[Edit],
    role: &str,
) -> Result<(Vec<Edit>, Value)> {
    let mut edits = updates.to_vec();
    let mut after_value = value.clone();
    for (p, v) in updates {
        crate::engine::validate::put(&mut after_value, p, v.clone());
    }
    let merged = crate::workflow::expr::merge(&wf.defaults, &after_value);
    edits.extend(effects(wf, &action.after, &merged, role, selected)?);
    Ok((edits, merged))
}

/// Runs item `id` until it is done, stopped, out of iterations or
/// interrupted.
pub fn run(ws: &Workspace, id: &str, exec: &mut dyn Executor, opts: &Options) -> Result<Summary> {
    let mut summary = Summary {
        kind: String::new(),
        id: id.to_owned(),
        exit: Exit::Finished,
        exit_name: String::new(),
        last_action: None,
        iterations: 0,
        done: Vec::new(),
        errors: Vec::new(),
        state: String::new(),
        success: false,
    };
    let actor = Actor {
        role: opts.role,
        note: None,
        force: None,
        tasks_reason: None,
    };
    let mut max: Option<u64> = opts.max_iterations;
    loop {
        // 1. Read the state; restore the last good one if it cannot be read.
        let item = match ws.find(id) {
            Ok(item) => item,
            Err(Error::Item(_)) => {
                let r = state::restore(ws, id, &state::RestoreTo::LastGood, actor, true, false)?;
                exec.progress(&Progress::Restored { from: r.from });
                ws.find(id)?
            }
            Err(e) => return Err(e),
        };
        let wf = crate::change::plan::workflow_of(ws, &item)?;
        let run = run_section(&wf)?;
        let max_iter = *max.get_or_insert(run.max_iterations);
        summary.kind = item.kind.to_string();
        summary.id = item.id.clone();
        summary.state = item.status.clone();
        summary.success = run.success.contains(&item.status);
        let value = item.value();
        if exec.interrupted() {
            interrupt(ws, &wf, run, item, actor)?;
            summary.exit = Exit::Interrupted;
            break;
        }
        // 2. Control signals, then the next action.
        let now = workspace::now();
        let scope = wf.scope(value.clone(), opts.role, &now);
        if let Some(signal) = run
            .signal(&scope)
            .map_err(|m| Error::Failed(run_error(&wf.name, "run.signals", m)))?
        {
            let selected = Selected {
                action: signal.exit.clone(),
                argument: None,
            };
            let edits = effects(&wf, &signal.set, &value, opts.role, &selected)?;
            if !edits.is_empty() {
                let plan = state::plan_update(ws, item, &edits, None, actor, Vec::new())?;
                state::execute_with_backup(ws, &plan, true)?;
            }
            summary.exit = Exit::Signal(signal.exit.clone());
            break;
        }
        let selected = run
            .select(&scope)
            .map_err(|m| Error::Failed(run_error(&wf.name, "run.next", m)))?;
        summary.last_action = Some(selected.action.clone());
        let Some(action) = run.action(&selected.action) else {
            summary.exit = Exit::Finished;
            break;
        };
        if action.stop {
            summary.exit = Exit::Stopped;
            break;
        }
        if summary.iterations >= max_iter {
            summary.exit = Exit::MaxIterations;
            summary.last_action = None;
            break;
        }
        summary.iterations += 1;
        exec.progress(&Progress::Started {
            status: item.status.clone(),
            iteration: summary.iterations,
            action: action.name.clone(),
            argument: selected.argument_text(),
        });
        // 3. Record the action under way.
        let item = if action.exec {
            let mut edits = effects(&wf, &action.before, &value, opts.role, &selected)?;
            if let Some(c) = &run.current_action {
                edits.push((c.clone(), json!(action.name)));
            }
            match record(ws, item, &edits, None, actor, &action.name) {
                Ok((item, _)) => item,
                Err(Failure::Refused(message, item)) => {
                    if fail(ws, exec, &mut summary, *item, action, &message, actor)? {
                        break;
                    }
                    continue;
                }
                Err(Failure::Fatal(e)) => return Err(e),
            }
        } else {
            item
        };
        // 4. Perform it, check what it returns, record it.
        let outcome = if action.exec {
            let job = job(ws, &wf, &item, action, &selected, opts.role);
            exec.perform(&job)
        } else {
            Outcome::Output("{\"stateUpdates\": {}}".to_owned())
        };
        let item = match restore_if_touched(ws, exec, id, item, actor)? {
            Some(item) => item,
            None => continue,
        };
        let output = match outcome {
            Outcome::Interrupted => {
                interrupt(ws, &wf, run, item, actor)?;
                summary.exit = Exit::Interrupted;
                break;
            }
            Outcome::Failed(message) => {
                // Said by the executor's runner in the language in force.
                let message = Message::text(message);
                if fail(ws, exec, &mut summary, item, action, &message, actor)? {
                    break;
                }
                continue;
            }
            Outcome::Output(o) => o,
        };
        let updates = match parse_output(&output).and_then(|u| check_allowed(action, &selected, &u))
        {
            Ok(u) => u,
            Err(message) => {
                if fail(ws, exec, &mut summary, item, action, &message, actor)? {
                    break;
                }
                continue;
            }
        };
        let (mut edits, merged) =
            after_effects(&wf, action, &selected, &item.value(), &updates, opts.role)?;
        if let Some(c) = &run.current_action
            && (action.exec
                || crate::engine::validate::lookup(&value, c).is_some_and(|v| !v.is_null()))
        {
            edits.push((c.clone(), Value::Null));
        }
        let body = match &action.body {
            Some(name) => {
                let mut v = merged.clone();
                for (p, val) in &edits {
                    crate::engine::validate::put(&mut v, p, val.clone());
                }
                Some((opts.body)(name, &v).ok_or_else(|| {
                    Error::Failed(crate::msg!(
                        "path-run-actions-action-body",
                        path = &wf.name,
                        action = &action.name,
                        name = name
                    ))
                })?)
            }
            None => None,
        };
        let files = (opts.files)(&item, &action.name, &after_of(&item, &edits))?;
        let commit = match record_with(
            ws,
            item,
            &edits,
            body.as_deref(),
            actor,
            &action.name,
            files,
        ) {
            Ok((_, commit)) => {
                summary.done.push(match selected.argument_text() {
                    Some(a) => format!("{} {a}", action.name),
                    None => action.name.clone(),
                });
                commit
            }
            Err(Failure::Refused(message, item)) => {
                if fail(ws, exec, &mut summary, *item, action, &message, actor)? {
                    break;
                }
                continue;
            }
            Err(Failure::Fatal(e)) => return Err(e),
        };
        let fields: Vec<String> = updates.iter().map(|(p, _)| p.join(".")).collect();
        exec.progress(&Progress::Done {
            action: action.name.clone(),
            fields,
            commit,
        });
    }
    summary.exit_name = match &summary.exit {
        Exit::Signal(name) => name.clone(),
        other => serde_json::to_value(other)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
    };
    // The state the item ended in.
    if let Ok(item) = ws.find(id)
        && let Ok(wf) = crate::change::plan::workflow_of(ws, &item)
    {
        summary.state = item.status.clone();
        summary.success = wf
            .run
            .as_ref()
            .is_some_and(|r| r.success.contains(&item.status));
    }
    Ok(summary)
}

/// After the executor: a file it changed by hand (it differs from what is
/// committed) is put back to the committed version, the last stable
/// state; what it committed itself (through `git orx update`, say) is
/// read as it is. `None` when the item can no longer be found.
fn restore_if_touched(
    ws: &Workspace,
    exec: &mut dyn Executor,
    id: &str,
    item: Item,
    actor: Actor,
) -> Result<Option<Item>> {
    let disk = crate::engine::item::read_limited(&ws.root().join(&item.path)).ok();
    if disk.as_deref() == Some(item.doc.text().as_bytes()) {
        return Ok(Some(item));
    }
    if disk.is_some() && disk == ws.repo.head_file(&item.path)? {
        return Ok(Some(ws.find(id)?));
    }
    let r = state::restore(ws, id, &state::RestoreTo::LastGood, actor, true, false)?;
    exec.progress(&Progress::Restored { from: r.from });
    Ok(Some(ws.find(id)?))
}

enum Failure {
    /// The workflow refused the change: recorded as an error.
    Refused(Message, Box<Item>),
    Fatal(Error),
}

/// The item's fields with `edits` applied.
fn after_of(item: &Item, edits: &[Edit]) -> Value {
    let mut v = item.value();
    for (p, val) in edits {
        crate::engine::validate::put(&mut v, p, val.clone());
    }
    v
}

/// Records `edits` (and `body`) with a backup first; the item as
/// committed after, and the commit.
fn record(
    ws: &Workspace,
    item: Item,
    edits: &[Edit],
    body: Option<&str>,
    actor: Actor,
    action: &str,
) -> std::result::Result<(Item, Option<String>), Failure> {
    record_with(ws, item, edits, body, actor, action, Vec::new())
}

/// [`record`], with the files the item's kind keeps beside it.
fn record_with(
    ws: &Workspace,
    item: Item,
    edits: &[Edit],
    body: Option<&str>,
    actor: Actor,
    action: &str,
    files: Vec<(String, Vec<u8>)>,
) -> std::result::Result<(Item, Option<String>), Failure> {
    let trailers = vec![("Orx-Action".to_owned(), action.to_owned())];
    let keep = item.clone();
    let note = format!("git orx run: {action}");
    let actor = Actor {
        note: Some(&note),
        ..actor
    };
    let plan = match state::plan_update_with(ws, item, edits, body, actor, trailers, files) {
        Ok(p) => p,
        Err(e @ (Error::Refused(_) | Error::Item(_) | Error::Usage(_))) => {
            return Err(Failure::Refused(e.to_message(), Box::new(keep)));
        }
        Err(e) => return Err(Failure::Fatal(e)),
    };
    let (done, _) = state::execute_with_backup(ws, &plan, true).map_err(Failure::Fatal)?;
    let item = ws
        .find(&format!("{}:{}", keep.kind, keep.id))
        .map_err(Failure::Fatal)?;
    Ok((item, done.commit))
}

/// Records an error of `action`; whether the run must stop (the limit).
fn fail(
    ws: &Workspace,
    exec: &mut dyn Executor,
    summary: &mut Summary,
    item: Item,
    action: &Action,
    message: &Message,
    actor: Actor,
) -> Result<bool> {
    summary.errors.push(format!("{}: {message}", action.name));
    let id = format!("{}:{}", item.kind, item.id);
    let kind = item.kind.clone();
    // The item records it in English, as its other fields are data.
    let recorded = message.to_string();
    let rec = state::plan_error(ws, item, Some(&action.name), &recorded, actor)?;
    state::execute_with_backup(ws, &rec.plan, true)?;
    exec.progress(&Progress::Error {
        action: action.name.clone(),
        message: message.clone(),
        count: rec.count,
        limit: rec.limit,
    });
    if rec.at_limit {
        summary.exit = Exit::ErrorLimit;
        summary.last_action = Some(action.name.clone());
        let _ = ws.find(&id)?;
        // The failure is recorded; the last stable state comes back, and
        // the run stops.
        let wf = kind.workflow()?;
        if wf
            .run
            .as_ref()
            .and_then(|r| r.errors.as_ref())
            .is_some_and(|e| e.restore)
        {
            let r = state::restore(ws, &id, &state::RestoreTo::LastGood, actor, true, false)?;
            exec.progress(&Progress::Restored { from: r.from });
        }
        return Ok(true);
    }
    Ok(false)
}

/// Records what Ctrl-C records: the workflow's `run.interrupt`.
fn interrupt(ws: &Workspace, wf: &Workflow, run: &Run, item: Item, actor: Actor) -> Result<()> {
    let selected = Selected {
        action: "interrupt".to_owned(),
        argument: None,
    };
    let value = item.value();
    let mut edits = effects(wf, &run.interrupt.set, &value, actor.role, &selected)?;
    if let Some(s) = &run.interrupt.state
        && *s != item.status
        && !wf.state(&item.status).is_some_and(|st| st.terminal)
    {
        edits.push((vec![wf.state_field.clone()], json!(s)));
    }
    if let Some(c) = &run.current_action
        && crate::engine::validate::lookup(&value, c).is_some_and(|v| !v.is_null())
        && !wf.state(&item.status).is_some_and(|st| st.terminal)
    {
        edits.push((c.clone(), Value::Null));
    }
    if edits.is_empty() {
        return Ok(());
    }
    let plan = state::plan_update(ws, item, &edits, None, actor, Vec::new())?;
    state::execute_with_backup(ws, &plan, true)?;
    Ok(())
}

/// A workflow's `run:` section that failed as it ran (an expression's
/// error, in its own words).
fn run_error(workflow: &str, part: &str, text: Message) -> Message {
    crate::msg!(
        "workflow-part-failed",
        workflow = workflow,
        part = part,
        text = text
    )
}

/// The `stateUpdates` of an executor's output: the last line that is a
/// JSON object with that key, or the whole output.
pub fn parse_output(output: &str) -> std::result::Result<Vec<Edit>, Message> {
    let whole = serde_json::from_str::<Value>(output.trim()).ok();
    let found = whole
        .filter(|v| v.get("stateUpdates").is_some())
        .or_else(|| {
            output.lines().rev().find_map(|l| {
                serde_json::from_str::<Value>(l.trim())
                    .ok()
                    .filter(|v| v.get("stateUpdates").is_some())
            })
        });
    let Some(v) = found else {
        let shown: String = output.trim().chars().take(200).collect();
        return Err(match shown.is_empty() {
            true => crate::msg!("executor-output-empty"),
            false => crate::msg!(
                "executor-output-not-updates",
                shown = crate::text::escape(&shown)
            ),
        });
    };
    match &v["stateUpdates"] {
        Value::Object(m) if m.is_empty() => Ok(Vec::new()),
        u => state::edits_of(u),
    }
}

/// Refuses updates outside the action's `updates`.
fn check_allowed(
    action: &Action,
    selected: &Selected,
    updates: &[Edit],
) -> std::result::Result<Vec<Edit>, Message> {
    let arg = selected.argument_text();
    let allowed = prompt::allowed(action, arg.as_deref());
    for (path, _) in updates {
        if !allowed.iter().any(|a| path.starts_with(a)) {
            let names: Vec<String> = allowed.iter().map(|a| a.join(".")).collect();
            let (path, action) = (path.join("."), action.name.as_str());
            return Err(match names.is_empty() {
                true => crate::msg!("executor-may-set-nothing", path, action),
                false => crate::msg!(
                    "executor-may-not-set",
                    path,
                    action,
                    allowed = names.join(", ")
                ),
            });
        }
    }
    Ok(updates.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::message::Lang;

    #[test]
    fn an_executors_output_without_updates_is_said_in_each_language() {
        let zh = Lang::named("zh");
        let m = parse_output("").unwrap_err();
        assert_eq!(
            m.to_string(),
            "the executor's output is not a JSON object with `stateUpdates` (it printed nothing)"
        );
        assert_eq!(
            m.render(zh),
            "执行器的输出不是带 `stateUpdates` 的 JSON 对象 (它什么也没输出)"
        );
        let m = parse_output("done").unwrap_err();
        assert!(m.render(zh).ends_with("(它输出了: done)"), "{m}");
        let edits = parse_output("log\n{\"stateUpdates\": {\"a\": 1}}\n").unwrap();
        assert_eq!(edits, vec![(vec!["a".to_owned()], json!(1))]);
    }
}
