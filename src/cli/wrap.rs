//! The width of text on a terminal and text wrapped to it: the width
//! [`super::Ui::width`] reads (`COLUMNS`, else the terminal's), the columns
//! a painted line takes, and lines broken at spaces.

/// The width of the terminal, as [`super::Ui::width`] reads it.
pub(super) fn out_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|c| *c > 0)
        .or_else(|| terminal_size::terminal_size_of(std::io::stdout()).map(|(w, _)| w.0 as usize))
        .map(|w| w.clamp(40, 100))
        // Not a terminal and no COLUMNS: lines are not wrapped, so that
        // a log or a script reads each one whole.
        .unwrap_or(usize::MAX)
}

/// The columns `text` takes on a terminal (escape sequences take none).
fn display_width(text: &str) -> usize {
    let mut width = 0;
    let mut rest = text;
    while let Some(i) = rest.find('\x1b') {
        width += unicode_width::UnicodeWidthStr::width(&rest[..i]);
        rest = &rest[i..];
        rest = match rest.find('m') {
            Some(end) => &rest[end + 1..],
            None => "",
        };
    }
    width + unicode_width::UnicodeWidthStr::width(rest)
}

/// `text` broken at spaces into lines of at most `width` columns (a word
/// longer than that stays whole); lines after the first start with
/// `indent` spaces. Leading spaces of `text` are kept. A line break in
/// `text` starts a new line, indented the same.
pub fn wrap(text: &str, indent: usize, width: usize) -> Vec<String> {
    match text.split_once('\n') {
        None => wrap_line(text, indent, width),
        Some((first, rest)) => {
            let pad = " ".repeat(indent);
            let mut lines = wrap_line(first, indent, width);
            for l in rest.split('\n') {
                lines.extend(wrap_line(&format!("{pad}{l}"), indent, width));
            }
            lines
        }
    }
}

fn wrap_line(text: &str, indent: usize, width: usize) -> Vec<String> {
    // No character is wider than its UTF-8 bytes: most lines are decided
    // without measuring them.
    if text.len() <= width || display_width(text) <= width {
        return vec![text.to_owned()];
    }
    let body = text.trim_start_matches(' ');
    let mut line = text[..text.len() - body.len()].to_owned();
    let mut used = line.len();
    let mut fresh = true;
    let mut lines = Vec::new();
    for word in body.split(' ') {
        let w = display_width(word);
        if !fresh && used + 1 + w > width {
            lines.push(std::mem::take(&mut line));
            line = " ".repeat(indent);
            used = indent;
            fresh = true;
        }
        if !fresh {
            line.push(' ');
            used += 1;
        }
        line.push_str(word);
        used += w;
        fresh = false;
    }
    lines.push(line);
    lines
}
