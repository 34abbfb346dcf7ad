//! Development loops (`.loop/{id}.json`): the dashboard's commands, the
//! skill's actions and the state change each makes, control signals, the
//! iteration cap, field ownership in the hooks and `verify`, validation of
//! hand-written files, recovery from the progress files.

use serde_json::{Value, json};

use crate::common::Repo;

const TASKS: &str = "{\"description\": \"Create auth component\"}\n{\"description\": \"Add login\"}\n{\"description\": \"Add logout\"}\n";

/// The loop's file as JSON.
fn state(repo: &Repo, id: &str) -> Value {
    serde_json::from_str(&repo.read(&format!(".loop/{id}.json"))).unwrap()
}

fn json_out(out: &crate::common::Run) -> Value {
    serde_json::from_str(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", out.render()))
}

/// Makes a loop as the dashboard does, with the three tasks.
fn new_loop(repo: &Repo, extra: &[&str]) -> String {
    repo.write("tasks.jsonl", TASKS);
    let mut args = vec![
        "--json",
        "loop",
        "new",
        "Implement user authentication",
        "--description",
        "Add login/logout functionality",
        "--tasks",
        "tasks.jsonl",
        "--as",
        "api",
    ];
    args.extend(extra);
    let out = repo.orx(&args);
    out.ok();
    json_out(&out)["item"].as_str().unwrap().to_owned()
}

/// The dotted paths of every leaf whose value differs between `a` and `b`
/// (a list is one leaf).
fn changed(a: &Value, b: &Value) -> Vec<String> {
    fn walk(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
                keys.sort();
                keys.dedup();
                for k in keys {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    walk(
                        x.get(k).unwrap_or(&Value::Null),
                        y.get(k).unwrap_or(&Value::Null),
                        &p,
                        out,
                    );
                }
            }
            _ if a != b => out.push(path.to_owned()),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(a, b, "", &mut out);
    out
}

/// Runs the skill's next action with `input` at `date`; returns the
/// command's JSON.
fn act(repo: &Repo, id: &str, input: Value, date: &str) -> Value {
    repo.write("input.json", input.to_string());
    let out = repo.orx_env(
        &[
            "--json",
            "loop",
            "act",
            id,
            "--input",
            "input.json",
            "--as",
            "skill",
        ],
        &[("GIT_COMMITTER_DATE", date)],
    );
    out.ok();
    json_out(&out)
}

fn result(name: &str, status: &str) -> Value {
    json!({
        "test_name": name,
        "suite": "auth",
        "status": status,
        "duration_ms": 12,
        "error_message": if status == "failed" { json!("expected 200, got 401") } else { Value::Null },
        "stack_trace": null
    })
}

fn hypothesis(id: &str, status: &str, likelihood: u64) -> Value {
    json!({
        "id": id,
        "description": format!("cause {id}"),
        "testable_condition": "the token is refreshed",
        "logging_point": "auth.ts:42",
        "evidence_criteria": {"confirm": "401 after refresh", "reject": "200 after refresh"},
        "likelihood": likelihood,
        "status": status,
        "evidence": if status == "confirmed" { json!({"status": 401}) } else { Value::Null },
        "verdict_reason": if status == "pending" { Value::Null } else { json!("seen in the log") }
    })
}

/// Checks that `after` is `before` with exactly the state change of
/// `next`, made at `date` (`validations`: the how-manyth validation).
#[track_caller]
fn check_step(next: &str, before: &Value, after: &Value, date: &str, validations: usize) {
    let ss = &after["skill_state"];
    let mut diff = changed(before, after);
    diff.sort();
    let iteration = before["current_iteration"].as_u64().unwrap();
    assert_eq!(after["updated_at"], json!(date), "{next}");
    match next {
        "init" => {
            // As the skill's init leaves it: running, every part of
            // skill_state at its start.
            assert_eq!(after["status"], json!("running"));
            assert_eq!(after["current_iteration"], json!(0));
            assert_eq!(ss["current_action"], json!("init"));
            assert_eq!(ss["last_action"], Value::Null);
            assert_eq!(ss["completed_actions"], json!([]));
            assert_eq!(ss["mode"], json!("auto"));
            assert_eq!(ss["develop"]["total"], json!(3));
            assert_eq!(ss["develop"]["completed"], json!(0));
            assert_eq!(ss["develop"]["current_task"], Value::Null);
            assert_eq!(ss["develop"]["last_progress_at"], Value::Null);
            let ids: Vec<&Value> = ss["develop"]["tasks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| &t["id"])
                .collect();
            assert_eq!(
                ids,
                [&json!("task-001"), &json!("task-002"), &json!("task-003")]
            );
            assert!(
                ss["develop"]["tasks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|t| t["status"] == json!("pending"))
            );
            assert_eq!(
                ss["debug"],
                json!({"active_bug": null, "hypotheses_count": 0, "hypotheses": [], "confirmed_hypothesis": null, "iteration": 0, "last_analysis_at": null})
            );
            assert_eq!(
                ss["validate"],
                json!({"pass_rate": 0, "coverage": 0, "test_results": [], "passed": false, "failed_tests": [], "last_run_at": null})
            );
            assert_eq!(ss["errors"], json!([]));
            assert_eq!(diff, ["skill_state", "status", "updated_at"]);
        }
        "develop" => {
            let n = ss["develop"]["completed"].as_u64().unwrap();
            let task = format!("task-{n:03}");
            assert_eq!(after["current_iteration"], json!(iteration + 1));
            assert_eq!(ss["current_action"], json!("develop"));
            assert_eq!(ss["last_action"], json!("action-develop-with-file"));
            let mut done = before["skill_state"]["completed_actions"]
                .as_array()
                .unwrap()
                .clone();
            done.push(json!("action-develop-with-file"));
            assert_eq!(ss["completed_actions"], Value::Array(done));
            assert_eq!(ss["develop"]["current_task"], json!(task));
            assert_eq!(
                n,
                before["skill_state"]["develop"]["completed"]
                    .as_u64()
                    .unwrap()
                    + 1
            );
            assert_eq!(ss["develop"]["last_progress_at"], json!(date));
            assert_eq!(
                diff,
                [
                    "current_iteration",
                    "skill_state.completed_actions",
                    "skill_state.current_action",
                    "skill_state.develop.completed",
                    "skill_state.develop.current_task",
                    "skill_state.develop.last_progress_at",
                    "skill_state.develop.tasks",
                    "skill_state.last_action",
                    "updated_at"
                ]
                .into_iter()
                .filter(|p| n == 1
                    || (*p != "skill_state.current_action" && *p != "skill_state.last_action"))
                .collect::<Vec<_>>()
            );
        }
        "validate" => {
            assert_eq!(after["current_iteration"], json!(iteration + 1));
            assert_eq!(ss["current_action"], json!("validate"));
            assert_eq!(ss["last_action"], json!("action-validate-with-file"));
            assert_eq!(ss["validate"]["last_run_at"], json!(date));
            assert_eq!(ss["validate"]["test_results"].as_array().unwrap().len(), 2);
            if validations == 1 {
                // A whole rate is written as a whole number, as the loop's tools write it.
                assert_eq!(ss["validate"]["pass_rate"], json!(50));
                assert_eq!(ss["validate"]["coverage"], json!(80.5));
                assert_eq!(ss["validate"]["passed"], json!(false));
                assert_eq!(ss["validate"]["failed_tests"], json!(["logout works"]));
            } else {
                assert_eq!(ss["validate"]["pass_rate"], json!(100));
                assert_eq!(ss["validate"]["passed"], json!(true));
                assert_eq!(ss["validate"]["failed_tests"], json!([]));
            }
            assert!(
                diff.iter().all(|p| p == "current_iteration"
                    || p == "updated_at"
                    || p.starts_with("skill_state.validate.")
                    || p == "skill_state.current_action"
                    || p == "skill_state.last_action"),
                "{diff:?}"
            );
        }
        "debug" => {
            assert_eq!(after["current_iteration"], json!(iteration + 1));
            assert_eq!(ss["current_action"], json!("debug"));
            assert_eq!(ss["last_action"], json!("action-debug-with-file"));
            assert_eq!(ss["debug"]["active_bug"], json!("logout keeps the session"));
            assert_eq!(ss["debug"]["hypotheses_count"], json!(3));
            assert_eq!(ss["debug"]["confirmed_hypothesis"], json!("H2"));
            assert_eq!(ss["debug"]["iteration"], json!(1));
            assert_eq!(ss["debug"]["last_analysis_at"], json!(date));
            assert!(
                diff.iter().all(|p| p == "current_iteration"
                    || p == "updated_at"
                    || p.starts_with("skill_state.debug.")
                    || p == "skill_state.current_action"
                    || p == "skill_state.last_action"),
                "{diff:?}"
            );
        }
        "complete" => {
            assert_eq!(after["status"], json!("completed"));
            assert_eq!(after["completed_at"], json!(date));
            assert_eq!(after["current_iteration"], json!(iteration));
            assert_eq!(ss["current_action"], json!("complete"));
            assert_eq!(ss["last_action"], json!("action-complete"));
            assert_eq!(
                diff,
                [
                    "completed_at",
                    "skill_state.current_action",
                    "skill_state.last_action",
                    "status",
                    "updated_at"
                ]
            );
        }
        other => panic!("unexpected action {other}"),
    }
}

/// The loop state schema's 状态转换规则 (each action's state change:
/// init, develop, debug, validate, complete) and 状态派生字段 (the derived
/// fields under their own names in `loop show --json`: `developProgress`,
/// `hasPendingDevelop`, `debugCompleted`, `validationPassed`,
/// `overallProgress`).
#[test]
fn a_scripted_skill_drives_a_loop_from_created_to_completed_each_action_making_its_state_change() {
    let repo = Repo::new();
    let id = new_loop(&repo, &[]);
    assert!(id.starts_with("loop-v2-"), "{id}");
    let created = state(&repo, &id);
    // Created by the dashboard: exactly the fields of a new loop.
    let keys: Vec<&String> = created.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "loop_id",
            "title",
            "description",
            "max_iterations",
            "status",
            "current_iteration",
            "created_at",
            "updated_at"
        ]
    );
    assert_eq!(created["loop_id"], json!(id));
    assert_eq!(created["status"], json!("created"));
    assert_eq!(created["max_iterations"], json!(10));
    assert_eq!(created["current_iteration"], json!(0));
    assert_eq!(created["created_at"], created["updated_at"]);
    assert_eq!(
        repo.read(&format!(".loop/{id}.tasks.jsonl"))
            .lines()
            .count(),
        3
    );

    // The scripted skill: it asks for the next action, gives that action's
    // results, and checks the state change against the loop's rules.
    let mut before = created;
    let mut step = 0;
    let mut taken = Vec::new();
    let mut validations = 0;
    loop {
        let next = repo.orx(&["--json", "loop", "show", &id]);
        next.ok();
        let next = json_out(&next)["next"].as_str().unwrap().to_owned();
        if next == "stop_exit" {
            break;
        }
        step += 1;
        assert!(step < 12, "the loop does not end: {taken:?}");
        let date = format!("2026-01-02T03:05:{step:02}Z");
        let input = match next.as_str() {
            "develop" => json!({"files_changed": [format!("src/auth{step}.ts")]}),
            "validate" if validations == 0 => {
                json!({"test_results": [result("login works", "passed"), result("logout works", "failed")], "coverage": 80.5})
            }
            "validate" => {
                json!({"test_results": [result("login works", "passed"), result("logout works", "passed")], "coverage": 85.0})
            }
            "debug" => json!({
                "active_bug": "logout keeps the session",
                "hypotheses": [hypothesis("H1", "rejected", 2), hypothesis("H2", "confirmed", 1), hypothesis("H3", "inconclusive", 3)]
            }),
            _ => json!({}),
        };
        let out = act(&repo, &id, input, &date);
        assert_eq!(out["action"], json!(next));
        assert_eq!(out["control"], json!("continue"));
        let after = state(&repo, &id);
        if next == "validate" {
            validations += 1;
        }
        check_step(&next, &before, &after, &date, validations);
        taken.push(next);
        before = after;
    }
    // The progress files and logs, committed with each action.
    all_actions_taken(&repo, &id, &taken);
    // Derived fields, computed by `show`, named as the loop state schema
    // names them (状态派生字段).
    let shown = json_out(repo.orx(&["--json", "loop", "show", &id]).ok());
    assert_eq!(
        shown["derived"],
        json!({"developProgress": 100.0, "hasPendingDevelop": false, "debugCompleted": true, "validationPassed": true, "overallProgress": 100.0})
    );
    repo.orx(&["loop", "validate", &id]).ok();
    repo.orx(&["verify"]).ok();
}

#[test]
fn pause_resume_and_stop_from_another_process_are_honoured_before_the_next_action() {
    let repo = Repo::new();
    let id = new_loop(&repo, &[]);
    act(&repo, &id, json!({}), "2026-01-02T03:05:01Z");
    repo.orx(&["loop", "pause", &id, "--as", "api"]).ok();
    let before = state(&repo, &id);
    let out = act(&repo, &id, json!({}), "2026-01-02T03:05:02Z");
    assert_eq!(out["control"], json!("pause_exit"));
    let after = state(&repo, &id);
    // The skill saved where it stopped, and took no action.
    assert_eq!(after["status"], json!("paused"));
    assert_eq!(after["skill_state"]["current_action"], json!("paused"));
    assert_eq!(after["current_iteration"], before["current_iteration"]);
    assert_eq!(
        after["skill_state"]["develop"],
        before["skill_state"]["develop"]
    );
    // The dashboard may not touch the skill's state.
    repo.orx(&["loop", "resume", &id, "--as", "skill"]).code(1);
    repo.orx(&["loop", "resume", &id, "--as", "api"]).ok();
    let out = act(&repo, &id, json!({}), "2026-01-02T03:05:03Z");
    assert_eq!(
        (out["action"].as_str(), out["control"].as_str()),
        (Some("develop"), Some("continue"))
    );
    let out = repo.orx(&[
        "loop",
        "stop",
        &id,
        "--reason",
        "out of budget",
        "--as",
        "api",
    ]);
    out.ok();
    let stopped = state(&repo, &id);
    assert_eq!(stopped["status"], json!("failed"));
    assert_eq!(stopped["failure_reason"], json!("out of budget"));
    let out = act(&repo, &id, json!({}), "2026-01-02T03:05:04Z");
    assert_eq!(out["control"], json!("stop_exit"));
    assert_eq!(state(&repo, &id), stopped);
}

#[test]
fn the_iteration_cap_fails_the_loop() {
    let repo = Repo::new();
    let id = new_loop(&repo, &["--max-iterations", "2"]);
    act(&repo, &id, json!({}), "2026-01-02T03:05:01Z");
    act(&repo, &id, json!({}), "2026-01-02T03:05:02Z");
    act(&repo, &id, json!({}), "2026-01-02T03:05:03Z");
    assert_eq!(state(&repo, &id)["current_iteration"], json!(2));
    // At the cap, an action that counts fails the loop even when named,
    // as the next one does; the state is kept to show both.
    let at_cap = state(&repo, &id);
    let file = format!(".loop/{id}.json");
    let kept = repo.read(&file);
    repo.write("input.json", "{}");
    let named = repo.orx(&[
        "--json",
        "loop",
        "act",
        &id,
        "develop",
        "--input",
        "input.json",
        "--as",
        "skill",
    ]);
    assert_eq!(json_out(&named)["capped"], json!(true), "{}", named.stdout);
    assert_eq!(state(&repo, &id)["status"], json!("failed"));
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    assert_eq!(repo.read(&file), kept);
    assert_eq!(state(&repo, &id), at_cap);
    let out = act(&repo, &id, json!({}), "2026-01-02T03:05:04Z");
    assert_eq!(out["capped"], json!(true));
    assert_eq!(out["control"], json!("stop_exit"));
    let s = state(&repo, &id);
    assert_eq!(s["status"], json!("failed"));
    assert_eq!(s["current_iteration"], json!(2));
    assert!(
        s["failure_reason"]
            .as_str()
            .unwrap()
            .contains("max_iterations (2)")
    );
    // Past the cap by hand: refused.
    repo.edit(
        &format!(".loop/{id}.json"),
        "\"current_iteration\": 2",
        "\"current_iteration\": 3",
    );
    repo.orx(&["loop", "validate", &id]).code(4);
}

#[test]
fn the_skill_changing_a_dashboard_field_is_refused_by_the_hook_and_caught_by_verify() {
    let repo = Repo::new();
    let id = new_loop(&repo, &[]);
    act(&repo, &id, json!({}), "2026-01-02T03:05:01Z");
    let file = format!(".loop/{id}.json");
    repo.edit(&file, "\"max_iterations\": 10", "\"max_iterations\": 99");
    let out = repo.commit_as("skill", "more iterations");
    out.code(1);
    assert!(
        out.stderr
            .contains("the loop's own fields are the dashboard's"),
        "{}",
        out.render()
    );
    // The dashboard may change it; the skill may not even with the hooks bypassed.
    let out = repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "more"],
        &[("ORX_ROLE", "skill")],
    );
    out.ok();
    let out = repo.orx(&["verify"]);
    out.code(1);
    assert!(
        out.render()
            .contains("the loop's own fields are the dashboard's"),
        "{}",
        out.render()
    );
    // The dashboard changing the skill's state is refused too.
    repo.edit(&file, "\"mode\": \"auto\"", "\"mode\": \"interactive\"");
    let out = repo.commit_as("api", "mode");
    out.code(1);
    assert!(
        out.stderr.contains("`skill_state` is the skill's"),
        "{}",
        out.render()
    );
}

const CREATED: &str = r#"{
  "loop_id": "loop-v2-20260122-abc123",
  "title": "Implement user authentication",
  "description": "Add login/logout functionality",
  "max_iterations": 10,
  "status": "created",
  "current_iteration": 0,
  "created_at": "2026-01-22T10:00:00+08:00",
  "updated_at": "2026-01-22T10:00:00+08:00"
}
"#;

const INITIALISED: &str = r#"{
  "loop_id": "loop-v2-20260122-abc123",
  "title": "Implement user authentication",
  "description": "Add login/logout functionality",
  "max_iterations": 10,
  "status": "running",
  "current_iteration": 0,
  "created_at": "2026-01-22T10:00:00+08:00",
  "updated_at": "2026-01-22T10:00:05+08:00",

  "skill_state": {
    "current_action": "init",
    "last_action": null,
    "completed_actions": [],
    "mode": "auto",

    "develop": {
      "total": 3,
      "completed": 0,
      "current_task": null,
      "tasks": [
        { "id": "task-001", "description": "Create auth component", "status": "pending" }
      ],
      "last_progress_at": null
    },

    "debug": {
      "active_bug": null,
      "hypotheses_count": 0,
      "hypotheses": [],
      "confirmed_hypothesis": null,
      "iteration": 0,
      "last_analysis_at": null
    },

    "validate": {
      "pass_rate": 0,
      "coverage": 0,
      "test_results": [],
      "passed": false,
      "failed_tests": [],
      "last_run_at": null
    },

    "errors": []
  }
}
"#;

#[test]
fn loop_files_written_by_hand_like_the_loops_own_examples_validate_as_they_are() {
    let repo = Repo::new();
    let file = ".loop/loop-v2-20260122-abc123.json";
    repo.write(file, CREATED);
    repo.orx(&["loop", "validate", "loop-v2-20260122-abc123"])
        .ok();
    repo.git(&["add", file]).ok();
    repo.commit_as("api", "a loop from the dashboard").ok();
    repo.write(file, INITIALISED);
    repo.orx(&["loop", "validate", "loop-v2-20260122-abc123"])
        .ok();
    repo.orx(&["check"]).ok();
    repo.commit_as("skill", "the skill's init").ok();
    repo.orx(&["verify"]).ok();
    // git-orx's next change keeps the file's own formatting.
    repo.orx(&["loop", "pause", "loop-v2-20260122-abc123", "--as", "api"])
        .ok();
    let text = repo.read(file);
    assert!(text.contains("        { \"id\": \"task-001\", \"description\": \"Create auth component\", \"status\": \"pending\" }\n"), "{text}");
    assert_eq!(
        text.replace("\"status\": \"paused\"", "\"status\": \"running\"")
            .lines()
            .filter(|l| !l.contains("updated_at"))
            .collect::<Vec<_>>(),
        INITIALISED
            .lines()
            .filter(|l| !l.contains("updated_at"))
            .collect::<Vec<_>>()
    );
}

#[test]
fn validate_reports_each_problem_at_its_json_position() {
    let repo = Repo::new();
    let bad = INITIALISED
        .replace("\"mode\": \"auto\"", "\"mode\": \"turbo\"")
        .replace("\"completed\": 0,", "\"completed\": 2,")
        .replace("\"max_iterations\": 10", "\"max_iterations\": \"ten\"")
        .replace("\"hypotheses_count\": 0", "\"hypotheses_count\": 1");
    repo.write(".loop/loop-v2-20260122-abc123.json", &bad);
    let out = repo.orx(&["--json", "loop", "validate", "loop-v2-20260122-abc123"]);
    out.code(4);
    let v = json_out(&out);
    assert_eq!(v["valid"], json!(false));
    let at: Vec<(String, u64, u64)> = v["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["field"].as_str().unwrap().to_owned(),
                p["line"].as_u64().unwrap(),
                p["column"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(at.contains(&("max_iterations".to_owned(), 5, 21)), "{at:?}");
    assert!(
        at.contains(&("skill_state.mode".to_owned(), 15, 13)),
        "{at:?}"
    );
    assert!(
        at.contains(&("skill_state.develop.completed".to_owned(), 19, 20)),
        "{at:?}"
    );
    assert!(
        at.contains(&("skill_state.debug.hypotheses_count".to_owned(), 29, 27)),
        "{at:?}"
    );
    // Not JSON at all: the parser's position.
    repo.write(
        ".loop/loop-v2-20260122-abc123.json",
        "{\n  \"loop_id\": ,\n}\n",
    );
    let out = repo.orx(&["--json", "loop", "validate", "loop-v2-20260122-abc123"]);
    out.code(4);
    let v = json_out(&out);
    assert_eq!(v["problems"][0]["line"], json!(2));
}

#[test]
fn a_corrupted_loop_file_is_recovered_from_the_progress_files_and_its_last_good_commit() {
    let repo = Repo::new();
    let id = new_loop(&repo, &[]);
    act(&repo, &id, json!({}), "2026-01-02T03:05:01Z");
    act(
        &repo,
        &id,
        json!({"files_changed": ["src/a.ts"]}),
        "2026-01-02T03:05:02Z",
    );
    act(
        &repo,
        &id,
        json!({"files_changed": ["src/b.ts"]}),
        "2026-01-02T03:05:03Z",
    );
    let good = state(&repo, &id);
    repo.write(&format!(".loop/{id}.json"), "{\n  \"loop_id\": \"garbage");
    repo.orx(&["loop", "validate", &id]).code(4);
    let out = repo.orx(&["--json", "loop", "recover", &id, "--as", "skill"]);
    out.ok();
    let v = json_out(&out);
    let recovered: Vec<String> = serde_json::from_value(v["recovered"].clone()).unwrap();
    assert!(
        recovered
            .iter()
            .any(|r| r.contains("skill_state.develop, from") && r.contains("develop.md")),
        "{recovered:?}"
    );
    assert!(
        recovered
            .iter()
            .any(|r| r.contains("the loop's own fields, from commit")),
        "{recovered:?}"
    );
    assert_eq!(state(&repo, &id), good);
    repo.orx(&["loop", "validate", &id]).ok();
    repo.orx(&["verify"]).ok();
    // Without develop.md, the tasks come back from the task list, and what
    // is lost is said.
    repo.git(&["rm", "-q", &format!(".loop/{id}.progress/develop.md")])
        .ok();
    repo.write(&format!(".loop/{id}.json"), "not json");
    let v = json_out(
        repo.orx(&[
            "--json",
            "loop",
            "recover",
            &id,
            "--as",
            "skill",
            "--no-commit",
        ])
        .ok(),
    );
    let lost: Vec<String> = serde_json::from_value(v["lost"].clone()).unwrap();
    assert!(
        lost.iter().any(|l| l.contains("develop.md is missing")),
        "{lost:?}"
    );
}

#[test]
fn a_loop_in_the_legacy_place_is_read_and_reported_as_legacy() {
    let repo = Repo::new();
    repo.write(
        ".workflow/.loop/sess-1/state.json",
        r#"{"session_id": "sess-1", "task_description": "Fix login", "status": "running", "develop": {"tasks": []}}"#,
    );
    let v = json_out(repo.orx(&["--json", "loop", "show", "sess-1"]).ok());
    assert_eq!(v["legacy"], json!(true));
    assert_eq!(v["path"], json!(".workflow/.loop/sess-1/state.json"));
    let v = json_out(repo.orx(&["--json", "loop", "validate", "sess-1"]).ok());
    assert_eq!(
        (v["legacy"].clone(), v["valid"].clone()),
        (json!(true), json!(true))
    );
    repo.orx(&["loop", "pause", "sess-1", "--as", "api"])
        .code(2);
}

#[test]
fn validate_runs_the_repositorys_tests_and_records_their_junit_results() {
    let repo = Repo::new();
    let config = repo.read(".orx/config.yaml");
    repo.write(
        ".orx/config.yaml",
        format!(
            "{config}\ntests:\n  command: cp results.xml junit.xml; exit 1\n  junit: junit.xml\n"
        ),
    );
    repo.commit_rules("Tests for loops");
    repo.write(
        "results.xml",
        r#"<testsuites><testsuite name="auth" tests="2" failures="1">
<testcase name="login works" time="0.25"/>
<testcase name="logout works" time="0.5"><failure message="expected 200, got 401">at auth.ts:42</failure></testcase>
</testsuite></testsuites>"#,
    );
    let id = new_loop(&repo, &[]);
    act(&repo, &id, json!({}), "2026-01-02T03:05:01Z");
    let out = repo.orx(&["--json", "loop", "act", &id, "validate", "--as", "skill"]);
    out.ok();
    let v = state(&repo, &id)["skill_state"]["validate"].clone();
    assert_eq!(v["passed"], json!(false));
    assert_eq!(v["pass_rate"], json!(50));
    assert_eq!(v["failed_tests"], json!(["logout works"]));
    assert_eq!(
        v["test_results"][1],
        json!({"test_name": "logout works", "suite": "auth", "status": "failed", "duration_ms": 500, "error_message": "expected 200, got 401", "stack_trace": "at auth.ts:42"})
    );
}

/// A scripted executor for `git orx run`: the Nth call of an action
/// prints `.git/responses/ACTION-N.json`.
const EXECUTOR: &str = "n=$(cat .git/count-$ORX_ACTION 2>/dev/null || echo 0); n=$((n+1)); echo $n > .git/count-$ORX_ACTION; cat .git/responses/$ORX_ACTION-$n.json";

fn respond(repo: &Repo, action: &str, n: usize, updates: Value) {
    repo.write(
        &format!(".git/responses/{action}-{n}.json"),
        json!({ "stateUpdates": updates }).to_string(),
    );
}

fn task(n: usize, done: bool, date: &str) -> Value {
    json!({
        "id": format!("task-{n:03}"),
        "description": format!("task {n}"),
        "tool": "bash",
        "mode": "write",
        "status": if done { "completed" } else { "pending" },
        "files_changed": if done { json!([format!("src/t{n}.ts")]) } else { json!([]) },
        "created_at": "2026-01-02T03:04:05Z",
        "completed_at": if done { json!(date) } else { Value::Null },
    })
}

/// `git orx run` for one action at `date`; its JSON summary.
fn run_one(repo: &Repo, id: &str, date: &str) -> Value {
    let out = repo.orx_env(
        &[
            "--json",
            "run",
            id,
            "--exec",
            EXECUTOR,
            "--as",
            "skill",
            "--max-iterations",
            "1",
        ],
        &[("GIT_COMMITTER_DATE", date)],
    );
    json_out(&out)["run"].clone()
}

/// The responses of a loop from init to completed.
fn script(repo: &Repo) {
    respond(
        repo,
        "init",
        1,
        json!({"skill_state.develop.tasks": [task(1, false, ""), task(2, false, ""), task(3, false, "")]}),
    );
    for k in 1..=3 {
        let date = format!("2026-01-02T03:05:{:02}Z", k + 1);
        let tasks: Vec<Value> = (1..=3).map(|i| task(i, i <= k, &date)).collect();
        respond(
            repo,
            "develop",
            k,
            json!({"skill_state.develop.tasks": tasks, "skill_state.develop.current_task": format!("task-{k:03}")}),
        );
    }
    respond(
        repo,
        "validate",
        1,
        json!({"skill_state.validate.test_results": [result("login works", "passed"), result("logout works", "failed")], "skill_state.validate.coverage": 80.5}),
    );
    respond(
        repo,
        "debug",
        1,
        json!({
            "skill_state.debug.active_bug": "logout keeps the session",
            "skill_state.debug.hypotheses": [hypothesis("H1", "rejected", 2), hypothesis("H2", "confirmed", 1), hypothesis("H3", "inconclusive", 3)]
        }),
    );
    respond(
        repo,
        "validate",
        2,
        json!({"skill_state.validate.test_results": [result("login works", "passed"), result("logout works", "passed")], "skill_state.validate.coverage": 85.0}),
    );
}

#[test]
fn git_orx_run_drives_a_loop_to_completed_with_each_action_making_its_state_change() {
    let repo = Repo::new();
    let id = new_loop(&repo, &[]);
    script(&repo);
    let mut before = state(&repo, &id);
    let mut taken = Vec::new();
    let mut validations = 0;
    for step in 1..=8 {
        let date = format!("2026-01-02T03:05:{step:02}Z");
        let summary = run_one(&repo, &id, &date);
        let done = summary["done"].as_array().cloned().unwrap_or_default();
        assert_eq!(done.len(), 1, "{summary}");
        let next = done[0].as_str().unwrap().to_owned();
        if next == "validate" {
            validations += 1;
        }
        let after = state(&repo, &id);
        check_step(&next, &before, &after, &date, validations);
        taken.push(next);
        before = after;
    }
    // The progress files, written with each action, as `loop act` writes them.
    all_actions_taken(&repo, &id, &taken);
    // Nothing is left to do: the run ends in success.
    let summary = run_one(&repo, &id, "2026-01-02T03:06:00Z");
    assert_eq!(
        (summary["exit"].clone(), summary["success"].clone()),
        (json!("finished"), json!(true)),
        "{summary}"
    );
    repo.orx(&["loop", "validate", &id]).ok();
    repo.orx(&["verify"]).ok();
}

#[test]
fn git_orx_run_honours_pause_resume_and_stop_before_the_next_action() {
    let repo = Repo::new();
    let id = new_loop(&repo, &[]);
    script(&repo);
    run_one(&repo, &id, "2026-01-02T03:05:01Z");
    // The dashboard pauses it from another process.
    repo.orx(&["loop", "pause", &id, "--as", "api"]).ok();
    let before = state(&repo, &id);
    let summary = run_one(&repo, &id, "2026-01-02T03:05:02Z");
    assert_eq!(
        summary["exit"],
        json!({"signal": "pause_exit"}),
        "{summary}"
    );
    let after = state(&repo, &id);
    assert_eq!(after["skill_state"]["current_action"], json!("paused"));
    assert_eq!(after["current_iteration"], before["current_iteration"]);
    assert_eq!(
        after["skill_state"]["develop"],
        before["skill_state"]["develop"]
    );
    repo.orx(&["loop", "resume", &id, "--as", "api"]).ok();
    let summary = run_one(&repo, &id, "2026-01-02T03:05:03Z");
    assert_eq!(summary["done"], json!(["develop"]), "{summary}");
    repo.orx(&["loop", "stop", &id, "--as", "api"]).ok();
    let stopped = state(&repo, &id);
    let summary = run_one(&repo, &id, "2026-01-02T03:05:04Z");
    assert_eq!(summary["exit"], json!({"signal": "stop_exit"}), "{summary}");
    assert_eq!(state(&repo, &id), stopped);
}

#[test]
fn git_orx_run_fails_a_loop_at_its_iteration_cap() {
    let repo = Repo::new();
    let id = new_loop(&repo, &["--max-iterations", "2"]);
    script(&repo);
    let out = repo.orx(&["--json", "run", &id, "--exec", EXECUTOR, "--as", "skill"]);
    out.code(1);
    let summary = json_out(&out)["run"].clone();
    assert_eq!(summary["exit"], json!({"signal": "stop_exit"}), "{summary}");
    assert_eq!(
        summary["done"],
        json!(["init", "develop", "develop", "fail"]),
        "{summary}"
    );
    let s = state(&repo, &id);
    assert_eq!(s["status"], json!("failed"));
    assert_eq!(s["current_iteration"], json!(2));
    assert_eq!(
        s["failure_reason"],
        json!("reached max_iterations (2) before the loop completed")
    );
    repo.orx(&["verify"]).ok();
}

/// The loop state schema's 初始状态 (由 API 创建时, Dashboard 触发, then
/// 由 Skill 初始化后 action-init): the dashboard starts the loop it created
/// (pending → running) by the move alone, as the workflow file says — the
/// `init` action writes `skill_state`, the skill's own, and is refused to
/// it —; the skill's `init` then fills `skill_state`.
#[test]
fn the_dashboard_may_start_a_loop_before_the_skills_init() {
    let repo = Repo::new();
    let id = new_loop(&repo, &[]);
    // The workflow says what it allows: the skill's init writes skill_state,
    // which is the skill's; the dashboard starts the loop by the move alone.
    repo.orx(&["loop", "act", &id, "init", "--as", "api"])
        .fails(1, &["`skill_state` is the skill's"]);
    repo.orx(&["move", &id, "running", "--as", "api"]).ok();
    script(&repo);
    let summary = run_one(&repo, &id, "2026-01-02T03:05:01Z");
    assert_eq!(summary["done"], json!(["init"]), "{summary}");
    let s = state(&repo, &id);
    assert_eq!(s["status"], json!("running"));
    assert_eq!(s["skill_state"]["current_action"], json!("init"));
    assert_eq!(s["skill_state"]["develop"]["total"], json!(3));
}

#[test]
fn the_prompt_for_a_loops_next_action_says_what_to_return() {
    let repo = Repo::new();
    let id = new_loop(&repo, &[]);
    let out = repo.orx(&["prompt", &id, "--as", "skill"]);
    out.ok();
    assert!(
        out.stdout.contains(&format!("starting loop {id}")),
        "{}",
        out.render()
    );
    assert!(
        out.stdout.contains("skill_state.develop.tasks"),
        "{}",
        out.render()
    );
    script(&repo);
    run_one(&repo, &id, "2026-01-02T03:05:01Z");
    let out = repo.orx(&["prompt", &id, "--as", "skill"]);
    out.ok();
    assert!(
        out.stdout.contains(&format!("developing loop {id}")),
        "{}",
        out.render()
    );
    assert!(out.stdout.contains("iteration 0 of 10"), "{}", out.render());
}

/// The whole sequence of actions was taken, and each left its progress
/// files and logs committed.
fn all_actions_taken(repo: &Repo, id: &str, taken: &[String]) {
    assert_eq!(
        taken,
        [
            "init", "develop", "develop", "develop", "validate", "debug", "validate", "complete"
        ]
    );
    let progress = format!(".loop/{id}.progress");
    assert!(
        repo.read(&format!("{progress}/develop.md"))
            .contains("| task-003 | completed |")
    );
    assert!(
        repo.read(&format!("{progress}/debug.md"))
            .contains("| H2 | confirmed |")
    );
    assert!(
        repo.read(&format!("{progress}/validate.md"))
            .contains("| logout works | auth | passed |")
    );
    assert_eq!(
        repo.read(&format!("{progress}/changes.log"))
            .lines()
            .count(),
        3
    );
    assert_eq!(
        repo.read(&format!("{progress}/debug.log")).lines().count(),
        3
    );
    assert!(
        repo.git(&["status", "--porcelain", ".loop"])
            .stdout
            .is_empty()
    );
}

/// The loop state schema's `failure_reason?: string // 失败原因`: a loop
/// the skill fails on its errors says why.
#[test]
fn a_loop_failed_on_its_errors_records_the_failure_reason() {
    let repo = Repo::new();
    let id = new_loop(&repo, &[]);
    // init works; develop has no answer (the executor exits 1), three times.
    respond(
        &repo,
        "init",
        1,
        json!({"skill_state.develop.tasks": [task(1, false, "")]}),
    );
    let out = repo.orx(&["--json", "run", &id, "--exec", EXECUTOR, "--as", "skill"]);
    out.code(1);
    let s = state(&repo, &id);
    assert_eq!(s["status"], json!("failed"), "{s}");
    assert_eq!(
        s["failure_reason"],
        json!("3 errors; the last in develop: the executor exited with status 1"),
        "{s}"
    );
    repo.orx(&["verify"]).ok();
}
