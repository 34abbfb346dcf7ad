//! `git orx merge-file`: the merge driver git runs for item files.

use std::path::PathBuf;

use orx::engine::merge::{Choice, Conflict, Labels};

use super::{Ui, YELLOW, epaint};

/// Merge one item file for git (the `merge=orx` driver that `git orx hooks
/// install` sets up): field by field, lists as lists, the body by git's
/// text merge; a state both sides changed differently is left as a
/// conflict that names the command resolving it.
#[derive(clap::Args)]
pub struct Args {
    /// The common ancestor's version (git's `%O`).
    base: PathBuf,
    /// Our version, which the result replaces (git's `%A`).
    ours: PathBuf,
    /// Their version (git's `%B`).
    theirs: PathBuf,
    /// The file's path in the repository (git's `%P`).
    path: String,
    /// The name of our side for conflict markers (git's `%X`).
    ours_name: Option<String>,
    /// The name of their side (git's `%Y`).
    theirs_name: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let read = |p: &PathBuf| {
        std::fs::read(p).map_err(|e| {
            orx::Error::io(
                orx::msg!("cannot-read-path", path = p.display().to_string()),
                e,
            )
        })
    };
    let (base, ours, theirs) = (read(&args.base)?, read(&args.ours)?, read(&args.theirs)?);
    let ws = orx::repo::workspace::Workspace::open()?;
    // A git that does not know `%X`/`%Y` passes them as written.
    let named = |n: &Option<String>| n.clone().filter(|n| !n.is_empty() && !n.starts_with('%'));
    let labels = Labels {
        ours: named(&args.ours_name).unwrap_or_else(|| "HEAD".to_owned()),
        theirs: named(&args.theirs_name).unwrap_or_else(|| their_label(&ws.repo)),
    };
    // git gives an empty ancestor when both sides added the file.
    let base = (!base.is_empty()).then_some(base.as_slice());
    let out = orx::change::merge::merge_file(
        &ws.repo,
        &ws,
        &args.path,
        orx::change::merge::Sides {
            base,
            ours: &ours,
            theirs: &theirs,
        },
        &Choice::default(),
        &labels,
    )?;
    std::fs::write(&args.ours, &out.text).map_err(|e| {
        orx::Error::io(
            orx::msg!("cannot-write-path", path = args.ours.display().to_string()),
            e,
        )
    })?;
    let item = out.item.clone().unwrap_or_else(|| args.path.clone());
    if let Some(d) = &out.decided {
        // The merge commit names the decision (prepare-commit-msg).
        if let Some(head) = ws.repo.commit_id("HEAD") {
            orx::change::merge::record_decision(&ws.repo, &head, d)?;
        }
        let line = ui.t(
            "item-state-o-here-t-2",
            &[
                ("item", &item),
                ("o", &d.ours),
                ("here", &labels.ours),
                ("t", &d.theirs),
                ("there", &labels.theirs),
                ("rule", &ui.m(&d.said)),
                ("state", &d.state),
            ],
        );
        ui.eline(format!("{} {line}", epaint(YELLOW, ui.t("merged", &[]))));
    }
    let conflict = epaint(YELLOW, ui.t("conflict", &[]));
    for line in conflict_lines(ui.voice(), &ws.repo, &out, &args.path, &labels) {
        ui.eline(format!("{conflict} {line}"));
    }
    Ok(u8::from(!out.clean()))
}

/// The name git gives their side in conflict markers: the branch being
/// merged, which git passes to the merge as `GITHEAD_<commit>`; the
/// commit, else `theirs`.
fn their_label(repo: &orx::git::Repo) -> String {
    let heads = repo.merge_heads();
    for (k, v) in std::env::vars() {
        if let Some(id) = k.strip_prefix("GITHEAD_")
            && (heads.is_empty() || heads.iter().any(|h| h == id))
        {
            return v;
        }
    }
    heads
        .first()
        .map(|h| repo.short_id(h))
        .unwrap_or_else(|| "theirs".to_owned())
}

/// What a merge left in conflict in the item file at `path`, one line a
/// value (or its text), each naming both sides (with their commits) and
/// the command that ends it.
pub fn conflict_lines(
    voice: &crate::cli::msg::Voice,
    repo: &orx::git::Repo,
    out: &orx::change::merge::Outcome,
    path: &str,
    labels: &Labels,
) -> Vec<String> {
    let item = out.item.clone().unwrap_or_else(|| path.to_owned());
    let id = out.id.as_deref().unwrap_or(path);
    // Each side named with its commit, as `git log` shows it.
    let named = |label: &str| match repo.commit_id(label) {
        Some(c) => format!("{label} ({})", repo.short_id(&c)),
        None => label.to_owned(),
    };
    let (here, there) = (named(&labels.ours), named(&labels.theirs));
    let mut lines = Vec::new();
    for c in &out.conflicts {
        let (o, t) = (Conflict::shown(&c.ours), Conflict::shown(&c.theirs));
        lines.push(if c.state {
            voice.t(
                "item-state-o-here-t",
                &[
                    ("item", &item),
                    ("o", &o),
                    ("here", &here),
                    ("t", &t),
                    ("there", &there),
                    ("id", &id),
                ],
            )
        } else {
            voice.t(
                "item-field-o-here-t",
                &[
                    ("item", &item),
                    ("field", &c.field),
                    ("o", &o),
                    ("here", &here),
                    ("t", &t),
                    ("there", &there),
                    ("id", &id),
                    ("path", &path),
                ],
            )
        });
    }
    if out.text_conflict {
        lines.push(voice.t(
            "item-text-conflicts-edit-path",
            &[("item", &item), ("path", &path)],
        ));
    }
    lines
}

/// The conflicts of the item file at `path` a merge under way left, read
/// from the index's three versions, as [`conflict_lines`] says them;
/// `None` when the index holds no such merge of it.
pub fn describe(
    voice: &crate::cli::msg::Voice,
    ws: &orx::repo::workspace::Workspace,
    path: &str,
) -> Option<Vec<String>> {
    let stage = |n| ws.repo.index_stage(path, n).ok().flatten();
    let (base, ours, theirs) = (stage(1), stage(2)?, stage(3)?);
    let labels = Labels {
        ours: "HEAD".to_owned(),
        theirs: "MERGE_HEAD".to_owned(),
    };
    let out = orx::change::merge::merge_file(
        &ws.repo,
        ws,
        path,
        orx::change::merge::Sides {
            base: base.as_deref(),
            ours: &ours,
            theirs: &theirs,
        },
        &Choice::default(),
        &labels,
    )
    .ok()?;
    let lines = conflict_lines(voice, &ws.repo, &out, path, &labels);
    (!lines.is_empty()).then_some(lines)
}
