//! `git orx story assess` (also spelled `git orx assess`)

use orx::change::plan;
use orx::kinds::story::assess::{Assessment, Indicator};

use super::{DIM, Ui, YELLOW, paint, report_change};

/// Record the SM's quality check and move the story as the decision matrix
/// says (the quality decision matrix): Blocked, AwaitingArchReview or Approved.
/// Structure validation and technical extraction are measured in the story
/// against the template's checklist; every missing item is listed.
#[derive(clap::Args)]
pub struct Args {
    /// The story's ID.
    id: String,
    /// Technical quality score, 0-10 (the SM's judgement).
    #[arg(long, value_name = "X")]
    score: f64,
    /// Complexity indicators present: api-contract, db-schema, new-pattern,
    /// cross-service, security, performance, core-docs.
    #[arg(long, value_delimiter = ',', value_name = "A,B", value_parser = indicator)]
    complexity: Vec<Indicator>,
    /// Override the measured structure validation, in percent (the first
    /// stage); needs --reason.
    #[arg(long, value_name = "PERCENT", requires = "reason")]
    structure: Option<f64>,
    /// Override the measured technical extraction, in percent (the second
    /// stage); needs --reason.
    #[arg(long, value_name = "PERCENT", requires = "reason")]
    extraction: Option<f64>,
    /// Why the measured values are overridden; recorded in the commit.
    #[arg(long, value_name = "TEXT")]
    reason: Option<String>,
    /// After a revision: Critical issues from the Architect's review still open.
    #[arg(long, value_name = "N")]
    open_critical: Option<u32>,
    /// After a revision: the severities of the issues it changed
    /// (critical, high, medium, minor).
    #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
    revised: Option<Vec<String>>,
    /// Ask for the Architect's review where it is optional (score 8.0 or
    /// more with one complexity indicator: Approved, review optional); the story
    /// goes to AwaitingArchReview instead.
    #[arg(long)]
    review: bool,
    #[command(flatten)]
    change: super::ChangeArgs,
}

/// A complexity indicator by its name; an unknown one is refused with
/// the known names, in the language in force.
fn indicator(text: &str) -> Result<Indicator, super::msg::BadValue> {
    text.parse().map_err(super::msg::BadValue)
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    ui.acting_on("story", &args.id);
    let (ws, role) = super::open_as(ui, &args.change)?;
    let mut complexity = args.complexity;
    complexity.sort();
    complexity.dedup();
    let a = Assessment {
        structure: args.structure,
        extraction: args.extraction,
        reason: args.reason,
        score: args.score,
        complexity,
        open_critical: args.open_critical,
        revised: args.revised,
        review: args.review,
    };
    a.check().map_err(|e| {
        orx::Error::Usage(orx::text::message::Message::text(bad_assessment(
            ui.voice(),
            &e,
        )))
    })?;
    let actor = args.change.actor(&role);
    let (plan, report) = orx::kinds::story::assess::plan(&ws, &args.id, &a, actor)?;
    // What was measured is told once it is recorded (or, with
    // --dry-run, with nothing written).
    let done = match args.change.dry_run {
        true => None,
        false => Some(plan::execute(&ws, &plan, !args.change.no_commit)?),
    };
    let m = &report.measured;
    let overridden = |given: Option<f64>, measured: f64| match given {
        Some(v) => ui.t(
            "v-overriding-measured-measured",
            &[("v", &v), ("measured", &measured)],
        ),
        None => format!("{measured}%"),
    };
    let complexity: Vec<&str> = a.complexity.iter().map(|i| i.name()).collect();
    let line = if a.review {
        "quality-check-structure-structure-technical-2"
    } else {
        "quality-check-structure-structure-technical"
    };
    ui.line(ui.t(
        line,
        &[
            ("structure", &overridden(a.structure, m.structure)),
            ("extraction", &overridden(a.extraction, m.extraction)),
            ("score", &orx::doc::render::float(a.score)),
            (
                "complexity",
                &if complexity.is_empty() {
                    ui.t("none", &[])
                } else {
                    complexity.join(", ")
                },
            ),
        ],
    ));
    for missing in &m.missing {
        ui.line(paint(
            YELLOW,
            ui.t("missing-text", &[("text", &ui.m(missing))]),
        ));
    }
    if !report.hints.is_empty() {
        let hints: Vec<String> = report
            .hints
            .iter()
            .map(|(i, word)| format!("{i} (\"{word}\")"))
            .collect();
        ui.line(paint(
            DIM,
            ui.t(
                "text-suggests-complexity-indicators-list",
                &[("list", &hints.join(", "))],
            ),
        ));
    }
    for (to, unmet) in &report.passed_over {
        ui.line(paint(DIM, ui.t("not-state", &[("state", to)])));
        for u in unmet {
            let u = format!("    - {}", ui.condition(u));
            ui.line(paint(DIM, u));
        }
    }
    let given = |v: Option<f64>, measured: f64| v.unwrap_or(measured);
    use super::output::change::{Hint, Measured, PassedOver, Quality};
    let quality = super::output::ChangeExtra {
        quality: Some(Quality {
            structure: given(a.structure, m.structure),
            extraction: given(a.extraction, m.extraction),
            measured: Measured {
                structure: m.structure,
                extraction: m.extraction,
            },
            score: a.score,
            complexity: complexity.iter().map(|s| (*s).to_owned()).collect(),
            review_asked: a.review,
            missing: m.missing.iter().map(ToString::to_string).collect(),
            hints: report
                .hints
                .iter()
                .map(|(i, w)| Hint {
                    indicator: i.name().to_owned(),
                    word: (*w).to_owned(),
                })
                .collect(),
            passed_over: report
                .passed_over
                .iter()
                .map(|(to, unmet)| PassedOver {
                    to: to.clone(),
                    unmet: unmet.clone(),
                })
                .collect(),
        }),
        ..Default::default()
    };
    report_change(ui, &plan, done.as_ref(), quality);
    Ok(0)
}

/// Why the arguments cannot be taken, in the words of this command's flags.
fn bad_assessment(
    voice: &crate::cli::msg::Voice,
    e: &orx::kinds::story::assess::BadAssessment,
) -> String {
    use orx::kinds::story::assess::{BadAssessment, Measured};
    match e {
        BadAssessment::Percentage(m, v) => {
            let flag = match m {
                Measured::Structure => "--structure",
                Measured::Extraction => "--extraction",
            };
            voice.t("flag-must-percentage-not-v", &[("flag", &flag), ("v", &v)])
        }
        BadAssessment::ReasonWithoutOverride => {
            voice.t("assess-reason-without-override-flags", &[])
        }
        BadAssessment::OverrideWithoutReason => {
            voice.t("assess-override-without-reason-flags", &[])
        }
        BadAssessment::Score(v) => voice.t("score-must-not-v", &[("v", &v)]),
        BadAssessment::Severity(_) => voice.m(&e.message()),
    }
}
