//! The engine: items, the one rule check (`validate`), the choice of an
//! outcome (`decide`), the template checklist a measured change is held
//! to, the trailers a change is stamped with, and the repository lock and
//! atomic writes. It knows no repository beyond the files it is given.

pub mod checklist;
pub mod decide;
pub mod item;
pub mod store;
pub mod trailers;
pub mod validate;
