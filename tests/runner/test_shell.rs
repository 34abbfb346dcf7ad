//! What a user's shell and CI see: completions (run in a real bash with
//! git's own completion), help at 80 columns, and the README's CI snippets.

use crate::common::*;

/// git's bash completion, as the git package installs it.
const GIT_BASH_COMPLETION: &str = "/usr/share/bash-completion/completions/git";

/// Runs `script` in a bash that has loaded `git orx completions bash`
/// (and git's completion when `with_git`); `t WORDS...` completes the last
/// word and prints the offers that are not options, one line per call.
fn complete(repo: &Repo, with_git: bool, calls: &[&[&str]]) -> String {
    let mut script = String::from(
        r#"source <(git orx completions bash) || exit 1
t() {
    COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
    if [ "$1" = git ]; then __git_wrap__git_main; else _clap_complete_git_orx "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; fi
    local offers=() w
    for w in "${COMPREPLY[@]}"; do case $w in -*) ;; *) offers+=("$w") ;; esac; done
    echo "$*| -> ${offers[*]}"
}
"#,
    );
    if with_git {
        script.push_str(&format!("source {GIT_BASH_COMPLETION} || exit 1\n"));
    }
    for words in calls {
        let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
        script.push_str(&format!("t {}\n", quoted.join(" ")));
    }
    let out = repo
        .command("bash")
        .args(["--norc", "--noprofile", "-c", &script])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "bash failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn two_stories() -> Repo {
    let repo = Repo::new();
    repo.story("User login", &[]);
    repo.story("Logout", GOOD);
    repo
}

#[test]
fn git_orx_tab_completes_ids_and_the_states_allowed_from_the_current_one() {
    if !std::path::Path::new(GIT_BASH_COMPLETION).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "git's bash completion ({GIT_BASH_COMPLETION}) is missing; CI must run this test"
        );
        eprintln!("skipped: git's bash completion is not installed");
        return;
    }
    let repo = two_stories();
    let out = complete(
        &repo,
        true,
        &[
            &["git", "orx", "mo"],
            &["git", "orx", "move", ""],
            &["git", "orx", "move", "1.1", ""],
            &["git", "orx", "move", "1.2", ""],
            &["git", "orx", "move", "--as", "dev", "1.2", "In"],
            &["git", "orx", "show", "1.2"],
            &["git", "orx", "move", "1.1", "Blocked", "--as", ""],
            &["git", "orx", "status", "--role", "a"],
        ],
    );
    insta::assert_snapshot!(out, @"
    git orx mo| -> move
    git orx move | -> 1.1 1.2
    git orx move 1.1 | -> Blocked Approved AwaitingArchReview
    git orx move 1.2 | -> InProgress
    git orx move --as dev 1.2 In| -> InProgress
    git orx show 1.2| -> 1.2
    git orx move 1.1 Blocked --as | -> sm architect dev qa human
    git orx status --role a| -> architect
    ");
}

#[test]
fn git_orx_completion_offers_checkpoints_and_works_without_git_completion() {
    let repo = two_stories();
    repo.orx(&["checkpoint", "-m", "before the refactor"]).ok();
    let name = repo.orx(&["checkpoints", "--json"]).stdout;
    let list: serde_json::Value = serde_json::from_str(&name).unwrap();
    let name = list["checkpoints"][0]["name"].as_str().unwrap().to_owned();
    let out = complete(
        &repo,
        false,
        &[
            &["git-orx", "assess", "1."],
            &["git-orx", "move", "1.1", "App"],
            &["git-orx", "rollback", ""],
        ],
    );
    assert_eq!(
        out,
        format!(
            "git-orx assess 1.| -> 1.1 1.2\n\
             git-orx move 1.1 App| -> Approved\n\
             git-orx rollback | -> {name}\n"
        )
    );
}
