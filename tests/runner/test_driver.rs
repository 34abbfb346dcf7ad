//! A driver that knows only `git orx next --json`, the actions' `argv` and
//! `inputs`, and exit codes: no state, role, flag or command is written
//! into it. Each scenario is a policy for the values it gives (one mood per
//! action that asks for a judgement); the test then says where the item
//! must have ended up.

use serde_json::Value;

use crate::common::Repo;
use crate::test_agent::agent_repo;
use crate::test_mcp::Mcp;

/// How the values of one judgement are picked: the best the inputs
/// allow, a fair one (70% of the way from the worst to the best), or the
/// worst.
#[derive(Clone, Copy, Debug)]
enum Mood {
    Best,
    Fair,
    Worst,
}

/// What the driver did: the item's state (as `next` shows it, opaque to
/// the driver) before each action it ran, and the action's ID.
struct Trail {
    steps: Vec<(String, String)>,
    moods_used: usize,
}

/// How the driver reaches git-orx: its command line, or the tools of its
/// MCP server. Either way it knows only `next`, the actions and the error
/// envelope.
pub(crate) enum Via<'a> {
    Cli(&'a Repo),
    Mcp(&'a Mcp),
}

impl Via<'_> {
    /// `next`'s JSON.
    fn next(&self) -> Value {
        match self {
            Via::Cli(repo) => {
                // As printed: the IDs the other commands print too.
                let out = repo
                    .command("git")
                    .args(["orx", "next", "--json"])
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{out:?}");
                let v = serde_json::from_slice(&out.stdout).unwrap();
                crate::test_schemas::valid("next", &v);
                v
            }
            Via::Mcp(mcp) => {
                let (v, is_error) = mcp.call("next", serde_json::json!({}));
                assert!(!is_error, "{v:#}");
                v
            }
        }
    }

    /// Runs a `create` action with its required values: the new item's
    /// kind and ID, as the change it prints says.
    fn create(&self, action: &Value) -> (String, String) {
        let made = match self {
            Via::Cli(repo) => {
                let mut argv = command(action, Mood::Best);
                argv.push("--json".to_owned());
                let out = repo.command(&argv[0]).args(&argv[1..]).output().unwrap();
                let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
                    panic!("{argv:?}: {}", String::from_utf8_lossy(&out.stderr))
                });
                assert!(out.status.success(), "{argv:?}: {v:#}");
                v
            }
            Via::Mcp(mcp) => {
                let args = arguments(action, Mood::Best);
                let (v, is_error) =
                    mcp.call(action["call"]["tool"].as_str().unwrap(), args.clone());
                assert!(!is_error, "{args}: {v:#}");
                v
            }
        };
        crate::test_schemas::valid("change", &made);
        (
            made["kind"].as_str().unwrap().to_owned(),
            made["item"].as_str().unwrap().to_owned(),
        )
    }

    /// Runs `action` with the values `mood` gives: 0 done, 1 refused, 2 a
    /// request the inputs spec did not describe (as the exit codes say);
    /// what it said, and its JSON.
    fn run(&self, action: &Value, mood: Mood) -> (i32, String, Value) {
        match self {
            Via::Cli(repo) => {
                let mut argv = command(action, mood);
                argv.push("--json".to_owned());
                let out = repo.command(&argv[0]).args(&argv[1..]).output().unwrap();
                // One JSON document (a command that streams prints several).
                let v = serde_json::from_slice(&out.stdout).unwrap_or_default();
                (
                    out.status.code().unwrap_or(-1),
                    format!(
                        "{argv:?}:\n{}{}",
                        String::from_utf8_lossy(&out.stdout),
                        String::from_utf8_lossy(&out.stderr)
                    ),
                    v,
                )
            }
            Via::Mcp(mcp) => {
                let call = &action["call"];
                let args = arguments(action, mood);
                let (v, is_error) = mcp.call(call["tool"].as_str().unwrap(), args.clone());
                let code = match v["error"]["code"].as_str() {
                    None if !is_error => 0,
                    Some(c) if c.starts_with("usage") || c == "not_found" => 2,
                    _ => 1,
                };
                (code, format!("{} {args}:\n{v:#}", call["tool"]), v)
            }
        }
    }
}

/// `next`'s entry for `item`: its state and its actions.
fn offered(via: &Via, item: &str) -> Option<(String, Vec<Value>)> {
    offered_of(via, None, item).map(|(state, steps, _)| (state, steps))
}

/// [`offered`] for the item `item` of `kind` (any kind when none), and
/// whether it rests at the end of a cycle.
fn offered_of(via: &Via, kind: Option<&str>, item: &str) -> Option<(String, Vec<Value>, bool)> {
    let v = via.next();
    // The item's entries: one per role it waits for (a discussion waits
    // for every role addressed), their steps together.
    let entries: Vec<&Value> = v["roles"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["actions"].as_array().unwrap())
        .filter(|e| {
            kind.is_none_or(|k| e["kind"] == k)
                && (e["id"] == item || kind.is_some_and(|k| e["id"] == format!("{k}:{item}")))
        })
        .collect();
    let first = entries.first()?;
    Some((
        first["status"].as_str().unwrap().to_owned(),
        entries
            .iter()
            .flat_map(|e| e["steps"].as_array().unwrap().clone())
            .collect(),
        first["end_of_cycle"] == true,
    ))
}

thread_local! {
    /// The executor the driver gives an input that takes a command line
    /// (`run --exec`): the one thing it is told.
    static EXECUTOR: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// The worst value of an input whose best is `best`: the other end of its
/// range (one more than the best when it has no end on that side).
fn worst(input: &Value, best: &Value) -> Value {
    match best {
        Value::Bool(b) => Value::Bool(!b),
        Value::Array(_) => input["enum"].clone(),
        _ => {
            let b = best.as_f64().unwrap();
            let (lo, hi) = (input["min"].as_f64(), input["max"].as_f64());
            let w = if hi == Some(b) {
                lo.unwrap_or(0.0)
            } else {
                hi.unwrap_or(b + 1.0)
            };
            serde_json::json!(w)
        }
    }
}

/// The value `mood` gives an input, or none to leave it out.
fn pick(input: &Value, mood: Mood) -> Option<Value> {
    let best = &input["best"];
    if best.is_null() {
        return input["required"].as_bool().unwrap().then(|| {
            if !input["example"].is_null() {
                return input["example"].clone();
            }
            if let Some(first) = input["enum"].get(0) {
                return first.clone();
            }
            // The one convention: the executor, for a command line.
            if input["type"] == "command"
                && let Some(exec) = EXECUTOR.with(|e| e.borrow().clone())
            {
                return Value::String(exec);
            }
            match input["type"].as_str().unwrap() {
                "number" | "integer" | "count" => input["min"]
                    .clone()
                    .as_f64()
                    .map_or(serde_json::json!(0), |m| serde_json::json!(m)),
                "flag" => Value::Bool(true),
                "strings" => serde_json::json!([input["enum"][0].clone()]),
                _ => Value::String("what the driver was asked for".to_owned()),
            }
        });
    }
    let w = worst(input, best);
    Some(match mood {
        Mood::Best => best.clone(),
        Mood::Worst => w,
        Mood::Fair => match best {
            Value::Bool(_) | Value::Array(_) => best.clone(),
            _ => {
                let (b, w) = (best.as_f64().unwrap(), w.as_f64().unwrap());
                serde_json::json!(b - 0.3 * (b - w))
            }
        },
    })
}

/// The values `mood` gives the action's inputs, `(input, value)` for
/// those given: at most one flag of an exclusive group (the first set to
/// true), and one when the group is required.
fn choose(action: &Value, mood: Mood) -> Vec<(Value, Value)> {
    let inputs = action["inputs"].as_array().unwrap();
    let groups: Vec<&Value> = action["exclusive"]
        .as_array()
        .map(|g| g.iter().collect())
        .unwrap_or_default();
    let in_group = |flag: &Value| {
        groups
            .iter()
            .find(|g| g["flags"].as_array().unwrap().contains(flag))
    };
    let mut chosen: Vec<(Value, Value)> = Vec::new();
    let mut chosen_in_group: Vec<Value> = Vec::new();
    for input in inputs {
        let Some(value) = pick(input, mood) else {
            continue;
        };
        if let Some(g) = in_group(&input["flag"]) {
            let taken = g["flags"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| chosen_in_group.contains(f));
            if value == Value::Bool(true) && !taken {
                chosen_in_group.push(input["flag"].clone());
                chosen.push((input.clone(), value));
            }
            continue;
        }
        chosen.push((input.clone(), value));
    }
    // A group of which at least one is given: its first, when none is.
    for g in action["at_least_one"].as_array().into_iter().flatten() {
        let flags = g["flags"].as_array().unwrap();
        if !chosen.iter().any(|(i, _)| flags.contains(&i["flag"])) {
            let input = inputs.iter().find(|i| i["flag"] == flags[0]).unwrap();
            let value = match input["type"].as_str().unwrap() {
                "flag" => Value::Bool(true),
                _ => Value::String("what the driver was asked for".to_owned()),
            };
            chosen.push((input.clone(), value));
        }
    }
    for g in groups.iter().filter(|g| g["required"] == true) {
        let flags = g["flags"].as_array().unwrap();
        if !flags.iter().any(|f| chosen_in_group.contains(f)) {
            let input = inputs.iter().find(|i| i["flag"] == flags[0]).unwrap();
            chosen.push((input.clone(), Value::Bool(true)));
        }
    }
    chosen
}

/// `action` with its optional text inputs required (a reason, a note),
/// when it has any.
fn explained(action: &Value) -> Option<Value> {
    let mut a = action.clone();
    let mut any = false;
    for i in a["inputs"].as_array_mut().unwrap() {
        if i["required"] == false && i["type"] == "string" && i["enum"].is_null() {
            i["required"] = Value::Bool(true);
            any = true;
        }
    }
    any.then_some(a)
}

/// `argv` with the inputs' values: flags and their values, then the
/// positional ones.
fn command(action: &Value, mood: Mood) -> Vec<String> {
    let mut argv: Vec<String> = action["argv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap().to_owned())
        .collect();
    let mut positional = Vec::new();
    for (input, value) in choose(action, mood) {
        let flag = input["flag"].as_str();
        let text = match &value {
            Value::Bool(false) => continue,
            Value::Bool(true) => None,
            Value::Array(a) if a.is_empty() => continue,
            Value::Array(a) => Some(
                a.iter()
                    .map(|x| x.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(","),
            ),
            Value::Number(n) => Some(match input["type"].as_str().unwrap() {
                "number" => n.to_string(),
                _ => format!("{}", n.as_f64().unwrap().round() as i64),
            }),
            Value::String(s) => Some(s.clone()),
            Value::Null | Value::Object(_) => continue,
        };
        match (flag, text) {
            (Some(f), Some(t)) => {
                argv.push(f.to_owned());
                argv.push(t);
            }
            (Some(f), None) => argv.push(f.to_owned()),
            (None, Some(t)) => positional.push(t),
            (None, None) => {}
        }
    }
    argv.extend(positional);
    argv
}

/// The action's `call` arguments with the inputs' values under their
/// names, typed as the inputs spec says.
fn arguments(action: &Value, mood: Mood) -> Value {
    let mut args = action["call"]["arguments"].clone();
    for (input, value) in choose(action, mood) {
        let value = match (&value, input["type"].as_str().unwrap()) {
            (Value::Array(a), _) if a.is_empty() => continue,
            (Value::Number(n), "integer" | "count") => {
                serde_json::json!(n.as_f64().unwrap().round() as i64)
            }
            _ => value,
        };
        args[input["name"].as_str().unwrap()] = value;
    }
    args
}

/// Drives `item` with the forward steps `next` offers, each tried once per
/// state, giving each action that asks for a judgement the next of
/// `moods`, until no forward step is left, the item leaves `next`, or its
/// state is `until`.
#[track_caller]
fn drive(via: &Via, item: &str, moods: &[Mood], until: Option<&str>) -> Trail {
    drive_of(via, None, item, moods, until)
}

/// [`drive`] for the item `item` of `kind`.
#[track_caller]
fn drive_of(
    via: &Via,
    kind: Option<&str>,
    item: &str,
    moods: &[Mood],
    until: Option<&str>,
) -> Trail {
    let mut trail = Trail {
        steps: Vec::new(),
        moods_used: 0,
    };
    let mut made: Vec<(String, String)> = Vec::new();
    drive_into(via, kind, item, moods, until, &mut trail, &mut made);
    trail
}

/// [`drive_of`] into `trail`: an item an action made (the change it
/// prints names another item: a task claimed for a goal) is driven to its
/// own end first, its steps in `trail` after its kind and ID; `made`
/// holds those seen.
#[track_caller]
fn drive_into(
    via: &Via,
    kind: Option<&str>,
    item: &str,
    moods: &[Mood],
    until: Option<&str>,
    trail: &mut Trail,
    made: &mut Vec<(String, String)>,
) {
    let mut tried: Vec<String> = Vec::new();
    let mut last = String::new();
    let mut ran = 0;
    let key = |a: &Value| format!("{}/{}", a["role"], a["action"]);
    for _ in 0..60 {
        let Some((state, actions, rests)) = offered_of(via, kind, item) else {
            return;
        };
        // Back at the end of a cycle: done, until a new one starts.
        if rests && ran > 0 {
            return;
        }
        if until == Some(state.as_str()) {
            return;
        }
        // What may be tried again: every step, once the state or the
        // forward steps and their readiness change (another item's move
        // made one ready).
        let situation = format!(
            "{state} {:?}",
            actions
                .iter()
                .filter(|a| a["primary"] == true)
                .map(|a| format!("{} {}", key(a), a["ready"]))
                .collect::<Vec<_>>()
        );
        if situation != last {
            tried.clear();
            last = situation;
        }
        // A forward step that can run now first, then one that says it
        // cannot (its inputs may answer what stands in its way).
        let untried = |a: &&Value| a["primary"] == true && !tried.contains(&key(a));
        let Some(action) = actions
            .iter()
            .filter(untried)
            .find(|a| a["ready"] != false)
            .or_else(|| actions.iter().find(untried))
        else {
            return;
        };
        let id = action["action"].as_str().unwrap().to_owned();
        tried.push(key(action));
        let judgement = action["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .any(|i| !i["best"].is_null());
        let mood = if judgement {
            *moods
                .get(trail.moods_used)
                .unwrap_or_else(|| panic!("no mood left for `{id}`; trail: {:?}", trail.steps))
        } else {
            Mood::Best
        };
        let (mut code, mut said, mut out) = via.run(action, mood);
        // Refused: once more, saying why (its optional texts given).
        if code == 1
            && let Some(explained) = explained(action)
        {
            (code, said, out) = via.run(&explained, mood);
        }
        // 1: refused (another forward step may fit); 2 would mean the
        // driver built a command the inputs spec did not describe.
        assert!(code == 0 || code == 1, "exited {code}: {said}");
        if code == 0 {
            if judgement {
                trail.moods_used += 1;
            }
            trail.steps.push((state, id));
            ran += 1;
            // An item the action made: driven to its end before this one
            // goes on.
            if let (Some(k), Some(i)) = (out["kind"].as_str(), out["item"].as_str()) {
                let new = (k.to_owned(), i.to_owned());
                let this = kind.is_none_or(|kd| kd == k) && i == item;
                if !this && !made.contains(&new) {
                    made.push(new);
                    let before = trail.steps.len();
                    drive_into(via, Some(k), i, moods, None, trail, made);
                    for step in &mut trail.steps[before..] {
                        step.0 = format!("{k} {i} {}", step.0);
                    }
                }
            }
        }
    }
    panic!("the driver did not finish in 60 actions: {:?}", trail.steps);
}

/// `show --json`'s state and the role the item waits for.
fn end(repo: &Repo, item: &str) -> (String, Option<String>) {
    let out = repo.orx(&["show", item, "--json"]);
    out.ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    (
        v["status"].as_str().unwrap().to_owned(),
        v["waits_for"].as_str().map(str::to_owned),
    )
}

fn states(trail: &Trail) -> Vec<&str> {
    trail.steps.iter().map(|(s, _)| s.as_str()).collect()
}

use Mood::{Best, Fair, Worst};

/// Runs `f` with the driver reaching git-orx in `repo` through its MCP
/// server (`mcp`) or its command line.
fn with_via<T>(repo: &Repo, mcp: bool, f: impl FnOnce(&Via) -> T) -> T {
    if mcp {
        let server = Mcp::start(repo);
        f(&Via::Mcp(&server))
    } else {
        f(&Via::Cli(repo))
    }
}

/// Each scenario twice: through the command line, and through the MCP
/// server's tools (the action's `call`).
macro_rules! through_both {
    ($($scenario:ident),* $(,)?) => {
        mod driver_via_cli {
            $(#[test]
            fn $scenario() {
                super::$scenario(false)
            })*
        }
        mod driver_via_mcp {
            $(#[test]
            fn $scenario() {
                super::$scenario(true)
            })*
        }
    };
}

through_both!(
    takes_a_story_straight_to_done,
    takes_a_story_through_a_passing_architect_review,
    escalates_a_story_after_two_failing_architect_rounds,
    takes_a_story_through_a_failing_then_passing_qa_round,
    leaves_a_story_to_the_human_after_qa_round_three,
    takes_an_agent_through_a_session_to_archiving,
    closes_an_item_of_a_hand_written_kind,
    creates_an_item_of_every_kind_and_drives_each_to_an_end
);

/// The executor of `run --exec`: it does every action a prompt asks for,
/// and finds nothing wrong.
const DOES_WHAT_IT_IS_ASKED: &str = r#"cat > /dev/null
task='{"id": "task-001", "description": "the work", "tool": "bash", "mode": "write", "status": "STATUS", "files_changed": FILES, "created_at": "2026-01-02T03:04:05Z", "completed_at": AT}'
pending=$(echo "$task" | sed 's/STATUS/pending/; s/FILES/[]/; s/AT/null/')
completed=$(echo "$task" | sed 's/STATUS/completed/; s/FILES/["app.txt"]/; s/AT/"2026-01-02T03:05:00Z"/')
case "$ORX_ACTION" in
  action-collect-context) echo '{"stateUpdates": {"context": {"files": ["app.txt"], "lines_changed": 1}}}' ;;
  action-quick-scan) echo '{"stateUpdates": {"scan": {"complexity": "low", "risk_areas": []}}}' ;;
  action-deep-review) echo '{"stateUpdates": {"findings.'"$ORX_DIMENSION"'": []}}' ;;
  action-generate-report) echo '{"stateUpdates": {"summary": "Ready."}}' ;;
  init) echo '{"stateUpdates": {"skill_state.develop.tasks": ['"$pending"']}}' ;;
  develop) echo '{"stateUpdates": {"skill_state.develop.tasks": ['"$completed"'], "skill_state.develop.current_task": "task-001"}}' ;;
  validate) echo '{"stateUpdates": {"skill_state.validate.test_results": [{"test_name": "it works", "suite": "app", "status": "passed", "duration_ms": 3, "error_message": null, "stack_trace": null}], "skill_state.validate.coverage": 90.0}}' ;;
  *) echo '{"stateUpdates": {}}' ;;
esac
"#;

/// The driver makes one item of each kind `next` offers to make (the first
/// role's offer), then drives each with the forward steps offered.
fn creates_an_item_of_every_kind_and_drives_each_to_an_end(mcp: bool) {
    let repo = Repo::new();
    repo.edit(".orx/config.yaml", "roles: []", "roles: [tester]");
    repo.edit(".orx/config.yaml", "checks: []", "checks: [\"true\"]");
    repo.write(".orx/workflows/bug.yaml", BUG_WORKFLOW);
    repo.commit_rules("Add the bug kind, a check");
    repo.write("app.txt", "v1\n");
    repo.git(&["add", "app.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "app"]).ok();
    let exec = crate::test_run::executor(&repo, "exec.sh", DOES_WHAT_IT_IS_ASKED);
    EXECUTOR.with(|e| *e.borrow_mut() = Some(exec));
    let ends = with_via(&repo, mcp, |via| {
        let next = via.next();
        let mut made: Vec<(String, String)> = Vec::new();
        for a in next["create"].as_array().unwrap() {
            if made.iter().any(|(k, _)| a["kind"] == k.as_str()) {
                continue;
            }
            made.push(via.create(a));
        }
        made.into_iter()
            .map(|(kind, id)| {
                let trail = drive_of(via, Some(&kind), &id, &[Best; 30], None);
                (kind, id, trail)
            })
            .collect::<Vec<_>>()
    });
    for (kind, id, trail) in &ends {
        println!("{kind} {id}: {:?}", trail.steps);
    }
    let reached: Vec<(&str, String)> = ends
        .iter()
        .map(|(kind, id, _)| (kind.as_str(), end(&repo, &format!("{kind}:{id}")).0))
        .collect();
    // Each kind at its end: a terminal state, or (the agent) back at the
    // end of its cycle; the goal closed, its discussion answered by every
    // role addressed and the task claimed for it started, reviewed and
    // merged.
    assert_eq!(
        reached,
        [
            ("story", "Done".to_owned()),
            ("bug", "Closed".to_owned()),
            ("codereview", "completed".to_owned()),
            ("agent", "IDLE".to_owned()),
            ("loop", "completed".to_owned()),
            ("goal", "closed".to_owned()),
        ]
    );
    assert!(ends[3].2.steps.len() >= 6, "{:?}", ends[3].2.steps);
    let goal: Vec<&str> = ends[5].2.steps.iter().map(|(_, a)| a.as_str()).collect();
    for step in ["discuss", "claim", "start", "submit", "review", "merge"] {
        assert!(goal.contains(&step), "{step}: {:?}", ends[5].2.steps);
    }
    assert!(
        goal.ends_with(&["advance:round-complete", "decide:achieved"]),
        "{:?}",
        ends[5].2.steps
    );
}

fn takes_a_story_straight_to_done(mcp: bool) {
    let repo = Repo::new();
    let id = repo.story("Straight approval", &[]);
    let trail = with_via(&repo, mcp, |via| drive(via, &id, &[Best, Best], None));
    assert_eq!(
        states(&trail),
        ["Draft", "Approved", "InProgress", "Review"]
    );
    assert_eq!(trail.moods_used, 2);
    assert_eq!(end(&repo, &id), ("Done".to_owned(), None));
}

fn takes_a_story_through_a_passing_architect_review(mcp: bool) {
    let repo = Repo::new();
    let id = repo.story("Architect passes", &[]);
    let trail = with_via(&repo, mcp, |via| drive(via, &id, &[Fair, Fair, Fair], None));
    assert_eq!(
        states(&trail),
        [
            "Draft",
            "AwaitingArchReview",
            "Approved",
            "InProgress",
            "Review"
        ]
    );
    assert_eq!(trail.moods_used, 3);
    assert_eq!(end(&repo, &id), ("Done".to_owned(), None));
}

fn escalates_a_story_after_two_failing_architect_rounds(mcp: bool) {
    let repo = Repo::new();
    let id = repo.story("Architect escalates", &[]);
    let trail = with_via(&repo, mcp, |via| {
        drive(via, &id, &[Fair, Worst, Fair, Worst], None)
    });
    assert_eq!(
        states(&trail),
        [
            "Draft",
            "AwaitingArchReview",
            "RequiresRevision",
            "AwaitingArchReview"
        ]
    );
    assert_eq!(trail.moods_used, 4);
    // The Human decides: every move offered is an alternative.
    assert_eq!(
        end(&repo, &id),
        ("Escalated".to_owned(), Some("human".to_owned()))
    );
}

fn takes_a_story_through_a_failing_then_passing_qa_round(mcp: bool) {
    let repo = Repo::new();
    let id = repo.story("QA fails once", &[]);
    let trail = with_via(&repo, mcp, |via| {
        drive(via, &id, &[Best, Worst, Best], None)
    });
    assert_eq!(
        states(&trail),
        [
            "Draft",
            "Approved",
            "InProgress",
            "Review",
            "InProgress",
            "Review"
        ]
    );
    assert_eq!(trail.moods_used, 3);
    assert_eq!(end(&repo, &id), ("Done".to_owned(), None));
}

fn leaves_a_story_to_the_human_after_qa_round_three(mcp: bool) {
    let repo = Repo::new();
    let id = repo.story("QA fails three times", &[]);
    let trail = with_via(&repo, mcp, |via| {
        drive(via, &id, &[Best, Worst, Worst, Worst], None)
    });
    assert_eq!(
        states(&trail),
        [
            "Draft",
            "Approved",
            "InProgress",
            "Review",
            "InProgress",
            "Review",
            "InProgress",
            "Review"
        ]
    );
    assert_eq!(trail.moods_used, 4);
    assert_eq!(
        end(&repo, &id),
        ("Review".to_owned(), Some("human".to_owned()))
    );
}

fn takes_an_agent_through_a_session_to_archiving(mcp: bool) {
    let repo = agent_repo();
    let trail = with_via(&repo, mcp, |via| {
        drive(via, "default", &[], Some("ARCHIVING"))
    });
    let ran: Vec<&str> = trail.steps.iter().map(|(_, a)| a.as_str()).collect();
    assert_eq!(
        ran,
        [
            "requirement",
            "task-add",
            "fire:PRD_GENERATED",
            "fire:USER_CONFIRM",
            "task-done"
        ]
    );
    assert_eq!(
        with_via(&repo, mcp, |via| offered(via, "default"))
            .unwrap()
            .0,
        "ARCHIVING"
    );
}

/// The shape of one action, as `next`, `status` and `show` give it.
#[test]
fn an_action_carries_its_command_inputs_and_whether_it_is_the_forward_step() {
    let repo = Repo::new();
    let id = repo.story_at("Review me", "Review");
    let out = repo.orx(&["show", &id, "--json"]);
    out.ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    insta::assert_snapshot!(serde_json::to_string_pretty(&v["steps"][0]).unwrap());
}

/// A kind of the repository's own, written by hand: its steps alone make
/// the driver able to close a bug; no code knows the kind.
const BUG_WORKFLOW: &str = r#"workflow: bug
initial: Open
items:
  dir: docs/bugs
  id: '^[0-9]+\.[0-9]+$'
states:
  Open:
    owner: dev
  Fixed:
    owner: tester
  Closed:
    terminal: true
transitions:
  - from: Open
    to: Fixed
    roles: [dev]
    primary: true
  - from: Fixed
    to: Closed
    roles: [tester]
    primary: true
  - from: Fixed
    to: Open
    roles: [tester]
steps:
  move:
    run: [move, "{id}", "{to}", --as, "{role}"]
    each_transition: true
    primary: true
    inputs:
      - name: note
        flag: -m
        type: string
        required: true
        description: what was done
"#;

fn closes_an_item_of_a_hand_written_kind(mcp: bool) {
    let repo = Repo::new();
    repo.edit(".orx/config.yaml", "roles: []", "roles: [tester]");
    repo.write(".orx/workflows/bug.yaml", BUG_WORKFLOW);
    repo.commit_rules("Add the bug kind");
    repo.orx(&["new", "bug", "Crash on save", "--id", "9.1", "--as", "dev"])
        .ok();
    let trail = with_via(&repo, mcp, |via| drive(via, "9.1", &[], None));
    assert_eq!(states(&trail), ["Open", "Fixed"]);
    assert!(
        repo.read("docs/bugs/9.1.crash-on-save.md")
            .contains("status: Closed")
    );
}

#[test]
fn a_workflow_step_naming_an_unknown_input_type_is_refused_with_its_line() {
    let repo = Repo::new();
    repo.edit(".orx/config.yaml", "roles: []", "roles: [tester]");
    repo.write(
        ".orx/workflows/bug.yaml",
        BUG_WORKFLOW.replace("type: string", "type: text"),
    );
    let out = repo.orx(&["check"]);
    out.code(1);
    assert!(
        out.stdout.contains("bug.yaml:33:15") && out.stdout.contains("unknown type `text`"),
        "{}",
        out.render()
    );
}

#[test]
fn handoffs_leave_out_the_agents_command_when_persona_commands_is_false() {
    let repo = Repo::new();
    let id = repo.story("Login", &["--score", "9"]);
    let with = repo.orx(&["next", "--role", "dev"]);
    with.ok();
    assert!(
        with.stdout.contains(&format!(
            "  Next: Dev, run `implement-story {id}`\n  Next: Dev, `git orx move {id} InProgress --as dev`, then implement the story\n"
        )),
        "{}",
        with.render()
    );
    let config = repo.read(".orx/config.yaml") + "persona_commands: false\n";
    repo.write(".orx/config.yaml", config);
    repo.commit_rules("no persona commands");
    let without = repo.orx(&["next", "--role", "dev"]);
    without.ok();
    assert!(
        without.stdout.contains(&format!(
            "Dev\n  Next: Dev, `git orx move {id} InProgress --as dev`, then implement the story\n"
        )),
        "{}",
        without.render()
    );
}

/// `git orx agents-md`: the block a project puts in its AGENTS.md, short
/// enough to read every session.
#[test]
fn agents_md_prints_the_loop_the_envelope_and_what_never_to_do() {
    let repo = Repo::new();
    let out = repo.orx(&["agents-md"]);
    out.ok();
    println!("agents-md: {} lines", out.stdout.lines().count());
    assert!(out.stdout.lines().count() <= 60, "{}", out.stdout);
    for said in [
        "git orx next --json",
        "`act`",
        "`create`",
        "end_of_cycle",
        "\"retryable\"",
        "`missing`",
        "`allowed`",
        "--no-verify",
        "status",
    ] {
        assert!(out.stdout.contains(said), "{said}: {}", out.stdout);
    }
    let zh = repo.orx(&["agents-md", "--lang", "zh"]);
    zh.ok();
    assert!(zh.stdout.contains("绝不"), "{}", zh.stdout);
}

/// `action` with only what it declares it needs: its required inputs,
/// and the inputs of its required groups (the first of each given).
fn required_only(action: &Value) -> Value {
    let mut a = action.clone();
    let mut grouped: Vec<Value> = Vec::new();
    for g in a["exclusive"].as_array().into_iter().flatten() {
        if g["required"] == true {
            grouped.extend(g["flags"].as_array().unwrap().iter().cloned());
        }
    }
    for g in a["at_least_one"].as_array().into_iter().flatten() {
        grouped.extend(g["flags"].as_array().unwrap().iter().cloned());
    }
    let kept: Vec<Value> = a["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["required"] == true || grouped.contains(&i["flag"]))
        .map(|i| {
            let mut i = i.clone();
            if i["required"] == false {
                i.as_object_mut().unwrap().remove("best");
            }
            i
        })
        .collect();
    a["inputs"] = Value::Array(kept);
    if let Some(groups) = a["exclusive"].as_array_mut() {
        groups.retain(|g| g["required"] == true);
    }
    a
}

/// Every step `next` offers (and every creation), run with only its
/// declared required inputs filled in, is understood: refused by the
/// workflow perhaps, never a usage error.
#[test]
fn every_offered_step_runs_with_only_its_declared_required_inputs() {
    let repo = Repo::new();
    repo.edit(".orx/config.yaml", "roles: []", "roles: [tester]");
    repo.edit(".orx/config.yaml", "checks: []", "checks: [\"true\"]");
    repo.write(".orx/workflows/bug.yaml", BUG_WORKFLOW);
    repo.commit_rules("Add the bug kind, a check");
    repo.write("app.txt", "v1\n");
    repo.git(&["add", "app.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "app"]).ok();
    let exec = crate::test_run::executor(&repo, "exec.sh", DOES_WHAT_IT_IS_ASKED);
    EXECUTOR.with(|e| *e.borrow_mut() = Some(exec));
    repo.story("Draft one", &[]);
    repo.story_at("In review", "Review");
    repo.story_at("Under way", "InProgress");
    repo.orx(&["agent", "init", "--as", "human"]).ok();
    repo.orx(&["review", "start", "HEAD", "--as", "qa"]).ok();
    repo.new_login_loop();
    repo.orx(&["goal", "new", "Dark mode", "--as", "lead"]).ok();
    repo.orx(&["tick"]).ok();
    repo.orx(&["new", "bug", "Crash", "--as", "dev"]).ok();
    let via = Via::Cli(&repo);
    let next = via.next();
    let mut offered: Vec<Value> = Vec::new();
    for r in next["roles"].as_array().unwrap() {
        for item in r["actions"].as_array().unwrap() {
            offered.extend(item["steps"].as_array().unwrap().iter().cloned());
        }
    }
    // The creations last: an item they make may share a bare ID.
    offered.extend(next["create"].as_array().unwrap().iter().cloned());
    let mut wrong = Vec::new();
    for action in &offered {
        let mut argv = command(&required_only(action), Mood::Best);
        argv.push("--json".to_owned());
        let out = repo.command(&argv[0]).args(&argv[1..]).output().unwrap();
        let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
        let code = v["error"]["code"].as_str().unwrap_or_default();
        if code.starts_with("usage") {
            wrong.push(format!("{argv:?}: {}", v["error"]["message"]));
        }
    }
    println!(
        "{} steps run with only their required inputs",
        offered.len()
    );
    assert!(offered.len() > 40, "{}", offered.len());
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Two agents make a story at once: the one whose ID the other took
/// meanwhile takes the next free one, instead of failing at the commit.
#[test]
fn a_lost_race_for_an_id_takes_the_next_one() {
    let repo = Repo::new();
    let go = repo.path(".git/go");
    let first = repo
        .command("git")
        .args(["orx", "new", "First", "--as", "sm", "--json"])
        .env("ORX_TEST_PAUSE", format!("planned:{}", go.display()))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The first has planned 1.1 and waits; the second takes 1.1.
    let planned = |out: &crate::common::Run| {
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        v["item"].as_str().unwrap().to_owned()
    };
    while !repo.path(".git/go.waiting").exists() {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let second = repo.orx(&["new", "Second", "--as", "sm", "--json"]);
    second.ok();
    assert_eq!(planned(&second), "1.1");
    std::fs::write(&go, "").unwrap();
    let first = first.wait_with_output().unwrap();
    let v: Value = serde_json::from_slice(&first.stdout).unwrap();
    assert!(first.status.success(), "{v:#}");
    assert_eq!(v["item"], "1.2", "{v:#}");
    assert!(
        repo.read("docs/stories/1.2.first.md")
            .contains("title: First")
    );
}

/// A step a role would be refused is not offered to it: an agent's task
/// queue is its own role's and the Human's to plan.
#[test]
fn a_step_is_offered_only_to_the_roles_that_may_run_it() {
    let repo = agent_repo();
    repo.orx(&[
        "agent",
        "fire",
        "USER_INPUT_REQUIREMENT",
        "-m",
        "build it",
        "--as",
        "human",
    ])
    .ok();
    let steps = |role: &str| -> Vec<String> {
        let out = repo.orx(&["show", "default", "--as", role, "--json"]);
        out.ok();
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["action"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(steps("dev").contains(&"task-add".to_owned()));
    assert!(steps("human").contains(&"task-add".to_owned()));
    assert!(
        !steps("sm").contains(&"task-add".to_owned()),
        "{:?}",
        steps("sm")
    );
    let refused = repo.orx(&["agent", "task", "add", "t", "--as", "sm"]);
    refused.code(1);
}

/// A forward step whose move's guard does not hold now is offered as an
/// alternative: no plan is generated before a task is planned.
#[test]
fn a_forward_step_that_cannot_succeed_now_is_not_the_primary() {
    let repo = agent_repo();
    repo.orx(&[
        "agent",
        "fire",
        "USER_INPUT_REQUIREMENT",
        "-m",
        "build it",
        "--as",
        "human",
    ])
    .ok();
    // The steps `show --json` or `next --json` offers the item.
    let steps_of = |args: &[&str]| -> Vec<Value> {
        let out = repo.orx(args);
        out.ok();
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        let steps = if v["steps"].is_array() {
            v["steps"].clone()
        } else {
            v["roles"][0]["actions"][0]["steps"].clone()
        };
        steps.as_array().unwrap().clone()
    };
    let primaries = |args: &[&str]| -> Vec<String> {
        steps_of(args)
            .iter()
            .filter(|a| a["primary"] == true)
            .map(|a| a["action"].as_str().unwrap().to_owned())
            .collect()
    };
    let show = ["show", "default", "--as", "dev", "--json"];
    let next = ["next", "--role", "dev", "--json"];
    assert_eq!(primaries(&show), ["task-add"]);
    assert_eq!(primaries(&next), ["task-add"]);
    // Readiness as data: the step that cannot run now says so, and why.
    let fire = |args: &[&str]| -> Value {
        steps_of(args)
            .into_iter()
            .find(|a| a["action"] == "fire:PRD_GENERATED")
            .unwrap_or(Value::Null)
    };
    for args in [&show[..], &next[..]] {
        let step = fire(args);
        assert_eq!(step["ready"], false, "{step}");
        assert_eq!(
            step["unmet"],
            serde_json::json!(["the PRD has a task queue (`git orx agent task add`)"]),
            "{step}"
        );
    }
    repo.orx(&["agent", "task", "add", "the login", "--as", "dev"])
        .ok();
    assert!(primaries(&show).contains(&"fire:PRD_GENERATED".to_owned()));
    assert!(primaries(&next).contains(&"fire:PRD_GENERATED".to_owned()));
    for args in [&show[..], &next[..]] {
        let step = fire(args);
        assert_eq!(step["ready"], true, "{step}");
        assert!(step.get("unmet").is_none(), "{step}");
    }
}

/// A step that could not succeed is not offered: the agent's checks where
/// none are configured, a task added by a role that may not add one.
#[test]
fn a_step_that_cannot_succeed_is_not_offered() {
    let steps_of = |repo: &Repo, role: &str| -> Vec<String> {
        let out = repo.orx(&["show", "default", "--as", role, "--json"]);
        out.ok();
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["action"].as_str().unwrap().to_owned())
            .collect()
    };
    // Checks configured: at work, `check` is offered beside `task-done`,
    // which is the one forward step.
    let repo = agent_repo();
    crate::test_agent::to_executing(&repo);
    assert!(steps_of(&repo, "dev").contains(&"check".to_owned()));
    // None configured: not offered, by `show` or `next`.
    let bare = Repo::new();
    bare.orx(&["agent", "init", "--as", "human"]).ok();
    crate::test_agent::to_executing(&bare);
    assert!(!steps_of(&bare, "dev").contains(&"check".to_owned()));
    let out = bare.orx(&["next", "--json"]);
    out.ok();
    assert!(!out.stdout.contains("\"check\""), "{}", out.stdout);
    // `task add` is offered to a role that may add a task, not to one
    // that may not.
    let planning = Repo::new();
    planning.orx(&["agent", "init", "--as", "human"]).ok();
    planning
        .orx(&[
            "agent",
            "fire",
            "USER_INPUT_REQUIREMENT",
            "-m",
            "build it",
            "--as",
            "human",
        ])
        .ok();
    assert!(steps_of(&planning, "dev").contains(&"task-add".to_owned()));
    assert!(!steps_of(&planning, "qa").contains(&"task-add".to_owned()));
}

/// The story's steps in `next --json`, made once per state, are judged
/// for each story where a move's guard reads it: a story in progress with
/// open tasks is offered the move to review as not ready, saying why; one
/// whose tasks are ticked, as ready.
#[test]
fn a_story_step_in_next_says_whether_it_can_run() {
    let repo = Repo::new();
    let id = repo.story("Readiness", crate::common::GOOD);
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    // The story's tasks, open.
    let path = repo.story_path(&id);
    let text = repo.read(&path).replace(
        "<!-- - [ ] Task (AC: 1) -->",
        "- [ ] the form (AC: 1)\n- [ ] its tests (AC: 1)",
    );
    repo.write(&path, text);
    repo.git_env(
        &["commit", "-q", "-m", "the tasks", "--", &path],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let move_to_review = |repo: &Repo| -> Value {
        let out = repo.orx(&["next", "--json"]);
        out.ok();
        let v: Value = serde_json::from_str(&out.stdout).unwrap();
        crate::test_schemas::valid("next", &v);
        v["roles"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["actions"].as_array().unwrap())
            .filter(|a| a["id"] == id.as_str())
            .flat_map(|a| a["steps"].as_array().unwrap().clone())
            .find(|a| a["to"] == "Review")
            .unwrap_or(Value::Null)
    };
    let step = move_to_review(&repo);
    assert_eq!(step["ready"], false, "{step}");
    assert_eq!(step["primary"], true, "{step}");
    let unmet = step["unmet"].to_string();
    assert!(
        unmet.contains("every task of the story is ticked"),
        "{step}"
    );
    // Every task ticked: ready.
    repo.write(&path, repo.read(&path).replace("- [ ]", "- [x]"));
    repo.git_env(
        &["commit", "-q", "-m", "the tasks are done", "--", &path],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let step = move_to_review(&repo);
    assert_eq!(step["ready"], true, "{step}");
    assert!(step.get("unmet").is_none(), "{step}");
}

/// `next --json` says what an item waits on, as data: an approved task
/// the merge of its branch (or a `Closes:` commit); an agent at rest a
/// person's requirement.
#[test]
fn next_says_an_approved_task_waits_on_its_merge_and_an_idle_agent_on_a_human() {
    let repo = crate::test_goal::goal_repo();
    let run = |args: &[&str]| {
        repo.orx(args).ok();
    };
    crate::test_task_merge::started(&repo);
    let shown = repo.orx(&["show", "T1", "--json"]);
    shown.ok();
    let task: Value = serde_json::from_str(&shown.stdout).unwrap();
    let branch = task["frontmatter"]["branch"].as_str().unwrap().to_owned();
    repo.git(&["checkout", "-q", "-b", &branch]).ok();
    repo.write("readme.txt", "no typo\n");
    repo.git(&["add", "readme.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "Fix the typo"]).ok();
    run(&["task", "submit", "T1", "--as", "dev"]);
    run(&["task", "review", "T1", "--approve", "--as", "reviewer"]);
    repo.orx(&["agent", "init", "--as", "human"]).ok();
    let out = repo.orx(&["next", "--json"]);
    out.ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    crate::test_schemas::valid("next", &v);
    let entry = |id: &str| -> Value {
        v["roles"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["actions"].as_array().unwrap())
            .find(|a| a["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("no {id} in {v:#}"))
    };
    let t1 = entry("T1");
    assert_eq!(
        t1["waiting_on"],
        serde_json::json!({
            "on": "merge",
            "kind": "task",
            "items": [],
            "until": [],
            "to": "done",
            "branch": branch,
            "trailer": "Closes: T1",
        }),
        "{t1:#}"
    );
    let agent = entry("default");
    assert_eq!(agent["waiting_on"]["on"], "human", "{agent:#}");
}
