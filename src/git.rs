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
    #[error("cannot run git: {0}")]
    Spawn(String),
    #[error("git: {0}")]
    Lib(String),
}

fn lib(e: git2::Error) -> GitError {
    GitError::Lib(e.message().to_owned())
}

pub struct Repo {
    repo: git2::Repository,
    root: PathBuf,
    common_dir: PathBuf,
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

    /// The repository whose work tree contains `path`.
    pub fn open(path: &Path) -> Result<Repo, GitError> {
        match git2::Repository::discover(path) {
            Ok(repo) => Repo::from_git2(repo),
            Err(e) if e.code() == git2::ErrorCode::NotFound => Err(GitError::NotARepo),
            Err(e) => Err(lib(e)),
        }
    }

    fn from_git2(repo: git2::Repository) -> Result<Repo, GitError> {
        let root = repo.workdir().ok_or(GitError::Bare)?.to_path_buf();
        let root = root.canonicalize().unwrap_or(root);
        let common_dir = repo.commondir().to_path_buf();
        Ok(Repo {
            repo,
            root,
            common_dir,
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

    /// A git config value (`orx.role`), from every level git reads.
    pub fn config_value(&self, key: &str) -> Option<String> {
        self.repo.config().ok()?.get_string(key).ok()
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
        let commit = [
            &["commit", "--only", "--cleanup=whitespace", "-F", "-", "--"],
            paths,
        ]
        .concat();
        if let Err(e) = self.run(&commit, Some(message), env) {
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
        if let (Some(text), Some(mut pipe)) = (stdin, child.stdin.take()) {
            pipe.write_all(text.as_bytes())
                .map_err(|e| GitError::Spawn(e.to_string()))?;
        }
        let out = child
            .wait_with_output()
            .map_err(|e| GitError::Spawn(e.to_string()))?;
        if out.status.success() {
            return Ok(String::from_utf8_lossy(&out.stdout).into_owned());
        }
        let mut message = String::from_utf8_lossy(&out.stderr).trim().to_owned();
        let stdout = String::from_utf8_lossy(&out.stdout);
        if message.is_empty() {
            message = stdout.trim().to_owned();
        }
        Err(GitError::Command {
            args: args.join(" "),
            message,
        })
    }
}
