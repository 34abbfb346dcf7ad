//! The story and agent lifecycles' remaining rules, end to end: what Done
//! and Review need, the optional review, the agent's session after a
//! rollback and after the last task, checkpoint names to the minute.

use crate::common::{GOOD, Repo, refused, steps};
use crate::test_agent::{agent_repo, to_executing};

/// A story taken to Review, with QA's round 1 failed and the story back in
/// Review for round 2.
fn in_review_round_2(repo: &Repo) -> String {
    let id = repo.story("Search", GOOD);
    for args in [
        vec!["move", &id, "InProgress", "--as", "dev"],
        vec!["move", &id, "Review", "--as", "dev"],
        vec![
            "gate",
            &id,
            "--as",
            "qa",
            "--critical",
            "0",
            "--medium",
            "10",
            "--criteria-failed",
        ],
        vec!["move", &id, "Review", "--as", "dev"],
    ] {
        repo.orx(&args).ok();
    }
    id
}

/// "Done needs every acceptance criterion met, in every QA round": round 2's
/// standard (issues down by half, no High) is reached, but without every
/// criterion met the story goes back to Dev; with them, it is Done.
#[test]
fn done_needs_every_acceptance_criterion_met_in_every_qa_round() {
    let repo = Repo::new();
    let id = in_review_round_2(&repo);
    // Unsaid, it is a usage error: no round is recorded, nothing moves.
    repo.refused(
        &[
            "gate",
            &id,
            "--as",
            "qa",
            "--critical",
            "0",
            "--medium",
            "2",
        ],
        2,
        &["QA's gate needs --criteria-met or --criteria-failed"],
    );

    let other = in_review_round_2(&repo);
    let met = repo.orx(&[
        "gate",
        &other,
        "--as",
        "qa",
        "--critical",
        "0",
        "--medium",
        "2",
        "--criteria-met",
    ]);
    met.ok().stdout_has(&["Review -> Done"]);

    // A hand-made Done over a recorded gate whose criteria failed is refused.
    let third = in_review_round_2(&repo);
    repo.orx(&[
        "gate",
        &third,
        "--as",
        "qa",
        "--critical",
        "0",
        "--medium",
        "2",
        "--criteria-failed",
        "--no-commit",
    ])
    .ok();
    let path = repo.story_path(&third);
    repo.edit(&path, "status: InProgress", "status: Review");
    repo.refused(
        &["move", &third, "Done", "--as", "qa"],
        1,
        &["every acceptance criterion is met"],
    );
    // The same by hand, with plain `git commit`: the hook refuses it too.
    repo.edit(&path, "status: Review", "status: Done");
    repo.commit_as("qa", "done anyway")
        .fails(1, &["every acceptance criterion is met"]);
    repo.git(&["checkout", "--", &path]).ok();
    repo.orx(&["verify", "--all"]).ok();
}

/// "Score ≥ 8.0 with exactly one complexity indicator is Approved (optional
/// review)": the SM may ask for the Architect's review instead with
/// `assess --review`; with no indicator there is no optional review.
#[test]
fn the_sm_may_ask_for_the_optional_review() {
    let repo = Repo::new();
    let asked = repo.story("Login", &[]);
    let plain = repo.story("Logout", &[]);
    let none = repo.story("Help page", &[]);
    let out = steps(
        &repo,
        &[
            &[
                "assess",
                &plain,
                "--score",
                "8.5",
                "--complexity",
                "security",
                "--as",
                "sm",
            ],
            &[
                "assess",
                &asked,
                "--score",
                "8.5",
                "--complexity",
                "security",
                "--review",
                "--as",
                "sm",
            ],
        ],
    );
    insta::assert_snapshot!(out, @"
    $ git orx assess 1.2 --score 8.5 --complexity security --as sm
    quality check: structure 100%, technical extraction 100%, score 8.5, complexity: security
    story 1.2: Draft -> Approved (SM) [<commit>]
    Next: Dev, run `implement-story 1.2`
    Next: Dev, `git orx move 1.2 InProgress --as dev`, then implement the story
    $ git orx assess 1.1 --score 8.5 --complexity security --review --as sm
    quality check: structure 100%, technical extraction 100%, score 8.5, complexity: security, the Architect's review asked for
      not Approved:
        - the SM did not ask for the Architect's review (`assess --review`) — actual: quality.review_requested = true
    story 1.1: Draft -> AwaitingArchReview (SM) [<commit>]
    Next: Architect, run `review-story 1.1`
    Next: Architect, review the story, then `git orx story gate 1.1 --as architect --score X --critical N`
    ");
    let trailers = repo.git(&["log", "-1", "--format=%(trailers)"]);
    assert!(
        trailers
            .stdout
            .contains("Orx-Quality: structure=100 extraction=100 score=8.5 complexity=security review_requested=true"),
        "{}",
        trailers.stdout
    );
    insta::assert_snapshot!(refused(&repo, &["assess", &none, "--score", "8.5", "--review", "--as", "sm"]), @"
    exit: 1
    --- stderr
    error: refused: story 1.3: no transition from Draft fits this result:
      - to Blocked: the quality check failed (structure below 100%, technical extraction below 80% or score below 6.0) — actual: quality.structure = 100, quality.extraction = 100, quality.score = 8.5
      - to Approved: the SM did not ask for the Architect's review (`assess --review`) — actual: quality.review_requested = true
      - to AwaitingArchReview: a review is called for (a score below 8.0, more complexity indicators than 1, the optional review asked for with `--review`, or a failed review to answer) — actual: quality.score = 8.5, quality.complexity = [], quality.review_requested = true, revision.baseline = not set
    ");
}

/// Checkpoints are named to the minute, as the agent lifecycle writes them
/// (`last_checkpoint: "chk-202602081200"`); a later one in the same minute
/// adds its seconds. `rollback` takes a name to the minute for checkpoints
/// named to the second too (as earlier versions named them all): the one
/// made in that minute; when several were, or none, it says so and
/// changes nothing.
#[test]
fn rollback_takes_a_checkpoint_name_to_the_minute() {
    let repo = Repo::new();
    repo.write("app.txt", "v1\n");
    repo.git(&["add", "app.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "app"]).ok();
    fn at(time: &'static str) -> [(&'static str, &'static str); 1] {
        [("GIT_COMMITTER_DATE", time)]
    }
    repo.orx_env(&["checkpoint"], &at("2026-02-08T12:00:07Z"))
        .stdout_has(&["checkpoint chk-202602081200\n"]);
    repo.orx_env(&["checkpoint"], &at("2026-02-08T12:00:41Z"))
        .stdout_has(&["checkpoint chk-20260208120041\n"]);
    repo.write("app.txt", "v2, gone wrong\n");
    let out = repo.orx(&["rollback", "chk-202602081200", "--yes", "--as", "human"]);
    out.ok();
    assert!(
        out.stdout
            .starts_with("rolled back to chk-202602081200: 1 file restored or removed"),
        "{}",
        out.render()
    );
    assert_eq!(repo.read("app.txt"), "v1\n");

    // Checkpoints named to the second: the minute names the one made then.
    let head = repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned();
    let old = |name: &str| {
        repo.git(&["update-ref", &format!("refs/orx/checkpoints/{name}"), &head])
            .ok();
    };
    old("chk-20260208130005");
    repo.orx(&["rollback", "chk-202602081300", "--dry-run"])
        .stdout_has(&["chk-20260208130005"]);
    // A second one in that minute: the minute no longer says which.
    old("chk-20260208130041");
    let usage = |args: &[&str]| {
        let before = repo.state();
        let out = repo.orx(args);
        out.code(2);
        assert_eq!(repo.state(), before);
        out.render()
    };
    insta::assert_snapshot!(usage(&["rollback", "chk-202602081300", "--yes", "--as", "human"]), @"
    exit: 2
    --- stderr
    error: 2 checkpoints were made in the minute chk-202602081300: chk-20260208130005, chk-20260208130041; name one of them
    ");
    insta::assert_snapshot!(usage(&["rollback", "chk-202602081201", "--yes", "--as", "human"]), @"
    exit: 2
    --- stderr
    error: no checkpoint was made in the minute chk-202602081201 (`git orx checkpoints` lists them)
    ");
    insta::assert_snapshot!(usage(&["rollback", "chk-2026020812", "--yes", "--as", "human"]), @"
    exit: 2
    --- stderr
    error: `chk-2026020812` is not a checkpoint name (they look like chk-202602081200, or chk-20260208120007 for a later one in the same minute; `git orx checkpoints` lists them)
    ");
}

/// The agent with its checks failing until it is BLOCKED (the circuit
/// breaker after three failed fixes).
fn blocked(repo: &Repo) {
    std::fs::remove_file(repo.path("ok")).unwrap();
    for _ in 0..4 {
        repo.orx(&["agent", "check", "--as", "dev"]).code(4);
    }
    assert!(
        repo.read(".orx/active_context.md")
            .contains("task_status: BLOCKED")
    );
}

/// IDLE has no active task: after ROLLBACK the session rolled back is
/// archived into the context's body and cleared, so the next requirement
/// starts a session of its own.
#[test]
fn a_rolled_back_agent_starts_clean() {
    let repo = agent_repo();
    to_executing(&repo);
    repo.orx(&["agent", "task", "done", "--as", "dev"]).ok();
    repo.write("app.txt", "v2, broken\n");
    blocked(&repo);
    repo.orx(&["agent", "fire", "ROLLBACK", "--as", "human"])
        .ok();
    let context = repo.read(".orx/active_context.md");
    insta::assert_snapshot!(context, @r#"
    ---
    kind: agent
    id: "default"
    acts_as: dev
    task_status: IDLE
    session_id: "2026-01-02T03:04:05Z"
    auto_fix_attempts: 0
    last_checkpoint: chk-202601020304
    requirement: null
    tasks: []
    paused: false
    last_check:
      {passed: null, at: null, failed: []}
    ---
    # Agent default

    Notes for this agent's sessions. `git orx agent archive` adds each session's summary below.

    ## Session 2026-01-02T03:04:05Z (archived 2026-01-02T03:04:05Z)

    - Requirement: build the login
    - Last checkpoint: chk-202601020304
    - Rolled back to: chk-202601020304
    - Tasks: 1 of 2 done
      - [x] the form
      - [ ] its tests
    "#);
    repo.orx(&[
        "agent",
        "fire",
        "USER_INPUT_REQUIREMENT",
        "-m",
        "build the logout",
        "--as",
        "human",
    ])
    .ok();
    let show = repo.orx(&["agent", "show", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&show.stdout).unwrap();
    assert_eq!(json["frontmatter"]["requirement"], "build the logout");
    assert_eq!(json["frontmatter"]["tasks"], serde_json::json!([]));
    repo.orx(&["verify", "--all"]).ok();
}

/// The last task skipped ends the work as the last one done does: the
/// Human's skip resumes the agent (HUMAN_INTERVENTION), and with no task
/// left ALL_TASKS_DONE takes it to ARCHIVING.
#[test]
fn skipping_the_last_task_ends_the_work() {
    let repo = agent_repo();
    to_executing(&repo);
    repo.orx(&["agent", "task", "done", "--as", "dev"]).ok();
    blocked(&repo);
    let out = repo.orx(&["agent", "task", "skip", "--as", "human"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 0
    --- stdout
    agent default: BLOCKED -> EXECUTING (Human) [<commit>]
    Agent default: work through the task queue (2/2 done); `git orx agent check` after each change, `git orx agent task done` after each task
    agent default: EXECUTING -> ARCHIVING (Human) [<commit>]
    Agent default: all tasks done: `git orx agent archive` writes the session summary
    ");
    assert!(
        repo.read(".orx/active_context.md")
            .contains("task_status: ARCHIVING")
    );
    let log = repo.git(&["log", "-2", "--format=%s"]);
    assert_eq!(
        log.stdout,
        "agent default: EXECUTING -> ARCHIVING\nagent default: BLOCKED -> EXECUTING\n"
    );
    repo.orx(&["verify", "--all"]).ok();
    // With a task still open, a skip only resumes the work.
    let repo = agent_repo();
    to_executing(&repo);
    blocked(&repo);
    repo.orx(&["agent", "task", "skip", "--as", "human"])
        .ok()
        .stdout_has(&["BLOCKED -> EXECUTING"])
        .stdout_lacks(&["ARCHIVING"]);
}

/// A story written with its tasks, approved and in progress.
fn with_tasks(repo: &Repo, title: &str, tasks: &str) -> String {
    let id = repo.story(title, &[]);
    let path = repo.story_path(&id);
    repo.edit(
        &path,
        "The story's Tasks / Subtasks, as the SM wrote it.\n",
        tasks,
    );
    repo.commit_as("sm", "tasks").ok();
    repo.orx(&["assess", &id, "--score", "8.5", "--as", "sm"])
        .ok();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    id
}

/// "Review: Dev has finished every task and test": a move to Review
/// measures the task checkboxes under the story's Tasks section and is
/// refused while one is open, listing the open ones — by `move` and, for a
/// hand-made commit, by the hooks — unless a reason is given, as `assess`
/// takes one for its measurement.
#[test]
fn review_needs_every_task_ticked() {
    let repo = Repo::new();
    let id = with_tasks(
        &repo,
        "Login",
        "- [x] the form (AC: 1)\n  - [ ] its error messages\n- [ ] its tests (AC: 2)\n",
    );
    let path = repo.story_path(&id);
    let show: serde_json::Value =
        serde_json::from_str(&repo.orx(&["show", &id, "--json"]).stdout).unwrap();
    assert_eq!(show["moves"][0]["to"], "Review");
    assert_eq!(show["moves"][0]["allowed"], false);
    insta::assert_snapshot!(refused(&repo, &["move", &id, "Review", "--as", "dev"]), @r#"
    exit: 1
    --- stderr
    error: refused: story 1.1 cannot move from InProgress to Review: 1 precondition not met
      - every task of the story is ticked, or a reason is given for those still open (`git orx move ... --reason TEXT`) — actual: tasks.open = ["its error messages","its tests (AC: 2)"], tasks.override = not set
    hint: `git orx show 1.1` lists the moves allowed now and what each needs
    "#);

    // By hand, recording nothing: the hooks measure the story.
    let text = repo.read(&path);
    repo.write(
        &path,
        text.replace("status: InProgress", "status: Review")
            .replace("---\n# Story", "rounds: {qa: 1}\n---\n# Story"),
    );
    let out = repo.commit_as("dev", "done, I think");
    out.code(1);
    insta::assert_snapshot!(out.stderr, @r#"
    error: refused: git-orx found 1 rule broken by this commit
      docs/stories/1.1.login.md:
        story 1.1: the story has 2 open tasks ("its error messages", "its tests (AC: 2)") and 1 ticked, but tasks.open is not set and tasks.done is not set; `git orx move` records what the story has (and `--reason TEXT` why tasks are left open)
    hint: fix the files; the Human may override with ORX_ROLE=human ORX_FORCE_REASON="why"
    "#);
    repo.git(&["checkout", "--", &path]).ok();

    // With a reason, recorded in the story and the commit.
    repo.orx(&[
        "move",
        &id,
        "Review",
        "--as",
        "dev",
        "--reason",
        "the tests move to story 1.2",
    ])
    .ok()
    .stdout_has(&["InProgress -> Review"]);
    let trailers = repo.git(&["log", "-1", "--format=%(trailers:key=Orx-Tasks)"]);
    insta::assert_snapshot!(trailers.stdout, @"
    Orx-Tasks: done=1 open=its error messages,its tests (AC: 2) override=the tests move to story 1.2
    ");

    // The reason covers one trip to Review: QA sends the story back (which
    // clears it), and a hand-made move to Review again, with no new reason,
    // is refused.
    repo.orx(&[
        "gate",
        &id,
        "--as",
        "qa",
        "--critical",
        "0",
        "--high",
        "1",
        "--criteria-failed",
    ])
    .ok();
    let text = repo.read(&path);
    assert!(text.contains("  override: null\n"), "{text}");
    repo.write(
        &path,
        text.replacen("status: InProgress", "status: Review", 1)
            .replacen("qa: 1", "qa: 2", 1),
    );
    repo.commit_as("dev", "review again")
        .fails(1, &["every task of the story is ticked"]);
    repo.git(&["checkout", "--", &path]).ok();

    // Every task ticked: no reason needed.
    let done = with_tasks(&repo, "Logout", "- [x] the button\n- [x] its test\n");
    repo.orx(&["move", &done, "Review", "--as", "dev"]).ok();
    assert!(
        repo.read(&repo.story_path(&done))
            .contains("tasks:\n  done: 2\n  open: []\n")
    );

    // A reason for a move that measures no task is a mistake.
    let other = repo.story("Help", crate::common::GOOD);
    let out = repo.orx(&["move", &other, "InProgress", "--as", "dev", "--reason", "x"]);
    out.code(2);
    repo.orx(&["verify", "--all"]).ok();
}

/// The Chinese messages for Blocked, Escalated and Done are the story
/// lifecycle's own words, byte for byte (`Story 被阻塞,需要 SM 修订后重新提交`);
/// the line above names the story.
#[test]
fn chinese_special_handoffs_are_the_lifecycles_words() {
    let repo = Repo::new();
    repo.set_lang("zh");
    let blocked = repo.story("Search", &[]);
    let escalated = repo.story("Export", &["--score", "7.0"]);
    let done = repo.story("Import", GOOD);
    let out = steps(
        &repo,
        &[
            &["assess", &blocked, "--score", "5.0", "--as", "sm"],
            &["move", &escalated, "Escalated", "--as", "architect"],
            &["move", &done, "InProgress", "--as", "dev"],
            &["move", &done, "Review", "--as", "dev"],
            &[
                "gate",
                &done,
                "--as",
                "qa",
                "--critical",
                "0",
                "--criteria-met",
            ],
        ],
    );
    insta::assert_snapshot!(out, @"
    $ git orx assess 1.1 --score 5.0 --as sm
    质量检查: 结构 100%,技术提取 100%,评分 5.0,复杂度指标: 无
    story 1.1: Draft -> Blocked (SM) [<commit>]
    Story 被阻塞,需要 SM 修订后重新提交
    $ git orx move 1.2 Escalated --as architect
    story 1.2: AwaitingArchReview -> Escalated (Architect) [<commit>]
    Story 已升级,需要人工介入决策
    $ git orx move 1.3 InProgress --as dev
    story 1.3: Approved -> InProgress (Dev) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.3`
    Next: Dev 请实现 Story,然后 `git orx move 1.3 Review --as dev`
    $ git orx move 1.3 Review --as dev
    story 1.3: InProgress -> Review (Dev) [<commit>]
    Next: QA 请执行命令 `review 1.3`
    Next: QA 请审查 Story,然后 `git orx story gate 1.3 --as qa --critical N --criteria-met|--criteria-failed`
    $ git orx gate 1.3 --as qa --critical 0 --criteria-met
    QA 审查,第 1 轮: 通过
    story 1.3: Review -> Done (QA) [<commit>]
    Story 已完成!
    ");
}
