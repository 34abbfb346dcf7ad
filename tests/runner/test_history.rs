//! The history cache under `.git/orx/history/`: what `log` and `metrics`
//! read from each commit, kept by commit id.

use std::collections::BTreeSet;

use crate::common::Repo;

/// `count` hand-made moves of story 1.1 between InProgress and Review.
fn moves(repo: &Repo, from: usize, count: usize) {
    for i in from..from + count {
        let status = if i % 2 == 0 { "InProgress" } else { "Review" };
        repo.write(
            "docs/stories/1.1.s.md",
            format!(
                "---\nkind: story\nid: \"1.1\"\ntitle: S\nstatus: {status}\nn: {i}\n---\n# S\n"
            ),
        );
        repo.commit_all_unhooked(&format!("move {i}\n\nOrx-Role: dev\n"), &[]);
    }
}

/// Story `id`, new in Draft, committed without the hooks (with `env`).
fn unhooked_story(repo: &Repo, id: &str, env: &[(&str, &str)]) {
    repo.write(
        &format!("docs/stories/{id}.t.md"),
        format!("---\nkind: story\nid: \"{id}\"\ntitle: T\nstatus: Draft\n---\n# T\n"),
    );
    repo.commit_all_unhooked(&format!("story {id}"), env);
}

fn cache_dir(repo: &Repo) -> std::path::PathBuf {
    repo.path(".git/orx/history")
}

/// The segment files and the commit ids they hold.
fn cached(repo: &Repo) -> (usize, BTreeSet<String>) {
    let mut ids = BTreeSet::new();
    let mut files = 0;
    for e in std::fs::read_dir(cache_dir(repo)).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "seg") {
            continue;
        }
        let held = orx::history::cache::segment_commits(&path).unwrap();
        files += 1;
        ids.extend(held);
    }
    (files, ids)
}

fn reachable(repo: &Repo) -> BTreeSet<String> {
    repo.git(&["rev-list", "HEAD"])
        .stdout
        .lines()
        .map(str::to_owned)
        .collect()
}

/// `log --json` read through the cache, checked against a run without it.
fn log_checked(repo: &Repo) -> String {
    let cached = repo.orx(&["log", "--json"]);
    cached.ok();
    let saved = repo.path(".git/orx/history-saved");
    std::fs::rename(cache_dir(repo), &saved).unwrap();
    let fresh = repo.orx(&["log", "--json"]);
    std::fs::remove_dir_all(cache_dir(repo)).unwrap();
    std::fs::rename(&saved, cache_dir(repo)).unwrap();
    assert_eq!(cached.stdout, fresh.stdout);
    cached.stdout
}

#[test]
fn the_cache_reads_only_new_commits() {
    let repo = Repo::new();
    moves(&repo, 0, 6);
    repo.orx(&["log"]).ok();
    let (files, ids) = cached(&repo);
    assert_eq!((files, &ids), (1, &reachable(&repo)));
    // Nothing new: nothing written.
    repo.orx(&["metrics"]).ok();
    assert_eq!(cached(&repo).0, 1);
    // Three new commits: one segment more, with those three only.
    let before = reachable(&repo);
    moves(&repo, 6, 3);
    let out = log_checked(&repo);
    assert_eq!(out.matches("\"event\": \"transition\"").count(), 8, "{out}");
    let (files, ids) = cached(&repo);
    assert_eq!(files, 2);
    assert_eq!(ids, reachable(&repo));
    assert_eq!(ids.difference(&before).count(), 3);
}

#[test]
fn a_rebase_that_drops_commits_and_gc_leave_the_cache_right() {
    let repo = Repo::new();
    moves(&repo, 0, 3);
    unhooked_story(&repo, "1.2", &[]);
    moves(&repo, 3, 3);
    assert!(repo.orx(&["log"]).stdout.contains("story 1.2"));
    // Drop the commit that made story 1.2: the later ones are rewritten.
    let third = repo.git(&["rev-parse", "HEAD~3"]).stdout.trim().to_owned();
    repo.git(&[
        "-c",
        "core.hooksPath=/dev/null",
        "rebase",
        "-q",
        "--onto",
        &format!("{third}~1"),
        &third,
    ])
    .ok();
    let out = log_checked(&repo);
    assert!(!out.contains(&third[..7]), "{out}");
    assert!(!out.contains("\"1.2\""), "{out}");
    assert_eq!(out.matches("\"event\": \"transition\"").count(), 5, "{out}");
    // The dropped and the old commits are pruned; the cache still serves.
    repo.git(&["reflog", "expire", "--expire=now", "--all"])
        .ok();
    repo.git(&["gc", "-q", "--prune=now"]).ok();
    assert_eq!(log_checked(&repo), out);
    let (_, ids) = cached(&repo);
    assert!(ids.is_superset(&reachable(&repo)));
}

#[test]
fn a_corrupt_cache_file_is_read_again() {
    let repo = Repo::new();
    moves(&repo, 0, 4);
    let good = log_checked(&repo);
    for garbage in [&b"{\"version\": 1, \"fingerprint\""[..], b"\0\0\0", b""] {
        // Every file: the segments, the walk, and the output `log` kept.
        for dir in [cache_dir(&repo), cache_dir(&repo).join("rendered")] {
            for e in std::fs::read_dir(dir).into_iter().flatten() {
                let path = e.unwrap().path();
                if path.is_file() {
                    std::fs::write(path, garbage).unwrap();
                }
            }
        }
        let out = repo.orx(&["log", "--json"]);
        out.ok();
        assert_eq!(out.stdout, good);
        // The corrupt file is gone; a whole one holds every commit.
        let (files, ids) = cached(&repo);
        assert_eq!((files, ids), (1, reachable(&repo)));
    }
}

#[test]
fn two_processes_filling_the_cache_at_once_lose_nothing() {
    let repo = Repo::new();
    moves(&repo, 0, 40);
    // Both read the whole history, then meet before saving.
    let start = || {
        repo.command("git")
            .args(["orx", "log", "--json"])
            .env("ORX_TEST_PAUSE", "history-save:400")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (start(), start());
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert!(a.status.success() && b.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(cached(&repo).1, reachable(&repo));
    // Then both add what they read of new commits at once.
    moves(&repo, 40, 5);
    let (a, b) = (start(), start());
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert!(a.status.success() && b.status.success());
    assert_eq!(cached(&repo).1, reachable(&repo));
    assert_eq!(String::from_utf8(a.stdout).unwrap(), log_checked(&repo));
}

/// `count` commits each adding a story, with one `git fast-import` run.
fn imported(repo: &Repo, count: usize) {
    use std::io::Write;
    let mut child = repo
        .command("git")
        .args(["fast-import", "--quiet"])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = std::io::BufWriter::new(child.stdin.take().unwrap());
    writeln!(w, "reset refs/heads/main\nfrom HEAD\n").unwrap();
    for i in 0..count {
        let text = format!("---\nkind: story\nid: \"9.{i}\"\ntitle: S\nstatus: Draft\n---\n");
        writeln!(
            w,
            "commit refs/heads/main\ncommitter T <t@example.com> 1767322245 +0000\ndata 2\ns\nM 100644 inline docs/stories/9.{i}.s.md\ndata {}\n{text}",
            text.len()
        )
        .unwrap();
    }
    drop(w);
    assert!(child.wait().unwrap().success());
    repo.git(&["checkout", "-q", "-f", "main"]).ok();
}

#[test]
fn a_first_run_over_many_commits_shows_progress_on_a_terminal_only() {
    let repo = Repo::new();
    repo.git(&["branch", "-M", "main"]).ok();
    imported(&repo, 600);
    // Not a terminal: nothing on stderr.
    let piped = repo.orx(&["log"]);
    piped.ok();
    assert_eq!(piped.stderr, "");
    // A terminal (a pseudo-terminal from script(1)), first run again.
    std::fs::remove_dir_all(cache_dir(&repo)).unwrap();
    let tty = repo
        .command("script")
        .args(["-qec", "git orx log >/dev/null", "/dev/null"])
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&tty.stdout);
    assert!(tty.status.success(), "{shown}");
    assert!(
        shown.contains("\rreading history: 0/601 commits\r"),
        "{shown:?}"
    );
    // Warm: nothing to read, nothing shown.
    let warm = repo
        .command("script")
        .args(["-qec", "git orx log >/dev/null", "/dev/null"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&warm.stdout).contains("reading history"));
}

/// The list of commits HEAD reaches is kept with the history cache, so a
/// later run walks only what was added: the log through it is the log a
/// fresh read gives, after commits on top, after a merge of a branch that
/// forked earlier (whose commits a fresh walk orders by date), after a
/// reset to an older commit, and with a corrupt list.
#[test]
fn the_kept_list_of_commits_gives_the_log_a_fresh_read_gives() {
    let repo = Repo::new();
    moves(&repo, 0, 2);
    repo.git(&["branch", "side"]).ok();
    moves(&repo, 2, 2);
    let walk = cache_dir(&repo).join("walk.bin");
    let first = log_checked(&repo);
    assert!(walk.exists());
    // On top.
    moves(&repo, 4, 2);
    let on_top = log_checked(&repo);
    assert_eq!(on_top.matches("\"event\": \"transition\"").count(), 5);
    assert_ne!(first, on_top);
    // A branch that forked earlier, with a second story, merged in.
    repo.git(&["checkout", "-q", "side"]).ok();
    unhooked_story(
        &repo,
        "1.2",
        &[("GIT_COMMITTER_DATE", "2025-06-01T00:00:00Z")],
    );
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git(&[
        "-c",
        "core.hooksPath=/dev/null",
        "merge",
        "-q",
        "--no-edit",
        "side",
    ])
    .ok();
    let merged = log_checked(&repo);
    assert!(merged.contains("\"1.2\""), "{merged}");
    // Back to an older commit, then a corrupt list.
    repo.git(&["reset", "-q", "--hard", "HEAD~3"]).ok();
    let reset = log_checked(&repo);
    assert_eq!(
        reset.matches("\"event\": \"transition\"").count(),
        3,
        "{reset}"
    );
    std::fs::write(&walk, b"not a list").unwrap();
    assert_eq!(log_checked(&repo), reset);
    // A history of its own, unrelated to the one kept (its walk ends at
    // a root commit, not at the kept tip).
    repo.git(&["checkout", "-q", "--orphan", "other"]).ok();
    repo.git(&["rm", "-rq", "--cached", "docs"]).ok();
    std::fs::remove_dir_all(repo.path("docs/stories")).unwrap();
    unhooked_story(&repo, "2.1", &[]);
    let other = log_checked(&repo);
    assert!(other.contains("\"2.1\""), "{other}");
    assert!(!other.contains("\"1.1\""), "{other}");
}

/// Past eight segment files, a run merges them into one; what it read in
/// that run is given from the merged cache, as a fresh read gives it.
#[test]
fn many_small_reads_merge_into_one_segment_and_read_the_same() {
    let repo = Repo::new();
    moves(&repo, 0, 2);
    log_checked(&repo);
    for k in 0..9 {
        moves(&repo, 2 + k, 1);
        log_checked(&repo);
    }
    let (files, ids) = cached(&repo);
    assert!(files < 9, "{files} segment files");
    assert_eq!(ids, reachable(&repo));
    let warm = log_checked(&repo);
    std::fs::remove_dir_all(cache_dir(&repo)).unwrap();
    assert_eq!(log_checked(&repo), warm);
}

/// The commit the kept list was made from may be gone: rewritten away and
/// pruned. The list is then walked afresh, not refused.
#[test]
fn a_kept_list_whose_tip_was_pruned_is_walked_afresh() {
    let repo = Repo::new();
    moves(&repo, 0, 3);
    log_checked(&repo);
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    moves(&repo, 5, 1);
    repo.git(&["reflog", "expire", "--expire=now", "--all"])
        .ok();
    repo.git(&["gc", "-q", "--prune=now"]).ok();
    // The log (the same as a fresh read's) has the new commit.
    let out = log_checked(&repo);
    let head = repo.git(&["rev-parse", "--short", "HEAD"]).stdout;
    assert!(out.contains(head.trim()), "{out}");
}

/// A read that takes many new commits from git on top of a warm cache
/// gives, in `log --json`, what a cold read of the whole history gives:
/// stories created, moved back and forth with fields changed, and
/// created again in bulk after the cache was filled.
#[test]
fn an_incremental_read_after_many_new_commits_gives_a_cold_reads_log() {
    let repo = Repo::new();
    repo.git(&["branch", "-M", "main"]).ok();
    imported(&repo, 150);
    moves(&repo, 0, 4);
    let warm = log_checked(&repo);
    // Many commits on top: moves of a story the cache has read, and new
    // stories (one fast-import run, ids 9.0.. again as a new file each).
    moves(&repo, 4, 5);
    imported(&repo, 250);
    moves(&repo, 9, 3);
    let after = log_checked(&repo);
    assert_ne!(after, warm);
    assert_eq!(after.matches("\"event\": \"transition\"").count(), 11);
    let (_, ids) = cached(&repo);
    assert_eq!(ids, reachable(&repo));
}
