//! What a goal's steps can do now, which only the goal's round tells: the
//! ticker's moves judged with the summary and answers it would record, an
//! answer or a claim that is no longer the forward step.

use super::*;
use crate::engine::validate::{Change, Refusal};
use crate::engine::verdict;
use crate::workflow::steps::Action;

/// The goal's step that answers its discussion, and the one that claims
/// a task of its round.
const DISCUSS: &str = "discuss";
const CLAIM: &str = "claim";

impl Summary {
    /// The summary as the goal records it (`summary:`).
    pub fn recorded(&self) -> Value {
        json!({
            "round_count": self.round, "done": self.done, "failed": self.failed,
            "cancelled": self.cancelled, "total": self.total, "other": self.other,
            "all_terminal": self.all_terminal(),
        })
    }
}

/// Judges `steps` (goal `item`'s) with what its round holds: a move the
/// ticker takes (`discussion-ended`, `round-complete`) is ready when the
/// one verdict accepts it with the round's summary and answers the ticker
/// would record, else says what refuses it; a role that answered this round is
/// not asked again (its answer is an alternative), nor is a task claimed
/// once the round has one. Any other item's steps are left as they are.
pub fn judge_steps(ws: &Workspace, item: &Item, steps: &mut [Action]) -> Result<()> {
    if item.kind != GOAL || steps.is_empty() {
        return Ok(());
    }
    let wf = ws.kind(GOAL)?.workflow()?;
    let v = item.value();
    let round = count(&v, "round_count");
    let answered = answered(ws, &item.id, round)?;
    let s = summary(ws, &item.id, round)?;
    let now = crate::repo::workspace::now();
    let ground = crate::change::plan::ground(ws);
    for a in steps.iter_mut() {
        let step = a.action.split(':').next().unwrap_or_default();
        if (step == DISCUSS && answered.contains(&a.role)) || (step == CLAIM && s.total > 0) {
            a.primary = false;
        }
        let Some(to) = a.to.clone() else {
            continue;
        };
        let moves: Vec<&Transition> = wf
            .transitions_from(&item.status)
            .into_iter()
            .filter(|t| {
                t.to == to
                    && t.from != t.to
                    && t.events
                        .iter()
                        .any(|e| e == DISCUSSION_ENDED || e == ROUND_COMPLETE)
            })
            .collect();
        if moves.is_empty() {
            continue;
        }
        // Each move judged by the one verdict, as `move --dry-run` would
        // judge it with what the ticker records: ready when one of them
        // is accepted, else what the last one refused says.
        let mut refused = None;
        for t in &moves {
            let mut after = v.clone();
            after[wf.state_field.as_str()] = Value::String(t.to.clone());
            after["summary"] = s.recorded();
            if t.events.iter().any(|e| e == DISCUSSION_ENDED) {
                after["answered"] = json!(answered);
            }
            let change = Change {
                before: Some(&v),
                after: Some(&after),
                role: &a.role,
                force: None,
                self_transition: false,
                now: &now,
            };
            match verdict::judge(
                &wf,
                &change,
                &item.kind,
                &item.path,
                &ground,
                Some(item.doc.body()),
            )? {
                Ok(_) => {
                    refused = None;
                    break;
                }
                Err(r) => refused = Some(r),
            }
        }
        a.ready = Some(refused.is_none());
        a.unmet = refused.as_ref().map(Refusal::unmet).unwrap_or_default();
        a.refused = refused.as_ref().map(Refusal::step_refused);
    }
    Ok(())
}
