//! `lang: zh` for the commands added since the first Chinese catalog:
//! loops, code reviews, goals, `run`, `update` and `history` speak Chinese,
//! keeping command names, IDs, states and flags as they are.

use crate::common::{Repo, redact};

fn zh_repo() -> Repo {
    let repo = Repo::new();
    repo.set_lang("zh");
    repo
}

/// stdout and stderr with commit ids, times and `loop` as given redacted.
fn shown(out: &crate::common::Run, loop_id: Option<&str>) -> String {
    let text = redact(&out.render());
    let text = match loop_id {
        Some(id) => text.replace(id, "<loop>"),
        None => text,
    };
    // The state store's copies (`copy-N`) are stamped with the clock, not
    // the commit's date.
    let clock = regex::Regex::new(r"^(copy-[0-9]+) \S+ ").unwrap();
    text.lines()
        .map(|l| match l.get(..4) {
            Some(y) if y.starts_with("20") && y.bytes().all(|b| b.is_ascii_digit()) => {
                format!("<time>{}", &l[25..])
            }
            _ => clock.replace(l, "$1 <time> ").into_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn zh_loop_show() {
    let repo = zh_repo();
    let out = repo.orx(&["--json", "loop", "new", "Fix login", "--as", "human"]);
    let v: serde_json::Value = serde_json::from_str(&out.ok().stdout).unwrap();
    let id = v["item"].as_str().unwrap().to_owned();
    insta::assert_snapshot!(shown(&repo.orx(&["loop", "show", &id]), Some(&id)));
}

#[test]
fn zh_review_start_run_and_report() {
    let repo = zh_repo();
    insta::assert_snapshot!(
        "zh_review_start",
        shown(
            &repo.orx(&[
                "review",
                "start",
                "HEAD",
                "--dimensions",
                "security",
                "--as",
                "human"
            ]),
            None
        )
    );
    let exec = "echo '{\"stateUpdates\": {}}'";
    insta::assert_snapshot!(
        "zh_run_summary",
        shown(
            &repo.orx(&[
                "run",
                "1",
                "--exec",
                exec,
                "--as",
                "qa",
                "--max-iterations",
                "1"
            ]),
            None
        )
    );
    insta::assert_snapshot!(
        "zh_review_report",
        shown(&repo.orx(&["review", "report", "1"]), None)
    );
    // --lang en for one call: the same summary in English.
    repo.orx(&[
        "--lang",
        "en",
        "run",
        "1",
        "--exec",
        exec,
        "--as",
        "qa",
        "--max-iterations",
        "1",
    ])
    .stdout_has(&["codereview 1: running after 1 action (stopped after 1 action"]);
}

#[test]
fn zh_goal_new_next_update_history_and_a_refusal() {
    let repo = zh_repo();
    insta::assert_snapshot!(
        "zh_goal_new",
        shown(
            &repo.orx(&["goal", "new", "Login", "--direct", "--as", "lead"]),
            None
        )
    );
    insta::assert_snapshot!("zh_goal_next", shown(&repo.orx(&["next"]), None));
    insta::assert_snapshot!(
        "zh_update",
        shown(
            &repo.orx(&["update", "G1", "--set", "title=Sign in", "--as", "lead"]),
            None
        )
    );
    insta::assert_snapshot!("zh_history", shown(&repo.orx(&["history", "G1"]), None));
    insta::assert_snapshot!(
        "zh_update_refused",
        shown(
            &repo.orx(&["update", "G1", "--set", "status=closed", "--as", "dev"]),
            None
        )
    );
    insta::assert_snapshot!(
        "zh_goal_review",
        shown(&repo.orx(&["goal", "review", "G1"]), None)
    );
}

/// On an 80-column terminal, what the new commands show stays within 100
/// columns, in English and in Chinese (a Chinese character takes two).
#[test]
fn new_commands_fit_100_columns_on_an_80_column_terminal() {
    let repo = zh_repo();
    let out = repo.orx(&["--json", "loop", "new", "Fix login", "--as", "human"]);
    let v: serde_json::Value = serde_json::from_str(&out.ok().stdout).unwrap();
    let id = v["item"].as_str().unwrap().to_owned();
    repo.orx(&["review", "start", "HEAD", "--as", "human"]).ok();
    repo.orx(&["goal", "new", "Login", "--direct", "--as", "lead"])
        .ok();
    let width = |s: &str| {
        s.chars()
            .map(|c| if c.is_ascii() { 1 } else { 2 })
            .sum::<usize>()
    };
    for lang in ["en", "zh"] {
        for args in [
            vec!["loop", "show", id.as_str()],
            vec!["review", "report", "1"],
            vec!["goal", "review", "G1"],
            vec!["show", "G1"],
            vec!["history", "G1"],
            vec!["verify"],
            vec!["status"],
            vec!["next"],
            vec!["doctor"],
            vec!["metrics"],
            vec!["log"],
            vec!["checkpoints"],
            vec!["tick", "--dry-run", "--as", "lead"],
            vec!["move"],
            vec!["lgo"],
            vec!["status", "--jsn"],
        ] {
            let mut all = vec!["--lang", lang];
            all.extend(&args);
            let out = repo.orx_env(&all, &[("COLUMNS", "80")]);
            for line in out.stdout.lines().chain(out.stderr.lines()) {
                assert!(width(line) <= 100, "{lang} {args:?}: {line}");
            }
        }
    }
}

/// Every other command under `lang: zh`: its output, headings and
/// refusals (the library's own messages included) in Chinese, each naming
/// its item; IDs, states, fields, commands and paths as they are.
#[test]
fn zh_every_other_command_and_its_refusals() {
    let repo = zh_repo();
    let v: serde_json::Value = serde_json::from_str(
        &repo
            .orx(&["--json", "loop", "new", "Fix login", "--as", "human"])
            .ok()
            .stdout,
    )
    .unwrap();
    let id = v["item"].as_str().unwrap().to_owned();
    let lp = id.as_str();
    let commands: &[&[&str]] = &[
        &["init"],
        &["goal", "new", "Login", "--as", "human"],
        &["discuss", "G1", "--as", "architect", "--no-reply"],
        &["claim", "G1", "Build the form", "--as", "dev"],
        &["task", "start", "T1", "--as", "dev"],
        &["task", "start", "T1", "--as", "dev"],
        &["claim", "G9", "x", "--as", "dev"],
        &["show", "T1"],
        &["agent", "init", "--as", "human"],
        &["agent", "show"],
        &["tick", "--as", "lead"],
        &["goal", "decide", "G1", "bogus", "--as", "human"],
        &["backup", "G1"],
        &["backups", "G1"],
        &["backups", "T1"],
        &["restore", "G1", "--to", "auto-9", "--as", "lead"],
        &["error", "G1", "--as", "lead", "-m", "boom"],
        &["loop", "pause", lp, "--as", "human"],
        &["loop", "validate", lp],
        &["loop", "recover", lp, "--as", "human"],
        &["loop", "act", lp, "bogus", "--as", "skill"],
        &["loop", "stop", lp, "--as", "human"],
        &["loop", "stop", lp, "--as", "human"],
        &["schema", "bogus"],
        &["doctor"],
        &["metrics"],
        &["checkpoints"],
        &["checkpoint"],
        &["checkpoints"],
        &["rollback", "chk-none", "--as", "human"],
        &["hooks", "status"],
        &["hooks", "install"],
        &["verify"],
        &["verify", "nope..HEAD"],
        &["check"],
        &["log", "9.9"],
        &["acknowledge", "HEAD", "--reason", "fine", "--as", "dev"],
        &["discuss", "G1", "--as", "nobody", "--no-reply"],
        &["kind", "new", "spike", "--from", "nothing"],
        &["kind", "new", "spike", "--from", "story"],
    ];
    let mut all = String::new();
    for words in commands {
        let out = repo.orx(words);
        all.push_str(&format!(
            "$ git orx {}\n{}\n",
            words.join(" ").replace(lp, "<loop>"),
            shown(&out, Some(lp))
        ));
    }
    // A refusal names its item, in Chinese.
    assert!(
        all.contains("task T1 处于 in-progress"),
        "the refusal of `task start` does not name T1:\n{all}"
    );
    insta::assert_snapshot!(all);
}

/// `verify` under `lang: zh`: each violation, what it means and the way
/// back in Chinese; `show` marks the state `verify` rejects.
#[test]
fn zh_verify_and_a_rejected_state() {
    let repo = zh_repo();
    repo.orx(&["new", "Login", "--as", "sm"]).ok();
    let path = repo.story_path("1.1");
    repo.edit(&path, "status: Draft", "status: Done");
    repo.git(&["commit", "-q", "--no-verify", "-am", "skip the review"])
        .ok();
    insta::assert_snapshot!("zh_verify", shown(&repo.orx(&["verify", "--all"]), None));
    let head = repo
        .git(&["rev-parse", "--short=7", "HEAD"])
        .ok()
        .stdout
        .trim()
        .to_owned();
    insta::assert_snapshot!(
        "zh_show_rejected",
        shown(&repo.orx(&["show", "1.1"]), None).replace(&head, "<commit>")
    );
}

/// clap's usage errors in Chinese under `lang: zh` (and with `--lang zh`
/// outside a repository): what was wrong, the tip, the usage line and
/// where to read more; exit code 2; `--json` keeps its code.
#[test]
fn zh_usage_errors() {
    let repo = zh_repo();
    let commands: &[&[&str]] = &[
        &["lgo"],
        &["status", "--bogus"],
        &["status", "--jsn"],
        &["move"],
        &["--color", "bogus", "status"],
        &["--lang", "en", "move"],
    ];
    let mut all = String::new();
    for words in commands {
        let out = repo.orx(words);
        assert_eq!(out.code, 2, "{words:?}");
        all.push_str(&format!(
            "$ git orx {}\n{}\n",
            words.join(" "),
            shown(&out, None)
        ));
    }
    let out = repo.orx(&["--json", "move"]);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "usage.missing_input");
    assert_eq!(v["error"]["message"], "缺少必需的参数: <ID>, <STATE>");
    insta::assert_snapshot!(all);
}

/// A flag's value refused by a parser of git-orx's own (a duration, a
/// number out of its range, not a number) and clap's tip for a value that
/// looks like a flag: said in Chinese from their kind, not from clap's or
/// the parser's English.
#[test]
fn zh_refused_flag_values_and_tips_are_said_by_their_kind() {
    let repo = zh_repo();
    let commands: &[&[&str]] = &[
        &["serve", "--read-timeout", "0"],
        &["serve", "--max-connections", "x1"],
        &["serve", "--max-connections", ""],
        &["serve", "--max-connections", "99999999999999999999999"],
        &["goal", "tick", "--every", "0s"],
        &["goal", "tick", "--every", "soon"],
        &["show", "-x"],
    ];
    let mut all = String::new();
    for words in commands {
        let out = repo.orx(words);
        assert_eq!(out.code, 2, "{words:?}");
        for lang in ["zh", "en"] {
            let out = repo.orx(&[&["--lang", lang][..], words].concat());
            all.push_str(&format!(
                "$ git orx --lang {lang} {}\n{}\n",
                words.join(" "),
                shown(&out, None)
            ));
        }
    }
    insta::assert_snapshot!(all);
}

/// The data lines of `log`, `checkpoints` and `tick` under `lang: zh`:
/// their fixed words in Chinese; IDs, states, roles, fields and commit ids
/// as they are.
#[test]
fn zh_log_checkpoints_and_tick_data_lines() {
    let repo = zh_repo();
    let commands: &[&[&str]] = &[
        &["new", "Login", "--as", "sm"],
        &["update", "1.1", "--set", "title=Sign in", "--as", "sm"],
        &["goal", "new", "Ship", "--as", "human"],
        &["tick", "--as", "lead"],
        &["log"],
    ];
    let mut all = String::new();
    for words in commands {
        let out = repo.orx(words);
        all.push_str(&format!(
            "$ git orx {}\n{}\n",
            words.join(" "),
            shown(&out, None)
        ));
    }
    repo.write("notes.txt", "draft\n");
    for words in [&["checkpoint"][..], &["checkpoints"]] {
        let out = repo.orx(words);
        all.push_str(&format!(
            "$ git orx {}\n{}\n",
            words.join(" "),
            shown(&out, None)
        ));
    }
    insta::assert_snapshot!(all);
}

/// A representative set of the library's refusals under `lang: zh`, each
/// in Chinese with its names as they are.
#[test]
fn zh_library_refusals() {
    let repo = zh_repo();
    let commands: &[&[&str]] = &[
        &["kind", "new", "Bad Name", "--from", "story"],
        &["kind", "new", "story", "--from", "story"],
        &["loop", "show", "loop-v2-20990101-abc"],
        &["rollback", "chk-20990101000000", "--as", "human", "--yes"],
        &["check", "nope.md"],
        &["check", "/"],
        &["new", "bogus", "x", "--as", "sm"],
        &["new", "bogus", "x", "--as", "sm", "--kind"],
    ];
    let mut all = String::new();
    for words in commands {
        let out = repo.orx(words);
        all.push_str(&format!(
            "$ git orx {}\n{}\n",
            words.join(" "),
            shown(&out, None)
        ));
    }
    insta::assert_snapshot!(all);
}

/// A team's kind whose start waits for other jobs to end, either way.
const JOB: &str = r#"workflow: job
description: A job that may wait for others
initial: Queued
items:
  dir: docs/jobs
  file: "{id}.{slug}.md"
  new_id: sequence
  prefix: J
states:
  Queued: {owner: dev}
  Running: {owner: dev}
  Done: {terminal: true}
  Cancelled: {terminal: true}
transitions:
  - from: Queued
    to: Running
    roles: [dev]
    waits:
      field: after
      until: [Done, Cancelled]
  - {from: Running, to: Done, roles: [dev]}
  - {from: Queued, to: Cancelled, roles: [dev]}
"#;

/// The generic commands word what they say for items of every kind, in
/// Chinese: `status` and `next` with nothing to show, a job that waits
/// for another to end one way or the other (the states joined by the
/// language's "or"), a paused agent.
#[test]
fn zh_generic_commands_speak_of_items_not_stories() {
    let repo = zh_repo();
    repo.orx(&["status"])
        .ok()
        .stdout_has(&["还没有条目。创建一个 story: git orx new \"标题\" --as sm"])
        .stdout_lacks(&["Story"]);
    repo.orx(&["next"])
        .ok()
        .stdout_has(&["没有待办: 没有未完成的条目。"]);
    repo.write(".orx/workflows/job.yaml", JOB);
    repo.commit_rules("A job kind");
    repo.orx(&["new", "job", "Build", "--as", "dev"]).ok();
    repo.orx(&["new", "job", "Deploy", "--as", "dev"]).ok();
    let j2 = "docs/jobs/J2.deploy.md";
    repo.edit(j2, "status: Queued", "status: Queued\nafter: [J1]");
    repo.git(&["add", j2]).ok();
    repo.commit_as("dev", "Deploy after Build").ok();
    repo.orx(&["status", "--role", "qa"])
        .ok()
        .stdout_has(&["没有等待 QA 的条目。"]);
    repo.orx(&["next", "--role", "dev"])
        .ok()
        .stdout_has(&["Job J2 等待 J1 (尚未处于 Done 或 Cancelled)"])
        .stdout_lacks(&[" or "]);
    // An agent at work, paused.
    for (words, role) in [
        (&["agent", "init"][..], "human"),
        (
            &["agent", "fire", "USER_INPUT_REQUIREMENT", "-m", "登录页"],
            "human",
        ),
        (&["agent", "task", "add", "表单"], "dev"),
        (&["agent", "fire", "PRD_GENERATED"], "dev"),
        (&["agent", "fire", "USER_CONFIRM"], "human"),
        (&["agent", "pause"], "human"),
    ] {
        repo.orx(&[words, &["--as", role]].concat()).ok();
    }
    repo.orx(&["agent", "show"])
        .ok()
        .stdout_has(&["  已暂停"])
        .stdout_lacks(&["paused"]);
}
