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
                if c.state {
                    format!(
                        "the state: {} (ours) or {} (theirs): give --state",
                        v(&c.ours),
                        v(&c.theirs)
                    )
                } else {
                    format!(
                        "`{}`: {} (ours) or {} (theirs): give --ours or --theirs",
                        c.field,
                        v(&c.ours),
                        v(&c.theirs)
                    )
                }
            })
            .collect();
        if out.text_conflict {
            left.push(format!(
                "its text conflicts: edit {} and `git add` it",
                u.path
            ));
        }
        return Err(orx::Error::Usage(
            format!(
                "{} still conflicts; nothing was written:\n  {}",
                out.item.as_deref().unwrap_or(&u.path),
                left.join("\n  ")
            )
            .into(),
        ));
    }
    std::fs::write(ws.root().join(&u.path), &out.text)
        .map_err(|e| orx::Error::Failed(format!("{}: {e}", u.path).into()))?;
    ws.repo.stage(&u.path)?;
    // What goes on from here: git's own next step for what it is doing.
    let next = match ws.repo.operation_in_progress() {
        Some("a rebase") => "`git rebase --continue` goes on with the rebase",
        Some("a cherry-pick") => "`git cherry-pick --continue` goes on with the cherry-pick",
        Some("a revert") => "`git revert --continue` goes on with the revert",
        _ => "`git commit` ends the merge",
    };
    ui.line(format!(
        "resolved {}: {} (staged); {next}",
        paint(BOLD, out.item.as_deref().unwrap_or(&u.path)),
        u.path
    ));
    Ok(0)
}
