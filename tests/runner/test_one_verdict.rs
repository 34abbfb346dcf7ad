//! One verdict: for random items, moves and roles over a small workflow of
//! a team's own (guards, owners, a terminal state, a move that waits for
//! other items), the command's verdict (`move --dry-run`) is the hook's
//! (the same move made by hand and committed through the hooks), and both
//! are `verify`'s (the same commit made past the hooks, judged after).

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
  - {from: Checked, to: Open, roles: [qa]}
  - from: Checked
    to: Closed
    roles: [qa]
    waits:
      field: after
      until: [Closed]
  - {from: Open, to: Closed, roles: [human]}
"#;

const STATES: [&str; 3] = ["Open", "Checked", "Closed"];
const ROLES: [&str; 3] = ["dev", "qa", "human"];
const ITEMS: usize = 3;

/// One item as made: its width and the items it waits for.
#[derive(Clone, Debug)]
struct Made {
    size: u8,
    after: Vec<usize>,
}

fn made() -> impl Strategy<Value = Made> {
    (0u8..6, prop::collection::vec(0..ITEMS, 0..3)).prop_map(|(size, after)| Made { size, after })
}

/// One move: an item, a target state, a role (the roles that may move
/// it more often than not).
fn step() -> impl Strategy<Value = (usize, usize, usize)> {
    (
        0..ITEMS,
        prop_oneof![1 => Just(0usize), 1 => Just(1), 2 => Just(2)],
        prop_oneof![1 => Just(0usize), 2 => Just(1), 1 => Just(2)],
    )
}

fn path(i: usize) -> String {
    format!("docs/gates/G{}.md", i + 1)
}

/// A repository with the `gate` kind and `items` committed, all Open.
fn setup(items: &[Made]) -> Repo {
    let repo = Repo::new();
    repo.write(".orx/workflows/gate.yaml", GATE);
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
                "---\nkind: gate\nid: G{}\ntitle: Gate {i}\nstatus: Open\nsize: {}\nafter: [{}]\n---\n",
                i + 1,
                m.size,
                after.join(", ")
            ),
        );
    }
    repo.git(&["add", "docs"]).ok();
    repo.commit_rules("The gate kind and its items");
    // The wide ones start checked, so that closing them (which waits for
    // the items they list) comes up often.
    for (i, m) in items.iter().enumerate() {
        if m.size >= 3 {
            repo.orx(&["move", &format!("G{}", i + 1), "Checked", "--as", "dev"])
                .ok();
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

fn run_case(items: &[Made], steps: &[(usize, usize, usize)]) -> Result<(), TestCaseError> {
    let repo = setup(items);
    for &(i, to, role) in steps {
        let (to, role) = (STATES[to], ROLES[role]);
        let from = state_of(&repo, i);
        if from == to {
            continue;
        }
        let id = format!("G{}", i + 1);
        // The command's verdict, writing nothing.
        let dry = repo.orx(&["move", &id, to, "--as", role, "--dry-run"]);
        prop_assert!(dry.code == 0 || dry.code == 1, "{}", dry.render());
        let command = dry.code == 0;
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
            command,
            hooked,
            "{} {} -> {} as {}: the command said {}, the hook {}",
            id,
            from,
            to,
            role,
            dry.render(),
            hook.render()
        );
        if !hooked {
            // Made past the hooks, `verify` judges it after.
            repo.git_env(
                &["commit", "-q", "--no-verify", "-m", "by hand"],
                &[("ORX_ROLE", role)],
            )
            .ok();
        }
        let verify = repo.orx(&["verify", "HEAD~1..HEAD"]);
        prop_assert_eq!(
            verify.code == 0,
            hooked,
            "{} {} -> {} as {}: verify said {}",
            id,
            from,
            to,
            role,
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
        cases: 16,
        max_shrink_iters: 20,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_command_the_hook_and_verify_give_one_verdict(
        items in prop::collection::vec(made(), ITEMS..=ITEMS),
        steps in prop::collection::vec(step(), 4..10),
    ) {
        run_case(&items, &steps)?;
    }
}
