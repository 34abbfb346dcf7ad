//! `git orx metrics` for every kind: what every kind has
//! (`history::metrics`: time in state, cycle time, throughput, the items
//! stuck now) with, for a kind whose workflow declares a set of figures
//! of its own (`figures: story`), that set counted by its code in the same
//! pass and the alerts on it. A set is found by the name the workflow
//! gives it ([`SETS`]), never by the kind's name.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::history::audit::Entry;
pub use crate::history::metrics::Alert;
use crate::history::metrics::{self as measures, Durations, Stuck};
use crate::kinds::story;
use crate::repo::config::Thresholds;
use crate::workflow::Workflow;
use crate::workflow::kind::Kind;

/// Which part of history to measure, and when now is.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Seconds since the epoch: from (inclusive), until (exclusive).
    pub since: Option<i64>,
    pub until: Option<i64>,
    /// Seconds since the epoch: what an item stuck now is judged at.
    pub now: i64,
    /// What else the counts depend on (the build that counts them): given,
    /// [`measure`] keeps its counts under it beside the history cache and
    /// takes them up on the next run, counting only the commits since;
    /// none, it counts every commit and keeps nothing.
    pub keep: Option<String>,
}

/// A kind's own figures, by the set its workflow declares.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(tag = "set", rename_all = "snake_case")]
pub enum Figures {
    /// `figures: story`: quality, review rounds, auto-approval,
    /// escalation, SM revision success, Dev first pass.
    Story(story::metrics::StoryFigures),
}

/// One kind's metrics of a period.
#[derive(Clone, Debug, Default, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Metrics {
    pub kind: String,
    /// The items changed in the period.
    pub items: usize,
    /// Each stay in a state that ended in the period.
    pub time_in_state: BTreeMap<String, Durations>,
    /// From creation to the first move to a terminal state.
    pub cycle_time: Durations,
    /// The items that reached a terminal state in the period.
    pub throughput: usize,
    /// The items stuck now (longer than `doctor.stuck_after_hours` in a
    /// state that is not terminal, as `doctor` judges), longest first.
    pub stuck: Vec<Stuck>,
    /// The kind's own figures, when its workflow declares a set
    /// (`figures:`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figures: Option<Figures>,
    /// The kind's own figures past their thresholds (`alerts:` in the
    /// config).
    pub alerts: Vec<Alert>,
    /// The items history has of the kind, in any period.
    #[serde(skip)]
    #[schemars(skip)]
    pub known: usize,
}

impl Metrics {
    /// The story's own figures, when the kind counts them.
    pub fn story(&self) -> Option<&story::metrics::StoryFigures> {
        match &self.figures {
            Some(Figures::Story(f)) => Some(f),
            None => None,
        }
    }
}

/// A set of figures being counted.
#[derive(Serialize, Deserialize)]
pub enum Counting {
    Story(story::metrics::Tally),
}

impl measures::Figures for Counting {
    fn add(&mut self, e: &Entry, now: bool) {
        match self {
            Counting::Story(t) => t.add(e, now),
        }
    }
}

impl Counting {
    fn finish(self, thresholds: &Thresholds) -> (Figures, Vec<Alert>) {
        match self {
            Counting::Story(t) => {
                let f = t.finish();
                let alerts = story::metrics::alerts(&f, thresholds);
                (Figures::Story(f), alerts)
            }
        }
    }
}

/// How to start counting a set of figures under a workflow.
pub type Start = fn(&Workflow) -> Counting;

/// The sets of figures, by the name a workflow's `figures:` gives them
/// (`workflow::FIGURES`), each with how to start counting it.
pub const SETS: &[(&str, Start)] = &[(story::metrics::SET, |wf| {
    Counting::Story(story::metrics::Tally::of(wf))
})];

/// A tally of `kind`'s items under `wf`, with its set of figures.
pub(crate) fn tally(wf: &Workflow, kind: &str, opts: &Options) -> measures::Tally<Counting> {
    let figures = wf.figures.as_deref().and_then(|name| {
        SETS.iter()
            .find(|(set, _)| *set == name)
            .map(|(_, start)| start(wf))
    });
    measures::Tally::new(kind, wf.terminal_states(), opts.since, opts.until, figures)
}

/// The metrics of `kinds`' items (in that order) in HEAD's history under
/// `rules` (the alerts' thresholds and the stuck limit of its config),
/// counted in one pass through the history cache; `progress` as for
/// [`crate::history::cache::load`].
pub fn measure(
    repo: &crate::git::Repo,
    rules: &crate::repo::rules::Rules,
    kinds: &[&Kind],
    opts: &Options,
    progress: crate::history::cache::Progress,
) -> crate::Result<Vec<Metrics>> {
    let mut fresh = Vec::new();
    for kind in kinds {
        let wf = kind.workflow()?;
        fresh.push(tally(&wf, kind.name(), opts));
    }
    let counted = measures::count(
        repo,
        rules,
        measures::Tallies::new(fresh),
        opts.keep.as_deref(),
        progress,
    )?;
    let limit = rules.config.doctor.stuck_after_hours;
    Ok(counted
        .into_kinds()
        .into_iter()
        .map(|t| finish(t, opts.now, limit, &rules.config.alerts))
        .collect())
}

/// The metrics of `only`, else of the repository's kinds: every kind of
/// the registry (with a workflow) that history has items of, the default
/// kind first and always; all counted in one pass, as [`measure`].
pub fn measure_kinds<'r>(
    repo: &crate::git::Repo,
    rules: &'r crate::repo::rules::Rules,
    only: Option<&'r Kind>,
    opts: &Options,
    progress: crate::history::cache::Progress,
) -> crate::Result<Vec<(&'r Kind, Metrics)>> {
    let kinds: Vec<&Kind> = match only {
        Some(kind) => vec![kind],
        None => {
            let default = rules.default_kind();
            let mut kinds = vec![rules.kind(default)?];
            kinds.extend(
                rules
                    .registry()
                    .iter()
                    .filter(|k| k.name() != default && k.workflow().is_ok()),
            );
            kinds
        }
    };
    let all = measure(repo, rules, &kinds, opts, progress)?;
    Ok(kinds
        .into_iter()
        .zip(all)
        .enumerate()
        .filter(|(i, (_, m))| only.is_some() || *i == 0 || m.known > 0)
        .map(|(_, km)| km)
        .collect())
}

/// A kind's metrics from its tally.
pub(crate) fn finish(
    t: measures::Tally<Counting>,
    now: i64,
    limit: f64,
    thresholds: &Thresholds,
) -> Metrics {
    let (m, figures) = t.finish(now, limit);
    let (figures, alerts) = match figures.map(|f| f.finish(thresholds)) {
        Some((f, a)) => (Some(f), a),
        None => (None, Vec::new()),
    };
    Metrics {
        kind: m.kind,
        items: m.items,
        time_in_state: m.time_in_state,
        cycle_time: m.cycle_time,
        throughput: m.throughput,
        stuck: m.stuck,
        figures,
        alerts,
        known: m.known,
    }
}

/// The metrics of `entries` (one kind's trail, oldest first) under `wf`:
/// for tests, without the history cache.
#[cfg(test)]
pub fn compute(
    wf: &Workflow,
    kind: &str,
    entries: &[Entry],
    opts: &Options,
    thresholds: &Thresholds,
) -> Metrics {
    let mut t = tally(wf, kind, opts);
    entries.iter().for_each(|e| t.add(e));
    finish(t, opts.now, 48.0, thresholds)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every set a workflow may declare (`figures:`, which `check`
    /// accepts) has code that counts it, and no set has code no workflow
    /// may declare.
    #[test]
    fn every_declarable_set_of_figures_is_counted() {
        let sets: Vec<&str> = SETS.iter().map(|(s, _)| *s).collect();
        assert_eq!(sets, crate::workflow::FIGURES);
    }
}
