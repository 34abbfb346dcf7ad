//! The one rule check: (workflow, item before, item after, role) → verdict.
//!
//! Pure: no files, no git, no clock (the time comes in as `now`). The `move`,
//! `assess` and `gate` commands, the pre-commit hook, `check` and `verify` all
//! ask this function, so a rule holds the same way however a change was made.
//! Refusals say what to do instead: an invalid transition names the
//! allowed targets, an unauthorised role names the responsible one, unmet
//! preconditions are all listed with the values they saw.

use std::fmt;

use serde_json::Value;

use crate::text::message::Message;
use crate::workflow::expr::{self, Scope};
use crate::workflow::role::{self, HUMAN};
use crate::workflow::{Transition, Workflow};

/// A proposed change to one item. `None` before means a new item; `None`
/// after means a deleted one.
#[derive(Clone, Copy, Debug)]
pub struct Change<'a> {
    pub before: Option<&'a Value>,
    pub after: Option<&'a Value>,
    pub role: &'a str,
    /// `--force --reason TEXT`: only the Human may use it.
    pub force: Option<&'a str>,
    /// The change claims the workflow's self-transition (e.g. Blocked →
    /// Blocked when a re-assessment fails again) rather than an edit.
    pub self_transition: bool,
    /// RFC 3339 time of the change, for effects.
    pub now: &'a str,
}

/// What an accepted change is.
#[derive(Debug)]
pub enum Accepted<'w> {
    Create {
        state: String,
    },
    Edit {
        state: String,
    },
    Transition(&'w Transition),
    Delete {
        state: String,
    },
    /// A Human overrode `refusal` with `--force --reason`.
    Forced {
        from: Option<String>,
        to: Option<String>,
        refusal: Refusal,
    },
}

/// What a move waits for: the items its `field` lists that are not yet
/// in one of the states `until`.
#[derive(Clone, Debug, PartialEq)]
pub struct WaitsFor {
    pub field: String,
    pub until: Vec<String>,
    pub waiting: Vec<String>,
    /// The kind of the items waited for, when it is another than the
    /// item's own (`waits: kind:`): they are said with it (`outage 2`).
    pub kind: Option<String>,
}

impl WaitsFor {
    /// The items waited for as a refusal names them: by their ID, with
    /// their kind when it is another than the item's.
    pub fn waiting_named(&self) -> String {
        match &self.kind {
            Some(k) => self
                .waiting
                .iter()
                .map(|id| format!("{k} {id}"))
                .collect::<Vec<_>>()
                .join(", "),
            None => self.waiting.join(", "),
        }
    }
}

/// An item as a refusal, a fault or a log names it: its kind and its ID,
/// kept apart as data (an ID may hold a space or a dot, a kind a hyphen),
/// said as `story 1.2` ([`fmt::Display`]; the ID alone when no kind is
/// known). One pointer wide: every refusal holds one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ItemRef(Box<(String, String)>);

impl ItemRef {
    /// Item `id` of `kind` (empty: the kind is not known).
    pub fn new(kind: impl Into<String>, id: impl Into<String>) -> ItemRef {
        ItemRef(Box::new((kind.into(), id.into())))
    }

    /// The kind, when it is known.
    pub fn kind(&self) -> Option<&str> {
        Some(self.0.0.as_str()).filter(|k| !k.is_empty())
    }

    pub fn id(&self) -> &str {
        &self.0.1
    }
}

impl fmt::Display for ItemRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            Some(kind) => write!(f, "{kind} {}", self.id()),
            None => f.write_str(self.id()),
        }
    }
}

/// As its label (`story 1.2`), where an item is given as one text
/// (`verify --json`'s violations).
impl serde::Serialize for ItemRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl From<&ItemRef> for crate::text::message::Arg {
    fn from(r: &ItemRef) -> crate::text::message::Arg {
        crate::text::message::Arg::from(r.to_string())
    }
}

/// Why a change is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    UnknownState {
        item: ItemRef,
        state: String,
        states: Vec<String>,
    },
    Identity {
        item: ItemRef,
        field: String,
        before: String,
        after: String,
    },
    Terminal {
        item: ItemRef,
        state: String,
        to: String,
    },
    InvalidTransition {
        item: ItemRef,
        from: String,
        to: String,
        allowed: Vec<(String, Vec<String>)>,
    },
    Unauthorized {
        item: ItemRef,
        role: String,
        from: String,
        to: Option<String>,
        responsible: Vec<String>,
    },
    Preconditions {
        item: ItemRef,
        from: String,
        to: String,
        unmet: Vec<Unmet>,
    },
    NotInitial {
        item: ItemRef,
        state: String,
        initial: String,
    },
    Delete {
        item: ItemRef,
        state: String,
    },
    ForceNotHuman {
        role: String,
    },
    /// A field only the workflow's effects may change was changed.
    Protected {
        item: ItemRef,
        field: String,
        before: String,
        after: String,
    },
    /// An edit that keeps the state breaks one of the state's `edit_guard`
    /// conditions (no new requirement while EXECUTING, say).
    EditGuard {
        item: ItemRef,
        state: String,
        unmet: Vec<Unmet>,
    },
    /// A command's operation that the item's state does not allow (the
    /// agent's: no new requirement while EXECUTING, say).
    Operation {
        item: ItemRef,
        state: String,
        /// The operations the command is (any of them would do), as the
        /// workflow describes them.
        operation: Vec<crate::workflow::Operation>,
        allowed: Vec<crate::workflow::Operation>,
    },
    /// A round's record (`review.qa`) written by the wrong role, for
    /// another round, or a second time.
    /// The transition waits for other items (`waits:`) not yet in one of
    /// the states `until` in the tree the change makes.
    Waits {
        item: ItemRef,
        from: String,
        to: String,
        waits: Box<WaitsFor>,
    },
    /// The transition needs a commit as evidence (`evidence:`) that the
    /// item does not name, or that does not show it.
    NoEvidence {
        item: ItemRef,
        from: String,
        to: String,
        problem: Message,
    },
    /// The transition's action (`actions:`) is not shown in the change.
    ActionNotTaken {
        item: ItemRef,
        from: String,
        to: String,
        problem: Message,
    },
    /// The values the workflow's `measure:` keeps (a story's quality, its
    /// tasks) are not what the item's body measures: the change records
    /// them, or its transition's guard reads them. An edit keeps its
    /// state: `from` and `to` are that state.
    Unmeasured {
        item: ItemRef,
        from: String,
        to: String,
        problem: Message,
    },
    Record {
        item: ItemRef,
        field: String,
        problem: Message,
    },
}

/// A guard condition as evaluated: what it means, whether it holds, the
/// values it read (null: not set) and, when it could not be evaluated
/// although every value was set, why.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ConditionCheck {
    pub desc: String,
    /// The description in Chinese, when the workflow gives one (`zh:`).
    #[serde(skip)]
    #[schemars(skip)]
    pub zh: Option<String>,
    pub expr: String,
    pub holds: bool,
    pub actual: serde_json::Map<String, Value>,
    /// Why it could not be evaluated, said in the language in force (its
    /// English in `--json`).
    #[serde(serialize_with = "crate::text::message::serialize_english_opt")]
    #[schemars(with = "Option<String>")]
    pub error: Option<Message>,
}

/// A condition that did not hold.
pub type Unmet = ConditionCheck;

impl Refusal {
    /// The roles that could act instead, for hints.
    pub fn kind(&self) -> &'static str {
        match self {
            Refusal::UnknownState { .. } => "unknown-state",
            Refusal::Identity { .. } => "identity-changed",
            Refusal::Terminal { .. } => "terminal-state",
            Refusal::InvalidTransition { .. } => "invalid-transition",
            Refusal::Unauthorized { .. } => "unauthorized-role",
            Refusal::Preconditions { .. } => "unmet-precondition",
            Refusal::NotInitial { .. } => "not-initial-state",
            Refusal::Delete { .. } => "delete-needs-human",
            Refusal::ForceNotHuman { .. } => "force-needs-human",
            Refusal::Protected { .. } => "protected-field",
            Refusal::Record { .. } => "record",
            Refusal::EditGuard { .. } => "edit-not-allowed",
            Refusal::Operation { .. } => "operation-not-allowed",
            Refusal::Waits { .. } => "waits-for-item",
            Refusal::NoEvidence { .. } => "no-evidence",
            Refusal::ActionNotTaken { .. } => "action-not-taken",
            Refusal::Unmeasured { .. } => "unmeasured-quality",
        }
    }

    /// The refusal's stable code (`refused.guard`), from its variant:
    /// what `--json` gives as the error's `code`, and what `show` says of
    /// a move it refuses.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::UnknownState { .. } => "refused.unknown_state",
            Refusal::Identity { .. } | Refusal::Protected { .. } => "refused.protected",
            Refusal::Terminal { .. } => "refused.terminal",
            Refusal::InvalidTransition { .. } => "refused.no_transition",
            Refusal::Unauthorized { .. } | Refusal::ForceNotHuman { .. } => "refused.wrong_role",
            Refusal::Preconditions { .. } | Refusal::EditGuard { .. } => "refused.guard",
            Refusal::NotInitial { .. } => "refused.not_initial",
            Refusal::Delete { .. } => "refused.delete",
            Refusal::Operation { .. } => "refused.operation",
            Refusal::Record { .. } => "refused.record",
            Refusal::Waits { .. } => "refused.waits",
            Refusal::NoEvidence { .. } => "refused.evidence",
            Refusal::ActionNotTaken { .. } => "refused.action",
            Refusal::Unmeasured { .. } => "refused.unmeasured",
        }
    }

    /// Whether `--force` by the Human may override it.
    fn overridable(&self) -> bool {
        !matches!(
            self,
            Refusal::UnknownState { .. } | Refusal::Identity { .. } | Refusal::ForceNotHuman { .. }
        )
    }
}

fn value_text(v: &Option<Value>) -> String {
    match v {
        None => "not set".to_owned(),
        Some(Value::String(s)) => format!("{:?}", crate::text::escape(s)),
        Some(v) => v.to_string(),
    }
}

impl fmt::Display for ConditionCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message())
    }
}

impl ConditionCheck {
    /// The condition as a message: what it says, in the workflow's own
    /// words in each language, the values that explain it, and why it
    /// could not be evaluated.
    pub fn message(&self) -> Message {
        use crate::msg;
        let text = Message::said(&self.desc, self.zh.as_deref());
        match (self.values(), &self.error) {
            (None, None) => text,
            (Some(values), None) => msg!("condition-actual", text, values),
            (None, Some(error)) => msg!("condition-cannot-evaluate", text, error),
            (Some(values), Some(error)) => {
                msg!("condition-actual-cannot-evaluate", text, values, error)
            }
        }
    }

    /// The values that explain a verdict (`quality.score = 7.5, ...`), as
    /// a message: a value not set is said so in each language.
    pub fn values(&self) -> Option<Message> {
        use crate::msg;
        self.actual
            .iter()
            .filter(|(p, _)| !p.starts_with("params.") && *p != "role")
            .map(|(p, v)| {
                let value = match Some(v.clone()).filter(|v| !v.is_null()) {
                    None => msg!("value-not-set"),
                    v => Message::text(value_text(&v)),
                };
                msg!("path-is-value", path = p, value = value)
            })
            .reduce(|first, rest| msg!("comma-then", first = first, rest = rest))
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message())
    }
}

/// Each of `lines` on a line of its own, as a list: `\n  - line`.
fn bullets<T: fmt::Display>(lines: &[T]) -> String {
    lines.iter().map(|l| format!("\n  - {l}")).collect()
}

/// The message `first`, then the text `rest` (a list, each line starting
/// with its line break).
fn then(first: Message, rest: String) -> Message {
    crate::msg!("text-then", first = first, rest = rest)
}

/// The message `first`, then each of `items` on a line of its own, as a
/// list.
fn bulleted(first: Message, items: impl IntoIterator<Item = Message>) -> Message {
    items.into_iter().fold(first, |first, item| {
        crate::msg!("text-bullet", first = first, item = item)
    })
}

/// The message `first`, then each condition on a line of its own.
fn with_conditions(first: Message, conditions: &[Unmet]) -> Message {
    bulleted(first, conditions.iter().map(ConditionCheck::message))
}

fn two(first: Message, second: Message) -> Message {
    crate::msg!("two-lines", first = first, second = second)
}

impl Refusal {
    /// What stands in the way of the move, as a step says it: the
    /// conditions of its guard that do not hold, else the refusal's words
    /// (as `move --dry-run` gives them).
    pub fn unmet(&self) -> Vec<String> {
        match self {
            Refusal::Preconditions { unmet, .. } if !unmet.is_empty() => {
                unmet.iter().map(|c| c.desc.clone()).collect()
            }
            _ => vec![self.to_string()],
        }
    }

    /// The rule that refuses the move and its code, as a step gives them.
    pub fn step_refused(&self) -> crate::workflow::steps::StepRefused {
        crate::workflow::steps::StepRefused {
            rule: self.kind().to_owned(),
            code: self.code().to_owned(),
        }
    }
}

impl Refusal {
    /// What was refused and why, as a message (its English is the
    /// refusal's `Display`); the conditions not met are the workflow's
    /// own words.
    pub fn message(&self) -> Message {
        use crate::msg;
        match self {
            Refusal::UnknownState {
                item,
                state,
                states,
            } => two(
                msg!(
                    "item-not-state-of-workflow",
                    item = item,
                    state = crate::text::escape(state)
                ),
                msg!("states-list", list = states.join(", ")),
            ),
            Refusal::Identity {
                item,
                field,
                before,
                after,
            } => msg!(
                "item-field-may-not-change",
                item = item,
                field = field,
                before = crate::text::escape(before),
                after = crate::text::escape(after)
            ),
            Refusal::Terminal { item, state, to } => two(
                msg!(
                    "item-state-terminal-state-cannot",
                    item = item,
                    state = state,
                    to = to
                ),
                msg!("allowed-none-human-overrides", state = state),
            ),
            Refusal::InvalidTransition {
                item,
                from,
                to,
                allowed,
            } => {
                let list = allowed
                    .iter()
                    .map(|(t, roles)| msg!("state-roles", state = t, roles = role::list(roles)))
                    .reduce(|first, rest| msg!("comma-then", first = first, rest = rest));
                two(
                    msg!(
                        "item-cannot-move-workflow-has",
                        item = item,
                        from = from,
                        to = to
                    ),
                    msg!(
                        "allowed-list",
                        from = from,
                        list = list.unwrap_or_else(|| msg!("none"))
                    ),
                )
            }
            Refusal::Unauthorized {
                item,
                role: r,
                from,
                to: Some(to),
                responsible,
            } => two(
                msg!(
                    "role-may-not-move-item",
                    role = role::arg(r),
                    item = item,
                    from = from,
                    to = to
                ),
                msg!("responsible-roles", roles = role::list(responsible)),
            ),
            Refusal::Unauthorized {
                item,
                role: r,
                from,
                to: None,
                responsible,
            } => two(
                msg!(
                    "role-may-not-change-item",
                    role = role::arg(r),
                    item = item,
                    from = from
                ),
                msg!(
                    "responsible-roles-owner-state",
                    roles = role::list(responsible),
                    state = from
                ),
            ),
            Refusal::Preconditions {
                item,
                from,
                to,
                unmet,
            } => {
                let head = if unmet.len() == 1 {
                    msg!(
                        "item-cannot-move-precondition-not",
                        item = item,
                        from = from,
                        to = to
                    )
                } else {
                    msg!(
                        "item-cannot-move-n-preconditions",
                        item = item,
                        from = from,
                        to = to,
                        n = unmet.len()
                    )
                };
                with_conditions(head, unmet)
            }
            Refusal::NotInitial {
                item,
                state,
                initial,
            } => msg!(
                "item-new-must-start-in",
                item = item,
                initial = initial,
                state = crate::text::escape(state)
            ),
            Refusal::Delete { item, state } => {
                msg!("item-deleted-only-by-human", item = item, state = state)
            }
            Refusal::Protected {
                item,
                field,
                before,
                after,
            } => two(
                msg!(
                    "item-field-kept-by-workflow",
                    item = item,
                    field = field,
                    before = before,
                    after = after
                ),
                msg!("human-may-override"),
            ),
            Refusal::Record {
                item,
                field,
                problem,
            } => two(
                msg!(
                    "item-field-record-once-per-round",
                    item = item,
                    field = field,
                    problem = problem
                ),
                msg!("human-may-override"),
            ),
            Refusal::Operation {
                item,
                state,
                operation,
                allowed,
            } => bulleted(
                two(
                    msg!(
                        "item-state-not-allow-operation",
                        item = item,
                        state = state,
                        operation =
                            crate::text::message::either(operation.iter().map(|o| o.message()))
                    ),
                    msg!("allowed-while-state", state = state),
                ),
                allowed.iter().map(|o| o.message()),
            ),
            Refusal::EditGuard { item, state, unmet } => with_conditions(
                msg!("item-not-changed-this-way", item = item, state = state),
                unmet,
            ),
            Refusal::Waits {
                item,
                from,
                to,
                waits,
            } => {
                let waiting = waits.waiting_named();
                let until = crate::text::message::either(
                    waits.until.iter().map(|s| Message::text(s.as_str())),
                );
                let n = waits.waiting.len();
                // An item made in `to` (no `from`), or a move.
                if from.is_empty() {
                    msg!(
                        "item-not-made-yet-waits",
                        item = item,
                        to = to,
                        waiting = waiting,
                        field = &waits.field,
                        state = until,
                        n = n
                    )
                } else {
                    msg!(
                        "item-waits-waiting-field-which",
                        item = item,
                        from = from,
                        to = to,
                        waiting = waiting,
                        field = &waits.field,
                        state = until,
                        n = n
                    )
                }
            }
            Refusal::NoEvidence {
                item,
                from,
                to,
                problem,
            }
            | Refusal::ActionNotTaken {
                item,
                from,
                to,
                problem,
            } => msg!(
                "item-move-problem",
                item = item,
                from = from,
                to = to,
                problem = problem
            ),
            Refusal::Unmeasured { item, problem, .. } => {
                msg!("path-text", path = item, text = problem)
            }
            Refusal::ForceNotHuman { role: r } => {
                msg!("only-human-may-force", role = role::arg(r))
            }
        }
    }
}

/// The item merged over the workflow's defaults, as expressions see it.
pub fn view(wf: &Workflow, item: Option<&Value>) -> Value {
    match item {
        Some(v) => expr::merge(&wf.defaults, v),
        None => Value::Null,
    }
}

/// The scope guards and effects of `t` run in: the item after the change,
/// but with the fields `t`'s effects write still at their old values, so a
/// change checked before its effects (by `move`) and after them (by the hook)
/// gets the same verdict.
pub fn guard_scope<'w>(
    wf: &'w Workflow,
    t: Option<&Transition>,
    before: Option<&Value>,
    after: &Value,
    role: &str,
    now: &str,
) -> Scope<'w> {
    let item = without_effects(wf, t, before, after);
    Scope::new(item, &wf.defaults, &wf.params, view(wf, before), role, now)
}

/// `after` with the fields `t`'s effects write set back to their values in
/// `before`: the change as its author made it, effects aside.
fn without_effects(
    wf: &Workflow,
    t: Option<&Transition>,
    before: Option<&Value>,
    after: &Value,
) -> Value {
    let mut item = after.clone();
    let before_view = view(wf, before);
    let written = t.iter().flat_map(|t| {
        let action = t
            .actions
            .iter()
            .any(|a| a == "checkpoint")
            .then(|| wf.checkpoint_field.clone().map(|f| vec![f]))
            .flatten();
        t.effects.iter().map(|e| e.path.clone()).chain(action)
    });
    for path in written {
        let old = lookup(&before_view, &path).cloned().unwrap_or(Value::Null);
        put(&mut item, &path, old);
    }
    item
}

/// The first protected field the change touches (effects aside), with its
/// old and new value.
fn protected_change(
    wf: &Workflow,
    t: Option<&Transition>,
    before: Option<&Value>,
    after: &Value,
) -> Option<(String, Value, Value)> {
    // Compared as the rules see them: an absent field is its default.
    let after = view(wf, Some(&without_effects(wf, t, before, after)));
    let before = view(wf, Some(before.unwrap_or(&Value::Null)));
    let null = Value::Null;
    wf.protected.iter().find_map(|path| {
        let b = lookup(&before, path).unwrap_or(&null);
        let a = lookup(&after, path).unwrap_or(&null);
        (!same_value(a, b)).then(|| (path.join("."), b.clone(), a.clone()))
    })
}

/// Equal values, numbers by value (`1` and `1.0`), missing as null.
pub fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            keys.into_iter().all(|k| {
                same_value(
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                )
            })
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_value(a, b))
        }
        _ => a == b,
    }
}

fn protected(item: &ItemRef, (field, before, after): (String, Value, Value)) -> Refusal {
    Refusal::Protected {
        item: item.clone(),
        field,
        before: before.to_string(),
        after: after.to_string(),
    }
}

/// The first record (`records:` in the workflow) the change writes against
/// its rules: by a role that does not own it, for a round other than the
/// current one, or over the current round's record. Effects aside.
fn record_change(
    wf: &Workflow,
    t: Option<&Transition>,
    c: &Change,
    item: &ItemRef,
) -> Option<Refusal> {
    let after = c.after?;
    let now_view = view(wf, Some(&without_effects(wf, t, c.before, after)));
    let before_view = view(wf, Some(c.before.unwrap_or(&Value::Null)));
    let scope = guard_scope(wf, t, c.before, after, c.role, c.now);
    let null = Value::Null;
    wf.records.iter().find_map(|r| {
        let a = lookup(&now_view, &r.path).unwrap_or(&null);
        let b = lookup(&before_view, &r.path).unwrap_or(&null);
        if same_value(a, b) {
            return None;
        }
        let field = r.path.join(".");
        let refuse = |problem: Message| {
            Some(Refusal::Record {
                item: item.clone(),
                field: field.clone(),
                problem,
            })
        };
        if !r.roles.iter().any(|x| x == c.role) {
            return refuse(crate::msg!(
                "record-wrong-role",
                roles = role::list(&r.roles),
                role = role::arg(c.role)
            ));
        }
        let current = match r.round.eval(&scope) {
            Ok(v) => v,
            Err(e) => {
                return refuse(crate::msg!(
                    "record-round-not-evaluated",
                    round = &r.round.source,
                    error = e
                ));
            }
        };
        let round_of = |v: &Value| v.get("round").cloned().unwrap_or(Value::Null);
        if !same_value(&round_of(a), &current) {
            return refuse(crate::msg!(
                "record-other-round",
                round = round_of(a).to_string(),
                expr = &r.round.source,
                current = current.to_string()
            ));
        }
        if same_value(&round_of(b), &current) {
            return refuse(crate::msg!(
                "record-round-already-recorded",
                current = current.to_string()
            ));
        }
        let unmet: Vec<ConditionCheck> = r
            .check
            .iter()
            .map(|cond| check_condition(cond, &scope))
            .filter(|u| !u.holds)
            .collect();
        if !unmet.is_empty() {
            return refuse(then(crate::msg!("record-not-consistent"), bullets(&unmet)));
        }
        None
    })
}

/// The value at `path` in `v`, if there is one.
pub fn lookup<'v>(v: &'v Value, path: &[String]) -> Option<&'v Value> {
    path.iter().try_fold(v, |v, k| v.get(k))
}

/// Sets the value at `path` in `v`, making the mappings on the way.
pub fn put(v: &mut Value, path: &[String], new: Value) {
    let Some((last, parents)) = path.split_last() else {
        return;
    };
    let mut cur = v;
    for k in parents {
        if !cur.get(k).is_some_and(Value::is_object) {
            if let Value::Object(m) = cur {
                m.insert(k.clone(), Value::Object(Default::default()));
            } else {
                return;
            }
        }
        let Some(next) = cur.get_mut(k) else { return };
        cur = next;
    }
    if let Value::Object(m) = cur {
        m.insert(last.clone(), new);
    }
}

/// The fields of `item` (a frontmatter) whose value is not of the type the
/// workflow declares, with what is wrong.
pub fn type_errors(wf: &Workflow, item: &Value) -> Vec<(Vec<String>, Message)> {
    wf.fields
        .iter()
        .filter_map(|(path, t)| {
            let v = lookup(item, path).filter(|v| !v.is_null())?;
            (!t.admits(v)).then(|| {
                (
                    path.clone(),
                    crate::msg!(
                        "field-must-be-type",
                        field = path.join("."),
                        expected = t.describe(),
                        value = v.to_string()
                    ),
                )
            })
        })
        .collect()
}

/// The paths of `v`'s leaves: every value that is not a non-empty mapping.
pub fn leaf_paths(v: &Value, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) if !m.is_empty() => {
            for (k, x) in m {
                prefix.push(k.clone());
                leaf_paths(x, prefix, out);
                prefix.pop();
            }
        }
        _ if !prefix.is_empty() => out.push(prefix.clone()),
        _ => {}
    }
}

/// Evaluates every condition of `t`'s guard. A condition that cannot be
/// evaluated does not hold; the error is kept when it is not simply a value
/// that is not set (a wrongly typed field or param, say).
pub fn conditions(t: &Transition, scope: &Scope) -> Vec<ConditionCheck> {
    t.guard.iter().map(|c| check_condition(c, scope)).collect()
}

/// Evaluates one condition in `scope`.
fn check_condition(c: &crate::workflow::Condition, scope: &Scope) -> ConditionCheck {
    let actual: serde_json::Map<String, Value> = c
        .expr
        .paths()
        .iter()
        .map(|p| (p.clone(), scope.lookup(p).unwrap_or(Value::Null)))
        .collect();
    let (holds, error) = match c.expr.eval_bool(scope) {
        Ok(b) => (b, None),
        Err(_) if actual.values().any(Value::is_null) => (false, None),
        Err(e) => (false, Some(e)),
    };
    ConditionCheck {
        desc: c.desc.render(scope),
        zh: c.zh.as_ref().map(|z| z.render(scope)),
        expr: c.expr.source.clone(),
        holds,
        actual,
        error,
    }
}

/// What the conditions of `t`'s guard that do not hold say, as
/// [`unmet`] renders them, without the values that explain them: a
/// board judges thousands of moves and shows only this.
pub fn unmet_descs(t: &Transition, scope: &Scope) -> Vec<String> {
    t.guard
        .iter()
        .filter(|c| !c.expr.eval_bool(scope).unwrap_or(false))
        .map(|c| c.desc.render(scope))
        .collect()
}

/// The conditions of `t`'s guard that do not hold.
pub fn unmet(t: &Transition, scope: &Scope) -> Vec<Unmet> {
    conditions(t, scope)
        .into_iter()
        .filter(|c| !c.holds)
        .collect()
}

/// Whether `role` may take one of `moves` (from `before`) as far as their
/// guards go, each judged on the item `after_of` says the move leaves;
/// else what the first of them lacks.
pub fn guards_hold(
    wf: &Workflow,
    moves: &[&Transition],
    before: &Value,
    after_of: impl Fn(&Transition) -> Value,
    role: &str,
    now: &str,
) -> Result<(), Vec<String>> {
    let mut first = None;
    for t in moves {
        if t.guard.is_empty() {
            return Ok(());
        }
        let after = after_of(t);
        let scope = guard_scope(wf, Some(t), Some(before), &after, role, now);
        let missing = unmet_descs(t, &scope);
        if missing.is_empty() {
            return Ok(());
        }
        first.get_or_insert(missing);
    }
    Err(first.unwrap_or_default())
}

/// The conditions of `state`'s `edit_guard` that do not hold in `scope`.
pub fn edit_guard_unmet(state: &crate::workflow::State, scope: &Scope) -> Vec<Unmet> {
    state
        .edit_guard
        .iter()
        .map(|cond| check_condition(cond, scope))
        .filter(|u| !u.holds)
        .collect()
}

/// The values `t`'s effects write, evaluated in the guard scope.
pub fn effects(t: &Transition, scope: &Scope) -> Result<Vec<(Vec<String>, Value)>, Message> {
    t.effects
        .iter()
        .map(|e| {
            Ok((
                e.path.clone(),
                e.expr.eval(scope).map_err(|m| {
                    crate::msg!("effect-cannot-evaluate", path = e.path.join("."), error = m)
                })?,
            ))
        })
        .collect()
}

fn text<'v>(v: Option<&'v Value>, key: &str) -> &'v str {
    v.and_then(|v| v.get(key))
        .and_then(Value::as_str)
        .unwrap_or("")
}

/// Everything an accepted change needs, for whoever makes it (a command's
/// plan) or judges it (the hooks, `verify`): what it is, the transition it
/// takes (for a forced change, the workflow's transition between its
/// states, if there is one), the values that transition's effects write,
/// and the rule the Human's `--force` overrode.
#[derive(Debug)]
pub struct Verdict<'w> {
    pub accepted: Accepted<'w>,
    pub transition: Option<&'w Transition>,
    /// The effects, evaluated where the guard is (`Err`: why one could
    /// not be, such as a field of the wrong type).
    pub effects: Result<Vec<(Vec<String>, Value)>, Message>,
    pub forced: Option<Refusal>,
}

/// The verdict on `change` under `wf`, with what the change needs.
pub fn judge<'w>(wf: &'w Workflow, change: &Change) -> Result<Verdict<'w>, Refusal> {
    let accepted = validate(wf, change)?;
    let (transition, forced) = match &accepted {
        Accepted::Transition(t) => (Some(*t), None),
        Accepted::Forced { from, to, refusal } => (
            from.as_deref()
                .zip(to.as_deref())
                .and_then(|(f, t)| wf.transition(f, t)),
            Some(refusal.clone()),
        ),
        _ => (None, None),
    };
    let effects = match (transition, change.after) {
        (Some(t), Some(after)) => {
            let scope = guard_scope(wf, Some(t), change.before, after, change.role, change.now);
            effects(t, &scope)
        }
        _ => Ok(Vec::new()),
    };
    Ok(Verdict {
        accepted,
        transition,
        effects,
        forced,
    })
}

/// The item's state, in the workflow's state field.
pub fn state_of<'v>(wf: &Workflow, item: &'v Value) -> &'v str {
    text(Some(item), &wf.state_field)
}

/// The verdict on `change` under `wf`.
pub fn validate<'w>(wf: &'w Workflow, change: &Change) -> Result<Accepted<'w>, Refusal> {
    if change.force.is_some() && change.role != HUMAN {
        return Err(Refusal::ForceNotHuman {
            role: change.role.to_owned(),
        });
    }
    match check(wf, change) {
        Ok(accepted) => Ok(accepted),
        Err(refusal) if change.force.is_some() && refusal.overridable() => Ok(Accepted::Forced {
            from: change.before.map(|b| state_of(wf, b).to_owned()),
            to: change.after.map(|a| state_of(wf, a).to_owned()),
            refusal,
        }),
        Err(refusal) if change.force.is_some() && leaves_unknown_state(wf, change, &refusal) => {
            // Judged again as an edit in the state it lands in: what no
            // override passes (the item's identity, say) is still refused.
            let mut before = change.before.cloned().unwrap_or_default();
            let landing = change.after.map(|a| state_of(wf, a)).unwrap_or_default();
            before[wf.state_field.as_str()] = Value::String(landing.to_owned());
            let again = Change {
                before: Some(&before),
                ..*change
            };
            match check(wf, &again) {
                Err(other) if !other.overridable() => Err(other),
                _ => Ok(Accepted::Forced {
                    from: change.before.map(|b| state_of(wf, b).to_owned()),
                    to: Some(landing.to_owned()),
                    refusal,
                }),
            }
        }
        Err(refusal) => Err(refusal),
    }
}

/// Whether `refusal` is that the item was in a state its workflow no
/// longer has (a file written under an earlier workflow, whose state was
/// renamed since) and the change puts it in one the workflow has: the
/// Human's forced edit brings such an item back into its workflow. An
/// unknown state the change writes stays refused, forced or not.
fn leaves_unknown_state(wf: &Workflow, change: &Change, refusal: &Refusal) -> bool {
    let Refusal::UnknownState { state, .. } = refusal else {
        return false;
    };
    change.before.is_some_and(|b| state_of(wf, b) == state)
        && change
            .after
            .is_some_and(|a| wf.state(state_of(wf, a)).is_some())
}

/// The rules, then the workflow's `invariants:` on the item after the
/// change (a broken one is refused as an edit the state does not allow).
fn check<'w>(wf: &'w Workflow, c: &Change) -> Result<Accepted<'w>, Refusal> {
    let accepted = check_rules(wf, c)?;
    if let Some(after) = c.after {
        let unmet = invariants_unmet(wf, c.before, after, c.role, c.now);
        if !unmet.is_empty() {
            let some = Some(after);
            return Err(Refusal::EditGuard {
                item: ItemRef::new(text(some, "kind"), text(some, "id")),
                state: state_of(wf, after).to_owned(),
                unmet: unmet.into_iter().map(|(_, u)| u).collect(),
            });
        }
    }
    Ok(accepted)
}

/// The workflow's `invariants:` that `after` breaks, each with the field
/// it is about.
pub fn invariants_unmet(
    wf: &Workflow,
    before: Option<&Value>,
    after: &Value,
    role: &str,
    now: &str,
) -> Vec<(Vec<String>, Unmet)> {
    if wf.invariants.is_empty() {
        return Vec::new();
    }
    let scope = guard_scope(wf, None, before, after, role, now);
    wf.invariants
        .iter()
        .map(|i| (i.at.clone(), check_condition(&i.condition, &scope)))
        .filter(|(_, u)| !u.holds)
        .collect()
}

fn check_rules<'w>(wf: &'w Workflow, c: &Change) -> Result<Accepted<'w>, Refusal> {
    let some = c.after.or(c.before);
    let item = ItemRef::new(text(some, "kind"), text(some, "id"));
    let owner_or_human = |state: &str, v: &Value| -> Vec<String> {
        let mut r: Vec<String> = wf
            .state(state)
            .and_then(|s| wf.owner_of(s, v))
            .into_iter()
            .collect();
        if !r.iter().any(|x| x == HUMAN) {
            r.push(HUMAN.to_owned());
        }
        r
    };
    for v in [c.before, c.after].into_iter().flatten() {
        let state = state_of(wf, v);
        if wf.state(state).is_none() {
            return Err(Refusal::UnknownState {
                item,
                state: state.to_owned(),
                states: wf.state_names().iter().map(|s| s.to_string()).collect(),
            });
        }
    }
    let (before, after) = match (c.before, c.after) {
        (None, None) => {
            return Err(Refusal::Delete {
                item,
                state: String::new(),
            });
        }
        (None, Some(after)) => {
            let state = state_of(wf, after);
            if state != wf.initial {
                return Err(Refusal::NotInitial {
                    item,
                    state: state.to_owned(),
                    initial: wf.initial.clone(),
                });
            }
            let mut responsible = owner_or_human(state, after);
            responsible.extend(wf.creators.iter().cloned());
            if !responsible.iter().any(|r| r == c.role) {
                return Err(Refusal::Unauthorized {
                    item,
                    role: c.role.to_owned(),
                    from: state.to_owned(),
                    to: None,
                    responsible,
                });
            }
            if let Some(change) = protected_change(wf, None, None, after) {
                return Err(protected(&item, change));
            }
            if let Some(refusal) = record_change(wf, None, c, &item) {
                return Err(refusal);
            }
            return Ok(Accepted::Create {
                state: state.to_owned(),
            });
        }
        (Some(before), None) => {
            let state = state_of(wf, before).to_owned();
            return if c.role == HUMAN {
                Ok(Accepted::Delete { state })
            } else {
                Err(Refusal::Delete { item, state })
            };
        }
        (Some(b), Some(a)) => (b, a),
    };
    let identity = ["kind", "id"]
        .into_iter()
        .chain(wf.identity.iter().map(String::as_str));
    for field in identity {
        let (x, y) = (text(Some(before), field), text(Some(after), field));
        if x != y {
            return Err(Refusal::Identity {
                item,
                field: field.to_owned(),
                before: x.to_owned(),
                after: y.to_owned(),
            });
        }
    }
    let from = state_of(wf, before);
    let to = state_of(wf, after);
    let from_state = wf.state(from);
    // A change that keeps the state is an edit, unless it is the state's
    // self-transition: claimed as one, or changing what only that
    // transition's effects change (the auto-fix counter, say).
    let explained_by_self = |t: &Transition| {
        protected_change(wf, None, Some(before), after).is_some()
            && protected_change(wf, Some(t), Some(before), after).is_none()
    };
    let is_edit =
        from == to && !c.self_transition && !wf.transition(from, to).is_some_and(explained_by_self);
    if is_edit {
        let responsible = match from_state.and_then(|s| wf.owner_of(s, before)) {
            Some(owner) => vec![owner],
            None => vec![HUMAN.to_owned()],
        };
        if c.role == HUMAN || responsible.iter().any(|r| r == c.role) {
            if let Some(change) = protected_change(wf, None, Some(before), after) {
                return Err(protected(&item, change));
            }
            if let Some(refusal) = record_change(wf, None, c, &item) {
                return Err(refusal);
            }
            if let Some(refusal) = edit_refused(wf, from_state, from, c, &item) {
                return Err(refusal);
            }
            return Ok(Accepted::Edit {
                state: from.to_owned(),
            });
        }
        return Err(Refusal::Unauthorized {
            item,
            role: c.role.to_owned(),
            from: from.to_owned(),
            to: None,
            responsible,
        });
    }
    if from_state.is_some_and(|s| s.terminal) {
        return Err(Refusal::Terminal {
            item,
            state: from.to_owned(),
            to: to.to_owned(),
        });
    }
    let Some(t) = wf.transition(from, to) else {
        return Err(Refusal::InvalidTransition {
            item,
            from: from.to_owned(),
            to: to.to_owned(),
            allowed: wf
                .transitions_from(from)
                .into_iter()
                .map(|t| (t.to.clone(), wf.roles_of(t, before)))
                .collect(),
        });
    };
    let roles = wf.roles_of(t, before);
    if !roles.iter().any(|r| r == c.role) {
        return Err(Refusal::Unauthorized {
            item,
            role: c.role.to_owned(),
            from: from.to_owned(),
            to: Some(to.to_owned()),
            responsible: roles,
        });
    }
    if let Some(change) = protected_change(wf, Some(t), Some(before), after) {
        return Err(protected(&item, change));
    }
    if let Some(refusal) = record_change(wf, Some(t), c, &item) {
        return Err(refusal);
    }
    let scope = guard_scope(wf, Some(t), Some(before), after, c.role, c.now);
    let unmet = unmet(t, &scope);
    if !unmet.is_empty() {
        return Err(Refusal::Preconditions {
            item,
            from: from.to_owned(),
            to: to.to_owned(),
            unmet,
        });
    }
    // A self-transition keeps the state: what it changes beyond its own
    // effects is an edit there, and holds the state's edit guard (a report
    // marked generated by hand along with an error counted, say).
    if from == to
        && let Some(refusal) = edit_refused(wf, from_state, from, c, &item)
    {
        return Err(refusal);
    }
    Ok(Accepted::Transition(t))
}

/// The refusal of the state's edit guard for change `c` in state `from`,
/// if one of its conditions does not hold.
fn edit_refused(
    wf: &Workflow,
    state: Option<&crate::workflow::State>,
    from: &str,
    c: &Change,
    item: &ItemRef,
) -> Option<Refusal> {
    let state = state.filter(|s| !s.edit_guard.is_empty())?;
    let after = c.after?;
    let scope = guard_scope(wf, None, c.before, after, c.role, c.now);
    let unmet = edit_guard_unmet(state, &scope);
    (!unmet.is_empty()).then(|| Refusal::EditGuard {
        item: item.clone(),
        state: from.to_owned(),
        unmet,
    })
}

#[cfg(test)]
mod tests;

/// The IDs field `field` of `item` lists (a list of strings, or one), for
/// a transition's `waits:`.
pub fn listed(item: &Value, field: &str) -> Vec<String> {
    let at = field.split('.').try_fold(item, |v, k| v.get(k));
    match at {
        Some(Value::String(s)) if !s.trim().is_empty() => vec![s.trim().to_owned()],
        Some(Value::Array(list)) => list
            .iter()
            .filter_map(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect(),
        _ => Vec::new(),
    }
}
