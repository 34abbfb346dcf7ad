//! What a Markdown body says of itself when it was written for people and
//! agents rather than for git-orx: the status it carries, its heading's ID
//! and title, and its Change Log table.
//!
//! Stories kept by other tools carry their status in the body, in one of
//! these forms (each read with the byte span of its value, so it can be
//! rewritten in place without touching any other byte):
//!
//! - a `## Status` section whose next non-empty line is the status (it may
//!   be anywhere in the file), or `## Status: value` on the heading line;
//! - a `Status: value` line, or `- Status: value` in a list;
//! - `**Status:** value` or `` **Status:** `value` `` (also as a list item);
//! - `status: value` inside a fenced `yaml` block, at its top level or
//!   under `Story:` (under another key it is that key's, a review's say).
//!
//! The value is read as a person reads it: the state word at its start,
//! without emoji, bold, backticks or quotes, and without what follows a
//! `·`, `|`, `—`, ` - ` or `(` (`**Done** ✅ (QA approved)` is `Done`).
//! A `Status:` line or bullet under another section (Dev Notes, QA
//! Results, a review) is that section's, not the story's; a `## Status`
//! section is the story's wherever it is. The first one found, in file
//! order, is the status; a move rewrites every place that writes it.

use std::ops::Range;

/// How a body writes its status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StatusForm {
    /// A `## Status` heading, the value on the next non-empty line.
    Section,
    /// `## Status: value`, on the heading line.
    Heading,
    /// A `Status: value` line (or list item).
    Line,
    /// `**Status:** value`, the value perhaps in backticks.
    Bold,
    /// `status: value` in a fenced `yaml` block.
    Fenced,
}

impl StatusForm {
    pub fn name(self) -> &'static str {
        match self {
            StatusForm::Section => "section",
            StatusForm::Heading => "heading",
            StatusForm::Line => "line",
            StatusForm::Bold => "bold",
            StatusForm::Fenced => "fenced-yaml",
        }
    }
}

/// The status a body carries: the state word as a person reads it, where
/// it is, and how it is written around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyStatus {
    /// The state word(s), without decoration (`Done` in `**Done** ✅`).
    pub value: String,
    /// The value's bytes in the body.
    pub span: Range<usize>,
    pub form: StatusForm,
    /// 1-based line of the value in the body.
    pub line: usize,
    /// All that is written after the label, decoration and notes too.
    pub written: String,
}

/// The lines of `text`, each with its start offset and without its line end.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut pos = 0;
    text.split_inclusive('\n').map(move |raw| {
        let start = pos;
        pos += raw.len();
        (start, raw.trim_end_matches(['\n', '\r']))
    })
}

/// Whether `c` ends the state word(s): a note, a separator, a mark.
fn ends_value(c: char) -> bool {
    matches!(
        c,
        '·' | '|'
            | '—'
            | '–'
            | '('
            | '（'
            | '['
            | ','
            | '，'
            | ';'
            | '；'
            | ':'
            | '：'
            | '、'
            | '*'
            | '`'
            | '"'
            | '“'
            | '”'
            | '<'
            | '#'
            | '>'
            | '!'
            | '?'
            | '/'
            | '\\'
    ) || !(c.is_alphanumeric() || c.is_whitespace() || matches!(c, '-' | '_' | '&' | '.' | '+'))
}

/// The span (within `line`) of the state word(s) a person reads in what
/// follows a label at `from`: past emoji, bold, backticks and quotes, up to
/// a separator, a note in parentheses or a mark.
fn value_span(line: &str, from: usize) -> Option<Range<usize>> {
    let rest = line.get(from..)?;
    let start = from + rest.find(|c: char| c.is_alphanumeric())?;
    let mut end = start;
    for (i, c) in line[start..].char_indices() {
        let at = start + i;
        if ends_value(c) || line[at..].starts_with(" - ") || line[at..].starts_with("  ") {
            break;
        }
        end = at + c.len_utf8();
    }
    let value =
        line[start..end].trim_end_matches(|c: char| c.is_whitespace() || c == '.' || c == '-');
    (!value.is_empty()).then(|| start..start + value.len())
}

/// `text` starts with `word` in any case.
fn starts_with_ci(text: &str, word: &str) -> bool {
    text.len() >= word.len()
        && text.is_char_boundary(word.len())
        && text[..word.len()].eq_ignore_ascii_case(word)
}

/// The level and text of a Markdown heading line.
fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.bytes().take_while(|&b| b == b'#').count();
    if level == 0 || level > 6 {
        return None;
    }
    let rest = &line[level..];
    if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
        return None;
    }
    Some((level, rest.trim()))
}

/// A heading's text without trailing `<!-- ... -->` comments.
fn heading_name(text: &str) -> &str {
    text.split("<!--").next().unwrap_or(text).trim()
}

/// `**Status:**`, `**Status**:`, `Status:` (any case) at the start of
/// `text`, and where the value after it starts.
fn label_end(text: &str) -> Option<usize> {
    [
        "**status:**",
        "**status**:",
        "**status**：",
        "**status：**",
        "status:",
        "status：",
    ]
    .iter()
    .find(|l| starts_with_ci(text, l))
    .map(|l| l.len())
}

/// Whether a status written under the section named `name` is the
/// story's: sections about the story itself (its details, its status), not
/// about its notes, tasks, reviews or tests.
fn story_section(name: &str) -> bool {
    let name = name.to_lowercase();
    [
        "status",
        "story",
        "detail",
        "metadata",
        "overview",
        "info",
        "estado",
        "statut",
        "状态",
        "状態",
        "ステータス",
        "概要",
        "meta",
    ]
    .iter()
    .any(|w| name.contains(w))
        && ![
            "dev agent",
            "qa ",
            "review",
            "note",
            "task",
            "test",
            "record",
            "completion",
        ]
        .iter()
        .any(|w| name.contains(w))
}

/// Every place the body writes its status, in file order (the first is
/// the status).
pub fn statuses(body: &str) -> Vec<BodyStatus> {
    let mut out = Vec::new();
    let mut fence: Option<(String, bool)> = None; // (marker, is yaml)
    // In a yaml block, the top-level key the lines below belong to: a
    // nested `status:` is the story's under `Story:` only (under
    // `architect_review:` it is the review's).
    let mut parent = String::new();
    // The `## Status` section whose value is on a next line.
    let mut section = false;
    // Whether the level-2 section we are in is about the story itself.
    let mut own = true;
    let mut titled = false;
    for (n, (start, line)) in lines(body).enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some((marker, yaml)) = &fence {
            if trimmed.starts_with(marker.as_str()) && trimmed.trim_end() == marker.as_str() {
                fence = None;
                continue;
            }
            if *yaml && indent == 0 && !trimmed.is_empty() && !trimmed.starts_with('#') {
                parent = trimmed.split(':').next().unwrap_or("").trim().to_owned();
            }
            if *yaml
                && starts_with_ci(trimmed, "status:")
                && (indent == 0 || (indent <= 2 && parent.eq_ignore_ascii_case("story")))
                && let Some(span) = value_span(line, indent + "status:".len())
            {
                out.push(found(start, line, span, StatusForm::Fenced, n, indent + 7));
            }
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            let marker: String = trimmed
                .chars()
                .take_while(|&c| c == '`' || c == '~')
                .collect();
            let lang = trimmed[marker.len()..].trim().to_ascii_lowercase();
            fence = Some((marker, lang == "yaml" || lang == "yml"));
            parent.clear();
            section = false;
            continue;
        }
        if let Some((level, text)) = heading(line) {
            let name = heading_name(text);
            if level <= 2 {
                // The title is the story's; a later top heading (a review
                // appended under `# Senior Developer Review`) is another.
                own = (level == 1 && !titled) || story_section(name) || label_end(name).is_some();
                titled |= level == 1;
            }
            let counts = level >= 2 && (level == 2 || own);
            section = counts && name.eq_ignore_ascii_case("status");
            if counts
                && !section
                && let Some(at) = label_end(name)
            {
                let from = line.len() - text.len() + at;
                if let Some(span) = value_span(line, from) {
                    out.push(found(start, line, span, StatusForm::Heading, n, from));
                }
            }
            continue;
        }
        if section {
            if trimmed.is_empty() || (trimmed.starts_with("<!--") && trimmed.ends_with("-->")) {
                continue;
            }
            section = false;
            let mut from = indent + if trimmed.starts_with("- ") { 2 } else { 0 };
            if let Some(at) = label_end(&line[from..]) {
                from += at;
            }
            if let Some(span) = value_span(line, from) {
                out.push(found(start, line, span, StatusForm::Section, n, from));
            }
            continue;
        }
        if !own {
            continue;
        }
        let item = trimmed
            .strip_prefix("- ")
            .or_else(|| trimmed.strip_prefix("* "))
            .unwrap_or(trimmed);
        let at = line.len() - item.len();
        let listed = at > indent;
        if (indent == 0 || (listed && indent <= 2))
            && let Some(len) = label_end(item)
            && let Some(span) = value_span(line, at + len)
        {
            let form = if item.starts_with('*') {
                StatusForm::Bold
            } else {
                StatusForm::Line
            };
            out.push(found(start, line, span, form, n, at + len));
        }
    }
    out
}

/// The status the body carries, if it carries one.
pub fn status(body: &str) -> Option<BodyStatus> {
    statuses(body).into_iter().next()
}

fn found(
    start: usize,
    line: &str,
    span: Range<usize>,
    form: StatusForm,
    n: usize,
    from: usize,
) -> BodyStatus {
    BodyStatus {
        value: line[span.clone()].to_owned(),
        span: start + span.start..start + span.end,
        form,
        line: n + 1,
        written: line[from..]
            .trim()
            .trim_start_matches(['*', ' '])
            .trim()
            .to_owned(),
    }
}

/// `body` with its status written as `value` in every place that writes
/// it (see [`statuses`]); `None` when the body carries no status.
pub fn with_status(body: &str, value: &str) -> Option<String> {
    let places = statuses(body);
    if places.is_empty() {
        return None;
    }
    let mut out = body.to_owned();
    for s in places.iter().rev() {
        out.replace_range(s.span.clone(), value);
    }
    Some(out)
}

/// What a story's first heading says: `# Story 1.2: Title`,
/// `# Story 1.2 - Title`, `# 1.2: Title`, `# Story e5-01: Title`, or just a
/// title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    pub id: Option<String>,
    pub title: String,
}

/// The first level-1 heading of the body, read as an ID and a title.
pub fn heading_of(body: &str) -> Option<Heading> {
    let mut fenced = false;
    for (_, line) in lines(body) {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let Some((1, text)) = heading(line) else {
            continue;
        };
        let text = heading_name(text);
        let rest = ["Story ", "story ", "STORY "]
            .iter()
            .find_map(|p| text.strip_prefix(p))
            .unwrap_or(text)
            .trim_start();
        let token: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '.' || *c == '-' || *c == '_')
            .collect();
        let token = token.trim_end_matches(['.', '-']);
        let looks_like_id = token.chars().any(|c| c.is_ascii_digit())
            && token
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-_".contains(c))
            && rest.len() > token.len()
            && rest[token.len()..]
                .trim_start()
                .starts_with([':', '-', '–', '—', '.'])
            || (!token.is_empty() && rest.len() == token.len() && token.contains('.'));
        if looks_like_id {
            let title = rest[token.len()..]
                .trim_start()
                .trim_start_matches([':', '-', '–', '—', '.'])
                .trim();
            return Some(Heading {
                id: Some(token.to_owned()),
                title: title.to_owned(),
            });
        }
        return Some(Heading {
            id: None,
            title: text.to_owned(),
        });
    }
    None
}

/// A body's Change Log table: its columns and where a new row goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChangeLog {
    pub columns: Vec<String>,
    /// The cells of the last row, if there is one.
    pub last: Option<Vec<String>>,
    /// Where a new row is inserted: after the table's last line.
    pub insert_at: usize,
    /// The line end the table uses.
    pub newline: &'static str,
    /// Whether the table's last line ends with a line end.
    pub terminated: bool,
}

fn cells(line: &str) -> Vec<String> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').map(|c| c.trim().to_owned()).collect()
}

/// The table under the body's `Change Log` (or `Changelog`) heading.
pub fn change_log(body: &str) -> Option<ChangeLog> {
    let mut under = false;
    let mut table: Option<ChangeLog> = None;
    let mut rows = 0;
    for (start, line) in lines(body) {
        if let Some((_, text)) = heading(line) {
            if table.is_some() {
                break;
            }
            let name = heading_name(text).to_ascii_lowercase();
            under = name == "change log" || name == "changelog";
            continue;
        }
        if !under {
            continue;
        }
        let t = line.trim();
        let raw_len = body[start..]
            .split_inclusive('\n')
            .next()
            .unwrap_or("")
            .len();
        match &mut table {
            None if t.starts_with('|') => {
                table = Some(ChangeLog {
                    columns: cells(t),
                    last: None,
                    insert_at: start + raw_len,
                    newline: if body[start..start + raw_len].ends_with("\r\n") {
                        "\r\n"
                    } else {
                        "\n"
                    },
                    terminated: body[start..start + raw_len].ends_with('\n'),
                });
            }
            None => {}
            Some(tb) if t.starts_with('|') => {
                rows += 1;
                let c = cells(t);
                let separator = c
                    .iter()
                    .all(|x| !x.is_empty() && x.chars().all(|ch| "-: ".contains(ch)));
                if !(rows == 1 && separator) {
                    tb.last = Some(c);
                }
                tb.insert_at = start + raw_len;
                tb.terminated = body[start..start + raw_len].ends_with('\n');
            }
            Some(_) => break,
        }
    }
    table
}

/// What a new Change Log row says, by the meaning of its columns.
#[derive(Clone, Debug, Default)]
pub struct LogEntry {
    pub date: String,
    pub role: String,
    pub from: String,
    pub to: String,
    pub note: String,
}

/// The cell a column gets: the date, the next version, the transition, the
/// role, or the note, chosen by the column's name.
fn cell_for(column: &str, entry: &LogEntry, last: Option<&str>) -> String {
    let c = column.to_ascii_lowercase();
    let transition = format!("{} → {}", entry.from, entry.to);
    if c.contains("date") || c.contains("time") {
        entry.date.clone()
    } else if c.contains("version") {
        next_version(last)
    } else if c.contains("transition") || c.contains("status") {
        transition
    } else if c.contains("author") || c.contains("agent") || c.contains("role") || c == "by" {
        entry.role.clone()
    } else if c.contains("description") || c.contains("change") {
        if entry.note.is_empty() {
            format!("Status: {transition}")
        } else {
            format!("Status: {transition}; {}", entry.note)
        }
    } else if c.contains("detail") || c.contains("note") || c.contains("comment") {
        entry.note.clone()
    } else {
        String::new()
    }
}

/// The version after `last` (`1.0` → `1.1`; none → `1.0`).
fn next_version(last: Option<&str>) -> String {
    let Some(last) = last.map(str::trim).filter(|l| !l.is_empty()) else {
        return "1.0".to_owned();
    };
    let (major, minor) = last.split_once('.').unwrap_or((last, "0"));
    match (major.parse::<u64>(), minor.parse::<u64>()) {
        (Ok(m), Ok(n)) => format!("{m}.{}", n + 1),
        _ => last.to_owned(),
    }
}

/// `body` with a row appended to its Change Log table, its cells chosen by
/// the table's own columns; `None` when the body has no such table.
pub fn with_log_row(body: &str, entry: &LogEntry) -> Option<String> {
    let log = change_log(body)?;
    let version_at = log
        .columns
        .iter()
        .position(|c| c.to_ascii_lowercase().contains("version"));
    let last_version = version_at.and_then(|i| log.last.as_ref()?.get(i).map(String::as_str));
    let row: Vec<String> = log
        .columns
        .iter()
        .map(|c| cell_for(c, entry, last_version).replace('|', "\\|"))
        .collect();
    let line = format!("| {} |", row.join(" | "));
    let mut out = String::with_capacity(body.len() + line.len() + 2);
    out.push_str(&body[..log.insert_at]);
    if !log.terminated {
        out.push_str(log.newline);
    }
    out.push_str(&line);
    out.push_str(log.newline);
    out.push_str(&body[log.insert_at..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form of status, with what is read and how.
    #[test]
    fn each_status_form_is_read_with_its_span() {
        let cases: &[(&str, &str, StatusForm)] = &[
            (
                "# Story 1.2: X\n\n## Status\n\nDraft\n\n## Story\n",
                "Draft",
                StatusForm::Section,
            ),
            (
                "# S\n## Status\n<!-- one of -->\nReady for Review\n",
                "Ready for Review",
                StatusForm::Section,
            ),
            (
                "# S\n\n## Story\n\nAs a user\n\n## Status\n\nInProgress\n",
                "InProgress",
                StatusForm::Section,
            ),
            (
                "## Status\n\n**Approved**\n",
                "Approved",
                StatusForm::Section,
            ),
            (
                "# Story 2.2: X\n\nStatus: ready-for-dev\n\n## Story\n",
                "ready-for-dev",
                StatusForm::Line,
            ),
            ("# X\n\n**Status:** Done\n", "Done", StatusForm::Bold),
            ("# X\n\n**Status:** `Review`\n", "Review", StatusForm::Bold),
            (
                "# X\n- **Status**: Postponed\n",
                "Postponed",
                StatusForm::Bold,
            ),
            (
                "# X\n\n## Story\n\n```yaml\nid: 1.2\nstatus: AwaitingTestDesign\n```\n",
                "AwaitingTestDesign",
                StatusForm::Fenced,
            ),
            (
                "# X\n\n```yaml\nstatus: \"TestDesignComplete\"\n```\n",
                "TestDesignComplete",
                StatusForm::Fenced,
            ),
            (
                "# X\r\n\r\n## Status\r\n\r\nReview\r\n",
                "Review",
                StatusForm::Section,
            ),
        ];
        for (body, value, form) in cases {
            let s = status(body).unwrap_or_else(|| panic!("no status in {body:?}"));
            assert_eq!((s.value.as_str(), s.form), (*value, *form), "{body:?}");
            assert_eq!(&body[s.span.clone()], *value, "{body:?}");
        }
    }

    /// Statuses as real projects decorate them, read as a person does:
    /// the state word, without emoji, bold, backticks or the note after it.
    #[test]
    fn a_status_is_read_as_a_person_reads_it() {
        let cases: &[(&str, &str, StatusForm)] = &[
            ("## Status\n\nDone ✅\n", "Done", StatusForm::Section),
            (
                "## Status\nDone ✅ (QA Approved: 2025-09-30)\n",
                "Done",
                StatusForm::Section,
            ),
            (
                "### Status\n\n**Status:** `Done`\n",
                "Done",
                StatusForm::Section,
            ),
            (
                "## Status\n\n✅ **DONE** (January 6, 2025)\n",
                "DONE",
                StatusForm::Section,
            ),
            (
                "## Status\n**Done** - Scope Reduced (Advanced → 4.4)\n",
                "Done",
                StatusForm::Section,
            ),
            (
                "**Status:** `Sharded` · ready for dev *develop-story 1.12\n",
                "Sharded",
                StatusForm::Bold,
            ),
            (
                "## Status\nDraft（SM 起草 · 待审）\n",
                "Draft",
                StatusForm::Section,
            ),
            (
                "**Status**: `done` (cierre administrativo, sesión 12)\n",
                "done",
                StatusForm::Bold,
            ),
            (
                "- **Status**: ready-for-dev | **Effort**: 1 day\n",
                "ready-for-dev",
                StatusForm::Bold,
            ),
            (
                "Status: in_progress (v3 — sesión 38)\n",
                "in_progress",
                StatusForm::Line,
            ),
            (
                "Status: review — dev completo sesión 38\n",
                "review",
                StatusForm::Line,
            ),
            (
                "## Status: review\n\n## Story\n",
                "review",
                StatusForm::Heading,
            ),
            (
                "## Story Details\n\n- Epic: 0\n- Status: review\n",
                "review",
                StatusForm::Line,
            ),
            (
                "# S\n\n## Status\n\nDone - All 8 Tasks Completed Successfully\n",
                "Done",
                StatusForm::Section,
            ),
        ];
        for (body, value, form) in cases {
            let s = status(body).unwrap_or_else(|| panic!("no status in {body:?}"));
            assert_eq!((s.value.as_str(), s.form), (*value, *form), "{body:?}");
            assert_eq!(&body[s.span.clone()], *value, "{body:?}");
        }
        // The story's status, not one in its notes; one after the code is
        // still the status.
        let notes = "# Story 1.1: X\n\n## Dev Notes\n\n- **Status**: ✅ Strategy defined\n\n## QA Results\n\nStatus: PASS\n\n## Status\n\nReview\n";
        assert_eq!(status(notes).map(|s| s.value).as_deref(), Some("Review"));
        assert_eq!(statuses(notes).len(), 1);
        let appended = "# Story 1.7: X\n\nStatus: done\n\n# Route Fix Applied\n\n**Status:** Ready for re-review\n";
        assert_eq!(statuses(appended).len(), 1);
    }

    /// A move rewrites every place the body writes its status: the
    /// `## Status` section and the fenced yaml block both.
    #[test]
    fn every_place_that_writes_the_status_is_rewritten() {
        let body = "# Story 1.2: X\n\n## Status\n\nApproved ✅\n\n## Story\n\n```yaml\nid: 1.2\nstatus: Approved\n```\n";
        assert_eq!(
            with_status(body, "InProgress").unwrap(),
            "# Story 1.2: X\n\n## Status\n\nInProgress ✅\n\n## Story\n\n```yaml\nid: 1.2\nstatus: InProgress\n```\n"
        );
    }

    /// In a yaml block the story's `status:` is at the top level or under
    /// `Story:`; one under another key (an architect review's) is not.
    #[test]
    fn a_nested_yaml_status_is_the_storys_under_story_only() {
        let body = "# Story 4.4: X\n\n## Status\n\nApproved\n\n```yaml\nStory:\n  id: 4.4\n  status: Approved\n```\n\n```yaml\narchitect_review:\n  required: true\n  status: pending\n```\n";
        let found: Vec<String> = statuses(body).into_iter().map(|s| s.value).collect();
        assert_eq!(found, ["Approved", "Approved"]);
    }

    #[test]
    fn a_body_without_a_status_has_none() {
        for body in [
            "# Story 1.2: X\n\n## Story\n\nAs a user\n",
            "# X\n\n```sh\nStatus: not this\n```\n",
            "# X\n\n## Status\n\n## Story\n",
            "# X\n\nThe status: of things\n",
        ] {
            assert_eq!(status(body), None, "{body:?}");
        }
    }

    #[test]
    fn a_status_is_rewritten_in_place_and_nothing_else() {
        let body = "# X\r\n\r\n**Status:** `Review`\r\n\r\nrest\r\n";
        let out = with_status(body, "Done").unwrap();
        assert_eq!(out, "# X\r\n\r\n**Status:** `Done`\r\n\r\nrest\r\n");
        let body = "## Status\n\nDraft\n";
        assert_eq!(
            with_status(body, "Approved").unwrap(),
            "## Status\n\nApproved\n"
        );
        assert_eq!(with_status("# none\n", "Done"), None);
    }

    #[test]
    fn headings_give_ids_and_titles() {
        let cases: &[(&str, Option<&str>, &str)] = &[
            ("# Story 1.2: User login\n", Some("1.2"), "User login"),
            ("# Story 1.2 - User login\n", Some("1.2"), "User login"),
            ("# 3.1: 镜头分析\n", Some("3.1"), "镜头分析"),
            ("# Story e5-01: Export\n", Some("e5-01"), "Export"),
            ("# Story 2.2\n", Some("2.2"), ""),
            ("# User login\n", None, "User login"),
            (
                "intro\n\n# Story 4.10: Late heading\n",
                Some("4.10"),
                "Late heading",
            ),
        ];
        for (body, id, title) in cases {
            let h = heading_of(body).unwrap();
            assert_eq!(
                (h.id.as_deref(), h.title.as_str()),
                (*id, *title),
                "{body:?}"
            );
        }
        assert_eq!(heading_of("no heading\n"), None);
    }

    #[test]
    fn a_change_log_row_follows_the_tables_own_columns() {
        let entry = LogEntry {
            date: "2026-01-02".into(),
            role: "QA".into(),
            from: "Review".into(),
            to: "Done".into(),
            note: String::new(),
        };
        let bmad = "## Change Log\n\n| Date | Version | Description | Author |\n| --- | --- | --- | --- |\n| 2026-01-01 | 1.1 | Drafted | SM |\n\n## Dev Agent Record\n";
        let out = with_log_row(bmad, &entry).unwrap();
        assert!(
            out.contains("| 2026-01-01 | 1.1 | Drafted | SM |\n| 2026-01-02 | 1.2 | Status: Review → Done | QA |\n\n## Dev Agent Record\n"),
            "{out}"
        );
        let orx = "## Change Log\n\n| Date | Agent | Status Transition | Details |\n|------|-------|-------|-----|\n";
        let out = with_log_row(orx, &entry).unwrap();
        assert!(
            out.ends_with("|-----|\n| 2026-01-02 | QA | Review → Done |  |\n"),
            "{out}"
        );
        let empty_last = "## Change Log\n| Date | Version | Description | Author |\n|--|--|--|--|";
        let out = with_log_row(empty_last, &entry).unwrap();
        assert!(
            out.ends_with("|--|\n| 2026-01-02 | 1.0 | Status: Review → Done | QA |\n"),
            "{out}"
        );
        assert_eq!(with_log_row("# none\n", &entry), None);
    }
}
