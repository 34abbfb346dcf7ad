//! `cargo bench --bench history`: `log`, `metrics` and `verify` over a long
//! history, and the history cache.
//!
//! Generates, with one `git fast-import` stream, N transition commits
//! (default 100,000; `ORX_BENCH_COMMITS`) over S stories (default 2,000;
//! `ORX_BENCH_STORIES`): each commit moves one story one step along its
//! lifecycle. Then times, once each (a first run is only first once):
//! - the floor: `git log --raw --no-renames --format=%H` over the history;
//! - `git orx metrics` and `git orx log`, first (no history cache) and
//!   warm (`log` writes again what it wrote of the commits it has seen);
//! - `git orx report` and `git orx doctor`, warm;
//! - both again after 1,000 more commits (what the cache reads anew),
//!   each from the same warm cache, and git's own `log --raw` over those
//!   commits, with each one's ratio to it (target: 1.5x);
//! - `git orx verify A..B` over the last 100 commits;
//!
//! with each command's peak memory (max RSS). Figures go in the README; no
//! test asserts on time. `ORX_BENCH_KEEP=1` keeps the repository.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

mod common;
use common::Bench;

impl Bench {
    /// Runs once; returns wall time and peak RSS in MiB.
    // The child is reaped by `wait4` (for its rusage), which clippy cannot see.
    #[allow(clippy::zombie_processes)]
    fn measure(&self, program: &Path, args: &[&str]) -> (Duration, i64) {
        let start = Instant::now();
        let child = self
            .cmd(program, args)
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        let mut status = 0;
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: plain FFI call with valid pointers to locals.
        let r = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
        assert_eq!(r, child.id() as libc::pid_t, "wait4");
        let took = start.elapsed();
        let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
        // `verify` reports the generated history's violations (exit 1).
        assert!(
            ok || args.first() == Some(&"verify"),
            "{} failed",
            args.join(" ")
        );
        (took, usage.ru_maxrss / 1024)
    }

    fn git(&self, args: &[&str]) {
        let ok = self
            .cmd(Path::new("git"), args)
            .stderr(Stdio::null())
            .status()
            .expect("git");
        assert!(ok.success(), "git {}", args.join(" "));
    }
}

/// The lifecycle a generated story walks, one step a commit; past its end
/// it goes round InProgress and Review.
const STEPS: &[(&str, &str)] = &[
    ("Draft", "sm"),
    ("AwaitingArchReview", "sm"),
    ("RequiresRevision", "architect"),
    ("AwaitingArchReview", "sm"),
    ("Approved", "architect"),
    ("InProgress", "dev"),
    ("Review", "dev"),
];

fn story(id: &str, step: usize) -> (String, &'static str) {
    let (status, role) = match STEPS.get(step) {
        Some(s) => *s,
        None if step % 2 == 1 => ("InProgress", "qa"),
        None => ("Review", "dev"),
    };
    let rounds = step.saturating_sub(STEPS.len()) / 2 + usize::from(step >= 6);
    let text = format!(
        "---\nkind: story\nid: \"{id}\"\ntitle: Generated story {id}\nstatus: {status}\nquality: {{structure: 100, extraction: 90, score: {}.5, complexity: []}}\nrounds: {{architect: {}, qa: {rounds}}}\n---\n# Story {id}\n\n## Story\n\nAs a user I want feature {id} so that the benchmark has a body.\n\n## Dev Notes\n\n{}\n",
        6 + step.min(3),
        usize::from(step >= 1) + usize::from(step >= 3),
        "Lorem ipsum dolor sit amet. ".repeat(8)
    );
    (text, role)
}

/// Appends `count` transition commits (from commit number `start`) over
/// `stories` stories to `refs/heads/main`, in one fast-import stream; the
/// first stream also commits the setup.
fn import(b: &Bench, start: usize, count: usize, stories: usize) {
    let mut child = b
        .cmd(Path::new("git"), &["fast-import", "--quiet"])
        .stdin(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut w = std::io::BufWriter::new(child.stdin.take().unwrap());
    let header = |w: &mut dyn Write, k: usize, msg: &str| {
        writeln!(
            w,
            "commit refs/heads/main\ncommitter Bench <bench@example.com> {} +0000\ndata {}\n{msg}",
            1_700_000_000 + k * 60,
            msg.len()
        )
        .unwrap();
    };
    if start == 0 {
        let config = std::fs::read(b.root.join(".orx/config.yaml")).unwrap();
        header(&mut w, 0, "Set up git-orx\n");
        writeln!(w, "M 100644 inline .orx/config.yaml\ndata {}", config.len()).unwrap();
        w.write_all(&config).unwrap();
        writeln!(w).unwrap();
    } else {
        // Go on from the tip.
        writeln!(w, "reset refs/heads/main\nfrom refs/heads/main^0\n").unwrap();
    }
    for k in start..start + count {
        let n = k % stories;
        let id = format!("{}.{}", n / 100 + 1, n % 100 + 1);
        let (text, role) = story(&id, k / stories);
        let msg = format!("story {id}\n\nOrx-Role: {role}\n");
        header(&mut w, k + 1, &msg);
        writeln!(
            w,
            "M 100644 inline docs/stories/{id}.generated.md\ndata {}",
            text.len()
        )
        .unwrap();
        w.write_all(text.as_bytes()).unwrap();
        writeln!(w).unwrap();
    }
    drop(w);
    assert!(child.wait().unwrap().success(), "fast-import failed");
}

/// Copies the files of directory `from` into a new directory `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        match e.file_type().unwrap().is_dir() {
            true => copy_dir(&e.path(), &to.join(e.file_name())),
            false => {
                std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
            }
        }
    }
}

fn main() {
    let env = |k: &str, d: usize| {
        std::env::var(k)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(d)
    };
    let (commits, stories) = (
        env("ORX_BENCH_COMMITS", 100_000),
        env("ORX_BENCH_STORIES", 2_000),
    );
    let tmp = tempfile::Builder::new()
        .prefix("orx-bench-history-")
        .tempdir()
        .expect("tempdir");
    let b = Bench {
        root: tmp.path().join("repo"),
        bin: PathBuf::from(env!("CARGO_BIN_EXE_git-orx")),
    };
    std::fs::create_dir_all(&b.root).unwrap();
    b.git(&["init", "-q"]);
    assert!(
        b.cmd(&b.bin, &["init"])
            .stderr(Stdio::null())
            .status()
            .unwrap()
            .success()
    );
    let t = Instant::now();
    import(&b, 0, commits, stories);
    b.git(&["symbolic-ref", "HEAD", "refs/heads/main"]);
    b.git(&["checkout", "-q", "-f", "main"]);
    println!(
        "history: {commits} transition commits over {stories} stories (fast-import and checkout: {:.1} s)",
        t.elapsed().as_secs_f64()
    );
    let cache = b.root.join(".git/orx/history");
    let row = |name: &str, (t, rss): (Duration, i64)| {
        println!(
            "{name:<52} {:>9.1} ms {rss:>6} MiB",
            t.as_secs_f64() * 1000.0
        );
        t
    };
    let git = Path::new("git");
    let floor_args = ["log", "--raw", "--no-renames", "--format=%H"];
    let _ = b.measure(git, &floor_args); // warm the page cache
    let floor = row(
        "floor: git log --raw --no-renames --format=%H",
        b.measure(git, &floor_args),
    );
    let ratio = |t: Duration| t.as_secs_f64() / floor.as_secs_f64();
    // `log` last: its warm run keeps what it wrote, which the run after
    // the new commits writes again (a first run of `metrics` would
    // remove it with the cache).
    for cmd in ["metrics", "log"] {
        let _ = std::fs::remove_dir_all(&cache);
        let first = row(
            &format!("git orx {cmd}, first run (no cache)"),
            b.measure(&b.bin, &[cmd]),
        );
        println!("{:>52} ({:.2}x floor)", "", ratio(first));
        row(&format!("git orx {cmd}, warm"), b.measure(&b.bin, &[cmd]));
    }
    // The other readers of the trail, warm.
    let page = b.root.join(".git/orx/bench-report.html");
    let page = page.to_string_lossy();
    row(
        "git orx report --html FILE, warm",
        b.measure(&b.bin, &["report", "--html", &page]),
    );
    row("git orx doctor, warm", b.measure(&b.bin, &["doctor"]));
    import(&b, commits, 1_000, stories);
    b.git(&["checkout", "-q", "-f", "main"]);
    // git's own reading of those commits: what reading them anew costs
    // at the least.
    let new_floor = ["log", "--raw", "--no-renames", "--format=%H", "-1000"];
    let _ = b.measure(git, &new_floor); // warm the page cache
    let floor = row(
        "floor: the same git log over the 1,000 new commits",
        b.measure(git, &new_floor),
    );
    // Each command reads the 1,000 new commits on top of the cache the
    // warm runs left: the cache is put back as it was between them.
    let kept = b.root.join(".git/orx/history-kept");
    copy_dir(&cache, &kept);
    for cmd in ["log", "metrics"] {
        let _ = std::fs::remove_dir_all(&cache);
        copy_dir(&kept, &cache);
        let t = row(
            &format!("git orx {cmd}, 1,000 new commits"),
            b.measure(&b.bin, &[cmd]),
        );
        println!(
            "{:>52} ({:.2}x floor, target 1.5x)",
            "",
            t.as_secs_f64() / floor.as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&kept);
    row(
        "git orx verify HEAD~100..HEAD",
        b.measure(&b.bin, &["verify", "HEAD~100..HEAD"]),
    );
    if std::env::var_os("ORX_BENCH_KEEP").is_some() {
        println!("kept: {}", tmp.keep().display());
    }
}
