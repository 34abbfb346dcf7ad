//! [`Ui`], the context every command is given: the output streams and
//! their colour, the output mode (`--json`, `--dry-run`), the width text
//! is wrapped to, how the command speaks ([`msg::Voice`]) and whom and
//! what it acts on. How an error is printed through it is in
//! `command_error.rs`; the colours in `style.rs`; wrapping in `wrap.rs`.

use std::io::{BufWriter, Write};

use anstyle::Style;
use orx::text::message::Lang;

use super::context::Acting;
use super::style::{paint, strip_escapes, styled};
use super::wrap::{out_width, wrap};
use super::{msg, output};

/// The context of a command: standard output (buffered) and error, the
/// output mode, and what the command acts on. Colour is decided once per
/// stream by anstream's rules (a terminal, `NO_COLOR`, `CLICOLOR`,
/// `CLICOLOR_FORCE`) and held here: text is painted with [`paint`] and a
/// stream without colour writes it with its escapes taken out, so plain
/// output is the same bytes as if it had never been painted. A closed
/// pipe (`git orx status | head`) ends output quietly; any other write
/// error (a full disk) is reported by `finish`.
///
/// The fields marked `pub(super)` are the ones the layer's other files
/// reach: `context.rs` notes the repository and the acting role,
/// `command_error.rs` reads them for an error and the refusal log, `log`
/// keys its kept output by the colour, and a test fixes the width.
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
    pub(super) out_color: bool,
    err_color: bool,
    /// The width text is wrapped to ([`Ui::width`]), read when first asked.
    pub(super) width: std::cell::OnceCell<usize>,
    /// Whom and what the command acts on, for its errors and the refusal log.
    pub(super) acting: Acting,
    /// The repository's git-orx directory (`.git/orx`), once the command
    /// opened the repository ([`super::open`]): where its refusals are logged.
    pub(super) orx_dir: Option<std::path::PathBuf>,
    /// The workspace the command opened ([`super::open`]), once it has:
    /// what its errors name items and offer moves by.
    pub(super) ws: Option<std::rc::Rc<orx::repo::workspace::Workspace>>,
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
            ws: None,
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
}

/// Progress of a first run over many commits, on standard error when it
/// is a terminal (hidden otherwise): `reading history: 4,000/100,000
/// commits`, cleared when done. Runs reading fewer than 500 commits say
/// nothing.
pub fn history_progress(voice: &msg::Voice) -> impl FnMut(usize, usize) + use<> {
    use std::io::IsTerminal;
    let voice = voice.clone();
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
        let said = voice.t(
            "reading-history-progress",
            &[("read", &done), ("total", &total)],
        );
        let _ = write!(err, "\r{said}");
        let _ = err.flush();
    }
}
