//! The forge bridge: Gitea and GitHub webhook payloads applied with
//! `git orx event`, and received by `git orx serve` on the loopback with
//! signed (and unsigned) requests.

use std::io::{Read, Write};
use std::process::Stdio;

use serde_json::{Value, json};

use crate::common::{Repo, Run};

/// A set-up repository whose team maps forge logins to roles.
pub(crate) fn forge_repo() -> Repo {
    let repo = Repo::new();
    let config = repo.read(".orx/config.yaml");
    repo.write(
        ".orx/config.yaml",
        format!("{config}\nteam:\n  pangtong: lead\n  simayi: reviewer\n  zhaoyun: dev\n  machao: qa\n  zhuge: architect\n"),
    );
    repo.commit_rules("the team");
    repo
}

fn user(login: &str) -> Value {
    json!({"id": 1, "login": login, "username": login})
}

/// Gitea's `issues` payload.
pub(crate) fn issue(
    action: &str,
    n: u64,
    title: &str,
    body: &str,
    labels: &[&str],
    assignee: Option<&str>,
) -> Value {
    json!({
        "action": action,
        "number": n,
        "issue": {
            "id": 100 + n, "number": n, "title": title, "body": body, "state": "open",
            "labels": labels.iter().map(|l| json!({"name": l})).collect::<Vec<_>>(),
            "assignee": assignee.map(user),
            "assignees": assignee.map(|a| vec![user(a)]),
            "user": user("pangtong"),
        },
        "repository": {"full_name": "team/app"},
        "sender": user("pangtong"),
    })
}

/// Gitea's `issue_comment` payload.
fn comment(n: u64, login: &str, body: &str) -> Value {
    json!({
        "action": "created",
        "issue": {"number": n, "title": "Login page"},
        "comment": {"id": 7, "body": body, "user": user(login)},
        "repository": {"full_name": "team/app"},
        "sender": user(login),
    })
}

/// Gitea's `pull_request` payload.
fn pull(action: &str, n: u64, branch: &str, merged: Option<&str>) -> Value {
    json!({
        "action": action,
        "number": n,
        "pull_request": {
            "number": n, "title": "A change", "body": "Closes #2",
            "head": {"ref": branch}, "base": {"ref": "main"},
            "merged": merged.is_some(), "merge_commit_sha": merged,
            "user": user("zhaoyun"),
        },
        "repository": {"full_name": "team/app"},
        "sender": user("zhaoyun"),
    })
}

/// Gitea's `pull_request_review_*` payload.
fn review(n: u64, branch: &str, kind: &str, content: &str) -> Value {
    json!({
        "action": "reviewed",
        "number": n,
        "pull_request": {"number": n, "head": {"ref": branch}, "base": {"ref": "main"}},
        "review": {"type": kind, "content": content},
        "repository": {"full_name": "team/app"},
        "sender": user("simayi"),
    })
}

/// `git orx event FORGE --event EVENT < payload.json`.
#[track_caller]
fn event(repo: &Repo, forge: &str, name: &str, payload: &Value) -> Run {
    event_with(repo, forge, name, payload, &[])
}

/// `event`, with more arguments (`--json`, `--lang zh`).
#[track_caller]
fn event_with(repo: &Repo, forge: &str, name: &str, payload: &Value, more: &[&str]) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("payload.json");
    // Tasks (their branches) by their drawn IDs, as the forge knows them.
    let payload = repo.real(&serde_json::to_string_pretty(payload).unwrap());
    std::fs::write(&file, payload).unwrap();
    let out = repo
        .command("git")
        .args(["orx", "event", forge, "--event", name])
        .args(more)
        .stdin(std::fs::File::open(&file).unwrap())
        .output()
        .unwrap();
    // The tasks it made are learnt, and named as the test names them.
    repo.tasks();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: repo.named(&String::from_utf8_lossy(&out.stdout)),
        stderr: repo.named(&String::from_utf8_lossy(&out.stderr)),
    }
}

#[track_caller]
pub(crate) fn state(repo: &Repo, id: &str) -> String {
    let out = repo.orx(&["show", id, "--json"]);
    out.ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    v["status"].as_str().unwrap().to_owned()
}

fn code(repo: &Repo, file: &str, message: &str) {
    repo.write(file, format!("{message}\n"));
    repo.git(&["add", file]).ok();
    repo.git(&["commit", "-q", "-m", message]).ok();
}

/// Merges `branch` into main as a forge does; the merge commit's id.
fn merge(repo: &Repo, branch: &str) -> String {
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.git(&[
        "merge",
        "--no-ff",
        "-q",
        "-m",
        &format!("Merge pull request 'A change' (#9) from {branch} into main"),
        branch,
    ])
    .ok();
    repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned()
}

/// The end-to-end flow's overview (§22.1) on Gitea, with its own event
/// and action names (`issues/opened`, `synchronized` beside GitHub's
/// `synchronize`, `pull_request/closed`, `issues/closed`):
/// a goal opened on Gitea, discussed in its comments, split into two
/// sub-issues (the second depending on the first, whose pull request does
/// not start it early), each done through a pull request (one with
/// changes requested, one with a failing CI), merged; the lead's round
/// review comment opens round 2, whose sub-issue is merged too, and the
/// goal's issue closed after the second review: the two-round flow, from
/// payload files.
#[test]
fn the_goal_flow_driven_by_gitea_payloads() {
    let repo = forge_repo();
    let g = "gitea";
    // --dry-run says what it would do and writes nothing.
    let before = repo.state();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("payload.json");
    let opened = issue(
        "opened",
        1,
        "Login page",
        "Users log in.",
        &["type/feat"],
        None,
    );
    std::fs::write(&file, serde_json::to_vec(&opened).unwrap()).unwrap();
    let out = repo
        .command("git")
        .args(["orx", "event", g, "--dry-run"])
        .stdin(std::fs::File::open(&file).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("goal G1: (new) -> open (issues/opened)"),
        "{said}"
    );
    assert_eq!(repo.state(), before);
    event(
        &repo,
        g,
        "issues",
        &issue(
            "opened",
            1,
            "Login page",
            "Users log in.",
            &["type/feat"],
            None,
        ),
    )
    .ok()
    .stdout_has(&["goal G1: (new) -> open", "goal G1: open -> discussing"]);
    event(
        &repo,
        g,
        "issue_comment",
        &comment(1, "zhaoyun", "[Dev] I take the form"),
    )
    .ok();
    event(
        &repo,
        g,
        "issue_comment",
        &comment(1, "machao", "[QA] I take its tests"),
    )
    .ok();
    event(&repo, g, "issue_comment", &comment(1, "zhuge", "NO_REPLY")).ok();
    event(
        &repo,
        g,
        "issues",
        &issue(
            "opened",
            2,
            "[moz][sub][parent #1] Login form",
            "Parent: #1",
            &["type/feat"],
            Some("zhaoyun"),
        ),
    )
    .ok()
    .stdout_has(&["task T1: (new) -> pending"]);
    event(
        &repo,
        g,
        "issues",
        &issue(
            "opened",
            3,
            "[moz][sub][parent #1] Login tests",
            "Parent: #1\nDepends: #2",
            &["type/feat"],
            Some("machao"),
        ),
    )
    .ok();
    assert!(
        repo.read("docs/tasks/T2.login-tests.md")
            .contains("depends: [\"T1\"]")
    );
    repo.orx(&["tick"])
        .ok()
        .stdout_has(&["goal G1: discussing -> executing"]);
    // T2 waits for T1: a pull request for it does not start it.
    event(
        &repo,
        g,
        "pull_request",
        &pull("opened", 10, "feat/T2-login-tests", None),
    )
    .ok()
    .stdout_has(&["task T2 waits for T1, which is not done yet; it stays pending"]);
    assert_eq!(state(&repo, "T2"), "pending");

    repo.git(&["checkout", "-q", "-b", "feat/T1-login-form"])
        .ok();
    code(&repo, "form.txt", "the form");
    event(
        &repo,
        g,
        "pull_request",
        &pull("opened", 9, "feat/T1-login-form", None),
    )
    .ok()
    .stdout_has(&["pending -> in-progress", "in-progress -> in-review"]);
    event(
        &repo,
        g,
        "pull_request_review_rejected",
        &review(
            9,
            "feat/T1-login-form",
            "pull_request_review_rejected",
            "label the button",
        ),
    )
    .ok()
    .stdout_has(&["in-review -> changes-requested"]);
    code(&repo, "form.txt", "the form, labelled");
    event(
        &repo,
        g,
        "pull_request",
        &pull("synchronize", 9, "feat/T1-login-form", None),
    )
    .ok()
    .stdout_has(&["changes-requested -> in-review"]);
    event(
        &repo,
        g,
        "pull_request_review_approved",
        &review(
            9,
            "feat/T1-login-form",
            "pull_request_review_approved",
            "LGTM",
        ),
    )
    .ok()
    .stdout_has(&["in-review -> approved"]);
    let sha = merge(&repo, "feat/T1-login-form");
    event(
        &repo,
        g,
        "pull_request",
        &pull("closed", 9, "feat/T1-login-form", Some(&sha)),
    )
    .ok()
    .stdout_has(&["task T1: approved -> done"]);

    repo.git(&["checkout", "-q", "-b", "feat/T2-login-tests"])
        .ok();
    code(&repo, "tests.txt", "the tests");
    event(
        &repo,
        g,
        "pull_request",
        &pull("opened", 10, "feat/T2-login-tests", None),
    )
    .ok();
    // The CI fails, then passes; the next push asks for the review again.
    let status = |state: &str| {
        json!({
            "commit": {"id": "abc"}, "context": "ci/tests", "state": state,
            "branches": [{"name": "feat/T2-login-tests"}], "sender": user("gitea"),
        })
    };
    event(&repo, g, "status", &status("failure"))
        .ok()
        .stdout_has(&["task T2: in-review -> ci-failed"]);
    event(&repo, g, "status", &status("success"))
        .ok()
        .stdout_has(&["task T2: ci-failed -> in-progress"]);
    event(
        &repo,
        g,
        "pull_request",
        // Gitea's own name for new commits on a pull request.
        &pull("synchronized", 10, "feat/T2-login-tests", None),
    )
    .ok()
    .stdout_has(&["task T2: in-progress -> in-review"]);
    event(&repo, g, "status", &status("success"))
        .ok()
        .stdout_has(&["note: check ci/tests on task T2"]);
    event(
        &repo,
        g,
        "pull_request_review_approved",
        &review(
            10,
            "feat/T2-login-tests",
            "pull_request_review_approved",
            "",
        ),
    )
    .ok();
    let sha = merge(&repo, "feat/T2-login-tests");
    event(
        &repo,
        g,
        "pull_request",
        &pull("closed", 10, "feat/T2-login-tests", Some(&sha)),
    )
    .ok();
    repo.orx(&["tick"])
        .ok()
        .stdout_has(&["goal G1: executing -> round-review"]);
    // A comment by someone else than the lead decides nothing.
    event(
        &repo,
        g,
        "issue_comment",
        &comment(1, "zhaoyun", "achieved"),
    )
    .ok()
    .stdout_has(&["not applied"]);
    assert_eq!(state(&repo, "G1"), "round-review");
    // Round 2: the lead's round review opens it in a comment; a new
    // sub-issue, its pull request approved and merged.
    event(
        &repo,
        g,
        "issue_comment",
        &comment(1, "pangtong", "new-round: remember me is missing"),
    )
    .ok()
    .stdout_has(&["goal G1: round-review -> executing"]);
    let g1 = repo.read("docs/goals/G1.login-page.md");
    assert!(g1.contains("round_count: 2"), "{g1}");
    assert!(g1.contains("remember me is missing"), "{g1}");
    event(
        &repo,
        g,
        "issues",
        &issue(
            "opened",
            4,
            "[moz][sub][parent #1] Remember me",
            "Parent: #1",
            &["type/feat"],
            Some("zhaoyun"),
        ),
    )
    .ok()
    .stdout_has(&["task T3: (new) -> pending"]);
    assert!(
        repo.read("docs/tasks/T3.remember-me.md")
            .contains("goal_round: 2")
    );
    repo.git(&["checkout", "-q", "-b", "feat/T3-remember-me"])
        .ok();
    code(&repo, "remember.txt", "remember me");
    event(
        &repo,
        g,
        "pull_request",
        &pull("opened", 11, "feat/T3-remember-me", None),
    )
    .ok()
    .stdout_has(&["task T3: in-progress -> in-review"]);
    event(
        &repo,
        g,
        "pull_request_review_approved",
        &review(
            11,
            "feat/T3-remember-me",
            "pull_request_review_approved",
            "",
        ),
    )
    .ok()
    .stdout_has(&["task T3: in-review -> approved"]);
    let sha = merge(&repo, "feat/T3-remember-me");
    event(
        &repo,
        g,
        "pull_request",
        &pull("closed", 11, "feat/T3-remember-me", Some(&sha)),
    )
    .ok()
    .stdout_has(&["task T3: approved -> done"]);
    repo.orx(&["tick"])
        .ok()
        .stdout_has(&["goal G1: executing -> round-review"]);
    repo.orx(&["next", "--role", "lead"])
        .ok()
        .stdout_has(&["review round 2 of goal G1 (1 done, 0 failed of 1)"]);
    // The goal achieved: its issue closed.
    event(
        &repo,
        g,
        "issues",
        &issue("closed", 1, "Login page", "", &["type/feat"], None),
    )
    .ok()
    .stdout_has(&["goal G1: round-review -> closed"]);
    assert_eq!(state(&repo, "T2"), "done");
    // Unknown events are ignored with a note; bad payloads change nothing.
    event(&repo, g, "push", &json!({"ref": "refs/heads/main"}))
        .ok()
        .stdout_has(&["Gitea event `push` ignored"]);
    let before = repo.state();
    event(&repo, g, "issues", &json!("not an object")).code(2);
    event(&repo, g, "issues", &json!({"action": "opened"})).code(2);
    assert_eq!(repo.state(), before);
    repo.orx(&["verify"]).ok().stdout_has(&["no violations"]);
}

/// §22.2 Phases 0 and 4 from GitHub: its shapes, a review's `state`
/// (APPROVED / REQUEST_CHANGES), and a payload read from its shape
/// when no event is named.
#[test]
fn github_payloads_open_goals_and_record_reviews() {
    let repo = forge_repo();
    let mut opened = issue(
        "opened",
        5,
        "Export",
        "CSV export",
        &["type/feat", "flow/direct"],
        None,
    );
    opened["issue"]["assignees"] = json!([]);
    event(&repo, "github", "issues", &opened)
        .ok()
        .stdout_has(&["goal G1: open -> executing"]);
    repo.orx(&["claim", "G1", "Export CSV", "--as", "dev"]).ok();
    repo.orx(&["task", "start", "T1", "--as", "dev"]).ok();
    repo.orx(&["task", "submit", "T1", "--as", "dev"]).ok();
    let gh_review = json!({
        "action": "submitted",
        "review": {"state": "changes_requested", "body": "quote the fields", "user": user("simayi")},
        "pull_request": {"number": 3, "head": {"ref": "feat/T1-export-csv"}, "base": {"ref": "main"}},
        "sender": user("simayi"),
    });
    event(&repo, "github", "pull_request_review", &gh_review)
        .ok()
        .stdout_has(&["in-review -> changes-requested"]);
    assert!(
        repo.read("docs/tasks/T1.export-csv.md")
            .contains("quote the fields")
    );
}

/// A raw HTTP/1.1 POST to `addr`; the status code and the body.
fn post(addr: &str, headers: &[(&str, String)], body: &[u8]) -> (u16, String) {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let mut req = format!(
        "POST /hook HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out.split_whitespace().nth(1).unwrap().parse().unwrap();
    let body = out.split("\r\n\r\n").nth(1).unwrap_or_default().to_owned();
    (status, body)
}

/// `serve` on the loopback: a signed Gitea payload opens a goal, a signed
/// GitHub one is applied too; an unsigned, a wrongly signed, an oversized
/// and a bad request are refused and change nothing. Without a secret it
/// does not start.
#[test]
fn serve_applies_signed_webhooks_and_refuses_the_rest() {
    let repo = forge_repo();
    repo.orx(&["serve", "--listen", "127.0.0.1:0"])
        .fails(2, &["no webhook secret"]);
    let secret = "s3cret";
    let mut child = repo
        .command("git")
        .args([
            "orx",
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--max-bytes",
            "4096",
            "--requests",
            "6",
        ])
        .env("ORX_WEBHOOK_SECRET", secret)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let addr = crate::test_serve::listening_on(&mut child);
    let opened = serde_json::to_vec(&issue(
        "opened",
        1,
        "Login page",
        "Users log in.",
        &["type/feat"],
        None,
    ))
    .unwrap();
    let sign = |body: &[u8]| orx::kinds::goal::signature(secret.as_bytes(), body);
    let before = repo.state();
    // Unsigned, wrongly signed, oversized, and not JSON: refused.
    let (status, _) = post(&addr, &[("X-Gitea-Event", "issues".into())], &opened);
    assert_eq!(status, 401);
    let (status, _) = post(
        &addr,
        &[
            ("X-Gitea-Event", "issues".into()),
            (
                "X-Gitea-Signature",
                orx::kinds::goal::signature(b"wrong", &opened),
            ),
        ],
        &opened,
    );
    assert_eq!(status, 401);
    let big = vec![b' '; 5000];
    let (status, _) = post(
        &addr,
        &[
            ("X-Gitea-Event", "issues".into()),
            ("X-Gitea-Signature", sign(&big)),
        ],
        &big,
    );
    assert_eq!(status, 413);
    let (status, _) = post(
        &addr,
        &[
            ("X-Gitea-Event", "issues".into()),
            ("X-Gitea-Signature", sign(b"[1,")),
        ],
        b"[1,",
    );
    assert_eq!(status, 400);
    assert_eq!(repo.state(), before);
    // Signed: applied and committed.
    let (status, body) = post(
        &addr,
        &[
            ("X-Gitea-Event", "issues".into()),
            ("X-Gitea-Signature", sign(&opened)),
        ],
        &opened,
    );
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"to\":\"discussing\""), "{body}");
    let said = serde_json::to_vec(&comment(1, "zhaoyun", "[Dev] mine")).unwrap();
    let (status, body) = post(
        &addr,
        &[
            ("X-GitHub-Event", "issue_comment".into()),
            ("X-Hub-Signature-256", format!("sha256={}", sign(&said))),
        ],
        &said,
    );
    assert_eq!(status, 200, "{body}");
    assert!(child.wait().unwrap().success());
    assert_eq!(state(&repo, "G1"), "discussing");
    assert!(repo.path("docs/comments/G1-r1-dev-1.md").exists());
    repo.orx(&["verify"]).ok().stdout_has(&["no violations"]);
}

/// The end-to-end flow's pull request body (Phase 2: its body holds
/// `Closes #N` and `Parent #M`): a pull request from a branch no task names is mapped
/// to the task of the issue it closes; one whose `Parent #M` names
/// another goal is not taken for it.
#[test]
fn a_pull_request_is_mapped_by_the_issue_its_body_closes() {
    let repo = forge_repo();
    let g = "gitea";
    event(
        &repo,
        g,
        "issues",
        &issue(
            "opened",
            1,
            "Login page",
            "Users log in.",
            &["type/feat"],
            None,
        ),
    )
    .ok();
    event(
        &repo,
        g,
        "issue_comment",
        &comment(1, "zhaoyun", "[Dev] I take the form"),
    )
    .ok();
    event(
        &repo,
        g,
        "issues",
        &issue(
            "assigned",
            2,
            "[moz][sub][parent #1] Login form",
            "Parent: #1",
            &["type/feat"],
            Some("zhaoyun"),
        ),
    )
    .ok()
    .stdout_has(&["task T1: (new) -> pending"]);
    event(
        &repo,
        g,
        "issues",
        &issue("opened", 5, "Search", "Find things.", &["type/feat"], None),
    )
    .ok();
    repo.orx(&["tick"]).ok();
    let pr = |body: &str| {
        let mut p = pull("opened", 9, "zhaoyun/login", None);
        p["pull_request"]["body"] = json!(body);
        p
    };
    // Parent #5 is another goal: not this task's.
    event(&repo, g, "pull_request", &pr("Closes #2\nParent #5"))
        .ok()
        .stdout_has(&[
            "pull request #9 names parent #5 (goal G2), but task T1 belongs to goal G1; ignored",
        ]);
    assert_eq!(state(&repo, "T1"), "pending");
    event(
        &repo,
        g,
        "pull_request",
        &pr("The login form.\n\nCloses #2\nParent #1"),
    )
    .ok()
    .stdout_has(&["pending -> in-progress", "in-progress -> in-review"]);
    // An issue no task is linked to, nothing on the branch: said, ignored.
    event(&repo, g, "pull_request", &pr("Closes #4"))
        .ok()
        .stdout_has(&["no task lives on that branch or is linked to issue #4; ignored"]);
}

/// The end-to-end flow's Phase 5 (Merge: "创建 review_merged task → 通知
/// agent (纯通知)") and Phase 7 (parent Issue 关闭: "创建 issue_closed task
/// → 通知"), and a sub-issue's or pull request's close: when the forge's
/// event arrives, the notice goes to the task's assignee (its agents), or,
/// for the goal, to every role that took part; from the prompt templates,
/// in Chinese under `lang: zh`.
#[test]
fn phase_5_and_7_merged_and_closed_send_their_notices() {
    let repo = forge_repo();
    let g = "gitea";
    event(
        &repo,
        g,
        "issues",
        &issue(
            "opened",
            1,
            "Login page",
            "Users log in.",
            &["type/feat", "flow/direct"],
            None,
        ),
    )
    .ok()
    .stdout_has(&["goal G1: open -> executing"]);
    for (n, title, login) in [(2, "Login form", "zhaoyun"), (3, "Login tests", "machao")] {
        event(
            &repo,
            g,
            "issues",
            &issue(
                "opened",
                n,
                &format!("[moz][sub][parent #1] {title}"),
                "Parent: #1",
                &["type/feat"],
                Some(login),
            ),
        )
        .ok();
    }
    // Phase 5: merged.
    repo.git(&["checkout", "-q", "-b", "feat/T1-login-form"])
        .ok();
    code(&repo, "form.txt", "the form");
    event(
        &repo,
        g,
        "pull_request",
        &pull("opened", 9, "feat/T1-login-form", None),
    )
    .ok();
    event(
        &repo,
        g,
        "pull_request_review_approved",
        &review(
            9,
            "feat/T1-login-form",
            "pull_request_review_approved",
            "LGTM",
        ),
    )
    .ok();
    let sha = merge(&repo, "feat/T1-login-form");
    event(
        &repo,
        g,
        "pull_request",
        &pull("closed", 9, "feat/T1-login-form", Some(&sha)),
    )
    .ok()
    .stdout_has(&[
        "task T1: approved -> done",
        "merged task T1 -> Dev (zhaoyun): Task T1: Login form is merged: `feat/T1-login-form` is in the main line and the task is done.",
    ]);
    // A pull request closed without merging, then the sub-issue closed.
    repo.git(&["checkout", "-q", "-b", "feat/T2-login-tests"])
        .ok();
    code(&repo, "tests.txt", "the tests");
    event(
        &repo,
        g,
        "pull_request",
        &pull("opened", 10, "feat/T2-login-tests", None),
    )
    .ok();
    event(&repo, g, "pull_request", &pull("closed", 10, "feat/T2-login-tests", None))
        .ok()
        .stdout_has(&[
            "pr-closed task T2 -> QA (machao): Task T2: Login tests: its pull request #10 was closed without merging. The task stays in-review",
        ]);
    let out = event_with(
        &repo,
        g,
        "issues",
        &issue(
            "closed",
            3,
            "[moz][sub][parent #1] Login tests",
            "Parent: #1",
            &["type/feat"],
            Some("machao"),
        ),
        &["--json", "--lang", "zh"],
    );
    out.ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["notices"][0]["notice"], "issue-closed");
    assert_eq!(v["notices"][0]["agents"], json!(["machao"]));
    let text = v["notices"][0]["text"].as_str().unwrap();
    assert!(text.contains("它的 Issue #3 已关闭"), "{text}");
    assert_eq!(state(&repo, "T2"), "in-review");
    // The round ends; Phase 7: the goal's issue closed.
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.orx(&["task", "cancel", "T2", "-m", "not needed", "--as", "lead"])
        .ok();
    repo.orx(&["tick"]).ok().stdout_has(&[
        "goal G1: executing -> round-review",
        "round-review goal G1 -> Lead (pangtong)",
    ]);
    event(
        &repo,
        g,
        "issues",
        &issue(
            "closed",
            1,
            "Login page",
            "Users log in.",
            &["type/feat", "flow/direct"],
            None,
        ),
    )
    .ok()
    .stdout_has(&[
        "goal G1: round-review -> closed",
        "closed goal G1 -> Dev (zhaoyun): Goal G1: Login page is closed (GOAL_ACHIEVED, round 1).",
        "closed goal G1 -> QA (machao): Goal G1",
        "closed goal G1 -> Lead (pangtong): Goal G1",
    ]);
    let out = repo.orx(&["goal", "prompt", "G1", "--lang", "zh"]);
    out.ok()
        .stdout_has(&["Goal G1: Login page 已关闭 (GOAL_ACHIEVED,第 1 轮)"]);
}

/// The end-to-end flow's 定向讨论 through the forge (issue_assigned →
/// issue_review_discussion): an issue opened with an assignee waits for
/// its plan; the assignee's comment is the plan, a sub-issue before the
/// reviewer's approval makes no task, and the reviewer's `approve`
/// comment moves the goal on, after which the sub-issue is taken.
#[test]
fn directed_discussion_the_reviewers_comment_approves_the_plan() {
    let repo = forge_repo();
    let g = "gitea";
    event(
        &repo,
        g,
        "issues",
        &issue(
            "opened",
            1,
            "Search",
            "Find things.",
            &["type/feat"],
            Some("zhaoyun"),
        ),
    )
    .ok()
    .stdout_has(&["goal G1: open -> planning"]);
    event(
        &repo,
        g,
        "issue_comment",
        &comment(1, "zhaoyun", "Plan: an inverted index"),
    )
    .ok();
    let sub = issue(
        "opened",
        2,
        "[moz][sub][parent #1] Index",
        "Parent: #1",
        &["type/feat"],
        Some("zhaoyun"),
    );
    event(&repo, g, "issues", &sub)
        .ok()
        .stdout_has(&["not applied"]);
    assert!(repo.tasks().is_empty());
    event(&repo, g, "issue_comment", &comment(1, "zhaoyun", "approve")).ok();
    assert_eq!(state(&repo, "G1"), "planning");
    event(&repo, g, "issue_comment", &comment(1, "simayi", "LGTM, go"))
        .ok()
        .stdout_has(&["goal G1: planning -> discussing"]);
    event(&repo, g, "issues", &sub)
        .ok()
        .stdout_has(&["task T1: (new) -> pending"]);
}

/// The end-to-end flow's 定向讨论 from the goal's own issue (§22.6, "Issue
/// assigned webhook → daemon 创建 issue_discussion task(assignee=该
/// agent)"): `issues/assigned` on the parent issue hands the goal to its
/// assignee's directed discussion — an escalated goal is reassigned (the
/// lead's `assign`), one not yet known is opened with its assignee —, in
/// Gitea's payload (the issue's assignees) and GitHub's (the login just
/// assigned beside the issue); a repeat, or a goal past its discussion,
/// is told and left.
#[test]
fn the_goals_own_issue_assigned_starts_a_directed_discussion() {
    let repo = forge_repo();
    let g = "gitea";
    event(
        &repo,
        g,
        "issues",
        &issue("opened", 1, "Search", "Find things.", &["type/feat"], None),
    )
    .ok()
    .stdout_has(&["goal G1: open -> discussing"]);
    // Assigned while broadcast: the lead reassigns only after an escalation.
    event(
        &repo,
        g,
        "issues",
        &issue(
            "assigned",
            1,
            "Search",
            "Find things.",
            &["type/feat"],
            Some("zhaoyun"),
        ),
    )
    .ok()
    .stdout_has(&["where the lead reassigns it only after an escalation"]);
    assert_eq!(state(&repo, "G1"), "discussing");
    for at in [
        "2026-01-02T03:00:00Z",
        "2026-01-02T03:01:00Z",
        "2026-01-02T03:02:00Z",
    ] {
        repo.orx_env(&["tick"], &[("GIT_COMMITTER_DATE", at)]).ok();
    }
    assert_eq!(state(&repo, "G1"), "escalated");
    // Gitea: the issue, with its assignees.
    event(
        &repo,
        g,
        "issues",
        &issue(
            "assigned",
            1,
            "Search",
            "Find things.",
            &["type/feat"],
            Some("zhaoyun"),
        ),
    )
    .ok()
    .stdout_has(&["goal G1: escalated -> planning"]);
    assert_eq!(assignee(&repo, "G1"), "dev");
    event(
        &repo,
        g,
        "issues",
        &issue(
            "assigned",
            1,
            "Search",
            "Find things.",
            &["type/feat"],
            Some("zhaoyun"),
        ),
    )
    .ok()
    .stdout_has(&["is assigned to dev already; ignored"]);
    // GitHub: an issue not yet a goal, the login just assigned beside it
    // (the issue's list still names an earlier assignee).
    let gh = json!({
        "action": "assigned",
        "issue": {
            "number": 5, "title": "Export", "body": "Export as CSV.", "state": "open",
            "labels": [{"name": "type/feat"}],
            "assignees": [{"login": "zhuge"}, {"login": "machao"}],
            "user": {"login": "pangtong"},
        },
        "assignee": {"login": "machao"},
        "repository": {"full_name": "team/app"},
        "sender": {"login": "pangtong"},
    });
    event(&repo, "github", "issues", &gh)
        .ok()
        .stdout_has(&["goal G2: open -> planning"]);
    assert_eq!(assignee(&repo, "G2"), "qa");
}

fn assignee(repo: &Repo, id: &str) -> String {
    let out = repo.orx(&["show", id, "--json"]);
    out.ok();
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    v["frontmatter"]["assignee"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}
