//! `git orx -h` (and `git orx` alone): the commands grouped by task, one
//! short line each, in the language in force. `git orx --help` is clap's,
//! with every command's whole description, and `git orx COMMAND --help`
//! the detail of one.

/// A group of commands as `-h` shows it: its title and, for each command,
/// a line in English and in Chinese.
struct Group {
    title: [&'static str; 2],
    commands: &'static [(&'static str, [&'static str; 2])],
}

const GROUPS: &[Group] = &[
    Group {
        title: ["Items of every kind", "各类条目"],
        commands: &[
            (
                "new",
                [
                    "Create an item in its workflow's first state",
                    "按工作流的初始状态创建条目",
                ],
            ),
            (
                "status",
                [
                    "Items by state, whom each waits for, the next step",
                    "按状态列出条目、各自等待的角色和下一步",
                ],
            ),
            (
                "next",
                ["What each role should do now", "每个角色现在该做什么"],
            ),
            (
                "show",
                [
                    "One item: its state and every move it allows",
                    "单个条目: 状态及允许的每个转换",
                ],
            ),
            (
                "move",
                [
                    "Move an item to another state, as a role",
                    "以某个角色把条目移到另一个状态",
                ],
            ),
            ("update", ["Change an item's fields", "修改条目的字段"]),
            (
                "check",
                [
                    "Every problem in the item files and the rules",
                    "条目文件和规则中的所有问题",
                ],
            ),
            ("doctor", ["Why items are not moving", "条目为什么停滞"]),
            (
                "board",
                [
                    "A live board of the items in the browser",
                    "浏览器中的实时看板",
                ],
            ),
            (
                "kind",
                ["Make a team's own kind of item", "创建团队自己的条目类型"],
            ),
            (
                "resolve",
                [
                    "Settle an item a merge left in conflict",
                    "解决合并留下冲突的条目",
                ],
            ),
            (
                "renumber",
                [
                    "Give an item a new ID after two branches took one",
                    "两个分支用了同一个 ID 时给条目换新 ID",
                ],
            ),
        ],
    },
    Group {
        title: ["Stories", "Story"],
        commands: &[
            (
                "story assess",
                [
                    "Record the SM's quality check and move the story",
                    "记录 SM 的质量检查并移动 story",
                ],
            ),
            (
                "story gate",
                [
                    "Record an Architect review or a QA gate",
                    "记录 Architect 审查或 QA 门禁",
                ],
            ),
            (
                "adopt",
                [
                    "Take in a BMAD or Orchestrix project's stories",
                    "接管 BMAD 或 Orchestrix 项目的 story",
                ],
            ),
        ],
    },
    Group {
        title: ["Agents and checkpoints", "Agent 与检查点"],
        commands: &[
            (
                "agent",
                [
                    "An agent's lifecycle: triggers, checks, context",
                    "Agent 生命周期: 触发器、检查、上下文",
                ],
            ),
            (
                "checkpoint",
                ["Save the work tree as a checkpoint", "把工作区保存为检查点"],
            ),
            ("checkpoints", ["List the checkpoints", "列出检查点"]),
            (
                "rollback",
                [
                    "Put the work tree back to a checkpoint",
                    "把工作区回滚到检查点",
                ],
            ),
        ],
    },
    Group {
        title: ["Loops and code reviews", "循环与代码审查"],
        commands: &[
            (
                "loop",
                [
                    "Development loops: develop, debug, validate",
                    "开发循环: 开发、调试、验证",
                ],
            ),
            (
                "review",
                [
                    "Start a code review, print its report",
                    "发起代码审查,打印其报告",
                ],
            ),
            (
                "run",
                [
                    "Run an item's actions with an executor",
                    "用执行器运行条目的动作",
                ],
            ),
            (
                "prompt",
                [
                    "Print the prompt of an item's next action",
                    "打印条目下一个动作的提示词",
                ],
            ),
            (
                "error",
                ["Record an error of an item's action", "记录条目动作的错误"],
            ),
        ],
    },
    Group {
        title: ["Goals and tasks", "目标与任务"],
        commands: &[
            (
                "goal",
                [
                    "Goals the team discusses and splits into tasks",
                    "团队讨论并拆分为任务的目标",
                ],
            ),
            (
                "goal discuss",
                ["Answer a goal's discussion", "回复目标的讨论"],
            ),
            (
                "goal claim",
                ["Claim a task of a goal's round", "认领目标本轮的任务"],
            ),
            (
                "goal tick",
                [
                    "Close merged tasks, route goals, end discussions",
                    "关闭已合并的任务、分派目标、结束讨论",
                ],
            ),
            (
                "task",
                [
                    "A task's steps: start, submit, verdict, checks",
                    "任务的步骤: 开始、提交、结论、检查",
                ],
            ),
            (
                "event",
                [
                    "Apply one forge webhook payload",
                    "应用一个代码托管平台的 webhook",
                ],
            ),
            (
                "serve",
                ["Receive forge webhooks over HTTP", "通过 HTTP 接收 webhook"],
            ),
        ],
    },
    Group {
        title: ["History", "历史"],
        commands: &[
            (
                "log",
                [
                    "The audit trail: who moved what, when, why",
                    "审计记录: 谁在何时为何移动了什么",
                ],
            ),
            (
                "history",
                ["One item's states over time", "单个条目的状态历史"],
            ),
            ("metrics", ["How the process performs", "流程的表现"]),
            (
                "report",
                [
                    "The process report as one HTML page",
                    "流程报告 (单个 HTML 页面)",
                ],
            ),
            (
                "verify",
                [
                    "Judge a range of commits, for CI and servers",
                    "审查一段提交,用于 CI 和服务器",
                ],
            ),
            (
                "acknowledge",
                [
                    "The Human accepts a past commit's violations",
                    "Human 接受过去某个提交的违规",
                ],
            ),
            ("backup", ["Keep a backup of an item", "保存条目的备份"]),
            ("backups", ["List an item's backups", "列出条目的备份"]),
            (
                "restore",
                ["Bring an item back to a backup", "把条目恢复到备份"],
            ),
        ],
    },
    Group {
        title: ["Setup and tools", "设置与工具"],
        commands: &[
            (
                "init",
                [
                    "Set this repository up for git-orx",
                    "为 git-orx 设置本仓库",
                ],
            ),
            (
                "hooks",
                [
                    "Install, remove or inspect the git hooks",
                    "安装、移除或查看 git 钩子",
                ],
            ),
            (
                "demo",
                [
                    "Walk a sample repository through the lifecycles",
                    "在示例仓库中走一遍生命周期",
                ],
            ),
            (
                "schema",
                [
                    "The JSON Schema of a command's output",
                    "命令输出的 JSON Schema",
                ],
            ),
            (
                "mcp",
                [
                    "Serve the commands to an agent over MCP",
                    "通过 MCP 向 agent 提供命令",
                ],
            ),
            (
                "agents-md",
                [
                    "Print how an agent works here, for AGENTS.md",
                    "打印 agent 的工作方式, 供 AGENTS.md 使用",
                ],
            ),
            (
                "completions",
                ["Print a shell's completion script", "打印 shell 的补全脚本"],
            ),
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

/// The overview, for the visible commands of `cmd`.
pub fn overview(cmd: &clap::Command, zh: bool) -> String {
    let l = usize::from(zh);
    let width = GROUPS
        .iter()
        .flat_map(|g| g.commands)
        .map(|(name, _)| name.len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    out.push_str(
        [
            "git orx keeps AI agents' work state in the repository; git enforces its rules.\n\n",
            "git orx 把 AI agent 的开发状态保存在仓库中,由 git 执行其规则。\n\n",
        ][l],
    );
    out.push_str(["Usage: ", "用法: "][l]);
    out.push_str("git orx [--json] [--lang en|zh] [--color WHEN] COMMAND ...\n");
    for g in GROUPS {
        out.push_str(&format!("\n{}:\n", g.title[l]));
        for (name, line) in g.commands {
            debug_assert!(find(cmd, name).is_some(), "{name}");
            out.push_str(&format!("  {name:width$}  {}\n", line[l]));
        }
    }
    out.push_str(
        [
            "\n`git orx COMMAND -h` shows a command's options, `git orx --help` every\ncommand in detail, `man git-orx` the manual.\n",
            "\n`git orx COMMAND -h` 显示命令的选项,`git orx --help` 详细列出每个命令,\n`man git-orx` 是手册。\n",
        ][l],
    );
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
