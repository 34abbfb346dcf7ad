//! The rules in force: the config and the workflows.
//!
//! Commands read them from the work tree; the hooks and `verify` read them
//! from a commit's tree (the rules in force before the change being judged),
//! so a commit cannot loosen the rules it is judged by. Either way the rule
//! files are read into memory first, and workflows are loaded from them on
//! demand and kept.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

use crate::error::{Error, Result};
use crate::git::{GitError, Repo, Side};
use crate::repo::config::{CONFIG_PATH, Config};
use crate::text::message::Message;
use crate::workflow::Workflow;
use crate::workflow::items::Items;
pub use crate::workflow::kind::valid_kind_name;
use crate::workflow::kind::{Kind, KindSource, Kinds, OwnFile};
use crate::workflow::role::Roles;

/// Where workflow overrides live.
pub const WORKFLOWS_DIR: &str = ".orx/workflows";
/// Where the Human acknowledges past violations.
pub const ACKNOWLEDGED_PATH: &str = ".orx/acknowledged.yaml";
/// Where template overrides live.
pub const TEMPLATES_DIR: &str = ".orx/templates";

pub use crate::workflow::kind::{
    BUILTIN_TEMPLATES, GOAL_TEMPLATE, STORY_TEMPLATE, builtin_template,
};

/// The example story `git orx new --example` writes: the template's
/// sections, written.
pub const EXAMPLE_STORY: &str = include_str!("../../templates/stories/example.md");

/// The files `git orx kind new` writes for a new kind: its workflow and,
/// when the kind it is made from has one, its template, each as (path,
/// text).
#[derive(Debug)]
pub struct Scaffold {
    pub files: Vec<(String, String)>,
}

/// The built-in example of the built-in template `name`, if it has one.
pub fn builtin_example(name: &str) -> Option<&'static str> {
    BUILTIN_EXAMPLES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

/// The built-in examples (`new --example`), by their template's name.
pub const BUILTIN_EXAMPLES: &[(&str, &str)] = &[("story", EXAMPLE_STORY)];

/// Files that define the rules (and the Human's acknowledgements of past
/// violations): changing them needs the Human.
pub fn is_rule_file(path: &str) -> bool {
    path == CONFIG_PATH
        || path == ACKNOWLEDGED_PATH
        || path.starts_with(".orx/workflows/")
        || path.starts_with(".orx/templates/")
}

/// The rule files (`.orx/config.yaml`, `.orx/workflows/*.yaml`,
/// `.orx/templates/*.md`) of a commit.
pub fn files_at_commit(repo: &Repo, rev: &str) -> Result<BTreeMap<String, Vec<u8>>, GitError> {
    files_on(repo, &Side::Commit(rev.to_owned()))
}

/// The rule files on any side (a commit, the index).
pub fn files_on(repo: &Repo, side: &Side) -> Result<BTreeMap<String, Vec<u8>>, GitError> {
    repo.files_on(
        side,
        &[CONFIG_PATH],
        &[(WORKFLOWS_DIR, ".yaml"), (TEMPLATES_DIR, ".md")],
    )
}

pub struct Rules {
    pub config: Config,
    pub roles: Roles,
    /// `.orx/config.yaml`, `.orx/workflows/*.yaml` and `.orx/templates/*.md`,
    /// by path.
    files: BTreeMap<String, Vec<u8>>,
    /// The kinds and where their items live, read once.
    registry: std::sync::OnceLock<Kinds>,
}

impl Rules {
    /// The rules from their files; `Ok(None)` when there is no config, i.e.
    /// git-orx is not set up there.
    pub fn from_files(files: BTreeMap<String, Vec<u8>>) -> Result<Option<Rules>> {
        let Some(config) = files.get(CONFIG_PATH) else {
            return Ok(None);
        };
        let text = std::str::from_utf8(config).map_err(|_| {
            Error::Config(crate::repo::config::ConfigError {
                pos: None,
                message: crate::msg!("not-valid-utf-8"),
            })
        })?;
        let config = Config::parse(text)?;
        let roles = config.roles();
        Ok(Some(Rules {
            config,
            roles,
            files,
            registry: std::sync::OnceLock::new(),
        }))
    }

    pub fn lang(&self) -> &str {
        &self.config.lang
    }

    /// The story directory relative to the root, with `/` separators.
    pub fn stories_dir(&self) -> &str {
        self.config.stories.trim_end_matches('/')
    }

    /// The kind named `name`: the registry's one door from a name (given
    /// on the command line, written in a file) to the kind. A name that
    /// is no kind here is refused, with why when its workflow file says.
    pub fn kind(&self, name: &str) -> Result<&Kind> {
        if let Some(kind) = self.registry().get(name) {
            return Ok(kind);
        }
        // Not a kind: why, as its workflow file (if any) or its name says.
        let why = self.registry().named(name).workflow().err();
        Err(why.map_or_else(
            || {
                Error::Usage(crate::msg!(
                    "unknown-kind-name",
                    name = crate::text::escape(name)
                ))
            },
            Error::from,
        ))
    }

    /// The kinds of item: the built-in workflows, then those the
    /// repository defines in `.orx/workflows/<kind>.yaml`, each with where
    /// its items live. A workflow file whose `items:` cannot be read gives
    /// no kind here (loading it says why; `git orx check` lists it).
    pub fn registry(&self) -> &Kinds {
        self.registry.get_or_init(|| {
            let own = self.files.keys().filter_map(|p| {
                p.strip_prefix(WORKFLOWS_DIR)?
                    .strip_prefix('/')?
                    .strip_suffix(".yaml")
            });
            let mut names: Vec<&str> = crate::workflow::BUILTIN.iter().map(|(n, _)| *n).collect();
            for n in own {
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            let own_file = |rel: String| {
                self.files.get(&rel).map(|bytes| OwnFile {
                    text: std::str::from_utf8(bytes).ok().map(str::to_owned),
                    path: rel,
                })
            };
            let templates = self
                .files
                .keys()
                .filter_map(|p| {
                    let name = p
                        .strip_prefix(TEMPLATES_DIR)?
                        .strip_prefix('/')?
                        .strip_suffix(".md")?;
                    Some((name.to_owned(), own_file(p.clone())?))
                })
                .collect();
            Kinds::new(
                names
                    .into_iter()
                    .map(|name| KindSource {
                        name: name.to_owned(),
                        own: own_file(format!("{WORKFLOWS_DIR}/{name}.yaml")),
                        dir: (name == self.default_kind()).then(|| self.stories_dir().to_owned()),
                    })
                    .collect(),
                self.roles.clone(),
                templates,
            )
        })
    }

    /// The names of the kinds, built-in first.
    pub fn kinds(&self) -> Vec<&str> {
        self.registry().iter().map(Kind::name).collect()
    }

    /// The kind `new` makes when none is named, whose directory is the
    /// config's `stories:`: the first built-in workflow.
    pub fn default_kind(&self) -> &'static str {
        crate::workflow::BUILTIN[0].0
    }

    /// The kind whose items live at `path` (relative to the root), if any.
    pub fn kind_at(&self, path: &str) -> Option<&str> {
        self.registry().at(path).map(Kind::name)
    }

    /// Whether `path` holds an item of some kind.
    pub fn is_item_path(&self, path: &str) -> bool {
        self.kind_at(path).is_some()
    }

    /// Why `item` may not be at `path`, if it may not: its ID does not
    /// match its kind's ID pattern, or the path is not where the ID leads
    /// (a file named for it; the kind's path for it).
    pub fn misplaced(&self, path: &str, item: &crate::engine::item::Item) -> Option<Message> {
        if !item.kind.is_known() {
            return None;
        }
        let items = &item.kind.items;
        if let Some(problem) = items.id_problem(&item.id) {
            return Some(crate::msg!(
                "item-id-problem",
                label = item.label(),
                problem
            ));
        }
        if items.leads_to(path, &item.id) {
            return None;
        }
        Some(match &items.dir {
            Some(_) => crate::msg!(
                "item-file-named-for-id",
                label = item.label(),
                file = items
                    .file
                    .replace("{id}", &items.id_in_file(&item.id))
                    .replace("{slug}", "<title>")
            ),
            None => crate::msg!(
                "item-at-path-for-id",
                label = item.label(),
                path = match items.path_for(&item.id, "") {
                    Some(p) => Message::text(p),
                    None => crate::text::message::either(items.paths.iter().map(Message::text)),
                }
            ),
        })
    }

    /// Plans `git orx kind new NAME --from KIND [--dir DIR]`: the `from`
    /// kind's workflow text (the built-in one, else the repository's file)
    /// with its `workflow:` name and `items:` changed, and its template with
    /// `kind:` changed. Refuses a bad or taken name, an unknown `from`, a
    /// kind kept at fixed paths, a directory another kind uses; the new
    /// workflow must load.
    pub fn scaffold(&self, name: &str, from: &str, dir: Option<&str>) -> Result<Scaffold> {
        if !valid_kind_name(name) {
            return Err(Error::Usage(crate::msg!(
                "name-cannot-name-kind-use",
                name = crate::text::escape(name)
            )));
        }
        let workflow_path = format!("{WORKFLOWS_DIR}/{name}.yaml");
        if self.registry().get(name).is_some()
            || crate::workflow::builtin_source(name).is_some()
            || self.files.contains_key(&workflow_path)
        {
            return Err(Error::Exists(crate::msg!(
                "there-kind-name-already-choose",
                name = name
            )));
        }
        let Some(base) = self.registry().get(from) else {
            let guess = crate::text::closest(from, &self.kinds()).map_or_else(
                || crate::text::message::Message::text(""),
                |k| crate::msg!("did-you-mean-kind", kind = k),
            );
            return Err(Error::Usage(crate::msg!(
                "two-lines",
                first = crate::msg!(
                    "unknown-kind-to-copy-from",
                    name = crate::text::escape(from),
                    guess = guess
                ),
                second = crate::msg!("kinds-kinds", kinds = self.kinds().join(", "))
            )));
        };
        if base.items.dir.is_none() {
            return Err(Error::Usage(crate::msg!(
                "name-items-kept-fixed-paths",
                name = from,
                list = self
                    .registry()
                    .iter()
                    .filter(|k| k.items.dir.is_some())
                    .map(Kind::name)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let dir = dir
            .map(|d| d.trim_end_matches('/').to_owned())
            .unwrap_or_else(|| format!("docs/{name}s"));
        if let Some(other) = self
            .registry()
            .iter()
            .find(|k| k.items.dir.as_deref() == Some(dir.as_str()))
            .map(Kind::name)
        {
            return Err(Error::Usage(crate::msg!(
                "dir-holds-other-items-own-dir",
                dir = &dir,
                other = other
            )));
        }
        let template = base.template()?;
        let mut items = Items::clone(&base.items);
        items.dir = Some(dir);
        items.template = template.map(|_| name.to_owned());
        let source = match crate::workflow::builtin_source(from) {
            Some(src) => src.to_owned(),
            None => {
                let rel = format!("{WORKFLOWS_DIR}/{from}.yaml");
                let bytes = self
                    .files
                    .get(&rel)
                    .ok_or_else(|| Error::Failed(crate::msg!("path-missing", path = &rel)))?;
                std::str::from_utf8(bytes)
                    .map_err(|_| Error::Failed(crate::msg!("path-not-valid-utf", path = &rel)))?
                    .to_owned()
            }
        };
        let text = format!(
            "# The `{name}` kind, made from the `{from}` workflow by `git orx kind new`.\n# Change it as you need: its states, transitions and roles are data, and\n# this whole file is the workflow (nothing is laid over a built-in one).\n\n{}",
            with_section(
                &rename_workflow(without_header(&source), name, from),
                &items.to_yaml(),
                name
            )
        );
        Workflow::load(name, Some((&text, &workflow_path)), &self.roles)?;
        let mut files = vec![(workflow_path, text)];
        if let Some(t) = template {
            files.push((
                format!("{TEMPLATES_DIR}/{name}.md"),
                rename_kind(t, from, name),
            ));
        }
        Ok(Scaffold { files })
    }

    /// The directories items live in (every kind's), for diffs.
    pub fn item_dirs(&self) -> Vec<String> {
        let mut dirs: Vec<String> = self
            .registry()
            .iter()
            .flat_map(|k| k.items.dirs())
            .collect();
        dirs.sort();
        dirs.dedup();
        dirs
    }

    /// The workflow override files present, as paths.
    pub fn override_files(&self) -> Vec<&str> {
        self.files
            .keys()
            .map(String::as_str)
            .filter(|p| p.starts_with(WORKFLOWS_DIR))
            .collect()
    }

    /// [`Rules::fingerprint`] with the language `lang` the text is said
    /// in (the config's, or the one a command was asked for): for caches
    /// of text shown to the user, such as the board's summaries.
    pub fn fingerprint_in_lang(&self, kind: &str, lang: &str) -> u64 {
        self.hash_with(kind, Some(lang))
    }

    /// A hash of the rule files, for caches of what depends on them.
    pub fn fingerprint(&self, kind: &str) -> u64 {
        self.hash_with(kind, None)
    }

    /// The rule files, the kind and `lang`, hashed with the build's own
    /// workflows (see [`fingerprint`]).
    fn hash_with(&self, kind: &str, lang: Option<&str>) -> u64 {
        let parts: Vec<&[u8]> = self
            .files
            .iter()
            .flat_map(|(k, v)| [k.as_bytes(), v.as_slice()])
            .chain([kind.as_bytes()])
            .chain(lang.map(str::as_bytes))
            .collect();
        fingerprint(&parts)
    }
}

/// A hash of everything besides the file itself that a summary depends on.
fn fingerprint(parts: &[&[u8]]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    env!("CARGO_PKG_VERSION").hash(&mut h);
    // The built-in workflows too: a build with other rules sees other summaries.
    for (name, src) in crate::workflow::BUILTIN {
        (name, src).hash(&mut h);
    }
    for p in parts {
        p.hash(&mut h);
    }
    h.finish()
}

/// `text` without the comment lines (and blank lines) it starts with.
fn without_header(text: &str) -> &str {
    let mut rest = text;
    while let Some((line, after)) = rest.split_once('\n') {
        if !(line.starts_with('#') || line.trim().is_empty()) {
            break;
        }
        rest = after;
    }
    rest
}

/// `text` with its top-level `workflow:` line naming `name` (and its
/// `description:` saying where it came from).
fn rename_workflow(text: &str, name: &str, from: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut done = false;
    for line in text.split_inclusive('\n') {
        if !done && line.starts_with("workflow:") {
            out.push_str(&format!("workflow: {name}\n"));
            done = true;
        } else if line.starts_with("description:") {
            out.push_str(&format!(
                "description: {name} lifecycle (made from {from}'s)\n"
            ));
        } else if ["en:", "zh:", "- en:", "desc:", "- desc:", "description:"]
            .iter()
            .any(|k| line.trim_start().starts_with(k))
        {
            // What users read names the new kind: `Ticket 1.1 is done!`.
            out.push_str(&crate::text::renamed_words(line, from, name));
        } else {
            out.push_str(line);
        }
    }
    if !done {
        out = format!("workflow: {name}\n{out}");
    }
    out
}

/// `text` with its top-level `items:` section (and the comment right above
/// it) replaced by `section`, or `section` added after the `workflow:` line.
fn with_section(text: &str, section: &str, name: &str) -> String {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let section = format!("# Where {name} items live and how they are named and made.\n{section}");
    match lines.iter().position(|l| l.starts_with("items:")) {
        Some(start) => {
            let mut first = start;
            while first > 0 && lines[first - 1].starts_with('#') {
                first -= 1;
            }
            let mut end = start + 1;
            while end < lines.len() && (lines[end].starts_with(' ') || lines[end].starts_with('\t'))
            {
                end += 1;
            }
            format!(
                "{}{section}{}",
                lines[..first].concat(),
                lines[end..].concat()
            )
        }
        None => {
            let at = lines
                .iter()
                .position(|l| l.starts_with("workflow:"))
                .map_or(0, |i| i + 1);
            format!(
                "{}\n{section}\n{}",
                lines[..at].concat(),
                lines[at..].concat()
            )
        }
    }
}

/// A template with its frontmatter's `kind: from` saying `kind: name`.
fn rename_kind(template: &str, from: &str, name: &str) -> String {
    let mut out = String::with_capacity(template.len());
    let mut done = false;
    for line in template.split_inclusive('\n') {
        if !done && line.trim_end() == format!("kind: {from}") {
            out.push_str(&format!("kind: {name}"));
            out.push_str(&line[line.trim_end().len()..]);
            done = true;
        } else {
            out.push_str(line);
        }
    }
    out
}
