//! `git orx gate`: the Architect's review and QA's gate (seed 000,
//! 审查轮次管理), recorded in the story and acted on.
//!
//! A gate records the round's findings in `review.architect` or `review.qa`
//! (round, score, issue counts, whether it passed), then takes the first
//! transition from the story's state marked `trigger: gate` whose guard
//! holds. The standards are the workflow's guards, not code here: the
//! Architect passes at score ≥ 7 with no Critical issue; a failing first
//! round goes back to the SM and a failing last round to the Human
//! (Escalated); QA's rounds get progressively more pragmatic, and after a
//! failing last round no transition fits QA, so the story stays in Review
//! and the Human decides.

use serde_json::{Value, json};

use crate::assess::{self, NoDecision};
use crate::error::{Error, Result};
use crate::plan::{self, Actor, Plan};
use crate::validate;
use crate::workspace::{self, Workspace};

/// One round's findings.
#[derive(Clone, Debug, PartialEq)]
pub enum Gate {
    Architect {
        score: f64,
        critical: u32,
        high: u32,
        medium: u32,
        minor: u32,
    },
    /// `criteria_met`: every acceptance criterion met (`None`: not said).
    Qa {
        critical: u32,
        high: u32,
        medium: u32,
        low: u32,
        criteria_met: Option<bool>,
    },
}

impl Gate {
    /// The role that runs this gate.
    pub fn role(&self) -> &'static str {
        match self {
            Gate::Architect { .. } => "architect",
            Gate::Qa { .. } => "qa",
        }
    }

    /// The state the gate applies to, and where a pass leads.
    fn states(&self) -> (&'static str, &'static str) {
        match self {
            Gate::Architect { .. } => ("AwaitingArchReview", "Approved"),
            Gate::Qa { .. } => ("Review", "Done"),
        }
    }

    fn check(&self) -> std::result::Result<(), String> {
        match self {
            Gate::Architect { score, .. } if !(0.0..=10.0).contains(score) => {
                Err(format!("--score must be from 0 to 10, not {score}"))
            }
            _ => Ok(()),
        }
    }

    /// The fields this gate records, for round `round`; `previous_total` is
    /// the issue count of QA's previous round, if it was recorded.
    fn fields(&self, round: i64, previous_total: Option<u64>) -> Vec<plan::Edit> {
        match *self {
            Gate::Architect {
                score,
                critical,
                high,
                medium,
                minor,
            } => vec![
                plan::set(&["review", "architect", "round"], json!(round)),
                plan::set(
                    &["review", "architect", "score"],
                    serde_json::Number::from_f64(score).map_or(Value::Null, Value::Number),
                ),
                plan::set(&["review", "architect", "critical"], json!(critical)),
                plan::set(&["review", "architect", "high"], json!(high)),
                plan::set(&["review", "architect", "medium"], json!(medium)),
                plan::set(&["review", "architect", "minor"], json!(minor)),
            ],
            Gate::Qa {
                critical,
                high,
                medium,
                low,
                criteria_met,
            } => vec![
                plan::set(&["review", "qa", "round"], json!(round)),
                plan::set(&["review", "qa", "critical"], json!(critical)),
                plan::set(&["review", "qa", "high"], json!(high)),
                plan::set(&["review", "qa", "medium"], json!(medium)),
                plan::set(&["review", "qa", "low"], json!(low)),
                plan::set(
                    &["review", "qa", "total"],
                    json!(
                        u64::from(critical) + u64::from(high) + u64::from(medium) + u64::from(low)
                    ),
                ),
                plan::set(
                    &["review", "qa", "previous_total"],
                    previous_total.map_or(Value::Null, |t| json!(t)),
                ),
                plan::set(
                    &["review", "qa", "criteria"],
                    criteria_met
                        .map_or(Value::Null, |met| json!(if met { "met" } else { "failed" })),
                ),
            ],
        }
    }
}

/// What a gate did.
#[derive(Debug)]
pub struct Outcome {
    pub plan: Plan,
    pub round: i64,
    pub passed: bool,
    /// Why the round did not pass: the pass transition's unmet conditions.
    pub unmet: Vec<validate::Unmet>,
}

/// Plans `git orx gate`. With `escalate` (the Architect only), the review
/// is recorded and the story goes to the Human whatever its verdict
/// (需要人工介入).
pub fn gate(
    ws: &Workspace,
    id: &str,
    gate: &Gate,
    escalate: bool,
    actor: Actor,
) -> Result<Outcome> {
    gate.check().map_err(Error::Usage)?;
    if escalate && !matches!(gate, Gate::Architect { .. }) {
        return Err(Error::Usage(
            "only the Architect escalates (--escalate); after QA's last failing round the Human decides anyway".to_owned(),
        ));
    }
    if actor.role != gate.role() {
        return Err(Error::Usage(format!(
            "this gate is run --as {}; the acting role is {}",
            gate.role(),
            crate::role::display(actor.role)
        )));
    }
    let item = ws.find(id)?;
    let wf = plan::workflow_of(ws, &item)?;
    if let Some(e) = item.unusable(&wf) {
        return Err(Error::Item(e));
    }
    // A gate builds on what is committed (an earlier --no-commit gate
    // included).
    let base = plan::committed(ws, &item)?;
    let (state, pass_state) = gate.states();
    if item.status != state {
        return Err(Error::NoDecision(NoDecision::NotHere {
            action: format!("the {} gate", crate::role::display(gate.role())),
            kind: wf.name.clone(),
            state: item.status.clone(),
            states: vec![state.to_owned()],
        }));
    }
    let view = validate::view(&wf, Some(&item.value()));
    let who = gate.role();
    // A gate written with --no-commit must be committed before another.
    let committed_view = validate::view(&wf, Some(&base.value()));
    if !validate::same_value(&view["review"][who], &committed_view["review"][who]) {
        return Err(Error::Pending(format!(
            "{} holds a review by {} that is not committed; commit it (git commit) or restore the file, then run the gate",
            item.path,
            crate::role::display(who)
        )));
    }
    let round = view["rounds"][who].as_i64().unwrap_or(0);
    if round < 1 {
        return Err(Error::Item(crate::item::ItemError::new(
            &item.path,
            item.pos("rounds"),
            format!("rounds.{who} is {round}: no review round has started"),
        )));
    }
    let Some(pass) = wf.transition(state, pass_state) else {
        return Err(Error::Failed(format!(
            "the {} workflow ({}) has no transition from {state} to {pass_state}, which the gate judges by",
            wf.name, wf.origin
        )));
    };
    let previous_total = (view["review"]["qa"]["round"].as_i64() == Some(round - 1))
        .then(|| view["review"]["qa"]["total"].as_u64())
        .flatten();
    let mut fields = gate.fields(round, previous_total);
    // Whether the round passed is what the pass transition's guard says.
    let recorded = plan::apply(&item.doc, &fields)
        .map_err(|e| Error::Item(crate::item::ItemError::new(&item.path, e.pos, e.message)))?;
    let after = crate::item::frontmatter_value(&recorded);
    let now = workspace::now();
    let mut moved = after.clone();
    moved["status"] = json!(pass_state);
    let unmet = validate::unmet(
        pass,
        &validate::guard_scope(&wf, Some(pass), Some(&item.value()), &moved, who, &now),
    );
    let passed = unmet.is_empty();
    fields.push(plan::set(&["review", who, "passed"], json!(passed)));
    let mut with_verdict = after;
    with_verdict["review"][who]["passed"] = json!(passed);
    let decided = if escalate {
        Ok("Escalated".to_owned())
    } else {
        assess::decide(&wf, "gate", &item.value(), &with_verdict, who, &now).map(|t| t.to.clone())
    };
    let plan = match decided {
        Ok(to) => plan::transition(ws, item, &to, &fields, actor)?,
        // No outcome fits the gate's role (QA's last round failed): the
        // findings are recorded and the story waits for the Human.
        Err(NoDecision::NoneHolds { .. }) => plan::edit(ws, item, &fields, actor)?,
        Err(e) => return Err(Error::NoDecision(e)),
    };
    Ok(Outcome {
        plan,
        round,
        passed,
        unmet,
    })
}
