//! Checkpoints and rollback to the last checkpoint.
//!
//! A checkpoint is a commit that holds the work tree as it is — HEAD, every
//! tracked change and every untracked file that is not ignored — made
//! through a temporary index, with HEAD as its parent, and kept as the ref
//! `refs/orx/checkpoints/chk-YYYYMMDDHHMM` (UTC, the agent's
//! `last_checkpoint` form; a later one in the same minute adds its seconds,
//! `chk-YYYYMMDDHHMMSS`, and `-2`, `-3`, ... when two are made in one
//! second) with a reflog. The user's index, work tree and
//! branch are not touched.
//!
//! A rollback never rewrites history. It saves the current state as a
//! checkpoint first (so a rollback can itself be rolled back), then makes
//! every file the checkpoint's, removing files made since, and records
//! that as a new commit on top of HEAD. Item files — the story directory
//! and everything under `.orx/` (the rules, the agent contexts) — keep
//! their own history: a rollback leaves them as they are, and refuses when
//! they have uncommitted changes, so a rollback of code never silently
//! reverts a story's state. Ignored files are neither saved nor touched.
//!
//! A rollback completes or leaves everything as it found it: what would
//! stop it is checked before it saves anything; after the save, HEAD moves
//! only from the commit it started on (exit 3 if another process moved
//! it), then git switches the files only if none changed since the save
//! (exit 3 otherwise), and a failure while writing puts the files and HEAD
//! back. Any failure after the save names the checkpoint holding the work.

use serde::Serialize;

use crate::engine::store::StoreError;
use crate::error::{Error, Result};
use crate::git::{Repo, Side, Snapshot, Switch};

/// Where checkpoints live.
pub const REF_PREFIX: &str = crate::engine::verdict::CHECKPOINT_REFS;

/// One checkpoint, as `checkpoints` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Checkpoint {
    pub name: String,
    pub commit: String,
    /// When it was made (the commit's time, RFC 3339).
    pub time: String,
    /// The commit it was made on (HEAD then).
    pub base: Option<String>,
    pub message: String,
    /// The work tree it was made in.
    pub worktree: Option<String>,
    /// Files that differ from HEAD now.
    pub changed: Vec<String>,
}

/// Whether `name` is a checkpoint's name: `chk-` then 12 or 14 digits,
/// with an optional `-N`.
pub fn valid_name(name: &str) -> bool {
    crate::engine::verdict::valid_checkpoint_name(name)
}

/// The checkpoint `typed` names: a full name as [`valid_name`] says, or
/// one to the minute (`chk-202602081200`), which names the one checkpoint
/// made in that minute (UTC); `refs/orx/checkpoints/` may lead. A minute
/// in which several were made, or none, is refused with what there is.
pub fn resolve(repo: &Repo, typed: &str) -> Result<String> {
    let name = typed.strip_prefix(REF_PREFIX).unwrap_or(typed);
    let minute = name
        .strip_prefix("chk-")
        .filter(|m| m.len() == 12 && m.bytes().all(|b| b.is_ascii_digit()));
    if valid_name(name) && minute.is_none() {
        return Ok(name.to_owned());
    }
    let Some(minute) = minute else {
        return Err(Error::Usage(crate::msg!(
            "name-not-checkpoint-name-they",
            name = crate::text::escape(typed)
        )));
    };
    let mut made: Vec<String> = names(repo)?
        .into_iter()
        .filter(|n| valid_name(n) && n[4..].starts_with(minute))
        .collect();
    // The checkpoint of that name is the first of its minute.
    if made.iter().any(|n| n == name) {
        return Ok(name.to_owned());
    }
    made.sort();
    match made.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(Error::NotFound(crate::msg!(
            "no-checkpoint-made-in-minute",
            name = name
        ))),
        several => Err(Error::Usage(crate::msg!(
            "count-checkpoints-were-made-minute",
            count = several.len(),
            name = name,
            list = several.join(", ")
        ))),
    }
}

/// The name for a checkpoint made at `now` (RFC 3339, UTC), unique among
/// `taken`: to the minute, the seconds added only when that minute already
/// has one.
fn fresh_name(now: &str, taken: &[String]) -> String {
    let stamp: String = now.chars().filter(char::is_ascii_digit).take(14).collect();
    let minute = format!("chk-{}", &stamp[..stamp.len().min(12)]);
    if !taken.contains(&minute) {
        return minute;
    }
    let base = format!("chk-{stamp}");
    if !taken.contains(&base) {
        return base;
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|n| !taken.contains(n))
        .unwrap_or(base)
}

fn names(repo: &Repo) -> Result<Vec<String>> {
    Ok(repo
        .refs_under(REF_PREFIX)?
        .into_iter()
        .map(|(r, _)| r.trim_start_matches(REF_PREFIX).to_owned())
        .collect())
}

fn no_commit_yet() -> Error {
    Error::Usage(crate::msg!("repository-has-no-commit-yet"))
}

/// Makes a checkpoint of the work tree; the caller holds the repository
/// lock. `now` is the time (RFC 3339, UTC), `message` what it is for.
pub fn create(repo: &Repo, message: &str, now: &str) -> Result<String> {
    let head = repo.commit_id("HEAD").ok_or_else(no_commit_yet)?;
    let snapshot = snapshot(repo)?;
    create_from(repo, &head, &snapshot, message, now)
}

/// The name the checkpoint [`create`] would make now would get, nothing
/// written (`checkpoint --dry-run`); refused as `create` would be when
/// there is no commit yet.
pub fn next_name(repo: &Repo, now: &str) -> Result<String> {
    repo.commit_id("HEAD").ok_or_else(no_commit_yet)?;
    Ok(fresh_name(now, &names(repo)?))
}

/// The work tree as a checkpoint holds it; refused when that would not be
/// the files' exact bytes.
fn snapshot(repo: &Repo) -> Result<Snapshot> {
    snapshot_or(repo).map_err(|e| match e {
        Unchanged::Said(e) | Unchanged::Unsaid(e) => e,
    })
}

/// An error of a step that changed nothing: one whose message says so
/// already, or one that does not.
enum Unchanged {
    Said(Error),
    Unsaid(Error),
}

/// [`snapshot`], its errors told apart by whether they say that nothing
/// was changed.
fn snapshot_or(repo: &Repo) -> Result<Snapshot, Unchanged> {
    let snapshot = repo.snapshot().map_err(|e| Unchanged::Unsaid(e.into()))?;
    if !snapshot.changing.is_empty() {
        return Err(Unchanged::Said(Error::Conflict(crate::msg!(
            "files-changed-while-git-orx",
            files = joined(&snapshot.changing)
        ))));
    }
    if !snapshot.unkept.is_empty() {
        return Err(Unchanged::Said(unkept_error(false, &snapshot.unkept)));
    }
    test_fail("snapshot").map_err(Unchanged::Unsaid)?;
    Ok(snapshot)
}

/// Files whose bytes git does not store as they are: neither a commit
/// nor a checkpoint keeps them, so only a copy outside git does. `rolling`:
/// a rollback would write over them or remove them.
fn unkept_error(rolling: bool, paths: &[String]) -> Error {
    let files = joined(paths);
    Error::Failed(if rolling {
        crate::msg!("rolling-back-would-write-over", files = files)
    } else {
        crate::msg!("checkpoint-would-not-keep-these", files = files)
    })
}

fn joined(paths: &[String]) -> String {
    paths
        .iter()
        .map(|p| crate::text::escape(p))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A checkpoint of `snapshot` (the work tree's tree, and the index's,
/// kept as the second parent) made on `head`.
fn create_from(
    repo: &Repo,
    head: &str,
    snapshot: &Snapshot,
    message: &str,
    now: &str,
) -> Result<String> {
    let name = fresh_name(now, &names(repo)?);
    let subject = message.lines().next().unwrap_or_default().trim();
    let text = format!(
        "{}\n\nOrx-Checkpoint: {name}\nOrx-Worktree: {}\n",
        if subject.is_empty() {
            "git-orx checkpoint"
        } else {
            subject
        },
        repo.root().display()
    );
    test_fail("checkpoint-commit")?;
    let mut parents = vec![head.to_owned()];
    if let Some(staged) = &snapshot.staged {
        parents.push(repo.commit_tree(
            staged,
            &[head],
            &format!("staged when {name} was made\n"),
            false,
        )?);
    }
    let parents: Vec<&str> = parents.iter().map(String::as_str).collect();
    let commit = repo.commit_tree(&snapshot.tree, &parents, &text, false)?;
    test_fail("checkpoint-ref")?;
    repo.set_ref(
        &format!("{REF_PREFIX}{name}"),
        &commit,
        None,
        &format!("orx checkpoint: {subject}"),
    )?;
    Ok(name)
}

/// Every checkpoint, oldest first.
pub fn list(repo: &Repo) -> Result<Vec<Checkpoint>> {
    let head = repo.commit_id("HEAD");
    let mut out = Vec::new();
    for (refname, commit) in repo.refs_under(REF_PREFIX)? {
        let info = repo.commit(&commit)?;
        let changed = match &head {
            Some(h) => repo
                .changes(&Side::Commit(h.clone()), &Side::Commit(commit.clone()), &[])?
                .into_iter()
                .filter_map(|c| c.new_path.or(c.old_path))
                .collect(),
            None => Vec::new(),
        };
        let time = jiff::Timestamp::from_second(info.time)
            .map(|t| t.to_string())
            .unwrap_or_default();
        out.push(Checkpoint {
            name: refname.trim_start_matches(REF_PREFIX).to_owned(),
            commit: info.short.clone(),
            time,
            base: info.parents.first().map(|p| p[..p.len().min(7)].to_owned()),
            message: info.summary().to_owned(),
            worktree: info.trailer("Orx-Worktree").map(str::to_owned),
            changed,
        });
    }
    // By time, then by the stamp (the minute's before its seconds') and
    // the number after it (`-10` after `-9`).
    let order = |c: &Checkpoint| {
        let (stamp, n) = c
            .name
            .split_once('-')
            .map_or((c.name.as_str(), ""), |(_, r)| {
                r.split_once('-').unwrap_or((r, ""))
            });
        (stamp.len(), stamp.to_owned(), n.parse::<u64>().unwrap_or(1))
    };
    out.sort_by(|a, b| a.time.cmp(&b.time).then_with(|| order(a).cmp(&order(b))));
    Ok(out)
}

/// What a rollback did.
#[derive(Debug)]
pub struct Rolledback {
    /// The checkpoint of the state before it (roll back to it to undo).
    pub saved: String,
    /// The new commit's abbreviated id.
    pub commit: String,
    /// Files restored or removed.
    pub changed: Vec<String>,
}

/// What a rollback starts from once everything that would stop it has
/// been checked: the checkpoint's name, HEAD, the tree the rollback makes
/// and the work tree as it is.
struct Prepared {
    name: String,
    head: String,
    tree: String,
    current: Snapshot,
}

/// Checks everything that would stop a rollback to checkpoint `name`
/// before anything is saved, as [`rollback`] and [`preview`] both do;
/// `lock_wait`: how long a git command holding the index or HEAD is
/// waited for (none: not waited for, as nothing will be written).
fn prepare(
    repo: &Repo,
    name: &str,
    keep: &[&str],
    any_worktree: bool,
    lock_wait: Option<std::time::Duration>,
) -> Result<Prepared> {
    let name = name.strip_prefix(REF_PREFIX).unwrap_or(name);
    if !valid_name(name) {
        return Err(Error::Usage(crate::msg!(
            "name-not-checkpoint-name-they",
            name = crate::text::escape(name)
        )));
    }
    let head = repo.commit_id("HEAD").ok_or_else(no_commit_yet)?;
    if let Some(what) = repo.operation_in_progress() {
        return Err(Error::Failed(crate::msg!(
            "what-progress-finish-abort-then",
            what = what
        )));
    }
    let Some(target) = repo.commit_id(&format!("{REF_PREFIX}{name}")) else {
        return Err(Error::NotFound(crate::msg!(
            "there-no-checkpoint-name-git",
            name = name
        )));
    };
    let info = repo.commit(&target)?;
    let here = repo.root().display().to_string();
    if let Some(there) = info.trailer("Orx-Worktree").filter(|w| *w != here)
        && !any_worktree
    {
        return Err(Error::Failed(crate::msg!(
            "checkpoint-made-in-another-worktree",
            name = name,
            there = there,
            here = here
        )));
    }
    let dirty = repo.dirty(keep)?;
    if !dirty.is_empty() {
        return Err(Error::Pending(crate::msg!(
            "rollback-leaves-story-context-files",
            files = joined(&dirty)
        )));
    }
    // A git command holding the index or HEAD is waited for; a lock that
    // outlasts the wait is named (exit 1), before anything is saved.
    if let Some(wait) = lock_wait {
        repo.wait_for_locks(wait)?;
    }
    let hidden = repo.hidden_files()?;
    if !hidden.is_empty() {
        let hidden: Vec<String> = hidden
            .iter()
            .map(|(p, how)| format!("{} ({how})", crate::text::escape(p)))
            .collect();
        return Err(Error::Failed(crate::msg!(
            "git-told-not-look-these",
            files = hidden.join(", ")
        )));
    }
    let tree = repo.tree_with(&target, &head, keep)?;
    let current = snapshot_or(repo).map_err(|e| match e {
        Unchanged::Said(e) => e,
        Unchanged::Unsaid(e) => nothing_changed(e),
    })?;
    // A file git holds without all its bytes (a clean filter strips
    // some) looks unchanged once committed; the rollback would write over
    // it or remove it, and neither it nor its undo could bring the bytes
    // back. Those it would touch are refused.
    let touched: Vec<String> = repo
        .entry_changes(&current.tree, &tree)?
        .into_iter()
        .filter(|c| c.old.is_some())
        .map(|c| c.path)
        .filter(|p| {
            repo.root()
                .join(p)
                .symlink_metadata()
                .is_ok_and(|m| m.is_file())
        })
        .collect();
    let touched: Vec<&str> = touched.iter().map(String::as_str).collect();
    let lost = repo.unkept(&touched)?;
    if !lost.is_empty() {
        return Err(unkept_error(true, &lost));
    }
    let known: std::collections::HashSet<String> =
        repo.tree_paths(&current.tree)?.into_iter().collect();
    let blocked = ignored_in_the_way(repo.root(), &known, &repo.tree_paths(&tree)?);
    if !blocked.is_empty() {
        return Err(Error::Failed(crate::msg!(
            "rolling-back-would-overwrite-files",
            files = joined(&blocked)
        )));
    }
    Ok(Prepared {
        name: name.to_owned(),
        head,
        tree,
        current,
    })
}

/// Restores the work tree to checkpoint `name` (item files aside) and
/// records that as a commit; the caller holds the repository lock.
/// `keep` are the item paths that keep their own history; `trailers` are
/// added to the commit's message.
///
/// Everything that can be checked is checked before anything is saved.
/// Then the state before is saved as a checkpoint, HEAD is moved to the
/// rollback's commit only if it has not moved, and the files are switched
/// only if none changed since the save (exit 3 otherwise, with nothing
/// changed). A failure after that puts the work tree and HEAD back; every
/// failure after the save names the checkpoint that holds the work.
pub fn rollback(
    repo: &Repo,
    name: &str,
    keep: &[&str],
    trailers: &[(String, String)],
    now: &str,
    any_worktree: bool,
    lock_wait: std::time::Duration,
) -> Result<Rolledback> {
    let Prepared {
        name,
        head,
        tree,
        mut current,
    } = prepare(repo, name, keep, any_worktree, Some(lock_wait))?;
    let name = name.as_str();
    let saved = create_from(
        repo,
        &head,
        &current,
        &format!("before rolling back to {name}"),
        now,
    )
    .map_err(nothing_changed)?;
    let saved_ref = format!("{REF_PREFIX}{saved}");
    let saved_commit = repo.commit_id(&saved_ref).ok_or_else(|| {
        Error::Git(crate::git::GitError::Unexpected(crate::msg!(
            "checkpoint-name-just-made-missing",
            name = &saved
        )))
    })?;
    // Tests: `ORX_TEST_PAUSE=rollback-saved:<ms>` waits here.
    crate::engine::store::test_pause("rollback-saved");
    // From here on the work is in `saved`.
    let mut message = format!(
        "rollback to {name}\n\nEvery file but the story and context files is as it was at {name}; the state before is {saved}.\n\n"
    );
    message.push_str(&format!("Orx-Rollback: {name}\nOrx-Saved: {saved}\n"));
    for (k, v) in trailers {
        message.push_str(&format!("{k}: {v}\n"));
    }
    let commit = match switch(repo, &head, &tree, &message, &mut current) {
        Ok(commit) => commit,
        Err(Failure::Untouched(e)) => {
            // Nothing changed: the saved state is the work tree's.
            let _ = repo.delete_ref(&saved_ref, &saved_commit);
            return Err(nothing_changed(e));
        }
        Err(Failure::PutBack(e)) => {
            return Err(Error::context(
                crate::msg!(
                    "two-lines",
                    first = crate::msg!(
                        "rolling-back-name-failed-text-4",
                        name = name,
                        text = e.to_message()
                    ),
                    second = crate::msg!("rollback-put-back-saved", name = &saved, name2 = &saved)
                ),
                e,
            ));
        }
        Err(Failure::Lost(lost)) => {
            let (cause, again, stuck) = *lost;
            let e = cause.to_message();
            let failed = match again {
                Again::Tree(a) => {
                    crate::msg!(
                        "rolling-back-name-failed-text",
                        name = name,
                        text = e,
                        text2 = a
                    )
                }
                Again::Both(a) => {
                    crate::msg!(
                        "rolling-back-name-failed-text-2",
                        name = name,
                        text = e,
                        text2 = a
                    )
                }
                Again::Head(a) => {
                    crate::msg!(
                        "rolling-back-name-failed-text-3",
                        name = name,
                        text = e,
                        text2 = a
                    )
                }
            };
            let head_note = match stuck {
                Some(at) => crate::msg!(
                    "head-has-already-moved-rollback",
                    commit = short(&at),
                    head = short(&head),
                    again = short(&head)
                ),
                None => crate::msg!("head-back-head", head = short(&head)),
            };
            return Err(Error::context(
                crate::msg!(
                    "three-lines",
                    first = failed,
                    second = head_note,
                    third = crate::msg!("rollback-work-saved-as", name = &saved, name2 = &saved)
                ),
                cause,
            ));
        }
    };
    let changed: Vec<String> = repo
        .entry_changes(&saved_commit, &commit)?
        .into_iter()
        .map(|c| c.path)
        .collect();
    let short = repo.commit(&commit)?.short;
    Ok(Rolledback {
        saved,
        commit: short,
        changed,
    })
}

/// A file a rollback would change, as [`preview`] lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    pub path: String,
    /// `restore` (back to the checkpoint's bytes or mode), `create` (a
    /// file the work tree lacks) or `remove`.
    pub what: &'static str,
    /// The file as it is now; none where there is none.
    pub before: Option<FileVersion>,
    /// The file as the rollback would leave it; none where it would
    /// remove it.
    pub after: Option<FileVersion>,
}

/// A file's mode (`0o100644`, `0o100755`, `0o120000` a symbolic link) and,
/// when asked for, its bytes (a link's target).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileVersion {
    pub mode: u32,
    pub bytes: Option<Vec<u8>>,
}

/// What a rollback to checkpoint `name` would do to the work tree as it
/// is now, uncommitted and untracked files included (`keep` aside, as
/// the rollback leaves them): each file it would write or remove, by
/// path, with its bytes before and after when `contents`. Refused as
/// [`rollback`] would refuse (`any_worktree` as there). Nothing is
/// written but objects git keeps anyway.
pub fn preview(
    repo: &Repo,
    name: &str,
    keep: &[&str],
    any_worktree: bool,
    contents: bool,
) -> Result<Vec<Planned>> {
    let Prepared { tree, current, .. } = prepare(repo, name, keep, any_worktree, None)?;
    let version = |e: Option<crate::git::Entry>| -> Result<Option<FileVersion>> {
        let Some(e) = e else { return Ok(None) };
        let bytes = match contents {
            true => Some(repo.entry_bytes(&e)?),
            false => None,
        };
        Ok(Some(FileVersion {
            mode: e.mode,
            bytes,
        }))
    };
    let mut out = Vec::new();
    for c in repo.entry_changes(&current.tree, &tree)? {
        let what = match (&c.old, &c.new) {
            (Some(_), Some(_)) => "restore",
            (None, Some(_)) => "create",
            (Some(_), None) => "remove",
            (None, None) => continue,
        };
        out.push(Planned {
            path: c.path,
            what,
            before: version(c.old)?,
            after: version(c.new)?,
        });
    }
    Ok(out)
}

/// How [`switch`] failed.
enum Failure {
    /// Before HEAD or any file was touched.
    Untouched(Error),
    /// Files were written, then the work tree and HEAD were put back.
    PutBack(Error),
    /// Files were written and could not all be put back, or HEAD could
    /// not be moved back (then the commit it was left at).
    Lost(Box<(Error, Again, Option<String>)>),
}

/// What failed too, putting things back after a failed rollback (git's
/// own error).
enum Again {
    /// Putting the work tree back.
    Tree(String),
    /// Putting the work tree and HEAD back.
    Both(String),
    /// Moving HEAD back (the work tree was put back).
    Head(String),
}

/// Records tree `tree` as a commit on `head`, moves HEAD to it if HEAD is
/// still `head`, and switches the work tree and the index from `current`
/// to it if no file changed since `current` was taken; the commit's id.
fn switch(
    repo: &Repo,
    head: &str,
    tree: &str,
    message: &str,
    current: &mut Snapshot,
) -> Result<String, Failure> {
    use Failure::Untouched;
    test_fail("rollback-commit").map_err(Untouched)?;
    let commit = repo
        .commit_tree(tree, &[head], message, true)
        .map_err(|e| Untouched(e.into()))?;
    // No git process writes the index from here on, and none can have
    // committed in between unseen: HEAD moves only from `head`.
    let lock = repo.lock_index().map_err(|e| Untouched(e.into()))?;
    let moved = |now: Option<String>| match now {
        Some(now) if now != head => Some(Error::Conflict(crate::msg!(
            "head-moved-commit-while-git",
            commit = &now[..now.len().min(7)]
        ))),
        _ => None,
    };
    if let Some(e) = moved(repo.commit_id("HEAD")) {
        return Err(Untouched(e));
    }
    // What was staged is saved (the checkpoint's second parent); staging
    // since would be lost with the index.
    if repo.staged_tree().map_err(|e| Untouched(e.into()))? != current.staged {
        return Err(Untouched(Error::Conflict(crate::msg!(
            "index-changed-while-git-orx"
        ))));
    }
    test_fail("rollback-head").map_err(Untouched)?;
    let title = message.lines().next().unwrap_or_default();
    if let Err(e) = repo.set_ref("HEAD", &commit, Some(head), &format!("orx {title}")) {
        return Err(Untouched(
            moved(repo.commit_id("HEAD")).unwrap_or_else(|| e.into()),
        ));
    }
    let saved_tree = current.tree.clone();
    let put_back = |e: Error, written: bool| -> Failure {
        let files = match written {
            true => test_fail("rollback-restore")
                .and_then(|()| Ok(repo.restore_tree(tree, &saved_tree)?)),
            false => Ok(()),
        };
        let head_back = test_fail("rollback-head-back")
            .and_then(|()| Ok(repo.set_ref("HEAD", head, Some(&commit), "orx rollback undone")?));
        // Where HEAD was left, when it could not be moved back.
        let stuck = || Some(commit.clone());
        match (files, head_back, written) {
            (Err(again), Ok(()), _) => {
                Failure::Lost(Box::new((e, Again::Tree(again.to_string()), None)))
            }
            (Err(again), Err(h), _) => {
                Failure::Lost(Box::new((e, Again::Both(format!("{again}; {h}")), stuck())))
            }
            (Ok(()), Err(again), _) => {
                Failure::Lost(Box::new((e, Again::Head(again.to_string()), stuck())))
            }
            (Ok(()), Ok(()), true) => Failure::PutBack(e),
            (Ok(()), Ok(()), false) => Untouched(e),
        }
    };
    match repo.switch_tree(current, tree) {
        Ok(()) => {}
        Err(Switch::Changed(path)) => {
            return Err(put_back(
                Error::Conflict(crate::msg!(
                    "path-changed-while-git-orx",
                    path = crate::text::escape(&path)
                )),
                false,
            ));
        }
        Err(Switch::Failed(e)) => return Err(put_back(e.into(), true)),
    }
    if let Err(e) = test_fail_writing(repo, "rollback-write", tree, &saved_tree) {
        return Err(put_back(e, true));
    }
    if let Err(e) = test_fail("rollback-index") {
        return Err(put_back(e, true));
    }
    if let Err(e) = repo.install_index(lock, current) {
        return Err(put_back(e.into(), true));
    }
    Ok(commit)
}

/// A commit id as people read it: its first 7 digits.
fn short(id: &str) -> &str {
    &id[..id.len().min(7)]
}

/// An error that changed nothing, and does not say so, says so (a lock
/// held elsewhere, exit 3, is left as it is: it says to run again).
fn nothing_changed(e: Error) -> Error {
    match e {
        Error::Conflict(m) => {
            Error::Conflict(crate::msg!("text-nothing-changed-run-command", text = m))
        }
        e if e.kind() == crate::error::ErrorKind::Busy => e,
        e => Error::context(
            crate::msg!(
                "two-lines",
                first = e.to_message(),
                second = crate::msg!("nothing-changed")
            ),
            e,
        ),
    }
}

/// Tests only: `ORX_TEST_FAIL=<point>[,<point>...]` makes each step named
/// fail as a full disk would: `snapshot` (writing the work tree's
/// objects), `checkpoint-commit`, `checkpoint-ref`, `rollback-commit`,
/// `rollback-head` (moving HEAD), `rollback-write` (writing the files:
/// one is left cut short), `rollback-index` (renaming the new index into
/// place) and `rollback-restore` (putting the files back). Read by
/// [`crate::engine::store::test_fail`], as the other points are.
fn test_fail(point: &str) -> Result<()> {
    crate::engine::store::test_fail(point).map_err(|_| {
        Error::Store(StoreError::Io {
            path: point.to_owned(),
            message: std::io::Error::from_raw_os_error(28).to_string(),
        })
    })
}

/// [`test_fail`] for the writing of the files, after it: one file the
/// switch from tree `from` to tree `to` wrote is cut to half its length,
/// as a full disk leaves it.
fn test_fail_writing(repo: &Repo, point: &str, to: &str, from: &str) -> Result<()> {
    let Err(e) = test_fail(point) else {
        return Ok(());
    };
    let written = repo.changes(
        &Side::Commit(from.to_owned()),
        &Side::Commit(to.to_owned()),
        &[],
    );
    if let Some(path) = written
        .unwrap_or_default()
        .into_iter()
        .filter_map(|c| c.new_path)
        .find(|p| repo.root().join(p).is_file())
    {
        let path = repo.root().join(path);
        let len = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_len(len / 2))
            .map_err(|e| StoreError::Io {
                path: path.display().to_string(),
                message: e.to_string(),
            })?;
    }
    Err(e)
}

/// Files the rollback would write over that no checkpoint holds: for each
/// path it restores that git does not know now (`known`), whatever is on
/// disk at that path, or a file where one of its directories must go.
/// (They can only be ignored files: everything else is in `known`.)
fn ignored_in_the_way(
    root: &std::path::Path,
    known: &std::collections::HashSet<String>,
    restored: &[String],
) -> Vec<String> {
    let known_dirs: std::collections::HashSet<&str> = known
        .iter()
        .flat_map(|p| p.match_indices('/').map(move |(i, _)| &p[..i]))
        .collect();
    let mut out = Vec::new();
    for path in restored.iter().filter(|p| !known.contains(*p)) {
        if root.join(path).symlink_metadata().is_ok() {
            out.push(path.clone());
            continue;
        }
        for (i, _) in path.match_indices('/') {
            let dir = &path[..i];
            if known_dirs.contains(dir) {
                continue;
            }
            match root.join(dir).symlink_metadata() {
                Ok(m) if !m.is_dir() => {
                    out.push(dir.to_owned());
                    break;
                }
                _ => {}
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The agent state machine's form (`last_checkpoint:
    /// "chk-202602081200"`): to the minute, with seconds only for a later
    /// checkpoint in the same minute.
    #[test]
    fn names_are_to_the_minute_and_unique_within_a_second() {
        let now = "2026-02-08T12:00:30Z";
        assert_eq!(fresh_name(now, &[]), "chk-202602081200");
        let mut taken = vec!["chk-202602081200".to_owned()];
        assert_eq!(fresh_name(now, &taken), "chk-20260208120030");
        taken.push("chk-20260208120030".to_owned());
        assert_eq!(fresh_name(now, &taken), "chk-20260208120030-2");
        taken.push("chk-20260208120030-2".to_owned());
        assert_eq!(fresh_name(now, &taken), "chk-20260208120030-3");
        // Names sort in the order they were made.
        let mut sorted = taken.clone();
        sorted.sort();
        assert_eq!(sorted, taken);
    }

    #[test]
    fn checkpoint_names_are_checked() {
        for ok in [
            "chk-202602081200",
            "chk-20260208120000",
            "chk-20260208120000-2",
            "chk-20260208120000-12",
        ] {
            assert!(valid_name(ok), "{ok}");
        }
        for bad in [
            "",
            "chk-",
            "chk-2026",
            "chk-2026020812000",
            "20260208120000",
            "chk-2026020812000x",
            "chk-20260208120000-",
            "chk-20260208120000-0",
            "chk-20260208120000/../x",
            "refs/orx/checkpoints/chk-20260208120000",
        ] {
            assert!(!valid_name(bad), "{bad}");
        }
    }
}
