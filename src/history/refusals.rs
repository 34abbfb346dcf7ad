//! The local refusal log (`<git common dir>/orx/refusals.jsonl`): one JSON
//! line for every change a command or a hook refused, so that `git orx
//! doctor` can say why a story is not moving.
//!
//! Appends are safe with concurrent writers: each line is one `write` to a
//! file opened with `O_APPEND`, so lines never interleave. The log is
//! bounded: a writer that finds it over [`MAX_BYTES`] after its append
//! renames it to `refusals.1.jsonl` (replacing the older one), so at most
//! about twice that is kept. It is local and never committed; a line that
//! cannot be read (a torn write on a full disk) is skipped.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::decide::NoDecision;
use crate::engine::validate::Refusal;

/// The log's size at which it is rotated.
pub const MAX_BYTES: u64 = 256 * 1024;

/// The longest message kept on a line.
const MAX_MESSAGE: usize = 2000;

const FILE: &str = "refusals.jsonl";
const OLDER: &str = "refusals.1.jsonl";

/// One refusal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Logged {
    /// RFC 3339, UTC.
    pub time: String,
    /// `move`, `assess`, `gate`, `hook pre-commit`, ...
    pub source: String,
    pub kind: Option<String>,
    pub id: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub role: Option<String>,
    /// The rule broken: `invalid-transition`, `unauthorized-role`,
    /// `unmet-precondition`, ...
    pub rule: String,
    pub message: String,
}

impl Logged {
    /// A refusal of a command, with what it says of the item and the move.
    pub fn of_refusal(source: &str, role: Option<&str>, r: &Refusal, time: &str) -> Logged {
        let (item, from, to) = match r {
            Refusal::UnknownState { item, state, .. } => (Some(item), None, Some(state)),
            Refusal::Identity { item, .. }
            | Refusal::Protected { item, .. }
            | Refusal::Record { item, .. } => (Some(item), None, None),
            Refusal::Terminal { item, state, to } => (Some(item), Some(state), Some(to)),
            Refusal::InvalidTransition { item, from, to, .. }
            | Refusal::Preconditions { item, from, to, .. }
            | Refusal::Waits { item, from, to, .. }
            | Refusal::NoEvidence { item, from, to, .. }
            | Refusal::ActionNotTaken { item, from, to, .. }
            | Refusal::Unmeasured { item, from, to, .. } => (Some(item), Some(from), Some(to)),
            Refusal::Unauthorized { item, from, to, .. } => (Some(item), Some(from), to.as_ref()),
            Refusal::NotInitial { item, state, .. } => (Some(item), None, Some(state)),
            Refusal::Delete { item, state } => (Some(item), Some(state), None),
            Refusal::EditGuard { item, state, .. } | Refusal::Operation { item, state, .. } => {
                (Some(item), Some(state), Some(state))
            }
            Refusal::ForceNotHuman { .. } => (None, None, None),
        };
        let kind = item.and_then(|i| i.kind()).map(str::to_owned);
        let id = item.map(|i| i.id().to_owned());
        let named = match r {
            Refusal::Unauthorized { role, .. } | Refusal::ForceNotHuman { role } => Some(role),
            _ => None,
        };
        Logged {
            time: time.to_owned(),
            source: source.to_owned(),
            kind,
            id,
            from: from.cloned(),
            to: to.cloned(),
            role: named.cloned().or(role.map(str::to_owned)),
            rule: r.kind().to_owned(),
            message: clip(&r.to_string()),
        }
    }

    /// An assessment or a gate result that no transition fits.
    pub fn of_no_decision(
        source: &str,
        item: Option<(&str, &str)>,
        d: &NoDecision,
        time: &str,
    ) -> Logged {
        let from = match d {
            NoDecision::NotHere { state, .. } | NoDecision::NoneHolds { state, .. } => state,
        };
        Logged {
            time: time.to_owned(),
            source: source.to_owned(),
            kind: item.map(|(k, _)| k.to_owned()),
            id: item.map(|(_, i)| i.to_owned()),
            from: Some(from.clone()),
            to: None,
            role: None,
            rule: match d {
                NoDecision::NotHere { .. } => "not-applicable-here",
                NoDecision::NoneHolds { .. } => "no-transition-fits",
            }
            .to_owned(),
            message: clip(&d.to_string()),
        }
    }

    /// A rule a commit broke, as the hooks judged it.
    pub fn of_violation(
        source: &str,
        v: &crate::history::enforce::Violation,
        time: &str,
    ) -> Logged {
        let (kind, id) = v.item.as_ref().map_or((None, None), |i| {
            (i.kind().map(str::to_owned), Some(i.id().to_owned()))
        });
        let (from, to) = v
            .transition
            .as_deref()
            .and_then(|t| t.split_once(" -> "))
            .map(|(f, t)| {
                let real = |s: &str| (!s.starts_with('(')).then(|| s.to_owned());
                (real(f), real(t))
            })
            .unwrap_or_default();
        Logged {
            time: time.to_owned(),
            source: source.to_owned(),
            kind,
            id,
            from,
            to,
            role: None,
            rule: v.rule.clone(),
            message: clip(&v.message.to_string()),
        }
    }

    /// The same, with the acting role when it is known and not yet set.
    pub fn with_role(mut self, role: Option<&str>) -> Logged {
        if self.role.is_none() {
            self.role = role.map(str::to_owned);
        }
        self
    }

    /// Whether it is about this item.
    pub fn is_about(&self, kind: &str, id: &str) -> bool {
        self.id.as_deref() == Some(id) && self.kind.as_deref().is_none_or(|k| k == kind)
    }
}

fn clip(s: &str) -> String {
    if s.len() <= MAX_MESSAGE {
        return s.to_owned();
    }
    let mut end = MAX_MESSAGE;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

/// The log's path in `orx_dir`.
pub fn path(orx_dir: &Path) -> PathBuf {
    orx_dir.join(FILE)
}

/// Appends one refusal: one `write` of one line to the file opened for
/// appending, then the rotation when the file has grown past
/// [`MAX_BYTES`].
pub fn append(orx_dir: &Path, entry: &Logged) -> std::io::Result<()> {
    std::fs::create_dir_all(orx_dir)?;
    let mut line = serde_json::to_string(entry).map_err(std::io::Error::other)?;
    line.push('\n');
    let path = path(orx_dir);
    let mut file = OpenOptions::new().append(true).create(true).open(&path)?;
    file.write_all(line.as_bytes())?;
    let meta = file.metadata()?;
    if meta.len() > MAX_BYTES && same_file(&path, &meta) {
        // Another writer that found it full too has renamed it already
        // when the path no longer names this file: then there is nothing
        // to do. (A writer still holding the old file appends to the
        // older log: its line is kept.)
        std::fs::rename(&path, orx_dir.join(OLDER))?;
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(path: &Path, meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).is_ok_and(|m| m.ino() == meta.ino() && m.dev() == meta.dev())
}

#[cfg(not(unix))]
fn same_file(path: &Path, meta: &std::fs::Metadata) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() == meta.len())
}

/// Every refusal kept, oldest first.
pub fn read(orx_dir: &Path) -> Vec<Logged> {
    let mut out = Vec::new();
    for name in [OLDER, FILE] {
        let Ok(text) = std::fs::read(orx_dir.join(name)) else {
            continue;
        };
        out.extend(text.split(|b| *b == b'\n').filter_map(parse_line));
    }
    out
}

/// A line, or what follows a torn line's remains on it (a write cut
/// short by a full disk, followed by a whole one).
fn parse_line(line: &[u8]) -> Option<Logged> {
    if line.is_empty() {
        return None;
    }
    serde_json::from_slice(line).ok().or_else(|| {
        let start = line.windows(8).rposition(|w| w == b"{\"time\":")?;
        serde_json::from_slice(&line[start..]).ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(n: usize) -> Logged {
        Logged {
            time: "2026-01-02T03:04:05Z".to_owned(),
            source: "move".to_owned(),
            kind: Some("story".to_owned()),
            id: Some(format!("1.{n}")),
            from: Some("Draft".to_owned()),
            to: Some("Approved".to_owned()),
            role: Some("dev".to_owned()),
            rule: "unauthorized-role".to_owned(),
            message: "x".repeat(500),
        }
    }

    /// A refusal is logged with its item's kind and ID as the refusal
    /// holds them, never split back from its label: an ID with a space
    /// stays whole, a hyphenated kind too.
    #[test]
    fn a_refusal_is_logged_with_its_kind_and_id_as_data() {
        let r = Refusal::InvalidTransition {
            item: crate::engine::validate::ItemRef::new("on-call", "week 1.2"),
            from: "Planned".to_owned(),
            to: "Over".to_owned(),
            allowed: vec![],
        };
        let l = Logged::of_refusal("move", Some("dev"), &r, "t");
        assert_eq!(
            (l.kind.as_deref(), l.id.as_deref(), l.from.as_deref()),
            (Some("on-call"), Some("week 1.2"), Some("Planned"))
        );
    }

    /// Regression: a hook's violation named its item by a label the log
    /// split back at the first space, so an ID with a space lost its
    /// head to the kind. The violation keeps kind and ID as data, and
    /// `verify --json` still gives the label.
    #[test]
    fn a_violation_is_logged_with_its_kind_and_id_as_data() {
        let v = crate::history::enforce::Violation {
            commit: None,
            path: "docs/on-call/week 1.2.md".to_owned(),
            item: Some(crate::engine::validate::ItemRef::new("on-call", "week 1.2")),
            transition: Some("Planned -> Over".to_owned()),
            rule: "invalid-transition".to_owned(),
            message: crate::text::message::Message::text("no"),
        };
        let l = Logged::of_violation("pre-commit", &v, "t");
        assert_eq!(
            (l.kind.as_deref(), l.id.as_deref(), l.to.as_deref()),
            (Some("on-call"), Some("week 1.2"), Some("Over"))
        );
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(json["item"], "on-call week 1.2");
    }

    #[test]
    fn the_log_is_rotated_and_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let n = 2000;
        for i in 0..n {
            append(dir.path(), &entry(i)).unwrap();
        }
        let size = |f: &str| std::fs::metadata(dir.path().join(f)).map_or(0, |m| m.len());
        assert!(size(FILE) <= MAX_BYTES + 1000);
        assert!(size(OLDER) <= MAX_BYTES + 1000);
        let kept = read(dir.path());
        assert!(kept.len() < n && kept.len() > 100);
        // The newest are kept, in order.
        assert_eq!(kept.last().unwrap().id.as_deref(), Some("1.1999"));
        let ids: Vec<usize> = kept
            .iter()
            .map(|e| e.id.as_ref().unwrap()[2..].parse().unwrap())
            .collect();
        assert!(ids.windows(2).all(|w| w[0] + 1 == w[1]));
    }

    #[test]
    fn a_torn_line_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        append(dir.path(), &entry(1)).unwrap();
        std::fs::OpenOptions::new()
            .append(true)
            .open(path(dir.path()))
            .unwrap()
            .write_all(b"{\"time\":\"20")
            .unwrap();
        append(dir.path(), &entry(2)).unwrap();
        let kept = read(dir.path());
        let ids: Vec<_> = kept.iter().map(|e| e.id.as_deref().unwrap()).collect();
        assert_eq!(ids, ["1.1", "1.2"]);
    }
}
