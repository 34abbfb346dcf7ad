//! The library's messages name no command-line flag (`src/no_flag_names.rs`
//! checks it): they name the action. Here the command line words each, by
//! its ID, with the flag that takes it: a message of its own (in
//! `flags.ftl`) with the same arguments, said in place of the library's.

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
    ("only-human-may-force", "force-human-only-role-cannot"),
    ("commit-not-signed", "commit-not-signed-flag"),
    (
        "lefthook-config-not-running",
        "lefthook-config-not-running-flag",
    ),
    ("item-tasks-not-recorded", "item-tasks-not-recorded-flag"),
];

/// The command line's wording of the library message `id`, if it names an
/// action a flag takes.
pub fn by_id(id: &str) -> Option<&'static str> {
    BY_ID
        .iter()
        .find(|(lib, _)| *lib == id)
        .map(|(_, cli)| *cli)
}

#[cfg(test)]
mod tests {
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
