//! `git orx check`

use super::{GREEN, RED, Ui, paint};

/// Validate item files (syntax, fields, states, duplicate IDs), the config and
/// workflow overrides, and judge uncommitted changes against HEAD. Lists
/// every problem; exits 1 if there is any.
#[derive(clap::Args)]
pub struct Args {
    /// Files or directories to check (default: every story, the config and
    /// the workflow overrides).
    paths: Vec<String>,
    /// Judge uncommitted changes as this role (else ORX_ROLE or `git config
    /// orx.role`; with none, a change passes if any role could make it).
    #[arg(long = "as", value_name = "ROLE")]
    role: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let role = match (&args.role, ws.role(None, super::env_role().as_deref())) {
        (Some(_), _) => Some(super::role(ui, &ws, &args.role)?),
        (None, Ok((r, _))) => Some(r),
        (None, Err(_)) => None,
    };
    let cwd = std::env::current_dir()
        .map_err(|e| orx::Error::io(orx::msg!("current-directory-why"), e))?;
    let report = orx::board::check::check(&ws, &cwd, &args.paths, role.as_deref())?;
    let code = u8::from(!report.problems.is_empty());
    if ui.is_json() {
        ui.json(&super::output::board::Check {
            version: super::output::Version,
            files: report.files,
            problems: &report.problems,
        });
        return Ok(code);
    }
    for p in &report.problems {
        let line = ui.m(&p.said());
        ui.line(line);
    }
    // Not a problem of the files: of this clone, which merges them.
    let note = super::epaint(super::YELLOW, ui.t("note", &[]));
    match orx::change::merge::installed(&ws.repo, &ws) {
        orx::change::merge::Driver::Installed => {}
        orx::change::merge::Driver::Missing => {
            ui.eline(ui.t("note-clone-has-no-merge", &[("note", &note)]))
        }
        orx::change::merge::Driver::Stale => {
            ui.eline(ui.t("note-merge-driver-does-not", &[("note", &note)]))
        }
    }
    let n = report.problems.len();
    let said = ui.t("checked-files", &[("n", &report.files), ("p", &n)]);
    if n == 0 {
        ui.line(paint(GREEN, said));
    } else {
        ui.line(paint(RED, said));
        if report
            .problems
            .iter()
            .any(|p| p.message.holds("file-not-start-fence"))
        {
            ui.line(format!(
                "{} {}",
                paint(super::CYAN, ui.t("hint", &[])),
                ui.t(super::UNFENCED_HINT, &[])
            ));
        }
    }
    Ok(code)
}
