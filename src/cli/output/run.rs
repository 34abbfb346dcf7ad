//! Running an item's actions: `run`, `prompt`.

use serde_json::Value;

use super::Version;

/// What `git orx run ID` prints under --json: how the run of the item's
/// actions ended; with --dry-run, the action it would take first and its
/// prompt (null for an action no executor performs), nothing run or
/// written.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git-orx run", extend("type" = "object"))]
pub enum Run {
    Planned(Planned),
    Ran(Ran),
}

/// With --dry-run: the action the run would take first, and its prompt.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Planned {
    pub version: Version,
    #[schemars(extend("const" = true))]
    pub dry_run: bool,
    pub item: String,
    pub kind: String,
    pub status: String,
    pub action: String,
    /// the action's argument (the dimension to review), if any
    pub argument: Option<Value>,
    pub role: String,
    pub exec: Option<String>,
    pub prompt: Option<String>,
}

/// How the run ended.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Ran {
    pub version: Version,
    pub run: orx::change::run::Summary,
}

/// What `git orx prompt ID` and `git orx goal prompt ID` print under
/// --json: the prompt of the item's next action (null when no executor
/// performs it), or a goal's or task's prompt by name.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git-orx prompt", extend("type" = "object"))]
pub enum Prompt {
    Action(ActionPrompt),
    Named(Named),
}

/// The prompt of the item's next action.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ActionPrompt {
    pub version: Version,
    pub item: String,
    pub kind: String,
    pub status: String,
    pub action: String,
    /// the action's argument (the dimension to review), if any
    pub argument: Option<Value>,
    pub role: String,
    pub prompt: Option<String>,
}

/// A goal's or task's prompt, by name.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Named {
    pub version: Version,
    pub item: String,
    /// the prompt's name
    pub prompt: String,
    pub text: String,
}
