//! The command line before clap has parsed it: its arguments as text, the
//! language it names, and a usage error clap returns, said in that
//! language (or as the error envelope under `--json`) with exit code 2.

use std::io::Write;

use orx::text::message::Lang;

use super::{msg, output};

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

/// A command line clap rejects: its own message (help and version as
/// asked), or with `--json` the error envelope, `usage.missing_input` for a
/// required argument not given, `usage.bad_value` for a value it does not
/// take, `usage` otherwise; exit 2.
///
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
    // What was wrong and clap's tips, on one line, worded from the
    // error's kind and context in the call's language (as the text
    // output words them), never cut out of clap's rendered English. The
    // kinds not worded there (a command that prints its help when given
    // nothing) are said as incomplete.
    let lines = match zh {
        Some((lines, _)) => Some(lines),
        None => msg::usage_in(&voice, &e).map(|(lines, _)| lines),
    };
    let message = match lines {
        Some(lines) => lines
            .iter()
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" "),
        None => voice.t("command-line-incomplete-see-help", &[]),
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
