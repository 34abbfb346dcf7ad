//! `status --json` with the steps items share written once: each shared
//! list is rendered as JSON once, cut where the item's ID goes, and each
//! item that shares it gets those pieces with its own ID between them.
//! The bytes are those [`crate::cli::Ui::json`] writes for the board whose
//! items each have their own copy (a test compares them): 10,000 stories
//! have 23 MB of steps, which are copied rather than serialised anew.

use std::io::Write;

use orx::board::report::SharedSteps;
use orx::board::summary::Summary;

use super::board::Status;

/// How deep an item's steps are in the board: the `steps` key of an item
/// of `items` is at the third level.
const STEPS_INDENT: &str = "      ";
/// An item of `items`, at the second level.
const ITEM_INDENT: &str = "\n    ";

/// Writes `status` as [`crate::cli::Ui::json`] writes it (pretty, then a
/// newline), each of its items that shares a list of `shared` with that
/// list's steps and its ID.
pub fn write_status(
    out: &mut impl Write,
    mut status: Status<'_>,
    shared: &SharedSteps,
) -> std::io::Result<()> {
    let items = std::mem::take(&mut status.items);
    let envelope = serde_json::to_string_pretty(&status).map_err(std::io::Error::from)?;
    // The items go where the envelope has none.
    const EMPTY: &str = "\n  \"items\": [],";
    let Some(at) = envelope.find(EMPTY).filter(|_| !items.is_empty()) else {
        status.items = items;
        serde_json::to_writer_pretty(&mut *out, &status).map_err(std::io::Error::from)?;
        return writeln!(out);
    };
    let at = at + EMPTY.len() - "],".len();
    out.write_all(&envelope.as_bytes()[..at])?;
    let mut lists: Vec<Option<Vec<String>>> = vec![None; shared.lists().len()];
    let mut buf = Vec::new();
    for (n, s) in items.iter().enumerate() {
        out.write_all(if n == 0 { &b"\n    "[..] } else { b",\n    " })?;
        buf.clear();
        serde_json::to_writer_pretty(&mut buf, s).map_err(std::io::Error::from)?;
        const NO_STEPS: &[u8] = b"[]\n}";
        match shared.list_of(s) {
            Some(i) if buf.ends_with(NO_STEPS) => {
                let pieces = lists[i].get_or_insert_with(|| render(&shared.lists()[i]));
                indented(out, &buf[..buf.len() - NO_STEPS.len()])?;
                let id = serde_json::to_string(&s.id).map_err(std::io::Error::from)?;
                let id = &id[1..id.len() - 1];
                for (k, piece) in pieces.iter().enumerate() {
                    if k > 0 {
                        out.write_all(id.as_bytes())?;
                    }
                    out.write_all(piece.as_bytes())?;
                }
                out.write_all(ITEM_INDENT.as_bytes())?;
                out.write_all(b"}")?;
            }
            _ => match shared.list_of(s) {
                // Not as expected: the item's own copy, serialised.
                Some(_) => {
                    let own = Summary {
                        steps: shared.steps_of(s),
                        ..(*s).clone()
                    };
                    buf.clear();
                    serde_json::to_writer_pretty(&mut buf, &own).map_err(std::io::Error::from)?;
                    indented(out, &buf)?;
                }
                None => indented(out, &buf)?,
            },
        }
    }
    out.write_all(b"\n  ]")?;
    out.write_all(&envelope.as_bytes()[at + "]".len()..])?;
    writeln!(out)
}

/// `list` as pretty JSON at the depth of an item's steps, cut where the
/// ID goes.
fn render(list: &[orx::workflow::steps::Action]) -> Vec<String> {
    let text = serde_json::to_string_pretty(list).unwrap_or_default();
    let text = text.replace('\n', &format!("\n{STEPS_INDENT}"));
    let slot = serde_json::to_string(SharedSteps::SLOT).unwrap_or_default();
    let slot = &slot[1..slot.len() - 1];
    text.split(slot).map(str::to_owned).collect()
}

/// `json` (pretty, at the top level) written at the depth of an item.
fn indented(out: &mut impl Write, json: &[u8]) -> std::io::Result<()> {
    for (k, line) in json.split(|b| *b == b'\n').enumerate() {
        if k > 0 {
            out.write_all(ITEM_INDENT.as_bytes())?;
        }
        out.write_all(line)?;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A repository made here, with git-orx set up and `stories` committed.
    pub(crate) fn with_repo(
        stories: &[(String, String)],
        f: impl FnOnce(&orx::repo::workspace::Workspace),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let git = |args: &[&str]| {
            let out = std::process::Command::new("git")
                .args(args)
                .current_dir(dir.path())
                .env("GIT_CONFIG_GLOBAL", "/dev/null")
                .env("GIT_CONFIG_NOSYSTEM", "1")
                .output()
                .unwrap();
            assert!(out.status.success(), "git {args:?}: {out:?}");
        };
        git(&["init", "-q", "-b", "main"]);
        for (k, v) in [
            ("user.name", "Test"),
            ("user.email", "test@example.com"),
            ("commit.gpgsign", "false"),
            ("core.hooksPath", "no-hooks"),
        ] {
            git(&["config", k, v]);
        }
        let repo = orx::git::Repo::open(dir.path()).unwrap();
        orx::repo::setup::init(&repo, None, false).unwrap();
        let ws = orx::repo::workspace::Workspace::open_at(dir.path()).unwrap();
        let stories_dir = dir.path().join(ws.stories_dir());
        std::fs::create_dir_all(&stories_dir).unwrap();
        // Older than the stat cache's two seconds: kept in it.
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        for (name, text) in stories {
            std::fs::write(stories_dir.join(name), text).unwrap();
            std::fs::File::options()
                .write(true)
                .open(stories_dir.join(name))
                .and_then(|f| f.set_modified(old))
                .unwrap();
        }
        git(&["add", "-A"]);
        git(&["commit", "-q", "-m", "set up"]);
        f(&orx::repo::workspace::Workspace::open_at(dir.path()).unwrap());
    }

    pub(crate) const STATES: &[&str] = &[
        "Draft",
        "AwaitingArchReview",
        "Approved",
        "InProgress",
        "Review",
        "Done",
    ];

    pub(crate) fn story(id: &str, state: &str, tasks: &[bool], title: &str) -> String {
        let list: String = tasks
            .iter()
            .map(|done| format!("- [{}] A task\n", if *done { "x" } else { " " }))
            .collect();
        format!(
            "---\nkind: story\nid: \"{id}\"\ntitle: \"{title}\"\nstatus: {state}\n---\n# Story {id}: {title}\n\n## Story\n\nAs a user I want it.\n\n## Acceptance Criteria\n\n1. It works.\n\n## Tasks / Subtasks\n\n{list}\n## Dev Notes\n\nNone.\n"
        )
    }

    fn status<'a>(
        lang: &'a str,
        items: Vec<&'a Summary>,
        problems: &'a [orx::board::summary::Problem],
    ) -> Status<'a> {
        Status {
            version: super::super::Version,
            lang,
            items,
            agents: Vec::new(),
            problems,
            rejected: Default::default(),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5))]
        /// Regression: `status --json` written from the shared steps is,
        /// byte for byte, the board whose items have their own steps as
        /// `Ui::json` writes it.
        #[test]
        fn status_from_shared_steps_is_the_board_serialised(
            items in proptest::collection::vec(
                (0..STATES.len(), proptest::collection::vec(any::<bool>(), 0..3), "[a-z\"\\\\ ]{1,10}"),
                0..25,
            )
        ) {
            let stories: Vec<(String, String)> = items
                .iter()
                .enumerate()
                .map(|(i, (state, tasks, title))| {
                    let id = format!("{}.{}", i / 10 + 1, i % 10 + 1);
                    let title = title.trim().replace('\\', "\\\\").replace('"', "\\\"");
                    (format!("{id}.story-{i}.md"), story(&id, STATES[*state], tasks, &title))
                })
                .collect();
            with_repo(&stories, |ws| {
                let own = orx::board::report::board_with_steps(ws).unwrap();
                let want = serde_json::to_string_pretty(&status(ws.lang(), own.items.iter().collect(), &own.problems)).unwrap() + "\n";
                let (board, shared) = orx::board::report::board_with_shared_steps(ws).unwrap();
                let mut got = Vec::new();
                write_status(&mut got, status(ws.lang(), board.items.iter().collect(), &board.problems), &shared).unwrap();
                assert_eq!(String::from_utf8(got).unwrap(), want);
            });
        }
    }
}
