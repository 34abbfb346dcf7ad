//! Printing untrusted text (titles, notes, IDs from files) safely.

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

#[cfg(test)]
mod tests {
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
