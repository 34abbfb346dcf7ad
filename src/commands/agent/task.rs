//! `git orx agent task add|done|skip`

use orx::agent;

use super::{AgentArg, Ui};

/// The task queue: add tasks while planning (or modifying the plan before
/// it is confirmed), mark them done while executing — the last one fires
/// ALL_TASKS_DONE — or, when blocked, skip the failing one (跳过).
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Add a task at the end of the queue (PLANNING, CONFIRMING).
    Add {
        /// What the task is.
        title: String,
        #[command(flatten)]
        agent: AgentArg,
        #[command(flatten)]
        change: crate::commands::ChangeArgs,
    },
    /// Mark a task done (EXECUTING): the first open one, or number N.
    Done {
        /// The task's number (1 is the first).
        n: Option<usize>,
        #[command(flatten)]
        agent: AgentArg,
        #[command(flatten)]
        change: crate::commands::ChangeArgs,
    },
    /// Skip a task and resume (BLOCKED; the Human's HUMAN_INTERVENTION).
    Skip {
        /// The task's number (default: the first open one).
        n: Option<usize>,
        #[command(flatten)]
        agent: AgentArg,
        #[command(flatten)]
        change: crate::commands::ChangeArgs,
    },
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = crate::commands::open(ui)?;
    let (name, change) = match &args.action {
        Action::Add { agent, change, .. }
        | Action::Done { agent, change, .. }
        | Action::Skip { agent, change, .. } => (agent.name.as_str(), change),
    };
    let role = crate::commands::role(&ws, &change.role)?;
    let actor = change.actor(&role);
    let tasks = vec!["tasks".to_owned()];
    let ap = match &args.action {
        Action::Add { title, .. } => agent::plan_edit(
            &ws,
            name,
            &["plan", "modify"],
            |item| {
                Ok((
                    vec![(tasks, agent::add_task(&agent::tasks(item), title)?)],
                    None,
                ))
            },
            actor,
        )?,
        Action::Done { n, .. } => agent::plan_edit(
            &ws,
            name,
            &["work"],
            |item| {
                let (queue, _) = agent::mark_task(&agent::tasks(item), *n, "done")?;
                let last =
                    agent::open_tasks(queue.as_array().map_or(&[][..], |q| q.as_slice())) == 0;
                Ok((
                    vec![(tasks, queue)],
                    last.then(|| "ALL_TASKS_DONE".to_owned()),
                ))
            },
            actor,
        )?,
        Action::Skip { n, .. } => agent::plan_edit(
            &ws,
            name,
            &["skip"],
            |item| {
                let (queue, _) = agent::mark_task(&agent::tasks(item), *n, "skipped")?;
                Ok((vec![(tasks, queue)], Some("HUMAN_INTERVENTION".to_owned())))
            },
            actor,
        )?,
    };
    super::execute(ui, &ws, ap, !change.no_commit)?;
    Ok(0)
}
