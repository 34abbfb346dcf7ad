//! `git orx agent archive`

use orx::plan::Actor;

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
    let ws = crate::commands::open(ui)?;
    let role = crate::commands::role(&ws, &args.change.role)?;
    let actor = Actor {
        role: &role,
        note: args.change.note.as_deref(),
        force: None,
    };
    let ap = orx::agent::plan_archive(&ws, &args.agent.name, actor)?;
    super::execute(ui, &ws, ap, !args.change.no_commit)?;
    Ok(0)
}
