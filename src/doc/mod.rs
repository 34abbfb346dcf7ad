//! Markdown documents with YAML frontmatter: reading them with positions and
//! limits, and rewriting single values without touching any other byte.
//!
//! A rewrite replaces the byte span of one value (or inserts one `key: value`
//! line), then parses the result again, so a rewrite can never produce a file
//! we would not read. Comments, key order, quoting, unknown keys, CRLF line
//! ends and the body are kept because they are never regenerated.

pub mod body;
pub mod frontmatter;
pub mod render;
pub mod yaml;

use granit_parser::ScalarStyle;
use serde_json::Value;

pub use frontmatter::{Split, SplitError};
pub use yaml::{Node, NodeKind, YamlError};

/// Largest item file we read.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// A problem with a document, at a 1-based line and column when there is one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", pos.map(|(l, c)| format!("line {l}, column {c}: ")).unwrap_or_default())]
pub struct DocError {
    pub pos: Option<(usize, usize)>,
    pub message: crate::text::message::Message,
}

impl DocError {
    pub fn new(message: crate::text::message::Message) -> Self {
        DocError { pos: None, message }
    }

    pub fn at(line: usize, col: usize, message: crate::text::message::Message) -> Self {
        DocError {
            pos: Some((line, col)),
            message,
        }
    }
}

impl DocError {
    /// The problem as a message: where (line and column, when known),
    /// then what.
    pub fn said(&self) -> crate::text::message::Message {
        match self.pos {
            Some((line, column)) => crate::msg!(
                "doc-line-column",
                line,
                column,
                problem = self.message.clone()
            ),
            None => self.message.clone(),
        }
    }
}

impl From<YamlError> for DocError {
    fn from(e: YamlError) -> Self {
        DocError::at(e.line, e.col, e.message)
    }
}

impl From<SplitError> for DocError {
    fn from(e: SplitError) -> Self {
        let pos = match e {
            SplitError::NoOpeningFence | SplitError::NoClosingFence => Some((1, 1)),
            SplitError::Empty => None,
        };
        let message = match e {
            SplitError::Empty => crate::msg!("file-empty-item-starts-fence"),
            SplitError::NoOpeningFence => crate::msg!("file-not-start-fence"),
            SplitError::NoClosingFence => crate::msg!("frontmatter-never-closed"),
        };
        DocError { pos, message }
    }
}

/// A parsed document: its exact text, where the parts are, and the
/// frontmatter's top-level mapping.
#[derive(Clone, Debug)]
pub struct Document {
    text: String,
    split: Split,
    root: Node,
    /// A plain YAML file (a config), not a Markdown document.
    plain: bool,
    /// A JSON file: the whole file is the object, rewritten as JSON.
    json: bool,
}

impl Document {
    /// Reads bytes, reporting invalid UTF-8 at its line and column.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Document, DocError> {
        match String::from_utf8(bytes) {
            Ok(text) => Document::parse(text),
            Err(e) => {
                let bytes = e.as_bytes();
                let bad = e.utf8_error().valid_up_to();
                let before = &bytes[..bad];
                let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
                let line_start = before
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let col = String::from_utf8_lossy(&before[line_start..])
                    .chars()
                    .count()
                    + 1;
                Err(DocError::at(line, col, crate::msg!("doc-not-utf8")))
            }
        }
    }

    pub fn parse(text: String) -> Result<Document, DocError> {
        let split = frontmatter::split(&text)?;
        Document::with_split(text, split, false)
    }

    /// A plain YAML file, such as `.orx/config.yaml`, for lossless edits.
    pub fn parse_yaml(text: String) -> Result<Document, DocError> {
        let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
        let end = text.len();
        let split = Split {
            yaml: 0..end,
            body: end..end,
            newline,
            first_line: 1,
        };
        Document::with_split(text, split, true)
    }

    /// A JSON item file: the whole file is the object. It is read as YAML
    /// too (JSON is YAML), for positions; [`Document::set`] writes it back
    /// as JSON with its keys in order and two-space indentation.
    pub fn parse_json(text: String) -> Result<Document, DocError> {
        let value: Value = serde_json::from_str(&text).map_err(|e| {
            DocError::at(
                e.line(),
                e.column().max(1),
                crate::msg!("doc-not-json", error = e.to_string()),
            )
        })?;
        if !value.is_object() {
            return Err(DocError::at(1, 1, crate::msg!("doc-not-json-object")));
        }
        let mut doc = Document::parse_yaml(text)?;
        doc.json = true;
        Ok(doc)
    }

    /// Whether the document is a JSON file.
    pub fn is_json(&self) -> bool {
        self.json
    }

    fn with_split(text: String, split: Split, plain: bool) -> Result<Document, DocError> {
        let yaml = &text[split.yaml.clone()];
        let root = yaml::parse(yaml, split.yaml.start, split.first_line)?;
        let root = match root {
            Some(node) if matches!(node.kind, NodeKind::Map { .. }) => node,
            Some(node) => {
                return Err(DocError::at(
                    node.line,
                    node.col,
                    crate::msg!("doc-frontmatter-not-mapping"),
                ));
            }
            None => {
                return Err(DocError::at(
                    split.first_line,
                    1,
                    crate::msg!("doc-frontmatter-empty"),
                ));
            }
        };
        Ok(Document {
            text,
            split,
            root,
            plain,
            json: false,
        })
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn body(&self) -> &str {
        &self.text[self.split.body.clone()]
    }

    /// A copy whose body is `body`, the frontmatter's bytes kept.
    pub fn with_body(&self, body: &str) -> Result<Document, DocError> {
        let mut text = String::with_capacity(self.split.body.start + body.len());
        text.push_str(&self.text[..self.split.body.start]);
        text.push_str(body);
        Document::parse(text)
    }

    pub fn newline(&self) -> &'static str {
        self.split.newline
    }

    pub fn root(&self) -> &Node {
        &self.root
    }

    /// The node at a path of keys, e.g. `["quality", "score"]`.
    pub fn get(&self, path: &[&str]) -> Option<&Node> {
        self.root.get_path(path)
    }

    /// The whole frontmatter as a JSON-like value.
    pub fn to_value(&self) -> Value {
        self.root.to_value()
    }

    /// A top-level field that must be a scalar, as its source text: `id: 1.10`
    /// is `"1.10"`, `title: no` is `"no"`. `Ok(None)` when absent or null.
    pub fn text_field(&self, key: &str) -> Result<Option<&str>, DocError> {
        match self.root.get(key) {
            None => Ok(None),
            Some(node) if node.is_null() && !is_quoted(node) => Ok(None),
            Some(node) => node.scalar_text().map(Some).ok_or_else(|| {
                DocError::at(
                    node.line,
                    node.col,
                    crate::msg!("doc-field-single-value", key),
                )
            }),
        }
    }

    /// Returns a copy with the value at `path` set to `value`, creating the
    /// missing mappings on the way. Only the bytes of that value change (or one
    /// `key: value` line is added); everything else is kept.
    pub fn set(&self, path: &[&str], value: &Value) -> Result<Document, DocError> {
        let dotted = path.join(".");
        let fail = |why: crate::text::message::Message| {
            DocError::new(crate::msg!("doc-cannot-rewrite", path = &dotted, why))
        };
        if self.json {
            return self.set_json(path, value, &fail);
        }
        let mut node = &self.root;
        for (i, key) in path.iter().enumerate() {
            let rest = &path[i + 1..];
            match node.get(key) {
                Some(child) if rest.is_empty() => return self.replace(child, value, &fail),
                Some(child) if matches!(child.target().kind, NodeKind::Map { .. }) => {
                    if matches!(child.kind, NodeKind::Alias(_)) {
                        return Err(fail(crate::msg!("doc-value-alias")));
                    }
                    node = child;
                }
                Some(child) if child.is_null() => {
                    return self.replace(child, &nest(rest, value), &fail);
                }
                Some(_) => return Err(fail(crate::msg!("doc-key-not-mapping", key = *key))),
                None => return self.insert(node, key, &nest(rest, value)),
            }
        }
        Err(fail(crate::msg!("doc-path-empty")))
    }

    fn replace(
        &self,
        node: &Node,
        value: &Value,
        fail: &dyn Fn(crate::text::message::Message) -> DocError,
    ) -> Result<Document, DocError> {
        let (range, text) = match &node.kind {
            NodeKind::Alias(_) => return Err(fail(crate::msg!("doc-value-alias"))),
            NodeKind::Scalar {
                style: ScalarStyle::Literal | ScalarStyle::Folded,
                ..
            } => return Err(fail(crate::msg!("doc-block-scalar"))),
            NodeKind::Scalar { .. } if node.span.is_empty() => {
                // An empty value (`key:`): write after the colon.
                let after = &self.text[node.span.start..];
                let colon = after
                    .find(':')
                    .filter(|&i| after[..i].trim().is_empty())
                    .ok_or_else(|| fail(crate::msg!("doc-no-colon")))?;
                let at = node.span.start + colon + 1;
                (
                    at..at,
                    format!(" {}", render::value(value, None, self.in_flow(node))),
                )
            }
            NodeKind::Scalar { style, .. } => (
                node.span.clone(),
                render::value(value, Some(*style), self.in_flow(node)),
            ),
            NodeKind::Seq { flow: false, .. } if matches!(value, Value::Array(a) if !a.is_empty()) =>
            {
                let indent = " ".repeat(node.col - 1);
                let Value::Array(items) = value else {
                    unreachable!()
                };
                let lines: Vec<String> = items
                    .iter()
                    .map(|i| format!("- {}", render::value(i, None, false)))
                    .collect();
                (
                    node.span.clone(),
                    lines.join(&format!("{}{indent}", self.newline())),
                )
            }
            _ => (
                node.span.clone(),
                render::value(value, None, self.in_flow(node)),
            ),
        };
        self.splice(range, &text)
    }

    /// [`Document::set`] for a JSON file: only the value's bytes change
    /// (a new key is added after the last one of its object, on a line of
    /// its own when the object's keys are on lines of their own); keys
    /// keep their order and everything else its formatting.
    fn set_json(
        &self,
        path: &[&str],
        value: &Value,
        fail: &dyn Fn(crate::text::message::Message) -> DocError,
    ) -> Result<Document, DocError> {
        let mut node = &self.root;
        for (i, key) in path.iter().enumerate() {
            let rest = &path[i + 1..];
            match node.get(key) {
                Some(child) if rest.is_empty() || child.is_null() => {
                    let text = self.json_text(&nest(rest, value), child.line);
                    return self.splice_json(child.span.clone(), &text);
                }
                Some(child) if matches!(child.kind, NodeKind::Map { .. }) => node = child,
                Some(_) => return Err(fail(crate::msg!("doc-key-not-object", key = *key))),
                None => return self.insert_json(node, key, &nest(rest, value), fail),
            }
        }
        Err(fail(crate::msg!("doc-path-empty")))
    }

    /// The leading whitespace of 1-based `line`.
    fn indent_of(&self, line: usize) -> &str {
        let text = self
            .text
            .split('\n')
            .nth(line.saturating_sub(1))
            .unwrap_or("");
        &text[..text.len() - text.trim_start().len()]
    }

    /// `value` as JSON, indented to continue on `line`.
    fn json_text(&self, value: &Value, line: usize) -> String {
        let pretty = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".to_owned());
        let nl = format!("{}{}", self.newline(), self.indent_of(line));
        pretty.replace('\n', &nl)
    }

    fn insert_json(
        &self,
        map: &Node,
        key: &str,
        value: &Value,
        fail: &dyn Fn(crate::text::message::Message) -> DocError,
    ) -> Result<Document, DocError> {
        let NodeKind::Map {
            entries,
            close: Some(close),
            ..
        } = &map.kind
        else {
            return Err(fail(crate::msg!("doc-on-way-not-object")));
        };
        let key = Value::String(key.to_owned()).to_string();
        let nl = self.newline();
        match entries.last() {
            Some((k, v)) => {
                let text = if k.line > map.line {
                    let pad = &self.text[self.line_start(k.line)..][..k.col.saturating_sub(1)];
                    let pad = if pad.trim().is_empty() {
                        pad.to_owned()
                    } else {
                        " ".repeat(k.col - 1)
                    };
                    format!(",{nl}{pad}{key}: {}", self.json_text(value, k.line))
                } else {
                    format!(", {key}: {}", self.json_text(value, k.line))
                };
                let at = v.span.end.max(k.span.end);
                self.splice_json(at..at, &text)
            }
            None => {
                let outer = self.indent_of(map.line).to_owned();
                let inner = format!("{outer}  ");
                let pretty = serde_json::to_string_pretty(value)
                    .unwrap_or_else(|_| "null".to_owned())
                    .replace('\n', &format!("{nl}{inner}"));
                let text = format!("{{{nl}{inner}{key}: {pretty}{nl}{outer}}}");
                self.splice_json(map.span.start..close + 1, &text)
            }
        }
    }

    /// The byte offset where 1-based `line` starts.
    fn line_start(&self, line: usize) -> usize {
        self.text
            .match_indices('\n')
            .nth(line.saturating_sub(2))
            .map_or(0, |(i, _)| if line <= 1 { 0 } else { i + 1 })
    }

    fn splice_json(&self, range: std::ops::Range<usize>, with: &str) -> Result<Document, DocError> {
        let mut text = String::with_capacity(self.text.len() + with.len());
        text.push_str(&self.text[..range.start]);
        text.push_str(with);
        text.push_str(&self.text[range.end..]);
        Document::parse_json(text)
            .map_err(|e| DocError::new(crate::msg!("doc-rewrite-invalid-json", error = e.said())))
    }

    /// True when `node` sits inside a flow collection, where `,[]{}` matter.
    fn in_flow(&self, node: &Node) -> bool {
        fn walk(n: &Node, target: &Node, in_flow: bool) -> Option<bool> {
            if std::ptr::eq(n, target) {
                return Some(in_flow);
            }
            match &n.kind {
                NodeKind::Seq { items, flow } => {
                    items.iter().find_map(|i| walk(i, target, in_flow || *flow))
                }
                NodeKind::Map { entries, flow, .. } => entries
                    .iter()
                    .find_map(|(_, v)| walk(v, target, in_flow || *flow)),
                _ => None,
            }
        }
        walk(&self.root, node, false).unwrap_or(false)
    }

    fn insert(&self, map: &Node, key: &str, value: &Value) -> Result<Document, DocError> {
        let NodeKind::Map {
            entries,
            flow,
            close,
        } = &map.kind
        else {
            return Err(DocError::new(crate::msg!("doc-cannot-add", key)));
        };
        let key_text = render::string(key, None, *flow);
        if *flow {
            let close = close.ok_or_else(|| DocError::new(crate::msg!("doc-flow-no-brace")))?;
            return match entries.last() {
                None => self.splice(
                    close..close,
                    &format!("{key_text}: {}", render::value(value, None, true)),
                ),
                Some((_, last)) => self.splice(
                    last.span.end..last.span.end,
                    &format!(", {key_text}: {}", render::value(value, None, true)),
                ),
            };
        }
        let indent = entries.first().map_or(0, |(k, _)| k.col - 1);
        let at = match entries.last() {
            Some((_, last)) => self.line_end(last.span.end),
            None => map.span.end,
        };
        let nl = self.newline();
        let text = block_entry(key_text, value, indent, nl);
        self.splice(at..at, &text)
    }

    /// The start of the line after the one holding byte `pos`.
    fn line_end(&self, pos: usize) -> usize {
        if pos > 0 && self.text.as_bytes()[pos - 1] == b'\n' {
            return pos;
        }
        self.text[pos..]
            .find('\n')
            .map_or(self.split.yaml.end, |i| pos + i + 1)
    }

    fn splice(&self, range: std::ops::Range<usize>, with: &str) -> Result<Document, DocError> {
        let mut text = String::with_capacity(self.text.len() + with.len());
        text.push_str(&self.text[..range.start]);
        text.push_str(with);
        text.push_str(&self.text[range.end..]);
        let parsed = if self.plain {
            Document::parse_yaml(text)
        } else {
            Document::parse(text)
        };
        parsed.map_err(|e| DocError::new(crate::msg!("doc-rewrite-invalid-yaml", error = e.said())))
    }
}

fn is_quoted(node: &Node) -> bool {
    matches!(
        node.target().kind,
        NodeKind::Scalar {
            style: ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted,
            ..
        }
    )
}

/// `["a", "b"]`, `v` → `{a: {b: v}}`.
fn nest(path: &[&str], value: &Value) -> Value {
    path.iter().rev().fold(value.clone(), |v, key| {
        let mut map = serde_json::Map::new();
        map.insert((*key).to_owned(), v);
        Value::Object(map)
    })
}

/// `key: value` lines at `indent`, nested mappings in block style.
fn block_entry(key: String, value: &Value, indent: usize, nl: &str) -> String {
    let pad = " ".repeat(indent);
    match value {
        Value::Object(map) if !map.is_empty() => {
            let mut out = format!("{pad}{key}:{nl}");
            for (k, v) in map {
                out.push_str(&block_entry(
                    render::string(k, None, false),
                    v,
                    indent + 2,
                    nl,
                ));
            }
            out
        }
        _ => format!("{pad}{key}: {}{nl}", render::value(value, None, false)),
    }
}

#[cfg(test)]
mod tests;
