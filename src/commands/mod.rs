//! The command layer: argument structs, terminal output, exit codes.
//! One file per command; each has `Args` (its doc comments are the help)
//! and `run(ui, args) -> Result<u8>` returning the exit code.

pub mod acknowledge;
pub mod agent;
pub mod assess;
pub mod check;
pub mod checkpoint;
pub mod checkpoints;
pub mod demo;
pub mod doctor;
pub mod gate;
pub mod hook;
pub mod hooks;
pub mod init;
pub mod log;
pub mod man;
pub mod metrics;
pub mod move_;
pub mod new;
pub mod next;
pub mod report;
pub mod rollback;
pub mod show;
pub mod status;
pub mod verify;

use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anstyle::{AnsiColor, Style};
use orx::Error;
use orx::validate::Refusal;

pub const BOLD: Style = Style::new().bold();
pub const DIM: Style = Style::new().dimmed();
pub const RED: Style = AnsiColor::Red.on_default().bold();
pub const GREEN: Style = AnsiColor::Green.on_default();
pub const YELLOW: Style = AnsiColor::Yellow.on_default();
pub const CYAN: Style = AnsiColor::Cyan.on_default().bold();

static OUT_COLOR: AtomicBool = AtomicBool::new(false);
static ERR_COLOR: AtomicBool = AtomicBool::new(false);

/// Standard output (buffered) and error. Colour is decided once per stream
/// by anstream's rules (a terminal, `NO_COLOR`, `CLICOLOR`,
/// `CLICOLOR_FORCE`), so plain output is written as is, without an escape
/// stripping pass. A closed pipe (`git orx status | head`) ends output
/// quietly; any other write error (a full disk) is reported by `finish`.
pub struct Ui {
    out: BufWriter<std::io::Stdout>,
    err: std::io::Stderr,
    closed: bool,
    failed: Option<std::io::Error>,
}

impl Default for Ui {
    fn default() -> Self {
        let on = |c: anstream::ColorChoice| c != anstream::ColorChoice::Never;
        OUT_COLOR.store(
            on(anstream::AutoStream::choice(&std::io::stdout())),
            Ordering::Relaxed,
        );
        ERR_COLOR.store(
            on(anstream::AutoStream::choice(&std::io::stderr())),
            Ordering::Relaxed,
        );
        Ui {
            out: BufWriter::with_capacity(64 * 1024, std::io::stdout()),
            err: std::io::stderr(),
            closed: false,
            failed: None,
        }
    }
}

impl Ui {
    /// Writes a line to standard output.
    pub fn line(&mut self, text: impl AsRef<str>) {
        if self.closed {
            return;
        }
        if let Err(e) = writeln!(self.out, "{}", text.as_ref()) {
            self.stop(e);
        }
    }

    /// Writes a line to standard error (after what is pending on standard output).
    pub fn eline(&mut self, text: impl AsRef<str>) {
        if !self.closed
            && let Err(e) = self.out.flush()
        {
            self.stop(e);
        }
        let _ = writeln!(self.err, "{}", text.as_ref());
    }

    /// Writes out what is pending on standard output (before a child
    /// process writes to it too).
    pub fn flush(&mut self) {
        if !self.closed
            && let Err(e) = self.out.flush()
        {
            self.stop(e);
        }
    }

    /// Writes a value as pretty JSON on standard output, streamed.
    pub fn json(&mut self, value: &impl serde::Serialize) {
        if self.closed {
            return;
        }
        let written = serde_json::to_writer_pretty(&mut self.out, value)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(self.out));
        if let Err(e) = written {
            self.stop(e);
        }
    }

    fn stop(&mut self, e: std::io::Error) {
        self.closed = true;
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            self.failed = Some(e);
        }
    }

    /// Flushes standard output; the error if the output could not be
    /// written (a closed pipe is not one: the reader stopped reading).
    pub fn finish(&mut self) -> Option<std::io::Error> {
        if !self.closed
            && let Err(e) = self.out.flush()
        {
            self.stop(e);
        }
        self.failed.take()
    }

    pub fn error(&mut self, e: &Error) {
        let prefix = match e {
            Error::Refused(_) | Error::NoDecision(_) => "refused: ",
            _ => "",
        };
        let text = e.to_string();
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        self.eline(format!("{} {prefix}{first}", epaint(RED, "error:")));
        for l in lines {
            self.eline(l);
        }
        for h in hints(e) {
            self.eline(format!("{} {h}", epaint(CYAN, "hint:")));
        }
    }
}

/// `text` styled for standard output.
/// Progress of a first run over many commits, on standard error when it
/// is a terminal (hidden otherwise): `reading history: 4,000/100,000
/// commits`, cleared when done. Runs reading fewer than 500 commits say
/// nothing.
pub fn history_progress() -> impl FnMut(usize, usize) {
    use std::io::IsTerminal;
    let tty = std::io::stderr().is_terminal();
    let mut shown = false;
    move |done, total| {
        if !tty || total < 500 {
            return;
        }
        let mut err = std::io::stderr();
        if done >= total {
            if shown {
                let _ = write!(err, "\r\x1b[K");
            }
            return;
        }
        shown = true;
        let _ = write!(err, "\rreading history: {done}/{total} commits");
        let _ = err.flush();
    }
}

pub fn paint(style: Style, text: impl std::fmt::Display) -> String {
    styled(OUT_COLOR.load(Ordering::Relaxed), style, text)
}

/// `text` styled for standard error.
pub fn epaint(style: Style, text: impl std::fmt::Display) -> String {
    styled(ERR_COLOR.load(Ordering::Relaxed), style, text)
}

fn styled(on: bool, style: Style, text: impl std::fmt::Display) -> String {
    if on {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// What the user can do about an error.
fn hints(e: &Error) -> Vec<String> {
    match e {
        Error::Refused(r) => match r {
            Refusal::Unauthorized { responsible, .. } => vec![format!(
                "act as {} (--as {}), or a Human may override with --force --reason TEXT",
                orx::role::display_list(responsible),
                responsible.first().map_or("ROLE", String::as_str)
            )],
            Refusal::InvalidTransition { item, .. }
            | Refusal::Preconditions { item, .. }
            | Refusal::Terminal { item, .. } => {
                let id = item.split_once(' ').map_or(item.as_str(), |(_, id)| id);
                vec![format!(
                    "`git orx show {id}` lists the moves allowed now and what each needs"
                )]
            }
            _ => vec![],
        },
        Error::NotInitialised => vec!["run `git orx init` here first".to_owned()],
        Error::Git(orx::git::GitError::NotARepo) => {
            vec!["git-orx keeps its state in a git repository; run `git init`".to_owned()]
        }
        _ => vec![],
    }
}

/// Opens the current repository's workspace and notes rule files whose
/// uncommitted changes are not in force.
pub fn open(ui: &mut Ui) -> orx::Result<orx::workspace::Workspace> {
    let mut ws = orx::workspace::Workspace::open()?;
    ws.lock_wait = lock_wait(&ws.repo)?;
    if !ws.pending.is_empty() {
        ui.eline(format!(
            "{} uncommitted changes to {} are not in force until committed (by the Human)",
            epaint(YELLOW, "note:"),
            ws.pending.join(", ")
        ));
    }
    Ok(ws)
}

/// How long to wait for the repository lock: `ORX_LOCK_TIMEOUT`, else
/// `git config orx.lockTimeout`, in seconds; 10 when neither is set.
pub fn lock_wait(repo: &orx::git::Repo) -> orx::Result<std::time::Duration> {
    let (value, from) = match std::env::var("ORX_LOCK_TIMEOUT") {
        Ok(v) => (v, "ORX_LOCK_TIMEOUT"),
        Err(_) => match repo.config_value("orx.lockTimeout") {
            Some(v) => (v, "orx.lockTimeout"),
            None => return Ok(orx::store::LOCK_WAIT),
        },
    };
    value
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|s| (0.0..=86_400.0).contains(s))
        .map(std::time::Duration::from_secs_f64)
        .ok_or_else(|| {
            Error::Usage(format!(
                "{from} is `{}`: give the seconds to wait for the repository lock, from 0 to 86400",
                orx::text::escape(&value)
            ))
        })
}

/// The options of every command that changes an item.
#[derive(clap::Args)]
pub struct ChangeArgs {
    /// Acting role (else ORX_ROLE, else `git config orx.role`).
    #[arg(long = "as", value_name = "ROLE")]
    pub role: Option<String>,
    /// A note, kept in the commit message.
    #[arg(short = 'm', long = "message", value_name = "NOTE")]
    pub note: Option<String>,
    /// Write the file but do not commit it.
    #[arg(long)]
    pub no_commit: bool,
}

impl ChangeArgs {
    /// Who acts, as `role`, with this change's note.
    pub fn actor<'a>(&'a self, role: &'a str) -> orx::plan::Actor<'a> {
        orx::plan::Actor {
            role,
            note: self.note.as_deref(),
            force: None,
            tasks_reason: None,
        }
    }
}

/// Opens the workspace and reads the acting role, for a command that
/// changes something.
pub fn open_as(
    ui: &mut Ui,
    change: &ChangeArgs,
) -> orx::Result<(orx::workspace::Workspace, String)> {
    let ws = open(ui)?;
    let role = role(&ws, &change.role)?;
    Ok((ws, role))
}

/// Reads `--as`, `ORX_ROLE` or `git config orx.role`.
pub fn role(ws: &orx::workspace::Workspace, flag: &Option<String>) -> orx::Result<String> {
    let role = ws.role(flag.as_deref()).map(|(r, _)| r)?;
    if let Ok(mut a) = ACTING.lock() {
        a.role = Some(role.clone());
    }
    Ok(role)
}

/// What the running command acts on and as whom, for the refusal log.
#[derive(Default)]
struct Acting {
    role: Option<String>,
    item: Option<(String, String)>,
}

static ACTING: std::sync::Mutex<Acting> = std::sync::Mutex::new(Acting {
    role: None,
    item: None,
});

/// Notes the item the command acts on (for the refusal log).
pub fn acting_on(kind: &str, id: &str) {
    if let Ok(mut a) = ACTING.lock() {
        a.item = Some((kind.to_owned(), id.to_owned()));
    }
}

/// Appends a refusal to the repository's refusal log, which `git orx
/// doctor` reads; other errors are not refusals. Never fails the command:
/// a log that cannot be written is skipped.
pub fn log_refusal(source: &str, e: &Error) {
    let (role, item) = match ACTING.lock() {
        Ok(a) => (a.role.clone(), a.item.clone()),
        Err(_) => (None, None),
    };
    let now = orx::workspace::now();
    let entry = match e {
        Error::Refused(r) => orx::refusals::Logged::of_refusal(source, role.as_deref(), r, &now),
        Error::NoDecision(d) => orx::refusals::Logged::of_no_decision(
            source,
            item.as_ref().map(|(k, i)| (k.as_str(), i.as_str())),
            d,
            &now,
        ),
        _ => return,
    };
    let entry = entry.with_role(role.as_deref());
    if let Ok(repo) = orx::git::Repo::discover() {
        let _ = orx::refusals::append(&repo.orx_dir(), &entry);
    }
}

/// Prints the outcome of an executed plan: the transition line and the handoff.
pub fn report_change(ui: &mut Ui, plan: &orx::plan::Plan, done: &orx::plan::Executed) {
    let mut line = format!(
        "{}: {} -> {} ({})",
        plan.label(),
        plan.from.as_deref().unwrap_or("(new)"),
        paint(BOLD, &plan.to),
        orx::role::display(&plan.role)
    );
    if let Some((reason, _)) = &plan.forced {
        line.push_str(&format!(
            " {}",
            paint(YELLOW, format!("override: {}", orx::text::escape(reason)))
        ));
    }
    match &done.commit {
        _ if done.unchanged => line.push_str(&format!(
            " {}",
            paint(DIM, "(already recorded; nothing to commit)")
        )),
        Some(c) if done.by_another => line.push_str(&format!(
            " {}",
            paint(YELLOW, format!("(committed in {c} by another commit)"))
        )),
        Some(c) => line.push_str(&format!(" {}", paint(DIM, format!("[{c}]")))),
        None if done.by_another => line.push_str(&format!(
            " {}",
            paint(YELLOW, "(committed by another commit)")
        )),
        None => line.push_str(&format!(
            " {}",
            paint(YELLOW, format!("written to {}, not committed", plan.path))
        )),
    }
    ui.line(line);
    if let Some(h) = &plan.handoff {
        ui.line(paint(GREEN, orx::text::escape(h)));
    }
}
