//! An item's backups and history: `backup`, `backups`, `history`.

use orx::change::state;

use super::Version;

/// What `git orx backup ID` prints under --json: the backup kept (with
/// --dry-run, its name only, and `backup: null`).
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx backup", deny_unknown_fields)]
pub struct Backup {
    pub version: Version,
    pub item: String,
    pub kind: String,
    pub path: String,
    pub dry_run: bool,
    pub name: String,
    pub backup: Option<state::Backup>,
}

/// What `git orx backups ID` prints under --json: the item's backups,
/// oldest first.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx backups", deny_unknown_fields)]
pub struct Backups {
    pub version: Version,
    pub item: String,
    pub kind: String,
    pub backups: Vec<state::Backup>,
}

/// What `git orx history ID` prints under --json: every change of the
/// item, oldest first, and its backups.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx history", deny_unknown_fields)]
pub struct History {
    pub version: Version,
    pub item: String,
    pub kind: String,
    pub path: String,
    pub history: Vec<orx::history::changes::Change>,
    pub backups: Vec<state::Backup>,
}
