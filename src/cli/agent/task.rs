//! `git orx agent task add|done|skip`

use orx::kinds::agent;

use super::{AgentChange, Ui};

/// The task queue: add tasks while planning (or modifying the plan before
/// it is confirmed), mark them done while executing — the last one fires
/// ALL_TASKS_DONE — or, when blocked, skip the failing one: the
/// agent goes on executing, and skipping the last open task fires
/// ALL_TASKS_DONE too.
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
        on: AgentChange,
    },
    /// Mark a task done (EXECUTING): the first open one, or number N.
    Done {
        /// The task's number (1 is the first).
        n: Option<usize>,
        #[command(flatten)]
        on: AgentChange,
    },
    /// Skip a task and resume (BLOCKED; the Human's HUMAN_INTERVENTION);
    /// skipping the last open task then fires ALL_TASKS_DONE.
    Skip {
        /// The task's number (default: the first open one).
        n: Option<usize>,
        #[command(flatten)]
        on: AgentChange,
    },
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (Action::Add { on, .. } | Action::Done { on, .. } | Action::Skip { on, .. }) = &args.action;
    let (name, change) = (on.agent.name.as_str(), &on.change);
    let (ws, role) = crate::cli::open_as(ui, change)?;
    let actor = change.actor(&role);
    let tasks = |queue| vec![orx::change::plan::set(&["tasks"], queue)];
    let ap = match &args.action {
        Action::Add { title, .. } => agent::plan_edit(
            &ws,
            name,
            &["plan", "modify"],
            |item| Ok((tasks(agent::add_task(&agent::tasks(item), title)?), None)),
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
                Ok((tasks(queue), last.then(|| agent::TASKS_FINISHED.to_owned())))
            },
            actor,
        )?,
        Action::Skip { n, .. } => agent::plan_edit(
            &ws,
            name,
            &["skip"],
            |item| {
                let (queue, _) = agent::mark_task(&agent::tasks(item), *n, "skipped")?;
                Ok((tasks(queue), Some("HUMAN_INTERVENTION".to_owned())))
            },
            actor,
        )?,
    };
    // Under --json, a skip that ends the work prints one result: the last.
    if matches!(args.action, Action::Skip { .. })
        && ui.is_json()
        && !change.dry_run
        && !change.no_commit
    {
        let done = orx::change::plan::execute(&ws, &ap, true)?;
        match agent::plan_finished(&ws, name, actor)? {
            Some(next) => super::execute(ui, &ws, next, change)?,
            None => crate::cli::report_change(ui, &ap, Some(&done), Default::default()),
        }
        return Ok(0);
    }
    super::execute(ui, &ws, ap, change)?;
    if change.dry_run {
        return Ok(0);
    }
    // A skip resumes the work; if it skipped the last open task, the work
    // is over (ALL_TASKS_DONE), as when the last one is done.
    if matches!(args.action, Action::Skip { .. }) {
        if change.no_commit {
            ui.line(super::paint(
                super::DIM,
                ui.t("once-committed-all-tasks-done", &[]),
            ));
        } else if let Some(next) = agent::plan_finished(&ws, name, actor)? {
            super::execute(ui, &ws, next, change)?;
        }
    }
    Ok(0)
}
