//! `git orx adopt`.

use super::Version;

/// What `git orx adopt` prints under --json: the plan (with --dry-run, or
/// when a story cannot be adopted, nothing written) and, once adopted,
/// the commit.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx adopt", deny_unknown_fields)]
pub struct Adopt<'a> {
    pub version: Version,
    pub dry_run: bool,
    pub plan: &'a orx::kinds::story::adopt::Adoption,
    /// The commit, once adopted (null: nothing was written); absent from a
    /// plan.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub commit: Option<Option<String>>,
}
