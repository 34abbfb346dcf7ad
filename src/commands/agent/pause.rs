//! `git orx agent pause`, `git orx agent resume`

use serde_json::json;

use super::{AgentArg, Ui};

/// Pause the agent (暂停; PLANNING or EXECUTING): its work waits until it
/// resumes.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    agent: AgentArg,
    #[command(flatten)]
    change: crate::commands::ChangeArgs,
}

/// Resume a paused agent.
#[derive(clap::Args)]
pub struct ResumeArgs {
    #[command(flatten)]
    agent: AgentArg,
    #[command(flatten)]
    change: crate::commands::ChangeArgs,
}

impl From<ResumeArgs> for Args {
    fn from(a: ResumeArgs) -> Args {
        Args {
            agent: a.agent,
            change: a.change,
        }
    }
}

pub fn run(ui: &mut Ui, args: Args, pause: bool) -> orx::Result<u8> {
    let (ws, role) = crate::commands::open_as(ui, &args.change)?;
    let actor = args.change.actor(&role);
    let ap = orx::agent::plan_edit(
        &ws,
        &args.agent.name,
        &["pause"],
        |item| {
            if item["paused"].as_bool().unwrap_or(false) == pause {
                return Err(orx::Error::Usage(format!(
                    "the agent is {} already",
                    if pause { "paused" } else { "not paused" }
                )));
            }
            Ok((vec![(vec!["paused".to_owned()], json!(pause))], None))
        },
        actor,
    )?;
    super::execute(ui, &ws, ap, !args.change.no_commit)?;
    Ok(0)
}
