//! `git orx task ...`

use std::process::Command;

use orx::kinds::goal;

use super::{ChangeArgs, GREEN, RED, Ui, paint};

/// A goal's tasks (made with `git orx goal claim`): start, submit for review,
/// the reviewer's verdict, the checks, giving up. A task is closed only by
/// the main line: a merge commit of its branch, or a commit carrying
/// `Closes: ID`, which `git orx goal tick` finds and records.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Start the task on its branch (refused while a task it depends on
    /// is not done).
    Start(On),
    /// Ask the reviewer for a review (after pushing the branch; a task
    /// with no branch yet has one made at HEAD).
    Submit(On),
    /// Record the reviewer's verdict: --approve, or --request-changes
    /// with -m saying which.
    Review(ReviewArgs),
    /// Run the checks listed under `checks:` in .orx/config.yaml (each with
    /// `sh -c` from the repository root) and record the result: a failure
    /// moves the task to ci-failed (the third, the task workflow's
    /// `max_ci_failures`, to failed), a pass there moves it back to
    /// in-progress. Exits 4 when a check failed.
    Check(On),
    /// Merge the approved task's branch into the main line and close the
    /// task (refused, with nothing merged, when it does not merge cleanly).
    Merge(super::task_merge::Args),
    /// Give the task up (failed), saying why with -m.
    Fail(On),
    /// Cancel the task, no longer needed (the lead or a human), saying why
    /// with -m; the round review counts it as cancelled.
    Cancel(On),
}

#[derive(clap::Args)]
struct On {
    /// The task.
    id: String,
    #[command(flatten)]
    change: ChangeArgs,
}

#[derive(clap::Args)]
struct ReviewArgs {
    /// The task.
    id: String,
    /// Approve it.
    #[arg(
        long,
        conflicts_with = "request_changes",
        required_unless_present = "request_changes"
    )]
    approve: bool,
    /// Ask for changes (say which with -m).
    #[arg(long)]
    request_changes: bool,
    #[command(flatten)]
    change: ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (on, trigger) = match args.action {
        Action::Start(on) => (on, "start"),
        Action::Submit(on) => (on, SUBMIT),
        Action::Fail(on) => (on, "fail"),
        Action::Cancel(on) => (on, "cancel"),
        Action::Review(r) => {
            ui.acting_on(goal::TASK, &r.id);
            let (ws, role) = super::open_as(ui, &r.change)?;
            let plan = goal::plan_review(&ws, &r.id, r.approve, r.change.actor(&role))
                .map_err(super::goal::with_flags)?;
            return super::run_plan(ui, &ws, &plan, &r.change, Default::default()).map(|_| 0);
        }
        Action::Check(on) => return check(ui, on),
        Action::Merge(m) => return super::task_merge::run(ui, m),
    };
    ui.acting_on(goal::TASK, &on.id);
    let (ws, role) = super::open_as(ui, &on.change)?;
    let plan = goal::plan_task(&ws, &on.id, trigger, Vec::new(), on.change.actor(&role))?;
    let done = super::run_plan(ui, &ws, &plan, &on.change, Default::default()).map(|_| 0)?;
    // A task submitted with no branch of its own has one from HEAD: what
    // was submitted, which the merge takes into the main line.
    if trigger == SUBMIT && !on.change.dry_run && !on.change.no_commit {
        goal::ensure_branch(&ws, &on.id)?;
    }
    Ok(done)
}

/// The trigger that submits a task for review.
const SUBMIT: &str = "submit";

fn check(ui: &mut Ui, on: On) -> orx::Result<u8> {
    let (ws, role) = super::open_as(ui, &on.change)?;
    let actor = on.change.actor(&role);
    // A role that may not record the result is refused before any check runs.
    if let (Err(e), Err(_)) = (
        goal::plan_check(&ws, &on.id, false, &[], actor),
        goal::plan_check(&ws, &on.id, true, &[], actor),
    ) {
        return Err(e);
    }
    let checks = ws.config.checks.clone();
    if checks.is_empty() {
        // The command line was right; the repository has nothing to run.
        return Err(orx::Error::NothingToDo(orx::msg!("no-checks-to-run")));
    }
    let mut failed = Vec::new();
    for c in &checks {
        ui.line(format!("$ {}", orx::text::escape(c)));
        ui.flush();
        let mut command = Command::new("sh");
        command.arg("-c").arg(c).current_dir(ws.root());
        if ui.is_json() {
            command.stdout(std::io::stderr());
        }
        match command.status() {
            Ok(s) if s.success() => ui.line(paint(GREEN, ui.t("passed", &[]))),
            _ => {
                ui.line(paint(RED, ui.t("failed", &[])));
                failed.push(c.clone());
            }
        }
    }
    let plan = goal::plan_check(&ws, &on.id, failed.is_empty(), &failed, actor)?;
    super::run_plan(ui, &ws, &plan, &on.change, Default::default()).map(|_| 0)?;
    Ok(if failed.is_empty() { 0 } else { 4 })
}
