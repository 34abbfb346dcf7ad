//! `git orx move`

use orx::change::plan::{self, Actor};
use orx::engine::validate::Refusal;

use super::Ui;

/// Move an item to another state: validated against its workflow, written
/// atomically, committed with `Orx-*` trailers; prints the handoff message.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID (e.g. 1.2).
    id: String,
    /// The target state (e.g. InProgress).
    state: String,
    #[command(flatten)]
    change: super::ChangeArgs,
    /// Override the rules (Human only); needs --reason, which is recorded.
    #[arg(long, requires = "reason")]
    force: bool,
    /// Why the rules are overridden (with --force); without it, moving to
    /// Review, why tasks of the story are left open (recorded).
    #[arg(long, value_name = "TEXT")]
    reason: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    // The kind `KIND:ID` names, until the item is found (for a refusal
    // before: a bad `--reason`, no role).
    ui.acting_on(args.id.split_once(':').map_or("", |(k, _)| k), &args.id);
    let (ws, role) = super::open_as(ui, &args.change)?;
    if args.force && args.reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
        return Err(orx::Error::MissingInput {
            inputs: vec!["--reason".to_owned()],
            message: orx::msg!("force-needs-reason"),
        });
    }
    let item = ws.find(&args.id)?;
    ui.acting_on(item.kind.name(), &args.id);
    let wf = plan::workflow_of(&ws, &item)?;
    let state = resolve_state(&wf, &args.state);
    if wf.state(&state).is_none() {
        return Err(unknown_state(&wf, &item, &state));
    }
    let actor = Actor {
        role: &role,
        note: args.change.note.as_deref(),
        force: args.reason.as_deref().filter(|_| args.force),
        tasks_reason: args.reason.as_deref().filter(|_| !args.force),
    };
    let (kind, id, path) = (item.kind.clone(), item.id.clone(), item.path.clone());
    let plan = match plan::transition(&ws, item, &state, &[], actor) {
        Ok(plan) => plan,
        // A move to the state the item is in (as committed), where the
        // workflow has no such transition, changes nothing: said as such
        // (`changed: false`), not refused.
        Err(orx::Error::Refused(
            Refusal::InvalidTransition { from, to, .. }
            | Refusal::Terminal {
                state: from, to, ..
            },
        )) if from == to && !args.force => {
            same_state(ui, &kind, &id, &path, &to, &role, args.change.dry_run);
            return Ok(0);
        }
        Err(e) => return Err(e),
    };
    if args.force && plan.forced_reason().is_none() {
        ui.eline(ui.t(
            "note-force-not-needed",
            &[("note", &super::epaint(super::YELLOW, ui.t("note", &[])))],
        ));
    }
    super::run_plan(ui, &ws, &plan, &args.change, Default::default())?;
    Ok(0)
}

/// Reports a move to the state the item is already in: nothing changes.
#[allow(clippy::too_many_arguments)]
fn same_state(
    ui: &mut Ui,
    kind: &orx::workflow::kind::Kind,
    id: &str,
    path: &str,
    state: &str,
    role: &str,
    dry_run: bool,
) {
    if ui.is_json() {
        ui.json(&super::output::Change::unchanged(
            id,
            kind.name(),
            path,
            state,
            role,
            dry_run,
            super::next_moves(kind, state),
        ));
    } else {
        ui.line(ui.t(
            "item-already-state-nothing-do",
            &[("item", &format!("{kind} {id}")), ("state", &state)],
        ));
    }
}

/// A state name the item's workflow does not have: a usage error, with the
/// closest state and the list.
pub fn unknown_state(
    wf: &orx::workflow::Workflow,
    item: &orx::engine::item::Item,
    typed: &str,
) -> orx::Error {
    let names = wf.state_names();
    let (state, kind, id) = (
        orx::text::escape(typed),
        item.kind.name(),
        orx::text::escape(&item.id),
    );
    let first = match orx::text::closest(typed, &names) {
        Some(guess) => orx::msg!("state-not-state-kind-id", state, kind, id, guess),
        None => orx::msg!("state-not-state-kind-id-2", state, kind, id),
    };
    orx::Error::BadValue {
        input: "STATE".to_owned(),
        message: orx::msg!(
            "two-lines",
            first = first,
            second = orx::msg!("states-list", list = names.join(", "))
        ),
    }
}

/// The workflow's spelling of a state typed in another case (`approved`).
pub fn resolve_state(wf: &orx::workflow::Workflow, typed: &str) -> String {
    if wf.state(typed).is_some() {
        return typed.to_owned();
    }
    let folded: Vec<&str> = wf
        .state_names()
        .into_iter()
        .filter(|s| s.eq_ignore_ascii_case(typed))
        .collect();
    match folded.as_slice() {
        [one] => (*one).to_owned(),
        _ => typed.to_owned(),
    }
}
