//! `cargo bench --bench scale`: git-orx on a repository with many stories.
//!
//! Builds a repository with N stories (default 10,000; `ORX_BENCH_STORIES`)
//! in one commit, then times, as the median of several runs:
//! - the I/O floor: `head -c 4096` over every story file, in one process;
//! - `git orx status` without its stat cache (cold) and with it, `--json`
//!   and `next`; `log` and `verify --all` over the whole history (whose
//!   generated commits carry no roles, so verify finds 10,000 violations);
//! - `git orx move ID InProgress --no-commit` (validate + atomic write), and
//!   `git orx move` with its commit next to a plain `git commit` of the same
//!   size, so the commit's own cost can be told apart.
//!
//! It reports each command's peak memory (max RSS) too. `ORX_BENCH_KEEP=1`
//! keeps the repository for profiling; `ORX_BENCH_ONLY=hooks` times only
//! the moves and the commits with and without git-orx's hooks,
//! `ORX_BENCH_ONLY=status` only `status`, its `--json` and `next`.
//! `ORX_BENCH_ROUNDS=N` sets how many interleaved rounds the commits and
//! checkouts with and without the hooks take (default 15): on a shared
//! machine one commit's time varies by milliseconds from the next, so the
//! median of 15 cannot tell a change of a few tenths of a millisecond;
//! its spread narrows with the square root of the rounds (each round is a
//! few commits and checkouts).
//! Figures go in the README; no test asserts on time.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

const RUNS: usize = 7;

/// The rounds of the commits with and without the hooks:
/// `ORX_BENCH_ROUNDS`, or twice [`RUNS`] and one (commits vary more than
/// reads).
fn commit_rounds() -> usize {
    std::env::var("ORX_BENCH_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(2 * RUNS + 1)
}

mod common;
use common::Bench;

impl Bench {
    fn measure_env(&self, program: &Path, args: &[&str], env: &[(&str, &str)]) -> (Duration, i64) {
        let start = Instant::now();
        let out = self
            .cmd(program, args)
            .envs(env.iter().copied())
            .output()
            .expect("spawn");
        assert!(
            out.status.success(),
            "{} {}: {}",
            program.display(),
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        (start.elapsed(), 0)
    }

    /// Runs once; returns wall time and peak RSS in KiB.
    // The child is reaped by `wait4` (for its rusage), which clippy cannot see.
    #[allow(clippy::zombie_processes)]
    fn measure(&self, program: &Path, args: &[&str]) -> (Duration, i64) {
        let start = Instant::now();
        let child = self
            .cmd(program, args)
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn");
        let (ok, rss) = wait(child.id());
        let took = start.elapsed();
        // `verify` reports the generated history's violations (exit 1).
        assert!(
            ok || args.first() == Some(&"verify"),
            "{} {} failed",
            program.display(),
            args.join(" ")
        );
        (took, rss)
    }

    fn git(&self, args: &[&str]) {
        let out = self.cmd(Path::new("git"), args).output().expect("git");
        assert!(
            out.status.success(),
            "git {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `wait4` so the peak memory is this child's own.
fn wait(pid: u32) -> (bool, i64) {
    let mut status = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: plain FFI call with valid pointers to locals.
    let r = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(r, pid as libc::pid_t, "wait4");
    (
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        usage.ru_maxrss,
    )
}

fn write_hook(path: &Path, text: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, text).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// An empty script in each of git-orx's hooks' places: the floor the
/// hooks are measured against (git starts the same hooks on both sides).
fn empty_hooks(hooks: &Path) {
    for name in orx::hooks::HOOKS {
        let _ = std::fs::remove_file(hooks.join(name));
        write_hook(&hooks.join(name), "#!/bin/sh\nexit 0\n");
    }
}

/// git-orx's own hooks in their places, installed as a user installs them.
fn orx_hooks(b: &Bench, hooks: &Path) {
    for name in orx::hooks::HOOKS {
        let _ = std::fs::remove_file(hooks.join(name));
    }
    assert!(
        b.cmd(&b.bin, &["hooks", "install"])
            .status()
            .unwrap()
            .success()
    );
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn story(id: &str, i: usize) -> String {
    let status = [
        "Draft",
        "Blocked",
        "AwaitingArchReview",
        "Approved",
        "InProgress",
        "Review",
        "Done",
    ][i % 7];
    format!(
        "---\nkind: story\nid: \"{id}\"\ntitle: Generated story {i}\nstatus: {status}\nquality: {{structure: 100, extraction: 90, score: 8.5, complexity: []}}\nrounds: {{architect: 1, qa: 0}}\n---\n# Story {id}: Generated story {i}\n\n## Story\n\nAs a user I want feature {i} so that the benchmark has a body.\n\n## Acceptance Criteria\n\n1. It works.\n2. It is fast.\n\n## Dev Notes\n\n{}\n",
        "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(20)
    )
}

/// Writes a history of `n + 1` commits with `git fast-import`: the setup
/// (`.orx/config.yaml`), then one commit adding each story.
fn import_history(b: &Bench, n: usize) -> Vec<String> {
    use std::io::Write;
    let config = std::fs::read(b.root.join(".orx/config.yaml")).unwrap();
    let mut child = b
        .cmd(Path::new("git"), &["fast-import", "--quiet"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = std::io::BufWriter::new(child.stdin.take().unwrap());
    let mut files = Vec::with_capacity(n);
    let commit = |w: &mut dyn Write, mark: usize, msg: &str, path: &str, data: &[u8]| {
        writeln!(
            w,
            "commit refs/heads/main\nmark :{mark}\ncommitter Bench <bench@example.com> {} +0000",
            1_700_000_000 + mark
        )
        .unwrap();
        writeln!(w, "data {}\n{msg}", msg.len()).unwrap();
        if mark > 1 {
            writeln!(w, "from :{}", mark - 1).unwrap();
        }
        writeln!(w, "M 100644 inline {path}\ndata {}", data.len()).unwrap();
        w.write_all(data).unwrap();
        writeln!(w).unwrap();
    };
    commit(&mut w, 1, "Set up git-orx", ".orx/config.yaml", &config);
    for i in 0..n {
        let id = format!("{}.{}", i / 100 + 1, i % 100 + 1);
        let rel = format!("docs/stories/{id}.generated-story-{i}.md");
        commit(
            &mut w,
            i + 2,
            &format!("story {id}"),
            &rel,
            story(&id, i).as_bytes(),
        );
        files.push(rel);
    }
    drop(w);
    assert!(child.wait().unwrap().success(), "fast-import failed");
    files
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is expected.
    let n: usize = std::env::var("ORX_BENCH_STORIES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_git-orx"));
    let tmp = tempfile::Builder::new()
        .prefix("orx-bench-")
        .tempdir()
        .expect("tempdir");
    let root = tmp.path().join("repo");
    std::fs::create_dir_all(root.join("docs/stories")).unwrap();
    let b = Bench {
        root: root.clone(),
        bin,
    };
    b.git(&["init", "-q"]);
    let setup = b.cmd(&b.bin, &["init"]).output().unwrap();
    assert!(setup.status.success());
    // History: the setup, then one commit per story, through fast-import.
    let files = import_history(&b, n);
    b.git(&["symbolic-ref", "HEAD", "refs/heads/main"]);
    b.git(&["checkout", "-q", "-f", "main"]);
    // Files younger than 2 s are never stat-cached (git's "racy" rule); a real
    // repository's files are older than that.
    std::thread::sleep(std::time::Duration::from_secs(3));
    let bytes: u64 = files
        .iter()
        .map(|f| std::fs::metadata(root.join(f)).unwrap().len())
        .sum();
    println!(
        "repository: {n} stories, {:.1} MiB of story files, at {}",
        bytes as f64 / 1048576.0,
        root.display()
    );

    let head: Vec<&str> = ["-c", "4096"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .collect();
    let rows: Vec<(&str, PathBuf, Vec<&str>)> = vec![
        (
            "floor: head -c 4096 (all files)",
            PathBuf::from("head"),
            head,
        ),
        (
            "git orx status (cold: no stat cache)",
            b.bin.clone(),
            vec!["status"],
        ),
        ("git orx status", b.bin.clone(), vec!["status"]),
        (
            "git orx status --json",
            b.bin.clone(),
            vec!["status", "--json"],
        ),
        ("git orx next", b.bin.clone(), vec!["next"]),
        ("git orx log (10,001 commits)", b.bin.clone(), vec!["log"]),
        (
            "git orx verify --all (10,001 commits)",
            b.bin.clone(),
            vec!["verify", "--all"],
        ),
    ];
    // `ORX_BENCH_ONLY=hooks` measures only the commits and the hooks.
    let only_hooks = std::env::var("ORX_BENCH_ONLY").is_ok_and(|v| v == "hooks");
    // `ORX_BENCH_ONLY=status` measures only the board: `status`, its
    // `--json` and `next`, next to the I/O floor.
    let only_status = std::env::var("ORX_BENCH_ONLY").is_ok_and(|v| v == "status");
    println!("{:<44} {:>10} {:>10}", "command", "median", "max RSS");
    let mut floor = Duration::ZERO;
    // `status` with its stat cache: what `status --json` and `next` are
    // held to (the same scan, with every item's steps).
    let mut status = Duration::ZERO;
    let board_only = |name: &&str| !only_status || !name.contains("commits");
    for (name, program, args) in rows
        .iter()
        .filter(|_| !only_hooks)
        .filter(|(name, ..)| board_only(name))
    {
        let cold = name.contains("cold");
        let cache = root.join(".git/orx-cache");
        let _ = b.measure(program, args); // warm the page cache
        let runs: Vec<(Duration, i64)> = (0..RUNS)
            .map(|_| {
                if cold {
                    let _ = std::fs::remove_dir_all(&cache);
                }
                b.measure(program, args)
            })
            .collect();
        let t = median(runs.iter().map(|r| r.0).collect());
        let rss = runs.iter().map(|r| r.1).max().unwrap_or(0);
        if floor.is_zero() {
            floor = t;
        }
        if *name == "git orx status" {
            status = t;
        }
        let against = if status.is_zero() || *name == "git orx status" || name.contains("commits") {
            String::new()
        } else {
            format!(", {:.2}x status", t.as_secs_f64() / status.as_secs_f64())
        };
        println!(
            "{name:<44} {:>10} {:>7} MiB   ({:.2}x floor{against})",
            ms(t),
            rss / 1024,
            t.as_secs_f64() / floor.as_secs_f64()
        );
    }

    if only_status {
        if std::env::var_os("ORX_BENCH_KEEP").is_some() {
            println!("kept: {}", tmp.keep().display());
        }
        return;
    }

    // move: the story in the middle goes Approved -> InProgress -> back by force.
    let id = (0..n)
        .map(|i| (i, format!("{}.{}", i / 100 + 1, i % 100 + 1)))
        .find(|(i, _)| i % 7 == 3 && *i >= n / 2)
        .map(|(_, id)| id)
        .expect("an Approved story");
    let mut no_commit = Vec::new();
    let mut with_commit = Vec::new();
    let mut plain_commit = Vec::new();
    let mut rss = 0;
    for _ in 0..RUNS {
        let (t, r) = b.measure(
            &b.bin,
            &["move", &id, "InProgress", "--as", "dev", "--no-commit"],
        );
        no_commit.push(t);
        rss = rss.max(r);
        b.git(&["checkout", "-q", "--", "."]);
        let (t, _) = b.measure(&b.bin, &["move", &id, "InProgress", "--as", "dev"]);
        with_commit.push(t);
        b.git(&["reset", "-q", "--hard", "HEAD~1"]);
        // A plain commit of the same one-line change, for comparison.
        let path = root.join(
            files
                .iter()
                .find(|f| f.contains(&format!("/{id}.")))
                .unwrap(),
        );
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(
            &path,
            text.replacen("status: Approved", "status: InProgress", 1),
        )
        .unwrap();
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        let (t, _) = b.measure_env(
            Path::new("git"),
            &["commit", "-q", "-m", "plain", "--", &rel],
            &[("ORX_ROLE", "dev")],
        );
        plain_commit.push(t);
        b.git(&["reset", "-q", "--hard", "HEAD~1"]);
    }
    println!(
        "{:<44} {:>10} {:>7} MiB",
        "git orx move --no-commit",
        ms(median(no_commit)),
        rss / 1024
    );
    println!(
        "{:<44} {:>10}",
        "git orx move (with its commit)",
        ms(median(with_commit))
    );
    println!(
        "{:<44} {:>10}",
        "git commit of the same change (comparison)",
        ms(median(plain_commit))
    );
    // The hooks' cost: one story committed by hand, with empty hooks and
    // with git-orx's, in this repository of n stories and n + 1 commits.
    let path = files
        .iter()
        .find(|f| f.contains(&format!("/{id}.")))
        .unwrap()
        .clone();
    let hooks = root.join(".git/hooks");
    let commit_once = |b: &Bench| {
        let text = std::fs::read_to_string(root.join(&path)).unwrap();
        std::fs::write(
            root.join(&path),
            text.replacen("status: Approved", "status: InProgress", 1),
        )
        .unwrap();
        let (t, _) = b.measure_env(
            Path::new("git"),
            &["commit", "-q", "-m", "start", "--", &path],
            &[("ORX_ROLE", "dev")],
        );
        b.git(&["reset", "-q", "--hard", "HEAD~1"]);
        t
    };
    let mut with_empty = Vec::new();
    let mut with_orx = Vec::new();
    // Commits vary more than reads: more runs for a steady median.
    for _ in 0..commit_rounds() {
        // The floor: an empty script in each hook's place, so that both
        // sides pay git's starts of the same hooks.
        empty_hooks(&hooks);
        with_empty.push(commit_once(&b));
        orx_hooks(&b, &hooks);
        with_orx.push(commit_once(&b));
    }
    let (empty, orx) = (median(with_empty), median(with_orx));
    // The floor of judging one staged story: what git itself takes to
    // say what is staged under the item directories (the shim's one
    // `git diff-index`, with the story staged), and one process start
    // (`true`), on top of the empty hooks' commit.
    let watched: Vec<String> = std::fs::read_to_string(root.join(".git/orx-watch"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect();
    let text = std::fs::read_to_string(root.join(&path)).unwrap();
    std::fs::write(
        root.join(&path),
        text.replacen("status: Approved", "status: InProgress", 1),
    )
    .unwrap();
    b.git(&["add", "--", &path]);
    let mut staged_args = vec![
        "diff-index",
        "--cached",
        "--raw",
        "-z",
        "-M",
        "--no-abbrev",
        "HEAD",
        "--",
    ];
    staged_args.extend(watched.iter().map(String::as_str));
    let (mut staged_diff, mut start) = (Vec::new(), Vec::new());
    for _ in 0..commit_rounds() {
        staged_diff.push(b.measure_env(Path::new("git"), &staged_args, &[]).0);
        start.push(b.measure_env(Path::new("true"), &[], &[]).0);
    }
    b.git(&["reset", "-q", "--hard", "HEAD"]);
    let (staged_diff, process_start) = (median(staged_diff), median(start));
    let floor = empty + staged_diff + process_start;
    println!(
        "{:<44} {:>10}",
        "git commit of one story, empty hooks",
        ms(empty)
    );
    println!(
        "{:<44} {:>10}   (+{}, {:.2}x the empty hooks; target +10 ms)",
        "git commit of one story, git-orx hooks",
        ms(orx),
        ms(orx.saturating_sub(empty)),
        orx.as_secs_f64() / empty.as_secs_f64()
    );
    println!(
        "{:<44} {:>10}   (git diff-index with the story staged {}, a process start {}: git-orx's hooks {:.2}x that floor; proposed target 1.2x)",
        "floor of judging one staged story",
        ms(floor),
        ms(staged_diff),
        ms(process_start),
        orx.as_secs_f64() / floor.as_secs_f64()
    );
    // The same, one story after another as people and agents commit
    // (another story each time, HEAD never moved back): the pre-commit
    // shim finds the story staged and hands its diff to git-orx.
    let approved: Vec<String> = files
        .iter()
        .filter(|f| {
            std::fs::read_to_string(root.join(f)).is_ok_and(|t| t.contains("status: Approved"))
        })
        .take(2 * commit_rounds())
        .cloned()
        .collect();
    let start = String::from_utf8(
        b.cmd(Path::new("git"), &["rev-parse", "HEAD"])
            .stdout(Stdio::piped())
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap()
    .trim()
    .to_owned();
    let commit_next = |b: &Bench, path: &str| {
        let text = std::fs::read_to_string(root.join(path)).unwrap();
        std::fs::write(
            root.join(path),
            text.replacen("status: Approved", "status: InProgress", 1),
        )
        .unwrap();
        b.measure_env(
            Path::new("git"),
            &["commit", "-q", "-m", "start", "--", path],
            &[("ORX_ROLE", "dev")],
        )
        .0
    };
    let (mut next_empty, mut next_orx) = (Vec::new(), Vec::new());
    for pair in approved.chunks(2) {
        let [a, c] = pair else { break };
        empty_hooks(&hooks);
        next_empty.push(commit_next(&b, a));
        orx_hooks(&b, &hooks);
        // git-orx judges the first commit after HEAD moved without it.
        b.git(&["commit", "-q", "--allow-empty", "-m", "first"]);
        next_orx.push(commit_next(&b, c));
    }
    b.git(&["reset", "-q", "--hard", &start]);
    let (empty, orx) = (median(next_empty), median(next_orx));
    println!(
        "{:<44} {:>10}",
        "one story after another, empty hooks",
        ms(empty)
    );
    println!(
        "{:<44} {:>10}   (+{}, {:.2}x the empty hooks, {:.2}x the floor as above; target +10 ms)",
        "one story after another, git-orx hooks",
        ms(orx),
        ms(orx.saturating_sub(empty)),
        orx.as_secs_f64() / empty.as_secs_f64(),
        orx.as_secs_f64() / (empty + staged_diff + process_start).as_secs_f64()
    );
    // What plain git costs with the hooks installed, where no item
    // changes: an empty commit, and a checkout of another branch and back
    // (interleaved with empty hooks, as above).
    b.git(&["branch", "-f", "bench-other", "HEAD"]);
    let plain_ops = |b: &Bench| {
        // Commits follow one another, as people's and agents' do (a reset
        // between them would make each the first after HEAD moved, which
        // git-orx itself judges once).
        let (commit, _) = b.measure_env(
            Path::new("git"),
            &["commit", "-q", "--allow-empty", "-m", "nothing"],
            &[("ORX_ROLE", "dev")],
        );
        let (away, _) = b.measure_env(Path::new("git"), &["checkout", "-q", "bench-other"], &[]);
        let (back, _) = b.measure_env(Path::new("git"), &["checkout", "-q", "-"], &[]);
        (commit, (away + back) / 2)
    };
    // The floor of knowing that a commit stages nothing git-orx judges:
    // the one `git diff-index` over the item directories the pre-commit
    // shim runs (`watched`, as git-orx keeps them for it).
    let mut diff_args = vec!["diff-index", "--cached", "--quiet", "HEAD", "--"];
    diff_args.extend(watched.iter().map(String::as_str));
    let mut diff_floor = Vec::new();
    let (mut commit_empty, mut commit_orx, mut checkout_empty, mut checkout_orx) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..commit_rounds() {
        empty_hooks(&hooks);
        let (c, k) = plain_ops(&b);
        commit_empty.push(c);
        checkout_empty.push(k);
        if !watched.is_empty() {
            diff_floor.push(b.measure_env(Path::new("git"), &diff_args, &[]).0);
        }
        orx_hooks(&b, &hooks);
        // The commits with empty hooks moved HEAD past what git-orx last
        // judged: its first commit after them goes to git-orx (the cost of
        // the first commit after a reset or a pull), the next ones do not.
        b.git(&["commit", "-q", "--allow-empty", "-m", "first"]);
        let (c, k) = plain_ops(&b);
        commit_orx.push(c);
        checkout_orx.push(k);
    }
    if !diff_floor.is_empty() {
        let (empty, diff, orx) = (
            median(commit_empty.clone()),
            median(diff_floor),
            median(commit_orx.clone()),
        );
        println!(
            "{:<44} {:>10}   (the floor of a commit of no item: the empty hooks' commit and it, {}, {:.2}x the empty hooks; git-orx's hooks {:.2}x that floor; target +2 ms)",
            "git diff-index over the item directories",
            ms(diff),
            ms(empty + diff),
            (empty + diff).as_secs_f64() / empty.as_secs_f64(),
            orx.as_secs_f64() / (empty + diff).as_secs_f64(),
        );
    }
    for (what, empty, orx) in [
        ("git commit --allow-empty", commit_empty, commit_orx),
        (
            "git checkout of another branch",
            checkout_empty,
            checkout_orx,
        ),
    ] {
        let (empty, orx) = (median(empty), median(orx));
        println!("{:<44} {:>10}", format!("{what}, empty hooks"), ms(empty));
        println!(
            "{:<44} {:>10}   (+{}, {:.2}x the empty hooks)",
            format!("{what}, git-orx hooks"),
            ms(orx),
            ms(orx.saturating_sub(empty)),
            orx.as_secs_f64() / empty.as_secs_f64()
        );
    }
    if std::env::var_os("ORX_BENCH_KEEP").is_some() {
        println!("kept: {}", tmp.keep().display());
    }
}
