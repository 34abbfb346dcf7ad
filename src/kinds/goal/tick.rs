//! The ticker (`git orx tick`): what git events and time decide for goals
//! and tasks, dispatched once. Run twice with nothing new, the second run
//! changes nothing, so cron, CI and a server hook may all run it.
//!
//! In order: a task whose branch was merged into the main line (a merge
//! commit naming its branch) or which a commit there closes (`Closes: ID`)
//! is closed, with that commit recorded; a new goal is routed; a
//! discussion every addressed role answered, with a task claimed, ends; a
//! discussion not ended (no task claimed, or a role yet to answer) is
//! checked (once per the workflow's `check_every_seconds`) and escalated
//! to the lead after `max_checks` (a directed discussion whose plan the
//! reviewer has not approved too), a check that tells no agent noted;
//! a round whose every task is done or failed goes to the lead's review.
//!
//! As the flow's ticker does, it tells the agents what to pick up
//! ([`Notice`]): at each check of a discussion, the discussion's prompt is
//! broadcast to the idle agents of every addressed role that has not
//! answered (a directed one goes to its assignee, or, once the plan is
//! written, to the reviewer); an escalation goes to the lead, a finished
//! round to the lead's review, a merged task's notice to its assignee.
//! An agent is idle ([`agents`]) when no open task waits for its role and
//! its agent context, if it has one, is in its workflow's initial state.

use serde::Serialize;
use serde_json::{Value, json};

use super::*;

/// What the ticker did to one item.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Dispatched {
    pub item: String,
    pub event: String,
    /// None for a new item.
    pub from: Option<String>,
    pub to: String,
    /// The commit, once made.
    pub commit: Option<String>,
    pub handoff: Option<String>,
}

/// A prompt or notice the ticker or a forge event sends to a role's
/// agents (the flow's broadcast, deterministic dispatch, escalation and
/// notices).
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Notice {
    /// What it is: `broadcast` (a discussion, to the idle agents of each
    /// addressed role), `directed` (to the assignee), `plan-review` (to the
    /// reviewer), `escalated` and `round-review` (to the lead), `merged`,
    /// `pr-closed`, `issue-closed` (to a task's assignee), `closed` (a
    /// goal, to the roles that took part).
    pub notice: String,
    /// The goal or task, `goal G1`.
    pub item: String,
    pub role: String,
    /// The agents it goes to (for a broadcast, the role's idle ones); empty
    /// where the team names no agent of the role (the role is told).
    pub agents: Vec<String>,
    /// The role's agents a broadcast leaves out, as they are busy.
    pub busy: Vec<String>,
    /// The prompt template it is made from (`templates/prompts/KIND/NAME.md`).
    pub prompt: String,
    /// The prompt, filled in.
    pub text: String,
    /// Whether it is a phase's prompt, which `goal prompt ID` prints (a
    /// goal's); a task's notice of an event is told whole.
    #[serde(skip)]
    #[schemars(skip)]
    pub phase_prompt: bool,
}

/// One agent of the team and whether it is idle.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct AgentLoad {
    pub agent: String,
    pub role: String,
    pub idle: bool,
    /// What keeps it busy: `task T1 (in-progress)`, `agent zhaoyun (WORKING)`.
    pub busy_with: Vec<String>,
}

/// What one tick did, and what it noticed but could not act on.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Ticked {
    pub dispatched: Vec<Dispatched>,
    /// What it noticed but could not act on (in English as data).
    #[serde(serialize_with = "english")]
    pub notes: Vec<Message>,
    /// The prompts and notices sent.
    pub notices: Vec<Notice>,
    /// The team's agents, idle or busy, when a notice was sent.
    pub agents: Vec<AgentLoad>,
    /// Plans only: nothing was written.
    #[serde(skip)]
    pub dry_run: bool,
}

/// Messages as data: each in English.
fn english<S: serde::Serializer>(notes: &[Message], s: S) -> std::result::Result<S::Ok, S::Error> {
    s.collect_seq(notes.iter().map(ToString::to_string))
}

/// How far back the ticker looks for merges (commits from HEAD).
const LOOK_BACK: usize = 10_000;

/// A commit that may close a task.
struct Closing {
    id: String,
    closes: Vec<String>,
    merge: bool,
    summary: String,
}

fn closing_commits(ws: &Workspace) -> Result<Vec<Closing>> {
    if !ws.repo.has_head() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for id in ws.repo.walk_at_most(&["HEAD".to_owned()], LOOK_BACK)? {
        let c = ws.repo.commit(&id)?;
        let closes: Vec<String> = c
            .trailers
            .iter()
            .filter(|(k, _)| k.eq_ignore_ascii_case("Closes"))
            .flat_map(|(_, v)| {
                v.split([',', ' '])
                    .map(|w| w.trim_start_matches('#').to_owned())
            })
            .filter(|w| !w.is_empty())
            .collect();
        let merge = c.parents.len() > 1;
        if closes.is_empty() && !merge {
            continue;
        }
        let summary = c.summary().to_owned();
        out.push(Closing {
            id: c.id,
            closes,
            merge,
            summary,
        });
    }
    Ok(out)
}

/// The commit that closes task `task` (newest first): one carrying
/// `Closes: ID`, or a merge commit naming its branch.
fn closed_by<'c>(commits: &'c [Closing], task: &Item) -> Option<(&'c Closing, &'static str)> {
    let branch = task.value()["branch"].as_str().map(str::to_owned);
    commits.iter().find_map(|c| {
        if c.closes.contains(&task.id) {
            Some((c, "trailer"))
        } else if c.merge
            && branch
                .as_deref()
                .is_some_and(|b| !b.is_empty() && c.summary.contains(b))
        {
            Some((c, "merge"))
        } else {
            None
        }
    })
}

/// The team's agents (the config's `team:`, and the agent contexts of
/// agents it does not name) and whether each is idle: no open task waits
/// for its role (the role the task's state names as its owner), and its
/// agent context, if it has one, is in its workflow's initial state.
pub fn agents(ws: &Workspace) -> Result<Vec<AgentLoad>> {
    let akind = crate::kinds::agent::KIND;
    let contexts: Vec<Item> = match ws.kind(akind).and_then(|k| Ok(k.workflow()?)) {
        Ok(_) => ws
            .scan_kind(ws.kind(akind)?, |r| r.ok())?
            .into_iter()
            .flatten()
            .collect(),
        Err(_) => Vec::new(),
    };
    let awf = ws.kind(akind).ok().and_then(|k| k.workflow().ok());
    let mut team: Vec<(String, String)> = ws
        .rules
        .config
        .team
        .iter()
        .map(|(a, r)| (a.clone(), crate::workflow::role::canonical(r)))
        .collect();
    for c in &contexts {
        if !team.iter().any(|(a, _)| *a == c.id)
            && let Some(r) = text(&c.value(), "acts_as")
        {
            team.push((c.id.clone(), crate::workflow::role::canonical(r)));
        }
    }
    let twf = ws.kind(TASK)?.workflow()?;
    let open: Vec<(String, String)> = ws
        .scan_kind(ws.kind(TASK)?, |r| r.ok())?
        .into_iter()
        .flatten()
        .filter_map(|t| {
            let state = twf.state(&t.status).filter(|s| !s.terminal)?;
            let owner = twf.owner_of(state, &t.value())?;
            Some((owner, format!("task {} ({})", t.id, t.status)))
        })
        .collect();
    Ok(team
        .into_iter()
        .map(|(agent, role)| {
            let mut busy_with: Vec<String> = open
                .iter()
                .filter(|(owner, _)| *owner == role)
                .map(|(_, what)| what.clone())
                .collect();
            if let (Some(c), Some(awf)) = (contexts.iter().find(|c| c.id == agent), &awf)
                && c.status != awf.initial
            {
                busy_with.push(format!("agent {} ({})", c.id, c.status));
            }
            AgentLoad {
                idle: busy_with.is_empty(),
                agent,
                role,
                busy_with,
            }
        })
        .collect())
}

/// The notice `name` (its prompt template) of `item` for `role`, to the
/// role's agents (only the idle ones for a broadcast).
pub fn notice(
    ws: &Workspace,
    item: &Item,
    name: &str,
    prompt: &str,
    role: &str,
    agents: &[AgentLoad],
    extra: &[(&str, String)],
) -> Result<Notice> {
    let of_role = agents.iter().filter(|a| a.role == role);
    let (to, busy): (Vec<&AgentLoad>, Vec<&AgentLoad>) = if name == "broadcast" {
        of_role.partition(|a| a.idle)
    } else {
        (of_role.collect(), Vec::new())
    };
    Ok(Notice {
        notice: name.to_owned(),
        item: item.label(),
        role: role.to_owned(),
        agents: to.iter().map(|a| a.agent.clone()).collect(),
        busy: busy.iter().map(|a| a.agent.clone()).collect(),
        prompt: format!("{}/{prompt}", item.kind),
        text: render(ws, item, prompt, role, extra)?,
        phase_prompt: super::takes_phase_prompt(item, true),
    })
}

/// The notices a check of the discussion of `goal` (as it is now) sends:
/// its prompt to each addressed role that has not answered this round
/// (broadcast to the idle agents); in a directed discussion whose plan is
/// written, the plan's review to the reviewer.
fn check_notices(ws: &Workspace, goal: &Item, agents: &[AgentLoad]) -> Result<Vec<Notice>> {
    let v = goal.value();
    let round = count(&v, "round_count");
    let answered = answered(ws, &goal.id, round)?;
    let directed = text(&v, "discussion") == Some("directed");
    let addressed: Vec<String> = v["addressed"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect();
    let mut out = Vec::new();
    if directed && goal.status == PLANNING {
        let assignee = addressed.first().cloned().unwrap_or_default();
        if reviewers_turn(ws, &goal.id, round, &assignee)? {
            let reviewer = crate::workflow::role::canonical("reviewer");
            out.push(notice(
                ws,
                goal,
                "plan-review",
                "plan-review",
                &reviewer,
                agents,
                &[],
            )?);
        } else {
            out.push(notice(
                ws,
                goal,
                "directed",
                "directed-discussion",
                &assignee,
                agents,
                &[],
            )?);
        }
        return Ok(out);
    }
    // A directed discussion's assignee is told until it ends (it claims
    // the tasks once the plan is approved).
    for role in addressed
        .iter()
        .filter(|r| directed || !answered.contains(r))
    {
        let (name, prompt) = if directed {
            ("directed", "directed-discussion")
        } else {
            ("broadcast", "discussion")
        };
        out.push(notice(ws, goal, name, prompt, role, agents, &[])?);
    }
    Ok(out)
}

/// The lead's notice of goal `id` in `state` (escalated, round-review), if
/// it is there after the tick.
fn lead_notice(ws: &Workspace, id: &str, agents: &[AgentLoad]) -> Result<Option<Notice>> {
    let (goal, _) = open(ws, GOAL, id)?;
    let name = match goal.status.as_str() {
        "escalated" => "escalated",
        "round-review" => "round-review",
        _ => return Ok(None),
    };
    let lead = crate::workflow::role::canonical("lead");
    Ok(Some(notice(ws, &goal, name, name, &lead, agents, &[])?))
}

/// What a check of `goal` that tells no agent says, so that a
/// discussion waiting on no one is seen: every addressed role answered
/// with no task claimed, or every agent it would tell is busy.
fn stalled(goal: &Item, wf: &Workflow, told: &[Notice]) -> Option<Message> {
    let v = goal.value();
    let max = wf.params["max_checks"].as_u64().unwrap_or(3);
    let n = count(&v, "checks");
    if told.is_empty() {
        return Some(crate::msg!(
            "item-check-n-max-every",
            item = goal.label(),
            n = n,
            max = max
        ));
    }
    if told
        .iter()
        .all(|n| n.agents.is_empty() && !n.busy.is_empty())
    {
        let busy: Vec<String> = told.iter().flat_map(|n| n.busy.clone()).collect();
        return Some(crate::msg!(
            "item-check-n-max-no",
            item = goal.label(),
            n = n,
            max = max,
            agents = busy.join(", ")
        ));
    }
    None
}

fn seconds_between(earlier: &str, now: &str) -> Option<i64> {
    let a: jiff::Timestamp = earlier.parse().ok()?;
    let b: jiff::Timestamp = now.parse().ok()?;
    Some(b.as_second() - a.as_second())
}

/// Runs one tick as `actor`; with `commit` false, writes without
/// committing; with `dry_run`, plans only. Tasks are closed only on the
/// main line (`main`, the branch's name): elsewhere a `Closes:` commit has
/// not reached it yet.
pub fn tick(
    ws: &Workspace,
    actor: Actor,
    commit: bool,
    dry_run: bool,
    main: &str,
) -> Result<Ticked> {
    let mut out = Ticked::default();
    let run = |plan: Plan, event: &str, out: &mut Ticked| -> Result<()> {
        let done = if dry_run {
            None
        } else {
            Some(plan::execute(ws, &plan, commit)?)
        };
        out.dispatched.push(Dispatched {
            item: plan.label(),
            event: event.to_owned(),
            from: plan.from().map(str::to_owned),
            to: plan.to().to_owned(),
            commit: done.and_then(|d| d.commit),
            handoff: plan.handoff().map(str::to_owned),
        });
        Ok(())
    };
    // Tasks closed by a merge.
    let twf = ws.kind(TASK)?.workflow()?;
    let open_tasks: Vec<Item> = ws
        .scan_kind(ws.kind(TASK)?, |r| r.ok())?
        .into_iter()
        .flatten()
        .filter(|t| twf.state(&t.status).is_some_and(|s| !s.terminal))
        .collect();
    let on_main = ws.repo.head_branch().as_deref() == Some(main);
    if !open_tasks.is_empty() && !on_main {
        out.notes.push(crate::msg!(
            "tick-not-on-main-line",
            main = crate::text::escape(main),
            head = match ws.repo.head_branch() {
                Some(b) => Message::text(crate::text::escape(&b)),
                None => crate::msg!("kinds-no-branch"),
            }
        ));
    }
    let mut merged: Vec<String> = Vec::new();
    // Goals a check reached, and goals that went to the lead.
    let mut checked: Vec<String> = Vec::new();
    let mut to_lead: Vec<String> = Vec::new();
    if !open_tasks.is_empty() && on_main {
        let commits = closing_commits(ws)?;
        for task in open_tasks {
            let Some((c, by)) = closed_by(&commits, &task) else {
                continue;
            };
            let edits = vec![plan::set(&["closed_by"], json!({"commit": c.id, "by": by}))];
            let label = task.label();
            let status = task.status.clone();
            match plan_event(ws, task, &twf, MERGED, edits, actor)? {
                Some(p) => {
                    let id = p.id().to_owned();
                    run(p, MERGED, &mut out)?;
                    if !dry_run {
                        merged.push(id);
                    }
                }
                None => out.notes.push(crate::msg!(
                    "tick-merged-not-closed",
                    task = &label,
                    commit = &c.id[..c.id.len().min(7)],
                    state = &status
                )),
            }
        }
    }
    // Goals.
    let gwf = ws.kind(GOAL)?.workflow()?;
    let now = crate::repo::workspace::now();
    let every = gwf.params["check_every_seconds"].as_i64().unwrap_or(30);
    let goals: Vec<Item> = ws
        .scan_kind(ws.kind(GOAL)?, |r| r.ok())?
        .into_iter()
        .flatten()
        .collect();
    for goal in goals {
        let v = goal.value();
        let round = count(&v, "round_count");
        if goal.status == gwf.initial {
            let id = goal.id.clone();
            if let Some(p) = plan_event(ws, goal, &gwf, ROUTE, Vec::new(), actor)? {
                run(p, ROUTE, &mut out)?;
                checked.push(id);
            }
            continue;
        }
        let answers = |event: &str| !gwf.fired_by(&goal.status, event).is_empty();
        let (round_ends, discussion_ends, checks) = (
            answers(ROUND_COMPLETE),
            answers(DISCUSSION_ENDED),
            answers(NO_TAKER),
        );
        if !round_ends && !discussion_ends && !checks {
            continue;
        }
        let s = summary(ws, &goal.id, round)?;
        let id = goal.id.clone();
        if round_ends {
            if s.all_terminal() {
                let edits = s.edits();
                if let Some(p) = plan_event(ws, goal, &gwf, ROUND_COMPLETE, edits, actor)? {
                    run(p, ROUND_COMPLETE, &mut out)?;
                    to_lead.push(id);
                }
            }
            continue;
        }
        // A discussion (or a directed one's plan).
        let answered = answered(ws, &goal.id, round)?;
        let addressed: Vec<&str> = v["addressed"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let all = addressed.iter().all(|r| answered.iter().any(|a| a == r));
        if discussion_ends && s.total > 0 && all {
            let mut edits = s.edits();
            edits.push(plan::set(&["answered"], json!(answered)));
            if let Some(p) = plan_event(ws, goal, &gwf, DISCUSSION_ENDED, edits, actor)? {
                run(p, DISCUSSION_ENDED, &mut out)?;
            }
            continue;
        }
        // Not ended — no task claimed, or an addressed role has not
        // answered: checked like the flow's broadcast tracker, and at the
        // last check escalated to the lead ("超过 3 轮 check 未终态 →
        // 升级"), so a discussion never waits without end.
        let due = match text(&v, "checked_at") {
            None => true,
            Some(at) => seconds_between(at, &now).is_none_or(|s| s >= every),
        };
        if due && let Some(p) = plan_event(ws, goal, &gwf, NO_TAKER, Vec::new(), actor)? {
            run(p, NO_TAKER, &mut out)?;
            checked.push(id);
        }
    }
    // What the agents are told, read from the items as the tick left
    // them (a dry run: as they were).
    if merged.is_empty() && checked.is_empty() && to_lead.is_empty() {
        return Ok(out);
    }
    let agents = agents(ws)?;
    for id in &merged {
        let (task, _) = open(ws, TASK, id)?;
        if let Some(role) = text(&task.value(), "assignee") {
            out.notices
                .push(notice(ws, &task, "merged", "merged", role, &agents, &[])?);
        }
    }
    for id in &checked {
        let (goal, _) = open(ws, GOAL, id)?;
        if gwf.fired_by(&goal.status, NO_TAKER).is_empty() {
            // Escalated by this check.
            out.notices.extend(lead_notice(ws, id, &agents)?);
        } else {
            let told = check_notices(ws, &goal, &agents)?;
            if let Some(note) = stalled(&goal, &gwf, &told) {
                out.notes.push(note);
            }
            out.notices.extend(told);
        }
    }
    for id in &to_lead {
        out.notices.extend(lead_notice(ws, id, &agents)?);
    }
    out.agents = agents;
    Ok(out)
}
