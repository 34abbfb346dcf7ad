//! `git orx assess`

use orx::assess::{Assessment, Indicator};
use orx::plan::{self, Actor};

use super::{Ui, report_change};

/// Record the SM's quality check and move the story as the decision matrix
/// says (seed 000, 质量评估决策矩阵): Blocked, AwaitingArchReview or Approved.
#[derive(clap::Args)]
pub struct Args {
    /// The story's ID.
    id: String,
    /// Structure validation, percent of the required sections complete (阶段一).
    #[arg(long, value_name = "PERCENT")]
    structure: f64,
    /// Technical extraction, percent complete (阶段二).
    #[arg(long, value_name = "PERCENT")]
    extraction: f64,
    /// Technical quality score, 0-10.
    #[arg(long, value_name = "X")]
    score: f64,
    /// Complexity indicators present: api-contract, db-schema, new-pattern,
    /// cross-service, security, performance, core-docs.
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    complexity: Vec<Indicator>,
    /// After a revision: Critical issues from the Architect's review still open.
    #[arg(long, value_name = "N")]
    open_critical: Option<u32>,
    /// After a revision: the severities of the issues it changed
    /// (critical, high, medium, minor).
    #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
    revised: Option<Vec<String>>,
    #[command(flatten)]
    change: super::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let role = super::role(&ws, &args.change.role)?;
    let mut complexity = args.complexity;
    complexity.sort();
    complexity.dedup();
    let a = Assessment {
        structure: args.structure,
        extraction: args.extraction,
        score: args.score,
        complexity,
        open_critical: args.open_critical,
        revised: args.revised,
    };
    let actor = Actor {
        role: &role,
        note: args.change.note.as_deref(),
        force: None,
    };
    let plan = plan::assess(&ws, &args.id, &a, actor)?;
    let done = plan::execute(&ws, &plan, !args.change.no_commit)?;
    report_change(ui, &plan, &done);
    Ok(0)
}
