//! `git orx loop ...`: development loops (`.loop/{id}.json`), the
//! dashboard's commands (new, pause, resume, stop), the skill's actions
//! (act), and show, validate, recover.

mod act;
mod new;
mod pause;
mod recover;
mod show;
mod stop;
mod validate;

use orx::change::plan::{self, Plan};

use super::{Ui, report_change};

/// Development loops (develop, debug, validate) in `.loop/{id}.json`
///
/// A loop is shared by a dashboard (role human, also called api: the
/// loop's own fields) and an agent skill (role skill: `skill_state`),
/// enforced like every kind by the commands, the hooks and `verify`.
/// `git orx run ID --exec COMMAND --as skill` drives one.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    New(new::Args),
    /// Pause a running loop (the dashboard's control signal): the skill
    /// stops before its next action.
    Pause(LoopChange),
    /// Resume a paused loop.
    Resume(LoopChange),
    Stop(stop::Args),
    Show(show::Args),
    Validate(validate::Args),
    Recover(recover::Args),
    Act(act::Args),
}

/// Which loop, and the options of a change to it.
#[derive(clap::Args)]
pub struct LoopChange {
    /// The loop's ID (`loop-v2-20260122-abc123`).
    #[arg(value_name = "ID")]
    pub id: String,
    #[command(flatten)]
    pub change: crate::cli::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    match args.action {
        Action::New(a) => new::run(ui, a),
        Action::Pause(a) => pause::run(ui, a, orx::kinds::loops::Control::Pause),
        Action::Resume(a) => pause::run(ui, a, orx::kinds::loops::Control::Resume),
        Action::Stop(a) => stop::run(ui, a),
        Action::Show(a) => show::run(ui, a),
        Action::Validate(a) => validate::run(ui, a),
        Action::Recover(a) => recover::run(ui, a),
        Action::Act(a) => act::run(ui, a),
    }
}

/// Executes a loop plan (unless `--dry-run`) and prints what happened,
/// with the command's own fields for `--json`.
pub fn execute(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    plan: &Plan,
    change: &crate::cli::ChangeArgs,
    extra: crate::cli::output::ChangeExtra,
) -> orx::Result<()> {
    if change.dry_run {
        report_change(ui, plan, None, extra);
        return Ok(());
    }
    let done = plan::execute(ws, plan, !change.no_commit)?;
    report_change(ui, plan, Some(&done), extra);
    Ok(())
}
