//! `git orx history`: one item's state history, from git history — its
//! creation, every update with the fields it changed (from → to), moves,
//! restores and errors — with its named backups.

use serde::Serialize;

use crate::change::state::{self, Backup};
use crate::error::Result;
use crate::history::audit::{self, Event};
use crate::history::cache::FieldChange;
use crate::repo::workspace::Workspace;

/// What a change of the item was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
#[schemars(rename = "HistoryEvent")]
pub enum Kind {
    /// Made (in its initial state, or brought in).
    Init,
    /// Fields changed within a state.
    Update,
    /// A change of state (with any fields changed with it).
    Transition,
    /// Taken back to a backup or an earlier state.
    Restore,
    /// An error recorded.
    Error,
    /// A named backup kept.
    Backup,
    Deleted,
}

/// One entry of the history, oldest first.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(rename = "HistoryEntry", deny_unknown_fields)]
pub struct Change {
    pub event: Kind,
    pub time: String,
    /// The commit (none for a backup).
    pub commit: Option<String>,
    pub role: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub note: Option<String>,
    pub fields: Vec<FieldChange>,
}

/// The history of `kind` item `id`, oldest first, and its backups.
pub fn history(ws: &Workspace, kind: &str, id: &str) -> Result<(Vec<Change>, Vec<Backup>)> {
    let opts = audit::Options {
        id: Some(id.to_owned()),
        kind: Some(kind.to_owned()),
        reverse: true,
        ..Default::default()
    };
    let entries = audit::log(&ws.repo, &ws.rules, &opts)?;
    let mut out: Vec<(i64, Change)> = entries
        .into_iter()
        .map(|e| {
            let note = e.note.as_deref().map(str::trim).unwrap_or_default();
            let event = match e.event {
                Event::Created | Event::Adopted => Kind::Init,
                Event::Deleted => Kind::Deleted,
                _ if note.starts_with(state::RESTORE_NOTE) => Kind::Restore,
                _ if note.starts_with(&format!("{} ", state::ERROR_NOTE)) => Kind::Error,
                Event::Transition => Kind::Transition,
                _ => Kind::Update,
            };
            (
                e.timestamp,
                Change {
                    event,
                    time: e.time,
                    commit: Some(e.commit),
                    role: e.role,
                    from: e.from,
                    to: e.to,
                    note: e.note,
                    fields: e.fields,
                },
            )
        })
        .collect();
    let backups = state::backups(ws, kind, id)?;
    for b in backups.iter().filter(|b| !b.auto) {
        // After the commit HEAD was on, else by time.
        let after_head = b.head.as_deref().and_then(|h| {
            out.iter()
                .rposition(|(_, c)| c.commit.as_deref().is_some_and(|x| h.starts_with(x)))
                .map(|i| i + 1)
        });
        let at = after_head.unwrap_or_else(|| {
            out.iter()
                .position(|(t, _)| *t > b.time)
                .unwrap_or(out.len())
        });
        out.insert(
            at,
            (
                b.time,
                Change {
                    event: Kind::Backup,
                    time: audit::rfc3339(b.time, 0),
                    commit: None,
                    role: None,
                    from: None,
                    to: None,
                    note: Some(format!("backup {}", b.name)),
                    fields: Vec::new(),
                },
            ),
        );
    }
    Ok((out.into_iter().map(|(_, c)| c).collect(), backups))
}
