//! `git orx metrics`

use orx::history::metrics::Durations;
use orx::kinds::metrics::{self, Metrics, Options};
use orx::kinds::story::metrics::percent;
use orx::text::escape;

use super::log::period;
use super::{BOLD, RED, Ui, YELLOW, paint};

/// How the process performs, from history, for every kind of the
/// repository (or the one `--kind` names): time in each state, cycle time
/// (to a terminal state), throughput and the items stuck now (as `doctor`
/// judges them); for a kind whose workflow declares the story's figures
/// (`figures: story`) also quality, review rounds, auto-approval,
/// escalation, SM revision success, Dev first pass — and the alerts past
/// the thresholds of .orx/config.yaml (`alerts:`).
#[derive(clap::Args)]
pub struct Args {
    /// Only changes at or after this time, as git takes it (2026-01-31,
    /// yesterday, "2 weeks ago", RFC 3339).
    #[arg(long, value_name = "DATE")]
    since: Option<String>,
    /// Only changes before this time, as git takes it (2026-02-01: before
    /// that day).
    #[arg(long, value_name = "DATE")]
    until: Option<String>,
    /// Only the items of this kind (default: every kind history has items
    /// of, and the default kind, story, always).
    #[arg(long, value_name = "KIND")]
    kind: Option<String>,
    /// Exit 1 when an alert of any kind measured fires (for CI).
    #[arg(long)]
    check: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let (since, until) = period(&ws.repo, &args.since, &args.until)?;
    let opts = Options {
        since,
        until,
        now: super::now_seconds(),
        keep: super::build_id(),
    };
    let all: Vec<Metrics> = measured(ui, &ws, args.kind.as_deref(), &opts)?
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    let code = u8::from(args.check && all.iter().any(|m| !m.alerts.is_empty()));
    if ui.is_json() {
        ui.json(&super::output::history::Metrics {
            version: super::output::Version,
            kinds: &all,
        });
        return Ok(code);
    }
    for (i, m) in all.iter().enumerate() {
        if i > 0 {
            ui.line(String::new());
        }
        print(ui, m);
    }
    Ok(code)
}

/// The metrics of `kind` (looked up once), else of every kind of the
/// repository that history has items of, the default kind first and
/// always; every kind counted in one pass.
pub fn measured<'w>(
    ui: &Ui,
    ws: &'w orx::repo::workspace::Workspace,
    kind: Option<&str>,
    opts: &Options,
) -> orx::Result<Vec<(&'w orx::workflow::kind::Kind, Metrics)>> {
    let only = match kind {
        Some(name) => Some(ws.kind(name)?),
        None => None,
    };
    metrics::measure_kinds(
        &ws.repo,
        ws,
        only,
        opts,
        &mut super::history_progress(ui.voice()),
    )
}

/// The stuck items the text lists per kind, longest first (`--json` and
/// `doctor` list them all).
const STUCK_SHOWN: usize = 10;

fn print(ui: &mut Ui, m: &Metrics) {
    let num = |v: Option<f64>| v.map_or("-".to_owned(), |v| format!("{v:.2}"));
    let pct = |v: Option<f64>| v.map_or("-".to_owned(), percent);
    ui.line(paint(
        BOLD,
        ui.t(
            "n-items-changed-kind",
            &[("n", &m.items), ("kind", &escape(&m.kind))],
        ),
    ));
    ui.line(paint(BOLD, ui.t("lifecycle-mean-median-p90", &[])));
    for (state, d) in &m.time_in_state {
        ui.line(format!("  {:<20} {}", escape(state), durations(d)));
    }
    ui.line(ui.t("cycle-time-v", &[("v", &durations(&m.cycle_time))]));
    ui.line(ui.t("throughput-v", &[("v", &m.throughput)]));
    // The kind's own figures, when its workflow declares them.
    ui.line(ui.t("stuck-n", &[("n", &m.stuck.len())]));
    for s in m.stuck.iter().take(STUCK_SHOWN) {
        ui.line(ui.t(
            "stuck-item-state-for",
            &[
                ("id", &escape(&s.id)),
                ("state", &escape(&s.state)),
                ("time", &span(s.hours_in_state * 3600.0)),
                ("since", &s.since),
            ],
        ));
    }
    if m.stuck.len() > STUCK_SHOWN {
        ui.line(ui.t("stuck-n-more", &[("n", &(m.stuck.len() - STUCK_SHOWN))]));
    }
    if let Some(f) = m.story() {
        ui.line(paint(BOLD, ui.t("quality", &[])));
        ui.line(ui.t("mean-quality-score-v", &[("v", &num(f.avg_quality_score))]));
        ui.line(ui.t(
            "structure-pass-rate-v",
            &[("v", &pct(f.structure_pass_rate))],
        ));
        ui.line(paint(BOLD, ui.t("review-efficiency", &[])));
        ui.line(ui.t(
            "mean-review-rounds-architect-qa",
            &[
                ("a", &num(f.avg_review_rounds.architect)),
                ("q", &num(f.avg_review_rounds.qa)),
            ],
        ));
        ui.line(ui.t("auto-approval-rate-v", &[("v", &pct(f.auto_approval_rate))]));
        ui.line(ui.t("escalation-rate-v", &[("v", &pct(f.escalation_rate))]));
        ui.line(paint(BOLD, ui.t("agent-performance", &[])));
        ui.line(ui.t(
            "sm-revision-success-rate-v",
            &[("v", &pct(f.sm_revision_success_rate))],
        ));
        ui.line(ui.t(
            "dev-first-pass-rate-v",
            &[("v", &pct(f.dev_first_pass_rate))],
        ));
    }
    if m.alerts.is_empty() {
        ui.line(ui.t("no-alerts", &[]));
    }
    for a in &m.alerts {
        let message = ui.m(&a.said);
        ui.line(format!("{} {message}", paint(RED, ui.t("alert", &[]))));
    }
}

/// `2d 3h / 1d 0h / 4d 2h (12)`.
fn durations(d: &Durations) -> String {
    match (d.mean, d.median, d.p90) {
        (Some(a), Some(b), Some(c)) => format!(
            "{} / {} / {} ({})",
            span(a),
            span(b),
            span(c),
            paint(YELLOW, d.count)
        ),
        _ => "-".to_owned(),
    }
}

/// A duration in seconds, to the two largest units.
fn span(secs: f64) -> String {
    let s = secs.round() as i64;
    let (d, h, m) = (s / 86_400, s % 86_400 / 3_600, s % 3_600 / 60);
    if d > 0 {
        format!("{d}d {h}h")
    } else if h > 0 {
        format!("{h}h {m}m")
    } else if m > 0 {
        format!("{m}m {}s", s % 60)
    } else {
        format!("{s}s")
    }
}
