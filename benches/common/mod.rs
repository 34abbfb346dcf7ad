//! What the benches share: a repository to time commands in, and the
//! command line that runs this build's git-orx (and its hooks) there.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub struct Bench {
    pub root: PathBuf,
    pub bin: PathBuf,
}

impl Bench {
    /// `program args` in the bench repository, with this build's git-orx
    /// first on PATH (so the hooks run it), a fixed identity, no colour
    /// and no role; output discarded, stderr piped.
    pub fn cmd(&self, program: &Path, args: &[&str]) -> Command {
        let mut c = Command::new(program);
        let dir = self.bin.parent().unwrap().to_path_buf();
        let path = std::env::join_paths(std::iter::once(dir).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )))
        .unwrap();
        c.args(args)
            .env("PATH", path)
            .current_dir(&self.root)
            .env("GIT_AUTHOR_NAME", "Bench")
            .env("GIT_AUTHOR_EMAIL", "bench@example.com")
            .env("GIT_COMMITTER_NAME", "Bench")
            .env("GIT_COMMITTER_EMAIL", "bench@example.com")
            .env("NO_COLOR", "1")
            .env_remove("ORX_ROLE")
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        c
    }
}
