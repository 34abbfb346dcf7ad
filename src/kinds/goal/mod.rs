//! Goals and their tasks: a goal (the parent) is routed to a discussion or
//! straight to execution, discussed by the roles it is addressed to (one
//! comment item per answer, so concurrent comments never conflict), split
//! into tasks that executors claim, and reviewed round by round by the
//! lead. Every state, transition and routing rule is in the `goal`, `task`
//! and `comment` workflows; this module reads the items, computes what
//! the workflows' guards read (who answered, the round's summary, the
//! commit that closes a task) and plans the changes through
//! [`crate::change::plan`].

mod forge;
mod merge;
mod prompt;
mod steps;
mod tick;

pub use forge::*;
pub use merge::*;
pub use prompt::*;
pub use steps::*;
pub use tick::*;

use serde_json::{Value, json};

use crate::change::plan::{self, Actor, Plan};
use crate::engine::decide::NoDecision;
use crate::engine::item::Item;
use crate::error::{Error, Result};
use crate::repo::workspace::Workspace;
use crate::text::message::Message;
use crate::workflow::kind::Kind;
use crate::workflow::{Transition, Workflow};

/// The kind of a goal.
pub const GOAL: &str = "goal";
/// The kind of a goal's task.
pub const TASK: &str = "task";
/// The kind of a discussion comment.
pub const COMMENT: &str = "comment";

/// The states a round review counts (the only terminal ones of a task).
pub const DONE: &str = "done";
pub const FAILED: &str = "failed";
pub const CANCELLED: &str = "cancelled";

/// The event that routes a new goal (the routing matrix is the guards of
/// the transitions out of its initial state that answer it).
pub const ROUTE: &str = "route";
/// The role the ticker acts as when none is given: the lead, to whom the
/// goal's workflow escalates what the ticker finds.
pub const TICKER_ROLE: &str = "lead";
pub const DISCUSSION_ENDED: &str = "discussion-ended";
pub const NO_TAKER: &str = "no-taker";
pub const ROUND_COMPLETE: &str = "round-complete";
pub const MERGED: &str = "merged";
/// The state of a directed discussion whose plan waits for the reviewer.
pub const PLANNING: &str = "planning";

/// The steps each type of task's executor is given, by type, unless the
/// repository's `.orx/steps.yaml` says otherwise.
pub const STEPS: &str = include_str!("../../../templates/steps.yaml");
/// Where a repository keeps its own steps.
pub const STEPS_PATH: &str = ".orx/steps.yaml";

/// A goal to open.
#[derive(Clone, Debug, Default)]
pub struct NewGoal {
    pub title: String,
    pub kind: String,
    pub assignee: Option<String>,
    pub direct: bool,
    pub body: Option<String>,
    /// The forge's issue number, when it came from a forge.
    pub issue: Option<u64>,
}

/// One answer in a discussion: the four dimensions (定位/建议/认领/风险),
/// or NO_REPLY; a role may suggest assigning the goal to one role.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    pub position: Option<String>,
    pub proposal: Option<String>,
    pub claim: Option<String>,
    pub risk: Option<String>,
    pub no_reply: bool,
    pub suggest: Option<String>,
    /// The reviewer's rejection of a directed discussion's plan, with what
    /// must change.
    pub rejected: Option<String>,
}

/// A task to claim.
#[derive(Clone, Debug, Default)]
pub struct Claim {
    pub title: String,
    pub depends: Vec<String>,
    pub kind: Option<String>,
    pub issue: Option<u64>,
    /// The role it is assigned to, when not the claimer's own: the lead
    /// assigns it (the task workflow's `creators:`).
    pub assignee: Option<String>,
}

fn text<'v>(v: &'v Value, key: &str) -> Option<&'v str> {
    v.get(key).and_then(Value::as_str).filter(|s| !s.is_empty())
}

fn count(v: &Value, key: &str) -> u64 {
    v.get(key).and_then(Value::as_u64).unwrap_or(0)
}

/// The item `id` of `kind`, refused when it is another kind's or unusable.
pub fn open(ws: &Workspace, kind: &str, id: &str) -> Result<(Item, std::sync::Arc<Workflow>)> {
    let item = ws.find(&format!(
        "{kind}:{}",
        id.trim_start_matches(&format!("{kind}:"))
    ))?;
    let wf = item.kind.workflow()?;
    if let Some(e) = item.unusable(&wf) {
        return Err(Error::Item(e));
    }
    Ok((item, wf))
}

/// Refuses `op` unless the item's state allows it (`operations:`).
fn allows(wf: &Workflow, item: &Item, op: &str) -> Result<()> {
    crate::kinds::agent::allows(wf, item, &[op])
}

/// Plans `git orx goal new`: a goal from its template, with its type,
/// assignee and flow, in the initial state (routed by [`plan_route`]).
pub fn plan_new_goal(ws: &Workspace, goal: &NewGoal, actor: Actor) -> Result<Plan> {
    let (id, path) = fresh(ws, ws.kind(GOAL)?, &goal.title)?;
    let wf = ws.kind(GOAL)?.workflow()?;
    let mut fields = vec![("type", json!(goal.kind))];
    if let Some(a) = &goal.assignee {
        let a = ws.check_role(a, crate::workflow::role::RoleSource::Flag)?;
        fields.push(("assignee", json!(a)));
    }
    if goal.direct {
        fields.push(("flow", json!("direct")));
    }
    if let Some(n) = goal.issue {
        fields.push(("issue", json!(n)));
    }
    let template = ws
        .kind(GOAL)?
        .template()?
        .unwrap_or("---\n---\n# {title_text}\n");
    let body = match crate::doc::frontmatter::split(template) {
        Ok(split) => template[split.body.start..].to_owned(),
        Err(_) => template.to_owned(),
    };
    let mut body = body
        .replace("{id_text}", &id)
        .replace("{title_text}", goal.title.trim());
    if let Some(text) = goal.body.as_deref().filter(|b| !b.trim().is_empty()) {
        body = if body.contains("## Goal\n") {
            body.replacen("## Goal\n", &format!("## Goal\n\n{}\n", text.trim()), 1)
        } else {
            format!("{body}\n{}\n", text.trim())
        };
    }
    let text = front(
        GOAL,
        &id,
        goal.title.trim(),
        &wf.initial,
        &wf.state_field,
        &fields,
    ) + &body;
    let item = Item::from_bytes(ws.registry(), &path, text.into_bytes())?;
    plan::create(ws, &wf, item, actor)
}

/// The next ID of `kind` and the path of its new item named `title`.
fn fresh(ws: &Workspace, kind: &Kind, title: &str) -> Result<(String, String)> {
    let title = title.trim();
    if title.is_empty() || title.chars().any(char::is_control) || title.chars().count() > 200 {
        return Err(Error::Usage(crate::msg!("title-one-line-characters")));
    }
    let items = &kind.items;
    let ids: Vec<String> = ws.scan_kind(kind, |r| match r {
        Ok(i) => i.id,
        Err(e) => e
            .path
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .split('.')
            .next()
            .unwrap_or_default()
            .to_owned(),
    })?;
    let id = items
        .next_id(
            ids.iter().map(String::as_str),
            &plan::unique_mark(ws, title),
        )
        .ok_or_else(|| Error::Failed(crate::msg!("kinds-no-next-id", kind = kind.name())))?;
    let path = items.path_for(&id, title).ok_or_else(|| {
        Error::Failed(crate::msg!(
            "kind-kind-names-no-file",
            kind = kind.name(),
            id = &id
        ))
    })?;
    Ok((id, path))
}

/// A frontmatter block: identity, title, state, then `fields` (each value
/// written as JSON, which YAML reads the same).
fn front(
    kind: &str,
    id: &str,
    title: &str,
    state: &str,
    state_field: &str,
    fields: &[(&str, Value)],
) -> String {
    let mut out = format!(
        "---\nkind: {kind}\nid: {}\ntitle: {}\n{state_field}: {state}\n",
        json!(id),
        json!(title)
    );
    for (k, v) in fields {
        out.push_str(&format!("{k}: {v}\n"));
    }
    out.push_str("---\n");
    out
}

/// The transition from the item's state that `event` (or trigger) takes
/// with `after`'s values, the first whose guard holds.
fn decided<'w>(
    wf: &'w Workflow,
    event: &str,
    before: &Value,
    after: &Value,
    role: &str,
) -> Result<Option<&'w Transition>> {
    let now = crate::repo::workspace::now();
    match crate::engine::decide::decide(wf, event, before, after, role, &now) {
        Ok(t) => Ok(Some(t)),
        Err(NoDecision::NotHere { .. }) => Ok(None),
        Err(e) => Err(Error::NoDecision(e)),
    }
}

/// Plans `event` on `item` with `edits` recorded with it; `None` where no
/// transition from its state answers it.
fn plan_event(
    ws: &Workspace,
    item: Item,
    wf: &Workflow,
    event: &str,
    edits: Vec<plan::Edit>,
    actor: Actor,
) -> Result<Option<Plan>> {
    let before = item.value();
    let after = if edits.is_empty() {
        before.clone()
    } else {
        let doc = plan::apply(&item.doc, &edits).map_err(|e| Error::Failed(e.said()))?;
        Item::from_bytes(ws.registry(), &item.path, doc.text().as_bytes().to_vec())?.value()
    };
    let Some(t) = decided(wf, event, &before, &after, actor.role)? else {
        return Ok(None);
    };
    let to = t.to.clone();
    Ok(Some(plan::transition(ws, item, &to, &edits, actor)?))
}

/// Plans routing goal `id` out of its initial state (the routing matrix:
/// the guards of the transitions that answer [`ROUTE`]).
pub fn plan_route(ws: &Workspace, id: &str, actor: Actor) -> Result<Option<Plan>> {
    let (item, wf) = open(ws, GOAL, id)?;
    if item.status != wf.initial {
        return Ok(None);
    }
    plan_event(ws, item, &wf, ROUTE, Vec::new(), actor)
}

/// The comments on goal `goal` (its ID), every round's, oldest first.
pub fn comments(ws: &Workspace, goal: &str) -> Result<Vec<Item>> {
    let mut out: Vec<Item> = ws
        .scan_kind(ws.kind(COMMENT)?, |r| r.ok())?
        .into_iter()
        .flatten()
        .filter(|i| text(&i.value(), "parent") == Some(goal))
        .collect();
    out.sort_by_key(|i| seq_of(&i.id));
    Ok(out)
}

fn seq_of(id: &str) -> (u64, String, u64) {
    let parts: Vec<&str> = id.split('-').collect();
    let round = parts
        .get(1)
        .and_then(|r| r.trim_start_matches('r').parse().ok())
        .unwrap_or(0);
    let n = parts.last().and_then(|n| n.parse().ok()).unwrap_or(0);
    (round, parts[2..parts.len().saturating_sub(1)].join("-"), n)
}

/// The roles that answered goal `goal` in `round`.
pub fn answered(ws: &Workspace, goal: &str, round: u64) -> Result<Vec<String>> {
    let mut roles: Vec<String> = comments(ws, goal)?
        .iter()
        .map(Item::value)
        .filter(|v| count(v, "goal_round") == round)
        .filter_map(|v| text(&v, "author").map(str::to_owned))
        .collect();
    roles.sort();
    roles.dedup();
    Ok(roles)
}

/// Plans `git orx discuss GOAL`: a comment by the acting role on the
/// goal's current round, in a file of its own.
pub fn plan_discuss(ws: &Workspace, goal: &str, answer: &Answer, actor: Actor) -> Result<Plan> {
    let (item, wf) = open(ws, GOAL, goal)?;
    allows(&wf, &item, "discuss")?;
    let value = item.value();
    let round = count(&value, "round_count").max(1);
    let dims = [
        ("Position 定位", &answer.position),
        ("Proposal 建议", &answer.proposal),
        ("Claim 认领", &answer.claim),
        ("Risk 风险", &answer.risk),
    ];
    if !answer.no_reply
        && answer.rejected.is_none()
        && dims
            .iter()
            .all(|(_, d)| d.as_deref().is_none_or(|d| d.trim().is_empty()))
    {
        return Err(Error::Usage(crate::msg!("answer-gives-least-one-four")));
    }
    let suggest = answer
        .suggest
        .as_deref()
        .map(|r| ws.check_role(r, crate::workflow::role::RoleSource::Flag))
        .transpose()?;
    let role = actor.role;
    // The assignee's proposal while the goal waits for its plan is the
    // plan (定向讨论: 写方案), marked so: the reviewer's approval names it.
    let is_plan = item.status == PLANNING
        && !answer.no_reply
        && answer.rejected.is_none()
        && text(&value, "assignee") == Some(role)
        && answer
            .proposal
            .as_deref()
            .is_some_and(|p| !p.trim().is_empty());
    let prefix = format!("{}-r{round}-{role}-", item.id);
    let n = ws
        .scan_kind(ws.kind(COMMENT)?, |r| r.ok().map(|i| i.id))?
        .into_iter()
        .flatten()
        .filter_map(|id| id.strip_prefix(&prefix)?.parse::<u64>().ok())
        .max()
        .unwrap_or(0)
        + 1;
    let id = format!("{prefix}{n}");
    let cwf = ws.kind(COMMENT)?.workflow()?;
    let path = cwf.items.path_for(&id, "").ok_or_else(|| {
        Error::Failed(crate::msg!(
            "kind-kind-names-no-file",
            kind = COMMENT,
            id = &id
        ))
    })?;
    let mut body = format!(
        "[{}] on goal {}: {}\n",
        ws.rules.roles.display(role),
        item.id,
        item.title
    );
    if answer.no_reply {
        body.push_str("\nNO_REPLY\n");
    }
    for (name, d) in dims {
        if let Some(d) = d.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
            body.push_str(&format!("\n## {name}\n\n{d}\n"));
        }
    }
    if let Some(r) = answer.rejected.as_deref().map(str::trim) {
        body.push_str(&format!(
            "\n## Plan review 方案审查\n\nREJECTED 驳回: {r}\n"
        ));
    }
    if let Some(s) = &suggest {
        body.push_str(&format!(
            "\n## Suggestion\n\n@{} assign it to {} directly\n",
            ws.rules.roles.display("lead"),
            ws.rules.roles.display(s)
        ));
    }
    let mut front = format!(
        "---\nkind: {COMMENT}\nid: {}\nstatus: {}\nparent: {}\ngoal_round: {round}\nauthor: {role}\n",
        json!(id),
        cwf.initial,
        json!(item.id)
    );
    if answer.no_reply {
        front.push_str("no_reply: true\n");
    }
    if is_plan {
        front.push_str("plan: true\n");
    }
    if let Some(s) = &suggest {
        front.push_str(&format!("suggest: {s}\n"));
    }
    if answer.rejected.is_some() {
        front.push_str("verdict: rejected\n");
    }
    let text = format!("{front}---\n{body}");
    let comment = Item::from_bytes(ws.registry(), &path, text.into_bytes())?;
    plan::create(ws, &cwf, comment, actor)
}

/// The tasks of goal `goal`, every round's: those counted (`T12`, made
/// before task IDs were drawn) in their order, then the drawn ones
/// (`Tk3f9a`), whose IDs say nothing of order, by round and title.
pub fn tasks_of(ws: &Workspace, goal: &str) -> Result<Vec<Item>> {
    let mut out: Vec<Item> = ws
        .scan_kind(ws.kind(TASK)?, |r| r.ok())?
        .into_iter()
        .flatten()
        .filter(|i| text(&i.value(), "parent") == Some(goal))
        .collect();
    out.sort_by_cached_key(|i| {
        let counted =
            i.id.trim_start_matches(|c: char| !c.is_ascii_digit())
                .parse::<u64>()
                .ok()
                .filter(|_| !looks_drawn(&i.id));
        let round = count(&i.value(), "goal_round");
        (
            counted.is_none(),
            counted.unwrap_or(0),
            round,
            i.title.clone(),
            i.id.clone(),
        )
    });
    Ok(out)
}

/// Whether `id` is a drawn task ID (`Tk3f9a`: a letter, then five of the
/// symbols `new_id: unique` draws from) rather than a counted one.
fn looks_drawn(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && id.len() == 6
        && chars.all(|c| matches!(c, '2'..='9' | 'a'..='k' | 'm' | 'n' | 'p'..='z'))
}

/// A round's tasks counted as the flow's round summary counts them: done,
/// failed, cancelled, the others, all.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[schemars(rename = "RoundSummary", deny_unknown_fields)]
pub struct Summary {
    pub round: u64,
    pub done: u64,
    pub failed: u64,
    pub cancelled: u64,
    pub other: u64,
    pub total: u64,
}

impl Summary {
    /// Every task of the round is done, failed or cancelled (and there is
    /// one).
    pub fn all_terminal(&self) -> bool {
        self.total > 0 && self.other == 0
    }

    /// Counts a task in `status`: done, failed and cancelled apart, any
    /// other (`pending`, `in-progress`, ...) among `other`.
    pub fn count(&mut self, status: &str) {
        self.total += 1;
        match status {
            DONE => self.done += 1,
            FAILED => self.failed += 1,
            CANCELLED => self.cancelled += 1,
            _ => self.other += 1,
        }
    }

    fn edits(&self) -> Vec<plan::Edit> {
        vec![plan::set(&["summary"], self.recorded())]
    }
}

/// The summary of goal `goal`'s round `round`.
pub fn summary(ws: &Workspace, goal: &str, round: u64) -> Result<Summary> {
    let mut s = Summary {
        round,
        ..Summary::default()
    };
    for t in tasks_of(ws, goal)? {
        if count(&t.value(), "goal_round") != round {
            continue;
        }
        s.count(&t.status);
    }
    Ok(s)
}

/// The steps of a task of type `kind`: the repository's `.orx/steps.yaml`
/// when it has the type, else the built-in ones, else the `default` ones;
/// `{id}`, `{branch}`, `{type}` and `{brief}` filled in.
pub fn steps_for(ws: &Workspace, kind: &str, vars: &[(&str, &str)]) -> Result<Vec<String>> {
    let parse =
        |src: &str, origin: &str| -> Result<std::collections::BTreeMap<String, Vec<String>>> {
            serde_saphyr::from_str(src).map_err(|e| {
                Error::Failed(crate::msg!(
                    "kinds-path-error",
                    path = origin,
                    error = e.to_string()
                ))
            })
        };
    let own = match std::fs::read_to_string(ws.root().join(STEPS_PATH)) {
        Ok(src) => Some(parse(&src, STEPS_PATH)?),
        Err(_) => None,
    };
    let builtin = parse(STEPS, "the built-in steps")?;
    let list = own
        .as_ref()
        .and_then(|o| o.get(kind).or(o.get("default")))
        .or(builtin.get(kind))
        .or(builtin.get("default"))
        .cloned()
        .unwrap_or_default();
    Ok(list
        .into_iter()
        .map(|s| {
            vars.iter()
                .fold(s, |s, (k, v)| s.replace(&format!("{{{k}}}"), v))
        })
        .collect())
}

/// Plans `git orx claim GOAL "title"`: a task of the goal's current round,
/// assigned to the claimer, on branch `{type}/{id}-{brief}`, with the
/// steps of its type in its body.
pub fn plan_claim(ws: &Workspace, goal: &str, claim: &Claim, actor: Actor) -> Result<Plan> {
    let (item, wf) = open(ws, GOAL, goal)?;
    allows(&wf, &item, "claim")?;
    let gv = item.value();
    let round = count(&gv, "round_count").max(1);
    let kind = claim
        .kind
        .clone()
        .or_else(|| text(&gv, "type").map(str::to_owned))
        .unwrap_or_else(|| "feat".to_owned());
    if crate::text::check_id(&kind).is_err() {
        return Err(Error::Usage(crate::msg!(
            "goal-not-a-type",
            kind = crate::text::escape(&kind)
        )));
    }
    let twf = ws.kind(TASK)?.workflow()?;
    let assignee = claim.assignee.as_deref().unwrap_or(actor.role);
    if assignee != actor.role
        && actor.role != crate::workflow::role::HUMAN
        && !twf.creators.iter().any(|r| r == actor.role)
    {
        return Err(Error::Failed(crate::msg!(
            "role-may-not-assign-task",
            role = actor.role,
            assignee = assignee,
            roles = if twf.creators.is_empty() {
                crate::msg!("kinds-the-human")
            } else {
                Message::text(twf.creators.join(", "))
            }
        )));
    }
    for d in &claim.depends {
        let (dep, _) = open(ws, TASK, d)?;
        if text(&dep.value(), "parent") != Some(item.id.as_str()) {
            return Err(Error::Usage(crate::msg!(
                "task-belongs-another-goal-task",
                task = dep.label()
            )));
        }
    }
    let (id, path) = fresh(ws, ws.kind(TASK)?, &claim.title)?;
    let brief: String = crate::text::slug(&claim.title).chars().take(32).collect();
    let brief = brief.trim_end_matches('-').to_owned();
    let branch = format!("{kind}/{id}-{brief}");
    let depends: Vec<String> = claim
        .depends
        .iter()
        .map(|d| d.trim_start_matches("task:").to_owned())
        .collect();
    let mut fields = vec![
        ("parent", json!(item.id)),
        ("goal_round", json!(round)),
        ("type", json!(kind)),
        ("assignee", json!(assignee)),
        ("branch", json!(branch)),
    ];
    if !depends.is_empty() {
        fields.push(("depends", json!(depends)));
    }
    if let Some(n) = claim.issue {
        fields.push(("issue", json!(n)));
    }
    let steps = steps_for(
        ws,
        &kind,
        &[
            ("id", &id),
            ("branch", &branch),
            ("type", &kind),
            ("brief", &brief),
            ("goal", &item.id),
        ],
    )?;
    let mut text = front(
        TASK,
        &id,
        claim.title.trim(),
        &twf.initial,
        &twf.state_field,
        &fields,
    );
    text.push_str(&format!(
        "# Task {id}: {}\n\nGoal: {} ({})\n",
        claim.title.trim(),
        item.id,
        item.title
    ));
    if !depends.is_empty() {
        text.push_str(&format!("Depends: {}\n", depends.join(", ")));
    }
    text.push_str("\n## Steps\n\n");
    for s in steps {
        text.push_str(&format!("- [ ] {s}\n"));
    }
    let task = Item::from_bytes(ws.registry(), &path, text.into_bytes())?;
    plan::create(ws, &twf, task, actor)
}

/// The transition trigger `trigger` takes from the item's state.
fn by_trigger<'w>(wf: &'w Workflow, item: &Item, trigger: &str) -> Result<&'w Transition> {
    crate::kinds::agent::fired(wf, &item.status, trigger)
}

/// The items of `item`'s kind that transition `t` waits for (its
/// `waits:`) and that are not yet in one of the states it waits for, at
/// HEAD, as the move itself is judged.
pub fn waiting_for(ws: &Workspace, item: &Item, t: &crate::workflow::Transition) -> Vec<String> {
    let ground = plan::ground(ws);
    t.waits
        .iter()
        .flat_map(|w| {
            ground
                .waiting(&item.kind, &item.path, w, &item.value())
                .unwrap_or_default()
        })
        .collect()
}

/// Plans firing `trigger` on task `id` with `edits` (refused while a task
/// the transition waits for, one it depends on, is not done).
pub fn plan_task(
    ws: &Workspace,
    id: &str,
    trigger: &str,
    mut edits: Vec<plan::Edit>,
    actor: Actor,
) -> Result<Plan> {
    let (item, wf) = open(ws, TASK, id)?;
    let t = by_trigger(&wf, &item, trigger)?;
    edits.extend(plan::note_edit(t, trigger, actor.note)?);
    let to = t.to.clone();
    plan::transition(ws, item, &to, &edits, actor)
}

/// Plans the reviewer's verdict on task `id`: approved, or changes
/// requested with what to change.
pub fn plan_review(ws: &Workspace, id: &str, approve: bool, actor: Actor) -> Result<Plan> {
    let (verdict, trigger) = if approve {
        ("approved", "approve")
    } else {
        ("changes-requested", "request-changes")
    };
    let note = actor.note.map(str::trim).filter(|n| !n.is_empty());
    if !approve && note.is_none() {
        return Err(Error::MissingInput {
            inputs: vec!["note".to_owned()],
            message: crate::msg!("goal-review-needs-note"),
        });
    }
    let edits = vec![plan::set(
        &["review"],
        json!({"verdict": verdict, "note": note}),
    )];
    plan_task(ws, id, trigger, edits, actor)
}

/// Plans recording a check's result on task `id`, with the transition it
/// leads to (event `check-passed` or `check-failed`), or as an edit where
/// it leads nowhere.
pub fn plan_check(
    ws: &Workspace,
    id: &str,
    passed: bool,
    failed: &[String],
    actor: Actor,
) -> Result<Plan> {
    let (item, wf) = open(ws, TASK, id)?;
    let now = crate::repo::workspace::now();
    let edits = vec![plan::set(
        &["last_check"],
        json!({"passed": passed, "at": now, "failed": failed}),
    )];
    let event = if passed {
        "check-passed"
    } else {
        "check-failed"
    };
    let owner = wf
        .state(&item.status)
        .and_then(|s| wf.owner_of(s, &item.value()));
    match plan_event(ws, item.clone(), &wf, event, edits.clone(), actor)? {
        Some(p) => Ok(p),
        None if owner.as_deref() == Some(actor.role) => plan::edit(ws, item, &edits, actor),
        None => Err(Error::Failed(crate::msg!(
            "item-state-check-s-result",
            item = item.label(),
            state = &item.status,
            roles = match owner.as_deref() {
                Some(o) => crate::workflow::role::arg(o),
                None => crate::msg!("kinds-no-one"),
            }
        ))),
    }
}

/// The lead's decisions, each a trigger of the goal workflow (`broadcast`
/// is `assign` without an assignee).
pub const DECISIONS: &[&str] = &[
    "achieved",
    "new-round",
    "adjust",
    "assign",
    "broadcast",
    "close",
];

/// The decision as the goal flow names it in its data: `achieved` is
/// GOAL_ACHIEVED; the others as they are written.
pub fn recorded(decision: &str) -> &str {
    match decision {
        "achieved" => "GOAL_ACHIEVED",
        other => other,
    }
}

/// The decision `word` names: by its name, or by the flow's name for it
/// (GOAL_ACHIEVED, in any case).
pub fn decision_named(word: &str) -> Option<&'static str> {
    DECISIONS
        .iter()
        .copied()
        .find(|d| *d == word || (recorded(d) != *d && recorded(d).eq_ignore_ascii_case(word)))
}

/// Plans the lead's decision on goal `id`: recorded in `decision` (the
/// round's), then the transition it names. GOAL_ACHIEVED is taken for
/// `achieved`.
pub fn plan_decide(
    ws: &Workspace,
    id: &str,
    decision: &str,
    assignee: Option<&str>,
    actor: Actor,
) -> Result<Plan> {
    let Some(decision) = decision_named(decision) else {
        return Err(Error::Usage(crate::msg!(
            "unknown-decision-decision-decisions-list",
            decision = crate::text::escape(decision),
            list = DECISIONS.join(", ")
        )));
    };
    let (item, wf) = open(ws, GOAL, id)?;
    let round = count(&item.value(), "round_count");
    let trigger = if decision == "broadcast" {
        "assign"
    } else {
        decision
    };
    let mut edits = vec![plan::set(
        &["decision"],
        json!({"round_count": round, "choice": recorded(decision), "note": actor.note.map(str::trim)}),
    )];
    match (decision, assignee) {
        ("assign", Some(a)) => {
            let a = ws.check_role(a, crate::workflow::role::RoleSource::Flag)?;
            edits.push(plan::set(&["assignee"], json!(a)));
        }
        ("assign", None) => {
            return Err(Error::MissingInput {
                inputs: vec!["assignee".to_owned()],
                message: crate::msg!("goal-decision-needs-assignee"),
            });
        }
        ("broadcast", _) => edits.push(plan::set(&["assignee"], Value::Null)),
        _ => {}
    }
    let t = by_trigger(&wf, &item, trigger)?;
    // Of the transitions the trigger takes from here, the one whose guard
    // holds with the decision recorded (`assign` with or without an
    // assignee); where none does, the first tells why.
    let before = item.value();
    let doc = plan::apply(&item.doc, &edits).map_err(|e| Error::Failed(e.said()))?;
    let after =
        Item::from_bytes(ws.registry(), &item.path, doc.text().as_bytes().to_vec())?.value();
    let to = match decided(&wf, trigger, &before, &after, actor.role) {
        Ok(Some(chosen)) => chosen.to.clone(),
        _ => t.to.clone(),
    };
    plan::transition(ws, item, &to, &edits, actor)
}

/// Plans the reviewer's check of the assignee's plan on goal `id`, in a
/// directed discussion (the flow's issue_review_discussion): approved, the
/// goal moves on and its tasks may be claimed; rejected, with what to
/// change, the assignee revises the plan. The goal workflow says who may
/// (the reviewer) and what must hold (the assignee wrote a plan this
/// round); the hooks and `verify` judge a hand-made change the same way.
pub fn plan_plan_check(ws: &Workspace, id: &str, approve: bool, actor: Actor) -> Result<Plan> {
    let (item, wf) = open(ws, GOAL, id)?;
    let trigger = "plan-approved";
    let note = actor.note.map(str::trim).filter(|n| !n.is_empty());
    if !approve && note.is_none() {
        return Err(Error::MissingInput {
            inputs: vec!["note".to_owned()],
            message: crate::msg!("goal-plan-rejection-needs-note"),
        });
    }
    if !approve {
        // A rejection is the reviewer's comment; the goal stays where it
        // is, and only a reviewer may make it.
        by_trigger(&wf, &item, "plan-approved")?;
        let allowed = wf.fired_by(&item.status, "plan-approved").iter().any(|t| {
            wf.roles_of(t, &item.value())
                .iter()
                .any(|r| r == actor.role)
        });
        if !allowed {
            return Err(Error::Failed(crate::msg!(
                "who-may-not-reject-plan",
                who = crate::workflow::role::arg(actor.role),
                item = item.label()
            )));
        }
        let answer = Answer {
            rejected: note.map(str::to_owned),
            ..Answer::default()
        };
        return plan_discuss(ws, &item.id, &answer, actor);
    }
    let t = by_trigger(&wf, &item, trigger)?;
    let v = item.value();
    let round = count(&v, "round_count");
    // The plan approved: the assignee's latest of this round (none: the
    // transition's guard says what is missing).
    let latest = text(&v, "assignee").and_then(|a| {
        plans(ws, &item.id, round, a)
            .ok()
            .and_then(|p| p.last().cloned())
    });
    let edits = vec![plan::set(&["plan"], json!(latest))];
    let to = t.to.clone();
    plan::transition(ws, item, &to, &edits, actor)
}

/// The IDs of the comments `assignee` marked as its plan on goal `goal`
/// in round `round`, oldest first.
pub fn plans(ws: &Workspace, goal: &str, round: u64, assignee: &str) -> Result<Vec<String>> {
    Ok(comments(ws, goal)?
        .iter()
        .filter(|c| {
            let v = c.value();
            count(&v, "goal_round") == round
                && text(&v, "author") == Some(assignee)
                && v["plan"].as_bool() == Some(true)
        })
        .map(|c| c.id.clone())
        .collect())
}

/// Whether a directed discussion's plan waits for the reviewer: the
/// assignee has written more plans in round `round` (comments marked as
/// the plan) than the reviewer rejected (each rejection answers one plan).
pub fn reviewers_turn(ws: &Workspace, goal: &str, round: u64, assignee: &str) -> Result<bool> {
    let this_round: Vec<Value> = comments(ws, goal)?
        .iter()
        .map(Item::value)
        .filter(|c| count(c, "goal_round") == round)
        .collect();
    let plans = this_round
        .iter()
        .filter(|c| text(c, "author") == Some(assignee) && c["plan"].as_bool() == Some(true))
        .count();
    let rejections = this_round
        .iter()
        .filter(|c| text(c, "verdict") == Some("rejected"))
        .count();
    Ok(plans > rejections)
}

/// A discussion that waits for a role's answer.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Awaiting {
    /// The kind of the item that waits (the goal's).
    #[serde(skip)]
    pub kind: crate::workflow::kind::Kind,
    pub role: String,
    pub id: String,
    pub title: String,
    pub round: u64,
    pub status: String,
    pub path: String,
    /// What the role is asked for (the command line words it).
    pub wants: Wants,
}

/// What a discussion asks of a role.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Wants {
    /// A broadcast discussion's answer (the four dimensions, or NO_REPLY),
    /// and a claim.
    Answer,
    /// A directed discussion's plan, from its assignee.
    Plan,
    /// The reviewer's check of the plan `author` wrote.
    PlanCheck { author: String },
    /// The plan is approved: the assignee claims its tasks.
    Claim,
}

/// The discussions waiting for an answer, one entry per addressed role
/// that has not answered the goal's current round.
pub fn awaiting(ws: &Workspace) -> Result<Vec<Awaiting>> {
    let wf = ws.kind(GOAL)?.workflow()?;
    let mut out = Vec::new();
    // Who answered which goal's round, read once.
    let answers: Vec<(String, u64, String)> = ws
        .scan_kind(ws.kind(COMMENT)?, |r| r.ok().map(|i| i.value()))?
        .into_iter()
        .flatten()
        .filter_map(|v| {
            Some((
                text(&v, "parent")?.to_owned(),
                count(&v, "goal_round"),
                text(&v, "author")?.to_owned(),
            ))
        })
        .collect();
    for goal in ws
        .scan_kind(ws.kind(GOAL)?, |r| r.ok())?
        .into_iter()
        .flatten()
    {
        let ops = wf
            .state(&goal.status)
            .map(|s| s.operations.iter().any(|o| o == "discuss"))
            .unwrap_or(false);
        if !ops {
            continue;
        }
        let v = goal.value();
        let round = count(&v, "round_count");
        let done: Vec<&String> = answers
            .iter()
            .filter(|(g, r, _)| *g == goal.id && *r == round)
            .map(|(_, _, a)| a)
            .collect();
        let addressed: Vec<String> = v["addressed"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect();
        let directed = text(&v, "discussion") == Some("directed");
        if goal.status == PLANNING {
            // The plan: the assignee's to write, or the reviewer's to check.
            let assignee = addressed.first().cloned().unwrap_or_default();
            let (role, wants) = if reviewers_turn(ws, &goal.id, round, &assignee)? {
                (
                    crate::workflow::role::canonical("reviewer"),
                    Wants::PlanCheck { author: assignee },
                )
            } else {
                (assignee, Wants::Plan)
            };
            out.push(Awaiting {
                kind: goal.kind.clone(),
                role,
                id: goal.id.clone(),
                title: goal.title.clone(),
                round,
                status: goal.status.clone(),
                path: goal.path.clone(),
                wants,
            });
            continue;
        }
        // A directed discussion past its plan: the assignee is asked to
        // claim its tasks until the discussion ends.
        for role in addressed
            .into_iter()
            .filter(|r| directed || !done.contains(&r))
        {
            let wants = if directed {
                Wants::Claim
            } else {
                Wants::Answer
            };
            out.push(Awaiting {
                kind: goal.kind.clone(),
                role,
                id: goal.id.clone(),
                title: goal.title.clone(),
                round,
                status: goal.status.clone(),
                path: goal.path.clone(),
                wants,
            });
        }
    }
    Ok(out)
}

/// The goal's own code: a round's steps are judged by its answers and
/// tasks.
pub struct Code;

impl super::KindCode for Code {
    fn judges_steps(&self) -> bool {
        true
    }

    fn judge_steps(
        &self,
        ws: &Workspace,
        item: &Item,
        steps: &mut [crate::workflow::steps::Action],
    ) -> Result<()> {
        judge_steps(ws, item, steps)
    }
}

#[cfg(test)]
mod tests;
