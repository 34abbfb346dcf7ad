//! `git orx checkpoint`

use orx::engine::store::Lock;
use orx::git::Repo;

use super::{BOLD, DIM, Ui, paint};

/// Save the work tree as a checkpoint (refs/orx/checkpoints/chk-...): HEAD
/// plus every uncommitted change and untracked file that is not ignored.
/// Your index, work tree and branch are not touched.
#[derive(clap::Args)]
pub struct Args {
    /// What the checkpoint is for.
    #[arg(short = 'm', long = "message", value_name = "MSG")]
    message: Option<String>,
    /// Say the checkpoint it would make, and write nothing.
    #[arg(long)]
    dry_run: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let repo = Repo::discover()?;
    if args.dry_run {
        let name = orx::change::checkpoint::next_name(&repo, &orx::repo::workspace::now())?;
        if ui.is_json() {
            ui.json(&super::output::checkpoint::Checkpoint {
                version: super::output::Version,
                checkpoint: name.clone(),
                dry_run: true,
            });
        } else {
            ui.line(ui.t(
                "would-make-checkpoint",
                &[
                    ("name", &paint(BOLD, &name)),
                    ("rest", &paint(DIM, ui.t("dry-run-nothing-written", &[]))),
                ],
            ));
        }
        return Ok(0);
    }
    let lock = Lock::acquire_within(&repo.orx_dir(), super::lock_wait(&repo)?)?;
    let name = orx::change::checkpoint::create(
        &repo,
        args.message.as_deref().unwrap_or_default(),
        &orx::repo::workspace::now(),
    )?;
    drop(lock);
    if ui.is_json() {
        ui.json(&super::output::checkpoint::Checkpoint {
            version: super::output::Version,
            checkpoint: name.clone(),
            dry_run: false,
        });
        return Ok(0);
    }
    ui.line(ui.t("checkpoint-name-2", &[("name", &paint(BOLD, &name))]));
    Ok(0)
}
