//! Adopting a project whose stories were written without frontmatter, in
//! the forms BMAD v4, BMAD v6 and Orchestrix write them: one command takes
//! them in, then `check`, `status`, `show` and `move` work on them, with
//! the body's status and Change Log kept in step. The fixtures are written
//! here for these tests.

use crate::common::Repo;

/// Commits `files` as the project's history before git-orx.
fn project(files: &[(&str, &str)]) -> Repo {
    let repo = Repo::bare_git();
    for (path, text) in files {
        repo.write(path, text);
    }
    repo.git(&["add", "-A"]).ok();
    repo.git(&["commit", "-q", "-m", "The project before git-orx"])
        .ok();
    repo
}

/// The file at `path` is its old text with a frontmatter above it.
fn kept_below_frontmatter(repo: &Repo, path: &str, old: &str) {
    let now = repo.read(path);
    assert!(now.starts_with("---\n"), "{now}");
    assert!(now.ends_with(old), "{path}: the body changed:\n{now}");
    let front = &now[..now.len() - old.len()];
    assert!(front.ends_with("---\n"), "{front}");
}

const V4_DONE: &str = "# Story 1.1: Sign in with e-mail\n\n## Status\n\nDone\n\n## Story\n\n**As a** reader, **I want** to sign in, **so that** my shelf follows me.\n\n## Acceptance Criteria\n\n1. A reader signs in with an e-mail link.\n\n## Change Log\n\n| Date | Version | Description | Author |\n| ---- | ------- | ----------- | ------ |\n| 2026-01-01 | 1.0 | First draft | Sam |\n";
const V4_REVIEW: &str = "# Story 1.2: Sign out everywhere\n\n## Story\n\nAs a reader I end every session at once.\n\n## Tasks / Subtasks\n\n- [x] Revoke the tokens\n\n## Change Log\n\n| Date | Version | Description | Author |\n| ---- | ------- | ----------- | ------ |\n| 2026-01-02 | 1.0 | First draft | Sam |\n| 2026-01-03 | 1.1 | Implemented | Dee |\n\n## Status\n\nReady for Review\n";
const V4_APPROVED: &str = "# Story 1.3: Shelf export\n\n## Status\n\nApproved\n\n## Story\n\nAs a reader I export my shelf.\n";
const V4_NONE: &str =
    "# Story 1.4: Reading stats\n\n## Story\n\nAs a reader I see what I read this year.\n";

#[test]
fn a_bmad_v4_project_is_adopted_in_one_command_and_kept_in_step() {
    let repo = project(&[
        (
            ".bmad-core/core-config.yaml",
            "devStoryLocation: docs/stories\nprd:\n  prdSharded: true\n",
        ),
        ("docs/stories/1.1.sign-in.md", V4_DONE),
        ("docs/stories/1.2.story.md", V4_REVIEW),
        ("docs/stories/1.3.shelf-export.md", V4_APPROVED),
        ("docs/stories/1.4.stats.md", V4_NONE),
    ]);
    // Before: nothing can be read, and every command says so.
    repo.orx(&["init", "--preset", "bmad-v4"]).ok();
    repo.commit_rules("Set up git-orx");
    repo.orx(&["next"])
        .ok()
        .stderr_has(&["4 files cannot be read as items", "git orx adopt --dry-run"])
        .stdout_has(&["Nothing to do among the items that could be read."]);
    repo.orx(&["check"])
        .code(1)
        .stdout_has(&["hint: stories written without frontmatter"]);
    repo.orx(&["move", "1.3", "InProgress", "--as", "dev"])
        .fails(
            1,
            &[
                "does not start with a `---` line",
                "git orx adopt --dry-run",
            ],
        )
        .stderr_lacks(&["override"]);
    // The plan, then the adoption.
    repo.orx(&["adopt", "--dry-run"]).ok().stdout_has(&[
        "docs/stories/1.2.story.md  1.2      \"Ready for Review\" (section, line 20) -> Review",
        "docs/stories/1.4.stats.md  1.4      no status -> Draft",
        "Nothing was written",
    ]);
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    repo.orx(&["adopt", "--yes"])
        .ok()
        .stdout_has(&["adopted 4 stories"]);
    for (path, old) in [
        ("docs/stories/1.1.sign-in.md", V4_DONE),
        ("docs/stories/1.2.story.md", V4_REVIEW),
        ("docs/stories/1.3.shelf-export.md", V4_APPROVED),
        ("docs/stories/1.4.stats.md", V4_NONE),
    ] {
        kept_below_frontmatter(&repo, path, old);
    }
    // Round counters follow the state: a story in Review has had its round.
    assert!(
        repo.read("docs/stories/1.2.story.md")
            .contains("status: Review\nrounds:\n  qa: 1\n")
    );
    let log = repo.git(&["log", "-1", "--format=%B"]).stdout;
    assert!(
        log.contains("Orx-Role: human") && log.contains("Orx-Override: adopted"),
        "{log}"
    );
    repo.orx(&["check"]).ok().stdout_has(&["no problems"]);
    repo.orx(&["verify"]).ok().stdout_has(&["no violations"]);
    repo.orx(&["log", "1.2"])
        .ok()
        .stdout_has(&["(adopted) -> Review"]);
    repo.orx(&["status"])
        .ok()
        .stdout_has(&["story (4): 1 Draft, 1 Approved, 1 Review, 1 Done"]);
    repo.orx(&["show", "1.3"])
        .ok()
        .stdout_has(&["status: Approved"]);
    // A move keeps the body's status and appends to its Change Log.
    repo.orx(&["move", "1.2", "Done", "--as", "qa"]).ok();
    let text = repo.read("docs/stories/1.2.story.md");
    assert!(
        text.contains("| 2026-01-03 | 1.1 | Implemented | Dee |\n| 2026-01-02 | 1.2 | Status: Review → Done | QA |\n\n## Status\n\nDone\n"),
        "{text}"
    );
    repo.orx(&["move", "1.3", "InProgress", "--as", "dev"]).ok();
    assert!(
        repo.read("docs/stories/1.3.shelf-export.md")
            .contains("## Status\n\nInProgress\n")
    );
    repo.orx(&["check"]).ok();
    repo.orx(&["verify"]).ok();
    // A hand edit of the body's status alone is refused by the hooks, and
    // `check` names it.
    repo.edit(
        "docs/stories/1.3.shelf-export.md",
        "\nInProgress\n",
        "\nDone\n",
    );
    repo.commit_as("dev", "done, I think")
        .fails(
            1,
            &[
                "the body's status says `Done` (Done) but the story is in InProgress",
                "git orx move",
                // The hook's hint for a body-status problem, chosen by ID.
                "which keeps the body's status in step",
            ],
        )
        .stderr_lacks(&["may override"]);
    repo.orx(&["check"])
        .code(1)
        .stdout_has(&["docs/stories/1.3.shelf-export.md:11:1: the body's status says `Done`"]);
}

const V6_READY: &str = "# Story 2.1: Create an account\n\nStatus: ready-for-dev\n\n## Story\n\nAs a visitor, I want an account, so that my cart is kept.\n\n## Change Log\n\n| Date | Version | Description | Author |\n| ---- | ------- | ----------- | ------ |\n";
const V6_PROGRESS: &str = "# Story 2.2: Reset a password\n\nStatus: in-progress\n\n## Story\n\nAs a customer, I want to reset my password.\n";
const V6_DONE: &str = "# Story 2.3: Delete an account\n\nStatus: done\n\n## Story\n\nAs a customer, I want to leave.\n";

#[test]
fn a_bmad_v6_project_is_adopted_without_init_and_moves_in_lowercase() {
    let repo = project(&[
        ("docs/sprint-artifacts/2-1-create-account.md", V6_READY),
        ("docs/sprint-artifacts/2-2-reset-password.md", V6_PROGRESS),
        ("docs/sprint-artifacts/2-3-delete-account.md", V6_DONE),
        (
            "docs/sprint-artifacts/3-1-audit-log.md",
            "# Story 3.1: Audit log\n\n## Story\n\nAs an admin, I see who changed what.\n",
        ),
        (
            "docs/sprint-artifacts/tech-spec-epic-2.md",
            "# Tech Spec: Epic 2\n\nAccounts live in one table.\n",
        ),
        (
            "docs/sprint-artifacts/sprint-status.yaml",
            "development_status:\n  epic-2: contexted\n  2-1-create-account: ready-for-dev\n  3-1-audit-log: review\n",
        ),
    ]);
    repo.orx(&["adopt", "--yes"]).ok().stdout_has(&[
        "stories in docs/sprint-artifacts/ (from the usual places; files {id}-{slug}.md, ID dots written as `-`, preset bmad-v6)",
        "3.1      \"review\" (docs/sprint-artifacts/sprint-status.yaml) -> review",
        "left out docs/sprint-artifacts/tech-spec-epic-2.md: no story ID in its name or heading: not a story",
        "adopted 4 stories",
    ]);
    kept_below_frontmatter(
        &repo,
        "docs/sprint-artifacts/2-1-create-account.md",
        V6_READY,
    );
    assert!(repo.path(".git/hooks/pre-commit").exists());
    repo.orx(&["check"]).ok();
    repo.orx(&["status"]).ok().stdout_has(&[
        "ready-for-dev (Dev) 1",
        "in-progress (Dev) 1",
        "review (QA) 1",
        "done (nobody) 1",
    ]);
    repo.orx(&["move", "2.1", "in-progress", "--as", "dev"])
        .ok();
    let text = repo.read("docs/sprint-artifacts/2-1-create-account.md");
    assert!(text.contains("\nStatus: in-progress\n"), "{text}");
    assert!(
        text.ends_with("| 2026-01-02 | 1.0 | Status: ready-for-dev → in-progress | Dev |\n"),
        "{text}"
    );
    // A new story is named as the project names them.
    repo.orx(&["new", "Export data", "--epic", "2", "--as", "sm"])
        .ok()
        .stdout_has(&["docs/sprint-artifacts/2-4-export-data.md"]);
    assert!(
        repo.read("docs/sprint-artifacts/2-4-export-data.md")
            .contains("\nStatus: drafted\n")
    );
    repo.orx(&["verify"]).ok();
}

const ORX_DESIGN: &str = "# Story 1.1: 用户登录\n\n## Story\n\n```yaml\nid: \"1.1\"\nstatus: AwaitingTestDesign\ntest_design_level: Standard\n```\n\n## Dev Notes\n\nTokens expire after a day [→ docs/architecture/auth.md#tokens]\n\n## Change Log\n\n| Date | Agent | Status Transition | Details |\n|------|-------|-------------------|---------|\n| 2026-01-04 | SM | Draft → AwaitingTestDesign | quality 8.6 |\n";
const ORX_READY: &str = "# Story 1.2: 订单列表\n\n## Story\n\n```yaml\nid: \"1.2\"\nstatus: TestDesignComplete\n```\n\n## Change Log\n\n| Date | Agent | Status Transition | Details |\n|------|-------|-------------------|---------|\n";

#[test]
fn an_orchestrix_project_keeps_its_test_design_states_and_its_change_log() {
    let repo = project(&[
        ("docs/stories/1.1-用户登录.md", ORX_DESIGN),
        ("docs/stories/1.2-订单列表.md", ORX_READY),
    ]);
    repo.orx(&["init", "--preset", "orchestrix"]).ok();
    repo.commit_rules("Set up git-orx");
    repo.orx(&["adopt", "--dry-run"]).ok().stdout_has(&[
        "files {id}-{slug}.md)",
        "\"AwaitingTestDesign\" (fenced-yaml, line 7) -> AwaitingTestDesign",
    ]);
    repo.orx(&["adopt", "--yes"]).ok();
    kept_below_frontmatter(&repo, "docs/stories/1.1-用户登录.md", ORX_DESIGN);
    repo.orx(&["next", "--role", "qa"])
        .ok()
        .stdout_has(&["git orx move 1.1 TestDesignComplete --as qa"]);
    repo.orx(&[
        "move",
        "1.1",
        "TestDesignComplete",
        "--as",
        "qa",
        "-m",
        "12 cases",
    ])
    .ok();
    let text = repo.read("docs/stories/1.1-用户登录.md");
    assert!(
        text.contains("```yaml\nid: \"1.1\"\nstatus: TestDesignComplete\n"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "| 2026-01-02 | QA | AwaitingTestDesign → TestDesignComplete | 12 cases |\n"
        ),
        "{text}"
    );
    repo.orx(&["move", "1.2", "InProgress", "--as", "dev"]).ok();
    // A new story from the preset's template carries its status where
    // Orchestrix's agents look for it.
    repo.orx(&["new", "Search", "--as", "sm"])
        .ok()
        .stdout_has(&["docs/stories/1.3-search.md"]);
    assert!(
        repo.read("docs/stories/1.3-search.md")
            .contains("## Story\n\n```yaml\nid: \"1.3\"\nstatus: Draft\n")
    );
    repo.orx(&["check"]).ok();
    repo.orx(&["verify"]).ok();
}

#[test]
fn an_unmappable_status_leaves_its_story_as_it_is_until_it_is_mapped() {
    let story = "# Story 3.1: Later\n\n**Status:** `Postponed`\n";
    let review = "# Story 3.2: Search\n\n**Status:** `Review`\n";
    let repo = project(&[
        ("docs/stories/story-3.1-later.md", story),
        ("docs/stories/story-3.2-search.md", review),
    ]);
    let head = repo.git(&["rev-parse", "HEAD"]).stdout;
    repo.orx(&["adopt", "--dry-run", "--preset", "bmad-v4"])
        .ok()
        .stdout_has(&[
            "files story-{id}-{slug}.md, preset bmad-v4)",
            "status `Postponed` (bold) is not a state of the workflow",
            "fix: git orx adopt --dry-run --map Postponed=STATE --preset bmad-v4 (or leave it as it is: --skip docs/stories/story-3.1-later.md)",
            "1 to adopt, 1 to fix (left as they are), 0 left out",
        ]);
    // All or nothing: nothing.
    repo.refused(
        &["adopt", "--yes", "--preset", "bmad-v4", "--all-or-nothing"],
        1,
        &["nothing was written: some stories cannot be adopted as they are"],
    );
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    assert_eq!(repo.git(&["rev-parse", "HEAD"]).stdout, head);
    // By default what is sound is adopted; the rest stays as it was.
    repo.orx(&["adopt", "--yes", "--preset", "bmad-v4"])
        .ok()
        .stdout_has(&["adopted 1 story", "1 left as they were"]);
    assert_eq!(repo.read("docs/stories/story-3.1-later.md"), story);
    repo.orx(&[
        "adopt",
        "--yes",
        "--preset",
        "bmad-v4",
        "--map",
        "Postponed=Draft",
    ])
    .ok();
    kept_below_frontmatter(&repo, "docs/stories/story-3.1-later.md", story);
    repo.orx(&["check"]).ok();
    repo.orx(&["verify"]).ok();
    repo.orx(&["move", "3.1", "Approved", "--as", "sm"]).ok();
    assert!(
        repo.read("docs/stories/story-3.1-later.md")
            .ends_with("**Status:** `Approved`\n")
    );
}

#[test]
fn qa_gate_files_epics_and_handoff_lines_work_on_an_adopted_project() {
    let review =
        "# Story 1.1: Sign in\n\n## Status\n\nReview\n\n## Acceptance Criteria\n\n1. It works.\n";
    let done = "# Story 1.2: Sign out\n\n## Status\n\nDone\n";
    let repo = project(&[
        ("docs/stories/1.1.sign-in.md", review),
        ("docs/stories/1.2.sign-out.md", done),
        (
            "docs/qa/gates/1.2-sign-out.yml",
            "schema: 1\nstory: '1.2'\ngate: WAIVED\nstatus_reason: accepted by the product owner\n",
        ),
    ]);
    repo.orx(&["init", "--preset", "bmad-v4"]).ok();
    repo.commit_rules("Set up git-orx");
    repo.orx(&["adopt", "--yes"]).ok();
    // QA's gate writes BMAD's gate file and commits it.
    repo.orx(&[
        "gate",
        "1.1",
        "--as",
        "qa",
        "--critical",
        "0",
        "--medium",
        "1",
        "--criteria-met",
    ])
    .ok()
    .stdout_has(&[
        "gate file: docs/qa/gates/1.1-sign-in.yml (CONCERNS)",
        "Review -> Done",
    ]);
    let gate = repo.read("docs/qa/gates/1.1-sign-in.yml");
    assert!(
        gate.contains("story: \"1.1\"\n")
            && gate.contains("gate: CONCERNS\n")
            && gate.contains("severity: medium"),
        "{gate}"
    );
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    repo.orx(&["show", "1.1"])
        .ok()
        .stdout_has(&["QA gate: CONCERNS (docs/qa/gates/1.1-sign-in.yml)"]);
    repo.orx(&["show", "1.2"]).ok().stdout_has(&[
        "QA gate: WAIVED (docs/qa/gates/1.2-sign-out.yml): accepted by the product owner",
    ]);
    // Epics: the next ID in the epic, and the board of one epic.
    repo.orx(&["new", "Monthly report", "--epic", "2", "--as", "sm"])
        .ok()
        .stdout_has(&["docs/stories/2.1.monthly-report.md"]);
    repo.orx(&["new", "Yearly report", "--epic", "2", "--as", "sm"])
        .ok()
        .stdout_has(&["docs/stories/2.2.yearly-report.md"]);
    repo.orx(&["new", "Audit", "--epic", "1", "--as", "sm"])
        .ok()
        .stdout_has(&["docs/stories/1.3.audit.md"]);
    repo.orx(&["status", "--epic", "2"])
        .ok()
        .stdout_has(&["2.1      Monthly report", "story (2): 2 Draft"])
        .stdout_lacks(&["Sign in", "Audit"]);
    // Orchestrix's handoff line, as an option.
    let config = repo.read(".orx/config.yaml");
    repo.write(".orx/config.yaml", format!("{config}handoff_line: true\n"));
    repo.commit_rules("Handoff lines");
    repo.orx(&["move", "2.1", "Approved", "--as", "po"])
        .ok()
        .stdout_has(&["\n🎯 HANDOFF TO dev: *develop-story 2.1\n"]);
}

/// Files outside the repository, next to it, with their bytes.
fn outside(repo: &Repo, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = repo.path("../outside");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

/// Every file of `dir` with its bytes.
fn bytes_of(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

/// A stories' directory that is a symbolic link (or lies under one) would
/// lead adopt's writes outside the repository: the plan and the adoption
/// both refuse, naming the link, and nothing outside changes.
#[cfg(unix)]
#[test]
fn adopt_refuses_a_symlinked_stories_directory_and_leaves_the_files_outside_alone() {
    for link in ["docs/stories", "docs"] {
        let repo = project(&[("README.md", "a project\n")]);
        let target = outside(
            &repo,
            &[("1.1.sign-in.md", V4_DONE), ("1.2.story.md", V4_REVIEW)],
        );
        let target = if link == "docs" {
            let docs = repo.path("../outside-docs");
            std::fs::create_dir_all(&docs).unwrap();
            std::os::unix::fs::symlink(&target, docs.join("stories")).unwrap();
            docs
        } else {
            std::fs::create_dir_all(repo.path("docs")).unwrap();
            target
        };
        std::os::unix::fs::symlink(&target, repo.path(link)).unwrap();
        let before = bytes_of(&repo.path("../outside"));
        for args in [&["adopt", "--dry-run"][..], &["adopt", "--yes"]] {
            repo.refused(
                args,
                1,
                &[
                    &format!("{link} is a symbolic link"),
                    "replace the link by the directory itself",
                    "nothing was written",
                ],
            );
        }
        assert_eq!(bytes_of(&repo.path("../outside")), before);
        assert!(!repo.path(".orx").exists());
    }
}

/// A story that is a symbolic link, or a file with other hard links, is a
/// problem the plan shows: adopting would rewrite the file it leads to,
/// or cut it off from its other names. They are left as they are; the
/// rest is adopted.
#[cfg(unix)]
#[test]
fn adopt_refuses_symlinked_and_hard_linked_story_files() {
    let repo = project(&[("docs/stories/1.3.shelf-export.md", V4_APPROVED)]);
    let dir = outside(
        &repo,
        &[("1.1.sign-in.md", V4_DONE), ("1.2.story.md", V4_REVIEW)],
    );
    std::os::unix::fs::symlink(
        dir.join("1.1.sign-in.md"),
        repo.path("docs/stories/1.1.sign-in.md"),
    )
    .unwrap();
    std::fs::hard_link(
        dir.join("1.2.story.md"),
        repo.path("docs/stories/1.2.story.md"),
    )
    .unwrap();
    let before = bytes_of(&dir);
    for args in [&["adopt", "--dry-run"][..], &["adopt", "--yes"]] {
        repo.orx(args).ok().stdout_has(&[
            "1.1.sign-in.md",
            "is a symbolic link",
            "replace the link by the file itself",
            "has 2 hard links",
            "make it a file of its own",
            "--skip docs/stories/1.2.story.md",
        ]);
    }
    assert_eq!(bytes_of(&dir), before);
    assert!(
        repo.read("docs/stories/1.3.shelf-export.md")
            .starts_with("---\n")
    );
}

/// A story git ignores would be refused by the commit after the writes:
/// adopt refuses it when it plans, naming the file and the rule, with
/// nothing written and nothing staged.
#[test]
fn adopt_refuses_an_ignored_story_before_writing_or_staging() {
    let repo = project(&[
        (".gitignore", "docs/stories/1.2.*\n"),
        ("docs/stories/1.1.sign-in.md", V4_DONE),
    ]);
    repo.write("docs/stories/1.2.story.md", V4_REVIEW);
    for args in [&["adopt", "--dry-run"][..], &["adopt", "--yes"]] {
        repo.refused(
            args,
            1,
            &[
                "docs/stories/1.2.story.md is ignored by git (.gitignore:1:docs/stories/1.2.*)",
                "nothing was written",
            ],
        );
    }
    assert_eq!(repo.read("docs/stories/1.2.story.md"), V4_REVIEW);
    assert_eq!(repo.read("docs/stories/1.1.sign-in.md"), V4_DONE);
    assert_eq!(repo.git(&["diff", "--cached", "--name-only"]).stdout, "");
    assert!(!repo.path(".orx").exists());
}

/// BMAD v4's `core-config.yaml` names the stories' folder even when the
/// file is not valid YAML as a whole (a list appended at its end), and in
/// another case than the folder has on disk: adopt reads the key that
/// parses and finds the folder as the file system has it.
#[test]
fn stories_are_found_by_a_config_with_a_broken_tail_in_any_case() {
    let repo = project(&[
        (
            ".bmad-core/core-config.yaml",
            "devStoryLocation: docs/stories\nslashPrefix: BMad\n- stray: [unclosed\n",
        ),
        ("Docs/Stories/1.1.sign-in.md", V4_DONE),
        ("docs-stories/1.9.decoy.md", V4_APPROVED),
    ]);
    repo.orx(&["adopt", "--dry-run"]).ok().stdout_has(&[
        "stories in Docs/Stories/ (from .bmad-core/core-config.yaml devStoryLocation: docs/stories; files {id}.{slug}.md, preset bmad-v4)",
        "Docs/Stories/1.1.sign-in.md  1.1      \"Done\" (section, line 5) -> Done",
    ]);
    repo.orx(&["adopt", "--yes"]).ok();
    assert!(
        repo.read(".orx/config.yaml")
            .contains("stories: Docs/Stories")
    );
    repo.orx(&["check"]).ok();
}

/// BMAD v6 writes `story_location` in `sprint-status.yaml`, often as the
/// absolute path of the machine it ran on: the part of it that is in the
/// repository is the folder.
#[test]
fn bmad_v6s_story_location_is_read_from_sprint_status_written_elsewhere() {
    let repo = project(&[
        (
            "docs/sprint-status.yaml",
            "story_location: C:\\Users\\ana\\shop\\planning\\work\ndevelopment_status:\n  1-1-cart: in_progress\n",
        ),
        (
            "planning/work/1-1-cart.md",
            "# Story 1.1: Cart\n\nStatus: in_progress (v3 — sesión 38)\n\n## Story\n\nAs a buyer I keep a cart.\n",
        ),
        (
            "planning/work/epic-1-retro-2026-01-10.md",
            "# Retrospectiva — Épica 1\n\nStatus das stories: 1/1\n",
        ),
    ]);
    repo.orx(&["adopt", "--dry-run"]).ok().stdout_has(&[
        "stories in planning/work/ (from docs/sprint-status.yaml story_location: C:\\Users\\ana\\shop\\planning\\work; files {id}-{slug}.md, ID dots written as `-`, preset bmad-v6)",
        "\"in_progress (v3 — sesión 38)\" (line, line 3) -> in-progress",
        "left out planning/work/epic-1-retro-2026-01-10.md: no story ID in its name or heading: not a story",
    ]);
}

/// Finding no story is no successful "Adopt 0 stories": adopt refuses,
/// naming every place it searched and what to pass; with `--dir` it
/// finds them.
#[test]
fn finding_no_story_is_a_refusal_naming_every_place_searched() {
    let repo = project(&[("README.md", "# Shop\n"), ("notes/1.1.cart.md", V4_DONE)]);
    for args in [&["adopt", "--dry-run"][..], &["adopt", "--yes"]] {
        repo.refused(
            args,
            1,
            &[
                "no story files found; searched: docs/stories (the usual places: not there)",
                "say where the stories are: git orx adopt --dir DIR --dry-run",
            ],
        );
    }
    let json = repo.orx(&["adopt", "--dry-run", "--json"]);
    assert_eq!(json.code, 1, "{}", json.render());
    assert!(json.stdout.contains("\"searched\""), "{}", json.stdout);
    repo.orx(&["adopt", "--dir", "notes", "--yes"])
        .ok()
        .stdout_has(&["stories in notes/ (from asked;", "adopted 1 story"]);
}

/// A story in a legacy encoding is left as it is, with the reason and what
/// to do; the rest of the project is adopted.
#[test]
fn a_story_that_is_not_utf8_is_left_as_it_is_and_the_rest_adopted() {
    let repo = project(&[("docs/stories/1.1.sign-in.md", V4_DONE)]);
    let latin1: &[u8] = b"# Story 1.2: Caf\xe9\n\n## Status\n\nDraft\n";
    std::fs::write(repo.path("docs/stories/1.2.cafe.md"), latin1).unwrap();
    repo.git(&["add", "-A"]).ok();
    repo.git(&["commit", "-q", "-m", "A latin-1 story"]).ok();
    repo.orx(&["adopt", "--yes"]).ok().stdout_has(&[
        "problem: is not valid UTF-8 (a legacy encoding?): it is left as it is",
        "fix: git orx adopt --dry-run --skip docs/stories/1.2.cafe.md (or fix the file)",
        "adopted 1 story",
        "1 left as they were",
    ]);
    assert_eq!(
        std::fs::read(repo.path("docs/stories/1.2.cafe.md")).unwrap(),
        latin1
    );
    kept_below_frontmatter(&repo, "docs/stories/1.1.sign-in.md", V4_DONE);
}

/// A story with a frontmatter of its own keeps it: adopt merges its
/// fields in (no second block), and says when the frontmatter, the body
/// and sprint-status.yaml disagree, with the value it chose.
#[test]
fn a_frontmatter_is_merged_into_and_disagreements_are_said() {
    let story = "---\nbaseline_commit: 07f8c16\nstatus: in-progress\n---\n# Story 0.10: Testing foundation\n\n## Story Details\n\n- Epic: 0\n- Status: review\n\n## Story\n\nAs a developer I test.\n";
    let repo = project(&[
        (
            "_bmad-output/implementation-artifacts/0-10-testing-foundation.md",
            story,
        ),
        (
            "_bmad-output/implementation-artifacts/sprint-status.yaml",
            "development_status:\n  0-10-testing-foundation: done\n",
        ),
    ]);
    repo.orx(&["adopt", "--dry-run"]).ok().stdout_has(&[
        "0.10     \"review\" (line, line 10) -> review",
        "note: frontmatter says `in-progress`; the body says otherwise: review chosen, as the story's own word",
        "note: _bmad-output/implementation-artifacts/sprint-status.yaml says `done`; the body says otherwise: review chosen",
    ]);
    repo.orx(&["adopt", "--yes"]).ok();
    let now = repo.read("_bmad-output/implementation-artifacts/0-10-testing-foundation.md");
    assert_eq!(now.matches("---\n").count(), 2, "{now}");
    assert!(
        now.starts_with("---\nbaseline_commit: 07f8c16\nstatus: review\n"),
        "{now}"
    );
    assert!(
        now.contains("kind: story\n") && now.contains("id: \"0.10\"\n"),
        "{now}"
    );
    assert!(
        now.ends_with(&story[story.find("# Story").unwrap()..]),
        "{now}"
    );
    repo.orx(&["check"]).ok();
}

/// After adoption a move rewrites every place the body writes the status:
/// the `## Status` section and the `status:` of a fenced yaml block.
#[test]
fn a_move_rewrites_every_place_the_status_is_written() {
    let story = "# Story 1.3: Export\n\n## Status\n\nApproved ✅\n\n## Story\n\n```yaml\nid: 1.3\nstatus: Approved\n```\n\nAs a reader I export.\n";
    let repo = project(&[("docs/stories/1.3.export.md", story)]);
    repo.orx(&["adopt", "--yes", "--preset", "bmad-v4"]).ok();
    repo.orx(&["move", "1.3", "InProgress", "--as", "dev"]).ok();
    let now = repo.read("docs/stories/1.3.export.md");
    assert!(now.contains("## Status\n\nInProgress ✅\n"), "{now}");
    assert!(
        now.contains("```yaml\nid: 1.3\nstatus: InProgress\n```"),
        "{now}"
    );
    repo.orx(&["check"]).ok();
    // A hand edit of one place alone is seen.
    repo.edit(
        "docs/stories/1.3.export.md",
        "status: InProgress\n```",
        "status: Done\n```",
    );
    repo.orx(&["check"])
        .code(1)
        .stdout_has(&["the body's status says `Done` (Done) in its fenced-yaml but `InProgress` in its section, the story's state: write `InProgress` in each place"]);
}

/// `--json` gives the plan as data: per file what was read, from where and
/// what was chosen, and each document left out with its reason.
#[test]
fn the_json_plan_says_what_was_read_from_where_and_what_was_left_out() {
    let repo = project(&[
        ("docs/stories/1.1.sign-in.md", V4_DONE),
        (
            "docs/stories/1.1.sign-in-summary.md",
            "# Story 1.1: Sign in - Implementation Summary\n\n**Status**: ✅ COMPLETE\n",
        ),
    ]);
    let run = repo.orx(&["adopt", "--dry-run", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let e = &v["plan"]["entries"][0];
    assert_eq!(e["path"], "docs/stories/1.1.sign-in.md");
    assert_eq!(
        (&e["found"], &e["read"], &e["form"], &e["line"], &e["state"]),
        (
            &serde_json::json!("Done"),
            &serde_json::json!("Done"),
            &serde_json::json!("section"),
            &serde_json::json!(5),
            &serde_json::json!("Done")
        )
    );
    let left = &v["plan"]["left_out"][0];
    assert_eq!(left["path"], "docs/stories/1.1.sign-in-summary.md");
    assert_eq!(
        left["reason"],
        "story 1.1 is docs/stories/1.1.sign-in.md; this is another file for it: its heading names a summary"
    );
}

/// A project whose story files are named both ways, `1.1.slug.md` and
/// `1.2-slug.md`, is adopted with each story's own ID (the one its heading
/// names), not a shorter one read from the other way of writing the name;
/// a frontmatter's quoted `id:` is kept as it was written.
#[test]
fn story_files_named_both_ways_keep_the_id_their_heading_names() {
    let with_front = "---\nid: \"1.4\"\ntitle: \"Reading stats\"\nstatus: Done\n---\n\n# Story 1.4: Reading stats\n\n## Story\n\nAs a reader I see what I read this year.\n";
    let repo = project(&[
        ("docs/stories/1.1.sign-in.md", V4_DONE),
        ("docs/stories/1.2-sign-out.md", V4_REVIEW),
        ("docs/stories/1.3.shelf-export.md", V4_APPROVED),
        ("docs/stories/1.4-reading-stats.md", with_front),
    ]);
    let plan = repo.orx(&["adopt", "--dry-run", "--preset", "bmad-v4"]);
    plan.ok().stdout_has(&[
        "docs/stories/1.2-sign-out.md  1.2 ",
        "docs/stories/1.4-reading-stats.md  1.4 ",
    ]);
    assert!(!plan.stdout.contains("its heading says"), "{}", plan.stdout);
    repo.orx(&["adopt", "--yes", "--preset", "bmad-v4"]).ok();
    assert!(
        repo.read("docs/stories/1.4-reading-stats.md")
            .contains("\nid: \"1.4\"\n"),
        "{}",
        repo.read("docs/stories/1.4-reading-stats.md")
    );
    repo.orx(&["check"]).ok();
    repo.orx(&["show", "1.2"]).ok();
}

/// An early stub of a story left beside the story written out (`3.2-editor.md`
/// beside `3.2.editor.md`) is left out as another file for it, whichever
/// name sorts first: the fuller file is the story.
#[test]
fn an_early_stub_beside_its_story_is_left_out_not_the_story() {
    let stub = "# Story 1.2: Editor\n\n## Status\n\nDraft\n\n## Story\n\nAs a writer I edit.\n";
    let full = "# Story 1.2: Editor\n\n## Status\n\nDone\n\n## Story\n\nAs a writer I edit my script, with undo.\n\n## Acceptance Criteria\n\n1. Edits are saved.\n2. Undo goes back one edit.\n\n## Tasks\n\n- [x] Editor\n- [x] Undo\n";
    let repo = project(&[
        ("docs/stories/1.1.sign-in.md", V4_DONE),
        ("docs/stories/1.2-editor.md", stub),
        ("docs/stories/1.2.editor.md", full),
    ]);
    repo.orx(&["adopt", "--dry-run", "--preset", "bmad-v4"])
        .ok()
        .stdout_has(&[
            "docs/stories/1.2.editor.md  1.2 ",
            "left out docs/stories/1.2-editor.md: story 1.2 is docs/stories/1.2.editor.md; this is another file for it",
        ]);
}

/// A story whose yaml block was left at an earlier state below the
/// `## Status` kept up to date is read by its section, and left as it is
/// with what to write where (a move would not mend the body).
#[test]
fn a_yaml_block_left_behind_its_status_section_is_said_with_its_fix() {
    let story = "# Story 3.2: Carousel\n\n## Status\n\nReview\n\n## Story\n\n```yaml\nStory:\n  id: 3.2\n  status: Approved\n```\n\nAs a visitor I see the news.\n";
    let repo = project(&[("docs/stories/3.2-carousel.md", story)]);
    repo.orx(&["adopt", "--dry-run", "--preset", "orchestrix"])
        .code(1)
        .stdout_has(&[
            "3.2      \"Review\" (section, line 5) -> Review",
            "problem: the body's status says `Approved` (Approved) in its fenced-yaml but `Review` in its section, the story's state: write `Review` in each place (a move then keeps them in step)",
        ]);
}
