//! Changes to items, planned then executed.
//!
//! Planning reads the item, applies the edits in memory, asks
//! [`validate`](crate::engine::validate::validate) for a verdict and computes the
//! effects and the handoff message; nothing is written. A [`Plan`] exists only
//! for a change that was accepted, and holds only what was judged. Executing
//! it takes the lock, runs the transition's actions, and hands the file (and
//! the companion files its kind keeps beside it) to the executor's last
//! step, [`files`](crate::change::files), which writes them atomically
//! (refusing if they changed since they were read) and commits exactly them
//! with `Orx-*` trailers; if the commit fails, they are put back as they
//! were.

use crate::workflow::steps::Create;
use serde_json::{Value, json};

use crate::change::checkpoint::{self, Rolledback};
use crate::change::files;
use crate::doc::{Document, render};
use crate::engine::checklist;
use crate::engine::item::{self, Item};
use crate::engine::store::{self, Lock};
use crate::engine::validate::{self, Accepted, Change, Refusal};
use crate::error::{Error, Result};
use crate::repo::workspace::{self, Workspace};
use crate::text::message::Message;
use crate::workflow::Workflow;
use crate::workflow::kind::Kind;

/// An accepted change, ready to write. A plan is made only by planning a
/// change the rules accept ([`transition`], [`edit`], [`create`]), which
/// is given everything it holds (a kind's trailers and companion files
/// too, through [`Extras`]), and is not changed after: its fields are
/// private to this module, read through its methods, and [`execute`]
/// writes exactly what was judged.
#[derive(Debug)]
pub struct Plan {
    kind: crate::workflow::kind::Kind,
    id: String,
    path: String,
    /// The file's bytes when planned; `None` for a new file.
    old: Option<Vec<u8>>,
    doc: Document,
    from: Option<String>,
    to: String,
    role: String,
    note: Option<String>,
    /// The Human's `--force` reason and the rule it overrode.
    forced: Option<(String, Refusal)>,
    /// Trailers besides `Orx-Item`, `Orx-Transition`, `Orx-Role` and
    /// those the workflow stamps from the fields.
    extra_trailers: Vec<(String, String)>,
    handoff: Option<String>,
    /// The workflow, the item before (none: a new one) and the trigger of
    /// the transition taken: what the field trailers are computed from.
    workflow: std::sync::Arc<Workflow>,
    before: Option<Value>,
    trigger: Option<String>,
    /// The transition's `actions:` (`checkpoint`, `rollback`), which
    /// [`execute`] runs with the write.
    actions: Vec<String>,
    /// Files a kind keeps beside the item (a loop's progress files), each
    /// with its new bytes: written with the item and committed with it.
    companions: Vec<(String, Vec<u8>)>,
}

/// What a kind adds to a change it plans, besides its fields: trailers of
/// its own; for a change whose planning rewrote the file's text before
/// the rules judged it (an archived session's summary), the bytes the file
/// holds now, which the write must find; and the files it keeps beside
/// the item (a loop's progress files), each with its new bytes, written
/// and committed with the item. They are given to the function that
/// judges the change, which seals them in the plan with the rest.
#[derive(Debug, Default)]
pub(crate) struct Extras {
    pub(crate) trailers: Vec<(String, String)>,
    pub(crate) old: Option<Vec<u8>>,
    pub(crate) companions: Vec<(String, Vec<u8>)>,
}

/// A field a change sets: its path and its new value.
pub type Edit = (Vec<String>, Value);

/// An [`Edit`] of the field at `path`.
pub fn set(path: &[&str], value: Value) -> Edit {
    (path.iter().map(|k| (*k).to_owned()).collect(), value)
}

/// The edit recording the note (`-m TEXT`) of a transition that keeps one
/// (its `note_field`), if it keeps one; a usage error when none is given.
pub fn note_edit(
    t: &crate::workflow::Transition,
    trigger: &str,
    note: Option<&str>,
) -> Result<Option<Edit>> {
    let Some(field) = &t.note_field else {
        return Ok(None);
    };
    let note = note
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .ok_or_else(|| {
            Error::Usage(crate::msg!(
                "trigger-records-note-field-give",
                trigger = trigger,
                field = field.join(".")
            ))
        })?;
    Ok(Some((field.clone(), Value::from(note))))
}

/// `doc` with `edits` applied, one span each.
pub fn apply(
    doc: &Document,
    edits: &[Edit],
) -> std::result::Result<Document, crate::doc::DocError> {
    edits.iter().try_fold(doc.clone(), |doc, (path, value)| {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        doc.set(&path, value)
    })
}

/// Who acts, and how.
#[derive(Clone, Copy, Debug, Default)]
pub struct Actor<'a> {
    pub role: &'a str,
    pub note: Option<&'a str>,
    pub force: Option<&'a str>,
    /// Why tasks a move measures are left open (`move --reason`).
    pub tasks_reason: Option<&'a str>,
}

impl Plan {
    /// The item's kind.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// The item's ID.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The item's file, relative to the work tree.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The state before (`None`: a new item).
    pub fn from(&self) -> Option<&str> {
        self.from.as_deref()
    }

    /// The state after.
    pub fn to(&self) -> &str {
        &self.to
    }

    /// The acting role.
    pub fn role(&self) -> &str {
        &self.role
    }

    /// The Human's `--force` reason, when it overrode a rule.
    pub fn forced_reason(&self) -> Option<&str> {
        self.forced.as_ref().map(|(reason, _)| reason.as_str())
    }

    /// The handoff message of the state after.
    pub fn handoff(&self) -> Option<&str> {
        self.handoff.as_deref()
    }

    /// The transition's actions that run with the write.
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    /// The file's text as the plan writes it.
    pub fn text(&self) -> &str {
        self.doc.text()
    }

    /// The top-level fields the change sets: name, value before (null:
    /// not set, or a new item), value after (null: removed).
    pub fn field_changes(&self) -> Vec<(String, Value, Value)> {
        let after = item::frontmatter_value(&self.doc, &self.kind.shape);
        let empty = serde_json::Map::new();
        let before = self
            .before
            .as_ref()
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let after = after.as_object().cloned().unwrap_or_default();
        let mut keys: Vec<&String> = after.keys().chain(before.keys()).collect();
        keys.dedup();
        let mut seen = std::collections::HashSet::new();
        keys.into_iter()
            .filter(|k| seen.insert(*k))
            .filter_map(|k| {
                let (b, a) = (
                    before.get(k).cloned().unwrap_or(Value::Null),
                    after.get(k).cloned().unwrap_or(Value::Null),
                );
                (b != a).then(|| (k.clone(), b, a))
            })
            .collect()
    }

    /// Whether executing the plan would change the file.
    pub fn changes_file(&self) -> bool {
        self.old.as_deref() != Some(self.doc.text().as_bytes())
    }

    /// `story 1.2`
    pub fn label(&self) -> String {
        format!("{} {}", self.kind, self.id)
    }

    /// `Draft -> Approved`, or `(new) -> Draft`.
    pub fn transition_text(&self) -> String {
        format!("{} -> {}", self.from.as_deref().unwrap_or("(new)"), self.to)
    }

    pub fn trailers(&self) -> Vec<(String, String)> {
        self.trailers_of(&self.doc)
    }

    /// The trailers of the change as it writes `doc` (the planned text,
    /// with what its actions recorded).
    fn trailers_of(&self, doc: &Document) -> Vec<(String, String)> {
        let mut t = vec![
            ("Orx-Item".to_owned(), format!("{}/{}", self.kind, self.id)),
            ("Orx-Transition".to_owned(), self.transition_text()),
            ("Orx-Role".to_owned(), self.role.clone()),
        ];
        if let Some((reason, refusal)) = &self.forced {
            t.push(("Orx-Override".to_owned(), trailer_value(reason)));
            t.push(("Orx-Overridden".to_owned(), refusal.kind().to_owned()));
        }
        t.extend(crate::engine::trailers::for_change(
            &self.workflow,
            self.before.as_ref(),
            &item::frontmatter_value(doc, &self.kind.shape),
            self.trigger.as_deref(),
        ));
        t.extend(self.extra_trailers.iter().cloned());
        t
    }

    /// The commit message: subject, the note, the trailers.
    pub fn message(&self) -> String {
        self.message_of(&self.doc)
    }

    fn message_of(&self, doc: &Document) -> String {
        let mut m = format!("{}: {}\n\n", self.label(), self.transition_text());
        if let Some(note) = self
            .note
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            m.push_str(note);
            m.push_str("\n\n");
        }
        for (k, v) in self.trailers_of(doc) {
            m.push_str(&format!("{k}: {v}\n"));
        }
        m
    }
}

/// Trailer values are one line without control characters.
pub(crate) fn trailer_value(s: &str) -> String {
    s.split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .filter(|c| !c.is_control())
        .collect()
}

/// An error about `item`'s file, at `pos` when known.
pub(crate) fn item_error(item: &Item, pos: Option<(usize, usize)>, message: Message) -> Error {
    Error::Item(item::ItemError::new(&item.path, pos, message))
}

/// The workflow of `item`'s kind; a file naming an unknown kind is a bad file.
pub fn workflow_of(ws: &Workspace, item: &Item) -> Result<std::sync::Arc<Workflow>> {
    item.kind.workflow().map_err(|e| {
        if item.kind.is_known() {
            return e.into();
        }
        let kinds = ws.kinds().join(", ");
        let problem = e.message().clone();
        item_error(
            item,
            item.pos("kind"),
            crate::msg!("item-kind-unknown-known-kinds", problem, kinds),
        )
    })
}

/// The version of `item` a change is judged from: the one committed at
/// HEAD, since that is what the commit's diff will show. A file whose
/// state was changed but not committed must be committed (or restored)
/// first; other uncommitted edits are judged with the change.
pub(crate) fn committed(ws: &Workspace, item: &Item) -> Result<Item> {
    let Some(bytes) = ws.repo.head_file(&item.path)? else {
        return Err(Error::Pending(crate::msg!(
            "item-not-committed-yet-commit-first",
            item = item.label(),
            path = &item.path
        )));
    };
    if bytes == item.doc.text().as_bytes() {
        return Ok(item.clone());
    }
    let head = Item::from_bytes(ws.registry(), &item.path, bytes).map_err(|e| {
        Error::Pending(crate::msg!(
            "committed-version-path-not-valid",
            path = &item.path,
            text = e.said()
        ))
    })?;
    if head.status != item.status {
        // Another git-orx process may be moving it: wait for it to finish,
        // then say where the item went if it committed a move.
        if store::changing(&ws.repo.orx_dir()).is_some_and(|(_, rel)| rel == item.path) {
            drop(Lock::acquire_within(&ws.repo.orx_dir(), ws.lock_wait)?);
        }
        if let Some(now) = ws.repo.head_file(&item.path)?
            && let Ok(now) = Item::from_bytes(ws.registry(), &item.path, now)
            && now.status != head.status
        {
            return Err(now_in(ws, &now));
        }
        // What was read was another git-orx's change, which it then put
        // back (its commit failed): nothing is uncommitted.
        let on_disk = item::read_limited(&ws.root().join(&item.path)).ok();
        if on_disk.as_deref() != Some(item.doc.text().as_bytes()) {
            return Err(store::StoreError::Changed {
                path: item.path.clone(),
            }
            .into());
        }
        return Err(Error::Pending(crate::msg!(
            "item-has-uncommitted-change-state",
            item = item.label(),
            from = &head.status,
            to = &item.status,
            path = &item.path
        )));
    }
    Ok(head)
}

/// Plans moving `item` to `to`, after applying `edits` (fields the same
/// change records, such as an assessment's numbers). The change is judged
/// from the committed version, with any uncommitted edits included.
pub fn transition(
    ws: &Workspace,
    item: Item,
    to: &str,
    edits: &[Edit],
    actor: Actor,
) -> Result<Plan> {
    plan_change(ws, item, Some(to), edits, actor, Extras::default())
}

/// [`transition`], with what the item's kind adds to it.
pub(crate) fn transition_with(
    ws: &Workspace,
    item: Item,
    to: &str,
    edits: &[Edit],
    actor: Actor,
    extras: Extras,
) -> Result<Plan> {
    plan_change(ws, item, Some(to), edits, actor, extras)
}

/// Plans recording `edits` without a change of state (the owner's edit,
/// such as a gate that leaves the decision to the Human).
pub fn edit(ws: &Workspace, item: Item, edits: &[Edit], actor: Actor) -> Result<Plan> {
    plan_change(ws, item, None, edits, actor, Extras::default())
}

/// Plans a change of `item` (moving it to `to`, if given) with `edits`,
/// with what the caller adds (trailers, the bytes on disk when the item's
/// text was rewritten first).
pub(crate) fn change_with(
    ws: &Workspace,
    item: Item,
    to: Option<&str>,
    edits: &[Edit],
    actor: Actor,
    extras: Extras,
) -> Result<Plan> {
    plan_change(ws, item, to, edits, actor, extras)
}

fn plan_change(
    ws: &Workspace,
    item: Item,
    to: Option<&str>,
    edits: &[Edit],
    actor: Actor,
    extras: Extras,
) -> Result<Plan> {
    let wf = workflow_of(ws, &item)?;
    known_state(&wf, &item)?;
    unjudged(ws, &item.path, &extras.companions)?;
    let base = committed(ws, &item)?;
    let now = workspace::now();
    let before = base.value();
    let edit_err = |e: crate::doc::DocError| item_error(&item, e.pos, e.message);
    let mut doc = apply(&item.doc, edits).map_err(edit_err)?;
    let moves = to.is_some();
    let to = match to {
        Some(to) => {
            doc = doc
                .set(&[wf.state_field.as_str()], &json!(to))
                .map_err(edit_err)?;
            to
        }
        None => item.status.as_str(),
    };
    // A move whose guard reads the story's tasks records them as measured.
    let measured = match wf.transition(&item.status, to).filter(|_| moves) {
        Some(t) => measured_tasks(&wf, t, &item, actor.tasks_reason)?,
        None => Vec::new(),
    };
    if actor.tasks_reason.is_some() && measured.is_empty() {
        return Err(Error::UnmeasuredReason {
            from: item.status.clone(),
            to: to.to_owned(),
        });
    }
    doc = apply(&doc, &measured).map_err(edit_err)?;
    // The body as the commit will hold it (its status, a Change Log row):
    // what the measures are taken from, as the hook takes them.
    if moves && item.status != to {
        doc = with_body_moved(
            &wf,
            doc,
            &item.status,
            to,
            &ws.rules.roles.display(actor.role),
            actor.note,
            &now,
        )
        .map_err(edit_err)?;
    }
    let after = item.value_of(&doc);
    let change = Change {
        before: Some(&before),
        after: Some(&after),
        role: actor.role,
        force: actor.force,
        self_transition: moves && item.status == to,
        now: &now,
    };
    let judged = crate::engine::verdict::judge(
        &wf,
        &change,
        &item.kind,
        &item.path,
        &ground(ws),
        Some(doc.body()),
    )?;
    let verdict = match judged {
        Ok(v) => v,
        Err(r) => {
            // Refused for edits the file holds beyond HEAD's version, not
            // for this change's own: say so, and how to drop them.
            carried_forced(&wf, &base, &item, &extras, actor, &now)?;
            return Err(r.into());
        }
    };
    if let Accepted::Create { .. } | Accepted::Delete { .. } = verdict.accepted {
        return Err(Error::bug(crate::msg!(
            "internal-error-change-judged-verdict",
            verdict = format!("{:?}", verdict.accepted)
        )));
    }
    let (t, mut forced) = (verdict.transition, verdict.forced);
    if t.is_some() {
        // A transition's rules read what it sets; the commit also carries
        // whatever else the item's file says beyond HEAD's version, which
        // must be an edit the state allows, as if committed first.
        if let Some(r) = carried_forced(&wf, &base, &item, &extras, actor, &now)? {
            forced = forced.or(Some(r));
        }
    }
    let effects = verdict
        .effects
        .map_err(|problem| item_error(&item, None, crate::msg!("effect-check-fields", problem)))?;
    for (path, value) in effects {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        doc = doc.set(&path, &value).map_err(edit_err)?;
    }
    let handoff = handoff(ws, &wf, item.value_of(&doc), to, t, actor.role, &now);
    Ok(Plan {
        kind: item.kind,
        id: item.id.clone(),
        path: item.path.clone(),
        old: Some(
            extras
                .old
                .unwrap_or_else(|| item.doc.text().as_bytes().to_vec()),
        ),
        doc,
        from: Some(item.status.clone()),
        to: to.to_owned(),
        role: actor.role.to_owned(),
        // A --force that overrode nothing: its reason is kept as the note.
        note: actor
            .note
            .or(actor.force.filter(|_| forced.is_none()))
            .map(str::to_owned),
        forced: forced.map(|r| (actor.force.unwrap_or_default().to_owned(), r)),
        extra_trailers: extras.trailers,
        handoff,
        actions: t.map(|t| t.actions.clone()).unwrap_or_default(),
        trigger: t.and_then(|t| t.trigger.clone()),
        before: Some(before),
        workflow: wf.clone(),
        companions: extras.companions,
    })
}

/// Refuses companion files the hooks judge: an item's file (the item's
/// own too) or a rule file. The commit holds them with the item, and a
/// verdict made without them would not be the hooks'; a file no rule
/// judges leaves the verdict as it is.
fn unjudged(ws: &Workspace, item_path: &str, companions: &[(String, Vec<u8>)]) -> Result<()> {
    match companions.iter().map(|(p, _)| p).find(|p| {
        p.as_str() == item_path || ws.rules.is_item_path(p) || crate::repo::rules::is_rule_file(p)
    }) {
        // The kinds' code chooses the companions: one the hooks judge is
        // git-orx's own fault, not the user's.
        Some(path) => Err(Error::bug(crate::msg!(
            "companion-file-judged",
            path = path,
            item = item_path
        ))),
        None => Ok(()),
    }
}

/// Where a command's change is judged: the tree its commit makes is
/// HEAD's with the item's new version (`git commit --only`), so the items
/// a transition waits for are read at HEAD; the executor takes the
/// transition's actions.
pub(crate) fn ground(ws: &Workspace) -> crate::engine::verdict::Ground<'_> {
    crate::engine::verdict::Ground::of_command(
        &ws.repo,
        ws.registry(),
        ws.repo.commit_id("HEAD"),
        crate::engine::verdict::EvidenceBy::Shown,
    )
}

/// Judges what a change moving `item` commits besides its own edits: the
/// difference between HEAD's version (`base`) and the item it starts from,
/// as an edit of the state by the actor. Refused, the change is refused:
/// for the file's uncommitted edits, saying how to commit or drop them.
/// Overridden by the Human's `--force`, the refusal it overrode.
fn carried_forced(
    wf: &Workflow,
    base: &Item,
    item: &Item,
    extras: &Extras,
    actor: Actor,
    now: &str,
) -> Result<Option<Refusal>> {
    if base.doc.text() == item.doc.text() {
        return Ok(None);
    }
    let (before, after) = (base.value(), item.value());
    let change = Change {
        before: Some(&before),
        after: Some(&after),
        role: actor.role,
        force: actor.force,
        self_transition: false,
        now,
    };
    let refusal = match validate::validate(wf, &change) {
        Ok(Accepted::Forced { refusal, .. }) => return Ok(Some(refusal)),
        Ok(_) => return Ok(None),
        Err(r) => r,
    };
    // The plan rewrote the file's text (a restore, a summary): its own
    // fields are refused, as any change's are.
    let on_disk = extras.old.as_deref().unwrap_or(item.doc.text().as_bytes());
    if on_disk != item.doc.text().as_bytes() {
        return Err(Error::Refused(refusal));
    }
    Err(Error::Pending(crate::msg!(
        "two-lines",
        first = crate::msg!(
            "path-has-uncommitted-edits-refused",
            path = &item.path,
            item = item.label(),
            workflow = &wf.name,
            refusal = refusal.message()
        ),
        second = crate::msg!(
            "nothing-changed-undo-edits",
            path = &item.path,
            id = &item.id
        )
    )))
}

/// `doc` with what its body says kept in step with a move from `from` to
/// `to`, as the workflow's `body:` asks: the body's status rewritten in
/// place, and a row appended to its Change Log table in the table's own
/// columns, naming the role as the rules show it (`role`: `SM`, `PM`).
pub fn with_body_moved(
    wf: &Workflow,
    doc: Document,
    from: &str,
    to: &str,
    role: &str,
    note: Option<&str>,
    now: &str,
) -> std::result::Result<Document, crate::doc::DocError> {
    let Some(spec) = &wf.body else {
        return Ok(doc);
    };
    if doc.is_json() {
        return Ok(doc);
    }
    let mut body = doc.body().to_owned();
    if spec.status
        && let Some(b) = crate::doc::body::with_status(&body, spec.value_for(to))
    {
        body = b;
    }
    if spec.change_log {
        let entry = crate::doc::body::LogEntry {
            date: now.get(..10).unwrap_or(now).to_owned(),
            role: role.to_owned(),
            from: spec.value_for(from).to_owned(),
            to: spec.value_for(to).to_owned(),
            note: note
                .unwrap_or_default()
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned(),
        };
        if let Some(b) = crate::doc::body::with_log_row(&body, &entry) {
            body = b;
        }
    }
    if body == doc.body() {
        return Ok(doc);
    }
    doc.with_body(&body)
}

/// The task fields a move along `t` records (see
/// [`checklist::task_fields`]): none unless its guard reads them.
pub fn measured_tasks(
    wf: &Workflow,
    t: &crate::workflow::Transition,
    item: &Item,
    reason: Option<&str>,
) -> Result<Vec<Edit>> {
    if !wf
        .measure
        .as_ref()
        .and_then(|m| m.tasks.as_ref())
        .is_some_and(|tf| tf.read_by(t))
    {
        return Ok(Vec::new());
    }
    let template = item.kind.template()?.unwrap_or_default();
    Ok(checklist::task_fields(
        wf,
        template,
        t,
        &item.value(),
        item.doc.body(),
        reason,
    ))
}

/// Refuses an item its workflow cannot use: an unknown state, a field of
/// the wrong type.
pub(crate) fn known_state(wf: &Workflow, item: &Item) -> Result<()> {
    match item.unusable(wf) {
        Some(e) => Err(Error::Item(e)),
        None => Ok(()),
    }
}

fn handoff(
    ws: &Workspace,
    wf: &Workflow,
    value: Value,
    state: &str,
    t: Option<&crate::workflow::Transition>,
    role: &str,
    now: &str,
) -> Option<String> {
    let field = |k: &str| {
        value
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let (kind, id) = (field("kind"), field("id"));
    let scope = wf.scope(value, role, now);
    let h = wf.handoff(state, t, &scope, ws.lang())?;
    // Orchestrix's handoff line: the role the story goes to and its
    // agent's command, for the automation that watches for it.
    let to_role = h
        .role
        .clone()
        .or_else(|| wf.state(state).and_then(|s| s.owner.clone()))
        .filter(|r| !r.starts_with('@'));
    let line = match (&h.persona, to_role) {
        (Some(p), Some(r)) if ws.rules.config.handoff_line => {
            Some(format!("🎯 HANDOFF TO {r}: {p}"))
        }
        _ => None,
    };
    let mut text = h.full(ws.rules.config.persona_commands);
    // The command a hint gives for an ID two kinds use names its kind.
    if ws.shares_id(&kind, &id) {
        text = crate::text::qualify_commands(&text, &kind, &id);
    }
    Some(match line {
        Some(l) => format!("{text}\n{l}"),
        None => text,
    })
}

/// Plans `git orx move ID STATE`.
pub fn move_item(ws: &Workspace, id: &str, to: &str, actor: Actor) -> Result<Plan> {
    let item = ws.find(id)?;
    transition(ws, item, to, &[], actor)
}

/// The kind `new` makes items of, named `name`: refused with the kinds
/// there are when there is none by that name.
pub fn kind_to_make<'w>(ws: &'w Workspace, name: &str) -> Result<&'w Kind> {
    ws.registry().get(name).ok_or_else(|| {
        Error::Usage(crate::msg!(
            "unknown-kind-make-one-copied",
            kind = crate::text::escape(name),
            list = ws.kinds().join(", ")
        ))
    })
}

/// Refuses `new` for a kind made by a command of its own (`create:` in
/// its workflow) or by another kind's step, with the command to use.
pub fn made_by_new(kind: &Kind) -> Result<()> {
    let Ok(wf) = kind.workflow() else {
        return Ok(());
    };
    match &wf.create {
        // The workflow's own words.
        Some(Create::By(how)) => Err(Error::Usage(crate::text::message::Message::text(
            how.clone(),
        ))),
        Some(Create::Step(step)) if step.run.first().is_some_and(|w| w != "new") => {
            let command: Vec<&str> = step
                .run
                .iter()
                .map(String::as_str)
                .take_while(|w| !w.starts_with('-'))
                .collect();
            Err(Error::Usage(crate::msg!(
                "kind-items-made-git-orx",
                kind = kind.name(),
                command = command.join(" ")
            )))
        }
        _ => Ok(()),
    }
}

/// Plans `git orx new`: an item of `kind` from its template (a bare one
/// when the kind has none), in its workflow's initial state. With
/// `example`, the item is the built-in example of its template, its
/// sections written (only with the built-in template, which it is measured
/// against).
pub fn new_item(
    ws: &Workspace,
    kind: &Kind,
    title: &str,
    id: Option<&str>,
    example: bool,
    actor: Actor,
) -> Result<Plan> {
    let title = title.trim();
    if title.is_empty() {
        return Err(Error::Usage(crate::msg!("title-empty")));
    }
    if title.chars().any(char::is_control) || title.chars().count() > 200 {
        return Err(Error::Usage(crate::msg!("title-one-line-most-characters")));
    }
    let items = &kind.items;
    if items.dir.is_none() {
        return Err(Error::Usage(crate::msg!(
            "kind-items-kept-fixed-paths",
            kind = kind.name(),
            paths = items.paths.join(", ")
        )));
    }
    let wf = kind.workflow()?;
    // IDs in use: those of readable items, and for a file that cannot be
    // read, the ID its name starts with (it may hold that item).
    let ext = items.format.extension();
    let existing: Vec<(String, String, bool)> = ws.scan_kind(kind, |r| match r {
        Ok(i) => (i.id, i.path, true),
        Err(e) => {
            let name = e.path.rsplit('/').next().unwrap_or_default();
            (name.trim_end_matches(ext).to_owned(), e.path, false)
        }
    })?;
    let id = match id {
        Some(id) => {
            if let Some(m) = items.id_problem(id) {
                return Err(Error::Usage(m));
            }
            let taken = existing.iter().find(|(i, _, readable)| {
                if *readable {
                    i == id
                } else {
                    i.starts_with(&format!("{id}.")) || i == id
                }
            });
            match taken {
                Some((_, path, true)) => {
                    return Err(Error::Exists(crate::msg!(
                        "kind-id-id-already-exists",
                        kind = kind.name(),
                        id = id,
                        path = path
                    )));
                }
                Some((_, path, false)) => {
                    return Err(Error::Exists(crate::msg!(
                        "path-may-hold-kind-id",
                        path = path,
                        kind = kind.name(),
                        id = id
                    )));
                }
                None => {}
            }
            id.to_owned()
        }
        None => items
            .next_id(
                existing.iter().map(|(i, _, _)| i.as_str()),
                &unique_mark(ws, title),
            )
            .ok_or_else(|| {
                Error::Usage(match items.new_id {
                    crate::workflow::items::NewId::Name => {
                        crate::msg!("kind-id-is-given-say-which", kind = kind.name())
                    }
                    _ => crate::msg!("cannot-choose-next-id-give-one"),
                })
            })?,
    };
    let builtin = items
        .template
        .as_deref()
        .and_then(crate::repo::rules::builtin_template);
    let template = match (kind.template()?, example) {
        (own, true) => {
            let example = items
                .template
                .as_deref()
                .and_then(crate::repo::rules::builtin_example)
                .filter(|_| own.is_some() && own == builtin);
            match example {
                Some(e) => e.to_owned(),
                None => {
                    return Err(Error::Usage(crate::msg!(
                        "built-example-goes-built-template",
                        kind = kind.name()
                    )));
                }
            }
        }
        (Some(t), false) => checklist::strip_markers(t),
        (None, false) => bare_template(items.format, &wf.state_field, items.id_field.as_deref()),
    };
    let quoted = |v: &str| render::string(v, Some(granit_parser::ScalarStyle::DoubleQuoted), false);
    let json = |v: &str| Value::String(v.to_owned()).to_string();
    let text = match items.format {
        crate::workflow::items::Format::Json => fill(
            &template,
            &[
                ("kind", &json(kind.name())),
                ("id", &json(&id)),
                ("title", &json(title)),
                ("status", &json(&wf.initial)),
            ],
        ),
        crate::workflow::items::Format::Markdown => fill(
            &template,
            &[
                ("kind", &render::string(kind.name(), None, false)),
                ("id", &quoted(&id)),
                ("title", &render::string(title, None, false)),
                ("status", &wf.initial),
                ("id_text", &id),
                ("title_text", title),
            ],
        ),
    };
    let path = items.path_for(&id, title).ok_or_else(|| {
        Error::Failed(crate::msg!(
            "kind-kind-names-no-file-2",
            kind = kind.name(),
            id = &id
        ))
    })?;
    let item = Item::from_bytes(ws.registry(), &path, text.into_bytes())?;
    if item.kind != *kind || item.id != id || item.status != wf.initial {
        return Err(Error::Failed(crate::msg!(
            "kind-template-does-not-produce",
            kind = kind.name(),
            kind2 = kind,
            id = &id,
            field = &wf.state_field,
            value = &wf.initial
        )));
    }
    create(ws, &wf, item, actor)
}

/// What makes one creation of an item unique, for a kind whose IDs are
/// drawn (`new_id: unique`): the time, the commit it is made on, the
/// worktree, the process and the title. Two agents on two branches, or
/// in two worktrees, never give the same.
pub(crate) fn unique_mark(ws: &Workspace, title: &str) -> String {
    format!(
        "{}\n{}\n{}\n{}\n{title}",
        workspace::now(),
        ws.repo.commit_id("HEAD").unwrap_or_default(),
        ws.root().display(),
        std::process::id()
    )
}

/// The item a kind without a template starts as: its identity, title and
/// state, and (in Markdown) the title as a heading. A kind whose files
/// carry their ID in a field of their own (`id_field`) writes it there,
/// with no `kind` and `id`.
fn bare_template(
    format: crate::workflow::items::Format,
    state_field: &str,
    id_field: Option<&str>,
) -> String {
    let identity = match (format, id_field) {
        (crate::workflow::items::Format::Json, Some(f)) => format!("  \"{f}\": {{id}},\n"),
        (crate::workflow::items::Format::Json, None) => {
            "  \"kind\": {kind},\n  \"id\": {id},\n".to_owned()
        }
        (crate::workflow::items::Format::Markdown, Some(f)) => format!("{f}: {{id}}\n"),
        (crate::workflow::items::Format::Markdown, None) => "kind: {kind}\nid: {id}\n".to_owned(),
    };
    match format {
        crate::workflow::items::Format::Json => {
            format!("{{\n{identity}  \"title\": {{title}},\n  \"{state_field}\": {{status}}\n}}\n")
        }
        crate::workflow::items::Format::Markdown => format!(
            "---\n{identity}title: {{title}}\n{state_field}: {{status}}\n---\n# {{title_text}}\n"
        ),
    }
}

/// Plans creating `item` (a new file, in its workflow's initial state).
pub fn create(
    ws: &Workspace,
    wf: &std::sync::Arc<Workflow>,
    item: Item,
    actor: Actor,
) -> Result<Plan> {
    create_with(ws, wf, item, actor, Vec::new())
}

/// [`create`], with the files the item's kind keeps beside it
/// (`companions`: path and bytes), written and committed with it.
pub(crate) fn create_with(
    ws: &Workspace,
    wf: &std::sync::Arc<Workflow>,
    item: Item,
    actor: Actor,
    companions: Vec<(String, Vec<u8>)>,
) -> Result<Plan> {
    unjudged(ws, &item.path, &companions)?;
    let after = item.value();
    let now = workspace::now();
    let change = Change {
        before: None,
        after: Some(&after),
        role: actor.role,
        force: None,
        self_transition: false,
        now: &now,
    };
    // The one verdict the hooks and `verify` give too (its `create_waits:`).
    let body = Some(item.doc.body());
    if let Err(r) =
        crate::engine::verdict::judge(wf, &change, &item.kind, &item.path, &ground(ws), body)?
    {
        return Err(r.into());
    }
    // What the hooks would refuse is refused before anything is written.
    if let Some(e) = item.unusable(wf) {
        return Err(e.into());
    }
    if ws.root().join(&item.path).symlink_metadata().is_ok() {
        return Err(Error::Exists(crate::msg!(
            "path-already-exists",
            path = &item.path
        )));
    }
    let handoff = handoff(ws, wf, item.value(), &wf.initial, None, actor.role, &now);
    Ok(Plan {
        kind: item.kind,
        id: item.id,
        path: item.path,
        old: None,
        doc: item.doc,
        from: None,
        to: wf.initial.clone(),
        role: actor.role.to_owned(),
        note: actor.note.map(str::to_owned),
        forced: None,
        extra_trailers: Vec::new(),
        handoff,
        workflow: wf.clone(),
        before: None,
        trigger: None,
        actions: Vec::new(),
        companions,
    })
}

/// The next ID after the highest `E.S` (leading numeric parts of each):
/// `E.(S+1)`; `1.1` first; `None` past the largest number.
pub fn next_id<'a>(ids: impl Iterator<Item = &'a str>) -> Option<String> {
    crate::workflow::items::next_minor(ids)
}

/// Fills `{name}` holes in one pass, so a value that itself contains
/// `{name}` (a title, say) is left as it is. Unknown holes stay.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 64);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').and_then(|close| {
            values
                .iter()
                .find(|(k, _)| *k == &after[..close])
                .map(|(_, v)| (close, v))
        }) {
            Some((close, v)) => {
                out.push_str(v);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What executing a plan did.
#[derive(Debug)]
pub struct Executed {
    /// The new commit's abbreviated id, when committed.
    pub commit: Option<String>,
    /// The file already said exactly this and is committed: nothing to do.
    pub unchanged: bool,
    /// Another process's commit took the change along (its id in
    /// `commit`); git-orx's own commit found nothing left to commit.
    pub by_another: bool,
    /// The checkpoint made (the `checkpoint` action).
    pub checkpoint: Option<String>,
    /// The rollback made (the `rollback` action).
    pub rollback: Option<Rolledback>,
}

impl From<files::Done> for Executed {
    fn from(done: files::Done) -> Executed {
        match done {
            files::Done::Written => Executed::written(None, false, false),
            files::Done::Committed(id) => Executed::written(Some(id), false, false),
            files::Done::Unchanged => Executed::written(None, true, false),
            files::Done::ByAnother(id) => Executed::written(id, false, true),
            // A plan's commit ends no merge.
            files::Done::StagedInMerge(_) => Executed::written(None, false, false),
        }
    }
}

impl Executed {
    fn written(commit: Option<String>, unchanged: bool, by_another: bool) -> Executed {
        Executed {
            commit,
            unchanged,
            by_another,
            checkpoint: None,
            rollback: None,
        }
    }
}

/// The one executor: writes the plan's file under the repository lock
/// and, when `commit`, commits it, with the transition's actions (of any
/// kind's workflow): `rollback` to the checkpoint the item records, made
/// first; `checkpoint`, made before the write and recorded in the item.
pub fn execute(ws: &Workspace, plan: &Plan, commit: bool) -> Result<Executed> {
    if let Some(done) = already_done(ws, plan)? {
        return Ok(done);
    }
    store::test_pause("planned");
    let lock = Lock::acquire_within(&ws.repo.orx_dir(), ws.lock_wait)?;
    execute_locked(ws, plan, commit, &lock)
}

/// The plan changes nothing: the file says exactly this and is committed.
fn already_done(ws: &Workspace, plan: &Plan) -> Result<Option<Executed>> {
    let same = plan.old.as_deref() == Some(plan.doc.text().as_bytes());
    if same && ws.repo.head_file(&plan.path)?.as_deref() == Some(plan.doc.text().as_bytes()) {
        return Ok(Some(Executed::written(None, true, false)));
    }
    Ok(None)
}

/// [`execute`] under the repository lock.
fn execute_locked(ws: &Workspace, plan: &Plan, commit: bool, lock: &Lock) -> Result<Executed> {
    if let Some(done) = already_done(ws, plan)? {
        return Ok(done);
    }
    // A new item's ID was picked before the lock: another process may
    // have taken it meanwhile. A race, not a rule broken: run again.
    if plan.from.is_none() && plan.old.is_none() {
        let taken = ws.scan_kind(&plan.kind, |r| match r {
            Ok(i) => (i.id == plan.id && i.path != plan.path).then_some(i.path),
            Err(_) => None,
        })?;
        if let Some(path) = taken.into_iter().flatten().next() {
            return Err(Error::Conflict(crate::msg!(
                "kind-id-made-meanwhile-another",
                kind = &plan.kind,
                id = &plan.id,
                path = path
            )));
        }
    }
    if plan.actions.is_empty() {
        return write_locked(ws, plan, &plan.doc, commit, lock);
    }
    let now = workspace::now();
    // The file must still be what the plan read, before any action runs.
    let on_disk = item::read_limited(&ws.root().join(&plan.path)).ok();
    if on_disk.as_deref() != plan.old.as_deref() {
        return Err(store::StoreError::Changed {
            path: plan.path.clone(),
        }
        .into());
    }
    let has = |a: &str| plan.actions.iter().any(|x| x == a);
    let mut rolled = None;
    if has("rollback") {
        let before = Document::from_bytes(plan.old.clone().unwrap_or_default())
            .map(|d| item::frontmatter_value(&d, &plan.kind.shape))
            .unwrap_or_default();
        let wf = &plan.kind.workflow()?;
        let field = wf.checkpoint_field.as_deref().unwrap_or_default();
        let Some(target) = before.get(field).and_then(Value::as_str) else {
            return Err(Error::Failed(crate::msg!(
                "agent-records-no-checkpoint-roll",
                agent = plan.label()
            )));
        };
        let trailers = vec![
            ("Orx-Item".to_owned(), format!("{}/{}", plan.kind, plan.id)),
            ("Orx-Role".to_owned(), plan.role.clone()),
        ];
        let keep = rollback_keeps(ws);
        let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
        rolled = Some(checkpoint::rollback(
            &ws.repo,
            target,
            &keep,
            &trailers,
            &now,
            false,
            ws.lock_wait,
        )?);
    }
    let mut doc = plan.doc.clone();
    let mut made = None;
    if has("checkpoint") {
        let name = checkpoint::create(
            &ws.repo,
            &format!("{}: {}", plan.label(), plan.transition_text()),
            &now,
        )?;
        let wf = &plan.kind.workflow()?;
        let field = wf.checkpoint_field.as_deref().unwrap_or_default();
        doc = doc
            .set(&[field], &json!(name))
            .map_err(|e| Error::Failed(e.message))?;
        made = Some(name);
    }
    match (write_locked(ws, plan, &doc, commit, lock), rolled) {
        (Ok(mut e), rolled) => {
            e.checkpoint = made;
            e.rollback = rolled;
            Ok(e)
        }
        // The rollback is made and recorded; say so, and how to undo it.
        (Err(e), Some(r)) => Err(Error::context(
            crate::msg!(
                "two-lines",
                first = crate::msg!(
                    "work-rolled-back-commit-but",
                    commit = &r.commit,
                    item = plan.transition_text(),
                    text = e.to_message()
                ),
                second = crate::msg!("undo-rollback-by-rolling-back", name = &r.saved)
            ),
            e,
        )),
        (Err(e), None) => Err(e),
    }
}

/// The paths a rollback leaves alone: the items and the rules, all of
/// which keep their own history.
pub fn rollback_keeps(ws: &Workspace) -> Vec<String> {
    let mut paths = ws.item_dirs();
    paths.push(".orx".to_owned());
    paths
}

/// Writes `doc` (the plan's text, with what its actions recorded) and
/// its companion files, and commits them when `commit`, through the
/// executor's last step ([`files::execute_locked`]). Needs the lock.
fn write_locked(
    ws: &Workspace,
    plan: &Plan,
    doc: &Document,
    commit: bool,
    lock: &Lock,
) -> Result<Executed> {
    let root = ws.root();
    let mut writes = vec![files::Write::new(
        &plan.path,
        plan.old.clone(),
        doc.text().as_bytes().to_vec(),
    )];
    // A companion file is judged by no rule: it is written over what it
    // holds now.
    for (rel, bytes) in &plan.companions {
        writes.push(files::Write::new(
            rel,
            std::fs::read(root.join(rel)).ok(),
            bytes.clone(),
        ));
    }
    let files = files::Files {
        writes,
        // The hooks judge this commit too: they are told who acts and the
        // override.
        commit: commit.then(|| files::Commit {
            made: files::Made::Alone(plan.message_of(doc)),
            role: plan.role.clone(),
            reason: plan.forced.as_ref().map(|(reason, _)| reason.clone()),
        }),
    };
    match files::execute_locked(&ws.repo, lock, &files) {
        Ok(done) => Ok(Executed::from(done)),
        Err(Error::Store(e @ store::StoreError::Changed { .. })) => {
            let this = matches!(&e, store::StoreError::Changed { path } if *path == plan.path);
            Err(this
                .then(|| moved_meanwhile(ws, plan))
                .flatten()
                .unwrap_or(e.into()))
        }
        // The commit failed: its fault says which item's change it was.
        Err(Error::CommitFailed { error, outcome, .. }) => Err(Error::CommitFailed {
            error,
            outcome,
            change: Some(Box::new(crate::error::Committing {
                item: crate::engine::validate::ItemRef::new(plan.kind.name(), &plan.id),
                from: plan.from.clone(),
                to: plan.to.clone(),
            })),
        }),
        Err(e) => Err(e),
    }
}

/// Writes a file that is no item (a QA gate file beside the stories)
/// through the same executor as an item: the repository lock, an atomic
/// write over exactly the bytes it held (`old`; `None`: a new file), and,
/// when `commit`, a commit of that file alone as `role`.
pub fn write_file(
    ws: &Workspace,
    path: &str,
    old: Option<&[u8]>,
    bytes: &[u8],
    message: &str,
    role: &str,
    commit: bool,
) -> Result<Executed> {
    let files = files::Files {
        writes: vec![files::Write::new(
            path,
            old.map(<[u8]>::to_vec),
            bytes.to_vec(),
        )],
        commit: commit.then(|| files::Commit {
            made: files::Made::Alone(message.to_owned()),
            role: role.to_owned(),
            reason: None,
        }),
    };
    files::execute(&ws.repo, ws.lock_wait, &files).map(Executed::from)
}

/// When the file changed before it could be written because another
/// process moved the item (and committed that): where the item is now.
fn moved_meanwhile(ws: &Workspace, plan: &Plan) -> Option<Error> {
    let from = plan.from.as_deref()?;
    let head = Item::from_bytes(
        ws.registry(),
        &plan.path,
        ws.repo.head_file(&plan.path).ok()??,
    )
    .ok()?;
    (head.status != from).then(|| now_in(ws, &head))
}

/// `story 1.1 is now in InProgress (committed in abc1234)`.
fn now_in(ws: &Workspace, head: &Item) -> Error {
    Error::Conflict(crate::msg!(
        "item-now-state-committed-commit",
        item = head.label(),
        state = &head.status,
        commit = ws
            .repo
            .last_change(&head.path)
            .unwrap_or_else(|| "HEAD".to_owned())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_continue_the_highest_epic() {
        assert_eq!(next_id([].into_iter()).unwrap(), "1.1");
        assert_eq!(
            next_id(["1.1", "1.2", "2.1", "x"].into_iter()).unwrap(),
            "2.2"
        );
        assert_eq!(
            next_id(["1.9", "1.10", "1.3.broken"].into_iter()).unwrap(),
            "1.11"
        );
        assert_eq!(next_id(["1.18446744073709551615"].into_iter()), None);
    }

    #[test]
    fn templates_are_filled_in_one_pass() {
        let t = "id: {id}\ntitle: {title}\n# {title_text} {other}";
        let out = fill(
            t,
            &[
                ("id", "\"1.2\""),
                ("title", "\"{status} x\""),
                ("title_text", "{id_text} {title_text}"),
                ("status", "Draft"),
            ],
        );
        assert_eq!(
            out,
            "id: \"1.2\"\ntitle: \"{status} x\"\n# {id_text} {title_text} {other}"
        );
    }

    #[test]
    fn one_executor_writes_commits_and_runs_a_transitions_checkpoint() {
        crate::repo::tests::with_repo(&[], |ws| {
            let human = Actor {
                role: crate::workflow::role::HUMAN,
                ..Actor::default()
            };
            let init = crate::kinds::agent::plan_init(ws, "a1", "dev", human).unwrap();
            let done = execute(ws, &init, true).unwrap();
            assert!(done.commit.is_some() && done.checkpoint.is_none());
            let path = init.path().to_owned();
            let head = |ws: &Workspace| {
                String::from_utf8(ws.repo.head_file(&path).unwrap().unwrap()).unwrap()
            };
            assert_eq!(head(ws), init.text());

            let human_with = |note| Actor {
                note: Some(note),
                ..human
            };
            let dev = Actor {
                role: "dev",
                ..Actor::default()
            };
            let fire = |trigger: &str, actor: Actor| {
                let p =
                    crate::kinds::agent::plan_fire(ws, "a1", trigger, Vec::new(), actor).unwrap();
                let done = execute(ws, &p, true).unwrap();
                assert!(done.commit.is_some(), "{trigger}: {done:?}");
                (p, done)
            };
            fire("USER_INPUT_REQUIREMENT", human_with("a requirement"));
            let add = crate::kinds::agent::plan_edit(
                ws,
                "a1",
                &["plan"],
                |item| {
                    let queue =
                        crate::kinds::agent::add_task(&crate::kinds::agent::tasks(item), "one")?;
                    Ok((vec![set(&["tasks"], queue)], None))
                },
                dev,
            )
            .unwrap();
            execute(ws, &add, true).unwrap();
            let (p, done) = fire("PRD_GENERATED", dev);
            assert!(p.actions().is_empty() && done.checkpoint.is_none());
            // USER_CONFIRM's `checkpoint` action: made by the executor and
            // recorded in the committed file.
            let (p, done) = fire("USER_CONFIRM", human);
            assert_eq!(p.actions(), ["checkpoint"]);
            let name = done.checkpoint.expect("the checkpoint action ran");
            assert!(
                head(ws).contains(&format!("last_checkpoint: {name}")),
                "{}",
                head(ws)
            );
        });
    }

    #[test]
    fn a_companion_file_the_hooks_judge_is_refused_when_the_plan_is_made() {
        crate::repo::tests::with_repo(&[], |ws| {
            let kind = ws
                .registry()
                .iter()
                .find(|k| k.items.dir.is_some() && made_by_new(k).is_ok())
                .expect("a kind made by `new`")
                .clone();
            let actor = Actor {
                role: crate::workflow::role::HUMAN,
                ..Actor::default()
            };
            let made = new_item(ws, &kind, "One", None, false, actor).unwrap();
            let item = || {
                Item::from_bytes(ws.registry(), made.path(), made.text().as_bytes().to_vec())
                    .unwrap()
            };
            let wf = kind.workflow().unwrap();
            let other = kind.items.path_for(&made.id, "other").unwrap();
            for judged in [
                made.path(),
                other.as_str(),
                crate::repo::config::CONFIG_PATH,
            ] {
                let e = create_with(
                    ws,
                    &wf,
                    item(),
                    actor,
                    vec![(judged.to_owned(), b"x".to_vec())],
                )
                .unwrap_err();
                assert!(
                    e.to_string().contains("a file the hooks judge"),
                    "{judged}: {e}"
                );
                assert_eq!(e.code(), "internal", "{judged}: a fault of git-orx's own");
            }
            let plan = create_with(
                ws,
                &wf,
                item(),
                actor,
                vec![("notes/one.log".to_owned(), b"x".to_vec())],
            )
            .unwrap();
            assert_eq!(plan.companions.len(), 1);
        });
    }

    #[test]
    fn trailer_values_are_one_clean_line() {
        assert_eq!(trailer_value("a\nb\r\n  c\u{1b}"), "a b c");
    }
}
