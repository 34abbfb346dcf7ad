//! `git orx schema`: the JSON Schemas of the `--json` outputs and of the
//! error envelope. They are the files under `schemas/`, compiled in; the
//! definitions of the types the library serializes itself (an action, the
//! error's data) are generated from those types, and a test fails when a
//! committed file's copy of them is stale.

use serde_json::{Value, json};

use super::{BOLD, Ui, paint};

/// Print the JSON Schema of a command's `--json` output (NAME), or list
/// them. Every output has `"version": 1`; a failure under `--json` is the
/// error envelope (`git orx schema envelope`).
#[derive(clap::Args)]
pub struct Args {
    /// The schema to print (`git orx schema` lists them).
    #[arg(value_name = "NAME", add = clap_complete::ArgValueCandidates::new(candidates))]
    name: Option<String>,
}

fn candidates() -> Vec<clap_complete::CompletionCandidate> {
    SCHEMAS
        .iter()
        .map(|(n, d, _)| clap_complete::CompletionCandidate::new(n).help(Some((*d).into())))
        .collect()
}

/// Each schema: its name, the outputs it describes, its text.
pub const SCHEMAS: &[(&str, &str, &str)] = &[
    (
        "envelope",
        "the error every command prints under --json when it fails",
        include_str!("../../schemas/envelope.json"),
    ),
    (
        "change",
        "new, move, assess, gate, agent init|fire|check|task|archive|pause|resume|stop, review start, update, error, loop new|pause|resume|stop|recover, goal new|decide, discuss, claim, task start|submit|review|check|fail: the change made",
        include_str!("../../schemas/change.json"),
    ),
    (
        "status",
        "status",
        include_str!("../../schemas/status.json"),
    ),
    ("next", "next", include_str!("../../schemas/next.json")),
    ("show", "show", include_str!("../../schemas/show.json")),
    (
        "agent-show",
        "agent show",
        include_str!("../../schemas/agent-show.json"),
    ),
    ("check", "check", include_str!("../../schemas/check.json")),
    ("log", "log", include_str!("../../schemas/log.json")),
    (
        "metrics",
        "metrics",
        include_str!("../../schemas/metrics.json"),
    ),
    (
        "verify",
        "verify",
        include_str!("../../schemas/verify.json"),
    ),
    (
        "checkpoint",
        "checkpoint",
        include_str!("../../schemas/checkpoint.json"),
    ),
    (
        "checkpoints",
        "checkpoints",
        include_str!("../../schemas/checkpoints.json"),
    ),
    (
        "rollback",
        "rollback",
        include_str!("../../schemas/rollback.json"),
    ),
    (
        "doctor",
        "doctor",
        include_str!("../../schemas/doctor.json"),
    ),
    ("run", "run", include_str!("../../schemas/run.json")),
    (
        "prompt",
        "prompt, goal prompt",
        include_str!("../../schemas/prompt.json"),
    ),
    (
        "review-report",
        "review report",
        include_str!("../../schemas/review-report.json"),
    ),
    (
        "backup",
        "backup",
        include_str!("../../schemas/backup.json"),
    ),
    (
        "backups",
        "backups",
        include_str!("../../schemas/backups.json"),
    ),
    (
        "restore",
        "restore",
        include_str!("../../schemas/restore.json"),
    ),
    (
        "history",
        "history",
        include_str!("../../schemas/history.json"),
    ),
    (
        "loop-act",
        "loop act",
        include_str!("../../schemas/loop-act.json"),
    ),
    (
        "loop-show",
        "loop show",
        include_str!("../../schemas/loop-show.json"),
    ),
    (
        "loop-validate",
        "loop validate",
        include_str!("../../schemas/loop-validate.json"),
    ),
    (
        "goal-review",
        "goal review",
        include_str!("../../schemas/goal-review.json"),
    ),
    (
        "tick",
        "tick, event",
        include_str!("../../schemas/tick.json"),
    ),
    ("adopt", "adopt", include_str!("../../schemas/adopt.json")),
    (
        "output",
        "init, kind new, hooks, acknowledge, report, demo: the lines a command without a result of its own prints",
        include_str!("../../schemas/output.json"),
    ),
    (
        "schemas",
        "schema (without NAME): the schemas there are",
        include_str!("../../schemas/schemas.json"),
    ),
];

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let Some(name) = args.name else {
        if ui.is_json() {
            let list: Vec<Value> = SCHEMAS
                .iter()
                .map(|(n, d, _)| json!({"name": n, "describes": d}))
                .collect();
            ui.json(&json!({"version": 1, "schemas": list}));
        } else {
            for (n, d, _) in SCHEMAS {
                ui.line(format!("{} {d}", paint(BOLD, format!("{n:<12}"))));
            }
        }
        return Ok(0);
    };
    let Some((_, _, text)) = SCHEMAS.iter().find(|(n, _, _)| *n == name) else {
        let names: Vec<&str> = SCHEMAS.iter().map(|(n, _, _)| *n).collect();
        return Err(orx::Error::BadValue {
            input: "NAME".to_owned(),
            message: format!(
                "no schema `{}`{} (schemas: {})",
                orx::text::escape(&name),
                orx::text::closest(&name, &names)
                    .map(|g| format!("; did you mean {g}?"))
                    .unwrap_or_default(),
                names.join(", ")
            ),
        });
    };
    // The schema is the output, with --json or without.
    let value: Value = serde_json::from_str(text)
        .map_err(|e| orx::Error::Failed(format!("the schema {name} is not JSON: {e}")))?;
    if ui.is_json() {
        ui.json(&value);
    } else {
        ui.verbatim(text.trim_end());
    }
    Ok(0)
}

/// The definitions generated from the types the library serializes: an
/// action (`Action`, `Input`, `Exclusive`, `Call`, `InputType`), the
/// error's data (`ErrorData`, `Missing`), an item on the board
/// (`Summary`), a file's problem (`Problem`) and a move judged
/// (`MoveCheck`, `ConditionCheck`).
#[cfg(test)]
fn generated() -> serde_json::Map<String, Value> {
    let mut g = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    g.subschema_for::<orx::workflow::steps::Action>();
    g.subschema_for::<orx::error::ErrorData>();
    g.subschema_for::<orx::board::summary::Summary>();
    g.subschema_for::<orx::board::summary::Problem>();
    g.subschema_for::<orx::board::report::MoveCheck>();
    g.take_definitions(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names `value` refers to as `#/$defs/NAME`.
    fn refs(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(m) => {
                for (k, v) in m {
                    match v.as_str().and_then(|r| r.strip_prefix("#/$defs/")) {
                        Some(name) if k == "$ref" => out.push(name.to_owned()),
                        _ => refs(v, out),
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }

    /// The definitions schema `v` should hold: its own (written by hand)
    /// as they are, and the generated ones it refers to, directly or
    /// through others, as `fresh` has them.
    fn defs_of(
        v: &Value,
        fresh: &serde_json::Map<String, Value>,
    ) -> serde_json::Map<String, Value> {
        let mut defs: serde_json::Map<String, Value> = v["$defs"]
            .as_object()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|(k, _)| !fresh.contains_key(k))
            .collect();
        let mut body = v.clone();
        if let Some(o) = body.as_object_mut() {
            o.remove("$defs");
        }
        let mut wanted = Vec::new();
        refs(&body, &mut wanted);
        defs.values().for_each(|d| refs(d, &mut wanted));
        while let Some(name) = wanted.pop() {
            if defs.contains_key(&name) {
                continue;
            }
            let d = fresh
                .get(&name)
                .unwrap_or_else(|| panic!("#/$defs/{name} is defined nowhere"));
            refs(d, &mut wanted);
            defs.insert(name, d.clone());
        }
        defs
    }

    /// Every committed schema holds the definitions generated from the
    /// library's types as they are now, and those it uses only.
    /// `ORX_UPDATE_SCHEMAS=1 cargo test committed_schemas` writes them in.
    #[test]
    fn committed_schemas_hold_the_definitions_of_the_types_as_they_are() {
        let fresh = generated();
        assert!(fresh.contains_key("Action") && fresh.contains_key("ErrorData"));
        let update = std::env::var_os("ORX_UPDATE_SCHEMAS").is_some();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas");
        let mut stale = Vec::new();
        for (name, _, text) in SCHEMAS {
            let mut v: Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                v["$schema"], "https://json-schema.org/draft/2020-12/schema",
                "{name}"
            );
            let defs = defs_of(&v, &fresh);
            if v["$defs"].as_object() == Some(&defs)
                || (defs.is_empty() && v.get("$defs").is_none())
            {
                continue;
            }
            stale.push(*name);
            if update {
                v["$defs"] = Value::Object(defs);
                let text = serde_json::to_string_pretty(&v).unwrap() + "\n";
                std::fs::write(dir.join(format!("{name}.json")), text).unwrap();
            }
        }
        assert!(
            update || stale.is_empty(),
            "stale schemas (the types changed): {stale:?}; run ORX_UPDATE_SCHEMAS=1 cargo test committed_schemas"
        );
    }

    /// The schemas that hold a change result among other outputs keep
    /// `change` as it is, as `$defs/Change`.
    #[test]
    fn copies_of_the_change_schema_are_the_change_schema() {
        let text = |n: &str| SCHEMAS.iter().find(|(m, _, _)| *m == n).unwrap().2;
        let mut change: Value = serde_json::from_str(text("change")).unwrap();
        let defs = change["$defs"].clone();
        for k in ["$schema", "$id", "$defs"] {
            change.as_object_mut().unwrap().remove(k);
        }
        for name in ["restore", "loop-act"] {
            let v: Value = serde_json::from_str(text(name)).unwrap();
            assert_eq!(v["$defs"]["Change"], change, "{name}");
            assert_eq!(v["$defs"]["NextMove"], defs["NextMove"], "{name}");
        }
    }

    /// Every file under `schemas/` is one the command prints.
    #[test]
    fn every_schema_file_is_listed() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas");
        for e in std::fs::read_dir(dir).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            let name = name.trim_end_matches(".json");
            assert!(SCHEMAS.iter().any(|(n, _, _)| *n == name), "{name}");
        }
    }
}
