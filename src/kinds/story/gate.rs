//! `git orx gate`: a review round's findings, recorded in the item and
//! acted on — driven by the workflow.
//!
//! The acting role's record (the workflow's `records:`, the one that role
//! writes) gets the findings for the current round (the record's `round`
//! expression), then its `derive`d fields, then its `verdict`: whether the
//! guard of the first transition from the item's state marked
//! `trigger: gate` holds (the pass). Then the first `trigger: gate`
//! transition whose guard holds is taken; with `escalate`, the one to the
//! state the Human owns. When none fits the role (a failing last round
//! whose decision is the Human's), the findings are recorded and the item
//! stays where it is. The standards are the workflow's guards, not code
//! here.

use serde_json::{Value, json};

use crate::change::plan::{self, Actor, Plan};
use crate::engine::decide::{self, NoDecision};
use crate::engine::item::ItemError;
use crate::engine::validate;
use crate::error::{Error, Result};
use crate::repo::workspace::{self, Workspace};
use crate::workflow::role::{self, HUMAN};
use crate::workflow::{Record, Transition, Workflow};

/// What a gate did.
#[derive(Debug)]
pub struct Outcome {
    pub plan: Plan,
    pub round: i64,
    pub passed: bool,
    /// Why the round did not pass: the pass transition's unmet conditions.
    pub unmet: Vec<validate::Unmet>,
}

/// The record `role` writes.
fn record_of<'w>(wf: &'w Workflow, role: &str) -> Result<&'w Record> {
    wf.records
        .iter()
        .find(|r| r.roles.iter().any(|x| x == role))
        .ok_or_else(|| {
            Error::Usage(crate::msg!(
                "name-workflow-path-has-no",
                name = &wf.name,
                path = &wf.origin,
                action = role::arg(role)
            ))
        })
}

/// The `trigger: gate` transitions from `state` that `role` may take.
fn gate_transitions<'w>(
    wf: &'w Workflow,
    state: &str,
    role: &str,
    item: &Value,
) -> Vec<&'w Transition> {
    wf.transitions_from(state)
        .into_iter()
        .filter(|t| t.trigger.as_deref() == Some("gate"))
        .filter(|t| wf.roles_of(t, item).iter().any(|r| r == role))
        .collect()
}

/// Plans `git orx gate`: `findings` are the record's fields (by name
/// within it) as the role gives them. With `escalate`, the findings are
/// recorded and the item goes to the state the Human owns whatever the
/// verdict.
pub fn gate(
    ws: &Workspace,
    id: &str,
    findings: &[(String, Value)],
    escalate: bool,
    actor: Actor,
) -> Result<Outcome> {
    let item = ws.find(id)?;
    let wf = plan::workflow_of(ws, &item)?;
    if let Some(e) = item.unusable(&wf) {
        return Err(Error::Item(e));
    }
    let who = actor.role;
    let record = record_of(&wf, who)?;
    let label = record.path.join(".");
    // A gate builds on what is committed (an earlier --no-commit gate
    // included).
    let base = plan::committed(ws, &item)?;
    let value = item.value();
    let gates = gate_transitions(&wf, &item.status, who, &value);
    let Some(pass) = gates.first().copied() else {
        let mut states: Vec<String> = wf
            .transitions
            .iter()
            .filter(|t| t.trigger.as_deref() == Some("gate"))
            .filter(|t| wf.roles_of(t, &value).iter().any(|r| r == who))
            .map(|t| t.from.clone())
            .collect();
        states.dedup();
        return Err(Error::NoDecision(NoDecision::NotHere {
            action: crate::msg!("action-the-gate", role = role::arg(who)),
            kind: wf.name.clone(),
            state: item.status.clone(),
            states,
        }));
    };
    let view = validate::view(&wf, Some(&value));
    // A gate written with --no-commit must be committed before another.
    let committed_view = validate::view(&wf, Some(&base.value()));
    let at = |v: &Value| {
        validate::lookup(v, &record.path)
            .cloned()
            .unwrap_or(Value::Null)
    };
    if !validate::same_value(&at(&view), &at(&committed_view)) {
        return Err(Error::Pending(crate::msg!(
            "path-holds-review-role-not",
            path = &item.path,
            role = role::arg(who)
        )));
    }
    let now = workspace::now();
    let round = record
        .round
        .eval(&wf.scope(value.clone(), who, &now))
        .ok()
        .and_then(|r| r.as_i64())
        .unwrap_or(0);
    if round < 1 {
        return Err(Error::Item(ItemError::new(
            &item.path,
            item.pos(
                record
                    .round
                    .paths()
                    .first()
                    .map_or("", |p| p.split('.').next().unwrap_or("")),
            ),
            crate::msg!(
                "review-round-not-started",
                source = &record.round.source,
                round
            ),
        )));
    }
    let field = |name: &str| {
        let mut p = record.path.clone();
        p.push(name.to_owned());
        p
    };
    let mut fields = vec![(field("round"), json!(round))];
    fields.extend(findings.iter().map(|(name, v)| (field(name), v.clone())));
    let recorded_of = |fields: &[plan::Edit]| {
        plan::apply(&item.doc, fields)
            .map(|d| item.value_of(&d))
            .map_err(|e| Error::Item(ItemError::new(&item.path, e.pos, e.message)))
    };
    // The derived fields, each computed from the findings before it.
    for d in &record.derive {
        let after = recorded_of(&fields)?;
        let scope = validate::guard_scope(&wf, None, Some(&value), &after, who, &now);
        let v = d.expr.eval(&scope).map_err(|m| {
            Error::Item(ItemError::new(
                &item.path,
                None,
                crate::msg!(
                    "derived-field-cannot-evaluate",
                    path = d.path.join("."),
                    label = &label,
                    error = m
                ),
            ))
        })?;
        fields.push((d.path.clone(), v));
    }
    // Whether the round passed is what the pass transition's guard says.
    let after = recorded_of(&fields)?;
    let mut moved = after.clone();
    moved[wf.state_field.as_str()] = json!(pass.to);
    moved["status"] = json!(pass.to);
    let unmet = validate::unmet(
        pass,
        &validate::guard_scope(&wf, Some(pass), Some(&value), &moved, who, &now),
    );
    let passed = unmet.is_empty();
    let mut with_verdict = after;
    if let Some(verdict) = &record.verdict {
        fields.push((verdict.clone(), json!(passed)));
        validate::put(&mut with_verdict, verdict, json!(passed));
    }
    let decided = if escalate {
        let to_human = gates.iter().find(|t| {
            wf.state(&t.to)
                .and_then(|s| wf.owner_of(s, &value))
                .is_some_and(|o| o == HUMAN)
        });
        match to_human {
            Some(t) => Ok(t.to.clone()),
            None => {
                return Err(Error::Usage(crate::msg!(
                    "no-gate-kind-state-leads",
                    kind = role::arg(who),
                    state = &item.status
                )));
            }
        }
    } else {
        decide::decide(&wf, "gate", &value, &with_verdict, who, &now).map(|t| t.to.clone())
    };
    // Written in the order the workflow's defaults give the record's
    // fields, so that the file reads the same however they were given.
    let order: Vec<String> = validate::lookup(&wf.defaults, &record.path)
        .and_then(Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default();
    let rank = |p: &Vec<String>| {
        p.get(record.path.len())
            .and_then(|k| order.iter().position(|o| o == k))
            .unwrap_or(order.len())
    };
    fields.sort_by_key(|(p, _)| rank(p));
    let plan = match decided {
        Ok(to) => plan::transition(ws, item, &to, &fields, actor)?,
        // No outcome fits the gate's role (a last failing round): the
        // findings are recorded and the item waits for the Human.
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
