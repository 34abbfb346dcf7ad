//! A YAML tree that remembers where every node is in the file.
//!
//! Built from the events of `granit-parser` (the parser under serde-saphyr).
//! We build our own tree instead of deserialising with serde because one parse
//! must serve two needs: the values (for guards and typed fields, with scalars
//! kept as their source text so `1.10` and `no` stay what they are) and the
//! byte spans (for rewrites that change nothing else). The tree also enforces
//! the limits: nesting depth, a node budget that counts alias expansions (so
//! an alias bomb is refused), scalar keys only, no duplicate keys.

use std::collections::HashMap;
use std::ops::Range;

use granit_parser::{Event, Parser, ScalarStyle, Span, StructureStyle};
use serde_json::Value;

/// Deepest nesting of collections accepted in frontmatter.
pub const MAX_DEPTH: usize = 32;
/// Most nodes a frontmatter may hold, counting every alias expansion.
pub const MAX_NODES: usize = 10_000;

/// A node with its byte span in the whole file and its 1-based position.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub kind: NodeKind,
    pub span: Range<usize>,
    pub line: usize,
    pub col: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    Scalar {
        text: String,
        style: ScalarStyle,
        /// `!!str` and friends; `None` for untagged scalars.
        tag: Option<String>,
    },
    Seq {
        items: Vec<Node>,
        flow: bool,
    },
    Map {
        entries: Vec<(Node, Node)>,
        flow: bool,
        /// For a flow mapping, the byte offset of its closing `}`.
        close: Option<usize>,
    },
    /// `*name`: the span is the alias token, `target` a copy of the anchored node.
    Alias(Box<Node>),
}

/// A syntax or limit error at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {col}: {message}")]
pub struct YamlError {
    pub line: usize,
    pub col: usize,
    pub message: crate::text::message::Message,
}

impl Node {
    /// The value under `key` when this node is a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.target().kind {
            NodeKind::Map { entries, .. } => entries
                .iter()
                .find(|(k, _)| k.scalar_text() == Some(key))
                .map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value at a dotted path of mapping keys.
    pub fn get_path(&self, path: &[&str]) -> Option<&Node> {
        path.iter().try_fold(self, |node, key| node.get(key))
    }

    /// The node an alias points to, or this node.
    pub fn target(&self) -> &Node {
        match &self.kind {
            NodeKind::Alias(target) => target,
            _ => self,
        }
    }

    /// The source text of a scalar (after YAML escapes), whatever it resolves to.
    pub fn scalar_text(&self) -> Option<&str> {
        match &self.target().kind {
            NodeKind::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    /// True for `~`, `null` and an empty plain value.
    pub fn is_null(&self) -> bool {
        matches!(self.to_value(), Value::Null)
    }

    /// The node as a JSON-like value, plain scalars resolved by the YAML 1.2
    /// core schema (leading-zero numbers such as `0123` stay strings).
    pub fn to_value(&self) -> Value {
        match &self.target().kind {
            NodeKind::Scalar { text, style, tag } => match (style, tag.as_deref()) {
                (_, Some("str")) => Value::String(text.clone()),
                (ScalarStyle::Plain, _) => resolve_plain(text),
                _ => Value::String(text.clone()),
            },
            NodeKind::Seq { items, .. } => Value::Array(items.iter().map(Node::to_value).collect()),
            NodeKind::Map { entries, .. } => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.scalar_text().unwrap_or_default().to_owned(), v.to_value()))
                    .collect(),
            ),
            NodeKind::Alias(_) => Value::Null, // unreachable: target() resolved it
        }
    }
}

/// Resolves a plain scalar: null, booleans, decimal/hex/octal integers and
/// floats as YAML 1.2's core schema has them; everything else is a string.
pub fn resolve_plain(text: &str) -> Value {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
        "true" | "True" | "TRUE" => return Value::Bool(true),
        "false" | "False" | "FALSE" => return Value::Bool(false),
        _ => {}
    }
    if let Some(i) = parse_int(text) {
        return Value::from(i);
    }
    if looks_like_float(text)
        && let Ok(f) = text.parse::<f64>()
        && let Some(n) = serde_json::Number::from_f64(f)
    {
        return Value::Number(n);
    }
    Value::String(text.to_owned())
}

fn parse_int(text: &str) -> Option<i64> {
    if let Some(hex) = text.strip_prefix("0x") {
        return i64::from_str_radix(hex, 16).ok();
    }
    if let Some(oct) = text.strip_prefix("0o") {
        return i64::from_str_radix(oct, 8).ok();
    }
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    let decimal = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if decimal { text.parse().ok() } else { None }
}

fn looks_like_float(text: &str) -> bool {
    let t = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (mantissa, exponent) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let int_ok = digits(int) && (int.len() <= 1 || !int.starts_with('0'));
    let frac_ok = frac.is_none_or(digits);
    let has_digits = !int.is_empty() || frac.is_some_and(|f| !f.is_empty());
    let exp_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    (frac.is_some() || exponent.is_some()) && int_ok && frac_ok && has_digits && exp_ok
}

/// Parses the YAML `src`, which starts at byte `base` and line `first_line`
/// of its file. Returns `None` for an empty document.
pub fn parse(src: &str, base: usize, first_line: usize) -> Result<Option<Node>, YamlError> {
    let options = granit_parser::options! {
        flow_nesting_limit: MAX_DEPTH * 2,
        block_nesting_limit: MAX_DEPTH * 2,
    };
    let mut builder = Builder {
        events: Parser::new_from_str_with_options(src, options),
        base,
        line_offset: first_line - 1,
        anchors: HashMap::new(),
        budget: MAX_NODES,
        last: (first_line, 1),
    };
    builder.document()
}

struct Builder<'a> {
    events: Parser<'a, granit_parser::StrInput<'a>>,
    base: usize,
    line_offset: usize,
    anchors: HashMap<usize, (Node, usize)>,
    budget: usize,
    last: (usize, usize),
}

impl<'a> Builder<'a> {
    fn next(&mut self) -> Result<(Event<'a>, Span), YamlError> {
        match self.events.next() {
            Some(Ok((event, span))) => {
                self.last = (span.start.line() + self.line_offset, span.start.col() + 1);
                Ok((event, span))
            }
            Some(Err(e)) => Err(YamlError {
                line: e.marker().line() + self.line_offset,
                col: e.marker().col() + 1,
                // The parser's own guard against deep nesting says it in
                // its words; ours are the same limit's.
                message: match e.info() {
                    m if m.contains("recursion limit") => {
                        crate::msg!("yaml-nesting-too-deep", most = MAX_DEPTH)
                    }
                    m => crate::text::message::Message::text(m),
                },
            }),
            None => Err(self.error_at(self.last, crate::msg!("yaml-unexpected-end"))),
        }
    }

    fn error_at(
        &self,
        (line, col): (usize, usize),
        message: crate::text::message::Message,
    ) -> YamlError {
        YamlError { line, col, message }
    }

    fn document(&mut self) -> Result<Option<Node>, YamlError> {
        let mut root = None;
        loop {
            let (event, span) = self.next()?;
            match event {
                Event::StreamStart | Event::DocumentEnd => {}
                Event::StreamEnd => return Ok(root),
                Event::DocumentStart(..) if root.is_some() => {
                    return Err(self.error_at(
                        self.position(&span),
                        crate::msg!("yaml-more-than-one-document"),
                    ));
                }
                Event::DocumentStart(..) => {
                    let (event, span) = self.next()?;
                    root = Some(self.node(event, span, 0)?.0);
                }
                _ => {
                    return Err(
                        self.error_at(self.position(&span), crate::msg!("yaml-unexpected-event"))
                    );
                }
            }
        }
    }

    fn position(&self, span: &Span) -> (usize, usize) {
        (span.start.line() + self.line_offset, span.start.col() + 1)
    }

    fn range(&self, span: &Span) -> Range<usize> {
        let r = span.byte_range().unwrap_or(0..0);
        self.base + r.start..self.base + r.end
    }

    fn spend(&mut self, nodes: usize, at: (usize, usize)) -> Result<(), YamlError> {
        self.budget = self.budget.checked_sub(nodes).ok_or_else(|| {
            self.error_at(at, crate::msg!("yaml-too-many-nodes", most = MAX_NODES))
        })?;
        Ok(())
    }

    /// Builds the node that starts with `event`; returns it with its size in
    /// nodes (an alias counts the size of what it expands to).
    fn node(
        &mut self,
        event: Event<'a>,
        span: Span,
        depth: usize,
    ) -> Result<(Node, usize), YamlError> {
        let at = self.position(&span);
        let range = self.range(&span);
        let (kind, anchor, size, end) = match event {
            Event::Scalar(text, style, anchor, tag) => {
                self.spend(1, at)?;
                let tag = tag.and_then(|t| t.core_suffix().map(str::to_owned));
                let text = text.into_owned();
                (NodeKind::Scalar { text, style, tag }, anchor, 1, range.end)
            }
            Event::Alias(id) => {
                let (target, size) = self
                    .anchors
                    .get(&id)
                    .cloned()
                    .ok_or_else(|| self.error_at(at, crate::msg!("yaml-unknown-anchor")))?;
                self.spend(size, at)?;
                (NodeKind::Alias(Box::new(target)), 0, size, range.end)
            }
            Event::SequenceStart(style, anchor, _) => {
                self.enter(depth, at)?;
                let mut items = Vec::new();
                let mut size = 1;
                let mut end = range.end;
                loop {
                    let (event, span) = self.next()?;
                    if let Event::SequenceEnd = event {
                        if style == StructureStyle::Flow {
                            end = self.range(&span).end;
                        }
                        break;
                    }
                    let (item, n) = self.node(event, span, depth + 1)?;
                    end = end.max(item.span.end);
                    size += n;
                    items.push(item);
                }
                let flow = style == StructureStyle::Flow;
                (NodeKind::Seq { items, flow }, anchor, size, end)
            }
            Event::MappingStart(style, anchor, _) => {
                self.enter(depth, at)?;
                let mut entries: Vec<(Node, Node)> = Vec::new();
                let mut size = 1;
                let mut end = range.end;
                let mut close = None;
                loop {
                    let (event, span) = self.next()?;
                    if let Event::MappingEnd = event {
                        if style == StructureStyle::Flow {
                            let r = self.range(&span);
                            close = Some(r.start);
                            end = r.end;
                        }
                        break;
                    }
                    let key_at = self.position(&span);
                    let (key, n) = self.node(event, span, depth + 1)?;
                    let Some(name) = key.scalar_text() else {
                        return Err(self.error_at(key_at, crate::msg!("yaml-plain-keys-only")));
                    };
                    if let Some((first, _)) =
                        entries.iter().find(|(k, _)| k.scalar_text() == Some(name))
                    {
                        return Err(self.error_at(
                            key_at,
                            crate::msg!("yaml-duplicate-key", name, line = first.line),
                        ));
                    }
                    let (event, span) = self.next()?;
                    let (value, m) = self.node(event, span, depth + 1)?;
                    end = end.max(value.span.end);
                    size += n + m;
                    entries.push((key, value));
                }
                let flow = style == StructureStyle::Flow;
                (
                    NodeKind::Map {
                        entries,
                        flow,
                        close,
                    },
                    anchor,
                    size,
                    end,
                )
            }
            Event::UnresolvedAlias(_) => {
                return Err(self.error_at(at, crate::msg!("yaml-unknown-anchor")));
            }
            _ => return Err(self.error_at(at, crate::msg!("yaml-unexpected-event"))),
        };
        let node = Node {
            kind,
            span: range.start..end,
            line: at.0,
            col: at.1,
        };
        if anchor != 0 {
            self.anchors.insert(anchor, (node.clone(), size));
        }
        Ok((node, size))
    }

    fn enter(&mut self, depth: usize, at: (usize, usize)) -> Result<(), YamlError> {
        if depth >= MAX_DEPTH {
            return Err(self.error_at(at, crate::msg!("yaml-nesting-too-deep", most = MAX_DEPTH)));
        }
        self.spend(1, at)
    }
}
