//! A repository's workflow override.

use crate::common::Repo;

#[test]
fn an_override_changes_the_thresholds() {
    let repo = Repo::new();
    let flags = ["--score", "8.5"];
    let a = repo.story("Before", &flags);
    assert!(repo.read(&repo.story_path(&a)).contains("status: Approved"));
    repo.write(
        ".orx/workflows/story.yaml",
        "# stricter\nparams:\n  score_approve: 9.0\n",
    );
    // Not in force until committed (by the Human).
    repo.orx(&["new", "Pending", "--as", "sm"])
        .stderr_has(&["note: uncommitted changes to .orx/workflows/story.yaml are not in force"]);
    repo.commit_rules("Stricter approval");
    let b = repo.story("After", &flags);
    assert!(
        repo.read(&repo.story_path(&b))
            .contains("status: AwaitingArchReview")
    );
    repo.orx(&["check"]).ok();
}

const BROKEN: &str = "transitions:\n  - from: Draft\n    to: Approved\n    roles: [sm]\n    guard:\n      - expr: 'quality.score >>'\n        desc: broken\n";

#[test]
fn an_invalid_override_is_refused_before_anything_is_written() {
    let repo = Repo::new();
    repo.write(".orx/workflows/story.yaml", BROKEN);
    // check reports it where it is.
    repo.orx(&["check"]).code(1).stdout_has(&[
        ".orx/workflows/story.yaml:6:15: `quality.score >>` is not a valid expression",
    ]);
    // Committing it is refused, even for the Human.
    repo.git(&["add", ".orx"]).ok();
    let commit = repo.git_env(&["commit", "-q", "-m", "broken"], &[("ORX_ROLE", "human")]);
    commit.fails(1, &["`quality.score >>` is not a valid expression"]);
    // Forced in without hooks, it stops every command before anything is written.
    repo.git_env(
        &["commit", "-q", "--no-verify", "-m", "broken"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    let before = repo.state();
    let out = repo.orx(&["new", "Login", "--as", "sm"]);
    out.code(1);
    assert!(out.stderr.starts_with("error: invalid workflow .orx/workflows/story.yaml:6:15: `quality.score >>` is not a valid expression"), "{}", out.render());
    assert_eq!(repo.state(), before);
}

#[test]
fn only_the_human_changes_the_rules() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/story.yaml",
        "params:\n  score_approve: 5.0\n",
    );
    repo.git(&["add", ".orx"]).ok();
    repo.git_env(
        &["commit", "-q", "-m", "easier approvals"],
        &[("ORX_ROLE", "sm")],
    )
    .fails(
        1,
        &[".orx/workflows/story.yaml defines the rules; only the Human may change it (role: SM)"],
    );
    repo.git_env(
        &["commit", "-q", "-m", "easier approvals"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
}

/// `git args...` with `env`, which must finish within 20 seconds (it is
/// killed then); its exit code and output.
fn within_20s(repo: &Repo, args: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    use std::time::{Duration, Instant};
    let mut child = repo
        .command("git")
        .args(args)
        .envs(env.iter().copied())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("git {args:?} still ran after 20 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

/// A team's workflow whose guard nests `.all()` seven deep (ten million
/// rounds): `check` refuses it at its line with the bound it is beyond,
/// and `show`, `move`, `verify` and commits through the hooks (even with
/// `--no-verify`) refuse the workflow at once instead of running it.
#[test]
fn a_guard_of_deeply_nested_comprehensions_is_refused_not_run() {
    let repo = Repo::new();
    repo.orx(&[
        "kind",
        "new",
        "ticket",
        "--from",
        "story",
        "--dir",
        "docs/tickets",
    ])
    .ok();
    repo.commit_rules("Add the ticket kind");
    repo.orx(&["new", "ticket", "Export as CSV", "--as", "sm"])
        .ok();
    let ticket = "docs/tickets/1.1.export-as-csv.md";

    let mut guard = "a + b + c + d + e + f + g >= 0".to_owned();
    for v in ["g", "f", "e", "d", "c", "b", "a"] {
        guard = format!("[0,1,2,3,4,5,6,7,8,9].all({v}, {guard})");
    }
    let wf = ".orx/workflows/ticket.yaml";
    let text = repo.read(wf);
    let first = "    guard:\n      - expr: quality.structure < params.structure_required";
    assert!(text.contains(first), "{text}");
    let text = text.replacen(
        first,
        &format!(
            "    guard:\n      - expr: \"{guard}\"\n        desc: a costly guard\n      - expr: quality.structure < params.structure_required"
        ),
        1,
    );
    let line = text.lines().position(|l| l.contains(".all(a,")).unwrap() + 1;
    repo.write(wf, text);
    // committed where no hook could look at it
    repo.commit_all_unhooked("A costly guard", &[]);

    let at = format!("{wf}:{line}");
    let (code, out) = within_20s(&repo, &["orx", "check"], &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&at)
            && out.contains(
                "is refused: it nests comprehensions (all, exists, exists_one, map, filter) 7 deep"
            )
            && out.contains("at most 3 deep"),
        "{out}"
    );
    insta::assert_snapshot!("a_costly_guard_in_check", out);
    let (_, out) = within_20s(&repo, &["orx", "--json", "check"], &[]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let problem = json["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["path"] == wf)
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(problem["line"], line, "{out}");

    let refused = format!("invalid workflow {at}");
    for args in [
        &["orx", "show", "1.1"][..],
        &["orx", "move", "1.1", "Blocked", "--as", "sm"],
        &["orx", "verify"],
    ] {
        let (code, out) = within_20s(&repo, args, &[]);
        assert_ne!(code, 0, "{args:?}: {out}");
        assert!(out.contains(&refused), "{args:?}: {out}");
    }

    repo.write(ticket, repo.read(ticket).replace("Export as CSV", "Export"));
    repo.git(&["add", ticket]).ok();
    let (code, out) = within_20s(
        &repo,
        &["commit", "-q", "-m", "edit"],
        &[("ORX_ROLE", "sm")],
    );
    assert_ne!(code, 0, "{out}");
    assert!(out.contains(&refused), "{out}");
    within_20s(
        &repo,
        &["commit", "-q", "--no-verify", "-m", "edit"],
        &[("ORX_ROLE", "sm")],
    );
}
