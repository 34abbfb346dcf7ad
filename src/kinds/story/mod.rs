//! The story kind: adopting a project's stories, the SM's assessment
//! (measured against the template's checklist), the review gates, the
//! process metrics read from items' histories and the HTML report's charts
//! of them.

pub mod adopt;
pub mod assess;
pub mod gate;
pub mod gate_file;
pub mod metrics;
pub mod report;
