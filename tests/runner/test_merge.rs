//! Items merged across branches by git itself, through the merge driver
//! `init` sets up: independent changes to one item merge cleanly; two
//! different states are a conflict that names the item, both states and
//! the command that resolves it; the merged result is judged like any
//! change.

use crate::common::{GOOD, Repo};

/// A repository with story 1.1 (Draft, written and committed) and a
/// branch `other` made from that commit.
fn with_story() -> (Repo, String) {
    let repo = Repo::new();
    let id = repo.story("Sign in", &[]);
    repo.git(&["branch", "other"]).ok();
    (repo, id)
}

/// Story 1.2 made on main ("Export as CSV") and on `other` ("Search by
/// tag"): two items, one ID. Back on main.
fn one_id_on_two_branches() -> Repo {
    let (repo, _) = with_story();
    repo.orx(&["new", "Export as CSV", "--as", "sm"]).ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["new", "Search by tag", "--as", "sm"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo
}

/// Story `id` moved to Approved on main and to Blocked on `other` (a good
/// and a failing quality check). Back on main.
fn approved_here_blocked_there(repo: &Repo, id: &str) {
    let mut assess = vec!["assess", id, "--as", "sm"];
    assess.extend_from_slice(GOOD);
    repo.orx(&assess).ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["assess", id, "--as", "sm", "--score", "3"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
}

fn merge_other(repo: &Repo) -> crate::common::Run {
    repo.git_env(&["merge", "--no-edit", "other"], &[("ORX_ROLE", "human")])
}

#[test]
fn init_sets_up_the_merge_driver_and_hooks_status_says_so() {
    let repo = Repo::new();
    let attributes = repo.git(&["rev-parse", "--git-path", "info/attributes"]);
    let text = std::fs::read_to_string(repo.path(attributes.stdout.trim())).unwrap();
    assert!(text.contains("docs/stories/*.md merge=orx"), "{text}");
    assert_eq!(
        repo.git(&["config", "merge.orx.driver"]).stdout.trim(),
        "git-orx merge-file %O %A %B %P %X %Y"
    );
    repo.orx(&["hooks", "status"])
        .ok()
        .stdout_has(&["merge=orx", "installed"]);
    repo.git(&["config", "--unset", "merge.orx.driver"]).ok();
    repo.orx(&["hooks", "status"])
        .stdout_has(&["merge=orx", "missing: item files merge as plain text"]);
    repo.orx(&["check"])
        .ok()
        .stderr_has(&["this clone has no merge driver for item files"]);
    repo.orx(&["hooks", "install"]).ok();
    repo.orx(&["hooks", "status"])
        .ok()
        .stdout_has(&["merge=orx", "installed"]);
}

#[test]
fn a_title_changed_on_one_branch_and_a_move_on_another_merge_cleanly() {
    let (repo, id) = with_story();
    let path = repo.story_path(&id);
    // Our side moves the story; theirs renames it (adjacent lines).
    let mut assess = vec!["assess", id.as_str(), "--as", "sm"];
    assess.extend_from_slice(GOOD);
    repo.orx(&assess).ok();
    let ours = repo.read(&path);
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.edit(&path, "title: Sign in", "title: Sign in with a passkey");
    repo.commit_as("sm", "Rename the story").ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    merge_other(&repo).ok();
    let merged = repo.read(&path);
    assert_eq!(
        merged,
        ours.replace("title: Sign in", "title: Sign in with a passkey")
    );
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    repo.orx(&["verify", "--all"]).ok();
}

#[test]
fn two_states_conflict_name_the_item_and_one_command_resolves_it() {
    let (repo, id) = with_story();
    let path = repo.story_path(&id);
    let mut assess = vec!["assess", id.as_str(), "--as", "sm"];
    assess.extend_from_slice(GOOD);
    repo.orx(&assess).ok();
    let approved = repo.read(&path);
    let state = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("status: "))
            .unwrap()
            .to_owned()
    };
    let ours = state(&approved);
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["assess", &id, "--as", "sm", "--score", "3"])
        .ok();
    let theirs = state(&repo.read(&path));
    assert_ne!(ours, theirs);
    repo.git(&["checkout", "-q", "main"]).ok();
    let out = merge_other(&repo);
    out.code(1);
    let short = |rev: &str| {
        repo.git(&["rev-parse", "--short", rev])
            .stdout
            .trim()
            .to_owned()
    };
    let said = format!(
        "story {id}: the state is {ours} in HEAD ({}) and {theirs} in other ({}); choose one with `git orx resolve {id} --state {ours}` (or `--state {theirs}`)",
        short("HEAD"),
        short("other")
    );
    assert!(out.stderr.contains(&said), "{}", out.render());
    let text = repo.read(&path);
    assert!(
        text.contains(&format!(
            "<<<<<<< HEAD\nstatus: {ours}\n=======\nstatus: {theirs}\n>>>>>>> other\n"
        )),
        "{text}"
    );
    // `status` and `next` name the conflict and the command that ends it,
    // not a parse error.
    let named = format!(
        "story {id}: the state is {ours} in HEAD ({}) and {theirs} in MERGE_HEAD ({}); choose one with `git orx resolve {id} --state {ours}` (or `--state {theirs}`)",
        short("HEAD"),
        short("other")
    );
    let status = repo.orx(&["status"]);
    assert!(status.render().contains(&named), "{}", status.render());
    let next = repo.orx(&["next"]);
    assert!(next.render().contains(&named), "{}", next.render());
    // A state neither side has is no choice.
    repo.orx(&["resolve", &id, "--state", "Done"])
        .fails(2, &["still conflicts", "give --state"]);
    repo.orx(&["resolve", &id, "--state", &ours])
        .ok()
        .stdout_has(&["resolved"]);
    assert_eq!(repo.read(&path), approved);
    repo.git_env(&["commit", "--no-edit"], &[("ORX_ROLE", "human")])
        .ok();
    repo.orx(&["verify", "--all"]).ok();
}

#[test]
fn a_loop_file_changed_on_two_branches_merges_field_by_field() {
    let repo = Repo::new();
    let id = repo.new_login_loop();
    let path = format!(".loop/{id}.json");
    let base = repo.read(&path);
    repo.git(&["branch", "other"]).ok();
    // The dashboard (the human role) raises the iteration cap on one
    // branch; the
    // description is reworded on the other (adjacent lines).
    assert!(base.contains("\"max_iterations\": 10"), "{base}");
    repo.edit(&path, "\"max_iterations\": 10", "\"max_iterations\": 12");
    repo.git(&["add", &path]).ok();
    repo.commit_as("human", "more iterations").ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.edit(&path, "\"Add login\"", "\"Add login, with a passkey\"");
    repo.git(&["add", &path]).ok();
    repo.commit_as("human", "reworded").ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    merge_other(&repo).ok();
    let merged = repo.read(&path);
    assert_eq!(
        merged,
        base.replace("\"max_iterations\": 10", "\"max_iterations\": 12")
            .replace("\"Add login\"", "\"Add login, with a passkey\"")
    );
    repo.orx(&["verify", "--all"]).ok();
}

/// `status --branches`: one column per branch (a worktree's named with
/// its path), items only some branches have and states that differ
/// marked; the same as data with `--json`.
#[test]
fn status_across_branches_shows_each_items_state_on_each_branch() {
    let (repo, id) = with_story();
    let mut assess = vec!["assess", id.as_str(), "--as", "sm"];
    assess.extend_from_slice(GOOD);
    repo.orx(&assess).ok();
    // An agent's worktree on its own branch, with a story of its own.
    let wt = repo.path("../agent-1");
    repo.git(&[
        "worktree",
        "add",
        "-q",
        "-b",
        "agent-1",
        wt.to_str().unwrap(),
        "other",
    ])
    .ok();
    let out = repo
        .command(crate::common::bin())
        .current_dir(&wt)
        .args(["new", "Export as CSV", "--as", "sm"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let view = repo.orx(&["status", "--branches"]);
    view.ok().stdout_has(&[
        "[1] agent-1 (worktree ",
        "[2] main (worktree ",
        "[3] other",
        &format!("story {id}  Draft  Approved  Draft ← states differ"),
        "story 1.2  Draft  -         - ← not on every branch",
        "2 items on 3 branches: 1 with states that differ, 1 not on every branch",
    ]);
    let json = repo.orx(&["status", "--branches", "--json"]);
    json.ok();
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["across"]["branches"][1]["name"], "main", "{v}");
    assert_eq!(v["across"]["items"][0]["states"][1], "Approved", "{v}");
    assert_eq!(v["across"]["items"][0]["disagree"], true, "{v}");
    assert_eq!(v["across"]["items"][1]["partial"], true, "{v}");
}

/// Two branches each make story 1.2: the merge is refused with the one
/// command that fixes it, `renumber`, which gives the story added later
/// the next free ID in the merge commit; `verify --all` is clean.
#[test]
fn two_branches_making_one_id_are_fixed_by_renumber_in_the_merge() {
    let repo = one_id_on_two_branches();
    let out = merge_other(&repo);
    out.code(1);
    assert!(
        out.stderr
            .contains("an ID may be used once: `ORX_ROLE=human git orx renumber story:1.2` gives the one added later the next free ID"),
        "{}",
        out.render()
    );
    repo.orx(&["renumber", "story:1.2", "--as", "dev"])
        .fails(2, &["only by the Human"]);
    repo.orx(&["renumber", "story:1.2", "--dry-run"])
        .ok()
        .stdout_has(&["would renumber story 1.2 -> 1.3"]);
    repo.orx(&["renumber", "story:1.2", "--as", "human"])
        .ok()
        .stdout_has(&["renumbered story 1.2 -> 1.3"]);
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    let parents = repo.git(&["rev-list", "--parents", "-1", "HEAD"]);
    assert_eq!(
        parents.stdout.split_whitespace().count(),
        3,
        "a merge commit"
    );
    let files = repo.git(&["ls-files", "docs/stories"]).stdout;
    assert_eq!(
        files,
        "docs/stories/1.1.sign-in.md\ndocs/stories/1.2.export-as-csv.md\ndocs/stories/1.3.search-by-tag.md\n"
    );
    let moved = repo.read("docs/stories/1.3.search-by-tag.md");
    assert!(
        moved.contains("id: \"1.3\"") || moved.contains("id: 1.3"),
        "{moved}"
    );
    repo.orx(&["verify", "--all"]).ok();
    repo.orx(&["show", "1.3"])
        .ok()
        .stdout_has(&["Search by tag"]);
}

/// Eight agents, each in its own worktree and branch, make and move a
/// story at the same time; their branches are merged into main one after
/// another. Every merge is clean or fixed by the one command the refusal
/// names (`renumber`), nothing is lost, and `verify --all` is clean.
#[test]
fn eight_agents_in_eight_worktrees_merge_into_main() {
    let (repo, _) = with_story();
    let mut trees = Vec::new();
    for i in 0..8 {
        let wt = repo.path(&format!("../agent-{i}"));
        repo.git(&[
            "worktree",
            "add",
            "-q",
            "-b",
            &format!("agent-{i}"),
            wt.to_str().unwrap(),
            "main",
        ])
        .ok();
        trees.push(wt);
    }
    // All at once: each makes a story from the example and moves it.
    let script = "git-orx new \"Story of $AGENT\" --example --as sm >/dev/null && \
                  git-orx assess 1.2 --as sm --score 8.5 >/dev/null";
    let children: Vec<_> = trees
        .iter()
        .enumerate()
        .map(|(i, wt)| {
            repo.command("sh")
                .current_dir(wt)
                .args(["-c", script])
                .env("AGENT", format!("agent {i}"))
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for i in 0..8 {
        let out = merge_other_named(&repo, &format!("agent-{i}"));
        if out.code != 0 {
            assert!(
                out.stderr
                    .contains("`ORX_ROLE=human git orx renumber story:1.2`"),
                "agent-{i}: {}",
                out.render()
            );
            // The command as the refusal gives it.
            repo.orx_env(&["renumber", "story:1.2"], &[("ORX_ROLE", "human")])
                .ok();
        }
        assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "", "agent-{i}");
    }
    let status = repo.orx(&["status"]);
    status.ok();
    for i in 0..8 {
        assert!(
            status.stdout.contains(&format!("Story of agent {i}")),
            "{}",
            status.stdout
        );
    }
    let files = repo.git(&["ls-files", "docs/stories"]).stdout;
    assert_eq!(files.lines().count(), 9, "{files}");
    repo.orx(&["verify", "--all"]).ok();
}

fn merge_other_named(repo: &Repo, branch: &str) -> crate::common::Run {
    repo.git_env(&["merge", "--no-edit", branch], &[("ORX_ROLE", "human")])
}

/// A kind whose IDs are drawn (`new_id: unique`): two agents on two
/// branches each make one, and the merge has nothing to renumber.
#[test]
fn unique_ids_made_on_two_branches_merge_without_a_collision() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/job.yaml",
        "workflow: job\ninitial: Queued\nitems:\n  dir: docs/jobs\n  file: \"{id}.{slug}.md\"\n  new_id: unique\n  prefix: J\nstates:\n  Queued: {owner: dev}\n  Done: {terminal: true}\ntransitions:\n  - {from: Queued, to: Done, roles: [dev]}\n",
    );
    repo.commit_rules("Add the job kind");
    repo.orx(&["hooks", "install"]).ok();
    repo.git(&["branch", "other"]).ok();
    let made = repo.orx(&["new", "job", "Build", "--as", "dev"]);
    made.ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["new", "job", "Deploy", "--as", "dev"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    merge_other(&repo).ok();
    let files = repo.git(&["ls-files", "docs/jobs"]).stdout;
    let names: Vec<&str> = files.lines().collect();
    assert_eq!(names.len(), 2, "{files}");
    for n in &names {
        let id = n
            .trim_start_matches("docs/jobs/")
            .split('.')
            .next()
            .unwrap();
        assert!(id.starts_with('J') && id.len() == 6, "{id}");
    }
    repo.orx(&["verify", "--all"]).ok();
}

/// A renumbered item's references in the items that came with it (a job
/// waiting for it) follow it to its new ID; the items HEAD holds keep
/// naming the item that keeps the old one.
#[test]
fn renumber_rewrites_the_references_that_came_with_the_item() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/job.yaml",
        "workflow: job\ninitial: Queued\nitems:\n  dir: docs/jobs\n  file: \"{id}.{slug}.md\"\n  new_id: sequence\n  prefix: J\nstates:\n  Queued: {owner: dev}\n  Running: {owner: dev}\n  Done: {terminal: true}\ntransitions:\n  - from: Queued\n    to: Running\n    roles: [dev]\n    waits: {field: after, until: [Done]}\n  - {from: Running, to: Done, roles: [dev]}\n",
    );
    repo.commit_rules("Add the job kind");
    repo.orx(&["hooks", "install"]).ok();
    repo.git(&["branch", "other"]).ok();
    repo.orx(&["new", "job", "Build", "--as", "dev"]).ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["new", "job", "Test", "--as", "dev"]).ok();
    repo.orx(&["new", "job", "Ship", "--as", "dev"]).ok();
    let ship = "docs/jobs/J2.ship.md";
    repo.edit(ship, "status: Queued", "status: Queued\nafter: [J1]");
    repo.git(&["add", ship]).ok();
    repo.commit_as("dev", "Ship after Test").ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    merge_other(&repo).code(1);
    repo.orx(&["renumber", "job:J1", "--as", "human"])
        .ok()
        .stdout_has(&["renumbered job J1 -> J3 (docs/jobs/J1.test.md -> docs/jobs/J3.test.md)"]);
    assert!(
        repo.read(ship).contains("after: [J3]"),
        "{}",
        repo.read(ship)
    );
    assert!(repo.read("docs/jobs/J1.build.md").contains("title: Build"));
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    repo.orx(&["verify", "--all"]).ok();
}

/// A forge's merge button runs no hook: the merge lands with two stories
/// 1.2. `verify` fails naming `renumber`; once the renumbering is
/// committed, `verify` over the range holding both reports the merge as
/// repaired, and CI goes green without rewriting history.
#[test]
fn a_forge_merge_with_a_duplicate_id_is_repaired_forward() {
    let repo = one_id_on_two_branches();
    let before = repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned();
    repo.git_env(
        &["merge", "--no-verify", "--no-edit", "other"],
        &[("ORX_ROLE", "human")],
    )
    .ok();
    let range = format!("{before}..HEAD");
    repo.orx(&["verify", &range]).code(1).stdout_has(&[
        "duplicate-id",
        "`ORX_ROLE=human git orx renumber story:1.2`",
    ]);
    // The story the merge brought in is the one added later.
    repo.orx(&["renumber", "story:1.2", "--as", "human"])
        .ok()
        .stdout_has(&["docs/stories/1.2.search-by-tag.md -> docs/stories/1.3.search-by-tag.md"]);
    let out = repo.orx(&["verify", &range]);
    out.ok()
        .stdout_has(&["(repaired by ", "no violations, 1 repaired"]);
    let json = repo.orx(&["verify", &range, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(v["repaired"][0]["rule"], "duplicate-id", "{v}");
    repo.orx(&["verify", "--all"]).ok();
    // `log` says the renumber as the story's change of ID.
    repo.orx(&["log", "1.3"])
        .ok()
        .stdout_has(&["story 1.3 edit in Draft", "    id: 1.2 -> 1.3\n"]);
}

/// A workflow that declares a merge rule (`merge: {state: later}`) has a
/// lifecycle conflict decided by it: the merge is clean, the state is the
/// one later in the lifecycle, the merge commit names the decision in an
/// `Orx-Merge-Rule` trailer, and `verify` judges it like any change.
#[test]
fn a_workflow_merge_rule_decides_two_states_and_the_merge_names_it() {
    let repo = Repo::new();
    repo.write(".orx/workflows/story.yaml", "merge:\n  state: later\n");
    repo.commit_rules("Two states merge to the later one");
    let id = repo.story("Sign in", &[]);
    repo.git(&["branch", "other"]).ok();
    let path = repo.story_path(&id);
    approved_here_blocked_there(&repo, &id);
    let out = merge_other(&repo);
    out.ok();
    assert!(
        out.stderr.contains(&format!(
            "merged: story {id}: the state is Approved in HEAD and Blocked in other; the workflow's merge rule (the later state wins) gives Approved"
        )),
        "{}",
        out.render()
    );
    assert!(repo.read(&path).contains("status: Approved"));
    let message = repo.git(&["log", "-1", "--format=%B"]).stdout;
    assert!(
        message.contains(&format!(
            "Orx-Merge-Rule: story {id} Approved: Approved ours, Blocked theirs; the later state wins"
        )),
        "{message}"
    );
    repo.orx(&["verify", "--all"]).ok();
    // `log` shows the merge's decision under the item, though the merge
    // kept our file as it was.
    let log = repo.orx(&["log", &id]);
    log.ok();
    let merge = repo
        .git(&["rev-parse", "--short", "HEAD"])
        .stdout
        .trim()
        .to_owned();
    let at = log
        .stdout
        .find(&format!("{merge} story {id} edit in Approved"))
        .unwrap_or_else(|| panic!("{}", log.stdout));
    assert!(
        log.stdout[at..].contains(&format!(
            "\n    merge rule: story {id} Approved: Approved ours, Blocked theirs; the later state wins\n"
        )),
        "{}",
        log.stdout
    );
    // The decision is not carried over to a later merge.
    assert!(!repo.path(".git/orx/merge-decisions").exists());
}

/// `merge: {state: {owner: ROLE}}` gives the side whose state that role
/// owns (here the earlier one); a rule the workflow check does not know is refused with the
/// rules it knows.
#[test]
fn a_merge_rule_by_owner_and_an_unknown_rule() {
    let repo = Repo::new();
    repo.write(
        ".orx/workflows/story.yaml",
        "merge:\n  state: {owner: SM}\n",
    );
    repo.commit_rules("The SM's state wins");
    let id = repo.story("Sign in", &[]);
    repo.git(&["branch", "other"]).ok();
    approved_here_blocked_there(&repo, &id);
    merge_other(&repo).ok();
    // Blocked, which the SM owns, though Approved comes later.
    assert!(repo.read(&repo.story_path(&id)).contains("status: Blocked"));
    repo.orx(&["verify", "--all"]).ok();
    // On the main line, the merge moved it.
    let merge = repo
        .git(&["rev-parse", "--short", "HEAD"])
        .stdout
        .trim()
        .to_owned();
    repo.orx(&["log", &id])
        .ok()
        .stdout_has(&[&format!("{merge} story {id} Approved -> Blocked")]);
    repo.write(".orx/workflows/story.yaml", "merge:\n  state: newest\n");
    let out = repo.orx(&["check"]);
    out.code(1);
    assert!(
        out.stdout.contains(".orx/workflows/story.yaml: `merge: {state: newest}` is not a rule git-orx knows (`later`, or `{owner: ROLE}`)\n"),
        "{}",
        out.render()
    );
}

/// Under `lang: zh` the merge driver says a lifecycle conflict, and a
/// merge rule's decision, in Chinese.
#[test]
fn the_merge_driver_speaks_the_repositorys_language() {
    let repo = Repo::new();
    repo.set_lang("zh");
    let id = repo.story("Sign in", &[]);
    repo.git(&["branch", "other"]).ok();
    approved_here_blocked_there(&repo, &id);
    let out = merge_other(&repo);
    out.code(1);
    assert!(
        out.stderr
            .contains(&format!("冲突: story {id}: 状态在 HEAD (")),
        "{}",
        out.render()
    );
    repo.git(&["merge", "--abort"]).ok();
    repo.write(".orx/workflows/story.yaml", "merge:\n  state: later\n");
    repo.commit_rules("The later state");
    let out = merge_other(&repo);
    out.ok();
    assert!(
        out.stderr.contains(&format!(
            "已合并: story {id}: 状态在 HEAD 中是 Approved,在 other 中是 Blocked;工作流的合并规则 (生命周期中靠后的状态优先) 取 Approved"
        )),
        "{}",
        out.render()
    );
}

/// The dashboard pauses a loop on one branch while the skill acts on it
/// on another, each stamping `updated_at` at its own time: the merge is
/// clean (the loop workflow's `merge: {latest: [updated_at]}` keeps the
/// later time) and holds both changes.
#[test]
fn a_loop_paused_on_one_branch_and_acted_on_another_merges_cleanly() {
    let repo = Repo::new();
    let id = repo.new_login_loop();
    let path = format!(".loop/{id}.json");
    repo.orx_env(
        &["loop", "act", &id, "--as", "skill"],
        &[("GIT_COMMITTER_DATE", "2026-01-02T09:00:00Z")],
    )
    .ok();
    repo.git(&["branch", "other"]).ok();
    repo.orx_env(
        &["loop", "pause", &id, "--as", "human"],
        &[("GIT_COMMITTER_DATE", "2026-01-02T10:00:00Z")],
    )
    .ok();
    let paused: serde_json::Value = serde_json::from_str(&repo.read(&path)).unwrap();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx_env(
        &["loop", "act", &id, "--as", "skill"],
        &[("GIT_COMMITTER_DATE", "2026-01-02T11:00:00Z")],
    )
    .ok();
    let acted: serde_json::Value = serde_json::from_str(&repo.read(&path)).unwrap();
    assert_ne!(paused["updated_at"], acted["updated_at"]);
    repo.git(&["checkout", "-q", "main"]).ok();
    let out = merge_other(&repo);
    out.ok();
    let merged: serde_json::Value = serde_json::from_str(&repo.read(&path)).unwrap();
    assert_eq!(merged["updated_at"], acted["updated_at"], "{merged}");
    // Each side's own change is in.
    for (k, v) in paused.as_object().unwrap() {
        if v != &acted[k] && k != "updated_at" && acted.get(k).is_some() {
            let base_changed_by = |side: &serde_json::Value| side[k] == merged[k];
            assert!(
                base_changed_by(&paused) || base_changed_by(&acted),
                "{k}: {merged}"
            );
        }
    }
    repo.orx(&["verify", "--all"]).ok();
}

/// Two agents tick adjacent task checkboxes of one story on two branches:
/// the merge has both ticks, where git's text merge alone would conflict.
#[test]
fn ticks_of_adjacent_tasks_on_two_branches_merge() {
    let repo = Repo::new();
    let id = repo.story("Sign in", &[]);
    let path = repo.story_path(&id);
    let (first, second) = ("- [ ] the form".to_owned(), "- [ ] the check".to_owned());
    let text = repo.read(&path);
    let at = text.find("## Tasks / Subtasks\n").expect("a tasks section")
        + "## Tasks / Subtasks\n".len();
    repo.write(
        &path,
        format!(
            "{}\n{first}\n{second}\n- [ ] the tests\n{}",
            &text[..at],
            &text[at..]
        ),
    );
    repo.git(&["add", &path]).ok();
    repo.commit_as("sm", "tasks").ok();
    repo.git(&["branch", "other"]).ok();
    repo.edit(&path, &first, &first.replacen("[ ]", "[x]", 1));
    repo.git(&["add", &path]).ok();
    repo.commit_as("sm", "first task").ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.edit(&path, &second, &second.replacen("[ ]", "[x]", 1));
    repo.git(&["add", &path]).ok();
    repo.commit_as("sm", "second task").ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    merge_other(&repo).ok();
    let merged = repo.read(&path);
    assert!(
        merged.contains(&first.replacen("[ ]", "[x]", 1)),
        "{merged}"
    );
    assert!(
        merged.contains(&second.replacen("[ ]", "[x]", 1)),
        "{merged}"
    );
    repo.orx(&["verify", "--all"]).ok();
}

/// Two branches that each made story 1.2: `status --branches` shows the
/// collision before anyone merges (the two files, and that their merge
/// needs `renumber`), and lists IDs in their natural order.
#[test]
fn status_across_branches_shows_one_id_taken_by_two_items() {
    let repo = one_id_on_two_branches();
    let out = repo.orx(&["status", "--branches"]);
    out.ok().stdout_has(&[
        "← different items in docs/stories/1.2.export-as-csv.md, docs/stories/1.2.search-by-tag.md: merging them needs `git orx renumber`",
        "1 IDs taken by different items on different branches",
    ]);
    let json = repo.orx(&["status", "--branches", "--json"]);
    json.ok();
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let rows = v["across"]["items"].as_array().unwrap();
    let row = rows.iter().find(|r| r["id"] == "1.2").unwrap();
    assert_eq!(row["files"].as_array().unwrap().len(), 2, "{row}");
    assert!(
        rows.iter()
            .find(|r| r["id"] == "1.1")
            .unwrap()
            .get("files")
            .is_none()
    );
}

/// A merge that brings two IDs the main line took too (an agent made
/// stories 1.2 and 1.3 on its branch): the first renumber stays staged in
/// the merge, which its hook still refuses for the other; the second
/// commits the merge, naming both. Nothing else is left behind.
#[test]
fn two_duplicate_ids_in_one_merge_are_fixed_by_two_renumbers() {
    let (repo, _) = with_story();
    repo.orx(&["new", "Export as CSV", "--as", "sm"]).ok();
    repo.orx(&["new", "Import from CSV", "--as", "sm"]).ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["new", "Search by tag", "--as", "sm"]).ok();
    repo.orx(&["new", "Search by date", "--as", "sm"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    merge_other(&repo).code(1);
    let human = [("ORX_ROLE", "human")];
    repo.orx_env(&["renumber", "story:1.2"], &human)
        .ok()
        .stdout_has(&[
            "in the merge, staged; the merge is not committed yet:",
            "story 1.3 is also",
        ]);
    assert!(repo.path(".git/MERGE_HEAD").exists(), "the merge goes on");
    repo.orx_env(&["renumber", "story:1.3"], &human)
        .ok()
        .stdout_has(&["renumbered story 1.3 -> 1.5"]);
    assert!(!repo.path(".git/MERGE_HEAD").exists());
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    let files = repo.git(&["ls-files", "docs/stories"]).stdout;
    assert_eq!(files.lines().count(), 5, "{files}");
    let message = repo.git(&["log", "-1", "--format=%B"]).stdout;
    assert!(
        message.contains("Orx-Renumber: story 1.2 -> 1.4")
            && message.contains("Orx-Renumber: story 1.3 -> 1.5"),
        "{message}"
    );
    repo.orx(&["verify", "--all"]).ok();
}

/// The agent whose story was renumbered on main goes on with it on its
/// branch (under its old ID); merging the branch again is clean: the move
/// it made lands on the renumbered story, which that branch did reach.
#[test]
fn a_branch_that_goes_on_after_its_story_was_renumbered_merges_again() {
    let repo = one_id_on_two_branches();
    merge_other(&repo).code(1);
    repo.orx_env(&["renumber", "story:1.2"], &[("ORX_ROLE", "human")])
        .ok()
        .stdout_has(&["renumbered story 1.2 -> 1.3"]);
    // The agent goes on, on its branch, where the story is still 1.2.
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["assess", "1.2", "--as", "sm", "--score", "3"])
        .ok();
    let state = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("status: "))
            .unwrap()
            .to_owned()
    };
    let there = state(&repo.read("docs/stories/1.2.search-by-tag.md"));
    assert_ne!(there, "Draft");
    repo.git(&["checkout", "-q", "main"]).ok();
    merge_other(&repo).ok();
    let moved = repo.read("docs/stories/1.3.search-by-tag.md");
    assert_eq!(state(&moved), there, "{moved}");
    assert!(!repo.path("docs/stories/1.2.search-by-tag.md").exists());
    repo.orx(&["verify", "--all"]).ok();
}

/// A lifecycle conflict met in a rebase: `resolve` says how the rebase
/// goes on, not that a commit ends a merge.
#[test]
fn resolve_in_a_rebase_says_how_the_rebase_goes_on() {
    let (repo, id) = with_story();
    let mut assess = vec!["assess", id.as_str(), "--as", "sm"];
    assess.extend_from_slice(GOOD);
    repo.orx(&assess).ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["assess", &id, "--as", "sm", "--score", "3"])
        .ok();
    let out = repo.git_env(&["rebase", "main"], &[("ORX_ROLE", "human")]);
    assert_ne!(out.code, 0, "{}", out.render());
    repo.orx(&["resolve", &id, "--state", "Blocked"])
        .ok()
        .stdout_has(&["(staged); `git rebase --continue` goes on with the rebase"]);
    repo.git(&["rebase", "--abort"]).ok();
}

/// Regression: a merge's own change is judged by the one verdict, not the
/// workflow's rules alone. A conflicted merge whose resolution writes a
/// measured value no branch had (quality.extraction 90) beside a body that
/// measures otherwise is refused by the hook that concludes the merge, and
/// by `verify` when it was committed past the hooks, by the rule a plain
/// commit writing that value is refused by.
#[test]
fn a_merge_writing_a_measured_value_its_body_refutes_is_refused() {
    let repo = Repo::new();
    let id = repo.story("Search", &[]);
    let path = repo.story_path(&id);
    repo.edit(
        &path,
        "status: Draft\n",
        "status: Draft\nquality: {structure: 100, extraction: 100, score: 9.0, complexity: []}\n",
    );
    repo.commit_as("sm", "record the quality check").ok();
    let cited = " [Source: docs/architecture.md#data-models]";
    let line = repo
        .read(&path)
        .lines()
        .find(|l| l.contains(cited))
        .unwrap()
        .to_owned();
    repo.git(&["branch", "other"]).ok();
    repo.edit(
        &path,
        &line,
        &line.replace(cited, &format!(" (main){cited}")),
    );
    repo.commit_as("sm", "edit the notes here").ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.edit(
        &path,
        &line,
        &line.replace(cited, &format!(" (other){cited}")),
    );
    repo.commit_as("sm", "edit the notes there").ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git_env(&["merge", "--no-edit", "other"], &[("ORX_ROLE", "sm")])
        .code(1);
    // Resolved: the item no longer cites its source (83.3% measured), and
    // the resolution records 90, which neither branch had.
    let merged = repo.read(&path);
    let mut resolved = Vec::new();
    let mut inside = false;
    for l in merged.lines() {
        if l.starts_with("<<<<<<<") {
            inside = true;
            resolved.push(line.replace(cited, ""));
        } else if l.starts_with(">>>>>>>") {
            inside = false;
        } else if !inside {
            resolved.push(l.to_owned());
        }
    }
    let resolved = resolved
        .join("\n")
        .replace("extraction: 100", "extraction: 90")
        + "\n";
    repo.write(&path, &resolved);
    repo.git(&["add", &path]).ok();
    repo.git_env(&["commit", "-q", "--no-edit"], &[("ORX_ROLE", "sm")])
        .fails(
            1,
            &["quality.extraction is 90 but the story measures 83.3%"],
        );
    // Committed past the hooks, `verify` finds it.
    repo.git_env(
        &["commit", "-q", "--no-verify", "--no-edit"],
        &[("ORX_ROLE", "sm")],
    )
    .ok();
    repo.orx(&["verify", "--all"]).code(1).stdout_has(&[
        "Draft -> Draft (merge): unmeasured-quality",
        "quality.extraction is 90 but the story measures 83.3%",
    ]);
}

/// Two stories moved on two branches (one approved here, the other started
/// there) merge cleanly through the hooks, and `verify` agrees.
#[test]
fn a_clean_merge_of_two_stories_moves_passes_the_hook_and_verify() {
    let repo = Repo::new();
    let first = repo.story("Sign in", &[]);
    let second = repo.story("Sign out", &[]);
    let mut good = vec!["assess", second.as_str(), "--as", "sm"];
    good.extend_from_slice(GOOD);
    repo.orx(&good).ok();
    repo.git(&["branch", "other"]).ok();
    let mut assess = vec!["assess", first.as_str(), "--as", "sm"];
    assess.extend_from_slice(GOOD);
    repo.orx(&assess).ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx(&["move", &second, "InProgress", "--as", "dev"])
        .ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    merge_other(&repo).ok();
    assert_eq!(repo.git(&["status", "--porcelain"]).stdout, "");
    let parents = repo.git(&["rev-list", "--parents", "-n1", "HEAD"]).stdout;
    assert_eq!(parents.split_whitespace().count(), 3, "{parents}");
    repo.orx(&["verify", "--all"]).ok();
}

/// A kind whose new items wait for the items they list to be closed.
const GATE: &str = r#"workflow: gate
description: Gates made after the gates they list are closed
initial: Open
items:
  dir: docs/gates
  file: "{id}.md"
  new_id: sequence
  prefix: G
create_waits:
  - field: after
    until: [Closed]
states:
  Open: {owner: dev}
  Closed: {terminal: true}
transitions:
  - {from: Open, to: Closed, roles: [dev]}
"#;

fn gate(id: &str, status: &str, after: &str) -> String {
    format!(
        "---\nkind: gate\nid: {id}\ntitle: Gate {id}\nstatus: {status}\nafter: [{after}]\n---\n"
    )
}

/// Regression: an item the merge itself makes is judged in the tree the
/// merge makes, as a commit's is: a new gate made while merging, waiting
/// for a gate closed in that tree, is let through by the hook and by
/// `verify` (it was judged in an empty tree, where nothing it waits for
/// is found); one waiting for a gate that is not there is refused.
#[test]
fn an_item_a_merge_makes_waits_for_what_the_merged_tree_holds() {
    let repo = Repo::new();
    repo.write(".orx/workflows/gate.yaml", GATE);
    repo.commit_rules("the gate kind");
    repo.write("docs/gates/G1.md", gate("G1", "Closed", ""));
    repo.git(&["add", "docs"]).ok();
    let force = [
        ("ORX_ROLE", "human"),
        ("ORX_FORCE_REASON", "closed elsewhere"),
    ];
    repo.git_env(&["commit", "-q", "-m", "G1"], &force).ok();
    repo.git(&["branch", "other"]).ok();
    repo.story("Sign in", &[]);
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.write("notes.md", "Notes\n");
    repo.git(&["add", "notes.md"]).ok();
    repo.commit_as("dev", "notes").ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    let merge = ["merge", "-q", "--no-commit", "--no-ff", "other"];
    repo.git_env(&merge, &[("ORX_ROLE", "dev")]).ok();
    repo.write("docs/gates/G3.md", gate("G3", "Open", "G2"));
    repo.git(&["add", "docs/gates"]).ok();
    repo.git_env(&["commit", "-q", "--no-edit"], &[("ORX_ROLE", "dev")])
        .fails(1, &["gate G3", "G2"]);
    repo.git(&["rm", "-q", "--cached", "docs/gates/G3.md"]).ok();
    std::fs::remove_file(repo.path("docs/gates/G3.md")).unwrap();
    repo.write("docs/gates/G2.md", gate("G2", "Open", "G1"));
    repo.git(&["add", "docs/gates"]).ok();
    repo.git_env(&["commit", "-q", "--no-edit"], &[("ORX_ROLE", "dev")])
        .ok();
    let parents = repo.git(&["rev-list", "--parents", "-n1", "HEAD"]).stdout;
    assert_eq!(parents.split_whitespace().count(), 3, "{parents}");
    repo.orx(&["verify", "--all"]).ok();
}

/// A move both branches made (the story started on each, at different
/// times) is a transition each branch's history shows: the merge keeps
/// the state both reached, and neither the hook nor `verify` judges it
/// again as the merge's own move (its waits and evidence were asked on
/// each branch, in that branch's tree).
#[test]
fn a_move_both_branches_made_merges_as_either_branch_made_it() {
    let (repo, id) = with_story();
    let path = repo.story_path(&id);
    let mut assess = vec!["assess", id.as_str(), "--as", "sm"];
    assess.extend_from_slice(GOOD);
    repo.orx(&assess).ok();
    repo.git(&["branch", "-f", "other"]).ok();
    let start = ["move", id.as_str(), "InProgress", "--as", "dev"];
    repo.orx_env(&start, &[("GIT_COMMITTER_DATE", "2026-01-02T10:00:00Z")])
        .ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.orx_env(&start, &[("GIT_COMMITTER_DATE", "2026-01-02T11:00:00Z")])
        .ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    merge_other(&repo).ok();
    assert!(repo.read(&path).contains("status: InProgress\n"));
    let parents = repo.git(&["rev-list", "--parents", "-n1", "HEAD"]).stdout;
    assert_eq!(parents.split_whitespace().count(), 3, "{parents}");
    repo.orx(&["verify", "--all"]).ok();
}

/// A kind whose items record the tasks their body has ticked.
const CHORE: &str = r#"workflow: chore
description: A chore of a few tasks
initial: Open
items:
  dir: docs/chores
  file: "{id}.md"
  new_id: sequence
  prefix: C
  template: chore
measure:
  structure: quality.structure
  extraction: quality.extraction
  reason: quality.override
  tasks:
    done: tasks.done
    open: tasks.open
    reason: tasks.override
states:
  Open: {owner: dev}
  Done: {terminal: true}
transitions:
  - {from: Open, to: Done, roles: [dev]}
"#;

/// Regression: two branches that each tick a task and record it merged
/// without a conflict into a record neither branch made and the body
/// refutes (one task done where it ticks two), which the hook then
/// refused. The merge driver records the merged body's tasks as a move
/// would, so the clean merge concludes and `verify` agrees.
#[test]
fn a_clean_merge_of_two_branches_ticks_records_both_ticks() {
    let repo = Repo::new();
    repo.write(".orx/workflows/chore.yaml", CHORE);
    repo.write(".orx/templates/chore.md", "## Tasks <!-- orx: tasks -->\n");
    repo.commit_rules("the chore kind");
    repo.orx(&["hooks", "install"]).ok();
    let path = "docs/chores/C1.md";
    let chore = |done: u8, open: &str, ticked: &[bool; 3]| {
        let boxes: Vec<String> = ["a", "b", "c"]
            .iter()
            .zip(ticked)
            .map(|(t, x)| format!("- [{}] {t}", if *x { "x" } else { " " }))
            .collect();
        format!(
            "---\nkind: chore\nid: C1\ntitle: Tidy\nstatus: Open\ntasks: {{done: {done}, open: [{open}]}}\n---\n## Tasks\n\n{}\n",
            boxes.join("\n\n")
        )
    };
    repo.write(path, chore(0, "a, b, c", &[false; 3]));
    repo.git(&["add", path]).ok();
    repo.commit_as("dev", "the chore").ok();
    repo.git(&["branch", "other"]).ok();
    repo.write(path, chore(1, "b, c", &[true, false, false]));
    repo.commit_as("dev", "a done").ok();
    repo.git(&["checkout", "-q", "other"]).ok();
    repo.write(path, chore(1, "a, b", &[false, false, true]));
    repo.commit_as("dev", "c done").ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    // No conflict: the merged file unions both ticks, and records them as a
    // move would: two done, one open. The merge passes the hook and verify.
    repo.git_env(&["merge", "--no-edit", "other"], &[("ORX_ROLE", "dev")])
        .ok();
    assert_eq!(repo.read(path), chore(2, "b", &[true, false, true]));
    assert_eq!(
        repo.git(&["rev-list", "--count", "--merges", "HEAD"])
            .stdout
            .trim(),
        "1"
    );
    repo.orx(&["verify", "--all"]).ok();
    // A record the body refutes is refused, in the words of the chore's kind.
    repo.write(path, chore(1, "b", &[true, false, true]));
    repo.git(&["add", path]).ok();
    let out = repo.commit_as("dev", "one done");
    out.code(1);
    assert!(
        out.stderr.contains("the chore has 1 open task")
            && out.stderr.contains("records what the chore has"),
        "{}",
        out.render()
    );
}
