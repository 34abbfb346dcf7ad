//! Test results from a JUnit XML report, as a loop's validate records
//! them (`TestResult`: test_name, suite, status, duration_ms,
//! error_message, stack_trace).

use quick_junit::{Report, TestCaseStatus};
use serde_json::{Value, json};

/// The test results of JUnit XML `xml`, one per test case.
pub fn test_results(xml: &str) -> Result<Vec<Value>, crate::text::message::Message> {
    // The XML reader's own words.
    let report = Report::deserialize_from_str(&with_named_root(xml))
        .map_err(|e| crate::msg!("junit-not-report", error = e.to_string()))?;
    let text = |s: &Option<quick_junit::XmlString>| {
        s.as_ref().map_or(Value::Null, |s| json!(s.as_str().trim()))
    };
    let mut out = Vec::new();
    for suite in &report.test_suites {
        for case in &suite.test_cases {
            let (status, message, trace) = match &case.status {
                TestCaseStatus::Success { .. } => ("passed", Value::Null, Value::Null),
                TestCaseStatus::NonSuccess {
                    message,
                    description,
                    ..
                } => ("failed", text(message), text(description)),
                TestCaseStatus::Skipped { message, .. } => ("skipped", text(message), Value::Null),
            };
            out.push(json!({
                "test_name": case.name.as_str(),
                "suite": suite.name.as_str(),
                "status": status,
                "duration_ms": case.time.map_or(0, |t| t.as_millis() as u64),
                "error_message": message,
                "stack_trace": trace,
            }));
        }
    }
    Ok(out)
}

/// `xml` with a `<testsuites>` root that has a `name`, as the reader
/// needs: many tools write an unnamed `<testsuites>`, or a lone
/// `<testsuite>` (Maven Surefire).
fn with_named_root(xml: &str) -> std::borrow::Cow<'_, str> {
    if let Some(i) = xml.find("<testsuites") {
        let tag_end = xml[i..].find('>').map_or(xml.len(), |e| i + e);
        if xml[i..tag_end].contains("name=") {
            return xml.into();
        }
        let at = i + "<testsuites".len();
        return format!("{} name=\"\"{}", &xml[..at], &xml[at..]).into();
    }
    match xml.find("<testsuite") {
        Some(i) => format!(
            "{}<testsuites name=\"\">{}</testsuites>",
            &xml[..i],
            &xml[i..]
        )
        .into(),
        None => xml.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junit_cases_become_test_results_with_durations_and_failure_messages() {
        let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="all" tests="3" failures="1">
  <testsuite name="auth" tests="3" failures="1" errors="0" skipped="1">
    <testcase name="login works" classname="auth" time="0.125"/>
    <testcase name="logout works" classname="auth" time="1.5">
      <failure message="expected 200, got 401" type="assert">at auth.ts:42</failure>
    </testcase>
    <testcase name="sso" classname="auth"><skipped message="no idp"/></testcase>
  </testsuite>
</testsuites>"#;
        let r = test_results(xml).unwrap();
        assert_eq!(r.len(), 3);
        assert_eq!(
            r[1],
            json!({"test_name": "logout works", "suite": "auth", "status": "failed", "duration_ms": 1500, "error_message": "expected 200, got 401", "stack_trace": "at auth.ts:42"})
        );
        assert_eq!(r[0]["status"], json!("passed"));
        assert_eq!(r[0]["duration_ms"], json!(125));
        assert_eq!(r[2]["status"], json!("skipped"));
        assert!(test_results("<nope").is_err());
        let lone = r#"<?xml version="1.0"?><testsuite name="s"><testcase name="t"/></testsuite>"#;
        assert_eq!(test_results(lone).unwrap()[0]["status"], json!("passed"));
    }

    #[test]
    fn a_report_or_task_list_that_does_not_read_is_said_in_each_language() {
        use crate::text::message::Lang;
        let zh = Lang::named("zh");
        let m = test_results("<nope").unwrap_err();
        assert!(m.to_string().starts_with("not a JUnit XML report: "), "{m}");
        assert!(m.render(zh).starts_with("不是 JUnit XML 报告: "), "{m}");
        let tasks = "{\"description\": \"a\"}\n[1]\n";
        let m = super::super::parse_tasks(tasks, "").unwrap_err();
        assert_eq!(m.to_string(), "line 2: a task is a JSON object");
        assert_eq!(m.render(zh), "第 2 行: 任务须是一个 JSON 对象");
        let m = super::super::parse_tasks("{}", "").unwrap_err();
        assert_eq!(m.render(zh), "第 1 行: 任务需要 `description`");
    }
}
