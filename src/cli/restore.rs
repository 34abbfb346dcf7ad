//! `git orx restore`

use orx::change::state::{self, RestoreTo};

use super::{DIM, Ui, YELLOW, epaint, paint};

/// Bring an item back to a backup or an earlier committed state.
///
/// The restore is a new commit, judged by the item's workflow like any
/// change (never a rewrite of history). With no --to, the last good
/// state: the committed version when the file was changed by hand or
/// cannot be read, else the newest backup that differs from it. What the
/// file held that is not committed is kept first, as a backup named
/// before-restore-N that no later backup drops.
///
/// With --dry-run it needs no role: with none given, the change is
/// judged as the Human's; it shows the unified diff of the item's file
/// from what it holds now to what the restore would write.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID (e.g. 1.2, or codereview:3).
    id: String,
    /// A backup's name (`git orx backups ID`) or a commit.
    #[arg(long, value_name = "NAME|COMMIT")]
    to: Option<String>,
    /// With the dry run, the file's name only, without its diff.
    #[arg(long)]
    name_only: bool,
    /// The dry run (its diff is shown by default now).
    #[arg(long, hide = true)]
    diff: bool,
    #[command(flatten)]
    change: super::ChangeArgs,
}

pub fn run(ui: &mut Ui, mut args: Args) -> orx::Result<u8> {
    args.change.dry_run |= args.diff || args.name_only;
    let ws = super::open(ui)?;
    // A dry run needs no role: with none given, it is judged as the Human's.
    let role = match super::role(ui, &ws, &args.change.role) {
        Err(orx::Error::NoRole { .. }) if args.change.dry_run => {
            orx::workflow::role::HUMAN.to_owned()
        }
        r => r?,
    };
    let to = match &args.to {
        Some(n) => RestoreTo::Named(n.clone()),
        None => RestoreTo::LastGood,
    };
    let r = state::restore(
        &ws,
        &args.id,
        &to,
        args.change.actor(&role),
        !args.change.no_commit,
        args.change.dry_run,
    )?;
    if r.was_unreadable && !ui.is_json() {
        ui.eline(format!(
            "{} {}",
            epaint(YELLOW, ui.t("note", &[])),
            ui.t(
                "path-could-not-read-item",
                &[("path", &r.path), ("from", &ui.m(&r.source))]
            )
        ));
    }
    use super::output::restore::{PutBack, Restore};
    // A dry run lists the file the restore would write, and how.
    let files = args.change.dry_run.then(|| {
        let diff = (!args.name_only).then(|| {
            super::diff::unified(
                &r.path,
                Some((0o100644, r.before.as_slice())),
                Some((0o100644, r.after.as_slice())),
            )
        });
        match r.before == r.after {
            true => Vec::new(),
            false => vec![super::output::checkpoint::PlannedFile {
                path: r.path.clone(),
                what: "restore".to_owned(),
                diff,
            }],
        }
    });
    match &r.plan {
        Some(plan) => {
            let extra = super::output::ChangeExtra {
                restored_from: Some(r.from.clone()),
                kept: Some(r.kept.clone()),
                files: files.clone(),
                ..Default::default()
            };
            if ui.is_json() {
                let change = super::change_of(plan, r.done.as_ref(), extra);
                ui.json(&Restore::Change(Box::new(change)));
            } else {
                super::report_change(ui, plan, r.done.as_ref(), extra);
            }
        }
        None if ui.is_json() => ui.json(&Restore::PutBack(PutBack {
            version: super::output::Version,
            item: args.id.clone(),
            path: r.path.clone(),
            restored_from: r.from.clone(),
            kept: r.kept.clone(),
            dry_run: args.change.dry_run,
            files: files.clone(),
            commit: None,
            committed: false,
        })),
        None => ui.line(ui.t(
            if args.change.dry_run {
                "path-restored-dry-run-nothing"
            } else {
                "path-restored-nothing-to-commit"
            },
            &[("path", &r.path), ("from", &ui.m(&r.source))],
        )),
    }
    let json = ui.is_json();
    for f in files.iter().flatten().filter(|_| !json) {
        ui.line(paint(
            DIM,
            ui.t("restore-path", &[("path", &orx::text::escape(&f.path))]),
        ));
        if let Some(d) = &f.diff {
            super::diff::print(ui, d);
        }
    }
    if let Some(k) = r.kept.as_ref().filter(|_| !ui.is_json()) {
        ui.line(ui.t(
            if k.made {
                "kept-what-path-held"
            } else {
                "would-keep-what-path-held"
            },
            &[
                ("path", &r.path),
                ("backup", &k.backup),
                ("again", &k.get_back),
            ],
        ));
    }
    Ok(0)
}
