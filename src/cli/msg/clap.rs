//! clap's own usage errors (an unknown argument, a missing one, a bad
//! value, an unknown subcommand) in the language in force, written from
//! the error's kind and context rather than from clap's English.

use super::Voice;
use clap::error::{ContextKind as C, ContextValue as V, ErrorKind as K};
use orx::msg;
use orx::text::message::Message;

/// The values clap gave for `kind`, as text.
fn values(e: &clap::Error, kind: C) -> Vec<String> {
    match e.get(kind) {
        Some(V::String(s)) => vec![s.clone()],
        Some(V::Strings(v)) => v.clone(),
        Some(V::StyledStr(s)) => vec![s.to_string()],
        Some(V::StyledStrs(v)) => v.iter().map(ToString::to_string).collect(),
        Some(V::Number(n)) => vec![n.to_string()],
        _ => Vec::new(),
    }
}

fn quoted(v: &[String]) -> String {
    v.iter()
        .map(|s| format!("'{s}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What was wrong, in lines (the first says it; a list of the values
/// allowed may follow), or `None` for a kind this does not word.
pub fn message(v: &Voice, e: &clap::Error) -> Option<Vec<String>> {
    let first = |k| values(e, k).into_iter().next().unwrap_or_default();
    let arg = first(C::InvalidArg);
    let value = first(C::InvalidValue);
    let line = match e.kind() {
        K::UnknownArgument => v.t("unexpected-argument-arg-found", &[("arg", &arg)]),
        K::InvalidSubcommand => v.t(
            "unrecognized-subcommand-sub",
            &[("sub", &first(C::InvalidSubcommand))],
        ),
        K::MissingRequiredArgument => v.t(
            "following-required-arguments-were-not",
            &[("args", &values(e, C::InvalidArg).join(", "))],
        ),
        K::MissingSubcommand => v.t(
            "name-requires-subcommand-but-one",
            &[("name", &first(C::InvalidSubcommand))],
        ),
        K::InvalidValue if value.is_empty() => v.t("value-required-arg-but-none", &[("arg", &arg)]),
        K::InvalidValue => v.t(
            "invalid-value-value-arg",
            &[("value", &value), ("arg", &arg)],
        ),
        K::ValueValidation => {
            let why = std::error::Error::source(e)
                .map(|s| why(v, s))
                .unwrap_or_default();
            v.t(
                "invalid-value-value-arg-why",
                &[("value", &value), ("arg", &arg), ("why", &why)],
            )
        }
        K::ArgumentConflict => {
            let prior = values(e, C::PriorArg);
            if prior.is_empty() {
                v.t("argument-arg-cannot-used-one", &[("arg", &arg)])
            } else {
                v.t(
                    "argument-arg-cannot-used-others",
                    &[("arg", &arg), ("others", &quoted(&prior))],
                )
            }
        }
        K::InvalidUtf8 => v.t("argument-not-utf8", &[]),
        K::NoEquals => v.t("equal-sign-needed-when-assigning", &[("arg", &arg)]),
        K::TooManyValues => v.t(
            "unexpected-value-value-arg-found",
            &[("value", &value), ("arg", &arg)],
        ),
        K::TooFewValues | K::WrongNumberOfValues => v.t(
            "arg-takes-different-number-values",
            &[("arg", &arg), ("n", &first(C::ActualNumValues))],
        ),
        _ => return None,
    };
    let mut lines = vec![line];
    let valid = values(e, C::ValidValue);
    if matches!(e.kind(), K::InvalidValue) && !valid.is_empty() {
        let list = valid.join(", ");
        lines.push(v.t("possible-values-list", &[("list", &list)]));
    }
    let subs = values(e, C::ValidSubcommand);
    if matches!(e.kind(), K::MissingSubcommand) && !subs.is_empty() {
        let list = subs.join(", ");
        lines.push(v.t("subcommands-list", &[("list", &list)]));
    }
    Some(lines)
}

/// The tips clap offers with an error: a similar subcommand, argument or
/// value, or how to pass something that looks like a flag.
pub fn tips(v: &Voice, e: &clap::Error) -> Vec<String> {
    let mut out = Vec::new();
    for (kind, one, many) in [
        (
            C::SuggestedSubcommand,
            "tip-similar-subcommand-exists-list",
            "tip-some-similar-subcommands-exist",
        ),
        (
            C::SuggestedArg,
            "tip-similar-argument-exists-list",
            "tip-some-similar-arguments-exist",
        ),
        (
            C::SuggestedValue,
            "tip-similar-value-exists-list",
            "tip-some-similar-values-exist",
        ),
    ] {
        let given = values(e, kind);
        if !given.is_empty() {
            let en = if given.len() == 1 { one } else { many };
            out.push(v.t(en, &[("list", &quoted(&given))]));
        }
    }
    let arg = values(e, C::InvalidArg)
        .into_iter()
        .next()
        .unwrap_or_default();
    let sub = values(e, C::InvalidSubcommand)
        .into_iter()
        .next()
        .unwrap_or_default();
    for s in values(e, C::Suggested) {
        out.push(v.t("tip-text", &[("text", &suggestion(v, &s, &arg, &sub))]));
    }
    out
}

/// Why a value was refused: a message of a parser of ours in the language
/// in force, an integer's fault by its kind; any other as its parser
/// said it.
fn why(v: &Voice, source: &(dyn std::error::Error + 'static)) -> String {
    if let Some(BadValue(m)) = source.downcast_ref::<BadValue>() {
        return v.m(m);
    }
    match source.downcast_ref::<std::num::ParseIntError>() {
        Some(e) => v.m(&int_fault(e)),
        None => source.to_string(),
    }
}

/// Why a text is not a whole number, as a message.
fn int_fault(e: &std::num::ParseIntError) -> Message {
    use std::num::IntErrorKind as I;
    match e.kind() {
        I::InvalidDigit => msg!("invalid-digit-found-string"),
        I::Empty => msg!("cannot-parse-integer-empty-string"),
        I::PosOverflow => msg!("number-too-large-fit-target"),
        _ => Message::text(e.to_string()),
    }
}

/// One of clap's suggestions in the language in force: how to pass a
/// value that looks like a flag or a subcommand (the forms clap writes
/// for `arg` or `sub`); any other as clap words it.
fn suggestion(v: &Voice, s: &str, arg: &str, sub: &str) -> String {
    for (value, rest) in [(arg, format!("-- {arg}")), (sub, format!(" -- {sub}"))] {
        if value.is_empty() {
            continue;
        }
        let Some(prefix) = s
            .strip_prefix(&format!("to pass '{value}' as a value, use '"))
            .and_then(|r| r.strip_suffix(&format!("{rest}'")))
        else {
            continue;
        };
        let rest = format!("{prefix}{rest}");
        return v.t(
            "pass-arg-value-use-rest",
            &[("arg", &value), ("rest", &rest)],
        );
    }
    s.to_owned()
}

/// A value a parser of ours refused, said as a message: clap keeps it as
/// the usage error's source, and [`message`] says it in the language in
/// force.
#[derive(Debug)]
pub struct BadValue(pub Message);

impl std::fmt::Display for BadValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for BadValue {}

/// A whole number from `LO` to `HI`, for a flag's value.
pub fn between<const LO: u64, const HI: u64>(text: &str) -> Result<u64, BadValue> {
    match text.parse::<u64>() {
        Ok(n) if (LO..=HI).contains(&n) => Ok(n),
        Ok(n) => Err(BadValue(msg!(
            "number-not-in-range",
            n = n.to_string(),
            lo = LO.to_string(),
            hi = HI.to_string()
        ))),
        Err(e) => Err(BadValue(int_fault(&e))),
    }
}

/// The usage line clap shows with an error, its heading in the language
/// in force.
pub fn usage(v: &Voice, e: &clap::Error) -> Option<String> {
    let u = values(e, C::Usage).into_iter().next()?;
    Some(match u.strip_prefix("Usage:") {
        Some(rest) => format!("{}{rest}", v.t("usage", &[])),
        None => u,
    })
}
