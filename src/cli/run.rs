//! `git orx run`

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use orx::change::run::{self as lrun, Exit, Job, Outcome, Progress};

use super::{BOLD, DIM, GREEN, RED, Ui, YELLOW, epaint};

/// Run an item's actions with an executor until it is done.
///
/// Each action the item's workflow chooses (its `run:` section) is given to COMMAND
/// as a prompt on standard input; COMMAND prints `{"stateUpdates":
/// {...}}`, which is checked against the workflow and committed. A
/// failure is counted as an error; the workflow's error limit ends the
/// run. Ctrl-C stops it and records that the user stopped it. Exits 0 when
/// the item ends in a successful state, 1 otherwise.
///
/// COMMAND runs with `sh -c`, with ORX_ITEM, ORX_KIND, ORX_ACTION,
/// ORX_DIMENSION (the action's argument, if any) and ORX_ROLE set.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID (e.g. 3, or codereview:3).
    id: String,
    /// The executor: a shell command that reads the prompt on standard
    /// input and prints the state updates as JSON.
    #[arg(long = "exec", value_name = "COMMAND")]
    exec: String,
    /// Take at most N actions (default: the workflow's `run.max_iterations`).
    #[arg(long, value_name = "N")]
    max_iterations: Option<u64>,
    /// Act as this role (default: the role the item waits for; the
    /// executor inherits it as ORX_ROLE).
    #[arg(long = "as", value_name = "ROLE")]
    role: Option<String>,
    /// Show the next action and its prompt; run nothing, write nothing.
    #[arg(long)]
    dry_run: bool,
    /// A short log: one line per action and its result, instead of the
    /// workflow's run log (`=== ... Started ===`, `[Iteration N] ...`).
    #[arg(long, short)]
    quiet: bool,
}

/// The role the run acts as: `--as`, else the role the item waits for,
/// else the usual one (ORX_ROLE, `git config orx.role`).
pub fn acting_role(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    item: &orx::engine::item::Item,
    flag: &Option<String>,
) -> orx::Result<String> {
    if flag.is_some() {
        return super::role(ui, ws, flag);
    }
    let wf = orx::change::plan::workflow_of(ws, item)?;
    match wf
        .state(&item.status)
        .and_then(|s| wf.owner_of(s, &item.value()))
    {
        Some(owner) => Ok(owner),
        // A finished item waits for nobody; nothing will be done as it.
        None => Ok(super::role(ui, ws, flag).unwrap_or_else(|_| "human".to_owned())),
    }
}

/// Stops the executor's process group (what it started too).
fn stop_group(child: &std::process::Child) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with the group of a child we started.
        unsafe {
            libc::kill(-pid, libc::SIGTERM);
        }
    }
    #[cfg(not(unix))]
    let _ = child;
}

struct Shell<'a> {
    command: &'a str,
    ui: &'a mut Ui,
    /// The workflow's run log, or the short one (`--quiet`).
    log: Option<Log>,
}

/// The words of the run log (the workflow's `run.log`, else git-orx's).
struct Log {
    title: String,
    tag: String,
    done: String,
}

impl Log {
    fn of(log: Option<&orx::workflow::run::RunLog>) -> Log {
        let log = log.cloned().unwrap_or_default();
        Log {
            title: log.title.unwrap_or_else(|| "git orx run".to_owned()),
            tag: log.tag.unwrap_or_else(|| "run".to_owned()),
            done: log
                .done
                .unwrap_or_else(|| "Nothing left to do, terminating.".to_owned()),
        }
    }
}

impl lrun::Executor for Shell<'_> {
    fn perform(&mut self, job: &Job) -> Outcome {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(self.command)
            .env("ORX_ITEM", &job.id)
            .env("ORX_KIND", &job.kind)
            .env("ORX_ACTION", &job.action)
            .env("ORX_ROLE", &job.role)
            .env("ORX_ITEM_PATH", &job.path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        match &job.argument {
            Some(a) => cmd.env("ORX_DIMENSION", a),
            None => cmd.env_remove("ORX_DIMENSION"),
        };
        // Its own process group, so that stopping it stops what it started.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => {
                return Outcome::Failed(self.ui.t("cannot-start-executor-why", &[("why", &e)]));
            }
        };
        let prompt = job.prompt.clone();
        let stdin = child.stdin.take();
        let writer = std::thread::spawn(move || {
            if let Some(mut s) = stdin {
                let _ = s.write_all(prompt.as_bytes());
            }
        });
        let mut stdout = child.stdout.take();
        let reader = std::thread::spawn(move || {
            let mut out = Vec::new();
            if let Some(s) = stdout.as_mut() {
                let _ = s.read_to_end(&mut out);
            }
            out
        });
        let status = loop {
            if orx::git::stop::stop_asked() {
                stop_group(&child);
                let _ = child.kill();
                let _ = child.wait();
                let _ = writer.join();
                let _ = reader.join();
                return Outcome::Interrupted;
            }
            match child.try_wait() {
                Ok(Some(s)) => break s,
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
                Err(e) => {
                    return Outcome::Failed(self.ui.t("waiting-for-executor-why", &[("why", &e)]));
                }
            }
        };
        let _ = writer.join();
        let out = reader.join().unwrap_or_default();
        if orx::git::stop::stop_asked() {
            return Outcome::Interrupted;
        }
        if !status.success() {
            return Outcome::Failed(match status.code() {
                Some(c) => self.ui.t("executor-exited-status", &[("code", &c)]),
                None => self.ui.t("executor-killed-by-signal", &[]),
            });
        }
        Outcome::Output(String::from_utf8_lossy(&out).into_owned())
    }

    fn interrupted(&self) -> bool {
        orx::git::stop::stop_asked()
    }

    fn progress(&mut self, event: &Progress) {
        if self.ui.is_json() {
            return;
        }
        if let Some(log) = &self.log {
            let lines = logged(self.ui.voice(), log, event);
            for l in lines {
                self.ui.eline(l);
            }
            return;
        }
        let line = match event {
            Progress::Started {
                iteration,
                action,
                argument,
                ..
            } => format!(
                "{} {}{}",
                epaint(DIM, format!("[{iteration}]")),
                epaint(BOLD, action),
                argument
                    .as_deref()
                    .map(|a| format!(" ({})", orx::text::escape(a)))
                    .unwrap_or_default()
            ),
            Progress::Done { fields, commit, .. } => format!(
                "    {} {}{}",
                epaint(GREEN, self.ui.t("recorded", &[])),
                if fields.is_empty() {
                    self.ui.t("no-fields", &[])
                } else {
                    fields.join(", ")
                },
                commit
                    .as_deref()
                    .map(|c| format!(" {}", epaint(DIM, format!("[{c}]"))))
                    .unwrap_or_default()
            ),
            Progress::Error {
                message,
                count,
                limit,
                ..
            } => format!(
                "    {} {} ({count}{})",
                epaint(RED, self.ui.t("error", &[])),
                orx::text::escape(&self.ui.m(message)),
                limit
                    .map(|l| self.ui.t("limit", &[("limit", &l)]))
                    .unwrap_or_default()
            ),
            Progress::Restored { from } => {
                format!(
                    "    {} {}",
                    epaint(YELLOW, self.ui.t("note", &[])),
                    self.ui.t("restored", &[("from", from)])
                )
            }
        };
        self.ui.eline(line);
    }
}

/// The run log's lines for `event`, as the review orchestrator prints
/// them (`[Iteration 2] Status: running`, `[Iteration 2] Executing:
/// action-quick-scan`, `[Orchestrator] Action failed: ...`).
fn logged(v: &crate::cli::msg::Voice, log: &Log, event: &Progress) -> Vec<String> {
    let esc = orx::text::escape;
    match event {
        Progress::Started {
            status,
            iteration,
            action,
            argument,
        } => {
            let mut lines = vec![
                format!("[Iteration {iteration}] Status: {}", esc(status)),
                format!("[Iteration {iteration}] Executing: {}", esc(action)),
            ];
            if let Some(a) = argument {
                lines.push(format!(
                    "    {}",
                    epaint(DIM, v.t("argument", &[("argument", &esc(a))]))
                ));
            }
            lines
        }
        Progress::Done { fields, commit, .. } => vec![format!(
            "    {}",
            epaint(
                DIM,
                format!(
                    "{} {}{}",
                    v.t("recorded", &[]),
                    if fields.is_empty() {
                        v.t("no-fields", &[])
                    } else {
                        fields.join(", ")
                    },
                    commit
                        .as_deref()
                        .map(|c| format!(" [{c}]"))
                        .unwrap_or_default()
                )
            )
        )],
        Progress::Error {
            message,
            count,
            limit,
            ..
        } => {
            let mut lines = vec![
                format!("[{}] Action failed: {}", log.tag, esc(&v.m(message))),
                format!(
                    "    {}",
                    epaint(
                        DIM,
                        match limit {
                            Some(l) => v.t("error-count-limit", &[("count", count), ("limit", l)]),
                            None => v.t("error-count", &[("count", count)]),
                        }
                    )
                ),
            ];
            if limit.is_some_and(|l| *count >= l) {
                lines.push(format!(
                    "[{}] Too many errors, attempting state recovery...",
                    log.tag
                ));
            }
            lines
        }
        Progress::Restored { from } => {
            vec![format!("[{}] Restored from {}", log.tag, esc(from))]
        }
    }
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let item = match ws.find(&args.id) {
        Ok(item) => item,
        // A file that does not read is restored by the run itself.
        Err(orx::Error::Item(_)) => {
            let (kind, id, _, _) = orx::change::state::locate(&ws, &args.id)?;
            ui.acting_on(kind.name(), &id);
            let role = super::role(ui, &ws, &args.role)?;
            return run_as(ui, &ws, &args, &kind, &role);
        }
        Err(e) => return Err(e),
    };
    ui.acting_on(item.kind.name(), &item.id);
    let role = acting_role(ui, &ws, &item, &args.role)?;
    let role = ws.check_role(&role, orx::repo::workspace::RoleSource::Flag)?;
    if args.dry_run {
        return plan_only(ui, &ws, &args, &item, &role);
    }
    run_as(ui, &ws, &args, &item.kind, &role)
}

/// `--dry-run`: the action the run would take first, and its prompt;
/// the executor is not started and nothing is written.
fn plan_only(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    args: &Args,
    item: &orx::engine::item::Item,
    role: &str,
) -> orx::Result<u8> {
    let (selected, job) = lrun::next_job(ws, item, role)?;
    if ui.is_json() {
        use super::output::run::{Planned, Run};
        ui.json(&Run::Planned(Planned {
            version: super::output::Version,
            dry_run: true,
            item: item.id.clone(),
            kind: item.kind.to_string(),
            status: item.status.clone(),
            action: selected.action.clone(),
            argument: selected.argument.clone(),
            role: role.to_owned(),
            exec: job.as_ref().map(|_| args.exec.clone()),
            prompt: job.as_ref().map(|j| j.prompt.clone()),
        }));
        return Ok(0);
    }
    let what = match selected.argument_text() {
        Some(a) => format!("`{}` ({a})", selected.action),
        None => format!("`{}`", selected.action),
    };
    let how = if job.is_some() {
        ui.t("by-executor", &[("exec", &args.exec)])
    } else {
        ui.t("by-git-orx-itself", &[])
    };
    ui.line(format!(
        "{} {}",
        ui.t(
            "next-action-what-how-role",
            &[
                ("item", &format!("{} {}", item.kind, item.id)),
                ("state", &item.status),
                ("what", &what),
                ("how", &how),
                ("role", &role),
            ],
        ),
        super::paint(DIM, ui.t("dry-run-nothing-run-written", &[]))
    ));
    if let Some(job) = job {
        ui.verbatim(job.prompt.trim_end());
    }
    Ok(0)
}

fn run_as(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    args: &Args,
    kind: &orx::workflow::kind::Kind,
    role: &str,
) -> orx::Result<u8> {
    if args.max_iterations == Some(0) {
        return Err(orx::Error::Usage(orx::text::message::Message::text(
            ui.t("max-iterations-must-least", &[]),
        )));
    }
    // Ctrl-C ends the executor, not the run, so that the run records it.
    let _protect = orx::git::stop::Protect::new();
    let render = |name: &str, v: &serde_json::Value| orx::kinds::render_body(name, v);
    let files = |item: &orx::engine::item::Item, action: &str, after: &serde_json::Value| {
        orx::kinds::files_after(ws, item, action, after)
    };
    let opts = lrun::Options {
        role,
        max_iterations: args.max_iterations,
        body: &render,
        files: &files,
    };
    // The workflow's run log, unless --quiet (or --json, which logs nothing).
    let log = (!args.quiet && !ui.is_json()).then(|| {
        let wf = kind.workflow().ok();
        Log::of(wf.as_ref().and_then(|w| w.run.as_ref()).map(|r| &r.log))
    });
    if let Some(log) = &log {
        ui.eline(format!("=== {} Started ===", log.title));
    }
    let mut shell = Shell {
        command: &args.exec,
        ui,
        log,
    };
    let result = lrun::run(ws, &args.id, &mut shell, &opts);
    if let Some(log) = &shell.log {
        if let Ok(s) = &result
            && s.exit == Exit::Finished
        {
            shell.ui.eline(format!(
                "[Iteration {}] Status: {}",
                s.iterations + 1,
                orx::text::escape(&s.state)
            ));
            shell.ui.eline(log.done.clone());
        }
        shell.ui.eline(format!("=== {} Finished ===", log.title));
    }
    let summary = result?;
    let code = if summary.success { 0 } else { 1 };
    if ui.is_json() {
        ui.json(&super::output::run::Run::Ran(super::output::run::Ran {
            version: super::output::Version,
            run: summary.clone(),
        }));
        return Ok(code);
    }
    let how = match &summary.exit {
        Exit::Finished => ui.t("nothing-left-do", &[]),
        Exit::Stopped => ui.t(
            "stopped-action",
            &[("action", &summary.last_action.as_deref().unwrap_or("stop"))],
        ),
        Exit::Signal(name) => ui.t("stopped-signal", &[("signal", name)]),
        Exit::ErrorLimit => ui.t("stopped-error-limit", &[]),
        Exit::MaxIterations if summary.iterations == 1 => {
            ui.t("stopped-after-action-max-iterations", &[])
        }
        Exit::MaxIterations => ui.t("stopped-after-n-actions-max", &[("n", &summary.iterations)]),
        Exit::Interrupted => ui.t("interrupted-user", &[]),
    };
    let state = if summary.success {
        super::paint(GREEN, &summary.state)
    } else {
        super::paint(BOLD, &summary.state)
    };
    let actions = if summary.iterations == 1 {
        ui.t("action", &[])
    } else {
        ui.t("n-actions", &[("n", &summary.iterations)])
    };
    let errors = if summary.errors.len() == 1 {
        ui.t("error-2", &[])
    } else {
        ui.t("n-errors", &[("n", &summary.errors.len())])
    };
    ui.line(ui.t(
        "kind-id-state-after-actions",
        &[
            ("kind", &summary.kind),
            ("id", &summary.id),
            ("state", &state),
            ("actions", &actions),
            ("how", &how),
            ("errors", &errors),
        ],
    ));
    Ok(code)
}
