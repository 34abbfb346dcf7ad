//! git-orx: development state kept in git, with the rules enforced by git.
//!
//! The library never prints and never exits; it returns values and typed
//! errors. The `git-orx` binary (`src/main.rs`, `src/cli/`) does the I/O.

pub mod board;
pub mod change;
pub mod doc;
pub mod engine;
pub mod error;
pub mod git;
pub mod history;
pub mod hooks;
pub mod kinds;
pub mod repo;
pub mod text;
pub mod workflow;

pub use error::{Error, Result};

#[cfg(test)]
mod layers;
#[cfg(test)]
mod no_flag_names;
#[cfg(test)]
mod no_globals;
#[cfg(test)]
mod no_raw_messages;
#[cfg(test)]
mod one_executor;
