//! The library names no command-line flag: it returns what went wrong as
//! data (an error variant, a refusal), and the command line (`src/cli/`)
//! words it with its own flags. This test reads every library source and
//! fails on a string literal that starts with a flag (`"--force ..."`).

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
        for lit in literals(&src) {
            if starts_with_flag(&lit) {
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

#[test]
fn a_flag_is_told_from_a_fence() {
    assert!(starts_with_flag("--force is for the Human only"));
    assert!(!starts_with_flag("---"));
    assert!(!starts_with_flag("-->"));
    assert!(!starts_with_flag("a --force"));
}
