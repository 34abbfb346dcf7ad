//! Read-side views, as values the command layer prints or serialises:
//! the board (`status`), who should do what (`next`), one item with the
//! verdict of every move (`show`), and file problems (`check`).

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

use crate::board::cache::{Cache, Cached, Stat};
use crate::board::summary::{Problem, Readiness, Summary};
use crate::engine::item::{Item, ItemError};
use crate::engine::validate::{self, Change, Refusal};
use crate::engine::verdict::{EvidenceBy, Ground};
use crate::error::Result;
use crate::git::Repo;
use crate::repo::workspace::{self, Workspace};
use crate::workflow::kind::Kind;
use crate::workflow::steps::{Need, one_primary};
use crate::workflow::{Transition, Workflow};

/// Every story, with what is wrong with the files that are not.
pub struct Board {
    pub workflow: Arc<Workflow>,
    pub items: Vec<Summary>,
    /// The agent contexts.
    pub agents: Vec<Summary>,
    /// The items of every other kind kept in a directory (a team's own
    /// kinds), kind by kind.
    pub others: Vec<KindBoard>,
    pub problems: Vec<Problem>,
    /// The readiness of the stories' moves the stat cache kept, by path.
    ready: HashMap<String, Vec<Readiness>>,
}

/// The items of one kind, with its workflow.
pub struct KindBoard {
    pub workflow: Arc<Workflow>,
    pub items: Vec<Summary>,
}

/// The item as its workflow sees it, or why it cannot be used; without
/// its steps, which [`board_with_steps`] and [`detail`] judge.
/// `persona`: whether the handoff adds the agent's own command (the
/// config's `persona_commands`).
pub fn summarize(
    wf: &Workflow,
    item: &Item,
    lang: &str,
    persona: bool,
) -> std::result::Result<Summary, Problem> {
    summary_of(wf, item, lang, persona)
}

/// What the board judges a move against: the repository as `move
/// --dry-run` sees it (the tree and history of HEAD; the executor takes
/// the transition's actions), the roles as a Change Log names them, and
/// the time now. Each thread that judges opens its own repository.
pub(crate) struct Against<'a> {
    kinds: &'a crate::workflow::kind::Kinds,
    head: Option<String>,
    roles: &'a crate::workflow::role::Roles,
    now: String,
}

impl<'a> Against<'a> {
    pub(crate) fn new(ws: &'a Workspace) -> Self {
        Against {
            kinds: ws.registry(),
            head: ws.repo.commit_id("HEAD"),
            roles: &ws.rules.roles,
            now: workspace::now(),
        }
    }

    /// The ground the move is judged on, as [`crate::change::plan::ground`]
    /// gives a command's move.
    fn ground<'r>(&'r self, repo: &'r Repo, evidence: EvidenceBy) -> Ground<'r> {
        Ground::of_command(repo, self.kinds, self.head.clone(), evidence)
    }
}

/// The one verdict ([`crate::engine::verdict::judge`]) on moving `item`
/// along `t` as `role`, as `move --dry-run` judges it: the state field
/// set, what the move records of the body (a story's tasks), the body as
/// the move writes it (its status, a Change Log row), judged in the
/// repository `against` says, the commit its `evidence:` names shown by
/// the item or made by the command taking the move (`evidence`). The
/// item as the move leaves it, and the refusal, if it is refused.
#[allow(clippy::too_many_arguments)]
fn judge_move(
    against: &Against,
    repo: &Repo,
    wf: &Workflow,
    item: &Item,
    before: &Value,
    t: &Transition,
    role: &str,
    evidence: EvidenceBy,
) -> Result<(Value, Option<Refusal>)> {
    use crate::change::plan;
    let edit_err = |e: crate::doc::DocError| plan::item_error(item, e.pos, e.message);
    let mut doc = item
        .doc
        .set(&[wf.state_field.as_str()], &Value::String(t.to.clone()))
        .map_err(edit_err)?;
    doc = plan::apply(&doc, &plan::measured_tasks(wf, t, item, None)?).map_err(edit_err)?;
    if t.from != t.to {
        doc = plan::with_body_moved(
            wf,
            doc,
            &t.from,
            &t.to,
            &against.roles.display(role),
            None,
            &against.now,
        )
        .map_err(edit_err)?;
    }
    let after = item.value_of(&doc);
    let change = Change {
        before: Some(before),
        after: Some(&after),
        role,
        force: None,
        self_transition: t.from == t.to,
        now: &against.now,
    };
    let ground = against.ground(repo, evidence);
    let refused = crate::engine::verdict::judge(
        wf,
        &change,
        &item.kind,
        &item.path,
        &ground,
        Some(doc.body()),
    )?
    .err();
    Ok((after, refused))
}

/// The steps of `item` (of `wf`) for the role it waits for, each judged
/// (`ready`); every step the workflow marks `primary` still is.
fn judged(
    against: &Against,
    repo: &Repo,
    wf: &Workflow,
    item: &Item,
    lang: &str,
    persona: bool,
) -> std::result::Result<Summary, Problem> {
    let mut summary = summary_of(wf, item, lang, persona)?;
    if let Some(role) = summary.waits_for.as_deref() {
        summary.steps = wf.offered(&item.id, &item.status, &item.value(), role);
        demote_unready(against, repo, wf, item, &mut summary.steps, role);
    }
    Ok(summary)
}

/// Each step that moves the item is judged by the one verdict: `ready`,
/// with what stands in its way as `unmet` and the rule as `refused`. A
/// forward step whose move cannot be taken now is not the forward step:
/// it is left as an alternative (an agent's `PRD_GENERATED` before any
/// task is planned); [`one_primary`] then picks the forward step among
/// the rest.
fn demote_unready(
    against: &Against,
    repo: &Repo,
    wf: &Workflow,
    item: &Item,
    steps: &mut [crate::workflow::steps::Action],
    role: &str,
) {
    let wanted: Vec<&str> = steps.iter().filter_map(|a| a.to.as_deref()).collect();
    if let Ok(ready) = readiness(against, repo, wf, item, role, |to| wanted.contains(&to)) {
        put_readiness(wf, steps, &ready);
    }
}

/// The [`Readiness`] of each state `item` can move to (that `wanted`
/// accepts), for `role`: whether the one verdict accepts the move, as
/// `move --dry-run` judges it ([`judge_move`]).
fn readiness(
    against: &Against,
    repo: &Repo,
    wf: &Workflow,
    item: &Item,
    role: &str,
    wanted: impl Fn(&str) -> bool,
) -> Result<Vec<Readiness>> {
    let before = item.value();
    let from = wf.transitions_from(&item.status);
    let mut out: Vec<Readiness> = Vec::new();
    for to in from
        .iter()
        .filter(|t| t.from != t.to)
        .map(|t| t.to.as_str())
    {
        if !wanted(to) || out.iter().any(|r| r.to == to) {
            continue;
        }
        let judged = |evidence: EvidenceBy| -> Result<Readiness> {
            let mut first: Option<Refusal> = None;
            for t in from.iter().filter(|t| t.to == to) {
                match judge_move(against, repo, wf, item, &before, t, role, evidence)?.1 {
                    None => {
                        first = None;
                        break;
                    }
                    Some(r) => {
                        first.get_or_insert(r);
                    }
                }
            }
            Ok(Readiness {
                to: to.to_owned(),
                holds: first.is_none(),
                unmet: first.as_ref().map(Refusal::unmet).unwrap_or_default(),
                refused: first.as_ref().map(Refusal::step_refused),
                by_command: None,
            })
        };
        let mut ready = judged(EvidenceBy::Shown)?;
        // A step whose command makes the evidence is judged with that
        // evidence left to it, where a move there needs some.
        let needs_evidence = from.iter().any(|t| t.to == to && t.evidence.is_some());
        if !ready.holds && needs_evidence {
            let by_command = judged(EvidenceBy::Command)?;
            if by_command != ready {
                ready.by_command = Some(Box::new(by_command));
            }
        }
        out.push(ready);
    }
    Ok(out)
}

/// Marks each step that moves the item `ready` or not, as `ready` says:
/// a step the kind's own command answers (a task's `merge`,
/// [`Workflow::answers_trigger`]) as the verdict judged its move with the
/// evidence left to that command, which makes it.
fn put_readiness(wf: &Workflow, steps: &mut [crate::workflow::steps::Action], ready: &[Readiness]) {
    for a in steps.iter_mut() {
        let Some(r) =
            a.to.as_deref()
                .and_then(|to| ready.iter().find(|r| r.to == to))
        else {
            continue;
        };
        let r = match &r.by_command {
            Some(by_command) if wf.answers_trigger(a) => by_command,
            _ => r,
        };
        a.ready = Some(r.holds);
        if !r.holds {
            a.unmet = r.unmet.clone();
            a.refused = r.refused.clone();
        }
    }
}

/// [`put_readiness`] with what the board read: the stat cache keeps the
/// readiness only of the moves that cannot be taken now, so a step still
/// unmarked whose move out of `status` it does not name can be taken (as
/// the item's own judgement, before it was cached, said).
fn put_kept_readiness(
    wf: &Workflow,
    status: &str,
    steps: &mut [crate::workflow::steps::Action],
    ready: &[Readiness],
) {
    put_readiness(wf, steps, ready);
    let from = wf.transitions_from(status);
    for a in steps.iter_mut().filter(|a| a.ready.is_none()) {
        if let Some(to) = a.to.as_deref()
            && from.iter().any(|t| t.to == to && t.from != t.to)
        {
            a.ready = Some(true);
        }
    }
}

/// Whether the readiness of an item in state `status` can be kept with
/// the item's stat: the verdict on no move out of it reads the clock or
/// the repository around the item ([`crate::engine::verdict::reads`]).
fn lasting(wf: &Workflow, status: &str) -> bool {
    wf.transitions_from(status).iter().all(|t| {
        let r = crate::engine::verdict::reads(wf, t);
        !r.clock && !r.repository
    })
}

/// [`summarize`] without the actions: the board's cache keeps none, and
/// [`fill_steps`] makes them when they are shown.
fn summary_of(
    wf: &Workflow,
    item: &Item,
    lang: &str,
    persona: bool,
) -> std::result::Result<Summary, Problem> {
    if item.kind != wf.name {
        return Err(item_problem(
            item,
            "kind",
            crate::msg!(
                "board-kind-not-in-story-dir",
                kind = crate::text::escape(item.kind.name())
            ),
        ));
    }
    if let Some(m) = crate::text::id_problem(&item.id) {
        return Err(item_problem(item, "id", m));
    }
    let value = item.value();
    if let Some(e) = item.unusable_as(wf, &value) {
        return Err(e.into());
    }
    let Some(state) = wf.state(&item.status) else {
        return Err(item_problem(
            item,
            &wf.state_field,
            crate::msg!("board-unknown-state"),
        ));
    };
    let owner = wf.owner_of(state, &value);
    let scope = wf.scope(value.clone(), "", "");
    let handoff = wf.handoff(&item.status, None, &scope, lang);
    let waits_for = handoff
        .as_ref()
        .and_then(|h| h.role.clone())
        .or(owner.clone());
    Ok(Summary {
        kind: item.kind.clone(),
        id: item.id.clone(),
        title: item.title.clone(),
        status: item.status.clone(),
        owner: owner.clone(),
        terminal: state.terminal,
        path: item.path.clone(),
        waits_for,
        handoff: handoff.map(|h| h.full(persona)),
        steps: Vec::new(),
    })
}

/// Where an action made for every item in one state has the item's ID.
const ID_SLOT: &str = "\u{1}id\u{1}";

/// `action` (made for [`ID_SLOT`]) for the item `id`.
fn with_id(action: &crate::workflow::steps::Action, id: &str) -> crate::workflow::steps::Action {
    let mut a = action.clone();
    let put = |s: &mut String| {
        if s.contains(ID_SLOT) {
            *s = s.replace(ID_SLOT, id);
        }
    };
    put(&mut a.item);
    a.argv.iter_mut().for_each(put);
    for v in a.call.arguments.values_mut() {
        if let serde_json::Value::String(s) = v {
            put(s);
        }
    }
    put(&mut a.description);
    a
}

fn item_problem(item: &Item, key: &str, message: crate::text::message::Message) -> Problem {
    let pos = item.pos(key);
    Problem {
        path: item.path.clone(),
        line: pos.map(|p| p.0),
        column: pos.map(|p| p.1),
        message,
    }
}

/// Every story in the story directory, summarised. Unchanged files come
/// from the stat cache (see [`crate::board::cache`]).
pub fn board(ws: &Workspace) -> Result<Board> {
    scan(ws, false)
}

/// [`board`] with every item's steps, as `status --json` and `next` show
/// them (see [`fill_steps`]).
pub fn board_with_steps(ws: &Workspace) -> Result<Board> {
    let mut board = scan(ws, true)?;
    fill_steps(ws, &mut board);
    Ok(board)
}

mod shared;
pub use shared::{SharedSteps, board_with_shared_steps};

/// The board; with `steps`, what its steps need of each story is judged
/// where the stat cache does not have it yet, and kept there.
fn scan(ws: &Workspace, steps: bool) -> Result<Board> {
    let default_kind = ws.default_kind();
    let wf = ws.kind(default_kind)?.workflow()?;
    let lang = ws.lang().to_owned();
    let persona = ws.rules.config.persona_commands;
    let (root, kinds) = (ws.root(), ws.registry());
    let mut cache = Cache::load(
        ws.repo.git_dir().join("orx-cache/board.bin"),
        ws.rules.fingerprint_in_lang(default_kind, &lang),
        kinds,
    );
    let (files, odd) = ws.story_listing()?;
    let against = Against::new(ws);
    // Per state and role: the states its offered steps move to where the
    // verdict on the move reads the story, when it can be kept with the
    // story's stat (it reads neither the clock nor the repository).
    type Guarded = HashMap<String, HashMap<String, Vec<String>>>;
    let mut guarded: Guarded = HashMap::new();
    if steps {
        for state in wf
            .states
            .iter()
            .filter(|s| !s.terminal && lasting(&wf, &s.name))
        {
            for role in ws.roles.names() {
                let (template, per_item) = template_of(&wf, &state.name, role);
                if per_item {
                    let to = template
                        .into_iter()
                        .filter(|a| a.ready.is_none())
                        .filter_map(|a| a.to)
                        .collect();
                    guarded
                        .entry(state.name.clone())
                        .or_default()
                        .insert(role.to_owned(), to);
                }
            }
        }
    }
    fn judged<'g>(guarded: &'g Guarded, s: &Summary) -> Option<&'g [String]> {
        let role = s.waits_for.as_deref().filter(|_| !s.terminal)?;
        guarded.get(s.status.as_str())?.get(role).map(Vec::as_slice)
    }
    // Each thread judges with a repository of its own, opened when first
    // needed.
    let scanned = workspace::par_map_with(
        &files,
        || None,
        |repo: &mut Option<Repo>, rel| {
            let stat = Stat::of(&root.join(rel));
            if let Some(hit) = stat.as_ref().and_then(|(s, _)| cache.find(rel, s)) {
                // A summary kept without the readiness its steps now need is
                // made again.
                let unjudged = matches!(cache.entry(hit), Some((_, Cached::Item(s, None))) if judged(&guarded, s).is_some());
                if !unjudged {
                    return Scanned::Hit(hit);
                }
            }
            let result = match Item::read(kinds, root, rel) {
                Ok(item) => match summary_of(&wf, &item, &lang, persona) {
                    Ok(s) => {
                        // What the board's steps need of the file, judged now
                        // by the one verdict and kept with its stat.
                        let ready = judged(&guarded, &s).and_then(|to| {
                            let role = s.waits_for.as_deref().unwrap_or_default();
                            if repo.is_none() {
                                *repo = Repo::open(root).ok();
                            }
                            readiness(&against, repo.as_ref()?, &wf, &item, role, |t| {
                                to.iter().any(|x| x == t)
                            })
                            .ok()
                        });
                        Cached::Item(s, ready)
                    }
                    Err(p) => Cached::Problem(p),
                },
                Err(e) => Cached::Problem(e.into()),
            };
            let keep = stat
                .filter(|(_, mtime)| cache.cacheable(*mtime))
                .map(|(s, _)| s);
            Scanned::Miss(keep, Box::new(result))
        },
    );
    let all_hits = scanned.iter().all(|s| matches!(s, Scanned::Hit(_)));
    if !(all_hits && cache.len() == files.len()) {
        let rows: Vec<(&str, Stat, &Cached)> = files
            .iter()
            .zip(&scanned)
            .filter_map(|(rel, s)| match s {
                Scanned::Hit(i) => cache.entry(*i).map(|(st, c)| (rel.as_str(), st, c)),
                Scanned::Miss(st, c) => Some((rel.as_str(), (*st)?, &**c)),
            })
            .collect();
        cache.save(&rows);
    }
    let results: Vec<Cached> = scanned
        .into_iter()
        .filter_map(|s| match s {
            Scanned::Hit(i) => cache.take(i),
            Scanned::Miss(_, c) => Some(*c),
        })
        .collect();
    // Later files with an ID seen before are problems.
    let mut duplicate = vec![None; results.len()];
    {
        let mut first: HashMap<&str, &str> = HashMap::with_capacity(results.len());
        for (i, r) in results.iter().enumerate() {
            if let Cached::Item(s, _) = r {
                match first.get(s.id.as_str()) {
                    Some(path) => {
                        duplicate[i] =
                            Some(crate::msg!("duplicate-id-also", id = &s.id, first = path))
                    }
                    None => {
                        first.insert(&s.id, &s.path);
                    }
                }
            }
        }
    }
    let mut items = Vec::with_capacity(results.len());
    let mut ready = HashMap::new();
    let mut problems: Vec<Problem> = odd.into_iter().map(odd_name).collect();
    for (r, dup) in results.into_iter().zip(duplicate) {
        match (r, dup) {
            (Cached::Item(s, _), Some(message)) => problems.push(Problem {
                path: s.path,
                line: None,
                column: None,
                message,
            }),
            (Cached::Item(s, r), None) => {
                if let Some(r) = r {
                    ready.insert(s.path.clone(), r);
                }
                items.push(s);
            }
            (Cached::Problem(p), _) => problems.push(p),
        }
    }
    let agents = agents(ws, &mut problems)?;
    let others = others(ws, &mut problems)?;
    let mut board = Board {
        workflow: wf,
        items,
        agents,
        others,
        problems,
        ready,
    };
    name_shared_ids(&mut board);
    Ok(board)
}

/// The IDs items of more than one kind use.
fn ambiguous_ids(board: &Board) -> std::collections::HashSet<String> {
    // Each ID's first kind, and whether another kind has it too (no list
    // per ID: a board has ten thousand).
    let mut kinds_of: HashMap<&str, (&Kind, bool)> = HashMap::new();
    for s in all_summaries(board) {
        let (first, several) = kinds_of.entry(s.id.as_str()).or_insert((&s.kind, false));
        *several |= **first != s.kind;
    }
    kinds_of
        .into_iter()
        .filter(|(_, (_, several))| *several)
        .map(|(id, _)| id.to_owned())
        .collect()
}

/// Fills in the actions of the default kind's items the board read from
/// its cache, which keeps none: they are the workflow's for the item's
/// state and the role it waits for, the same for every item there but for
/// its ID, so each is made once and copied with the ID put in. A step
/// whose move's verdict reads nothing of the item is ready for every item
/// in the state; only where it does is the step judged for the item (kept
/// with its stat, else read and judged now). Then they lose those that could not succeed (`needs:`),
/// and each item keeps one forward step. `status`
/// shows the board without them; its `--json`, and `next`, show them.
fn fill_steps(ws: &Workspace, board: &mut Board) {
    let wf = board.workflow.clone();
    let against = Against::new(ws);
    // Per state and role: the steps, and whether one is judged per item.
    let mut made: HashMap<(String, String), (Vec<crate::workflow::steps::Action>, bool)> =
        HashMap::new();
    for s in &mut board.items {
        if !s.terminal
            && let Some(role) = s.waits_for.as_deref()
        {
            let (template, per_item) = made
                .entry((s.status.clone(), role.to_owned()))
                .or_insert_with(|| template_of(&wf, &s.status, role));
            s.steps = template.iter().map(|a| with_id(a, &s.id)).collect();
            if !*per_item {
                continue;
            }
            match board.ready.get(&s.path) {
                Some(ready) => put_kept_readiness(&wf, &s.status, &mut s.steps, ready),
                None => {
                    if let Ok(item) = Item::read(ws.registry(), ws.root(), &s.path) {
                        demote_unready(&against, &ws.repo, &wf, &item, &mut s.steps, role);
                    }
                }
            }
        }
    }
    // The other kinds' and the agents' steps were settled as they were read.
    let mut held = Held::new(ws);
    for s in board.items.iter_mut().filter(|s| !s.steps.is_empty()) {
        held.settle(&wf, s);
    }
    name_shared_ids(board);
}

/// The steps of `wf` for `role` in state `status`, made for [`ID_SLOT`]:
/// a step with a move whose verdict reads nothing of the item (no guard,
/// no rule that reads it: [`crate::engine::verdict::reads`]) is ready;
/// whether the verdict on some step's every move reads the item (its
/// steps are judged for each item).
fn template_of(
    wf: &Workflow,
    status: &str,
    role: &str,
) -> (Vec<crate::workflow::steps::Action>, bool) {
    let mut steps = wf.offered(ID_SLOT, status, &Value::Null, role);
    let mut per_item = false;
    for a in &mut steps {
        let Some(to) = a.to.as_deref() else {
            continue;
        };
        let moves: Vec<_> = wf
            .transitions_from(status)
            .into_iter()
            .filter(|t| t.to == to && t.from != t.to)
            .collect();
        if moves.is_empty() {
            continue;
        }
        if moves
            .iter()
            .any(|t| !crate::engine::verdict::reads(wf, t).item)
        {
            a.ready = Some(true);
        } else {
            per_item = true;
        }
    }
    (steps, per_item)
}

/// What the repository holds that steps may need (`needs:`), read once
/// when first asked: the items with a backup ref, whether checks are
/// configured.
struct Held<'w> {
    ws: &'w Workspace,
    backed_up: Option<std::collections::HashSet<String>>,
}

impl<'w> Held<'w> {
    fn new(ws: &'w Workspace) -> Self {
        Held {
            ws,
            backed_up: None,
        }
    }

    /// Whether the item `kind`:`id` at `path` has what `need` asks.
    fn has(&mut self, need: Need, kind: &Kind, id: &str, path: &str) -> bool {
        match need {
            Need::Checks => !self.ws.config.checks.is_empty(),
            Need::Backup => {
                let ws = self.ws;
                let refs = self.backed_up.get_or_insert_with(|| {
                    let prefix = crate::change::state::BACKUPS;
                    ws.repo
                        .refs_under(prefix)
                        .unwrap_or_default()
                        .into_iter()
                        .filter_map(|(name, _)| {
                            let rest = name.strip_prefix(prefix)?;
                            let (item, _) = rest.rsplit_once('/')?;
                            Some(item.to_owned())
                        })
                        .collect()
                });
                refs.contains(&format!("{kind}/{id}"))
                    || !crate::engine::store::copies(&ws.repo.orx_dir(), path).is_empty()
            }
        }
    }

    /// `s`'s steps without those that could not succeed, one of them the
    /// forward step.
    fn settle(&mut self, wf: &Workflow, s: &mut Summary) {
        self.fit(wf, &s.kind, &s.id, &s.path, &mut s.steps);
        if crate::kinds::CodeOf::judges_steps(&s.kind)
            && let Ok(item) = Item::read(self.ws.registry(), self.ws.root(), &s.path)
        {
            // A step it cannot judge keeps the workflow's own marks.
            let _ = crate::kinds::judge_steps(self.ws, &item, &mut s.steps);
        }
        one_primary(&mut s.steps);
    }

    /// `steps` (of an item of `wf`) without those whose `needs:` the
    /// repository does not hold.
    fn fit(
        &mut self,
        wf: &Workflow,
        kind: &Kind,
        id: &str,
        path: &str,
        steps: &mut Vec<crate::workflow::steps::Action>,
    ) {
        steps.retain(|a| wf.needs_of(a).iter().all(|n| self.has(*n, kind, id, path)));
    }
}

/// Every item of `board` whose ID another kind's item has too, named
/// `KIND:ID` in the commands its hint and its actions give (a bare ID
/// would be refused as ambiguous). Naming twice changes nothing.
fn name_shared_ids(board: &mut Board) {
    let shared = ambiguous_ids(board);
    let sections = board
        .items
        .iter_mut()
        .chain(board.others.iter_mut().flat_map(|k| k.items.iter_mut()))
        .chain(board.agents.iter_mut());
    for s in sections.filter(|s| shared.contains(&s.id)) {
        name_with_kind(s);
    }
}

/// `s`'s hint and actions with its ID written `KIND:ID`.
fn name_with_kind(s: &mut Summary) {
    if let Some(h) = &s.handoff {
        s.handoff = Some(crate::text::qualify_commands(h, s.kind.name(), &s.id));
    }
    for a in &mut s.steps {
        qualify(a, s.kind.name(), &s.id);
    }
}

fn all_summaries(board: &Board) -> impl Iterator<Item = &Summary> {
    board
        .items
        .iter()
        .chain(board.others.iter().flat_map(|k| &k.items))
        .chain(&board.agents)
}

/// `action` with the bare `id` it is run with written `KIND:ID`, for an ID
/// another kind uses too (the bare one would be refused as ambiguous).
pub fn qualify(action: &mut crate::workflow::steps::Action, kind: &str, id: &str) {
    let named = format!("{kind}:{id}");
    for arg in action.argv.iter_mut().filter(|a| *a == id) {
        arg.clone_from(&named);
    }
    for v in action.call.arguments.values_mut() {
        if v.as_str() == Some(id) {
            *v = serde_json::Value::String(named.clone());
        }
    }
}

/// The items of each kind but the default kind and the agents (in a
/// directory or at paths), summarised; unusable ones (and a workflow that does not load) go
/// to `problems`.
fn others(ws: &Workspace, problems: &mut Vec<Problem>) -> Result<Vec<KindBoard>> {
    let mut out = Vec::new();
    let own_section = crate::kinds::own_section(ws.registry());
    for of in ws.registry().iter() {
        let kind = of.name();
        if kind == ws.default_kind() || own_section == Some(of) {
            continue;
        }
        let (files, odd) = ws.item_listing(of)?;
        problems.extend(odd.into_iter().map(odd_name));
        if files.is_empty() {
            continue;
        }
        let wf = match of.workflow() {
            Ok(wf) => wf,
            Err(e) => {
                problems.push(Problem {
                    path: format!("{}/{kind}.yaml", crate::repo::rules::WORKFLOWS_DIR),
                    line: None,
                    column: None,
                    message: crate::Error::from(e).to_message(),
                });
                continue;
            }
        };
        let lang = ws.lang();
        let (root, kinds) = (ws.root(), ws.registry());
        let persona = ws.rules.config.persona_commands;
        let against = Against::new(ws);
        // Each thread judges with a repository of its own.
        let read = workspace::par_map_with(
            &files,
            || Repo::open(root),
            |repo, rel| {
                let item = Item::read(kinds, root, rel).map_err(Problem::from)?;
                match repo {
                    Ok(repo) => judged(&against, repo, &wf, &item, lang, persona),
                    Err(_) => summary_of(&wf, &item, lang, persona),
                }
            },
        );
        let mut held = Held::new(ws);
        let mut seen: HashMap<String, String> = HashMap::new();
        let mut list = Vec::new();
        for r in read {
            match r {
                Ok(s) => match seen.get(&s.id) {
                    Some(first) => problems.push(Problem {
                        message: crate::msg!("duplicate-id-also", id = &s.id, first),
                        path: s.path,
                        line: None,
                        column: None,
                    }),
                    None => {
                        seen.insert(s.id.clone(), s.path.clone());
                        let mut s = s;
                        held.settle(&wf, &mut s);
                        list.push(s);
                    }
                },
                Err(p) => problems.push(p),
            }
        }
        out.push(KindBoard {
            workflow: wf,
            items: list,
        });
    }
    Ok(out)
}

/// The items of the kind the board shows apart (the agent contexts),
/// summarised; unusable ones go to `problems`.
fn agents(ws: &Workspace, problems: &mut Vec<Problem>) -> Result<Vec<Summary>> {
    let Some(of) = crate::kinds::own_section(ws.registry()) else {
        return Ok(Vec::new());
    };
    let paths = ws.item_listing(of)?.0;
    if paths.is_empty() {
        return Ok(Vec::new());
    }
    let wf = of.workflow()?;
    let mut out = Vec::new();
    let mut held = Held::new(ws);
    let against = Against::new(ws);
    for path in paths {
        match Item::read(ws.registry(), ws.root(), &path)
            .map_err(Problem::from)
            .and_then(|i| {
                let persona = ws.rules.config.persona_commands;
                judged(&against, &ws.repo, &wf, &i, ws.lang(), persona)
            }) {
            Ok(mut s) => {
                held.settle(&wf, &mut s);
                out.push(s);
            }
            Err(p) => problems.push(p),
        }
    }
    Ok(out)
}

/// A story file whose name is not UTF-8.
pub fn odd_name(path: String) -> Problem {
    Problem {
        path,
        line: None,
        column: None,
        message: crate::msg!("file-name-not-utf8-rename"),
    }
}

/// One file's scan: a cache hit (its index) or a fresh result, with the
/// stat to cache it under when it may be cached.
enum Scanned {
    Hit(usize),
    Miss(Option<Stat>, Box<Cached>),
}

/// The open items (not terminal) grouped by the role their next step is
/// for (usually the owner of their state), roles in their usual order.
/// They are moved out of `board`, which keeps its problems.
pub fn next(board: &mut Board, roles: &[&str]) -> Vec<(String, Vec<Summary>)> {
    let mut groups: Vec<(String, Vec<Summary>)> =
        roles.iter().map(|r| (r.to_string(), Vec::new())).collect();
    let others = board
        .others
        .iter_mut()
        .flat_map(|k| std::mem::take(&mut k.items));
    let all = std::mem::take(&mut board.items)
        .into_iter()
        .chain(others)
        .chain(std::mem::take(&mut board.agents));
    for s in all.filter(|s| !s.terminal) {
        let Some(owner) = s.waits_for.as_deref() else {
            continue;
        };
        match groups.iter().position(|(r, _)| r == owner) {
            Some(at) => groups[at].1.push(s),
            None => groups.push((owner.to_owned(), vec![s])),
        }
    }
    groups.retain(|(_, list)| !list.is_empty());
    groups
}

/// An item whose move waits for other items (its workflow's `waits:`),
/// as the move itself would be judged now.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    pub kind: Kind,
    pub id: String,
    /// The state the move leads to.
    pub to: String,
    /// The states the items waited for must reach.
    pub until: Vec<String>,
    /// The items not there yet.
    pub waiting: Vec<String>,
}

/// The items on `board` (of every kind) with a move that waits for items
/// not yet where it needs them.
pub fn waiting(ws: &Workspace, board: &Board) -> Result<Vec<Waiting>> {
    let ground = crate::change::plan::ground(ws);
    let mut out = Vec::new();
    let all = board
        .items
        .iter()
        .chain(board.others.iter().flat_map(|k| &k.items))
        .chain(&board.agents)
        .filter(|s| !s.terminal);
    for s in all {
        let Ok(wf) = s.kind.workflow() else {
            continue;
        };
        let moves: Vec<_> = wf
            .transitions_from(&s.status)
            .into_iter()
            .flat_map(|t| t.waits.iter().map(move |w| (t, w)))
            .collect();
        if moves.is_empty() {
            continue;
        }
        let Ok(item) = Item::read(ws.registry(), ws.root(), &s.path) else {
            continue;
        };
        let value = item.value();
        for (t, w) in moves {
            let waiting = ground.waiting(&item.kind, &item.path, w, &value)?;
            if !waiting.is_empty() {
                out.push(Waiting {
                    kind: item.kind.clone(),
                    id: item.id.clone(),
                    to: t.to.clone(),
                    until: w.until.clone(),
                    waiting,
                });
            }
        }
    }
    Ok(out)
}

/// An item whose next move is made by a merge into the main line (its
/// workflow's `evidence:` with `merge_names`): a task approved, waiting
/// for its branch to be merged.
#[derive(Clone, Debug, PartialEq)]
pub struct AwaitedMerge {
    pub kind: Kind,
    pub id: String,
    /// The state the merge moves it to.
    pub to: String,
    /// The branch whose merge it waits on (the field `merge_names` names),
    /// when the item has one.
    pub branch: Option<String>,
    /// The trailer a commit of the main line may carry instead
    /// (`Closes: ID`).
    pub trailer: String,
}

/// The items on `board` whose forward move is made by a merge: only the
/// items in a state with such a move are read.
pub fn awaited_merges(ws: &Workspace, board: &Board) -> Vec<AwaitedMerge> {
    let mut out = Vec::new();
    for s in all_summaries(board).filter(|s| !s.terminal) {
        let Ok(wf) = s.kind.workflow() else {
            continue;
        };
        let from = wf.transitions_from(&s.status);
        let Some((t, field)) = from.iter().find_map(|t| {
            let e = t.evidence.as_ref()?;
            (t.primary && t.from != t.to).then_some((t, e.merge_names.as_ref()?))
        }) else {
            continue;
        };
        let branch = Item::read(ws.registry(), ws.root(), &s.path)
            .ok()
            .and_then(|i| i.value().get(field)?.as_str().map(str::to_owned));
        let trailer = &t
            .evidence
            .as_ref()
            .map(|e| e.trailer.clone())
            .unwrap_or_default();
        out.push(AwaitedMerge {
            kind: s.kind.clone(),
            id: s.id.clone(),
            to: t.to.clone(),
            branch,
            trailer: format!("{trailer}: {}", s.id),
        });
    }
    out
}

pub use crate::engine::validate::ConditionCheck;

/// One possible move from the item's state, judged for a role.
#[derive(Clone, Debug, Serialize, PartialEq, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MoveCheck {
    pub to: String,
    pub roles: Vec<String>,
    pub trigger: Option<String>,
    pub description: String,
    /// The role the conditions were evaluated for.
    pub judged_as: String,
    pub allowed: bool,
    pub conditions: Vec<ConditionCheck>,
    /// Why the move is refused, when it is: the rule (`waits-for-item`,
    /// `unmet-precondition`, ...) and what it says.
    pub refused: Option<MoveRefused>,
}

/// The rule that refuses a move, as the move itself would be refused.
#[derive(Clone, Debug, Serialize, PartialEq, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct MoveRefused {
    pub rule: String,
    /// The code the move itself would be refused with (`refused.waits`),
    /// as its `--json` error gives it.
    #[schemars(schema_with = "crate::error::code_schema")]
    pub code: &'static str,
    pub message: String,
    /// The refusal itself, for the command line to say in the language
    /// in force as the move's own refusal would be said.
    #[serde(skip)]
    #[schemars(skip)]
    pub refusal: Box<crate::engine::validate::Refusal>,
}

/// The item's fields as its file writes them (its key fields read as
/// text, `id: 3.10` as `"3.10"`): `value`, the item as the rules read it,
/// without the `status` they add for a kind whose state field is another.
fn as_written(item: &Item, mut value: Value) -> Value {
    let state_field = &item.kind.shape.state_field;
    if state_field != "status"
        && item.doc.get(&["status"]).is_none()
        && let Value::Object(map) = &mut value
    {
        map.remove("status");
    }
    value
}

/// An item in detail.
#[derive(Clone, Debug, Serialize, PartialEq, schemars::JsonSchema)]
pub struct Detail {
    #[serde(flatten)]
    pub summary: Summary,
    /// the item's fields as they are
    pub frontmatter: Value,
    pub moves: Vec<MoveCheck>,
}

/// What may be done with the item `id` (of `kind`, when known) instead of
/// something refused: the actions its state offers each role that may
/// act, as `next` gives them. None when the item cannot be read.
pub fn allowed(
    ws: &Workspace,
    id: &str,
    kind: Option<&str>,
) -> Vec<crate::workflow::steps::Action> {
    let found = match kind {
        Some(k) => ws.find(&format!("{k}:{id}")),
        None => ws.find(id),
    };
    let Ok(item) = found else {
        return Vec::new();
    };
    let Ok(wf) = item.kind.workflow().map_err(crate::Error::from) else {
        return Vec::new();
    };
    let value = item.value();
    let mut held = Held::new(ws);
    ws.rules
        .roles
        .names()
        .into_iter()
        .flat_map(|r| {
            let mut steps = wf.offered(&item.id, &item.status, &value, r);
            held.fit(&wf, &item.kind, &item.id, &item.path, &mut steps);
            one_primary(&mut steps);
            steps
        })
        .collect()
}

/// The item with `id` and every move its workflow allows from its state.
/// Conditions are evaluated for `role` when given, else for each move's
/// first role.
pub fn detail(ws: &Workspace, id: &str, role: Option<&str>) -> Result<Detail> {
    detail_of(ws, ws.find(id)?, role)
}

/// [`detail`] for an item already read (an agent context, say).
pub fn detail_of(
    ws: &Workspace,
    item: crate::engine::item::Item,
    role: Option<&str>,
) -> Result<Detail> {
    let wf = item.kind.workflow()?;
    let against = Against::new(ws);
    let persona = ws.rules.config.persona_commands;
    let mut summary = summary_of(&wf, &item, ws.lang(), persona)
        .map_err(|p| ItemError::new(&p.path, p.line.zip(p.column), p.message))?;
    let before = item.value();
    // The steps of the role asked for, else of the role the item waits
    // for, each judged as `next` judges it.
    if let Some(r) = role.or(summary.waits_for.as_deref()).map(str::to_owned) {
        summary.steps = wf.offered(&item.id, &item.status, &before, &r);
        demote_unready(&against, &ws.repo, &wf, &item, &mut summary.steps, &r);
    }
    Held::new(ws).fit(&wf, &item.kind, &item.id, &item.path, &mut summary.steps);
    // An ID another kind uses too is named with its kind in the commands.
    if ws.shares_id(item.kind.name(), &item.id) {
        name_with_kind(&mut summary);
    }
    let moves = wf
        .transitions_from(&item.status)
        .into_iter()
        .map(|t| {
            let roles = wf.roles_of(t, &before);
            let judged_as = role
                .map(str::to_owned)
                .or_else(|| roles.first().cloned())
                .unwrap_or_default();
            let (after, refused) = judge_move(
                &against,
                &ws.repo,
                &wf,
                &item,
                &before,
                t,
                &judged_as,
                EvidenceBy::Shown,
            )?;
            let scope = validate::guard_scope(
                &wf,
                Some(t),
                Some(&before),
                &after,
                &judged_as,
                &against.now,
            );
            let conditions = validate::conditions(t, &scope);
            let refused = refused.map(|r| MoveRefused {
                rule: r.kind().to_owned(),
                code: r.code(),
                message: r.to_string(),
                refusal: Box::new(r),
            });
            Ok(MoveCheck {
                to: t.to.clone(),
                roles,
                trigger: t.trigger.clone(),
                description: t.description.clone(),
                allowed: refused.is_none(),
                judged_as,
                conditions,
                refused,
            })
        })
        .collect::<Result<Vec<MoveCheck>>>()?;
    // A step it cannot judge keeps the workflow's own marks.
    let _ = crate::kinds::judge_steps(ws, &item, &mut summary.steps);
    one_primary(&mut summary.steps);
    Ok(Detail {
        summary,
        frontmatter: as_written(&item, before),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::role::Roles;

    /// Regression: the readiness the stat cache keeps beside a story's stat
    /// is only what cannot change unless the file does. A move whose guard
    /// (or what its unmet condition says) reads the clock is judged anew on
    /// every read.
    #[test]
    fn readiness_is_kept_only_where_no_guard_reads_the_clock() {
        let story = Workflow::load("story", None, &Roles::default()).unwrap();
        assert!(story.states.iter().all(|s| lasting(&story, &s.name)));
        let timed = "transitions:
  - from: Draft
    to: Approved
    roles: [sm]
    guard:
      - expr: now >= '2030-01-01'
        desc: not before 2030
  - from: Approved
    to: InProgress
    roles: [dev]
    guard:
      - expr: item.title != ''
        desc: 'a title (asked at {now})'
  - from: InProgress
    to: Done
    roles: [dev]
    guard:
      - expr: item.title != ''
        desc: a title
";
        let wf = Workflow::load(
            "story",
            Some((timed, ".orx/workflows/story.yaml")),
            &Roles::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(!lasting(&wf, "Draft"), "the guard reads the clock");
        assert!(!lasting(&wf, "Approved"), "its message reads the clock");
        assert!(lasting(&wf, "InProgress"));
    }
}
