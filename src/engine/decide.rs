//! The engine's choice of an outcome: the first transition, in file order,
//! that a trigger (a command's name, as `assess` or `gate`, or an event)
//! answers from the item's state and whose guard holds.

use std::fmt;

use serde_json::{Value, json};

use crate::engine::validate::{self, Unmet};
use crate::workflow::{Transition, Workflow};

/// A candidate outcome not taken: where it led, and what it lacked.
pub type PassedOver = (String, Vec<Unmet>);

/// Why no transition could be chosen.
#[derive(Clone, Debug, PartialEq)]
pub enum NoDecision {
    /// The state has no `trigger` transitions.
    NotHere {
        /// What was asked (`the Architect gate`, `` `archive` ``).
        action: crate::text::message::Message,
        /// The workflow's name (`story`, `agent`).
        kind: String,
        state: String,
        states: Vec<String>,
    },
    /// None held; each candidate with what it lacked.
    NoneHolds {
        state: String,
        tried: Vec<(String, Vec<Unmet>)>,
    },
}

impl fmt::Display for NoDecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message())
    }
}

impl NoDecision {
    /// Why no transition was taken, as a message (its English is the
    /// `Display`); the conditions not met are the workflow's own words.
    pub fn message(&self) -> crate::text::message::Message {
        match self {
            NoDecision::NotHere {
                action,
                kind,
                state,
                states,
            } => crate::msg!(
                "action-applies-kinds-states-one",
                action = action.clone(),
                kind = kind,
                states = states.join(", "),
                state = state
            ),
            NoDecision::NoneHolds { state, tried } => tried
                .iter()
                .flat_map(|(to, unmet)| {
                    unmet.iter().map(move |u| {
                        crate::msg!("to-state-condition", to = to, condition = u.message())
                    })
                })
                .fold(
                    crate::msg!("no-transition-state-fits-result", state = state),
                    |first, item| crate::msg!("text-bullet", first = first, item = item),
                ),
        }
    }
}

/// The first transition, in file order, from `before`'s state with
/// `trigger` whose guard holds for `after` (the item with the new data
/// recorded). Whether `role` may take it is for `validate` to say.
pub fn decide<'w>(
    wf: &'w Workflow,
    trigger: &str,
    before: &Value,
    after: &Value,
    role: &str,
    now: &str,
) -> Result<&'w Transition, NoDecision> {
    decide_explained(wf, trigger, before, after, role, now).map(|(t, _)| t)
}

/// [`decide`], with the candidates passed over before the one taken and
/// the conditions each lacked — why the story did not go there.
pub fn decide_explained<'w>(
    wf: &'w Workflow,
    trigger: &str,
    before: &Value,
    after: &Value,
    role: &str,
    now: &str,
) -> Result<(&'w Transition, Vec<PassedOver>), NoDecision> {
    let from = before
        .get(&wf.state_field)
        .and_then(Value::as_str)
        .unwrap_or_default();
    let candidates: Vec<&Transition> = wf
        .transitions_from(from)
        .into_iter()
        .filter(|t| t.answers(trigger))
        .collect();
    if candidates.is_empty() {
        let mut states: Vec<String> = wf
            .transitions
            .iter()
            .filter(|t| t.answers(trigger))
            .map(|t| t.from.clone())
            .collect();
        let mut seen = std::collections::HashSet::new();
        states.retain(|s| seen.insert(s.clone()));
        let action = if trigger == "assess" {
            crate::msg!("action-quality-check")
        } else {
            crate::msg!("action-named", name = trigger)
        };
        return Err(NoDecision::NotHere {
            action,
            kind: wf.name.clone(),
            state: from.to_owned(),
            states,
        });
    }
    let mut tried = Vec::new();
    for t in candidates {
        let mut moved = after.clone();
        moved[&wf.state_field] = json!(t.to);
        let scope = validate::guard_scope(wf, Some(t), Some(before), &moved, role, now);
        let unmet = validate::unmet(t, &scope);
        if unmet.is_empty() {
            return Ok((t, tried));
        }
        tried.push((t.to.clone(), unmet));
    }
    Err(NoDecision::NoneHolds {
        state: from.to_owned(),
        tried,
    })
}
