//! Goals: `goal review`, `tick`, `event`.

use super::Version;

/// What `git orx goal review ID` prints under --json: the goal's current
/// round, its tasks counted and what each delivered.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx goal review", deny_unknown_fields)]
pub struct GoalReview<'a> {
    pub version: Version,
    pub review: &'a orx::kinds::goal::RoundReview,
}

/// What `git orx tick` and `git orx event FORGE` print under --json: the
/// changes dispatched (planned only with --dry-run) and what was noticed
/// but not acted on.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx tick and event", deny_unknown_fields)]
pub struct Tick<'a> {
    pub version: Version,
    pub dry_run: bool,
    pub dispatched: &'a [orx::kinds::goal::Dispatched],
    pub notes: &'a [String],
    /// The prompts and notices sent to agents: a discussion broadcast to
    /// the idle agents of each addressed role, a directed discussion to
    /// its assignee, a plan's review to the reviewer, an escalation or a
    /// round review to the lead, a merged or closed task or goal.
    pub notices: &'a [orx::kinds::goal::Notice],
    /// The team's agents and whether each is idle (when a notice was sent).
    pub agents: &'a [orx::kinds::goal::AgentLoad],
}
