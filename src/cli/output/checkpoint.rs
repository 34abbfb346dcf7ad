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
    /// each file of `changed`: what the rollback would do to it and,
    /// with --diff, how
    pub files: Vec<PlannedFile>,
    pub kept: Vec<String>,
}

/// A file a dry run would change.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PlannedFile {
    pub path: String,
    /// restore, create or remove
    #[schemars(extend("enum" = ["restore", "create", "remove"]))]
    pub what: String,
    /// --diff: the unified diff from the file as it is to the file as it
    /// would be (`--- a/PATH`, `+++ b/PATH`, `/dev/null` for no file), or
    /// "binary file differs"
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub diff: Option<String>,
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
