//! The review's report: a summary table by dimension and severity, then
//! the findings grouped by dimension, as Markdown (the review's body,
//! written by the `generate-report` action); and the same as data.

use serde::Serialize;
use serde_json::Value;

use super::SEVERITIES;
use crate::text::message::{self, Lang};

/// One finding.
#[derive(Clone, Debug, Serialize, PartialEq, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Finding {
    pub severity: String,
    pub location: String,
    pub description: String,
    pub suggestion: String,
}

/// A review's findings by dimension, with counts.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Report {
    pub id: String,
    pub title: String,
    pub target: String,
    pub status: String,
    pub summary: Option<String>,
    pub dimensions: Vec<Dimension>,
    /// Counts by severity over every dimension, in [`SEVERITIES`] order.
    pub totals: Vec<(String, usize)>,
    pub total: usize,
}

/// One dimension of the review: whether it was reviewed, its counts by
/// severity (`[severity, count]`) and its findings.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Dimension {
    pub name: String,
    pub reviewed: bool,
    /// [severity, count] for each severity, in [`SEVERITIES`] order
    pub counts: Vec<(String, usize)>,
    pub findings: Vec<Finding>,
}

fn text(v: &Value, key: &str) -> String {
    match v.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string(),
    }
}

/// The severity as one of [`SEVERITIES`] (any case); others kept as written.
fn severity(s: &str) -> String {
    SEVERITIES
        .iter()
        .find(|k| k.eq_ignore_ascii_case(s.trim()))
        .map_or_else(|| s.trim().to_owned(), |k| (*k).to_owned())
}

/// The report of a review whose fields (defaults laid under) are `v`.
pub fn of(v: &Value) -> Report {
    let strings = |key: &str| -> Vec<String> {
        v.get(key)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let reviewed = strings("reviewed");
    let mut names = strings("dimensions");
    if let Some(Value::Object(f)) = v.get("findings") {
        for k in f.keys() {
            if !names.contains(k) {
                names.push(k.clone());
            }
        }
    }
    let mut totals: Vec<(String, usize)> =
        SEVERITIES.iter().map(|s| ((*s).to_owned(), 0)).collect();
    let mut dimensions = Vec::new();
    for name in names {
        let findings: Vec<Finding> = v
            .get("findings")
            .and_then(|f| f.get(&name))
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .map(|f| Finding {
                        severity: severity(&text(f, "severity")),
                        location: text(f, "location"),
                        description: text(f, "description"),
                        suggestion: text(f, "suggestion"),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut counts: Vec<(String, usize)> =
            SEVERITIES.iter().map(|s| ((*s).to_owned(), 0)).collect();
        for f in &findings {
            if let Some(i) = SEVERITIES.iter().position(|s| *s == f.severity) {
                counts[i].1 += 1;
                totals[i].1 += 1;
            }
        }
        let mut findings = findings;
        findings.sort_by_key(|f| {
            SEVERITIES
                .iter()
                .position(|s| *s == f.severity)
                .unwrap_or(SEVERITIES.len())
        });
        dimensions.push(Dimension {
            reviewed: reviewed.contains(&name),
            name,
            counts,
            findings,
        });
    }
    let total = dimensions.iter().map(|d| d.findings.len()).sum();
    Report {
        id: text(v, "id"),
        title: text(v, "title"),
        target: text(v, "target"),
        status: text(v, "status"),
        summary: v.get("summary").and_then(Value::as_str).map(str::to_owned),
        dimensions,
        totals,
        total,
    }
}

/// One line of a table cell: no `|` or line breaks.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// The report as Markdown.
pub fn markdown(r: &Report) -> String {
    markdown_in(r, Lang::En)
}

/// [`markdown`] with its headings and labels in `lang`.
pub fn markdown_in(r: &Report, lang: Lang) -> String {
    let fill = |id: &str, args: &[(&str, &str)]| {
        message::say(lang, id, args.iter().map(|(k, v)| (*k, (*v).to_owned())))
    };
    let label = |id: &str| message::say(lang, id, []);
    let mut out = String::new();
    out.push_str(&fill(
        "review-report-title",
        &[("id", &r.id), ("title", &r.title)],
    ));
    out.push_str(&fill("review-report-target", &[("target", &r.target)]));
    if let Some(s) = &r.summary {
        out.push_str(&label("review-report-summary"));
        out.push_str(s.trim());
        out.push_str("\n\n");
    }
    out.push_str(&label("review-report-findings"));
    out.push_str(&label("review-report-dimension"));
    for s in SEVERITIES {
        out.push_str(&format!(" {s} |"));
    }
    out.push_str(&label("review-report-total-column"));
    for _ in SEVERITIES {
        out.push_str("---:|");
    }
    out.push_str("---:|\n");
    for d in &r.dimensions {
        out.push_str(&format!("| {} |", cell(&d.name)));
        for (_, n) in &d.counts {
            out.push_str(&format!(" {n} |"));
        }
        out.push_str(&format!(" {} |\n", d.findings.len()));
    }
    out.push_str(&label("review-report-total-row"));
    for (_, n) in &r.totals {
        out.push_str(&format!(" **{n}** |"));
    }
    out.push_str(&format!(" **{}** |\n", r.total));
    for d in &r.dimensions {
        out.push_str(&format!("\n## {}\n\n", d.name));
        if !d.reviewed {
            out.push_str(&label("review-report-not-reviewed"));
            continue;
        }
        if d.findings.is_empty() {
            out.push_str(&label("review-report-no-findings"));
            continue;
        }
        for f in &d.findings {
            out.push_str(&format!(
                "- **{}** `{}`: {}\n",
                f.severity,
                cell(&f.location),
                f.description.trim()
            ));
            if !f.suggestion.trim().is_empty() {
                out.push_str(&fill(
                    "review-report-suggestion",
                    &[("text", f.suggestion.trim())],
                ));
            }
        }
    }
    out
}

/// The body renderers the code review's workflow names (`body:`).
pub fn render(name: &str, v: &Value) -> Option<String> {
    (name == "codereview-report").then(|| markdown(&of(v)))
}
