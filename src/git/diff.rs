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
        let mut stream = self.change_stream(dirs)?;
        stream.send(commits);
        stream.end_input();
        let map = stream.take(self, commits.len())?;
        stream.finish()?;
        Ok(map)
    }

    /// One `git diff-tree --stdin` for a long run of commits, fed in
    /// chunks: git diffs the commits sent while the caller works on those
    /// it took. One process for the whole run: each git start maps the
    /// packs anew, which costs more than the diffs of a thousand commits.
    ///
    /// git compares trees faster without a pathspec (a pathspec is matched
    /// against every entry of a large directory), so git diffs the whole
    /// tree without looking for renames, and the entries under `dirs` are
    /// kept. A commit that adds a file there and deletes another, maybe a
    /// rename, is diffed again with `-M` under `dirs` (rare: what a
    /// pathspec run would have given for it).
    pub fn change_stream(&self, dirs: &[&str]) -> Result<ChangeStream, GitError> {
        // One process for a long run: git's cache of delta bases (96 MiB
        // by default) would be most of its memory; a small one diffs as
        // fast here.
        let args = [
            "-c",
            "core.deltaBaseCacheLimit=16m",
            "diff-tree",
            "--stdin",
            "--root",
            "-r",
            "--no-renames",
            "-z",
            "--raw",
            "--no-abbrev",
            "--always",
        ];
        let mut cmd = Command::new("git");
        cmd.arg("-C").arg(&self.root).args(args);
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().map_err(|e| GitError::Spawn(e.to_string()))?;
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(GitError::Spawn("git diff-tree: no pipes".to_owned()));
        };
        let (send, input) = std::sync::mpsc::channel::<Vec<u8>>();
        let writer = std::thread::spawn(move || {
            for chunk in input {
                if stdin.write_all(&chunk).is_err() {
                    break;
                }
            }
        });
        let (give, output) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || {
            let out = std::io::BufReader::with_capacity(1 << 16, stdout);
            read_diff_tree(out, &mut |commit| give.send(commit).is_ok());
        });
        Ok(ChangeStream {
            input: Some(send),
            writer: Some(writer),
            output,
            reader: Some(reader),
            child: Some(child),
            dirs: dirs.iter().map(|d| (*d).to_owned()).collect(),
            parents: std::collections::HashMap::new(),
        })
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

/// A `git diff-tree --stdin` run started by [`Repo::change_stream`].
pub struct ChangeStream {
    input: Option<std::sync::mpsc::Sender<Vec<u8>>>,
    writer: Option<std::thread::JoinHandle<()>>,
    output: std::sync::mpsc::Receiver<Result<CommitChanges, GitError>>,
    reader: Option<std::thread::JoinHandle<()>>,
    child: Option<std::process::Child>,
    dirs: Vec<String>,
    /// The first parent of each commit sent, for a second look.
    parents: std::collections::HashMap<String, Option<String>>,
}

impl ChangeStream {
    /// Gives git `(commit, first parent)` pairs to diff, after those sent
    /// before.
    pub fn send(&mut self, commits: &[(String, Option<String>)]) {
        let mut input = String::new();
        for (c, parent) in commits {
            input.push_str(c);
            if let Some(p) = parent {
                input.push(' ');
                input.push_str(p);
            }
            input.push('\n');
            self.parents.insert(c.clone(), parent.clone());
        }
        if let Some(send) = &self.input {
            let _ = send.send(input.into_bytes());
        }
    }

    /// Says that nothing more will be sent: git diffs what it has and
    /// ends (the last commit sent is known to be whole only then).
    pub fn end_input(&mut self) {
        self.input.take();
    }

    /// What the next `n` commits sent change under the directories asked
    /// for (those that change nothing there are absent), once git has
    /// diffed them (and has looked again for renames where there may be
    /// one).
    pub fn take(
        &mut self,
        repo: &Repo,
        n: usize,
    ) -> Result<std::collections::HashMap<String, Vec<FileChange>>, GitError> {
        let under = |p: &Option<String>| {
            p.as_deref().is_some_and(|p| {
                self.dirs.iter().any(|d| {
                    d.is_empty()
                        || p.strip_prefix(d.as_str())
                            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
                })
            })
        };
        let mut map = std::collections::HashMap::new();
        for _ in 0..n {
            let Ok(got) = self.output.recv() else {
                // git stopped early: why, from git.
                return Err(self.stop().err().unwrap_or_else(|| {
                    GitError::Spawn("git diff-tree stopped before it was done".to_owned())
                }));
            };
            let (id, mut changes) = got?;
            changes.retain(|c| under(&c.old_path) || under(&c.new_path));
            if !changes.is_empty() {
                map.insert(id, changes);
            }
        }
        let again: Vec<&String> = map
            .iter()
            .filter(|(_, changes)| {
                changes.iter().any(|c| c.old.is_none()) && changes.iter().any(|c| c.new.is_none())
            })
            .map(|(id, _)| id)
            .collect();
        if again.is_empty() {
            return Ok(map);
        }
        let mut input = String::new();
        for id in again {
            input.push_str(id);
            if let Some(Some(p)) = self.parents.get(id) {
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
        args.extend(self.dirs.iter().map(String::as_str));
        let renamed = parse_diff_tree(&repo.run_bytes(&args, Some(input.as_bytes()), &[])?)?;
        for (id, changes) in renamed {
            map.insert(id, changes);
        }
        Ok(map)
    }

    /// Ends the run: git has nothing more to diff.
    pub fn finish(mut self) -> Result<(), GitError> {
        self.stop()
    }

    fn stop(&mut self) -> Result<(), GitError> {
        self.input.take();
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
        let Some(child) = self.child.take() else {
            return Ok(());
        };
        if let Some(r) = self.reader.take() {
            // Whatever git still writes is not wanted.
            while self.output.try_recv().is_ok() {}
            let _ = r.join();
        }
        let out = child
            .wait_with_output()
            .map_err(|e| GitError::Spawn(e.to_string()))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(GitError::Command {
                args: "diff-tree --stdin".to_owned(),
                message: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            })
        }
    }
}

impl Drop for ChangeStream {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
        }
        let _ = self.stop();
    }
}

/// `git diff-tree --stdin -z --raw` output: each commit's changes.
fn parse_diff_tree(
    out: &[u8],
) -> Result<std::collections::HashMap<String, Vec<FileChange>>, GitError> {
    let mut map = std::collections::HashMap::new();
    let mut failed = None;
    read_diff_tree(out, &mut |commit| match commit {
        Ok((id, changes)) => {
            if !changes.is_empty() {
                map.insert(id, changes);
            }
            true
        }
        Err(e) => {
            failed = Some(e);
            false
        }
    });
    failed.map_or(Ok(map), Err)
}

/// A commit and what it changes.
type CommitChanges = (String, Vec<FileChange>);

/// Reads `git diff-tree --stdin -z --raw` output as git writes it, giving
/// `each` every commit with its changes once they are all read (or the
/// error that stopped the reading); stops when `each` says so.
fn read_diff_tree(
    mut out: impl std::io::BufRead,
    each: &mut dyn FnMut(Result<CommitChanges, GitError>) -> bool,
) {
    let mut field = Vec::new();
    let mut next = |out: &mut dyn std::io::BufRead| -> Option<String> {
        field.clear();
        match out.read_until(b'\0', &mut field) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                if field.last() == Some(&b'\0') {
                    field.pop();
                }
                Some(
                    String::from_utf8_lossy(&field)
                        .trim_start_matches('\n')
                        .to_owned(),
                )
            }
        }
    };
    let mut current: Option<(String, Vec<FileChange>)> = None;
    while let Some(f) = next(&mut out) {
        if f.is_empty() {
            continue;
        }
        let Some(header) = f.strip_prefix(':') else {
            if let Some(done) = current.take()
                && !each(Ok(done))
            {
                return;
            }
            current = Some((f, Vec::new()));
            continue;
        };
        let mut paths = vec![next(&mut out).unwrap_or_default()];
        if header
            .rsplit(' ')
            .next()
            .is_some_and(|s| s.starts_with(['R', 'C']))
        {
            paths.push(next(&mut out).unwrap_or_default());
        }
        match raw_change(header, &mut paths.iter().map(String::as_str)) {
            Ok(change) => {
                if let Some((_, changes)) = &mut current {
                    changes.push(change);
                }
            }
            Err(e) => {
                each(Err(e));
                return;
            }
        }
    }
    if let Some(done) = current.take() {
        each(Ok(done));
    }
}
