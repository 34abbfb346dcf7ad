//! The branches and worktrees of a repository, read from git's refs and
//! its worktree list: what a view across branches starts from.

use std::path::PathBuf;

use super::{GitError, Repo, lib};

/// A branch: its short name, the commit at its tip, whether it is a
/// remote-tracking branch, and the worktree that has it checked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub name: String,
    pub tip: String,
    pub remote: bool,
    pub worktree: Option<PathBuf>,
}

impl Repo {
    /// The local branches (and the remote-tracking ones with `remote`),
    /// by name, each with the worktree (this one or a linked one) that has
    /// it checked out. A worktree on a detached HEAD is listed as
    /// `(detached at SHORT)`.
    pub fn branches(&self, remote: bool) -> Result<Vec<Branch>, GitError> {
        let mut out = Vec::new();
        let kinds: &[git2::BranchType] = if remote {
            &[git2::BranchType::Local, git2::BranchType::Remote]
        } else {
            &[git2::BranchType::Local]
        };
        for kind in kinds {
            for b in self.repo.branches(Some(*kind)).map_err(lib)? {
                let (b, t) = b.map_err(lib)?;
                let Some(name) = b.name().map_err(lib)?.map(str::to_owned) else {
                    continue;
                };
                if name.ends_with("/HEAD") {
                    continue;
                }
                let Some(tip) = b.get().peel_to_commit().ok().map(|c| c.id().to_string()) else {
                    continue;
                };
                out.push(Branch {
                    name,
                    tip,
                    remote: t == git2::BranchType::Remote,
                    worktree: None,
                });
            }
        }
        // Which worktree has which branch (or a detached HEAD).
        let mut trees: Vec<(PathBuf, git2::Repository)> = Vec::new();
        if let Ok(main) =
            git2::Repository::open(self.common_dir.parent().unwrap_or(&self.common_dir))
            && let Some(w) = main.workdir()
        {
            let w = w.to_path_buf();
            trees.push((w, main));
        }
        if let Ok(names) = self.repo.worktrees() {
            for name in names.iter().flatten().flatten() {
                if let Ok(wt) = self.repo.find_worktree(name)
                    && let Ok(r) = git2::Repository::open_from_worktree(&wt)
                {
                    trees.push((wt.path().to_path_buf(), r));
                }
            }
        }
        for (path, r) in trees {
            let Ok(head) = r.head() else { continue };
            let Some(tip) = head.peel_to_commit().ok().map(|c| c.id().to_string()) else {
                continue;
            };
            let path = path.canonicalize().unwrap_or(path);
            match head.shorthand().ok().filter(|_| head.is_branch()) {
                Some(name) => {
                    if let Some(b) = out.iter_mut().find(|b| !b.remote && b.name == name) {
                        b.worktree = Some(path);
                    }
                }
                None => out.push(Branch {
                    name: format!("(detached at {})", &tip[..tip.len().min(7)]),
                    tip,
                    remote: false,
                    worktree: Some(path),
                }),
            }
        }
        Ok(out)
    }
}
