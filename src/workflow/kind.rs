//! A kind of item as a value: its name, where its items live and how its
//! files are read (the field that holds the state, the field that holds
//! the ID in files written without `kind` and `id`), built once by the
//! registry from the workflow files, built-in or a team's own.
//!
//! Items are read before their workflow is compiled (the board reads
//! thousands), so a kind is read from its workflow file's top-level
//! `items:` and `state_field:` only; the workflow itself is compiled when a
//! rule is asked of it.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;

use super::items::Items;
use super::role::Roles;
use super::tree::Node;
use super::{Workflow, WorkflowError};
use crate::text::message::Message;

/// How a kind's files are read: what every item of the kind carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The kind's name.
    pub kind: String,
    /// The frontmatter key that holds the state (`status` unless the
    /// workflow says otherwise).
    pub state_field: String,
    /// The top-level field that holds the ID in files written without
    /// `kind` and `id` (whose kind is the one whose items the path holds).
    pub id_field: Option<String>,
}

impl Shape {
    /// The shape of a kind nothing is known of: its state in `status`.
    pub fn plain(kind: &str) -> Shape {
        Shape {
            kind: kind.to_owned(),
            state_field: "status".to_owned(),
            id_field: None,
        }
    }
}

/// A kind of item, as the registry built it: its shape (state field, ID
/// field), where its items live and how they are named and written
/// (`items`, with the ID pattern, format and template name), its
/// workflow, compiled the first time it is asked for and kept, and its
/// template's text. Everything a command, the board or a hook needs of a
/// kind is asked of this value; only the registry turns a kind's name
/// into one ([`Kinds::get`]), and an item carries the kind it was read as.
///
/// A file may name a kind the registry does not have: it is read as a
/// kind nothing is known of, which holds no path and whose workflow is
/// the refusal saying why there is no such kind. A copy is cheap (shared
/// parts).
#[derive(Clone, Debug)]
pub struct Kind {
    pub shape: Arc<Shape>,
    pub items: Arc<Items>,
    /// What the registry's kinds are compiled from, and this one's place
    /// among them (`None`: a kind nothing is known of).
    sources: Arc<Sources>,
    at: Option<usize>,
    /// The Rust the kind adds to its workflow, if it is a built-in kind
    /// with code of its own ([`KIND_CODE`]).
    code: Option<Code>,
}

/// The Rust each built-in kind that has some adds to its workflow, under
/// the built-in kind's name. The kinds' own code (a layer above this one)
/// puts its entries here when the program is linked, so that the
/// registry gives each kind its code once, as it builds the kind, and
/// nothing looks it up by name afterwards. An entry is opaque here: the
/// code that put it there reads it back (`kinds::CodeOf`).
#[linkme::distributed_slice]
pub static KIND_CODE: [(&'static str, &'static (dyn std::any::Any + Send + Sync))];

/// A kind's entry of [`KIND_CODE`].
#[derive(Clone, Copy)]
pub struct Code(pub &'static (dyn std::any::Any + Send + Sync));

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Code")
    }
}

/// Two kinds are the same kind when they have the same name.
impl PartialEq for Kind {
    fn eq(&self, other: &Kind) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Kind {}

/// A kind and a kind's name (a file's `kind:`, a command's argument).
impl PartialEq<str> for Kind {
    fn eq(&self, name: &str) -> bool {
        self.name() == name
    }
}

impl PartialEq<&str> for Kind {
    fn eq(&self, name: &&str) -> bool {
        self.name() == *name
    }
}

impl PartialEq<String> for Kind {
    fn eq(&self, name: &String) -> bool {
        self.name() == name
    }
}

/// A message names a kind by its name.
impl From<&Kind> for crate::text::message::Arg {
    fn from(kind: &Kind) -> Self {
        crate::text::message::Arg::Text(kind.name().to_owned())
    }
}

/// A kind is said by its name.
impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind's own file in a repository (a workflow or a template): its path,
/// and its text, `None` when it is not UTF-8.
#[derive(Clone, Debug)]
pub struct OwnFile {
    pub path: String,
    pub text: Option<String>,
}

impl OwnFile {
    /// The text of a workflow file, or why it cannot be compiled.
    fn workflow_text(&self) -> Result<&str, WorkflowError> {
        self.text.as_deref().ok_or_else(|| {
            WorkflowError::new(&self.path, None, crate::msg!("text-not-valid-utf-8"))
        })
    }
}

/// Why a kind gives no workflow to judge by.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoWorkflow {
    /// Its workflow does not compile, or (for a kind the registry does
    /// not have) its workflow file says why it makes no kind, or there is
    /// no workflow by its name.
    #[error(transparent)]
    Workflow(#[from] WorkflowError),
    /// A kind the registry does not have, by a name no kind may have:
    /// refused as the name itself is.
    #[error("{0}")]
    Unknown(Message),
}

impl NoWorkflow {
    /// What is wrong, without where.
    pub fn message(&self) -> &Message {
        match self {
            NoWorkflow::Workflow(e) => &e.message,
            NoWorkflow::Unknown(m) => m,
        }
    }
}

/// A kind's template file that cannot be used: it is not UTF-8.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path} is not valid UTF-8")]
pub struct TemplateError {
    pub path: String,
}

impl TemplateError {
    pub fn to_message(&self) -> Message {
        crate::msg!("path-not-valid-utf-2", path = &self.path)
    }
}

/// The built-in story template; its `<!-- orx: ... -->` markers declare
/// what the SM's quality check measures.
pub const STORY_TEMPLATE: &str = include_str!("../../templates/stories/story.md");

/// The built-in goal template: the goal and its acceptance criteria.
pub const GOAL_TEMPLATE: &str = include_str!("../../templates/goals/goal.md");

/// The built-in templates, by name (an `items.template` names one).
pub const BUILTIN_TEMPLATES: &[(&str, &str)] =
    &[("story", STORY_TEMPLATE), ("goal", GOAL_TEMPLATE)];

/// The built-in template named `name`, if there is one.
pub fn builtin_template(name: &str) -> Option<&'static str> {
    BUILTIN_TEMPLATES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

/// The code [`KIND_CODE`] holds for the built-in kind `name`: only a
/// built-in kind has code (a team's own file laid over a built-in kind
/// keeps it).
fn code_of(name: &str) -> Option<Code> {
    if !super::BUILTIN.iter().any(|(n, _)| *n == name) {
        return None;
    }
    KIND_CODE
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, c)| Code(*c))
}

/// What one kind is made of, as the registry is given it.
#[derive(Clone, Debug)]
pub struct KindSource {
    pub name: String,
    /// The repository's `.orx/workflows/<name>.yaml`, if it has one.
    pub own: Option<OwnFile>,
    /// The directory its items live in when the rules say so (the config's
    /// `stories:` for the default kind).
    pub dir: Option<String>,
}

/// What every kind of one registry is compiled with: the roles, each
/// kind's own workflow file, the repository's templates, and each kind's
/// compiled workflow once asked for.
#[derive(Debug, Default)]
struct Sources {
    roles: Roles,
    names: Vec<String>,
    own: Vec<Option<OwnFile>>,
    /// Template name → the repository's own template file.
    templates: BTreeMap<String, OwnFile>,
    compiled: Vec<OnceLock<Arc<Workflow>>>,
    /// Whether each kind's `waits:` on other kinds were found sound.
    checked: Vec<OnceLock<()>>,
    /// The workflow files that made no kind (their `items:` cannot be
    /// read), by the name they would give it: why a file naming it is of
    /// no kind.
    others: BTreeMap<String, OwnFile>,
}

/// Whether `name` may name a kind: lowercase letters, digits, `-` and `_`,
/// starting with a letter, at most 32 characters.
pub fn valid_kind_name(name: &str) -> bool {
    name.len() <= 32
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
}

impl Sources {
    /// Why there is no kind named `name`: its workflow file's error, else
    /// that the file says nowhere its items live, else that there is no
    /// workflow of that name.
    fn no_kind(&self, name: &str) -> NoWorkflow {
        if !valid_kind_name(name) {
            let name = crate::text::escape(name);
            return NoWorkflow::Unknown(crate::msg!("unknown-kind-name", name));
        }
        let own = match self.others.get(name) {
            Some(f) => match f.workflow_text() {
                Ok(text) => Some((text, f.path.as_str())),
                Err(e) => return e.into(),
            },
            None => None,
        };
        if let Err(e) = Workflow::load(name, own, &self.roles) {
            return e.into();
        }
        let at = own.map_or(name, |(_, path)| path);
        WorkflowError::new(at, None, crate::msg!("workflow-items-missing")).into()
    }

    /// Kind `at`'s workflow, compiled once: the built-in one with the
    /// repository's file laid over it.
    fn compiled(&self, at: usize) -> Result<Arc<Workflow>, WorkflowError> {
        if let Some(wf) = self.compiled[at].get() {
            return Ok(wf.clone());
        }
        let own = match &self.own[at] {
            Some(f) => Some((f.workflow_text()?, f.path.as_str())),
            None => None,
        };
        let wf = Arc::new(Workflow::load(&self.names[at], own, &self.roles)?);
        Ok(self.compiled[at].get_or_init(|| wf).clone())
    }

    /// Refuses a `waits:` (or `create_waits:`) of `wf` naming another
    /// kind that is not one here, or states that kind's workflow does not
    /// have: checked here, where every kind is known, as a workflow's own
    /// states are where it is compiled.
    fn check_waits(&self, wf: &Workflow) -> Result<(), WorkflowError> {
        let waits = wf
            .transitions
            .iter()
            .flat_map(|t| t.waits.iter().map(move |w| (Some(t), w)))
            .chain(wf.create_waits.iter().map(|w| (None, w)));
        for (t, w) in waits {
            let Some(other) = w.kind.as_deref().filter(|k| *k != wf.name) else {
                continue;
            };
            let at = match t {
                Some(t) => crate::msg!("workflow-the-transition", from = &t.from, to = &t.to),
                None => Message::text("`create_waits`"),
            };
            let fail = |message: Message| WorkflowError::new(&wf.origin, None, message);
            let Some(theirs) = self.names.iter().position(|n| n == other) else {
                return Err(fail(crate::msg!(
                    "workflow-waits-no-kind",
                    at = at.clone(),
                    kind = crate::text::escape(other),
                    kinds = self.names.join(", ")
                )));
            };
            let theirs = self.compiled(theirs)?;
            if let Some(u) = w.until.iter().find(|u| theirs.state(u).is_none()) {
                return Err(fail(crate::msg!(
                    "workflow-waits-until-other",
                    at,
                    state = crate::text::escape(u),
                    kind = other,
                    states = theirs.state_names().join(", ")
                )));
            }
        }
        Ok(())
    }
}

impl Kind {
    /// The Rust the kind adds to its workflow, as [`KIND_CODE`] gave it
    /// when the registry built the kind: `None` for every kind but the
    /// built-in ones with code of their own.
    pub fn code_entry(&self) -> Option<Code> {
        self.code
    }

    pub fn name(&self) -> &str {
        &self.shape.kind
    }

    /// The kind's workflow: the built-in one with the repository's
    /// `.orx/workflows/<kind>.yaml` laid over it, compiled once; a `waits:`
    /// on another kind is checked against that kind's workflow.
    pub fn workflow(&self) -> Result<Arc<Workflow>, NoWorkflow> {
        let Some(at) = self.at else {
            return Err(self.sources.no_kind(self.name()));
        };
        let wf = self.sources.compiled(at)?;
        if self.sources.checked[at].get().is_none() {
            self.sources.check_waits(&wf)?;
            let _ = self.sources.checked[at].set(());
        }
        Ok(wf)
    }

    /// Whether the registry has this kind (a file may name one it has not).
    pub fn is_known(&self) -> bool {
        self.at.is_some()
    }

    /// The template of the kind's items (the one its `items.template`
    /// names): the repository's `.orx/templates/<name>.md`, else the
    /// built-in one, if there is one.
    pub fn template(&self) -> Result<Option<&str>, TemplateError> {
        let Some(name) = self.items.template.as_deref() else {
            return Ok(None);
        };
        match self.sources.templates.get(name) {
            Some(f) => f.text.as_deref().map(Some).ok_or_else(|| TemplateError {
                path: f.path.clone(),
            }),
            None => Ok(builtin_template(name)),
        }
    }
}

/// A kind's shape and items from its workflow: a team's own file (its
/// text), else the built-in one's (its compiled-in tree) where it has no
/// `items:`/`state_field:` of its own; `None` if neither says where its
/// items live.
fn shape_of(
    name: &str,
    own: Option<&str>,
    builtin: Option<&'static Node>,
) -> Option<(Arc<Shape>, Items)> {
    let items = own
        .and_then(Items::of_source)
        .or_else(|| builtin.and_then(Items::of_tree))?;
    let state_field = builtin
        .and_then(state_field_of_tree)
        .or_else(|| own.and_then(state_field_of_source))
        .unwrap_or_else(|| "status".to_owned());
    Some((
        Arc::new(Shape {
            kind: name.to_owned(),
            state_field,
            id_field: items.id_field.clone(),
        }),
        items,
    ))
}

/// The kinds of a repository, built-in first: the one answer to which kind
/// a file is and how it is read.
#[derive(Clone, Debug, Default)]
pub struct Kinds(Vec<Kind>, Arc<Sources>);

impl Kinds {
    /// The kinds made of `sources` (built-in first), compiled with `roles`;
    /// a source whose text does not say where its items live gives no
    /// kind (compiling its workflow says why). `templates` are the
    /// repository's own template files by name (a kind's template is its
    /// own, else the built-in one).
    pub fn new(
        sources: Vec<KindSource>,
        roles: Roles,
        templates: BTreeMap<String, OwnFile>,
    ) -> Kinds {
        let mut others = BTreeMap::new();
        let made: Vec<(KindSource, Arc<Shape>, Items)> = sources
            .into_iter()
            .filter_map(|s| {
                let own = s.own.as_ref().and_then(|f| f.text.as_deref());
                let Some((shape, items)) = shape_of(&s.name, own, super::builtin_tree(&s.name))
                else {
                    if let Some(f) = s.own {
                        others.insert(s.name, f);
                    }
                    return None;
                };
                let items = match &s.dir {
                    Some(dir) => items.with_dir(dir),
                    None => items,
                };
                Some((s, shape, items))
            })
            .collect();
        let sources = Arc::new(Sources {
            roles,
            names: made.iter().map(|(s, ..)| s.name.clone()).collect(),
            own: made.iter().map(|(s, ..)| s.own.clone()).collect(),
            templates,
            compiled: made.iter().map(|_| OnceLock::new()).collect(),
            checked: made.iter().map(|_| OnceLock::new()).collect(),
            others,
        });
        Kinds(
            made.into_iter()
                .enumerate()
                .map(|(at, (source, shape, items))| Kind {
                    code: code_of(&source.name),
                    shape,
                    items: Arc::new(items),
                    sources: sources.clone(),
                    at: Some(at),
                })
                .collect(),
            sources,
        )
    }

    /// The built-in kinds, where they live by default: for reading files
    /// where no repository's rules are at hand. Their workflows are the
    /// built-in ones with the built-in roles, their templates the built-in
    /// ones: what a repository overrides is not here (ask its rules).
    pub fn builtin() -> &'static Kinds {
        static KINDS: OnceLock<Kinds> = OnceLock::new();
        KINDS.get_or_init(|| Kinds::of_builtins(Roles::default()))
    }

    /// The built-in kinds where they live by default, compiled with
    /// `roles`, made anew ([`Kinds::builtin`] keeps one made with the
    /// built-in roles).
    pub fn of_builtins(roles: Roles) -> Kinds {
        Kinds::new(
            super::BUILTIN
                .iter()
                .map(|(name, _)| KindSource {
                    name: (*name).to_owned(),
                    own: None,
                    dir: None,
                })
                .collect(),
            roles,
            BTreeMap::new(),
        )
    }

    pub fn iter(&self) -> impl Iterator<Item = &Kind> {
        self.0.iter()
    }

    /// The kind named `name`.
    pub fn get(&self, name: &str) -> Option<&Kind> {
        self.0.iter().find(|k| k.name() == name)
    }

    /// The kind whose items live at `path` (relative to the root).
    pub fn at(&self, path: &str) -> Option<&Kind> {
        self.0.iter().find(|k| k.items.holds(path))
    }

    /// The kind named `name`, or a kind nothing is known of by that name
    /// (read as its state is in `status`; its workflow says why it is no
    /// kind here).
    pub fn named(&self, name: &str) -> Kind {
        match self.get(name) {
            Some(k) => k.clone(),
            None => Kind {
                shape: Arc::new(Shape::plain(name)),
                items: Arc::default(),
                sources: self.1.clone(),
                at: None,
                code: None,
            },
        }
    }

    /// The kind the file at `path` is read as, given what it says of its
    /// own kind (`kind:`, if anything): a file with no `kind` whose path a
    /// kind with an `id_field` holds is that kind's; otherwise its
    /// `kind`'s (one nothing is known of, if there is none: with no `kind`
    /// at all, one with no name, whose files lack the field).
    pub fn kind_for(&self, path: &str, kind_field: Option<&str>) -> Kind {
        match kind_field {
            None => match self.at(path) {
                Some(k) if k.shape.id_field.is_some() => k.clone(),
                _ => self.named(""),
            },
            Some(name) => self.named(name),
        }
    }
}

/// The top-level `state_field:` a built-in workflow gives, if any.
fn state_field_of_tree(tree: &'static Node) -> Option<String> {
    tree.get("state_field")?
        .read::<Option<String>>()
        .ok()?
        .filter(|f| !f.trim().is_empty())
}

/// The top-level `state_field:` a workflow's text gives, if any.
fn state_field_of_source(src: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct Only {
        state_field: Option<String>,
    }
    let line = src.lines().find(|l| l.starts_with("state_field:"))?;
    serde_saphyr::from_str::<Only>(line)
        .ok()?
        .state_field
        .filter(|f| !f.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUTAGE: &str = "workflow: outage\nstate_field: \"phase\" # where the state is\nitems:\n  dir: docs/outages\n  file: \"{id}.md\"\n  new_id: sequence\n";
    const PROBE: &str = "workflow: probe\nitems:\n  dir: probes\n  file: \"{id}.json\"\n  format: json\n  id_field: probe_id\n";

    #[test]
    fn a_teams_kind_says_its_own_state_field_and_id_field() {
        let kinds = registry(
            &[("outage", None), ("probe", None)],
            &[("outage", Some(OUTAGE)), ("probe", Some(PROBE))],
            &[],
        );
        let outage = kinds.get("outage").unwrap();
        assert_eq!(outage.shape.state_field, "phase");
        assert_eq!(outage.shape.id_field, None);
        let probe = kinds.get("probe").unwrap();
        assert_eq!(probe.shape.state_field, "status");
        assert_eq!(probe.shape.id_field.as_deref(), Some("probe_id"));
        assert_eq!(kinds.kind_for("probes/7.json", None), "probe");
        assert_eq!(
            kinds
                .kind_for("docs/outages/1.md", Some("outage"))
                .shape
                .state_field,
            "phase"
        );
        assert_eq!(
            kinds.kind_for("x.md", Some("nothing")).shape.state_field,
            "status"
        );
        assert_eq!(kinds.kind_for("x.md", None), "");
    }

    #[test]
    fn a_file_naming_no_kind_is_read_as_a_kind_whose_workflow_says_why() {
        let kinds = registry(
            &[("story", None), ("notes", None)],
            &[("notes", Some("states: {}\n"))],
            &[],
        );
        let said = |name: &str| {
            let kind = kinds.named(name);
            assert!(!kind.is_known(), "{name}");
            assert!(!kind.items.holds("notes/1.md"), "{name}");
            match kind.workflow().unwrap_err() {
                NoWorkflow::Workflow(e) => (e.origin.clone(), e.message.to_string()),
                NoWorkflow::Unknown(m) => (String::new(), m.to_string()),
            }
        };
        // No workflow by that name.
        assert_eq!(said("nothing").1, "there is no workflow `nothing`");
        // A workflow file that says nowhere its items live: said at it.
        let (path, message) = said("notes");
        assert_eq!(path, ".orx/workflows/notes.yaml");
        assert!(message.starts_with("`items` is missing"), "{message}");
        // A name no kind may have.
        assert_eq!(said("Not A Kind").1, "unknown kind `Not A Kind`");
        // The registry's own kinds are known, and equal by name.
        assert!(kinds.named("story").is_known());
        assert_eq!(kinds.named("story"), *kinds.get("story").unwrap());
    }

    #[test]
    fn the_builtin_kinds_keep_their_state_fields() {
        let agent = Kinds::builtin()
            .iter()
            .find(|k| k.shape.state_field != "status");
        assert!(agent.is_some(), "a built-in kind keeps its state elsewhere");
        assert!(Kinds::builtin().iter().any(|k| k.shape.id_field.is_some()));
    }

    #[test]
    fn a_builtin_kinds_shape_from_its_tree_is_that_of_its_yaml() {
        let mut fields = Vec::new();
        for (name, src) in crate::workflow::BUILTIN {
            let tree = crate::workflow::builtin_tree(name).unwrap();
            let items = Items::of_tree(tree);
            assert!(items.is_some(), "{name}");
            assert_eq!(
                format!("{items:?}"),
                format!("{:?}", Items::of_source(src)),
                "{name}"
            );
            let field = state_field_of_tree(tree);
            assert_eq!(field, state_field_of_source(src), "{name}");
            fields.extend(field);
        }
        assert!(!fields.is_empty(), "a built-in kind says its state field");
    }

    /// A registry of built-in kinds (`(name, directory)`) over `workflow`
    /// files of their own and the repository's `templates`, each
    /// `(name, text)`: `None` for a file that is not UTF-8.
    fn registry(
        kinds: &[(&str, Option<&str>)],
        workflows: &[(&str, Option<&str>)],
        templates: &[(&str, Option<&str>)],
    ) -> Kinds {
        let own = |dir: &str, ext: &str, name: &str, text: &Option<&str>| OwnFile {
            path: format!(".orx/{dir}/{name}.{ext}"),
            text: text.map(str::to_owned),
        };
        Kinds::new(
            kinds
                .iter()
                .map(|(name, dir)| KindSource {
                    name: (*name).to_owned(),
                    own: workflows
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(n, t)| own("workflows", "yaml", n, t)),
                    dir: dir.map(str::to_owned),
                })
                .collect(),
            Roles::default(),
            templates
                .iter()
                .map(|(n, t)| ((*n).to_owned(), own("templates", "md", n, t)))
                .collect(),
        )
    }

    #[test]
    fn a_kind_compiles_its_workflow_once_and_finds_its_template() {
        let kinds = registry(
            &[("story", Some("stories")), ("goal", None)],
            &[],
            &[("story", Some("# our story\n"))],
        );
        let story = kinds.get("story").unwrap();
        assert_eq!(story.items.dir.as_deref(), Some("stories"));
        let (first, again) = (story.workflow().unwrap(), story.workflow().unwrap());
        assert!(Arc::ptr_eq(&first, &again), "compiled once, then kept");
        assert_eq!(first.name, "story");
        // The repository's own template, else the built-in one.
        assert_eq!(story.template().unwrap(), Some("# our story\n"));
        let goal = kinds.get("goal").unwrap();
        assert_eq!(goal.template().unwrap(), Some(GOAL_TEMPLATE));
        // A clone is the same kind: it shares what was compiled.
        assert!(Arc::ptr_eq(&story.clone().workflow().unwrap(), &first));
    }

    #[test]
    fn a_workflow_file_that_is_not_utf8_is_said_where_it_is() {
        let kinds = registry(&[("story", None)], &[("story", None)], &[]);
        let NoWorkflow::Workflow(e) = kinds.get("story").unwrap().workflow().unwrap_err() else {
            panic!("a workflow file's error");
        };
        assert_eq!(e.origin, ".orx/workflows/story.yaml");
        assert_eq!(
            e.to_message().render(crate::text::message::Lang::En),
            "invalid workflow .orx/workflows/story.yaml: not valid UTF-8"
        );
        // A template that is not UTF-8 is a failure on its file, not a
        // workflow's.
        let kinds = registry(&[("story", None)], &[], &[("story", None)]);
        let e = kinds.get("story").unwrap().template().unwrap_err();
        assert_eq!(
            e.to_message().render(crate::text::message::Lang::En),
            ".orx/templates/story.md is not valid UTF-8"
        );
    }
}
