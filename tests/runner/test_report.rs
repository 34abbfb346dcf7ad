//! `git orx report`: the HTML page, and the page in a real browser.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::Repo;

/// `2026-01-02T03:04:05Z` (the test repositories' time) plus `days`.
fn day(days: u32) -> String {
    format!("2026-01-{:02}T03:04:05Z", 2 + days)
}

fn at(repo: &Repo, days: u32, args: &[&str]) {
    let t = day(days);
    repo.orx_env(args, &[("GIT_AUTHOR_DATE", &t), ("GIT_COMMITTER_DATE", &t)])
        .ok();
}

/// Three stories over four days: 1.1 Approved 1 day, InProgress 2,
/// Review 1, then Done after QA's first round; 1.2 Approved 2 days, then
/// InProgress; 1.3 waits a day for the Architect, who escalates it.
fn history() -> Repo {
    let repo = Repo::new();
    repo.story("Login", &["--score", "8.5"]);
    repo.story("Export <b>data</b>", &["--score", "8.5"]);
    repo.story(
        "Failover",
        &["--score", "7.0", "--complexity", "cross-service"],
    );
    at(
        &repo,
        1,
        &[
            "gate",
            "1.3",
            "--as",
            "architect",
            "--score",
            "7",
            "--critical",
            "1",
            "--escalate",
        ],
    );
    at(&repo, 1, &["move", "1.1", "InProgress", "--as", "dev"]);
    at(&repo, 2, &["move", "1.2", "InProgress", "--as", "dev"]);
    at(&repo, 3, &["move", "1.1", "Review", "--as", "dev"]);
    at(
        &repo,
        4,
        &[
            "gate",
            "1.1",
            "--as",
            "qa",
            "--critical",
            "0",
            "--high",
            "0",
            "--criteria-met",
        ],
    );
    repo
}

/// Writes the report of `repo` as of day 5 and returns its path and text.
fn report(repo: &Repo) -> (PathBuf, String) {
    let file = repo.root.parent().unwrap().join("report.html");
    let t = day(5);
    let out = repo.orx_env(
        &["report", "--html", file.to_str().unwrap()],
        &[("GIT_COMMITTER_DATE", &t)],
    );
    out.ok();
    let text = std::fs::read_to_string(&file).unwrap();
    (file, text)
}

const CHARTS: [&str; 4] = [
    "cumulative-flow",
    "time-in-state",
    "review-rounds",
    "timelines",
];

#[test]
fn the_report_is_one_self_contained_page_with_its_charts_and_figures() {
    let repo = history();
    let (_, page) = report(&repo);
    // Nothing fetched from anywhere: no URL, no linked file, and a policy
    // that would refuse any fetch.
    for outside in ["http:", "https:", "src=", "href=", "url(", "@import"] {
        assert!(!page.contains(outside), "the page has {outside}");
    }
    assert!(page.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    for chart in CHARTS {
        assert_eq!(
            page.matches(&format!("data-chart=\"{chart}\"")).count(),
            1,
            "{chart}"
        );
    }
    // Time in state, from the stays above: Approved 1 and 2 days,
    // InProgress 2 days (1.2 is still there), Review 1 day.
    assert!(page.contains("median 36.0 h · n=2"), "Approved");
    assert!(page.contains("median 2.0 d · n=1"), "InProgress");
    assert!(page.contains("median 24.0 h · n=1"), "Review");
    // Review rounds: 1.1 had QA's first round, 1.2 and 1.3 none; 1.3 had
    // the Architect's first round.
    assert!(page.contains("QA: 1 story items with 1 rounds"));
    assert!(page.contains("QA: 2 story items with 0 rounds"));
    assert!(page.contains("Architect: 2 story items with 0 rounds"));
    assert!(page.contains("Architect: 1 story items with 1 rounds"));
    // The metrics: every move to Approved was automatic; the one story
    // the Architect reviewed was escalated, past the 10% threshold.
    assert!(page.contains("<b>100%</b><span>auto-approval rate</span>"));
    assert!(page.contains("<b>100%</b><span>escalation rate</span>"));
    assert!(page.contains(
        "<tr><td>escalation rate 100% &gt; 10%: check the workflow and training</td><td>100%</td><td>10%</td>"
    ));
    let alerts = page
        .split_once("<table class=\"alert alerts\">")
        .and_then(|(_, rest)| rest.split_once("</table>"))
        .map_or("", |(t, _)| t);
    assert_eq!(alerts.matches("<tr><td>").count(), 1, "one alert");
    // Stuck now (over 48 h, longest first): 1.3 escalated on day 1, 1.2
    // in progress since day 2.
    assert!(page.contains(
        "<table class=\"stuck\">\n<tr><th>item</th><th>state</th><th>for</th></tr>\n<tr><td>1.3</td><td>Escalated</td><td>4.0 d</td></tr>\n<tr><td>1.2</td><td>InProgress</td><td>3.0 d</td></tr>\n</table>"
    ));
    // 1.1's timeline: Approved on day 0 for 1 day.
    assert!(page.contains("<title>1.1 Approved: 2026-01-02 (24.0 h)</title>"));
    assert!(page.contains("<p class=\"sub\">3 story items · 11 changes of state</p>"));
    assert!(page.contains("<p class=\"sub\">story · as of 2026-01-07 03:04 UTC</p>"));
    // A title cannot add markup.
    assert!(!page.contains("<b>data"));
}

#[test]
fn the_report_goes_to_standard_output_or_to_the_git_directory() {
    let repo = history();
    let out = repo.orx(&["report", "--html", "-"]);
    out.ok();
    assert!(out.stdout.starts_with("<!DOCTYPE html>"));
    let out = repo.orx(&["report"]);
    out.ok();
    assert_eq!(out.stdout, "wrote <repo>/.git/orx/report.html\n");
    assert!(repo.read(".git/orx/report.html").contains("data-chart"));
    repo.orx(&["report", "--html", "-", "--open"]).code(2);
}

/// The headless browser from the system's packages, or `None` when it is
/// not installed — never under CI, whose script installs it.
fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is not installed (apt-get install chromium); CI must run this test"
        );
        eprintln!("SKIPPED: chromium is not installed (apt-get install chromium)");
    }
    found
}

/// What the browser made of a page: its DOM once loaded (and scripts run)
/// and its log, with a screenshot written to `png`.
fn browse(browser: &Path, page: &Path, png: &Path) -> (String, String) {
    let profile = tempfile::tempdir().unwrap();
    let run = |extra: &[String]| {
        let out = Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--enable-logging=stderr",
                "--v=0",
                "--window-size=1200,1600",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .args(extra)
            .arg(format!("file://{}", page.display()))
            .env("HOME", profile.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "chromium failed: {out:?}");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (_, shot_log) = run(&[format!("--screenshot={}", png.display())]);
    let (dom, dom_log) = run(&["--dump-dom".to_owned()]);
    (dom, shot_log + &dom_log)
}

/// Console messages and uncaught errors in chromium's log.
fn console_errors(log: &str) -> Vec<&str> {
    log.lines()
        .filter(|l| l.contains("CONSOLE") || l.contains("Uncaught"))
        .collect()
}

#[test]
fn the_report_renders_its_charts_in_a_real_browser_without_errors() {
    let Some(browser) = chromium() else { return };
    let repo = history();
    let (file, _) = report(&repo);
    let png = file.with_extension("png");
    let (dom, log) = browse(&browser, &file, &png);
    // The scripts ran, found the four charts drawn, and saw no error.
    assert!(dom.contains("data-charts=\"4\""), "{dom}");
    assert!(!dom.contains("data-error=\""), "{dom}");
    assert_eq!(console_errors(&log), Vec::<&str>::new(), "{log}");
    for chart in CHARTS {
        assert!(dom.contains(&format!("data-chart=\"{chart}\"")), "{chart}");
    }
    assert!(dom.matches("<path ").count() >= 2);
    assert!(dom.matches("<rect ").count() >= 10);
    let shot = std::fs::read(&png).unwrap();
    assert!(shot.starts_with(b"\x89PNG\r\n\x1a\n") && shot.len() > 10_000);

    // The checks above do catch a page that fails: the same page with a
    // script error, and one whose charts are gone.
    let text = std::fs::read_to_string(&file).unwrap();
    let broken = file.with_file_name("broken.html");
    std::fs::write(
        &broken,
        text.replace("</body>", "<script>noSuchFunction();</script></body>")
            .replace("class=\"chart\"", "class=\"gone\""),
    )
    .unwrap();
    let (dom, log) = browse(&browser, &broken, &png);
    assert!(
        dom.contains("data-error=\"Uncaught ReferenceError"),
        "{dom}"
    );
    assert!(dom.contains("data-charts=\"0\""), "{dom}");
    assert!(!console_errors(&log).is_empty(), "{log}");
}
