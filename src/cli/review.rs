//! `git orx review ...`: code reviews.

use orx::kinds::codereview::{report, start};

use super::Ui;

/// Code reviews: start one, print its report.
///
/// A review of a commit range, a branch or paths is driven action by
/// action by `git orx run` (collect the context, a quick scan,
/// each dimension in depth, the report), kept in docs/reviews/.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    Start(StartArgs),
    Report(ReportArgs),
}

/// Start a code review of TARGET.
///
/// The review is pending; `git orx run ID --exec COMMAND` performs it.
#[derive(clap::Args)]
struct StartArgs {
    /// What to review: a commit range (main..feature), a branch or a
    /// commit, or paths in the work tree.
    target: String,
    /// The dimensions to review, separated by commas (default: correctness,
    /// readability, performance, security, testing, architecture).
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    dimensions: Vec<String>,
    /// The review's title (default: "Review of TARGET").
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
    #[command(flatten)]
    change: super::ChangeArgs,
}

/// Print a review's report.
///
/// Its summary, the findings by dimension and severity, then the findings
/// grouped by dimension.
#[derive(clap::Args)]
struct ReportArgs {
    /// The review's ID.
    id: String,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    match args.action {
        Action::Start(a) => {
            let (ws, role) = super::open_as(ui, &a.change)?;
            let plan = start::plan_start(
                &ws,
                &a.target,
                &a.dimensions,
                a.title.as_deref(),
                a.change.actor(&role),
            )?;
            super::run_plan(ui, &ws, &plan, &a.change, Default::default())?;
            Ok(0)
        }
        Action::Report(a) => {
            let ws = super::open(ui)?;
            let id = if a.id.contains(':') {
                a.id.clone()
            } else {
                format!("{}:{}", start::KIND, a.id)
            };
            let item = ws.find(&id)?;
            let wf = orx::change::plan::workflow_of(&ws, &item)?;
            let fields = orx::workflow::expr::merge(&wf.defaults, &item.value());
            let r = report::of(&fields);
            if ui.is_json() {
                ui.json(&super::output::review::ReviewReport {
                    version: super::output::Version,
                    report: r,
                });
                return Ok(0);
            }
            ui.line(report::markdown_in(&r, ui.lang()).trim_end());
            Ok(0)
        }
    }
}
