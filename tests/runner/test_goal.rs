//! Goals, discussion, claims, tasks and rounds, through the real
//! commands, real `git` branches and merges, and the ticker.

use crate::common::{Repo, is_drawn_task, redact};

/// A set-up repository whose checks pass unless `broken` exists.
pub(crate) fn goal_repo() -> Repo {
    let repo = Repo::new();
    let config = repo
        .read(".orx/config.yaml")
        .replace("checks: []", "checks: [\"test ! -f broken\"]");
    repo.write(".orx/config.yaml", config);
    repo.commit_rules("checks");
    repo
}

/// `git orx args` must succeed; its output, commit ids redacted.
#[track_caller]
fn ok(repo: &Repo, args: &[&str]) -> String {
    let out = repo.orx(args);
    out.ok();
    redact(&format!("$ git orx {}\n{}", args.join(" "), out.stdout))
}

/// `git orx goal tick` at `at` (the time the ticker runs).
#[track_caller]
fn tick_at(repo: &Repo, at: &str) -> String {
    let out = repo.orx_env(&["tick"], &[("GIT_COMMITTER_DATE", at)]);
    out.ok();
    redact(&format!("$ git orx tick ({at})\n{}", out.stdout))
}

/// The item's state, from `show --json`.
#[track_caller]
fn state(repo: &Repo, id: &str) -> String {
    let out = repo.orx(&["show", id, "--json"]);
    out.ok();
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    v["status"].as_str().unwrap().to_owned()
}

/// A commit of code on the current branch.
fn code(repo: &Repo, file: &str, message: &str) {
    repo.write(file, format!("{message}\n"));
    repo.git(&["add", file]).ok();
    repo.git(&["commit", "-q", "-m", message]).ok();
}

/// Merges `branch` into main with git's own message.
fn merge(repo: &Repo, branch: &str) {
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git(&["merge", "--no-ff", "-q", "--no-edit", branch])
        .ok();
}

/// The Lead's goal the tests start from.
pub const NEW_GOAL: &[&str] = &[
    "goal",
    "new",
    "Login page",
    "--type",
    "feat",
    "--body",
    "Users log in.",
    "--as",
    "lead",
];

/// The end-to-end flow's overview (§22.1, Phases 0–7, with Phase 6's
/// 庞统三问 and GOAL_ACHIEVED): one goal, three roles, two rounds: a
/// broadcast discussion, two tasks
/// (the second depending on the first), a failing check and a request for
/// changes on the first, merges closing both, the round review opening
/// round 2, a task merged there through a `Closes:` commit, and the goal
/// achieved. Every commit passes `verify`.
#[test]
fn a_goal_goes_through_two_rounds_with_three_roles() {
    let repo = goal_repo();
    let mut log = String::new();
    log += &ok(&repo, NEW_GOAL);
    assert_eq!(state(&repo, "G1"), "discussing");
    // Every executor role is asked; `next` lists the goal for each.
    let next = repo.orx(&["next", "--json"]);
    next.ok();
    for role in ["\"architect\"", "\"dev\"", "\"qa\""] {
        assert!(next.stdout.contains(role), "{role} not in {}", next.stdout);
    }
    log += &ok(
        &repo,
        &[
            "discuss",
            "G1",
            "--position",
            "the form is mine",
            "--claim",
            "the form",
            "--risk",
            "password rules",
            "--as",
            "dev",
        ],
    );
    log += &ok(&repo, &["claim", "G1", "Login form", "--as", "dev"]);
    log += &ok(
        &repo,
        &["discuss", "G1", "--claim", "its tests", "--as", "qa"],
    );
    log += &ok(
        &repo,
        &[
            "claim",
            "G1",
            "Login tests",
            "--depends",
            "T1",
            "--as",
            "qa",
        ],
    );
    // The architect has not answered: the discussion goes on.
    log += &tick_at(&repo, "2026-01-02T03:05:00Z");
    assert_eq!(state(&repo, "G1"), "discussing");
    let next = repo.orx(&["next", "--role", "architect"]);
    next.ok()
        .stdout_has(&["Goal G1 (round 1) waits for your answer"]);
    repo.orx(&["goal", "prompt", "G1", "--role", "architect"])
        .ok()
        .stdout_has(&[
            "discussion of goal G1: Login page (round 1)",
            "You are Architect (Architect), acting as `architect`; your capabilities: -.",
            "## Comment format\n\n`[Architect] your view`",
            "git orx goal claim G1 \"TITLE\" --as architect",
            "the form is mine",
        ]);
    log += &ok(&repo, &["discuss", "G1", "--no-reply", "--as", "architect"]);
    log += &tick_at(&repo, "2026-01-02T03:06:00Z");
    assert_eq!(state(&repo, "G1"), "executing");

    // T2 waits for T1.
    repo.orx(&["task", "start", "T2", "--as", "qa"])
        .fails(1, &["waits for T1 (its `depends`), which is not done yet"]);
    log += &ok(&repo, &["task", "start", "T1", "--as", "dev"]);
    repo.git(&["checkout", "-q", "-b", "feat/T1-login-form"])
        .ok();
    code(&repo, "broken", "half a form");
    let failing = repo.orx(&["task", "check", "T1", "--as", "dev"]);
    failing.code(4);
    assert_eq!(state(&repo, "T1"), "ci-failed");
    repo.orx(&["goal", "prompt", "T1"]).ok().stdout_has(&[
        "the checks failed on `feat/T1-login-form`",
        "test ! -f broken",
    ]);
    repo.git(&["rm", "-q", "broken"]).ok();
    code(&repo, "form.txt", "the form");
    log += &ok(&repo, &["task", "check", "T1", "--as", "dev"]);
    log += &ok(&repo, &["task", "submit", "T1", "--as", "dev"]);
    repo.orx(&["goal", "prompt", "T1"]).ok().stdout_has(&[
        "Review task T1: Login form (goal G1), on branch `feat/T1-login-form`, by dev.",
    ]);
    log += &ok(
        &repo,
        &[
            "task",
            "review",
            "T1",
            "--request-changes",
            "-m",
            "label the button",
            "--as",
            "reviewer",
        ],
    );
    code(&repo, "form.txt", "the form, labelled");
    log += &ok(&repo, &["task", "submit", "T1", "--as", "dev"]);
    log += &ok(
        &repo,
        &["task", "review", "T1", "--approve", "--as", "reviewer"],
    );
    merge(&repo, "feat/T1-login-form");
    log += &tick_at(&repo, "2026-01-02T03:10:00Z");
    assert_eq!(state(&repo, "T1"), "done");

    // T2 on its branch; approved and merged.
    log += &ok(&repo, &["task", "start", "T2", "--as", "qa"]);
    repo.git(&["checkout", "-q", "-b", "feat/T2-login-tests"])
        .ok();
    code(&repo, "tests.txt", "the tests");
    log += &ok(&repo, &["task", "submit", "T2", "--as", "qa"]);
    log += &ok(
        &repo,
        &["task", "review", "T2", "--approve", "--as", "reviewer"],
    );
    merge(&repo, "feat/T2-login-tests");
    log += &tick_at(&repo, "2026-01-02T03:20:00Z");
    assert_eq!(state(&repo, "T2"), "done");
    assert_eq!(state(&repo, "G1"), "round-review");
    let lead = repo.orx(&["next", "--role", "lead"]);
    lead.ok().stdout_has(&[
        "review round 1 of goal G1 (2 done, 0 failed of 2): is the goal still clear?",
    ]);
    // The lead's prompt: the three questions, the summary, what each task
    // delivered (commits, files).
    repo.orx(&["goal", "prompt", "G1"]).ok().stdout_has(&[
        "## Round review of goal G1: Login page (round 1)",
        "Users log in.",
        "- done: 2",
        "- T1 Login form (done, dev):",
        "the form, labelled",
        "files: form.txt",
        "- T2 Login tests (done, qa):",
        "1. Is the goal still clear",
        "git orx goal decide G1 achieved",
    ]);
    let review = repo.orx(&["goal", "review", "G1", "--json"]);
    review.ok();
    let v: serde_json::Value = serde_json::from_str(&review.stdout).unwrap();
    assert_eq!(v["review"]["summary"]["done"], 2);
    assert_eq!(
        v["review"]["tasks"][1]["files"],
        serde_json::json!(["tests.txt"])
    );

    // Round 2: a new round, one task closed by a `Closes:` commit.
    log += &ok(
        &repo,
        &[
            "goal",
            "decide",
            "G1",
            "new-round",
            "-m",
            "remember me is missing",
            "--as",
            "lead",
        ],
    );
    assert_eq!(state(&repo, "G1"), "executing");
    log += &ok(&repo, &["claim", "G1", "Remember me", "--as", "dev"]);
    log += &ok(&repo, &["task", "start", "T3", "--as", "dev"]);
    repo.write("remember.txt", "remember me\n");
    repo.git(&["add", "remember.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "Remember me\n\nCloses: T3"])
        .ok();
    log += &tick_at(&repo, "2026-01-02T03:30:00Z");
    assert_eq!(state(&repo, "T3"), "done");
    assert_eq!(state(&repo, "G1"), "round-review");
    // A second tick with nothing new does nothing.
    let again = tick_at(&repo, "2026-01-02T03:31:00Z");
    assert!(again.contains("Nothing to dispatch."), "{again}");
    log += &ok(
        &repo,
        &[
            "goal",
            "decide",
            "G1",
            "achieved",
            "-m",
            "every criterion met",
            "--as",
            "lead",
        ],
    );
    assert_eq!(state(&repo, "G1"), "closed");
    // The decision in the data is the flow's own: GOAL_ACHIEVED.
    let g1 = repo.read("docs/goals/G1.login-page.md");
    assert!(g1.contains("choice: GOAL_ACHIEVED"), "{g1}");
    repo.orx(&["verify"]).ok().stdout_has(&["no violations"]);
    insta::assert_snapshot!(log);
}

/// `--direct` and `type: infrastructure` skip the discussion.
#[test]
fn a_direct_goal_and_an_infrastructure_goal_skip_the_discussion() {
    let repo = goal_repo();
    ok(
        &repo,
        &["goal", "new", "Fix a typo", "--direct", "--as", "lead"],
    );
    assert_eq!(state(&repo, "G1"), "executing");
    ok(
        &repo,
        &[
            "goal",
            "new",
            "Disk full",
            "--type",
            "infrastructure",
            "--as",
            "lead",
        ],
    );
    assert_eq!(state(&repo, "G2"), "executing");
    ok(
        &repo,
        &["goal", "new", "Search", "--assignee", "dev", "--as", "lead"],
    );
    assert_eq!(state(&repo, "G3"), "planning");
    let g3 = repo.read("docs/goals/G3.search.md");
    assert!(g3.contains("discussion: directed"), "{g3}");
    // The directed discussion waits for the assignee only.
    let next = repo.orx(&["next", "--role", "dev"]);
    next.ok().stdout_has(&["Goal G3 is assigned to you"]);
    let qa = repo.orx(&["next", "--role", "qa"]);
    qa.ok().stdout_lacks(&["G3"]);
    // A repository's own steps for a type.
    repo.write(
        ".orx/steps.yaml",
        "fix:\n  - \"Reproduce it (goal {goal})\"\n  - \"git checkout -b {branch}\"\n",
    );
    repo.git(&["add", ".orx/steps.yaml"]).ok();
    repo.git(&["commit", "-q", "-m", "our steps"]).ok();
    ok(
        &repo,
        &[
            "claim",
            "G1",
            "Fix the typo",
            "--type",
            "fix",
            "--as",
            "dev",
        ],
    );
    let t1 = repo.read("docs/tasks/T1.fix-the-typo.md");
    assert!(
        t1.contains("- [ ] Reproduce it (goal G1)\n- [ ] git checkout -b fix/T1-fix-the-typo\n"),
        "{t1}"
    );
    ok(&repo, &["task", "start", "T1", "--as", "dev"]);
    repo.write("readme.txt", "no typo\n");
    repo.git(&["add", "readme.txt"]).ok();
    repo.git(&["checkout", "-q", "-b", "fix/T1-fix-the-typo"])
        .ok();
    repo.git(&["commit", "-q", "-m", "Fix the typo\n\nCloses: T1"])
        .ok();
    // Off the main line, a `Closes:` commit closes nothing yet.
    let out = tick_at(&repo, "2026-01-02T03:59:00Z");
    assert!(
        out.contains("tasks are closed on the main line (main); HEAD is on fix/T1-fix-the-typo"),
        "{out}"
    );
    assert_eq!(state(&repo, "T1"), "in-progress");
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git(&["merge", "-q", "--ff-only", "fix/T1-fix-the-typo"])
        .ok();
    let out = tick_at(&repo, "2026-01-02T04:00:00Z");
    assert!(
        out.contains("task T1: in-progress -> done (merged)"),
        "{out}"
    );
    assert!(out.contains("goal G1: executing -> round-review"), "{out}");
}

/// A discussion no one takes is checked once per period, and escalated
/// to the lead at the third check; ticks within the period count once.
#[test]
fn a_discussion_with_no_taker_escalates_after_three_checks() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Dark mode", "--as", "lead"]);
    let mut log = String::new();
    log += &tick_at(&repo, "2026-01-02T05:00:00Z");
    log += &tick_at(&repo, "2026-01-02T05:00:10Z");
    log += &tick_at(&repo, "2026-01-02T05:01:00Z");
    assert_eq!(state(&repo, "G1"), "discussing");
    log += &tick_at(&repo, "2026-01-02T05:02:00Z");
    assert_eq!(state(&repo, "G1"), "escalated");
    let lead = repo.orx(&["next", "--role", "lead"]);
    lead.ok()
        .stdout_has(&["goal G1 has no taker after 3 checks"]);
    log += &ok(
        &repo,
        &[
            "goal",
            "decide",
            "G1",
            "assign",
            "--assignee",
            "dev",
            "--as",
            "lead",
        ],
    );
    assert_eq!(state(&repo, "G1"), "planning");
    insta::assert_snapshot!(log);
}

/// Closing a task by hand, without the merge that closes it, is refused
/// by the hooks; committed past them, `verify` reports it. Skipping the
/// discussion by hand is refused too.
#[test]
fn hand_edits_that_skip_steps_are_refused_by_the_hooks_and_verify() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Login", "--direct", "--as", "lead"]);
    ok(&repo, &["claim", "G1", "Form", "--as", "dev"]);
    ok(&repo, &["task", "start", "T1", "--as", "dev"]);
    let path = "docs/tasks/T1.form.md";
    repo.edit(path, "status: in-progress", "status: done");
    repo.commit_as("dev", "done by hand")
        .fails(1, &["records no commit in `closed_by.commit`"]);
    // A commit that does not close it is no evidence.
    let head = repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned();
    repo.edit(
        path,
        "status: done",
        &format!("status: done\nclosed_by: {{commit: {head}}}"),
    );
    repo.commit_as("dev", "done by hand").fails(
        1,
        &["which is not a commit carrying `Closes: T1`, or a merge commit naming its `branch`"],
    );
    repo.git(&["commit", "-q", "-am", "done by hand", "--no-verify"])
        .ok();
    let out = repo.orx(&["verify", "HEAD~1..HEAD"]);
    out.code(1).stdout_has(&["no-evidence"]);
    // The Human's recorded override closes it (merged elsewhere, say).
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    repo.edit(path, "status: in-progress", "status: done");
    let env = [
        ("ORX_ROLE", "human"),
        ("ORX_FORCE_REASON", "merged on the old server"),
    ];
    repo.git_env(&["commit", "-q", "-am", "closed by the Human"], &env)
        .ok();
    assert!(
        repo.git(&["log", "-1", "--format=%(trailers)"])
            .stdout
            .contains("Orx-Override: merged on the old server")
    );
    repo.orx(&["verify", "HEAD~1..HEAD"]).ok();
    // Skipping a discussion by hand.
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    ok(&repo, &["goal", "new", "Search", "--as", "lead"]);
    repo.edit(
        "docs/goals/G2.search.md",
        "status: discussing",
        "status: executing",
    );
    repo.commit_as("lead", "no discussion")
        .fails(1, &["every addressed role answered"]);
}

/// A task that depends on an unfinished one may not start: `next` does
/// not offer its start and says what it waits for, the command refuses,
/// a hand-made commit is refused by the hooks, and one committed past
/// them is reported by `verify`.
#[test]
fn a_task_waiting_for_another_may_not_start_by_any_path() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Login", "--direct", "--as", "lead"]);
    ok(&repo, &["claim", "G1", "Form", "--as", "dev"]);
    ok(
        &repo,
        &["claim", "G1", "Tests", "--depends", "T1", "--as", "qa"],
    );
    repo.orx(&["next", "--role", "qa"])
        .ok()
        .stdout_has(&["Task T2 waits for T1 (not done yet)"]);
    let next = repo.orx(&["next", "--role", "qa", "--json"]);
    next.ok();
    let v: serde_json::Value = serde_json::from_str(&next.stdout).unwrap();
    let t2 = v["roles"][0]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == "T2")
        .expect("T2 is listed for qa");
    assert!(
        t2["steps"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["action"] != "start"),
        "{t2}"
    );
    // What it waits on, as data.
    assert_eq!(t2["waiting_on"]["items"], serde_json::json!(["T1"]), "{t2}");
    assert_eq!(
        t2["waiting_on"]["until"],
        serde_json::json!(["done"]),
        "{t2}"
    );
    // T1's own start is offered to dev.
    repo.orx(&["next", "--role", "dev", "--json"])
        .ok()
        .stdout_has(&["\"action\": \"start\""]);
    repo.orx(&["task", "start", "T2", "--as", "qa"])
        .fails(1, &["waits for T1"]);
    let path = "docs/tasks/T2.tests.md";
    repo.edit(path, "status: pending", "status: in-progress");
    repo.commit_as("qa", "started by hand").fails(
        1,
        &["task T2: pending -> in-progress waits for T1 (its `depends`), which is not done yet"],
    );
    repo.git_env(
        &["commit", "-q", "-am", "started by hand", "--no-verify"],
        &[("ORX_ROLE", "qa")],
    )
    .ok();
    repo.orx(&["verify", "HEAD~1..HEAD"])
        .code(1)
        .stdout_has(&["waits-for-item", "waits for T1"]);
}

/// The lead assigns a task to a role (`claim --for`): the task is the
/// assignee's, who works it; another role may not assign one, by the
/// command or by a hand-made commit.
#[test]
fn the_lead_assigns_a_task_to_a_role_who_then_works_it() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Login", "--direct", "--as", "lead"]);
    let out = repo.orx(&[
        "claim", "G1", "Form", "--for", "dev", "--as", "lead", "--json",
    ]);
    out.ok();
    let show = repo.orx(&["show", "T1", "--json"]);
    show.ok();
    let v: serde_json::Value = serde_json::from_str(&show.stdout).unwrap();
    assert_eq!(v["frontmatter"]["assignee"], "dev", "{v}");
    assert_eq!(v["owner"], "dev", "{v}");
    assert_eq!(v["status"], "pending", "{v}");
    assert!(
        repo.git(&["log", "-1", "--format=%(trailers)"])
            .stdout
            .contains("Orx-Role: lead")
    );
    // It is dev's to start, not the lead's.
    repo.orx(&["next", "--role", "dev"])
        .ok()
        .stdout_has(&["Task T1 (Form)", "git orx task start T1 --as dev"]);
    ok(&repo, &["task", "start", "T1", "--as", "dev"]);
    assert_eq!(state(&repo, "T1"), "in-progress");
    // An executor claims for itself only.
    repo.orx(&["claim", "G1", "Tests", "--for", "qa", "--as", "dev"])
        .fails(1, &["dev may not assign a task to qa: only lead may"]);
    repo.orx(&["claim", "G1", "Tests", "--for", "nobody", "--as", "lead"])
        .code(2);
    // Nor by hand: dev writes a task assigned to qa.
    repo.write(
        "docs/tasks/T2.tests.md",
        "---\nkind: task\nid: T2\ntitle: Tests\nstatus: pending\nparent: G1\ngoal_round: 1\ntype: feat\nassignee: qa\nbranch: feat/T2-tests\n---\n# Task T2: Tests\n",
    );
    repo.git(&["add", "docs/tasks/T2.tests.md"]).ok();
    repo.commit_as("dev", "a task for qa")
        .fails(1, &["task T2"]);
    // The lead's is accepted.
    repo.commit_as("lead", "a task for qa").ok();
    repo.orx(&["verify"]).ok().stdout_has(&["no violations"]);
}

/// Two agents answer the same goal on their own branches; the merges
/// never conflict, and both answers count.
#[test]
fn concurrent_discussion_comments_on_separate_branches_merge_without_conflict() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Search", "--as", "lead"]);
    for role in ["dev", "qa", "architect"] {
        repo.git(&["checkout", "-q", "-b", &format!("talk-{role}"), "main"])
            .ok();
        ok(
            &repo,
            &[
                "discuss",
                "G1",
                "--position",
                &format!("{role} view"),
                "--as",
                role,
            ],
        );
    }
    repo.git(&["checkout", "-q", "main"]).ok();
    for role in ["dev", "qa", "architect"] {
        repo.git_env(
            &["merge", "-q", "--no-edit", &format!("talk-{role}")],
            &[("ORX_ROLE", "lead")],
        )
        .ok();
    }
    for role in ["dev", "qa", "architect"] {
        assert!(
            repo.path(&format!("docs/comments/G1-r1-{role}-1.md"))
                .exists()
        );
    }
    ok(&repo, &["claim", "G1", "Index", "--as", "dev"]);
    let out = tick_at(&repo, "2026-01-02T06:00:00Z");
    assert!(out.contains("goal G1: discussing -> executing"), "{out}");
    repo.orx(&["verify"]).ok().stdout_has(&["no violations"]);
}

/// Two executors claim a task of one goal at the same moment, each in a
/// worktree of its own on a branch of its own (what, with counted IDs,
/// made both take T1): the drawn IDs differ, each task is done on its
/// branch `feat/{id}-{brief}`, both branches merge into main with no
/// collision and nothing to renumber, the ticker closes both, and every
/// commit passes `verify`.
#[test]
fn tasks_claimed_at_once_in_two_worktrees_merge_without_a_collision() {
    let repo = goal_repo();
    ok(
        &repo,
        &["goal", "new", "Login page", "--direct", "--as", "lead"],
    );
    let desks = [
        ("dev", "Login form", "login-form"),
        ("qa", "Login tests", "login-tests"),
    ];
    let trees: Vec<std::path::PathBuf> = desks
        .iter()
        .map(|(role, _, _)| {
            let tree = repo.root.parent().unwrap().join(format!("desk-{role}"));
            repo.git(&[
                "worktree",
                "add",
                "-q",
                "-b",
                &format!("desk-{role}"),
                tree.to_str().unwrap(),
            ])
            .ok();
            tree
        })
        .collect();
    let in_tree = |tree: &std::path::Path, program: &str, args: &[&str]| {
        let out = repo
            .command(program)
            .current_dir(tree)
            .args(args)
            .output()
            .unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "{program} {args:?}:\n{said}");
        said
    };
    // Both claims at once, each in its worktree.
    let claims: Vec<std::process::Child> = desks
        .iter()
        .zip(&trees)
        .map(|((role, title, _), tree)| {
            repo.command("git")
                .current_dir(tree)
                .args(["orx", "claim", "G1", title, "--as", role])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let ids: Vec<String> = claims
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            let said = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(
                out.status.success(),
                "{said}{}",
                String::from_utf8_lossy(&out.stderr)
            );
            // Its first line is the new task's file, named for its ID.
            let id = said
                .lines()
                .next()
                .and_then(|l| l.strip_prefix("docs/tasks/"))
                .and_then(|f| f.split('.').next())
                .unwrap_or_default()
                .to_owned();
            assert!(is_drawn_task(&id), "no drawn ID in:\n{said}");
            assert!(said.contains(&format!("{id}: (new) -> pending")), "{said}");
            id
        })
        .collect();
    assert_ne!(ids[0], ids[1]);
    // Each task is done on its own branch, named for its ID, in its
    // worktree.
    let mut branches = Vec::new();
    for (((role, _, brief), tree), id) in desks.iter().zip(&trees).zip(&ids) {
        let branch = format!("feat/{id}-{brief}");
        let task =
            std::fs::read_to_string(tree.join(format!("docs/tasks/{id}.{brief}.md"))).unwrap();
        assert!(task.contains(&format!("branch: \"{branch}\"")), "{task}");
        assert!(
            task.contains(&format!("git checkout -b {branch}")),
            "{task}"
        );
        in_tree(tree, "git", &["checkout", "-q", "-b", &branch]);
        in_tree(tree, "git", &["orx", "task", "start", id, "--as", role]);
        std::fs::write(tree.join(format!("{brief}.txt")), format!("{brief}\n")).unwrap();
        in_tree(tree, "git", &["add", &format!("{brief}.txt")]);
        in_tree(
            tree,
            "git",
            &["commit", "-q", "-m", &format!("Add the {brief}")],
        );
        branches.push(branch);
    }
    // Both merge into main: two task files, no conflict, no duplicate.
    for branch in &branches {
        merge(&repo, branch);
    }
    let files = repo.git(&["ls-files", "docs/tasks"]).stdout;
    assert_eq!(files.lines().count(), 2, "{files}");
    repo.orx(&["verify", "--all"])
        .ok()
        .stdout_has(&["no violations"]);
    let out = repo.orx_env(&["tick"], &[("GIT_COMMITTER_DATE", "2026-01-02T07:00:00Z")]);
    out.ok();
    for id in &ids {
        assert!(
            out.stdout
                .contains(&repo.named(&format!("task {id}: in-progress -> done (merged)"))),
            "{}",
            out.stdout
        );
        assert_eq!(state(&repo, id), "done");
    }
    repo.orx(&["verify", "--all"])
        .ok()
        .stdout_has(&["no violations"]);
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
}

/// §22.7's Phase 5 (PR closed/merged → the task done) on the server: the
/// sample post-receive hook runs the ticker after a push to main:
/// the task a pushed `Closes:` commit closes is closed on the server.
#[cfg(unix)]
#[test]
fn the_post_receive_hook_ticks_after_a_push() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Typo", "--direct", "--as", "lead"]);
    ok(&repo, &["claim", "G1", "Fix it", "--as", "dev"]);
    ok(&repo, &["task", "start", "T1", "--as", "dev"]);
    repo.server_with_hook("post-receive");
    repo.write("readme.txt", "fixed\n");
    repo.git(&["add", "readme.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "Fix the typo\n\nCloses: T1"])
        .ok();
    let push = repo.git(&["push", "-q", "origin", "main"]);
    push.ok();
    assert!(
        push.stderr
            .contains("task T1: in-progress -> done (merged)"),
        "{}",
        push.stderr
    );
    repo.git(&["pull", "-q", "--ff-only", "origin", "main"])
        .ok();
    assert_eq!(state(&repo, "T1"), "done");
    assert_eq!(state(&repo, "G1"), "round-review");
}

/// §22.3's prompt table (executor, review request, review results): `git
/// orx run` drives a task's executor with its phase's prompt (the
/// work, then the changes a review asked for) and stops where the task
/// waits for the reviewer; `git orx prompt` gives each phase's prompt.
#[test]
fn a_task_is_driven_by_run_with_its_phase_prompts() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Login", "--direct", "--as", "lead"]);
    ok(&repo, &["claim", "G1", "Form", "--as", "dev"]);
    repo.orx(&["prompt", "T1"]).ok().stdout_has(&[
        "You act as dev: do task T1: Form, part of goal G1.",
        "Work on branch `feat/T1-form`",
        "{\"stateUpdates\": {}}",
    ]);
    let exec = "cat > prompt.txt; echo '{\"stateUpdates\": {}}'";
    // The run ends where the task waits for the reviewer: not a success
    // state yet, so it exits 1, saying so.
    repo.orx(&["run", "T1", "--exec", exec, "--as", "dev"])
        .code(1)
        .stdout_has(&["task T1: in-review after 1 action (nothing left to do)"]);
    assert_eq!(state(&repo, "T1"), "in-review");
    assert!(repo.read("prompt.txt").contains("closes the task"));
    // The reviewer's prompt, then the changes asked for.
    repo.orx(&["prompt", "T1"])
        .ok()
        .stdout_has(&["Review task T1: Form (goal G1)"]);
    ok(
        &repo,
        &[
            "task",
            "review",
            "T1",
            "--request-changes",
            "-m",
            "label it",
            "--as",
            "reviewer",
        ],
    );
    repo.orx(&["run", "T1", "--exec", exec, "--as", "dev"])
        .code(1);
    assert!(
        repo.read("prompt.txt")
            .contains("the reviewer asked for changes:\n\nlabel it")
    );
    assert_eq!(state(&repo, "T1"), "in-review");
    repo.orx(&["prompt", "G1"])
        .fails(1, &["G1 is in a phase that takes no prompt"]);
}

/// §22.1's design principle 3 (webhook 和 ticker 协同) and Phase 1's
/// "ticker 30s 扫到": the flow's daemon runs its ticker itself; `git orx
/// tick --every`
/// does: it ticks until Ctrl-C, so a goal made while it runs is routed by
/// a later tick with no cron to start it.
#[test]
fn tick_every_runs_the_ticker_until_it_is_stopped() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Dark mode", "--as", "lead"]);
    let child = repo
        .command(crate::common::bin())
        .args(["tick", "--every", "1s"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Waited for, never timed: each goal's discussion is checked (its
    // no-taker count committed).
    let routed = |id: &str| {
        (0..600).any(|_| {
            let show = repo.orx(&["show", id, "--json"]).stdout;
            let checked = serde_json::from_str::<serde_json::Value>(&show).is_ok_and(|v| {
                let file = repo.read(v["path"].as_str().unwrap_or_default());
                !file.contains("\nchecks: 0\n")
            });
            if !checked {
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            checked
        })
    };
    let first = routed("G1");
    ok(&repo, &["goal", "new", "Export", "--as", "lead"]);
    let second = routed("G2");
    // SAFETY: kill(2) of a child this test started.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(first && second, "{stdout}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("goal G1: ") && stdout.contains("goal G2: "),
        "{stdout}"
    );
    // A bad interval is a usage error.
    repo.orx(&["tick", "--every", "0s"]).code(2);
    repo.orx(&["tick", "--every", "soon"]).code(2);
}

/// §22.8's get_tc_subtask_summary and task_state.status: the flow's task
/// states end in done, failed or cancelled, and its round
/// summary counts `cancelled` apart and says `all_terminal`: the lead
/// cancels a task no longer needed (the executor may not), and a round
/// whose tasks are all ended goes to the lead's review.
#[test]
fn a_cancelled_task_ends_and_the_round_summary_counts_it() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Login", "--direct", "--as", "lead"]);
    ok(
        &repo,
        &["claim", "G1", "Form", "--for", "dev", "--as", "lead"],
    );
    ok(
        &repo,
        &["claim", "G1", "Captcha", "--for", "dev", "--as", "lead"],
    );
    ok(&repo, &["task", "start", "T1", "--as", "dev"]);
    repo.refused(
        &[
            "task",
            "cancel",
            "T2",
            "-m",
            "not mine to drop",
            "--as",
            "dev",
        ],
        1,
        &[],
    );
    ok(
        &repo,
        &[
            "task",
            "cancel",
            "T2",
            "-m",
            "no captcha after all",
            "--as",
            "lead",
        ],
    );
    assert_eq!(state(&repo, "T2"), "cancelled");
    ok(
        &repo,
        &["task", "fail", "T1", "-m", "the API is gone", "--as", "dev"],
    );
    repo.orx(&["tick"])
        .ok()
        .stdout_has(&["goal G1: executing -> round-review"]);
    let g1 = repo.read("docs/goals/G1.login.md");
    for want in [
        "failed: 1",
        "cancelled: 1",
        "total: 2",
        "other: 0",
        "all_terminal: true",
    ] {
        assert!(g1.contains(want), "{want}\n{g1}");
    }
    repo.orx(&["verify"]).ok().stdout_has(&["no violations"]);
}

/// The discussion prompt in the flow's shape and language (§13.2): under
/// `lang: zh` it is the flow's Chinese — who the agent is, with its
/// display name and capabilities (`capabilities:` in the config), the four
/// things it must do, the comment format.
#[test]
fn the_discussion_prompt_is_the_flows_own_in_chinese() {
    let repo = goal_repo();
    let config = repo.read(".orx/config.yaml")
        + "team:\n  zhaoyun: dev\ncapabilities:\n  dev: Rust 服务与 Web 界面\n";
    repo.write(".orx/config.yaml", config);
    repo.commit_rules("the team's capabilities");
    repo.set_lang("zh");
    ok(&repo, &["goal", "new", "Login page", "--as", "lead"]);
    let out = repo.orx(&["goal", "prompt", "G1", "--role", "dev"]);
    out.ok().stdout_has(&[
        "你被邀请参与 Goal G1: Login page 的讨论 (第 1 轮)。",
        "## 讨论主题",
        "你是 zhaoyun(Dev),角色是 `dev`,能力是 Rust 服务与 Web 界面。",
        "1.【定位】这个需求和你有什么关系?",
        "3.【认领】如果你需要参与,认领一个任务: `git orx goal claim G1 \"任务名\" --as dev`",
        "4.【风险】如果发现风险或不合理假设,直接提出。",
        "`[Dev] 你的观点`",
    ]);
}

/// A goal repository whose team names its agents (the flow's personas).
fn team_repo() -> Repo {
    let repo = goal_repo();
    let config = repo.read(".orx/config.yaml");
    repo.write(
        ".orx/config.yaml",
        format!("{config}\nteam:\n  pangtong: lead\n  simayi: reviewer\n  zhaoyun: dev\n  machao: qa\n  zhuge: architect\n"),
    );
    repo.commit_rules("the team");
    repo
}

/// `git orx goal tick --json` at `at`, as data.
#[track_caller]
fn tick_json(repo: &Repo, at: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["tick", "--json"];
    args.extend_from_slice(extra);
    let out = repo.orx_env(&args, &[("GIT_COMMITTER_DATE", at)]);
    out.ok();
    serde_json::from_str(&out.stdout).unwrap()
}

/// The notices of a tick, as `NOTICE ROLE -> AGENTS (busy: ...)`.
fn notices(tick: &serde_json::Value) -> Vec<String> {
    let names = |v: &serde_json::Value| -> String {
        v.as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
            .join(",")
    };
    tick["notices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            format!(
                "{} {} {} -> [{}] busy [{}]",
                n["notice"].as_str().unwrap(),
                n["item"].as_str().unwrap(),
                n["role"].as_str().unwrap(),
                names(&n["agents"]),
                names(&n["busy"]),
            )
        })
        .collect()
}

/// The end-to-end flow's Phase 1 (Discussion 广播: "广播给所有空闲 agent")
/// and its "3 轮无 taker → 升级庞统": at each check of a discussion no one
/// took, the ticker broadcasts the discussion prompt to the idle agents of
/// every addressed role that has not answered (an agent with an open task
/// is busy and left out), and at the third check escalates to the lead
/// with the escalation prompt; in Chinese under `lang: zh`.
#[test]
fn phase_1_the_ticker_broadcasts_to_idle_agents_and_escalates_to_the_lead() {
    let repo = team_repo();
    // QA is busy with a task of another goal.
    ok(
        &repo,
        &["goal", "new", "Fix a typo", "--direct", "--as", "lead"],
    );
    ok(&repo, &["claim", "G1", "Check the typo", "--as", "qa"]);
    ok(&repo, &["goal", "new", "Dark mode", "--as", "lead"]);
    let first = tick_json(&repo, "2026-01-02T05:00:00Z", &[]);
    assert_eq!(
        notices(&first),
        [
            "broadcast goal G2 architect -> [zhuge] busy []",
            "broadcast goal G2 dev -> [zhaoyun] busy []",
            "broadcast goal G2 qa -> [] busy [machao]",
        ]
    );
    let idle: Vec<(String, bool)> = first["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["agent"].as_str().unwrap().to_owned(),
                a["idle"].as_bool().unwrap(),
            )
        })
        .collect();
    assert!(idle.contains(&("machao".to_owned(), false)), "{idle:?}");
    assert!(idle.contains(&("zhaoyun".to_owned(), true)), "{idle:?}");
    let text = first["notices"][1]["text"].as_str().unwrap();
    assert!(
        text.contains("You are zhaoyun (Dev), acting as `dev`") && text.contains("Position (定位)"),
        "{text}"
    );
    // Within the period nothing is broadcast again.
    let again = tick_json(&repo, "2026-01-02T05:00:10Z", &[]);
    assert!(notices(&again).is_empty(), "{again}");
    // Dev answers: the next check broadcasts only to those who have not.
    ok(
        &repo,
        &["discuss", "G2", "--position", "UI work", "--as", "dev"],
    );
    let second = tick_json(&repo, "2026-01-02T05:01:00Z", &[]);
    assert_eq!(
        notices(&second),
        [
            "broadcast goal G2 architect -> [zhuge] busy []",
            "broadcast goal G2 qa -> [] busy [machao]",
        ]
    );
    // The third check escalates to the lead, in Chinese under `lang: zh`.
    let third = tick_json(&repo, "2026-01-02T05:02:00Z", &["--lang", "zh"]);
    assert_eq!(
        notices(&third),
        ["escalated goal G2 lead -> [pangtong] busy []"]
    );
    let text = third["notices"][0]["text"].as_str().unwrap();
    assert!(
        text.contains("升级给你") && text.contains("转为广播讨论"),
        "{text}"
    );
    // As text: who is told, and which agents are idle.
    ok(&repo, &["goal", "new", "Search", "--as", "lead"]);
    let out = tick_at(&repo, "2026-01-02T05:03:00Z");
    assert!(
        out.contains(
            "broadcast goal G3 -> Architect (zhuge): `git orx goal prompt G3 --role architect`"
        ) && out.contains("  left out, busy: machao")
            && out.contains("idle agents: "),
        "{out}"
    );
}

/// The end-to-end flow's 定向讨论 (an assignee: "assignee 写方案 → @司马懿
/// review → 创建 sub Issue 进 exec"): the reviewer's check of the plan is
/// enforced. Until the reviewer approves it no task is claimed (the
/// command) and none starts (the command, the hooks, `verify`); only the
/// reviewer approves it, and an approval written by hand is refused; a
/// rejection sends the plan back to the assignee. The ticker hands the
/// plan to the reviewer once it is written, and back after a rejection.
#[test]
fn directed_discussion_the_reviewer_approves_the_plan_before_any_task_moves() {
    let repo = team_repo();
    // Five checks before the fallback escalates, for the ticks below.
    repo.write(
        ".orx/workflows/goal.yaml",
        "workflow: goal\nparams:\n  max_checks: 5\n",
    );
    repo.commit_rules("five checks");
    ok(
        &repo,
        &["goal", "new", "Search", "--assignee", "dev", "--as", "lead"],
    );
    assert_eq!(state(&repo, "G1"), "planning");
    // No claim before the plan is approved.
    repo.orx(&["claim", "G1", "Index", "--as", "dev"])
        .fails(1, &["planning"]);
    // Nor is a task made by hand (the task workflow's `create_waits:`):
    // the hooks refuse it, and `verify` one made with --no-verify.
    repo.write(
        "docs/tasks/T7.index.md",
        "---\nkind: task\nid: T7\ntitle: Index\nstatus: pending\nparent: G1\ngoal_round: 1\nassignee: dev\nbranch: feat/T7-index\n---\n# Task T7: Index\n",
    );
    repo.git(&["add", "docs/tasks/T7.index.md"]).ok();
    repo.commit_as("dev", "a task by hand").fails(
        1,
        &["task T7 is not made in pending yet: it waits for goal G1 (its `parent`), which is not discussing or executing yet"],
    );
    repo.git(&["commit", "-q", "-m", "a task by hand", "--no-verify"])
        .ok();
    repo.orx(&["verify", "HEAD~1..HEAD"])
        .code(1)
        .stdout_has(&["waits-for-item", "task T7 is not made in pending yet"]);
    // Made all the same, it cannot start: it waits for its goal's plan.
    repo.orx(&["task", "start", "T7", "--as", "dev"])
        .fails(1, &["waits for goal G1 (its `parent`)"]);
    repo.edit(
        "docs/tasks/T7.index.md",
        "status: pending",
        "status: in-progress",
    );
    repo.commit_as("dev", "start by hand")
        .fails(1, &["waits for goal G1 (its `parent`)"]);
    repo.git(&["commit", "-q", "-am", "start by hand", "--no-verify"])
        .ok();
    repo.orx(&["verify", "HEAD~1..HEAD"])
        .code(1)
        .stdout_has(&["waits-for-item"]);
    repo.git(&["reset", "-q", "--hard", "HEAD~2"]).ok();
    // The first check hands the goal to its assignee.
    let first = tick_json(&repo, "2026-01-02T05:00:00Z", &[]);
    assert_eq!(
        notices(&first),
        ["directed goal G1 dev -> [zhaoyun] busy []"]
    );
    // A NO_REPLY is no plan: the approval names none, and one written by
    // hand naming it (or only `answered`, anyone's to edit) is refused.
    ok(&repo, &["discuss", "G1", "--no-reply", "--as", "dev"]);
    repo.orx(&["goal", "plan", "G1", "--approve", "--as", "reviewer"])
        .fails(1, &["dev's plan of this round is named"]);
    let goal = "docs/goals/G1.search.md";
    repo.edit(
        goal,
        "status: planning",
        "status: discussing\nplan: G1-r1-dev-1",
    );
    repo.commit_as("reviewer", "approved a NO_REPLY").fails(
        1,
        &["waits for comment G1-r1-dev-1 (its `plan`), which is not posted yet"],
    );
    repo.git(&["checkout", "-q", "--", goal]).ok();
    repo.edit(
        goal,
        "status: planning",
        "status: discussing\nanswered: [dev]",
    );
    repo.commit_as("reviewer", "approved by `answered`")
        .fails(1, &["dev's plan of this round is named"]);
    repo.git(&["checkout", "-q", "--", goal]).ok();
    // The plan; the reviewer may not be skipped.
    ok(
        &repo,
        &[
            "discuss",
            "G1",
            "--proposal",
            "an inverted index",
            "--as",
            "dev",
        ],
    );
    repo.orx(&["goal", "plan", "G1", "--approve", "--as", "dev"])
        .fails(1, &["may not move goal G1 from planning to discussing"]);
    repo.edit(goal, "status: planning", "status: discussing");
    repo.commit_as("dev", "approved by myself")
        .fails(1, &["may not move goal G1 from planning to discussing"]);
    repo.git(&["checkout", "-q", "--", goal]).ok();
    // An approval written by hand, without the reviewer's transition.
    repo.edit(
        goal,
        "status: planning",
        "status: planning\nplan_check: {round_count: 1, verdict: approved}",
    );
    let out = repo.commit_as("lead", "approved by hand");
    assert!(
        out.code == 1 && format!("{}{}", out.stdout, out.stderr).contains("plan_check"),
        "{}{}",
        out.stdout,
        out.stderr
    );
    repo.git(&["checkout", "-q", "--", goal]).ok();
    // `next` offers the reviewer the plan's check.
    let next = repo.orx(&["next", "--role", "reviewer", "--json"]);
    next.ok();
    assert!(next.stdout.contains("goal plan"), "{}", next.stdout);
    // The next check hands the plan to the reviewer.
    let second = tick_json(&repo, "2026-01-02T05:01:00Z", &[]);
    assert_eq!(
        notices(&second),
        ["plan-review goal G1 reviewer -> [simayi] busy []"]
    );
    assert!(
        second["notices"][0]["text"]
            .as_str()
            .unwrap()
            .contains("git orx goal plan G1 --approve --as reviewer")
    );
    // Rejected: back to the assignee, who revises it.
    repo.orx(&["goal", "plan", "G1", "--reject", "--as", "reviewer"])
        .fails(2, &["say what the plan must change"]);
    ok(
        &repo,
        &[
            "goal",
            "plan",
            "G1",
            "--reject",
            "-m",
            "name the ranking",
            "--as",
            "reviewer",
        ],
    );
    assert_eq!(state(&repo, "G1"), "planning");
    let third = tick_json(&repo, "2026-01-02T05:02:00Z", &[]);
    assert_eq!(
        notices(&third),
        ["directed goal G1 dev -> [zhaoyun] busy []"]
    );
    ok(
        &repo,
        &[
            "discuss",
            "G1",
            "--proposal",
            "an inverted index, ranked by BM25",
            "--as",
            "dev",
        ],
    );
    ok(
        &repo,
        &["goal", "plan", "G1", "--approve", "--as", "reviewer"],
    );
    assert_eq!(state(&repo, "G1"), "discussing");
    assert!(repo.read(goal).contains("verdict: approved"));
    // `next` asks the assignee to claim now (not to write a plan again).
    repo.orx(&["next", "--role", "dev"]).ok().stdout_has(&[
        "Goal G1: the reviewer approved your plan; claim its tasks (`git orx goal claim G1 \"...\"`)",
    ]);
    // Now a task is claimed, and starts.
    ok(&repo, &["claim", "G1", "Index", "--as", "dev"]);
    let task = repo.tasks().last().unwrap().clone();
    ok(&repo, &["task", "start", &task, "--as", "dev"]);
    let out = tick_at(&repo, "2026-01-02T05:03:00Z");
    assert!(out.contains("goal G1: discussing -> executing"), "{out}");
    repo.orx(&["verify"]).ok();
}

/// The end-to-end flow's task_state.status `failed` (§22.8, "executor
/// task 验证失败且 retry_count 达上限 → failed"): each failed check sends
/// the task back to its executor, counted by the task workflow
/// (`ci_failures`, which no hand edit changes); the third fails it, and
/// the round summary counts it as failed.
#[test]
fn a_task_fails_at_the_retry_limit_and_the_round_summary_counts_it() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Login", "--direct", "--as", "lead"]);
    ok(
        &repo,
        &["claim", "G1", "Form", "--for", "dev", "--as", "lead"],
    );
    ok(&repo, &["task", "start", "T1", "--as", "dev"]);
    repo.git(&["checkout", "-q", "-b", "feat/T1-form"]).ok();
    code(&repo, "broken", "half a form");
    repo.orx(&["task", "check", "T1", "--as", "dev"]).code(4);
    assert_eq!(state(&repo, "T1"), "ci-failed");
    repo.orx(&["task", "check", "T1", "--as", "dev"]).code(4);
    assert_eq!(state(&repo, "T1"), "ci-failed");
    let task = "docs/tasks/T1.form.md";
    assert!(repo.read(task).contains("ci_failures: 2"));
    // The count is the workflow's: set back by hand, refused.
    repo.edit(task, "ci_failures: 2", "ci_failures: 0");
    repo.commit_as("dev", "two fewer failures")
        .fails(1, &["ci_failures"]);
    repo.git(&["checkout", "-q", "--", task]).ok();
    // The third failed check is the limit: the task fails.
    repo.orx(&["task", "check", "T1", "--as", "dev"])
        .code(4)
        .stdout_has(&["task T1: ci-failed -> failed"]);
    assert_eq!(state(&repo, "T1"), "failed");
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git(&["merge", "-q", "--ff-only", "feat/T1-form"]).ok();
    repo.orx(&["tick"])
        .ok()
        .stdout_has(&["goal G1: executing -> round-review"]);
    let g1 = repo.read("docs/goals/G1.login.md");
    for want in ["failed: 1", "total: 1", "all_terminal: true"] {
        assert!(g1.contains(want), "{want}\n{g1}");
    }
    repo.orx(&["verify"]).ok().stdout_has(&["no violations"]);
}

/// Phase 1's end (§22.2: every broadcast agent answered, a task claimed)
/// and the fallback (§22.6: "超过 3 轮 check 未终态 → 升级庞统"): a
/// discussion with a task claimed but a role that never answers does not
/// wait for ever: the ticker keeps checking it, notes a check that tells
/// no idle agent, and escalates it to the lead at the third.
#[test]
fn a_broadcast_discussion_that_stalls_is_seen_and_escalated() {
    let repo = team_repo();
    ok(&repo, &["goal", "new", "Login page", "--as", "lead"]);
    ok(
        &repo,
        &["discuss", "G1", "--claim", "the form", "--as", "dev"],
    );
    ok(&repo, &["claim", "G1", "Form", "--as", "dev"]);
    ok(&repo, &["discuss", "G1", "--no-reply", "--as", "qa"]);
    // The architect never answers.
    let first = tick_json(&repo, "2026-01-02T05:00:00Z", &[]);
    assert_eq!(state(&repo, "G1"), "discussing");
    assert!(
        notices(&first)
            .iter()
            .any(|n| n.starts_with("broadcast goal G1 architect")),
        "{first}"
    );
    tick_json(&repo, "2026-01-02T05:01:00Z", &[]);
    let third = tick_json(&repo, "2026-01-02T05:02:00Z", &[]);
    assert_eq!(state(&repo, "G1"), "escalated");
    assert_eq!(
        notices(&third),
        ["escalated goal G1 lead -> [pangtong] busy []"]
    );
    let text = third["notices"][0]["text"].as_str().unwrap();
    assert!(text.contains("has not ended"), "{text}");
    // Every addressed role answered but no one claimed: each check says so.
    let repo = team_repo();
    ok(&repo, &["goal", "new", "Search", "--as", "lead"]);
    for role in ["architect", "dev", "qa"] {
        ok(&repo, &["discuss", "G1", "--no-reply", "--as", role]);
    }
    let out = repo.orx_env(&["tick"], &[("GIT_COMMITTER_DATE", "2026-01-02T05:00:00Z")]);
    out.ok().stdout_has(&[
        "note: goal G1 (check 1 of 3): every addressed role answered, but no task is claimed",
    ]);
}

/// The task's phase prompts in the flow's language (§22.3: executor, CI
/// failure, review request, review results): under `lang: zh`, and with
/// `--lang zh` for one call, each is its Chinese; the directed
/// discussion's prompt says who the assignee is, with its display name and
/// capabilities, as the discussion prompt does.
#[test]
fn a_tasks_prompts_and_the_directed_discussion_in_chinese() {
    let repo = team_repo();
    let config = repo.read(".orx/config.yaml") + "capabilities:\n  dev: Rust 服务\n";
    repo.write(".orx/config.yaml", config);
    repo.commit_rules("capabilities");
    ok(
        &repo,
        &["goal", "new", "Search", "--assignee", "dev", "--as", "lead"],
    );
    repo.orx(&["goal", "prompt", "G1", "--role", "dev"])
        .ok()
        .stdout_has(&[
            "## Who you are",
            "You are zhaoyun (Dev), acting as `dev`; your capabilities: Rust 服务.",
        ]);
    repo.orx(&["goal", "prompt", "G1", "--role", "dev", "--lang", "zh"])
        .ok()
        .stdout_has(&[
            "## 你是谁",
            "你是 zhaoyun(Dev),角色是 `dev`,能力是 Rust 服务。",
        ]);
    ok(&repo, &["goal", "new", "Login", "--direct", "--as", "lead"]);
    ok(
        &repo,
        &["claim", "G2", "Form", "--for", "dev", "--as", "lead"],
    );
    let t = repo.tasks()[0].clone();
    repo.set_lang("zh");
    let prompt = |want: &[&str]| {
        repo.orx(&["goal", "prompt", &t]).ok().stdout_has(want);
    };
    prompt(&["你以 dev 身份执行任务", "编码 + 写 UT"]);
    ok(&repo, &["task", "start", &t, "--as", "dev"]);
    repo.git(&["checkout", "-q", "-b", "feat/T1-form"]).ok();
    code(&repo, "broken", "half a form");
    repo.orx(&["task", "check", &t, "--as", "dev"]).code(4);
    prompt(&["上的检查 (CI) 失败", "判断根因"]);
    repo.git(&["rm", "-q", "broken"]).ok();
    code(&repo, "form.txt", "the form");
    ok(&repo, &["task", "check", &t, "--as", "dev"]);
    ok(&repo, &["task", "submit", &t, "--as", "dev"]);
    prompt(&["审查任务", "要改什么"]);
    ok(
        &repo,
        &[
            "task",
            "review",
            &t,
            "--request-changes",
            "-m",
            "label it",
            "--as",
            "reviewer",
        ],
    );
    prompt(&["reviewer 要求修改 (REQUEST_CHANGES)", "label it"]);
    ok(&repo, &["task", "submit", &t, "--as", "dev"]);
    ok(
        &repo,
        &["task", "review", &t, "--approve", "--as", "reviewer"],
    );
    prompt(&["已通过 review (APPROVED)"]);
}

/// Regression: a task's notice of many lines (a repository's own merged
/// notice, the flow's Phase 5 "通知 agent 合并") was told as `git orx goal
/// prompt TASK`, a goal's command that prints a phase's prompt rather than
/// the notice; it is told whole.
#[test]
fn a_tasks_notice_of_many_lines_is_told_whole_not_by_goal_prompt() {
    let repo = goal_repo();
    repo.write(
        ".orx/prompts/task/merged.md",
        "Task {{id}} is merged.\nNothing more is to be done.\n",
    );
    repo.commit_rules("our own merged notice");
    ok(&repo, &["goal", "new", "Login", "--direct", "--as", "lead"]);
    ok(
        &repo,
        &["claim", "G1", "Form", "--for", "dev", "--as", "lead"],
    );
    ok(&repo, &["task", "start", "T1", "--as", "dev"]);
    repo.git(&["checkout", "-q", "-b", "feat/T1-form"]).ok();
    code(&repo, "form.txt", "the form");
    merge(&repo, "feat/T1-form");
    let out = tick_at(&repo, "2026-01-02T03:10:00Z");
    assert!(
        out.contains("merged task T1 -> Dev:\n  Task T1 is merged.\n  Nothing more is to be done.")
            && !out.contains("goal prompt T1"),
        "{out}"
    );
}

/// A task's first state is the flow's `pending` (task_state.status
/// 更新机制); a task file an earlier git-orx wrote as `assigned` does not
/// leave its user stuck: `status`, `show`, `check` and a move name the
/// states there are (`pending` first), a hand edit is refused, and the
/// Human's forced edit brings the task on, which `verify` accepts.
#[test]
fn a_task_written_as_assigned_is_brought_on_by_the_humans_forced_edit() {
    let repo = goal_repo();
    ok(&repo, &["goal", "new", "Login", "--direct", "--as", "lead"]);
    ok(&repo, &["claim", "G1", "Form", "--as", "dev"]);
    assert_eq!(state(&repo, "T1"), "pending");
    let path = "docs/tasks/T1.form.md";
    repo.edit(path, "status: pending", "status: assigned");
    repo.git(&["commit", "-q", "-am", "an earlier git-orx", "--no-verify"])
        .ok();
    let known = "unknown state `assigned` (states: pending, in-progress,";
    repo.orx(&["status"]).ok().stdout_has(&[known]);
    repo.orx(&["show", "T1"]).fails(1, &[known]);
    repo.orx(&["check"]).code(1).stdout_has(&[known]);
    repo.orx(&[
        "move", "T1", "pending", "--force", "--reason", "renamed", "--as", "human",
    ])
    .fails(1, &[known]);
    repo.edit(path, "status: assigned", "status: pending");
    repo.commit_as("dev", "pending by hand").fails(
        1,
        &[
            "task T1: `assigned` is not a state of its workflow",
            "states: pending, in-progress,",
        ],
    );
    // Nor may the Human force it into a state the workflow lacks.
    repo.edit(path, "status: pending", "status: started");
    let env = [
        ("ORX_ROLE", "human"),
        ("ORX_FORCE_REASON", "the first state is pending now"),
    ];
    repo.git_env(&["commit", "-q", "-am", "started"], &env)
        .code(1)
        .stderr_has(&["unknown state `started` (states: pending,"]);
    repo.edit(path, "status: started", "status: pending");
    repo.git_env(&["commit", "-q", "-am", "assigned is pending now"], &env)
        .ok();
    assert!(
        repo.git(&["log", "-1", "--format=%(trailers)"])
            .stdout
            .contains("Orx-Transition: assigned -> pending")
    );
    repo.orx(&["verify", "HEAD~1..HEAD"]).ok();
    repo.orx(&["check"]).ok();
    ok(&repo, &["task", "start", "T1", "--as", "dev"]);
    assert_eq!(state(&repo, "T1"), "in-progress");
}
