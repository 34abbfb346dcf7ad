//! The story lifecycle's scenarios walked with the real commands, and every kind of
//! invalid step refused with exit 1 and no byte changed.

use crate::common::{GOOD, Repo, filled, redact, refused};

/// A high-quality story is approved directly, and goes on through Dev and QA to Done.
#[test]
fn a_high_quality_story_is_approved_directly_and_walks_to_done() {
    let repo = Repo::new();
    let new = repo.orx(&["new", "User login", "--as", "sm"]);
    insta::assert_snapshot!(new.render(), @"
    exit: 0
    --- stdout
    docs/stories/1.1.user-login.md
    story 1.1: (new) -> Draft (SM) [<commit>]
    Next: SM, run `git orx story assess 1.1` (quality check)
    ");
    // The SM writes every section the template asks for.
    let path = "docs/stories/1.1.user-login.md";
    repo.write(path, filled(&repo.read(path)));
    let assess = repo.orx(&["assess", "1.1", "--score", "8.5", "--as", "sm"]);
    insta::assert_snapshot!(assess.render(), @r#"
    exit: 0
    --- stdout
    quality check: structure 100%, technical extraction 100%, score 8.5, complexity: none
    story 1.1: Draft -> Approved (SM) [<commit>]
    Next: Dev, run `implement-story 1.1`
    Next: Dev, `git orx move 1.1 InProgress --as dev`, then implement the story
    "#);
    repo.orx(&["move", "1.1", "InProgress", "--as", "dev"]).ok();
    repo.orx(&[
        "move",
        "1.1",
        "Review",
        "--as",
        "dev",
        "-m",
        "all tasks done",
    ])
    .stdout_has(&[
        "Next: QA, review the story, then `git orx story gate 1.1 --as qa --critical N --criteria-met|--criteria-failed`",
    ]);
    let done = repo.orx(&["move", "1.1", "Done", "--as", "qa"]);
    assert!(
        done.stdout.ends_with("Story 1.1 is done!\n"),
        "{}",
        done.render()
    );

    // The commits carry the transition record.
    let log = repo.git(&["log", "--format=%s|%(trailers:key=Orx-Transition,valueonly,separator=)|%(trailers:key=Orx-Role,valueonly,separator=)"]);
    insta::assert_snapshot!(log.stdout, @r"
    story 1.1: Review -> Done|Review -> Done|qa
    story 1.1: InProgress -> Review|InProgress -> Review|dev
    story 1.1: Approved -> InProgress|Approved -> InProgress|dev
    story 1.1: Draft -> Approved|Draft -> Approved|sm
    story 1.1: (new) -> Draft|(new) -> Draft|sm
    Set up git-orx||
    ");
    let body = repo.git(&["log", "-1", "--skip=1", "--format=%B"]);
    assert!(
        body.stdout
            .contains("all tasks done\n\nOrx-Item: story/1.1\n"),
        "{}",
        body.stdout
    );
    let file = repo.read("docs/stories/1.1.user-login.md");
    assert!(file.contains("status: Done\n"), "{file}");
    assert!(
        file.contains("completed_at: \"2026-01-02T03:04:05Z\"\n"),
        "{file}"
    );
    assert!(file.contains("rounds:\n  qa: 1\n"), "{file}");
}

/// A story that needs the Architect's review, with the Architect's pass made by `move`.
#[test]
fn a_story_needing_review_is_approved_by_the_architects_move() {
    let repo = Repo::new();
    let id = repo.story(
        "Payment webhooks",
        &["--score", "7.0", "--complexity", "api-contract"],
    );
    let file = repo.story_path(&id);
    assert!(repo.read(&file).contains("status: AwaitingArchReview\n"));
    let out = repo.orx(&["move", &id, "Approved", "--as", "architect"]);
    insta::assert_snapshot!(out.render(), @r#"
    exit: 0
    --- stdout
    story 1.1: AwaitingArchReview -> Approved (Architect) [<commit>]
    Next: Dev, run `implement-story 1.1`
    Next: Dev, `git orx move 1.1 InProgress --as dev`, then implement the story
    "#);
}

/// A story that needs revision: Blocked, then a review, a revision, and
/// auto-approval.
#[test]
fn a_revised_story_is_auto_approved_by_the_commands() {
    let repo = Repo::new();
    repo.set_lang("zh");
    let id = repo.story("Data export", &[]);
    let mut outputs = Vec::new();
    for args in [
        vec!["assess", &id, "--score", "5.0", "--as", "sm"],
        vec![
            "assess",
            &id,
            "--score",
            "8.0",
            "--complexity",
            "api-contract,db-schema",
            "--as",
            "sm",
        ],
        vec![
            "move",
            &id,
            "RequiresRevision",
            "--as",
            "architect",
            "-m",
            "pagination contract unclear",
        ],
        vec![
            "assess",
            &id,
            "--score",
            "10",
            "--open-critical",
            "0",
            "--revised",
            "minor",
            "--as",
            "sm",
        ],
    ] {
        let out = repo.orx(&args);
        out.ok();
        outputs.push(out.stdout);
    }
    insta::assert_snapshot!(redact(&outputs.concat()), @r#"
    质量检查: 结构 100%,技术提取 100%,评分 5.0,复杂度指标: 无
    story 1.1: Draft -> Blocked (SM) [<commit>]
    Story 被阻塞,需要 SM 修订后重新提交
    质量检查: 结构 100%,技术提取 100%,评分 8.0,复杂度指标: api-contract, db-schema
      未到 Approved:
        - 复杂度指标: 至多 1 个 — 实际: quality.complexity = ["api-contract","db-schema"]
    story 1.1: Blocked -> AwaitingArchReview (SM) [<commit>]
    Next: Architect 请执行命令 `review-story 1.1`
    Next: Architect 请审查 Story,然后 `git orx story gate 1.1 --as architect --score X --critical N`
    story 1.1: AwaitingArchReview -> RequiresRevision (Architect) [<commit>]
    Next: SM 请执行命令 `revise 1.1`
    Next: SM 请修订 Story,然后 `git orx story assess 1.1`
    质量检查: 结构 100%,技术提取 100%,评分 10.0,复杂度指标: 无
    story 1.1: RequiresRevision -> Approved (SM) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.1`
    Next: Dev 请执行 `git orx move 1.1 InProgress --as dev`,然后实现 Story
    "#);
    let text = repo.read(&repo.story_path(&id));
    let frontmatter: String = text.split("---\n").nth(1).unwrap().to_owned();
    insta::assert_snapshot!(frontmatter, @r#"
    kind: story
    id: "1.1"
    title: Data export
    status: Approved
    quality:
      structure: 100
      extraction: 100
      score: 10.0
      complexity: []
    rounds:
      architect: 1
    revision:
      baseline: 8.0
      open_critical: 0
      revised: [minor]
    "#);
}

/// The second Architect round is announced as such.
#[test]
fn second_architect_round_handoff() {
    let repo = Repo::new();
    repo.set_lang("zh");
    let id = repo.story("Search", &["--score", "7.0"]);
    repo.orx(&["move", &id, "RequiresRevision", "--as", "architect"])
        .ok();
    repo.orx(&["assess", &id, "--score", "7.5", "--as", "sm"]).stdout_has(&["Next: Architect 请审查 Story (第2轮审查),然后 `git orx story gate 1.1 --as architect --score X --critical N`\n"]);
}

#[test]
fn invalid_steps_are_refused_and_change_nothing() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let review = repo.story("Webhooks", &["--score", "7.0"]);

    // A transition the workflow does not have.
    insta::assert_snapshot!(refused(&repo, &["move", &id, "Done", "--as", "dev"]), @"
    exit: 1
    --- stderr
    error: refused: story 1.1 cannot move from Approved to Done: the workflow has no such transition
      allowed from Approved: InProgress (Dev)
    hint: `git orx show 1.1` lists the moves allowed now and what each needs
    ");
    // The wrong role.
    insta::assert_snapshot!(refused(&repo, &["move", &review, "Approved", "--as", "dev"]), @r"
    exit: 1
    --- stderr
    error: refused: Dev may not move story 1.2 from AwaitingArchReview to Approved
      responsible: Architect
    hint: act as Architect (--as architect), or a Human may override with --force --reason TEXT
    ");
    // An unmet precondition, every condition listed with its value.
    let draft = repo.story("Draft one", &[]);
    insta::assert_snapshot!(refused(&repo, &["move", &draft, "Approved", "--as", "sm"]), @"
    exit: 1
    --- stderr
    error: refused: story 1.3 cannot move from Draft to Approved: 3 preconditions not met
      - structure validation is complete (100%) — actual: quality.structure = not set
      - technical extraction is at least 80% — actual: quality.extraction = not set
      - the technical quality score is at least 8.0 — actual: quality.score = not set
    hint: `git orx show 1.3` lists the moves allowed now and what each needs
    ");
    // Done as a source.
    repo.walk(
        &id,
        &[("InProgress", "dev"), ("Review", "dev"), ("Done", "qa")],
    );
    insta::assert_snapshot!(refused(&repo, &["move", &id, "InProgress", "--as", "qa"]), @"
    exit: 1
    --- stderr
    error: refused: story 1.1 is Done, a terminal state: it cannot move to InProgress
      allowed from Done: none (only a Human can override, with --force --reason TEXT)
    hint: `git orx show 1.1` lists the moves allowed now and what each needs
    ");
    // assess where the SM does not check quality.
    insta::assert_snapshot!(refused(&repo, &["assess", &id, "--score", "9", "--as", "sm"]), @r"
    exit: 1
    --- stderr
    error: refused: a quality check applies to stories in Draft, Blocked, RequiresRevision; story 1.1 is Done
    ");
    // Force is for the Human only.
    insta::assert_snapshot!(refused(&repo, &["move", &id, "InProgress", "--as", "qa", "--force", "--reason", "reopen"]), @r"
    exit: 1
    --- stderr
    error: refused: --force is for the Human only; QA cannot override the rules
    ");
}

#[test]
fn the_human_overrides_and_the_override_is_recorded() {
    let repo = Repo::new();
    let id = repo.story_at("Login", "Done");
    let out = repo.orx(&[
        "move",
        &id,
        "InProgress",
        "--as",
        "human",
        "--force",
        "--reason",
        "customer found a bug",
    ]);
    insta::assert_snapshot!(out.render(), @r#"
    exit: 0
    --- stdout
    story 1.1: Done -> InProgress (Human) override: customer found a bug [<commit>]
    Next: Dev, run `review-qa 1.1`
    Next: Dev, fix what QA found, then `git orx move 1.1 Review --as dev`
    "#);
    let trailers = repo.git(&["log", "-1", "--format=%(trailers)"]);
    insta::assert_snapshot!(trailers.stdout, @"
    Orx-Item: story/1.1
    Orx-Transition: Done -> InProgress
    Orx-Role: human
    Orx-Override: customer found a bug
    Orx-Overridden: terminal-state
    Orx-Rounds: architect=0 qa=1
    ");
}

#[test]
fn the_role_comes_from_the_flag_the_environment_or_git_config() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let none = repo.orx(&["move", &id, "InProgress"]);
    insta::assert_snapshot!(none.render(), @r"
    exit: 2
    --- stderr
    error: no role: say who is acting with --as ROLE, ORX_ROLE=ROLE or `git config orx.role ROLE` (roles: sm, architect, dev, qa, human, skill, lead, reviewer)
    ");
    repo.git(&["config", "orx.role", "qa"]).ok();
    repo.orx(&["move", &id, "InProgress"])
        .stderr_has(&["QA may not move"]);
    repo.orx_env(&["move", &id, "InProgress"], &[("ORX_ROLE", "dev")])
        .ok();
    repo.orx_env(
        &["move", &id, "Review", "--as", "dev"],
        &[("ORX_ROLE", "qa")],
    )
    .ok();
    let bad = repo.orx_env(&["status"], &[]);
    bad.ok();
    let unknown = repo.orx_env(&["move", &id, "Done"], &[("ORX_ROLE", "wizard")]);
    assert_eq!(unknown.code, 2);
    unknown.stderr_has(&["unknown role `wizard` (from ORX_ROLE)"]);
}

#[test]
fn status_next_and_show_list_each_story_for_its_owner() {
    let repo = Repo::new();
    repo.story("Login", GOOD);
    repo.story("Webhooks", &["--score", "7.0", "--complexity", "security"]);
    repo.story(
        "Export",
        &[
            "--structure",
            "90",
            "--extraction",
            "90",
            "--reason",
            "checked by hand",
            "--score",
            "9.0",
        ],
    );
    repo.story("Draft one", &[]);
    insta::assert_snapshot!(repo.orx(&["status"]).render(), @r#"
        exit: 0
        --- stdout
        Draft (SM) 1
          1.4      Draft one
                   Next: SM, run `git orx story assess 1.4` (quality check)
        Blocked (SM) 1
          1.3      Export
                   Story 1.3 is blocked: the SM must revise it and submit it again
        AwaitingArchReview (Architect) 1
          1.2      Webhooks
                   Next: Architect, run `review-story 1.2`
                   Next: Architect, review the story, then `git orx story gate 1.2 --as architect --score X --critical N`
        Approved (Dev) 1
          1.1      Login
                   Next: Dev, run `implement-story 1.1`
                   Next: Dev, `git orx move 1.1 InProgress --as dev`, then implement the story
        story (4): 1 Draft, 1 Blocked, 1 AwaitingArchReview, 1 Approved
        "#);
    insta::assert_snapshot!(repo.orx(&["status", "--role", "sm"]).stdout, @r#"
        Draft (SM) 1
          1.4      Draft one
                   Next: SM, run `git orx story assess 1.4` (quality check)
        Blocked (SM) 1
          1.3      Export
                   Story 1.3 is blocked: the SM must revise it and submit it again
        story (2): 1 Draft, 1 Blocked
        "#);
    insta::assert_snapshot!(repo.orx(&["next"]).stdout, @r#"
    SM
      Story 1.3 is blocked: the SM must revise it and submit it again
        run: git orx story assess 1.3 --as sm --score N [options]
      Next: SM, run `git orx story assess 1.4` (quality check)
        run: git orx story assess 1.4 --as sm --score N [options]
    Architect
      Next: Architect, run `review-story 1.2`
      Next: Architect, review the story, then `git orx story gate 1.2 --as architect --score X --critical N`
        run: git orx story gate 1.2 --as architect --score N --critical N [options]
    Dev
      Next: Dev, run `implement-story 1.1`
      Next: Dev, `git orx move 1.1 InProgress --as dev`, then implement the story
        run: git orx move 1.1 InProgress --as dev [options]
    "#);
    insta::assert_snapshot!(repo.orx(&["show", "1.3"]).stdout, @r#"
    story 1.3 — Export
      file:   docs/stories/1.3.export.md
      status: Blocked (owner: SM)
      next:   Story 1.3 is blocked: the SM must revise it and submit it again
              run: git orx story assess 1.3 --as sm --score N [options]
    Moves from Blocked:
      -> Blocked             [SM] allowed as SM (an outcome of `assess`)
           ✓ the quality check failed (structure below 100%, technical extraction below 80% or score below 6.0)
      -> Approved            [SM] not allowed as SM (an outcome of `assess`)
           ✗ structure validation is complete (100%) (quality.structure = 90)
           ✓ technical extraction is at least 80%
           ✓ the technical quality score is at least 8.0
           ✓ complexity indicators: at most 1
           ✓ the SM did not ask for the Architect's review (`assess --review`)
           ✓ no failed Architect review stands (after one, the story is reviewed again, or auto-approved from RequiresRevision)
      -> AwaitingArchReview  [SM] not allowed as SM (an outcome of `assess`)
           ✗ structure validation is complete (100%) (quality.structure = 90)
           ✓ technical extraction is at least 80%
           ✓ the technical quality score is at least 6.0
           ✗ a review is called for (a score below 8.0, more complexity indicators than 1, the optional review asked for with `--review`, or a failed review to answer) (quality.score = 9.0, quality.complexity = [], quality.review_requested = not set, revision.baseline = not set)
    "#);
    let json = repo.orx(&["status", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["version"], 1);
    assert_eq!(v["items"].as_array().unwrap().len(), 4);
    assert_eq!(v["items"][0]["id"], "1.1");
    assert_eq!(v["items"][0]["owner"], "dev");
    let next: serde_json::Value =
        serde_json::from_str(&repo.orx(&["next", "--json", "--role", "dev"]).stdout).unwrap();
    assert_eq!(next["roles"][0]["role"], "dev");
    assert_eq!(
        next["roles"][0]["actions"][0]["message"],
        "Next: Dev, run `implement-story 1.1`\nNext: Dev, `git orx move 1.1 InProgress --as dev`, then implement the story"
    );
    let show: serde_json::Value =
        serde_json::from_str(&repo.orx(&["show", "1.2", "--json"]).stdout).unwrap();
    assert_eq!(show["status"], "AwaitingArchReview");
    assert_eq!(show["moves"].as_array().unwrap().len(), 3);
    assert_eq!(show["frontmatter"]["quality"]["score"], 7.0);
}
