//! The stat cache behind `status` and `next` never shows stale data.

use crate::common::{GOOD, Repo};
use crate::test_finish::cache_of;

fn age(repo: &Repo, rel: &str) {
    repo.command("touch")
        .args(["-m", "-d", "2020-01-01T00:00:00Z", rel])
        .status()
        .unwrap();
}

#[test]
fn edits_are_seen_even_when_size_and_mtime_are_kept() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    age(&repo, &path);
    let first = repo.orx(&["status", "--json"]);
    first.ok();
    let cache = cache_of(&repo);
    assert!(cache.contains(&path), "the aged file is cached: {cache}");
    // Same length, same mtime: only ctime tells.
    let before = repo.read(&path);
    let after = before.replace("title: Login", "title: Lemon");
    assert_eq!(before.len(), after.len());
    repo.write(&path, after);
    age(&repo, &path);
    let v: serde_json::Value =
        serde_json::from_str(&repo.orx(&["status", "--json"]).stdout).unwrap();
    assert_eq!(v["items"][0]["title"], "Lemon");
}

#[test]
fn recent_files_are_not_cached_and_config_changes_invalidate() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.orx(&["status"]).ok();
    let cache = cache_of(&repo);
    assert!(
        !cache.contains(&repo.story_path(&id)),
        "a file written just now is not cached"
    );
    age(&repo, &repo.story_path(&id));
    repo.orx(&["status"]).ok();
    repo.set_lang("zh");
    let out = repo.orx(&["next"]);
    assert!(
        out.stdout
            .contains("Next: Dev 请执行 `git orx move 1.1 InProgress --as dev`,然后实现 Story"),
        "{}",
        out.stdout
    );
    // A corrupt cache is ignored.
    repo.write(".git/orx-cache/board.bin", "{not a cache");
    assert!(repo.orx(&["next"]).stdout.contains("implement-story 1.1"));
    // Deleted files drop out.
    std::fs::remove_file(repo.path(&repo.story_path(&id))).unwrap();
    assert!(repo.orx(&["status"]).stdout.starts_with("还没有条目"));
}
