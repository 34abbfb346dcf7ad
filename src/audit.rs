//! `git orx log`: the audit trail, read from history.
//!
//! Every commit that creates, moves or deletes an item is an entry, whether
//! `git orx` made it or someone edited the file by hand: the transition is
//! computed from the two versions of the file, never taken from trailers.
//! Trailers give who claims to act (`Orx-Role`) and the Human's override
//! reason; the commit message body is the note. An item is followed by its
//! kind and ID, so renamed files stay on its trail. A merge shows only
//! what it did itself: the transitions it brings from a branch are on that
//! branch.

use serde::Serialize;

use crate::error::Result;
use crate::git::Repo;
use crate::item::Item;
use crate::rules::Rules;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// Author time, RFC 3339 with the author's offset.
    pub time: String,
    pub commit: String,
    pub author: String,
    pub email: String,
    pub role: Option<String>,
    pub kind: String,
    pub id: String,
    pub path: String,
    pub from: Option<String>,
    pub to: Option<String>,
    pub note: Option<String>,
    #[serde(rename = "override")]
    pub override_reason: Option<String>,
    /// What the change recorded besides the state (`Orx-Gate: qa round=3
    /// ...`), as the workflow's trailers render it.
    pub details: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub id: Option<String>,
    /// Only commits at or after this time (seconds since the epoch).
    pub since: Option<i64>,
    pub reverse: bool,
}

/// The entries for the stories and the agent contexts, newest first (or
/// oldest first): every change of state, and every change that records
/// something the workflow stamps (a review round's findings, a quality
/// check) without changing the state.
pub fn log(repo: &Repo, rules: &Rules, opts: &Options) -> Result<Vec<Entry>> {
    let dir = rules.stories_dir();
    if !repo.has_head() {
        return Ok(Vec::new());
    }
    // A shallow clone's boundary commits have no parents here: what they
    // changed is unknown, so they are left out (the CLI says so).
    let shallow = repo.shallow_commits();
    let mut commits = Vec::new();
    for id in repo.walk(&["HEAD".to_owned()], false)? {
        let c = repo.commit(&id)?;
        if opts.since.is_some_and(|s| c.time < s) || shallow.contains(&c.id) {
            continue;
        }
        commits.push(c);
    }
    let pairs: Vec<(String, Option<String>)> = commits
        .iter()
        .map(|c| (c.id.clone(), c.parents.first().cloned()))
        .collect();
    let mut changes = repo.commit_changes(
        &pairs,
        &[dir, crate::agent::ACTIVE_CONTEXT, crate::agent::AGENTS_DIR],
    )?;
    let mut out = Vec::new();
    for c in commits {
        let Some(changed) = changes.remove(&c.id) else {
            continue;
        };
        for change in changed {
            let read = |path: &Option<String>, blob| -> Option<Item> {
                let path = path.as_deref().filter(|p| {
                    crate::item::is_item_path(dir, p) || crate::agent::is_context_path(p)
                })?;
                Item::from_bytes(path, repo.blob(blob?).ok()?).ok()
            };
            let before = read(&change.old_path, change.old);
            let after = read(&change.new_path, change.new);
            if taken_from_branch(
                repo,
                c.parents.get(1..).unwrap_or_default(),
                &change,
                after.as_ref(),
            )? {
                continue;
            }
            let Some(some) = after.as_ref().or(before.as_ref()) else {
                continue;
            };
            let (from, to) = (
                before.as_ref().map(|i| i.status.clone()),
                after.as_ref().map(|i| i.status.clone()),
            );
            if opts.id.as_ref().is_some_and(|want| *want != some.id) {
                continue;
            }
            let details = match (rules.workflow(&some.kind), &after) {
                (Ok(wf), Some(a)) => {
                    let always: Vec<&str> = wf
                        .trailers
                        .iter()
                        .filter(|t| t.always)
                        .map(|t| t.key.as_str())
                        .collect();
                    crate::trailers::for_change(
                        &wf,
                        before.as_ref().map(Item::value).as_ref(),
                        &a.value(),
                        None,
                    )
                    .into_iter()
                    .filter(|(k, _)| !always.contains(&k.as_str()))
                    .map(|(k, v)| format!("{k}: {v}"))
                    .collect()
                }
                _ => Vec::new(),
            };
            if from == to && details.is_empty() {
                continue;
            }
            let offset = jiff::tz::Offset::from_seconds(c.offset_minutes * 60)
                .unwrap_or(jiff::tz::Offset::UTC);
            let time = jiff::Timestamp::from_second(c.time)
                .map(|t| {
                    t.to_zoned(jiff::tz::TimeZone::fixed(offset))
                        .strftime("%Y-%m-%dT%H:%M:%S%:z")
                        .to_string()
                })
                .unwrap_or_default();
            let note = c.body();
            out.push(Entry {
                time,
                commit: c.short.clone(),
                author: c.author_name.clone(),
                email: c.author_email.clone(),
                role: c.trailer("Orx-Role").map(str::to_owned),
                kind: some.kind.clone(),
                id: some.id.clone(),
                path: some.path.clone(),
                from,
                to,
                note: (!note.is_empty()).then_some(note),
                override_reason: c.trailer("Orx-Override").map(str::to_owned),
                details,
            });
        }
    }
    if opts.reverse {
        out.reverse();
    }
    Ok(out)
}

/// Whether a merge took this item's state from one of its other parents
/// (`others`): that branch's commits hold the transition.
fn taken_from_branch(
    repo: &Repo,
    others: &[String],
    change: &crate::git::FileChange,
    after: Option<&Item>,
) -> Result<bool> {
    for parent in others {
        let side = crate::git::Side::Commit(parent.clone());
        let there = match (&change.new_path, &change.old_path) {
            (Some(p), _) | (None, Some(p)) => repo.file_at(&side, p)?,
            (None, None) => None,
        };
        let state = there
            .and_then(|b| Item::from_bytes("", b).ok())
            .map(|i| i.status);
        if state.as_deref() == after.map(|i| i.status.as_str()) {
            return Ok(true);
        }
    }
    Ok(false)
}
