//! `--diff`: the unified diff of a file a dry run lists, from the file as
//! it is now to the file as the command would leave it, in git's form
//! (`--- a/PATH`, `+++ b/PATH`, `/dev/null` for a side with no file).

use super::{BOLD, GREEN, RED, Ui};

/// One side of a diff: the file's mode (`0o100644`, ...) and bytes.
pub type Side<'a> = Option<(u32, &'a [u8])>;

/// What `--diff` says of a file that is not text (not UTF-8, or holding
/// a NUL byte).
pub const BINARY: &str = "binary file differs";

/// The diff of `path` from `before` to `after` (none: no file there), as
/// plain text, each line ending in a newline: git's mode lines, then
/// the headers and hunks, or [`BINARY`] for a file that is not text.
/// Control characters of the path and the lines are escaped.
pub fn unified(path: &str, before: Side, after: Side) -> String {
    let path = orx::text::escape(path);
    let mut out = String::new();
    match (before, after) {
        (None, Some((mode, _))) => out.push_str(&format!("new file mode {mode:o}\n")),
        (Some((mode, _)), None) => out.push_str(&format!("deleted file mode {mode:o}\n")),
        (Some((a, _)), Some((b, _))) if a != b => {
            out.push_str(&format!("old mode {a:o}\nnew mode {b:o}\n"));
        }
        _ => {}
    }
    let text = |side: Side<'_>| -> Option<String> {
        let bytes = side.map_or(&[][..], |(_, b)| b);
        match std::str::from_utf8(bytes) {
            Ok(t) if !t.contains('\0') => Some(t.to_owned()),
            _ => None,
        }
    };
    let (Some(old), Some(new)) = (text(before), text(after)) else {
        out.push_str(BINARY);
        out.push('\n');
        return out;
    };
    let old_name = match before {
        Some(_) => format!("a/{path}"),
        None => "/dev/null".to_owned(),
    };
    let new_name = match after {
        Some(_) => format!("b/{path}"),
        None => "/dev/null".to_owned(),
    };
    let diff = similar::TextDiff::from_lines(&old, &new);
    let hunks = diff
        .unified_diff()
        .context_radius(3)
        .header(&old_name, &new_name)
        .to_string();
    for line in hunks.lines() {
        // A file's own tabs stay; any other control character is escaped.
        let safe: Vec<String> = line.split('\t').map(orx::text::escape).collect();
        out.push_str(&safe.join("\t"));
        out.push('\n');
    }
    out
}

/// Prints a diff [`unified`] made: removed lines red, added lines green
/// when colour is on, [`BINARY`] in the language in force.
pub fn print(ui: &mut Ui, diff: &str) {
    for line in diff.lines() {
        if line == BINARY {
            ui.line(ui.t("binary-file-differs", &[]));
        } else if line.starts_with("--- ") || line.starts_with("+++ ") {
            ui.verbatim(&ui.paint(BOLD, line));
        } else if line.starts_with('-') {
            ui.verbatim(&ui.paint(RED, line));
        } else if line.starts_with('+') {
            ui.verbatim(&ui.paint(GREEN, line));
        } else {
            ui.verbatim(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_file_diffs_in_git_s_form() {
        let d = unified(
            "a.txt",
            Some((0o100644, b"a\nb\n")),
            Some((0o100644, b"a\nc\n")),
        );
        assert_eq!(d, "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n");
    }

    #[test]
    fn a_removed_file_diffs_against_nothing() {
        let d = unified("x", Some((0o100644, b"x\n")), None);
        assert_eq!(
            d,
            "deleted file mode 100644\n--- a/x\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n"
        );
        let d = unified("x", None, Some((0o100755, b"x\n")));
        assert!(
            d.starts_with("new file mode 100755\n--- /dev/null\n+++ b/x\n"),
            "{d}"
        );
    }

    #[test]
    fn binary_files_and_modes_are_said_not_diffed() {
        let d = unified("b", Some((0o100644, b"a\0b")), Some((0o100644, b"c")));
        assert_eq!(d, "binary file differs\n");
        let d = unified("b", Some((0o100644, &[0xff, 0xfe][..])), None);
        assert_eq!(d, "deleted file mode 100644\nbinary file differs\n");
        let d = unified("m", Some((0o100644, b"x\n")), Some((0o100755, b"x\n")));
        assert_eq!(d, "old mode 100644\nnew mode 100755\n");
    }

    #[test]
    fn control_characters_in_lines_are_escaped() {
        let d = unified("e", Some((0o100644, b"\x1b[31m\tx\n")), None);
        assert!(d.contains("-\\u{1b}[31m\tx\n"), "{d}");
    }
}
