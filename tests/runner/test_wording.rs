//! The repository stands alone: its code, tests, templates and documents
//! speak the product's language (the story lifecycle, the agent lifecycle)
//! and never point at the documents it was first built from.

use std::path::Path;

/// The places a word is looked for: what users and contributors read.
const PLACES: &[&str] = &[
    "src",
    "tests",
    "templates",
    "README.md",
    "ARCHITECTURE.md",
    "docs",
];

/// Every line of `text` where `word` (any case, with or without a plural
/// `s`) stands as a word of its own: not inside a longer word, though `_`
/// or `-` may join it to others (`the_word_matrix`).
fn lines_with_word(text: &str, word: &str) -> Vec<(usize, String)> {
    let is_letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let lower = line.to_ascii_lowercase();
            lower.match_indices(word).any(|(i, _)| {
                let before = lower[..i].chars().next_back();
                let rest = lower[i + word.len()..]
                    .strip_prefix('s')
                    .unwrap_or(&lower[i + word.len()..]);
                !is_letter(before) && !is_letter(rest.chars().next())
            })
        })
        .map(|(n, line)| (n + 1, line.to_owned()))
        .collect()
}

fn files(path: &Path, out: &mut Vec<std::path::PathBuf>) {
    if path.is_dir() {
        for e in std::fs::read_dir(path).unwrap() {
            files(&e.unwrap().path(), out);
        }
    } else {
        out.push(path.to_owned());
    }
}

#[test]
fn the_word_for_the_source_documents_appears_nowhere_users_or_contributors_read() {
    // Spelled in two halves so that this file does not name it itself.
    let word = ["se", "ed"].concat();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for place in PLACES {
        files(&root.join(place), &mut all);
    }
    assert!(
        all.len() > 20,
        "found only {} files under {PLACES:?}",
        all.len()
    );
    // Real projects' story files, kept byte for byte as their authors
    // wrote them (their provenance and our tables about them are read).
    let theirs = root.join("tests/fixtures/adopt");
    all.retain(|p| {
        !p.starts_with(&theirs)
            || p.parent() == Some(theirs.as_path())
            || p.file_name()
                .is_some_and(|n| n == "EXPECTED" || n == "PROVENANCE")
    });
    let mut found = Vec::new();
    for path in &all {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        for (n, line) in lines_with_word(&text, &word) {
            let rel = path.strip_prefix(root).unwrap().display();
            found.push(format!("{rel}:{n}: {}", line.trim()));
        }
    }
    assert!(
        found.is_empty(),
        "say the story lifecycle or the agent lifecycle instead:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_word_check_finds_the_word_alone_or_joined_and_not_inside_others() {
    let word = ["se", "ed"].concat();
    let text = [
        format!("as {word} 001 says"),
        format!("fn follow_the_{word}_matrix()"),
        format!("The five of the {word}s"),
        format!("{}: the lifecycle", word.to_uppercase()),
        format!("the {word}ling grows"),
        format!("pro{word}ings"),
        "nothing here".to_owned(),
    ]
    .join("\n");
    let lines: Vec<usize> = lines_with_word(&text, &word)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(lines, [1, 2, 3, 4]);
}
