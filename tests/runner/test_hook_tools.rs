//! Other tools that run a repository's hooks (husky, the pre-commit
//! framework, lefthook) and a hooks directory shared by other repositories
//! (a global `core.hooksPath`): git-orx runs through them, never where they
//! overwrite it or across every repository of the machine.

use std::path::Path;

use crate::common::{GOOD, Repo};

#[cfg(unix)]
fn executable(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Every file under `dir` with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries {
        let e = e.unwrap();
        let p = e.path();
        if p.is_dir() {
            out.extend(files(&p));
        } else {
            out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
    out.sort();
    out
}

/// A hand edit that skips a state is refused by whatever runs the hooks;
/// the next right step is accepted and stamped with its trailers.
fn hooks_are_in_force(repo: &Repo) {
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Approved", "status: Done");
    repo.commit_as("dev", "skip")
        .fails(1, &["cannot move from Approved to Done"]);
    repo.edit(&path, "status: Done", "status: InProgress");
    repo.commit_as("dev", "start").ok();
    let trailers = repo.git(&["log", "-1", "--format=%(trailers)"]).stdout;
    assert!(
        trailers.contains("Orx-Transition: Approved -> InProgress\nOrx-Role: dev"),
        "{trailers}"
    );
}

// ---- a global core.hooksPath ----

#[cfg(unix)]
#[test]
fn a_global_hooks_path_outside_the_repository_is_refused_unless_asked() {
    let repo = Repo::bare_git();
    let home = repo.root.parent().unwrap().join("home");
    let global = home.join("git-hooks");
    repo.git(&[
        "config",
        "--global",
        "core.hooksPath",
        global.to_str().unwrap(),
    ])
    .ok();
    let before = repo.state();
    let out = repo.orx(&["init"]);
    let text = out.render().replace(home.to_str().unwrap(), "<home>");
    insta::assert_snapshot!(text, @r"
    exit: 1
    --- stderr
    error: refused to install git-orx's hooks into <home>/git-hooks: core.hooksPath points there, outside this repository, so every repository that uses that directory would run git-orx's hooks (and those not set up for git-orx would fail their commits)
    to give this repository its own hooks: git config --local core.hooksPath <repo>/.git/hooks, then run `git orx hooks install`
    to install there anyway, for every repository using it: add --hooks-outside-repo
    ");
    // Nothing was written: no setup, no hook in the global directory.
    assert_eq!(repo.state(), before);
    assert!(!global.exists());
    repo.orx(&["hooks", "install"]).code(1);
    assert!(!global.exists());
    let status = repo.orx(&["hooks", "status"]);
    assert!(
        status
            .stdout
            .contains("outside this repository: every repository using it runs these hooks"),
        "{}",
        status.stdout
    );
    // It does not send the user to the install that was just refused.
    assert!(
        !status
            .stdout
            .contains("missing: run `git orx hooks install`")
            && status.stdout.contains("--hooks-outside-repo"),
        "{}",
        status.stdout
    );
    // The way out the message gives works: the repository's own hooks.
    let own = repo.root.join(".git/hooks");
    repo.git(&["config", "--local", "core.hooksPath", own.to_str().unwrap()])
        .ok();
    repo.orx(&["init"]).ok();
    assert!(repo.path(".git/hooks/pre-commit").exists());
    assert!(!global.exists());
    // Asked explicitly, git-orx installs into the shared directory.
    repo.git(&["config", "--local", "--unset", "core.hooksPath"])
        .ok();
    repo.orx(&["hooks", "install", "--hooks-outside-repo"]).ok();
    assert!(global.join("pre-commit").exists());
    // A relative core.hooksPath, even a global one, is each repository's own.
    repo.git(&["config", "--global", "core.hooksPath", ".githooks"])
        .ok();
    repo.orx(&["hooks", "install"]).ok();
    assert!(repo.path(".githooks/pre-commit").exists());
}

// ---- husky ----

/// What husky v9's install leaves: `core.hooksPath=.husky/_`, a dispatcher
/// and, for each hook it knows, a stub that runs `.husky/<hook>` if the
/// user wrote one. Written here so that the test needs no Node.
#[cfg(unix)]
fn husky(repo: &Repo, known: &[&str]) {
    let dir = repo.path(".husky/_");
    let _ = std::fs::remove_dir_all(&dir);
    executable(
        &dir.join("h"),
        "#!/usr/bin/env sh\n\
         script=\"$(dirname \"$(dirname \"$0\")\")/$(basename \"$0\")\"\n\
         [ -f \"$script\" ] || exit 0\n\
         sh -e \"$script\" \"$@\"\n",
    );
    for name in known {
        executable(
            &dir.join(name),
            "#!/usr/bin/env sh\n. \"$(dirname \"$0\")/h\"\n",
        );
    }
    std::fs::write(dir.join(".gitignore"), "*").unwrap();
    repo.git(&["config", "core.hooksPath", ".husky/_"]).ok();
}

#[cfg(unix)]
const HUSKY_HOOKS: &[&str] = &[
    "pre-commit",
    "pre-merge-commit",
    "prepare-commit-msg",
    "commit-msg",
    "post-commit",
    "pre-push",
];

#[cfg(unix)]
#[test]
fn husky_runs_git_orx_from_the_users_scripts_and_keeps_them_running() {
    let repo = Repo::bare_git();
    husky(&repo, HUSKY_HOOKS);
    let mine = "echo 'my lint ran' >&2\n";
    repo.write(".husky/pre-commit", mine);
    let dispatcher = files(&repo.path(".husky/_"));
    let out = repo.orx(&["init"]);
    insta::assert_snapshot!(out.render(), @r#"
    exit: 0
    --- stdout
    created   .orx/config.yaml
    created   docs/stories/
    husky manages this repository's hooks (.husky): git-orx runs as one of its hooks
    added     pre-commit to .husky/pre-commit
    added     pre-merge-commit to .husky/pre-merge-commit
    added     prepare-commit-msg to .husky/prepare-commit-msg
    not run   reference-transaction: husky does not run reference-transaction hooks (no <repo>/.husky/_/reference-transaction): git-orx cannot run there; `git orx verify` still judges what this hook would have
    installed merge=orx

    Next: commit the setup, then create a story:
      git add .orx .husky && git commit -m 'Set up git-orx'
      git orx new "Dark mode toggle" --example --as sm
    "#);
    // husky's directory is untouched; the user's lines come first.
    assert_eq!(files(&repo.path(".husky/_")), dispatcher);
    assert_eq!(
        repo.read(".husky/pre-commit"),
        "echo 'my lint ran' >&2\ngit orx hook pre-commit \"$@\"\n"
    );
    // Again: nothing changes.
    let again = repo.orx(&["hooks", "install"]);
    again.ok();
    assert!(
        again
            .stdout
            .contains("kept      pre-commit (in .husky/pre-commit)")
    );
    assert_eq!(
        repo.read(".husky/pre-commit"),
        "echo 'my lint ran' >&2\ngit orx hook pre-commit \"$@\"\n"
    );
    insta::assert_snapshot!(repo.orx(&["hooks", "status"]).stdout, @r"
    hooks directory: <repo>/.husky/_ (husky manages it)
      pre-commit            via husky: .husky/pre-commit
      pre-merge-commit      via husky: .husky/pre-merge-commit
      prepare-commit-msg    via husky: .husky/prepare-commit-msg
      reference-transaction not run by husky: husky does not run reference-transaction hooks (no <repo>/.husky/_/reference-transaction): git-orx cannot run there; `git orx verify` still judges what this hook would have
      merge=orx             installed
    ");
    repo.git(&["add", ".orx", ".husky"]).ok();
    repo.git(&["commit", "-q", "-m", "setup"])
        .ok()
        .stderr_has(&["my lint ran"]);
    // husky writing its directory again (every npm install) changes nothing.
    husky(&repo, HUSKY_HOOKS);
    hooks_are_in_force(&repo);
    // A hook husky does not run is named, in install and in status.
    let without: Vec<&str> = HUSKY_HOOKS
        .iter()
        .copied()
        .filter(|h| *h != "pre-merge-commit")
        .collect();
    husky(&repo, &without);
    let install = repo.orx(&["hooks", "install"]);
    install.code(1);
    assert!(
        install.stdout.contains(
            "not run   pre-merge-commit: husky does not run pre-merge-commit hooks (no <repo>/.husky/_/pre-merge-commit)"
        ),
        "{}",
        install.stdout
    );
    let status = repo.orx(&["hooks", "status"]);
    status.code(1);
    assert!(
        status.stdout.contains(
            "pre-merge-commit      not run by husky: husky does not run pre-merge-commit hooks"
        ),
        "{}",
        status.stdout
    );
    // Uninstall takes git-orx's lines out and leaves the user's.
    repo.orx(&["hooks", "uninstall"]).ok();
    assert_eq!(repo.read(".husky/pre-commit"), mine);
    assert!(!repo.path(".husky/prepare-commit-msg").exists());
}

/// In a fresh clone husky has not written its directory yet: git-orx's
/// lines are added all the same, and install says what to run.
#[cfg(unix)]
#[test]
fn husky_not_yet_installed_in_a_clone_gets_the_lines_and_a_note() {
    let repo = Repo::bare_git();
    repo.git(&["config", "core.hooksPath", ".husky/_"]).ok();
    repo.write(".husky/pre-commit", "echo 'my lint ran' >&2\n");
    let out = repo.orx(&["init"]);
    out.ok();
    assert!(
        out.stdout.contains(
            "husky is not installed in this clone (<repo>/.husky/_/h is missing): run `npm install` (or `npx husky`)"
        ) && out.stdout.contains("git add .orx .husky && git commit"),
        "{}",
        out.stdout
    );
    assert!(
        repo.read(".husky/pre-merge-commit")
            .contains("git orx hook pre-merge-commit")
    );
    assert!(!repo.path(".husky/_").exists());
    let status = repo.orx(&["hooks", "status"]);
    status.code(1);
    assert!(
        status
            .stdout
            .contains("not run by husky: husky is not installed in this clone"),
        "{}",
        status.stdout
    );
    husky(&repo, HUSKY_HOOKS);
    repo.orx(&["hooks", "status"]).ok();
}

/// An earlier git-orx put its shims into husky's `_` directory, where they
/// hid the user's `.husky/pre-commit`; installing again takes them out.
#[cfg(unix)]
#[test]
fn husky_shims_of_an_earlier_install_are_taken_out_of_its_directory() {
    let repo = Repo::bare_git();
    husky(&repo, HUSKY_HOOKS);
    repo.write(".husky/pre-commit", "echo 'my lint ran' >&2\n");
    let stub = repo.read(".husky/_/pre-commit");
    let shim = orx::hooks::shim("pre-commit");
    std::fs::rename(
        repo.path(".husky/_/pre-commit"),
        repo.path(".husky/_/pre-commit.orx-saved"),
    )
    .unwrap();
    executable(&repo.path(".husky/_/pre-commit"), &shim);
    let out = repo.orx(&["init"]);
    out.ok();
    assert!(
        out.stdout.contains(
            "repaired  pre-commit: took git-orx's shim out of <repo>/.husky/_ (husky rewrites that directory)"
        ),
        "{}",
        out.stdout
    );
    assert_eq!(repo.read(".husky/_/pre-commit"), stub);
    assert!(!repo.path(".husky/_/pre-commit.orx-saved").exists());
    repo.git(&["add", ".orx", ".husky"]).ok();
    repo.git(&["commit", "-q", "-m", "setup"])
        .stderr_has(&["my lint ran"]);
    hooks_are_in_force(&repo);
}

// ---- the pre-commit framework ----

/// The framework's `pre-commit` command, or `None` (with a loud note) when
/// it is not installed — never under CI, whose script installs it.
fn pre_commit_tool() -> Option<()> {
    let found = std::process::Command::new("pre-commit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "the pre-commit framework is not installed (pip install pre-commit); CI must run this test"
        );
        eprintln!(
            "\n*** SKIPPED: the pre-commit framework is not installed (pip install pre-commit) ***\n"
        );
    }
    found.then_some(())
}

fn pre_commit(repo: &Repo, args: &[&str]) -> crate::common::Run {
    let out = repo.command("pre-commit").args(args).output().unwrap();
    crate::common::Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

const FRAMEWORK_CONFIG: &str = "repos:
  - repo: local
    hooks:
      - id: my-check
        name: my check
        entry: sh -c 'echo my-check-ran >&2'
        language: system
        pass_filenames: false
        always_run: true
        verbose: true
";

/// The reported failure: `pre-commit install`, `git orx init`,
/// `pre-commit install` again made every commit fail. Now init leaves the
/// framework's hook alone and says how to add git-orx to its config; done
/// as it says, the framework runs git-orx.
#[test]
fn pre_commit_install_then_init_then_pre_commit_install_keeps_commits_working() {
    if pre_commit_tool().is_none() {
        return;
    }
    let repo = Repo::bare_git();
    repo.write(".pre-commit-config.yaml", FRAMEWORK_CONFIG);
    pre_commit(&repo, &["install"]).ok();
    let framework = repo.read(".git/hooks/pre-commit");
    let init = repo.orx(&["init"]);
    insta::assert_snapshot!(init.render(), @r#"
    exit: 0
    --- stdout
    created   .orx/config.yaml
    created   docs/stories/
    the pre-commit framework manages this repository's hooks (.pre-commit-config.yaml): git-orx runs as one of its hooks
    not run   pre-commit: add the hook id git-orx-pre-commit to <repo>/.pre-commit-config.yaml (`git orx hooks install` prints the lines), then run `pre-commit install --hook-type pre-commit`
    installed pre-merge-commit
    installed prepare-commit-msg
    installed reference-transaction

    add git-orx to <repo>/.pre-commit-config.yaml:

    default_install_hook_types: [pre-commit, pre-merge-commit, prepare-commit-msg]
    repos:
      - repo: local
        hooks:
          - id: git-orx-pre-commit
            name: git-orx rules (staged changes)
            entry: git orx hook pre-commit
            language: system
            pass_filenames: false
            always_run: true
            stages: [pre-commit]
          - id: git-orx-pre-merge-commit
            name: git-orx rules (merge)
            entry: git orx hook pre-merge-commit
            language: system
            pass_filenames: false
            always_run: true
            stages: [pre-merge-commit]
          - id: git-orx-prepare-commit-msg
            name: git-orx trailers
            entry: sh -c 'exec git orx hook prepare-commit-msg "$1" "${PRE_COMMIT_COMMIT_MSG_SOURCE:-}" "${PRE_COMMIT_COMMIT_OBJECT_NAME:-}"' --
            language: system
            always_run: true
            stages: [prepare-commit-msg]

    then run `pre-commit install` (it installs the hook types listed above)
    installed merge=orx

    Next: commit the setup, then create a story:
      git add .orx && git commit -m 'Set up git-orx'
      git orx new "Dark mode toggle" --example --as sm
    "#);
    // The framework's script is where it was, and nothing wraps it.
    assert_eq!(repo.read(".git/hooks/pre-commit"), framework);
    assert!(!repo.path(".git/hooks/pre-commit.orx-saved").exists());
    // The framework installs again: commits still work, its hook runs.
    pre_commit(&repo, &["install"]).ok();
    repo.git(&["add", ".orx", ".pre-commit-config.yaml"]).ok();
    let setup = repo.git(&["commit", "-q", "-m", "setup"]);
    setup.ok();
    assert!(setup.stdout.contains("my-check-ran") || setup.stderr.contains("my-check-ran"));
    // Done as init says: the config runs git-orx's hook ids.
    let advice = init
        .stdout
        .split("add git-orx to <repo>/.pre-commit-config.yaml:\n\n")
        .nth(1)
        .unwrap();
    let advice = advice.split("\nthen run").next().unwrap();
    let (types, ours) = advice.split_once("repos:\n  - repo: local\n").unwrap();
    repo.write(
        ".pre-commit-config.yaml",
        format!("{types}{FRAMEWORK_CONFIG}  - repo: local\n{ours}"),
    );
    let install = pre_commit(&repo, &["install"]);
    install.ok();
    repo.git(&["add", ".pre-commit-config.yaml"]).ok();
    repo.git_env(
        &["commit", "-q", "-m", "git-orx runs in the framework"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    insta::assert_snapshot!(repo.orx(&["hooks", "status"]).stdout, @r"
    hooks directory: <repo>/.git/hooks (the pre-commit framework manages it)
      pre-commit            via the pre-commit framework: .pre-commit-config.yaml
      pre-merge-commit      via the pre-commit framework: .git/hooks/pre-merge-commit.legacy
      prepare-commit-msg    via the pre-commit framework: .git/hooks/prepare-commit-msg.legacy
      reference-transaction installed
      merge=orx             installed
    ");
    hooks_are_in_force(&repo);
}

/// What an earlier git-orx left after that sequence — the framework's
/// script, git-orx's shim as its `pre-commit.legacy`, and an old copy of
/// the framework's script as `pre-commit.orx-saved` — fails with a message
/// that says how to repair it, and installing again repairs it.
#[test]
fn the_broken_chain_an_earlier_init_left_with_the_pre_commit_framework_is_repaired() {
    if pre_commit_tool().is_none() {
        return;
    }
    let repo = Repo::bare_git();
    repo.write(".pre-commit-config.yaml", FRAMEWORK_CONFIG);
    pre_commit(&repo, &["install"]).ok();
    repo.orx(&["init", "--no-hooks"]).ok();
    let hooks = repo.path(".git/hooks");
    std::fs::copy(hooks.join("pre-commit"), hooks.join("pre-commit.orx-saved")).unwrap();
    #[cfg(unix)]
    executable(
        &hooks.join("pre-commit.legacy"),
        &orx::hooks::shim("pre-commit"),
    );
    repo.git(&["add", ".orx", ".pre-commit-config.yaml"]).ok();
    repo.git(&["commit", "-q", "-m", "setup"]).fails(
        1,
        &[
            "runs git-orx's pre-commit shim as its pre-commit.legacy hook",
            "run `git orx hooks install` to repair this",
        ],
    );
    let install = repo.orx(&["hooks", "install"]);
    assert!(
        install.stdout.contains("repaired  pre-commit: removed <repo>/.git/hooks/pre-commit.orx-saved, an old copy of the pre-commit framework's script that made every commit fail"),
        "{}",
        install.stdout
    );
    repo.git(&["commit", "-q", "-m", "setup"]).ok();
    hooks_are_in_force(&repo);
}

/// The shipped `.pre-commit-hooks.yaml` works as a repository the
/// framework clones: its hook ids run git-orx.
#[test]
fn the_shipped_pre_commit_hook_ids_run_git_orx() {
    if pre_commit_tool().is_none() {
        return;
    }
    let repo = Repo::bare_git();
    // A repository holding the manifest, as git-orx's own would.
    let hooks_repo = repo.root.parent().unwrap().join("orx-hooks");
    std::fs::create_dir_all(&hooks_repo).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(".pre-commit-hooks.yaml"),
        hooks_repo.join(".pre-commit-hooks.yaml"),
    )
    .unwrap();
    let in_hooks_repo = |args: &[&str]| {
        let out = repo
            .command("git")
            .current_dir(&hooks_repo)
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    };
    in_hooks_repo(&["init", "-q"]);
    in_hooks_repo(&["add", "."]);
    in_hooks_repo(&["commit", "-q", "-m", "hooks"]);
    let rev = in_hooks_repo(&["rev-parse", "HEAD"]);
    repo.write(
        ".pre-commit-config.yaml",
        format!(
            "default_install_hook_types: [pre-commit, pre-merge-commit, prepare-commit-msg]\n\
             repos:\n  - repo: {}\n    rev: {rev}\n    hooks:\n      - id: git-orx-pre-commit\n      - id: git-orx-pre-merge-commit\n      - id: git-orx-prepare-commit-msg\n",
            hooks_repo.display()
        ),
    );
    pre_commit(&repo, &["install"]).ok();
    let init = repo.orx(&["init"]);
    init.ok();
    assert!(
        init.stdout
            .contains("kept      pre-commit (in .pre-commit-config.yaml)"),
        "{}",
        init.stdout
    );
    repo.git(&["add", ".orx", ".pre-commit-config.yaml"]).ok();
    repo.git(&["commit", "-q", "-m", "setup"]).ok();
    repo.orx(&["hooks", "status"]).ok();
    hooks_are_in_force(&repo);
}

// ---- lefthook ----

const LEFTHOOK: &str = "# team hooks
pre-commit:
  parallel: true
  commands:
    lint:
      run: echo lint   # keep this comment
pre-push:
  commands:
    test: {run: echo test}
";

#[test]
fn lefthook_gets_git_orx_entries_printed_or_added_when_asked() {
    let repo = Repo::bare_git();
    repo.write("lefthook.yml", LEFTHOOK);
    let out = repo.orx(&["init"]);
    insta::assert_snapshot!(out.render(), @r#"
    exit: 0
    --- stdout
    created   .orx/config.yaml
    created   docs/stories/
    lefthook manages this repository's hooks (lefthook.yml): git-orx runs as one of its hooks
    not run   pre-commit: <repo>/lefthook.yml does not run git-orx
    not run   pre-merge-commit: <repo>/lefthook.yml does not run git-orx
    not run   prepare-commit-msg: <repo>/lefthook.yml does not run git-orx
    not run   reference-transaction: <repo>/lefthook.yml does not run git-orx

    add git-orx to <repo>/lefthook.yml (or run `git orx hooks install --lefthook`, which adds it):

    pre-commit:
      commands:
        git-orx:
          run: git orx hook pre-commit
    pre-merge-commit:
      commands:
        git-orx:
          run: git orx hook pre-merge-commit
    prepare-commit-msg:
      commands:
        git-orx:
          run: git orx hook prepare-commit-msg {0}
    reference-transaction:
      commands:
        git-orx:
          run: git orx hook reference-transaction {0}
          use_stdin: true

    then run `lefthook install`
    installed merge=orx

    Next: commit the setup, then create a story:
      git add .orx && git commit -m 'Set up git-orx'
      git orx new "Dark mode toggle" --example --as sm
    "#);
    // No shim: lefthook would move it aside, where nothing runs it.
    assert_eq!(repo.read("lefthook.yml"), LEFTHOOK);
    assert!(!repo.path(".git/hooks/pre-commit").exists());
    repo.orx(&["hooks", "install"]).code(1);
    // Asked, git-orx adds its entries and keeps every other byte.
    let add = repo.orx(&["hooks", "install", "--lefthook"]);
    add.ok();
    insta::assert_snapshot!(repo.read("lefthook.yml"), @r"
    # team hooks
    pre-commit:
      parallel: true
      commands:
        lint:
          run: echo lint   # keep this comment
        git-orx:
          run: git orx hook pre-commit
    pre-push:
      commands:
        test: {run: echo test}
    pre-merge-commit:
      commands:
        git-orx:
          run: git orx hook pre-merge-commit
    prepare-commit-msg:
      commands:
        git-orx:
          run: git orx hook prepare-commit-msg {0}
    reference-transaction:
      commands:
        git-orx:
          run: git orx hook reference-transaction {0}
          use_stdin: true
    ");
    let edited = repo.read("lefthook.yml");
    let again = repo.orx(&["hooks", "install", "--lefthook"]);
    again.ok();
    assert!(
        again
            .stdout
            .contains("kept      pre-commit (in lefthook.yml)"),
        "{}",
        again.stdout
    );
    assert_eq!(repo.read("lefthook.yml"), edited);
    // Where lefthook itself is installed, it runs git-orx.
    if std::process::Command::new("lefthook")
        .arg("version")
        .output()
        .is_ok()
    {
        let out = repo.command("lefthook").arg("install").output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        insta::assert_snapshot!(repo.orx(&["hooks", "status"]).stdout, @r"
        hooks directory: <repo>/.git/hooks (lefthook manages it)
          pre-commit           via lefthook: lefthook.yml
          pre-merge-commit     via lefthook: lefthook.yml
          prepare-commit-msg   via lefthook: lefthook.yml
        ");
        repo.git(&["add", ".orx", "lefthook.yml"]).ok();
        repo.git(&["commit", "-q", "-m", "setup"]).ok();
        hooks_are_in_force(&repo);
    }
}

#[test]
fn lefthook_entries_are_not_added_where_the_file_is_ambiguous() {
    let repo = Repo::bare_git();
    for text in [
        // The hook is not a mapping.
        "pre-commit: [lint]\n",
        // A git-orx command of the user's own.
        "pre-commit:\n  commands:\n    git-orx:\n      run: echo mine\n",
    ] {
        repo.write("lefthook.yml", text);
        repo.orx(&["hooks", "install", "--lefthook"]).fails(
            1,
            &[
                "cannot add git-orx's pre-commit entry to <repo>/lefthook.yml",
                "nothing was changed",
            ],
        );
        assert_eq!(repo.read("lefthook.yml"), text);
    }
    // --lefthook where there is no lefthook config is a usage error.
    std::fs::remove_file(repo.path("lefthook.yml")).unwrap();
    repo.orx(&["hooks", "install", "--lefthook"])
        .fails(2, &["this repository has no lefthook config"]);
    assert!(!repo.path(".git/hooks/pre-commit").exists());
}

/// lefthook moved an earlier shim to `pre-commit.old`, where nothing runs
/// it; a CRLF config keeps its line ends; a JSON config is never edited.
#[cfg(unix)]
#[test]
fn lefthook_leftovers_line_ends_and_other_formats() {
    let repo = Repo::bare_git();
    let hooks = repo.path(".git/hooks");
    executable(
        &hooks.join("pre-commit"),
        "#!/bin/sh\ncall_lefthook run \"pre-commit\" \"$@\"\n",
    );
    executable(
        &hooks.join("pre-commit.old"),
        &orx::hooks::shim("pre-commit"),
    );
    let crlf = "pre-commit:\r\n  commands:\r\n    lint:\r\n      run: echo lint\r\n";
    repo.write("lefthook.yml", crlf);
    let out = repo.orx(&["init", "--lefthook"]);
    out.ok();
    assert!(
        out.stdout.contains(
            "repaired  pre-commit: removed <repo>/.git/hooks/pre-commit.old: lefthook had moved git-orx's shim there, where nothing runs it"
        ),
        "{}",
        out.stdout
    );
    assert!(!hooks.join("pre-commit.old").exists());
    let edited = repo.read("lefthook.yml");
    assert!(edited.starts_with(crlf), "{edited:?}");
    assert!(!edited.replace("\r\n", "").contains('\n'), "{edited:?}");
    assert!(edited.contains("prepare-commit-msg:\r\n  commands:\r\n    git-orx:\r\n      run: git orx hook prepare-commit-msg {0}\r\n"));
    // JSON: the entries are printed; --lefthook refuses and changes nothing.
    std::fs::remove_file(repo.path("lefthook.yml")).unwrap();
    let json = "{\"pre-commit\": {\"commands\": {\"lint\": {\"run\": \"echo lint\"}}}}\n";
    repo.write("lefthook.json", json);
    let out = repo.orx(&["hooks", "install"]);
    out.code(1);
    assert!(
        out.stdout.contains("add git-orx to <repo>/lefthook.json"),
        "{}",
        out.stdout
    );
    repo.orx(&["hooks", "install", "--lefthook"])
        .fails(1, &["git-orx edits only a YAML lefthook config"]);
    assert_eq!(repo.read("lefthook.json"), json);
}
