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
        ui.json(&serde_json::json!({"version": 1, "checkpoints": list}));
        return Ok(0);
    }
    if list.is_empty() {
        ui.line("No checkpoints yet (`git orx checkpoint` makes one).");
        return Ok(0);
    }
    let here = repo.root().display().to_string();
    for c in &list {
        let elsewhere = c
            .worktree
            .as_ref()
            .filter(|w| **w != here)
            .map(|w| format!(" (work tree {w})"))
            .unwrap_or_default();
        ui.line(format!(
            "{} {} on {} {}{elsewhere}",
            paint(BOLD, &c.name),
            c.time,
            c.base.as_deref().unwrap_or("-"),
            escape(&c.message)
        ));
        match c.changed.len() {
            0 => ui.line(paint(DIM, "  same as HEAD")),
            n => {
                let shown: Vec<String> = c.changed.iter().take(5).map(|p| escape(p)).collect();
                let more = if n > 5 {
                    format!(", and {} more", n - 5)
                } else {
                    String::new()
                };
                ui.line(paint(
                    DIM,
                    format!(
                        "  {n} {} from HEAD: {}{more}",
                        if n == 1 {
                            "file differs"
                        } else {
                            "files differ"
                        },
                        shown.join(", ")
                    ),
                ));
            }
        }
    }
    Ok(0)
}
