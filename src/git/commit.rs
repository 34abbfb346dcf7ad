//! git-orx's own commits of the files it wrote, made beside whoever else
//! works in the same work tree: through a private index, never the
//! user's, so that a person's commit made at the same moment can take
//! neither git-orx's files nor its message, and git-orx can take none of
//! theirs.
//!
//! While it commits, git-orx holds the user's index lock (`index.lock`,
//! as `git commit` does), so no other git process changes the index or
//! commits; once its commit is made, the user's index gets exactly the
//! committed version of each file whose entry still held the version the
//! commit started from. A journal (`<git common dir>/orx/commit-journal`)
//! says what is under way; if the process is killed, the next git-orx
//! command that takes the repository lock finishes the index and removes
//! the lock it held ([`Repo::finish_interrupted_commit`]).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::*;

/// The journal's file name in the orx directory.
const JOURNAL: &str = "commit-journal";
/// Where git-orx's commits get a git directory of their own, in the
/// common git directory (`worktrees/`, where git keeps linked
/// worktrees' own directories; with no `gitdir` file there, git lists
/// none of them as a worktree).
const PRIVATE_PREFIX: &str = "worktrees/orx-commit-";

/// What a commit under way holds and changes: enough for another process
/// to finish it after a kill.
#[derive(serde::Serialize, serde::Deserialize)]
struct Journal {
    /// What this process wrote into `index.lock`: only a lock holding
    /// exactly this is git-orx's own.
    marker: String,
    /// HEAD before the commit (`None`: no commit yet).
    head: Option<String>,
    /// The user's index (`<git dir>/index` of the worktree).
    index: PathBuf,
    /// The files committed.
    paths: Vec<String>,
    /// The private git directory ([`PrivateDir`]) and the `git commit`
    /// running in it: while that process lives, its commit may land.
    #[serde(default)]
    private: Option<(PathBuf, u32)>,
}

/// A tree or index entry: mode and object id.
type Entry = (String, String);

impl Repo {
    /// Commits exactly `paths` as they are in the work tree (added,
    /// changed or deleted), running the user's hooks with `env` added,
    /// through a private index: what else is staged stays staged and out
    /// of this commit. Waits up to `wait` for the index lock. Returns the
    /// new commit's abbreviated id. If the commit fails, the user's index
    /// is as it was. Needs git-orx's repository lock.
    pub fn commit_paths(
        &self,
        paths: &[&str],
        message: &str,
        env: &[(&str, &str)],
        wait: Duration,
    ) -> Result<String, GitError> {
        self.refuse_ignored(paths)?;
        let deadline = Instant::now() + wait;
        // The journal is written before the lock is taken: a kill at any
        // moment after leaves a lock the next command knows as its own.
        let mut journal = Journal {
            marker: write::new_marker(),
            head: None,
            index: self.git_dir().join("index"),
            paths: paths.iter().map(|p| (*p).to_owned()).collect(),
            private: None,
        };
        let lock = self.lock_index_within(wait, &mut journal)?;
        journal.head = self.head_commit_id();
        self.write_journal(&journal)?;
        // A person's `git commit` holds the index lock only while it
        // starts: it may move HEAD under this commit, whose update git
        // then refuses. Made again on the new HEAD, it takes that along.
        let made = loop {
            let made = self.commit_privately(paths, message, env, &mut journal);
            let head = self.head_commit_id();
            match made {
                Err(GitError::Race { .. }) if head != journal.head && Instant::now() < deadline => {
                    journal.head = head;
                    self.write_journal(&journal)?;
                }
                made => break made,
            }
        };
        let synced = match &made {
            Ok(()) => self.sync_index(lock, &journal),
            Err(_) => {
                drop(lock);
                Ok(())
            }
        };
        self.clear_journal();
        // The command line names a private git directory and a message
        // file, internal to this commit: what was refused is git's words.
        made.map_err(|e| match e {
            GitError::Command { message, .. } => GitError::Command {
                args: "commit".to_owned(),
                message,
            },
            GitError::Race { message, .. } => GitError::Race {
                args: "commit".to_owned(),
                message,
            },
            e => e,
        })?;
        synced?;
        let head = self
            .repo
            .head()
            .and_then(|h| h.peel_to_commit())
            .map_err(lib)?;
        let short = head.as_object().short_id().map_err(lib)?;
        Ok(short.as_str().unwrap_or_default().to_owned())
    }

    /// Whether a git-orx commit was under way when its process ended
    /// (or is under way now): one stat.
    pub fn has_interrupted_commit(&self) -> bool {
        self.orx_dir().join(JOURNAL).exists()
    }

    /// What a git-orx process killed while committing left: its index
    /// lock goes, and the user's index gets the files its commit made,
    /// if it made one. Nothing when no journal is there. Needs git-orx's
    /// repository lock (the journal's writer held it, so it is gone).
    pub fn finish_interrupted_commit(&self) -> Result<(), GitError> {
        self.finish_interrupted_commit_but(None)
    }

    /// [`Repo::finish_interrupted_commit`], leaving alone the journal
    /// whose marker is `own` (this process's, written before its lock).
    fn finish_interrupted_commit_but(&self, own: Option<&str>) -> Result<(), GitError> {
        let path = self.orx_dir().join(JOURNAL);
        let Ok(text) = std::fs::read(&path) else {
            return Ok(());
        };
        let Ok(journal) = serde_json::from_slice::<Journal>(&text) else {
            self.clear_journal();
            return Ok(());
        };
        if own == Some(journal.marker.as_str()) {
            return Ok(());
        }
        // The killed git-orx's `git commit` may still be running (in a
        // hook, say): it holds the index until it has finished.
        if let Some((_, pid)) = &journal.private
            && alive(*pid)
        {
            return Ok(());
        }
        let lock_path = journal.index.with_extension("lock");
        let ours = std::fs::read_to_string(&lock_path).is_ok_and(|m| m == journal.marker);
        let lock = if ours {
            IndexLock {
                path: Some(lock_path),
            }
        } else {
            match self.lock_index() {
                Ok(lock) => lock,
                // Another git holds the index now: finish another time.
                Err(GitError::IndexLocked(_)) => return Ok(()),
                Err(e) => return Err(e),
            }
        };
        self.sync_index(lock, &journal)?;
        PrivateDir::remove_leftovers(self);
        self.clear_journal();
        Ok(())
    }

    /// Untracked files among `paths` that git ignores: committing them
    /// would surprise whoever ignored them. [`Repo::commit_paths`] checks
    /// this first; a command that writes before it commits asks first.
    pub fn refuse_ignored(&self, paths: &[&str]) -> Result<(), GitError> {
        let untracked: Vec<&str> = paths
            .iter()
            .copied()
            .filter(|p| !self.is_tracked(p))
            .collect();
        if untracked.is_empty() {
            return Ok(());
        }
        let args = [&["check-ignore", "-v", "--"], untracked.as_slice()].concat();
        match self.run(&args, None, &[]) {
            // git lists each ignored path with the rule that ignores it.
            Ok(out) => match out.lines().next().and_then(|l| l.split_once('\t')) {
                Some((rule, path)) => Err(GitError::Ignored {
                    path: path.to_owned(),
                    rule: rule.to_owned(),
                }),
                None => Ok(()),
            },
            // Exit 1: none is ignored.
            Err(GitError::Command { message, .. }) if message.trim().is_empty() => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Takes the index lock as [`Repo::lock_index`], polling up to `wait`
    /// while another git holds it, or a killed git-orx's commit that
    /// [`Repo::finish_interrupted_commit`] finishes once git is done.
    fn lock_index_within(
        &self,
        wait: Duration,
        journal: &mut Journal,
    ) -> Result<IndexLock, GitError> {
        let deadline = Instant::now() + wait;
        loop {
            self.finish_interrupted_commit_but(Some(&journal.marker))?;
            journal.head = self.head_commit_id();
            self.write_journal(journal)?;
            match self.lock_index_marked(&journal.marker) {
                Err(GitError::IndexLocked(path)) => {
                    if stop::stop_asked() {
                        return Err(GitError::Interrupted(path));
                    }
                    if Instant::now() >= deadline {
                        return Err(GitError::Locked { path, waited: wait });
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                other => return other,
            }
        }
    }

    /// HEAD's commit id, if HEAD has a commit.
    fn head_commit_id(&self) -> Option<String> {
        self.repo
            .head()
            .and_then(|h| h.peel_to_commit())
            .ok()
            .map(|c| c.id().to_string())
    }

    /// `git commit --only` of `paths` as the work tree has them, from a
    /// git directory of its own ([`PrivateDir`]): git builds the commit
    /// from the HEAD it commits on (read once, so a commit that lands
    /// meanwhile is neither reverted nor taken), with its own index (a
    /// copy of the user's) and its own `COMMIT_EDITMSG`, which a
    /// person's `git commit` at the same moment would otherwise share;
    /// the hooks see git's temporary index as what is staged.
    fn commit_privately(
        &self,
        paths: &[&str],
        message: &str,
        env: &[(&str, &str)],
        journal: &mut Journal,
    ) -> Result<(), GitError> {
        let dir = PrivateDir::new(self)?;
        let dir_s = dir.path.to_string_lossy().into_owned();
        let root_s = self.root.to_string_lossy().into_owned();
        let mut env_all: Vec<(&str, &str)> = vec![
            ("GIT_DIR", dir_s.as_str()),
            ("GIT_WORK_TREE", root_s.as_str()),
            ("GIT_LITERAL_PATHSPECS", "1"),
        ];
        // `--only` commits files git knows: new ones are added first.
        let present: Vec<&str> = paths
            .iter()
            .copied()
            .filter(|p| self.root.join(p).symlink_metadata().is_ok() && !self.is_tracked(p))
            .collect();
        if !present.is_empty() {
            let add = [&["update-index", "--add", "--"], present.as_slice()].concat();
            self.run(&add, None, &env_all)?;
        }
        // The message is in a file before git starts: a kill cannot
        // leave git reading half of it from a pipe.
        let file = dir.path.join("message");
        std::fs::write(&file, message).map_err(|e| GitError::io(&file, e))?;
        let file_s = file.to_string_lossy().into_owned();
        env_all.extend(env.iter().copied());
        let commit = [
            &[
                "commit",
                "--only",
                "--cleanup=whitespace",
                "-F",
                &file_s,
                "--",
            ],
            paths,
        ]
        .concat();
        self.run_noting(&commit, None, &env_all, &mut |pid| {
            journal.private = Some((dir.path.clone(), pid));
            self.write_journal(journal)
        })?;
        dir.finish(self)
    }

    /// After a commit of the journal's paths: each whose entry in the
    /// user's index is still what HEAD held before gets what HEAD holds
    /// now (an entry the user staged otherwise stays), with its stat data
    /// refreshed from the work tree; written as git writes an index,
    /// under `lock`, which goes.
    fn sync_index(&self, lock: IndexLock, journal: &Journal) -> Result<(), GitError> {
        let now = self.head_commit_id();
        if now == journal.head || journal.paths.is_empty() {
            return Ok(());
        }
        let paths: Vec<&str> = journal.paths.iter().map(String::as_str).collect();
        let before = match &journal.head {
            Some(h) => self.tree_entries(h, &paths)?,
            None => HashMap::new(),
        };
        let after = match &now {
            Some(h) => self.tree_entries(h, &paths)?,
            None => HashMap::new(),
        };
        // The user's index as it is now, read in process (its entries for
        // `paths`, at every stage).
        let index = match journal.index.exists() {
            true => Some(git2::Index::open(&journal.index).map_err(lib)?),
            false => None,
        };
        let mut staged: HashMap<&str, Vec<(Entry, &str)>> = HashMap::new();
        for path in &paths {
            for (stage, name) in [(0, "0"), (1, "1"), (2, "2"), (3, "3")] {
                if let Some(e) = index
                    .as_ref()
                    .and_then(|i| i.get_path(Path::new(path), stage))
                {
                    staged
                        .entry(path)
                        .or_default()
                        .push(((format!("{:06o}", e.mode), e.id.to_string()), name));
                }
            }
        }
        let literal = ("GIT_LITERAL_PATHSPECS", "1");
        const ZERO: &str = "0000000000000000000000000000000000000000";
        let mut info = String::new();
        let mut refresh = Vec::new();
        for path in &paths {
            let was = before.get(*path);
            let entries = staged.get(path).map(Vec::as_slice).unwrap_or_default();
            let unchanged = match entries {
                [] => was.is_none(),
                [(entry, "0")] => Some(entry) == was,
                _ => false,
            };
            if !unchanged {
                continue;
            }
            let on_disk = self.root.join(path);
            match after.get(*path) {
                // The work tree holds what was committed (as it does but
                // for a filter or a change since): git adds it, stat data
                // and all.
                Some((mode, oid))
                    if (mode.starts_with("1006") || mode.starts_with("1007"))
                        && git2::Oid::hash_file(git2::ObjectType::Blob, &on_disk)
                            .is_ok_and(|o| o.to_string() == *oid) =>
                {
                    refresh.push(*path)
                }
                Some((mode, oid)) => info.push_str(&format!("{mode} {oid}\t{path}\0")),
                None if was.is_some() && on_disk.symlink_metadata().is_err() => refresh.push(*path),
                None if was.is_some() => info.push_str(&format!("0 {ZERO}\t{path}\0")),
                None => {}
            }
        }
        if info.is_empty() && refresh.is_empty() {
            return Ok(());
        }
        let tmp = self.temp_index()?;
        let tmp_s = tmp.path().to_string_lossy().into_owned();
        if journal.index.exists() {
            std::fs::copy(&journal.index, tmp.path())
                .map_err(|e| GitError::io(&journal.index, e))?;
        } else {
            let _ = std::fs::remove_file(tmp.path());
        }
        let env = [("GIT_INDEX_FILE", tmp_s.as_str()), literal];
        if !info.is_empty() {
            self.run(&["update-index", "-z", "--index-info"], Some(&info), &env)?;
        }
        if !refresh.is_empty() {
            let args = [
                &["update-index", "--add", "--remove", "--"],
                refresh.as_slice(),
            ]
            .concat();
            self.run(&args, None, &env)?;
        }
        self.install_index_file(lock, tmp, &journal.index)
    }

    /// The entries of `paths` in commit `rev`'s tree, read in process.
    fn tree_entries(&self, rev: &str, paths: &[&str]) -> Result<HashMap<String, Entry>, GitError> {
        let oid = git2::Oid::from_str(rev).map_err(lib)?;
        let tree = self
            .repo
            .find_commit(oid)
            .and_then(|c| c.tree())
            .map_err(lib)?;
        Ok(paths
            .iter()
            .filter_map(|p| {
                let e = tree.get_path(Path::new(p)).ok()?;
                let entry = (format!("{:06o}", e.filemode()), e.id().to_string());
                Some(((*p).to_owned(), entry))
            })
            .collect())
    }

    /// Writes the journal whole, then renames it into place.
    fn write_journal(&self, journal: &Journal) -> Result<(), GitError> {
        let path = self.orx_dir().join(JOURNAL);
        let io = |e: std::io::Error| GitError::io(&path, e);
        let text = serde_json::to_vec(journal).map_err(|e| io(e.into()))?;
        let mut tmp = tempfile::Builder::new()
            .prefix(".orx-journal-")
            .suffix(".tmp")
            .tempfile_in(self.orx_dir())
            .map_err(io)?;
        tmp.write_all(&text).map_err(io)?;
        tmp.as_file().sync_all().map_err(io)?;
        tmp.persist(&path).map_err(|e| io(e.error))?;
        Ok(())
    }

    fn clear_journal(&self) {
        let _ = std::fs::remove_file(self.orx_dir().join(JOURNAL));
    }
}

/// A git directory for one commit: `HEAD` as the user's (the same
/// branch, or the same detached commit), `commondir` pointing at the
/// repository's, and a copy of the user's index. Removed when dropped.
struct PrivateDir {
    path: PathBuf,
    /// The user's HEAD was detached at this commit.
    detached: Option<String>,
}

impl PrivateDir {
    fn new(repo: &Repo) -> Result<PrivateDir, GitError> {
        let nonce = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos();
        let path = repo
            .common_dir
            .join(format!("{PRIVATE_PREFIX}{}-{nonce}", std::process::id()));
        let at = path.clone();
        let io = |e: std::io::Error| GitError::io(&at, e);
        std::fs::create_dir_all(&path).map_err(io)?;
        let mut dir = PrivateDir {
            path,
            detached: None,
        };
        let head = repo.repo.find_reference("HEAD").map_err(lib)?;
        let (head_text, detached) = match head.symbolic_target().ok().flatten() {
            Some(target) => (format!("ref: {target}\n"), None),
            None => {
                let id = head.target().map(|o| o.to_string()).unwrap_or_default();
                (format!("{id}\n"), Some(id))
            }
        };
        let common = pathdiff(&repo.common_dir, &dir.path);
        std::fs::write(dir.path.join("commondir"), format!("{common}\n")).map_err(io)?;
        std::fs::write(dir.path.join("HEAD"), head_text).map_err(io)?;
        let real = repo.git_dir().join("index");
        if real.exists() {
            std::fs::copy(&real, dir.path.join("index")).map_err(io)?;
        }
        dir.detached = detached;
        Ok(dir)
    }

    /// After the commit: a detached HEAD is moved to it, as git would
    /// have moved it; HEAD's reflog gets git's entry.
    fn finish(&self, repo: &Repo) -> Result<(), GitError> {
        let log = std::fs::read(self.path.join("logs/HEAD")).unwrap_or_default();
        if let Some(old) = &self.detached {
            let new = std::fs::read_to_string(self.path.join("HEAD"))
                .map_err(|e| GitError::io(self.path.join("HEAD"), e))?;
            let reason = String::from_utf8_lossy(&log)
                .lines()
                .last()
                .and_then(|l| l.split_once('\t'))
                .map(|(_, m)| m.to_owned())
                .unwrap_or_else(|| "commit".to_owned());
            repo.run(
                &[
                    "update-ref",
                    "--no-deref",
                    "-m",
                    &reason,
                    "HEAD",
                    new.trim(),
                    old,
                ],
                None,
                &[],
            )?;
        } else if !log.is_empty() {
            use std::io::Write;
            let dir = repo.git_dir().join("logs");
            let _ = std::fs::create_dir_all(&dir);
            if let Ok(mut f) = std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(dir.join("HEAD"))
            {
                let _ = f.write_all(&log);
            }
        }
        Ok(())
    }

    /// Private directories a killed git-orx left, and the marker files
    /// it writes beside `index.lock` for a moment.
    fn remove_leftovers(repo: &Repo) {
        if let Ok(entries) = std::fs::read_dir(repo.git_dir()) {
            for e in entries.flatten() {
                if e.file_name()
                    .to_string_lossy()
                    .starts_with("index.lock.orx-")
                {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
        let (dir, prefix) = PRIVATE_PREFIX.split_once('/').unwrap_or_default();
        let Ok(entries) = std::fs::read_dir(repo.common_dir.join(dir)) else {
            return;
        };
        for e in entries.flatten() {
            if e.file_name().to_string_lossy().starts_with(prefix) {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
        // `worktrees/` itself goes when git-orx made it for nothing else.
        if let Some(parent) = self.path.parent() {
            let _ = std::fs::remove_dir(parent);
        }
    }
}

/// Whether process `pid` is still running (a zombie, which nobody has
/// reaped, is not: a killed git-orx's children go to whichever process
/// adopts orphans, and not every one reaps them).
fn alive(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        return match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            // `pid (comm) S ...`: the state follows the last `)`.
            Ok(stat) => stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.trim_start().chars().next())
                .is_some_and(|state| !matches!(state, 'Z' | 'X' | 'x')),
            Err(_) => false,
        };
    }
    #[cfg(unix)]
    {
        // SAFETY: kill(2) with signal 0 sends nothing; it only asks.
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        unsafe { libc::kill(pid, 0) == 0 }
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        false
    }
}

/// `to` relative to `from` (both absolute, `from` below `to`'s
/// ancestors): `../..` for the common directory seen from its
/// `worktrees/NAME`.
fn pathdiff(to: &Path, from: &Path) -> String {
    match from.strip_prefix(to) {
        Ok(rest) => {
            let ups = rest.components().count();
            vec![".."; ups].join("/")
        }
        Err(_) => to.to_string_lossy().into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repo() -> (tempfile::TempDir, Repo) {
        let dir = tempfile::tempdir().unwrap();
        let git = |args: &[&str]| {
            let out = git_command()
                .arg("-C")
                .arg(dir.path())
                .args(args)
                .env("GIT_CONFIG_NOSYSTEM", "1")
                .env("HOME", dir.path())
                .output()
                .unwrap();
            assert!(out.status.success(), "{out:?}");
        };
        git(&["init", "-q", "-b", "main"]);
        git(&["config", "user.name", "T"]);
        git(&["config", "user.email", "t@example.com"]);
        std::fs::write(dir.path().join("a.txt"), "a\n").unwrap();
        git(&["add", "a.txt"]);
        git(&["commit", "-q", "-m", "a"]);
        let repo = Repo::open(dir.path()).unwrap();
        std::fs::create_dir_all(repo.orx_dir()).unwrap();
        (dir, repo)
    }

    fn staged(repo: &Repo) -> String {
        repo.run(&["diff", "--cached", "--name-status"], None, &[])
            .unwrap()
    }

    #[test]
    fn a_commit_of_paths_leaves_what_else_is_staged_staged_and_uncommitted() {
        let (dir, repo) = repo();
        std::fs::write(dir.path().join("notes.txt"), "mine\n").unwrap();
        repo.run(&["add", "notes.txt"], None, &[]).unwrap();
        std::fs::write(dir.path().join("item.md"), "item\n").unwrap();
        repo.commit_paths(&["item.md"], "item", &[], Duration::from_secs(1))
            .unwrap();
        let files = repo
            .run(&["show", "--name-only", "--format=%s", "HEAD"], None, &[])
            .unwrap();
        assert_eq!(files.trim(), "item\n\nitem.md");
        assert_eq!(staged(&repo), "A\tnotes.txt\n");
        let status = repo.run(&["status", "--porcelain"], None, &[]).unwrap();
        assert_eq!(status, "A  notes.txt\n");
    }

    #[test]
    fn a_killed_commit_is_finished_by_the_next_one() {
        let (dir, repo) = repo();
        // As a process killed after its commit, before the index: HEAD
        // has the new file, the index has not, and the lock is its own.
        std::fs::write(dir.path().join("item.md"), "item\n").unwrap();
        let marker = write::new_marker();
        let lock = repo.lock_index_marked(&marker).unwrap();
        let journal = Journal {
            marker,
            head: repo.head_commit_id(),
            index: repo.git_dir().join("index"),
            paths: vec!["item.md".to_owned()],
            private: None,
        };
        let mut journal = journal;
        repo.write_journal(&journal).unwrap();
        repo.commit_privately(&["item.md"], "item", &[], &mut journal)
            .unwrap();
        std::mem::forget(lock);
        assert_eq!(staged(&repo), "D\titem.md\n");
        repo.finish_interrupted_commit().unwrap();
        assert_eq!(staged(&repo), "");
        assert!(!repo.git_dir().join("index.lock").exists());
        assert!(!repo.orx_dir().join(JOURNAL).exists());
        let status = repo.run(&["status", "--porcelain"], None, &[]).unwrap();
        assert_eq!(status, "");
    }

    #[test]
    fn an_index_lock_another_git_holds_is_never_taken_for_ours() {
        let (_dir, repo) = repo();
        let journal = Journal {
            marker: "git-orx 1 x".to_owned(),
            head: None,
            index: repo.git_dir().join("index"),
            paths: vec!["a.txt".to_owned()],
            private: None,
        };
        repo.write_journal(&journal).unwrap();
        std::fs::write(repo.git_dir().join("index.lock"), "").unwrap();
        repo.finish_interrupted_commit().unwrap();
        assert!(repo.git_dir().join("index.lock").exists());
        assert!(repo.orx_dir().join(JOURNAL).exists());
    }
}
