//! `git orx run` driving a code review with scripted executors (shell
//! scripts that print canned JSON): through every action to `completed`
//! with its report; failing executors counted to `failed` and the item
//! restored; forbidden updates refused and counted; the iteration limit;
//! Ctrl-C recording `user_exit`; and `git orx prompt`.

use crate::common::{Repo, bin};

/// A repository with two commits of code and review 1 of the second,
/// over `dimensions`.
pub(crate) fn review_repo(dimensions: &str) -> Repo {
    let repo = Repo::new();
    repo.write("src/app.rs", "fn main() {}\n");
    repo.git(&["add", "src/app.rs"]).ok();
    repo.git(&["commit", "-q", "-m", "app"]).ok();
    repo.write("src/app.rs", "fn main() {\n    let x = 1;\n}\n");
    repo.git(&["commit", "-q", "-am", "change app"]).ok();
    repo.orx(&[
        "review",
        "start",
        "HEAD~1..HEAD",
        "--dimensions",
        dimensions,
        "--as",
        "qa",
    ])
    .ok();
    repo
}

/// The review's file.
pub(crate) fn review_file(repo: &Repo) -> String {
    let dir = repo.path("docs/reviews");
    let name = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .find(|n| n.starts_with("1."))
        .unwrap();
    format!("docs/reviews/{name}")
}

/// Writes an executor script into the git directory (outside the work
/// tree) and returns its path.
pub(crate) fn executor(repo: &Repo, name: &str, body: &str) -> String {
    let path = repo.path(&format!(".git/{name}"));
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path.to_string_lossy().into_owned()
}

/// An executor that does every action as asked, keeping each prompt.
pub(crate) const GOOD: &str = r#"cat > "$(dirname "$0")/prompt-$ORX_ACTION-${ORX_DIMENSION:-none}.txt"
case "$ORX_ACTION" in
  action-collect-context) echo '{"stateUpdates": {"context": {"files": ["src/app.rs"], "lines_changed": 2}}}' ;;
  action-quick-scan) echo '{"stateUpdates": {"scan": {"complexity": "low", "risk_areas": ["src/app.rs: main"]}}}' ;;
  action-deep-review)
    if [ "$ORX_DIMENSION" = security ]; then
      echo '{"stateUpdates": {"findings": {"security": [{"severity": "Critical", "location": "src/app.rs:2", "description": "unused secret", "suggestion": "remove it"}, {"severity": "low", "location": "src/app.rs:1", "description": "no docs", "suggestion": "add some"}]}}}'
    else
      echo "{\"stateUpdates\": {\"findings.$ORX_DIMENSION\": []}}"
    fi ;;
  action-generate-report) echo '{"stateUpdates": {"summary": "Not ready: fix the Critical finding first."}}' ;;
  *) exit 3 ;;
esac
"#;

/// The code review orchestrator's Execution Loop and Action Catalog: the
/// run takes the actions `selectNextAction` chooses under the catalog's
/// IDs (`action-collect-context`, `action-quick-scan`,
/// `action-deep-review` per dimension, `action-generate-report`,
/// `action-complete`) and logs them as the loop prints them
/// (`=== Code Review Orchestrator Started ===`, `[Iteration N] Status:`,
/// `[Iteration N] Executing:`).
#[test]
fn a_scripted_executor_takes_a_review_through_every_action_to_completed_with_its_report() {
    let repo = review_repo("security,testing");
    let exec = executor(&repo, "exec.sh", GOOD);
    let out = repo.orx(&["run", "1", "--exec", &exec]);
    out.ok();
    assert!(
        out.stdout
            .contains("codereview 1: completed after 6 actions (nothing left to do); 0 errors"),
        "{}",
        out.render()
    );
    // The review orchestrator's log (Execution Loop), action by action.
    let log: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| !l.starts_with("    "))
        .collect();
    assert_eq!(
        log,
        [
            "=== Code Review Orchestrator Started ===",
            "[Iteration 1] Status: pending",
            "[Iteration 1] Executing: action-collect-context",
            "[Iteration 2] Status: running",
            "[Iteration 2] Executing: action-quick-scan",
            "[Iteration 3] Status: running",
            "[Iteration 3] Executing: action-deep-review",
            "[Iteration 4] Status: running",
            "[Iteration 4] Executing: action-deep-review",
            "[Iteration 5] Status: running",
            "[Iteration 5] Executing: action-generate-report",
            "[Iteration 6] Status: running",
            "[Iteration 6] Executing: action-complete",
            "[Iteration 7] Status: completed",
            "Review completed, terminating.",
            "=== Code Review Orchestrator Finished ===",
        ],
        "{}",
        out.render()
    );
    assert!(
        out.stderr.contains("    on: security\n"),
        "{}",
        out.render()
    );
    let text = repo.read(&review_file(&repo));
    assert!(text.contains("status: completed"), "{text}");
    assert!(
        text.contains("completed_actions: [action-collect-context, action-quick-scan, action-deep-review, action-deep-review, action-generate-report, action-complete]"),
        "{text}"
    );
    assert!(text.contains("reviewed: [security, testing]"), "{text}");
    assert!(text.contains("report_generated: true"), "{text}");
    assert!(text.contains("current_action: null"), "{text}");
    // The body is the report: the table, then the findings by dimension.
    assert!(
        text.contains("| security | 1 | 0 | 0 | 1 | 0 | 2 |"),
        "{text}"
    );
    assert!(
        text.contains("| testing | 0 | 0 | 0 | 0 | 0 | 0 |"),
        "{text}"
    );
    assert!(
        text.contains("- **Critical** `src/app.rs:2`: unused secret\n  - Suggestion: remove it"),
        "{text}"
    );
    assert!(text.contains("## testing\n\nNo findings."), "{text}");
    // `review report` prints the same report; --json gives it as data.
    let report = repo.orx(&["review", "report", "1"]);
    report.ok();
    assert!(
        report
            .stdout
            .contains("Not ready: fix the Critical finding first.")
    );
    let json = repo.orx(&["review", "report", "1", "--json"]);
    json.ok();
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["report"]["total"], 2, "{}", json.stdout);
    assert_eq!(
        v["report"]["dimensions"][0]["findings"][0]["severity"],
        "Critical"
    );
    // Each prompt has the sections, the dimension under review, the contract.
    let prompt =
        std::fs::read_to_string(repo.path(".git/prompt-action-deep-review-security.txt")).unwrap();
    for section in [
        "[WORK_DIR]",
        "[STATE]",
        "[CURRENT_DIMENSION]\nsecurity",
        "[ACTION]\naction-deep-review",
        "[SPECS]",
        "[RETURN]",
        "You may set: `findings.security`",
    ] {
        assert!(prompt.contains(section), "{section}\n{prompt}");
    }
    // Every commit the run made is judged again, and holds.
    repo.orx(&["verify"]).ok();
    // A finished review has nothing left to do.
    let again = repo.orx(&["run", "1", "--exec", &exec]);
    again.ok();
    assert!(
        again.stdout.contains("after 0 actions"),
        "{}",
        again.render()
    );
}

#[test]
/// At the third error the review fails, and the run restores the last
/// stable state and stops, as the review orchestrator's Error Recovery
/// says (recordError, then restoreState): the failure is committed, the
/// review is back where it was with its errors cleared, and its work kept.
fn an_executor_that_fails_fails_the_review_at_the_third_error_and_its_damage_is_restored() {
    let repo = review_repo("security");
    let file = review_file(&repo);
    let good = executor(&repo, "good.sh", GOOD);
    repo.orx(&["run", "1", "--exec", &good, "--max-iterations", "2"])
        .code(1);
    let before = repo.read(&file);
    // It damages the review's file by hand, then fails.
    let bad = executor(
        &repo,
        "bad.sh",
        &format!(
            "cat > /dev/null\nprintf 'kind: [broken\\n' > '{}'\nexit 7\n",
            repo.path(&file).display()
        ),
    );
    let out = repo.orx(&["run", "1", "--exec", &bad]);
    out.code(1);
    assert!(
        out.stdout.contains(
            "codereview 1: running after 3 actions (stopped at the error limit); 3 errors"
        ),
        "{}",
        out.render()
    );
    for line in [
        "[Orchestrator] Action failed: the executor exited with status 7\n    error 1 of 3\n",
        "    error 3 of 3\n[Orchestrator] Too many errors, attempting state recovery...\n[Orchestrator] Restored from backup ",
        "[Orchestrator] Restored from the committed version\n",
    ] {
        assert!(out.stderr.contains(line), "{line}\n{}", out.render());
    }
    let after = repo.read(&file);
    assert!(after.contains("status: running"), "{after}");
    assert!(after.contains("error_count: 0"), "{after}");
    // The failure is in the history: the commit before the restore.
    let failed = repo.git(&["show", &format!("HEAD~1:{file}")]).stdout;
    assert!(failed.contains("status: failed"), "{failed}");
    assert!(failed.contains("error_count: 3"), "{failed}");
    assert!(
        failed.contains("last_error: \"action-deep-review: the executor exited with status 7\""),
        "{failed}"
    );
    // What the good actions recorded is all there, nothing of the damage.
    for kept in [
        "scan_completed: true",
        "lines_changed: 2",
        "completed_actions: [action-collect-context, action-quick-scan]",
    ] {
        assert!(
            before.contains(kept) && after.contains(kept),
            "{kept}\n{after}"
        );
    }
    assert!(!after.contains("broken"), "{after}");
    repo.orx(&["verify"]).ok();
    // Restored, the review goes on from where it was.
    let again = repo.orx(&["run", "1", "--exec", &good]);
    again.ok();
    assert!(
        again
            .stdout
            .contains("codereview 1: completed after 3 actions (nothing left to do); 0 errors"),
        "{}",
        again.render()
    );
}

#[test]
fn an_update_the_workflow_forbids_is_refused_and_counted() {
    let repo = review_repo("security");
    let file = review_file(&repo);
    // A field the action may not set, then one the workflow protects.
    let sneaky = executor(
        &repo,
        "sneaky.sh",
        r#"cat > /dev/null
case "$ORX_ACTION" in
  action-collect-context) echo '{"stateUpdates": {"context": {"files": []}, "report_generated": true}}' ;;
esac
"#,
    );
    let out = repo.orx(&["run", "1", "--exec", &sneaky, "--max-iterations", "1"]);
    out.code(1);
    assert!(
        out.stderr.contains(
            "the executor may not set `report_generated` in action-collect-context (it may set: context)"
        ),
        "{}",
        out.render()
    );
    let text = repo.read(&file);
    assert!(text.contains("error_count: 1"), "{text}");
    assert!(!text.contains("report_generated: true"), "{text}");
    assert!(!text.contains("context:\n"), "{text}");
    // A workflow that lets the executor set the counter still refuses a
    // change of it: only the error transitions count errors.
    repo.write(
        ".orx/workflows/codereview.yaml",
        "run:\n  current_action: current_action\n  errors: {field: error_count, limit: 3, state: failed, message: last_error}\n  success: [completed]\n  next:\n    - when: status == 'failed'\n      action: none\n    - when: \"true\"\n      action: action-collect-context\n  actions:\n    action-collect-context:\n      updates: [context, error_count]\n      before: {status: \"'running'\"}\n",
    );
    repo.commit_rules("let executors set the counter");
    let faker = executor(
        &repo,
        "faker.sh",
        "cat > /dev/null\necho '{\"stateUpdates\": {\"error_count\": 0, \"context\": {\"files\": []}}}'\n",
    );
    let out = repo.orx(&["run", "1", "--exec", &faker, "--max-iterations", "1"]);
    out.code(1);
    assert!(out.stderr.contains("error_count"), "{}", out.render());
    let text = repo.read(&file);
    assert!(text.contains("error_count: 2"), "{text}");
    repo.orx(&["verify"]).ok();
}

#[test]
fn max_iterations_stops_the_run_and_a_second_run_goes_on() {
    let repo = review_repo("security,testing");
    let exec = executor(&repo, "exec.sh", GOOD);
    let out = repo.orx(&["run", "1", "--exec", &exec, "--max-iterations", "3"]);
    out.code(1);
    assert!(
        out.stdout.contains("codereview 1: running after 3 actions (stopped after 3 actions (--max-iterations); run it again to go on)"),
        "{}",
        out.render()
    );
    let text = repo.read(&review_file(&repo));
    assert!(text.contains("reviewed: [security]"), "{text}");
    let out = repo.orx(&["run", "1", "--exec", &exec, "--json"]);
    out.ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["run"]["iterations"], 3, "{}", out.stdout);
    assert_eq!(v["run"]["state"], "completed");
    assert_eq!(v["run"]["success"], true);
}

#[test]
fn prompt_prints_the_next_actions_prompt() {
    let repo = review_repo("security");
    let out = repo.orx(&["prompt", "1"]);
    out.ok();
    assert!(
        out.stdout.contains("[ACTION]\naction-collect-context"),
        "{}",
        out.render()
    );
    assert!(out.stdout.contains("HEAD~1..HEAD"), "{}", out.render());
    // A repository's own template replaces the built-in one.
    repo.write(
        ".orx/prompts/codereview/collect-context.md",
        "Review {{item.target}} as {{role}}: {{action}}\n{{return}}\n",
    );
    let out = repo.orx(&["prompt", "1", "--json"]);
    out.ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["action"], "action-collect-context");
    let prompt = v["prompt"].as_str().unwrap();
    assert!(
        prompt.starts_with("Review HEAD~1..HEAD as qa: action-collect-context\n"),
        "{prompt}"
    );
    assert!(prompt.contains("You may set: `context`"), "{prompt}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_run_and_records_user_exit() {
    let repo = review_repo("security");
    let marker = repo.path(".git/started");
    let slow = executor(
        &repo,
        "slow.sh",
        &format!(
            "cat > /dev/null\ntouch '{}'\nexec sleep 60\n",
            marker.display()
        ),
    );
    let child = repo
        .command(bin())
        .args(["run", "1", "--exec", &slow])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait (at most a minute) for the executor to start.
    for _ in 0..3000 {
        if marker.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(marker.exists(), "the executor never started");
    // SAFETY: sends SIGINT to the child we started.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("codereview 1: user_exit after 1 action (interrupted by the user)"),
        "{stdout}"
    );
    let text = repo.read(&review_file(&repo));
    assert!(text.contains("status: user_exit"), "{text}");
    assert!(text.contains("current_action: null"), "{text}");
    repo.orx(&["verify"]).ok();
}

#[test]
fn what_a_run_shows_and_what_review_start_takes() {
    let repo = review_repo("testing");
    let exec = executor(&repo, "exec.sh", GOOD);
    let out = repo.orx(&["run", "1", "--exec", &exec]);
    insta::assert_snapshot!("run_a_review", crate::common::redact(&out.render()));
    let h = repo.orx(&["history", "1"]);
    h.ok();
    insta::assert_snapshot!("history_of_a_review", crate::common::redact(&h.stdout));
    // Paths in the work tree are a target too; anything else is not.
    let out = repo.orx(&["review", "start", "src/app.rs", "--as", "qa"]);
    out.ok();
    assert!(
        out.stdout.starts_with("codereview 2: (new) -> pending"),
        "{}",
        out.render()
    );
    repo.refused(
        &["review", "start", "no-such-branch", "--as", "qa"],
        2,
        &["`no-such-branch` is neither a commit range, a branch nor paths in the work tree"],
    );
    repo.refused(
        &[
            "review",
            "start",
            "HEAD",
            "--dimensions",
            "speed",
            "--as",
            "qa",
        ],
        2,
        &["unknown dimension `speed`"],
    );
}

/// A kind of the repository's own, in JSON, driven by `run:` alone: a
/// control signal, nested bookkeeping fields, counters and lists.
const CHORE: &str = r#"workflow: chore
description: A chore an executor works through
initial: todo
items:
  dir: chores
  file: "{id}.json"
  format: json
  new_id: sequence
fields:
  paused: boolean
  current_iteration: count
  skill_state: mapping
  notes: strings
  errors: count
defaults:
  paused: false
  current_iteration: 0
  skill_state: {current_action: null, last_action: null, completed_actions: []}
  notes: []
  errors: 0
states:
  todo: {owner: dev, description: waiting}
  doing: {owner: dev, description: under way}
  done: {terminal: true, description: done}
transitions:
  - {from: todo, to: doing, roles: [dev]}
  - from: doing
    to: done
    roles: [dev]
    guard:
      - {expr: "size(notes) >= 2", desc: "two notes are written"}
run:
  max_iterations: 5
  current_action: skill_state.current_action
  errors: {field: errors, limit: 2}
  success: [done]
  signals:
    - when: paused
      exit: pause_exit
      set: {skill_state.current_action: "'paused'"}
  next:
    - when: status == 'done'
      action: none
    - when: size(notes) < 2
      action: work
    - when: "true"
      action: finish
  actions:
    work:
      updates: [notes]
      before: {status: "'doing'"}
      after:
        current_iteration: current_iteration + 1
        skill_state.last_action: action
        skill_state.completed_actions: skill_state.completed_actions + [action]
    finish:
      exec: false
      after: {status: "'done'", skill_state.last_action: action}
"#;

#[test]
fn a_kind_of_its_own_in_json_is_driven_by_its_run_section_alone() {
    let repo = Repo::new();
    repo.write(".orx/workflows/chore.yaml", CHORE);
    repo.commit_rules("the chore kind");
    repo.orx(&["new", "chore", "Sweep", "--as", "dev"]).ok();
    // Paused: the signal stops the run before any action, recording it.
    repo.orx(&["update", "1", "--set", "paused=true", "--as", "dev"])
        .ok();
    let exec = executor(
        &repo,
        "notes.sh",
        "grep -q '\"title\": \"Sweep\"' && echo \"{\\\"stateUpdates\\\": {\\\"notes\\\": [\\\"$ORX_ACTION by $ORX_ROLE\\\"]}}\"\n",
    );
    let out = repo.orx(&["run", "1", "--exec", &exec]);
    out.code(1);
    assert!(
        out.stdout
            .contains("chore 1: todo after 0 actions (stopped: pause_exit)"),
        "{}",
        out.render()
    );
    let v: serde_json::Value = serde_json::from_str(&repo.read("chores/1.json")).unwrap();
    assert_eq!(v["skill_state"]["current_action"], "paused", "{v}");
    let out = repo.orx(&["run", "1", "--exec", &exec, "--json"]);
    out.code(1);
    let r: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(r["run"]["exit_name"], "pause_exit", "{r}");
    // Resumed: two actions write a note each, the third finishes it.
    repo.orx(&[
        "update",
        "1",
        "--set",
        "paused=false",
        "--set",
        "skill_state.current_action=null",
        "--as",
        "dev",
    ])
    .ok();
    let exec = executor(
        &repo,
        "notes2.sh",
        "n=$(grep -c 'by dev' || true)\nif [ \"$n\" -ge 1 ]; then echo '{\"stateUpdates\": {\"notes\": [\"work by dev\", \"work by dev again\"]}}'; else echo \"{\\\"stateUpdates\\\": {\\\"notes\\\": [\\\"$ORX_ACTION by $ORX_ROLE\\\"]}}\"; fi\n",
    );
    let out = repo.orx(&["run", "1", "--exec", &exec, "--json"]);
    out.ok();
    let r: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        r["run"]["done"],
        serde_json::json!(["work", "work", "finish"]),
        "{r}"
    );
    let v: serde_json::Value = serde_json::from_str(&repo.read("chores/1.json")).unwrap();
    assert_eq!(v["status"], "done", "{v}");
    assert_eq!(v["current_iteration"], 2, "{v}");
    assert_eq!(
        v["skill_state"]["completed_actions"],
        serde_json::json!(["work", "work"]),
        "{v}"
    );
    assert_eq!(v["skill_state"]["last_action"], "finish", "{v}");
    assert_eq!(
        v["skill_state"]["current_action"],
        serde_json::Value::Null,
        "{v}"
    );
    repo.orx(&["verify"]).ok();
}

#[test]
fn what_an_executor_commits_itself_is_kept_and_what_it_leaves_by_hand_is_not() {
    let repo = review_repo("security");
    let file = review_file(&repo);
    let exec = executor(
        &repo,
        "self.sh",
        &format!(
            "cat > /dev/null\ngit orx update \"$ORX_ITEM\" --set context.notes=committed > /dev/null || exit 9\nprintf 'stray: edit\\n' >> '{}'\necho '{{\"stateUpdates\": {{\"context.files\": [\"src/app.rs\"]}}}}'\n",
            repo.path(&file).display()
        ),
    );
    let out = repo.orx(&["run", "1", "--exec", &exec, "--max-iterations", "1"]);
    out.code(1);
    let text = repo.read(&file);
    assert!(
        text.contains("notes: committed"),
        "{}\n{text}",
        out.render()
    );
    assert!(text.contains("files: [src/app.rs]"), "{text}");
    assert!(!text.contains("stray"), "{text}");
    assert!(
        text.contains("error_count") == text.contains("error_count: 0"),
        "{text}"
    );
    repo.orx(&["verify"]).ok();
}

/// `--quiet` keeps the short log: a line per action and what it recorded,
/// without the run log's `===` and `[Iteration N]` lines.
#[test]
fn a_quiet_run_logs_a_line_per_action() {
    let repo = review_repo("security");
    let exec = executor(&repo, "exec.sh", GOOD);
    let out = repo.orx(&[
        "run",
        "1",
        "--exec",
        &exec,
        "--quiet",
        "--max-iterations",
        "2",
    ]);
    out.code(1);
    insta::assert_snapshot!(crate::common::redact(&out.stderr), @"
    [1] action-collect-context
        recorded context.files, context.lines_changed [<commit>]
    [2] action-quick-scan
        recorded scan.complexity, scan.risk_areas [<commit>]
    ");
}
