//! `git orx adopt`

use orx::kinds::story::adopt::{self, Options};
use orx::text::escape;

use super::{BOLD, DIM, GREEN, Ui, YELLOW, paint};

/// Take in the stories of a project as it is (BMAD v4 or v6, Orchestrix):
/// find them where the project's configuration says, read each one's ID,
/// title and status as a person does, add a frontmatter above the body
/// (kept byte for byte; merged into a frontmatter the file has), and commit
/// it all as one Human commit. Documents that are no story are left out,
/// and a story that cannot be adopted as it is stays as it was, each listed
/// with the reason and the command that fixes it. Without --yes it only
/// shows the plan: what was read in each file, from where, and what was
/// chosen.
#[derive(clap::Args)]
pub struct Args {
    /// The method's workflow and story template to install: orchestrix,
    /// bmad-v4 or bmad-v6 (default: the repository's workflow, else the
    /// one the project looks written for).
    #[arg(long, value_name = "NAME")]
    preset: Option<String>,
    /// Read the status FROM as the state TO (repeatable), for a status no
    /// state stands for: --map Postponed=Draft.
    #[arg(long = "map", value_name = "FROM=TO")]
    maps: Vec<String>,
    /// The stories' folder, when the project's configuration does not say.
    #[arg(long, value_name = "DIR")]
    dir: Option<String>,
    /// Leave this file as it is, neither adopted nor a problem (repeatable).
    #[arg(long, value_name = "PATH")]
    skip: Vec<String>,
    /// Adopt nothing unless every story can be adopted.
    #[arg(long)]
    all_or_nothing: bool,
    /// Show the plan (each file: what was read, from where, the state
    /// chosen, what is left out and why) and write nothing.
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
            return Err(orx::Error::Usage(orx::msg!(
                "map-write-from-to",
                value = escape(m)
            )));
        };
        maps.push((from.trim().to_owned(), to.trim().to_owned()));
    }
    let opts = Options {
        preset: args.preset.clone(),
        maps,
        now: orx::repo::workspace::now(),
        dir: args.dir.clone(),
        skip: args.skip.clone(),
    };
    let plan = adopt::plan(&repo, &opts)?;
    let write = args.yes && !args.dry_run;
    let all_items = !plan.nothing_found() && plan.entries.iter().all(|e| e.adopted);
    let refused = plan.nothing_found()
        || (plan.adopted() == 0 && !all_items)
        || (args.all_or_nothing && plan.has_problems());
    if ui.is_json() && (!write || refused) {
        ui.json(&super::output::adopt::Adopt {
            version: super::output::Version,
            dry_run: !write,
            plan: &plan,
            commit: write.then_some(None),
        });
        return Ok(if refused { 1 } else { 0 });
    }
    if plan.nothing_found() {
        let searched = if plan.searched.is_empty() {
            escape(&plan.dir)
        } else {
            plan.searched
                .iter()
                .map(|s| escape(&ui.m(s)))
                .collect::<Vec<_>>()
                .join("; ")
        };
        let line = ui.t("error-no-story-files-found", &[("text", &searched)]);
        // Its first word is the label, painted as errors are.
        let (label, rest) = line.split_once(' ').unwrap_or((&line, ""));
        ui.eline(format!("{} {rest}", super::epaint(super::RED, label)));
        ui.eline(ui.t("say-where-stories-git-orx", &[]));
        return Ok(1);
    }
    if !ui.is_json() {
        print_plan(ui, &plan, &args);
    }
    if refused {
        let why = if plan.adopted() == 0 {
            "no-story-can-adopted"
        } else {
            "some-stories-cannot-adopted-they-2"
        };
        let line = ui.t(
            "error-nothing-written-text-fix",
            &[("text", &ui.t(why, &[]))],
        );
        // Its first word is the label, painted as errors are.
        let (label, rest) = line.split_once(' ').unwrap_or((&line, ""));
        ui.eline(format!("{} {rest}", super::epaint(super::RED, label)));
        return Ok(1);
    }
    if all_items {
        ui.line(ui.t("nothing-adopt-every-story-item", &[]));
        return Ok(0);
    }
    if !write {
        ui.line(paint(
            DIM,
            ui.t(
                "nothing-written-plan-adopt-text",
                &[("text", &again(&args, "--yes"))],
            ),
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
        ui.t(
            if plan.adopted() == 1 {
                "adopted-n-story-commit"
            } else {
                "adopted-n-stories-commit"
            },
            &[
                ("n", &plan.adopted()),
                ("commit", &&commit[..commit.len().min(7)]),
            ],
        ),
    ));
    let left = plan
        .entries
        .iter()
        .filter(|e| !e.problems.is_empty())
        .count();
    if left > 0 {
        ui.line(ui.t(
            "n-left-they-were-fix",
            &[("n", &left), ("text", &again(&args, "--yes"))],
        ));
    }
    ui.line(ui.t("next-git-orx-status-git", &[]));
    Ok(0)
}

/// `git orx adopt` again with `mode` and the options given.
fn again(args: &Args, mode: &str) -> String {
    let mut cmd = format!("git orx adopt {mode}");
    if let Some(p) = &args.preset {
        cmd.push_str(&format!(" --preset {p}"));
    }
    if let Some(d) = &args.dir {
        cmd.push_str(&format!(" --dir {}", quote(d)));
    }
    for m in &args.maps {
        cmd.push_str(&format!(" --map {}", quote(m)));
    }
    for s in &args.skip {
        cmd.push_str(&format!(" --skip {}", quote(s)));
    }
    if args.all_or_nothing {
        cmd.push_str(" --all-or-nothing");
    }
    cmd
}

/// `s` as a shell word.
fn quote(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./=".contains(c))
    {
        escape(s)
    } else {
        format!("\"{}\"", escape(s).replace('"', "\\\""))
    }
}

fn print_plan(ui: &mut Ui, plan: &adopt::Adoption, args: &Args) {
    let dir = format!("{}/", escape(&plan.dir));
    let sep = plan
        .file_sep
        .as_deref()
        .map(|s| ui.t("id-dots-written-sep", &[("sep", &escape(s))]))
        .unwrap_or_default();
    let preset = plan
        .preset
        .as_deref()
        .map(|p| ui.t("preset-name", &[("name", &p)]))
        .unwrap_or_default();
    ui.line(ui.t(
        "stories-in-dir-from",
        &[
            (
                "stories",
                &paint(BOLD, ui.t("stories-in-dir", &[("dir", &dir)])),
            ),
            ("from", &escape(&ui.m(&plan.dir_from))),
            ("file", &escape(&plan.file)),
            ("sep", &sep),
            ("preset", &preset),
        ],
    ));
    for e in &plan.entries {
        let state = e.state.as_deref().unwrap_or("?");
        let id = e.id.as_deref().unwrap_or("?");
        if e.adopted {
            ui.line(paint(
                DIM,
                ui.t(
                    "rest-already-item",
                    &[("rest", &format!("{} {id:<8} {state}", escape(&e.path)))],
                ),
            ));
            continue;
        }
        let found = match (&e.found, &e.form) {
            (Some(v), Some(f)) => match e.line {
                Some(l) => ui.t(
                    "adopt-status-found-at-line",
                    &[("value", &escape(v)), ("form", &escape(f)), ("line", &l)],
                ),
                None => ui.t(
                    "adopt-status-found",
                    &[("value", &escape(v)), ("form", &escape(f))],
                ),
            },
            _ => ui.t("adopt-no-status", &[]),
        };
        ui.line(format!(
            "  {}  {id:<8} {found} -> {}",
            escape(&e.path),
            paint(BOLD, state)
        ));
        for n in &e.notes {
            ui.line(format!(
                "    {} {}",
                paint(DIM, ui.t("note", &[])),
                escape(&ui.m(n))
            ));
        }
        for p in &e.problems {
            ui.line(format!(
                "    {} {}",
                paint(YELLOW, ui.t("problem", &[])),
                escape(&ui.m(p))
            ));
        }
        if !e.problems.is_empty() {
            let skip = format!("--skip {}", quote(&e.path));
            let fix = match &e.unmapped {
                Some(v) => ui.t(
                    "command-or-leave-it",
                    &[
                        (
                            "command",
                            &again(
                                args,
                                &format!("--dry-run --map {}", quote(&format!("{v}=STATE"))),
                            ),
                        ),
                        ("skip", &skip),
                    ],
                ),
                None => ui.t(
                    "command-or-fix-file",
                    &[("command", &again(args, &format!("--dry-run {skip}")))],
                ),
            };
            ui.line(format!("    {} {fix}", paint(YELLOW, ui.t("fix", &[]))));
        }
    }
    for l in &plan.left_out {
        ui.line(ui.t(
            "left-out-path-text",
            &[
                ("path", &escape(&l.path)),
                ("text", &escape(&ui.m(&l.reason))),
            ],
        ));
    }
    for f in &plan.rule_files {
        ui.line(ui.t("writes-path", &[("path", &f)]));
    }
    let fix = plan
        .entries
        .iter()
        .filter(|e| !e.problems.is_empty())
        .count();
    ui.line(ui.t(
        "n-adopt-m-fix-left",
        &[
            ("n", &plan.adopted()),
            ("m", &fix),
            ("k", &plan.left_out.len()),
        ],
    ));
}
