//! Three-way merges of one item file, field by field: what git's merge
//! driver for item files (`git orx merge-file`) and `git orx resolve` do.
//!
//! The merge starts from our version's bytes and writes into them, with
//! the lossless document layer, each value only their side changed: every
//! other byte stays as it was. Maps merge key by key, lists as lists (what
//! either side added is in, what either removed is out, in our order),
//! the body by git's own text merge. Two sides that changed one value
//! differently conflict; when that value is the state, it is a lifecycle
//! conflict, decided by the person resolving it (or by the choice given),
//! never silently.

use serde_json::Value;

use crate::doc::{DocError, Document};
use crate::workflow::kind::Shape;

/// One value both sides changed differently.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    /// The dotted path of the value (`status`, `quality.score`).
    pub field: String,
    pub base: Option<Value>,
    pub ours: Option<Value>,
    pub theirs: Option<Value>,
    /// Whether it is the item's state.
    pub state: bool,
}

impl Conflict {
    /// A side's value as a message shows it: a string as written, another
    /// value as JSON, `(removed)` for a side that took it out.
    pub fn shown(v: &Option<Value>) -> String {
        match v {
            Some(Value::String(s)) => s.clone(),
            Some(v) => v.to_string(),
            None => "(removed)".to_owned(),
        }
    }
}

/// How a value both sides changed is decided.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Choice {
    /// The state the item takes (one of the two sides').
    pub state: Option<String>,
    /// Every other value both sides changed: `Some(true)` ours,
    /// `Some(false)` theirs, `None`: the side whose state is chosen, else
    /// left as a conflict.
    pub ours: Option<bool>,
    /// Fields holding a time (dotted paths) whose two changed values merge
    /// to the later one, before any other choice.
    pub latest: Vec<String>,
}

/// The merge of one item file.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The file's new text: clean, or with conflict markers around each
    /// value (and body lines) both sides changed.
    pub text: String,
    pub conflicts: Vec<Conflict>,
    /// Whether the body's text merge left conflict markers.
    pub body_conflict: bool,
}

/// What a body merge gives: the text and whether it conflicts.
pub type BodyMerge<'a> = &'a mut dyn FnMut(&str, &str, &str) -> Result<(String, bool), String>;

/// Labels for the conflict markers (`<<<<<<< ours-label`).
#[derive(Clone, Debug)]
pub struct Labels {
    pub ours: String,
    pub theirs: String,
}

/// Merges `base` (none: both sides added the file), `ours` and `theirs`
/// of an item file read as `shape` says, deciding what `choice` decides,
/// the bodies merged by `body`.
pub fn merge(
    base: Option<&Document>,
    ours: &Document,
    theirs: &Document,
    shape: &Shape,
    choice: &Choice,
    labels: &Labels,
    body: BodyMerge,
) -> Result<Merged, DocError> {
    let empty = Value::Object(serde_json::Map::new());
    let bv = base.map_or(empty, Document::to_value);
    let (ov, tv) = (ours.to_value(), theirs.to_value());
    let mut sets = Vec::new();
    let mut conflicts = Vec::new();
    fields(
        &mut Vec::new(),
        Some(&bv),
        Some(&ov),
        Some(&tv),
        &mut sets,
        &mut conflicts,
    );
    for c in &mut conflicts {
        c.state = c.field == shape.state_field;
    }
    // Choosing a side's state takes that side's values for the other
    // values both changed, unless the choice says otherwise: they are what
    // brought it there.
    let side_of_state = conflicts.iter().find(|c| c.state).and_then(|c| {
        let s = choice.state.as_deref()?;
        let is = |v: &Option<Value>| v.as_ref().and_then(Value::as_str) == Some(s);
        if is(&c.ours) {
            Some(true)
        } else if is(&c.theirs) {
            Some(false)
        } else {
            None
        }
    });
    let others = choice.ours.or(side_of_state);
    // What the choice decides becomes a set; the rest stays a conflict.
    let mut left = Vec::new();
    for c in conflicts {
        // A time every writer stamps: the later of the two.
        let time = |v: &Option<Value>| v.as_ref()?.as_str()?.parse::<jiff::Timestamp>().ok();
        let later = match (time(&c.ours), time(&c.theirs)) {
            (Some(o), Some(t)) if !c.state && choice.latest.contains(&c.field) => Some(if t > o {
                c.theirs.clone()
            } else {
                c.ours.clone()
            }),
            _ => None,
        };
        let decided = if later.is_some() {
            later
        } else if c.state {
            choice
                .state
                .as_ref()
                .filter(|s| {
                    [&c.ours, &c.theirs]
                        .iter()
                        .any(|v| v.as_ref().and_then(Value::as_str) == Some(s.as_str()))
                })
                .map(|s| Some(Value::String(s.clone())))
        } else {
            others.map(|o| if o { c.ours.clone() } else { c.theirs.clone() })
        };
        match decided {
            Some(Some(v)) => sets.push((path_of(&c.field), v)),
            // Deciding for a side that removed the value: not written.
            Some(None) => {}
            None => left.push(c),
        }
    }
    let mut doc = ours.clone();
    for (path, value) in &sets {
        let keys: Vec<&str> = path.iter().map(String::as_str).collect();
        doc = doc.set(&keys, value)?;
    }
    let mut body_conflict = false;
    let (b_body, o_body, t_body) = (base.map_or("", Document::body), ours.body(), theirs.body());
    if o_body != t_body && b_body != t_body {
        let merged = if b_body == o_body {
            t_body.to_owned()
        } else if let Some(ticked) = merge_ticks(b_body, o_body, t_body) {
            ticked
        } else {
            let (text, conflicted) = body(b_body, o_body, t_body)
                .map_err(|e| DocError::new(crate::text::message::Message::text(e)))?;
            body_conflict = conflicted;
            text
        };
        doc = match doc.with_body(&merged) {
            Ok(d) => d,
            // A body with conflict markers may not parse as a document
            // (a `---` line): the text is what the file holds.
            Err(_) if body_conflict => {
                let text = format!(
                    "{}{merged}",
                    &doc.text()[..doc.text().len() - doc.body().len()]
                );
                return Ok(Merged {
                    text: marked(&text, &doc, &left, labels),
                    conflicts: left,
                    body_conflict,
                });
            }
            Err(e) => return Err(e),
        };
    }
    Ok(Merged {
        text: marked(doc.text(), &doc, &left, labels),
        conflicts: left,
        body_conflict,
    })
}

fn path_of(field: &str) -> Vec<String> {
    field.split('.').map(str::to_owned).collect()
}

/// The changes to take and the conflicts, value by value under `path`.
fn fields(
    path: &mut Vec<String>,
    base: Option<&Value>,
    ours: Option<&Value>,
    theirs: Option<&Value>,
    sets: &mut Vec<(Vec<String>, Value)>,
    conflicts: &mut Vec<Conflict>,
) {
    if ours == theirs || base == theirs {
        return;
    }
    // The frontmatter itself is merged key by key, never replaced whole.
    if base == ours && !path.is_empty() {
        match theirs {
            Some(t) => sets.push((path.clone(), t.clone())),
            // Removed on their side only: a value the document layer
            // cannot take out without touching other bytes.
            None => conflicts.push(conflict(path, base, ours, theirs)),
        }
        return;
    }
    match (base, ours, theirs) {
        (b, Some(Value::Object(o)), Some(Value::Object(t))) if b.is_none_or(Value::is_object) => {
            let empty = serde_json::Map::new();
            let b = b.and_then(Value::as_object).unwrap_or(&empty);
            let mut keys: Vec<&String> = o.keys().collect();
            keys.extend(t.keys().filter(|k| !o.contains_key(*k)));
            keys.extend(
                b.keys()
                    .filter(|k| !o.contains_key(*k) && !t.contains_key(*k)),
            );
            for k in keys {
                path.push(k.clone());
                fields(path, b.get(k), o.get(k), t.get(k), sets, conflicts);
                path.pop();
            }
        }
        (b, Some(Value::Array(o)), Some(Value::Array(t))) if b.is_none_or(Value::is_array) => {
            let empty = Vec::new();
            let b = b.and_then(Value::as_array).unwrap_or(&empty);
            let merged = merge_lists(b, o, t);
            if &merged != o {
                sets.push((path.clone(), Value::Array(merged)));
            }
        }
        _ => conflicts.push(conflict(path, base, ours, theirs)),
    }
}

/// Bodies whose sides only ticked or unticked task checkboxes (`- [ ]`,
/// `- [x]`), line for line: each line as the side that changed it has it,
/// so that two agents ticking adjacent tasks do not conflict, as they do
/// in a text merge. `None` when any other line changed.
fn merge_ticks(base: &str, ours: &str, theirs: &str) -> Option<String> {
    let (b, o, t): (Vec<&str>, Vec<&str>, Vec<&str>) = (
        base.split_inclusive('\n').collect(),
        ours.split_inclusive('\n').collect(),
        theirs.split_inclusive('\n').collect(),
    );
    if b.len() != o.len() || b.len() != t.len() {
        return None;
    }
    /// The line with its checkbox, if it has one, unticked.
    fn unticked(line: &str) -> Option<String> {
        let rest = line.trim_start();
        let marker = ["- [", "* [", "+ ["]
            .iter()
            .find(|m| rest.starts_with(**m))?;
        let mark = rest[marker.len()..].chars().next()?;
        let after = &rest[marker.len() + mark.len_utf8()..];
        (matches!(mark, ' ' | 'x' | 'X') && after.starts_with(']'))
            .then(|| format!("{}{marker} {after}", &line[..line.len() - rest.len()]))
    }
    let mut out = String::with_capacity(ours.len());
    for i in 0..b.len() {
        let line = match (o[i] == b[i], t[i] == b[i]) {
            (true, true) => b[i],
            (false, true) => o[i],
            (true, false) => t[i],
            (false, false) if o[i] == t[i] => o[i],
            (false, false) => return None,
        };
        // A changed line must be the same line but for its checkbox.
        for side in [o[i], t[i]] {
            if side != b[i] && (unticked(side)? != unticked(b[i])?) {
                return None;
            }
        }
        out.push_str(line);
    }
    Some(out)
}

fn conflict(
    path: &[String],
    base: Option<&Value>,
    ours: Option<&Value>,
    theirs: Option<&Value>,
) -> Conflict {
    Conflict {
        field: path.join("."),
        base: base.cloned(),
        ours: ours.cloned(),
        theirs: theirs.cloned(),
        state: false,
    }
}

/// A list both sides changed: ours, less what they removed, with what
/// they added (in their order, after ours).
pub fn merge_lists(base: &[Value], ours: &[Value], theirs: &[Value]) -> Vec<Value> {
    let removed: Vec<&Value> = base.iter().filter(|v| !theirs.contains(v)).collect();
    let mut out: Vec<Value> = ours
        .iter()
        .filter(|v| !removed.contains(v))
        .cloned()
        .collect();
    for v in theirs {
        if !base.contains(v) && !out.contains(v) {
            out.push(v.clone());
        }
    }
    out
}

/// `text` (the document `doc`'s) with conflict markers around the line of
/// each value in `conflicts`: our line, then theirs.
fn marked(text: &str, doc: &Document, conflicts: &[Conflict], labels: &Labels) -> String {
    if conflicts.is_empty() {
        return text.to_owned();
    }
    let nl = doc.newline();
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_owned).collect();
    // From the last line up, so earlier line numbers stay right.
    let mut at: Vec<(usize, &Conflict)> = conflicts
        .iter()
        .filter_map(|c| {
            let keys: Vec<&str> = c.field.split('.').collect();
            let line = doc.get(&keys).map(|n| n.line).or_else(|| {
                (1..keys.len())
                    .rev()
                    .find_map(|n| doc.get(&keys[..n]).map(|n| n.line))
            })?;
            Some((line, c))
        })
        .collect();
    at.sort_by_key(|a| std::cmp::Reverse(a.0));
    for (line, c) in at {
        let Some(ours_line) = lines.get(line - 1).cloned() else {
            continue;
        };
        let theirs_line = their_line(&ours_line, c, doc.is_json(), nl);
        let block = format!(
            "<<<<<<< {}{nl}{ours_line}{}======={nl}{theirs_line}>>>>>>> {}{nl}",
            labels.ours,
            if ours_line.ends_with('\n') { "" } else { nl },
            labels.theirs
        );
        lines[line - 1] = block;
    }
    lines.concat()
}

/// Our line of a conflicting value, written with their value.
fn their_line(ours_line: &str, c: &Conflict, json: bool, nl: &str) -> String {
    let indent: String = ours_line
        .chars()
        .take_while(|c| c.is_whitespace())
        .collect();
    let key = c.field.rsplit('.').next().unwrap_or(&c.field);
    let value = match &c.theirs {
        None => return format!("{indent}# `{key}` removed{nl}"),
        Some(v) => v,
    };
    if json {
        let comma = if ours_line.trim_end().ends_with(',') {
            ","
        } else {
            ""
        };
        format!(
            "{indent}{}: {value}{comma}{nl}",
            Value::String(key.to_owned())
        )
    } else {
        format!(
            "{indent}{key}: {}{nl}",
            crate::doc::render::value(value, None, false)
        )
    }
}

#[cfg(test)]
mod tests;
