//! What belongs to one kind of item rather than to the engine: the story's
//! assessment, checklist and gate, and the agent's context and task queue.
//! The engine reaches them through the workflow (its triggers, records,
//! measures and actions); nothing outside this folder and the commands
//! names a kind's states, roles or fields.

pub mod agent;
pub mod codereview;
pub mod goal;
pub mod loops;
pub mod story;

#[cfg(test)]
mod messages;
#[cfg(test)]
pub(crate) mod no_kind_names;

/// The files `item`'s kind keeps beside it after `action` left its
/// fields `after` (a loop's progress files), each with its new bytes.
pub fn files_after(
    ws: &crate::repo::workspace::Workspace,
    item: &crate::engine::item::Item,
    action: &str,
    after: &serde_json::Value,
) -> crate::error::Result<Vec<(String, Vec<u8>)>> {
    if item.kind != loops::KIND {
        return Ok(Vec::new());
    }
    let paths = loops::paths(ws, &item.id)?;
    let now = crate::repo::workspace::now();
    loops::progress::files_after(
        ws,
        &paths,
        action,
        &item.value(),
        after,
        &serde_json::json!({}),
        &now,
    )
}

/// Whether items of `kind` have steps [`judge_steps`] judges.
pub fn judges_steps(kind: &str) -> bool {
    kind == goal::GOAL
}

/// `steps` (item `item`'s) judged with what only its kind's code knows of
/// the repository around it (a goal's round: its answers and tasks).
pub fn judge_steps(
    ws: &crate::repo::workspace::Workspace,
    item: &crate::engine::item::Item,
    steps: &mut [crate::workflow::steps::Action],
) -> crate::error::Result<()> {
    goal::judge_steps(ws, item, steps)
}

/// The renderer of an item's body an action names (`run.actions.*.body`).
pub fn render_body(name: &str, fields: &serde_json::Value) -> Option<String> {
    codereview::report::render(name, fields)
}
