//! `git orx goal tick` (also spelled `git orx tick`)

use std::time::{Duration, Instant};

use super::Ui;

/// The ticker: close the tasks the main line merged (a merge commit
/// naming the task's branch, or a commit carrying `Closes: ID`), route new
/// goals, end discussions every addressed role answered, count checks of
/// discussions no one took (escalating to the lead after the workflow's
/// `max_checks`), and send a round whose tasks are all done or failed to
/// the lead's review. Tasks are closed only on the main line (`git config
/// orx.mainBranch`, else `main`). Idempotent: run it from cron, CI or a server hook
/// (see hooks/post-receive); a second run with nothing new does nothing.
/// `--every 30s` runs it itself, as the flow's daemon runs its ticker.
#[derive(clap::Args)]
pub struct Args {
    /// Acting role (else ORX_ROLE, else `git config orx.role`, else lead).
    #[arg(long = "as", value_name = "ROLE")]
    role: Option<String>,
    /// Say what it would do, and write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Tick again every DURATION (30s, 5m, 1h; seconds without a unit)
    /// until stopped with Ctrl-C, reporting each tick that did something
    /// (with --json, one object for each).
    #[arg(long, value_name = "DURATION", value_parser = duration)]
    every: Option<Duration>,
}

/// `30s`, `5m`, `1h` or a number of seconds, at least one second.
pub(super) fn duration(text: &str) -> Result<Duration, super::msg::BadValue> {
    let (n, unit) = text.trim().split_at(
        text.trim()
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.trim().len()),
    );
    let secs = match (n.parse::<u64>(), unit) {
        (Ok(n), "" | "s") => n,
        (Ok(n), "m") => n * 60,
        (Ok(n), "h") => n * 3600,
        _ => return Err(super::msg::BadValue(orx::msg!("not-a-duration", text))),
    };
    match secs {
        0 => Err(super::msg::BadValue(orx::msg!("interval-at-least-1s"))),
        s => Ok(Duration::from_secs(s)),
    }
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let Some(every) = args.every else {
        return tick(ui, &args, false);
    };
    // Ctrl-C ends the wait, or the tick under way once it is done.
    let _protect = orx::git::stop::Protect::new();
    while !orx::git::stop::stop_asked() {
        tick(ui, &args, true)?;
        ui.flush();
        let until = Instant::now() + every;
        while Instant::now() < until && !orx::git::stop::stop_asked() {
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    Ok(0)
}

/// One tick; `quiet`: one that did nothing says nothing (when repeated).
fn tick(ui: &mut Ui, args: &Args, quiet: bool) -> orx::Result<u8> {
    once(ui, &args.role, args.dry_run, quiet)
}

/// One tick as `role` (else the configured role, else the lead), as
/// `tick` and `serve --tick-every` run it.
pub(super) fn once(
    ui: &mut Ui,
    role: &Option<String>,
    dry_run: bool,
    quiet: bool,
) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let args = Args {
        role: role.clone(),
        dry_run,
        every: None,
    };
    let role = match super::role(ui, &ws, &args.role) {
        Ok(r) => r,
        Err(orx::Error::NoRole { .. }) if args.role.is_none() => {
            orx::kinds::goal::TICKER_ROLE.to_owned()
        }
        Err(e) => return Err(e),
    };
    let actor = orx::change::plan::Actor {
        role: &role,
        ..Default::default()
    };
    let main = ws
        .repo
        .config_value("orx.mainBranch")
        .unwrap_or_else(|| "main".to_owned());
    let ticked = orx::kinds::goal::tick(&ws, actor, true, args.dry_run, &main)?;
    if quiet && ticked.dispatched.is_empty() && ticked.notes.is_empty() && ticked.notices.is_empty()
    {
        return Ok(0);
    }
    report(ui, &ticked, args.dry_run);
    Ok(0)
}

/// Prints what a tick (or an event) did.
pub fn report(ui: &mut Ui, ticked: &orx::kinds::goal::Ticked, dry_run: bool) {
    if ui.is_json() {
        let notes: Vec<String> = ticked.notes.iter().map(ToString::to_string).collect();
        ui.json(&super::output::goal::Tick {
            version: super::output::Version,
            dry_run,
            dispatched: &ticked.dispatched,
            notes: &notes,
            notices: &ticked.notices,
            agents: &ticked.agents,
        });
        return;
    }
    for d in &ticked.dispatched {
        let commit = d
            .commit
            .as_deref()
            .map(|c| format!(" [{c}]"))
            .unwrap_or_default();
        // A check that keeps the state (a no-taker check before the
        // third) says so, rather than `discussing -> discussing`.
        let moved = match &d.from {
            Some(from) if *from == d.to => ui.t("still-state", &[("state", &d.to)]),
            from => format!(
                "{} -> {}",
                from.clone().unwrap_or_else(|| ui.t("new", &[])),
                d.to
            ),
        };
        ui.line(format!(
            "{}: {moved} ({}){commit}",
            orx::text::escape(&d.item),
            d.event
        ));
        if let Some(h) = &d.handoff {
            ui.wrap(format!("  {}", orx::text::escape_lines(h)), 2);
        }
    }
    for n in &ticked.notices {
        let to = if n.agents.is_empty() {
            ui.role(&n.role)
        } else {
            format!(
                "{} ({})",
                ui.role(&n.role),
                orx::text::escape(&n.agents.join(", "))
            )
        };
        // A notice of one line is told whole; a prompt, by the command
        // that prints it.
        let text = n.text.trim();
        if !text.contains('\n') {
            ui.line(ui.t(
                "notice-item-text",
                &[
                    ("notice", &n.notice),
                    ("item", &orx::text::escape(&n.item)),
                    ("to", &to),
                    ("text", &orx::text::escape(text)),
                ],
            ));
        } else if n.phase_prompt {
            ui.line(ui.t(
                "notice-item-git-orx-goal",
                &[
                    ("notice", &n.notice),
                    ("item", &orx::text::escape(&n.item)),
                    ("to", &to),
                    (
                        "id",
                        &orx::text::escape(n.item.rsplit(' ').next().unwrap_or_default()),
                    ),
                    ("role", &n.role),
                ],
            ));
        } else {
            // A task's notice (a merge, a pull request or issue closed):
            // `goal prompt` prints a phase's prompt, which an event's
            // notice is not; it is told whole.
            ui.line(ui.t(
                "notice-item",
                &[
                    ("notice", &n.notice),
                    ("item", &orx::text::escape(&n.item)),
                    ("to", &to),
                ],
            ));
            for l in text.lines() {
                ui.line(format!("  {}", orx::text::escape(l)));
            }
        }
        if !n.busy.is_empty() {
            ui.line(ui.t(
                "left-out-busy-agents",
                &[("agents", &orx::text::escape(&n.busy.join(", ")))],
            ));
        }
    }
    if !ticked.notices.is_empty() && !ticked.agents.is_empty() {
        let idle: Vec<&str> = ticked
            .agents
            .iter()
            .filter(|a| a.idle)
            .map(|a| a.agent.as_str())
            .collect();
        if idle.is_empty() {
            ui.line(ui.t("idle-agents-none", &[]));
        } else {
            ui.line(ui.t(
                "idle-agents-agents",
                &[("agents", &orx::text::escape(&idle.join(", ")))],
            ));
        }
    }
    for n in &ticked.notes {
        ui.line(ui.t("note-text", &[("text", &orx::text::escape(&ui.m(n)))]));
    }
    if ticked.dispatched.is_empty() && ticked.notes.is_empty() && ticked.notices.is_empty() {
        ui.line(ui.t("nothing-dispatch", &[]));
    }
}
