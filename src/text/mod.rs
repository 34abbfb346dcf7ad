//! Printing untrusted text (titles, notes, IDs from files) safely, and
//! the messages git-orx says, by ID ([`message`]).

pub mod message;

/// [`escape`] of each line of `s`, the line breaks kept (a message of
/// several lines, such as a handoff).
pub fn escape_lines(s: &str) -> String {
    s.split('\n').map(escape).collect::<Vec<_>>().join("\n")
}

/// Escapes control characters (`\n`, `\u{1b}`, ...) so text read from a file
/// cannot move the cursor, change colours or forge extra output lines.
pub fn escape(s: &str) -> String {
    if !s.chars().any(is_unsafe) {
        return s.to_owned();
    }
    s.chars()
        .map(|c| {
            if is_unsafe(c) {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The known name closest to `typed`, for a "did you mean" hint: one that
/// differs only in case, spaces, `-` or `_` first, else the nearest by edit
/// distance when it is close enough to be a typo.
pub fn closest<'a>(typed: &str, known: &[&'a str]) -> Option<&'a str> {
    let fold = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
            .flat_map(char::to_lowercase)
            .collect()
    };
    let t = fold(typed);
    if let Some(k) = known.iter().find(|k| fold(k) == t) {
        return Some(k);
    }
    known
        .iter()
        .map(|k| (strsim::levenshtein(&t, &fold(k)), *k))
        .filter(|(d, k)| *d <= 2.max(k.chars().count() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `10s`, `0.5s`.
pub fn seconds(d: std::time::Duration) -> String {
    format!("{}s", (d.as_secs_f64() * 1000.0).round() / 1000.0)
}

/// Checks an item ID: letters, digits, `.`, `_`, `-`; not starting with `.`
/// or `-`; no `..`; at most 64 characters. So an ID can never name a path
/// outside the story directory or smuggle control characters.
pub fn check_id(id: &str) -> Result<(), String> {
    match id_problem(id) {
        Some(m) => Err(m.to_string()),
        None => Ok(()),
    }
}

/// What is wrong with `id` as an ID (see [`check_id`]), as a message.
pub fn id_problem(id: &str) -> Option<message::Message> {
    id_why(id).map(|why| crate::msg!("invalid-id", id = crate::text::escape(id), why))
}

/// Why `id` is not an ID (`it is empty`, ...), said of whatever names
/// it: an ID, an agent's name.
pub fn id_why(id: &str) -> Option<message::Message> {
    let bad = Some;
    if id.is_empty() {
        return bad(crate::msg!("id-empty"));
    }
    if id.len() > 64 {
        return bad(crate::msg!("id-too-long"));
    }
    if let Some(c) = id
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')))
    {
        return bad(crate::msg!(
            "id-char-not-allowed",
            char = c.escape_default().to_string()
        ));
    }
    if id.starts_with(['.', '-']) || id.ends_with('.') {
        return bad(crate::msg!("id-bad-ends"));
    }
    if id.contains("..") {
        return bad(crate::msg!("id-double-dot"));
    }
    None
}

/// A file-name slug of a title: its words in lowercase ASCII letters and
/// digits joined by `-` (written in Latin letters first, so a Chinese or
/// Cyrillic title keeps its words: `用户登录` is `yong-hu-deng-lu`), at most
/// 48 characters; `item` when nothing is left.
pub fn slug(title: &str) -> String {
    let latin = deunicode::deunicode_with_tofu(title, " ");
    let mut out = String::new();
    for c in latin.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.len() >= 48 {
            break;
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "item".to_owned()
    } else {
        out.to_owned()
    }
}

/// `text` with the bare `id` in each backticked `git orx` command written
/// `kind:id`: how a hint names an ID another kind uses too, so that the
/// command it gives is not refused as ambiguous. Prose keeps the bare ID.
pub fn qualify_commands(text: &str, kind: &str, id: &str) -> String {
    let named = format!("{kind}:{id}");
    let mut out = String::with_capacity(text.len() + named.len());
    for (i, part) in text.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 && part.starts_with("git orx ") {
            let words: Vec<&str> = part.split(' ').collect();
            let words: Vec<&str> = words
                .iter()
                .map(|w| if *w == id { named.as_str() } else { w })
                .collect();
            out.push_str(&words.join(" "));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// `Story` for `story`: a name as a sentence or heading starts.
pub fn capitalized(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_the_commands_of_a_hint_name_the_kind() {
        assert_eq!(
            super::qualify_commands(
                "Story 1.1 is ready: `git orx assess 1.1 --as sm`; see 1.1",
                "story",
                "1.1"
            ),
            "Story 1.1 is ready: `git orx assess story:1.1 --as sm`; see 1.1"
        );
        assert_eq!(
            super::qualify_commands("`*review 1.1`", "story", "1.1"),
            "`*review 1.1`"
        );
    }

    #[test]
    fn the_closest_name_folds_case_and_spaces_first() {
        let known = ["Draft", "InProgress", "Review", "Done"];
        assert_eq!(super::closest("In Progress", &known), Some("InProgress"));
        assert_eq!(super::closest("in-progress", &known), Some("InProgress"));
        assert_eq!(super::closest("Reveiw", &known), Some("Review"));
        assert_eq!(super::closest("Shipped", &known), None);
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(super::escape("plain 文字"), "plain 文字");
        assert_eq!(super::escape("a\nb\u{1b}[31m"), "a\\nb\\u{1b}[31m");
        assert_eq!(super::escape("x\u{202e}y"), "x\\u{202e}y");
    }
}

/// The plural of a kind's name: `stories`, `agents`.
pub fn plural(kind: &str) -> String {
    match kind.strip_suffix('y') {
        Some(stem) => format!("{stem}ies"),
        None => format!("{kind}s"),
    }
}

/// `text` with every whole word `from` (as written, capitalised, or
/// plural) said as `to`: a word, not part of a name (`*review-story`,
/// `story_id`, `` `story` ``, `{story.id}`).
pub fn renamed_words(text: &str, from: &str, to: &str) -> String {
    let pairs = [
        (plural(from), plural(to)),
        (capitalized(&plural(from)), capitalized(&plural(to))),
        (from.to_owned(), to.to_owned()),
        (capitalized(from), capitalized(to)),
    ];
    let before = |c: char| c.is_alphanumeric() || "-_*`{.".contains(c);
    let after = |c: char| c.is_alphanumeric() || "-_`}".contains(c);
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    'scan: while i < text.len() {
        for (f, t) in &pairs {
            if text[i..].starts_with(f.as_str())
                && !text[..i].chars().next_back().is_some_and(before)
                && !text[i + f.len()..].chars().next().is_some_and(after)
            {
                out.push_str(t);
                i += f.len();
                continue 'scan;
            }
        }
        let c = text[i..].chars().next().unwrap_or_default();
        out.push(c);
        i += c.len_utf8().max(1);
    }
    out
}

#[cfg(test)]
mod renamed_words_tests {
    use super::renamed_words;

    #[test]
    fn whole_words_are_renamed_and_names_are_not() {
        assert_eq!(
            renamed_words(
                "Story {id} is done! Review the story, then the stories. `story` *review-story {story.id}",
                "story",
                "ticket"
            ),
            "Ticket {id} is done! Review the ticket, then the tickets. `story` *review-story {story.id}"
        );
        assert_eq!(
            renamed_words("Story 1.1 已完成!", "story", "bug"),
            "Bug 1.1 已完成!"
        );
    }
}
