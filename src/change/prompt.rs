//! The prompt an executor gets for an action: the template
//! `templates/prompts/<kind>/<action>.md` (built in), or the repository's
//! own `.orx/prompts/<kind>/<action>.md`, or the generic one, with its
//! placeholders filled in:
//!
//! - `{{id}}`, `{{kind}}`, `{{title}}`, `{{role}}`, `{{state}}` (the item's
//!   state);
//! - `{{action}}`, `{{description}}` (the action's), `{{argument}}` (the
//!   dimension under review, `none` when the action has none);
//! - `{{work_dir}}` (the repository's root), `{{path}}` (the item's file);
//! - `{{fields}}` (the item's fields as JSON), `{{item.FIELD}}` (one field,
//!   dotted; text as is, anything else as JSON);
//! - `{{updates}}` (the fields the executor may set), `{{return}}` (the
//!   JSON the executor prints).

use serde_json::Value;

use crate::workflow::run::Action;

/// The built-in prompt templates, by `kind/action`.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "codereview/collect-context",
        include_str!("../../templates/prompts/codereview/collect-context.md"),
    ),
    (
        "codereview/quick-scan",
        include_str!("../../templates/prompts/codereview/quick-scan.md"),
    ),
    (
        "codereview/deep-review",
        include_str!("../../templates/prompts/codereview/deep-review.md"),
    ),
    (
        "codereview/generate-report",
        include_str!("../../templates/prompts/codereview/generate-report.md"),
    ),
    (
        "loop/init",
        include_str!("../../templates/prompts/loop/init.md"),
    ),
    (
        "loop/develop",
        include_str!("../../templates/prompts/loop/develop.md"),
    ),
    (
        "loop/debug",
        include_str!("../../templates/prompts/loop/debug.md"),
    ),
    (
        "loop/validate",
        include_str!("../../templates/prompts/loop/validate.md"),
    ),
    (
        "goal/discussion",
        include_str!("../../templates/prompts/goal/discussion.md"),
    ),
    (
        "goal/discussion.zh",
        include_str!("../../templates/prompts/goal/discussion.zh.md"),
    ),
    (
        "goal/directed-discussion",
        include_str!("../../templates/prompts/goal/directed-discussion.md"),
    ),
    (
        "goal/directed-discussion.zh",
        include_str!("../../templates/prompts/goal/directed-discussion.zh.md"),
    ),
    (
        "goal/round-review",
        include_str!("../../templates/prompts/goal/round-review.md"),
    ),
    (
        "goal/round-review.zh",
        include_str!("../../templates/prompts/goal/round-review.zh.md"),
    ),
    (
        "task/executor",
        include_str!("../../templates/prompts/task/executor.md"),
    ),
    (
        "task/executor.zh",
        include_str!("../../templates/prompts/task/executor.zh.md"),
    ),
    (
        "task/ci-failure",
        include_str!("../../templates/prompts/task/ci-failure.md"),
    ),
    (
        "task/ci-failure.zh",
        include_str!("../../templates/prompts/task/ci-failure.zh.md"),
    ),
    (
        "task/review-request",
        include_str!("../../templates/prompts/task/review-request.md"),
    ),
    (
        "task/review-request.zh",
        include_str!("../../templates/prompts/task/review-request.zh.md"),
    ),
    (
        "task/changes-requested",
        include_str!("../../templates/prompts/task/changes-requested.md"),
    ),
    (
        "task/changes-requested.zh",
        include_str!("../../templates/prompts/task/changes-requested.zh.md"),
    ),
    (
        "task/approved",
        include_str!("../../templates/prompts/task/approved.md"),
    ),
    (
        "task/approved.zh",
        include_str!("../../templates/prompts/task/approved.zh.md"),
    ),
    (
        "goal/plan-review",
        include_str!("../../templates/prompts/goal/plan-review.md"),
    ),
    (
        "goal/plan-review.zh",
        include_str!("../../templates/prompts/goal/plan-review.zh.md"),
    ),
    (
        "goal/escalated",
        include_str!("../../templates/prompts/goal/escalated.md"),
    ),
    (
        "goal/escalated.zh",
        include_str!("../../templates/prompts/goal/escalated.zh.md"),
    ),
    (
        "goal/closed",
        include_str!("../../templates/prompts/goal/closed.md"),
    ),
    (
        "goal/closed.zh",
        include_str!("../../templates/prompts/goal/closed.zh.md"),
    ),
    (
        "task/merged",
        include_str!("../../templates/prompts/task/merged.md"),
    ),
    (
        "task/merged.zh",
        include_str!("../../templates/prompts/task/merged.zh.md"),
    ),
    (
        "task/pr-closed",
        include_str!("../../templates/prompts/task/pr-closed.md"),
    ),
    (
        "task/pr-closed.zh",
        include_str!("../../templates/prompts/task/pr-closed.zh.md"),
    ),
    (
        "task/issue-closed",
        include_str!("../../templates/prompts/task/issue-closed.md"),
    ),
    (
        "task/issue-closed.zh",
        include_str!("../../templates/prompts/task/issue-closed.zh.md"),
    ),
];

/// The template for an action no file gives one for.
pub const GENERIC: &str = include_str!("../../templates/prompts/generic.md");

/// Where a repository keeps its own prompt templates.
pub const PROMPTS_DIR: &str = ".orx/prompts";

/// The template for `kind`'s action `prompt` in `lang`: the repository's
/// own (read from `root`; `<prompt>.zh.md` for Chinese, else
/// `<prompt>.md`), else the built-in one in that language, else in
/// English, else the generic one; with where it came from.
pub fn template(
    root: &std::path::Path,
    kind: &crate::workflow::kind::Kind,
    prompt: &str,
    lang: &str,
) -> (String, String) {
    let kind = kind.name();
    let names: Vec<String> = match lang {
        "en" => vec![prompt.to_owned()],
        other => vec![format!("{prompt}.{other}"), prompt.to_owned()],
    };
    if crate::text::check_id(kind).is_ok() && crate::text::check_id(prompt).is_ok() {
        for name in &names {
            let own = format!("{PROMPTS_DIR}/{kind}/{name}.md");
            if let Ok(bytes) = crate::engine::item::read_limited(&root.join(&own))
                && let Ok(text) = String::from_utf8(bytes)
            {
                return (text, own);
            }
        }
    }
    for name in &names {
        let key = format!("{kind}/{name}");
        if let Some((_, t)) = BUILTIN.iter().find(|(k, _)| *k == key) {
            return ((*t).to_owned(), format!("templates/prompts/{key}.md"));
        }
    }
    (
        GENERIC.to_owned(),
        "templates/prompts/generic.md".to_owned(),
    )
}

/// What a prompt is rendered from.
pub struct Context<'a> {
    pub work_dir: &'a str,
    pub path: &'a str,
    pub kind: &'a str,
    pub id: &'a str,
    pub state: &'a str,
    pub role: &'a str,
    /// The item's fields (its frontmatter, defaults laid under).
    pub fields: &'a Value,
    pub action: &'a Action,
    pub argument: Option<&'a str>,
}

/// The fields the executor may set for `action` (with its argument put
/// in for `{argument}`).
pub fn allowed(action: &Action, argument: Option<&str>) -> Vec<Vec<String>> {
    action
        .updates
        .iter()
        .map(|p| {
            p.iter()
                .map(|k| k.replace("{argument}", argument.unwrap_or("")))
                .collect()
        })
        .collect()
}

/// The JSON contract, as the prompt states it.
pub fn return_contract(action: &Action, argument: Option<&str>) -> String {
    let fields: Vec<String> = allowed(action, argument)
        .iter()
        .map(|p| format!("`{}`", p.join(".")))
        .collect();
    let may = if fields.is_empty() {
        "no field (print `{\"stateUpdates\": {}}`)".to_owned()
    } else {
        fields.join(", ")
    };
    format!(
        "Print one JSON object on standard output, and nothing else:\n\n    {{\"stateUpdates\": {{\"FIELD\": VALUE}}}}\n\nFIELD is a field path (dotted, `a.b`, or nested objects). You may set: {may}. Any other field is refused and counted as an error. Exit with a non-zero status if the action cannot be done."
    )
}

/// Renders `template` for `cx`.
pub fn render(template: &str, cx: &Context) -> String {
    let mut out = String::with_capacity(template.len() + 512);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            rest = "";
            break;
        };
        let name = after[..end].trim();
        match value(name, cx) {
            Some(v) => out.push_str(&v),
            None => out.push_str(&rest[start..start + 2 + end + 2]),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "none".to_owned(),
        other => serde_json::to_string_pretty(other).unwrap_or_default(),
    }
}

fn value(name: &str, cx: &Context) -> Option<String> {
    Some(match name {
        "id" => cx.id.to_owned(),
        "kind" => cx.kind.to_owned(),
        "title" => cx.fields.get("title").map(text_of).unwrap_or_default(),
        "role" => cx.role.to_owned(),
        "state" => cx.state.to_owned(),
        "action" => cx.action.name.clone(),
        "description" => cx.action.description.clone(),
        "argument" => cx.argument.unwrap_or("none").to_owned(),
        "work_dir" => cx.work_dir.to_owned(),
        "path" => cx.path.to_owned(),
        "fields" => serde_json::to_string_pretty(cx.fields).unwrap_or_default(),
        "updates" => {
            let a = allowed(cx.action, cx.argument);
            if a.is_empty() {
                "none".to_owned()
            } else {
                a.iter().map(|p| p.join(".")).collect::<Vec<_>>().join(", ")
            }
        }
        "return" => return_contract(cx.action, cx.argument),
        other => {
            let path = other.strip_prefix("item.")?;
            let mut v = cx.fields;
            for k in path.split('.') {
                v = v.get(k)?;
            }
            text_of(v)
        }
    })
}
