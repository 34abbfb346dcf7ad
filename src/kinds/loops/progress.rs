//! A loop's progress files, `.loop/{id}.progress/`: `develop.md`,
//! `debug.md` and `validate.md` show their phase's part of `skill_state`
//! (a table for people, and the part itself as a JSON block, from which
//! [`section`] reads it back when the main file is lost); `changes.log`
//! and `debug.log` get one JSON line per file changed and per hypothesis
//! judged.

use serde_json::{Value, json};

use super::Paths;
use crate::error::Result;
use crate::repo::workspace::Workspace;

/// The progress file of each phase of `skill_state`.
pub const PHASES: &[(&str, &str)] = &[
    ("develop", "develop.md"),
    ("debug", "debug.md"),
    ("validate", "validate.md"),
];

/// The files an action writes beside the loop file, with their new
/// bytes: its phase's Markdown, and the logs it appends to (init writes
/// all three Markdown files).
pub fn files_after(
    ws: &Workspace,
    paths: &Paths,
    action: &str,
    _before: &Value,
    after: &Value,
    input: &Value,
    now: &str,
) -> Result<Vec<(String, Vec<u8>)>> {
    let ss = &after["skill_state"];
    let title = after["title"].as_str().unwrap_or_default();
    let mut out = Vec::new();
    for (phase, file) in PHASES {
        if action == "init" || action == *phase {
            out.push((
                paths.progress_file(file),
                render(phase, title, &ss[*phase]).into_bytes(),
            ));
        }
    }
    let append = |name: &str, lines: Vec<Value>| -> Option<(String, Vec<u8>)> {
        if lines.is_empty() {
            return None;
        }
        let rel = paths.progress_file(name);
        let mut bytes = std::fs::read(ws.root().join(&rel)).unwrap_or_default();
        if !bytes.is_empty() && !bytes.ends_with(b"\n") {
            bytes.push(b'\n');
        }
        for l in lines {
            bytes.extend(format!("{l}\n").into_bytes());
        }
        Some((rel, bytes))
    };
    match action {
        "develop" => {
            let task = &ss["develop"]["current_task"];
            // The files given, else those the current task records.
            let recorded = ss["develop"]["tasks"]
                .as_array()
                .and_then(|t| t.iter().find(|t| t["id"] == *task))
                .map(|t| t["files_changed"].clone())
                .unwrap_or_default();
            let files = input["files_changed"]
                .as_array()
                .or(recorded.as_array())
                .cloned()
                .unwrap_or_default();
            let lines = files
                .iter()
                .map(|f| json!({"timestamp": now, "task": task, "file": f, "action": "develop"}))
                .collect();
            out.extend(append("changes.log", lines));
        }
        "debug" => {
            let mut lines: Vec<Value> = input["log"].as_array().cloned().unwrap_or_default();
            lines.extend(ss["debug"]["hypotheses"].as_array().into_iter().flatten().map(|h| {
                json!({
                    "timestamp": now,
                    "hypothesis": h["id"],
                    "status": h["status"],
                    "evidence": h.get("evidence").cloned().unwrap_or(Value::Null),
                    "verdict_reason": h.get("verdict_reason").cloned().unwrap_or(Value::Null),
                })
            }));
            out.extend(append("debug.log", lines));
        }
        _ => {}
    }
    Ok(out)
}

const BLOCK_START: &str = "```json\n";
const BLOCK_END: &str = "\n```";

/// The Markdown of one phase's progress file.
pub fn render(phase: &str, title: &str, part: &Value) -> String {
    let mut s = match phase {
        "develop" => format!("# Development progress: {title}\n\n"),
        "debug" => format!("# Debugging: {title}\n\n"),
        _ => format!("# Validation report: {title}\n\n"),
    };
    let cell = |v: &Value| match v {
        Value::Null => "-".to_owned(),
        Value::String(s) => s.replace('|', "\\|").replace('\n', " "),
        v => v.to_string().replace('|', "\\|"),
    };
    if let Value::Object(m) = part {
        s.push_str("| field | value |\n| --- | --- |\n");
        for (k, v) in m {
            if !v.is_array() {
                s.push_str(&format!("| {k} | {} |\n", cell(v)));
            }
        }
    }
    let (list, cols): (&str, &[&str]) = match phase {
        "develop" => ("tasks", &["id", "status", "description", "files_changed"]),
        "debug" => (
            "hypotheses",
            &[
                "id",
                "status",
                "likelihood",
                "description",
                "verdict_reason",
            ],
        ),
        _ => (
            "test_results",
            &[
                "test_name",
                "suite",
                "status",
                "duration_ms",
                "error_message",
            ],
        ),
    };
    if let Some(items) = part[list].as_array().filter(|a| !a.is_empty()) {
        s.push_str(&format!(
            "\n## {list}\n\n| {} |\n|{}\n",
            cols.join(" | "),
            " --- |".repeat(cols.len())
        ));
        for i in items {
            let row: Vec<String> = cols.iter().map(|c| cell(&i[*c])).collect();
            s.push_str(&format!("| {} |\n", row.join(" | ")));
        }
    }
    s.push_str(&format!(
        "\n## State\n\n{BLOCK_START}{}{BLOCK_END}\n",
        serde_json::to_string_pretty(part).unwrap_or_default()
    ));
    s
}

/// The phase's part of `skill_state` a progress file holds, if it holds
/// a readable one.
pub fn section(markdown: &str) -> Option<Value> {
    let start = markdown.rfind(BLOCK_START)? + BLOCK_START.len();
    let end = start + markdown[start..].find(BLOCK_END)?;
    serde_json::from_str(&markdown[start..end])
        .ok()
        .filter(Value::is_object)
}
