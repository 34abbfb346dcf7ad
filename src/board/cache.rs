//! A stat-keyed cache of item summaries, as git's index caches file stats.
//!
//! `status` and `next` on 10,000 stories must not parse 10,000 YAML
//! documents when none changed. Each file's summary is stored with the
//! file's stat (mtime and ctime to the nanosecond, size, inode); a file whose
//! stat differs is read again. A file changed less than two seconds before
//! the scan is never cached ("racily clean" in git's words: a second write
//! within the clock's granularity could leave the stat unchanged). The whole
//! cache is dropped when the fingerprint changes: the git-orx version and
//! its built-in workflows, the config, the workflow override or the
//! language. `check` never uses it.
//!
//! The cache lives in the worktree's own git dir (`.git/orx-cache/`), is
//! written with a temp file and a rename, and any problem reading or writing
//! it just means a slower scan.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::board::summary::{Problem, Readiness, Summary};
use crate::workflow::kind::Kinds;

const VERSION: u32 = 7;
/// Files changed this recently are not cached.
const RACY: Duration = Duration::from_secs(2);

/// What a file's stat says about its content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stat(i64, i64, u64, u64);

impl Stat {
    /// The stat of a regular file; `None` for anything else (symlinks, missing).
    pub fn of(path: &Path) -> Option<(Stat, SystemTime)> {
        let m = std::fs::symlink_metadata(path).ok()?;
        if !m.file_type().is_file() {
            return None;
        }
        let mtime = m.modified().ok()?;
        let ns = |t: SystemTime| {
            t.duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as i64)
        };
        #[cfg(unix)]
        let (ctime_ns, ino) = {
            use std::os::unix::fs::MetadataExt;
            (
                m.ctime()
                    .saturating_mul(1_000_000_000)
                    .saturating_add(m.ctime_nsec()),
                m.ino(),
            )
        };
        #[cfg(not(unix))]
        let (ctime_ns, ino) = (0, 0);
        // mtime and ctime in nanoseconds, size, inode.
        Some((Stat(ns(mtime), ctime_ns, m.len(), ino), mtime))
    }
}

/// What the scan of one file gave: an item's summary, with the readiness
/// of its moves when it lasts (no guard reads the clock), or a problem.
#[derive(Clone, Debug, PartialEq)]
pub enum Cached {
    Item(Summary, Option<Vec<Readiness>>),
    Problem(Problem),
}

/// One file's row: path, stat, then the summary or the problem, then the
/// item's readiness (of its moves that cannot be taken now: the others
/// can).
#[derive(Serialize, Deserialize)]
struct Row(
    String,
    Stat,
    Option<ItemRow>,
    Option<ProblemRow>,
    Option<Vec<ReadyRow>>,
);

/// A move that cannot be taken now: its target, what is unmet, and the
/// rule and code that refuse it.
type ReadyRow = (String, Vec<String>, Option<(String, String)>);

#[derive(Serialize, Deserialize)]
struct ItemRow(
    String,
    String,
    String,
    String,
    Option<String>,
    bool,
    Option<String>,
    Option<String>,
);

/// A file's problem as an older git-orx kept it (its position and
/// English), skipped when read.
#[derive(Serialize, Deserialize)]
struct ProblemRow(Option<usize>, Option<usize>, String);

impl Row {
    /// The row of an item's summary; a file with a problem has none (see
    /// [`Row::into_cached`]).
    fn new(path: &str, stat: Stat, c: &Cached) -> Option<Row> {
        match c {
            Cached::Item(s, ready) => Some(Row(
                path.to_owned(),
                stat,
                Some(ItemRow(
                    s.kind.name().to_owned(),
                    s.id.clone(),
                    s.title.clone(),
                    s.status.clone(),
                    s.owner.clone(),
                    s.terminal,
                    s.handoff.clone(),
                    s.waits_for.clone(),
                )),
                None,
                ready.as_ref().map(|r| {
                    r.iter()
                        .filter(|r| !r.holds)
                        .map(|r| {
                            let refused =
                                r.refused.as_ref().map(|x| (x.rule.clone(), x.code.clone()));
                            (r.to.clone(), r.unmet.clone(), refused)
                        })
                        .collect()
                }),
            )),
            Cached::Problem(_) => None,
        }
    }

    /// The row as the scan's result, its kind named by `kinds` (the
    /// registry's kind of that name, else one nothing is known of, as a
    /// file naming it is read).
    fn into_cached(self, kinds: &Kinds) -> Option<(String, Stat, Cached)> {
        let Row(path, stat, item, problem, ready) = self;
        let cached = match (item, problem) {
            (Some(ItemRow(kind, id, title, status, owner, terminal, handoff, waits_for)), None) => {
                Cached::Item(
                    Summary {
                        kind: kinds.named(&kind),
                        id,
                        title,
                        status,
                        owner,
                        terminal,
                        path: path.clone(),
                        handoff,
                        waits_for,
                        // Not kept: the board fills them in from the workflow.
                        steps: Vec::new(),
                    },
                    ready.map(|r| {
                        r.into_iter()
                            .map(|(to, unmet, refused)| Readiness {
                                to,
                                holds: false,
                                unmet,
                                refused: refused.map(|(rule, code)| {
                                    crate::workflow::steps::StepRefused { rule, code }
                                }),
                                by_command: None,
                            })
                            .collect()
                    }),
                )
            }
            // A file with a problem is not kept (a row of one is from an
            // older git-orx): it is read again, so that its problem is a
            // message said in the language in force.
            (None, Some(_)) => return None,
            _ => return None,
        };
        Some((path, stat, cached))
    }
}

#[derive(Serialize, Deserialize)]
struct File {
    version: u32,
    fingerprint: u64,
    /// Sorted by path.
    rows: Vec<Row>,
}

/// The cache for one scan.
pub struct Cache {
    path: PathBuf,
    fingerprint: u64,
    /// Sorted by path; an entry is `None` once taken.
    old: Vec<(String, Stat, Option<Cached>)>,
    scan_start: SystemTime,
}

impl Cache {
    /// Loads the cache at `path` if it was made with the same fingerprint;
    /// each summary is given its kind from `kinds` (the cache keeps its
    /// name).
    pub fn load(path: PathBuf, fingerprint: u64, kinds: &Kinds) -> Cache {
        let mut old: Vec<(String, Stat, Option<Cached>)> = std::fs::read(&path)
            .ok()
            .and_then(|b| postcard::from_bytes::<File>(&b).ok())
            .filter(|f| f.version == VERSION && f.fingerprint == fingerprint)
            .map(|f| {
                f.rows
                    .into_iter()
                    .filter_map(|r| r.into_cached(kinds))
                    .map(|(p, s, c)| (p, s, Some(c)))
                    .collect()
            })
            .unwrap_or_default();
        if !old.is_sorted_by(|a, b| a.0 < b.0) {
            old.clear();
        }
        Cache {
            path,
            fingerprint,
            old,
            scan_start: SystemTime::now(),
        }
    }

    /// The index of `rel`'s cached result if its stat is unchanged.
    pub fn find(&self, rel: &str, stat: &Stat) -> Option<usize> {
        let i = self
            .old
            .binary_search_by(|(p, _, _)| p.as_str().cmp(rel))
            .ok()?;
        (self.old[i].1 == *stat && self.old[i].2.is_some()).then_some(i)
    }

    /// The entry at `i`, unless taken.
    pub fn entry(&self, i: usize) -> Option<(Stat, &Cached)> {
        let (_, s, c) = self.old.get(i)?;
        Some((*s, c.as_ref()?))
    }

    /// Moves the result at `i` out of the cache.
    pub fn take(&mut self, i: usize) -> Option<Cached> {
        self.old.get_mut(i)?.2.take()
    }

    /// How many entries were loaded.
    pub fn len(&self) -> usize {
        self.old.len()
    }

    pub fn is_empty(&self) -> bool {
        self.old.is_empty()
    }

    /// Whether a file last modified at `mtime` may be cached.
    pub fn cacheable(&self, mtime: SystemTime) -> bool {
        self.scan_start
            .duration_since(mtime)
            .is_ok_and(|age| age >= RACY)
    }

    /// Stores `rows` (sorted by path). Best effort: a cache that cannot be
    /// written only costs time.
    pub fn save(&self, rows: &[(&str, Stat, &Cached)]) {
        let file = File {
            version: VERSION,
            fingerprint: self.fingerprint,
            rows: rows
                .iter()
                .filter_map(|(p, s, c)| Row::new(p, *s, c))
                .collect(),
        };
        let Ok(bytes) = postcard::to_allocvec(&file) else {
            return;
        };
        let Some(dir) = self.path.parent() else {
            return;
        };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        if let Ok(mut tmp) = tempfile::NamedTempFile::new_in(dir) {
            use std::io::Write;
            if tmp.write_all(&bytes).is_ok() {
                let _ = tmp.persist(&self.path);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(kinds: &Kinds, kind: &str, id: &str) -> Summary {
        Summary {
            kind: kinds.named(kind),
            id: id.to_owned(),
            title: format!("Item {id}"),
            status: "Draft".to_owned(),
            owner: None,
            terminal: false,
            path: format!("docs/stories/{id}.md"),
            handoff: None,
            waits_for: None,
            steps: Vec::new(),
        }
    }

    /// The cache keeps a summary's kind by its name; read back, the
    /// summary carries the registry's kind of that name again (one
    /// nothing is known of, for a name the registry lacks), so nothing
    /// the board asks of it looks the kind up by its name.
    #[test]
    fn a_cached_summary_is_given_its_kind_back_when_read() {
        let kinds = Kinds::builtin();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.bin");
        let (known, unknown) = (
            summary(kinds, "story", "1.1"),
            summary(kinds, "nothing", "1.2"),
        );
        let rows = [
            (Cached::Item(known.clone(), None), Stat(1, 2, 3, 4)),
            (Cached::Item(unknown.clone(), None), Stat(5, 6, 7, 8)),
        ];
        assert!(known.kind.is_known() && !unknown.kind.is_known());
        let cache = Cache::load(path.clone(), 7, kinds);
        assert!(cache.is_empty());
        let kept: Vec<(&str, Stat, &Cached)> = rows
            .iter()
            .zip([&known.path, &unknown.path])
            .map(|((c, s), p)| (p.as_str(), *s, c))
            .collect();
        cache.save(&kept);
        let mut read = Cache::load(path.clone(), 7, kinds);
        assert_eq!(read.len(), 2);
        for (want, stat) in [(&known, Stat(1, 2, 3, 4)), (&unknown, Stat(5, 6, 7, 8))] {
            let at = read.find(&want.path, &stat).unwrap();
            let Some(Cached::Item(got, None)) = read.take(at) else {
                panic!("{} was cached as an item", want.path);
            };
            assert_eq!(got, *want);
            assert_eq!(got.kind.is_known(), want.kind.is_known());
        }
        // Another fingerprint: nothing is read.
        assert!(Cache::load(path, 8, kinds).is_empty());
    }
}
