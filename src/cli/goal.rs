//! `git orx goal new`, `git orx goal decide`, `git orx goal plan`, and
//! the goal's verbs of their own files: `goal discuss`, `goal claim`,
//! `goal tick`.

use orx::kinds::goal;

use super::{ChangeArgs, Ui};

/// Goals: a parent the team discusses, splits into tasks (`git orx goal
/// claim`) and reviews round by round. Routing, states and who acts are
/// the `goal` workflow's.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Open a goal and route it: `--direct` or `--type infrastructure`
    /// straight to execution; an assignee to a directed discussion (the
    /// assignee plans, asks the reviewer, then claims); none to a
    /// discussion every executor role answers.
    New(NewArgs),
    /// Record the lead's decision: at a round review `achieved` (close
    /// the goal), `new-round` (round + 1; tasks are claimed again) or
    /// `adjust` (the body is edited, discussed again in a new round); on
    /// an escalated goal `assign --assignee ROLE`, `broadcast` or `close`.
    Decide(DecideArgs),
    /// Record the reviewer's check of the assignee's plan in a directed
    /// discussion: --approve (the goal moves on; its tasks may be claimed
    /// and started) or --reject -m TEXT (the assignee revises the plan).
    /// Until it is approved, no task of the goal starts, by any path.
    Plan(PlanArgs),
    /// Print what an agent is handed for a goal's or task's current phase
    /// (discussion, directed discussion, round review; executor, CI
    /// failure, review request, changes requested, approved), filled in
    /// with its data: templates/prompts/, or .orx/prompts/KIND/NAME.md.
    Prompt(PromptArgs),
    /// What the current round of a goal delivered: each task's state,
    /// commits and files (with --json, as data).
    Review(ReviewArgs),
    Discuss(super::discuss::Args),
    Claim(super::claim::Args),
    Tick(super::tick::Args),
}

#[derive(clap::Args)]
struct PromptArgs {
    /// The goal or task.
    id: String,
    /// The role it is for (default: the first addressed, else who acts next).
    #[arg(long, value_name = "ROLE")]
    role: Option<String>,
}

#[derive(clap::Args)]
struct ReviewArgs {
    /// The goal.
    id: String,
}

#[derive(clap::Args)]
struct NewArgs {
    /// The goal's title.
    title: String,
    /// The type label (feat, fix, refactor, docs, infrastructure, ...).
    #[arg(long = "type", value_name = "TYPE", default_value = "feat")]
    kind: String,
    /// The role it is assigned to (a directed discussion).
    #[arg(long, value_name = "ROLE")]
    assignee: Option<String>,
    /// Skip the discussion (`flow: direct`, for a tiny change).
    #[arg(long)]
    direct: bool,
    /// The goal and its acceptance criteria (Markdown).
    #[arg(long, value_name = "TEXT")]
    body: Option<String>,
    #[command(flatten)]
    change: ChangeArgs,
}

#[derive(clap::Args)]
struct PlanArgs {
    /// The goal.
    id: String,
    /// Approve the plan.
    #[arg(long, conflicts_with = "reject", required_unless_present = "reject")]
    approve: bool,
    /// Reject it (say what to change with -m).
    #[arg(long)]
    reject: bool,
    #[command(flatten)]
    change: ChangeArgs,
}

#[derive(clap::Args)]
struct DecideArgs {
    /// The goal.
    id: String,
    /// achieved, new-round, adjust, assign, broadcast or close.
    decision: String,
    /// With `assign`: the role the goal goes to.
    #[arg(long, value_name = "ROLE")]
    assignee: Option<String>,
    #[command(flatten)]
    change: ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    match args.action {
        Action::New(a) => new(ui, a),
        Action::Discuss(a) => super::discuss::run(ui, a),
        Action::Claim(a) => super::claim::run(ui, a),
        Action::Tick(a) => super::tick::run(ui, a),
        Action::Decide(a) => {
            ui.acting_on(goal::GOAL, &a.id);
            let (ws, role) = super::open_as(ui, &a.change)?;
            let plan = goal::plan_decide(
                &ws,
                &a.id,
                &a.decision,
                a.assignee.as_deref(),
                a.change.actor(&role),
            )
            .map_err(with_flags)?;
            super::run_plan(ui, &ws, &plan, &a.change, Default::default()).map(|_| 0)
        }
        Action::Plan(a) => {
            ui.acting_on(goal::GOAL, &a.id);
            let (ws, role) = super::open_as(ui, &a.change)?;
            let plan = goal::plan_plan_check(&ws, &a.id, a.approve, a.change.actor(&role))
                .map_err(with_flags)?;
            super::run_plan(ui, &ws, &plan, &a.change, Default::default()).map(|_| 0)
        }
        Action::Prompt(a) => {
            let ws = super::open(ui)?;
            print_prompt(ui, &ws, &a.id, a.role.as_deref())
        }
        Action::Review(a) => {
            let ws = super::open(ui)?;
            let review = goal::round_review(&ws, &a.id)?;
            if ui.is_json() {
                ui.json(&super::output::goal::GoalReview {
                    version: super::output::Version,
                    review: &review,
                });
                return Ok(0);
            }
            let s = &review.summary;
            ui.line(ui.t(
                "goal-id-round-round-done",
                &[
                    ("id", &review.goal),
                    ("round", &review.round),
                    ("done", &s.done),
                    ("failed", &s.failed),
                    ("other", &s.other),
                    ("total", &s.total),
                ],
            ));
            for t in &review.tasks {
                ui.line(format!(
                    "  {} {} ({})",
                    t.id,
                    orx::text::escape(&t.title),
                    t.status
                ));
                for c in &t.commits {
                    ui.line(format!("    {}", orx::text::escape(c)));
                }
                if !t.files.is_empty() {
                    ui.line(ui.t(
                        "files-files",
                        &[("files", &orx::text::escape(&t.files.join(", ")))],
                    ));
                }
            }
            Ok(0)
        }
    }
}

fn new(ui: &mut Ui, a: NewArgs) -> orx::Result<u8> {
    let (ws, role) = super::open_as(ui, &a.change)?;
    let actor = a.change.actor(&role);
    let spec = goal::NewGoal {
        title: a.title.clone(),
        kind: a.kind.clone(),
        assignee: a.assignee.clone(),
        direct: a.direct,
        body: a.body.clone(),
        issue: None,
    };
    let plan = goal::plan_new_goal(&ws, &spec, actor)?;
    if a.change.dry_run || a.change.no_commit {
        return super::run_plan(ui, &ws, &plan, &a.change, Default::default()).map(|_| 0);
    }
    let done = orx::change::plan::execute(&ws, &plan, true)?;
    let route = goal::plan_route(&ws, plan.id(), actor)?;
    let routed = match &route {
        Some(r) => Some((r, orx::change::plan::execute(&ws, r, true)?)),
        None => None,
    };
    // Under --json, one result: the goal made, and where it was routed.
    let extra = super::output::ChangeExtra {
        routed: routed.as_ref().map(|(r, d)| super::output::change::Routed {
            to: r.to().to_owned(),
            commit: d.commit.clone(),
            handoff: r.handoff().map(str::to_owned),
        }),
        ..Default::default()
    };
    ui.line(plan.path());
    super::report_change(ui, &plan, Some(&done), extra);
    if let Some((r, d)) = &routed
        && !ui.is_json()
    {
        super::report_change(ui, r, Some(d), Default::default());
    }
    Ok(0)
}

/// Prints the prompt of a goal's or task's phase, for `role`.
pub fn print_prompt(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    id: &str,
    role: Option<&str>,
) -> orx::Result<u8> {
    let role = role
        .map(|r| ws.check_role(r, orx::workflow::role::RoleSource::Filter))
        .transpose()?;
    match goal::prompt(ws, id, role.as_deref())? {
        Some((name, text)) => {
            if ui.is_json() {
                use super::output::run::{Named, Prompt};
                ui.json(&Prompt::Named(Named {
                    version: super::output::Version,
                    item: id.to_owned(),
                    prompt: name.to_string(),
                    text: text.clone(),
                }));
            } else {
                ui.verbatim(text.trim_end());
            }
            Ok(0)
        }
        None => Err(orx::Error::Failed(orx::text::message::Message::text(ui.t(
            "id-phase-takes-no-prompt",
            &[("id", &orx::text::escape(id))],
        )))),
    }
}

/// The library's request for an input, worded with the flag that gives
/// it (the library names no flag).
pub(super) fn with_flags(e: orx::Error) -> orx::Error {
    // (the library's message, the flag, the message naming the flag).
    const WORDED: &[(&str, &str, &str)] = &[
        (
            "goal-review-needs-note",
            "-m",
            "say-which-changes-requested-m",
        ),
        (
            "goal-plan-rejection-needs-note",
            "-m",
            "say-what-plan-must-change",
        ),
        (
            "goal-decision-needs-assignee",
            "--assignee",
            "say-whom-goal-assigned-assignee",
        ),
    ];
    match e {
        orx::Error::MissingInput { inputs, message } => {
            match WORDED.iter().find(|(lib, _, _)| *lib == message.id()) {
                Some((_, flag, worded)) => orx::Error::MissingInput {
                    inputs: vec![(*flag).to_owned()],
                    message: orx::text::message::Message::new(worded),
                },
                None => orx::Error::MissingInput { inputs, message },
            }
        }
        other => other,
    }
}
