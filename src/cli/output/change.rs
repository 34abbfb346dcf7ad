//! The change a command made (or, with `--dry-run`, plans).

use orx::engine::validate::Unmet;
use serde_json::Value;

use super::{Keyed, Version};

/// What new, move, assess, gate, agent init|fire|check|task|archive|pause|resume|stop,
/// review start, update, error, restore, loop new|act|pause|resume|stop|recover,
/// goal new|decide, discuss, claim and task start|submit|review|check|fail print
/// under --json: the change made (or, with --dry-run, planned). `changed: false`
/// when nothing changed. Some commands add fields of their own (listed below).
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx change result", deny_unknown_fields)]
pub struct Change {
    pub version: Version,
    pub item: String,
    pub kind: String,
    pub path: String,
    pub from: Option<String>,
    pub to: String,
    pub role: String,
    pub forced: Option<String>,
    pub dry_run: bool,
    pub commit: Option<String>,
    pub committed: bool,
    pub changed: bool,
    /// each field the change sets: its value before and after
    pub effects: Keyed<Effect>,
    pub actions: Vec<String>,
    pub checkpoint: Option<String>,
    pub rollback: Option<Rollback>,
    pub handoff: Option<String>,
    pub next: Vec<NextMove>,
    #[serde(flatten)]
    pub extra: ChangeExtra,
}

impl Change {
    /// The result of a command that changed nothing: the item stays in
    /// `state`, with the moves it has from there.
    pub fn unchanged(
        item: &str,
        kind: &str,
        path: &str,
        state: &str,
        role: &str,
        dry_run: bool,
        next: Vec<NextMove>,
    ) -> Change {
        Change {
            version: Version,
            item: item.to_owned(),
            kind: kind.to_owned(),
            path: path.to_owned(),
            from: Some(state.to_owned()),
            to: state.to_owned(),
            role: role.to_owned(),
            forced: None,
            dry_run,
            commit: None,
            committed: false,
            changed: false,
            effects: Keyed::default(),
            actions: Vec::new(),
            checkpoint: None,
            rollback: None,
            handoff: None,
            next,
            extra: ChangeExtra::default(),
        }
    }
}

/// A field's value before and after the change.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Effect {
    pub from: Value,
    pub to: Value,
}

/// The rollback the change made.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Rollback {
    pub commit: String,
    pub saved: String,
    pub changed: Vec<String>,
}

/// a move the workflow has from the new state
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct NextMove {
    pub to: String,
    pub roles: Vec<String>,
    pub trigger: Option<String>,
}

/// The fields of a change result some commands add, after the others.
#[derive(Clone, Debug, Default, serde::Serialize, schemars::JsonSchema)]
pub struct ChangeExtra {
    /// assess: the measured and given quality
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Quality")]
    pub quality: Option<Quality>,
    /// gate: the review round recorded
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Round")]
    pub round: Option<Round>,
    /// agent check: the checks run and their outcome
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Checks")]
    pub checks: Option<Checks>,
    /// update: the backup kept before it
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub backup: Option<Option<String>>,
    /// restore: the backup or commit the item was taken back to
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub restored_from: Option<String>,
    /// restore: what the file held that was not committed (edits, or a
    /// damaged file), kept as a named backup before it was replaced
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<orx::change::state::Kept>")]
    pub kept: Option<Option<orx::change::state::Kept>>,
    /// error: the errors counted so far
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub errors: Option<u64>,
    /// error: the error limit
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<u64>")]
    pub limit: Option<Option<u64>>,
    /// error: the limit is reached
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub at_limit: Option<bool>,
    /// goal decide: the change made to the goal after the decision
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Routed")]
    pub routed: Option<Routed>,
    /// loop act: the loop
    #[serde(rename = "loop", skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub loop_: Option<String>,
    /// loop act: the action taken
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub action: Option<Option<String>>,
    /// loop act: the control signal seen (continue, pause_exit, stop_exit)
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub control: Option<String>,
    /// loop act: the iteration cap was reached
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub capped: Option<bool>,
    /// loop new: the tasks loaded
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub tasks: Option<u64>,
    /// loop recover: what was recovered
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    pub recovered: Option<Vec<String>>,
    /// loop recover: what could not be
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>")]
    pub lost: Option<Vec<String>>,
    /// loop recover: the last good commit read
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub from_commit: Option<String>,
    /// restore --dry-run: the files it would write, with --diff how
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<super::checkpoint::PlannedFile>")]
    pub files: Option<Vec<super::checkpoint::PlannedFile>>,
}

/// The quality of a story: as given (or measured, when not given), and
/// as measured.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Quality {
    pub structure: f64,
    pub extraction: f64,
    pub measured: Measured,
    pub score: f64,
    pub complexity: Vec<String>,
    pub review_asked: bool,
    pub missing: Vec<String>,
    pub hints: Vec<Hint>,
    pub passed_over: Vec<PassedOver>,
}

/// The quality measured in the text.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Measured {
    pub structure: f64,
    pub extraction: f64,
}

/// A complexity indicator the text suggests, and the word that suggests it.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Hint {
    pub indicator: String,
    pub word: String,
}

/// A move the assessment did not take, and the conditions that did not hold.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct PassedOver {
    pub to: String,
    pub unmet: Vec<Unmet>,
}

/// A review round.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Round {
    pub role: String,
    #[schemars(range(min = 1))]
    pub number: i64,
    pub passed: bool,
    pub findings: Keyed<Value>,
    pub unmet: Vec<Unmet>,
}

/// The checks an agent ran.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Checks {
    pub passed: bool,
    pub run: Vec<String>,
    pub failed: Vec<String>,
}

/// Where a new goal was routed.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Routed {
    pub to: String,
    pub commit: Option<String>,
    pub handoff: Option<String>,
}
