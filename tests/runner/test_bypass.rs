//! Ways around the rules: root commits, unrelated histories, signatures by
//! someone else, commits git makes without pre-commit, oversized items —
//! and the Human's acknowledgement of a past violation.

use crate::common::{GOOD, Repo};

/// Commits without any hook (as a tool that runs none would make them).
const NO_HOOKS: &str = "core.hooksPath=/nonexistent";

/// A story file for `id` in `state`, written as a hand edit would be.
fn story_text(repo: &Repo, id: &str, state: &str) -> String {
    let existing = repo.story_path(id);
    repo.read(&existing)
        .replacen("status: Approved", &format!("status: {state}"), 1)
}

#[test]
fn a_root_commit_merged_from_an_unrelated_history_is_judged() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    // An orphan branch whose root holds a new story 9.1 already in Done.
    let text = story_text(&repo, &id, "Done")
        .replacen(&format!("id: {id}"), "id: \"9.1\"", 1)
        .replacen(&format!("id: '{id}'"), "id: \"9.1\"", 1)
        .replacen(&format!("id: \"{id}\""), "id: \"9.1\"", 1);
    assert!(text.contains("id: \"9.1\""), "{text}");
    repo.git(&["checkout", "-q", "--orphan", "evil"]).ok();
    repo.git(&["rm", "-rq", "--cached", "docs"]).ok();
    std::fs::remove_dir_all(repo.path("docs")).unwrap();
    repo.write("docs/stories/9.1.evil.md", &text);
    repo.git(&["add", "docs"]).ok();
    // The pre-commit hook judges a first commit too: a new story must
    // start in Draft.
    repo.git_env(&["commit", "-q", "-m", "root"], &[("ORX_ROLE", "dev")])
        .fails(1, &["is new and must start in Draft"]);
    repo.git_env(
        &[
            "-c",
            NO_HOOKS,
            "commit",
            "-q",
            "-m",
            "root\n\nOrx-Role: dev",
        ],
        &[],
    )
    .ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    // pre-merge-commit refuses the merge of the unrelated history...
    let merge = [
        "merge",
        "-q",
        "--allow-unrelated-histories",
        "-m",
        "merge",
        "evil",
    ];
    let out = repo.git_env(&merge, &[("ORX_ROLE", "dev")]);
    assert_ne!(out.code, 0, "{}", out.render());
    out.stderr_has(&["is new and must start in Draft"]);
    repo.git(&["merge", "--abort"]).ok();
    // ...and verify catches both the root commit and the merge made
    // without hooks.
    repo.git_env(&[&["-c", NO_HOOKS][..], &merge[..]].concat(), &[])
        .ok();
    let out = repo.orx(&["verify", "--all"]);
    out.code(1);
    // The root as what it is (the merge, made without hooks, has no role).
    assert!(
        out.stdout
            .contains("story 9.1 (new) -> Done: not-initial-state"),
        "{}",
        out.stdout
    );
    let caught = out
        .stdout
        .lines()
        .filter(|l| l.contains("story 9.1 (new) -> Done: "))
        .count();
    // The root's not-initial-state; the merge's missing role and, as every
    // rule a commit breaks is told, its not-initial-state too.
    assert_eq!(caught, 3, "{}", out.stdout);
    assert!(
        out.stdout.contains("story 9.1 (new) -> Done: no-role"),
        "{}",
        out.stdout
    );
}

/// Makes an SSH key pair in the test's temp dir; `None` without ssh-keygen.
fn ssh_key(repo: &Repo, name: &str) -> Option<(std::path::PathBuf, String)> {
    let key = repo.path(&format!("../{name}"));
    let status = repo
        .command("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
        .arg(&key)
        .status();
    if !status.is_ok_and(|s| s.success()) {
        return None;
    }
    let public = std::fs::read_to_string(key.with_extension("pub")).unwrap();
    Some((key.with_extension("pub"), public))
}

#[test]
fn require_signed_refuses_a_signature_by_another_identitys_key() {
    let repo = Repo::new();
    let (Some((human_key, human_pub)), Some((dev_key, dev_pub))) =
        (ssh_key(&repo, "human-key"), ssh_key(&repo, "dev-key"))
    else {
        crate::common::skip_without("ssh-keygen", "openssh-client");
        return;
    };
    repo.write(
        "../allowed",
        format!("human@example.com {human_pub}dev@example.com {dev_pub}"),
    );
    for (k, v) in [
        ("gpg.format", "ssh"),
        ("commit.gpgSign", "true"),
        (
            "gpg.ssh.allowedSignersFile",
            repo.path("../allowed").to_str().unwrap(),
        ),
    ] {
        repo.git(&["config", k, v]).ok();
    }
    repo.write(
        ".orx/config.yaml",
        format!(
            "{}identities:\n  - {{email: author@example.com, roles: [sm, human]}}\n  - {{email: human@example.com, roles: [human]}}\n  - {{email: dev@example.com, roles: [dev]}}\n",
            repo.read(".orx/config.yaml")
        ),
    );
    repo.git(&["config", "user.signingkey", human_key.to_str().unwrap()])
        .ok();
    repo.commit_rules("Who is who");
    let id = repo.story("Login", GOOD);
    // The Dev signs with their own key a commit authored as the Human.
    repo.git(&["config", "user.signingkey", dev_key.to_str().unwrap()])
        .ok();
    let human = [("GIT_AUTHOR_EMAIL", "human@example.com")];
    repo.orx_env(
        &[
            "move",
            &id,
            "InProgress",
            "--as",
            "human",
            "--force",
            "--reason",
            "hotfix",
        ],
        &human,
    )
    .ok();
    let out = repo.orx(&["verify", "--require-signed", "HEAD~1..HEAD"]);
    out.code(1);
    assert!(
        out.stdout
            .contains("signed by dev@example.com's key (SHA256:")
            && out.stdout.contains("but the author is human@example.com"),
        "{}",
        out.stdout
    );
    // Signed by the Human's own key, it passes.
    repo.git(&["reset", "-q", "--hard", "HEAD~1"]).ok();
    repo.git(&["config", "user.signingkey", human_key.to_str().unwrap()])
        .ok();
    repo.orx_env(
        &[
            "move",
            &id,
            "InProgress",
            "--as",
            "human",
            "--force",
            "--reason",
            "hotfix",
        ],
        &human,
    )
    .ok();
    repo.orx(&["verify", "--require-signed", "HEAD~1..HEAD"])
        .ok();
}

#[test]
fn cherry_pick_revert_and_rebase_of_forbidden_changes_are_refused() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    // A skip made on a side branch with --no-verify (which skips every
    // git-orx hook, as git's own do)...
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.edit(&path, "status: Approved", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "skip"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.write("code.txt", "v0");
    repo.git(&["add", "code.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "code"]).ok();
    let before = repo.git(&["rev-parse", "HEAD"]).stdout;
    // ...is refused when cherry-picked onto main (no pre-commit runs).
    let out = repo.git_env(&["cherry-pick", "side"], &[("ORX_ROLE", "dev")]);
    assert_ne!(out.code, 0, "{}", out.render());
    out.stderr_has(&["story 1.1 Approved -> Done: invalid-transition"]);
    repo.git(&["cherry-pick", "--abort"]).ok();
    assert_eq!(repo.git(&["rev-parse", "HEAD"]).stdout, before);
    // Rebasing the side branch replays the skip: refused too.
    repo.git(&["checkout", "-q", "side"]).ok();
    let side = repo.git(&["rev-parse", "HEAD"]).stdout;
    let out = repo.git(&["rebase", "-q", "main"]);
    assert_ne!(out.code, 0, "{}", out.render());
    out.stderr_has(&["invalid-transition"]);
    repo.git(&["rebase", "--abort"]).ok();
    assert_eq!(repo.git(&["rev-parse", "HEAD"]).stdout, side);
    repo.git(&["checkout", "-q", "main"]).ok();
    // Reverting a valid move would put the story back where the Dev may
    // not move it.
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    let out = repo.git_env(&["revert", "--no-edit", "HEAD"], &[("ORX_ROLE", "dev")]);
    assert_ne!(out.code, 0, "{}", out.render());
    out.stderr_has(&["InProgress -> Approved"]);
    repo.git(&["reset", "-q", "--merge"]).ok();
    assert_eq!(repo.read(&path).matches("status: InProgress").count(), 1);
    // git-orx's own commits, checkpoints and rollbacks, other commits and
    // branch switches still work.
    repo.orx(&["move", &id, "Review", "--as", "dev"]).ok();
    repo.write("code.txt", "v1");
    repo.git(&["add", "code.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "code"]).ok();
    let cp = repo.orx(&["checkpoint", "-m", "before v2"]);
    cp.ok();
    let name = cp
        .stdout
        .split_whitespace()
        .find(|w| w.starts_with("chk-"))
        .unwrap()
        .trim_end_matches([':', '.', ','])
        .to_owned();
    repo.write("code.txt", "v2");
    repo.git(&["commit", "-q", "-am", "v2"]).ok();
    repo.orx(&["rollback", &name, "--as", "dev", "-y"]).ok();
    assert_eq!(repo.read("code.txt"), "v1");
    repo.git(&["checkout", "-q", "side"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    // The side branch's skip never reached main.
    repo.orx(&["verify", "main"]).ok();
    // History made elsewhere is verify's to judge, even fetched into a
    // local branch.
    let other = repo.path("../other");
    repo.git(&["clone", "-q", ".", other.to_str().unwrap()])
        .ok();
    let there = |args: &[&str]| {
        let out = repo
            .command("git")
            .current_dir(&other)
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let theirs = other.join(&path);
    let text = std::fs::read_to_string(&theirs).unwrap();
    std::fs::write(&theirs, text.replacen("status: Review", "status: Done", 1)).unwrap();
    there(&["-c", NO_HOOKS, "commit", "-q", "-am", "elsewhere"]);
    repo.git(&["fetch", "-q", other.to_str().unwrap(), "main:imported"])
        .ok();
    repo.orx(&["verify", "imported"]).code(1);
}

#[test]
fn verify_reports_an_acknowledged_violation_apart() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Approved", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "done"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    let bad = repo.git(&["rev-parse", "HEAD"]).stdout.trim().to_owned();
    repo.orx(&["verify", "--all"]).code(1);
    let ack = format!(
        "- commit: {}\n  reason: shipped in the hotfix; reviewed in the retro\n  by: Ana <author@example.com>\n",
        &bad[..12]
    );
    repo.write(".orx/acknowledged.yaml", &ack);
    repo.git(&["add", ".orx/acknowledged.yaml"]).ok();
    // Only the Human may acknowledge, by hand or with the command.
    repo.git_env(&["commit", "-q", "-m", "ack"], &[("ORX_ROLE", "dev")])
        .fails(1, &["only the Human may change it"]);
    repo.git(&["rm", "-q", "-f", ".orx/acknowledged.yaml"]).ok();
    repo.orx(&["acknowledge", &bad, "--reason", "mine", "--as", "dev"])
        .fails(1, &["only the Human may acknowledge"]);
    let out = repo.orx(&[
        "acknowledge",
        &bad[..7],
        "--reason",
        "shipped in the hotfix; reviewed in the retro",
        "--as",
        "human",
    ]);
    out.ok();
    assert!(
        out.stdout.starts_with(&format!(
            "acknowledged {} by Test Author <author@example.com>: shipped in the hotfix",
            &bad[..7]
        )),
        "{}",
        out.render()
    );
    assert!(
        repo.read(".orx/acknowledged.yaml")
            .contains(&format!("- commit: {bad}\n"))
    );
    repo.orx(&["acknowledge", &bad, "--reason", "again", "--as", "human"])
        .code(1);
    let out = repo.orx(&["verify", "--all"]);
    insta::assert_snapshot!(out.render(), @"
    exit: 0
    --- stdout
    <commit> story 1.1 Approved -> Done: invalid-transition (acknowledged)
        story 1.1 cannot move from Approved to Done: the workflow has no such transition
          allowed from Approved: InProgress (Dev)
        acknowledged by Test Author <author@example.com>: shipped in the hotfix; reviewed in the retro
    verified 6 commits (all of HEAD's history (the branch has no upstream)): no violations, 1 acknowledged
    ");
    let json: serde_json::Value =
        serde_json::from_str(&repo.orx(&["verify", "--all", "--json"]).stdout).unwrap();
    assert_eq!(json["violations"].as_array().unwrap().len(), 0);
    assert_eq!(json["acknowledged"][0]["rule"], "invalid-transition");
    // A malformed acknowledgement is refused.
    repo.write(
        ".orx/acknowledged.yaml",
        "- commit: nope\n  reason: x\n  by: y\n",
    );
    repo.commit_as("human", "bad ack")
        .fails(1, &["must be a commit id"]);
}

#[test]
fn a_story_over_1_mib_is_refused_by_the_hooks_and_verify() {
    let repo = Repo::new();
    let id = repo.story("Login", &[]);
    let path = repo.story_path(&id);
    let big = format!("{}\n{}\n", repo.read(&path), "x".repeat(1024 * 1024));
    repo.write(&path, &big);
    repo.commit_as("sm", "big")
        .fails(1, &["items may be at most 1048576 bytes"]);
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "big"],
        &[("ORX_ROLE", "sm")],
    )
    .ok();
    let out = repo.orx(&["verify", "HEAD~1..HEAD"]);
    out.code(1);
    assert!(
        out.stdout.contains("invalid-file") && out.stdout.contains("items may be at most"),
        "{}",
        out.stdout
    );
    repo.orx(&["check"])
        .code(1)
        .stdout_has(&["items may be at most"]);
}

/// A commit made with plumbing (`commit-tree`) that no ref has reached,
/// with a forbidden move in it: a fast-forward `git merge` runs neither
/// pre-commit nor pre-merge-commit, so reference-transaction judges it; and
/// a git option git-orx does not know (`--attr-source commit`) never passes
/// an `update-ref` or a `cherry-pick` off as a `git commit` that was judged.
#[test]
fn a_fast_forward_or_a_disguised_git_command_cannot_bring_in_a_forbidden_commit() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.edit(&path, "status: Approved", "status: Done");
    repo.git(&["add", &path]).ok();
    let tree = repo.git(&["write-tree"]).stdout.trim().to_owned();
    repo.git(&["reset", "-q"]).ok();
    repo.git(&["checkout", "-q", "--", "."]).ok();
    let bad = repo
        .git_env(
            &[
                "commit-tree",
                &tree,
                "-p",
                "HEAD",
                "-m",
                "skip\n\nOrx-Role: dev",
            ],
            &[],
        )
        .stdout
        .trim()
        .to_owned();
    let before = repo.git(&["rev-parse", "HEAD"]).stdout;
    for args in [
        vec!["merge", "-q", "--ff-only", bad.as_str()],
        vec!["update-ref", "refs/heads/main", bad.as_str()],
        vec!["reset", "-q", "--hard", bad.as_str()],
    ] {
        let out = repo.git(&args);
        assert_ne!(out.code, 0, "git {}: {}", args.join(" "), out.render());
        assert!(
            out.stderr.contains("invalid-transition"),
            "git {}: {}",
            args.join(" "),
            out.render()
        );
        assert_eq!(repo.git(&["rev-parse", "HEAD"]).stdout, before);
    }
    // `git reset --hard` writes the files before it moves the branch: the
    // refused move leaves them, as git leaves them when its ref update fails.
    repo.git(&["reset", "-q", "--hard"]).ok();
    repo.git(&["tag", "commit", "HEAD"]).ok();
    let out = repo.git(&[
        "--attr-source",
        "commit",
        "update-ref",
        "refs/heads/main",
        &bad,
    ]);
    assert_ne!(out.code, 0, "{}", out.render());
    assert_eq!(repo.git(&["rev-parse", "HEAD"]).stdout, before);
    // A plain commit, a real merge and git-orx's own moves still work.
    repo.orx(&["move", &id, "InProgress", "--as", "dev"]).ok();
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.write("side.txt", "side\n");
    repo.git(&["add", "side.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "side"]).ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.write("main.txt", "main\n");
    repo.git(&["add", "main.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "main"]).ok();
    repo.git(&["merge", "-q", "--no-edit", "side"]).ok();
    repo.git(&["merge", "-q", "--ff-only", "side"]).ok();
    repo.orx(&["verify", "--all"]).ok();
}

/// The start time of process `pid` (field 22 of `/proc/PID/stat`).
#[cfg(target_os = "linux")]
fn started(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let (_, rest) = stat.rsplit_once(')').unwrap();
    rest.split_whitespace().nth(19).unwrap().parse().unwrap()
}

/// A cherry-pick run by a shell that waits for a line first, so that the
/// test knows the git process's pid (and start time, which `exec` keeps)
/// before any hook runs; `key` makes what the test writes as the mark a
/// pre-commit of that pid left. Returns the cherry-pick's output.
#[cfg(target_os = "linux")]
fn cherry_pick_with_mark(repo: &Repo, key: impl Fn(u32, u64) -> String) -> crate::common::Run {
    use std::io::Write;
    let mut child = repo
        .command("sh")
        .args(["-c", "read _; exec git cherry-pick side"])
        .env("ORX_ROLE", "dev")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mark = key(pid, started(pid));
    for file in ["orx-judged", "orx-quiet"] {
        std::fs::write(repo.path(&format!(".git/{file}")), &mark).unwrap();
    }
    child.stdin.take().unwrap().write_all(b"\n").unwrap();
    let out = child.wait_with_output().unwrap();
    crate::common::Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The mark a `git commit` leaves when its pre-commit passes names the
/// process by pid and start time. A git process that died after its
/// pre-commit leaves its mark behind; a later git process given the same
/// pid (simulated: the same pid, a later start time) is not taken for it,
/// so its forbidden cherry-pick is still judged and refused. The mark of
/// that very process (same pid and start time) is what lets the shims skip
/// git-orx: the start time alone tells them apart.
#[cfg(target_os = "linux")]
#[test]
fn a_dead_git_processs_mark_is_not_taken_for_a_later_process_with_its_pid() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let path = repo.story_path(&id);
    repo.git(&["checkout", "-q", "-b", "side"]).ok();
    repo.edit(&path, "status: Approved", "status: Done");
    repo.git_env(
        &["commit", "-q", "--no-verify", "-am", "skip"],
        &[("ORX_ROLE", "dev")],
    )
    .ok();
    repo.git(&["checkout", "-q", "main"]).ok();
    repo.write("code.txt", "v0");
    repo.git(&["add", "code.txt"]).ok();
    repo.git(&["commit", "-q", "-m", "code"]).ok();
    let before = repo.git(&["rev-parse", "HEAD"]).stdout;
    let out = cherry_pick_with_mark(&repo, |pid, start| format!("{pid} {}", start + 1));
    assert_ne!(out.code, 0, "{}", out.render());
    out.stderr_has(&["story 1.1 Approved -> Done: invalid-transition"]);
    assert_eq!(repo.git(&["rev-parse", "HEAD"]).stdout, before);
    repo.git(&["cherry-pick", "--abort"]).ok();
    // The same pid with no start time, or another pid, is not it either.
    for key in [
        |pid: u32, _: u64| format!("{pid} "),
        |pid: u32, start: u64| format!("{} {start}", pid + 1),
    ] {
        let out = cherry_pick_with_mark(&repo, key);
        assert_ne!(out.code, 0, "{}", out.render());
        assert_eq!(repo.git(&["rev-parse", "HEAD"]).stdout, before);
        repo.git(&["cherry-pick", "--abort"]).ok();
    }
    // The process's own mark: the shims take the ref move as judged.
    let out = cherry_pick_with_mark(&repo, |pid, start| format!("{pid} {start}"));
    assert_eq!(out.code, 0, "{}", out.render());
    assert_ne!(repo.git(&["rev-parse", "HEAD"]).stdout, before);
}
