//! The engine: items, the one rule check, plans and their execution, the
//! repository lock and atomic writes, checkpoints and rollback.

pub mod checklist;
pub mod checkpoint;
pub mod decide;
pub mod item;
pub mod plan;
pub mod store;
pub mod validate;
