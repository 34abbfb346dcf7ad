//! `git orx metrics`

use orx::kinds::story::metrics::{self, Durations, Metrics, Options, percent};
use orx::text::escape;

use super::log::period;
use super::{BOLD, RED, Ui, YELLOW, paint};

/// How the process performs, from history: time in each state, cycle
/// time (to a terminal state) and throughput for any kind; for stories
/// (a workflow with `figures: story`) also quality, review rounds,
/// auto-approval, escalation, SM revision success, Dev first pass — and
/// the alerts past the thresholds of .orx/config.yaml (`alerts:`).
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
    /// The kind of item measured (default: story, the kind `git orx new`
    /// makes when given none).
    #[arg(long, value_name = "KIND")]
    kind: Option<String>,
    /// Exit 1 when an alert fires (for CI).
    #[arg(long)]
    check: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let (since, until) = period(&ws.repo, &args.since, &args.until)?;
    // The kind named on the command line, looked up once.
    let kind = ws.kind(args.kind.as_deref().unwrap_or(ws.default_kind()))?;
    kind.workflow()?;
    let opts = Options {
        since,
        until,
        keep: super::build_id(),
        ..Options::default()
    };
    let m = metrics::measure(
        &ws.repo,
        &ws,
        kind,
        &opts,
        &mut super::history_progress(ui.voice()),
    )?;
    let code = u8::from(args.check && !m.alerts.is_empty());
    if ui.is_json() {
        ui.json(&super::output::history::Metrics {
            version: super::output::Version,
            metrics: &m,
        });
        return Ok(code);
    }
    print(ui, &m);
    Ok(code)
}

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
    if m.figures.is_some() {
        ui.line(paint(BOLD, ui.t("quality", &[])));
        ui.line(ui.t("mean-quality-score-v", &[("v", &num(m.avg_quality_score))]));
        ui.line(ui.t(
            "structure-pass-rate-v",
            &[("v", &pct(m.structure_pass_rate))],
        ));
        ui.line(paint(BOLD, ui.t("review-efficiency", &[])));
        ui.line(ui.t(
            "mean-review-rounds-architect-qa",
            &[
                ("a", &num(m.avg_review_rounds.architect)),
                ("q", &num(m.avg_review_rounds.qa)),
            ],
        ));
        ui.line(ui.t("auto-approval-rate-v", &[("v", &pct(m.auto_approval_rate))]));
        ui.line(ui.t("escalation-rate-v", &[("v", &pct(m.escalation_rate))]));
        ui.line(paint(BOLD, ui.t("agent-performance", &[])));
        ui.line(ui.t(
            "sm-revision-success-rate-v",
            &[("v", &pct(m.sm_revision_success_rate))],
        ));
        ui.line(ui.t(
            "dev-first-pass-rate-v",
            &[("v", &pct(m.dev_first_pass_rate))],
        ));
    }
    if m.alerts.is_empty() {
        ui.line(ui.t("no-alerts", &[]));
    }
    for a in &m.alerts {
        let message = ui.m(&a.said());
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
