//! `git orx schema`: the JSON Schemas of the `--json` outputs and of the
//! error envelope, generated from the output types (`super::output`). The
//! files under `schemas/` are copies of them, and a test fails when a
//! committed copy is stale.

use serde_json::Value;

use super::{BOLD, Ui, output, paint};

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
        .map(|e| clap_complete::CompletionCandidate::new(e.name).help(Some(e.describes.into())))
        .collect()
}

/// A schema: its name, the outputs it describes, and the output type it
/// is generated from.
pub struct Entry {
    pub name: &'static str,
    pub describes: &'static str,
    make: fn(&str) -> Value,
}

impl Entry {
    /// The schema, as `git orx schema NAME` prints it.
    pub fn schema(&self) -> Value {
        (self.make)(self.name)
    }

    /// The schema's text, as the file under `schemas/` holds it.
    pub fn text(&self) -> String {
        serde_json::to_string_pretty(&self.schema()).expect("a schema serializes") + "\n"
    }
}

const fn typed(name: &'static str, describes: &'static str, make: fn(&str) -> Value) -> Entry {
    Entry {
        name,
        describes,
        make,
    }
}

/// Each schema, in the order `git orx schema` lists them.
pub const SCHEMAS: &[Entry] = &[
    typed(
        "envelope",
        "the error every command prints under --json when it fails",
        output::document::<output::Envelope>,
    ),
    typed(
        "change",
        "new, move, assess, gate, agent init|fire|check|task|archive|pause|resume|stop, review start, update, error, loop new|pause|resume|stop|recover, goal new|decide, discuss, claim, task start|submit|review|check|fail: the change made",
        output::document::<output::Change>,
    ),
    typed(
        "status",
        "status",
        output::document::<output::board::Status<'static>>,
    ),
    typed(
        "status-branches",
        "status --branches",
        output::document::<output::board::StatusBranches<'static>>,
    ),
    typed(
        "next",
        "next",
        output::document::<output::board::Next<'static>>,
    ),
    typed("show", "show", output::document::<output::board::Show>),
    typed(
        "agent-show",
        "agent show",
        output::document::<output::board::AgentShow>,
    ),
    typed(
        "check",
        "check",
        output::document::<output::board::Check<'static>>,
    ),
    typed(
        "log",
        "log",
        output::document::<output::history::Log<'static>>,
    ),
    typed(
        "metrics",
        "metrics",
        output::document::<output::history::Metrics<'static>>,
    ),
    typed(
        "verify",
        "verify",
        output::document::<output::history::Verify<'static>>,
    ),
    typed(
        "checkpoint",
        "checkpoint",
        output::document::<output::checkpoint::Checkpoint>,
    ),
    typed(
        "checkpoints",
        "checkpoints",
        output::document::<output::checkpoint::Checkpoints<'static>>,
    ),
    typed(
        "rollback",
        "rollback",
        output::document::<output::checkpoint::Rollback>,
    ),
    typed(
        "doctor",
        "doctor",
        output::document::<output::board::Doctor>,
    ),
    typed("run", "run", output::document::<output::run::Run>),
    typed(
        "prompt",
        "prompt, goal prompt",
        output::document::<output::run::Prompt>,
    ),
    typed(
        "review-report",
        "review report",
        output::document::<output::review::ReviewReport>,
    ),
    typed(
        "backup",
        "backup",
        output::document::<output::backup::Backup>,
    ),
    typed(
        "backups",
        "backups",
        output::document::<output::backup::Backups>,
    ),
    typed(
        "restore",
        "restore",
        output::document::<output::restore::Restore>,
    ),
    typed(
        "history",
        "history",
        output::document::<output::backup::History>,
    ),
    typed(
        "loop-act",
        "loop act",
        output::document::<output::loop_act::LoopAct>,
    ),
    typed(
        "loop-show",
        "loop show",
        output::document::<output::loops::LoopShow>,
    ),
    typed(
        "loop-validate",
        "loop validate",
        output::document::<output::loops::LoopValidate<'static>>,
    ),
    typed(
        "goal-review",
        "goal review",
        output::document::<output::goal::GoalReview<'static>>,
    ),
    typed(
        "tick",
        "tick, event",
        output::document::<output::goal::Tick<'static>>,
    ),
    typed(
        "adopt",
        "adopt",
        output::document::<output::adopt::Adopt<'static>>,
    ),
    typed(
        "output",
        "init, kind new, hooks, acknowledge, report, demo: the lines a command without a result of its own prints",
        output::document::<output::lines::Lines>,
    ),
    typed(
        "schemas",
        "schema (without NAME): the schemas there are",
        output::document::<output::schemas::Schemas>,
    ),
];

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let Some(name) = args.name else {
        if ui.is_json() {
            ui.json(&output::schemas::Schemas {
                version: output::Version,
                schemas: SCHEMAS
                    .iter()
                    .map(|e| output::schemas::Listed {
                        name: e.name.to_owned(),
                        describes: e.describes.to_owned(),
                    })
                    .collect(),
            });
        } else {
            for e in SCHEMAS {
                ui.line(format!(
                    "{} {}",
                    paint(BOLD, format!("{:<12}", e.name)),
                    e.describes
                ));
            }
        }
        return Ok(0);
    };
    let Some(entry) = SCHEMAS.iter().find(|e| e.name == name) else {
        let names: Vec<&str> = SCHEMAS.iter().map(|e| e.name).collect();
        return Err(orx::Error::BadValue {
            input: "NAME".to_owned(),
            message: {
                let (name, list) = (orx::text::escape(&name), names.join(", "));
                match orx::text::closest(&name, &names) {
                    Some(guess) => orx::msg!("no-schema-name-did-you", name, guess, list),
                    None => orx::msg!("no-schema-name-schemas-list", name, list),
                }
            },
        });
    };
    // The schema is the output, with --json or without.
    if ui.is_json() {
        ui.json(&entry.schema());
    } else {
        ui.verbatim(entry.text().trim_end());
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every committed schema is the one generated from its output's
    /// type. `ORX_UPDATE_SCHEMAS=1 cargo test committed_schemas` writes
    /// them.
    #[test]
    fn committed_schemas_are_those_the_output_types_generate() {
        let update = std::env::var_os("ORX_UPDATE_SCHEMAS").is_some();
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas");
        let mut stale = Vec::new();
        for e in SCHEMAS {
            let v = e.schema();
            assert_eq!(
                v["$schema"], "https://json-schema.org/draft/2020-12/schema",
                "{}",
                e.name
            );
            let path = dir.join(format!("{}.json", e.name));
            let text = e.text();
            if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
                continue;
            }
            stale.push(e.name);
            if update {
                std::fs::write(&path, text).unwrap();
            }
        }
        assert!(
            update || stale.is_empty(),
            "stale schemas (the types changed): {stale:?}; run ORX_UPDATE_SCHEMAS=1 cargo test committed_schemas"
        );
    }

    /// Every file under `schemas/` is one the command prints.
    #[test]
    fn every_schema_file_is_listed() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas");
        for e in std::fs::read_dir(dir).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            let name = name.trim_end_matches(".json");
            assert!(SCHEMAS.iter().any(|e| e.name == name), "{name}");
        }
    }
}
