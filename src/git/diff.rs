//! What changed: the staged diff, a history's diffs, files that differ
//! from HEAD.

use super::*;

impl Repo {
    /// The files under `dirs` that differ from `from` to `to`, with renames
    /// detected. Only the entries under `dirs` are compared.
    /// What the index at `index` changes against `base`, from
    /// `git diff-index --cached` (git reads a large index and tree faster
    /// than libgit2, which also verifies their checksums; this is the hot
    /// path of the pre-commit hook).
    pub(super) fn index_changes(
        &self,
        base: &Side,
        index: &Option<PathBuf>,
        dirs: &[&str],
    ) -> Result<Vec<FileChange>, GitError> {
        const EMPTY_TREE: &str = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
        let base = match base {
            Side::Empty => EMPTY_TREE,
            Side::Commit(rev) => rev.as_str(),
            Side::Index(_) => {
                return Err(GitError::Lib(
                    "an index can only be the new side".to_owned(),
                ));
            }
        };
        let mut args = vec![
            "diff-index",
            "--cached",
            "--raw",
            "-z",
            "-M",
            "--no-abbrev",
            base,
            "--",
        ];
        args.extend_from_slice(dirs);
        let index = index.as_ref().map(|p| {
            if p.is_absolute() {
                p.clone()
            } else {
                std::env::current_dir().unwrap_or_default().join(p)
            }
        });
        let index_text = index.as_ref().map(|p| p.to_string_lossy().into_owned());
        let env: Vec<(&str, &str)> = index_text
            .iter()
            .map(|p| ("GIT_INDEX_FILE", p.as_str()))
            .collect();
        let out = self.run(&args, None, &env)?;
        let mut fields = out.split('\0');
        let mut changes = Vec::new();
        while let Some(field) = fields.next() {
            if let Some(header) = field.trim_start_matches('\n').strip_prefix(':') {
                changes.push(raw_change(header, &mut fields)?);
            }
        }
        Ok(changes)
    }

    pub fn changes(
        &self,
        from: &Side,
        to: &Side,
        dirs: &[&str],
    ) -> Result<Vec<FileChange>, GitError> {
        if let Side::Index(index) = to {
            return self.index_changes(from, index, dirs);
        }
        let mut opts = git2::DiffOptions::new();
        opts.include_typechange(true);
        for d in dirs {
            opts.pathspec(*d);
        }
        let old_tree = match from {
            Side::Empty => None,
            Side::Commit(rev) => Some(self.tree(rev)?),
            Side::Index(_) => {
                return Err(GitError::Lib(
                    "an index can only be the new side".to_owned(),
                ));
            }
        };
        let new_tree = match to {
            Side::Commit(rev) => Some(self.tree(rev)?),
            _ => None,
        };
        let mut diff = self
            .repo
            .diff_tree_to_tree(old_tree.as_ref(), new_tree.as_ref(), Some(&mut opts))
            .map_err(lib)?;
        let mut find = git2::DiffFindOptions::new();
        find.renames(true);
        diff.find_similar(Some(&mut find)).map_err(lib)?;
        let path = |f: &git2::DiffFile| f.path().map(|p| p.to_string_lossy().replace('\\', "/"));
        let blob = |f: &git2::DiffFile| (!f.id().is_zero() && f.exists()).then(|| BlobId(f.id()));
        Ok(diff
            .deltas()
            .map(|d| {
                let (old, new) = (d.old_file(), d.new_file());
                FileChange {
                    old_path: blob(&old).and(path(&old)),
                    new_path: blob(&new).and(path(&new)),
                    old: blob(&old),
                    new: blob(&new),
                }
            })
            .collect())
    }

    /// For each `(commit, first parent)`, what it changes under `dirs`
    /// against that parent (against nothing for a root commit), in one
    /// `git diff-tree --stdin` run: far faster over a long history than
    /// diffing large trees one commit at a time. Commits that change
    /// nothing there are absent from the map.
    pub fn commit_changes(
        &self,
        commits: &[(String, Option<String>)],
        dirs: &[&str],
    ) -> Result<std::collections::HashMap<String, Vec<FileChange>>, GitError> {
        self.start_commit_changes(commits, dirs)?.wait()
    }

    /// [`Repo::commit_changes`], started: git diffs while the caller
    /// works; [`Changes::wait`] gives the map.
    pub fn start_commit_changes(
        &self,
        commits: &[(String, Option<String>)],
        dirs: &[&str],
    ) -> Result<Changes, GitError> {
        let mut input = String::new();
        for (c, parent) in commits {
            input.push_str(c);
            if let Some(p) = parent {
                input.push(' ');
                input.push_str(p);
            }
            input.push('\n');
        }
        let mut args = vec![
            "diff-tree",
            "--stdin",
            "--root",
            "-r",
            "-M",
            "-z",
            "--raw",
            "--no-abbrev",
            "--",
        ];
        args.extend_from_slice(dirs);
        Ok(Changes(self.start(&args, input.into_bytes())?))
    }
    /// Files under `paths` whose index or work tree differs from HEAD, or
    /// that are untracked (not ignored): `git status --porcelain`.
    pub fn dirty(&self, paths: &[&str]) -> Result<Vec<String>, GitError> {
        let args = [
            &["status", "--porcelain", "-z", "--untracked-files=all", "--"],
            paths,
        ]
        .concat();
        let out = self.run(&args, None, &[])?;
        Ok(out
            .split('\0')
            .filter(|e| e.len() > 3)
            .map(|e| e[3..].to_owned())
            .collect())
    }
}

/// A `git diff-tree --stdin` run started by [`Repo::start_commit_changes`].
pub struct Changes(super::Running);

impl Changes {
    /// What each commit changes, once git is done.
    pub fn wait(self) -> Result<std::collections::HashMap<String, Vec<FileChange>>, GitError> {
        let out = self.0.wait()?;
        let out = String::from_utf8_lossy(&out);
        let mut map = std::collections::HashMap::new();
        let mut current: Option<String> = None;
        let mut fields = out.split('\0');
        while let Some(field) = fields.next() {
            let field = field.trim_start_matches('\n');
            if field.is_empty() {
                continue;
            }
            let Some(header) = field.strip_prefix(':') else {
                current = Some(field.to_owned());
                continue;
            };
            let change = raw_change(header, &mut fields)?;
            if let Some(c) = &current {
                map.entry(c.clone()).or_insert_with(Vec::new).push(change);
            }
        }
        Ok(map)
    }
}
