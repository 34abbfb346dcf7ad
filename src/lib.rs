//! git-orx: development state kept in git, with the rules enforced by git.
//!
//! The library never prints and never exits; it returns values and typed
//! errors. The `git-orx` binary (`src/main.rs`, `src/commands/`) does the I/O.

pub mod assess;
pub mod doc;
pub mod item;
pub mod role;
pub mod text;
pub mod validate;
pub mod workflow;
