//! Checkpoints and rollback (seed 001: 回滚到上一个 Checkpoint).
//!
//! A checkpoint is a commit that holds the work tree as it is — HEAD, every
//! tracked change and every untracked file that is not ignored — made
//! through a temporary index, with HEAD as its parent, and kept as the ref
//! `refs/orx/checkpoints/chk-YYYYMMDDHHMMSS` (UTC; `-2`, `-3`, ... when two
//! are made in one second) with a reflog. The user's index, work tree and
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

use serde::Serialize;

use crate::error::{Error, Result};
use crate::git::{Repo, Side};

/// Where checkpoints live.
pub const REF_PREFIX: &str = "refs/orx/checkpoints/";

/// One checkpoint, as `checkpoints` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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

/// Whether `name` is a checkpoint's name: `chk-` then 14 digits, with an
/// optional `-N`.
pub fn valid_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("chk-") else {
        return false;
    };
    let (stamp, n) = rest.split_once('-').unwrap_or((rest, "2"));
    stamp.len() == 14
        && stamp.bytes().all(|b| b.is_ascii_digit())
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
        && !n.starts_with('0')
}

/// The checkpoint `typed` names: a full name as [`valid_name`] says, or
/// one to the minute (`chk-202602081200`), which names the one checkpoint
/// made in that minute (UTC); `refs/orx/checkpoints/` may lead. A minute
/// in which several were made, or none, is refused with what there is.
pub fn resolve(repo: &Repo, typed: &str) -> Result<String> {
    let name = typed.strip_prefix(REF_PREFIX).unwrap_or(typed);
    if valid_name(name) {
        return Ok(name.to_owned());
    }
    let minute = name
        .strip_prefix("chk-")
        .filter(|m| m.len() == 12 && m.bytes().all(|b| b.is_ascii_digit()));
    let Some(minute) = minute else {
        return Err(Error::Usage(format!(
            "`{}` is not a checkpoint name (they look like chk-20260208120000, or chk-202602081200 to the minute; `git orx checkpoints` lists them)",
            crate::text::escape(typed)
        )));
    };
    let mut made: Vec<String> = names(repo)?
        .into_iter()
        .filter(|n| valid_name(n) && n[4..].starts_with(minute))
        .collect();
    made.sort();
    match made.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(Error::NotFound(format!(
            "no checkpoint was made in the minute {name} (`git orx checkpoints` lists them)"
        ))),
        several => Err(Error::Usage(format!(
            "{} checkpoints were made in the minute {name}: {}; name one of them",
            several.len(),
            several.join(", ")
        ))),
    }
}

/// The name for a checkpoint made at `now` (RFC 3339, UTC), unique among
/// `taken`.
fn fresh_name(now: &str, taken: &[String]) -> String {
    let stamp: String = now.chars().filter(char::is_ascii_digit).take(14).collect();
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
    Error::Usage(
        "this repository has no commit yet; make the first commit, then checkpoints can be made"
            .to_owned(),
    )
}

/// Makes a checkpoint of the work tree; the caller holds the repository
/// lock. `now` is the time (RFC 3339, UTC), `message` what it is for.
pub fn create(repo: &Repo, message: &str, now: &str) -> Result<String> {
    let head = repo.commit_id("HEAD").ok_or_else(no_commit_yet)?;
    let trees = repo.snapshot_trees()?;
    create_from(repo, &head, trees, message, now)
}

/// A checkpoint of the work tree `trees` (the work tree's, and the
/// index's, kept as the second parent) made on `head`.
fn create_from(
    repo: &Repo,
    head: &str,
    (tree, staged): (String, Option<String>),
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
    let mut parents = vec![head.to_owned()];
    if let Some(staged) = staged {
        parents.push(repo.commit_tree(
            &staged,
            &[head],
            &format!("staged when {name} was made\n"),
        )?);
    }
    let parents: Vec<&str> = parents.iter().map(String::as_str).collect();
    let commit = repo.commit_tree(&tree, &parents, &text)?;
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
    // By time, then by the number after the second's stamp (`-10` after `-9`).
    let order = |c: &Checkpoint| {
        let n = c
            .name
            .get(18..)
            .and_then(|s| s.strip_prefix('-'))
            .and_then(|n| n.parse::<u64>().ok());
        (
            c.name.get(..18).unwrap_or_default().to_owned(),
            n.unwrap_or(1),
        )
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

/// Restores the work tree to checkpoint `name` (item files aside) and
/// records that as a commit; the caller holds the repository lock.
/// `keep` are the item paths that keep their own history; `trailers` are
/// added to the commit's message.
pub fn rollback(
    repo: &Repo,
    name: &str,
    keep: &[&str],
    trailers: &[(String, String)],
    now: &str,
    any_worktree: bool,
) -> Result<Rolledback> {
    let name = name.strip_prefix(REF_PREFIX).unwrap_or(name);
    if !valid_name(name) {
        return Err(Error::Usage(format!(
            "`{}` is not a checkpoint name (they look like chk-20260208120000; `git orx checkpoints` lists them)",
            crate::text::escape(name)
        )));
    }
    let head = repo.commit_id("HEAD").ok_or_else(no_commit_yet)?;
    if let Some(what) = repo.operation_in_progress() {
        return Err(Error::Failed(format!(
            "{what} is in progress; finish or abort it, then roll back"
        )));
    }
    let Some(target) = repo.commit_id(&format!("{REF_PREFIX}{name}")) else {
        return Err(Error::NotFound(format!(
            "there is no checkpoint {name} (`git orx checkpoints` lists them)"
        )));
    };
    let info = repo.commit(&target)?;
    let here = repo.root().display().to_string();
    if let Some(there) = info.trailer("Orx-Worktree").filter(|w| *w != here)
        && !any_worktree
    {
        return Err(Error::Failed(format!(
            "{name} was made in the work tree {there}, not this one ({here}); roll back there, or pass --any-worktree"
        )));
    }
    let dirty = repo.dirty(keep)?;
    if !dirty.is_empty() {
        return Err(Error::Pending(format!(
            "a rollback leaves story and context files as they are, and these have uncommitted changes: {}; commit or restore them first",
            dirty.join(", ")
        )));
    }
    let tree = repo.tree_with(&target, &head, keep)?;
    let current = repo.snapshot_trees()?;
    let known: std::collections::HashSet<String> =
        repo.tree_paths(&current.0)?.into_iter().collect();
    let restored = repo.tree_paths(&tree)?;
    let blocked = ignored_in_the_way(repo.root(), &known, &restored);
    if !blocked.is_empty() {
        return Err(Error::Failed(format!(
            "rolling back would overwrite files git ignores (a checkpoint does not save them): {}; move them away, then roll back",
            blocked.join(", ")
        )));
    }
    let saved = create_from(
        repo,
        &head,
        current,
        &format!("before rolling back to {name}"),
        now,
    )?;
    let saved_commit = repo
        .commit_id(&format!("{REF_PREFIX}{saved}"))
        .ok_or_else(|| Error::Failed(format!("the checkpoint {saved} just made is missing")))?;
    let mut message = format!(
        "rollback to {name}\n\nEvery file but the story and context files is as it was at {name}; the state before is {saved}.\n\n"
    );
    message.push_str(&format!("Orx-Rollback: {name}\nOrx-Saved: {saved}\n"));
    for (k, v) in trailers {
        message.push_str(&format!("{k}: {v}\n"));
    }
    let commit = repo.commit_tree(&tree, &[&head], &message)?;
    let changed: Vec<String> = repo
        .changes(
            &Side::Commit(saved_commit.clone()),
            &Side::Commit(commit.clone()),
            &[],
        )?
        .into_iter()
        .filter_map(|c| c.new_path.or(c.old_path))
        .collect();
    // Index and tracked files first, then the untracked files made since.
    repo.reset_to(&commit)?;
    let now_files: std::collections::HashSet<String> = restored.into_iter().collect();
    for path in repo.tree_paths(&saved_commit)? {
        let kept = keep
            .iter()
            .any(|k| path == *k || path.starts_with(&format!("{}/", k.trim_end_matches('/'))));
        if kept || now_files.contains(&path) {
            continue;
        }
        remove_with_empty_parents(repo.root(), &path);
    }
    repo.set_ref(
        "HEAD",
        &commit,
        Some(&head),
        &format!("orx rollback to {name}"),
    )?;
    let short = repo.commit(&commit)?.short;
    Ok(Rolledback {
        saved,
        commit: short,
        changed,
    })
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

/// Removes `root/rel` if it is there, then its directories that became
/// empty, up to the root.
fn remove_with_empty_parents(root: &std::path::Path, rel: &str) {
    let path = root.join(rel);
    if std::fs::remove_file(&path).is_err() {
        return;
    }
    let mut dir = path.parent();
    while let Some(d) = dir.filter(|d| *d != root && d.starts_with(root)) {
        if std::fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_within_a_second() {
        let now = "2026-02-08T12:00:00Z";
        assert_eq!(fresh_name(now, &[]), "chk-20260208120000");
        let taken = vec!["chk-20260208120000".to_owned()];
        assert_eq!(fresh_name(now, &taken), "chk-20260208120000-2");
        let taken = vec![
            "chk-20260208120000".to_owned(),
            "chk-20260208120000-2".to_owned(),
        ];
        assert_eq!(fresh_name(now, &taken), "chk-20260208120000-3");
    }

    #[test]
    fn checkpoint_names_are_checked() {
        for ok in [
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
