//! An agent's context file: where it lives, the text of a new one, and
//! the summary an archived session adds to its body.

use serde_json::Value;

use crate::engine::item::{Item, ItemError};
use crate::error::{Error, Result};
use crate::repo::rules::Rules;
use crate::repo::workspace::Workspace;

use super::tasks;

/// The agent kind, as its workflow file is named.
pub const KIND: &str = "agent";
/// The default agent's name (the agent workflow's `items.default_id`).
pub const DEFAULT: &str = "default";

/// The context file of agent `name`: where the agent kind's `items:` puts
/// the item with that ID (`.orx/active_context.md` for the default agent,
/// `.orx/agents/<name>.md` for others, in the built-in workflow).
pub fn context_path(rules: &Rules, name: &str) -> Result<String> {
    // What `text::id_problem` says of an ID, said of an agent's name.
    if let Some(why) = crate::text::id_why(name) {
        return Err(Error::Usage(crate::msg!(
            "invalid-agent-name",
            name = crate::text::escape(name),
            why
        )));
    }
    rules.kind(KIND)?.items.path_for(name, "").ok_or_else(|| {
        Error::Usage(crate::msg!(
            "no-agent-context-can-named",
            name = crate::text::escape(name)
        ))
    })
}

/// The agent context files there are, in the order of the agent kind's
/// `items.paths` (the default agent first), then by name.
pub fn context_files(ws: &Workspace) -> Result<Vec<String>> {
    Ok(ws.item_listing(ws.kind(KIND)?)?.0)
}

/// The checkpoint an agent's context names as its last (the field its
/// workflow's `checkpoint_field` says), if it names one.
pub fn last_checkpoint(item: &Item) -> Option<String> {
    let wf = item.kind.workflow().ok()?;
    item.value()[wf.checkpoint_field.as_deref()?]
        .as_str()
        .map(str::to_owned)
}

/// Agent `name`'s context.
pub fn find(ws: &Workspace, name: &str) -> Result<Item> {
    let path = context_path(ws, name)?;
    if ws.root().join(&path).symlink_metadata().is_err() {
        return Err(Error::NoAgent {
            name: name.to_owned(),
            path,
        });
    }
    let item = Item::read(ws.registry(), ws.root(), &path)?;
    if item.kind != KIND || item.id != name {
        return Err(Error::Item(ItemError::new(
            &path,
            item.pos("kind"),
            crate::msg!("agent-context-kind-id", kind = KIND, id = name),
        )));
    }
    Ok(item)
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
