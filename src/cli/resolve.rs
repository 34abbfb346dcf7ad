//! `git orx resolve`

use orx::engine::merge::{Choice, Conflict, Labels};

use super::{BOLD, Ui, paint};

/// Resolve an item a merge left in conflict: choose its state (one of the
/// two sides'), and for every other value both sides changed, ours or
/// theirs. The merged file is written and staged; the merge commit is
/// judged like any change.
#[derive(clap::Args)]
pub struct Args {
    /// The item (ID or KIND:ID).
    id: String,
    /// The state the item takes: ours or theirs.
    #[arg(long, value_name = "STATE")]
    state: Option<String>,
    /// Keep our value of every other value both sides changed.
    #[arg(long, conflicts_with = "theirs")]
    ours: bool,
    /// Take their value of every other value both sides changed.
    #[arg(long)]
    theirs: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let unmerged = ws.repo.unmerged_paths()?;
    let u = orx::change::merge::unmerged(&ws.repo, &ws, &unmerged, &args.id)?;
    let choice = Choice {
        state: args.state.clone(),
        ours: (args.ours || args.theirs).then_some(args.ours),
        ..Choice::default()
    };
    let labels = Labels {
        ours: "ours".to_owned(),
        theirs: "theirs".to_owned(),
    };
    let out = orx::change::merge::merge_file(
        &ws.repo,
        &ws,
        &u.path,
        orx::change::merge::Sides {
            base: u.base.as_deref(),
            ours: &u.ours,
            theirs: &u.theirs,
        },
        &choice,
        &labels,
    )?;
    if !out.clean() {
        let mut left: Vec<String> = out
            .conflicts
            .iter()
            .map(|c| {
                let v = Conflict::shown;
                let (ours, theirs) = (v(&c.ours), v(&c.theirs));
                let args: &[(&str, &dyn std::fmt::Display)] =
                    &[("field", &c.field), ("ours", &ours), ("theirs", &theirs)];
                match c.state {
                    true => ui.t("resolve-state-conflicts", args),
                    false => ui.t("resolve-value-conflicts", args),
                }
            })
            .collect();
        if out.text_conflict {
            left.push(ui.t("text-conflicts-edit-add", &[("path", &u.path)]));
        }
        let head = ui.t(
            "item-still-conflicts-nothing-written",
            &[("item", &out.item.as_deref().unwrap_or(&u.path))],
        );
        return Err(orx::Error::Usage(orx::text::message::Message::text(
            format!("{head}\n  {}", left.join("\n  ")),
        )));
    }
    std::fs::write(ws.root().join(&u.path), &out.text)
        .map_err(|e| orx::Error::io(orx::msg!("cannot-write-path", path = u.path.clone()), e))?;
    ws.repo.stage(&u.path)?;
    // What goes on from here: git's own next step for what it is doing.
    let id = match ws.repo.operation_in_progress() {
        Some("a rebase") => "resolved-item-path-staged-git-2",
        Some("a cherry-pick") => "resolved-item-path-staged-git-3",
        Some("a revert") => "resolved-item-path-staged-git-4",
        _ => "resolved-item-path-staged-git",
    };
    ui.line(ui.t(
        id,
        &[
            ("item", &paint(BOLD, out.item.as_deref().unwrap_or(&u.path))),
            ("path", &u.path),
        ],
    ));
    Ok(0)
}
