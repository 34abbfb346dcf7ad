//! Compiling a workflow file: every check on its states, roles,
//! expressions and params, so a bad file is refused whole.

use std::collections::HashSet;

use serde_json::Value;
use serde_saphyr::Spanned;

use super::format::*;
use super::*;
use crate::msg;
use crate::text::message::Message as Text;
use crate::workflow::role::Roles;

pub(super) struct Checker<'a> {
    origin: &'a str,
    params: &'a Value,
    /// Compile expressions on first use (the built-in, unmodified workflow).
    deferred: bool,
    /// Said after each message (why a built-in section is at fault).
    note: Option<&'a Text>,
    roles: &'a Roles,
}

impl Checker<'_> {
    fn fail<T>(&self, pos: Option<(usize, usize)>, message: Text) -> Result<T, WorkflowError> {
        let message = match self.note {
            Some(note) => msg!("two-lines", first = message, second = note.clone()),
            None => message,
        };
        Err(WorkflowError::new(self.origin, pos, message))
    }

    fn pos<T>(s: &Spanned<T>) -> Option<(usize, usize)> {
        let l = s.referenced;
        (l.line() > 0).then(|| (l.line() as usize, l.column() as usize))
    }

    fn expr(&self, s: &Spanned<String>) -> Result<Expr, WorkflowError> {
        if self.deferred {
            return Ok(Expr::deferred(&s.value).located_at(self.at(s)));
        }
        let e = match Expr::compile(&s.value) {
            Ok(e) => e.located_at(self.at(s)),
            Err(e) => return self.fail(Self::pos(s), e.about(&s.value)),
        };
        self.check_params(&e, Self::pos(s))?;
        Ok(e)
    }

    /// Where `s` is written, as an expression's errors say it.
    fn at<T>(&self, s: &Spanned<T>) -> Text {
        let origin = match self.origin {
            "built-in" => msg!("workflow-built-in"),
            o => Text::text(o),
        };
        match Self::pos(s) {
            Some((line, _)) => msg!("workflow-at-line", origin, line),
            None => origin,
        }
    }

    fn check_params(&self, e: &Expr, pos: Option<(usize, usize)>) -> Result<(), WorkflowError> {
        for path in e.paths() {
            if let Some(rest) = path.strip_prefix("params.") {
                let key = rest.split('.').next().unwrap_or(rest);
                if self.params.get(key).is_none() {
                    return self.fail(pos, msg!("workflow-undefined-param", expr = &e.source, key));
                }
            }
        }
        Ok(())
    }

    fn template(&self, s: &Spanned<String>) -> Result<Template, WorkflowError> {
        let t = if self.deferred {
            Template::deferred(&s.value)
        } else {
            Template::compile(&s.value)
        };
        t.or_else(|msg| self.fail(Self::pos(s), msg))
    }

    fn conditions(&self, defs: &[ConditionDef]) -> Result<Vec<Condition>, WorkflowError> {
        defs.iter()
            .map(|g| {
                Ok(Condition {
                    expr: self.expr(&g.expr)?,
                    desc: self.template(&g.desc)?,
                    zh: g.zh.as_ref().map(|z| self.template(z)).transpose()?,
                })
            })
            .collect()
    }

    fn messages(&self, defs: Vec<MessageDef>) -> Result<Vec<Message>, WorkflowError> {
        defs.into_iter()
            .map(|m| {
                let role = match &m.role {
                    Some(r) if !self.roles.contains(&r.value) => {
                        return self.fail(
                            Self::pos(r),
                            msg!(
                                "workflow-unknown-role",
                                role = &r.value,
                                known = self.roles.names().join(", ")
                            ),
                        );
                    }
                    r => r.as_ref().map(|r| r.value.clone()),
                };
                Ok(Message {
                    when: m.when.as_ref().map(|w| self.expr(w)).transpose()?,
                    role,
                    en: self.template(&m.en)?,
                    zh: m.zh.as_ref().map(|z| self.template(z)).transpose()?,
                    persona: m.persona.as_ref().map(|p| self.template(p)).transpose()?,
                    agent: m
                        .agent
                        .as_ref()
                        .map(|a| -> Result<_, WorkflowError> {
                            Ok(Lines {
                                en: self.template(&a.en)?,
                                zh: a.zh.as_ref().map(|z| self.template(z)).transpose()?,
                            })
                        })
                        .transpose()?,
                })
            })
            .collect()
    }
}

pub(super) fn compile(
    name: &str,
    def: FileDef,
    origin: String,
    roles: &Roles,
    deferred: bool,
) -> Result<Workflow, WorkflowError> {
    let c = Checker {
        origin: &origin,
        params: &def.params,
        deferred,
        note: None,
        roles,
    };
    if let Some(w) = &def.workflow
        && w != name
    {
        return c.fail(None, msg!("workflow-file-says-other", file = w, name));
    }
    if !matches!(def.params, Value::Object(_) | Value::Null)
        || !matches!(def.defaults, Value::Object(_) | Value::Null)
    {
        return c.fail(None, msg!("workflow-params-defaults-mappings"));
    }
    let Some(state_defs) = def.states else {
        return c.fail(None, msg!("workflow-key-missing", key = "states"));
    };
    let Some(items_def) = def.items else {
        return c.fail(None, msg!("workflow-items-missing"));
    };
    let items = match items::Items::compile(items_def) {
        Ok(items) => items,
        Err(message) => return c.fail(None, message),
    };
    let state_field = def
        .state_field
        .clone()
        .unwrap_or_else(|| "status".to_owned());
    let operations: Vec<Operation> = def
        .operations
        .map(|o| o.0)
        .unwrap_or_default()
        .into_iter()
        .map(|(name, d)| {
            let (desc, zh) = d.into_parts();
            Operation {
                name,
                desc: Some(desc),
                zh,
            }
        })
        .collect();
    // A role, or `@field`: the role an item names in that field.
    let known_role = |r: &str| match r.strip_prefix('@') {
        Some(field) => !field.is_empty() && field.split('.').all(|k| !k.is_empty()),
        None => roles.contains(r),
    };
    let mut states = Vec::new();
    for (sname, s) in state_defs.0 {
        if let Some(op) = s
            .operations
            .iter()
            .find(|op| !operations.is_empty() && !operations.iter().any(|o| o.name == **op))
        {
            return c.fail(
                None,
                msg!(
                    "workflow-state-unknown-operation",
                    state = &sname,
                    op,
                    known = operations
                        .iter()
                        .map(|o| o.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let owner = match &s.owner {
            Some(o) if !known_role(&o.value) => {
                return c.fail(
                    Checker::pos(o),
                    msg!(
                        "workflow-state-unknown-owner",
                        state = &sname,
                        role = &o.value,
                        known = roles.names().join(", ")
                    ),
                );
            }
            Some(o) => Some(o.value.clone()),
            None if !s.terminal => {
                return c.fail(None, msg!("workflow-state-needs-owner", state = &sname));
            }
            None => None,
        };
        if s.end_of_cycle && s.terminal {
            return c.fail(
                None,
                msg!("workflow-state-end-of-cycle-terminal", state = &sname),
            );
        }
        let edit_guard = c.conditions(&s.edit_guard)?;
        states.push(State {
            name: sname,
            owner,
            terminal: s.terminal,
            end_of_cycle: s.end_of_cycle,
            description: s.description,
            handoff: c.messages(s.handoff)?,
            operations: s.operations,
            edit_guard,
        });
    }
    let find = |c: &Checker, n: &Spanned<String>, what: Text| -> Result<(), WorkflowError> {
        if states.iter().any(|s| s.name == n.value) {
            Ok(())
        } else {
            let known: Vec<&str> = states.iter().map(|s| s.name.as_str()).collect();
            let known = if known.is_empty() {
                msg!("workflow-no-states")
            } else {
                Text::text(known.join(", "))
            };
            c.fail(
                Checker::pos(n),
                msg!("workflow-not-a-state", what, name = &n.value, known),
            )
        }
    };
    let Some(initial) = def.initial else {
        return c.fail(None, msg!("workflow-key-missing", key = "initial"));
    };
    let kept_initial = msg!(
        "workflow-keeps-built-in-initial",
        origin = &origin,
        state = &initial.value
    );
    if def.builtin_initial && origin != "built-in" {
        let built_in = Checker {
            origin: "built-in workflow",
            note: Some(&kept_initial),
            ..c
        };
        find(&built_in, &initial, msg!("workflow-initial-state"))?;
    } else {
        find(&c, &initial, msg!("workflow-initial-state"))?;
    }
    let (merge_state_def, merge_latest) = match def.merge {
        Some(m) => (m.state, m.latest),
        None => (None, Vec::new()),
    };
    if merge_latest.iter().any(|f| f.trim().is_empty()) {
        return c.fail(None, msg!("workflow-merge-latest-no-name"));
    }
    let merge_state = match merge_state_def {
        None => None,
        Some(StateMergeDef::Word(w)) if w == "later" => Some(MergeRule::Later),
        Some(StateMergeDef::Word(w)) => {
            return c.fail(
                None,
                msg!(
                    "workflow-merge-state-unknown",
                    rule = crate::text::escape(&w)
                ),
            );
        }
        Some(StateMergeDef::Owner { owner }) => match roles
            .names()
            .iter()
            .find(|r| r.eq_ignore_ascii_case(&owner))
        {
            Some(r) => Some(MergeRule::OwnedBy(r.to_string())),
            None => {
                return c.fail(
                    None,
                    msg!(
                        "workflow-merge-owner-unknown",
                        role = crate::text::escape(&owner),
                        known = roles.names().join(", ")
                    ),
                );
            }
        },
    };
    let Some(transition_defs) = def.transitions else {
        return c.fail(None, msg!("workflow-key-missing", key = "transitions"));
    };
    // An override that replaces `states` but keeps the built-in transitions:
    // errors in those transitions are about the built-in file.
    let kept = msg!("workflow-keeps-built-in-transitions", origin = &origin);
    let c = if def.builtin_transitions && origin != "built-in" {
        Checker {
            origin: "built-in workflow",
            note: Some(&kept),
            ..c
        }
    } else {
        c
    };
    let mut seen = HashSet::new();
    let mut transitions = Vec::new();
    for t in transition_defs {
        find(&c, &t.from, Text::text("`from`"))?;
        find(&c, &t.to, Text::text("`to`"))?;
        let at = Checker::pos(&t.from);
        if states.iter().any(|s| s.name == t.from.value && s.terminal) {
            return c.fail(at, msg!("workflow-terminal-left", state = &t.from.value));
        }
        if !seen.insert((t.from.value.clone(), t.to.value.clone())) {
            return c.fail(
                at,
                msg!(
                    "workflow-second-transition",
                    from = &t.from.value,
                    to = &t.to.value
                ),
            );
        }
        if t.roles.value.is_empty() {
            return c.fail(Checker::pos(&t.roles), msg!("workflow-roles-empty"));
        }
        if let Some(r) = t.roles.value.iter().find(|r| !known_role(r)) {
            return c.fail(
                Checker::pos(&t.roles),
                msg!(
                    "workflow-unknown-role",
                    role = r,
                    known = roles.names().join(", ")
                ),
            );
        }
        let guard = c.conditions(&t.guard)?;
        let effects = t
            .effects
            .0
            .iter()
            .map(|(path, e)| {
                let path: Vec<String> = path.split('.').map(str::to_owned).collect();
                if path.iter().any(String::is_empty)
                    || expr::RESERVED.contains(&path[0].as_str())
                    || ["kind", "id", "status", state_field.as_str()].contains(&path[0].as_str())
                {
                    return c.fail(
                        Checker::pos(e),
                        msg!("workflow-effect-target", path = path.join(".")),
                    );
                }
                Ok(Effect {
                    path,
                    expr: c.expr(e)?,
                })
            })
            .collect::<Result<_, WorkflowError>>()?;
        if let Some(op) = &t.operation {
            let allowed = states
                .iter()
                .find(|s| s.name == t.from.value)
                .is_some_and(|s| s.operations.contains(&op.value));
            if !allowed {
                return c.fail(
                    Checker::pos(op),
                    msg!(
                        "workflow-operation-not-allowed",
                        from = &t.from.value,
                        op = &op.value
                    ),
                );
            }
        }
        if let Some(a) = t
            .actions
            .iter()
            .find(|a| !ACTIONS.contains(&a.value.as_str()))
        {
            return c.fail(
                Checker::pos(a),
                msg!(
                    "workflow-unknown-action",
                    action = &a.value,
                    known = ACTIONS.join(", ")
                ),
            );
        }
        let note_field = t
            .note_field
            .as_deref()
            .map(|f| f.split('.').map(str::to_owned).collect::<Vec<_>>());
        if note_field
            .as_ref()
            .is_some_and(|p| p.iter().any(String::is_empty) || p[0] == state_field)
        {
            return c.fail(at, msg!("workflow-note-field"));
        }
        let waits = t.waits.map(|w| w.into_vec()).unwrap_or_default();
        if let Err(m) = own_waits(&waits, &states) {
            return c.fail(at, m);
        }
        transitions.push(Transition {
            from: t.from.value,
            to: t.to.value,
            roles: t.roles.value,
            trigger: t.trigger,
            events: t.events,
            operation: t.operation.map(|o| o.value),
            outcome: t.outcome,
            actions: t.actions.into_iter().map(|a| a.value).collect(),
            note_field,
            primary: t.primary,
            description: t.description,
            guard,
            handoff: c.messages(t.handoff)?,
            effects,
            evidence: t.evidence.map(|e| Evidence {
                field: e.field.split('.').map(str::to_owned).collect(),
                trailer: e.trailer,
                merge_names: e.merge_names,
            }),
            waits: waits.into_iter().map(waits_of).collect(),
        });
    }
    let initial = initial.value;
    let mut protected = Vec::new();
    for p in def.protected.unwrap_or_default() {
        let path: Vec<String> = p.split('.').map(str::to_owned).collect();
        if path.iter().any(String::is_empty)
            || ["kind", "id", "status", "title"].contains(&path[0].as_str())
        {
            return c.fail(None, msg!("workflow-protected-field", field = &p));
        }
        protected.push(path);
    }
    let field = |p: &str, what: &str| -> Result<Vec<String>, WorkflowError> {
        let path: Vec<String> = p.split('.').map(str::to_owned).collect();
        if path.iter().any(String::is_empty)
            || expr::RESERVED.contains(&path[0].as_str())
            || ["kind", "id", "status", "title"].contains(&path[0].as_str())
        {
            return c.fail(None, msg!("workflow-field-besides", key = what, field = p));
        }
        Ok(path)
    };
    let mut records = Vec::new();
    for (p, r) in def.records.unwrap_or_default().0 {
        if let Some(bad) = r.roles.value.iter().find(|x| !roles.contains(x)) {
            return c.fail(
                Checker::pos(&r.roles),
                msg!(
                    "workflow-unknown-role",
                    role = bad,
                    known = roles.names().join(", ")
                ),
            );
        }
        let path = field(&p, "records")?;
        let under = |name: &str| {
            let mut full = path.clone();
            full.extend(name.split('.').map(str::to_owned));
            full
        };
        let derive = r
            .derive
            .0
            .iter()
            .map(|(name, e)| {
                Ok(Effect {
                    path: under(name),
                    expr: c.expr(e)?,
                })
            })
            .collect::<Result<_, WorkflowError>>()?;
        records.push(Record {
            verdict: r.verdict.as_deref().map(under),
            round: c.expr(&r.round)?,
            roles: r.roles.value,
            check: c.conditions(&r.check)?,
            derive,
            path,
        });
    }
    let mut identity = Vec::new();
    for f in def.identity.unwrap_or_default() {
        let path = field(&f, "identity")?;
        if path.len() != 1 {
            return c.fail(None, msg!("workflow-identity-top-level", field = &f));
        }
        identity.push(f);
    }
    let figures = match def.figures {
        Some(f) if !FIGURES.contains(&f.as_str()) => {
            return c.fail(
                None,
                msg!(
                    "workflow-figures-unknown",
                    figures = crate::text::escape(&f),
                    known = FIGURES.join(", ")
                ),
            );
        }
        f => f,
    };
    let checkpoint_field = match def.checkpoint_field {
        Some(f) => {
            if field(&f, "checkpoint_field")?.len() != 1 || f == state_field {
                return c.fail(None, msg!("workflow-checkpoint-field", field = &f));
            }
            Some(f)
        }
        None => None,
    };
    if checkpoint_field.is_none()
        && let Some(t) = transitions.iter().find(|t| {
            t.actions
                .iter()
                .any(|a| a == "checkpoint" || a == "rollback")
        })
    {
        return c.fail(
            None,
            msg!(
                "workflow-checkpoint-needs-field",
                from = &t.from,
                to = &t.to
            ),
        );
    }
    let mut fields = Vec::new();
    for (p, t) in def.fields.unwrap_or_default().0 {
        fields.push((field(&p, "fields")?, t));
    }
    let mut invariants = Vec::new();
    for i in def.invariants.unwrap_or_default() {
        invariants.push(Invariant {
            at: match &i.at {
                Some(at) if at.split('.').all(|k| !k.is_empty()) => {
                    at.split('.').map(str::to_owned).collect()
                }
                Some(at) => return c.fail(None, msg!("workflow-invariant-at", at)),
                None => Vec::new(),
            },
            condition: Condition {
                expr: c.expr(&i.expr)?,
                desc: c.template(&i.desc)?,
                zh: i.zh.as_ref().map(|z| c.template(z)).transpose()?,
            },
        });
    }
    let mut trailers = Vec::new();
    for (key, t) in def.trailers.unwrap_or_default().0 {
        if !key.starts_with("Orx-")
            || !key[4..]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            return c.fail(None, msg!("workflow-trailer-name", key = &key));
        }
        let fields = t
            .fields
            .iter()
            .map(|f| field(f, "trailers"))
            .collect::<Result<Vec<_>, _>>()?;
        trailers.push(TrailerSpec {
            key,
            fields,
            always: t.always,
        });
    }
    let measure = match def.measure {
        Some(m) => Some(Measure {
            structure: field(&m.structure, "measure.structure")?,
            extraction: field(&m.extraction, "measure.extraction")?,
            reason: field(&m.reason, "measure.reason")?,
            tasks: match m.tasks {
                Some(t) => Some(TaskFields {
                    done: field(&t.done, "measure.tasks.done")?,
                    open: field(&t.open, "measure.tasks.open")?,
                    reason: field(&t.reason, "measure.tasks.reason")?,
                }),
                None => None,
            },
        }),
        None => None,
    };
    // A kind of record (a comment, say) is made in a terminal state and
    // never moves; otherwise items could not leave their first state.
    if states.iter().any(|s| s.name == initial && s.terminal) && !transitions.is_empty() {
        return c.fail(None, msg!("workflow-initial-terminal", state = &initial));
    }
    let steps = {
        let mut triggers: Vec<&str> = Vec::new();
        for t in &transitions {
            for name in t.trigger.iter().chain(&t.events) {
                if !triggers.contains(&name.as_str()) {
                    triggers.push(name);
                }
            }
        }
        let known = steps::Known {
            triggers,
            operations: operations.iter().map(|o| o.name.as_str()).collect(),
            states: states.iter().map(|s| s.name.as_str()).collect(),
            role: &known_role,
        };
        // A workflow that declares no steps is offered a move along each
        // transition without a trigger, where it has one.
        let untriggered = transitions.iter().any(|t| t.trigger.is_none());
        let mut defs = match def.steps {
            Some(s) => s.0,
            None if untriggered => match steps::default_steps() {
                Ok(defaults) => defaults,
                Err(m) => return c.fail(None, m),
            },
            None => Vec::new(),
        };
        if def.run.is_some() {
            let declared: Vec<String> = defs.iter().map(|(id, _)| id.clone()).collect();
            match steps::shared_run_steps(&declared) {
                Ok(shared) => defs.extend(shared),
                Err(m) => return c.fail(None, m),
            }
        }
        if def.builtin_steps {
            // Kept from the built-in over states or transitions of the
            // override's own: only the steps that still fit.
            defs.into_iter()
                .filter_map(|d| steps::compile(vec![d], &known).ok())
                .flatten()
                .collect()
        } else {
            match steps::compile(defs, &known) {
                Ok(steps) => steps,
                Err((pos, message)) => return c.fail(pos, message),
            }
        }
    };
    let create = {
        let known = steps::Known {
            triggers: Vec::new(),
            operations: Vec::new(),
            states: states.iter().map(|s| s.name.as_str()).collect(),
            role: &known_role,
        };
        match steps::compile_create(name, def.create, items.dir.is_some(), &known) {
            Ok(create) => create,
            Err((pos, message)) => return c.fail(pos, message),
        }
    };
    if let Some(b) = &def.body {
        let names: Vec<&str> = states.iter().map(|s| s.name.as_str()).collect();
        let unknown = b.unknown_states(&names);
        if !unknown.is_empty() {
            return c.fail(
                None,
                msg!(
                    "workflow-body-unknown-states",
                    unknown = unknown.join(", "),
                    states = names.join(", ")
                ),
            );
        }
    }
    let create_waits = def.create_waits.map(|w| w.into_vec()).unwrap_or_default();
    if let Err(m) = own_waits(&create_waits, &states) {
        return c.fail(None, msg!("workflow-create-waits", problem = m));
    }
    let create_waits: Vec<Waits> = create_waits.into_iter().map(waits_of).collect();
    let run = match def.run {
        None => None,
        Some(r) => {
            let expr = |src: &str| -> Result<Expr, Text> {
                if c.deferred {
                    return Ok(Expr::deferred(src));
                }
                let e = Expr::compile(src).map_err(|e| e.about(src))?;
                c.check_params(&e, None).map_err(|e| e.message)?;
                Ok(e)
            };
            let state = |s: &str| -> Result<(), Text> {
                if states.iter().any(|x| x.name == s) {
                    Ok(())
                } else {
                    Err(msg!("run-not-a-state", state = s))
                }
            };
            match run::compile(r, &expr, &state, &def.params) {
                Ok(r) => Some(r),
                Err(m) => return c.fail(None, m),
            }
        }
    };
    // A step that records an error is offered where errors are counted.
    let counts = run.as_ref().is_some_and(|r| r.errors.is_some());
    let steps: Vec<steps::Step> = steps
        .into_iter()
        .filter(|s| counts || !s.counts_errors)
        .collect();
    Ok(Workflow {
        name: name.to_owned(),
        description: def.description,
        initial,
        state_field,
        operations,
        roles: roles.names().iter().map(|r| r.to_string()).collect(),
        params: if def.params.is_null() {
            Value::Object(Default::default())
        } else {
            def.params
        },
        defaults: if def.defaults.is_null() {
            Value::Object(Default::default())
        } else {
            def.defaults
        },
        states,
        transitions,
        protected,
        identity,
        creators: def.creators.unwrap_or_default(),
        create_waits,
        checkpoint_field,
        figures,
        merge_state,
        merge_latest,
        records,
        trailers,
        fields,
        invariants,
        measure,
        items,
        steps,
        create,
        body: def.body,
        run,
        origin,
    })
}

/// Refuses a `waits:` whose `until` names no state of the item's own
/// workflow. Another kind's states are that kind's workflow's, checked
/// where the registry knows every workflow (`Kind::workflow`).
fn own_waits(waits: &[WaitsDef], states: &[State]) -> Result<(), Text> {
    match waits
        .iter()
        .filter(|w| w.kind.is_none())
        .flat_map(|w| &w.until)
        .find(|u| !states.iter().any(|s| &s.name == *u))
    {
        Some(u) => Err(msg!("workflow-waits-until-no-state", state = u)),
        None => Ok(()),
    }
}

fn waits_of(w: WaitsDef) -> Waits {
    Waits {
        field: w.field,
        until: w.until,
        kind: w.kind,
        with: w.with.0,
    }
}
