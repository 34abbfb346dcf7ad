//! `git orx doctor`

use orx::board::doctor::{self, Diagnosis, Options};
use orx::text::escape;

use super::{BOLD, DIM, GREEN, RED, Ui, YELLOW, paint};

/// Why items are not moving: the alerts of `git orx metrics` with what
/// to check, then the items of every kind stuck in a state longer than
/// `doctor.stuck_after_hours` (config, default 48), or the one given, each
/// with the role it waits for, the conditions each move from its state
/// lacks (with the values they read) and its recent refusals.
#[derive(clap::Args)]
pub struct Args {
    /// Only this item (ID or KIND:ID), stuck or not.
    id: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let now = super::now_seconds();
    let refusals = orx::history::refusals::read(&ws.repo.orx_dir());
    let opts = Options {
        id: args.id.clone(),
        now,
    };
    let found = doctor::diagnose(&ws, &opts, &refusals)?;
    if ui.is_json() {
        ui.json(&super::output::board::Doctor {
            findings: found,
            version: super::output::Version,
        });
        return Ok(0);
    }
    for p in &found.problems {
        ui.line(format!(
            "{} {}",
            paint(RED, ui.t("problem", &[])),
            escape(&ui.m(&p.said()))
        ));
    }
    let limit = hours(found.stuck_after_hours);
    if args.id.is_none() {
        alerts(ui, &ws)?;
        if found.items.is_empty() {
            ui.line(ui.t(
                "no-item-has-been-one",
                &[("limit", &limit), ("n", &found.open)],
            ));
            return Ok(0);
        }
        ui.line(ui.t(
            "n-total-open-items-one",
            &[
                ("n", &found.items.len()),
                ("total", &found.open),
                ("limit", &limit),
            ],
        ));
    }
    for d in &found.items {
        ui.line(String::new());
        story(ui, d, &limit);
    }
    Ok(0)
}

/// The alerts of `git orx metrics` over all of history, of every kind,
/// each with what to check.
fn alerts(ui: &mut Ui, ws: &orx::repo::workspace::Workspace) -> orx::Result<()> {
    let all = super::metrics::measured(
        ui,
        ws,
        None,
        &orx::kinds::metrics::Options {
            now: super::now_seconds(),
            keep: super::build_id(),
            ..Default::default()
        },
    )?;
    let alerts: Vec<&orx::kinds::metrics::Alert> =
        all.iter().flat_map(|(_, m)| &m.alerts).collect();
    for a in &alerts {
        ui.line(format!(
            "{} {}",
            paint(YELLOW, ui.t("alert", &[])),
            escape(&ui.m(&a.said))
        ));
        ui.line(ui.t("check-text", &[("text", &ui.m(&a.advice))]));
    }
    if !alerts.is_empty() {
        ui.line(String::new());
    }
    Ok(())
}

fn story(ui: &mut Ui, d: &Diagnosis, limit: &str) {
    ui.line(format!(
        "{} {} — {}",
        d.kind,
        paint(BOLD, escape(&d.id)),
        escape(&d.title)
    ));
    let state = paint(BOLD, &d.status);
    let stay = match (&d.hours_in_state, &d.since) {
        (Some(h), Some(since)) => ui.t(
            "state-for-time-since",
            &[
                ("state", &state),
                ("time", &hours(*h)),
                ("since", &since[..16.min(since.len())].replace('T', " ")),
            ],
        ),
        _ => ui.t("state-change-not-committed", &[("state", &state)]),
    };
    let verdict = if d.stuck {
        paint(YELLOW, ui.t("stuck-longer-than", &[("limit", &limit)]))
    } else {
        paint(DIM, ui.t("not-stuck", &[]))
    };
    ui.line(ui.t("stay-verdict", &[("stay", &stay), ("verdict", &verdict)]));
    match &d.responsible {
        Some(r) => ui.line(ui.t("responsible-roles", &[("roles", &ui.role(r))])),
        None => ui.line(ui.t("responsible-nobody-terminal", &[])),
    }
    if let Some(h) = &d.handoff {
        for (i, l) in h.lines().enumerate() {
            let l = paint(GREEN, escape(l));
            ui.line(match i {
                0 => ui.t("next-text-3", &[("text", &l)]),
                _ => format!("        {l}"),
            });
        }
    }
    if !d.moves.is_empty() {
        ui.line(ui.t("moves-state", &[("state", &d.status)]));
    }
    for m in &d.moves {
        let unmet: Vec<_> = m.conditions.iter().filter(|c| !c.holds).collect();
        let verdict = if m.allowed {
            paint(GREEN, ui.t("every-precondition-met", &[]))
        } else if unmet.is_empty() {
            paint(RED, ui.t("not-allowed", &[]))
        } else {
            paint(RED, ui.t("n-preconditions-not-met", &[("n", &unmet.len())]))
        };
        ui.line(format!(
            "    -> {} [{}]: {verdict}",
            m.to,
            ui.roles(&m.roles)
        ));
        // Refused by a rule beyond its conditions (what it waits for, the
        // evidence it needs, the role): said as the move's own refusal.
        if let (true, Some(r)) = (unmet.is_empty(), &m.refused) {
            let message = super::refusal(ui.voice(), &r.refusal);
            ui.wrap(format!("       ✗ {message}"), 9);
        }
        for c in unmet {
            ui.line(format!("       ✗ {}", escape(&ui.condition(c))));
        }
    }
    if d.refusals.is_empty() {
        ui.line(paint(DIM, ui.t("no-refusals-logged", &[])));
        return;
    }
    ui.line(ui.t("recent-refusals", &[]));
    for r in &d.refusals {
        let moved = match (&r.from, &r.to) {
            (Some(f), Some(t)) if f != t => format!(" {f} -> {t}"),
            (Some(f), _) => format!(" in {f}"),
            _ => String::new(),
        };
        let who = r
            .role
            .as_deref()
            .map(|x| format!(" as {}", ui.role(x)))
            .unwrap_or_default();
        ui.line(format!(
            "    {} {}{moved}{who}: {}",
            paint(DIM, r.time[..16.min(r.time.len())].replace('T', " ")),
            escape(&r.source),
            paint(YELLOW, &r.rule)
        ));
        for line in r.message.lines() {
            ui.line(paint(DIM, format!("      {}", escape(line))));
        }
    }
}

/// `3d 4h`, `5h 10m`, `12m`.
fn hours(h: f64) -> String {
    let minutes = (h * 60.0).round() as i64;
    let (d, rest) = (minutes / 1440, minutes % 1440);
    let (hh, mm) = (rest / 60, rest % 60);
    match (d, hh, mm) {
        (0, 0, m) => format!("{m}m"),
        (0, h, 0) => format!("{h}h"),
        (0, h, m) => format!("{h}h {m}m"),
        (d, 0, _) => format!("{d}d"),
        (d, h, _) => format!("{d}d {h}h"),
    }
}
