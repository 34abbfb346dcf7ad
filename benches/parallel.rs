//! `cargo bench --bench parallel`: git-orx where many branches meet.
//!
//! Builds a repository with N stories (default 2,000; `ORX_BENCH_STORIES`)
//! in one commit and B branches (default 20; `ORX_BENCH_BRANCHES`), each
//! moving 20 stories of its own, with `git fast-import`; then times, as the
//! median of several runs:
//! - `git orx status --branches` over every branch (warm);
//! - the merge driver (`git orx merge-file`) on a story of 1,000 lines
//!   whose two sides changed its state and a line of its body, next to
//!   `git merge-file` on the same three files (git's own text merge, which
//!   the driver runs for the body: the floor).
//!
//! No test asserts on time; figures go in docs/performance.md.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

mod common;
use common::Bench;

const RUNS: usize = 9;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn story(id: &str, status: &str, lines: usize) -> String {
    let mut body = String::new();
    for l in 0..lines {
        body.push_str(&format!(
            "Line {l} of the story's notes, long enough to be a line.\n"
        ));
    }
    format!(
        "---\nkind: story\nid: \"{id}\"\ntitle: Generated story {id}\nstatus: {status}\n---\n# Story {id}\n\n{body}"
    )
}

/// The median of `RUNS` runs of `program args` (after one to warm up).
fn median(b: &Bench, program: &Path, args: &[&str]) -> Duration {
    let run = || {
        let start = Instant::now();
        let out = b.cmd(program, args).output().expect("spawn");
        let took = start.elapsed();
        // `merge-file` exits 1 on a conflict; a clean merge is 0.
        assert!(
            out.status.code().is_some_and(|c| c <= 1),
            "{} {}: {}",
            program.display(),
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        took
    };
    run();
    let mut times: Vec<Duration> = (0..RUNS).map(|_| run()).collect();
    times.sort();
    times[RUNS / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let n = env_or("ORX_BENCH_STORIES", 2_000);
    let branches = env_or("ORX_BENCH_BRANCHES", 20);
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_git-orx"));
    let tmp = tempfile::Builder::new()
        .prefix("orx-bench-")
        .tempdir()
        .expect("tempdir");
    let root = tmp.path().join("repo");
    std::fs::create_dir_all(&root).unwrap();
    let b = Bench {
        root: root.clone(),
        bin,
    };
    let git = |args: &[&str]| {
        let out = b.cmd(Path::new("git"), args).output().unwrap();
        assert!(out.status.success(), "git {}", args.join(" "));
    };
    git(&["init", "-q", "-b", "main"]);
    let setup = b.cmd(&b.bin, &["init", "--no-hooks"]).output().unwrap();
    assert!(
        setup.status.success(),
        "{}",
        String::from_utf8_lossy(&setup.stderr)
    );
    let config = std::fs::read(root.join(".orx/config.yaml")).unwrap();
    // One commit with every story, then each branch moving 20 of them.
    let mut child = b
        .cmd(Path::new("git"), &["fast-import", "--quiet"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = std::io::BufWriter::new(child.stdin.take().unwrap());
    let id = |i: usize| format!("{}.{}", i / 100 + 1, i % 100 + 1);
    let path = |i: usize| format!("docs/stories/{}.generated-story.md", id(i));
    writeln!(
        w,
        "commit refs/heads/main\nmark :1\ncommitter Bench <bench@example.com> 1700000000 +0000\ndata 5\nbase\nM 100644 inline .orx/config.yaml\ndata {}",
        config.len()
    )
    .unwrap();
    w.write_all(&config).unwrap();
    writeln!(w).unwrap();
    for i in 0..n {
        let text = story(&id(i), "Draft", 20);
        writeln!(
            w,
            "M 100644 inline {}\ndata {}\n{text}",
            path(i),
            text.len()
        )
        .unwrap();
    }
    for br in 0..branches {
        writeln!(
            w,
            "commit refs/heads/agent-{br}\ncommitter Bench <bench@example.com> {} +0000\ndata 5\nmoves\nfrom :1",
            1_700_000_001 + br
        )
        .unwrap();
        for k in 0..20 {
            let i = (br * 20 + k) % n;
            let text = story(&id(i), "Approved", 20);
            writeln!(
                w,
                "M 100644 inline {}\ndata {}\n{text}",
                path(i),
                text.len()
            )
            .unwrap();
        }
    }
    drop(w);
    assert!(child.wait().unwrap().success(), "fast-import failed");
    git(&["checkout", "-q", "-f", "main"]);
    println!(
        "repository: {n} stories, {} branches ({branches} moving 20 stories each), at {}",
        branches + 1,
        root.display()
    );
    println!("{:<52} {:>10}", "command", "median");
    let across = median(&b, &b.bin, &["status", "--branches"]);
    println!(
        "{:<52} {:>10}",
        format!("git orx status --branches ({} branches)", branches + 1),
        ms(across)
    );

    // The merge driver on a 1,000-line story.
    let dir = tmp.path().join("merge");
    std::fs::create_dir_all(&dir).unwrap();
    let base = story("9.1", "Draft", 1_000);
    let ours = base.replace("status: Draft", "status: Approved");
    let theirs = base.replace("Line 500 of", "Line five hundred of");
    for (name, text) in [("base", &base), ("ours", &ours), ("theirs", &theirs)] {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let f = |n: &str| dir.join(n).display().to_string();
    let (fb, fo, ft) = (f("base"), f("ours"), f("theirs"));
    let floor = median(&b, Path::new("git"), &["merge-file", "-p", &fo, &fb, &ft]);
    // Each run merges into a fresh copy of our side, as git gives it.
    let run = || {
        std::fs::write(dir.join("ours"), &ours).unwrap();
        let start = Instant::now();
        let out = b
            .cmd(
                &b.bin,
                &[
                    "merge-file",
                    &fb,
                    &fo,
                    &ft,
                    "docs/stories/9.1.generated-story.md",
                ],
            )
            .output()
            .unwrap();
        let took = start.elapsed();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        took
    };
    run();
    let mut times: Vec<Duration> = (0..RUNS).map(|_| run()).collect();
    times.sort();
    let driver = times[RUNS / 2];
    let merged = std::fs::read_to_string(dir.join("ours")).unwrap();
    assert!(merged.contains("status: Approved") && merged.contains("Line five hundred"));
    println!(
        "{:<52} {:>10}",
        "floor: git merge-file -p (1,000-line story)",
        ms(floor)
    );
    println!(
        "{:<52} {:>10}",
        "git orx merge-file (1,000-line story)",
        ms(driver)
    );
    if std::env::var_os("ORX_BENCH_KEEP").is_some() {
        println!("kept: {}", tmp.keep().display());
    }
}
