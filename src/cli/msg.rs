//! The messages of the command line in the user's language: each is said
//! by its ID (`t` for the command line's own, `m` for the library's), from
//! the resource files under `locales/`, by the command's [`Voice`], which
//! its context holds: the language (the config's `lang`, or `--lang` for
//! one call) and the repository's spellings of its roles. No process-wide
//! global holds either.

use std::fmt::Display;

mod clap;
pub use clap::{BadValue, between};
pub mod flags;

use orx::text::message::{self, Lang};
use orx::workflow::role::Roles;

/// How a command speaks: the language in force and the roles of the
/// repository it opened, whose spellings (`PM` for `pm`) name its roles.
/// Held by the command's context ([`crate::cli::Ui`]); a function without
/// the context is given it (or its [`Lang`]).
#[derive(Clone, Debug, Default)]
pub struct Voice {
    lang: Lang,
    roles: Roles,
}

impl Voice {
    pub fn new(lang: Lang) -> Voice {
        Voice {
            lang,
            roles: Roles::default(),
        }
    }

    /// The language in force.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// Takes the roles of the repository's rules, whose spellings name
    /// its roles.
    pub fn set_roles(&mut self, roles: &Roles) {
        self.roles = roles.clone();
    }

    pub fn is_zh(&self) -> bool {
        self.lang == Lang::Zh
    }

    /// The message `id` in the language in force, each `{ $name }` given
    /// its value.
    pub fn t(&self, id: &str, args: &[(&str, &dyn Display)]) -> String {
        message::say(self.lang, id, args.iter().map(|(k, v)| (*k, v.to_string())))
    }

    /// A message of the library in the language in force, worded with the
    /// flag that takes the action it names ([`flags::by_id`]), each role
    /// in it spelt as the repository's rules spell it.
    pub fn m(&self, message: &message::Message) -> String {
        message.render_with(self.lang, &flags::by_id, &|r| {
            self.roles.spelt(r).map(str::to_owned)
        })
    }

    /// A message in English with the repository's spellings of its roles
    /// (the `message` of a refusal in `--json`, which is data).
    pub fn english(&self, message: &message::Message) -> String {
        message.render_with(Lang::En, &|_| None, &|r| {
            self.roles.spelt(r).map(str::to_owned)
        })
    }

    /// A role as the repository's rules spell it: `sm` → `SM`, a team's
    /// `pm` → `PM` where its config spells it so.
    pub fn role(&self, role: &str) -> String {
        self.roles.display(role)
    }

    /// A list of roles in the language in force: `Dev, Lead or Human`,
    /// under zh `Dev, Lead 或 Human`.
    pub fn roles(&self, roles: &[String]) -> String {
        self.m(&orx::workflow::role::list(roles))
    }

    /// What a workflow's condition says, in the language in force: its
    /// own `zh:` under zh, else its description.
    pub fn desc<'a>(&self, c: &'a orx::engine::validate::ConditionCheck) -> &'a str {
        match (&c.zh, self.lang) {
            (Some(zh), Lang::Zh) => zh,
            _ => &c.desc,
        }
    }

    /// A condition as a line in the language in force: what it says, the
    /// values that explain it, and why it could not be evaluated.
    pub fn condition(&self, c: &orx::engine::validate::ConditionCheck) -> String {
        self.m(&c.message())
    }
}

/// The language the command line names (`--lang zh`, `--lang=zh`),
/// before it is parsed: for a call whose command line clap refuses, and
/// for the overview.
pub fn named_on_command_line(args: &[String]) -> Option<Lang> {
    let args: Vec<&String> = args.iter().take_while(|a| *a != "--").collect();
    args.windows(2)
        .find(|w| w[0] == "--lang")
        .map(|w| w[1].as_str())
        .or_else(|| args.iter().find_map(|a| a.strip_prefix("--lang=")))
        .map(Lang::named)
}

/// The language and the roles of the repository the command runs in (its
/// committed config, else the work tree's): a command speaks them even
/// when it opens no workspace (`verify`, `log`, `hooks`). `None` outside a
/// repository or when its config cannot be read.
pub fn of_repo() -> Option<(Lang, Roles)> {
    use orx::repo::config::{CONFIG_PATH, Config};
    let repo = orx::git::Repo::discover().ok()?;
    let text = match repo.head_file(CONFIG_PATH) {
        Ok(Some(bytes)) => String::from_utf8(bytes).ok(),
        _ => std::fs::read_to_string(repo.root().join(CONFIG_PATH)).ok(),
    };
    text.and_then(|t| Config::parse(&t).ok())
        .map(|c| (Lang::named(&c.lang), c.roles()))
}

/// A usage error of clap's in the language of `v`: its lines (what was
/// wrong, then clap's tips, after a blank line) and its usage line; `None`
/// for a kind of error this does not word.
pub fn usage_in(v: &Voice, e: &::clap::Error) -> Option<(Vec<String>, Option<String>)> {
    let mut lines = clap::message(v, e)?;
    let tips = clap::tips(v, e);
    if !tips.is_empty() {
        lines.push(String::new());
        lines.extend(tips.into_iter().map(|t| format!("  {t}")));
    }
    Some((lines, clap::usage(v, e)))
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
