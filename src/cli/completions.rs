//! `git orx completions SHELL`: the shell's completion script. The script
//! asks `git-orx` itself for the candidates each time (`GIT_ORX_COMPLETE=bash
//! git-orx -- WORDS...`), so item IDs, the states an item may move to,
//! roles, agents and checkpoints come from the repository as it is.

use std::ffi::OsStr;
use std::sync::OnceLock;

use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};
use clap_complete::env::{CompleteEnv, Shells};
use orx::repo::workspace::Workspace;

use super::Ui;

/// The environment variable that makes `git-orx` answer a completion
/// request instead of running a command.
pub const VAR: &str = "GIT_ORX_COMPLETE";

/// Print the completion script for SHELL (bash, zsh, fish, elvish,
/// powershell). install.sh installs them; by hand, for bash:
/// `git orx completions bash > ~/.local/share/bash-completion/completions/git-orx`
/// (or `source <(git orx completions bash)` in ~/.bashrc). With git's own
/// completion, `git orx <TAB>` completes too.
#[derive(clap::Args)]
pub struct Args {
    /// The shell.
    #[arg(value_parser = ["bash", "zsh", "fish", "elvish", "powershell"])]
    shell: String,
}

/// git's bash completion calls `_git_orx` for `git orx ...`: hand it the
/// words from `orx` on, as if `git-orx` had been typed.
const BASH_GIT: &str = r#"
# `git orx <TAB>` under git's own completion.
_git_orx() {
    local i=${__git_cmd_idx:-1}
    local COMP_WORDS=(git-orx "${words[@]:i+1}")
    local COMP_CWORD=$((cword - i))
    _clap_complete_git_orx git-orx "$cur" "$prev"
}
"#;

/// zsh: the file is `_git-orx` on `fpath`, which zsh runs for `git-orx`
/// and git's zsh completion for `git orx`; sourced, it registers both.
const ZSH_TAIL: &str = r#"
if [[ $funcstack[1] == _git-orx ]]; then
    _clap_dynamic_completer_git_orx "$@"
else
    compdef _clap_dynamic_completer_git_orx git-orx
    _git-orx() { _clap_dynamic_completer_git_orx "$@" }
fi"#;

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let shells = Shells::builtins();
    let Some(shell) = shells.completer(&args.shell) else {
        return Err(orx::Error::Usage(orx::msg!(
            "no-completion-shell",
            shell = args.shell.to_string()
        )));
    };
    let mut buf = Vec::new();
    shell
        .write_registration(VAR, "git-orx", "git-orx", "git-orx", &mut buf)
        .map_err(|e| orx::Error::io(orx::msg!("cannot-write-completion-script"), e))?;
    let mut script = String::from_utf8_lossy(&buf).into_owned();
    match args.shell.as_str() {
        "bash" => script.push_str(BASH_GIT),
        "zsh" => {
            // Run the completer from the autoloaded file rather than
            // registering it with `compdef` (see ZSH_TAIL).
            let kept: Vec<&str> = script
                .lines()
                .filter(|l| !l.starts_with("compdef "))
                .collect();
            script = kept.join("\n");
            script.push_str(ZSH_TAIL);
        }
        _ => {}
    }
    ui.verbatim(script.trim_end());
    Ok(0)
}

static FACTORY: OnceLock<fn() -> clap::Command> = OnceLock::new();

/// Answers a completion request (when [`VAR`] is set) and exits; returns
/// otherwise. `factory` builds the command line's definition.
pub fn complete_if_asked(factory: fn() -> clap::Command) {
    let _ = FACTORY.set(factory);
    CompleteEnv::with_factory(|| with_completers(FACTORY.get().expect("set above")()))
        .var(VAR)
        .bin("git-orx")
        .completer("git-orx")
        .complete();
}

/// The command with a completer on every argument whose values come from
/// the repository.
fn with_completers(cmd: clap::Command) -> clap::Command {
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    let mut cmd = cmd.mut_args(completer_for);
    for name in subs {
        cmd = cmd.mut_subcommand(name, with_completers);
    }
    cmd
}

fn completer_for(arg: clap::Arg) -> clap::Arg {
    let id = arg.get_id().as_str();
    let long = arg.get_long();
    if long == Some("as") || long == Some("role") {
        arg.add(ArgValueCompleter::new(roles))
    } else if long == Some("agent") {
        arg.add(ArgValueCompleter::new(agents))
    } else if long == Some("from") {
        arg.add(ArgValueCompleter::new(kinds))
    } else if id == "id" && arg.is_positional() {
        arg.add(ArgValueCompleter::new(ids))
    } else if id == "state" && arg.is_positional() {
        arg.add(ArgValueCompleter::new(states))
    } else if id == "checkpoint" && arg.is_positional() {
        arg.add(ArgValueCompleter::new(checkpoints))
    } else {
        arg
    }
}

fn starting(
    current: &OsStr,
    values: impl IntoIterator<Item = CompletionCandidate>,
) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    values
        .into_iter()
        .filter(|c| c.get_value().to_string_lossy().starts_with(&*current))
        .collect()
}

/// The stories' IDs, with their state and title.
fn ids(current: &OsStr) -> Vec<CompletionCandidate> {
    let Ok(ws) = Workspace::open() else {
        return Vec::new();
    };
    let Ok(board) = orx::board::report::board(&ws) else {
        return Vec::new();
    };
    starting(
        current,
        board
            .items
            .into_iter()
            .chain(board.others.into_iter().flat_map(|k| k.items))
            .map(|s| {
                CompletionCandidate::new(s.id).help(Some(
                    format!("{}: {}", s.status, orx::text::escape(&s.title)).into(),
                ))
            }),
    )
}

/// The states the story being moved may go to from its current state.
fn states(current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(id) = typed_id() else {
        return Vec::new();
    };
    let Ok(ws) = Workspace::open() else {
        return Vec::new();
    };
    let Ok(item) = ws.find(&id) else {
        return Vec::new();
    };
    let Ok(wf) = item.kind.workflow() else {
        return Vec::new();
    };
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for t in wf.transitions_from(&item.status) {
        if seen.contains(&t.to) {
            continue;
        }
        seen.push(t.to.clone());
        out.push(CompletionCandidate::new(&t.to).help(Some(t.description.clone().into())));
    }
    starting(current, out)
}

/// The ID typed before the argument being completed, as clap reads the
/// words the shell sent (those after `--`).
fn typed_id() -> Option<String> {
    let words: Vec<std::ffi::OsString> = std::env::args_os()
        .skip_while(|a| a != "--")
        .skip(1)
        .collect();
    let matches = FACTORY.get()?()
        .ignore_errors(true)
        .try_get_matches_from(words)
        .ok()?;
    let (_, sub) = matches.subcommand()?;
    sub.try_get_one::<String>("id").ok()??.clone().into()
}

/// The kinds of item the repository has.
fn kinds(current: &OsStr) -> Vec<CompletionCandidate> {
    let Ok(ws) = Workspace::open() else {
        return Vec::new();
    };
    starting(
        current,
        ws.kinds().into_iter().map(CompletionCandidate::new),
    )
}

/// The roles the repository knows.
fn roles(current: &OsStr) -> Vec<CompletionCandidate> {
    let Ok(ws) = Workspace::open() else {
        return Vec::new();
    };
    starting(
        current,
        ws.roles.names().into_iter().map(CompletionCandidate::new),
    )
}

/// The agents there are.
fn agents(current: &OsStr) -> Vec<CompletionCandidate> {
    let Ok(ws) = Workspace::open() else {
        return Vec::new();
    };
    let files = orx::kinds::agent::context_files(&ws).unwrap_or_default();
    let names = files.into_iter().filter_map(|p| {
        let item = orx::engine::item::Item::read(ws.registry(), ws.root(), &p).ok()?;
        Some(CompletionCandidate::new(item.id).help(Some(item.status.into())))
    });
    starting(current, names.collect::<Vec<_>>())
}

/// The checkpoints, newest first as `checkpoints` lists them.
fn checkpoints(current: &OsStr) -> Vec<CompletionCandidate> {
    let Ok(repo) = orx::git::Repo::discover() else {
        return Vec::new();
    };
    let Ok(list) = orx::change::checkpoint::list(&repo) else {
        return Vec::new();
    };
    starting(
        current,
        list.into_iter().map(|c| {
            CompletionCandidate::new(c.name).help(Some(orx::text::escape(&c.message).into()))
        }),
    )
}
