//! `git orx man DIR`: writes the manual pages (`git orx --help` asks git to
//! show `man git-orx`). install.sh runs it.

use std::path::PathBuf;

use super::Ui;

/// Write the manual pages (git-orx.1 and one per command) into DIR.
#[derive(clap::Args)]
pub struct Args {
    /// The directory for the pages, e.g. ~/.cargo/share/man/man1.
    dir: PathBuf,
}

pub fn run(ui: &mut Ui, args: Args, cmd: clap::Command) -> orx::Result<u8> {
    std::fs::create_dir_all(&args.dir).map_err(|e| {
        orx::Error::io(
            orx::msg!(
                "cannot-make-directory",
                path = args.dir.display().to_string()
            ),
            e,
        )
    })?;
    let mut pages = vec![("git-orx".to_owned(), cmd.clone().name("git-orx"))];
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("git-orx-{}", sub.get_name());
        pages.push((name.clone(), sub.clone().name(name)));
    }
    for (name, page) in pages {
        let path = args.dir.join(format!("{name}.1"));
        let mut out = Vec::new();
        clap_mangen::Man::new(page).render(&mut out).map_err(|e| {
            orx::Error::io(
                orx::msg!("cannot-write-path", path = path.display().to_string()),
                e,
            )
        })?;
        std::fs::write(&path, out).map_err(|e| {
            orx::Error::io(
                orx::msg!("cannot-write-path", path = path.display().to_string()),
                e,
            )
        })?;
        ui.line(path.display().to_string());
    }
    Ok(0)
}
