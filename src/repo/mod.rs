//! A set-up repository: its config, the rules in force, its items,
//! and `init`.

pub mod config;
pub mod presets;
pub mod rules;
pub mod setup;
pub mod workspace;

#[cfg(test)]
pub(crate) mod tests;
