//! One executor writes and commits what git-orx changes: every write of
//! an item file (and of the other files its changes commit: a QA gate
//! file, a loop's progress files, the adopted rule files, the
//! acknowledgements) goes through `change::files`, which takes the lock,
//! writes atomically, commits with the hooks' environment and puts every
//! file back if git refuses. A plan is sealed when it is judged.
//!
//! This test reads every source (its tests aside) and fails when a module
//! outside `src/change/` writes, removes or puts back a file through the
//! store, or commits files (`commit_paths`, `commit_merge`), unless it is
//! listed below with why; and when a field of `change::plan::Plan` is
//! visible outside its module, so that no code changes a plan after it
//! was judged.

use std::path::Path;

use crate::layers::code;
use crate::no_raw_messages::sources;

/// (file, why it may write through the store without the executor).
const ALLOWED: &[(&str, &str)] = &[(
    "src/repo/setup.rs",
    "`init` writes the rule files it sets a repository up with and commits nothing; its layer lies below the executor's",
)];

/// Where `code` writes or commits files without the executor: the store's
/// writes called by path or imported by name, and git's commits of files.
fn writes(code: &str) -> Vec<String> {
    let called = regex::Regex::new(
        r"\bstore::(write|remove|restore)\s*\(|\.(commit_paths|commit_merge)\s*\(",
    )
    .unwrap();
    let imported = regex::Regex::new(r"store::\{[^}]*\b(write|remove|restore)\b[^}]*\}").unwrap();
    called
        .find_iter(code)
        .chain(imported.find_iter(code))
        .map(|m| m.as_str().trim_end_matches('(').trim().to_owned())
        .collect()
}

#[test]
fn only_the_executor_writes_and_commits_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    // This test's own patterns name what it looks for.
    files.retain(|f| !f.ends_with("one_executor.rs"));
    let (mut found, mut outside) = (Vec::new(), Vec::new());
    for path in &files {
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        // The store and the gateway to git are where these are defined.
        if rel == "src/engine/store.rs" || rel.starts_with("src/git/") {
            continue;
        }
        let code = code(&std::fs::read_to_string(path).unwrap());
        for w in writes(&code) {
            found.push(rel.clone());
            if !rel.starts_with("src/change/") && !ALLOWED.iter().any(|(f, _)| *f == rel) {
                outside.push(format!("{rel}: {w}"));
            }
        }
    }
    assert!(
        found.iter().any(|f| f == "src/change/files.rs"),
        "the executor's own writes were not found: is the pattern right?"
    );
    assert!(
        outside.is_empty(),
        "files written or committed without the executor (build a \
         `change::files::Files` and give it to `change::files::execute`, \
         or add the file to ALLOWED with its reason):\n{}",
        outside.join("\n")
    );
    let stale: Vec<&str> = ALLOWED
        .iter()
        .map(|(f, _)| *f)
        .filter(|f| !found.iter().any(|r| r == f))
        .collect();
    assert!(stale.is_empty(), "no longer writes: {}", stale.join(", "));
}

#[test]
fn the_pattern_finds_calls_and_imports() {
    let code = "store::write(&lock, root, dir, p, None, b);\n\
                let _ = store::restore (&lock, root, p, None, None);\n\
                repo.commit_paths(&paths, &m, &env, wait)\n\
                use crate::engine::store::{Lock, remove};\n\
                store::write_file(path, bytes); store::copies(dir, p);";
    assert_eq!(
        writes(code),
        [
            "store::write",
            "store::restore",
            ".commit_paths",
            "store::{Lock, remove}"
        ]
    );
}

#[test]
fn a_plans_fields_are_private_to_its_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("src/change/plan.rs")).unwrap();
    let start = text
        .find("pub struct Plan {")
        .expect("src/change/plan.rs declares `pub struct Plan`");
    let body = &text[start..];
    let body = &body[..body.find("\n}").expect("the struct ends")];
    let visible: Vec<&str> = body
        .lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| l.starts_with("pub"))
        .collect();
    assert!(
        body.lines().count() > 10,
        "Plan's fields were not found:\n{body}"
    );
    assert!(
        visible.is_empty(),
        "a plan's fields are read through its methods and set only by the \
         function that judges it; visible outside its module:\n{}",
        visible.join("\n")
    );
}
