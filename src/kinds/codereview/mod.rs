//! The code review's own code: its report (the review's body), and making
//! a review (`review start`). Its states, actions and their order are data
//! (`templates/workflows/codereview.yaml`); `git orx run` drives it.

pub mod report;
pub mod start;

/// The severities of a finding, most severe first.
pub const SEVERITIES: &[&str] = &["Critical", "High", "Medium", "Low", "Info"];

/// The dimensions a review has unless told otherwise.
pub const DIMENSIONS: &[&str] = &[
    "correctness",
    "readability",
    "performance",
    "security",
    "testing",
    "architecture",
];
