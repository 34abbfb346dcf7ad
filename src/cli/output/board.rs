//! The board: `status`, `next` and `show`.

use orx::board::report::Detail;
use orx::board::summary::{Problem, Summary};
use orx::history::enforce::Violation;
use orx::kinds::story::gate_file::GateFile;
use orx::workflow::steps::Action;

use super::{Keyed, Version};

/// The board under --json.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx status", deny_unknown_fields)]
pub struct Status<'a> {
    pub version: Version,
    pub lang: &'a str,
    pub items: Vec<&'a Summary>,
    pub agents: Vec<&'a Summary>,
    pub problems: &'a [Problem],
    /// status --verify: by path, the verdict on the commit each state came from
    #[serde(skip_serializing_if = "Keyed::is_empty")]
    pub rejected: Keyed<Rejected>,
}

/// `status --branches` under --json: the branches (each with the
/// worktree that has it) and every item's state on each.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx status --branches", deny_unknown_fields)]
pub struct StatusBranches<'a> {
    pub version: Version,
    pub across: &'a orx::board::branches::Across,
}

/// The commit an item's state came from, which verify rejects, and why.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Rejected {
    pub commit: String,
    pub violations: Vec<Violation>,
}

/// What each role should do now, under --json; unreadable files are
/// listed in problems.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx next", deny_unknown_fields)]
pub struct Next<'a> {
    pub version: Version,
    pub lang: &'a str,
    pub roles: Vec<RoleActions>,
    /// What each role may make: for each kind made by a command, the
    /// action that makes one (`action: create`, `item` empty), per role
    /// that may (with `--role`, that role's).
    pub create: Vec<Action>,
    pub problems: &'a [Problem],
}

/// What one role should do.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RoleActions {
    pub role: String,
    pub actions: Vec<NextAction>,
}

/// An item a role should act on.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct NextAction {
    pub id: String,
    pub kind: String,
    pub title: String,
    pub status: String,
    pub path: String,
    pub message: Option<String>,
    /// The item rests in a state its workflow marks as the end of a
    /// cycle (`end_of_cycle: true`): nothing is left to do for it until
    /// someone starts a new cycle.
    pub end_of_cycle: bool,
    /// What the item waits on before its next move can be made: other
    /// items (a task on the tasks it depends on), a merge of its branch
    /// into the main line (an approved task), or a person's decision.
    pub waiting_on: Option<WaitingOn>,
    pub steps: Vec<Action>,
}

/// What an item's next move waits on.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct WaitingOn {
    /// `items`: other items, each to reach one of `until`; `merge`: the
    /// item's branch merged into the main line (or a commit there with
    /// `trailer`); `human`: a person's decision, nothing an agent can run.
    pub on: WaitOn,
    /// The kind of the items waited on (the waiting item's own).
    pub kind: String,
    /// The items waited on, those not there yet (`items`).
    pub items: Vec<String>,
    /// The states they must reach (`items`).
    pub until: Vec<String>,
    /// The state the move that waits leads to, when it is known.
    pub to: Option<String>,
    /// The branch whose merge it waits on (`merge`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branch: Option<String>,
    /// The trailer a commit of the main line may carry instead of the
    /// merge (`merge`): `Closes: ID`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trailer: Option<String>,
}

/// What an item waits on.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum WaitOn {
    Items,
    Merge,
    Human,
}

/// One item under --json: its summary, fields, every move from its state
/// with each condition's verdict.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx show", deny_unknown_fields)]
pub struct Show {
    #[serde(flatten)]
    pub detail: Detail,
    pub version: Version,
    /// the verdict of the story's QA gate file, where the workflow keeps
    /// them (`body.gates`)
    pub qa_gate: Option<GateFile>,
    pub rejected: Option<Rejected>,
    /// with `--diff`: the commit that last changed the item's file and
    /// what it changed there
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_change: Option<LastChange>,
}

/// The last commit that changed an item's file (`show --diff`).
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct LastChange {
    /// its abbreviated id
    pub commit: String,
    pub subject: String,
    /// the unified diff of the item's file in that commit
    pub diff: String,
}

/// An agent's context under --json: as show, with the operations its
/// state allows.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx agent show", deny_unknown_fields)]
pub struct AgentShow {
    #[serde(flatten)]
    pub detail: Detail,
    pub version: Version,
    pub operations: Vec<Operation>,
}

/// An operation the agent's state allows.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Operation {
    pub name: String,
    pub description: String,
}

/// The files checked and every problem found.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx check", deny_unknown_fields)]
pub struct Check<'a> {
    pub version: Version,
    pub files: usize,
    pub problems: &'a [Problem],
}

/// Stuck items, the role they wait for, the moves from their state, and
/// their logged refusals.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx doctor", deny_unknown_fields)]
pub struct Doctor {
    #[serde(flatten)]
    pub findings: orx::board::doctor::Findings,
    pub version: Version,
}
