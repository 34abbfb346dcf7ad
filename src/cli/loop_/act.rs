//! `git orx loop act`

use serde_json::{Value, json};

use super::Ui;
use orx::kinds::loops::{self, Signal};

/// Take the skill's next action on a loop (or the one named: init,
/// develop, debug, validate, complete), after checking the control
/// signals as the skill does before every action: a paused loop records
/// `current_action: paused` and exits (pause_exit); a stopped or finished
/// one exits (stop_exit); at the iteration cap the loop fails instead.
/// The action's results come as JSON with --input (develop: `task`,
/// `files_changed`; debug: `active_bug`, `hypotheses`; validate:
/// `test_results`, `coverage`; init: `tasks`, default the task list).
#[derive(clap::Args)]
pub struct Args {
    /// The loop's ID.
    #[arg(value_name = "ID")]
    id: String,
    /// The action (default: the next one the loop's state calls for).
    #[arg(value_name = "ACTION")]
    action: Option<String>,
    /// The action's results: a JSON file, or `-` for standard input.
    #[arg(long, value_name = "FILE")]
    input: Option<String>,
    #[command(flatten)]
    change: crate::cli::ChangeArgs,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let (ws, role) = crate::cli::open_as(ui, &args.change)?;
    let mut input = match args.input.as_deref() {
        None => loops::no_input(),
        Some(src) => {
            let text = if src == "-" {
                std::io::read_to_string(std::io::stdin())
                    .map_err(|e| orx::Error::Usage(format!("--input -: {e}")))?
            } else {
                std::fs::read_to_string(src)
                    .map_err(|e| orx::Error::Usage(format!("--input {src}: {e}")))?
            };
            serde_json::from_str::<Value>(&text)
                .ok()
                .filter(Value::is_object)
                .ok_or_else(|| orx::Error::Usage(format!("--input {src}: not a JSON object")))?
        }
    };
    // init takes the loop's task list when no tasks are given.
    let init = args.action.as_deref() == Some("init")
        || (args.action.is_none()
            && matches!(loops::find(&ws, &args.id)?, loops::Found::Item(ref i) if i.status == "created"));
    if init && input.get("tasks").is_none() {
        let p = loops::paths(&ws, &args.id)?;
        if let Ok(text) = std::fs::read_to_string(ws.root().join(&p.tasks)) {
            let tasks = loops::parse_tasks(&text, &orx::repo::workspace::now())
                .map_err(|m| orx::Error::Failed(format!("{}: {m}", p.tasks)))?;
            input["tasks"] = Value::Array(tasks);
        }
    }
    let acted = loops::plan_act(
        &ws,
        &args.id,
        args.action.as_deref(),
        &input,
        args.change.actor(&role),
    )?;
    let extra = json!({
        "loop": args.id,
        "action": acted.action,
        "control": acted.signal.name(),
        "capped": acted.capped,
    });
    match &acted.plan {
        Some(plan) => super::execute(ui, &ws, plan, &args.change, extra)?,
        None if ui.is_json() => {
            let mut v = extra;
            v["version"] = json!(1);
            ui.json(&v);
        }
        None => {}
    }
    if !ui.is_json() {
        match acted.signal {
            Signal::Continue => {}
            Signal::PauseExit => ui.line(format!(
                "pause_exit: loop {} is paused; the skill waits for `git orx loop resume {}`",
                args.id, args.id
            )),
            Signal::StopExit if acted.capped => ui.line(format!(
                "stop_exit: loop {} reached its iteration cap and failed",
                args.id
            )),
            Signal::StopExit => ui.line(format!(
                "stop_exit: loop {} is not running; the skill stops",
                args.id
            )),
        }
    }
    Ok(0)
}
