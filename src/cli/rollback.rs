//! `git orx rollback`

use std::io::{BufRead, IsTerminal};

use orx::Error;
use orx::engine::store::Lock;

use super::{BOLD, DIM, Ui, paint};

/// Restore the work tree to a checkpoint (default: the agent's last one),
/// removing files made since. History is not rewritten: the current state
/// is saved as a checkpoint first (roll back to it to undo), and the
/// rollback is recorded as a commit. Story files and everything under
/// .orx/ keep their own history and are left as they are.
#[derive(clap::Args)]
pub struct Args {
    /// The checkpoint (`git orx checkpoints` lists them).
    checkpoint: Option<String>,
    /// The agent whose last checkpoint is meant (default: the default agent).
    #[arg(long = "agent", value_name = "NAME", default_value = orx::kinds::agent::DEFAULT)]
    agent: String,
    /// Do not ask.
    #[arg(long, short = 'y')]
    yes: bool,
    /// Allow a checkpoint made in another work tree.
    #[arg(long)]
    any_worktree: bool,
    /// Acting role (else ORX_ROLE, else `git config orx.role`).
    #[arg(long = "as", value_name = "ROLE")]
    role: Option<String>,
    /// Say which files the rollback would restore, create or remove in
    /// the work tree as it is now (uncommitted and untracked files
    /// included; items and .orx/ aside), each with its unified diff from
    /// the work tree as it is to the file as the rollback would leave it
    /// ("binary file differs" for a file that is not text), and write
    /// nothing. Needs no role.
    #[arg(long)]
    dry_run: bool,
    /// With the dry run, the files' names only, without their diffs.
    #[arg(long)]
    name_only: bool,
    /// The dry run (its diffs are shown by default now).
    #[arg(long, hide = true)]
    diff: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let target = match args.checkpoint {
        Some(c) => c,
        None => {
            let item = orx::kinds::agent::find(&ws, &args.agent)
                .map_err(|e| no_agent_names_the_checkpoints(&ws, e))?;
            orx::kinds::agent::last_checkpoint(&item).ok_or_else(|| {
                Error::Usage(orx::msg!(
                    "agent-id-records-no-checkpoint",
                    id = args.agent.to_string()
                ))
            })?
        }
    };
    // A name to the minute (chk-202602081200) names the one made then.
    let target = orx::change::checkpoint::resolve(&ws.repo, &target)?;
    let keep = orx::change::plan::rollback_keeps(&ws);
    if args.dry_run || args.diff || args.name_only {
        let with_diffs = !args.name_only;
        let kept: Vec<&str> = keep.iter().map(String::as_str).collect();
        let preview = orx::change::checkpoint::preview(
            &ws.repo,
            &target,
            &kept,
            args.any_worktree,
            with_diffs,
        )?;
        let side = |v: &Option<orx::change::checkpoint::FileVersion>| -> Option<(u32, Vec<u8>)> {
            v.as_ref()
                .map(|v| (v.mode, v.bytes.clone().unwrap_or_default()))
        };
        let diffs: Vec<Option<String>> = preview
            .iter()
            .map(|p| {
                with_diffs.then(|| {
                    let (before, after) = (side(&p.before), side(&p.after));
                    super::diff::unified(
                        &p.path,
                        before.as_ref().map(|(m, b)| (*m, b.as_slice())),
                        after.as_ref().map(|(m, b)| (*m, b.as_slice())),
                    )
                })
            })
            .collect();
        if ui.is_json() {
            use super::output::checkpoint::{Planned, PlannedFile, Rollback};
            ui.json(&Rollback::Planned(Planned {
                version: super::output::Version,
                dry_run: true,
                checkpoint: target.clone(),
                commit: None,
                changed: preview.iter().map(|p| p.path.clone()).collect(),
                files: preview
                    .iter()
                    .zip(&diffs)
                    .map(|(p, d)| PlannedFile {
                        path: p.path.clone(),
                        what: p.what.to_owned(),
                        diff: d.clone(),
                    })
                    .collect(),
                kept: keep.clone(),
            }));
        } else {
            ui.line(ui.t(
                "would-roll-back-target-files",
                &[
                    ("target", &paint(BOLD, &target)),
                    ("n", &preview.len()),
                    ("rest", &paint(DIM, ui.t("dry-run-nothing-written", &[]))),
                ],
            ));
            for (p, d) in preview.iter().zip(&diffs) {
                // What the rollback does to the file: the preview's word.
                let id = match p.what {
                    "create" => "create-path",
                    "remove" => "remove-path",
                    _ => "restore-path",
                };
                ui.line(paint(
                    DIM,
                    ui.t(id, &[("path", &orx::text::escape(&p.path))]),
                ));
                if let Some(d) = d {
                    super::diff::print(ui, d);
                }
            }
        }
        return Ok(0);
    }
    let role = super::role(ui, &ws, &args.role)?;
    if !args.yes {
        if !std::io::stdin().is_terminal() {
            return Err(Error::Usage(orx::msg!(
                "rolling-back-target-replaces-files",
                target = target.to_string()
            )));
        }
        ui.eline(ui.t("roll-work-tree-back-target", &[("target", &target)]));
        let mut answer = String::new();
        let _ = std::io::stdin().lock().read_line(&mut answer);
        if !matches!(answer.trim(), "y" | "Y" | "yes") {
            ui.line(ui.t("nothing-changed-2", &[]));
            return Ok(0);
        }
    }
    let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
    let lock = Lock::acquire_within(&ws.repo.orx_dir(), ws.lock_wait)?;
    let done = orx::change::checkpoint::rollback(
        &ws.repo,
        &target,
        &keep,
        &[("Orx-Role".to_owned(), role.clone())],
        &orx::repo::workspace::now(),
        args.any_worktree,
        ws.lock_wait,
    )?;
    drop(lock);
    if ui.is_json() {
        ui.json(&super::output::checkpoint::Rollback::Made(
            super::output::checkpoint::Made {
                version: super::output::Version,
                dry_run: false,
                checkpoint: target.clone(),
                commit: done.commit.clone(),
                saved: done.saved.clone(),
                changed: done.changed.clone(),
            },
        ));
        return Ok(0);
    }
    ui.line(ui.t(
        "rolled-back-target-files",
        &[
            ("target", &paint(BOLD, &target)),
            ("n", &done.changed.len()),
            ("commit", &done.commit),
        ],
    ));
    for p in &done.changed {
        ui.line(paint(DIM, format!("  {}", orx::text::escape(p))));
    }
    ui.line(ui.t(
        "state-before-saved-name-git-2",
        &[
            ("name", &done.saved),
            ("name2", &done.saved),
            ("role", &role.to_ascii_lowercase()),
        ],
    ));
    Ok(0)
}

/// A bare `rollback` in a repository without the agent it would read the
/// last checkpoint of: name the checkpoints there are instead.
fn no_agent_names_the_checkpoints(ws: &orx::repo::workspace::Workspace, e: Error) -> Error {
    if !matches!(e, Error::NoAgent { .. }) {
        return e;
    }
    let names: Vec<String> = orx::change::checkpoint::list(&ws.repo)
        .map(|l| l.into_iter().map(|c| c.name).collect())
        .unwrap_or_default();
    Error::Usage(match names.as_slice() {
        [] => orx::msg!("there-no-checkpoint-roll-back"),
        [.., last] => orx::msg!(
            "name-checkpoint-roll-back-git",
            n = names.len(),
            names = names.join(", "),
            last = last
        ),
    })
}
