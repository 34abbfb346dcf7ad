//! Every message the library words for a user is a named message
//! (`msg!("id", ...)`, its English and Chinese in `locales/*/*.ftl`), not a
//! text made in Rust: nothing is matched by its English, so a reworded
//! English message keeps its Chinese. This test reads the library's
//! sources (their tests aside) and fails on an error made from a raw text:
//! `Error::Failed(format!(...).into())`, `Error::Usage("...".into())`, an
//! `Error::...(x.into())` of a string, or a `message: format!(...).into()`;
//! and a refusal's `problem:`, a hook tool's `why:`, a repair's `what:` or
//! an `advice:` made from a `format!`, a literal or a `String::from`.
//!
//! A text that is no message of git-orx's (what another program wrote: git's
//! own error, an OS error's words; data: a workflow's own `create:` words)
//! is said as it is with an explicit `Message::text(...)`, which this test
//! lets through: it is written on purpose, where a reader sees it.
//!
//! The command line (`src/cli/`, `src/main.rs`) words its lines with
//! `ui.t("id", ...)`: a third test fails on English prose in a format
//! string or a text it makes (`format!("the state: {} ...")`,
//! `ui.line("...")`, `"...".to_owned()`), outside the interface agents
//! call and the layouts listed with why.

use std::path::{Path, PathBuf};

/// The folders and files checked: the library outside `src/kinds/` (whose
/// messages are moving to `kinds.ftl`: add it here once they are named)
/// and outside `src/cli/` (the command line's own lines).
const CHECKED: &[&str] = &[
    "src/error.rs",
    "src/engine",
    "src/workflow",
    "src/repo",
    "src/change",
    "src/history",
    "src/hooks",
    "src/board",
    "src/git",
    "src/doc",
    "src/text",
    // The command line makes no error of a raw text either: it says its
    // own with `ui.t`, wrapped in `Message::text` where an error needs it.
    "src/cli",
    "src/main.rs",
    // `src/kinds/` has its own guard (`kinds::messages`), which also
    // keeps its passed-through texts to a list.
];

/// Files allowed to keep raw texts, each with why. Git's own errors are
/// `GitError`s carrying git's words (`src/git/`), not `Error::...` texts,
/// and an OS error's words go into a named message as an argument.
const ALLOWED: &[(&str, &str)] = &[(
    "src/cli/restore.rs",
    "`what: \"restore\"` is a planned file's operation in `--json`, a \
     keyword (data), no message; its prose is guarded by the command \
     line's own test",
)];

/// The `Error` variants holding a message.
const VARIANTS: &[&str] = &[
    "Usage",
    "NotFound",
    "Pending",
    "Exists",
    "NothingToDo",
    "Conflict",
    "Failed",
];

pub(crate) fn sources(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            sources(&entry.unwrap().path(), out);
        }
    } else if path.extension().is_some_and(|e| e == "rs")
        && !path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("tests"))
    {
        out.push(path.to_path_buf());
    }
}

/// The sources under `paths` (from the crate's root) as the guards read
/// them: each file's path from the root and its code before its tests.
fn code_of(paths: &[&str]) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for p in paths {
        sources(&root.join(p), &mut files);
    }
    assert!(files.len() > 40, "{files:?}");
    files
        .iter()
        .map(|file| {
            let rel = file
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let src = std::fs::read_to_string(file).unwrap();
            let code = src.split("\n#[cfg(test)]").next().unwrap_or_default();
            (rel, code.to_owned())
        })
        .collect()
}

/// The text from `open` (just after an opening parenthesis) to its
/// closing one, string and character literals skipped whole.
fn argument(src: &str, open: usize) -> &str {
    let bytes = src.as_bytes();
    let (mut depth, mut i) = (1, open);
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return &src[open..i];
                }
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    if bytes[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    &src[open..]
}

/// Whether an error's argument is a raw text: a `format!`, a string
/// literal, or something turned `.into()` a message, outside any `msg!`.
fn raw(arg: &str) -> bool {
    let arg = arg.trim();
    if arg.starts_with("crate::msg!") || arg.starts_with("msg!") {
        return false;
    }
    arg.starts_with("format!")
        || arg.starts_with('"')
        || (arg.ends_with(".into()") && !arg.contains("msg!"))
}

/// The raw texts of one source: `(line, what)`.
fn raw_texts(src: &str) -> Vec<(usize, String)> {
    let call = regex::Regex::new(r"Error::(\w+)\(").unwrap();
    let field = regex::Regex::new(r"\bmessage: (format!|\x22)").unwrap();
    let words =
        regex::Regex::new(r"\b(problem|why|what|advice): (format!|\x22|String::from)").unwrap();
    let line = |at: usize| src[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    for c in call.captures_iter(src) {
        if !VARIANTS.contains(&&c[1]) {
            continue;
        }
        let whole = c.get(0).unwrap();
        let arg = argument(src, whole.end());
        if raw(arg) {
            let shown: String = arg.split_whitespace().collect::<Vec<_>>().join(" ");
            out.push((line(whole.start()), format!("Error::{}({shown})", &c[1])));
        }
    }
    for m in field.find_iter(src) {
        // A `message:` of an error variant: turned into a message.
        let rest = &src[m.start()..];
        let end = rest.find(",\n").unwrap_or(rest.len());
        if rest[..end].trim_end().ends_with(".into()") {
            out.push((line(m.start()), rest[..end].trim().to_owned()));
        }
    }
    // A refusal's problem, a hook tool's reason or repair, a violation's
    // message: each a named message, never a text made here.
    for m in words.find_iter(src) {
        let rest = &src[m.start()..];
        let end = rest.find('\n').unwrap_or(rest.len());
        out.push((line(m.start()), rest[..end].trim().to_owned()));
    }
    out
}

#[test]
fn library_errors_are_named_messages() {
    let mut found = Vec::new();
    // A file's tests make errors of any text: only its code is read.
    for (rel, src) in code_of(CHECKED) {
        if ALLOWED.iter().any(|(a, _)| rel == *a) {
            continue;
        }
        for (line, what) in raw_texts(&src) {
            found.push(format!("{rel}:{line}: {what}"));
        }
    }
    assert!(
        found.is_empty(),
        "errors made from raw texts (name the message: `msg!(\"id\", ...)`, its English and \
         Chinese in locales/*/library.ftl; or `Message::text(...)` for another program's words):\n{}",
        found.join("\n")
    );
}

/// The guard finds a raw text however it is written, and lets a named
/// message and an explicit text through.
#[test]
fn a_raw_text_is_found() {
    let found = |src: &str| raw_texts(src).len();
    assert_eq!(
        found(r#"Err(Error::Failed(format!("{p}: {e}").into()))"#),
        1
    );
    assert_eq!(
        found(r#"Error::Usage("the title is empty".to_owned().into())"#),
        1
    );
    assert_eq!(found("Error::Usage(e.into())"), 1);
    assert_eq!(
        found("BadValue {\n message: format!(\"x {y}\").into(),\n}"),
        1
    );
    assert_eq!(found(r#"Error::Usage(crate::msg!("title-empty"))"#), 0);
    assert_eq!(
        found(r#"Error::Failed(crate::msg!("path-text", path = format!("{c}")))"#),
        0
    );
    assert_eq!(found("Error::Failed(Message::text(e.message))"), 0);
    // A refusal's problem, a hook's reason, a violation's message.
    assert_eq!(
        found("Refusal::Record {\n problem: format!(\"x {y}\"),\n}"),
        1
    );
    assert_eq!(
        found("Step::NotRun {\n name,\n why: format!(\"{f} x\"),\n}"),
        1
    );
    assert_eq!(found("Step::Repaired {\n what: \"x\".to_owned(),\n}"), 1);
    assert_eq!(found("Some(Outcome { advice: String::from(\"x\") })"), 1);
    assert_eq!(
        found("HookState::NotRun { tool, why: husky_missing(dir) }"),
        0
    );
    assert_eq!(found("problem: crate::msg!(\"record-wrong-role\")"), 0);
    assert_eq!(found("Error::Refused(r)"), 0);
}

/// The files whose every text for a user is a named message already: a
/// workflow file's checks (`WorkflowError`), its `items:`, expressions
/// and templates, and a story measured against its checklist. Besides
/// the errors above, none of them may make a text in Rust for its error
/// or message: no `Err(format!(...))` or `Err("...")`, no
/// `fail(..., format!(...).into())`, no `Message::text(format!(...))`.
const NAMED: &[&str] = &[
    "src/workflow/check.rs",
    "src/workflow/format.rs",
    "src/workflow/items.rs",
    "src/workflow/model.rs",
    "src/workflow/cost.rs",
    "src/workflow/steps.rs",
    "src/workflow/run.rs",
    "src/repo/rules.rs",
    "src/repo/workspace.rs",
    "src/repo/setup.rs",
    "src/engine/checklist.rs",
    "src/engine/item.rs",
];

/// The texts made in Rust in one of [`NAMED`]'s sources: `(line, what)`.
fn made_texts(src: &str) -> Vec<(usize, String)> {
    let shapes = regex::Regex::new(
        r#"Err\(\s*(format!|")|\b(Text|Message)::text\(\s*format!|missing\.push\(\s*format!|fail\([^;]*?format!\([^;]*?\)\s*\.into\(\)"#,
    )
    .unwrap();
    let line = |at: usize| src[..at].matches('\n').count() + 1;
    shapes
        .find_iter(src)
        .map(|m| (line(m.start()), m.as_str().to_owned()))
        .collect()
}

#[test]
fn workflow_and_checklist_texts_are_named_messages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for rel in NAMED {
        let src = std::fs::read_to_string(root.join(rel)).unwrap();
        let src = src.split("\n#[cfg(test)]").next().unwrap_or_default();
        for (line, what) in made_texts(src) {
            found.push(format!("{rel}:{line}: {what}"));
        }
    }
    assert!(
        found.is_empty(),
        "texts made in Rust where a named message belongs (`msg!(\"id\", ...)`, its English \
         and Chinese in locales/*/workflow.ftl):\n{}",
        found.join("\n")
    );
}

/// The workflow guard finds each shape a raw text takes there.
#[test]
fn a_made_text_is_found() {
    let found = |src: &str| made_texts(src).len();
    assert_eq!(found(r#"return Err(format!("`{s}` is not a state"));"#), 1);
    assert_eq!(
        found(r#"return Err("`items.paths` is empty".to_owned());"#),
        1
    );
    assert_eq!(
        found(r#"return c.fail(None, format!("`identity: {f}` must be").into());"#),
        1
    );
    assert_eq!(found(r#"Text::text(format!("state `{s}`"))"#), 1);
    assert_eq!(
        found(r#"missing.push(format!("section \"{name}\" is empty"))"#),
        1
    );
    assert_eq!(
        found(r#"return c.fail(None, msg!("workflow-roles-empty"));"#),
        0
    );
    assert_eq!(found(r#"Err(m) => return c.fail(None, Text::text(m)),"#), 0);
    assert_eq!(
        found(r#"out.push_str(&format!("\nAs the architecture describes it.\n"));"#),
        0
    );
}

/// The command line's files that are the interface agents call, in
/// English by design (ARCHITECTURE.md, Messages): every text in them is
/// let through.
const CLI_INTERFACE: &[(&str, &str)] = &[
    (
        "src/cli/mcp.rs",
        "the MCP server: its tools, their inputs and descriptions, and the \
         errors of a call its schema refuses",
    ),
    (
        "src/cli/schema.rs",
        "the JSON Schemas of `--json` outputs and what each describes",
    ),
    (
        "src/cli/output/mod.rs",
        "the JSON Schema text of the output's version",
    ),
];

/// English texts the command line makes on purpose, each the start of
/// its format string or literal, with why it is no message: a layout
/// something reads back, a command to type, another program's words.
const CLI_LAYOUTS: &[(&str, &str, &str)] = &[
    (
        "src/cli/adopt.rs",
        "git orx adopt",
        "a command to type again, not prose",
    ),
    (
        "src/cli/init.rs",
        "  git ",
        "commands to type; the commit message and example title quoted in \
         them are messages",
    ),
    (
        "src/cli/help.rs",
        "{} git orx [--json]",
        "the usage synopsis: a command line; its heading is a message",
    ),
    (
        "src/cli/diff.rs",
        "new file mode",
        "a unified diff's header, as git writes it and patch reads it",
    ),
    (
        "src/cli/diff.rs",
        "deleted file mode",
        "a unified diff's header, as git writes it and patch reads it",
    ),
    (
        "src/cli/diff.rs",
        "old mode",
        "a unified diff's header, as git writes it and patch reads it",
    ),
    (
        "src/cli/board.rs",
        "retry: 1000",
        "the server-sent events protocol the board's page reads",
    ),
    (
        "src/cli/hook.rs",
        "merge rule: ",
        "a paragraph of a merge's commit message: data `log` reads back",
    ),
    (
        "src/cli/loop_/act.rs",
        "exit status ",
        "a test result's `error_message` in a loop's report file: data",
    ),
    (
        "src/cli/msg/clap.rs",
        "to pass '",
        "clap's own English suggestion, which clap gives only as text: \
         recognised to say it in the language in force",
    ),
    // The run log reproduces the review orchestrator's log line for line
    // (its title, tag and closing words are the workflow's `log:`), for
    // what watches an orchestrator; `--quiet` prints the named messages.
    (
        "src/cli/run.rs",
        "git orx run",
        "the run log's title when the workflow names none",
    ),
    (
        "src/cli/run.rs",
        "Nothing left to do",
        "the run log's closing line when the workflow names none",
    ),
    (
        "src/cli/run.rs",
        "[{}] Action failed",
        "a line of the run log's layout",
    ),
    (
        "src/cli/run.rs",
        "[{}] Too many errors",
        "a line of the run log's layout",
    ),
    (
        "src/cli/run.rs",
        "[{}] Restored from",
        "a line of the run log's layout",
    ),
];

/// The texts of English prose the command line makes in one source:
/// `(line, text)`, each the format string or literal of a `format!` (or
/// `write!`, `println!`...), a `Message::text`, an `Error::...`, a
/// `ui.line`/`eline`/`wrap`, or a literal made a `String`.
fn prose_texts(src: &str) -> Vec<(usize, String)> {
    const LIT: &str = r#""((?:[^"\\]|\\.)*)""#;
    let made = regex::Regex::new(&format!(
        r#"(?:(?:format|write|writeln|println|eprintln|print|eprint)!\(\s*(?:[\w.&]+,\s*)?|Message::text\(\s*|\.(?:line|eline|wrap)\(\s*|Error::\w+\(\s*){LIT}|{LIT}\s*\.(?:to_owned|to_string|into)\(\)|String::from\({LIT}"#
    ))
    .unwrap();
    let placeholder = regex::Regex::new(r"\{[^}]*\}").unwrap();
    // Two words in a row, placeholders aside: `the state: {} (ours)`.
    let prose = regex::Regex::new(r"[A-Za-z]{2,}[,:;]? [A-Za-z]{2,}").unwrap();
    let line = |at: usize| src[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    for c in made.captures_iter(src) {
        let Some(text) = (1..=3).find_map(|i| c.get(i)) else {
            continue;
        };
        if prose.is_match(&placeholder.replace_all(text.as_str(), "")) {
            out.push((line(c.get(0).unwrap().start()), text.as_str().to_owned()));
        }
    }
    out
}

#[test]
fn the_command_line_words_no_english_prose() {
    let (mut found, mut used) = (Vec::new(), vec![false; CLI_LAYOUTS.len()]);
    for (rel, src) in code_of(&["src/cli", "src/main.rs"]) {
        if CLI_INTERFACE.iter().any(|(f, _)| rel == *f) {
            continue;
        }
        for (line, text) in prose_texts(&src) {
            let layout = CLI_LAYOUTS
                .iter()
                .position(|(f, start, _)| rel == *f && text.starts_with(start));
            match layout {
                Some(i) => used[i] = true,
                None => found.push(format!("{rel}:{line}: {text:?}")),
            }
        }
    }
    assert!(
        found.is_empty(),
        "English prose the command line makes (name it: `ui.t(\"id\", ...)`, its English and \
         Chinese in locales/*/commands.ftl; or list a layout in CLI_LAYOUTS with why):\n{}",
        found.join("\n")
    );
    let unused: Vec<_> = CLI_LAYOUTS
        .iter()
        .zip(used)
        .filter(|(_, u)| !u)
        .map(|((f, start, _), _)| format!("{f}: {start:?}"))
        .collect();
    assert!(
        unused.is_empty(),
        "listed for nothing:\n{}",
        unused.join("\n")
    );
}

/// The command line's guard finds English prose however the text is
/// made, and lets a named message, a command line and a bare layout
/// through.
#[test]
fn english_prose_in_the_command_line_is_found() {
    let found = |src: &str| prose_texts(src).len();
    // What `resolve` and `assess` made before they named their messages.
    assert_eq!(
        found(r#"format!("the state: {} (ours) or {} (theirs): give --state", a, b)"#),
        1
    );
    assert_eq!(
        found(r#"Reason => "--reason explains an override".to_owned(),"#),
        1
    );
    assert_eq!(found(r#"ui.line("Nothing to do here");"#), 1);
    assert_eq!(
        found(r#"ui.eline(format!("error: cannot write: {e}"));"#),
        1
    );
    assert_eq!(
        found(r#"Error::Usage(Message::text(format!("{x} is wrong")))"#),
        1
    );
    assert_eq!(found(r#"write!(err, "\rreading history: {n}")"#), 1);
    assert_eq!(found(r#"ui.line(ui.t("resolve-state-conflicts", &[]))"#), 0);
    assert_eq!(found(r#"format!("  {} {}", a, b)"#), 0);
    assert_eq!(found(r#"format!("{head}\n  {}", left.join("\n  "))"#), 0);
    assert_eq!(found(r#"format!("--{flag}={w}")"#), 0);
}
