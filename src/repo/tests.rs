//! A repository for the library's tests: git-orx set up in a temporary
//! directory, with git's own configuration (hooks, signing) left out.

use crate::repo::workspace::Workspace;

/// Runs `f` on a repository made here, with git-orx set up and `files`
/// (each a path from the root and its text, written an hour old: older
/// than the stat cache's two seconds, so kept in it) committed with it.
pub fn with_repo(files: &[(String, String)], f: impl FnOnce(&Workspace)) {
    let dir = tempfile::tempdir().unwrap();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(dir.path())
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {out:?}");
    };
    git(&["init", "-q", "-b", "main"]);
    for (k, v) in [
        ("user.name", "Test"),
        ("user.email", "test@example.com"),
        ("commit.gpgsign", "false"),
        ("core.hooksPath", "no-hooks"),
    ] {
        git(&["config", k, v]);
    }
    let repo = crate::git::Repo::open(dir.path()).unwrap();
    crate::repo::setup::init(&repo, None, false).unwrap();
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for (path, text) in files {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        std::fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(old))
            .unwrap();
    }
    git(&["add", "-A"]);
    git(&["commit", "-q", "-m", "set up"]);
    f(&Workspace::open_at(dir.path()).unwrap());
}
