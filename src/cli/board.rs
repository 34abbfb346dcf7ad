//! `git orx board`
//!
//! A local web page of every kind's items by state, served over HTTP/1.1
//! (hyper, on a single-threaded tokio runtime, as `serve`), its page,
//! script and styles compiled into the binary. The repository's work
//! (reading the board, a move) is blocking git work and runs on tokio's
//! blocking threads, each opening the workspace as a command does; a move
//! is the plan `git orx move` makes and executes, judged by the one
//! verdict and committed with the same trailers.
//!
//! Live updates: a thread polls the stamps of HEAD, the index and the
//! files under the item directories every 250 ms (no file-watching crate:
//! the same code on every system, a few thousand `stat`s a round at
//! 10,000 items) and counts each change; the page hears of each over
//! server-sent events and fetches the board again.

use std::collections::hash_map::DefaultHasher;
use std::convert::Infallible;
use std::hash::{Hash, Hasher};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Body, Bytes, Frame, Incoming};
use hyper::header::{CACHE_CONTROL, CONTENT_TYPE, HOST, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use orx::change::plan::{self, Actor};
use orx::repo::workspace::Workspace;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, mpsc, watch};

use super::Ui;
use crate::cli::msg::Voice;

const PAGE: &str = include_str!("../../templates/board/index.html");
const SCRIPT: &str = include_str!("../../templates/board/board.js");
const STYLE: &str = include_str!("../../templates/board/board.css");

/// The page's policy: nothing from anywhere but this server, no inline
/// script.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'";

/// How often the repository's stamps are read for changes.
const POLL: Duration = Duration::from_millis(250);

/// The largest request payload (a move) read.
const MAX_PAYLOAD: usize = 64 * 1024;

/// Serve a live board of the items in the browser: one column per state
/// of each kind, each item's page, its history and its moves; the page
/// follows every commit and change on disk as it happens.
///
/// It listens on the loopback (127.0.0.1, any free port) unless told
/// otherwise and prints the address. It is read-only unless started with
/// --write: then dragging a card to another column makes the move `git
/// orx move` makes, as the role chosen in the page (one the identities of
/// .orx/config.yaml allow the git user, when there are any), judged by
/// the same rules and committed the same way, and the printed address
/// holds a random token that every write must bring.
#[derive(clap::Args)]
pub struct Args {
    /// The address to listen on (port 0: any free port).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:0")]
    listen: String,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Let the page move items (as the role chosen there); the printed
    /// address holds the token writes need.
    #[arg(long)]
    write: bool,
}

/// What every connection shares.
struct Shared {
    /// The token writes need (`--write`), else none: read-only.
    token: Option<String>,
    /// The git user's email, whose identity says which roles it may act as.
    email: Option<String>,
    /// The role the page starts with (`ORX_ROLE`, else `orx.role`).
    role: Option<String>,
    /// The count of changes seen; the page is told of each.
    changes: watch::Sender<u64>,
    /// The board last made: the change count and branch it was made for,
    /// and its JSON.
    cached: Mutex<Option<(u64, String, Bytes)>>,
    /// The `Host` headers accepted (listening on the loopback: only the
    /// loopback's names, so that no other site's page can read the board
    /// through a name of its own that points here).
    hosts: Option<Vec<String>>,
    /// How the board speaks: the language and roles when it started, for
    /// what is said before a repository is read again.
    voice: Voice,
    /// `--lang` chose the language: the config's `lang` does not change it.
    lang_forced: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let email = ws.repo.author_ident().ok().and_then(|i| {
        let start = i.rfind('<')?;
        Some(i[start + 1..].trim_end_matches('>').to_owned())
    });
    let role = super::env_role()
        .filter(|r| !r.is_empty())
        .or_else(|| ws.repo.config_value("orx.role"))
        .map(|r| orx::workflow::role::canonical(&r));
    drop(ws);
    let token = if args.write { Some(token()?) } else { None };
    let (runtime, listener) = super::serve::listen(&args.listen)?;
    let addr = listener
        .local_addr()
        .map_err(|e| orx::Error::io(orx::msg!("cannot-listen-why"), e))?;
    let hosts = addr.ip().is_loopback().then(|| {
        let port = addr.port();
        vec![
            format!("127.0.0.1:{port}"),
            format!("localhost:{port}"),
            format!("[::1]:{port}"),
        ]
    });
    let shown = if addr.ip().is_unspecified() {
        format!("127.0.0.1:{}", addr.port())
    } else {
        addr.to_string()
    };
    let url = match &token {
        Some(t) => format!("http://{shown}/?token={t}"),
        None => format!("http://{shown}/"),
    };
    let shared = Arc::new(Shared {
        token,
        email,
        role,
        changes: watch::Sender::new(0),
        cached: Mutex::new(None),
        hosts,
        voice: ui.voice().clone(),
        lang_forced: ui.lang_forced(),
    });
    {
        let shared = shared.clone();
        std::thread::Builder::new()
            .name("orx-board-watch".to_owned())
            .spawn(move || watch_repo(&shared))
            .map_err(|e| orx::Error::io(orx::msg!("cannot-start-server-why"), e))?;
    }
    ui.line(ui.t("board-url", &[("url", &url)]));
    if !args.write {
        ui.line(ui.t("read-only-start-write-move", &[]));
    }
    ui.flush();
    if args.open {
        super::report::open(ui.voice(), Path::new(&url))?;
    }
    runtime.block_on(serve(listener, shared));
    Ok(0)
}

/// 128 random bits, as hex.
fn token() -> orx::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| {
        orx::Error::internal(orx::msg!("cannot-make-write-token-why"), e.to_string())
    })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Accepts connections, each served as its own task, at most 256 at once.
async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    let slots = Arc::new(Semaphore::new(256));
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let shared = shared.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |request| {
                let shared = shared.clone();
                async move { Ok::<_, Infallible>(respond(shared, request).await) }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(Duration::from_secs(10))
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(slot);
        });
    }
}

/// A response's body: bytes, or the stream of server-sent events.
enum Out {
    Full(Full<Bytes>),
    Events(mpsc::Receiver<Bytes>),
}

impl Body for Out {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        match self.get_mut() {
            Out::Full(f) => Pin::new(f).poll_frame(cx),
            Out::Events(rx) => rx.poll_recv(cx).map(|b| b.map(|b| Ok(Frame::data(b)))),
        }
    }

    fn is_end_stream(&self) -> bool {
        match self {
            Out::Full(f) => f.is_end_stream(),
            Out::Events(_) => false,
        }
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        match self {
            Out::Full(f) => f.size_hint(),
            Out::Events(_) => hyper::body::SizeHint::default(),
        }
    }
}

fn reply(status: StatusCode, kind: &'static str, body: impl Into<Bytes>) -> Response<Out> {
    let mut r = Response::new(Out::Full(Full::new(body.into())));
    *r.status_mut() = status;
    let h = r.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        "X-Content-Type-Options",
        HeaderValue::from_static("nosniff"),
    );
    r
}

fn json_reply(status: StatusCode, body: &Value) -> Response<Out> {
    reply(status, "application/json", body.to_string())
}

fn error_reply(status: StatusCode, message: &str) -> Response<Out> {
    json_reply(
        status,
        // Each message is said in the language in force by its caller.
        &json!({"error": {"message": message}}),
    )
}

/// The value of `name` in the request's query, percent-decoded.
fn query(request: &Request<Incoming>, name: &str) -> Option<String> {
    request.uri().query()?.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (decode(k) == name).then(|| decode(v))
    })
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let hex = |c: u8| (c as char).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

async fn respond(shared: Arc<Shared>, request: Request<Incoming>) -> Response<Out> {
    if let Some(hosts) = &shared.hosts {
        let host = request
            .headers()
            .get(HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
            return error_reply(
                StatusCode::MISDIRECTED_REQUEST,
                &shared.voice.t("board-answers-only-address-printed", &[]),
            );
        }
    }
    let path = request.uri().path().to_owned();
    match (request.method(), path.as_str()) {
        (&Method::GET, "/" | "/index.html") => {
            let mut r = reply(StatusCode::OK, "text/html; charset=utf-8", PAGE);
            r.headers_mut()
                .insert("Content-Security-Policy", HeaderValue::from_static(POLICY));
            r
        }
        (&Method::GET, "/board.js") => {
            reply(StatusCode::OK, "text/javascript; charset=utf-8", SCRIPT)
        }
        (&Method::GET, "/board.css") => reply(StatusCode::OK, "text/css; charset=utf-8", STYLE),
        (&Method::GET, "/api/board") => {
            let branch = query(&request, "branch").filter(|b| !b.is_empty());
            board(shared, branch).await
        }
        (&Method::GET, "/api/item") => {
            let Some(key) = query(&request, "key") else {
                return error_reply(
                    StatusCode::BAD_REQUEST,
                    &shared.voice.t("no-item-given", &[]),
                );
            };
            let role = query(&request, "role").filter(|r| !r.is_empty());
            {
                let v = shared.voice.clone();
                blocking(v, move || item(&shared, &key, role.as_deref())).await
            }
        }
        (&Method::GET, "/api/branches") => {
            let v = shared.voice.clone();
            blocking(v, move || branches(&shared)).await
        }
        (&Method::GET, "/api/events") => events(&shared),
        (&Method::GET, "/report") => {
            let kind = query(&request, "kind").filter(|k| !k.is_empty());
            let v = shared.voice.clone();
            let out = {
                let shared = shared.clone();
                tokio::task::spawn_blocking(move || guarded(|| report(&shared, kind))).await
            };
            match out {
                Ok(Ok(page)) => {
                    let mut r = reply(StatusCode::OK, "text/html; charset=utf-8", page);
                    r.headers_mut().insert(
                        "Content-Security-Policy",
                        HeaderValue::from_static(
                            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'",
                        ),
                    );
                    r
                }
                Ok(Err(e)) => reply(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "text/plain; charset=utf-8",
                    said(&v, &e),
                ),
                Err(_) => error_reply(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    &v.t("report-failed", &[]),
                ),
            }
        }
        (&Method::POST, "/api/move") => moved(shared, request).await,
        (_, "/" | "/index.html" | "/board.js" | "/board.css" | "/report")
        | (_, "/api/board" | "/api/item" | "/api/branches" | "/api/events" | "/api/move") => {
            error_reply(
                StatusCode::METHOD_NOT_ALLOWED,
                &shared.voice.t("method-not-allowed", &[]),
            )
        }
        _ => error_reply(StatusCode::NOT_FOUND, &shared.voice.t("not-found", &[])),
    }
}

/// Runs `f` (blocking repository work) on a blocking thread; a panic is
/// an error, never the server's end.
fn guarded<T>(f: impl FnOnce() -> orx::Result<T>) -> orx::Result<T> {
    std::panic::catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|_| Err(orx::Error::bug(orx::msg!("board-failed-unexpectedly"))))
}

/// `f`'s JSON, or its error as the JSON envelope with a status from its
/// kind.
async fn blocking(
    voice: Voice,
    f: impl FnOnce() -> orx::Result<Value> + Send + 'static,
) -> Response<Out> {
    match tokio::task::spawn_blocking(move || guarded(f)).await {
        Ok(Ok(v)) => json_reply(StatusCode::OK, &v),
        Ok(Err(e)) => json_reply(super::serve::status_of(&e), &error_json(&voice, &e)),
        Err(_) => error_reply(
            StatusCode::INTERNAL_SERVER_ERROR,
            &voice.t("board-failed", &[]),
        ),
    }
}

/// An error as data (`Error::data`), its message in the language in force.
fn error_json(v: &Voice, e: &orx::Error) -> Value {
    let mut data = serde_json::to_value(e.data()).unwrap_or(Value::Null);
    data["message"] = Value::String(said(v, e));
    json!({ "error": data })
}

/// An error's message in the language in force: a refusal as a command
/// says it, anything else by its ID.
fn said(v: &Voice, e: &orx::Error) -> String {
    match e {
        orx::Error::Refused(r) => super::refusal(v, r),
        _ => v.m(&e.to_message()),
    }
}

/// The workspace, as a command opens it, and how the board speaks of it:
/// in the language `--lang` chose, else its config's, its roles spelt as
/// its rules spell them.
fn workspace(shared: &Shared) -> orx::Result<(Workspace, Voice)> {
    let mut ws = Workspace::open()?;
    ws.lock_wait = super::lock_wait(&ws.repo)?;
    let mut voice = shared.voice.clone();
    if !shared.lang_forced {
        voice.set_lang(orx::text::message::Lang::named(ws.lang()));
    }
    voice.set_roles(&ws.rules.roles);
    ws.speaks = Some(voice.lang().code().to_owned());
    Ok((ws, voice))
}

fn now() -> i64 {
    super::now_seconds()
}

/// The board of `branch` (else the one checked out), made again only
/// when something changed since the last one.
async fn board(shared: Arc<Shared>, branch: Option<String>) -> Response<Out> {
    let stamp = *shared.changes.borrow();
    let key = branch.clone().unwrap_or_default();
    if let Ok(c) = shared.cached.lock()
        && let Some((s, k, bytes)) = c.as_ref()
        && *s == stamp
        && *k == key
    {
        return reply(StatusCode::OK, "application/json", bytes.clone());
    }
    let made = {
        let shared = shared.clone();
        tokio::task::spawn_blocking(move || {
            guarded(|| board_json(&shared, branch.as_deref(), stamp))
        })
        .await
    };
    match made {
        Ok(Ok(v)) => {
            let bytes = Bytes::from(v.to_string());
            if let Ok(mut c) = shared.cached.lock() {
                *c = Some((stamp, key, bytes.clone()));
            }
            reply(StatusCode::OK, "application/json", bytes)
        }
        Ok(Err(e)) => json_reply(super::serve::status_of(&e), &error_json(&shared.voice, &e)),
        Err(_) => error_reply(
            StatusCode::INTERNAL_SERVER_ERROR,
            &shared.voice.t("board-failed", &[]),
        ),
    }
}

fn board_json(shared: &Shared, branch: Option<&str>, stamp: u64) -> orx::Result<Value> {
    let (ws, v) = workspace(shared)?;
    let now = now();
    let view = match branch {
        Some(b) if ws.repo.head_branch().as_deref() != Some(b) => {
            orx::board::web::view_of_branch(&ws, b, now)?
        }
        _ => orx::board::web::view(&ws, now)?,
    };
    let allowed = orx::board::web::roles_for(&ws, shared.email.as_deref());
    let role = shared
        .role
        .clone()
        .filter(|r| allowed.contains(r))
        .or_else(|| allowed.first().cloned());
    let problems: Vec<String> = view.problems.iter().map(|p| v.m(&p.said())).collect();
    Ok(json!({
        "view": view,
        "problems": problems,
        "stamp": stamp,
        "write": shared.token.is_some() && view.current,
        "read_only": shared.token.is_none(),
        "roles_allowed": allowed,
        "role": role,
        "user": shared.email,
        "identities": !ws.rules.config.identities.is_empty(),
    }))
}

fn item(shared: &Shared, key: &str, role: Option<&str>) -> orx::Result<Value> {
    let (ws, v) = workspace(shared)?;
    let role = role
        .map(|r| ws.check_role(r, orx::workflow::role::RoleSource::Filter))
        .transpose()?;
    let page = orx::board::web::item_page(&ws, key, role.as_deref())?;
    // The handoff is the workflow's own, said in the language in force
    // (`workspace` sets it); a refusal is said here, in that language.
    let mut value = serde_json::to_value(&page)
        .map_err(|e| orx::Error::internal(orx::msg!("cannot-say-as-json"), e))?;
    for (i, m) in page.detail.moves.iter().enumerate() {
        if let Some(r) = &m.refused
            && let Some(said) = value
                .get_mut("moves")
                .and_then(|v| v.get_mut(i))
                .and_then(|v| v.get_mut("refused"))
                .and_then(|v| v.get_mut("message"))
        {
            *said = Value::String(super::refusal(&v, &r.refusal));
        }
    }
    Ok(value)
}

fn branches(shared: &Shared) -> orx::Result<Value> {
    let (ws, _) = workspace(shared)?;
    let across = orx::board::branches::across(&ws, false)?;
    serde_json::to_value(&across)
        .map_err(|e| orx::Error::internal(orx::msg!("cannot-say-as-json"), e))
}

/// The HTML report of `kind` (else of every kind, as `git orx report`
/// makes it): the same page, from the same history cache.
fn report(shared: &Shared, kind: Option<String>) -> orx::Result<String> {
    let (ws, _) = workspace(shared)?;
    let only = match &kind {
        Some(name) => Some(ws.kind(name)?),
        None => None,
    };
    let all = orx::kinds::metrics::measure_kinds(
        &ws.repo,
        &ws,
        only,
        &orx::kinds::metrics::Options {
            now: now(),
            keep: super::build_id(),
            ..Default::default()
        },
        &mut |_, _| {},
    )?;
    let shown: Vec<_> = all.iter().map(|(k, m)| (*k, m)).collect();
    orx::kinds::report::report(&ws, now(), &shown, &mut |_, _| {})
}

/// A move from the page: `{kind, id, to, role}`, with the token.
#[derive(serde::Deserialize)]
struct Move {
    kind: String,
    id: String,
    to: String,
    role: String,
}

async fn moved(shared: Arc<Shared>, request: Request<Incoming>) -> Response<Out> {
    let Some(token) = &shared.token else {
        return error_reply(
            StatusCode::FORBIDDEN,
            &shared.voice.t("board-read-only-start-write", &[]),
        );
    };
    let given = request
        .headers()
        .get("X-Orx-Token")
        .map(|v| v.as_bytes().to_vec())
        .unwrap_or_default();
    if !same(&given, token.as_bytes()) {
        return error_reply(
            StatusCode::FORBIDDEN,
            &shared.voice.t("no-valid-write-token-open", &[]),
        );
    }
    let body = match Limited::new(request.into_body(), MAX_PAYLOAD)
        .collect()
        .await
    {
        Ok(b) => b.to_bytes(),
        Err(_) => {
            return error_reply(
                StatusCode::BAD_REQUEST,
                &shared.voice.t("cannot-read-move", &[]),
            );
        }
    };
    let Ok(m) = serde_json::from_slice::<Move>(&body) else {
        return error_reply(
            StatusCode::BAD_REQUEST,
            &shared.voice.t("move-json-kind-id-role", &[]),
        );
    };
    let out = {
        let shared = shared.clone();
        tokio::task::spawn_blocking(move || {
            std::panic::catch_unwind(AssertUnwindSafe(|| make_move(&shared, &m)))
        })
        .await
    };
    match out {
        Ok(Ok(Ok(v))) => json_reply(StatusCode::OK, &v),
        Ok(Ok(Err((status, v)))) => json_reply(status, &v),
        _ => error_reply(
            StatusCode::INTERNAL_SERVER_ERROR,
            &shared.voice.t("move-failed", &[]),
        ),
    }
}

/// Whether two byte strings are equal, in a time that does not say where
/// they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// The move `git orx move KIND:ID TO --as ROLE` makes: the same plan,
/// judged by the same verdict, executed and committed the same way. A
/// refusal is logged as a command's is, and answered with the moves the
/// role may make instead.
fn make_move(shared: &Shared, m: &Move) -> Result<Value, (StatusCode, Value)> {
    let (ws, v) = workspace(shared)
        .map_err(|e| (super::serve::status_of(&e), error_json(&shared.voice, &e)))?;
    let answer = |e: orx::Error| (super::serve::status_of(&e), error_json(&v, &e));
    let allowed = orx::board::web::roles_for(&ws, shared.email.as_deref());
    let role = ws
        .check_role(&m.role, orx::workflow::role::RoleSource::Flag)
        .map_err(answer)?;
    if !allowed.contains(&role) {
        return Err(answer(orx::Error::Usage(
            orx::text::message::Message::text(v.t(
                "who-may-not-act-role",
                &[
                    (
                        "who",
                        &shared.email.clone().unwrap_or_else(|| v.t("git-user", &[])),
                    ),
                    ("role", &v.role(&role)),
                    (
                        "roles",
                        &if allowed.is_empty() {
                            v.t("none", &[])
                        } else {
                            v.roles(&allowed)
                        },
                    ),
                ],
            )),
        )));
    }
    let key = format!("{}:{}", m.kind, m.id);
    let item = ws.find(&key).map_err(answer)?;
    let wf = plan::workflow_of(&ws, &item).map_err(answer)?;
    let state = super::move_::resolve_state(&wf, &m.to);
    if wf.state(&state).is_none() {
        return Err(answer(super::move_::unknown_state(&wf, &item, &state)));
    }
    let from = item.status.clone();
    let actor = Actor {
        role: &role,
        note: None,
        force: None,
        tasks_reason: None,
    };
    let planned = plan::transition(&ws, item, &state, &[], actor).and_then(|p| {
        let done = plan::execute(&ws, &p, true)?;
        Ok((p, done))
    });
    match planned {
        Ok((p, done)) => Ok(json!({
            "kind": p.kind().name(),
            "id": p.id(),
            "from": from,
            "to": p.to(),
            "role": role,
            "commit": done.commit,
            // The workflow's handoff, said in the language in force
            // (`workspace` sets it).
            "handoff": p.handoff(),
        })),
        Err(e) => {
            if let orx::Error::Refused(r) = &e {
                let entry = orx::history::refusals::Logged::of_refusal(
                    "board",
                    Some(&role),
                    r,
                    &orx::repo::workspace::now(),
                )
                .with_role(Some(&role));
                let _ = orx::history::refusals::append(&ws.repo.orx_dir(), &entry);
            }
            let mut out = error_json(&v, &e);
            // What may be done instead, as `next` offers it.
            out["error"]["allowed"] = json!(orx::board::report::allowed(&ws, &m.id, Some(&m.kind)));
            let moves = orx::board::report::detail(&ws, &key, Some(&role))
                .map(|d| d.moves)
                .unwrap_or_default();
            out["moves"] = json!(
                moves
                    .iter()
                    .map(|mv| json!({"to": mv.to, "roles": mv.roles, "allowed": mv.allowed}))
                    .collect::<Vec<_>>()
            );
            Err((super::serve::status_of(&e), out))
        }
    }
}

/// The stream of server-sent events: `hello` with the change count at
/// once, then one `message` per change, and a comment every 15 seconds
/// (a gone client is noticed).
fn events(shared: &Shared) -> Response<Out> {
    let (tx, rx) = mpsc::channel::<Bytes>(4);
    let mut changes = shared.changes.subscribe();
    tokio::spawn(async move {
        let first = format!(
            "retry: 1000\nevent: hello\ndata: {}\n\n",
            *changes.borrow_and_update()
        );
        if tx.send(Bytes::from(first)).await.is_err() {
            return;
        }
        loop {
            let message = tokio::select! {
                changed = changes.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    format!("data: {}\n\n", *changes.borrow_and_update())
                }
                _ = tokio::time::sleep(Duration::from_secs(15)) => ":\n\n".to_owned(),
            };
            if tx.send(Bytes::from(message)).await.is_err() {
                return;
            }
        }
    });
    let mut r = Response::new(Out::Events(rx));
    let h = r.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static("text/event-stream"));
    h.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// Counts the repository's changes: HEAD (what it names and where that
/// points), the index, and every file under the item directories, read
/// every [`POLL`]. The item directories are read again when HEAD moves
/// (the rules may have changed).
fn watch_repo(shared: &Shared) {
    let Ok(repo) = orx::git::Repo::discover() else {
        return;
    };
    let root = repo.root().to_path_buf();
    let git_dir = repo.git_dir().to_path_buf();
    let dirs_at = || -> Vec<PathBuf> {
        Workspace::open()
            .map(|ws| ws.item_dirs().iter().map(|d| root.join(d)).collect())
            .unwrap_or_default()
    };
    let mut head = repo.commit_id("HEAD");
    let mut dirs = dirs_at();
    let mut last = stamp(&git_dir, &head, &dirs);
    loop {
        std::thread::sleep(POLL);
        let now_head = repo.commit_id("HEAD");
        if now_head != head {
            head = now_head;
            dirs = dirs_at();
        }
        let now = stamp(&git_dir, &head, &dirs);
        if now != last {
            last = now;
            shared.changes.send_modify(|n| *n += 1);
        }
    }
}

/// One number that changes when any of the watched stamps does.
fn stamp(git_dir: &Path, head: &Option<String>, dirs: &[PathBuf]) -> u64 {
    let mut h = DefaultHasher::new();
    head.hash(&mut h);
    for f in ["HEAD", "index"] {
        file_stamp(&git_dir.join(f)).hash(&mut h);
    }
    for d in dirs {
        tree_stamp(d, 0, &mut h);
    }
    h.finish()
}

fn file_stamp(path: &Path) -> Option<(u64, u128)> {
    let m = std::fs::symlink_metadata(path).ok()?;
    let t = m
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    Some((m.len(), t))
}

fn tree_stamp(dir: &Path, depth: usize, h: &mut DefaultHasher) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        0u8.hash(h);
        return;
    };
    let mut names: Vec<(std::ffi::OsString, bool)> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            let dir = e.file_type().ok()?.is_dir();
            Some((e.file_name(), dir))
        })
        .collect();
    names.sort();
    for (name, is_dir) in names {
        name.hash(h);
        let path = dir.join(&name);
        if is_dir {
            if depth < 4 {
                tree_stamp(&path, depth + 1, h);
            }
        } else {
            file_stamp(&path).hash(h);
        }
    }
}
