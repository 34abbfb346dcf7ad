//! The story kind: the SM's assessment, the template's checklist, and the
//! review gates.

pub mod assess;
pub mod checklist;
pub mod gate;
