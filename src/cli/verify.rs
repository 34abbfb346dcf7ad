//! `git orx verify`

use orx::git::Repo;
use orx::history::verify::{self, Options};

use orx::text::escape;

use super::{CYAN, GREEN, RED, Ui, YELLOW, paint};

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
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let repo = Repo::discover_any()?;
    let (revs, scope) = if args.revs.is_empty() {
        verify::default_range(&repo, args.all)
    } else {
        check_revs(ui.voice(), &repo, &args.revs)?;
        (
            args.revs.clone(),
            orx::text::message::Message::text(args.revs.join(" ")),
        )
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
    if ui.is_json() {
        ui.json(&super::output::history::Verify {
            version: super::output::Version,
            range: scope.to_string(),
            commits: report.commits,
            violations: &report.violations,
            acknowledged: &report.acknowledged,
            repaired: &report.repaired,
            not_judged: &report.not_judged,
        });
        return Ok(code);
    }
    for v in &report.violations {
        ui.wrap(format!("{}: {}", head(v), paint(RED, &v.rule)), 4);
        for line in ui.m(&v.message).lines() {
            ui.wrap(format!("    {line}"), 6);
        }
    }
    for a in &report.acknowledged {
        ui.wrap(
            ui.t(
                "rest-rule-acknowledged",
                &[
                    ("rest", &head(&a.violation)),
                    ("rule", &paint(YELLOW, &a.violation.rule)),
                ],
            ),
            4,
        );
        for line in ui.m(&a.violation.message).lines() {
            ui.wrap(format!("    {line}"), 6);
        }
        ui.wrap(
            ui.t(
                "acknowledged-who-why",
                &[("who", &escape(&a.by)), ("why", &escape(&a.reason))],
            ),
            6,
        );
    }
    for r in &report.repaired {
        ui.wrap(
            ui.t(
                "rest-rule-repaired-commit",
                &[
                    ("rest", &head(&r.violation)),
                    ("rule", &paint(YELLOW, &r.violation.rule)),
                    ("commit", &r.by),
                ],
            ),
            4,
        );
    }
    for c in &report.not_judged {
        ui.wrap(
            ui.t(
                "verify-shallow-boundary",
                &[
                    ("commit", c),
                    ("label", &paint(YELLOW, ui.t("not-judged", &[]))),
                ],
            ),
            4,
        );
    }
    let n = report.violations.len();
    let unjudged = match report.not_judged.len() {
        0 => String::new(),
        k => ui.t("verify-not-judged", &[("n", &k)]),
    };
    let mut acknowledged = match report.acknowledged.len() {
        0 => String::new(),
        k => ui.t("k-acknowledged", &[("k", &k)]),
    };
    if !report.repaired.is_empty() {
        acknowledged.push_str(&ui.t("k-repaired", &[("k", &report.repaired.len())]));
    }
    let summary = ui.t(
        "verify-summary",
        &[
            ("n", &(report.commits - report.not_judged.len())),
            ("scope", &ui.m(&scope)),
            ("unjudged", &unjudged),
            ("v", &n),
            ("acknowledged", &acknowledged),
        ],
    );
    ui.wrap(paint(if n == 0 { GREEN } else { RED }, summary), 4);
    if n > 0 {
        ui.wrap(
            ui.t(
                "text-history-not-rewritten-fix",
                &[("text", &paint(CYAN, ui.t("hint", &[])))],
            ),
            6,
        );
    }
    Ok(code)
}

/// A range that names no commits is a usage error (exit 2), never a
/// violation (exit 1): CI must tell a typo from a broken rule.
fn check_revs(voice: &crate::cli::msg::Voice, repo: &Repo, revs: &[String]) -> orx::Result<()> {
    let usage = |why: String| {
        orx::Error::Usage(orx::msg!(
            "cannot-verify-range-why-give",
            range = orx::text::escape(&revs.join(" ")),
            why = why.to_string()
        ))
    };
    if let Some(r) = revs.iter().find(|r| r.contains("...")) {
        return Err(usage(voice.t(
            "range-symmetric-range-which-verify",
            &[("range", &orx::text::escape(r))],
        )));
    }
    repo.check_revs(revs).map_err(|e| match e {
        orx::git::GitError::Command { message, .. } => usage(message.replace("fatal: ", "")),
        e => e.into(),
    })
}

/// `abc1234 story 1.1 Draft -> Done`, or the path when no item was read.
fn head(v: &orx::history::enforce::Violation) -> String {
    let mut head = v.commit.clone().unwrap_or_default();
    for part in [
        v.item.as_ref().map(ToString::to_string),
        v.transition.clone(),
    ]
    .into_iter()
    .flatten()
    {
        head.push(' ');
        head.push_str(&part);
    }
    if v.item.is_none() && !v.path.is_empty() {
        head.push(' ');
        head.push_str(&v.path);
    }
    head
}
