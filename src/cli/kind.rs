//! `git orx kind`

use super::Ui;

/// Kinds of item: make a team's own from a built-in one.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    New(NewArgs),
}

/// Make a new kind of item from an existing one
///
/// Writes `.orx/workflows/NAME.yaml` (the workflow of the kind it is made
/// from, with its name and where its items live changed) and
/// `.orx/templates/NAME.md` (its template). Nothing is committed: rule
/// files need the Human. Once they are committed, `git orx new NAME
/// "Title"`, `move`, the hooks and `verify` work for the new kind.
#[derive(clap::Args)]
struct NewArgs {
    /// The new kind's name: lowercase letters, digits, `-` and `_`.
    name: String,
    /// The kind to copy (e.g. story).
    #[arg(long, value_name = "KIND")]
    from: String,
    /// Where its items live (default: docs/NAMEs).
    #[arg(long, value_name = "DIR")]
    dir: Option<String>,
    /// Say which files it would write, and write nothing.
    #[arg(long)]
    dry_run: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let Action::New(args) = args.action;
    let ws = super::open(ui)?;
    let scaffold = ws.scaffold(&args.name, &args.from, args.dir.as_deref())?;
    for (path, _) in &scaffold.files {
        if ws.root().join(path).symlink_metadata().is_ok() {
            return Err(orx::Error::Exists(orx::text::message::Message::text(
                ui.t("path-exists-already-not-committed", &[("path", &path)]),
            )));
        }
    }
    if args.dry_run {
        ui.dry_run();
        for (path, _) in &scaffold.files {
            ui.line(ui.t("would-write-path-dry-run", &[("path", path)]));
        }
        return Ok(0);
    }
    for (path, text) in &scaffold.files {
        let full = ws.root().join(path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent).map_err(|e| {
                orx::Error::io(
                    orx::msg!("cannot-make-directory", path = path.to_string()),
                    e,
                )
            })?;
        }
        std::fs::write(&full, text).map_err(|e| {
            orx::Error::io(orx::msg!("cannot-write-path", path = path.to_string()), e)
        })?;
        ui.line(ui.t("wrote-path", &[("path", path)]));
    }
    let paths: Vec<&str> = scaffold.files.iter().map(|(p, _)| p.as_str()).collect();
    ui.line(ui.t(
        "next-review-commit-kind",
        &[("paths", &paths.join(" ")), ("name", &args.name)],
    ));
    Ok(0)
}
