//! A hermetic repository for end-to-end tests: a temp dir, a cleared
//! environment (no user or system git config), fixed dates so commit ids are
//! stable, and the freshly built `git-orx` first on `PATH` so `git orx` and
//! git's hooks run it.
//!
//! Task IDs are drawn (`Tk3f9a`), so no test can know them beforehand: a
//! [`Repo`] learns each one from the files under `docs/tasks` as the
//! commands it runs make them, and lets the test call them `T1`, `T2`, ...
//! in that order (see [`Repo::task`], [`name_tasks`]).

#![allow(dead_code)]

use std::cell::RefCell;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub struct Repo {
    _tmp: tempfile::TempDir,
    pub root: PathBuf,
    home: PathBuf,
    path: OsString,
    extra_env: Vec<(String, String)>,
    /// The drawn task IDs made so far, in the order they appeared: the
    /// test calls the n-th `T<n>`.
    tasks: RefCell<Vec<String>>,
}

/// What a command did.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Exit code and both streams, for snapshots (commit ids redacted).
    pub fn render(&self) -> String {
        let mut s = format!("exit: {}\n", self.code);
        if !self.stdout.is_empty() {
            s.push_str("--- stdout\n");
            s.push_str(&self.stdout);
        }
        if !self.stderr.is_empty() {
            s.push_str("--- stderr\n");
            s.push_str(&self.stderr);
        }
        redact(&s)
    }

    #[track_caller]
    pub fn ok(&self) -> &Self {
        assert_eq!(self.code, 0, "expected success:\n{}", self.render());
        self
    }

    #[track_caller]
    pub fn code(&self, code: i32) -> &Self {
        assert_eq!(self.code, code, "expected exit {code}:\n{}", self.render());
        self
    }

    /// Checks that stderr holds every one of `needles`.
    #[track_caller]
    pub fn stderr_has(&self, needles: &[&str]) -> &Self {
        for needle in needles {
            assert!(
                self.stderr.contains(needle),
                "expected {needle:?} on stderr:\n{}",
                self.render()
            );
        }
        self
    }

    /// Checks that stdout holds every one of `needles`.
    #[track_caller]
    pub fn stdout_has(&self, needles: &[&str]) -> &Self {
        for needle in needles {
            assert!(
                self.stdout.contains(needle),
                "expected {needle:?} on stdout:\n{}",
                self.render()
            );
        }
        self
    }

    /// Checks that stderr holds none of `needles`.
    #[track_caller]
    pub fn stderr_lacks(&self, needles: &[&str]) -> &Self {
        for needle in needles {
            assert!(
                !self.stderr.contains(needle),
                "expected no {needle:?} on stderr:\n{}",
                self.render()
            );
        }
        self
    }

    /// Checks that stdout holds none of `needles`.
    #[track_caller]
    pub fn stdout_lacks(&self, needles: &[&str]) -> &Self {
        for needle in needles {
            assert!(
                !self.stdout.contains(needle),
                "expected no {needle:?} on stdout:\n{}",
                self.render()
            );
        }
        self
    }

    /// Checks the exit code and that stderr says each of `needles`: what
    /// a refusal or failure must tell the user.
    #[track_caller]
    pub fn fails(&self, code: i32, needles: &[&str]) -> &Self {
        self.code(code).stderr_has(needles)
    }
}

pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_git-orx"))
}

/// `loop new` for a loop "Auth" with the tasks in `tasks.jsonl`, by the API.
pub const NEW_LOGIN_LOOP: &[&str] = &[
    "loop",
    "new",
    "Auth",
    "--description",
    "Add login",
    "--tasks",
    "tasks.jsonl",
    "--as",
    "api",
];

impl Repo {
    /// An empty git repository (no commit yet).
    pub fn bare_git() -> Repo {
        let tmp = tempfile::Builder::new()
            .prefix("orx-test-")
            .tempdir()
            .unwrap();
        let root = tmp.path().join("repo");
        let home = tmp.path().join("home");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir_all(&home).unwrap();
        let root = root.canonicalize().unwrap();
        let bin_dir = bin().parent().unwrap().to_path_buf();
        let system = std::env::var_os("PATH").unwrap_or_default();
        let path =
            std::env::join_paths(std::iter::once(bin_dir).chain(std::env::split_paths(&system)))
                .unwrap();
        let repo = Repo {
            _tmp: tmp,
            root,
            home,
            path,
            extra_env: Vec::new(),
            tasks: RefCell::new(Vec::new()),
        };
        repo.git(&["init", "-q", "-b", "main"]).ok();
        repo
    }

    /// A repository with `git orx init` done and committed.
    pub fn new() -> Repo {
        let repo = Repo::bare_git();
        repo.orx(&["init"]).ok();
        repo.git(&["add", ".orx"]).ok();
        repo.git(&["commit", "-q", "-m", "Set up git-orx"]).ok();
        repo
    }

    /// Adds an environment variable to every later command.
    pub fn set_env(&mut self, key: &str, value: &str) {
        self.extra_env.push((key.to_owned(), value.to_owned()));
    }

    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut cmd = Command::new(program);
        cmd.current_dir(&self.root)
            .env_clear()
            .env("PATH", &self.path)
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "Test Author")
            .env("GIT_AUTHOR_EMAIL", "author@example.com")
            .env("GIT_COMMITTER_NAME", "Test Committer")
            .env("GIT_COMMITTER_EMAIL", "committer@example.com")
            .env("GIT_AUTHOR_DATE", "2026-01-02T03:04:05Z")
            .env("GIT_COMMITTER_DATE", "2026-01-02T03:04:05Z")
            .env("TZ", "UTC")
            .env("LANG", "C.UTF-8")
            .env("NO_COLOR", "1");
        for (k, v) in &self.extra_env {
            cmd.env(k, v);
        }
        cmd
    }

    /// Output as the test reads it: the repository's path as `<repo>`,
    /// each drawn task ID by its name (`T1`, ...), learning first the tasks
    /// the command made.
    fn finish(&self, out: Output) -> Run {
        self.learn_tasks();
        let clean = |b: &[u8]| {
            self.named(&String::from_utf8_lossy(b).replace(self.root.to_str().unwrap(), "<repo>"))
        };
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: clean(&out.stdout),
            stderr: clean(&out.stderr),
        }
    }

    /// `git orx args...`, through git as a user would type it.
    /// `git orx args...`, through git as a user would type it (tasks
    /// named `T1`, ... in `args` are given their drawn IDs).
    pub fn orx(&self, args: &[&str]) -> Run {
        let out = self
            .command("git")
            .arg("orx")
            .args(self.real_args(args))
            .output()
            .unwrap();
        self.finish(out)
    }

    pub fn orx_env(&self, args: &[&str], env: &[(&str, &str)]) -> Run {
        let out = self
            .command("git")
            .arg("orx")
            .args(self.real_args(args))
            .envs(env.iter().copied())
            .output()
            .unwrap();
        self.finish(out)
    }

    pub fn git(&self, args: &[&str]) -> Run {
        let out = self
            .command("git")
            .args(self.real_args(args))
            .output()
            .unwrap();
        self.finish(out)
    }

    /// The drawn ID of the task the test calls `name` (`T1`: the first
    /// task made).
    #[track_caller]
    pub fn task(&self, name: &str) -> String {
        let n: usize = name
            .strip_prefix('T')
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name:?} is no task name"));
        self.learn_tasks();
        let tasks = self.tasks.borrow();
        tasks
            .get(n.wrapping_sub(1))
            .cloned()
            .unwrap_or_else(|| panic!("no task {name} yet: {tasks:?}"))
    }

    /// The drawn task IDs made so far, in order.
    pub fn tasks(&self) -> Vec<String> {
        self.learn_tasks();
        self.tasks.borrow().clone()
    }

    /// `text` with each drawn task ID by its name (`T1`, ...).
    pub fn named(&self, text: &str) -> String {
        name_tasks(text, &self.tasks.borrow())
    }

    /// `text` with each task name (`T1`, ...) by its drawn ID.
    pub fn real(&self, text: &str) -> String {
        self.learn_tasks();
        real_tasks(text, &self.tasks.borrow())
    }

    fn real_args(&self, args: &[&str]) -> Vec<String> {
        args.iter().map(|a| self.real(a)).collect()
    }

    /// Learns the drawn IDs of the tasks under `docs/tasks` not seen yet
    /// (those a command made together, in the order of their IDs).
    fn learn_tasks(&self) {
        let Ok(dir) = std::fs::read_dir(self.root.join("docs/tasks")) else {
            return;
        };
        let mut new: Vec<String> = dir
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|n| n.split('.').next().map(str::to_owned))
            .filter(|id| is_drawn_task(id))
            .collect();
        new.sort();
        new.dedup();
        let mut tasks = self.tasks.borrow_mut();
        for id in new {
            if !tasks.contains(&id) {
                tasks.push(id);
            }
        }
    }

    /// A new loop "Auth" with one task, "Add login" (written to
    /// `tasks.jsonl`), made by the API; its ID.
    pub fn new_login_loop(&self) -> String {
        self.write("tasks.jsonl", "{\"description\": \"Add login\"}\n");
        let made = self.orx(&[&["--json"], NEW_LOGIN_LOOP].concat());
        made.ok();
        let made: serde_json::Value = serde_json::from_str(&made.stdout).unwrap();
        made["item"].as_str().unwrap().to_owned()
    }

    /// Commits everything, as a tool that runs no hooks would (with `env`:
    /// dates, identities).
    pub fn commit_all_unhooked(&self, message: &str, env: &[(&str, &str)]) {
        self.git(&["add", "-A"]).ok();
        let args = [
            "-c",
            "core.hooksPath=/dev/null",
            "commit",
            "-q",
            "-m",
            message,
        ];
        self.git_env(&args, env).ok();
    }

    pub fn git_env(&self, args: &[&str], env: &[(&str, &str)]) -> Run {
        let out = self
            .command("git")
            .args(self.real_args(args))
            .envs(env.iter().copied())
            .output()
            .unwrap();
        self.finish(out)
    }

    /// Commits everything under `.orx` as the Human (who alone may change
    /// the rules), putting it in force.
    pub fn commit_rules(&self, message: &str) {
        self.git(&["add", ".orx"]).ok();
        self.git_env(&["commit", "-q", "-m", message], &[("ORX_ROLE", "human")])
            .ok();
    }

    /// Switches the handoff language and commits it.
    pub fn set_lang(&self, lang: &str) {
        self.orx(&["init", "--lang", lang]).ok();
        self.commit_rules(&format!("Handoffs in {lang}"));
    }

    /// The path of `rel` (a task named `T1` in it by its drawn ID).
    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(self.real(rel))
    }

    /// Writes `text` to `rel` (tasks named `T1`, ... in it by their drawn
    /// IDs).
    pub fn write(&self, rel: &str, text: impl AsRef<[u8]>) {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        let text = match std::str::from_utf8(text.as_ref()) {
            Ok(t) => self.real(t).into_bytes(),
            Err(_) => text.as_ref().to_vec(),
        };
        std::fs::write(p, text).unwrap();
    }

    /// The text of `rel`, drawn task IDs by their names.
    pub fn read(&self, rel: &str) -> String {
        self.named(&std::fs::read_to_string(self.path(rel)).unwrap())
    }

    /// Every file of the work tree (outside .git) with its bytes, plus HEAD
    /// and the index: what a refused command must leave untouched.
    pub fn state(&self) -> String {
        let mut files = Vec::new();
        walk(&self.root, &self.root, &mut files);
        files.sort();
        let mut s = String::new();
        for (p, bytes) in files {
            s.push_str(&format!("{p}: {:?}\n", String::from_utf8_lossy(&bytes)));
        }
        s.push_str(&format!(
            "HEAD {}",
            self.git(&["rev-parse", "-q", "--verify", "HEAD"]).stdout
        ));
        s.push_str(&self.git(&["ls-files", "-s"]).stdout);
        s
    }

    /// Replaces the first `from` with `to` in a file.
    #[track_caller]
    pub fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = self.read(rel);
        assert!(text.contains(from), "{rel} has no {from:?}");
        self.write(rel, text.replacen(from, to, 1));
    }

    /// Creates a story, writes its sections as an SM would (every required
    /// section and every Dev Notes item, with sources), commits that, then
    /// runs the SM's quality check with `assess`'s flags, if any.
    pub fn story(&self, title: &str, assess: &[&str]) -> String {
        let out = self.orx(&["new", title, "--as", "sm"]);
        out.ok();
        let id = out
            .stdout
            .lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .trim_end_matches(':')
            .to_owned();
        let path = self.story_path(&id);
        self.write(&path, filled(&self.read(&path)));
        self.git_env(
            &["commit", "-q", "-m", "write the story", "--", &path],
            &[("ORX_ROLE", "sm")],
        )
        .ok();
        if !assess.is_empty() {
            let mut args = vec!["assess", id.as_str(), "--as", "sm"];
            args.extend_from_slice(assess);
            self.orx(&args).ok();
        }
        id
    }

    /// `git commit -q -am message` as `role`: a hand edit committed
    /// through git's hooks.
    pub fn commit_as(&self, role: &str, message: &str) -> Run {
        self.git_env(&["commit", "-q", "-am", message], &[("ORX_ROLE", role)])
    }

    /// Moves story `id` through each `(state, role)` in turn with
    /// `git orx move`; every move must succeed.
    #[track_caller]
    pub fn walk(&self, id: &str, moves: &[(&str, &str)]) {
        for (to, role) in moves {
            self.orx(&["move", id, to, "--as", role]).ok();
        }
    }

    /// A story written by the SM that passes its quality check (Approved),
    /// then moved by the real commands along [`ROAD`] until it is in
    /// `state`. Returns its ID.
    #[track_caller]
    pub fn story_at(&self, title: &str, state: &str) -> String {
        let id = self.story(title, GOOD);
        if state != "Approved" {
            let end = ROAD
                .iter()
                .position(|(to, _)| *to == state)
                .unwrap_or_else(|| panic!("no road from Approved to {state}"));
            self.walk(&id, &ROAD[..=end]);
        }
        id
    }

    /// Runs `git orx args...`, which must exit with `code`, say each of
    /// `needles` on stderr, and change nothing at all (work tree, index,
    /// HEAD).
    #[track_caller]
    pub fn refused(&self, args: &[&str], code: i32, needles: &[&str]) -> Run {
        let before = self.state();
        let out = self.orx(args);
        out.fails(code, needles);
        assert_eq!(
            self.state(),
            before,
            "a refused `git orx {}` changed something",
            args.join(" ")
        );
        out
    }

    /// A bare clone `../server.git`, added as remote `origin`, running the
    /// server hook `hook` (`pre-receive`, `post-receive`) of `hooks/`.
    #[cfg(unix)]
    pub fn server_with_hook(&self, hook: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let server = self.path("../server.git");
        self.git(&["clone", "-q", "--bare", ".", server.to_str().unwrap()])
            .ok();
        let installed = server.join("hooks").join(hook);
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("hooks")
                .join(hook),
            &installed,
        )
        .unwrap();
        std::fs::set_permissions(&installed, std::fs::Permissions::from_mode(0o755)).unwrap();
        self.git(&["remote", "add", "origin", server.to_str().unwrap()])
            .ok();
        server
    }

    /// The story file of `id`.
    pub fn story_path(&self, id: &str) -> String {
        let dir = self.path("docs/stories");
        let name = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .find(|n| n.starts_with(&format!("{id}.")))
            .unwrap();
        format!("docs/stories/{name}")
    }
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, Vec<u8>)>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if p.file_name().is_some_and(|n| n == ".git") {
            continue;
        }
        let ft = e.file_type().unwrap();
        if ft.is_dir() {
            walk(root, &p, out);
        } else {
            let bytes = if ft.is_symlink() {
                std::fs::read_link(&p)
                    .unwrap()
                    .to_string_lossy()
                    .as_bytes()
                    .to_vec()
            } else {
                std::fs::read(&p).unwrap()
            };
            out.push((
                p.strip_prefix(root).unwrap().to_string_lossy().into_owned(),
                bytes,
            ));
        }
    }
}

/// The symbols a drawn ID's five follow its prefix from (`new_id:
/// unique`): digits and lowercase letters but `0`, `1`, `l` and `o`.
const DRAWN: &str = "23456789abcdefghijkmnpqrstuvwxyz";

/// Whether `id` is a drawn task ID: `T` and five of [`DRAWN`] (`Tk3f9a`).
pub fn is_drawn_task(id: &str) -> bool {
    id.len() == 6 && id.starts_with('T') && id[1..].chars().all(|c| DRAWN.contains(c))
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The words of `text` (runs of letters, digits, `_`), each with where it
/// starts.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() && !is_word(bytes[i]) {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() && is_word(bytes[i]) {
            i += 1;
        }
        Some((start, &text[start..i]))
    })
}

/// `text` with each word that is one of the drawn task IDs `ids` replaced
/// by its name: `T1` for the first, `T2` for the second, ...; so that
/// snapshots read as they did when tasks were counted. Only the IDs given
/// are replaced, never a word that merely looks like one.
pub fn name_tasks(text: &str, ids: &[String]) -> String {
    replace_words(text, |w| {
        ids.iter()
            .position(|id| id == w)
            .map(|n| format!("T{}", n + 1))
    })
}

/// `text` with each task name (`T1`, ... up to as many as `ids` holds)
/// replaced by its drawn ID: the inverse of [`name_tasks`].
pub fn real_tasks(text: &str, ids: &[String]) -> String {
    replace_words(text, |w| {
        let n: usize = w.strip_prefix('T')?.parse().ok()?;
        (!w[1..].starts_with('0'))
            .then(|| ids.get(n.checked_sub(1)?).cloned())
            .flatten()
    })
}

fn replace_words(text: &str, by: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (start, w) in words(text) {
        if let Some(to) = by(w) {
            out.push_str(&text[at..start]);
            out.push_str(&to);
            at = start + w.len();
        }
    }
    out.push_str(&text[at..]);
    out
}

/// The assessment flags for a story that goes straight to Approved.
pub const GOOD: &[&str] = &["--score", "8.5"];

/// The moves (state, role) that take an Approved story to Done with no
/// review round failing.
pub const ROAD: &[(&str, &str)] = &[("InProgress", "dev"), ("Review", "dev"), ("Done", "qa")];

/// A new story's text with its sections written: what the SM's quality
/// check measures as 100% structure and 100% technical extraction.
pub fn filled(text: &str) -> String {
    orx::engine::checklist::Checklist::from_template(orx::repo::rules::STORY_TEMPLATE)
        .sample(text, true)
}

/// Runs a refused command and checks it changed nothing at all; returns
/// what it printed, for a snapshot.
#[track_caller]
pub fn refused(repo: &Repo, args: &[&str]) -> String {
    repo.refused(args, 1, &[]).render()
}

/// `text` with abbreviated commit ids replaced by `<commit>`, so that
/// snapshots need not change when a template does. An id is 7 hex digits
/// where git-orx prints one: in brackets (`[3dfcb8d]`), after ` on `
/// (`checkpoints`), at the start of a line (`verify`), or after the time
/// (`log`).
pub fn redact(text: &str) -> String {
    let is_id = |t: &str| {
        t.len() == 7
            && t.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let mut line = line.to_owned();
        // In brackets, anywhere.
        let mut from = 0;
        while let Some(i) = line[from..].find('[').map(|i| i + from) {
            if line.len() > i + 8 && line.as_bytes()[i + 8] == b']' && is_id(&line[i + 1..i + 8]) {
                line.replace_range(i + 1..i + 8, "<commit>");
            }
            from = i + 1;
        }
        // After ` on ` (checkpoints: the commit one was made on), or its
        // Chinese.
        for on in [" on ", " 基于 "] {
            let mut from = 0;
            while let Some(i) = line[from..].find(on).map(|i| i + from + on.len()) {
                if line.len() >= i + 8 && line.as_bytes()[i + 7] == b' ' && is_id(&line[i..i + 7]) {
                    line.replace_range(i..i + 7, "<commit>");
                }
                from = i;
            }
        }
        // At the start (verify), or after `YYYY-MM-DD HH:MM ` (log).
        for start in [0, 17] {
            let head = line.get(start..start + 7);
            let after = line.as_bytes().get(start + 7);
            let dated = start == 0 || line.as_bytes().get(13) == Some(&b':');
            if dated && head.is_some_and(is_id) && matches!(after, Some(b' ' | b':')) {
                line.replace_range(start..start + 7, "<commit>");
                break;
            }
        }
        out.push_str(&line);
    }
    out
}

/// Runs each command, which must succeed, and returns their output.
#[track_caller]
pub fn steps(repo: &Repo, commands: &[&[&str]]) -> String {
    commands
        .iter()
        .map(|args| {
            let out = repo.orx(args);
            out.ok();
            redact(&format!("$ git orx {}\n{}", args.join(" "), out.stdout))
        })
        .collect()
}

/// A test that needs a tool this machine lacks says so and is skipped —
/// except under CI (`CI` set), whose script installs every tool the tests
/// need: there a missing tool fails the test rather than letting it pass
/// having checked nothing.
#[track_caller]
pub fn skip_without(tool: &str, package: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "{tool} is not installed (Debian package {package}); CI must run this test"
    );
    eprintln!("skipped: {tool} is not installed (Debian package {package})");
}
