//! Arguments as a user of git tools types them: state and role names in
//! any case, ranges and dates as git takes them, `--color`, `--json` on
//! the commands that change an item, and exit codes that mean one thing.

use crate::common::Repo;

/// A repository with story 1.1 in Draft.
fn with_story() -> Repo {
    let repo = Repo::new();
    repo.orx(&["new", "User login", "--as", "sm"]).ok();
    repo
}

#[test]
fn a_state_name_with_a_space_is_a_usage_error_that_names_the_state() {
    let repo = with_story();
    let before = repo.state();
    let run = repo.orx(&["move", "1.1", "In Progress", "--as", "dev"]);
    insta::assert_snapshot!(run.render(), @r"
    exit: 2
    --- stderr
    error: `In Progress` is not a state of story 1.1's workflow; did you mean InProgress?
      states: Draft, Blocked, AwaitingArchReview, RequiresRevision, Approved, InProgress, Review, Done, Escalated
    ");
    assert_eq!(repo.state(), before, "a bad state name changes nothing");
    repo.orx(&["move", "1.1", "Aproved", "--as", "sm"])
        .fails(2, &["did you mean Approved?"]);
    let none = repo.orx(&["move", "1.1", "Shipped", "--as", "sm"]);
    none.code(2);
    none.stderr_lacks(&["did you mean"]);
}

#[test]
fn verify_of_a_range_that_names_no_commits_exits_2_not_1() {
    let repo = with_story();
    repo.orx(&["verify", "nosuch..HEAD"])
        .fails(2, &["cannot verify `nosuch..HEAD`", "bad revision"]);
    repo.orx(&["verify", "HEAD...HEAD~1"]).code(2);
    // A real violation is 1.
    repo.write("docs/stories/1.1.user-login.md", {
        let text = repo.read("docs/stories/1.1.user-login.md");
        text.replacen("status: Draft", "status: Done", 1)
    });
    repo.git(&["commit", "-qam", "done by hand", "--no-verify"])
        .ok();
    repo.orx(&["verify", "HEAD~1..HEAD"]).code(1);
}

#[test]
fn log_of_an_id_no_item_ever_had_exits_2() {
    let repo = with_story();
    let run = repo.orx(&["log", "9.9"]);
    insta::assert_snapshot!(run.render(), @r"
    exit: 2
    --- stderr
    error: no story with ID `9.9` in docs/stories/
    ");
    // An existing story with nothing in the window is not an error.
    repo.orx(&["log", "1.1", "--since", "yesterday"]).ok();
}

#[test]
fn log_since_takes_dates_as_git_does() {
    // The commits are dated 2026-01-02 (the test harness's fixed date).
    let repo = with_story();
    repo.orx(&["log", "--since", "100 years ago"])
        .ok()
        .stdout_has(&["story 1.1"]);
    for recent in ["yesterday", "2 weeks ago", "last monday"] {
        let run = repo.orx(&["log", "--since", recent]);
        run.ok();
        assert!(
            !run.stdout.contains("story 1.1"),
            "{recent}: {}",
            run.render()
        );
    }
    repo.orx(&["log", "--since", "2026-01-01"])
        .stdout_has(&["story 1.1"]);
    repo.orx(&["log", "--since", ""]).code(2);
}

#[test]
fn roles_are_case_insensitive() {
    let repo = with_story();
    let run = repo.orx(&["move", "1.1", "Blocked", "--as", "SM", "--no-commit"]);
    // Refused by the quality rule, not for the role: the role was taken.
    run.fails(1, &["precondition"])
        .stderr_lacks(&["unknown role"]);
    repo.orx(&["status", "--role", "Architect"])
        .ok()
        .stdout_has(&["No items are waiting for Architect."]);
    let env = repo.orx_env(&["status", "--role", "sm"], &[("ORX_ROLE", "Dev")]);
    env.ok();
    repo.orx(&["status", "--role", "Architekt"])
        .fails(2, &["did you mean architect?"]);
}

#[test]
fn a_teams_own_role_prints_as_the_config_spells_it() {
    let repo = Repo::new();
    let config = repo.read(".orx/config.yaml");
    repo.write(
        ".orx/config.yaml",
        config.replace("roles: []", "roles: [PM]"),
    );
    repo.commit_rules("A PM role");
    for typed in ["PM", "pm", "Pm"] {
        let run = repo.orx(&["status", "--role", typed]);
        run.ok();
        assert!(
            run.stdout.contains("No items are waiting for PM."),
            "{typed}: {}",
            run.render()
        );
    }
}

/// A team's role the config spells `PM` is said `PM` wherever git-orx
/// names it: a refusal of the command and of the hook, its JSON, `status`
/// and `show` (the spellings are the rules' data, not a table the process
/// fills).
#[test]
fn a_teams_role_spelt_pm_is_said_pm_in_refusals_status_show_and_json() {
    let repo = Repo::new();
    repo.edit(".orx/config.yaml", "roles: []", "roles: [PM]");
    repo.write(
        ".orx/workflows/bug.yaml",
        crate::test_kinds::BUG_WORKFLOW.replace("tester", "pm"),
    );
    repo.commit_rules("A bug kind the PM checks");
    repo.orx(&["new", "bug", "Crash on save", "--id", "9.1", "--as", "dev"])
        .ok();
    repo.orx(&["move", "9.1", "Fixed", "--as", "dev"]).ok();
    let said = |run: &crate::common::Run, text: &str| {
        assert!(
            text.contains("PM") && !text.contains("Pm"),
            "{}",
            run.render()
        );
    };
    let refused = repo.orx(&["move", "9.1", "Closed", "--as", "dev"]);
    refused.code(1);
    said(&refused, &refused.stderr);
    let json = repo.orx(&["move", "9.1", "Closed", "--as", "dev", "--json"]);
    json.code(1);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    said(&json, v["error"]["message"].as_str().unwrap());
    let status = repo.orx(&["status"]);
    status.ok();
    assert!(status.stdout.contains("(PM)"), "{}", status.render());
    let show = repo.orx(&["show", "9.1"]);
    show.ok();
    said(&show, &show.stdout);
    repo.edit(
        "docs/bugs/9.1.crash-on-save.md",
        "status: Fixed",
        "status: Closed",
    );
    let hook = repo.git_env(&["commit", "-q", "-am", "close"], &[("ORX_ROLE", "dev")]);
    hook.code(1);
    said(&hook, &hook.stderr);
}

#[test]
fn move_with_json_prints_the_result_not_a_misleading_usage() {
    let repo = with_story();
    let run = repo.orx(&["move", "1.1", "Done", "--json", "--as", "sm"]);
    run.code(1);
    let v: serde_json::Value =
        serde_json::from_str(&run.stdout).unwrap_or_else(|_| panic!("{}", run.render()));
    assert_eq!(
        v["error"]["code"],
        "refused.no_transition",
        "{}",
        run.render()
    );
    assert!(!run.stderr.contains("similar argument"), "{}", run.render());
    let run = repo.orx(&[
        "move", "1.1", "Blocked", "--as", "human", "--force", "--reason", "parked", "--json",
    ]);
    run.ok();
    let v: serde_json::Value =
        serde_json::from_str(&run.stdout).unwrap_or_else(|_| panic!("{}", run.render()));
    assert_eq!(v["item"], "1.1");
    assert_eq!(v["kind"], "story");
    assert_eq!(v["from"], "Draft");
    assert_eq!(v["to"], "Blocked");
    assert_eq!(v["role"], "human");
    assert_eq!(v["forced"], "parked");
    assert_eq!(v["changed"], true);
    assert_eq!(v["committed"], true);
    assert!(v["commit"].is_string() && v["handoff"].is_string(), "{v}");
    let new = repo.orx(&["new", "story", "Second", "--as", "sm", "--json"]);
    new.ok();
    let v: serde_json::Value =
        serde_json::from_str(&new.stdout).unwrap_or_else(|_| panic!("{}", new.render()));
    assert_eq!(v["item"], "1.2");
    assert_eq!(v["from"], serde_json::Value::Null);
    assert_eq!(v["to"], "Draft");
    assert_eq!(v["path"], "docs/stories/1.2.second.md");
}

#[test]
fn new_usage_shows_the_kind_as_optional() {
    let repo = Repo::new();
    let run = repo.orx(&["new"]);
    insta::assert_snapshot!(run.render(), @r"
    exit: 2
    --- stderr
    error: the following required arguments were not provided:
      <TITLE>...

    Usage: git orx new [OPTIONS] [KIND] <TITLE>

    For more information, try '--help'.
    ");
}

#[test]
fn color_follows_the_flag_then_no_color_then_gits_color_ui() {
    let repo = with_story();
    let esc = |args: &[&str], env: &[(&str, &str)]| {
        let run = repo.orx_env(args, env);
        run.ok();
        run.stdout.contains('\u{1b}')
    };
    // The harness sets NO_COLOR=1; an empty NO_COLOR is no setting.
    let unset = [("NO_COLOR", "")];
    assert!(!esc(&["status"], &unset), "not a terminal: no colour");
    assert!(esc(&["status", "--color=always"], &[]));
    assert!(!esc(&["status", "--color", "never"], &unset));
    repo.git(&["config", "color.ui", "always"]).ok();
    assert!(esc(&["status"], &unset), "color.ui=always colours a pipe");
    assert!(!esc(&["status"], &[]), "NO_COLOR wins over color.ui");
    assert!(!esc(&["status", "--color=never"], &unset));
    repo.git(&["config", "color.ui", "never"]).ok();
    assert!(esc(&["status", "--color=always"], &unset));
    repo.orx(&["status", "--color=sometimes"]).code(2);
}

/// The context paints every stream's text and a stream without colour
/// writes it without the escapes: what is written without colour is what
/// is written with it, escapes taken out, on both streams.
#[test]
fn output_without_colour_is_the_coloured_output_without_its_escapes() {
    let repo = with_story();
    let strip = |text: &str| {
        let mut out = String::new();
        let mut rest = text;
        while let Some(i) = rest.find('\u{1b}') {
            out.push_str(&rest[..i]);
            rest = &rest[i..];
            rest = rest.find('m').map_or("", |end| &rest[end + 1..]);
        }
        out + rest
    };
    for args in [
        &["status"][..],
        &["next"],
        &["show", "1.1"],
        &["move", "1.1", "Done", "--as", "dev"],
        &[
            "story",
            "assess",
            "1.1",
            "--score",
            "9",
            "--as",
            "sm",
            "--dry-run",
        ],
    ] {
        let plain = repo.orx(&[args, &["--color", "never"]].concat());
        let colour = repo.orx(&[args, &["--color", "always"]].concat());
        assert_eq!(plain.code, colour.code, "{args:?}");
        assert!(!plain.stdout.contains('\u{1b}') && !plain.stderr.contains('\u{1b}'));
        assert_eq!(plain.stdout, strip(&colour.stdout), "{args:?}");
        assert_eq!(plain.stderr, strip(&colour.stderr), "{args:?}");
    }
}

/// An argument that is not UTF-8 is a usage error, as text and as the
/// JSON envelope, never a panic.
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let repo = with_story();
    let bad = std::ffi::OsStr::from_bytes(b"\xff");
    for json in [false, true] {
        let mut cmd = repo.command(crate::common::bin());
        cmd.arg("show").arg(bad);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        if json {
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["error"]["code"], "usage", "{v}");
            assert_eq!(
                v["error"]["message"], "invalid UTF-8 was detected in one or more arguments",
                "{v}"
            );
        }
    }
}
