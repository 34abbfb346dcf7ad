//! The story lifecycle's review rounds through `git orx story gate`, its five
//! scenarios exactly as written, and the boundaries of each rule.

use crate::common::{GOOD, Repo, filled, redact, refused, steps};

/// A repository whose handoffs are in Chinese (`lang: zh`), as the
/// lifecycle's scenarios below are written.
fn zh_repo() -> Repo {
    let repo = Repo::new();
    repo.set_lang("zh");
    repo
}

/// A high-quality story is approved directly: the SM writes it, its quality
/// check scores 8.5 with no complexity indicator, it is Approved, Dev
/// implements it.
#[test]
fn a_high_quality_story_is_approved_directly_with_zh_handoffs() {
    let repo = zh_repo();
    let id = repo.story("User login", &[]);
    let out = steps(
        &repo,
        &[
            &["assess", &id, "--score", "8.5", "--as", "sm"],
            &["move", &id, "InProgress", "--as", "dev"],
        ],
    );
    insta::assert_snapshot!(out, @r#"
    $ git orx assess 1.1 --score 8.5 --as sm
    质量检查: 结构 100%,技术提取 100%,评分 8.5,复杂度指标: 无
    story 1.1: Draft -> Approved (SM) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.1`
    Next: Dev 请执行 `git orx move 1.1 InProgress --as dev`,然后实现 Story
    $ git orx move 1.1 InProgress --as dev
    story 1.1: Approved -> InProgress (Dev) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.1`
    Next: Dev 请实现 Story,然后 `git orx move 1.1 Review --as dev`
    "#);
}

/// A story that needs the Architect's review: score 7.0 with one complexity
/// indicator goes to AwaitingArchReview; the Architect's gate passes it to
/// Approved; Dev implements it.
#[test]
fn a_story_scoring_7_is_reviewed_and_passed_by_the_architects_gate() {
    let repo = zh_repo();
    let id = repo.story("Payment webhooks", &[]);
    let out = steps(
        &repo,
        &[
            &[
                "assess",
                &id,
                "--score",
                "7.0",
                "--complexity",
                "cross-service",
                "--as",
                "sm",
            ],
            &[
                "gate",
                &id,
                "--as",
                "architect",
                "--score",
                "8",
                "--critical",
                "0",
                "--minor",
                "1",
            ],
            &["move", &id, "InProgress", "--as", "dev"],
        ],
    );
    insta::assert_snapshot!(out, @r#"
    $ git orx assess 1.1 --score 7.0 --complexity cross-service --as sm
    质量检查: 结构 100%,技术提取 100%,评分 7.0,复杂度指标: cross-service
      未到 Approved:
        - 技术质量评分至少 8.0 — 实际: quality.score = 7.0
    story 1.1: Draft -> AwaitingArchReview (SM) [<commit>]
    Next: Architect 请执行命令 `review-story 1.1`
    Next: Architect 请审查 Story,然后 `git orx story gate 1.1 --as architect --score X --critical N`
    $ git orx gate 1.1 --as architect --score 8 --critical 0 --minor 1
    Architect 审查,第 1 轮: 通过
    story 1.1: AwaitingArchReview -> Approved (Architect) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.1`
    Next: Dev 请执行 `git orx move 1.1 InProgress --as dev`,然后实现 Story
    $ git orx move 1.1 InProgress --as dev
    story 1.1: Approved -> InProgress (Dev) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.1`
    Next: Dev 请实现 Story,然后 `git orx move 1.1 Review --as dev`
    "#);
    let trailers = repo.git(&["log", "-1", "--skip=1", "--format=%(trailers)"]);
    insta::assert_snapshot!(trailers.stdout, @"
    Orx-Item: story/1.1
    Orx-Transition: AwaitingArchReview -> Approved
    Orx-Role: architect
    Orx-Trigger: gate
    Orx-Gate: architect round=1 score=8.0 critical=0 high=0 medium=0 minor=1 passed=true
    Orx-Rounds: architect=1 qa=0
    ");
}

/// A story that needs revision: score 5.0 is Blocked; revised to 8.0 with two
/// complexity indicators it awaits review; the Architect finds problems
/// (RequiresRevision); the SM revises it, it meets the auto-approval
/// conditions, it is Approved and Dev implements it.
#[test]
fn a_blocked_story_revised_after_review_is_auto_approved() {
    let repo = zh_repo();
    let id = repo.story("Data export", &[]);
    let path = repo.story_path(&id);
    let mut out = steps(&repo, &[&["assess", &id, "--score", "5.0", "--as", "sm"]]);
    repo.edit(
        &path,
        "The story's Story",
        "The export story, revised: the story's Story",
    );
    out += &steps(
        &repo,
        &[
            &[
                "assess",
                &id,
                "--score",
                "8.0",
                "--complexity",
                "api-contract,db-schema",
                "--as",
                "sm",
            ],
            &[
                "gate",
                &id,
                "--as",
                "architect",
                "--score",
                "6",
                "--critical",
                "0",
                "--minor",
                "3",
                "-m",
                "pagination contract unclear",
            ],
        ],
    );
    repo.edit(&path, "story, revised:", "story, revised twice:");
    out += &steps(
        &repo,
        &[
            &[
                "assess",
                &id,
                "--score",
                "8.5",
                "--complexity",
                "api-contract,db-schema",
                "--as",
                "sm",
            ],
            &["move", &id, "InProgress", "--as", "dev"],
        ],
    );
    insta::assert_snapshot!(out, @r#"
    $ git orx assess 1.1 --score 5.0 --as sm
    质量检查: 结构 100%,技术提取 100%,评分 5.0,复杂度指标: 无
    story 1.1: Draft -> Blocked (SM) [<commit>]
    Story 被阻塞,需要 SM 修订后重新提交
    $ git orx assess 1.1 --score 8.0 --complexity api-contract,db-schema --as sm
    质量检查: 结构 100%,技术提取 100%,评分 8.0,复杂度指标: api-contract, db-schema
      未到 Approved:
        - 复杂度指标: 至多 1 个 — 实际: quality.complexity = ["api-contract","db-schema"]
    story 1.1: Blocked -> AwaitingArchReview (SM) [<commit>]
    Next: Architect 请执行命令 `review-story 1.1`
    Next: Architect 请审查 Story,然后 `git orx story gate 1.1 --as architect --score X --critical N`
    $ git orx gate 1.1 --as architect --score 6 --critical 0 --minor 3 -m pagination contract unclear
    Architect 审查,第 1 轮: 未通过
      - 本轮审查 (如已记录) 已通过 (评分至少 7.0,没有 Critical 问题) — 实际: review.architect.round = 1, rounds.architect = 1, review.architect.score = 6.0, review.architect.critical = 0
    story 1.1: AwaitingArchReview -> RequiresRevision (Architect) [<commit>]
    Next: SM 请执行命令 `revise 1.1`
    Next: SM 请修订 Story,然后 `git orx story assess 1.1`
    $ git orx assess 1.1 --score 8.5 --complexity api-contract,db-schema --as sm
    质量检查: 结构 100%,技术提取 100%,评分 8.5,复杂度指标: api-contract, db-schema
    story 1.1: RequiresRevision -> Approved (SM) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.1`
    Next: Dev 请执行 `git orx move 1.1 InProgress --as dev`,然后实现 Story
    $ git orx move 1.1 InProgress --as dev
    story 1.1: Approved -> InProgress (Dev) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.1`
    Next: Dev 请实现 Story,然后 `git orx move 1.1 Review --as dev`
    "#);
    let text = repo.read(&path);
    let frontmatter = text.split("---\n").nth(1).unwrap();
    insta::assert_snapshot!(frontmatter, @r#"
    kind: story
    id: "1.1"
    title: Data export
    status: InProgress
    quality:
      structure: 100
      extraction: 100
      score: 8.5
      complexity: [api-contract, db-schema]
    rounds:
      architect: 1
    review:
      architect:
        round: 1
        score: 6.0
        critical: 0
        high: 0
        medium: 0
        minor: 3
        passed: false
    revision:
      baseline: 6.0
      open_critical: 0
      revised: [minor]
    "#);
}

/// QA finds problems to fix: QA's round 1 fails (back to InProgress), Dev
/// fixes them, and round 2 with half the issues passes to Done.
#[test]
fn qa_fails_round_1_and_passes_round_2_with_half_the_issues() {
    let repo = zh_repo();
    let id = repo.story("Search", GOOD);
    let out = steps(
        &repo,
        &[
            &["move", &id, "InProgress", "--as", "dev"],
            &["move", &id, "Review", "--as", "dev"],
            &[
                "gate",
                &id,
                "--as",
                "qa",
                "--critical",
                "0",
                "--high",
                "1",
                "--medium",
                "3",
                "--criteria-failed",
            ],
            &[
                "move",
                &id,
                "Review",
                "--as",
                "dev",
                "-m",
                "fixed the High issue",
            ],
            &[
                "gate",
                &id,
                "--as",
                "qa",
                "--critical",
                "0",
                "--high",
                "0",
                "--medium",
                "2",
                "--criteria-met",
            ],
        ],
    );
    insta::assert_snapshot!(out, @r#"
    $ git orx move 1.1 InProgress --as dev
    story 1.1: Approved -> InProgress (Dev) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.1`
    Next: Dev 请实现 Story,然后 `git orx move 1.1 Review --as dev`
    $ git orx move 1.1 Review --as dev
    story 1.1: InProgress -> Review (Dev) [<commit>]
    Next: QA 请执行命令 `review 1.1`
    Next: QA 请审查 Story,然后 `git orx story gate 1.1 --as qa --critical N --criteria-met|--criteria-failed`
    $ git orx gate 1.1 --as qa --critical 0 --high 1 --medium 3 --criteria-failed
    QA 审查,第 1 轮: 未通过
      - 每一轮都满足全部验收标准 (`--criteria-met`);只有在最后一轮之后做决定的 Human 可以不满足 — 实际: review.qa.round = 1, rounds.qa = 1, review.qa.criteria = "failed"
      - 第 1 轮 (严格): 没有 Critical 或 High 问题 — 实际: review.qa.round = 1, rounds.qa = 1, review.qa.critical = 0, review.qa.high = 1
    story 1.1: Review -> InProgress (QA) [<commit>]
    Next: Dev 请执行命令 `review-qa 1.1`
    Next: Dev 请修复 QA 发现的问题,然后 `git orx move 1.1 Review --as dev`
    $ git orx move 1.1 Review --as dev -m fixed the High issue
    story 1.1: InProgress -> Review (Dev) [<commit>]
    Next: QA 请执行命令 `review 1.1`
    Next: QA 请审查 Story,然后 `git orx story gate 1.1 --as qa --critical N --criteria-met|--criteria-failed`
    $ git orx gate 1.1 --as qa --critical 0 --high 0 --medium 2 --criteria-met
    QA 审查,第 2 轮: 通过
    story 1.1: Review -> Done (QA) [<commit>]
    Story 已完成!
    "#);
    let trailers = repo.git(&["log", "-1", "--format=%(trailers)"]);
    insta::assert_snapshot!(trailers.stdout, @"
    Orx-Item: story/1.1
    Orx-Transition: Review -> Done
    Orx-Role: qa
    Orx-Trigger: gate
    Orx-Gate: qa round=2 critical=0 high=0 medium=2 low=0 total=2 previous_total=4 criteria=met passed=true
    Orx-Rounds: architect=0 qa=2
    ");
}

/// A complex problem is escalated: the Architect finds an architectural
/// problem (Escalated) and the Human decides: Approved, Blocked or
/// AwaitingArchReview.
#[test]
fn an_escalated_story_takes_each_of_the_humans_three_decisions() {
    let repo = zh_repo();
    let review = [
        "--score",
        "9.0",
        "--complexity",
        "new-pattern,cross-service",
    ];
    let ids: Vec<String> = ["Failover", "Sharding", "Event bus"]
        .iter()
        .map(|t| repo.story(t, &review))
        .collect();
    let mut out = String::new();
    for id in &ids {
        out += &steps(
            &repo,
            &[&[
                "gate",
                id,
                "--as",
                "architect",
                "--score",
                "7",
                "--critical",
                "1",
                "--escalate",
                "-m",
                "needs a product decision",
            ]],
        );
    }
    // Only the Human decides.
    refused(&repo, &["move", &ids[0], "Approved", "--as", "architect"]);
    out += &steps(
        &repo,
        &[
            &[
                "move",
                &ids[0],
                "Approved",
                "--as",
                "human",
                "-m",
                "accept the risk",
            ],
            &[
                "move",
                &ids[1],
                "Blocked",
                "--as",
                "human",
                "-m",
                "split the story",
            ],
            &[
                "move",
                &ids[2],
                "AwaitingArchReview",
                "--as",
                "human",
                "-m",
                "review again",
            ],
        ],
    );
    insta::assert_snapshot!(out, @r#"
    $ git orx gate 1.1 --as architect --score 7 --critical 1 --escalate -m needs a product decision
    Architect 审查,第 1 轮: 未通过
      - 本轮审查 (如已记录) 已通过 (评分至少 7.0,没有 Critical 问题) — 实际: review.architect.round = 1, rounds.architect = 1, review.architect.score = 7.0, review.architect.critical = 1
    story 1.1: AwaitingArchReview -> Escalated (Architect) [<commit>]
    Story 已升级,需要人工介入决策
    $ git orx gate 1.2 --as architect --score 7 --critical 1 --escalate -m needs a product decision
    Architect 审查,第 1 轮: 未通过
      - 本轮审查 (如已记录) 已通过 (评分至少 7.0,没有 Critical 问题) — 实际: review.architect.round = 1, rounds.architect = 1, review.architect.score = 7.0, review.architect.critical = 1
    story 1.2: AwaitingArchReview -> Escalated (Architect) [<commit>]
    Story 已升级,需要人工介入决策
    $ git orx gate 1.3 --as architect --score 7 --critical 1 --escalate -m needs a product decision
    Architect 审查,第 1 轮: 未通过
      - 本轮审查 (如已记录) 已通过 (评分至少 7.0,没有 Critical 问题) — 实际: review.architect.round = 1, rounds.architect = 1, review.architect.score = 7.0, review.architect.critical = 1
    story 1.3: AwaitingArchReview -> Escalated (Architect) [<commit>]
    Story 已升级,需要人工介入决策
    $ git orx move 1.1 Approved --as human -m accept the risk
    story 1.1: Escalated -> Approved (Human) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.1`
    Next: Dev 请执行 `git orx move 1.1 InProgress --as dev`,然后实现 Story
    $ git orx move 1.2 Blocked --as human -m split the story
    story 1.2: Escalated -> Blocked (Human) [<commit>]
    Story 被阻塞,需要 SM 修订后重新提交
    $ git orx move 1.3 AwaitingArchReview --as human -m review again
    story 1.3: Escalated -> AwaitingArchReview (Human) [<commit>]
    Next: Architect 请执行命令 `review-story 1.3`
    Next: Architect 请审查 Story,然后 `git orx story gate 1.3 --as architect --score X --critical N`
    "#);
}

/// The Architect's pass mark is 7: 6.99 fails, 7.0 passes, and a Critical
/// issue fails any score.
#[test]
fn architect_gate_boundaries() {
    let repo = Repo::new();
    let review = ["--score", "7.0"];
    let (a, b, c) = (
        repo.story("A", &review),
        repo.story("B", &review),
        repo.story("C", &review),
    );
    let gate = |id: &str, score: &str, critical: &str| {
        let out = repo.orx(&[
            "gate",
            id,
            "--as",
            "architect",
            "--score",
            score,
            "--critical",
            critical,
        ]);
        out.ok();
        out.stdout.lines().next().unwrap().to_owned() + " / " + out.stdout.lines().last().unwrap()
    };
    insta::assert_snapshot!([gate(&a, "6.99", "0"), gate(&b, "7.0", "0"), gate(&c, "10", "1")].join("\n"), @r#"
    Architect review, round 1: failed / Next: SM, revise the story, then `git orx story assess 1.1`
    Architect review, round 1: passed / Next: Dev, `git orx move 1.2 InProgress --as dev`, then implement the story
    Architect review, round 1: failed / Next: SM, revise the story, then `git orx story assess 1.3`
    "#);
}

/// The second Architect round is announced as such, and failing it goes to
/// the Human, who decides. A review the Human then orders (决定重新审查)
/// starts a new cycle: round 1 again, with its two rounds (Architect 审查
/// 最多2轮), not a third round past the limit.
#[test]
fn a_failing_second_architect_round_is_escalated() {
    let repo = zh_repo();
    let id = repo.story("Search", &["--score", "7.0"]);
    let out = steps(
        &repo,
        &[
            &[
                "gate",
                &id,
                "--as",
                "architect",
                "--score",
                "5",
                "--critical",
                "1",
                "--high",
                "2",
            ],
            &["assess", &id, "--score", "7.5", "--as", "sm"],
            &[
                "gate",
                &id,
                "--as",
                "architect",
                "--score",
                "6.5",
                "--critical",
                "0",
            ],
            &[
                "move",
                &id,
                "AwaitingArchReview",
                "--as",
                "human",
                "-m",
                "review again",
            ],
            &[
                "gate",
                &id,
                "--as",
                "architect",
                "--score",
                "6",
                "--critical",
                "0",
            ],
        ],
    );
    insta::assert_snapshot!(out, @r#"
    $ git orx gate 1.1 --as architect --score 5 --critical 1 --high 2
    Architect 审查,第 1 轮: 未通过
      - 本轮审查 (如已记录) 已通过 (评分至少 7.0,没有 Critical 问题) — 实际: review.architect.round = 1, rounds.architect = 1, review.architect.score = 5.0, review.architect.critical = 1
    story 1.1: AwaitingArchReview -> RequiresRevision (Architect) [<commit>]
    Next: SM 请执行命令 `revise 1.1`
    Next: SM 请修订 Story,然后 `git orx story assess 1.1`
    $ git orx assess 1.1 --score 7.5 --as sm
    质量检查: 结构 100%,技术提取 100%,评分 7.5,复杂度指标: 无
      未到 Approved:
        - 所有 Critical 问题都已解决 — 实际: revision.open_critical = 1
        - 最终质量评分至少 8.0 — 实际: quality.score = 7.5
        - 只修订了 Minor 问题 — 实际: revision.revised = ["critical","high"]
    story 1.1: RequiresRevision -> AwaitingArchReview (SM) [<commit>]
    Next: Architect 请执行命令 `review-story 1.1` (第2轮审查)
    Next: Architect 请审查 Story (第2轮审查),然后 `git orx story gate 1.1 --as architect --score X --critical N`
    $ git orx gate 1.1 --as architect --score 6.5 --critical 0
    Architect 审查,第 2 轮: 未通过
      - 本轮审查 (如已记录) 已通过 (评分至少 7.0,没有 Critical 问题) — 实际: review.architect.round = 2, rounds.architect = 2, review.architect.score = 6.5, review.architect.critical = 0
    story 1.1: AwaitingArchReview -> Escalated (Architect) [<commit>]
    Story 已升级,需要人工介入决策
    $ git orx move 1.1 AwaitingArchReview --as human -m review again
    story 1.1: Escalated -> AwaitingArchReview (Human) [<commit>]
    Next: Architect 请执行命令 `review-story 1.1`
    Next: Architect 请审查 Story,然后 `git orx story gate 1.1 --as architect --score X --critical N`
    $ git orx gate 1.1 --as architect --score 6 --critical 0
    Architect 审查,第 1 轮: 未通过
      - 本轮审查 (如已记录) 已通过 (评分至少 7.0,没有 Critical 问题) — 实际: review.architect.round = 1, rounds.architect = 1, review.architect.score = 6.0, review.architect.critical = 0
    story 1.1: AwaitingArchReview -> RequiresRevision (Architect) [<commit>]
    Next: SM 请执行命令 `revise 1.1`
    Next: SM 请修订 Story,然后 `git orx story assess 1.1`
    "#);
}

/// Auto-approval end to end: a revision that improves the score by only
/// 1.9 goes to round 2 (each of the four conditions is tabled in the
/// validation tests).
#[test]
fn auto_approval_fails_on_a_small_improvement() {
    let repo = Repo::new();
    let id = repo.story("Search", &["--score", "7.0"]);
    repo.orx(&[
        "gate",
        &id,
        "--as",
        "architect",
        "--score",
        "6.5",
        "--critical",
        "0",
        "--minor",
        "2",
    ])
    .ok();
    let out = repo.orx(&["assess", &id, "--score", "8.4", "--as", "sm"]);
    insta::assert_snapshot!(out.render(), @r#"
    exit: 0
    --- stdout
    quality check: structure 100%, technical extraction 100%, score 8.4, complexity: none
      not Approved:
        - the quality score improved by at least 2.0 (from 6.5) — actual: quality.score = 8.4, revision.baseline = 6.5
    story 1.1: RequiresRevision -> AwaitingArchReview (SM) [<commit>]
    Next: Architect, run `review-story 1.1` (review round 2)
    Next: Architect, review the story (review round 2), then `git orx story gate 1.1 --as architect --score X --critical N`
    "#);
}

/// QA's round 2 needs the issues down by half: 51 of 100 fails, 50 passes.
#[test]
fn qa_reduction_boundary() {
    let repo = Repo::new();
    let ids = [repo.story("A", GOOD), repo.story("B", GOOD)];
    let mut lines = Vec::new();
    for (id, second) in ids.iter().zip(["51", "50"]) {
        for args in [
            vec!["move", id, "InProgress", "--as", "dev"],
            vec!["move", id, "Review", "--as", "dev"],
            vec![
                "gate",
                id,
                "--as",
                "qa",
                "--critical",
                "0",
                "--medium",
                "100",
                "--criteria-failed",
            ],
            vec!["move", id, "Review", "--as", "dev"],
        ] {
            repo.orx(&args).ok();
        }
        let out = repo.orx(&[
            "gate",
            id,
            "--as",
            "qa",
            "--critical",
            "0",
            "--medium",
            second,
            "--criteria-met",
        ]);
        out.ok();
        lines.push(out.stdout);
    }
    insta::assert_snapshot!(redact(&lines.concat()), @r#"
    QA gate, round 2: failed
      - round 2 (moderate): issues down by at least 50% from round 1's gate, no High issue (and, as in every round, no Critical) — actual: review.qa.round = 2, rounds.qa = 2, review.qa.critical = 0, review.qa.high = 0, review.qa.total = 51, review.qa.previous_total = 100
    story 1.1: Review -> InProgress (QA) [<commit>]
    Next: Dev, run `review-qa 1.1`
    Next: Dev, fix what QA found, then `git orx move 1.1 Review --as dev`
    QA gate, round 2: passed
    story 1.2: Review -> Done (QA) [<commit>]
    Story 1.2 is done!
    "#);
}

/// Rounds 2 → 3 → the Human: after a failing third round QA can neither
/// pass the story nor send it back, nor rewrite its gate; the Human decides.
#[test]
fn after_qas_third_failing_round_the_human_decides() {
    let repo = Repo::new();
    let id = repo.story("Search", GOOD);
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    for (round, critical) in [("1", "2"), ("2", "2"), ("3", "1")] {
        repo.orx(&["move", &id, "Review", "--as", "dev"]).ok();
        let out = repo.orx(&[
            "gate",
            &id,
            "--as",
            "qa",
            "--critical",
            critical,
            "--criteria-met",
        ]);
        out.ok();
        assert!(
            out.stdout
                .starts_with(&format!("QA gate, round {round}: failed")),
            "{}",
            out.render()
        );
        if round == "3" {
            insta::assert_snapshot!(redact(&out.stdout), @"
            QA gate, round 3: failed
              - round 3 and later (pragmatic): no Critical issue, or the Human decides — actual: review.qa.round = 3, rounds.qa = 3, review.qa.critical = 1
            no move fits QA's round 3 (failed): the findings are recorded and the story stays in Review
            story 1.1: review changed, still Review (QA) [<commit>]
            Story 1.1: QA's round 3 failed; a human must decide: `git orx move 1.1 Done` or `git orx move 1.1 InProgress`, --as human
            ");
        }
    }
    insta::assert_snapshot!(repo.orx(&["next"]).stdout, @"
    Human
      Story 1.1: QA's round 3 failed; a human must decide: `git orx move 1.1 Done` or `git orx move 1.1 InProgress`, --as human
        or:  git orx move 1.1 Done --as human
        or:  git orx move 1.1 InProgress --as human
    ");
    insta::assert_snapshot!(refused(&repo, &["gate", &id, "--as", "qa", "--critical", "0", "--criteria-met"]), @"
    exit: 1
    --- stderr
    error: refused: story 1.1: `review.qa` is a record written once per round: round 3 is already recorded and cannot be rewritten
      a Human may override with --force --reason TEXT
    ");
    insta::assert_snapshot!(refused(&repo, &["move", &id, "InProgress", "--as", "qa"]), @"
    exit: 1
    --- stderr
    error: refused: story 1.1 cannot move from Review to InProgress: 1 precondition not met
      - a QA round is left (after a failing round 3 the Human decides) — actual: rounds.qa = 3
    hint: `git orx show 1.1` lists the moves allowed now and what each needs
    ");
    repo.orx(&[
        "move",
        &id,
        "Done",
        "--as",
        "human",
        "-m",
        "known limitation, documented",
    ])
    .ok()
    .stdout_has(&["Review -> Done (Human)"]);
}

/// A gate applies in its state, for its role, with its own numbers.
#[test]
fn a_gate_applies_only_in_its_state_for_its_role_with_its_numbers() {
    let repo = Repo::new();
    let draft = repo.story("Draft", &[]);
    let approved = repo.story("Login", GOOD);
    insta::assert_snapshot!(refused(&repo, &["gate", &draft, "--as", "architect", "--score", "8", "--critical", "0"]), @"
    exit: 1
    --- stderr
    error: refused: the Architect gate applies to stories in AwaitingArchReview; story 1.1 is Draft
    ");
    insta::assert_snapshot!(refused(&repo, &["gate", &approved, "--as", "qa", "--critical", "0", "--criteria-met"]), @"
    exit: 1
    --- stderr
    error: refused: the QA gate applies to stories in Review; story 1.2 is Approved
    ");
    let usage = |args: &[&str]| {
        let out = repo.orx(args);
        out.code(2);
        out.stderr.lines().next().unwrap_or_default().to_owned()
    };
    insta::assert_snapshot!([
        usage(&["gate", &draft, "--as", "dev", "--critical", "0"]),
        usage(&["gate", &draft, "--as", "architect", "--critical", "0"]),
        usage(&["gate", &draft, "--as", "qa", "--critical", "0", "--score", "8"]),
        usage(&["gate", &draft, "--as", "architect", "--score", "11", "--critical", "0"]),
        usage(&["gate", &draft, "--as", "qa", "--critical", "0", "--escalate"]),
        usage(&["gate", &draft, "--as", "qa"]),
    ].join("\n"), @"
    error: `git orx story gate` is for the Architect (--as architect) or QA (--as qa), not Dev
    error: the Architect's gate needs --score (0-10); nothing was recorded
    error: --score and --minor are for the Architect's gate; QA counts Low issues (--low)
    error: --score must be from 0 to 10, not 11
    error: only the Architect escalates (--escalate); after QA's last failing round the Human decides anyway
    error: the following required arguments were not provided:
    ");
}

/// Records hold for hand edits too: the hooks refuse Dev writing QA's
/// findings, and QA rewriting a failed round into a pass.
#[test]
fn hand_edited_review_records_are_refused_by_the_hooks() {
    let repo = Repo::new();
    let id = repo.story_at("Search", "Review");
    let path = repo.story_path(&id);
    repo.orx(&[
        "gate",
        &id,
        "--as",
        "qa",
        "--critical",
        "1",
        "--criteria-met",
    ])
    .ok();
    // QA's failed round 1, rewritten by Dev into a pass.
    repo.edit(&path, "critical: 1", "critical: 0");
    repo.commit_as("dev", "fix the record")
        .fails(1, &["only QA may write it, not Dev"]);
    repo.commit_as("qa", "fix the record")
        .fails(1, &["QA may not change story 1.1 while it is InProgress"]);
}

/// A hand-recorded quality check must be what the story measures, unless
/// the SM says why not.
#[test]
fn hand_recorded_quality_must_be_measured() {
    let repo = Repo::new();
    let id = repo.story("Search", &[]);
    let path = repo.story_path(&id);
    repo.edit(
        &path,
        "status: Draft\n",
        "status: Approved\nquality: {structure: 100, extraction: 100, score: 9.0, complexity: []}\n",
    );
    // The structure is complete but one Dev Notes item cites no source.
    repo.edit(&path, " [Source: docs/architecture.md#data-models]", "");
    let out = repo.commit_as("sm", "approve");
    out.code(1);
    insta::assert_snapshot!(out.stderr, @r#"
    error: refused: git-orx found 1 rule broken by this commit
      docs/stories/1.1.search.md:
        story 1.1: quality.extraction is 100 but the story measures 83.3%; record the quality check with `git orx assess` (which measures it), or give the reason for other values in quality.override
    hint: fix the files; the Human may override with ORX_ROLE=human ORX_FORCE_REASON="why"
    "#);
    repo.edit(
        &path,
        "complexity: []}",
        "complexity: [], override: \"the models live in the ADR\"}",
    );
    repo.commit_as("sm", "approve").ok();
}

/// `assess` lists what the story lacks and what its text suggests.
#[test]
fn assess_reports_the_measurement_and_hints() {
    let repo = Repo::new();
    repo.orx(&["new", "Login", "--as", "sm"]).ok();
    let path = "docs/stories/1.1.login.md";
    let text = filled(&repo.read(path))
        .replace(" [Source: docs/architecture.md#api-specifications]", "")
        .replace(
            "## Testing\n\nThe story's Testing, as the SM wrote it.\n",
            "## Testing\n",
        )
        .replace(
            "The story's Story, as the SM wrote it.",
            "As a user I want to sign in with a password, through a new endpoint.",
        );
    repo.write(path, text);
    let out = repo.orx(&["assess", "1.1", "--score", "9", "--as", "sm"]);
    insta::assert_snapshot!(out.render(), @r#"
    exit: 0
    --- stdout
    quality check: structure 80%, technical extraction 83.3%, score 9.0, complexity: none
      missing: section "Testing" is empty
      missing: Dev Notes item "API Specifications" cites no source ([Source: docs/...])
      the text suggests complexity indicators: api-contract ("endpoint"), security ("sign in"); give them with --complexity if they apply
    story 1.1: Draft -> Blocked (SM) [<commit>]
    Story 1.1 is blocked: the SM must revise it and submit it again
    "#);
    let out = repo.orx(&[
        "assess",
        "1.1",
        "--score",
        "9",
        "--as",
        "sm",
        "--structure",
        "100",
        "--extraction",
        "100",
        "--reason",
        "Testing is in the test plan",
        "--complexity",
        "security,api-contract",
    ]);
    out.ok();
    let trailers = repo.git(&["log", "-1", "--format=%(trailers)"]);
    insta::assert_snapshot!(trailers.stdout, @"
    Orx-Item: story/1.1
    Orx-Transition: Blocked -> AwaitingArchReview
    Orx-Role: sm
    Orx-Trigger: assess
    Orx-Quality: structure=100 extraction=100 score=9.0 complexity=api-contract,security override=Testing is in the test plan
    Orx-Rounds: architect=1 qa=0
    Orx-Quality-Override: structure=100 (measured 80) extraction=100 (measured 83.3): Testing is in the test plan
    ");
}

/// What the review of the gates found: numbers that do not add up, a
/// restated review, a failed review laundered through Blocked, a second
/// gate over an uncommitted first, all refused; a clean round 2 passes
/// even when round 1 was decided with `move`; hand-made commits carry the
/// same trailers; log shows the records.
#[test]
fn gates_hold_against_made_up_numbers() {
    let repo = Repo::new();
    let id = repo.story_at("Search", "Review");
    let path = repo.story_path(&id);
    repo.orx(&[
        "gate",
        &id,
        "--as",
        "qa",
        "--critical",
        "0",
        "--medium",
        "4",
        "--criteria-failed",
    ])
    .ok();
    repo.orx(&["move", &id, "Review", "--as", "dev"]).ok();
    // QA writes round 2 by hand, claiming round 1 had 100 issues.
    let text = repo.read(&path);
    let start = text.find("  qa:\n    round: 1").unwrap();
    let end = text[start..].find("passed: false\n").unwrap() + start + "passed: false\n".len();
    let fake = "  qa:\n    round: 2\n    critical: 0\n    high: 0\n    medium: 4\n    low: 0\n    total: 4\n    previous_total: 100\n    criteria: failed\n    passed: true\n";
    repo.write(
        &path,
        format!("{}{}{}", &text[..start], fake, &text[end..])
            .replace("status: Review", "status: Done"),
    );
    repo.commit_as("qa", "done").fails(
        1,
        &["the previous total is the previous round's recorded total"],
    );
    repo.git(&["checkout", "-q", "--", &path]).ok();
    // A gate written with --no-commit is committed before another.
    repo.orx(&[
        "gate",
        &id,
        "--as",
        "qa",
        "--critical",
        "0",
        "--medium",
        "3",
        "--criteria-failed",
        "--no-commit",
    ])
    .ok();
    repo.refused(
        &[
            "gate",
            &id,
            "--as",
            "qa",
            "--critical",
            "0",
            "--criteria-met",
        ],
        1,
        &["has an uncommitted change of state"],
    );
    // Committed by hand, it carries the gate's trailers.
    repo.commit_as("qa", "round 2 by hand").ok();
    let t = repo.git(&["log", "-1", "--format=%(trailers)"]);
    insta::assert_snapshot!(t.stdout, @"
    Orx-Item: story/1.1
    Orx-Transition: Review -> InProgress
    Orx-Role: qa
    Orx-Trigger: gate
    Orx-Gate: qa round=2 critical=0 high=0 medium=3 low=0 total=3 previous_total=4 criteria=failed passed=false
    Orx-Rounds: architect=0 qa=2
    ");
    repo.orx(&["log", &id]).stdout_has(&[
        "Orx-Gate: qa round=2 critical=0 high=0 medium=3 low=0 total=3 previous_total=4",
    ]);

    // The Architect failed it; the SM may not restate the review.
    let other = repo.story("Export", &["--score", "7.0"]);
    repo.orx(&[
        "gate",
        &other,
        "--as",
        "architect",
        "--score",
        "5",
        "--critical",
        "2",
        "--minor",
        "1",
    ])
    .ok();
    repo.orx(&[
        "assess",
        &other,
        "--score",
        "9",
        "--open-critical",
        "0",
        "--revised",
        "minor",
        "--as",
        "sm",
    ])
    .fails(2, &["recorded its open Critical issues"]);
    // Nor take it to Approved through Blocked: it is reviewed again.
    repo.orx(&["assess", &other, "--score", "1", "--as", "sm"])
        .ok();
    repo.orx(&["assess", &other, "--score", "9.5", "--as", "sm"])
        .ok()
        .stdout_has(&["Blocked -> AwaitingArchReview", "(review round 2)"]);

    // Round 2 with nothing left passes, though round 1 was a move.
    let third = repo.story("Import", GOOD);
    repo.walk(
        &third,
        &[
            ("InProgress", "dev"),
            ("Review", "dev"),
            ("InProgress", "qa"),
            ("Review", "dev"),
        ],
    );
    repo.orx(&[
        "gate",
        &third,
        "--as",
        "qa",
        "--critical",
        "0",
        "--criteria-met",
    ])
    .stdout_has(&["round 2: passed", "Review -> Done"]);
}

/// With gates required, every Architect decision needs the recorded review.
#[test]
fn gates_required_covers_escalation() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/story.yaml",
        "params:\n  gates_required: true\n",
    );
    repo.commit_rules("gates required");
    let id = repo.story("Search", &["--score", "7.0"]);
    repo.refused(
        &["move", &id, "Escalated", "--as", "architect"],
        1,
        &["the Architect's review of this round is recorded with `git orx story gate`"],
    );
    repo.orx(&[
        "gate",
        &id,
        "--as",
        "architect",
        "--score",
        "7",
        "--critical",
        "1",
        "--escalate",
    ])
    .ok();
}
