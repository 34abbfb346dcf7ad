//! `git orx show`

use orx::board::report;
use orx::text::{escape, escape_lines};

use super::{BOLD, DIM, GREEN, RED, Ui, paint};

/// Show one item: its state, owner, next step, and every move its workflow
/// allows from here with the verdict of each guard condition.
#[derive(clap::Args)]
pub struct Args {
    /// The item's ID.
    id: String,
    /// Judge the moves for this role (default: the role the item waits
    /// for; each move's own role when it waits for nobody).
    #[arg(long = "as", value_name = "ROLE")]
    role: Option<String>,
    /// Also show the item's last change: the commit that last changed its
    /// file, and what it changed there, as a unified diff.
    #[arg(long)]
    diff: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let role = match &args.role {
        Some(_) => Some(super::role(ui, &ws, &args.role)?),
        None => None,
    };
    let mut d = report::detail(&ws, &args.id, role.as_deref())?;
    // The moves are judged for the role that is to act next.
    if role.is_none()
        && let Some(waits_for) = d.summary.waits_for.clone()
    {
        d = report::detail(&ws, &args.id, Some(&waits_for))?;
    }
    let rejected = orx::history::verify::last_change_violations(&ws.repo, &d.summary.path)?;
    // A QA gate file beside the stories (BMAD's), whoever wrote it.
    let gate_file = d
        .summary
        .kind
        .workflow()
        .ok()
        .and_then(|wf| wf.body.as_ref().and_then(|b| b.gates.clone()))
        .and_then(|dir| orx::kinds::story::gate_file::read(&ws, &dir, &d.summary.id));
    let last_change = match args.diff {
        true => last_change(&ws.repo, &d.summary.path)?,
        false => None,
    };
    if ui.is_json() {
        ui.json(&super::output::board::Show {
            detail: d,
            version: super::output::Version,
            qa_gate: gate_file,
            rejected: rejected
                .map(|(commit, violations)| super::output::board::Rejected { commit, violations }),
            last_change,
        });
        return Ok(0);
    }
    let s = &d.summary;
    // An item without a title (an agent's context) is named by its ID.
    let title = match s.title.trim() {
        "" => String::new(),
        t => format!(" — {}", escape(t)),
    };
    ui.wrap(
        format!("{} {}{title}", s.kind, paint(BOLD, escape(&s.id))),
        2,
    );
    ui.line(ui.t("file-path-2", &[("path", &s.path)]));
    let owner = s
        .owner
        .as_deref()
        .map(|r| ui.role(r))
        .unwrap_or_else(|| ui.t("nobody-terminal", &[]));
    ui.line(ui.t(
        "status-state-owner-role",
        &[("state", &paint(BOLD, &s.status)), ("role", &owner)],
    ));
    if let Some((commit, violations)) = &rejected {
        ui.wrap(
            format!("  {}", rejected_line(ui.voice(), commit, violations)),
            4,
        );
    }
    if let Some(g) = &gate_file {
        let colour = match g.gate.as_str() {
            "PASS" | "WAIVED" => GREEN,
            _ => RED,
        };
        let (gate, path) = (paint(colour, escape(&g.gate)), escape(&g.path));
        let line = match g.reason.as_deref() {
            Some(r) => ui.t(
                "show-qa-gate-reason",
                &[("gate", &gate), ("path", &path), ("reason", &escape(r))],
            ),
            None => ui.t("show-qa-gate", &[("gate", &gate), ("path", &path)]),
        };
        ui.line(line);
    }
    if let Some(h) = &s.handoff {
        // A Chinese handoff keeps the lifecycle's `Next:`, which the label
        // already says.
        let h = match h.strip_prefix("Next: ") {
            Some(rest) if ui.is_zh() => rest,
            _ => h,
        };
        ui.wrap(
            ui.t("next-text", &[("text", &paint(GREEN, escape_lines(h)))]),
            10,
        );
    }
    print_steps(ui, &s.steps, 10);
    if d.moves.is_empty() {
        ui.line(ui.t("no-moves-state-terminal", &[("state", &s.status)]));
        return Ok(0);
    }
    ui.line(ui.t("moves-state-2", &[("state", &s.status)]));
    for m in &d.moves {
        let as_role = ui.role(&m.judged_as);
        let verdict = if m.allowed {
            paint(GREEN, ui.t("allowed-role", &[("role", &as_role)]))
        } else {
            paint(RED, ui.t("not-allowed-role", &[("role", &as_role)]))
        };
        let trigger = m
            .trigger
            .as_deref()
            .map(|t| ui.t("outcome-trigger", &[("trigger", &t)]))
            .unwrap_or_default();
        ui.wrap(
            format!(
                "  -> {:<19} {} {}{}",
                m.to,
                paint(DIM, format!("[{}]", ui.roles(&m.roles))),
                verdict,
                paint(DIM, trigger)
            ),
            7,
        );
        for c in &m.conditions {
            let mark = if c.holds {
                paint(GREEN, "✓")
            } else {
                paint(RED, "✗")
            };
            let mut values = match c.values().filter(|_| !c.holds) {
                Some(v) => paint(DIM, format!(" ({})", ui.m(&v))),
                None => String::new(),
            };
            if let Some(e) = &c.error {
                let e = ui.t("cannot-evaluated-text", &[("text", &ui.m(e))]);
                values.push_str(&paint(RED, e));
            }
            ui.wrap(format!("       {mark} {}{values}", ui.desc(c)), 9);
        }
        // A rule beyond the move's conditions (what it waits for, the
        // evidence it needs): said as the move itself would be refused.
        if let Some(r) = m
            .refused
            .as_ref()
            .filter(|r| !["unmet-precondition", "unauthorized-role"].contains(&r.rule.as_str()))
        {
            let message = super::refusal(ui.voice(), &r.refusal);
            ui.wrap(format!("       {} {message}", paint(RED, "✗")), 9);
        }
    }
    if let Some(c) = &last_change {
        ui.line(ui.t(
            "last-change-commit-subject",
            &[("commit", &c.commit), ("subject", &escape(&c.subject))],
        ));
        super::diff::print(ui, &c.diff);
    }
    Ok(0)
}

/// The actions, one line each, `indent` spaces in: `run: git orx story gate
/// 1.1 --as qa --critical N [options]` for the forward steps, `or:` for the
/// alternatives.
pub fn print_steps(ui: &mut Ui, steps: &[orx::workflow::steps::Action], indent: usize) {
    for a in steps {
        print_step_line(ui, a.primary, &escape(&a.command_line()), indent);
    }
}

/// One step as [`print_steps`] prints it: `run:` (`primary`) or `or:`,
/// then its command line (escaped).
pub fn print_step_line(ui: &mut Ui, primary: bool, line: &str, indent: usize) {
    let label = ui.t(if primary { "run" } else { "or" }, &[]);
    let hang = if ui.is_zh() { 6 } else { 5 };
    ui.wrap(
        format!("{:indent$}{} {}", "", paint(DIM, label), line),
        indent + hang,
    );
}

/// `rejected: this state came from abc1234, which verify rejects (no-role,
/// invalid-transition)`.
pub fn rejected_line(
    voice: &crate::cli::msg::Voice,
    commit: &str,
    violations: &[orx::history::enforce::Violation],
) -> String {
    let mut rules: Vec<&str> = violations.iter().map(|v| v.rule.as_str()).collect();
    rules.dedup();
    voice.t(
        "label-state-came-commit-which",
        &[
            ("label", &paint(RED, voice.t("rejected", &[]))),
            ("commit", &commit),
            ("rules", &rules.join(", ")),
        ],
    )
}

/// The last commit that changed the file at `path` and its unified diff
/// there, from the commit's first parent (none: the file was added).
fn last_change(
    repo: &orx::git::Repo,
    path: &str,
) -> orx::Result<Option<super::output::board::LastChange>> {
    use orx::git::Side;
    let Some(commit) = repo.last_change(path) else {
        return Ok(None);
    };
    let info = repo.commit(&commit)?;
    let before = match info.parents.first() {
        Some(p) => repo.file_at(&Side::Commit(p.clone()), path)?,
        None => None,
    };
    let after = repo.file_at(&Side::Commit(info.id.clone()), path)?;
    const FILE: u32 = 0o100644;
    let diff = super::diff::unified(
        path,
        before.as_deref().map(|b| (FILE, b)),
        after.as_deref().map(|b| (FILE, b)),
    );
    Ok(Some(super::output::board::LastChange {
        commit,
        subject: info.summary().to_owned(),
        diff,
    }))
}
