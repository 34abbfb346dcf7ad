//! An agent's context file: where it lives, the text of a new one, and
//! the summary an archived session adds to its body.

use serde_json::Value;

use crate::error::{Error, Result};

use super::tasks;

/// The default agent's name.
pub const DEFAULT: &str = "default";
/// The default agent's context, as the agent lifecycle names it.
pub const ACTIVE_CONTEXT: &str = ".orx/active_context.md";
/// Where other agents' contexts live.
pub const AGENTS_DIR: &str = ".orx/agents";

/// The context file of agent `name`.
pub fn context_path(name: &str) -> Result<String> {
    if name == DEFAULT {
        return Ok(ACTIVE_CONTEXT.to_owned());
    }
    crate::text::check_id(name).map_err(|m| Error::Usage(m.replace("ID", "agent name")))?;
    Ok(format!("{AGENTS_DIR}/{name}.md"))
}

/// Whether `path` is an agent context file.
pub fn is_context_path(path: &str) -> bool {
    path == ACTIVE_CONTEXT || crate::engine::item::is_item_path(AGENTS_DIR, path)
}

/// The text of a new context for agent `name`, acting as `acts_as`.
pub fn new_context(name: &str, acts_as: &str, initial: &str) -> String {
    let id =
        crate::doc::render::string(name, Some(granit_parser::ScalarStyle::DoubleQuoted), false);
    format!(
        "---\nkind: agent\nid: {id}\nacts_as: {acts_as}\ntask_status: {initial}\nsession_id: null\nauto_fix_attempts: 0\nlast_checkpoint: null\n---\n# Agent {name}\n\nNotes for this agent's sessions. `git orx agent archive` adds each session's summary below.\n"
    )
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
