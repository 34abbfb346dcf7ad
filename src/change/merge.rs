//! Merging item files: the merge driver git runs for them (`git orx
//! merge-file`), `git orx resolve` for a lifecycle conflict it left, and
//! the driver's installation (git's configuration and the repository's
//! `info/attributes`, set by `init` and `hooks install`).
//!
//! The merge itself is [`crate::engine::merge`]: field by field, lists as
//! lists, the body by git's text merge, a state both sides changed
//! differently left as a conflict for a person (or the choice given) to
//! decide. A file that is not an item of a known kind, or that does not
//! parse, is merged by git's text merge alone, as without the driver.

use crate::doc::Document;
use crate::engine::merge::{self, Choice, Conflict, Labels};
use crate::error::{Error, Result};
use crate::git::Repo;
use crate::repo::rules::Rules;
use crate::text::message::Message;

/// The name of the merge driver in git's configuration and attributes.
pub const DRIVER: &str = "orx";

/// The command git runs for it (`%O` the base, `%A` ours and the result,
/// `%B` theirs, `%P` the path; `%X` and `%Y` the names of our and their
/// side, which git before 2.44 passes as they are written).
pub const DRIVER_COMMAND: &str = "git-orx merge-file %O %A %B %P %X %Y";

/// The merge of one file.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The merged text (with conflict markers where it conflicts).
    pub text: Vec<u8>,
    /// The item, as refusals name it (`story 1.1`), when the file is one.
    pub item: Option<String>,
    /// The item's ID, for the command that resolves it.
    pub id: Option<String>,
    /// The values both sides changed differently.
    pub conflicts: Vec<Conflict>,
    /// Whether the text merge (the body, or the whole file) conflicts.
    pub text_conflict: bool,
    /// The state the workflow's merge rule chose, where the two sides
    /// left the item in two states.
    pub decided: Option<Decision>,
}

/// A lifecycle conflict the workflow's merge rule decided (`merge:
/// {state: ...}`): recorded so that the merge commit names it.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub path: String,
    /// The item as messages name it (`story 1.1`).
    pub item: String,
    /// The state chosen, and each side's.
    pub state: String,
    pub ours: String,
    pub theirs: String,
    /// The rule, in words (`the later state wins`), as the merge commit's
    /// trailer names it.
    pub rule: String,
    /// The rule as a message, said in the language in force (the words
    /// of `rule` for a decision read back from the merge under way).
    pub said: Message,
}

/// A workflow's merge rule, as a message.
fn rule_message(rule: &crate::workflow::MergeRule) -> Message {
    match rule {
        crate::workflow::MergeRule::Later => crate::msg!("later-state-wins"),
        crate::workflow::MergeRule::OwnedBy(r) => crate::msg!("state-role-owns-wins", role = r),
    }
}

impl Decision {
    /// The `Orx-Merge-Rule` trailer's value.
    pub fn trailer(&self) -> String {
        format!(
            "{} {}: {} ours, {} theirs; {}",
            self.item, self.state, self.ours, self.theirs, self.rule
        )
    }
}

/// The file under git-orx's directory where the driver leaves the
/// decisions of a merge under way, for its commit's message.
const DECISIONS: &str = "merge-decisions";

/// Records `d`, made while merging onto `head`, for the merge commit.
pub fn record_decision(repo: &Repo, head: &str, d: &Decision) -> Result<()> {
    use std::io::Write;
    let path = repo.orx_dir().join(DECISIONS);
    let line = [
        head, &d.path, &d.item, &d.state, &d.ours, &d.theirs, &d.rule,
    ]
    .map(|f| f.replace(['\t', '\n'], " "))
    .join("\t");
    std::fs::create_dir_all(repo.orx_dir())
        .and_then(|_| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
        })
        .and_then(|mut f| writeln!(f, "{line}"))
        .map_err(|e| {
            Error::io(
                crate::msg!("cannot-write-path", path = path.display().to_string()),
                e,
            )
        })
}

/// The decisions recorded while merging onto `head` whose state the file
/// `staged` gives still holds (a person may have changed it since), and
/// forgets them all: the merge commit takes them.
pub fn take_decisions(
    repo: &Repo,
    head: &str,
    staged: impl Fn(&str) -> Option<String>,
) -> Vec<Decision> {
    let path = repo.orx_dir().join(DECISIONS);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let _ = std::fs::remove_file(&path);
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let [h, path, item, state, ours, theirs, rule] = f.as_slice() else {
                return None;
            };
            (*h == head && staged(path).as_deref() == Some(*state)).then(|| Decision {
                path: (*path).to_owned(),
                item: (*item).to_owned(),
                state: (*state).to_owned(),
                ours: (*ours).to_owned(),
                theirs: (*theirs).to_owned(),
                rule: (*rule).to_owned(),
                said: Message::text(*rule),
            })
        })
        .collect()
}

impl Outcome {
    pub fn clean(&self) -> bool {
        self.conflicts.is_empty() && !self.text_conflict
    }
}

/// The three versions of a file a merge meets.
#[derive(Clone, Copy, Debug)]
pub struct Sides<'a> {
    /// The common ancestor's (none: both sides added the file).
    pub base: Option<&'a [u8]>,
    pub ours: &'a [u8],
    pub theirs: &'a [u8],
}

/// The `Orx-Merge-Rule` trailers of the merge being committed onto
/// `head`: the lifecycle conflicts its workflow's merge rule decided, as
/// the merged index still has them.
pub fn merge_rule_trailers(repo: &Repo, rules: &Rules, head: &str) -> Vec<(String, String)> {
    let staged = |path: &str| {
        let bytes = repo.index_stage(path, 0).ok()??;
        crate::engine::item::Item::from_bytes(rules.registry(), path, bytes)
            .ok()
            .map(|i| i.status)
    };
    take_decisions(repo, head, staged)
        .iter()
        .map(|d| ("Orx-Merge-Rule".to_owned(), d.trailer()))
        .collect()
}

/// Merges the file at `rel` from its `sides`, reading it as `rules`'
/// registry says, deciding what `choice` decides.
pub fn merge_file(
    repo: &Repo,
    rules: &Rules,
    rel: &str,
    sides: Sides,
    choice: &Choice,
    labels: &Labels,
) -> Result<Outcome> {
    let Sides { base, ours, theirs } = sides;
    let kinds = rules.registry();
    let kind = kinds.at(rel);
    let parse = |b: &[u8]| -> Option<Document> {
        let text = String::from_utf8(b.to_vec()).ok()?;
        match kind?.items.format {
            crate::workflow::items::Format::Json => Document::parse_json(text).ok(),
            crate::workflow::items::Format::Markdown => Document::parse(text).ok(),
        }
    };
    let docs = (base.map(parse), parse(ours), parse(theirs));
    let (Some(o), Some(t)) = (&docs.1, &docs.2) else {
        return text_merge(repo, base, ours, theirs, labels);
    };
    let b = match &docs.0 {
        Some(Some(b)) => Some(b),
        Some(None) => return text_merge(repo, base, ours, theirs, labels),
        None => None,
    };
    let kind_field = o.text_field("kind").ok().flatten();
    let kind = kinds.kind_for(rel, kind_field);
    let shape = &kind.shape;
    // The item as refusals name it (`story 1.1`), from our side's fields.
    let id = o
        .text_field(shape.id_field.as_deref().unwrap_or("id"))
        .ok()
        .flatten()
        .filter(|_| !shape.kind.is_empty())
        .map(str::to_owned);
    // A lifecycle conflict the workflow decides: the state its rule
    // chooses, with that side's values for what else both changed.
    let mut choice = choice.clone();
    let wf = kind.workflow().ok();
    if let Some(wf) = &wf {
        choice.latest = wf.merge_latest.clone();
    }
    let mut decided = None;
    if choice.state.is_none() {
        let state_of = |d: &Document| {
            d.text_field(&shape.state_field)
                .ok()
                .flatten()
                .map(str::to_owned)
        };
        let (so, st) = (state_of(o), state_of(t));
        let sb = b.and_then(state_of);
        if let (Some(so), Some(st)) = (so, st)
            && so != st
            && sb.as_deref() != Some(so.as_str())
            && sb.as_deref() != Some(st.as_str())
            && let Some(wf) = &wf
            && let Some(state) = wf.merge_decides((&so, &o.to_value()), (&st, &t.to_value()))
        {
            choice.state = Some(state.clone());
            decided = Some(Decision {
                path: rel.to_owned(),
                item: format!("{} {}", shape.kind, id.as_deref().unwrap_or(rel)),
                state,
                ours: so,
                theirs: st,
                rule: wf
                    .merge_state
                    .as_ref()
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
                said: wf
                    .merge_state
                    .as_ref()
                    .map_or_else(|| Message::text(""), rule_message),
            });
        }
    }
    let base_label = "base";
    let mut body = |b: &str, o: &str, t: &str| {
        repo.merge_text(b, o, t, [&labels.ours, base_label, &labels.theirs])
            .map_err(|e| e.to_string())
    };
    let m = merge::merge(b, o, t, shape, &choice, labels, &mut body)
        .map_err(|e| Error::Item(crate::engine::item::ItemError::new(rel, e.pos, e.message)))?;
    let mut text = m.text;
    if m.conflicts.is_empty()
        && !m.body_conflict
        && let Some(wf) = &wf
        && let Ok(Some(template)) = kind.template()
    {
        text = recorded_again(wf, template, b, [o, t], text, &kind.items.format);
    }
    Ok(Outcome {
        text: text.into_bytes(),
        item: id.as_ref().map(|i| format!("{} {i}", shape.kind)),
        id,
        conflicts: m.conflicts,
        text_conflict: m.body_conflict,
        decided,
    })
}

/// The merged `text` with the tasks its body measures recorded again,
/// where a side recorded them and the merge's record is not the merged
/// body's ([`crate::engine::checklist::merged_tasks`]): what `move` would
/// record of that body, so that a clean merge of two branches' ticks
/// passes the hook it would otherwise fail. The text as merged when it
/// does not parse or the fields cannot be written.
fn recorded_again(
    wf: &crate::workflow::Workflow,
    template: &str,
    base: Option<&Document>,
    sides: [&Document; 2],
    text: String,
    format: &crate::workflow::items::Format,
) -> String {
    let merged = match format {
        crate::workflow::items::Format::Json => Document::parse_json(text.clone()),
        crate::workflow::items::Format::Markdown => Document::parse(text.clone()),
    };
    let Ok(mut merged) = merged else {
        return text;
    };
    let base = base.map(Document::to_value);
    let sides = sides.map(Document::to_value);
    let fields = crate::engine::checklist::merged_tasks(
        wf,
        template,
        base.as_ref(),
        [&sides[0], &sides[1]],
        &merged.to_value(),
        merged.body(),
    );
    for (path, value) in fields {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        match merged.set(&path, &value) {
            Ok(d) => merged = d,
            Err(_) => return text,
        }
    }
    merged.text().to_owned()
}

/// git's text merge of the whole file.
fn text_merge(
    repo: &Repo,
    base: Option<&[u8]>,
    ours: &[u8],
    theirs: &[u8],
    labels: &Labels,
) -> Result<Outcome> {
    let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let (text, conflicted) = repo.merge_text(
        &s(base.unwrap_or_default()),
        &s(ours),
        &s(theirs),
        [&labels.ours, "base", &labels.theirs],
    )?;
    Ok(Outcome {
        text: text.into_bytes(),
        item: None,
        id: None,
        conflicts: Vec::new(),
        text_conflict: conflicted,
        decided: None,
    })
}

/// The unmerged item file of the item `id` (or `KIND:ID`) in the index,
/// with its three versions (base, ours, theirs).
pub struct Unmerged {
    pub path: String,
    pub base: Option<Vec<u8>>,
    pub ours: Vec<u8>,
    pub theirs: Vec<u8>,
}

/// Finds the unmerged item file of `id` (or `KIND:ID`) among `paths`
/// (the index's unmerged paths).
pub fn unmerged(repo: &Repo, rules: &Rules, paths: &[String], id: &str) -> Result<Unmerged> {
    let (kind, id) = match id.split_once(':') {
        Some((k, i)) => (Some(k), i),
        None => (None, id),
    };
    let kinds = rules.registry();
    let mut found = Vec::new();
    for p in paths.iter().filter(|p| kinds.at(p).is_some()) {
        let (Some(ours), Some(theirs)) = (repo.index_stage(p, 2)?, repo.index_stage(p, 3)?) else {
            continue;
        };
        let names = |b: &[u8]| {
            crate::engine::item::Item::from_bytes(kinds, p, b.to_vec())
                .is_ok_and(|i| i.id == id && kind.is_none_or(|k| i.kind == k))
        };
        if names(&ours) || names(&theirs) {
            found.push(Unmerged {
                path: p.clone(),
                base: repo.index_stage(p, 1)?,
                ours,
                theirs,
            });
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(Error::NotFound(crate::msg!(
            "no-item-id-left-unmerged",
            id = crate::text::escape(id)
        ))),
        _ => Err(Error::Usage(crate::msg!(
            "more-than-one-unmerged-item",
            id = crate::text::escape(id)
        ))),
    }
}

/// The attribute lines that send every kind's item files to the driver.
pub fn attribute_lines(rules: &Rules) -> Vec<String> {
    let mut lines = Vec::new();
    for k in rules.registry().iter() {
        let ext = k.items.format.extension();
        let patterns: Vec<String> = match &k.items.dir {
            Some(dir) => vec![format!("{dir}/*{ext}")],
            None => k
                .items
                .paths
                .iter()
                .map(|p| p.replace("{id}", "*"))
                .collect(),
        };
        for p in patterns {
            let line = format!("{} merge={DRIVER}", p.replace(' ', "[[:space:]]"));
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
    }
    lines
}

/// Whether this clone has the driver set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    /// git's configuration and the attributes send every kind's item
    /// files to it.
    Installed,
    /// It is set up, but not for every kind's items (a kind was added
    /// since): those merge as text until it is set up again.
    Stale,
    Missing,
}

/// Whether the driver is set up in this repository: git's configuration
/// names its command and the attributes send the item files to it.
pub fn installed(repo: &Repo, rules: &Rules) -> Driver {
    if repo.merge_driver(DRIVER).as_deref() != Some(DRIVER_COMMAND) {
        return Driver::Missing;
    }
    let have = repo.attributes_block();
    if have.is_empty() {
        Driver::Missing
    } else if attribute_lines(rules).iter().all(|l| have.contains(l)) {
        Driver::Installed
    } else {
        Driver::Stale
    }
}

/// Sets the driver up (idempotent): its command in the repository's
/// configuration, the item files' attributes in `info/attributes`
/// (shared by every worktree). Whether anything changed.
pub fn install(repo: &Repo, rules: &Rules) -> Result<bool> {
    let mut changed = false;
    if repo.merge_driver(DRIVER).as_deref() != Some(DRIVER_COMMAND) {
        repo.set_config(
            &format!("merge.{DRIVER}.name"),
            "git-orx: item files, field by field",
        )?;
        repo.set_config(&format!("merge.{DRIVER}.driver"), DRIVER_COMMAND)?;
        changed = true;
    }
    changed |= repo.set_attributes_block(&attribute_lines(rules))?;
    Ok(changed)
}

/// Takes the driver out: its configuration and its attributes.
pub fn uninstall(repo: &Repo) -> Result<()> {
    repo.set_attributes_block(&[])?;
    repo.remove_config_section(&format!("merge.{DRIVER}"));
    Ok(())
}
