//! No process-wide state holds a repository's data. What a command needs
//! of a repository (its rules, its roles and their spellings, its
//! language) is passed to it: the command's context (`cli::Ui`) holds the
//! language and the roles, the workspace holds the rules. A process may
//! read two repositories (the MCP server, the board server, the tests),
//! and a static filled from one would speak for the other.
//!
//! This test reads every source (its tests aside) and fails on a `static`
//! or a `thread_local!` that is not below, each with why it holds no
//! repository's data; and on an entry below that no longer exists.

use crate::layers::code;
use std::path::{Path, PathBuf};

/// (file, static, why it may be process-wide).
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "src/git/stop.rs",
        "FLAGS",
        "Ctrl-C: a signal handler reaches only a static",
    ),
    (
        "src/git/stop.rs",
        "PROTECTED",
        "Ctrl-C: a signal handler reaches only a static",
    ),
    (
        "src/workflow/kind.rs",
        "KIND_CODE",
        "code, not data: the Rust each built-in kind adds to its workflow, put there when the program is linked, the same in every repository",
    ),
    (
        "src/cli/completions.rs",
        "FACTORY",
        "the command tree, which clap's completion candidates are given no context to reach",
    ),
    (
        "src/engine/store.rs",
        "TEST_POINTS",
        "tests only: the steps to fail or pause at, read once by the command line from ORX_TEST_FAIL and ORX_TEST_PAUSE, the same for the whole process",
    ),
    (
        "src/repo/workspace.rs",
        "COMMIT_DATE",
        "the process's GIT_COMMITTER_DATE, read once by the command line: the same for every repository, as git's clock",
    ),
    (
        "src/git/mod.rs",
        "ONCE",
        "libgit2's options, set once per process before any repository is opened",
    ),
    (
        "src/text/message.rs",
        "INDEX",
        "the compiled-in resource files, indexed once",
    ),
    (
        "src/text/message.rs",
        "CELLS",
        "the compiled-in resource files, parsed when first needed",
    ),
    (
        "src/workflow/builtin.rs",
        "TREES",
        "the built-in workflows, compiled in (`templates/workflows/*.yaml`)",
    ),
    (
        "src/workflow/role.rs",
        "TABLE",
        "the built-in roles, compiled in (`templates/roles.yaml`)",
    ),
    (
        "src/workflow/kind.rs",
        "KINDS",
        "the built-in kinds, compiled in",
    ),
    (
        "src/workflow/expr.rs",
        "ENV",
        "CEL's standard environment: functions, no data",
    ),
    (
        "src/engine/checklist.rs",
        "LAST",
        "a cache keyed by the whole template text it was made from",
    ),
    (
        "src/engine/store.rs",
        "SEQ",
        "a counter that keeps this process's backup names apart",
    ),
    (
        "src/hooks/mod.rs",
        "FOUND",
        "this process's parent git, read once",
    ),
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            sources(&path, out);
        } else if name.ends_with(".rs") && !["tests.rs", "no_globals.rs"].contains(&name.as_str()) {
            out.push(path);
        }
    }
}

#[test]
fn no_static_holds_a_repositorys_data() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    let declared =
        regex::Regex::new(r"\bstatic\s+(?:mut\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*:").unwrap();
    let (mut found, mut unknown) = (Vec::new(), Vec::new());
    for path in &files {
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let code = code(&std::fs::read_to_string(path).unwrap());
        if code.contains("thread_local!") {
            unknown.push(format!("{rel}: thread_local!"));
        }
        for c in declared.captures_iter(&code) {
            let name = c[1].to_owned();
            if !ALLOWED.iter().any(|(f, n, _)| *f == rel && *n == name) {
                unknown.push(format!("{rel}: static {name}"));
            }
            found.push((rel.clone(), name));
        }
    }
    assert!(
        found.len() >= 10,
        "only {} statics found: is the pattern right?",
        found.len()
    );
    assert!(
        unknown.is_empty(),
        "process-wide state not known to hold no repository's data (pass it \
         in the command's context or the workspace instead, or add it to \
         ALLOWED with its reason):\n{}",
        unknown.join("\n")
    );
    let stale: Vec<String> = ALLOWED
        .iter()
        .filter(|(f, n, _)| !found.iter().any(|(rf, rn)| rf == f && rn == n))
        .map(|(f, n, _)| format!("{f}: {n}"))
        .collect();
    assert!(
        stale.is_empty(),
        "no longer declared:\n{}",
        stale.join("\n")
    );
}
