//! What a hostile history, a killed process or a person committing beside
//! an agent must not achieve: replace refs that hide a commit, a commit
//! that takes another's message or files, work lost to an undo.

use crate::common::{GOOD, Repo};

/// A Dev's InProgress -> Done skip, committed without hooks, then hidden
/// behind a replace ref whose commit changes nothing: the returned pair
/// is (the skip, its stand-in).
fn hidden_skip(repo: &Repo) -> (String, String) {
    let id = repo.story_at("Login", "InProgress");
    let path = repo.story_path(&id);
    repo.edit(&path, "status: InProgress", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "skip"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let skip = repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned();
    let parent_tree = repo
        .git(&["rev-parse", "HEAD~1^{tree}"])
        .stdout
        .trim()
        .to_owned();
    let stand_in = repo
        .git(&[
            "commit-tree",
            &parent_tree,
            "-p",
            "HEAD~1",
            "-m",
            "skip\n\nOrx-Role: dev",
        ])
        .stdout
        .trim()
        .to_owned();
    (skip, stand_in)
}

#[test]
fn a_local_replace_ref_does_not_hide_a_violation_from_verify() {
    let repo = Repo::new();
    let (skip, stand_in) = hidden_skip(&repo);
    repo.git(&["replace", &skip, &stand_in]).ok();
    // git itself now shows the stand-in...
    assert_eq!(repo.git(&["diff", "--stat", "HEAD~1", "HEAD"]).stdout, "");
    // ...but verify reads the commit as it is.
    repo.orx(&["verify", "--all"])
        .code(1)
        .stdout_has(&["story 1.1 InProgress -> Done", "invalid-transition"]);
    repo.orx(&["verify", "HEAD~1..HEAD"])
        .code(1)
        .stdout_has(&["invalid-transition"]);
}

#[cfg(unix)]
fn server_with_pre_receive(repo: &Repo) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let server = repo.path("../server.git");
    repo.git(&["clone", "-q", "--bare", ".", server.to_str().unwrap()])
        .ok();
    let hook = server.join("hooks/pre-receive");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/hooks/pre-receive"),
        &hook,
    )
    .unwrap();
    std::fs::set_permissions(&hook, std::fs::Permissions::from_mode(0o755)).unwrap();
    repo.git(&["remote", "add", "origin", server.to_str().unwrap()])
        .ok();
    server
}

#[cfg(unix)]
#[test]
fn the_pre_receive_hook_refuses_replace_refs_and_ignores_the_servers() {
    let repo = Repo::new();
    let server = server_with_pre_receive(&repo);
    let (skip, stand_in) = hidden_skip(&repo);
    // Pushing the replace ref first is refused...
    repo.git(&["replace", &skip, &stand_in]).ok();
    repo.git(&["push", "-q", "origin", &format!("refs/replace/{skip}")])
        .fails(1, &["refs/replace/", "replace"]);
    // ...and a replace ref already on the server hides nothing.
    repo.git(&[
        "push",
        "-q",
        "origin",
        &format!("{stand_in}:refs/heads/stand-in"),
    ])
    .ok();
    let bare = |args: &[&str]| {
        let mut all = vec!["--git-dir", server.to_str().unwrap()];
        all.extend_from_slice(args);
        repo.git(&all)
    };
    bare(&["update-ref", &format!("refs/replace/{skip}"), &stand_in]).ok();
    repo.git(&["push", "-q", "origin", "main"])
        .fails(1, &["story 1.1 InProgress -> Done: invalid-transition"]);
}

#[cfg(unix)]
#[test]
fn the_pre_receive_hook_refuses_orx_refs_unless_the_server_accepts_them() {
    let repo = Repo::new();
    repo.story("Login", GOOD);
    let server = server_with_pre_receive(&repo);
    repo.git(&["push", "-q", "origin", "HEAD:refs/orx/checkpoints/x"])
        .fails(1, &["refs/orx/", "orx.acceptOrxRefs"]);
    let config = |args: &[&str]| {
        let mut all = vec!["--git-dir", server.to_str().unwrap(), "config"];
        all.extend_from_slice(args);
        repo.git(&all).ok();
    };
    config(&["orx.acceptOrxRefs", "true"]);
    repo.git(&["push", "-q", "origin", "HEAD:refs/orx/checkpoints/x"])
        .ok();
}
