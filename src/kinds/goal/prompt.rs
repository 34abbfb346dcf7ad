//! What an agent is handed for each phase of a goal or task: the prompt
//! templates (`templates/prompts/goal/*.md`, `templates/prompts/task/*.md`,
//! or the repository's `.orx/prompts/<kind>/<name>.md`), filled with the
//! item's data (`{field}` as in handoffs), the goal's body, the answers
//! so far, a task's steps, and at a round review what each task delivered.

use serde::Serialize;
use serde_json::{Value, json};

use super::*;

/// What one task of a round delivered.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Delivered {
    pub id: String,
    pub title: String,
    pub status: String,
    pub assignee: Option<String>,
    /// `abc1234 subject`, oldest first.
    pub commits: Vec<String>,
    pub files: Vec<String>,
}

/// A round's review: its summary and each task's deliverables.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct RoundReview {
    pub goal: String,
    pub round: u64,
    pub summary: Summary,
    pub tasks: Vec<Delivered>,
}

/// The review of goal `id`'s current round.
pub fn round_review(ws: &Workspace, id: &str) -> Result<RoundReview> {
    let (goal, _) = open(ws, GOAL, id)?;
    let round = count(&goal.value(), "round_count");
    let mut tasks = Vec::new();
    for t in tasks_of(ws, &goal.id)? {
        let v = t.value();
        if count(&v, "goal_round") != round {
            continue;
        }
        let (mut commits, mut files) = (Vec::new(), Vec::new());
        if let Some(c) = v["closed_by"]["commit"].as_str().filter(|c| !c.is_empty())
            && let Ok(info) = ws.repo.commit(c)
            && let Some(first) = info.parents.first()
        {
            // The work, not the bookkeeping: commits that change only
            // items are left out, and so are the items.
            let work = |from: &str, to: &str| -> Result<Vec<String>> {
                Ok(ws
                    .repo
                    .changes(
                        &crate::git::Side::Commit(from.to_owned()),
                        &crate::git::Side::Commit(to.to_owned()),
                        &[],
                    )?
                    .into_iter()
                    .filter_map(|f| f.new_path.or(f.old_path))
                    .filter(|p| !ws.rules.is_item_path(p))
                    .collect())
            };
            for id in ws.repo.walk(&[format!("{first}..{}", info.id)], true)? {
                let c = ws.repo.commit(&id)?;
                let Some(parent) = c.parents.first() else {
                    continue;
                };
                if c.parents.len() < 2 && !work(parent, &c.id)?.is_empty() {
                    commits.push(format!("{} {}", c.short, c.summary()));
                }
            }
            files = work(first, &info.id)?;
            files.sort();
            files.dedup();
        }
        tasks.push(Delivered {
            id: t.id.clone(),
            title: t.title.clone(),
            status: t.status.clone(),
            assignee: text(&v, "assignee").map(str::to_owned),
            commits,
            files,
        });
    }
    Ok(RoundReview {
        goal: goal.id.clone(),
        round,
        summary: summary(ws, &goal.id, round)?,
        tasks,
    })
}

/// The prompt named `name` of `kind` in the repository's language: the
/// repository's own (`.orx/prompts/<kind>/<name>.md`), else the built-in
/// one.
pub fn prompt_template(ws: &Workspace, kind: &crate::workflow::kind::Kind, name: &str) -> String {
    crate::change::prompt::template(ws.root(), kind, name, ws.lang()).0
}

/// Whether `item` is given its phase's own prompt rather than its next
/// action's: a goal always, a task when no executor acts on it
/// (`executor_acts` false: its review, its merge, a failed check).
pub fn takes_phase_prompt(item: &Item, executor_acts: bool) -> bool {
    item.kind == GOAL || (item.kind == TASK && !executor_acts)
}

/// Which prompt the item's phase takes, if it takes one.
pub fn phase(item: &Item) -> Option<&'static str> {
    let v = item.value();
    match (item.kind.name(), item.status.as_str()) {
        (GOAL, PLANNING) => Some("directed-discussion"),
        (GOAL, "discussing") if text(&v, "discussion") == Some("directed") => {
            Some("directed-discussion")
        }
        (GOAL, "escalated") => Some("escalated"),
        (GOAL, "closed") => Some("closed"),
        (TASK, DONE) => Some("merged"),
        (GOAL, "discussing") => Some("discussion"),
        (GOAL, "round-review") => Some("round-review"),
        (TASK, "pending" | "in-progress") => Some("executor"),
        (TASK, "ci-failed") => Some("ci-failure"),
        (TASK, "in-review") => Some("review-request"),
        (TASK, "changes-requested") => Some("changes-requested"),
        (TASK, "approved") => Some("approved"),
        _ => None,
    }
}

/// A Markdown body's section `## name`, without its heading.
fn body_of(item: &Item) -> String {
    item.doc.body().trim().to_owned()
}

/// The prompt for item `id` (a goal or a task) in its current phase, for
/// `role` (by default, who acts next), filled in; `None` where its phase
/// takes none.
pub fn prompt(ws: &Workspace, id: &str, role: Option<&str>) -> Result<Option<(String, String)>> {
    let item = ws.find(id)?;
    if item.kind != GOAL && item.kind != TASK {
        return Err(Error::Usage(crate::msg!(
            "id-not-goal-task",
            id = item.label()
        )));
    }
    let Some(name) = phase(&item) else {
        return Ok(None);
    };
    let wf = item.kind.workflow()?;
    let v = item.value();
    let owner = wf.state(&item.status).and_then(|s| wf.owner_of(s, &v));
    let role = role
        .map(str::to_owned)
        .or_else(|| {
            v["addressed"]
                .as_array()
                .and_then(|a| a.first())
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .or(owner)
        .unwrap_or_else(|| "lead".to_owned());
    // In a directed discussion the reviewer is handed the plan to check.
    let name = if name == "directed-discussion"
        && item.status == PLANNING
        && role == crate::workflow::role::canonical("reviewer")
    {
        "plan-review"
    } else {
        name
    };
    Ok(Some((
        name.to_owned(),
        render(ws, &item, name, &role, &[])?,
    )))
}

/// The prompt (or notice) `name` of `item`'s kind for `role`, filled with
/// the item's data and `extra` (`{{number}}`, ...).
pub fn render(
    ws: &Workspace,
    item: &Item,
    name: &str,
    role: &str,
    extra_vars: &[(&str, String)],
) -> Result<String> {
    let wf = item.kind.workflow()?;
    let mut v = item.value();
    let role = role.to_owned();
    let agents: Vec<&str> = ws
        .rules
        .config
        .team
        .iter()
        .filter(|(_, r)| crate::workflow::role::canonical(r) == role)
        .map(|(a, _)| a.as_str())
        .collect();
    let extra = |v: &mut Value, k: &str, x: Value| {
        if let Some(o) = v.as_object_mut() {
            o.insert(k.to_owned(), x);
        }
    };
    extra(&mut v, "role", json!(role));
    extra(&mut v, "role_name", json!(ws.rules.roles.display(&role)));
    extra(
        &mut v,
        "agent",
        json!(if agents.is_empty() {
            ws.rules.roles.display(&role)
        } else {
            agents.join(", ")
        }),
    );
    extra(
        &mut v,
        "capabilities",
        json!(
            ws.rules
                .config
                .capabilities
                .get(&role)
                .cloned()
                .unwrap_or_else(|| "-".to_owned())
        ),
    );
    extra(&mut v, "body", json!(body_of(item)));
    // The pieces made here are said in the prompt's language.
    let lang = crate::text::message::Lang::named(ws.lang());
    if item.kind == GOAL {
        let round = count(&v, "round_count");
        let answers: Vec<String> = comments(ws, &item.id)?
            .iter()
            .filter(|c| count(&c.value(), "goal_round") == round)
            .map(|c| format!("- {}", c.doc.body().trim().replace('\n', "\n  ")))
            .collect();
        extra(
            &mut v,
            "comments",
            json!(if answers.is_empty() {
                crate::msg!("prompt-no-answers-yet").render(lang)
            } else {
                answers.join("\n")
            }),
        );
        if name == "round-review" {
            let review = round_review(ws, &item.id)?;
            let mut text = String::new();
            for t in &review.tasks {
                let assignee = match t.assignee.as_deref() {
                    Some(a) => Message::text(a),
                    None => crate::msg!("kinds-no-one"),
                };
                let line = crate::msg!(
                    "prompt-deliverable-task",
                    id = &t.id,
                    title = &t.title,
                    state = &t.status,
                    assignee = assignee
                );
                text.push_str(&line.render(lang));
                text.push('\n');
                for c in &t.commits {
                    text.push_str(
                        &crate::msg!("prompt-deliverable-commit", commit = c).render(lang),
                    );
                    text.push('\n');
                }
                if !t.files.is_empty() {
                    let files = crate::msg!("prompt-deliverable-files", files = t.files.join(", "));
                    text.push_str(&files.render(lang));
                    text.push('\n');
                }
            }
            extra(&mut v, "deliverables", json!(text.trim_end()));
        }
    } else {
        let goal = v["parent"].as_str().and_then(|g| open(ws, GOAL, g).ok());
        extra(
            &mut v,
            "goal_title",
            json!(
                goal.as_ref()
                    .map(|(g, _)| g.title.clone())
                    .unwrap_or_default()
            ),
        );
        extra(
            &mut v,
            "goal_body",
            json!(goal.as_ref().map(|(g, _)| body_of(g)).unwrap_or_default()),
        );
        let body = item.doc.body();
        let steps = body
            .split("## Steps")
            .nth(1)
            .map(|s| s.trim().to_owned())
            .unwrap_or_default();
        extra(&mut v, "steps", json!(steps));
    }
    for (k, x) in extra_vars {
        extra(&mut v, k, json!(x));
    }
    let source = prompt_template(ws, &item.kind, name);
    let fields = crate::workflow::expr::merge(&wf.defaults, &v);
    let work_dir = ws.root().display().to_string();
    let known = |name: &str| -> Option<String> {
        Some(match name {
            "id" => item.id.clone(),
            "kind" => item.kind.to_string(),
            "state" => item.status.clone(),
            "path" => item.path.clone(),
            "work_dir" => work_dir.clone(),
            // Outside `git orx run` there is no JSON to print: the
            // commands above record the work.
            "return" => String::new(),
            other => {
                let path = other.strip_prefix("item.").unwrap_or(other);
                let mut at = &fields;
                for k in path.split('.') {
                    at = at.get(k)?;
                }
                match at {
                    Value::String(s) => s.clone(),
                    Value::Null => "none".to_owned(),
                    x => x.to_string(),
                }
            }
        })
    };
    Ok(fill(&source, &known))
}

/// `{{name}}` placeholders filled (as `git orx run`'s prompts are); one
/// nothing names is left as it is.
fn fill(template: &str, value: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 512);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        match value(after[..end].trim()) {
            Some(v) => out.push_str(&v),
            None => out.push_str(&rest[start..start + 2 + end + 2]),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}
