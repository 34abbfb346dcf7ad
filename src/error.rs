//! The library's error: every way a command can fail, each with its
//! exit code (1 refused or failed, 2 usage, 3 busy: retrying may work).

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

impl Error {
    /// 1 refused or failed, 2 usage, 3 busy or conflict (retrying may work).
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage(_) | Error::NotFound(_) | Error::NotInitialised => 2,
            Error::Store(StoreError::Busy { .. } | StoreError::Changed { .. })
            | Error::Conflict(_) => 3,
            Error::Git(GitError::NotARepo | GitError::Bare) => 2,
            // Another git process held a lock or moved HEAD meanwhile:
            // retrying may succeed. (A git lock that outlives the wait is
            // `GitError::Locked`: 1, with the file to remove.)
            Error::Git(e) | Error::CommitFailed(e, _) if e.is_race() => 3,
            _ => 1,
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
