//! `git orx checkpoints`

use orx::git::Repo;
use orx::text::escape;

use super::{BOLD, DIM, Ui, paint};

/// List the checkpoints: name, time, the commit they were made on, what
/// for, and the files that differ from HEAD now.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(ui: &mut Ui, _args: Args) -> orx::Result<u8> {
    let repo = Repo::discover()?;
    let list = orx::change::checkpoint::list(&repo)?;
    if ui.is_json() {
        ui.json(&super::output::checkpoint::Checkpoints {
            version: super::output::Version,
            checkpoints: &list,
        });
        return Ok(0);
    }
    if list.is_empty() {
        ui.line(ui.t("no-checkpoints-yet-git-orx", &[]));
        return Ok(0);
    }
    let here = repo.root().display().to_string();
    for c in &list {
        let elsewhere = c
            .worktree
            .as_ref()
            .filter(|w| **w != here)
            .map(|w| ui.t("work-tree-path", &[("path", &w)]))
            .unwrap_or_default();
        let line = ui.t(
            "name-time-base-message",
            &[
                ("name", &paint(BOLD, &c.name)),
                ("time", &c.time),
                ("base", &c.base.as_deref().unwrap_or("-")),
                ("message", &escape(&c.message)),
            ],
        );
        ui.line(format!("{line}{elsewhere}"));
        match c.changed.len() {
            0 => ui.line(paint(DIM, ui.t("same-head", &[]))),
            n => {
                let shown: Vec<String> = c.changed.iter().take(5).map(|p| escape(p)).collect();
                let more = if n > 5 {
                    ui.t("n-more-2", &[("n", &(n - 5))])
                } else {
                    String::new()
                };
                ui.line(paint(
                    DIM,
                    ui.t(
                        if n == 1 {
                            "file-differs-head-filesmore"
                        } else {
                            "n-files-differ-head-filesmore"
                        },
                        &[("n", &n), ("files", &shown.join(", ")), ("more", &more)],
                    ),
                ));
            }
        }
    }
    Ok(0)
}
