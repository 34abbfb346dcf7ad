//! `git orx agent check`

use std::process::Command;

use super::{AgentChange, Ui};
use crate::cli::{BOLD, GREEN, RED, paint};

/// The exit code of checks that ran and failed: not 1, which is a refusal.
pub const CHECKS_FAILED: u8 = 4;

pub fn run(ui: &mut Ui, args: AgentChange) -> orx::Result<u8> {
    let (ws, role) = crate::cli::open_as(ui, &args.change)?;
    let (item, wf) = orx::kinds::agent::open(&ws, &args.agent.name)?;
    orx::kinds::agent::allows(&wf, &item, &["work", "fix"])?;
    orx::kinds::agent::refuse_paused(&item)?;
    // Whatever the checks say must be recordable by this role: a refusal
    // is told before any check runs, with the refusal's exit code.
    {
        let actor = args.change.actor(&role);
        let name = &args.agent.name;
        let failing = orx::kinds::agent::plan_check(&ws, name, false, &[], actor);
        let passing = orx::kinds::agent::plan_check(&ws, name, true, &[], actor);
        if let (Err(e), Err(_)) = (failing, passing) {
            return Err(e);
        }
    }
    let checks = ws.config.checks.clone();
    if checks.is_empty() {
        // The command line was right; the repository has nothing to run.
        return Err(orx::Error::NothingToDo(orx::msg!("no-checks-to-run")));
    }
    let mut failed = Vec::new();
    for check in &checks {
        ui.line(paint(BOLD, format!("$ {}", orx::text::escape(check))));
        ui.flush();
        let mut command = Command::new("sh");
        command.arg("-c").arg(check).current_dir(ws.root());
        // Under --json, standard output carries only the result.
        if ui.is_json() {
            command.stdout(std::io::stderr());
        }
        let status = command.status();
        match status {
            Ok(s) if s.success() => ui.line(paint(GREEN, ui.t("passed", &[]))),
            Ok(s) => {
                ui.line(paint(
                    RED,
                    match s.code() {
                        Some(c) => ui.t("failed-exit-code", &[("code", &c)]),
                        None => ui.t("failed", &[]),
                    },
                ));
                failed.push(check.clone());
            }
            Err(e) => {
                ui.line(paint(RED, ui.t("cannot-run-e", &[("e", &e)])));
                failed.push(check.clone());
            }
        }
    }
    let passed = failed.is_empty();
    ui.line(if passed {
        paint(
            GREEN,
            match checks.len() {
                1 => ui.t("check-passed", &[]),
                n => ui.t("all-n-checks-passed", &[("n", &n)]),
            },
        )
    } else {
        paint(
            RED,
            match checks.len() {
                1 => ui.t("check-failed", &[]),
                n => ui.t("k-n-checks-failed", &[("k", &failed.len()), ("n", &n)]),
            },
        )
    });
    let actor = args.change.actor(&role);
    let result = crate::cli::output::ChangeExtra {
        checks: Some(crate::cli::output::change::Checks {
            passed,
            run: checks.clone(),
            failed: failed.clone(),
        }),
        ..Default::default()
    };
    match orx::kinds::agent::plan_check(&ws, &args.agent.name, passed, &failed, actor)? {
        Some(ap) => super::execute_with(ui, &ws, ap, &args.change, result)?,
        None if ui.is_json() => {
            ui.json(&crate::cli::output::Change {
                extra: result,
                ..crate::cli::output::Change::unchanged(
                    &item.id,
                    item.kind.name(),
                    &item.path,
                    &item.status,
                    &role,
                    args.change.dry_run,
                    crate::cli::next_moves(&item.kind, &item.status),
                )
            });
        }
        None => ui.line(ui.t(
            "agent-name-still-state-nothing",
            &[("name", &args.agent.name), ("state", &item.status)],
        )),
    }
    Ok(if passed { 0 } else { CHECKS_FAILED })
}
