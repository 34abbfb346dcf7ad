//! What changed: the staged diff, a history's diffs, files that differ
//! from HEAD.

use super::*;

/// The arguments (before the base, `--` and the pathspecs) of the
/// `git diff-index` that says what an index stages against a commit:
/// [`Repo::changes`] runs it, and a hook's shell may run the very same
/// command and hand its output over ([`index_diff_changes`]).
pub const INDEX_DIFF: [&str; 6] = ["diff-index", "--cached", "--raw", "-z", "-M", "--no-abbrev"];

/// The changes in the output of `git` [`INDEX_DIFF`] `BASE -- PATHS`.
pub fn index_diff_changes(out: &[u8]) -> Result<Vec<FileChange>, GitError> {
    let mut raw = RawReader::new(out);
    let mut changes = Vec::new();
    while let Some(next) = raw.next() {
        if let Raw::Change(change) = next {
            changes.push(change?);
        }
    }
    Ok(changes)
}

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
                return Err(GitError::Unexpected(crate::msg!("git-index-only-new-side")));
            }
        };
        let mut args = INDEX_DIFF.to_vec();
        args.extend([base, "--"]);
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
        let out = self.run_bytes(&args, None, &env)?;
        index_diff_changes(&out)
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
                return Err(GitError::Unexpected(crate::msg!("git-index-only-new-side")));
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

    /// The paths whose entries differ from tree `from` to tree `to` (any
    /// revision naming a tree): bytes, mode or kind. Renames are not
    /// paired: a file renamed is its old path removed and its new path
    /// added, as a checkout writes and removes them.
    pub fn entry_changes(&self, from: &str, to: &str) -> Result<Vec<EntryChange>, GitError> {
        let mut opts = git2::DiffOptions::new();
        opts.include_typechange(true);
        let (old_tree, new_tree) = (self.tree(from)?, self.tree(to)?);
        let diff = self
            .repo
            .diff_tree_to_tree(Some(&old_tree), Some(&new_tree), Some(&mut opts))
            .map_err(lib)?;
        let entry = |f: &git2::DiffFile| {
            (!f.id().is_zero() && f.exists()).then(|| Entry {
                id: BlobId(f.id()),
                mode: u32::from(f.mode()),
            })
        };
        let mut out = Vec::new();
        for d in diff.deltas() {
            let (old, new) = (entry(&d.old_file()), entry(&d.new_file()));
            let file = if new.is_some() {
                d.new_file()
            } else {
                d.old_file()
            };
            let Some(path) = file.path() else { continue };
            out.push(EntryChange {
                path: path.to_string_lossy().replace('\\', "/"),
                old,
                new,
            });
        }
        out.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(out)
    }

    /// What entry `e` holds: a file's bytes, a symbolic link's target, or
    /// for a submodule the line git shows for it.
    pub fn entry_bytes(&self, e: &Entry) -> Result<Vec<u8>, GitError> {
        if e.mode == 0o160000 {
            return Ok(format!("Subproject commit {}\n", e.id.0).into_bytes());
        }
        self.blob(e.id)
    }

    /// What each commit of `ids` changes under `dirs` against its first
    /// parent (against nothing for a root commit), in one `git diff-tree
    /// --stdin` run: far faster over a long history than diffing large
    /// trees one commit at a time. Commits that change nothing there are
    /// absent from the map.
    pub fn commit_changes<S: AsRef<str>>(
        &self,
        ids: &[S],
        dirs: &[&str],
    ) -> Result<std::collections::HashMap<String, Vec<FileChange>>, GitError> {
        let mut stream = self.change_stream(dirs)?;
        stream.send(ids);
        stream.end_input();
        let commits = stream.take(self, ids.len())?;
        stream.finish()?;
        Ok(commits
            .into_iter()
            .filter(|(_, changes)| !changes.is_empty())
            .map(|(c, changes)| (c.id, changes))
            .collect())
    }

    /// One `git diff-tree --stdin` for a long run of commits, fed in
    /// chunks: git diffs the commits sent while the caller works on those
    /// it took. One process for the whole run: each git start maps the
    /// packs anew, which costs more than the diffs of a thousand commits.
    /// git also writes each commit's author, parents and message before
    /// its changes, so the commits are not read a second time here.
    ///
    /// git compares trees faster without a pathspec (a pathspec is matched
    /// against every entry of a large directory), so git diffs the whole
    /// tree without looking for renames, and the entries under `dirs` are
    /// kept. A commit that adds a file there and deletes another, maybe a
    /// rename, is diffed again with `-M` under `dirs` (rare: what a
    /// pathspec run would have given for it).
    pub fn change_stream(&self, dirs: &[&str]) -> Result<ChangeStream, GitError> {
        let args = [
            "diff-tree",
            "--stdin",
            "--root",
            "-r",
            "--no-renames",
            "-z",
            "--raw",
            "--no-abbrev",
            "--always",
            "--date=raw",
            COMMIT_FORMAT,
        ];
        let mut cmd = git_command();
        cmd.arg("-C").arg(&self.root).args(LONG_READ).args(args);
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = cmd.spawn().map_err(GitError::spawn)?;
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(GitError::Unexpected(crate::msg!(
                "git-reader-stopped",
                args = "diff-tree"
            )));
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
            read_diff_tree(out, COMMIT_FIELDS, &mut |got| {
                give.send(got.and_then(|(header, changes)| Ok((commit_info(header)?, changes))))
                    .is_ok()
            });
        });
        Ok(ChangeStream {
            input: Some(send),
            writer: Some(writer),
            output,
            reader: Some(reader),
            child: Some(child),
            dirs: dirs.iter().map(|d| (*d).to_owned()).collect(),
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

/// What [`Repo::change_stream`] has git write before each commit's
/// changes, and how many fields that is after the commit id.
const COMMIT_FORMAT: &str = "--format=%H%x00%P%x00%an%x00%ae%x00%ad%x00%B";
const COMMIT_FIELDS: usize = 5;

/// A commit from the fields [`COMMIT_FORMAT`] has git write.
fn commit_info(header: Vec<String>) -> Result<CommitInfo, GitError> {
    let bad = || {
        GitError::Unexpected(crate::msg!(
            "git-output-unread",
            args = "log",
            text = header.join(" ")
        ))
    };
    let [id, parents, name, email, date, message] = header.as_slice() else {
        return Err(bad());
    };
    let (time, offset_minutes) = raw_date(date);
    // As libgit2 gives it: without blank lines before the subject.
    let message = message.trim_start_matches('\n').to_owned();
    Ok(CommitInfo {
        id: id.clone(),
        // Seven digits, not checked for uniqueness: what is shown is
        // `Repo::short_id`'s.
        short: id.get(..7).unwrap_or(id).to_owned(),
        parents: parents
            .split(' ')
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect(),
        author_name: name.clone(),
        author_email: email.clone(),
        time,
        offset_minutes,
        trailers: trailers_of(&message),
        message,
    })
}

/// A `--date=raw` date (`1700000000 -0030`): seconds and offset minutes.
/// A date git could not read from the commit (none, or no zone) is read
/// as libgit2 reads it: time 0, zone +0000, or the time with +0000.
fn raw_date(date: &str) -> (i64, i32) {
    let (seconds, zone) = date.split_once(' ').unwrap_or((date, ""));
    let time = seconds.parse().unwrap_or(0);
    let (sign, hhmm) = match zone.split_at_checked(1) {
        Some(("-", rest)) => (-1, rest),
        Some(("+", rest)) => (1, rest),
        _ => return (time, 0),
    };
    let number = |s: Option<&str>| s.and_then(|s| s.parse::<i32>().ok());
    match (number(hhmm.get(..2)), number(hhmm.get(2..4))) {
        (Some(h), Some(m)) => (time, sign * (h * 60 + m)),
        _ => (time, 0),
    }
}

/// A `git diff-tree --stdin` run started by [`Repo::change_stream`].
pub struct ChangeStream {
    input: Option<std::sync::mpsc::Sender<Vec<u8>>>,
    writer: Option<std::thread::JoinHandle<()>>,
    output: std::sync::mpsc::Receiver<Result<(CommitInfo, Vec<FileChange>), GitError>>,
    reader: Option<std::thread::JoinHandle<()>>,
    child: Option<std::process::Child>,
    dirs: Vec<String>,
}

impl ChangeStream {
    /// Gives git commits to diff (each against its first parent), after
    /// those sent before.
    pub fn send<S: AsRef<str>>(&mut self, ids: &[S]) {
        let mut input = String::with_capacity(ids.len() * 41);
        for id in ids {
            input.push_str(id.as_ref());
            input.push('\n');
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

    /// The next `n` commits sent, in order, each with what it changes
    /// under the directories asked for, once git has diffed them (and has
    /// diffed again the merges and the commits that may hold a rename).
    pub fn take(
        &mut self,
        repo: &Repo,
        n: usize,
    ) -> Result<Vec<(CommitInfo, Vec<FileChange>)>, GitError> {
        let under = |p: &Option<String>| {
            p.as_deref().is_some_and(|p| {
                self.dirs.iter().any(|d| {
                    d.is_empty()
                        || p.strip_prefix(d.as_str())
                            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
                })
            })
        };
        let mut commits = Vec::with_capacity(n);
        for _ in 0..n {
            let Ok(got) = self.output.recv() else {
                // git stopped early: why, from git.
                return Err(self.stop().err().unwrap_or_else(|| {
                    GitError::Unexpected(crate::msg!("git-reader-stopped", args = "diff-tree"))
                }));
            };
            let (commit, mut changes) = got?;
            changes.retain(|c| under(&c.old_path) || under(&c.new_path));
            commits.push((commit, changes));
        }
        // Merges, whose changes are against their first parent (git shows
        // none for them by default, and `--diff-merges` is git 2.31's),
        // and commits that add and delete item files (maybe a rename):
        // diffed again, each against its first parent, with `-M` under
        // the directories asked for.
        let mut input = String::new();
        for (c, changes) in &commits {
            let renamed =
                changes.iter().any(|c| c.old.is_none()) && changes.iter().any(|c| c.new.is_none());
            if c.parents.len() < 2 && !renamed {
                continue;
            }
            input.push_str(&c.id);
            if let Some(p) = c.parents.first() {
                input.push(' ');
                input.push_str(p);
            }
            input.push('\n');
        }
        if input.is_empty() {
            return Ok(commits);
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
        let mut renamed = parse_diff_tree(&repo.run_bytes(&args, Some(input.as_bytes()), &[])?)?;
        for (commit, changes) in &mut commits {
            if let Some(found) = renamed.remove(&commit.id) {
                *changes = found;
            }
        }
        Ok(commits)
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
        let out = child.wait_with_output().map_err(GitError::spawn)?;
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
    read_diff_tree(out, 0, &mut |commit| match commit {
        Ok((mut header, changes)) => {
            if !changes.is_empty() {
                map.insert(header.swap_remove(0), changes);
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

/// A commit's header (its id, then the fields a format asked for) and
/// what it changes.
type CommitChanges = (Vec<String>, Vec<FileChange>);

/// One thing of git's `--raw -z` output: a commit's header line (of
/// `diff-tree --stdin`) or a file changed.
enum Raw {
    Header(String),
    Change(Result<FileChange, GitError>),
}

/// Reads git's `--raw -z` output a field at a time.
struct RawReader<R> {
    out: R,
    field: Vec<u8>,
}

impl<R: std::io::BufRead> RawReader<R> {
    fn new(out: R) -> Self {
        RawReader {
            out,
            field: Vec::new(),
        }
    }

    /// The next NUL-terminated field.
    fn field(&mut self) -> Option<String> {
        self.field.clear();
        match self.out.read_until(b'\0', &mut self.field) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                if self.field.last() == Some(&b'\0') {
                    self.field.pop();
                }
                Some(String::from_utf8_lossy(&self.field).into_owned())
            }
        }
    }

    /// The next header or change (a change's paths read with it).
    fn next(&mut self) -> Option<Raw> {
        loop {
            let f = self.field()?;
            let f = f.trim_start_matches('\n');
            if f.is_empty() {
                continue;
            }
            let Some(header) = f.strip_prefix(':') else {
                return Some(Raw::Header(f.to_owned()));
            };
            let header = header.to_owned();
            let mut paths = vec![self.field().unwrap_or_default()];
            if header
                .rsplit(' ')
                .next()
                .is_some_and(|s| s.starts_with(['R', 'C']))
            {
                paths.push(self.field().unwrap_or_default());
            }
            return Some(Raw::Change(raw_change(
                &header,
                &mut paths.iter().map(String::as_str),
            )));
        }
    }
}

/// Reads `git diff-tree --stdin -z --raw` output as git writes it, giving
/// `each` every commit with its changes once they are all read (or the
/// error that stopped the reading); stops when `each` says so. Each
/// commit's header is its id and then `fields` more fields (what a
/// `--format` with `%x00` between its parts writes).
fn read_diff_tree(
    out: impl std::io::BufRead,
    fields: usize,
    each: &mut dyn FnMut(Result<CommitChanges, GitError>) -> bool,
) {
    let mut raw = RawReader::new(out);
    let mut current: Option<CommitChanges> = None;
    while let Some(next) = raw.next() {
        match next {
            Raw::Header(id) => {
                if let Some(done) = current.take()
                    && !each(Ok(done))
                {
                    return;
                }
                let mut header = vec![id];
                for _ in 0..fields {
                    header.push(raw.field().unwrap_or_default());
                }
                current = Some((header, Vec::new()));
            }
            Raw::Change(Ok(change)) => {
                if let Some((_, changes)) = &mut current {
                    changes.push(change);
                }
            }
            Raw::Change(Err(e)) => {
                each(Err(e));
                return;
            }
        }
    }
    if let Some(done) = current.take() {
        each(Ok(done));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(parents: &str, date: &str, message: &str) -> Vec<String> {
        [
            "0123456789abcdef0123456789abcdef01234567",
            parents,
            "Ada",
            "ada@example.com",
            date,
            message,
        ]
        .map(str::to_owned)
        .to_vec()
    }

    #[test]
    fn a_commit_header_written_by_diff_tree_reads_as_the_commit() {
        let c = commit_info(header(
            "",
            "1700000000 -0030",
            "\n\nMove 1.1\n\nWhy.\n\nOrx-Role: dev\n",
        ))
        .unwrap();
        assert_eq!(c.short, "0123456");
        assert!(c.parents.is_empty(), "a root commit has no parents");
        assert_eq!((c.time, c.offset_minutes), (1_700_000_000, -30));
        assert_eq!(c.trailer("Orx-Role"), Some("dev"));
        // Blank lines before the subject are dropped, as libgit2 does.
        assert_eq!((c.summary(), c.body().as_str()), ("Move 1.1", "Why."));

        let merge = commit_info(header("aa bb", "1700000000 +0530", "Merge\n")).unwrap();
        assert_eq!(merge.parents, ["aa", "bb"]);
        assert_eq!(merge.offset_minutes, 5 * 60 + 30);

        // A date git could not read from the commit is read as libgit2
        // reads it, not refused: the whole history is read regardless.
        for (date, read) in [
            ("", (0, 0)),
            ("1700000000", (1_700_000_000, 0)),
            ("x +0000", (0, 0)),
            ("1700000000 +05", (1_700_000_000, 0)),
            ("1700000000 +0005", (1_700_000_000, 5)),
        ] {
            let c = commit_info(header("", date, "m")).unwrap();
            assert_eq!((c.time, c.offset_minutes), read, "{date:?}");
        }
        assert!(commit_info(vec!["only an id".to_owned()]).is_err());
    }
}
