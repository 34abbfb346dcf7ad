//! `git orx new`

use orx::engine::plan;

use super::{Ui, report_change};

/// Create a story from the template, in its workflow's initial state, and
/// commit it. Prints the new file's path.
#[derive(clap::Args)]
#[command(override_usage = "git orx new [OPTIONS] [story] <TITLE>")]
pub struct Args {
    /// The title, after the kind if it is given (`new story "User login"`;
    /// `story` is the only kind with a template, and the default).
    #[arg(required = true, num_args = 1..=2, value_name = "TITLE")]
    words: Vec<String>,
    /// The ID (e.g. 1.2); by default the next one after the highest.
    #[arg(long)]
    id: Option<String>,
    /// Write an example story with every section `assess` measures filled
    /// in (a Dev Notes item cites its source as `[Source: ...]`), to
    /// replace with your own.
    #[arg(long)]
    example: bool,
    #[command(flatten)]
    change: super::ChangeArgs,
    /// Print the result as JSON: the item, its kind, the states before and
    /// after, the role, the commit and the handoff.
    #[arg(long)]
    json: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    ui.json_result(args.json);
    let (kind, title) = match args.words.as_slice() {
        [title] => ("story", title.as_str()),
        [kind, title] => (kind.as_str(), title.as_str()),
        _ => unreachable!("clap allows 1 or 2"),
    };
    if kind != "story" {
        return Err(orx::Error::Usage(format!(
            "`git orx new` creates stories; there is no template for kind `{}`",
            orx::text::escape(kind)
        )));
    }
    let (ws, role) = super::open_as(ui, &args.change)?;
    if ws.repo.head_file(orx::repo::config::CONFIG_PATH)?.is_none() {
        ui.eline(format!(
            "{} {}",
            super::epaint(super::YELLOW, "warning:"),
            super::msg::t(
                "{config} is not committed: until it is, the rules in force are the work tree's and a clone has none; commit it (git add .orx && git commit -m 'Set up git-orx')",
                &[("config", &orx::repo::config::CONFIG_PATH)]
            )
        ));
    }
    let actor = args.change.actor(&role);
    let plan = plan::new_story(&ws, title, args.id.as_deref(), args.example, actor)?;
    let done = plan::execute(&ws, &plan, !args.change.no_commit)?;
    ui.line(plan.path());
    report_change(ui, &plan, &done);
    Ok(0)
}
