//! `git orx doctor`: why an item is not moving. For an item (of any kind) stuck in a
//! state (longer than `doctor.stuck_after_hours` in the config), or for the
//! one asked about: the role it waits for, each move from its state with
//! the conditions that do not hold and the values they read (as `show`
//! judges them), and the recent refusals the refusal log kept for it.

use std::collections::HashMap;

use serde::Serialize;

use crate::board::report::{self, MoveCheck};
use crate::board::summary::Problem;
use crate::error::Result;
use crate::history::audit;
use crate::history::refusals::Logged;
use crate::repo::workspace::Workspace;

/// How many refusals are shown per story.
pub const RECENT_REFUSALS: usize = 5;

#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Only this story (reported whether it is stuck or not).
    pub id: Option<String>,
    /// Seconds since the epoch.
    pub now: i64,
}

/// One story, diagnosed.
#[derive(Clone, Debug, Serialize, PartialEq, schemars::JsonSchema)]
pub struct Diagnosis {
    pub kind: String,
    pub id: String,
    pub title: String,
    pub path: String,
    pub status: String,
    /// When it entered its state (RFC 3339), as history says; none while
    /// the change is not committed.
    pub since: Option<String>,
    pub hours_in_state: Option<f64>,
    pub stuck: bool,
    /// The role its next step waits for.
    pub responsible: Option<String>,
    pub handoff: Option<String>,
    /// Every move from its state, judged for the move's own role.
    pub moves: Vec<MoveCheck>,
    /// Its most recent refusals, oldest first.
    pub refusals: Vec<Logged>,
}

/// What `doctor` found.
#[derive(Clone, Debug, Serialize, PartialEq, schemars::JsonSchema)]
pub struct Findings {
    pub stuck_after_hours: f64,
    /// The stuck items of every kind (longest first), or the one asked
    /// about.
    pub items: Vec<Diagnosis>,
    /// Open items in all, stuck or not.
    pub open: usize,
    /// Files that are not usable items.
    pub problems: Vec<Problem>,
}

/// When each item (`KIND:ID`, or only those with the ID `id`) entered the
/// state it is in: the newest change of state, as RFC 3339 and seconds
/// since the epoch (the trail read newest first, one entry at a time).
pub fn entered(ws: &Workspace, id: Option<String>) -> Result<HashMap<String, (String, i64)>> {
    let mut entered: HashMap<String, (String, i64)> = HashMap::new();
    audit::log_each(
        &ws.repo,
        ws,
        &audit::Options {
            id,
            ..Default::default()
        },
        &mut |_, _| {},
        &mut |e| {
            let key = format!("{}:{}", e.kind, e.id);
            if e.from == e.to || entered.contains_key(&key) {
                return;
            }
            if let Ok(t) = e.time.parse::<jiff::Timestamp>() {
                entered.insert(key, (e.time, t.as_second()));
            }
        },
    )?;
    Ok(entered)
}

pub use crate::history::metrics::is_stuck;

/// Diagnoses the open items of every kind (or the one with `opts.id`) with the refusals
/// read from the log.
pub fn diagnose(ws: &Workspace, opts: &Options, refusals: &[Logged]) -> Result<Findings> {
    let limit = ws.rules.config.doctor.stuck_after_hours;
    let board = report::board(ws)?;
    let wanted = match &opts.id {
        Some(id) => {
            let item = ws.find(id)?;
            Some((item.kind, item.id))
        }
        None => None,
    };
    let entered = entered(ws, wanted.as_ref().map(|(_, id)| id.clone()))?;
    let all: Vec<&crate::board::summary::Summary> = board
        .items
        .iter()
        .chain(board.others.iter().flat_map(|k| &k.items))
        .chain(&board.agents)
        .collect();
    let open = all.iter().filter(|s| !s.terminal).count();
    let mut items = Vec::new();
    for s in all {
        let this = |(k, i): &(crate::workflow::kind::Kind, String)| *k == s.kind && *i == s.id;
        if wanted.as_ref().is_some_and(|w| !this(w)) || (wanted.is_none() && s.terminal) {
            continue;
        }
        let since = entered.get(&format!("{}:{}", s.kind, s.id));
        let hours = since.map(|(_, t)| crate::history::metrics::hours_since(*t, opts.now));
        let stuck = is_stuck(s.terminal, hours, limit);
        if wanted.is_none() && !stuck {
            continue;
        }
        // The board read it from this path: no search of the directory.
        let item = crate::engine::item::Item::read(ws.registry(), ws.root(), &s.path)
            .map_err(crate::Error::Item)?;
        let detail = report::detail_of(ws, item, None)?;
        let mine: Vec<&Logged> = refusals
            .iter()
            .filter(|r| r.is_about(s.kind.name(), &s.id))
            .collect();
        let recent = mine[mine.len().saturating_sub(RECENT_REFUSALS)..]
            .iter()
            .map(|r| (*r).clone())
            .collect();
        items.push(Diagnosis {
            kind: s.kind.to_string(),
            id: s.id.clone(),
            title: s.title.clone(),
            path: s.path.clone(),
            status: s.status.clone(),
            since: since.map(|(t, _)| t.clone()),
            hours_in_state: hours,
            stuck,
            responsible: s.waits_for.clone(),
            handoff: s.handoff.clone(),
            moves: detail.moves,
            refusals: recent,
        });
    }
    if let Some((_, id)) = &wanted
        && items.is_empty()
    {
        // Found by `find` but not usable on the board: its problem says why.
        let problems: Vec<Problem> = board
            .problems
            .into_iter()
            .filter(|p| p.path.contains(&format!("/{id}.")))
            .collect();
        return Ok(Findings {
            stuck_after_hours: limit,
            items,
            open,
            problems,
        });
    }
    items.sort_by(|a, b| {
        b.hours_in_state
            .unwrap_or(0.0)
            .total_cmp(&a.hours_in_state.unwrap_or(0.0))
    });
    Ok(Findings {
        stuck_after_hours: limit,
        items,
        open,
        problems: board.problems,
    })
}
