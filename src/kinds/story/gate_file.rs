//! QA gate files, for a workflow whose `body:` names a `gates:` directory
//! (BMAD's `docs/qa/gates/{epic}.{story}-{slug}.yml`): `gate --as qa`
//! writes one with the round's verdict (`gate: PASS|CONCERNS|FAIL`), its
//! reason and its issues by severity (low, medium, high); `show` reads the
//! verdict of an existing one, whoever wrote it (WAIVED included).

use serde_json::Value;

use crate::change::plan::{self, Executed};
use crate::error::Result;
use crate::repo::workspace::Workspace;
use crate::text::slug;

/// The verdict an existing gate file records.
#[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct GateFile {
    pub path: String,
    /// PASS, CONCERNS, FAIL or WAIVED, as the file says
    pub gate: String,
    pub reason: Option<String>,
}

/// Where the gate file of story `id` titled `title` goes in `dir`.
pub fn path_for(dir: &str, id: &str, title: &str) -> String {
    format!("{}/{id}-{}.yml", dir.trim_end_matches('/'), slug(title))
}

/// The gate a QA round's findings give: FAIL for an unmet criterion, a
/// Critical or a High issue; CONCERNS for a Medium one; else PASS.
pub fn verdict(findings: &[(String, Value)]) -> &'static str {
    let n = |k: &str| {
        findings
            .iter()
            .find(|(f, _)| f == k)
            .and_then(|(_, v)| v.as_u64())
            .unwrap_or(0)
    };
    let failed = findings
        .iter()
        .any(|(f, v)| f == "criteria" && v.as_str() != Some("met"));
    if failed || n("critical") > 0 || n("high") > 0 {
        "FAIL"
    } else if n("medium") > 0 {
        "CONCERNS"
    } else {
        "PASS"
    }
}

/// The gate file's text, in BMAD's fields.
pub fn render(
    id: &str,
    title: &str,
    round: i64,
    findings: &[(String, Value)],
    note: Option<&str>,
    now: &str,
) -> String {
    let gate = verdict(findings);
    let q = |s: &str| {
        crate::doc::render::string(s, Some(granit_parser::ScalarStyle::DoubleQuoted), false)
    };
    let n = |k: &str| {
        findings
            .iter()
            .find(|(f, _)| f == k)
            .and_then(|(_, v)| v.as_u64())
            .unwrap_or(0)
    };
    let criteria_failed = findings
        .iter()
        .any(|(f, v)| f == "criteria" && v.as_str() != Some("met"));
    let reason = match note {
        Some(n) if !n.trim().is_empty() => n.lines().next().unwrap_or_default().to_owned(),
        _ if criteria_failed => format!("review round {round}: an acceptance criterion is not met"),
        _ => format!(
            "review round {round}: {} critical, {} high, {} medium, {} low",
            n("critical"),
            n("high"),
            n("medium"),
            n("low")
        ),
    };
    let mut issues = String::new();
    let mut k = 0;
    for (field, severity) in [
        ("critical", "high"),
        ("high", "high"),
        ("medium", "medium"),
        ("low", "low"),
    ] {
        let count = n(field);
        if count > 0 {
            k += 1;
            issues.push_str(&format!(
                "  - id: {}\n    severity: {severity}\n    finding: {}\n    suggested_action: {}\n",
                q(&format!("QA-{round}-{k}")),
                q(&format!(
                    "{count} {field} issue(s) found in review round {round}"
                )),
                q("see the story's QA Results"),
            ));
        }
    }
    if criteria_failed {
        issues.push_str(&format!(
            "  - id: {}\n    severity: high\n    finding: {}\n    suggested_action: {}\n",
            q(&format!("QA-{round}-ac")),
            q("an acceptance criterion is not met"),
            q("meet every acceptance criterion"),
        ));
    }
    let top = if issues.is_empty() {
        "top_issues: []\n".to_owned()
    } else {
        format!("top_issues:\n{issues}")
    };
    format!(
        "schema: 1\nstory: {}\nstory_title: {}\ngate: {gate}\nstatus_reason: {}\nreviewer: {}\nupdated: {}\n{top}waiver:\n  active: false\n",
        q(id),
        q(title),
        q(&reason),
        q("QA (git orx gate)"),
        q(now),
    )
}

/// The gate file of story `id` in `dir`, if there is one (`{id}-*.yml`,
/// `{id}-*.yaml` or `{id}.yml`), with its verdict.
pub fn read(ws: &Workspace, dir: &str, id: &str) -> Option<GateFile> {
    let entries = std::fs::read_dir(ws.root().join(dir)).ok()?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| {
            let stem = n.strip_suffix(".yml").or_else(|| n.strip_suffix(".yaml"));
            stem.is_some_and(|s| s == id || s.starts_with(&format!("{id}-")))
        })
        .collect();
    names.sort();
    let name = names.into_iter().next()?;
    let path = format!("{}/{name}", dir.trim_end_matches('/'));
    let bytes = crate::engine::item::read_limited(&ws.root().join(&path)).ok()?;
    let v: Value = serde_saphyr::from_str(std::str::from_utf8(&bytes).ok()?).ok()?;
    Some(GateFile {
        gate: v.get("gate")?.as_str()?.to_owned(),
        reason: v
            .get("status_reason")
            .and_then(Value::as_str)
            .map(str::to_owned),
        path,
    })
}

/// Writes (and commits, when `commit`) the gate file of a QA round.
#[allow(clippy::too_many_arguments)]
pub fn write(
    ws: &Workspace,
    dir: &str,
    id: &str,
    title: &str,
    round: i64,
    findings: &[(String, Value)],
    note: Option<&str>,
    commit: bool,
) -> Result<(String, Executed)> {
    let path = match read(ws, dir, id) {
        Some(existing) => existing.path,
        None => path_for(dir, id, title),
    };
    let old = std::fs::read(ws.root().join(&path)).ok();
    let now = crate::repo::workspace::now();
    let text = render(id, title, round, findings, note, &now);
    let message = format!(
        "QA gate for story {id}, round {round}: {}",
        verdict(findings)
    );
    let done = plan::write_file(
        ws,
        &path,
        old.as_deref(),
        text.as_bytes(),
        &message,
        "qa",
        commit,
    )?;
    Ok((path, done))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn f(pairs: &[(&str, Value)]) -> Vec<(String, Value)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect()
    }

    #[test]
    fn verdicts_follow_the_worst_finding() {
        let met = json!("met");
        assert_eq!(
            verdict(&f(&[("critical", json!(0)), ("criteria", met.clone())])),
            "PASS"
        );
        assert_eq!(
            verdict(&f(&[("medium", json!(2)), ("criteria", met.clone())])),
            "CONCERNS"
        );
        assert_eq!(
            verdict(&f(&[("high", json!(1)), ("criteria", met.clone())])),
            "FAIL"
        );
        assert_eq!(verdict(&f(&[("criteria", json!("failed"))])), "FAIL");
    }

    #[test]
    fn a_gate_file_reads_back_as_yaml() {
        let text = render(
            "1.2",
            "Sign: out",
            2,
            &f(&[
                ("critical", json!(0)),
                ("medium", json!(1)),
                ("low", json!(3)),
                ("criteria", json!("met")),
            ]),
            None,
            "2026-01-02T03:04:05Z",
        );
        let v: Value = serde_saphyr::from_str(&text).unwrap();
        assert_eq!(v["gate"], "CONCERNS");
        assert_eq!(v["story"], "1.2");
        assert_eq!(v["story_title"], "Sign: out");
        assert_eq!(v["top_issues"][0]["severity"], "medium");
        assert_eq!(v["top_issues"][1]["severity"], "low");
        assert_eq!(
            path_for("docs/qa/gates", "1.2", "Sign: out"),
            "docs/qa/gates/1.2-sign-out.yml"
        );
    }
}
