//! A repository set up for git-orx: its git repo, config, workflows and items.

use std::collections::BTreeMap;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::engine::item::{Item, ItemError, read_checked};
use crate::error::{Error, Result};
use crate::git::Repo;
use crate::repo::config::CONFIG_PATH;
use crate::repo::rules::{Rules, TEMPLATES_DIR, WORKFLOWS_DIR};
use crate::text::message::Message;
use crate::workflow::kind::Kind;

/// A repository set up for git-orx, with the rules in force: those
/// committed at HEAD (the ones the hooks and `verify` judge by), or the work
/// tree's before the setup is first committed. Dereferences to [`Rules`]
/// (`ws.kind("story")`, `ws.config`, ...).
pub struct Workspace {
    pub repo: Repo,
    pub rules: Rules,
    /// Rule files whose work-tree version differs from the one in force.
    pub pending: Vec<String>,
    /// How long a change waits for the repository lock (and git's own).
    pub lock_wait: std::time::Duration,
    /// The language the command speaks in when it is not the config's
    /// (`--lang`): what the library words for it (handoffs, prompts) is
    /// said in this one.
    pub speaks: Option<String>,
}

impl Deref for Workspace {
    type Target = Rules;
    fn deref(&self) -> &Rules {
        &self.rules
    }
}

pub use crate::workflow::role::RoleSource;

/// The rule files of a work tree: `.orx/config.yaml` and
/// `.orx/workflows/*.yaml`.
pub fn worktree_rule_files(root: &Path) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut files = BTreeMap::new();
    let mut read = |rel: String| -> Result<()> {
        let path = root.join(&rel);
        match read_checked(&path) {
            Ok(bytes) => {
                files.insert(rel, bytes);
                Ok(())
            }
            // Absent; any other failure (permissions) is not absence.
            Err(_)
                if path
                    .symlink_metadata()
                    .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) =>
            {
                Ok(())
            }
            Err(e) => Err(e.or_refused(&rel, |m| {
                Error::Failed(crate::msg!("path-space-text", path = &rel, text = m))
            })),
        }
    };
    read(CONFIG_PATH.to_owned())?;
    for (dir, ext) in [(WORKFLOWS_DIR, ".yaml"), (TEMPLATES_DIR, ".md")] {
        let entries = match std::fs::read_dir(root.join(dir)) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                return Err(Error::io(
                    crate::msg!("cannot-list-directory", path = dir),
                    e,
                ));
            }
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(ext))
            .collect();
        names.sort();
        for n in names {
            read(format!("{dir}/{n}"))?;
        }
    }
    Ok(files)
}

impl Workspace {
    /// The current repository; it must have `.orx/config.yaml`.
    pub fn open() -> Result<Workspace> {
        Workspace::from_repo(Repo::discover()?)
    }

    /// The repository whose work tree holds `path`; it must have
    /// `.orx/config.yaml`.
    pub fn open_at(path: &Path) -> Result<Workspace> {
        Workspace::from_repo(Repo::open(path)?)
    }

    fn from_repo(repo: Repo) -> Result<Workspace> {
        // A git-orx process killed while committing left the user's index
        // behind HEAD: finish it first, unless a live one holds the lock.
        if repo.has_interrupted_commit()
            && let Ok(_lock) =
                crate::engine::store::Lock::acquire_within(&repo.orx_dir(), Duration::ZERO)
        {
            repo.finish_interrupted_commit()?;
        }
        let work = worktree_rule_files(repo.root())?;
        let head = if repo.has_head() {
            crate::repo::rules::files_at_commit(&repo, "HEAD")?
        } else {
            BTreeMap::new()
        };
        let (files, pending) = if head.contains_key(CONFIG_PATH) {
            let mut pending: Vec<String> = work
                .iter()
                .filter(|(p, b)| head.get(*p) != Some(*b))
                .map(|(p, _)| p.clone())
                .chain(head.keys().filter(|p| !work.contains_key(*p)).cloned())
                .collect();
            if !pending.is_empty() {
                // Other bytes need not be a change: git compares after its
                // conversions (core.autocrlf, filters), so ask git.
                let paths: Vec<&str> = pending.iter().map(String::as_str).collect();
                let changed = repo.dirty(&paths)?;
                pending.retain(|p| changed.contains(p));
            }
            pending.sort();
            (head, pending)
        } else {
            (work, Vec::new())
        };
        let rules = Rules::from_files(files)?.ok_or(Error::NotInitialised)?;
        Ok(Workspace {
            repo,
            rules,
            pending,
            lock_wait: crate::engine::store::LOCK_WAIT,
            speaks: None,
        })
    }

    /// The language the command speaks in: the one it was told
    /// ([`Workspace::speaks`]), else the config's.
    pub fn lang(&self) -> &str {
        self.speaks.as_deref().unwrap_or(self.rules.lang())
    }

    pub fn root(&self) -> &Path {
        self.repo.root()
    }

    /// The item files directly in the story directory (the default
    /// kind's), sorted, as paths relative to the root.
    pub fn story_files(&self) -> Result<Vec<String>> {
        Ok(self.story_listing()?.0)
    }

    /// The story directory on disk (see [`Workspace::dir_path`]).
    pub fn stories_path(&self) -> Result<PathBuf> {
        self.dir_path(self.stories_dir())
    }

    /// A directory of items on disk. None of it may be a symbolic link: a
    /// link could lead reads and writes outside the repository.
    pub fn dir_path(&self, dir: &str) -> Result<PathBuf> {
        let mut path = self.root().to_path_buf();
        for part in Path::new(dir).components() {
            path.push(part);
            if path
                .symlink_metadata()
                .is_ok_and(|m| m.file_type().is_symlink())
            {
                return Err(Error::Failed(crate::msg!(
                    "path-symbolic-link-item-directory",
                    path = path
                        .strip_prefix(self.root())
                        .unwrap_or(&path)
                        .display()
                        .to_string(),
                    dir = dir
                )));
            }
        }
        Ok(path)
    }

    /// The story files, and the files whose names are not UTF-8 (as lossy
    /// text): git-orx cannot name those, so they are problems.
    pub fn story_listing(&self) -> Result<(Vec<String>, Vec<String>)> {
        self.item_listing(self.kind(self.default_kind())?)
    }

    /// The files of `kind`'s items, sorted, and those whose names are not
    /// UTF-8 (as lossy text): in its directory, or at its paths.
    pub fn item_listing(&self, kind: &Kind) -> Result<(Vec<String>, Vec<String>)> {
        let items = &kind.items;
        let Some(dir) = items.dir.as_deref() else {
            let mut files = Vec::new();
            for pattern in &items.paths {
                match pattern.split_once("{id}") {
                    None => {
                        if self.root().join(pattern).symlink_metadata().is_ok() {
                            files.push(pattern.clone());
                        }
                    }
                    Some((before, _)) => {
                        let folder = before.trim_end_matches('/');
                        let Ok(entries) = std::fs::read_dir(self.root().join(folder)) else {
                            continue;
                        };
                        let mut found: Vec<String> = entries
                            .filter_map(|e| e.ok()?.file_name().into_string().ok())
                            .map(|n| format!("{folder}/{n}"))
                            .filter(|p| items.holds(p))
                            .collect();
                        found.sort();
                        files.extend(found);
                    }
                }
            }
            return Ok((files, Vec::new()));
        };
        let path = self.dir_path(dir)?;
        let entries = match std::fs::read_dir(&path) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Default::default()),
            Err(e) => {
                return Err(Error::io(
                    crate::msg!("cannot-list-directory", path = dir),
                    e,
                ));
            }
        };
        let ext = items.format.extension();
        let (mut files, mut odd) = (Vec::new(), Vec::new());
        for entry in entries.filter_map(|e| e.ok()) {
            let name = entry.file_name();
            match name.into_string() {
                Ok(n) if items.is_item_name(&n) => files.push(format!("{dir}/{n}")),
                Ok(_) => {}
                Err(raw) if raw.to_string_lossy().ends_with(ext) => {
                    odd.push(format!(
                        "{dir}/{}",
                        crate::text::escape(&raw.to_string_lossy())
                    ));
                }
                Err(_) => {}
            }
        }
        files.sort();
        odd.sort();
        Ok((files, odd))
    }

    /// Reads every story file, running `f` on each result in worker threads
    /// (so only what `f` keeps stays in memory). Results are in file order.
    pub fn scan<T: Send>(
        &self,
        f: impl Fn(std::result::Result<Item, ItemError>) -> T + Sync,
    ) -> Result<Vec<T>> {
        self.scan_kind(self.kind(self.default_kind())?, f)
    }

    /// [`Workspace::scan`] for the items of `kind`.
    pub fn scan_kind<T: Send>(
        &self,
        kind: &Kind,
        f: impl Fn(std::result::Result<Item, ItemError>) -> T + Sync,
    ) -> Result<Vec<T>> {
        let files = self.item_listing(kind)?.0;
        let root = self.root();
        let kinds = self.registry();
        Ok(par_map(&files, |p| f(Item::read(kinds, root, p))))
    }

    /// Whether an item of a kind other than `kind` has the ID `id` (so
    /// that the bare ID is ambiguous, and a command names it `KIND:ID`).
    pub fn shares_id(&self, kind: &str, id: &str) -> bool {
        self.registry()
            .iter()
            .filter(|k| k.name() != kind)
            .any(|k| self.find(&format!("{}:{id}", k.name())).is_ok())
    }

    /// How a command names item `id` of `kind`: `KIND:ID` where another
    /// kind uses the ID too, else the ID alone.
    pub fn argument(&self, kind: &str, id: &str) -> String {
        match self.shares_id(kind, id) {
            true => format!("{kind}:{id}"),
            false => id.to_owned(),
        }
    }

    /// The item with `id` (or `KIND:ID`, when two kinds use the ID), of
    /// any kind (a story's `1.2`, an agent's `default`). In each kind, files
    /// named for the ID are tried first; then every item of that kind, in
    /// case a file was renamed.
    pub fn find(&self, id: &str) -> Result<Item> {
        let (only, id) = match id.split_once(':') {
            Some((kind, id)) => {
                if self.registry().get(kind).is_none() {
                    return Err(Error::Usage(crate::msg!(
                        "unknown-kind-name-kinds-list",
                        name = crate::text::escape(kind),
                        list = self.kinds().join(", ")
                    )));
                }
                (Some(kind), id)
            }
            None => (None, id),
        };
        if let Some(m) = crate::text::id_problem(id) {
            return Err(Error::Usage(m));
        }
        let mut found = Vec::new();
        let mut problems = Vec::new();
        let mut searched: Vec<(&str, &crate::workflow::items::Items)> = Vec::new();
        for of in self.registry().iter() {
            let (kind, items) = (of.name(), &of.items);
            if only.is_some_and(|k| k != kind) {
                continue;
            }
            searched.push((kind, items));
            match self.find_in(of, id) {
                Ok(Some(item)) => found.push(item),
                Ok(None) => {}
                Err(Error::Item(e)) => problems.push(e),
                Err(e) => return Err(e),
            }
        }
        if found.len() > 1 {
            let names: Vec<String> = found
                .iter()
                .map(|i| format!("{} ({})", i.label(), i.path))
                .collect();
            return Err(Error::Usage(crate::msg!(
                "id-id-list-say-which",
                id = id,
                list = crate::text::message::all(names.into_iter().map(Message::text)),
                example = format!("{}:{id}", found[0].kind)
            )));
        }
        if let Some(item) = found.pop() {
            return Ok(item);
        }
        match problems.into_iter().next() {
            Some(e) => Err(Error::Item(e)),
            None => {
                // Named: the kinds whose ID pattern takes `id`, if some do.
                let by_pattern: Vec<_> = searched
                    .iter()
                    .filter(|(_, i)| i.id.as_ref().is_some_and(|re| re.is_match(id)))
                    .copied()
                    .collect();
                let named = if by_pattern.is_empty() {
                    searched
                } else {
                    by_pattern
                };
                let places: Vec<String> = named
                    .iter()
                    .flat_map(|(_, i)| match &i.dir {
                        Some(dir) => vec![format!("{dir}/")],
                        None => i.paths.clone(),
                    })
                    .collect();
                Err(Error::NotFound(crate::msg!(
                    "no-kind-id-id-dirs",
                    kind = match named.as_slice() {
                        [(one, _)] => one,
                        _ => "item",
                    },
                    id = id,
                    dirs = places.join(", ")
                )))
            }
        }
    }

    /// The item of `kind` with `id`, if there is one; an unreadable file
    /// named for it is an error.
    fn find_in(&self, of: &Kind, id: &str) -> Result<Option<Item>> {
        let (items, kind) = (&of.items, of.name());
        let files = self.item_listing(of)?.0;
        let (likely, rest): (Vec<&String>, Vec<&String>) =
            files.iter().partition(|p| items.leads_to(p, id));
        let mut problems = Vec::new();
        // Every file named for the ID, so that two claiming it are seen.
        let mut found: Vec<Item> = Vec::new();
        for path in likely {
            match Item::read(self.registry(), self.root(), path) {
                Ok(item) if item.id == id => found.push(item),
                Ok(_) => {}
                Err(e) => problems.push(e),
            }
        }
        // What the hooks would refuse, refused here too (a kind there is
        // no workflow for is a bad file, said when its workflow is asked).
        if let Some(stray) = found.iter().find(|i| i.kind != kind && i.kind.is_known()) {
            return Err(Error::Item(ItemError::new(
                &stray.path,
                stray.pos("kind"),
                crate::msg!(
                    "item-holds-other-kind",
                    path = &stray.path,
                    kind = crate::text::escape(stray.kind.name()),
                    only = kind
                ),
            )));
        }
        if found.len() > 1 {
            let paths: Vec<&str> = found.iter().map(|i| i.path.as_str()).collect();
            return Err(Error::Failed(crate::msg!(
                "kind-id-n-files-files",
                kind = kind,
                id = id,
                n = paths.len(),
                files = paths.join(", "),
                kind_id = format!("{kind}:{id}")
            )));
        }
        if let Some(item) = found.pop() {
            return Ok(Some(item));
        }
        // A file named otherwise (made before names were checked).
        for path in rest {
            if let Ok(item) = Item::read(self.registry(), self.root(), path)
                && item.id == id
            {
                return Ok(Some(item));
            }
        }
        match problems.into_iter().next() {
            Some(e) => Err(Error::Item(e)),
            None => Ok(None),
        }
    }

    /// The acting role: `flag` (the command's `--as`), else `env` (the
    /// `ORX_ROLE` the command line read), else `git config orx.role`.
    pub fn role(&self, flag: Option<&str>, env: Option<&str>) -> Result<(String, RoleSource)> {
        let env = env.filter(|r| !r.is_empty());
        let (role, source) = match (flag, env) {
            (Some(r), _) => (r.to_owned(), RoleSource::Flag),
            (None, Some(r)) => (r.to_owned(), RoleSource::Env),
            (None, None) => match self.repo.config_value("orx.role").filter(|r| !r.is_empty()) {
                Some(r) => (r, RoleSource::GitConfig),
                None => {
                    return Err(Error::NoRole {
                        roles: self.roles.names().into_iter().map(str::to_owned).collect(),
                    });
                }
            },
        };
        let role = self.check_role(&role, source)?;
        Ok((role, source))
    }

    /// The role's name as the rules use it (roles are case-insensitive:
    /// `Architect` is `architect`); refuses a role the repository does not
    /// know, with the closest one; `from` says where it was given.
    pub fn check_role(&self, role: &str, from: RoleSource) -> Result<String> {
        let name = crate::workflow::role::canonical(role);
        if self.roles.contains(&name) {
            return Ok(name);
        }
        let names = self.roles.names();
        Err(Error::UnknownRole {
            role: role.to_owned(),
            from,
            guess: crate::text::closest(role, &names).map(str::to_owned),
            roles: names.into_iter().map(str::to_owned).collect(),
        })
    }
}

/// Maps `f` over `items` on up to eight threads; results in order.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let chunk = items.len().div_ceil(threads).max(64);
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(f).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// [`par_map`] with a state each thread makes once with `init` and
/// hands to `f` for each of its items (a repository of its own: one is
/// not shared between threads).
pub fn par_map_with<T: Sync, S, R: Send>(
    items: &[T],
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let chunk = items.len().div_ceil(threads).max(64);
    let (init, f) = (&init, &f);
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut state = init();
                    part.iter().map(|x| f(&mut state, x)).collect::<Vec<R>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    })
}

/// The commit date git is told (`GIT_COMMITTER_DATE`), as the command line
/// read it: set once, before any change is made.
static COMMIT_DATE: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();

/// Tells [`now`] the date git will give the commits (`GIT_COMMITTER_DATE`,
/// which the command line reads); unset, `now` is the clock's time.
pub fn set_commit_date(date: Option<String>) {
    let _ = COMMIT_DATE.set(date);
}

/// The time of a change, RFC 3339 in UTC to the second. When git is told a
/// commit date ([`set_commit_date`]: `@<seconds>` or RFC 3339), that one,
/// so the frontmatter and the commit agree.
pub fn now() -> String {
    let from_env = COMMIT_DATE.get().cloned().flatten().and_then(|d| {
        let d = d.trim();
        if let Some(secs) = d.strip_prefix('@') {
            let secs: i64 = secs.split_whitespace().next()?.parse().ok()?;
            jiff::Timestamp::from_second(secs).ok()
        } else {
            d.parse::<jiff::Timestamp>().ok()
        }
    });
    // Truncated to the second, as git records a commit's time.
    from_env
        .unwrap_or_else(jiff::Timestamp::now)
        .strftime("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}
