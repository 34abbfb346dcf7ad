//! `git orx loop recover`

use super::Ui;

/// Rebuild a corrupt loop file: the loop's own fields from the last
/// commit holding a valid version of it, `skill_state`'s develop, debug
/// and validate parts from the progress files (the tasks from the task
/// list), the rest from that commit. Lists what it could not recover.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    target: super::LoopChange,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let change = &args.target.change;
    let (ws, role) = crate::cli::open_as(ui, change)?;
    let r = orx::kinds::loops::plan_recover(&ws, &args.target.id, change.actor(&role))?;
    let extra = crate::cli::output::ChangeExtra {
        recovered: Some(r.recovered.iter().map(ToString::to_string).collect()),
        lost: Some(r.lost.iter().map(ToString::to_string).collect()),
        from_commit: Some(r.commit.clone()),
        ..Default::default()
    };
    super::execute(ui, &ws, &r.plan, change, extra)?;
    if !ui.is_json() {
        for line in &r.recovered {
            ui.line(format!("  recovered: {}", ui.m(line)));
        }
        for line in &r.lost {
            ui.line(format!("  lost:      {}", ui.m(line)));
        }
    }
    Ok(0)
}
