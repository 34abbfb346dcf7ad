//! `git orx review report`.

use super::Version;

/// What `git orx review report ID` prints under --json: a code review's
/// findings by dimension, with counts.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx review report", deny_unknown_fields)]
pub struct ReviewReport {
    pub version: Version,
    pub report: orx::kinds::codereview::report::Report,
}
