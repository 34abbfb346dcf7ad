//! Setting a repository up for git-orx (`git orx init`). Idempotent: what
//! exists is kept; only what is missing is created, and `--lang` changes the
//! language in place without touching the rest of the config.

use serde_json::json;

use crate::doc::Document;
use crate::engine::store::{self, Lock};
use crate::error::{Error, Result};
use crate::git::Repo;
use crate::repo::config::{CONFIG_PATH, Config, LANGS, initial_text};
use crate::text::message::Message;

/// What `init` did or found, one entry per file or directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Created(String),
    Updated(String),
    Kept(String),
}

///
/// With `dry_run`, the steps are what it would do, and nothing is written.
pub fn init(repo: &Repo, lang: Option<&str>, dry_run: bool) -> Result<Vec<Step>> {
    if let Some(l) = lang
        && !LANGS.contains(&l)
    {
        return Err(Error::Usage(crate::msg!(
            "language-lang-not-supported-use",
            lang = crate::text::escape(l)
        )));
    }
    let root = repo.root();
    let orx_dir = repo.orx_dir();
    // A dry run takes no lock: it writes nothing, not even the lock file.
    let lock = if dry_run {
        None
    } else {
        Some(Lock::acquire(&orx_dir)?)
    };
    let mut steps = Vec::new();
    let config = match Config::load(root)? {
        None => {
            let text = initial_text(lang.unwrap_or("en"));
            write_unless_dry(&lock, root, &orx_dir, CONFIG_PATH, None, text.as_bytes())?;
            steps.push(Step::Created(CONFIG_PATH.to_owned()));
            Config::parse(&text)?
        }
        Some(config) => match lang {
            Some(l) if l != config.lang => {
                let old = std::fs::read_to_string(root.join(CONFIG_PATH)).map_err(|e| {
                    Error::io(crate::msg!("cannot-read-path", path = CONFIG_PATH), e)
                })?;
                let doc = Document::parse_yaml(old.clone())
                    .and_then(|d| d.set(&["lang"], &json!(l)))
                    .map_err(|e| failed_at(CONFIG_PATH, e.said()))?;
                write_unless_dry(
                    &lock,
                    root,
                    &orx_dir,
                    CONFIG_PATH,
                    Some(old.as_bytes()),
                    doc.text().as_bytes(),
                )?;
                steps.push(Step::Updated(format!("{CONFIG_PATH} (lang: {l})")));
                Config {
                    lang: l.to_owned(),
                    ..config
                }
            }
            _ => {
                steps.push(Step::Kept(CONFIG_PATH.to_owned()));
                config
            }
        },
    };
    let dir = root.join(&config.stories);
    if dir.is_dir() {
        steps.push(Step::Kept(format!("{}/", config.stories)));
    } else {
        if !dry_run {
            std::fs::create_dir_all(&dir).map_err(|e| {
                Error::io(
                    crate::msg!("cannot-make-directory", path = &config.stories),
                    e,
                )
            })?;
        }
        steps.push(Step::Created(format!("{}/", config.stories)));
    }
    Ok(steps)
}

/// `init --preset NAME`: the preset's workflow and template as the
/// repository's story workflow and template (kept when they exist), and
/// its roles in the config.
/// With `dry_run`, the steps are what it would do (over the config `init`
/// would write, when there is none yet), and nothing is written.
pub fn install_preset(repo: &Repo, name: &str, dry_run: bool) -> Result<Vec<Step>> {
    let preset = crate::repo::presets::find(name)?;
    let root = repo.root();
    let orx_dir = repo.orx_dir();
    // A dry run takes no lock: it writes nothing, not even the lock file.
    let lock = if dry_run {
        None
    } else {
        Some(Lock::acquire(&orx_dir)?)
    };
    let mut steps = Vec::new();
    for (path, text) in [
        (crate::repo::presets::workflow_path(), preset.workflow),
        (crate::repo::presets::template_path(), preset.template),
    ] {
        if root.join(&path).exists() {
            steps.push(Step::Kept(path));
        } else {
            write_unless_dry(&lock, root, &orx_dir, &path, None, text.as_bytes())?;
            steps.push(Step::Created(path));
        }
    }
    let old = match std::fs::read_to_string(root.join(CONFIG_PATH)) {
        Err(e) if dry_run && e.kind() == std::io::ErrorKind::NotFound => initial_text("en"),
        read => {
            read.map_err(|e| Error::io(crate::msg!("cannot-read-path", path = CONFIG_PATH), e))?
        }
    };
    let config = Config::parse(&old)?;
    let mut roles = config.roles.clone();
    for r in preset.roles {
        if !roles.iter().any(|x| x.eq_ignore_ascii_case(r)) {
            roles.push((*r).to_owned());
        }
    }
    if roles != config.roles {
        let doc = Document::parse_yaml(old.clone())
            .and_then(|d| d.set(&["roles"], &json!(roles)))
            .map_err(|e| failed_at(CONFIG_PATH, e.said()))?;
        write_unless_dry(
            &lock,
            root,
            &orx_dir,
            CONFIG_PATH,
            Some(old.as_bytes()),
            doc.text().as_bytes(),
        )?;
        steps.push(Step::Updated(format!(
            "{CONFIG_PATH} (roles: {})",
            roles.join(", ")
        )));
    }
    Ok(steps)
}

/// Writes `rel` through the store, unless this is a dry run (which holds
/// no lock and writes nothing).
fn write_unless_dry(
    lock: &Option<Lock>,
    root: &std::path::Path,
    orx_dir: &std::path::Path,
    rel: &str,
    old: Option<&[u8]>,
    new: &[u8],
) -> Result<()> {
    match lock {
        Some(lock) => Ok(store::write(lock, root, orx_dir, rel, old, new)?),
        None => Ok(()),
    }
}

/// A failure on the file at `path`: where, then what the reader said.
fn failed_at(path: &str, text: Message) -> Error {
    Error::Failed(crate::msg!("path-text", path, text))
}
