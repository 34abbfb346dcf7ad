//! The story kind: the SM's assessment (measured against the template's
//! checklist) and the review gates.

pub mod assess;
pub mod gate;
