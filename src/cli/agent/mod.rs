//! `git orx agent ...`: the agent state machine.

mod archive;
mod check;
mod fire;
mod init;
mod pause;
mod progress;
mod show;
mod task;

use orx::change::plan::{self, Plan};
use orx::kinds::agent;

use super::{DIM, Ui, paint, report_change};

/// The agent lifecycle (IDLE, PLANNING, CONFIRMING, EXECUTING,
/// AUTO_FIX, BLOCKED, ARCHIVING), kept in `.orx/active_context.md` (or
/// `.orx/agents/NAME.md` with --agent NAME) and enforced like stories.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    Init(init::Args),
    Show(show::Args),
    Fire(fire::Args),
    /// Run the checks listed under `checks:` in .orx/config.yaml (each with
    /// `sh -c`, from the repository root, showing its output) and act on the
    /// result as the agent lifecycle says: in EXECUTING a failure fires ERROR_DETECTED;
    /// in AUTO_FIX a pass fires FIX_SUCCESS (with a checkpoint of the green
    /// state) and a failure counts an attempt, the third in a row firing
    /// FIX_FAILED_3X. Exits 0 when every check passed, 4 when one failed;
    /// a refusal (a state that runs no checks, a role that may not record
    /// them) exits 1 before any check runs.
    Check(AgentChange),
    Task(task::Args),
    Progress(progress::Args),
    /// Write the session's summary (requirement, tasks, last checkpoint) into
    /// the context's body and fire ARCHIVE_COMPLETE (ARCHIVING -> IDLE).
    Archive(AgentChange),
    /// Pause the agent (PLANNING or EXECUTING): its work waits until it
    /// resumes.
    Pause(AgentChange),
    /// Resume a paused agent.
    Resume(AgentChange),
    /// Stop auto-fixing: the Human fires FIX_FAILED_3X before the
    /// third failed attempt, and the agent is BLOCKED.
    Stop(AgentChange),
}

/// Which agent: `--agent NAME`, the default agent otherwise.
#[derive(clap::Args)]
pub struct AgentArg {
    /// The agent (default: the one in .orx/active_context.md).
    #[arg(long = "agent", value_name = "NAME", default_value = agent::DEFAULT)]
    pub name: String,
}

/// Which agent, and the options of a change to it.
#[derive(clap::Args)]
pub struct AgentChange {
    #[command(flatten)]
    pub agent: AgentArg,
    #[command(flatten)]
    pub change: crate::cli::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    match args.action {
        Action::Init(a) => init::run(ui, a),
        Action::Show(a) => show::run(ui, a),
        Action::Fire(a) => fire::run(ui, a),
        Action::Check(a) => check::run(ui, a),
        Action::Task(a) => task::run(ui, a),
        Action::Progress(a) => progress::run(ui, a),
        Action::Archive(a) => archive::run(ui, a),
        Action::Pause(a) => pause::run(ui, a, true),
        Action::Resume(a) => pause::run(ui, a, false),
        Action::Stop(a) => fire::stop(ui, a),
    }
}

/// Executes an agent plan and prints what happened: the transition, the
/// checkpoint or rollback that came with it, the handoff.
pub fn execute(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    plan: Plan,
    change: &crate::cli::ChangeArgs,
) -> orx::Result<()> {
    execute_with(ui, ws, plan, change, Default::default())
}

/// [`execute`], with the command's own fields for `--json`.
pub fn execute_with(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    plan: Plan,
    change: &crate::cli::ChangeArgs,
    extra: crate::cli::output::ChangeExtra,
) -> orx::Result<()> {
    if change.dry_run {
        report_change(ui, &plan, None, extra);
        return Ok(());
    }
    let role = plan.role().to_ascii_lowercase();
    let done = plan::execute(ws, &plan, !change.no_commit)?;
    if let Some(r) = &done.rollback {
        ui.line(match r.changed.len() {
            1 => ui.t(
                "rolled-back-file-restored-removed",
                &[("commit", &r.commit)],
            ),
            n => ui.t(
                "rolled-back-n-files-restored",
                &[("n", &n), ("commit", &r.commit)],
            ),
        });
        ui.line(paint(
            DIM,
            ui.t(
                "state-before-saved-name-git",
                &[("name", &r.saved), ("name2", &r.saved), ("role", &role)],
            ),
        ));
    }
    if let Some(c) = &done.checkpoint {
        ui.line(paint(DIM, ui.t("checkpoint-name-2", &[("name", &c)])));
    }
    report_change(ui, &plan, Some(&done), extra);
    Ok(())
}
