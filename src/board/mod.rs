//! Read views: the board (`status`), `next`, `show`, `check`, `doctor`, the
//! HTML report, and the cache behind the board.

pub mod branches;
pub mod cache;
pub mod check;
pub mod doctor;
pub mod report;
pub mod summary;
pub mod web;
