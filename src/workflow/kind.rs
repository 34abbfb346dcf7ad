//! A kind of item as a value: its name, where its items live and how its
//! files are read (the field that holds the state, the field that holds
//! the ID in files written without `kind` and `id`), built once by the
//! registry from the workflow files, built-in or a team's own.
//!
//! Items are read before their workflow is compiled (the board reads
//! thousands), so a kind is read from its workflow file's top-level
//! `items:` and `state_field:` only; the workflow itself is compiled when a
//! rule is asked of it.

use std::sync::Arc;

use serde::Deserialize;

use super::items::Items;

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

/// A kind of item: its shape and where its items live.
#[derive(Clone, Debug)]
pub struct Kind {
    pub shape: Arc<Shape>,
    pub items: Items,
}

impl Kind {
    /// The kind named `name` from its workflow's text (a team's own file,
    /// else the built-in one's where it has no `items:`/`state_field:` of
    /// its own), if the text says where its items live.
    pub fn from_sources(name: &str, own: Option<&str>, builtin: Option<&str>) -> Option<Kind> {
        let items = own
            .and_then(Items::of_source)
            .or_else(|| builtin.and_then(Items::of_source))?;
        let state_field = builtin
            .and_then(state_field_of_source)
            .or_else(|| own.and_then(state_field_of_source))
            .unwrap_or_else(|| "status".to_owned());
        Some(Kind {
            shape: Arc::new(Shape {
                kind: name.to_owned(),
                state_field,
                id_field: items.id_field.clone(),
            }),
            items,
        })
    }

    pub fn name(&self) -> &str {
        &self.shape.kind
    }

    /// The same kind with its items in `dir` (the config's `stories:` for
    /// the default kind).
    pub fn with_dir(mut self, dir: &str) -> Kind {
        self.items = self.items.with_dir(dir);
        self
    }
}

/// The kinds of a repository, built-in first: the one answer to which kind
/// a file is and how it is read.
#[derive(Clone, Debug, Default)]
pub struct Kinds(Vec<Kind>);

impl Kinds {
    pub fn new(kinds: Vec<Kind>) -> Kinds {
        Kinds(kinds)
    }

    /// The built-in kinds, where they live by default: for reading files
    /// where no repository's rules are at hand.
    pub fn builtin() -> &'static Kinds {
        static KINDS: std::sync::OnceLock<Kinds> = std::sync::OnceLock::new();
        KINDS.get_or_init(|| {
            Kinds(
                super::BUILTIN
                    .iter()
                    .filter_map(|(name, src)| Kind::from_sources(name, None, Some(src)))
                    .collect(),
            )
        })
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

    /// How the file at `path` is read, given what it says of its own kind
    /// (`kind:`, if anything): a file with no `kind` whose path a kind
    /// with an `id_field` holds is that kind's; otherwise its `kind`'s
    /// shape (that of a kind nothing is known of, if none).
    pub fn shape_for(&self, path: &str, kind_field: Option<&str>) -> Arc<Shape> {
        match kind_field {
            None => match self.at(path) {
                Some(k) if k.shape.id_field.is_some() => k.shape.clone(),
                _ => Arc::new(Shape::plain("")),
            },
            Some(name) => match self.get(name) {
                Some(k) => k.shape.clone(),
                None => Arc::new(Shape::plain(name)),
            },
        }
    }
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
        let outage = Kind::from_sources("outage", Some(OUTAGE), None).unwrap();
        assert_eq!(outage.shape.state_field, "phase");
        assert_eq!(outage.shape.id_field, None);
        let probe = Kind::from_sources("probe", Some(PROBE), None).unwrap();
        assert_eq!(probe.shape.state_field, "status");
        assert_eq!(probe.shape.id_field.as_deref(), Some("probe_id"));
        let kinds = Kinds::new(vec![outage, probe]);
        assert_eq!(kinds.shape_for("probes/7.json", None).kind, "probe");
        assert_eq!(
            kinds
                .shape_for("docs/outages/1.md", Some("outage"))
                .state_field,
            "phase"
        );
        assert_eq!(
            kinds.shape_for("x.md", Some("nothing")).state_field,
            "status"
        );
        assert_eq!(kinds.shape_for("x.md", None).kind, "");
    }

    #[test]
    fn the_builtin_kinds_keep_their_state_fields() {
        let agent = Kinds::builtin()
            .iter()
            .find(|k| k.shape.state_field != "status");
        assert!(agent.is_some(), "a built-in kind keeps its state elsewhere");
        assert!(Kinds::builtin().iter().any(|k| k.shape.id_field.is_some()));
    }
}
