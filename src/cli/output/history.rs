//! What history tells: `metrics`, `verify`, `log`.

use orx::history::enforce::Violation;
use orx::history::verify::Acknowledged;

use super::Version;

/// The process metrics and their alerts, one entry per kind measured
/// (the one `--kind` names, else every kind history has items of, the
/// default kind first).
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx metrics", deny_unknown_fields)]
pub struct Metrics<'a> {
    pub version: Version,
    pub kinds: &'a [orx::kinds::metrics::Metrics],
}

/// Every commit of a range re-judged; violations, acknowledged ones, and
/// commits not judged.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx verify", deny_unknown_fields)]
pub struct Verify<'a> {
    pub version: Version,
    pub range: String,
    pub commits: usize,
    pub violations: &'a [Violation],
    pub acknowledged: &'a [Acknowledged],
    /// Violations a later commit of the range repaired (a duplicate ID
    /// renumbered): not failures.
    pub repaired: &'a [orx::history::verify::Repaired],
    pub not_judged: &'a [String],
}

/// The audit trail from history, newest first (--reverse: oldest first).
// `log` streams it: the entries are written as history is read, in the
// form this type serializes to.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx log", deny_unknown_fields)]
pub struct Log<'a> {
    pub version: Version,
    pub entries: &'a [orx::history::audit::Entry],
}
