//! The kinds' code says every message by its ID: this test reads every
//! source under `kinds/` (tests aside) and fails on an error built from
//! a raw English text (`Error::Usage(format!(...).into())`,
//! `"...".into()`, `message: "...".into()`), and on a text said as it is
//! (`Message::text`) outside the files listed below, each with why it
//! keeps one. A raw English text loses its Chinese as soon as it is
//! reworded; a named message keeps it, as the second test shows.

use std::path::Path;

use crate::text::message::{Lang, Message, RESOURCES};

/// The files that say a text as it is, each with what that text is: the
/// words of another layer or program, never a sentence of the kinds' own.
const RAW_TEXTS: &[(&str, &str)] = &[
    // Where an adopted project's stories folder was learnt: a config
    // file and its key, as written; nothing when no folder was found.
    ("src/kinds/story/adopt/find.rs", "a config file and its key"),
    ("src/kinds/story/adopt/mod.rs", "no folder: said nowhere"),
    // The workflow's own descriptions of an edit guard's conditions.
    (
        "src/kinds/story/assess.rs",
        "the workflow's condition texts",
    ),
    // The roles that may create a task, as the workflow names them.
    ("src/kinds/goal/mod.rs", "the creators' names"),
    // A refusal's own words inside a forge note; a branch's, an
    // assignee's or a parent's name as the payload gives it.
    (
        "src/kinds/goal/forge.rs",
        "a refusal's words, names from a payload",
    ),
    // An assignee's name in a prompt.
    ("src/kinds/goal/prompt.rs", "an assignee's name"),
    // A branch's name.
    ("src/kinds/goal/merge.rs", "a branch's name"),
    ("src/kinds/goal/tick.rs", "a branch's name"),
];

use crate::no_raw_messages::sources;

/// The source without its `#[cfg(test)] mod tests { ... }` (at the end of
/// a file, as every source here writes it).
fn code_of(text: &str) -> &str {
    match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    }
}

#[test]
fn the_kinds_code_builds_no_error_from_a_raw_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src/kinds"), &mut files);
    files.sort();
    // An error variant holding a message, given a text made into one.
    let raw = regex::Regex::new(
        r#"(?s)Error::(?:Usage|NotFound|Pending|Exists|NothingToDo|Conflict|Failed)\(\s*(?:format!\(|"|[a-z_.]+(?:\(\))?\s*\.into\(\))"#,
    )
    .unwrap();
    // An error's `message:` (a text field of data, a problem's or an
    // alert's, takes its text without `.into()`).
    let raw_field =
        regex::Regex::new(r#"message:\s*(?:format!\([^;]*?\)\s*|"[^"]*"\s*)\.into\(\)"#).unwrap();
    let (mut seen, mut found, mut listed) = (0, Vec::new(), Vec::new());
    for path in &files {
        let rel = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if rel == "src/kinds/messages.rs" {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let code = code_of(&text);
        seen += code.matches("msg!(").count();
        for m in raw.find_iter(code).chain(raw_field.find_iter(code)) {
            let line = code[..m.start()].matches('\n').count() + 1;
            found.push(format!("{rel}:{line}: {}", m.as_str()));
        }
        let texts = code.matches("Message::text(").count();
        match RAW_TEXTS.iter().find(|(f, _)| *f == rel) {
            Some(_) if texts == 0 => listed.push(format!("{rel} says no text as it is now")),
            None if texts > 0 => found.push(format!(
                "{rel}: `Message::text` ({texts}): name the message, or list the file with why"
            )),
            _ => {}
        }
    }
    assert!(
        seen > 100,
        "only {seen} named messages: is the pattern right?"
    );
    assert!(found.is_empty(), "raw texts:\n{}", found.join("\n"));
    assert!(
        listed.is_empty(),
        "listed for nothing:\n{}",
        listed.join("\n")
    );
}

/// A kinds message reworded in English keeps its Chinese: the code names
/// the message (the loop's refusal of an empty title), so rewording its
/// English in `locales/en/` changes nothing the Chinese reader sees. The
/// same text matched by its English, as the command line did, loses its
/// Chinese once reworded.
#[test]
fn a_kinds_message_reworded_in_english_keeps_its_chinese() {
    use fluent_bundle::{FluentBundle, FluentResource};

    let m: Message = crate::msg!("loop-s-title-one-line");
    assert_eq!(m.as_text(), None);
    let before_zh = m.render(Lang::Zh);
    assert_eq!(m.render(Lang::En), "a loop's title is one line, not empty");
    assert_ne!(before_zh, m.render(Lang::En));

    // The English resources with that message reworded.
    let bundle = |lang: Lang, reword: bool| {
        let mut b = FluentBundle::new(Vec::new());
        b.set_use_isolating(false);
        for (_, en, zh) in RESOURCES {
            let mut text = (if lang == Lang::En { en } else { zh }).to_string();
            if reword {
                text = text.replace(
                    "loop-s-title-one-line = a loop's title is one line, not empty",
                    "loop-s-title-one-line = a loop needs a title of one line",
                );
            }
            b.add_resource(FluentResource::try_new(text).unwrap())
                .unwrap();
        }
        b
    };
    let say = |b: &FluentBundle<FluentResource>, id: &str| {
        let p = b.get_message(id).unwrap().value().unwrap();
        b.format_pattern(p, None, &mut Vec::new()).into_owned()
    };
    let en = bundle(Lang::En, true);
    let zh = bundle(Lang::Zh, true);
    assert_eq!(say(&en, m.id()), "a loop needs a title of one line");
    // By its ID, the Chinese is what it was.
    assert_eq!(say(&zh, m.id()), before_zh);
    // By its English, the reworded line is found in no entry.
    let found_by_english = RESOURCES.iter().any(|(_, en, _)| {
        en.lines().any(|l| {
            l.split_once(" = ")
                .is_some_and(|(_, t)| t == "a loop needs a title of one line")
        })
    });
    assert!(!found_by_english);
}
