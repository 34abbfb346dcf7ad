//! `git orx backup`

use orx::change::state;

use super::Ui;

/// Keep a backup of an item, as a ref (refs/orx/backups/KIND/ID/NAME).
///
/// The file is kept as it is on disk; `git orx restore ID --to NAME`
/// brings it back.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID (e.g. 1.2, or codereview:3).
    id: String,
    /// The backup's name (default: the next automatic one, auto-N).
    #[arg(long, value_name = "NAME")]
    name: Option<String>,
    /// Show the backup's name; keep nothing.
    #[arg(long)]
    dry_run: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let (kind, id, path, _) = state::locate(&ws, &args.id)?;
    // The kind is said and kept by its name (backup refs, JSON).
    let kind = kind.to_string();
    if args.dry_run {
        let name = state::backup_planned(&ws, &kind, &id, args.name.as_deref())?;
        if ui.is_json() {
            ui.json(&super::output::backup::Backup {
                version: super::output::Version,
                item: id,
                kind,
                path,
                dry_run: true,
                name,
                backup: None,
            });
        } else {
            let item = format!("{kind} {id}");
            ui.line(format!(
                "{} {}",
                ui.t(
                    "item-would-keep-backup",
                    &[("item", &item), ("name", &name)]
                ),
                super::paint(super::DIM, ui.t("dry-run-nothing-written", &[]))
            ));
        }
        return Ok(0);
    }
    let bytes = orx::engine::item::read_checked(&ws.root().join(&path))
        .map_err(|e| e.or_refused(&path, orx::Error::Failed))?;
    let b = state::backup(&ws, &kind, &id, &path, &bytes, args.name.as_deref())?;
    if ui.is_json() {
        ui.json(&super::output::backup::Backup {
            version: super::output::Version,
            item: id,
            kind,
            path,
            dry_run: false,
            name: b.name.clone(),
            backup: Some(b),
        });
        return Ok(0);
    }
    ui.line(ui.t(
        "item-backup-name-kept-commit",
        &[
            ("item", &format!("{kind} {id}")),
            ("name", &b.name),
            ("commit", &&b.commit[..b.commit.len().min(7)]),
            ("id", &id),
            ("to", &b.name),
        ],
    ));
    Ok(0)
}
