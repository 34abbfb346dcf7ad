//! `git orx task merge`

use orx::kinds::goal;

use super::{ChangeArgs, Ui};

/// Merge an approved task's branch into the main line (`git config
/// orx.mainBranch`, else `main`; HEAD must be on it) with a merge commit
/// naming the branch and carrying `Closes: ID`, then close the task
/// (done, the commit recorded in `closed_by`). When the main line holds
/// the branch already, the close is a commit carrying `Closes: ID`.
/// Refused, with nothing merged, when the task is not approved, the
/// branch does not exist or does not merge cleanly.
#[derive(clap::Args)]
pub struct Args {
    /// The task.
    id: String,
    /// Acting role (else ORX_ROLE, else `git config orx.role`).
    #[arg(long = "as", value_name = "ROLE")]
    role: Option<String>,
    /// A note, kept in the commit message of the task's close.
    #[arg(short = 'm', long = "message", value_name = "NOTE")]
    note: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    ui.acting_on(goal::TASK, &args.id);
    let change = ChangeArgs {
        role: args.role,
        note: args.note,
        no_commit: false,
        dry_run: false,
    };
    let (ws, role) = super::open_as(ui, &change)?;
    let main = ws
        .repo
        .config_value("orx.mainBranch")
        .unwrap_or_else(|| "main".to_owned());
    let plan = goal::plan_merge(&ws, &args.id, change.actor(&role), &main)?;
    super::run_plan(ui, &ws, &plan, &change, Default::default()).map(|_| 0)
}
