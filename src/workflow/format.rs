//! The workflow file format: the YAML as written, parsed with positions,
//! and an override laid over a built-in workflow.

use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::Value;
use serde_saphyr::Spanned;

use super::tree::Node;
use super::*;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileDef {
    pub(super) workflow: Option<String>,
    #[serde(default)]
    pub(super) description: String,
    pub(super) initial: Option<Spanned<String>>,
    pub(super) state_field: Option<String>,
    pub(super) operations: Option<Ordered<OperationDef>>,
    #[serde(default)]
    pub(super) params: Value,
    #[serde(default)]
    pub(super) defaults: Value,
    pub(super) states: Option<Ordered<StateDef>>,
    pub(super) transitions: Option<Vec<TransitionDef>>,
    pub(super) protected: Option<Vec<String>>,
    pub(super) identity: Option<Vec<String>>,
    pub(super) creators: Option<Vec<String>>,
    /// The items a new item waits for (`create_waits:`, as a transition's
    /// `waits:`): a task is not made while its goal's plan waits.
    pub(super) create_waits: Option<OneOrMany<WaitsDef>>,
    pub(super) checkpoint_field: Option<String>,
    pub(super) figures: Option<String>,
    pub(super) merge: Option<MergeDef>,
    pub(super) records: Option<Ordered<RecordDef>>,
    pub(super) measure: Option<MeasureDef>,
    pub(super) fields: Option<Ordered<FieldType>>,
    pub(super) invariants: Option<Vec<InvariantDef>>,
    pub(super) trailers: Option<Ordered<TrailerDef>>,
    pub(super) items: Option<items::ItemsDef>,
    pub(super) steps: Option<Ordered<steps::StepDef>>,
    pub(super) create: Option<steps::CreateDef>,
    pub(super) body: Option<body::Body>,
    pub(super) run: Option<run::RunDef>,
    /// Set when an override keeps the built-in steps but replaces the
    /// states or transitions they name: steps that no longer fit are left
    /// out rather than refused.
    #[serde(skip)]
    pub(super) builtin_steps: bool,
    /// Set when an override keeps the built-in transitions.
    #[serde(skip)]
    pub(super) builtin_transitions: bool,
    /// Set when an override keeps the built-in `initial`.
    #[serde(skip)]
    pub(super) builtin_initial: bool,
}

/// `merge:`: how a merge decides what two branches changed differently.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MergeDef {
    #[serde(default)]
    pub(super) state: Option<StateMergeDef>,
    #[serde(default)]
    pub(super) latest: Vec<String>,
}

/// `merge: {state: later}` or `merge: {state: {owner: ROLE}}`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum StateMergeDef {
    Word(String),
    Owner { owner: String },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StateDef {
    pub(super) owner: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) terminal: bool,
    #[serde(default)]
    pub(super) end_of_cycle: bool,
    #[serde(default)]
    pub(super) description: String,
    #[serde(default)]
    pub(super) handoff: Vec<MessageDef>,
    #[serde(default)]
    pub(super) operations: Vec<String>,
    #[serde(default)]
    pub(super) edit_guard: Vec<ConditionDef>,
}

/// What an operation means: a text, or `{desc: ..., zh: ...}` with its
/// Chinese, as a condition gives it.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum OperationDef {
    Text(String),
    Worded(OperationText),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OperationText {
    pub(super) desc: String,
    pub(super) zh: Option<String>,
}

impl OperationDef {
    /// Its description, and its Chinese if given.
    pub(super) fn into_parts(self) -> (String, Option<String>) {
        match self {
            OperationDef::Text(desc) => (desc, None),
            OperationDef::Worded(w) => (w.desc, w.zh),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TransitionDef {
    pub(super) from: Spanned<String>,
    pub(super) to: Spanned<String>,
    pub(super) roles: Spanned<Vec<String>>,
    pub(super) trigger: Option<String>,
    #[serde(default)]
    pub(super) events: Vec<String>,
    pub(super) operation: Option<Spanned<String>>,
    pub(super) outcome: Option<String>,
    #[serde(default)]
    pub(super) actions: Vec<Spanned<String>>,
    pub(super) note_field: Option<String>,
    #[serde(default)]
    pub(super) primary: bool,
    #[serde(default)]
    pub(super) description: String,
    #[serde(default)]
    pub(super) guard: Vec<ConditionDef>,
    #[serde(default)]
    pub(super) handoff: Vec<MessageDef>,
    #[serde(default)]
    pub(super) effects: Ordered<Spanned<String>>,
    pub(super) evidence: Option<EvidenceDef>,
    pub(super) waits: Option<OneOrMany<WaitsDef>>,
}

/// One value, or a list of them.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> OneOrMany<T> {
    pub(super) fn into_vec(self) -> Vec<T> {
        match self {
            OneOrMany::One(t) => vec![t],
            OneOrMany::Many(v) => v,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct WaitsDef {
    pub(super) field: String,
    pub(super) until: Vec<String>,
    pub(super) kind: Option<String>,
    /// Values each waited-for item must also have (`with: {plan: true}`).
    #[serde(default)]
    pub(super) with: Ordered<Value>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EvidenceDef {
    pub(super) field: String,
    pub(super) trailer: String,
    pub(super) merge_names: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RecordDef {
    pub(super) round: Spanned<String>,
    pub(super) roles: Spanned<Vec<String>>,
    #[serde(default)]
    pub(super) check: Vec<ConditionDef>,
    #[serde(default)]
    pub(super) derive: Ordered<Spanned<String>>,
    #[serde(default)]
    pub(super) verdict: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TrailerDef {
    #[serde(default)]
    pub(super) fields: Vec<String>,
    #[serde(default)]
    pub(super) always: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MeasureDef {
    pub(super) structure: String,
    pub(super) extraction: String,
    pub(super) reason: String,
    pub(super) tasks: Option<TaskFieldsDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TaskFieldsDef {
    pub(super) done: String,
    pub(super) open: String,
    pub(super) reason: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ConditionDef {
    pub(super) expr: Spanned<String>,
    pub(super) desc: Spanned<String>,
    pub(super) zh: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct InvariantDef {
    pub(super) expr: Spanned<String>,
    pub(super) desc: Spanned<String>,
    pub(super) zh: Option<Spanned<String>>,
    pub(super) at: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MessageDef {
    pub(super) when: Option<Spanned<String>>,
    pub(super) role: Option<Spanned<String>>,
    pub(super) en: Spanned<String>,
    pub(super) zh: Option<Spanned<String>>,
    pub(super) persona: Option<Spanned<String>>,
    pub(super) agent: Option<AgentLineDef>,
}

/// A handoff's line in the agent's own words (`agent: {en, zh}`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AgentLineDef {
    pub(super) en: Spanned<String>,
    pub(super) zh: Option<Spanned<String>>,
}

/// A mapping that keeps its keys in file order.
#[derive(Debug)]
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
pub fn yaml_error(
    e: &serde_saphyr::Error,
) -> (Option<(usize, usize)>, crate::text::message::Message) {
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
    // The YAML reader's own words.
    (pos, crate::text::message::Message::text(text))
}

/// What a YAML file over the reader's limits is refused for.
pub(super) fn budget_message(
    breach: &serde_saphyr::budget::BudgetBreach,
) -> crate::text::message::Message {
    use crate::msg;
    use serde_saphyr::budget::BudgetBreach as B;
    let what = match breach {
        B::Nodes { nodes } => msg!("yaml-budget-nodes", n = nodes.saturating_sub(1)),
        B::Aliases { aliases } => msg!("yaml-budget-aliases", n = aliases.saturating_sub(1)),
        B::Anchors { anchors } => msg!("yaml-budget-anchors", n = anchors.saturating_sub(1)),
        B::Depth { depth } => msg!("yaml-budget-depth", n = depth.saturating_sub(1)),
        B::MergeKeys { merge_keys } => {
            msg!("yaml-budget-merge-keys", n = merge_keys.saturating_sub(1))
        }
        B::AliasAnchorRatio { aliases, anchors } => {
            msg!("yaml-budget-ratio", anchors = *anchors, aliases = *aliases)
        }
        _ => msg!("yaml-budget-other"),
    };
    msg!("yaml-too-large", what)
}

pub(super) fn parse_def(src: &str, origin: &str) -> Result<FileDef, WorkflowError> {
    serde_saphyr::from_str_with_options(src, yaml_options()).map_err(|e| {
        let (pos, message) = yaml_error(&e);
        WorkflowError::new(origin, pos, message)
    })
}

/// A built-in workflow read from its tree, as [`parse_def`] reads its
/// YAML.
pub(super) fn read_def(tree: &'static Node) -> Result<FileDef, WorkflowError> {
    tree.read().map_err(|e| {
        // The reader's own words, about a file of git-orx's own (a test
        // reads every built-in one).
        WorkflowError::new(
            "built-in",
            None,
            crate::text::message::Message::text(e.to_string()),
        )
    })
}

pub(super) fn merge_override(
    base: Option<FileDef>,
    src: &str,
    origin: &str,
) -> Result<FileDef, WorkflowError> {
    let over = parse_def(src, origin)?;
    let Some(base) = base else {
        return Ok(over);
    };
    let error = |key: &str, message: crate::text::message::Message| {
        WorkflowError::new(origin, key_position(src, "params", key), message)
    };
    if let Value::Object(params) = &over.params {
        for (key, value) in params {
            if let Some(builtin) = base.params.get(key)
                && kind_of(builtin) != kind_of(value)
            {
                return Err(error(
                    key,
                    crate::msg!(
                        "workflow-param-type",
                        key,
                        kind = kind_of(builtin),
                        builtin = builtin.to_string(),
                        value = value.to_string()
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
                    crate::msg!(
                        "workflow-unknown-param",
                        key,
                        known = known
                            .iter()
                            .map(|k| k.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
    } else if !over.params.is_null() {
        return Err(WorkflowError::new(
            origin,
            None,
            crate::msg!("workflow-params-mapping"),
        ));
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
                return Err(WorkflowError::new(
                    origin,
                    None,
                    crate::msg!(
                        "workflow-state-field-fixed",
                        field = b.as_deref().unwrap_or("status")
                    ),
                ));
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
        create_waits: over.create_waits.or(base.create_waits),
        checkpoint_field: over.checkpoint_field.or(base.checkpoint_field),
        figures: over.figures.or(base.figures),
        merge: over.merge.or(base.merge),
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
        create: over.create.or(base.create),
        run: over.run.or(base.run),
        items: over.items.or(base.items),
        body: over.body.or(base.body),
    })
}

/// `number`, `a string`, ... for messages about a param's type.
pub(super) fn kind_of(v: &Value) -> crate::text::message::Message {
    match v {
        Value::Null => crate::msg!("value-null"),
        Value::Bool(_) => crate::msg!("value-boolean"),
        Value::Number(_) => crate::msg!("value-number"),
        Value::String(_) => crate::msg!("value-string"),
        Value::Array(_) => crate::msg!("value-list"),
        Value::Object(_) => crate::msg!("value-mapping"),
    }
}

/// Where `section.key` is written in `src`, for messages.
pub(super) fn key_position(src: &str, section: &str, key: &str) -> Option<(usize, usize)> {
    let root = crate::doc::yaml::parse(src, 0, 1).ok()??;
    let crate::doc::NodeKind::Map { entries, .. } = &root.get(section)?.kind else {
        return None;
    };
    entries
        .iter()
        .find(|(k, _)| k.scalar_text() == Some(key))
        .map(|(k, _)| (k.line, k.col))
}
