//! `git orx loop new`

use super::Ui;

/// Create a loop, as the dashboard does: `.loop/{id}.json` in state
/// created (its ID `loop-v2-YYYYMMDD-xxxxxx`), and its task list
/// `.loop/{id}.tasks.jsonl`.
#[derive(clap::Args)]
pub struct Args {
    /// The loop's title.
    #[arg(value_name = "TITLE")]
    title: String,
    /// What the loop is for.
    #[arg(long, value_name = "TEXT", default_value = "")]
    description: String,
    /// Actions the skill may take before the loop fails (default 10).
    #[arg(long, value_name = "N")]
    max_iterations: Option<u64>,
    /// The task list: one JSON object a line, each with a `description`
    /// (and optionally `id`, `tool`, `mode`).
    #[arg(long, value_name = "FILE")]
    tasks: Option<std::path::PathBuf>,
    #[command(flatten)]
    change: crate::cli::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = crate::cli::open_as(ui, &args.change)?;
    let tasks = match &args.tasks {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                orx::Error::Usage(orx::msg!(
                    "flag-value-error",
                    flag = "--tasks",
                    value = path.display().to_string(),
                    error = e.to_string()
                ))
            })?;
            orx::kinds::loops::parse_tasks(&text, &orx::repo::workspace::now()).map_err(|m| {
                orx::Error::Usage(orx::msg!(
                    "flag-value-error",
                    flag = "--tasks",
                    value = path.display().to_string(),
                    error = m
                ))
            })?
        }
        None => Vec::new(),
    };
    let plan = orx::kinds::loops::plan_new(
        &ws,
        &args.title,
        &args.description,
        args.max_iterations,
        &tasks,
        args.change.actor(&role),
    )?;
    super::execute(
        ui,
        &ws,
        &plan,
        &args.change,
        crate::cli::output::ChangeExtra {
            tasks: Some(tasks.len() as u64),
            ..Default::default()
        },
    )?;
    Ok(0)
}
