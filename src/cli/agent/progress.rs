//! `git orx agent progress`

use serde_json::{Value, json};

use super::{AgentChange, Ui};

/// Update the agent's progress in its context, as the context manager's
/// `update_progress` does: the fields the agent lifecycle keeps in the
/// frontmatter (`task_status`, `session_id`, `auto_fix_attempts`,
/// `last_checkpoint`). The change is judged like every other: a new
/// `task_status` is the move to that state (its trigger's guard, role and
/// effects), and a field only transitions change is refused unless the
/// move gives it that value. Triggers that only a command's outcome fires
/// (`agent check`, `agent archive`) are refused here as with `agent fire`.
#[derive(clap::Args)]
#[command(
    group(clap::ArgGroup::new("fields").required(true).multiple(true)),
    override_usage = "git orx agent progress [OPTIONS]\n       \
        <--task-status STATE | --session-id ID |\n        \
        --auto-fix-attempts N |\n        \
        --last-checkpoint NAME>..."
)]
pub struct Args {
    /// The state to move to (IDLE, PLANNING, CONFIRMING, EXECUTING,
    /// AUTO_FIX, BLOCKED, ARCHIVING).
    #[arg(long, value_name = "STATE", group = "fields")]
    task_status: Option<String>,
    /// The session the work belongs to.
    #[arg(long, value_name = "ID", group = "fields")]
    session_id: Option<String>,
    /// The number of failed automatic fixes, as the move leaves it.
    #[arg(long, value_name = "N", group = "fields")]
    auto_fix_attempts: Option<u64>,
    /// The last checkpoint, as the move leaves it (chk-YYYYMMDDHHMM).
    #[arg(long, value_name = "NAME", group = "fields")]
    last_checkpoint: Option<String>,
    #[command(flatten)]
    on: AgentChange,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = crate::cli::open_as(ui, &args.on.change)?;
    let (item, wf) = orx::kinds::agent::open(&ws, &args.on.agent.name)?;
    ui.acting_on(item.kind.name(), &item.id);
    let mut edits: Vec<orx::change::plan::Edit> = Vec::new();
    let mut field = |name: &str, value: Value| edits.push((vec![name.to_owned()], value));
    if let Some(s) = &args.session_id {
        field("session_id", json!(s));
    }
    if let Some(n) = args.auto_fix_attempts {
        field("auto_fix_attempts", json!(n));
    }
    if let Some(c) = &args.last_checkpoint {
        field("last_checkpoint", json!(c));
    }
    let actor = args.on.change.actor(&role);
    let to = args.task_status.as_deref().map(str::to_ascii_uppercase);
    // A new state is the move its trigger makes, as `agent fire` makes it
    // (the note it records, its actions), the fields given with it judged
    // against what the move leaves.
    let triggers: Vec<String> = match &to {
        Some(to) if *to != item.status => {
            let there: Vec<_> = wf
                .transitions_from(&item.status)
                .into_iter()
                .filter(|t| t.to == *to)
                .collect();
            orx::kinds::agent::refuse_outcome(&item, &there, to)?;
            let mut names: Vec<String> = there
                .iter()
                .filter(|t| t.outcome.is_none())
                .filter_map(|t| t.trigger.clone())
                .collect();
            names.dedup();
            names
        }
        _ => Vec::new(),
    };
    let plan = match (triggers.as_slice(), &to) {
        ([one], _) => orx::kinds::agent::plan_fire(&ws, &args.on.agent.name, one, edits, actor)?,
        ([], to) => {
            if let Some(to) = to {
                edits.insert(0, (vec![wf.state_field.clone()], json!(to)));
            }
            orx::change::state::plan_update(&ws, item, &edits, None, actor, Vec::new())?
        }
        (several, to) => {
            return Err(orx::Error::Usage(orx::msg!(
                "n-triggers-lead-triggers-fire",
                n = several.len(),
                from = &item.status,
                to = to.as_deref().unwrap_or_default(),
                triggers = several.join(", ")
            )));
        }
    };
    super::execute(ui, &ws, plan, &args.on.change)?;
    Ok(0)
}
