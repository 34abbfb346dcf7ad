//! Which files of a story folder are stories, and which story each is: the
//! IDs a file name can be read as (by the project's file pattern and its
//! variants), and the signs of a document that is no story (a review, a
//! report, a summary, a retrospective, a prompt, a tech spec).

use crate::doc::body::Heading;
use crate::workflow::items::Items;

/// An ID as compared: lower case, `-` between parts read as `.`.
pub fn norm_id(id: &str) -> String {
    id.to_ascii_lowercase().replace(['-', '_'], ".")
}

/// Every ID the file `name` can be read as by `items`' file pattern (the
/// longest first): `1-2-3d-pond.md` is story 1.2 or 1.2.3d.
pub fn ids_of_name(items: &Items, name: &str) -> Vec<String> {
    let Some((pre, post)) = items.file.split_once("{id}") else {
        return Vec::new();
    };
    let Some(rest) = name.strip_prefix(pre) else {
        return Vec::new();
    };
    let bare = ["{slug}", ".{slug}", "-{slug}", "_{slug}"]
        .iter()
        .rev()
        .fold(post.to_owned(), |f, s| f.replace(s, ""));
    let mut out = Vec::new();
    let cuts = rest
        .char_indices()
        .map(|(i, _)| i)
        .skip(1)
        .chain([rest.len()]);
    let cuts: Vec<usize> = cuts.collect();
    for cut in cuts.into_iter().rev() {
        let written = &rest[..cut];
        let id = match &items.file_sep {
            Some(sep) => written.replace(sep.as_str(), "."),
            None => written.to_owned(),
        };
        if items.check_id(&id).is_err() || items.id_in_file(&id) != written {
            continue;
        }
        let tail = &rest[cut..];
        let fits = match post.split_once("{slug}") {
            Some((before, after)) => {
                tail == bare
                    || (tail.len() > before.len() + after.len()
                        && tail.starts_with(before)
                        && tail.ends_with(after))
            }
            None => tail == post,
        };
        if fits {
            out.push(id);
        }
    }
    out
}

/// The file patterns a project may mix with `items`' own: the same with
/// `.`, `-` or `_` after the ID (`1.2.x.md` and `1.2-x.md`), which the ID
/// leads to as well.
pub fn variants(items: &Items) -> Vec<Items> {
    let mut out = vec![items.clone()];
    for sep in [".", "-", "_"] {
        for from in [".{slug}", "-{slug}", "_{slug}"] {
            if items.file.contains(&format!("{{id}}{from}")) {
                let mut v = items.clone();
                v.file = items
                    .file
                    .replace(&format!("{{id}}{from}"), &format!("{{id}}{sep}{{slug}}"));
                if !out.iter().any(|o: &Items| o.file == v.file) {
                    out.push(v);
                }
            }
        }
    }
    out
}

/// Words that name a document about a story rather than the story.
const NOT_STORY: &[&str] = &[
    "retrospective",
    "retrospectiva",
    "retro",
    "rétrospective",
    "report",
    "relatório",
    "informe",
    "rapport",
    "summary",
    "resumen",
    "resumo",
    "results",
    "completion",
    "review",
    "validation",
    "specification",
    "spec",
    "prompt",
    "deferred",
    "audit",
    "scope",
    "handoff",
    "回顾",
    "报告",
    "総括",
    "レポート",
];

/// The words of `text`, lower case.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// What a name or heading says the document is, when it names one that
/// is no story (`report`, `summary`): the word.
fn names_other(text: &str) -> Option<String> {
    let w = words(text);
    NOT_STORY
        .iter()
        .find(|n| w.iter().any(|x| x == *n) || (!n.is_ascii() && text.contains(*n)))
        .map(|n| (*n).to_owned())
}

/// Whether the body has the sections of a story (its statement, its
/// acceptance criteria, its tasks).
pub fn story_sections(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim_start_matches('#').trim().to_lowercase();
        l.starts_with('#')
            && (t == "story"
                || t.starts_with("user story")
                || t.starts_with("acceptance criteria")
                || t.starts_with("tasks")
                || t.starts_with("historia")
                || t.starts_with("história")
                || t.starts_with("critères")
                || t.starts_with("criterios")
                || t.starts_with("critérios")
                || t.contains("验收")
                || t.contains("受け入れ"))
    })
}

/// Whether the first heading is a story's: `Story 1.2: ...` (any case), or
/// one led by an ID.
pub fn story_heading(heading: Option<&Heading>, first_line: &str) -> bool {
    heading.is_some_and(|h| h.id.is_some())
        || first_line
            .trim_start_matches('#')
            .trim()
            .to_lowercase()
            .starts_with("story")
}

/// Why the file named `name` with `heading` is no story, when it says so:
/// a name ending `.review.md` or `.prompt.md`, a heading that names a
/// report or a review (not `Story 1.2: ...`), or a name that does while
/// another file is the story.
pub fn other_document(
    name: &str,
    first_heading: Option<&str>,
    duplicate: bool,
) -> Option<crate::text::message::Message> {
    use crate::msg;
    let stem = name.trim_end_matches(".md");
    for suffix in [".review", ".prompt", ".summary", ".report", ".notes"] {
        if stem.to_ascii_lowercase().ends_with(suffix) {
            return Some(msg!("name-marks-w", w = &suffix[1..]));
        }
    }
    if let Some(h) = first_heading {
        let lower = h.trim_start_matches('#').trim().to_lowercase();
        if !lower.starts_with("story")
            && let Some(w) = names_other(h)
        {
            return Some(msg!("heading-names-w-not-story", w = w));
        }
        if duplicate && let Some(w) = names_other(h) {
            return Some(msg!("heading-names-w", w = w));
        }
    }
    if duplicate && let Some(w) = names_other(stem) {
        return Some(msg!("name-names-w", w = w));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(file: &str, sep: Option<&str>, id: &str) -> Items {
        let yaml = format!(
            "items:\n  dir: d\n  file: \"{file}\"\n{}  id: '{id}'\n",
            sep.map(|s| format!("  file_sep: \"{s}\"\n"))
                .unwrap_or_default()
        );
        Items::of_source(&yaml).unwrap()
    }

    #[test]
    fn a_name_is_read_as_every_id_it_can_be() {
        let v6 = items("{id}-{slug}.md", Some("-"), r"^[0-9]+(\.[0-9]+)+[a-z]?$");
        assert_eq!(ids_of_name(&v6, "1-2-3d-pond.md"), ["1.2.3d", "1.2"]);
        assert_eq!(ids_of_name(&v6, "0-15a-stub.md"), ["0.15a"]);
        assert_eq!(ids_of_name(&v6, "epic-1-retro.md"), Vec::<String>::new());
        let v4 = items("{id}.{slug}.md", None, r"^[0-9]+(\.[0-9]+)*[a-z]?$");
        assert_eq!(ids_of_name(&v4, "4.3a.phase1.md")[0], "4.3a");
        let mixed: Vec<Vec<String>> = variants(&v4)
            .iter()
            .map(|i| ids_of_name(i, "2.1-create.md"))
            .collect();
        assert!(
            mixed
                .iter()
                .any(|ids| ids.first().map(String::as_str) == Some("2.1"))
        );
    }

    #[test]
    fn documents_about_a_story_are_told_from_stories() {
        let cases: &[(&str, Option<&str>, bool, bool)] = &[
            (
                "1-6-invite.review.md",
                Some("# Code Review: Story 1.6"),
                false,
                true,
            ),
            (
                "3-4k-patches.prompt.md",
                Some("# Apply Every Patch"),
                false,
                true,
            ),
            (
                "tech-spec-epic-1.md",
                Some("# Epic Technical Specification: X"),
                false,
                true,
            ),
            (
                "epic-1-retro.md",
                Some("# Retrospectiva - Épica 1"),
                false,
                true,
            ),
            (
                "2.2.implementation-complete.md",
                Some("# Story 2.2: Ball Physics Implementation Complete"),
                true,
                false,
            ),
            (
                "7.2.e2e-testing-completion.md",
                Some("# Story 7.2: E2E - COMPLETION REPORT"),
                true,
                true,
            ),
            (
                "4.1.review-rating-system.md",
                Some("# Story 4.1: Review & Rating System"),
                false,
                false,
            ),
            ("1.2.login.md", Some("# Story 1.2: Login"), true, false),
        ];
        for (name, heading, dup, other) in cases {
            assert_eq!(
                other_document(name, *heading, *dup).is_some(),
                *other,
                "{name}"
            );
        }
    }
}
