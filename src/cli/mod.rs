//! The command layer: argument structs, terminal output, exit codes.
//! One file per command; each has `Args` (its doc comments are the help)
//! and `run(ui, args) -> Result<u8>` returning the exit code.
//!
//! [`Ui`] is the command's context, made once in `main` and passed to
//! every command: the output streams, the output mode (`--json`), the
//! colour of each stream, the width text is wrapped to, whom and what the
//! command acts on (for its errors and the refusal log), and how it speaks
//! ([`msg::Voice`]: the language in force and the repository's roles). No
//! command reads a process-wide global for these.

pub mod acknowledge;
pub mod adopt;
pub mod agent;
pub mod agents_md;
pub mod assess;
pub mod backup;
pub mod backups;
pub mod board;
pub mod check;
pub mod checkpoint;
pub mod checkpoints;
pub mod completions;
pub mod demo;
pub mod diff;
pub mod doctor;
pub mod error;
pub mod gate;
pub mod help;
pub mod history;
pub mod hook;
pub mod hooks;
pub mod init;
pub mod kind;
pub mod log;
pub mod loop_;
pub mod man;
pub mod mcp;
pub mod merge_file;
pub mod metrics;
pub mod move_;
pub mod msg;
pub mod new;
pub mod next;
pub mod output;
pub mod prompt;
pub mod renumber;
pub mod report;
pub mod resolve;
pub mod restore;
pub mod review;
pub mod rollback;
pub mod run;
pub mod schema;
pub mod show;
pub mod status;
pub mod story;
pub mod update;
pub mod verify;
// Goals, tasks, discussion, the ticker and the forge bridge.
pub mod claim;
pub mod discuss;
pub mod event;
pub mod goal;
pub mod serve;
pub mod task;
pub mod task_merge;
pub mod tick;

use std::io::{BufWriter, Write};

use anstyle::{AnsiColor, Style};
use orx::Error;
use orx::engine::validate::Refusal;
use orx::text::message::Lang;

pub const BOLD: Style = Style::new().bold();
pub const DIM: Style = Style::new().dimmed();
pub const RED: Style = AnsiColor::Red.on_default().bold();
pub const GREEN: Style = AnsiColor::Green.on_default();
pub const YELLOW: Style = AnsiColor::Yellow.on_default();
pub const CYAN: Style = AnsiColor::Cyan.on_default().bold();

/// The context of a command: standard output (buffered) and error, the
/// output mode, and what the command acts on. Colour is decided once per
/// stream by anstream's rules (a terminal, `NO_COLOR`, `CLICOLOR`,
/// `CLICOLOR_FORCE`) and held here: text is painted with [`paint`] and a
/// stream without colour writes it with its escapes taken out, so plain
/// output is the same bytes as if it had never been painted. A closed
/// pipe (`git orx status | head`) ends output quietly; any other write
/// error (a full disk) is reported by `finish`.
pub struct Ui {
    out: BufWriter<std::io::Stdout>,
    err: std::io::Stderr,
    closed: bool,
    failed: Option<std::io::Error>,
    /// `--json` (or `ORX_OUTPUT=json`): standard output carries only
    /// JSON; the text lines are kept for [`Ui::json_fallback`].
    json: bool,
    /// A JSON value was written.
    wrote_json: bool,
    /// The text lines left out under `--json`.
    held: Vec<String>,
    /// The command only said what it would write (`--dry-run`): the
    /// fallback object says so.
    dry_run: bool,
    /// Whether standard output, and standard error, are coloured.
    out_color: bool,
    err_color: bool,
    /// The width text is wrapped to ([`Ui::width`]), read when first asked.
    width: std::cell::OnceCell<usize>,
    /// Whom and what the command acts on, for its errors and the refusal log.
    acting: Acting,
    /// The repository's git-orx directory (`.git/orx`), once the command
    /// opened the repository ([`open`]): where its refusals are logged.
    orx_dir: Option<std::path::PathBuf>,
    /// How the command speaks: the language in force and the spellings of
    /// the repository's roles, taken when it opens the repository.
    voice: msg::Voice,
    /// `--lang` chose the language: no repository's config changes it.
    lang_forced: bool,
}

/// `--color`: when to colour the output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set or git's `color.ui` says never.
    #[default]
    Auto,
    Always,
    Never,
}

impl Default for Ui {
    fn default() -> Self {
        Ui::new(ColorWhen::Auto, false)
    }
}

impl Ui {
    /// Output coloured as `when` says. With `auto`, `NO_COLOR` turns
    /// colour off and `CLICOLOR_FORCE` on; else git's `color.ui` decides
    /// when it says `always` or `never` (read only when `ask_git`); else
    /// colour is on for a terminal.
    pub fn new(when: ColorWhen, ask_git: bool) -> Ui {
        let on = |c: anstream::ColorChoice| c != anstream::ColorChoice::Never;
        let set = |var: &str| std::env::var_os(var).is_some_and(|v| !v.is_empty());
        let forced = match when {
            ColorWhen::Always => Some(true),
            ColorWhen::Never => Some(false),
            ColorWhen::Auto if set("NO_COLOR") || set("CLICOLOR_FORCE") => None,
            // Settings given to git on its command line (or through
            // GIT_CONFIG_COUNT) are known only to git itself.
            ColorWhen::Auto if ask_git => {
                orx::git::color_ui(set("GIT_CONFIG_PARAMETERS") || set("GIT_CONFIG_COUNT"))
            }
            ColorWhen::Auto => None,
        };
        let out_color =
            forced.unwrap_or_else(|| on(anstream::AutoStream::choice(&std::io::stdout())));
        let err_color =
            forced.unwrap_or_else(|| on(anstream::AutoStream::choice(&std::io::stderr())));
        Ui {
            out: BufWriter::with_capacity(64 * 1024, std::io::stdout()),
            err: std::io::stderr(),
            closed: false,
            failed: None,
            json: false,
            wrote_json: false,
            held: Vec::new(),
            dry_run: false,
            out_color,
            err_color,
            width: std::cell::OnceCell::new(),
            acting: Acting::default(),
            orx_dir: None,
            voice: msg::Voice::default(),
            lang_forced: false,
        }
    }

    /// `--lang`: the language of this call, whatever the config says.
    pub fn force_lang(&mut self, lang: Option<Lang>) {
        if let Some(l) = lang {
            self.voice.set_lang(l);
            self.lang_forced = true;
        }
    }

    /// Takes the language of a repository's config (its `lang`), unless
    /// `--lang` chose one; returns the language in force.
    pub fn lang_of_config(&mut self, lang: &str) -> Lang {
        if !self.lang_forced {
            self.voice.set_lang(Lang::named(lang));
        }
        self.voice.lang()
    }

    /// Takes the language of the repository the command runs in
    /// ([`msg::of_repo`]), unless `--lang` chose one, and its roles: a
    /// command speaks them even when it opens no workspace (`verify`,
    /// `log`, `hooks`).
    pub fn lang_of_repo(&mut self) {
        if let Some((lang, roles)) = msg::of_repo() {
            if !self.lang_forced {
                self.voice.set_lang(lang);
            }
            self.voice.set_roles(&roles);
        }
    }

    /// Takes the roles of the repository's rules, whose spellings (`PM`)
    /// name its roles in what the command says.
    pub fn take_roles(&mut self, roles: &orx::workflow::role::Roles) {
        self.voice.set_roles(roles);
    }

    /// How the command speaks, for a function given it rather than the
    /// whole context.
    pub fn voice(&self) -> &msg::Voice {
        &self.voice
    }

    /// Whether `--lang` chose the language.
    pub fn lang_forced(&self) -> bool {
        self.lang_forced
    }

    /// The language in force.
    pub fn lang(&self) -> Lang {
        self.voice.lang()
    }

    pub fn is_zh(&self) -> bool {
        self.voice.is_zh()
    }

    /// The command line's message `id` in the language in force, each `{
    /// $name }` given its value.
    pub fn t(&self, id: &str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
        self.voice.t(id, args)
    }

    /// A library message in the language in force, worded with its flag,
    /// its roles spelt as the repository's rules spell them.
    pub fn m(&self, message: &orx::text::message::Message) -> String {
        self.voice.m(message)
    }

    /// A role as the repository's rules spell it (`SM`, a team's `PM`).
    pub fn role(&self, role: &str) -> String {
        self.voice.role(role)
    }

    /// A list of roles in the language in force: `Dev, Lead or Human`.
    pub fn roles(&self, roles: &[String]) -> String {
        self.voice.roles(roles)
    }

    /// What a workflow's condition says in the language in force.
    pub fn desc<'a>(&self, c: &'a orx::engine::validate::ConditionCheck) -> &'a str {
        self.voice.desc(c)
    }

    /// A condition as a line in the language in force.
    pub fn condition(&self, c: &orx::engine::validate::ConditionCheck) -> String {
        self.voice.condition(c)
    }

    /// Notes the item the command acts on (for its errors and the refusal
    /// log).
    pub fn acting_on(&mut self, kind: &str, id: &str) {
        self.acting.item = Some((kind.to_owned(), id.to_owned()));
    }

    /// `text` styled for standard output, when it is coloured: for text
    /// that is written as data ([`Ui::verbatim`]), which keeps its escapes.
    pub fn paint(&self, style: Style, text: impl std::fmt::Display) -> String {
        styled(self.out_color, style, text)
    }

    /// The width text output is wrapped to: `COLUMNS`, else the
    /// terminal's, at most 100 (and at least 40) columns; no limit when
    /// neither is known.
    pub fn width(&self) -> usize {
        *self.width.get_or_init(out_width)
    }

    /// `text` as a stream coloured (`color`) or not writes it: painted
    /// text on a stream without colour loses its escapes.
    fn plain(color: bool, text: &str) -> std::borrow::Cow<'_, str> {
        if color || !text.contains('\x1b') {
            std::borrow::Cow::Borrowed(text)
        } else {
            std::borrow::Cow::Owned(strip_escapes(text))
        }
    }

    /// `--json`: standard output carries only JSON, the result or the
    /// error envelope.
    pub fn set_json(&mut self, on: bool) {
        self.json = on;
    }

    /// A `Ui` that writes nothing and holds its lines
    /// ([`Ui::take_lines`]), coloured, wrapped and worded as this one: for output
    /// made once and written many times.
    pub fn capture(&self) -> Ui {
        let when = match self.out_color {
            true => ColorWhen::Always,
            false => ColorWhen::Never,
        };
        let mut ui = Ui::new(when, false);
        ui.json = true;
        ui.width = std::cell::OnceCell::from(self.width());
        ui.voice = self.voice.clone();
        ui.lang_forced = self.lang_forced;
        ui
    }

    /// Writes bytes made earlier as this `Ui` writes its output (lines,
    /// each with its newline, or a piece of JSON), as they are.
    pub fn write_made(&mut self, bytes: &[u8]) {
        if self.closed {
            return;
        }
        if let Err(e) = self.out.write_all(bytes) {
            self.stop(e);
        }
    }

    /// The lines a [`Ui::capture`] holds, taken.
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.held)
    }

    /// Whether the output is JSON (`--json`, `ORX_OUTPUT=json`).
    pub fn is_json(&self) -> bool {
        self.json
    }

    /// Marks the output as a dry run's: what the command would write,
    /// nothing written (`"dry_run": true` in the fallback object).
    pub fn dry_run(&mut self) {
        self.dry_run = true;
    }

    /// Under `--json`, a command that wrote no JSON of its own (`init`,
    /// `hooks install`) prints its text lines as one object:
    /// `{"version": 1, "command", "output": [lines]}`, with `"dry_run":
    /// true` when it wrote nothing.
    pub fn json_fallback(&mut self, command: &str) {
        if self.json && !self.wrote_json {
            let output: Vec<String> = std::mem::take(&mut self.held)
                .iter()
                .map(|l| strip_escapes(l))
                .collect();
            self.json(&output::lines::Lines {
                version: output::Version,
                command: command.to_owned(),
                output,
                dry_run: self.dry_run,
            });
        }
    }

    /// Writes a line to standard output, in the language in force.
    pub fn line(&mut self, text: impl AsRef<str>) {
        let text = Ui::plain(self.out_color, text.as_ref());
        self.verbatim(&text);
    }

    /// Writes text that is data, not a message (a prompt, a schema, a
    /// script), to standard output as it is.
    pub fn verbatim(&mut self, text: &str) {
        if self.json {
            self.held.push(text.to_owned());
            return;
        }
        if self.closed {
            return;
        }
        if let Err(e) = writeln!(self.out, "{text}") {
            self.stop(e);
        }
    }

    /// Writes a line to standard error (after what is pending on standard output).
    pub fn eline(&mut self, text: impl AsRef<str>) {
        if !self.closed
            && let Err(e) = self.out.flush()
        {
            self.stop(e);
        }
        let text = Ui::plain(self.err_color, text.as_ref());
        let _ = writeln!(self.err, "{text}");
    }

    /// Writes out what is pending on standard output (before a child
    /// process writes to it too).
    pub fn flush(&mut self) {
        if !self.closed
            && let Err(e) = self.out.flush()
        {
            self.stop(e);
        }
    }

    /// Writes a value as pretty JSON on standard output, streamed.
    /// Under `--json`, a piece of one JSON document a command writes as it
    /// goes (a long list, one element at a time); the command writes the
    /// whole document, formatted as [`Ui::json`] formats one.
    pub fn json_part(&mut self, text: &str) {
        self.wrote_json = true;
        if self.closed {
            return;
        }
        if let Err(e) = self.out.write_all(text.as_bytes()) {
            self.stop(e);
        }
    }

    /// Under `--json`, the document `write` writes, formatted as
    /// [`Ui::json`] formats one (pretty, then a newline).
    pub fn json_written(
        &mut self,
        write: impl FnOnce(&mut BufWriter<std::io::Stdout>) -> std::io::Result<()>,
    ) {
        self.wrote_json = true;
        if self.closed {
            return;
        }
        if let Err(e) = write(&mut self.out) {
            self.stop(e);
        }
    }

    pub fn json(&mut self, value: &impl serde::Serialize) {
        self.wrote_json = true;
        if self.closed {
            return;
        }
        let written = serde_json::to_writer_pretty(&mut self.out, value)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(self.out));
        if let Err(e) = written {
            self.stop(e);
        }
    }

    /// Writes `text` to standard output wrapped to [`Ui::width`] columns
    /// at spaces; lines after the first are indented by `indent` spaces.
    pub fn wrap(&mut self, text: impl AsRef<str>, indent: usize) {
        let text = Ui::plain(self.out_color, text.as_ref());
        for l in wrap(&text, indent, self.width()) {
            self.line(l);
        }
    }

    /// Writes `text` wrapped like [`Ui::wrap`] after `indent` spaces, each
    /// line painted in `style` (the indent is not).
    pub fn wrap_painted(&mut self, style: Style, text: &str, indent: usize) {
        let pad = " ".repeat(indent);
        for l in wrap(&format!("{pad}{text}"), indent, self.width()) {
            let body = l.strip_prefix(&pad).unwrap_or(&l);
            self.line(format!("{pad}{}", paint(style, body)));
        }
    }

    fn stop(&mut self, e: std::io::Error) {
        self.closed = true;
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            self.failed = Some(e);
        }
    }

    /// Flushes standard output; the error if the output could not be
    /// written (a closed pipe is not one: the reader stopped reading).
    pub fn finish(&mut self) -> Option<std::io::Error> {
        if !self.closed
            && let Err(e) = self.out.flush()
        {
            self.stop(e);
        }
        self.failed.take()
    }

    pub fn error(&mut self, e: &Error) {
        if self.json {
            let mut data = e.data();
            if let Error::NoRole { .. } = e {
                data.message = error_text(&self.voice, e, &self.acting);
            }
            if data.item.is_none()
                && let Some((_, id)) = &self.acting.item
            {
                // The ID as given (its kind is not known before it is found).
                data.item = Some(id.clone());
            }
            if data.code.starts_with("refused.")
                && let Some(id) = &data.item
                && let Ok(ws) = orx::repo::workspace::Workspace::open()
            {
                data.allowed = orx::board::report::allowed(&ws, id, data.kind.as_deref());
            }
            // A message by its ID, in the language in force, worded with
            // its flag; a refusal as the library says it (its rule and
            // item are data beside it).
            if !matches!(e, Error::Refused(_) | Error::NoDecision(_)) {
                data.message = self.m(&e.to_message());
            } else {
                // In English, as data; a team's role as its rules spell it.
                data.message = self.voice.english(&e.to_message());
            }
            let hints = hints(&self.voice, e);
            self.json(&output::Envelope::new(data, hints));
            return;
        }
        let prefix = match e {
            Error::Refused(_) | Error::NoDecision(_) => self.t("refused", &[]),
            _ => String::new(),
        };
        let text = error_text(&self.voice, e, &self.acting);
        let mut lines = text.lines();
        let first = lines.next().unwrap_or_default();
        let label = self.t("error", &[]);
        self.eline(format!("{} {prefix}{first}", epaint(RED, label)));
        for l in lines {
            self.eline(l);
        }
        for h in hints(&self.voice, e) {
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
        // The error's message, said by its ID in the language in force.
        _ => v.m(&e.to_message()),
    }
}

/// `text` without its colour escapes.
fn strip_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\x1b') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        rest = match rest.find('m') {
            Some(end) => &rest[end + 1..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

/// A command line clap rejects: its own message (help and version as
/// asked), or with `--json` the error envelope, `usage.missing_input` for a
/// required argument not given, `usage.bad_value` for a value it does not
/// take, `usage` otherwise; exit 2.
/// The command line's arguments after the program's name, as text (an
/// argument that is not UTF-8 read lossily: clap says what is wrong with
/// it; `std::env::args` would panic).
pub fn arguments() -> Vec<String> {
    std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

/// The language of a call whose command line was not parsed (a usage
/// error, the overview): `--lang`, else the repository's config, else
/// English.
pub fn lang_before_parsing(args: &[String]) -> Lang {
    msg::named_on_command_line(args)
        .or_else(|| msg::of_repo().map(|(lang, _)| lang))
        .unwrap_or_default()
}

/// `lang`: the language the call names ([`lang_before_parsing`]).
pub fn usage_error(e: clap::Error, json: bool, lang: Lang) -> std::process::ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind as K};
    if matches!(e.kind(), K::DisplayHelp | K::DisplayVersion) || !e.use_stderr() {
        e.exit();
    }
    let voice = msg::Voice::new(lang);
    let zh = (lang == Lang::Zh)
        .then(|| msg::usage_in(&voice, &e))
        .flatten();
    if !json {
        let Some((lines, usage)) = zh else { e.exit() };
        eprintln!("{}{}", voice.t("error-3", &[]), lines.join("\n"));
        if let Some(u) = usage {
            eprintln!("\n{u}");
        }
        eprintln!("\n{}", voice.t("more-information-try-help", &[]));
        return std::process::ExitCode::from(2);
    }
    let strings = |k: ContextKind| match e.get(k) {
        Some(ContextValue::String(s)) => vec![s.clone()],
        Some(ContextValue::Strings(v)) => v.clone(),
        _ => Vec::new(),
    };
    let code = match e.kind() {
        K::MissingRequiredArgument | K::MissingSubcommand => "usage.missing_input",
        K::InvalidValue | K::ValueValidation | K::InvalidSubcommand | K::NoEquals => {
            "usage.bad_value"
        }
        _ => "usage",
    };
    let missing: Vec<orx::error::Missing> = match e.kind() {
        K::MissingRequiredArgument => strings(ContextKind::InvalidArg)
            .into_iter()
            .map(|a| orx::error::Missing::Input { one_of: vec![a] })
            .collect(),
        _ => Vec::new(),
    };
    // clap's message, up to its usage line, on one line.
    let rendered = e.render().to_string();
    let message = match zh {
        Some((lines, _)) => lines
            .iter()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" "),
        None => rendered
            .lines()
            .take_while(|l| !l.starts_with("Usage:"))
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
            .trim_start_matches("error: ")
            .to_owned(),
    };
    let data = orx::error::ErrorData {
        code,
        message,
        missing,
        ..Default::default()
    };
    let v = output::Envelope::new(data, Vec::new());
    // A reader that has gone (`| head`) is no reason to panic.
    let _ = writeln!(
        std::io::stdout(),
        "{}",
        serde_json::to_string_pretty(&v).unwrap_or_default()
    );
    std::process::ExitCode::from(2)
}

/// `text` styled for standard output.
/// Progress of a first run over many commits, on standard error when it
/// is a terminal (hidden otherwise): `reading history: 4,000/100,000
/// commits`, cleared when done. Runs reading fewer than 500 commits say
/// nothing.
pub fn history_progress() -> impl FnMut(usize, usize) {
    use std::io::IsTerminal;
    let tty = std::io::stderr().is_terminal();
    let mut shown = false;
    move |done, total| {
        if !tty || total < 500 {
            return;
        }
        let mut err = std::io::stderr();
        if done >= total {
            if shown {
                let _ = write!(err, "\r\x1b[K");
            }
            return;
        }
        shown = true;
        let _ = write!(err, "\rreading history: {done}/{total} commits");
        let _ = err.flush();
    }
}

/// This build, as the name of what a command keeps between runs beside
/// the history cache: its executable's size and time (none when unknown:
/// then nothing is kept, so that no other build's counts are taken up).
pub fn build_id() -> Option<String> {
    let m = std::env::current_exe().and_then(std::fs::metadata).ok()?;
    let since = m
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some(format!("{}-{}", m.len(), since.as_nanos()))
}

/// `text` styled for standard output: the escapes are taken out again
/// when the output is not coloured (see [`Ui`]).
pub fn paint(style: Style, text: impl std::fmt::Display) -> String {
    styled(true, style, text)
}

/// `text` styled for standard error, as [`paint`] styles it.
pub fn epaint(style: Style, text: impl std::fmt::Display) -> String {
    styled(true, style, text)
}

fn styled(on: bool, style: Style, text: impl std::fmt::Display) -> String {
    if on {
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}

/// A refusal in the language in force, with the flags that override it:
/// the ones a user meets first are in the catalog; the rest, and the
/// conditions (the workflow's words), stay as the library words them.
pub fn refusal(v: &crate::cli::msg::Voice, r: &Refusal) -> String {
    match r {
        Refusal::Unauthorized {
            item,
            role,
            from,
            to,
            responsible,
        } => {
            let head = match to {
                Some(to) => v.t(
                    "role-may-not-move-item",
                    &[
                        ("role", &v.role(role)),
                        ("item", item),
                        ("from", from),
                        ("to", to),
                    ],
                ),
                None => v.t(
                    "role-may-not-change-item",
                    &[("role", &v.role(role)), ("item", item), ("from", from)],
                ),
            };
            v.t(
                "two-lines",
                &[
                    ("first", &head),
                    (
                        "second",
                        &v.t("responsible-roles", &[("roles", &v.roles(responsible))]),
                    ),
                ],
            )
        }
        Refusal::InvalidTransition {
            item,
            from,
            to,
            allowed,
        } => {
            let list: Vec<String> = allowed
                .iter()
                .map(|(t, roles)| format!("{t} ({})", v.roles(roles)))
                .collect();
            let list = if list.is_empty() {
                v.t("none", &[])
            } else {
                list.join(", ")
            };
            v.t(
                "two-lines",
                &[
                    (
                        "first",
                        &v.t(
                            "item-cannot-move-workflow-has",
                            &[("item", item), ("from", from), ("to", to)],
                        ),
                    ),
                    (
                        "second",
                        &v.t("allowed-list", &[("from", from), ("list", &list)]),
                    ),
                ],
            )
        }
        Refusal::Preconditions {
            item,
            from,
            to,
            unmet,
        } => {
            let head = if unmet.len() == 1 {
                "item-cannot-move-precondition-not"
            } else {
                "item-cannot-move-n-preconditions"
            };
            let mut text = v.t(
                head,
                &[
                    ("item", item),
                    ("from", from),
                    ("to", to),
                    ("n", &unmet.len()),
                ],
            );
            for u in unmet {
                text.push_str(&format!("\n  - {}", v.condition(u)));
            }
            text
        }
        Refusal::Terminal { item, state, to } => v.t(
            "two-lines",
            &[
                (
                    "first",
                    &v.t(
                        "item-state-terminal-state-cannot",
                        &[("item", item), ("state", state), ("to", to)],
                    ),
                ),
                (
                    "second",
                    &v.t("allowed-state-none-only-human", &[("state", state)]),
                ),
            ],
        ),
        Refusal::ForceNotHuman { role } => {
            v.t("force-human-only-role-cannot", &[("role", &v.role(role))])
        }
        _ => v.m(&r.message()),
    }
}

/// The ID of `item` (`story 1.1`) as a command takes it: `story:1.1`
/// where another kind uses the ID too, else the ID alone.
pub fn argument(item: &str) -> String {
    let Some((kind, id)) = item.split_once(' ') else {
        return item.to_owned();
    };
    match orx::repo::workspace::Workspace::open() {
        Ok(ws) => ws.argument(kind, id),
        Err(_) => id.to_owned(),
    }
}

/// What the user can do about an error.
fn hints(v: &crate::cli::msg::Voice, e: &Error) -> Vec<String> {
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
                let id = argument(item);
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
        // The error itself says what to do.
        _ => vec![],
    }
}

/// Opens the current repository's workspace and notes rule files whose
/// uncommitted changes are not in force.
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

pub fn open(ui: &mut Ui) -> orx::Result<orx::repo::workspace::Workspace> {
    let mut ws = orx::repo::workspace::Workspace::open()?;
    ui.orx_dir = Some(ws.repo.orx_dir());
    ws.lock_wait = lock_wait(&ws.repo)?;
    // `--lang` holds for the handoffs the library renders too.
    let lang = ui.lang_of_config(ws.lang());
    ws.speaks = Some(lang.code().to_owned());
    ui.take_roles(&ws.rules.roles);
    if !ws.pending.is_empty() {
        ui.eline(format!(
            "{} {}",
            epaint(YELLOW, ui.t("note", &[])),
            ui.t(
                "uncommitted-changes-files-not-force",
                &[("files", &ws.pending.join(", "))]
            )
        ));
    }
    Ok(ws)
}

/// How long to wait for the repository lock: `ORX_LOCK_TIMEOUT`, else
/// `git config orx.lockTimeout`, in seconds; 10 when neither is set.
pub fn lock_wait(repo: &orx::git::Repo) -> orx::Result<std::time::Duration> {
    let (value, from) = match std::env::var("ORX_LOCK_TIMEOUT") {
        Ok(v) => (v, "ORX_LOCK_TIMEOUT"),
        Err(_) => match repo.config_value("orx.lockTimeout") {
            Some(v) => (v, "orx.lockTimeout"),
            None => return Ok(orx::engine::store::LOCK_WAIT),
        },
    };
    value
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|s| (0.0..=86_400.0).contains(s))
        .map(std::time::Duration::from_secs_f64)
        .ok_or_else(|| {
            Error::Usage(orx::msg!(
                "lock-wait-bad-value",
                from = from,
                value = orx::text::escape(&value)
            ))
        })
}

/// The options of every command that changes an item.
#[derive(clap::Args)]
pub struct ChangeArgs {
    /// Acting role (else ORX_ROLE, else `git config orx.role`).
    #[arg(long = "as", value_name = "ROLE")]
    pub role: Option<String>,
    /// A note, kept in the commit message.
    #[arg(short = 'm', long = "message", value_name = "NOTE")]
    pub note: Option<String>,
    /// Write the file but do not commit it.
    #[arg(long)]
    pub no_commit: bool,
    /// Say what the command would do — the verdict, the fields it sets,
    /// the measured values and the decision — and write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

impl ChangeArgs {
    /// Who acts, as `role`, with this change's note.
    pub fn actor<'a>(&'a self, role: &'a str) -> orx::change::plan::Actor<'a> {
        orx::change::plan::Actor {
            role,
            note: self.note.as_deref(),
            force: None,
            tasks_reason: None,
        }
    }
}

/// Opens the workspace and reads the acting role, for a command that
/// changes something.
pub fn open_as(
    ui: &mut Ui,
    change: &ChangeArgs,
) -> orx::Result<(orx::repo::workspace::Workspace, String)> {
    let ws = open(ui)?;
    let role = role(ui, &ws, &change.role)?;
    Ok((ws, role))
}

/// Reads `--as`, `ORX_ROLE` or `git config orx.role`, and notes it in
/// `ui` as the acting role.
pub fn role(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    flag: &Option<String>,
) -> orx::Result<String> {
    let role = ws
        .role(flag.as_deref(), env_role().as_deref())
        .map(|(r, _)| r)?;
    ui.acting.role = Some(role.clone());
    Ok(role)
}

/// What the running command acts on and as whom, for its errors and the
/// refusal log.
#[derive(Default)]
struct Acting {
    role: Option<String>,
    item: Option<(String, String)>,
}

/// `ORX_ROLE`: the acting role when no `--as` is given.
pub fn env_role() -> Option<String> {
    std::env::var("ORX_ROLE").ok()
}

/// The exit code of an error, by its kind: 1 refused or failed, 2 usage,
/// 3 busy or conflict (retrying may work).
pub fn exit_code(kind: orx::error::ErrorKind) -> u8 {
    match kind {
        orx::error::ErrorKind::Refused => 1,
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

/// Executes `plan` as `change` says and reports it; with `--dry-run`,
/// reports what it would do and writes nothing (`None`).
pub fn run_plan(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    plan: &orx::change::plan::Plan,
    change: &ChangeArgs,
    extra: crate::cli::output::ChangeExtra,
) -> orx::Result<Option<orx::change::plan::Executed>> {
    if change.dry_run {
        report_change(ui, plan, None, extra);
        return Ok(None);
    }
    let done = orx::change::plan::execute(ws, plan, !change.no_commit)?;
    report_change(ui, plan, Some(&done), extra);
    Ok(Some(done))
}

/// The moves the workflow of `kind` has from `state`: `[{to, roles,
/// trigger}]`, what the item's next step may be.
pub fn next_moves(kind: &orx::workflow::kind::Kind, state: &str) -> Vec<output::NextMove> {
    let Ok(wf) = kind.workflow() else {
        return Vec::new();
    };
    wf.transitions_from(state)
        .into_iter()
        .map(|t| output::NextMove {
            to: t.to.clone(),
            roles: t.roles.clone(),
            trigger: t.trigger.clone(),
        })
        .collect()
}

/// The change result `--json` prints for a plan: executed (`done`), or
/// with `--dry-run` (`done` is `None`) planned; the command's own fields
/// in `extra`.
pub fn change_of(
    plan: &orx::change::plan::Plan,
    done: Option<&orx::change::plan::Executed>,
    extra: output::ChangeExtra,
) -> output::Change {
    let changes = plan.field_changes();
    output::Change {
        version: output::Version,
        item: plan.id().to_owned(),
        kind: plan.kind().to_string(),
        path: plan.path().to_owned(),
        from: plan.from().map(str::to_owned),
        to: plan.to().to_owned(),
        role: plan.role().to_owned(),
        forced: plan.forced_reason().map(str::to_owned),
        dry_run: done.is_none(),
        commit: done.and_then(|d| d.commit.clone()),
        committed: done.is_some_and(|d| d.commit.is_some() && !d.by_another),
        changed: match done {
            Some(d) => !d.unchanged,
            None => plan.changes_file(),
        },
        effects: changes
            .iter()
            .map(|(k, b, a)| {
                (
                    k.clone(),
                    output::change::Effect {
                        from: b.clone(),
                        to: a.clone(),
                    },
                )
            })
            .collect(),
        actions: plan.actions().to_vec(),
        checkpoint: done.and_then(|d| d.checkpoint.clone()),
        rollback: done
            .and_then(|d| d.rollback.as_ref())
            .map(|r| output::change::Rollback {
                commit: r.commit.clone(),
                saved: r.saved.clone(),
                changed: r.changed.clone(),
            }),
        handoff: plan.handoff().map(str::to_owned),
        next: next_moves(plan.kind(), plan.to()),
        extra,
    }
}

/// Prints the outcome of a plan: executed (`done`), or with `--dry-run`
/// (`done` is `None`) what it would do, nothing written. With `--json`,
/// one object: `{version, item, kind, path, from, to, role, forced,
/// commit, committed, changed, dry_run, effects, handoff, next}` and the
/// command's own fields in `extra` (the measured quality, the round).
pub fn report_change(
    ui: &mut Ui,
    plan: &orx::change::plan::Plan,
    done: Option<&orx::change::plan::Executed>,
    extra: output::ChangeExtra,
) {
    if ui.is_json() {
        ui.json(&change_of(plan, done, extra));
        return;
    }
    let changes = plan.field_changes();
    // An edit that keeps the state says which fields it changed, not
    // `executing -> executing`.
    let what = if plan.from() == Some(plan.to()) {
        let fields: Vec<&str> = changes.iter().map(|(k, _, _)| k.as_str()).collect();
        ui.t(
            if fields.is_empty() {
                "no-field-changed-still-state"
            } else {
                "fields-changed-still-state"
            },
            &[
                ("fields", &fields.join(", ")),
                ("state", &paint(BOLD, plan.to())),
            ],
        )
    } else {
        format!(
            "{} -> {}",
            plan.from().map_or_else(|| ui.t("new", &[]), str::to_owned),
            paint(BOLD, plan.to())
        )
    };
    let Some(done) = done else {
        ui.line(format!(
            "{} {}: {what} ({}) {}",
            ui.t("would-change", &[]),
            plan.label(),
            ui.role(plan.role()),
            paint(DIM, ui.t("dry-run-nothing-written", &[]))
        ));
        for (k, b, a) in &changes {
            ui.line(paint(
                DIM,
                format!(
                    "  {k}: {} -> {}",
                    compact(ui.voice(), b),
                    compact(ui.voice(), a)
                ),
            ));
        }
        for a in plan.actions() {
            ui.line(paint(DIM, format!("  and: {a}")));
        }
        for h in plan.handoff().into_iter().flat_map(str::lines) {
            ui.wrap_painted(GREEN, &orx::text::escape(h), 0);
        }
        return;
    };
    let mut line = format!("{}: {what} ({})", plan.label(), ui.role(plan.role()));
    if let Some(reason) = plan.forced_reason() {
        line.push_str(&format!(
            " {}",
            paint(
                YELLOW,
                ui.t("override-reason", &[("reason", &orx::text::escape(reason))])
            )
        ));
    }
    match &done.commit {
        _ if done.unchanged => line.push_str(&format!(
            " {}",
            paint(DIM, ui.t("already-recorded-nothing-commit", &[]))
        )),
        Some(c) if done.by_another => line.push_str(&format!(
            " {}",
            paint(
                YELLOW,
                ui.t("committed-commit-another-commit", &[("commit", c)])
            )
        )),
        Some(c) => line.push_str(&format!(" {}", paint(DIM, format!("[{c}]")))),
        None if done.by_another => line.push_str(&format!(
            " {}",
            paint(YELLOW, ui.t("committed-another-commit", &[]))
        )),
        None => line.push_str(&format!(
            " {}",
            paint(
                YELLOW,
                ui.t("written-path-not-committed", &[("path", &plan.path())])
            )
        )),
    }
    ui.wrap(line, 2);
    for h in plan.handoff().into_iter().flat_map(str::lines) {
        ui.wrap_painted(GREEN, &orx::text::escape(h), 0);
    }
}

/// A field's value in one line.
fn compact(voice: &crate::cli::msg::Voice, v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Null => voice.t("not-set", &[]),
        serde_json::Value::String(s) => orx::text::escape(s),
        v => orx::text::escape(&v.to_string()),
    }
}

/// The width of the terminal, as [`Ui::width`] reads it.
fn out_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|c| *c > 0)
        .or_else(|| terminal_size::terminal_size_of(std::io::stdout()).map(|(w, _)| w.0 as usize))
        .map(|w| w.clamp(40, 100))
        // Not a terminal and no COLUMNS: lines are not wrapped, so that
        // a log or a script reads each one whole.
        .unwrap_or(usize::MAX)
}

/// The columns `text` takes on a terminal (escape sequences take none).
fn display_width(text: &str) -> usize {
    let mut width = 0;
    let mut rest = text;
    while let Some(i) = rest.find('\x1b') {
        width += unicode_width::UnicodeWidthStr::width(&rest[..i]);
        rest = &rest[i..];
        rest = match rest.find('m') {
            Some(end) => &rest[end + 1..],
            None => "",
        };
    }
    width + unicode_width::UnicodeWidthStr::width(rest)
}

/// `text` broken at spaces into lines of at most `width` columns (a word
/// longer than that stays whole); lines after the first start with
/// `indent` spaces. Leading spaces of `text` are kept. A line break in
/// `text` starts a new line, indented the same.
pub fn wrap(text: &str, indent: usize, width: usize) -> Vec<String> {
    match text.split_once('\n') {
        None => wrap_line(text, indent, width),
        Some((first, rest)) => {
            let pad = " ".repeat(indent);
            let mut lines = wrap_line(first, indent, width);
            for l in rest.split('\n') {
                lines.extend(wrap_line(&format!("{pad}{l}"), indent, width));
            }
            lines
        }
    }
}

fn wrap_line(text: &str, indent: usize, width: usize) -> Vec<String> {
    // No character is wider than its UTF-8 bytes: most lines are decided
    // without measuring them.
    if text.len() <= width || display_width(text) <= width {
        return vec![text.to_owned()];
    }
    let body = text.trim_start_matches(' ');
    let mut line = text[..text.len() - body.len()].to_owned();
    let mut used = line.len();
    let mut fresh = true;
    let mut lines = Vec::new();
    for word in body.split(' ') {
        let w = display_width(word);
        if !fresh && used + 1 + w > width {
            lines.push(std::mem::take(&mut line));
            line = " ".repeat(indent);
            used = indent;
            fresh = true;
        }
        if !fresh {
            line.push(' ');
            used += 1;
        }
        line.push_str(word);
        used += w;
        fresh = false;
    }
    lines.push(line);
    lines
}
