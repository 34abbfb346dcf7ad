//! `git orx mcp`: an MCP client (the official Rust SDK's) starts the
//! server as an agent client would, lists its tools and calls them through
//! a story's whole lifecycle; results and refusals are the JSON outputs
//! and envelopes the published schemas describe.

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, Tool};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use serde_json::{Map, Value, json};

use crate::common::Repo;
use crate::test_schemas::valid;

/// A client connected to `git orx mcp` started in a repository.
pub(crate) struct Mcp {
    runtime: tokio::runtime::Runtime,
    client: Option<RunningService<RoleClient, ()>>,
    /// The tools as listed when the session began.
    listed: Vec<Tool>,
}

impl Mcp {
    /// Starts `git orx mcp` (its lean tools) in `repo` and initializes
    /// the session.
    pub(crate) fn start(repo: &Repo) -> Mcp {
        Mcp::start_with(repo, &[])
    }

    /// Starts `git orx mcp --tools full` in `repo`: every command's and
    /// step's tool.
    pub(crate) fn start_full(repo: &Repo) -> Mcp {
        Mcp::start_with(repo, &["--tools", "full"])
    }

    fn start_with(repo: &Repo, args: &[&str]) -> Mcp {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let mut cmd = repo.command("git");
        cmd.args(["orx", "mcp"]).args(args);
        let cmd = tokio::process::Command::from(cmd);
        let client = runtime.block_on(async {
            let transport = TokioChildProcess::new(cmd).unwrap();
            ().serve(transport).await.unwrap()
        });
        let mut mcp = Mcp {
            runtime,
            client: Some(client),
            listed: Vec::new(),
        };
        mcp.listed = mcp.tools();
        mcp
    }

    fn client(&self) -> &RunningService<RoleClient, ()> {
        self.client.as_ref().unwrap()
    }

    pub(crate) fn tools(&self) -> Vec<Tool> {
        self.runtime
            .block_on(self.client().peer().list_all_tools())
            .unwrap()
    }

    /// Calls `tool`: its JSON result, and whether it is a tool error.
    pub(crate) fn call(&self, tool: &str, args: Value) -> (Value, bool) {
        let arguments: Map<String, Value> = match args {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        let params = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
        let result = self
            .runtime
            .block_on(self.client().peer().call_tool(params))
            .unwrap();
        let is_error = result.is_error == Some(true);
        let value = result
            .structured_content
            .clone()
            .expect("every result carries its JSON as structured content");
        // The text content is the same JSON, for clients that read text.
        let text = result.content[0].as_text().unwrap().text.clone();
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);
        // A result fits the tool's output schema; an error is an envelope.
        if is_error {
            valid("envelope", &value);
        } else if let Some(schema) = self
            .listed
            .iter()
            .find(|t| t.name == tool)
            .and_then(|t| t.output_schema.clone())
        {
            let validator = jsonschema::validator_for(&Value::Object((*schema).clone())).unwrap();
            let errors: Vec<String> = validator
                .iter_errors(&value)
                .map(|e| format!("{e} at {}", e.instance_path()))
                .collect();
            assert!(errors.is_empty(), "{tool}: {errors:?}\n{value:#}");
        }
        (value, is_error)
    }
}

impl Drop for Mcp {
    fn drop(&mut self) {
        if let Some(c) = self.client.take() {
            let _ = self.runtime.block_on(c.cancel());
        }
    }
}

fn tool<'a>(tools: &'a [Tool], name: &str) -> &'a Tool {
    tools
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no tool {name}"))
}

/// The tools are the commands' and each kind's steps', their input
/// schemas typed from the workflow.
#[test]
fn mcp_tools_come_from_the_commands_and_the_workflows_steps_with_typed_inputs() {
    let repo = Repo::new();
    let mcp = Mcp::start_full(&repo);
    let tools = mcp.tools();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    for name in [
        "next",
        "status",
        "show",
        "log",
        "new",
        "move",
        "checkpoint",
        "checkpoints",
        "rollback",
        "story_assess",
        "story_gate",
        "story_move",
        "agent_fire",
        "agent_check",
        "agent_task-add",
        "agent_task-done",
        "agent_archive",
    ] {
        assert!(names.contains(&name), "{name} not in {names:?}");
    }
    // Recording an error is a step only where the workflow counts them.
    assert!(names.contains(&"loop_error") && !names.contains(&"task_error"));
    let gate = serde_json::to_value(&*tool(&tools, "story_gate").input_schema).unwrap();
    assert_eq!(
        gate["properties"]["critical"],
        json!({"type": "integer", "minimum": 0, "description": "Critical issues found"})
    );
    assert_eq!(gate["properties"]["score"]["maximum"], json!(10.0));
    assert_eq!(
        gate["properties"]["role"]["enum"],
        json!(["architect", "qa"])
    );
    assert_eq!(gate["properties"]["criteria-met"]["type"], "boolean");
    assert_eq!(gate["required"], json!(["id", "role", "critical"]));
    assert_eq!(gate["additionalProperties"], false);
    let assess = serde_json::to_value(&*tool(&tools, "story_assess").input_schema).unwrap();
    assert_eq!(
        assess["properties"]["complexity"]["items"]["enum"][0],
        "api-contract"
    );
    for input in ["score", "structure", "extraction", "reason", "dry_run"] {
        assert!(
            assess["properties"].get(input).is_some(),
            "assess lacks {input}"
        );
    }
    // Each result's schema is the published one.
    for (name, schema) in [
        ("story_gate", "change"),
        ("next", "next"),
        ("rollback", "rollback"),
    ] {
        let out = tool(&tools, name).output_schema.as_ref().unwrap();
        assert_eq!(
            out["$id"],
            format!("https://git-orx.dev/schemas/{schema}.json")
        );
    }
    // The requirement is the step's input given with -m: no second note.
    let requirement =
        serde_json::to_value(&*tool(&tools, "agent_requirement").input_schema).unwrap();
    assert!(requirement["properties"].get("message").is_none());
    assert_eq!(requirement["properties"]["dry_run"]["type"], "boolean");
    let fire = serde_json::to_value(&*tool(&tools, "agent_fire").input_schema).unwrap();
    assert!(
        fire["properties"]["trigger"]["enum"]
            .as_array()
            .unwrap()
            .contains(&json!("USER_CONFIRM"))
    );
}

/// initialize, tools/list, then tools/call through a story's whole
/// lifecycle; a refusal is a tool error carrying the envelope, with the
/// actions allowed instead; every result validates against its schema.
#[test]
fn mcp_client_takes_a_story_from_new_to_done_and_is_refused_as_data() {
    let repo = Repo::new();
    let mcp = Mcp::start_full(&repo);
    assert!(!mcp.tools().is_empty());
    let ok = |tool: &str, args: Value, schema: &str| {
        let (v, is_error) = mcp.call(tool, args);
        assert!(!is_error, "{tool}: {v:#}");
        valid(schema, &v);
        v
    };
    let made = ok(
        "new",
        json!({"title": "Login page", "role": "sm", "example": true}),
        "change",
    );
    let id = made["item"].as_str().unwrap().to_owned();
    assert_eq!(
        (made["from"].clone(), made["to"].clone()),
        (json!(null), json!("Draft"))
    );

    // A refusal: Draft cannot go to Done. The envelope says so, with the
    // actions the state offers instead, each with the call that runs it.
    let (refused, is_error) = mcp.call("story_move", json!({"id": id, "to": "Done", "role": "sm"}));
    assert!(is_error);
    valid("envelope", &refused);
    assert_eq!(refused["error"]["code"], "refused.no_transition");
    let allowed = refused["error"]["allowed"].as_array().unwrap();
    assert!(
        allowed.iter().any(|a| a["action"] == "assess"
            && a["call"]["tool"] == "act"
            && a["call"]["arguments"]["step"] == "story_assess"),
        "{refused:#}"
    );
    // An unknown tool is the protocol's error (invalid params).
    let unknown = mcp.runtime.block_on(
        mcp.client()
            .peer()
            .call_tool(CallToolRequestParams::new("story_fly")),
    );
    assert!(
        format!("{:?}", unknown.unwrap_err()).contains("no tool `story_fly`"),
        "an unknown tool is refused"
    );
    // A call the input schema does not allow is refused before anything runs.
    let (bad, is_error) = mcp.call("story_assess", json!({"id": id, "role": "sm", "scor": 9}));
    assert!(is_error);
    valid("envelope", &bad);
    assert_eq!(bad["error"]["code"], "usage.bad_value");

    let planned = ok(
        "story_assess",
        json!({"id": id, "role": "sm", "score": 9.5, "dry_run": true}),
        "change",
    );
    assert_eq!(
        (planned["dry_run"].clone(), planned["commit"].clone()),
        (json!(true), json!(null))
    );
    let assessed = ok(
        "story_assess",
        json!({"id": id, "role": "sm", "score": 9.5}),
        "change",
    );
    assert_eq!(assessed["to"], "Approved");
    let next = ok("next", json!({"role": "dev"}), "next");
    let step = &next["roles"][0]["actions"][0]["steps"][0];
    assert_eq!(step["call"]["tool"], "act");
    assert_eq!(step["call"]["arguments"]["step"], "story_move");
    let started = ok("act", step["call"]["arguments"].clone(), "change");
    assert_eq!(started["to"], "InProgress");
    ok(
        "move",
        json!({"id": id, "to": "Review", "role": "dev", "reason": "the rest in 1.2"}),
        "change",
    );
    // QA's gate without the criteria: a usage error, nothing recorded.
    let (missing, is_error) =
        mcp.call("story_gate", json!({"id": id, "role": "qa", "critical": 0}));
    assert!(is_error);
    valid("envelope", &missing);
    assert_eq!(missing["error"]["code"], "usage.missing_input");
    let done = ok(
        "story_gate",
        json!({"id": id, "role": "qa", "critical": 0, "criteria-met": true}),
        "change",
    );
    assert_eq!(
        (done["to"].clone(), done["round"]["passed"].clone()),
        (json!("Done"), json!(true))
    );
    let shown = ok("show", json!({"id": id}), "show");
    assert_eq!(shown["status"], "Done");
    let log = ok("log", json!({"id": id}), "log");
    assert_eq!(log["entries"].as_array().unwrap().len(), 5);
    ok("status", json!({}), "status");
    // Done is terminal: the envelope says so.
    let (terminal, is_error) = mcp.call("move", json!({"id": id, "to": "Draft", "role": "sm"}));
    assert!(is_error);
    valid("envelope", &terminal);
    assert_eq!(terminal["error"]["code"], "refused.terminal");
}

/// Checkpoints and rollback through the server: no prompt (the call is
/// the confirmation), results as the commands print them.
#[test]
fn mcp_checkpoint_and_rollback_tools_restore_the_work_tree() {
    let repo = crate::test_agent::agent_repo();
    let mcp = Mcp::start_full(&repo);
    let (made, is_error) = mcp.call("checkpoint", json!({"message": "v1"}));
    assert!(!is_error, "{made:#}");
    valid("checkpoint", &made);
    let (list, _) = mcp.call("checkpoints", json!({}));
    valid("checkpoints", &list);
    assert_eq!(list["checkpoints"][0]["name"], made["checkpoint"]);
    repo.write("app.txt", "v2\n");
    repo.git(&["commit", "-qam", "v2"]).ok();
    let name = made["checkpoint"].clone();
    let (planned, is_error) = mcp.call(
        "rollback",
        json!({"checkpoint": name, "role": "dev", "dry_run": true}),
    );
    assert!(!is_error, "{planned:#}");
    valid("rollback", &planned);
    assert_eq!(planned["changed"], json!(["app.txt"]));
    assert_eq!(repo.read("app.txt"), "v2\n");
    let (done, is_error) = mcp.call("rollback", json!({"checkpoint": name, "role": "dev"}));
    assert!(!is_error, "{done:#}");
    valid("rollback", &done);
    assert_eq!(repo.read("app.txt"), "v1\n");
}

/// What an agent sees of a step's tool: its name, description and the
/// input schema typed from the workflow.
#[test]
fn a_step_tool_as_an_agent_sees_it() {
    let repo = Repo::new();
    let mcp = Mcp::start_full(&repo);
    let tools = mcp.tools();
    let gate = tool(&tools, "story_gate");
    let seen = json!({
        "name": gate.name,
        "description": gate.description,
        "inputSchema": *gate.input_schema,
    });
    insta::assert_snapshot!(serde_json::to_string_pretty(&seen).unwrap());
}

/// The default tools fit in an agent's context: a handful, their output
/// schemas resources; `act` runs any action offered, by its `call`.
#[test]
fn mcp_serves_a_lean_set_by_default_with_schemas_as_resources() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    let mcp = Mcp::start(&repo);
    let tools = mcp.tools();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["next", "status", "show", "log", "new", "act"]);
    let size = serde_json::to_string(&tools).unwrap().len();
    let full = Mcp::start_full(&repo);
    let full_size = serde_json::to_string(&full.tools()).unwrap().len();
    println!(
        "tools/list: {} tools, {size} characters by default; {} tools, {full_size} with --tools full",
        tools.len(),
        full.tools().len()
    );
    assert!(size <= 8_000, "tools/list is {size} characters");
    assert!(tools.iter().all(|t| t.output_schema.is_none()));
    // Each schema is a resource, as `git orx schema NAME` prints it.
    let resources = mcp
        .runtime
        .block_on(mcp.client().peer().list_all_resources())
        .unwrap();
    assert!(resources.iter().any(|r| r.uri == "orx://schema/change"));
    let read =
        mcp.runtime
            .block_on(mcp.client().peer().read_resource(
                rmcp::model::ReadResourceRequestParams::new("orx://schema/next"),
            ))
            .unwrap();
    let rmcp::model::ResourceContents::TextResourceContents { text, .. } = &read.contents[0] else {
        panic!("a schema is text")
    };
    let schema: Value = serde_json::from_str(text).unwrap();
    assert_eq!(schema["$id"], "https://git-orx.dev/schemas/next.json");
    // `act` runs what `next` offered, with its inputs by name.
    let (next, _) = mcp.call("next", json!({"role": "sm"}));
    valid("next", &next);
    let assess = next["roles"][0]["actions"][0]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"] == "assess")
        .unwrap()
        .clone();
    let mut args = assess["call"]["arguments"].clone();
    args["score"] = json!(9);
    let (done, is_error) = mcp.call(assess["call"]["tool"].as_str().unwrap(), args);
    assert!(!is_error, "{done:#}");
    valid("change", &done);
    assert_eq!(
        (done["item"].clone(), done["to"].clone()),
        (json!(id), json!("Approved"))
    );
    // What a step lacks is named as data: QA's gate needs one of the
    // criteria flags, by their names here.
    let story = repo.story_at("Under review", "Review");
    let (lacking, is_error) = mcp.call(
        "act",
        json!({"step": "story_gate", "id": story, "role": "qa", "critical": 0}),
    );
    assert!(is_error);
    valid("envelope", &lacking);
    assert_eq!(lacking["error"]["code"], "usage.missing_input");
    assert_eq!(
        lacking["error"]["missing"],
        json!([{"one_of": ["criteria-met", "criteria-failed"]}])
    );
    // A step that does not exist: the envelope says what to give.
    let (bad, is_error) = mcp.call("act", json!({"step": "story_fly", "id": id}));
    assert!(is_error);
    assert_eq!(bad["error"]["code"], "usage.bad_value");
    assert!(
        bad["error"]["message"]
            .as_str()
            .unwrap()
            .contains("no step `story_fly`")
    );
}
