//! The library's messages name no command-line flag (`src/no_flag_names.rs`
//! checks it): they name the action. Here the command line words each with
//! the flag that takes it, line by line, before a line is put in the
//! user's language: the library's English, with `{name}` standing for any
//! text, and the command line's.

/// (the ID of a library message that names an action a flag takes, the
/// ID of the command line's wording of it, with the same arguments).
const BY_ID: &[(&str, &str)] = &[
    (
        "checkpoint-made-in-another-worktree",
        "name-made-work-tree-there",
    ),
    ("rollback-put-back-saved", "work-tree-head-were-put"),
    ("rollback-work-saved-as", "your-work-saved-name-git"),
    (
        "item-not-committed-yet-commit-first",
        "item-path-not-committed-yet",
    ),
    (
        "unknown-kind-make-one-copied",
        "unknown-kind-kind-kinds-list",
    ),
    ("kind-id-is-given-say-which", "kind-id-is-given-say-with-id"),
    (
        "cannot-choose-next-id-give-one",
        "cannot-choose-next-id-give-with-id",
    ),
    (
        "undo-rollback-by-rolling-back",
        "undo-rollback-git-orx-rollback",
    ),
    (
        "from-not-readable-choose-another",
        "name-path-not-readable-either",
    ),
    (
        "install-hooks-outside-anyway",
        "install-there-anyway-every-repository",
    ),
    ("lefthook-advice", "lefthook-advice-flag"),
    ("unknown-kind-to-copy-from", "unknown-kind-name-guess"),
    (
        "dir-holds-other-items-own-dir",
        "dir-holds-other-items-give",
    ),
    (
        "allowed-none-human-overrides",
        "allowed-state-none-only-human",
    ),
    ("human-may-override", "human-may-override-force"),
    ("commit-not-signed", "commit-not-signed-flag"),
    (
        "lefthook-config-not-running",
        "lefthook-config-not-running-flag",
    ),
];

/// The command line's wording of the library message `id`, if it names an
/// action a flag takes.
pub fn by_id(id: &str) -> Option<&'static str> {
    BY_ID
        .iter()
        .find(|(lib, _)| *lib == id)
        .map(|(_, cli)| *cli)
}

/// (the library's line, the command line's), for the library's lines not
/// yet said by ID.
const FLAGS: &[(&str, &str)] = &[(
    "{text}; `git orx move` records what the story has (and a reason why tasks are left open)",
    "{text}; `git orx move` records what the story has (and `--reason TEXT` why tasks are left open)",
)];

/// `line` worded with its flag, if it is one of the library's lines that
/// name an action a flag takes.
fn word_line(line: &str) -> Option<String> {
    // Indented as it is written (a report's detail).
    let text = line.trim_start();
    let indent = &line[..line.len() - text.len()];
    // Most lines are none of these: one pass over the line for every
    // entry's longest literal rules them out.
    let (entries, longest) = entries();
    longest.matches(text).into_iter().find_map(|i| {
        let (pieces, cli) = &entries[i];
        let mut values = Vec::new();
        super::fill(pieces, text, &mut values).then(|| {
            let worded = values.iter().fold((*cli).to_owned(), |s, (k, v)| {
                s.replace(&format!("{{{k}}}"), v)
            });
            format!("{indent}{worded}")
        })
    })
}

/// Each line of [`FLAGS`] cut into its pieces, with the command line's
/// wording, and a set of their longest literals (in the same order): made
/// once, as every line printed is checked against them.
type Entry = (Vec<(&'static str, Option<&'static str>)>, &'static str);

fn entries() -> &'static (Vec<Entry>, regex::RegexSet) {
    static ENTRIES: std::sync::OnceLock<(Vec<Entry>, regex::RegexSet)> = std::sync::OnceLock::new();
    ENTRIES.get_or_init(|| {
        let mut entries = Vec::new();
        let mut longest = Vec::new();
        for (lib, cli) in FLAGS {
            let pieces = super::pieces(lib);
            if let Some(l) = pieces.iter().map(|(l, _)| *l).max_by_key(|l| l.len()) {
                longest.push(regex::escape(l));
                entries.push((pieces, *cli));
            }
        }
        let set = regex::RegexSet::new(&longest).unwrap_or_else(|_| regex::RegexSet::empty());
        (entries, set)
    })
}

/// `text` with each of its lines worded with its flag; `None` when no
/// line names such an action.
pub fn word(text: &str) -> Option<String> {
    let worded: Vec<Option<String>> = text.split('\n').map(word_line).collect();
    if worded.iter().all(Option::is_none) {
        return None;
    }
    let lines: Vec<String> = text
        .split('\n')
        .zip(worded)
        .map(|(l, w)| w.unwrap_or_else(|| l.to_owned()))
        .collect();
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    /// Each line keeps its names, and the library's wording of it names
    /// no flag while the command line's does.
    #[test]
    fn each_line_is_worded_with_its_flag() {
        for (lib, cli) in super::FLAGS {
            assert!(!lib.contains(" --"), "{lib}");
            assert!(cli.contains("--"), "{cli}");
            let names = |t: &str| {
                let mut n: Vec<String> = super::super::pieces(t)
                    .iter()
                    .filter_map(|(_, n)| n.map(str::to_owned))
                    .collect();
                n.sort();
                n
            };
            assert_eq!(names(lib), names(cli), "{lib}");
        }
        assert_eq!(
            super::word(
                "  2 tasks open; `git orx move` records what the story has (and a reason why tasks are left open)"
            )
            .as_deref(),
            Some(
                "  2 tasks open; `git orx move` records what the story has (and `--reason TEXT` why tasks are left open)"
            )
        );
        assert_eq!(super::word("nothing to word"), None);
    }

    /// Each library message worded by ID has its command line's wording,
    /// with the same arguments, naming a flag the library's does not.
    #[test]
    fn each_message_by_id_is_worded_with_its_flag() {
        use orx::text::message::{Lang, Message, exists, say};
        for (lib, cli) in super::BY_ID {
            assert!(exists(lib), "{lib}");
            assert!(exists(cli), "{cli}");
            let en = say(Lang::En, lib, []);
            let worded = say(Lang::En, cli, []);
            assert!(!en.contains(" --"), "{lib}: {en}");
            assert!(worded.contains("--"), "{cli}: {worded}");
        }
        // Said by ID, a message inside another is worded too.
        let inner = Message::new("cannot-choose-next-id-give-one");
        let outer = Message::new("two-lines")
            .arg("first", Message::text("x"))
            .arg("second", inner);
        assert_eq!(
            outer.render_worded(Lang::En, &super::by_id),
            "x\ncannot choose the next ID after the highest one; give one with --id"
        );
    }
}
