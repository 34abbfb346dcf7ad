//! `git orx agent check`

use std::process::Command;

use super::{AgentChange, Ui};
use crate::cli::{BOLD, GREEN, RED, paint};

pub fn run(ui: &mut Ui, args: AgentChange) -> orx::Result<u8> {
    let (ws, role) = crate::cli::open_as(ui, &args.change)?;
    let (item, wf) = orx::kinds::agent::open(&ws, &args.agent.name)?;
    orx::kinds::agent::allows(&wf, &item, &["work", "fix"])?;
    orx::kinds::agent::refuse_paused(&item)?;
    let checks = ws.config.checks.clone();
    if checks.is_empty() {
        return Err(orx::Error::Usage(
            "no checks to run: list them under `checks:` in .orx/config.yaml (e.g. `- cargo test`)"
                .to_owned(),
        ));
    }
    let mut failed = Vec::new();
    for check in &checks {
        ui.line(paint(BOLD, format!("$ {}", orx::text::escape(check))));
        ui.flush();
        let status = Command::new("sh")
            .arg("-c")
            .arg(check)
            .current_dir(ws.root())
            .status();
        match status {
            Ok(s) if s.success() => ui.line(paint(GREEN, "passed")),
            Ok(s) => {
                ui.line(paint(
                    RED,
                    format!(
                        "failed{}",
                        s.code().map(|c| format!(" (exit {c})")).unwrap_or_default()
                    ),
                ));
                failed.push(check.clone());
            }
            Err(e) => {
                ui.line(paint(RED, format!("cannot run it: {e}")));
                failed.push(check.clone());
            }
        }
    }
    let passed = failed.is_empty();
    ui.line(if passed {
        paint(
            GREEN,
            match checks.len() {
                1 => "the check passed".to_owned(),
                n => format!("all {n} checks passed"),
            },
        )
    } else {
        paint(
            RED,
            match checks.len() {
                1 => "the check failed".to_owned(),
                n => format!("{} of {n} checks failed", failed.len()),
            },
        )
    });
    let actor = args.change.actor(&role);
    match orx::kinds::agent::plan_check(&ws, &args.agent.name, passed, &failed, actor)? {
        Some(ap) => super::execute(ui, &ws, ap, !args.change.no_commit)?,
        None => ui.line(format!(
            "agent {}: still {}; nothing to record",
            args.agent.name, item.status
        )),
    }
    Ok(if passed { 0 } else { 1 })
}
