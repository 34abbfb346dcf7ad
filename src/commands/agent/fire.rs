//! `git orx agent fire`, `git orx agent stop`

use super::{AgentArg, Ui};

/// Fire a trigger of seed 001 (USER_INPUT_REQUIREMENT, PRD_GENERATED,
/// USER_CONFIRM, USER_CANCEL, ERROR_DETECTED, FIX_SUCCESS, FIX_FAILED_3X,
/// HUMAN_INTERVENTION, ROLLBACK, ALL_TASKS_DONE, ARCHIVE_COMPLETE),
/// validated like a story move and committed. USER_CONFIRM makes a
/// checkpoint; ROLLBACK rolls the work back to the last one.
#[derive(clap::Args)]
pub struct Args {
    /// The trigger.
    trigger: String,
    #[command(flatten)]
    agent: AgentArg,
    #[command(flatten)]
    change: crate::commands::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    fire(
        ui,
        &args.agent.name,
        &args.trigger.to_ascii_uppercase(),
        &args.change,
    )
}

/// Stop auto-fixing (强制停止): the Human fires FIX_FAILED_3X before the
/// third failed attempt, and the agent is BLOCKED.
#[derive(clap::Args)]
pub struct StopArgs {
    #[command(flatten)]
    agent: AgentArg,
    #[command(flatten)]
    change: crate::commands::ChangeArgs,
}

pub fn stop(ui: &mut Ui, args: StopArgs) -> orx::Result<u8> {
    let ws = crate::commands::open(ui)?;
    let (item, wf) = orx::agent::open(&ws, &args.agent.name)?;
    orx::agent::allows(&wf, &item, &["force-stop"])?;
    fire(ui, &args.agent.name, "FIX_FAILED_3X", &args.change)
}

fn fire(
    ui: &mut Ui,
    name: &str,
    trigger: &str,
    change: &crate::commands::ChangeArgs,
) -> orx::Result<u8> {
    let (ws, role) = crate::commands::open_as(ui, change)?;
    let actor = change.actor(&role);
    let ap = orx::agent::plan_fire(&ws, name, trigger, Vec::new(), actor)?;
    super::execute(ui, &ws, ap, !change.no_commit)?;
    Ok(0)
}
