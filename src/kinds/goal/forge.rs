//! The forge bridge: a Gitea or GitHub webhook payload applied to goals
//! and tasks, as the forges document them (`issues`, `issue_comment`,
//! `pull_request`, `pull_request_review`, and the CI's result: Gitea's
//! `status`, GitHub's `check_run`). A forge user is the role the
//! config's `team:` maps their login to. What does not concern a goal or a
//! task is ignored with a note, never an error; a payload that cannot be
//! read is a usage error and changes nothing.

use serde_json::{Value, json};

use super::*;

/// Which forge sent the payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forge {
    Gitea,
    Github,
}

impl Forge {
    pub fn parse(name: &str) -> Option<Forge> {
        match name {
            "gitea" => Some(Forge::Gitea),
            "github" => Some(Forge::Github),
            _ => None,
        }
    }

    /// The header that names the event.
    pub fn event_header(self) -> &'static str {
        match self {
            Forge::Gitea => "X-Gitea-Event",
            Forge::Github => "X-GitHub-Event",
        }
    }

    /// The header that carries the payload's HMAC-SHA256 signature.
    pub fn signature_header(self) -> &'static str {
        match self {
            Forge::Gitea => "X-Gitea-Signature",
            Forge::Github => "X-Hub-Signature-256",
        }
    }
}

/// Whether `signature` (the forge's signature header) is the HMAC-SHA256
/// of `body` under `secret`: hex for Gitea, `sha256=` and hex for GitHub.
/// Compared in constant time.
pub fn signed(forge: Forge, secret: &[u8], body: &[u8], signature: &str) -> bool {
    use hmac::Mac;
    let hex = match forge {
        Forge::Gitea => signature.trim(),
        Forge::Github => match signature.trim().strip_prefix("sha256=") {
            Some(h) => h,
            None => return false,
        },
    };
    if hex.len() != 64 {
        return false;
    }
    let bytes: Option<Vec<u8>> = (0..32)
        .map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
        .collect();
    let Some(bytes) = bytes else {
        return false;
    };
    let Ok(mut mac) = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret) else {
        return false;
    };
    mac.update(body);
    mac.verify_slice(&bytes).is_ok()
}

/// The HMAC-SHA256 of `body` under `secret`, in hex (what a forge sends).
pub fn signature(secret: &[u8], body: &[u8]) -> String {
    use hmac::Mac;
    let mut mac =
        hmac::Hmac::<sha2::Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(body);
    mac.finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The roles the bridge acts as when the payload's sender is not in the
/// team: the lead opens and closes goals, the reviewer gives verdicts.
const LEAD: &str = "lead";
const REVIEWER: &str = "reviewer";

fn str_at<'v>(v: &'v Value, path: &[&str]) -> Option<&'v str> {
    path.iter()
        .try_fold(v, |v, k| v.get(k))
        .and_then(Value::as_str)
}

fn num_at(v: &Value, path: &[&str]) -> Option<u64> {
    path.iter()
        .try_fold(v, |v, k| v.get(k))
        .and_then(Value::as_u64)
}

/// The event a payload is, from the forge's header when given, else from
/// its shape.
fn event_of(event: Option<&str>, p: &Value) -> String {
    if let Some(e) = event.filter(|e| !e.is_empty()) {
        // Gitea names a review's verdict in the event itself.
        if e.starts_with("pull_request_review") {
            return "pull_request_review".to_owned();
        }
        return e.to_owned();
    }
    if p.get("review").is_some() {
        "pull_request_review".to_owned()
    } else if p.get("pull_request").is_some() {
        "pull_request".to_owned()
    } else if p.get("comment").is_some() && p.get("issue").is_some() {
        "issue_comment".to_owned()
    } else if p.get("issue").is_some() {
        "issues".to_owned()
    } else {
        "unknown".to_owned()
    }
}

/// The goal issue a sub-issue names: `[parent #N]` in its title, or a
/// `Parent: #N` line in its body.
fn parent_issue(title: &str, body: &str) -> Option<u64> {
    number_after(title, "[parent").or_else(|| number_after(body, "parent:"))
}

/// The goal issue a pull request's body names: `Parent #M` (or
/// `Parent: #M`).
fn pull_parent(body: &str) -> Option<u64> {
    number_after(body, "parent:").or_else(|| number_after(body, "parent #"))
}

/// The issue number after the first `key` in `s` (any case), spaces and
/// `#` skipped.
fn number_after(s: &str, key: &str) -> Option<u64> {
    let lower = s.to_ascii_lowercase();
    let i = lower.find(key)? + key.len();
    let digits: String = s[i..]
        .trim_start_matches([' ', '#'])
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The issue a pull request's body says it closes: `Closes #N` (or
/// `closes`, `Fixes #N`, `Resolves #N`, as the forges read them).
fn closes_issue(body: &str) -> Option<u64> {
    let lower = body.to_ascii_lowercase();
    ["closes", "fixes", "resolves"].iter().find_map(|key| {
        lower.match_indices(key).find_map(|(i, _)| {
            let digits: String = lower[i + key.len()..]
                .trim_start_matches([' ', ':'])
                .strip_prefix('#')?
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
    })
}

/// The issues a `Depends: #M, #K` line of the body names.
fn depends_issues(body: &str) -> Vec<u64> {
    body.lines()
        .filter_map(|l| l.trim().strip_prefix("Depends:"))
        .flat_map(|l| l.split([',', ' ']))
        .filter_map(|w| w.trim().trim_start_matches('#').parse().ok())
        .collect()
}

/// A sub-issue's title without its `[...]` markers.
fn bare_title(title: &str) -> String {
    let mut t = title.trim();
    while t.starts_with('[') {
        match t.find(']') {
            Some(i) => t = t[i + 1..].trim_start(),
            None => break,
        }
    }
    if t.is_empty() { title.trim() } else { t }.to_owned()
}

/// The item of `kind` recorded with forge issue `n`.
fn by_issue(ws: &Workspace, kind: &Kind, n: u64) -> Result<Option<Item>> {
    Ok(ws
        .scan_kind(kind, |r| r.ok())?
        .into_iter()
        .flatten()
        .find(|i| i.value()["issue"].as_u64() == Some(n)))
}

/// The open task on `branch`.
fn by_branch(ws: &Workspace, branch: &str) -> Result<Option<Item>> {
    Ok(ws
        .scan_kind(ws.kind(TASK)?, |r| r.ok())?
        .into_iter()
        .flatten()
        .find(|i| i.value()["branch"].as_str() == Some(branch)))
}

/// Applies one webhook payload. `event` is the forge's event header, when
/// there is one.
pub fn apply_event(
    ws: &Workspace,
    forge: Forge,
    event: Option<&str>,
    payload: &[u8],
    dry_run: bool,
) -> Result<Ticked> {
    let header_verdict = event
        .filter(|e| e.starts_with("pull_request_review_"))
        .map(str::to_ascii_lowercase);
    let p: Value = serde_json::from_slice(payload)
        .map_err(|e| Error::Usage(crate::msg!("payload-not-json-why", why = e.to_string())))?;
    if !p.is_object() {
        return Err(Error::Usage(crate::msg!("payload-not-json-object")));
    }
    let event = event_of(event, &p);
    let action = str_at(&p, &["action"]).unwrap_or_default().to_owned();
    let mut out = Ticked {
        dry_run,
        ..Ticked::default()
    };
    let team = &ws.rules.config.team;
    let role_of = |login: Option<&str>| -> Option<String> {
        login
            .and_then(|l| team.get(l))
            .map(|r| crate::workflow::role::canonical(r))
    };
    let sender = str_at(&p, &["sender", "login"]);
    let result = match event.as_str() {
        "issues" => issues(ws, &p, &action, &role_of, &mut out),
        "issue_comment" => comment(ws, &p, &action, &role_of, sender, &mut out),
        "pull_request" => pull_request(ws, &p, &action, &mut out),
        "pull_request_review" => {
            let verdict = header_verdict.or_else(|| {
                str_at(&p, &["review", "type"])
                    .or(str_at(&p, &["review", "state"]))
                    .map(str::to_ascii_lowercase)
            });
            review(ws, verdict, &p, &role_of, sender, &mut out)
        }
        "status" | "check_run" => checks(ws, &p, &mut out),
        other => {
            out.notes.push(crate::msg!(
                "forge-event-event-ignored-concerns",
                forge = forge_name(forge),
                event = crate::text::escape(other)
            ));
            Ok(())
        }
    };
    match result {
        Ok(()) => Ok(out),
        // A move the item's state does not allow is told, not failed.
        Err(e @ (Error::Refused(_) | Error::NoDecision(_))) => {
            // The refusal's own words (its Chinese, by the command line's
            // refusal wording, is not yet a message).
            out.notes.push(crate::msg!(
                "forge-not-applied",
                error = Message::text(e.to_string())
            ));
            Ok(out)
        }
        Err(e) => Err(e),
    }
}

/// The roles that took part in goal `goal`: those it was addressed to and
/// the assignees of its tasks, and the lead.
fn took_part(ws: &Workspace, goal: &Item) -> Result<Vec<String>> {
    let v = goal.value();
    let mut roles: Vec<String> = v["addressed"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect();
    for t in tasks_of(ws, &goal.id)? {
        if let Some(a) = text(&t.value(), "assignee") {
            roles.push(a.to_owned());
        }
    }
    roles.push(crate::workflow::role::canonical(LEAD));
    let mut seen = std::collections::HashSet::new();
    roles.retain(|r| seen.insert(r.clone()));
    Ok(roles)
}

/// Who an issue is assigned to, as a note says it.
fn assignee_or_no_one(assignee: Option<&str>) -> Message {
    match assignee {
        Some(a) => Message::text(crate::text::escape(a)),
        None => crate::msg!("kinds-no-one"),
    }
}

fn forge_name(forge: Forge) -> &'static str {
    match forge {
        Forge::Gitea => "Gitea",
        Forge::Github => "GitHub",
    }
}

fn run_plan(ws: &Workspace, plan: Plan, event: &str, out: &mut Ticked) -> Result<()> {
    let commit = if out.dry_run {
        None
    } else {
        plan::execute(ws, &plan, true)?.commit
    };
    out.dispatched.push(Dispatched {
        item: plan.label(),
        event: event.to_owned(),
        from: plan.from().map(str::to_owned),
        to: plan.to().to_owned(),
        commit,
        handoff: plan.handoff().map(str::to_owned),
    });
    Ok(())
}

fn actor(role: &str) -> Actor<'_> {
    Actor {
        role,
        ..Default::default()
    }
}

fn issues(
    ws: &Workspace,
    p: &Value,
    action: &str,
    role_of: &dyn Fn(Option<&str>) -> Option<String>,
    out: &mut Ticked,
) -> Result<()> {
    let issue = p
        .get("issue")
        .ok_or_else(|| Error::Usage(crate::msg!("issues-payload-has-no-issue")))?;
    let n = num_at(issue, &["number"])
        .ok_or_else(|| Error::Usage(crate::msg!("issue-has-no-number")))?;
    let title = str_at(issue, &["title"]).unwrap_or_default();
    let body = str_at(issue, &["body"]).unwrap_or_default();
    let labels: Vec<&str> = issue["labels"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| l["name"].as_str())
        .collect();
    // GitHub names the login just assigned beside the issue; Gitea sends
    // the issue with its assignees.
    let assignee = (if action == "assigned" {
        str_at(p, &["assignee", "login"])
    } else {
        None
    })
    .or_else(|| {
        issue["assignees"]
            .as_array()
            .and_then(|a| a.first())
            .and_then(|a| a["login"].as_str())
    })
    .or(str_at(issue, &["assignee", "login"]));
    let parent = parent_issue(title, body);
    match (action, parent) {
        ("opened" | "assigned", Some(goal_issue)) => {
            let Some(goal) = by_issue(ws, ws.kind(GOAL)?, goal_issue)? else {
                out.notes.push(crate::msg!(
                    "issue-n-names-parent-parent",
                    n = n,
                    parent = goal_issue
                ));
                return Ok(());
            };
            if by_issue(ws, ws.kind(TASK)?, n)?.is_some() {
                out.notes
                    .push(crate::msg!("issue-n-task-here-already", n = n));
                return Ok(());
            }
            let Some(role) = role_of(assignee) else {
                out.notes.push(crate::msg!(
                    "issue-n-assigned-who-who",
                    n = n,
                    who = assignee_or_no_one(assignee)
                ));
                return Ok(());
            };
            let mut depends = Vec::new();
            for m in depends_issues(body) {
                match by_issue(ws, ws.kind(TASK)?, m)? {
                    Some(t) => depends.push(t.id),
                    None => out
                        .notes
                        .push(crate::msg!("forge-depends-on-no-task", n = n, m = m)),
                }
            }
            let kind = labels
                .iter()
                .find_map(|l| l.strip_prefix("type/"))
                .map(str::to_owned);
            let claim = Claim {
                title: bare_title(title),
                depends,
                kind,
                issue: Some(n),
                assignee: None,
            };
            let plan = plan_claim(ws, &goal.id, &claim, actor(&role))?;
            run_plan(ws, plan, "issues/opened", out)
        }
        // The goal's own issue assigned (定向讨论: "Issue assigned webhook →
        // issue_discussion task, assignee=该 agent"): a goal not yet routed
        // is routed to its assignee's directed discussion, an escalated one
        // is reassigned to it (the lead's `assign`).
        ("assigned", None) if by_issue(ws, ws.kind(GOAL)?, n)?.is_some() => {
            let Some(goal) = by_issue(ws, ws.kind(GOAL)?, n)? else {
                return Ok(());
            };
            assigned_goal(ws, &goal, n, assignee, role_of, out)
        }
        ("opened" | "assigned", None) => {
            if by_issue(ws, ws.kind(GOAL)?, n)?.is_some() {
                out.notes
                    .push(crate::msg!("issue-n-goal-here-already", n = n));
                return Ok(());
            }
            let Some(kind) = labels.iter().find_map(|l| l.strip_prefix("type/")) else {
                out.notes.push(crate::msg!("issue-n-has-no-type", n = n));
                return Ok(());
            };
            let goal = NewGoal {
                title: title.to_owned(),
                kind: kind.to_owned(),
                assignee: role_of(assignee),
                direct: labels.contains(&"flow/direct"),
                body: Some(body.to_owned()),
                issue: Some(n),
            };
            let plan = plan_new_goal(ws, &goal, actor(LEAD))?;
            let id = plan.id().to_owned();
            run_plan(ws, plan, "issues/opened", out)?;
            if out.dry_run {
                out.notes
                    .push(crate::msg!("forge-goal-routed-once-made", id = &id));
                return Ok(());
            }
            if let Some(route) = plan_route(ws, &id, actor(LEAD))? {
                run_plan(ws, route, "route", out)?;
            }
            Ok(())
        }
        ("closed", _) => {
            if let Some(goal) = by_issue(ws, ws.kind(GOAL)?, n)? {
                let plan = plan_decide(
                    ws,
                    &goal.id,
                    "achieved",
                    None,
                    Actor {
                        role: LEAD,
                        note: Some("the goal's issue was closed"),
                        ..Default::default()
                    },
                )?;
                run_plan(ws, plan, "issues/closed", out)?;
                if !out.dry_run {
                    let (goal, _) = open(ws, GOAL, &goal.id)?;
                    let agents = agents(ws)?;
                    for role in took_part(ws, &goal)? {
                        out.notices.push(notice(
                            ws,
                            &goal,
                            "closed",
                            "closed",
                            &role,
                            &agents,
                            &[],
                        )?);
                    }
                    out.agents = agents;
                }
                return Ok(());
            }
            if let Some(task) = by_issue(ws, ws.kind(TASK)?, n)? {
                out.notes.push(crate::msg!(
                    "issue-n-closed-task-closed-2",
                    n = n,
                    task = task.label(),
                    state = &task.status
                ));
                if let Some(role) = text(&task.value(), "assignee") {
                    let agents = agents(ws)?;
                    out.notices.push(notice(
                        ws,
                        &task,
                        "issue-closed",
                        "issue-closed",
                        role,
                        &agents,
                        &[("number", n.to_string())],
                    )?);
                    out.agents = agents;
                }
                return Ok(());
            }
            out.notes
                .push(crate::msg!("issue-n-closed-task-closed", n = n));
            Ok(())
        }
        (other, _) => {
            out.notes.push(crate::msg!(
                "issues-action-n-ignored",
                action = crate::text::escape(other),
                n = n
            ));
            Ok(())
        }
    }
}

/// Goal `goal` (forge issue `n`) assigned to `assignee`'s role: routed
/// to a directed discussion while it is open, reassigned by the lead's
/// `assign` once escalated; elsewhere told and left as it is.
fn assigned_goal(
    ws: &Workspace,
    goal: &Item,
    n: u64,
    assignee: Option<&str>,
    role_of: &dyn Fn(Option<&str>) -> Option<String>,
    out: &mut Ticked,
) -> Result<()> {
    let Some(role) = role_of(assignee) else {
        out.notes.push(crate::msg!(
            "issue-n-assigned-who-who",
            n = n,
            who = assignee_or_no_one(assignee)
        ));
        return Ok(());
    };
    let v = goal.value();
    if text(&v, "assignee") == Some(role.as_str()) && goal.status != "escalated" {
        out.notes.push(crate::msg!(
            "issue-n-item-assigned-role",
            n = n,
            item = goal.label(),
            role = &role
        ));
        return Ok(());
    }
    let wf = ws.kind(GOAL)?.workflow()?;
    if goal.status == wf.initial {
        let edits = vec![plan::set(&["assignee"], json!(role))];
        return match plan_event(ws, goal.clone(), &wf, ROUTE, edits, actor(LEAD))? {
            Some(p) => run_plan(ws, p, "issues/assigned", out),
            None => Ok(()),
        };
    }
    if !wf.fired_by(&goal.status, "assign").is_empty() {
        let plan = plan_decide(
            ws,
            &goal.id,
            "assign",
            Some(&role),
            Actor {
                role: LEAD,
                note: Some("the goal's issue was assigned"),
                ..Default::default()
            },
        )?;
        return run_plan(ws, plan, "issues/assigned", out);
    }
    out.notes.push(crate::msg!(
        "issue-n-assigned-role-item",
        n = n,
        role = &role,
        item = goal.label(),
        state = &goal.status
    ));
    Ok(())
}

fn comment(
    ws: &Workspace,
    p: &Value,
    action: &str,
    role_of: &dyn Fn(Option<&str>) -> Option<String>,
    sender: Option<&str>,
    out: &mut Ticked,
) -> Result<()> {
    let n = num_at(p, &["issue", "number"])
        .ok_or_else(|| Error::Usage(crate::msg!("comment-s-issue-has-no")))?;
    if action != "created" {
        out.notes.push(crate::msg!(
            "issue-comment-action-n-ignored",
            action = crate::text::escape(action),
            n = n
        ));
        return Ok(());
    }
    let Some(goal) = by_issue(ws, ws.kind(GOAL)?, n)? else {
        out.notes
            .push(crate::msg!("comment-n-which-no-goal", n = n));
        return Ok(());
    };
    let Some(role) = role_of(str_at(p, &["comment", "user", "login"]).or(sender)) else {
        out.notes
            .push(crate::msg!("forge-comment-not-in-team", n = n));
        return Ok(());
    };
    let body = str_at(p, &["comment", "body"]).unwrap_or_default().trim();
    // The lead's decision on the goal (a round review, an escalation):
    // a comment whose first word names one (`new-round: why`, `/achieved`,
    // `assign dev`), while the goal's state takes it.
    if role == LEAD || role == crate::workflow::role::HUMAN {
        let mut words = body.split_whitespace();
        let first = words
            .next()
            .unwrap_or_default()
            .trim_start_matches('/')
            .trim_end_matches([':', '.', ','])
            .to_ascii_lowercase();
        // The flow's own name of a decision (GOAL_ACHIEVED) is taken too.
        let first = super::decision_named(&first).map_or(first, str::to_owned);
        let wf = ws.kind(GOAL)?.workflow()?;
        let trigger = if first == "broadcast" {
            "assign"
        } else {
            first.as_str()
        };
        if DECISIONS.contains(&first.as_str()) && !wf.fired_by(&goal.status, trigger).is_empty() {
            let rest = body
                .split_once(char::is_whitespace)
                .map_or("", |(_, r)| r)
                .trim();
            let (assignee, note) = if first == "assign" {
                let mut r = rest.splitn(2, char::is_whitespace);
                (r.next().filter(|a| !a.is_empty()), r.next().map(str::trim))
            } else {
                (None, Some(rest))
            };
            let note = note.filter(|n| !n.is_empty());
            let plan = plan_decide(
                ws,
                &goal.id,
                &first,
                assignee,
                Actor {
                    role: &role,
                    note,
                    ..Default::default()
                },
            )?;
            return run_plan(ws, plan, "issue_comment/created", out);
        }
    }
    // The reviewer's check of a directed discussion's plan
    // (issue_review_discussion): a comment starting `approve` (or `LGTM`)
    // or `reject: why`.
    if role == crate::workflow::role::canonical(REVIEWER) && goal.status == PLANNING {
        let first = body
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .trim_start_matches('/')
            .trim_end_matches([':', '.', ',', '!'])
            .to_ascii_lowercase();
        let approve = match first.as_str() {
            "approve" | "approved" | "lgtm" => Some(true),
            "reject" | "rejected" => Some(false),
            _ => None,
        };
        if let Some(approve) = approve {
            let rest = body
                .split_once(char::is_whitespace)
                .map_or("", |(_, r)| r)
                .trim();
            let plan = plan_plan_check(
                ws,
                &goal.id,
                approve,
                Actor {
                    role: &role,
                    note: Some(rest).filter(|r| !r.is_empty()),
                    ..Default::default()
                },
            )?;
            return run_plan(ws, plan, "issue_comment/created", out);
        }
    }
    let answer = if body.contains("NO_REPLY") {
        Answer {
            no_reply: true,
            ..Answer::default()
        }
    } else {
        Answer {
            proposal: Some(body.to_owned()),
            ..Answer::default()
        }
    };
    let plan = plan_discuss(ws, &goal.id, &answer, actor(&role))?;
    run_plan(ws, plan, "issue_comment/created", out)
}

fn pull_request(ws: &Workspace, p: &Value, action: &str, out: &mut Ticked) -> Result<()> {
    let pr = p
        .get("pull_request")
        .ok_or_else(|| Error::Usage(crate::msg!("pull-request-payload-has-no")))?;
    let n = num_at(pr, &["number"])
        .or(num_at(p, &["number"]))
        .unwrap_or(0);
    let Some(branch) = str_at(pr, &["head", "ref"]) else {
        return Err(Error::Usage(crate::msg!("pull-request-has-no-head")));
    };
    // The task on the branch, else the one whose issue the body closes
    // (`Closes #N`, with `Parent #M` naming its goal's issue).
    let body = str_at(pr, &["body"]).unwrap_or_default();
    let closes = closes_issue(body);
    let task = match (by_branch(ws, branch)?, closes) {
        (Some(t), _) => Some(t),
        (None, Some(i)) => by_issue(ws, ws.kind(TASK)?, i)?,
        (None, None) => None,
    };
    let Some(task) = task else {
        out.notes.push(match closes {
            Some(i) => crate::msg!(
                "pull-request-n-branch-no-2",
                n = n,
                branch = crate::text::escape(branch),
                i = i
            ),
            None => crate::msg!(
                "pull-request-n-branch-no",
                n = n,
                branch = crate::text::escape(branch)
            ),
        });
        return Ok(());
    };
    if let Some(m) = pull_parent(body)
        && let Some(goal) = by_issue(ws, ws.kind(GOAL)?, m)?
        && task.value()["parent"].as_str() != Some(goal.id.as_str())
    {
        out.notes.push(crate::msg!(
            "pull-request-n-names-parent",
            n = n,
            m = m,
            goal = &goal.id,
            task = task.label(),
            other = match task.value()["parent"].as_str() {
                Some(p) => Message::text(p),
                None => crate::msg!("none"),
            }
        ));
        return Ok(());
    }
    let owner = task.value()["assignee"].as_str().unwrap_or(LEAD).to_owned();
    match action {
        "opened" | "reopened" | "ready_for_review" => {
            let wf = ws.kind(TASK)?.workflow()?;
            if task.status == wf.initial {
                let waiting: Vec<String> = wf
                    .fired_by(&task.status, "start")
                    .into_iter()
                    .flat_map(|t| waiting_for(ws, &task, t))
                    .collect();
                if !waiting.is_empty() {
                    out.notes.push(crate::msg!(
                        "forge-pull-request-task-waits",
                        n = n,
                        task = task.label(),
                        waiting = waiting.join(", "),
                        state = &task.status
                    ));
                    return Ok(());
                }
                let plan = plan_task(ws, &task.id, "start", Vec::new(), actor(&owner))?;
                run_plan(ws, plan, "pull_request/opened", out)?;
            }
            let plan = plan_task(ws, &task.id, "submit", Vec::new(), actor(&owner))?;
            run_plan(ws, plan, "pull_request/opened", out)
        }
        // GitHub says `synchronize`, Gitea `synchronized`.
        "synchronize" | "synchronized" => {
            // New commits: a task waiting for changes is submitted again.
            let wf = ws.kind(TASK)?.workflow()?;
            if wf.fired_by(&task.status, "submit").is_empty() || task.status == wf.initial {
                out.notes.push(crate::msg!(
                    "forge-new-commits-task-stays",
                    task = task.label(),
                    n = n,
                    id = &task.id,
                    state = &task.status
                ));
                return Ok(());
            }
            let plan = plan_task(ws, &task.id, "submit", Vec::new(), actor(&owner))?;
            run_plan(ws, plan, "pull_request/synchronize", out)
        }
        "closed" if pr["merged"].as_bool() == Some(true) => {
            let Some(sha) = str_at(pr, &["merge_commit_sha"]).filter(|s| !s.is_empty()) else {
                return Err(Error::Usage(crate::msg!(
                    "merged-pull-request-without-merge"
                )));
            };
            let Some(commit) = ws.repo.commit_id(sha) else {
                out.notes.push(crate::msg!(
                    "forge-merge-not-here-yet",
                    n = n,
                    sha = crate::text::escape(sha)
                ));
                return Ok(());
            };
            let (item, wf) = open(ws, TASK, &task.id)?;
            let edits = vec![plan::set(
                &["closed_by"],
                json!({"commit": commit, "by": "merge"}),
            )];
            match plan_event(ws, item, &wf, MERGED, edits, actor(LEAD))? {
                Some(plan) => {
                    run_plan(ws, plan, "pull_request/closed", out)?;
                    if !out.dry_run
                        && let Some(role) = text(&task.value(), "assignee")
                    {
                        let (done, _) = open(ws, TASK, &task.id)?;
                        let agents = agents(ws)?;
                        out.notices.push(notice(
                            ws,
                            &done,
                            "merged",
                            "merged",
                            role,
                            &agents,
                            &[("number", n.to_string())],
                        )?);
                        out.agents = agents;
                    }
                    Ok(())
                }
                None => {
                    out.notes.push(crate::msg!(
                        "forge-merged-not-closed",
                        task = task.label(),
                        state = &task.status
                    ));
                    Ok(())
                }
            }
        }
        "closed" => {
            out.notes.push(crate::msg!(
                "forge-closed-without-merging",
                n = n,
                task = task.label(),
                state = &task.status
            ));
            let agents = agents(ws)?;
            out.notices.push(notice(
                ws,
                &task,
                "pr-closed",
                "pr-closed",
                &owner,
                &agents,
                &[("number", n.to_string())],
            )?);
            out.agents = agents;
            Ok(())
        }
        other => {
            out.notes.push(crate::msg!(
                "forge-pull-request-action-ignored",
                action = crate::text::escape(other),
                n = n
            ));
            Ok(())
        }
    }
}

/// A CI result: Gitea's `status` (`state`, `context`, `branches`), GitHub's
/// `check_run` (`check_run.conclusion`, `name`, `check_suite.head_branch`).
/// A failure moves the task on that branch to ci-failed; a pass there
/// moves it back.
fn checks(ws: &Workspace, p: &Value, out: &mut Ticked) -> Result<()> {
    let (state, name, branch) = match p.get("check_run") {
        Some(run) => {
            if str_at(run, &["status"]).is_some_and(|s| s != "completed") {
                out.notes.push(crate::msg!("forge-check-not-completed"));
                return Ok(());
            }
            (
                str_at(run, &["conclusion"]).unwrap_or_default(),
                str_at(run, &["name"]).unwrap_or("check"),
                str_at(run, &["check_suite", "head_branch"]),
            )
        }
        None => (
            str_at(p, &["state"]).unwrap_or_default(),
            str_at(p, &["context"]).unwrap_or("check"),
            p["branches"]
                .as_array()
                .and_then(|b| b.first())
                .and_then(|b| b["name"].as_str()),
        ),
    };
    let passed = match state {
        "success" => true,
        "failure" | "error" | "timed_out" | "cancelled" => false,
        other => {
            out.notes.push(crate::msg!(
                "forge-check-state-ignored",
                state = crate::text::escape(other)
            ));
            return Ok(());
        }
    };
    let Some(branch) = branch else {
        return Err(Error::Usage(crate::msg!("check-names-no-branch")));
    };
    let Some(task) = by_branch(ws, branch)? else {
        out.notes.push(crate::msg!(
            "forge-check-no-task",
            branch = crate::text::escape(branch)
        ));
        return Ok(());
    };
    let owner = task.value()["assignee"].as_str().unwrap_or(LEAD).to_owned();
    let failed = if passed {
        Vec::new()
    } else {
        vec![name.to_owned()]
    };
    match plan_check(ws, &task.id, passed, &failed, actor(&owner)) {
        Ok(plan) => run_plan(ws, plan, "check", out),
        // A pass while the task waits for its reviewer changes nothing.
        Err(Error::Failed(m)) => {
            out.notes.push(crate::msg!(
                "forge-check-on-task",
                name = crate::text::escape(name),
                task = task.label(),
                text = m
            ));
            Ok(())
        }
        Err(e) => Err(e),
    }
}

fn review(
    ws: &Workspace,
    verdict: Option<String>,
    p: &Value,
    role_of: &dyn Fn(Option<&str>) -> Option<String>,
    sender: Option<&str>,
    out: &mut Ticked,
) -> Result<()> {
    let Some(branch) = str_at(p, &["pull_request", "head", "ref"]) else {
        return Err(Error::Usage(crate::msg!("review-s-pull-request-has")));
    };
    let Some(task) = by_branch(ws, branch)? else {
        out.notes.push(crate::msg!(
            "forge-review-no-task",
            branch = crate::text::escape(branch)
        ));
        return Ok(());
    };
    let verdict = verdict.unwrap_or_default();
    let approve = verdict.contains("approved");
    let changes = verdict.contains("changes") || verdict.contains("rejected");
    if !approve && !changes {
        out.notes.push(crate::msg!(
            "forge-review-without-verdict",
            task = task.label(),
            verdict = crate::text::escape(&verdict)
        ));
        return Ok(());
    }
    let role = role_of(str_at(p, &["review", "user", "login"]).or(sender))
        .unwrap_or_else(|| REVIEWER.to_owned());
    let note = str_at(p, &["review", "body"])
        .or(str_at(p, &["review", "content"]))
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .unwrap_or("changes requested on the forge")
        .to_owned();
    let plan = plan_review(
        ws,
        &task.id,
        approve,
        Actor {
            role: &role,
            note: Some(&note),
            ..Default::default()
        },
    )?;
    run_plan(ws, plan, "pull_request_review", out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The end-to-end flow's pull request body: `Closes #N` and `Parent #M`.
    #[test]
    fn a_pull_request_body_names_the_issue_it_closes() {
        assert_eq!(closes_issue("Add login\n\nCloses #12\nParent #7"), Some(12));
        assert_eq!(closes_issue("fixes: #3"), Some(3));
        assert_eq!(closes_issue("Resolves #40."), Some(40));
        assert_eq!(closes_issue("closes the gap"), None);
        assert_eq!(closes_issue(""), None);
        assert_eq!(pull_parent("Closes #12\nParent #7"), Some(7));
        assert_eq!(pull_parent("Parent: #7"), Some(7));
    }

    #[test]
    fn a_sub_issue_names_its_parent_in_its_title_or_body() {
        assert_eq!(parent_issue("[moz][sub][parent #12] Form", ""), Some(12));
        assert_eq!(parent_issue("Form", "Parent: #7\nDepends: #8"), Some(7));
        assert_eq!(parent_issue("Form", "no parent here"), None);
        assert_eq!(depends_issues("Parent: #7\nDepends: #8, #9"), vec![8, 9]);
        assert_eq!(
            bare_title("[moz][sub][parent #12] Login form"),
            "Login form"
        );
    }

    #[test]
    fn signatures_are_checked_as_each_forge_sends_them() {
        let sig = signature(b"s3cret", b"{}");
        assert!(signed(Forge::Gitea, b"s3cret", b"{}", &sig));
        assert!(signed(
            Forge::Github,
            b"s3cret",
            b"{}",
            &format!("sha256={sig}")
        ));
        assert!(!signed(Forge::Github, b"s3cret", b"{}", &sig));
        assert!(!signed(Forge::Gitea, b"other", b"{}", &sig));
        assert!(!signed(Forge::Gitea, b"s3cret", b"{ }", &sig));
        assert!(!signed(Forge::Gitea, b"s3cret", b"{}", "zz"));
    }

    #[test]
    fn the_event_is_the_header_else_the_payload_shape() {
        let review = json!({"review": {}, "pull_request": {}});
        assert_eq!(event_of(None, &review), "pull_request_review");
        assert_eq!(
            event_of(Some("pull_request_review_approved"), &review),
            "pull_request_review"
        );
        assert_eq!(
            event_of(None, &json!({"issue": {}, "comment": {}})),
            "issue_comment"
        );
        assert_eq!(event_of(None, &json!({"zen": "hi"})), "unknown");
    }
}
