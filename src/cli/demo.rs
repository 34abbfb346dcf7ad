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
            .line(paint(BOLD, format!("## {}", self.ui.t(text, &[]))));
    }

    fn say(&mut self, text: &str) {
        self.ui
            .line(paint(DIM, format!("# {}", self.ui.t(text, &[]))));
    }

    /// Runs `git orx args` (or `git args` when `orx` is false) in the demo
    /// repository, prints it and its output, and notes an unexpected exit.
    fn run(&mut self, orx: bool, args: &[&str], expect: i32) {
        let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
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
            Err(e) => (-1, self.ui.t("cannot-run-why", &[("why", &e)])),
        };
        for line in text.lines() {
            self.ui.line(line);
        }
        if code != 0 {
            self.ui
                .line(paint(DIM, self.ui.t("demo-exit-code", &[("code", &code)])));
        }
        if code != expect {
            let command = format!("{prefix} {}", args.join(" "));
            self.surprises.push(self.ui.t(
                "demo-command-exited-unexpectedly",
                &[("command", &command), ("code", &code), ("expect", &expect)],
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
                .push(self.ui.t("demo-story-not-found-to-write", &[("id", &id)]));
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
                    self.surprises.push(
                        self.ui
                            .t("cannot-read-file-e", &[("file", &rel), ("e", &e)]),
                    );
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
            self.surprises
                .push(self.ui.t("demo-not-a-story-file", &[("path", &rel)]));
            return;
        };
        let how = if sourced {
            "every-section-each-dev-notes"
        } else {
            "every-section-but-no-sources"
        };
        let said = self.ui.t(
            "sm-writes-story-path-how",
            &[("path", &rel), ("how", &self.ui.t(how, &[]))],
        );
        self.ui.line(paint(DIM, format!("# {said}")));
        if let Err(e) = std::fs::write(&path, format!("{fm}{body}")) {
            self.surprises.push(
                self.ui
                    .t("cannot-write-file-why", &[("file", &rel), ("why", &e)]),
            );
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
            self.surprises.push(
                self.ui
                    .t("cannot-write-file-why", &[("file", &rel), ("why", &e)]),
            );
        }
    }

    fn remove_file(&mut self, rel: &str) {
        if let Err(e) = std::fs::remove_file(self.dir.join(rel)) {
            self.surprises.push(
                self.ui
                    .t("cannot-remove-file-why", &[("file", &rel), ("why", &e)]),
            );
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
                .push(self.ui.t("demo-text-not-in-config", &[("text", &from)])),
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
    let exe =
        std::env::current_exe().map_err(|e| Error::io(orx::msg!("cannot-find-binary-why"), e))?;
    let (dir, temp) = match &args.dir {
        Some(d) => {
            if d.exists()
                && std::fs::read_dir(d)
                    .map(|mut r| r.next().is_some())
                    .unwrap_or(true)
            {
                return Err(Error::Usage(orx::msg!(
                    "not-empty-directory",
                    path = d.display().to_string()
                )));
            }
            std::fs::create_dir_all(d).map_err(|e| {
                Error::io(
                    orx::msg!("cannot-make-directory", path = d.display().to_string()),
                    e,
                )
            })?;
            (d.canonicalize().unwrap_or_else(|_| d.clone()), None)
        }
        None => {
            let t = tempfile::Builder::new()
                .prefix("git-orx-demo-")
                .tempdir()
                .map_err(|e| Error::io(orx::msg!("temporary-directory-why"), e))?;
            (t.path().to_path_buf(), Some(t))
        }
    };
    // The children find this binary first, so hooks and `git orx` resolve to it.
    let bin_dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .map_err(|e| Error::internal(orx::msg!("cannot-set-path-children"), e))?;
    let mut d = Demo {
        ui,
        dir: dir.clone(),
        exe,
        path,
        surprises: Vec::new(),
        originals: Default::default(),
    };
    d.ui.line(paint(BOLD, d.ui.t("git-orx-demo-story-lifecycle", &[])));
    d.ui.line(d.ui.t("sample-repository-path", &[("path", &dir.display())]));
    let voice = d.ui.voice().clone();
    script(&voice, &mut d, lang.unwrap_or("en"));
    let surprises = std::mem::take(&mut d.surprises);
    d.ui.line("");
    match (temp, args.keep) {
        (Some(t), true) => d.ui.line(d.ui.t(
            "repository-kept-path-try-git",
            &[("path", &t.keep().display())],
        )),
        (Some(_), false) => {
            d.ui.line(d.ui.t("temporary-repository-removed-run-git", &[]))
        }
        (None, _) => {
            d.ui.line(d.ui.t("repository-path-try-git-log", &[("path", &dir.display())]))
        }
    }
    d.ui.line(d.ui.t("next-tutorial-docs-tutorial-md", &[]));
    if surprises.is_empty() {
        return Ok(0);
    }
    for s in surprises {
        d.ui.eline(d.ui.t("demo-step-went-wrong-text", &[("text", &s)]));
    }
    Ok(1)
}

fn script(voice: &crate::cli::msg::Voice, d: &mut Demo, lang: &str) {
    d.heading("set-up");
    d.run(false, &["init", "-q"], 0);
    d.run(false, &["config", "user.name", "Demo User"], 0);
    d.run(false, &["config", "user.email", "demo@example.com"], 0);
    // The sample repository keeps its hooks to itself, whatever a global
    // core.hooksPath says.
    d.run(false, &["config", "core.hooksPath", ".git/hooks"], 0);
    d.orx(&["init", "--lang", lang]);
    d.run(false, &["add", ".orx"], 0);
    d.run(false, &["commit", "-q", "-m", "Set up git-orx"], 0);

    d.heading("scenario-high-quality-story-approved");
    d.orx(&["new", "User login", "--as", "sm"]);
    d.write_story("1.1", true);
    d.say("quality-check-measures-structure-technical");
    d.say("sm-gives-technical-score-complexity");
    d.orx(&["story", "assess", "1.1", "--score", "8.5", "--as", "sm"]);
    d.say("dev-implements-qa-s-gate");
    d.orx(&["move", "1.1", "InProgress", "--as", "dev"]);
    d.orx(&[
        "move",
        "1.1",
        "Review",
        "--as",
        "dev",
        "-m",
        &voice.t("all-tasks-tests-done", &[]),
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
    d.say("done-terminal-nothing-may-leave");
    d.refused(&["move", "1.1", "InProgress", "--as", "dev"]);

    d.heading("scenario-story-needs-architect");
    d.orx(&["new", "Payment webhooks", "--as", "sm"]);
    d.write_story("1.2", true);
    d.say("score-one-complexity-indicator-architect");
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
    d.say("dev-may-not-touch-while");
    d.refused(&["move", "1.2", "Approved", "--as", "dev"]);
    d.say("architect-s-review-score-no");
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

    d.heading("scenario-story-needs-revision");
    d.orx(&["new", "Data export", "--as", "sm"]);
    d.write_story("1.3", false);
    d.say("dev-notes-cite-no-sources");
    d.orx(&["story", "assess", "1.3", "--score", "5.0", "--as", "sm"]);
    d.say("approving-hand-refused-every-condition");
    d.refused(&["move", "1.3", "Approved", "--as", "sm"]);
    d.write_story("1.3", true);
    d.say("revised-sources-cited-score-but");
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
        &voice.t("pagination-contract-unclear", &[]),
    ]);
    d.say("review-found-only-minor-issues");
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

    d.heading("scenario-qa-finds-problems");
    d.orx(&["move", "1.2", "InProgress", "--as", "dev"]);
    d.orx(&["move", "1.2", "Review", "--as", "dev"]);
    d.say("round-strict-issues-them-high");
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
        &voice.t("fixed-high-issues", &[]),
    ]);
    d.say("round-moderate-issues-down-no");
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

    d.heading("scenario-complex-problem-escalated");
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
        &voice.t("needs-decision-consistency-vs-availability", &[]),
    ]);
    d.say("only-human-decides-now-awaitingarchreview");
    d.refused(&["move", "1.4", "Approved", "--as", "architect"]);
    d.orx(&[
        "move",
        "1.4",
        "Approved",
        "--as",
        "human",
        "-m",
        &voice.t("accept-eventual-consistency", &[]),
    ]);

    d.heading("agent-s-session-checks-circuit");
    d.say("checks-git-orx-agent-check");
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
        &voice.t("implement-story", &[]),
        "--as",
        "human",
    ]);
    d.orx(&[
        "agent",
        "task",
        "add",
        &voice.t("export-endpoint", &[]),
        "--as",
        "dev",
    ]);
    d.orx(&["agent", "fire", "PRD_GENERATED", "--as", "dev"]);
    d.say("user-says-go-checkpoint-work");
    d.orx(&["agent", "fire", "USER_CONFIRM", "--as", "human"]);
    d.say("no-new-requirement-while-executing");
    d.refused(&[
        "agent",
        "task",
        "add",
        &voice.t("import-too", &[]),
        "--as",
        "dev",
    ]);
    d.say("agent-breaks-build-each-failing");
    d.write_file("src/login.rs", "fn login( {}\n");
    d.remove_file("build-ok");
    for _ in 0..4 {
        d.run(true, &["agent", "check", "--as", "dev"], 4);
    }
    d.say("human-rolls-work-back-checkpoint");
    d.orx(&["agent", "fire", "ROLLBACK", "--as", "human"]);
    d.orx(&["agent", "show"]);

    d.heading("where-things-stand");
    d.orx(&["status"]);
    d.orx(&["next"]);
    d.orx(&["show", "1.3"]);
    d.orx(&["log", "1.2"]);
}
