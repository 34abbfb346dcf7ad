//! What history says: the judge of item changes, `verify`, the audit trail,
//! trailers, the history cache, metrics and the refusal log.

pub mod acknowledged;
pub mod audit;
pub mod cache;
pub mod changes;
pub mod enforce;
pub mod metrics;
pub mod refusals;
pub mod verify;
