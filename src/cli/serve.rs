//! `git orx serve`
//!
//! An HTTP/1.1 server (hyper) on a single-threaded tokio runtime: every
//! connection is its own task, so a slow or broken client holds up no
//! other. Each connection serves one request and is closed. A client has
//! `--read-timeout` seconds to send its headers, then as many to send its
//! payload; a payload over the limit is refused from its Content-Length
//! before any of it is read, and a chunked one as soon as it passes the
//! limit. Signed payloads are applied one at a time, in the order they
//! came, by one worker thread: applying is blocking git work and commits
//! in one repository.

use std::convert::Infallible;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Body, Bytes, Incoming};
use hyper::header::{CONTENT_TYPE, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use orx::kinds::goal::{self, Forge};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, oneshot, watch};

use super::Ui;

/// How long, and how many of, a closed connection's late bytes are read
/// and dropped, so that a refused client reads its answer instead of a
/// reset.
const LINGER: Duration = Duration::from_secs(2);
const LINGER_BYTES: usize = 1 << 20;

/// Receive forge webhooks over HTTP and apply each as `git orx event`
/// does, committing in this repository. Every request must be signed
/// with the webhook secret (HMAC-SHA256: Gitea's X-Gitea-Signature,
/// GitHub's X-Hub-Signature-256); the secret is ORX_WEBHOOK_SECRET, else
/// `git config orx.webhookSecret`, and the server does not start without
/// one. An unsigned or wrongly signed request gets 401, a payload over
/// the size limit 413, a bad payload 400; none changes anything.
///
/// It listens on the loopback (127.0.0.1:8787) unless told otherwise.
/// Connections are served concurrently, one request each: a client has
/// --read-timeout seconds to send its headers (else it is hung up on)
/// and as many for its payload (else 408), and a slow client delays no
/// other. A payload over the limit is refused before it is read. Signed
/// payloads are applied one at a time, in the order they came.
#[derive(clap::Args)]
pub struct Args {
    /// The address to listen on: the loopback by default, so only this
    /// machine can reach it (port 0: any free port; the address is
    /// printed).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8787")]
    listen: String,
    /// The largest payload accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = super::event::MAX_PAYLOAD)]
    max_bytes: u64,
    /// The seconds a client has to send a request's headers, and then as
    /// many to send its payload; a slower client is dropped.
    #[arg(long, value_name = "SECONDS", default_value_t = 10,
          value_parser = super::msg::between::<1, 3600>)]
    read_timeout: u64,
    /// The most connections served at once; more wait to be accepted.
    #[arg(long, value_name = "N", default_value_t = 512,
          value_parser = super::msg::between::<1, 65536>)]
    max_connections: u64,
    /// Stop after answering this many requests (default: never).
    #[arg(long, value_name = "N")]
    requests: Option<u64>,
    /// Also run the ticker (`git orx goal tick`) at once and then every
    /// DURATION (30s, 5m, 1h), between the payloads it applies, printing
    /// each tick that did something: the flow's daemon and its ticker in
    /// one process.
    #[arg(long, value_name = "DURATION", value_parser = super::tick::duration)]
    tick_every: Option<Duration>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let secret = std::env::var("ORX_WEBHOOK_SECRET")
        .ok()
        .or_else(|| ws.repo.config_value("orx.webhookSecret"))
        .filter(|s| !s.is_empty())
        .ok_or_else(|| orx::Error::Usage(orx::msg!("no-webhook-secret")))?;
    drop(ws);
    let (runtime, listener) = listen(&args.listen)?;
    let addr = listener
        .local_addr()
        .map(|a| a.to_string())
        .unwrap_or_else(|_| args.listen.clone());
    let (jobs, queue) = mpsc::channel::<Job>();
    ui.line(ui.t("listening-addr", &[("addr", &addr)]));
    ui.flush();
    let every = args.tick_every;
    let shared = Arc::new(Shared {
        secret: secret.into_bytes(),
        max: args.max_bytes,
        timeout: Duration::from_secs(args.read_timeout),
        jobs,
        answered: AtomicU64::new(0),
        requests: args.requests,
        stop: watch::Sender::new(false),
    });
    let connections = usize::try_from(args.max_connections).unwrap_or(usize::MAX);
    // The worker applies the payloads (and ticks) on this thread, with
    // the command's terminal and workspace, while the runtime serves on
    // its own; the worker alone writes to the terminal from here on.
    std::thread::scope(|scope| {
        let server = std::thread::Builder::new()
            .name("orx-serve".to_owned())
            .spawn_scoped(scope, move || {
                runtime.block_on(serve(listener, shared, connections));
                // Every sender is gone with the server: the worker
                // finishes what it was given and stops.
                drop(runtime);
            })
            .map_err(|e| orx::Error::io(orx::msg!("cannot-start-server-why"), e))?;
        work(ui, &queue, every);
        let _ = server.join();
        Ok(0)
    })
}

/// Applies the payloads in the order they came and, with `every`, runs
/// the ticker at once and then once per period between them, until the
/// server is gone.
fn work(ui: &mut Ui, queue: &mpsc::Receiver<Job>, every: Option<Duration>) {
    let mut next = every.map(|_| std::time::Instant::now());
    loop {
        let job = match next {
            None => match queue.recv() {
                Ok(job) => Some(job),
                Err(_) => return,
            },
            Some(at) => {
                match queue.recv_timeout(at.saturating_duration_since(std::time::Instant::now())) {
                    Ok(job) => Some(job),
                    Err(mpsc::RecvTimeoutError::Timeout) => None,
                    Err(mpsc::RecvTimeoutError::Disconnected) => return,
                }
            }
        };
        match (job, every) {
            (Some(job), _) => {
                let answer = apply(job.forge, job.event.as_deref(), &job.payload);
                let _ = job.reply.send(answer);
            }
            (None, Some(every)) => {
                if let Err(e) = super::tick::once(ui, &None, false, true) {
                    ui.line(ui.t(
                        "tick-failed-error",
                        &[("error", &orx::text::escape(&e.to_string()))],
                    ));
                }
                ui.flush();
                next = Some(std::time::Instant::now() + every);
            }
            (None, None) => {}
        }
    }
}

/// What every connection shares.
struct Shared {
    secret: Vec<u8>,
    max: u64,
    timeout: Duration,
    jobs: mpsc::Sender<Job>,
    answered: AtomicU64,
    requests: Option<u64>,
    /// Set once `requests` are answered: accept no more.
    stop: watch::Sender<bool>,
}

/// A signed payload for the worker, and where its answer goes.
struct Job {
    forge: Forge,
    event: Option<String>,
    payload: Bytes,
    reply: oneshot::Sender<(StatusCode, Value)>,
}

/// Accepts connections until told to stop, then waits for the ones begun.
async fn serve(listener: TcpListener, shared: Arc<Shared>, connections: usize) {
    let slots = Arc::new(Semaphore::new(connections));
    let mut stop = shared.stop.subscribe();
    let mut tasks = tokio::task::JoinSet::new();
    loop {
        while tasks.try_join_next().is_some() {}
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => break,
            },
            _ = stop.wait_for(|stop| *stop) => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors, or a connection reset before it
                // was accepted: try again shortly.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
            _ = stop.wait_for(|stop| *stop) => break,
        };
        tasks.spawn(connection(stream, shared.clone(), slot));
    }
    drop(listener);
    while tasks.join_next().await.is_some() {}
}

/// Serves one connection: one request, then the connection is closed.
async fn connection(stream: TcpStream, shared: Arc<Shared>, _slot: OwnedSemaphorePermit) {
    let _ = stream.set_nodelay(true);
    // Set once the request is answered or its payload is being applied:
    // from then on the connection is finished even when stopping.
    let committed = Arc::new(AtomicBool::new(false));
    let service = {
        let shared = shared.clone();
        let committed = committed.clone();
        hyper::service::service_fn(move |request| {
            let shared = shared.clone();
            let committed = committed.clone();
            async move { Ok::<_, Infallible>(respond(&shared, &committed, request).await) }
        })
    };
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(shared.timeout)
        .keep_alive(false)
        .serve_connection(TokioIo::new(stream), service)
        .without_shutdown();
    tokio::pin!(served);
    let mut stop = shared.stop.subscribe();
    let mut stopping = false;
    let served = loop {
        tokio::select! {
            served = &mut served => break served,
            _ = stop.wait_for(|stop| *stop), if !stopping => {
                // Stopping: a connection still sending its request is
                // dropped, one being answered is finished.
                if !committed.load(Ordering::SeqCst) {
                    return;
                }
                stopping = true;
            }
        }
    };
    if let Ok(parts) = served {
        linger(parts.io.into_inner()).await;
    }
}

/// Closes a connection gracefully: the answer is sent, then what the
/// client still sends (a refused payload) is read and dropped for a
/// moment, up to a bound, so that closing does not reset the connection
/// under the answer.
async fn linger(mut stream: TcpStream) {
    let _ = stream.shutdown().await;
    let mut sink = [0u8; 8192];
    let _ = tokio::time::timeout(LINGER, async {
        let mut left = LINGER_BYTES;
        while left > 0 {
            match stream.read(&mut sink).await {
                Ok(n) if n > 0 => left = left.saturating_sub(n),
                _ => break,
            }
        }
    })
    .await;
}

/// The response to one request, counted as answered.
async fn respond(
    shared: &Shared,
    committed: &AtomicBool,
    request: Request<Incoming>,
) -> Response<Full<Bytes>> {
    let (status, body) = answer(shared, committed, request).await;
    committed.store(true, Ordering::SeqCst);
    let answered = shared.answered.fetch_add(1, Ordering::SeqCst) + 1;
    if shared.requests.is_some_and(|n| answered >= n) {
        shared.stop.send_replace(true);
    }
    let mut response = Response::new(Full::new(Bytes::from(body.to_string())));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// A current-thread runtime and a listener bound to `addr`: how `serve`
/// and `board` start.
pub fn listen(addr: &str) -> orx::Result<(tokio::runtime::Runtime, TcpListener)> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| orx::Error::io(orx::msg!("cannot-start-server-why"), e))?;
    let listener = runtime.block_on(TcpListener::bind(addr)).map_err(|e| {
        orx::Error::io(
            orx::msg!(
                "cannot-listen-addr-why",
                addr = orx::text::escape(addr).to_string()
            ),
            e,
        )
    })?;
    Ok((runtime, listener))
}

fn fail(status: StatusCode, message: &str) -> (StatusCode, Value) {
    (status, json!({"error": message}))
}

/// The status and JSON body for one request.
async fn answer(
    shared: &Shared,
    committed: &AtomicBool,
    request: Request<Incoming>,
) -> (StatusCode, Value) {
    if request.method() != Method::POST {
        return fail(StatusCode::METHOD_NOT_ALLOWED, "webhooks are POSTed");
    }
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
    };
    let forge = if header(Forge::Gitea.event_header()).is_some() {
        Forge::Gitea
    } else if header(Forge::Github.event_header()).is_some() {
        Forge::Github
    } else {
        return fail(
            StatusCode::BAD_REQUEST,
            "no X-Gitea-Event or X-GitHub-Event header",
        );
    };
    let event = header(forge.event_header());
    let signature = header(forge.signature_header());
    // The Content-Length, checked before anything is read.
    if request.body().size_hint().lower() > shared.max {
        return fail(StatusCode::PAYLOAD_TOO_LARGE, "the payload is too large");
    }
    let limit = usize::try_from(shared.max).unwrap_or(usize::MAX);
    let read = Limited::new(request.into_body(), limit).collect();
    let payload = match tokio::time::timeout(shared.timeout, read).await {
        Ok(Ok(collected)) => collected.to_bytes(),
        Ok(Err(e)) if e.is::<LengthLimitError>() => {
            return fail(StatusCode::PAYLOAD_TOO_LARGE, "the payload is too large");
        }
        Ok(Err(_)) => return fail(StatusCode::BAD_REQUEST, "cannot read the payload"),
        Err(_) => {
            return fail(
                StatusCode::REQUEST_TIMEOUT,
                "the payload was not sent in time",
            );
        }
    };
    match signature {
        Some(sig) if goal::signed(forge, &shared.secret, &payload, &sig) => {}
        _ => return fail(StatusCode::UNAUTHORIZED, "no valid signature"),
    }
    committed.store(true, Ordering::SeqCst);
    let (reply, answer) = oneshot::channel();
    let job = Job {
        forge,
        event,
        payload,
        reply,
    };
    if shared.jobs.send(job).is_err() {
        return fail(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is not applying events",
        );
    }
    answer.await.unwrap_or_else(|_| {
        fail(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the event was not applied",
        )
    })
}

/// Applies one signed payload (on the worker thread).
fn apply(forge: Forge, event: Option<&str>, payload: &[u8]) -> (StatusCode, Value) {
    std::panic::catch_unwind(AssertUnwindSafe(|| {
        let ws = match orx::repo::workspace::Workspace::open() {
            Ok(ws) => ws,
            Err(e) => return fail(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
        };
        match goal::apply_event(&ws, forge, event, payload, false) {
            Ok(done) => (
                StatusCode::OK,
                json!({
                    "dispatched": done.dispatched,
                    "notes": done.notes.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "notices": done.notices,
                    "agents": done.agents,
                }),
            ),
            Err(e) => fail(status_of(&e), &e.to_string()),
        }
    }))
    .unwrap_or_else(|_| {
        fail(
            StatusCode::INTERNAL_SERVER_ERROR,
            "applying the event failed unexpectedly",
        )
    })
}

/// The HTTP status of an error, by its kind (the board's API and
/// `serve`'s webhook answer alike).
pub(super) fn status_of(e: &orx::Error) -> StatusCode {
    match e.kind() {
        orx::error::ErrorKind::Usage => StatusCode::BAD_REQUEST,
        orx::error::ErrorKind::Busy => StatusCode::SERVICE_UNAVAILABLE,
        orx::error::ErrorKind::Refused => StatusCode::CONFLICT,
        orx::error::ErrorKind::Fault => StatusCode::INTERNAL_SERVER_ERROR,
    }
}
