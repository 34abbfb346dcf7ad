//! Under `lang: zh` every line a user reads is Chinese: a walk through
//! every command a user meets (their successes, refusals and usage errors,
//! the hooks git runs, the demo) fails on any line of stdout or stderr that
//! still holds an English sentence, listing each.
//!
//! What counts as an English sentence is decided mechanically, line by line
//! ([`english`]). The names a Chinese line keeps as they are are passed
//! over: text in backticks or quotes, commands (`git orx NAME`, and the
//! `$ ` lines the demo echoes), and every word that is a path (has a `/`),
//! a file name (`name.ext`), a flag (`--as`), an ID, a commit id or a
//! number (has a digit), `KIND:ID`, `key=value`, a placeholder (`<ID>`), an
//! identifier (`CamelCase`, `UPPER_CASE`, `snake_case`, `kebab-case`), or
//! one of [`NAMES`] (capitalised states, roles, `git`, `orx`, formats).
//! The names that are everyday words too ([`EVERYDAY`]: the kinds and the
//! lowercase states, `story`, `failed`, `open`) are passed over alone, but
//! count as words right after a word (`the check failed`). What is left is
//! read as words, and a line is English when:
//! - a run of three or more ASCII words of letters (`has uncommitted
//!   edits`, `may not change [story 1.1] while it is`) holds two side by
//!   side, not only listed, separated by commas or table bars (`auto,
//!   always, never` is a list of values, not a sentence);
//! - in a line with Chinese, two words stand side by side with no sign
//!   between, a name at most (`this one 处于`, `the QA gate 只适用于`),
//!   unless the first is a kind and the second its ID (`Agent default`);
//! - a line without Chinese starts with a word (not a kind and its ID,
//!   `agent default: ...`) and holds two (`failed (exit 1)`); everyday
//!   names count there.
//!
//! Chinese ends a run, and an ASCII `;` (which Chinese lines use without a
//! space) separates words. `--json` output is data and `--help` texts
//! stay English: neither is walked.

use crate::common::{Repo, filled};

/// Names kept as they are in Chinese lines, passed over wherever they
/// stand: the built-in workflows' capitalised states, the roles (and their
/// ids), and the tools' and formats' names. Only names: no phrase is listed.
const NAMES: &[&str] = &[
    // roles
    "SM",
    "Architect",
    "Dev",
    "QA",
    "Human",
    "Skill",
    "Lead",
    "Reviewer",
    "api",
    "sm",
    "architect",
    "dev",
    "qa",
    "human",
    "skill",
    "lead",
    "reviewer",
    // states of the built-in workflows (those not CamelCase or kebab-case)
    "Draft",
    "Blocked",
    "Approved",
    "Review",
    "Done",
    "Escalated",
    // tools, formats
    "git",
    "orx",
    "HEAD",
    "JSON",
    "YAML",
    "HTML",
    "frontmatter",
];

/// Names that are also everyday English words: the kinds and the
/// lowercase states of the built-in workflows. A Chinese line keeps them
/// (`story 1.1`, `处于 done`), so alone they are passed over; but one that
/// follows an English word directly is read as a word of the run (`the
/// check failed`), and in a line without Chinese they are words.
const EVERYDAY: &[&str] = &[
    // kinds
    "story",
    "stories",
    "loop",
    "goal",
    "task",
    "codereview",
    "agent",
    "comment",
    // states
    "created",
    "running",
    "paused",
    "completed",
    "failed",
    "pending",
    "report",
    "open",
    "discussing",
    "executing",
    "escalated",
    "closed",
    "approved",
    "done",
    "posted",
];

/// The kinds among [`EVERYDAY`]: the word after one is its ID
/// (`agent default`).
const KINDS: &[&str] = &[
    "story",
    "loop",
    "goal",
    "task",
    "codereview",
    "agent",
    "comment",
];

/// Whether `line` holds an English sentence (see the module's comment):
/// the words of the first run found.
pub fn english(line: &str) -> Option<String> {
    let line = line.trim();
    if line.starts_with("$ ") {
        return None;
    }
    // A unified diff's headers are its format, as git prints them in
    // every language (`deleted file mode 100644`).
    if [
        "new file mode ",
        "deleted file mode ",
        "old mode ",
        "new mode ",
    ]
    .iter()
    .any(|h| line.starts_with(h))
    {
        return None;
    }
    let stripped = unquote(line);
    let has_chinese = stripped
        .chars()
        .any(|c| !c.is_ascii() && c.is_alphanumeric());
    // The words of the run, and whether two of them stand side by side
    // (not only in a list).
    let mut run: Vec<&str> = Vec::new();
    let mut phrase = false;
    let mut listed = false;
    // Whether the word before was a word of the run, with no sign between.
    let mut after_word = false;
    let mut pair = false;
    let mut after_git_orx = 0;
    // A line without Chinese: its words, and whether it starts with one.
    let mut words = 0;
    let mut starts = None;
    let sentence = |run: &[&str], phrase: bool| (run.len() >= 3 && phrase).then(|| run.join(" "));
    let spaced = stripped.replace(';', "; ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    for (i, &raw) in tokens.iter().enumerate() {
        let word = raw.trim_matches(|c: char| c.is_ascii_punctuation() && c != '-' && c != '<');
        // `git orx NAME`: the command's name; `git orx story assess`: a
        // noun's command, both words.
        let command = after_git_orx >= 2;
        after_git_orx = match (after_git_orx, word) {
            (_, "git") => 1,
            (1, "orx") => 2,
            (2, "story" | "goal") => 3,
            _ => 0,
        };
        let chinese = raw.chars().any(|c| !c.is_ascii() && c.is_alphanumeric());
        // An everyday name after a word is a word of the run.
        let everyday = EVERYDAY.contains(&word);
        let is_word =
            plain(word) && !command && !chinese && (!name(word) || (everyday && after_word));
        if !has_chinese && plain(word) && !command && (!name(word) || everyday) {
            words += 1;
            // A kind and its ID do not start a sentence.
            let kind = KINDS.contains(&word) && i + 1 < tokens.len();
            starts.get_or_insert(i == 0 && !kind);
        }
        let clean = word.len() == raw.len();
        if is_word {
            // In a Chinese line, two words side by side, no sign between
            // (a name may stand between: `the QA gate`), are a phrase.
            if has_chinese && pair && clean {
                return Some(format!("{} {word}", run.last().unwrap_or(&"")));
            }
            phrase |= !run.is_empty() && !listed;
            run.push(word);
        } else if chinese || !(command || name(word) || !word.chars().any(char::is_alphanumeric)) {
            // Chinese, or a word neither English nor a name, ends the run;
            // a name, a number or a sign is passed over.
            if let Some(s) = sentence(&run, phrase) {
                return Some(s);
            }
            run.clear();
            phrase = false;
        }
        after_word = is_word && clean;
        // A word (not a kind: `Agent default`) that a word may pair with.
        pair = clean
            && ((is_word && !KINDS.contains(&word.to_lowercase().as_str()))
                || (pair && NAMES.contains(&word)));
        // After a comma (or between table cells) the next word is listed.
        listed = raw.ends_with(',') || raw == "|";
    }
    if starts == Some(true) && words >= 2 {
        return Some(stripped.trim().to_owned());
    }
    sentence(&run, phrase)
}

/// `line` without the text between backticks, double quotes, `'...'`
/// starting a word, and Chinese quotes: each quote becomes a gap.
fn unquote(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts_word = i == 0 || !chars[i - 1].is_alphanumeric();
        let close = match c {
            '`' | '"' => Some(c),
            '\'' if starts_word => Some('\''),
            '“' => Some('”'),
            '「' => Some('」'),
            _ => None,
        };
        if let Some(close) = close
            && let Some(len) = chars[i + 1..].iter().position(|&d| d == close)
        {
            out.push(' ');
            i += len + 2;
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// A name kept as it is (see the module's comment).
fn name(word: &str) -> bool {
    let inner_upper = word.chars().skip(1).any(|c| c.is_ascii_uppercase())
        && word.chars().any(|c| c.is_ascii_lowercase());
    let all_upper = word.len() >= 2 && !word.chars().any(|c| c.is_ascii_lowercase());
    word.contains(['/', '\\', '_', '=', '<', '>', '{', '}', '@', ':'])
        || word.starts_with('-')
        || word.contains(|c: char| c.is_ascii_digit())
        || word.trim_start_matches('.').contains('.')
        || (word.contains('-') && !word.starts_with('-'))
        || inner_upper
        || all_upper
        || NAMES.contains(&word)
        || EVERYDAY.contains(&word)
}

/// An English word: ASCII letters, maybe with an apostrophe (`story's`).
fn plain(word: &str) -> bool {
    !word.is_empty()
        && word.chars().any(|c| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphabetic() || c == '\'')
}

/// The walk: every command run, with what it printed.
struct Walk {
    repo: Repo,
    found: Vec<String>,
    runs: usize,
}

impl Walk {
    fn look(&mut self, what: &str, out: &crate::common::Run) {
        self.runs += 1;
        for (stream, text) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            for line in text.lines() {
                if let Some(words) = english(line) {
                    self.found
                        .push(format!("$ {what}\n    {stream}: {line}\n    ({words})"));
                }
            }
        }
    }

    fn orx(&mut self, args: &[&str]) -> crate::common::Run {
        let out = self.repo.orx(args);
        self.look(&format!("git orx {}", args.join(" ")), &out);
        out
    }

    fn git(&mut self, args: &[&str], env: &[(&str, &str)]) -> crate::common::Run {
        let out = self.repo.git_env(args, env);
        self.look(&format!("git {}", args.join(" ")), &out);
        out
    }
}

#[test]
fn the_detector_finds_english_sentences_and_passes_names() {
    for english_line in [
        "error: refused: git-orx found 1 rule broken by this commit",
        "  Dev may not change story 1.1 while it is Blocked",
        "quality check: structure 40%, technical extraction 0%",
        "story 1.1 处于 Blocked 时 docs/stories/1.1.deng-lu.md has uncommitted edits of story 1.1",
        "`Foo` is not a state of story 1.1's workflow",
        "  missing: section \"Story\" is empty",
        "QA gate, round 1: passed",
        "quality check: structure 40%, technical extraction 0%, score 8.5",
        "the check failed",
        "failed (exit 1)",
        "quality: (not set) -> {\"score\":9}",
        "  - 故事的每个任务都已勾选, or a reason is given for those still open",
        "已拒绝: the QA gate 只适用于处于 Review 的 stories",
        "只适用于处于 EXECUTING 的 agents;this one 处于 PLANNING",
    ] {
        assert!(english(english_line).is_some(), "{english_line}");
    }
    for chinese_line in [
        "错误: 已拒绝: Dev 无权将 story 1.1 从 Approved 移到 Done",
        "  负责角色: SM (Blocked 的负责者)",
        "提示: 请以 SM 身份执行 (--as sm),或由 Human 以 --force --reason TEXT 覆盖",
        "$ git orx move 1.1 InProgress --as dev",
        "  1.1      登录   Draft -> Approved (`git orx show 1.1`)",
        "已写入 docs/stories/1.1.deng-lu.md,未提交",
        "  states: Draft, Blocked, AwaitingArchReview",
        "  [可选值: auto, always, never]",
        "| 维度 | Critical | High | Medium | Low | Info | 合计 |",
        "  2026-01-02 03:04 abc1234 story 1.1 Draft -> Approved sm",
        "* 编写 PRD 的任务队列 (agent task add, PRD_GENERATED)",
        "task T1 等待 T2, T3 (尚未处于 done)",
        "  - 每个任务都已勾选 (`git orx move ... --reason TEXT`)",
    ] {
        assert_eq!(english(chinese_line), None, "{chinese_line}");
    }
}

/// Every command a user meets, under `lang: zh`: no line is English.
#[test]
fn every_line_under_zh_is_chinese() {
    let mut w = Walk {
        repo: Repo::bare_git(),
        found: Vec::new(),
        runs: 0,
    };
    // Before the setup: usage errors and a command that needs it.
    w.orx(&["--lang", "zh", "status"]);
    w.orx(&["init", "--lang", "zh"]);
    w.repo.commit_rules("Set up git-orx");
    w.orx(&["init"]);
    w.orx(&["hooks", "status"]);
    w.orx(&["status"]);
    w.orx(&["next", "--as", "dev"]);

    // A story: created, assessed (failing, then passing), moved.
    w.orx(&["new", "登录", "--as", "sm"]);
    w.orx(&["new", "注册", "--as", "dev"]);
    w.orx(&["new", "注册", "--as", "sm"]);
    w.orx(&["show", "1.2"]);
    w.orx(&["assess", "1.2", "--score", "9", "--as", "sm", "--dry-run"]);
    w.orx(&[
        "gate",
        "1.2",
        "--as",
        "qa",
        "--critical",
        "0",
        "--criteria-met",
    ]);
    w.orx(&["assess", "1.1", "--score", "8.5", "--as", "sm"]);
    w.orx(&["assess", "1.1", "--score", "11", "--as", "sm"]);
    w.orx(&["assess", "1.9", "--score", "8", "--as", "sm"]);
    let path = w.repo.story_path("1.1");
    w.repo.write(&path, filled(&w.repo.read(&path)));
    w.git(&["commit", "-q", "-am", "写 Story"], &[("ORX_ROLE", "sm")]);
    w.orx(&["assess", "1.1", "--score", "8.5", "--as", "sm"]);
    w.orx(&["show", "1.1"]);
    w.orx(&["move", "1.1", "Foo", "--as", "dev"]);
    w.orx(&["move", "1.1", "Done", "--as", "dev"]);
    w.orx(&["move", "1.1", "Review", "--as", "dev"]);
    w.orx(&["move", "1.1", "InProgress", "--as", "qa"]);
    w.orx(&["move", "1.1", "InProgress", "--as", "dev"]);
    w.orx(&["move", "1.1", "InProgress", "--as", "dev"]);
    w.orx(&[
        "gate",
        "1.1",
        "--as",
        "qa",
        "--critical",
        "0",
        "--criteria-met",
    ]);
    w.orx(&["move", "1.1", "Review", "--as", "dev"]);
    w.orx(&["status"]);
    w.orx(&["next", "--as", "qa"]);
    w.orx(&["next"]);
    w.orx(&[
        "gate",
        "1.1",
        "--as",
        "qa",
        "--critical",
        "1",
        "--criteria-failed",
    ]);
    w.orx(&["move", "1.1", "Review", "--as", "dev"]);
    w.orx(&[
        "gate",
        "1.1",
        "--as",
        "dev",
        "--critical",
        "0",
        "--criteria-met",
    ]);
    w.orx(&["gate", "1.1", "--as", "qa", "--critical", "0"]);
    w.orx(&[
        "gate",
        "1.1",
        "--as",
        "qa",
        "--critical",
        "0",
        "--criteria-met",
    ]);
    w.orx(&["show", "1.1"]);

    // The Architect's gate: a story the SM's check sends to review.
    w.orx(&["new", "找回密码", "--as", "sm"]);
    let path = w.repo.story_path("1.3");
    w.repo.write(&path, filled(&w.repo.read(&path)));
    w.git(&["commit", "-q", "-am", "写 Story"], &[("ORX_ROLE", "sm")]);
    w.orx(&["assess", "1.3", "--score", "7", "--as", "sm"]);
    w.orx(&["gate", "1.3", "--as", "architect", "--critical", "0"]);
    w.orx(&[
        "gate",
        "1.3",
        "--as",
        "architect",
        "--score",
        "5",
        "--critical",
        "2",
    ]);
    // The review's findings restated: the state's `edit_guard` refuses,
    // in the workflow's own Chinese.
    w.orx(&[
        "assess",
        "1.3",
        "--score",
        "9",
        "--open-critical",
        "0",
        "--revised",
        "minor",
        "--as",
        "sm",
    ]);
    w.orx(&["assess", "1.3", "--score", "7", "--as", "sm"]);
    w.orx(&[
        "gate",
        "1.3",
        "--as",
        "architect",
        "--score",
        "9",
        "--critical",
        "0",
    ]);

    // A story moved to Review with a task still open.
    w.orx(&["new", "退出", "--as", "sm"]);
    let path = w.repo.story_path("1.4");
    let text = filled(&w.repo.read(&path)).replace(
        "The story's Tasks / Subtasks, as the SM wrote it.\n",
        "- [x] 表单 (AC: 1)\n- [ ] 测试 (AC: 2)\n",
    );
    w.repo.write(&path, text);
    w.git(&["commit", "-q", "-am", "写 Story"], &[("ORX_ROLE", "sm")]);
    w.orx(&["assess", "1.4", "--score", "8.5", "--as", "sm"]);
    w.orx(&["move", "1.4", "InProgress", "--as", "dev"]);
    w.orx(&["move", "1.4", "Review", "--as", "dev"]);
    w.orx(&["show", "1.4"]);

    // A hand edit the pre-commit hook refuses, then a broken file.
    w.orx(&["move", "1.2", "Blocked", "--as", "sm"]);
    let path = w.repo.story_path("1.2");
    w.repo.edit(&path, "注册", "注册账号");
    w.git(&["commit", "-q", "-am", "改标题"], &[("ORX_ROLE", "dev")]);
    w.git(&["commit", "-q", "-am", "改标题"], &[]);
    w.orx(&["move", "1.2", "Draft", "--as", "sm"]);
    w.orx(&["check"]);
    w.repo.git(&["checkout", "--", "."]).ok();
    w.orx(&["check"]);
    w.repo
        .write("docs/stories/2.1.bad.md", "---\nid: 2.1\nstatus: [\n---\n");
    w.orx(&["check"]);
    w.orx(&["status"]);
    w.git(&["add", "-A"], &[]);
    w.git(&["commit", "-q", "-m", "坏文件"], &[("ORX_ROLE", "sm")]);
    w.repo.git(&["reset", "-q", "--hard"]).ok();
    std::fs::remove_file(w.repo.path("docs/stories/2.1.bad.md")).ok();
    // `doctor` says a file's problem in Chinese (one git-orx words: the
    // YAML reader's own words stay as it wrote them).
    w.repo.write("docs/stories/2.2.bad.md", "id: 2.2\n");
    w.orx(&["doctor"]);
    std::fs::remove_file(w.repo.path("docs/stories/2.2.bad.md")).ok();

    // History: log, metrics, doctor, verify (clean, then broken).
    w.orx(&["log"]);
    w.orx(&["log", "1.1"]);
    w.orx(&["metrics"]);
    w.orx(&["doctor"]);
    w.orx(&["verify"]);
    let path = w.repo.story_path("1.2");
    w.repo.edit(&path, "status: Draft", "status: Done");
    w.git(&["commit", "-q", "--no-verify", "-am", "跳过"], &[]);
    w.orx(&["verify"]);
    w.orx(&["verify", "--all"]);
    w.orx(&["doctor"]);
    w.orx(&["acknowledge", "HEAD", "--reason", "误操作", "--as", "dev"]);
    w.orx(&["status"]);
    w.orx(&["report", "--html", "report.html"]);

    // Checkpoints and rollback.
    w.orx(&["checkpoints"]);
    w.repo.write("notes.txt", "草稿\n");
    w.orx(&["checkpoint"]);
    w.orx(&["checkpoints"]);
    w.repo.write("notes.txt", "改动\n");
    w.repo.write("extra.txt", "新文件\n");
    let list = w.repo.orx(&["--json", "checkpoints"]);
    let v: serde_json::Value = serde_json::from_str(&list.stdout).unwrap_or_default();
    let chk = v
        .pointer("/checkpoints/0/name")
        .or_else(|| v.pointer("/0/name"))
        .and_then(|n| n.as_str())
        .unwrap_or("chk-none")
        .to_owned();
    w.orx(&["rollback", &chk, "--dry-run"]);
    w.orx(&["rollback", &chk, "--as", "dev", "--yes"]);
    w.orx(&["rollback", &chk, "--as", "human", "--yes"]);
    w.orx(&["rollback", "chk-none", "--as", "human", "--yes"]);

    // Agents, with a check that fails until `ok` exists.
    let config = w
        .repo
        .read(".orx/config.yaml")
        .replace("checks: []", "checks: [\"test -f ok\"]");
    w.repo.write(".orx/config.yaml", config);
    w.repo.commit_rules("checks");
    w.orx(&["agent", "show"]);
    w.orx(&["agent", "init", "--as", "dev"]);
    w.orx(&["agent", "init", "--as", "human"]);
    w.orx(&["agent", "show"]);
    w.orx(&["agent", "fire", "USER_CONFIRM", "--as", "human"]);
    w.orx(&[
        "agent",
        "fire",
        "USER_INPUT_REQUIREMENT",
        "--as",
        "human",
        "-m",
        "登录页",
    ]);
    w.orx(&["agent", "fire", "PRD_GENERATED", "--as", "dev"]);
    w.orx(&["agent", "fire", "ALL_TASKS_DONE", "--as", "dev"]);
    w.orx(&["agent", "task", "add", "表单", "--as", "dev"]);
    w.orx(&["agent", "fire", "PRD_GENERATED", "--as", "dev"]);
    w.orx(&["agent", "fire", "USER_CONFIRM", "--as", "human"]);
    w.orx(&["agent", "pause", "--as", "human"]);
    w.orx(&["agent", "show"]);
    w.orx(&["agent", "resume", "--as", "human"]);
    w.orx(&["agent", "check", "--as", "dev"]);
    w.orx(&["agent", "show"]);
    w.repo.write("ok", "");
    w.orx(&["agent", "check", "--as", "dev"]);
    w.orx(&["agent", "task", "done", "--as", "dev"]);
    w.orx(&["agent", "show"]);
    w.orx(&["agent", "fire", "BOGUS", "--as", "human"]);

    // Loops.
    w.repo.write("tasks.jsonl", "{\"description\": \"登录\"}\n");
    let made = w.repo.orx(&[
        "--json",
        "loop",
        "new",
        "认证",
        "--description",
        "加登录",
        "--tasks",
        "tasks.jsonl",
        "--as",
        "api",
    ]);
    let v: serde_json::Value = serde_json::from_str(&made.stdout).unwrap_or_default();
    let lp = v["item"]
        .as_str()
        .unwrap_or("loop-v2-20990101-abc")
        .to_owned();
    w.orx(&["loop", "new", "认证二", "--as", "human"]);
    w.orx(&["loop", "show", &lp]);
    w.orx(&["loop", "act", &lp, "--as", "skill"]);
    w.orx(&["loop", "pause", &lp, "--as", "human"]);
    w.orx(&["loop", "act", &lp, "--as", "skill"]);
    w.orx(&["loop", "resume", &lp, "--as", "human"]);
    w.orx(&["loop", "validate", &lp]);
    w.orx(&["loop", "stop", &lp, "--as", "human"]);
    w.orx(&["loop", "stop", &lp, "--as", "human"]);
    w.orx(&["loop", "show", "loop-v2-20990101-abc"]);

    // Code reviews.
    w.orx(&[
        "review",
        "start",
        "HEAD",
        "--dimensions",
        "security",
        "--as",
        "human",
    ]);
    w.orx(&["review", "report", "1"]);

    // Goals and their tasks.
    w.orx(&["goal", "new", "登录功能", "--as", "human"]);
    w.orx(&["discuss", "G1", "--as", "architect", "--no-reply"]);
    w.orx(&["claim", "G1", "做表单", "--as", "dev"]);
    w.orx(&["claim", "G9", "做表单", "--as", "dev"]);
    w.orx(&["task", "start", "T1", "--as", "dev"]);
    w.orx(&["task", "start", "T1", "--as", "dev"]);
    w.orx(&["show", "T1"]);
    w.orx(&["next"]);
    w.orx(&["tick", "--as", "lead"]);
    w.orx(&["goal", "review", "G1"]);
    w.orx(&["goal", "decide", "G1", "bogus", "--as", "human"]);

    // Fields, backups, history.
    w.orx(&["update", "1.2", "--set", "title=注册账户", "--as", "sm"]);
    w.orx(&["update", "G1", "--set", "status=closed", "--as", "dev"]);
    w.orx(&["backup", "G1"]);
    w.orx(&["backups", "G1"]);
    w.orx(&["restore", "G1", "--to", "auto-9", "--as", "lead"]);
    w.orx(&["history", "G1"]);
    w.orx(&["history", "1.1"]);

    // Kinds, IDs, adoption.
    w.orx(&["kind", "new", "spike", "--from", "story"]);
    w.orx(&["kind", "new", "Bad Name", "--from", "story"]);
    w.orx(&["renumber", "1.1", "--as", "human"]);
    w.orx(&["resolve", "1.1", "--state", "ours"]);
    w.orx(&["adopt", "--dry-run"]);
    // Stories written without frontmatter: the status each was found in
    // (and where), or none.
    w.repo.write(
        "docs/stories/3.1.deng-chu.md",
        "# Story 3.1: 登出\n\n## Status\n\nDone\n\n## Story\n\n登出所有设备。\n",
    );
    w.repo.write(
        "docs/stories/3.2.tong-ji.md",
        "# Story 3.2: 统计\n\n## Story\n\n统计。\n",
    );
    w.orx(&["adopt", "--dry-run"]);
    std::fs::remove_file(w.repo.path("docs/stories/3.1.deng-chu.md")).ok();
    std::fs::remove_file(w.repo.path("docs/stories/3.2.tong-ji.md")).ok();

    // Usage errors.
    w.orx(&["move"]);
    w.orx(&["lgo"]);
    w.orx(&["status", "--bogus"]);
    w.orx(&["--color", "bogus", "status"]);
    w.orx(&["gate", "1.1", "--critical", "x", "--as", "qa"]);

    // The demo.
    w.orx(&["demo", "--lang", "zh"]);

    assert!(w.runs > 100, "only {} commands walked", w.runs);
    assert!(
        w.found.is_empty(),
        "{} English lines under lang: zh:\n{}",
        w.found.len(),
        w.found.join("\n")
    );
}

/// Every message a built-in workflow or preset writes in English
/// (`en:`: handoffs) has its Chinese (`zh:`) beside it.
#[test]
fn every_builtin_handoff_has_chinese() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut missing = Vec::new();
    for dir in ["workflows", "presets"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            for (i, l) in lines.iter().enumerate() {
                let t = l.trim_start().trim_start_matches("- ");
                if t.starts_with("en: ")
                    && !lines[i + 1..]
                        .iter()
                        .take_while(|n| {
                            !n.trim_start().starts_with("- ")
                                && n.starts_with(&l[..l.len() - l.trim_start().len()])
                        })
                        .any(|n| n.trim_start().starts_with("zh: "))
                {
                    missing.push(format!("{}:{}: {t}", path.display(), i + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "English without Chinese:\n{}",
        missing.join("\n")
    );
}
