//! The import rules of the source folders, checked on the source itself:
//! the library's modules import each other in no cycle, and each layer
//! imports only the layers below it.
//!
//! A module's imports are the `crate::` paths in its code (comments and its
//! `tests` module left out), each taken to the longest module it names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Imports allowed to close a cycle: none.
const KNOWN: &[(&str, &str)] = &[];

/// The library's modules (`change::plan`, `doc`), each with its code.
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
            if matches!(
                parts[0],
                "cli"
                    | "main"
                    | "lib"
                    | "layers"
                    | "no_flag_names"
                    | "no_globals"
                    | "no_raw_messages"
                    | "one_executor"
            ) || parts.last() == Some(&"tests")
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

/// The text without comments and without the in-file `tests` module
/// (shared by the guard tests that read the code).
pub(crate) fn code(text: &str) -> String {
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
    assert!(done.contains("change::plan") && done.contains("git"));
}

/// The layers, lowest first: a module imports only from its own layer and
/// those before it. `error` gathers every layer's error type, so every
/// layer imports it and it imports their error types.
const LAYERS: &[&str] = &[
    "text", "doc", "workflow", "git", "engine", "repo", "change", "history", "kinds", "hooks",
    "board",
];

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let rank = |m: &str| LAYERS.iter().position(|l| *l == folder(m));
    let mut wrong = Vec::new();
    for (m, to) in imports() {
        if folder(&m) == "error" {
            continue;
        }
        let Some(own) = rank(&m) else {
            wrong.push(format!("{m} is in no layer"));
            continue;
        };
        for t in to {
            if folder(&t) != "error" && rank(&t).is_none_or(|r| r > own) {
                wrong.push(format!("{m} -> {t}"));
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new());
}
