//! The story's own figures (a workflow's `figures: story`), counted by
//! `metrics` beside what every kind has (`history::metrics`), and the
//! alerts on them:
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

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::history::audit::Entry;
use crate::history::metrics::Alert;
use crate::repo::config::Thresholds;

/// The name a workflow's `figures:` gives this set.
pub const SET: &str = "story";

/// Mean review rounds per review.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ReviewRounds {
    pub architect: Option<f64>,
    pub qa: Option<f64>,
}

/// The story's own figures of a period. Rates are from 0 to 1; a figure
/// with nothing to measure is null.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StoryFigures {
    pub avg_quality_score: Option<f64>,
    pub structure_pass_rate: Option<f64>,
    pub avg_review_rounds: ReviewRounds,
    pub auto_approval_rate: Option<f64>,
    pub escalation_rate: Option<f64>,
    pub sm_revision_success_rate: Option<f64>,
    pub dev_first_pass_rate: Option<f64>,
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
    left_review: bool,
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

/// The story's figures counted one entry of the trail at a time (beside
/// the kind's `history::metrics::Tally`): each story's replayed review
/// rounds and the counts so far, never the trail itself.
#[derive(Serialize, Deserialize)]
pub struct Tally {
    /// The structure validation a quality check must reach to pass.
    required: f64,
    stories: HashMap<String, Story>,
    scores: Vec<f64>,
    structures: (usize, usize),
    approvals: (usize, usize),
    revisions: (usize, usize),
    first_rounds: (usize, usize),
}

impl Tally {
    /// Counts nothing yet; a quality check passes at `required` (the
    /// workflow's `params.structure_required`; 100 when unset).
    pub fn new(required: Option<f64>) -> Tally {
        Tally {
            required: required.unwrap_or(100.0),
            stories: HashMap::new(),
            scores: Vec::new(),
            structures: (0, 0),
            approvals: (0, 0),
            revisions: (0, 0),
            first_rounds: (0, 0),
        }
    }

    /// Counts nothing yet, with the settings of `wf`.
    pub fn of(wf: &crate::workflow::Workflow) -> Tally {
        Tally::new(wf.params.get("structure_required").and_then(Value::as_f64))
    }

    /// Counts `e` (`now`: whether it is in the period).
    pub fn add(&mut self, e: &Entry, now: bool) {
        let s = self.stories.entry(e.id.clone()).or_default();
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
        let (from, to) = (e.from.as_deref(), e.to.as_deref());
        if from == to || from.is_none() {
            // An edit, a creation or an adoption: not a move.
            return;
        }
        if from == Some(QA_REVIEW) && !s.left_review {
            s.left_review = true;
            if now {
                self.first_rounds.0 += 1;
                self.first_rounds.1 += usize::from(to == Some(DONE));
            }
        }
        if !now {
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
            _ => {}
        }
        if from.is_some_and(|f| REVISION.contains(&f)) {
            self.revisions.0 += 1;
            self.revisions.1 += usize::from(matches!(to, Some(APPROVED | ARCH_REVIEW)));
        }
    }

    /// The figures of the entries counted.
    pub fn finish(self) -> StoryFigures {
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
        StoryFigures {
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
        }
    }
}

/// The alerts the figures fire past `t`, each with what to check.
pub fn alerts(m: &StoryFigures, t: &Thresholds) -> Vec<Alert> {
    let mut out = Vec::new();
    for (name, role, value) in [
        ("architect", "Architect", m.avg_review_rounds.architect),
        ("qa", "QA", m.avg_review_rounds.qa),
    ] {
        if let Some(v) = value.filter(|v| *v > t.max_review_rounds) {
            out.push(Alert::new(
                format!("avg_review_rounds.{name}"),
                v,
                t.max_review_rounds,
                false,
                crate::msg!(
                    "mean-role-review-rounds-v",
                    role = role,
                    v = format!("{v:.2}"),
                    max = t.max_review_rounds
                ),
                crate::msg!("metrics-advice-review-rounds"),
            ));
        }
    }
    if let Some(v) = m
        .auto_approval_rate
        .filter(|v| *v < t.min_auto_approval_rate)
    {
        let min = t.min_auto_approval_rate;
        out.push(Alert::new(
            "auto_approval_rate".to_owned(),
            v,
            min,
            true,
            crate::msg!(
                "auto-approval-rate-v-min",
                v = percent(v),
                min = percent(min)
            ),
            crate::msg!("metrics-advice-auto-approval"),
        ));
    }
    if let Some(v) = m.escalation_rate.filter(|v| *v > t.max_escalation_rate) {
        let max = t.max_escalation_rate;
        out.push(Alert::new(
            "escalation_rate".to_owned(),
            v,
            max,
            true,
            crate::msg!(
                "escalation-rate-v-max-check",
                v = percent(v),
                max = percent(max)
            ),
            crate::msg!("metrics-advice-escalation"),
        ));
    }
    out
}

/// `33.3%`.
pub fn percent(v: f64) -> String {
    let p = format!("{:.1}", v * 100.0);
    format!("{}%", p.strip_suffix(".0").unwrap_or(&p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::cache::FieldChange;
    use crate::kinds::metrics::{Metrics, Options, compute, finish, tally};
    use crate::workflow::kind::Kinds;
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
            override_reason: overridden.then(|| "ship it".to_owned()),
            fields: fields
                .iter()
                .map(|(f, v)| FieldChange {
                    field: (*f).to_owned(),
                    from: Value::Null,
                    to: v.clone(),
                })
                .collect(),
            ..Entry::moved("story", id, from, to, t)
        }
    }

    fn options(since: Option<i64>, until: Option<i64>) -> Options {
        Options {
            since,
            until,
            ..Options::default()
        }
    }

    fn workflow() -> std::sync::Arc<crate::workflow::Workflow> {
        Kinds::builtin().get(SET).unwrap().workflow().unwrap()
    }

    fn whole(entries: &[Entry], opts: &Options) -> Metrics {
        compute(&workflow(), SET, entries, opts, &Thresholds::default())
    }

    /// The metrics of `entries` counted up to `split`, kept as `measure`
    /// keeps them and read back, taken up and counted on to the end.
    fn taken_up(entries: &[Entry], split: usize, opts: &Options) -> Metrics {
        let mut first = tally(&workflow(), SET, opts);
        entries[..split].iter().for_each(|e| first.add(e));
        let mut on: crate::history::metrics::Tally<crate::kinds::metrics::Counting> =
            postcard::from_bytes(&postcard::to_allocvec(&first).unwrap()).unwrap();
        entries[split..].iter().for_each(|e| on.add(e));
        finish(on, opts.now, 48.0, &Thresholds::default())
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
            let whole = whole(&entries, &opts);
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
        let m = whole(&entries, &options(None, None));
        let f = m.story().unwrap();
        assert_eq!(f.avg_quality_score, Some((8.5 + 6.0 + 7.0 + 9.0) / 4.0));
        assert_eq!(f.auto_approval_rate, Some(0.5));
        assert_eq!(f.escalation_rate, Some(1.0));
    }

    /// A tally's settings name what it is kept under: other settings,
    /// another key; the same settings in another build, another key.
    #[test]
    fn a_tally_is_kept_under_its_settings_and_build() {
        use crate::history::metrics::Tallies;
        let wf = workflow();
        let key = |o: &Options, kind: &str, b: &str| {
            Tallies::new(vec![tally(&wf, kind, o)]).key(b).unwrap()
        };
        let all = options(None, None);
        assert_eq!(key(&all, SET, "b1"), key(&all, SET, "b1"));
        assert_ne!(key(&all, SET, "b1"), key(&all, SET, "b2"));
        assert_ne!(
            key(&all, SET, "b1"),
            key(&options(Some(1), None), SET, "b1")
        );
        assert_ne!(
            key(&all, SET, "b1"),
            key(&options(None, Some(1)), SET, "b1")
        );
        assert_ne!(key(&all, SET, "b1"), key(&all, "bug", "b1"));
        let strict = Tallies::new(vec![crate::history::metrics::Tally::new(
            SET,
            wf.terminal_states(),
            None,
            None,
            Some(crate::kinds::metrics::Counting::Story(Tally::new(Some(
                90.0,
            )))),
        )]);
        assert_ne!(key(&all, SET, "b1"), strict.key("b1").unwrap());
        // The now a stuck item is judged at is no setting.
        let later = Options {
            now: 1,
            ..all.clone()
        };
        assert_eq!(key(&all, SET, "b1"), key(&later, SET, "b1"));
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
                whole(&entries, &opts)
            );
        }
    }

    #[test]
    fn percents_drop_a_zero_tenth() {
        assert_eq!(percent(1.0 / 3.0), "33.3%");
        assert_eq!(percent(0.3), "30%");
    }
}
