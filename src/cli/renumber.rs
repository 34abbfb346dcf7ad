//! `git orx renumber`

use super::{BOLD, Ui, paint};

/// Give an item a new ID when two items got one ID on two branches (two
/// agents each making story 1.2): the one added later (or the one at
/// --path) takes the next free ID (or --to). Its file is renamed, its ID
/// and its first heading's ID rewritten, in one commit by the Human.
#[derive(clap::Args)]
pub struct Args {
    /// The ID two items share (or KIND:ID).
    id: String,
    /// The new ID (default: the kind's next free one).
    #[arg(long, value_name = "ID")]
    to: Option<String>,
    /// The file of the item to renumber, when not the one added later.
    #[arg(long, value_name = "FILE")]
    path: Option<String>,
    /// Acting role: the Human (else ORX_ROLE, else `git config orx.role`).
    #[arg(long = "as", value_name = "ROLE")]
    role: Option<String>,
    /// Say what would change and write nothing.
    #[arg(long)]
    dry_run: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let plan =
        orx::change::renumber::plan(&ws, &args.id, args.to.as_deref(), args.path.as_deref())?;
    let what = format!(
        "{} {} -> {} ({} -> {})",
        plan.kind, plan.from, plan.to, plan.old_path, plan.new_path
    );
    let refs: Vec<&str> = plan.references.iter().map(|(p, _, _)| p.as_str()).collect();
    if args.dry_run {
        ui.dry_run();
        ui.line(ui.t("would-renumber-what", &[("what", &what)]));
        if !refs.is_empty() {
            ui.line(ui.t(
                "name-id-paths",
                &[("id", &plan.to), ("paths", &refs.join(", "))],
            ));
        }
        return Ok(0);
    }
    let role = super::role(ui, &ws, &args.role)?;
    if role != orx::workflow::role::HUMAN {
        return Err(orx::Error::Usage(orx::msg!("item-s-id-changes-only")));
    }
    let done = orx::change::renumber::execute(&ws, &plan)?;
    match &done {
        orx::change::renumber::Executed::Committed(commit) => ui.line(ui.t(
            "renumbered-what-commit",
            &[
                ("what", &paint(BOLD, &what)),
                ("commit", &ws.repo.short_id(commit)),
            ],
        )),
        orx::change::renumber::Executed::Staged(_) => ui.line(ui.t(
            "renumbered-what-merge-staged-merge",
            &[("what", &paint(BOLD, &what))],
        )),
    }
    if !refs.is_empty() {
        ui.line(ui.t(
            "named-id-paths",
            &[("id", &plan.to), ("paths", &refs.join(", "))],
        ));
    }
    if let orx::change::renumber::Executed::Staged(why) = &done {
        for l in why.lines() {
            ui.line(format!("  {l}"));
        }
        ui.line(ui.t("fix-what-names-next-renumber", &[]));
    }
    Ok(0)
}
