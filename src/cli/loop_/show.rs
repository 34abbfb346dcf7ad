//! `git orx loop show`

use super::Ui;
use crate::cli::{BOLD, DIM, paint};
use orx::kinds::loops::{self, Found};
use orx::text::escape;

/// Show a loop: its fields, its skill's state, the fields derived from
/// them (develop progress, pending tasks, debugging done, validation
/// passed, overall progress; never stored) and the action it calls for
/// next. A loop in the legacy place (`.workflow/.loop/ID/state.json`) is
/// shown as legacy.
#[derive(clap::Args)]
pub struct Args {
    /// The loop's ID.
    #[arg(value_name = "ID")]
    id: String,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = crate::cli::open(ui)?;
    let (path, state, legacy) = match loops::find(&ws, &args.id)? {
        Found::Item(item) => (item.path.clone(), item.doc.to_value(), false),
        Found::Legacy { path, state } => (path, state, true),
    };
    let derived = loops::derived(&state);
    let next = if legacy {
        None
    } else {
        Some(loops::next_of(&ws, &state)?)
    };
    if ui.is_json() {
        ui.json(&crate::cli::output::loops::LoopShow {
            version: crate::cli::output::Version,
            loop_: args.id.clone(),
            path,
            legacy,
            state,
            derived,
            next,
        });
        return Ok(0);
    }
    let text = |k: &str| {
        loops::field(&state, k)
            .as_str()
            .map(escape)
            .unwrap_or_else(|| loops::field(&state, k).to_string())
    };
    ui.wrap(
        format!(
            "loop {} — {}{}",
            paint(BOLD, escape(&args.id)),
            text("title"),
            if legacy {
                ui.t("legacy", &[])
            } else {
                String::new()
            }
        ),
        2,
    );
    ui.line(ui.t("file-path", &[("path", &path)]));
    ui.line(ui.t("status-status", &[("status", &paint(BOLD, text("status")))]));
    ui.line(ui.t(
        "iteration-n-max",
        &[
            ("n", &text("current_iteration")),
            ("max", &text("max_iterations")),
        ],
    ));
    if !state["failure_reason"].is_null() && state.get("failure_reason").is_some() {
        ui.line(ui.t("failed-reason", &[("reason", &text("failure_reason"))]));
    }
    let develop = [
        (
            "done",
            &text("skill_state.develop.completed") as &dyn std::fmt::Display,
        ),
        ("total", &text("skill_state.develop.total")),
        ("pct", &format!("{:.0}", derived.develop_progress)),
    ];
    ui.wrap(
        if loops::field(&state, "skill_state.develop.total").is_null() {
            ui.t("develop-no-tasks-yet-skill", &[("id", &escape(&args.id))])
        } else if derived.has_pending_develop {
            ui.t("develop-done-total-tasks-pct-2", &develop)
        } else {
            ui.t("develop-done-total-tasks-pct", &develop)
        },
        15,
    );
    ui.line(if derived.debug_completed {
        ui.t(
            "debug-confirmed-hypothesis",
            &[(
                "hypothesis",
                &text("skill_state.debug.confirmed_hypothesis"),
            )],
        )
    } else {
        ui.t("debug-no-confirmed-hypothesis", &[])
    });
    let rate = text("skill_state.validate.pass_rate");
    ui.line(
        if loops::field(&state, "skill_state.validate.pass_rate").is_null() {
            ui.t("validate-not-run-yet", &[])
        } else if derived.validation_passed {
            ui.t("validate-passed-pass-rate-rate", &[("rate", &rate)])
        } else {
            ui.t("validate-not-passed-pass-rate", &[("rate", &rate)])
        },
    );
    ui.line(ui.t(
        "progress-pct",
        &[("pct", &format!("{:.1}", derived.overall_progress))],
    ));
    if let Some(n) = next {
        ui.wrap(paint(DIM, ui.t("next-action", &[("action", &n)])), 15);
    }
    Ok(0)
}
