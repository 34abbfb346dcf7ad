//! The SM's quality check measured from the story itself (in two
//! stages): structure validation (stage one) is the share of the sections the
//! story template marks `<!-- orx: required -->` that are present and not
//! empty; technical extraction (stage two) is the share of the Dev Notes items
//! it marks `<!-- orx: technical -->` that are present, not empty and cite
//! their source (`[Source: docs/architecture.md#api]`). Comments do not
//! count as content, so a section still holding the template's guidance is
//! empty. The markers are the template's; a story cannot drop a requirement
//! by deleting one (`new` strips them from new stories).
//!
//! The section the template marks `<!-- orx: tasks -->` holds the story's
//! task checkboxes (`- [ ] task`, `- [x] done`): what a move to Review
//! measures (Dev 完成所有任务和测试).
//!
//! The complexity indicators are the SM's judgement; the story text only
//! suggests some (a hint, never a decision).

use serde_json::Value;

use crate::text::message::Message;
use crate::workflow::{Transition, Workflow};

const REQUIRED: &str = "<!-- orx: required -->";
const TECHNICAL: &str = "<!-- orx: technical -->";
const TASKS: &str = "<!-- orx: tasks -->";

/// What a template asks of a story.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checklist {
    pub required: Vec<String>,
    /// Technical items, each with the heading of the section it sits in.
    pub technical: Vec<(String, String)>,
    /// The section that holds the task checkboxes.
    pub tasks: Option<String>,
}

/// A measured story.
#[derive(Clone, Debug, PartialEq)]
pub struct Measurement {
    /// Percent of the required sections present and not empty.
    pub structure: f64,
    /// Percent of the technical items present, not empty and sourced.
    pub extraction: f64,
    /// What is missing, one message each.
    pub missing: Vec<crate::text::message::Message>,
    /// Task checkboxes ticked in the tasks section.
    pub tasks_done: usize,
    /// The text of each task checkbox not ticked, in order.
    pub open_tasks: Vec<String>,
}

struct Heading {
    level: usize,
    text: String,
    /// Its first line, and the first line of its section's body (after
    /// the underline of a setext heading).
    line: usize,
    body: usize,
    markers: Vec<&'static str>,
}

impl Heading {
    /// Whether line `i` is part of the heading itself.
    fn covers(&self, i: usize) -> bool {
        (self.line..self.body).contains(&i)
    }
}

/// The Markdown headings of `lines`, as CommonMark reads them: ATX
/// headings (`## Title`, indented up to three spaces) and setext ones
/// (`Title` underlined with `===` or `---`), outside fenced code blocks and
/// HTML comments.
fn headings(lines: &[&str]) -> Vec<Heading> {
    let mut out: Vec<Heading> = Vec::new();
    let mut fence: Option<&str> = None;
    let mut in_comment = false;
    let mut prev_text: Option<usize> = None;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let skipped = if in_comment {
            true
        } else if let Some(f) = fence {
            if t.starts_with(f) {
                fence = None;
            }
            true
        } else if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
            true
        } else {
            false
        };
        // A comment opened on this line and not closed on it goes on.
        let opens = line.rfind("<!--");
        let closes = line.rfind("-->");
        in_comment = match (in_comment, opens, closes) {
            (true, o, Some(c)) => o.is_some_and(|o| o > c),
            (true, _, None) => true,
            (false, Some(o), c) => c.is_none_or(|c| c < o),
            (false, None, _) => false,
        };
        if skipped {
            prev_text = None;
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        let atx = &line[indent.min(line.len())..];
        let level = atx.chars().take_while(|c| *c == '#').count();
        if indent <= 3
            && (1..=6).contains(&level)
            && (atx.len() == level || atx[level..].starts_with([' ', '\t']))
        {
            out.push(heading(&atx[level..], level, i, i + 1));
            prev_text = None;
            continue;
        }
        let under = t.trim_end();
        let setext = indent <= 3
            && !under.is_empty()
            && (under.bytes().all(|b| b == b'=') || under.bytes().all(|b| b == b'-'));
        if let (true, Some(p)) = (setext, prev_text) {
            let level = if under.starts_with('=') { 1 } else { 2 };
            out.push(heading(lines[p], level, p, i + 1));
            prev_text = None;
            continue;
        }
        let listish =
            t.starts_with(['-', '*', '+', '>', '|']) || t.starts_with(|c: char| c.is_ascii_digit());
        prev_text = (!t.is_empty() && !listish && !t.starts_with("<!--")).then_some(i);
    }
    out
}

fn heading(raw: &str, level: usize, line: usize, body: usize) -> Heading {
    let raw = raw.trim();
    let markers = [REQUIRED, TECHNICAL, TASKS]
        .into_iter()
        .filter(|m| raw.contains(m))
        .collect();
    let text = raw
        .replace(REQUIRED, "")
        .replace(TECHNICAL, "")
        .replace(TASKS, "")
        .trim()
        .trim_end_matches('#')
        .trim()
        .to_owned();
    Heading {
        level,
        text,
        line,
        body,
        markers,
    }
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
    /// [`Checklist::from_template`], remembered for the last template
    /// asked: a scan measures thousands of stories against one template.
    pub fn of_template(template: &str) -> std::sync::Arc<Checklist> {
        use std::sync::{Arc, Mutex};
        static LAST: Mutex<Option<(String, Arc<Checklist>)>> = Mutex::new(None);
        if let Ok(last) = LAST.lock()
            && let Some((t, c)) = last.as_ref()
            && t == template
        {
            return c.clone();
        }
        let made = Arc::new(Checklist::from_template(template));
        if let Ok(mut last) = LAST.lock() {
            *last = Some((template.to_owned(), made.clone()));
        }
        made
    }

    /// The checklist a story template declares.
    pub fn from_template(template: &str) -> Checklist {
        let lines = body_lines(template);
        let hs = headings(&lines);
        let mut required = Vec::new();
        let mut technical = Vec::new();
        let mut tasks = None;
        for (i, h) in hs.iter().enumerate() {
            if h.markers.contains(&REQUIRED) {
                required.push(h.text.clone());
            }
            if h.markers.contains(&TECHNICAL) {
                let parent = hs[..i]
                    .iter()
                    .rev()
                    .find(|p| p.level < h.level)
                    .map(|p| p.text.clone())
                    .unwrap_or_default();
                technical.push((parent, h.text.clone()));
            }
            if h.markers.contains(&TASKS) && tasks.is_none() {
                tasks = Some(h.text.clone());
            }
        }
        Checklist {
            required,
            technical,
            tasks,
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
                .and_then(|b| hs.iter().find(|h| h.body == b + 1))
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
                        crate::text::slug(&h.text)
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
            Some((hs[i].body, end))
        };
        // Content is text other than comments and sub-headings.
        let content = |(from, to): (usize, usize)| {
            let text: Vec<&str> = (from..to)
                .filter(|i| !hs.iter().any(|h| h.covers(*i)))
                .map(|i| lines[i])
                .collect();
            strip_comments(&text.join("\n"))
        };
        let mut missing = Vec::new();
        let mut ok = 0;
        for name in &self.required {
            match find(name, None) {
                None => missing.push(crate::msg!("section-name-missing", name)),
                Some(r) if content(r).trim().is_empty() => {
                    missing.push(crate::msg!("section-name-empty", name))
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
                None => missing.push(crate::msg!("dev-notes-item-name-missing", name)),
                Some(r) => {
                    let text = content(r);
                    if text.trim().is_empty() {
                        missing.push(crate::msg!("dev-notes-item-name-empty", name));
                    } else if !cites_source(&text) {
                        missing.push(crate::msg!("dev-notes-item-name-cites", name));
                    } else {
                        sourced += 1;
                    }
                }
            }
        }
        let extraction = percent(sourced, self.technical.len());
        let boxes = self
            .tasks
            .as_deref()
            .and_then(|name| find(name, None))
            .map(|r| checkboxes(&content(r)))
            .unwrap_or_default();
        let (done, open): (Vec<_>, Vec<_>) = boxes.into_iter().partition(|(ticked, _)| *ticked);
        Measurement {
            structure,
            extraction,
            missing,
            tasks_done: done.len(),
            open_tasks: open.into_iter().map(|(_, t)| t).collect(),
        }
    }
}

/// The value at `path` in `v`, unless it is not set (or null).
fn get(v: Option<&Value>, path: &[String]) -> Option<Value> {
    path.iter()
        .try_fold(v?, |v, k| v.get(k))
        .filter(|v| !v.is_null())
        .cloned()
}

/// Why the measurement `after` records is not to be trusted, if it is not:
/// the change records new structure or extraction values (they differ from
/// `before`'s), or takes transition `t` whose guard reads them, and they are
/// not what the body measures against `template`, with no reason given for
/// overriding the measurement; or it records tasks, or takes a transition
/// whose guard reads them, and they are not the body's (recording none
/// claims that no task is open). `None` when the workflow measures nothing.
/// `kind`: the item's kind, as the reason names what measures otherwise.
pub fn unmeasured(
    wf: &Workflow,
    kind: &str,
    template: &str,
    t: Option<&Transition>,
    before: Option<&Value>,
    after: &Value,
    body: &str,
) -> Option<Message> {
    let m = wf.measure.as_ref()?;
    [
        unmeasured_quality(m, kind, template, t, before, after, body),
        unmeasured_tasks(m, kind, template, t, before, after, body),
    ]
    .into_iter()
    .flatten()
    .reduce(|first, rest| crate::msg!("semicolon-then", first = first, rest = rest))
}

/// The fields a move along `t` records when `t`'s guard reads the
/// workflow's measured tasks: how many task checkboxes the body has
/// ticked, the open ones, and `reason` for leaving them open (an earlier
/// reason in `item` is cleared when none is given). Nothing otherwise.
pub fn task_fields(
    wf: &Workflow,
    template: &str,
    t: &Transition,
    item: &Value,
    body: &str,
    reason: Option<&str>,
) -> Vec<(Vec<String>, Value)> {
    let Some(tf) = wf.measure.as_ref().and_then(|m| m.tasks.as_ref()) else {
        return Vec::new();
    };
    if !tf.read_by(t) {
        return Vec::new();
    }
    let measured = Checklist::of_template(template).measure(body);
    let mut out = vec![
        (tf.done.clone(), Value::from(measured.tasks_done)),
        (tf.open.clone(), Value::from(measured.open_tasks)),
    ];
    match reason.map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) => out.push((tf.reason.clone(), Value::from(r))),
        None if get(Some(item), &tf.reason).is_some() => out.push((tf.reason.clone(), Value::Null)),
        None => {}
    }
    out
}

/// The task fields a merge records again: where a side of the merge
/// recorded the body's tasks (its `done` or `open` differs from the
/// base's) and the merged record is not what the merged body measures —
/// two branches each ticked a task, and the merge keeps both ticks but
/// one branch's count — the count and the open tasks of the merged body,
/// as a move records them. Nothing when the workflow measures no tasks,
/// no side recorded them, or the record already agrees.
pub fn merged_tasks(
    wf: &Workflow,
    template: &str,
    base: Option<&Value>,
    sides: [&Value; 2],
    merged: &Value,
    body: &str,
) -> Vec<(Vec<String>, Value)> {
    let Some(tf) = wf.measure.as_ref().and_then(|m| m.tasks.as_ref()) else {
        return Vec::new();
    };
    let fields = [&tf.done, &tf.open];
    let recorded = sides
        .iter()
        .any(|s| fields.iter().any(|p| get(base, p) != get(Some(s), p)));
    if !recorded {
        return Vec::new();
    }
    let measured = Checklist::of_template(template).measure(body);
    let done = Value::from(measured.tasks_done);
    let open = Value::from(measured.open_tasks);
    if get(Some(merged), &tf.done).as_ref() == Some(&done)
        && get(Some(merged), &tf.open).as_ref() == Some(&open)
    {
        return Vec::new();
    }
    vec![(tf.done.clone(), done), (tf.open.clone(), open)]
}

/// [`unmeasured`] for the tasks.
fn unmeasured_tasks(
    m: &crate::workflow::Measure,
    kind: &str,
    template: &str,
    t: Option<&Transition>,
    before: Option<&Value>,
    after: &Value,
    body: &str,
) -> Option<Message> {
    let tf = m.tasks.as_ref()?;
    let fields = [&tf.done, &tf.open];
    let changed = fields.iter().any(|p| get(before, p) != get(Some(after), p));
    if !changed && !t.is_some_and(|t| tf.read_by(t)) {
        return None;
    }
    let measured = Checklist::of_template(template).measure(body);
    let (done, open) = (get(Some(after), &tf.done), get(Some(after), &tf.open));
    let agrees = match (&done, &open) {
        (None, None) => measured.open_tasks.is_empty(),
        _ => {
            done.as_ref().and_then(Value::as_u64) == Some(measured.tasks_done as u64)
                && open == Some(Value::from(measured.open_tasks.clone()))
        }
    };
    if agrees {
        return None;
    }
    let listed: Vec<String> = measured
        .open_tasks
        .iter()
        .map(|t| format!("\"{}\"", crate::text::escape(t)))
        .collect();
    let has = match listed.len() {
        0 => crate::msg!("no-open-task-ticked", ticked = measured.tasks_done),
        n => crate::msg!(
            "open-tasks-ticked",
            n = n,
            list = listed.join(", "),
            ticked = measured.tasks_done
        ),
    };
    let recorded = |v: &Option<Value>| {
        v.as_ref().map_or_else(
            || crate::msg!("value-not-set"),
            |v| Message::text(v.to_string()),
        )
    };
    Some(crate::msg!(
        "item-tasks-not-recorded",
        kind = kind,
        has = has,
        open = tf.open.join("."),
        open_value = recorded(&open),
        done = tf.done.join("."),
        done_value = recorded(&done)
    ))
}

/// [`unmeasured`] for structure and extraction.
fn unmeasured_quality(
    m: &crate::workflow::Measure,
    kind: &str,
    template: &str,
    t: Option<&Transition>,
    before: Option<&Value>,
    after: &Value,
    body: &str,
) -> Option<Message> {
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
    let measured = Checklist::of_template(template).measure(body);
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
            wrong.push(crate::msg!(
                "field-is-but-item-measures",
                kind = kind,
                field = path.join("."),
                value = recorded.map_or_else(
                    || crate::msg!("value-not-set"),
                    |v| Message::text(v.to_string())
                ),
                measured = value.to_string()
            ));
        }
    }
    let wrong = wrong
        .into_iter()
        .reduce(|first, rest| crate::msg!("comma-then", first = first, rest = rest))?;
    Some(crate::msg!(
        "quality-not-recorded",
        wrong = wrong,
        reason = m.reason.join(".")
    ))
}

/// The task checkboxes of `text` (comments already left out), outside
/// fenced code: a list item (`-`, `*`, `+`, `1.`, `1)`, at any indent)
/// that starts with `[ ]` (open) or `[x]` (ticked), with its text.
fn checkboxes(text: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let mut fence: Option<&str> = None;
    for line in text.lines() {
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
        let after_marker = if let Some(rest) = t.strip_prefix(['-', '*', '+']) {
            rest
        } else {
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            match t[digits..].strip_prefix(['.', ')']) {
                Some(rest) if (1..=9).contains(&digits) => rest,
                _ => continue,
            }
        };
        if !after_marker.starts_with([' ', '\t']) {
            continue;
        }
        let item = after_marker.trim_start();
        let ticked = match item.get(..3) {
            Some("[ ]") => false,
            Some("[x]" | "[X]") => true,
            _ => continue,
        };
        let rest = &item[3..];
        if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
            continue;
        }
        out.push((ticked, rest.trim().to_owned()));
    }
    out
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

/// `[Source: something]` (any case), `[来源: something]` or
/// `[→ file#anchor]` (the arrow citation some story templates use), where the
/// something is not a placeholder (`TODO`, `TBD`, ...).
fn cites_source(text: &str) -> bool {
    const PLACEHOLDERS: &[&str] = &[
        "todo", "tbd", "tba", "fixme", "xxx", "?", "-", "n/a", "none", "...", "…", "待定", "无",
    ];
    let lower = text.to_lowercase();
    ["[source:", "[来源:", "[来源：", "[→"].iter().any(|open| {
        lower.match_indices(open).any(|(i, _)| {
            let after = &lower[i + open.len()..];
            after.find(']').is_some_and(|j| {
                let source = after[..j].trim();
                !source.is_empty() && !PLACEHOLDERS.contains(&source)
            })
        })
    })
}

/// A new story's text without the template's checklist markers.
pub fn strip_markers(text: &str) -> String {
    [REQUIRED, TECHNICAL, TASKS]
        .into_iter()
        .fold(text.to_owned(), |t, m| {
            t.replace(&format!(" {m}"), "").replace(m, "")
        })
}

/// The words of `table` the text has, each with the key it suggests (the
/// first word found for each key). Only what the author wrote counts:
/// headings (the template's own words), comments and `[Source: ...]`
/// citations are left out.
pub fn word_hints<K: Copy>(
    text: &str,
    table: &[(K, &'static [&'static str])],
) -> Vec<(K, &'static str)> {
    let lower = prose(text).to_lowercase();
    table
        .iter()
        .filter_map(|(key, words)| {
            words
                .iter()
                .find(|w| contains_word(&lower, w))
                .map(|w| (*key, *w))
        })
        .collect()
}

/// The text without headings, comments and source citations.
fn prose(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let hs = headings(&lines);
    let kept: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| !hs.iter().any(|h| h.covers(*i)))
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
    use crate::kinds::story::assess::{Indicator, complexity_hints};

    const TEMPLATE: &str = include_str!("../../templates/stories/story.md");

    /// A story body filled in as an SM would, from the template.
    fn filled(sourced: bool) -> String {
        Checklist::from_template(TEMPLATE).sample(&strip_markers(TEMPLATE), sourced)
    }

    #[test]
    fn a_merge_records_the_merged_bodys_tasks_only_where_a_side_recorded_them() {
        use crate::workflow::role::Roles;
        let wf = Workflow::load("story", None, &Roles::default()).unwrap();
        let tpl = "## Tasks <!-- orx: tasks -->\n";
        let body = "## Tasks\n\n- [x] a\n- [ ] b\n- [x] c\n";
        let v =
            |done: u64, open: &[&str]| serde_json::json!({"tasks": {"done": done, "open": open}});
        let base = v(0, &["a", "b", "c"]);
        let (ours, theirs) = (v(1, &["b", "c"]), v(1, &["a", "b"]));
        let two = (vec!["tasks".to_owned(), "done".to_owned()], Value::from(2));
        let open_b = (
            vec!["tasks".to_owned(), "open".to_owned()],
            serde_json::json!(["b"]),
        );
        // (base, sides, merged record, fields recorded again)
        type Fields = Vec<(Vec<String>, Value)>;
        let rows: [(&Value, [&Value; 2], Value, Fields); 4] = [
            // Both sides recorded a tick: the merged body's count.
            (&base, [&ours, &theirs], v(1, &["b"]), vec![two, open_b]),
            // The record already agrees with the body: nothing.
            (&base, [&ours, &theirs], v(2, &["b"]), vec![]),
            // Neither side recorded the tasks: the merge does not either.
            (&base, [&base, &base], v(0, &["a", "b", "c"]), vec![]),
            // One side recorded, the other left it: recorded again.
            (&base, [&ours, &base], v(1, &["b", "c"]), {
                let two = (vec!["tasks".to_owned(), "done".to_owned()], Value::from(2));
                let open = (
                    vec!["tasks".to_owned(), "open".to_owned()],
                    serde_json::json!(["b"]),
                );
                vec![two, open]
            }),
        ];
        for (b, sides, merged, want) in rows {
            assert_eq!(
                merged_tasks(&wf, tpl, Some(b), sides, &merged, body),
                want,
                "{merged}"
            );
        }
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
                .iter()
                .any(|m| m.to_string() == "section \"Story\" is empty")
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
        assert!(unsourced.missing.iter().any(|m| m.to_string()
            == "Dev Notes item \"Data Models\" cites no source ([Source: docs/...])"));
    }

    #[test]
    fn partial_extraction_is_a_share() {
        let c = Checklist::from_template(TEMPLATE);
        let body = filled(true).replace(" [Source: docs/architecture.md#api-specifications]", "");
        let m = c.measure(&body);
        assert_eq!(m.extraction, 83.3);
        let missing: Vec<String> = m.missing.iter().map(ToString::to_string).collect();
        assert_eq!(
            missing,
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
            tasks: None,
        };
        assert_eq!(c.measure("```\n## Story\ntext\n```\n").structure, 0.0);
        assert_eq!(c.measure("## Story\n<!-- todo\nlater -->\n").structure, 0.0);
        assert_eq!(c.measure("## story ##\nreal text\n").structure, 100.0);
        // A section commented out is not there.
        assert_eq!(c.measure("<!--\n## Story\n\ntext\n-->\n").structure, 0.0);
        // CommonMark headings: indented up to three spaces, and setext.
        assert_eq!(c.measure("   ## Story\ntext\n").structure, 100.0);
        assert_eq!(c.measure("    ## Story\ntext\n").structure, 0.0);
        assert_eq!(c.measure("Story\n=====\ntext\n").structure, 100.0);
        assert_eq!(c.measure("Story\n---\n").structure, 0.0);
        assert_eq!(c.measure("intro\n\n---\n## Story\ntext\n").structure, 100.0);
    }

    /// Review needs the work done (Dev 完成所有任务和测试): the checkboxes
    /// under the tasks section, ticked or open, subtasks included; the
    /// template's commented-out example, code and other sections do not
    /// count.
    #[test]
    fn task_checkboxes_are_measured_in_the_tasks_section() {
        let c = Checklist::from_template(TEMPLATE);
        assert_eq!(c.tasks.as_deref(), Some("Tasks / Subtasks"));
        let fresh = c.measure(&strip_markers(TEMPLATE));
        assert_eq!((fresh.tasks_done, fresh.open_tasks.len()), (0, 0));
        let body = filled(true).replace(
            "The story's Tasks / Subtasks, as the SM wrote it.\n",
            "- [x] Task 1: the form (AC: 1)\n  - [X] Subtask 1.1\n  - [ ] Subtask 1.2: errors\n* [ ] Task 2 (AC: 2)\n1. [x] Task 3\n- [] not a box\n- [x]not a box\n<!-- - [ ] commented out -->\n```\n- [ ] in code\n```\n",
        );
        let m = c.measure(&format!("{body}\n## QA Results\n\n- [ ] elsewhere\n"));
        assert_eq!(m.tasks_done, 3);
        assert_eq!(m.open_tasks, ["Subtask 1.2: errors", "Task 2 (AC: 2)"]);
        assert_eq!((m.structure, m.extraction), (100.0, 100.0));
        assert_eq!(
            strip_markers("## Tasks <!-- orx: required --> <!-- orx: tasks -->\n"),
            "## Tasks\n"
        );
    }

    #[test]
    fn hints_find_the_usual_words_and_not_lookalikes() {
        let names =
            |t: &str| -> Vec<&str> { complexity_hints(t).iter().map(|(i, _)| i.name()).collect() };
        assert_eq!(
            names("Sign in with OAuth2, keep a JWT session, check CSRF"),
            ["security"]
        );
        assert_eq!(
            names("add to the users table an index; ALTER TABLE users"),
            ["db-schema"]
        );
        assert_eq!(
            names("the payment service and the notification service over HTTP"),
            ["cross-service"]
        );
        assert_eq!(
            names("用户登录,新增字段,调用支付服务"),
            ["db-schema", "cross-service", "security"]
        );
        assert!(names("a two-column layout, a JSON schema, design tokens").is_empty());
    }

    #[test]
    fn sources_are_cited_not_promised() {
        assert!(cites_source("x [Source: docs/architecture.md#api]"));
        assert!(cites_source("x [来源: docs/架构.md#接口]"));
        assert!(cites_source("x [来源：docs/a.md]"));
        assert!(cites_source("x [→ docs/architecture/api.md#auth]"));
        for bad in [
            "[Source: TODO]",
            "[source: tbd]",
            "[Source: ]",
            "<!-- -->",
            "[来源: 待定]",
            "Source: docs/a.md",
        ] {
            assert!(!cites_source(bad), "{bad}");
        }
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
