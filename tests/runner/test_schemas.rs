//! The published JSON Schemas (`schemas/`, printed by `git orx schema`):
//! every command's real `--json` output, mutating ones and dry runs
//! included, and the error envelopes of refusals and usage errors
//! validate against them.

use serde_json::Value;

use crate::common::{Repo, Run};
use crate::test_agent::agent_repo;

fn schema(name: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("schemas")
        .join(format!("{name}.json"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// Asserts that `value` validates against the published schema `name`.
#[track_caller]
pub(crate) fn valid(name: &str, value: &Value) {
    let validator = jsonschema::validator_for(&schema(name))
        .unwrap_or_else(|e| panic!("schema {name} is not a valid JSON Schema: {e}"));
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "output does not fit schema {name}:\n{}\n{value:#}",
        errors.join("\n")
    );
}

/// Runs `git orx ARGS --json`, expects `code`, and validates its output
/// against `name`; returns it.
#[track_caller]
fn checked(repo: &Repo, args: &[&str], code: i32, name: &str) -> Value {
    let mut all: Vec<&str> = args.to_vec();
    all.push("--json");
    let run: Run = repo.orx(&all);
    run.code(code);
    let v: Value = serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}):\n{}", run.render()));
    valid(name, &v);
    v
}

#[test]
fn every_story_command_s_json_output_validates_against_its_schema() {
    let repo = Repo::new();
    let made = checked(
        &repo,
        &["new", "Login page", "--example", "--as", "sm"],
        0,
        "change",
    );
    let id = made["item"].as_str().unwrap().to_owned();
    let id = id.as_str();
    checked(
        &repo,
        &["assess", id, "--score", "9", "--as", "sm", "--dry-run"],
        0,
        "change",
    );
    checked(
        &repo,
        &["assess", id, "--score", "9", "--as", "sm"],
        0,
        "change",
    );
    checked(
        &repo,
        &["move", id, "InProgress", "--as", "dev", "--dry-run"],
        0,
        "change",
    );
    checked(
        &repo,
        &["move", id, "InProgress", "--as", "dev"],
        0,
        "change",
    );
    let same = checked(
        &repo,
        &["move", id, "InProgress", "--as", "dev"],
        0,
        "change",
    );
    assert_eq!(same["changed"], false);
    checked(&repo, &["status"], 0, "status");
    checked(&repo, &["status", "--verify"], 0, "status");
    checked(&repo, &["next"], 0, "next");
    checked(&repo, &["show", id], 0, "show");
    checked(&repo, &["show", id, "--as", "qa"], 0, "show");
    checked(
        &repo,
        &[
            "move",
            id,
            "Review",
            "--as",
            "dev",
            "--reason",
            "the rest in 1.2",
        ],
        0,
        "change",
    );
    checked(
        &repo,
        &[
            "gate",
            id,
            "--as",
            "qa",
            "--critical",
            "1",
            "--criteria-failed",
        ],
        0,
        "change",
    );
    checked(
        &repo,
        &["move", id, "Review", "--as", "dev", "--reason", "fixed"],
        0,
        "change",
    );
    checked(
        &repo,
        &[
            "gate",
            id,
            "--as",
            "qa",
            "--critical",
            "0",
            "--criteria-met",
        ],
        0,
        "change",
    );
    checked(&repo, &["log"], 0, "log");
    checked(&repo, &["log", id, "--reverse"], 0, "log");
    checked(&repo, &["metrics"], 0, "metrics");
    checked(&repo, &["verify"], 0, "verify");
    checked(&repo, &["check"], 0, "check");
    checked(&repo, &["doctor"], 0, "doctor");
    checked(&repo, &["doctor", id], 0, "doctor");
    checked(&repo, &["hooks", "status"], 0, "output");
    checked(
        &repo,
        &["kind", "new", "bug", "--from", "story"],
        0,
        "output",
    );
    let list = checked(&repo, &["schema"], 0, "schemas");
    // `git orx schema NAME` prints each published schema as committed.
    for s in list["schemas"].as_array().unwrap() {
        let name = s["name"].as_str().unwrap();
        let run = repo.orx(&["schema", name]);
        run.ok();
        let printed: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(printed, schema(name), "{name}");
    }
    // An architect's round, on a story of its own.
    let arch = checked(
        &repo,
        &["new", "Payments", "--example", "--as", "sm"],
        0,
        "change",
    );
    let arch = arch["item"].as_str().unwrap().to_owned();
    checked(
        &repo,
        &[
            "assess",
            &arch,
            "--score",
            "9",
            "--complexity",
            "security",
            "--review",
            "--as",
            "sm",
        ],
        0,
        "change",
    );
    checked(
        &repo,
        &[
            "gate",
            &arch,
            "--as",
            "architect",
            "--score",
            "9",
            "--critical",
            "0",
        ],
        0,
        "change",
    );
}

#[test]
fn every_agent_checkpoint_and_rollback_output_validates_against_its_schema() {
    let repo = agent_repo();
    checked(
        &repo,
        &[
            "agent",
            "fire",
            "USER_INPUT_REQUIREMENT",
            "-m",
            "build it",
            "--as",
            "human",
        ],
        0,
        "change",
    );
    checked(
        &repo,
        &["agent", "task", "add", "the form", "--as", "dev"],
        0,
        "change",
    );
    checked(
        &repo,
        &["agent", "fire", "PRD_GENERATED", "--as", "dev"],
        0,
        "change",
    );
    checked(
        &repo,
        &["agent", "fire", "USER_CONFIRM", "--as", "human"],
        0,
        "change",
    );
    checked(&repo, &["agent", "show"], 0, "agent-show");
    checked(&repo, &["show", "default"], 0, "show");
    checked(&repo, &["agent", "check", "--as", "dev"], 0, "change");
    std::fs::remove_file(repo.path("ok")).unwrap();
    let failed = checked(&repo, &["agent", "check", "--as", "dev"], 4, "change");
    assert_eq!(failed["checks"]["passed"], false);
    repo.write("ok", "");
    checked(&repo, &["agent", "check", "--as", "dev"], 0, "change");
    checked(&repo, &["agent", "pause", "--as", "dev"], 0, "change");
    checked(&repo, &["agent", "resume", "--as", "dev"], 0, "change");
    checked(
        &repo,
        &["checkpoint", "-m", "before the change"],
        0,
        "checkpoint",
    );
    checked(&repo, &["checkpoints"], 0, "checkpoints");
    repo.write("app.txt", "v2\n");
    repo.git(&["commit", "-qam", "v2"]).ok();
    checked(
        &repo,
        &["rollback", "--dry-run", "--as", "dev"],
        0,
        "rollback",
    );
    checked(&repo, &["rollback", "--yes", "--as", "dev"], 0, "rollback");
    checked(
        &repo,
        &["agent", "task", "done", "--as", "dev"],
        0,
        "change",
    );
    checked(&repo, &["agent", "archive", "--as", "dev"], 0, "change");
}

/// Refusals, usage errors (clap's included), an unknown item, a held
/// lock: each is one envelope that fits the schema; a refusal's `allowed`
/// holds the state's actions, as `next` gives them.
#[test]
fn every_refusal_and_usage_error_is_an_envelope_that_validates() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    let id = id.as_str();
    let cases: &[(&[&str], i32, &str)] = &[
        (
            &["move", id, "Done", "--as", "sm"],
            1,
            "refused.no_transition",
        ),
        (
            &["move", id, "Approved", "--as", "dev"],
            1,
            "refused.wrong_role",
        ),
        (&["move", id, "Approved", "--as", "sm"], 1, "refused.guard"),
        (
            &["gate", id, "--as", "qa", "--critical", "0"],
            2,
            "usage.missing_input",
        ),
        (&["assess", id, "--as", "sm"], 2, "usage.missing_input"),
        (
            &["assess", id, "--score", "x", "--as", "sm"],
            2,
            "usage.bad_value",
        ),
        (&["show", "9.9"], 2, "not_found"),
        (&["move", id, "Nowhere", "--as", "sm"], 2, "usage.bad_value"),
        (
            &["agent", "fire", "FIX_ATTEMPT_FAILED", "--as", "dev"],
            2,
            "not_found",
        ),
        (&["schema", "nothing"], 2, "usage.bad_value"),
    ];
    for (args, code, expected) in cases {
        let v = checked(&repo, args, *code, "envelope");
        assert_eq!(v["error"]["code"], *expected, "{args:?}: {v:#}");
    }
    let v = checked(&repo, &["move", id, "Done", "--as", "sm"], 1, "envelope");
    let allowed = v["error"]["allowed"].as_array().unwrap();
    let next = checked(&repo, &["next", "--role", "sm"], 0, "next");
    let steps = &next["roles"][0]["actions"][0]["steps"];
    assert!(
        steps
            .as_array()
            .unwrap()
            .iter()
            .all(|s| allowed.contains(s)),
        "the envelope's actions are next's: {v:#}"
    );
}

/// The outputs that carry problems, violations and acknowledgements, and
/// the commands without a result of their own.
#[test]
fn outputs_with_problems_violations_and_plain_lines_validate_against_their_schemas() {
    let repo = crate::common::Repo::bare_git();
    checked(&repo, &["init"], 0, "output");
    repo.git(&["add", ".orx"]).ok();
    repo.git(&["commit", "-q", "-m", "Set up git-orx"]).ok();
    let id = repo.story("Login", crate::common::GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Approved", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "done"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let v = checked(&repo, &["verify"], 1, "verify");
    let commit = v["violations"][0]["commit"].as_str().unwrap().to_owned();
    checked(
        &repo,
        &[
            "acknowledge",
            &commit,
            "--reason",
            "fixed forward",
            "--as",
            "human",
        ],
        0,
        "output",
    );
    let v = checked(&repo, &["verify"], 0, "verify");
    assert_eq!(v["acknowledged"].as_array().unwrap().len(), 1, "{v:#}");
    checked(&repo, &["status", "--verify"], 0, "status");
    // A story file that cannot be read: a problem everywhere.
    repo.write("docs/stories/1.9.broken.md", "---\nid: [1.9\n---\n");
    let v = checked(&repo, &["check"], 1, "check");
    assert!(!v["problems"].as_array().unwrap().is_empty());
    let v = checked(&repo, &["next"], 0, "next");
    assert!(!v["problems"].as_array().unwrap().is_empty());
    checked(&repo, &["status"], 0, "status");
    checked(&repo, &["doctor"], 0, "doctor");
    let report = repo.path("report.html");
    checked(
        &repo,
        &["report", "--html", report.to_str().unwrap()],
        0,
        "output",
    );
    checked(&repo, &["agent", "init", "--as", "human"], 0, "change");
    checked(
        &repo,
        &[
            "agent",
            "fire",
            "USER_INPUT_REQUIREMENT",
            "-m",
            "x",
            "--as",
            "human",
        ],
        0,
        "change",
    );
    // Stopping is for an agent fixing errors: refused while planning,
    // with the operations the state allows.
    let v = checked(&repo, &["agent", "stop", "--as", "human"], 1, "envelope");
    assert_eq!(v["error"]["code"], "refused.operation");
    assert!(!v["error"]["allowed"].as_array().unwrap().is_empty());
    checked(
        &repo,
        &["agent", "fire", "USER_CANCEL", "--as", "human"],
        0,
        "change",
    );
}
