//! `git orx demo`: a guided run of the story lifecycle's scenarios in a sample
//! repository, made by running this very binary as a user would.

use std::path::{Path, PathBuf};
use std::process::Command;

use orx::Error;
use orx::doc::Document;
use orx::engine::checklist::Checklist;
use orx::repo::rules::STORY_TEMPLATE;

use super::{BOLD, CYAN, DIM, Ui, paint};

/// Build a sample repository and walk stories through the story lifecycle's scenarios,
/// and an agent through its lifecycle, with the real commands,
/// printing what you would type and see.
#[derive(clap::Args)]
pub struct Args {
    /// Where to build it (a new or empty directory; it is kept). Default: a
    /// temporary directory, removed afterwards unless --keep.
    dir: Option<PathBuf>,
    /// Keep the temporary repository to explore it.
    #[arg(long)]
    keep: bool,
}

struct Demo<'a> {
    ui: &'a mut Ui,
    dir: PathBuf,
    exe: PathBuf,
    path: std::ffi::OsString,
    /// Steps whose exit code was not the one expected.
    surprises: Vec<String>,
    /// Each story's text as `git orx new` made it.
    originals: std::collections::HashMap<String, String>,
}

impl Demo<'_> {
    fn heading(&mut self, text: &str) {
        self.ui.line("");
        self.ui
            .line(paint(BOLD, format!("## {}", super::msg::t(text, &[]))));
    }

    fn say(&mut self, text: &str) {
        self.ui
            .line(paint(DIM, format!("# {}", super::msg::t(text, &[]))));
    }

    /// Runs `git orx args` (or `git args` when `orx` is false) in the demo
    /// repository, prints it and its output, and notes an unexpected exit.
    fn run(&mut self, orx: bool, args: &[&str], expect: i32) {
        // The notes a user would write, in the demo's language.
        let args: Vec<String> = args
            .iter()
            .map(|a| match a.contains(' ') {
                true => super::msg::t(a, &[]),
                false => (*a).to_owned(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let args = args.as_slice();
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

    /// Writes every section of story `id` as the SM would (sample text; the
    /// Dev Notes items cite their sources when `sourced`), from the text
    /// `git orx new` gave it.
    fn write_story(&mut self, id: &str, sourced: bool) {
        let dir = self.dir.join("docs/stories");
        let Some(path) = std::fs::read_dir(&dir).ok().and_then(|entries| {
            entries.filter_map(|e| e.ok().map(|e| e.path())).find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(&format!("{id}.")))
            })
        }) else {
            self.surprises
                .push(format!("story {id} was not found to write"));
            return;
        };
        let rel = path
            .strip_prefix(&self.dir)
            .unwrap_or(&path)
            .display()
            .to_string();
        let original = match self.originals.get(id) {
            Some(text) => text.clone(),
            None => match std::fs::read_to_string(&path) {
                Ok(text) => {
                    self.originals.insert(id.to_owned(), text.clone());
                    text
                }
                Err(e) => {
                    self.surprises.push(format!("cannot read {rel}: {e}"));
                    return;
                }
            },
        };
        // The frontmatter as it is now, the body as the SM writes it.
        let split = |text: String| {
            Document::parse(text).ok().map(|d| {
                let body = d.body().len();
                let text = d.text();
                (
                    text[..text.len() - body].to_owned(),
                    text[text.len() - body..].to_owned(),
                )
            })
        };
        let written = Checklist::from_template(STORY_TEMPLATE).sample(&original, sourced);
        let (Some((fm, _)), Some((_, body))) = (
            split(std::fs::read_to_string(&path).unwrap_or_default()),
            split(written),
        ) else {
            self.surprises.push(format!("{rel} is not a story file"));
            return;
        };
        let how = if sourced {
            "every section, each Dev Notes item with its source"
        } else {
            "every section, but no sources"
        };
        let said = super::msg::t(
            "The SM writes the story in {path} ({how}; here, sample text).",
            &[("path", &rel), ("how", &super::msg::t(how, &[]))],
        );
        self.ui.line(paint(DIM, format!("# {said}")));
        if let Err(e) = std::fs::write(&path, format!("{fm}{body}")) {
            self.surprises.push(format!("cannot write {rel}: {e}"));
        }
    }

    /// Writes a file of the sample repository, as a user's editor would.
    fn write_file(&mut self, rel: &str, text: &str) {
        let path = self.dir.join(rel);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, text));
        if let Err(e) = written {
            self.surprises.push(format!("cannot write {rel}: {e}"));
        }
    }

    fn remove_file(&mut self, rel: &str) {
        if let Err(e) = std::fs::remove_file(self.dir.join(rel)) {
            self.surprises.push(format!("cannot remove {rel}: {e}"));
        }
    }

    /// Replaces `from` with `to` in `.orx/config.yaml`.
    fn edit_config(&mut self, from: &str, to: &str) {
        let path = self.dir.join(".orx/config.yaml");
        match std::fs::read_to_string(&path) {
            Ok(text) if text.contains(from) => {
                self.write_file(".orx/config.yaml", &text.replace(from, to))
            }
            _ => self
                .surprises
                .push(format!("`{from}` is not in .orx/config.yaml")),
        }
    }

    fn orx(&mut self, args: &[&str]) {
        self.run(true, args, 0);
    }

    fn refused(&mut self, args: &[&str]) {
        self.run(true, args, 1);
    }
}

pub fn run(ui: &mut Ui, args: Args, lang: Option<&str>) -> orx::Result<u8> {
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
        originals: Default::default(),
    };
    d.ui.line(paint(
        BOLD,
        super::msg::t(
            "git-orx demo: the story lifecycle and an agent's session, run for real",
            &[],
        ),
    ));
    d.ui.line(super::msg::t(
        "sample repository: {path}",
        &[("path", &dir.display())],
    ));
    script(&mut d, lang.unwrap_or("en"));
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
    d.ui.line(
        "Next: the tutorial (docs/tutorial.md in git-orx's source, or `mdbook serve` there) does the same in a repository of your own, step by step; `git orx -h` lists the commands.",
    );
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
    // The sample repository keeps its hooks to itself, whatever a global
    // core.hooksPath says.
    d.run(false, &["config", "core.hooksPath", ".git/hooks"], 0);
    d.orx(&["init", "--lang", lang]);
    d.run(false, &["add", ".orx"], 0);
    d.run(false, &["commit", "-q", "-m", "Set up git-orx"], 0);

    d.heading("Scenario 1: a high-quality story is approved directly");
    d.orx(&["new", "User login", "--as", "sm"]);
    d.write_story("1.1", true);
    d.say("The quality check measures structure and technical extraction in the story itself;");
    d.say("the SM gives the technical score (8.5) and the complexity indicators (none).");
    d.orx(&["story", "assess", "1.1", "--score", "8.5", "--as", "sm"]);
    d.say(
        "Dev implements it; QA's gate (round 1: every criterion met, no Critical or High) passes.",
    );
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
    d.orx(&[
        "story",
        "gate",
        "1.1",
        "--as",
        "qa",
        "--critical",
        "0",
        "--high",
        "0",
        "--low",
        "1",
        "--criteria-met",
    ]);
    d.say("Done is terminal: nothing may leave it.");
    d.refused(&["move", "1.1", "InProgress", "--as", "dev"]);

    d.heading("Scenario 2: a story that needs the Architect");
    d.orx(&["new", "Payment webhooks", "--as", "sm"]);
    d.write_story("1.2", true);
    d.say("Score 7.0 with one complexity indicator: the Architect must review it.");
    d.orx(&[
        "story",
        "assess",
        "1.2",
        "--score",
        "7.0",
        "--complexity",
        "cross-service",
        "--as",
        "sm",
    ]);
    d.say("Dev may not touch it while it waits for the Architect.");
    d.refused(&["move", "1.2", "Approved", "--as", "dev"]);
    d.say("The Architect's review: score 8/10, no Critical issue, so it passes.");
    d.orx(&[
        "story",
        "gate",
        "1.2",
        "--as",
        "architect",
        "--score",
        "8",
        "--critical",
        "0",
        "--minor",
        "1",
    ]);

    d.heading("Scenario 3: a story that needs revision");
    d.orx(&["new", "Data export", "--as", "sm"]);
    d.write_story("1.3", false);
    d.say("The Dev Notes cite no sources and the score is 5.0: Blocked, with what is missing.");
    d.orx(&["story", "assess", "1.3", "--score", "5.0", "--as", "sm"]);
    d.say("Approving it by hand is refused, with every condition it misses.");
    d.refused(&["move", "1.3", "Approved", "--as", "sm"]);
    d.write_story("1.3", true);
    d.say("Revised: sources cited, score 8.0 but two complexity indicators, so the Architect reviews it.");
    d.orx(&[
        "story",
        "assess",
        "1.3",
        "--score",
        "8.0",
        "--complexity",
        "api-contract,db-schema",
        "--as",
        "sm",
    ]);
    d.orx(&[
        "story",
        "gate",
        "1.3",
        "--as",
        "architect",
        "--score",
        "6",
        "--critical",
        "0",
        "--minor",
        "3",
        "-m",
        "pagination contract unclear",
    ]);
    d.say("The review found only Minor issues and the score rises from 6 to 8.5: auto-approval.");
    d.orx(&[
        "story",
        "assess",
        "1.3",
        "--score",
        "8.5",
        "--complexity",
        "api-contract,db-schema",
        "--as",
        "sm",
    ]);

    d.heading("Scenario 4: QA finds problems");
    d.orx(&["move", "1.2", "InProgress", "--as", "dev"]);
    d.orx(&["move", "1.2", "Review", "--as", "dev"]);
    d.say("Round 1 is strict: 4 issues, 2 of them High, so it goes back to Dev.");
    d.orx(&[
        "story",
        "gate",
        "1.2",
        "--as",
        "qa",
        "--critical",
        "0",
        "--high",
        "2",
        "--medium",
        "2",
        "--criteria-failed",
    ]);
    d.orx(&[
        "move",
        "1.2",
        "Review",
        "--as",
        "dev",
        "-m",
        "fixed the High issues",
    ]);
    d.say("Round 2 is moderate: issues down from 4 to 2 (50%), no High: Done.");
    d.orx(&[
        "story",
        "gate",
        "1.2",
        "--as",
        "qa",
        "--critical",
        "0",
        "--high",
        "0",
        "--medium",
        "2",
        "--criteria-met",
    ]);

    d.heading("Scenario 5: a complex problem is escalated");
    d.orx(&["new", "Multi-region failover", "--as", "sm"]);
    d.write_story("1.4", true);
    d.orx(&[
        "story",
        "assess",
        "1.4",
        "--score",
        "9.0",
        "--complexity",
        "new-pattern,cross-service,performance",
        "--as",
        "sm",
    ]);
    d.orx(&[
        "story",
        "gate",
        "1.4",
        "--as",
        "architect",
        "--score",
        "7",
        "--critical",
        "1",
        "--escalate",
        "-m",
        "needs a decision on consistency vs availability",
    ]);
    d.say("Only the Human decides now: AwaitingArchReview, Approved or Blocked.");
    d.refused(&["move", "1.4", "Approved", "--as", "architect"]);
    d.orx(&[
        "move",
        "1.4",
        "Approved",
        "--as",
        "human",
        "-m",
        "accept eventual consistency",
    ]);

    d.heading("An agent's session: checks, the circuit breaker, rollback");
    d.say("The checks `git orx agent check` runs are configured, and committed by the Human.");
    d.edit_config("checks: []", "checks: [\"test -f build-ok\"]");
    d.write_file("build-ok", "");
    d.write_file("src/login.rs", "fn login() {}\n");
    d.run(
        false,
        &["add", ".orx/config.yaml", "build-ok", "src/login.rs"],
        0,
    );
    d.run(
        false,
        &[
            "-c",
            "orx.role=human",
            "commit",
            "-q",
            "-m",
            "Checks for agents",
        ],
        0,
    );
    d.orx(&["agent", "init", "--acts-as", "dev", "--as", "human"]);
    d.orx(&[
        "agent",
        "fire",
        "USER_INPUT_REQUIREMENT",
        "-m",
        "implement story 1.3",
        "--as",
        "human",
    ]);
    d.orx(&["agent", "task", "add", "export endpoint", "--as", "dev"]);
    d.orx(&["agent", "fire", "PRD_GENERATED", "--as", "dev"]);
    d.say("The user says Go: a checkpoint of the work tree is made.");
    d.orx(&["agent", "fire", "USER_CONFIRM", "--as", "human"]);
    d.say("No new requirement while EXECUTING.");
    d.refused(&["agent", "task", "add", "and an import too", "--as", "dev"]);
    d.say("The agent breaks the build; each failing check counts, the third fix that fails trips the breaker.");
    d.write_file("src/login.rs", "fn login( {}\n");
    d.remove_file("build-ok");
    for _ in 0..4 {
        d.run(true, &["agent", "check", "--as", "dev"], 4);
    }
    d.say("The Human rolls the work back to the checkpoint; the agent is IDLE again, its session archived and cleared.");
    d.orx(&["agent", "fire", "ROLLBACK", "--as", "human"]);
    d.orx(&["agent", "show"]);

    d.heading("Where things stand");
    d.orx(&["status"]);
    d.orx(&["next"]);
    d.orx(&["show", "1.3"]);
    d.orx(&["log", "1.2"]);
}
