//! A loop's file: `loop show`, `loop validate`.

use serde_json::Value;

use super::Version;

/// What `git orx loop show ID` prints under --json: the loop's file, the
/// values derived from it and its next action.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx loop show", deny_unknown_fields)]
pub struct LoopShow {
    pub version: Version,
    #[serde(rename = "loop")]
    pub loop_: String,
    pub path: String,
    pub legacy: bool,
    /// the loop's file as it is
    pub state: Value,
    /// progress and flags derived from the file (developProgress,
    /// overallProgress, ..., as the loop state schema names them)
    pub derived: orx::kinds::loops::Derived,
    /// the skill's next action, or the exit a control signal calls for
    /// (pause_exit, stop_exit); null for a loop in the legacy place
    pub next: Option<String>,
}

/// What `git orx loop validate ID` prints under --json: whether the
/// loop's file is valid, and each problem at its position.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx loop validate", deny_unknown_fields)]
pub struct LoopValidate<'a> {
    pub version: Version,
    #[serde(rename = "loop")]
    pub loop_: String,
    pub path: String,
    pub legacy: bool,
    pub valid: bool,
    pub problems: &'a [orx::kinds::loops::Problem],
}
