//! `git orx loop act`.

use super::{Change, Version};

/// What `git orx loop act ID` prints under --json: the change the action
/// made (a change result with `loop`, `action`, `control`, `capped`), or,
/// when a control signal stopped the skill before any action, the signal
/// alone.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git-orx loop act", extend("type" = "object"))]
pub enum LoopAct {
    Change(Box<Change>),
    Signal(Signal),
}

/// The control signal that stopped the skill before any action.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Signal {
    #[serde(rename = "loop")]
    pub loop_: String,
    pub action: Option<String>,
    pub control: String,
    pub capped: bool,
    pub version: Version,
}
