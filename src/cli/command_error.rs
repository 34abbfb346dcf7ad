//! How an error reaches the user: [`Ui::error`] prints it (text with its
//! hints, or under `--json` the error envelope), worded in the language in
//! force ([`refusal`] for a rule's refusal, the flags that override it
//! named); the exit code of its kind; the refusal log it is appended to;
//! and the files a command could not read as items, never hidden.

use orx::Error;
use orx::engine::validate::ItemRef;
use orx::engine::validate::Refusal;

use super::context::Acting;
use super::{CYAN, RED, Ui, epaint, merge_file, output};

impl Ui {
    /// Prints `e` on standard error with its hints, in the language in
    /// force; under `--json`, the error envelope on standard output.
    pub fn error(&mut self, e: &Error) {
        if self.is_json() {
            let mut data = e.data();
            if let Error::NoRole { .. } = e {
                data.message = error_text(self.voice(), e, &self.acting);
            }
            if data.item.is_none()
                && let Some((_, id)) = &self.acting.item
            {
                // The ID as given (its kind is not known before it is found).
                data.item = Some(id.clone());
            }
            // The moves allowed instead, in the workspace the command
            // opened (none before it did).
            if data.code.starts_with("refused.")
                && let Some(id) = &data.item
                && let Some(ws) = &self.ws
            {
                data.allowed = orx::board::report::allowed(ws, id, data.kind.as_deref());
            }
            // A message by its ID, in the language in force, worded with
            // its flag; a refusal as the library says it (its rule and
            // item are data beside it).
            if !matches!(e, Error::Refused(_) | Error::NoDecision(_)) {
                data.message = self.m(&e.to_message());
            } else {
                // In English, as data; a team's role as its rules spell it.
                data.message = self.voice().english(&e.to_message());
            }
            let hints = hints(self.voice(), e, self.ws.as_deref());
            self.json(&output::Envelope::new(data, hints));
            return;
        }
        let prefix = match e {
            Error::Refused(_) | Error::NoDecision(_) => self.t("refused", &[]),
            _ => String::new(),
        };
        let text = error_text(self.voice(), e, &self.acting);
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        let label = self.t("error", &[]);
        self.eline(format!("{} {prefix}{first}", epaint(RED, label)));
        for l in lines {
            self.eline(l);
        }
        for h in hints(self.voice(), e, self.ws.as_deref()) {
            self.eline(format!("{} {h}", epaint(CYAN, self.t("hint", &[]))));
        }
    }
}

/// An error's text in the language in force; `acting`: what the command
/// acts on, which names the item.
fn error_text(v: &crate::cli::msg::Voice, e: &Error, acting: &Acting) -> String {
    match e {
        Error::Refused(r) => refusal(v, r),
        Error::NoRole { roles } => v.t("no-role-say-who-acting", &[("roles", &roles.join(", "))]),
        Error::UnknownRole {
            role,
            from,
            guess,
            roles,
        } => {
            use orx::workflow::role::RoleSource;
            let from = match from {
                RoleSource::Flag => "--as",
                RoleSource::Env => "ORX_ROLE",
                RoleSource::GitConfig => "git config orx.role",
                RoleSource::ActsAs => "--acts-as",
                RoleSource::Filter => "--role",
            };
            let role = orx::text::escape(role);
            let head = match guess {
                Some(g) => v.t(
                    "unknown-role-role-did-you",
                    &[("role", &role), ("from", &from), ("guess", g)],
                ),
                None => v.t("unknown-role-role", &[("role", &role), ("from", &from)]),
            };
            v.t(
                "two-lines",
                &[
                    ("first", &head),
                    (
                        "second",
                        &v.t("roles-roles", &[("roles", &roles.join(", "))]),
                    ),
                ],
            )
        }
        Error::UnmeasuredReason { from, to } => v.t(
            "reason-without-force-measures-none",
            &[("from", from), ("to", to)],
        ),
        Error::NoAgent { name, path } => {
            let flag = if name == orx::kinds::agent::DEFAULT {
                String::new()
            } else {
                format!(" --agent {name}")
            };
            v.t(
                "there-no-agent-name-path",
                &[("name", name), ("path", path), ("flag", &flag)],
            )
        }
        // `... applies to tasks in pending; task T1 is in-progress`: the
        // item by name when the command said which it acts on.
        Error::NoDecision(orx::engine::decide::NoDecision::NotHere {
            action,
            kind,
            state,
            states,
        }) => match &acting.item {
            Some((_, id)) => {
                // `story:1.1` as typed: the kind is said already.
                let id = id.strip_prefix(&format!("{kind}:")).unwrap_or(id);
                v.m(&orx::msg!(
                    "action-applies-kinds-states-item",
                    action = action.clone(),
                    kind = kind,
                    states = states.join(", "),
                    item = format!("{kind} {id}"),
                    state = state
                ))
            }
            None => v.m(&e.to_message()),
        },
        Error::NoDecision(orx::engine::decide::NoDecision::NoneHolds { .. }) => {
            match acting.item.clone() {
                Some((kind, id)) if !kind.is_empty() => {
                    let id = id.strip_prefix(&format!("{kind}:")).unwrap_or(&id);
                    let item = format!("{kind} {id}");
                    v.t(
                        "item-text",
                        &[("item", &item), ("text", &v.m(&e.to_message()))],
                    )
                }
                _ => v.m(&e.to_message()),
            }
        }
        // A commit of an item's change that failed: which change, then
        // git's words and what became of the files.
        Error::CommitFailed {
            change: Some(c), ..
        } => {
            let item = c.item.to_string();
            let head = match &c.from {
                Some(from) => v.t(
                    "item-move-not-committed",
                    &[("item", &item), ("from", from), ("to", &c.to)],
                ),
                None => v.t("new-item-not-committed", &[("item", &item), ("to", &c.to)]),
            };
            v.t(
                "two-lines",
                &[("first", &head), ("second", &v.m(&e.to_message()))],
            )
        }
        // The error's message, said by its ID in the language in force.
        _ => v.m(&e.to_message()),
    }
}

/// A refusal in the language in force: the library's message, said by
/// its ID, with the command line's wording where it names an override's
/// flags (`flags::by_id`) and the repository's spelling of each role.
pub fn refusal(v: &crate::cli::msg::Voice, r: &Refusal) -> String {
    v.m(&r.message())
}

/// The ID of `item` as a command takes it: `story:1.1` where another
/// kind in `ws` (the workspace the command opened) uses the ID too, else
/// the ID alone.
pub fn argument(ws: Option<&orx::repo::workspace::Workspace>, item: &ItemRef) -> String {
    match (ws, item.kind()) {
        (Some(ws), Some(kind)) => ws.argument(kind, item.id()),
        _ => item.id().to_owned(),
    }
}

/// What the user can do about an error; `ws`: the workspace the command
/// opened, which names a shared ID with its kind.
fn hints(
    v: &crate::cli::msg::Voice,
    e: &Error,
    ws: Option<&orx::repo::workspace::Workspace>,
) -> Vec<String> {
    match e {
        Error::Refused(r) => match r {
            Refusal::Unauthorized { responsible, .. } => vec![v.t(
                "act-roles-role-human-may",
                &[
                    ("roles", &v.roles(responsible)),
                    ("role", &responsible.first().map_or("ROLE", String::as_str)),
                ],
            )],
            Refusal::InvalidTransition { item, .. }
            | Refusal::Preconditions { item, .. }
            | Refusal::Terminal { item, .. } => {
                let id = argument(ws, item);
                vec![v.t("git-orx-show-id-lists", &[("id", &id)])]
            }
            _ => vec![],
        },
        Error::NotInitialised => vec![v.t("run-git-orx-init-here", &[])],
        Error::Item(e) if e.message.holds("file-not-start-fence") => {
            vec![v.t(UNFENCED_HINT, &[])]
        }
        Error::Outcome { command, .. } => {
            vec![v.t("run-git-orx-command", &[("command", command)])]
        }
        // git-orx's own part failed: said apart from a refusal, and
        // worth a report.
        Error::Internal { .. } => vec![v.t("internal-fault-not-a-refusal", &[])],
        // git or the file system failed: said apart from a refusal.
        e if e.kind() == orx::error::ErrorKind::Fault => vec![v.t("fault-not-a-refusal", &[])],
        // The error itself says what to do.
        _ => vec![],
    }
}

/// What to do about story files written without frontmatter.
pub const UNFENCED_HINT: &str = "stories-written-without-frontmatter-bmad";

/// The files that cannot be read as items, never hidden: how many, the
/// first few with their problem, and where to see them all. Empty when
/// every file was read.
pub fn unreadable_lines(
    v: &crate::cli::msg::Voice,
    ws: &orx::repo::workspace::Workspace,
    problems: &[orx::board::summary::Problem],
) -> Vec<String> {
    const SHOWN: usize = 3;
    if problems.is_empty() {
        return Vec::new();
    }
    let n = problems.len();
    let mut out = vec![v.t(
        if n == 1 {
            "file-cannot-read-item-git"
        } else {
            "n-files-cannot-read-items"
        },
        &[("n", &n)],
    )];
    for p in problems.iter().take(SHOWN) {
        // A file a merge left in conflict: what conflicts and how to end it.
        match Some(p)
            .filter(|p| p.message.id() == "unresolved-merge-conflict-here")
            .and_then(|p| merge_file::describe(v, ws, &p.path))
        {
            Some(lines) => {
                for l in lines {
                    out.push(format!("  {}", orx::text::escape(&l)));
                }
            }
            None => out.push(format!("  {}", orx::text::escape(&v.m(&p.said())))),
        }
    }
    if n > SHOWN {
        out.push(format!("  {}", v.t("n-more", &[("n", &(n - SHOWN))])));
    }
    if problems
        .iter()
        .any(|p| p.message.holds("file-not-start-fence"))
    {
        out.push(format!("  {}", v.t(UNFENCED_HINT, &[])));
    }
    out
}

/// The exit code of an error, by its kind: 1 refused or failed (a fault
/// of git or the file system too, which the text and `--json` tell
/// apart), 2 usage, 3 busy or conflict (retrying may work).
pub fn exit_code(kind: orx::error::ErrorKind) -> u8 {
    match kind {
        orx::error::ErrorKind::Refused | orx::error::ErrorKind::Fault => 1,
        orx::error::ErrorKind::Usage => 2,
        orx::error::ErrorKind::Busy => 3,
    }
}

/// Appends a refusal to the repository's refusal log, which `git orx
/// doctor` reads, naming the role and item `ui` notes; other errors are
/// not refusals. Never fails the command: a log that cannot be written is
/// skipped.
pub fn log_refusal(ui: &Ui, source: &str, e: &Error) {
    let (role, item) = (ui.acting.role.clone(), ui.acting.item.clone());
    let now = orx::repo::workspace::now();
    let entry = match e {
        Error::Refused(r) => {
            orx::history::refusals::Logged::of_refusal(source, role.as_deref(), r, &now)
        }
        Error::NoDecision(d) => orx::history::refusals::Logged::of_no_decision(
            source,
            item.as_ref().map(|(k, i)| (k.as_str(), i.as_str())),
            d,
            &now,
        ),
        _ => return,
    };
    let entry = entry.with_role(role.as_deref());
    // The repository the command opened, else the one here (a refusal
    // before the command opened it).
    let dir = match &ui.orx_dir {
        Some(dir) => Some(dir.clone()),
        None => orx::git::Repo::discover().ok().map(|r| r.orx_dir()),
    };
    if let Some(dir) = dir {
        let _ = orx::history::refusals::append(&dir, &entry);
    }
}
