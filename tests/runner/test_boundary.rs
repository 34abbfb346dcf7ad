//! The command line's edge: help pages (every command, walked from the
//! help itself so that a new command is covered), the environment the
//! command line reads and passes on, exit codes by kind of error, git's
//! own trailer and configuration rules.

use crate::common::*;

/// `git-orx WORDS... --help` with `COLUMNS` set to `columns`.
fn help_at(repo: &Repo, words: &[String], columns: usize) -> String {
    let out = repo
        .command(bin())
        .args(words)
        .arg("--help")
        .env("COLUMNS", columns.to_string())
        .output()
        .unwrap();
    assert!(out.status.success(), "{words:?} --help failed");
    String::from_utf8(out.stdout).unwrap()
}

/// Every help page (the top one, every command, every subcommand), as
/// `(words, text)`, found by following each page's `Commands:` list.
fn every_help_page(repo: &Repo, columns: usize) -> Vec<(String, String)> {
    let mut pages = Vec::new();
    let mut queue: Vec<Vec<String>> = vec![Vec::new()];
    while let Some(words) = queue.pop() {
        let text = help_at(repo, &words, columns);
        let subs = text
            .lines()
            .skip_while(|l| *l != "Commands:")
            .skip(1)
            .take_while(|l| !l.is_empty())
            .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
            .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
            .filter(|c| c != "help");
        for sub in subs {
            let mut next = words.clone();
            next.push(sub);
            queue.push(next);
        }
        pages.push((format!("git orx {}", words.join(" ")), text));
    }
    assert!(pages.len() > 25, "only {} help pages found", pages.len());
    pages
}

#[test]
fn help_wraps_to_a_narrow_terminal() {
    let repo = Repo::bare_git();
    for (what, text) in every_help_page(&repo, 50) {
        for line in text.lines() {
            let width = unicode_width::UnicodeWidthStr::width(line);
            // A single word longer than the terminal cannot be wrapped,
            // and clap keeps the usage line whole.
            let unwrappable = !line.trim().contains(' ') || line.starts_with("Usage: ");
            assert!(
                width <= 50 || unwrappable,
                "{what} --help at 50 columns has a line of {width}:\n{line}"
            );
        }
    }
}

#[test]
fn help_on_a_wide_terminal_stays_readable_at_100_columns() {
    let repo = Repo::bare_git();
    let pages = every_help_page(&repo, 200);
    let widest = pages
        .iter()
        .flat_map(|(_, t)| t.lines())
        .map(unicode_width::UnicodeWidthStr::width)
        .max()
        .unwrap_or_default();
    assert!(
        widest <= 100,
        "a help line of {widest} columns at COLUMNS=200"
    );
    assert!(
        widest > 80,
        "help is not using the width it is given ({widest})"
    );
}

#[test]
fn english_help_has_no_chinese_source_names_or_section_titles() {
    let repo = Repo::bare_git();
    for (what, text) in every_help_page(&repo, 80) {
        let cjk: String = text
            .chars()
            .filter(|c| {
                ('\u{2e80}'..='\u{9fff}').contains(c) || ('\u{ff00}'..='\u{ffef}').contains(c)
            })
            .collect();
        assert!(cjk.is_empty(), "{what} --help has untranslated text: {cjk}");
        let lower = text.to_lowercase();
        for word in [concat!("se", "ed"), "§", "design.md", "spec section"] {
            assert!(
                !lower.contains(word),
                "{what} --help names `{word}`:\n{text}"
            );
        }
    }
}

/// `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n`: settings
/// git reads from the environment, as a CI job or a wrapper gives them.
fn config_env(key: &str, value: &str) -> [(&'static str, String); 3] {
    [
        ("GIT_CONFIG_COUNT", "1".to_owned()),
        ("GIT_CONFIG_KEY_0", key.to_owned()),
        ("GIT_CONFIG_VALUE_0", value.to_owned()),
    ]
}

#[test]
fn role_given_through_gits_config_environment_is_the_acting_role() {
    let repo = Repo::new();
    let env = config_env("orx.role", "sm");
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let out = repo.orx_env(&["new", "Read the role as git does"], &env);
    out.ok();
    let log = repo.git(&["log", "-1", "--format=%B"]);
    assert!(log.stdout.contains("Orx-Role: sm"), "{}", log.stdout);
}

#[test]
fn role_given_with_git_dash_c_is_the_acting_role() {
    let repo = Repo::new();
    repo.git(&[
        "-c",
        "orx.role=sm",
        "orx",
        "new",
        "Given on git's command line",
    ])
    .ok();
    let log = repo.git(&["log", "-1", "--format=%B"]);
    assert!(log.stdout.contains("Orx-Role: sm"), "{}", log.stdout);
}

#[test]
fn lock_timeout_given_through_gits_config_environment_is_checked() {
    let repo = Repo::new();
    let env = config_env("orx.lockTimeout", "soon");
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let out = repo.orx_env(&["new", "Waits how long", "--as", "sm"], &env);
    out.code(2);
    assert!(
        out.stderr.contains("orx.lockTimeout is `soon`"),
        "{}",
        out.stderr
    );
}

#[test]
fn color_ui_given_to_git_on_its_command_line_or_environment_is_followed() {
    let repo = Repo::new();
    repo.orx(&["new", "Coloured", "--as", "sm"]).ok();
    // The harness sets NO_COLOR=1; an empty NO_COLOR is no setting.
    let no_color = ("NO_COLOR", "");
    let plain = repo.git_env(&["orx", "status"], &[no_color]);
    plain.ok();
    assert!(
        !plain.stdout.contains('\u{1b}'),
        "not a terminal: no colour"
    );
    let dash_c = repo.git_env(&["-c", "color.ui=always", "orx", "status"], &[no_color]);
    dash_c.ok();
    assert!(dash_c.stdout.contains('\u{1b}'), "git -c color.ui=always");
    let env = config_env("color.ui", "always");
    let mut env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    env.push(no_color);
    let counted = repo.git_env(&["orx", "status"], &env);
    counted.ok();
    assert!(
        counted.stdout.contains('\u{1b}'),
        "GIT_CONFIG_COUNT color.ui=always"
    );
}
