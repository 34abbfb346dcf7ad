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
    git orx move 1.1 Blocked --as | -> sm architect dev qa human skill lead reviewer
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

/// The columns a line takes on a terminal.
fn columns(line: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(line)
}

#[track_caller]
fn assert_fits(text: &str, width: usize, what: &str) {
    for line in text.lines() {
        assert!(
            columns(line) <= width,
            "{what}: a line of {} columns:\n{line}",
            columns(line)
        );
    }
}

/// `git-orx WORDS... --help` on an 80-column terminal.
fn help(repo: &Repo, words: &[String]) -> String {
    let out = repo
        .command(bin())
        .args(words)
        .arg("--help")
        .env("COLUMNS", "80")
        .output()
        .unwrap();
    assert!(out.status.success(), "{words:?} --help failed");
    String::from_utf8(out.stdout).unwrap()
}

/// The subcommands a help text lists.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .filter(|c| c != "help")
        .collect()
}

#[test]
fn help_of_every_command_fits_80_columns() {
    let repo = Repo::bare_git();
    let mut all = String::new();
    let mut page = String::from(COMMANDS_PAGE_HEAD);
    let mut queue: Vec<Vec<String>> = vec![Vec::new()];
    let mut seen = 0;
    while let Some(words) = queue.pop() {
        let text = help(&repo, &words);
        assert_fits(&text, 80, &format!("git orx {} --help", words.join(" ")));
        for sub in subcommands(&text).into_iter().rev() {
            let mut next = words.clone();
            next.push(sub);
            queue.push(next);
        }
        let typed: Vec<&str> = ["git", "orx"]
            .into_iter()
            .chain(words.iter().map(String::as_str))
            .collect();
        all.push_str(&format!("$ {} --help\n{text}\n", typed.join(" ")));
        page.push_str(&format!(
            "\n## `{}`\n\n```text\n{}\n```\n",
            typed.join(" "),
            text.trim_end()
        ));
        seen += 1;
    }
    assert!(seen > 25, "only {seen} help texts found");
    // The walk follows the help's own lists of commands; `git orx man`
    // writes one page per command of the command tree itself: both name
    // the same commands, so a command missing from a list is caught.
    let dir = repo.path("man");
    repo.orx(&["man", dir.to_str().unwrap()]).ok();
    let mut paged: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            Some(
                name.strip_prefix("git-orx-")?
                    .strip_suffix(".1")?
                    .to_owned(),
            )
        })
        .collect();
    paged.sort();
    let mut walked: Vec<String> = subcommands(&help(&repo, &[]));
    walked.sort();
    assert_eq!(
        walked, paged,
        "the commands of the help and of the command tree differ"
    );
    insta::assert_snapshot!("help_at_80_columns", all);
    // The book's command reference is this walk, as Markdown.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/commands.md");
    if std::env::var_os("ORX_UPDATE_DOCS").is_some() {
        std::fs::write(&path, &page).unwrap();
    }
    assert!(
        std::fs::read_to_string(&path).unwrap_or_default() == page,
        "docs/commands.md is not the help of the commands: run `ORX_UPDATE_DOCS=1 cargo test --test runner help_of_every_command`"
    );
}

/// The top of docs/commands.md, above each command's help.
const COMMANDS_PAGE_HEAD: &str = "# Commands\n\n\
Every command's `--help`, as `git orx COMMAND --help` prints it on an 80-column\n\
terminal (`git orx -h` lists them by task). This page is generated from the\n\
commands' definitions; a test fails when it is out of date.\n";

#[test]
fn show_verify_and_agent_show_fit_an_80_column_terminal() {
    let mut repo = two_stories();
    repo.orx(&["agent", "init", "--as", "human"]).ok();
    let path = repo.story_path("1.1");
    repo.edit(&path, "status: Draft", "status: Done");
    repo.git(&["commit", "-q", "--no-verify", "-am", "skip the review"])
        .ok();
    repo.set_env("COLUMNS", "80");
    let show = repo.orx(&["show", "1.2"]);
    show.ok();
    assert_fits(&show.stdout, 80, "show");
    let agent = repo.orx(&["agent", "show"]);
    agent.ok();
    assert_fits(&agent.stdout, 80, "agent show");
    let verify = repo.orx(&["verify", "--all"]);
    verify.code(1);
    assert_fits(&verify.stdout, 80, "verify");
    insta::assert_snapshot!(redact(&verify.stdout), @r#"
        <commit> story 1.1 Draft -> Done: no-role
            the commit names no role (no `Orx-Role:` trailer: it was made without
              git-orx's hooks, e.g. with --no-verify)
        <commit> story 1.1 Draft -> Done: invalid-transition
            story 1.1 cannot move from Draft to Done: the workflow has no such
              transition
              allowed from Draft: Blocked (SM), Approved (SM), AwaitingArchReview (SM)
        verified 8 commits (all of HEAD's history (the branch has no upstream)): 2
            violations
        hint: history is not rewritten: fix forward with a new commit (`git orx move`
              puts an item where the rules allow), then the Human accepts the commit's
              violations: `git orx acknowledge COMMIT --reason TEXT --as human`
              (docs/enforcement.md: When verify fails)
        "#);
}

/// The fenced YAML block of the enforcement docs whose first line starts
/// with `title`.
fn readme_yaml(title: &str) -> serde_json::Value {
    let readme = include_str!("../../docs/ci.md");
    let block = readme
        .split("```yaml\n")
        .skip(1)
        .map(|b| &b[..b.find("```").unwrap()])
        .find(|b| b.starts_with(title))
        .unwrap_or_else(|| panic!("docs/ci.md has no CI snippet `{title}`"));
    serde_saphyr::from_str(block).unwrap()
}

/// A history for CI to judge: `before` (a story made and committed
/// properly), `bad` (a hand edit committed with `--no-verify` that breaks
/// the rules), `good` (another story, properly) and `bad2` (another rule
/// broken), on branch `main`; returns their commit ids.
fn ci_history(repo: &Repo) -> [String; 4] {
    let head = || repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned();
    repo.story("User login", &[]);
    let before = head();
    let p1 = repo.story_path("1.1");
    repo.edit(&p1, "status: Draft", "status: Done");
    repo.git(&["commit", "-q", "--no-verify", "-am", "bypass"])
        .ok();
    let bad = head();
    repo.story("Logout", &[]);
    let good = head();
    let p2 = repo.story_path("1.2");
    repo.edit(&p2, "status: Draft", "status: Review");
    repo.git(&["commit", "-q", "--no-verify", "-am", "bypass again"])
        .ok();
    let bad2 = head();
    [before, bad, good, bad2]
}

/// Runs `script` with `sh -e` in `repo` at commit `at` (detached, as CI
/// checks out), with `env`; the exit code and the commits it reported.
fn ci_run(repo: &Repo, at: &str, script: &str, env: &[(String, String)]) -> (i32, String) {
    repo.git(&["checkout", "-q", "--detach", at]).ok();
    let out = repo
        .command("sh")
        .args(["-ec", script])
        .envs(env.iter().map(|(k, v)| (k, v)))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The commits reported, each once (a commit may break several rules).
    let mut named: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.split(' ').next())
        .filter(|w| w.len() >= 7 && w.chars().all(|c| c.is_ascii_hexdigit()))
        .collect();
    named.dedup();
    (out.status.code().unwrap_or(-1), named.join(" "))
}

/// GitHub's `${{ expr }}` in `text`, from `context`.
fn github_expr(text: &str, context: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("${{") {
        out.push_str(&rest[..i]);
        let end = rest[i..].find("}}").unwrap() + i;
        let expr = rest[i + 3..end].trim();
        let value = context
            .iter()
            .find(|(k, _)| *k == expr)
            .unwrap_or_else(|| panic!("the snippet uses `{expr}`, which the test does not set"));
        out.push_str(value.1);
        rest = &rest[end + 2..];
    }
    out + rest
}

/// The env a GitHub step sees: the job's, then the step's, expressions
/// evaluated.
fn github_env(
    job: &serde_json::Value,
    step: &serde_json::Value,
    context: &[(&str, &str)],
) -> Vec<(String, String)> {
    let mut env = Vec::new();
    for map in [&job["env"], &step["env"]] {
        for (k, v) in map.as_object().into_iter().flatten() {
            env.push((k.clone(), github_expr(v.as_str().unwrap(), context)));
        }
    }
    env
}

#[test]
fn readme_github_actions_snippet_verifies_a_pull_request_a_push_and_a_new_branch() {
    let repo = Repo::new();
    let [before, bad, good, bad2] = ci_history(&repo);
    let short = |c: &str| c[..7].to_owned();
    let workflow = readme_yaml("# GitHub Actions");
    let job = &workflow["jobs"]["verify"];
    // The install steps are stood in for by git-orx on PATH; the rest run.
    let steps: Vec<&serde_json::Value> = job["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["run"].as_str().is_some_and(|r| r.contains("git orx ")))
        .collect();
    assert_eq!(steps.len(), 1, "one step runs git orx");
    let run = |at: &str, context: &[(&str, &str)]| {
        let env = github_env(job, steps[0], context);
        ci_run(&repo, at, steps[0]["run"].as_str().unwrap(), &env)
    };
    let zeros = "0".repeat(40);
    // A pull request into main, whose tip is `bad`: only its own commits count.
    repo.git(&["update-ref", "refs/remotes/origin/main", &bad])
        .ok();
    let pr = |at: &str| {
        run(
            at,
            &[
                ("github.event_name", "pull_request"),
                ("github.base_ref", "main"),
                ("github.event.before", ""),
                ("github.sha", at),
            ],
        )
    };
    assert_eq!(pr(&good), (0, String::new()));
    assert_eq!(pr(&bad2), (1, short(&bad2)));
    // A push of `good` and `bad2` onto `bad`: the pushed commits.
    let push = |from: &str, to: &str| {
        run(
            to,
            &[
                ("github.event_name", "push"),
                ("github.base_ref", ""),
                ("github.event.before", from),
                ("github.sha", to),
            ],
        )
    };
    assert_eq!(push(&bad, &good), (0, String::new()));
    assert_eq!(push(&good, &bad2), (1, short(&bad2)));
    assert_eq!(push(&before, &good), (1, short(&bad)));
    // A new branch: all of its history.
    assert_eq!(push(&zeros, &good), (1, short(&bad)));
}

#[test]
fn readme_gitlab_ci_snippet_verifies_a_merge_request_a_push_and_a_new_branch() {
    let repo = Repo::new();
    let [before, bad, good, bad2] = ci_history(&repo);
    let short = |c: &str| c[..7].to_owned();
    let job = &readme_yaml("# GitLab CI")["orx-verify"];
    // One shell runs the script's lines; the install line is stood in for
    // by git-orx on PATH.
    let script: Vec<&str> = job["script"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .filter(|l| !l.contains("cargo install"))
        .collect();
    assert!(script.iter().any(|l| l.contains("git orx verify")));
    let script = script.join("\n");
    let variables: Vec<(String, String)> = job["variables"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned()))
        .collect();
    let run = |at: &str, vars: &[(&str, &str)]| {
        let mut env = variables.clone();
        env.extend(vars.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        ci_run(&repo, at, &script, &env)
    };
    let zeros = "0".repeat(40);
    // A merge request whose target's tip is `bad`.
    let mr = |at: &str| {
        run(
            at,
            &[
                ("CI_MERGE_REQUEST_DIFF_BASE_SHA", &bad),
                ("CI_COMMIT_BEFORE_SHA", &zeros),
                ("CI_COMMIT_SHA", at),
            ],
        )
    };
    assert_eq!(mr(&good), (0, String::new()));
    assert_eq!(mr(&bad2), (1, short(&bad2)));
    let push =
        |from: &str, to: &str| run(to, &[("CI_COMMIT_BEFORE_SHA", from), ("CI_COMMIT_SHA", to)]);
    assert_eq!(push(&bad, &good), (0, String::new()));
    assert_eq!(push(&good, &bad2), (1, short(&bad2)));
    assert_eq!(push(&before, &good), (1, short(&bad)));
    assert_eq!(push(&zeros, &good), (1, short(&bad)));
}

/// A development loop, a code review and a goal under discussion have
/// handoffs longer than a terminal line: every command that shows them
/// wraps them within 80 columns (the limit is 100), and an edit that keeps
/// a goal's state names the fields it changed instead of `a -> a`.
#[test]
fn loops_reviews_and_goals_fit_an_80_column_terminal() {
    let mut repo = two_stories();
    repo.orx(&["agent", "init", "--as", "human"]).ok();
    let out = repo.orx(&[
        "--json",
        "loop",
        "new",
        "Fix the login page so that users with very long names can sign in",
        "--as",
        "human",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out.ok().stdout).unwrap();
    let loop_id = v["item"].as_str().unwrap().to_owned();
    repo.orx(&["review", "start", "HEAD", "--as", "human"]).ok();
    repo.orx(&[
        "goal",
        "new",
        "Make the login page accessible to everyone who uses a screen reader",
        "--as",
        "human",
    ])
    .ok();
    repo.set_env("COLUMNS", "80");
    let commands: &[&[&str]] = &[
        &["status"],
        &["next"],
        &["show", "1.1"],
        &["show", "G1"],
        &["show", "1"],
        &["show", &loop_id],
        &["loop", "show", &loop_id],
        &["review", "report", "1"],
        &["goal", "review", "G1"],
        &["verify"],
        &["agent", "show"],
    ];
    for words in commands {
        let out = repo.orx(words);
        assert_fits(&out.stdout, 80, &words.join(" "));
        assert_fits(&out.stderr, 100, &words.join(" "));
    }
    // Before the skill's init, a loop has no tasks: it says so, not
    // `null/null tasks`.
    repo.orx(&["loop", "show", &loop_id])
        .ok()
        .stdout_has(&["no tasks yet", "not run yet"])
        .stdout_lacks(&["null"]);
    let edit = repo.orx(&[
        "update",
        "G1",
        "--set",
        "title=Accessible login",
        "--as",
        "lead",
    ]);
    edit.ok()
        .stdout_has(&["goal G1: title changed, still discussing (Lead)"])
        .stdout_lacks(&["discussing -> discussing"]);
}

/// `git orx -h` (and `git orx` alone) lists the commands by task, one
/// short line each, in the repository's language, within 80 columns.
#[test]
fn short_help_groups_the_commands_by_task() {
    let repo = Repo::new();
    let out = repo.orx(&["-h"]);
    out.ok();
    assert_fits(&out.stdout, 80, "git orx -h");
    insta::assert_snapshot!("short_help", out.stdout);
    let alone = repo.orx(&[]);
    assert_eq!(alone.code, 2);
    assert_eq!(alone.stdout, out.stdout);
    repo.set_lang("zh");
    let zh = repo.orx(&["-h"]);
    zh.ok()
        .stdout_has(&["各类条目:\n", "  rollback      把工作区回滚到检查点\n"]);
    assert_fits(&zh.stdout, 80, "git orx -h (zh)");
    // --help keeps every command's detail.
    assert!(help(&repo, &[]).contains("HMAC-SHA256"));
}
