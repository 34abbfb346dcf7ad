//! git-orx: development state kept in git, with the rules enforced by git.
//!
//! The library never prints and never exits; it returns values and typed
//! errors. The `git-orx` binary (`src/main.rs`, `src/commands/`) does the I/O.

pub mod audit;
pub mod cache;
pub mod check;
pub mod checkpoint;
pub mod config;
pub mod doc;
pub mod doctor;
pub mod enforce;
pub mod error;
pub mod git;
pub mod history;
pub mod hook_tools;
pub mod hooks;
pub mod html;
pub mod item;
pub mod kinds;
pub mod metrics;
pub mod plan;
pub mod refusals;
pub mod report;
pub mod role;
pub mod rules;
pub mod setup;
pub mod store;
pub mod text;
pub mod trailers;
pub mod validate;
pub mod verify;
pub mod workflow;
pub mod workspace;

pub use error::{Error, Result};
// The kinds' modules, also where callers have always found them.
pub use kinds::agent;
pub use kinds::story::{assess, checklist, gate};
