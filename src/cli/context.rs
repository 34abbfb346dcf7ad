//! What a command opens and who it acts as: the workspace ([`open`]), with
//! its lock timeout, language and roles taken into the [`Ui`]; the options
//! of every command that changes an item ([`ChangeArgs`]); the acting role
//! (`--as`, `ORX_ROLE`, `git config orx.role`), noted for the command's
//! errors and the refusal log; and this build's identity, for what a
//! command keeps between runs.

use std::rc::Rc;

use orx::Error;

use super::{Ui, YELLOW, epaint};

/// Opens the current repository's workspace and notes rule files whose
/// uncommitted changes are not in force. The command's [`Ui`] keeps it
/// too: its errors name items as this workspace's rules do.
pub fn open(ui: &mut Ui) -> orx::Result<Rc<orx::repo::workspace::Workspace>> {
    let mut ws = orx::repo::workspace::Workspace::open()?;
    ui.orx_dir = Some(ws.repo.orx_dir());
    ws.lock_wait = lock_wait(&ws.repo)?;
    // `--lang` holds for the handoffs the library renders too.
    let lang = ui.lang_of_config(ws.lang());
    ws.speaks = Some(lang.code().to_owned());
    ui.take_roles(&ws.rules.roles);
    if !ws.pending.is_empty() {
        ui.eline(format!(
            "{} {}",
            epaint(YELLOW, ui.t("note", &[])),
            ui.t(
                "uncommitted-changes-files-not-force",
                &[("files", &ws.pending.join(", "))]
            )
        ));
    }
    let ws = Rc::new(ws);
    ui.ws = Some(Rc::clone(&ws));
    Ok(ws)
}

/// How long to wait for the repository lock: `ORX_LOCK_TIMEOUT`, else
/// `git config orx.lockTimeout`, in seconds; 10 when neither is set.
pub fn lock_wait(repo: &orx::git::Repo) -> orx::Result<std::time::Duration> {
    let (value, from) = match std::env::var("ORX_LOCK_TIMEOUT") {
        Ok(v) => (v, "ORX_LOCK_TIMEOUT"),
        Err(_) => match repo.config_value("orx.lockTimeout") {
            Some(v) => (v, "orx.lockTimeout"),
            None => return Ok(orx::engine::store::LOCK_WAIT),
        },
    };
    value
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|s| (0.0..=86_400.0).contains(s))
        .map(std::time::Duration::from_secs_f64)
        .ok_or_else(|| {
            Error::Usage(orx::msg!(
                "lock-wait-bad-value",
                from = from,
                value = orx::text::escape(&value)
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
    /// Say what the command would do — the verdict, the fields it sets,
    /// the measured values and the decision — and write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

impl ChangeArgs {
    /// Who acts, as `role`, with this change's note.
    pub fn actor<'a>(&'a self, role: &'a str) -> orx::change::plan::Actor<'a> {
        orx::change::plan::Actor {
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
) -> orx::Result<(Rc<orx::repo::workspace::Workspace>, String)> {
    let ws = open(ui)?;
    let role = role(ui, &ws, &change.role)?;
    Ok((ws, role))
}

/// Reads `--as`, `ORX_ROLE` or `git config orx.role`, and notes it in
/// `ui` as the acting role.
pub fn role(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    flag: &Option<String>,
) -> orx::Result<String> {
    let role = ws
        .role(flag.as_deref(), env_role().as_deref())
        .map(|(r, _)| r)?;
    ui.acting.role = Some(role.clone());
    Ok(role)
}

/// What the running command acts on and as whom, for its errors and the
/// refusal log.
#[derive(Default)]
pub(super) struct Acting {
    pub(super) role: Option<String>,
    pub(super) item: Option<(String, String)>,
}

/// `ORX_ROLE`: the acting role when no `--as` is given.
pub fn env_role() -> Option<String> {
    std::env::var("ORX_ROLE").ok()
}

/// Now, in seconds since the epoch, as the commit a command makes would
/// record it (0 when it cannot be read).
pub fn now_seconds() -> i64 {
    orx::repo::workspace::now()
        .parse::<jiff::Timestamp>()
        .map_or(0, |t| t.as_second())
}

/// This build, as the name of what a command keeps between runs beside
/// the history cache: its executable's size and time (none when unknown:
/// then nothing is kept, so that no other build's counts are taken up).
pub fn build_id() -> Option<String> {
    let m = std::env::current_exe().and_then(std::fs::metadata).ok()?;
    let since = m
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some(format!("{}-{}", m.len(), since.as_nanos()))
}
