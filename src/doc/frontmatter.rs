//! Splits a Markdown file into its YAML frontmatter and its body.
//!
//! We do this ourselves (about forty lines) because the crates that do it lose
//! what we promise to keep: key order, `\r\n` line ends and the final newline.
//! The rules: an optional UTF-8 BOM, then a `---` line at byte 0; the YAML runs
//! until the first line that is exactly `---` (trailing blanks allowed); the
//! body is every byte after that line, untouched. A `---` inside a YAML value
//! never starts a line at column 0 (YAML forbids document markers inside
//! quoted scalars, and block scalars are indented), so it cannot end the fence.

use std::ops::Range;

/// Where the parts of a frontmatter document are, as byte ranges of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The YAML between the fences, including its final line break.
    pub yaml: Range<usize>,
    /// Everything after the closing fence line.
    pub body: Range<usize>,
    /// `"\r\n"` when the opening fence ends with CRLF, else `"\n"`.
    pub newline: &'static str,
    /// 1-based line number of the first YAML line.
    pub first_line: usize,
}

/// Why a text is not a frontmatter document.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    #[error("the file is empty; an item starts with a `---` line, then YAML, then `---`")]
    Empty,
    #[error("the file does not start with a `---` line (frontmatter fence)")]
    NoOpeningFence,
    #[error("the frontmatter opened on line 1 is never closed by a `---` line")]
    NoClosingFence,
}

const BOM: &str = "\u{feff}";

/// Finds the fences of `text`.
pub fn split(text: &str) -> Result<Split, SplitError> {
    if text.is_empty() {
        return Err(SplitError::Empty);
    }
    let start = if text.starts_with(BOM) { BOM.len() } else { 0 };
    let (first, yaml_start) = next_line(text, start);
    if !is_fence(first) {
        return Err(SplitError::NoOpeningFence);
    }
    let newline = if first.ends_with("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let mut pos = yaml_start;
    while pos < text.len() {
        let (line, next) = next_line(text, pos);
        if is_fence(line) {
            return Ok(Split {
                yaml: yaml_start..pos,
                body: next..text.len(),
                newline,
                first_line: 2,
            });
        }
        pos = next;
    }
    Err(SplitError::NoClosingFence)
}

/// The line starting at `from` (with its line break) and where the next begins.
fn next_line(text: &str, from: usize) -> (&str, usize) {
    let end = text[from..].find('\n').map_or(text.len(), |i| from + i + 1);
    (&text[from..end], end)
}

fn is_fence(line: &str) -> bool {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    line.strip_prefix("---")
        .is_some_and(|rest| rest.chars().all(|c| c == ' ' || c == '\t'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(text: &str) -> (&str, &str) {
        let s = split(text).unwrap();
        (&text[s.yaml], &text[s.body])
    }

    #[test]
    fn frontmatter_splits_with_lf_or_crlf_and_keeps_the_newline() {
        assert_eq!(parts("---\na: 1\n---\nbody\n"), ("a: 1\n", "body\n"));
        assert_eq!(
            parts("---\r\na: 1\r\n---\r\nbody\r\n"),
            ("a: 1\r\n", "body\r\n")
        );
        assert_eq!(split("---\r\na: 1\r\n---\r\n").unwrap().newline, "\r\n");
    }

    #[test]
    fn bom_is_tolerated() {
        assert_eq!(parts("\u{feff}---\na: 1\n---\n"), ("a: 1\n", ""));
    }

    #[test]
    fn closing_fence_at_end_of_file_without_newline() {
        assert_eq!(parts("---\na: 1\n---"), ("a: 1\n", ""));
    }

    #[test]
    fn dashes_in_values_and_body_do_not_confuse_it() {
        let text = "---\na: x --- y\nb: |\n  ---\n---\nbody\n---\nmore\n";
        assert_eq!(
            parts(text),
            ("a: x --- y\nb: |\n  ---\n", "body\n---\nmore\n")
        );
    }

    #[test]
    fn a_longer_dash_line_is_not_a_fence() {
        assert_eq!(split("---\na: 1\n----\n"), Err(SplitError::NoClosingFence));
    }

    #[test]
    fn a_missing_fence_or_empty_file_is_a_named_error() {
        assert_eq!(split(""), Err(SplitError::Empty));
        assert_eq!(split("# title\n"), Err(SplitError::NoOpeningFence));
        assert_eq!(split(" ---\n---\n"), Err(SplitError::NoOpeningFence));
        assert_eq!(split("---\na: 1\n"), Err(SplitError::NoClosingFence));
    }

    #[test]
    fn empty_frontmatter() {
        assert_eq!(parts("---\n---\nbody"), ("", "body"));
    }
}
