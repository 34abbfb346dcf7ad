//! `git orx status`

use orx::board::report;
use orx::board::summary::Summary;
use orx::text::{escape, escape_lines};

use super::{BOLD, DIM, GREEN, Ui, YELLOW, paint};

/// Show the items grouped by state (the stories, the repository's own
/// kinds, then the agents), with the role each waits for and the next step.
#[derive(clap::Args)]
pub struct Args {
    /// Only the items waiting for this role.
    #[arg(long, value_name = "ROLE")]
    role: Option<String>,
    /// Also judge, for each item, the commit its current state came from,
    /// and mark it when verify rejects it (one commit per item: slower).
    #[arg(long)]
    verify: bool,
    /// Only the items of this epic (the IDs `N.x`).
    #[arg(long, value_name = "N")]
    epic: Option<u64>,
    /// Every item's state on each local branch (and the worktree that has
    /// it checked out), read from git without a checkout: the items only
    /// some branches have, and those whose states disagree.
    #[arg(long, conflicts_with_all = ["role", "verify", "epic"])]
    branches: bool,
    /// With --branches: the remote-tracking branches too.
    #[arg(long, requires = "branches")]
    remote: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    if args.branches {
        return across(ui, &ws, args.remote);
    }
    let want = args
        .role
        .as_deref()
        .map(|r| ws.check_role(r, orx::workflow::role::RoleSource::Filter))
        .transpose()?;
    // Under --json, the steps items share are written once per list.
    let (mut board, shared) = if ui.is_json() {
        let (board, shared) = report::board_with_shared_steps(&ws)?;
        (board, shared)
    } else {
        (report::board(&ws)?, Default::default())
    };
    if let Some(epic) = args.epic {
        let prefix = format!("{epic}.");
        board.items.retain(|s| s.id.starts_with(&prefix));
        for k in &mut board.others {
            k.items.retain(|s| s.id.starts_with(&prefix));
        }
        board.agents.clear();
    }
    // The process ends with this command: its board (10,000 summaries with
    // their steps, say) is left to the operating system rather than freed
    // piece by piece, which costs a tenth of the command.
    let board = std::mem::ManuallyDrop::new(board);
    let shown: Vec<&Summary> = board
        .items
        .iter()
        .filter(|s| {
            want.as_ref()
                .is_none_or(|r| s.waits_for.as_ref() == Some(r))
        })
        .collect();
    let others: Vec<(&orx::workflow::Workflow, Vec<&Summary>)> = board
        .others
        .iter()
        .map(|k| {
            let items = k
                .items
                .iter()
                .filter(|s| {
                    want.as_ref()
                        .is_none_or(|r| s.waits_for.as_ref() == Some(r))
                })
                .collect();
            (&*k.workflow, items)
        })
        .collect();
    let agents: Vec<&Summary> = board
        .agents
        .iter()
        .filter(|s| {
            want.as_ref()
                .is_none_or(|r| s.waits_for.as_ref() == Some(r))
        })
        .collect();
    let mut rejected = std::collections::BTreeMap::new();
    if args.verify {
        for s in shown
            .iter()
            .chain(others.iter().flat_map(|(_, l)| l))
            .chain(&agents)
        {
            if let Some(r) = orx::history::verify::last_change_violations(&ws.repo, &s.path)? {
                rejected.insert(s.path.clone(), r);
            }
        }
    }
    if ui.is_json() {
        use super::output::board::{Rejected, Status};
        let items: Vec<&Summary> = shown
            .iter()
            .chain(others.iter().flat_map(|(_, l)| l))
            .copied()
            .collect();
        let status = Status {
            version: super::output::Version,
            lang: ws.lang(),
            items,
            agents: agents.clone(),
            problems: &board.problems,
            rejected: rejected
                .iter()
                .map(|(path, (commit, violations))| {
                    (
                        path.clone(),
                        Rejected {
                            commit: commit.clone(),
                            violations: violations.clone(),
                        },
                    )
                })
                .collect(),
        };
        ui.json_written(|out| super::output::shared_steps::write_status(out, status, &shared));
        return Ok(0);
    }
    let no_others = others.iter().all(|(_, l)| l.is_empty());
    if shown.is_empty() && no_others && agents.is_empty() && board.problems.is_empty() {
        ui.line(match &want {
            Some(r) => ui.t("no-items-waiting-role", &[("role", &ui.role(r))]),
            None => ui.t(
                "no-items-yet-create-one",
                &[
                    ("kind", &board.workflow.name),
                    (
                        "role",
                        &board
                            .workflow
                            .creation_roles()
                            .first()
                            .map_or(orx::workflow::role::HUMAN, String::as_str),
                    ),
                    ("dir", &ws.stories_dir()),
                ],
            ),
        });
        return Ok(0);
    }
    let counts = by_state(ui, &board.workflow, &shown, &rejected, None);
    let mut other_counts = Vec::new();
    for (wf, items) in &others {
        let c = by_state(ui, wf, items, &rejected, Some(&wf.name));
        if !c.is_empty() {
            other_counts.push(kind_counts(ui, &wf.name, items.len(), &c));
        }
    }
    if !agents.is_empty() {
        ui.line(paint(BOLD, ui.t("agents", &[])));
        for s in &agents {
            ui.line(format!(
                "  {:<8} {} {}",
                escape(&s.id),
                paint(BOLD, &s.status),
                paint(
                    DIM,
                    ui.t(
                        "waits-role",
                        &[(
                            "role",
                            &s.waits_for
                                .as_deref()
                                .map(|r| ui.role(r))
                                .unwrap_or_else(|| ui.t("nobody", &[]))
                        )]
                    )
                )
            ));
            if let Some(h) = &s.handoff {
                ui.wrap_painted(GREEN, &escape_lines(h), 11);
            }
        }
    }
    for line in super::unreadable_lines(ui.voice(), &ws, &board.problems) {
        ui.line(paint(YELLOW, line));
    }
    if !counts.is_empty() {
        let line = kind_counts(ui, &board.workflow.name, shown.len(), &counts);
        ui.line(paint(DIM, line));
    }
    for line in other_counts {
        ui.line(paint(DIM, line));
    }
    Ok(0)
}

/// The closing line of a kind's items: its name, how many, and how many
/// in each state (`story (2): 1 Draft, 1 Done`), the same for every kind.
fn kind_counts(ui: &Ui, kind: &str, n: usize, counts: &[String]) -> String {
    ui.t(
        "kind-counts",
        &[("kind", &kind), ("n", &n), ("counts", &counts.join(", "))],
    )
}

type Rejected = std::collections::BTreeMap<String, (String, Vec<orx::history::enforce::Violation>)>;

/// Prints `items` grouped by the states of `wf`, in its order (each state's
/// heading after the kind's name when `kind` is given); returns the counts
/// by state (`2 Draft`).
fn by_state(
    ui: &mut Ui,
    wf: &orx::workflow::Workflow,
    items: &[&Summary],
    rejected: &Rejected,
    kind: Option<&str>,
) -> Vec<String> {
    let mut counts = Vec::new();
    for state in &wf.states {
        let here: Vec<&&Summary> = items.iter().filter(|s| s.status == state.name).collect();
        if here.is_empty() {
            continue;
        }
        counts.push(format!("{} {}", here.len(), state.name));
        let owner = state
            .owner
            .as_deref()
            .map(|r| ui.role(r))
            .unwrap_or_else(|| ui.t("nobody", &[]));
        let heading = match kind {
            Some(k) => format!("{} {}", escape(k), state.name),
            None => state.name.clone(),
        };
        ui.line(format!(
            "{} {}",
            paint(BOLD, heading),
            paint(DIM, format!("({owner}) {}", here.len()))
        ));
        for s in here {
            ui.wrap(format!("  {:<8} {}", escape(&s.id), escape(&s.title)), 11);
            if let Some((commit, violations)) = rejected.get(&s.path) {
                ui.wrap(
                    format!(
                        "           {}",
                        super::show::rejected_line(ui.voice(), commit, violations)
                    ),
                    11,
                );
            }
            if let Some(h) = s.handoff.as_ref().filter(|_| !s.terminal) {
                ui.wrap_painted(GREEN, &escape_lines(h), 11);
            }
        }
    }
    counts
}

/// `status --branches`: one column per branch, one row per item; a row
/// whose states disagree, or that some branches lack, is marked.
fn across(ui: &mut Ui, ws: &orx::repo::workspace::Workspace, remote: bool) -> orx::Result<u8> {
    let view = orx::board::branches::across(ws, remote)?;
    if ui.is_json() {
        ui.json(&super::output::board::StatusBranches {
            version: super::output::Version,
            across: &view,
        });
        return Ok(0);
    }
    for (i, b) in view.branches.iter().enumerate() {
        let place = b
            .worktree
            .as_deref()
            .map(|w| ui.t("status-in-worktree", &[("worktree", &w)]))
            .unwrap_or_default();
        ui.line(format!(
            "  [{}] {}{place}",
            i + 1,
            paint(BOLD, escape(&b.name))
        ));
    }
    if view.items.is_empty() {
        ui.line(ui.t("no-items-any-branch", &[]));
        return Ok(0);
    }
    let width = view
        .items
        .iter()
        .map(|r| r.kind.name().len() + r.id.len() + 1)
        .max()
        .unwrap_or(0);
    let cols: Vec<usize> = (0..view.branches.len())
        .map(|i| {
            view.items
                .iter()
                .filter_map(|r| r.states[i].as_ref().map(String::len))
                .max()
                .unwrap_or(1)
                .max(format!("[{}]", i + 1).len())
        })
        .collect();
    let mut head = format!("  {:<width$}", "");
    for (i, w) in cols.iter().enumerate() {
        head.push_str(&format!("  {:<w$}", format!("[{}]", i + 1)));
    }
    ui.line(paint(DIM, head.trim_end()));
    let (mut disagree, mut partial, mut collide) = (0, 0, 0);
    for r in &view.items {
        let mut line = format!("  {:<width$}", format!("{} {}", r.kind, escape(&r.id)));
        for (s, w) in r.states.iter().zip(&cols) {
            line.push_str(&format!("  {:<w$}", s.as_deref().unwrap_or("-")));
        }
        let note = if !r.files.is_empty() {
            collide += 1;
            paint(
                YELLOW,
                ui.t(
                    "different-items-files-merging-them",
                    &[("files", &r.files.join(", "))],
                ),
            )
        } else if r.disagree {
            disagree += 1;
            paint(YELLOW, ui.t("status-states-differ", &[]))
        } else if r.partial {
            partial += 1;
            paint(DIM, ui.t("status-not-on-every-branch", &[]))
        } else {
            String::new()
        };
        ui.line(format!("{}{note}", line.trim_end()));
    }
    ui.line(ui.t(
        "n-items-b-branches-d",
        &[
            ("n", &view.items.len().to_string()),
            ("b", &view.branches.len().to_string()),
            ("d", &disagree.to_string()),
            ("p", &partial.to_string()),
        ],
    ));
    if collide > 0 {
        ui.line(paint(
            YELLOW,
            ui.t(
                "n-ids-taken-different-items",
                &[("n", &collide.to_string())],
            ),
        ));
    }
    Ok(0)
}
