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

use serde_json::{Value, json};

use crate::assess::NoDecision;
use crate::error::{Error, Result};
use crate::validate::Refusal;
use crate::workflow::{Transition, Workflow};

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
/// when archiving.
pub fn summary(item: &Value, now: &str) -> String {
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

#[cfg(test)]
mod tests;
