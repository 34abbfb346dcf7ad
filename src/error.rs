//! The library's error: every way a command can fail, and its
//! [`ErrorKind`], from which the command line chooses the exit code.

use crate::engine::decide::NoDecision;
use crate::engine::item::ItemError;
use crate::engine::store::StoreError;
use crate::engine::validate::Refusal;
use crate::git::GitError;
use crate::repo::config::ConfigError;
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
    Usage(String),
    /// No item with that ID.
    #[error("{0}")]
    NotFound(String),
    /// The change builds on uncommitted work that must be committed first.
    #[error("{0}")]
    Pending(String),
    /// Something with that name or ID already exists.
    #[error("{0}")]
    Exists(String),
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
    /// A git command failed after the file was written; the second part
    /// says what became of the file.
    #[error("{0}\n{1}")]
    CommitFailed(GitError, String),
    /// Something else changed what the command was working on first (the
    /// item: `story 1.1 is now in ...`; HEAD moved, a file was written);
    /// running it again may succeed.
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Failed(String),
}

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Self {
        Error::Refused(r)
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
    /// A rule refused, or something failed: the user must change
    /// something.
    Refused,
    /// The request itself is wrong: a bad argument, an unknown item, not a
    /// repository set up for git-orx.
    Usage,
    /// Another process held a lock or changed the same thing first:
    /// running the command again may succeed.
    Busy,
}

impl Error {
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::Usage(_)
            | Error::NotFound(_)
            | Error::NotInitialised
            | Error::NoRole { .. }
            | Error::NoAgent { .. }
            | Error::UnknownRole { .. }
            | Error::UnmeasuredReason { .. } => ErrorKind::Usage,
            Error::Store(StoreError::Busy { .. } | StoreError::Changed { .. })
            | Error::Conflict(_) => ErrorKind::Busy,
            Error::Git(GitError::NotARepo | GitError::Bare) => ErrorKind::Usage,
            // Another git process held a lock or moved HEAD meanwhile:
            // retrying may succeed. (A git lock that outlives the wait is
            // `GitError::Locked`: refused, with the file to remove.)
            Error::Git(e) | Error::CommitFailed(e, _) if e.is_race() => ErrorKind::Busy,
            _ => ErrorKind::Refused,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
