//! One verdict: for random items, moves and roles over a small workflow of
//! a team's own (guards, owners, a terminal state, a move that waits for
//! other items and needs a commit as evidence, a move whose guard reads a
//! measured value), the command's verdict (`move --dry-run`, what `show`
//! says of the move, whether `next` marks its step ready, the real
//! `move`) is the hook's (the same move made by hand and committed
//! through the hooks), and both are `verify`'s (the same commit made past
//! the hooks, judged after): the same code, the same rule.

use proptest::prelude::*;

use crate::common::Repo;

const GATE: &str = r#"workflow: gate
description: A small workflow for the agreement test
initial: Open
items:
  dir: docs/gates
  file: "{id}.md"
  new_id: sequence
  prefix: G
  template: gate
measure:
  structure: quality.structure
  extraction: quality.extraction
  reason: quality.override
states:
  Open: {owner: dev}
  Checked: {owner: qa}
  Closed: {terminal: true}
transitions:
  - from: Open
    to: Checked
    roles: [dev]
    guard:
      - {expr: "size >= 3", desc: "the gate is at least 3 wide"}
      - {expr: "quality.structure >= 100", desc: "its scope is written"}
  - {from: Checked, to: Open, roles: [qa]}
  - from: Checked
    to: Closed
    roles: [qa]
    waits:
      field: after
      until: [Closed]
    evidence:
      field: shown
      trailer: Gate
  - {from: Open, to: Closed, roles: [human]}
steps:
  move:
    run: [move, "{id}", "{to}", --as, "{role}"]
    each_transition: true
    primary: true
    description: moves the gate to the state named
"#;

/// The template a gate's body is measured against: one required section.
const TEMPLATE: &str = "## Scope <!-- orx: required -->
";

const STATES: [&str; 3] = ["Open", "Checked", "Closed"];
const ROLES: [&str; 3] = ["dev", "qa", "human"];
const ITEMS: usize = 3;

/// One item as made: its width, the items it waits for, whether its
/// body writes the scope its recorded quality (100) claims, and whether
/// it names the commit that shows it.
#[derive(Clone, Debug)]
struct Made {
    size: u8,
    after: Vec<usize>,
    scoped: bool,
    shown: bool,
}

fn made() -> impl Strategy<Value = Made> {
    (
        0u8..6,
        prop::collection::vec(0..ITEMS, 0..2),
        prop_oneof![3 => Just(true), 1 => Just(false)],
        prop_oneof![3 => Just(true), 1 => Just(false)],
    )
        .prop_map(|(size, after, scoped, shown)| Made {
            size,
            after,
            scoped,
            shown,
        })
}

/// One move: an item, a target state, a role (the role the move needs
/// more often than not, else any).
fn step() -> impl Strategy<Value = (usize, usize, usize)> {
    (
        0..ITEMS,
        prop_oneof![1 => Just(0usize), 1 => Just(1), 2 => Just(2)],
        prop_oneof![3 => Just(None), 1 => (0..ROLES.len()).prop_map(Some)],
    )
        .prop_map(|(i, to, role)| {
            // Back to Open and on to Closed: QA's; to Checked: Dev's.
            let needed = if to == 1 { 0 } else { 1 };
            (i, to, role.unwrap_or(needed))
        })
}

fn path(i: usize) -> String {
    format!("docs/gates/G{}.md", i + 1)
}

/// A repository with the `gate` kind and `items`, all Open, committed
/// past the hooks (an unscoped one is already what the measure refuses),
/// after a commit that shows every gate.
fn setup(items: &[Made]) -> Repo {
    let repo = Repo::new();
    repo.git_env(
        &[
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            "work\n\nGate: G1 G2 G3",
        ],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let shown = repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned();
    repo.write(".orx/workflows/gate.yaml", GATE);
    repo.write(".orx/templates/gate.md", TEMPLATE);
    for (i, m) in items.iter().enumerate() {
        let after: Vec<String> = m
            .after
            .iter()
            .filter(|a| **a != i)
            .map(|a| format!("G{}", a + 1))
            .collect();
        repo.write(
            &path(i),
            format!(
                "---\nkind: gate\nid: G{}\ntitle: Gate {i}\nstatus: Open\nsize: {}\nafter: [{}]\n\
                 quality: {{structure: 100, extraction: 100}}\nshown: \"{}\"\n---\n## Scope\n\n{}\n",
                i + 1,
                m.size,
                after.join(", "),
                if m.shown { shown.as_str() } else { "" },
                if m.scoped { "What the gate holds." } else { "" },
            ),
        );
    }
    repo.git(&["add", ".orx", "docs"]).ok();
    repo.git_env(
        &[
            "commit",
            "-q",
            "--no-verify",
            "-m",
            "The gate kind and its items",
        ],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    // The wide ones start checked, so that closing them (which waits for
    // the items they list) comes up often.
    for (i, m) in items.iter().enumerate() {
        if m.size >= 3 {
            let _ = repo.orx(&["move", &format!("G{}", i + 1), "Checked", "--as", "dev"]);
        }
    }
    repo
}

fn state_of(repo: &Repo, i: usize) -> String {
    let text = repo.read(&path(i));
    text.lines()
        .find_map(|l| l.strip_prefix("status: "))
        .unwrap_or_default()
        .to_owned()
}

/// The rules the refusal log holds, those a hook logged or the others,
/// and the log emptied.
fn logged(repo: &Repo, hook: bool) -> Vec<String> {
    let file = repo.path(".git/orx/refusals.jsonl");
    let log = std::fs::read_to_string(&file).unwrap_or_default();
    let _ = std::fs::remove_file(&file);
    log.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["source"].as_str().unwrap_or_default().starts_with("hook") == hook)
        .filter_map(|v| v["rule"].as_str().map(str::to_owned))
        .collect()
}

fn run_case(items: &[Made], steps: &[(usize, usize, usize)]) -> Result<(), TestCaseError> {
    let repo = setup(items);
    for &(i, to, role) in steps {
        let (to, role) = (STATES[to], ROLES[role]);
        let from = state_of(&repo, i);
        if from == to {
            continue;
        }
        let id = format!("G{}", i + 1);
        let what = format!("{id} {from} -> {to} as {role}");
        // The command's verdict, writing nothing.
        let dry = repo.orx(&["move", &id, to, "--as", role, "--dry-run", "--json"]);
        prop_assert!(dry.code == 0 || dry.code == 1, "{}", dry.render());
        let code = refusal_code(&dry);
        prop_assert_eq!(code.is_none(), dry.code == 0, "{}: {}", what, dry.render());
        // What `show` says of the same move.
        if let Some(shown) = shown_code(&repo, &id, to, role) {
            prop_assert_eq!(&shown, &code, "{}: show said {:?}", what, shown);
        }
        // Whether `next` offers the move's step as ready, and by what
        // rule it is not.
        if let Some(next) = next_code(&repo, &id, to, role) {
            prop_assert_eq!(&next, &code, "{}: next said {:?}", what, next);
        }
        // The real move, then undone.
        let _ = logged(&repo, false);
        let real = repo.orx(&["move", &id, to, "--as", role, "--json"]);
        prop_assert_eq!(
            refusal_code(&real),
            code.clone(),
            "{}: the dry run said {}, the move {}",
            what,
            dry.render(),
            real.render()
        );
        let by_command = logged(&repo, false);
        if real.code == 0 {
            repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
        }
        // The same move by hand, through the hooks.
        repo.edit(
            &path(i),
            &format!("status: {from}"),
            &format!("status: {to}"),
        );
        repo.git(&["add", &path(i)]).ok();
        let hook = repo.git_env(&["commit", "-q", "-m", "by hand"], &[("ORX_ROLE", role)]);
        let hooked = hook.code == 0;
        prop_assert_eq!(
            code.is_none(),
            hooked,
            "{}: the command said {}, the hook {}",
            what,
            dry.render(),
            hook.render()
        );
        let by_hook = logged(&repo, true);
        prop_assert_eq!(&by_command, &by_hook, "{}: {}", what, hook.render());
        if !hooked {
            // Made past the hooks, `verify` judges it after.
            repo.git_env(
                &["commit", "-q", "--no-verify", "-m", "by hand"],
                &[("ORX_ROLE", role)],
            )
            .ok();
        }
        let verify = repo.orx(&["verify", "HEAD~1..HEAD", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&verify.stdout).unwrap_or_default();
        let by_verify: Vec<String> = v["violations"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v["rule"].as_str().map(str::to_owned))
            .collect();
        prop_assert_eq!(
            &by_verify,
            &by_hook,
            "{}: verify said {}",
            what,
            verify.render()
        );
        if !hooked {
            repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 12,
        max_shrink_iters: 20,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_command_the_hook_and_verify_give_one_verdict(
        items in prop::collection::vec(made(), ITEMS..=ITEMS),
        steps in prop::collection::vec(step(), 4..9),
    ) {
        run_case(&items, &steps)?;
    }
}

/// The code of the refusal a `--json` run printed (`refused.guard`), or
/// `None` when it was not refused.
fn refusal_code(run: &crate::common::Run) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(&run.stdout).ok()?;
    v["error"]["code"].as_str().map(str::to_owned)
}

/// What `show --json` says of the move to `to` as `role`: the code it
/// would be refused with (`None`: allowed), or nothing when the item's
/// state has no such move.
fn shown_code(repo: &Repo, id: &str, to: &str, role: &str) -> Option<Option<String>> {
    let show = repo.orx(&["show", id, "--as", role, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&show.stdout).unwrap();
    let m = v["moves"].as_array()?.iter().find(|m| m["to"] == to)?;
    Some(m["refused"]["code"].as_str().map(str::to_owned))
}

/// What `next --role ROLE --json` says of the step moving `id` to `to`,
/// when it lists the item for `role`: the code its move would be refused
/// with (`None`: ready), a step it leaves out because its move waits for
/// items being refused by `refused.waits`; nothing when the item is not
/// the role's or its state offers the role no such step.
fn next_code(repo: &Repo, id: &str, to: &str, role: &str) -> Option<Option<String>> {
    let next = repo.orx(&["next", "--role", role, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&next.stdout).unwrap();
    let action = v["roles"]
        .as_array()?
        .iter()
        .flat_map(|r| r["actions"].as_array().into_iter().flatten())
        .find(|a| a["id"] == id)?;
    let step = action["steps"]
        .as_array()?
        .iter()
        .find(|s| s["to"] == to && s["role"] == role);
    match step {
        Some(s) => {
            let ready = s["ready"].as_bool().unwrap_or(true);
            let code = s["refused"]["code"].as_str().map(str::to_owned);
            assert_eq!(ready, code.is_none(), "{s}");
            Some(code)
        }
        None if action["waiting_on"]["on"] == "items" && action["waiting_on"]["to"] == to => {
            Some(Some("refused.waits".to_owned()))
        }
        None => None,
    }
}

/// The rule the hook last logged a refusal for.
fn hook_rule(repo: &Repo) -> Option<String> {
    let log = std::fs::read_to_string(repo.path(".git/orx/refusals.jsonl")).ok()?;
    log.lines().rev().find_map(|l| {
        let v: serde_json::Value = serde_json::from_str(l).ok()?;
        v["source"]
            .as_str()?
            .starts_with("hook")
            .then(|| v["rule"].as_str().map(str::to_owned))?
    })
}

/// A story whose body changed since its quality check was recorded: the
/// hook refuses approving it by hand (the move's guard reads the recorded
/// values, which the body no longer measures), and `move`, its dry run
/// and `show` refuse it too, by the same rule and code, not as a failed
/// `git commit`.
#[test]
fn a_move_refused_for_unmeasured_quality_is_refused_by_the_command_too() {
    let repo = Repo::new();
    let id = repo.story("Search", &[]);
    let path = repo.story_path(&id);
    repo.edit(
        &path,
        "status: Draft\n",
        "status: Draft\nquality: {structure: 100, extraction: 100, score: 9.0, complexity: []}\n",
    );
    repo.commit_as("sm", "record the quality check").ok();
    // One Dev Notes item no longer cites its source: the story measures
    // 83.3% extraction now.
    repo.edit(&path, " [Source: docs/architecture.md#data-models]", "");
    repo.commit_as("sm", "edit the notes").ok();
    let head = repo.git(&["rev-parse", "HEAD"]).stdout;

    let dry = repo.orx(&["move", &id, "Approved", "--as", "sm", "--dry-run", "--json"]);
    dry.code(1);
    assert_eq!(
        refusal_code(&dry).as_deref(),
        Some("refused.unmeasured"),
        "{}",
        dry.render()
    );
    assert_eq!(
        shown_code(&repo, &id, "Approved", "sm"),
        Some(Some("refused.unmeasured".to_owned()))
    );
    let real = repo.orx(&["move", &id, "Approved", "--as", "sm", "--json"]);
    real.code(1);
    assert_eq!(
        refusal_code(&real).as_deref(),
        Some("refused.unmeasured"),
        "{}",
        real.render()
    );
    let v: serde_json::Value = serde_json::from_str(&real.stdout).unwrap();
    assert_eq!(v["error"]["item"], id.as_str());
    assert_eq!(v["error"]["from"], "Draft");
    assert_eq!(v["error"]["to"], "Approved");
    let message = v["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("quality.extraction is 100 but the story measures 83.3%")
            && !message.contains("git commit"),
        "{message}"
    );
    assert_eq!(repo.git(&["rev-parse", "HEAD"]).stdout, head);
    repo.refused(
        &["move", &id, "Approved", "--as", "sm"],
        1,
        &["quality.extraction is 100 but the story measures 83.3%"],
    );

    // The same move by hand: the hook refuses it by the same rule.
    repo.edit(&path, "status: Draft\n", "status: Approved\n");
    repo.commit_as("sm", "approve").fails(
        1,
        &["quality.extraction is 100 but the story measures 83.3%"],
    );
    assert_eq!(hook_rule(&repo).as_deref(), Some("unmeasured-quality"));
}

/// `check` judges an uncommitted hand edit with the one verdict, as the
/// hook will: closing a gate whose `waits:` items are still open, or one
/// that names no commit as its `evidence:`, is a problem for `check`
/// (with a role or without one) before the hook refuses the commit.
#[test]
fn check_finds_what_the_hook_refuses_in_an_uncommitted_hand_edit() {
    let gate = |after: Vec<usize>, shown: bool| Made {
        size: 3,
        after,
        scoped: true,
        shown,
    };
    let repo = setup(&[gate(vec![1], true), gate(vec![], false), gate(vec![], true)]);
    assert_eq!(state_of(&repo, 0), "Checked");
    repo.orx(&["check"]).ok();
    for (i, needle) in [(0, "waits for G2"), (1, "records no commit in `shown`")] {
        repo.edit(&path(i), "status: Checked", "status: Closed");
        for role in [&["--as", "qa"][..], &[]] {
            let check = repo.orx(&[&["check"], role].concat());
            check.code(1).stdout_has(&[needle]);
        }
        let hook = repo.commit_as("qa", "close it by hand");
        hook.fails(1, &[needle]);
        repo.git(&["checkout", "--", &path(i)]).ok();
    }
    repo.orx(&["check"]).ok();
}

/// Regression: `next` marks a step ready only where the one verdict
/// accepts its move, as `move --dry-run` judges it. A gate whose body no
/// longer writes the scope its recorded quality claims (`measure:`), and
/// one whose closing names no commit as its `evidence:`, are offered as
/// not ready, saying why in the words and with the rule and code the dry
/// run refuses them with; a gate that names its evidence is ready.
#[test]
fn next_does_not_mark_ready_a_move_refused_for_its_evidence_or_measures() {
    let gate = |scoped: bool, shown: bool| Made {
        size: 3,
        after: Vec::new(),
        scoped,
        shown,
    };
    let repo = setup(&[gate(false, true), gate(true, false), gate(true, true)]);
    // The unscoped gate could not be checked; the others were.
    assert_eq!(state_of(&repo, 0), "Open");
    assert_eq!(state_of(&repo, 1), "Checked");
    assert_eq!(state_of(&repo, 2), "Checked");
    let cases = [
        (
            "G1",
            "Checked",
            "dev",
            Some(("refused.unmeasured", "unmeasured-quality")),
        ),
        (
            "G2",
            "Closed",
            "qa",
            Some(("refused.evidence", "no-evidence")),
        ),
        ("G3", "Closed", "qa", None),
    ];
    for (id, to, role, refused) in cases {
        let dry = repo.orx(&["move", id, to, "--as", role, "--dry-run", "--json"]);
        assert_eq!(
            refusal_code(&dry).as_deref(),
            refused.map(|r| r.0),
            "{}",
            dry.render()
        );
        let next = repo.orx(&["next", "--role", role, "--json"]);
        next.ok();
        let v: serde_json::Value = serde_json::from_str(&next.stdout).unwrap();
        crate::test_schemas::valid("next", &v);
        let step = v["roles"][0]["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["id"] == id)
            .flat_map(|a| a["steps"].as_array().unwrap())
            .find(|s| s["to"] == to)
            .unwrap_or_else(|| panic!("{id}: no step to {to}: {v:#}"))
            .clone();
        assert_eq!(step["ready"], refused.is_none(), "{id}: {step}");
        match refused {
            Some((code, rule)) => {
                assert_eq!(step["refused"]["code"], code, "{step}");
                assert_eq!(step["refused"]["rule"], rule, "{step}");
                let said: serde_json::Value = serde_json::from_str(&dry.stdout).unwrap();
                assert_eq!(
                    step["unmet"],
                    serde_json::json!([said["error"]["message"]]),
                    "{id}: the words of the dry run"
                );
            }
            None => {
                assert!(step.get("refused").is_none(), "{step}");
                assert!(step.get("unmet").is_none(), "{step}");
            }
        }
    }
    // `status --json` gives the same steps.
    let status = repo.orx(&["status", "--json"]);
    status.ok();
    assert!(
        status.stdout.contains("\"refused.evidence\"")
            && status.stdout.contains("\"refused.unmeasured\""),
        "{}",
        status.render()
    );
}

/// Regression: `check` reads what a move waits for in the work tree, as
/// the hook reads it in the commit of every uncommitted change. Closing
/// a gate and the one it waits for together by hand is no problem for
/// `check`, and the commit of both passes the hook alike; closing the
/// waiting gate alone is a problem for both.
#[test]
fn check_reads_what_a_move_waits_for_in_the_work_tree_as_the_commit_will() {
    let gate = |after: Vec<usize>| Made {
        size: 3,
        after,
        scoped: true,
        shown: true,
    };
    let repo = setup(&[gate(vec![1]), gate(vec![])]);
    assert_eq!(
        (state_of(&repo, 0), state_of(&repo, 1)),
        ("Checked".into(), "Checked".into())
    );
    repo.edit(&path(0), "status: Checked", "status: Closed");
    repo.orx(&["check"]).code(1).stdout_has(&["waits for G2"]);
    repo.edit(&path(1), "status: Checked", "status: Closed");
    repo.orx(&["check"]).ok();
    repo.orx(&["check", "--as", "qa"]).ok();
    repo.commit_as("qa", "close both by hand").ok();
    repo.orx(&["verify"]).ok();
}
