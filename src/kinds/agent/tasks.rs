//! The agent's task queue, as its context's `tasks` field holds it.

use serde_json::{Value, json};

use crate::error::{Error, Result};

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
        return Err(Error::Usage(crate::msg!("task-one-line-text")));
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
            return Err(Error::Usage(crate::msg!(
                "there-no-task-n-queue",
                n = n,
                total = queue.len()
            )));
        }
        None => queue
            .iter()
            .position(open)
            .ok_or_else(|| Error::Usage(crate::msg!("every-task-already-done-skipped")))?,
    };
    if !open(&queue[i]) {
        return Err(Error::Usage(crate::msg!(
            "task-id-already-state",
            id = i + 1,
            state = queue[i]["status"].as_str().unwrap_or("closed")
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
