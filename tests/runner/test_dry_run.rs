//! `--dry-run` on the commands that write rule files, refs, the config and
//! hooks (`init`, `hooks install|uninstall`, `kind new`, `checkpoint`,
//! `acknowledge`): each says what it would write, with `--json` in its
//! usual result shape with `"dry_run": true`, and leaves the work tree,
//! the index, HEAD, every ref and `.git/hooks` exactly as they were.

use serde_json::Value;

use crate::common::Repo;
use crate::test_schemas::valid;

/// Every file of the work tree, HEAD, the index, every ref, `git status`
/// and `.git/hooks` (names and bytes).
fn everything(repo: &Repo) -> String {
    let mut s = repo.state();
    s.push_str(&repo.git(&["for-each-ref"]).stdout);
    s.push_str(
        &repo
            .git(&["status", "--porcelain", "--untracked-files=all"])
            .stdout,
    );
    let hooks = repo.path(".git/hooks");
    let mut names: Vec<_> = std::fs::read_dir(&hooks)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    names.sort();
    for p in names {
        let bytes = std::fs::read(&p).unwrap_or_default();
        s.push_str(&format!("{}: {}\n", p.display(), bytes.len()));
        s.push_str(&String::from_utf8_lossy(&bytes));
    }
    s
}

/// Runs `git orx ARGS --dry-run` twice, as text and with `--json`; checks
/// that neither changes anything, that the text names each of `text`, and
/// that the JSON validates against `schema`; returns the JSON.
#[track_caller]
fn dry(repo: &Repo, args: &[&str], schema: &str, text: &[&str]) -> Value {
    let before = everything(repo);
    let mut all = args.to_vec();
    all.push("--dry-run");
    repo.orx(&all).ok().stdout_has(text);
    assert_eq!(everything(repo), before, "{all:?} changed something");
    all.push("--json");
    let run = repo.orx(&all);
    run.ok();
    assert_eq!(everything(repo), before, "{all:?} changed something");
    let v: Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{all:?}: not JSON ({e}):\n{}", run.render()));
    valid(schema, &v);
    assert_eq!(v["dry_run"], true, "{v:#}");
    v
}

#[test]
fn init_and_hooks_dry_runs_say_what_they_would_write_and_write_nothing() {
    let repo = Repo::bare_git();
    let v = dry(
        &repo,
        &["init", "--preset", "orchestrix"],
        "output",
        &["would create .orx/config.yaml", "would install pre-commit"],
    );
    let lines = v["output"].as_array().unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l.as_str().unwrap().contains(".orx/workflows/story.yaml")),
        "{v:#}"
    );
    // Not even git-orx's own state directory (its lock) is made.
    assert!(!repo.path(".git/orx").exists());
    // The real one then does what the dry run said.
    repo.orx(&["init"]).ok();
    dry(
        &repo,
        &["init"],
        "output",
        &["kept         .orx/config.yaml", "kept         pre-commit"],
    );
    dry(
        &repo,
        &["hooks", "install"],
        "output",
        &["kept         pre-commit"],
    );
    dry(
        &repo,
        &["hooks", "uninstall"],
        "output",
        &["would remove pre-commit"],
    );
    repo.orx(&["hooks", "uninstall"]).ok();
    dry(
        &repo,
        &["hooks", "install"],
        "output",
        &["would install pre-commit"],
    );
    // A hook of the user's: kept, and said so.
    repo.write(".git/hooks/pre-commit", "#!/bin/sh\nexit 0\n");
    dry(
        &repo,
        &["hooks", "install"],
        "output",
        &["would install pre-commit (your hook would be kept"],
    );
}

#[test]
fn kind_new_checkpoint_and_acknowledge_dry_runs_write_nothing() {
    let repo = Repo::new();
    repo.write("notes.txt", "uncommitted\n");
    dry(
        &repo,
        &["kind", "new", "bug", "--from", "story"],
        "output",
        &[
            "would write .orx/workflows/bug.yaml",
            "would write .orx/templates/bug.md",
        ],
    );
    let v = dry(
        &repo,
        &["checkpoint", "-m", "before"],
        "checkpoint",
        &["would make checkpoint chk-"],
    );
    // The name it would get is the one a real checkpoint then gets.
    let real: Value =
        serde_json::from_str(&repo.orx(&["checkpoint", "--json"]).ok().stdout).unwrap();
    valid("checkpoint", &real);
    assert_eq!(real["dry_run"], false, "{real:#}");
    assert_eq!(real["checkpoint"], v["checkpoint"], "{real:#}");
    dry(
        &repo,
        &[
            "acknowledge",
            "HEAD",
            "--reason",
            "set up by hand",
            "--as",
            "human",
        ],
        "output",
        &["would acknowledge", "set up by hand"],
    );
    // The checks are the real command's: a refusal is still a refusal.
    let before = everything(&repo);
    repo.orx(&[
        "acknowledge",
        "HEAD",
        "--reason",
        "x",
        "--as",
        "dev",
        "--dry-run",
    ])
    .code(1);
    repo.orx(&[
        "acknowledge",
        "nope",
        "--reason",
        "x",
        "--as",
        "human",
        "--dry-run",
    ])
    .code(2);
    assert_eq!(everything(&repo), before);
}
