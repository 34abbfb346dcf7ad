//! `git orx agent fire`, `git orx agent stop`

use super::{AgentChange, Ui};

/// Fire a trigger of the agent lifecycle (USER_INPUT_REQUIREMENT, PRD_GENERATED,
/// USER_CONFIRM, USER_CANCEL, ERROR_DETECTED, FIX_SUCCESS, FIX_FAILED_3X,
/// HUMAN_INTERVENTION, ROLLBACK, ALL_TASKS_DONE), validated like a story
/// move and committed. The outcomes of `agent check` (ERROR_DETECTED,
/// FIX_SUCCESS, FIX_ATTEMPT_FAILED, FIX_FAILED_3X) and of `agent archive`
/// (ARCHIVE_COMPLETE) are fired by those commands, not by hand. USER_CONFIRM makes a
/// checkpoint; ROLLBACK rolls the work back to the last one and archives
/// the session (IDLE has no active task).
#[derive(clap::Args)]
pub struct Args {
    /// The trigger.
    trigger: String,
    #[command(flatten)]
    on: AgentChange,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = crate::cli::open_as(ui, &args.on.change)?;
    let trigger = args.trigger.to_ascii_uppercase();
    // A trigger only a command's outcome fires (the workflow's `outcome:`)
    // is refused by hand: firing it would skip what the command does.
    let (item, wf) = orx::kinds::agent::open(&ws, &args.on.agent.name)?;
    let from_here: Vec<_> = wf
        .transitions_from(&item.status)
        .into_iter()
        .filter(|t| t.trigger.as_deref() == Some(trigger.as_str()))
        .collect();
    orx::kinds::agent::refuse_outcome(&item, &from_here, &trigger)?;
    fire(ui, &ws, &role, &args.on, &trigger)
}

/// `agent stop`: FIX_FAILED_3X, where the state allows a forced stop.
pub fn stop(ui: &mut Ui, args: AgentChange) -> orx::Result<u8> {
    let ws = crate::cli::open(ui)?;
    let (item, wf) = orx::kinds::agent::open(&ws, &args.agent.name)?;
    orx::kinds::agent::allows(&wf, &item, &["force-stop"])?;
    let role = crate::cli::role(ui, &ws, &args.change.role)?;
    fire(ui, &ws, &role, &args, "FIX_FAILED_3X")
}

fn fire(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    role: &str,
    args: &AgentChange,
    trigger: &str,
) -> orx::Result<u8> {
    let actor = args.change.actor(role);
    let ap = orx::kinds::agent::plan_fire(ws, &args.agent.name, trigger, Vec::new(), actor)?;
    super::execute(ui, ws, ap, &args.change)?;
    Ok(0)
}
