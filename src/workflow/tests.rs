use super::*;
use crate::workflow::role::Roles;
use serde_json::Value;
use serde_json::json;

fn story() -> Workflow {
    Workflow::load("story", None, &Roles::default()).unwrap()
}

fn load_override(src: &str) -> Result<Workflow, WorkflowError> {
    Workflow::load(
        "story",
        Some((src, ".orx/workflows/story.yaml")),
        &Roles::default(),
    )
}

/// The story lifecycle's states and their owners (Draft is our addition).
#[test]
fn story_states_have_the_lifecycles_owners() {
    let wf = story();
    let owners: Vec<(&str, Option<&str>, bool)> = wf
        .states
        .iter()
        .map(|s| (s.name.as_str(), s.owner.as_deref(), s.terminal))
        .collect();
    assert_eq!(
        owners,
        [
            ("Draft", Some("sm"), false),
            ("Blocked", Some("sm"), false),
            ("AwaitingArchReview", Some("architect"), false),
            ("RequiresRevision", Some("sm"), false),
            ("Approved", Some("dev"), false),
            ("InProgress", Some("dev"), false),
            ("Review", Some("qa"), false),
            ("Done", None, true),
            ("Escalated", Some("human"), false),
        ]
    );
    assert_eq!(wf.initial, "Draft");
}

/// The story lifecycle's transitions: exactly its 16 (plus the 3 from Draft), each
/// with its responsible agent. The QA rows also admit the Human, who decides
/// after the last QA round.
#[test]
fn story_transitions_are_exactly_the_lifecycles_with_their_roles() {
    let wf = story();
    let mut rows: Vec<(&str, &str, String)> = wf
        .transitions
        .iter()
        .map(|t| (t.from.as_str(), t.to.as_str(), t.roles.join("+")))
        .collect();
    rows.sort();
    let mut expected = vec![
        ("Blocked", "AwaitingArchReview", "sm"),
        ("Blocked", "Approved", "sm"),
        ("Blocked", "Blocked", "sm"),
        ("AwaitingArchReview", "Approved", "architect"),
        ("AwaitingArchReview", "RequiresRevision", "architect"),
        ("AwaitingArchReview", "Escalated", "architect"),
        ("RequiresRevision", "AwaitingArchReview", "sm"),
        ("RequiresRevision", "Approved", "sm"),
        ("RequiresRevision", "Blocked", "sm"),
        ("Approved", "InProgress", "dev"),
        ("InProgress", "Review", "dev"),
        ("Review", "Done", "qa+human"),
        ("Review", "InProgress", "qa+human"),
        ("Escalated", "AwaitingArchReview", "human"),
        ("Escalated", "Approved", "human"),
        ("Escalated", "Blocked", "human"),
        ("Draft", "Blocked", "sm"),
        ("Draft", "Approved", "sm"),
        ("Draft", "AwaitingArchReview", "sm"),
    ];
    expected.sort();
    let expected: Vec<(&str, &str, String)> = expected
        .into_iter()
        .map(|(a, b, c)| (a, b, c.to_owned()))
        .collect();
    assert_eq!(rows, expected);
    assert!(wf.transitions_from("Done").is_empty());
}

/// The handoff under `lang: zh` is pinned row by row against the
/// lifecycle's table in `repo::presets`; here: English, the agents'
/// commands off, and a message that names only the agent's command.
#[test]
fn a_handoff_puts_the_agents_line_first_then_git_orxs() {
    let wf = story();
    let msg = |state: &str, item: Value, lang: &str, persona: bool| {
        let scope = wf.scope(item, "sm", "");
        wf.handoff(state, None, &scope, lang).unwrap().full(persona)
    };
    let id = json!({"id": "1.2"});
    assert_eq!(
        msg("Approved", id.clone(), "en", true),
        "Next: Dev, run `implement-story 1.2`\nNext: Dev, `git orx move 1.2 InProgress --as dev`, then implement the story"
    );
    assert_eq!(
        msg(
            "AwaitingArchReview",
            json!({"id": "1.2", "rounds": {"architect": 2}}),
            "en",
            true
        ),
        "Next: Architect, run `review-story 1.2` (review round 2)\nNext: Architect, review the story (review round 2), then `git orx story gate 1.2 --as architect --score X --critical N`"
    );
    // `persona_commands: false`: git-orx's line alone.
    assert_eq!(
        msg("Approved", id.clone(), "en", false),
        "Next: Dev, `git orx move 1.2 InProgress --as dev`, then implement the story"
    );
    assert_eq!(msg("Done", id.clone(), "en", true), "Story 1.2 is done!");
    // A message with the agent's command and no line of its own.
    let h = Handoff {
        text: "Next: Dev".into(),
        role: None,
        persona: Some("*develop-story 1.2".into()),
        agent: None,
    };
    assert_eq!(h.full(true), "Next: Dev (agent: `*develop-story 1.2`)");
}

#[test]
fn an_override_may_change_only_the_thresholds() {
    let wf = load_override("params:\n  score_approve: 8.5\n").unwrap();
    assert_eq!(wf.params["score_approve"], json!(8.5));
    assert_eq!(wf.params["score_review"], json!(6.0));
    assert_eq!(wf.transitions.len(), story().transitions.len());
    assert_eq!(wf.origin, ".orx/workflows/story.yaml");
}

#[test]
fn invalid_overrides_are_refused_with_positions() {
    let cases: &[(&str, &str)] = &[
        (
            "params:\n  score_aprove: 8.5\n",
            "unknown param `score_aprove`",
        ),
        ("initial: Nope\n", "initial state `Nope` is not a state"),
        ("params: {a: 1, a: 2}\n", "duplicate"),
        ("statez: {}\n", "unknown field `statez`"),
        (
            "transitions:\n  - from: Draft\n    to: Done\n    roles: [sm]\n    guard:\n      - expr: 'quality.score >'\n        desc: x\n",
            "not a valid expression",
        ),
        (
            "transitions:\n  - from: Draft\n    to: Done\n    roles: [wizard]\n",
            "unknown role `wizard`",
        ),
        (
            "transitions:\n  - from: Done\n    to: Draft\n    roles: [sm]\n",
            "`Done` is terminal",
        ),
        (
            "transitions:\n  - from: Draft\n    to: Done\n    roles: [sm]\n    guard:\n      - expr: quality.score > params.nope\n        desc: x\n",
            "`params.nope`",
        ),
        (
            "transitions:\n  - {from: Draft, to: Done, roles: [sm]}\n  - {from: Draft, to: Done, roles: [qa]}\n",
            "a second transition",
        ),
        (
            "states:\n  A: {owner: sm, handoff: [{en: 'x {id'}]}\ninitial: A\ntransitions: []\n",
            "unclosed",
        ),
    ];
    for (src, needle) in cases {
        let e = load_override(src).unwrap_err();
        assert!(e.to_string().contains(needle), "{src}\n=> {e}");
        assert!(
            e.to_string()
                .starts_with("invalid workflow .orx/workflows/story.yaml"),
            "{e}"
        );
    }
    let e = load_override("transitions:\n  - from: Draft\n    to: Nope\n    roles: [sm]\n")
        .unwrap_err();
    assert_eq!(e.pos, Some((3, 9)), "{e}");
}

/// The built-in workflows compile their expressions on first use; this
/// compiles and checks all of them now, as an override would be.
#[test]
fn builtin_workflows_compile_eagerly() {
    for (name, src) in BUILTIN {
        let def = parse_def(src, "built-in").unwrap();
        compile(name, def, "built-in".to_owned(), &Roles::default(), false).unwrap();
    }
}

/// Regression: a workflow error is a message by its ID, its Chinese found
/// by that ID: rewording its English cannot lose the Chinese, and no
/// English is left inside the Chinese.
#[test]
fn a_workflow_error_keeps_its_chinese_whatever_its_english() {
    use crate::text::message::Lang;
    let e = load_override("states:\n  Draft: {owner: sm}\n  Done: {terminal: true}\n").unwrap_err();
    let m = e.to_message();
    assert_eq!(m.id(), "workflow-invalid");
    let zh = m.render(Lang::Zh);
    assert!(zh.contains("不是状态 (状态: Draft, Done)"), "{zh}");
    assert!(
        zh.contains("替换了 `states`,但保留了内置的 `transitions`"),
        "{zh}"
    );
    assert!(!zh.contains("is not a state"), "{zh}");
    assert_eq!(e.to_string(), m.render(Lang::En));
    assert!(
        e.to_string()
            .starts_with("invalid workflow built-in workflow"),
        "{e}"
    );
}

#[test]
fn an_override_that_drops_states_the_built_in_transitions_need_says_so() {
    let e = load_override("states:\n  Draft: {owner: sm}\n  Done: {terminal: true}\n").unwrap_err();
    assert_eq!(e.origin, "built-in workflow");
    assert!(
        e.message
            .to_string()
            .contains("is not a state (states: Draft, Done)"),
        "{e}"
    );
    assert!(
        e.message
            .to_string()
            .contains("replaces `states` but keeps the built-in `transitions`"),
        "{e}"
    );
}

#[test]
fn steps_with_unknown_types_triggers_or_placeholders_are_workflow_errors_with_positions() {
    let bad_type = "steps:\n  poke:\n    run: [gate, \"{id}\"]\n    trigger: gate\n    inputs:\n      - name: score\n        flag: --score\n        type: float\n";
    let e = load_override(bad_type).unwrap_err();
    assert_eq!(e.pos, Some((8, 15)), "{e}");
    assert!(
        e.message.to_string().contains("unknown type `float`"),
        "{e}"
    );
    let bad_trigger = "steps:\n  poke:\n    run: [gate, \"{id}\"]\n    trigger: gait\n";
    let e = load_override(bad_trigger).unwrap_err();
    assert_eq!(e.pos, Some((4, 14)), "{e}");
    assert!(
        e.message
            .to_string()
            .contains("`trigger: gait` fires no transition"),
        "{e}"
    );
    let bad_placeholder =
        "steps:\n  poke:\n    run: [move, \"{id}\", \"{to}\"]\n    trigger: gate\n";
    let e = load_override(bad_placeholder).unwrap_err();
    assert!(e.message.to_string().contains("`{to}`"), "{e}");
    let bad_group = "steps:\n  poke:\n    run: [gate, \"{id}\"]\n    trigger: gate\n    exclusive:\n      - flags: [--yes, --no]\n";
    let e = load_override(bad_group).unwrap_err();
    assert!(
        e.message.to_string().contains("no input of the step has"),
        "{e}"
    );
}

#[test]
fn steps_offered_by_state_name_real_states_and_say_when_only_once() {
    let unknown = "steps:\n  look:\n    run: [show, \"{id}\"]\n    states: [Drafty]\n";
    let e = load_override(unknown).unwrap_err();
    assert!(
        e.message
            .to_string()
            .contains("`states` names `Drafty`, which is not a state"),
        "{e}"
    );
    let word = "steps:\n  look:\n    run: [show, \"{id}\"]\n    states: sometimes\n";
    let e = load_override(word).unwrap_err();
    assert!(
        e.message
            .to_string()
            .contains("`states` is `all`, `active`"),
        "{e}"
    );
    let twice = "steps:\n  look:\n    run: [gate, \"{id}\"]\n    trigger: gate\n    states: all\n";
    let e = load_override(twice).unwrap_err();
    assert!(
        e.message
            .to_string()
            .contains("with `trigger`, `states` is a list of states it is offered in"),
        "{e}"
    );
    // A step by trigger narrowed to some of the states it answers in.
    let narrowed =
        "steps:\n  look:\n    run: [gate, \"{id}\"]\n    trigger: gate\n    states: [Review]\n";
    let wf = load_override(narrowed).unwrap();
    let item = json!({"id": "1.2", "status": "Review"});
    assert!(
        wf.actions("1.2", "Review", &item, "qa")
            .iter()
            .any(|a| a.action == "look")
    );
    let elsewhere = narrowed.replace("[Review]", "[Done]");
    let wf = load_override(&elsewhere).unwrap();
    assert!(
        wf.actions("1.2", "Review", &item, "qa")
            .iter()
            .all(|a| a.action != "look")
    );
    let fine =
        "steps:\n  look:\n    run: [show, \"{id}\"]\n    states: active\n    progress: false\n";
    let wf = load_override(fine).unwrap();
    let item = json!({"id": "1.2", "status": "Draft"});
    let offered = wf.actions("1.2", "Draft", &item, "sm");
    let look = offered.iter().find(|a| a.action == "look").unwrap();
    assert!(!look.progress);
    assert!(
        wf.actions("1.2", "Done", &item, "sm")
            .iter()
            .all(|a| a.action != "look")
    );
}

#[test]
fn every_kind_with_run_has_the_state_managers_steps_and_its_own_replace_them() {
    for (name, src) in BUILTIN {
        let def = parse_def(src, "built-in").unwrap();
        let wf = compile(name, def, "built-in".to_owned(), &Roles::default(), false).unwrap();
        let ids: Vec<&str> = wf.steps.iter().map(|s| s.id.as_str()).collect();
        for shared in ["prompt", "update", "backup", "restore", "history"] {
            assert_eq!(ids.contains(&shared), wf.run.is_some(), "{name}: {ids:?}");
        }
        // Recording an error: only where the workflow counts errors.
        let counts = wf.run.as_ref().is_some_and(|r| r.errors.is_some());
        assert_eq!(ids.contains(&"error"), counts, "{name}: {ids:?}");
    }
}

#[test]
fn the_story_steps_offer_the_waiting_roles_commands_with_the_forward_one_marked() {
    let wf = story();
    let item = json!({"id": "1.2", "status": "Escalated"});
    let human = wf.actions("1.2", "Escalated", &item, "human");
    let ids: Vec<(&str, bool)> = human
        .iter()
        .map(|a| (a.action.as_str(), a.primary))
        .collect();
    assert_eq!(
        ids,
        [
            ("move:AwaitingArchReview", false),
            ("move:Approved", false),
            ("move:Blocked", false)
        ]
    );
    let dev = wf.actions("1.2", "Approved", &item, "dev");
    assert_eq!(dev.len(), 1);
    assert_eq!(
        dev[0].argv,
        ["git", "orx", "move", "1.2", "InProgress", "--as", "dev"]
    );
    assert!(dev[0].primary && dev[0].progress);
    let architect = wf.actions("1.2", "AwaitingArchReview", &item, "architect");
    let flags: Vec<&str> = architect[0]
        .inputs
        .iter()
        .filter_map(|i| i.flag.as_deref())
        .collect();
    assert_eq!(
        flags,
        [
            "--score",
            "--critical",
            "--high",
            "--medium",
            "--minor",
            "--escalate"
        ]
    );
}

/// What an expression may be: the bounds on its length, its parts, how
/// deep they nest and how deep its comprehensions nest, each refused with
/// the bound it is beyond, and what is within them accepted.
#[test]
fn expressions_beyond_the_bounds_on_their_size_are_refused() {
    use super::cost::{Limit, MAX_SOURCE};
    use super::expr::CompileError;
    let list = |n: usize| format!("[{}]", vec!["1"; n].join(","));
    let nested = |n: usize| format!("{}1{}", "[".repeat(n), "]".repeat(n));
    let loops = |n: usize| {
        let mut e = "true".to_owned();
        for i in (0..n).rev() {
            e = format!("[0,1,2,3,4,5,6,7,8,9].all(v{i}, {e})");
        }
        e
    };
    let long = format!("'{}' != ''", "x".repeat(MAX_SOURCE - 8));
    let cases: Vec<(String, Option<(Limit, usize)>)> = vec![
        ("quality.score >= params.min".into(), None),
        (
            "tasks.all(t, t.status != 'todo' || before.tasks.exists(b, b.title == t.title))".into(),
            None,
        ),
        (long.clone(), None),
        (format!("{long} "), Some((Limit::Source, MAX_SOURCE + 1))),
        (format!("size({}) > 0", list(196)), None),
        (
            format!("size({}) > 0", list(197)),
            Some((Limit::Parts, 201)),
        ),
        (nested(31), None),
        (nested(32), Some((Limit::Depth, 33))),
        (loops(3), None),
        (loops(4), Some((Limit::Loops, 4))),
        (
            "l.map(a, l.filter(b, l.exists(c, l.exists_one(d, d == a))))".into(),
            Some((Limit::Loops, 4)),
        ),
        // one after another is not one inside another
        (
            "l.map(a, a).filter(b, b > 0).all(c, c > 0) && l.exists(d, d == 1)".into(),
            None,
        ),
        // the ranges are not inside the comprehension they feed
        (
            "l.filter(a, l.exists(b, l.all(c, c == b))).exists(d, d == 1)".into(),
            None,
        ),
    ];
    for (src, want) in cases {
        let got = match Expr::compile(&src) {
            Ok(_) => None,
            Err(CompileError::Limit { limit, found }) => Some((limit, found)),
            Err(e) => panic!("{}", e.about(&src)),
        };
        assert_eq!(got, want, "{src}");
    }
}

/// The hostile guard of nested `.all()`: refused when its workflow is
/// loaded, at its line, with the bound it is beyond.
#[test]
fn a_workflow_with_deeply_nested_comprehensions_is_refused_at_the_expressions_line() {
    let mut guard = "a + b + c + d + e + f + g >= 0".to_owned();
    for v in ["g", "f", "e", "d", "c", "b", "a"] {
        guard = format!("[0,1,2,3,4,5,6,7,8,9].all({v}, {guard})");
    }
    let src = format!(
        "transitions:\n  - from: Draft\n    to: Blocked\n    roles: [sm]\n    guard:\n      - expr: \"{guard}\"\n        desc: x\n"
    );
    let e = load_override(&src).unwrap_err();
    assert_eq!(e.origin, ".orx/workflows/story.yaml");
    assert_eq!(e.pos.map(|p| p.0), Some(6), "{e}");
    assert!(
        e.message
            .to_string()
            .contains("is refused: it nests comprehensions")
            && e.message.to_string().contains("7 deep")
            && e.message.to_string().contains("at most 3 deep"),
        "{e}"
    );
}

/// An expression within the bounds on its size but over the budget of
/// work stops with an error that names the workflow's line.
#[test]
fn a_guard_over_the_budget_fails_naming_its_line() {
    let src = "transitions:\n  - from: Draft\n    to: Blocked\n    roles: [sm]\n    guard:\n      - expr: \"l.all(a, l.all(b, l.all(c, a + b + c >= 0)))\"\n        desc: x\n";
    let wf = load_override(src).unwrap();
    let t = wf.transition("Draft", "Blocked").unwrap();
    let item = json!({"l": (0..300).collect::<Vec<_>>()});
    let err = t.guard[0]
        .expr
        .eval_bool(&wf.scope(item, "sm", "now"))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "`l.all(a, l.all(b, l.all(c, a + b + c >= 0)))` (.orx/workflows/story.yaml, line 6) \
         was stopped: it takes more than the 5,000,000 units of work an expression may (a \
         unit is about a value, or 32 bytes of text, handled once); make it do less: fewer \
         or smaller comprehensions over shorter lists and texts"
    );
}

/// Every expression of the built-in workflows and presets is within half
/// of each bound on size, and nests comprehensions at most 2 deep.
#[test]
fn the_built_in_expressions_are_well_within_the_bounds() {
    use super::cost::{MAX_DEPTH, MAX_PARTS, MAX_SOURCE};
    fn strings<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
        match v {
            Value::String(s) => out.push(s),
            Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
            Value::Object(m) => m.iter().for_each(|(k, x)| {
                out.push(k);
                strings(x, out)
            }),
            _ => {}
        }
    }
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/templates");
    let mut files: Vec<_> = ["workflows", "presets"]
        .iter()
        .flat_map(|d| std::fs::read_dir(format!("{dir}/{d}")).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    let (mut source, mut size) = ((0, String::new()), super::cost::Size::default());
    let mut seen = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let v: Value = serde_saphyr::from_str(&text).unwrap();
        let mut all = Vec::new();
        strings(&v, &mut all);
        for s in all {
            // an expression, or a message's holes
            let mut candidates = vec![s.to_owned()];
            if let Ok(t) = Template::compile(s) {
                candidates.extend(t.holes());
            }
            for c in candidates {
                let Ok(p) = cel::Program::compile(&c) else {
                    continue;
                };
                seen += 1;
                let z = super::cost::size(p.expression());
                if c.len() > source.0 {
                    source = (c.len(), c.clone());
                }
                size.parts = size.parts.max(z.parts);
                size.depth = size.depth.max(z.depth);
                size.loops = size.loops.max(z.loops);
            }
        }
    }
    assert!(seen > 100, "{seen}");
    let report = format!("longest: {} bytes ({}); {size:?}", source.0, source.1);
    assert!(source.0 * 2 <= MAX_SOURCE, "{report}");
    assert!(size.parts * 2 <= MAX_PARTS, "{report}");
    assert!(size.depth * 2 <= MAX_DEPTH, "{report}");
    assert!(size.loops < super::cost::MAX_LOOPS, "{report}");
}

#[test]
fn every_built_in_kind_offers_one_forward_step_per_item_and_role() {
    for (name, src) in BUILTIN {
        let def = parse_def(src, "built-in").unwrap();
        let wf = compile(name, def, "built-in".to_owned(), &Roles::default(), false).unwrap();
        let mut roles = wf.roles.clone();
        roles.push("human".to_owned());
        for state in &wf.states {
            for role in &roles {
                let item = json!({"id": "X1", "status": state.name});
                let offered = wf.offered("X1", &state.name, &item, role);
                let actions = wf.actions("X1", &state.name, &item, role);
                let primaries: Vec<&str> = actions
                    .iter()
                    .filter(|a| a.primary)
                    .map(|a| a.action.as_str())
                    .collect();
                let marked = offered.iter().any(|a| a.primary);
                assert_eq!(
                    primaries.len(),
                    usize::from(marked),
                    "{name} {} as {role}: {primaries:?}",
                    state.name
                );
                // A marked step that moves the item to a state it names
                // comes before one that does not.
                let moves = offered
                    .iter()
                    .find(|a| a.primary && a.progress && a.to.is_some());
                if let Some(m) = moves {
                    assert_eq!(primaries, [m.action.as_str()], "{name} {}", state.name);
                }
            }
        }
    }
    // The agent at work: the forward step is ending a task, the checks an
    // alternative.
    let def = parse_def(builtin_source("agent").unwrap(), "built-in").unwrap();
    let wf = compile(
        "agent",
        def,
        "built-in".to_owned(),
        &Roles::default(),
        false,
    )
    .unwrap();
    let item = json!({"status": "EXECUTING", "acts_as": "dev"});
    let primary: Vec<String> = wf
        .actions("default", "EXECUTING", &item, "dev")
        .into_iter()
        .filter(|a| a.primary)
        .map(|a| a.action)
        .collect();
    assert_eq!(primary, ["task-done"]);
}
