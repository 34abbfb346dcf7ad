//! `git orx loop stop`

use super::Ui;
use orx::kinds::loops::Control;

/// Stop a loop (the dashboard's control signal): it fails, with the
/// reason given, and the skill stops before its next action.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    target: super::LoopChange,
    /// Why it is stopped (recorded as `failure_reason`).
    #[arg(long, value_name = "TEXT")]
    reason: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    ui.acting_on(orx::kinds::loops::KIND, &args.target.id);
    let change = &args.target.change;
    let (ws, role) = crate::cli::open_as(ui, change)?;
    let plan = orx::kinds::loops::plan_control(
        &ws,
        &args.target.id,
        Control::Stop,
        args.reason.as_deref(),
        change.actor(&role),
    )?;
    super::execute(ui, &ws, &plan, change, Default::default())?;
    Ok(0)
}
