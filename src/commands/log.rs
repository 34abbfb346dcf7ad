//! `git orx log`

use orx::audit::{self, Options};
use orx::text::escape;
use orx::workspace::Workspace;

use super::{BOLD, DIM, Ui, YELLOW, epaint, paint};

/// The audit trail from history: who moved which item from what to what,
/// when, and why — for `git orx` commands and hand edits alike.
#[derive(clap::Args)]
pub struct Args {
    /// Only this item (followed across renames of its file).
    id: Option<String>,
    /// Oldest first.
    #[arg(long)]
    reverse: bool,
    /// Only changes at or after this time, as git takes it (2026-01-31,
    /// yesterday, "2 weeks ago", RFC 3339).
    #[arg(long, value_name = "DATE")]
    since: Option<String>,
    /// Print the trail as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = Workspace::open()?;
    if let Some(id) = &args.id {
        orx::item::check_id(id).map_err(orx::Error::Usage)?;
    }
    let since = args
        .since
        .as_deref()
        .map(|s| parse_since(&ws.repo, s))
        .transpose()?;
    let opts = Options {
        id: args.id.clone(),
        since,
        reverse: args.reverse,
    };
    let entries = audit::log(&ws.repo, &ws, &opts)?;
    if entries.is_empty()
        && let Some(id) = &args.id
        && let Err(e @ orx::Error::NotFound(_)) = ws.find(id)
    {
        // Neither in the work tree nor in history (a deleted item has
        // transitions, unless --since left them out).
        let ever = since.is_some()
            && !audit::log(
                &ws.repo,
                &ws,
                &Options {
                    since: None,
                    ..opts
                },
            )?
            .is_empty();
        if !ever {
            return Err(e);
        }
    }
    if !ws.repo.shallow_commits().is_empty() {
        ui.eline(format!(
            "{} this is a shallow clone: changes made before its oldest commits are not here (git fetch --unshallow)",
            epaint(YELLOW, "note:")
        ));
    }
    if args.json {
        ui.json(&serde_json::json!({"version": 1, "entries": entries}));
        return Ok(0);
    }
    if entries.is_empty() {
        ui.line(match &args.id {
            Some(id) => format!("No transitions of {id} in history."),
            None => "No transitions in history yet.".to_owned(),
        });
        return Ok(0);
    }
    for e in &entries {
        let moved = format!(
            "{} -> {}",
            e.from.as_deref().unwrap_or("(new)"),
            e.to.as_deref().unwrap_or("(deleted)")
        );
        let role = e
            .role
            .as_deref()
            .map(orx::role::display)
            .unwrap_or_else(|| "no role".to_owned());
        ui.line(format!(
            "{} {} {} {} {}  {} {}",
            paint(DIM, e.time[..16.min(e.time.len())].replace('T', " ")),
            paint(YELLOW, &e.commit),
            e.kind,
            paint(BOLD, escape(&e.id)),
            moved,
            role,
            paint(DIM, format!("({})", escape(&e.author)))
        ));
        for d in &e.details {
            ui.line(paint(DIM, format!("    {}", escape(d))));
        }
        if let Some(r) = &e.override_reason {
            ui.line(format!("    override: {}", escape(r)));
        }
        if let Some(n) = &e.note {
            for line in n.lines() {
                ui.line(format!("    {}", escape(line)));
            }
        }
    }
    Ok(0)
}

/// `2026-01-31`, an RFC 3339 time, or any date git takes (`yesterday`,
/// `2 weeks ago`, `last monday`), as seconds.
fn parse_since(repo: &orx::git::Repo, s: &str) -> orx::Result<i64> {
    if let Ok(t) = s.parse::<jiff::Timestamp>() {
        return Ok(t.as_second());
    }
    if let Ok(d) = s.parse::<jiff::civil::Date>()
        && let Ok(z) = d.to_zoned(jiff::tz::TimeZone::UTC)
    {
        return Ok(z.timestamp().as_second());
    }
    if s.trim().is_empty() {
        return Err(orx::Error::Usage(
            "--since needs a date (2026-01-31, yesterday, \"2 weeks ago\")".to_owned(),
        ));
    }
    Ok(repo.approxidate(s)?)
}
