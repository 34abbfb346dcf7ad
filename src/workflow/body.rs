//! A workflow's `body:` section: for items whose Markdown body carries a
//! status of its own (as stories written for BMAD or Orchestrix agents
//! do), how the body spells each state, which other spellings read as
//! which state, and whether a move appends a Change Log row.
//!
//! ```yaml
//! body:
//!   status: true                 # the body's status follows every move; one that disagrees is a problem
//!   write: {Review: review}      # how the body spells a state, when not by its name
//!   read: {Ready for Review: Review, Postponed: Blocked}  # other spellings, read as these states
//!   change_log: true             # a move appends a row to the body's Change Log table
//!   gates: docs/qa/gates         # QA gate files (`{id}-{slug}.yml`), written by `gate` and read by `show`
//! ```
//!
//! Spellings are compared without regard to case, spaces, `-` and `_`:
//! `in-progress`, `In Progress` and `InProgress` are one.

use std::collections::BTreeMap;

use serde::Deserialize;

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Body {
    #[serde(default)]
    pub status: bool,
    #[serde(default)]
    pub write: BTreeMap<String, String>,
    #[serde(default)]
    pub read: BTreeMap<String, String>,
    #[serde(default)]
    pub change_log: bool,
    pub gates: Option<String>,
}

/// A spelling with case, spaces, `-` and `_` left out.
pub fn normalize(value: &str) -> String {
    value
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '`' | '*'))
        .flat_map(char::to_lowercase)
        .collect()
}

impl Body {
    /// How the body spells `state`.
    pub fn value_for<'a>(&'a self, state: &'a str) -> &'a str {
        self.write.get(state).map_or(state, String::as_str)
    }

    /// The state a body's `value` stands for, among `states`: by `read`,
    /// by `write`, or by the state's own name (spellings compared loosely);
    /// else the state its first words stand for, as a person reads
    /// `COMPLETED & QA VALIDATED` as done.
    pub fn state_of<'a>(&self, states: &[&'a str], value: &str) -> Option<&'a str> {
        let mut words: Vec<&str> = value.split_whitespace().collect();
        while !words.is_empty() {
            if let Some(s) = self.state_of_words(states, &words.join(" ")) {
                return Some(s);
            }
            words.pop();
            while words
                .last()
                .is_some_and(|w| !w.chars().any(char::is_alphanumeric))
            {
                words.pop();
            }
        }
        None
    }

    fn state_of_words<'a>(&self, states: &[&'a str], value: &str) -> Option<&'a str> {
        let v = normalize(value);
        let named = |name: &str| states.iter().copied().find(|s| *s == name);
        if let Some((_, to)) = self.read.iter().find(|(from, _)| normalize(from) == v) {
            return named(to);
        }
        if let Some((state, _)) = self.write.iter().find(|(_, w)| normalize(w) == v) {
            return named(state);
        }
        states.iter().copied().find(|s| normalize(s) == v)
    }

    /// The states `read` and `write` name that the workflow does not have.
    pub fn unknown_states<'a>(&'a self, states: &[&str]) -> Vec<&'a str> {
        self.read
            .values()
            .chain(self.write.keys())
            .map(String::as_str)
            .filter(|s| !states.contains(s))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_read_as_states() {
        let body: Body = serde_saphyr::from_str(
            "status: true\nread: {Ready for Review: Review, Postponed: Blocked}\nwrite: {Review: review}\n",
        )
        .unwrap();
        let states = ["Draft", "InProgress", "Review", "Blocked", "Done"];
        for (value, want) in [
            ("Draft", Some("Draft")),
            ("in-progress", Some("InProgress")),
            ("In Progress", Some("InProgress")),
            ("Ready for Review", Some("Review")),
            ("review", Some("Review")),
            ("postponed", Some("Blocked")),
            ("done", Some("Done")),
            ("Cancelled", None),
        ] {
            assert_eq!(body.state_of(&states, value), want, "{value}");
        }
        assert_eq!(body.value_for("Review"), "review");
        assert_eq!(body.value_for("Done"), "Done");
        assert!(body.unknown_states(&states).is_empty());
    }
}
