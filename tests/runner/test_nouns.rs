//! The verbs of one kind are under its noun (`git orx story assess`,
//! `git orx goal claim`); the old spellings (`git orx assess`, `git orx
//! claim`) stay, hidden, and do exactly what the grouped ones do.

use crate::common::{Repo, is_drawn_task, redact};
use crate::test_goal::{NEW_GOAL, goal_repo};

/// `text` with commit ids, short and full, as `<commit>`, and task IDs
/// drawn by a dry run (each draws another) as `<task>`.
fn redact_all(text: &str) -> String {
    let text = redact(text);
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() {
            word.push(c);
            continue;
        }
        let hex = word.bytes().all(|b| b.is_ascii_hexdigit());
        if word.len() >= 7 && hex && word.bytes().any(|b| b.is_ascii_digit()) {
            out.push_str("<commit>");
        } else if is_drawn_task(&word) {
            out.push_str("<task>");
        } else {
            out.push_str(&word);
        }
        word.clear();
        out.push(c);
    }
    out.pop();
    out
}

/// Runs the old spelling in `old` and the grouped one in `new`, two
/// repositories in the same state: the same exit code, output and error,
/// with and without `--json`. Returns the exit code.
#[track_caller]
fn same(old: &Repo, new: &Repo, noun: &str, args: &[&str]) -> i32 {
    let grouped: Vec<&str> = std::iter::once(noun).chain(args.iter().copied()).collect();
    let (a, b) = (old.orx(args), new.orx(&grouped));
    let what = format!(
        "`git orx {}` and `git orx {}`",
        args.join(" "),
        grouped.join(" ")
    );
    assert_eq!(
        a.code,
        b.code,
        "{what}: exit codes\n{}\n{}",
        a.render(),
        b.render()
    );
    assert_eq!(
        redact_all(&a.stdout),
        redact_all(&b.stdout),
        "{what}: output"
    );
    // clap's usage line names the command as typed.
    let usage = format!("Usage: git orx {noun} ");
    assert_eq!(
        redact_all(&a.stderr),
        redact_all(&b.stderr).replace(&usage, "Usage: git orx "),
        "{what}: errors"
    );
    a.code
}

/// Both spellings, as text and as JSON; the JSON one first with
/// `--dry-run` when `dry` (so the text one still has work to do).
#[track_caller]
fn both_ways(old: &Repo, new: &Repo, noun: &str, args: &[&str], dry: bool) -> i32 {
    if dry {
        let json: Vec<&str> = args
            .iter()
            .copied()
            .chain(["--json", "--dry-run"])
            .collect();
        same(old, new, noun, &json);
    }
    same(old, new, noun, args)
}

#[test]
fn the_old_spellings_of_assess_and_gate_do_what_story_assess_and_gate_do() {
    let (old, new) = (Repo::new(), Repo::new());
    let id = old.story("Login", &[]);
    assert_eq!(new.story("Login", &[]), id);
    // A usage error, a refusal, then the real thing, as text and JSON.
    assert_eq!(same(&old, &new, "story", &["assess", &id, "--as", "sm"]), 2);
    let wrong_role = ["assess", &id, "--score", "9", "--as", "dev"];
    assert_eq!(same(&old, &new, "story", &wrong_role), 1);
    let json: Vec<&str> = wrong_role.iter().copied().chain(["--json"]).collect();
    assert_eq!(same(&old, &new, "story", &json), 1);
    let assess = [
        "assess",
        &id,
        "--score",
        "7",
        "--complexity",
        "security",
        "--as",
        "sm",
    ];
    assert_eq!(both_ways(&old, &new, "story", &assess, true), 0);
    let gate = [
        "gate",
        &id,
        "--as",
        "architect",
        "--score",
        "8",
        "--critical",
        "0",
    ];
    assert_eq!(both_ways(&old, &new, "story", &gate, true), 0);
    // QA's gate of a story no QA reviews yet: refused.
    let qa = [
        "gate",
        &id,
        "--as",
        "qa",
        "--critical",
        "0",
        "--criteria-met",
    ];
    assert_eq!(same(&old, &new, "story", &qa), 1);
    // The same history, commit by commit.
    let log = |r: &Repo| r.git(&["log", "--format=%H %s%n%b"]).stdout;
    assert_eq!(log(&old), log(&new));
}

#[test]
fn the_old_spellings_of_discuss_claim_and_tick_do_what_goal_ones_do() {
    let (old, new) = (goal_repo(), goal_repo());
    old.orx(NEW_GOAL).ok();
    new.orx(NEW_GOAL).ok();
    let discuss = [
        "discuss",
        "G1",
        "--position",
        "mine",
        "--claim",
        "the form",
        "--risk",
        "none",
        "--as",
        "dev",
    ];
    assert_eq!(both_ways(&old, &new, "goal", &discuss, true), 0);
    assert_eq!(
        same(&old, &new, "goal", &["discuss", "G1", "--as", "dev"]),
        2
    );
    let claim = ["claim", "G1", "Login form", "--as", "dev"];
    assert_eq!(both_ways(&old, &new, "goal", &claim, true), 0);
    assert_eq!(
        same(&old, &new, "goal", &["claim", "NOPE", "x", "--as", "dev"]),
        2
    );
    let tick = ["tick", "--as", "lead"];
    assert_eq!(both_ways(&old, &new, "goal", &tick, true), 0);
    assert_eq!(same(&old, &new, "goal", &["tick", "--every", "0s"]), 2);
    let state = |r: &Repo| r.orx(&["status", "--json"]).stdout;
    assert_eq!(redact_all(&state(&old)), redact_all(&state(&new)));
}

/// `next --json` and `show --json` offer the grouped spelling to agents.
#[test]
fn the_commands_offered_to_agents_are_the_grouped_ones() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    let show = repo.orx(&["show", &id, "--json"]);
    show.ok().stdout_has(&["\"story\",\n", "\"assess\","]);
    repo.orx(&["next"])
        .ok()
        .stdout_has(&[&format!("git orx story assess {id}")])
        .stdout_lacks(&[&format!("git orx assess {id}")]);
    let goals = goal_repo();
    goals.orx(NEW_GOAL).ok();
    goals
        .orx(&["next", "--role", "dev"])
        .ok()
        .stdout_has(&["git orx goal discuss G1"]);
}
