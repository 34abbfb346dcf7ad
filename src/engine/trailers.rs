//! The `Orx-*` trailers a change is stamped with, computed from the item
//! before and after it, so that `git orx` and the hooks (for a hand-made
//! commit) stamp the same: `Orx-Trigger` for a transition fired by name,
//! then what the workflow's `trailers:` section asks — a quality check, a
//! review round's record, the rounds — so that history carries the
//! numbers metrics read.

use serde_json::Value;

use crate::engine::validate;
use crate::workflow::Workflow;

/// The trailers for the change of an item from `before` (none: a new one)
/// to `after`, by a transition fired as `trigger` if there is one.
pub fn for_change(
    wf: &Workflow,
    before: Option<&Value>,
    after: &Value,
    trigger: Option<&str>,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(trigger) = trigger {
        out.push(("Orx-Trigger".to_owned(), trigger.to_owned()));
    }
    for r in records(wf, before, after, true) {
        let text = render(&r.value);
        let value = match r.of_several {
            false => text,
            true => format!("{} {text}", r.field.rsplit('.').next().unwrap_or_default()),
        };
        out.push((r.trailer, value));
    }
    out
}

/// One field a workflow's `trailers:` section stamps, as a change left it.
#[derive(Clone, Debug, PartialEq)]
pub struct Stamped {
    /// The trailer (`Orx-Gate`).
    pub trailer: String,
    /// The field, dotted (`review.qa`).
    pub field: String,
    pub value: Value,
    /// Whether the trailer stamps several fields (its value then starts
    /// with the field's last name).
    pub of_several: bool,
}

/// The fields of the workflow's `trailers:` that the change of an item
/// from `before` (none: a new one) to `after` records: those it changed,
/// and with `always`, those stamped on every commit while set.
pub fn records(wf: &Workflow, before: Option<&Value>, after: &Value, always: bool) -> Vec<Stamped> {
    let mut out = Vec::new();
    // Each field as the rules see it: the item's value, else the default
    // (no whole-item merge: log computes this for every change in history).
    let null = Value::Null;
    let field = |v: Option<&Value>, path: &[String]| -> Value {
        let own = v.and_then(|v| validate::lookup(v, path));
        let default = validate::lookup(&wf.defaults, path);
        match (own, default) {
            (Some(o), Some(d)) if o.is_object() && d.is_object() => {
                crate::workflow::expr::merge(d, o)
            }
            (Some(o), _) => o.clone(),
            (None, Some(d)) if v.is_some() => d.clone(),
            _ => null.clone(),
        }
    };
    for spec in &wf.trailers {
        for path in &spec.fields {
            let (now, was) = (field(Some(after), path), field(before, path));
            let (now, was) = (&now, &was);
            // A new item's field counts as changed unless it is the default.
            let changed = match before {
                None => !validate::lookup(&wf.defaults, path)
                    .is_some_and(|d| validate::same_value(now, d)),
                Some(_) => !validate::same_value(now, was),
            };
            if now.is_null() || !(changed || (always && spec.always)) || is_default(now) {
                continue;
            }
            out.push(Stamped {
                trailer: spec.key.clone(),
                field: path.join("."),
                value: now.clone(),
                of_several: spec.fields.len() > 1,
            });
        }
    }
    out
}

/// A mapping of nothing but unset values (a record never written).
fn is_default(v: &Value) -> bool {
    v.as_object().is_some_and(|m| {
        m.values()
            .all(|x| x.is_null() || x == &Value::from(0) || x == &Value::Array(vec![]))
    })
}

/// `k=v k=v` for a mapping (lists joined with `,`, nothing as `none`), the
/// value itself otherwise; one line.
pub fn render(v: &Value) -> String {
    let scalar = |v: &Value| match v {
        Value::Null => "none".to_owned(),
        Value::String(s) => s.clone(),
        Value::Array(a) if a.is_empty() => "none".to_owned(),
        Value::Array(a) => a
            .iter()
            .map(|x| match x {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect::<Vec<_>>()
            .join(","),
        Value::Number(n) if n.is_f64() => crate::doc::render::number(n),
        other => other.to_string(),
    };
    let text = match v {
        Value::Object(m) => m
            .iter()
            .filter(|(_, x)| !x.is_null())
            .map(|(k, x)| format!("{k}={}", scalar(x)))
            .collect::<Vec<_>>()
            .join(" "),
        other => scalar(other),
    };
    text.split(['\n', '\r'])
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}
