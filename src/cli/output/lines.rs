//! The text lines of a command without a result of its own.

use super::Version;

/// What a command without a result of its own (init, kind new, hooks,
/// acknowledge, report, demo) prints under --json: its text lines.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx output lines", deny_unknown_fields)]
pub struct Lines {
    pub version: Version,
    pub command: String,
    pub output: Vec<String>,
    /// --dry-run: the lines say what would be written; nothing was
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[schemars(extend("const" = true))]
    pub dry_run: bool,
}
