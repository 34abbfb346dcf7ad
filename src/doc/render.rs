//! Writes values as YAML scalars that every YAML reader reads back the same.
//!
//! A string is written plain only when no YAML 1.1 or 1.2 reader could take it
//! for something else (`no`, `on`, `0123`, `1.10`, `null` are quoted), and in a
//! flow collection only when it holds no flow indicator.

use granit_parser::ScalarStyle;
use serde_json::Value;

/// Renders a scalar or a list of scalars. `prefer` is the style of the value
/// being replaced, kept when it can represent the new value.
pub fn value(v: &Value, prefer: Option<ScalarStyle>, in_flow: bool) -> String {
    match v {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => number(n),
        Value::String(s) => string(s, prefer, in_flow),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(|i| value(i, None, true)).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(map) => {
            let entries: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", string(k, None, true), value(v, None, true)))
                .collect();
            format!("{{{}}}", entries.join(", "))
        }
    }
}

/// Integers as digits; floats always with a `.` or exponent so they stay floats.
/// A float as YAML writes it: always with a decimal point (`8.0`).
pub fn float(f: f64) -> String {
    serde_json::Number::from_f64(f).map_or_else(|| f.to_string(), |n| number(&n))
}

pub fn number(n: &serde_json::Number) -> String {
    if let Some(f) = n.as_f64().filter(|_| n.is_f64()) {
        let s = f.to_string();
        if s.contains(['.', 'e', 'E']) {
            s
        } else {
            format!("{s}.0")
        }
    } else {
        n.to_string()
    }
}

pub fn string(s: &str, prefer: Option<ScalarStyle>, in_flow: bool) -> String {
    match prefer {
        Some(ScalarStyle::SingleQuoted) if !s.chars().any(char::is_control) => {
            format!("'{}'", s.replace('\'', "''"))
        }
        Some(ScalarStyle::DoubleQuoted) => double_quoted(s),
        _ if plain_ok(s, in_flow) => s.to_owned(),
        _ => double_quoted(s),
    }
}

fn double_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() || c == '\u{feff}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Words that YAML 1.1 readers (PyYAML, js-yaml in some modes, Go's yaml.v2)
/// turn into booleans or null.
const AMBIGUOUS_WORDS: &[&str] = &[
    "y", "n", "yes", "no", "on", "off", "true", "false", "null", "~",
];

fn plain_ok(s: &str, in_flow: bool) -> bool {
    let Some(first) = s.chars().next() else {
        return false;
    };
    let lower = s.to_ascii_lowercase();
    if AMBIGUOUS_WORDS.contains(&lower.as_str()) || looks_numeric(s) || looks_like_date(s) {
        return false;
    }
    if "-?:,[]{}#&*!|>'\"%@`".contains(first) || first.is_whitespace() {
        return false;
    }
    if s.ends_with(char::is_whitespace) || s.ends_with(':') {
        return false;
    }
    if s.contains(": ") || s.contains(" #") || s.chars().any(|c| c.is_control() || c == '\u{feff}')
    {
        return false;
    }
    !(in_flow && s.contains([',', '[', ']', '{', '}']))
}

/// `2026-01-02...`: YAML 1.1 readers take dates and timestamps for dates.
fn looks_like_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 8 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-' && b[5].is_ascii_digit()
}

/// Anything a reader might take for a number: digits with dots, signs,
/// underscores, exponents, radix prefixes, sexagesimal colons, `.inf`, `.nan`.
fn looks_numeric(s: &str) -> bool {
    let t = s.strip_prefix(['-', '+']).unwrap_or(s);
    let lower = t.to_ascii_lowercase();
    if matches!(lower.as_str(), ".inf" | ".nan") {
        return true;
    }
    let starts_numeric = t.starts_with(|c: char| c.is_ascii_digit())
        || (t.starts_with('.') && t[1..].starts_with(|c: char| c.is_ascii_digit()));
    starts_numeric
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | ':' | '+' | '-'))
        && (t.chars().all(|c| !c.is_ascii_alphabetic())
            || lower.starts_with("0x")
            || lower.starts_with("0o")
            || lower.starts_with("0b")
            || lower.contains('e'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::yaml::resolve_plain;

    #[test]
    fn ambiguous_strings_are_quoted() {
        for s in [
            "no",
            "On",
            "YES",
            "0123",
            "1.10",
            "1e3",
            "0x1F",
            "null",
            "~",
            "",
            " lead",
            "trail ",
            "a: b",
            "a #b",
            "-x",
            "#x",
            "12:30",
            "1_000",
            ".5",
            ".inf",
            "@x",
            "x:",
            "2026-01-02",
            "2026-01-02T03:04:05Z",
        ] {
            let out = string(s, None, false);
            assert!(out.starts_with('"'), "{s:?} rendered as {out}");
        }
    }

    #[test]
    fn plain_strings_stay_plain() {
        for s in [
            "Draft",
            "User login",
            "api-contract",
            "v1.2-beta",
            "用户登录",
            "a-b_c.d",
        ] {
            assert_eq!(string(s, None, false), s);
        }
    }

    #[test]
    fn every_rendering_reads_back_as_the_same_string() {
        for s in [
            "no",
            "0123",
            "1.10",
            "a\"b\\c",
            "tab\there",
            "line\nbreak",
            "it's",
            "x, y",
        ] {
            for prefer in [
                None,
                Some(ScalarStyle::SingleQuoted),
                Some(ScalarStyle::DoubleQuoted),
            ] {
                let yaml = format!("k: {}\n", string(s, prefer, false));
                let node = crate::doc::yaml::parse(&yaml, 0, 1).unwrap().unwrap();
                assert_eq!(node.get("k").unwrap().to_value(), Value::from(s), "{yaml}");
            }
        }
    }

    #[test]
    fn numbers_keep_their_type() {
        assert_eq!(value(&serde_json::json!(8.0), None, false), "8.0");
        assert_eq!(value(&serde_json::json!(8.5), None, false), "8.5");
        assert_eq!(value(&serde_json::json!(3), None, false), "3");
        assert_eq!(resolve_plain("8.0"), serde_json::json!(8.0));
    }

    #[test]
    fn lists_are_flow_sequences() {
        let v = serde_json::json!(["api-contract", "a, b", "no"]);
        assert_eq!(value(&v, None, false), r#"[api-contract, "a, b", "no"]"#);
    }
}
