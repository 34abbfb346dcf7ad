//! A workflow's `steps:` section: the commands that move its items on, as
//! data, so that every kind (a team's own too) tells an agent what to run
//! next without any code knowing the kind.
//!
//! Each step is offered for an item whose state has something it answers:
//! - `trigger: NAME`: once, when a transition from the state answers NAME
//!   (`assess`, `gate`: the command decides which transition it takes);
//!   with `states: [..]`, only in those states (a task's merge: only once
//!   it is approved, though a merge closes it from other states too);
//! - `each_transition: true` with `triggers: [..]`: once for each
//!   transition from the state fired by one of them, or, with no
//!   `triggers`, for each transition with no trigger (`move ID TO`); with
//!   `primary: true`, the actions for the transitions marked `primary:
//!   true` are the forward steps, the others alternatives;
//! - `operations: [..]`: when the state allows one of them (a step that is
//!   not a transition: `agent task add`, `agent check`, `agent archive`);
//! - `states: [..]`: in the states named, or `states: all` in every state,
//!   `states: active` in every state that is not terminal (a command that
//!   is not a transition and needs no operation: `loop act`, `review
//!   report`, `history`). `progress: false` marks one that only reads.
//!
//! `needs: [backup]`, `needs: [checks]`: offered only where the item has a
//! backup, or the config lists checks (the board's views judge it). Of the
//! steps marked `primary`, [`one_primary`] leaves one per item and role.
//!
//! Every workflow with `run:` also has the state manager's steps
//! (`templates/steps/run.yaml`: `prompt`, `update`, `error`, `backup`,
//! `restore`, `history`), unless it declares a step of the same name. A
//! workflow that declares no `steps:` (a team's kind written as YAML only)
//! has a move along each transition without a trigger
//! (`templates/steps/move.yaml`), so that every kind is offered its moves.
//!
//! `run` is the command after `git orx`, with `{id}`, `{role}` and, for a
//! step per transition, `{to}` and `{trigger}` filled in. `inputs` are the
//! values the command takes; `exclusive` the groups of flags of which at
//! most one (or, `required`, exactly one) is given.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_saphyr::Spanned;

use crate::text::message::Message;

/// What a step's input holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum InputType {
    /// A flag given or not (`--review`).
    Flag,
    /// Any number (`--score 7.5`).
    Number,
    /// A whole number.
    Integer,
    /// A whole number from 0 (an issue count).
    Count,
    /// One text.
    String,
    /// Texts separated by commas (`--complexity a,b`).
    Strings,
    /// A role's name (its `enum`: the roles known).
    Role,
    /// A file's path, from the repository's root.
    Path,
    /// `FIELD=VALUE`: a field (dotted for a nested one) and its value.
    Assignment,
    /// A shell command line.
    Command,
    /// A JSON document, as text.
    Json,
}

impl InputType {
    pub const NAMES: &'static [&'static str] = &[
        "flag",
        "number",
        "integer",
        "count",
        "string",
        "strings",
        "role",
        "path",
        "assignment",
        "command",
        "json",
    ];

    fn parse(s: &str) -> Option<InputType> {
        Some(match s {
            "flag" => InputType::Flag,
            "number" => InputType::Number,
            "integer" => InputType::Integer,
            "count" => InputType::Count,
            "string" => InputType::String,
            "strings" => InputType::Strings,
            "role" => InputType::Role,
            "path" => InputType::Path,
            "assignment" => InputType::Assignment,
            "command" => InputType::Command,
            "json" => InputType::Json,
            _ => return None,
        })
    }

    /// Whether its value is one text (a string in JSON).
    pub fn textual(self) -> bool {
        matches!(
            self,
            InputType::String
                | InputType::Role
                | InputType::Path
                | InputType::Assignment
                | InputType::Command
                | InputType::Json
        )
    }

    fn numeric(self) -> bool {
        matches!(
            self,
            InputType::Number | InputType::Integer | InputType::Count
        )
    }
}

/// One value a step's command takes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Input {
    /// Its name (`score`, `title`).
    pub name: String,
    /// The flag that gives it (`--score`); none for a positional argument,
    /// which follows the command's `run` in the order of `inputs`.
    pub flag: Option<String>,
    #[serde(rename = "type")]
    pub kind: InputType,
    pub required: bool,
    /// The least value (a whole number for a whole-number input).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<serde_json::Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<serde_json::Number>,
    /// The values allowed (for `strings`, each of the list's).
    #[serde(rename = "enum", skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
    /// The value that is best for the item (no issue found, the highest
    /// score), when one is: what a reviewer finding nothing gives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<Value>,
    /// A value that works here, to start from (a commit to review).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub example: Option<Value>,
    pub description: String,
    /// Only for these roles (all when empty).
    #[serde(skip)]
    pub roles: Vec<String>,
}

impl Input {
    fn for_role(&self, role: &str) -> bool {
        self.roles.is_empty() || self.roles.iter().any(|r| r == role)
    }
}

/// Flags of which at most one is given; exactly one when `required`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Exclusive {
    pub flags: Vec<String>,
    pub required: bool,
    /// Only for these roles (all when empty).
    #[serde(skip)]
    pub roles: Vec<String>,
}

/// Flags of which at least one is given (any number of them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct AtLeastOne {
    pub flags: Vec<String>,
    /// Only for these roles (all when empty).
    #[serde(skip)]
    pub roles: Vec<String>,
}

/// Which states and transitions a step is offered for.
#[derive(Clone, Debug, PartialEq)]
pub enum Offered {
    /// Once, when a transition from the state answers this trigger.
    Trigger(String),
    /// Once per transition from the state fired by one of these triggers
    /// (no trigger at all when empty).
    EachTransition(Vec<String>),
    /// When the state allows one of these operations.
    Operations(Vec<String>),
    /// In these states, whatever their transitions.
    States(InStates),
}

/// The states a step offered by state is offered in.
#[derive(Clone, Debug, PartialEq)]
pub enum InStates {
    /// Every state.
    All,
    /// Every state that is not terminal.
    Active,
    /// These states.
    Named(Vec<String>),
}

impl InStates {
    fn holds(&self, state: &super::State) -> bool {
        match self {
            InStates::All => true,
            InStates::Active => !state.terminal,
            InStates::Named(names) => names.contains(&state.name),
        }
    }
}

/// A step: a command that moves an item on.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Its stable ID (`gate`, `move`); an action's ID adds the target state
    /// or trigger for a step per transition (`move:InProgress`).
    pub id: String,
    pub run: Vec<String>,
    pub offered: Offered,
    /// Only for these roles (every role that may act when empty).
    pub roles: Vec<String>,
    /// Whether it is the forward step, not an alternative (for a step per
    /// transition: its actions for the transitions marked `primary`).
    pub primary: bool,
    /// Whether taking it may move the item on (`false`: it only reads).
    pub progress: bool,
    pub description: String,
    pub inputs: Vec<Input>,
    pub exclusive: Vec<Exclusive>,
    pub at_least_one: Vec<AtLeastOne>,
    /// Offered only when the workflow counts errors (`run.errors`):
    /// recording one is refused otherwise (`counts_errors: true`).
    pub counts_errors: bool,
    /// What the repository must hold for it to be offered: it could not
    /// succeed otherwise (`needs: [backup]`, `needs: [checks]`).
    pub needs: Vec<Need>,
    /// A step by trigger offered only in these states (`trigger: NAME`
    /// with `states: [..]`); every state its trigger answers in when
    /// empty.
    pub only_in: Vec<String>,
}

/// Something outside the item's file a step cannot succeed without.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Need {
    /// A backup of the item to go back to (`restore`).
    Backup,
    /// Checks configured to run (the config's `checks:`).
    Checks,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StepDef {
    run: Spanned<Vec<String>>,
    trigger: Option<Spanned<String>>,
    #[serde(default)]
    each_transition: bool,
    #[serde(default)]
    triggers: Vec<Spanned<String>>,
    #[serde(default)]
    operations: Vec<Spanned<String>>,
    states: Option<Spanned<StatesDef>>,
    #[serde(default)]
    roles: Vec<Spanned<String>>,
    #[serde(default)]
    primary: bool,
    progress: Option<bool>,
    #[serde(default)]
    description: String,
    #[serde(default)]
    inputs: Vec<InputDef>,
    #[serde(default)]
    exclusive: Vec<ExclusiveDef>,
    #[serde(default)]
    at_least_one: Vec<ExclusiveDef>,
    #[serde(default)]
    counts_errors: bool,
    #[serde(default)]
    needs: Vec<Need>,
}

/// `states: all`, `states: active` or `states: [NAME, ..]`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum StatesDef {
    Word(String),
    Names(Vec<String>),
}

/// How a kind's items are made (`create:`).
#[derive(Clone, Debug, PartialEq)]
pub enum Create {
    /// By this command (`run` with `{role}`), offered as the `create`
    /// action to the roles that may make an item.
    Step(Box<Step>),
    /// By a step on another kind's items; the text says which (a task is
    /// made by claiming a goal's round).
    By(String),
}

/// `create:` as written: `run` (with `inputs`, `exclusive`, `roles`,
/// `description`) or `by`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CreateDef {
    run: Option<Spanned<Vec<String>>>,
    by: Option<String>,
    #[serde(default)]
    roles: Vec<Spanned<String>>,
    #[serde(default)]
    description: String,
    #[serde(default)]
    inputs: Vec<InputDef>,
    #[serde(default)]
    exclusive: Vec<ExclusiveDef>,
    #[serde(default)]
    at_least_one: Vec<ExclusiveDef>,
}

/// The command that makes an item of a kind kept in a directory whose
/// workflow says nothing (`templates/steps/create.yaml`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefaultCreate {
    create: CreateDef,
}

/// The ID of the creation step, and of its action.
pub const CREATE: &str = "create";

/// Checks and compiles `create:` for the kind `kind`; without one, a
/// kind kept in a directory (`in_dir`) is made by `new` (the default
/// step, `templates/steps/create.yaml`, with `{kind}` filled in).
pub(super) fn compile_create(
    kind: &str,
    def: Option<CreateDef>,
    in_dir: bool,
    known: &Known,
) -> Result<Option<Create>, Fail> {
    let def = match def {
        Some(d) => d,
        None if in_dir => {
            let d: DefaultCreate = own_file(CREATE_FILE).map_err(|m| (None, m))?;
            d.create
        }
        None => return Ok(None),
    };
    let run = match (def.run, def.by) {
        (Some(run), None) => run,
        (None, Some(by)) => return Ok(Some(Create::By(by))),
        (r, _) => {
            return Err((r.as_ref().and_then(pos), crate::msg!("create-run-or-by")));
        }
    };
    let at = pos(&run);
    let words: Vec<String> = run
        .value
        .iter()
        .map(|w| w.replace("{kind}", kind))
        .collect();
    if words.is_empty() {
        return Err((at, crate::msg!("create-run-empty")));
    }
    if let Some(p) = words
        .iter()
        .flat_map(|w| placeholders(w))
        .find(|p| *p != "role")
    {
        return Err((at, crate::msg!("create-run-placeholder", name = p)));
    }
    let roles = check_roles(CREATE, &def.roles, known)?;
    let (inputs, exclusive, at_least_one) = compile_inputs(
        CREATE,
        &words,
        at,
        def.inputs,
        def.exclusive,
        def.at_least_one,
        known,
    )?;
    Ok(Some(Create::Step(Box::new(Step {
        id: CREATE.to_owned(),
        run: words,
        offered: Offered::States(InStates::Named(Vec::new())),
        roles,
        primary: true,
        progress: true,
        description: def.description,
        inputs,
        exclusive,
        at_least_one,
        counts_errors: false,
        needs: Vec::new(),
        only_in: Vec::new(),
    }))))
}

/// The steps every workflow with `run:` has (the state manager's).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Shared {
    steps: super::Ordered<StepDef>,
}

/// The files of steps every workflow may share, by their path under
/// `templates/`: the default creation step, and the state manager's steps
/// (read from their trees, `builtin.rs`; their text is for the tests).
#[cfg(test)]
pub(super) const FILES: &[(&str, &str)] = &[
    (
        CREATE_FILE,
        include_str!("../../templates/steps/create.yaml"),
    ),
    (RUN_FILE, include_str!("../../templates/steps/run.yaml")),
    (MOVE_FILE, include_str!("../../templates/steps/move.yaml")),
];
const CREATE_FILE: &str = "steps/create.yaml";
const RUN_FILE: &str = "steps/run.yaml";
const MOVE_FILE: &str = "steps/move.yaml";

/// One of git-orx's own files of steps, read from its compiled-in tree.
fn own_file<T: Deserialize<'static>>(path: &str) -> Result<T, Message> {
    super::builtin_file(path)
        .ok_or_else(|| "not compiled in".to_owned())
        .and_then(|tree| tree.read().map_err(|e| e.to_string()))
        // The reader's own words, about a file of git-orx's own (a test
        // reads each one).
        .map_err(|text| crate::msg!("path-text", path = format!("templates/{path}"), text))
}

/// The state manager's steps (`templates/steps/run.yaml`), for a workflow
/// with `run:`; `declared` are the names of the workflow's own steps,
/// which replace a shared one of the same name.
pub(super) fn shared_run_steps(declared: &[String]) -> Result<Vec<(String, StepDef)>, Message> {
    let shared: Shared = own_file(RUN_FILE)?;
    Ok(shared
        .steps
        .0
        .into_iter()
        .filter(|(id, _)| !declared.contains(id))
        .collect())
}

/// The steps of a workflow that declares none
/// (`templates/steps/move.yaml`: a move along each transition without a
/// trigger).
pub(super) fn default_steps() -> Result<Vec<(String, StepDef)>, Message> {
    let shared: Shared = own_file(MOVE_FILE)?;
    Ok(shared.steps.0)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct InputDef {
    name: Spanned<String>,
    flag: Option<Spanned<String>>,
    #[serde(rename = "type")]
    kind: Spanned<String>,
    #[serde(default)]
    required: bool,
    min: Option<f64>,
    max: Option<f64>,
    #[serde(default, rename = "enum")]
    choices: Vec<String>,
    best: Option<Value>,
    example: Option<Value>,
    #[serde(default)]
    description: String,
    #[serde(default)]
    roles: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExclusiveDef {
    flags: Spanned<Vec<String>>,
    #[serde(default)]
    required: bool,
    #[serde(default)]
    roles: Vec<Spanned<String>>,
}

/// What the steps are checked against: the workflow's transitions'
/// triggers and events, its operations, a role check.
pub(super) struct Known<'a> {
    pub triggers: Vec<&'a str>,
    pub operations: Vec<&'a str>,
    pub states: Vec<&'a str>,
    pub role: &'a dyn Fn(&str) -> bool,
}

type Fail = (Option<(usize, usize)>, Message);

fn pos<T>(s: &Spanned<T>) -> Option<(usize, usize)> {
    let l = s.referenced;
    (l.line() > 0).then(|| (l.line() as usize, l.column() as usize))
}

fn list(names: &[&str]) -> Message {
    if names.is_empty() {
        crate::msg!("workflow-no-states")
    } else {
        Message::text(names.join(", "))
    }
}

/// Checks and compiles the `steps:` section.
pub(super) fn compile(defs: Vec<(String, StepDef)>, known: &Known) -> Result<Vec<Step>, Fail> {
    let mut steps = Vec::new();
    for (id, d) in defs {
        let at = pos(&d.run);
        let fail = |p: Option<(usize, usize)>, m: Message| {
            Err((
                p.or(at),
                crate::msg!("step-problem", step = &id, problem = m),
            ))
        };
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return fail(at, crate::msg!("step-name"));
        }
        // `trigger` with `states: [..]`: offered for the trigger, only in
        // those states.
        let mut only_in = Vec::new();
        let narrowing = d.trigger.is_some() && !d.each_transition && d.operations.is_empty();
        let offered = if let Some(st) = d.states.as_ref().filter(|_| !narrowing) {
            if d.trigger.is_some() || d.each_transition || !d.operations.is_empty() {
                return fail(at, crate::msg!("step-when-offered"));
            }
            match &st.value {
                StatesDef::Word(w) if w == "all" => Offered::States(InStates::All),
                StatesDef::Word(w) if w == "active" => Offered::States(InStates::Active),
                StatesDef::Names(names) if !names.is_empty() => {
                    if let Some(n) = names.iter().find(|n| !known.states.contains(&n.as_str())) {
                        return fail(
                            pos(st),
                            crate::msg!(
                                "step-states-unknown",
                                name = n,
                                states = list(&known.states)
                            ),
                        );
                    }
                    Offered::States(InStates::Named(names.clone()))
                }
                _ => {
                    return fail(pos(st), crate::msg!("step-states-word"));
                }
            }
        } else {
            if let Some(st) = &d.states {
                match &st.value {
                    StatesDef::Names(names)
                        if !names.is_empty()
                            && names.iter().all(|n| known.states.contains(&n.as_str())) =>
                    {
                        only_in.clone_from(names);
                    }
                    _ => {
                        return fail(
                            pos(st),
                            crate::msg!("step-trigger-states", states = list(&known.states)),
                        );
                    }
                }
            }
            match (&d.trigger, d.each_transition, d.operations.is_empty()) {
                (Some(t), false, true) => {
                    if !known.triggers.contains(&t.value.as_str()) {
                        return fail(
                            pos(t),
                            crate::msg!(
                                "step-trigger-unknown",
                                key = "trigger",
                                trigger = &t.value,
                                known = list(&known.triggers)
                            ),
                        );
                    }
                    Offered::Trigger(t.value.clone())
                }
                (None, true, true) => {
                    for t in &d.triggers {
                        if !known.triggers.contains(&t.value.as_str()) {
                            return fail(
                                pos(t),
                                crate::msg!(
                                    "step-trigger-unknown",
                                    key = "triggers",
                                    trigger = &t.value,
                                    known = list(&known.triggers)
                                ),
                            );
                        }
                    }
                    Offered::EachTransition(d.triggers.iter().map(|t| t.value.clone()).collect())
                }
                (None, false, false) => {
                    for o in &d.operations {
                        if !known.operations.contains(&o.value.as_str()) {
                            return fail(
                                pos(o),
                                crate::msg!(
                                    "step-unknown-operation",
                                    op = &o.value,
                                    known = list(&known.operations)
                                ),
                            );
                        }
                    }
                    Offered::Operations(d.operations.iter().map(|o| o.value.clone()).collect())
                }
                _ => {
                    return fail(at, crate::msg!("step-when-offered"));
                }
            }
        };
        if !d.triggers.is_empty() && !d.each_transition {
            return fail(pos(&d.triggers[0]), crate::msg!("step-triggers-alone"));
        }
        if d.run.value.is_empty() {
            return fail(at, crate::msg!("step-run-empty"));
        }
        for word in &d.run.value {
            for name in placeholders(word) {
                let allowed = match name {
                    "id" | "role" => true,
                    "to" | "trigger" => matches!(offered, Offered::EachTransition(_)),
                    _ => false,
                };
                if !allowed {
                    return fail(at, crate::msg!("step-run-placeholder", name));
                }
            }
        }
        let roles = check_roles(&id, &d.roles, known)?;
        let (inputs, exclusive, at_least_one) = compile_inputs(
            &id,
            &d.run.value,
            at,
            d.inputs,
            d.exclusive,
            d.at_least_one,
            known,
        )?;
        steps.push(Step {
            id,
            run: d.run.value,
            offered,
            roles,
            primary: d.primary,
            progress: d.progress.unwrap_or(true),
            description: d.description,
            inputs,
            exclusive,
            at_least_one,
            counts_errors: d.counts_errors,
            needs: d.needs,
            only_in,
        });
    }
    Ok(steps)
}

/// A step's inputs and their groups, compiled.
type Io = (Vec<Input>, Vec<Exclusive>, Vec<AtLeastOne>);

/// Checks and compiles a step's `inputs`, `exclusive` and `at_least_one`
/// groups.
fn compile_inputs(
    id: &str,
    run: &[String],
    at: Option<(usize, usize)>,
    inputs_def: Vec<InputDef>,
    exclusive_def: Vec<ExclusiveDef>,
    at_least_one_def: Vec<ExclusiveDef>,
    known: &Known,
) -> Result<Io, Fail> {
    let fail = |p: Option<(usize, usize)>, m: Message| {
        Err((
            p.or(at),
            crate::msg!("step-problem", step = id, problem = m),
        ))
    };
    let mut inputs: Vec<Input> = Vec::new();
    for i in inputs_def {
        let Some(kind) = InputType::parse(&i.kind.value) else {
            return fail(
                pos(&i.kind),
                crate::msg!(
                    "input-unknown-type",
                    input = &i.name.value,
                    kind = &i.kind.value,
                    known = InputType::NAMES.join(", ")
                ),
            );
        };
        if i.name.value == STEP
            || run
                .iter()
                .any(|w| placeholders(w).contains(&i.name.value.as_str()))
        {
            return fail(
                pos(&i.name),
                crate::msg!("input-name-taken", input = &i.name.value, step = STEP),
            );
        }
        if inputs.iter().any(|x| x.name == i.name.value) {
            return fail(
                pos(&i.name),
                crate::msg!("input-second", input = &i.name.value),
            );
        }
        if let Some(f) = &i.flag
            && !(f.value.starts_with('-')
                && f.value.len() > 1
                && !f.value.contains(char::is_whitespace))
        {
            return fail(
                pos(f),
                crate::msg!("input-not-a-flag", input = &i.name.value, flag = &f.value),
            );
        }
        if i.flag.is_none() && kind == InputType::Flag {
            return fail(
                pos(&i.kind),
                crate::msg!("input-flag-needed", input = &i.name.value),
            );
        }
        if (i.min.is_some() || i.max.is_some()) && !kind.numeric() {
            return fail(
                pos(&i.kind),
                crate::msg!("input-min-max-numbers", input = &i.name.value),
            );
        }
        if let (Some(lo), Some(hi)) = (i.min, i.max)
            && lo > hi
        {
            return fail(
                pos(&i.name),
                crate::msg!("input-min-above-max", input = &i.name.value, lo, hi),
            );
        }
        if !i.choices.is_empty() && !matches!(kind, InputType::String | InputType::Strings) {
            return fail(
                pos(&i.kind),
                crate::msg!("input-enum-texts", input = &i.name.value),
            );
        }
        if let Some(b) = &i.best
            && !admits(kind, b, i.min, i.max, &i.choices)
        {
            return fail(
                pos(&i.name),
                crate::msg!("input-best", input = &i.name.value, best = b.to_string()),
            );
        }
        let roles = check_roles(id, &i.roles, known)?;
        inputs.push(Input {
            name: i.name.value,
            flag: i.flag.map(|f| f.value),
            kind,
            required: i.required,
            // A count starts at 0 whether or not the file says so.
            min: i
                .min
                .or((kind == InputType::Count).then_some(0.0))
                .and_then(|m| bound(kind, m)),
            max: i.max.and_then(|m| bound(kind, m)),
            choices: i.choices,
            best: i.best,
            example: i.example,
            description: i.description,
            roles,
        });
    }
    // A group: two flags or more, each an input's, for roles known;
    // `required` only where the group may say it (`exclusive`).
    let group = |name: &str,
                 g: ExclusiveDef,
                 may_require: bool|
     -> Result<(Vec<String>, bool, Vec<String>), Fail> {
        let fail = |m: Message| {
            Err((
                pos(&g.flags).or(at),
                crate::msg!("step-problem", step = id, problem = m),
            ))
        };
        if g.flags.value.len() < 2 || (g.required && !may_require) {
            return fail(if may_require {
                crate::msg!("group-two-flags", group = name)
            } else {
                crate::msg!("group-two-flags-no-required", group = name)
            });
        }
        if let Some(f) = g
            .flags
            .value
            .iter()
            .find(|f| !inputs.iter().any(|i| i.flag.as_deref() == Some(f.as_str())))
        {
            return fail(crate::msg!("group-flag-unknown", group = name, flag = f));
        }
        let roles = check_roles(id, &g.roles, known)?;
        Ok((g.flags.value, g.required, roles))
    };
    let mut exclusive = Vec::new();
    for g in exclusive_def {
        let (flags, required, roles) = group("exclusive", g, true)?;
        exclusive.push(Exclusive {
            flags,
            required,
            roles,
        });
    }
    let mut at_least_one = Vec::new();
    for g in at_least_one_def {
        let (flags, _, roles) = group("at_least_one", g, false)?;
        at_least_one.push(AtLeastOne { flags, roles });
    }
    Ok((inputs, exclusive, at_least_one))
}

fn check_roles(id: &str, roles: &[Spanned<String>], known: &Known) -> Result<Vec<String>, Fail> {
    if let Some(r) = roles.iter().find(|r| !(known.role)(&r.value)) {
        return Err((
            pos(r),
            crate::msg!(
                "step-problem",
                step = id,
                problem = crate::msg!("step-unknown-role", role = &r.value)
            ),
        ));
    }
    Ok(roles.iter().map(|r| r.value.clone()).collect())
}

/// The `{name}`s in a word of `run`.
fn placeholders(word: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = word;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        out.push(&rest[i + 1..i + j]);
        rest = &rest[i + j + 1..];
    }
    out
}

/// A bound of an input of type `kind` as JSON: a whole number for a
/// whole-number input.
fn bound(kind: InputType, m: f64) -> Option<serde_json::Number> {
    match kind {
        InputType::Integer | InputType::Count if m.fract() == 0.0 => Some((m as i64).into()),
        _ => serde_json::Number::from_f64(m),
    }
}

impl Input {
    /// The JSON Schema of its value, as the MCP server's input schemas
    /// give it: `roles` are the values of a role.
    pub fn schema(&self, roles: &[String]) -> Value {
        let mut s = serde_json::Map::new();
        let ty = match self.kind {
            InputType::Flag => "boolean",
            InputType::Number => "number",
            InputType::Integer | InputType::Count => "integer",
            InputType::Strings => "array",
            _ => "string",
        };
        s.insert("type".into(), Value::String(ty.into()));
        if let Some(m) = &self.min {
            s.insert("minimum".into(), Value::Number(m.clone()));
        }
        if let Some(m) = &self.max {
            s.insert("maximum".into(), Value::Number(m.clone()));
        }
        let choices: Vec<String> = if self.kind == InputType::Role && self.choices.is_empty() {
            roles.to_vec()
        } else {
            self.choices.clone()
        };
        match self.kind {
            InputType::Strings => {
                let mut items = serde_json::Map::new();
                items.insert("type".into(), Value::String("string".into()));
                if !choices.is_empty() {
                    items.insert("enum".into(), choices.into());
                }
                s.insert("items".into(), Value::Object(items));
            }
            InputType::String | InputType::Role if !choices.is_empty() => {
                s.insert("enum".into(), choices.into());
            }
            InputType::Assignment => {
                s.insert("pattern".into(), Value::String("^[^=]+=".into()));
            }
            InputType::Json => {
                s.insert(
                    "contentMediaType".into(),
                    Value::String("application/json".into()),
                );
            }
            _ => {}
        }
        if let Some(e) = &self.example {
            s.insert("examples".into(), Value::Array(vec![e.clone()]));
        }
        s.insert(
            "description".into(),
            Value::String(self.description.clone()),
        );
        Value::Object(s)
    }
}

/// Whether `v` is a value an input of type `kind` takes.
fn admits(
    kind: InputType,
    v: &Value,
    min: Option<f64>,
    max: Option<f64>,
    choices: &[String],
) -> bool {
    let in_range = |n: f64| min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m);
    let chosen = |s: &str| choices.is_empty() || choices.iter().any(|c| c == s);
    match kind {
        InputType::Flag => v.is_boolean(),
        InputType::Number => v.as_f64().is_some_and(in_range),
        InputType::Integer => v.as_i64().is_some_and(|n| in_range(n as f64)),
        InputType::Count => v.as_u64().is_some_and(|n| in_range(n as f64)),
        InputType::String | InputType::Role => v.as_str().is_some_and(chosen),
        InputType::Path | InputType::Assignment | InputType::Command | InputType::Json => {
            v.is_string()
        }
        InputType::Strings => v
            .as_array()
            .is_some_and(|a| a.iter().all(|x| x.as_str().is_some_and(chosen))),
    }
}

/// `word` with `{id}`, `{role}`, `{to}` and `{trigger}` filled in.
pub fn fill(word: &str, vars: &[(&str, &str)]) -> String {
    let mut out = word.to_owned();
    for (k, v) in vars {
        out = out.replace(&format!("{{{k}}}"), v);
    }
    out
}

/// A command that moves one item on, ready to run: what `next`, `status`
/// and `show` offer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Action {
    /// Its stable ID: the step's name, with the target state or trigger of
    /// a step per transition (`gate`, `move:InProgress`, `fire:USER_CONFIRM`).
    pub action: String,
    /// The item's kind and ID.
    pub kind: String,
    pub item: String,
    /// The role that runs it.
    pub role: String,
    /// The command line, ready to run (inputs go after it).
    pub argv: Vec<String>,
    /// The values it takes.
    pub inputs: std::sync::Arc<[Input]>,
    /// Groups of flags of which at most one (`required`: exactly one) is given.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub exclusive: Vec<Exclusive>,
    /// Groups of flags of which at least one is given.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub at_least_one: Vec<AtLeastOne>,
    /// The forward step (else an alternative): one per item and role, the
    /// first of the steps its workflow marks `primary` that can run now
    /// and moves the item, else that can run, else the first.
    pub primary: bool,
    /// Whether it can change the item's state; false for a move to the
    /// state it is in.
    pub progress: bool,
    /// The state it moves to, when that is known before it runs.
    pub to: Option<String>,
    pub description: String,
    /// The same command as one call by name with named arguments (the
    /// MCP server's tool): the inputs go in `arguments` under their names.
    pub call: Call,
    /// Whether its move can be taken now, where the item was judged for it
    /// (`next`, `status` and `show` judge every step that moves the item).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub ready: Option<bool>,
    /// What stands in its way when it is not ready: the conditions that do
    /// not hold, or the rule that refuses it.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub unmet: Vec<String>,
    /// The rule that refuses its move when it is not ready, as the move
    /// itself (`move --dry-run`) is refused.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub refused: Option<StepRefused>,
}

/// The rule that refuses a step's move, as data: the rule
/// (`waits-for-item`, `no-evidence`, `unmet-precondition`, ...) and the
/// code the move itself is refused with (`refused.waits`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct StepRefused {
    pub rule: String,
    pub code: String,
}

/// A step's command as a call: the tool that runs any action (`act`),
/// the step it runs (`step`: named for the kind and the step,
/// [`Step::tool`]) and the arguments that fill its `run` (`id`, `role`,
/// and `to` or `trigger` for a step per transition).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Call {
    pub tool: String,
    pub arguments: serde_json::Map<String, Value>,
}

/// The tool every action's [`Call`] names: it runs the step its `step`
/// argument names.
pub const ACT: &str = "act";

/// The argument of a [`Call`] naming the step it runs.
pub const STEP: &str = "step";

/// The placeholders a step's `run` may hold, in the order they are named.
pub const PLACEHOLDERS: &[&str] = &["id", "role", "to", "trigger"];

impl Step {
    /// The name of the tool that runs this step of `kind`'s workflow:
    /// `story_gate`, `agent_task-add` (characters a tool name may not
    /// hold become `_`).
    pub fn tool(&self, kind: &str) -> String {
        format!("{kind}_{}", self.id)
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    }

    /// The placeholders its `run` uses (of [`PLACEHOLDERS`]).
    pub fn placeholders(&self) -> Vec<&'static str> {
        PLACEHOLDERS
            .iter()
            .copied()
            .filter(|p| self.run.iter().any(|w| w.contains(&format!("{{{p}}}"))))
            .collect()
    }
}

impl Action {
    /// The command line as text: `git orx story gate 1.1 --as qa --critical
    /// N [options]`, with the required inputs.
    pub fn command_line(&self) -> String {
        let mut words: Vec<String> = self.argv.iter().map(|w| quote(w)).collect();
        let mut optional = false;
        for i in self.inputs.iter() {
            if !i.required {
                optional = true;
                continue;
            }
            let value = match i.kind {
                InputType::Flag => None,
                InputType::Number | InputType::Integer | InputType::Count => Some("N".to_owned()),
                _ => Some(i.name.to_ascii_uppercase()),
            };
            match (&i.flag, value) {
                (Some(f), Some(v)) => words.push(format!("{f} {v}")),
                (Some(f), None) => words.push(f.clone()),
                (None, Some(v)) => words.push(v),
                (None, None) => {}
            }
        }
        for g in self.exclusive.iter().filter(|g| g.required) {
            words.push(g.flags.join("|"));
        }
        for g in &self.at_least_one {
            words.push(format!("{}...", g.flags.join("|")));
        }
        if optional {
            words.push("[options]".to_owned());
        }
        words.join(" ")
    }
}

/// Leaves one forward step among `steps` (one role's, for one item): of
/// the steps the workflow marks `primary` and that are not known to be
/// unready, the first that moves the item to another state it names, else
/// the first of them; when every one is unready, the first (its `unmet`
/// says what stands in its way: an input it takes may answer it). Every
/// other step is an alternative; none is the forward step only when the
/// workflow marks none.
pub fn one_primary(steps: &mut [Action]) {
    let candidate = |a: &Action| a.primary && a.ready != Some(false);
    let chosen = steps
        .iter()
        .position(|a| candidate(a) && a.progress && a.to.is_some())
        .or_else(|| steps.iter().position(candidate))
        .or_else(|| steps.iter().position(|a| a.primary));
    for (i, a) in steps.iter_mut().enumerate() {
        a.primary = Some(i) == chosen;
    }
}

/// `word`, quoted for a shell when it needs it.
fn quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@,+".contains(c))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

impl super::Workflow {
    /// What the step `action` was made from needs of the repository (its
    /// `needs:`).
    pub fn needs_of(&self, action: &Action) -> &[Need] {
        let step = action.action.split(':').next().unwrap_or_default();
        self.steps
            .iter()
            .find(|s| s.id == step)
            .map_or(&[], |s| s.needs.as_slice())
    }

    /// The actions its steps offer `role` for item `id` (its frontmatter
    /// `item`) in state `status`, in the order of `steps:`, at most one of
    /// them the forward step ([`one_primary`]).
    pub fn actions(&self, id: &str, status: &str, item: &Value, role: &str) -> Vec<Action> {
        let mut out = self.offered(id, status, item, role);
        one_primary(&mut out);
        out
    }

    /// Whether `action` runs a step offered by a trigger (`trigger:`): the
    /// kind's own command answering it, which records what its move needs
    /// before it moves (the commit a task's `merge` shows as evidence). A
    /// step per transition (`move`) takes the move as the item stands.
    pub fn answers_trigger(&self, action: &Action) -> bool {
        self.steps
            .iter()
            .any(|s| s.id == action.action && matches!(s.offered, Offered::Trigger(_)))
    }

    /// [`Self::actions`] before one forward step is chosen: every step the
    /// workflow marks `primary` still is, for a caller that judges the
    /// steps' readiness first and then calls [`one_primary`].
    pub fn offered(&self, id: &str, status: &str, item: &Value, role: &str) -> Vec<Action> {
        let Some(state) = self.state(status) else {
            return Vec::new();
        };
        let from = self.transitions_from(status);
        let may = |t: &super::Transition| self.roles_of(t, item).iter().any(|r| r == role);
        let mut out = Vec::new();
        for step in &self.steps {
            if !step.roles.is_empty() && !step.roles.iter().any(|r| r == role) {
                continue;
            }
            if !step.only_in.is_empty() && !step.only_in.contains(&state.name) {
                continue;
            }
            let (inputs, exclusive, at_least_one) = self.inputs_for(step, role);
            let make = |suffix: Option<&str>,
                        to: Option<&str>,
                        trigger: Option<&str>,
                        primary: bool,
                        progress: bool| {
                let vars = [
                    ("id", id),
                    ("role", role),
                    ("to", to.unwrap_or("")),
                    ("trigger", trigger.unwrap_or("")),
                ];
                let mut argv = vec!["git".to_owned(), "orx".to_owned()];
                argv.extend(step.run.iter().map(|w| fill(w, &vars)));
                let mut arguments = serde_json::Map::new();
                arguments.insert(STEP.to_owned(), Value::String(step.tool(&self.name)));
                arguments.extend(
                    step.placeholders()
                        .into_iter()
                        .filter_map(|p| vars.iter().find(|(k, _)| *k == p))
                        .map(|(k, v)| ((*k).to_owned(), Value::String((*v).to_owned()))),
                );
                Action {
                    action: match suffix {
                        Some(s) => format!("{}:{s}", step.id),
                        None => step.id.clone(),
                    },
                    kind: self.name.clone(),
                    item: id.to_owned(),
                    role: role.to_owned(),
                    argv,
                    inputs: inputs.clone(),
                    exclusive: exclusive.clone(),
                    at_least_one: at_least_one.clone(),
                    primary,
                    progress,
                    to: to.map(str::to_owned),
                    description: step.description.clone(),
                    call: Call {
                        tool: ACT.to_owned(),
                        arguments,
                    },
                    ready: None,
                    unmet: Vec::new(),
                    refused: None,
                }
            };
            match &step.offered {
                Offered::Trigger(name) => {
                    let answering: Vec<_> =
                        from.iter().filter(|t| t.answers(name) && may(t)).collect();
                    if !answering.is_empty() {
                        // One target: known before it runs.
                        let to = answering
                            .iter()
                            .all(|t| t.to == answering[0].to)
                            .then(|| answering[0].to.as_str());
                        let progress = answering.iter().any(|t| t.to != t.from);
                        out.push(make(None, to, Some(name), step.primary, progress));
                    }
                }
                Offered::EachTransition(triggers) => {
                    for t in from.iter().filter(|t| may(t)) {
                        let fits = match &t.trigger {
                            None => triggers.is_empty(),
                            Some(tr) => triggers.iter().any(|x| x == tr),
                        };
                        if !fits {
                            continue;
                        }
                        let suffix = t
                            .trigger
                            .as_deref()
                            .filter(|_| !triggers.is_empty())
                            .unwrap_or(&t.to);
                        let primary = step.primary && t.primary;
                        out.push(make(
                            Some(suffix),
                            Some(&t.to),
                            t.trigger.as_deref(),
                            primary,
                            t.from != t.to,
                        ));
                    }
                }
                Offered::Operations(ops) => {
                    // The roles of the transitions that carry one of the
                    // operations, when some do: the others would be refused.
                    let carriers: Vec<&super::Transition> = self
                        .transitions
                        .iter()
                        .filter(|t| t.operation.as_ref().is_some_and(|o| ops.contains(o)))
                        .collect();
                    let allowed = carriers.is_empty() || carriers.iter().any(|t| may(t));
                    if allowed && state.operations.iter().any(|o| ops.contains(o)) {
                        out.push(make(None, None, None, step.primary, step.progress));
                    }
                }
                Offered::States(states) => {
                    if states.holds(state) {
                        out.push(make(None, None, None, step.primary, step.progress));
                    }
                }
            }
        }
        if let Some(action) = self.run_action(id, state, item, role) {
            out.push(action);
        }
        out
    }

    /// The inputs of `step` that `role` gives, typed, and the groups of
    /// them that concern it.
    fn inputs_for(
        &self,
        step: &Step,
        role: &str,
    ) -> (std::sync::Arc<[Input]>, Vec<Exclusive>, Vec<AtLeastOne>) {
        let concerns = |roles: &[String]| roles.is_empty() || roles.iter().any(|r| r == role);
        (
            step.inputs
                .iter()
                .filter(|i| i.for_role(role))
                .map(|i| self.typed(i))
                .collect(),
            step.exclusive
                .iter()
                .filter(|g| concerns(&g.roles))
                .cloned()
                .collect(),
            step.at_least_one
                .iter()
                .filter(|g| concerns(&g.roles))
                .cloned()
                .collect(),
        )
    }

    /// `input` as an action gives it: a role's values are the roles known.
    fn typed(&self, input: &Input) -> Input {
        let mut i = input.clone();
        if i.kind == InputType::Role && i.choices.is_empty() {
            i.choices.clone_from(&self.roles);
        }
        i
    }

    /// The roles that may make an item: the initial state's owner when it
    /// is one role, the Human, and the workflow's `creators`.
    pub fn creation_roles(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .state(&self.initial)
            .and_then(|s| s.owner.clone())
            .filter(|o| !o.starts_with('@'))
            .into_iter()
            .collect();
        for r in std::iter::once(crate::workflow::role::HUMAN)
            .chain(self.creators.iter().map(String::as_str))
        {
            if !out.iter().any(|x| x == r) {
                out.push(r.to_owned());
            }
        }
        out
    }

    /// The action that makes an item of this kind as `role`, when the
    /// kind is made by a command and `role` may make one.
    pub fn create_action(&self, role: &str) -> Option<Action> {
        let Some(Create::Step(step)) = &self.create else {
            return None;
        };
        let allowed = if step.roles.is_empty() {
            self.creation_roles()
        } else {
            step.roles.clone()
        };
        if !allowed.iter().any(|r| r == role) {
            return None;
        }
        let (inputs, exclusive, at_least_one) = self.inputs_for(step, role);
        let mut argv = vec!["git".to_owned(), "orx".to_owned()];
        argv.extend(step.run.iter().map(|w| fill(w, &[("role", role)])));
        let mut arguments = serde_json::Map::new();
        arguments.insert(STEP.to_owned(), Value::String(step.tool(&self.name)));
        if step.placeholders().contains(&"role") {
            arguments.insert("role".to_owned(), Value::String(role.to_owned()));
        }
        Some(Action {
            action: CREATE.to_owned(),
            kind: self.name.clone(),
            item: String::new(),
            role: role.to_owned(),
            argv,
            inputs,
            exclusive,
            at_least_one,
            primary: true,
            progress: true,
            to: Some(self.initial.clone()),
            description: if step.description.is_empty() {
                format!("makes a {} in its first state, {}", self.name, self.initial)
            } else {
                step.description.clone()
            },
            call: Call {
                tool: ACT.to_owned(),
                arguments,
            },
            ready: None,
            unmet: Vec::new(),
            refused: None,
        })
    }

    /// A workflow with `run:` offers the role its items wait for `git orx
    /// run` (`run`, or `run:NEXT` when the item's fields are given and
    /// choose the next action).
    fn run_action(
        &self,
        id: &str,
        state: &super::State,
        item: &Value,
        role: &str,
    ) -> Option<Action> {
        let run = self.run.as_ref()?;
        if state.terminal || self.owner_of(state, item).as_deref() != Some(role) {
            return None;
        }
        let next = (!item.is_null())
            .then(|| run.select(&self.scope(item.clone(), role, "")).ok())
            .flatten();
        if next
            .as_ref()
            .is_some_and(|n| run.action(&n.action).is_none_or(|a| a.stop))
        {
            return None;
        }
        Some(Action {
            action: match &next {
                Some(n) => format!("run:{}", n.action),
                None => "run".to_owned(),
            },
            kind: self.name.clone(),
            item: id.to_owned(),
            role: role.to_owned(),
            argv: ["git", "orx", "run", id, "--as", role]
                .iter()
                .map(|w| (*w).to_owned())
                .collect(),
            inputs: [Input {
                name: "exec".to_owned(),
                flag: Some("--exec".to_owned()),
                kind: InputType::Command,
                required: true,
                min: None,
                max: None,
                choices: Vec::new(),
                best: None,
                example: None,
                description: "the executor: a shell command that reads each action's prompt (`git orx prompt ID`) and prints {\"stateUpdates\": {...}}".to_owned(),
                roles: Vec::new(),
            }].into(),
            exclusive: Vec::new(),
            at_least_one: Vec::new(),
            primary: true,
            progress: true,
            to: None,
            description: "takes the item's next actions with an executor until it is done".to_owned(),
            call: Call {
                tool: ACT.to_owned(),
                arguments: [(STEP, "run"), ("id", id), ("role", role)]
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), Value::String((*v).to_owned())))
                    .collect(),
            },
            ready: None,
            unmet: Vec::new(),
            refused: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared steps read from their trees are what their YAML reads
    /// as, every value with the same place.
    #[test]
    fn the_shared_steps_read_from_their_trees_are_their_yaml() {
        let yaml = |path: &str| FILES.iter().find(|(p, _)| *p == path).unwrap().1;
        let run: Shared = serde_saphyr::from_str(yaml(RUN_FILE)).unwrap();
        let tree: Shared = own_file(RUN_FILE).unwrap();
        super::super::tree::assert_same_reading(
            RUN_FILE,
            &format!("{run:?}"),
            &format!("{tree:?}"),
        );
        let create: DefaultCreate = serde_saphyr::from_str(yaml(CREATE_FILE)).unwrap();
        let tree: DefaultCreate = own_file(CREATE_FILE).unwrap();
        super::super::tree::assert_same_reading(
            CREATE_FILE,
            &format!("{create:?}"),
            &format!("{tree:?}"),
        );
    }
}
