//! `git orx verify`: every commit in a range judged again, because hooks can
//! be bypassed (`--no-verify`, cherry-pick, rebase, a server-side merge, a
//! commit made by a tool that runs no hooks).
//!
//! Each commit is judged against its first parent with the rules in force
//! at that parent (a commit cannot loosen the rules it is judged by), as the
//! role its `Orx-Role` trailer names. Trailers are trusted only for who
//! claims to act; what changed is recomputed from the trees (for the whole
//! range in one `git diff-tree --stdin` run). When the config maps
//! identities to roles, the author must hold the claimed role, and
//! `--require-signed` also needs a good signature by the mapped key.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use crate::enforce::{Judge, Violation};
use crate::error::Result;
use crate::git::{CommitInfo, Repo, Side, Signature};
use crate::role::HUMAN;
use crate::rules::Rules;

#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    pub require_signed: bool,
}

#[derive(Debug, Default)]
pub struct Report {
    pub commits: usize,
    pub violations: Vec<Violation>,
}

/// What `verify` checks when given no range: the commits not yet on the
/// upstream branch; with no upstream, or with `all`, HEAD's whole history.
/// The second value says which, for the report.
pub fn default_range(repo: &Repo, all: bool) -> (Vec<String>, String) {
    if !repo.has_head() {
        return (Vec::new(), "no commits yet".to_owned());
    }
    match repo.upstream() {
        Some(up) if !all => (vec![format!("{up}..HEAD")], format!("commits not on {up}")),
        Some(_) => (vec!["HEAD".to_owned()], "all of HEAD's history".to_owned()),
        None => (
            vec!["HEAD".to_owned()],
            "all of HEAD's history (the branch has no upstream)".to_owned(),
        ),
    }
}

pub fn verify(repo: &Repo, revs: &[String], opts: Options) -> Result<Report> {
    let ids = repo.walk(revs, true)?;
    let mut report = Report {
        commits: ids.len(),
        violations: Vec::new(),
    };
    // The rules in force at each commit's first parent (the same rule files
    // give the same rules, loaded once).
    let mut loaded: HashMap<Vec<u8>, Option<Arc<Rules>>> = HashMap::new();
    let mut commits: Vec<(CommitInfo, Arc<Rules>)> = Vec::new();
    let mut dirs = BTreeSet::from([".orx".to_owned()]);
    for id in &ids {
        let info = repo.commit(id)?;
        let Some(parent) = info.parents.first() else {
            continue; // a root commit: nothing was set up before it
        };
        let files = repo.rule_files(parent)?;
        let key: Vec<u8> = files
            .iter()
            .flat_map(|(k, v)| [k.as_bytes(), b"\0", v, b"\0"].concat())
            .collect();
        let rules = match loaded.get(&key) {
            Some(r) => r.clone(),
            None => {
                let r = Rules::from_files(files)?.map(Arc::new);
                loaded.insert(key, r.clone());
                r
            }
        };
        if let Some(rules) = rules {
            dirs.insert(rules.stories_dir().to_owned());
            commits.push((info, rules));
        }
    }
    let pairs: Vec<(String, Option<String>)> = commits
        .iter()
        .map(|(c, _)| (c.id.clone(), c.parents.first().cloned()))
        .collect();
    let dirs: Vec<&str> = dirs.iter().map(String::as_str).collect();
    let mut changes = repo.commit_changes(&pairs, &dirs)?;
    for (info, rules) in commits {
        let Some(changed) = changes.remove(&info.id) else {
            continue;
        };
        check_commit(repo, &info, &rules, changed, opts, &mut report.violations)?;
    }
    Ok(report)
}

fn check_commit(
    repo: &Repo,
    info: &CommitInfo,
    rules: &Rules,
    changed: Vec<crate::git::FileChange>,
    opts: Options,
    out: &mut Vec<Violation>,
) -> Result<()> {
    let roles: Vec<&str> = info
        .trailers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("Orx-Role"))
        .map(|(_, v)| v.as_str())
        .collect();
    let role = roles.first().copied();
    let force = info.trailer("Orx-Override").filter(|_| role == Some(HUMAN));
    let time = jiff::Timestamp::from_second(info.time)
        .map(|t| t.to_string())
        .unwrap_or_default();
    let judge = Judge {
        repo,
        rules,
        role,
        force,
        now: &time,
        commit: Some(&info.short),
        base: info.parents.first().map(String::as_str),
    };
    let others: Vec<Side> = info.parents[1..]
        .iter()
        .cloned()
        .map(Side::Commit)
        .collect();
    let verdicts = judge.judge_changes(&Side::Commit(info.id.clone()), &others, changed)?;
    out.extend(verdicts.violations);
    // A merge is its author's own work only where it changed what no
    // branch had.
    if verdicts.touched == 0 || (!others.is_empty() && verdicts.changes.is_empty()) {
        return Ok(());
    }
    let violation = |rule: &str, message: String| Violation {
        commit: Some(info.short.clone()),
        path: String::new(),
        item: None,
        transition: None,
        rule: rule.to_owned(),
        message,
    };
    if roles.iter().any(|r| Some(*r) != role) {
        out.push(violation(
            "conflicting-roles",
            format!("the commit claims several roles: {}", roles.join(", ")),
        ));
    }
    let identity = rules
        .config
        .identities
        .iter()
        .find(|i| i.email.eq_ignore_ascii_case(&info.author_email));
    if let Some(role) = role
        && !rules.config.identities.is_empty()
    {
        match identity {
            None => out.push(violation(
                "identity",
                format!(
                    "{} is not in the identities of .orx/config.yaml, so it may not act as {}",
                    info.author_email,
                    crate::role::display(role)
                ),
            )),
            Some(i) if !i.roles.iter().any(|r| r == role) => out.push(violation(
                "identity",
                format!(
                    "{} claims to act as {}, but its roles are {}",
                    info.author_email,
                    crate::role::display(role),
                    crate::role::display_list(&i.roles)
                ),
            )),
            Some(_) => {}
        }
    }
    if opts.require_signed {
        match repo.signature(&info.id) {
            Signature::Good(fpr) => {
                if let Some(want) = identity.and_then(|i| i.key.as_deref()) {
                    let norm = |s: &str| {
                        s.chars()
                            .filter(|c| !c.is_whitespace())
                            .collect::<String>()
                            .to_ascii_uppercase()
                    };
                    if !fpr
                        .as_deref()
                        .is_some_and(|f| norm(f).ends_with(&norm(want)))
                    {
                        out.push(violation(
                            "signature",
                            format!(
                                "signed by {}, not by {}'s key {want}",
                                fpr.as_deref().unwrap_or("an unknown key"),
                                info.author_email
                            ),
                        ));
                    }
                }
            }
            Signature::Unsigned => out.push(violation(
                "signature",
                "the commit is not signed (--require-signed)".to_owned(),
            )),
            Signature::Bad(why) => out.push(violation(
                "signature",
                format!("the signature does not verify: {why}"),
            )),
        }
    }
    Ok(())
}
