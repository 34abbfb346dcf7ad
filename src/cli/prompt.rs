//! `git orx prompt`

use super::Ui;

/// Print the prompt of an item's next action.
///
/// It is what `git orx run` gives its executor, from `templates/prompts/<kind>/<action>.md` or the
/// repository's own `.orx/prompts/<kind>/<action>.md`.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID (e.g. 3, or codereview:3).
    id: String,
    /// Act as this role (default: the role the item waits for).
    #[arg(long = "as", value_name = "ROLE")]
    role: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let item = ws.find(&args.id)?;
    // A goal's phases, and a task's where no executor acts (its review,
    // its merge, a failed check), have prompts of their own.
    if orx::kinds::goal::takes_phase_prompt(&item, true) {
        return super::goal::print_prompt(ui, &ws, &args.id, args.role.as_deref());
    }
    let role = super::run::acting_role(ui, &ws, &item, &args.role)?;
    let (selected, job) = orx::change::run::next_job(&ws, &item, &role)?;
    if orx::kinds::goal::takes_phase_prompt(&item, job.is_some()) {
        return super::goal::print_prompt(ui, &ws, &args.id, args.role.as_deref());
    }
    if ui.is_json() {
        use super::output::run::{ActionPrompt, Prompt};
        ui.json(&Prompt::Action(ActionPrompt {
            version: super::output::Version,
            item: item.id.clone(),
            kind: item.kind.to_string(),
            status: item.status.clone(),
            action: selected.action.clone(),
            argument: selected.argument.clone(),
            role: role.clone(),
            prompt: job.as_ref().map(|j| j.prompt.clone()),
        }));
        return Ok(0);
    }
    match job {
        Some(job) => ui.verbatim(job.prompt.trim_end()),
        None => ui.line(ui.t(
            "next-action-no-executor",
            &[
                ("item", &format!("{} {}", item.kind, item.id)),
                ("state", &item.status),
                ("action", &selected.action),
                ("id", &item.id),
            ],
        )),
    }
    Ok(0)
}
