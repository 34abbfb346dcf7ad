//! `git orx -h` (and `git orx` alone): the commands grouped by task, one
//! short line each, in the language in force. `git orx --help` is clap's,
//! with every command's whole description, and `git orx COMMAND --help`
//! the detail of one.

use orx::text::message::{Lang, say};

/// A group of commands as `-h` shows it: its title's message and, for
/// each command, the message of its line (`overview-*` in commands.ftl).
struct Group {
    title: &'static str,
    commands: &'static [(&'static str, &'static str)],
}

const GROUPS: &[Group] = &[
    Group {
        title: "overview-group-items-of-every-kind",
        commands: &[
            ("new", "overview-command-new"),
            ("status", "overview-command-status"),
            ("next", "overview-command-next"),
            ("show", "overview-command-show"),
            ("move", "overview-command-move"),
            ("update", "overview-command-update"),
            ("check", "overview-command-check"),
            ("doctor", "overview-command-doctor"),
            ("board", "overview-command-board"),
            ("kind", "overview-command-kind"),
            ("resolve", "overview-command-resolve"),
            ("renumber", "overview-command-renumber"),
        ],
    },
    Group {
        title: "overview-group-stories",
        commands: &[
            ("story assess", "overview-command-story-assess"),
            ("story gate", "overview-command-story-gate"),
            ("adopt", "overview-command-adopt"),
        ],
    },
    Group {
        title: "overview-group-agents-and-checkpoints",
        commands: &[
            ("agent", "overview-command-agent"),
            ("checkpoint", "overview-command-checkpoint"),
            ("checkpoints", "overview-command-checkpoints"),
            ("rollback", "overview-command-rollback"),
        ],
    },
    Group {
        title: "overview-group-loops-and-code-reviews",
        commands: &[
            ("loop", "overview-command-loop"),
            ("review", "overview-command-review"),
            ("run", "overview-command-run"),
            ("prompt", "overview-command-prompt"),
            ("error", "overview-command-error"),
        ],
    },
    Group {
        title: "overview-group-goals-and-tasks",
        commands: &[
            ("goal", "overview-command-goal"),
            ("goal discuss", "overview-command-goal-discuss"),
            ("goal claim", "overview-command-goal-claim"),
            ("goal tick", "overview-command-goal-tick"),
            ("task", "overview-command-task"),
            ("event", "overview-command-event"),
            ("serve", "overview-command-serve"),
        ],
    },
    Group {
        title: "overview-group-history",
        commands: &[
            ("log", "overview-command-log"),
            ("history", "overview-command-history"),
            ("metrics", "overview-command-metrics"),
            ("report", "overview-command-report"),
            ("verify", "overview-command-verify"),
            ("acknowledge", "overview-command-acknowledge"),
            ("backup", "overview-command-backup"),
            ("backups", "overview-command-backups"),
            ("restore", "overview-command-restore"),
        ],
    },
    Group {
        title: "overview-group-setup-and-tools",
        commands: &[
            ("init", "overview-command-init"),
            ("hooks", "overview-command-hooks"),
            ("demo", "overview-command-demo"),
            ("schema", "overview-command-schema"),
            ("mcp", "overview-command-mcp"),
            ("agents-md", "overview-command-agents-md"),
            ("completions", "overview-command-completions"),
        ],
    },
];

/// Whether the command line asks for the short overview: nothing but the
/// global options, or those and `-h`.
pub fn asked(args: &[String]) -> bool {
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => {}
            "--lang" | "--color" => {
                it.next();
            }
            a if a.starts_with("--lang=") || a.starts_with("--color=") => {}
            a => rest.push(a),
        }
    }
    matches!(rest.as_slice(), [] | ["-h"])
}

/// The overview, for the visible commands of `cmd`, in `lang`.
pub fn overview(cmd: &clap::Command, lang: Lang) -> String {
    let t = |id: &str| say(lang, id, []);
    let width = GROUPS
        .iter()
        .flat_map(|g| g.commands)
        .map(|(name, _)| name.len())
        .max()
        .unwrap_or(0);
    let mut out = format!("{}\n\n", t("overview-intro"));
    out.push_str(&format!(
        "{} git orx [--json] [--lang en|zh] [--color WHEN] COMMAND ...\n",
        t("overview-usage")
    ));
    for g in GROUPS {
        out.push_str(&format!("\n{}:\n", t(g.title)));
        for (name, line) in g.commands {
            debug_assert!(find(cmd, name).is_some(), "{name}");
            out.push_str(&format!("  {name:width$}  {}\n", t(line)));
        }
    }
    out.push_str(&format!("\n{}\n", t("overview-more")));
    out
}

/// The command a row names: `goal tick` is `tick` under `goal`.
fn find<'a>(cmd: &'a clap::Command, name: &str) -> Option<&'a clap::Command> {
    name.split(' ')
        .try_fold(cmd, |c, word| c.find_subcommand(word))
}

/// The visible commands no group names, alone or by one of its
/// subcommands (`story assess`): none, when the table is whole.
#[cfg(test)]
pub fn ungrouped(cmd: &clap::Command) -> Vec<String> {
    cmd.get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| c.get_name().to_owned())
        .filter(|n| {
            !GROUPS.iter().any(|g| {
                g.commands
                    .iter()
                    .any(|(c, _)| c == n || c.starts_with(&format!("{n} ")))
            })
        })
        .collect()
}

/// The rows of the overview, each the command it names (`story assess`).
#[cfg(test)]
pub fn rows() -> Vec<&'static str> {
    GROUPS
        .iter()
        .flat_map(|g| g.commands.iter().map(|(c, _)| *c))
        .collect()
}
