//! `git orx hooks install|uninstall|status`

use std::path::{Path, PathBuf};

use orx::git::Repo;
use orx::hooks::tools::{self, Options, Outcome, Place};
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
    /// Install the hooks: shims where git looks for hooks (a hook you
    /// already have is kept and runs first), or, where husky, the
    /// pre-commit framework or lefthook manages the hooks, as one of its
    /// hooks.
    Install(InstallArgs),
    /// Remove the shims and put back the hooks that were there before.
    Uninstall(UninstallArgs),
    /// Show each hook: installed, outdated, missing or someone else's.
    Status,
}

/// What `install` (and `init`) may do beyond the default.
#[derive(clap::Args, Clone, Copy, Default)]
pub struct InstallArgs {
    /// Install even though core.hooksPath points outside this repository
    /// (a global hooks directory): every repository using it will then run
    /// git-orx's hooks.
    #[arg(long)]
    pub hooks_outside_repo: bool,
    /// Add git-orx's entries to lefthook's config (lefthook.yml) instead of
    /// only printing them.
    #[arg(long)]
    pub lefthook: bool,
    /// Say what it would create, install, update and keep; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// What `uninstall` may do beyond the default.
#[derive(clap::Args, Clone, Copy, Default)]
pub struct UninstallArgs {
    /// Say which shims it would remove; write nothing.
    #[arg(long)]
    dry_run: bool,
}

impl InstallArgs {
    fn options(self) -> Options {
        Options {
            outside: self.hooks_outside_repo,
            lefthook: self.lefthook,
        }
    }
}

/// The repository's hook directories, for [`Place`].
pub struct Dirs {
    root: PathBuf,
    common: PathBuf,
    hooks: PathBuf,
    state: PathBuf,
}

impl Dirs {
    pub fn of(repo: &Repo) -> orx::Result<Dirs> {
        let state = repo.orx_dir();
        let common = state.parent().map(Path::to_path_buf).unwrap_or_default();
        Ok(Dirs {
            root: repo.root().to_path_buf(),
            common,
            hooks: repo.hooks_dir()?,
            state,
        })
    }

    pub fn place(&self) -> Place<'_> {
        Place {
            root: &self.root,
            common_dir: &self.common,
            dir: &self.hooks,
            state_dir: &self.state,
        }
    }

    /// Refuses (before `init` writes anything) a hooks directory outside
    /// the repository, unless asked.
    pub fn check(&self, args: InstallArgs) -> orx::Result<()> {
        tools::check_inside(&self.place(), args.hooks_outside_repo)
    }

    /// Installs and prints what was done: whether every hook runs
    /// git-orx, and the files of the work tree it added git-orx to (each
    /// by its top directory or file, for `git add`).
    pub fn install(&self, ui: &mut Ui, args: InstallArgs) -> orx::Result<(bool, Vec<String>)> {
        let outcome = tools::install(&self.place(), args.options())?;
        self.print(ui, &outcome);
        merge_driver(ui)?;
        let mut files: Vec<String> = Vec::new();
        for s in &outcome.steps {
            if let Step::Added { file, .. } = s
                && let Ok(rel) = file.strip_prefix(&self.root)
                && let Some(top) = rel.components().next()
            {
                let top = top.as_os_str().to_string_lossy().into_owned();
                if !files.contains(&top) {
                    files.push(top);
                }
            }
        }
        Ok((!outcome.incomplete(), files))
    }

    /// What `install` would do, read from each hook's status: nothing is
    /// written (`--dry-run`). Refused as `install` would be for a hooks
    /// directory outside the repository.
    pub fn would_install(&self, ui: &mut Ui, args: InstallArgs) -> orx::Result<()> {
        let place = self.place();
        tools::check_inside(&place, args.hooks_outside_repo)?;
        let (found, statuses) = tools::status(&place);
        if let Some(f) = &found {
            ui.line(ui.t(
                "hooks-tool-would-manage",
                &[("tool", &f.tool), ("file", &self.rel(&f.file))],
            ));
        }
        for s in statuses {
            let name = &s.name;
            ui.line(match s.state {
                HookState::Installed { .. } => ui.t("kept-aligned-path", &[("path", &name)]),
                HookState::Via { tool, .. } => {
                    ui.t("kept-aligned-via", &[("path", &name), ("tool", &tool)])
                }
                HookState::NotRun { tool, .. } => ui.t(
                    "would-add-to-hooks",
                    &[("path", &paint(BOLD, name)), ("tool", &tool)],
                ),
                HookState::Outdated => ui.t("would-update-path", &[("path", &paint(BOLD, name))]),
                HookState::Missing => ui.t("would-install-path", &[("path", &paint(BOLD, name))]),
                HookState::Foreign => ui.t(
                    "hooks-would-install-keep-yours",
                    &[
                        ("name", &paint(BOLD, name)),
                        ("saved", &format!("{name}{}", hooks::SAVED)),
                    ],
                ),
            });
        }
        Ok(())
    }

    fn rel<'p>(&self, p: &'p Path) -> std::borrow::Cow<'p, str> {
        match p.strip_prefix(&self.root) {
            Ok(r) if !r.as_os_str().is_empty() => r.to_string_lossy(),
            _ => p.to_string_lossy(),
        }
    }

    fn print(&self, ui: &mut Ui, outcome: &Outcome) {
        if let Some(f) = &outcome.found {
            ui.line(ui.t(
                "hooks-tool-manages",
                &[("tool", &f.tool), ("file", &self.rel(&f.file))],
            ));
        }
        for s in &outcome.steps {
            ui.line(self.describe(ui.voice(), s));
        }
        if let Some(advice) = &outcome.advice {
            ui.line("");
            for line in ui.m(advice).lines() {
                ui.line(line);
            }
        }
    }

    pub fn describe(&self, voice: &crate::cli::msg::Voice, s: &Step) -> String {
        match s {
            Step::Installed { name, kept: false } => {
                voice.t("installed-path", &[("path", &paint(BOLD, name))])
            }
            Step::Installed { name, kept: true } => voice.t(
                "hooks-installed-kept-yours",
                &[
                    ("name", &paint(BOLD, name)),
                    ("saved", &format!("{name}{}", hooks::SAVED)),
                ],
            ),
            Step::Updated(name) => voice.t("updated-path", &[("path", &paint(BOLD, name))]),
            Step::Unchanged(name) => voice.t("kept-path", &[("path", &name)]),
            Step::Removed {
                name,
                restored: true,
            } => voice.t("removed-hook-back", &[("path", &paint(BOLD, name))]),
            Step::Removed {
                name,
                restored: false,
            } => voice.t("removed-path", &[("path", &paint(BOLD, name))]),
            Step::Absent(name) => voice.t("absent-path", &[("path", &name)]),
            Step::Added { name, file } => voice.t(
                "added-what-path",
                &[("what", &paint(BOLD, name)), ("path", &self.rel(file))],
            ),
            Step::Present { name, file } => voice.t(
                "kept-name-file",
                &[("name", &name), ("file", &self.rel(file))],
            ),
            Step::Dropped { name, file } => voice.t(
                "removed-name-file",
                &[("name", &paint(BOLD, name)), ("file", &self.rel(file))],
            ),
            Step::NotRun { name, why } => paint(
                YELLOW,
                voice.t(
                    "not-run-name-why",
                    &[("name", &name), ("why", &voice.m(why))],
                ),
            ),
            Step::Repaired { name, what } => voice.t(
                "repaired-path-what",
                &[("path", &paint(BOLD, name)), ("what", &voice.m(what))],
            ),
        }
    }
}

/// Sets up the merge driver for item files (git's configuration and the
/// repository's `info/attributes`), where git-orx is set up, and says so.
fn merge_driver(ui: &mut Ui) -> orx::Result<()> {
    let Ok(ws) = orx::repo::workspace::Workspace::open() else {
        return Ok(());
    };
    let name = format!("merge={}", orx::change::merge::DRIVER);
    if orx::change::merge::install(&ws.repo, &ws)? {
        ui.line(ui.t("installed-path", &[("path", &paint(BOLD, &name))]));
    } else {
        ui.line(ui.t("kept-path", &[("path", &name)]));
    }
    Ok(())
}

/// Whether the merge driver for item files is set up, as `hooks status`
/// says it.
fn merge_driver_state() -> Option<orx::change::merge::Driver> {
    let ws = orx::repo::workspace::Workspace::open().ok()?;
    Some(orx::change::merge::installed(&ws.repo, &ws))
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let repo = Repo::discover()?;
    let dirs = Dirs::of(&repo)?;
    match args.action {
        Action::Install(a) if a.dry_run => {
            dirs.would_install(ui, a)?;
            ui.dry_run();
            ui.line(ui.t("dry-run-nothing-written", &[]));
            Ok(0)
        }
        Action::Install(a) => Ok(u8::from(!dirs.install(ui, a)?.0)),
        Action::Uninstall(a) if a.dry_run => {
            let (_, statuses) = tools::status(&dirs.place());
            for s in statuses {
                ui.line(match s.state {
                    HookState::Installed { chained: true } => ui.t(
                        "hooks-would-remove-put-back",
                        &[("name", &paint(BOLD, &s.name))],
                    ),
                    HookState::Installed { chained: false } | HookState::Outdated => {
                        ui.t("would-remove-path", &[("path", &paint(BOLD, &s.name))])
                    }
                    HookState::Via { tool, .. } => ui.t(
                        "would-remove-from-hooks",
                        &[("path", &paint(BOLD, &s.name)), ("tool", &tool)],
                    ),
                    _ => ui.t("absent-aligned-path", &[("path", &s.name)]),
                });
            }
            ui.dry_run();
            ui.line(ui.t("dry-run-nothing-written", &[]));
            Ok(0)
        }
        Action::Uninstall(_) => {
            let outcome = tools::uninstall(&dirs.place())?;
            dirs.print(ui, &outcome);
            orx::change::merge::uninstall(&repo)?;
            Ok(0)
        }
        Action::Status => {
            let place = dirs.place();
            let (found, statuses) = tools::status(&place);
            let mut line = match &found {
                Some(f) => ui.t(
                    "hooks-directory-path-tool-manages",
                    &[("path", &dirs.hooks.display()), ("tool", &f.tool)],
                ),
                None => ui.t("hooks-directory-path", &[("path", &dirs.hooks.display())]),
            };
            if tools::outside(&place) {
                line.push_str(&ui.t("hooks-directory-outside", &[]));
            }
            ui.line(line);
            let mut missing = false;
            let install = if tools::outside(&place) {
                "missing-give-repository-own-hooks"
            } else {
                "missing-run-git-orx-hooks"
            };
            for s in statuses {
                let state = match s.state {
                    HookState::Installed { chained: false } => paint(GREEN, ui.t("installed", &[])),
                    HookState::Installed { chained: true } => paint(
                        GREEN,
                        ui.t(
                            "installed-runs-your-saved-first",
                            &[("saved", &format!("{}{}", s.name, hooks::SAVED))],
                        ),
                    ),
                    HookState::Via { tool, file } => paint(
                        GREEN,
                        ui.t(
                            "via-tool-file",
                            &[("tool", &tool), ("file", &dirs.rel(&file))],
                        ),
                    ),
                    HookState::NotRun { tool, why }
                        if hooks::OPTIONAL.contains(&s.name.as_str()) =>
                    {
                        paint(
                            YELLOW,
                            ui.t("not-run-tool-why", &[("tool", &tool), ("why", &ui.m(&why))]),
                        )
                    }
                    HookState::NotRun { tool, why } => {
                        missing = true;
                        paint(
                            RED,
                            ui.t("not-run-tool-why", &[("tool", &tool), ("why", &ui.m(&why))]),
                        )
                    }
                    HookState::Outdated => {
                        missing = true;
                        paint(YELLOW, ui.t("outdated-run-git-orx-hooks", &[]))
                    }
                    HookState::Missing => {
                        missing = true;
                        paint(RED, ui.t(install, &[]))
                    }
                    HookState::Foreign => {
                        missing = true;
                        paint(RED, ui.t("not-installed-hook-yours-there", &[]))
                    }
                };
                ui.line(format!("  {:<21} {state}", s.name));
            }
            use orx::change::merge::Driver;
            match merge_driver_state() {
                Some(Driver::Installed) => ui.line(format!(
                    "  {:<21} {}",
                    "merge=orx",
                    paint(GREEN, ui.t("installed", &[]))
                )),
                Some(Driver::Missing) => ui.line(format!(
                    "  {:<21} {}",
                    "merge=orx",
                    paint(YELLOW, ui.t("missing-item-files-merge-plain", &[]))
                )),
                Some(Driver::Stale) => ui.line(format!(
                    "  {:<21} {}",
                    "merge=orx",
                    paint(YELLOW, ui.t("outdated-kind-s-items-merge", &[]))
                )),
                None => {}
            }
            Ok(u8::from(missing))
        }
    }
}
