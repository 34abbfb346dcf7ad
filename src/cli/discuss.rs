//! `git orx goal discuss` (also spelled `git orx discuss`)

use super::{ChangeArgs, Ui};

/// Answer a goal's discussion as the acting role: the four dimensions
/// (position, proposal, claim, risk), or NO_REPLY. Each
/// answer is a comment file of its own (docs/comments/), so that answers
/// committed on separate branches merge without conflict. The discussion
/// ends (`git orx goal tick`) once every addressed role answered and a task is
/// claimed.
#[derive(clap::Args)]
pub struct Args {
    /// The goal.
    goal: String,
    /// Position: how the goal concerns this role.
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
    /// Proposal: what this role proposes for it.
    #[arg(long, value_name = "TEXT")]
    proposal: Option<String>,
    /// Claim: what this role takes on (then `git orx goal claim`).
    #[arg(long, value_name = "TEXT")]
    claim: Option<String>,
    /// Risk: risks, or assumptions that do not hold.
    #[arg(long, value_name = "TEXT")]
    risk: Option<String>,
    /// Nothing to add (NO_REPLY): the role has answered.
    #[arg(long, conflicts_with_all = ["position", "proposal", "claim", "risk"])]
    no_reply: bool,
    /// Suggest to the lead that the goal go straight to this role.
    #[arg(long, value_name = "ROLE")]
    suggest: Option<String>,
    #[command(flatten)]
    change: ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = super::open_as(ui, &args.change)?;
    // The step's `at_least_one` group, named as data: nothing is given.
    let given = [&args.position, &args.proposal, &args.claim, &args.risk]
        .iter()
        .any(|d| d.as_deref().is_some_and(|t| !t.trim().is_empty()));
    if !given && !args.no_reply {
        return Err(orx::Error::MissingInput {
            inputs: [
                "--position",
                "--proposal",
                "--claim",
                "--risk",
                "--no-reply",
            ]
            .iter()
            .map(|f| (*f).to_owned())
            .collect(),
            message: orx::msg!("answer-gives-least-one-four-2"),
        });
    }
    let answer = orx::kinds::goal::Answer {
        position: args.position,
        proposal: args.proposal,
        claim: args.claim,
        risk: args.risk,
        no_reply: args.no_reply,
        suggest: args.suggest,
        rejected: None,
    };
    let plan = orx::kinds::goal::plan_discuss(&ws, &args.goal, &answer, args.change.actor(&role))?;
    super::run_plan(ui, &ws, &plan, &args.change, Default::default()).map(|_| 0)
}
