//! `git orx history`

use orx::change::state;

use super::{BOLD, DIM, Ui, paint};

/// Show an item's state history, from git history.
///
/// Its creation, every update with the fields it changed (from -> to),
/// moves, restores, errors, and its named backups.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID (e.g. 1.2, or codereview:3).
    id: String,
}

fn compact(voice: &crate::cli::msg::Voice, v: &serde_json::Value) -> String {
    let s = match v {
        serde_json::Value::Null => voice.t("not-set", &[]),
        serde_json::Value::String(s) => s.clone(),
        v => v.to_string(),
    };
    let s = orx::text::escape(&s);
    if s.chars().count() > 60 {
        format!("{}...", s.chars().take(57).collect::<String>())
    } else {
        s
    }
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let (kind, id, path, _) = state::locate(&ws, &args.id)?;
    // The kind is said and kept by its name (backup refs, JSON).
    let kind = kind.to_string();
    let (changes, backups) = orx::history::changes::history(&ws, &kind, &id)?;
    if ui.is_json() {
        ui.json(&super::output::backup::History {
            version: super::output::Version,
            item: id,
            kind,
            path,
            history: changes,
            backups,
        });
        return Ok(0);
    }
    for c in &changes {
        let what = serde_json::to_value(c.event)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        let states = match (&c.from, &c.to) {
            (Some(a), Some(b)) if a != b => format!(" {a} -> {b}"),
            (None, Some(b)) => format!(" {b}"),
            _ => String::new(),
        };
        ui.line(format!(
            "{} {}{states} {}",
            c.time,
            paint(BOLD, &what),
            paint(
                DIM,
                format!(
                    "{}{}",
                    c.commit
                        .as_deref()
                        .map(|x| format!("[{x}]"))
                        .unwrap_or_default(),
                    c.role
                        .as_deref()
                        .map(|r| format!(" {r}"))
                        .unwrap_or_default()
                )
            )
        ));
        if let Some(n) = c.note.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            ui.line(format!(
                "    {}",
                orx::text::escape(n.lines().next().unwrap_or(n))
            ));
        }
        for f in &c.fields {
            ui.line(format!(
                "    {}: {} -> {}",
                f.field,
                compact(ui.voice(), &f.from),
                compact(ui.voice(), &f.to)
            ));
        }
    }
    let autos = backups.iter().filter(|b| b.auto).count();
    if autos > 0 {
        ui.line(paint(
            DIM,
            if autos == 1 {
                ui.t("automatic-backup-git-orx-backups", &[("id", &id)])
            } else {
                ui.t("n-automatic-backups-git-orx", &[("n", &autos), ("id", &id)])
            },
        ));
    }
    Ok(0)
}
