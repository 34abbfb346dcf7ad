//! `git orx update`

use orx::change::state;

use super::{DIM, Ui, paint};

/// Update an item's fields, for any kind.
///
/// The change is judged by the item's workflow like any other (a new
/// state among the fields is a move), a backup of the item is kept first
/// (`git orx backups ID`), and it is written atomically and committed.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID (e.g. 1.2, or codereview:3).
    id: String,
    /// A field and its value: FIELD=VALUE, FIELD dotted (a.b), VALUE read
    /// as JSON (3, true, null, ["a"]) or else as text; repeatable.
    #[arg(
        long = "set",
        value_name = "FIELD=VALUE",
        required_unless_present = "from"
    )]
    set: Vec<String>,
    /// The fields as a JSON object (`{"a.b": 1}` or nested objects, or
    /// `{"stateUpdates": {...}}` as `git orx run`'s executors print it);
    /// `-` reads standard input.
    #[arg(long, value_name = "FILE.json", conflicts_with = "set")]
    from: Option<String>,
    #[command(flatten)]
    change: super::ChangeArgs,
    /// Override the rules (Human only); needs --reason, which is recorded.
    #[arg(long, requires = "reason")]
    force: bool,
    /// Why the rules are overridden (with --force).
    #[arg(long, value_name = "TEXT", requires = "force")]
    reason: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = super::open_as(ui, &args.change)?;
    let edits = match &args.from {
        Some(file) => {
            let text = if file == "-" {
                let mut s = String::new();
                std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| {
                    orx::Error::Usage(orx::msg!("cannot-read-stdin-why", why = e.to_string()))
                })?;
                s
            } else {
                std::fs::read_to_string(file).map_err(|e| {
                    orx::Error::Usage(orx::msg!(
                        "cannot-read-file-e",
                        file = orx::text::escape(file).to_string(),
                        e = e.to_string()
                    ))
                })?
            };
            let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
                orx::Error::Usage(orx::msg!(
                    "file-not-json",
                    file = orx::text::escape(file),
                    error = e.to_string()
                ))
            })?;
            let v = match v.get("stateUpdates") {
                Some(u) => u.clone(),
                None => v,
            };
            state::edits_of(&v).map_err(orx::Error::Usage)?
        }
        None => args
            .set
            .iter()
            .map(|s| state::parse_assignment(s))
            .collect::<Result<Vec<_>, _>>()
            .map_err(orx::Error::Usage)?,
    };
    let item = ws.find(&args.id)?;
    ui.acting_on(item.kind.name(), &item.id);
    if args.force && args.reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
        return Err(orx::Error::MissingInput {
            inputs: vec!["--reason".to_owned()],
            message: orx::msg!("force-needs-reason"),
        });
    }
    let actor = orx::change::plan::Actor {
        force: args.reason.as_deref().filter(|_| args.force),
        ..args.change.actor(&role)
    };
    let plan = state::plan_update(&ws, item, &edits, None, actor, Vec::new())?;
    if args.change.dry_run {
        super::report_change(ui, &plan, None, Default::default());
        return Ok(0);
    }
    let (done, backup) = state::execute_with_backup(&ws, &plan, !args.change.no_commit)?;
    let extra = super::output::ChangeExtra {
        backup: Some(backup.as_ref().map(|b| b.name.clone())),
        ..Default::default()
    };
    super::report_change(ui, &plan, Some(&done), extra);
    if let Some(b) = backup {
        ui.line(paint(
            DIM,
            ui.t(
                "backup-name-kept-git-orx",
                &[("name", &b.name), ("id", &plan.id())],
            ),
        ));
    }
    Ok(0)
}
