//! The messages of the command line in the user's language: the English
//! text is the key, and [`CATALOG`] holds its Chinese. The language is the
//! config's `lang`, or `--lang` for one call; a message without a Chinese
//! entry stays English.

use std::fmt::Display;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static ZH: AtomicBool = AtomicBool::new(false);
static FORCED: OnceLock<String> = OnceLock::new();

/// `--lang`: the language of this call, whatever the config says.
pub fn force(lang: Option<&str>) {
    if let Some(l) = lang {
        let _ = FORCED.set(l.to_owned());
        ZH.store(l == "zh", Ordering::Relaxed);
    }
}

/// The language `--lang` chose, if it chose one.
pub fn forced() -> Option<&'static str> {
    FORCED.get().map(String::as_str)
}

/// Takes the language of a repository's config, unless `--lang` chose one;
/// returns the language in force.
pub fn from_config(lang: &str) -> &str {
    match forced() {
        Some(l) => l,
        None => {
            ZH.store(lang == "zh", Ordering::Relaxed);
            lang
        }
    }
}

/// Takes the language of the repository the command runs in (its
/// committed config, else the work tree's), unless `--lang` chose one: a
/// command speaks it even when it opens no workspace (`verify`, `log`,
/// `hooks`).
pub fn from_repo() {
    use orx::repo::config::{CONFIG_PATH, Config};
    if forced().is_some() {
        return;
    }
    let Ok(repo) = orx::git::Repo::discover() else {
        return;
    };
    let text = match repo.head_file(CONFIG_PATH) {
        Ok(Some(bytes)) => String::from_utf8(bytes).ok(),
        _ => std::fs::read_to_string(repo.root().join(CONFIG_PATH)).ok(),
    };
    if let Some(c) = text.and_then(|t| Config::parse(&t).ok()) {
        from_config(&c.lang);
    }
}

pub fn zh() -> bool {
    ZH.load(Ordering::Relaxed)
}

mod clap;
pub use clap::{BadValue, between};
pub mod flags;

use orx::text::message::{self, Lang};

/// The language in force.
pub fn lang() -> Lang {
    if zh() { Lang::Zh } else { Lang::En }
}

/// The message `id` in the language in force, each `{ $name }` given its
/// value.
pub fn t(id: &str, args: &[(&str, &dyn Display)]) -> String {
    message::say(lang(), id, args.iter().map(|(k, v)| (*k, v.to_string())))
}

/// A message of the library in the language in force (a text no message
/// names yet as it is, for [`localize`] to find).
pub fn m(message: &message::Message) -> String {
    message.render_worded(lang(), &flags::by_id)
}

/// What a workflow's condition says, in the language in force: its own
/// `zh:` under zh, else its description.
pub fn desc(c: &orx::engine::validate::ConditionCheck) -> &str {
    match (&c.zh, lang()) {
        (Some(zh), Lang::Zh) => zh,
        _ => &c.desc,
    }
}

/// A condition as a line in the language in force: what it says, the
/// values that explain it, and why it could not be evaluated.
pub fn condition(c: &orx::engine::validate::ConditionCheck) -> String {
    m(&c.message())
}

/// Every message, as an English template (`{name}` where an argument
/// goes) and its ID: what a line written in English is matched against.
fn entries() -> &'static [(String, &'static str)] {
    static ENTRIES: OnceLock<Vec<(String, &'static str)>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement};
        let mut out = Vec::new();
        for (file, en, _) in message::RESOURCES {
            // The library's messages are said by ID, in the language in
            // force already: never matched by their English.
            if ["library.ftl", "flags.ftl", "workflow.ftl"].contains(file) {
                continue;
            }
            let resource = fluent_syntax::parser::parse(*en).unwrap_or_else(|(r, _)| r);
            for entry in resource.body {
                let Entry::Message(msg) = entry else { continue };
                let Some(pattern) = msg.value else { continue };
                let mut text = String::new();
                for element in pattern.elements {
                    match element {
                        PatternElement::TextElement { value } => text.push_str(value),
                        PatternElement::Placeable {
                            expression:
                                Expression::Inline(InlineExpression::StringLiteral { value }),
                        } => text
                            .push_str(&fluent_syntax::unicode::unescape_unicode_to_string(value)),
                        PatternElement::Placeable {
                            expression:
                                Expression::Inline(InlineExpression::VariableReference { id }),
                        } => {
                            text.push('{');
                            text.push_str(id.name);
                            text.push('}');
                        }
                        PatternElement::Placeable { .. } => {}
                    }
                }
                // A message that is all one choice (a plural) has no
                // English of its own to match.
                if !text.trim().is_empty() {
                    out.push((text, msg.id.name));
                }
            }
        }
        out
    })
}

/// A line already written in English (by a command, or a message of the
/// library) in the language in force: an entry whose English is the whole
/// line, or whose English matches it with each `{name}` standing for some
/// text, which its Chinese then takes. Lines no entry matches stay as they
/// are; each line of a text is matched on its own.
pub fn localize(text: &str) -> std::borrow::Cow<'_, str> {
    // The library's line that names an action, worded with its flag first.
    if let Some(worded) = flags::word(text) {
        return std::borrow::Cow::Owned(in_language(&worded).into_owned());
    }
    in_language(text)
}

fn in_language(text: &str) -> std::borrow::Cow<'_, str> {
    if !zh() || text.is_empty() {
        return text.into();
    }
    if !text.contains('\n') {
        return localize_line(text).map_or(text.into(), Into::into);
    }
    text.split('\n')
        .map(|l| localize_line(l).unwrap_or_else(|| l.to_owned()))
        .collect::<Vec<_>>()
        .join("\n")
        .into()
}

fn localize_line(line: &str) -> Option<String> {
    if let Some((_, id)) = entries().iter().find(|(e, _)| e == line) {
        return Some(message::say(Lang::Zh, id, []));
    }
    type Template = (Vec<(&'static str, Option<&'static str>)>, &'static str);
    static TEMPLATES: OnceLock<Vec<Template>> = OnceLock::new();
    TEMPLATES
        .get_or_init(|| {
            entries()
                .iter()
                .filter(|(e, _)| e.contains('{') && matchable(e))
                .map(|(e, id)| (pieces(e), *id))
                .collect()
        })
        .iter()
        .find_map(|(p, id)| {
            let mut values = Vec::new();
            fill(p, line, &mut values).then(|| {
                let args = values.iter().map(|(k, v)| {
                    let v = match *k {
                        "text" | "text2" => localize_line(v).unwrap_or_else(|| v.clone()),
                        "roles" => or_zh(v),
                        // `stories`, `agents`: the kinds' names.
                        "kinds" => kinds(v),
                        // The values a condition found: `field = not set`.
                        "values" => self::values(v),
                        _ => v.clone(),
                    };
                    (*k, v)
                });
                message::say(Lang::Zh, id, args)
            })
        })
}

/// An English template split into its literal text and `{name}`s:
/// `(literal, Some(name))` pairs, the last name `None`.
fn pieces(en: &str) -> Vec<(&str, Option<&str>)> {
    let mut out = Vec::new();
    let mut rest = en;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push((&rest[..open], Some(&rest[open + 1..open + close])));
        rest = &rest[open + close + 1..];
    }
    out.push((rest, None));
    out
}

/// Whether a template is distinctive enough to be matched against any
/// line: it starts with text, or has at least 12 letters of its own, and
/// no two names stand side by side.
fn matchable(en: &str) -> bool {
    let p = pieces(en);
    let letters: usize = p
        .iter()
        .map(|(l, _)| l.chars().filter(|c| c.is_alphabetic()).count())
        .sum();
    let adjacent = p.iter().skip(1).any(|(l, n)| l.is_empty() && n.is_some());
    !adjacent && (!p[0].0.trim().is_empty() || letters >= 12)
}

/// Matches `line` against `pieces`, each name taking some non-empty text;
/// pushes the names' values.
fn fill<'a>(
    pieces: &[(&'a str, Option<&'a str>)],
    line: &str,
    values: &mut Vec<(&'a str, String)>,
) -> bool {
    let Some(((lit, name), rest)) = pieces.split_first() else {
        return line.is_empty();
    };
    let Some(after) = line.strip_prefix(lit) else {
        return false;
    };
    let Some(name) = name else {
        return after.is_empty();
    };
    let next = rest.first().map_or("", |(l, _)| l);
    if next.is_empty() {
        // The last name takes the rest of the line.
        values.push((name, after.to_owned()));
        return !after.is_empty() && rest.len() == 1;
    }
    // Each name takes at least one character.
    let mut from = after.chars().next().map_or(1, char::len_utf8);
    while let Some(i) = after.get(from..).and_then(|a| a.find(next)) {
        let end = from + i;
        let mark = values.len();
        values.push((name, after[..end].to_owned()));
        if fill(rest, &after[end..], values) {
            return true;
        }
        values.truncate(mark);
        from = end + 1;
        while !after.is_char_boundary(from) {
            from += 1;
        }
    }
    false
}

/// The values a condition found (`quality.score = not set, ...`) in the
/// language in force: a value not set is said so in Chinese.
pub fn values(text: &str) -> String {
    if zh() {
        text.replace("= not set", "= 未设置")
    } else {
        text.to_owned()
    }
}

/// The kinds a refusal names in the plural (`stories`, `agents`), by
/// their names (`story`, `agent`), as Chinese has no plural.
fn kinds(list: &str) -> String {
    match list.strip_suffix("ies") {
        Some(stem) => format!("{stem}y"),
        None => list.strip_suffix('s').unwrap_or(list).to_owned(),
    }
}

/// A list of roles in the language in force: `Dev, Lead or Human`, under
/// zh `Dev, Lead 或 Human`.
pub fn roles(roles: &[String]) -> String {
    m(&orx::workflow::role::list(roles))
}

/// A list the library worded (`Dev, Lead or Human`, `nobody`) in Chinese.
fn or_zh(list: &str) -> String {
    match list {
        "nobody" => "无人".to_owned(),
        _ => list.replace(" or ", " 或 "),
    }
}

/// A usage error of clap's in Chinese: its lines (what was wrong, then
/// clap's tips, after a blank line) and its usage line; `None` for a kind
/// of error this does not word.
pub fn usage_zh(e: &::clap::Error) -> Option<(Vec<String>, Option<String>)> {
    let mut lines = clap::message(e)?;
    let tips = clap::tips(e);
    if !tips.is_empty() {
        lines.push(String::new());
        lines.extend(tips.into_iter().map(|t| format!("  {t}")));
    }
    Some((lines, clap::usage(e)))
}

#[cfg(test)]
mod tests {
    /// Every condition's `desc:` of every built-in workflow and preset
    /// says itself in Chinese too: a `zh:` right below it, naming the
    /// same values.
    #[test]
    fn every_builtin_condition_has_chinese() {
        let key = regex::Regex::new(r#"^(\s*)(- )?(desc|zh): (.+)$"#).unwrap();
        let name = regex::Regex::new(r"\{[^{}]*\}").unwrap();
        let names = |t: &str| {
            let mut v: Vec<String> = name.find_iter(t).map(|m| m.as_str().to_owned()).collect();
            v.sort_unstable();
            v
        };
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let mut sources: Vec<(String, String)> = orx::workflow::BUILTIN
            .iter()
            .map(|(n, s)| ((*n).to_owned(), (*s).to_owned()))
            .collect();
        for e in std::fs::read_dir(root.join("presets")).unwrap() {
            let path = e.unwrap().path();
            if path.extension().is_some_and(|x| x == "yaml") {
                let text = std::fs::read_to_string(&path).unwrap();
                sources.push((path.display().to_string(), text));
            }
        }
        let mut missing = Vec::new();
        let mut seen = 0;
        for (workflow, text) in &sources {
            let lines: Vec<&str> = text.lines().collect();
            for (i, l) in lines.iter().enumerate() {
                let Some(c) = key.captures(l) else { continue };
                if &c[3] != "desc" {
                    continue;
                }
                seen += 1;
                let column = c[1].len() + c.get(2).map_or(0, |m| m.len());
                let zh = lines
                    .get(i + 1)
                    .and_then(|n| key.captures(n))
                    .filter(|z| &z[3] == "zh" && z.get(2).is_none() && z[1].len() == column);
                match zh {
                    Some(z) if names(&z[4]) == names(&c[4]) => {}
                    _ => missing.push(format!("{workflow}:{}: {}", i + 1, &c[4])),
                }
            }
        }
        assert!(
            seen > 100,
            "only {seen} conditions found: is the pattern right?"
        );
        assert!(
            missing.is_empty(),
            "no Chinese for:\n{}",
            missing.join("\n")
        );
    }

    /// Every message the code names exists: each ID given to `t(`,
    /// `msg!(` or `say(` as a literal is in the English resources (and so,
    /// by the library's own test, in the Chinese ones).
    #[test]
    fn every_message_the_code_names_exists() {
        let named = regex::Regex::new(
            r#"(?m)^[^/\n]*?(?:\bt\(|msg!\(|\bsay\([^,\n]*,)\s*"([a-z][a-z0-9]*(?:-[a-z0-9]+)*)""#,
        )
        .unwrap();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![root];
        let (mut seen, mut missing) = (0, Vec::new());
        while let Some(path) = files.pop() {
            if path.is_dir() {
                for e in std::fs::read_dir(&path).unwrap() {
                    files.push(e.unwrap().path());
                }
                continue;
            }
            if path.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for c in named.captures_iter(&text) {
                seen += 1;
                if !orx::text::message::exists(&c[1]) {
                    missing.push(format!("{}: {}", path.display(), &c[1]));
                }
            }
        }
        assert!(
            seen > 150,
            "only {seen} messages found: is the pattern right?"
        );
        assert!(
            missing.is_empty(),
            "no such message:\n{}",
            missing.join("\n")
        );
    }

    /// A line is matched whole against an entry, each name taking text.
    #[test]
    fn a_written_line_is_matched_against_its_template() {
        super::ZH.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            super::localize("task T1 waits for T2, T3 (not done yet)"),
            "task T1 等待 T2, T3 (尚未处于 done)"
        );
        assert_eq!(super::localize("none"), "无");
        // A template made of names and a short word matches no line.
        assert_eq!(super::localize("login is broken"), "login is broken");
        assert_eq!(super::localize("a\nnone"), "a\n无");
        // A story's line on the board is not taken for a message.
        assert_eq!(
            super::localize("  1.1      Pkg installed"),
            "  1.1      Pkg installed"
        );
        // A name may start with a character of more than one byte.
        assert_eq!(
            super::localize("  status: Done (owner: 无 (终止状态))"),
            "  状态:   Done (负责: 无 (终止状态))"
        );
    }
}
