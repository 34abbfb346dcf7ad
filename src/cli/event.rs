//! `git orx event`

use std::io::Read;

use super::Ui;

/// The largest payload read (1 MiB).
pub const MAX_PAYLOAD: u64 = 1 << 20;

/// Apply one forge webhook payload (read from standard input) to goals and
/// tasks: `issues` opened (a goal, or with `[parent #N]` a task of goal
/// #N for its assignee) and closed (a goal achieved), `issue_comment` on a
/// goal (an answer; NO_REPLY), `pull_request` opened (review requested),
/// new commits on it (GitHub's `synchronize`, Gitea's `synchronized`: a
/// task waiting for changes is submitted again) and closed merged (the
/// task closed by its merge commit),
/// `pull_request_review` (approved, changes requested), a CI result
/// (Gitea's `status`, GitHub's `check_run`: a failure moves the task on
/// that branch to ci-failed, a pass moves it back). Forge users are
/// mapped to roles by `team:` in .orx/config.yaml. Other events are
/// ignored with a note.
#[derive(clap::Args)]
pub struct Args {
    /// The forge the payload comes from: gitea or github.
    #[arg(value_parser = ["gitea", "github"])]
    forge: String,
    /// The event (the X-Gitea-Event or X-GitHub-Event header); by default
    /// read from the payload's shape.
    #[arg(long, value_name = "NAME")]
    event: Option<String>,
    /// Say what it would do, and write nothing.
    #[arg(long)]
    dry_run: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let forge = orx::kinds::goal::Forge::parse(&args.forge).expect("clap checks the forge");
    let mut payload = Vec::new();
    std::io::stdin()
        .take(MAX_PAYLOAD + 1)
        .read_to_end(&mut payload)
        .map_err(|e| {
            orx::Error::Usage(orx::msg!("cannot-read-payload-why", why = e.to_string()))
        })?;
    if payload.len() as u64 > MAX_PAYLOAD {
        return Err(orx::Error::Usage(
            format!("the payload is larger than {MAX_PAYLOAD} bytes").into(),
        ));
    }
    let done =
        orx::kinds::goal::apply_event(&ws, forge, args.event.as_deref(), &payload, args.dry_run)?;
    super::tick::report(ui, &done, args.dry_run);
    Ok(0)
}
