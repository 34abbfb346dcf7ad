//! The library names no command-line flag: it returns what went wrong as
//! data (an error variant, a refusal), and the command line (`src/cli/`)
//! words it with its own flags (`src/cli/msg/flags.rs`). This test reads
//! every library source (its tests aside) and fails on a string literal
//! that names a flag, at its start (`"--force ..."`) or anywhere in it
//! (`"use goal plan --approve"`, ``"`git orx rollback X --yes`"``), but
//! another program's own (`git reset --soft`, `pre-commit install
//! --hook-type`, git's `--no-verify`).

use std::path::{Path, PathBuf};

use crate::kinds::no_kind_names::literals;

/// Sources whose `--` literals are git's own options, not git-orx's: the
/// one gateway that runs git, and the hooks, which read git's command line.
const GIT_OPTIONS: &[&str] = &["src/git/", "src/hooks/mod.rs"];

/// The library's sources: all of `src/` but the command line, the binary's
/// entry point and the tests.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "cli" {
                sources(&path, out);
            }
        } else if name.ends_with(".rs")
            && ![
                "tests.rs",
                "main.rs",
                "layers.rs",
                "no_kind_names.rs",
                "no_flag_names.rs",
            ]
            .contains(&name.as_str())
            && !crate::kinds::no_kind_names::is_generated(&path)
        {
            out.push(path);
        }
    }
}

/// Whether a literal starts with a flag: `--` and a letter.
fn starts_with_flag(lit: &str) -> bool {
    lit.strip_prefix("--")
        .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// git's own options a message may name: what git was told (`--no-verify`
/// skips the hooks), or a git command to run (`git config --local`).
const GIT_FLAGS: &[&str] = &["--no-verify", "--local"];

/// Literals that describe the shape of a flag rather than name one: a
/// workflow's `flag:` value (`--name`).
const SHAPES: &[&str] = &["is not a flag (`--name`, `-m`)"];

/// The git-orx flags a literal names anywhere in it: `--` and a letter,
/// at its start or after a space, a backtick or a parenthesis, outside a
/// command of another program (a backticked command that is not `git
/// orx`'s: `git reset --soft`, `pre-commit install --hook-type`).
fn flags_named(lit: &str) -> Vec<String> {
    if SHAPES.iter().any(|s| lit.contains(s)) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, _) in lit.match_indices("--") {
        let before = lit[..i].chars().last();
        if !before.is_none_or(|c| matches!(c, ' ' | '`' | '(' | '[')) {
            continue;
        }
        let name: String = lit[i + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            continue;
        }
        let flag = format!("--{name}");
        if GIT_FLAGS.contains(&flag.as_str()) {
            continue;
        }
        // Inside a backticked command: whose is it?
        let opened = lit[..i].matches('`').count() % 2 == 1;
        if opened {
            let start = lit[..i].rfind('`').map_or(0, |s| s + 1);
            let command = lit[start..i].trim_start();
            if !command.starts_with("git orx") && !command.starts_with('{') {
                continue;
            }
        }
        out.push(flag);
    }
    out
}

#[test]
fn library_messages_name_no_command_line_flag() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    assert!(files.len() > 20, "{files:?}");
    let mut found = Vec::new();
    for file in &files {
        let rel = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if GIT_OPTIONS.iter().any(|g| rel.starts_with(g)) {
            continue;
        }
        let src = std::fs::read_to_string(file).unwrap();
        // A file's tests word what they test, flags included.
        let src = src.split("\n#[cfg(test)]").next().unwrap_or_default();
        for lit in literals(src) {
            if starts_with_flag(&lit) || !flags_named(&lit).is_empty() {
                found.push(format!("{rel}: \"{lit}\""));
            }
        }
    }
    assert!(
        found.is_empty(),
        "library sources word command-line flags (return the data and let src/cli/ word it):\n{}",
        found.join("\n")
    );
}

/// A flag named inside a message is found, wherever it is; another
/// program's, a fence, an arrow and a flag's shape are not flags of ours.
#[test]
fn a_flag_inside_a_message_is_found() {
    assert_eq!(flags_named("use goal plan --approve"), ["--approve"]);
    assert_eq!(
        flags_named("`git orx rollback {saved} --yes` restores it"),
        ["--yes"]
    );
    assert_eq!(flags_named("say it with --id"), ["--id"]);
    assert!(flags_named("`git reset --soft {}` moves it back").is_empty());
    assert!(flags_named("run `pre-commit install --hook-type {name}`").is_empty());
    assert!(flags_named("made with --no-verify").is_empty());
    assert!(flags_named("---\nkind: x").is_empty());
    assert!(flags_named("a -> b <!-- c -->").is_empty());
    assert!(flags_named("input: `flag: x` is not a flag (`--name`, `-m`)").is_empty());
}

#[test]
fn a_flag_is_told_from_a_fence() {
    assert!(starts_with_flag("--force is for the Human only"));
    assert!(!starts_with_flag("---"));
    assert!(!starts_with_flag("-->"));
    assert!(!starts_with_flag("a --force"));
}

/// The library's messages name no flag either: every message of its own
/// resource files (`library.ftl`, `kinds.ftl`, `enforce.ftl`,
/// `workflow.ftl`), and each message of another file a library source
/// names by its ID (`msg!("id"`). A message the command line words with
/// its flag is its own, in `commands.ftl` or `flags.ftl`, named only by
/// `src/cli/`.
#[test]
fn library_resources_name_no_command_line_flag() {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement};

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    let named_id = regex::Regex::new(r#"msg!\(\s*"([a-z][a-z0-9-]*)""#).unwrap();
    let mut named = std::collections::BTreeSet::new();
    for file in &files {
        let src = std::fs::read_to_string(file).unwrap();
        let src = src.split("\n#[cfg(test)]").next().unwrap_or_default();
        named.extend(named_id.captures_iter(src).map(|c| c[1].to_owned()));
    }
    assert!(named.len() > 50, "only {} IDs named", named.len());
    let mut found = Vec::new();
    let mut seen = 0;
    for (file, en, _) in crate::text::message::RESOURCES {
        let own = matches!(
            *file,
            "library.ftl" | "kinds.ftl" | "enforce.ftl" | "workflow.ftl"
        );
        let resource = fluent_syntax::parser::parse(*en).unwrap_or_else(|(r, _)| r);
        for entry in resource.body {
            let Entry::Message(m) = entry else { continue };
            if !own && !named.contains(m.id.name) {
                continue;
            }
            let Some(pattern) = m.value else { continue };
            let mut text = String::new();
            for element in pattern.elements {
                match element {
                    PatternElement::TextElement { value } => text.push_str(value),
                    PatternElement::Placeable {
                        expression: Expression::Inline(InlineExpression::StringLiteral { value }),
                    } => text.push_str(value),
                    PatternElement::Placeable { .. } => text.push_str("{x}"),
                }
            }
            seen += 1;
            if starts_with_flag(&text) || !flags_named(&text).is_empty() {
                found.push(format!("en/{file}: {} = {text}", m.id.name));
            }
        }
    }
    assert!(seen > 50, "only {seen} library messages read");
    assert!(
        found.is_empty(),
        "library messages word command-line flags (name the action and let src/cli/ word it):\n{}",
        found.join("\n")
    );
}
