//! The messages of the command line in the user's language: each is said
//! by its ID (`t` for the command line's own, `m` for the library's), from
//! the resource files under `locales/`. The language is the config's
//! `lang`, or `--lang` for one call.

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

/// A message of the library in the language in force, worded with the
/// flag that takes the action it names ([`flags::by_id`]).
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

/// A list of roles in the language in force: `Dev, Lead or Human`, under
/// zh `Dev, Lead 或 Human`.
pub fn roles(roles: &[String]) -> String {
    m(&orx::workflow::role::list(roles))
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
}
