//! The `--json` outputs as types: each command builds one of them and
//! prints it, and the JSON Schema `git orx schema` prints (the files under
//! `schemas/`) is generated from the same type, so the two cannot drift.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde_json::Value;

pub mod adopt;
pub mod backup;
pub mod board;
pub mod change;
pub mod checkpoint;
pub mod envelope;
pub mod goal;
pub mod history;
pub mod lines;
pub mod loop_act;
pub mod loops;
mod map;
pub mod restore;
pub mod review;
pub mod run;
pub mod schemas;
pub mod shared_steps;

pub use change::{Change, ChangeExtra, NextMove};
pub use envelope::Envelope;
pub use map::Keyed;

/// The output's format version, always 1 (`"version": 1`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Version;

impl serde::Serialize for Version {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(1)
    }
}

impl JsonSchema for Version {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Version".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({"const": 1, "description": "the output's format version"})
    }
}

/// The JSON Schema of the output `T`, as published: the draft, the
/// schema's address (from `name`), its title and description first, then
/// what `T` generates. Doc comments are wrapped lines: a description is
/// them joined, one paragraph a line.
pub fn document<T: JsonSchema>(name: &str) -> Value {
    let mut settings = schemars::generate::SchemaSettings::draft2020_12().for_serialize();
    settings
        .transforms
        .push(Box::new(schemars::transform::RecursiveTransform(
            unwrap_descriptions,
        )));
    let schema = settings.into_generator().into_root_schema_for::<T>();
    let Value::Object(mut generated) = schema.to_value() else {
        unreachable!("a struct's schema is an object")
    };
    let mut out = serde_json::Map::new();
    out.insert(
        "$schema".to_owned(),
        generated.shift_remove("$schema").unwrap_or(Value::Null),
    );
    out.insert(
        "$id".to_owned(),
        Value::String(format!("https://git-orx.dev/schemas/{name}.json")),
    );
    for k in ["title", "description", "type"] {
        if let Some(v) = generated.shift_remove(k) {
            out.insert(k.to_owned(), v);
        }
    }
    let defs = generated.shift_remove("$defs");
    out.extend(generated);
    if let Some(defs) = defs {
        out.insert("$defs".to_owned(), defs);
    }
    Value::Object(out)
}

/// A description written as a doc comment, on one line: lines joined
/// with a space, paragraphs kept apart; `additionalProperties` after the
/// properties it closes.
fn unwrap_descriptions(schema: &mut Schema) {
    if let Some(o) = schema.as_object_mut()
        && o.contains_key("properties")
        && let Some(closed) = o.shift_remove("additionalProperties")
    {
        let after = if o.contains_key("required") {
            "required"
        } else {
            "properties"
        };
        let mut rest = std::mem::take(o).into_iter();
        for (k, v) in rest.by_ref() {
            let last = k == after;
            o.insert(k, v);
            if last {
                break;
            }
        }
        o.insert("additionalProperties".to_owned(), closed);
        o.extend(rest);
    }
    if let Some(Value::String(d)) = schema.get_mut("description") {
        *d = d
            .split("\n\n")
            .map(|p| p.split('\n').map(str::trim).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n\n");
    }
}
