//! `git orx backups`

use orx::change::state;

use super::{BOLD, DIM, Ui, paint};

/// List an item's backups, oldest first.
///
/// The named ones and those kept before each update (auto-N, the newest
/// 20), and the copies the state store keeps of the file before each write
/// (copy-N, the newest 10); `git orx restore ID --to NAME` takes any.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID (e.g. 1.2, or codereview:3).
    id: String,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let (kind, id, path, _) = state::locate(&ws, &args.id)?;
    // The kind is said and kept by its name (backup refs, JSON).
    let kind = kind.to_string();
    let list = state::all_backups(&ws, &kind, &id, &path)?;
    if ui.is_json() {
        ui.json(&super::output::backup::Backups {
            version: super::output::Version,
            item: id,
            kind,
            backups: list,
        });
        return Ok(0);
    }
    if list.is_empty() {
        let arg = ws.argument(&kind, &id);
        let item = format!("{kind} {id}");
        ui.line(ui.t("item-has-no-backups-yet", &[("item", &item), ("id", &arg)]));
        return Ok(0);
    }
    for b in &list {
        ui.line(format!(
            "{} {} {}",
            paint(BOLD, &b.name),
            orx::history::audit::rfc3339(b.time, 0),
            paint(
                DIM,
                match &b.file {
                    // A copy the state store kept before a write.
                    Some(_) => format!(
                        "{} {}",
                        ui.t("kept-before-write", &[]),
                        orx::text::escape(&b.note)
                    ),
                    None => format!(
                        "[{}] {}",
                        &b.commit[..b.commit.len().min(7)],
                        orx::text::escape(&b.note)
                    ),
                }
            )
        ));
    }
    Ok(0)
}
