//! The import rules of the source folders, checked on the source itself:
//! the library's modules import each other in no cycle, and the low layers
//! (`text`, `doc`, `workflow`, `git`) import only what is below them.
//!
//! A module's imports are the `crate::` paths in its code (comments and its
//! `tests` module left out), each taken to the longest module it names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Imports allowed to close a cycle: none.
const KNOWN: &[(&str, &str)] = &[];

/// What each low folder may import besides itself.
const MAY_IMPORT: &[(&str, &[&str])] = &[
    ("text", &[]),
    ("doc", &["text"]),
    ("workflow", &["doc", "text"]),
    ("git", &["text"]),
];

/// The library's modules (`engine::plan`, `doc`), each with its code.
fn modules() -> BTreeMap<String, String> {
    fn walk(dir: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
                continue;
            }
            let rel = path
                .strip_prefix(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
                .unwrap();
            let rel = rel.to_str().unwrap().trim_end_matches(".rs");
            let mut parts: Vec<&str> = rel.split('/').collect();
            if matches!(parts[0], "cli" | "main" | "lib" | "layers")
                || parts.last() == Some(&"tests")
            {
                continue;
            }
            if parts.last() == Some(&"mod") {
                parts.pop();
            }
            out.insert(
                parts.join("::"),
                code(&std::fs::read_to_string(&path).unwrap()),
            );
        }
    }
    let mut out = BTreeMap::new();
    walk(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut out,
    );
    out
}

/// The text without comments and without the in-file `tests` module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each module's imports of other modules.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let mut out = BTreeMap::new();
    for (name, code) in &modules {
        let mut to = BTreeSet::new();
        for (i, _) in code.match_indices("crate::") {
            let path: String = code[i + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let parts: Vec<&str> = path.split("::").collect();
            let target = (1..=parts.len())
                .rev()
                .map(|n| parts[..n].join("::"))
                .find(|m| modules.contains_key(m));
            if let Some(t) = target
                && t != *name
                && !KNOWN.contains(&(name.as_str(), t.as_str()))
            {
                to.insert(t);
            }
        }
        out.insert(name.clone(), to);
    }
    out
}

fn folder(module: &str) -> &str {
    module.split("::").next().unwrap()
}

#[test]
fn module_imports_form_no_cycle() {
    let imports = imports();
    // Depth-first; a module met again while on the path closes a cycle.
    fn visit(
        m: &str,
        imports: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(m) {
            return;
        }
        if let Some(i) = path.iter().position(|p| p == m) {
            panic!("an import cycle: {} -> {m}", path[i..].join(" -> "));
        }
        path.push(m.to_owned());
        for t in &imports[m] {
            visit(t, imports, path, done);
        }
        path.pop();
        done.insert(m.to_owned());
    }
    let mut done = BTreeSet::new();
    for m in imports.keys() {
        visit(m, &imports, &mut Vec::new(), &mut done);
    }
    assert!(done.contains("engine::plan") && done.contains("git"));
}

#[test]
fn low_layers_import_only_what_is_below_them() {
    let mut wrong = Vec::new();
    for (m, to) in imports() {
        let Some((_, may)) = MAY_IMPORT.iter().find(|(f, _)| *f == folder(&m)) else {
            continue;
        };
        for t in to {
            if folder(&t) != folder(&m) && !may.contains(&folder(&t)) {
                wrong.push(format!("{m} -> {t}"));
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
}
