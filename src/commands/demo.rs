//! `git orx demo`: a guided run of seed 000's scenarios in a sample
//! repository, made by running this very binary as a user would.

use std::path::{Path, PathBuf};
use std::process::Command;

use orx::Error;

use super::{BOLD, CYAN, DIM, Ui, paint};

/// Build a sample repository and walk stories through seed 000's scenarios
/// with the real commands, printing what you would type and see.
#[derive(clap::Args)]
pub struct Args {
    /// Where to build it (a new or empty directory; it is kept). Default: a
    /// temporary directory, removed afterwards unless --keep.
    dir: Option<PathBuf>,
    /// Keep the temporary repository to explore it.
    #[arg(long)]
    keep: bool,
    /// Language of the handoff messages.
    #[arg(long, value_parser = ["en", "zh"], default_value = "en")]
    lang: String,
}

struct Demo<'a> {
    ui: &'a mut Ui,
    dir: PathBuf,
    exe: PathBuf,
    path: std::ffi::OsString,
    /// Steps whose exit code was not the one expected.
    surprises: Vec<String>,
}

impl Demo<'_> {
    fn heading(&mut self, text: &str) {
        self.ui.line("");
        self.ui.line(paint(BOLD, format!("## {text}")));
    }

    fn say(&mut self, text: &str) {
        self.ui.line(paint(DIM, format!("# {text}")));
    }

    /// Runs `git orx args` (or `git args` when `orx` is false) in the demo
    /// repository, prints it and its output, and notes an unexpected exit.
    fn run(&mut self, orx: bool, args: &[&str], expect: i32) {
        let shown: Vec<String> = args
            .iter()
            .map(|a| {
                if a.contains([' ', '`', '(']) {
                    format!("\"{a}\"")
                } else {
                    (*a).to_owned()
                }
            })
            .collect();
        let prefix = if orx { "git orx" } else { "git" };
        self.ui
            .line(format!("{} {prefix} {}", paint(CYAN, "$"), shown.join(" ")));
        let mut cmd = if orx {
            Command::new(&self.exe)
        } else {
            Command::new("git")
        };
        let out = cmd
            .args(args)
            .current_dir(&self.dir)
            .env("PATH", &self.path)
            .env_remove("ORX_ROLE")
            .env_remove("GIT_DIR")
            .env_remove("GIT_WORK_TREE")
            .env_remove("GIT_INDEX_FILE")
            .output();
        let (code, text) = match out {
            Ok(o) => {
                let mut text = String::from_utf8_lossy(&o.stdout).into_owned();
                text.push_str(&String::from_utf8_lossy(&o.stderr));
                (o.status.code().unwrap_or(-1), text)
            }
            Err(e) => (-1, format!("cannot run: {e}")),
        };
        for line in text.lines() {
            self.ui.line(line);
        }
        if code != 0 {
            self.ui.line(paint(DIM, format!("(exit {code})")));
        }
        if code != expect {
            self.surprises.push(format!(
                "`{prefix} {}` exited {code}, expected {expect}",
                args.join(" ")
            ));
        }
    }

    fn orx(&mut self, args: &[&str]) {
        self.run(true, args, 0);
    }

    fn refused(&mut self, args: &[&str]) {
        self.run(true, args, 1);
    }
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let exe = std::env::current_exe()
        .map_err(|e| Error::Failed(format!("cannot find the git-orx binary: {e}")))?;
    let (dir, temp) = match &args.dir {
        Some(d) => {
            if d.exists()
                && std::fs::read_dir(d)
                    .map(|mut r| r.next().is_some())
                    .unwrap_or(true)
            {
                return Err(Error::Usage(format!(
                    "{} is not an empty directory",
                    d.display()
                )));
            }
            std::fs::create_dir_all(d)
                .map_err(|e| Error::Failed(format!("{}: {e}", d.display())))?;
            (d.canonicalize().unwrap_or_else(|_| d.clone()), None)
        }
        None => {
            let t = tempfile::Builder::new()
                .prefix("git-orx-demo-")
                .tempdir()
                .map_err(|e| Error::Failed(format!("temporary directory: {e}")))?;
            (t.path().to_path_buf(), Some(t))
        }
    };
    // The children find this binary first, so hooks and `git orx` resolve to it.
    let bin_dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .map_err(|e| Error::Failed(e.to_string()))?;
    let mut d = Demo {
        ui,
        dir: dir.clone(),
        exe,
        path,
        surprises: Vec::new(),
    };
    d.ui.line(paint(
        BOLD,
        "git-orx demo: seed 000's story lifecycle, run for real",
    ));
    d.ui.line(format!("sample repository: {}", dir.display()));
    script(&mut d, &args.lang);
    let surprises = std::mem::take(&mut d.surprises);
    d.ui.line("");
    match (temp, args.keep) {
        (Some(t), true) => d.ui.line(format!(
            "The repository is kept at {} (try `git log` there).",
            t.keep().display()
        )),
        (Some(_), false) => d
            .ui
            .line("The temporary repository was removed; run `git orx demo --keep` to explore it."),
        (None, _) => d.ui.line(format!(
            "The repository is at {} (try `git log` there).",
            dir.display()
        )),
    }
    if surprises.is_empty() {
        return Ok(0);
    }
    for s in surprises {
        d.ui.eline(format!("demo step went wrong: {s}"));
    }
    Ok(1)
}

fn script(d: &mut Demo, lang: &str) {
    d.heading("Set up");
    d.run(false, &["init", "-q"], 0);
    d.run(false, &["config", "user.name", "Demo User"], 0);
    d.run(false, &["config", "user.email", "demo@example.com"], 0);
    d.orx(&["init", "--lang", lang]);
    d.run(false, &["add", ".orx"], 0);
    d.run(false, &["commit", "-q", "-m", "Set up git-orx"], 0);

    d.heading("Scenario 1: a high-quality story is approved directly");
    d.say("SM creates the story and runs the quality check: score 8.5, no complexity indicator.");
    d.orx(&["new", "User login", "--as", "sm"]);
    d.orx(&[
        "assess",
        "1.1",
        "--structure",
        "100",
        "--extraction",
        "92",
        "--score",
        "8.5",
        "--as",
        "sm",
    ]);
    d.say("Dev implements it, QA passes it.");
    d.orx(&["move", "1.1", "InProgress", "--as", "dev"]);
    d.orx(&[
        "move",
        "1.1",
        "Review",
        "--as",
        "dev",
        "-m",
        "all tasks and tests done",
    ]);
    d.orx(&["move", "1.1", "Done", "--as", "qa"]);
    d.say("Done is terminal: nothing may leave it.");
    d.refused(&["move", "1.1", "InProgress", "--as", "dev"]);

    d.heading("Scenario 2: a story that needs the Architect");
    d.say("Score 7.0 with one complexity indicator: the Architect must review it.");
    d.orx(&["new", "Payment webhooks", "--as", "sm"]);
    d.orx(&[
        "assess",
        "1.2",
        "--structure",
        "100",
        "--extraction",
        "88",
        "--score",
        "7.0",
        "--complexity",
        "api-contract",
        "--as",
        "sm",
    ]);
    d.say("Dev may not touch it while it waits for the Architect.");
    d.refused(&["move", "1.2", "Approved", "--as", "dev"]);
    d.orx(&[
        "move",
        "1.2",
        "Approved",
        "--as",
        "architect",
        "-m",
        "review score 8/10, no Critical issue",
    ]);

    d.heading("Scenario 3: a story that needs revision");
    d.orx(&["new", "Data export", "--as", "sm"]);
    d.orx(&[
        "assess",
        "1.3",
        "--structure",
        "100",
        "--extraction",
        "85",
        "--score",
        "5.0",
        "--as",
        "sm",
    ]);
    d.say("Approving it without a passing quality check is refused, with every missing condition.");
    d.refused(&["move", "1.3", "Approved", "--as", "sm"]);
    d.orx(&[
        "assess",
        "1.3",
        "--structure",
        "100",
        "--extraction",
        "90",
        "--score",
        "8.0",
        "--complexity",
        "api-contract,db-schema",
        "--as",
        "sm",
    ]);
    d.orx(&[
        "move",
        "1.3",
        "RequiresRevision",
        "--as",
        "architect",
        "-m",
        "pagination contract unclear",
    ]);
    d.say("The SM revises only Minor issues and the score rises by 2: auto-approval.");
    d.orx(&[
        "assess",
        "1.3",
        "--structure",
        "100",
        "--extraction",
        "95",
        "--score",
        "10",
        "--open-critical",
        "0",
        "--revised",
        "minor",
        "--as",
        "sm",
    ]);

    d.heading("Where things stand");
    d.orx(&["status"]);
    d.orx(&["next"]);
    d.orx(&["show", "1.2"]);
    d.run(
        false,
        &["log", "--format=%h %s%n%w(0,4,4)%(trailers:only)", "-3"],
        0,
    );
}
