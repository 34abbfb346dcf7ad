//! The one verdict on a change to an item: the rule check
//! ([`validate::judge`]: states, roles, guards, effects, protected fields,
//! records, invariants), the rules that look beyond the item, at the
//! repository the change is made in: the items a transition waits for
//! (`waits:`), the commit it shows as evidence (`evidence:`) and the
//! actions it records (`actions:`), and the values its workflow's
//! `measure:` keeps, measured again in the item's body. `move` and its dry run, `show`, `next`,
//! the hooks and `verify` all ask [`judge`], each on its own [`Ground`], so
//! a command says what the hook will say.

use serde_json::Value;

use crate::engine::checklist;
use crate::engine::item::Item;
use crate::engine::validate::{self, Accepted, Change, Refusal, Verdict};
use crate::error::Result;
use crate::git::{GitError, Repo, Side};
use crate::msg;
use crate::text::message::Message;
use crate::workflow::kind::{Kind, Kinds};
use crate::workflow::{Evidence, Transition, Waits, Workflow};

/// Where checkpoints are kept: one ref each.
pub const CHECKPOINT_REFS: &str = "refs/orx/checkpoints/";

/// Whether `name` is a checkpoint's name: `chk-` and a UTC timestamp to
/// the minute (`YYYYMMDDhhmm`), or to the second (`YYYYMMDDhhmmss`) for
/// a later one in the same minute, with `-N` (N ≥ 2) when more than one
/// was made that second.
pub fn valid_checkpoint_name(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("chk-") else {
        return false;
    };
    let (stamp, n) = rest.split_once('-').unwrap_or((rest, "2"));
    (stamp.len() == 12 || stamp.len() == 14)
        && stamp.bytes().all(|b| b.is_ascii_digit())
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
        && !n.starts_with('0')
}

/// Whether a transition's `actions:` are shown in the change being judged
/// (a commit), or still to be taken by the executor (a command's plan).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actions {
    /// The executor takes them with the write: not judged here.
    Pending,
    /// The change must show them; `past`: a commit judged after it was
    /// made (`verify`), whose checkpoint refs may be gone since.
    Shown { past: bool },
}

/// The repository a change is judged in: the tree the change makes (the
/// items a transition waits for are read there) and the commit it is made
/// on (the evidence must be in its history; a rollback must be it).
pub struct Ground<'a> {
    pub repo: &'a Repo,
    pub kinds: &'a Kinds,
    pub tree: Side,
    pub base: Option<String>,
    pub actions: Actions,
    /// Who shows the commit a transition's `evidence:` names.
    pub evidence: EvidenceBy,
}

impl<'a> Ground<'a> {
    /// The ground a command's move is judged on (`move`, its dry run,
    /// `show`, `next`): the tree and history of `head`, the transition's
    /// actions left to the executor.
    pub fn of_command(
        repo: &'a Repo,
        kinds: &'a Kinds,
        head: Option<String>,
        evidence: EvidenceBy,
    ) -> Self {
        Ground {
            repo,
            kinds,
            tree: head.clone().map_or(Side::Empty, Side::Commit),
            base: head,
            actions: Actions::Pending,
            evidence,
        }
    }
}

/// Whether the commit a transition's `evidence:` names must be shown
/// already, or is the one the command taking the move makes (a task's
/// `merge` step merges its branch, then moves it with that commit).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EvidenceBy {
    /// The item must name a commit that shows the transition.
    #[default]
    Shown,
    /// The command records it as it takes the move: not judged here.
    Command,
}

/// The verdict on `change` to the item of `kind` at `path` under `wf`, in
/// `ground`: every rule, those of the item and those of the repository
/// around it. `body`: the item's body as the change leaves it (none for a
/// deletion), in which the values the workflow's `measure:` keeps are
/// measured again. The Human's override (`--force`) sets the repository's
/// rules and the measures aside, as it does the workflow's.
pub fn judge<'w>(
    wf: &'w Workflow,
    change: &Change,
    kind: &Kind,
    path: &str,
    ground: &Ground,
    body: Option<&str>,
) -> Result<std::result::Result<Verdict<'w>, Refusal>> {
    let verdict = match validate::judge(wf, change) {
        Ok(v) => v,
        Err(r) => return Ok(Err(r)),
    };
    let Some(after) = change.after else {
        return Ok(Ok(verdict));
    };
    if change.force.is_some() {
        return Ok(Ok(verdict));
    }
    // The repository's rules read the item as the change leaves it: with
    // its transition's effects written.
    let mut moved = after.clone();
    if let Ok(effects) = &verdict.effects {
        for (p, v) in effects {
            validate::put(&mut moved, p, v.clone());
        }
    }
    let item = crate::engine::validate::ItemRef::new(kind.name(), text(after, "id"));
    let refusal = match (&verdict.accepted, change.before) {
        // A new item waits for what its workflow's `create_waits:` lists,
        // as a transition waits for its `waits:`.
        (Accepted::Create { .. }, None) => create_waits(wf, kind, &item, path, after, ground)?,
        (Accepted::Transition(t), Some(before)) => {
            beyond(wf, t, before, &moved, kind, path, ground)?
        }
        _ => None,
    };
    if let Some(refusal) = refusal {
        return Ok(Err(refusal));
    }
    let taken = match verdict.accepted {
        Accepted::Transition(t) => Some(t),
        _ => None,
    };
    if let (Some(body), Some(template)) = (body, kind.template()?)
        && let Some(problem) = checklist::unmeasured(
            wf,
            kind.name(),
            template,
            taken,
            change.before,
            &moved,
            body,
        )
    {
        return Ok(Err(Refusal::Unmeasured {
            item,
            from: validate::state_of(wf, change.before.unwrap_or(after)).to_owned(),
            to: validate::state_of(wf, after).to_owned(),
            problem,
        }));
    }
    Ok(Ok(verdict))
}

/// What the verdict on a move along a transition reads, besides the
/// transition itself and the role: whether it reads the item (the
/// verdict may differ between two items in one state), the clock, or the
/// repository around the item (other items, commits). A reader that
/// judges many items (the board) judges a move once for all of them where
/// it reads nothing of the item, and keeps an item's verdict with the
/// file's stat where it reads neither the clock nor the repository.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reads {
    pub item: bool,
    pub clock: bool,
    pub repository: bool,
}

impl std::ops::BitOrAssign for Reads {
    fn bitor_assign(&mut self, o: Reads) {
        self.item |= o.item;
        self.clock |= o.clock;
        self.repository |= o.repository;
    }
}

/// What [`judge`] reads when it judges a move along `t` under `wf` (a
/// change of the state field, with what the move records of the body, as
/// `move` makes it), rule by rule: kept here, beside the rules, so that a
/// rule added to the verdict is added to what it reads.
pub fn reads(wf: &Workflow, t: &Transition) -> Reads {
    let guard_now = |c: &crate::workflow::Condition| {
        c.expr.reads("now") || c.desc.reads("now") || c.zh.as_ref().is_some_and(|z| z.reads("now"))
    };
    // The rules of the repository: the items waited for, the commit shown.
    let repository = !t.waits.is_empty() || t.evidence.is_some();
    // The fields the rules beyond the item read of it as the move leaves
    // it, its effects written: the measured values, the items waited
    // for, the commit named as evidence.
    let mut beyond: Vec<String> = Vec::new();
    if let Some(m) = &wf.measure {
        let tasks = m.tasks.iter().flat_map(|t| [&t.done, &t.open, &t.reason]);
        let fields = [&m.structure, &m.extraction, &m.reason]
            .into_iter()
            .chain(tasks);
        beyond.extend(fields.map(|f| f.join(".")));
    }
    beyond.extend(t.waits.iter().map(|w| w.field.clone()));
    if let Some(e) = &t.evidence {
        beyond.push(e.field.join("."));
        beyond.extend(e.merge_names.clone());
    }
    let within = |a: &str, b: &str| a == b || a.strip_prefix(b).is_some_and(|r| r.starts_with('.'));
    let read_beyond = |path: &[String]| {
        let path = path.join(".");
        beyond.iter().any(|b| within(&path, b) || within(b, &path))
    };
    // A move changes the state and what it records of the body, no field
    // a record (`records:`) keeps: only its guard, its roles by field
    // (`@assignee`), the workflow's invariants, its effects on what the
    // rules beyond the item read, and those rules read the item.
    let item = !t.guard.is_empty()
        || t.roles.iter().any(|r| r.starts_with('@'))
        || !wf.invariants.is_empty()
        || t.effects.iter().any(|e| read_beyond(&e.path))
        || repository;
    let clock = t.guard.iter().any(guard_now)
        || wf.invariants.iter().any(|i| guard_now(&i.condition))
        || t.effects
            .iter()
            .any(|e| e.expr.reads("now") && read_beyond(&e.path));
    Reads {
        item,
        clock,
        repository,
    }
}

/// Why a new item is refused by its workflow's `create_waits:`, if it is.
fn create_waits(
    wf: &Workflow,
    kind: &Kind,
    item: &crate::engine::validate::ItemRef,
    path: &str,
    after: &Value,
    ground: &Ground,
) -> std::result::Result<Option<Refusal>, GitError> {
    for w in &wf.create_waits {
        let waiting = ground.waiting(kind, path, w, after)?;
        if !waiting.is_empty() {
            return Ok(Some(Refusal::Waits {
                item: item.clone(),
                from: String::new(),
                to: wf.initial.clone(),
                waits: Box::new(validate::WaitsFor {
                    field: w.field.clone(),
                    until: w.until.clone(),
                    waiting,
                    kind: w.kind.clone().filter(|k| k != kind.name()),
                }),
            }));
        }
    }
    Ok(None)
}

/// Why `t` (taken from `before` to `after`) is refused by the rules that
/// look beyond the item, if it is.
fn beyond(
    wf: &Workflow,
    t: &Transition,
    before: &Value,
    after: &Value,
    kind: &Kind,
    path: &str,
    ground: &Ground,
) -> std::result::Result<Option<Refusal>, GitError> {
    let item = crate::engine::validate::ItemRef::new(kind.name(), text(after, "id"));
    let (from, to) = (t.from.clone(), t.to.clone());
    for w in &t.waits {
        let waiting = ground.waiting(kind, path, w, after)?;
        if !waiting.is_empty() {
            return Ok(Some(Refusal::Waits {
                item,
                from,
                to,
                waits: Box::new(validate::WaitsFor {
                    field: w.field.clone(),
                    until: w.until.clone(),
                    waiting,
                    kind: w.kind.clone().filter(|k| k != kind.name()),
                }),
            }));
        }
    }
    if let Some(ev) = &t.evidence
        && ground.evidence == EvidenceBy::Shown
        && let Some(problem) = ground.no_evidence(ev, after)
    {
        return Ok(Some(Refusal::NoEvidence {
            item,
            from,
            to,
            problem,
        }));
    }
    if let Actions::Shown { past } = ground.actions {
        for action in &t.actions {
            if let Some(problem) = ground.action_not_taken(wf, action, before, after, past)? {
                return Ok(Some(Refusal::ActionNotTaken {
                    item,
                    from,
                    to,
                    problem,
                }));
            }
        }
    }
    Ok(None)
}

/// The value `with:` wants: as written, or, for `@field`, the waiting
/// item's `field` (a plan by the goal's `@assignee`).
fn wanted(x: &Value, after: &Value) -> Value {
    match x.as_str().and_then(|s| s.strip_prefix('@')) {
        Some(field) => field
            .split('.')
            .try_fold(after, |v, k| v.get(k))
            .cloned()
            .unwrap_or(Value::Null),
        None => x.clone(),
    }
}

fn text<'v>(v: &'v Value, key: &str) -> &'v str {
    v.get(key).and_then(Value::as_str).unwrap_or_default()
}

impl Ground<'_> {
    /// The items listed in `w.field` of `after` (the item of `kind` at
    /// `path`) that are not in one of the states `w.until` (with the
    /// values `w.with`) in the tree the change makes: items of its own
    /// kind, or of the kind `w.kind` names.
    pub fn waiting(
        &self,
        kind: &Kind,
        path: &str,
        w: &Waits,
        after: &Value,
    ) -> Result<Vec<String>, GitError> {
        // The kind the workflow's `waits:` names is looked up by its name.
        let kind = match w.kind.as_deref() {
            Some(name) => self.kinds.named(name),
            None => kind.clone(),
        };
        let items = kind.is_known().then_some(&*kind.items);
        let dir = match items.and_then(|i| i.dir.as_deref()) {
            Some(d) => d,
            None => path.rsplit_once('/').map_or("", |(d, _)| d),
        };
        let mut out = Vec::new();
        for id in validate::listed(after, &w.field) {
            let prefix = items.map_or_else(|| id.clone(), |i| i.id_in_file(&id));
            let mut reached = false;
            for (other, blob) in
                self.repo
                    .files_with_prefix(&self.tree, dir, &format!("{prefix}."))?
            {
                if let Ok(o) = Item::from_bytes(self.kinds, &other, self.repo.blob(blob)?)
                    && o.kind == kind
                    && o.id == id
                    && w.until.contains(&o.status)
                    && (w.with.is_empty() || {
                        let v = o.value();
                        w.with.iter().all(|(k, x)| {
                            let want = wanted(x, after);
                            v.get(k).is_some_and(|y| validate::same_value(&want, y))
                        })
                    })
                {
                    reached = true;
                }
            }
            if !reached {
                out.push(id);
            }
        }
        Ok(out)
    }

    /// Why the commit `ev.field` of `after` names does not show the
    /// transition, if it does not: it must be in the history the change is
    /// made on, and carry `trailer: ID` or be a merge commit whose message
    /// names the item's `merge_names` field.
    fn no_evidence(&self, ev: &Evidence, after: &Value) -> Option<Message> {
        let field = ev.field.join(".");
        let id = text(after, "id");
        let how = || match &ev.merge_names {
            Some(m) => msg!(
                "evidence-by-trailer-or-merge",
                trailer = &ev.trailer,
                id = id,
                field = m
            ),
            None => msg!("evidence-by-trailer", trailer = &ev.trailer, id = id),
        };
        let named = ev
            .field
            .iter()
            .try_fold(after, |v, k| v.get(k))
            .and_then(Value::as_str)
            .filter(|c| !c.is_empty());
        let Some(named) = named else {
            return Some(msg!("evidence-none-recorded", field = &field, how = how()));
        };
        let Some(commit) = self.repo.commit(named).ok() else {
            return Some(msg!(
                "evidence-not-in-repository",
                commit = crate::text::escape(named),
                field = &field
            ));
        };
        let reachable = match &self.base {
            Some(base) => {
                self.repo.merge_base(&commit.id, base).as_deref() == Some(commit.id.as_str())
            }
            None => false,
        };
        if !reachable {
            return Some(msg!(
                "evidence-not-in-history",
                commit = &commit.short,
                field = &field
            ));
        }
        let by_trailer = commit.trailers.iter().any(|(k, v)| {
            k.eq_ignore_ascii_case(&ev.trailer)
                && v.split([',', ' ']).any(|w| w.trim_start_matches('#') == id)
        });
        let by_merge = ev.merge_names.as_ref().is_some_and(|m| {
            commit.parents.len() > 1
                && after
                    .get(m)
                    .and_then(Value::as_str)
                    .is_some_and(|b| !b.is_empty() && commit.summary().contains(b))
        });
        if by_trailer || by_merge {
            return None;
        }
        Some(msg!(
            "evidence-not-shown",
            commit = &commit.short,
            field = &field,
            how = how()
        ))
    }

    /// Why the change does not show the transition's action taken, if it
    /// does not: a `checkpoint` records a new checkpoint (one that exists,
    /// unless the commit is judged after the fact); a `rollback` is
    /// committed on the rollback commit to the recorded checkpoint.
    fn action_not_taken(
        &self,
        wf: &Workflow,
        action: &str,
        before: &Value,
        after: &Value,
        past: bool,
    ) -> Result<Option<Message>, GitError> {
        let Some(field) = wf.checkpoint_field.as_deref() else {
            return Ok(None);
        };
        let name = |v: &Value| v.get(field).and_then(Value::as_str).map(str::to_owned);
        match action {
            "checkpoint" => {
                let Some(new) = name(after).filter(|n| name(before).as_ref() != Some(n)) else {
                    return Ok(Some(msg!("action-checkpoint-not-recorded", field = field)));
                };
                let known = past
                    || self
                        .repo
                        .commit_id(&format!("{CHECKPOINT_REFS}{new}"))
                        .is_some();
                Ok((!valid_checkpoint_name(&new) || !known)
                    .then(|| msg!("action-checkpoint-unknown", field = field, name = &new)))
            }
            "rollback" => {
                let target = name(before).unwrap_or_default();
                let rolled = match &self.base {
                    Some(b) => {
                        self.repo.commit(b)?.trailer("Orx-Rollback") == Some(target.as_str())
                    }
                    None => false,
                };
                Ok((!rolled).then(|| msg!("action-rollback-first", target = &target)))
            }
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::role::Roles;

    /// Regression: what the verdict on a move reads decides where the
    /// board shares it (nothing of the item) and keeps it with a file's
    /// stat (neither the clock nor the repository). A story's start reads
    /// nothing of it; its move to Review reads its tasks, not the clock;
    /// its move to Done reads the clock only in an effect no rule reads
    /// (`completed_at`); a task's close reads the repository (the commit
    /// it shows), its start too (the tasks it waits for).
    #[test]
    fn what_the_verdict_on_a_move_reads() {
        let story = Workflow::load("story", None, &Roles::default()).unwrap();
        let task = Workflow::load("task", None, &Roles::default()).unwrap();
        let of = |wf: &Workflow, from: &str, to: &str| reads(wf, wf.transition(from, to).unwrap());
        assert_eq!(of(&story, "Approved", "InProgress"), Reads::default());
        let review = of(&story, "InProgress", "Review");
        assert!(review.item && !review.clock && !review.repository);
        let done = of(&story, "Review", "Done");
        assert!(done.item && !done.clock && !done.repository);
        let closed = of(&task, "approved", "done");
        assert!(closed.item && closed.repository && !closed.clock);
        assert!(of(&task, "pending", "in-progress").repository);
    }
}
