//! What merging asks of git: its own three-way text merge of three texts
//! (`git merge-file`), the versions an unmerged index holds of a file, a
//! merge driver set in the repository's configuration and attributes.

use std::path::PathBuf;

use super::{GitError, Repo, git_command};

/// The marker lines a block of attributes is kept between in
/// `info/attributes`, so that it is rewritten whole and nothing else is.
const BEGIN: &str = "# git-orx: item files merge field by field (git orx hooks install)";
const END: &str = "# git-orx: end";

impl Repo {
    /// git's three-way text merge of `ours` and `theirs` from `base`, with
    /// `labels` (ours, base, theirs) on the conflict markers: the text, and
    /// whether it holds conflicts.
    pub fn merge_text(
        &self,
        base: &str,
        ours: &str,
        theirs: &str,
        labels: [&str; 3],
    ) -> Result<(String, bool), GitError> {
        // Beside git's own files: the library names the place itself, not
        // the environment (TMPDIR).
        let dir =
            tempfile::tempdir_in(self.git_dir()).map_err(|e| GitError::io(self.git_dir(), e))?;
        let io = |e: std::io::Error| GitError::io(dir.path(), e);
        let write = |name: &str, text: &str| -> Result<PathBuf, GitError> {
            let p = dir.path().join(name);
            std::fs::write(&p, text).map_err(io)?;
            Ok(p)
        };
        let (o, b, t) = (
            write("ours", ours)?,
            write("base", base)?,
            write("theirs", theirs)?,
        );
        let out = git_command()
            .arg("-C")
            .arg(self.root())
            .args([
                "merge-file",
                "-p",
                "-L",
                labels[0],
                "-L",
                labels[1],
                "-L",
                labels[2],
            ])
            .arg(&o)
            .arg(&b)
            .arg(&t)
            .output()
            .map_err(GitError::spawn)?;
        // git merge-file exits with the number of conflicts; below 0
        // (shown as 255 and up by the shell) is its own failure.
        match out.status.code() {
            Some(n @ 0..=127) => Ok((String::from_utf8_lossy(&out.stdout).into_owned(), n > 0)),
            _ => Err(GitError::Command {
                args: "merge-file".to_owned(),
                message: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
            }),
        }
    }

    /// The version of `rel` at `stage` of an unmerged index (1: the base,
    /// 2: ours, 3: theirs), if the index holds one.
    pub fn index_stage(&self, rel: &str, stage: i32) -> Result<Option<Vec<u8>>, GitError> {
        let index = self.repo.index().map_err(super::lib)?;
        match index.get_path(std::path::Path::new(rel), stage) {
            Some(entry) => Ok(Some(
                self.repo
                    .find_blob(entry.id)
                    .map_err(super::lib)?
                    .content()
                    .to_vec(),
            )),
            None => Ok(None),
        }
    }

    /// The command of the merge driver `name` in git's configuration.
    pub fn merge_driver(&self, name: &str) -> Option<String> {
        self.run(
            &["config", "--get", &format!("merge.{name}.driver")],
            None,
            &[],
        )
        .ok()
        .map(|v| v.trim_end().to_owned())
        .filter(|v| !v.is_empty())
    }

    /// How many commits of HEAD's first-parent line came after the one
    /// that added `rel` to it (0: HEAD added it; a file a merge brought
    /// in counts from that merge); `None` when that line never adds it.
    pub fn added_ago(&self, rel: &str) -> Result<Option<u64>, GitError> {
        if !self.has_head() {
            return Ok(None);
        }
        let added = self.run(
            &[
                "log",
                "-1",
                "--first-parent",
                "--diff-filter=A",
                "--format=%H",
                "HEAD",
                "--",
                rel,
            ],
            None,
            &[],
        )?;
        let added = added.trim();
        if added.is_empty() {
            return Ok(None);
        }
        let since = self.run(
            &[
                "rev-list",
                "--first-parent",
                "--count",
                &format!("{added}..HEAD"),
            ],
            None,
            &[],
        )?;
        Ok(since.trim().parse().ok())
    }

    /// Ends the merge under way with a commit of the index and `paths` as
    /// they are in the work tree, its message git's own with `trailers`
    /// added, the hooks run with `env`.
    pub fn commit_merge(
        &self,
        paths: &[&str],
        trailers: &[(String, String)],
        env: &[(&str, &str)],
    ) -> Result<String, GitError> {
        let mut add = vec!["add", "-A", "--"];
        add.extend_from_slice(paths);
        self.run(&add, None, &[])?;
        let flags: Vec<String> = trailers.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        let mut args = vec!["commit", "--no-edit", "-q"];
        for f in &flags {
            args.push("--trailer");
            args.push(f);
        }
        self.run(&args, None, env)?;
        self.commit_id("HEAD")
            .ok_or_else(|| GitError::Unexpected(crate::msg!("git-head-no-commit-after-merge")))
    }

    /// The paths that would conflict were `theirs` merged into `ours`
    /// (`git merge-tree --write-tree`, which touches neither the index nor
    /// the work tree): none when it merges cleanly.
    pub fn merge_conflicts(&self, ours: &str, theirs: &str) -> Result<Vec<String>, GitError> {
        let args = [
            "merge-tree",
            "--write-tree",
            "--name-only",
            "--no-messages",
            ours,
            theirs,
        ];
        let out = git_command()
            .arg("-C")
            .arg(self.root())
            .args(args)
            .output()
            .map_err(GitError::spawn)?;
        match out.status.code() {
            Some(0) => Ok(Vec::new()),
            // The tree, then the conflicted paths.
            Some(1) => Ok(String::from_utf8_lossy(&out.stdout)
                .lines()
                .skip(1)
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect()),
            _ => Err(super::failure(args.join(" "), &out)),
        }
    }

    /// Merges `theirs` into the current branch with a merge commit (never
    /// a fast-forward) whose message is `message`, the hooks run with
    /// `env`; the merge commit's ID. A merge that stops (a hook refuses
    /// its commit) is aborted: the branch, index and work tree are left
    /// as they were.
    pub fn merge_no_ff(
        &self,
        theirs: &str,
        message: &str,
        env: &[(&str, &str)],
    ) -> Result<String, GitError> {
        let merged = self.run(
            &["merge", "--no-ff", "--no-edit", "-q", "-m", message, theirs],
            None,
            env,
        );
        if let Err(e) = merged {
            if !self.merge_heads().is_empty() {
                let _ = self.run(&["merge", "--abort"], None, &[]);
            }
            return Err(e);
        }
        self.commit_id("HEAD")
            .ok_or_else(|| GitError::Unexpected(crate::msg!("git-head-no-commit-after-merge")))
    }

    /// Commits the index as it is (nothing staged: an empty commit) with
    /// `message`, the hooks run with `env`; the commit's ID.
    pub fn commit_empty(&self, message: &str, env: &[(&str, &str)]) -> Result<String, GitError> {
        self.run(
            &["commit", "-q", "--allow-empty", "--only", "-F", "-"],
            Some(message),
            env,
        )?;
        self.commit_id("HEAD")
            .ok_or_else(|| GitError::Unexpected(crate::msg!("git-head-no-commit-after-commit")))
    }

    /// The paths the index holds unmerged (a merge's conflicts).
    pub fn unmerged_paths(&self) -> Result<Vec<String>, GitError> {
        let index = self.repo.index().map_err(super::lib)?;
        let mut out = Vec::new();
        for c in index.conflicts().map_err(super::lib)? {
            let c = c.map_err(super::lib)?;
            if let Some(e) = c.our.or(c.their).or(c.ancestor) {
                let p = String::from_utf8_lossy(&e.path).into_owned();
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
        Ok(out)
    }

    /// Stages the work tree's `rel` (`git add`), ending its conflict.
    pub fn stage(&self, rel: &str) -> Result<(), GitError> {
        self.run(&["add", "--", rel], None, &[])?;
        Ok(())
    }

    /// Sets `key` to `value` in the repository's own configuration.
    pub fn set_config(&self, key: &str, value: &str) -> Result<(), GitError> {
        self.run(&["config", "--local", key, value], None, &[])?;
        Ok(())
    }

    /// Removes a section of the repository's own configuration, if it is
    /// there.
    pub fn remove_config_section(&self, section: &str) {
        let _ = self.run(
            &["config", "--local", "--remove-section", section],
            None,
            &[],
        );
    }

    /// Where attributes only this repository (every worktree of it) reads
    /// are kept.
    pub fn info_attributes(&self) -> PathBuf {
        self.common_dir.join("info").join("attributes")
    }

    /// Puts `lines` in `info/attributes` between git-orx's markers,
    /// replacing the block written before and keeping every other line.
    /// Whether the file changed.
    pub fn set_attributes_block(&self, lines: &[String]) -> Result<bool, GitError> {
        let path = self.info_attributes();
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        let mut kept = Vec::new();
        let mut inside = false;
        for l in old.lines() {
            match l {
                BEGIN => inside = true,
                END => inside = false,
                _ if !inside => kept.push(l.to_owned()),
                _ => {}
            }
        }
        if !lines.is_empty() {
            kept.push(BEGIN.to_owned());
            kept.extend(lines.iter().cloned());
            kept.push(END.to_owned());
        }
        let mut new = kept.join("\n");
        if !new.is_empty() {
            new.push('\n');
        }
        if new == old {
            return Ok(false);
        }
        let io = |e: std::io::Error| GitError::io(&path, e);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        std::fs::write(&path, new).map_err(io)?;
        Ok(true)
    }

    /// The lines of git-orx's block in `info/attributes`.
    pub fn attributes_block(&self) -> Vec<String> {
        let text = std::fs::read_to_string(self.info_attributes()).unwrap_or_default();
        text.lines()
            .skip_while(|l| *l != BEGIN)
            .skip(1)
            .take_while(|l| *l != END)
            .map(str::to_owned)
            .collect()
    }
}
