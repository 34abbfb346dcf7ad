//! `git orx board`: the live board, served and driven in a real browser
//! (headless Chromium over the DevTools protocol): the page's own script
//! handles the drops and calls the real HTTP endpoints.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::{Repo, bin, skip_without};

/// A board server started in `repo`, stopped when dropped.
struct Board {
    child: Child,
    /// The address it printed (with the write token, if any).
    url: String,
    /// `127.0.0.1:PORT`.
    addr: String,
    /// The line it printed first.
    line: String,
}

impl Board {
    fn start(repo: &Repo, args: &[&str]) -> Board {
        let mut child = repo
            .command(bin())
            .arg("board")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .find("http://")
            .map(|at| line[at..].trim().to_owned())
            .unwrap_or_else(|| panic!("no address printed: {line:?}"));
        let addr = url
            .trim_start_matches("http://")
            .split('/')
            .next()
            .unwrap()
            .to_owned();
        Board {
            child,
            url,
            addr,
            line,
        }
    }

    fn token(&self) -> &str {
        self.url.split("token=").nth(1).unwrap_or("")
    }

    /// One request, answered: the status and the body.
    fn http(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        let mut req = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str("\r\n");
        req.push_str(body);
        s.write_all(req.as_bytes()).unwrap();
        let mut out = Vec::new();
        s.read_to_end(&mut out).unwrap();
        let text = String::from_utf8_lossy(&out).into_owned();
        let status = text[9..12].parse().unwrap();
        let body = text.split_once("\r\n\r\n").map(|(_, b)| b).unwrap_or("");
        (status, body.to_owned())
    }
}

impl Drop for Board {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
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
        skip_without("chromium", "chromium");
    }
    found
}

/// A page in headless Chromium, driven over the DevTools protocol.
struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    socket: tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>,
    session: String,
    next: u64,
}

impl Browser {
    fn open(program: &Path, url: &str) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(program)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-port=0",
                "--window-size=1366,768",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .env("HOME", profile.path())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut err = BufReader::new(child.stderr.take().unwrap());
        let mut ws = None;
        let mut seen = String::new();
        for _ in 0..200 {
            let mut line = String::new();
            if err.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            if let Some(at) = line.find("ws://") {
                ws = Some(line[at..].trim().to_owned());
                break;
            }
            seen.push_str(&line);
        }
        let ws = ws.unwrap_or_else(|| panic!("chromium gave no DevTools address:\n{seen}"));
        // The rest of its log is read and dropped, so that it never blocks.
        std::thread::spawn(move || {
            let mut sink = String::new();
            while err.read_line(&mut sink).unwrap_or(0) > 0 {
                sink.clear();
            }
        });
        let (socket, _) = tungstenite::connect(ws.as_str()).unwrap();
        let mut b = Browser {
            child,
            _profile: profile,
            socket,
            session: String::new(),
            next: 0,
        };
        let target = b.call("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().unwrap().to_owned();
        let attached = b.call(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_owned();
        b.call("Page.navigate", json!({"url": url}));
        b
    }

    /// Sends one command (to the page, once attached) and returns its
    /// result, skipping the events that come before it.
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(tungstenite::Message::text(message.to_string()))
            .unwrap();
        loop {
            let m = self.socket.read().unwrap();
            let Ok(text) = m.to_text() else { continue };
            let Ok(v) = serde_json::from_str::<Value>(text) else {
                continue;
            };
            if v["id"] == json!(id) {
                assert!(v["error"].is_null(), "{method}: {v}");
                return v["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page (a promise
    /// awaited).
    fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "awaitPromise": true, "returnByValue": true}),
        );
        assert!(
            r["exceptionDetails"].is_null(),
            "{expression}: {}",
            r["exceptionDetails"]
        );
        r["result"]["value"].clone()
    }

    /// Waits until `condition` holds in the page; fails, saying what was
    /// awaited and what the page shows, if it never does.
    #[track_caller]
    fn wait_for(&mut self, condition: &str, what: &str) {
        let give_up = Instant::now() + Duration::from_secs(60);
        while Instant::now() < give_up {
            if self.eval(&format!("!!({condition})")) == json!(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let page = self.eval("document.body.innerText");
        panic!("the page never showed {what}:\n{page}");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.session.clear();
        let _ = self.socket.send(tungstenite::Message::text(
            json!({"id": 0, "method": "Browser.close"}).to_string(),
        ));
        let give_up = Instant::now() + Duration::from_secs(5);
        while Instant::now() < give_up {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The page's helpers: the column a card is in, and a drag of a card to
/// a column as a person makes it (dragstart, dragover, drop, dragend),
/// handled by the page's own listeners.
const HELPERS: &str = r#"
window.columnOf = function (id) {
  var c = document.querySelector('.card[data-id="' + id + '"]');
  return c ? c.closest('.column').dataset.state : null;
};
window.dragTo = function (id, state) {
  var card = document.querySelector('.card[data-id="' + id + '"]');
  var col = document.querySelector('.column[data-state="' + state + '"]');
  var dt = new DataTransfer();
  card.dispatchEvent(new DragEvent('dragstart', {bubbles: true, dataTransfer: dt}));
  col.dispatchEvent(new DragEvent('dragover', {bubbles: true, cancelable: true, dataTransfer: dt}));
  col.dispatchEvent(new DragEvent('drop', {bubbles: true, cancelable: true, dataTransfer: dt}));
  card.dispatchEvent(new DragEvent('dragend', {bubbles: true, dataTransfer: dt}));
  return true;
};
window.setRole = function (role) {
  var s = document.getElementById('role');
  s.value = role;
  s.dispatchEvent(new Event('change'));
  return s.value;
};
true
"#;

/// The `Orx-*` trailers of a commit, with the item's ID taken out.
fn trailers(repo: &Repo, rev: &str, id: &str) -> Vec<String> {
    let out = repo.git(&["log", "-1", "--format=%B", rev]);
    out.ok();
    out.stdout
        .lines()
        .filter(|l| l.starts_with("Orx-"))
        .map(|l| l.replace(id, "ID"))
        .collect()
}

fn head(repo: &Repo) -> String {
    repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned()
}

#[test]
fn the_board_in_a_browser_moves_cards_through_the_rules_and_follows_commits() {
    let Some(browser) = chromium() else { return };
    let repo = Repo::new();
    let a = repo.story("Login", &["--score", "8.5"]);
    let b = repo.story("Export <b>data</b>", &["--score", "8.5"]);
    let c = repo.story("Draft only", &[]);
    let board = Board::start(&repo, &["--write"]);
    let mut page = Browser::open(&browser, &board.url);
    page.wait_for(
        "document.querySelectorAll('.card').length === 3",
        "the three stories",
    );
    page.eval(HELPERS);
    // Each story in the column of its state; a title is text, not markup.
    assert_eq!(page.eval(&format!("columnOf('{a}')")), json!("Approved"));
    assert_eq!(page.eval(&format!("columnOf('{b}')")), json!("Approved"));
    assert_eq!(page.eval(&format!("columnOf('{c}')")), json!("Draft"));
    assert_eq!(
        page.eval(&format!(
            "document.querySelector('.card[data-id=\"{b}\"] .title').textContent"
        )),
        json!("Export <b>data</b>")
    );
    assert_eq!(
        page.eval("document.querySelectorAll('.column').length"),
        json!(9),
        "one column per state of the story's workflow"
    );

    // A legal drop, as the Dev: the move `git orx move` makes, committed.
    assert_eq!(page.eval("setRole('dev')"), json!("dev"));
    let before = head(&repo);
    page.eval(&format!("dragTo('{a}', 'InProgress')"));
    page.wait_for(
        "document.getElementById('notice').dataset.kind === 'ok'",
        "the move accepted",
    );
    page.wait_for(
        &format!("columnOf('{a}') === 'InProgress' && !document.querySelector('.card.pending')"),
        "the card in InProgress",
    );
    assert_ne!(head(&repo), before, "the move made a commit");
    assert!(
        repo.read(&repo.story_path(&a))
            .contains("status: InProgress")
    );
    let from_board = trailers(&repo, "HEAD", &a);
    assert!(
        from_board.contains(&"Orx-Transition: Approved -> InProgress".to_owned())
            && from_board.contains(&"Orx-Role: dev".to_owned())
            && from_board.contains(&"Orx-Item: story/ID".to_owned()),
        "{from_board:?}"
    );
    repo.git(&["status", "--porcelain"])
        .ok()
        .stdout_lacks(&["docs/"]);

    // An illegal drop: refused with the reason, the card back in its
    // column, nothing changed.
    let before = head(&repo);
    let text = repo.read(&repo.story_path(&b));
    page.eval(&format!("dragTo('{b}', 'Done')"));
    page.wait_for(
        "document.getElementById('notice').dataset.kind === 'refused'",
        "the refusal",
    );
    let notice = page.eval("document.getElementById('notice').innerText");
    let notice = notice.as_str().unwrap();
    assert!(
        notice.contains(&format!("story {b} cannot move from Approved to Done")),
        "{notice}"
    );
    assert!(
        notice.contains("Allowed moves from Approved as dev: InProgress"),
        "{notice}"
    );
    assert_eq!(page.eval(&format!("columnOf('{b}')")), json!("Approved"));
    assert_eq!(head(&repo), before);
    assert_eq!(repo.read(&repo.story_path(&b)), text);

    // A commit from the command line shows on the open page, which is not
    // loaded again.
    page.eval("window.notReloaded = true");
    repo.orx(&["move", &b, "InProgress", "--as", "dev"]).ok();
    page.wait_for(
        &format!("columnOf('{b}') === 'InProgress'"),
        "the command line's move",
    );
    assert_eq!(page.eval("window.notReloaded === true"), json!(true));
    // The board's commit and the command's carry the same trailers.
    assert_eq!(from_board, trailers(&repo, "HEAD", &b));

    // The item's page: its fields, its body from Markdown, its history.
    page.eval(&format!("orxBoard.openItem('story', '{a}')"));
    page.wait_for(
        &format!("document.getElementById('item').dataset.item === 'story:{a}' && document.querySelector('#item .timeline')"),
        "the item's page",
    );
    let item = page.eval("document.getElementById('item').innerText");
    let item = item.as_str().unwrap();
    assert!(item.contains("Approved → InProgress"), "{item}");
    assert_eq!(
        page.eval("document.querySelectorAll('#item .body h2').length > 0"),
        json!(true)
    );
    assert_eq!(
        page.eval("document.documentElement.getAttribute('data-error')"),
        Value::Null
    );
}

#[test]
fn the_board_is_read_only_unless_started_to_write_and_writes_need_its_token() {
    let repo = Repo::new();
    let id = repo.story("Login", &["--score", "8.5"]);
    let head_before = head(&repo);
    let read_only = Board::start(&repo, &[]);
    assert!(!read_only.url.contains("token"), "{}", read_only.url);
    let (status, body) = read_only.http("GET", "/api/board", &[], "");
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["write"], json!(false));
    assert_eq!(
        v["view"]["kinds"][0]["cards"][0]["status"],
        json!("Approved")
    );
    let move_ = json!({"kind": "story", "id": id, "to": "InProgress", "role": "dev"}).to_string();
    let (status, body) = read_only.http("POST", "/api/move", &[], &move_);
    assert_eq!(status, 403, "{body}");
    drop(read_only);

    let board = Board::start(&repo, &["--write"]);
    let (status, _) = board.http("POST", "/api/move", &[("X-Orx-Token", "wrong")], &move_);
    assert_eq!(status, 403);
    // Another site's name for this address is not answered.
    let mut s = TcpStream::connect(&board.addr).unwrap();
    s.write_all(b"GET /api/board HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    assert!(out.starts_with("HTTP/1.1 421"), "{out}");
    assert_eq!(head(&repo), head_before, "nothing was committed");

    // A role the repository does not know, then the move.
    let bad = json!({"kind": "story", "id": id, "to": "InProgress", "role": "nobody"}).to_string();
    let (status, body) = board.http("POST", "/api/move", &[("X-Orx-Token", board.token())], &bad);
    assert_eq!(status, 400, "{body}");
    let (status, body) = board.http(
        "POST",
        "/api/move",
        &[("X-Orx-Token", board.token())],
        &move_,
    );
    assert_eq!(status, 200, "{body}");
    assert_ne!(head(&repo), head_before);
}

#[test]
fn with_identities_the_board_offers_only_the_git_users_roles() {
    let repo = Repo::new();
    let id = repo.story("Login", &["--score", "8.5"]);
    let config = repo.read(".orx/config.yaml");
    repo.write(
        ".orx/config.yaml",
        format!("{config}\nidentities:\n  - email: author@example.com\n    roles: [qa]\n"),
    );
    repo.commit_rules("who may act as whom");
    let board = Board::start(&repo, &["--write"]);
    let (_, body) = board.http("GET", "/api/board", &[], "");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["roles_allowed"], json!(["qa"]), "{body}");
    let move_ = json!({"kind": "story", "id": id, "to": "InProgress", "role": "dev"}).to_string();
    let (status, body) = board.http(
        "POST",
        "/api/move",
        &[("X-Orx-Token", board.token())],
        &move_,
    );
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("may not act as Dev"), "{body}");
}

#[test]
fn under_lang_zh_the_board_speaks_chinese() {
    let repo = Repo::new();
    repo.story("Login", &["--score", "8.5"]);
    repo.set_lang("zh");
    let board = Board::start(&repo, &[]);
    assert!(board.line.starts_with("看板: http://"), "{}", board.line);
    let (status, body) = board.http("POST", "/api/move", &[], "{}");
    assert_eq!(status, 403);
    assert!(body.contains("看板是只读的"), "{body}");
    let Some(browser) = chromium() else { return };
    let mut page = Browser::open(&browser, &board.url);
    page.wait_for(
        "document.querySelectorAll('.card').length === 1",
        "the story",
    );
    assert_eq!(
        page.eval("document.querySelector('[data-t=Branch]').textContent"),
        json!("分支")
    );
    assert_eq!(
        page.eval("document.getElementById('mode').textContent"),
        json!("只读: 用 --write 启动才能移动条目")
    );
    assert_eq!(page.eval("document.documentElement.lang"), json!("zh-CN"));
}

#[test]
fn the_board_shows_other_branches_read_only_with_their_disagreements_and_the_charts() {
    let repo = Repo::new();
    let id = repo.story("Login", &["--score", "8.5"]);
    repo.git(&["branch", "other"]).ok();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    let board = Board::start(&repo, &["--write"]);
    let get = |path: &str| {
        let (status, body) = board.http("GET", path, &[], "");
        assert_eq!(status, 200, "{path}: {body}");
        body
    };
    let here: Value = serde_json::from_str(&get("/api/board")).unwrap();
    assert_eq!(here["write"], json!(true));
    assert_eq!(here["view"]["branches"], json!(["main", "other"]));
    let card = &here["view"]["kinds"][0]["cards"][0];
    assert_eq!(card["status"], json!("InProgress"));
    assert_eq!(card["elsewhere"], json!(["other: Approved"]));
    // The other branch, read from git: its own states, no writing.
    let there: Value = serde_json::from_str(&get("/api/board?branch=other")).unwrap();
    assert_eq!(there["view"]["current"], json!(false));
    assert_eq!(there["write"], json!(false));
    let card = &there["view"]["kinds"][0]["cards"][0];
    assert_eq!(card["status"], json!("Approved"));
    assert_eq!(card["elsewhere"], json!(["main: InProgress"]));
    let (status, body) = board.http("GET", "/api/board?branch=nope", &[], "");
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("`nope` is not a local branch; branches: main, other"),
        "{body}"
    );
    let across: Value = serde_json::from_str(&get("/api/branches")).unwrap();
    assert_eq!(across["items"][0]["disagree"], json!(true));
    // The charts are the report's page, from the same history.
    let report = get("/report?kind=story");
    assert!(
        report.contains("data-chart=\"cumulative-flow\""),
        "{report}"
    );
    assert!(report.contains("data-chart=\"time-in-state\""));
    assert!(get("/report").contains("data-chart=\"cumulative-flow\""));
}
