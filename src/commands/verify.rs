//! `git orx verify`

use orx::git::Repo;
use orx::verify::{self, Options};

use orx::text::escape;

use super::{GREEN, RED, Ui, YELLOW, paint};

/// Check every commit in a range against the rules — including commits
/// made with --no-verify, cherry-picked, rebased or merged. For CI and a
/// server's pre-receive hook. Exits 1 on any violation.
#[derive(clap::Args)]
pub struct Args {
    /// Commits to check, as git rev-list takes them (`origin/main..HEAD`,
    /// `^A B`). Default: the commits not yet on the upstream branch.
    revs: Vec<String>,
    /// Check all of HEAD's history.
    #[arg(long, conflicts_with = "revs")]
    all: bool,
    /// Also require a good signature (git verify-commit) on every commit that
    /// changes items or rules, by the key the identities map gives.
    #[arg(long)]
    require_signed: bool,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let repo = Repo::discover_any()?;
    let (revs, scope) = if args.revs.is_empty() {
        verify::default_range(&repo, args.all)
    } else {
        (args.revs.clone(), args.revs.join(" "))
    };
    let report = verify::verify(
        &repo,
        &revs,
        Options {
            require_signed: args.require_signed,
            hook: false,
        },
    )?;
    let code = u8::from(!report.violations.is_empty());
    if args.json {
        ui.json(&serde_json::json!({
            "version": 1,
            "range": scope,
            "commits": report.commits,
            "violations": report.violations,
            "acknowledged": report.acknowledged,
            "not_judged": report.not_judged,
        }));
        return Ok(code);
    }
    for v in &report.violations {
        ui.line(format!("{}: {}", head(v), paint(RED, &v.rule)));
        for line in v.message.lines() {
            ui.line(format!("    {line}"));
        }
    }
    for a in &report.acknowledged {
        ui.line(format!(
            "{}: {} (acknowledged)",
            head(&a.violation),
            paint(YELLOW, &a.violation.rule)
        ));
        for line in a.violation.message.lines() {
            ui.line(format!("    {line}"));
        }
        ui.line(format!(
            "    acknowledged by {}: {}",
            escape(&a.by),
            escape(&a.reason)
        ));
    }
    for c in &report.not_judged {
        ui.line(format!(
            "{c}: {} (a shallow clone's boundary: its parents are not here; git fetch --unshallow)",
            paint(YELLOW, "not judged")
        ));
    }
    let n = report.violations.len();
    let mut summary = format!(
        "verified {} commit{} ({scope})",
        report.commits - report.not_judged.len(),
        if report.commits - report.not_judged.len() == 1 {
            ""
        } else {
            "s"
        }
    );
    if !report.not_judged.is_empty() {
        summary.push_str(&format!(", {} not judged", report.not_judged.len()));
    }
    let acknowledged = match report.acknowledged.len() {
        0 => String::new(),
        k => format!(", {k} acknowledged"),
    };
    if n == 0 {
        ui.line(paint(
            GREEN,
            format!("{summary}: no violations{acknowledged}"),
        ));
    } else {
        ui.line(paint(
            RED,
            format!(
                "{summary}: {n} violation{}{acknowledged}",
                if n == 1 { "" } else { "s" }
            ),
        ));
    }
    Ok(code)
}

/// `abc1234 story 1.1 Draft -> Done`, or the path when no item was read.
fn head(v: &orx::enforce::Violation) -> String {
    let mut head = v.commit.clone().unwrap_or_default();
    for part in [&v.item, &v.transition].into_iter().flatten() {
        head.push(' ');
        head.push_str(part);
    }
    if v.item.is_none() && !v.path.is_empty() {
        head.push(' ');
        head.push_str(&v.path);
    }
    head
}
