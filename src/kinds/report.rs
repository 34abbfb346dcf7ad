//! `git orx report`: one self-contained HTML page (no network, no external
//! file: styles inline, charts inline SVG drawn here, a Content Security
//! Policy that forbids every fetch) with a section per kind: the
//! cumulative flow of its items through their states, the time spent in
//! each state, the items stuck now, the kind's own figures (a story's
//! review rounds), the alerts and each item's timeline — all from the
//! audit trail. The page's words are English, and name each section's
//! kind ("outage items"), never one kind for another.
//!
//! The charts are hand-made SVG: a plotting crate would need a font
//! backend for its labels, where the browser lays out `<text>` itself.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use crate::history::audit::Entry;
use crate::kinds::metrics::Metrics;
use crate::kinds::story::metrics::percent;

/// The timelines shown at most per kind (the most recently active items).
pub const TIMELINE_MAX: usize = 40;

/// One alert, as the report shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Alert {
    pub name: String,
    pub value: String,
    pub threshold: String,
    pub advice: String,
}

/// What one kind's section is drawn from.
pub struct Input<'a> {
    /// The kind shown (`story`).
    pub kind: String,
    /// Seconds since the epoch; the end of every open stay.
    pub now: i64,
    /// The workflow's states, in its order.
    pub states: Vec<String>,
    pub terminal: Vec<String>,
    /// The kind's audit entries, oldest first (those that change no
    /// state are not shown).
    pub entries: &'a [Entry],
    /// Per item, how many Architect and QA rounds it has had (none: the
    /// kind has no review rounds, its workflow declaring no story
    /// figures).
    pub rounds: Option<Vec<(String, u32, u32)>>,
    /// Headline figures: label, value.
    pub figures: Vec<(String, String)>,
    /// The items stuck now: ID, state, how long.
    pub stuck: Vec<(String, String, String)>,
    pub alerts: Vec<Alert>,
}

/// The report of the repository's items of each of `kinds` as of `now`
/// (seconds since the epoch), each with its metrics (its figures and
/// alerts, explained with what to check): a section per kind, in that
/// order.
pub fn report(
    ws: &crate::repo::workspace::Workspace,
    now: i64,
    kinds: &[(&crate::workflow::kind::Kind, &Metrics)],
    progress: crate::history::cache::Progress,
) -> crate::Result<String> {
    // The page shows the changes of state: only those are kept, without
    // the fields and records they also set; every kind's in one pass.
    let mut entries: HashMap<String, Vec<Entry>> = kinds
        .iter()
        .map(|(k, _)| (k.name().to_owned(), Vec::new()))
        .collect();
    crate::history::audit::log_each(
        &ws.repo,
        ws,
        &crate::history::audit::Options {
            kind: match kinds {
                [(one, _)] => Some(one.name().to_owned()),
                _ => None,
            },
            reverse: true,
            ..Default::default()
        },
        progress,
        &mut |mut e| {
            if e.from != e.to
                && let Some(mine) = entries.get_mut(&e.kind)
            {
                e.fields = Vec::new();
                e.records = Vec::new();
                e.details = Vec::new();
                mine.push(e);
            }
        },
    )?;
    let mut sections = Vec::new();
    for (kind, metrics) in kinds {
        let wf = kind.workflow()?;
        let rounds = match metrics.story() {
            Some(_) => Some(rounds(ws, kind)?),
            None => None,
        };
        sections.push(Input {
            kind: wf.name.clone(),
            now,
            states: wf.states.iter().map(|s| s.name.clone()).collect(),
            terminal: wf.terminal_states(),
            entries: entries.get(kind.name()).map_or(&[], Vec::as_slice),
            rounds,
            figures: figures(metrics),
            stuck: metrics
                .stuck
                .iter()
                .map(|s| (s.id.clone(), s.state.clone(), span(s.hours_in_state)))
                .collect(),
            alerts: metrics.alerts.iter().map(alert).collect(),
        });
    }
    let name = ws
        .root()
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let title = match kinds {
        [(one, m)] if m.figures.is_none() => format!("git-orx report: {name} ({})", one.name()),
        _ => format!("git-orx report: {name}"),
    };
    Ok(render(&title, now, &sections))
}

/// Each item's Architect and QA review rounds (a story's `rounds`).
fn rounds(
    ws: &crate::repo::workspace::Workspace,
    kind: &crate::workflow::kind::Kind,
) -> crate::Result<Vec<(String, u32, u32)>> {
    let mut rounds = Vec::new();
    for rel in ws.item_listing(kind)?.0 {
        let Ok(item) = crate::engine::item::Item::read(ws.registry(), ws.root(), &rel) else {
            continue;
        };
        if item.kind != *kind {
            continue;
        }
        let v = item.value();
        let n = |who: &str| v["rounds"][who].as_u64().map_or(0, |n| n.min(1000) as u32);
        rounds.push((item.id.clone(), n("architect"), n("qa")));
    }
    Ok(rounds)
}

/// The headline figures of the metrics.
fn figures(m: &Metrics) -> Vec<(String, String)> {
    let pct = |v: Option<f64>| v.map_or("–".to_owned(), percent);
    let num = |v: Option<f64>| v.map_or("–".to_owned(), |v| format!("{v:.2}"));
    let hours = |s: Option<f64>| s.map_or("–".to_owned(), |s| span(s / 3600.0));
    let mut out = vec![
        (
            "median cycle time (created → terminal state)".to_owned(),
            hours(m.cycle_time.median),
        ),
        ("throughput".to_owned(), m.throughput.to_string()),
        ("stuck now".to_owned(), m.stuck.len().to_string()),
    ];
    let Some(f) = m.story() else {
        return out;
    };
    out.extend([
        ("mean quality score".to_owned(), num(f.avg_quality_score)),
        (
            "structure validation pass rate".to_owned(),
            pct(f.structure_pass_rate),
        ),
        (
            "mean Architect review rounds".to_owned(),
            num(f.avg_review_rounds.architect),
        ),
        (
            "mean QA review rounds".to_owned(),
            num(f.avg_review_rounds.qa),
        ),
        ("auto-approval rate".to_owned(), pct(f.auto_approval_rate)),
        ("escalation rate".to_owned(), pct(f.escalation_rate)),
        (
            "SM revision success rate".to_owned(),
            pct(f.sm_revision_success_rate),
        ),
        ("Dev first-pass rate".to_owned(), pct(f.dev_first_pass_rate)),
    ]);
    out
}

/// An alert with what to check when it fires.
fn alert(a: &crate::kinds::metrics::Alert) -> Alert {
    let show = |v: f64| {
        if a.rate {
            percent(v)
        } else {
            format!("{v:.2}")
        }
    };
    Alert {
        name: a.message.clone(),
        value: show(a.value),
        threshold: show(a.threshold),
        advice: a.advice.to_string(),
    }
}

/// One stay of an item in a state.
#[derive(Clone, Debug, PartialEq)]
pub struct Stay {
    pub id: String,
    pub state: String,
    pub start: i64,
    /// None while it is still there.
    pub end: Option<i64>,
}

/// Every item's stays, from its changes of state (oldest first).
pub fn stays(entries: &[Entry]) -> Vec<Stay> {
    let mut open: HashMap<&str, usize> = HashMap::new();
    let mut out: Vec<Stay> = Vec::new();
    for e in entries.iter().filter(|e| e.from != e.to) {
        let t = e.timestamp;
        if let Some(i) = open.remove(e.id.as_str()) {
            out[i].end = Some(t);
        }
        if let Some(to) = &e.to {
            open.insert(&e.id, out.len());
            out.push(Stay {
                id: e.id.clone(),
                state: to.clone(),
                start: t,
                end: None,
            });
        }
    }
    out
}

/// `count` quantile of sorted values (linear interpolation).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let pos = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

/// Text safe inside HTML (and SVG) text and attribute values.
pub fn esc(s: &str) -> String {
    let s = crate::text::escape(s);
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const PALETTE: &[&str] = &[
    "#9aa5b1", "#d64545", "#f0b429", "#e8833a", "#4c9ee8", "#2d6fcf", "#8e6bd6", "#3ead73",
    "#c6459b", "#7c8a99", "#5bc0be", "#b08968",
];

fn color(states: &[String], state: &str) -> &'static str {
    let i = states
        .iter()
        .position(|s| s == state)
        .unwrap_or(states.len());
    PALETTE[i % PALETTE.len()]
}

fn date(t: i64) -> String {
    stamp(t, "%Y-%m-%d")
}

fn stamp(t: i64, format: &str) -> String {
    jiff::Timestamp::from_second(t)
        .map(|t| t.strftime(format).to_string())
        .unwrap_or_default()
}

/// `3.5 h`, `2.1 d`.
fn span(hours: f64) -> String {
    if hours >= 48.0 {
        format!("{:.1} d", hours / 24.0)
    } else if hours >= 1.0 {
        format!("{hours:.1} h")
    } else if hours * 60.0 >= 1.0 {
        format!("{:.0} min", hours * 60.0)
    } else {
        format!("{:.0} s", hours * 3600.0)
    }
}

/// The page: `title`, then a section per kind.
pub fn render(title: &str, now: i64, sections: &[Input]) -> String {
    let mut page = String::with_capacity(64 * 1024);
    let title = esc(title);
    let _ = write!(
        page,
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<script>window.addEventListener('error', function (e) {{ document.documentElement.setAttribute('data-error', String(e.message)); }});</script>
<style>
body {{ font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2933; margin: 0 auto; max-width: 1100px; padding: 16px 24px 48px; }}
h1 {{ font-size: 22px; margin: 8px 0 2px; }}
h2 {{ font-size: 19px; margin: 36px 0 4px; border-bottom: 2px solid #9aa5b1; padding-bottom: 4px; }}
h3 {{ font-size: 16px; margin: 24px 0 8px; border-bottom: 1px solid #d9e2ec; padding-bottom: 4px; }}
.sub {{ color: #616e7c; margin: 0 0 12px; }}
.figures {{ display: flex; flex-wrap: wrap; gap: 10px; }}
.figure {{ border: 1px solid #d9e2ec; border-radius: 6px; padding: 8px 12px; min-width: 150px; }}
.figure b {{ display: block; font-size: 18px; }}
.figure span {{ color: #616e7c; font-size: 12px; }}
table {{ border-collapse: collapse; }}
td, th {{ text-align: left; padding: 4px 12px 4px 0; vertical-align: top; }}
.alert td:first-child {{ color: #c62828; font-weight: 600; }}
.ok {{ color: #2e7d32; }}
svg.chart {{ display: block; max-width: 100%; height: auto; }}
svg text {{ font: 11px system-ui, sans-serif; fill: #3e4c59; }}
.legend {{ display: flex; flex-wrap: wrap; gap: 12px; margin: 6px 0; font-size: 12px; }}
.legend i {{ display: inline-block; width: 11px; height: 11px; margin-right: 4px; vertical-align: -1px; border-radius: 2px; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p class="sub">{} · as of {}</p>
"#,
        sections
            .iter()
            .map(|s| esc(&s.kind))
            .collect::<Vec<_>>()
            .join(", "),
        jiff::Timestamp::from_second(now)
            .map(|t| t.strftime("%Y-%m-%d %H:%M UTC").to_string())
            .unwrap_or_default()
    );
    for input in sections {
        section(&mut page, input);
    }
    page.push_str(
        "<script>document.documentElement.setAttribute('data-charts', String(document.querySelectorAll('svg.chart').length));</script>\n</body>\n</html>\n",
    );
    page
}

/// One kind's section.
fn section(page: &mut String, input: &Input) {
    let stays = stays(input.entries);
    let kind = esc(&input.kind);
    let items = stays
        .iter()
        .map(|s| s.id.as_str())
        .collect::<std::collections::HashSet<_>>()
        .len();
    let _ = write!(
        page,
        "<section class=\"kind\" id=\"kind-{kind}\">\n<h2>{}</h2>\n<p class=\"sub\">{items} {kind} {} · {} changes of state</p>\n",
        esc(&crate::text::capitalized(&input.kind)),
        if items == 1 { "item" } else { "items" },
        input.entries.iter().filter(|e| e.from != e.to).count(),
    );
    if !input.figures.is_empty() {
        page.push_str("<div class=\"figures\">\n");
        for (label, value) in &input.figures {
            let _ = writeln!(
                page,
                "<div class=\"figure\"><b>{}</b><span>{}</span></div>",
                esc(value),
                esc(label)
            );
        }
        page.push_str("</div>\n");
    }
    page.push_str("<h3>Alerts</h3>\n");
    if input.alerts.is_empty() {
        page.push_str(
            "<p class=\"ok no-alerts\">No alert: every measure is within its threshold.</p>\n",
        );
    } else {
        page.push_str("<table class=\"alert alerts\">\n<tr><th>alert</th><th>value</th><th>threshold</th><th>what to check</th></tr>\n");
        for a in &input.alerts {
            let _ = writeln!(
                page,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(&a.name),
                esc(&a.value),
                esc(&a.threshold),
                esc(&a.advice)
            );
        }
        page.push_str("</table>\n");
    }
    page.push_str("<h3>Stuck now</h3>\n");
    if input.stuck.is_empty() {
        let _ = writeln!(
            page,
            "<p class=\"ok no-stuck\">No {kind} item is stuck.</p>"
        );
    } else {
        page.push_str(
            "<table class=\"stuck\">\n<tr><th>item</th><th>state</th><th>for</th></tr>\n",
        );
        for (id, state, time) in &input.stuck {
            let _ = writeln!(
                page,
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(id),
                esc(state),
                esc(time)
            );
        }
        page.push_str("</table>\n");
    }
    let legend = legend(&input.states);
    page.push_str("<h3>Cumulative flow</h3>\n");
    page.push_str(&legend);
    page.push_str(&cumulative_flow(input, &stays));
    page.push_str("<h3>Time in state</h3>\n<p class=\"sub\">Each finished stay; the box spans the middle half, the line is the median, whiskers reach the extremes.</p>\n");
    page.push_str(&time_in_state(input, &stays));
    if let Some(rounds) = &input.rounds {
        page.push_str("<h3>Review rounds</h3>\n<p class=\"sub\">Items by the number of review rounds they had.</p>\n");
        page.push_str(&review_rounds(&input.kind, rounds));
    }
    let _ = writeln!(
        page,
        "<h3>{} timelines</h3>",
        esc(&crate::text::capitalized(&input.kind))
    );
    page.push_str(&legend);
    page.push_str(&timelines(input, &stays));
    page.push_str("</section>\n");
}

fn legend(states: &[String]) -> String {
    let mut s = String::from("<div class=\"legend\">");
    for st in states {
        let _ = write!(
            s,
            "<span><i style=\"background:{}\"></i>{}</span>",
            color(states, st),
            esc(st)
        );
    }
    s.push_str("</div>\n");
    s
}

fn svg_open(name: &str, w: u32, h: u32, label: &str) -> String {
    format!(
        "<svg class=\"chart\" data-chart=\"{name}\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" aria-label=\"{}\">\n",
        esc(label)
    )
}

/// The time axis of the flow and the timelines.
fn time_range(input: &Input, stays: &[Stay]) -> (i64, i64) {
    let start = stays.iter().map(|s| s.start).min().unwrap_or(input.now);
    let end = input.now.max(start + 1);
    (start, end)
}

fn time_ticks(out: &mut String, x0: f64, width: f64, y: f64, start: i64, end: i64) {
    let n = 6;
    let format = if end - start < 3 * 86_400 {
        "%m-%d %H:%M"
    } else {
        "%Y-%m-%d"
    };
    for i in 0..=n {
        let t = start + (end - start) * i / n;
        let x = x0 + width * i as f64 / n as f64;
        let anchor = match i {
            0 => "start",
            i if i == n => "end",
            _ => "middle",
        };
        let _ = writeln!(
            out,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{anchor}\">{}</text>",
            stamp(t, format)
        );
    }
}

/// Stacked areas: how many items were in each state over time.
fn cumulative_flow(input: &Input, stays: &[Stay]) -> String {
    let (w, h) = (1000.0, 320.0);
    let (left, right, top, bottom) = (50.0, 10.0, 10.0, 30.0);
    let (pw, ph) = (w - left - right, h - top - bottom);
    let mut out = svg_open(
        "cumulative-flow",
        w as u32,
        h as u32,
        &format!("cumulative flow of {} items by state", input.kind),
    );
    if stays.is_empty() {
        let _ = writeln!(
            out,
            "<text x=\"500\" y=\"160\" text-anchor=\"middle\">No {} item has changed state yet.</text>\n</svg>",
            esc(&input.kind)
        );
        return out;
    }
    let (start, end) = time_range(input, stays);
    let samples = 200usize;
    let times: Vec<i64> = (0..=samples)
        .map(|i| start + (end - start) * i as i64 / samples as i64)
        .collect();
    // Bottom to top: the terminal states first, then the others backwards.
    let mut order: Vec<&String> = input
        .states
        .iter()
        .filter(|s| input.terminal.contains(s))
        .collect();
    order.extend(
        input
            .states
            .iter()
            .rev()
            .filter(|s| !input.terminal.contains(s)),
    );
    let mut counts: Vec<Vec<u32>> = vec![vec![0; order.len()]; times.len()];
    for s in stays {
        let Some(k) = order.iter().position(|o| **o == s.state) else {
            continue;
        };
        for (i, t) in times.iter().enumerate() {
            if s.start <= *t && s.end.is_none_or(|e| e > *t) {
                counts[i][k] += 1;
            }
        }
    }
    let max = counts
        .iter()
        .map(|c| c.iter().sum::<u32>())
        .max()
        .unwrap_or(0)
        .max(1);
    let x = |i: usize| left + pw * i as f64 / samples as f64;
    let y = |v: u32| top + ph - ph * f64::from(v) / f64::from(max);
    // Axes and grid.
    for g in 0..=4u32 {
        let v = max * g / 4;
        let _ = writeln!(
            out,
            "<line x1=\"{left}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#e4e7eb\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>",
            left + pw,
            y(v),
            y(v),
            left - 6.0,
            y(v) + 4.0
        );
    }
    for k in 0..order.len() {
        let below: Vec<u32> = counts.iter().map(|c| c[..k].iter().sum()).collect();
        let above: Vec<u32> = counts.iter().map(|c| c[..=k].iter().sum()).collect();
        if above == below {
            continue;
        }
        let mut d = String::new();
        for (i, v) in above.iter().enumerate() {
            let _ = write!(
                d,
                "{}{:.1},{:.1} ",
                if i == 0 { "M" } else { "L" },
                x(i),
                y(*v)
            );
        }
        for (i, v) in below.iter().enumerate().rev() {
            let _ = write!(d, "L{:.1},{:.1} ", x(i), y(*v));
        }
        let _ = writeln!(
            out,
            "<path d=\"{}Z\" fill=\"{}\" fill-opacity=\"0.9\"><title>{}</title></path>",
            d,
            color(&input.states, order[k]),
            esc(order[k])
        );
    }
    time_ticks(&mut out, left, pw, h - 10.0, start, end);
    out.push_str("</svg>\n");
    out
}

/// A box plot per state of the hours each finished stay lasted.
fn time_in_state(input: &Input, stays: &[Stay]) -> String {
    let mut by_state: BTreeMap<usize, (String, Vec<f64>)> = BTreeMap::new();
    for s in stays {
        let Some(end) = s.end else { continue };
        let i = input
            .states
            .iter()
            .position(|x| *x == s.state)
            .unwrap_or(usize::MAX);
        by_state
            .entry(i)
            .or_insert_with(|| (s.state.clone(), Vec::new()))
            .1
            .push((end - s.start) as f64 / 3600.0);
    }
    let rows = by_state.len().max(1);
    let (w, row_h) = (1000.0, 34.0);
    let (left, right, top) = (150.0, 150.0, 10.0);
    let h = top + row_h * rows as f64 + 30.0;
    let pw = w - left - right;
    let mut out = svg_open(
        "time-in-state",
        w as u32,
        h as u32,
        "time in each state, per finished stay",
    );
    if by_state.is_empty() {
        out.push_str("<text x=\"500\" y=\"30\" text-anchor=\"middle\">No stay has ended yet.</text>\n</svg>\n");
        return out;
    }
    let max = by_state
        .values()
        .flat_map(|(_, v)| v.iter().copied())
        .fold(0.0f64, f64::max)
        .max(1.0 / 60.0);
    // A square-root scale keeps short stays apart when a few are long.
    let x = |hours: f64| left + pw * (hours / max).sqrt();
    for (row, (state, values)) in by_state.values_mut().enumerate() {
        values.sort_by(f64::total_cmp);
        let cy = top + row_h * row as f64 + row_h / 2.0;
        let c = color(&input.states, state);
        let (min, q1, med, q3, mx) = (
            values[0],
            quantile(values, 0.25),
            quantile(values, 0.5),
            quantile(values, 0.75),
            values[values.len() - 1],
        );
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 10.0,
            cy + 4.0,
            esc(state)
        );
        let _ = writeln!(
            out,
            "<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{cy:.1}\" y2=\"{cy:.1}\" stroke=\"{c}\" stroke-width=\"1.5\"/>",
            x(min),
            x(mx)
        );
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{c}\" fill-opacity=\"0.35\" stroke=\"{c}\"><title>{}: median {}, {} stays</title></rect>",
            x(q1),
            cy - 10.0,
            (x(q3) - x(q1)).max(1.5),
            20.0,
            esc(state),
            span(med),
            values.len()
        );
        let _ = writeln!(
            out,
            "<line x1=\"{0:.1}\" x2=\"{0:.1}\" y1=\"{1:.1}\" y2=\"{2:.1}\" stroke=\"#1f2933\" stroke-width=\"2\"/>",
            x(med),
            cy - 10.0,
            cy + 10.0
        );
        for v in values.iter() {
            let _ = writeln!(
                out,
                "<circle cx=\"{:.1}\" cy=\"{cy:.1}\" r=\"2.2\" fill=\"{c}\"/>",
                x(*v)
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">median {} · n={}</text>",
            w - right + 10.0,
            cy + 4.0,
            span(med),
            values.len()
        );
    }
    let axis_y = top + row_h * rows as f64 + 18.0;
    for f in [0.0, 0.1, 0.25, 0.5, 1.0] {
        let hours = max * f;
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{axis_y:.1}\" text-anchor=\"middle\">{}</text>",
            x(hours),
            if f == 0.0 {
                "0".to_owned()
            } else {
                span(hours)
            }
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Bars: how many items had 0, 1, 2, 3 or more rounds, per reviewer.
fn review_rounds(kind: &str, rounds: &[(String, u32, u32)]) -> String {
    let buckets = ["0", "1", "2", "3", "4+"];
    let count = |pick: &dyn Fn(&(String, u32, u32)) -> u32| -> Vec<u32> {
        let mut c = vec![0u32; buckets.len()];
        for r in rounds {
            c[(pick(r) as usize).min(buckets.len() - 1)] += 1;
        }
        c
    };
    let groups = [
        ("Architect", count(&|r| r.1), "#8e6bd6"),
        ("QA", count(&|r| r.2), "#2d6fcf"),
    ];
    let (w, h) = (1000.0, 240.0);
    let (left, top, bottom) = (50.0, 24.0, 40.0);
    let ph = h - top - bottom;
    let max = groups
        .iter()
        .flat_map(|g| g.1.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut out = svg_open(
        "review-rounds",
        w as u32,
        h as u32,
        &format!("{kind} items by number of review rounds"),
    );
    let group_w = (w - left) / groups.len() as f64;
    let bar_w = group_w / (buckets.len() as f64 + 1.5);
    for (g, (name, counts, c)) in groups.iter().enumerate() {
        let gx = left + group_w * g as f64;
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"14\" text-anchor=\"middle\" font-weight=\"600\">{name} rounds</text>",
            gx + bar_w * buckets.len() as f64 / 2.0
        );
        for (i, n) in counts.iter().enumerate() {
            let bh = ph * f64::from(*n) / f64::from(max);
            let x = gx + bar_w * i as f64;
            let _ = writeln!(
                out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"{c}\"><title>{name}: {n} {} items with {} rounds</title></rect>",
                x + 3.0,
                top + ph - bh,
                bar_w - 6.0,
                esc(kind),
                buckets[i]
            );
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{n}</text>",
                x + bar_w / 2.0,
                top + ph - bh - 4.0
            );
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                x + bar_w / 2.0,
                h - bottom + 16.0,
                buckets[i]
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A row per item: its stays as coloured segments on the time axis.
fn timelines(input: &Input, stays: &[Stay]) -> String {
    // The most recently active items first.
    let mut last: HashMap<&str, i64> = HashMap::new();
    for s in stays {
        let e = last.entry(&s.id).or_insert(s.start);
        *e = (*e).max(s.start);
    }
    let mut ids: Vec<(&str, i64)> = last.into_iter().collect();
    ids.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    let shown = ids.len().min(TIMELINE_MAX);
    let (w, row_h) = (1000.0, 20.0);
    let (left, right, top) = (80.0, 10.0, 6.0);
    let h = top + row_h * shown.max(1) as f64 + 28.0;
    let pw = w - left - right;
    let mut out = String::new();
    if ids.len() > shown {
        let _ = writeln!(
            out,
            "<p class=\"sub\">The {shown} most recently active of {} {} items.</p>",
            ids.len(),
            esc(&input.kind)
        );
    }
    out.push_str(&svg_open(
        "timelines",
        w as u32,
        h as u32,
        &format!("each {} item's states over time", input.kind),
    ));
    let (start, end) = time_range(input, stays);
    let x = |t: i64| left + pw * (t - start) as f64 / (end - start) as f64;
    for (row, (id, _)) in ids.iter().take(shown).enumerate() {
        let y = top + row_h * row as f64;
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            left - 8.0,
            y + 13.0,
            esc(id)
        );
        for s in stays.iter().filter(|s| s.id == *id) {
            let until = s.end.unwrap_or(end);
            let _ = writeln!(
                out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"><title>{} {}: {} ({})</title></rect>",
                x(s.start),
                y + 3.0,
                (x(until) - x(s.start)).max(1.5),
                row_h - 6.0,
                color(&input.states, &s.state),
                esc(id),
                esc(&s.state),
                date(s.start),
                span((until - s.start) as f64 / 3600.0)
            );
        }
    }
    time_ticks(&mut out, left, pw, h - 8.0, start, end);
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(time: &str) -> Option<i64> {
        time.parse::<jiff::Timestamp>().ok().map(|t| t.as_second())
    }

    fn entry(id: &str, time: &str, from: Option<&str>, to: Option<&str>) -> Entry {
        Entry {
            time: time.to_owned(),
            commit: "abc1234".to_owned(),
            author: "a".to_owned(),
            email: "a@example.com".to_owned(),
            path: format!("docs/stories/{id}.x.md"),
            ..Entry::moved("story", id, from, to, seconds(time).unwrap())
        }
    }

    #[test]
    fn stays_follow_each_item() {
        let e = [
            entry("1.1", "2026-01-01T00:00:00Z", None, Some("Draft")),
            entry("1.2", "2026-01-01T01:00:00Z", None, Some("Draft")),
            entry(
                "1.1",
                "2026-01-01T02:00:00Z",
                Some("Draft"),
                Some("Approved"),
            ),
            entry(
                "1.1",
                "2026-01-01T03:00:00Z",
                Some("Approved"),
                Some("Approved"),
            ),
            entry("1.2", "2026-01-01T05:00:00Z", Some("Draft"), None),
        ];
        let s = stays(&e);
        let t0 = seconds("2026-01-01T00:00:00Z").unwrap();
        let got: Vec<(&str, &str, i64, Option<i64>)> = s
            .iter()
            .map(|s| {
                (
                    s.id.as_str(),
                    s.state.as_str(),
                    s.start - t0,
                    s.end.map(|e| e - t0),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("1.1", "Draft", 0, Some(7200)),
                ("1.2", "Draft", 3600, Some(18000)),
                ("1.1", "Approved", 7200, None),
            ]
        );
    }

    #[test]
    fn untrusted_text_cannot_open_markup() {
        assert_eq!(
            esc("<script>\"x\" & 'y'</script>"),
            "&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;"
        );
    }
}
