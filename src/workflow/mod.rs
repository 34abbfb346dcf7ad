//! Workflows: state machines declared as data.
//!
//! A workflow file (YAML) names its states (owner role, terminal, handoff
//! messages), its transitions (from, to, roles, trigger, guard conditions,
//! effects, handoff) and its initial state. The built-in ones live in
//! `templates/workflows/` and are compiled into the binary; a repository may
//! override one with `.orx/workflows/<name>.yaml`. An override is laid over
//! the built-in: `params` and `defaults` merge key by key, and any other
//! section it gives (`states`, `transitions`, ...) replaces the built-in one.
//! Loading checks everything (states, roles, expressions, params) so a bad
//! file is refused whole, never half-applied.

pub mod body;
mod builtin;
mod check;
pub mod cost;
pub mod expr;
mod format;
pub mod items;
pub mod kind;
mod model;
pub mod role;
pub mod run;
pub mod steps;
mod tree;

use check::compile;
pub use expr::{Expr, Scope, Template};
pub(crate) use format::Ordered;
use format::*;
pub use format::{yaml_error, yaml_options};
pub use model::*;
use tree::Node;

/// What a transition may do besides changing the state (`actions:`): make
/// a checkpoint (its name recorded in the workflow's `checkpoint_field`), roll the
/// work tree back to the item's last one, or archive the session (its
/// summary written into the item's body before the effects clear it).
pub const ACTIONS: &[&str] = &["checkpoint", "rollback", "archive"];

/// The sets of a kind's own figures `metrics` can compute (`figures:`).
pub const FIGURES: &[&str] = &["story"];

/// The built-in workflows, by name.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "story",
        include_str!("../../templates/workflows/story.yaml"),
    ),
    (
        "agent",
        include_str!("../../templates/workflows/agent.yaml"),
    ),
    ("loop", include_str!("../../templates/workflows/loop.yaml")),
    ("goal", include_str!("../../templates/workflows/goal.yaml")),
    ("task", include_str!("../../templates/workflows/task.yaml")),
    (
        "comment",
        include_str!("../../templates/workflows/comment.yaml"),
    ),
    (
        "codereview",
        include_str!("../../templates/workflows/codereview.yaml"),
    ),
];

/// The YAML of a built-in workflow.
pub fn builtin_source(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

/// A built-in workflow as its YAML reads, compiled into the binary (see
/// `tree.rs`): what the workflow and the registry are read from, without
/// parsing the YAML.
fn builtin_tree(name: &str) -> Option<&'static Node> {
    builtin::TREES
        .iter()
        .find(|(path, _)| {
            path.strip_prefix("workflows/")
                .and_then(|p| p.strip_suffix(".yaml"))
                == Some(name)
        })
        .map(|(_, t)| t)
}

/// Any of git-orx's own files compiled in as a tree, by its path under
/// `templates/`.
fn builtin_file(path: &str) -> Option<&'static Node> {
    builtin::TREES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, t)| t)
}

/// The files compiled in as trees, by their path under `templates/`:
/// the built-in workflows and the shared steps.
#[cfg(test)]
fn builtin_files() -> Vec<(String, &'static str)> {
    BUILTIN
        .iter()
        .map(|(name, src)| (format!("workflows/{name}.yaml"), *src))
        .chain(steps::FILES.iter().map(|(p, s)| ((*p).to_owned(), *s)))
        .collect()
}

#[cfg(test)]
mod tests;
