//! Checkpoints: `checkpoint`, `checkpoints`, `rollback`.

use super::Version;

/// The checkpoint made.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx checkpoint", deny_unknown_fields)]
pub struct Checkpoint {
    pub version: Version,
    /// its name (with --dry-run, the name it would get)
    pub checkpoint: String,
    /// --dry-run: nothing was written
    pub dry_run: bool,
}

/// The checkpoints, newest first.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx checkpoints", deny_unknown_fields)]
pub struct Checkpoints<'a> {
    pub version: Version,
    pub checkpoints: &'a [orx::change::checkpoint::Checkpoint],
}

/// The rollback made (or, with --dry-run, the files it would restore or
/// remove).
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(untagged)]
#[schemars(title = "git-orx rollback", extend("type" = "object"))]
pub enum Rollback {
    Planned(Planned),
    Made(Made),
}

/// With --dry-run: the files the rollback would restore or remove.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Planned {
    pub version: Version,
    #[schemars(extend("const" = true))]
    pub dry_run: bool,
    pub checkpoint: String,
    #[schemars(with = "()")]
    pub commit: Option<String>,
    pub changed: Vec<String>,
    pub kept: Vec<String>,
}

/// The rollback made.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Made {
    pub version: Version,
    #[schemars(extend("const" = false))]
    pub dry_run: bool,
    pub checkpoint: String,
    pub commit: String,
    pub saved: String,
    pub changed: Vec<String>,
}
