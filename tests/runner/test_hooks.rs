//! The hooks, through real `git commit` and `git merge`: hand edits are
//! judged like `git orx move`, however the commit is made.

use crate::common::{GOOD, Repo};

#[cfg(unix)]
fn executable(repo: &Repo, rel: &str, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    repo.write(rel, text);
    std::fs::set_permissions(repo.path(rel), std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// A git-orx stand-in on PATH that logs each start's first two arguments
/// (`hook pre-commit`) to the returned file, then runs `then` (the real
/// git-orx, or nothing). Returns PATH with it first, and the log.
#[cfg(unix)]
fn logging_git_orx(repo: &Repo, then: Option<&std::path::Path>) -> (String, std::path::PathBuf) {
    let log = repo.path("starts.log");
    let run = then.map_or(String::new(), |b| {
        format!("exec '{}' \"$@\"\n", b.display())
    });
    executable(
        repo,
        "stub/git-orx",
        &format!("#!/bin/sh\necho \"$1 $2\" >> '{}'\n{run}", log.display()),
    );
    let path = format!(
        "{}:/usr/bin:/bin:/usr/local/bin",
        repo.path("stub").display()
    );
    (path, log)
}

/// `git ARGS` with PATH set to `path` (and `env`), which must succeed.
fn git_on_path(repo: &Repo, path: &str, args: &[&str], env: &[(&str, &str)]) {
    let out = repo
        .command("git")
        .args(args)
        .env("PATH", path)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn hand_edits_are_judged_and_stamped_with_trailers() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    // Skipping a state is refused, and nothing is committed.
    repo.edit(&path, "status: Approved", "status: Done");
    let head = repo.git(&["rev-parse", "HEAD"]).stdout;
    let out = repo.commit_as("dev", "done already");
    insta::assert_snapshot!(out.render(), @r#"
    exit: 1
    --- stderr
    error: refused: git-orx found 1 rule broken by this commit
      docs/stories/1.1.login.md:
        story 1.1 cannot move from Approved to Done: the workflow has no such transition
          allowed from Approved: InProgress (Dev)
    hint: fix the files; the Human may override with ORX_ROLE=human ORX_FORCE_REASON="why"
    "#);
    assert_eq!(repo.git(&["rev-parse", "HEAD"]).stdout, head);
    // The right step, by the right role, is accepted and gets its trailers.
    repo.edit(&path, "status: Done", "status: InProgress");
    repo.commit_as("dev", "start on the login").ok();
    insta::assert_snapshot!(repo.git(&["log", "-1", "--format=%B"]).stdout, @r"
    start on the login

    Orx-Item: story/1.1
    Orx-Transition: Approved -> InProgress
    Orx-Role: dev
    ");
    // The role may come from git config too, and a wrong one is refused.
    repo.git(&["config", "orx.role", "qa"]).ok();
    repo.edit(&path, "status: InProgress", "status: Review");
    repo.git(&["commit", "-q", "-am", "ready"])
        .fails(1, &["QA may not move story 1.1 from InProgress to Review"]);
    // Without any role, a commit touching items is refused; others pass.
    repo.git(&["config", "--unset", "orx.role"]).ok();
    repo.git(&["commit", "-q", "-am", "ready"])
        .fails(1, &["no role: say who makes this change"]);
    repo.git(&["checkout", "-q", "--", "."]).ok();
    repo.write("README.md", "hello\n");
    repo.git(&["add", "README.md"]).ok();
    repo.git(&["commit", "-q", "-m", "docs"]).ok();
}

#[test]
fn the_hook_judges_what_is_staged_not_the_work_tree() {
    let repo = Repo::new();
    let a = repo.story("Alpha", GOOD);
    let b = repo.story("Beta", GOOD);
    let (pa, pb) = (repo.story_path(&a), repo.story_path(&b));
    // A valid change of one, an invalid one of the other: `git commit <path>`
    // commits only the first (a temporary index), and passes.
    repo.edit(&pa, "status: Approved", "status: InProgress");
    repo.edit(&pb, "status: Approved", "status: Done");
    repo.git_env(
        &["commit", "-q", "-m", "alpha starts", "--", &pa],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    // `commit -a` stages the invalid one: refused.
    repo.git_env(
        &["commit", "-q", "-a", "-m", "beta"],
        &[("ORX_ROLE", "dev")],
    )
    .fails(1, &["story 1.2 cannot move from Approved to Done"]);
    // Staged valid, work tree invalid: the staged version is what counts.
    repo.edit(&pb, "status: Done", "status: InProgress");
    repo.git(&["add", &pb]).ok();
    repo.edit(&pb, "status: InProgress", "status: Done");
    repo.git_env(
        &["commit", "-q", "-m", "beta starts"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    assert!(
        repo.git(&["show", &format!("HEAD:{pb}")])
            .stdout
            .contains("status: InProgress")
    );
}

#[test]
fn new_deleted_and_renamed_items_are_transitions_too() {
    let repo = Repo::new();
    // A new item must start in the initial state.
    repo.write(
        "docs/stories/4.1.handmade.md",
        "---\nkind: story\nid: \"4.1\"\ntitle: Handmade\nstatus: Approved\n---\n",
    );
    repo.git(&["add", "."]).ok();
    repo.git_env(&["commit", "-q", "-m", "sneak in"], &[("ORX_ROLE", "sm")])
        .fails(
            1,
            &["story 4.1 is new and must start in Draft, not Approved"],
        );
    repo.edit(
        "docs/stories/4.1.handmade.md",
        "status: Approved",
        "status: Draft",
    );
    repo.git(&["add", "."]).ok();
    repo.git_env(&["commit", "-q", "-m", "handmade"], &[("ORX_ROLE", "sm")])
        .ok();
    // A rename keeps the item: a rename in the owner's state is an edit.
    repo.git(&[
        "mv",
        "docs/stories/4.1.handmade.md",
        "docs/stories/4.1.hand-made.md",
    ])
    .ok();
    repo.git_env(&["commit", "-q", "-m", "rename"], &[("ORX_ROLE", "sm")])
        .ok();
    let log = repo.git(&[
        "log",
        "-1",
        "--format=%(trailers:key=Orx-Transition,valueonly)",
    ]);
    assert_eq!(log.stdout.trim(), "Draft -> Draft");
    // Deleting needs the Human.
    repo.git(&["rm", "-q", "docs/stories/4.1.hand-made.md"])
        .ok();
    repo.git_env(&["commit", "-q", "-m", "drop"], &[("ORX_ROLE", "sm")])
        .fails(1, &["story 4.1 (Draft) may be deleted only by a Human"]);
    repo.git_env(&["commit", "-q", "-m", "drop"], &[("ORX_ROLE", "human")])
        .ok();
    // A second file claiming a used ID is refused.
    let id = repo.story("Original", &[]);
    repo.write(
        "docs/stories/1.1.copy.md",
        "---\nkind: story\nid: \"1.1\"\ntitle: Copy\nstatus: Draft\n---\n",
    );
    repo.git(&["add", "."]).ok();
    let dup = repo.git_env(&["commit", "-q", "-m", "copy"], &[("ORX_ROLE", "sm")]);
    dup.code(1);
    assert_eq!(id, "1.1");
    dup.stderr_has(&["story 1.1 is also docs/stories/1.1.original.md; an ID may be used once"]);
}

#[test]
fn hand_edits_must_apply_the_effects() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    // InProgress -> Review counts a QA round; a hand edit that skips it is refused.
    repo.edit(&path, "status: InProgress", "status: Review");
    repo.commit_as("dev", "review please").fails(
        1,
        &["InProgress -> Review sets rounds.qa to 1, but the file has null"],
    );
    let text = repo.read(&path);
    repo.write(
        &path,
        text.replace("---\n# Story", "rounds: {qa: 1}\n---\n# Story"),
    );
    repo.commit_as("dev", "review please").ok();
}

#[test]
fn amend_is_judged_against_the_amended_commits_parent() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Approved", "status: InProgress");
    repo.commit_as("dev", "start").ok();
    // Amending with a body edit: against HEAD this would be an edit; against
    // HEAD's parent it is still Approved -> InProgress by Dev. Accepted.
    repo.edit(&path, "## Story\n", "## Story\n\nAs a user I log in.\n");
    repo.git_env(
        &["commit", "-q", "-a", "--amend", "--no-edit"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    assert_eq!(
        repo.git(&["log", "--format=%s"])
            .stdout
            .matches("start")
            .count(),
        1
    );
    // Amending into a skip (Approved -> Review) is refused: judged from the parent.
    let text = repo
        .read(&path)
        .replace("status: InProgress", "status: Review");
    repo.write(
        &path,
        text.replace("---\n# Story", "rounds: {qa: 1}\n---\n# Story"),
    );
    repo.git_env(
        &["commit", "-q", "-a", "--amend", "--no-edit"],
        &[("ORX_ROLE", "dev")],
    )
    .fails(1, &["story 1.1 cannot move from Approved to Review"]);
    // The amended message's trailers follow the amended change.
    repo.git(&["checkout", "-q", "--", "."]).ok();
    repo.edit(&path, "As a user I log in.", "As a user I sign in.");
    repo.git_env(
        &["commit", "-q", "-a", "--amend", "--no-edit"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let t = repo.git(&[
        "log",
        "-1",
        "--format=%(trailers:key=Orx-Transition,valueonly)",
    ]);
    assert_eq!(t.stdout.trim(), "Approved -> InProgress");
}

#[test]
fn merges_may_not_introduce_a_state_no_parent_reached() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    // main moves further: the status lines conflict, and a resolution that
    // picks a state neither branch has is refused by the pre-commit hook.
    repo.orx(&[
        "move",
        &id,
        "InProgress",
        "--as",
        "dev",
        "-m",
        "main starts too",
    ])
    .ok();
    repo.orx(&["move", &id, "Review", "--as", "dev"]).ok();
    let merge = repo.git(&["merge", "-q", "side"]);
    merge.code(1);
    let text = repo.read(&path);
    let start = text.find("<<<<<<<").unwrap();
    let end = text.find(">>>>>>> side\n").unwrap() + ">>>>>>> side\n".len();
    let resolved = format!("{}status: Done\n{}", &text[..start], &text[end..]);
    repo.write(&path, resolved);
    repo.git(&["add", &path]).ok();
    repo.git_env(&["commit", "-q", "--no-edit"], &[("ORX_ROLE", "dev")])
        .fails(
            1,
            &["the merge puts story 1.1 in Done, a state neither parent reached"],
        );
    // Resolving to a parent's state is accepted.
    let text = repo
        .read(&path)
        .replace("status: Done\n", "status: Review\n");
    repo.write(&path, text);
    repo.git(&["add", &path]).ok();
    repo.git_env(&["commit", "-q", "--no-edit"], &[("ORX_ROLE", "dev")])
        .ok();
}

#[test]
fn a_clean_merge_of_two_valid_branches_can_still_be_invalid() {
    let repo = Repo::new();
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.orx(&["new", "Search", "--id", "2.1", "--as", "sm"])
        .ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.orx(&["new", "Export", "--id", "2.1", "--as", "sm"])
        .ok();
    // Each branch is valid; together they hold two stories 2.1.
    repo.git_env(&["merge", "-q", "--no-edit", "side"], &[("ORX_ROLE", "sm")])
        .fails(1, &["an ID may be used once"]);
}

#[test]
fn linked_worktrees_and_core_hookspath() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    // A linked worktree uses the same hooks.
    repo.git(&["worktree", "add", "-q", "-b", "wt", "../wt"])
        .ok();
    let wt = repo.root.parent().unwrap().join("wt");
    let story = wt.join(repo.story_path(&id));
    let text = std::fs::read_to_string(&story).unwrap();
    std::fs::write(&story, text.replace("status: Approved", "status: Done")).unwrap();
    let out = repo
        .command("git")
        .current_dir(&wt)
        .args(["commit", "-q", "-am", "skip"])
        .env("ORX_ROLE", "dev")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // git orx works in the worktree, and takes the shared lock.
    std::fs::write(&story, text).unwrap();
    let out = repo
        .command("git")
        .current_dir(&wt)
        .args(["orx", "move", &id, "InProgress", "--as", "dev"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // core.hooksPath: install puts the shims where git will look.
    repo.git(&["config", "core.hooksPath", ".githooks"]).ok();
    let status = repo.orx(&["hooks", "status"]);
    status.code(1);
    assert!(
        status.stdout.contains("hooks directory: <repo>/.githooks"),
        "{}",
        status.stdout
    );
    repo.orx(&["hooks", "install"]).ok();
    assert!(repo.path(".githooks/pre-commit").exists());
    repo.orx(&["hooks", "status"]).ok();
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Approved", "status: Done");
    repo.commit_as("dev", "skip").code(1);
    // Uninstall takes away the directory install had to create.
    repo.git(&["checkout", "-q", "--", &path]).ok();
    repo.orx(&["hooks", "uninstall"]).ok();
    assert!(!repo.path(".githooks").exists());
}

/// A hook of yours that git itself would skip (not executable) or run
/// through `sh` (no `#!` line) is treated the same way.
#[cfg(unix)]
#[test]
fn a_users_odd_hooks_run_as_git_would_run_them() {
    use std::os::unix::fs::PermissionsExt;
    let repo = Repo::bare_git();
    repo.write(
        ".git/hooks/pre-commit",
        "echo 'no shebang, run by sh' >&2\nexit 0\n",
    );
    std::fs::set_permissions(
        repo.path(".git/hooks/pre-commit"),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    repo.write(".git/hooks/prepare-commit-msg", "#!/bin/sh\nexit 1\n");
    std::fs::set_permissions(
        repo.path(".git/hooks/prepare-commit-msg"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    repo.orx(&["init"]).ok();
    repo.git(&["add", ".orx"]).ok();
    repo.git(&["commit", "-q", "-m", "setup"])
        .ok()
        .stderr_has(&[
            "no shebang, run by sh",
            "is not executable, so git would not run it either; skipped",
        ]);
}

/// A squash merge is an ordinary commit of the branch's changes, stamped
/// with the trailers like one.
#[test]
fn a_squash_merge_gets_its_trailers() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git(&["merge", "-q", "--squash", "side"]).ok();
    repo.git_env(&["commit", "-q", "--no-edit"], &[("ORX_ROLE", "dev")])
        .ok();
    let t = repo.git(&["log", "-1", "--format=%(trailers)"]);
    assert!(
        t.stdout
            .contains("Orx-Transition: Approved -> InProgress\nOrx-Role: dev\n"),
        "{}",
        t.stdout
    );
    repo.orx(&["verify", "HEAD~1..HEAD"]).ok();
}

#[cfg(unix)]
#[test]
fn a_users_hook_is_kept_runs_first_and_comes_back_on_uninstall() {
    let repo = Repo::bare_git();
    let mine = "#!/bin/sh\nif [ -f STOP ]; then echo 'my hook says stop' >&2; exit 7; fi\n";
    executable(&repo, ".git/hooks/pre-commit", mine);
    let install = repo.orx(&["init"]);
    assert!(
        install.stdout.contains(
            "installed pre-commit (your hook was kept as pre-commit.orx-saved and runs first)"
        ),
        "{}",
        install.stdout
    );
    repo.git(&["add", ".orx"]).ok();
    repo.git(&["commit", "-q", "-m", "setup"]).ok();
    // Your hook still fails the commit.
    repo.write("STOP", "");
    repo.git(&["add", "STOP"]).ok();
    repo.git(&["commit", "-q", "-m", "stop"])
        .fails(1, &["my hook says stop"]);
    // Re-installing changes nothing; status says so.
    let again = repo.orx(&["hooks", "install"]);
    assert_eq!(
        again.stdout,
        "kept      pre-commit\nkept      pre-merge-commit\nkept      prepare-commit-msg\nkept      reference-transaction\nkept      merge=orx\n"
    );
    insta::assert_snapshot!(repo.orx(&["hooks", "status"]).stdout, @r"
    hooks directory: <repo>/.git/hooks
      pre-commit            installed (runs your pre-commit.orx-saved first)
      pre-merge-commit      installed
      prepare-commit-msg    installed
      reference-transaction installed
      merge=orx             installed
    ");
    // An outdated shim is reported and rewritten.
    repo.write(
        ".git/hooks/pre-merge-commit",
        "#!/bin/sh\n# git-orx hook shim v0 (old)\nexit 0\n",
    );
    let status = repo.orx(&["hooks", "status"]);
    status.code(1);
    assert!(
        status.stdout.contains("pre-merge-commit      outdated"),
        "{}",
        status.stdout
    );
    assert!(
        repo.orx(&["hooks", "install"])
            .stdout
            .contains("updated   pre-merge-commit")
    );
    // Uninstall puts back exactly what was there.
    repo.orx(&["hooks", "uninstall"]).ok();
    assert_eq!(repo.read(".git/hooks/pre-commit"), mine);
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(repo.path(".git/hooks/pre-commit"))
            .unwrap()
            .permissions()
            .mode()
            & 0o777,
        0o755
    );
    assert!(!repo.path(".git/hooks/prepare-commit-msg").exists());
    assert!(!repo.path(".git/hooks/pre-commit.orx-saved").exists());
}

/// Without git-orx on PATH a commit is stopped with the ways out, each of
/// which works without git-orx: `--no-verify` commits (the other hooks let
/// it through), a checkout is not blocked, and deleting the shims named by
/// their marker line removes the hooks.
#[test]
fn without_git_orx_on_path_the_hook_says_the_ways_out() {
    let repo = Repo::new();
    repo.write("x.txt", "x");
    repo.git(&["add", "x.txt"]).ok();
    let plain = "/usr/bin:/bin:/usr/local/bin";
    let git = |args: &[&str]| {
        repo.command("git")
            .args(args)
            .env("PATH", plain)
            .output()
            .unwrap()
    };
    let out = git(&["commit", "-q", "-m", "x"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let hooks = repo.path(".git/hooks");
    insta::assert_snapshot!(err, @r"
    git-orx: this repository's pre-commit hook runs git-orx, which is not on PATH, so git stopped; nothing was committed. Ways out:
      - install git-orx (./install.sh in its source tree), or add the directory it is in to PATH;
      - or skip the hooks this once: git commit --no-verify (git orx verify judges the commit later, in CI or on the server);
      - or remove the hooks without git-orx: delete the files in .git/hooks whose second line starts '# git-orx hook shim v1' (a hook of yours kept as NAME.orx-saved goes back to NAME), and the merge driver: git config --remove-section merge.orx
    ");
    assert!(repo.git(&["log", "--oneline"]).stdout.lines().count() == 1);
    // Each way out works without git-orx.
    let out = git(&["commit", "-q", "--no-verify", "-m", "x"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = git(&["checkout", "-q", "-b", "elsewhere"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for entry in std::fs::read_dir(&hooks).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if text
            .lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("# git-orx hook shim v1"))
        {
            std::fs::remove_file(path).unwrap();
        }
    }
    repo.write("y.txt", "y");
    repo.git(&["add", "y.txt"]).ok();
    let out = git(&["commit", "-q", "-m", "y"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Under lang: zh the same, in Chinese.
    let zh = Repo::new();
    zh.set_lang("zh");
    zh.write("x.txt", "x");
    zh.git(&["add", "."]).ok();
    let out = zh
        .command("git")
        .args(["commit", "-q", "-m", "x"])
        .env("PATH", plain)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("钩子要运行 git-orx,但它不在 PATH 上"), "{err}");
    assert!(err.contains("git commit --no-verify"), "{err}");
}

#[test]
fn the_human_overrides_a_hand_made_commit() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Approved", "status: Done");
    let env = [
        ("ORX_ROLE", "human"),
        ("ORX_FORCE_REASON", "shipped in the hotfix"),
    ];
    repo.git_env(&["commit", "-q", "-am", "done"], &env).ok();
    insta::assert_snapshot!(repo.git(&["log", "-1", "--format=%(trailers)"]).stdout, @r"
    Orx-Item: story/1.1
    Orx-Transition: Approved -> Done
    Orx-Role: human
    Orx-Override: shipped in the hotfix
    ");
}

/// A merge's own changes — what no branch had — are judged like any
/// commit's: a new item, a deletion, a rules change, an edit by a role
/// that may not make it. What it takes from a branch is not.
#[test]
fn a_merge_may_not_smuggle_in_its_own_changes() {
    let repo = Repo::new();
    let one = repo.story("Login", GOOD);
    let two = repo.story("Search", GOOD);
    let two_path = repo.story_path(&two);
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.write("notes.txt", "side work\n");
    repo.git(&["add", "notes.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "side work"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.orx(&["move", &one, "InProgress", "--as", "dev"]).ok();
    let merge_then = |edit: &dyn Fn(), role: &str| {
        repo.git(&["merge", "-q", "--no-commit", "--no-ff", "side"])
            .ok();
        edit();
        repo.git(&["add", "-A"]).ok();
        let out = repo.git_env(&["commit", "-q", "--no-edit"], &[("ORX_ROLE", role)]);
        if out.code != 0 {
            repo.git(&["merge", "--abort"]).ok();
        }
        out
    };
    let new_done = || {
        repo.write(
            "docs/stories/1.9.sneaky.md",
            "---\nkind: story\nid: \"1.9\"\ntitle: Sneaky\nstatus: Done\n---\n",
        )
    };
    merge_then(&new_done, "dev").fails(1, &["story 1.9 is new and must start in Draft, not Done"]);
    merge_then(
        &|| std::fs::remove_file(repo.path(&two_path)).unwrap(),
        "dev",
    )
    .fails(1, &["story 1.2 (Approved) may be deleted only by a Human"]);
    merge_then(
        &|| repo.write(".orx/config.yaml", "lang: zh\nstories: docs/stories\n"),
        "dev",
    )
    .fails(
        1,
        &[".orx/config.yaml defines the rules; only the Human may change it"],
    );
    let retitle = || repo.edit(&two_path, "title: Search", "title: Search v2");
    merge_then(&retitle, "sm").fails(
        1,
        &["the merge itself changes title: SM may not change story 1.2 while it is Approved"],
    );
    // The owner may.
    merge_then(&retitle, "dev").ok();
}

/// Concurrent valid work on two branches merges cleanly, whoever merges:
/// the body from one, the state from the other.
#[test]
fn a_merge_combining_valid_work_is_accepted() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    let text = repo.read(&path) + "\nDev's notes from the spike.\n";
    repo.write(&path, text);
    repo.commit_as("dev", "notes").ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    repo.git_env(&["merge", "-q", "--no-edit", "side"], &[("ORX_ROLE", "qa")])
        .ok();
    let text = repo.read(&path);
    assert!(
        text.contains("status: InProgress") && text.contains("spike"),
        "{text}"
    );
}

/// Moving a file out of the item files deletes the item; moving one in
/// creates it.
#[test]
fn renames_across_the_item_files_are_deletions_and_creations() {
    let repo = Repo::new();
    let id = repo.story("Search", GOOD);
    let path = repo.story_path(&id);
    for target in [
        "docs/stories/archive/1.1.search.md",
        "docs/stories/.1.1.search.md",
        "docs/stories/1.1.search.txt",
    ] {
        if let Some((dir, _)) = target.rsplit_once('/') {
            std::fs::create_dir_all(repo.path(dir)).unwrap();
        }
        repo.git(&["mv", &path, target]).ok();
        let out = repo.git_env(&["commit", "-q", "-m", "archive"], &[("ORX_ROLE", "dev")]);
        out.code(1);
        assert!(
            out.stderr
                .contains("story 1.1 (Approved) may be deleted only by a Human"),
            "{target}: {}",
            out.render()
        );
        repo.git(&["mv", target, &path]).ok();
    }
    // A file kept outside the item files is not judged until it moves in.
    repo.write(
        "docs/stories/drafts/1.9.x.md",
        "---\nkind: story\nid: \"1.9\"\ntitle: X\nstatus: Approved\n---\n",
    );
    repo.git(&["add", "-A"]).ok();
    repo.git_env(
        &["commit", "-q", "-m", "a draft elsewhere"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    repo.git(&[
        "mv",
        "docs/stories/drafts/1.9.x.md",
        "docs/stories/1.9.x.md",
    ])
    .ok();
    repo.git_env(&["commit", "-q", "-m", "promote"], &[("ORX_ROLE", "dev")])
        .fails(
            1,
            &["story 1.9 is new and must start in Draft, not Approved"],
        );
    let log = repo.orx(&["log", "--json"]);
    assert!(!log.stdout.contains("\"1.9\""), "{}", log.stdout);
}

/// A `git commit` whose own pre-commit passed moves its branch without a
/// third start of git-orx (the reference-transaction shim knows it from the
/// mark pre-commit left); a commit made with `--no-verify`, and a
/// cherry-pick, which run no pre-commit, still start it there and are judged.
#[test]
fn the_ref_update_of_a_commit_its_pre_commit_passed_does_not_start_git_orx_again() {
    let mut repo = Repo::new();
    let wrap = repo.root.parent().unwrap().join("wrap");
    let log = repo.root.parent().unwrap().join("starts.log");
    std::fs::create_dir_all(&wrap).unwrap();
    let script = wrap.join("git-orx");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho \"$1 $2\" >> '{}'\nexec '{}' \"$@\"\n",
            log.display(),
            crate::common::bin().display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = std::env::join_paths(
        [
            wrap.clone(),
            crate::common::bin().parent().unwrap().to_path_buf(),
        ]
        .into_iter()
        .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    repo.set_env("PATH", path.to_str().unwrap());
    let starts = |what: &str| {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let _ = std::fs::remove_file(&log);
        assert!(!text.is_empty(), "{what}: git-orx never started");
        text.lines()
            .filter(|l| l.starts_with("hook reference-transaction"))
            .count()
    };
    repo.orx(&["new", "Login", "--as", "sm"]).ok();
    assert_eq!(starts("git orx new"), 0);
    repo.write("notes.txt", "one\n");
    repo.git(&["add", "notes.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "notes"]).ok();
    assert_eq!(starts("a plain commit"), 0);
    repo.write("notes.txt", "two\n");
    repo.git(&["add", "notes.txt"]).ok();
    repo.git(&["commit", "-q", "--no-verify", "-m", "unchecked"])
        .ok();
    assert_eq!(starts("a commit with --no-verify"), 1);
    repo.git(&["checkout", "-q", "-b", "side", "HEAD~1"]).ok();
    let _ = std::fs::remove_file(&log);
    repo.git(&["cherry-pick", "main"]).ok();
    assert_eq!(starts("a cherry-pick"), 1);
}

/// A checkout, a switch back, a branch deleted and a tag made move no
/// commit git-orx judges: the reference-transaction shim decides that in
/// the shell, without starting git-orx (here a stand-in that logs its
/// starts).
#[test]
fn a_checkout_does_not_start_git_orx() {
    let repo = Repo::new();
    repo.git(&["branch", "other"]).ok();
    repo.git(&["branch", "gone"]).ok();
    let (path, log) = logging_git_orx(&repo, None);
    for args in [
        &["checkout", "-q", "other"][..],
        &["switch", "-q", "-"],
        &["branch", "-q", "-D", "gone"],
        &["tag", "v1"],
    ] {
        git_on_path(&repo, &path, args, &[]);
    }
    assert_eq!(std::fs::read_to_string(&log).unwrap_or_default(), "");
    // A commit is judged: git-orx starts for it.
    git_on_path(
        &repo,
        &path,
        &["commit", "-q", "--allow-empty", "-m", "x"],
        &[],
    );
    assert!(
        std::fs::read_to_string(&log)
            .unwrap()
            .contains("hook pre-commit")
    );
}

/// A commit that touches no item or rule file starts no git-orx once
/// git-orx has judged one commit on that line: the pre-commit shim finds
/// by itself, with one `git diff-index`, that nothing under the
/// directories git-orx judges is staged, and the reference-transaction
/// shim carries what it knows on to the new commit. The first commit after
/// HEAD moved another way (a reset), an amend, and a commit of a story
/// start git-orx, and a story edit the rules refuse is still refused.
#[test]
fn a_commit_of_no_item_starts_no_git_orx() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let (path, log) = logging_git_orx(&repo, Some(&crate::common::bin()));
    let commit = |args: &[&str]| {
        let _ = std::fs::remove_file(&log);
        git_on_path(&repo, &path, args, &[("ORX_ROLE", "dev")]);
        std::fs::read_to_string(&log).unwrap_or_default()
    };
    let plain = |n: u32| {
        repo.write("notes.txt", format!("{n}\n"));
        repo.git(&["add", "notes.txt"]).ok();
        commit(&["commit", "-q", "-m", "notes"])
    };
    // The first commit since git-orx last judged one: git-orx judges it.
    assert_eq!(plain(1), "hook pre-commit\n");
    // From then on, the shims alone.
    assert_eq!(plain(2), "");
    assert_eq!(plain(3), "");
    assert_eq!(commit(&["commit", "-q", "--allow-empty", "-m", "e"]), "");
    // A story is judged, and gets its trailers.
    let story = repo.story_path(&id);
    repo.edit(&story, "title: Login", "title: Sign in");
    repo.git(&["add", &story]).ok();
    // Its one-line message gets the trailers pre-commit kept from the
    // prepare-commit-msg shim itself, byte for byte as git adds them.
    assert_eq!(
        commit(&["commit", "-q", "-m", "renamed"]),
        "hook pre-commit\n"
    );
    let message = repo.git(&["log", "-1", "--format=%B"]).stdout;
    assert!(
        message.contains(&format!("Orx-Item: story/{id}")),
        "{message}"
    );
    let trailers: Vec<String> = message
        .lines()
        .filter(|l| l.starts_with("Orx-"))
        .map(|l| format!("--trailer={l}"))
        .collect();
    let mut args = vec!["interpret-trailers", "--if-exists", "add", "--where", "end"];
    args.extend(trailers.iter().map(String::as_str));
    let gits = repo
        .command("git")
        .args(&args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    gits.stdin
        .as_ref()
        .unwrap()
        .write_all(b"renamed\n")
        .unwrap();
    let gits = String::from_utf8(gits.wait_with_output().unwrap().stdout).unwrap();
    let raw = repo.git(&["cat-file", "commit", "HEAD"]).stdout;
    assert_eq!(raw.split_once("\n\n").unwrap().1, gits);
    // A message of more than one line is left to git-orx.
    repo.edit(&story, "title: Sign in", "title: Log in");
    repo.git(&["add", &story]).ok();
    assert_eq!(
        commit(&["commit", "-q", "-m", "retitled", "-m", "A body."]),
        "hook pre-commit\nhook prepare-commit-msg\n"
    );
    let message = repo.git(&["log", "-1", "--format=%B"]).stdout;
    assert!(
        message.starts_with(&format!("retitled\n\nA body.\n\nOrx-Item: story/{id}\n")),
        "{message}"
    );
    assert_eq!(plain(4), "");
    // An amend is judged against the amended commit's parent: git-orx.
    assert_eq!(
        commit(&["commit", "-q", "--amend", "-m", "notes again"]),
        "hook pre-commit\n"
    );
    // HEAD moved without a commit: the next commit goes to git-orx once.
    // (Back to the amended commit's parent, whose rules git-orx judged
    // the amend by, it would not need to.)
    repo.git(&["reset", "-q", "--hard", "HEAD~2"]).ok();
    assert_eq!(plain(5), "hook pre-commit\n");
    assert_eq!(plain(6), "");
    // A rule file staged is judged (and refused: only the Human edits
    // the rules).
    repo.edit(".orx/config.yaml", "lang: en", "lang: zh");
    repo.git(&["add", ".orx"]).ok();
    let _ = std::fs::remove_file(&log);
    let out = repo
        .command("git")
        .args(["commit", "-q", "-m", "rules"])
        .env("PATH", &path)
        .env("ORX_ROLE", "dev")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        std::fs::read_to_string(&log)
            .unwrap()
            .contains("hook pre-commit")
    );
    repo.git(&["checkout", "-q", "HEAD", "--", ".orx"]).ok();
    // (A commit that stages rules leaves nothing for the shims: the
    // next is judged by git-orx.) A story edit the workflow refuses is
    // refused after the shims alone let commits through.
    assert_eq!(plain(7), "hook pre-commit\n");
    assert_eq!(plain(8), "");
    repo.edit(&story, "status: Approved", "status: Done");
    repo.git(&["add", &story]).ok();
    let out = repo
        .command("git")
        .args(["commit", "-q", "-m", "done already"])
        .env("PATH", &path)
        .env("ORX_ROLE", "dev")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot move from Approved to Done"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// When the pre-commit shim finds something staged, git-orx takes what
/// its `git diff-index` said rather than asking git again, but only for
/// an index not changed since the shim's stamp: a story staged after it
/// (here by a stand-in that runs `git add` before the real git-orx) is
/// judged, and the rules refuse its move.
#[cfg(unix)]
#[test]
fn a_story_staged_after_the_stamp_still_reaches_git_orx() {
    let repo = Repo::new();
    let first = repo.story("Login", GOOD);
    let second = repo.story("Logout", GOOD);
    let (first, second) = (repo.story_path(&first), repo.story_path(&second));
    let trigger = repo.path("stage-late");
    executable(
        &repo,
        "stub/git-orx",
        &format!(
            "#!/bin/sh\nif [ \"$2\" = pre-commit ] && [ -e '{t}' ]; then rm '{t}'; git add '{second}'; fi\nexec '{bin}' \"$@\"\n",
            t = trigger.display(),
            bin = crate::common::bin().display()
        ),
    );
    let path = format!(
        "{}:/usr/bin:/bin:/usr/local/bin",
        repo.path("stub").display()
    );
    let commit = |message: &str| {
        repo.command("git")
            .args(["commit", "-q", "-m", message])
            .env("PATH", &path)
            .env("ORX_ROLE", "dev")
            .output()
            .unwrap()
    };
    // git-orx judges a first commit; from then on the shim asks git.
    repo.write("notes.txt", "one\n");
    repo.git(&["add", "notes.txt"]).ok();
    assert!(commit("notes").status.success());
    // A valid edit is staged when the shim runs, a refused one after it.
    repo.edit(&first, "title: Login", "title: Sign in");
    repo.git(&["add", &first]).ok();
    repo.edit(&second, "status: Approved", "status: Done");
    std::fs::write(&trigger, "").unwrap();
    let out = commit("both");
    assert!(!trigger.exists(), "the stand-in did not run");
    assert!(!out.status.success(), "the late story was not judged");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot move from Approved to Done"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Without the late story, the same commit passes on the shim's diff.
    repo.git(&["reset", "-q", &second]).ok();
    repo.git(&["checkout", "-q", "--", &second]).ok();
    assert!(commit("renamed").status.success());
    let message = repo.git(&["log", "-1", "--format=%B"]).stdout;
    assert!(message.contains("Orx-Item: story/"), "{message}");
}
