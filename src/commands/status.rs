//! `git orx status`

use orx::report::{self, Summary};
use orx::role;
use orx::text::escape;

use super::{BOLD, DIM, GREEN, Ui, YELLOW, msg, paint};

/// Show the stories grouped by state, with the role each waits for and the
/// next step.
#[derive(clap::Args)]
pub struct Args {
    /// Only the stories waiting for this role.
    #[arg(long, value_name = "ROLE")]
    role: Option<String>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    if let Some(r) = &args.role {
        ws.check_role(r, "--role")?;
    }
    let board = report::board(&ws)?;
    let shown: Vec<&Summary> = board
        .items
        .iter()
        .filter(|s| {
            args.role
                .as_ref()
                .is_none_or(|r| s.waits_for.as_ref() == Some(r))
        })
        .collect();
    let agents: Vec<&Summary> = board
        .agents
        .iter()
        .filter(|s| {
            args.role
                .as_ref()
                .is_none_or(|r| s.waits_for.as_ref() == Some(r))
        })
        .collect();
    if args.json {
        #[derive(serde::Serialize)]
        struct Json<'a> {
            version: u32,
            lang: &'a str,
            items: &'a [&'a Summary],
            agents: &'a [&'a Summary],
            problems: &'a [report::Problem],
        }
        ui.json(&Json {
            version: 1,
            lang: ws.lang(),
            items: &shown,
            agents: &agents,
            problems: &board.problems,
        });
        return Ok(0);
    }
    if shown.is_empty() && agents.is_empty() && board.problems.is_empty() {
        ui.line(match &args.role {
            Some(r) => msg::t(
                "No stories are waiting for {role}.",
                &[("role", &role::display(r))],
            ),
            None => msg::t(
                "No stories yet. Create one with: git orx new \"Title\" --as sm   ({dir}/)",
                &[("dir", &ws.stories_dir())],
            ),
        });
        return Ok(0);
    }
    let mut counts = Vec::new();
    for state in &board.workflow.states {
        let here: Vec<&&Summary> = shown.iter().filter(|s| s.status == state.name).collect();
        if here.is_empty() {
            continue;
        }
        counts.push(format!("{} {}", here.len(), state.name));
        let owner = state
            .owner
            .as_deref()
            .map(role::display)
            .unwrap_or_else(|| msg::t("nobody", &[]));
        ui.line(format!(
            "{} {}",
            paint(BOLD, &state.name),
            paint(DIM, format!("({owner}) {}", here.len()))
        ));
        for s in here {
            ui.line(format!("  {:<8} {}", escape(&s.id), escape(&s.title)));
            if let Some(h) = s.handoff.as_ref().filter(|_| !s.terminal) {
                ui.line(format!("           {}", paint(GREEN, escape(h))));
            }
        }
    }
    if !agents.is_empty() {
        ui.line(paint(BOLD, msg::t("Agents", &[])));
        for s in &agents {
            ui.line(format!(
                "  {:<8} {} {}",
                escape(&s.id),
                paint(BOLD, &s.status),
                paint(
                    DIM,
                    msg::t(
                        "(waits for {role})",
                        &[(
                            "role",
                            &s.waits_for
                                .as_deref()
                                .map(role::display)
                                .unwrap_or_else(|| msg::t("nobody", &[]))
                        )]
                    )
                )
            ));
            if let Some(h) = &s.handoff {
                ui.line(format!("           {}", paint(GREEN, escape(h))));
            }
        }
    }
    if !board.problems.is_empty() {
        ui.line(paint(
            YELLOW,
            msg::t(
                "Problems ({n}); run `git orx check`:",
                &[("n", &board.problems.len())],
            ),
        ));
        for p in &board.problems {
            ui.line(format!("  {p}"));
        }
    }
    if !counts.is_empty() {
        let n = shown.len();
        ui.line(paint(
            DIM,
            msg::t(
                if n == 1 {
                    "1 story: {counts}"
                } else {
                    "{n} stories: {counts}"
                },
                &[("n", &n), ("counts", &counts.join(", "))],
            ),
        ));
    }
    Ok(0)
}
