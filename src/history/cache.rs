//! The history cache: what git-orx reads from each commit, kept by commit
//! id, so that `log`, `metrics` and the HTML report read a commit once.
//!
//! A commit never changes, so what is derived from it — who made it, the
//! role it claims, its override, and each item it creates, moves, edits or
//! deletes (the states, the fields changed from what to what, what the
//! workflow's trailers record) — holds as long as the rules it was read
//! with. Those rules (the ones in force at HEAD, as `log` always used) and
//! the git-orx version make the cache's fingerprint: a cache made under
//! other rules is not read.
//!
//! The cache is a directory of segment files under `.git/orx/history/`,
//! each written whole to a temporary file and renamed into place: a run
//! that reads new commits adds one segment, so two processes filling the
//! cache at once each add their own and neither loses the other's. When
//! there are many segments, a run merges them into one and removes those
//! it merged (a concurrent merge only duplicates entries). Entries are
//! looked up by the commits HEAD reaches, so commits a rebase dropped or
//! `gc` pruned are simply never asked for. A segment that cannot be read
//! (cut short, corrupt, another version) is ignored and removed: its
//! commits are read again.
//!
//! A command that reads every commit may also keep what it made of them,
//! for the commits HEAD reached (a hash of their ids, in walk order): the
//! bytes `log` wrote ([`each_rendered`]), the counts `metrics` reached
//! ([`fold_kept`]). A later run whose HEAD has moved on from there reads
//! only the commits added on top; after a rewrite, everything again.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::engine::item::Item;
use crate::error::Result;
use crate::git::{BlobId, CommitInfo, FileChange, Repo};
use crate::repo::rules::Rules;

const VERSION: u32 = 4;
/// Segments beyond this many are merged into one.
const MAX_SEGMENTS: usize = 8;
/// Commits read per `git diff-tree` run (bounds memory, paces progress).
const CHUNK: usize = 1_000;
/// The chunks one `git diff-tree` diffs before the next takes over.
const CHUNKS_PER_GIT: usize = 20;

/// What git-orx reads from one commit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CommitRecord {
    pub id: String,
    pub short: String,
    /// Author time, seconds since the epoch, and its offset in minutes.
    pub time: i64,
    pub offset_minutes: i32,
    pub author: String,
    pub email: String,
    /// The role it claims (`Orx-Role`).
    pub role: Option<String>,
    /// The Human's override reason (`Orx-Override`) and what it overrode
    /// (`Orx-Overridden`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub override_reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overridden: Option<String>,
    /// The checkpoint a rollback commit went back to (`Orx-Rollback`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rollback: Option<String>,
    /// The message without its subject and trailers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The commit's subject line.
    pub subject: String,
    pub changes: Vec<ItemChange>,
}

/// One item a commit changed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ItemChange {
    pub kind: String,
    pub id: String,
    pub path: String,
    /// The state before (none: created) and after (none: deleted).
    pub from: Option<String>,
    pub to: Option<String>,
    /// Whether it was created in its workflow's initial state.
    #[serde(default)]
    pub initial: bool,
    /// Every frontmatter field the change set, changed or removed besides
    /// the state, dotted (`review.qa.total`), with its values (null: unset).
    #[serde(default)]
    pub fields: Vec<FieldChange>,
    /// What the workflow's trailers record of the change.
    #[serde(default)]
    pub records: Vec<Record>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct FieldChange {
    pub field: String,
    pub from: Value,
    pub to: Value,
}

/// A record a change made (a review round's findings, a quality check),
/// as the workflow's `trailers:` name it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Record {
    /// The trailer that stamps it (`Orx-Gate`).
    pub trailer: String,
    /// The field (`review.qa`).
    pub field: String,
    pub value: Value,
    /// Whether the workflow stamps it on every commit while set.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub always: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub of_several: bool,
}

/// One segment file, as written: postcard (a compact binary serde
/// format, read without a schema of its own) with every name, text and
/// field value once in `names`, referred to by index, and commit ids as
/// their 20 bytes. A 100,000-commit history is a few megabytes read in
/// tens of milliseconds, where JSON with the names spelled out each time
/// took more than a second and half a gigabyte.
#[derive(Serialize, Deserialize)]
struct Segment {
    version: u32,
    fingerprint: String,
    names: Vec<String>,
    /// Commits that change no item and roll nothing back.
    seen: Vec<Oid>,
    records: Vec<Packed>,
}

type Oid = [u8; 20];

/// Hashes a commit id by its first eight bytes: ids are already evenly
/// spread, and a hundred thousand of them are looked up on every run.
#[derive(Default, Clone, Copy)]
struct IdHasher(u64);

impl std::hash::Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().take(8) {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    /// The length an array is hashed with says nothing.
    fn write_usize(&mut self, _: usize) {}
}

type IdBuild = std::hash::BuildHasherDefault<IdHasher>;
type Name = u32;

#[derive(Serialize, Deserialize)]
struct Packed {
    id: Oid,
    /// How many hex digits of the id the short id has.
    short: u8,
    time: i64,
    offset_minutes: i32,
    author: Name,
    email: Name,
    role: Option<Name>,
    override_reason: Option<Name>,
    overridden: Option<Name>,
    rollback: Option<Name>,
    note: Option<Name>,
    subject: Name,
    changes: Vec<PackedChange>,
}

#[derive(Serialize, Deserialize)]
struct PackedChange {
    kind: Name,
    id: Name,
    path: Name,
    from: Option<Name>,
    to: Option<Name>,
    initial: bool,
    /// Field, from, to (values as JSON text).
    fields: Vec<(Name, Name, Name)>,
    records: Vec<PackedRecord>,
}

#[derive(Serialize, Deserialize)]
struct PackedRecord {
    trailer: Name,
    field: Name,
    value: Name,
    always: bool,
    of_several: bool,
}

fn oid(hex: &str) -> Option<Oid> {
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    };
    let bytes = hex.as_bytes();
    if bytes.len() != 40 {
        return None;
    }
    let mut out = [0; 20];
    for (b, pair) in out.iter_mut().zip(bytes.chunks_exact(2)) {
        *b = (digit(pair[0])? << 4) | digit(pair[1])?;
    }
    Some(out)
}

fn hex(id: &Oid) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(40);
    for b in id {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

/// Builds a segment, each name stored once.
struct Packer {
    seg: Segment,
    index: HashMap<String, Name>,
}

impl Packer {
    fn new(fingerprint: &str) -> Packer {
        Packer {
            seg: Segment {
                version: VERSION,
                fingerprint: fingerprint.to_owned(),
                names: Vec::new(),
                seen: Vec::new(),
                records: Vec::new(),
            },
            index: HashMap::new(),
        }
    }

    fn name(&mut self, s: &str) -> Name {
        if let Some(&n) = self.index.get(s) {
            return n;
        }
        let n = self.seg.names.len() as Name;
        self.seg.names.push(s.to_owned());
        self.index.insert(s.to_owned(), n);
        n
    }

    fn opt(&mut self, s: &Option<String>) -> Option<Name> {
        s.as_deref().map(|s| self.name(s))
    }

    fn value(&mut self, v: &Value) -> Name {
        self.name(&v.to_string())
    }

    fn seen(&mut self, id: &str) {
        if let Some(id) = oid(id) {
            self.seg.seen.push(id);
        }
    }

    fn add(&mut self, r: &CommitRecord) {
        let Some(id) = oid(&r.id) else {
            return;
        };
        let changes = r
            .changes
            .iter()
            .map(|c| PackedChange {
                kind: self.name(&c.kind),
                id: self.name(&c.id),
                path: self.name(&c.path),
                from: self.opt(&c.from),
                to: self.opt(&c.to),
                initial: c.initial,
                fields: c
                    .fields
                    .iter()
                    .map(|f| (self.name(&f.field), self.value(&f.from), self.value(&f.to)))
                    .collect(),
                records: c
                    .records
                    .iter()
                    .map(|x| PackedRecord {
                        trailer: self.name(&x.trailer),
                        field: self.name(&x.field),
                        value: self.value(&x.value),
                        always: x.always,
                        of_several: x.of_several,
                    })
                    .collect(),
            })
            .collect();
        let packed = Packed {
            id,
            short: r.short.len().min(40) as u8,
            time: r.time,
            offset_minutes: r.offset_minutes,
            author: self.name(&r.author),
            email: self.name(&r.email),
            role: self.opt(&r.role),
            override_reason: self.opt(&r.override_reason),
            overridden: self.opt(&r.overridden),
            rollback: self.opt(&r.rollback),
            note: self.opt(&r.note),
            subject: self.name(&r.subject),
            changes,
        };
        self.seg.records.push(packed);
    }
}

/// A segment read back: its names, each value parsed once.
struct Unpacker {
    seg: Segment,
    values: Vec<Option<Value>>,
}

impl Unpacker {
    fn new(seg: Segment) -> Unpacker {
        let values = vec![None; seg.names.len()];
        Unpacker { seg, values }
    }

    fn name(&self, n: Name) -> String {
        self.seg.names.get(n as usize).cloned().unwrap_or_default()
    }

    fn opt(&self, n: Option<Name>) -> Option<String> {
        n.map(|n| self.name(n))
    }

    fn value(&mut self, n: Name) -> Value {
        let n = n as usize;
        match self.values.get(n) {
            Some(Some(v)) => v.clone(),
            Some(None) => {
                let v: Value = serde_json::from_str(&self.seg.names[n]).unwrap_or(Value::Null);
                self.values[n] = Some(v.clone());
                v
            }
            None => Value::Null,
        }
    }

    fn record(&mut self, i: usize) -> CommitRecord {
        let changes = (0..self.seg.records[i].changes.len())
            .map(|k| {
                let (kind, id, path, from, to, initial) = {
                    let c = &self.seg.records[i].changes[k];
                    (c.kind, c.id, c.path, c.from, c.to, c.initial)
                };
                let fields: Vec<(Name, Name, Name)> = self.seg.records[i].changes[k].fields.clone();
                let records: Vec<(Name, Name, Name, bool, bool)> = self.seg.records[i].changes[k]
                    .records
                    .iter()
                    .map(|x| (x.trailer, x.field, x.value, x.always, x.of_several))
                    .collect();
                ItemChange {
                    kind: self.name(kind),
                    id: self.name(id),
                    path: self.name(path),
                    from: self.opt(from),
                    to: self.opt(to),
                    initial,
                    fields: fields
                        .into_iter()
                        .map(|(f, a, b)| FieldChange {
                            field: self.name(f),
                            from: self.value(a),
                            to: self.value(b),
                        })
                        .collect(),
                    records: records
                        .into_iter()
                        .map(|(t, f, v, always, of_several)| Record {
                            trailer: self.name(t),
                            field: self.name(f),
                            value: self.value(v),
                            always,
                            of_several,
                        })
                        .collect(),
                }
            })
            .collect();
        let p = &self.seg.records[i];
        let id = hex(&p.id);
        CommitRecord {
            short: id[..(p.short as usize).min(40)].to_owned(),
            time: p.time,
            offset_minutes: p.offset_minutes,
            author: self.name(p.author),
            email: self.name(p.email),
            role: self.opt(p.role),
            override_reason: self.opt(p.override_reason),
            overridden: self.opt(p.overridden),
            rollback: self.opt(p.rollback),
            note: self.opt(p.note),
            subject: self.name(p.subject),
            changes,
            id,
        }
    }
}

/// Reads a segment file; `None` when it is not one of this version.
fn read_segment(path: &Path) -> Option<Segment> {
    let bytes = std::fs::read(path).ok()?;
    match postcard::take_from_bytes::<Segment>(&bytes) {
        Ok((s, rest)) if rest.is_empty() && s.version == VERSION => Some(s),
        _ => None,
    }
}

/// The commits a segment file holds (for tests and inspection); `None`
/// when it cannot be read.
pub fn segment_commits(path: &Path) -> Option<Vec<String>> {
    let s = read_segment(path)?;
    Some(
        s.seen
            .iter()
            .chain(s.records.iter().map(|r| &r.id))
            .map(hex)
            .collect(),
    )
}

/// How far a run has read: commits read, commits to read.
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize);

/// What was read from history, newest first (the order `git log` shows).
#[derive(Debug, Default)]
pub struct History {
    /// The commits that change an item or roll back, newest first.
    pub commits: Vec<CommitRecord>,
    /// Commits read from git this run (not found in the cache).
    pub read: usize,
    /// Commits HEAD reaches.
    pub reachable: usize,
}

/// The history HEAD reaches, from the cache where it has the commits and
/// from git for the rest, which are then added to the cache. `progress`
/// is told how many of the commits to read are read.
pub fn load(repo: &Repo, rules: &Rules, progress: Progress) -> Result<History> {
    let (ids, cache) = reachable_and_cache(repo, rules)?;
    let mut commits = Vec::new();
    let read = each_commit(repo, rules, cache, &ids, false, progress, &mut |r| {
        commits.push(r)
    })?;
    Ok(History {
        commits,
        read,
        reachable: ids.len(),
    })
}

/// [`load`] one commit at a time, newest first (`reverse`: oldest first),
/// without holding every record at once: `each` is given each commit that
/// changes an item or rolls back.
pub fn load_each(
    repo: &Repo,
    rules: &Rules,
    reverse: bool,
    progress: Progress,
    each: &mut dyn FnMut(CommitRecord),
) -> Result<()> {
    let (ids, cache) = reachable_and_cache(repo, rules)?;
    each_commit(repo, rules, cache, &ids, reverse, progress, each)?;
    Ok(())
}

/// [`load_each`] (newest first) for a command that writes each record
/// as bytes, `render` making them and `out` writing them: what it made of
/// the commits HEAD reached last time is kept under `key` (which names
/// everything besides the records that the bytes depend on) and written
/// again as it was, so that only the commits added on top are rendered.
/// The kept bytes stand only for the same commits in the same order (a
/// hash of their ids says so); otherwise every commit is rendered again.
/// Keeping is best effort, like the cache's: what cannot be written is
/// rendered next time.
pub fn each_rendered(
    repo: &Repo,
    rules: &Rules,
    key: &str,
    progress: Progress,
    render: &mut dyn FnMut(CommitRecord, &mut Vec<u8>),
    out: &mut dyn FnMut(&[u8]),
) -> Result<()> {
    let (ids, cache) = reachable_and_cache(repo, rules)?;
    let fingerprint = cache.fingerprint.clone();
    let dir = repo.orx_dir().join("history").join(RENDERED_DIR);
    let name = format!("{fingerprint}-{key}");
    let manifest = dir.join(format!("{name}.kept"));
    let kept = Rendered::read(&manifest, &fingerprint).and_then(|k| {
        let new = k.range.new_in(&ids)?;
        let files = k.open(&dir)?;
        Some((k, new, files))
    });
    let new = kept.as_ref().map_or(ids.len(), |(_, n, _)| *n);
    // The new commits' bytes go out as they are made, and into a file of
    // their own beside the kept ones.
    let chunk = format!(
        "{name}-{}-{}.out",
        std::process::id(),
        jiff::Timestamp::now().as_nanosecond()
    );
    let tmp = dir.join(format!("{chunk}.tmp"));
    let mut file = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::File::create(&tmp))
        .ok();
    let mut written = 0u64;
    let mut buf = Vec::new();
    let mut flush = |buf: &mut Vec<u8>, file: &mut Option<std::fs::File>| {
        out(buf);
        if let Some(f) = file.as_mut()
            && std::io::Write::write_all(f, buf).is_err()
        {
            *file = None;
        }
        written += buf.len() as u64;
        buf.clear();
    };
    each_commit(repo, rules, cache, &ids[..new], false, progress, &mut |r| {
        render(r, &mut buf);
        if buf.len() >= 1 << 20 {
            flush(&mut buf, &mut file);
        }
    })?;
    flush(&mut buf, &mut file);
    let mut chunks = Vec::new();
    let made = file.is_some() && written > 0 && std::fs::rename(&tmp, dir.join(&chunk)).is_ok();
    if !made {
        let _ = std::fs::remove_file(&tmp);
    }
    if made {
        chunks.push((chunk, written));
    }
    if let Some((k, _, files)) = kept {
        let mut piece = vec![0; 1 << 20];
        for (mut f, (c, _)) in files.into_iter().zip(&k.chunks) {
            loop {
                match std::io::Read::read(&mut f, &mut piece) {
                    Ok(0) => break,
                    Ok(n) => out(&piece[..n]),
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        return Err(crate::engine::store::StoreError::Io {
                            path: dir.join(c).display().to_string(),
                            message: e.to_string(),
                        }
                        .into());
                    }
                }
            }
        }
        chunks.extend(k.chunks);
    }
    // What was made but could not be kept is made again next time.
    if let Some(range) = Range::of(&ids)
        && (made || written == 0)
    {
        Rendered {
            version: VERSION,
            fingerprint,
            range,
            chunks,
        }
        .save(&dir, &manifest, &name);
    }
    Ok(())
}

/// Where [`each_rendered`] keeps what it made, in the cache's directory.
const RENDERED_DIR: &str = "rendered";
/// Files of kept bytes beyond this many are joined into one.
const MAX_CHUNKS: usize = 8;

/// What [`each_rendered`] keeps: which commits its bytes stand for (HEAD
/// then, and a hash of the commits it reached, in walk order) and the
/// files holding them, newest commits first, each with its length.
#[derive(Serialize, Deserialize)]
struct Rendered {
    version: u32,
    fingerprint: String,
    range: Range,
    chunks: Vec<(String, u64)>,
}

/// Which commits something kept stands for: HEAD then, how many commits
/// it reached and a hash of them, in walk order.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
struct Range {
    tip: Oid,
    count: u64,
    hash: u64,
}

impl Range {
    /// The range of `ids` (walk order, newest first); `None` when empty.
    fn of(ids: &[Oid]) -> Option<Range> {
        Some(Range {
            tip: *ids.first()?,
            count: ids.len() as u64,
            hash: ids_hash(ids),
        })
    }

    /// How many of `ids` (walk order) are new: those before the kept
    /// tip, when the tip and the rest are the commits kept, in order.
    fn new_in(&self, ids: &[Oid]) -> Option<usize> {
        let at = ids.iter().position(|id| *id == self.tip)?;
        let rest = &ids[at..];
        (rest.len() as u64 == self.count && ids_hash(rest) == self.hash).then_some(at)
    }
}

fn ids_hash(ids: &[Oid]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    ids.hash(&mut h);
    h.finish()
}

impl Rendered {
    fn read(path: &Path, fingerprint: &str) -> Option<Rendered> {
        let bytes = std::fs::read(path).ok()?;
        postcard::from_bytes::<Rendered>(&bytes)
            .ok()
            .filter(|k| k.version == VERSION && k.fingerprint == fingerprint)
    }

    /// The kept files, opened (so that a concurrent run's removing them
    /// cannot cut them short), when each is whole.
    fn open(&self, dir: &Path) -> Option<Vec<std::fs::File>> {
        self.chunks
            .iter()
            .map(|(name, len)| {
                let f = std::fs::File::open(dir.join(name)).ok()?;
                (f.metadata().ok()?.len() == *len).then_some(f)
            })
            .collect()
    }

    /// Writes this as the kept bytes of `name`, the files joined into one
    /// when there are many, and removes the files of `name` it no longer
    /// names (and those of other fingerprints).
    fn save(mut self, dir: &Path, manifest: &Path, name: &str) {
        if self.chunks.len() > MAX_CHUNKS {
            let joined = format!(
                "{name}-{}-{}-joined.out",
                std::process::id(),
                jiff::Timestamp::now().as_nanosecond()
            );
            let mut all = Vec::new();
            for (c, _) in &self.chunks {
                match std::fs::read(dir.join(c)) {
                    Ok(b) => all.extend(b),
                    Err(_) => return,
                }
            }
            if std::fs::write(dir.join(&joined), &all).is_err() {
                let _ = std::fs::remove_file(dir.join(&joined));
                return;
            }
            self.chunks = vec![(joined, all.len() as u64)];
        }
        let Ok(bytes) = postcard::to_allocvec(&self) else {
            return;
        };
        // Not synced: a file cut short by a crash is not read (nor one
        // whose files are not their lengths).
        if !replace_file(dir, manifest, &bytes) {
            return;
        }
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mine = format!("{name}-");
        for e in entries.flatten() {
            let file = e.file_name().to_string_lossy().into_owned();
            let other = !file.starts_with(&self.fingerprint);
            let dropped = file.starts_with(&mine)
                && file.ends_with(".out")
                && !self.chunks.iter().any(|(c, _)| *c == file);
            if other || dropped {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

/// Puts `bytes` at `path` (in `dir`) as a new file renamed into place, so
/// a reader sees the old file or the new one; whether it was. Best effort,
/// as everything the cache keeps: a file not written is made next time,
/// and a temporary file not renamed is removed.
fn replace_file(dir: &Path, path: &Path, bytes: &[u8]) -> bool {
    use std::io::Write;
    tempfile::NamedTempFile::new_in(dir)
        .is_ok_and(|mut tmp| tmp.write_all(bytes).is_ok() && tmp.persist(path).is_ok())
}

/// [`load_each`] oldest first for a command that folds the records into a
/// state (`add` counts one record into it): the state reached over the
/// commits HEAD reached last time is kept under `key` (which names
/// everything besides the records that it depends on, the state's own
/// settings included) and taken up again, so that only the commits added
/// on top are read and counted. The kept state stands only for the same
/// commits in the same order (a hash of their ids says so), and a file
/// that is not whole, of another version or another key is not read;
/// otherwise the fold starts from `fresh` over every commit. A state
/// taken up names the cache's segments when it was kept, which are not
/// read: the commits added since were read after them. `key` none:
/// nothing is kept or taken up. Keeping is best effort, like the cache's.
pub fn fold_kept<S>(
    repo: &Repo,
    rules: &Rules,
    key: Option<&str>,
    progress: Progress,
    fresh: S,
    add: &mut dyn FnMut(&mut S, CommitRecord),
) -> Result<S>
where
    S: Serialize + serde::de::DeserializeOwned,
{
    let history = repo.orx_dir().join("history");
    let fingerprint = fingerprint(rules);
    let dir = history.join(FOLDED_DIR);
    let path = key.map(|k| {
        dir.join(format!(
            "{fingerprint}-{:016x}.fold",
            bytes_hash(k.as_bytes())
        ))
    });
    let kept = match (&path, key) {
        (Some(path), Some(key)) => Folded::read(path, &fingerprint, key),
        _ => None,
    };
    // The commits added since the state was kept were read after it, so
    // the segments there were then are not read to look for them.
    let skip = kept
        .as_ref()
        .map(|k| k.segments.clone())
        .unwrap_or_default();
    let (ids, mut cache) = reachable_and_cache_skipping(repo, rules, &skip)?;
    let kept = kept.and_then(|k| {
        let new = k.range.new_in(&ids)?;
        Some((new, k.state::<S>()?))
    });
    if kept.is_none() && !skip.is_empty() {
        // Every commit is counted: every segment is wanted.
        cache = Cache::load(&history, &fingerprint);
    }
    let unchanged = kept.as_ref().is_some_and(|(new, _)| *new == 0);
    let (new, mut state) = kept.unwrap_or((ids.len(), fresh));
    each_commit(repo, rules, cache, &ids[..new], true, progress, &mut |r| {
        add(&mut state, r)
    })?;
    if let (Some(path), Some(key), Some(range), false) = (path, key, Range::of(&ids), unchanged)
        && let Ok(bytes) = postcard::to_allocvec(&state)
    {
        Folded {
            version: VERSION,
            fingerprint,
            key: key.to_owned(),
            range,
            segments: segment_names(&history),
            check: bytes_hash(&bytes),
            state: bytes,
        }
        .save(&dir, &path);
    }
    Ok(state)
}

/// Where [`fold_kept`] keeps its states, in the cache's directory.
const FOLDED_DIR: &str = "folded";
/// Kept states beyond this many are removed, the least recently written
/// first (each set of options of a command keeps its own).
const MAX_FOLDED: usize = 8;

fn bytes_hash(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// The cache's segment files in `dir`, by name.
fn segment_names(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".seg"))
        .collect()
}

/// What [`fold_kept`] keeps: the key and the commits its state stands
/// for, the cache's segments when it was written, and the state
/// (postcard) with a hash of its bytes, so that a file cut short or
/// altered is not taken up.
#[derive(Serialize, Deserialize)]
struct Folded {
    version: u32,
    fingerprint: String,
    key: String,
    range: Range,
    segments: Vec<String>,
    check: u64,
    state: Vec<u8>,
}

impl Folded {
    fn read(path: &Path, fingerprint: &str, key: &str) -> Option<Folded> {
        let bytes = std::fs::read(path).ok()?;
        match postcard::take_from_bytes::<Folded>(&bytes) {
            Ok((k, rest))
                if rest.is_empty()
                    && k.version == VERSION
                    && k.fingerprint == fingerprint
                    && k.key == key
                    && k.check == bytes_hash(&k.state) =>
            {
                Some(k)
            }
            _ => None,
        }
    }

    /// The state kept, when it reads whole as an `S`.
    fn state<S: serde::de::DeserializeOwned>(&self) -> Option<S> {
        match postcard::take_from_bytes::<S>(&self.state) {
            Ok((s, [])) => Some(s),
            _ => None,
        }
    }

    /// Writes this to `path` (a new file renamed into place: a reader
    /// sees the old one or this one), and removes the kept states of
    /// other fingerprints and the oldest past [`MAX_FOLDED`].
    fn save(&self, dir: &Path, path: &Path) {
        let Ok(bytes) = postcard::to_allocvec(self) else {
            return;
        };
        // Not synced: a file cut short by a crash fails its hash.
        if std::fs::create_dir_all(dir).is_err() || !replace_file(dir, path, &bytes) {
            return;
        }
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut mine = Vec::new();
        for e in entries.flatten() {
            let file = e.file_name().to_string_lossy().into_owned();
            if !file.starts_with(&self.fingerprint) {
                let _ = std::fs::remove_file(e.path());
            } else if file.ends_with(".fold") {
                let written = e.metadata().and_then(|m| m.modified()).ok();
                mine.push((written, e.path()));
            }
        }
        if mine.len() > MAX_FOLDED {
            // Newest first; this run's own is kept whatever the clock says.
            mine.sort_by_key(|m| std::cmp::Reverse(m.0));
            for (_, p) in mine
                .into_iter()
                .filter(|(_, p)| p != path)
                .skip(MAX_FOLDED - 1)
            {
                let _ = std::fs::remove_file(p);
            }
        }
    }
}

/// The commits HEAD reaches ([`reachable`]) and the cache, read at once:
/// the segments are read while git lists the commits added on top.
fn reachable_and_cache(repo: &Repo, rules: &Rules) -> Result<(Vec<Oid>, Cache)> {
    reachable_and_cache_skipping(repo, rules, &[])
}

/// [`reachable_and_cache`], the cache read without the segments named in
/// `skip` ([`Cache::load_skipping`]).
fn reachable_and_cache_skipping(
    repo: &Repo,
    rules: &Rules,
    skip: &[String],
) -> Result<(Vec<Oid>, Cache)> {
    let dir = repo.orx_dir().join("history");
    let fingerprint = fingerprint(rules);
    std::thread::scope(|s| {
        let loading = s.spawn(|| Cache::load_skipping(&dir, &fingerprint, skip));
        let ids = reachable(repo);
        let cache = match loading.join() {
            Ok(cache) => cache,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        Ok((ids?, cache))
    })
}

/// The records of `ids` (in that order), reading from git those the cache
/// does not hold.
pub fn load_commits(
    repo: &Repo,
    rules: &Rules,
    ids: &[String],
    progress: Progress,
) -> Result<History> {
    let ids: Vec<Oid> = ids.iter().filter_map(|id| oid(id)).collect();
    let cache = Cache::load(&repo.orx_dir().join("history"), &fingerprint(rules));
    let mut commits = Vec::new();
    let read = each_commit(repo, rules, cache, &ids, false, progress, &mut |r| {
        commits.push(r)
    })?;
    Ok(History {
        commits,
        read,
        reachable: ids.len(),
    })
}

/// Gives `each` the records of `ids` (in that order, or the reverse),
/// reading from git those the cache does not hold and adding them to it;
/// returns how many were read from git.
fn each_commit(
    repo: &Repo,
    rules: &Rules,
    mut cache: Cache,
    ids: &[Oid],
    reverse: bool,
    progress: Progress,
    each: &mut dyn FnMut(CommitRecord),
) -> Result<usize> {
    let fingerprint = cache.fingerprint.clone();
    let missing: Vec<String> = ids.iter().filter(|id| !cache.has(id)).map(hex).collect();
    let missing: Vec<&String> = missing.iter().collect();
    if !missing.is_empty() {
        let mut packer = Packer::new(&fingerprint);
        let mut done = 0;
        progress(0, missing.len());
        // git diffs the next chunk's commits while this one's are parsed.
        let chunks: Vec<&[&String]> = missing.chunks(CHUNK).collect();
        let dirs = rules.item_dirs();
        let dirs: Vec<&str> = dirs.iter().map(String::as_str).collect();
        let mut stream = repo.change_stream(&dirs)?;
        let mut next = chunks.first().map(|c| start(&mut stream, c));
        let mut versions = Versions::default();
        for (i, chunk) in chunks.iter().enumerate() {
            let Some(count) = next.take() else { break };
            // git keeps what it parsed until it ends: a new git every so
            // many commits keeps its memory bounded on a long history.
            let mut older = None;
            match chunks.get(i + 1) {
                Some(c) if (i + 1) % CHUNKS_PER_GIT == 0 => {
                    stream.end_input();
                    older = Some(std::mem::replace(&mut stream, repo.change_stream(&dirs)?));
                    next = Some(start(&mut stream, c));
                }
                Some(c) => next = Some(start(&mut stream, c)),
                None => stream.end_input(),
            }
            let changes = match older {
                Some(mut o) => {
                    let changes = o.take(repo, count)?;
                    o.finish()?;
                    changes
                }
                None => stream.take(repo, count)?,
            };
            for r in derive(repo, rules, changes, &mut versions)? {
                match r {
                    Derived::Nothing(id) => packer.seen(&id),
                    Derived::Record(r) => packer.add(&r),
                }
            }
            done += chunk.len();
            progress(done, missing.len());
        }
        stream.finish()?;
        // Tests: `ORX_TEST_PAUSE=history-save:<ms>` waits here, so that
        // two processes fill the cache at once.
        crate::engine::store::test_pause("history-save");
        cache.save(packer.seg);
    }
    let read = missing.len();
    let mut give = |id: &Oid| {
        if let Some(r) = cache.record(id) {
            each(r);
        }
    };
    match reverse {
        false => ids.iter().for_each(&mut give),
        true => ids.iter().rev().for_each(&mut give),
    }
    Ok(read)
}

/// The commits HEAD reaches, newest first (as [`Repo::walk`] orders
/// them), without the boundary of a shallow clone: what those changed is
/// unknown, so they are left out (and not cached, so that they are read
/// once their parents are fetched).
///
/// The list is kept beside the cache with the commit it was made from: a
/// later run whose HEAD descends from that commit walks only the commits
/// added since (they come first: none of them is an ancestor of a commit
/// listed before), so a long history is not walked again on every run.
fn reachable(repo: &Repo) -> Result<Vec<Oid>> {
    let Some(head) = repo.commit_id("HEAD") else {
        return Ok(Vec::new());
    };
    let shallow = repo.shallow_commits();
    if !shallow.is_empty() {
        // Fetches deepen a shallow clone under the same HEAD: its list is
        // never kept.
        let mut ids = repo.walk(std::slice::from_ref(&head), false)?;
        ids.retain(|id| !shallow.contains(id));
        return Ok(ids.iter().filter_map(|id| oid(id)).collect());
    }
    let path = repo.orx_dir().join("history").join(WALK_FILE);
    let kept = std::fs::read(&path)
        .ok()
        .and_then(|b| postcard::from_bytes::<Walk>(&b).ok())
        .filter(|w| w.version == VERSION);
    let ids = match kept {
        Some(w) if hex(&w.tip) == head => w.ids,
        Some(w) if let Some(new) = descendants(repo, &hex(&w.tip), &head)? => {
            let mut ids: Vec<Oid> = new.iter().filter_map(|id| oid(id)).collect();
            ids.extend(w.ids);
            save_walk(&path, &head, ids)
        }
        _ => {
            let ids = repo.walk(std::slice::from_ref(&head), false)?;
            save_walk(&path, &head, ids.iter().filter_map(|id| oid(id)).collect())
        }
    };
    Ok(ids)
}

/// The commits `head` reaches and `tip` does not, in walk order, when
/// every one of them descends from `tip` (commits added on top of it):
/// then they come before `tip` and its ancestors in any walk, and a
/// fresh walk from `head` lists `tip`'s commits in the order kept. `None`
/// otherwise (HEAD moved elsewhere, or a merge brought in a branch that
/// forked earlier, whose commits a fresh walk may interleave by date).
///
/// No merge base is needed: when every commit listed has parents, each
/// of them `tip` or listed, `head`'s ancestry leads back to `tip`.
fn descendants(repo: &Repo, tip: &str, head: &str) -> Result<Option<Vec<String>>> {
    // A tip a rewrite and `gc` removed: walk afresh.
    if repo.commit_id(tip).is_none() {
        return Ok(None);
    }
    let commits = repo.walk_with_parents(&[head.to_owned(), format!("^{tip}")])?;
    let new: HashSet<&str> = commits.iter().map(|(id, _)| id.as_str()).collect();
    let on_tip = |parents: &Vec<String>| {
        !parents.is_empty() && parents.iter().all(|p| p == tip || new.contains(p.as_str()))
    };
    if commits.is_empty() || !commits.iter().all(|(_, parents)| on_tip(parents)) {
        return Ok(None);
    }
    let ids = commits.into_iter().map(|(id, _)| id).collect();
    Ok(Some(ids))
}

/// Keeps the commits `tip` reaches; best effort, like the cache.
/// Returns them.
fn save_walk(path: &Path, tip: &str, ids: Vec<Oid>) -> Vec<Oid> {
    let Some(tip) = oid(tip) else {
        return ids;
    };
    let walk = Walk {
        version: VERSION,
        tip,
        ids,
    };
    if let (Some(dir), Ok(bytes)) = (path.parent(), postcard::to_allocvec(&walk)) {
        let _ = std::fs::create_dir_all(dir);
        let _ = crate::engine::store::write_file(path, &bytes);
    }
    walk.ids
}

/// The commits a tip reaches, as [`reachable`] keeps them.
#[derive(Serialize, Deserialize)]
struct Walk {
    version: u32,
    tip: Oid,
    ids: Vec<Oid>,
}

/// Where [`Walk`] is kept, in the cache's directory.
const WALK_FILE: &str = "walk.bin";

/// What the cache's entries depend on besides the commits: the git-orx
/// build and the rules they were read with.
fn fingerprint(rules: &Rules) -> String {
    format!("{VERSION}-{:016x}", rules.fingerprint("history"))
}

struct Cache {
    dir: PathBuf,
    fingerprint: String,
    /// The segment files read, and what they hold.
    files: Vec<PathBuf>,
    segments: Vec<Unpacker>,
    seen: HashSet<Oid, IdBuild>,
    /// Where each record is: segment, position.
    records: HashMap<Oid, (u32, u32), IdBuild>,
}

impl Cache {
    fn load(dir: &Path, fingerprint: &str) -> Cache {
        Cache::load_skipping(dir, fingerprint, &[])
    }

    /// [`Cache::load`] without reading the segments named in `skip`
    /// (a run that needs only commits added since they were written),
    /// unless there are so many segments that this run should merge
    /// them: then all are read. What a skipped segment holds is read from
    /// git again if asked for, which costs time, never correctness.
    fn load_skipping(dir: &Path, fingerprint: &str, skip: &[String]) -> Cache {
        let mut cache = Cache {
            dir: dir.to_owned(),
            fingerprint: fingerprint.to_owned(),
            files: Vec::new(),
            segments: Vec::new(),
            seen: HashSet::default(),
            records: HashMap::default(),
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return cache;
        };
        let prefix = format!("{fingerprint}-");
        let mut names = Vec::new();
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".json") {
                // A segment of an earlier version.
                let _ = std::fs::remove_file(e.path());
                continue;
            }
            if name.starts_with(&prefix) && name.ends_with(".seg") {
                names.push(name);
            }
        }
        let skip = match names.len() >= MAX_SEGMENTS {
            true => &[],
            false => skip,
        };
        for name in names {
            if skip.contains(&name) {
                continue;
            }
            let path = dir.join(&name);
            // A segment removed meanwhile by another run's merge is in
            // the merged one.
            if !path.exists() {
                continue;
            }
            match read_segment(&path) {
                Some(s) if s.fingerprint == fingerprint => {
                    let n = cache.segments.len() as u32;
                    cache.seen.extend(s.seen.iter().copied());
                    for (i, r) in s.records.iter().enumerate() {
                        cache.records.insert(r.id, (n, i as u32));
                    }
                    cache.segments.push(Unpacker::new(s));
                    cache.files.push(path);
                }
                _ => {
                    let _ = std::fs::remove_file(&path);
                }
            }
        }
        cache
    }

    fn has(&self, id: &Oid) -> bool {
        self.seen.contains(id) || self.records.contains_key(id)
    }

    fn record(&mut self, id: &Oid) -> Option<CommitRecord> {
        let &(s, i) = self.records.get(id)?;
        Some(self.segments[s as usize].record(i as usize))
    }

    /// Adds `fresh` as a segment, or, when there are many, writes all the
    /// cache holds as one and removes the segments it merged. Best effort:
    /// a cache that cannot be written only costs time.
    ///
    /// Either way `fresh` joins the cache in memory: its records are read
    /// back from their compact form, not kept twice.
    fn save(&mut self, fresh: Segment) {
        let n = self.segments.len() as u32;
        for (i, r) in fresh.records.iter().enumerate() {
            self.records.insert(r.id, (n, i as u32));
        }
        self.seen.extend(fresh.seen.iter().copied());
        let many = self.files.len() >= MAX_SEGMENTS;
        if !many {
            let _ = self.write(&fresh);
        }
        self.segments.push(Unpacker::new(fresh));
        if !many {
            return;
        }
        let mut packer = Packer::new(&self.fingerprint);
        let mut seen: Vec<Oid> = self.seen.iter().copied().collect();
        seen.sort_unstable();
        packer.seg.seen = seen;
        let mut ids: Vec<(Oid, (u32, u32))> = self.records.iter().map(|(k, v)| (*k, *v)).collect();
        ids.sort_unstable();
        for (_, (s, i)) in ids {
            let r = self.segments[s as usize].record(i as usize);
            packer.add(&r);
        }
        if self.write(&packer.seg).is_ok() {
            for f in &self.files {
                let _ = std::fs::remove_file(f);
            }
        }
    }

    fn write(&self, s: &Segment) -> std::io::Result<()> {
        let bytes = postcard::to_allocvec(s).map_err(std::io::Error::other)?;
        let name = format!(
            "{}-{}-{}.seg",
            self.fingerprint,
            std::process::id(),
            jiff::Timestamp::now().as_nanosecond()
        );
        crate::engine::store::write_file(&self.dir.join(name), &bytes)
    }
}

/// What is read of one version of an item file.
struct Parsed {
    /// The kind it was read as (its workflow, its state's field).
    kind: crate::workflow::kind::Kind,
    id: String,
    status: String,
    value: Value,
}

enum Derived {
    Nothing(String),
    Record(Box<CommitRecord>),
}

/// Sends the commits `ids` to git to diff, each against its first
/// parent; returns how many were sent.
fn start(stream: &mut crate::git::ChangeStream, ids: &[&String]) -> usize {
    stream.send(ids);
    ids.len()
}

/// The versions of item files parsed and not yet used twice.
///
/// A version of a file is the new side of one commit and the old side of
/// the next change to it, which may be thousands of commits further on
/// (each story of a busy repository changes once in so many commits):
/// it is kept until its second use, so that each is parsed once. At most
/// [`Versions::MOST`] are kept: past that, some are parsed again.
#[derive(Default)]
struct Versions(HashMap<BlobId, Option<std::rc::Rc<Parsed>>>);

impl Versions {
    const MOST: usize = 20_000;

    /// The version `blob` of the item file at `path`, parsed (`None`:
    /// not an item).
    fn get(
        &mut self,
        repo: &Repo,
        kinds: &crate::workflow::kind::Kinds,
        path: &str,
        blob: BlobId,
    ) -> Option<std::rc::Rc<Parsed>> {
        if let Some(kept) = self.0.remove(&blob) {
            return kept;
        }
        let parsed = Item::from_bytes(kinds, path, repo.blob(blob).ok()?)
            .ok()
            .map(|item| {
                std::rc::Rc::new(Parsed {
                    value: item.value(),
                    kind: item.kind,
                    id: item.id,
                    status: item.status,
                })
            });
        if self.0.len() >= Self::MOST {
            self.0.clear();
        }
        self.0.insert(blob, parsed.clone());
        parsed
    }
}

/// What `commits` change, from the files git found changed.
fn derive(
    repo: &Repo,
    rules: &Rules,
    commits: Vec<(CommitInfo, Vec<FileChange>)>,
    versions: &mut Versions,
) -> Result<Vec<Derived>> {
    let mut out = Vec::with_capacity(commits.len());
    for (c, changes) in commits {
        let mut items = Vec::new();
        for change in changes {
            if let Some(ic) = item_change(repo, rules, &c, &change, versions)? {
                items.push(ic);
            }
        }
        // A lifecycle conflict the workflow's merge rule decided is the
        // merge's own record of the item, even where the merge kept our
        // side's file as it was.
        for (kind, id, state) in merge_decisions(&c) {
            if !items.iter().any(|i| i.kind == kind && i.id == id) {
                // Its file, as the merge left it.
                let path = rules.registry().get(&kind).and_then(|k| {
                    repo.tree_paths(&c.id)
                        .ok()?
                        .into_iter()
                        .find(|p| k.items.holds(p) && k.items.leads_to(p, &id))
                });
                items.push(ItemChange {
                    path: path.unwrap_or_default(),
                    kind,
                    id,
                    from: Some(state.clone()),
                    to: Some(state),
                    initial: false,
                    fields: Vec::new(),
                    records: Vec::new(),
                });
            }
        }
        let rollback = c.trailer("Orx-Rollback").map(str::to_owned);
        if items.is_empty() && rollback.is_none() {
            out.push(Derived::Nothing(c.id));
            continue;
        }
        let note = c.body();
        out.push(Derived::Record(Box::new(CommitRecord {
            short: repo.short_id(&c.id),
            time: c.time,
            offset_minutes: c.offset_minutes,
            author: c.author_name.clone(),
            email: c.author_email.clone(),
            role: c.trailer("Orx-Role").map(str::to_owned),
            override_reason: c.trailer("Orx-Override").map(str::to_owned),
            overridden: c.trailer("Orx-Overridden").map(str::to_owned),
            rollback,
            note: (!note.is_empty()).then_some(note),
            subject: c.summary().to_owned(),
            changes: items,
            id: c.id,
        })));
    }
    Ok(out)
}

/// The items a merge commit's `Orx-Merge-Rule` trailers say its
/// workflow's merge rule decided: kind, ID and the state given.
fn merge_decisions(c: &CommitInfo) -> Vec<(String, String, String)> {
    if c.parents.len() < 2 {
        return Vec::new();
    }
    c.trailers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("Orx-Merge-Rule"))
        .filter_map(|(_, v)| {
            let mut words = v.split_whitespace();
            let (kind, id, state) = (words.next()?, words.next()?, words.next()?);
            Some((
                kind.to_owned(),
                id.to_owned(),
                state.trim_end_matches(':').to_owned(),
            ))
        })
        .collect()
}

/// What one file change did to an item, if it is one and the change is
/// the commit's own (a merge's changes taken from a branch are that
/// branch's).
fn item_change(
    repo: &Repo,
    rules: &Rules,
    c: &CommitInfo,
    change: &FileChange,
    versions: &mut Versions,
) -> Result<Option<ItemChange>> {
    let mut read = |path: &Option<String>, blob: Option<BlobId>| -> Option<std::rc::Rc<Parsed>> {
        let path = path.as_deref().filter(|p| rules.is_item_path(p))?;
        versions.get(repo, rules.registry(), path, blob?)
    };
    let before = read(&change.old_path, change.old);
    let after = read(&change.new_path, change.new);
    let after_state = after.as_ref().map(|a| a.status.as_str());
    let decided = after.as_ref().is_some_and(|a| {
        merge_decisions(c)
            .iter()
            .any(|(k, i, _)| a.kind == *k && *i == a.id)
    });
    if !decided
        && taken_from_branch(
            repo,
            rules,
            c.parents.get(1..).unwrap_or_default(),
            change,
            after_state,
        )?
    {
        return Ok(None);
    }
    let Some(some) = after.as_ref().or(before.as_ref()) else {
        return Ok(None);
    };
    let path = match (&after, &change.new_path, &change.old_path) {
        (Some(_), Some(p), _) | (None, _, Some(p)) => p.clone(),
        _ => String::new(),
    };
    let state_key = some.kind.shape.state_field.as_str();
    let (bv, av) = (
        before.as_ref().map(|b| &b.value),
        after.as_ref().map(|a| &a.value),
    );
    let mut fields = field_changes(bv, av, state_key);
    // A renumber (the file renamed for a new ID) is the item's change of
    // ID, said as one.
    if let (Some(b), Some(a)) = (&before, &after)
        && b.kind == a.kind
        && b.id != a.id
    {
        fields.insert(
            0,
            FieldChange {
                field: "id".to_owned(),
                from: Value::String(b.id.clone()),
                to: Value::String(a.id.clone()),
            },
        );
    }
    let wf = some.kind.workflow().ok();
    let records = match (&wf, av) {
        (Some(wf), Some(a)) => {
            let always: Vec<&str> = wf
                .trailers
                .iter()
                .filter(|t| t.always)
                .map(|t| t.key.as_str())
                .collect();
            crate::engine::trailers::records(wf, bv, a, false)
                .into_iter()
                .map(|s| Record {
                    always: always.contains(&s.trailer.as_str()),
                    trailer: s.trailer,
                    field: s.field,
                    value: s.value,
                    of_several: s.of_several,
                })
                .collect()
        }
        _ => Vec::new(),
    };
    let (from, to) = (
        before.as_ref().map(|i| i.status.clone()),
        after.as_ref().map(|i| i.status.clone()),
    );
    if from == to && fields.is_empty() && records.is_empty() {
        return Ok(None);
    }
    let initial = before.is_none()
        && wf
            .as_ref()
            .is_some_and(|wf| to.as_deref() == Some(wf.initial.as_str()));
    Ok(Some(ItemChange {
        kind: some.kind.to_string(),
        id: some.id.clone(),
        path,
        from,
        to,
        initial,
        fields,
        records,
    }))
}

/// The leaves of two frontmatters that differ, dotted; lists of scalars
/// are leaves, lists of mappings are followed by position.
fn field_changes(before: Option<&Value>, after: Option<&Value>, state: &str) -> Vec<FieldChange> {
    fn flatten(prefix: &str, v: &Value, out: &mut Vec<(String, Value)>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    let key = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    flatten(&key, x, out);
                }
            }
            // A list of mappings (an agent's tasks) by position: `tasks.1.status`.
            Value::Array(a) if a.iter().any(Value::is_object) => {
                for (i, x) in a.iter().enumerate() {
                    flatten(&format!("{prefix}.{i}"), x, out);
                }
            }
            other => out.push((prefix.to_owned(), other.clone())),
        }
    }
    let leaves = |v: Option<&Value>| {
        let mut out = Vec::new();
        if let Some(v) = v {
            flatten("", v, &mut out);
        }
        out.retain(|(k, _)| k != state && k != "kind" && k != "id" && !k.is_empty());
        out
    };
    let (old, new) = (leaves(before), leaves(after));
    let old_map: HashMap<&str, &Value> = old.iter().map(|(k, v)| (k.as_str(), v)).collect();
    let new_keys: HashSet<&str> = new.iter().map(|(k, _)| k.as_str()).collect();
    let mut out = Vec::new();
    for (k, v) in &new {
        let was = old_map.get(k.as_str()).copied().unwrap_or(&Value::Null);
        if !crate::engine::validate::same_value(was, v) {
            out.push(FieldChange {
                field: k.clone(),
                from: was.clone(),
                to: v.clone(),
            });
        }
    }
    for (k, v) in &old {
        // A field that became a list of mappings is in their fields.
        let nested = format!("{k}.");
        let became_list = new.iter().any(|(n, _)| n.starts_with(&nested));
        if !new_keys.contains(k.as_str()) && !v.is_null() && !became_list {
            out.push(FieldChange {
                field: k.clone(),
                from: v.clone(),
                to: Value::Null,
            });
        }
    }
    out
}

/// Whether a merge took this item's state from one of its other parents
/// (`others`): that branch's commits hold the transition.
fn taken_from_branch(
    repo: &Repo,
    rules: &Rules,
    others: &[String],
    change: &FileChange,
    after: Option<&str>,
) -> Result<bool> {
    for parent in others {
        let side = crate::git::Side::Commit(parent.clone());
        let there = match (&change.new_path, &change.old_path) {
            (Some(p), _) | (None, Some(p)) => repo.file_at(&side, p)?,
            (None, None) => None,
        };
        let state = there
            .and_then(|b| {
                let path = change.new_path.as_deref().or(change.old_path.as_deref())?;
                Item::from_bytes(rules.registry(), path, b).ok()
            })
            .map(|i| i.status);
        if state.as_deref() == after {
            return Ok(true);
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_changes_are_leaves_that_differ() {
        let before =
            serde_json::json!({"status": "A", "rounds": {"qa": 1, "architect": 0}, "x": [1]});
        let after =
            serde_json::json!({"status": "B", "rounds": {"qa": 2, "architect": 0}, "y": "n"});
        let got = field_changes(Some(&before), Some(&after), "status");
        let names: Vec<(&str, String, String)> = got
            .iter()
            .map(|c| (c.field.as_str(), c.from.to_string(), c.to.to_string()))
            .collect();
        assert_eq!(
            names,
            vec![
                ("rounds.qa", "1".to_owned(), "2".to_owned()),
                ("y", "null".to_owned(), "\"n\"".to_owned()),
                ("x", "[1]".to_owned(), "null".to_owned()),
            ]
        );
    }
}
