//! `git orx schema` without NAME.

use super::Version;

/// git orx schema --json without NAME: the schemas there are.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx schema list", deny_unknown_fields)]
pub struct Schemas {
    pub version: Version,
    pub schemas: Vec<Listed>,
}

/// A schema: its name and the outputs it describes.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Listed {
    pub name: String,
    pub describes: String,
}
