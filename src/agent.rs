//! The agent context of seed 001: one item per agent whose state
//! (`task_status`) follows the `agent` workflow, with the session's
//! requirement, task queue, auto-fix attempts and last checkpoint in its
//! frontmatter, and notes (and each archived session's summary) in its
//! body.
//!
//! The default agent's context is `.orx/active_context.md`, as seed 001
//! names it; others are `.orx/agents/<name>.md`. This module holds what is
//! pure about them — paths, the text of a new context, the task queue,
//! which transition a trigger or a check's result fires, which operations
//! a state allows, the session summary — and returns values; the commands
//! read, plan, write and commit through [`crate::plan`].

use std::sync::Arc;

use serde_json::{Value, json};

use crate::assess::NoDecision;
use crate::checkpoint::{self, Rolledback};
use crate::doc::Document;
use crate::error::{Error, Result};
use crate::item::Item;
use crate::plan::{self, Actor, Executed, Plan};
use crate::store::Lock;
use crate::validate::Refusal;
use crate::workflow::{Transition, Workflow};
use crate::workspace::Workspace;

/// The default agent's name.
pub const DEFAULT: &str = "default";
/// The default agent's context, as seed 001 names it.
pub const ACTIVE_CONTEXT: &str = ".orx/active_context.md";
/// Where other agents' contexts live.
pub const AGENTS_DIR: &str = ".orx/agents";

/// The context file of agent `name`.
pub fn context_path(name: &str) -> Result<String> {
    if name == DEFAULT {
        return Ok(ACTIVE_CONTEXT.to_owned());
    }
    crate::item::check_id(name).map_err(|m| Error::Usage(m.replace("ID", "agent name")))?;
    Ok(format!("{AGENTS_DIR}/{name}.md"))
}

/// Whether `path` is an agent context file.
pub fn is_context_path(path: &str) -> bool {
    path == ACTIVE_CONTEXT || crate::item::is_item_path(AGENTS_DIR, path)
}

/// The text of a new context for agent `name`, acting as `acts_as`.
pub fn new_context(name: &str, acts_as: &str, initial: &str) -> String {
    let id =
        crate::doc::render::string(name, Some(granit_parser::ScalarStyle::DoubleQuoted), false);
    format!(
        "---\nkind: agent\nid: {id}\nacts_as: {acts_as}\ntask_status: {initial}\nsession_id: null\nauto_fix_attempts: 0\nlast_checkpoint: null\n---\n# Agent {name}\n\nNotes for this agent's sessions. `git orx agent archive` adds each session's summary below.\n"
    )
}

/// The transition trigger `name` fires from the item's state `from`.
pub fn fired<'w>(wf: &'w Workflow, from: &str, name: &str) -> Result<&'w Transition> {
    if !wf
        .transitions
        .iter()
        .any(|t| t.trigger.as_deref() == Some(name))
    {
        let mut known: Vec<&str> = wf
            .transitions
            .iter()
            .filter_map(|t| t.trigger.as_deref())
            .collect();
        known.dedup();
        return Err(Error::Usage(format!(
            "unknown trigger `{}` (triggers: {})",
            crate::text::escape(name),
            known.join(", ")
        )));
    }
    wf.transitions
        .iter()
        .find(|t| t.from == from && t.trigger.as_deref() == Some(name))
        .ok_or_else(|| {
            let mut states: Vec<String> = wf
                .transitions
                .iter()
                .filter(|t| t.trigger.as_deref() == Some(name))
                .map(|t| t.from.clone())
                .collect();
            states.dedup();
            Error::NoDecision(NoDecision::NotHere {
                action: format!("`{name}`"),
                kind: wf.name.clone(),
                state: from.to_owned(),
                states,
            })
        })
}

/// Refuses `operation` (any of `ops`) unless the item's state allows it
/// (seed 001 §1, 允许的操作).
pub fn allows(wf: &Workflow, item: &crate::item::Item, ops: &[&str]) -> Result<()> {
    let Some(state) = wf.state(&item.status) else {
        return Ok(());
    };
    if ops
        .iter()
        .any(|op| state.operations.iter().any(|o| o == op))
    {
        return Ok(());
    }
    let describe = |op: &str| {
        wf.operations
            .iter()
            .find(|(n, _)| n == op)
            .map_or_else(|| op.to_owned(), |(n, d)| format!("{n} ({d})"))
    };
    Err(Error::Refused(Refusal::Operation {
        item: item.label(),
        state: item.status.clone(),
        operation: ops
            .iter()
            .map(|o| describe(o))
            .collect::<Vec<_>>()
            .join(" or "),
        allowed: state.operations.iter().map(|o| describe(o)).collect(),
    }))
}

/// The task queue: each task a mapping `{title, status}`, status `todo`,
/// `done` or `skipped`.
pub fn tasks(item: &Value) -> Vec<Value> {
    item.get("tasks")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// The queue with a new task at the end.
pub fn add_task(queue: &[Value], title: &str) -> Result<Value> {
    let title = title.trim();
    if title.is_empty() || title.chars().any(char::is_control) {
        return Err(Error::Usage("a task is one line of text".to_owned()));
    }
    let mut out = queue.to_vec();
    out.push(json!({"title": title, "status": "todo"}));
    Ok(Value::Array(out))
}

/// The queue with task `n` (1-based; default: the first open one) marked
/// `status`; returns it and the task's number.
pub fn mark_task(queue: &[Value], n: Option<usize>, status: &str) -> Result<(Value, usize)> {
    let open = |t: &Value| t.get("status").and_then(Value::as_str) == Some("todo");
    let i = match n {
        Some(n) if n >= 1 && n <= queue.len() => n - 1,
        Some(n) => {
            return Err(Error::Usage(format!(
                "there is no task {n} (the queue has {})",
                queue.len()
            )));
        }
        None => queue
            .iter()
            .position(open)
            .ok_or_else(|| Error::Usage("every task is already done or skipped".to_owned()))?,
    };
    if !open(&queue[i]) {
        return Err(Error::Usage(format!(
            "task {} is already {}",
            i + 1,
            queue[i]["status"].as_str().unwrap_or("closed")
        )));
    }
    let mut out = queue.to_vec();
    out[i]["status"] = json!(status);
    Ok((Value::Array(out), i + 1))
}

/// Tasks not yet done or skipped.
pub fn open_tasks(queue: &[Value]) -> usize {
    queue
        .iter()
        .filter(|t| t.get("status").and_then(Value::as_str) == Some("todo"))
        .count()
}

/// A session's summary for the context's body, from the context as it is
/// when archiving; `rolled_back`: the checkpoint the session's work was
/// rolled back to, if it was.
pub fn summary(item: &Value, now: &str, rolled_back: Option<&str>) -> String {
    let text = |k: &str| {
        item.get(k)
            .and_then(Value::as_str)
            .unwrap_or("-")
            .to_owned()
    };
    let mut s = format!(
        "\n## Session {} (archived {now})\n\n- Requirement: {}\n- Last checkpoint: {}\n",
        text("session_id"),
        text("requirement").replace('\n', " "),
        text("last_checkpoint"),
    );
    if let Some(chk) = rolled_back {
        s.push_str(&format!("- Rolled back to: {chk}\n"));
    }
    let queue = tasks(item);
    let done = queue.iter().filter(|t| t["status"] == "done").count();
    s.push_str(&format!("- Tasks: {done} of {} done\n", queue.len()));
    for t in &queue {
        let mark = match t["status"].as_str() {
            Some("done") => "x",
            Some("skipped") => "-",
            _ => " ",
        };
        s.push_str(&format!(
            "  - [{mark}] {}\n",
            t["title"].as_str().unwrap_or_default()
        ));
    }
    s
}

// ---- planned changes ---------------------------------------------------------

/// A planned change of an agent context, and what comes with it
/// (`checkpoint`, `rollback`: the transition's actions).
#[derive(Debug)]
pub struct AgentPlan {
    pub plan: Plan,
    pub actions: Vec<String>,
}

/// What executing an agent plan did.
#[derive(Debug)]
pub struct Done {
    /// The plan as executed (with the checkpoint's name, if one was made).
    pub plan: Plan,
    pub executed: Executed,
    /// The checkpoint made (`checkpoint` action).
    pub checkpoint: Option<String>,
    /// The rollback made (`rollback` action).
    pub rollback: Option<Rolledback>,
}

/// The context of agent `name` and its workflow, refused when unusable.
pub fn open(ws: &Workspace, name: &str) -> Result<(Item, Arc<Workflow>)> {
    let item = ws.agent(name)?;
    let wf = ws.workflow("agent")?;
    if let Some(e) = item.unusable(&wf) {
        return Err(Error::Item(e));
    }
    Ok((item, wf))
}

/// Plans `git orx agent init`: a new context for agent `name`.
pub fn plan_init(ws: &Workspace, name: &str, acts_as: &str, actor: Actor) -> Result<Plan> {
    let path = context_path(name)?;
    let acts_as = &ws.check_role(acts_as, "--acts-as")?;
    let wf = ws.workflow("agent")?;
    if ws.root().join(&path).symlink_metadata().is_ok() {
        return Err(Error::Exists(format!(
            "agent `{name}` exists already ({path})"
        )));
    }
    let item = Item::from_bytes(&path, new_context(name, acts_as, &wf.initial).into_bytes())?;
    plan::create(ws, &wf, item, actor)
}

/// Plans firing `trigger`, recording `edits` with it. A trigger with a
/// note field records the note there and needs one.
pub fn plan_fire(
    ws: &Workspace,
    name: &str,
    trigger: &str,
    mut edits: Vec<plan::Edit>,
    actor: Actor,
) -> Result<AgentPlan> {
    let (item, wf) = open(ws, name)?;
    let t = fired(&wf, &item.status, trigger)?;
    if let Some(f) = &t.note_field {
        let note = actor
            .note
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .ok_or_else(|| {
                Error::Usage(format!(
                    "{trigger} records its note as `{}`: give it with -m TEXT",
                    f.join(".")
                ))
            })?;
        edits.push((f.clone(), json!(note)));
    }
    plan_transition(ws, item, t, &edits, actor)
}

/// Plans taking `t` with `edits`, and its actions; for `archive`, the
/// session's summary is written into the body first (the effects then
/// clear the session).
fn plan_transition(
    ws: &Workspace,
    item: Item,
    t: &Transition,
    edits: &[plan::Edit],
    actor: Actor,
) -> Result<AgentPlan> {
    let actions = t.actions.clone();
    if !actions.iter().any(|a| a == "archive") {
        return Ok(AgentPlan {
            plan: plan::transition(ws, item, &t.to, edits, actor)?,
            actions,
        });
    }
    let old = item.doc.text().as_bytes().to_vec();
    let nl = item.doc.newline();
    let mut text = item.doc.text().to_owned();
    if !text.ends_with('\n') {
        text.push_str(nl);
    }
    let value = item.value();
    let rolled_back = actions
        .iter()
        .any(|a| a == "rollback")
        .then(|| value[crate::workflow::CHECKPOINT_FIELD].as_str())
        .flatten();
    text.push_str(&summary(&value, &crate::workspace::now(), rolled_back).replace('\n', nl));
    let summarized = Item::from_bytes(&item.path, text.into_bytes())?;
    let mut plan = plan::transition(ws, summarized, &t.to, edits, actor)?;
    plan.old = Some(old);
    Ok(AgentPlan { plan, actions })
}

/// Plans the transition a check's result leads to from the agent's state
/// (the first whose guard holds for event `check-passed` or
/// `check-failed`), recording the result (`last_check`) with it; `None`
/// where it leads nowhere (a pass while EXECUTING).
pub fn plan_check(
    ws: &Workspace,
    name: &str,
    passed: bool,
    failed: &[String],
    actor: Actor,
) -> Result<Option<AgentPlan>> {
    let (item, wf) = open(ws, name)?;
    allows(&wf, &item, &["work", "fix"])?;
    refuse_paused(&item)?;
    let now = crate::workspace::now();
    let record = json!({"passed": passed, "at": now, "failed": failed});
    let edits = vec![plan::set(&["last_check"], record.clone())];
    let mut after = item.value();
    after["last_check"] = record;
    let event = if passed {
        "check-passed"
    } else {
        "check-failed"
    };
    match crate::assess::decide(&wf, event, &item.value(), &after, actor.role, &now) {
        Ok(t) => Ok(Some(plan_transition(ws, item, t, &edits, actor)?)),
        Err(NoDecision::NotHere { .. }) => Ok(None),
        Err(e) => Err(Error::NoDecision(e)),
    }
}

/// Refuses work for a paused agent.
pub fn refuse_paused(item: &Item) -> Result<()> {
    if item.value()["paused"] == json!(true) {
        return Err(Error::Failed(format!(
            "{} is paused; `git orx agent resume` first",
            item.label()
        )));
    }
    Ok(())
}

/// Plans an edit of the context that operation `ops` makes (refused
/// unless the state allows one of them), optionally with a transition.
pub fn plan_edit(
    ws: &Workspace,
    name: &str,
    ops: &[&str],
    edits: impl FnOnce(&Value) -> Result<(Vec<plan::Edit>, Option<String>)>,
    actor: Actor,
) -> Result<AgentPlan> {
    let (item, wf) = open(ws, name)?;
    allows(&wf, &item, ops)?;
    let (edits, trigger) = edits(&item.value())?;
    match trigger {
        Some(trigger) => {
            let t = fired(&wf, &item.status, &trigger)?;
            plan_transition(ws, item, t, &edits, actor)
        }
        None => Ok(AgentPlan {
            plan: plan::edit(ws, item, &edits, actor)?,
            actions: Vec::new(),
        }),
    }
}

/// Plans `git orx agent archive`: ARCHIVE_COMPLETE, whose `archive`
/// action appends the session's summary to the context's body.
pub fn plan_archive(ws: &Workspace, name: &str, actor: Actor) -> Result<AgentPlan> {
    let (item, wf) = open(ws, name)?;
    allows(&wf, &item, &["archive"])?;
    let t = fired(&wf, &item.status, "ARCHIVE_COMPLETE")?;
    plan_transition(ws, item, t, &[], actor)
}

/// What the end of the last open task (done or skipped) fires.
pub const TASKS_FINISHED: &str = "ALL_TASKS_DONE";

/// Once every task of the queue is done or skipped: [`TASKS_FINISHED`]
/// from the agent's state (EXECUTING → ARCHIVING) when its guard holds,
/// planned; `None` while a task is open, or where it does not apply.
pub fn plan_finished(ws: &Workspace, name: &str, actor: Actor) -> Result<Option<AgentPlan>> {
    let (item, wf) = open(ws, name)?;
    let value = item.value();
    let queue = tasks(&value);
    if queue.is_empty() || open_tasks(&queue) > 0 {
        return Ok(None);
    }
    let now = crate::workspace::now();
    match crate::assess::decide(&wf, TASKS_FINISHED, &value, &value, actor.role, &now) {
        Ok(t) => Ok(Some(plan_transition(ws, item, t, &[], actor)?)),
        Err(NoDecision::NotHere { .. }) => Ok(None),
        Err(e) => Err(Error::NoDecision(e)),
    }
}

/// Writes and commits the plan under the repository lock, with its
/// actions: a checkpoint made first (its name recorded as
/// `last_checkpoint`), or a rollback to the context's last checkpoint.
pub fn execute(ws: &Workspace, mut ap: AgentPlan, commit: bool) -> Result<Done> {
    plan::test_pause("planned");
    let lock = Lock::acquire_within(&ws.repo.orx_dir(), ws.lock_wait)?;
    let now = crate::workspace::now();
    let (mut checkpoint_made, mut rolled) = (None, None);
    // The file must still be what the plan read, before anything else runs.
    let on_disk = crate::item::read_limited(&ws.root().join(&ap.plan.path)).ok();
    if on_disk.as_deref() != ap.plan.old.as_deref() {
        return Err(crate::store::StoreError::Changed {
            path: ap.plan.path.clone(),
        }
        .into());
    }
    if ap.actions.iter().any(|a| a == "rollback") {
        let before = Document::from_bytes(ap.plan.old.clone().unwrap_or_default())
            .map(|d| crate::item::frontmatter_value(&d))
            .unwrap_or_default();
        let Some(target) = before[crate::workflow::CHECKPOINT_FIELD].as_str() else {
            return Err(Error::Failed(format!(
                "{} records no checkpoint to roll back to",
                ap.plan.label()
            )));
        };
        let trailers = vec![
            (
                "Orx-Item".to_owned(),
                format!("{}/{}", ap.plan.kind, ap.plan.id),
            ),
            ("Orx-Role".to_owned(), ap.plan.role.clone()),
        ];
        let keep = keep_paths(ws);
        let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
        rolled = Some(checkpoint::rollback(
            &ws.repo,
            target,
            &keep,
            &trailers,
            &now,
            false,
            ws.lock_wait,
        )?);
    }
    if ap.actions.iter().any(|a| a == "checkpoint") {
        let name = checkpoint::create(
            &ws.repo,
            &format!("{}: {}", ap.plan.label(), ap.plan.transition_text()),
            &now,
        )?;
        ap.plan.doc = ap
            .plan
            .doc
            .set(&[crate::workflow::CHECKPOINT_FIELD], &json!(name))
            .map_err(|e| Error::Failed(e.message))?;
        checkpoint_made = Some(name);
    }
    let executed = match (plan::execute_locked(ws, &ap.plan, commit, &lock), &rolled) {
        (Ok(e), _) => e,
        // The rollback is made and recorded; say so, and how to undo it.
        (Err(e), Some(r)) => {
            return Err(Error::Failed(format!(
                "the work was rolled back [{}], but {} could not be recorded: {e}\nundo the rollback with `git orx rollback {} --yes`, or record the transition again",
                r.commit,
                ap.plan.transition_text(),
                r.saved
            )));
        }
        (Err(e), None) => return Err(e),
    };
    Ok(Done {
        plan: ap.plan,
        executed,
        checkpoint: checkpoint_made,
        rollback: rolled,
    })
}

/// The paths a rollback leaves alone: the items (stories, agent contexts)
/// and the rules, all of which keep their own history.
pub fn keep_paths(ws: &Workspace) -> Vec<String> {
    let mut paths = ws.item_dirs();
    paths.push(".orx".to_owned());
    paths
}

#[cfg(test)]
mod tests;
