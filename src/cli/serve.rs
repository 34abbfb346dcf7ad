//! `git orx serve`

use std::io::Read;

use orx::kinds::goal::{self, Forge};

use super::Ui;

/// Receive forge webhooks over HTTP and apply each as `git orx event`
/// does, committing in this repository. Every request must be signed
/// with the webhook secret (HMAC-SHA256: Gitea's X-Gitea-Signature,
/// GitHub's X-Hub-Signature-256); the secret is ORX_WEBHOOK_SECRET, else
/// `git config orx.webhookSecret`, and the server does not start without
/// one. An unsigned or wrongly signed request gets 401, a payload over
/// the size limit 413, a bad payload 400; none changes anything.
#[derive(clap::Args)]
pub struct Args {
    /// The address to listen on (port 0: any free port; the address is
    /// printed).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8787")]
    listen: String,
    /// The largest payload accepted, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = super::event::MAX_PAYLOAD)]
    max_bytes: u64,
    /// Stop after this many requests (default: never).
    #[arg(long, value_name = "N")]
    requests: Option<u64>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let secret = std::env::var("ORX_WEBHOOK_SECRET")
        .ok()
        .or_else(|| ws.repo.config_value("orx.webhookSecret"))
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            orx::Error::Usage(
                "no webhook secret: set ORX_WEBHOOK_SECRET or `git config orx.webhookSecret SECRET` (the secret the forge signs its webhooks with)".to_owned(),
            )
        })?;
    drop(ws);
    let server = tiny_http::Server::http(&args.listen).map_err(|e| {
        orx::Error::Failed(format!(
            "cannot listen on {}: {e}",
            orx::text::escape(&args.listen)
        ))
    })?;
    let addr = server
        .server_addr()
        .to_ip()
        .map(|a| a.to_string())
        .unwrap_or_else(|| args.listen.clone());
    ui.line(format!("listening on {addr}"));
    ui.flush();
    for (served, mut request) in (1u64..).zip(server.incoming_requests()) {
        let (status, body) = answer(&mut request, secret.as_bytes(), args.max_bytes);
        let header = tiny_http::Header::from_bytes("Content-Type", "application/json")
            .expect("a valid header");
        let response = tiny_http::Response::from_string(body.to_string())
            .with_status_code(status)
            .with_header(header);
        let _ = request.respond(response);
        if args.requests.is_some_and(|n| served >= n) {
            break;
        }
    }
    Ok(0)
}

/// The status and JSON body for one request.
fn answer(request: &mut tiny_http::Request, secret: &[u8], max: u64) -> (u16, serde_json::Value) {
    let fail = |status: u16, message: &str| (status, serde_json::json!({"error": message}));
    if *request.method() != tiny_http::Method::Post {
        return fail(405, "webhooks are POSTed");
    }
    let header = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_owned())
    };
    let forge = if header(Forge::Gitea.event_header()).is_some() {
        Forge::Gitea
    } else if header(Forge::Github.event_header()).is_some() {
        Forge::Github
    } else {
        return fail(400, "no X-Gitea-Event or X-GitHub-Event header");
    };
    let event = header(forge.event_header());
    let signature = header(forge.signature_header());
    if request.body_length().is_some_and(|n| n as u64 > max) {
        return fail(413, "the payload is too large");
    }
    let mut body = Vec::new();
    if request
        .as_reader()
        .take(max + 1)
        .read_to_end(&mut body)
        .is_err()
    {
        return fail(400, "cannot read the payload");
    }
    if body.len() as u64 > max {
        return fail(413, "the payload is too large");
    }
    match signature {
        Some(sig) if goal::signed(forge, secret, &body, &sig) => {}
        _ => return fail(401, "no valid signature"),
    }
    let ws = match orx::repo::workspace::Workspace::open() {
        Ok(ws) => ws,
        Err(e) => return fail(500, &e.to_string()),
    };
    match goal::apply_event(&ws, forge, event.as_deref(), &body, false) {
        Ok(done) => (
            200,
            serde_json::json!({"dispatched": done.dispatched, "notes": done.notes}),
        ),
        Err(e) => fail(
            match e.kind() {
                orx::error::ErrorKind::Usage => 400,
                orx::error::ErrorKind::Busy => 503,
                orx::error::ErrorKind::Refused => 409,
            },
            &e.to_string(),
        ),
    }
}
