//! The dry runs of `rollback` and `restore` list every file the real
//! command changes, and no other, each with its unified diff (the design
//! card: what a change does is shown as a diff where people decide;
//! `--name-only` leaves the diffs out); a property
//! over random work-tree changes holds the dry run to the real run.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use crate::common::Repo;

/// A repository with committed files, some in subdirectories, and a
/// checkpoint of that; the checkpoint's name.
fn checkpointed() -> (Repo, String) {
    let repo = Repo::new();
    repo.write("a.txt", "one\ntwo\nthree\n");
    repo.write("b.txt", "b\n");
    repo.write("src/lib.rs", "fn main() {}\n");
    repo.write("src/deep/mod.rs", "// mod\n");
    repo.write("bin.dat", b"\x00\x01\x02");
    repo.git(&["add", "-A"]).ok();
    repo.git(&["commit", "-q", "-m", "code"]).ok();
    let out = repo.orx(&["--json", "checkpoint", "-m", "clean"]);
    out.ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let name = v["checkpoint"].as_str().unwrap().to_owned();
    (repo, name)
}

/// `rollback CHK --dry-run` shows each file's diff: a modified file's
/// hunk, a new file diffed against nothing, a deleted one recreated, a
/// binary file said to differ; it needs no role and writes nothing.
/// `--diff`, its earlier spelling, is the same dry run; `--name-only`
/// lists the files alone.
#[test]
fn a_rollback_dry_run_with_diff_shows_each_file_s_diff() {
    let (repo, name) = checkpointed();
    repo.write("a.txt", "one\nTWO\nthree\n");
    repo.write("new.txt", "brand new\n");
    std::fs::remove_file(repo.path("src/lib.rs")).unwrap();
    repo.write("bin.dat", b"\x00\x09");
    let before = repo.state();
    let out = repo.orx(&["rollback", &name, "--dry-run"]);
    assert_eq!(repo.state(), before);
    insta::assert_snapshot!(out.render().replace(&name, "<chk>"), @r"
    exit: 0
    --- stdout
    would roll back to <chk>: 4 files would change (dry run: nothing written)
      restore a.txt
    --- a/a.txt
    +++ b/a.txt
    @@ -1,3 +1,3 @@
     one
    -TWO
    +two
     three
      restore bin.dat
    binary file differs
      remove  new.txt
    deleted file mode 100644
    --- a/new.txt
    +++ /dev/null
    @@ -1 +0,0 @@
    -brand new
      create  src/lib.rs
    new file mode 100644
    --- /dev/null
    +++ b/src/lib.rs
    @@ -0,0 +1 @@
    +fn main() {}
    ");
    let alone = repo.orx(&["rollback", &name, "--diff"]);
    assert_eq!(alone.render(), out.render());
    let names = repo.orx(&["rollback", &name, "--name-only"]);
    insta::assert_snapshot!(names.render().replace(&name, "<chk>"), @r"
    exit: 0
    --- stdout
    would roll back to <chk>: 4 files would change (dry run: nothing written)
      restore a.txt
      restore bin.dat
      remove  new.txt
      create  src/lib.rs
    ");
    assert_eq!(repo.state(), before);
}

/// With `--json`, each file the dry run lists carries what would happen
/// to it and its diff; with `--name-only`, no diff.
#[test]
fn a_rollback_dry_run_with_diff_gives_each_file_s_diff_as_json() {
    let (repo, name) = checkpointed();
    repo.write("b.txt", "B\n");
    repo.write("bin.dat", b"\xff\xfe");
    let out = repo.orx(&["--json", "rollback", &name, "--dry-run"]);
    out.ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    crate::test_schemas::valid("rollback", &v);
    assert_eq!(v["dry_run"], true);
    assert_eq!(v["changed"], serde_json::json!(["b.txt", "bin.dat"]));
    assert_eq!(
        v["files"],
        serde_json::json!([
            {"path": "b.txt", "what": "restore",
             "diff": "--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-B\n+b\n"},
            {"path": "bin.dat", "what": "restore", "diff": "binary file differs\n"},
        ])
    );
    let out = repo.orx(&["--json", "rollback", &name, "--dry-run", "--name-only"]);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    crate::test_schemas::valid("rollback", &v);
    assert_eq!(
        v["files"],
        serde_json::json!([
            {"path": "b.txt", "what": "restore"},
            {"path": "bin.dat", "what": "restore"},
        ])
    );
}

/// A file renamed since the checkpoint is two files to the rollback: the
/// new path removed, the old one restored. The dry run and the rollback
/// both list the two (renames were paired, and the new path left out).
#[test]
fn a_rollback_lists_both_paths_of_a_renamed_file() {
    let (repo, name) = checkpointed();
    repo.git(&["mv", "src/lib.rs", "src/main.rs"]).ok();
    let out = repo.orx(&["--json", "rollback", &name, "--dry-run"]);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        v["changed"],
        serde_json::json!(["src/lib.rs", "src/main.rs"])
    );
    let out = repo.orx(&["--json", "rollback", &name, "--yes", "--as", "dev"]);
    out.ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        v["changed"],
        serde_json::json!(["src/lib.rs", "src/main.rs"])
    );
    assert!(!repo.path("src/main.rs").exists());
}

/// A dry run refuses as the rollback would: an ignored file where the
/// checkpoint has one is named, and nothing is written.
#[test]
fn a_rollback_dry_run_refuses_what_the_rollback_refuses() {
    let (repo, name) = checkpointed();
    repo.git(&["rm", "-q", "b.txt"]).ok();
    repo.write(".gitignore", "b.txt\n");
    repo.write("b.txt", "ignored now\n");
    let before = repo.state();
    let dry = repo.orx(&["rollback", &name, "--dry-run"]);
    let real = repo.orx(&["rollback", &name, "--yes", "--as", "dev"]);
    assert_eq!(dry.code, real.code, "{}\n{}", dry.render(), real.render());
    assert_eq!(dry.stderr, real.stderr);
    dry.stderr_has(&["files git ignores", "b.txt"]);
    assert_eq!(repo.state(), before);
}

/// `restore --dry-run` needs no role, lists the item's file it would
/// write and how (`--name-only`: the name alone); the restore then
/// writes exactly that.
#[test]
fn a_restore_dry_run_lists_and_diffs_the_file_it_writes() {
    let repo = Repo::new();
    let path = repo.story_path(&repo.story("Login", &[]));
    let committed = repo.read(&path);
    repo.edit(&path, "Login", "Logout");
    let before = repo.state();
    let out = repo.orx(&["restore", "1.1", "--dry-run"]);
    out.ok();
    assert_eq!(repo.state(), before);
    out.stdout_has(&[
        &format!("  restore {path}"),
        &format!("--- a/{path}\n+++ b/{path}\n"),
        "-title: Logout\n+title: Login\n",
    ]);
    repo.orx(&["restore", "1.1", "--name-only"])
        .ok()
        .stdout_has(&[&format!("  restore {path}")])
        .stdout_lacks(&["+title: Login"]);
    assert_eq!(repo.state(), before);
    let out = repo.orx(&["--json", "restore", "1.1", "--dry-run"]);
    out.ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    crate::test_schemas::valid("restore", &v);
    assert_eq!(v["files"][0]["path"], path.as_str());
    assert!(
        v["files"][0]["diff"]
            .as_str()
            .unwrap()
            .contains("+title: Login\n")
    );
    let planned = snapshot(&repo);
    repo.orx(&["restore", "1.1", "--as", "sm"]).ok();
    assert_eq!(
        changed(&planned, &snapshot(&repo)),
        BTreeSet::from([path.clone()])
    );
    assert_eq!(repo.read(&path), committed);
    // Nothing left to restore: the dry run lists no file.
    let out = repo.orx(&["--json", "restore", "1.1", "--to", "HEAD", "--dry-run"]);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["files"], serde_json::json!([]), "{}", out.render());
}

/// For each way a restore goes — the committed version put back over
/// edits, a backup restored as a change, a restore that changes nothing —
/// the dry run (with no role) lists exactly the files the restore then
/// changes.
#[test]
fn a_restore_dry_run_lists_exactly_what_the_restore_changes() {
    type Setup = fn(&Repo, &str) -> Vec<&'static str>;
    let cases: [(&str, Setup); 3] = [
        ("edited by hand", |repo, path| {
            repo.edit(path, "Login", "Edited");
            vec!["restore", "1.1"]
        }),
        ("back to a backup", |repo, path| {
            repo.orx(&["backup", "1.1", "--name", "mine"]).ok();
            repo.edit(path, "Login", "Renamed");
            repo.commit_as("sm", "renamed").ok();
            vec!["restore", "1.1", "--to", "mine"]
        }),
        ("nothing to restore", |_, _| {
            vec!["restore", "1.1", "--to", "HEAD"]
        }),
    ];
    for (case, setup) in cases {
        let repo = Repo::new();
        let path = repo.story_path(&repo.story("Login", &[]));
        let args = setup(&repo, &path);
        let dry = repo.orx(&[&["--json"][..], &args, &["--dry-run"]].concat());
        let before = snapshot(&repo);
        let real = repo.orx(&[&["--json"][..], &args, &["--as", "sm"]].concat());
        assert_eq!(
            dry.code,
            real.code,
            "{case}\n{}\n{}",
            dry.render(),
            real.render()
        );
        real.ok();
        let v: serde_json::Value = serde_json::from_str(&dry.stdout).unwrap();
        let listed: BTreeSet<String> = v["files"]
            .as_array()
            .unwrap_or_else(|| panic!("{case}: {v}"))
            .iter()
            .map(|f| f["path"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(
            listed,
            changed(&before, &snapshot(&repo)),
            "{case}\n{}",
            real.render()
        );
    }
}

/// Every file of the work tree outside `.git`, with its bytes and
/// whether it is executable (a symbolic link as its target).
fn snapshot(repo: &Repo) -> BTreeMap<String, (Vec<u8>, bool)> {
    fn walk(
        root: &std::path::Path,
        dir: &std::path::Path,
        out: &mut BTreeMap<String, (Vec<u8>, bool)>,
    ) {
        for e in std::fs::read_dir(dir).unwrap() {
            let e = e.unwrap();
            let p = e.path();
            let rel = p
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if rel == ".git" {
                continue;
            }
            let meta = std::fs::symlink_metadata(&p).unwrap();
            if meta.is_dir() {
                walk(root, &p, out);
            } else if meta.file_type().is_symlink() {
                let target = std::fs::read_link(&p).unwrap();
                out.insert(rel, (target.to_string_lossy().as_bytes().to_vec(), false));
            } else {
                out.insert(rel, (std::fs::read(&p).unwrap(), executable(&meta)));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(&repo.root, &repo.root, &mut out);
    out
}

#[cfg(unix)]
fn executable(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn executable(_: &std::fs::Metadata) -> bool {
    false
}

/// The paths whose bytes, existence or mode differ between two snapshots.
fn changed(
    a: &BTreeMap<String, (Vec<u8>, bool)>,
    b: &BTreeMap<String, (Vec<u8>, bool)>,
) -> BTreeSet<String> {
    a.keys()
        .chain(b.keys())
        .filter(|p| a.get(*p) != b.get(*p))
        .cloned()
        .collect()
}

/// A change to the work tree after the checkpoint.
#[derive(Clone, Debug)]
enum Op {
    /// Rewrite the tracked file (by index) with this text.
    Modify(usize, String),
    Delete(usize),
    /// A new untracked file: in a directory (by index: none, an existing
    /// one, a new one), named by this number.
    Add(usize, u8),
    /// A file ignored through .gitignore.
    Ignored(u8),
    /// `git add -A` of everything so far.
    Stage,
    /// Flip the tracked file's executable bit.
    Chmod(usize),
    /// `git mv` the tracked file into a directory (by index): a rename.
    Move(usize, usize),
}

const TRACKED: [&str; 5] = ["a.txt", "b.txt", "src/lib.rs", "src/deep/mod.rs", "bin.dat"];
const DIRS: [&str; 3] = ["", "src/", "fresh/dir/"];

fn op() -> impl Strategy<Value = Op> {
    let file = 0..TRACKED.len();
    prop_oneof![
        (file.clone(), "[a-c]{0,3}\n?").prop_map(|(f, t)| Op::Modify(f, t)),
        file.clone().prop_map(Op::Delete),
        (0..DIRS.len(), 0u8..4).prop_map(|(d, n)| Op::Add(d, n)),
        (0u8..3).prop_map(Op::Ignored),
        Just(Op::Stage),
        file.clone().prop_map(Op::Chmod),
        (file, 0..DIRS.len()).prop_map(|(f, d)| Op::Move(f, d)),
    ]
}

fn apply(repo: &Repo, op: &Op) {
    match op {
        Op::Modify(f, text) => repo.write(TRACKED[*f], text),
        Op::Delete(f) => {
            let _ = std::fs::remove_file(repo.path(TRACKED[*f]));
        }
        Op::Add(d, n) => repo.write(&format!("{}new{n}.txt", DIRS[*d]), format!("new {n}\n")),
        Op::Ignored(n) => {
            let ignore = repo.path(".gitignore");
            let mut text = std::fs::read_to_string(&ignore).unwrap_or_default();
            if !text.contains("*.log") {
                text.push_str("*.log\n");
                std::fs::write(&ignore, text).unwrap();
            }
            repo.write(&format!("src/ignored{n}.log"), "noise\n");
        }
        Op::Stage => {
            repo.git(&["add", "-A"]).ok();
        }
        Op::Chmod(f) => chmod(repo, TRACKED[*f]),
        Op::Move(f, d) => {
            let to = format!("{}moved{f}", DIRS[*d]);
            if repo.path(TRACKED[*f]).exists() && !repo.path(&to).exists() {
                std::fs::create_dir_all(repo.path(&to).parent().unwrap()).unwrap();
                // Untracked, or tracked: either is a rename to git.
                let _ = repo.git(&["mv", "-f", TRACKED[*f], &to]);
                if repo.path(TRACKED[*f]).exists() {
                    std::fs::rename(repo.path(TRACKED[*f]), repo.path(&to)).unwrap();
                }
            }
        }
    }
}

#[cfg(unix)]
fn chmod(repo: &Repo, rel: &str) {
    use std::os::unix::fs::PermissionsExt;
    let path = repo.path(rel);
    if let Ok(meta) = std::fs::metadata(&path) {
        let mode = meta.permissions().mode() ^ 0o111;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    }
}

#[cfg(not(unix))]
fn chmod(_: &Repo, _: &str) {}

/// The dry run lists exactly the paths the rollback then changes (bytes,
/// existence or mode), refuses exactly when it refuses, and the work
/// tree is the checkpoint's afterwards, ignored files aside.
fn dry_run_matches_rollback(ops: &[Op]) -> Result<(), TestCaseError> {
    let (repo, name) = checkpointed();
    let at_checkpoint = snapshot(&repo);
    for op in ops {
        apply(&repo, op);
    }
    let dry = repo.orx(&["--json", "rollback", &name, "--dry-run"]);
    let before = snapshot(&repo);
    let real = repo.orx(&["--json", "rollback", &name, "--yes", "--as", "dev"]);
    let after = snapshot(&repo);
    prop_assert_eq!(
        dry.code,
        real.code,
        "{}\n{}\nops {:?}",
        dry.render(),
        real.render(),
        ops
    );
    if real.code != 0 {
        prop_assert_eq!(
            &before,
            &after,
            "a refused rollback changed files; ops {:?}",
            ops
        );
        return Ok(());
    }
    let v: serde_json::Value = serde_json::from_str(&dry.stdout).unwrap();
    let listed: BTreeSet<String> = v["changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    prop_assert_eq!(&listed, &changed(&before, &after), "ops {:?}", ops);
    let made: serde_json::Value = serde_json::from_str(&real.stdout).unwrap();
    let reported: BTreeSet<String> = made["changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    prop_assert_eq!(&listed, &reported, "ops {:?}", ops);
    let unignored: BTreeMap<_, _> = after
        .into_iter()
        .filter(|(p, _)| !p.ends_with(".log"))
        .collect();
    prop_assert_eq!(&unignored, &at_checkpoint, "ops {:?}", ops);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 12,
        max_shrink_iters: 20,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_rollback_dry_run_lists_exactly_what_the_rollback_changes(
        ops in prop::collection::vec(op(), 1..7)
    ) {
        dry_run_matches_rollback(&ops)?;
    }
}
