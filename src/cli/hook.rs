//! `git orx hook NAME ARGS...`: what the installed shims run.

use orx::git::Repo;
use orx::history::enforce::Violation;
use orx::hooks;

use super::{CYAN, RED, Ui, YELLOW, epaint};

/// Run hook NAME (called by the shims git runs; not for direct use).
#[derive(clap::Args)]
pub struct Args {
    /// pre-commit, pre-merge-commit, prepare-commit-msg or
    /// reference-transaction.
    name: String,
    /// The arguments git gave the hook.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

impl Args {
    /// The arguments of a hook as the shims pass them (`hook NAME
    /// ARGS...`), read without the rest of the command line's
    /// definition; `None` for anything else (`hook --help`, say).
    pub fn from_argv(argv: impl Iterator<Item = std::ffi::OsString>) -> Option<Args> {
        let mut argv = argv.map(|a| a.into_string().ok());
        if argv.next()?? != "hook" {
            return None;
        }
        let name = argv.next()?.filter(|n| !n.starts_with('-'))?;
        Some(Args {
            name,
            args: argv.collect::<Option<_>>()?,
        })
    }
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    if args.name == "reference-transaction" {
        return reference_transaction(ui, &args.args);
    }
    let repo = Repo::discover()?;
    let env = hook_env();
    // The shims name their directory, where the user's own hook was kept.
    // Run by another tool (a line in husky's script, a hook id of the
    // pre-commit framework, a lefthook entry), git-orx has no hook to chain.
    let (code, note) = match std::env::var_os("ORX_HOOK_DIR") {
        Some(d) => {
            let dir = std::path::PathBuf::from(d);
            if std::env::var_os("PRE_COMMIT_RUNNING_LEGACY").is_some()
                && orx::hooks::tools::wraps_pre_commit(&dir, &args.name)
            {
                let saved = format!("{}{}", args.name, hooks::SAVED);
                return Err(orx::Error::Failed(orx::msg!(
                    "pre-commit-framework-runs-old-copy",
                    name = &args.name,
                    saved
                )));
            }
            hooks::run_saved(&dir, &args.name, &args.args)?
        }
        None => (0, None),
    };
    if let Some(note) = note {
        ui.eline(format!(
            "{} {}",
            epaint(YELLOW, ui.t("hint", &[])),
            ui.m(&note)
        ));
    }
    if code != 0 {
        return Ok(u8::try_from(code).unwrap_or(1));
    }
    match args.name.as_str() {
        "pre-commit" | "pre-merge-commit" => {
            let amend = args.name == "pre-commit" && hooks::amending();
            let staged = hooks::staged(&repo, &env, amend, args.name == "pre-merge-commit");
            let holder = std::env::var("ORX_LOCK_HOLDER").ok();
            if let Some(taken) = hooks::taken_mid_change(&repo, &staged, holder.as_deref()) {
                let v = Violation {
                    commit: None,
                    path: String::new(),
                    item: None,
                    transition: None,
                    rule: "file-being-changed".to_owned(),
                    message: taken.clone(),
                };
                log_violations(&repo, &args.name, &[v], staged.role(&repo));
                ui.lang_of_repo();
                ui.eline(format!(
                    "{} {}",
                    epaint(RED, ui.t("error", &[])),
                    ui.t("refused-text", &[("text", &ui.m(&taken))])
                ));
                return Ok(1);
            }
            let verdicts = match hooks::check_staged(&repo, &staged) {
                // The rules just read say the language to refuse in.
                Ok(Some(verdicts)) => {
                    ui.lang_of_config(&verdicts.lang);
                    ui.take_roles(&verdicts.roles);
                    verdicts
                }
                Ok(None) => {
                    hooks::mark_judged(&repo, args.name == "pre-commit");
                    return Ok(0);
                }
                // Broken rules in force: only the Human may commit (the fix).
                Err(e) if staged.role(&repo) == Some(orx::workflow::role::HUMAN) => {
                    ui.lang_of_repo();
                    ui.eline(format!(
                        "{} {}",
                        epaint(YELLOW, ui.t("warning", &[])),
                        ui.t(
                            "error-committing-as-human-unchecked",
                            &[("error", &ui.m(&e.to_message()))]
                        )
                    ));
                    return Ok(0);
                }
                Err(e) => {
                    ui.lang_of_repo();
                    return Err(e);
                }
            };
            if !verdicts.violations.is_empty() {
                log_violations(&repo, &args.name, &verdicts.violations, staged.role(&repo));
                refuse(ui, &verdicts.violations);
                return Ok(1);
            }
            let trailers = trailers(&repo, &staged, &verdicts);
            hooks::remember_trailers(&repo, &staged, &trailers);
            // A merge's message may name its merge rule's decisions: its
            // prepare-commit-msg always runs.
            hooks::mark_judged(&repo, trailers.is_empty() && args.name == "pre-commit");
            Ok(0)
        }
        "prepare-commit-msg" => {
            let [file, rest @ ..] = args.args.as_slice() else {
                return Err(orx::Error::Usage(orx::msg!(
                    "prepare-commit-msg-needs-file"
                )));
            };
            let source = rest.first().map(String::as_str).unwrap_or_default();
            let amend = source == "commit" && rest.get(1).is_some_and(|s| s == "HEAD");
            let staged = hooks::staged(&repo, &env, amend, false);
            // A merge names the lifecycle conflicts its workflow decided.
            let decided = match repo.commit_id("HEAD") {
                // The rules in force on the merge's first parent, as the
                // hooks read them (no workspace to open).
                Some(head) if source == "merge" => match hooks::rules_at(&repo, Some(&head)) {
                    Ok(Some(rules)) => {
                        orx::change::merge::merge_rule_trailers(&repo, &rules, &head)
                    }
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            };
            let mut trailers = match hooks::recall_trailers(&repo, &staged) {
                Some(t) => t,
                // This hook runs even with --no-verify: it never blocks a commit.
                None => match hooks::check_staged(&repo, &staged) {
                    Ok(Some(verdicts)) => trailers(&repo, &staged, &verdicts),
                    Ok(None) if !decided.is_empty() => Vec::new(),
                    Ok(None) => return Ok(0),
                    Err(e) => {
                        ui.eline(format!(
                            "{} {}",
                            epaint(YELLOW, ui.t("warning", &[])),
                            ui.t("no-trailers-added", &[("error", &ui.m(&e.to_message()))])
                        ));
                        return Ok(0);
                    }
                },
            };
            // Said in the message too, which `log` shows under the merge.
            if !decided.is_empty() {
                let said: Vec<String> = decided
                    .iter()
                    .map(|(_, v)| format!("merge rule: {v}"))
                    .collect();
                if let Err(e) = hooks::add_paragraph(std::path::Path::new(file), &said) {
                    ui.eline(ui.t("could-not-name-merge-decisions", &[("error", &e)]));
                }
            }
            trailers.extend(decided);
            if let Err(e) = hooks::add_trailers(std::path::Path::new(file), &trailers) {
                ui.eline(ui.t("could-not-add-trailers", &[("error", &e)]));
            }
            Ok(0)
        }
        other => Err(orx::Error::Usage(orx::msg!(
            "unknown-hook",
            hook = orx::text::escape(other)
        ))),
    }
}

/// reference-transaction: in the `prepared` state, refuses to move HEAD or
/// a branch to new commits that break the rules (those made by cherry-pick,
/// revert, am or rebase, which run no pre-commit hook). It runs for every
/// ref update, so it says nothing unless it refuses.
fn reference_transaction(ui: &mut Ui, args: &[String]) -> orx::Result<u8> {
    use std::io::Read;
    let mut input = Vec::new();
    std::io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| orx::Error::io(orx::msg!("reference-transaction-input"), e))?;
    // The repository is opened only when needed: most ref updates move
    // nothing this hook judges.
    let mut repo = None;
    let dir = match std::env::var_os("ORX_HOOK_DIR") {
        Some(d) => std::path::PathBuf::from(d),
        None => repo.insert(Repo::discover()?).hooks_dir()?,
    };
    let (code, note) = hooks::run_saved_with(&dir, "reference-transaction", args, Some(&input))?;
    if let Some(note) = note {
        ui.eline(format!(
            "{} {}",
            epaint(YELLOW, ui.t("hint", &[])),
            ui.m(&note)
        ));
    }
    if code != 0 {
        return Ok(u8::try_from(code).unwrap_or(1));
    }
    if args.first().map(String::as_str) != Some("prepared") {
        return Ok(0);
    }
    let moves = hooks::moved_to(&String::from_utf8_lossy(&input));
    if moves.is_empty() {
        return Ok(0);
    }
    let repo = match repo {
        Some(r) => r,
        None => Repo::discover()?,
    };
    let repo = &repo;
    if hooks::ref_mover(repo) != hooks::RefMover::Other {
        return Ok(0);
    }
    let report = match hooks::check_ref_update(repo, &moves) {
        Ok(r) => r,
        Err(e) if hooks::role(repo, &hook_env()).as_deref() == Some(orx::workflow::role::HUMAN) => {
            ui.lang_of_repo();
            ui.eline(format!(
                "{} {}",
                epaint(YELLOW, ui.t("warning", &[])),
                ui.t(
                    "error-moving-ref-as-human-unchecked",
                    &[("error", &ui.m(&e.to_message()))]
                )
            ));
            return Ok(0);
        }
        Err(e) => return Err(e),
    };
    if report.violations.is_empty() {
        return Ok(0);
    }
    // Only a refusal speaks, in the repository's language.
    ui.lang_of_repo();
    let n = report.violations.len();
    let head = match (n, report.commits) {
        (1, 1) => "refused-git-orx-found-rule-2",
        (1, _) => "refused-git-orx-found-rule-3",
        (_, 1) => "refused-git-orx-found-n-2",
        _ => "refused-git-orx-found-n-3",
    };
    ui.eline(format!(
        "{} {}",
        epaint(RED, ui.t("error", &[])),
        ui.t(head, &[("n", &n)])
    ));
    // Quiet even when a ref moves over many commits: the first few, then
    // where to see them all.
    const SHOWN: usize = 10;
    for v in report.violations.iter().take(SHOWN) {
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
        ui.eline(format!("  {head}: {}", v.rule));
        for line in ui.m(&v.message).lines() {
            ui.eline(format!("    {line}"));
        }
    }
    if n > SHOWN {
        ui.eline(ui.t("n-more-git-orx-verify", &[("n", &(n - SHOWN))]));
    }
    ui.eline(format!(
        "{} {}",
        epaint(CYAN, ui.t("hint", &[])),
        ui.t("ref-update-brings-commits-no", &[])
    ));
    Ok(1)
}

/// The trailers for a judged commit, as this process's role and override say.
fn trailers(
    repo: &Repo,
    staged: &hooks::Staged,
    verdicts: &orx::history::enforce::Verdicts,
) -> Vec<(String, String)> {
    // Nothing touched: no role trailer, so no role to read.
    if verdicts.touched == 0 {
        return hooks::trailers(verdicts, None, None);
    }
    hooks::trailers(verdicts, staged.role(repo), staged.force(repo))
}

/// What git and the user tell a hook through the environment.
fn hook_env() -> hooks::HookEnv {
    hooks::HookEnv {
        index_file: std::env::var_os("GIT_INDEX_FILE").map(std::path::PathBuf::from),
        reflog_action: std::env::var("GIT_REFLOG_ACTION").unwrap_or_default(),
        role: std::env::var("ORX_ROLE").ok(),
        force_reason: std::env::var("ORX_FORCE_REASON").ok(),
    }
}

/// Appends the rules a commit broke to the refusal log (`git orx doctor`
/// reads it); a log that cannot be written is skipped.
fn log_violations(repo: &Repo, hook: &str, violations: &[Violation], role: Option<&str>) {
    let now = orx::repo::workspace::now();
    for v in violations {
        let entry = orx::history::refusals::Logged::of_violation(&format!("hook {hook}"), v, &now)
            .with_role(role);
        let _ = orx::history::refusals::append(&repo.orx_dir(), &entry);
    }
}

/// Prints why the commit is refused.
pub fn refuse(ui: &mut Ui, violations: &[Violation]) {
    let n = violations.len();
    let head = match n {
        1 => ui.t("refused-git-orx-found-rule", &[]),
        _ => ui.t("refused-git-orx-found-n", &[("n", &n)]),
    };
    ui.eline(format!("{} {head}", epaint(RED, ui.t("error", &[]))));
    for v in violations {
        // A message that starts with the file's path (where in the file
        // the problem is) stands for the heading.
        let said = ui.m(&v.message);
        let mut lines = said.lines();
        if said.starts_with(&format!("{}:", v.path)) {
            ui.eline(format!("  {}", lines.next().unwrap_or_default()));
        } else {
            ui.eline(format!("  {}:", v.path));
        }
        for line in lines {
            ui.eline(format!("    {line}"));
        }
    }
    // Acting as another role helps only where the role was what broke
    // the rule.
    let by_role = violations.iter().any(|v| {
        matches!(
            v.rule.as_str(),
            "unauthorized-role" | "no-role" | "rules-need-human" | "delete-needs-human"
        )
    });
    // A file that cannot be read, or rules that do not load, have no
    // override: only fixing them helps.
    let overridable = violations
        .iter()
        .any(|v| !matches!(v.rule.as_str(), "invalid-file" | "invalid-rules"));
    let unfenced = violations
        .iter()
        .any(|v| v.message.holds("file-not-start-fence"));
    let hint = match (by_role, overridable) {
        (true, true) => "fix-files-commit-responsible-role",
        (false, true) => "fix-files-human-may-override",
        (true, false) => "fix-files-commit-responsible-role-2",
        (false, false) => "fix-fileswhy",
    };
    let why = if violations.iter().any(|v| {
        orx::engine::item::BODY_STATUS_PROBLEMS
            .iter()
            .any(|id| v.message.holds(id))
    }) {
        ui.t("change-state-git-orx-move", &[])
    } else if unfenced {
        ui.t("file-cannot-read-has-no", &[])
    } else {
        ui.t("file-cannot-read-has-no-2", &[])
    };
    ui.eline(format!(
        "{} {}",
        epaint(CYAN, ui.t("hint", &[])),
        ui.t(hint, &[("why", &why)])
    ));
}

#[cfg(test)]
mod tests {
    use super::Args;
    use std::ffi::OsString;

    fn argv(words: &[&str]) -> impl Iterator<Item = OsString> {
        words
            .iter()
            .map(OsString::from)
            .collect::<Vec<_>>()
            .into_iter()
    }

    #[test]
    fn the_shims_command_line_is_read_without_the_full_parser() {
        let a =
            Args::from_argv(argv(&["hook", "prepare-commit-msg", ".git/MSG", "message"])).unwrap();
        assert_eq!(a.name, "prepare-commit-msg");
        assert_eq!(a.args, [".git/MSG", "message"]);
        let a = Args::from_argv(argv(&["hook", "pre-commit"])).unwrap();
        assert!(a.args.is_empty());
        // Anything else goes through the full parser (help, errors).
        assert!(Args::from_argv(argv(&["hook", "--help"])).is_none());
        assert!(Args::from_argv(argv(&["hook"])).is_none());
        assert!(Args::from_argv(argv(&["status", "hook"])).is_none());
        assert!(Args::from_argv(argv(&[])).is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_command_line_that_is_not_utf8_goes_through_the_full_parser() {
        use std::os::unix::ffi::OsStringExt;
        let words = vec![
            OsString::from("hook"),
            OsString::from("prepare-commit-msg"),
            OsString::from_vec(vec![0xff, 0xfe]),
        ];
        assert!(Args::from_argv(words.into_iter()).is_none());
    }
}
