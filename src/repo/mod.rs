//! A set-up repository: its config, roles, the rules in force, its items,
//! and `init`.

pub mod config;
pub mod role;
pub mod rules;
pub mod setup;
pub mod workspace;
