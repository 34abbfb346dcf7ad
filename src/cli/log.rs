//! `git orx log`

use orx::history::audit::{self, Event, Options};
use orx::repo::workspace::Workspace;
use orx::text::escape;

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
    /// Only changes before this time, as git takes it (2026-02-01: before
    /// that day).
    #[arg(long, value_name = "DATE")]
    until: Option<String>,
    /// Only items of this kind (story, agent).
    #[arg(long, value_name = "KIND")]
    kind: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    // `KIND:ID` names the kind, as everywhere an ID is taken.
    let (kind, id) = match args.id.as_deref().map(|i| i.split_once(':')) {
        Some(Some((k, i))) => (Some(k.to_owned()), Some(i.to_owned())),
        _ => (args.kind.clone(), args.id.clone()),
    };
    if let Some(problem) = id.as_deref().and_then(orx::text::id_problem) {
        return Err(orx::Error::Usage(problem));
    }
    let (since, until) = period(&ws.repo, &args.since, &args.until)?;
    let opts = Options {
        id,
        kind,
        since,
        until,
        reverse: args.reverse,
    };
    if !ws.repo.shallow_commits().is_empty() {
        ui.eline(format!(
            "{} {}",
            epaint(YELLOW, ui.t("note", &[])),
            ui.t("shallow-clone-changes-not-here", &[])
        ));
    }
    // An item that is not in the work tree may be only in history, or
    // nowhere: its few entries are read first, to tell which.
    if let Some(id) = &args.id
        && let Err(e @ orx::Error::NotFound(_)) = ws.find(id)
    {
        let entries = audit::log_with_progress(
            &ws.repo,
            &ws,
            &opts,
            &mut super::history_progress(ui.voice()),
        )?;
        // A deleted item has transitions, unless --since left them out.
        let ever = !entries.is_empty()
            || (since.is_some()
                && !audit::log(
                    &ws.repo,
                    &ws,
                    &Options {
                        since: None,
                        ..opts.clone()
                    },
                )?
                .is_empty());
        if !ever {
            return Err(e);
        }
        return show(ui, &args, &ws, &opts, Some(entries));
    }
    show(ui, &args, &ws, &opts, None)
}

/// The streamed log's text before its first entry: a
/// [`super::output::history::Log`] as [`Ui::json`] writes one.
const STREAM_HEAD: &str = "{\n  \"version\": 1,\n  \"entries\": [";

/// The `count`th entry of the streamed log (from 1), with what goes
/// before it.
fn stream_entry(count: usize, e: &audit::Entry) -> String {
    let text = serde_json::to_string_pretty(e).unwrap_or_default();
    let sep = if count == 1 { "\n    " } else { ",\n    " };
    format!("{sep}{}", text.replace('\n', "\n    "))
}

/// The streamed log's end, after `count` entries.
fn stream_tail(count: usize) -> &'static str {
    if count == 0 { "]\n}\n" } else { "\n  ]\n}\n" }
}

/// Prints the entries (`given`, or read from history one at a time, so a
/// long history is never held whole).
fn show(
    ui: &mut Ui,
    args: &Args,
    ws: &Workspace,
    opts: &Options,
    given: Option<Vec<audit::Entry>>,
) -> orx::Result<u8> {
    let mut count = 0;
    let json = ui.is_json();
    if json && let Some(entries) = &given {
        ui.json(&super::output::history::Log {
            version: super::output::Version,
            entries,
        });
        return Ok(0);
    }
    if json {
        ui.json_part(STREAM_HEAD);
    }
    let whole = opts.id.is_none()
        && opts.kind.is_none()
        && opts.since.is_none()
        && opts.until.is_none()
        && !opts.reverse;
    if given.is_none() && whole {
        // The whole trail: what was written of it last time is written
        // again as it was, and only the commits since are rendered.
        let key = rendered_key(ui, ws);
        let mut held = ui.capture();
        let mut any = false;
        audit::log_rendered(
            &ws.repo,
            ws,
            &key,
            &mut super::history_progress(ui.voice()),
            &mut |e, buf| match json {
                // Each entry as it would be written after another: the
                // first one's comma is left out when written.
                true => buf.extend_from_slice(stream_entry(2, &e).as_bytes()),
                false => {
                    print_entry(&mut held, &e);
                    for line in held.take_lines() {
                        buf.extend_from_slice(line.as_bytes());
                        buf.push(b'\n');
                    }
                }
            },
            &mut |bytes| {
                let bytes = match any || !json {
                    true => bytes,
                    false => bytes.strip_prefix(b",").unwrap_or(bytes),
                };
                any |= !bytes.is_empty();
                ui.write_made(bytes);
            },
        )?;
        count = usize::from(any);
    } else {
        show_each(ui, ws, opts, given, json, &mut count)?;
    }
    if json {
        ui.json_part(stream_tail(count));
        return Ok(0);
    }
    if count == 0 {
        ui.line(match &args.id {
            Some(id) => ui.t("no-transitions-id-history", &[("id", &id)]),
            None => ui.t("no-transitions-history-yet", &[]),
        });
    }
    Ok(0)
}

/// What the log's bytes depend on besides the commits and the rules: JSON
/// or text, the language, colour, the roles' names and this build (its
/// file's time and size), hashed into the name they are kept under.
fn rendered_key(ui: &Ui, ws: &Workspace) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (ui.is_json(), ui.out_color, ui.lang()).hash(&mut h);
    for r in ws.roles.names() {
        (r, ui.role(r)).hash(&mut h);
    }
    let build = std::env::current_exe().and_then(std::fs::metadata);
    if let Ok(m) = build {
        (m.len(), m.modified().ok()).hash(&mut h);
    }
    format!(
        "{}{:016x}",
        if ui.is_json() { "json" } else { "text" },
        h.finish()
    )
}

/// The entries of `given`, or of history as `opts` selects them, written
/// one at a time; `count` counts them.
fn show_each(
    ui: &mut Ui,
    ws: &Workspace,
    opts: &Options,
    given: Option<Vec<audit::Entry>>,
    json: bool,
    count: &mut usize,
) -> orx::Result<()> {
    let mut progress = super::history_progress(ui.voice());
    let mut each = |e: audit::Entry| {
        *count += 1;
        match json {
            true => ui.json_part(&stream_entry(*count, &e)),
            false => print_entry(ui, &e),
        }
    };
    match given {
        Some(entries) => entries.into_iter().for_each(&mut each),
        None => audit::log_each(&ws.repo, ws, opts, &mut progress, &mut each)?,
    }
    Ok(())
}

/// One entry of the log, as text.
fn print_entry(ui: &mut Ui, e: &audit::Entry) {
    let moved = match e.event {
        Event::Rollback => ui.t("rollback-id", &[("id", &e.id)]),
        Event::Edit => ui.t(
            "edit-state",
            &[("state", &e.to.as_deref().unwrap_or_default())],
        ),
        Event::Adopted => ui.t(
            "adopted-state",
            &[("state", &e.to.as_deref().unwrap_or_default())],
        ),
        _ => format!(
            "{} -> {}",
            e.from.clone().unwrap_or_else(|| ui.t("new", &[])),
            e.to.clone().unwrap_or_else(|| ui.t("deleted", &[]))
        ),
    };
    let what = match e.event {
        Event::Rollback => String::new(),
        _ => format!("{} {} ", e.kind, paint(BOLD, escape(&e.id))),
    };
    let role = e
        .role
        .as_deref()
        .map(|r| ui.role(r))
        .unwrap_or_else(|| ui.t("no-role", &[]));
    ui.line(format!(
        "{} {} {what}{}  {} {}",
        paint(DIM, e.time[..16.min(e.time.len())].replace('T', " ")),
        paint(YELLOW, &e.commit),
        escape(&moved),
        role,
        paint(DIM, format!("({})", escape(&e.author)))
    ));
    if e.event == Event::Edit {
        for f in &e.fields {
            ui.line(paint(
                DIM,
                format!(
                    "    {}: {} -> {}",
                    escape(&f.field),
                    escape(&orx::engine::trailers::render(&f.from)),
                    escape(&orx::engine::trailers::render(&f.to))
                ),
            ));
        }
    }
    for d in &e.details {
        ui.line(paint(DIM, format!("    {}", escape(d))));
    }
    if let Some(r) = &e.override_reason {
        let what = e
            .overridden
            .as_deref()
            .map(|k| format!(" ({})", escape(k)))
            .unwrap_or_default();
        ui.line(ui.t(
            "overridewhat-reason",
            &[("what", &what), ("reason", &escape(r))],
        ));
    }
    if let Some(n) = &e.note {
        for line in n.lines() {
            ui.line(format!("    {}", escape(line)));
        }
    }
}

/// `--since` and `--until`, as seconds.
pub fn period(
    repo: &orx::git::Repo,
    since: &Option<String>,
    until: &Option<String>,
) -> orx::Result<(Option<i64>, Option<i64>)> {
    let date = |flag: &str, s: &Option<String>| {
        s.as_deref().map(|s| parse_date(repo, flag, s)).transpose()
    };
    Ok((date("--since", since)?, date("--until", until)?))
}

/// `2026-01-31` (its start, UTC), an RFC 3339 time, or any date git takes
/// (`yesterday`, `2 weeks ago`, `last monday`), as seconds; `flag` names
/// the option in the error.
fn parse_date(repo: &orx::git::Repo, flag: &str, s: &str) -> orx::Result<i64> {
    if let Ok(t) = s.parse::<jiff::Timestamp>() {
        return Ok(t.as_second());
    }
    if let Ok(d) = s.parse::<jiff::civil::Date>()
        && let Ok(z) = d.to_zoned(jiff::tz::TimeZone::UTC)
    {
        return Ok(z.timestamp().as_second());
    }
    if s.trim().is_empty() {
        return Err(orx::Error::Usage(orx::msg!(
            "flag-needs-date",
            flag = flag.to_string()
        )));
    }
    Ok(repo.approxidate(s)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str) -> audit::Entry {
        audit::Entry {
            event: Event::Transition,
            time: "2026-01-02T03:04:05+00:00".to_owned(),
            timestamp: 0,
            commit: "abc1234".to_owned(),
            author: "A".to_owned(),
            email: "a@example.com".to_owned(),
            role: Some("dev".to_owned()),
            kind: "story".to_owned(),
            id: id.to_owned(),
            path: format!("docs/stories/{id}.md"),
            from: Some("Draft".to_owned()),
            to: Some("Approved".to_owned()),
            note: None,
            override_reason: None,
            overridden: None,
            fields: Vec::new(),
            records: Vec::new(),
            details: Vec::new(),
        }
    }

    /// The streamed log is the `Log` its schema is generated from, as
    /// `Ui::json` writes it.
    #[test]
    fn the_streamed_log_is_the_log_type_serialized() {
        for n in 0..3 {
            let entries: Vec<audit::Entry> = (1..=n).map(|i| entry(&format!("1.{i}"))).collect();
            let mut streamed = STREAM_HEAD.to_owned();
            for (i, e) in entries.iter().enumerate() {
                streamed.push_str(&stream_entry(i + 1, e));
            }
            streamed.push_str(stream_tail(entries.len()));
            let log = crate::cli::output::history::Log {
                version: crate::cli::output::Version,
                entries: &entries,
            };
            assert_eq!(
                streamed,
                serde_json::to_string_pretty(&log).unwrap() + "\n",
                "{n} entries"
            );
        }
    }
}
