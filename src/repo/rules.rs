//! The rules in force: the config and the workflows.
//!
//! Commands read them from the work tree; the hooks and `verify` read them
//! from a commit's tree (the rules in force before the change being judged),
//! so a commit cannot loosen the rules it is judged by. Either way the rule
//! files are read into memory first, and workflows are loaded from them on
//! demand and kept.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use crate::error::{Error, Result};
use crate::git::{GitError, Repo, Side};
use crate::repo::config::{CONFIG_PATH, Config};
use crate::workflow::Workflow;
use crate::workflow::role::Roles;

/// Where workflow overrides live.
pub const WORKFLOWS_DIR: &str = ".orx/workflows";
/// Where the Human acknowledges past violations.
pub const ACKNOWLEDGED_PATH: &str = ".orx/acknowledged.yaml";
/// Where template overrides live.
pub const TEMPLATES_DIR: &str = ".orx/templates";

/// The built-in story template; its `<!-- orx: ... -->` markers declare
/// what the SM's quality check measures (see [`crate::engine::checklist`]).
pub const STORY_TEMPLATE: &str = include_str!("../../templates/stories/story.md");
/// The example story `git orx new --example` writes: the template's
/// sections, written.
pub const EXAMPLE_STORY: &str = include_str!("../../templates/stories/example.md");

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
    workflows: Mutex<BTreeMap<String, Arc<Workflow>>>,
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
                message: "is not valid UTF-8".to_owned(),
            })
        })?;
        let config = Config::parse(text)?;
        let roles = config.roles();
        Ok(Some(Rules {
            config,
            roles,
            files,
            workflows: Mutex::new(BTreeMap::new()),
        }))
    }

    pub fn lang(&self) -> &str {
        &self.config.lang
    }

    /// The story directory relative to the root, with `/` separators.
    pub fn stories_dir(&self) -> &str {
        self.config.stories.trim_end_matches('/')
    }

    /// The workflow for `kind`: the built-in one with the repository's
    /// `.orx/workflows/<kind>.yaml` laid over it. Loaded once.
    pub fn workflow(&self, kind: &str) -> Result<Arc<Workflow>> {
        let mut cache = self.workflows.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(wf) = cache.get(kind) {
            return Ok(wf.clone());
        }
        let valid_name = !kind.is_empty()
            && kind
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-' || c == '_');
        if !valid_name {
            return Err(Error::Usage(format!(
                "unknown kind `{}`",
                crate::text::escape(kind)
            )));
        }
        let rel = format!("{WORKFLOWS_DIR}/{kind}.yaml");
        let override_src = match self.files.get(&rel) {
            Some(bytes) => Some(
                std::str::from_utf8(bytes)
                    .map_err(|_| Error::Failed(format!("{rel}: not valid UTF-8")))?,
            ),
            None => None,
        };
        let wf = Arc::new(Workflow::load(
            kind,
            override_src.map(|s| (s, rel.as_str())),
            &self.roles,
        )?);
        cache.insert(kind.to_owned(), wf.clone());
        Ok(wf)
    }

    /// The template of `kind`'s items: the repository's
    /// `.orx/templates/<kind>.md`, else the built-in one, if there is one.
    pub fn template(&self, kind: &str) -> Result<Option<&str>> {
        let rel = format!("{TEMPLATES_DIR}/{kind}.md");
        match self.files.get(&rel) {
            Some(bytes) => std::str::from_utf8(bytes)
                .map(Some)
                .map_err(|_| Error::Failed(format!("{rel} is not valid UTF-8"))),
            None => Ok((kind == "story").then_some(STORY_TEMPLATE)),
        }
    }

    /// The workflow override files present, as paths.
    pub fn override_files(&self) -> Vec<&str> {
        self.files
            .keys()
            .map(String::as_str)
            .filter(|p| p.starts_with(WORKFLOWS_DIR))
            .collect()
    }

    /// A hash of the rule files, for caches of what depends on them.
    pub fn fingerprint(&self, kind: &str) -> u64 {
        let parts: Vec<&[u8]> = self
            .files
            .iter()
            .flat_map(|(k, v)| [k.as_bytes(), v.as_slice()])
            .chain(std::iter::once(kind.as_bytes()))
            // The built-in workflow too: a new build may change it.
            .chain(crate::workflow::builtin_source(kind).map(str::as_bytes))
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
