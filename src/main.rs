//! `git-orx`: parses the command line and hands over to `commands/`.

mod commands;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use commands::Ui;

/// Keeps AI-agent development state (stories, reviews, handoffs) in the git
/// repository and makes git enforce its rules.
///
/// Exit codes: 0 success; 1 refused (invalid transition, wrong role, unmet
/// precondition, invalid file) or failed; 2 usage error; 3 busy or conflict
/// (another git-orx holds the lock, or a file changed underneath): retry.
#[derive(Parser)]
#[command(name = "git-orx", bin_name = "git orx", version, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// When to colour the output: auto (on a terminal, unless NO_COLOR is
    /// set or git's color.ui says never), always or never.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    color: commands::ColorWhen,
    /// The language of the output for this call (en or zh), whatever
    /// `lang:` in `.orx/config.yaml` says; with `init`, the language to set
    /// there; with `demo`, the sample repository's.
    #[arg(long, global = true, value_parser = ["en", "zh"])]
    lang: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    Init(commands::init::Args),
    New(commands::new::Args),
    Kind(commands::kind::Args),
    Assess(commands::assess::Args),
    Gate(commands::gate::Args),
    Move(commands::move_::Args),
    Status(commands::status::Args),
    Show(commands::show::Args),
    Next(commands::next::Args),
    Check(commands::check::Args),
    Log(commands::log::Args),
    Metrics(commands::metrics::Args),
    Verify(commands::verify::Args),
    Acknowledge(commands::acknowledge::Args),
    Hooks(commands::hooks::Args),
    Checkpoint(commands::checkpoint::Args),
    Checkpoints(commands::checkpoints::Args),
    Rollback(commands::rollback::Args),
    Agent(commands::agent::Args),
    #[command(hide = true)]
    Hook(commands::hook::Args),
    #[command(hide = true)]
    Man(commands::man::Args),
    Demo(commands::demo::Args),
    Completions(commands::completions::Args),
    Doctor(commands::doctor::Args),
    Report(commands::report::Args),
}

fn main() -> ExitCode {
    commands::completions::complete_if_asked(Cli::command);
    let cli = Cli::parse();
    // The hooks, run by git on every commit, do not start another git to
    // read color.ui.
    let ask_git = !matches!(cli.command, Command::Hook(_));
    let mut ui = Ui::new(cli.color, ask_git);
    commands::msg::force(cli.lang.as_deref());
    // `move`, `agent fire`: what the refusal log names as the source.
    let source: String = {
        let args: Vec<String> = std::env::args().skip(1).take(2).collect();
        match args.as_slice() {
            [a, sub, ..] if a == "agent" || a == "kind" => format!("{a} {sub}"),
            [a, ..] => a.clone(),
            [] => String::new(),
        }
    };
    let result = match cli.command {
        Command::Init(a) => commands::init::run(&mut ui, a, cli.lang.as_deref()),
        Command::New(a) => commands::new::run(&mut ui, a),
        Command::Kind(a) => commands::kind::run(&mut ui, a),
        Command::Assess(a) => commands::assess::run(&mut ui, a),
        Command::Gate(a) => commands::gate::run(&mut ui, a),
        Command::Move(a) => commands::move_::run(&mut ui, a),
        Command::Status(a) => commands::status::run(&mut ui, a),
        Command::Show(a) => commands::show::run(&mut ui, a),
        Command::Next(a) => commands::next::run(&mut ui, a),
        Command::Check(a) => commands::check::run(&mut ui, a),
        Command::Log(a) => commands::log::run(&mut ui, a),
        Command::Metrics(a) => commands::metrics::run(&mut ui, a),
        Command::Verify(a) => commands::verify::run(&mut ui, a),
        Command::Acknowledge(a) => commands::acknowledge::run(&mut ui, a),
        Command::Hooks(a) => commands::hooks::run(&mut ui, a),
        Command::Checkpoint(a) => commands::checkpoint::run(&mut ui, a),
        Command::Checkpoints(a) => commands::checkpoints::run(&mut ui, a),
        Command::Rollback(a) => commands::rollback::run(&mut ui, a),
        Command::Agent(a) => commands::agent::run(&mut ui, a),
        Command::Hook(a) => commands::hook::run(&mut ui, a),
        Command::Man(a) => commands::man::run(&mut ui, a, Cli::command()),
        Command::Demo(a) => commands::demo::run(&mut ui, a, cli.lang.as_deref()),
        Command::Completions(a) => commands::completions::run(&mut ui, a),
        Command::Doctor(a) => commands::doctor::run(&mut ui, a),
        Command::Report(a) => commands::report::run(&mut ui, a),
    };
    let code = match result {
        Ok(code) => code,
        Err(e) => {
            commands::log_refusal(&source, &e);
            ui.error(&e);
            e.exit_code()
        }
    };
    match ui.finish() {
        Some(e) => {
            ui.eline(format!("error: cannot write the output: {e}"));
            ExitCode::from(1)
        }
        None => ExitCode::from(code),
    }
}
