//! `git-orx`: parses the command line and hands over to `cli/`.

mod cli;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};
use cli::Ui;

/// Keeps AI-agent development state (stories, reviews, handoffs) in the git
/// repository and makes git enforce its rules.
///
/// Exit codes: 0 success; 1 refused (invalid transition, wrong role, unmet
/// precondition, invalid file) or failed; 2 usage error; 3 busy or conflict
/// (another git-orx holds the lock, or a file changed underneath): retry;
/// 4 the checks `agent check` or `task check` ran failed.
#[derive(Parser)]
#[command(name = "git-orx", bin_name = "git orx", version, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// When to colour the output: auto (on a terminal, unless NO_COLOR is
    /// set or git's color.ui says never), always or never.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    color: cli::ColorWhen,
    /// The language of the output for this call (en or zh), whatever
    /// `lang:` in `.orx/config.yaml` says; with `init`, the language to set
    /// there; with `demo`, the sample repository's.
    #[arg(long, global = true, value_parser = ["en", "zh"])]
    lang: Option<String>,
    /// Print the result, or the error, as JSON (also ORX_OUTPUT=json).
    #[arg(long, global = true)]
    json: bool,
}

#[derive(Subcommand)]
enum Command {
    Init(cli::init::Args),
    Adopt(cli::adopt::Args),
    New(cli::new::Args),
    Kind(cli::kind::Args),
    Story(cli::story::Args),
    /// The same as `git orx story assess`.
    #[command(hide = true)]
    Assess(cli::assess::Args),
    /// The same as `git orx story gate`.
    #[command(hide = true)]
    Gate(cli::gate::Args),
    Move(cli::move_::Args),
    Status(cli::status::Args),
    Show(cli::show::Args),
    Next(cli::next::Args),
    Check(cli::check::Args),
    Log(cli::log::Args),
    Metrics(cli::metrics::Args),
    Verify(cli::verify::Args),
    Acknowledge(cli::acknowledge::Args),
    Hooks(cli::hooks::Args),
    Checkpoint(cli::checkpoint::Args),
    Checkpoints(cli::checkpoints::Args),
    Rollback(cli::rollback::Args),
    Agent(cli::agent::Args),
    Loop(cli::loop_::Args),
    #[command(hide = true)]
    Hook(cli::hook::Args),
    #[command(hide = true)]
    MergeFile(cli::merge_file::Args),
    Resolve(cli::resolve::Args),
    Renumber(cli::renumber::Args),
    #[command(hide = true)]
    Man(cli::man::Args),
    Demo(cli::demo::Args),
    Completions(cli::completions::Args),
    Doctor(cli::doctor::Args),
    Board(cli::board::Args),
    Report(cli::report::Args),
    Goal(cli::goal::Args),
    /// The same as `git orx goal discuss`.
    #[command(hide = true)]
    Discuss(cli::discuss::Args),
    /// The same as `git orx goal claim`.
    #[command(hide = true)]
    Claim(cli::claim::Args),
    Task(cli::task::Args),
    /// The same as `git orx goal tick`.
    #[command(hide = true)]
    Tick(cli::tick::Args),
    Event(cli::event::Args),
    Serve(cli::serve::Args),
    Run(cli::run::Args),
    Prompt(cli::prompt::Args),
    Review(cli::review::Args),
    Update(cli::update::Args),
    Backup(cli::backup::Args),
    Backups(cli::backups::Args),
    Restore(cli::restore::Args),
    History(cli::history::Args),
    Error(cli::error::Args),
    Schema(cli::schema::Args),
    Mcp(cli::mcp::Args),
    AgentsMd(cli::agents_md::Args),
}

/// Tests only: the steps the store fails or pauses at (`ORX_TEST_FAIL`,
/// `ORX_TEST_PAUSE`), read here so that the library reads no environment.
fn test_points() {
    orx::engine::store::set_test_points(
        std::env::var("ORX_TEST_FAIL").ok(),
        std::env::var("ORX_TEST_PAUSE").ok(),
    );
}

fn main() -> ExitCode {
    // The hooks git runs on every commit skip building the whole command
    // line's definition: `git-orx hook NAME ARGS...` is all they are.
    if let Some(args) = cli::hook::Args::from_argv(std::env::args_os().skip(1)) {
        let mut ui = Ui::new(cli::ColorWhen::Auto, false);
        orx::repo::workspace::set_commit_date(std::env::var("GIT_COMMITTER_DATE").ok());
        test_points();
        let result = cli::hook::run(&mut ui, args);
        return finish(ui, "hook", result);
    }
    cli::completions::complete_if_asked(Cli::command);
    // `git orx` alone or `git orx -h`: the commands by task, short.
    let args = cli::arguments();
    if cli::help::asked(&args) {
        let lang = cli::lang_before_parsing(&args);
        // A reader that has gone (`| head`) is no reason to panic.
        let _ = std::io::Write::write_all(
            &mut std::io::stdout(),
            cli::help::overview(&Cli::command(), lang).as_bytes(),
        );
        return ExitCode::from(if args.iter().any(|a| a == "-h") { 0 } else { 2 });
    }
    catch_stop();
    let env_json = std::env::var("ORX_OUTPUT").is_ok_and(|v| v.trim() == "json");
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // With --json, a wrong command line is an envelope too.
            let args_json = args
                .iter()
                .take_while(|a| *a != "--")
                .any(|a| a == "--json");
            let lang = cli::lang_before_parsing(&args);
            return cli::usage_error(e, env_json || args_json, lang);
        }
    };
    // The hooks, run by git on every commit, do not start another git to
    // read color.ui.
    let ask_git = !matches!(cli.command, Command::Hook(_));
    let mut ui = Ui::new(cli.color, ask_git);
    ui.set_json((cli.json || env_json) && ask_git);
    ui.force_lang(cli.lang.as_deref().map(orx::text::message::Lang::named));
    if ask_git {
        ui.lang_of_repo();
    }
    // The date git will give the commits, so that the items' times agree.
    orx::repo::workspace::set_commit_date(std::env::var("GIT_COMMITTER_DATE").ok());
    test_points();
    // `move`, `agent fire`: what the refusal log names as the source.
    let source: String = {
        let args: Vec<String> = args.iter().take(2).cloned().collect();
        match args.as_slice() {
            [a, sub, ..]
                if ["agent", "kind", "loop", "goal", "story", "task"].contains(&a.as_str()) =>
            {
                format!("{a} {sub}")
            }
            [a, ..] => a.clone(),
            [] => String::new(),
        }
    };
    let result = match cli.command {
        Command::Init(a) => cli::init::run(&mut ui, a, cli.lang.as_deref()),
        Command::Adopt(a) => cli::adopt::run(&mut ui, a),
        Command::New(a) => cli::new::run(&mut ui, a),
        Command::Kind(a) => cli::kind::run(&mut ui, a),
        Command::Story(a) => cli::story::run(&mut ui, a),
        Command::Assess(a) => cli::assess::run(&mut ui, a),
        Command::Gate(a) => cli::gate::run(&mut ui, a),
        Command::Move(a) => cli::move_::run(&mut ui, a),
        Command::Status(a) => cli::status::run(&mut ui, a),
        Command::Show(a) => cli::show::run(&mut ui, a),
        Command::Next(a) => cli::next::run(&mut ui, a),
        Command::Check(a) => cli::check::run(&mut ui, a),
        Command::Log(a) => cli::log::run(&mut ui, a),
        Command::Metrics(a) => cli::metrics::run(&mut ui, a),
        Command::Verify(a) => cli::verify::run(&mut ui, a),
        Command::Acknowledge(a) => cli::acknowledge::run(&mut ui, a),
        Command::Hooks(a) => cli::hooks::run(&mut ui, a),
        Command::Checkpoint(a) => cli::checkpoint::run(&mut ui, a),
        Command::Checkpoints(a) => cli::checkpoints::run(&mut ui, a),
        Command::Rollback(a) => cli::rollback::run(&mut ui, a),
        Command::Agent(a) => cli::agent::run(&mut ui, a),
        Command::Loop(a) => cli::loop_::run(&mut ui, a),
        Command::Hook(a) => cli::hook::run(&mut ui, a),
        Command::MergeFile(a) => cli::merge_file::run(&mut ui, a),
        Command::Resolve(a) => cli::resolve::run(&mut ui, a),
        Command::Renumber(a) => cli::renumber::run(&mut ui, a),
        Command::Man(a) => cli::man::run(&mut ui, a, Cli::command()),
        Command::Demo(a) => cli::demo::run(&mut ui, a, cli.lang.as_deref()),
        Command::Completions(a) => cli::completions::run(&mut ui, a),
        Command::Doctor(a) => cli::doctor::run(&mut ui, a),
        Command::Board(a) => cli::board::run(&mut ui, a),
        Command::Report(a) => cli::report::run(&mut ui, a),
        Command::Goal(a) => cli::goal::run(&mut ui, a),
        Command::Discuss(a) => cli::discuss::run(&mut ui, a),
        Command::Claim(a) => cli::claim::run(&mut ui, a),
        Command::Task(a) => cli::task::run(&mut ui, a),
        Command::Tick(a) => cli::tick::run(&mut ui, a),
        Command::Event(a) => cli::event::run(&mut ui, a),
        Command::Serve(a) => cli::serve::run(&mut ui, a),
        Command::Run(a) => cli::run::run(&mut ui, a),
        Command::Prompt(a) => cli::prompt::run(&mut ui, a),
        Command::Review(a) => cli::review::run(&mut ui, a),
        Command::Update(a) => cli::update::run(&mut ui, a),
        Command::Backup(a) => cli::backup::run(&mut ui, a),
        Command::Backups(a) => cli::backups::run(&mut ui, a),
        Command::Restore(a) => cli::restore::run(&mut ui, a),
        Command::History(a) => cli::history::run(&mut ui, a),
        Command::Error(a) => cli::error::run(&mut ui, a),
        Command::Schema(a) => cli::schema::run(&mut ui, a),
        Command::Mcp(a) => cli::mcp::run(&mut ui, a, Cli::command()),
        Command::AgentsMd(a) => cli::agents_md::run(&mut ui, a),
    };
    finish(ui, &source, result)
}

/// Ctrl-C and SIGTERM end git-orx at once, as they end any program,
/// except while it waits for a lock or changes files: there a wait gives
/// up and says so, and a change under way is finished or undone (see
/// `orx::git::stop`).
fn catch_stop() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let stop = Arc::new(AtomicBool::new(false));
    let end_at_once = Arc::new(AtomicBool::new(true));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        // The first registered runs first: the default action when not
        // protected, else the flag.
        if signal_hook::flag::register_conditional_default(signal, Arc::clone(&end_at_once))
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&stop)))
            .is_err()
        {
            return;
        }
    }
    orx::git::stop::on_stop(stop, end_at_once);
}

/// Prints the error, if any, and gives the exit code.
fn finish(mut ui: Ui, source: &str, result: orx::Result<u8>) -> ExitCode {
    let code = match result {
        Ok(code) => {
            ui.json_fallback(source);
            code
        }
        Err(e) => {
            cli::log_refusal(&ui, source, &e);
            ui.error(&e);
            match e.code() {
                // As a shell reports a program Ctrl-C ended.
                "interrupted" => 130,
                _ => cli::exit_code(e.kind()),
            }
        }
    };
    match ui.finish() {
        Some(e) => {
            ui.eline(ui.t("cannot-write-the-output", &[("error", &e)]));
            ExitCode::from(1)
        }
        None => ExitCode::from(code),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command `git orx --help` lists is in one group of `-h`.
    #[test]
    fn the_overview_groups_every_visible_command() {
        assert_eq!(cli::help::ungrouped(&Cli::command()), Vec::<String>::new());
        let text = cli::help::overview(&Cli::command(), orx::text::message::Lang::En);
        // The names in the rows' first column: `goal`, `goal tick`.
        let named: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("  "))
            .filter_map(|l| l.split("  ").next())
            .collect();
        for c in Cli::command()
            .get_subcommands()
            .filter(|c| !c.is_hide_set())
        {
            let name = c.get_name();
            let alone = named.iter().filter(|n| **n == name).count();
            let by_verb = named
                .iter()
                .filter(|n| n.starts_with(&format!("{name} ")))
                .count();
            // Listed once, or by its verbs (`story assess`, `story gate`).
            assert!(alone == 1 || (alone == 0 && by_verb > 0), "{name}");
        }
        // Every row names a command, hidden ones (the old spellings) not.
        for row in cli::help::rows() {
            let mut cmd = Cli::command();
            for word in row.split(' ') {
                cmd = cmd
                    .find_subcommand(word)
                    .cloned()
                    .unwrap_or_else(|| panic!("{row}"));
                assert!(!cmd.is_hide_set(), "{row}");
            }
        }
    }
}
