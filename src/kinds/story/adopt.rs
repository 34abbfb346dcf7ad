//! `adopt`: taking in a project whose stories were written without
//! frontmatter (for BMAD's or Orchestrix's agents). Each story's ID, title
//! and status are read from its file name and body in any of the forms
//! [`crate::doc::body`] knows, the status mapped to a state of the
//! workflow (the preset's, or the repository's), and a frontmatter added
//! above the body, which is kept byte for byte. The round counters and
//! records are those the workflow's effects give along the shortest way
//! from the initial state to the story's state. Everything is written and
//! committed as one Human commit with an override reason, which the hooks
//! and `verify` accept as an adoption.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::Serialize;
use serde_json::{Value, json};

use crate::doc::{Document, body, render};
use crate::engine::item::{self, Item};
use crate::engine::store::{self, Lock};
use crate::engine::validate::{self, Change};
use crate::error::{Error, Result};
use crate::git::Repo;
use crate::repo::config::CONFIG_PATH;
use crate::repo::presets::{self, Preset};
use crate::repo::rules::Rules;
use crate::workflow::Workflow;
use crate::workflow::items::Items;
use crate::workflow::kind::{Kinds, Shape};
use crate::workflow::role::HUMAN;

/// What `adopt` is asked.
#[derive(Debug, Default)]
pub struct Options {
    /// The preset to install (`None`: the repository's workflow, else the
    /// one the stories look written for).
    pub preset: Option<String>,
    /// Status values read as these states (`--map FROM=TO`).
    pub maps: Vec<(String, String)>,
    /// The time of the adoption (RFC 3339).
    pub now: String,
}

/// One story file and what adopting it means.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
#[schemars(rename = "AdoptEntry", deny_unknown_fields)]
pub struct Entry {
    pub path: String,
    pub id: Option<String>,
    pub title: String,
    /// The status as the body writes it, if it writes one.
    pub found: Option<String>,
    /// Where the body writes it (`section`, `line`, `bold`, `fenced-yaml`).
    pub form: Option<&'static str>,
    /// The state it is adopted in.
    pub state: Option<String>,
    /// Already an item (it has a frontmatter): left as it is.
    pub adopted: bool,
    /// Why it cannot be adopted as it is.
    pub problems: Vec<String>,
}

/// A file to write: its path, the bytes it must hold (none: new), the new ones.
type FileWrite = (String, Option<Vec<u8>>, Vec<u8>);

/// The plan: what is found and what would be written.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Adoption {
    pub preset: Option<String>,
    pub dir: String,
    pub file: String,
    pub file_sep: Option<String>,
    pub entries: Vec<Entry>,
    /// Status values no state stands for (each once).
    pub unmapped: Vec<String>,
    /// The files in the stories' directory that are no story (no ID, no
    /// status), left out of the stories from now on.
    pub ignored: Vec<String>,
    /// The rule files written (config, workflow, template).
    pub rule_files: Vec<String>,
    #[serde(skip)]
    writes: Vec<FileWrite>,
}

impl Adoption {
    /// Whether any story has a problem (nothing is written then).
    pub fn has_problems(&self) -> bool {
        self.entries.iter().any(|e| !e.problems.is_empty())
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

/// Where other tools keep stories, tried in order when nothing says.
const STORY_DIRS: &[&str] = &[
    "docs/stories",
    "docs/sprint-artifacts",
    "docs/implementation-artifacts",
    "_bmad-output/implementation-artifacts",
];

/// Where a `core-config.yaml` may be.
const CORE_CONFIGS: &[&str] = &[
    "core-config.yaml",
    ".bmad-core/core-config.yaml",
    ".orchestrix-core/core-config.yaml",
];

/// The file-name patterns tried, each with its separator for the ID's dots.
const FILE_PATTERNS: &[(&str, Option<&str>)] = &[
    ("{id}.{slug}.md", None),
    ("{id}-{slug}.md", None),
    ("{id}-{slug}.md", Some("-")),
    ("story-{id}-{slug}.md", None),
    ("story-{id}.{slug}.md", None),
    ("story-{id}.md", None),
];

/// The directory the project's `core-config.yaml` names for stories.
fn core_config_dir(root: &std::path::Path) -> Option<String> {
    CORE_CONFIGS.iter().find_map(|rel| {
        let text = std::fs::read_to_string(root.join(rel)).ok()?;
        let v: Value = serde_saphyr::from_str(&text).ok()?;
        let dir = v.get("devStoryLocation")?.as_str()?;
        let dir = dir.trim().trim_start_matches("./").trim_end_matches('/');
        let dir = dir
            .strip_prefix("{project-root}/")
            .unwrap_or(dir)
            .to_owned();
        (!dir.is_empty() && !dir.contains("..") && !dir.starts_with('/')).then_some(dir)
    })
}

struct Found {
    path: String,
    name: String,
    bytes: Vec<u8>,
    heading: Option<body::Heading>,
    status: Option<body::BodyStatus>,
    item: Option<Item>,
    problem: Option<String>,
    /// The status sprint-status.yaml gives it.
    sprint: Option<String>,
    /// A link (symbolic or hard) that adopting would write through or
    /// cut: a problem, whatever the file holds.
    refused: bool,
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
                format!(
                    "{link} is a symbolic link: adopt rewrites the stories in their directory ({rel}) and would write outside the repository through it; replace the link by the directory itself, then run adopt again (nothing was written)"
                )
            } else {
                format!(
                    "{link} is a symbolic link: adopt writes {rel} and would write outside the repository through it; replace the link by what it points to, then run adopt again (nothing was written)"
                )
            }));
        }
    }
    if !dir && let Some(m) = hard_links(&root.join(rel)) {
        return Err(Error::Failed(format!(
            "{path}: {m} (nothing was written)",
            path = crate::text::escape(rel)
        )));
    }
    Ok(())
}

/// Why a file with other hard links is not rewritten, if it has any.
fn hard_links(path: &std::path::Path) -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let meta = path.symlink_metadata().ok()?;
        (meta.is_file() && meta.nlink() > 1).then(|| {
            format!(
                "has {n} hard links: adopting replaces the file, which would cut it off from its other names; make it a file of its own (`cp FILE FILE.copy && mv FILE.copy FILE`), then run adopt again",
                n = meta.nlink()
            )
        })
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Where BMAD v6 keeps `sprint-status.yaml`, tried in order.
fn sprint_status(root: &std::path::Path, dir: &str) -> BTreeMap<String, String> {
    let places = [
        format!("{dir}/sprint-status.yaml"),
        "docs/sprint-status.yaml".to_owned(),
        "docs/sprint-artifacts/sprint-status.yaml".to_owned(),
        "_bmad-output/implementation-artifacts/sprint-status.yaml".to_owned(),
    ];
    places
        .iter()
        .find_map(|rel| {
            let text = std::fs::read_to_string(root.join(rel)).ok()?;
            let v: Value = serde_saphyr::from_str(&text).ok()?;
            let map = v.get("development_status")?.as_object()?;
            Some(
                map.iter()
                    .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
                    .collect(),
            )
        })
        .unwrap_or_default()
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
    let dir = core_config_dir(root)
        .or_else(|| {
            config
                .as_ref()
                .map(|c| c.stories.trim_end_matches('/').to_owned())
        })
        .or_else(|| {
            STORY_DIRS
                .iter()
                .find(|d| root.join(d).is_dir())
                .map(|d| (*d).to_owned())
        })
        .unwrap_or_else(|| STORY_DIRS[0].to_owned());
    // The stories are rewritten where they are: a link on the way would
    // lead the writes outside the repository. Refused before anything.
    refuse_links(root, &dir, true)?;
    let mut found = read_dir(root, &dir)?;
    // BMAD v6 keeps each story's status in sprint-status.yaml too: a
    // story whose body carries none takes it from there.
    let sprint = sprint_status(root, &dir);
    for f in &mut found {
        let key = f.name.trim_end_matches(".md");
        f.sprint = sprint.get(key).cloned();
    }
    let workflow_path = presets::workflow_path();
    let own_workflow = rule_files
        .get(&workflow_path)
        .map(|b| String::from_utf8_lossy(b).into_owned());
    let preset: Option<&Preset> = match (&opts.preset, &own_workflow) {
        (Some(p), _) => Some(presets::find(p)?),
        (None, Some(_)) => None,
        (None, None) => Some(guess_preset(&found)),
    };
    let base_workflow = match (preset, &own_workflow) {
        (Some(p), _) => p.workflow.to_owned(),
        (None, Some(w)) => w.clone(),
        (None, None) => unreachable_preset()?,
    };
    // The file-name pattern that names the most stories.
    let base_items = Items::of_source(&base_workflow).ok_or_else(|| {
        Error::Failed(format!(
            "{workflow_path}: its `items:` section cannot be read"
        ))
    })?;
    let mut candidates: Vec<(String, Option<String>)> =
        vec![(base_items.file.clone(), base_items.file_sep.clone())];
    for (f, s) in FILE_PATTERNS {
        let c = ((*f).to_owned(), s.map(str::to_owned));
        if !candidates.contains(&c) {
            candidates.push(c);
        }
    }
    let fits = |file: &str, sep: &Option<String>| -> usize {
        let mut items = base_items.clone();
        items.file = file.to_owned();
        items.file_sep = sep.clone();
        found
            .iter()
            .filter(|f| f.item.is_none())
            .filter(|f| match items.id_of_name(&f.name) {
                Some(id) => f
                    .heading
                    .as_ref()
                    .and_then(|h| h.id.as_deref())
                    .is_none_or(|h| h == id),
                None => false,
            })
            .count()
    };
    let (file, file_sep) = candidates
        .iter()
        .enumerate()
        .max_by_key(|(i, (f, s))| (fits(f, s), std::cmp::Reverse(*i)))
        .map(|(_, c)| c.clone())
        .unwrap_or((base_items.file.clone(), base_items.file_sep.clone()));
    let pattern_changed = file != base_items.file || file_sep != base_items.file_sep;
    let mut chosen = base_items.clone();
    chosen.file = file.clone();
    chosen.file_sep = file_sep.clone();
    // A file with no story ID (in its name or heading) and no status is no
    // story (a tech spec, a retrospective): it is left out of the stories
    // (`items.ignore`), as are those the workflow leaves out already.
    let mut ignored: Vec<String> = Vec::new();
    found.retain(|f| {
        let left_out = !base_items.is_item_name(&f.name);
        let no_story = f.item.is_none()
            && !f.refused
            && f.status.is_none()
            && f.sprint.is_none()
            && f.heading.as_ref().and_then(|h| h.id.as_ref()).is_none()
            && chosen.id_of_name(&f.name).is_none();
        if no_story && !left_out {
            ignored.push(f.name.clone());
        }
        !(left_out || no_story)
    });
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
        .ok_or_else(|| Error::Failed("the config could not be planned".to_owned()))?;
    let wf = rules.workflow(presets::KIND)?;
    let items = rules
        .items(presets::KIND)
        .cloned()
        .ok_or_else(|| Error::Failed("the story kind has no `items:`".to_owned()))?;
    for (from, to) in &opts.maps {
        if wf.state(to).is_none() {
            return Err(Error::Usage(format!(
                "the status `{}` cannot be read as `{}`: it is not a state (states: {})",
                crate::text::escape(from),
                crate::text::escape(to),
                wf.state_names().join(", ")
            )));
        }
    }
    let mut entries = Vec::new();
    let mut writes = Vec::new();
    let mut unmapped = BTreeSet::new();
    let mut ids: BTreeMap<String, String> = BTreeMap::new();
    for f in &found {
        if let Some(item) = &f.item {
            entries.push(Entry {
                path: f.path.clone(),
                id: Some(item.id.clone()),
                title: item.title.clone(),
                found: None,
                form: None,
                state: Some(item.status.clone()),
                adopted: true,
                problems: Vec::new(),
            });
            ids.insert(item.id.clone(), f.path.clone());
            continue;
        }
        let (entry, write) = adopt_one(f, &wf, &items, opts, &mut unmapped, &mut ids);
        entries.push(entry);
        if let Some(w) = write {
            writes.push(w);
        }
    }
    for (p, t) in planned_rules.iter() {
        refuse_links(root, p, false)?;
        let old = std::fs::read(root.join(p)).ok();
        writes.push((p.clone(), old, t.clone().into_bytes()));
    }
    // A file git ignores is not committed: refused now, before anything
    // is written, rather than by the commit after the writes.
    let paths: Vec<&str> = writes.iter().map(|(p, _, _)| p.as_str()).collect();
    repo.refuse_ignored(&paths)
        .map_err(|e| Error::Failed(format!("{error} (nothing was written)", error = e)))?;
    Ok(Adoption {
        preset: preset.map(|p| p.name.to_owned()),
        dir,
        file,
        file_sep,
        entries,
        unmapped: unmapped.into_iter().collect(),
        ignored,
        rule_files: planned_rules.into_iter().map(|(p, _)| p).collect(),
        writes,
    })
}

fn unreachable_preset() -> Result<String> {
    Err(Error::Failed(
        "no workflow to adopt the stories into".to_owned(),
    ))
}

/// The config as the adoption leaves it: stories in `dir`, the preset's
/// roles known.
fn config_for(text: Option<&str>, dir: &str, preset: Option<&Preset>) -> Result<String> {
    let text = text
        .map(str::to_owned)
        .unwrap_or_else(|| crate::repo::config::initial_text("en"));
    let fail = |e: crate::doc::DocError| Error::Failed(format!("{CONFIG_PATH}: {e}"));
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

/// The preset the stories look written for: Orchestrix's fenced status
/// block, BMAD v6's `Status:` line or `2-3-` file names, else BMAD v4.
fn guess_preset(found: &[Found]) -> &'static Preset {
    let form = |f: body::StatusForm| {
        found
            .iter()
            .any(|x| x.status.as_ref().is_some_and(|s| s.form == f))
    };
    let v6_name = found.iter().any(|x| {
        let mut parts = x.name.splitn(3, '-');
        matches!((parts.next(), parts.next()), (Some(a), Some(b)) if a.parse::<u64>().is_ok() && b.parse::<u64>().is_ok())
    });
    let name = if form(body::StatusForm::Fenced) {
        "orchestrix"
    } else if form(body::StatusForm::Line) || v6_name {
        "bmad-v6"
    } else {
        "bmad-v4"
    };
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
        Err(e) => return Err(Error::Failed(format!("{dir}: {e}"))),
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
                Some("is a symbolic link: adopt rewrites a story in place and would write where it leads, outside the story; replace the link by the file itself, then run adopt again".to_owned()),
            )
        } else if let Some(m) = hard {
            (Vec::new(), Some(m))
        } else {
            match item::read_limited(&full) {
                Ok(b) => (b, None),
                Err(m) => (Vec::new(), Some(m)),
            }
        };
        let text = String::from_utf8(bytes.clone()).ok();
        let problem = problem.or_else(|| text.is_none().then(|| "is not valid UTF-8".to_owned()));
        let item = Item::from_bytes(Kinds::builtin(), &path, bytes.clone()).ok();
        let text = text.unwrap_or_default();
        out.push(Found {
            heading: body::heading_of(&text),
            status: body::status(&text),
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

/// The entry for one file without a frontmatter, and its new bytes when
/// it can be adopted.
fn adopt_one(
    f: &Found,
    wf: &Workflow,
    items: &Items,
    opts: &Options,
    unmapped: &mut BTreeSet<String>,
    ids: &mut BTreeMap<String, String>,
) -> (Entry, Option<FileWrite>) {
    let mut problems: Vec<String> = f.problem.iter().cloned().collect();
    let from_name = items.id_of_name(&f.name);
    let from_heading = f.heading.as_ref().and_then(|h| h.id.clone());
    let id = match (&from_name, &from_heading) {
        (Some(n), Some(h)) if n != h => {
            problems.push(format!(
                "its file name is for story {n} but its heading says {h}; rename the file or fix the heading"
            ));
            None
        }
        (Some(n), _) => Some(n.clone()),
        (None, Some(h)) => {
            match items.check_id(h) {
                Err(m) => problems.push(m),
                Ok(()) => problems.push(format!(
                    "its name does not fit the file pattern `{}` for story {h}; rename it to {}",
                    items.file,
                    items
                        .path_for(
                            h,
                            &f.heading
                                .as_ref()
                                .map(|x| x.title.clone())
                                .unwrap_or_default()
                        )
                        .unwrap_or_default()
                )),
            }
            None
        }
        (None, None) => {
            problems.push(format!(
                "no story ID in its name (pattern `{}`) or its first heading; move it out of the stories' directory if it is not a story",
                items.file
            ));
            None
        }
    };
    if let Some(id) = &id
        && let Some(other) = ids.insert(id.clone(), f.path.clone())
    {
        problems.push(format!(
            "{other} is story {id} too; an ID leads to one file"
        ));
    }
    let title = f
        .heading
        .as_ref()
        .map(|h| h.title.clone())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| {
            f.name
                .trim_end_matches(".md")
                .replace(['-', '_', '.'], " ")
                .trim()
                .to_owned()
        });
    let spec = wf.body.clone().unwrap_or_default();
    let names = wf.state_names();
    let state = match &f.status {
        None if f.sprint.is_some() => {
            let value = f.sprint.clone().unwrap_or_default();
            match spec.state_of(&names, &value) {
                Some(st) => Some(st.to_owned()),
                None => {
                    unmapped.insert(value.clone());
                    problems.push(format!(
                        "sprint-status.yaml's status `{}` is not a state of the workflow (states: {}); say which state it stands for",
                        crate::text::escape(&value),
                        names.join(", "),
                    ));
                    None
                }
            }
        }
        None => Some(wf.initial.clone()),
        Some(s) => match opts.maps.iter().find(|(from, _)| {
            crate::workflow::body::normalize(from) == crate::workflow::body::normalize(&s.value)
        }) {
            Some((_, to)) => Some(to.clone()),
            None => match spec.state_of(&names, &s.value) {
                Some(st) => Some(st.to_owned()),
                None => {
                    unmapped.insert(s.value.clone());
                    problems.push(format!(
                        "status `{}` is not a state of the workflow (states: {}); say which state it stands for",
                        crate::text::escape(&s.value),
                        names.join(", "),
                    ));
                    None
                }
            },
        },
    };
    let mut entry = Entry {
        path: f.path.clone(),
        id: id.clone(),
        title: title.clone(),
        found: f
            .status
            .as_ref()
            .map(|s| s.value.clone())
            .or_else(|| f.sprint.clone()),
        form: f
            .status
            .as_ref()
            .map(|s| s.form.name())
            .or(f.sprint.as_ref().map(|_| "sprint-status.yaml")),
        state: state.clone(),
        adopted: false,
        problems,
    };
    let (Some(id), Some(state)) = (id, state) else {
        return (entry, None);
    };
    if !entry.problems.is_empty() {
        return (entry, None);
    }
    match with_frontmatter(f, wf, &id, &title, &state, &opts.now) {
        Ok(bytes) => (entry, Some((f.path.clone(), Some(f.bytes.clone()), bytes))),
        Err(m) => {
            entry.problems.push(m);
            (entry, None)
        }
    }
}

/// The file's bytes with a frontmatter above them: its identity, title
/// and state, and the fields the workflow's effects set on the shortest
/// way from the initial state to `state`.
fn with_frontmatter(
    f: &Found,
    wf: &Workflow,
    id: &str,
    title: &str,
    state: &str,
    now: &str,
) -> std::result::Result<Vec<u8>, String> {
    let original =
        String::from_utf8(f.bytes.clone()).map_err(|_| "is not valid UTF-8".to_owned())?;
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
    let head = format!(
        "{bom}---{nl}kind: {}{nl}id: {quoted}{nl}title: {}{nl}{}: {}{nl}---{nl}",
        presets::KIND,
        render::string(title, None, false),
        wf.state_field,
        render::string(&wf.initial, None, false),
    );
    let mut doc = Document::parse(format!("{head}{rest}")).map_err(|e| e.to_string())?;
    let shape = Shape {
        kind: presets::KIND.to_owned(),
        state_field: wf.state_field.clone(),
        id_field: None,
    };
    for (_, to) in path_to(wf, state) {
        let before = item::frontmatter_value(&doc, &shape);
        let next = doc
            .set(&[wf.state_field.as_str()], &json!(to))
            .map_err(|e| e.to_string())?;
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
                doc = doc.set(&path, &value).map_err(|e| e.to_string())?;
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
/// override the hooks and `verify` read. Returns the commit's id.
pub fn execute(
    repo: &Repo,
    adoption: &Adoption,
    reason: &str,
    lock_wait: std::time::Duration,
) -> Result<String> {
    if adoption.has_problems() {
        return Err(Error::Failed(
            "some stories cannot be adopted as they are; nothing was written".to_owned(),
        ));
    }
    if adoption.writes.is_empty() {
        return Err(Error::Failed("there is nothing to adopt".to_owned()));
    }
    let orx_dir = repo.orx_dir();
    let lock = Lock::acquire_within(&orx_dir, lock_wait)?;
    if let Some(what) = repo.operation_in_progress() {
        return Err(Error::Failed(format!(
            "git is in the middle of {what}; finish it or abort it, then run the command again (nothing was changed)"
        )));
    }
    repo.wait_for_locks(lock_wait)?;
    let root = repo.root();
    let mut written: Vec<&FileWrite> = Vec::new();
    let undo = |written: &[&FileWrite], lock: &Lock| {
        for (p, old, new) in written {
            let _ = store::restore(lock, root, p, old.as_deref(), new);
        }
    };
    for w in &adoption.writes {
        let (path, old, new) = w;
        if let Err(e) = store::write(&lock, root, &orx_dir, path, old.as_deref(), new) {
            undo(&written, &lock);
            return Err(e.into());
        }
        written.push(w);
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
    let pid = std::process::id().to_string();
    let env = [
        ("ORX_ROLE", HUMAN),
        ("ORX_FORCE_REASON", reason),
        ("ORX_LOCK_HOLDER", pid.as_str()),
    ];
    let paths = adoption.paths();
    match repo.commit_paths(&paths, &message, &env, lock_wait) {
        Ok(id) => Ok(id),
        Err(e) => {
            undo(&written, &lock);
            Err(Error::CommitFailed(
                e,
                "nothing was changed: the files were restored".to_owned(),
            ))
        }
    }
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
