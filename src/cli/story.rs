//! `git orx story ...`: the story lifecycle's own verbs.

use super::Ui;

/// Stories: the SM's quality check and the Architect's and QA's review
/// rounds, which move a story as the story lifecycle's rules decide.
/// Any other move of a story is `git orx move`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    Assess(super::assess::Args),
    Gate(super::gate::Args),
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    match args.action {
        Action::Assess(a) => super::assess::run(ui, a),
        Action::Gate(a) => super::gate::run(ui, a),
    }
}
