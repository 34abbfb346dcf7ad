//! `git orx goal claim` (also spelled `git orx claim`)

use super::{ChangeArgs, Ui};

/// Claim a task of a goal's current round: a task item assigned to the
/// acting role (or, by the lead, to the role given with --for), linked to the goal, on branch `{type}/{id}-{brief}`, with
/// the steps of its type (.orx/steps.yaml, else the built-in ones).
#[derive(clap::Args)]
pub struct Args {
    /// The goal.
    goal: String,
    /// The task's title.
    title: String,
    /// A task of the same goal this one waits for (repeatable).
    #[arg(long, value_name = "TASK")]
    depends: Vec<String>,
    /// Assign it to this role instead of the acting one (the lead's
    /// directed assignment).
    #[arg(long = "for", value_name = "ROLE")]
    for_role: Option<String>,
    /// The task's type (default: the goal's).
    #[arg(long = "type", value_name = "TYPE")]
    kind: Option<String>,
    #[command(flatten)]
    change: ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = super::open_as(ui, &args.change)?;
    let assignee = args
        .for_role
        .as_deref()
        .map(|r| ws.check_role(r, orx::workflow::role::RoleSource::Filter))
        .transpose()?;
    let claim = orx::kinds::goal::Claim {
        title: args.title,
        depends: args.depends,
        kind: args.kind,
        issue: None,
        assignee,
    };
    let plan = orx::kinds::goal::plan_claim(&ws, &args.goal, &claim, args.change.actor(&role))?;
    if !args.change.dry_run {
        ui.line(plan.path());
    }
    super::run_plan(ui, &ws, &plan, &args.change, Default::default()).map(|_| 0)
}
