//! Bad item files: each gets a clear error naming the file, line and column
//! where there is one, exit 1, and nothing is written.

use crate::common::{GOOD, Repo};

const STORIES: &str = "docs/stories";

fn bad_files() -> Vec<(&'static str, Vec<u8>)> {
    let mut bomb = String::from(
        "---\nkind: story\nid: \"9.9\"\nstatus: Draft\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n",
    );
    for i in 1..9 {
        bomb.push_str(&format!(
            "a{i}: &a{i} [{}]\n",
            vec![format!("*a{}", i - 1); 10].join(", ")
        ));
    }
    bomb.push_str("---\n");
    let mut huge = b"---\nkind: story\nid: \"9.10\"\nstatus: Draft\n---\n".to_vec();
    huge.resize(1024 * 1024 + 1, b'x');
    vec![
        (
            "no-close.md",
            b"---\nkind: story\nid: \"2.1\"\nstatus: Draft\n# Story\n".to_vec(),
        ),
        ("empty.md", b"".to_vec()),
        (
            "tabs.md",
            b"---\nkind: story\nid: \"2.2\"\nquality:\n\tscore: 1\nstatus: Draft\n---\n".to_vec(),
        ),
        (
            "dup.md",
            b"---\nkind: story\nid: \"2.3\"\nstatus: Draft\nstatus: Approved\n---\n".to_vec(),
        ),
        (
            "utf8.md",
            b"---\nkind: story\nid: \"2.4\"\ntitle: caf\xe9\nstatus: Draft\n---\n".to_vec(),
        ),
        ("bomb.md", bomb.into_bytes()),
        (
            "deep.md",
            format!(
                "---\nkind: story\nid: \"2.5\"\nstatus: Draft\nx: {}1{}\n---\n",
                "[".repeat(40),
                "]".repeat(40)
            )
            .into_bytes(),
        ),
        ("huge.md", huge),
        (
            "state.md",
            b"---\nkind: story\nid: \"2.6\"\nstatus: Finished\n---\n".to_vec(),
        ),
        (
            "noid.md",
            b"---\nkind: story\nstatus: Draft\n---\n".to_vec(),
        ),
        (
            "badid.md",
            b"---\nkind: story\nid: ../../etc\nstatus: Draft\n---\n".to_vec(),
        ),
    ]
}

#[test]
fn check_lists_every_problem_with_its_position() {
    let repo = Repo::new();
    repo.story("Good one", GOOD);
    for (name, bytes) in bad_files() {
        repo.write(&format!("{STORIES}/{name}"), bytes);
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        repo.path(&format!("{STORIES}/1.1.good-one.md")),
        repo.path(&format!("{STORIES}/link.md")),
    )
    .unwrap();
    let before = repo.state();
    let out = repo.orx(&["check"]);
    assert_eq!(repo.state(), before);
    insta::assert_snapshot!(out.render(), @"
    exit: 1
    --- stdout
    docs/stories/badid.md:3:5: invalid ID `../../etc`: `/` is not allowed (use letters, digits, `.`, `_` and `-`)
    docs/stories/bomb.md:8:45: too many nodes (more than 10000, counting alias expansions)
    docs/stories/deep.md:5:35: nesting deeper than 32 levels
    docs/stories/dup.md:5:1: duplicate key `status` (first on line 4)
    docs/stories/empty.md: the file is empty; an item starts with a `---` line, then YAML, then `---`
    docs/stories/huge.md: is 1048577 bytes; items may be at most 1048576 bytes (1 MiB)
    docs/stories/link.md: is a symbolic link; items must be regular files
    docs/stories/no-close.md:1:1: the frontmatter opened on line 1 is never closed by a `---` line
    docs/stories/noid.md:2:1: `id` is missing
    docs/stories/state.md:4:9: unknown state `Finished` (states: Draft, Blocked, AwaitingArchReview, RequiresRevision, Approved, InProgress, Review, Done, Escalated)
    docs/stories/tabs.md:5:2: tabs disallowed within this context (block indentation)
    docs/stories/utf8.md:4:11: the file is not valid UTF-8
    checked 14 files: 12 problems
    ");
    // `status` and `next` still show the good story and say how many
    // files cannot be read, with the first few.
    let status = repo.orx(&["status"]);
    status.ok();
    assert!(
        status.stdout.contains("1.1      Good one"),
        "{}",
        status.stdout
    );
    assert!(
        status
            .stdout
            .contains("12 files cannot be read as items; `git orx check` lists every problem:")
            && status.stdout.contains("... and 9 more"),
        "{}",
        status.stdout
    );
    let next = repo.orx(&["next"]);
    assert!(
        next.stderr
            .contains("12 files cannot be read as items; `git orx check` lists every problem:")
            && next.stderr.contains("... and 9 more"),
        "{}",
        next.stderr
    );
}

#[test]
fn commands_on_a_bad_file_refuse_and_write_nothing() {
    let repo = Repo::new();
    for (name, bytes) in bad_files() {
        repo.write(&format!("{STORIES}/2.{name}"), bytes);
    }
    repo.write(
        &format!("{STORIES}/2.6.state.md"),
        "---\nkind: story\nid: \"2.6\"\nstatus: Finished\n---\n",
    );
    repo.write(
        &format!("{STORIES}/2.3.dup.md"),
        "---\nkind: story\nid: \"2.3\"\nstatus: Draft\nstatus: Approved\n---\n",
    );
    let before = repo.state();
    repo.orx(&["move", "2.3", "Blocked", "--as", "sm"])
        .fails(1, &["docs/stories/2.3.dup.md:5:1: duplicate key `status`"]);
    repo.orx(&["move", "2.6", "Blocked", "--as", "sm"]).fails(
        1,
        &["docs/stories/2.6.state.md:4:9: unknown state `Finished`"],
    );
    let assess = repo.orx(&["assess", "2.3", "--score", "9", "--as", "sm"]);
    assess.code(1);
    assert_eq!(repo.state(), before);
}

#[test]
fn check_judges_uncommitted_changes_against_head() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.orx(&["check"]).ok();
    // A hand edit that skips a state.
    let text = repo.read(&path).replace("status: Approved", "status: Done");
    repo.write(&path, &text);
    let out = repo.orx(&["check"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 1
    --- stdout
    docs/stories/1.1.login.md: the uncommitted change is refused: story 1.1 cannot move from Approved to Done: the workflow has no such transition
      allowed from Approved: InProgress (Dev)
    checked 2 files: 1 problem
    ");
    // A valid hand edit passes, and with a role it is judged for that role.
    repo.write(&path, text.replace("status: Done", "status: InProgress"));
    repo.orx(&["check"]).ok();
    repo.orx(&["check", "--as", "qa", &path])
        .code(1)
        .stdout_has(&["QA may not move story 1.1 from Approved to InProgress"]);
    let json: serde_json::Value =
        serde_json::from_str(&repo.orx(&["check", "--json", "--as", "qa"]).stdout).unwrap();
    assert_eq!(json["problems"][0]["path"], path.as_str());
}

#[test]
fn invalid_config_and_workflow_files_are_refused() {
    let repo = Repo::new();
    repo.write(".orx/workflows/story.yaml", "params:\n  score_aprove: 9\n");
    repo.git(&["add", ".orx"]).ok();
    repo.git_env(
        &["commit", "-q", "--no-verify", "-m", "typo"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    let out = repo.orx(&["status"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 1
    --- stderr
    error: invalid workflow .orx/workflows/story.yaml:2:3: unknown param `score_aprove`; the built-in workflow has: structure_required, extraction_min, score_review, score_approve, complexity_max, arch_pass_score, arch_max_rounds, qa_max_rounds, auto_approve_gain, auto_approve_score, gates_required
    ");
    repo.orx(&["check"])
        .code(1)
        .stdout_has(&[".orx/workflows/story.yaml:2:3: unknown param"]);
    // Fixed by the Human; then a config with a duplicate key slips in unchecked.
    repo.git(&["rm", "-q", ".orx/workflows/story.yaml"]).ok();
    repo.git_env(
        &["commit", "-q", "-m", "fix the typo"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    repo.orx(&["status"]).ok();
    repo.write(
        ".orx/config.yaml",
        "lang: en\nstories: docs/stories\nstories: x\n",
    );
    repo.orx(&["check"])
        .stdout_has(&[".orx/config.yaml:3:1: duplicate mapping key: stories"]);
    repo.git(&["add", ".orx"]).ok();
    repo.git_env(
        &["commit", "-q", "--no-verify", "-m", "dup"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    let out = repo.orx(&["status"]);
    insta::assert_snapshot!(out.render(), @r"
    exit: 1
    --- stderr
    error: invalid config .orx/config.yaml:3:1: duplicate mapping key: stories
    ");
}

/// Every command that acts on one story refuses every bad file with exit 1,
/// names the file (and the position where there is one), and writes
/// nothing.
#[test]
fn every_command_refuses_every_bad_file() {
    let repo = Repo::new();
    let mut ids = Vec::new();
    // (A file claiming an invalid ID cannot be named on the command line:
    // such IDs are usage errors, tested with `new`.)
    let files = bad_files()
        .into_iter()
        .filter(|(name, _)| *name != "badid.md");
    for (n, (name, bytes)) in files.enumerate() {
        // Named for the ID it claims, or for a fresh one, as `new` names files.
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let id = text
            .lines()
            .find_map(|l| {
                l.strip_prefix("id: \"")?
                    .strip_suffix('"')
                    .map(str::to_owned)
            })
            .unwrap_or_else(|| format!("8.{n}"));
        let path = format!("{STORIES}/{id}.{name}");
        repo.write(&path, bytes);
        ids.push((id, path));
    }
    #[cfg(unix)]
    {
        let good = repo.story("Good one", GOOD);
        std::os::unix::fs::symlink(
            repo.path(&repo.story_path(&good)),
            repo.path(&format!("{STORIES}/7.1.link.md")),
        )
        .unwrap();
        ids.push(("7.1".to_owned(), format!("{STORIES}/7.1.link.md")));
    }
    let before = repo.state();
    for (id, path) in &ids {
        for args in [
            vec!["move", id, "Blocked", "--as", "sm"],
            vec!["assess", id, "--score", "9", "--as", "sm"],
            vec![
                "gate",
                id,
                "--as",
                "qa",
                "--critical",
                "0",
                "--criteria-met",
            ],
            vec!["show", id],
        ] {
            let out = repo.orx(&args);
            assert_eq!(
                out.code,
                1,
                "`git orx {}`: {}",
                args.join(" "),
                out.render()
            );
            assert!(
                out.stderr.contains(path.as_str()),
                "`git orx {}` does not name {path}: {}",
                args.join(" "),
                out.render()
            );
        }
    }
    assert_eq!(repo.state(), before);
}

/// A field of the wrong type is a problem where it is written, and no
/// command acts on it.
#[test]
fn fields_of_the_wrong_type_are_problems() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "score: 8.5", "score: high");
    repo.edit(
        &path,
        "status: Approved\n",
        "status: Approved\nrounds: {qa: 9223372036854775807}\n",
    );
    let out = repo.orx(&["check", &path]);
    insta::assert_snapshot!(out.render(), @r#"
    exit: 1
    --- stdout
    docs/stories/1.1.login.md:10:10: `quality.score` must be a number, not "high"; `rounds.qa` must be a whole number from 0 to 1000000, not 9223372036854775807
    checked 1 file: 1 problem
    "#);
    let before = repo.state();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"])
        .fails(1, &["`quality.score` must be a number"]);
    assert_eq!(repo.state(), before);
}

/// Two files claiming one ID: commands refuse to guess which is meant;
/// `check` names both; a new file not named for its ID is refused.
#[test]
fn an_id_leads_to_one_file() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let copy = format!("{STORIES}/{id}.copy.md");
    repo.write(&copy, repo.read(&repo.story_path(&id)));
    let before = repo.state();
    let out = repo.orx(&["move", &id, "InProgress", "--as", "dev"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 1
    --- stderr
    error: story `1.1` is in 2 files: docs/stories/1.1.copy.md, docs/stories/1.1.login.md; an ID may be used once — `ORX_ROLE=human git orx renumber story:1.1` gives the one added later the next free ID
    ");
    assert_eq!(repo.state(), before);
    std::fs::remove_file(repo.path(&copy)).unwrap();
    repo.write(
        &format!("{STORIES}/login-again.md"),
        "---\nkind: story\nid: \"1.9\"\ntitle: Again\nstatus: Draft\n---\n",
    );
    repo.orx(&["check"]).code(1).stdout_has(&[
        "docs/stories/login-again.md:3:5: story 1.9 must be in a file named for its ID (`1.9.<title>.md`)",
    ]);
    repo.git(&["add", "-A"]).ok();
    repo.git_env(&["commit", "-q", "-m", "again"], &[("ORX_ROLE", "sm")])
        .fails(
            1,
            &["story 1.9 must be in a file named for its ID (`1.9.<title>.md`)"],
        );
}

/// `check PATH`: a directory means the story files in or below it; a file
/// is checked as named (a symbolic link as one).
#[test]
fn check_paths_select_story_files() {
    let repo = Repo::new();
    repo.story("Login", GOOD);
    repo.write("README.md", "# not a story\n");
    let out = repo.orx(&["check", "."]);
    assert_eq!(
        out.stdout,
        "checked 1 file: no problems\n",
        "{}",
        out.render()
    );
    repo.orx(&["check", "docs"]).ok();
    repo.orx(&["check", ".orx"]).fails(
        2,
        &[".orx holds no story files (they are the .md files in docs/stories/)"],
    );
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(
            repo.path("docs/stories/1.1.login.md"),
            repo.path("docs/stories/1.2.link.md"),
        )
        .unwrap();
        repo.orx(&["check", "docs/stories/1.2.link.md"])
            .code(1)
            .stdout_has(&["is a symbolic link"]);
    }
}

/// A story directory that is a symbolic link could lead writes outside
/// the repository: refused.
#[cfg(unix)]
#[test]
fn a_symlinked_story_directory_is_refused() {
    let repo = Repo::new();
    let outside = tempfile::tempdir().unwrap();
    std::fs::remove_dir_all(repo.path(STORIES)).unwrap();
    std::os::unix::fs::symlink(outside.path(), repo.path(STORIES)).unwrap();
    repo.orx(&["new", "Escape", "--as", "sm", "--no-commit"])
        .fails(1, &["docs/stories is a symbolic link"]);
    assert_eq!(std::fs::read_dir(outside.path()).unwrap().count(), 0);
}

/// The parser's own depth guard reports the same limit as ours.
#[test]
fn very_deep_nesting_reports_the_limit() {
    let repo = Repo::new();
    repo.write(
        &format!("{STORIES}/2.9.deep.md"),
        format!(
            "---\nkind: story\nid: \"2.9\"\nstatus: Draft\nx: {}{}\n---\n",
            "[".repeat(500),
            "]".repeat(500)
        ),
    );
    repo.orx(&["check"])
        .stdout_has(&["nesting deeper than 32 levels"]);
}
