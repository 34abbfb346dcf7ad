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

fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(super::escape("plain 文字"), "plain 文字");
        assert_eq!(super::escape("a\nb\u{1b}[31m"), "a\\nb\\u{1b}[31m");
        assert_eq!(super::escape("x\u{202e}y"), "x\\u{202e}y");
    }
}
