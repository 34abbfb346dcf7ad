//! `git orx report`

use std::path::PathBuf;

use super::Ui;

/// Write the process report: one self-contained HTML page (no network, no
/// external file) with a section per kind (every kind `metrics` measures,
/// or the one `--kind` names): the cumulative flow of its items, the time
/// spent in each state, the items stuck now, the alerts and each item's
/// timeline (for stories, the review rounds too).
#[derive(clap::Args)]
pub struct Args {
    /// Only the items of this kind (default: every kind history has items
    /// of, and the default kind, story, always).
    #[arg(long, value_name = "KIND")]
    kind: Option<String>,
    /// Where to write the page (`-`: standard output). Default:
    /// `orx/report.html` in the git directory.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Open the page in the default browser afterwards.
    #[arg(long)]
    open: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let page = page(ui, &ws, args.kind.as_deref())?;
    if args.html.as_deref() == Some(std::path::Path::new("-")) {
        if args.open {
            return Err(orx::Error::Usage(orx::msg!("open-needs-file")));
        }
        ui.line(page.trim_end());
        return Ok(0);
    }
    let path = match args.html {
        Some(p) => p,
        None => {
            let dir = ws.repo.orx_dir();
            std::fs::create_dir_all(&dir).map_err(|e| {
                orx::Error::io(
                    orx::msg!("cannot-make-directory", path = dir.display().to_string()),
                    e,
                )
            })?;
            dir.join("report.html")
        }
    };
    write(&path, page.as_bytes())?;
    ui.line(ui.t("wrote-path", &[("path", &path.display())]));
    if args.open {
        ui.flush();
        open(ui.voice(), &path)?;
    }
    Ok(0)
}

/// The page of `kind`, else of every kind `metrics` measures without one
/// (a section per kind).
fn page(ui: &Ui, ws: &orx::repo::workspace::Workspace, kind: Option<&str>) -> orx::Result<String> {
    let now = super::now_seconds();
    let all = super::metrics::measured(
        ui,
        ws,
        kind,
        &orx::kinds::metrics::Options {
            now,
            keep: super::build_id(),
            ..Default::default()
        },
    )?;
    let kinds: Vec<_> = all.iter().map(|(k, m)| (*k, m)).collect();
    orx::kinds::report::report(ws, now, &kinds, &mut super::history_progress(ui.voice()))
}

/// Writes the page whole or not at all (a temp file renamed over it).
fn write(path: &std::path::Path, bytes: &[u8]) -> orx::Result<()> {
    let fail = |e: std::io::Error| {
        orx::Error::io(
            orx::msg!("cannot-write-path", path = path.display().to_string()),
            e,
        )
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".orx-report-")
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map_err(fail)?;
    std::io::Write::write_all(&mut tmp, bytes).map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

/// Opens the page with the system's opener.
pub fn open(voice: &crate::cli::msg::Voice, path: &std::path::Path) -> orx::Result<()> {
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let status = std::process::Command::new(opener[0])
        .args(&opener[1..])
        .arg(path)
        .status()
        .map_err(|e| {
            orx::Error::Failed(orx::text::message::Message::text(voice.t(
                "cannot-start-program-open-path",
                &[
                    ("program", &opener[0]),
                    ("path", &path.display()),
                    ("why", &e),
                ],
            )))
        })?;
    if !status.success() {
        return Err(orx::Error::Failed(orx::msg!(
            "opener-could-not-open",
            opener = &opener[0],
            path = path.display().to_string(),
            status = status.to_string()
        )));
    }
    Ok(())
}
