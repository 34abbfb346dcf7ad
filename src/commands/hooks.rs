//! `git orx hooks install|uninstall|status`

use orx::git::Repo;
use orx::hooks::{self, HookState, Step};

use super::{BOLD, GREEN, RED, Ui, YELLOW, paint};

/// Manage the git hooks that enforce the rules on every commit.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Install the hook shims (a hook you already have is kept and runs first).
    Install,
    /// Remove the shims and put back the hooks that were there before.
    Uninstall,
    /// Show each hook: installed, outdated, missing or someone else's.
    Status,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let repo = Repo::discover()?;
    let dir = repo.hooks_dir()?;
    match args.action {
        Action::Install => {
            for s in hooks::install(&dir, &repo.orx_dir())? {
                ui.line(describe(&s));
            }
            Ok(0)
        }
        Action::Uninstall => {
            for s in hooks::uninstall(&dir, &repo.orx_dir())? {
                ui.line(describe(&s));
            }
            Ok(0)
        }
        Action::Status => {
            ui.line(format!("hooks directory: {}", dir.display()));
            let mut missing = false;
            for s in hooks::status(&dir) {
                let state = match s.state {
                    HookState::Installed { chained: false } => paint(GREEN, "installed"),
                    HookState::Installed { chained: true } => paint(
                        GREEN,
                        format!("installed (runs your {}{} first)", s.name, hooks::SAVED),
                    ),
                    HookState::Outdated => {
                        missing = true;
                        paint(YELLOW, "outdated: run `git orx hooks install`")
                    }
                    HookState::Missing => {
                        missing = true;
                        paint(RED, "missing: run `git orx hooks install`")
                    }
                    HookState::Foreign => {
                        missing = true;
                        paint(
                            RED,
                            "not installed (a hook of yours is there; `git orx hooks install` keeps it)",
                        )
                    }
                };
                ui.line(format!("  {:<21} {state}", s.name));
            }
            Ok(u8::from(missing))
        }
    }
}

pub fn describe(s: &Step) -> String {
    match s {
        Step::Installed { name, kept: false } => format!("installed {}", paint(BOLD, name)),
        Step::Installed { name, kept: true } => format!(
            "installed {} (your hook was kept as {name}{} and runs first)",
            paint(BOLD, name),
            hooks::SAVED
        ),
        Step::Updated(name) => format!("updated   {}", paint(BOLD, name)),
        Step::Unchanged(name) => format!("kept      {name}"),
        Step::Removed {
            name,
            restored: true,
        } => format!("removed   {} (your hook is back)", paint(BOLD, name)),
        Step::Removed {
            name,
            restored: false,
        } => format!("removed   {}", paint(BOLD, name)),
        Step::Absent(name) => format!("absent    {name}"),
    }
}
