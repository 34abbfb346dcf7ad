//! `git orx log`: the audit trail, read from history.
//!
//! Every commit that creates, moves, edits or deletes an item is an entry,
//! whether `git orx` made it or someone edited the file by hand: the
//! transition and the fields changed are computed from the two versions of
//! the file, never taken from trailers. Trailers give who claims to act
//! (`Orx-Role`), the Human's override reason, and rollbacks; the commit
//! message body is the note. An item is followed by its kind and ID, so
//! renamed files stay on its trail. A merge shows only what it did itself:
//! the transitions it brings from a branch are on that branch.
//!
//! What is read from each commit is kept in the history cache
//! ([`crate::history::cache`]), so a second run reads only new commits.

use serde::Serialize;

use crate::error::Result;
use crate::git::Repo;
use crate::history::cache::{self, CommitRecord, FieldChange, ItemChange, Record};
use crate::repo::rules::Rules;

/// What an entry of the trail is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Event {
    /// A new item in its workflow's initial state.
    Created,
    /// An item that appeared in another state (an existing story brought
    /// under git-orx, a file copied in).
    Adopted,
    /// A change of state.
    Transition,
    /// A change within one state: fields, records.
    Edit,
    Deleted,
    /// A rollback to a checkpoint.
    Rollback,
}

#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Entry {
    pub event: Event,
    /// Author time, RFC 3339 with the author's offset.
    pub time: String,
    /// The same, in seconds since the epoch.
    #[serde(skip)]
    pub timestamp: i64,
    pub commit: String,
    pub author: String,
    pub email: String,
    pub role: Option<String>,
    /// The item's kind and ID; for a rollback, `checkpoint` and its name.
    pub kind: String,
    pub id: String,
    pub path: String,
    pub from: Option<String>,
    pub to: Option<String>,
    pub note: Option<String>,
    #[serde(rename = "override")]
    pub override_reason: Option<String>,
    /// What the override let through (`Orx-Overridden`: the refusal's kind).
    pub overridden: Option<String>,
    /// The frontmatter fields the change set, changed or removed, with
    /// their old and new values (null: unset).
    pub fields: Vec<FieldChange>,
    /// What the change recorded (a review round's findings, a quality
    /// check), as structured values.
    pub records: Vec<Record>,
    /// The records as the workflow's trailers render them
    /// (`Orx-Gate: qa round=3 ...`), for the text output.
    #[serde(skip)]
    pub details: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Options {
    pub id: Option<String>,
    /// Only items of this kind.
    pub kind: Option<String>,
    /// Only commits at or after this time (seconds since the epoch).
    pub since: Option<i64>,
    /// Only commits before this time (seconds since the epoch).
    pub until: Option<i64>,
    pub reverse: bool,
}

/// The entries for the stories and the agent contexts, newest first (or
/// oldest first): every change of state, every change within a state that
/// sets fields or records something the workflow stamps, rollbacks.
pub fn log(repo: &Repo, rules: &Rules, opts: &Options) -> Result<Vec<Entry>> {
    log_with_progress(repo, rules, opts, &mut |_, _| {})
}

/// [`log`], telling `progress` how far the reading of commits the history
/// cache does not hold has got.
pub fn log_with_progress(
    repo: &Repo,
    rules: &Rules,
    opts: &Options,
    progress: cache::Progress,
) -> Result<Vec<Entry>> {
    let mut out = Vec::new();
    log_each(repo, rules, opts, progress, &mut |e| out.push(e))?;
    Ok(out)
}

/// [`log_with_progress`] one entry at a time, in the order `opts` asks
/// for, holding no more than one commit's entries.
pub fn log_each(
    repo: &Repo,
    rules: &Rules,
    opts: &Options,
    progress: cache::Progress,
    each: &mut dyn FnMut(Entry),
) -> Result<()> {
    cache::load_each(repo, rules, opts.reverse, progress, &mut |c| {
        let mut here = commit_entries(c, opts);
        if opts.reverse {
            here.reverse();
        }
        here.into_iter().for_each(&mut *each);
    })
}

/// The whole trail, newest first, for a command that writes each entry
/// as bytes (`render`) and writes them (`out`): what it made of the
/// commits HEAD reached last time is kept under `key`, which names what
/// else the bytes depend on, and written again as it was; only the
/// commits since are rendered ([`cache::each_rendered`]).
pub fn log_rendered(
    repo: &Repo,
    rules: &Rules,
    key: &str,
    progress: cache::Progress,
    render: &mut dyn FnMut(Entry, &mut Vec<u8>),
    out: &mut dyn FnMut(&[u8]),
) -> Result<()> {
    let opts = Options::default();
    cache::each_rendered(
        repo,
        rules,
        key,
        progress,
        &mut |c, buf| {
            for e in commit_entries(c, &opts) {
                render(e, buf);
            }
        },
        out,
    )
}

/// The entries `opts` selects, oldest first (whatever `opts.reverse`
/// says), folded into a state by `add`, from `fresh`: the state reached
/// over the commits HEAD reached last time is kept under `key` and taken
/// up again, so that only the commits since are read and added
/// ([`cache::fold_kept`]). `key` names everything besides the entries that
/// the state depends on; none keeps nothing.
pub fn log_folded<S>(
    repo: &Repo,
    rules: &Rules,
    opts: &Options,
    key: Option<&str>,
    progress: cache::Progress,
    fresh: S,
    add: &mut dyn FnMut(&mut S, Entry),
) -> Result<S>
where
    S: serde::Serialize + serde::de::DeserializeOwned,
{
    cache::fold_kept(repo, rules, key, progress, fresh, &mut |state, c| {
        let mut here = commit_entries(c, opts);
        here.reverse();
        here.into_iter().for_each(|e| add(state, e));
    })
}

/// The entries of `commits` (newest first) that `opts` selects; each
/// record is dropped once its entries are made.
pub fn entries(commits: Vec<CommitRecord>, opts: &Options) -> Vec<Entry> {
    let mut out: Vec<Entry> = commits
        .into_iter()
        .flat_map(|c| commit_entries(c, opts))
        .collect();
    if opts.reverse {
        out.reverse();
    }
    out
}

/// The entries of one commit that `opts` selects, in the commit's order
/// (a rollback first).
fn commit_entries(c: CommitRecord, opts: &Options) -> Vec<Entry> {
    if opts.since.is_some_and(|s| c.time < s) || opts.until.is_some_and(|u| c.time >= u) {
        return Vec::new();
    }
    let time = rfc3339(c.time, c.offset_minutes);
    let entry = |event, kind: String, id: String| Entry {
        event,
        time: time.clone(),
        timestamp: c.time,
        commit: c.short.clone(),
        author: c.author.clone(),
        email: c.email.clone(),
        role: c.role.clone(),
        kind,
        id,
        path: String::new(),
        from: None,
        to: None,
        note: c.note.clone(),
        override_reason: c.override_reason.clone(),
        overridden: c.overridden.clone(),
        fields: Vec::new(),
        records: Vec::new(),
        details: Vec::new(),
    };
    let mut here = Vec::new();
    // Each change is moved into its entry, not copied: a long log makes
    // a hundred thousand of them.
    for ch in c.changes.iter() {
        if opts.id.as_ref().is_some_and(|want| *want != ch.id)
            || opts.kind.as_ref().is_some_and(|want| *want != ch.kind)
        {
            continue;
        }
        let mut e = entry(event_of(ch), String::new(), String::new());
        e.details = ch
            .records
            .iter()
            .filter(|r| !r.always)
            .map(|r| {
                let text = crate::engine::trailers::render(&r.value);
                match r.of_several {
                    true => format!(
                        "{}: {} {text}",
                        r.trailer,
                        r.field.rsplit('.').next().unwrap_or_default()
                    ),
                    false => format!("{}: {text}", r.trailer),
                }
            })
            .collect();
        here.push(e);
    }
    // The entries made, in order, take their change's own values.
    let mut made = here.iter_mut();
    for ch in c.changes {
        if opts.id.as_ref().is_some_and(|want| *want != ch.id)
            || opts.kind.as_ref().is_some_and(|want| *want != ch.kind)
        {
            continue;
        }
        let Some(e) = made.next() else { break };
        e.kind = ch.kind;
        e.id = ch.id;
        e.path = ch.path;
        e.from = ch.from;
        e.to = ch.to;
        e.fields = ch.fields;
        e.records = ch.records;
    }
    if let Some(name) = &c.rollback
        && opts.id.is_none()
        && opts.kind.is_none()
    {
        here.insert(
            0,
            entry(Event::Rollback, "checkpoint".to_owned(), name.clone()),
        );
    }
    here
}

fn event_of(ch: &ItemChange) -> Event {
    match (&ch.from, &ch.to) {
        (None, Some(_)) if ch.initial => Event::Created,
        (None, Some(_)) => Event::Adopted,
        (Some(_), None) => Event::Deleted,
        (a, b) if a != b => Event::Transition,
        _ => Event::Edit,
    }
}

/// `2026-01-02T03:04:05+08:00`.
///
/// Written by hand, not through `strftime`: a long log formats one per
/// commit, and parsing the format each time was a tenth of a warm run.
pub fn rfc3339(time: i64, offset_minutes: i32) -> String {
    let offset =
        jiff::tz::Offset::from_seconds(offset_minutes * 60).unwrap_or(jiff::tz::Offset::UTC);
    let Ok(t) = jiff::Timestamp::from_second(time) else {
        return String::new();
    };
    let d = offset.to_datetime(t);
    let (sign, minutes) = match offset.seconds() {
        s if s < 0 => ('-', -s / 60),
        s => ('+', s / 60),
    };
    if !(0..=9999).contains(&d.year()) {
        return t
            .to_zoned(jiff::tz::TimeZone::fixed(offset))
            .strftime("%Y-%m-%dT%H:%M:%S%:z")
            .to_string();
    }
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{sign}{:02}:{:02}",
        d.year(),
        d.month(),
        d.day(),
        d.hour(),
        d.minute(),
        d.second(),
        minutes / 60,
        minutes % 60
    )
}

/// For tests: a move of item `id` of `kind` from `from` to `to` (none:
/// created) at `timestamp`, every other field empty; a test sets what
/// else it reads with `..Entry::moved(...)`.
#[cfg(test)]
impl Entry {
    pub(crate) fn moved(
        kind: &str,
        id: &str,
        from: Option<&str>,
        to: Option<&str>,
        timestamp: i64,
    ) -> Entry {
        Entry {
            event: Event::Transition,
            time: String::new(),
            timestamp,
            commit: String::new(),
            author: String::new(),
            email: String::new(),
            role: None,
            kind: kind.to_owned(),
            id: id.to_owned(),
            path: String::new(),
            from: from.map(str::to_owned),
            to: to.map(str::to_owned),
            note: None,
            override_reason: None,
            overridden: None,
            fields: Vec::new(),
            records: Vec::new(),
            details: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::rfc3339;

    #[test]
    fn rfc3339_is_what_strftime_writes() {
        for (time, offset) in [
            (0, 0),
            (1_767_322_245, 480),
            (1_767_322_245, -330),
            (-86_401, -60),
            (253_402_200_000, 59),
            (1_700_000_000, -14 * 60),
        ] {
            let o = jiff::tz::Offset::from_seconds(offset * 60).unwrap();
            let want = jiff::Timestamp::from_second(time)
                .unwrap()
                .to_zoned(jiff::tz::TimeZone::fixed(o))
                .strftime("%Y-%m-%dT%H:%M:%S%:z")
                .to_string();
            assert_eq!(rfc3339(time, offset), want, "{time} {offset}");
        }
    }
}
