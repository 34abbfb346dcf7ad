//! `git orx agent show`

use orx::text::escape;
use serde_json::Value;

use super::{AgentArg, Ui};
use crate::cli::{BOLD, DIM, GREEN, RED, paint};

/// Show an agent: its state and whom it waits for, the session's
/// requirement and task queue, the auto-fix attempts, the last checkpoint
/// and check, what the state allows, and every trigger from here with its
/// conditions.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    agent: AgentArg,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = crate::cli::open(ui)?;
    let (item, wf) = orx::kinds::agent::open(&ws, &args.agent.name)?;
    let view = orx::engine::validate::view(&wf, Some(&item.value()));
    let state = wf.state(&item.status);
    let allowed: Vec<orx::workflow::Operation> = state
        .map(|s| s.operations.iter().map(|o| wf.operation(o)).collect())
        .unwrap_or_default();
    let d = orx::board::report::detail_of(&ws, item, None)?;
    if ui.is_json() {
        use crate::cli::output::board::{AgentShow, Operation};
        ui.json(&AgentShow {
            detail: d,
            version: crate::cli::output::Version,
            operations: allowed
                .into_iter()
                .map(|o| Operation {
                    description: o.desc.unwrap_or_default(),
                    name: o.name,
                })
                .collect(),
        });
        return Ok(0);
    }
    let s = &d.summary;
    let text = |k: &str| view[k].as_str().map(escape);
    ui.line(ui.t(
        "agent-id-acts-role",
        &[
            ("id", &paint(BOLD, escape(&s.id))),
            ("role", &ui.role(view["acts_as"].as_str().unwrap_or("?"))),
        ],
    ));
    ui.line(ui.t("file-path", &[("path", &s.path)]));
    ui.line(
        ui.t(
            "state-state-waits-role",
            &[
                ("state", &paint(BOLD, &s.status)),
                (
                    "role",
                    &s.waits_for
                        .as_deref()
                        .map(|r| ui.role(r))
                        .unwrap_or_else(|| ui.t("nobody", &[])),
                ),
            ],
        ),
    );
    if let Some(h) = &s.handoff {
        ui.wrap(
            ui.t("next-text-2", &[("text", &paint(GREEN, escape(h)))]),
            15,
        );
    }
    if view["paused"] == Value::Bool(true) {
        ui.line(format!("  {}", paint(RED, ui.t("paused", &[]))));
    }
    if let Some(session) = text("session_id") {
        ui.line(ui.t("session-id", &[("id", &session)]));
    }
    if let Some(r) = text("requirement") {
        ui.wrap(ui.t("requirement-text", &[("text", &r)]), 15);
    }
    let tasks = orx::kinds::agent::tasks(&view);
    if !tasks.is_empty() {
        let open = orx::kinds::agent::open_tasks(&tasks);
        ui.line(ui.t(
            "tasks-done-total-done-skipped",
            &[("done", &(tasks.len() - open)), ("total", &tasks.len())],
        ));
        for (i, t) in tasks.iter().enumerate() {
            let mark = match t["status"].as_str() {
                Some("done") => "x",
                Some("skipped") => "-",
                _ => " ",
            };
            ui.wrap(
                format!(
                    "    {}. [{mark}] {}",
                    i + 1,
                    escape(t["title"].as_str().unwrap_or_default())
                ),
                11,
            );
        }
    }
    ui.line(ui.t(
        "auto-fix-n-max-attempts",
        &[
            ("n", &view["auto_fix_attempts"].as_u64().unwrap_or(0)),
            ("max", &wf.params["max_fix_attempts"]),
        ],
    ));
    ui.line(match text("last_checkpoint") {
        Some(name) => ui.t("checkpoint-name", &[("name", &name)]),
        None => ui.t("checkpoint-none-yet", &[]),
    });
    if let Some(passed) = view["last_check"]["passed"].as_bool() {
        let failed: Vec<&str> = view["last_check"]["failed"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let rest = format!(
            "{}{}",
            view["last_check"]["at"].as_str().unwrap_or("?"),
            if failed.is_empty() {
                String::new()
            } else {
                format!(" ({})", escape(&failed.join(", ")))
            }
        );
        ui.line(if passed {
            ui.t("last-check-passed-rest", &[("rest", &rest)])
        } else {
            ui.t("last-check-failed-rest", &[("rest", &rest)])
        });
    }
    ui.line(ui.t("allowed-while-state-2", &[("state", &s.status)]));
    for o in &allowed {
        let desc = o.said().map(|d| ui.m(&d)).unwrap_or_default();
        ui.wrap(format!("  {:<20} {}", o.name, paint(DIM, desc)), 23);
    }
    if !d.moves.is_empty() {
        ui.line(ui.t("triggers-state", &[("state", &s.status)]));
        for m in &d.moves {
            let as_role = ui.role(&m.judged_as);
            let verdict = if m.allowed {
                paint(GREEN, ui.t("allowed-role", &[("role", &as_role)]))
            } else {
                paint(RED, ui.t("not-allowed-role", &[("role", &as_role)]))
            };
            ui.line(format!(
                "  {:<22} -> {:<12} [{}] {verdict}",
                m.trigger.as_deref().unwrap_or("-"),
                m.to,
                ui.roles(&m.roles)
            ));
            for c in &m.conditions {
                let mark = if c.holds {
                    paint(GREEN, "✓")
                } else {
                    paint(RED, "✗")
                };
                ui.wrap(format!("       {mark} {}", escape(ui.desc(c))), 9);
            }
        }
    }
    Ok(0)
}
