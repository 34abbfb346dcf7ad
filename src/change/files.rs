//! The executor's last step, the one every change git-orx writes goes
//! through: an item's plan ([`plan::execute`](crate::change::plan::execute)),
//! a QA gate file, an adoption, a renumbering, an acknowledgement and a
//! restore. Under the repository lock, it refuses to commit during a git
//! operation (the merge a renumbering ends aside), waits for git's own
//! locks, writes or removes each file atomically through
//! [`store`](crate::engine::store) over exactly the bytes it was planned
//! from, and commits them as one commit with the hooks' environment (who
//! acts, the Human's override reason, that this process holds the lock).
//! If git refuses, HEAD decides: a file whose version HEAD now holds, or
//! whose HEAD version changed meanwhile, is left as written; every other
//! file is put back, when it still holds what was written.

use crate::engine::store::{self, Lock};
use crate::error::{Error, Result};
use crate::git::{GitError, Repo};

/// One file a change writes.
#[derive(Clone, Debug, PartialEq)]
pub struct Write {
    /// The file, relative to the work tree.
    pub path: String,
    /// What it holds as the change was planned (`None`: no file); a file
    /// holding anything else is not written.
    pub old: Option<Vec<u8>>,
    /// What it holds after (`None`: it is removed).
    pub new: Option<Vec<u8>>,
}

impl Write {
    /// `path`, from `old` (`None`: a new file) to `new`.
    pub fn new(path: impl Into<String>, old: Option<Vec<u8>>, new: Vec<u8>) -> Write {
        Write {
            path: path.into(),
            old,
            new: Some(new),
        }
    }

    /// `path` removed; it holds `old`.
    pub fn removal(path: impl Into<String>, old: Vec<u8>) -> Write {
        Write {
            path: path.into(),
            old: Some(old),
            new: None,
        }
    }
}

/// Which commit the written files go into.
#[derive(Clone, Debug, PartialEq)]
pub enum Made {
    /// A commit of these files alone (`git commit --only`, so other staged
    /// changes stay staged), with this message.
    Alone(String),
    /// The merge under way, ended by a commit of its index with these
    /// files: git's own message, with these trailers.
    EndingMerge(Vec<(String, String)>),
}

/// How the written files are committed, and what the hooks are told.
#[derive(Clone, Debug, PartialEq)]
pub struct Commit {
    pub made: Made,
    /// The acting role (`ORX_ROLE`).
    pub role: String,
    /// The Human's override reason (`ORX_FORCE_REASON`), when the change
    /// overrides a rule.
    pub reason: Option<String>,
}

/// What one change writes, and its commit (`None`: written only).
#[derive(Clone, Debug, PartialEq)]
pub struct Files {
    /// The files, the one the lock's holder line names first.
    pub writes: Vec<Write>,
    pub commit: Option<Commit>,
}

/// What [`execute`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum Done {
    /// Written, not committed (none was asked for).
    Written,
    /// Committed: the new commit's id.
    Committed(String),
    /// HEAD already held exactly these files: nothing to commit.
    Unchanged,
    /// Another process's commit took the files along (its id, when
    /// found); this commit found nothing left.
    ByAnother(Option<String>),
    /// In the merge it was to end, whose hook refuses its commit for
    /// another reason: the files stay written and staged in the merge;
    /// git's words.
    StagedInMerge(String),
}

/// Refuses a commit now if git is in the middle of an operation (a
/// commit would land on a temporary HEAD, or be refused), unless it is
/// the merge the commit ends (`ending_merge`).
pub fn may_commit(repo: &Repo, ending_merge: bool) -> Result<()> {
    if ending_merge && !repo.merge_heads().is_empty() {
        return Ok(());
    }
    match repo.operation_in_progress() {
        Some(what) => Err(Error::Failed(crate::msg!(
            "git-middle-what-finish-abort",
            what = what
        ))),
        None => Ok(()),
    }
}

/// Takes the repository lock (waiting up to `lock_wait`), then
/// [`execute_locked`].
pub fn execute(repo: &Repo, lock_wait: std::time::Duration, files: &Files) -> Result<Done> {
    let lock = Lock::acquire_within(&repo.orx_dir(), lock_wait)?;
    execute_locked(repo, &lock, files)
}

/// Writes `files` and commits them as one change (see the module's
/// documentation). A write that fails puts back the files written before
/// it. Needs the lock.
pub fn execute_locked(repo: &Repo, lock: &Lock, files: &Files) -> Result<Done> {
    if let Some(c) = &files.commit {
        may_commit(repo, matches!(c.made, Made::EndingMerge(_)))?;
        repo.wait_for_locks(lock.wait())?;
    }
    if let Some(first) = files.writes.first() {
        lock.changing(&first.path);
    }
    let root = repo.root();
    let orx_dir = repo.orx_dir();
    let mut dirs: Vec<std::path::PathBuf> = files
        .writes
        .iter()
        .filter_map(|w| {
            root.join(&w.path)
                .parent()
                .map(std::path::Path::to_path_buf)
        })
        .collect();
    dirs.sort();
    dirs.dedup();
    for dir in &dirs {
        store::clean_leftovers(lock, dir);
    }
    store::test_pause("in-lock");
    let mut head_before = Vec::with_capacity(files.writes.len());
    for w in &files.writes {
        head_before.push(repo.head_file(&w.path)?);
    }
    for (n, w) in files.writes.iter().enumerate() {
        let wrote = match (&w.old, &w.new) {
            (_, Some(new)) => store::write(lock, root, &orx_dir, &w.path, w.old.as_deref(), new),
            (Some(old), None) => store::remove(lock, root, &orx_dir, &w.path, old),
            (None, None) => Ok(()),
        };
        if let Err(e) = wrote {
            for done in files.writes[..n].iter().rev() {
                let _ = store::restore(
                    lock,
                    root,
                    &done.path,
                    done.old.as_deref(),
                    done.new.as_deref(),
                );
            }
            return Err(e.into());
        }
    }
    let Some(commit) = &files.commit else {
        return Ok(Done::Written);
    };
    store::test_pause("written");
    let pid = std::process::id().to_string();
    let mut env = vec![
        ("ORX_ROLE", commit.role.as_str()),
        ("ORX_LOCK_HOLDER", pid.as_str()),
    ];
    if let Some(reason) = &commit.reason {
        env.push(("ORX_FORCE_REASON", reason.as_str()));
    }
    let paths: Vec<&str> = files.writes.iter().map(|w| w.path.as_str()).collect();
    let made = store::test_fail("commit")
        .map_err(|e| GitError::Command {
            args: "commit".to_owned(),
            message: e.to_string(),
        })
        .and_then(|()| match &commit.made {
            Made::Alone(message) => repo.commit_paths(&paths, message, &env, lock.wait()),
            Made::EndingMerge(trailers) => repo.commit_merge(&paths, trailers, &env),
        });
    let e = match made {
        Ok(id) => return Ok(Done::Committed(id)),
        // The merge's hook refuses it for something else: the files stay
        // staged in it, for the commit that ends it.
        Err(GitError::Command { message, .. })
            if matches!(commit.made, Made::EndingMerge(_))
                && repo.commit_id("MERGE_HEAD").is_some() =>
        {
            return Ok(Done::StagedInMerge(message));
        }
        Err(e) => e,
    };
    after_refusal(repo, lock, files, &head_before, e)
}

/// After git refused the commit (`e`): HEAD is the truth. When HEAD holds
/// every file as written, the change is made (by another process, or
/// before); otherwise each file is put back unless HEAD's version of it
/// changed meanwhile or it no longer holds what was written.
fn after_refusal(
    repo: &Repo,
    lock: &Lock,
    files: &Files,
    head_before: &[Option<Vec<u8>>],
    e: GitError,
) -> Result<Done> {
    let mut head_now = Vec::with_capacity(files.writes.len());
    for w in &files.writes {
        head_now.push(repo.head_file(&w.path)?);
    }
    let first = files.writes.first().map(|w| w.path.as_str());
    if files
        .writes
        .iter()
        .zip(&head_now)
        .all(|(w, now)| now.as_deref() == w.new.as_deref())
    {
        if files
            .writes
            .iter()
            .zip(head_before)
            .all(|(w, before)| before.as_deref() == w.new.as_deref())
        {
            return Ok(Done::Unchanged);
        }
        return Ok(Done::ByAnother(first.and_then(|p| repo.last_change(p))));
    }
    let mut outcomes = Vec::with_capacity(files.writes.len());
    for ((w, before), now) in files.writes.iter().zip(head_before).zip(&head_now) {
        let path = w.path.as_str();
        let outcome = if now != before {
            crate::msg!(
                "commit-failed-head-changed",
                path,
                commit = repo.last_change(path).unwrap_or_else(|| "HEAD".to_owned())
            )
        } else {
            match store::restore(lock, repo.root(), path, w.old.as_deref(), w.new.as_deref()) {
                Ok(true) if files.writes.len() > 1 => {
                    outcomes.push(None);
                    continue;
                }
                Ok(true) if w.old.is_some() => crate::msg!("commit-failed-restored", path),
                Ok(true) => crate::msg!("commit-failed-new-file-removed", path),
                Ok(false) => crate::msg!("commit-failed-changed-meanwhile", path),
                Err(r) => crate::msg!("commit-failed-not-put-back", error = r.to_string()),
            }
        };
        outcomes.push(Some(outcome));
    }
    // One file: what became of it. Several: that they were put back, or
    // the first that was not and why.
    let said = outcomes
        .into_iter()
        .flatten()
        .next()
        .unwrap_or_else(|| crate::msg!("commit-failed-files-restored"));
    Err(Error::CommitFailed {
        error: e,
        outcome: said,
        change: None,
    })
}
