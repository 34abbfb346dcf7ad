//! The actions of the kinds driven by `run:` and of goals, declared as
//! data in their workflows (`steps:`) and, for the state manager's
//! commands, once for every kind with `run:` (`templates/steps/run.yaml`):
//! `next --json` offers them with `argv` and `inputs` that run as they
//! are, and the MCP server lists them as tools with typed inputs.

use serde_json::{Value, json};

use crate::common::Repo;
use crate::test_mcp::Mcp;
use crate::test_run::review_repo;

/// The actions `next --json` offers for item `id` to `role`.
#[track_caller]
fn offered(repo: &Repo, id: &str, role: &str) -> Vec<Value> {
    let out = repo.orx(&["next", "--json"]);
    out.ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    v["roles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["role"] == role)
        .flat_map(|r| r["actions"].as_array().unwrap())
        .filter(|a| a["id"] == id)
        .flat_map(|a| a["steps"].as_array().unwrap().clone())
        .collect()
}

/// The action named `name` among `actions`.
#[track_caller]
fn action<'a>(actions: &'a [Value], name: &str) -> &'a Value {
    actions
        .iter()
        .find(|a| a["action"] == name)
        .unwrap_or_else(|| panic!("no action {name} in {actions:#?}"))
}

/// Runs an action's `argv` with `values` for its inputs, as a driver that
/// knows only the action would: a flag input's flag, a valued one's flag
/// and value, a positional one after `--`.
#[track_caller]
fn take(repo: &Repo, a: &Value, values: &[(&str, &str)]) -> crate::common::Run {
    let argv: Vec<String> = a["argv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(&argv[..2], ["git", "orx"], "{a:#}");
    let mut words = argv[1..].to_vec();
    let mut positional = Vec::new();
    for (name, value) in values {
        let input = a["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["name"] == *name)
            .unwrap_or_else(|| panic!("no input {name} in {a:#}"));
        match (input["flag"].as_str(), input["type"].as_str()) {
            (Some(f), Some("flag")) => words.push(f.to_owned()),
            (Some(f), _) => {
                words.push(f.to_owned());
                words.push((*value).to_owned());
            }
            (None, _) => positional.push((*value).to_owned()),
        }
    }
    if !positional.is_empty() {
        words.push("--".to_owned());
        words.extend(positional);
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    repo.orx(&words[1..])
}

/// The actions' IDs, without what follows `:` (`run:action-collect-context`).
fn names(actions: &[Value]) -> Vec<&str> {
    actions
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .map(|a| a.split(':').next().unwrap())
        .collect()
}

fn shown(repo: &Repo, id: &str) -> Value {
    let out = repo.orx(&["show", id, "--json"]);
    out.ok();
    serde_json::from_str(&out.stdout).unwrap()
}

#[test]
fn a_review_offers_its_report_and_the_state_managers_commands_which_run_as_given() {
    let repo = review_repo("security");
    let actions = offered(&repo, "1", "qa");
    for name in [
        "report", "prompt", "update", "error", "backup", "history", "run",
    ] {
        assert!(names(&actions).contains(&name), "{name}: {actions:#?}");
    }
    // Nothing to restore to yet: `restore` is not offered.
    assert!(!names(&actions).contains(&"restore"), "{actions:#?}");
    for a in &actions {
        assert_eq!(a["kind"], "codereview", "{a:#}");
    }
    let update = action(&actions, "update");
    assert_eq!(update["inputs"][0]["flag"], "--set", "{update:#}");
    assert_eq!(update["inputs"][0]["required"], true, "{update:#}");
    assert_eq!(action(&actions, "history")["progress"], false);
    // The error action records an error, as the workflow counts them.
    take(
        &repo,
        action(&actions, "error"),
        &[("message", "timed out"), ("action", "action-quick-scan")],
    )
    .ok();
    assert_eq!(
        shown(&repo, "codereview:1")["frontmatter"]["error_count"],
        1
    );
    // The backup action keeps a backup under the name given.
    take(&repo, action(&actions, "backup"), &[("name", "mine")]).ok();
    repo.git(&[
        "rev-parse",
        "--verify",
        "refs/orx/backups/codereview/1/mine",
    ])
    .ok();
    // With a backup to go back to, `restore` is offered.
    let again = offered(&repo, "1", "qa");
    assert!(names(&again).contains(&"restore"), "{again:#?}");
    take(&repo, action(&actions, "report"), &[])
        .ok()
        .stdout_has(&["Review of HEAD~1..HEAD"]);
}

#[test]
fn a_loop_offers_the_skills_act_and_the_dashboards_signals() {
    let repo = Repo::new();
    let id = repo.new_login_loop();
    let actions = offered(&repo, &id, "skill");
    for name in [
        "act", "show", "validate", "recover", "prompt", "update", "backup", "history", "run",
    ] {
        assert!(names(&actions).contains(&name), "{name}: {actions:#?}");
    }
    // The dashboard's signals are the human's, not offered to the skill.
    assert!(!names(&actions).contains(&"stop"), "{actions:#?}");
    // The forward step is `run` (the skill's executor); `act` is the
    // alternative that takes one action at a time.
    let act = action(&actions, "act");
    assert_eq!(act["primary"], false, "{act:#}");
    let primaries: Vec<&Value> = actions.iter().filter(|a| a["primary"] == true).collect();
    assert_eq!(primaries.len(), 1, "{actions:#?}");
    let which = act["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["name"] == "action")
        .unwrap();
    assert_eq!(which["flag"], Value::Null, "{which:#}");
    assert_eq!(
        which["enum"],
        json!(["init", "develop", "debug", "validate", "complete"])
    );
    repo.write("input.json", "{}");
    take(&repo, act, &[("action", "init"), ("input", "input.json")]).ok();
    let after = shown(&repo, &id);
    assert_eq!(after["status"], "running", "{after:#}");
    // As the human sees it: the stop signal, with its reason.
    let out = repo.orx(&["show", &id, "--as", "human", "--json"]);
    out.ok();
    let human: Value = serde_json::from_str(&out.stdout).unwrap();
    let steps = human["steps"].as_array().expect("show's actions");
    let stop = action(steps, "stop");
    take(&repo, stop, &[("reason", "no longer needed")]).ok();
    assert_eq!(shown(&repo, &id)["status"], "failed");
}

#[test]
fn a_goal_offers_discussion_claims_and_the_ticker_which_run_as_given() {
    let repo = crate::test_goal::goal_repo();
    repo.orx(crate::test_goal::NEW_GOAL).ok();
    // The ticker, as the move it takes here.
    let lead = offered(&repo, "G1", "lead");
    assert!(names(&lead).contains(&"advance"), "{lead:#?}");
    let dev = offered(&repo, "G1", "dev");
    for name in ["discuss", "claim"] {
        assert!(names(&dev).contains(&name), "{name}: {dev:#?}");
    }
    take(
        &repo,
        action(&dev, "discuss"),
        &[("position", "the form is mine"), ("claim", "the form")],
    )
    .ok();
    take(&repo, action(&dev, "claim"), &[("title", "Login form")]).ok();
    // The answer is a comment of its own; the goal no longer waits for dev.
    assert!(repo.path("docs/comments/G1-r1-dev-1.md").is_file());
    assert!(
        !names(&offered(&repo, "G1", "dev")).contains(&"discuss"),
        "dev has answered"
    );
    let task = shown(&repo, "T1");
    assert_eq!(task["title"], "Login form", "{task:#}");
    take(&repo, action(&lead, "advance:discussion-ended"), &[]).ok();
}

#[test]
fn mcp_lists_the_new_actions_as_tools_and_calls_them_for_a_review_and_a_loop() {
    let repo = review_repo("security");
    let id = repo.new_login_loop();
    let mcp = Mcp::start_full(&repo);
    let tools = mcp.tools();
    let listed: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    for name in [
        "codereview_report",
        "codereview_update",
        "codereview_error",
        "codereview_backup",
        "codereview_restore",
        "codereview_history",
        "codereview_prompt",
        "loop_act",
        "loop_show",
        "loop_recover",
        "loop_stop",
        "loop_update",
        "goal_discuss",
        "goal_claim",
        "goal_review",
        "goal_tick",
    ] {
        assert!(listed.contains(&name), "{name}: {listed:?}");
    }
    let act = tools.iter().find(|t| t.name == "loop_act").unwrap();
    let schema = Value::Object((*act.input_schema).clone());
    assert_eq!(
        schema["properties"]["action"]["enum"],
        json!(["init", "develop", "debug", "validate", "complete"]),
        "{schema:#}"
    );
    assert_eq!(schema["properties"]["input"]["type"], "string");
    let (report, error) = mcp.call("codereview_report", json!({"id": "1"}));
    assert!(!error, "{report:#}");
    assert!(report["report"].is_object(), "{report:#}");
    let (kept, error) = mcp.call("codereview_backup", json!({"id": "1", "name": "via-mcp"}));
    assert!(!error, "{kept:#}");
    assert_eq!(kept["name"], "via-mcp", "{kept:#}");
    repo.write("input.json", "{}");
    let (acted, error) = mcp.call(
        "loop_act",
        json!({"id": id, "role": "skill", "action": "init", "input": "input.json"}),
    );
    assert!(!error, "{acted:#}");
    assert_eq!(shown(&repo, &id)["status"], "running");
    // A refusal is a tool error carrying the envelope: a review's
    // dimensions are chosen when it starts.
    let (refused, error) = mcp.call(
        "codereview_update",
        json!({"id": "1", "role": "qa", "set": "dimensions=[\"testing\"]"}),
    );
    assert!(error, "{refused:#}");
    assert!(
        refused["error"]["code"]
            .as_str()
            .unwrap()
            .starts_with("refused"),
        "{refused:#}"
    );
    // The checkpoint tool plans one with dry_run, and makes nothing.
    let (planned, error) = mcp.call("checkpoint", json!({"dry_run": true}));
    assert!(!error, "{planned:#}");
    assert_eq!(planned["dry_run"], true, "{planned:#}");
    assert!(
        repo.git(&["for-each-ref", "refs/orx/checkpoints"])
            .stdout
            .is_empty()
    );
}
