//! Workflows: state machines declared as data.
//!
//! A workflow file (YAML) names its states (owner role, terminal, handoff
//! messages), its transitions (from, to, roles, trigger, guard conditions,
//! effects, handoff) and its initial state. The built-in ones live in
//! `templates/workflows/` and are compiled into the binary; a repository may
//! override one with `.orx/workflows/<name>.yaml`. An override is laid over
//! the built-in: `params` and `defaults` merge key by key, and any other
//! section it gives (`states`, `transitions`, ...) replaces the built-in one.
//! Loading checks everything (states, roles, expressions, params) so a bad
//! file is refused whole, never half-applied.

pub mod body;
pub mod cost;
pub mod expr;
pub mod items;
pub mod role;
pub mod run;
pub mod steps;

use std::collections::HashSet;
use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::Value;
use serde_saphyr::Spanned;

use crate::workflow::role::Roles;
pub use expr::{Expr, Scope, Template};

/// What a transition may do besides changing the state (`actions:`): make
/// a checkpoint (its name recorded in the workflow's `checkpoint_field`), roll the
/// work tree back to the item's last one, or archive the session (its
/// summary written into the item's body before the effects clear it).
pub const ACTIONS: &[&str] = &["checkpoint", "rollback", "archive"];

/// The built-in workflows, by name.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "story",
        include_str!("../../templates/workflows/story.yaml"),
    ),
    (
        "agent",
        include_str!("../../templates/workflows/agent.yaml"),
    ),
    ("loop", include_str!("../../templates/workflows/loop.yaml")),
    ("goal", include_str!("../../templates/workflows/goal.yaml")),
    ("task", include_str!("../../templates/workflows/task.yaml")),
    (
        "comment",
        include_str!("../../templates/workflows/comment.yaml"),
    ),
    (
        "codereview",
        include_str!("../../templates/workflows/codereview.yaml"),
    ),
];

/// The built-in kinds whose files carry no `kind` and `id` of their own
/// (`items.id_field`): each with where its items live and the field that
/// holds their ID, read once.
fn id_field_table() -> &'static [(&'static str, items::Items, &'static str)] {
    static KINDS: std::sync::OnceLock<Vec<(&'static str, items::Items, &'static str)>> =
        std::sync::OnceLock::new();
    KINDS.get_or_init(|| {
        BUILTIN
            .iter()
            .filter_map(|(name, src)| {
                let items = items::Items::of_source(src)?;
                let field: &'static str = Box::leak(items.id_field.clone()?.into_boxed_str());
                Some((*name, items, field))
            })
            .collect()
    })
}

/// The built-in kind whose files at `path` carry no `kind` and `id` of
/// their own (`items.id_field`), with the field that holds their ID.
pub fn id_field_at(path: &str) -> Option<(&'static str, &'static str)> {
    id_field_table()
        .iter()
        .find(|(_, items, _)| items.holds(path))
        .map(|(name, _, field)| (*name, *field))
}

/// The built-in kinds whose files carry no `kind` and `id` of their own,
/// each with the field that holds their ID.
pub fn id_field_kinds() -> impl Iterator<Item = (&'static str, &'static str)> {
    id_field_table()
        .iter()
        .map(|(name, _, field)| (*name, *field))
}

/// The YAML of a built-in workflow.
pub fn builtin_source(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}

#[derive(Debug)]
pub struct Workflow {
    pub name: String,
    pub description: String,
    pub initial: String,
    /// The frontmatter key that holds the state (`status`; the agent
    /// context's is `task_status`).
    pub state_field: String,
    /// What the operations states allow mean.
    pub operations: Vec<(String, String)>,
    /// The roles known when it was loaded.
    pub roles: Vec<String>,
    pub params: Value,
    pub defaults: Value,
    pub states: Vec<State>,
    pub transitions: Vec<Transition>,
    /// Fields only effects may change (`rounds`, `revision.baseline`).
    pub protected: Vec<Vec<String>>,
    /// Top-level text fields set when the item is made and never changed
    /// after, besides `kind` and `id` (`acts_as`).
    pub identity: Vec<String>,
    /// Roles besides the initial state's owner (and the Human) who may
    /// create an item (`creators:`): the lead makes a task for a role.
    pub creators: Vec<String>,
    /// The top-level field where the `checkpoint` action records the
    /// checkpoint's name, and where `rollback` finds the one to return to
    /// (`checkpoint_field:`; needed by a workflow with those actions).
    pub checkpoint_field: Option<String>,
    /// Findings written once per round by the roles that own them.
    pub records: Vec<Record>,
    /// The types of the fields the rules read, by path.
    pub fields: Vec<(Vec<String>, FieldType)>,
    /// Conditions every version of an item must meet, whatever the change
    /// (`invariants:`), each with the field it is about (`at:`) for the
    /// position of a message.
    pub invariants: Vec<Invariant>,
    /// Commit trailers stamped from the item's fields.
    pub trailers: Vec<TrailerSpec>,
    /// Where the measurement of the item's body against its template's
    /// checklist is recorded, if the workflow uses one.
    pub measure: Option<Measure>,
    /// Where its items live and how they are named and made.
    pub items: items::Items,
    /// The commands that move its items on (`steps:`), offered as actions.
    pub steps: Vec<steps::Step>,
    /// What the item's body says of its state (`body:`), when it says it.
    pub body: Option<body::Body>,
    /// How `git orx run` drives its items (`run:`), if it does.
    pub run: Option<run::Run>,
    /// `built-in` or the override file's path.
    pub origin: String,
}

#[derive(Debug)]
pub struct State {
    pub name: String,
    /// The role that acts next; `@field` names the item field that holds it.
    pub owner: Option<String>,
    pub terminal: bool,
    pub description: String,
    pub handoff: Vec<Message>,
    /// The operations allowed in this state.
    pub operations: Vec<String>,
    /// Conditions every edit that keeps this state must meet.
    pub edit_guard: Vec<Condition>,
}

#[derive(Debug)]
pub struct Transition {
    pub from: String,
    pub to: String,
    /// Who may take it; `@field` names the item field that holds a role.
    pub roles: Vec<String>,
    /// The name it is fired by (`USER_CONFIRM`), or the command whose
    /// outcome it is (`assess`, `gate`).
    pub trigger: Option<String>,
    /// Events whose outcome it may be (`check-failed`), besides `trigger`.
    pub events: Vec<String>,
    /// The operation it is, which its source state must allow.
    pub operation: Option<String>,
    /// The command whose outcome it is (`agent check`): its trigger is
    /// not fired by hand.
    pub outcome: Option<String>,
    /// What happens with it besides the change of state: `checkpoint`,
    /// `rollback`.
    pub actions: Vec<String>,
    /// The field the note (`-m`) is recorded in; the note is then required.
    pub note_field: Option<Vec<String>>,
    /// The forward step from its state (`primary: true`): the action a step
    /// per transition offers for it is primary, the others alternatives.
    pub primary: bool,
    pub description: String,
    pub guard: Vec<Condition>,
    pub handoff: Vec<Message>,
    pub effects: Vec<Effect>,
    /// The commit the transition must be shown by (`evidence:`), if any.
    pub evidence: Option<Evidence>,
    /// The items it waits for (`waits:`), if any.
    pub waits: Option<Waits>,
}

/// A transition taken only once other items of the same kind are far
/// enough: `field` lists their IDs, and each must be in one of the states
/// `until` in the tree the change makes. The hooks, `verify` and the
/// commands check it; the Human may override it.
#[derive(Debug)]
pub struct Waits {
    pub field: String,
    pub until: Vec<String>,
}

/// A transition taken only on the evidence of a commit: `field` names a
/// commit of the history the change is made on which carries the trailer
/// `trailer: ID` (the item's ID), or, with `merge_names`, a merge commit
/// whose message names the value of that field of the item (its branch).
/// The hooks and `verify` check it; the Human may override it.
#[derive(Debug)]
pub struct Evidence {
    pub field: Vec<String>,
    pub trailer: String,
    pub merge_names: Option<String>,
}

/// One precondition: an expression that must be true, and what it means.
#[derive(Debug)]
pub struct Condition {
    pub expr: Expr,
    /// What it means; may show values, e.g. `at least {params.score_approve}`.
    pub desc: Template,
}

/// A condition every version of an item meets, and the field it is about.
#[derive(Debug)]
pub struct Invariant {
    pub condition: Condition,
    pub at: Vec<String>,
}

/// `path: expression`, evaluated on the item before the change.
#[derive(Debug)]
pub struct Effect {
    pub path: Vec<String>,
    pub expr: Expr,
}

/// A record (`review.qa`, say): a mapping with a `round` field, written by
/// one of `roles` for the current round (the value of `round`), once.
#[derive(Debug)]
pub struct Record {
    pub path: Vec<String>,
    pub round: Expr,
    pub roles: Vec<String>,
    /// What a record must say to be consistent (its total is the sum of
    /// its counts, say), checked when it is written.
    pub check: Vec<Condition>,
    /// Fields of the record computed when it is written (`total`, from
    /// the counts), in order, each at its full path.
    pub derive: Vec<Effect>,
    /// The field of the record that says whether the round passed (the
    /// guard of the first `trigger: gate` transition held), if any.
    pub verdict: Option<Vec<String>>,
}

/// A commit trailer stamped from fields: on every change of one of them,
/// or (`always`) whenever one is set.
#[derive(Debug)]
pub struct TrailerSpec {
    pub key: String,
    pub fields: Vec<Vec<String>>,
    pub always: bool,
}

/// The type a field must have when it is set (null is always allowed: not
/// set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FieldType {
    /// Any number.
    Number,
    /// A whole number from 0 to 1,000,000 (a counter).
    Count,
    String,
    Boolean,
    /// A list of strings.
    Strings,
    /// Any list.
    List,
    Mapping,
}

impl FieldType {
    /// Whether `v` has this type.
    pub fn admits(self, v: &Value) -> bool {
        match self {
            FieldType::Number => v.is_number(),
            FieldType::Count => v.as_u64().is_some_and(|n| n <= 1_000_000),
            FieldType::String => v.is_string(),
            FieldType::Boolean => v.is_boolean(),
            FieldType::Strings => v.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
            FieldType::List => v.is_array(),
            FieldType::Mapping => v.is_object(),
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            FieldType::Number => "a number",
            FieldType::Count => "a whole number from 0 to 1000000",
            FieldType::String => "text",
            FieldType::Boolean => "true or false",
            FieldType::Strings => "a list of texts",
            FieldType::List => "a list",
            FieldType::Mapping => "a mapping",
        }
    }
}

/// The fields where the template checklist's measurement is recorded, and
/// the field that holds the reason when the recorded values override it.
#[derive(Debug)]
pub struct Measure {
    pub structure: Vec<String>,
    pub extraction: Vec<String>,
    pub reason: Vec<String>,
    /// Where the task checkboxes of the template's tasks section are
    /// recorded, if the workflow measures them.
    pub tasks: Option<TaskFields>,
}

/// The fields a move whose guard reads them records the task checkboxes
/// in: how many are ticked, the text of each open one, and the reason
/// given for leaving them open.
#[derive(Debug)]
pub struct TaskFields {
    pub done: Vec<String>,
    pub open: Vec<String>,
    pub reason: Vec<String>,
}

impl TaskFields {
    /// Whether `t`'s guard reads the recorded tasks.
    pub fn read_by(&self, t: &Transition) -> bool {
        t.guard.iter().any(|c| {
            c.expr.paths().iter().any(|used| {
                [&self.done, &self.open]
                    .iter()
                    .any(|p| *used == p.join("."))
            })
        })
    }
}

/// A handoff message, shown when `when` holds (or always without one).
#[derive(Debug)]
pub struct Message {
    pub when: Option<Expr>,
    /// Who the next step is for, when not the state's owner.
    pub role: Option<String>,
    pub en: Template,
    pub zh: Option<Template>,
    /// The agent's own command for the step (`*review {id}`).
    pub persona: Option<Template>,
}

/// A workflow file that could not be used, with its position when known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid workflow {origin}{}: {message}", pos.map(|(l, c)| format!(":{l}:{c}")).unwrap_or_default())]
pub struct WorkflowError {
    pub origin: String,
    pub pos: Option<(usize, usize)>,
    pub message: String,
}

impl Workflow {
    pub fn state(&self, name: &str) -> Option<&State> {
        self.states.iter().find(|s| s.name == name)
    }

    pub fn transition(&self, from: &str, to: &str) -> Option<&Transition> {
        self.transitions
            .iter()
            .find(|t| t.from == from && t.to == to)
    }

    /// The transitions leaving `from`, in file order.
    pub fn transitions_from(&self, from: &str) -> Vec<&Transition> {
        self.transitions.iter().filter(|t| t.from == from).collect()
    }

    /// The role that acts next in `state` for `item`: the state's owner,
    /// or the role the item names when the owner is `@field`.
    pub fn owner_of(&self, state: &State, item: &Value) -> Option<String> {
        state.owner.as_deref().and_then(|o| self.resolve(o, item))
    }

    /// The roles that may take `t` for `item` (`@field` resolved).
    pub fn roles_of(&self, t: &Transition, item: &Value) -> Vec<String> {
        let mut out: Vec<String> = t
            .roles
            .iter()
            .filter_map(|r| self.resolve(r, item))
            .collect();
        let mut seen = HashSet::new();
        out.retain(|r| seen.insert(r.clone()));
        out
    }

    /// `role`, or the role `item` (else the defaults) names in `@field`.
    fn resolve(&self, role: &str, item: &Value) -> Option<String> {
        resolve_role(role, item).or_else(|| {
            role.starts_with('@')
                .then(|| resolve_role(role, &self.defaults))
                .flatten()
        })
    }

    /// The transitions from `from` that `name` fires or that are outcomes
    /// of event `name`, in file order.
    pub fn fired_by(&self, from: &str, name: &str) -> Vec<&Transition> {
        self.transitions
            .iter()
            .filter(|t| t.from == from && t.answers(name))
            .collect()
    }

    pub fn state_names(&self) -> Vec<&str> {
        self.states.iter().map(|s| s.name.as_str()).collect()
    }

    /// The built-in workflow `name`, with the repository's override laid over
    /// it when `override_src` is given.
    pub fn load(
        name: &str,
        override_src: Option<(&str, &str)>,
        roles: &Roles,
    ) -> Result<Workflow, WorkflowError> {
        let builtin = builtin_source(name);
        let base: Option<FileDef> = match builtin {
            Some(src) => Some(parse_def(src, "built-in")?),
            None => None,
        };
        let (def, origin) = match (base, override_src) {
            (Some(base), None) => (base, "built-in".to_owned()),
            (base, Some((src, origin))) => (merge_override(base, src, origin)?, origin.to_owned()),
            (None, None) => {
                return Err(WorkflowError {
                    origin: name.to_owned(),
                    pos: None,
                    message: format!("there is no workflow `{name}`"),
                });
            }
        };
        let deferred = override_src.is_none();
        compile(name, def, origin, roles, deferred)
    }

    /// The scope expressions see for `item` (a frontmatter as written).
    pub fn scope(&self, item: Value, role: &str, now: &str) -> Scope<'_> {
        Scope::new(item, &self.defaults, &self.params, Value::Null, role, now)
    }

    /// Picks the handoff message for an item in `state`: the transition's own
    /// when it has one, else the state's; the first whose `when` holds.
    pub fn handoff(
        &self,
        state: &str,
        transition: Option<&Transition>,
        scope: &Scope,
        lang: &str,
    ) -> Option<Handoff> {
        let own = transition.map(|t| &t.handoff).filter(|h| !h.is_empty());
        let messages = own.or_else(|| self.state(state).map(|s| &s.handoff))?;
        let m = messages.iter().find(|m| {
            m.when
                .as_ref()
                .is_none_or(|w| w.eval_bool(scope).unwrap_or(false))
        })?;
        let template = match lang {
            "zh" => m.zh.as_ref().unwrap_or(&m.en),
            _ => &m.en,
        };
        Some(Handoff {
            text: template.render(scope),
            role: m.role.clone(),
            persona: m.persona.as_ref().map(|p| p.render(scope)),
        })
    }
}

/// `role`, or for `@field`, the role `item` holds in that field.
fn resolve_role(role: &str, item: &Value) -> Option<String> {
    match role.strip_prefix('@') {
        None => Some(role.to_owned()),
        Some(field) => field
            .split('.')
            .try_fold(item, |v, k| v.get(k))
            .and_then(Value::as_str)
            .map(str::to_owned),
    }
}

impl Transition {
    /// Whether it is fired by `name` or an outcome of event `name`.
    pub fn answers(&self, name: &str) -> bool {
        self.trigger.as_deref() == Some(name) || self.events.iter().any(|e| e == name)
    }
}

/// The state field of the built-in workflow `kind` (`status` for any
/// other): read from the file's top-level `state_field:` line, since items
/// are read before their workflow is loaded.
pub fn state_field(kind: &str) -> &'static str {
    static FIELDS: std::sync::OnceLock<Vec<(&'static str, &'static str)>> =
        std::sync::OnceLock::new();
    let fields = FIELDS.get_or_init(|| {
        BUILTIN
            .iter()
            .filter_map(|(name, src)| {
                src.lines()
                    .find_map(|l| l.strip_prefix("state_field:"))
                    .map(|v| (*name, v.split('#').next().unwrap_or(v).trim()))
            })
            .collect()
    });
    fields
        .iter()
        .find(|(name, _)| *name == kind)
        .map_or("status", |(_, f)| f)
}

/// A rendered handoff message, and who it is for when not the state's owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handoff {
    pub text: String,
    pub role: Option<String>,
    /// The same step as the agent's own command (`*review 1.2`), when the
    /// message names one.
    pub persona: Option<String>,
}

impl Handoff {
    /// The message, followed by the agent's own command when `persona`
    /// (the config's `persona_commands`) and the message names one.
    pub fn full(self, persona: bool) -> String {
        match self.persona.filter(|_| persona) {
            Some(p) => format!("{} (agent: `{p}`)", self.text),
            None => self.text,
        }
    }
}

// ---- the file format -------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDef {
    workflow: Option<String>,
    #[serde(default)]
    description: String,
    initial: Option<Spanned<String>>,
    state_field: Option<String>,
    operations: Option<Ordered<String>>,
    #[serde(default)]
    params: Value,
    #[serde(default)]
    defaults: Value,
    states: Option<Ordered<StateDef>>,
    transitions: Option<Vec<TransitionDef>>,
    protected: Option<Vec<String>>,
    identity: Option<Vec<String>>,
    creators: Option<Vec<String>>,
    checkpoint_field: Option<String>,
    records: Option<Ordered<RecordDef>>,
    measure: Option<MeasureDef>,
    fields: Option<Ordered<FieldType>>,
    invariants: Option<Vec<InvariantDef>>,
    trailers: Option<Ordered<TrailerDef>>,
    items: Option<items::ItemsDef>,
    steps: Option<Ordered<steps::StepDef>>,
    body: Option<body::Body>,
    run: Option<run::RunDef>,
    /// Set when an override keeps the built-in steps but replaces the
    /// states or transitions they name: steps that no longer fit are left
    /// out rather than refused.
    #[serde(skip)]
    builtin_steps: bool,
    /// Set when an override keeps the built-in transitions.
    #[serde(skip)]
    builtin_transitions: bool,
    /// Set when an override keeps the built-in `initial`.
    #[serde(skip)]
    builtin_initial: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateDef {
    owner: Option<Spanned<String>>,
    #[serde(default)]
    terminal: bool,
    #[serde(default)]
    description: String,
    #[serde(default)]
    handoff: Vec<MessageDef>,
    #[serde(default)]
    operations: Vec<String>,
    #[serde(default)]
    edit_guard: Vec<ConditionDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TransitionDef {
    from: Spanned<String>,
    to: Spanned<String>,
    roles: Spanned<Vec<String>>,
    trigger: Option<String>,
    #[serde(default)]
    events: Vec<String>,
    operation: Option<Spanned<String>>,
    outcome: Option<String>,
    #[serde(default)]
    actions: Vec<Spanned<String>>,
    note_field: Option<String>,
    #[serde(default)]
    primary: bool,
    #[serde(default)]
    description: String,
    #[serde(default)]
    guard: Vec<ConditionDef>,
    #[serde(default)]
    handoff: Vec<MessageDef>,
    #[serde(default)]
    effects: Ordered<Spanned<String>>,
    evidence: Option<EvidenceDef>,
    waits: Option<WaitsDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WaitsDef {
    field: String,
    until: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EvidenceDef {
    field: String,
    trailer: String,
    merge_names: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordDef {
    round: Spanned<String>,
    roles: Spanned<Vec<String>>,
    #[serde(default)]
    check: Vec<ConditionDef>,
    #[serde(default)]
    derive: Ordered<Spanned<String>>,
    #[serde(default)]
    verdict: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TrailerDef {
    #[serde(default)]
    fields: Vec<String>,
    #[serde(default)]
    always: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MeasureDef {
    structure: String,
    extraction: String,
    reason: String,
    tasks: Option<TaskFieldsDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TaskFieldsDef {
    done: String,
    open: String,
    reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConditionDef {
    expr: Spanned<String>,
    desc: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InvariantDef {
    expr: Spanned<String>,
    desc: Spanned<String>,
    at: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MessageDef {
    when: Option<Spanned<String>>,
    role: Option<Spanned<String>>,
    en: Spanned<String>,
    zh: Option<Spanned<String>>,
    persona: Option<Spanned<String>>,
}

/// A mapping that keeps its keys in file order.
pub(crate) struct Ordered<V>(pub(crate) Vec<(String, V)>);

impl<V> Default for Ordered<V> {
    fn default() -> Self {
        Ordered(Vec::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Ordered<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V2<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for V2<V> {
            type Value = Ordered<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, V>()? {
                    out.push((k, v));
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(V2(std::marker::PhantomData))
    }
}

/// Options for every YAML file git-orx reads with serde: YAML 1.2 booleans
/// only, duplicate keys refused, serde-saphyr's default resource budget.
pub fn yaml_options() -> serde_saphyr::Options {
    serde_saphyr::options! {
        strict_booleans: true,
        duplicate_keys: serde_saphyr::DuplicateKeyPolicy::Error,
        leading_zero_numbers_as_strings: true,
    }
}

/// Turns a serde-saphyr error into a message with its position.
pub fn yaml_error(e: &serde_saphyr::Error) -> (Option<(usize, usize)>, String) {
    let pos = e
        .location()
        .filter(|l| l.line() > 0)
        .map(|l| (l.line() as usize, l.column() as usize));
    let mut inner = e;
    while let serde_saphyr::Error::AliasError { error, .. }
    | serde_saphyr::Error::WithSnippet { error, .. } = inner
    {
        inner = error;
    }
    if let serde_saphyr::Error::Budget { breach, .. } = inner {
        return (pos, budget_message(breach));
    }
    let text = e.without_snippet().to_string();
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    // serde-saphyr starts with "line L column C: "; we print the position ourselves.
    let text = match text.find(": ") {
        Some(i) if text.starts_with("line ") => &text[i + 2..],
        _ => text,
    };
    let text = text.lines().next().unwrap_or(text);
    // Drop the position repeated at the end, and serde-saphyr's advice to programmers.
    let text = match text.rfind(" at line ") {
        Some(i) if text[i..].contains(", column ") => &text[..i],
        _ => text,
    };
    let text = text
        .split(", set DuplicateKeyPolicy")
        .next()
        .unwrap_or(text);
    (pos, text.to_owned())
}

/// What a YAML file over the reader's limits is refused for, in words.
fn budget_message(breach: &serde_saphyr::budget::BudgetBreach) -> String {
    use serde_saphyr::budget::BudgetBreach as B;
    let what = match breach {
        B::Nodes { nodes } => format!(
            "it expands to more than {} values (an alias counts what its anchor holds each time it is used)",
            nodes.saturating_sub(1)
        ),
        B::Aliases { aliases } => format!(
            "it uses aliases more than {} times",
            aliases.saturating_sub(1)
        ),
        B::Anchors { anchors } => {
            format!("it defines more than {} anchors", anchors.saturating_sub(1))
        }
        B::Depth { depth } => format!("it nests more than {} levels deep", depth.saturating_sub(1)),
        B::MergeKeys { merge_keys } => {
            format!(
                "it has more than {} merge keys (`<<`)",
                merge_keys.saturating_sub(1)
            )
        }
        B::AliasAnchorRatio { aliases, anchors } => {
            format!("it uses its {anchors} anchors {aliases} times")
        }
        _ => "it is larger than a rule file may be".to_owned(),
    };
    format!(
        "the YAML is too large to read: {what}; nothing in it was used. Write the values out instead of repeating large parts through aliases (`*name`)"
    )
}

fn parse_def(src: &str, origin: &str) -> Result<FileDef, WorkflowError> {
    serde_saphyr::from_str_with_options(src, yaml_options()).map_err(|e| {
        let (pos, message) = yaml_error(&e);
        WorkflowError {
            origin: origin.to_owned(),
            pos,
            message,
        }
    })
}

fn merge_override(
    base: Option<FileDef>,
    src: &str,
    origin: &str,
) -> Result<FileDef, WorkflowError> {
    let over = parse_def(src, origin)?;
    let Some(base) = base else {
        return Ok(over);
    };
    let error = |key: &str, message: String| WorkflowError {
        origin: origin.to_owned(),
        pos: key_position(src, "params", key),
        message,
    };
    if let Value::Object(params) = &over.params {
        for (key, value) in params {
            if let Some(builtin) = base.params.get(key)
                && kind_of(builtin) != kind_of(value)
            {
                return Err(error(
                    key,
                    format!(
                        "`params.{key}` must be {} like the built-in {builtin}, not {value}",
                        kind_of(builtin)
                    ),
                ));
            }
            if base.params.get(key).is_none() {
                let known: Vec<&String> = base
                    .params
                    .as_object()
                    .map(|m| m.keys().collect())
                    .unwrap_or_default();
                return Err(error(
                    key,
                    format!(
                        "unknown param `{key}`; the built-in workflow has: {}",
                        known
                            .iter()
                            .map(|k| k.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
    } else if !over.params.is_null() {
        return Err(WorkflowError {
            origin: origin.to_owned(),
            pos: None,
            message: "`params` must be a mapping".to_owned(),
        });
    }
    let builtin_transitions = over.transitions.is_none();
    let builtin_initial = over.initial.is_none();
    let builtin_steps = over.steps.is_none()
        && (over.states.is_some() || over.transitions.is_some() || over.operations.is_some());
    Ok(FileDef {
        workflow: over.workflow.or(base.workflow),
        description: if over.description.is_empty() {
            base.description
        } else {
            over.description
        },
        initial: over.initial.or(base.initial),
        state_field: match (&base.state_field, &over.state_field) {
            (b, Some(o)) if b.as_deref().unwrap_or("status") != o => {
                return Err(WorkflowError {
                    origin: origin.to_owned(),
                    pos: None,
                    message: format!(
                        "`state_field` is {} in the built-in workflow and cannot be changed",
                        b.as_deref().unwrap_or("status")
                    ),
                });
            }
            _ => base.state_field,
        },
        operations: over.operations.or(base.operations),
        params: expr::merge(&base.params, &over.params),
        defaults: expr::merge(&base.defaults, &over.defaults),
        states: over.states.or(base.states),
        transitions: over.transitions.or(base.transitions),
        builtin_transitions,
        builtin_initial,
        protected: over.protected.or(base.protected),
        identity: over.identity.or(base.identity),
        creators: over.creators.or(base.creators),
        checkpoint_field: over.checkpoint_field.or(base.checkpoint_field),
        records: over.records.or(base.records),
        trailers: over.trailers.or(base.trailers),
        fields: match (base.fields, over.fields) {
            (Some(mut b), Some(o)) => {
                for (k, v) in o.0 {
                    b.0.retain(|(x, _)| *x != k);
                    b.0.push((k, v));
                }
                Some(b)
            }
            (b, o) => o.or(b),
        },
        measure: over.measure.or(base.measure),
        invariants: over.invariants.or(base.invariants),
        builtin_steps,
        steps: over.steps.or(base.steps),
        run: over.run.or(base.run),
        items: over.items.or(base.items),
        body: over.body.or(base.body),
    })
}

/// `number`, `a string`, ... for messages about a param's type.
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

/// Where `section.key` is written in `src`, for messages.
fn key_position(src: &str, section: &str, key: &str) -> Option<(usize, usize)> {
    let root = crate::doc::yaml::parse(src, 0, 1).ok()??;
    let crate::doc::NodeKind::Map { entries, .. } = &root.get(section)?.kind else {
        return None;
    };
    entries
        .iter()
        .find(|(k, _)| k.scalar_text() == Some(key))
        .map(|(k, _)| (k.line, k.col))
}

// ---- compilation and checks ------------------------------------------------

struct Checker<'a> {
    origin: &'a str,
    params: &'a Value,
    /// Compile expressions on first use (the built-in, unmodified workflow).
    deferred: bool,
    /// Said after each message (why a built-in section is at fault).
    note: &'a str,
    roles: &'a Roles,
}

impl Checker<'_> {
    fn fail<T>(
        &self,
        pos: Option<(usize, usize)>,
        message: impl Into<String>,
    ) -> Result<T, WorkflowError> {
        Err(WorkflowError {
            origin: self.origin.to_owned(),
            pos,
            message: format!("{}{}", message.into(), self.note),
        })
    }

    fn pos<T>(s: &Spanned<T>) -> Option<(usize, usize)> {
        let l = s.referenced;
        (l.line() > 0).then(|| (l.line() as usize, l.column() as usize))
    }

    fn expr(&self, s: &Spanned<String>) -> Result<Expr, WorkflowError> {
        if self.deferred {
            return Ok(Expr::deferred(&s.value).located(self.at(s)));
        }
        let e = match Expr::compile(&s.value) {
            Ok(e) => e.located(self.at(s)),
            Err(e) => return self.fail(Self::pos(s), e.about(&s.value)),
        };
        self.check_params(&e, Self::pos(s))?;
        Ok(e)
    }

    /// Where `s` is written, as an expression's errors say it.
    fn at<T>(&self, s: &Spanned<T>) -> String {
        let origin = match self.origin {
            "built-in" => "built-in workflow",
            o => o,
        };
        match Self::pos(s) {
            Some((line, _)) => format!("{origin}, line {line}"),
            None => origin.to_owned(),
        }
    }

    fn check_params(&self, e: &Expr, pos: Option<(usize, usize)>) -> Result<(), WorkflowError> {
        for path in e.paths() {
            if let Some(rest) = path.strip_prefix("params.") {
                let key = rest.split('.').next().unwrap_or(rest);
                if self.params.get(key).is_none() {
                    return self.fail(
                        pos,
                        format!(
                            "`{}` uses `params.{key}`, which `params` does not define",
                            e.source
                        ),
                    );
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
                            format!(
                                "unknown role `{}` (known: {})",
                                r.value,
                                self.roles.names().join(", ")
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
                })
            })
            .collect()
    }
}

fn compile(
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
        note: "",
        roles,
    };
    if let Some(w) = &def.workflow
        && w != name
    {
        return c.fail(
            None,
            format!("the file says `workflow: {w}` but is the `{name}` workflow"),
        );
    }
    if !matches!(def.params, Value::Object(_) | Value::Null)
        || !matches!(def.defaults, Value::Object(_) | Value::Null)
    {
        return c.fail(None, "`params` and `defaults` must be mappings");
    }
    let Some(state_defs) = def.states else {
        return c.fail(None, "`states` is missing");
    };
    let Some(items_def) = def.items else {
        return c.fail(
            None,
            "`items` is missing: a kind of its own says where its items live (`items: {dir: docs/bugs}`); `git orx kind new` writes one",
        );
    };
    let items = match items::Items::compile(items_def) {
        Ok(items) => items,
        Err(message) => return c.fail(None, message),
    };
    let state_field = def
        .state_field
        .clone()
        .unwrap_or_else(|| "status".to_owned());
    let operations: Vec<(String, String)> = def.operations.map(|o| o.0).unwrap_or_default();
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
            .find(|op| !operations.is_empty() && !operations.iter().any(|(n, _)| n == *op))
        {
            return c.fail(
                None,
                format!(
                    "state `{sname}`: unknown operation `{op}` (`operations` declares: {})",
                    operations
                        .iter()
                        .map(|(n, _)| n.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let owner = match &s.owner {
            Some(o) if !known_role(&o.value) => {
                return c.fail(
                    Checker::pos(o),
                    format!(
                        "state `{sname}`: unknown owner role `{}` (known: {})",
                        o.value,
                        roles.names().join(", ")
                    ),
                );
            }
            Some(o) => Some(o.value.clone()),
            None if !s.terminal => {
                return c.fail(
                    None,
                    format!("state `{sname}` needs an `owner` (only terminal states have none)"),
                );
            }
            None => None,
        };
        let edit_guard = c.conditions(&s.edit_guard)?;
        states.push(State {
            name: sname,
            owner,
            terminal: s.terminal,
            description: s.description,
            handoff: c.messages(s.handoff)?,
            operations: s.operations,
            edit_guard,
        });
    }
    let find = |c: &Checker, n: &Spanned<String>, what: &str| -> Result<(), WorkflowError> {
        if states.iter().any(|s| s.name == n.value) {
            Ok(())
        } else {
            let known: Vec<&str> = states.iter().map(|s| s.name.as_str()).collect();
            let known = if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            };
            c.fail(
                Checker::pos(n),
                format!("{what} `{}` is not a state (states: {known})", n.value),
            )
        }
    };
    let Some(initial) = def.initial else {
        return c.fail(None, "`initial` is missing");
    };
    let kept_initial = format!(
        "\n  (your {origin} replaces `states` but keeps the built-in `initial: {}`; keep that state, or give `initial` too)",
        initial.value
    );
    if def.builtin_initial && origin != "built-in" {
        let built_in = Checker {
            origin: "built-in workflow",
            note: &kept_initial,
            ..c
        };
        find(&built_in, &initial, "initial state")?;
    } else {
        find(&c, &initial, "initial state")?;
    }
    let Some(transition_defs) = def.transitions else {
        return c.fail(None, "`transitions` is missing");
    };
    // An override that replaces `states` but keeps the built-in transitions:
    // errors in those transitions are about the built-in file.
    let kept = format!(
        "\n  (your {origin} replaces `states` but keeps the built-in `transitions`, which need every state and role they name; keep those states, or give `transitions` too)"
    );
    let c = if def.builtin_transitions && origin != "built-in" {
        Checker {
            origin: "built-in workflow",
            note: &kept,
            ..c
        }
    } else {
        c
    };
    let mut seen = HashSet::new();
    let mut transitions = Vec::new();
    for t in transition_defs {
        find(&c, &t.from, "`from`")?;
        find(&c, &t.to, "`to`")?;
        let at = Checker::pos(&t.from);
        if states.iter().any(|s| s.name == t.from.value && s.terminal) {
            return c.fail(
                at,
                format!("`{}` is terminal; no transition may leave it", t.from.value),
            );
        }
        if !seen.insert((t.from.value.clone(), t.to.value.clone())) {
            return c.fail(
                at,
                format!(
                    "a second transition from `{}` to `{}`",
                    t.from.value, t.to.value
                ),
            );
        }
        if t.roles.value.is_empty() {
            return c.fail(Checker::pos(&t.roles), "`roles` is empty");
        }
        if let Some(r) = t.roles.value.iter().find(|r| !known_role(r)) {
            return c.fail(
                Checker::pos(&t.roles),
                format!("unknown role `{r}` (known: {})", roles.names().join(", ")),
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
                        format!(
                            "effect target `{}` is not a field a transition may set",
                            path.join(".")
                        ),
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
                    format!(
                        "the transition from `{}` is operation `{}`, which `{}` does not allow (its `operations`)",
                        t.from.value, op.value, t.from.value
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
                format!(
                    "unknown action `{}` (known: {})",
                    a.value,
                    ACTIONS.join(", ")
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
            return c.fail(at, "`note_field` must name a field besides the state");
        }
        if let Some(u) = t
            .waits
            .iter()
            .flat_map(|w| &w.until)
            .find(|u| !states.iter().any(|s| &s.name == *u))
        {
            return c.fail(at, format!("`waits.until` names `{u}`, which is no state"));
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
            waits: t.waits.map(|w| Waits {
                field: w.field,
                until: w.until,
            }),
        });
    }
    let initial = initial.value;
    let mut protected = Vec::new();
    for p in def.protected.unwrap_or_default() {
        let path: Vec<String> = p.split('.').map(str::to_owned).collect();
        if path.iter().any(String::is_empty)
            || ["kind", "id", "status", "title"].contains(&path[0].as_str())
        {
            return c.fail(None, format!("`protected: {p}`: only fields besides kind, id, status and title can be protected"));
        }
        protected.push(path);
    }
    let field = |p: &str, what: &str| -> Result<Vec<String>, WorkflowError> {
        let path: Vec<String> = p.split('.').map(str::to_owned).collect();
        if path.iter().any(String::is_empty)
            || expr::RESERVED.contains(&path[0].as_str())
            || ["kind", "id", "status", "title"].contains(&path[0].as_str())
        {
            return c.fail(
                None,
                format!("`{what}: {p}` must name a field besides kind, id, status and title"),
            );
        }
        Ok(path)
    };
    let mut records = Vec::new();
    for (p, r) in def.records.unwrap_or_default().0 {
        if let Some(bad) = r.roles.value.iter().find(|x| !roles.contains(x)) {
            return c.fail(
                Checker::pos(&r.roles),
                format!("unknown role `{bad}` (known: {})", roles.names().join(", ")),
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
            return c.fail(None, format!("`identity: {f}` must be a top-level field"));
        }
        identity.push(f);
    }
    let checkpoint_field = match def.checkpoint_field {
        Some(f) => {
            if field(&f, "checkpoint_field")?.len() != 1 || f == state_field {
                return c.fail(
                    None,
                    format!("`checkpoint_field: {f}` must be a top-level field besides the state"),
                );
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
            format!(
                "the transition {} -> {} has a `checkpoint` or `rollback` action: say which field records the checkpoint with `checkpoint_field:`",
                t.from, t.to
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
                Some(at) => return c.fail(None, format!("`invariants.at: {at}` is not a field")),
                None => Vec::new(),
            },
            condition: Condition {
                expr: c.expr(&i.expr)?,
                desc: c.template(&i.desc)?,
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
            return c.fail(
                None,
                format!("trailer `{key}`: trailer names are Orx-Something"),
            );
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
        return c.fail(None, format!("the initial state `{initial}` is terminal"));
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
            operations: operations.iter().map(|(n, _)| n.as_str()).collect(),
            states: states.iter().map(|s| s.name.as_str()).collect(),
            role: &known_role,
        };
        let mut defs = def.steps.map(|s| s.0).unwrap_or_default();
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
    if let Some(b) = &def.body {
        let names: Vec<&str> = states.iter().map(|s| s.name.as_str()).collect();
        let unknown = b.unknown_states(&names);
        if !unknown.is_empty() {
            return c.fail(
                None,
                format!(
                    "`body` names states the workflow does not have: {} (states: {})",
                    unknown.join(", "),
                    names.join(", ")
                ),
            );
        }
    }
    let run = match def.run {
        None => None,
        Some(r) => {
            let expr = |src: &str| -> Result<Expr, String> {
                if c.deferred {
                    return Ok(Expr::deferred(src));
                }
                let e = Expr::compile(src).map_err(|e| e.about(src))?;
                c.check_params(&e, None).map_err(|e| e.message)?;
                Ok(e)
            };
            let state = |s: &str| -> Result<(), String> {
                if states.iter().any(|x| x.name == s) {
                    Ok(())
                } else {
                    Err(format!("`{s}` is not a state"))
                }
            };
            match run::compile(r, &expr, &state, &def.params) {
                Ok(r) => Some(r),
                Err(m) => return c.fail(None, m),
            }
        }
    };
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
        checkpoint_field,
        records,
        trailers,
        fields,
        invariants,
        measure,
        items,
        steps,
        body: def.body,
        run,
        origin,
    })
}

#[cfg(test)]
mod tests;
