//! `git orx agent init`

use super::{AgentArg, Ui};

/// Create an agent's context (`.orx/active_context.md`, or
/// `.orx/agents/NAME.md`), IDLE, and commit it. The Human sets agents up.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    agent: AgentArg,
    /// The role the agent acts as (its own work is done as this role).
    #[arg(long, value_name = "ROLE", default_value = "dev")]
    acts_as: String,
    #[command(flatten)]
    change: crate::cli::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = crate::cli::open_as(ui, &args.change)?;
    let actor = args.change.actor(&role);
    let plan = orx::kinds::agent::plan_init(&ws, &args.agent.name, &args.acts_as, actor)?;
    if args.change.dry_run {
        crate::cli::report_change(ui, &plan, None, Default::default());
        return Ok(0);
    }
    // The path is told once the context is committed.
    let done = orx::change::plan::execute(&ws, &plan, !args.change.no_commit)?;
    ui.line(plan.path());
    crate::cli::report_change(ui, &plan, Some(&done), Default::default());
    Ok(0)
}
