//! `git orx agent archive`

use super::{AgentChange, Ui};

pub fn run(ui: &mut Ui, args: AgentChange) -> orx::Result<u8> {
    let (ws, role) = crate::cli::open_as(ui, &args.change)?;
    let actor = args.change.actor(&role);
    let ap = orx::kinds::agent::plan_archive(&ws, &args.agent.name, actor)?;
    super::execute(ui, &ws, ap, &args.change)?;
    Ok(0)
}
