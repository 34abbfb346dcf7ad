//! `git orx error`

use orx::change::state;

use super::Ui;

/// Record an error of an item's action, as its workflow counts them.
///
/// The workflow's error counter (`run.errors`) counts it and keeps the
/// message; the error that reaches its limit moves the item on (a code
/// review fails at the third). `git orx run` records its executor's
/// failures this way.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID (e.g. codereview:3).
    id: String,
    /// The action that failed.
    #[arg(long, value_name = "ACTION")]
    action: Option<String>,
    #[command(flatten)]
    change: super::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = super::open_as(ui, &args.change)?;
    let Some(message) = args
        .change
        .note
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
    else {
        return Err(orx::Error::MissingInput {
            inputs: vec!["-m".to_owned()],
            message: orx::msg!("say-what-went-wrong"),
        });
    };
    let item = ws.find(&args.id)?;
    ui.acting_on(item.kind.name(), &item.id);
    let actor = orx::change::plan::Actor {
        note: None,
        ..args.change.actor(&role)
    };
    let rec = state::plan_error(&ws, item, args.action.as_deref(), message, actor)?;
    let extra = super::output::ChangeExtra {
        errors: Some(rec.count),
        limit: Some(rec.limit),
        at_limit: Some(rec.at_limit),
        ..Default::default()
    };
    if args.change.dry_run {
        super::report_change(ui, &rec.plan, None, extra);
        return Ok(0);
    }
    let (done, _) = state::execute_with_backup(&ws, &rec.plan, !args.change.no_commit)?;
    super::report_change(ui, &rec.plan, Some(&done), extra);
    if !ui.is_json() {
        let id = match (rec.limit, rec.at_limit) {
            (Some(_), true) => "error-n-limit-recorded-limit",
            (Some(_), false) => "error-n-limit-recorded",
            (None, _) => "error-n-recorded",
        };
        let limit = rec.limit.unwrap_or_default();
        ui.line(ui.t(id, &[("n", &rec.count), ("limit", &limit)]));
    }
    Ok(0)
}
