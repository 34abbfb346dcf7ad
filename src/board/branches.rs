//! `status --branches`: every item's state on each branch (and the
//! worktree that has it checked out), read from git's objects without a
//! checkout; the items only some branches have, and those whose states
//! disagree.
//!
//! A blob shared by branches is parsed once: twenty branches of one
//! repository differ in a few files, so the cost is about one branch's.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use crate::engine::item::Item;
use crate::error::Result;
use crate::git::{BlobId, Side};
use crate::repo::workspace::Workspace;
use crate::workflow::kind::Kind;
use std::collections::BTreeSet;

/// One branch of the view.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct BranchColumn {
    pub name: String,
    /// The commit at its tip.
    pub commit: String,
    pub remote: bool,
    /// The worktree that has it checked out, if one does.
    pub worktree: Option<String>,
}

/// One item across the branches.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ItemRow {
    // Its kind, said by its name (a plain comment: the schema says no
    // more of it than before).
    #[serde(serialize_with = "crate::board::summary::kind_by_name")]
    #[schemars(with = "String")]
    pub kind: Kind,
    pub id: String,
    /// Its title on the first branch that has it.
    pub title: String,
    /// Its state on each branch, in the branches' order (null: the branch
    /// does not have it).
    pub states: Vec<Option<String>>,
    /// Whether the branches that have it give it different states.
    pub disagree: bool,
    /// Whether some branches do not have it.
    pub partial: bool,
    /// The files that hold it, when branches hold it in different files:
    /// different items that took one ID, which a merge of those branches
    /// refuses until one is renumbered.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
}

/// The view across branches.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Across {
    pub branches: Vec<BranchColumn>,
    pub items: Vec<ItemRow>,
}

/// An item file's kind, ID, state and title.
type Parsed = (Kind, String, String, String);

/// An item's kind, its title, its state on each branch and the files
/// holding it.
type Row = (Kind, String, Vec<Option<String>>, BTreeSet<String>);

/// Every item of every kind on each local branch (and remote-tracking
/// branch with `remote`), read with the kinds of the rules in force here.
pub fn across(ws: &Workspace, remote: bool) -> Result<Across> {
    let branches = ws.repo.branches(remote)?;
    let kinds = ws.registry();
    let dirs = ws.item_dirs();
    let mut parsed: HashMap<BlobId, Option<Parsed>> = HashMap::new();
    let mut rows: BTreeMap<(String, String), Row> = BTreeMap::new();
    let n = branches.len();
    for (i, b) in branches.iter().enumerate() {
        let side = Side::Commit(b.tip.clone());
        for dir in &dirs {
            for (path, blob) in ws.repo.files_with_prefix(&side, dir, "")? {
                if kinds.at(&path).is_none() {
                    continue;
                }
                let item = match parsed.get(&blob) {
                    Some(p) => p.clone(),
                    None => {
                        let p = Item::from_bytes(kinds, &path, ws.repo.blob(blob)?)
                            .ok()
                            .map(|it| (it.kind, it.id, it.status, it.title));
                        parsed.insert(blob, p.clone());
                        p
                    }
                };
                let Some((kind, id, status, title)) = item else {
                    continue;
                };
                let row = rows
                    .entry((kind.name().to_owned(), id))
                    .or_insert_with(|| (kind, title, vec![None; n], BTreeSet::new()));
                row.2[i] = Some(status);
                row.3.insert(path);
            }
        }
    }
    let mut rows: Vec<((String, String), Row)> = rows.into_iter().collect();
    // IDs in their natural order: 1.2 before 1.10.
    rows.sort_by(|((ka, a), _), ((kb, b), _)| ka.cmp(kb).then_with(|| natural(a).cmp(&natural(b))));
    let items = rows
        .into_iter()
        .map(|((_, id), (kind, title, states, files))| {
            let mut seen: Vec<&String> = states.iter().flatten().collect();
            seen.dedup();
            seen.sort();
            seen.dedup();
            ItemRow {
                disagree: seen.len() > 1,
                partial: states.iter().any(Option::is_none),
                kind,
                id,
                title,
                states,
                files: if files.len() > 1 {
                    files.into_iter().collect()
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    Ok(Across {
        branches: branches
            .into_iter()
            .map(|b| BranchColumn {
                name: b.name,
                commit: b.tip,
                remote: b.remote,
                worktree: b.worktree.map(|p| p.display().to_string()),
            })
            .collect(),
        items,
    })
}

/// An ID as a sort key: its runs of digits as numbers, the rest as text.
fn natural(id: &str) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    let mut digits = String::new();
    let mut text = String::new();
    for c in id.chars() {
        if c.is_ascii_digit() {
            if !text.is_empty() {
                out.push((0, std::mem::take(&mut text)));
            }
            digits.push(c);
        } else {
            if !digits.is_empty() {
                out.push((digits.parse().unwrap_or(u64::MAX), String::new()));
                digits.clear();
            }
            text.push(c);
        }
    }
    if !digits.is_empty() {
        out.push((digits.parse().unwrap_or(u64::MAX), String::new()));
    }
    if !text.is_empty() {
        out.push((0, text));
    }
    out
}
