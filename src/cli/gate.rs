//! `git orx story gate` (also spelled `git orx gate`)

use orx::change::plan;
use orx::kinds::story::gate;
use serde_json::{Value, json};

use super::{GREEN, RED, Ui, paint, report_change};

/// Record the Architect's review (--as architect) or QA's gate (--as qa) for
/// the story's current round and move it as the round rules say (review
/// rounds): a pass goes on (Approved, Done); a failing Architect round
/// goes back to the SM, the last one to the Human (Escalated); a failing QA
/// round goes back to Dev, and after the last one the Human decides.
#[derive(clap::Args)]
pub struct Args {
    /// The story's ID.
    id: String,
    /// Architect (required): the review score, 0-10 (a pass needs at
    /// least 7).
    #[arg(long, value_name = "X")]
    score: Option<f64>,
    /// Critical issues found.
    #[arg(long, value_name = "N")]
    critical: u32,
    /// High issues found.
    #[arg(long, value_name = "N", default_value_t = 0)]
    high: u32,
    /// Medium issues found.
    #[arg(long, value_name = "N", default_value_t = 0)]
    medium: u32,
    /// Architect: Minor issues found.
    #[arg(long, value_name = "N")]
    minor: Option<u32>,
    /// QA: Low issues found.
    #[arg(long, value_name = "N")]
    low: Option<u32>,
    /// QA (this or --criteria-failed required): every acceptance
    /// criterion is met.
    #[arg(long, conflicts_with = "criteria_failed")]
    criteria_met: bool,
    /// QA (this or --criteria-met required): some acceptance criterion
    /// is not met.
    #[arg(long)]
    criteria_failed: bool,
    /// Architect: the story needs a human decision; the review
    /// is recorded and the story goes to Escalated whatever its verdict.
    #[arg(long)]
    escalate: bool,
    #[command(flatten)]
    change: super::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    ui.acting_on("story", &args.id);
    let (ws, role) = super::open_as(ui, &args.change)?;
    let usage = |m: orx::text::message::Message| Err(orx::Error::Usage(m));
    // The flags name the fields of the record the role writes.
    let findings: Vec<(&str, Value)> = match role.as_str() {
        "architect" => {
            if args.low.is_some() || args.criteria_met || args.criteria_failed {
                return usage(orx::msg!("low-criteria-qa-s-gate"));
            }
            let Some(score) = args.score else {
                return Err(orx::Error::MissingInput {
                    inputs: vec!["--score".to_owned()],
                    message: orx::msg!("architect-s-gate-needs-score"),
                });
            };
            if !(0.0..=10.0).contains(&score) {
                return Err(orx::Error::BadValue {
                    input: "--score".to_owned(),
                    message: orx::msg!("score-must-not-v", v = score.to_string()),
                });
            }
            vec![
                (
                    "score",
                    serde_json::Number::from_f64(score).map_or(Value::Null, Value::Number),
                ),
                ("critical", json!(args.critical)),
                ("high", json!(args.high)),
                ("medium", json!(args.medium)),
                ("minor", json!(args.minor.unwrap_or(0))),
            ]
        }
        "qa" => {
            if args.score.is_some() || args.minor.is_some() {
                return usage(orx::msg!("score-minor-architect-s-gate"));
            }
            if args.escalate {
                return usage(orx::msg!("only-architect-escalates-escalate-after"));
            }
            // Whether the acceptance criteria are met is QA's to say: a
            // gate without it would record a failed round.
            let criteria = match (args.criteria_met, args.criteria_failed) {
                (true, _) => json!("met"),
                (_, true) => json!("failed"),
                _ => {
                    return Err(orx::Error::MissingInput {
                        inputs: vec!["--criteria-met".to_owned(), "--criteria-failed".to_owned()],
                        message: orx::msg!("qa-s-gate-needs-criteria"),
                    });
                }
            };
            vec![
                ("critical", json!(args.critical)),
                ("high", json!(args.high)),
                ("medium", json!(args.medium)),
                ("low", json!(args.low.unwrap_or(0))),
                ("criteria", criteria),
            ]
        }
        other => {
            return Err(orx::Error::Usage(orx::text::message::Message::text(ui.t(
                "git-orx-gate-architect-architect",
                &[("role", &ui.role(other))],
            ))));
        }
    };
    let findings: Vec<(String, Value)> = findings
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
    let actor = args.change.actor(&role);
    let outcome = gate::gate(&ws, &args.id, &findings, args.escalate, actor)?;
    let head = match (role == "qa", outcome.passed) {
        (true, true) => "qa-gate-round-n-passed",
        (true, false) => "qa-gate-round-n-failed",
        (false, true) => "architect-review-round-n-passed",
        (false, false) => "architect-review-round-n-failed",
    };
    // The verdict, coloured.
    let head = ui.t(head, &[("n", &outcome.round)]);
    let verdict_at = head.rfind(' ').map_or(0, |i| i + 1);
    let (head, verdict) = head.split_at(verdict_at);
    let verdict = if outcome.passed {
        paint(GREEN, verdict)
    } else {
        paint(RED, verdict)
    };
    // The verdict is told once it is recorded (or, with --dry-run, with
    // nothing written).
    let done = match args.change.dry_run {
        true => None,
        false => Some(plan::execute(&ws, &outcome.plan, !args.change.no_commit)?),
    };
    // A workflow that keeps QA gate files (BMAD's) gets one per QA round.
    let gate_dir = outcome
        .plan
        .kind()
        .workflow()?
        .body
        .as_ref()
        .and_then(|b| b.gates.clone());
    let gate_file = match (&gate_dir, role.as_str(), args.change.dry_run) {
        (Some(dir), "qa", false) => {
            let item = ws.find(&format!("{}:{}", outcome.plan.kind(), outcome.plan.id()))?;
            Some(orx::kinds::story::gate_file::write(
                &ws,
                dir,
                &item.id,
                &item.title,
                outcome.round,
                &findings,
                args.change.note.as_deref(),
                !args.change.no_commit,
            )?)
        }
        _ => None,
    };
    ui.line(format!("{head}{verdict}"));
    if let Some((path, _)) = &gate_file {
        ui.line(ui.t(
            "gate-file-path-verdict",
            &[
                ("path", &path),
                ("verdict", &orx::kinds::story::gate_file::verdict(&findings)),
            ],
        ));
    }
    for u in &outcome.unmet {
        ui.line(format!("  - {}", ui.condition(u)));
    }
    if outcome.plan.from() == Some(outcome.plan.to()) {
        let verdict = ui.t(if outcome.passed { "passed" } else { "failed" }, &[]);
        ui.line(ui.t(
            "no-move-fits-role-s",
            &[
                ("role", &ui.role(&role)),
                ("n", &outcome.round),
                ("text", &verdict),
                ("state", &outcome.plan.to()),
            ],
        ));
    }
    let round = super::output::ChangeExtra {
        round: Some(super::output::change::Round {
            role: role.clone(),
            number: outcome.round,
            passed: outcome.passed,
            findings: findings.iter().cloned().collect(),
            unmet: outcome.unmet.clone(),
        }),
        ..Default::default()
    };
    report_change(ui, &outcome.plan, done.as_ref(), round);
    Ok(0)
}
