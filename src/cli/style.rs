//! The colours of the output, and text painted with them: [`paint`] and
//! [`epaint`] style text without asking whether the stream is coloured;
//! [`super::Ui`] takes the escapes out again ([`strip_escapes`]) when it
//! is not, so plain output is the bytes of text never painted.

use anstyle::{AnsiColor, Style};

pub const BOLD: Style = Style::new().bold();
pub const DIM: Style = Style::new().dimmed();
pub const RED: Style = AnsiColor::Red.on_default().bold();
pub const GREEN: Style = AnsiColor::Green.on_default();
pub const YELLOW: Style = AnsiColor::Yellow.on_default();
pub const CYAN: Style = AnsiColor::Cyan.on_default().bold();

/// `text` styled for standard output: the escapes are taken out again
/// when the output is not coloured (see [`super::Ui`]).
pub fn paint(style: Style, text: impl std::fmt::Display) -> String {
    styled(true, style, text)
}

/// `text` styled for standard error, as [`paint`] styles it.
pub fn epaint(style: Style, text: impl std::fmt::Display) -> String {
    styled(true, style, text)
}

/// `text` styled when `on`, else as it is.
pub(super) fn styled(on: bool, style: Style, text: impl std::fmt::Display) -> String {
    if on {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// `text` without its colour escapes.
pub(super) fn strip_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\x1b') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        rest = match rest.find('m') {
            Some(end) => &rest[end + 1..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}
