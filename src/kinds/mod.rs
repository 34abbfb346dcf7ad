//! What belongs to one kind of item rather than to the engine: the story's
//! assessment, checklist and gate, and the agent's context and task queue.
//! The engine reaches them through the workflow (its triggers, records,
//! measures and actions); nothing outside this folder and the commands
//! names a kind's states, roles or fields.

pub mod agent;
pub mod codereview;
pub mod goal;
pub mod story;

#[cfg(test)]
pub(crate) mod no_kind_names;

/// The renderer of an item's body an action names (`run.actions.*.body`).
pub fn render_body(name: &str, fields: &serde_json::Value) -> Option<String> {
    codereview::report::render(name, fields)
}
