//! `git orx metrics`: how the process performs, from the audit trail.
//!
//! Each item's history is replayed oldest first (every change of state
//! and every field it set, by `git orx` or by hand, overrides included);
//! what happened in the period asked for is counted. Every kind has:
//!
//! - time in state: each stay in a state that ended in the period, from the
//!   change that entered it to the one that left it (mean, median, p90);
//! - cycle time: from an item's creation to its first move to one of its
//!   workflow's terminal states, for items that got there in the period;
//! - throughput: the items that reached a terminal state in the period.
//!
//! A kind whose workflow declares `figures: story` (the story, and the
//! kinds made from it) also has the story's own figures:
//!
//! - mean quality score and structure pass rate: over the quality checks
//!   in the period (changes that set `quality.structure`,
//!   `quality.extraction` or `quality.score`), the mean score, and the
//!   share whose structure validation reached the workflow's
//!   `params.structure_required` (100%);
//! - mean review rounds: for the stories with an Architect (a QA) review
//!   round in the period, the mean number of rounds (entries into
//!   AwaitingArchReview, into Review);
//! - auto-approval rate: of the moves to Approved, the share not decided by
//!   a review (from a state other than AwaitingArchReview and Escalated,
//!   and not overridden);
//! - escalation rate: of the stories with an Architect review round, the
//!   share moved to Escalated;
//! - SM revision success rate: of the moves out of Blocked and
//!   RequiresRevision (a revision), the share to Approved or
//!   AwaitingArchReview;
//! - Dev first-pass rate: of the stories whose first QA round ended, the
//!   share that went from Review to Done in that round.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::history::audit::Entry;
use crate::repo::config::Thresholds;

/// Which part of history to measure.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The name of the item kind counted (default `story`); [`measure`]
    /// sets it from the kind it is given.
    pub kind: Option<String>,
    /// Seconds since the epoch: from (inclusive), until (exclusive).
    pub since: Option<i64>,
    pub until: Option<i64>,
    /// The structure validation a quality check must reach to pass
    /// (the workflow's `params.structure_required`; 100 when unset).
    pub structure_required: Option<f64>,
    /// The states an item's cycle ends in (the workflow's terminal ones).
    pub terminal: Vec<String>,
    /// Whether the story's own figures are computed (`figures: story`).
    pub figures: bool,
    /// What else the counts depend on (the build that counts them): given,
    /// [`measure`] keeps its counts under it beside the history cache and
    /// takes them up on the next run, counting only the commits since;
    /// none, it counts every commit and keeps nothing.
    pub keep: Option<String>,
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

/// Mean review rounds per review.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReviewRounds {
    pub architect: Option<f64>,
    pub qa: Option<f64>,
}

/// A metric past its threshold.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Alert {
    /// The metric's JSON key (`avg_review_rounds.qa`).
    pub metric: String,
    pub value: f64,
    pub threshold: f64,
    /// What the threshold says and what to look at.
    pub message: String,
}

impl Alert {
    fn new(metric: String, value: f64, threshold: f64) -> Alert {
        let mut a = Alert {
            metric,
            value,
            threshold,
            message: String::new(),
        };
        a.message = a.said().to_string();
        a
    }

    /// What the threshold says and what to look at, as a message (its
    /// English is [`Alert::message`]).
    pub fn said(&self) -> crate::text::message::Message {
        use crate::msg;
        let (v, t) = (self.value, self.threshold);
        match self.metric.as_str() {
            "auto_approval_rate" => {
                msg!("auto-approval-rate-v-min", v = percent(v), min = percent(t))
            }
            "escalation_rate" => msg!(
                "escalation-rate-v-max-check",
                v = percent(v),
                max = percent(t)
            ),
            m => msg!(
                "mean-role-review-rounds-v",
                role = if m.ends_with(".qa") {
                    "QA"
                } else {
                    "Architect"
                },
                v = format!("{v:.2}"),
                max = t
            ),
        }
    }
}

/// The metrics of a period. Rates are from 0 to 1; a metric with nothing
/// to measure is null.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Metrics {
    pub kind: String,
    /// The items changed in the period.
    pub items: usize,
    pub time_in_state: BTreeMap<String, Durations>,
    pub cycle_time: Durations,
    /// The items that reached a terminal state in the period.
    pub throughput: usize,
    /// `story` when the kind's workflow declares the story's own figures
    /// (the fields below); null otherwise, and those fields are null.
    pub figures: Option<String>,
    pub avg_quality_score: Option<f64>,
    pub structure_pass_rate: Option<f64>,
    pub avg_review_rounds: ReviewRounds,
    pub auto_approval_rate: Option<f64>,
    pub escalation_rate: Option<f64>,
    pub sm_revision_success_rate: Option<f64>,
    pub dev_first_pass_rate: Option<f64>,
    pub alerts: Vec<Alert>,
}

const ARCH_REVIEW: &str = "AwaitingArchReview";
const QA_REVIEW: &str = "Review";
const APPROVED: &str = "Approved";
const ESCALATED: &str = "Escalated";
const DONE: &str = "Done";
const REVISION: [&str; 2] = ["Blocked", "RequiresRevision"];
const QUALITY: [&str; 3] = ["quality.structure", "quality.extraction", "quality.score"];

#[derive(Default, Serialize, Deserialize)]
struct Story {
    /// The last quality score and structure validation set, as numbers.
    score: Option<f64>,
    structure: Option<f64>,
    state: Option<String>,
    entered: i64,
    created: Option<i64>,
    done: bool,
    left_review: bool,
    ended: bool,
    arch_rounds: usize,
    qa_rounds: usize,
    escalated: bool,
}

fn rate(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

/// The metrics of `entries` (the audit trail, oldest first).
pub fn compute(entries: &[Entry], opts: &Options, thresholds: &Thresholds) -> Metrics {
    let mut tally = Tally::new(opts);
    entries.iter().for_each(|e| tally.add(e));
    tally.finish(thresholds)
}

/// The metrics counted one entry of the audit trail at a time, oldest
/// first: what is kept is each story's replayed state and the durations
/// and counts so far, never the trail itself. It holds its settings, so
/// that one kept between runs ([`measure`]) and taken up again counts on
/// exactly as one that had gone on counting.
#[derive(Serialize, Deserialize)]
pub struct Tally {
    kind: String,
    required: f64,
    since: Option<i64>,
    until: Option<i64>,
    stories: HashMap<String, Story>,
    changed: HashSet<String>,
    stays: BTreeMap<String, Vec<i64>>,
    cycles: Vec<i64>,
    ended: usize,
    terminal: Vec<String>,
    figures: bool,
    scores: Vec<f64>,
    structures: (usize, usize),
    approvals: (usize, usize),
    revisions: (usize, usize),
    first_rounds: (usize, usize),
}

impl Tally {
    pub fn new(opts: &Options) -> Tally {
        Tally {
            kind: opts.kind.clone().unwrap_or_else(|| "story".to_owned()),
            required: opts.structure_required.unwrap_or(100.0),
            since: opts.since,
            until: opts.until,
            stories: HashMap::new(),
            changed: HashSet::new(),
            stays: BTreeMap::new(),
            cycles: Vec::new(),
            ended: 0,
            terminal: if opts.terminal.is_empty() {
                vec![DONE.to_owned()]
            } else {
                opts.terminal.clone()
            },
            figures: opts.figures,
            scores: Vec::new(),
            structures: (0, 0),
            approvals: (0, 0),
            revisions: (0, 0),
            first_rounds: (0, 0),
        }
    }

    /// Counts the next entry (entries of other kinds are passed over).
    pub fn add(&mut self, e: &Entry) {
        if e.kind != self.kind {
            return;
        }
        let t = e.timestamp;
        let now = self.since.is_none_or(|s| t >= s) && self.until.is_none_or(|u| t < u);
        if now && !self.changed.contains(&e.id) {
            self.changed.insert(e.id.clone());
        }
        let s = self.stories.entry(e.id.clone()).or_default();
        if s.created.is_none() && e.from.is_none() {
            s.created = Some(t);
        }
        for f in &e.fields {
            match f.field.as_str() {
                "quality.score" => s.score = f.to.as_f64(),
                "quality.structure" => s.structure = f.to.as_f64(),
                _ => {}
            }
        }
        if now && e.fields.iter().any(|f| QUALITY.contains(&f.field.as_str())) {
            if let Some(score) = s.score {
                self.scores.push(score);
            }
            if let Some(st) = s.structure {
                self.structures.0 += 1;
                self.structures.1 += usize::from(st >= self.required);
            }
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
        let (from, to) = (e.from.as_deref(), e.to.as_deref());
        if from.is_none() {
            // Created, or adopted in some state: not a move.
            return;
        }
        if from == Some(QA_REVIEW) && !s.left_review {
            s.left_review = true;
            if now {
                self.first_rounds.0 += 1;
                self.first_rounds.1 += usize::from(to == Some(DONE));
            }
        }
        let ends = to.is_some_and(|t| self.terminal.iter().any(|x| x == t));
        if ends && !s.ended {
            s.ended = true;
            if now {
                self.ended += 1;
                if let Some(c) = s.created {
                    self.cycles.push(t - c);
                }
            }
        }
        if !now {
            if to == Some(DONE) {
                s.done = true;
            }
            return;
        }
        match to {
            Some(APPROVED) => {
                self.approvals.0 += 1;
                let reviewed = matches!(from, Some(ARCH_REVIEW | ESCALATED));
                self.approvals.1 += usize::from(!reviewed && e.override_reason.is_none());
            }
            Some(ARCH_REVIEW) => s.arch_rounds += 1,
            Some(QA_REVIEW) => s.qa_rounds += 1,
            Some(ESCALATED) => s.escalated = true,
            Some(DONE) if !s.done => s.done = true,
            _ => {}
        }
        if from.is_some_and(|f| REVISION.contains(&f)) {
            self.revisions.0 += 1;
            self.revisions.1 += usize::from(matches!(to, Some(APPROVED | ARCH_REVIEW)));
        }
    }

    /// The name its counts are kept under between runs of `build`: its
    /// settings (the kind, the period, the terminal states, what a quality
    /// check must reach) and the build, hashed.
    fn key(&self, build: &str) -> Option<String> {
        use std::hash::{Hash, Hasher};
        let fresh = Tally::new(&Options {
            kind: Some(self.kind.clone()),
            since: self.since,
            until: self.until,
            structure_required: Some(self.required),
            terminal: self.terminal.clone(),
            figures: self.figures,
            keep: None,
        });
        let settings = postcard::to_allocvec(&fresh).ok()?;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (settings, build).hash(&mut h);
        Some(format!("metrics-{:016x}", h.finish()))
    }

    /// The metrics of the entries counted, with the alerts `thresholds`
    /// fire.
    pub fn finish(self, thresholds: &Thresholds) -> Metrics {
        let arch: Vec<&Story> = self
            .stories
            .values()
            .filter(|s| s.arch_rounds > 0)
            .collect();
        let arch_rounds: Vec<f64> = arch.iter().map(|s| s.arch_rounds as f64).collect();
        let qa_rounds: Vec<f64> = self
            .stories
            .values()
            .filter(|s| s.qa_rounds > 0)
            .map(|s| s.qa_rounds as f64)
            .collect();
        let mut m = Metrics {
            kind: self.kind.clone(),
            items: self.changed.len(),
            time_in_state: self
                .stays
                .iter()
                .map(|(k, v)| (k.clone(), Durations::of(v)))
                .collect(),
            cycle_time: Durations::of(&self.cycles),
            throughput: self.ended,
            figures: None,
            avg_quality_score: mean(&self.scores),
            structure_pass_rate: rate(self.structures.1, self.structures.0),
            avg_review_rounds: ReviewRounds {
                architect: mean(&arch_rounds),
                qa: mean(&qa_rounds),
            },
            auto_approval_rate: rate(self.approvals.1, self.approvals.0),
            escalation_rate: rate(arch.iter().filter(|s| s.escalated).count(), arch.len()),
            sm_revision_success_rate: rate(self.revisions.1, self.revisions.0),
            dev_first_pass_rate: rate(self.first_rounds.1, self.first_rounds.0),
            alerts: Vec::new(),
        };
        if self.figures {
            m.figures = Some("story".to_owned());
        } else {
            // A kind of its own: only what every kind has.
            m = Metrics {
                kind: m.kind,
                items: m.items,
                time_in_state: m.time_in_state,
                cycle_time: m.cycle_time,
                throughput: m.throughput,
                ..Metrics::default()
            };
        }
        m.alerts = alerts(&m, thresholds);
        m
    }
}

/// The metrics of `kind`'s items in HEAD's history under `rules` (the
/// thresholds of its config, the kind's `params.structure_required`),
/// reading through the history cache; `progress` as for
/// [`crate::history::cache::load`].
pub fn measure(
    repo: &crate::git::Repo,
    rules: &crate::repo::rules::Rules,
    kind: &crate::workflow::kind::Kind,
    opts: &Options,
    progress: crate::history::cache::Progress,
) -> crate::Result<Metrics> {
    let wf = kind.workflow()?;
    let kind = kind.name().to_owned();
    let required = wf.params.get("structure_required").and_then(Value::as_f64);
    let fresh = Tally::new(&Options {
        kind: Some(kind.clone()),
        structure_required: opts.structure_required.or(required),
        terminal: wf.terminal_states(),
        figures: wf.figures.as_deref() == Some("story"),
        ..opts.clone()
    });
    let key = opts.keep.as_deref().and_then(|build| fresh.key(build));
    // One entry at a time: the trail is never held whole. The counts over
    // the commits counted last time are taken up where they were kept.
    let tally = crate::history::audit::log_folded(
        repo,
        rules,
        &crate::history::audit::Options {
            kind: Some(kind),
            reverse: true,
            ..Default::default()
        },
        key.as_deref(),
        progress,
        fresh,
        &mut |t, e| t.add(&e),
    )?;
    Ok(tally.finish(&rules.config.alerts))
}

/// The alerts the metrics fire.
pub fn alerts(m: &Metrics, t: &Thresholds) -> Vec<Alert> {
    let mut out = Vec::new();
    for (name, value) in [
        ("architect", m.avg_review_rounds.architect),
        ("qa", m.avg_review_rounds.qa),
    ] {
        if let Some(v) = value.filter(|v| *v > t.max_review_rounds) {
            out.push(Alert::new(
                format!("avg_review_rounds.{name}"),
                v,
                t.max_review_rounds,
            ));
        }
    }
    if let Some(v) = m
        .auto_approval_rate
        .filter(|v| *v < t.min_auto_approval_rate)
    {
        out.push(Alert::new(
            "auto_approval_rate".to_owned(),
            v,
            t.min_auto_approval_rate,
        ));
    }
    if let Some(v) = m.escalation_rate.filter(|v| *v > t.max_escalation_rate) {
        out.push(Alert::new(
            "escalation_rate".to_owned(),
            v,
            t.max_escalation_rate,
        ));
    }
    out
}

/// `33.3%`.
pub fn percent(v: f64) -> String {
    let p = format!("{:.1}", v * 100.0);
    format!("{}%", p.strip_suffix(".0").unwrap_or(&p))
}

/// What to check when an alert of `git orx metrics` fires (by its
/// metric), as the lifecycle's troubleshooting advises.
/// [`advice`] as a message.
pub fn advice_said(metric: &str) -> Option<crate::text::message::Message> {
    use crate::msg;
    match metric {
        m if m.starts_with("avg_review_rounds") => Some(msg!("metrics-advice-review-rounds")),
        "auto_approval_rate" => Some(msg!("metrics-advice-auto-approval")),
        "escalation_rate" => Some(msg!("metrics-advice-escalation")),
        _ => None,
    }
}

pub fn advice(metric: &str) -> &'static str {
    match metric {
        m if m.starts_with("avg_review_rounds") => {
            "the decision matrix thresholds; whether the quality standards are too strict; the most common issue types (improve the story template); the agents' training"
        }
        "auto_approval_rate" => {
            "the quality standards; the decision matrix thresholds; the quality assessment; the story template and its guidance"
        }
        "escalation_rate" => "the workflow and the agents' training",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::audit::Event;
    use crate::history::cache::FieldChange;
    use proptest::prelude::*;

    /// An entry of story `id` from `from` to `to` at `t` (an edit when
    /// they are the same), setting `fields`, overridden or not.
    fn entry(
        id: &str,
        from: Option<&str>,
        to: Option<&str>,
        t: i64,
        fields: &[(&str, Value)],
        overridden: bool,
    ) -> Entry {
        Entry {
            event: Event::Transition,
            time: String::new(),
            timestamp: t,
            commit: String::new(),
            author: String::new(),
            email: String::new(),
            role: None,
            kind: "story".to_owned(),
            id: id.to_owned(),
            path: String::new(),
            from: from.map(str::to_owned),
            to: to.map(str::to_owned),
            note: None,
            override_reason: overridden.then(|| "ship it".to_owned()),
            overridden: None,
            fields: fields
                .iter()
                .map(|(f, v)| FieldChange {
                    field: (*f).to_owned(),
                    from: Value::Null,
                    to: v.clone(),
                })
                .collect(),
            records: Vec::new(),
            details: Vec::new(),
        }
    }

    fn options(since: Option<i64>, until: Option<i64>) -> Options {
        Options {
            kind: Some("story".to_owned()),
            since,
            until,
            terminal: vec![DONE.to_owned()],
            figures: true,
            ..Options::default()
        }
    }

    /// A tally written out as [`measure`] keeps it and read back.
    fn kept(t: &Tally) -> Tally {
        postcard::from_bytes(&postcard::to_allocvec(t).unwrap()).unwrap()
    }

    /// The metrics of `entries` counted up to `split`, kept, taken up and
    /// counted on to the end.
    fn taken_up(entries: &[Entry], split: usize, opts: &Options) -> Metrics {
        let mut first = Tally::new(opts);
        entries[..split].iter().for_each(|e| first.add(e));
        let mut on = kept(&first);
        entries[split..].iter().for_each(|e| on.add(e));
        on.finish(&Thresholds::default())
    }

    /// A small history touching every count: two approvals (one
    /// overridden), an escalation, a revision, two QA rounds, quality
    /// checks passing and failing, a number set and then a text.
    fn small() -> Vec<Entry> {
        let q = |st: f64, sc: f64| {
            vec![
                ("quality.structure", serde_json::json!(st)),
                ("quality.score", serde_json::json!(sc)),
            ]
        };
        vec![
            entry("1", None, Some("Draft"), 0, &[], false),
            entry("2", None, Some("Draft"), 10, &[], false),
            entry(
                "1",
                Some("Draft"),
                Some("Approved"),
                20,
                &q(100.0, 8.5),
                false,
            ),
            entry(
                "2",
                Some("Draft"),
                Some(ARCH_REVIEW),
                30,
                &q(80.0, 6.0),
                false,
            ),
            entry("2", Some(ARCH_REVIEW), Some(ESCALATED), 40, &[], false),
            entry("2", Some(ESCALATED), Some("Blocked"), 50, &[], false),
            entry("1", Some("Approved"), Some("InProgress"), 60, &[], false),
            entry(
                "2",
                Some("Blocked"),
                Some("Blocked"),
                65,
                &q(100.0, 7.0),
                false,
            ),
            entry("2", Some("Blocked"), Some(APPROVED), 70, &[], true),
            entry("1", Some("InProgress"), Some(QA_REVIEW), 80, &[], false),
            entry("1", Some(QA_REVIEW), Some(DONE), 90, &[], false),
            entry("2", Some(APPROVED), Some(QA_REVIEW), 95, &[], false),
            entry(
                "2",
                Some(QA_REVIEW),
                Some(QA_REVIEW),
                97,
                &[("quality.score", Value::String("n/a".to_owned()))],
                false,
            ),
            entry("2", Some(QA_REVIEW), Some("InProgress"), 99, &[], false),
            entry("3", None, Some("Approved"), 100, &q(100.0, 9.0), false),
            entry("3", Some("Approved"), None, 110, &[], false),
        ]
    }

    /// The kept counts and the new ones merge into the counts of one run
    /// over all the entries, wherever the run that kept them stopped, for
    /// all of history and for a period.
    #[test]
    fn counts_taken_up_from_a_kept_tally_are_the_counts_of_one_run() {
        let entries = small();
        for (since, until) in [(None, None), (Some(30), None), (Some(15), Some(90))] {
            let opts = options(since, until);
            let whole = compute(&entries, &opts, &Thresholds::default());
            assert!(whole.items > 0, "{whole:?}");
            for split in 0..=entries.len() {
                assert_eq!(
                    taken_up(&entries, split, &opts),
                    whole,
                    "{since:?}..{until:?}, kept up to {split}"
                );
            }
        }
        // Counted whole: the quality check made as a text is no score.
        let whole = compute(&entries, &options(None, None), &Thresholds::default());
        assert_eq!(whole.avg_quality_score, Some((8.5 + 6.0 + 7.0 + 9.0) / 4.0));
        assert_eq!(whole.auto_approval_rate, Some(0.5));
        assert_eq!(whole.escalation_rate, Some(1.0));
    }

    /// A tally's settings name what it is kept under: other settings,
    /// another key; the same settings in another build, another key.
    #[test]
    fn a_tally_is_kept_under_its_settings_and_build() {
        let key = |o: &Options, b: &str| Tally::new(o).key(b).unwrap();
        let all = options(None, None);
        assert_eq!(key(&all, "b1"), key(&all, "b1"));
        assert_ne!(key(&all, "b1"), key(&all, "b2"));
        assert_ne!(key(&all, "b1"), key(&options(Some(1), None), "b1"));
        assert_ne!(key(&all, "b1"), key(&options(None, Some(1)), "b1"));
        let other = Options {
            kind: Some("bug".to_owned()),
            ..all.clone()
        };
        assert_ne!(key(&all, "b1"), key(&other, "b1"));
        let strict = Options {
            structure_required: Some(90.0),
            ..all.clone()
        };
        assert_ne!(key(&all, "b1"), key(&strict, "b1"));
    }

    const STATES: [&str; 9] = [
        "Draft",
        ARCH_REVIEW,
        "RequiresRevision",
        "Blocked",
        ESCALATED,
        APPROVED,
        "InProgress",
        QA_REVIEW,
        DONE,
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Any sequence of entries split anywhere into kept and new counts
        /// as one run over all of it, for any period.
        #[test]
        fn any_split_into_kept_and_new_counts_as_one_run(
            steps in proptest::collection::vec(
                (0..4usize, 0..=STATES.len(), 0..3_600i64, proptest::option::of((0..=100u8, 0..=10u8)), any::<bool>()),
                0..60,
            ),
            split in 0..=60usize,
            since in proptest::option::of(0..60i64),
            until in proptest::option::of(0..60i64),
        ) {
            let mut at: HashMap<usize, Option<&str>> = HashMap::new();
            let mut t = 0;
            let entries: Vec<Entry> = steps
                .iter()
                .map(|&(item, to, dt, quality, overridden)| {
                    t += dt;
                    // The last index deletes the item.
                    let to = STATES.get(to).copied();
                    let from = at.insert(item, to).flatten();
                    let fields: Vec<(&str, Value)> = quality
                        .map(|(st, sc)| {
                            vec![
                                ("quality.structure", serde_json::json!(st)),
                                ("quality.score", serde_json::json!(f64::from(sc) / 2.0)),
                            ]
                        })
                        .unwrap_or_default();
                    entry(&item.to_string(), from, to, t, &fields, overridden)
                })
                .collect();
            let opts = options(since.map(|s| s * 1_800), until.map(|u| u * 1_800));
            let split = split.min(entries.len());
            prop_assert_eq!(
                taken_up(&entries, split, &opts),
                compute(&entries, &opts, &Thresholds::default())
            );
        }
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
        assert_eq!(percent(1.0 / 3.0), "33.3%");
        assert_eq!(percent(0.3), "30%");
    }
}
