//! Repositories in states and settings the commands must read right:
//! shallow clones, no commit yet, core.autocrlf, an unreadable `.orx/`.

use crate::common::{GOOD, Repo};

#[test]
fn log_and_verify_never_panic_before_the_first_commit_or_in_a_shallow_clone() {
    // `git orx new` before anything is committed makes a root commit.
    let fresh = Repo::bare_git();
    fresh.orx(&["init"]).ok();
    fresh.orx(&["new", "Login", "--as", "sm"]).ok();
    fresh
        .orx(&["log"])
        .ok()
        .stdout_has(&["story 1.1 (new) -> Draft"]);
    fresh.orx(&["verify", "--all"]).ok();

    let repo = Repo::new();
    repo.story_at("Login", "Review");
    let url = format!("file://{}", repo.root.display());
    let clone = repo.path("../shallow");
    repo.git(&["clone", "-q", "--depth", "2", &url, clone.to_str().unwrap()])
        .ok();
    let run = |args: &[&str]| {
        let out = repo
            .command("git")
            .current_dir(&clone)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stdout, stderr) = run(&["orx", "log"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("InProgress -> Review"), "{stdout}");
    assert!(!stdout.contains("(new)"), "{stdout}");
    assert!(stderr.contains("shallow clone"), "{stderr}");
    // verify says which commit it could not judge.
    let boundary = run(&["rev-parse", "--short", "HEAD~1"]).1;
    let (code, stdout, _) = run(&["orx", "verify", "--all"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains(&format!(
            "{}: not judged (a shallow clone's boundary",
            boundary.trim()
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("verified 1 commit (all of HEAD's history), 1 not judged: no violations"),
        "{stdout}"
    );
}

#[test]
fn core_autocrlf_gives_no_false_note_of_uncommitted_rule_changes() {
    let repo = Repo::new();
    repo.story("Login", GOOD);
    repo.git(&["config", "core.autocrlf", "true"]).ok();
    std::fs::remove_file(repo.path(".orx/config.yaml")).unwrap();
    repo.git(&["checkout", "--", ".orx/config.yaml"]).ok();
    assert!(repo.read(".orx/config.yaml").contains("\r\n"));
    let out = repo.orx(&["status"]);
    out.ok();
    out.stderr_lacks(&["uncommitted changes"]);
    // A real change is still noted.
    repo.edit(".orx/config.yaml", "lang: en", "lang: zh");
    repo.orx(&["status"])
        .stderr_has(&["uncommitted changes to .orx/config.yaml are not in force"]);
}

/// Runs `git orx args` as a user who cannot read `.orx/`: `chmod 000`
/// works only for a user other than root, so as root the repository is
/// given to `nobody` and the command runs as `nobody` (setpriv).
#[cfg(unix)]
pub(crate) fn as_user_who_cannot_read(
    repo: &Repo,
    dir: &str,
    args: &[&str],
) -> Option<(i32, String)> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let probe = tempfile::NamedTempFile::new().unwrap();
    let root = probe.as_file().metadata().unwrap().uid() == 0;
    let mut cmd = if root {
        let top = repo.root.parent().unwrap();
        let chown = repo
            .command("chown")
            .args(["-R", "65534:65534"])
            .arg(top)
            .status();
        if !chown.is_ok_and(|s| s.success())
            || repo.command("setpriv").arg("--help").output().is_err()
        {
            return None;
        }
        let mut c = repo.command("setpriv");
        c.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "git",
            "orx",
        ]);
        c
    } else {
        let mut c = repo.command("git");
        c.arg("orx");
        c
    };
    std::fs::set_permissions(repo.path(dir), std::fs::Permissions::from_mode(0o000)).unwrap();
    let out = cmd.args(args).output().unwrap();
    std::fs::set_permissions(repo.path(dir), std::fs::Permissions::from_mode(0o755)).unwrap();
    Some((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    ))
}

#[cfg(unix)]
#[test]
fn an_unreadable_orx_directory_is_reported_not_taken_for_a_change() {
    let repo = Repo::new();
    let id = repo.story("Login", GOOD);
    let Some((code, out)) =
        as_user_who_cannot_read(&repo, ".orx", &["move", &id, "InProgress", "--as", "dev"])
    else {
        eprintln!("cannot run as another user here; skipping");
        return;
    };
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("uncommitted changes"), "{out}");
    // The file system's failure, not the user's: a fault, its cause said.
    assert!(
        out.contains("cannot read .orx/config.yaml: permission denied")
            && out.contains("this is not a refusal by the rules"),
        "{out}"
    );
    let (code, out) = as_user_who_cannot_read(&repo, ".orx", &["check"]).unwrap();
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("cannot read .orx/config.yaml: permission denied"),
        "{out}"
    );
    // An unreadable agents directory is a problem `check` lists.
    std::fs::create_dir_all(repo.path(".orx/agents")).unwrap();
    let (code, out) = as_user_who_cannot_read(&repo, ".orx/agents", &["check"]).unwrap();
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(".orx/agents: cannot be read (permission denied)"),
        "{out}"
    );
}

/// `log`, `metrics` and `check` open the repository as every command
/// does: they note rule changes not in force, and `--lang` holds for what
/// they say.
#[test]
fn log_metrics_and_check_note_uncommitted_rule_changes() {
    let repo = Repo::new();
    repo.story("Login", GOOD);
    repo.edit(".orx/config.yaml", "lang: en", "lang: zh");
    for command in ["log", "metrics", "check"] {
        repo.orx(&[command])
            .stderr_has(&["uncommitted changes to .orx/config.yaml are not in force"]);
        repo.orx(&["--lang", "zh", command])
            .stderr_has(&[".orx/config.yaml 的未提交修改在"]);
    }
}
