//! Merging an approved task's branch into the main line (`git orx task
//! merge`): the step an approved task waits on, as a command. The merge
//! commit names the branch and carries `Closes: ID`, the two things the
//! ticker and the hooks read as a task's merge; the task is then closed
//! by the same move the ticker takes (`merged`, with the commit recorded
//! in `closed_by`), judged as every change is.

use serde_json::json;

use super::*;
use crate::engine::validate::Refusal;

/// The state in which a task's branch is merged.
pub const APPROVED: &str = "approved";

/// The branch of task `id`, made at HEAD when it does not exist yet (a
/// task submitted with its work committed elsewhere: HEAD is what was
/// submitted); whether it was made.
pub fn ensure_branch(ws: &Workspace, id: &str) -> Result<bool> {
    let (item, _) = open(ws, TASK, id)?;
    let Some(branch) = text(&item.value(), "branch").map(str::to_owned) else {
        return Ok(false);
    };
    let name = format!("refs/heads/{branch}");
    if ws.repo.resolves(&name) || !ws.repo.has_head() {
        return Ok(false);
    }
    let Some(head) = ws.repo.commit_id("HEAD") else {
        return Ok(false);
    };
    ws.repo
        .set_ref(&name, &head, None, &format!("git-orx: task {id} submitted"))?;
    Ok(true)
}

/// Merges approved task `id`'s branch into the main line (`main`, the
/// branch HEAD must be on) and plans closing the task with the commit
/// made: a merge commit naming the branch with `Closes: ID`, or, when the
/// main line holds the branch already, a commit carrying `Closes: ID`.
/// Refused, with nothing merged, when the task is not approved, the role
/// may not close it, the branch does not exist or does not merge cleanly,
/// or HEAD is not on the main line.
pub fn plan_merge(ws: &Workspace, id: &str, actor: Actor, main: &str) -> Result<Plan> {
    let (item, wf) = open(ws, TASK, id)?;
    if item.status != APPROVED {
        return Err(Error::NoDecision(NoDecision::NotHere {
            action: Message::text("merge"),
            kind: TASK.to_owned(),
            state: item.status.clone(),
            states: vec![APPROVED.to_owned()],
        }));
    }
    let label = item.reference();
    let refuse = |branch: &str, message: Message| Error::NoMerge {
        item: label.clone(),
        branch: branch.to_owned(),
        message,
    };
    let branch = text(&item.value(), "branch").unwrap_or_default().to_owned();
    if branch.is_empty() {
        return Err(refuse(
            &branch,
            crate::msg!("item-names-no-branch-merge", item = &label),
        ));
    }
    let t = by_trigger(&wf, &item, MERGED)?;
    let closing = |commit: &str, by: &str| {
        vec![plan::set(
            &["closed_by"],
            json!({"commit": commit, "by": by}),
        )]
    };
    // The role's right to close it, judged before anything is merged: only
    // the missing evidence (the merge still to make) may stand in its way.
    let head = ws.repo.commit_id("HEAD").unwrap_or_default();
    match plan::transition(ws, item.clone(), &t.to, &closing(&head, "merge"), actor) {
        Ok(_) | Err(Error::Refused(Refusal::NoEvidence { .. })) => {}
        Err(e) => return Err(e),
    }
    let on = ws.repo.head_branch();
    if on.as_deref() != Some(main) {
        return Err(refuse(
            &branch,
            crate::msg!(
                "item-head-not-main-line",
                item = &label,
                on = match on {
                    Some(b) => Message::text(crate::text::escape(&b)),
                    None => crate::msg!("kinds-no-branch"),
                },
                main = crate::text::escape(main)
            ),
        ));
    }
    let full = format!("refs/heads/{branch}");
    let Some(tip) = ws.repo.commit_id(&full) else {
        return Err(refuse(
            &branch,
            crate::msg!(
                "item-branch-branch-does-not",
                item = &label,
                branch = crate::text::escape(&branch)
            ),
        ));
    };
    let conflicts = ws.repo.merge_conflicts("HEAD", &full)?;
    if !conflicts.is_empty() {
        return Err(refuse(
            &branch,
            crate::msg!(
                "item-branch-branch-does-not-2",
                item = &label,
                branch = crate::text::escape(&branch),
                main = crate::text::escape(main),
                paths = conflicts
                    .iter()
                    .map(|p| crate::text::escape(p))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    let env = [("ORX_ROLE", actor.role)];
    let trailer = format!("Closes: {}", item.id);
    let (commit, by) = if ws.repo.merge_base("HEAD", &tip).as_deref() == Some(tip.as_str()) {
        // Nothing on the branch the main line lacks: the close is a commit
        // carrying the trailer.
        let message = format!("Close {label}: branch {branch} is in {main}\n\n{trailer}\n");
        (ws.repo.commit_empty(&message, &env)?, "trailer")
    } else {
        let message = format!("Merge branch '{branch}' ({label})\n\n{trailer}\n");
        (ws.repo.merge_no_ff(&full, &message, &env)?, "merge")
    };
    let (item, _) = open(ws, TASK, id)?;
    plan::transition(ws, item, &t.to, &closing(&commit, by), actor)
}
