//! The story kind: adopting a project's stories, the SM's assessment
//! (measured against the template's checklist), the review gates, and
//! the story's own figures (`figures: story`) that `metrics` counts beside
//! what every kind has.

pub mod adopt;
pub mod assess;
pub mod gate;
pub mod gate_file;
pub mod metrics;
