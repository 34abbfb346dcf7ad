//! Every kind through the registry: an agent's context is found by its ID
//! as a story is; the board's cache keeps each language's text apart.

use crate::common::{GOOD, Repo};
use crate::test_agent::agent_repo;

/// `show`, `next`, `log` and `doctor` take an agent's ID (`default`, or
/// another agent's name) as they take a story's, and a refused move on an
/// agent points at a `show` that works.
#[test]
fn an_agent_is_found_by_its_id_like_any_item() {
    let repo = agent_repo();
    repo.orx(&["agent", "init", "--agent", "dev-2", "--as", "human"])
        .ok();
    repo.orx(&["show", "default"])
        .ok()
        .stdout_has(&["agent default", "IDLE"]);
    repo.orx(&["show", "agent:dev-2"])
        .ok()
        .stdout_has(&["agent dev-2"]);
    repo.orx(&["next"]).ok();
    repo.orx(&["log", "default"])
        .ok()
        .stdout_has(&["agent default"]);
    repo.orx(&["doctor", "default"]).ok();
    // The hint after a refused agent move names `show default`, which works.
    repo.orx(&["move", "default", "EXECUTING", "--as", "human"])
        .fails(1, &["`git orx show default` lists the moves allowed now"]);
    repo.orx(&["show", "nobody"])
        .code(2)
        .stderr_has(&["nobody"]);
}

/// A story file as old as one the cache keeps (the cache never keeps a
/// file changed in the last two seconds).
fn age(repo: &Repo, rel: &str) {
    repo.command("touch")
        .args(["-m", "-d", "2020-01-01T00:00:00Z", rel])
        .status()
        .unwrap();
}

/// `next --lang en` in a `lang: zh` repository fills the board's cache with
/// English text; a later plain `next` shows Chinese, not the cached English.
#[test]
fn the_board_cache_is_kept_per_language() {
    let repo = Repo::new();
    repo.set_lang("zh");
    let id = repo.story("Login", GOOD);
    age(&repo, &repo.story_path(&id));
    let zh = "Next: Dev 请执行 `git orx move";
    let en = "Next: Dev, `git orx move";
    repo.orx(&["next", "--lang", "en"])
        .ok()
        .stdout_has(&[en])
        .stdout_lacks(&[zh]);
    let cache = cache_of(&repo);
    assert!(cache.contains(&repo.story_path(&id)), "cached: {cache}");
    repo.orx(&["next"])
        .ok()
        .stdout_has(&[zh])
        .stdout_lacks(&[en]);
    repo.orx(&["next", "--lang", "en"])
        .ok()
        .stdout_has(&[en])
        .stdout_lacks(&[zh]);
}

/// A team's kind kept at fixed paths (as the agents are) is on the board,
/// in `next`, and found by its ID, as a kind kept in a directory is.
#[test]
fn a_kind_kept_at_paths_is_on_the_board_and_found_by_its_id() {
    let repo = Repo::new();
    repo.edit(".orx/config.yaml", "roles: []", "roles: [tester]");
    let workflow = crate::test_kinds::BUG_WORKFLOW
        .replace("  dir: docs/bugs\n", "  paths: [\"bugs/{id}.md\"]\n");
    repo.write(".orx/workflows/bug.yaml", workflow);
    repo.commit_rules("Add the bug kind");
    repo.write(
        "bugs/9.1.md",
        "---\nkind: bug\nid: \"9.1\"\ntitle: Crash\nstatus: Open\n---\n# Crash\n",
    );
    repo.git(&["add", "bugs"]).ok();
    repo.commit_as("dev", "a bug").ok();
    repo.orx(&["show", "9.1"])
        .ok()
        .stdout_has(&["bug 9.1", "bugs/9.1.md"]);
    repo.orx(&["status"]).ok().stdout_has(&["bug (1): 1 Open"]);
    repo.orx(&["next", "--role", "dev"])
        .ok()
        .stdout_has(&["Next: dev, fix bug 9.1"]);
}

/// The board's cache keeps no actions: an item read from it gets the same
/// actions, ID put in, as one read fresh.
#[test]
fn actions_of_an_item_read_from_the_board_cache_are_those_of_a_fresh_read() {
    let repo = Repo::new();
    let a = repo.story("Login", GOOD);
    let b = repo.story("Logout", GOOD);
    // In progress with its tasks open: its move to Review cannot be made
    // yet, which the cache keeps beside the story's stat.
    let c = repo.story_at("Export", "InProgress");
    let path = repo.story_path(&c);
    let text = repo
        .read(&path)
        .replace("<!-- - [ ] Task (AC: 1) -->", "- [ ] the export (AC: 1)");
    repo.write(&path, text);
    repo.git_env(
        &["commit", "-q", "-m", "the tasks", "--", &path],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let fresh = repo.orx(&["status", "--json"]).ok().stdout.clone();
    for id in [&a, &b, &c] {
        age(&repo, &repo.story_path(id));
    }
    repo.orx(&["status", "--json"]).ok();
    let cache = cache_of(&repo);
    assert!(cache.contains(&repo.story_path(&b)), "cached: {cache}");
    assert!(cache.contains(&repo.story_path(&c)), "cached: {cache}");
    let cached = repo.orx(&["status", "--json"]).ok().stdout.clone();
    let steps = |out: &str| -> Vec<serde_json::Value> {
        let v: serde_json::Value = serde_json::from_str(out).unwrap();
        v["stories"]
            .as_array()
            .or_else(|| v["items"].as_array())
            .unwrap_or_else(|| panic!("no items in {out}"))
            .iter()
            .map(|s| s["steps"].clone())
            .collect()
    };
    let (fresh, cached) = (steps(&fresh), steps(&cached));
    assert_eq!(fresh.len(), 3);
    assert!(
        fresh
            .iter()
            .all(|s| s.as_array().is_some_and(|a| !a.is_empty()))
    );
    assert!(cached[1].to_string().contains(&format!("\"{b}\"")));
    let unready = |steps: &[serde_json::Value]| {
        steps
            .iter()
            .flat_map(|s| s.as_array().unwrap())
            .filter(|a| a["ready"] == false && !a["unmet"].as_array().unwrap().is_empty())
            .count()
    };
    assert!(unready(&fresh) > 0, "a step that cannot run yet: {fresh:?}");
    assert_eq!(fresh, cached);
}

/// What the board's stat cache holds, as text (its paths and messages are
/// stored as they are).
pub(crate) fn cache_of(repo: &Repo) -> String {
    String::from_utf8_lossy(
        &std::fs::read(repo.path(".git/orx-cache/board.bin")).unwrap_or_default(),
    )
    .into_owned()
}
