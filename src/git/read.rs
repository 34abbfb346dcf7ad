//! Reading: revisions, commits and their history, trees, blobs and the
//! files of a commit or an index, signatures, refs' tips.

use super::*;

impl Repo {
    pub(super) fn tree(&self, rev: &str) -> Result<git2::Tree<'_>, GitError> {
        self.repo
            .revparse_single(rev)
            .and_then(|o| o.peel_to_tree())
            .map_err(lib)
    }

    /// Whether `rev` names a commit.
    pub fn resolves(&self, rev: &str) -> bool {
        self.repo
            .revparse_single(rev)
            .and_then(|o| o.peel_to_commit())
            .is_ok()
    }

    pub(super) fn open_index(&self, path: &Option<PathBuf>) -> Result<git2::Index, GitError> {
        match path {
            Some(p) => git2::Index::open(p).map_err(lib),
            None => self.repo.index().map_err(lib),
        }
    }

    /// A blob's bytes.
    pub fn blob(&self, id: BlobId) -> Result<Vec<u8>, GitError> {
        Ok(self.repo.find_blob(id.0).map_err(lib)?.content().to_vec())
    }

    /// The files in `dir` (not below) on `side` whose names start with
    /// `prefix`, as (path, blob).
    pub fn files_with_prefix(
        &self,
        side: &Side,
        dir: &str,
        prefix: &str,
    ) -> Result<Vec<(String, BlobId)>, GitError> {
        let dir = dir.trim_end_matches('/');
        let start = format!("{dir}/{prefix}");
        match side {
            Side::Empty => Ok(Vec::new()),
            Side::Commit(rev) => {
                let tree = self.tree(rev)?;
                let Ok(entry) = tree.get_path(Path::new(dir)) else {
                    return Ok(Vec::new());
                };
                let Some(sub) = entry
                    .to_object(&self.repo)
                    .ok()
                    .and_then(|o| o.into_tree().ok())
                else {
                    return Ok(Vec::new());
                };
                Ok(sub
                    .iter()
                    .filter(|e| {
                        e.kind() == Some(git2::ObjectType::Blob)
                            && e.name_bytes().starts_with(prefix.as_bytes())
                    })
                    .filter_map(|e| Some((format!("{dir}/{}", e.name().ok()?), BlobId(e.id()))))
                    .collect())
            }
            Side::Index(path) => {
                let index = self.open_index(path)?;
                let Ok(first) = index.find_prefix(Path::new(&start)) else {
                    return Ok(Vec::new());
                };
                let mut out = Vec::new();
                for i in first..index.len() {
                    let Some(e) = index.get(i) else { break };
                    let Ok(p) = String::from_utf8(e.path) else {
                        continue;
                    };
                    if !p.starts_with(&start) {
                        break;
                    }
                    if !p[dir.len() + 1..].contains('/') {
                        out.push((p, BlobId(e.id)));
                    }
                }
                Ok(out)
            }
        }
    }

    /// The bytes of `rel` on `side`, if there.
    pub fn file_at(&self, side: &Side, rel: &str) -> Result<Option<Vec<u8>>, GitError> {
        let id = match side {
            Side::Empty => return Ok(None),
            Side::Commit(rev) => match self.tree(rev)?.get_path(Path::new(rel)) {
                Ok(e) if e.kind() == Some(git2::ObjectType::Blob) => e.id(),
                _ => return Ok(None),
            },
            Side::Index(path) => match self.open_index(path)?.get_path(Path::new(rel), 0) {
                Some(e) => e.id,
                None => return Ok(None),
            },
        };
        self.blob(BlobId(id)).map(Some)
    }

    /// The files at `paths` and the files under each `(dir, ext)` whose
    /// name ends with `ext`, on any side (a commit, the index), by path.
    pub fn files_on(
        &self,
        side: &Side,
        paths: &[&str],
        dirs: &[(&str, &str)],
    ) -> Result<std::collections::BTreeMap<String, Vec<u8>>, GitError> {
        let mut files = std::collections::BTreeMap::new();
        for path in paths {
            if let Some(bytes) = self.file_at(side, path)? {
                files.insert((*path).to_owned(), bytes);
            }
        }
        for (dir, ext) in dirs {
            for (path, blob) in self.files_with_prefix(side, dir, "")? {
                if path.ends_with(ext) {
                    files.insert(path, self.blob(blob)?);
                }
            }
        }
        Ok(files)
    }

    /// The newest `limit` commits that changed `rel`, newest first.
    pub fn commits_touching(&self, rel: &str, limit: usize) -> Result<Vec<String>, GitError> {
        let n = limit.to_string();
        let out = self.run(&["log", "--format=%H", "-n", &n, "--", rel], None, &[])?;
        Ok(out.lines().map(str::to_owned).collect())
    }

    /// The full id of `rev`'s commit, if it names one.
    pub fn commit_id(&self, rev: &str) -> Option<String> {
        self.repo
            .revparse_single(rev)
            .and_then(|o| o.peel_to_commit())
            .ok()
            .map(|c| c.id().to_string())
    }

    pub fn commit(&self, rev: &str) -> Result<CommitInfo, GitError> {
        let c = self
            .repo
            .revparse_single(rev)
            .and_then(|o| o.peel_to_commit())
            .map_err(lib)?;
        let author = c.author();
        let message = String::from_utf8_lossy(c.message_bytes()).into_owned();
        Ok(CommitInfo {
            id: c.id().to_string(),
            short: c
                .as_object()
                .short_id()
                .map(|s| s.as_str().unwrap_or_default().to_owned())
                .unwrap_or_default(),
            parents: c.parent_ids().map(|p| p.to_string()).collect(),
            author_name: String::from_utf8_lossy(author.name_bytes()).into_owned(),
            author_email: String::from_utf8_lossy(author.email_bytes()).into_owned(),
            time: author.when().seconds(),
            offset_minutes: author.when().offset_minutes(),
            trailers: trailers_of(&message),
            message,
        })
    }

    /// The commits selected by `revs` (`A..B`, `^A`, `A`, as `git rev-list`
    /// takes them), oldest first when `reverse`, else newest first; parents
    /// always come before children in oldest-first order.
    pub fn walk(&self, revs: &[String], reverse: bool) -> Result<Vec<String>, GitError> {
        let mut ids: Vec<String> = self
            .walk_newest(revs, None)?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        if reverse {
            ids.reverse();
        }
        Ok(ids)
    }

    /// The newest `most` commits of [`Repo::walk`] (newest first): git
    /// stops walking there.
    pub fn walk_at_most(&self, revs: &[String], most: usize) -> Result<Vec<String>, GitError> {
        Ok(self
            .walk_newest(revs, Some(most))?
            .into_iter()
            .map(|(id, _)| id)
            .collect())
    }

    /// [`Repo::walk`] newest first, each commit with its parents.
    ///
    /// `git rev-list` walks (in date order, children before parents): it
    /// reads a long history faster than libgit2 and in its own process, so
    /// the commits it parses are not held here.
    pub fn walk_with_parents(
        &self,
        revs: &[String],
    ) -> Result<Vec<(String, Vec<String>)>, GitError> {
        self.walk_newest(revs, None)
    }

    fn walk_newest(
        &self,
        revs: &[String],
        most: Option<usize>,
    ) -> Result<Vec<(String, Vec<String>)>, GitError> {
        let bad = |r: &str| GitError::Command {
            args: format!("rev-list {r}"),
            message: format!("unknown revision `{r}`"),
        };
        // Each end is resolved here, so git is given commit ids only.
        let resolve = |rev: &str, r: &str| match rev {
            "" => self.commit_id("HEAD").ok_or_else(|| bad(r)),
            rev => self.commit_id(rev).ok_or_else(|| bad(r)),
        };
        let mut args: Vec<String> = LONG_READ
            .iter()
            .chain(&["rev-list", "--date-order", "--parents"])
            .map(|s| (*s).to_owned())
            .collect();
        if let Some(n) = most {
            args.push(format!("--max-count={n}"));
        }
        let mut tips = Vec::new();
        for r in revs {
            if let Some((a, b)) = r.split_once("...") {
                return Err(GitError::Command {
                    args: format!("rev-list {r}"),
                    message: format!(
                        "symmetric ranges ({a}...{b}) are not supported; use {a}..{b}"
                    ),
                });
            } else if let Some((a, b)) = r.split_once("..") {
                tips.push(format!("^{}", resolve(a, r)?));
                tips.push(resolve(b, r)?);
            } else if let Some(hidden) = r.strip_prefix('^') {
                tips.push(format!("^{}", resolve(hidden, r)?));
            } else {
                tips.push(resolve(r, r)?);
            }
        }
        if !tips.iter().any(|t| !t.starts_with('^')) {
            return Ok(Vec::new());
        }
        args.extend(tips);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = self.run(&args, None, &[])?;
        Ok(out
            .lines()
            .filter_map(|line| {
                let mut ids = line.split(' ').map(str::to_owned);
                Some((ids.next()?, ids.collect()))
            })
            .collect())
    }

    /// The shortest prefix of commit `id`, from seven hex digits, that
    /// names no other object (libgit2's short id, read from the packs'
    /// indexes only).
    pub fn short_id(&self, id: &str) -> String {
        let Ok(odb) = self.repo.odb() else {
            return id.get(..7).unwrap_or(id).to_owned();
        };
        for len in 7..id.len() {
            let unique = git2::Oid::from_str(&id[..len])
                .and_then(|prefix| odb.exists_prefix(prefix, len))
                .map_or_else(|e| e.code() != git2::ErrorCode::Ambiguous, |_| true);
            if unique {
                return id[..len].to_owned();
            }
        }
        id.to_owned()
    }

    /// The best common ancestor of two commits.
    pub fn merge_base(&self, a: &str, b: &str) -> Option<String> {
        let a = git2::Oid::from_str(&self.commit_id(a)?).ok()?;
        let b = git2::Oid::from_str(&self.commit_id(b)?).ok()?;
        self.repo.merge_base(a, b).ok().map(|o| o.to_string())
    }

    /// The branch HEAD is on (`main`), if it is on one.
    pub fn head_branch(&self) -> Option<String> {
        let head = self.repo.head().ok()?;
        if !head.is_branch() {
            return None;
        }
        head.shorthand().ok().map(str::to_owned)
    }

    /// The upstream of the current branch (`refs/remotes/origin/main`).
    pub fn upstream(&self) -> Option<String> {
        let head = self.repo.head().ok()?;
        let name = head.name().ok()?;
        let up = self.repo.branch_upstream_name(name).ok()?;
        up.as_str().ok().map(str::to_owned)
    }

    /// The commits of an in-progress merge (`MERGE_HEAD`), if any.
    pub fn merge_heads(&self) -> Vec<String> {
        std::fs::read_to_string(self.repo.path().join("MERGE_HEAD"))
            .unwrap_or_default()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect()
    }

    /// The heads `git pull` fetched for merging (`FETCH_HEAD` lines not
    /// marked `not-for-merge`).
    pub fn fetch_heads_for_merge(&self) -> Vec<String> {
        std::fs::read_to_string(self.repo.path().join("FETCH_HEAD"))
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.contains("\tnot-for-merge\t"))
            .filter_map(|l| l.split_whitespace().next())
            .filter_map(|id| self.commit_id(id))
            .collect()
    }

    /// What git is in the middle of (`a merge`, `a rebase`, ...), if
    /// anything: work that a rollback must not run across.
    pub fn operation_in_progress(&self) -> Option<&'static str> {
        use git2::RepositoryState as S;
        match self.repo.state() {
            S::Clean => None,
            S::Merge => Some("a merge"),
            S::Revert | S::RevertSequence => Some("a revert"),
            S::CherryPick | S::CherryPickSequence => Some("a cherry-pick"),
            S::Bisect => Some("a bisect"),
            S::Rebase | S::RebaseInteractive | S::RebaseMerge => Some("a rebase"),
            S::ApplyMailbox | S::ApplyMailboxOrRebase => Some("an am"),
        }
    }

    /// The paths of every file in commit `rev`'s tree.
    pub fn tree_paths(&self, rev: &str) -> Result<Vec<String>, GitError> {
        let out = self.run(&["ls-tree", "-r", "-z", "--name-only", rev], None, &[])?;
        Ok(out
            .split('\0')
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .collect())
    }

    /// Whether HEAD points to a commit yet.
    pub fn has_head(&self) -> bool {
        self.repo.head().and_then(|h| h.peel_to_commit()).is_ok()
    }

    /// The directory git runs hooks from (`core.hooksPath` and worktrees
    /// respected), as `git rev-parse --git-path hooks` gives it.
    pub fn hooks_dir(&self) -> Result<PathBuf, GitError> {
        let out = self.run(&["rev-parse", "--git-path", "hooks"], None, &[])?;
        let p = PathBuf::from(out.trim_end_matches(['\n', '\r']));
        Ok(if p.is_absolute() {
            p
        } else {
            self.root.join(p)
        })
    }

    /// Checks `rev`'s signature with `git verify-commit`.
    pub fn signature(&self, rev: &str) -> Signature {
        let out = git_command()
            .arg("-C")
            .arg(&self.root)
            .args(["verify-commit", "--raw", rev])
            .stdin(Stdio::null())
            .output();
        let Ok(out) = out else {
            return Signature::Bad("cannot run git verify-commit".to_owned());
        };
        let status = String::from_utf8_lossy(&out.stderr).into_owned();
        let (key, principal) = signer(&status);
        if out.status.success() {
            return Signature::Good { key, principal };
        }
        if status.contains("No principal matched") {
            return Signature::Bad(format!(
                "the key {} is not in gpg.ssh.allowedSignersFile",
                key.as_deref().unwrap_or("that signed it")
            ));
        }
        if status.trim().is_empty() || status.contains("no signature found") {
            Signature::Unsigned
        } else {
            Signature::Bad(
                status
                    .lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("bad signature")
                    .trim()
                    .to_owned(),
            )
        }
    }

    /// The commits reachable from `tips` that no ref reaches yet (the
    /// commits a ref update brings in), parents first.
    pub fn new_commits(&self, tips: &[&str]) -> Result<Vec<String>, GitError> {
        let args = [
            &["rev-list", "--topo-order", "--reverse"],
            tips,
            &["--not", "--all"],
        ]
        .concat();
        Ok(self
            .run(&args, None, &[])?
            .lines()
            .map(str::to_owned)
            .collect())
    }

    /// Who commits here, as git would write the author (`Name <email>`,
    /// from the environment and the config: `git var GIT_AUTHOR_IDENT`).
    pub fn author_ident(&self) -> Result<String, GitError> {
        let out = self.run(&["var", "GIT_AUTHOR_IDENT"], None, &[])?;
        // "Name <email> 1767322245 +0000": without the time.
        let ident = out.trim();
        Ok(match ident.rfind('>') {
            Some(end) => ident[..=end].to_owned(),
            None => ident.to_owned(),
        })
    }

    /// Whether a ref already points at commit `id`.
    pub fn is_ref_tip(&self, id: &str) -> bool {
        let Ok(oid) = git2::Oid::from_str(id) else {
            return false;
        };
        let Ok(refs) = self.repo.references() else {
            return false;
        };
        refs.flatten()
            .any(|r| r.target() == Some(oid) && r.name() != Ok("HEAD"))
    }

    /// Whether `a` and `b` hold the same entries under each of `paths`
    /// (a subtree or file compared by id: no diff needed).
    pub fn same_entries(&self, a: &str, b: &str, paths: &[&str]) -> bool {
        let (Ok(ta), Ok(tb)) = (self.tree(a), self.tree(b)) else {
            return false;
        };
        paths.iter().all(|p| {
            let id = |t: &git2::Tree| t.get_path(Path::new(p)).ok().map(|e| e.id());
            id(&ta) == id(&tb)
        })
    }

    /// The commits whose parents a shallow clone does not have (git's
    /// `shallow` file); empty in a full clone.
    pub fn shallow_commits(&self) -> std::collections::HashSet<String> {
        if !self.repo.is_shallow() {
            return Default::default();
        }
        std::fs::read_to_string(self.common_dir.join("shallow"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.trim().to_owned())
            .filter(|l| !l.is_empty())
            .collect()
    }
}
