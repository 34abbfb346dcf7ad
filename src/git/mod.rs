//! The one gateway to git. Nothing else in git-orx calls git2 or runs `git`.
//!
//! Reads go through git2, opened with `open_from_env` so `GIT_DIR`,
//! `GIT_WORK_TREE` and linked worktrees behave as git's own commands do.
//! Writes that must run the user's hooks and filters (commits) run the `git`
//! binary. Every failure carries the command and git's own message.

mod branches;
mod commit;
mod diff;
mod merge;
pub use branches::Branch;
pub use diff::{ChangeStream, INDEX_DIFF, index_diff_changes};
mod read;
pub mod stop;
mod write;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Clone, Debug)]
pub enum GitError {
    NotARepo,
    Bare,
    Command {
        args: String,
        message: String,
    },
    /// git refused because another process updated a ref or held one of
    /// git's lock files meanwhile: running the command again may succeed.
    Race {
        args: String,
        message: String,
    },
    /// git could not be started, or waiting for it failed.
    Spawn(std::sync::Arc<std::io::Error>),
    /// libgit2 failed.
    Lib(std::sync::Arc<git2::Error>),
    /// A file git-orx keeps beside git's (a temporary index, the commit
    /// journal, a file given to `git merge-file`) could not be read or
    /// written.
    Io {
        path: String,
        source: std::sync::Arc<std::io::Error>,
    },
    /// git did not do or say what git-orx needs of it (HEAD names no
    /// commit after a commit, output git-orx cannot read): a fault here
    /// or in git, said as what was expected.
    Unexpected(crate::text::message::Message),
    IndexLocked(String),
    /// The user asked git-orx to stop (Ctrl-C) while it waited.
    Interrupted(String),
    /// A new file to commit is one git ignores.
    Ignored {
        path: String,
        rule: String,
    },
    /// One of git's own lock files outlasted the wait: a crashed git left
    /// it, or a git command has been running that long (an editor open).
    Locked {
        path: String,
        waited: std::time::Duration,
    },
}

impl std::fmt::Display for GitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message())
    }
}

impl std::error::Error for GitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GitError::Spawn(e) | GitError::Io { source: e, .. } => Some(e.as_ref()),
            GitError::Lib(e) => Some(e.as_ref()),
            _ => None,
        }
    }
}

impl GitError {
    /// What went wrong, as a message: the user's situation (not a
    /// repository, a lock held) named; git's own words (its stderr, an
    /// OS error) given as they are.
    pub fn message(&self) -> crate::text::message::Message {
        use crate::msg;
        match self {
            GitError::NotARepo => msg!("not-a-git-repository"),
            GitError::Bare => msg!("bare-repository"),
            GitError::Command { args, message } | GitError::Race { args, message } => {
                msg!("git-command-failed", args = args, text = message)
            }
            GitError::Spawn(e) => msg!("cannot-run-git", text = e.to_string()),
            GitError::Lib(e) => msg!("git-said", text = e.message()),
            GitError::Io { path, source } => {
                msg!("path-text", path = path, text = source.to_string())
            }
            GitError::Unexpected(m) => m.clone(),
            GitError::IndexLocked(path) => msg!("index-lock-taken", path = path),
            GitError::Interrupted(what) => {
                msg!("interrupted-while-waiting-path-nothing", path = what)
            }
            GitError::Ignored { path, rule } => {
                msg!("path-ignored-git-rule-git", path = path, rule = rule)
            }
            GitError::Locked { path, waited } => msg!(
                "git-lock-outlasted-wait",
                path = path,
                waited = crate::text::seconds(*waited)
            ),
        }
    }

    /// git could not be started or waited for.
    pub(crate) fn spawn(e: std::io::Error) -> GitError {
        GitError::Spawn(std::sync::Arc::new(e))
    }

    /// The file at `path` could not be read or written.
    pub(crate) fn io(path: impl AsRef<Path>, e: std::io::Error) -> GitError {
        GitError::Io {
            path: path.as_ref().display().to_string(),
            source: std::sync::Arc::new(e),
        }
    }

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
    GitError::Lib(std::sync::Arc::new(e))
}

/// Process-wide libgit2 settings, applied once: objects are not re-hashed
/// on every read (git does not either; `git fsck` is the tool for that),
/// which matters when `verify` reads thousands of large trees; and packs
/// are mapped a window of 16 MiB at a time, at most 48 MiB at once, so a
/// long read keeps only what it is reading in memory (libgit2 would map
/// every pack whole, and keep each page it read).
fn tune_libgit2() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        git2::opts::strict_hash_verification(false);
        // SAFETY: set once, before this process opens a repository.
        unsafe {
            let _ = git2::opts::set_mwindow_size(16 << 20);
            let _ = git2::opts::set_mwindow_mapped_limit(48 << 20);
        }
    });
}

/// What git is told when it reads a long history: map packs 16 MiB at a
/// time and at most 48 MiB at once (git would map each pack whole and
/// keep every page it read), and keep at most 16 MiB of delta bases (96
/// MiB by default). As fast here, with a fraction of the memory.
const LONG_READ: [&str; 6] = [
    "-c",
    "core.packedGitWindowSize=16m",
    "-c",
    "core.packedGitLimit=48m",
    "-c",
    "core.deltaBaseCacheLimit=16m",
];

pub struct Repo {
    repo: git2::Repository,
    root: PathBuf,
    common_dir: PathBuf,
    /// git-orx's settings (`orx.*`) as `git config` reads them, once.
    config: std::sync::OnceLock<Vec<(String, String)>>,
}

/// `git`, as git-orx starts it: replace refs (`refs/replace/*`) are
/// ignored, so that what git-orx reads and judges is each commit as it
/// is, never the stand-in a replace ref puts in its place (libgit2 knows
/// no replace refs at all).
pub(crate) fn git_command() -> Command {
    let mut cmd = Command::new("git");
    cmd.env("GIT_NO_REPLACE_OBJECTS", "1");
    cmd
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
            let mut cmd = git_command();
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
            if stop::stop_asked() {
                return Err(GitError::Interrupted(held.display().to_string()));
            }
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
        self.run_noting(args, stdin, env, &mut |_| Ok(()))
    }

    /// [`Repo::run_bytes`], telling `started` git's process id once it
    /// runs (an error there stops git and is returned).
    fn run_noting(
        &self,
        args: &[&str],
        stdin: Option<&[u8]>,
        env: &[(&str, &str)],
        started: &mut dyn FnMut(u32) -> Result<(), GitError>,
    ) -> Result<Vec<u8>, GitError> {
        let mut cmd = git_command();
        cmd.arg("-C").arg(&self.root).args(args);
        cmd.envs(env.iter().copied());
        cmd.stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = cmd.spawn().map_err(GitError::spawn)?;
        if let Err(e) = started(child.id()) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(e);
        }
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
        .map_err(GitError::spawn)?;
        if out.status.success() {
            return Ok(out.stdout);
        }
        Err(failure(args.join(" "), &out))
    }

    /// Starts `git args` with `stdin` and returns at once: git works while
    /// the caller does (a long `diff-tree --stdin` beside the parsing of
    /// its previous output). [`Running::wait`] gives its output.
    pub fn start(&self, args: &[&str], stdin: Vec<u8>) -> Result<Running, GitError> {
        let mut cmd = git_command();
        cmd.arg("-C").arg(&self.root).args(args);
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().map_err(GitError::spawn)?;
        let pipe = child.stdin.take();
        let done = std::thread::spawn(move || {
            std::thread::scope(|s| {
                if let Some(mut pipe) = pipe {
                    s.spawn(move || {
                        let _ = pipe.write_all(&stdin);
                    });
                }
                child.wait_with_output()
            })
        });
        Ok(Running {
            args: args.join(" "),
            done,
        })
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
        config_lookup(&read_config(git_command(), r"^color\.ui$"), "color.ui")?
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

/// `message` with `trailers` added, without starting git, where git's
/// result is certain: a message that ends its last line, whose last
/// paragraph cannot be a trailer block, and that has no comment lines.
/// git never takes the first paragraph (the subject) for trailers, and
/// takes a later one only if a line has a separator (`:`, or one
/// `trailer.separators` adds, all punctuation): a paragraph of words,
/// spaces and `.,!?'` has none. Lines starting with punctuation (where
/// git's `core.commentChar` could make a comment) leave it to git. The
/// trailers then go in a paragraph of their own after the message, before
/// any blank lines it ends with, as `git interpret-trailers` puts them.
/// Whether `trailers` are written by git as given, `Key: value` on one
/// line each: a key of letters, digits and `-`, a value on one line with
/// no space around it.
pub fn plain_trailers(trailers: &[(String, String)]) -> bool {
    !trailers.is_empty()
        && trailers.iter().all(|(k, v)| {
            !k.is_empty()
                && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !v.is_empty()
                && !v.contains(['\n', '\r'])
                && v.trim() == v
        })
}

fn trailers_as_new_paragraph(message: &str, trailers: &[(String, String)]) -> Option<String> {
    if !message.ends_with('\n') || trailers.is_empty() {
        return None;
    }
    let blank = |l: &str| l.trim().is_empty();
    let lines: Vec<&str> = message.split_inclusive('\n').collect();
    // A line of spaces only is not an empty line to git (it is kept in
    // the message, and no blank line is put after it): left to git.
    if lines.iter().any(|l| blank(l) && *l != "\n") {
        return None;
    }
    let last = lines.iter().rposition(|l| !blank(l))?;
    if blank(lines[0])
        || lines[..=last]
            .iter()
            .any(|l| !blank(l) && !l.starts_with(|c: char| c.is_alphanumeric()))
    {
        return None;
    }
    let title_end = lines.iter().position(|l| blank(l)).unwrap_or(lines.len());
    if title_end <= last {
        let start = lines[..=last].iter().rposition(|l| blank(l))? + 1;
        let plain = |c: char| {
            c.is_alphanumeric() || c == ' ' || matches!(c, '.' | ',' | '!' | '?' | '\'' | '\n')
        };
        if !lines[start..=last].iter().all(|l| l.chars().all(plain)) {
            return None;
        }
    }
    if !plain_trailers(trailers) {
        return None;
    }
    let end: usize = lines[..=last].iter().map(|l| l.len()).sum();
    let mut out = String::with_capacity(message.len() + 64 * trailers.len());
    out.push_str(&message[..end]);
    out.push('\n');
    for (k, v) in trailers {
        out.push_str(&format!("{k}: {v}\n"));
    }
    out.push_str(&message[end..]);
    Some(out)
}

/// `message` with `trailers` added as git adds them
/// (`git interpret-trailers`): to the message's trailer block if it has
/// one, else as a new paragraph; above comment lines (git's
/// `core.commentChar`) and a `--verbose` scissors line. Each trailer is
/// added, whatever `trailer.*` settings say about existing ones.
pub fn add_trailers(message: &str, trailers: &[(String, String)]) -> Result<String, GitError> {
    if let Some(out) = trailers_as_new_paragraph(message, trailers) {
        return Ok(out);
    }
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
    let mut child = git_command()
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(GitError::spawn)?;
    let pipe = child.stdin.take();
    let out = std::thread::scope(|s| {
        if let Some(mut pipe) = pipe {
            s.spawn(move || {
                let _ = pipe.write_all(message.as_bytes());
            });
        }
        child.wait_with_output()
    })
    .map_err(GitError::spawn)?;
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
    /// Files that changed while they were read (no filter involved).
    pub changing: Vec<String>,
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
        return Err(GitError::Unexpected(crate::msg!(
            "git-output-unread",
            args = "diff --raw",
            text = header
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

/// An entry of a tree: its object and its mode (`0o100644`, `0o100755`,
/// `0o120000` a symbolic link, `0o160000` a submodule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub id: BlobId,
    pub mode: u32,
}

/// A path whose entry differs between two trees: none on a side where
/// the path is absent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryChange {
    pub path: String,
    pub old: Option<Entry>,
    pub new: Option<Entry>,
}

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

/// The trailers of a commit message ([`message_trailers`]), or, for a
/// message that is nothing but `Orx-*` trailers, those.
fn trailers_of(message: &str) -> Vec<(String, String)> {
    let trailers = message_trailers(message);
    match trailers.is_empty() {
        true => orx_trailers_only(message),
        false => trailers,
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

/// A git command started by [`Repo::start`].
pub struct Running {
    args: String,
    done: std::thread::JoinHandle<std::io::Result<std::process::Output>>,
}

impl Running {
    /// Waits for git and gives its standard output.
    pub fn wait(self) -> Result<Vec<u8>, GitError> {
        let out = self
            .done
            .join()
            .map_err(|_| {
                GitError::Unexpected(crate::msg!("git-reader-stopped", args = &self.args))
            })?
            .map_err(GitError::spawn)?;
        match out.status.success() {
            true => Ok(out.stdout),
            false => Err(failure(self.args, &out)),
        }
    }
}

/// A git command that failed, with what it said.
fn failure(args: String, out: &std::process::Output) -> GitError {
    let mut message = String::from_utf8_lossy(&out.stderr).trim().to_owned();
    if message.is_empty() {
        message = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    }
    GitError::failed(args, message)
}

#[cfg(test)]
mod tests {
    /// What `git interpret-trailers` itself makes of `message`, with the
    /// options [`super::add_trailers`] passes.
    fn gits_own(message: &str, trailers: &[(String, String)]) -> String {
        use std::io::Write;
        let mut args = vec![
            "interpret-trailers".to_owned(),
            "--if-exists".to_owned(),
            "add".to_owned(),
            "--if-missing".to_owned(),
            "add".to_owned(),
            "--where".to_owned(),
            "end".to_owned(),
        ];
        for (k, v) in trailers {
            args.push("--trailer".to_owned());
            args.push(format!("{k}: {v}"));
        }
        let mut child = super::git_command()
            .args(&args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(message.as_bytes())
            .unwrap();
        String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
    }

    #[test]
    fn trailers_added_without_git_are_byte_for_byte_what_git_adds() {
        let trailers = vec![
            ("Orx-Item".to_owned(), "story/1.2".to_owned()),
            (
                "Orx-Transition".to_owned(),
                "Approved -> InProgress".to_owned(),
            ),
            ("Orx-Role".to_owned(), "dev".to_owned()),
        ];
        let messages = [
            "start\n",
            "start\n\n",
            "start\n\n\n",
            "a subject: with a colon\n",
            "two line\ntitle\n",
            "subject\n\nA body of plain words, and more.\n",
            "subject\n\nbody\n\nlast paragraph, plain!\n\n",
            "subject   \n\nbody line with trailing space  \n",
            "subject\n\n  \nbody after a blank of spaces\n",
            // Left to git: a line of spaces only, which git keeps in the
            // message (found by the property test below).
            "a\n \n",
            "subject\n\nbody\n \n\n",
            // Left to git: each of these could hold a trailer or a comment.
            "subject\n\nSigned-off-by: A <a@b>\n",
            "subject\n\nFixes #12\n",
            "subject\n\nkey=value\n",
            "subject\n# a comment\n",
            "# only a comment\n",
            "subject\n\n(see) the body; here\n",
            "no newline at the end",
            "",
            "\nleading blank\n",
        ];
        let mut native = 0;
        for m in messages {
            let ours = super::trailers_as_new_paragraph(m, &trailers);
            native += usize::from(ours.is_some());
            let via = super::add_trailers(m, &trailers).unwrap();
            assert_eq!(via, gits_own(m, &trailers), "message {m:?}");
            if let Some(o) = ours {
                assert_eq!(o, via, "message {m:?}");
            }
        }
        // The plain cases are taken without git.
        assert_eq!(native, 8);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]
        /// Any message of words, separators, comment marks and blank lines:
        /// where trailers are added without git, git adds them the same.
        #[test]
        fn trailers_added_without_git_agree_with_git_on_any_message(
            m in "([a-z]{1,6}|[ .,:#=!?'-]|\n){0,40}"
        ) {
            let m = format!("{m}\n");
            let trailers = vec![("Orx-Item".to_owned(), "story/7".to_owned())];
            if let Some(ours) = super::trailers_as_new_paragraph(&m, &trailers) {
                proptest::prop_assert_eq!(ours, gits_own(&m, &trailers));
            }
        }
    }

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
        use std::process::Stdio;
        for message in messages {
            let mut git = super::git_command()
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
