//! The README's walkthrough and the chapters that go on from it, and the
//! tutorial, run as written: every block marked
//! `<!-- orx: runs -->`, in order, in one new repository. A command's
//! output shown in the README (`#  ` lines after it in a shell block, the
//! lines after `$ command` in a plain one) must be what it prints, commit
//! ids aside; a command succeeds unless its shown output is an `error:`,
//! or exits with the code a comment `# exit N` after it names.

use crate::common::{Repo, redact};

struct Step {
    command: String,
    /// The output shown, if any.
    shown: Option<Vec<String>>,
    line: usize,
}

fn steps(readme: &str) -> Vec<Step> {
    let lines: Vec<&str> = readme.lines().collect();
    let mut steps: Vec<Step> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "<!-- orx: runs -->" {
            i += 1;
            continue;
        }
        let fence = lines[i + 1];
        assert!(
            fence.starts_with("```"),
            "README line {}: a block must follow the marker",
            i + 2
        );
        let shell = fence == "```sh";
        i += 2;
        // In a plain block, output runs until a blank line.
        let mut in_output = false;
        while !lines[i].starts_with("```") {
            let l = lines[i];
            let n = i + 1;
            i += 1;
            if shell {
                if let Some(out) = l.strip_prefix("#  ") {
                    let step = steps.last_mut().expect("output before any command");
                    step.shown.get_or_insert_with(Vec::new).push(out.to_owned());
                } else if l.trim().is_empty()
                    || l.starts_with('#')
                    || l.starts_with("cd ")
                    || l.starts_with("mkdir ")
                {
                    // A comment, or the reader's own directory made and
                    // entered: the test runs in a new one.
                } else {
                    steps.push(Step {
                        command: l.to_owned(),
                        shown: None,
                        line: n,
                    });
                }
            } else if let Some(cmd) = l.strip_prefix("$ ") {
                steps.push(Step {
                    command: cmd.to_owned(),
                    shown: Some(Vec::new()),
                    line: n,
                });
                in_output = true;
            } else if l.trim().is_empty() {
                in_output = false;
            } else {
                assert!(in_output, "README line {n}: output without a `$ ` command");
                steps
                    .last_mut()
                    .unwrap()
                    .shown
                    .as_mut()
                    .unwrap()
                    .push(l.to_owned());
            }
        }
        i += 1;
    }
    steps
}

#[test]
fn readme_walkthrough_and_agent_block_run_as_written() {
    // The quick start, then the chapters that go on from it.
    let text = ["README.md", "docs/stories.md", "docs/agents.md"]
        .map(read)
        .join("\n");
    let steps = steps(&text);
    assert!(
        steps
            .iter()
            .any(|s| s.command.starts_with("git orx story assess"))
            && steps
                .iter()
                .any(|s| s.command.starts_with("git orx agent check")),
        "the walkthrough and the agent block are marked to run"
    );
    run_as_written(&steps);
}

/// The tutorial, from an empty repository to a story done and an agent
/// rolled back, run as written.
#[test]
fn the_tutorial_runs_as_written() {
    let steps = steps(&read("docs/tutorial.md"));
    assert!(steps.len() > 30, "the tutorial's blocks are marked to run");
    assert!(
        steps
            .iter()
            .any(|s| s.command.starts_with("git orx agent fire ROLLBACK")),
        "the tutorial ends with a rollback"
    );
    run_as_written(&steps);
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// Checkpoints are named for the time they were made (`-2` for a second
/// one in the same second): the names shown and printed are compared
/// without it.
fn timeless(text: &str) -> String {
    let chk = regex::Regex::new(r"chk-[0-9]{12}([0-9]{2})?(-[0-9]+)?").unwrap();
    chk.replace_all(text, "chk-<time>").into_owned()
}

/// Runs the steps in order in one new repository; every difference
/// between what a step prints and what the text shows is reported.
fn run_as_written(steps: &[Step]) {
    let repo = Repo::bare_git();
    let root = repo.root.to_str().unwrap().to_owned();
    let mut wrong = Vec::new();
    for s in steps {
        let out = repo
            .command("sh")
            .args(["-c", &s.command])
            .output()
            .unwrap();
        let printed = timeless(&redact(
            &String::from_utf8_lossy(&[out.stdout, out.stderr].concat()).replace(&root, "<repo>"),
        ));
        let code = out.status.code().unwrap_or(-1);
        let refused = s
            .shown
            .as_ref()
            .is_some_and(|l| l.iter().any(|l| l.starts_with("error:")));
        // `# exit N` at the end of a command: the exit code it must give.
        let expected = s
            .command
            .rsplit_once("# exit ")
            .and_then(|(_, n)| n.trim().parse::<i32>().ok());
        if let Some(n) = expected {
            if code != n {
                wrong.push(format!(
                    "line {}: `{}` exited {code}, not {n}:\n{printed}",
                    s.line, s.command
                ));
            }
        } else if (code == 0) == refused {
            wrong.push(format!(
                "line {}: `{}` exited {code}:\n{printed}",
                s.line, s.command
            ));
        }
        if let Some(shown) = &s.shown {
            let shown = timeless(&redact(
                &shown.iter().map(|l| format!("{l}\n")).collect::<String>(),
            ));
            if shown != printed {
                wrong.push(format!(
                    "line {}: `{}` prints\n{printed}but the text shows\n{shown}",
                    s.line, s.command
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
