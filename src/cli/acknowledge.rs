//! `git orx acknowledge`

use orx::text::escape;

use super::{DIM, Ui, paint};

/// The Human accepts a past commit's violations, with a reason: the commit
/// is added to .orx/acknowledged.yaml, which is committed, and `verify`
/// then reports its violations apart instead of failing on them. History
/// is not rewritten.
#[derive(clap::Args)]
pub struct Args {
    /// The commit, as git names it (an id, `HEAD~2`).
    commit: String,
    /// Why the violation is accepted (kept in the file and the commit).
    #[arg(long, value_name = "TEXT")]
    reason: String,
    /// Acting role; only the Human may acknowledge (else ORX_ROLE, else
    /// `git config orx.role`).
    #[arg(long = "as", value_name = "ROLE")]
    role: Option<String>,
    /// Make every check and say what would be acknowledged; write nothing.
    #[arg(long)]
    dry_run: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let role = super::role(ui, &ws, &args.role)?;
    if role != orx::workflow::role::HUMAN {
        return Err(orx::Error::Failed(orx::text::message::Message::text(ui.t(
            "only-human-may-acknowledge-violation",
            &[("role", &ui.role(&role))],
        ))));
    }
    let by = ws.repo.author_ident()?;
    let (id, commit) = orx::history::verify::acknowledge(
        &ws.repo,
        &args.commit,
        &args.reason,
        &by,
        ws.lock_wait,
        args.dry_run,
    )?;
    let Some(commit) = commit else {
        ui.dry_run();
        ui.line(format!(
            "{} {}",
            ui.t(
                "would-acknowledge-commit-by",
                &[
                    ("commit", &&id[..7]),
                    ("who", &escape(&by)),
                    ("why", &escape(args.reason.trim())),
                ],
            ),
            paint(
                DIM,
                ui.t(
                    "dry-run-path-would-be-committed",
                    &[("path", &orx::repo::rules::ACKNOWLEDGED_PATH)],
                )
            )
        ));
        return Ok(0);
    };
    ui.line(ui.t(
        "acknowledged-commit-who-why-rest",
        &[
            ("commit", &&id[..7]),
            ("who", &escape(&by)),
            ("why", &escape(args.reason.trim())),
            ("rest", &paint(DIM, format!("[{commit}]"))),
        ],
    ));
    Ok(0)
}
