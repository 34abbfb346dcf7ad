//! Items: documents that carry `kind`, `id` and `status`.

use std::fmt;
use std::io::Read;
use std::path::Path;

use serde_json::Value;

use crate::doc::{DocError, Document, MAX_FILE_BYTES};
use crate::text::message::Message;
use crate::workflow::kind::{Kind, Kinds, Shape};

/// An item file as read: where it is, its document, and its identity.
#[derive(Clone, Debug)]
pub struct Item {
    /// Path relative to the repository root, with `/` separators.
    pub path: String,
    pub doc: Document,
    /// The kind it is read as: the registry's kind its `kind` names (or
    /// its path, for kinds whose files carry no `kind`), which says how
    /// its files are read (the state's field, the ID's) and judged.
    pub kind: Kind,
    pub id: String,
    pub status: String,
    pub title: String,
}

/// Why a file is not a usable item: the file, the position, the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ItemError {
    pub path: String,
    pub pos: Option<(usize, usize)>,
    pub message: Message,
}

impl fmt::Display for ItemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            Some((l, c)) => write!(f, "{}:{l}:{c}: {}", self.path, self.message),
            None => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

impl ItemError {
    pub fn new(path: &str, pos: Option<(usize, usize)>, message: Message) -> Self {
        ItemError {
            path: path.to_owned(),
            pos,
            message,
        }
    }

    /// The error as a message: where, then what is wrong.
    pub fn said(&self) -> Message {
        located(&self.path, self.pos, self.message.clone())
    }

    fn from_doc(path: &str, e: DocError) -> Self {
        ItemError::new(path, e.pos, e.message)
    }
}

/// `path:line:column: text` (or `path: text`) as a message: where a
/// file's problem is, then what it is.
pub fn located(path: &str, pos: Option<(usize, usize)>, text: Message) -> Message {
    match pos {
        Some((l, c)) => crate::msg!("path-at-text", path, line = l, column = c, text),
        None => crate::msg!("path-text", path, text),
    }
}

impl Item {
    /// Reads the item at `rel` under `root`: not a symlink, at most 1 MiB,
    /// valid UTF-8, a frontmatter with `kind`, `id` and `status`.
    pub fn read(kinds: &Kinds, root: &Path, rel: &str) -> Result<Item, ItemError> {
        let bytes = read_limited(&root.join(rel)).map_err(|m| ItemError::new(rel, None, m))?;
        Item::from_bytes(kinds, rel, bytes)
    }

    /// Parses an item's bytes (from disk or from git), refusing more than
    /// 1 MiB as [`read_limited`] does: one limit for commands, `check`, the
    /// hooks and `verify`.
    pub fn from_bytes(kinds: &Kinds, rel: &str, bytes: Vec<u8>) -> Result<Item, ItemError> {
        let doc = parse_bytes(rel, bytes)?;
        Item::from_document(kinds, rel, doc)
    }

    /// An item from its parsed document, read as its kind's files are
    /// (`kinds`: the registry's kinds).
    pub fn from_document(kinds: &Kinds, rel: &str, doc: Document) -> Result<Item, ItemError> {
        let kind_field = doc.text_field("kind").ok().flatten().map(str::to_owned);
        let kind = kinds.kind_for(rel, kind_field.as_deref());
        Item::from_document_as(kind, rel, doc)
    }

    /// A new version of this item (its bytes), read as its kind's files are.
    pub fn with_bytes(&self, bytes: Vec<u8>) -> Result<Item, ItemError> {
        let doc = parse_bytes(&self.path, bytes)?;
        Item::from_document_as(self.kind.clone(), &self.path, doc)
    }

    /// A new version of this item (its document).
    pub fn with_document(&self, doc: Document) -> Result<Item, ItemError> {
        Item::from_document_as(self.kind.clone(), &self.path, doc)
    }

    fn from_document_as(kind: Kind, rel: &str, doc: Document) -> Result<Item, ItemError> {
        let field = |key: &str, required: bool| -> Result<String, ItemError> {
            match doc.text_field(key) {
                Ok(Some(v)) if !v.trim().is_empty() => Ok(v.to_owned()),
                Ok(_) if !required => Ok(String::new()),
                Ok(_) => {
                    let pos = doc.get(&[key]).map(|n| (n.line, n.col));
                    Err(ItemError::new(
                        rel,
                        pos.or(Some((2, 1))),
                        crate::msg!("item-field-missing", key),
                    ))
                }
                Err(e) => Err(ItemError::from_doc(rel, e)),
            }
        };
        // A kind whose files carry no `kind`/`id` (`items.id_field`): the
        // path says the kind, the field the ID.
        let shape = &kind.shape;
        let kind_field = doc.text_field("kind").ok().flatten();
        let id = match (&shape.id_field, kind_field) {
            (Some(id_field), None) => field(id_field, true)?,
            _ => {
                field("kind", true)?;
                field("id", true)?
            }
        };
        let state_key = shape.state_field.as_str();
        if state_key != "status"
            && let Some(n) = doc.get(&["status"])
        {
            return Err(ItemError::new(
                rel,
                Some((n.line, n.col)),
                crate::msg!(
                    "item-state-elsewhere",
                    kind = kind.name(),
                    field = state_key
                ),
            ));
        }
        let status = field(state_key, true)?;
        let title = field("title", false)?;
        Ok(Item {
            path: rel.to_owned(),
            doc,
            kind,
            id,
            status,
            title,
        })
    }

    /// `story 1.2`, as refusals name an item.
    pub fn label(&self) -> String {
        self.reference().to_string()
    }

    /// The item as a refusal or a fault names it: its kind and ID, as data.
    pub fn reference(&self) -> crate::engine::validate::ItemRef {
        crate::engine::validate::ItemRef::new(self.kind.name(), &self.id)
    }

    /// The frontmatter as a value, as rules and messages see it.
    pub fn value(&self) -> Value {
        frontmatter_value(&self.doc, &self.kind.shape)
    }

    /// `doc` (a new version of this item) as a value, read as this item's
    /// kind reads its files.
    pub fn value_of(&self, doc: &Document) -> Value {
        frontmatter_value(doc, &self.kind.shape)
    }

    /// The 1-based position of a top-level field's value, for messages.
    pub fn pos(&self, key: &str) -> Option<(usize, usize)> {
        self.doc.get(&[key]).map(|n| (n.line, n.col))
    }

    /// The position of the state's value.
    pub fn state_pos(&self) -> Option<(usize, usize)> {
        self.pos(&self.kind.shape.state_field)
    }

    /// The position of the value at `path`, else of the nearest field on
    /// the way to it that is written.
    pub fn pos_of(&self, path: &[String]) -> Option<(usize, usize)> {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        (1..=path.len())
            .rev()
            .find_map(|n| self.doc.get(&path[..n]))
            .map(|n| (n.line, n.col))
    }

    /// Why the item is not usable under `wf`: a state it does not have, or
    /// a field of the wrong type (all of them, at the first's position).
    pub fn unusable(&self, wf: &crate::workflow::Workflow) -> Option<ItemError> {
        self.unusable_as(wf, &self.value())
    }

    /// [`Item::unusable`] but for a body status that disagrees with the
    /// state: what a Human's override cannot let through.
    pub fn unusable_unless_forced(&self, wf: &crate::workflow::Workflow) -> Option<ItemError> {
        self.unusable(wf)
            .filter(|e| self.body_disagrees(wf).as_ref() != Some(e))
    }

    /// [`Item::unusable`] for the item's frontmatter `value`, when the
    /// caller has it already.
    pub fn unusable_as(&self, wf: &crate::workflow::Workflow, value: &Value) -> Option<ItemError> {
        if wf.state(&self.status).is_none() {
            return Some(ItemError::new(
                &self.path,
                self.state_pos(),
                crate::msg!(
                    "item-unknown-state",
                    state = crate::text::escape(&self.status),
                    states = wf.state_names().join(", ")
                ),
            ));
        }
        if let Some(state) = wf.state(&self.status)
            && let Some(field) = state.owner.as_deref().and_then(|o| o.strip_prefix('@'))
            && !wf
                .owner_of(state, value)
                .is_some_and(|r| wf.roles.contains(&r))
        {
            return Some(ItemError::new(
                &self.path,
                self.pos(field),
                crate::msg!(
                    "item-owner-field-role",
                    field,
                    kind = &self.kind,
                    roles = wf.roles.join(", ")
                ),
            ));
        }
        let mut errors = crate::engine::validate::type_errors(wf, value);
        if errors.is_empty() {
            errors = crate::engine::validate::invariants_unmet(wf, None, value, "", "")
                .into_iter()
                .map(|(at, u)| (at, u.message()))
                .collect();
            if errors.is_empty() {
                return self.body_disagrees(wf);
            }
        }
        let (first, _) = errors.first()?;
        let at = self.pos_of(first);
        let messages = errors
            .into_iter()
            .map(|(_, m)| m)
            .reduce(|first, rest| crate::msg!("semicolon-then", first, rest))?;
        Some(ItemError::new(&self.path, at, messages))
    }
}

/// The messages [`Item::body_disagrees`] says a problem with: a problem
/// holding one of them is mended by moving the item (or writing its
/// state in the body), not by reading the file again.
pub const BODY_STATUS_PROBLEMS: &[&str] = &[
    "body-status-disagrees-with-itself",
    "body-status-not-the-items",
    "body-status-no-state",
];

impl Item {
    /// Why the status the body carries (for a workflow whose `body:` says
    /// it carries one) is not the item's state, if it is not: one status,
    /// kept in sync by every move.
    pub fn body_disagrees(&self, wf: &crate::workflow::Workflow) -> Option<ItemError> {
        let spec = wf.body.as_ref().filter(|b| b.status)?;
        if self.doc.is_json() {
            return None;
        }
        let body = self.doc.body();
        let names = wf.state_names();
        // Every place the body writes the status must say the state: the
        // first that does not is the problem.
        let places = crate::doc::body::statuses(body);
        let found = places
            .iter()
            .find(|s| spec.state_of(&names, &s.value) != Some(self.status.as_str()))?
            .clone();
        let body_start = self.doc.text().len() - body.len();
        let line = self.doc.text()[..body_start].matches('\n').count() + found.line;
        let col = body[..found.span.start]
            .rsplit('\n')
            .next()
            .map_or(0, |l| l.chars().count())
            + 1;
        let at = Some((line, col));
        let first_agrees = places
            .first()
            .filter(|f| spec.state_of(&names, &f.value) == Some(self.status.as_str()));
        match spec.state_of(&names, &found.value) {
            Some(state) if state == self.status => None,
            // The body disagrees with itself (a yaml block left at an
            // earlier state below the `## Status` kept up to date): a move
            // would not mend it, writing the state in this place does.
            Some(state) if let Some(first) = first_agrees => Some(ItemError::new(
                &self.path,
                at,
                crate::msg!(
                    "body-status-disagrees-with-itself",
                    value = crate::text::escape(&found.value),
                    state,
                    form = found.form.name(),
                    first = crate::text::escape(&first.value),
                    first_form = first.form.name(),
                    kind = &self.kind,
                    write = spec.value_for(&self.status)
                ),
            )),
            Some(state) => Some(ItemError::new(
                &self.path,
                at,
                crate::msg!(
                    "body-status-not-the-items",
                    value = crate::text::escape(&found.value),
                    state,
                    kind = &self.kind,
                    status = &self.status
                ),
            )),
            None => Some(ItemError::new(
                &self.path,
                at,
                crate::msg!(
                    "body-status-no-state",
                    value = crate::text::escape(&found.value),
                    workflow = &wf.name,
                    states = names.join(", "),
                    write = spec.value_for(&self.status)
                ),
            )),
        }
    }
}

/// An item file's bytes parsed as its format: JSON by its extension,
/// Markdown with a YAML frontmatter otherwise; at most 1 MiB.
fn parse_bytes(rel: &str, bytes: Vec<u8>) -> Result<Document, ItemError> {
    // A merge left its conflict markers: say so, and how to end it.
    if let Some(line) = bytes
        .split(|b| *b == b'\n')
        .position(|l| l.starts_with(b"<<<<<<< "))
    {
        return Err(ItemError::new(
            rel,
            Some((line + 1, 1)),
            crate::msg!("unresolved-merge-conflict-here"),
        ));
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ItemError::new(
            rel,
            None,
            crate::msg!("file-too-large", size = bytes.len(), most = MAX_FILE_BYTES),
        ));
    }
    let doc = if rel.ends_with(crate::workflow::items::Format::Json.extension()) {
        String::from_utf8(bytes)
            .map_err(|_| DocError::new(crate::msg!("doc-not-utf8")))
            .and_then(Document::parse_json)
    } else {
        Document::from_bytes(bytes)
    }
    .map_err(|e| ItemError::from_doc(rel, e))?;
    Ok(doc)
}

/// A document's frontmatter as a value, with `kind`, `id`, the state and
/// `title` as the text written in the file: `id: 1.10` is the string
/// `"1.10"`, never the number 1.1. The state is also `status`, whatever the
/// kind's state field (`task_status`), as the rules read it.
pub fn frontmatter_value(doc: &Document, shape: &Shape) -> Value {
    let mut v = doc.to_value();
    if let Value::Object(map) = &mut v
        && !map.contains_key("kind")
        && let Some(id_field) = &shape.id_field
        && let Ok(Some(id)) = doc.text_field(id_field)
    {
        map.insert("kind".to_owned(), Value::String(shape.kind.clone()));
        map.insert("id".to_owned(), Value::String(id.to_owned()));
    }
    if let Value::Object(map) = &mut v {
        let state_key = shape.state_field.as_str();
        for key in ["kind", "id", state_key, "title"] {
            if let Ok(Some(text)) = doc.text_field(key) {
                map.insert(key.to_owned(), Value::String(text.to_owned()));
                if key == state_key {
                    map.insert("status".to_owned(), Value::String(text.to_owned()));
                }
            }
        }
    }
    v
}

/// Whether a file named `name` in the item directory is an item: a
/// Markdown file, not hidden.
pub fn is_item_name(name: &str) -> bool {
    name.ends_with(".md") && !name.starts_with('.') && !name.contains('/')
}

/// Whether the file at `path` is named for item `id`: `<id>.md` or
/// `<id>.<anything>.md`, as `git orx new` names them, so that an ID leads
/// straight to its file.
pub fn named_for(path: &str, id: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.strip_prefix(id)
        .is_some_and(|rest| rest == ".md" || rest.starts_with('.'))
}

/// Whether `path` (relative to the root) is an item of the directory `dir`:
/// an item file directly in it, not in a folder below.
pub fn is_item_path(dir: &str, path: &str) -> bool {
    path.strip_prefix(dir)
        .and_then(|rest| rest.strip_prefix('/'))
        .is_some_and(is_item_name)
}

/// Reads a regular file (never through a symlink) of at most 1 MiB.
pub fn read_limited(path: &Path) -> Result<Vec<u8>, Message> {
    read_checked(path).map_err(|e| e.message())
}

/// Why [`read_checked`] read no file: the file is not one git-orx reads
/// (the user's to change), or the file system failed (a fault).
#[derive(Debug)]
pub enum ReadError {
    /// A symbolic link, not a regular file, larger than 1 MiB.
    File(Message),
    /// The system's error: the file is missing, unreadable, ...
    Io(std::io::Error),
}

impl ReadError {
    /// The problem as a message, as an item's problem is said.
    pub fn message(&self) -> Message {
        match self {
            ReadError::File(m) => m.clone(),
            ReadError::Io(e) => io_message(e),
        }
    }

    /// As the error of a command that needed the file at `path`: the
    /// system's failure a fault that keeps it as its source, the file's
    /// own problem what `refuse` makes of it.
    pub fn or_refused(
        self,
        path: &str,
        refuse: impl FnOnce(Message) -> crate::Error,
    ) -> crate::Error {
        match self {
            ReadError::Io(e) => crate::Error::io(crate::msg!("cannot-read-path", path = path), e),
            ReadError::File(m) => refuse(m),
        }
    }
}

/// [`read_limited`], with a file the system could not read told apart
/// from one git-orx will not read.
pub fn read_checked(path: &Path) -> Result<Vec<u8>, ReadError> {
    let meta = std::fs::symlink_metadata(path).map_err(ReadError::Io)?;
    if meta.file_type().is_symlink() {
        return Err(ReadError::File(crate::msg!("file-is-symlink")));
    }
    if !meta.is_file() {
        return Err(ReadError::File(crate::msg!("file-not-regular")));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(ReadError::File(crate::msg!(
            "file-too-large",
            size = meta.len(),
            most = MAX_FILE_BYTES
        )));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::File(crate::msg!(
            "file-grew-too-large",
            most = MAX_FILE_BYTES
        )));
    }
    Ok(bytes)
}

pub fn io_message(e: &std::io::Error) -> Message {
    match e.kind() {
        std::io::ErrorKind::NotFound => crate::msg!("file-does-not-exist"),
        std::io::ErrorKind::PermissionDenied => crate::msg!("file-permission-denied"),
        // What the system said, as it said it.
        _ => Message::text(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{check_id, slug};

    #[test]
    fn ids_are_single_path_safe_names() {
        for ok in ["1.2", "1.10", "A-3", "epic_2.story-4"] {
            assert_eq!(check_id(ok), Ok(()), "{ok}");
        }
        for bad in [
            "",
            "../x",
            "a/b",
            "a\\b",
            ".hidden",
            "-x",
            "a..b",
            "x.",
            "a b",
            "a\nb",
            "é",
            &"9".repeat(65),
        ] {
            assert!(check_id(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn slugs_are_short_lowercase_ascii_with_a_fallback() {
        assert_eq!(slug("User login"), "user-login");
        assert_eq!(
            slug("  OAuth 2.0: refresh tokens!  "),
            "oauth-2-0-refresh-tokens"
        );
        assert_eq!(slug("用户登录"), "yong-hu-deng-lu");
        assert_eq!(slug("Вход в систему"), "vkhod-v-sistemu");
        assert_eq!(slug("🚀"), "rocket");
        assert_eq!(slug("!!!"), "item");
        assert!(slug(&"word ".repeat(40)).len() <= 48);
    }

    #[test]
    fn items_need_kind_id_status() {
        let e = Item::from_bytes(
            Kinds::builtin(),
            "s.md",
            b"---\nkind: story\nstatus: Draft\n---\n".to_vec(),
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "s.md:2:1: `id` is missing");
        let e = Item::from_bytes(
            Kinds::builtin(),
            "s.md",
            b"---\nkind: story\nid: [1]\nstatus: x\n---\n".to_vec(),
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "s.md:3:5: `id` must be a single value");
        let i = Item::from_bytes(
            Kinds::builtin(),
            "s.md",
            b"---\nkind: story\nid: 1.10\nstatus: Draft\n---\n".to_vec(),
        )
        .unwrap();
        assert_eq!(
            (i.id.as_str(), i.label()),
            ("1.10", "story 1.10".to_owned())
        );
    }

    #[test]
    fn a_json_item_is_read_and_rewritten_keeping_its_key_order_and_formatting() {
        let text = "{\n  \"kind\": \"loop\",\n  \"id\": \"1.10\",\n  \"status\": \"Running\",\n  \"title\": \"Try it\",\n  \"rounds\": {\"dev\": 1},\n  \"zeta\": [1, 2]\n}\n";
        let i = Item::from_bytes(
            Kinds::builtin(),
            ".loop/1.10.json",
            text.as_bytes().to_vec(),
        )
        .unwrap();
        assert_eq!(
            (i.kind.name(), i.id.as_str(), i.status.as_str()),
            ("loop", "1.10", "Running")
        );
        assert_eq!(i.pos("status"), Some((4, 13)));
        let moved = i
            .doc
            .set(&["status"], &Value::String("Done".into()))
            .unwrap()
            .set(&["rounds", "qa"], &Value::from(2))
            .unwrap();
        assert_eq!(
            moved.text(),
            "{\n  \"kind\": \"loop\",\n  \"id\": \"1.10\",\n  \"status\": \"Done\",\n  \"title\": \"Try it\",\n  \"rounds\": {\"dev\": 1, \"qa\": 2},\n  \"zeta\": [1, 2]\n}\n"
        );
        let again = Item::from_document(Kinds::builtin(), ".loop/1.10.json", moved).unwrap();
        assert_eq!(again.status, "Done");
        assert!(again.doc.is_json());
        let bad = Item::from_bytes(
            Kinds::builtin(),
            ".loop/x.json",
            b"{\"kind\": \"loop\",}".to_vec(),
        )
        .unwrap_err();
        assert!(bad.message.to_string().contains("not valid JSON"), "{bad}");
        assert!(Item::from_bytes(Kinds::builtin(), ".loop/x.json", b"[1]".to_vec()).is_err());
    }
}
