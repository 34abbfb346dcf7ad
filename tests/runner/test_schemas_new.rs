//! The published JSON Schemas of the commands that came after the first
//! ones — run, prompt, review, the state manager, loops, goals and tasks,
//! the ticker, forge events, adoption: a real `--json` output of each
//! validates against the schema `git orx schema` lists for it.

use serde_json::{Value, json};

use crate::common::Repo;
use crate::test_run::{GOOD, executor, review_repo};
use crate::test_schemas::valid;

/// Runs `git orx ARGS --json` (with `env`), expects `code`, and validates
/// its output against `name`; returns it.
#[track_caller]
fn checked_env(repo: &Repo, args: &[&str], env: &[(&str, &str)], code: i32, name: &str) -> Value {
    let mut all: Vec<&str> = args.to_vec();
    all.push("--json");
    let run = repo.orx_env(&all, env);
    run.code(code);
    let v: Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}):\n{}", run.render()));
    valid(name, &v);
    v
}

#[track_caller]
fn checked(repo: &Repo, args: &[&str], code: i32, name: &str) -> Value {
    checked_env(repo, args, &[], code, name)
}

#[test]
fn review_run_prompt_and_state_manager_outputs_validate_against_their_schemas() {
    let repo = Repo::new();
    repo.write("src/app.rs", "fn main() {}\n");
    repo.git(&["add", "src/app.rs"]).ok();
    repo.git(&["commit", "-q", "-m", "app"]).ok();
    repo.write("src/app.rs", "fn main() {\n    let x = 1;\n}\n");
    repo.git(&["commit", "-q", "-am", "change app"]).ok();
    checked(
        &repo,
        &[
            "review",
            "start",
            "HEAD~1..HEAD",
            "--dimensions",
            "security",
            "--as",
            "qa",
        ],
        0,
        "change",
    );
    checked(&repo, &["prompt", "1"], 0, "prompt");
    let exec = executor(&repo, "exec.sh", GOOD);
    // Stopped before the end: exit 1, and still a run's summary.
    let v = checked(
        &repo,
        &["run", "1", "--exec", &exec, "--max-iterations", "2"],
        1,
        "run",
    );
    assert_eq!(v["run"]["exit_name"], "max_iterations", "{v:#}");
    checked(
        &repo,
        &[
            "update",
            "1",
            "--set",
            "scan.complexity=\"high\"",
            "--as",
            "qa",
        ],
        0,
        "change",
    );
    checked(&repo, &["backup", "1", "--name", "mine"], 0, "backup");
    checked(&repo, &["backups", "1"], 0, "backups");
    checked(
        &repo,
        &[
            "error",
            "1",
            "--action",
            "action-deep-review",
            "-m",
            "timeout",
            "--as",
            "qa",
        ],
        0,
        "change",
    );
    checked(
        &repo,
        &["restore", "1", "--to", "mine", "--as", "qa"],
        0,
        "change",
    );
    checked(&repo, &["history", "1"], 0, "history");
    checked(&repo, &["run", "1", "--exec", &exec], 0, "run");
    checked(&repo, &["review", "report", "1"], 0, "review-report");
}

#[test]
fn loop_outputs_validate_against_their_schemas() {
    let repo = Repo::new();
    repo.write("tasks.jsonl", "{\"description\": \"Add login\"}\n");
    let made = checked(&repo, crate::common::NEW_LOGIN_LOOP, 0, "change");
    let id = made["item"].as_str().unwrap().to_owned();
    let id = id.as_str();
    checked(&repo, &["loop", "show", id], 0, "loop-show");
    repo.write("input.json", "{}");
    checked(
        &repo,
        &["loop", "act", id, "--input", "input.json", "--as", "skill"],
        0,
        "loop-act",
    );
    checked(&repo, &["loop", "pause", id, "--as", "api"], 0, "change");
    checked(&repo, &["loop", "resume", id, "--as", "api"], 0, "change");
    checked(&repo, &["loop", "validate", id], 0, "loop-validate");
    // A valid file has nothing to recover: refused, the request was right.
    let v = checked(
        &repo,
        &["loop", "recover", id, "--as", "api"],
        1,
        "envelope",
    );
    assert_eq!(v["error"]["code"], "refused.nothing_to_do");
    // A paused loop: the skill's act records only where it stopped (a
    // change carrying the signal).
    checked(&repo, &["loop", "pause", id, "--as", "api"], 0, "change");
    let paused = checked(&repo, &["loop", "act", id, "--as", "skill"], 0, "loop-act");
    assert_eq!(paused["control"], "pause_exit", "{paused:#}");
    checked(&repo, &["loop", "resume", id, "--as", "api"], 0, "change");
    // A corrupt file, recovered from its last good commit.
    let file = format!(".loop/{id}.json");
    repo.write(&file, "{\n  \"loop_id\": \"garbage");
    let recovered = checked(
        &repo,
        &["loop", "recover", id, "--as", "skill"],
        0,
        "change",
    );
    assert!(recovered["recovered"].is_array(), "{recovered:#}");
    assert!(recovered["from_commit"].is_string(), "{recovered:#}");
    checked(&repo, &["loop", "stop", id, "--as", "api"], 0, "change");
    // A stopped loop: the act only says the skill stops, nothing written.
    let before = everything(&repo);
    let stopped = checked(&repo, &["loop", "act", id, "--as", "skill"], 0, "loop-act");
    assert_eq!(stopped["control"], "stop_exit", "{stopped:#}");
    assert_eq!(everything(&repo), before);
}

#[test]
fn goal_task_tick_and_event_outputs_validate_against_their_schemas() {
    let repo = crate::test_goal::goal_repo();
    let config = repo.read(".orx/config.yaml");
    repo.write(
        ".orx/config.yaml",
        format!("{config}\nteam:\n  pangtong: lead\n"),
    );
    repo.commit_rules("the team");
    checked(&repo, crate::test_goal::NEW_GOAL, 0, "change");
    checked(
        &repo,
        &["discuss", "G1", "--position", "mine", "--as", "dev"],
        0,
        "change",
    );
    checked(
        &repo,
        &["claim", "G1", "Login form", "--as", "dev"],
        0,
        "change",
    );
    checked(
        &repo,
        &["goal", "prompt", "G1", "--role", "architect"],
        0,
        "prompt",
    );
    checked(
        &repo,
        &["discuss", "G1", "--no-reply", "--as", "architect"],
        0,
        "change",
    );
    checked(
        &repo,
        &["discuss", "G1", "--no-reply", "--as", "qa"],
        0,
        "change",
    );
    checked_env(
        &repo,
        &["tick", "--dry-run"],
        &[("GIT_COMMITTER_DATE", "2026-01-02T03:06:00Z")],
        0,
        "tick",
    );
    checked_env(
        &repo,
        &["tick"],
        &[("GIT_COMMITTER_DATE", "2026-01-02T03:06:00Z")],
        0,
        "tick",
    );
    checked(&repo, &["task", "start", "T1", "--as", "dev"], 0, "change");
    checked(&repo, &["task", "check", "T1", "--as", "dev"], 0, "change");
    checked(&repo, &["task", "submit", "T1", "--as", "dev"], 0, "change");
    checked(
        &repo,
        &[
            "task",
            "review",
            "T1",
            "--request-changes",
            "-m",
            "label it",
            "--as",
            "reviewer",
        ],
        0,
        "change",
    );
    checked(
        &repo,
        &["task", "fail", "T1", "-m", "gave up", "--as", "dev"],
        0,
        "change",
    );
    checked(&repo, &["goal", "review", "G1"], 0, "goal-review");
    let payload = json!({
        "action": "opened", "number": 7,
        "issue": {"id": 107, "number": 7, "title": "Export", "body": "CSV.", "state": "open",
                  "labels": [{"name": "type/feat"}], "user": {"id": 1, "login": "pangtong", "username": "pangtong"}},
        "repository": {"full_name": "team/app"},
        "sender": {"id": 1, "login": "pangtong", "username": "pangtong"},
    });
    let file = repo.path(".git/payload.json");
    std::fs::write(&file, payload.to_string()).unwrap();
    for dry in [true, false] {
        let mut args = vec!["orx", "event", "gitea", "--event", "issues", "--json"];
        if dry {
            args.push("--dry-run");
        }
        let out = repo
            .command("git")
            .args(&args)
            .stdin(std::fs::File::open(&file).unwrap())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        valid("tick", &v);
    }
    // Its only task failed: the ticker opens the round review, and the
    // lead decides.
    checked_env(
        &repo,
        &["tick"],
        &[("GIT_COMMITTER_DATE", "2026-01-02T03:20:00Z")],
        0,
        "tick",
    );
    checked(
        &repo,
        &[
            "goal", "decide", "G1", "achieved", "-m", "enough", "--as", "lead",
        ],
        0,
        "change",
    );
}

#[test]
fn adopt_outputs_validate_against_their_schema() {
    let repo = Repo::bare_git();
    repo.write(
        ".bmad-core/core-config.yaml",
        "devStoryLocation: docs/stories\n",
    );
    repo.write(
        "docs/stories/1.3.shelf-export.md",
        "# Story 1.3: Shelf export\n\n## Status\n\nApproved\n\n## Story\n\nAs a reader I export my shelf.\n",
    );
    repo.git(&["add", "-A"]).ok();
    repo.git(&["commit", "-q", "-m", "The project"]).ok();
    let plan = checked(&repo, &["adopt", "--dry-run"], 0, "adopt");
    assert_eq!(plan["plan"]["entries"][0]["state"], "Approved", "{plan:#}");
    let done = checked(&repo, &["adopt", "--yes"], 0, "adopt");
    assert!(done["commit"].is_string(), "{done:#}");
}

/// Every file, HEAD, the index and every ref: what a dry run must leave as
/// it is.
fn everything(repo: &Repo) -> String {
    repo.state() + &repo.git(&["for-each-ref"]).stdout
}

/// `run --dry-run` plans the next action and prints its prompt without
/// starting the executor; `backup --dry-run` names the backup it would
/// keep. Neither writes a file, a commit or a ref.
#[test]
fn run_and_backup_dry_runs_write_nothing() {
    let repo = review_repo("security");
    // An executor that would leave a mark if it ran.
    let exec = executor(&repo, "exec.sh", "touch ran\necho '{}'\n");
    let before = everything(&repo);
    let v = checked(&repo, &["run", "1", "--exec", &exec, "--dry-run"], 0, "run");
    assert_eq!(v["action"], "action-collect-context", "{v:#}");
    assert!(
        v["prompt"]
            .as_str()
            .unwrap()
            .contains("[ACTION]\naction-collect-context")
    );
    let v = checked(&repo, &["backup", "1", "--dry-run"], 0, "backup");
    assert_eq!((&v["name"], &v["backup"]), (&json!("auto-1"), &Value::Null));
    let v = checked(
        &repo,
        &["backup", "1", "--name", "mine", "--dry-run"],
        0,
        "backup",
    );
    assert_eq!(v["name"], "mine");
    repo.orx(&["run", "1", "--exec", &exec, "--dry-run"])
        .ok()
        .stdout_has(&[
            "the next action is `action-collect-context`",
            "nothing run, nothing written",
        ]);
    repo.orx(&["backup", "1", "--dry-run"])
        .ok()
        .stdout_has(&["would keep backup auto-1"]);
    assert_eq!(everything(&repo), before);
    assert!(!repo.path(".git/ran").exists() && !repo.path("ran").exists());
    // A name the real backup would refuse is refused by the dry run too.
    repo.orx(&["backup", "1", "--name", "auto-9", "--dry-run"])
        .code(2);
    // The real ones still work after.
    checked(&repo, &["backup", "1", "--name", "mine"], 0, "backup");
}

/// A story file that does not parse is put back as committed, with no
/// change judged: restore's other output.
#[test]
fn restoring_an_unreadable_file_validates_against_the_restore_schema() {
    let repo = Repo::new();
    repo.orx(&["new", "Login form", "--as", "sm"]).ok();
    let path = repo.story_path("1.1");
    let good = repo.read(&path);
    repo.write(&path, good.replace("status: Draft", "status: [Draft"));
    let v = checked(
        &repo,
        &["restore", "1.1", "--as", "sm", "--dry-run"],
        0,
        "restore",
    );
    assert_eq!(v["dry_run"], true, "{v:#}");
    let v = checked(&repo, &["restore", "1.1", "--as", "sm"], 0, "restore");
    assert!(v.get("from").is_none(), "{v:#}");
    assert_eq!(repo.read(&path), good);
}
