//! `git orx new`

use orx::change::plan;

use super::Ui;

/// Create an item from its kind's template, in its workflow's initial
/// state, and commit it. Prints the new file's path.
#[derive(clap::Args)]
#[command(override_usage = "git orx new [OPTIONS] [KIND] <TITLE>")]
pub struct Args {
    /// The title, after the kind if it is given (`new ticket "User login"`;
    /// a story when no kind is given). The kinds are the built-in
    /// workflows and the repository's `.orx/workflows/*.yaml`.
    #[arg(required = true, num_args = 1..=2, value_name = "TITLE")]
    words: Vec<String>,
    /// The ID (e.g. 1.2); by default the next one after the highest.
    #[arg(long, conflicts_with = "epic")]
    id: Option<String>,
    /// The epic the story belongs to: its ID is the next in that epic
    /// (`--epic 2` gives 2.1, then 2.2, ...).
    #[arg(long, value_name = "N")]
    epic: Option<u64>,
    /// Write an example story with every section `assess` measures filled
    /// in (a Dev Notes item cites its source as `[Source: ...]`), to
    /// replace with your own.
    #[arg(long)]
    example: bool,
    #[command(flatten)]
    change: super::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = super::open_as(ui, &args.change)?;
    let (kind, title) = match args.words.as_slice() {
        [title] => (ws.default_kind(), title.as_str()),
        [kind, title] => (kind.as_str(), title.as_str()),
        _ => unreachable!("clap allows 1 or 2"),
    };
    if ws.repo.head_file(orx::repo::config::CONFIG_PATH)?.is_none() {
        ui.eline(format!(
            "{} {}",
            super::epaint(super::YELLOW, ui.t("warning", &[])),
            ui.t(
                "config-not-committed-until-rules",
                &[("config", &orx::repo::config::CONFIG_PATH)]
            )
        ));
    }
    let kind = plan::kind_to_make(&ws, kind)?;
    plan::made_by_new(kind)?;
    let actor = args.change.actor(&role);
    let epic_id = match args.epic {
        Some(epic) => {
            let ids = ws.scan_kind(kind, |r| match r {
                Ok(i) => i.id,
                Err(e) => e.path,
            })?;
            Some(orx::workflow::items::next_in_epic(
                ids.iter().map(String::as_str),
                epic,
            ))
        }
        None => None,
    };
    let id = args.id.as_deref().or(epic_id.as_deref());
    let mut plan = plan::new_item(&ws, kind, title, id, args.example, actor)?;
    if args.change.dry_run {
        super::report_change(ui, &plan, None, Default::default());
        return Ok(0);
    }
    // The path is told once the item is committed. An ID another process
    // took meanwhile is picked again, once, when none was asked for.
    let done = match plan::execute(&ws, &plan, !args.change.no_commit) {
        Err(orx::Error::Conflict(_)) if id.is_none() => {
            plan = plan::new_item(&ws, kind, title, None, args.example, actor)?;
            plan::execute(&ws, &plan, !args.change.no_commit)?
        }
        other => other?,
    };
    ui.line(plan.path());
    super::report_change(ui, &plan, Some(&done), Default::default());
    Ok(0)
}
