//! The agent context of the agent lifecycle: one item per agent whose state
//! (`task_status`) follows the `agent` workflow, with the session's
//! requirement, task queue, auto-fix attempts and last checkpoint in its
//! frontmatter, and notes (and each archived session's summary) in its
//! body.
//!
//! The default agent's context is `.orx/active_context.md`, as the agent lifecycle
//! names it; others are `.orx/agents/<name>.md`. This module holds what is
//! pure about them — paths, the text of a new context, the task queue,
//! which transition a trigger or a check's result fires, which operations
//! a state allows, the session summary — and returns values; the commands
//! read, plan, write and commit through [`crate::change::plan`].

use std::sync::Arc;

mod context;
mod tasks;

pub use context::*;
pub use tasks::*;

/// The agent's own code: its contexts have a section of their own on the
/// board.
pub struct Code;

impl super::KindCode for Code {
    fn own_section(&self) -> bool {
        true
    }
}

use serde_json::{Value, json};

use crate::change::plan::{self, Actor, Plan};
use crate::engine::decide::NoDecision;
use crate::engine::item::Item;
use crate::engine::validate::Refusal;
use crate::error::{Error, Result};
use crate::repo::workspace::Workspace;
use crate::workflow::{Transition, Workflow};

/// Refuses taking by hand `moves` (the item's transitions a trigger or a
/// target state names) when every one is a command's outcome (`outcome:`):
/// taking it would skip what the command does.
pub fn refuse_outcome(item: &Item, moves: &[&Transition], trigger: &str) -> Result<()> {
    match moves.first().and_then(|t| t.outcome.clone()) {
        Some(command) if moves.iter().all(|t| t.outcome.is_some()) => Err(Error::Outcome {
            item: item.reference(),
            trigger: moves[0]
                .trigger
                .clone()
                .unwrap_or_else(|| trigger.to_owned()),
            command,
        }),
        _ => Ok(()),
    }
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
        return Err(Error::Usage(crate::msg!(
            "unknown-trigger-name-triggers-list",
            name = crate::text::escape(name),
            list = known.join(", ")
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
                action: crate::msg!("action-named", name = name),
                kind: wf.name.clone(),
                state: from.to_owned(),
                states,
            })
        })
}

/// Refuses `operation` (any of `ops`) unless the item's state allows it
/// (the operations the agent workflow's states allow).
pub fn allows(wf: &Workflow, item: &crate::engine::item::Item, ops: &[&str]) -> Result<()> {
    let Some(state) = wf.state(&item.status) else {
        return Ok(());
    };
    if ops
        .iter()
        .any(|op| state.operations.iter().any(|o| o == op))
    {
        return Ok(());
    }
    Err(Error::Refused(Refusal::Operation {
        item: item.reference(),
        state: item.status.clone(),
        operation: ops.iter().map(|o| wf.operation(o)).collect(),
        allowed: state.operations.iter().map(|o| wf.operation(o)).collect(),
    }))
}

// ---- planned changes ---------------------------------------------------------

/// The context of agent `name` and its workflow, refused when unusable.
pub fn open(ws: &Workspace, name: &str) -> Result<(Item, Arc<Workflow>)> {
    let item = find(ws, name)?;
    let wf = ws.kind(KIND)?.workflow()?;
    if let Some(e) = item.unusable(&wf) {
        return Err(Error::Item(e));
    }
    Ok((item, wf))
}

/// Plans `git orx agent init`: a new context for agent `name`.
pub fn plan_init(ws: &Workspace, name: &str, acts_as: &str, actor: Actor) -> Result<Plan> {
    let path = context_path(ws, name)?;
    let acts_as = &ws.check_role(acts_as, crate::workflow::role::RoleSource::ActsAs)?;
    let wf = ws.kind(KIND)?.workflow()?;
    if ws.root().join(&path).symlink_metadata().is_ok() {
        return Err(Error::Exists(crate::msg!(
            "agent-name-exists-already-path",
            name = name,
            path = path
        )));
    }
    let item = Item::from_bytes(
        ws.registry(),
        &path,
        new_context(name, acts_as, &wf.initial).into_bytes(),
    )?;
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
) -> Result<Plan> {
    let (item, wf) = open(ws, name)?;
    let t = fired(&wf, &item.status, trigger)?;
    edits.extend(plan::note_edit(t, trigger, actor.note)?);
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
) -> Result<Plan> {
    let actions = &t.actions;
    if !actions.iter().any(|a| a == "archive") {
        return plan::transition(ws, item, &t.to, edits, actor);
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
        .then(|| context::last_checkpoint(&item))
        .flatten();
    text.push_str(
        &summary(
            &value,
            &crate::repo::workspace::now(),
            rolled_back.as_deref(),
        )
        .replace('\n', nl),
    );
    let summarized = Item::from_bytes(ws.registry(), &item.path, text.into_bytes())?;
    let extras = plan::Extras {
        trailers: Vec::new(),
        old: Some(old),
        ..Default::default()
    };
    plan::transition_with(ws, summarized, &t.to, edits, actor, extras)
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
) -> Result<Option<Plan>> {
    let (item, wf) = open(ws, name)?;
    allows(&wf, &item, &["work", "fix"])?;
    refuse_paused(&item)?;
    let now = crate::repo::workspace::now();
    let record = json!({"passed": passed, "at": now, "failed": failed});
    let edits = vec![plan::set(&["last_check"], record.clone())];
    let mut after = item.value();
    after["last_check"] = record;
    let event = if passed {
        "check-passed"
    } else {
        "check-failed"
    };
    match crate::engine::decide::decide(&wf, event, &item.value(), &after, actor.role, &now) {
        Ok(t) => Ok(Some(plan_transition(ws, item, t, &edits, actor)?)),
        Err(NoDecision::NotHere { .. }) => Ok(None),
        Err(e) => Err(Error::NoDecision(e)),
    }
}

/// Refuses work for a paused agent.
pub fn refuse_paused(item: &Item) -> Result<()> {
    if item.value()["paused"] == json!(true) {
        return Err(Error::Failed(crate::msg!(
            "agent-paused-git-orx-agent",
            agent = item.label()
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
) -> Result<Plan> {
    let (item, wf) = open(ws, name)?;
    allows(&wf, &item, ops)?;
    let (edits, trigger) = edits(&item.value())?;
    match trigger {
        Some(trigger) => {
            // A trigger, or an event a transition from here answers.
            let t = match wf
                .transitions_from(&item.status)
                .into_iter()
                .find(|t| t.answers(&trigger))
            {
                Some(t) => t,
                None => fired(&wf, &item.status, &trigger)?,
            };
            plan_transition(ws, item, t, &edits, actor)
        }
        None => plan::edit(ws, item, &edits, actor),
    }
}

/// Plans `git orx agent archive`: the transition from the agent's state
/// whose operation is `archive` (ARCHIVE_COMPLETE in the built-in
/// workflow), whose `archive` action appends the session's summary to the
/// context's body.
pub fn plan_archive(ws: &Workspace, name: &str, actor: Actor) -> Result<Plan> {
    let (item, wf) = open(ws, name)?;
    allows(&wf, &item, &[ARCHIVE])?;
    let by_operation = |t: &&Transition| t.operation.as_deref() == Some(ARCHIVE);
    let Some(t) = wf
        .transitions_from(&item.status)
        .into_iter()
        .find(by_operation)
    else {
        let mut states: Vec<String> = wf
            .transitions
            .iter()
            .filter(by_operation)
            .map(|t| t.from.clone())
            .collect();
        states.dedup();
        return Err(Error::NoDecision(NoDecision::NotHere {
            action: crate::msg!("action-the-operation", operation = ARCHIVE),
            kind: wf.name.clone(),
            state: item.status.clone(),
            states,
        }));
    };
    plan_transition(ws, item, t, &[], actor)
}

/// The operation that archives a session.
const ARCHIVE: &str = "archive";

/// The event the end of the last open task (done or skipped) fires: the
/// transitions that list it in their `events` (ALL_TASKS_DONE in the
/// built-in workflow).
pub const TASKS_FINISHED: &str = "tasks-finished";

/// Once every task of the queue is done or skipped: [`TASKS_FINISHED`]
/// from the agent's state (EXECUTING → ARCHIVING) when its guard holds,
/// planned; `None` while a task is open, or where it does not apply.
pub fn plan_finished(ws: &Workspace, name: &str, actor: Actor) -> Result<Option<Plan>> {
    let (item, wf) = open(ws, name)?;
    let value = item.value();
    let queue = tasks(&value);
    if queue.is_empty() || open_tasks(&queue) > 0 {
        return Ok(None);
    }
    let now = crate::repo::workspace::now();
    match crate::engine::decide::decide(&wf, TASKS_FINISHED, &value, &value, actor.role, &now) {
        Ok(t) => Ok(Some(plan_transition(ws, item, t, &[], actor)?)),
        Err(NoDecision::NotHere { .. }) => Ok(None),
        Err(e) => Err(Error::NoDecision(e)),
    }
}

#[cfg(test)]
mod tests;
