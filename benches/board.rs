//! `cargo bench --bench board`: `git orx board` on large repositories.
//!
//! For each size (default 2,000 and 10,000 stories, one commit each;
//! `ORX_BENCH_BOARD=2000,10000`) it builds the repository with `git
//! fast-import`, runs `git orx status` once (the stat and history caches
//! any earlier command leaves), then times, as the median of several runs:
//! - opening the board: a new server's page, script, styles and first
//!   board (the JSON the page draws), as a browser asks for them;
//! - the board again with nothing changed (the server's copy);
//! - the board after a change on disk (a story edited: made again);
//! - one item's page (fields, body, history, moves);
//! - the server's CPU use while idle (the 250 ms poll of the stamps).
//!
//! No test asserts on time; the figures go in docs/board.md.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::Bench;

const RUNS: usize = 7;

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

/// The setup commit, then one commit adding each story.
fn import(b: &Bench, n: usize) {
    let config = std::fs::read(b.root.join(".orx/config.yaml")).unwrap();
    let mut child = b
        .cmd(Path::new("git"), &["fast-import", "--quiet"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = std::io::BufWriter::new(child.stdin.take().unwrap());
    let mut commit = |mark: usize, msg: &str, path: &str, data: &[u8]| {
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
    commit(1, "Set up git-orx", ".orx/config.yaml", &config);
    for i in 0..n {
        let id = format!("{}.{}", i / 100 + 1, i % 100 + 1);
        let rel = format!("docs/stories/{id}.generated-story-{i}.md");
        commit(
            i + 2,
            &format!("story {id}"),
            &rel,
            story(&id, i).as_bytes(),
        );
    }
    drop(w);
    assert!(child.wait().unwrap().success(), "fast-import failed");
}

struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(b: &Bench) -> Server {
        let mut child = b
            .cmd(&b.bin, &["board"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let at = line.find("http://").expect("no address printed") + 7;
        let addr = line[at..].trim().trim_end_matches('/').to_owned();
        Server { child, addr }
    }

    /// GET `path`: the body's length.
    fn get(&self, path: &str) -> usize {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        )
        .unwrap();
        let mut out = Vec::new();
        s.read_to_end(&mut out).unwrap();
        assert!(
            out.starts_with(b"HTTP/1.1 200"),
            "{path}: {}",
            String::from_utf8_lossy(&out[..out.len().min(300)])
        );
        out.len()
    }

    /// The CPU seconds the server has used (user and system).
    fn cpu(&self) -> f64 {
        let stat =
            std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        let fields: Vec<&str> = stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let ticks: f64 = fields.get(11..13).map_or(0.0, |f| {
            f.iter().map(|v| v.parse::<f64>().unwrap_or(0.0)).sum()
        });
        ticks / 100.0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn timed(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn run(n: usize) {
    let tmp = tempfile::Builder::new()
        .prefix("orx-bench-board-")
        .tempdir()
        .expect("tempdir");
    let root = tmp.path().join("repo");
    std::fs::create_dir_all(&root).unwrap();
    let b = Bench {
        root: root.clone(),
        bin: PathBuf::from(env!("CARGO_BIN_EXE_git-orx")),
    };
    let git = |args: &[&str]| {
        let out = b.cmd(Path::new("git"), args).output().unwrap();
        assert!(out.status.success(), "git {args:?}");
    };
    git(&["init", "-q"]);
    assert!(b.cmd(&b.bin, &["init"]).output().unwrap().status.success());
    import(&b, n);
    git(&["symbolic-ref", "HEAD", "refs/heads/main"]);
    git(&["checkout", "-q", "-f", "main"]);
    // Files younger than 2 s are never stat-cached (git's "racy" rule).
    std::thread::sleep(Duration::from_secs(3));
    let first = timed(|| {
        assert!(
            b.cmd(&b.bin, &["status"])
                .output()
                .unwrap()
                .status
                .success()
        );
    });
    println!(
        "\n{n} stories, {} commits (first `git orx status`, building the caches: {})",
        n + 1,
        ms(first)
    );
    let mut size = 0;
    let open: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let s = Server::start(&b);
            let t = timed(|| {
                s.get("/");
                s.get("/board.js");
                s.get("/board.css");
                size = s.get("/api/board");
            });
            drop(s);
            t
        })
        .collect();
    let s = Server::start(&b);
    s.get("/api/board");
    let again: Vec<Duration> = (0..RUNS)
        .map(|_| {
            timed(|| {
                s.get("/api/board");
            })
        })
        .collect();
    let story = root.join("docs/stories/1.1.generated-story-0.md");
    let text = std::fs::read_to_string(&story).unwrap();
    let changed: Vec<Duration> = (0..RUNS)
        .map(|i| {
            std::fs::write(&story, format!("{text}\nEdit {i}.\n")).unwrap();
            // The poll sees the change within 250 ms.
            std::thread::sleep(Duration::from_millis(400));
            timed(|| {
                s.get("/api/board");
            })
        })
        .collect();
    std::fs::write(&story, &text).unwrap();
    let item: Vec<Duration> = (0..RUNS)
        .map(|_| {
            timed(|| {
                s.get("/api/item?key=story:1.50");
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let (cpu0, t0) = (s.cpu(), Instant::now());
    std::thread::sleep(Duration::from_secs(5));
    let idle = (s.cpu() - cpu0) / t0.elapsed().as_secs_f64() * 100.0;
    println!("{:<52} {:>10}", "", "median");
    println!(
        "{:<52} {:>10}",
        "open the board (new server: page, script, styles, board)",
        ms(median(open))
    );
    println!(
        "{:<52} {:>10}",
        "  the board's JSON",
        format!("{:.0} KiB", size as f64 / 1024.0)
    );
    println!(
        "{:<52} {:>10}",
        "the board again, nothing changed",
        ms(median(again))
    );
    println!(
        "{:<52} {:>10}",
        "the board after a story changed on disk",
        ms(median(changed))
    );
    println!("{:<52} {:>10}", "an item's page", ms(median(item)));
    println!(
        "{:<52} {:>10}",
        "server CPU while idle (250 ms poll)",
        format!("{idle:.1}%")
    );
}

fn main() {
    let sizes: Vec<usize> = std::env::var("ORX_BENCH_BOARD")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![2_000, 10_000]);
    for n in sizes {
        run(n);
    }
}
