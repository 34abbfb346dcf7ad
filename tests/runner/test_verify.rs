//! `git orx verify`: history judged again, because hooks can be bypassed.

use crate::common::{GOOD, Repo};

#[test]
fn a_no_verify_commit_is_caught() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.orx(&["verify"]).ok();
    repo.edit(&path, "status: Approved", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "done"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let out = repo.orx(&["verify"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 1
    --- stdout
    <commit> story 1.1 Approved -> Done: invalid-transition
        story 1.1 cannot move from Approved to Done: the workflow has no such transition
          allowed from Approved: InProgress (Dev)
    verified 5 commits (all of HEAD's history (the branch has no upstream)): 1 violation
    hint: history is not rewritten: fix forward with a new commit (`git orx move` puts an item where the rules allow), then the Human accepts the commit's violations: `git orx acknowledge COMMIT --reason TEXT --as human` (docs/enforcement.md: When verify fails)
    ");
    let json: serde_json::Value =
        serde_json::from_str(&repo.orx(&["verify", "--json", "HEAD~1..HEAD"]).stdout).unwrap();
    assert_eq!(json["commits"], 1);
    assert_eq!(json["violations"][0]["rule"], "invalid-transition");
    assert_eq!(json["violations"][0]["item"], "story 1.1");
    assert_eq!(json["violations"][0]["path"], path.as_str());
    // Only the range asked for is checked.
    repo.orx(&["verify", "HEAD~3..HEAD~1"]).ok();
}

#[test]
fn commits_made_without_any_hook_are_caught() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Approved", "status: InProgress");
    // No hooks at all: no trailers, so no role.
    repo.git(&[
        "-c",
        "core.hooksPath=/nonexistent",
        "commit",
        "-q",
        "-am",
        "by a tool",
    ])
    .ok();
    let out = repo.orx(&["verify", "HEAD~1..HEAD"]);
    out.code(1);
    assert!(out.stdout.contains(": no-role"), "{}", out.stdout);
}

#[test]
fn cherry_picks_and_rebases_are_judged_where_they_land() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    // On a side branch, a skip made with --no-verify...
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.edit(&path, "status: Approved", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "skip"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    // ...cherry-picked onto main (cherry-pick runs no pre-commit hook).
    repo.git(&["cherry-pick", "side"]).ok();
    let out = repo.orx(&["verify", "HEAD~1..HEAD"]);
    out.code(1);
    assert!(
        out.stdout
            .contains("story 1.1 Approved -> Done: invalid-transition"),
        "{}",
        out.stdout
    );
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    // A rebase of valid work stays valid.
    repo.git(&["checkout", "-q", "-b", "work"]).ok();
    repo.walk(&id, &[("InProgress", "dev"), ("Review", "dev")]);
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.write("notes.txt", "main moves on\n");
    repo.git(&["add", "notes.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "notes"]).ok();
    repo.git(&["checkout", "-q", "work"]).ok();
    repo.git(&["rebase", "-q", "main"]).ok();
    repo.orx(&["verify", "main..work"]).ok();
    assert!(repo.read(&path).contains("status: Review"));
}

#[test]
fn a_merge_that_combines_valid_branches_into_an_invalid_state_is_caught() {
    let repo = Repo::new();
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.orx(&["new", "Search", "--id", "2.1", "--as", "sm"])
        .ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.orx(&["new", "Export", "--id", "2.1", "--as", "sm"])
        .ok();
    repo.git_env(
        &["merge", "-q", "--no-verify", "--no-edit", "side"],
        &[("ORX_ROLE", "sm")],
    )
    .ok();
    let out = repo.orx(&["verify", "--all"]);
    out.code(1);
    assert!(
        out.stdout.contains("story 2.1: duplicate-id"),
        "{}",
        out.stdout
    );
    assert_eq!(
        out.stdout.matches("duplicate-id").count(),
        1,
        "{}",
        out.stdout
    );
}

#[test]
fn identities_bind_roles_to_authors() {
    let repo = Repo::new();
    repo.write(
        ".orx/config.yaml",
        format!(
            "{}identities:\n  - {{email: author@example.com, roles: [sm, human]}}\n  - {{email: dev-bot@example.com, roles: [dev]}}\n",
            repo.read(".orx/config.yaml")
        ),
    );
    repo.commit_rules("Who is who");
    let id = repo.story("Login", GOOD);
    repo.orx(&["verify", "--all"]).ok();
    // The test author may act as SM; claiming Dev is caught.
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    let out = repo.orx(&["verify", "HEAD~1..HEAD"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 1
    --- stdout
    <commit>: identity
        author@example.com claims to act as Dev, but its roles are SM or Human
    verified 1 commit (HEAD~1..HEAD): 1 violation
    hint: history is not rewritten: fix forward with a new commit (`git orx move` puts an item where the rules allow), then the Human accepts the commit's violations: `git orx acknowledge COMMIT --reason TEXT --as human` (docs/enforcement.md: When verify fails)
    ");
    // The right author passes.
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    let out = repo.orx_env(
        &["move", &id, "InProgress", "--as", "dev"],
        &[("GIT_AUTHOR_EMAIL", "dev-bot@example.com")],
    );
    out.ok();
    repo.orx(&["verify", "HEAD~1..HEAD"]).ok();
}

/// A role spelled as people write it (`Orx-Role: Human`) is the role the
/// identities map gives (`human`), not a claim to another.
#[test]
fn a_role_in_a_trailer_matches_the_identities_whatever_its_case() {
    let repo = Repo::new();
    repo.write(
        ".orx/config.yaml",
        format!(
            "{}identities:\n  - {{email: author@example.com, roles: [sm, human]}}\n",
            repo.read(".orx/config.yaml")
        ),
    );
    repo.commit_rules("Who is who");
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "title: Login", "title: Log in");
    // Made without any hook, as a tool that runs none would make it.
    repo.git(&[
        "-c",
        "core.hooksPath=/nonexistent",
        "commit",
        "-q",
        "-am",
        "retitle\n\nOrx-Role: Human",
    ])
    .ok();
    let out = repo.orx(&["verify", "HEAD~1..HEAD"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 0
    --- stdout
    verified 1 commit (HEAD~1..HEAD): no violations
    ");
}

#[test]
fn require_signed_needs_a_good_signature_by_the_mapped_key() {
    let repo = Repo::new();
    let key = repo.path("../signing-key");
    let status = repo
        .command("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", "sm", "-f"])
        .arg(&key)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        crate::common::skip_without("ssh-keygen", "openssh-client");
        return;
    }
    let public = std::fs::read_to_string(key.with_extension("pub")).unwrap();
    repo.write("../allowed", format!("author@example.com {public}"));
    repo.git(&["config", "gpg.format", "ssh"]).ok();
    repo.git(&[
        "config",
        "user.signingkey",
        &format!("{}.pub", key.display()),
    ])
    .ok();
    repo.git(&[
        "config",
        "gpg.ssh.allowedSignersFile",
        repo.path("../allowed").to_str().unwrap(),
    ])
    .ok();
    let fingerprint = repo
        .command("ssh-keygen")
        .arg("-lf")
        .arg(key.with_extension("pub"))
        .output()
        .unwrap();
    let fingerprint = String::from_utf8_lossy(&fingerprint.stdout)
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_owned();
    repo.write(
        ".orx/config.yaml",
        format!("{}identities:\n  - {{email: author@example.com, roles: [sm, dev, human], key: \"{fingerprint}\"}}\n", repo.read(".orx/config.yaml")),
    );
    repo.commit_rules("Keys");
    let id = repo.story("Login", GOOD);
    let out = repo.orx(&["verify", "--require-signed", "HEAD~2..HEAD"]);
    out.code(1);
    assert!(
        out.stdout
            .contains("the commit is not signed (--require-signed)"),
        "{}",
        out.stdout
    );
    // Signed commits pass.
    repo.git(&["config", "commit.gpgSign", "true"]).ok();
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    repo.orx(&["verify", "--require-signed", "HEAD~1..HEAD"])
        .ok();
}

#[test]
fn the_default_range_is_what_upstream_does_not_have() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    // A bare "server" with a bad commit already in it.
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Approved", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "old sin"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let server = repo.path("../server.git");
    repo.git(&["clone", "-q", "--bare", ".", server.to_str().unwrap()])
        .ok();
    repo.git(&["remote", "add", "origin", server.to_str().unwrap()])
        .ok();
    repo.git(&["fetch", "-q", "origin"]).ok();
    repo.git(&["branch", "-q", "--set-upstream-to", "origin/main"])
        .ok();
    let out = repo.orx(&["verify"]);
    out.ok();
    assert!(
        out.stdout.contains(
            "verified 0 commits (commits not on refs/remotes/origin/main): no violations"
        ),
        "{}",
        out.stdout
    );
    repo.orx(&["verify", "--all"]).code(1);
}

#[cfg(unix)]
#[test]
fn the_pre_receive_hook_refuses_a_bad_push() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    repo.server_with_hook("pre-receive");
    // A valid move is accepted.
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    repo.git(&["push", "-q", "origin", "main"]).ok();
    // A skip made with --no-verify is refused by the server.
    let path = repo.story_path(&id);
    repo.edit(&path, "status: InProgress", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "skip"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let push = repo.git(&["push", "-q", "origin", "main"]);
    push.fails(1, &["story 1.1 InProgress -> Done: invalid-transition"]);
    // So is a new branch carrying it.
    repo.git(&["push", "-q", "origin", "main:refs/heads/other"])
        .fails(1, &["invalid-transition"]);
}

/// A merge made without hooks is judged on its own changes.
#[test]
fn a_merges_own_changes_are_caught() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.write("notes.txt", "side\n");
    repo.git(&["add", "notes.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "side"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.write("main.txt", "main\n");
    repo.git(&["add", "main.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "main"]).ok();
    repo.git(&["merge", "-q", "--no-commit", "side"]).ok();
    repo.git(&["rm", "-q", &path]).ok();
    repo.git_env(
        &["commit", "-q", "--no-verify", "-m", "merge side"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    repo.orx(&["verify", "HEAD~1..HEAD"])
        .code(1)
        .stdout_has(&["story 1.1 (Approved) may be deleted only by a Human"]);
}
