//! Messages by ID: every text git-orx says to a user is a named message
//! with arguments, whose English and Chinese live in Fluent resource files
//! (`locales/en/*.ftl`, `locales/zh/*.ftl`), compiled into the binary.
//! Nothing is matched by its English: a message is found by its ID, and a
//! reworded English text cannot lose its Chinese, because the Chinese is
//! found by the same ID.
//!
//! The library builds [`Message`] values (with [`msg!`](crate::msg)) and
//! never chooses a language; the command line renders them in the one in
//! force ([`Message::render`]). A message's `Display` is its English.

use std::fmt;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language git-orx speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    /// The language a config's `lang` names (`zh`; anything else is
    /// English, as the config's check allows only those two).
    pub fn named(name: &str) -> Lang {
        if name == "zh" { Lang::Zh } else { Lang::En }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }
}

/// The resource files, by language: the same file names in each.
pub const RESOURCES: &[(&str, &str, &str)] = &[
    (
        "commands.ftl",
        include_str!("../../locales/en/commands.ftl"),
        include_str!("../../locales/zh/commands.ftl"),
    ),
    (
        "library.ftl",
        include_str!("../../locales/en/library.ftl"),
        include_str!("../../locales/zh/library.ftl"),
    ),
    (
        "flags.ftl",
        include_str!("../../locales/en/flags.ftl"),
        include_str!("../../locales/zh/flags.ftl"),
    ),
    (
        "kinds.ftl",
        include_str!("../../locales/en/kinds.ftl"),
        include_str!("../../locales/zh/kinds.ftl"),
    ),
    (
        "enforce.ftl",
        include_str!("../../locales/en/enforce.ftl"),
        include_str!("../../locales/zh/enforce.ftl"),
    ),
    (
        "workflow.ftl",
        include_str!("../../locales/en/workflow.ftl"),
        include_str!("../../locales/zh/workflow.ftl"),
    ),
];

/// A named message and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
}

/// An argument of a message: a text (a name, a number, a path: given as
/// it is), or another message, rendered in the same language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Message(Message),
}

/// The ID of a [`Message::text`]: no resource has it.
const TEXT: &str = "";

/// The ID of a [`Message::said`]: no resource has it.
const SAID: &str = "\u{1}said";

/// The ID of a [`Message::roles`]: no resource has it.
const ROLES: &str = "\u{1}roles";

impl Message {
    /// A text said as it is, in every language: what another program
    /// wrote (git's own error), or a text no message names yet.
    pub fn text(text: impl Into<String>) -> Message {
        Message {
            id: TEXT,
            args: vec![("text", Arg::Text(text.into()))],
        }
    }

    /// A text the rules give in each language (a workflow's `desc:` and
    /// its `zh:`): said in Chinese where it has one, else in English.
    pub fn said(en: impl Into<String>, zh: Option<&str>) -> Message {
        let mut args = vec![("en", Arg::Text(en.into()))];
        if let Some(zh) = zh {
            args.push(("zh", Arg::Text(zh.to_owned())));
        }
        Message { id: SAID, args }
    }

    /// Roles, each by its name (`pm`) and how it is shown when the
    /// renderer knows no other spelling for it (`Pm`), joined by commas:
    /// the renderer says each as the repository's rules spell it
    /// ([`Message::render_with`]), so that a library message names a
    /// team's role (`PM`) without a process-wide table of spellings.
    pub fn roles<N: Into<String>, S: Into<String>>(
        roles: impl IntoIterator<Item = (N, S)>,
    ) -> Message {
        let mut args = Vec::new();
        for (name, shown) in roles {
            args.push(("name", Arg::Text(name.into())));
            args.push(("shown", Arg::Text(shown.into())));
        }
        Message { id: ROLES, args }
    }

    /// The text of a [`Message::text`], or `None` for a named message.
    pub fn as_text(&self) -> Option<&str> {
        match (self.id, self.args.first()) {
            (TEXT, Some((_, Arg::Text(t)))) => Some(t),
            _ => None,
        }
    }

    /// The message `id`, with no arguments yet.
    pub fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// The same message with the argument `name` set to `value`.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        self.args.push((name, value.into()));
        self
    }

    pub fn id(&self) -> &'static str {
        self.id
    }

    /// Whether this message is `id`, or holds it among its arguments (a
    /// file's problem inside the line that says where).
    pub fn holds(&self, id: &str) -> bool {
        self.id == id
            || self.args.iter().any(|(_, a)| match a {
                Arg::Message(m) => m.holds(id),
                Arg::Text(_) => false,
            })
    }

    /// The message's arguments, in the order they were given.
    pub fn args(&self) -> &[(&'static str, Arg)] {
        &self.args
    }

    /// The message in `lang`. A message that language lacks is said in
    /// English; one no resource has is its ID (a test keeps every ID
    /// used in the code in both languages).
    pub fn render(&self, lang: Lang) -> String {
        self.render_worded(lang, &|_| None)
    }

    /// The message in `lang`, it and every message among its arguments
    /// said as `word` rewords its ID, where it does (the command line's
    /// wording of a library message, naming its flag).
    pub fn render_worded(&self, lang: Lang, word: &dyn Fn(&str) -> Option<&'static str>) -> String {
        self.render_with(lang, word, &|_| None)
    }

    /// The message in `lang`, worded as [`Message::render_worded`] words
    /// it, each role among it ([`Message::roles`]) spelt as `role` spells
    /// its name, where it does (a repository's own spelling of its role).
    pub fn render_with(
        &self,
        lang: Lang,
        word: &dyn Fn(&str) -> Option<&'static str>,
        role: &dyn Fn(&str) -> Option<String>,
    ) -> String {
        if let Some(text) = self.as_text() {
            return text.to_owned();
        }
        if self.id == SAID {
            let find = |name| {
                self.args.iter().find_map(|(n, v)| match v {
                    Arg::Text(t) if *n == name => Some(t.clone()),
                    _ => None,
                })
            };
            let zh = (lang == Lang::Zh).then(|| find("zh")).flatten();
            return zh.or_else(|| find("en")).unwrap_or_default();
        }
        if self.id == ROLES {
            let texts: Vec<&str> = self
                .args
                .iter()
                .filter_map(|(_, a)| match a {
                    Arg::Text(t) => Some(t.as_str()),
                    Arg::Message(_) => None,
                })
                .collect();
            return texts
                .chunks(2)
                .map(|pair| match pair {
                    [name, shown] => role(name).unwrap_or_else(|| (*shown).to_owned()),
                    _ => String::new(),
                })
                .collect::<Vec<_>>()
                .join(", ");
        }
        let id = word(self.id).unwrap_or(self.id);
        say(
            lang,
            id,
            self.args.iter().map(|(name, value)| {
                let text = match value {
                    Arg::Text(t) => t.clone(),
                    Arg::Message(m) => m.render_with(lang, word, role),
                };
                (*name, text)
            }),
        )
    }
}

/// `a or b or c`: the messages joined by the language's "or"; an empty
/// list is an empty text.
pub fn either(items: impl IntoIterator<Item = Message>) -> Message {
    items
        .into_iter()
        .reduce(|first, second| crate::msg!("either", first, second))
        .unwrap_or_else(|| Message::text(""))
}

/// `a and b and c`: the messages joined by the language's "and"; an empty
/// list is an empty text.
pub fn all(items: impl IntoIterator<Item = Message>) -> Message {
    items
        .into_iter()
        .reduce(|first, second| crate::msg!("both", first, second))
        .unwrap_or_else(|| Message::text(""))
}

/// The message `id` in `lang`, with each argument `(name, value)` given as
/// text: for a caller that holds its arguments as text already. A message
/// that language lacks is said in English; one no resource has is its ID.
pub fn say<'a>(lang: Lang, id: &str, args: impl IntoIterator<Item = (&'a str, String)>) -> String {
    let Some(file) = file_of(id) else {
        return id.to_owned();
    };
    let bundle = bundle(lang, file);
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        return if lang == Lang::En {
            id.to_owned()
        } else {
            say(Lang::En, id, args)
        };
    };
    let mut fluent = FluentArgs::new();
    for (name, value) in args {
        fluent.set(name, value_of(value));
    }
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, Some(&fluent), &mut errors)
        .into_owned()
}

/// An argument as Fluent takes it: a whole number written as Rust writes
/// it (no sign, no leading zero) is a number, so that a message can choose
/// its plural form (`{ $n -> [one] 1 file *[other] { $n } files }`) and
/// still print it as it was; anything else is text.
fn value_of(text: String) -> FluentValue<'static> {
    let plain = !text.is_empty()
        && text.len() < 16
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    match text.parse::<u64>() {
        Ok(n) if plain => FluentValue::from(n),
        _ => FluentValue::from(text),
    }
}

/// Whether a message `id` exists.
pub fn exists(id: &str) -> bool {
    file_of(id).is_some_and(|file| bundle(Lang::En, file).has_message(id))
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Lang::En))
    }
}

/// A message in data (`--json`) as its English text, for
/// `#[serde(serialize_with = ...)]`: the field stays a string.
pub fn serialize_english<S: serde::Serializer>(m: &Message, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(m)
}

/// [`serialize_english`] for a message there may be none of.
pub fn serialize_english_opt<S: serde::Serializer>(
    m: &Option<Message>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match m {
        Some(m) => s.collect_str(m),
        None => s.serialize_none(),
    }
}

/// A message read back from data as the text it was written as (its
/// English), for `#[serde(deserialize_with = ...)]`.
pub fn deserialize_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Message, D::Error> {
    <String as serde::Deserialize>::deserialize(d).map(Message::text)
}

impl From<&Message> for Arg {
    fn from(m: &Message) -> Arg {
        Arg::Message(m.clone())
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Arg {
        Arg::Message(m)
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_owned())
    }
}

impl From<&&str> for Arg {
    fn from(s: &&str) -> Arg {
        Arg::Text((*s).to_owned())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Text(n.to_string())
            }
        }
        impl From<&$t> for Arg {
            fn from(n: &$t) -> Arg {
                Arg::Text(n.to_string())
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i32, i64, f64, char);

/// A [`Message`]: `msg!("id")`, or `msg!("id", name = value, ...)` where
/// each value is a text, a number or another message; `name` alone takes
/// the variable of that name.
#[macro_export]
macro_rules! msg {
    (@value $name:ident) => {
        $name
    };
    (@value $name:ident, $value:expr) => {
        $value
    };
    ($id:literal $(, $name:ident $(= $value:expr)?)* $(,)?) => {
        $crate::text::message::Message::new($id)
            $(.arg(stringify!($name), $crate::msg!(@value $name $(, $value)?)))*
    };
}

type Bundle = FluentBundle<FluentResource>;

/// The resource file (its index in [`RESOURCES`]) that defines `id`,
/// found by its `id =` line without parsing: a process parses only the
/// files whose messages it says.
fn file_of(id: &str) -> Option<usize> {
    static INDEX: OnceLock<std::collections::HashMap<&'static str, usize>> = OnceLock::new();
    INDEX
        .get_or_init(|| {
            let mut index = std::collections::HashMap::new();
            for (i, (_, en, _)) in RESOURCES.iter().enumerate() {
                for line in en.lines() {
                    let Some((name, _)) = line.split_once(" =") else {
                        continue;
                    };
                    let named = name.starts_with(|c: char| c.is_ascii_lowercase())
                        && name
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
                    if named {
                        // A message two files both define keeps the first:
                        // the test below finds such a file.
                        index.entry(name).or_insert(i);
                    }
                }
            }
            index
        })
        .get(id)
        .copied()
}

/// The most resource files there may be.
const FILES: usize = 8;

/// The bundle of `lang`'s resource file `file`, parsed the first time it
/// is asked for.
fn bundle(lang: Lang, file: usize) -> &'static Bundle {
    static CELLS: [[OnceLock<Bundle>; FILES]; 2] = [
        [const { OnceLock::new() }; FILES],
        [const { OnceLock::new() }; FILES],
    ];
    let row = match lang {
        Lang::En => 0,
        Lang::Zh => 1,
    };
    CELLS[row][file].get_or_init(|| {
        let locale = lang.code().parse().unwrap_or_default();
        let mut bundle = Bundle::new_concurrent(vec![locale]);
        // The text is printed as it is: no bidirectional isolation marks
        // around the arguments.
        bundle.set_use_isolating(false);
        // `PLURAL($kind)`: a kind's name in the plural, where the language
        // has one (`stories`); Chinese has none.
        let _ = bundle.add_function("PLURAL", move |positional, _| match positional.first() {
            Some(FluentValue::String(s)) if lang == Lang::En => {
                FluentValue::from(crate::text::plural(s))
            }
            Some(v) => v.clone(),
            None => FluentValue::None,
        });
        let (_, en, zh) = RESOURCES[file];
        let text = match lang {
            Lang::En => en,
            Lang::Zh => zh,
        };
        let resource = FluentResource::try_new(text.to_owned()).unwrap_or_else(|(r, _)| r);
        let _ = bundle.add_resource(resource);
        bundle
    })
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_bundle::FluentResource;
    use fluent_syntax::ast;

    use super::*;

    /// Each message of a resource, with the variables its text uses.
    fn messages(text: &str, file: &str) -> BTreeMap<String, BTreeSet<String>> {
        let resource = match FluentResource::try_new(text.to_owned()) {
            Ok(r) => r,
            Err((_, errors)) => panic!("{file} does not parse: {errors:?}"),
        };
        let mut out = BTreeMap::new();
        for entry in resource.entries() {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    variables(p, &mut vars);
                }
                let fresh = out.insert(m.id.name.to_owned(), vars).is_none();
                assert!(fresh, "{file}: `{}` is defined twice", m.id.name);
            }
        }
        out
    }

    fn variables(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
        for element in &p.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, vars);
            }
        }
    }

    fn expression_variables(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Inline(i) => inline_variables(i, vars),
            ast::Expression::Select { selector, variants } => {
                inline_variables(selector, vars);
                for v in variants {
                    variables(&v.value, vars);
                }
            }
        }
    }

    fn inline_variables(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        match i {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_owned());
            }
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, vars)
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_variables(a, vars);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_message_is_in_both_languages_with_the_same_arguments() {
        assert!(RESOURCES.len() <= FILES, "raise FILES");
        let mut seen = BTreeMap::new();
        for (file, en, zh) in RESOURCES {
            let en = messages(en, &format!("en/{file}"));
            let zh = messages(zh, &format!("zh/{file}"));
            let only_en: Vec<_> = en.keys().filter(|k| !zh.contains_key(*k)).collect();
            let only_zh: Vec<_> = zh.keys().filter(|k| !en.contains_key(*k)).collect();
            assert!(only_en.is_empty(), "{file}: no Chinese for {only_en:?}");
            assert!(only_zh.is_empty(), "{file}: no English for {only_zh:?}");
            for (id, vars) in &en {
                assert_eq!(
                    Some(vars),
                    zh.get(id),
                    "{file}: `{id}` takes other arguments in Chinese"
                );
                if let Some(other) = seen.insert(id.clone(), *file) {
                    panic!("`{id}` is in both {other} and {file}");
                }
            }
        }
    }

    #[test]
    fn a_message_renders_its_arguments_in_its_language() {
        let inner = Message::new("note-text").arg("text", "x");
        let m = Message::new("note-text").arg("text", inner);
        assert_eq!(m.render(Lang::En), "note: note: x");
        assert_eq!(m.render(Lang::Zh), "注意: 注意: x");
        assert_eq!(
            Message::new("no-such-message").render(Lang::Zh),
            "no-such-message"
        );
    }

    /// A text the rules give in both languages is said in the one asked
    /// for, in English where it has no Chinese; a kind's name is plural in
    /// English only.
    #[test]
    fn a_rule_text_says_its_own_chinese_and_a_kind_is_plural_in_english_only() {
        let both = Message::said("the score is at least 8", Some("分数至少为 8"));
        assert_eq!(both.render(Lang::En), "the score is at least 8");
        assert_eq!(both.render(Lang::Zh), "分数至少为 8");
        let en_only = Message::said("the score is at least 8", None);
        assert_eq!(en_only.render(Lang::Zh), "the score is at least 8");
        let m = msg!(
            "action-applies-kinds-states-one",
            action = msg!("action-quality-check"),
            kind = "story",
            states = "Draft, Blocked",
            state = "Done"
        );
        assert_eq!(
            m.render(Lang::En),
            "a quality check applies to stories in Draft, Blocked; this one is Done"
        );
        assert!(
            m.render(Lang::Zh).contains("的 story;"),
            "{}",
            m.render(Lang::Zh)
        );
        let agents = msg!(
            "action-applies-kinds-states-one",
            action = msg!("action-named", name = "PRD_GENERATED"),
            kind = "agent",
            states = "PLANNING",
            state = "IDLE"
        );
        assert!(agents.render(Lang::En).contains(" to agents in "));
    }

    /// A whole number chooses a message's plural form and prints as it
    /// was given; a text of digits with a leading zero stays text.
    #[test]
    fn a_number_chooses_the_plural_and_prints_as_given() {
        let files = |n: &str| msg!("checked-files", n = n, p = "0").render(Lang::En);
        assert_eq!(files("1"), "checked 1 file: no problems");
        assert_eq!(files("1000000"), "checked 1000000 files: no problems");
        assert_eq!(files("0"), "checked 0 files: no problems");
        assert_eq!(
            msg!("checked-files", n = "2", p = "1").render(Lang::Zh),
            "已检查 2 个文件: 1 个问题"
        );
        assert!(matches!(value_of("0042".into()), FluentValue::String(_)));
    }

    /// One message says "is" or "are" by how many items a move waits for,
    /// where two messages said it before; Chinese by the exact number.
    #[test]
    fn a_waiting_move_says_its_items_in_the_singular_or_plural() {
        let waits = |n: &str, lang| {
            msg!(
                "item-waits-waiting-field-which",
                item = "task T1",
                from = "pending",
                to = "in-progress",
                waiting = "G1",
                field = "parent",
                state = "executing",
                n = n
            )
            .render(lang)
        };
        assert!(waits("1", Lang::En).ends_with("which is not executing yet"));
        assert!(waits("2", Lang::En).ends_with("which are not executing yet"));
        assert!(waits("1", Lang::Zh).contains("后者尚未处于"));
        assert!(waits("2", Lang::Zh).contains("它们尚未处于"));
    }

    /// The body's status forms are named in Chinese in the Chinese
    /// message, not given as the English names the code uses for them.
    #[test]
    fn a_body_status_form_is_named_in_chinese() {
        let m = msg!(
            "body-status-disagrees-with-itself",
            value = "Draft",
            state = "Draft",
            form = "section",
            first = "Review",
            first_form = "fenced-yaml",
            kind = "story",
            write = "Review"
        );
        let zh = m.render(Lang::Zh);
        assert!(
            zh.contains("状态小节") && zh.contains("YAML 代码块"),
            "{zh}"
        );
        assert!(
            !zh.contains("section") && !zh.contains("fenced-yaml"),
            "{zh}"
        );
        assert!(
            m.render(Lang::En)
                .contains("in its section but `Review` in its fenced-yaml")
        );
    }
}
