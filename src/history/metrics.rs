//! What `metrics` measures of every kind's items, from the audit trail.
//!
//! Each item's history is replayed oldest first (every change of state,
//! by `git orx` or by hand, overrides included); what happened in the
//! period asked for is counted, for every kind alike:
//!
//! - time in state: each stay in a state that ended in the period, from the
//!   change that entered it to the one that left it (mean, median, p90);
//! - cycle time: from an item's creation to its first move to one of its
//!   workflow's terminal states, for items that got there in the period;
//! - throughput: the items that reached a terminal state in the period;
//! - stuck: the items in a state that is not terminal for longer than
//!   the config's `doctor.stuck_after_hours` now ([`is_stuck`], the rule
//!   `doctor` judges by), whatever the period.
//!
//! A kind's own figures (its workflow's `figures:`) are counted beside
//! these by the kind's code (`kinds::metrics`), through [`Figures`]: this
//! module names no kind, no state and no figure.
//!
//! Every kind is counted in one pass over the trail ([`Tallies`]), one
//! entry at a time: the trail is never held whole, and the counts are kept
//! between runs by `history::cache::fold_kept` under their settings and
//! the build, so that a run counts only the commits since.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::history::audit::Entry;
use crate::text::message::Message;

/// A measure past its threshold.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Alert {
    /// The measure's JSON key under `figures` (`avg_review_rounds.qa`).
    pub metric: String,
    pub value: f64,
    pub threshold: f64,
    /// What the threshold says and what to look at.
    pub message: String,
    /// Whether the value and threshold are rates (shown as percents).
    #[serde(skip)]
    #[schemars(skip)]
    pub rate: bool,
    /// [`Alert::message`] as a message.
    #[serde(skip)]
    #[schemars(skip)]
    pub said: Message,
    /// What to check when it fires.
    #[serde(skip)]
    #[schemars(skip)]
    pub advice: Message,
}

impl Alert {
    pub fn new(
        metric: String,
        value: f64,
        threshold: f64,
        rate: bool,
        said: Message,
        advice: Message,
    ) -> Alert {
        Alert {
            metric,
            value,
            threshold,
            message: said.to_string(),
            rate,
            said,
            advice,
        }
    }
}

/// Mean, median and 90th percentile of durations, in seconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Durations {
    pub count: usize,
    pub mean: Option<f64>,
    pub median: Option<f64>,
    pub p90: Option<f64>,
}

impl Durations {
    pub fn of(values: &[i64]) -> Durations {
        let mut v: Vec<f64> = values.iter().map(|&x| x as f64).collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        if n == 0 {
            return Durations::default();
        }
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        // Nearest rank: the smallest value at least 90% of them are at or below.
        let rank = (0.9 * n as f64).ceil() as usize;
        Durations {
            count: n,
            mean: Some(v.iter().sum::<f64>() / n as f64),
            median: Some(median),
            p90: Some(v[rank.clamp(1, n) - 1]),
        }
    }
}

/// An item stuck in its state now.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Stuck {
    pub id: String,
    pub state: String,
    /// When it entered the state (RFC 3339, UTC), as history says.
    pub since: String,
    pub hours_in_state: f64,
}

/// Whether an item `hours` in its state is stuck: open, and there longer
/// than the config's `limit` (`doctor.stuck_after_hours`). `doctor` and
/// `metrics` both judge by it.
pub fn is_stuck(terminal: bool, hours: Option<f64>, limit: f64) -> bool {
    !terminal && hours.is_some_and(|h| h > limit)
}

/// The hours from `entered` to `now` (seconds since the epoch), none
/// before it.
pub fn hours_since(entered: i64, now: i64) -> f64 {
    (now - entered).max(0) as f64 / 3600.0
}

/// What every kind has, measured. Rates are from 0 to 1; a measure with
/// nothing to measure is null.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Measures {
    pub kind: String,
    /// The items changed in the period.
    pub items: usize,
    pub time_in_state: BTreeMap<String, Durations>,
    pub cycle_time: Durations,
    /// The items that reached a terminal state in the period.
    pub throughput: usize,
    /// The items stuck now, longest first.
    pub stuck: Vec<Stuck>,
    /// The items history has of the kind, in any period (0: history has
    /// none).
    pub known: usize,
}

/// A kind's own figures, counted one entry of its items' trail at a time
/// beside the measures every kind has. What it is made with (its settings)
/// is part of what it serializes, so that counts kept under one set of
/// settings are never taken up under another.
pub trait Figures: Serialize + DeserializeOwned {
    /// Counts `e` (an entry of the kind's); `now`: whether it is in the
    /// period measured.
    fn add(&mut self, e: &Entry, now: bool);
}

/// No figures of a kind's own.
impl Figures for () {
    fn add(&mut self, _: &Entry, _: bool) {}
}

/// One item, as the entries so far leave it.
#[derive(Default, Serialize, Deserialize)]
struct Item {
    state: Option<String>,
    /// When it entered `state` (seconds since the epoch).
    entered: i64,
    created: Option<i64>,
    ended: bool,
}

/// One kind's measures counted one entry at a time, with its own figures
/// (`F`) when its workflow declares some.
#[derive(Serialize, Deserialize)]
pub struct Tally<F> {
    kind: String,
    /// The states an item's cycle ends in (the workflow's terminal ones).
    terminal: Vec<String>,
    /// Seconds since the epoch: from (inclusive), until (exclusive).
    since: Option<i64>,
    until: Option<i64>,
    items: HashMap<String, Item>,
    changed: HashSet<String>,
    stays: BTreeMap<String, Vec<i64>>,
    cycles: Vec<i64>,
    ended: usize,
    figures: Option<F>,
}

impl<F: Figures> Tally<F> {
    /// Counts nothing yet: `kind`'s items, whose cycle ends in one of
    /// `terminal`, over `since..until`, with its own `figures`.
    pub fn new(
        kind: &str,
        terminal: Vec<String>,
        since: Option<i64>,
        until: Option<i64>,
        figures: Option<F>,
    ) -> Tally<F> {
        Tally {
            kind: kind.to_owned(),
            terminal,
            since,
            until,
            items: HashMap::new(),
            changed: HashSet::new(),
            stays: BTreeMap::new(),
            cycles: Vec::new(),
            ended: 0,
            figures,
        }
    }

    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// Counts the next entry (an entry of another kind is passed over).
    pub fn add(&mut self, e: &Entry) {
        if e.kind != self.kind {
            return;
        }
        let t = e.timestamp;
        let now = self.since.is_none_or(|s| t >= s) && self.until.is_none_or(|u| t < u);
        if now && !self.changed.contains(&e.id) {
            self.changed.insert(e.id.clone());
        }
        if let Some(f) = &mut self.figures {
            f.add(e, now);
        }
        let s = self.items.entry(e.id.clone()).or_default();
        if s.created.is_none() && e.from.is_none() {
            s.created = Some(t);
        }
        if e.from == e.to {
            return;
        }
        if let (Some(from), Some(old)) = (&e.from, &s.state)
            && from == old
            && now
        {
            self.stays
                .entry(from.clone())
                .or_default()
                .push(t - s.entered);
        }
        s.state = e.to.clone();
        s.entered = t;
        if e.from.is_none() {
            // Created, or adopted in some state: not a move.
            return;
        }
        let ends =
            e.to.as_deref()
                .is_some_and(|to| self.terminal.iter().any(|x| x == to));
        if ends && !s.ended {
            s.ended = true;
            if now {
                self.ended += 1;
                if let Some(c) = s.created {
                    self.cycles.push(t - c);
                }
            }
        }
    }

    /// The measures of the entries counted, with the kind's own figures:
    /// the items stuck at `now` (seconds since the epoch) by `doctor`'s
    /// rule with its limit, `stuck_after_hours`.
    pub fn finish(self, now: i64, stuck_after_hours: f64) -> (Measures, Option<F>) {
        let mut stuck: Vec<Stuck> = self
            .items
            .iter()
            .filter_map(|(id, s)| {
                let state = s.state.as_ref()?;
                let hours = hours_since(s.entered, now);
                let terminal = self.terminal.contains(state);
                is_stuck(terminal, Some(hours), stuck_after_hours).then(|| Stuck {
                    id: id.clone(),
                    state: state.clone(),
                    since: jiff::Timestamp::from_second(s.entered)
                        .map(|t| t.to_string())
                        .unwrap_or_default(),
                    hours_in_state: hours,
                })
            })
            .collect();
        stuck.sort_by(|a, b| {
            b.hours_in_state
                .total_cmp(&a.hours_in_state)
                .then_with(|| a.id.cmp(&b.id))
        });
        let measures = Measures {
            kind: self.kind,
            items: self.changed.len(),
            time_in_state: self
                .stays
                .iter()
                .map(|(k, v)| (k.clone(), Durations::of(v)))
                .collect(),
            cycle_time: Durations::of(&self.cycles),
            throughput: self.ended,
            stuck,
            known: self.items.len(),
        };
        (measures, self.figures)
    }
}

/// Several kinds counted in one pass over the trail, each entry by its
/// kind's tally.
#[derive(Serialize, Deserialize)]
pub struct Tallies<F> {
    kinds: Vec<Tally<F>>,
    /// Each kind's place in `kinds`.
    at: HashMap<String, usize>,
}

impl<F: Figures> Tallies<F> {
    pub fn new(kinds: Vec<Tally<F>>) -> Tallies<F> {
        let at = kinds
            .iter()
            .enumerate()
            .map(|(i, t)| (t.kind.clone(), i))
            .collect();
        Tallies { kinds, at }
    }

    /// Counts the next entry with its kind's tally (an entry of a kind not
    /// counted is passed over).
    pub fn add(&mut self, e: &Entry) {
        if let Some(&i) = self.at.get(&e.kind) {
            self.kinds[i].add(e);
        }
    }

    /// The name the counts are kept under between runs of `build`: their
    /// settings (the kinds, the period, the terminal states, the figures'
    /// own settings) and the build, hashed. Call it before counting.
    pub fn key(&self, build: &str) -> Option<String> {
        use std::hash::{Hash, Hasher};
        let settings = postcard::to_allocvec(&self.kinds).ok()?;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (settings, build).hash(&mut h);
        Some(format!("metrics-{:016x}", h.finish()))
    }

    pub fn into_kinds(self) -> Vec<Tally<F>> {
        self.kinds
    }
}

/// The tallies `fresh` (settings, nothing counted) counted over HEAD's
/// history under `rules`, reading through the history cache: with `keep`
/// (the build), the counts are kept beside it and taken up on the next
/// run, which counts only the commits since; `progress` as for
/// [`crate::history::cache::load`].
pub fn count<F: Figures>(
    repo: &crate::git::Repo,
    rules: &crate::repo::rules::Rules,
    fresh: Tallies<F>,
    keep: Option<&str>,
    progress: crate::history::cache::Progress,
) -> crate::Result<Tallies<F>> {
    let key = keep.and_then(|build| fresh.key(build));
    // One kind: the trail's other kinds are not made into entries.
    let kind = match fresh.kinds.as_slice() {
        [one] => Some(one.kind.clone()),
        _ => None,
    };
    crate::history::audit::log_folded(
        repo,
        rules,
        &crate::history::audit::Options {
            kind,
            reverse: true,
            ..Default::default()
        },
        key.as_deref(),
        progress,
        fresh,
        &mut |t, e| t.add(&e),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, from: Option<&str>, to: Option<&str>, t: i64) -> Entry {
        Entry::moved("outage", id, from, to, t)
    }

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let d = Durations::of(&[10, 20, 30, 40]);
        assert_eq!(d.count, 4);
        assert_eq!(d.mean, Some(25.0));
        assert_eq!(d.median, Some(25.0));
        assert_eq!(d.p90, Some(40.0));
        let d = Durations::of(&(1..=10).collect::<Vec<_>>());
        assert_eq!(d.p90, Some(9.0));
        assert_eq!(Durations::of(&[]), Durations::default());
    }

    /// A kind of a team's own: its own states and terminal state; an item
    /// open longer than the limit is stuck, one closed or open for less
    /// is not, and the stuck item's stay is from its last change of state.
    #[test]
    fn a_team_kind_is_measured_by_its_own_states_and_stuck_by_doctors_rule() {
        let hour = 3_600;
        let mut t: Tally<()> = Tally::new("outage", vec!["Resolved".to_owned()], None, None, None);
        for e in [
            entry("1", None, Some("Open"), 0),
            entry("2", None, Some("Open"), hour),
            entry("3", None, Some("Open"), 2 * hour),
            entry("1", Some("Open"), Some("Mitigated"), 4 * hour),
            entry("1", Some("Mitigated"), Some("Mitigated"), 5 * hour),
            entry("2", Some("Open"), Some("Resolved"), 6 * hour),
            entry("3", Some("Open"), Some("Mitigated"), 90 * hour),
        ] {
            t.add(&e);
        }
        let mut other = entry("9", None, Some("Open"), 0);
        other.kind = "story".to_owned();
        t.add(&other);
        let (m, figures) = t.finish(100 * hour, 48.0);
        assert!(figures.is_none());
        assert_eq!((m.items, m.known, m.throughput), (3, 3, 1));
        assert_eq!(m.time_in_state["Open"].count, 3);
        assert_eq!(m.cycle_time.mean, Some(5.0 * hour as f64));
        assert_eq!(
            m.stuck,
            [Stuck {
                id: "1".to_owned(),
                state: "Mitigated".to_owned(),
                since: "1970-01-01T04:00:00Z".to_owned(),
                hours_in_state: 96.0,
            }]
        );
        assert!(is_stuck(false, Some(48.5), 48.0));
        assert!(!is_stuck(false, Some(48.0), 48.0));
        assert!(!is_stuck(true, Some(480.0), 48.0));
        assert!(!is_stuck(false, None, 48.0));
    }
}
