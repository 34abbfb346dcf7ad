//! `git orx agent archive`

use super::{AgentArg, Ui};

/// Write the session's summary (requirement, tasks, last checkpoint) into
/// the context's body and fire ARCHIVE_COMPLETE (ARCHIVING -> IDLE).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    agent: AgentArg,
    #[command(flatten)]
    change: crate::commands::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = crate::commands::open_as(ui, &args.change)?;
    let actor = args.change.actor(&role);
    let ap = orx::agent::plan_archive(&ws, &args.agent.name, actor)?;
    super::execute(ui, &ws, ap, !args.change.no_commit)?;
    Ok(0)
}
