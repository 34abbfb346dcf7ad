//! `lang: zh`: command output, headings, refusals, hints and handoffs in
//! Chinese, each naming its item; `--lang` for one call.

use crate::common::Repo;

/// Two blocked stories and an approved one, in a repository set to zh.
fn zh_repo() -> Repo {
    let repo = Repo::new();
    repo.set_lang("zh");
    for title in ["A", "B"] {
        repo.orx(&["new", title, "--as", "sm"]).ok();
    }
    for id in ["1.1", "1.2"] {
        repo.orx(&["assess", id, "--score", "9", "--as", "sm"]).ok();
    }
    repo.story("C", &["--score", "9"]);
    repo
}

#[test]
fn zh_status_names_every_story() {
    let repo = zh_repo();
    insta::assert_snapshot!(repo.orx(&["status"]).render(), @r#"
        exit: 0
        --- stdout
        Blocked (SM) 2
          1.1      A
                   Story 被阻塞,需要 SM 修订后重新提交
          1.2      B
                   Story 被阻塞,需要 SM 修订后重新提交
        Approved (Dev) 1
          1.3      C
                   Next: Dev 请执行命令 `implement-story 1.3`
                   Next: Dev 请执行 `git orx move 1.3 InProgress --as dev`,然后实现 Story
        story（3 个）: 2 Blocked, 1 Approved
        "#);
}

#[test]
fn zh_next_names_every_story() {
    let repo = zh_repo();
    insta::assert_snapshot!(repo.orx(&["next"]).render(), @r#"
    exit: 0
    --- stdout
    SM
      Story 被阻塞,需要 SM 修订后重新提交
        运行: git orx story assess 1.1 --as sm --score N [options]
      Story 被阻塞,需要 SM 修订后重新提交
        运行: git orx story assess 1.2 --as sm --score N [options]
    Dev
      Next: Dev 请执行命令 `implement-story 1.3`
      Next: Dev 请执行 `git orx move 1.3 InProgress --as dev`,然后实现 Story
        运行: git orx move 1.3 InProgress --as dev [options]
    "#);
}

#[test]
fn zh_refusal_and_its_hint() {
    let repo = zh_repo();
    insta::assert_snapshot!(repo.orx(&["move", "1.3", "InProgress", "--as", "qa"]).render(), @r#"
    exit: 1
    --- stderr
    错误: 已拒绝: QA 无权将 story 1.3 从 Approved 移到 InProgress
      负责角色: Dev
    提示: 请以 Dev 身份执行 (--as dev),或由 Human 以 --force --reason TEXT 覆盖
    "#);
    insta::assert_snapshot!(repo.orx(&["move", "1.1", "Approved", "--as", "sm"]).render(), @r#"
    exit: 1
    --- stderr
    错误: 已拒绝: story 1.1 不能从 Blocked 移到 Approved: 2 个前置条件未满足
      - 结构验证完整 (100%) — 实际: quality.structure = 0
      - 技术提取至少 80% — 实际: quality.extraction = 0
    提示: `git orx show 1.1` 列出当前允许的转换及各自的条件
    "#);
}

#[test]
fn zh_handoff_of_a_change() {
    let repo = zh_repo();
    insta::assert_snapshot!(repo.orx(&["move", "1.3", "InProgress", "--as", "dev"]).render(), @r#"
    exit: 0
    --- stdout
    story 1.3: Approved -> InProgress (Dev) [<commit>]
    Next: Dev 请执行命令 `implement-story 1.3`
    Next: Dev 请实现 Story,然后 `git orx move 1.3 Review --as dev`
    "#);
}

#[test]
fn lang_flag_overrides_the_config_for_one_call() {
    let repo = zh_repo();
    let en = repo.orx(&["next", "--lang", "en", "--role", "sm"]);
    assert_eq!(
        en.ok().stdout,
        "SM\n  Story 1.1 is blocked: the SM must revise it and submit it again\n    run: git orx story assess 1.1 --as sm --score N [options]\n  Story 1.2 is blocked: the SM must revise it and submit it again\n    run: git orx story assess 1.2 --as sm --score N [options]\n"
    );
    // The config is untouched: the next call is in Chinese again.
    assert!(
        repo.orx(&["next", "--role", "sm"])
            .stdout
            .contains("被阻塞")
    );
    let repo = Repo::new();
    repo.orx(&["new", "A", "--as", "sm"]).ok();
    let out = repo.orx(&["--lang", "zh", "status"]);
    assert!(
        out.ok().stdout.contains("story（1 个）: 1 Draft"),
        "{}",
        out.render()
    );
    let refused = repo.orx(&["move", "1.1", "Done", "--as", "dev", "--lang", "zh"]);
    assert!(
        refused.code(1).stderr.starts_with("错误: 已拒绝:"),
        "{}",
        refused.render()
    );
}

/// Regression: a file not named for its ID was said in English whatever
/// the language (`check`, and the hook's refusal).
#[test]
fn zh_a_story_not_named_for_its_id_is_said_in_chinese() {
    let repo = Repo::new();
    repo.set_lang("zh");
    let path = "docs/stories/1.9.renamed.md";
    repo.write(
        path,
        "---\nkind: story\nid: \"1.8\"\ntitle: Renamed\nstatus: Draft\n---\n",
    );
    let out = repo.orx(&["check", path]);
    assert!(
        out.stdout.contains("必须放在以其 ID 命名的文件中")
            || out.stderr.contains("必须放在以其 ID 命名的文件中"),
        "{}",
        out.render()
    );
    assert!(
        !out.render().contains("must be in a file named"),
        "{}",
        out.render()
    );
}

/// A file's problems the document and type checks find are said in
/// Chinese: an empty frontmatter, a field of the wrong type. They were
/// English texts made into messages as they were.
#[test]
fn zh_an_empty_frontmatter_and_a_wrongly_typed_field_are_said_in_chinese() {
    let repo = Repo::new();
    repo.set_lang("zh");
    let empty = "docs/stories/1.1.empty.md";
    repo.write(empty, "---\n---\n# Empty\n");
    let out = repo.orx(&["check", empty]);
    let said = out.render();
    assert!(said.contains("frontmatter 是空的"), "{said}");
    assert!(!said.contains("the frontmatter is empty"), "{said}");
    let typed = "docs/stories/1.2.typed.md";
    repo.write(
        typed,
        "---\nkind: story\nid: \"1.2\"\ntitle: Typed\nstatus: Draft\nquality: {score: high}\n---\n",
    );
    let out = repo.orx(&["check", typed]);
    let said = out.render();
    assert!(said.contains("必须是数字"), "{said}");
    assert!(!said.contains("must be a number"), "{said}");
}

/// `resolve`'s list of what still conflicts is said in Chinese: it was
/// worded in English by hand (`the state: ... (ours) or ... (theirs)`).
#[test]
fn zh_resolve_says_what_still_conflicts_in_chinese() {
    let repo = Repo::new();
    repo.set_lang("zh");
    let id = repo.story("Sign in", &[]);
    repo.git(&["branch", "other"]).ok();
    repo.orx(&["assess", &id, "--score", "9", "--as", "sm"])
        .ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["assess", &id, "--score", "3", "--as", "sm"])
        .ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git_env(&["merge", "--no-edit", "other"], &[("ORX_ROLE", "human")])
        .code(1);
    let out = repo.orx(&["resolve", &id, "--state", "Done"]);
    out.fails(2, &["仍有冲突", "状态: ", "请给出 --state"]);
    for english in ["the state", "(ours) or", "give --"] {
        assert!(!out.stderr.contains(english), "{}", out.render());
    }
}

/// `assess`'s refusals of its arguments are said in Chinese: an unknown
/// complexity indicator (worded by its parser in English) and a reason
/// without an override (worded by the command in English).
#[test]
fn zh_assess_refuses_its_arguments_in_chinese() {
    let repo = Repo::new();
    repo.set_lang("zh");
    let id = repo.story("Sign in", &[]);
    let out = repo.orx(&[
        "assess",
        &id,
        "--score",
        "9",
        "--complexity",
        "bogus",
        "--as",
        "sm",
    ]);
    out.fails(2, &["未知的复杂度指标 `bogus`", "可用: api-contract"]);
    assert!(
        !out.stderr.contains("unknown complexity"),
        "{}",
        out.render()
    );
    let out = repo.orx(&["assess", &id, "--score", "9", "--reason", "x", "--as", "sm"]);
    out.fails(2, &["--reason 用于说明"]);
    assert!(
        !out.stderr.contains("explains an override"),
        "{}",
        out.render()
    );
}

/// `init` in zh names the commit message and the example title it
/// suggests in Chinese, not only the line before them; a change of
/// language suggests the Human's commit message in the new language.
#[test]
fn zh_init_suggests_its_commit_message_and_example_title_in_chinese() {
    let repo = Repo::bare_git();
    let out = repo.orx(&["init", "--lang", "zh", "--no-hooks"]);
    out.ok();
    let tail: Vec<&str> = out.stdout.lines().skip_while(|l| !l.is_empty()).collect();
    insta::assert_snapshot!(tail.join("\n"), @r#"

    下一步: 提交设置,然后创建一个 Story:
      git add .orx && git commit -m '设置 git-orx'
      git orx new "深色模式开关" --example --as sm
    "#);
    repo.commit_rules("设置 git-orx");
    // The suggested title makes a story.
    repo.orx(&["new", "深色模式开关", "--example", "--as", "sm"])
        .ok();
    // A change of language is said in the new language.
    repo.orx(&["init", "--lang", "en", "--no-hooks"])
        .ok()
        .stdout_has(&[
            "Next: the new language takes effect once committed, by the Human:",
            "git -c orx.role=human commit -m 'git-orx: change the language'",
        ]);
    // (and from English to Chinese: test_first_hour's
    // init_lang_zh_says_the_change_takes_effect_once_committed)
}
