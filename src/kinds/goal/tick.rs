//! The ticker (`git orx tick`): what git events and time decide for goals
//! and tasks, dispatched once. Run twice with nothing new, the second run
//! changes nothing, so cron, CI and a server hook may all run it.
//!
//! In order: a task whose branch was merged into the main line (a merge
//! commit naming its branch) or which a commit there closes (`Closes: ID`)
//! is closed, with that commit recorded; a new goal is routed; a
//! discussion every addressed role answered, with a task claimed, ends; a
//! discussion with no task claimed is checked (once per the workflow's
//! `check_every_seconds`) and escalated to the lead after `max_checks`; a
//! round whose every task is done or failed goes to the lead's review.

use serde::Serialize;
use serde_json::{Value, json};

use super::*;

/// What the ticker did to one item.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Dispatched {
    pub item: String,
    pub event: String,
    /// None for a new item.
    pub from: Option<String>,
    pub to: String,
    /// The commit, once made.
    pub commit: Option<String>,
    pub handoff: Option<String>,
}

/// What one tick did, and what it noticed but could not act on.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Ticked {
    pub dispatched: Vec<Dispatched>,
    pub notes: Vec<String>,
    /// Plans only: nothing was written.
    #[serde(skip)]
    pub dry_run: bool,
}

/// How far back the ticker looks for merges (commits from HEAD).
const LOOK_BACK: usize = 10_000;

/// A commit that may close a task.
struct Closing {
    id: String,
    closes: Vec<String>,
    merge: bool,
    summary: String,
}

fn closing_commits(ws: &Workspace) -> Result<Vec<Closing>> {
    if !ws.repo.has_head() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for id in ws.repo.walk_at_most(&["HEAD".to_owned()], LOOK_BACK)? {
        let c = ws.repo.commit(&id)?;
        let closes: Vec<String> = c
            .trailers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("Closes"))
            .flat_map(|(_, v)| {
                v.split([',', ' '])
                    .map(|w| w.trim_start_matches('#').to_owned())
            })
            .filter(|w| !w.is_empty())
            .collect();
        let merge = c.parents.len() > 1;
        if closes.is_empty() && !merge {
            continue;
        }
        let summary = c.summary().to_owned();
        out.push(Closing {
            id: c.id,
            closes,
            merge,
            summary,
        });
    }
    Ok(out)
}

/// The commit that closes task `task` (newest first): one carrying
/// `Closes: ID`, or a merge commit naming its branch.
fn closed_by<'c>(commits: &'c [Closing], task: &Item) -> Option<(&'c Closing, &'static str)> {
    let branch = task.value()["branch"].as_str().map(str::to_owned);
    commits.iter().find_map(|c| {
        if c.closes.contains(&task.id) {
            Some((c, "trailer"))
        } else if c.merge
            && branch
                .as_deref()
                .is_some_and(|b| !b.is_empty() && c.summary.contains(b))
        {
            Some((c, "merge"))
        } else {
            None
        }
    })
}

fn seconds_between(earlier: &str, now: &str) -> Option<i64> {
    let a: jiff::Timestamp = earlier.parse().ok()?;
    let b: jiff::Timestamp = now.parse().ok()?;
    Some(b.as_second() - a.as_second())
}

/// Runs one tick as `actor`; with `commit` false, writes without
/// committing; with `dry_run`, plans only. Tasks are closed only on the
/// main line (`main`, the branch's name): elsewhere a `Closes:` commit has
/// not reached it yet.
pub fn tick(
    ws: &Workspace,
    actor: Actor,
    commit: bool,
    dry_run: bool,
    main: &str,
) -> Result<Ticked> {
    let mut out = Ticked::default();
    let run = |plan: Plan, event: &str, out: &mut Ticked| -> Result<()> {
        let done = if dry_run {
            None
        } else {
            Some(plan::execute(ws, &plan, commit)?)
        };
        out.dispatched.push(Dispatched {
            item: plan.label(),
            event: event.to_owned(),
            from: plan.from().map(str::to_owned),
            to: plan.to().to_owned(),
            commit: done.and_then(|d| d.commit),
            handoff: plan.handoff().map(str::to_owned),
        });
        Ok(())
    };
    // Tasks closed by a merge.
    let twf = ws.workflow(TASK)?;
    let open_tasks: Vec<Item> = ws
        .scan_kind(TASK, |r| r.ok())?
        .into_iter()
        .flatten()
        .filter(|t| twf.state(&t.status).is_some_and(|s| !s.terminal))
        .collect();
    let on_main = ws.repo.head_branch().as_deref() == Some(main);
    if !open_tasks.is_empty() && !on_main {
        out.notes.push(format!(
            "tasks are closed on the main line ({}); HEAD is on {}: no merge is looked for here",
            crate::text::escape(main),
            ws.repo
                .head_branch()
                .map_or("no branch".to_owned(), |b| crate::text::escape(&b))
        ));
    }
    if !open_tasks.is_empty() && on_main {
        let commits = closing_commits(ws)?;
        for task in open_tasks {
            let Some((c, by)) = closed_by(&commits, &task) else {
                continue;
            };
            let edits = vec![plan::set(&["closed_by"], json!({"commit": c.id, "by": by}))];
            let label = task.label();
            let status = task.status.clone();
            match plan_event(ws, task, &twf, MERGED, edits, actor)? {
                Some(p) => run(p, MERGED, &mut out)?,
                None => out.notes.push(format!(
                    "{label} is merged ({}) but is {status}, which a merge does not close; start it first",
                    &c.id[..c.id.len().min(7)]
                )),
            }
        }
    }
    // Goals.
    let gwf = ws.workflow(GOAL)?;
    let now = crate::repo::workspace::now();
    let every = gwf.params["check_every_seconds"].as_i64().unwrap_or(30);
    let goals: Vec<Item> = ws
        .scan_kind(GOAL, |r| r.ok())?
        .into_iter()
        .flatten()
        .collect();
    for goal in goals {
        let v = goal.value();
        let round = count(&v, "round_count");
        if goal.status == gwf.initial {
            if let Some(p) = plan_event(ws, goal, &gwf, ROUTE, Vec::new(), actor)? {
                run(p, ROUTE, &mut out)?;
            }
            continue;
        }
        if gwf.fired_by(&goal.status, DISCUSSION_ENDED).is_empty()
            && gwf.fired_by(&goal.status, ROUND_COMPLETE).is_empty()
        {
            continue;
        }
        let s = summary(ws, &goal.id, round)?;
        if !gwf.fired_by(&goal.status, ROUND_COMPLETE).is_empty() {
            if s.all_terminal() {
                let edits = s.edits();
                if let Some(p) = plan_event(ws, goal, &gwf, ROUND_COMPLETE, edits, actor)? {
                    run(p, ROUND_COMPLETE, &mut out)?;
                }
            }
            continue;
        }
        // A discussion.
        let answered = answered(ws, &goal.id, round)?;
        let addressed: Vec<&str> = v["addressed"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let all = addressed.iter().all(|r| answered.iter().any(|a| a == r));
        if s.total > 0 {
            if all {
                let mut edits = s.edits();
                edits.push(plan::set(&["answered"], json!(answered)));
                if let Some(p) = plan_event(ws, goal, &gwf, DISCUSSION_ENDED, edits, actor)? {
                    run(p, DISCUSSION_ENDED, &mut out)?;
                }
            }
            continue;
        }
        let due = match text(&v, "checked_at") {
            None => true,
            Some(at) => seconds_between(at, &now).is_none_or(|s| s >= every),
        };
        if due && let Some(p) = plan_event(ws, goal, &gwf, NO_TAKER, Vec::new(), actor)? {
            run(p, NO_TAKER, &mut out)?;
        }
    }
    Ok(out)
}
