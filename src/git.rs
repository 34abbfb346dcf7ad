//! The one gateway to git. Nothing else in git-orx calls git2 or runs `git`.
//!
//! Reads go through git2, opened with `open_from_env` so `GIT_DIR`,
//! `GIT_WORK_TREE` and linked worktrees behave as git's own commands do.
//! Writes that must run the user's hooks and filters (commits) run the `git`
//! binary. Every failure carries the command and git's own message.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GitError {
    #[error("not in a git repository (run `git init` first, or cd into one)")]
    NotARepo,
    #[error("this is a bare repository; git-orx needs a work tree")]
    Bare,
    #[error("`git {args}` failed: {message}")]
    Command { args: String, message: String },
    /// git refused because another process updated a ref or held one of
    /// git's lock files meanwhile: running the command again may succeed.
    #[error("`git {args}` failed: {message}")]
    Race { args: String, message: String },
    #[error("cannot run git: {0}")]
    Spawn(String),
    #[error("git: {0}")]
    Lib(String),
    #[error(
        "{0} exists: another git process took the index while git-orx was working; run the command again"
    )]
    IndexLocked(String),
    /// One of git's own lock files outlasted the wait: a crashed git left
    /// it, or a git command has been running that long (an editor open).
    #[error(
        "{path} has outlasted the wait for it ({}): if no git command is running, remove it (a git process that stopped early left it) and run the command again",
        crate::store::seconds(*waited)
    )]
    Locked {
        path: String,
        waited: std::time::Duration,
    },
}

impl GitError {
    /// Another process updated a ref or held git's index or ref lock while
    /// this command ran: running it again may succeed.
    pub fn is_race(&self) -> bool {
        matches!(self, GitError::Race { .. } | GitError::IndexLocked(_))
    }

    /// git's failure, by what git says: a ref that moved under an
    /// `update-ref <new> <old>`, or a lock file another git holds, is a
    /// race (git tells these apart only in its message); anything else is
    /// the command's failure. The one place git's words are read.
    fn failed(args: String, message: String) -> GitError {
        let race = (message.contains("cannot lock ref") && message.contains("but expected"))
            || message.contains(".lock': File exists");
        match race {
            true => GitError::Race { args, message },
            false => GitError::Command { args, message },
        }
    }
}

fn lib(e: git2::Error) -> GitError {
    GitError::Lib(e.message().to_owned())
}

/// Process-wide libgit2 settings, applied once: objects are not re-hashed
/// on every read (git does not either; `git fsck` is the tool for that),
/// which matters when `verify` reads thousands of large trees.
fn tune_libgit2() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| git2::opts::strict_hash_verification(false));
}

pub struct Repo {
    repo: git2::Repository,
    root: PathBuf,
    common_dir: PathBuf,
    /// git-orx's settings (`orx.*`) as `git config` reads them, once.
    config: std::sync::OnceLock<Vec<(String, String)>>,
}

impl Repo {
    /// The repository of the current directory (or `GIT_DIR`).
    pub fn discover() -> Result<Repo, GitError> {
        match git2::Repository::open_from_env() {
            Ok(repo) => Repo::from_git2(repo),
            Err(e) if e.code() == git2::ErrorCode::NotFound => Err(GitError::NotARepo),
            Err(e) => Err(lib(e)),
        }
    }

    /// The repository of the current directory, bare ones included (for
    /// `verify` on a server). A bare repository's "root" is its git dir.
    pub fn discover_any() -> Result<Repo, GitError> {
        match git2::Repository::open_from_env() {
            Ok(repo) if repo.is_bare() => {
                tune_libgit2();
                let root = repo.path().to_path_buf();
                let common_dir = repo.commondir().to_path_buf();
                Ok(Repo {
                    repo,
                    root,
                    common_dir,
                    config: Default::default(),
                })
            }
            Ok(repo) => Repo::from_git2(repo),
            Err(e) if e.code() == git2::ErrorCode::NotFound => Err(GitError::NotARepo),
            Err(e) => Err(lib(e)),
        }
    }

    /// The repository whose work tree contains `path`.
    pub fn open(path: &Path) -> Result<Repo, GitError> {
        match git2::Repository::discover(path) {
            Ok(repo) => Repo::from_git2(repo),
            Err(e) if e.code() == git2::ErrorCode::NotFound => Err(GitError::NotARepo),
            Err(e) => Err(lib(e)),
        }
    }

    fn from_git2(repo: git2::Repository) -> Result<Repo, GitError> {
        tune_libgit2();
        let root = repo.workdir().ok_or(GitError::Bare)?.to_path_buf();
        let root = root.canonicalize().unwrap_or(root);
        let common_dir = repo.commondir().to_path_buf();
        Ok(Repo {
            repo,
            root,
            common_dir,
            config: Default::default(),
        })
    }

    /// The work tree's top directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// This worktree's own git directory (`.git`, or
    /// `.git/worktrees/<name>` for a linked worktree).
    pub fn git_dir(&self) -> &Path {
        self.repo.path()
    }

    /// `<git common dir>/orx`: the lock, backups and caches, shared by all
    /// worktrees and never committed.
    pub fn orx_dir(&self) -> PathBuf {
        self.common_dir.join("orx")
    }

    /// A git-orx setting (`orx.role`), as git reads it: every config file,
    /// includes, and the `git -c`/`--config-env` settings of the git that
    /// runs us. All `orx.*` settings are read by one `git config` the first
    /// time one is asked for (libgit2 reads neither `git -c` nor
    /// `--config-env`).
    pub fn config_value(&self, key: &str) -> Option<String> {
        let all = self.config.get_or_init(|| {
            let mut cmd = Command::new("git");
            cmd.arg("-C").arg(&self.root);
            read_config(cmd, r"^orx\.")
        });
        config_lookup(all, key)
    }

    /// The bytes of `rel` in HEAD; `None` when HEAD or the file is absent.
    pub fn head_file(&self, rel: &str) -> Result<Option<Vec<u8>>, GitError> {
        let tree = match self.repo.head() {
            Ok(head) => head.peel_to_tree().map_err(lib)?,
            Err(e)
                if matches!(
                    e.code(),
                    git2::ErrorCode::UnbornBranch | git2::ErrorCode::NotFound
                ) =>
            {
                return Ok(None);
            }
            Err(e) => return Err(lib(e)),
        };
        let entry = match tree.get_path(Path::new(rel)) {
            Ok(entry) => entry,
            Err(e) if e.code() == git2::ErrorCode::NotFound => return Ok(None),
            Err(e) => return Err(lib(e)),
        };
        let object = entry.to_object(&self.repo).map_err(lib)?;
        Ok(object.as_blob().map(|b| b.content().to_vec()))
    }

    /// Commits exactly `paths` as they are in the work tree (other staged
    /// changes stay staged), running the user's hooks with `env` added.
    /// Returns the new commit's abbreviated id.
    /// If the commit fails, the index is as it was.
    pub fn commit_paths(
        &self,
        paths: &[&str],
        message: &str,
        env: &[(&str, &str)],
    ) -> Result<String, GitError> {
        let untracked: Vec<&str> = paths
            .iter()
            .copied()
            .filter(|p| !self.is_tracked(p))
            .collect();
        if !untracked.is_empty() {
            self.run(&[&["add", "--"], untracked.as_slice()].concat(), None, env)?;
        }
        // The message is in a file before git starts: a kill cannot leave
        // git reading half of it from a pipe.
        let io = |e: std::io::Error| GitError::Spawn(format!("commit message file: {e}"));
        std::fs::create_dir_all(self.orx_dir()).map_err(io)?;
        let mut file = tempfile::Builder::new()
            .prefix(".orx-msg-")
            .suffix(".tmp")
            .tempfile_in(self.orx_dir())
            .map_err(io)?;
        file.write_all(message.as_bytes()).map_err(io)?;
        file.flush().map_err(io)?;
        let file_path = file.path().to_string_lossy().into_owned();
        let commit = [
            &[
                "commit",
                "--only",
                "--cleanup=whitespace",
                "-F",
                &file_path,
                "--",
            ],
            paths,
        ]
        .concat();
        if let Err(e) = self.run(&commit, None, env) {
            if !untracked.is_empty() {
                let unstage = [
                    &["rm", "--cached", "-q", "--ignore-unmatch", "--"],
                    untracked.as_slice(),
                ]
                .concat();
                let _ = self.run(&unstage, None, &[]);
            }
            return Err(e);
        }
        let head = self
            .repo
            .head()
            .and_then(|h| h.peel_to_commit())
            .map_err(lib)?;
        let short = head.as_object().short_id().map_err(lib)?;
        Ok(short.as_str().unwrap_or_default().to_owned())
    }

    /// Waits, polling, up to `wait` for git's own locks a commit needs
    /// (`index.lock`, `HEAD.lock`, the branch's) to go; one still there
    /// then, or already older than `wait`, is [`GitError::Locked`]. git
    /// holds them for moments, except around an editor; a process that
    /// died leaves them for good.
    pub fn wait_for_locks(&self, wait: std::time::Duration) -> Result<(), GitError> {
        let mut locks = vec![
            self.git_dir().join("index.lock"),
            self.git_dir().join("HEAD.lock"),
        ];
        if let Ok(head) = self.repo.find_reference("HEAD")
            && let Some(branch) = head.symbolic_target().ok().flatten()
        {
            locks.push(self.common_dir.join(format!("{branch}.lock")));
        }
        let deadline = std::time::Instant::now() + wait;
        loop {
            let Some(held) = locks.iter().find(|p| p.symlink_metadata().is_ok()) else {
                return Ok(());
            };
            let age = std::fs::symlink_metadata(held)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .unwrap_or_default();
            if std::time::Instant::now() >= deadline || age >= wait {
                return Err(GitError::Locked {
                    path: held.display().to_string(),
                    waited: wait,
                });
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// The abbreviated id of the last commit that changed `rel`.
    pub fn last_change(&self, rel: &str) -> Option<String> {
        self.run(&["log", "-1", "--format=%h", "--", rel], None, &[])
            .ok()
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
    }

    /// Whether the index has an entry for `rel`.
    pub fn is_tracked(&self, rel: &str) -> bool {
        self.repo
            .index()
            .ok()
            .is_some_and(|i| i.get_path(Path::new(rel), 0).is_some())
    }

    /// Runs `git -C <root> args...`; returns stdout, or git's stderr as the error.
    pub fn run(
        &self,
        args: &[&str],
        stdin: Option<&str>,
        env: &[(&str, &str)],
    ) -> Result<String, GitError> {
        self.run_bytes(args, stdin.map(str::as_bytes), env)
            .map(|out| String::from_utf8_lossy(&out).into_owned())
    }

    /// [`Repo::run`] with stdout as bytes.
    fn run_bytes(
        &self,
        args: &[&str],
        stdin: Option<&[u8]>,
        env: &[(&str, &str)],
    ) -> Result<Vec<u8>, GitError> {
        let mut cmd = Command::new("git");
        cmd.arg("-C").arg(&self.root).args(args);
        cmd.envs(env.iter().copied());
        cmd.stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = cmd.spawn().map_err(|e| GitError::Spawn(e.to_string()))?;
        // Write stdin while reading stdout: git may fill its output pipe
        // before it has read all its input.
        let pipe = child.stdin.take();
        let out = std::thread::scope(|s| {
            if let (Some(text), Some(mut pipe)) = (stdin, pipe) {
                s.spawn(move || {
                    let _ = pipe.write_all(text);
                });
            }
            child.wait_with_output()
        })
        .map_err(|e| GitError::Spawn(e.to_string()))?;
        if out.status.success() {
            return Ok(out.stdout);
        }
        let mut message = String::from_utf8_lossy(&out.stderr).trim().to_owned();
        let stdout = String::from_utf8_lossy(&out.stdout);
        if message.is_empty() {
            message = stdout.trim().to_owned();
        }
        Err(GitError::failed(args.join(" "), message))
    }

    /// Checks that `revs` name commits, as `git rev-list` takes them
    /// (`A..B`, `^A B`); git's own message when one does not.
    pub fn check_revs(&self, revs: &[String]) -> Result<(), GitError> {
        let mut args = vec!["rev-parse", "--revs-only"];
        args.extend(revs.iter().map(String::as_str));
        args.push("--");
        self.run(&args, None, &[]).map(|_| ())
    }

    /// A date as git takes it (`yesterday`, `2 weeks ago`, `2026-01-31`,
    /// `last monday`), in seconds since the epoch: git's own approxidate,
    /// which `git rev-parse --since=DATE` prints as `--max-age=SECONDS`.
    pub fn approxidate(&self, text: &str) -> Result<i64, GitError> {
        let arg = format!("--since={text}");
        let out = self.run(&["rev-parse", &arg], None, &[])?;
        out.trim()
            .strip_prefix("--max-age=")
            // Before 1970, git prints the negative seconds as unsigned.
            .and_then(|n| n.parse::<u64>().ok())
            .map(|n| n as i64)
            .ok_or_else(|| GitError::Command {
                args: format!("rev-parse {arg}"),
                message: format!("unexpected output `{}`", out.trim()),
            })
    }
}

/// `color.ui` as git reads it here (the repository's, the user's and the
/// system's config, and `git -c`): `Some(true)` for `always`, `Some(false)`
/// for `never` or `false`, `None` for `auto`, `true` or unset (decide by
/// the terminal). Every command asks before it starts, so git is started
/// to read it only when the git that runs us was given settings of its
/// own (`git -c`, `GIT_CONFIG_COUNT`: `command_line`, which only git
/// reads); otherwise libgit2 reads the same config files, in process.
pub fn color_ui(command_line: bool) -> Option<bool> {
    let value = if command_line {
        config_lookup(
            &read_config(Command::new("git"), r"^color\.ui$"),
            "color.ui",
        )?
    } else {
        let config = match git2::Repository::open_from_env() {
            Ok(repo) => repo.config().ok()?,
            Err(_) => git2::Config::open_default().ok()?,
        };
        config.get_string("color.ui").ok()?
    };
    match value.trim() {
        "always" => Some(true),
        "never" | "false" | "no" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// `message` with `trailers` added as git adds them
/// (`git interpret-trailers`): to the message's trailer block if it has
/// one, else as a new paragraph; above comment lines (git's
/// `core.commentChar`) and a `--verbose` scissors line. Each trailer is
/// added, whatever `trailer.*` settings say about existing ones.
pub fn add_trailers(message: &str, trailers: &[(String, String)]) -> Result<String, GitError> {
    let mut args: Vec<String> = [
        "interpret-trailers",
        "--if-exists",
        "add",
        "--if-missing",
        "add",
        "--where",
        "end",
    ]
    .map(str::to_owned)
    .to_vec();
    for (k, v) in trailers {
        args.push("--trailer".to_owned());
        args.push(format!("{k}: {v}"));
    }
    let mut child = Command::new("git")
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| GitError::Spawn(e.to_string()))?;
    let pipe = child.stdin.take();
    let out = std::thread::scope(|s| {
        if let Some(mut pipe) = pipe {
            s.spawn(move || {
                let _ = pipe.write_all(message.as_bytes());
            });
        }
        child.wait_with_output()
    })
    .map_err(|e| GitError::Spawn(e.to_string()))?;
    if !out.status.success() {
        return Err(GitError::failed(
            "interpret-trailers".to_owned(),
            String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The settings whose names match `pattern`, as `git config --get-regexp`
/// gives them (git lowercases section and variable names), in git's
/// order: the last one of a name is the one in force. Nothing when git
/// finds none or cannot read its config.
fn read_config(mut git: Command, pattern: &str) -> Vec<(String, String)> {
    git.args(["config", "-z", "--get-regexp", pattern])
        .stdin(Stdio::null())
        .stderr(Stdio::null());
    let Ok(out) = git.output() else {
        return Vec::new();
    };
    if !out.status.success() {
        return Vec::new();
    }
    String::from_utf8_lossy(&out.stdout)
        .split('\0')
        .filter(|e| !e.is_empty())
        .map(|e| match e.split_once('\n') {
            Some((k, v)) => (k.to_owned(), v.to_owned()),
            // `[orx] role` with no `=`: git's boolean true.
            None => (e.to_owned(), "true".to_owned()),
        })
        .collect()
}

/// The value in force of `key` (`orx.lockTimeout`: names compare without
/// case, as git's do).
fn config_lookup(all: &[(String, String)], key: &str) -> Option<String> {
    all.iter()
        .rev()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v.clone())
}

/// The work tree saved by [`Repo::snapshot`].
pub struct Snapshot {
    /// The work tree: HEAD with every change and untracked file.
    pub tree: String,
    /// The index as it was (what was staged), when it had no conflicts.
    pub staged: Option<String>,
    /// Changed or untracked files a filter changes irreversibly: `tree`
    /// does not hold them as they are.
    pub unkept: Vec<String>,
    /// The index `tree` was written from, with the stat data of the files
    /// it was made from: what [`Repo::switch_tree`] checks them against.
    index: Option<tempfile::NamedTempFile>,
}

/// Why [`Repo::switch_tree`] did not switch.
#[derive(Debug)]
pub enum Switch {
    /// This file changed since the snapshot, or is in the way; nothing
    /// was written.
    Changed(String),
    /// git failed (a full disk, say); files may have been written.
    Failed(GitError),
}

/// The index's lock (`index.lock`), removed when dropped.
#[derive(Debug)]
pub struct IndexLock {
    /// `None` once the lock has become the index.
    path: Option<PathBuf>,
}

impl Drop for IndexLock {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The file named in git's refusal to overwrite a changed or untracked
/// file (`Entry 'a.txt' not uptodate. Cannot merge.`, or a list of
/// files after `... would be overwritten by merge:`), in the C locale.
fn changed_in_the_way(message: &str) -> Option<String> {
    if let Some(rest) = message.split("Entry '").nth(1)
        && let Some((path, after)) = rest.split_once('\'')
        && after.trim_start().starts_with("not uptodate")
    {
        return Some(path.to_owned());
    }
    if message.contains("would be overwritten by merge")
        || message.contains("would be removed by merge")
    {
        return message
            .lines()
            .find_map(|l| l.strip_prefix('\t'))
            .map(|p| p.trim().to_owned());
    }
    None
}

/// One entry of git's `--raw -z` diff output: the header after `:`, then
/// one path (two for a rename or copy) from `fields`.
fn raw_change<'a>(
    header: &str,
    fields: &mut impl Iterator<Item = &'a str>,
) -> Result<FileChange, GitError> {
    let blob = |hex: &str| -> Result<Option<BlobId>, GitError> {
        if hex.bytes().all(|b| b == b'0') {
            return Ok(None);
        }
        git2::Oid::from_str(hex)
            .map(|o| Some(BlobId(o)))
            .map_err(lib)
    };
    let parts: Vec<&str> = header.split(' ').collect();
    let [_, _, old, new, status] = parts.as_slice() else {
        return Err(GitError::Lib(format!(
            "unexpected raw diff output: {header}"
        )));
    };
    let first = fields.next().unwrap_or_default().to_owned();
    let second = status
        .starts_with(['R', 'C'])
        .then(|| fields.next().unwrap_or_default().to_owned());
    let (old, new) = (blob(old)?, blob(new)?);
    let (old_path, new_path) = match second {
        Some(to) => (Some(first), Some(to)),
        None => (old.map(|_| first.clone()), new.map(|_| first)),
    };
    Ok(FileChange {
        old_path,
        new_path,
        old,
        new,
    })
}

/// One side of a comparison: nothing, a commit's tree, or an index file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    Empty,
    /// A revision (`HEAD`, a commit id, `main~2`).
    Commit(String),
    /// The index at this path (`GIT_INDEX_FILE`), or the repository's.
    Index(Option<PathBuf>),
}

/// A blob's id, opaque outside this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlobId(git2::Oid);

/// A file that differs between two sides; renames are paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileChange {
    pub old_path: Option<String>,
    pub new_path: Option<String>,
    pub old: Option<BlobId>,
    pub new: Option<BlobId>,
}

/// What a commit is, for verify and log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommitInfo {
    pub id: String,
    pub short: String,
    pub parents: Vec<String>,
    pub author_name: String,
    pub author_email: String,
    /// Author time, seconds since the epoch, and its UTC offset in minutes.
    pub time: i64,
    pub offset_minutes: i32,
    pub message: String,
    /// `Key: value` trailers of the message, in order.
    pub trailers: Vec<(String, String)>,
}

impl CommitInfo {
    /// The first value of trailer `key`.
    pub fn trailer(&self, key: &str) -> Option<&str> {
        self.trailers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// The message without its subject line and trailer block.
    pub fn body(&self) -> String {
        let mut paragraphs: Vec<&str> = self.message.trim().split("\n\n").collect();
        if paragraphs.len() > 1 && !self.trailers.is_empty() {
            paragraphs.pop();
        }
        paragraphs
            .into_iter()
            .skip(1)
            .collect::<Vec<_>>()
            .join("\n\n")
            .trim()
            .to_owned()
    }

    pub fn summary(&self) -> &str {
        self.message.lines().next().unwrap_or_default()
    }
}

/// The trailers of a commit message, as git reads them
/// (`git interpret-trailers --parse`): libgit2's port of git's trailer
/// parser, in process, since `log` and `verify` read thousands of
/// messages.
fn message_trailers(message: &str) -> Vec<(String, String)> {
    git2::message_trailers_strs(message)
        .map(|t| {
            t.iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect()
        })
        .unwrap_or_default()
}

/// The trailers of a message that is nothing but `Orx-*` trailers (one
/// whose own text was empty when the hook added them): git reads its one
/// paragraph as the subject, but it is a trailer block.
fn orx_trailers_only(message: &str) -> Vec<(String, String)> {
    message
        .trim()
        .lines()
        .map(|l| {
            let (k, v) = l.split_once(':')?;
            let token =
                k.starts_with("Orx-") && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            token.then(|| (k.to_owned(), v.trim().to_owned()))
        })
        .collect::<Option<Vec<_>>>()
        .unwrap_or_default()
}

/// The result of checking a commit's signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signature {
    /// A good signature: the signing key's fingerprint when git gave it,
    /// and for SSH the principal `gpg.ssh.allowedSignersFile` maps the key
    /// to (git's `%GS`).
    Good {
        key: Option<String>,
        principal: Option<String>,
    },
    Bad(String),
    Unsigned,
}

impl Repo {
    fn tree(&self, rev: &str) -> Result<git2::Tree<'_>, GitError> {
        self.repo
            .revparse_single(rev)
            .and_then(|o| o.peel_to_tree())
            .map_err(lib)
    }

    /// Whether `rev` names a commit.
    pub fn resolves(&self, rev: &str) -> bool {
        self.repo
            .revparse_single(rev)
            .and_then(|o| o.peel_to_commit())
            .is_ok()
    }

    fn open_index(&self, path: &Option<PathBuf>) -> Result<git2::Index, GitError> {
        match path {
            Some(p) => git2::Index::open(p).map_err(lib),
            None => self.repo.index().map_err(lib),
        }
    }

    /// The files under `dirs` that differ from `from` to `to`, with renames
    /// detected. Only the entries under `dirs` are compared.
    /// What the index at `index` changes against `base`, from
    /// `git diff-index --cached` (git reads a large index and tree faster
    /// than libgit2, which also verifies their checksums; this is the hot
    /// path of the pre-commit hook).
    fn index_changes(
        &self,
        base: &Side,
        index: &Option<PathBuf>,
        dirs: &[&str],
    ) -> Result<Vec<FileChange>, GitError> {
        const EMPTY_TREE: &str = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
        let base = match base {
            Side::Empty => EMPTY_TREE,
            Side::Commit(rev) => rev.as_str(),
            Side::Index(_) => {
                return Err(GitError::Lib(
                    "an index can only be the new side".to_owned(),
                ));
            }
        };
        let mut args = vec![
            "diff-index",
            "--cached",
            "--raw",
            "-z",
            "-M",
            "--no-abbrev",
            base,
            "--",
        ];
        args.extend_from_slice(dirs);
        let index = index.as_ref().map(|p| {
            if p.is_absolute() {
                p.clone()
            } else {
                std::env::current_dir().unwrap_or_default().join(p)
            }
        });
        let index_text = index.as_ref().map(|p| p.to_string_lossy().into_owned());
        let env: Vec<(&str, &str)> = index_text
            .iter()
            .map(|p| ("GIT_INDEX_FILE", p.as_str()))
            .collect();
        let out = self.run(&args, None, &env)?;
        let mut fields = out.split('\0');
        let mut changes = Vec::new();
        while let Some(field) = fields.next() {
            if let Some(header) = field.trim_start_matches('\n').strip_prefix(':') {
                changes.push(raw_change(header, &mut fields)?);
            }
        }
        Ok(changes)
    }

    pub fn changes(
        &self,
        from: &Side,
        to: &Side,
        dirs: &[&str],
    ) -> Result<Vec<FileChange>, GitError> {
        if let Side::Index(index) = to {
            return self.index_changes(from, index, dirs);
        }
        let mut opts = git2::DiffOptions::new();
        opts.include_typechange(true);
        for d in dirs {
            opts.pathspec(*d);
        }
        let old_tree = match from {
            Side::Empty => None,
            Side::Commit(rev) => Some(self.tree(rev)?),
            Side::Index(_) => {
                return Err(GitError::Lib(
                    "an index can only be the new side".to_owned(),
                ));
            }
        };
        let new_tree = match to {
            Side::Commit(rev) => Some(self.tree(rev)?),
            _ => None,
        };
        let mut diff = self
            .repo
            .diff_tree_to_tree(old_tree.as_ref(), new_tree.as_ref(), Some(&mut opts))
            .map_err(lib)?;
        let mut find = git2::DiffFindOptions::new();
        find.renames(true);
        diff.find_similar(Some(&mut find)).map_err(lib)?;
        let path = |f: &git2::DiffFile| f.path().map(|p| p.to_string_lossy().replace('\\', "/"));
        let blob = |f: &git2::DiffFile| (!f.id().is_zero() && f.exists()).then(|| BlobId(f.id()));
        Ok(diff
            .deltas()
            .map(|d| {
                let (old, new) = (d.old_file(), d.new_file());
                FileChange {
                    old_path: blob(&old).and(path(&old)),
                    new_path: blob(&new).and(path(&new)),
                    old: blob(&old),
                    new: blob(&new),
                }
            })
            .collect())
    }

    /// For each `(commit, first parent)`, what it changes under `dirs`
    /// against that parent (against nothing for a root commit), in one
    /// `git diff-tree --stdin` run: far faster over a long history than
    /// diffing large trees one commit at a time. Commits that change
    /// nothing there are absent from the map.
    pub fn commit_changes(
        &self,
        commits: &[(String, Option<String>)],
        dirs: &[&str],
    ) -> Result<std::collections::HashMap<String, Vec<FileChange>>, GitError> {
        let mut input = String::new();
        for (c, parent) in commits {
            input.push_str(c);
            if let Some(p) = parent {
                input.push(' ');
                input.push_str(p);
            }
            input.push('\n');
        }
        let mut args = vec![
            "diff-tree",
            "--stdin",
            "--root",
            "-r",
            "-M",
            "-z",
            "--raw",
            "--no-abbrev",
            "--",
        ];
        args.extend_from_slice(dirs);
        let out = self.run(&args, Some(&input), &[])?;
        let mut map = std::collections::HashMap::new();
        let mut current: Option<String> = None;
        let mut fields = out.split('\0');
        while let Some(field) = fields.next() {
            let field = field.trim_start_matches('\n');
            if field.is_empty() {
                continue;
            }
            let Some(header) = field.strip_prefix(':') else {
                current = Some(field.to_owned());
                continue;
            };
            let change = raw_change(header, &mut fields)?;
            if let Some(c) = &current {
                map.entry(c.clone()).or_insert_with(Vec::new).push(change);
            }
        }
        Ok(map)
    }

    /// A blob's bytes.
    pub fn blob(&self, id: BlobId) -> Result<Vec<u8>, GitError> {
        Ok(self.repo.find_blob(id.0).map_err(lib)?.content().to_vec())
    }

    /// The files in `dir` (not below) on `side` whose names start with
    /// `prefix`, as (path, blob).
    pub fn files_with_prefix(
        &self,
        side: &Side,
        dir: &str,
        prefix: &str,
    ) -> Result<Vec<(String, BlobId)>, GitError> {
        let dir = dir.trim_end_matches('/');
        let start = format!("{dir}/{prefix}");
        match side {
            Side::Empty => Ok(Vec::new()),
            Side::Commit(rev) => {
                let tree = self.tree(rev)?;
                let Ok(entry) = tree.get_path(Path::new(dir)) else {
                    return Ok(Vec::new());
                };
                let Some(sub) = entry
                    .to_object(&self.repo)
                    .ok()
                    .and_then(|o| o.into_tree().ok())
                else {
                    return Ok(Vec::new());
                };
                Ok(sub
                    .iter()
                    .filter(|e| {
                        e.kind() == Some(git2::ObjectType::Blob)
                            && e.name_bytes().starts_with(prefix.as_bytes())
                    })
                    .filter_map(|e| Some((format!("{dir}/{}", e.name().ok()?), BlobId(e.id()))))
                    .collect())
            }
            Side::Index(path) => {
                let index = self.open_index(path)?;
                let Ok(first) = index.find_prefix(Path::new(&start)) else {
                    return Ok(Vec::new());
                };
                let mut out = Vec::new();
                for i in first..index.len() {
                    let Some(e) = index.get(i) else { break };
                    let Ok(p) = String::from_utf8(e.path) else {
                        continue;
                    };
                    if !p.starts_with(&start) {
                        break;
                    }
                    if !p[dir.len() + 1..].contains('/') {
                        out.push((p, BlobId(e.id)));
                    }
                }
                Ok(out)
            }
        }
    }

    /// The bytes of `rel` on `side`, if there.
    pub fn file_at(&self, side: &Side, rel: &str) -> Result<Option<Vec<u8>>, GitError> {
        let id = match side {
            Side::Empty => return Ok(None),
            Side::Commit(rev) => match self.tree(rev)?.get_path(Path::new(rel)) {
                Ok(e) if e.kind() == Some(git2::ObjectType::Blob) => e.id(),
                _ => return Ok(None),
            },
            Side::Index(path) => match self.open_index(path)?.get_path(Path::new(rel), 0) {
                Some(e) => e.id,
                None => return Ok(None),
            },
        };
        self.blob(BlobId(id)).map(Some)
    }

    /// The rule files (`.orx/config.yaml`, `.orx/workflows/*.yaml`,
    /// `.orx/templates/*.md`) of a commit.
    pub fn rule_files(
        &self,
        rev: &str,
    ) -> Result<std::collections::BTreeMap<String, Vec<u8>>, GitError> {
        self.rule_files_on(&Side::Commit(rev.to_owned()))
    }

    /// The rule files on any side (a commit, the index).
    pub fn rule_files_on(
        &self,
        side: &Side,
    ) -> Result<std::collections::BTreeMap<String, Vec<u8>>, GitError> {
        let mut files = std::collections::BTreeMap::new();
        let side = side.clone();
        if let Some(bytes) = self.file_at(&side, crate::config::CONFIG_PATH)? {
            files.insert(crate::config::CONFIG_PATH.to_owned(), bytes);
        }
        for (dir, ext) in [
            (crate::rules::WORKFLOWS_DIR, ".yaml"),
            (crate::rules::TEMPLATES_DIR, ".md"),
        ] {
            for (path, blob) in self.files_with_prefix(&side, dir, "")? {
                if path.ends_with(ext) {
                    files.insert(path, self.blob(blob)?);
                }
            }
        }
        Ok(files)
    }

    /// The full id of `rev`'s commit, if it names one.
    pub fn commit_id(&self, rev: &str) -> Option<String> {
        self.repo
            .revparse_single(rev)
            .and_then(|o| o.peel_to_commit())
            .ok()
            .map(|c| c.id().to_string())
    }

    pub fn commit(&self, rev: &str) -> Result<CommitInfo, GitError> {
        let c = self
            .repo
            .revparse_single(rev)
            .and_then(|o| o.peel_to_commit())
            .map_err(lib)?;
        let message = String::from_utf8_lossy(c.message_bytes()).into_owned();
        let mut trailers = message_trailers(&message);
        if trailers.is_empty() {
            trailers = orx_trailers_only(&message);
        }
        let author = c.author();
        Ok(CommitInfo {
            id: c.id().to_string(),
            short: c
                .as_object()
                .short_id()
                .map(|s| s.as_str().unwrap_or_default().to_owned())
                .unwrap_or_default(),
            parents: c.parent_ids().map(|p| p.to_string()).collect(),
            author_name: String::from_utf8_lossy(author.name_bytes()).into_owned(),
            author_email: String::from_utf8_lossy(author.email_bytes()).into_owned(),
            time: author.when().seconds(),
            offset_minutes: author.when().offset_minutes(),
            message,
            trailers,
        })
    }

    /// The commits selected by `revs` (`A..B`, `^A`, `A`, as `git rev-list`
    /// takes them), oldest first when `reverse`, else newest first; parents
    /// always come before children in oldest-first order.
    pub fn walk(&self, revs: &[String], reverse: bool) -> Result<Vec<String>, GitError> {
        let mut walk = self.repo.revwalk().map_err(lib)?;
        let sort = git2::Sort::TOPOLOGICAL
            | git2::Sort::TIME
            | if reverse {
                git2::Sort::REVERSE
            } else {
                git2::Sort::NONE
            };
        walk.set_sorting(sort).map_err(lib)?;
        let bad = |r: &str| GitError::Command {
            args: format!("rev-list {r}"),
            message: format!("unknown revision `{r}`"),
        };
        for r in revs {
            if let Some((a, b)) = r.split_once("...") {
                return Err(GitError::Command {
                    args: format!("rev-list {r}"),
                    message: format!(
                        "symmetric ranges ({a}...{b}) are not supported; use {a}..{b}"
                    ),
                });
            } else if r.contains("..") {
                walk.push_range(r).map_err(|_| bad(r))?;
            } else if let Some(hidden) = r.strip_prefix('^') {
                let id = self.commit_id(hidden).ok_or_else(|| bad(r))?;
                walk.hide(git2::Oid::from_str(&id).map_err(lib)?)
                    .map_err(lib)?;
            } else {
                let id = self.commit_id(r).ok_or_else(|| bad(r))?;
                walk.push(git2::Oid::from_str(&id).map_err(lib)?)
                    .map_err(lib)?;
            }
        }
        walk.map(|r| r.map(|o| o.to_string()).map_err(lib))
            .collect()
    }

    /// The best common ancestor of two commits.
    pub fn merge_base(&self, a: &str, b: &str) -> Option<String> {
        let a = git2::Oid::from_str(&self.commit_id(a)?).ok()?;
        let b = git2::Oid::from_str(&self.commit_id(b)?).ok()?;
        self.repo.merge_base(a, b).ok().map(|o| o.to_string())
    }

    /// The upstream of the current branch (`refs/remotes/origin/main`).
    pub fn upstream(&self) -> Option<String> {
        let head = self.repo.head().ok()?;
        let name = head.name().ok()?;
        let up = self.repo.branch_upstream_name(name).ok()?;
        up.as_str().ok().map(str::to_owned)
    }

    /// The commits of an in-progress merge (`MERGE_HEAD`), if any.
    pub fn merge_heads(&self) -> Vec<String> {
        std::fs::read_to_string(self.repo.path().join("MERGE_HEAD"))
            .unwrap_or_default()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect()
    }

    /// The heads `git pull` fetched for merging (`FETCH_HEAD` lines not
    /// marked `not-for-merge`).
    pub fn fetch_heads_for_merge(&self) -> Vec<String> {
        std::fs::read_to_string(self.repo.path().join("FETCH_HEAD"))
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.contains("\tnot-for-merge\t"))
            .filter_map(|l| l.split_whitespace().next())
            .filter_map(|id| self.commit_id(id))
            .collect()
    }

    /// What git is in the middle of (`a merge`, `a rebase`, ...), if
    /// anything: work that a rollback must not run across.
    pub fn operation_in_progress(&self) -> Option<&'static str> {
        use git2::RepositoryState as S;
        match self.repo.state() {
            S::Clean => None,
            S::Merge => Some("a merge"),
            S::Revert | S::RevertSequence => Some("a revert"),
            S::CherryPick | S::CherryPickSequence => Some("a cherry-pick"),
            S::Bisect => Some("a bisect"),
            S::Rebase | S::RebaseInteractive | S::RebaseMerge => Some("a rebase"),
            S::ApplyMailbox | S::ApplyMailboxOrRebase => Some("an am"),
        }
    }

    /// A temporary index file in the git directory (removed when dropped).
    fn temp_index(&self) -> Result<tempfile::NamedTempFile, GitError> {
        tempfile::Builder::new()
            .prefix("orx-index-")
            .tempfile_in(self.git_dir())
            .map_err(|e| GitError::Spawn(format!("temporary index: {e}")))
    }

    /// The work tree saved as a tree object: HEAD with every tracked change
    /// and every untracked file that is not ignored, written through a
    /// temporary index that starts as a copy of the user's (so only changed
    /// files are hashed); and the index as it is (what is staged), when it
    /// has no conflicts. The user's index, work tree and branch are not
    /// touched. Nested repositories that are not submodules, wherever they
    /// are, are left out. Files the tree would not hold as they are (see
    /// [`Snapshot::unkept`]) are listed.
    pub fn snapshot(&self) -> Result<Snapshot, GitError> {
        let tmp = self.temp_index()?;
        let index = tmp.path().to_string_lossy().into_owned();
        let env = [("GIT_INDEX_FILE", index.as_str())];
        let real = self.git_dir().join("index");
        let staged = if real.exists() {
            std::fs::copy(&real, tmp.path())
                .map_err(|e| GitError::Spawn(format!("{}: {e}", real.display())))?;
            self.run(&["write-tree"], None, &env)
                .ok()
                .map(|t| t.trim().to_owned())
        } else {
            if self.has_head() {
                self.run(&["read-tree", "HEAD"], None, &env)?;
            } else {
                // An empty file is not an index; git makes one where there is none.
                let _ = std::fs::remove_file(tmp.path());
            }
            None
        };
        // What `git add` hashes again: tracked files whose stat data differ
        // from the index, and untracked files. A nested repository is
        // listed as its directory (`lib/nested/`), at any depth.
        let stale = self.run(&["diff-files", "-z", "--name-only"], None, &env)?;
        let untracked = self.run(
            &["ls-files", "-z", "--others", "--exclude-standard"],
            None,
            &env,
        )?;
        let untracked: Vec<&str> = untracked.split('\0').filter(|e| !e.is_empty()).collect();
        let mut args: Vec<String> = ["add", "-A", "--", "."].map(str::to_owned).to_vec();
        args.extend(
            untracked
                .iter()
                .filter(|e| e.ends_with('/'))
                .map(|d| format!(":(exclude,literal){}", d.trim_end_matches('/'))),
        );
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        self.run(&args, None, &env)?;
        let tree = self.run(&["write-tree"], None, &env)?;
        let hashed: Vec<&str> = stale
            .split('\0')
            .chain(untracked.iter().copied())
            .filter(|p| !p.is_empty() && !p.ends_with('/'))
            .filter(|p| {
                self.root
                    .join(p)
                    .symlink_metadata()
                    .is_ok_and(|m| m.is_file())
            })
            .collect();
        Ok(Snapshot {
            tree: tree.trim().to_owned(),
            staged,
            unkept: self.unkept(&hashed)?,
            index: Some(tmp),
        })
    }

    /// What is staged, as a tree: the index's, when there is one without
    /// conflicts; written from a copy, so the index is neither locked nor
    /// changed.
    pub fn staged_tree(&self) -> Result<Option<String>, GitError> {
        let real = self.git_dir().join("index");
        if !real.exists() {
            return Ok(None);
        }
        let tmp = self.temp_index()?;
        std::fs::copy(&real, tmp.path())
            .map_err(|e| GitError::Spawn(format!("{}: {e}", real.display())))?;
        let index = tmp.path().to_string_lossy().into_owned();
        Ok(self
            .run(&["write-tree"], None, &[("GIT_INDEX_FILE", index.as_str())])
            .ok()
            .map(|t| t.trim().to_owned()))
    }

    /// Of the files `paths`, those whose bytes a filter (a clean filter,
    /// CRLF conversion, `ident`, an encoding) changes in a way checking
    /// them out again does not undo: what git stores is not the file.
    fn unkept(&self, paths: &[&str]) -> Result<Vec<String>, GitError> {
        // `--stdin-paths` reads lines: a path with a newline is not asked about.
        let paths: Vec<&str> = paths
            .iter()
            .copied()
            .filter(|p| !p.contains('\n'))
            .collect();
        if paths.is_empty() {
            return Ok(Vec::new());
        }
        let list: String = paths.iter().map(|p| format!("{p}\n")).collect();
        let stored = self.run(&["hash-object", "--stdin-paths"], Some(&list), &[])?;
        let raw = self.run(
            &["hash-object", "--no-filters", "--stdin-paths"],
            Some(&list),
            &[],
        )?;
        let mut out = Vec::new();
        for ((path, stored), raw) in paths.iter().zip(stored.lines()).zip(raw.lines()) {
            if stored == raw {
                continue;
            }
            // Converted: is the file what checking the stored blob out gives?
            let back = self.run_bytes(
                &["cat-file", "--filters", &format!("--path={path}"), stored],
                None,
                &[],
            );
            let file = std::fs::read(self.root.join(path));
            if !matches!((back, file), (Ok(b), Ok(f)) if b == f) {
                out.push((*path).to_owned());
            }
        }
        Ok(out)
    }

    /// Files git is told not to look at (`update-index --assume-unchanged`,
    /// `--skip-worktree`), with which: their changes are not seen.
    pub fn hidden_files(&self) -> Result<Vec<(String, &'static str)>, GitError> {
        let out = self.run(&["ls-files", "-v", "-z"], None, &[])?;
        Ok(out
            .split('\0')
            .filter_map(|e| {
                let (tag, path) = e.split_once(' ')?;
                let how = match tag {
                    "S" | "s" => "skip-worktree",
                    t if t.chars().all(|c| c.is_ascii_lowercase()) => "assume-unchanged",
                    _ => return None,
                };
                Some((path.to_owned(), how))
            })
            .collect())
    }

    /// `tree` with the entries under `keep` taken from commit `from`
    /// instead (added, replaced or removed), through a temporary index.
    pub fn tree_with(&self, tree: &str, from: &str, keep: &[&str]) -> Result<String, GitError> {
        let tmp = self.temp_index()?;
        let index = tmp.path().to_string_lossy().into_owned();
        let env = [("GIT_INDEX_FILE", index.as_str())];
        self.run(&["read-tree", tree], None, &env)?;
        let rm = [
            &["rm", "-r", "--cached", "-f", "-q", "--ignore-unmatch", "--"],
            keep,
        ]
        .concat();
        self.run(&rm, None, &env)?;
        let listing = self.run(
            &[&["ls-tree", "-r", "-z", from, "--"], keep].concat(),
            None,
            &[],
        )?;
        if !listing.is_empty() {
            self.run(
                &["update-index", "-z", "--index-info"],
                Some(&listing),
                &env,
            )?;
        }
        let tree = self.run(&["write-tree"], None, &env)?;
        Ok(tree.trim().to_owned())
    }

    /// A commit of `tree` with `parents` and `message`, made with plumbing:
    /// no hooks run and no ref moves. Returns its id. A commit meant for a
    /// branch (`for_branch`) is signed when `commit.gpgsign` says so, with
    /// `user.signingkey` and `gpg.format`, as `git commit` signs.
    pub fn commit_tree(
        &self,
        tree: &str,
        parents: &[&str],
        message: &str,
        for_branch: bool,
    ) -> Result<String, GitError> {
        let mut args = vec!["commit-tree", tree];
        for p in parents {
            args.extend(["-p", p]);
        }
        let sign = for_branch
            && self
                .run(
                    &["config", "--type=bool", "--get", "commit.gpgsign"],
                    None,
                    &[],
                )
                .is_ok_and(|v| v.trim() == "true");
        if sign {
            args.push("-S");
        }
        args.extend(["-F", "-"]);
        Ok(self.run(&args, Some(message), &[])?.trim().to_owned())
    }

    /// Points ref `name` at `id` with a reflog entry `reason`, only if it
    /// still points at `old` (`None`: only if it does not exist yet).
    pub fn set_ref(
        &self,
        name: &str,
        id: &str,
        old: Option<&str>,
        reason: &str,
    ) -> Result<(), GitError> {
        const ABSENT: &str = "0000000000000000000000000000000000000000";
        let old = old.unwrap_or(ABSENT);
        self.run(
            &["update-ref", "--create-reflog", "-m", reason, name, id, old],
            None,
            &[],
        )
        .map(|_| ())
    }

    /// Deletes ref `name` (and its reflog) if it still points at `old`.
    pub fn delete_ref(&self, name: &str, old: &str) -> Result<(), GitError> {
        self.run(&["update-ref", "-d", name, old], None, &[])
            .map(|_| ())
    }

    /// The refs under `prefix` (`refs/orx/checkpoints/`), as (name, commit).
    pub fn refs_under(&self, prefix: &str) -> Result<Vec<(String, String)>, GitError> {
        let mut out = Vec::new();
        for r in self
            .repo
            .references_glob(&format!("{prefix}*"))
            .map_err(lib)?
        {
            let r = r.map_err(lib)?;
            if let (Ok(name), Some(target)) = (r.name(), r.target()) {
                out.push((name.to_owned(), target.to_string()));
            }
        }
        out.sort();
        Ok(out)
    }

    /// The paths of every file in commit `rev`'s tree.
    pub fn tree_paths(&self, rev: &str) -> Result<Vec<String>, GitError> {
        let out = self.run(&["ls-tree", "-r", "-z", "--name-only", rev], None, &[])?;
        Ok(out
            .split('\0')
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect())
    }

    /// Files under `paths` whose index or work tree differs from HEAD, or
    /// that are untracked (not ignored): `git status --porcelain`.
    pub fn dirty(&self, paths: &[&str]) -> Result<Vec<String>, GitError> {
        let args = [
            &["status", "--porcelain", "-z", "--untracked-files=all", "--"],
            paths,
        ]
        .concat();
        let out = self.run(&args, None, &[])?;
        Ok(out
            .split('\0')
            .filter(|e| e.len() > 3)
            .map(|e| e[3..].to_owned())
            .collect())
    }

    /// Takes the index's lock (`index.lock`, as git does), so that no git
    /// process writes the index until it is released (dropped) or
    /// [`Repo::install_index`] puts a new index in place.
    pub fn lock_index(&self) -> Result<IndexLock, GitError> {
        let path = self.git_dir().join("index.lock");
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => Ok(IndexLock { path: Some(path) }),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                Err(GitError::IndexLocked(path.display().to_string()))
            }
            Err(e) => Err(GitError::Spawn(format!("{}: {e}", path.display()))),
        }
    }

    /// Makes the work tree go from `snapshot`'s tree to tree `to`, as
    /// `git read-tree -m -u` does from the snapshot's own index: files
    /// that differ are written, files only the snapshot has are removed
    /// (and directories left empty). git checks every file it would
    /// write or remove before it writes any: if one changed since the
    /// snapshot, or an untracked file is in the way, nothing is written
    /// and [`Switch::Changed`] names it. The user's index is not touched;
    /// the snapshot's index becomes `to` (see [`Repo::install_index`]).
    pub fn switch_tree(&self, snapshot: &Snapshot, to: &str) -> Result<(), Switch> {
        let Some(index) = &snapshot.index else {
            return Err(Switch::Failed(GitError::Spawn(
                "the snapshot's index is gone".to_owned(),
            )));
        };
        let index = index.path().to_string_lossy().into_owned();
        let env = [("GIT_INDEX_FILE", index.as_str()), ("LC_ALL", "C")];
        match self.run(&["read-tree", "-m", "-u", &snapshot.tree, to], None, &env) {
            Ok(_) => Ok(()),
            Err(GitError::Command { message, args }) => match changed_in_the_way(&message) {
                Some(path) => Err(Switch::Changed(path)),
                None => Err(Switch::Failed(GitError::Command { args, message })),
            },
            Err(e) => Err(Switch::Failed(e)),
        }
    }

    /// Puts every file of the work tree back from tree `from` to tree
    /// `to`, whatever it holds now (after a [`Repo::switch_tree`] that
    /// failed part way): files `to` has are written, files only `from`
    /// has are removed. The user's index is not touched.
    pub fn restore_tree(&self, from: &str, to: &str) -> Result<(), GitError> {
        let tmp = self.temp_index()?;
        let index = tmp.path().to_string_lossy().into_owned();
        let env = [("GIT_INDEX_FILE", index.as_str())];
        self.run(&["read-tree", from], None, &env)?;
        self.run(&["read-tree", "--reset", "-u", from, to], None, &env)
            .map(|_| ())
    }

    /// Makes the snapshot's index (after [`Repo::switch_tree`]) the
    /// user's, under the lock taken with [`Repo::lock_index`]: written in
    /// place of the lock, then renamed over the index, as git does.
    pub fn install_index(
        &self,
        mut lock: IndexLock,
        snapshot: &mut Snapshot,
    ) -> Result<(), GitError> {
        let path = lock.path.clone().unwrap_or_default();
        let io = |e: std::io::Error| GitError::Spawn(format!("{}: {e}", path.display()));
        let index = snapshot
            .index
            .take()
            .ok_or_else(|| GitError::Spawn("the snapshot's index is gone".to_owned()))?;
        // As readable as the index it replaces (a temporary file is private).
        if let Ok(m) = std::fs::metadata(self.git_dir().join("index")) {
            let _ = std::fs::set_permissions(index.path(), m.permissions());
        }
        index.persist(&path).map_err(|e| io(e.error))?;
        std::fs::rename(&path, self.git_dir().join("index")).map_err(io)?;
        lock.path = None;
        Ok(())
    }

    /// Whether HEAD points to a commit yet.
    pub fn has_head(&self) -> bool {
        self.repo.head().and_then(|h| h.peel_to_commit()).is_ok()
    }

    /// The directory git runs hooks from (`core.hooksPath` and worktrees
    /// respected), as `git rev-parse --git-path hooks` gives it.
    pub fn hooks_dir(&self) -> Result<PathBuf, GitError> {
        let out = self.run(&["rev-parse", "--git-path", "hooks"], None, &[])?;
        let p = PathBuf::from(out.trim_end_matches(['\n', '\r']));
        Ok(if p.is_absolute() {
            p
        } else {
            self.root.join(p)
        })
    }

    /// Checks `rev`'s signature with `git verify-commit`.
    pub fn signature(&self, rev: &str) -> Signature {
        let out = Command::new("git")
            .arg("-C")
            .arg(&self.root)
            .args(["verify-commit", "--raw", rev])
            .stdin(Stdio::null())
            .output();
        let Ok(out) = out else {
            return Signature::Bad("cannot run git verify-commit".to_owned());
        };
        let status = String::from_utf8_lossy(&out.stderr).into_owned();
        let (key, principal) = signer(&status);
        if out.status.success() {
            return Signature::Good { key, principal };
        }
        if status.contains("No principal matched") {
            return Signature::Bad(format!(
                "the key {} is not in gpg.ssh.allowedSignersFile",
                key.as_deref().unwrap_or("that signed it")
            ));
        }
        if status.trim().is_empty() || status.contains("no signature found") {
            Signature::Unsigned
        } else {
            Signature::Bad(
                status
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("bad signature")
                    .trim()
                    .to_owned(),
            )
        }
    }

    /// The commits reachable from `tips` that no ref reaches yet (the
    /// commits a ref update brings in), parents first.
    pub fn new_commits(&self, tips: &[&str]) -> Result<Vec<String>, GitError> {
        let args = [
            &["rev-list", "--topo-order", "--reverse"],
            tips,
            &["--not", "--all"],
        ]
        .concat();
        Ok(self
            .run(&args, None, &[])?
            .lines()
            .map(str::to_owned)
            .collect())
    }

    /// Who commits here, as git would write the author (`Name <email>`,
    /// from the environment and the config: `git var GIT_AUTHOR_IDENT`).
    pub fn author_ident(&self) -> Result<String, GitError> {
        let out = self.run(&["var", "GIT_AUTHOR_IDENT"], None, &[])?;
        // "Name <email> 1767322245 +0000": without the time.
        let ident = out.trim();
        Ok(match ident.rfind('>') {
            Some(end) => ident[..=end].to_owned(),
            None => ident.to_owned(),
        })
    }

    /// Whether a ref already points at commit `id`.
    pub fn is_ref_tip(&self, id: &str) -> bool {
        let Ok(oid) = git2::Oid::from_str(id) else {
            return false;
        };
        let Ok(refs) = self.repo.references() else {
            return false;
        };
        refs.flatten()
            .any(|r| r.target() == Some(oid) && r.name() != Ok("HEAD"))
    }

    /// Whether `a` and `b` hold the same entries under each of `paths`
    /// (a subtree or file compared by id: no diff needed).
    pub fn same_entries(&self, a: &str, b: &str, paths: &[&str]) -> bool {
        let (Ok(ta), Ok(tb)) = (self.tree(a), self.tree(b)) else {
            return false;
        };
        paths.iter().all(|p| {
            let id = |t: &git2::Tree| t.get_path(Path::new(p)).ok().map(|e| e.id());
            id(&ta) == id(&tb)
        })
    }

    /// The commits whose parents a shallow clone does not have (git's
    /// `shallow` file); empty in a full clone.
    pub fn shallow_commits(&self) -> std::collections::HashSet<String> {
        if !self.repo.is_shallow() {
            return Default::default();
        }
        std::fs::read_to_string(self.common_dir.join("shallow"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.trim().to_owned())
            .filter(|l| !l.is_empty())
            .collect()
    }
}

/// Who signed, from `git verify-commit --raw`'s status: OpenPGP's
/// `[GNUPG:] VALIDSIG <fingerprint> ...`, or SSH's `Good "git" signature
/// for <principal> with ED25519 key SHA256:<fingerprint>` (no `for` when no
/// principal matched).
fn signer(status: &str) -> (Option<String>, Option<String>) {
    let gpg = status
        .lines()
        .find_map(|l| l.strip_prefix("[GNUPG:] VALIDSIG "))
        .and_then(|rest| rest.split_whitespace().next())
        .map(str::to_owned);
    if gpg.is_some() {
        return (gpg, None);
    }
    let Some(line) = status
        .lines()
        .find(|l| l.starts_with("Good \"git\" signature"))
    else {
        return (None, None);
    };
    let key = line.rsplit_once(" key ").map(|(_, k)| k.trim().to_owned());
    let principal = line
        .split_once(" signature for ")
        .and_then(|(_, rest)| rest.rsplit_once(" with "))
        .map(|(p, _)| p.trim().to_owned());
    (key, principal)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_file_in_the_way_is_read_from_gits_refusal() {
        use super::changed_in_the_way as c;
        assert_eq!(
            c("error: Entry 'src/a b.txt' not uptodate. Cannot merge.").as_deref(),
            Some("src/a b.txt")
        );
        assert_eq!(
            c("error: Untracked working tree file 'x' would be overwritten by merge.\nerror: The following untracked working tree files would be overwritten by merge:\n\tb.txt\n\tc.txt\nPlease move or remove them before you merge.\nAborting").as_deref(),
            Some("b.txt")
        );
        assert_eq!(c("fatal: unable to write new index file"), None);
    }

    #[test]
    fn trailers_are_read_as_git_reads_them() {
        let messages = [
            "move 1.1\n\nOrx-Item: story/1.1\nOrx-Transition: Draft -> Approved\nOrx-Role: sm\n",
            "fix\n\nbody\n\nSigned-off-by: A <a@x>\nOrx-Role: dev\n",
            "subject\n\nbody line\nSee: http://x\n",
            "subject only\n",
            "subject\n\nOrx-Role: qa\n\n# a comment\n",
            "subject\n\nnot: a trailer here\n\nlast paragraph\n",
        ];
        use std::io::Write;
        use std::process::{Command, Stdio};
        for message in messages {
            let mut git = Command::new("git")
                .args(["interpret-trailers", "--parse"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            git.stdin
                .take()
                .unwrap()
                .write_all(message.as_bytes())
                .unwrap();
            let out = git.wait_with_output().unwrap();
            let by_git: Vec<(String, String)> = String::from_utf8(out.stdout)
                .unwrap()
                .lines()
                .filter_map(|l| l.split_once(": "))
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect();
            assert_eq!(super::message_trailers(message), by_git, "{message:?}");
        }
    }

    #[test]
    fn signers_are_read_from_git_status() {
        use super::signer;
        assert_eq!(
            signer("Good \"git\" signature for a@x.com with ED25519 key SHA256:abc\n"),
            (Some("SHA256:abc".to_owned()), Some("a@x.com".to_owned()))
        );
        assert_eq!(
            signer("Good \"git\" signature with ED25519 key SHA256:abc\nNo principal matched.\n"),
            (Some("SHA256:abc".to_owned()), None)
        );
        assert_eq!(
            signer("[GNUPG:] NEWSIG\n[GNUPG:] VALIDSIG ABCDEF 2026-01-01 x\n"),
            (Some("ABCDEF".to_owned()), None)
        );
    }
}
