//! `git orx init`

use orx::setup::{self, Step};

use super::hooks::{Dirs, InstallArgs};
use super::{BOLD, Ui, paint};

/// Set this repository up for git-orx: `.orx/config.yaml` and the story
/// directory, and install the git hooks. Safe to run again: it keeps what
/// exists.
#[derive(clap::Args)]
pub struct Args {
    /// Language of handoff messages.
    #[arg(long, value_parser = ["en", "zh"])]
    lang: Option<String>,
    /// Do not install the git hooks (`git orx hooks install` does it later).
    #[arg(long, conflicts_with_all = ["hooks_outside_repo", "lefthook"])]
    no_hooks: bool,
    #[command(flatten)]
    hooks: InstallArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let repo = orx::git::Repo::discover()?;
    let dirs = Dirs::of(&repo)?;
    if !args.no_hooks {
        // Refused before anything is written.
        dirs.check(args.hooks)?;
    }
    let steps = setup::init(&repo, args.lang.as_deref())?;
    let fresh = steps
        .iter()
        .any(|s| matches!(s, Step::Created(p) if p.ends_with("config.yaml")));
    for s in &steps {
        match s {
            Step::Created(p) => ui.line(format!("created {}", paint(BOLD, p))),
            Step::Updated(p) => ui.line(format!("updated {}", paint(BOLD, p))),
            Step::Kept(p) => ui.line(format!("kept    {p}")),
        }
    }
    let mut added = vec![".orx".to_owned()];
    if !args.no_hooks {
        // Files of another hook tool that git-orx added to are committed
        // with the setup, so that every clone runs git-orx.
        added.extend(dirs.install(ui, args.hooks)?.1);
    }
    if fresh {
        ui.line("");
        ui.line("Next: commit the setup, then create a story:");
        ui.line(format!(
            "  git add {} && git commit -m 'Set up git-orx'",
            added.join(" ")
        ));
        ui.line("  git orx new \"User login\" --as sm");
    }
    Ok(0)
}
