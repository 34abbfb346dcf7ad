//! A new user's first hour: what `init` and `new` say, and the wording of
//! messages a user meets early.

use crate::common::Repo;

#[test]
fn init_in_an_older_husky_layout_names_every_file_to_commit() {
    let repo = Repo::bare_git();
    repo.write(
        ".husky/pre-commit",
        "#!/bin/sh\n. \"$(dirname \"$0\")/_/husky.sh\"\ntrue\n",
    );
    repo.write(".husky/_/husky.sh", "#!/bin/sh\n");
    repo.git(&["add", ".husky"]).ok();
    repo.git(&["commit", "-q", "-m", "husky"]).ok();
    repo.git(&["config", "core.hooksPath", ".husky"]).ok();
    repo.orx(&["init"])
        .ok()
        .stdout_has(&["  git add .orx .husky && git commit -m 'Set up git-orx'\n"]);
    // Doing what it says leaves nothing of the setup uncommitted.
    repo.git(&["add", ".orx", ".husky"]).ok();
    repo.git(&["commit", "-q", "-m", "Set up git-orx"]).ok();
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
}

#[test]
fn init_lang_zh_says_the_change_takes_effect_once_committed() {
    let repo = Repo::new();
    let out = repo.orx(&["init", "--lang", "zh"]);
    insta::assert_snapshot!(out.render(), @r#"
        exit: 0
        --- stdout
        已更新    .orx/config.yaml (lang: zh)
        保留      docs/stories/
        保留      pre-commit
        保留      pre-merge-commit
        保留      prepare-commit-msg
        保留      reference-transaction
        保留      merge=orx

        下一步: 新语言在 (由 Human) 提交后生效:
          git add .orx && git -c orx.role=human commit -m 'git-orx: 更改语言'
        "#);
    // As it says.
    repo.git(&["add", ".orx"]).ok();
    repo.git(&["-c", "orx.role=human", "commit", "-q", "-m", "zh"])
        .ok();
    repo.orx(&["new", "A", "--as", "sm"]).ok();
    assert!(repo.orx(&["next"]).stdout.contains("请执行命令"));
}

#[test]
fn new_warns_while_the_config_is_not_committed() {
    let repo = Repo::bare_git();
    repo.orx(&["init"]).ok();
    let out = repo.orx(&["new", "A", "--as", "sm"]);
    out.ok();
    assert!(
        out.stderr
            .starts_with("warning: .orx/config.yaml is not committed:"),
        "{}",
        out.render()
    );
    repo.git(&["add", ".orx"]).ok();
    repo.git(&["commit", "-q", "-m", "Set up git-orx"]).ok();
    let out = repo.orx(&["new", "B", "--as", "sm"]);
    assert_eq!(out.ok().stderr, "");
}

#[test]
fn new_example_writes_a_story_the_quality_check_approves() {
    let repo = Repo::new();
    repo.orx(&["new", "Dark mode toggle", "--example", "--as", "sm"])
        .ok();
    let out = repo.orx(&["assess", "1.1", "--score", "8.5", "--as", "sm"]);
    assert!(
        out.ok()
            .stdout
            .starts_with("quality check: structure 100%, technical extraction 100%"),
        "{}",
        out.render()
    );
    // Not with a template of the repository's own, which it would not fit.
    repo.write(
        ".orx/templates/story.md",
        "---\nkind: story\nid: {id}\ntitle: {title}\nstatus: {status}\n---\n",
    );
    repo.commit_rules("own template");
    repo.orx(&["new", "B", "--example", "--as", "sm"]).code(2);
}

#[test]
fn handoffs_give_the_agents_command_first_then_git_orxs() {
    let repo = Repo::new();
    let id = repo.story("A", &["--score", "9"]);
    let out = repo.orx(&["next", "--role", "dev"]);
    assert_eq!(
        out.ok().stdout,
        format!(
            "Dev\n  Next: Dev, run `implement-story {id}`\n  Next: Dev, `git orx move {id} InProgress --as dev`, then implement the story\n    run: git orx move {id} InProgress --as dev [options]\n"
        )
    );
}

#[test]
fn one_thing_is_singular() {
    let mut repo = Repo::new();
    repo.set_env("ORX_ROLE", "human");
    repo.write(".orx/config.yaml", "lang: en\nchecks: [\"true\"]\n");
    repo.commit_rules("checks");
    repo.orx(&["agent", "init", "--acts-as", "dev"]).ok();
    repo.orx(&["agent", "fire", "USER_INPUT_REQUIREMENT", "-m", "r"])
        .ok();
    repo.orx(&["agent", "task", "add", "one", "--as", "dev"])
        .ok();
    let out = repo.orx(&["agent", "fire", "PRD_GENERATED", "--as", "dev"]);
    assert!(
        out.ok().stdout.contains("the PRD (1 task) waits"),
        "{}",
        out.render()
    );
    repo.orx(&["agent", "fire", "USER_CONFIRM"]).ok();
    let out = repo.orx(&["agent", "check", "--as", "dev"]);
    assert!(
        out.ok().stdout.contains("\nthe check passed\n"),
        "{}",
        out.render()
    );
    repo.write("scratch.txt", "x");
    repo.orx(&["checkpoint"]).ok();
    let out = repo.orx(&["checkpoints"]);
    assert!(
        out.ok()
            .stdout
            .contains("  1 file differs from HEAD: scratch.txt"),
        "{}",
        out.render()
    );
}

#[test]
fn outside_a_repository_the_hint_does_not_repeat_the_error() {
    let repo = Repo::bare_git();
    let out = repo
        .command("git")
        .args(["orx", "status"])
        .current_dir(repo.path("..").canonicalize().unwrap())
        .env(
            "GIT_CEILING_DIRECTORIES",
            repo.path("..").canonicalize().unwrap().parent().unwrap(),
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: not in a git repository (run `git init` first, or cd into one)\n"
    );
}

#[test]
fn a_broken_file_refused_by_the_hook_names_its_path_once() {
    let repo = Repo::new();
    let id = repo.story("A", &[]);
    let path = repo.story_path(&id);
    repo.write(
        &path,
        "---\nkind: story\nid: \"1.1\"\nstatus: [Draft\n---\n",
    );
    let out = repo.git_env(&["commit", "-qam", "x"], &[("ORX_ROLE", "sm")]);
    insta::assert_snapshot!(out.render(), @r#"
    exit: 1
    --- stderr
    error: refused: git-orx found 1 rule broken by this commit
      docs/stories/1.1.a.md:4:9: unclosed bracket '['
    hint: fix the files (a file that cannot be read has no override)
    "#);
}

#[test]
fn a_move_no_role_may_make_is_not_told_to_commit_as_another_role() {
    let repo = Repo::new();
    let id = repo.story("A", &[]);
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Draft", "status: Done");
    let out = repo.git_env(&["commit", "-qam", "x"], &[("ORX_ROLE", "sm")]);
    out.code(1);
    out.stderr_lacks(&["responsible role"]);
    out.stderr_has(&["hint: fix the files;"]);
}

#[test]
fn an_effect_left_out_of_a_hand_edit_says_what_to_write() {
    let repo = Repo::new();
    let id = repo.story("A", &["--score", "9"]);
    let path = repo.story_path(&id);
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    let text = repo.read(&path).replace("- [ ]", "- [x]");
    repo.write(&path, text);
    repo.edit(&path, "status: InProgress", "status: Review");
    repo.git_env(&["commit", "-qam", "x"], &[("ORX_ROLE", "dev")])
        .fails(
            1,
            &["sets rounds.qa to 1, but the file has null: write `rounds.qa: 1` there"],
        );
}

/// `install.sh` as a new user meets it, with `cargo install` stood in for
/// by a script that puts the built binary where cargo would: it says what
/// the long build is, runs the demo, and prints its notes last (the PATH
/// note where the demo's output cannot scroll it away, and how to load the
/// bash completion where the bash-completion package is absent).
#[test]
fn install_sh_prints_its_notes_after_the_demo() {
    let tmp = tempfile::tempdir().unwrap();
    let stub = tmp.path().join("stub");
    std::fs::create_dir(&stub).unwrap();
    let cargo = stub.join("cargo");
    std::fs::write(
        &cargo,
        format!(
            "#!/bin/sh\nroot=\"$CARGO_HOME\"\nwhile [ $# -gt 0 ]; do [ \"$1\" = --root ] && root=\"$2\"; shift; done\nmkdir -p \"$root/bin\" && cp '{}' \"$root/bin/git-orx\"\n",
            crate::common::bin().display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    let home = tmp.path().join("home");
    let prefix = tmp.path().join("prefix");
    std::fs::create_dir(&home).unwrap();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("install.sh");
    let out = std::process::Command::new("sh")
        .arg(&script)
        .env_clear()
        .env(
            "PATH",
            format!("{}:/usr/local/bin:/usr/bin:/bin", stub.display()),
        )
        .env("HOME", &home)
        .env("PREFIX", &prefix)
        .env("CARGO_HOME", home.join(".cargo"))
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).replace(tmp.path().to_str().unwrap(), "<tmp>");
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.starts_with("install.sh: building git-orx in release mode"),
        "{text}"
    );
    assert!(prefix.join("bin/git-orx").is_file());
    assert!(prefix.join("share/man/man1/git-orx.1").is_file());
    // With PREFIX, everything goes under it, the completion too.
    assert!(
        prefix
            .join("share/bash-completion/completions/git-orx")
            .is_file()
    );
    assert!(!home.join(".local").exists());
    let tail = &text[text
        .rfind("install.sh: git-orx ")
        .expect("the closing line")..];
    let bash_completion = [
        "/usr/share/bash-completion/bash_completion",
        "/etc/bash_completion",
    ]
    .iter()
    .any(|f| std::path::Path::new(f).exists());
    // The demo ran before the notes.
    // (Its last line points to the tutorial.)
    assert!(
        text[..text.len() - tail.len()].contains("\nNext: the tutorial (docs/tutorial.md"),
        "{text}"
    );
    assert!(
        tail.ends_with("note: <tmp>/prefix/bin is not first on your PATH; add it so that `git orx` finds git-orx (in ~/.profile or your shell's rc file):\n    export PATH=\"<tmp>/prefix/bin:$PATH\"\n"),
        "{tail}"
    );
    assert_eq!(
        tail.contains("note: bash completion is in <tmp>/prefix/share/bash-completion/completions/git-orx, which only the bash-completion package loads by itself; without it, add to ~/.bashrc:\n    . \"<tmp>/prefix/share/bash-completion/completions/git-orx\"\n"),
        !bash_completion,
        "{tail}"
    );
}

/// An item without a title (an agent's context) is named by its ID alone,
/// with no dangling dash.
#[test]
fn show_of_an_agent_names_it_without_a_dangling_dash() {
    let repo = Repo::new();
    repo.orx(&["agent", "init", "--as", "human"]).ok();
    let out = repo.orx(&["show", "default"]);
    out.ok();
    assert_eq!(
        out.stdout.lines().next(),
        Some("agent default"),
        "{}",
        out.stdout
    );
}

/// `show ID --diff` adds the item's last change: the commit that last
/// changed its file and the unified diff of that change; `--json` has it
/// as `last_change`.
#[test]
fn show_diff_gives_the_items_last_change() {
    let repo = Repo::new();
    let id = repo.story("Sign in", &[]);
    let mut assess = vec!["assess", id.as_str(), "--as", "sm"];
    assess.extend_from_slice(crate::common::GOOD);
    repo.orx(&assess).ok();
    let out = repo.orx(&["show", &id, "--diff"]);
    out.ok();
    let at = out.stdout.find("Last change: ").expect("the last change");
    let shown = crate::common::redact(&out.stdout[at..])
        .lines()
        .take(9)
        .map(|l| {
            // The commit id after `Last change: `.
            match l.strip_prefix("Last change: ") {
                Some(rest) => format!("Last change: <commit>{}", &rest[7..]),
                None => l.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!(shown, @r#"
    Last change: <commit> story 1.1: Draft -> Approved
    --- a/docs/stories/1.1.sign-in.md
    +++ b/docs/stories/1.1.sign-in.md
    @@ -2,7 +2,12 @@
     kind: story
     id: "1.1"
     title: Sign in
    -status: Draft
    +status: Approved
    "#);
    let json = repo.orx(&["show", &id, "--diff", "--json"]);
    json.ok();
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert!(
        v["last_change"]["diff"]
            .as_str()
            .unwrap()
            .contains("+status: Approved"),
        "{v}"
    );
    // Without --diff, no last change.
    let plain: serde_json::Value =
        serde_json::from_str(&repo.orx(&["show", &id, "--json"]).stdout).unwrap();
    assert!(plain.get("last_change").is_none());
}
