//! A workflow's `run:` section: how `git orx run` drives one of its items,
//! as data. Nothing here knows a kind.
//!
//! ```yaml
//! run:
//!   max_iterations: 20            # default for --max-iterations
//!   current_action: current_action # field recording the action under way
//!   errors:                        # the error counter (`git orx error`)
//!     field: error_count
//!     limit: 3                     # or a param: `limit: params.max_errors`
//!     state: failed                # the state reached at the limit
//!     restore: true                # then restore the last stable state and stop
//!     message: last_error          # optional field for the last message
//!     reason: failure_reason       # optional field for the message at the limit
//!   success: [completed]           # terminal states that count as success
//!   log:                           # the words of the run's log (optional)
//!     title: Code Review Orchestrator   # === ... Started === / Finished ===
//!     tag: Orchestrator                 # [Orchestrator] Action failed: ...
//!     done: Review completed, terminating.
//!   interrupt:                     # what Ctrl-C records
//!     state: user_exit
//!     set: {current_action: "null"}
//!   signals:                       # checked before every action
//!     - when: paused
//!       exit: pause_exit
//!       set: {skill_state.current_action: "'paused'"}
//!   next:                          # the next action: first `when` that holds
//!     - when: status in ['completed', 'failed']
//!       action: none               # nothing to do: the run ends
//!     - when: "dimensions.exists(d, !(d in reviewed))"
//!       action: deep-review
//!       argument: "dimensions.filter(d, !(d in reviewed))[0]"
//!   actions:
//!     deep-review:
//!       alias: review-dimension    # another name the command line takes
//!       prompt: deep-review        # templates/prompts/<kind>/<prompt>.md
//!       updates: [findings]        # fields the executor may set
//!       before: {status: "'running'"}
//!       after: {reviewed: "reviewed + [argument]"}
//!     complete: {exec: false, after: {status: "'completed'"}}
//!     abort: {stop: true}
//! ```
//!
//! Values under `set`, `before` and `after` are CEL expressions over the
//! item (as `transitions[].effects` are), with `action`, `argument`, `now`,
//! `role` and `params` besides; keys are dotted field paths.

use crate::text::message::Message;
use serde::Deserialize;
use serde_json::Value;

use super::expr::{Expr, Scope};

/// The name of the action that means there is nothing to do.
pub const NONE: &str = "none";

/// A field path and the expression giving its new value.
#[derive(Debug)]
pub struct Effect {
    pub path: Vec<String>,
    pub expr: Expr,
}

/// A control signal: when `when` holds before an action, the run stops
/// with exit name `exit`, after setting `set`.
#[derive(Debug)]
pub struct Signal {
    pub when: Expr,
    pub exit: String,
    pub set: Vec<Effect>,
}

/// One choice of the next action.
#[derive(Debug)]
pub struct Choice {
    pub when: Expr,
    pub action: String,
    pub argument: Option<Expr>,
}

/// One action the run can take.
#[derive(Debug)]
pub struct Action {
    pub name: String,
    /// Another name the command line takes for it (`collect-context` for
    /// `action-collect-context`).
    pub alias: Option<String>,
    /// The prompt template's name (`templates/prompts/<kind>/<prompt>.md`).
    pub prompt: String,
    /// Whether an executor performs it (else only its effects apply).
    pub exec: bool,
    /// Whether taking it ends the run (an abort).
    pub stop: bool,
    /// The fields (and what is under them) the executor may set.
    pub updates: Vec<Vec<String>>,
    /// Applied when the action starts, with the current action recorded.
    pub before: Vec<Effect>,
    /// Applied with the executor's updates when it succeeds.
    pub after: Vec<Effect>,
    /// The renderer that writes the item's body when the action succeeds
    /// (a kind's own code, named by the workflow: `codereview-report`).
    pub body: Option<String>,
    pub description: String,
}

/// The error counter.
#[derive(Debug)]
pub struct Errors {
    pub field: Vec<String>,
    pub limit: Limit,
    pub state: Option<String>,
    pub message: Option<Vec<String>>,
    /// The field the error that reaches the limit records its message in
    /// (a loop's `failure_reason`).
    pub reason: Option<Vec<String>>,
    /// Whether the run, once the error at the limit is recorded, restores
    /// the item's last stable state (its newest backup) and stops.
    pub restore: bool,
}

/// A limit given as a number or as a param.
#[derive(Debug)]
pub enum Limit {
    Number(u64),
    Param(String),
}

/// What Ctrl-C records.
#[derive(Debug, Default)]
pub struct Interrupt {
    pub state: Option<String>,
    pub set: Vec<Effect>,
}

/// A compiled `run:` section.
#[derive(Debug)]
pub struct Run {
    /// How `git orx run` names the run in its log.
    pub log: RunLog,
    pub max_iterations: u64,
    pub current_action: Option<Vec<String>>,
    pub errors: Option<Errors>,
    pub success: Vec<String>,
    pub interrupt: Interrupt,
    pub signals: Vec<Signal>,
    pub next: Vec<Choice>,
    pub actions: Vec<Action>,
}

/// The words of a run's log (`log:`): `=== {title} Started ===`, the
/// `[{tag}]` of its error lines, and the line when nothing is left to do.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunLog {
    pub title: Option<String>,
    pub tag: Option<String>,
    pub done: Option<String>,
}

/// The action chosen for an item.
#[derive(Debug, Clone, PartialEq)]
pub struct Selected {
    /// The action's name (`none` when there is nothing to do).
    pub action: String,
    /// Its argument (the dimension to review), if the choice gives one.
    pub argument: Option<Value>,
}

impl Selected {
    /// The argument as text (a string as is, anything else as JSON).
    pub fn argument_text(&self) -> Option<String> {
        self.argument.as_ref().map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
    }
}

impl Run {
    /// The action named `name`, or whose alias it is.
    pub fn action(&self, name: &str) -> Option<&Action> {
        self.actions.iter().find(|a| a.name == name).or_else(|| {
            self.actions
                .iter()
                .find(|a| a.alias.as_deref() == Some(name))
        })
    }

    /// The error limit, its param read from `params`.
    pub fn error_limit(&self, params: &Value) -> Option<u64> {
        let e = self.errors.as_ref()?;
        match &e.limit {
            Limit::Number(n) => Some(*n),
            Limit::Param(p) => params.get(p).and_then(Value::as_u64),
        }
    }

    /// The first signal that holds, if any.
    pub fn signal(&self, scope: &Scope) -> Result<Option<&Signal>, Message> {
        for s in &self.signals {
            if s.when.eval_bool(scope)? {
                return Ok(Some(s));
            }
        }
        Ok(None)
    }

    /// The next action: the first choice whose `when` holds (`none` if
    /// none does).
    pub fn select(&self, scope: &Scope) -> Result<Selected, Message> {
        for c in &self.next {
            if c.when.eval_bool(scope)? {
                let argument = match &c.argument {
                    Some(e) => Some(e.eval(scope)?),
                    None => None,
                };
                return Ok(Selected {
                    action: c.action.clone(),
                    argument,
                });
            }
        }
        Ok(Selected {
            action: NONE.to_owned(),
            argument: None,
        })
    }
}

/// The values `effects` give in `scope`, in order.
pub fn values(effects: &[Effect], scope: &Scope) -> Result<Vec<(Vec<String>, Value)>, Message> {
    effects
        .iter()
        .map(|e| {
            e.expr
                .eval(scope)
                .map(|v| (e.path.clone(), whole_numbers(v)))
                .map_err(|error| {
                    crate::msg!(
                        "expr-for-field",
                        source = &e.expr.source,
                        path = e.path.join("."),
                        error
                    )
                })
        })
        .collect()
}

/// `v` with each whole number written as one (50, not 50.0): what an
/// effect writes into a file is read by tools for which JSON has one kind
/// of number, and written as they write it.
fn whole_numbers(v: Value) -> Value {
    match v {
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < 9_007_199_254_740_992.0 => {
                Value::from(f as i64)
            }
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(whole_numbers).collect()),
        Value::Object(m) => {
            Value::Object(m.into_iter().map(|(k, v)| (k, whole_numbers(v))).collect())
        }
        other => other,
    }
}

// ---- the file format -------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RunDef {
    #[serde(default)]
    max_iterations: Option<u64>,
    current_action: Option<String>,
    errors: Option<ErrorsDef>,
    #[serde(default)]
    success: Vec<String>,
    interrupt: Option<InterruptDef>,
    #[serde(default)]
    signals: Vec<SignalDef>,
    #[serde(default)]
    next: Vec<ChoiceDef>,
    #[serde(default)]
    actions: super::Ordered<ActionDef>,
    #[serde(default)]
    log: RunLog,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ErrorsDef {
    field: String,
    limit: Value,
    state: Option<String>,
    message: Option<String>,
    reason: Option<String>,
    #[serde(default)]
    restore: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct InterruptDef {
    state: Option<String>,
    #[serde(default)]
    set: super::Ordered<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SignalDef {
    when: String,
    exit: String,
    #[serde(default)]
    set: super::Ordered<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChoiceDef {
    when: String,
    action: String,
    #[serde(alias = "dimension")]
    argument: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionDef {
    alias: Option<String>,
    prompt: Option<String>,
    #[serde(default = "yes")]
    exec: bool,
    #[serde(default)]
    stop: bool,
    #[serde(default)]
    updates: Vec<String>,
    #[serde(default)]
    before: super::Ordered<String>,
    #[serde(default)]
    after: super::Ordered<String>,
    body: Option<String>,
    #[serde(default)]
    description: String,
}

fn yes() -> bool {
    true
}

fn path(p: &str) -> Result<Vec<String>, Message> {
    let parts: Vec<String> = p.split('.').map(str::to_owned).collect();
    if p.is_empty() || parts.iter().any(String::is_empty) {
        return Err(crate::msg!("run-not-a-path", path = p));
    }
    Ok(parts)
}

/// Compiles `def`; `expr` compiles one expression (checking the params it
/// reads), `state` checks a state name, `params` are the workflow's.
pub(crate) fn compile(
    def: RunDef,
    expr: &dyn Fn(&str) -> Result<Expr, Message>,
    state: &dyn Fn(&str) -> Result<(), Message>,
    params: &Value,
) -> Result<Run, Message> {
    // `at: what is wrong there`: `at` the key (`run.actions.fix.before`).
    let at_key = |at: String, m: Message| crate::msg!("run-at-problem", at, problem = m);
    let effects = |what: &str, o: super::Ordered<String>| -> Result<Vec<Effect>, Message> {
        o.0.into_iter()
            .map(|(k, v)| {
                Ok(Effect {
                    path: path(&k).map_err(|m| at_key(what.to_owned(), m))?,
                    expr: expr(&v).map_err(|m| at_key(format!("{what} `{k}`"), m))?,
                })
            })
            .collect()
    };
    let mut actions = Vec::new();
    let names: Vec<String> = def.actions.0.iter().map(|(n, _)| n.clone()).collect();
    for (name, a) in def.actions.0 {
        let at = format!("`run.actions.{name}`");
        if name == NONE {
            return Err(crate::msg!("run-none-declared", at, none = NONE));
        }
        if let Some(alias) = &a.alias
            && (alias == NONE || names.contains(alias))
        {
            return Err(crate::msg!("run-alias-taken", at, alias, none = NONE));
        }
        actions.push(Action {
            alias: a.alias,
            prompt: a.prompt.unwrap_or_else(|| name.clone()),
            exec: a.exec && !a.stop,
            stop: a.stop,
            updates: a
                .updates
                .iter()
                .map(|u| path(u).map_err(|m| at_key(format!("{at}.updates"), m)))
                .collect::<Result<_, _>>()?,
            before: effects(&format!("{at}.before"), a.before)?,
            after: effects(&format!("{at}.after"), a.after)?,
            body: a.body,
            description: a.description,
            name,
        });
    }
    let mut next = Vec::new();
    for (i, c) in def.next.into_iter().enumerate() {
        let at = format!("`run.next[{i}]`");
        if c.action != NONE && !actions.iter().any(|a| a.name == c.action) {
            let known: Vec<&str> = actions.iter().map(|a| a.name.as_str()).collect();
            return Err(crate::msg!(
                "run-unknown-action",
                at,
                action = &c.action,
                known = known.join(", "),
                none = NONE
            ));
        }
        next.push(Choice {
            when: expr(&c.when).map_err(|m| at_key(format!("{at}.when"), m))?,
            argument: c
                .argument
                .as_deref()
                .map(expr)
                .transpose()
                .map_err(|m| at_key(format!("{at}.argument"), m))?,
            action: c.action,
        });
    }
    let signals = def
        .signals
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let at = format!("`run.signals[{i}]`");
            if s.exit.trim().is_empty() {
                return Err(crate::msg!("run-exit-empty", at));
            }
            Ok(Signal {
                when: expr(&s.when).map_err(|m| at_key(format!("{at}.when"), m))?,
                exit: s.exit,
                set: effects(&format!("{at}.set"), s.set)?,
            })
        })
        .collect::<Result<_, Message>>()?;
    let errors = match def.errors {
        None => None,
        Some(e) => {
            let limit = match &e.limit {
                Value::Number(n) if n.as_u64().is_some_and(|n| n > 0) => {
                    Limit::Number(n.as_u64().unwrap_or(1))
                }
                Value::String(s) if s.starts_with("params.") => {
                    let key = &s["params.".len()..];
                    if params.get(key).is_none_or(|v| v.as_u64().is_none()) {
                        return Err(crate::msg!("run-limit-param", param = s));
                    }
                    Limit::Param(key.to_owned())
                }
                other => {
                    return Err(crate::msg!("run-limit", value = other.to_string()));
                }
            };
            if let Some(s) = &e.state {
                state(s).map_err(|m| at_key("`run.errors.state`".to_owned(), m))?;
            }
            Some(Errors {
                field: path(&e.field).map_err(|m| at_key("`run.errors.field`".to_owned(), m))?,
                limit,
                state: e.state,
                restore: e.restore,
                reason: e
                    .reason
                    .as_deref()
                    .map(path)
                    .transpose()
                    .map_err(|m| at_key("`run.errors.reason`".to_owned(), m))?,
                message: e
                    .message
                    .as_deref()
                    .map(path)
                    .transpose()
                    .map_err(|m| at_key("`run.errors.message`".to_owned(), m))?,
            })
        }
    };
    for s in &def.success {
        state(s).map_err(|m| at_key("`run.success`".to_owned(), m))?;
    }
    let interrupt = match def.interrupt {
        None => Interrupt::default(),
        Some(i) => {
            if let Some(s) = &i.state {
                state(s).map_err(|m| at_key("`run.interrupt.state`".to_owned(), m))?;
            }
            Interrupt {
                state: i.state,
                set: effects("`run.interrupt.set`", i.set)?,
            }
        }
    };
    if next.is_empty() {
        return Err(crate::msg!("run-next-empty"));
    }
    Ok(Run {
        log: def.log,
        max_iterations: def.max_iterations.unwrap_or(20),
        current_action: def
            .current_action
            .as_deref()
            .map(path)
            .transpose()
            .map_err(|m| at_key("`run.current_action`".to_owned(), m))?,
        errors,
        success: def.success,
        interrupt,
        signals,
        next,
        actions,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::workflow::Workflow;
    use crate::workflow::role::Roles;

    /// The code review's next action, rule by rule, in their order.
    #[test]
    fn the_code_reviews_next_action_follows_its_rules_in_order() {
        let wf = Workflow::load("codereview", None, &Roles::default()).unwrap();
        let run = wf.run.as_ref().unwrap();
        let dims = json!(["security", "testing"]);
        let base = json!({"kind": "codereview", "id": "1", "status": "running", "dimensions": dims,
            "context": {"files": []}, "scan_completed": true, "reviewed": ["security", "testing"],
            "report_generated": true, "error_count": 0});
        let with = |changes: serde_json::Value| {
            let mut v = base.clone();
            for (k, x) in changes.as_object().unwrap() {
                v[k] = x.clone();
            }
            v
        };
        let table = [
            // a terminal state: nothing to do, whatever else holds
            (with(json!({"status": "completed"})), "none", None),
            (with(json!({"status": "user_exit"})), "none", None),
            (
                with(json!({"status": "failed", "error_count": 3})),
                "none",
                None,
            ),
            // the error limit aborts before anything else
            (
                with(json!({"error_count": 3, "scan_completed": false})),
                "action-abort",
                None,
            ),
            (
                with(json!({"error_count": 2, "context": null})),
                "action-collect-context",
                None,
            ),
            // pending, or no context: collect it
            (
                with(json!({"status": "pending"})),
                "action-collect-context",
                None,
            ),
            (
                with(json!({"context": null})),
                "action-collect-context",
                None,
            ),
            // no scan: the quick scan
            (
                with(json!({"scan_completed": false, "reviewed": []})),
                "action-quick-scan",
                None,
            ),
            // a dimension left: review it, in the review's order
            (
                with(json!({"reviewed": []})),
                "action-deep-review",
                Some("security"),
            ),
            (
                with(json!({"reviewed": ["security"]})),
                "action-deep-review",
                Some("testing"),
            ),
            (
                with(json!({"reviewed": ["testing"]})),
                "action-deep-review",
                Some("security"),
            ),
            // no report: generate it
            (
                with(json!({"report_generated": false})),
                "action-generate-report",
                None,
            ),
            // else complete
            (base.clone(), "action-complete", None),
        ];
        for (item, action, argument) in table {
            let scope = wf.scope(item.clone(), "qa", "2026-01-01T00:00:00Z");
            let got = run.select(&scope).unwrap();
            assert_eq!(got.action, action, "{item}");
            assert_eq!(got.argument_text().as_deref(), argument, "{item}");
        }
        // The command line's short names are aliases of the actions.
        assert_eq!(
            run.action("deep-review").map(|a| a.name.as_str()),
            Some("action-deep-review")
        );
        assert_eq!(
            run.action("action-deep-review").unwrap().prompt,
            "deep-review"
        );
        assert_eq!(run.error_limit(&wf.params), Some(3));
        assert_eq!(run.max_iterations, 20);
        assert_eq!(run.success, ["completed"]);
        assert_eq!(run.interrupt.state.as_deref(), Some("user_exit"));
    }

    #[test]
    fn a_run_section_naming_unknown_actions_or_states_is_refused() {
        let over = |run: &str| {
            let src = format!("run:\n{run}");
            Workflow::load(
                "codereview",
                Some((&src, ".orx/workflows/codereview.yaml")),
                &Roles::default(),
            )
            .map(|_| ())
            .unwrap_err()
            .message
            .to_string()
        };
        let m = over("  next:\n    - when: \"true\"\n      action: dance\n");
        assert!(m.contains("unknown action `dance`"), "{m}");
        let m = over("  success: [done]\n  next:\n    - when: \"true\"\n      action: none\n");
        assert!(m.contains("`run.success`: `done` is not a state"), "{m}");
        let m = over(
            "  errors: {field: n, limit: 0}\n  next:\n    - when: \"true\"\n      action: none\n",
        );
        assert!(m.contains("`run.errors.limit`"), "{m}");
        let m = over("  next:\n    - when: \"(\"\n      action: none\n");
        assert!(m.contains("not a valid expression"), "{m}");
        let m = over("  next: []\n");
        assert!(m.contains("`run.next` is empty"), "{m}");
    }
}
