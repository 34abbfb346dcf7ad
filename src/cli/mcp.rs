//! `git orx mcp`: the Model Context Protocol over standard input and
//! output. Each tool runs one `git orx` command, its output JSON, as a child
//! process of this one, in this directory: its result is the command's
//! JSON, a refusal a tool error carrying the error envelope. The tools are
//! the read commands, `new`, `move`, checkpoints and rollback, and one per
//! step of each kind's workflow (`story_gate`, `agent_fire`, a team's own
//! kind's steps), whose input schema comes from the step's inputs: the
//! `call` of every action `next` offers names one of them.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;

use orx::workflow::steps::{ACT, CREATE, Create, STEP, Step};
use rmcp::ErrorData as McpError;
use rmcp::handler::server::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, JsonObject,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ResourceContents, ServerCapabilities,
    ServerConfig, Tool, ToolAnnotations,
};
use rmcp::service::{RequestContext, RoleServer, ServiceExt};
use serde_json::{Map, Value, json};

use super::Ui;

/// Serve git-orx's commands as Model Context Protocol tools over standard
/// input and output, for an agent client to start (see docs/reference.md for a
/// project's `.mcp.json`). Runs until the client closes standard input.
/// By default a few tools (next, show, status, log, new, act: `act` runs
/// any action `next` offers); the output schemas are resources
/// (`orx://schema/NAME`).
#[derive(clap::Args)]
pub struct Args {
    /// Which tools to serve: `lean` (next, show, status, log, new, act) or
    /// `full` (besides, one per command and per workflow step, each with
    /// its output schema)
    #[arg(long, value_enum, default_value_t = ToolSet::Lean, value_name = "SET")]
    tools: ToolSet,
}

/// The tools served.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ToolSet {
    Lean,
    Full,
}

pub fn run(ui: &mut Ui, args: Args, cli: clap::Command) -> orx::Result<u8> {
    let exe =
        std::env::current_exe().map_err(|e| orx::Error::io(orx::msg!("cannot-find-self"), e))?;
    let server = Server {
        exe,
        cli: Arc::new(cli),
        set: args.tools,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| orx::Error::io(orx::msg!("cannot-start-server-why"), e))?;
    let served: Result<(), orx::error::Cause> = runtime.block_on(async move {
        let running = server.serve(rmcp::transport::stdio()).await?;
        running.waiting().await?;
        Ok(())
    });
    // Standard output is the protocol's: nothing else is printed there.
    ui.set_json(false);
    served.map_err(|e| orx::Error::internal(orx::msg!("mcp-server-stopped-why"), e))?;
    Ok(0)
}

#[derive(Clone)]
struct Server {
    exe: PathBuf,
    cli: Arc<clap::Command>,
    set: ToolSet,
}

/// How a tool's arguments become a command line.
enum How {
    /// A command of its own: the arguments' flags.
    Fixed(&'static [&'static str], Vec<Param>),
    /// A workflow step: its `run`, filled in, and its inputs.
    Step(Box<Step>),
    /// `act`: the tool its `step` argument names, of the full set.
    Act,
}

/// An argument of a fixed tool: its name, the flag (none: positional),
/// and its JSON type.
struct Param {
    name: &'static str,
    flag: Option<&'static str>,
    schema: Value,
    required: bool,
}

fn param(name: &'static str, flag: Option<&'static str>, schema: Value) -> Param {
    Param {
        name,
        flag,
        schema,
        required: false,
    }
}

fn required(mut p: Param) -> Param {
    p.required = true;
    p
}

struct ToolDef {
    tool: Tool,
    how: How,
}

fn text(description: &str) -> Value {
    json!({"type": "string", "description": description})
}

fn boolean(description: &str) -> Value {
    json!({"type": "boolean", "description": description})
}

fn one_of(values: &[String], description: &str) -> Value {
    if values.is_empty() {
        return text(description);
    }
    json!({"type": "string", "enum": values, "description": description})
}

/// The object schema of `properties` with `required` ones.
fn object(properties: Map<String, Value>, required: Vec<String>) -> Arc<JsonObject> {
    let schema = json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    });
    match schema {
        Value::Object(o) => Arc::new(o),
        _ => Arc::new(JsonObject::new()),
    }
}

/// What the repository knows: roles, kinds and each kind's workflow.
struct Known {
    roles: Vec<String>,
    kinds: Vec<String>,
    workflows: Vec<Arc<orx::workflow::Workflow>>,
}

fn known() -> Known {
    let Ok(ws) = orx::repo::workspace::Workspace::open() else {
        return Known {
            roles: Vec::new(),
            kinds: Vec::new(),
            workflows: Vec::new(),
        };
    };
    let kinds: Vec<String> = ws.kinds().iter().map(|k| (*k).to_owned()).collect();
    Known {
        roles: ws
            .rules
            .roles
            .names()
            .iter()
            .map(|r| (*r).to_owned())
            .collect(),
        workflows: ws
            .registry()
            .iter()
            .filter_map(|k| k.workflow().ok())
            .collect(),
        kinds,
    }
}

fn fixed(
    name: &'static str,
    description: &str,
    command: &'static [&'static str],
    params: Vec<Param>,
    read_only: bool,
) -> ToolDef {
    let properties = params
        .iter()
        .map(|p| (p.name.to_owned(), p.schema.clone()))
        .collect();
    let required = params
        .iter()
        .filter(|p| p.required)
        .map(|p| p.name.to_owned())
        .collect();
    let mut tool = Tool::new(name, description.to_owned(), object(properties, required))
        .with_annotations(ToolAnnotations::new().read_only(read_only));
    if let Some(schema) = output_schema(command[0]) {
        tool = tool.with_raw_output_schema(schema);
    }
    ToolDef {
        tool,
        how: How::Fixed(command, params),
    }
}

/// The published schema of what `command` prints (`git orx schema`): a
/// change for the commands that change an item.
fn output_schema(command: &str) -> Option<Arc<JsonObject>> {
    let name = match command {
        "new" | "move" | "assess" | "gate" | "agent" => "change",
        other => other,
    };
    let entry = super::schema::SCHEMAS.iter().find(|e| e.name == name)?;
    match entry.schema() {
        Value::Object(o) => Some(Arc::new(o)),
        _ => None,
    }
}

/// Every tool: the commands', then each kind's steps'.
fn catalog(cli: &clap::Command) -> Vec<ToolDef> {
    let k = known();
    let role = |d: &str| one_of(&k.roles, d);
    let states: Vec<String> = {
        let mut s: Vec<String> = k
            .workflows
            .iter()
            .flat_map(|w| w.states.iter().map(|s| s.name.clone()))
            .collect();
        s.sort();
        s.dedup();
        s
    };
    let dry_run = || {
        param(
            "dry_run",
            Some("--dry-run"),
            boolean("plan it and write nothing"),
        )
    };
    let mut tools = vec![
        fixed(
            "next",
            "What each role should do now: every item waiting for work, with the actions that move it on (each action's `call` is the tool call that runs it, its inputs going in the arguments by name), and the files that cannot be read.",
            &["next"],
            vec![param("role", Some("--role"), role("only this role's work"))],
            true,
        ),
        fixed(
            "status",
            "The board: every item with its state, owner, handoff and actions; the agents; file problems.",
            &["status"],
            vec![
                param(
                    "role",
                    Some("--role"),
                    role("only what waits for this role"),
                ),
                param(
                    "verify",
                    Some("--verify"),
                    boolean("mark a state that came from a commit `verify` rejects"),
                ),
            ],
            true,
        ),
        fixed(
            "show",
            "One item (a story, an agent's context): its state, owner, fields, and every move from here with each condition's verdict.",
            &["show"],
            vec![
                required(param(
                    "id",
                    None,
                    text("the item's ID (`1.2`, an agent's name, `KIND:ID`)"),
                )),
                param(
                    "role",
                    Some("--as"),
                    role("judge the moves as this role (default: the role the item waits for)"),
                ),
            ],
            true,
        ),
        fixed(
            "log",
            "The audit trail from history: who moved which item from what to what, when, and why.",
            &["log"],
            vec![
                param("id", None, text("only this item")),
                param(
                    "kind",
                    Some("--kind"),
                    one_of(&k.kinds, "only items of this kind"),
                ),
                param(
                    "since",
                    Some("--since"),
                    text("only changes at or after this time, as git takes it"),
                ),
                param(
                    "until",
                    Some("--until"),
                    text("only changes before this time"),
                ),
                param("reverse", Some("--reverse"), boolean("oldest first")),
            ],
            true,
        ),
        fixed(
            "new",
            "Create an item from its kind's template in its initial state, and commit it. A kind with a creation command of its own (an agent, a loop, a goal, a code review) is made by the `create` action `next` offers, run with `act`; a new item of any kind can be made that way.",
            &["new"],
            vec![
                param("kind", None, one_of(&k.kinds, "the kind (default: story)")),
                required(param("title", None, text("the title"))),
                param(
                    "id",
                    Some("--id"),
                    text("the ID (default: the next after the highest)"),
                ),
                required(param("role", Some("--as"), role("the acting role"))),
                param(
                    "example",
                    Some("--example"),
                    boolean("the example story, its sections written"),
                ),
                dry_run(),
            ],
            false,
        ),
        fixed(
            "move",
            "Move an item to another state, as its workflow allows; committed.",
            &["move"],
            vec![
                required(param("id", None, text("the item's ID"))),
                required(param("to", None, one_of(&states, "the state to move to"))),
                required(param("role", Some("--as"), role("the acting role"))),
                param(
                    "message",
                    Some("--message"),
                    text("a note, kept in the commit message"),
                ),
                param(
                    "reason",
                    Some("--reason"),
                    text(
                        "moving to Review: why tasks are left open; with force: why the rules are overridden",
                    ),
                ),
                param(
                    "force",
                    Some("--force"),
                    boolean("override the rules (the Human only; needs reason)"),
                ),
                dry_run(),
            ],
            false,
        ),
        fixed(
            "check",
            "Validate the item files, the config and uncommitted changes; every problem found.",
            &["check"],
            vec![],
            true,
        ),
        fixed(
            "verify",
            "Re-judge the commits of a range by the rules at each parent.",
            &["verify"],
            vec![param("all", Some("--all"), boolean("every commit"))],
            true,
        ),
        fixed(
            "metrics",
            "The process metrics and their alerts, of every kind or the one given.",
            &["metrics"],
            vec![param(
                "kind",
                Some("--kind"),
                one_of(&k.kinds, "only items of this kind"),
            )],
            true,
        ),
        fixed(
            "doctor",
            "Stuck items: the role they wait for, unmet preconditions with their values, recent refusals.",
            &["doctor"],
            vec![param("id", None, text("only this item"))],
            true,
        ),
        fixed(
            "checkpoint",
            "Save the work tree as a checkpoint (a ref; history is not touched).",
            &["checkpoint"],
            vec![
                param(
                    "message",
                    Some("--message"),
                    text("what the checkpoint holds"),
                ),
                dry_run(),
            ],
            false,
        ),
        fixed(
            "checkpoints",
            "The checkpoints, newest first.",
            &["checkpoints"],
            vec![],
            true,
        ),
        fixed(
            "rollback",
            "Restore the work tree to a checkpoint (default: the agent's last), the current state saved first and the rollback recorded as a commit; items and .orx/ are left as they are. Calling it is the confirmation.",
            &["rollback", "--yes"],
            vec![
                param(
                    "checkpoint",
                    None,
                    text("the checkpoint (default: the agent's last)"),
                ),
                param(
                    "agent",
                    Some("--agent"),
                    text("the agent whose last checkpoint is meant"),
                ),
                param("role", Some("--as"), role("the acting role")),
                dry_run(),
            ],
            false,
        ),
        fixed(
            "run",
            "Take an item's next actions with an executor until it is done (its workflow's `run:`): before each action the control signals, then the action's prompt on the executor's standard input; the executor prints {\"stateUpdates\": {...}}, judged by the workflow and committed.",
            &["run"],
            vec![
                required(param("id", None, text("the item's ID"))),
                required(param(
                    "exec",
                    Some("--exec"),
                    text(
                        "the executor: a shell command that reads the prompt and prints the state updates",
                    ),
                )),
                param(
                    "role",
                    Some("--as"),
                    role("the acting role (default: the role the item waits for)"),
                ),
                param(
                    "max_iterations",
                    Some("--max-iterations"),
                    serde_json::json!({"type": "integer", "minimum": 1, "description": "the most actions to take (default: the workflow's)"}),
                ),
            ],
            false,
        ),
    ];
    for wf in &k.workflows {
        for step in &wf.steps {
            tools.push(step_tool(wf, step, &k.roles, cli));
        }
        if let Some(Create::Step(step)) = &wf.create {
            tools.push(step_tool(wf, step, &k.roles, cli));
        }
    }
    tools
}

/// The tools of the lean set: the commands an agent's loop needs.
const LEAN: &[&str] = &["next", "show", "status", "log", "new"];

/// `act`: runs any action `next` or `show` offered, by its `call`.
fn act_tool() -> ToolDef {
    let mut properties = Map::new();
    properties.insert(
        STEP.to_owned(),
        text("the step to run: the `step` of the action's `call.arguments`"),
    );
    let schema = json!({
        "type": "object",
        "properties": properties,
        "required": [STEP],
        "additionalProperties": true,
    });
    let Value::Object(schema) = schema else {
        unreachable!("a JSON object")
    };
    let tool = Tool::new(
        ACT,
        "Run an action that `next` or `show` offered: its `call.arguments` (they name the `step`), plus its `inputs` by name. Result: the command's JSON (resource orx://schema/change for a change); a refusal is the error envelope (orx://schema/envelope).",
        Arc::new(schema),
    )
    .with_annotations(ToolAnnotations::new().read_only(false));
    ToolDef {
        tool,
        how: How::Act,
    }
}

/// The tools `set` serves: the lean set's with their output schemas by
/// reference (a resource each), or every tool with its schema inlined;
/// `act` in both.
fn served(cli: &clap::Command, set: ToolSet) -> Vec<ToolDef> {
    let mut tools = catalog(cli);
    if set == ToolSet::Lean {
        tools.retain(|d| LEAN.contains(&d.tool.name.as_ref()));
        for d in &mut tools {
            d.tool.output_schema = None;
            let name = d.tool.name.to_string();
            let schema = match name.as_str() {
                "new" => "change",
                other => other,
            };
            let described = format!(
                "{} Result: resource orx://schema/{schema}.",
                d.tool.description.as_deref().unwrap_or_default()
            );
            d.tool.description = Some(described.into());
        }
    }
    tools.push(act_tool());
    tools
}

/// The URI of a schema's resource.
fn schema_uri(name: &str) -> String {
    format!("orx://schema/{name}")
}

/// The clap command a step's `run` starts with: its subcommands as deep
/// as they go.
fn subcommand<'a>(cli: &'a clap::Command, run: &[String]) -> &'a clap::Command {
    let mut cmd = cli;
    for word in run {
        match cmd.find_subcommand(word) {
            Some(sub) => cmd = sub,
            None => break,
        }
    }
    cmd
}

fn takes(cmd: &clap::Command, long: &str) -> bool {
    cmd.get_arguments().any(|a| a.get_long() == Some(long))
}

/// `flag` in its long form when the command has one (`-m` → `--message`),
/// so that its value is given as `--message=VALUE`.
fn long_flag(cmd: &clap::Command, flag: &str) -> String {
    let mut chars = flag.chars();
    if let (Some('-'), Some(short), None) = (chars.next(), chars.next(), chars.next())
        && let Some(long) = cmd
            .get_arguments()
            .find(|a| a.get_short() == Some(short))
            .and_then(|a| a.get_long())
    {
        return format!("--{long}");
    }
    flag.to_owned()
}

/// The arguments a step's tool has beyond the step's inputs: `dry_run`
/// and `message` (with their flags), when its command takes them and no
/// input of the step gives them already.
fn extras(step: &Step, cmd: &clap::Command) -> Vec<(&'static str, &'static str)> {
    [("dry_run", "--dry-run"), ("message", "--message")]
        .into_iter()
        .filter(|(name, long)| {
            takes(cmd, &long[2..])
                && !step.inputs.iter().any(|i| {
                    i.name == *name
                        || i.flag.as_deref().map(|f| long_flag(cmd, f)).as_deref() == Some(*long)
                })
        })
        .collect()
}

/// A step's tool: `id`, `role` and the placeholders of its `run` (`to`,
/// `trigger`), its inputs by name, typed from the workflow, and
/// `dry_run`/`message` when its command takes them.
fn step_tool(
    wf: &orx::workflow::Workflow,
    step: &Step,
    roles: &[String],
    cli: &clap::Command,
) -> ToolDef {
    let mut properties = Map::new();
    let mut required = Vec::new();
    let step_roles: Vec<String> = if step.roles.is_empty() && step.id == CREATE {
        wf.creation_roles()
    } else if step.roles.is_empty() {
        let mut r: Vec<String> = wf
            .transitions
            .iter()
            .flat_map(|t| t.roles.iter().cloned())
            .filter(|r| roles.is_empty() || roles.contains(r))
            .collect();
        r.sort();
        r.dedup();
        if r.is_empty() { roles.to_vec() } else { r }
    } else {
        step.roles.clone()
    };
    for p in step.placeholders() {
        let schema = match p {
            "id" => text(&format!("the {}'s ID", wf.name)),
            "role" => one_of(&step_roles, "the acting role"),
            "to" => one_of(
                &wf.states.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
                "the state to move to",
            ),
            _ => {
                let mut triggers: Vec<String> = wf
                    .transitions
                    .iter()
                    .filter_map(|t| t.trigger.clone())
                    .collect();
                triggers.sort();
                triggers.dedup();
                one_of(&triggers, "the trigger to fire")
            }
        };
        properties.insert(p.to_owned(), schema);
        required.push(p.to_owned());
    }
    for i in &step.inputs {
        let Value::Object(mut s) = i.schema(roles) else {
            continue;
        };
        let mut description = i.description.clone();
        if !i.roles.is_empty() {
            description.push_str(&format!(
                " ({}{})",
                if i.required { "required for " } else { "for " },
                i.roles.join(", ")
            ));
        }
        s.insert("description".into(), json!(description));
        properties.insert(i.name.clone(), Value::Object(s));
        if i.required && i.roles.is_empty() {
            required.push(i.name.clone());
        }
    }
    let cmd = subcommand(cli, &step.run);
    for (name, _) in extras(step, cmd) {
        let schema = match name {
            "dry_run" => boolean("plan it and write nothing"),
            _ => text("a note, kept in the commit message"),
        };
        properties.insert(name.into(), schema);
    }
    let mut description = format!(
        "{} ({}: `git orx {}`)",
        step.description,
        wf.name,
        step.run.join(" ")
    );
    // The inputs a group's flags belong to, by name.
    let input_names = |flags: &[String]| -> Vec<&str> {
        flags
            .iter()
            .filter_map(|f| step.inputs.iter().find(|i| i.flag.as_deref() == Some(f)))
            .map(|i| i.name.as_str())
            .collect()
    };
    for g in &step.exclusive {
        let names = input_names(&g.flags);
        description.push_str(&format!(
            "; {} of {}{}",
            if g.required {
                "exactly one"
            } else {
                "at most one"
            },
            names.join(", "),
            if g.roles.is_empty() {
                String::new()
            } else {
                format!(" (for {})", g.roles.join(", "))
            }
        ));
    }
    for g in &step.at_least_one {
        let names = input_names(&g.flags);
        description.push_str(&format!(
            "; at least one of {}{}",
            names.join(", "),
            if g.roles.is_empty() {
                String::new()
            } else {
                format!(" (for {})", g.roles.join(", "))
            }
        ));
    }
    let mut tool = Tool::new(
        step.tool(&wf.name),
        description,
        object(properties, required),
    )
    .with_annotations(ToolAnnotations::new().read_only(false));
    // The commands that change an item print the change; `agent show`
    // is the one `agent` command that does not.
    let changes = match step.run.first().map(String::as_str) {
        Some("agent") => step.run.get(1).is_some_and(|w| w != "show"),
        Some("goal") => step
            .run
            .get(1)
            .is_some_and(|w| ["new", "decide", "discuss", "claim"].contains(&w.as_str())),
        // `story assess`, `story gate`.
        Some("story") => true,
        Some(first) => [
            "new", "move", "assess", "gate", "task", "discuss", "claim", "update", "error",
            "restore",
        ]
        .contains(&first),
        None => false,
    };
    if changes && let Some(schema) = output_schema("move") {
        tool = tool.with_raw_output_schema(schema);
    }
    ToolDef {
        tool,
        how: How::Step(Box::new(step.clone())),
    }
}

/// The error envelope, as a value.
fn envelope(data: orx::error::ErrorData, hints: Vec<String>) -> Value {
    serde_json::to_value(super::output::Envelope::new(data, hints)).unwrap_or_default()
}

/// The error envelope of a call the tool's schema does not allow.
fn bad_call(message: String) -> Value {
    let data = orx::error::ErrorData {
        code: "usage.bad_value",
        message,
        ..Default::default()
    };
    envelope(
        data,
        vec!["`tools/list` gives each tool's input schema".to_owned()],
    )
}

/// The arguments a call to `def` lacks, as data: each required one, and
/// for each group of which one (or at least one) must be given and none
/// is, its inputs' names.
fn missing_arguments(def: &ToolDef, args: &Map<String, Value>) -> Vec<Vec<String>> {
    let given = |name: &str| {
        args.get(name)
            .is_some_and(|v| !v.is_null() && *v != Value::Bool(false))
    };
    let mut out: Vec<Vec<String>> = def
        .tool
        .input_schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|name| !given(name))
        .map(|name| vec![name.to_owned()])
        .collect();
    let role = args.get("role").and_then(Value::as_str);
    let for_role =
        |roles: &[String]| roles.is_empty() || roles.iter().any(|r| Some(r.as_str()) == role);
    if let How::Step(step) = &def.how {
        let names = |flags: &[String]| -> Vec<String> {
            flags
                .iter()
                .filter_map(|f| step.inputs.iter().find(|i| i.flag.as_deref() == Some(f)))
                .map(|i| i.name.clone())
                .collect()
        };
        let groups = step
            .exclusive
            .iter()
            .filter(|g| g.required && for_role(&g.roles))
            .map(|g| names(&g.flags))
            .chain(
                step.at_least_one
                    .iter()
                    .filter(|g| for_role(&g.roles))
                    .map(|g| names(&g.flags)),
            );
        for group in groups {
            if !group.iter().any(|n| given(n)) {
                out.push(group);
            }
        }
    }
    out
}

/// The envelope of a call that lacks arguments: `usage.missing_input`,
/// each input or group in `missing`.
fn missing_call(tool: &str, missing: Vec<Vec<String>>) -> Value {
    let listed: Vec<String> = missing.iter().map(|g| g.join(" or ")).collect();
    let data = orx::error::ErrorData {
        code: "usage.missing_input",
        message: format!("`{tool}` needs {}", listed.join(", and ")),
        missing: missing
            .into_iter()
            .map(|one_of| orx::error::Missing::Input { one_of })
            .collect(),
        ..Default::default()
    };
    envelope(
        data,
        vec!["`tools/list` gives each tool's input schema".to_owned()],
    )
}

/// A value as a command-line word: text as it is, numbers as written,
/// lists comma-separated.
fn word(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Array(a) => Some(
            a.iter()
                .map(|x| word(x).unwrap_or_default())
                .collect::<Vec<_>>()
                .join(","),
        ),
        _ => None,
    }
}

/// Why a call's arguments make no command line: an argument the tool
/// does not have, or a value it cannot take (each with its message, in
/// the English of the agent interface).
#[derive(Debug)]
enum BadArgs {
    /// An argument the tool's input schema does not name.
    Unknown(String),
    /// A value or a requirement of an argument the tool has.
    Value(String),
}

/// The command line (after `git orx`) of a call to `def`.
fn argv(
    def: &ToolDef,
    cli: &clap::Command,
    args: &Map<String, Value>,
) -> Result<Vec<String>, BadArgs> {
    let mut out: Vec<String> = Vec::new();
    let mut positional = Vec::new();
    let mut known: Vec<&str> = Vec::new();
    let flag = |out: &mut Vec<String>, flag: &str, v: &Value, name: &str| -> Result<(), BadArgs> {
        match v {
            Value::Bool(true) => out.push(flag.to_owned()),
            Value::Bool(false) | Value::Null => {}
            v => match word(v) {
                // `--flag=value`: a value starting with `-` stays a value.
                Some(w) if flag.starts_with("--") => out.push(format!("{flag}={w}")),
                Some(w) => {
                    out.push(flag.to_owned());
                    out.push(w);
                }
                None => return Err(BadArgs::Value(format!("`{name}` takes a value, not {v}"))),
            },
        }
        Ok(())
    };
    match &def.how {
        How::Fixed(command, params) => {
            out.extend(command.iter().map(|w| (*w).to_owned()));
            for p in params {
                known.push(p.name);
                let Some(v) = args.get(p.name) else {
                    if p.required {
                        return Err(BadArgs::Value(format!("`{}` is required", p.name)));
                    }
                    continue;
                };
                match p.flag {
                    Some(f) => flag(&mut out, f, v, p.name)?,
                    None => positional.extend(word(v)),
                }
            }
        }
        How::Act => {
            return Err(BadArgs::Value(format!("`{ACT}` runs a step, not itself")));
        }
        How::Step(step) => {
            let mut vars: Vec<(&str, String)> = Vec::new();
            for p in step.placeholders() {
                known.push(p);
                match args.get(p).and_then(Value::as_str) {
                    Some(v) => vars.push((p, v.to_owned())),
                    None => return Err(BadArgs::Value(format!("`{p}` is required"))),
                }
            }
            let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
            out.extend(
                step.run
                    .iter()
                    .map(|w| orx::workflow::steps::fill(w, &vars)),
            );
            let cmd = subcommand(cli, &step.run);
            for i in &step.inputs {
                known.push(&i.name);
                let Some(v) = args.get(&i.name) else { continue };
                match &i.flag {
                    Some(f) => flag(&mut out, &long_flag(cmd, f), v, &i.name)?,
                    None => positional.extend(word(v)),
                }
            }
            for (name, f) in extras(step, cmd) {
                known.push(name);
                if let Some(v) = args.get(name) {
                    flag(&mut out, f, v, name)?;
                }
            }
        }
    }
    if let Some(unknown) = args.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(BadArgs::Unknown(format!(
            "`{}` is not an argument of `{}` (arguments: {})",
            orx::text::escape(unknown),
            def.tool.name,
            known.join(", ")
        )));
    }
    if !positional.is_empty() {
        out.push("--".to_owned());
        out.extend(positional);
    }
    Ok(out)
}

/// Runs `git orx ARGS` with JSON output: its JSON, and whether it is an
/// error envelope.
fn run_command(exe: &std::path::Path, args: &[String]) -> (Value, bool) {
    let out = std::process::Command::new(exe)
        .args(args)
        // Not `--json`: after `--` it would be an argument.
        .env("ORX_OUTPUT", "json")
        .stdin(Stdio::null())
        .output();
    let out = match out {
        Ok(o) => o,
        // The system's failure, not the request's: a fault.
        Err(e) => {
            let data = orx::Error::io(orx::msg!("cannot-run-git-orx"), e).data();
            return (envelope(data, Vec::new()), true);
        }
    };
    match serde_json::from_slice::<Value>(&out.stdout) {
        Ok(v) => {
            let is_error = v.get("error").is_some();
            (v, is_error)
        }
        // git-orx's own failure (a panic prints no envelope): a fault,
        // with what it said on standard error.
        Err(_) => {
            let data = orx::Error::internal(
                orx::msg!("git-orx-printed-no-json", args = args.join(" ")),
                String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            )
            .data();
            (envelope(data, Vec::new()), true)
        }
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
            .with_server_info(Implementation::new("git-orx", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "git-orx keeps the development state (stories, agents' contexts, a team's own kinds) in this git repository and enforces its workflow. Call `next` to learn what each role should do and what it may create: each action's `call` is the tool and arguments that run it; add its `inputs` to the arguments by name. A refusal is a tool error whose content is the error envelope: its `code`, what is `missing`, and the actions `allowed` instead. The output schemas are resources (orx://schema/NAME).",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let tools = served(&self.cli, self.set)
            .into_iter()
            .map(|d| d.tool)
            .collect();
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let resources = super::schema::SCHEMAS
            .iter()
            .map(|e| {
                Resource::new(schema_uri(e.name), e.name)
                    .with_description(format!("the JSON Schema of {}", e.describes))
                    .with_mime_type("application/schema+json")
            })
            .collect();
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let Some(entry) = super::schema::SCHEMAS
            .iter()
            .find(|e| schema_uri(e.name) == request.uri)
        else {
            let names: Vec<String> = super::schema::SCHEMAS
                .iter()
                .map(|e| schema_uri(e.name))
                .collect();
            return Err(McpError::resource_not_found(
                format!(
                    "no resource `{}` (resources: {})",
                    orx::text::escape(&request.uri),
                    names.join(", ")
                ),
                None,
            ));
        };
        let contents = ResourceContents::TextResourceContents {
            uri: request.uri,
            mime_type: Some("application/schema+json".to_owned()),
            text: entry.text(),
            meta: None,
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let tools = served(&self.cli, self.set);
        let mut args = request.arguments.unwrap_or_default();
        let Some(mut def) = tools.iter().find(|d| d.tool.name == request.name) else {
            // An unknown tool is the protocol's error, not a tool's.
            let names: Vec<&str> = tools.iter().map(|d| d.tool.name.as_ref()).collect();
            let message = format!(
                "no tool `{}` (tools: {})",
                orx::text::escape(&request.name),
                names.join(", ")
            );
            let envelope = bad_call(message.clone());
            return Err(McpError::invalid_params(message, Some(envelope)));
        };
        // `act` runs the step its `step` argument names, of every tool.
        let every;
        if matches!(def.how, How::Act) {
            every = catalog(&self.cli);
            let step = args.remove(STEP);
            let Some(found) = step
                .as_ref()
                .and_then(Value::as_str)
                .and_then(|name| every.iter().find(|d| d.tool.name == name))
            else {
                let message = match step {
                    None => format!(
                        "`{ACT}` needs `{STEP}`: the `{STEP}` of an action's `call.arguments`"
                    ),
                    Some(v) => format!(
                        "no step `{}`: give the `{STEP}` of an action `next` or `show` offered",
                        orx::text::escape(&word(&v).unwrap_or_default())
                    ),
                };
                return Ok(CallToolResult::structured_error(bad_call(message)).into());
            };
            def = found;
        }
        // An argument the tool does not have first, then what it lacks.
        let missing = missing_arguments(def, &args);
        let words = match argv(def, &self.cli, &args) {
            Ok(words) if missing.is_empty() => words,
            // An unknown argument is said before what is missing.
            Err(BadArgs::Unknown(message)) => {
                return Ok(CallToolResult::structured_error(bad_call(message)).into());
            }
            Err(BadArgs::Value(message)) if missing.is_empty() => {
                return Ok(CallToolResult::structured_error(bad_call(message)).into());
            }
            _ => {
                let envelope = missing_call(&def.tool.name, missing);
                return Ok(CallToolResult::structured_error(envelope).into());
            }
        };
        // The command runs on a thread of its own, so that the server
        // still reads the client's messages meanwhile.
        let exe = self.exe.clone();
        let ran = tokio::task::spawn_blocking(move || run_command(&exe, &words)).await;
        let result = match ran {
            Ok((v, true)) => CallToolResult::structured_error(v),
            Ok((v, false)) => CallToolResult::structured(v),
            Err(e) => {
                return Err(McpError::internal_error(
                    orx::msg!("command-did-not-finish", error = e.to_string()).to_string(),
                    None,
                ));
            }
        };
        Ok(result.into())
    }
}
