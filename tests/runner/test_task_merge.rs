//! `git orx task merge`: an approved task's branch merged into the main
//! line by the step `next` offers, the task closed by the same move the
//! ticker takes; refused, with nothing changed, when the task is not
//! approved or the branch does not merge cleanly.

use serde_json::Value;

use crate::common::Repo;
use crate::test_goal::goal_repo;

/// A goal straight to execution with task T1 (dev's) whose branch holds
/// a commit changing `readme.txt`; HEAD back on main. The branch's name.
fn task_on_a_branch(repo: &Repo) -> String {
    repo.write("readme.txt", "a typo\n");
    repo.git(&["add", "readme.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "readme"]).ok();
    started(repo);
    let shown = repo.orx(&["show", "T1", "--json"]);
    shown.ok();
    let task: Value = serde_json::from_str(&shown.stdout).unwrap();
    let branch = task["frontmatter"]["branch"].as_str().unwrap().to_owned();
    repo.git(&["checkout", "-q", "-b", &branch]).ok();
    repo.write("readme.txt", "no typo\n");
    repo.git(&["commit", "-q", "-am", "Fix the typo"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    branch
}

/// A goal straight to execution with task T1, dev's, started.
pub(crate) fn started(repo: &Repo) {
    for args in [
        &["goal", "new", "Fix a typo", "--direct", "--as", "lead"][..],
        &[
            "claim",
            "G1",
            "Fix the typo",
            "--type",
            "fix",
            "--as",
            "dev",
        ],
        &["task", "start", "T1", "--as", "dev"],
    ] {
        repo.orx(args).ok();
    }
}

fn head(repo: &Repo) -> String {
    repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned()
}

/// The envelope of a refused `task merge`, after checking that nothing
/// changed: HEAD, the work tree, no merge under way.
#[track_caller]
fn refused(repo: &Repo, role: &str) -> Value {
    let before = head(repo);
    let out = repo.orx(&["task", "merge", "T1", "--as", role, "--json"]);
    out.code(1);
    assert_eq!(head(repo), before);
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    assert!(!repo.path(".git/MERGE_HEAD").exists());
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    crate::test_schemas::valid("envelope", &v);
    v["error"].clone()
}

#[test]
fn task_merge_merges_an_approved_branch_and_closes_the_task() {
    let repo = goal_repo();
    let branch = task_on_a_branch(&repo);
    repo.orx(&["task", "submit", "T1", "--as", "dev"]).ok();
    repo.orx(&["task", "review", "T1", "--approve", "--as", "reviewer"])
        .ok();
    // The step `next` and `show` offer the approved task's assignee.
    let shown = repo.orx(&["show", "T1", "--json"]);
    shown.ok();
    let v: Value = serde_json::from_str(&shown.stdout).unwrap();
    let merge = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"] == "merge")
        .cloned()
        .unwrap_or_else(|| panic!("{:#}", v["steps"]));
    assert_eq!(merge["primary"], true, "{merge:#}");
    // Ready: the verdict on its move leaves the evidence (the merge
    // commit) to the command, which makes it; a plain move to done is
    // refused for the evidence it does not show.
    assert_eq!(merge["ready"], true, "{merge:#}");
    let moved = repo.orx(&["move", "T1", "done", "--as", "dev", "--dry-run", "--json"]);
    moved.code(1);
    let e: Value = serde_json::from_str(&moved.stdout).unwrap();
    assert_eq!(e["error"]["code"], "refused.evidence", "{e:#}");
    let out = repo.orx(&["task", "merge", "T1", "--as", "dev", "--json"]);
    out.ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    crate::test_schemas::valid("change", &v);
    assert_eq!(
        (v["from"].as_str(), v["to"].as_str()),
        (Some("approved"), Some("done"))
    );
    // The merge commit names the branch and carries the trailer; the
    // task records it.
    let message = repo.git(&["log", "-1", "--format=%B", "HEAD~1"]).stdout;
    assert!(
        message.contains(&format!("Merge branch '{branch}'")),
        "{message}"
    );
    assert!(message.contains("Closes: T1"), "{message}");
    let parents = repo.git(&["log", "-1", "--format=%P", "HEAD~1"]).stdout;
    assert_eq!(parents.split_whitespace().count(), 2, "{parents}");
    assert_eq!(repo.read("readme.txt"), "no typo\n");
    let shown = repo.orx(&["show", "T1", "--json"]);
    let v: Value = serde_json::from_str(&shown.stdout).unwrap();
    assert_eq!(v["status"], "done");
    assert_eq!(v["frontmatter"]["closed_by"]["by"], "merge");
    repo.orx(&["verify"]).ok();
    // The ticker finds nothing more to close; the round goes to review.
    repo.orx(&["tick"]).ok();
    let goal = repo.orx(&["show", "G1", "--json"]);
    let g: Value = serde_json::from_str(&goal.stdout).unwrap();
    assert_eq!(g["status"], "round-review");
}

#[test]
fn task_merge_refuses_a_task_not_approved_and_changes_nothing() {
    let repo = goal_repo();
    task_on_a_branch(&repo);
    repo.orx(&["task", "submit", "T1", "--as", "dev"]).ok();
    let e = refused(&repo, "dev");
    assert_eq!(e["code"], "refused.no_transition", "{e:#}");
    assert!(e["message"].as_str().unwrap().contains("approved"), "{e:#}");
}

#[test]
fn task_merge_refuses_a_branch_that_does_not_merge_cleanly_and_changes_nothing() {
    let repo = goal_repo();
    let branch = task_on_a_branch(&repo);
    repo.orx(&["task", "submit", "T1", "--as", "dev"]).ok();
    repo.orx(&["task", "review", "T1", "--approve", "--as", "reviewer"])
        .ok();
    // The main line changed the same line meanwhile.
    repo.write("readme.txt", "a typo, fixed otherwise\n");
    repo.git(&["commit", "-q", "-am", "Another fix"]).ok();
    let e = refused(&repo, "dev");
    assert_eq!(e["code"], "refused.merge", "{e:#}");
    let message = e["message"].as_str().unwrap();
    assert!(
        message.contains(&branch) && message.contains("readme.txt"),
        "{message}"
    );
    assert_eq!(e["item"], "T1", "{e:#}");
    // A role that may not close it is refused before anything is looked at.
    let e = refused(&repo, "qa");
    assert_eq!(e["code"], "refused.wrong_role", "{e:#}");
}

#[test]
fn task_merge_refuses_a_branch_that_does_not_exist_or_a_head_off_the_main_line() {
    let repo = goal_repo();
    let branch = task_on_a_branch(&repo);
    repo.orx(&["task", "submit", "T1", "--as", "dev"]).ok();
    repo.orx(&["task", "review", "T1", "--approve", "--as", "reviewer"])
        .ok();
    // HEAD on another branch: the main line is where it is merged.
    repo.git(&["checkout", "-q", "-b", "elsewhere"]).ok();
    let e = refused(&repo, "dev");
    assert_eq!(e["code"], "refused.merge", "{e:#}");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("HEAD is on elsewhere"),
        "{e:#}"
    );
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git(&["branch", "-q", "-D", &branch]).ok();
    let e = refused(&repo, "dev");
    assert_eq!(e["code"], "refused.merge", "{e:#}");
    assert!(
        e["message"].as_str().unwrap().contains("does not exist"),
        "{e:#}"
    );
    // Under lang: zh, the refusal is Chinese.
    let zh = repo.orx(&["task", "merge", "T1", "--as", "dev", "--lang", "zh"]);
    zh.code(1);
    assert!(zh.stderr.contains("不存在"), "{}", zh.render());
}

/// A task submitted with no branch of its own gets one at HEAD, which the
/// merge then finds in the main line: the close is a commit carrying
/// `Closes: ID`.
#[test]
fn task_merge_closes_with_a_trailer_commit_a_branch_the_main_line_holds() {
    let repo = goal_repo();
    started(&repo);
    for args in [
        &["task", "submit", "T1", "--as", "dev"][..],
        &["task", "review", "T1", "--approve", "--as", "reviewer"],
        &["task", "merge", "T1", "--as", "dev"],
    ] {
        repo.orx(args).ok();
    }
    let message = repo.git(&["log", "-1", "--format=%B", "HEAD~1"]).stdout;
    assert!(message.contains("Closes: T1"), "{message}");
    let shown = repo.orx(&["show", "T1", "--json"]);
    let v: Value = serde_json::from_str(&shown.stdout).unwrap();
    assert_eq!(v["status"], "done");
    assert_eq!(v["frontmatter"]["closed_by"]["by"], "trailer");
    repo.orx(&["verify"]).ok();
}

/// A merge that git stops at its commit (here a pre-merge-commit hook of
/// the team's that refuses it) is aborted: HEAD, the work tree and the
/// task are as they were, and no merge is left under way.
#[cfg(unix)]
#[test]
fn task_merge_stopped_at_its_commit_is_aborted_and_changes_nothing() {
    use std::os::unix::fs::PermissionsExt;
    let repo = goal_repo();
    task_on_a_branch(&repo);
    repo.orx(&["task", "submit", "T1", "--as", "dev"]).ok();
    repo.orx(&["task", "review", "T1", "--approve", "--as", "reviewer"])
        .ok();
    let hooks = repo.path("team-hooks");
    std::fs::create_dir_all(&hooks).unwrap();
    let hook = hooks.join("pre-merge-commit");
    std::fs::write(&hook, "#!/bin/sh\necho 'no merges today' >&2\nexit 1\n").unwrap();
    std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755)).unwrap();
    repo.git(&["config", "core.hooksPath", hooks.to_str().unwrap()])
        .ok();
    // Kept out of the work tree's status.
    repo.write(".git/info/exclude", "team-hooks/\n");
    let before = head(&repo);
    let out = repo.orx(&["task", "merge", "T1", "--as", "dev", "--json"]);
    assert_ne!(out.code, 0, "{}", out.render());
    assert_eq!(head(&repo), before);
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    assert!(!repo.path(".git/MERGE_HEAD").exists());
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    crate::test_schemas::valid("envelope", &v);
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("no merges today"),
        "{v:#}"
    );
    let shown = repo.orx(&["show", "T1", "--json"]);
    let task: Value = serde_json::from_str(&shown.stdout).unwrap();
    assert_eq!(task["status"], "approved", "{task:#}");
}
