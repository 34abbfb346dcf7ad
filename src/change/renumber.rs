//! `renumber`: two items that got one ID on two branches (two agents each
//! making story 1.2) meet at the merge; one of them takes the next free
//! ID. Its file is renamed for the new ID, its `id` (or the kind's ID
//! field) and the first heading's ID are rewritten, and the change is one
//! commit by the Human, with the override reason saying what it is (an
//! item's ID never changes otherwise) and an `Orx-Renumber` trailer that
//! `log` reads.

use crate::change::files;
use crate::engine::item::Item;
use crate::engine::store::Lock;
use crate::error::{Error, Result};
use crate::repo::workspace::Workspace;
use crate::workflow::role::HUMAN;

/// A file rewritten: its path, its bytes before and after.
pub type Rewrite = (String, Vec<u8>, Vec<u8>);

/// A renumbering, planned.
#[derive(Clone, Debug, PartialEq)]
pub struct Renumber {
    pub kind: String,
    pub from: String,
    pub to: String,
    pub old_path: String,
    pub new_path: String,
    old: Vec<u8>,
    new: Vec<u8>,
    /// The items that came with it (not in HEAD either) whose references
    /// to the old ID (the fields a transition `waits:` for) now name the
    /// new one: path, bytes before, bytes after.
    pub references: Vec<Rewrite>,
}

/// Plans giving item `id` (or `KIND:ID`) a new ID: `to`, else the kind's
/// next free one. When two files hold the ID, the one added to history
/// later (one not committed yet counts as the latest) is renumbered, or
/// the one at `path`.
pub fn plan(ws: &Workspace, id: &str, to: Option<&str>, path: Option<&str>) -> Result<Renumber> {
    let (kind, id) = match id.split_once(':') {
        Some((k, i)) => (Some(k), i),
        None => (None, id),
    };
    if let Some(m) = crate::text::id_problem(id) {
        return Err(Error::Usage(m));
    }
    let mut holders: Vec<Item> = Vec::new();
    for k in ws.registry().iter() {
        if kind.is_some_and(|want| want != k.name()) || k.items.dir.is_none() {
            continue;
        }
        for item in ws.scan_kind(k, |r| r.ok())?.into_iter().flatten() {
            if item.id == id {
                holders.push(item);
            }
        }
    }
    if holders.is_empty() {
        return Err(Error::NotFound(crate::msg!(
            "no-item-has-id-id",
            id = crate::text::escape(id)
        )));
    }
    if holders.iter().any(|h| h.kind != holders[0].kind) {
        return Err(Error::Usage(crate::msg!(
            "items-more-than-one-kind",
            id = id
        )));
    }
    let item = match path {
        Some(p) => holders.into_iter().find(|h| h.path == p).ok_or_else(|| {
            Error::Usage(crate::msg!("path-does-not-hold-item", path = p, id = id))
        })?,
        None if holders.len() == 1 && to.is_none() => {
            return Err(Error::Usage(crate::msg!(
                "only-path-holds-id-id",
                path = &holders[0].path,
                id = id
            )));
        }
        None => latest(ws, holders)?,
    };
    if !item.kind.is_known() {
        return Err(Error::Usage(crate::msg!(
            "unknown-kind-name",
            name = &item.kind
        )));
    }
    let items = &item.kind.items;
    let existing: Vec<String> = ws
        .scan_kind(&item.kind, |r| r.ok().map(|i| i.id))?
        .into_iter()
        .flatten()
        .collect();
    let new_id = match to {
        Some(t) => {
            if let Some(m) = items.id_problem(t) {
                return Err(Error::Usage(m));
            }
            if existing.iter().any(|e| e == t) {
                return Err(Error::Exists(crate::msg!(
                    "item-id-exists-already-choose",
                    item = &item.kind,
                    id = t
                )));
            }
            t.to_owned()
        }
        None => items
            .next_id(
                existing.iter().map(String::as_str),
                &crate::change::plan::unique_mark(ws, &item.title),
            )
            .ok_or_else(|| Error::Usage(crate::msg!("cannot-choose-next-free-id")))?,
    };
    let field = item
        .kind
        .shape
        .id_field
        .clone()
        .unwrap_or_else(|| "id".to_owned());
    let doc = item
        .doc
        .set(
            &[field.as_str()],
            &serde_json::Value::String(new_id.clone()),
        )
        .map_err(|e| {
            Error::Item(crate::engine::item::ItemError::new(
                &item.path, e.pos, e.message,
            ))
        })?;
    let doc = match heading_renumbered(doc.body(), id, &new_id) {
        Some(body) => doc.with_body(&body).map_err(|e| {
            Error::Item(crate::engine::item::ItemError::new(
                &item.path, e.pos, e.message,
            ))
        })?,
        None => doc,
    };
    let new_path = items.path_for(&new_id, &item.title).ok_or_else(|| {
        Error::Failed(crate::msg!(
            "kind-kind-names-no-file-2",
            kind = &item.kind,
            id = &new_id
        ))
    })?;
    if ws.root().join(&new_path).symlink_metadata().is_ok() {
        return Err(Error::Exists(crate::msg!(
            "path-exists-already",
            path = &new_path
        )));
    }
    let references = references(ws, &item, &new_id)?;
    Ok(Renumber {
        kind: item.kind.to_string(),
        from: id.to_owned(),
        to: new_id,
        old_path: item.path.clone(),
        new_path,
        old: item.doc.text().as_bytes().to_vec(),
        new: doc.text().as_bytes().to_vec(),
        references,
    })
}

/// The items that came with `item` (like it, not in HEAD: the merged
/// branch's, or uncommitted), of its kind, whose fields a transition
/// waits for (`depends`, `after`) name its old ID: each rewritten to name
/// `new_id`. Items HEAD holds mean the item that keeps the ID.
fn references(ws: &Workspace, item: &Item, new_id: &str) -> Result<Vec<Rewrite>> {
    if ws.repo.head_file(&item.path)?.is_some() {
        return Ok(Vec::new());
    }
    let wf = item.kind.workflow()?;
    let mut fields: Vec<&str> = wf
        .transitions
        .iter()
        .flat_map(|t| &t.waits)
        .filter(|w| w.kind.is_none())
        .map(|w| w.field.as_str())
        .collect();
    fields.sort();
    fields.dedup();
    let mut out = Vec::new();
    for other in ws.scan_kind(&item.kind, |r| r.ok())?.into_iter().flatten() {
        if other.path == item.path || ws.repo.head_file(&other.path)?.is_some() {
            continue;
        }
        let value = other.value();
        let mut doc = other.doc.clone();
        for f in &fields {
            let path: Vec<&str> = f.split('.').collect();
            let at = path.iter().try_fold(&value, |v, k| v.get(*k));
            let renamed = match at {
                Some(serde_json::Value::String(s)) if s.trim() == item.id => {
                    serde_json::Value::String(new_id.to_owned())
                }
                Some(serde_json::Value::Array(list))
                    if list.iter().any(|v| v.as_str() == Some(item.id.as_str())) =>
                {
                    serde_json::Value::Array(
                        list.iter()
                            .map(|v| match v.as_str() {
                                Some(s) if s == item.id => {
                                    serde_json::Value::String(new_id.to_owned())
                                }
                                _ => v.clone(),
                            })
                            .collect(),
                    )
                }
                _ => continue,
            };
            doc = doc.set(&path, &renamed).map_err(|e| {
                Error::Item(crate::engine::item::ItemError::new(
                    &other.path,
                    e.pos,
                    e.message,
                ))
            })?;
        }
        if doc.text() != other.doc.text() {
            out.push((
                other.path.clone(),
                other.doc.text().as_bytes().to_vec(),
                doc.text().as_bytes().to_vec(),
            ));
        }
    }
    Ok(out)
}

/// The holder added to the branch last: one not committed at all, else
/// the one whose adding commit (a merge's, for a file it brought in) is
/// nearest HEAD on its first-parent line.
fn latest(ws: &Workspace, holders: Vec<Item>) -> Result<Item> {
    let mut dated: Vec<(i64, Item)> = Vec::new();
    for h in holders {
        // Fewer commits since it was added: later. Never added: latest.
        let ago = ws.repo.added_ago(&h.path)?.map_or(-1, |n| n as i64);
        dated.push((-ago, h));
    }
    dated.sort_by_key(|(t, _)| *t);
    let (t, item) = dated.pop().expect("two holders at least");
    if dated.last().is_some_and(|(u, _)| *u == t) {
        return Err(Error::Usage(crate::msg!(
            "b-were-added-same-commit",
            a = &item.path,
            b = dated
                .last()
                .map(|(_, i)| i.path.as_str())
                .unwrap_or_default()
        )));
    }
    Ok(item)
}

/// `body` with `old` replaced by `new` in its first heading, if the
/// heading names it.
fn heading_renumbered(body: &str, old: &str, new: &str) -> Option<String> {
    let line_start = body
        .split_inclusive('\n')
        .scan(0, |at, l| {
            let start = *at;
            *at += l.len();
            Some((start, l))
        })
        .find(|(_, l)| l.starts_with("# "))?;
    let (start, line) = line_start;
    let bytes = line.as_bytes();
    let at = line.match_indices(old).map(|(i, _)| i).find(|&i| {
        let before = i.checked_sub(1).map(|j| bytes[j]);
        let after = bytes.get(i + old.len()).copied();
        let edge = |c: Option<u8>| c.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == b'.'));
        edge(before)
            && (edge(after)
                || after == Some(b'.')
                    && bytes
                        .get(i + old.len() + 1)
                        .is_none_or(|c| !c.is_ascii_alphanumeric()))
    })?;
    let mut out = String::with_capacity(body.len() + new.len());
    out.push_str(&body[..start + at]);
    out.push_str(new);
    out.push_str(&body[start + at + old.len()..]);
    Some(out)
}

/// What [`execute`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum Executed {
    /// Committed (during a merge, the merge commit): its id.
    Committed(String),
    /// Renumbered and staged in a merge that its hook still refuses to
    /// commit for another reason (another ID two items took): the refusal.
    /// The renumber that lets the merge commit names this one too.
    Staged(String),
}

/// Where renumbers staged in a merge wait for its commit's trailers.
const PENDING: &str = "renumber-pending";

/// Writes the renumbered file, removes the old one and commits both as
/// the Human (during a merge, in the merge commit, which ends it), through
/// the executor's last step: the files are put back if the commit fails.
/// In a merge whose commit is still refused for another reason (two
/// duplicate IDs in one merge), the renumber stays staged in it, so that
/// the next one can commit it.
pub fn execute(ws: &Workspace, r: &Renumber) -> Result<Executed> {
    let repo = &ws.repo;
    let orx_dir = repo.orx_dir();
    let lock = Lock::acquire_within(&orx_dir, ws.lock_wait)?;
    let reason = format!("renumber {} {} to {}", r.kind, r.from, r.to);
    let trailers = vec![
        ("Orx-Item".to_owned(), format!("{}/{}", r.kind, r.to)),
        (
            "Orx-Renumber".to_owned(),
            format!("{} {} -> {}", r.kind, r.from, r.to),
        ),
        ("Orx-Role".to_owned(), HUMAN.to_owned()),
        ("Orx-Override".to_owned(), reason.clone()),
    ];
    // The collision a merge brought in is fixed in the merge commit.
    let merging = !repo.merge_heads().is_empty();
    let pending = orx_dir.join(PENDING);
    let merge_head = repo.merge_heads().join(" ");
    let made = if merging {
        // Renumbers staged earlier in this merge are named in its commit.
        let earlier: Vec<(String, String)> = std::fs::read_to_string(&pending)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.strip_prefix(&format!("{merge_head}\t")))
            .filter_map(|l| l.split_once('\t'))
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        files::Made::EndingMerge(earlier.into_iter().chain(trailers.clone()).collect())
    } else {
        let subject = format!("Renumber {} {} to {}", r.kind, r.from, r.to);
        files::Made::Alone(crate::git::add_trailers(
            &format!("{subject}\n"),
            &trailers,
        )?)
    };
    let mut writes = vec![files::Write::new(&r.new_path, None, r.new.clone())];
    writes.extend(
        r.references
            .iter()
            .map(|(p, old, new)| files::Write::new(p, Some(old.clone()), new.clone())),
    );
    writes.push(files::Write::removal(&r.old_path, r.old.clone()));
    let files = files::Files {
        writes,
        commit: Some(files::Commit {
            made,
            role: HUMAN.to_owned(),
            reason: Some(reason),
        }),
    };
    match files::execute_locked(repo, &lock, &files)? {
        files::Done::StagedInMerge(message) => {
            // This renumber stays staged in the merge, for the commit
            // that ends it.
            use std::io::Write;
            let keep: String = trailers
                .iter()
                .filter(|(k, _)| k == "Orx-Renumber")
                .map(|(k, v)| format!("{merge_head}\t{k}\t{v}\n"))
                .collect();
            let _ = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&pending)
                .and_then(|mut f| f.write_all(keep.as_bytes()));
            Ok(Executed::Staged(message))
        }
        done => {
            if merging {
                let _ = std::fs::remove_file(&pending);
            }
            let id = match done {
                files::Done::Committed(id) | files::Done::ByAnother(Some(id)) => Some(id),
                _ => repo.last_change(&r.new_path),
            };
            Ok(Executed::Committed(id.unwrap_or_default()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::heading_renumbered;

    #[test]
    fn the_first_headings_id_is_renumbered_and_nothing_else() {
        assert_eq!(
            heading_renumbered("# Story 1.2: Export\n\n1.2 stays\n", "1.2", "1.3").as_deref(),
            Some("# Story 1.3: Export\n\n1.2 stays\n")
        );
        assert_eq!(
            heading_renumbered("intro\n# 1.2 Export\n", "1.2", "1.3").as_deref(),
            Some("intro\n# 1.3 Export\n")
        );
        assert_eq!(heading_renumbered("# 1.21 Export\n", "1.2", "1.3"), None);
        assert_eq!(heading_renumbered("# Export\n", "1.2", "1.3"), None);
    }
}
