//! `git orx agents-md`: a block for a project's AGENTS.md (or CLAUDE.md)
//! telling a coding agent how to work with git-orx: the loop `next` → act
//! → repeat, the error envelope, and what never to do.

use super::Ui;

/// Print a short AGENTS.md section (at most 60 lines) telling a coding
/// agent how to work with git-orx in this repository: the loop `git orx
/// next --json` → run an action → repeat, the error envelope, and what it
/// must never do. Append it to the project's AGENTS.md or CLAUDE.md
/// (`git orx agents-md >> AGENTS.md`).
#[derive(clap::Args)]
pub struct Args {}

/// The block, in English.
pub const EN: &str = r#"## Working with git-orx

This repository keeps its work state (stories, agents, code reviews, loops,
goals and tasks, and kinds of its own) in files that git-orx checks on every
commit through git hooks. Change that state only through `git orx`.

### The loop
1. Run `git orx next --json` (MCP: the `next` tool). `roles[].actions[]`
   are the items waiting for each role, each with its `steps`; `create`
   lists, per role, how to make an item of each kind.
2. Take a step whose `role` is yours, the one with `primary: true` first.
   Run its `argv` with its `inputs` after it (an input with no `flag` is
   positional); over MCP, call `act` with the step's `call.arguments` and
   the inputs by name.
   - give every input with `required: true`; of an `exclusive` group with
     `required`, exactly one; of an `at_least_one` group, one or more;
   - `enum`, `min` and `max` bound a value; `example` shows one that works;
     type `command` is the shell command that does the work (`run --exec`).
3. Read the result (`--json`; `git orx schema NAME` is its JSON Schema),
   then go back to 1.
4. Stop when the item leaves `next`, when it waits for another role, or
   when it rests at `end_of_cycle: true`.

`git orx show ID --json` gives one item with every move and each
condition's verdict; `git orx doctor` says why items are stuck.

### When a command is refused
With `--json` (or `ORX_OUTPUT=json`) a failure is one error envelope:
`{"error": {"code", "message", "missing", "allowed", "retryable", "fault"}, "hints"}`.
- `code` is stable: `refused.*` (the workflow said no), `usage.*` (the
  command line was wrong), `not_found`, `commit_failed`, ...
- `missing`: the inputs not given, or the conditions that did not hold,
  with the values they read; fix those and run again.
- `allowed`: the actions that fit instead, shaped like `next`'s steps.
- `retryable: true` (a lock held, a race for an ID): run it again.
- `fault: true` (git or the file system failed, no rule refused): fix
  what `message` names, or tell a human; do not work around the rules.

### Never
- edit an item's state fields (`status`, `task_status`, rounds, records,
  counters) by hand, or delete an item file: use the commands;
- commit with `--no-verify`, skip or uninstall the hooks, or rewrite the
  history of committed items;
- act as another role (`--as`, `ORX_ROLE`) to get past a refusal, or use
  `--force`: that is the Human's override, with a reason.
"#;

/// The block, in Chinese.
pub const ZH: &str = r#"## 使用 git-orx

本仓库把工作状态 (story、agent、代码评审、loop、目标与任务, 以及团队自己的
kind) 存在文件里, git-orx 通过 git hooks 在每次提交时检查它们。只能通过
`git orx` 修改这些状态。

### 循环
1. 运行 `git orx next --json` (MCP: `next` 工具)。`roles[].actions[]` 是
   每个角色待处理的条目, 各带 `steps`; `create` 按角色列出如何新建每种
   kind 的条目。
2. 选 `role` 是你的 step, 先选 `primary: true` 的。运行它的 `argv`, 把
   `inputs` 接在后面 (没有 `flag` 的 input 是位置参数); 通过 MCP 时, 用该
   step 的 `call.arguments` 加上按名给出的 inputs 调用 `act`。
   - `required: true` 的 input 必须给出; 带 `required` 的 `exclusive` 组
     恰好给一个; `at_least_one` 组至少给一个;
   - `enum`、`min`、`max` 限定取值; `example` 是一个可用的值;
     类型 `command` 是完成工作的 shell 命令 (`run --exec`)。
3. 读取结果 (`--json`; `git orx schema NAME` 是其 JSON Schema), 然后回到 1。
4. 条目离开 `next`、等待其他角色、或停在 `end_of_cycle: true` 时停止。

`git orx show ID --json` 给出一个条目的每个移动及每个条件的判定;
`git orx doctor` 说明条目为何卡住。

### 命令被拒绝时
使用 `--json` (或 `ORX_OUTPUT=json`) 时, 失败是一个错误信封:
`{"error": {"code", "message", "missing", "allowed", "retryable", "fault"}, "hints"}`。
- `code` 是稳定的: `refused.*` (工作流拒绝)、`usage.*` (命令行有误)、
  `not_found`、`commit_failed` 等;
- `missing`: 未给出的 inputs, 或未满足的条件及其读到的值; 修正后重试;
- `allowed`: 可以改做的动作, 形状与 `next` 的 steps 相同;
- `retryable: true` (锁被占用、ID 竞争): 再运行一次。
- `fault: true` (git 或文件系统出错, 不是规则拒绝): 处理 `message` 所说的问题,
  或告诉人类; 不要绕过规则。

### 绝不
- 手工编辑条目的状态字段 (`status`、`task_status`、轮次、记录、计数器),
  或删除条目文件: 请用命令;
- 用 `--no-verify` 提交、跳过或卸载 hooks、改写已提交条目的历史;
- 冒充其他角色 (`--as`、`ORX_ROLE`) 绕过拒绝, 或使用 `--force`: 那是
  Human 的覆盖, 需要理由。
"#;

pub fn run(ui: &mut Ui, _args: Args) -> orx::Result<u8> {
    // The block is data to paste: printed as it is.
    ui.verbatim(if ui.is_zh() { ZH } else { EN }.trim_end());
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_block_fits_in_sixty_lines_in_both_languages() {
        for block in [EN, ZH] {
            assert!(block.lines().count() <= 60, "{}", block.lines().count());
        }
        assert_eq!(
            EN.lines().filter(|l| l.starts_with('#')).count(),
            ZH.lines().filter(|l| l.starts_with('#')).count()
        );
    }
}
