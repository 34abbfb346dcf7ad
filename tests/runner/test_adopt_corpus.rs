//! `adopt` on real projects nobody tuned it for: the story files of public
//! BMAD v4, BMAD v6 and Orchestrix projects, byte for byte, under
//! `tests/fixtures/adopt/`.
//! Each project is adopted as a new user would (no preset, only the
//! project's own words passed as `--map`); the state of every story is
//! compared with the one a person reads in it, written by hand in the
//! project's `EXPECTED` table. A dry run writes nothing; the real run
//! keeps every byte of every file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::Repo;

/// What a person reads in one project's files.
struct Expected {
    preset: String,
    maps: Vec<String>,
    /// Path → state (`-`: not a story, left out), with what the file says.
    files: Vec<(String, String, String)>,
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/adopt")
}

fn expected(dir: &Path) -> Expected {
    let text = std::fs::read_to_string(dir.join("EXPECTED")).unwrap();
    let mut e = Expected {
        preset: String::new(),
        maps: Vec::new(),
        files: Vec::new(),
    };
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let cells: Vec<&str> = line.split('\t').collect();
        match cells[0] {
            "preset" => e.preset = cells[1].to_owned(),
            "map" => e.maps.push(cells[1].to_owned()),
            path => e.files.push((
                path.to_owned(),
                cells[1].to_owned(),
                cells.get(2).copied().unwrap_or("").to_owned(),
            )),
        }
    }
    e
}

/// Every file of the project (not `PROVENANCE` or `EXPECTED`), by path.
fn project_files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, at: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
                continue;
            }
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_str()
                .unwrap()
                .to_owned();
            if rel != "PROVENANCE" && rel != "EXPECTED" {
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// The project committed in a fresh repository, as its own history.
fn checkout(files: &BTreeMap<String, Vec<u8>>) -> Repo {
    let repo = Repo::bare_git();
    for (path, bytes) in files {
        let at = repo.path(path);
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        std::fs::write(at, bytes).unwrap();
    }
    repo.git(&["add", "-A"]).ok();
    repo.git(&["commit", "-q", "-m", "The project before git-orx"])
        .ok();
    repo
}

/// The body of a Markdown file: what follows its frontmatter, if any.
fn body(bytes: &[u8]) -> &[u8] {
    let text = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    if !text.starts_with(b"---\n") {
        return text;
    }
    let rest = &text[4..];
    let mut at = 0;
    for line in rest.split_inclusive(|b| *b == b'\n') {
        at += line.len();
        if line == b"---\n" || line == b"---" {
            return &rest[at..];
        }
    }
    text
}

/// The frontmatter lines of a Markdown file.
fn front(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim_start_matches('\u{feff}');
    let Some(rest) = text.strip_prefix("---\n") else {
        return Vec::new();
    };
    rest.lines()
        .take_while(|l| *l != "---")
        .map(str::to_owned)
        .collect()
}

#[test]
fn real_projects_are_adopted_as_a_person_reads_them() {
    let mut projects: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("EXPECTED").is_file())
        .collect();
    projects.sort();
    assert!(
        projects.len() >= 10,
        "the corpus has {} projects",
        projects.len()
    );
    let (mut right, mut total) = (0usize, 0usize);
    let mut wrong: Vec<String> = Vec::new();
    let mut report = String::new();
    let mut failed_runs: Vec<String> = Vec::new();
    let mut wrong_presets: Vec<String> = Vec::new();
    for dir in &projects {
        let name = dir.file_name().unwrap().to_str().unwrap();
        let want = expected(dir);
        let files = project_files(dir);
        let repo = checkout(&files);
        let mut args: Vec<String> = vec!["adopt".into(), "--dry-run".into(), "--json".into()];
        for m in &want.maps {
            args.push("--map".into());
            args.push(m.clone());
        }
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = repo.orx(&argv);
        let plan: Value = serde_json::from_str(&run.stdout)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{}{}", run.stdout, run.stderr));
        // A dry run writes nothing.
        assert_eq!(
            repo.git(&["status", "--porcelain"]).stdout,
            "",
            "{name}: the dry run wrote"
        );
        let plan = &plan["plan"];
        if plan["preset"].as_str() != Some(want.preset.as_str()) {
            wrong_presets.push(format!("{name}: preset {}", plan["preset"]));
        }
        let entries: BTreeMap<String, &Value> = plan["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["path"].as_str().unwrap().to_owned(), e))
            .collect();
        let (mut p_right, mut p_total) = (0, 0);
        for (path, state, says) in &want.files {
            let got = entries.get(path).filter(|e| {
                e["problems"].as_array().is_some_and(|p| p.is_empty())
                    && !e["adopted"].as_bool().unwrap_or(false)
            });
            let got_state = got.and_then(|e| e["state"].as_str()).unwrap_or("-");
            p_total += 1;
            if got_state == state {
                p_right += 1;
            } else {
                let why = entries
                    .get(path)
                    .map(|e| e["problems"].to_string())
                    .unwrap_or_else(|| "left out".to_owned());
                wrong.push(format!(
                    "{name}/{path}: read {got_state}, a person reads {state} ({says}) {why}"
                ));
            }
        }
        report.push_str(&format!("{name}: {p_right}/{p_total}\n"));
        right += p_right;
        total += p_total;
        // The real run adopts what is sound and loses nothing: every body
        // byte for byte, every field of a frontmatter there was.
        let mut args = args.clone();
        args[1] = "--yes".into();
        args.retain(|a| a != "--json");
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = repo.orx(&argv);
        if run.code != 0 {
            failed_runs.push(format!("{name}: {}{}", run.stdout, run.stderr));
        }
        // The adopted project checks clean but for the stories left as
        // they were (each listed with its fix by the plan).
        let left: Vec<&str> = entries
            .iter()
            .filter(|(_, e)| e["problems"].as_array().is_some_and(|p| !p.is_empty()))
            .map(|(p, _)| p.as_str())
            .collect();
        let check = repo.orx(&["check"]);
        for line in check.stdout.lines().chain(check.stderr.lines()) {
            if let Some((path, _)) = line.split_once(':')
                && path.ends_with(".md")
            {
                assert!(left.contains(&path), "{name}: check: {line}");
            }
        }
        for (path, old) in &files {
            let now = std::fs::read(repo.path(path)).unwrap();
            if !path.ends_with(".md") {
                assert!(&now == old, "{name}/{path} changed");
                continue;
            }
            assert!(body(&now) == body(old), "{name}/{path}: its body changed");
            let kept = front(&now);
            for line in front(old) {
                assert!(kept.contains(&line), "{name}/{path} lost `{line}`");
            }
        }
    }
    let share = right as f64 * 100.0 / total as f64;
    println!("{report}adopt read {right} of {total} files as a person does: {share:.1}%");
    for w in wrong.iter().chain(&wrong_presets) {
        println!("  {w}");
    }
    assert!(wrong_presets.is_empty(), "{wrong_presets:?}");
    assert!(failed_runs.is_empty(), "{}", failed_runs.join("\n"));
    assert!(share >= 95.0, "{share:.1}% < 95%:\n{}", wrong.join("\n"));
}

/// The corpus is what the projects hold, byte for byte: each file's git
/// blob id is the one its `PROVENANCE` records from the project's commit.
#[test]
fn the_corpus_files_are_byte_exact_copies_of_their_provenance() {
    let repo = Repo::bare_git();
    let mut checked = 0;
    for dir in std::fs::read_dir(corpus()).unwrap() {
        let dir = dir.unwrap().path();
        let Ok(provenance) = std::fs::read_to_string(dir.join("PROVENANCE")) else {
            continue;
        };
        assert!(
            provenance.starts_with("repository: https://github.com/")
                && provenance.contains("\ncommit: ")
                && provenance.contains("\nlicense: "),
            "{}",
            dir.display()
        );
        let listed = provenance.split("\nfiles").nth(1).unwrap_or("");
        for line in listed.lines().skip(1) {
            let (path, blob) = line.trim().rsplit_once(' ').unwrap();
            let file = dir.join(path);
            let file = file.to_str().unwrap();
            let got = repo.git(&["hash-object", file]).stdout;
            assert_eq!(got.trim(), blob, "{file}");
            checked += 1;
        }
    }
    assert!(checked > 250, "only {checked} files listed");
}
