//! Random interleavings of git-orx and plain git by several processes at
//! once: moves, checkpoints and rollbacks racing hand edits, hand commits
//! and `git commit -a`. Whatever the order, no byte anyone wrote is lost
//! (it is in the work tree, in a commit or in a checkpoint), the story
//! files in the work tree are the ones HEAD holds, nothing git-orx leaves
//! behind is in the way, and `verify --all` finds every commit lawful.

use std::process::{Child, Stdio};

use proptest::prelude::*;

use crate::common::{GOOD, Repo};

const STORIES: usize = 3;
const CHECKPOINT: &str = "chk-202601020304";

/// One process of a round.
#[derive(Clone, Debug)]
enum Op {
    /// `git orx move` of story `0` to a state.
    Move(usize, &'static str),
    /// `git orx checkpoint`.
    Checkpoint,
    /// `git orx rollback` to the checkpoint made at the start.
    Rollback,
    /// A new file written and left uncommitted.
    Edit,
    /// A new file written, added and committed with plain git.
    Commit,
    /// A tracked file changed and committed with `git commit -a`, which
    /// takes whatever else is modified too.
    CommitAll,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0..STORIES, prop::sample::select(vec!["InProgress", "Review", "Approved"]))
            .prop_map(|(s, to)| Op::Move(s, to)),
        1 => Just(Op::Checkpoint),
        2 => Just(Op::Rollback),
        2 => Just(Op::Edit),
        2 => Just(Op::Commit),
        2 => Just(Op::CommitAll),
    ]
}

/// A repository with stories to move, a tracked file `shared.txt` and a
/// checkpoint to roll back to; returns it with the story IDs.
fn setup() -> (Repo, Vec<String>) {
    let repo = Repo::new();
    let ids: Vec<String> = (0..STORIES)
        .map(|i| repo.story(&format!("Story {i}"), GOOD))
        .collect();
    repo.write("shared.txt", "base\n");
    repo.git(&["add", "shared.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "shared file"]).ok();
    repo.orx(&["checkpoint", "-m", "start"])
        .ok()
        .stdout_has(&[CHECKPOINT]);
    (repo, ids)
}

/// Starts one operation; `token` is the unique text it writes, if it writes.
fn start(repo: &Repo, ids: &[String], op: &Op, token: &str) -> Child {
    let quiet = |mut c: std::process::Command| {
        c.stdout(Stdio::piped()).stderr(Stdio::piped());
        c.spawn().unwrap()
    };
    let sh = |script: String| {
        let mut c = repo.command("sh");
        c.args(["-c", &script]);
        quiet(c)
    };
    match op {
        Op::Move(s, to) => {
            let mut c = repo.command("git");
            c.args(["orx", "move", &ids[*s], to, "--as", "dev", "-m", token]);
            quiet(c)
        }
        Op::Checkpoint => {
            let mut c = repo.command("git");
            c.args(["orx", "checkpoint", "-m", token]);
            quiet(c)
        }
        Op::Rollback => {
            let mut c = repo.command("git");
            c.args(["orx", "rollback", CHECKPOINT, "--yes", "--as", "human"]);
            quiet(c)
        }
        Op::Edit => sh(format!(
            "mkdir -p edits && printf '{token}\\n' > edits/{token}.txt"
        )),
        Op::Commit => sh(format!(
            "mkdir -p code && printf '{token}\\n' > code/{token}.txt && git add code/{token}.txt && git commit -q -m {token}"
        )),
        Op::CommitAll => sh(format!(
            "printf '{token}\\n' >> shared.txt && ORX_ROLE=dev git commit -q -a -m {token}"
        )),
    }
}

/// Every ref's history (checkpoints included) holds `token`.
fn in_history(repo: &Repo, token: &str) -> bool {
    let revs = repo.git(&["rev-list", "--all"]).stdout;
    let mut args = vec!["grep", "-q", "-F", "-e", token];
    args.extend(revs.lines());
    repo.git(&args).code == 0
}

/// The work tree holds `token` in some file (outside .git).
fn in_work_tree(repo: &Repo, token: &str) -> bool {
    repo.state().contains(token)
}

fn run_case(rounds: &[Vec<Op>]) -> Result<(), TestCaseError> {
    let (repo, ids) = setup();
    let mut written = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        let children: Vec<(Op, String, Child)> = round
            .iter()
            .enumerate()
            .map(|(k, op)| {
                let token = format!("tok{r}x{k}");
                let child = start(&repo, &ids, op, &token);
                (op.clone(), token, child)
            })
            .collect();
        for (op, token, child) in children {
            let out = child.wait_with_output().unwrap();
            let code = out.status.code();
            let stderr = String::from_utf8_lossy(&out.stderr);
            match op {
                // A git-orx command succeeds, is refused (1), or finds that
                // another process got there first (3: the story moved, a
                // lock was taken, the tree changed); it never dies.
                Op::Move(..) | Op::Checkpoint | Op::Rollback => prop_assert!(
                    matches!(code, Some(0 | 1 | 3)),
                    "{op:?} exited {code:?}: {stderr}"
                ),
                // Plain git may lose a race for the index lock or be
                // refused by a hook: the bytes stay in the work tree.
                Op::Edit | Op::Commit | Op::CommitAll => {
                    prop_assert!(code.is_some(), "{op:?} was killed: {stderr}");
                    written.push(token);
                }
            }
            prop_assert!(!stderr.contains("panicked"), "{op:?} panicked: {stderr}");
        }
    }
    for token in &written {
        prop_assert!(
            in_work_tree(&repo, token) || in_history(&repo, token),
            "{token} was lost; rounds {rounds:?}\n{}",
            repo.state()
        );
    }
    let stories = repo.git(&["status", "--porcelain", "--", "docs/stories", ".orx"]);
    prop_assert_eq!(
        stories.stdout.as_str(),
        "",
        "story files differ from HEAD; rounds {:?}",
        rounds
    );
    let verify = repo.orx(&["verify", "--all"]);
    prop_assert_eq!(verify.code, 0, "{}\nrounds {:?}", verify.render(), rounds);
    let check = repo.orx(&["check"]);
    prop_assert_eq!(check.code, 0, "{}\nrounds {:?}", check.render(), rounds);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 10,
        max_shrink_iters: 20,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_interleavings_lose_nothing_and_keep_head_and_tree_in_step(
        rounds in prop::collection::vec(prop::collection::vec(op(), 2..5), 1..4)
    ) {
        run_case(&rounds)?;
    }
}
