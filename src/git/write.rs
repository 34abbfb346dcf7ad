//! Writing without the user's index or hooks: temporary indexes, trees,
//! commit-tree, refs with their old value, switching the work tree.

use super::*;

impl Repo {
    /// A temporary index file in the git directory (removed when dropped).
    pub(super) fn temp_index(&self) -> Result<tempfile::NamedTempFile, GitError> {
        tempfile::Builder::new()
            .prefix("orx-index-")
            .tempfile_in(self.git_dir())
            .map_err(|e| GitError::io(self.git_dir(), e))
    }

    /// The work tree saved as a tree object: HEAD with every tracked change
    /// and every untracked file that is not ignored, written through a
    /// temporary index that starts as a copy of the user's (so only changed
    /// files are hashed); and the index as it is (what is staged), when it
    /// has no conflicts. The user's index, work tree and branch are not
    /// touched. Nested repositories that are not submodules, wherever they
    /// are, are left out. Files the tree would not hold as they are (see
    /// [`Snapshot::unkept`]) are listed.
    pub fn snapshot(&self) -> Result<Snapshot, GitError> {
        let tmp = self.temp_index()?;
        let index = tmp.path().to_string_lossy().into_owned();
        let env = [("GIT_INDEX_FILE", index.as_str())];
        let real = self.git_dir().join("index");
        let staged = if real.exists() {
            std::fs::copy(&real, tmp.path()).map_err(|e| GitError::io(&real, e))?;
            self.run(&["write-tree"], None, &env)
                .ok()
                .map(|t| t.trim().to_owned())
        } else {
            if self.has_head() {
                self.run(&["read-tree", "HEAD"], None, &env)?;
            } else {
                // An empty file is not an index; git makes one where there is none.
                let _ = std::fs::remove_file(tmp.path());
            }
            None
        };
        // What `git add` hashes again: tracked files whose stat data differ
        // from the index, and untracked files. A nested repository is
        // listed as its directory (`lib/nested/`), at any depth.
        let stale = self.run(&["diff-files", "-z", "--name-only"], None, &env)?;
        let untracked = self.run(
            &["ls-files", "-z", "--others", "--exclude-standard"],
            None,
            &env,
        )?;
        let untracked: Vec<&str> = untracked.split('\0').filter(|e| !e.is_empty()).collect();
        let mut args: Vec<String> = ["add", "-A", "--", "."].map(str::to_owned).to_vec();
        args.extend(
            untracked
                .iter()
                .filter(|e| e.ends_with('/'))
                .map(|d| format!(":(exclude,literal){}", d.trim_end_matches('/'))),
        );
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        self.run(&args, None, &env)?;
        let tree = self.run(&["write-tree"], None, &env)?;
        let hashed: Vec<&str> = stale
            .split('\0')
            .chain(untracked.iter().copied())
            .filter(|p| !p.is_empty() && !p.ends_with('/'))
            .filter(|p| {
                self.root
                    .join(p)
                    .symlink_metadata()
                    .is_ok_and(|m| m.is_file())
            })
            .collect();
        let (unkept, changing) = self.unkept_or_changing(&hashed)?;
        Ok(Snapshot {
            tree: tree.trim().to_owned(),
            staged,
            unkept,
            changing,
            index: Some(tmp),
        })
    }

    /// What is staged, as a tree: the index's, when there is one without
    /// conflicts; written from a copy, so the index is neither locked nor
    /// changed.
    pub fn staged_tree(&self) -> Result<Option<String>, GitError> {
        let real = self.git_dir().join("index");
        if !real.exists() {
            return Ok(None);
        }
        let tmp = self.temp_index()?;
        std::fs::copy(&real, tmp.path()).map_err(|e| GitError::io(&real, e))?;
        let index = tmp.path().to_string_lossy().into_owned();
        Ok(self
            .run(&["write-tree"], None, &[("GIT_INDEX_FILE", index.as_str())])
            .ok()
            .map(|t| t.trim().to_owned()))
    }

    /// Of the files `paths`, those whose bytes a filter (a clean filter,
    /// CRLF conversion, `ident`, an encoding) changes in a way checking
    /// them out again does not undo: what git stores is not the file.
    pub fn unkept(&self, paths: &[&str]) -> Result<Vec<String>, GitError> {
        Ok(self.unkept_or_changing(paths)?.0)
    }

    /// [`Repo::unkept`], and apart from them the files that changed while
    /// they were read (no filter changes the bytes they hold now).
    fn unkept_or_changing(&self, paths: &[&str]) -> Result<(Vec<String>, Vec<String>), GitError> {
        // `--stdin-paths` reads lines: a path with a newline is not asked about.
        let paths: Vec<&str> = paths
            .iter()
            .copied()
            .filter(|p| !p.contains('\n'))
            .collect();
        if paths.is_empty() {
            return Ok(Default::default());
        }
        let list: String = paths.iter().map(|p| format!("{p}\n")).collect();
        let stored = self.run(&["hash-object", "--stdin-paths"], Some(&list), &[])?;
        let raw = self.run(
            &["hash-object", "--no-filters", "--stdin-paths"],
            Some(&list),
            &[],
        )?;
        let mut out = Vec::new();
        let mut changing = Vec::new();
        for ((path, stored), raw) in paths.iter().zip(stored.lines()).zip(raw.lines()) {
            if stored == raw {
                continue;
            }
            // The two hashes may differ because the file changed between
            // them: its bytes as they are now, hashed with and without
            // the filters, tell a filter from a writer.
            if let Ok(bytes) = std::fs::read(self.root.join(path)) {
                let plain = git2::Oid::hash_object(git2::ObjectType::Blob, &bytes)
                    .map(|o| o.to_string())
                    .unwrap_or_default();
                let filtered = self
                    .run_bytes(
                        &["hash-object", &format!("--path={path}"), "--stdin"],
                        Some(&bytes),
                        &[],
                    )
                    .map(|o| String::from_utf8_lossy(&o).trim().to_owned())
                    .unwrap_or_default();
                if filtered == plain {
                    changing.push((*path).to_owned());
                    continue;
                }
            }
            // Converted: is the file what checking the stored blob out gives?
            let back = self.run_bytes(
                &["cat-file", "--filters", &format!("--path={path}"), stored],
                None,
                &[],
            );
            let file = std::fs::read(self.root.join(path));
            if !matches!((back, file), (Ok(b), Ok(f)) if b == f) {
                out.push((*path).to_owned());
            }
        }
        Ok((out, changing))
    }

    /// Files git is told not to look at (`update-index --assume-unchanged`,
    /// `--skip-worktree`), with which: their changes are not seen.
    pub fn hidden_files(&self) -> Result<Vec<(String, &'static str)>, GitError> {
        let out = self.run(&["ls-files", "-v", "-z"], None, &[])?;
        Ok(out
            .split('\0')
            .filter_map(|e| {
                let (tag, path) = e.split_once(' ')?;
                let how = match tag {
                    "S" | "s" => "skip-worktree",
                    t if t.chars().all(|c| c.is_ascii_lowercase()) => "assume-unchanged",
                    _ => return None,
                };
                Some((path.to_owned(), how))
            })
            .collect())
    }

    /// `tree` with the entries under `keep` taken from commit `from`
    /// instead (added, replaced or removed), through a temporary index.
    pub fn tree_with(&self, tree: &str, from: &str, keep: &[&str]) -> Result<String, GitError> {
        let tmp = self.temp_index()?;
        let index = tmp.path().to_string_lossy().into_owned();
        let env = [("GIT_INDEX_FILE", index.as_str())];
        self.run(&["read-tree", tree], None, &env)?;
        let rm = [
            &["rm", "-r", "--cached", "-f", "-q", "--ignore-unmatch", "--"],
            keep,
        ]
        .concat();
        self.run(&rm, None, &env)?;
        let listing = self.run(
            &[&["ls-tree", "-r", "-z", from, "--"], keep].concat(),
            None,
            &[],
        )?;
        if !listing.is_empty() {
            self.run(
                &["update-index", "-z", "--index-info"],
                Some(&listing),
                &env,
            )?;
        }
        let tree = self.run(&["write-tree"], None, &env)?;
        Ok(tree.trim().to_owned())
    }

    /// A commit of `tree` with `parents` and `message`, made with plumbing:
    /// no hooks run and no ref moves. Returns its id. A commit meant for a
    /// branch (`for_branch`) is signed when `commit.gpgsign` says so, with
    /// `user.signingkey` and `gpg.format`, as `git commit` signs.
    pub fn commit_tree(
        &self,
        tree: &str,
        parents: &[&str],
        message: &str,
        for_branch: bool,
    ) -> Result<String, GitError> {
        let mut args = vec!["commit-tree", tree];
        for p in parents {
            args.extend(["-p", p]);
        }
        let sign = for_branch
            && self
                .run(
                    &["config", "--type=bool", "--get", "commit.gpgsign"],
                    None,
                    &[],
                )
                .is_ok_and(|v| v.trim() == "true");
        if sign {
            args.push("-S");
        }
        args.extend(["-F", "-"]);
        Ok(self.run(&args, Some(message), &[])?.trim().to_owned())
    }

    /// Points ref `name` at `id` with a reflog entry `reason`, only if it
    /// still points at `old` (`None`: only if it does not exist yet).
    pub fn set_ref(
        &self,
        name: &str,
        id: &str,
        old: Option<&str>,
        reason: &str,
    ) -> Result<(), GitError> {
        const ABSENT: &str = "0000000000000000000000000000000000000000";
        let old = old.unwrap_or(ABSENT);
        self.run(
            &["update-ref", "--create-reflog", "-m", reason, name, id, old],
            None,
            &[],
        )
        .map(|_| ())
    }

    /// Deletes ref `name` (and its reflog) if it still points at `old`.
    pub fn delete_ref(&self, name: &str, old: &str) -> Result<(), GitError> {
        self.run(&["update-ref", "-d", name, old], None, &[])
            .map(|_| ())
    }

    /// The refs under `prefix` (`refs/orx/checkpoints/`), as (name, commit).
    pub fn refs_under(&self, prefix: &str) -> Result<Vec<(String, String)>, GitError> {
        let mut out = Vec::new();
        for r in self
            .repo
            .references_glob(&format!("{prefix}*"))
            .map_err(lib)?
        {
            let r = r.map_err(lib)?;
            if let (Ok(name), Some(target)) = (r.name(), r.target()) {
                out.push((name.to_owned(), target.to_string()));
            }
        }
        out.sort();
        Ok(out)
    }

    /// Takes the index's lock (`index.lock`, as git does), so that no git
    /// process writes the index until it is released (dropped) or
    /// [`Repo::install_index`] puts a new index in place.
    pub fn lock_index(&self) -> Result<IndexLock, GitError> {
        self.lock_index_marked(&new_marker())
    }

    /// [`Repo::lock_index`] with `marker` in the lock file, which appears
    /// with it whole (written aside, then linked into place): a lock file
    /// without git-orx's marker is never one git-orx left.
    pub(super) fn lock_index_marked(&self, marker: &str) -> Result<IndexLock, GitError> {
        let path = self.git_dir().join("index.lock");
        let io = |e: std::io::Error| GitError::io(&path, e);
        let aside = self
            .git_dir()
            .join(format!("index.lock.orx-{}", std::process::id()));
        std::fs::write(&aside, marker).map_err(io)?;
        let linked = std::fs::hard_link(&aside, &path);
        let _ = std::fs::remove_file(&aside);
        match linked {
            Ok(()) => Ok(IndexLock {
                path: Some(path.clone()),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                Err(GitError::IndexLocked(path.display().to_string()))
            }
            Err(e) => Err(io(e)),
        }
    }

    /// Makes the work tree go from `snapshot`'s tree to tree `to`, as
    /// `git read-tree -m -u` does from the snapshot's own index: files
    /// that differ are written, files only the snapshot has are removed
    /// (and directories left empty). git checks every file it would
    /// write or remove before it writes any: if one changed since the
    /// snapshot, or an untracked file is in the way, nothing is written
    /// and [`Switch::Changed`] names it. The user's index is not touched;
    /// the snapshot's index becomes `to` (see [`Repo::install_index`]).
    pub fn switch_tree(&self, snapshot: &Snapshot, to: &str) -> Result<(), Switch> {
        let Some(index) = &snapshot.index else {
            return Err(Switch::Failed(GitError::Unexpected(crate::msg!(
                "git-snapshot-index-gone"
            ))));
        };
        let index = index.path().to_string_lossy().into_owned();
        let env = [("GIT_INDEX_FILE", index.as_str()), ("LC_ALL", "C")];
        match self.run(&["read-tree", "-m", "-u", &snapshot.tree, to], None, &env) {
            Ok(_) => Ok(()),
            Err(GitError::Command { message, args }) => match changed_in_the_way(&message) {
                Some(path) => Err(Switch::Changed(path)),
                None => Err(Switch::Failed(GitError::Command { args, message })),
            },
            Err(e) => Err(Switch::Failed(e)),
        }
    }

    /// Puts every file of the work tree back from tree `from` to tree
    /// `to`, whatever it holds now (after a [`Repo::switch_tree`] that
    /// failed part way): files `to` has are written, files only `from`
    /// has are removed. The user's index is not touched.
    pub fn restore_tree(&self, from: &str, to: &str) -> Result<(), GitError> {
        let tmp = self.temp_index()?;
        let index = tmp.path().to_string_lossy().into_owned();
        let env = [("GIT_INDEX_FILE", index.as_str())];
        self.run(&["read-tree", from], None, &env)?;
        self.run(&["read-tree", "--reset", "-u", from, to], None, &env)
            .map(|_| ())
    }

    /// Makes the snapshot's index (after [`Repo::switch_tree`]) the
    /// user's, under the lock taken with [`Repo::lock_index`]: written in
    /// place of the lock, then renamed over the index, as git does.
    pub fn install_index(&self, lock: IndexLock, snapshot: &mut Snapshot) -> Result<(), GitError> {
        let index = snapshot
            .index
            .take()
            .ok_or_else(|| GitError::Unexpected(crate::msg!("git-snapshot-index-gone")))?;
        self.install_index_file(lock, index, &self.git_dir().join("index"))
    }

    /// Puts `file` in place of the index `index`, under `lock`, which
    /// then goes: renamed over the index, so a reader sees the old index
    /// or the new one; a kill before the lock goes leaves a lock that
    /// holds git-orx's marker, which its next command removes.
    pub(super) fn install_index_file(
        &self,
        lock: IndexLock,
        file: tempfile::NamedTempFile,
        index: &Path,
    ) -> Result<(), GitError> {
        let io = |e: std::io::Error| GitError::io(index, e);
        // As readable as the index it replaces (a temporary file is private).
        if let Ok(m) = std::fs::metadata(index) {
            let _ = std::fs::set_permissions(file.path(), m.permissions());
        }
        file.persist(index).map_err(|e| io(e.error))?;
        drop(lock);
        Ok(())
    }
}

impl Repo {
    /// A commit holding only `bytes` at `rel`, with no parent, made with
    /// plumbing (no hooks, no ref moves): a backup of one file, kept by
    /// the ref the caller points at it. Returns its id.
    pub fn file_commit(&self, rel: &str, bytes: &[u8], message: &str) -> Result<String, GitError> {
        let blob = self.repo.blob(bytes).map_err(lib)?;
        // The tree from the file up: each folder holds the one below.
        let mut parts: Vec<&str> = rel.split('/').collect();
        let name = parts.pop().unwrap_or(rel);
        let mut tb = self.repo.treebuilder(None).map_err(lib)?;
        tb.insert(name, blob, 0o100644).map_err(lib)?;
        let mut tree = tb.write().map_err(lib)?;
        while let Some(dir) = parts.pop() {
            let mut tb = self.repo.treebuilder(None).map_err(lib)?;
            tb.insert(dir, tree, 0o040000).map_err(lib)?;
            tree = tb.write().map_err(lib)?;
        }
        self.commit_tree(&tree.to_string(), &[], message, false)
    }

    /// The refs under `prefix` with their commit's time (seconds) and
    /// message, oldest first.
    pub fn dated_refs_under(
        &self,
        prefix: &str,
    ) -> Result<Vec<(String, String, i64, String)>, GitError> {
        let mut out = Vec::new();
        for (name, id) in self.refs_under(prefix)? {
            let oid = git2::Oid::from_str(&id).map_err(lib)?;
            let Ok(c) = self.repo.find_commit(oid) else {
                continue;
            };
            out.push((
                name,
                id,
                c.time().seconds(),
                c.message().ok().unwrap_or("").to_owned(),
            ));
        }
        out.sort_by(|a, b| a.2.cmp(&b.2).then_with(|| a.0.cmp(&b.0)));
        Ok(out)
    }
}

/// What git-orx writes in an index lock it takes: `git-orx PID NONCE`.
pub(super) fn new_marker() -> String {
    let nonce = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos();
    format!("git-orx {} {nonce}", std::process::id())
}
