//! `adopt`: taking in a project whose stories were written without
//! frontmatter (for BMAD's or Orchestrix's agents), as it is. The stories'
//! folder is found where the project's configuration says, or where the
//! methods keep it ([`find`]); each file is read as a person reads it: its
//! ID from its name (by the pattern most of the project's files follow) and
//! heading, its status from its body in any of the forms
//! [`crate::doc::body`] knows (else its frontmatter, else
//! `sprint-status.yaml`), mapped to a state of the workflow (the preset's,
//! or the repository's). Documents that are no story (reviews, reports,
//! retrospectives, tech specs, a second file for a story) are left out,
//! each with the reason. A frontmatter is added above the body, which is
//! kept byte for byte, or merged into the one the file has. The round
//! counters and records are those the workflow's effects give along the
//! shortest way from the initial state to the story's state. What is sound
//! is written and committed as one Human commit with an override reason,
//! which the hooks and `verify` accept as an adoption; a story that cannot
//! be adopted as it is stays as it was, listed with what to do.

pub mod classify;
pub mod find;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::Serialize;
use serde_json::{Value, json};

use crate::change::files;
use crate::doc::{Document, body, render};
use crate::engine::item::{self, Item};
use crate::engine::validate::{self, Change};
use crate::error::{Error, Result};
use crate::git::Repo;
use crate::repo::config::CONFIG_PATH;
use crate::repo::presets::{self, Preset};
use crate::repo::rules::Rules;
use crate::text::message::Message;
use crate::workflow::Workflow;
use crate::workflow::items::Items;
use crate::workflow::kind::{Kinds, Shape};
use crate::workflow::role::HUMAN;

/// What `adopt` is asked.
#[derive(Debug, Default)]
pub struct Options {
    /// The preset to install (`None`: the repository's workflow, else the
    /// one the project's configuration or stories look written for).
    pub preset: Option<String>,
    /// Status values read as these states.
    pub maps: Vec<(String, String)>,
    /// The time of the adoption (RFC 3339).
    pub now: String,
    /// The stories' folder, when the project's configuration does not say.
    pub dir: Option<String>,
    /// Files to leave as they are (paths from the root).
    pub skip: Vec<String>,
}

/// One story file and what adopting it means: what was read, from where,
/// and what was chosen.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(rename = "AdoptEntry", deny_unknown_fields)]
pub struct Entry {
    pub path: String,
    pub id: Option<String>,
    pub title: String,
    /// The status as the file writes it, notes and decoration too.
    pub found: Option<String>,
    /// The state word read in it, as a person reads it.
    pub read: Option<String>,
    /// Where it is written (`section`, `heading`, `line`, `bold`,
    /// `fenced-yaml`, `frontmatter`, `sprint-status.yaml`).
    pub form: Option<String>,
    /// The line it is on (1-based), when it is in the file.
    pub line: Option<usize>,
    /// The state it is adopted in.
    pub state: Option<String>,
    /// Already an item (it has a git-orx frontmatter): left as it is.
    pub adopted: bool,
    /// What else was read and what was chosen (a frontmatter, the body and
    /// sprint-status.yaml that disagree; a heading whose ID differs).
    #[serde(serialize_with = "english_list")]
    #[schemars(with = "Vec<String>")]
    pub notes: Vec<Message>,
    /// Why it cannot be adopted as it is (it is then left as it was).
    #[serde(serialize_with = "english_list")]
    #[schemars(with = "Vec<String>")]
    pub problems: Vec<Message>,
    /// The status no state stands for, when that is the problem.
    pub unmapped: Option<String>,
}

/// A file of the stories' folder that is no story, and why.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(rename = "AdoptLeftOut", deny_unknown_fields)]
pub struct LeftOut {
    pub path: String,
    #[serde(serialize_with = "english")]
    #[schemars(with = "String")]
    pub reason: Message,
}

/// Messages as data: in English.
fn english_list<S: serde::Serializer>(
    list: &[Message],
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.collect_seq(list.iter().map(ToString::to_string))
}

fn english<S: serde::Serializer>(m: &Message, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.collect_str(m)
}

/// A file to write: its path, the bytes it must hold (none: new), the new ones.
type FileWrite = (String, Option<Vec<u8>>, Vec<u8>);

/// The plan: what is found and what would be written.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Adoption {
    pub preset: Option<String>,
    /// The stories' folder (empty when none was found).
    pub dir: String,
    /// Where the folder was learnt (a config file's key, the usual places).
    #[serde(serialize_with = "english")]
    #[schemars(with = "String")]
    pub dir_from: Message,
    /// The places looked at before it (all of them when none was found).
    #[serde(serialize_with = "english_list")]
    #[schemars(with = "Vec<String>")]
    pub searched: Vec<Message>,
    pub file: String,
    pub file_sep: Option<String>,
    pub entries: Vec<Entry>,
    /// Status values no state stands for (each once).
    pub unmapped: Vec<String>,
    /// The files in the stories' folder that are no story, left out of
    /// the stories from now on.
    pub left_out: Vec<LeftOut>,
    /// The rule files written (config, workflow, template).
    pub rule_files: Vec<String>,
    #[serde(skip)]
    writes: Vec<FileWrite>,
}

impl Adoption {
    /// Whether any story has a problem (it is left as it was).
    pub fn has_problems(&self) -> bool {
        self.entries.iter().any(|e| !e.problems.is_empty())
    }

    /// Whether no story file was found at all.
    pub fn nothing_found(&self) -> bool {
        self.dir.is_empty() || self.entries.is_empty()
    }

    /// The stories that would gain a frontmatter.
    pub fn adopted(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| !e.adopted && e.problems.is_empty())
            .count()
    }

    /// The paths written.
    pub fn paths(&self) -> Vec<&str> {
        self.writes.iter().map(|(p, _, _)| p.as_str()).collect()
    }
}

/// The file-name patterns tried, each with its separator for the ID's dots.
const FILE_PATTERNS: &[(&str, Option<&str>)] = &[
    ("{id}.{slug}.md", None),
    ("{id}-{slug}.md", None),
    ("{id}-{slug}.md", Some("-")),
    ("story-{id}-{slug}.md", None),
    ("story-{id}.{slug}.md", None),
    ("story-{id}.md", None),
];

struct Found {
    path: String,
    name: String,
    bytes: Vec<u8>,
    /// The first level-1 heading line, as written.
    first_heading: Option<String>,
    heading: Option<body::Heading>,
    status: Option<body::BodyStatus>,
    /// A frontmatter that does not make the file an item, and its fields.
    front: Option<Value>,
    /// Whether the body has a story's sections.
    sections: bool,
    /// The lines above the body (its frontmatter's).
    body_line: usize,
    item: Option<Item>,
    problem: Option<Message>,
    /// The status sprint-status.yaml gives it.
    sprint: Option<String>,
    /// A link (symbolic or hard) that adopting would write through or
    /// cut: a problem, whatever the file holds.
    refused: bool,
}

impl Found {
    fn front_str(&self, key: &str) -> Option<String> {
        match self.front.as_ref()?.get(key)? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }

    /// Whether the file says anything of a status.
    fn has_status(&self) -> bool {
        self.status.is_some() || self.sprint.is_some() || self.front_str("status").is_some()
    }
}

/// Refuses `rel` under `root` when any part of it that exists is a
/// symbolic link (`dir`: it is the stories' directory), or when it is a
/// file with other hard links: adopt's writes would go outside the
/// repository, or cut the file off from its other names.
fn refuse_links(root: &std::path::Path, rel: &str, dir: bool) -> Result<()> {
    let mut path = root.to_path_buf();
    for part in std::path::Path::new(rel).components() {
        path.push(part);
        let Ok(meta) = path.symlink_metadata() else {
            return Ok(());
        };
        if meta.file_type().is_symlink() {
            let link = crate::text::escape(
                &path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .display()
                    .to_string(),
            );
            let rel = crate::text::escape(rel);
            return Err(Error::Failed(if dir {
                crate::msg!("link-symbolic-link-adopt-rewrites", link = link, rel = rel)
            } else {
                crate::msg!("link-symbolic-link-adopt-writes", link = link, rel = rel)
            }));
        }
    }
    if !dir && let Some(m) = hard_links(&root.join(rel)) {
        return Err(Error::Failed(crate::msg!(
            "path-text-nothing-written",
            path = crate::text::escape(rel),
            text = m
        )));
    }
    Ok(())
}

/// Why a file with other hard links is not rewritten, if it has any.
fn hard_links(path: &std::path::Path) -> Option<Message> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let meta = path.symlink_metadata().ok()?;
        (meta.is_file() && meta.nlink() > 1)
            .then(|| crate::msg!("has-n-hard-links-adopting", n = meta.nlink()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Plans the adoption of the stories of the repository at `repo`.
pub fn plan(repo: &Repo, opts: &Options) -> Result<Adoption> {
    let root = repo.root();
    let mut rule_files = crate::repo::workspace::worktree_rule_files(root)?;
    let config_text = rule_files
        .get(CONFIG_PATH)
        .map(|b| String::from_utf8_lossy(b).into_owned());
    let config = config_text
        .as_deref()
        .map(crate::repo::config::Config::parse)
        .transpose()?;
    let own_dir = config
        .as_ref()
        .map(|c| c.stories.trim_end_matches('/').to_owned());
    let place = find::stories_dir(root, opts.dir.as_deref(), own_dir.as_deref());
    let Some(dir) = place.dir else {
        return Ok(Adoption {
            preset: None,
            dir: String::new(),
            dir_from: Message::text(""),
            searched: place.searched,
            file: String::new(),
            file_sep: None,
            entries: Vec::new(),
            unmapped: Vec::new(),
            left_out: Vec::new(),
            rule_files: Vec::new(),
            writes: Vec::new(),
        });
    };
    // The stories are rewritten where they are: a link on the way would
    // lead the writes outside the repository. Refused before anything.
    refuse_links(root, &dir, true)?;
    let mut found = read_dir(root, &dir)?;
    let mut left_out: Vec<LeftOut> = Vec::new();
    let skip: BTreeSet<String> = opts
        .skip
        .iter()
        .map(|p| p.trim_start_matches("./").to_owned())
        .collect();
    found.retain(|f| {
        let skipped = skip.contains(&f.path);
        if skipped {
            left_out.push(LeftOut {
                path: f.path.clone(),
                reason: crate::msg!("left-asked"),
            });
        }
        !skipped
    });
    // BMAD v6 keeps each story's status in sprint-status.yaml too.
    let (sprint_file, sprint) = find::sprint_status(root, &dir);
    let sprint: BTreeMap<String, String> = sprint.into_iter().collect();
    for f in &mut found {
        let key = f.name.trim_end_matches(".md");
        f.sprint = sprint.get(key).cloned();
    }
    let sprint_file = sprint_file.unwrap_or_else(|| "sprint-status.yaml".to_owned());
    let workflow_path = presets::workflow_path();
    let own_workflow = rule_files
        .get(&workflow_path)
        .map(|b| String::from_utf8_lossy(b).into_owned());
    let preset: Option<&Preset> = match (&opts.preset, &own_workflow) {
        (Some(p), _) => Some(presets::find(p)?),
        (None, Some(_)) => None,
        (None, None) => Some(guess_preset(root, &found)),
    };
    let base_workflow = match (preset, &own_workflow) {
        (Some(p), _) => p.workflow.to_owned(),
        (None, Some(w)) => w.clone(),
        (None, None) => unreachable_preset()?,
    };
    let base_items = Items::of_source(&base_workflow).ok_or_else(|| {
        Error::Failed(crate::msg!(
            "path-items-section-cannot-read",
            path = &workflow_path
        ))
    })?;
    // The file-name pattern most of the files follow (its ID agreeing
    // with the heading's, when the heading has one).
    let mut candidates: Vec<(String, Option<String>)> =
        vec![(base_items.file.clone(), base_items.file_sep.clone())];
    for (f, s) in FILE_PATTERNS {
        let c = ((*f).to_owned(), s.map(str::to_owned));
        if !candidates.contains(&c) {
            candidates.push(c);
        }
    }
    let with_pattern = |file: &str, sep: &Option<String>| {
        let mut items = base_items.clone();
        items.file = file.to_owned();
        items.file_sep = sep.clone();
        items
    };
    let fits = |items: &Items, f: &Found| -> bool {
        let ids = classify::ids_of_name(items, &f.name);
        match f.heading.as_ref().and_then(|h| h.id.as_deref()) {
            Some(h) => ids
                .iter()
                .any(|i| classify::norm_id(i) == classify::norm_id(h)),
            None => !ids.is_empty(),
        }
    };
    let (file, file_sep) = candidates
        .iter()
        .enumerate()
        .max_by_key(|(i, (f, s))| {
            let items = with_pattern(f, s);
            let n = found
                .iter()
                .filter(|x| x.item.is_none() && fits(&items, x))
                .count();
            (n, std::cmp::Reverse(*i))
        })
        .map(|(_, c)| c.clone())
        .unwrap_or((base_items.file.clone(), base_items.file_sep.clone()));
    let pattern_changed = file != base_items.file || file_sep != base_items.file_sep;
    let chosen = with_pattern(&file, &file_sep);
    let variants = classify::variants(&chosen);
    // Each file: a story with its ID, or a document left out (and why).
    let mut stories: Vec<(Found, String, Vec<Message>)> = Vec::new();
    let mut items_found: Vec<Found> = Vec::new();
    for f in found {
        if !base_items.is_item_name(&f.name) {
            continue;
        }
        if f.item.is_some() || f.refused || f.problem.is_some() {
            let id = f
                .item
                .as_ref()
                .map(|i| i.id.clone())
                .or_else(|| {
                    variants
                        .iter()
                        .find_map(|v| classify::ids_of_name(v, &f.name).into_iter().next())
                })
                .unwrap_or_default();
            if f.item.is_some() {
                items_found.push(f);
            } else {
                stories.push((f, id, Vec::new()));
            }
            continue;
        }
        let head = f.heading.as_ref().and_then(|h| h.id.clone());
        // Each way of writing the name (`1.2.slug`, `1.2-slug`, ...) may
        // read another ID in it: the one the heading names is the story's,
        // as in a project whose files are named both ways.
        let by_variant: Vec<Vec<String>> = variants
            .iter()
            .map(|v| classify::ids_of_name(v, &f.name))
            .collect();
        let from_name: Vec<String> = by_variant
            .iter()
            .find(|ids| !ids.is_empty())
            .cloned()
            .unwrap_or_default();
        let mut notes = Vec::new();
        let id = match &head {
            Some(h) => by_variant
                .iter()
                .flatten()
                .find(|i| classify::norm_id(i) == classify::norm_id(h))
                .cloned()
                .or_else(|| {
                    let n = from_name.first().cloned()?;
                    notes.push(crate::msg!("heading-says-story-h-name", h = h, n = &n));
                    Some(n)
                }),
            None => from_name.first().cloned(),
        };
        let reason = match &id {
            None => Some(match &head {
                Some(h) => crate::msg!(
                    "name-does-not-fit-stories",
                    pattern = &file,
                    id = h,
                    path = chosen
                        .path_for(
                            h,
                            &f.heading
                                .as_ref()
                                .map(|x| x.title.clone())
                                .unwrap_or_default()
                        )
                        .unwrap_or_default()
                ),
                None => crate::msg!("no-story-id-name-heading"),
            }),
            Some(_) => classify::other_document(&f.name, f.first_heading.as_deref(), false)
                .or_else(|| {
                    (!f.bytes.is_empty()
                        && !f.has_status()
                        && !classify::story_heading(
                            f.heading.as_ref(),
                            f.first_heading.as_deref().unwrap_or(""),
                        )
                        && !f.sections)
                        .then(|| crate::msg!("no-status-no-story-heading"))
                }),
        };
        match (id, reason) {
            (Some(id), None) => stories.push((f, id, notes)),
            (_, Some(reason)) => left_out.push(LeftOut {
                path: f.path.clone(),
                reason,
            }),
            (None, None) => {}
        }
    }
    // Two files for one story: the story is the one that looks like it
    // (its sections, its status, its name in sprint-status.yaml, the
    // project's pattern), else the fuller one (an early stub left beside
    // the story written out); the other is a document about it.
    let mut by_id: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, (_, id, _)) in stories.iter().enumerate() {
        if !id.is_empty() {
            by_id.entry(classify::norm_id(id)).or_default().push(i);
        }
    }
    let mut dropped: BTreeSet<usize> = BTreeSet::new();
    for group in by_id.values().filter(|g| g.len() > 1) {
        let score = |i: usize| -> i32 {
            let (f, _, _) = &stories[i];
            let mut s = 0;
            if classify::other_document(&f.name, f.first_heading.as_deref(), true).is_some() {
                s -= 8;
            }
            if f.sprint.is_some() {
                s += 4;
            }
            if !classify::ids_of_name(&chosen, &f.name).is_empty() {
                s += 2;
            }
            if f.sections {
                s += 2;
            }
            if f.status.is_some() {
                s += 1;
            }
            s
        };
        let best = *group
            .iter()
            .max_by_key(|i| {
                (
                    score(**i),
                    stories[**i].0.bytes.len(),
                    std::cmp::Reverse(**i),
                )
            })
            .unwrap_or(&group[0]);
        for &i in group.iter().filter(|i| **i != best) {
            let (f, id, _) = &stories[i];
            let reason = match classify::other_document(&f.name, f.first_heading.as_deref(), true) {
                Some(w) => crate::msg!(
                    "story-id-path-another-file-2",
                    id = id,
                    path = &stories[best].0.path,
                    text = w
                ),
                None => crate::msg!(
                    "story-id-path-another-file",
                    id = id,
                    path = &stories[best].0.path
                ),
            };
            left_out.push(LeftOut {
                path: f.path.clone(),
                reason,
            });
            dropped.insert(i);
        }
    }
    let stories: Vec<(Found, String, Vec<Message>)> = stories
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !dropped.contains(i))
        .map(|(_, s)| s)
        .collect();
    left_out.sort_by(|a, b| a.path.cmp(&b.path));
    let ignored: Vec<String> = left_out
        .iter()
        .filter(|l| !skip.contains(&l.path))
        .filter_map(|l| l.path.rsplit('/').next().map(str::to_owned))
        .collect();
    let ignore: Vec<String> = if ignored.is_empty() {
        Vec::new()
    } else {
        base_items.ignore.iter().chain(&ignored).cloned().collect()
    };
    let workflow_text = presets::adjust(
        &base_workflow,
        pattern_changed.then_some((file.as_str(), file_sep.as_deref())),
        &ignore,
        &opts.maps,
    );
    // The rule files as the adoption leaves them.
    let mut planned_rules: Vec<(String, String)> = Vec::new();
    if preset.is_some() || workflow_text != base_workflow {
        planned_rules.push((workflow_path.clone(), workflow_text.clone()));
    }
    if let Some(p) = preset
        && (opts.preset.is_some() || !rule_files.contains_key(&presets::template_path()))
    {
        planned_rules.push((presets::template_path(), p.template.to_owned()));
    }
    let config_new = config_for(config_text.as_deref(), &dir, preset)?;
    if Some(&config_new) != config_text.as_ref() {
        planned_rules.push((CONFIG_PATH.to_owned(), config_new));
    }
    for (p, t) in &planned_rules {
        rule_files.insert(p.clone(), t.as_bytes().to_vec());
    }
    let rules = Rules::from_files(rule_files.clone())?
        .ok_or_else(|| Error::bug(crate::msg!("config-could-not-planned")))?;
    let wf = rules.kind(presets::KIND)?.workflow()?;
    for (from, to) in &opts.maps {
        if wf.state(to).is_none() {
            return Err(Error::Usage(crate::msg!(
                "status-status-cannot-read-field",
                status = crate::text::escape(from),
                field = crate::text::escape(to),
                list = wf.state_names().join(", ")
            )));
        }
    }
    let mut entries = Vec::new();
    let mut writes = Vec::new();
    let mut unmapped = BTreeSet::new();
    for f in &items_found {
        if let Some(item) = &f.item {
            entries.push(Entry {
                path: f.path.clone(),
                id: Some(item.id.clone()),
                title: item.title.clone(),
                found: None,
                read: None,
                form: None,
                line: None,
                state: Some(item.status.clone()),
                adopted: true,
                notes: Vec::new(),
                problems: Vec::new(),
                unmapped: None,
            });
        }
    }
    let items = crate::workflow::items::Items::clone(&rules.kind(presets::KIND)?.items);
    let taken: BTreeSet<String> = items_found
        .iter()
        .filter_map(|f| f.item.as_ref().map(|i| classify::norm_id(&i.id)))
        .collect();
    for (f, id, notes) in &stories {
        let (entry, write) = adopt_one(f, id, notes, &wf, &items, opts, &sprint_file, &taken);
        if let Some(v) = &entry.unmapped {
            unmapped.insert(v.clone());
        }
        entries.push(entry);
        if let Some(w) = write {
            writes.push(w);
        }
    }
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    for (p, t) in planned_rules.iter() {
        refuse_links(root, p, false)?;
        let old = std::fs::read(root.join(p)).ok();
        writes.push((p.clone(), old, t.clone().into_bytes()));
    }
    // A file git ignores is not committed: refused now, before anything
    // is written, rather than by the commit after the writes.
    let paths: Vec<&str> = writes.iter().map(|(p, _, _)| p.as_str()).collect();
    repo.refuse_ignored(&paths).map_err(|e| match e {
        // The user's rule; any other failure git's, kept as it is.
        crate::git::GitError::Ignored { .. } => {
            Error::Failed(crate::msg!("error-nothing-written", error = e.message()))
        }
        e => Error::Git(e),
    })?;
    Ok(Adoption {
        preset: preset.map(|p| p.name.to_owned()),
        dir,
        dir_from: place.from,
        searched: place.searched,
        file,
        file_sep,
        entries,
        unmapped: unmapped.into_iter().collect(),
        left_out,
        rule_files: planned_rules.into_iter().map(|(p, _)| p).collect(),
        writes,
    })
}

fn unreachable_preset() -> Result<String> {
    Err(Error::bug(crate::msg!("no-workflow-adopt-stories-into")))
}

/// The config as the adoption leaves it: stories in `dir`, the preset's
/// roles known.
fn config_for(text: Option<&str>, dir: &str, preset: Option<&Preset>) -> Result<String> {
    let text = text
        .map(str::to_owned)
        .unwrap_or_else(|| crate::repo::config::initial_text("en"));
    let fail = |e: crate::doc::DocError| {
        Error::Failed(crate::msg!(
            "kinds-path-error",
            path = CONFIG_PATH,
            error = e.to_string()
        ))
    };
    let mut doc = Document::parse_yaml(text).map_err(fail)?;
    if doc.get(&["stories"]).and_then(|n| n.scalar_text()) != Some(dir) {
        doc = doc.set(&["stories"], &json!(dir)).map_err(fail)?;
    }
    if let Some(p) = preset {
        let config = crate::repo::config::Config::parse(doc.text())?;
        let mut roles = config.roles.clone();
        for r in p.roles {
            if !roles.iter().any(|x| x.eq_ignore_ascii_case(r)) {
                roles.push((*r).to_owned());
            }
        }
        if roles != config.roles {
            doc = doc.set(&["roles"], &json!(roles)).map_err(fail)?;
        }
    }
    Ok(doc.text().to_owned())
}

/// The preset the project looks written for: the one its configuration
/// files are for, else the one most of its stories' forms are: Orchestrix's
/// fenced status block, BMAD v6's `Status:` lines or `2-3-` file names,
/// BMAD v4's `## Status` sections.
fn guess_preset(root: &std::path::Path, found: &[Found]) -> &'static Preset {
    let count = |f: body::StatusForm| {
        found
            .iter()
            .filter(|x| x.status.as_ref().is_some_and(|s| s.form == f))
            .count()
    };
    let v6_names = found
        .iter()
        .filter(|x| {
            let mut parts = x.name.splitn(3, '-');
            matches!((parts.next(), parts.next()), (Some(a), Some(b)) if a.parse::<u64>().is_ok() && b.parse::<u64>().is_ok())
        })
        .count();
    let name = find::method(root).unwrap_or_else(|| {
        if count(body::StatusForm::Fenced) > 0 {
            "orchestrix"
        } else if count(body::StatusForm::Line) + v6_names
            > count(body::StatusForm::Section) + count(body::StatusForm::Bold)
        {
            "bmad-v6"
        } else {
            "bmad-v4"
        }
    });
    presets::PRESETS
        .iter()
        .find(|p| p.name == name)
        .unwrap_or(&presets::PRESETS[0])
}

/// The Markdown files directly in `dir`, read.
fn read_dir(root: &std::path::Path, dir: &str) -> Result<Vec<Found>> {
    let entries = match std::fs::read_dir(root.join(dir)) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(Error::io(
                crate::msg!("cannot-list-directory", path = dir),
                e,
            ));
        }
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        // Links too: a story that is a link is refused, not passed over.
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file() || t.is_symlink()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".md") && !n.starts_with('.'))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for name in names {
        let path = format!("{dir}/{name}");
        let full = root.join(&path);
        let link = full
            .symlink_metadata()
            .is_ok_and(|m| m.file_type().is_symlink());
        let hard = hard_links(&full);
        let refused = link || hard.is_some();
        let (bytes, problem) = if link {
            (
                Vec::new(),
                Some(crate::msg!("symbolic-link-adopt-rewrites-story")),
            )
        } else if let Some(m) = hard {
            (Vec::new(), Some(m))
        } else {
            match item::read_limited(&full) {
                Ok(b) => (b, None),
                // The item layer's words on a file it will not read.
                Err(m) => (Vec::new(), Some(m)),
            }
        };
        let text = String::from_utf8(bytes.clone()).ok();
        let problem = problem.or_else(|| {
            text.is_none()
                .then(|| crate::msg!("not-valid-utf-legacy-encoding"))
        });
        let item = Item::from_bytes(Kinds::builtin(), &path, bytes.clone()).ok();
        let text = text.unwrap_or_default();
        // A frontmatter that does not make the file an item: its fields
        // are read, and kept when the file is adopted.
        let (front, body_text, body_line) = match crate::doc::frontmatter::split(&text) {
            Ok(split) if item.is_none() => (
                serde_saphyr::from_str::<Value>(&text[split.yaml.clone()])
                    .ok()
                    .filter(Value::is_object),
                &text[split.body.clone()],
                text[..split.body.start].matches('\n').count(),
            ),
            _ => (None, text.as_str(), 0),
        };
        let first_heading = body_text
            .lines()
            .find(|l| l.starts_with("# "))
            .map(str::to_owned);
        out.push(Found {
            heading: body::heading_of(body_text),
            status: body::status(body_text),
            sections: classify::story_sections(body_text),
            body_line,
            first_heading,
            front,
            path,
            name,
            bytes,
            item,
            problem,
            sprint: None,
            refused,
        });
    }
    Ok(out)
}

/// The state `value` stands for: by a map asked, else by the workflow's
/// spellings.
fn state_for(wf: &Workflow, opts: &Options, value: &str) -> Option<String> {
    let norm = crate::workflow::body::normalize;
    if let Some((_, to)) = opts.maps.iter().find(|(from, _)| norm(from) == norm(value)) {
        return Some(to.clone());
    }
    let spec = wf.body.clone().unwrap_or_default();
    spec.state_of(&wf.state_names(), value).map(str::to_owned)
}

/// The entry for one story file, and its new bytes when it can be adopted.
#[allow(clippy::too_many_arguments)]
fn adopt_one(
    f: &Found,
    id: &str,
    id_notes: &[Message],
    wf: &Workflow,
    items: &Items,
    opts: &Options,
    sprint_file: &str,
    taken: &BTreeSet<String>,
) -> (Entry, Option<FileWrite>) {
    let mut problems: Vec<Message> = f.problem.iter().cloned().collect();
    let mut notes: Vec<Message> = id_notes.to_vec();
    if !id.is_empty() {
        if let Some(m) = items.id_problem(id) {
            problems.push(m);
        }
        if taken.contains(&classify::norm_id(id)) {
            problems.push(crate::msg!("story-id-item-already-id", id = id));
        }
    }
    let title = f
        .front_str("title")
        .or_else(|| f.heading.as_ref().map(|h| h.title.clone()))
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| {
            f.name
                .trim_end_matches(".md")
                .replace(['-', '_', '.'], " ")
                .trim()
                .to_owned()
        });
    // What the file and sprint-status.yaml say, in the order a person
    // trusts them: the story's own words, its frontmatter, the sprint's.
    let mut sources: Vec<(String, String, String, Option<usize>)> = Vec::new(); // (form, written, read, line)
    if let Some(s) = &f.status {
        sources.push((
            s.form.name().to_owned(),
            s.written.clone(),
            s.value.clone(),
            Some(s.line + f.body_line),
        ));
    }
    if let Some(v) = f.front_str("status") {
        sources.push(("frontmatter".to_owned(), v.clone(), v, None));
    }
    if let Some(v) = &f.sprint {
        sources.push((sprint_file.to_owned(), v.clone(), v.clone(), None));
    }
    let names = wf.state_names();
    let mut unmapped = None;
    let state = match sources.first() {
        None => {
            if problems.is_empty() {
                notes.push(crate::msg!(
                    "no-status-written-adopted-initial",
                    state = &wf.initial
                ));
            }
            Some(wf.initial.clone())
        }
        Some((form, _, value, _)) => match state_for(wf, opts, value) {
            Some(st) => Some(st),
            None => {
                unmapped = Some(value.clone());
                problems.push(crate::msg!(
                    "status-v-form-not-state",
                    v = crate::text::escape(value),
                    form = form,
                    states = names.join(", ")
                ));
                None
            }
        },
    };
    if let (Some(chosen), Some((form, _, _, _))) = (&state, sources.first()) {
        for (other, _, value, _) in sources.iter().skip(1) {
            let st = state_for(wf, opts, value);
            if st.as_deref() != Some(chosen.as_str()) {
                notes.push(crate::msg!(
                    "source-says-v-what-says",
                    source = other,
                    v = crate::text::escape(value),
                    what = if form == "frontmatter" {
                        "frontmatter"
                    } else {
                        "body"
                    },
                    state = chosen
                ));
            }
        }
    }
    let first = sources.first();
    let mut entry = Entry {
        path: f.path.clone(),
        id: (!id.is_empty()).then(|| id.to_owned()),
        title: title.clone(),
        found: first.map(|s| s.1.clone()),
        read: first.map(|s| s.2.clone()),
        form: first.map(|s| s.0.clone()),
        line: first.and_then(|s| s.3),
        state: state.clone(),
        adopted: false,
        notes,
        problems,
        unmapped,
    };
    let Some(state) = state else {
        return (entry, None);
    };
    if !entry.problems.is_empty() || id.is_empty() {
        return (entry, None);
    }
    match with_frontmatter(f, wf, id, &title, &state, &opts.now) {
        Ok(bytes) => (entry, Some((f.path.clone(), Some(f.bytes.clone()), bytes))),
        Err(m) => {
            entry.problems.push(m);
            (entry, None)
        }
    }
}

/// The file's bytes with a frontmatter above them (or its own, with these
/// fields merged in): its identity, title and state, and the fields the
/// workflow's effects set on the shortest way from the initial state to
/// `state`.
fn with_frontmatter(
    f: &Found,
    wf: &Workflow,
    id: &str,
    title: &str,
    state: &str,
    now: &str,
) -> std::result::Result<Vec<u8>, Message> {
    let original = String::from_utf8(f.bytes.clone()).map_err(|_| crate::msg!("adopt-not-utf8"))?;
    let nl = if original.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let (bom, rest) = match original.strip_prefix('\u{feff}') {
        Some(r) => ("\u{feff}", r),
        None => ("", original.as_str()),
    };
    let quoted = render::string(id, Some(granit_parser::ScalarStyle::DoubleQuoted), false);
    let mut doc = if f.front.is_some() {
        // Its own frontmatter, kept: the item's fields set in it.
        let mut doc = Document::parse(original.clone()).map_err(|e| e.said())?;
        for (key, value) in [
            ("kind", json!(presets::KIND)),
            ("id", json!(id)),
            ("title", json!(title)),
            (wf.state_field.as_str(), json!(wf.initial)),
        ] {
            if key == "title" && f.front_str("title").is_some() {
                continue;
            }
            doc = doc.set(&[key], &value).map_err(|e| e.said())?;
        }
        doc
    } else {
        let head = format!(
            "{bom}---{nl}kind: {}{nl}id: {quoted}{nl}title: {}{nl}{}: {}{nl}---{nl}",
            presets::KIND,
            render::string(title, None, false),
            wf.state_field,
            render::string(&wf.initial, None, false),
        );
        Document::parse(format!("{head}{rest}")).map_err(|e| e.said())?
    };
    let shape = Shape {
        kind: presets::KIND.to_owned(),
        state_field: wf.state_field.clone(),
        id_field: None,
    };
    for (_, to) in path_to(wf, state) {
        let before = item::frontmatter_value(&doc, &shape);
        let next = doc
            .set(&[wf.state_field.as_str()], &json!(to))
            .map_err(|e| e.said())?;
        let after = item::frontmatter_value(&next, &shape);
        doc = next;
        let change = Change {
            before: Some(&before),
            after: Some(&after),
            role: HUMAN,
            force: Some("adopted"),
            self_transition: false,
            now,
        };
        if let Ok(v) = validate::judge(wf, &change)
            && let Ok(effects) = v.effects
        {
            for (path, value) in effects {
                let path: Vec<&str> = path.iter().map(String::as_str).collect();
                doc = doc.set(&path, &value).map_err(|e| e.said())?;
            }
        }
    }
    let item = Item::from_document(Kinds::builtin(), &f.path, doc).map_err(|e| e.message)?;
    if let Some(e) = item.unusable(wf) {
        return Err(e.message);
    }
    Ok(item.doc.text().as_bytes().to_vec())
}

/// The transitions on the shortest way from the initial state to `state`.
fn path_to(wf: &Workflow, state: &str) -> Vec<(String, String)> {
    let mut prev: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = VecDeque::from([wf.initial.as_str()]);
    let mut seen = BTreeSet::from([wf.initial.as_str()]);
    while let Some(s) = queue.pop_front() {
        if s == state {
            break;
        }
        for t in wf.transitions.iter().filter(|t| t.from == s) {
            if seen.insert(t.to.as_str()) {
                prev.insert(t.to.as_str(), s);
                queue.push_back(t.to.as_str());
            }
        }
    }
    let mut path = Vec::new();
    let mut at = state;
    while let Some(p) = prev.get(at) {
        path.push(((*p).to_owned(), at.to_owned()));
        at = p;
    }
    path.reverse();
    path
}

/// Writes the adoption and commits it as the Human, with `reason` as the
/// override the hooks and `verify` read, through the executor's last
/// step (every file put back if git refuses). Returns the commit's id.
pub fn execute(
    repo: &Repo,
    adoption: &Adoption,
    reason: &str,
    lock_wait: std::time::Duration,
) -> Result<String> {
    if adoption.adopted() == 0 {
        return Err(Error::Failed(crate::msg!("there-nothing-adopt")));
    }
    let n = adoption.adopted();
    let mut trailers: Vec<(String, String)> = Vec::new();
    for e in adoption
        .entries
        .iter()
        .filter(|e| !e.adopted && e.problems.is_empty())
    {
        trailers.push((
            "Orx-Item".to_owned(),
            format!("{}/{}", presets::KIND, e.id.clone().unwrap_or_default()),
        ));
        trailers.push((
            "Orx-Transition".to_owned(),
            format!("(new) -> {}", e.state.clone().unwrap_or_default()),
        ));
    }
    trailers.push(("Orx-Role".to_owned(), HUMAN.to_owned()));
    trailers.push(("Orx-Override".to_owned(), reason.to_owned()));
    let subject = format!(
        "Adopt {n} {} into git-orx{}",
        if n == 1 { "story" } else { "stories" },
        adoption
            .preset
            .as_deref()
            .map(|p| format!(" (preset {p})"))
            .unwrap_or_default()
    );
    let message = crate::git::add_trailers(&format!("{subject}\n"), &trailers)?;
    let files = files::Files {
        writes: adoption
            .writes
            .iter()
            .map(|(path, old, new)| files::Write::new(path, old.clone(), new.clone()))
            .collect(),
        commit: Some(files::Commit {
            made: files::Made::Alone(message),
            role: HUMAN.to_owned(),
            reason: Some(reason.to_owned()),
        }),
    };
    let first = adoption.paths().first().map(|p| (*p).to_owned());
    Ok(match files::execute(repo, lock_wait, &files)? {
        files::Done::Committed(id) | files::Done::ByAnother(Some(id)) => id,
        _ => first.and_then(|p| repo.last_change(&p)).unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortest_way_gives_the_round_counters() {
        let p = presets::find("bmad-v4").unwrap();
        let roles = crate::workflow::role::Roles::with_extra(&["PO".to_owned()]);
        let wf = Workflow::load("story", Some((p.workflow, "preset")), &roles).unwrap();
        let path: Vec<String> = path_to(&wf, "Done").into_iter().map(|(_, t)| t).collect();
        assert_eq!(path, ["Approved", "InProgress", "Review", "Done"]);
        assert!(path_to(&wf, "Draft").is_empty());
    }
}
