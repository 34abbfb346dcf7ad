//! The SM's quality check measured from the story itself (seed 000,
//! 两阶段评估): structure validation (阶段一) is the share of the sections the
//! story template marks `<!-- orx: required -->` that are present and not
//! empty; technical extraction (阶段二) is the share of the Dev Notes items
//! it marks `<!-- orx: technical -->` that are present, not empty and cite
//! their source (`[Source: docs/architecture.md#api]`). Comments do not
//! count as content, so a section still holding the template's guidance is
//! empty. The markers are the template's; a story cannot drop a requirement
//! by deleting one (`new` strips them from new stories).
//!
//! The complexity indicators are the SM's judgement; the story text only
//! suggests some (a hint, never a decision).

use serde_json::Value;

use crate::assess::Indicator;
use crate::workflow::{Transition, Workflow};

const REQUIRED: &str = "<!-- orx: required -->";
const TECHNICAL: &str = "<!-- orx: technical -->";

/// What a template asks of a story.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checklist {
    pub required: Vec<String>,
    /// Technical items, each with the heading of the section it sits in.
    pub technical: Vec<(String, String)>,
}

/// A measured story.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// Percent of the required sections present and not empty.
    pub structure: f64,
    /// Percent of the technical items present, not empty and sourced.
    pub extraction: f64,
    /// What is missing, one line each.
    pub missing: Vec<String>,
}

struct Heading {
    level: usize,
    text: String,
    line: usize,
    marker: Option<&'static str>,
}

/// The Markdown headings of `text` (outside fenced code blocks).
fn headings(lines: &[&str]) -> Vec<Heading> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        if let Some(f) = fence {
            if t.starts_with(f) {
                fence = None;
            }
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
            continue;
        }
        let level = line.chars().take_while(|c| *c == '#').count();
        if !(1..=6).contains(&level) || !line[level..].starts_with([' ', '\t']) {
            continue;
        }
        let raw = line[level..].trim();
        let marker = [REQUIRED, TECHNICAL].into_iter().find(|m| raw.contains(m));
        let text = raw
            .replace(REQUIRED, "")
            .replace(TECHNICAL, "")
            .trim()
            .trim_end_matches('#')
            .trim()
            .to_owned();
        out.push(Heading {
            level,
            text,
            line: i,
            marker,
        });
    }
    out
}

/// The index of the first line of `lines` after the frontmatter, if any.
fn body_start(lines: &[&str]) -> usize {
    if lines.first().is_some_and(|l| l.trim_end() == "---")
        && let Some(end) = lines.iter().skip(1).position(|l| l.trim_end() == "---")
    {
        return end + 2;
    }
    0
}

/// The lines of `text` after its frontmatter, if it has one.
fn body_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    lines[body_start(&lines)..].to_vec()
}

impl Checklist {
    /// The checklist a story template declares.
    pub fn from_template(template: &str) -> Checklist {
        let lines = body_lines(template);
        let hs = headings(&lines);
        let mut required = Vec::new();
        let mut technical = Vec::new();
        for (i, h) in hs.iter().enumerate() {
            match h.marker {
                Some(REQUIRED) => required.push(h.text.clone()),
                Some(TECHNICAL) => {
                    let parent = hs[..i]
                        .iter()
                        .rev()
                        .find(|p| p.level < h.level)
                        .map(|p| p.text.clone())
                        .unwrap_or_default();
                    technical.push((parent, h.text.clone()));
                }
                _ => {}
            }
        }
        Checklist {
            required,
            technical,
        }
    }

    /// `story` with a line of sample text under every section and item the
    /// checklist asks for (with `sourced`, each technical item cites a
    /// source): a story as if the SM had written it, for the demo and tests.
    pub fn sample(&self, story: &str, sourced: bool) -> String {
        let lines: Vec<&str> = story.split_inclusive('\n').collect();
        let trimmed: Vec<&str> = lines
            .iter()
            .map(|l| l.trim_end_matches(['\n', '\r']))
            .collect();
        let start = body_start(&trimmed);
        let hs = headings(&trimmed[start..]);
        let mut out = String::with_capacity(story.len() + 1024);
        for (i, line) in lines.iter().enumerate() {
            out.push_str(line);
            let Some(h) = i
                .checked_sub(start)
                .and_then(|b| hs.iter().find(|h| h.line == b))
            else {
                continue;
            };
            let is = |name: &String| name.eq_ignore_ascii_case(&h.text);
            if self.required.iter().any(is) {
                out.push_str(&format!("\nThe story's {}, as the SM wrote it.\n", h.text));
            } else if self.technical.iter().any(|(_, n)| is(n)) {
                let source = if sourced {
                    format!(
                        " [Source: docs/architecture.md#{}]",
                        crate::item::slug(&h.text)
                    )
                } else {
                    String::new()
                };
                out.push_str(&format!("\nAs the architecture describes it.{source}\n"));
            }
        }
        out
    }

    /// Measures a story's body against the checklist.
    pub fn measure(&self, body: &str) -> Measurement {
        let lines: Vec<&str> = body.lines().collect();
        let hs = headings(&lines);
        let find = |name: &str, within: Option<(usize, usize)>| -> Option<(usize, usize)> {
            let (lo, hi) = within.unwrap_or((0, lines.len()));
            let i = hs
                .iter()
                .position(|h| h.line >= lo && h.line < hi && h.text.eq_ignore_ascii_case(name))?;
            let end = hs[i + 1..]
                .iter()
                .find(|n| n.level <= hs[i].level)
                .map_or(lines.len(), |n| n.line);
            Some((hs[i].line + 1, end))
        };
        // Content is text other than comments and sub-headings.
        let content = |(from, to): (usize, usize)| {
            let text: Vec<&str> = (from..to)
                .filter(|i| !hs.iter().any(|h| h.line == *i))
                .map(|i| lines[i])
                .collect();
            strip_comments(&text.join("\n"))
        };
        let mut missing = Vec::new();
        let mut ok = 0;
        for name in &self.required {
            match find(name, None) {
                None => missing.push(format!("section \"{name}\" is missing")),
                Some(r) if content(r).trim().is_empty() => {
                    missing.push(format!("section \"{name}\" is empty"))
                }
                Some(_) => ok += 1,
            }
        }
        let structure = percent(ok, self.required.len());
        let mut sourced = 0;
        for (parent, name) in &self.technical {
            let within = if parent.is_empty() {
                None
            } else {
                find(parent, None)
            };
            match find(name, within) {
                None => missing.push(format!("Dev Notes item \"{name}\" is missing")),
                Some(r) => {
                    let text = content(r);
                    if text.trim().is_empty() {
                        missing.push(format!("Dev Notes item \"{name}\" is empty"));
                    } else if !cites_source(&text) {
                        missing.push(format!(
                            "Dev Notes item \"{name}\" cites no source ([Source: docs/...])"
                        ));
                    } else {
                        sourced += 1;
                    }
                }
            }
        }
        let extraction = percent(sourced, self.technical.len());
        Measurement {
            structure,
            extraction,
            missing,
        }
    }
}

/// Why the measurement `after` records is not to be trusted, if it is not:
/// the change records new structure or extraction values (they differ from
/// `before`'s), or takes transition `t` whose guard reads them, and they are
/// not what the body measures against `template`, with no reason given for
/// overriding the measurement. `None` when the workflow measures nothing.
pub fn unmeasured(
    wf: &Workflow,
    template: &str,
    t: Option<&Transition>,
    before: Option<&Value>,
    after: &Value,
    body: &str,
) -> Option<String> {
    let m = wf.measure.as_ref()?;
    let get = |v: Option<&Value>, path: &[String]| -> Option<Value> {
        path.iter()
            .try_fold(v?, |v, k| v.get(k))
            .filter(|v| !v.is_null())
            .cloned()
    };
    let fields = [&m.structure, &m.extraction];
    let changed = fields.iter().any(|p| get(before, p) != get(Some(after), p));
    let read = t.is_some_and(|t| {
        t.guard.iter().any(|c| {
            c.expr
                .paths()
                .iter()
                .any(|used| fields.iter().any(|p| *used == p.join(".")))
        })
    });
    let changed = changed || read;
    let reason = get(Some(after), &m.reason);
    if !changed
        || reason
            .as_ref()
            .and_then(Value::as_str)
            .is_some_and(|r| !r.trim().is_empty())
    {
        return None;
    }
    let measured = Checklist::from_template(template).measure(body);
    let mut wrong = Vec::new();
    for (path, value) in [
        (&m.structure, measured.structure),
        (&m.extraction, measured.extraction),
    ] {
        let recorded = get(Some(after), path);
        if recorded
            .as_ref()
            .and_then(Value::as_f64)
            .is_none_or(|r| (r - value).abs() >= 0.05)
        {
            wrong.push(format!(
                "{} is {} but the story measures {value}%",
                path.join("."),
                recorded.map_or("not set".to_owned(), |v| v.to_string())
            ));
        }
    }
    if wrong.is_empty() {
        return None;
    }
    Some(format!(
        "{}; record the quality check with `git orx assess` (which measures it), or give the reason for other values in {}",
        wrong.join(", "),
        m.reason.join(".")
    ))
}

/// 100 when nothing is asked; else the share, to one decimal.
fn percent(ok: usize, of: usize) -> f64 {
    if of == 0 {
        100.0
    } else {
        (ok as f64 * 1000.0 / of as f64).round() / 10.0
    }
}

fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("<!--") {
        out.push_str(&rest[..i]);
        match rest[i..].find("-->") {
            Some(j) => rest = &rest[i + j + 3..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// `[Source: something]`, any case.
fn cites_source(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("[source:") {
        let after = &rest[i + 8..];
        if after
            .find(']')
            .is_some_and(|j| !after[..j].trim().is_empty())
        {
            return true;
        }
        rest = after;
    }
    false
}

/// A new story's text without the template's checklist markers.
pub fn strip_markers(text: &str) -> String {
    text.replace(&format!(" {REQUIRED}"), "")
        .replace(&format!(" {TECHNICAL}"), "")
        .replace(REQUIRED, "")
        .replace(TECHNICAL, "")
}

/// Words that suggest each complexity indicator (English, then Chinese).
const HINTS: &[(Indicator, &[&str])] = &[
    (
        Indicator::ApiContract,
        &["api", "endpoint", "endpoints", "graphql", "grpc", "接口"],
    ),
    (
        Indicator::DbSchema,
        &[
            "schema",
            "migration",
            "migrations",
            "database",
            "column",
            "columns",
            "数据库",
            "迁移",
            "表结构",
        ],
    ),
    (
        Indicator::NewPattern,
        &[
            "new pattern",
            "event sourcing",
            "cqrs",
            "saga",
            "新架构",
            "新模式",
        ],
    ),
    (
        Indicator::CrossService,
        &[
            "microservice",
            "microservices",
            "webhook",
            "webhooks",
            "message queue",
            "third-party",
            "跨服务",
            "第三方",
        ],
    ),
    (
        Indicator::Security,
        &[
            "auth",
            "authentication",
            "authorization",
            "password",
            "token",
            "tokens",
            "encryption",
            "permission",
            "permissions",
            "secret",
            "安全",
            "权限",
            "认证",
            "加密",
        ],
    ),
    (
        Indicator::Performance,
        &[
            "performance",
            "latency",
            "throughput",
            "cache",
            "caching",
            "性能",
            "延迟",
            "缓存",
        ],
    ),
    (
        Indicator::CoreDocs,
        &[
            "architecture.md",
            "adr",
            "architecture document",
            "架构文档",
        ],
    ),
];

/// The indicators the story text suggests, each with the word that did.
/// Only what the SM wrote counts: headings (the template's own words),
/// comments and `[Source: ...]` citations are left out.
pub fn complexity_hints(text: &str) -> Vec<(Indicator, &'static str)> {
    let lower = prose(text).to_lowercase();
    HINTS
        .iter()
        .filter_map(|(ind, words)| {
            words
                .iter()
                .find(|w| contains_word(&lower, w))
                .map(|w| (*ind, *w))
        })
        .collect()
}

/// The text without headings, comments and source citations.
fn prose(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let heading_lines: Vec<usize> = headings(&lines).iter().map(|h| h.line).collect();
    let kept: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| !heading_lines.contains(i))
        .map(|(_, l)| *l)
        .collect();
    let text = strip_comments(&kept.join("\n"));
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(i) = rest.to_ascii_lowercase().find("[source:") {
        out.push_str(&rest[..i]);
        match rest[i..].find(']') {
            Some(j) => rest = &rest[i + j + 1..],
            None => {
                rest = "";
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `word` in `text` not inside a longer ASCII word (`api` is not in `capital`).
fn contains_word(text: &str, word: &str) -> bool {
    let ascii = word.is_ascii();
    text.match_indices(word).any(|(i, _)| {
        if !ascii {
            return true;
        }
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = include_str!("../templates/stories/story.md");

    /// A story body filled in as an SM would, from the template.
    fn filled(sourced: bool) -> String {
        Checklist::from_template(TEMPLATE).sample(&strip_markers(TEMPLATE), sourced)
    }

    #[test]
    fn the_template_declares_the_checklist() {
        let c = Checklist::from_template(TEMPLATE);
        assert_eq!(
            c.required,
            [
                "Story",
                "Acceptance Criteria",
                "Tasks / Subtasks",
                "Dev Notes",
                "Testing"
            ]
        );
        assert_eq!(c.technical.len(), 6);
        assert!(c.technical.iter().all(|(parent, _)| parent == "Dev Notes"));
    }

    #[test]
    fn a_fresh_story_is_empty_and_a_filled_one_complete() {
        let c = Checklist::from_template(TEMPLATE);
        let fresh = c.measure(&strip_markers(TEMPLATE));
        assert_eq!(
            (fresh.structure, fresh.extraction),
            (0.0, 0.0),
            "{:?}",
            fresh.missing
        );
        assert!(
            fresh
                .missing
                .contains(&"section \"Story\" is empty".to_owned())
        );
        let full = c.measure(&filled(true));
        assert_eq!(
            (full.structure, full.extraction),
            (100.0, 100.0),
            "{:?}",
            full.missing
        );
        let unsourced = c.measure(&filled(false));
        assert_eq!(unsourced.extraction, 0.0);
        assert!(unsourced.missing.contains(
            &"Dev Notes item \"Data Models\" cites no source ([Source: docs/...])".to_owned()
        ));
    }

    #[test]
    fn partial_extraction_is_a_share() {
        let c = Checklist::from_template(TEMPLATE);
        let body = filled(true).replace(" [Source: docs/architecture.md#api-specifications]", "");
        let m = c.measure(&body);
        assert_eq!(m.extraction, 83.3);
        assert_eq!(
            m.missing,
            ["Dev Notes item \"API Specifications\" cites no source ([Source: docs/...])"]
        );
        let body = body.replace(
            "### File Locations\n\nAs the architecture describes it. [Source: docs/architecture.md#file-locations]\n",
            "",
        );
        assert_eq!(c.measure(&body).extraction, 66.7);
    }

    #[test]
    fn headings_in_code_blocks_and_comments_do_not_count() {
        let c = Checklist {
            required: vec!["Story".into()],
            technical: vec![],
        };
        assert_eq!(c.measure("```\n## Story\ntext\n```\n").structure, 0.0);
        assert_eq!(c.measure("## Story\n<!-- todo\nlater -->\n").structure, 0.0);
        assert_eq!(c.measure("## story ##\nreal text\n").structure, 100.0);
    }

    #[test]
    fn complexity_hints_are_words_not_substrings() {
        let hints =
            complexity_hints("Add a `POST /api/login` endpoint; store tokens. Capital letters.");
        let names: Vec<&str> = hints.iter().map(|(i, _)| i.name()).collect();
        assert_eq!(names, ["api-contract", "security"]);
        assert!(complexity_hints("capitalize").is_empty());
        assert_eq!(complexity_hints("需要数据库迁移")[0].0, Indicator::DbSchema);
        // The template's headings and the citations are not the SM's words.
        assert!(
            complexity_hints(&filled(true)).is_empty(),
            "{:?}",
            complexity_hints(&filled(true))
        );
        let cited =
            "## API Specifications\n\nNone [Source: docs/architecture.md#api]\n<!-- auth -->\n";
        assert!(complexity_hints(cited).is_empty());
    }
}
