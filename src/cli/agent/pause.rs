//! `git orx agent pause`, `git orx agent resume`

use serde_json::json;

use super::{AgentChange, Ui};

pub fn run(ui: &mut Ui, args: AgentChange, pause: bool) -> orx::Result<u8> {
    let (ws, role) = crate::cli::open_as(ui, &args.change)?;
    let actor = args.change.actor(&role);
    let ap = orx::kinds::agent::plan_edit(
        &ws,
        &args.agent.name,
        &["pause"],
        |item| {
            if item["paused"].as_bool().unwrap_or(false) == pause {
                return Err(orx::Error::Usage(if pause {
                    orx::msg!("agent-paused-already")
                } else {
                    orx::msg!("agent-not-paused-already")
                }));
            }
            Ok((
                vec![orx::change::plan::set(&["paused"], json!(pause))],
                None,
            ))
        },
        actor,
    )?;
    super::execute(ui, &ws, ap, &args.change)?;
    Ok(0)
}
