//! Changes to items, planned then executed.
//!
//! Planning reads the item, applies the edits in memory, asks
//! [`validate`](crate::validate::validate) for a verdict and computes the
//! effects and the handoff message; nothing is written. A [`Plan`] exists only
//! for a change that was accepted. Executing it takes the lock, writes the
//! file atomically (refusing if it changed since it was read), and commits
//! exactly that file with `Orx-*` trailers; if the commit fails, the file is
//! put back as it was.

use serde_json::{Value, json};

use crate::assess::{self, Assessment};
use crate::doc::{Document, render};
use crate::error::{Error, Result};
use crate::item::{self, Item};
use crate::store::{self, Lock};
use crate::validate::{self, Accepted, Change, Refusal};
use crate::workflow::Workflow;
use crate::workspace::{self, Workspace};

/// The story template, unless the repository has `.orx/templates/story.md`.
pub const STORY_TEMPLATE: &str = include_str!("../templates/stories/story.md");

/// An accepted change, ready to write.
#[derive(Debug)]
pub struct Plan {
    pub kind: String,
    pub id: String,
    pub path: String,
    /// The file's bytes when planned; `None` for a new file.
    pub old: Option<Vec<u8>>,
    pub doc: Document,
    pub from: Option<String>,
    pub to: String,
    pub role: String,
    pub note: Option<String>,
    /// The Human's `--force` reason and the rule it overrode.
    pub forced: Option<(String, Refusal)>,
    /// Trailers besides `Orx-Item`, `Orx-Transition`, `Orx-Role`.
    pub extra_trailers: Vec<(String, String)>,
    pub handoff: Option<String>,
}

/// Who acts, and how.
#[derive(Clone, Copy, Debug, Default)]
pub struct Actor<'a> {
    pub role: &'a str,
    pub note: Option<&'a str>,
    pub force: Option<&'a str>,
}

impl Plan {
    /// `story 1.2`
    pub fn label(&self) -> String {
        format!("{} {}", self.kind, self.id)
    }

    /// `Draft -> Approved`, or `(new) -> Draft`.
    pub fn transition_text(&self) -> String {
        format!("{} -> {}", self.from.as_deref().unwrap_or("(new)"), self.to)
    }

    pub fn trailers(&self) -> Vec<(String, String)> {
        let mut t = vec![
            ("Orx-Item".to_owned(), format!("{}/{}", self.kind, self.id)),
            ("Orx-Transition".to_owned(), self.transition_text()),
            ("Orx-Role".to_owned(), self.role.clone()),
        ];
        if let Some((reason, refusal)) = &self.forced {
            t.push(("Orx-Override".to_owned(), trailer_value(reason)));
            t.push(("Orx-Overridden".to_owned(), refusal.kind().to_owned()));
        }
        t.extend(self.extra_trailers.iter().cloned());
        t
    }

    /// The commit message: subject, the note, the trailers.
    pub fn message(&self) -> String {
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
        for (k, v) in self.trailers() {
            m.push_str(&format!("{k}: {v}\n"));
        }
        m
    }
}

/// Trailer values are one line without control characters.
fn trailer_value(s: &str) -> String {
    s.split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .filter(|c| !c.is_control())
        .collect()
}

/// Plans moving `item` to `to`, after applying `edits` (fields the same
/// change records, such as an assessment's numbers).
pub fn transition(
    ws: &Workspace,
    item: Item,
    to: &str,
    edits: &[(Vec<&str>, Value)],
    actor: Actor,
) -> Result<Plan> {
    let wf = ws.workflow(&item.kind)?;
    known_state(&wf, &item)?;
    let now = workspace::now();
    let before = item.value();
    let mut doc = item.doc.clone();
    for (path, value) in edits {
        doc = doc
            .set(path, value)
            .map_err(|e| Error::Item(item::ItemError::new(&item.path, e.pos, e.message)))?;
    }
    let edit_err =
        |e: crate::doc::DocError| Error::Item(item::ItemError::new(&item.path, e.pos, e.message));
    doc = doc.set(&["status"], &json!(to)).map_err(edit_err)?;
    let after = doc.to_value();
    let change = Change {
        before: Some(&before),
        after: Some(&after),
        role: actor.role,
        force: actor.force,
        self_transition: item.status == to,
        now: &now,
    };
    let (t, forced) = match validate::validate(&wf, &change)? {
        Accepted::Transition(t) => (Some(t), None),
        Accepted::Forced { refusal, .. } => (wf.transition(&item.status, to), Some(refusal)),
        other => {
            return Err(Error::Failed(format!(
                "internal error: a move was judged as {other:?}"
            )));
        }
    };
    if let Some(t) = t {
        let scope = validate::guard_scope(&wf, Some(t), Some(&before), &after, actor.role, &now);
        for (path, value) in validate::effects(t, &scope)
            .map_err(|m| Error::Failed(format!("{}: {m}", wf.origin)))?
        {
            let path: Vec<&str> = path.iter().map(String::as_str).collect();
            doc = doc.set(&path, &value).map_err(edit_err)?;
        }
    }
    let handoff = handoff(ws, &wf, &doc, to, t, actor.role, &now);
    Ok(Plan {
        kind: item.kind.clone(),
        id: item.id.clone(),
        path: item.path.clone(),
        old: Some(item.doc.text().as_bytes().to_vec()),
        doc,
        from: Some(item.status.clone()),
        to: to.to_owned(),
        role: actor.role.to_owned(),
        note: actor.note.map(str::to_owned),
        forced: forced.map(|r| (actor.force.unwrap_or_default().to_owned(), r)),
        extra_trailers: Vec::new(),
        handoff,
    })
}

/// Refuses an item whose file names a state its workflow does not have.
fn known_state(wf: &Workflow, item: &Item) -> Result<()> {
    if wf.state(&item.status).is_some() {
        return Ok(());
    }
    Err(Error::Item(item::ItemError::new(
        &item.path,
        item.pos("status"),
        format!(
            "unknown state `{}` (states: {})",
            crate::text::escape(&item.status),
            wf.state_names().join(", ")
        ),
    )))
}

fn handoff(
    ws: &Workspace,
    wf: &Workflow,
    doc: &Document,
    state: &str,
    t: Option<&crate::workflow::Transition>,
    role: &str,
    now: &str,
) -> Option<String> {
    let scope = wf.scope(doc.to_value(), role, now);
    wf.handoff(state, t, &scope, ws.lang())
}

/// Plans `git orx move ID STATE`.
pub fn move_item(ws: &Workspace, id: &str, to: &str, actor: Actor) -> Result<Plan> {
    let item = ws.find(id)?;
    transition(ws, item, to, &[], actor)
}

/// Plans `git orx assess`: records the numbers, then takes the first
/// `assess` transition whose guard holds.
pub fn assess(ws: &Workspace, id: &str, a: &Assessment, actor: Actor) -> Result<Plan> {
    a.check().map_err(Error::Usage)?;
    let item = ws.find(id)?;
    let wf = ws.workflow(&item.kind)?;
    known_state(&wf, &item)?;
    let fields = a.fields();
    let mut recorded = item.doc.clone();
    for (path, value) in &fields {
        recorded = recorded
            .set(path, value)
            .map_err(|e| Error::Item(item::ItemError::new(&item.path, e.pos, e.message)))?;
    }
    let t = assess::decide(
        &wf,
        "assess",
        &item.value(),
        &recorded.to_value(),
        actor.role,
        &workspace::now(),
    )?;
    let to = t.to.clone();
    let mut plan = transition(ws, item, &to, &fields, actor)?;
    let complexity: Vec<&str> = a.complexity.iter().map(|i| i.name()).collect();
    plan.extra_trailers.push((
        "Orx-Quality".to_owned(),
        format!(
            "structure={} extraction={} score={} complexity={}",
            a.structure,
            a.extraction,
            a.score,
            if complexity.is_empty() {
                "none".to_owned()
            } else {
                complexity.join(",")
            }
        ),
    ));
    Ok(plan)
}

/// Plans `git orx new`: a story from the template, in the initial state.
pub fn new_story(ws: &Workspace, title: &str, id: Option<&str>, actor: Actor) -> Result<Plan> {
    let title = title.trim();
    if title.is_empty() {
        return Err(Error::Usage("the title is empty".to_owned()));
    }
    if title.chars().any(char::is_control) || title.chars().count() > 200 {
        return Err(Error::Usage(
            "a title is one line of at most 200 characters".to_owned(),
        ));
    }
    let wf = ws.workflow("story")?;
    let existing: Vec<(String, String)> = ws
        .scan(|r| r.ok().map(|i| (i.id, i.path)))?
        .into_iter()
        .flatten()
        .collect();
    let id = match id {
        Some(id) => {
            item::check_id(id).map_err(Error::Usage)?;
            if let Some((_, path)) = existing.iter().find(|(i, _)| i == id) {
                return Err(Error::Exists(format!(
                    "a story with ID `{id}` already exists: {path}"
                )));
            }
            id.to_owned()
        }
        None => next_id(existing.iter().map(|(i, _)| i.as_str())),
    };
    let template = match item::read_limited(&ws.root().join(".orx/templates/story.md")) {
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| Error::Failed(".orx/templates/story.md is not valid UTF-8".to_owned()))?,
        Err(_) => STORY_TEMPLATE.to_owned(),
    };
    let text = template
        .replace(
            "{id}",
            &render::string(&id, Some(granit_parser::ScalarStyle::DoubleQuoted), false),
        )
        .replace("{title}", &render::string(title, None, false))
        .replace("{status}", &wf.initial)
        .replace("{id_text}", &id)
        .replace("{title_text}", title);
    let path = format!("{}/{id}.{}.md", ws.stories_dir(), item::slug(title));
    let item = Item::from_bytes(&path, text.into_bytes())?;
    if item.id != id || item.status != wf.initial {
        return Err(Error::Failed(format!(
            "the story template does not produce `id: {id}` and `status: {}`",
            wf.initial
        )));
    }
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
    validate::validate(&wf, &change)?;
    if ws.root().join(&path).symlink_metadata().is_ok() {
        return Err(Error::Exists(format!("{path} already exists")));
    }
    let handoff = handoff(ws, &wf, &item.doc, &wf.initial, None, actor.role, &now);
    Ok(Plan {
        kind: "story".to_owned(),
        id,
        path,
        old: None,
        doc: item.doc,
        from: None,
        to: wf.initial.clone(),
        role: actor.role.to_owned(),
        note: actor.note.map(str::to_owned),
        forced: None,
        extra_trailers: Vec::new(),
        handoff,
    })
}

/// The next ID after the highest `E.S` numeric ID: `E.(S+1)`; `1.1` first.
pub fn next_id<'a>(ids: impl Iterator<Item = &'a str>) -> String {
    let max = ids
        .filter_map(|id| {
            let (e, s) = id.split_once('.')?;
            Some((e.parse::<u64>().ok()?, s.parse::<u64>().ok()?))
        })
        .max();
    match max {
        Some((e, s)) => format!("{e}.{}", s + 1),
        None => "1.1".to_owned(),
    }
}

/// What executing a plan did.
#[derive(Debug)]
pub struct Executed {
    /// The new commit's abbreviated id, when committed.
    pub commit: Option<String>,
}

/// Writes the plan's file under the lock and, when `commit`, commits it.
pub fn execute(ws: &Workspace, plan: &Plan, commit: bool) -> Result<Executed> {
    let orx_dir = ws.repo.orx_dir();
    let lock = Lock::acquire(&orx_dir)?;
    let root = ws.root();
    store::write(
        &lock,
        root,
        &orx_dir,
        &plan.path,
        plan.old.as_deref(),
        plan.doc.text().as_bytes(),
    )?;
    if !commit {
        return Ok(Executed { commit: None });
    }
    // The hooks judge this commit too: tell them who acts, and the override.
    let mut env = vec![("ORX_ROLE", plan.role.as_str())];
    if let Some((reason, _)) = &plan.forced {
        env.push(("ORX_FORCE_REASON", reason.as_str()));
    }
    match ws.repo.commit_paths(&[&plan.path], &plan.message(), &env) {
        Ok(id) => Ok(Executed { commit: Some(id) }),
        Err(e) => {
            store::restore(&lock, root, &plan.path, plan.old.as_deref())?;
            Err(Error::CommitFailed(e, plan.path.clone()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_continue_the_highest_epic() {
        assert_eq!(next_id([].into_iter()), "1.1");
        assert_eq!(next_id(["1.1", "1.2", "2.1", "x"].into_iter()), "2.2");
        assert_eq!(next_id(["1.9", "1.10"].into_iter()), "1.11");
    }

    #[test]
    fn trailer_values_are_one_clean_line() {
        assert_eq!(trailer_value("a\nb\r\n  c\u{1b}"), "a b c");
    }
}
