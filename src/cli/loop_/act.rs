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
    ui.acting_on(orx::kinds::loops::KIND, &args.id);
    let (ws, role) = crate::cli::open_as(ui, &args.change)?;
    let mut input = match args.input.as_deref() {
        None => loops::no_input(),
        Some(src) => {
            let text = if src == "-" {
                std::io::read_to_string(std::io::stdin()).map_err(|e| {
                    orx::Error::Usage(orx::msg!(
                        "flag-value-error",
                        flag = "--input",
                        value = "-",
                        error = e.to_string()
                    ))
                })?
            } else {
                std::fs::read_to_string(src).map_err(|e| {
                    orx::Error::Usage(orx::msg!(
                        "flag-value-error",
                        flag = "--input",
                        value = src.to_string(),
                        error = e.to_string()
                    ))
                })?
            };
            serde_json::from_str::<Value>(&text)
                .ok()
                .filter(Value::is_object)
                .ok_or_else(|| {
                    orx::Error::Usage(orx::msg!("input-not-json-object", value = src.to_string()))
                })?
        }
    };
    // init takes the loop's task list when no tasks are given: asked
    // for, or none is named and the loop is in its workflow's first state.
    let init = args.action.as_deref() == Some("init")
        || (args.action.is_none()
            && match loops::find(&ws, &args.id)? {
                loops::Found::Item(i) => i.status == i.kind.workflow()?.initial,
                _ => false,
            });
    if init && input.get("tasks").is_none() {
        let p = loops::paths(&ws, &args.id)?;
        if let Ok(text) = std::fs::read_to_string(ws.root().join(&p.tasks)) {
            let tasks = loops::parse_tasks(&text, &orx::repo::workspace::now()).map_err(|m| {
                orx::Error::Failed(orx::msg!("path-error", path = p.tasks.clone(), error = m))
            })?;
            input["tasks"] = Value::Array(tasks);
        }
    }
    let validating = match args.action.as_deref() {
        Some(a) => a == "validate",
        None => match loops::find(&ws, &args.id)? {
            loops::Found::Item(i) => loops::next_of(&ws, &i.value())? == "validate",
            loops::Found::Legacy { .. } => false,
        },
    };
    if validating
        && input.get("test_results").is_none()
        && let Some(command) = ws.config.tests.command.clone()
    {
        input["test_results"] = Value::Array(run_tests(&ws, &command)?);
    }
    let acted = loops::plan_act(
        &ws,
        &args.id,
        args.action.as_deref(),
        &input,
        args.change.actor(&role),
    )?;
    use crate::cli::output::loop_act::{self, LoopAct};
    match &acted.plan {
        Some(plan) => {
            let extra = crate::cli::output::ChangeExtra {
                loop_: Some(args.id.clone()),
                action: Some(Some(acted.action.clone())),
                control: Some(acted.signal.name().to_owned()),
                capped: Some(acted.capped),
                ..Default::default()
            };
            let done = match args.change.dry_run {
                true => None,
                false => Some(orx::change::plan::execute(
                    &ws,
                    plan,
                    !args.change.no_commit,
                )?),
            };
            if ui.is_json() {
                let change = crate::cli::change_of(plan, done.as_ref(), extra);
                ui.json(&LoopAct::Change(Box::new(change)));
            } else {
                crate::cli::report_change(ui, plan, done.as_ref(), extra);
            }
        }
        None if ui.is_json() => ui.json(&LoopAct::Signal(loop_act::Signal {
            loop_: args.id.clone(),
            action: Some(acted.action.clone()),
            control: acted.signal.name().to_owned(),
            capped: acted.capped,
            version: crate::cli::output::Version,
        })),
        None => {}
    }
    if !ui.is_json() {
        match acted.signal {
            Signal::Continue => {}
            Signal::PauseExit => ui.line(ui.t(
                "pause-exit-loop-id-paused",
                &[("id", &args.id), ("id2", &args.id)],
            )),
            Signal::StopExit if acted.capped => {
                ui.line(ui.t("stop-exit-loop-capped", &[("id", &args.id)]))
            }
            Signal::StopExit => ui.line(ui.t("stop-exit-loop-not-running", &[("id", &args.id)])),
        }
    }
    Ok(0)
}

/// Runs the repository's tests (`tests.command` in .orx/config.yaml, with
/// `sh -c` from the root) and reads their results: from the JUnit XML
/// file `tests.junit` names when it wrote one, else one result for the
/// command itself.
fn run_tests(ws: &orx::repo::workspace::Workspace, command: &str) -> orx::Result<Vec<Value>> {
    let junit = ws.config.tests.junit.clone();
    if let Some(j) = &junit {
        let _ = std::fs::remove_file(ws.root().join(j));
    }
    let started = std::time::Instant::now();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(ws.root())
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| {
            orx::Error::io(
                orx::msg!("cannot-run-tests", command = command.to_string()),
                e,
            )
        })?;
    let ms = started.elapsed().as_millis() as u64;
    if let Some(j) = &junit
        && let Ok(xml) = std::fs::read_to_string(ws.root().join(j))
    {
        return loops::junit::test_results(&xml).map_err(|m| {
            orx::Error::Failed(orx::msg!(
                "junit-written-by",
                file = j.to_string(),
                command = command.to_string(),
                error = m
            ))
        });
    }
    let tail = |b: &[u8]| {
        let t = String::from_utf8_lossy(b);
        let lines: Vec<&str> = t.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    };
    let passed = out.status.success();
    Ok(vec![json!({
        "test_name": command,
        "suite": "tests",
        "status": if passed { "passed" } else { "failed" },
        "duration_ms": ms,
        "error_message": if passed { Value::Null } else { json!(format!("exit status {}", out.status.code().unwrap_or(-1))) },
        "stack_trace": if passed { Value::Null } else { json!(tail(&[out.stdout, out.stderr].concat())) },
    })])
}
