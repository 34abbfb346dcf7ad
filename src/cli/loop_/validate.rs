//! `git orx loop validate`

use super::Ui;
use orx::kinds::loops::{self, Found, Problem};

/// Check a loop file: required fields, enums, types and the consistency
/// rules (completed but validation not passed; `develop.completed` not the
/// number of completed tasks; counts that disagree with their lists),
/// each at its line and column. Exits 4 when it finds a problem.
#[derive(clap::Args)]
pub struct Args {
    /// The loop's ID.
    #[arg(value_name = "ID")]
    id: String,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = crate::cli::open(ui)?;
    let (path, problems, legacy) = match loops::find(&ws, &args.id) {
        Ok(Found::Item(item)) => {
            let p = loops::problems(&ws, &item)?;
            (item.path.clone(), p, false)
        }
        Ok(Found::Legacy { path, state }) => (path, loops::legacy_problems(&state), true),
        Err(orx::Error::Item(e)) => (
            e.path.clone(),
            vec![Problem {
                line: e.pos.map(|p| p.0),
                column: e.pos.map(|p| p.1),
                field: String::new(),
                message: e.message.clone(),
            }],
            false,
        ),
        Err(e) => return Err(e),
    };
    if ui.is_json() {
        ui.json(&crate::cli::output::loops::LoopValidate {
            version: crate::cli::output::Version,
            loop_: args.id.clone(),
            path: path.clone(),
            legacy,
            valid: problems.is_empty(),
            problems: &problems,
        });
    } else {
        for p in &problems {
            let at = match (p.line, p.column) {
                (Some(l), Some(c)) => format!("{path}:{l}:{c}"),
                _ => path.clone(),
            };
            ui.line(format!("{at}: {}", ui.m(&p.message)));
        }
        let loop_ = if legacy {
            ui.t("loop-id-legacy", &[("id", &args.id)])
        } else {
            ui.t("loop-id", &[("id", &args.id)])
        };
        ui.line(ui.t(
            "loop-valid-or-problems",
            &[("loop", &loop_), ("n", &problems.len())],
        ));
    }
    Ok(if problems.is_empty() { 0 } else { 4 })
}
