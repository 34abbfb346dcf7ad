//! The state manager, for any kind: updates validated by the item's
//! workflow (a backup kept first), named backups kept as refs
//! (`refs/orx/backups/<kind>/<id>/<name>`), restores recorded as new
//! commits, and errors counted by the workflow's `run.errors`.

use serde_json::{Value, json};

use crate::change::files;
use crate::change::plan::{self, Actor, Edit, Executed, Extras, Plan};
use crate::engine::item::{self, Item};
use crate::error::{Error, Result};
use crate::repo::workspace::Workspace;
use crate::text::message::Message;
use crate::workflow::kind::Kind;

/// Where backups live.
pub const BACKUPS: &str = "refs/orx/backups/";

/// Automatic backups kept per item (the older ones are dropped).
pub const AUTO_KEPT: usize = 20;

/// The trailer a restore is recorded with.
pub const RESTORE_TRAILER: &str = "Orx-Restore";

/// How the note of a restore's commit starts (`history` reads it).
pub const RESTORE_NOTE: &str = "restored from";

/// How the note of an error's commit starts (`history` reads it).
pub const ERROR_NOTE: &str = "error";

/// One backup of an item.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Backup {
    pub name: String,
    /// The commit that holds it.
    pub commit: String,
    /// When it was made (seconds since the epoch).
    pub time: i64,
    /// What it says about the item (`kind id: state`).
    pub note: String,
    /// Made before an update rather than asked for by name.
    pub auto: bool,
    /// The commit HEAD was on when it was made.
    pub head: Option<String>,
    /// For a copy the state store keeps before each write (`copy-N`, with
    /// no commit): where it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// The name of the state store's `n`th copy (1: the oldest kept).
const COPY: &str = "copy-";

/// Every backup of `kind` item `id` at `path`: the ref backups, and the
/// copies the state store keeps of the file before each write (`copy-1`
/// the oldest), by time.
pub fn all_backups(ws: &Workspace, kind: &str, id: &str, path: &str) -> Result<Vec<Backup>> {
    let mut list = backups(ws, kind, id)?;
    for (n, file) in crate::engine::store::copies(&ws.repo.orx_dir(), path)
        .into_iter()
        .enumerate()
    {
        let time = std::fs::metadata(&file)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_secs() as i64);
        let state = std::fs::read(&file)
            .ok()
            .and_then(|b| Item::from_bytes(ws.registry(), path, b).ok())
            .map_or_else(|| "(unreadable)".to_owned(), |i| i.status);
        list.push(Backup {
            name: format!("{COPY}{}", n + 1),
            commit: String::new(),
            time,
            note: format!("{kind} {id}: {state}"),
            auto: true,
            head: None,
            file: Some(file.display().to_string()),
        });
    }
    list.sort_by_key(|b| b.time);
    Ok(list)
}

/// The line of a backup's message that says where HEAD was.
const HEAD_LINE: &str = "made on ";

fn auto_number(name: &str) -> u64 {
    name.strip_prefix("auto-")
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

fn prefix(kind: &str, id: &str) -> String {
    format!("{BACKUPS}{kind}/{id}/")
}

/// The backups of `kind` item `id`, oldest first.
pub fn backups(ws: &Workspace, kind: &str, id: &str) -> Result<Vec<Backup>> {
    let pre = prefix(kind, id);
    let mut list: Vec<Backup> = ws
        .repo
        .dated_refs_under(&pre)?
        .into_iter()
        .filter_map(|(name, commit, time, message)| {
            let name = name.strip_prefix(&pre)?.to_owned();
            Some(Backup {
                auto: name.starts_with("auto-"),
                name,
                commit,
                time,
                note: message.lines().next().unwrap_or_default().to_owned(),
                head: message
                    .lines()
                    .find_map(|l| l.strip_prefix(HEAD_LINE))
                    .map(str::to_owned),
                file: None,
            })
        })
        .collect();
    // Oldest first; automatic ones made in the same second by their number.
    list.sort_by_key(|b| (b.time, auto_number(&b.name), b.name.clone()));
    Ok(list)
}

/// The name a backup of `kind` item `id` would be kept as, given its
/// backups (`existing`): `name` checked, or the next automatic one.
fn backup_name(kind: &str, id: &str, existing: &[Backup], name: Option<&str>) -> Result<String> {
    Ok(match name {
        Some(n) => {
            if let Some(m) = crate::text::id_problem(n) {
                return Err(Error::Usage(m));
            }
            if n.starts_with("auto-") {
                return Err(Error::Usage(crate::msg!(
                    "backup-names-starting-auto-automatic",
                    name = n
                )));
            }
            if existing.iter().any(|b| b.name == n) {
                return Err(Error::Usage(crate::msg!(
                    "item-has-backup-named-name",
                    item = format!("{kind} {id}"),
                    name = n
                )));
            }
            n.to_owned()
        }
        None => {
            let last = existing
                .iter()
                .filter_map(|b| b.name.strip_prefix("auto-")?.parse::<u64>().ok())
                .max()
                .unwrap_or(0);
            format!("auto-{}", last + 1)
        }
    })
}

/// What [`backup`] would keep, nothing written: the backup's name.
pub fn backup_planned(ws: &Workspace, kind: &str, id: &str, name: Option<&str>) -> Result<String> {
    backup_name(kind, id, &backups(ws, kind, id)?, name)
}

/// Keeps `bytes`, the file of `kind` item `id` at `path`, as backup `name`
/// (`None`: the next automatic one, the oldest beyond [`AUTO_KEPT`]
/// dropped). A name already used is refused.
pub fn backup(
    ws: &Workspace,
    kind: &str,
    id: &str,
    path: &str,
    bytes: &[u8],
    name: Option<&str>,
) -> Result<Backup> {
    let existing = backups(ws, kind, id)?;
    let name = backup_name(kind, id, &existing, name)?;
    let state = Item::from_bytes(ws.registry(), path, bytes.to_vec())
        .map(|i| i.status)
        .unwrap_or_else(|_| "(unreadable)".to_owned());
    let note = format!("{kind} {id}: {state}");
    let head = ws.repo.commit_id("HEAD");
    let at = head
        .as_deref()
        .map(|h| format!("{HEAD_LINE}{h}"))
        .unwrap_or_default();
    let commit = ws.repo.file_commit(
        path,
        bytes,
        &format!("{note}\n\nbackup {name} of {path}\n{at}\n"),
    )?;
    let full = format!("{}{name}", prefix(kind, id));
    ws.repo
        .set_ref(&full, &commit, None, &format!("backup {name}"))?;
    if name.starts_with("auto-") {
        let mut autos: Vec<&Backup> = existing.iter().filter(|b| b.auto).collect();
        autos.sort_by_key(|b| auto_number(&b.name));
        let extra = (autos.len() + 1).saturating_sub(AUTO_KEPT);
        for old in autos.into_iter().take(extra) {
            let _ = ws
                .repo
                .delete_ref(&format!("{}{}", prefix(kind, id), old.name), &old.commit);
        }
    }
    let time = ws
        .repo
        .dated_refs_under(&full)?
        .first()
        .map_or(0, |(_, _, t, _)| *t);
    Ok(Backup {
        auto: name.starts_with("auto-"),
        name,
        commit,
        time,
        note,
        head,
        file: None,
    })
}

/// The bytes of the item file a backup (or a commit) holds.
pub fn backup_bytes(ws: &Workspace, commit: &str, path: &str) -> Result<Option<Vec<u8>>> {
    Ok(ws
        .repo
        .file_at(&crate::git::Side::Commit(commit.to_owned()), path)?)
}

/// The edits `updates` asks for: `{"a.b": 1}` and `{"a": {"b": 1}}` both
/// set `a.b`; a list or a scalar is one value. An update of nothing is
/// refused.
pub fn edits_of(updates: &Value) -> std::result::Result<Vec<Edit>, Message> {
    let Value::Object(map) = updates else {
        return Err(crate::msg!(
            "updates-must-json-object-fields",
            updates = updates.to_string()
        ));
    };
    fn walk(prefix: &[String], v: &Value, out: &mut Vec<Edit>) -> std::result::Result<(), Message> {
        match v {
            Value::Object(m) if !m.is_empty() && !prefix.is_empty() => {
                for (k, v) in m {
                    let mut p = prefix.to_vec();
                    p.extend(key_path(k)?);
                    walk(&p, v, out)?;
                }
                Ok(())
            }
            _ => {
                out.push((prefix.to_vec(), v.clone()));
                Ok(())
            }
        }
    }
    let mut out = Vec::new();
    for (k, v) in map {
        walk(&key_path(k)?, v, &mut out)?;
    }
    if out.is_empty() {
        return Err(crate::msg!("updates-set-no-field"));
    }
    Ok(out)
}

fn key_path(k: &str) -> std::result::Result<Vec<String>, Message> {
    let parts: Vec<String> = k.split('.').map(str::to_owned).collect();
    if parts.iter().any(|p| p.trim().is_empty()) {
        return Err(crate::msg!(
            "path-not-field-path-b",
            path = crate::text::escape(k)
        ));
    }
    Ok(parts)
}

/// One `FIELD=VALUE`: the value read as JSON (`3`, `true`, `null`,
/// `["a"]`, `"text"`), else as text.
pub fn parse_assignment(s: &str) -> std::result::Result<Edit, Message> {
    let Some((k, v)) = s.split_once('=') else {
        return Err(crate::msg!(
            "text-not-field-value",
            text = crate::text::escape(s)
        ));
    };
    let value = serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_owned()));
    Ok((key_path(k.trim())?, value))
}

/// Plans an update of `item`: `edits` (a new state among them moves it),
/// judged by its workflow as any change is; `body` replaces the item's
/// Markdown body.
pub fn plan_update(
    ws: &Workspace,
    item: Item,
    edits: &[Edit],
    body: Option<&str>,
    actor: Actor,
    trailers: Vec<(String, String)>,
) -> Result<Plan> {
    plan_update_with(ws, item, edits, body, actor, trailers, Vec::new())
}

/// [`plan_update`], with the files the item's kind keeps beside it
/// (`companions`: path and new bytes), written and committed with it.
pub(crate) fn plan_update_with(
    ws: &Workspace,
    item: Item,
    edits: &[Edit],
    body: Option<&str>,
    actor: Actor,
    trailers: Vec<(String, String)>,
    companions: Vec<(String, Vec<u8>)>,
) -> Result<Plan> {
    let wf = plan::workflow_of(ws, &item)?;
    let state_path = vec![wf.state_field.clone()];
    let mut to = None;
    let mut rest = Vec::new();
    for (path, value) in edits {
        if path == &state_path {
            match value.as_str() {
                Some(s) if wf.state(s).is_some() => to = Some(s.to_owned()),
                _ => {
                    return Err(Error::Usage(crate::msg!(
                        "field-must-one-states-kind",
                        field = &wf.state_field,
                        kind = &wf.name,
                        states = wf.state_names().join(", "),
                        value = value.to_string()
                    )));
                }
            }
        } else if path.first().is_some_and(|k| k == "kind" || k == "id") {
            return Err(Error::Usage(crate::msg!(
                "field-item-s-identity-cannot",
                field = path.join(".")
            )));
        } else {
            rest.push((path.clone(), value.clone()));
        }
    }
    let old = item.doc.text().as_bytes().to_vec();
    let item = match body {
        Some(body) => with_body(&item, body)?,
        None => item,
    };
    let to = to.filter(|t| *t != item.status);
    let plan = plan::change_with(
        ws,
        item,
        to.as_deref(),
        &rest,
        actor,
        Extras {
            trailers,
            old: Some(old),
            companions,
        },
    )?;
    // Fields of the wrong type are refused as any bad file is.
    let after = Item::from_bytes(ws.registry(), plan.path(), plan.text().as_bytes().to_vec())?;
    if let Some(e) = after.unusable(&wf) {
        return Err(Error::Item(e));
    }
    Ok(plan)
}

/// `item` with its body replaced by `body` (a Markdown item's).
pub fn with_body(item: &Item, body: &str) -> Result<Item> {
    let text = item.doc.text();
    let head_len = text.len() - item.doc.body().len();
    let nl = item.doc.newline();
    let mut new = text[..head_len].to_owned();
    new.push_str(&body.replace("\r\n", "\n").replace('\n', nl));
    if !new.ends_with(nl) {
        new.push_str(nl);
    }
    Ok(item.with_bytes(new.into_bytes())?)
}

/// Executes `plan` after keeping an automatic backup of the item as it
/// was (the committed version when the file on disk is not readable).
pub fn execute_with_backup(
    ws: &Workspace,
    plan: &Plan,
    commit: bool,
) -> Result<(Executed, Option<Backup>)> {
    let before = ws.repo.head_file(plan.path())?;
    let saved = match before {
        Some(b) => Some(backup(
            ws,
            plan.kind().name(),
            plan.id(),
            plan.path(),
            &b,
            None,
        )?),
        None => None,
    };
    let done = plan::execute(ws, plan, commit)?;
    Ok((done, saved))
}

/// What recording an error did.
#[derive(Debug)]
pub struct Recorded {
    pub plan: Plan,
    /// The errors counted now.
    pub count: u64,
    pub limit: Option<u64>,
    /// The item reached the state the limit leads to.
    pub at_limit: bool,
}

/// Plans recording an error of `action` with `message`: the workflow's
/// error counter (`run.errors.field`) counts it, its message field keeps
/// the message, the current action is cleared; the error that reaches
/// the limit moves the item to `run.errors.state`. Where the workflow has
/// a transition for it (fired by `error`), that transition is taken and
/// its guard and effects apply.
pub fn plan_error(
    ws: &Workspace,
    item: Item,
    action: Option<&str>,
    message: &str,
    actor: Actor,
) -> Result<Recorded> {
    let wf = plan::workflow_of(ws, &item)?;
    let Some(run) = wf.run.as_ref() else {
        return Err(Error::Usage(crate::msg!(
            "kind-workflow-counts-no-errors",
            kind = &wf.name
        )));
    };
    let Some(errors) = run.errors.as_ref() else {
        return Err(Error::Usage(crate::msg!(
            "kind-workflow-counts-no-errors-2",
            kind = &wf.name
        )));
    };
    // An action given by its alias is recorded by its name.
    let action = action.map(|a| run.action(a).map_or(a, |x| x.name.as_str()));
    let value = item.value();
    let scope = wf.scope(value.clone(), actor.role, &crate::repo::workspace::now());
    // The counter is a number, or a list of the errors themselves
    // (`{action, message, timestamp}` each), whose length counts them.
    let (count, counted) = match scope.lookup(&errors.field.join(".")) {
        Some(Value::Array(mut list)) => {
            list.push(json!({
                "action": action,
                "message": message,
                "timestamp": crate::repo::workspace::now(),
            }));
            (list.len() as u64, Value::Array(list))
        }
        v => {
            let n = v.and_then(|v| v.as_u64()).unwrap_or(0) + 1;
            (n, json!(n))
        }
    };
    let limit = run.error_limit(&wf.params);
    let at_limit = limit.is_some_and(|l| count >= l);
    let mut edits = vec![(errors.field.clone(), counted)];
    if let Some(m) = &errors.message {
        let text = match action {
            Some(a) => format!("{a}: {message}"),
            None => message.to_owned(),
        };
        edits.push((m.clone(), json!(text)));
    }
    if let Some(r) = errors.reason.as_ref().filter(|_| at_limit) {
        edits.push((
            r.clone(),
            json!(format!(
                "{count} errors; the last{}: {message}",
                action.map(|a| format!(" in {a}")).unwrap_or_default()
            )),
        ));
    }
    if let Some(c) = &run.current_action
        && crate::engine::validate::lookup(&value, c).is_some_and(|v| !v.is_null())
    {
        edits.push((c.clone(), Value::Null));
    }
    let to = match (&errors.state, at_limit) {
        (Some(s), true) => s.clone(),
        _ => item.status.clone(),
    };
    let trailers = vec![(
        "Orx-Error".to_owned(),
        plan::trailer_value(&format!("{count}: {message}")),
    )];
    let old = item.doc.text().as_bytes().to_vec();
    let extras = Extras {
        trailers,
        old: Some(old),
        ..Default::default()
    };
    let note = format!(
        "{ERROR_NOTE} {count}{}: {message}",
        action.map(|a| format!(" in {a}")).unwrap_or_default()
    );
    let actor = Actor {
        note: Some(&note),
        ..actor
    };
    let plan = if wf.transition(&item.status, &to).is_some() {
        plan::change_with(ws, item, Some(&to), &edits, actor, extras)?
    } else {
        plan::change_with(ws, item, None, &edits, actor, extras)?
    };
    Ok(Recorded {
        plan,
        count,
        limit,
        at_limit,
    })
}

/// Where a restore takes the item back to.
#[derive(Debug, Clone)]
pub enum RestoreTo {
    /// The last good state: the committed version when the file on disk
    /// differs from it (or cannot be read), else the newest backup that
    /// differs from it.
    LastGood,
    /// A backup, by name, or a commit (any revision).
    Named(String),
}

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    /// Where it came from (`the committed version`, a backup's name, a
    /// commit), as the record says it.
    pub from: String,
    /// The same, as a message.
    pub source: Message,
    pub path: String,
    /// The recorded change, when one was needed.
    pub plan: Option<Plan>,
    pub done: Option<Executed>,
    /// The file on disk could not be read as an item.
    pub was_unreadable: bool,
    /// What the file held that is neither committed nor restored (edits,
    /// or a damaged file), kept as a named backup before it was replaced.
    pub kept: Option<Kept>,
    /// The file's bytes before the restore, and after it (as a dry run
    /// plans them); the same when the restore leaves the file as it is.
    pub before: Vec<u8>,
    pub after: Vec<u8>,
}

/// The content of an item's file a restore replaced, kept as a named
/// backup (never one of the automatic ones, which are dropped in turn).
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Kept {
    /// the backup's name (before-restore-N)
    pub backup: String,
    /// Its ref.
    #[serde(rename = "ref")]
    pub reference: String,
    /// false: a dry run, which would keep it
    pub made: bool,
    /// the command that puts the file back as it was, uncommitted
    pub get_back: String,
}

/// How the backups a restore keeps are named.
pub const KEPT_PREFIX: &str = "before-restore-";

/// `s` as one word of a POSIX shell.
fn shell_word(s: &str) -> String {
    if !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./:+=@%,".contains(&b))
    {
        return s.to_owned();
    }
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Keeps `disk`, the file of `kind` item `id` at `path` that a restore
/// is about to replace, as the next `before-restore-N` backup (only
/// planned when `dry_run`).
fn keep_replaced(
    ws: &Workspace,
    kind: &str,
    id: &str,
    path: &str,
    disk: &[u8],
    dry_run: bool,
) -> Result<Kept> {
    let existing = backups(ws, kind, id)?;
    let n = existing
        .iter()
        .filter_map(|b| b.name.strip_prefix(KEPT_PREFIX)?.parse::<u64>().ok())
        .max()
        .unwrap_or(0)
        + 1;
    let name = format!("{KEPT_PREFIX}{n}");
    if !dry_run {
        backup(ws, kind, id, path, disk, Some(&name))?;
    }
    let reference = format!("{}{name}", prefix(kind, id));
    Ok(Kept {
        get_back: format!(
            "git show {} > {}",
            shell_word(&format!("{reference}:{path}")),
            shell_word(path)
        ),
        backup: name,
        reference,
        made: !dry_run,
    })
}

/// Finds the file of item `id` even when it cannot be read as an item:
/// `(kind, id, path, the item if it reads)`.
pub fn locate(ws: &Workspace, id: &str) -> Result<(Kind, String, String, Option<Item>)> {
    match ws.find(id) {
        Ok(item) => Ok((
            item.kind.clone(),
            item.id.clone(),
            item.path.clone(),
            Some(item),
        )),
        Err(Error::Item(e)) => {
            // The kind whose items its path holds.
            let kind = ws
                .registry()
                .at(&e.path)
                .cloned()
                .ok_or(Error::Item(e.clone()))?;
            let bare = id.split_once(':').map_or(id, |(_, i)| i).to_owned();
            Ok((kind, bare, e.path, None))
        }
        Err(e) => Err(e),
    }
}

/// Restores item `id` (see [`RestoreTo`]). Taking the item back to other
/// fields is a change like any other: judged by the workflow, committed,
/// with an `Orx-Restore` trailer; putting back the committed version of a
/// damaged file needs no commit.
pub fn restore(
    ws: &Workspace,
    id: &str,
    to: &RestoreTo,
    actor: Actor,
    commit: bool,
    dry_run: bool,
) -> Result<Restored> {
    let (kind, id, path, current) = locate(ws, id)?;
    // read_limited's words are the item errors'; the system's failure
    // a fault.
    let disk = item::read_checked(&ws.root().join(&path))
        .map_err(|e| e.or_refused(&path, Error::Failed))?;
    let head = ws.repo.head_file(&path)?;
    let (from, bytes) = match to {
        RestoreTo::LastGood => {
            if current.is_none() || head.as_deref() != Some(disk.as_slice()) {
                let Some(h) = head.clone() else {
                    return Err(Error::Failed(crate::msg!(
                        "path-not-committed-there-no",
                        path = &path
                    )));
                };
                (crate::msg!("restore-from-committed"), h)
            } else {
                let list = backups(ws, kind.name(), &id)?;
                let mut found = None;
                for b in list.iter().rev() {
                    if let Some(bytes) = backup_bytes(ws, &b.commit, &path)?
                        && bytes != disk
                        && Item::from_bytes(ws.registry(), &path, bytes.clone()).is_ok()
                    {
                        found = Some((crate::msg!("restore-from-backup", name = &b.name), bytes));
                        break;
                    }
                }
                found.ok_or_else(|| {
                    Error::NothingToDo(crate::msg!(
                        "item-has-no-differing-backup",
                        item = format!("{kind} {id}")
                    ))
                })?
            }
        }
        RestoreTo::Named(name) => {
            let list = all_backups(ws, kind.name(), &id, &path)?;
            let found = list.iter().find(|b| &b.name == name);
            // A copy the state store kept: its bytes are in the file.
            if let Some(file) = found.and_then(|b| b.file.as_deref()) {
                let bytes = std::fs::read(file)
                    .map_err(|e| Error::io(crate::msg!("cannot-read-path", path = file), e))?;
                (crate::msg!("restore-from-store", name = name), bytes)
            } else {
                let (label, rev) = match found {
                    Some(b) => (
                        crate::msg!("restore-from-backup", name = &b.name),
                        b.commit.clone(),
                    ),
                    None => match ws.repo.commit_id(name) {
                        Some(c) => (
                            crate::msg!("restore-from-commit", commit = &c[..c.len().min(12)]),
                            c,
                        ),
                        None => {
                            let names: Vec<&str> = list.iter().map(|b| b.name.as_str()).collect();
                            return Err(Error::NotFound(crate::msg!(
                                "name-neither-backup-item-list",
                                name = crate::text::escape(name),
                                item = format!("{kind} {id}"),
                                list = if names.is_empty() {
                                    crate::msg!("it-has-none")
                                } else {
                                    Message::text(names.join(", "))
                                }
                            )));
                        }
                    },
                };
                let bytes = backup_bytes(ws, &rev, &path)?.ok_or_else(|| {
                    Error::NotFound(crate::msg!(
                        "label-holds-no-path",
                        label = label.clone(),
                        path = &path
                    ))
                })?;
                (label, bytes)
            }
        }
    };
    let (source, from) = (from.clone(), from.to_string());
    let restored = Item::from_bytes(ws.registry(), &path, bytes.clone()).map_err(|e| {
        Error::Failed(crate::msg!(
            "from-not-readable-choose-another",
            name = source.clone(),
            path = &path,
            text = e.to_string()
        ))
    })?;
    let was_unreadable = current.is_none();
    // What the file holds that is not committed is kept before it is
    // replaced, under a name no later backup drops.
    let replaced = head.as_deref() != Some(disk.as_slice());
    if head.as_deref() == Some(bytes.as_slice()) {
        // Back to what is committed: the file is put back, nothing to record.
        let kept = match replaced && disk != bytes {
            true => Some(keep_replaced(ws, kind.name(), &id, &path, &disk, dry_run)?),
            false => None,
        };
        if disk != bytes && !dry_run {
            let files = files::Files {
                writes: vec![files::Write::new(&path, Some(disk.clone()), bytes.clone())],
                commit: None,
            };
            files::execute(&ws.repo, ws.lock_wait, &files)?;
        }
        return Ok(Restored {
            from,
            source,
            path,
            plan: None,
            done: None,
            was_unreadable,
            kept,
            before: disk,
            after: bytes,
        });
    }
    // Judged from the committed version: the restored text, in the state
    // it is in now, then moved to its own state if that differs.
    let head_item = match &head {
        Some(h) => Item::from_bytes(ws.registry(), &path, h.clone())?,
        None => {
            return Err(Error::Pending(crate::msg!(
                "path-not-committed-yet-commit",
                path = &path
            )));
        }
    };
    let wf = plan::workflow_of(ws, &head_item)?;
    let target_state = restored.status.clone();
    let mut staged = restored
        .doc
        .set(&[wf.state_field.as_str()], &json!(head_item.status))
        .map_err(|e| Error::Failed(e.message))?;
    // The fields only transitions change (an error counter) are not taken
    // back: they stay as committed, and the move back to the restored
    // state changes them as its effects say.
    let (committed, taken_back) = (head_item.value(), restored.value());
    for field in &wf.protected {
        let keys: Vec<&str> = field.iter().map(String::as_str).collect();
        let now = crate::engine::validate::lookup(&committed, field);
        if now != crate::engine::validate::lookup(&taken_back, field) {
            staged = staged
                .set(&keys, now.unwrap_or(&Value::Null))
                .map_err(|e| Error::Failed(e.message))?;
        }
    }
    let staged = Item::from_document(ws.registry(), &path, staged)?;
    let to = (target_state != head_item.status).then_some(target_state.as_str());
    let note = format!("{RESTORE_NOTE} {from}");
    let actor = Actor {
        note: Some(&note),
        ..actor
    };
    let plan = plan::change_with(
        ws,
        staged,
        to,
        &[],
        actor,
        Extras {
            trailers: vec![(RESTORE_TRAILER.to_owned(), plan::trailer_value(&from))],
            old: Some(disk.clone()),
            ..Default::default()
        },
    )?;
    let kept = match replaced && plan.text().as_bytes() != disk.as_slice() {
        true => Some(keep_replaced(ws, kind.name(), &id, &path, &disk, dry_run)?),
        false => None,
    };
    let done = match dry_run {
        true => None,
        false => match plan::execute(ws, &plan, commit) {
            Ok(done) => Some(done),
            Err(e) => {
                // Nothing was replaced: the backup kept for it goes too.
                if let Some(k) = kept.as_ref().filter(|k| k.made)
                    && let Some(c) = ws.repo.commit_id(&k.reference)
                {
                    let _ = ws.repo.delete_ref(&k.reference, &c);
                }
                return Err(e);
            }
        },
    };
    let after = match &done {
        Some(_) => item::read_limited(&ws.root().join(&path)).unwrap_or_default(),
        None => plan.text().as_bytes().to_vec(),
    };
    Ok(Restored {
        from,
        source,
        path,
        plan: Some(plan),
        done,
        was_unreadable,
        kept,
        before: disk,
        after,
    })
}
