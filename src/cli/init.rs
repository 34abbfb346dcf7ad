//! `git orx init`

use orx::repo::setup::{self, Step};

use super::hooks::{Dirs, InstallArgs};
use super::{BOLD, Ui, paint};

/// Set this repository up for git-orx: `.orx/config.yaml` and the story
/// directory, and install the git hooks. Safe to run again: it keeps what
/// exists. `--lang en|zh` sets the language of the messages.
#[derive(clap::Args)]
pub struct Args {
    /// Do not install the git hooks (`git orx hooks install` does it later).
    #[arg(long, conflicts_with_all = ["hooks_outside_repo", "lefthook"])]
    no_hooks: bool,
    /// Install the story workflow and template of a method the project
    /// follows: orchestrix, bmad-v4 or bmad-v6 (`git orx adopt` takes in
    /// stories already written).
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// `--dry-run` here says what it would create, change and install,
    /// and writes nothing.
    #[command(flatten)]
    hooks: InstallArgs,
}

pub fn run(ui: &mut Ui, args: Args, lang: Option<&str>) -> orx::Result<u8> {
    let repo = orx::git::Repo::discover()?;
    let dirs = Dirs::of(&repo)?;
    if !args.no_hooks {
        // Refused before anything is written.
        dirs.check(args.hooks)?;
    }
    if let Some(p) = &args.preset {
        // Refused before anything is written.
        orx::repo::presets::find(p)?;
    }
    let mut steps = setup::init(&repo, lang, args.hooks.dry_run)?;
    if let Some(p) = &args.preset {
        steps.extend(setup::install_preset(&repo, p, args.hooks.dry_run)?);
    }
    if args.hooks.dry_run {
        ui.dry_run();
        for s in &steps {
            match s {
                Step::Created(p) => {
                    ui.line(ui.t("would-create-path", &[("path", &paint(BOLD, p))]))
                }
                Step::Updated(p) => {
                    ui.line(ui.t("would-update-path", &[("path", &paint(BOLD, p))]))
                }
                Step::Kept(p) => ui.line(ui.t("kept-aligned-path", &[("path", &p)])),
            }
        }
        if !args.no_hooks {
            dirs.would_install(ui, args.hooks)?;
        }
        ui.line(ui.t("dry-run-nothing-written", &[]));
        return Ok(0);
    }
    let fresh = steps
        .iter()
        .any(|s| matches!(s, Step::Created(p) if p.ends_with("config.yaml")));
    let relang = steps.iter().any(|s| matches!(s, Step::Updated(_)));
    for s in &steps {
        // Aligned with the hooks' lines below ("installed ").
        match s {
            Step::Created(p) => ui.line(ui.t("created-path", &[("path", &paint(BOLD, p))])),
            Step::Updated(p) => ui.line(ui.t("updated-path", &[("path", &paint(BOLD, p))])),
            Step::Kept(p) => ui.line(ui.t("kept-path", &[("path", &p)])),
        }
    }
    // What git-orx wrote inside the work tree, to be committed so that
    // every clone has it: the config, hooks of another tool, and shims in
    // a hooks directory inside the work tree.
    let mut places = vec![".orx".to_owned()];
    if !args.no_hooks {
        places.extend(dirs.install(ui, args.hooks)?.1);
        if let Ok(Ok(rel)) = repo.hooks_dir().map(|h| {
            h.strip_prefix(repo.root())
                .map(std::path::Path::to_path_buf)
        }) && let Some(top) = rel.components().next()
        {
            let top = top.as_os_str().to_string_lossy().into_owned();
            if top != ".git" && !places.contains(&top) {
                places.push(top);
            }
        }
    }
    let refs: Vec<&str> = places.iter().map(String::as_str).collect();
    let dirty = repo.dirty(&refs)?;
    let add: Vec<&str> = places
        .iter()
        .filter(|p| {
            dirty
                .iter()
                .any(|f| f == *p || f.starts_with(&format!("{p}/")))
        })
        .map(String::as_str)
        .collect();
    if add.is_empty() {
        return Ok(0);
    }
    ui.line("");
    if fresh || !relang {
        ui.line(ui.t("next-commit-setup-then-create", &[]));
        ui.line(format!(
            "  git add {} && git commit -m '{}'",
            add.join(" "),
            ui.t("init-setup-commit-message", &[])
        ));
        ui.line(format!(
            "  git orx new \"{}\" --example --as sm",
            ui.t("init-example-title", &[])
        ));
    } else {
        // The rules in force are the committed ones, and changing them is
        // the Human's.
        ui.line(ui.t("next-new-language-takes-effect", &[]));
        ui.line(format!(
            "  git add {} && git -c orx.role=human commit -m '{}'",
            add.join(" "),
            ui.t("init-language-commit-message", &[])
        ));
    }
    Ok(0)
}
