//! The library's error: every way a command can fail, and its
//! [`ErrorKind`], from which the command line chooses the exit code.

use crate::engine::decide::NoDecision;
use crate::engine::item::ItemError;
use crate::engine::store::StoreError;
use crate::engine::validate::{ItemRef, Refusal};
use crate::git::GitError;
use crate::repo::config::ConfigError;
use crate::text::message::Message;
use crate::workflow::WorkflowError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A rule refused the change.
    #[error("{0}")]
    Refused(Refusal),
    /// No transition fits an assessment or gate result.
    #[error("{0}")]
    NoDecision(NoDecision),
    #[error("{0}")]
    Item(#[from] ItemError),
    #[error("{0}")]
    Workflow(#[from] WorkflowError),
    #[error("invalid config {0}")]
    Config(#[from] ConfigError),
    #[error("{0}")]
    Git(#[from] GitError),
    #[error("{0}")]
    Store(#[from] StoreError),
    /// Bad arguments: a missing role, an out-of-range score, an unknown kind.
    #[error("{0}")]
    Usage(Message),
    /// Inputs the command needs were not given (one of `inputs`, when
    /// there are several: they are alternatives).
    #[error("{message}")]
    MissingInput {
        inputs: Vec<String>,
        message: Message,
    },
    /// An input's value is out of range or not one of those known.
    #[error("{message}")]
    BadValue { input: String, message: Message },
    /// A trigger that only a command's outcome may fire (`agent check`'s
    /// results, `archive`'s summary) was fired by hand.
    #[error(
        "{item}: {trigger} is the outcome of `{command}`, not a trigger to fire by hand: it is fired when `{command}` runs"
    )]
    Outcome {
        item: ItemRef,
        trigger: String,
        command: String,
    },
    /// No item with that ID.
    #[error("{0}")]
    NotFound(Message),
    /// The change builds on uncommitted work that must be committed first.
    #[error("{0}")]
    Pending(Message),
    /// Something with that name or ID already exists.
    #[error("{0}")]
    Exists(Message),
    /// The command has nothing to do in the item's present state (a loop
    /// file that is valid has nothing to recover).
    #[error("{0}")]
    NothingToDo(Message),
    /// A task's branch cannot be merged into the main line as it stands
    /// (it does not exist, it conflicts, HEAD is not on the main line):
    /// nothing was merged.
    #[error("{message}")]
    NoMerge {
        item: ItemRef,
        branch: String,
        message: Message,
    },
    #[error("this repository is not set up for git-orx (no .orx/config.yaml)")]
    NotInitialised,
    /// No acting role was given, by any of the ways there are: the
    /// command line says which those are.
    #[error("no role: say who is acting (roles: {})", roles.join(", "))]
    NoRole { roles: Vec<String> },
    /// A role the repository does not know, where it was given, and the
    /// closest known one.
    #[error(
        "unknown role `{}`{}\nroles: {}",
        crate::text::escape(role),
        guess.as_ref().map(|g| format!("; did you mean {g}?")).unwrap_or_default(),
        roles.join(", ")
    )]
    UnknownRole {
        role: String,
        from: crate::workflow::role::RoleSource,
        guess: Option<String>,
        roles: Vec<String>,
    },
    /// A reason for leaving tasks open, given with a move that measures no
    /// tasks.
    #[error(
        "a reason for open tasks explains the open tasks of a move that measures them; {from} -> {to} measures none"
    )]
    UnmeasuredReason { from: String, to: String },
    /// Agent `name` has no context (at `path`): the command line says how
    /// to make one.
    #[error("there is no agent `{name}` ({path})")]
    NoAgent { name: String, path: String },
    /// A git command failed after the files were written: git's error,
    /// what became of the files, and the change of an item the commit was
    /// to record (none for a commit of other files).
    #[error("{error}\n{outcome}")]
    CommitFailed {
        error: GitError,
        outcome: Message,
        change: Option<Box<Committing>>,
    },
    /// Something else changed what the command was working on first (the
    /// item: `story 1.1 is now in ...`; HEAD moved, a file was written);
    /// running it again may succeed.
    #[error("{0}")]
    Conflict(Message),
    /// What was asked cannot be done as things stand, and no other
    /// variant says why more precisely: nothing to adopt, git in the
    /// middle of a rebase, a paused agent's work. The user's to change
    /// (code `failed`, exit 1); never a fault of git-orx's or of the
    /// system's, which are [`Error::Io`] and [`Error::Internal`].
    #[error("{0}")]
    Failed(Message),
    /// The file system (or the system, starting a program git-orx runs)
    /// failed under git-orx: `message` says what was being done ("cannot
    /// write PATH"), `source` what the system said. A fault: the request
    /// may be fine.
    #[error("{message}: {source}")]
    Io {
        message: Message,
        #[source]
        source: std::io::Error,
    },
    /// git-orx could not do its own part: a value it could not serialise,
    /// a thread it could not start, a state its own code should not reach
    /// (a bug). `source`: what failed under it, when something did. A
    /// fault, never the user's.
    #[error("{}", with_cause(.message, .source))]
    Internal {
        message: Message,
        #[source]
        source: Option<Cause>,
    },
    /// Another error, said with what became of the work (`message` holds
    /// the other's and says, say, that nothing changed or where the work
    /// was saved): whose it is, its code and kind, are the other's.
    #[error("{message}")]
    Context {
        message: Message,
        #[source]
        source: Box<Error>,
    },
}

/// The change of one item a failed commit was to record: said in the
/// error's data, as a refusal says its item and move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Committing {
    pub item: ItemRef,
    /// The state it was in; `None` for a new item.
    pub from: Option<String>,
    pub to: String,
}

/// What failed under an [`Error::Internal`]: another library's error.
pub type Cause = Box<dyn std::error::Error + Send + Sync + 'static>;

/// An error's text and each cause in its chain, `: ` between: the
/// system's words as they are.
fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut next = e.source();
    while let Some(s) = next {
        text.push_str(": ");
        text.push_str(&s.to_string());
        next = s.source();
    }
    text
}

fn with_cause(m: &Message, cause: &Option<Cause>) -> String {
    match cause {
        Some(c) => format!("{m}: {}", chain(c.as_ref())),
        None => m.to_string(),
    }
}

impl Error {
    /// A fault of the file system's: what git-orx was doing (`message`:
    /// "cannot read PATH"), and the system's error as its source.
    pub fn io(message: Message, source: std::io::Error) -> Error {
        Error::Io { message, source }
    }

    /// A fault of git-orx's own: what it could not do, and what failed
    /// under it.
    pub fn internal(message: Message, source: impl Into<Cause>) -> Error {
        Error::Internal {
            message,
            source: Some(source.into()),
        }
    }

    /// `source` said as `message` (which words it in, with what became
    /// of the work), its code and kind kept.
    pub fn context(message: Message, source: Error) -> Error {
        Error::Context {
            message,
            source: Box::new(source),
        }
    }

    /// A state git-orx's own code should not reach, said as what was
    /// found: a bug, reported rather than a panic.
    pub fn bug(message: Message) -> Error {
        Error::Internal {
            message,
            source: None,
        }
    }
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Self {
        Error::Refused(r)
    }
}

impl From<crate::workflow::kind::TemplateError> for Error {
    /// A kind's template that cannot be read: said as a failure on its
    /// file.
    fn from(e: crate::workflow::kind::TemplateError) -> Self {
        Error::Failed(e.to_message())
    }
}

/// A kind with no workflow: its workflow's error, or a name no kind may
/// have refused as a usage error (as the name itself is).
impl From<crate::workflow::kind::NoWorkflow> for Error {
    fn from(e: crate::workflow::kind::NoWorkflow) -> Error {
        match e {
            crate::workflow::kind::NoWorkflow::Workflow(w) => Error::Workflow(w),
            crate::workflow::kind::NoWorkflow::Unknown(m) => Error::Usage(m),
        }
    }
}

impl From<NoDecision> for Error {
    fn from(d: NoDecision) -> Self {
        Error::NoDecision(d)
    }
}

/// What kind of failure an [`Error`] is: the command line chooses its exit
/// code from this, never from the message's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A rule refused, or what was asked could not be done (nothing to
    /// adopt, no next ID): the user must change something.
    Refused,
    /// The request itself is wrong: a bad argument, an unknown item, not a
    /// repository set up for git-orx.
    Usage,
    /// Another process held a lock or changed the same thing first:
    /// running the command again may succeed.
    Busy,
    /// Not the user's doing and no rule's: git, the file system or a
    /// commit git-orx made failed under it, or git-orx's own part did
    /// (`git`, `io`, `commit_failed`, `internal`). The error says what
    /// failed and keeps its cause as its source; the request itself may
    /// be fine.
    Fault,
}

impl Error {
    /// The message an error carries as it is, for the command line to say
    /// in its language; `None` where the error's text is made from its
    /// parts (a refusal, a git failure).
    pub fn message(&self) -> Option<&Message> {
        match self {
            Error::Usage(m)
            | Error::NotFound(m)
            | Error::Pending(m)
            | Error::Exists(m)
            | Error::NothingToDo(m)
            | Error::Conflict(m)
            | Error::Failed(m)
            | Error::MissingInput { message: m, .. }
            | Error::BadValue { message: m, .. }
            | Error::NoMerge { message: m, .. } => Some(m),
            _ => None,
        }
    }

    /// The error as a message, to be said inside another (a rollback
    /// that failed, and why): the message it carries, else its text.
    pub fn to_message(&self) -> Message {
        match self {
            Error::Refused(r) => r.message(),
            Error::NoDecision(d) => d.message(),
            Error::Git(g) => g.message(),
            Error::Store(s) => s.message(),
            Error::Config(c) => crate::msg!("invalid-config", text = c.message()),
            Error::Workflow(w) => w.to_message(),
            Error::Item(e) => e.said(),
            Error::NotInitialised => crate::msg!("repository-not-set-up-git"),
            Error::Outcome {
                item,
                trigger,
                command,
            } => crate::msg!(
                "outcome-not-a-trigger",
                item = item,
                trigger = trigger,
                command = command
            ),
            Error::CommitFailed { error, outcome, .. } => crate::msg!(
                "commit-failed-outcome",
                error = error.message(),
                outcome = outcome.clone()
            ),
            // What failed, then the system's words: the two a user
            // meets most in the language in force, the rest as said.
            Error::Io { message, source } => crate::msg!(
                "fault-cause",
                what = message.clone(),
                cause = match source.kind() {
                    std::io::ErrorKind::PermissionDenied => crate::msg!("cause-permission-denied"),
                    std::io::ErrorKind::NotFound => crate::msg!("cause-not-found"),
                    _ => Message::text(chain(source)),
                }
            ),
            Error::Internal {
                message,
                source: Some(source),
            } => crate::msg!(
                "fault-cause",
                what = message.clone(),
                cause = Message::text(chain(source.as_ref()))
            ),
            Error::Internal {
                message,
                source: None,
            }
            | Error::Context { message, .. } => message.clone(),
            e => match e.message() {
                Some(m) => m.clone(),
                None => Message::text(e.to_string()),
            },
        }
    }

    pub fn kind(&self) -> ErrorKind {
        // The code says it: one table of variants, not two.
        match self.code() {
            "busy" | "conflict" | "interrupted" => ErrorKind::Busy,
            "git" | "io" | "commit_failed" | "internal" => ErrorKind::Fault,
            c if c == "usage" || c.starts_with("usage.") || c == "not_found" => ErrorKind::Usage,
            _ => ErrorKind::Refused,
        }
    }
}

/// An error as data: its stable code, and what a program needs to act on
/// it without reading the message (the envelope `--json` prints).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ErrorData {
    /// Stable and dotted (`refused.guard`), from the variant, never from
    /// the message: see [`Error::code`].
    #[schemars(schema_with = "code_schema")]
    pub code: &'static str,
    pub message: String,
    /// The item's ID and kind, when the error is about one item.
    pub item: Option<String>,
    pub kind: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    /// The roles that may do what was refused.
    pub responsible: Vec<String>,
    /// What may be done instead: the actions the item's state offers,
    /// for each role (as `next` gives them). The command line fills them
    /// in from the item's workflow.
    pub allowed: Vec<crate::workflow::steps::Action>,
    /// What is missing: the inputs not given, or the conditions that did
    /// not hold with the values they read.
    pub missing: Vec<Missing>,
    /// Running the same command again may succeed (a lock, a race).
    pub retryable: bool,
    /// Neither the request nor a rule is at fault: git, the file system,
    /// a commit git-orx made or git-orx itself failed (codes `git`, `io`,
    /// `commit_failed`, `internal`).
    pub fault: bool,
}

/// An input not given, or a condition that did not hold.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[serde(untagged)]
#[schemars(deny_unknown_fields)]
pub enum Missing {
    /// One of `one_of` must be given.
    Input { one_of: Vec<String> },
    /// A condition, with the values it read; `to`: the move it guards,
    /// when several were tried.
    Condition {
        condition: String,
        expr: String,
        actual: serde_json::Map<String, serde_json::Value>,
        error: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        to: Option<String>,
    },
}

impl Missing {
    fn unmet(u: &crate::engine::validate::Unmet, to: Option<&str>) -> Missing {
        Missing::Condition {
            condition: u.desc.clone(),
            expr: u.expr.clone(),
            actual: u.actual.clone(),
            error: u.error.as_ref().map(Message::to_string),
            to: to.map(str::to_owned),
        }
    }
}

/// Every code [`Error::code`] gives (docs/reference.md lists them): the schema of
/// the envelope enumerates them.
pub const CODES: &[&str] = &[
    "refused.no_transition",
    "refused.wrong_role",
    "refused.guard",
    "refused.terminal",
    "refused.protected",
    "refused.unknown_state",
    "refused.not_initial",
    "refused.delete",
    "refused.operation",
    "refused.record",
    "refused.waits",
    "refused.evidence",
    "refused.action",
    "refused.unmeasured",
    "refused.outcome",
    "refused.invalid_file",
    "refused.invalid_workflow",
    "refused.invalid_config",
    "refused.pending",
    "refused.nothing_to_do",
    "refused.merge",
    "failed",
    "git",
    "git.locked",
    "commit_failed",
    "io",
    "internal",
    "exists",
    "usage",
    "usage.missing_input",
    "usage.bad_value",
    "usage.not_initialised",
    "usage.not_a_repository",
    "not_found",
    "busy",
    "conflict",
    "interrupted",
];

pub(crate) fn code_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string",
        "enum": CODES,
        "description": "Stable and dotted, from the kind of error, never from its message.",
    })
}

impl Error {
    /// The error's stable code, from its variant: `refused.*` a rule
    /// refused, `usage.*` the request is wrong, `busy` and `conflict` a
    /// retry may succeed. docs/reference.md lists them.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Context { source, .. } => source.code(),
            Error::Refused(r) => r.code(),
            Error::NoDecision(NoDecision::NotHere { .. }) => "refused.no_transition",
            Error::NoDecision(NoDecision::NoneHolds { .. }) => "refused.guard",
            Error::Outcome { .. } => "refused.outcome",
            Error::Item(_) => "refused.invalid_file",
            Error::Workflow(_) => "refused.invalid_workflow",
            Error::Config(_) => "refused.invalid_config",
            Error::Pending(_) => "refused.pending",
            Error::NothingToDo(_) => "refused.nothing_to_do",
            Error::NoMerge { .. } => "refused.merge",
            Error::Usage(_) => "usage",
            Error::MissingInput { .. } | Error::NoRole { .. } => "usage.missing_input",
            Error::BadValue { .. } | Error::UnknownRole { .. } | Error::UnmeasuredReason { .. } => {
                "usage.bad_value"
            }
            Error::NotInitialised => "usage.not_initialised",
            Error::Git(GitError::NotARepo | GitError::Bare) => "usage.not_a_repository",
            Error::NotFound(_) | Error::NoAgent { .. } => "not_found",
            Error::Exists(_) => "exists",
            Error::Store(StoreError::Busy { .. }) => "busy",
            Error::Store(StoreError::Interrupted { .. })
            | Error::Git(GitError::Interrupted(_))
            | Error::CommitFailed {
                error: GitError::Interrupted(_),
                ..
            } => "interrupted",
            Error::Git(GitError::Locked { .. }) => "git.locked",
            // A new file the user's own `.gitignore` ignores: theirs to
            // change, not git's fault.
            Error::Git(GitError::Ignored { .. })
            | Error::CommitFailed {
                error: GitError::Ignored { .. },
                ..
            } => "failed",
            Error::Store(StoreError::Changed { .. }) | Error::Conflict(_) => "conflict",
            Error::Git(e) | Error::CommitFailed { error: e, .. } if e.is_race() => "conflict",
            Error::Store(StoreError::Io { .. } | StoreError::Link { .. }) | Error::Io { .. } => {
                "io"
            }
            Error::Internal { .. } => "internal",
            Error::CommitFailed { .. } => "commit_failed",
            Error::Git(_) => "git",
            Error::Failed(_) => "failed",
        }
    }

    /// The error as data: its code, message, and what it carries about
    /// the item, the move, the roles, the moves allowed and what is
    /// missing.
    pub fn data(&self) -> ErrorData {
        if let Error::Context { source, .. } = self {
            // The other's data (its item, its move), said as a whole.
            return ErrorData {
                message: self.to_string(),
                ..source.data()
            };
        }
        let mut d = ErrorData {
            code: self.code(),
            message: self.to_string(),
            retryable: self.kind() == ErrorKind::Busy,
            fault: self.kind() == ErrorKind::Fault,
            ..ErrorData::default()
        };
        let label = |d: &mut ErrorData, item: &ItemRef| {
            d.item = Some(item.id().to_owned());
            d.kind = item.kind().map(str::to_owned);
        };
        match self {
            Error::Refused(r) => match r {
                Refusal::UnknownState { item, state, .. } => {
                    label(&mut d, item);
                    d.to = Some(state.clone());
                }
                Refusal::Identity { item, .. }
                | Refusal::Protected { item, .. }
                | Refusal::Record { item, .. } => label(&mut d, item),
                Refusal::Terminal { item, state, to } => {
                    label(&mut d, item);
                    d.from = Some(state.clone());
                    d.to = Some(to.clone());
                }
                Refusal::InvalidTransition { item, from, to, .. }
                | Refusal::Waits { item, from, to, .. }
                | Refusal::NoEvidence { item, from, to, .. }
                | Refusal::ActionNotTaken { item, from, to, .. }
                | Refusal::Unmeasured { item, from, to, .. } => {
                    label(&mut d, item);
                    d.from = Some(from.clone());
                    d.to = Some(to.clone());
                }
                Refusal::Unauthorized {
                    item,
                    from,
                    to,
                    responsible,
                    ..
                } => {
                    label(&mut d, item);
                    d.from = Some(from.clone());
                    d.to = to.clone();
                    d.responsible = responsible.clone();
                }
                Refusal::Preconditions {
                    item,
                    from,
                    to,
                    unmet,
                } => {
                    label(&mut d, item);
                    d.from = Some(from.clone());
                    d.to = Some(to.clone());
                    d.missing = unmet.iter().map(|u| Missing::unmet(u, None)).collect();
                }
                Refusal::EditGuard { item, state, unmet } => {
                    label(&mut d, item);
                    d.from = Some(state.clone());
                    d.missing = unmet.iter().map(|u| Missing::unmet(u, None)).collect();
                }
                Refusal::NotInitial { item, state, .. } | Refusal::Delete { item, state } => {
                    label(&mut d, item);
                    d.from = Some(state.clone());
                }
                Refusal::Operation { item, state, .. } => {
                    label(&mut d, item);
                    d.from = Some(state.clone());
                }
                Refusal::ForceNotHuman { .. } => {
                    d.responsible = vec![crate::workflow::role::HUMAN.to_owned()];
                }
            },
            Error::NoDecision(NoDecision::NotHere { kind, state, .. }) => {
                d.kind = Some(kind.clone());
                d.from = Some(state.clone());
            }
            Error::NoDecision(NoDecision::NoneHolds { state, tried }) => {
                d.from = Some(state.clone());
                d.missing = tried
                    .iter()
                    .flat_map(|(to, unmet)| unmet.iter().map(|u| Missing::unmet(u, Some(to))))
                    .collect();
            }
            Error::Outcome { item, .. } | Error::NoMerge { item, .. } => label(&mut d, item),
            Error::CommitFailed {
                change: Some(c), ..
            } => {
                label(&mut d, &c.item);
                d.from = c.from.clone();
                d.to = Some(c.to.clone());
            }
            Error::MissingInput { inputs, .. } => {
                d.missing = vec![Missing::Input {
                    one_of: inputs.clone(),
                }];
            }
            Error::NoRole { .. } => {
                d.missing = vec![Missing::Input {
                    one_of: vec!["role".to_owned()],
                }];
            }
            _ => {}
        }
        d
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    /// One error of each kind there is.
    fn one_of_each() -> Vec<Error> {
        let s = || "x".to_owned();
        let item = || ItemRef::new("story", "1.1");
        let refusals = vec![
            Refusal::UnknownState {
                item: item(),
                state: s(),
                states: vec![],
            },
            Refusal::Identity {
                item: item(),
                field: s(),
                before: s(),
                after: s(),
            },
            Refusal::Terminal {
                item: item(),
                state: s(),
                to: s(),
            },
            Refusal::InvalidTransition {
                item: item(),
                from: s(),
                to: s(),
                allowed: vec![(s(), vec![s()])],
            },
            Refusal::Unauthorized {
                item: item(),
                role: s(),
                from: s(),
                to: None,
                responsible: vec![s()],
            },
            Refusal::Preconditions {
                item: item(),
                from: s(),
                to: s(),
                unmet: vec![],
            },
            Refusal::NotInitial {
                item: item(),
                state: s(),
                initial: s(),
            },
            Refusal::Delete {
                item: item(),
                state: s(),
            },
            Refusal::ForceNotHuman { role: s() },
            Refusal::Protected {
                item: item(),
                field: s(),
                before: s(),
                after: s(),
            },
            Refusal::EditGuard {
                item: item(),
                state: s(),
                unmet: vec![],
            },
            Refusal::Operation {
                item: item(),
                state: s(),
                operation: vec![crate::workflow::Operation::bare("op")],
                allowed: vec![],
            },
            Refusal::Record {
                item: item(),
                field: s(),
                problem: crate::msg!("record-not-consistent"),
            },
        ];
        let mut all: Vec<Error> = refusals.into_iter().map(Error::Refused).collect();
        all.extend([
            Error::NoDecision(NoDecision::NotHere {
                action: Message::text(s()),
                kind: s(),
                state: s(),
                states: vec![],
            }),
            Error::NoDecision(NoDecision::NoneHolds {
                state: s(),
                tried: vec![],
            }),
            Error::Item(ItemError::new("p", None, Message::text("m"))),
            Error::Workflow(WorkflowError::new("o", None, Message::text("m"))),
            Error::Config(ConfigError {
                pos: None,
                message: Message::text(s()),
            }),
            Error::Git(GitError::NotARepo),
            Error::Git(GitError::spawn(std::io::Error::other(s()))),
            Error::Git(GitError::Race {
                args: s(),
                message: s(),
            }),
            Error::Git(GitError::Locked {
                path: s(),
                waited: std::time::Duration::ZERO,
            }),
            Error::Store(StoreError::Busy {
                holder: None,
                waited: std::time::Duration::ZERO,
            }),
            Error::Store(StoreError::Changed { path: s() }),
            Error::Store(StoreError::Io {
                path: s(),
                message: s(),
            }),
            Error::Usage(Message::text(s())),
            Error::MissingInput {
                inputs: vec![s()],
                message: Message::text(s()),
            },
            Error::BadValue {
                input: s(),
                message: Message::text(s()),
            },
            Error::Outcome {
                item: item(),
                trigger: s(),
                command: s(),
            },
            Error::NotFound(Message::text(s())),
            Error::Pending(Message::text(s())),
            Error::NothingToDo(Message::text(s())),
            Error::NoMerge {
                item: item(),
                branch: s(),
                message: Message::text(s()),
            },
            Error::Exists(Message::text(s())),
            Error::NotInitialised,
            Error::NoRole { roles: vec![] },
            Error::CommitFailed {
                error: GitError::spawn(std::io::Error::other(s())),
                outcome: Message::text(s()),
                change: None,
            },
            Error::Conflict(Message::text(s())),
            Error::Failed(Message::text(s())),
            Error::Git(GitError::Ignored {
                path: s(),
                rule: s(),
            }),
            Error::io(Message::text(s()), std::io::Error::other(s())),
            Error::internal(Message::text(s()), s()),
            Error::bug(Message::text(s())),
            Error::context(
                Message::text(s()),
                Error::io(Message::text(s()), std::io::Error::other(s())),
            ),
            Error::context(Message::text(s()), Error::Failed(Message::text(s()))),
        ]);
        all
    }

    /// Each code's kind, as docs/reference.md's table and the exit codes
    /// say: a fault is git's, the system's or git-orx's own, never the
    /// user's; `failed` (what cannot be done as asked) is the user's to
    /// change.
    const KINDS: &[(&str, ErrorKind)] = &[
        ("failed", ErrorKind::Refused),
        ("exists", ErrorKind::Refused),
        ("git.locked", ErrorKind::Refused),
        ("git", ErrorKind::Fault),
        ("io", ErrorKind::Fault),
        ("commit_failed", ErrorKind::Fault),
        ("internal", ErrorKind::Fault),
        ("usage", ErrorKind::Usage),
        ("not_found", ErrorKind::Usage),
        ("busy", ErrorKind::Busy),
        ("conflict", ErrorKind::Busy),
        ("interrupted", ErrorKind::Busy),
    ];

    /// Every code there is has one kind, the one documented: a
    /// `refused.*` code is refused, a `usage.*` one usage, and the rest
    /// as [`KINDS`] says; a code of no error made here is still listed.
    #[test]
    fn every_code_maps_to_the_kind_documented() {
        let made: std::collections::BTreeMap<&str, ErrorKind> =
            one_of_each().iter().map(|e| (e.code(), e.kind())).collect();
        for code in CODES {
            let documented = match KINDS.iter().find(|(c, _)| c == code) {
                Some((_, k)) => *k,
                None if code.starts_with("refused.") => ErrorKind::Refused,
                None if code.starts_with("usage.") => ErrorKind::Usage,
                None => panic!("{code}: say its kind in KINDS"),
            };
            if let Some(kind) = made.get(code) {
                assert_eq!(*kind, documented, "{code}");
            }
        }
        for code in ["failed", "io", "internal", "git", "exists", "conflict"] {
            assert!(made.contains_key(code), "no error of code {code} made");
        }
    }

    /// Every code is in the reference's table, and a retryable error is
    /// exactly one of kind Busy.
    #[test]
    fn every_error_code_is_documented() {
        let readme = include_str!("../docs/reference.md");
        for e in one_of_each() {
            let d = e.data();
            assert!(
                CODES.contains(&d.code),
                "{} is not in CODES (the envelope's schema enumerates them): add it there",
                d.code
            );
            assert!(
                readme.contains(&format!("`{}`", d.code)),
                "{} is not in the table of codes of docs/reference.md",
                d.code
            );
            assert_eq!(d.retryable, e.kind() == ErrorKind::Busy, "{}", d.code);
            assert_eq!(d.fault, e.kind() == ErrorKind::Fault, "{}", d.code);
            assert_eq!(
                d.fault,
                ["git", "io", "commit_failed", "internal"].contains(&d.code),
                "{}",
                d.code
            );
            if d.code.starts_with("refused.") {
                assert_eq!(e.kind(), ErrorKind::Refused, "{}", d.code);
            }
            if d.code.starts_with("usage") {
                assert_eq!(e.kind(), ErrorKind::Usage, "{}", d.code);
            }
        }
    }

    /// An error of git's or of the file system keeps what caused it: the
    /// chain reaches the operating system's error, and the message names
    /// the file and says the cause.
    #[test]
    fn a_fault_keeps_its_cause_as_its_source() {
        let e = Error::Git(GitError::io(
            "/repo/.git/orx/commit-journal",
            std::io::Error::other("disk full"),
        ));
        assert_eq!(e.kind(), ErrorKind::Fault);
        assert_eq!(e.to_string(), "/repo/.git/orx/commit-journal: disk full");
        let git = std::error::Error::source(&e).expect("the git error");
        let io = git.source().expect("the file system's error");
        assert_eq!(io.to_string(), "disk full");
        let spawn = GitError::spawn(std::io::Error::from(std::io::ErrorKind::NotFound));
        assert!(std::error::Error::source(&spawn).is_some());
        assert!(spawn.to_string().starts_with("cannot run git: "));
    }

    /// A file git-orx could not read is a fault that keeps the system's
    /// error as its source: its message says what was being done, then
    /// the system's words (a permission refused in the language in
    /// force); the data says `io` and `fault`.
    #[test]
    fn an_io_fault_says_what_failed_and_keeps_its_cause() {
        let e = Error::io(
            crate::msg!("cannot-read-path", path = "docs/stories/1.1.md"),
            std::io::Error::from(std::io::ErrorKind::PermissionDenied),
        );
        assert_eq!((e.code(), e.kind()), ("io", ErrorKind::Fault));
        let io = std::error::Error::source(&e)
            .and_then(|s| s.downcast_ref::<std::io::Error>())
            .expect("the system's error");
        assert_eq!(io.kind(), std::io::ErrorKind::PermissionDenied);
        assert_eq!(
            e.to_message().to_string(),
            "cannot read docs/stories/1.1.md: permission denied"
        );
        let other = Error::io(
            crate::msg!("cannot-write-path", path = "a"),
            std::io::Error::other("disk full"),
        );
        assert_eq!(other.to_message().to_string(), "cannot write a: disk full");
        assert!(
            e.to_string()
                .starts_with("cannot read docs/stories/1.1.md: ")
        );
        let d = e.data();
        assert!(d.fault && !d.retryable, "{d:?}");
    }

    /// git-orx's own failure says its cause's whole chain; a bug (no
    /// cause) says what was found. Both are faults, never `failed`.
    #[test]
    fn an_internal_fault_says_its_cause_chain() {
        #[derive(Debug, thiserror::Error)]
        #[error("outer")]
        struct Outer(#[source] std::io::Error);
        let e = Error::internal(
            crate::msg!("cannot-say-as-json"),
            Outer(std::io::Error::other("inner")),
        );
        assert_eq!((e.code(), e.kind()), ("internal", ErrorKind::Fault));
        assert_eq!(e.to_string(), "cannot say the answer as JSON: outer: inner");
        assert_eq!(e.to_message().to_string(), e.to_string());
        let outer = std::error::Error::source(&e).expect("the cause");
        assert_eq!(outer.source().map(|s| s.to_string()), Some("inner".into()));
        // Said with what became of the work, it is still git-orx's.
        let said = Error::context(crate::msg!("nothing-changed"), e);
        assert_eq!((said.code(), said.kind()), ("internal", ErrorKind::Fault));
        assert!(said.data().fault);
        assert_eq!(said.data().message, said.to_message().to_string());
        let bug = Error::bug(crate::msg!("config-could-not-planned"));
        assert_eq!(bug.code(), "internal");
        assert!(std::error::Error::source(&bug).is_none());
        assert_eq!(bug.to_string(), bug.to_message().to_string());
    }

    /// A refusal's data is its fields, not words parsed from its message.
    #[test]
    fn a_refusal_carries_its_item_move_and_roles_as_data() {
        let e = Error::Refused(Refusal::Unauthorized {
            item: ItemRef::new("story", "1.2"),
            role: "dev".to_owned(),
            from: "Draft".to_owned(),
            to: Some("Approved".to_owned()),
            responsible: vec!["sm".to_owned()],
        });
        let d = e.data();
        assert_eq!(
            (d.code, d.item, d.kind, d.from, d.to, d.responsible),
            (
                "refused.wrong_role",
                Some("1.2".to_owned()),
                Some("story".to_owned()),
                Some("Draft".to_owned()),
                Some("Approved".to_owned()),
                vec!["sm".to_owned()]
            )
        );
    }

    /// An ID holding a space or a dot, a kind whose name holds a hyphen:
    /// the data gives each whole, and the message names the item as
    /// before (`on-call week 1.2`).
    #[test]
    fn a_refusal_keeps_an_id_with_a_space_or_a_dot_and_a_hyphenated_kind() {
        for (kind, id) in [("on-call", "week 1.2"), ("on-call", "W.1"), ("", "1 2")] {
            let item = ItemRef::new(kind, id);
            let e = Error::Refused(Refusal::Terminal {
                item: item.clone(),
                state: "Over".to_owned(),
                to: "Active".to_owned(),
            });
            let d = e.data();
            assert_eq!(
                (d.item.as_deref(), d.kind.as_deref()),
                (Some(id), Some(kind).filter(|k| !k.is_empty()))
            );
            let named = if kind.is_empty() {
                id.to_owned()
            } else {
                format!("{kind} {id}")
            };
            assert!(
                e.to_string().starts_with(&format!("{named} is Over")),
                "{e}"
            );
            let e = Error::NoMerge {
                item,
                branch: "b".to_owned(),
                message: Message::text("m"),
            };
            assert_eq!(e.data().item.as_deref(), Some(id));
        }
    }

    /// A failed commit of an item's change gives that change as data,
    /// with its code still from git's error; one of other files gives
    /// none.
    #[test]
    fn a_failed_commit_carries_the_change_it_was_to_record() {
        let failed = |change| Error::CommitFailed {
            error: GitError::Interrupted("commit".to_owned()),
            outcome: Message::text("nothing was changed"),
            change,
        };
        let d = failed(Some(Box::new(Committing {
            item: ItemRef::new("on-call", "week 1.2"),
            from: Some("Planned".to_owned()),
            to: "Active".to_owned(),
        })))
        .data();
        assert_eq!(
            (d.code, d.kind, d.item, d.from, d.to),
            (
                "interrupted",
                Some("on-call".to_owned()),
                Some("week 1.2".to_owned()),
                Some("Planned".to_owned()),
                Some("Active".to_owned())
            )
        );
        let d = failed(None).data();
        assert_eq!((d.kind, d.item, d.to), (None, None, None));
    }
}
