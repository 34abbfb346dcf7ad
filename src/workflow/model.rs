//! The workflow as loaded: states, transitions, guards, effects, handoffs
//! and the sections the built-in kinds need, with what they answer.

use std::collections::HashSet;

use serde::Deserialize;
use serde_json::Value;

use super::*;
use crate::workflow::role::Roles;

#[derive(Debug)]
pub struct Workflow {
    pub name: String,
    pub description: String,
    pub initial: String,
    /// The frontmatter key that holds the state (`status`; the agent
    /// context's is `task_status`).
    pub state_field: String,
    /// What the operations states allow mean.
    pub operations: Vec<Operation>,
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
    /// The items a new item waits for (`create_waits:`): judged on its
    /// creation as a transition's `waits:` is on the transition (a task is
    /// not made while its goal's plan waits for the reviewer).
    pub create_waits: Vec<Waits>,
    /// The top-level field where the `checkpoint` action records the
    /// checkpoint's name, and where `rollback` finds the one to return to
    /// (`checkpoint_field:`; needed by a workflow with those actions).
    pub checkpoint_field: Option<String>,
    /// The figures of a kind's own that `metrics` computes besides the
    /// ones every kind has (`figures: story`: review rounds, auto-approval,
    /// escalation, SM revision success, Dev first pass).
    pub figures: Option<String>,
    /// How a merge decides an item whose state two branches changed
    /// differently (`merge: {state: ...}`); without one, it is a conflict
    /// the person merging resolves.
    pub merge_state: Option<MergeRule>,
    /// Fields holding a time that a merge whose two sides both changed
    /// them gives the later of the two (`merge: {latest: [updated_at]}`):
    /// the time of the last change, stamped by every writer.
    pub merge_latest: Vec<String>,
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
    /// How its items are made (`create:`), offered as the `create` action.
    pub create: Option<steps::Create>,
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
    /// A resting state that ends a cycle (`end_of_cycle: true`): an item
    /// here has nothing left to do until a new cycle starts (an agent
    /// back to idle). Never a terminal state.
    pub end_of_cycle: bool,
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
    /// The items it waits for (`waits:`, one or a list), if any.
    pub waits: Vec<Waits>,
}

/// A transition taken only once other items are far enough: `field` lists
/// their IDs, and each must be in one of the states `until` in the tree
/// the change makes, and have the values `with` names (`@field`: the
/// waiting item's own). They are of the item's own kind, or of another
/// (`kind:`, whose states `until` names: the registry checks them). The
/// hooks, `verify` and the commands check it; the Human may override it.
#[derive(Debug)]
pub struct Waits {
    pub field: String,
    pub until: Vec<String>,
    /// The kind of the items `field` names, when not the item's own.
    pub kind: Option<String>,
    /// Values each of them must also have (`with:`, field by field: a
    /// comment marked as the plan, `with: {plan: true}`).
    pub with: Vec<(String, serde_json::Value)>,
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
    /// The same in Chinese (`zh:`), if the workflow gives it.
    pub zh: Option<Template>,
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

    /// The type as a message: "a number", "text", ...
    pub fn describe(self) -> crate::text::message::Message {
        match self {
            FieldType::Number => crate::msg!("field-type-number"),
            FieldType::Count => crate::msg!("field-type-count"),
            FieldType::String => crate::msg!("field-type-string"),
            FieldType::Boolean => crate::msg!("field-type-boolean"),
            FieldType::Strings => crate::msg!("field-type-strings"),
            FieldType::List => crate::msg!("field-type-list"),
            FieldType::Mapping => crate::msg!("field-type-mapping"),
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
    /// The step as the agent's own handoff line (`Next: QA 请执行命令
    /// \`review {id}\``), printed first when `persona_commands` is on.
    pub agent: Option<Lines>,
}

/// A line in English and, optionally, Chinese.
#[derive(Debug)]
pub struct Lines {
    pub en: Template,
    pub zh: Option<Template>,
}

impl Lines {
    /// The line in `lang` (English when it has none in that language).
    pub fn pick(&self, lang: &str) -> &Template {
        match lang {
            "zh" => self.zh.as_ref().unwrap_or(&self.en),
            _ => &self.en,
        }
    }
}

/// A named operation a state may allow (`operations:`), and what it
/// means, in English and, when the workflow gives it, Chinese.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Operation {
    pub name: String,
    /// What it means; `None` for an operation the workflow does not
    /// describe.
    pub desc: Option<String>,
    pub zh: Option<String>,
}

impl Operation {
    /// An operation the workflow does not describe: its name alone.
    pub fn bare(name: &str) -> Operation {
        Operation {
            name: name.to_owned(),
            desc: None,
            zh: None,
        }
    }

    /// What it means, in the workflow's words in each language.
    pub fn said(&self) -> Option<crate::text::message::Message> {
        self.desc
            .as_ref()
            .map(|d| crate::text::message::Message::said(d, self.zh.as_deref()))
    }

    /// `name (what it means)`: the name alone when the workflow does not
    /// describe it.
    pub fn message(&self) -> crate::text::message::Message {
        match self.said() {
            Some(desc) => crate::msg!("operation-described", name = &self.name, desc),
            None => crate::text::message::Message::text(&self.name),
        }
    }
}

impl std::fmt::Display for Operation {
    /// [`Operation::message`] in English.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message())
    }
}

impl Workflow {
    /// The operation `name` as the workflow describes it (its name alone
    /// when it does not).
    pub fn operation(&self, name: &str) -> Operation {
        self.operations
            .iter()
            .find(|o| o.name == name)
            .cloned()
            .unwrap_or_else(|| Operation::bare(name))
    }
}

/// A workflow file that could not be used, with its position when known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.to_message())]
pub struct WorkflowError {
    pub origin: String,
    pub pos: Option<(usize, usize)>,
    /// What is wrong there.
    pub message: crate::text::message::Message,
}

impl WorkflowError {
    pub fn new(
        origin: &str,
        pos: Option<(usize, usize)>,
        message: crate::text::message::Message,
    ) -> WorkflowError {
        WorkflowError {
            origin: origin.to_owned(),
            pos,
            message,
        }
    }

    /// `invalid workflow FILE:LINE:COLUMN: what is wrong`.
    pub fn to_message(&self) -> crate::text::message::Message {
        let at = match self.pos {
            Some((l, c)) => format!("{}:{l}:{c}", self.origin),
            None => self.origin.clone(),
        };
        crate::msg!("workflow-invalid", at, problem = self.message.clone())
    }
}

impl Workflow {
    /// The names of its terminal states, in its order.
    pub fn terminal_states(&self) -> Vec<String> {
        self.states
            .iter()
            .filter(|s| s.terminal)
            .map(|s| s.name.clone())
            .collect()
    }

    /// The state a merge gives an item whose state is `ours` on one side
    /// and `theirs` on the other (each with its side's fields), as the
    /// workflow's merge rule decides; `None` when it has none, or the rule
    /// does not tell them apart.
    pub fn merge_decides(&self, ours: (&str, &Value), theirs: (&str, &Value)) -> Option<String> {
        let rule = self.merge_state.as_ref()?;
        let at = |s: &str| self.states.iter().position(|x| x.name == s);
        match rule {
            MergeRule::Later => {
                let (o, t) = (at(ours.0)?, at(theirs.0)?);
                match o.cmp(&t) {
                    std::cmp::Ordering::Greater => Some(ours.0.to_owned()),
                    std::cmp::Ordering::Less => Some(theirs.0.to_owned()),
                    std::cmp::Ordering::Equal => None,
                }
            }
            MergeRule::OwnedBy(role) => {
                let owned = |(s, item): (&str, &Value)| {
                    self.state(s)
                        .and_then(|st| self.owner_of(st, item))
                        .is_some_and(|o| o.eq_ignore_ascii_case(role))
                };
                match (owned(ours), owned(theirs)) {
                    (true, false) => Some(ours.0.to_owned()),
                    (false, true) => Some(theirs.0.to_owned()),
                    _ => None,
                }
            }
        }
    }

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
        let base: Option<FileDef> = match builtin_tree(name) {
            Some(tree) => Some(read_def(tree)?),
            None => None,
        };
        let (def, origin) = match (base, override_src) {
            (Some(base), None) => (base, "built-in".to_owned()),
            (base, Some((src, origin))) => (merge_override(base, src, origin)?, origin.to_owned()),
            (None, None) => {
                return Err(WorkflowError::new(
                    name,
                    None,
                    crate::msg!("workflow-none-named", name),
                ));
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
            agent: m.agent.as_ref().map(|a| a.pick(lang).render(scope)),
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

/// A rendered handoff message, and who it is for when not the state's owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handoff {
    pub text: String,
    pub role: Option<String>,
    /// The same step as the agent's own command (`*review 1.2`), when the
    /// message names one.
    pub persona: Option<String>,
    /// The agent's own handoff line for the step, when the message has one.
    pub agent: Option<String>,
}

impl Handoff {
    /// The message as printed. With `persona` (the config's
    /// `persona_commands`), the agent's own line comes first, so a program
    /// that reads the first line finds it there, and git-orx's follows on
    /// a line of its own; a message with only the agent's command gets it
    /// after git-orx's.
    pub fn full(self, persona: bool) -> String {
        match (self.agent, self.persona) {
            (Some(a), _) if persona => format!("{a}\n{}", self.text),
            (None, Some(p)) if persona => format!("{} (agent: `{p}`)", self.text),
            _ => self.text,
        }
    }
}

/// A workflow's rule for a merge whose two sides left an item in two
/// states (`merge: {state: ...}`).
#[derive(Clone, Debug, PartialEq)]
pub enum MergeRule {
    /// The state that comes later in `states:`, the lifecycle's order.
    Later,
    /// The state the role owns (one side's only).
    OwnedBy(String),
}

impl MergeRule {
    /// The rule in words (`the later state wins`).
    pub fn to_message(&self) -> crate::text::message::Message {
        match self {
            MergeRule::Later => crate::msg!("later-state-wins"),
            MergeRule::OwnedBy(r) => crate::msg!("state-role-owns-wins", role = r),
        }
    }
}

impl std::fmt::Display for MergeRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_message())
    }
}
