//! `git orx check`: every problem in item files, the config and workflow
//! overrides — syntax, schema, states, duplicate IDs, and uncommitted
//! changes that the workflow would refuse (compared with HEAD, judged
//! by the one verdict the hook gives).

use std::collections::HashMap;
use std::path::Path;

use crate::board::report::summarize;
use crate::board::summary::Problem;
use crate::engine::item::Item;
use crate::engine::validate::{Change, Refusal};
use crate::engine::verdict::{self, Actions, Ground};
use crate::error::{Error, Result};
use crate::git::Side;
use crate::repo::workspace::{self, Workspace};
use crate::text::message::Message;
use crate::workflow::Workflow;

#[derive(Debug, Default)]
pub struct CheckReport {
    pub files: usize,
    pub problems: Vec<Problem>,
}

/// Checks `paths` (files or directories, relative to `cwd`), or everything
/// when empty. Changes against HEAD are judged for `role`, or, without one,
/// accepted if any role could make them.
pub fn check(
    ws: &Workspace,
    cwd: &Path,
    paths: &[String],
    role: Option<&str>,
) -> Result<CheckReport> {
    let mut report = CheckReport::default();
    let files = if paths.is_empty() {
        report.files += check_rule_files(ws, &mut report.problems)?;
        let mut files = Vec::new();
        for kind in ws.registry().iter() {
            let (found, odd) = ws.item_listing(kind)?;
            files.extend(found);
            report.files += odd.len();
            report
                .problems
                .extend(odd.into_iter().map(crate::board::report::odd_name));
        }
        // A directory that cannot be read hides its files: say so.
        for dir in ws.item_dirs() {
            let dir = dir.as_str();
            if let Err(e) = std::fs::read_dir(ws.root().join(dir))
                && e.kind() != std::io::ErrorKind::NotFound
            {
                report.problems.push(Problem {
                    path: dir.to_owned(),
                    line: None,
                    column: None,
                    message: crate::engine::item::io_message(&e),
                });
            }
        }
        report.problems.extend(leftovers(ws, &files));
        files
    } else {
        resolve(ws, cwd, paths)?
    };
    let mut ids: HashMap<String, String> = HashMap::new();
    let work_tree = WorkTree::new();
    for rel in files {
        report.files += 1;
        let item = match Item::read(ws.registry(), ws.root(), &rel) {
            Ok(item) => item,
            Err(e) => {
                report.problems.push(e.into());
                continue;
            }
        };
        let wf = match item.kind.workflow().map_err(crate::Error::from) {
            Ok(wf) => wf,
            Err(e) => {
                let pos = item.pos("kind");
                report.problems.push(Problem {
                    path: rel,
                    line: pos.map(|p| p.0),
                    column: pos.map(|p| p.1),
                    message: e.to_message(),
                });
                continue;
            }
        };
        if let Err(p) = summarize(&wf, &item, ws.lang(), false) {
            report.problems.push(p);
            continue;
        }
        if let Some(message) = ws.misplaced(&rel, &item) {
            let pos = item.pos("id");
            report.problems.push(Problem {
                path: rel.clone(),
                line: pos.map(|p| p.0),
                column: pos.map(|p| p.1),
                message,
            });
        }
        if let Some(first) = ids.insert(format!("{}/{}", item.kind, item.id), rel.clone()) {
            let pos = item.pos("id");
            report.problems.push(Problem {
                path: rel.clone(),
                line: pos.map(|p| p.0),
                column: pos.map(|p| p.1),
                message: crate::msg!("duplicate-id-also", id = &item.id, first),
            });
        }
        if let Some(refusal) = against_head(ws, &wf, &item, role, &work_tree)? {
            report.problems.push(Problem {
                path: rel,
                line: None,
                column: None,
                message: crate::msg!("uncommitted-change-refused", refusal = refusal.message()),
            });
        }
    }
    Ok(report)
}

/// Temporary files an interrupted git-orx write left where git-orx writes:
/// the story directory, `.orx/` and beside each item in `files`.
fn leftovers(ws: &Workspace, files: &[String]) -> Vec<Problem> {
    let mut dirs: Vec<String> = vec![
        ws.stories_dir().to_owned(),
        ".orx".to_owned(),
        crate::repo::rules::WORKFLOWS_DIR.to_owned(),
        crate::repo::rules::TEMPLATES_DIR.to_owned(),
    ];
    dirs.extend(
        files
            .iter()
            .filter_map(|f| f.rsplit_once('/').map(|(d, _)| d.to_owned())),
    );
    dirs.sort();
    dirs.dedup();
    dirs.iter()
        .flat_map(|d| crate::engine::store::leftovers(&ws.root().join(d)))
        .map(|p| Problem {
            path: p
                .strip_prefix(ws.root())
                .unwrap_or(&p)
                .to_string_lossy()
                .into_owned(),
            line: None,
            column: None,
            message: crate::msg!("temporary-file-left-by-write"),
        })
        .collect()
}

/// The work tree's config and workflow overrides, as they would be in force
/// once committed. Returns how many files were checked.
fn check_rule_files(ws: &Workspace, problems: &mut Vec<Problem>) -> Result<usize> {
    let files = crate::repo::workspace::worktree_rule_files(ws.root())?;
    let n = files.len();
    let overrides: Vec<String> = files
        .keys()
        .filter(|p| p.starts_with(crate::repo::rules::WORKFLOWS_DIR))
        .cloned()
        .collect();
    match crate::repo::rules::Rules::from_files(files) {
        Err(Error::Config(c)) => problems.push(Problem {
            path: crate::repo::config::CONFIG_PATH.to_owned(),
            line: c.pos.map(|p| p.0),
            column: c.pos.map(|p| p.1),
            message: c.message,
        }),
        Err(e) => problems.push(workflow_problem(crate::repo::config::CONFIG_PATH, e)),
        Ok(None) => {}
        Ok(Some(rules)) => {
            for f in &overrides {
                let kind = f
                    .trim_start_matches(".orx/workflows/")
                    .trim_end_matches(".yaml");
                if let Err(e) = rules.kind(kind).and_then(|k| Ok(k.workflow()?)) {
                    problems.push(workflow_problem(f, e));
                }
            }
        }
    }
    Ok(n)
}

/// `m` with its first line (the first of lines, or a list's lead-in)
/// made `at` of it.
fn after_first_line(m: Message, at: &dyn Fn(crate::text::message::Arg) -> Message) -> Message {
    use crate::text::message::Arg;
    if !matches!(m.id(), "two-lines" | "three-lines" | "text-bullet") {
        return at(Arg::Message(m));
    }
    m.args()
        .iter()
        .fold(Message::new(m.id()), |out, (name, a)| match a {
            Arg::Message(first) if *name == "first" => {
                out.arg(name, after_first_line(first.clone(), at))
            }
            Arg::Text(_) if *name == "first" => out.arg(name, at(a.clone())),
            _ => out.arg(name, a.clone()),
        })
}

fn workflow_problem(path: &str, e: Error) -> Problem {
    match e {
        Error::Workflow(w) if w.origin == path => Problem {
            path: path.to_owned(),
            line: w.pos.map(|p| p.0),
            column: w.pos.map(|p| p.1),
            message: w.message,
        },
        // An error in a built-in section the file keeps: the position is
        // the built-in's, said in the message.
        Error::Workflow(w) => Problem {
            path: path.to_owned(),
            line: None,
            column: None,
            message: {
                let at = |text: crate::text::message::Arg| {
                    crate::msg!(
                        "text-in-builtin-section",
                        text,
                        origin = &w.origin,
                        line = w.pos.map_or(0, |p| p.0)
                    )
                };
                // Where the message is, after its first line.
                after_first_line(w.message, &at)
            },
        },
        other => Problem {
            path: path.to_owned(),
            line: None,
            column: None,
            message: other.to_message(),
        },
    }
}

/// Paths given on the command line, as repository-relative files: a file
/// as it is named (a symbolic link is checked as one, and refused), a
/// directory as the story files in or below it.
fn resolve(ws: &Workspace, cwd: &Path, paths: &[String]) -> Result<Vec<String>> {
    let root = ws.root();
    let stories = ws.story_files()?;
    let mut out = Vec::new();
    for p in paths {
        let given = cwd.join(p);
        let missing = || Error::Usage(crate::msg!("path-no-such-file-directory", path = p));
        given.symlink_metadata().map_err(|_| missing())?;
        // Resolve the directories on the way, not a final symbolic link.
        let abs = match (given.parent(), given.file_name()) {
            (Some(dir), Some(name)) if name != ".." => {
                dir.canonicalize().map_err(|_| missing())?.join(name)
            }
            _ => given.canonicalize().map_err(|_| missing())?,
        };
        let abs = if abs.ends_with(".") {
            abs.canonicalize().map_err(|_| missing())?
        } else {
            abs
        };
        let rel = abs
            .strip_prefix(root)
            .map_err(|_| Error::Usage(crate::msg!("path-outside-repository", path = p)))?
            .to_string_lossy()
            .replace('\\', "/");
        let is_dir = abs.symlink_metadata().is_ok_and(|m| m.is_dir());
        if !is_dir {
            out.push(rel);
            continue;
        }
        let inside: Vec<String> = stories
            .iter()
            .filter(|s| rel.is_empty() || s.starts_with(&format!("{rel}/")))
            .cloned()
            .collect();
        if inside.is_empty() {
            return Err(Error::Usage(crate::msg!(
                "path-holds-no-story-files",
                path = p,
                dir = ws.stories_dir()
            )));
        }
        out.extend(inside);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// The work tree as a tree object, saved the first time an uncommitted
/// change is judged: what a commit of every uncommitted change would hold.
type WorkTree = std::cell::OnceCell<String>;

/// The refusal of the change from HEAD's version of the item, if refused.
fn against_head(
    ws: &Workspace,
    wf: &Workflow,
    item: &Item,
    role: Option<&str>,
    work_tree: &WorkTree,
) -> Result<Option<Refusal>> {
    let Some(head) = ws.repo.head_file(&item.path)? else {
        return Ok(None);
    };
    if head == item.doc.text().as_bytes() {
        return Ok(None);
    }
    let Ok(before) = Item::from_bytes(ws.registry(), &item.path, head) else {
        return Ok(None);
    };
    let tree = match work_tree.get() {
        Some(t) => t.clone(),
        None => {
            let saved = ws.repo.snapshot()?.tree;
            work_tree.get_or_init(|| saved).clone()
        }
    };
    Ok(judge(ws, wf, &before, item, role, &ws.roles.names(), &tree)?.err())
}

/// Judges the change from `before` (HEAD's version) to `item` (the work
/// tree's) with the one verdict, as the hook judges it in a commit of
/// every uncommitted change on HEAD: the items a move waits for read in
/// `tree` (the work tree saved as a tree), its evidence in HEAD's
/// history, its actions shown in the change, its measures taken again in
/// the body. For `role`, or, without one, for whichever role could make
/// it: what does not depend on the role is judged either way.
fn judge(
    ws: &Workspace,
    wf: &Workflow,
    before: &Item,
    item: &Item,
    role: Option<&str>,
    roles: &[&str],
    tree: &str,
) -> Result<std::result::Result<(), Refusal>> {
    let now = workspace::now();
    let (bv, av) = (before.value(), item.value());
    let head = ws.repo.commit_id("HEAD");
    let ground = Ground {
        repo: &ws.repo,
        kinds: ws.registry(),
        tree: Side::Commit(tree.to_owned()),
        base: head,
        actions: Actions::Shown { past: false },
        evidence: crate::engine::verdict::EvidenceBy::Shown,
    };
    let as_role = |role: &str| -> Result<std::result::Result<(), Refusal>> {
        let change = Change {
            before: Some(&bv),
            after: Some(&av),
            role,
            force: None,
            self_transition: false,
            now: &now,
        };
        let body = Some(item.doc.body());
        Ok(verdict::judge(wf, &change, &item.kind, &item.path, &ground, body)?.map(|_| ()))
    };
    if let Some(r) = role {
        return as_role(r);
    }
    let mut first = None;
    for r in roles {
        match as_role(r)? {
            Ok(()) => return Ok(Ok(())),
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    // Prefer the refusal addressed to the role responsible for the change.
    let responsible = wf
        .transition(&before.status, &item.status)
        .and_then(|t| t.roles.first().cloned())
        .or_else(|| wf.state(&before.status).and_then(|s| s.owner.clone()));
    match responsible {
        Some(r) => as_role(&r),
        None => Ok(first.map_or(Ok(()), Err)),
    }
}
