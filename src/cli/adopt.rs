//! `git orx adopt`

use orx::kinds::story::adopt::{self, Options};
use orx::text::escape;

use super::{BOLD, DIM, GREEN, Ui, YELLOW, paint};

/// Take in the stories of a project that keeps them without frontmatter
/// (BMAD v4 or v6, Orchestrix): read each one's ID, title and status from
/// its name and body, add a frontmatter above the body (kept byte for
/// byte), and commit it all as one Human commit. The stories' directory
/// comes from the project's core-config.yaml (devStoryLocation) when there
/// is one. Without --yes it only shows the plan.
#[derive(clap::Args)]
pub struct Args {
    /// The method's workflow and story template to install: orchestrix,
    /// bmad-v4 or bmad-v6 (default: the repository's workflow, else the
    /// one the stories look written for).
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// Read the status FROM as the state TO (repeatable), for a status no
    /// state stands for: --map Postponed=Draft.
    #[arg(long = "map", value_name = "FROM=TO")]
    maps: Vec<String>,
    /// Show the plan (file, ID, status found, state, problems) and write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Write and commit the adoption.
    #[arg(long)]
    yes: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let repo = orx::git::Repo::discover()?;
    let mut maps = Vec::new();
    for m in &args.maps {
        let Some((from, to)) = m.split_once('=') else {
            return Err(orx::Error::Usage(format!(
                "--map {}: write FROM=TO, e.g. --map Postponed=Draft",
                escape(m)
            )));
        };
        maps.push((from.trim().to_owned(), to.trim().to_owned()));
    }
    let opts = Options {
        preset: args.preset.clone(),
        maps,
        now: orx::repo::workspace::now(),
    };
    let plan = adopt::plan(&repo, &opts)?;
    let write = args.yes && !args.dry_run;
    if ui.is_json() && !write {
        ui.json(&super::output::adopt::Adopt {
            version: super::output::Version,
            dry_run: true,
            plan: &plan,
            commit: None,
        });
        return Ok(if plan.has_problems() { 1 } else { 0 });
    }
    if !ui.is_json() {
        print_plan(ui, &plan);
    }
    if plan.has_problems() {
        if !ui.is_json() {
            ui.eline(format!(
                "{} nothing was written: fix the problems above{}, then run it again",
                super::epaint(super::RED, "error:"),
                if plan.unmapped.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (for a status no state stands for: --map \"{}=STATE\")",
                        escape(&plan.unmapped[0])
                    )
                }
            ));
        } else {
            ui.json(&super::output::adopt::Adopt {
                version: super::output::Version,
                dry_run: false,
                plan: &plan,
                commit: Some(None),
            });
        }
        return Ok(1);
    }
    if !write {
        ui.line(paint(
            DIM,
            "Nothing was written (a plan). Adopt with: git orx adopt --yes".to_owned()
                + &args
                    .preset
                    .as_deref()
                    .map(|p| format!(" --preset {p}"))
                    .unwrap_or_default()
                + &args
                    .maps
                    .iter()
                    .map(|m| format!(" --map \"{}\"", escape(m)))
                    .collect::<String>(),
        ));
        return Ok(0);
    }
    // A project not yet set up gets the hooks too, as `init` installs them.
    let fresh = !repo.root().join(orx::repo::config::CONFIG_PATH).exists();
    let dirs = super::hooks::Dirs::of(&repo)?;
    if fresh {
        dirs.check(super::hooks::InstallArgs::default())?;
    }
    let wait = super::lock_wait(&repo)?;
    let commit = adopt::execute(
        &repo,
        &plan,
        "adopted an existing project (git orx adopt)",
        wait,
    )?;
    if fresh {
        dirs.install(ui, super::hooks::InstallArgs::default())?;
    }
    if ui.is_json() {
        ui.json(&super::output::adopt::Adopt {
            version: super::output::Version,
            dry_run: false,
            plan: &plan,
            commit: Some(Some(commit.clone())),
        });
        return Ok(0);
    }
    ui.line(paint(
        GREEN,
        format!(
            "adopted {} {} [{}]",
            plan.adopted(),
            if plan.adopted() == 1 {
                "story"
            } else {
                "stories"
            },
            &commit[..commit.len().min(7)]
        ),
    ));
    ui.line(
        "Next: git orx status   (and `git orx hooks status`: the hooks keep the rules from now on)",
    );
    Ok(0)
}

fn print_plan(ui: &mut Ui, plan: &adopt::Adoption) {
    ui.line(format!(
        "{} {}/ ({}{}{})",
        paint(BOLD, "stories in"),
        escape(&plan.dir),
        escape(&plan.file),
        plan.file_sep
            .as_deref()
            .map(|s| super::msg::t(", ID dots written as `{sep}`", &[("sep", &escape(s))]))
            .unwrap_or_default(),
        plan.preset
            .as_deref()
            .map(|p| super::msg::t(", preset {name}", &[("name", &p)]))
            .unwrap_or_default()
    ));
    if plan.entries.is_empty() {
        ui.line("  no story files found");
    }
    for e in &plan.entries {
        let found = match (&e.found, e.form) {
            (Some(v), Some(f)) => format!("\"{}\" ({f})", escape(v)),
            _ => "no status".to_owned(),
        };
        let state = e.state.as_deref().unwrap_or("?");
        let id = e.id.as_deref().unwrap_or("?");
        if e.adopted {
            ui.line(format!(
                "  {} {id:<8} {state}  {}",
                escape(&e.path),
                paint(DIM, "(already an item)")
            ));
            continue;
        }
        ui.line(format!(
            "  {}  {id:<8} {found} -> {}",
            escape(&e.path),
            paint(BOLD, state)
        ));
        for p in &e.problems {
            ui.line(format!("    {} {}", paint(YELLOW, "problem:"), escape(p)));
        }
    }
    for name in &plan.ignored {
        ui.line(format!(
            "  leaves out {}/{} {}",
            escape(&plan.dir),
            escape(name),
            paint(DIM, "(no story ID, no status: not a story)")
        ));
    }
    for f in &plan.rule_files {
        ui.line(format!("  writes {f}"));
    }
}
