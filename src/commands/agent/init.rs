//! `git orx agent init`

use orx::plan::{self, Actor};

use super::{AgentArg, Ui, report_change};

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
    let plan = orx::agent::plan_init(&ws, &args.agent.name, &args.acts_as, actor)?;
    let done = plan::execute(&ws, &plan, !args.change.no_commit)?;
    ui.line(&plan.path);
    report_change(ui, &plan, &done);
    Ok(0)
}
