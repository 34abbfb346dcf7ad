//! The engine names no kind, nor a kind's states, roles or fields: those live in the
//! workflow files and, where a kind needs code of its own, under `kinds/`.
//! This test reads every source but `kinds/` (the command line too, but
//! for the commands of one kind; tests and the templates left out) and
//! fails on a string literal that names a state, a role or a top-level
//! field of a built-in workflow, or a built-in kind.

use std::path::{Path, PathBuf};

use crate::workflow::role::{HUMAN, Roles};
use crate::workflow::{BUILTIN, Workflow};

/// Sources not yet moved under `kinds/`, each with what it still names:
/// none.
const NOT_YET_MOVED: &[(&str, &str)] = &[];

/// Words one source uses for its own meaning that a workflow also uses as
/// a name: git's branch lock is not a task's branch, an input's `type` is
/// not a task's type.
const OWN_WORDS: &[(&str, &str)] = &[
    ("src/git/mod.rs", "branch"),
    ("src/workflow/steps.rs", "type"),
    // A JSON Schema's `type` keyword.
    ("src/error.rs", "type"),
    // A Change Log table's columns, recognised by their headings.
    ("src/doc/body.rs", "author"),
    ("src/doc/body.rs", "agent"),
    ("src/doc/body.rs", "comment"),
    // The headings of a story's Markdown sections, telling the status of
    // the story from a status written in its notes, tasks or reviews.
    ("src/doc/body.rs", "story"),
    ("src/doc/body.rs", "task"),
    ("src/doc/body.rs", "review"),
    // The command line's own names: a message's argument (`{ $target }`,
    // `{ $verdict }`) or ID (`quality`), a flag (`--type`), a query's
    // parameter (`?branch=`), a JSON Schema's `type` keyword, an MCP
    // tool's input named after its flag (`--max-iterations`), the
    // system's opener (`open`), a command word (`review`).
    ("src/cli/rollback.rs", "target"),
    ("src/cli/doctor.rs", "verdict"),
    ("src/cli/metrics.rs", "quality"),
    ("src/cli/claim.rs", "type"),
    ("src/cli/board.rs", "branch"),
    ("src/cli/mcp.rs", "type"),
    ("src/cli/mcp.rs", "max_iterations"),
    ("src/cli/output/mod.rs", "type"),
    ("src/cli/output/map.rs", "type"),
    ("src/cli/output/run.rs", "type"),
    ("src/cli/output/restore.rs", "type"),
    ("src/cli/output/checkpoint.rs", "type"),
    ("src/cli/report.rs", "open"),
    ("src/cli/help.rs", "review"),
];

/// Words the engine uses for its own sake that a kind happens to use as
/// a name too: `failed` and `pending` are in error codes (`Error::code`:
/// `failed`, `refused.pending`) and are states of the code review.
/// `description` is a prompt's placeholder (an action's description) and
/// a loop's field.
const ENGINE_WORDS: &[&str] = &["failed", "pending", "description"];

/// The names a built-in workflow gives: every state, every role (but the
/// Human, whom the engine knows: the one who may override), every
/// top-level field of `fields:`.
fn builtin_names() -> Vec<String> {
    let mut names = Vec::new();
    for (kind, _) in BUILTIN {
        let wf = Workflow::load(kind, None, &Roles::default()).unwrap();
        names.extend(wf.state_names().iter().map(|s| s.to_string()));
        let roles = wf
            .transitions
            .iter()
            .flat_map(|t| t.roles.iter())
            .chain(wf.states.iter().filter_map(|s| s.owner.as_ref()));
        names.extend(roles.filter(|r| !r.starts_with('@')).cloned());
        names.extend(wf.fields.iter().map(|(path, _)| path[0].clone()));
    }
    names.sort();
    names.dedup();
    names.retain(|n| n != HUMAN && !ENGINE_WORDS.contains(&n.as_str()));
    names
}

/// The `.rs` files under `dir`, but those under a directory named in
/// `skip`, in-tree test files and the generated ones.
fn sources(dir: &Path, skip: &[&str], out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !skip.contains(&name.as_str()) {
                sources(&path, skip, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" && !is_generated(&path) {
            out.push(path);
        }
    }
}

/// Whether `path` is the built-in workflow files (`templates/`) compiled
/// in: their data, generated from them, as the YAML files are not code.
pub(crate) fn is_generated(path: &Path) -> bool {
    path.ends_with("src/workflow/builtin.rs")
}

/// Every source of `src/` but those under a directory named in `skip`,
/// by its path from the crate's root, with its text.
fn sources_but(skip: &[&str]) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), skip, &mut files);
    files
        .iter()
        .map(|file| {
            let rel = file
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read_to_string(file).unwrap())
        })
        .collect()
}

/// The string literals of Rust source `src` (in-file test modules and
/// comments left out), each as written between its quotes.
pub(crate) fn literals(src: &str) -> Vec<String> {
    let src = [
        "#[cfg(test)]\nmod tests {",
        "#[cfg(test)]\npub(crate) mod tests {",
    ]
    .iter()
    .fold(src, |src, cut| src.split(cut).next().unwrap_or(src));
    let mut out = Vec::new();
    let mut chars = src.chars().peekable();
    let mut prev = ' ';
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            // A character literal: '"' is not a string.
            '\'' if prev != 'b' && !prev.is_alphanumeric() => {
                let mut lit = String::new();
                while let Some(&n) = chars.peek() {
                    if lit.len() > 4 || n == '\'' {
                        break;
                    }
                    lit.push(n);
                    chars.next();
                }
                chars.next_if_eq(&'\'');
            }
            '"' => {
                let mut lit = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                            lit.push(' ');
                        }
                        '"' => break,
                        c => lit.push(c),
                    }
                }
                out.push(lit);
            }
            _ => {}
        }
        prev = c;
    }
    out
}

/// The code names in a literal: the whole literal when it is one word,
/// and every `backticked` word of a sentence.
fn code_words(lit: &str) -> Vec<&str> {
    let mut words: Vec<&str> = lit
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| !w.contains(char::is_whitespace))
        .collect();
    if !lit.contains(char::is_whitespace) {
        words.push(lit);
    }
    words
}

#[test]
fn no_source_outside_kinds_names_a_state_role_or_field() {
    let names = builtin_names();
    for n in ["Draft", "IDLE", "architect", "rounds", "tasks"] {
        assert!(names.iter().any(|x| x == n), "{n} is not among {names:?}");
    }
    let mut found = Vec::new();
    for (rel, src) in sources_but(&["kinds"]) {
        if NOT_YET_MOVED.iter().any(|(f, _)| *f == rel)
            || ONE_KIND_COMMANDS.iter().any(|(f, _)| rel.starts_with(f))
        {
            continue;
        }
        for lit in literals(&src) {
            for word in code_words(&lit) {
                // The workflow format's own keys (`measure.tasks.done`).
                if word.starts_with("measure.") || word.starts_with("run.") {
                    continue;
                }
                let parts: Vec<&str> = word.split(['.', '{', '}', '[', ']']).collect();
                if let Some(n) = names.iter().find(|n| {
                    parts.contains(&n.as_str()) && !OWN_WORDS.contains(&(rel.as_str(), n.as_str()))
                }) {
                    found.push(format!("{rel}: \"{lit}\" names `{n}`"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "engine sources name a kind's states, roles or fields (move the code under src/kinds/, or read the name from the workflow):\n{}",
        found.join("\n")
    );
}

/// The sources that name the built-in kinds because they are where the
/// built-in kinds are defined: the table of built-in workflows (and the
/// sets of figures a workflow may declare), the built-in templates by
/// name, the presets (workflows laid over the story's).
const KIND_TABLES: &[&str] = &[
    "src/workflow/mod.rs",
    "src/workflow/kind.rs",
    "src/repo/rules.rs",
    "src/repo/presets.rs",
];

/// The command line's sources that belong to one built-in kind, and so
/// name it: the noun commands whose verbs are that kind's own
/// (`git orx KIND VERB`), the JSON they print, and the demo that runs
/// them; each with why. Every other command takes its kind from the item
/// it acts on, from `KIND:ID` or `--kind`, or from the registry's
/// default kind.
const ONE_KIND_COMMANDS: &[(&str, &str)] = &[
    ("src/cli/story.rs", "`story`: the story kind's own verbs"),
    (
        "src/cli/assess.rs",
        "`story assess`: the SM's assessment against a story's checklist",
    ),
    (
        "src/cli/gate.rs",
        "`story gate`: the Architect's and QA's review gates of a story",
    ),
    (
        "src/cli/agent/",
        "`agent ...`: an agent's context, its triggers, checks and tasks",
    ),
    (
        "src/cli/loop_/",
        "`loop ...`: development loops and their files",
    ),
    (
        "src/cli/output/loops.rs",
        "what `loop show` and `loop validate` print",
    ),
    ("src/cli/output/loop_act.rs", "what `loop act` prints"),
    (
        "src/cli/goal.rs",
        "`goal ...`: goals, their discussion and plan",
    ),
    ("src/cli/task.rs", "`task ...`: a goal's tasks"),
    (
        "src/cli/task_merge.rs",
        "`task merge`: a goal's task branch",
    ),
    ("src/cli/review.rs", "`review ...`: code reviews"),
    (
        "src/cli/demo.rs",
        "a scripted tour that runs the built-in kinds' own commands",
    ),
];

/// Words a command-line source uses as the name of a command, a flag or
/// a JSON key that is a built-in kind's name too: the commands `agent`,
/// `goal`, `loop`, `story` and `task` (the overview's groups, an MCP
/// step's command words), the flag `--agent` (whose checkpoint), a
/// change's `loop` key (`loop act`).
const COMMAND_WORDS: &[(&str, &str)] = &[
    ("src/cli/help.rs", "agent"),
    ("src/cli/help.rs", "goal"),
    ("src/cli/help.rs", "loop"),
    ("src/cli/help.rs", "task"),
    ("src/cli/mcp.rs", "agent"),
    ("src/cli/mcp.rs", "goal"),
    ("src/cli/mcp.rs", "story"),
    ("src/cli/mcp.rs", "task"),
    ("src/cli/completions.rs", "agent"),
    ("src/cli/rollback.rs", "agent"),
    ("src/cli/output/change.rs", "loop"),
];

/// No source outside `kinds/` names a built-in kind (the command line
/// included, but its one-kind commands: [`ONE_KIND_COMMANDS`]).
#[test]
fn the_engine_names_no_built_in_kind() {
    let kinds: Vec<&str> = BUILTIN.iter().map(|(k, _)| *k).collect();
    // An exemption outlives no file: a renamed command is guarded again.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (path, _) in ONE_KIND_COMMANDS.iter().chain(COMMAND_WORDS) {
        assert!(root.join(path).exists(), "{path} is exempted but missing");
    }
    let mut found = Vec::new();
    for (rel, src) in sources_but(&["kinds"]) {
        if KIND_TABLES.contains(&rel.as_str())
            || rel == "src/main.rs"
            || ONE_KIND_COMMANDS.iter().any(|(f, _)| rel.starts_with(f))
        {
            continue;
        }
        for lit in literals(&src) {
            for word in code_words(&lit) {
                if let Some(k) = kinds.iter().find(|k| {
                    word == **k
                        && !OWN_WORDS.contains(&(rel.as_str(), **k))
                        && !COMMAND_WORDS.contains(&(rel.as_str(), **k))
                }) {
                    found.push(format!("{rel}: \"{lit}\" names the kind `{k}`"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "engine sources name a kind (move the code under src/kinds/, or take the kind from the registry):\n{}",
        found.join("\n")
    );
}

#[test]
fn literals_are_found_and_comments_skipped() {
    let src =
        "let a = \"Draft\"; // \"Review\"\nlet c = '\"'; let b = \"x \\\"y\\\" `rounds.qa`\";";
    assert_eq!(literals(src), vec!["Draft", "x  y  `rounds.qa`"]);
    assert_eq!(code_words("x `rounds.qa` y"), vec!["rounds.qa"]);
    assert_eq!(code_words("rounds.{who}"), vec!["rounds.{who}"]);
}

/// A kind's parts are asked of its `Kind`, never looked up by its name:
/// `kind.workflow()`, `&kind.items`, `kind.template()`. The one door from
/// a name to a kind is the registry (`Rules::kind`, `Kinds::get`), so a
/// call such as `rules.workflow("story")` or `ws.items(kind)` coming back
/// fails here, in the library and the command line alike. Nor does a
/// value that carries a kind (an item, a board's summary, a record of
/// history) or a workflow go back through that door by the kind's name:
/// `ws.kind(&s.kind)`, `rules.kind(&wf.name)`, `registry().get(&x.kind)`.
#[test]
fn no_kinds_part_is_looked_up_by_its_name() {
    let by_name = regex::Regex::new(concat!(
        r"\.(workflow|items)\(\s*[^)\s]|\b(ws|rules)\.template\(\s*[^)\s]|registry\(\)\s*\.get\((?:[^()]|\([^()]*\))*\)\s*\.(?:map|and_then)\(\|\w+\|[^;]*?\.(items|shape|workflow\(\)|template\(\))",
        // The kind of a value that names its kind, or of a workflow, by
        // that name: `.kind(&s.kind)`, `.kind(item.kind.name())`,
        // `.kind(&wf.name)`.
        r"|\.kind\(\s*&?[A-Za-z_][\w.]*\.(?:kind|name)\b",
        // The same through the registry itself.
        r"|(?:registry\(\)|\bkinds|Kinds::builtin\(\))\s*\.(?:get|named)\(\s*&?[A-Za-z_][\w.]*\.(?:kind|name)\b",
    ))
    .unwrap();
    // What it finds, and what it leaves: a lookup by name, not the kind's
    // own parts (an item carries its kind: `item.kind.workflow()`).
    assert!(by_name.is_match(r#"let wf = rules.workflow("story")?;"#));
    assert!(by_name.is_match("ws.items(&item.kind)"));
    assert!(by_name.is_match("let t = ws.template(kind)?;"));
    assert!(by_name.is_match("self.registry().get(from).map(|k| &k.items)"));
    // Across the lines rustfmt splits a chain into, and through a call.
    assert!(by_name.is_match(
        "rules\n        .registry()\n        .get(name.as_str())\n        .and_then(|k| k.workflow().ok())"
    ));
    // A kind looked up again by the name of one a value carries.
    assert!(by_name.is_match("let wf = ws.kind(&s.kind)?.workflow()?;"));
    assert!(
        by_name.is_match(
            "ws\n        .kind(&d.summary.kind)\n        .and_then(|k| Ok(k.workflow()?))"
        )
    );
    assert!(by_name.is_match("rules.kind(&some.kind).ok().and_then(|k| k.workflow().ok())"));
    assert!(by_name.is_match("ws.item_listing(ws.kind(&wf.name)?)?"));
    assert!(by_name.is_match("rules.kind(item.kind.name())"));
    assert!(by_name.is_match("rules.registry().get(&x.kind)"));
    assert!(by_name.is_match("self.kinds\n    .named(s.kind.as_str())"));
    assert!(by_name.is_match("Kinds::builtin().get(item.kind.name())"));
    assert!(!by_name.is_match("let wf = kind.workflow()?;"));
    assert!(!by_name.is_match("let wf = s.kind.workflow()?;"));
    assert!(!by_name.is_match("let wf = ws.kind(GOAL)?.workflow()?;"));
    assert!(!by_name.is_match("if e.kind() == ErrorKind::NotFound {}"));
    assert!(!by_name.is_match("let k = rules.registry().get(&kind);"));
    assert!(!by_name.is_match("let t = item.kind.template()?;"));
    assert!(!by_name.is_match("let k = self.registry().get(from);"));
    let mut files = Vec::new();
    crate::no_raw_messages::sources(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    let found: Vec<String> = files
        .iter()
        // This guard's own examples above.
        .filter(|p| !p.ends_with("kinds/no_kind_names.rs"))
        .flat_map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            let code = match text.find("#[cfg(test)]\nmod tests {") {
                Some(i) => text[..i].to_owned(),
                None => text,
            };
            // Each match anywhere in the code (a chain spans lines), with
            // the line it starts on; comments are not code.
            let lines: Vec<&str> = code.lines().collect();
            by_name
                .find_iter(&code)
                .map(|m| code[..m.start()].matches('\n').count())
                .filter(|&n| !lines[n].trim_start().starts_with("//"))
                .map(|n| format!("{}:{}: {}", p.display(), n + 1, lines[n].trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    // Where a kind's name comes from data or from the user, not from a
    // value that carries its kind, each with why.
    const FROM_DATA: &[(&str, &str)] = &[
        // A merge commit's trailers name the kind whose file the merge
        // decided.
        ("history/cache.rs", "rules.registry().get(&kind)"),
        // `metrics --kind KIND` and `report --kind KIND`: the user's
        // name, looked up once.
        ("cli/metrics.rs", "ws.kind(args.kind.as_deref()"),
        ("cli/report.rs", "ws.kind(args.kind.as_deref()"),
    ];
    let found: Vec<String> = found
        .into_iter()
        .filter(|f| {
            !FROM_DATA
                .iter()
                .any(|(p, s)| f.contains(p) && f.contains(s))
        })
        .collect();
    assert!(
        found.is_empty(),
        "a kind's part looked up by name:\n{}",
        found.join("\n")
    );
}
