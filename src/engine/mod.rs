//! The engine: items, the one rule check (`validate`), the choice of an
//! outcome (`decide`), the template checklist a measured change is held
//! to, the trailers a change is stamped with, and the repository lock and
//! atomic writes; and the one verdict (`verdict`), which asks the repository
//! only what the rules beyond the item need (the items a transition waits
//! for, a commit shown as evidence, a checkpoint).

pub mod checklist;
pub mod decide;
pub mod item;
pub mod merge;
pub mod store;
pub mod trailers;
pub mod validate;
pub mod verdict;
