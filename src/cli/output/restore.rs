//! `git orx restore`.

use orx::change::state::Kept;

use super::{Change, Version};

/// What `git orx restore ID` prints under --json: the change made (a
/// change result with `restored_from`), or, where the item's file is only
/// put back, where from.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git-orx restore", extend("type" = "object"))]
pub enum Restore {
    Change(Box<Change>),
    PutBack(PutBack),
}

/// The item's file put back, no change recorded.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PutBack {
    pub version: Version,
    pub item: String,
    pub path: String,
    pub restored_from: String,
    /// restore: what the file held that was not committed (edits, or a
    /// damaged file), kept as a named backup before it was replaced
    pub kept: Option<Kept>,
    pub dry_run: bool,
    /// --dry-run: the file it would write, with --diff how
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<super::checkpoint::PlannedFile>")]
    pub files: Option<Vec<super::checkpoint::PlannedFile>>,
    #[schemars(with = "()")]
    pub commit: Option<String>,
    #[schemars(extend("const" = false))]
    pub committed: bool,
}
