//! `git orx verify`: every commit in a range judged again, because hooks can
//! be bypassed (`--no-verify`, cherry-pick, rebase, a server-side merge, a
//! commit made by a tool that runs no hooks).
//!
//! Each commit is judged against its first parent with the rules in force
//! at that parent (a commit cannot loosen the rules it is judged by), as the
//! role its `Orx-Role` trailer names; a root commit is judged against the
//! empty tree with the rules it sets up (every item in it is new). Trailers
//! are trusted only for who claims to act; what changed is recomputed from
//! the trees (for the whole range in one `git diff-tree --stdin` run). When
//! the config maps identities to roles, the author must hold the claimed
//! role, and `--require-signed` also needs a good signature by the key of
//! the identity the commit claims.
//!
//! A commit the Human has acknowledged in `.orx/acknowledged.yaml` (at a
//! tip of the range) is reported apart, not as a violation. The boundary
//! commits of a shallow clone, whose parents are missing, are not judged,
//! and said so.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use serde::Serialize;

use crate::change::files;
use crate::engine::validate::ItemRef;
use crate::error::{Error, Result};
use crate::git::{CommitInfo, Repo, Side, Signature};
use crate::history::acknowledged::{Acknowledgement, parse_acknowledgements};
use crate::history::enforce::{Judge, Violation};
use crate::repo::rules::{ACKNOWLEDGED_PATH, Rules};
use crate::text::message::Message;
use crate::workflow::role::HUMAN;

#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    pub require_signed: bool,
    /// Judge as a hook does: the rules only, as pre-commit judges them —
    /// not the authors' identities, signatures or acknowledgements.
    pub hook: bool,
}

/// A violation the Human has acknowledged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Acknowledged {
    #[serde(flatten)]
    pub violation: Violation,
    pub reason: String,
    pub by: String,
}

/// A violation a later commit of the range repaired: a duplicate ID that
/// a `renumber` commit (its `Orx-Renumber` trailer) gave a new ID.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Repaired {
    #[serde(flatten)]
    pub violation: Violation,
    /// The abbreviated id of the commit that repaired it.
    pub by: String,
}

#[derive(Debug, Default)]
pub struct Report {
    pub commits: usize,
    pub violations: Vec<Violation>,
    pub acknowledged: Vec<Acknowledged>,
    /// Violations a later commit of the range repaired: not failures.
    pub repaired: Vec<Repaired>,
    /// Shallow-clone boundary commits (abbreviated): their parents are not
    /// here, so what they changed is unknown.
    pub not_judged: Vec<String>,
}

/// What `verify` checks when given no range: the commits not yet on the
/// upstream branch; with no upstream, or with `all`, HEAD's whole history.
/// The second value says which, for the report.
pub fn default_range(repo: &Repo, all: bool) -> (Vec<String>, Message) {
    if !repo.has_head() {
        return (Vec::new(), crate::msg!("verify-scope-no-commits"));
    }
    match repo.upstream() {
        Some(up) if !all => (
            vec![format!("{up}..HEAD")],
            crate::msg!("verify-scope-not-on-upstream", upstream = up),
        ),
        Some(_) => (vec!["HEAD".to_owned()], crate::msg!("verify-scope-all")),
        None => (
            vec!["HEAD".to_owned()],
            crate::msg!("all-head-s-history-branch"),
        ),
    }
}

pub fn verify(repo: &Repo, revs: &[String], opts: Options) -> Result<Report> {
    let ids = repo.walk(revs, true)?;
    verify_commits(repo, &ids, opts)
}

/// The commit an item's current state came from — the last that changed
/// its file `path` — with what `verify` finds wrong in it (the changes to
/// that file, and the commit's own: role, identity), unless acknowledged.
/// `None` when verify accepts it or the file has no commit. One commit is
/// judged, so `show` can afford it for one item.
pub fn last_change_violations(repo: &Repo, path: &str) -> Result<Option<(String, Vec<Violation>)>> {
    let Some(commit) = repo.last_change(path) else {
        return Ok(None);
    };
    let opts = Options {
        require_signed: false,
        hook: false,
    };
    let report = verify_commits(repo, std::slice::from_ref(&commit), opts)?;
    // Acknowledged since (the Human's word at HEAD).
    if let Some(bytes) = repo.head_file(ACKNOWLEDGED_PATH)?
        && let Ok(acks) = parse_acknowledgements(&bytes)
        && let Ok(info) = repo.commit(&commit)
        && acks.iter().any(|a| info.id.starts_with(&a.commit))
    {
        return Ok(None);
    }
    let mine: Vec<Violation> = report
        .violations
        .into_iter()
        .filter(|v| v.path == path || v.path.is_empty())
        .collect();
    Ok((!mine.is_empty()).then_some((commit, mine)))
}

/// Judges the commits `ids`, parents before children.
pub fn verify_commits(repo: &Repo, ids: &[String], opts: Options) -> Result<Report> {
    let mut report = Report {
        commits: ids.len(),
        ..Report::default()
    };
    let shallow = repo.shallow_commits();
    // The rules in force at each commit's first parent (the same rule files
    // give the same rules, loaded once); a root commit's own.
    let mut loaded: HashMap<Vec<u8>, Option<Arc<Rules>>> = HashMap::new();
    let mut commits: Vec<(CommitInfo, Arc<Rules>)> = Vec::new();
    let mut infos: Vec<CommitInfo> = Vec::new();
    let mut dirs = BTreeSet::from([".orx".to_owned()]);
    for id in ids {
        let info = repo.commit(id)?;
        infos.push(info.clone());
        if shallow.contains(&info.id) {
            report.not_judged.push(info.short.clone());
            continue;
        }
        let files =
            crate::repo::rules::files_at_commit(repo, info.parents.first().unwrap_or(&info.id))?;
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
            // A hook judges a commit or two: one that changes no item or
            // rule is seen by comparing a few tree ids.
            let untouched = opts.hook && info.parents.len() == 1 && {
                let mut item_dirs = rules.item_dirs();
                item_dirs.push(".orx".to_owned());
                let item_dirs: Vec<&str> = item_dirs.iter().map(String::as_str).collect();
                repo.same_entries(&info.parents[0], &info.id, &item_dirs)
            };
            if untouched {
                continue;
            }
            dirs.extend(rules.item_dirs());
            commits.push((info, rules));
        }
    }
    let acks = if opts.hook {
        Vec::new()
    } else {
        acknowledgements(repo, &infos)?
    };
    let dirs: Vec<&str> = dirs.iter().map(String::as_str).collect();
    // A hook judges a commit or two: libgit2 diffs their trees in-process,
    // quicker than starting `git diff-tree`, which pays off over a range.
    let mut changes = if opts.hook {
        let mut map = HashMap::new();
        for (c, _) in &commits {
            let from = c.parents.first().cloned().map_or(Side::Empty, Side::Commit);
            let changed = repo.changes(&from, &Side::Commit(c.id.clone()), &dirs)?;
            if !changed.is_empty() {
                map.insert(c.id.clone(), changed);
            }
        }
        map
    } else {
        let ids: Vec<&str> = commits.iter().map(|(c, _)| c.id.as_str()).collect();
        repo.commit_changes(&ids, &dirs)?
    };
    for (info, rules) in commits {
        let mut found = Vec::new();
        match changes.remove(&info.id) {
            Some(changed) => check_commit(repo, &info, &rules, changed, opts, &mut found)?,
            // No item changes: only its trailers can be wrong.
            None => found.extend(mislabelled(&info, &[], info.parents.len() > 1)),
        }
        if found.is_empty() {
            continue;
        }
        // A duplicate ID a later commit of the range renumbered (a forge
        // merge, then its repair) is repaired, not a failure.
        let mut left = Vec::new();
        for v in found {
            match repair_of(repo, &info, &v, &infos) {
                Some(by) => report.repaired.push(Repaired { violation: v, by }),
                None => left.push(v),
            }
        }
        let found = left;
        if found.is_empty() {
            continue;
        }
        match acks.iter().find(|a| info.id.starts_with(&a.commit)) {
            Some(a) => report
                .acknowledged
                .extend(found.into_iter().map(|v| Acknowledged {
                    violation: v,
                    reason: a.reason.clone(),
                    by: a.by.clone(),
                })),
            None => report.violations.extend(found),
        }
    }
    Ok(report)
}

/// The commit of `range` that repaired violation `v` of `commit`, if one
/// did: a duplicate ID given a new ID by a later `renumber` commit
/// (`Orx-Renumber: story 1.2 -> 1.3`) that has `commit` in its history.
fn repair_of(
    repo: &Repo,
    commit: &CommitInfo,
    v: &Violation,
    range: &[CommitInfo],
) -> Option<String> {
    if v.rule != "duplicate-id" {
        return None;
    }
    let item = v.item.as_ref()?.to_string();
    range
        .iter()
        .filter(|r| r.id != commit.id)
        .find(|r| {
            r.trailers.iter().any(|(k, val)| {
                k.eq_ignore_ascii_case("Orx-Renumber")
                    && val
                        .strip_prefix(item.as_str())
                        .is_some_and(|rest| rest.starts_with(" -> "))
            }) && repo.merge_base(&commit.id, &r.id).as_deref() == Some(commit.id.as_str())
        })
        .map(|r| r.short.clone())
}

/// The acknowledgements at the tips of the range (the commits no other
/// commit of the range has as a parent): the newest word on the range.
fn acknowledgements(repo: &Repo, infos: &[CommitInfo]) -> Result<Vec<Acknowledgement>> {
    let parents: HashSet<&str> = infos
        .iter()
        .flat_map(|c| c.parents.iter().map(String::as_str))
        .collect();
    let mut out: Vec<Acknowledgement> = Vec::new();
    for tip in infos.iter().filter(|c| !parents.contains(c.id.as_str())) {
        let Some(bytes) = repo.file_at(&Side::Commit(tip.id.clone()), ACKNOWLEDGED_PATH)? else {
            continue;
        };
        for a in parse_acknowledgements(&bytes).map_err(|m| {
            Error::Failed(crate::msg!(
                "path-at-commit-text",
                path = ACKNOWLEDGED_PATH,
                commit = &tip.short,
                text = m
            ))
        })? {
            if !out.contains(&a) {
                out.push(a);
            }
        }
    }
    Ok(out)
}

/// The Human acknowledges the violations of past commit `rev`, with a
/// reason: an entry is added to `.orx/acknowledged.yaml` and that file alone
/// is committed as the Human (the hooks judge it like a rule change).
/// `by` says who (`Name <email>`). Returns the acknowledged commit's id
/// and the new commit's abbreviated id; with `dry_run`, every check is
/// made, nothing is written and there is no new commit (`None`).
pub fn acknowledge(
    repo: &Repo,
    rev: &str,
    reason: &str,
    by: &str,
    lock_wait: std::time::Duration,
    dry_run: bool,
) -> Result<(String, Option<String>)> {
    let id = repo.commit_id(rev).ok_or_else(|| {
        Error::NotFound(crate::msg!(
            "there-no-commit-rev",
            rev = crate::text::escape(rev)
        ))
    })?;
    if reason.trim().is_empty() {
        return Err(Error::Usage(crate::msg!("reason-must-say-why-violation")));
    }
    let lock = crate::engine::store::Lock::acquire_within(&repo.orx_dir(), lock_wait)?;
    let path = repo.root().join(ACKNOWLEDGED_PATH);
    let current = match crate::engine::item::read_checked(&path) {
        Ok(b) => Some(b),
        Err(_)
            if path
                .symlink_metadata()
                .is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) =>
        {
            None
        }
        Err(e) => {
            return Err(e.or_refused(ACKNOWLEDGED_PATH, |m| {
                Error::Failed(crate::msg!(
                    "path-space-text",
                    path = ACKNOWLEDGED_PATH,
                    text = m
                ))
            }));
        }
    };
    if current != repo.head_file(ACKNOWLEDGED_PATH)? {
        return Err(Error::Pending(crate::msg!(
            "path-has-uncommitted-changes-commit",
            path = ACKNOWLEDGED_PATH
        )));
    }
    let listed = match &current {
        Some(bytes) => parse_acknowledgements(bytes).map_err(|m| {
            Error::Failed(crate::msg!("path-text", path = ACKNOWLEDGED_PATH, text = m))
        })?,
        None => Vec::new(),
    };
    if let Some(a) = listed.iter().find(|a| id.starts_with(&a.commit)) {
        return Err(Error::Exists(crate::msg!(
            "commit-already-acknowledged-who-reason",
            commit = &id[..12],
            who = crate::text::escape(&a.by),
            reason = crate::text::escape(&a.reason)
        )));
    }
    let mut text = match &current {
        Some(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        None => "# Past commits whose violations the Human has reviewed and accepted;
# `git orx verify` reports them apart. Only the Human may change this file.
"
        .to_owned(),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    let scalar = |s: &str| crate::doc::render::string(s.trim(), None, false);
    text.push_str(&format!(
        "- commit: {id}\n  reason: {}\n  by: {}\n",
        scalar(reason),
        scalar(by)
    ));
    // Refused as the executor would refuse its commit, dry run or not.
    files::may_commit(repo, false)?;
    if dry_run {
        return Ok((id, None));
    }
    let message = format!(
        "acknowledge {}\n\n{}\n\nOrx-Role: {HUMAN}\n",
        &id[..12],
        reason.trim()
    );
    // Written and committed as a move is, by the executor's last step:
    // not onto a temporary HEAD, after git's own locks, and with HEAD the
    // truth if git refuses.
    let files = files::Files {
        writes: vec![files::Write::new(
            ACKNOWLEDGED_PATH,
            current,
            text.into_bytes(),
        )],
        commit: Some(files::Commit {
            made: files::Made::Alone(message),
            role: HUMAN.to_owned(),
            reason: None,
        }),
    };
    let commit = match files::execute_locked(repo, &lock, &files)? {
        files::Done::Committed(commit) | files::Done::ByAnother(Some(commit)) => commit,
        _ => repo.last_change(ACKNOWLEDGED_PATH).unwrap_or_default(),
    };
    Ok((id, Some(commit)))
}

fn check_commit(
    repo: &Repo,
    info: &CommitInfo,
    rules: &Rules,
    changed: Vec<crate::git::FileChange>,
    opts: Options,
    out: &mut Vec<Violation>,
) -> Result<()> {
    // A role as people spell it (`Human`, `QA`) is the role it names.
    let roles: Vec<String> = info
        .trailers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("Orx-Role"))
        .map(|(_, v)| crate::workflow::role::canonical(v.trim()))
        .collect();
    let role = roles.first().map(String::as_str);
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
    let others: Vec<Side> = info
        .parents
        .iter()
        .skip(1)
        .cloned()
        .map(Side::Commit)
        .collect();
    let verdicts = judge.judge_changes(&Side::Commit(info.id.clone()), &others, changed)?;
    out.extend(verdicts.violations);
    out.extend(mislabelled(info, &verdicts.changes, !others.is_empty()));
    // A merge is its author's own work only where it changed what no
    // branch had.
    if opts.hook || verdicts.touched == 0 || (!others.is_empty() && verdicts.changes.is_empty()) {
        return Ok(());
    }
    let violation = |rule: &str, message: Message| Violation {
        commit: Some(info.short.clone()),
        path: String::new(),
        item: None,
        transition: None,
        rule: rule.to_owned(),
        message,
    };
    if roles.iter().any(|r| Some(r.as_str()) != role) {
        out.push(violation(
            "conflicting-roles",
            crate::msg!("commit-claims-several-roles", roles = roles.join(", ")),
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
                crate::msg!(
                    "author-not-an-identity",
                    email = &info.author_email,
                    role = crate::workflow::role::arg(role)
                ),
            )),
            Some(i) if !i.roles.iter().any(|r| r == role) => out.push(violation(
                "identity",
                crate::msg!(
                    "author-not-that-role",
                    email = &info.author_email,
                    role = crate::workflow::role::arg(role),
                    roles = crate::workflow::role::list(&i.roles)
                ),
            )),
            Some(_) => {}
        }
    }
    if opts.require_signed {
        let want = identity.and_then(|i| i.key.as_deref());
        if let Some(message) = signature_problem(repo.signature(&info.id), &info.author_email, want)
        {
            out.push(violation("signature", message));
        }
    }
    Ok(())
}

/// Why a commit's signature does not show that the identity it claims
/// (its author, `email`) signed it, if it does not: the key must be the
/// identity's `key:`, or, without one, an SSH key that
/// `gpg.ssh.allowedSignersFile` gives to that e-mail.
fn signature_problem(sig: Signature, email: &str, want: Option<&str>) -> Option<Message> {
    use crate::msg;
    match sig {
        Signature::Unsigned => Some(msg!("commit-not-signed")),
        Signature::Bad(why) => Some(msg!("signature-does-not-verify", why = why)),
        Signature::Good { key, principal } => {
            let norm = |s: &str| {
                s.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
                    .to_ascii_uppercase()
            };
            let key_text = match key.as_deref() {
                Some(k) => Message::text(k),
                None => msg!("signature-unknown-key"),
            };
            match (want, principal) {
                (Some(want), _) => (!key
                    .as_deref()
                    .is_some_and(|k| norm(k).ends_with(&norm(want))))
                .then(|| {
                    msg!(
                        "signed-by-other-key",
                        key = key_text,
                        email = email,
                        want = want
                    )
                }),
                (None, Some(p)) => (!p.eq_ignore_ascii_case(email)).then(|| {
                    msg!(
                        "signed-by-other-principal",
                        principal = crate::text::escape(&p),
                        key = key_text,
                        email = email
                    )
                }),
                (None, None) => Some(msg!(
                    "signed-key-not-checkable",
                    key = key_text,
                    email = email
                )),
            }
        }
    }
}

/// The items a commit's `Orx-Item` trailers name that it does not change:
/// a commit git-orx did not make that carries git-orx's message (another
/// process's commit that took it). A rollback names the agent whose
/// checkpoint it returns to, and a merge the items its branches moved,
/// without changing them itself: neither is asked.
fn mislabelled(
    info: &crate::git::CommitInfo,
    changes: &[crate::history::enforce::Judged],
    merge: bool,
) -> Vec<Violation> {
    if merge || info.trailer("Orx-Rollback").is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut claimed: Option<&str> = None;
    let mut check = |item: &str, transition: Option<&str>| {
        let changed = changes
            .iter()
            .any(|j| item.split_once('/') == Some((j.kind.as_str(), j.id.as_str())));
        if changed {
            return;
        }
        let (kind, id) = item.split_once('/').unwrap_or(("item", item));
        out.push(Violation {
            commit: Some(info.short.clone()),
            path: String::new(),
            item: Some(ItemRef::new(kind, id)),
            transition: transition.map(str::to_owned),
            rule: "trailer-mismatch".to_owned(),
            message: crate::msg!(
                "trailers-name-unchanged-item",
                item = format!("{kind} {id}"),
                transition = match transition {
                    Some(t) => crate::msg!("trailer-transition", transition = t),
                    None => Message::text(""),
                }
            ),
        });
    };
    for (k, v) in &info.trailers {
        if k.eq_ignore_ascii_case("Orx-Item") {
            if let Some(item) = claimed.take() {
                check(item, None);
            }
            claimed = Some(v.as_str());
        } else if k.eq_ignore_ascii_case("Orx-Transition")
            && let Some(item) = claimed.take()
        {
            check(item, Some(v.as_str()));
        }
    }
    if let Some(item) = claimed {
        check(item, None);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good(key: &str, principal: Option<&str>) -> Signature {
        Signature::Good {
            key: Some(key.to_owned()),
            principal: principal.map(str::to_owned),
        }
    }

    #[test]
    fn a_signature_must_be_the_claimed_identitys() {
        let email = "human@example.com";
        // The identity's own key, by fingerprint or its tail.
        assert_eq!(
            signature_problem(good("SHA256:abcDEF", None), email, Some("abcdef")),
            None
        );
        let other = signature_problem(good("SHA256:xyz", None), email, Some("abcdef"))
            .unwrap()
            .to_string();
        assert!(
            other.contains("not by human@example.com's key abcdef"),
            "{other}"
        );
        // Without `key:`, the SSH principal must be the author.
        assert_eq!(
            signature_problem(good("SHA256:k", Some("Human@Example.com")), email, None),
            None
        );
        let dev = signature_problem(good("SHA256:k", Some("dev@example.com")), email, None)
            .unwrap()
            .to_string();
        assert!(dev.contains("signed by dev@example.com's key"), "{dev}");
        // No way to tell who signed (OpenPGP without `key:`): refused.
        let unknown = signature_problem(good("ABCDEF0123", None), email, None)
            .unwrap()
            .to_string();
        assert!(
            unknown.contains("cannot be checked against human@example.com"),
            "{unknown}"
        );
        assert!(signature_problem(Signature::Unsigned, email, None).is_some());
    }

    #[test]
    fn acknowledgements_need_an_id_a_reason_and_who() {
        let ok =
            parse_acknowledgements(b"- {commit: ABCDEF12, reason: reviewed, by: Ana}\n").unwrap();
        assert_eq!(ok[0].commit, "abcdef12");
        for (text, needle) in [
            ("- {commit: abc, reason: r, by: a}\n", "must be a commit id"),
            (
                "- {commit: abcdef1, reason: ' ', by: a}\n",
                "needs a `reason`",
            ),
            ("- {commit: abcdef1, reason: r}\n", "by"),
            (
                "- {commit: abcdef1, reason: r, by: a, extra: 1}\n",
                "unknown field",
            ),
        ] {
            let e = parse_acknowledgements(text.as_bytes())
                .unwrap_err()
                .to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
        assert_eq!(parse_acknowledgements(b"").unwrap(), Vec::new());
    }
}
