//! The built-in workflow files as the YAML reader reads them, compiled into
//! the binary: every value with where it is written, so that reading a
//! built-in workflow parses no YAML.
//!
//! `builtin.rs` holds each built-in file's tree, generated from
//! `templates/workflows/*.yaml` and `templates/steps/*.yaml` by the YAML
//! reader itself (a test fails when it is stale: `ORX_UPDATE_BUILTIN=1
//! cargo test --lib builtin_trees` writes it again). A tree is read into
//! the same structures, with the same serde definitions, as the YAML: a
//! value read with its place (`Spanned`) gets the place the YAML reader
//! gave it, so messages about a built-in workflow still say its line.
//! A repository's own workflow files are YAML, parsed as before.

use serde::de::value::{BorrowedStrDeserializer, Error, MapDeserializer, SeqDeserializer};
use serde::de::{self, Deserializer, IntoDeserializer, Visitor};

/// One value of a file and where it is written (line, column: the place
/// it is used, and the place it is defined, which differ for an alias).
#[derive(Debug)]
pub(crate) struct Node {
    at: (u32, u32),
    defined: (u32, u32),
    value: Value,
}

/// What a value is, as the YAML reader resolved it.
#[derive(Debug)]
pub(crate) enum Value {
    Null,
    Bool(bool),
    /// A negative whole number (no built-in workflow has one today).
    #[allow(dead_code)]
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(&'static str),
    Seq(&'static [Node]),
    Map(&'static [(Node, Node)]),
}

/// A value used where it is defined.
pub(crate) const fn n(line: u32, column: u32, value: Value) -> Node {
    Node {
        at: (line, column),
        defined: (line, column),
        value,
    }
}

/// A value used (through an alias) elsewhere than where it is defined.
pub(crate) const fn a(line: u32, column: u32, dline: u32, dcolumn: u32, value: Value) -> Node {
    Node {
        at: (line, column),
        defined: (dline, dcolumn),
        value,
    }
}

impl Node {
    /// The tree read as a `T`, as the YAML would be.
    pub(crate) fn read<T: de::Deserialize<'static>>(&'static self) -> Result<T, Error> {
        T::deserialize(De(self))
    }

    /// The value under `key`, when this is a mapping that has it.
    pub(crate) fn get(&'static self, key: &str) -> Option<&'static Node> {
        match self.value {
            Value::Map(entries) => entries
                .iter()
                .find(|(k, _)| matches!(k.value, Value::Str(s) if s == key))
                .map(|(_, v)| v),
            _ => None,
        }
    }
}

/// The name `serde_saphyr::Spanned` asks a deserializer for, and the key
/// that marks the place it is then given (what the YAML reader gives it).
const SPANNED: &str = "__yaml_spanned";
const SPANNED_MARKER: &str = "__serde_saphyr_private_spanned";

/// A node as a serde deserializer.
#[derive(Clone, Copy)]
struct De(&'static Node);

impl<'de> Deserializer<'de> for De {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Int(i) => visitor.visit_i64(i),
            Value::Uint(u) => visitor.visit_u64(u),
            Value::Float(f) => visitor.visit_f64(f),
            Value::Str(s) => visitor.visit_borrowed_str(s),
            Value::Seq(items) => visitor.visit_seq(SeqDeserializer::new(items.iter().map(De))),
            Value::Map(entries) => visitor.visit_map(MapDeserializer::new(
                entries.iter().map(|(k, v)| (De(k), De(v))),
            )),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name == SPANNED {
            visitor.visit_newtype_struct(Placed(self.0))
        } else {
            visitor.visit_newtype_struct(self)
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0.value {
            Value::Str(s) => visitor.visit_enum(BorrowedStrDeserializer::<Error>::new(s)),
            _ => self.deserialize_any(visitor),
        }
    }

    /// A number or a boolean read as text is its text, as the YAML reader
    /// gives it.
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0.value {
            Value::Bool(b) => visitor.visit_string(b.to_string()),
            Value::Int(i) => visitor.visit_string(i.to_string()),
            Value::Uint(u) => visitor.visit_string(u.to_string()),
            Value::Float(f) => visitor.visit_string(f.to_string()),
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char bytes
        byte_buf unit unit_struct seq tuple tuple_struct map struct identifier
    }
}

impl IntoDeserializer<'_, Error> for De {
    type Deserializer = De;

    fn into_deserializer(self) -> De {
        self
    }
}

/// A node with its place, as `Spanned` reads it: the marker, then
/// `value`, `referenced` and `defined`.
struct Placed(&'static Node);

impl<'de> Deserializer<'de> for Placed {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let n = self.0;
        visitor.visit_map(MapDeserializer::new(
            [
                (SPANNED_MARKER, Field::Marker),
                ("value", Field::Value(n)),
                ("referenced", Field::Place(n.at)),
                ("defined", Field::Place(n.defined)),
            ]
            .into_iter(),
        ))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// One of the fields `Spanned` reads: the marker, the value, or a place
/// (line, column) as `serde_saphyr::Location` reads it.
enum Field {
    Marker,
    Value(&'static Node),
    Place((u32, u32)),
}

impl<'de> Deserializer<'de> for Field {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Field::Marker => visitor.visit_unit(),
            Field::Value(n) => De(n).deserialize_any(visitor),
            Field::Place((line, column)) => visitor.visit_map(MapDeserializer::new(
                [("line", line), ("column", column)].into_iter(),
            )),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self {
            Field::Value(n) => De(n).deserialize_newtype_struct(name, visitor),
            other => other.deserialize_any(visitor),
        }
    }

    /// The value itself is read as its type asks, as a node is.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Field::Value(n) => De(n).deserialize_option(visitor),
            other => other.deserialize_any(visitor),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self {
            Field::Value(n) => De(n).deserialize_enum(name, variants, visitor),
            other => other.deserialize_any(visitor),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self {
            Field::Value(n) => De(n).deserialize_str(visitor),
            other => other.deserialize_any(visitor),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char bytes
        byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

impl IntoDeserializer<'_, Error> for Field {
    type Deserializer = Field;

    fn into_deserializer(self) -> Field {
        self
    }
}

/// Fails unless `yaml` and `tree` (a value read from a file's YAML and
/// from its tree, as `{:?}` prints it) are the same, places included.
#[cfg(test)]
pub(super) fn assert_same_reading(what: &str, yaml: &str, tree: &str) {
    // The YAML reader's places also hold offsets in the text, which no
    // message says; a tree keeps lines and columns.
    let offsets = regex::Regex::new(r", span: Span \{[^}]*\}, source_id: \d+").unwrap();
    let (yaml, tree) = (offsets.replace_all(yaml, ""), offsets.replace_all(tree, ""));
    if yaml != tree {
        let at = yaml
            .bytes()
            .zip(tree.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(yaml.len().min(tree.len()));
        let around = |s: &str| {
            let b = s.as_bytes();
            String::from_utf8_lossy(
                &b[at.saturating_sub(300).min(b.len())..(at + 200).min(b.len())],
            )
            .into_owned()
        };
        panic!(
            "{what}: the tree reads otherwise than the YAML:\n{}\n---- tree ----\n{}",
            around(&yaml),
            around(&tree)
        );
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;
    use std::path::Path;

    use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
    use serde_saphyr::Spanned;

    use super::super::format::{parse_def, read_def};
    use super::super::{BUILTIN, builtin_tree};
    use super::assert_same_reading;

    /// `src/workflow/builtin.rs` is written from the YAML files;
    /// `ORX_UPDATE_BUILTIN=1` writes it again.
    #[test]
    fn committed_builtin_trees_are_those_of_the_yaml() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/workflow/builtin.rs");
        let made = file_source();
        if std::env::var_os("ORX_UPDATE_BUILTIN").is_some() {
            std::fs::write(&path, &made).unwrap();
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap();
        assert!(
            committed == made,
            "src/workflow/builtin.rs is stale (a built-in workflow changed): run \
             ORX_UPDATE_BUILTIN=1 cargo test --lib builtin_trees"
        );
    }

    /// A built-in workflow read from its tree is what its YAML reads as,
    /// every value with the same place (line and column).
    #[test]
    fn a_builtin_workflow_read_from_its_tree_is_its_yaml() {
        for (name, src) in BUILTIN {
            let yaml = format!("{:?}", parse_def(src, "built-in").unwrap());
            let tree = format!("{:?}", read_def(builtin_tree(name).unwrap()).unwrap());
            assert!(
                yaml.contains("referenced: Location { line: "),
                "{name}: places are compared"
            );
            assert_same_reading(name, &yaml, &tree);
        }
    }

    // ---- writing the trees from the YAML, by the YAML reader ----

    /// A value as the YAML reader gives it, with its place.
    enum Read {
        Null,
        Bool(bool),
        Int(i64),
        Uint(u64),
        Float(f64),
        Str(String),
        Seq(Vec<Spanned<Read>>),
        Map(Vec<(Spanned<Read>, Spanned<Read>)>),
    }

    impl<'de> Deserialize<'de> for Read {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Read, D::Error> {
            struct V;
            impl<'de> Visitor<'de> for V {
                type Value = Read;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("any YAML value")
                }
                fn visit_unit<E: de::Error>(self) -> Result<Read, E> {
                    Ok(Read::Null)
                }
                fn visit_none<E: de::Error>(self) -> Result<Read, E> {
                    Ok(Read::Null)
                }
                fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Read, D::Error> {
                    Read::deserialize(d)
                }
                fn visit_bool<E: de::Error>(self, b: bool) -> Result<Read, E> {
                    Ok(Read::Bool(b))
                }
                fn visit_i64<E: de::Error>(self, i: i64) -> Result<Read, E> {
                    Ok(Read::Int(i))
                }
                fn visit_u64<E: de::Error>(self, u: u64) -> Result<Read, E> {
                    Ok(Read::Uint(u))
                }
                fn visit_f64<E: de::Error>(self, f: f64) -> Result<Read, E> {
                    Ok(Read::Float(f))
                }
                fn visit_str<E: de::Error>(self, s: &str) -> Result<Read, E> {
                    Ok(Read::Str(s.to_owned()))
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Read, A::Error> {
                    let mut out = Vec::new();
                    while let Some(x) = seq.next_element()? {
                        out.push(x);
                    }
                    Ok(Read::Seq(out))
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Read, A::Error> {
                    let mut out = Vec::new();
                    while let Some(e) = map.next_entry()? {
                        out.push(e);
                    }
                    Ok(Read::Map(out))
                }
            }
            d.deserialize_any(V)
        }
    }

    /// The Rust source of the tree of `src`, as the YAML reader reads it
    /// with git-orx's options, indented `depth` levels.
    pub(crate) fn tree_source(src: &str, depth: usize) -> Result<String, serde_saphyr::Error> {
        let read: Spanned<Read> =
            serde_saphyr::from_str_with_options(src, crate::workflow::yaml_options())?;
        let mut out = String::new();
        write_node(&read, depth, &mut out);
        Ok(out)
    }

    /// What `src/workflow/builtin.rs` holds: the tree of each built-in
    /// workflow, from its YAML.
    pub(crate) fn file_source() -> String {
        let mut out = String::from(HEADER);
        for (path, src) in super::super::builtin_files() {
            let tree = tree_source(src, 1).unwrap_or_else(|e| panic!("{path}: {e}"));
            let _ = writeln!(out, "    ({path:?}, {tree}),");
        }
        out.push_str("];\n");
        out
    }

    const HEADER: &str = "\
// @generated by `ORX_UPDATE_BUILTIN=1 cargo test --lib builtin_trees` from
// templates/workflows/*.yaml and templates/steps/*.yaml, which it must
// match (that test fails when it does not). Do not edit.

//! The built-in workflows and shared steps as the YAML reader reads them
//! (see `tree.rs`).

#![allow(clippy::all)]

use super::tree::Value::*;
use super::tree::{Node, a, n};

/// Each file's tree, by its path under `templates/`.
#[rustfmt::skip]
pub(super) static TREES: &[(&str, Node)] = &[
";

    fn write_node(node: &Spanned<Read>, depth: usize, out: &mut String) {
        let (r, d) = (&node.referenced, &node.defined);
        if (r.line(), r.column()) == (d.line(), d.column()) {
            let _ = write!(out, "n({}, {}, ", r.line(), r.column());
        } else {
            let _ = write!(
                out,
                "a({}, {}, {}, {}, ",
                r.line(),
                r.column(),
                d.line(),
                d.column()
            );
        }
        let indent = "    ".repeat(depth + 1);
        match &node.value {
            Read::Null => out.push_str("Null"),
            Read::Bool(b) => {
                let _ = write!(out, "Bool({b})");
            }
            Read::Int(i) => {
                let _ = write!(out, "Int({i})");
            }
            Read::Uint(u) => {
                let _ = write!(out, "Uint({u})");
            }
            Read::Float(f) => {
                let _ = write!(out, "Float({f:?})");
            }
            Read::Str(s) => {
                let _ = write!(out, "Str({s:?})");
            }
            Read::Seq(items) => {
                out.push_str("Seq(&[\n");
                for x in items {
                    out.push_str(&indent);
                    write_node(x, depth + 1, out);
                    out.push_str(",\n");
                }
                let _ = write!(out, "{}])", "    ".repeat(depth));
            }
            Read::Map(entries) => {
                out.push_str("Map(&[\n");
                for (k, v) in entries {
                    out.push_str(&indent);
                    out.push('(');
                    write_node(k, depth + 1, out);
                    out.push_str(", ");
                    write_node(v, depth + 1, out);
                    out.push_str("),\n");
                }
                let _ = write!(out, "{}])", "    ".repeat(depth));
            }
        }
        out.push(')');
    }
}
