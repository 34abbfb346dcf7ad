# git-orx 的库消息的中文,按 ID (kinds);英文在 locales/en/ 同名文件的同一 ID 下。


## 故事的评估

assess-percentage-out-of-range = { $what }必须是 0 到 100 之间的百分比,不能是 { $v }
assess-structure = 结构
assess-extraction = 提取
assess-reason-without-override = 理由用于说明对测得的结构或提取结果的覆盖;请给出覆盖,或不写理由
assess-override-without-reason = 给出的结构或提取结果会覆盖 git-orx 在故事中测得的值;请给出理由 (会被记录)
assess-unknown-severity = 未知严重程度 `{ $name }` (可选: { $list })

## 各类型共用

kinds-path-error = { $path }: { $error }
kinds-no-next-id = 无法选出下一个 `{ $kind }` ID
kinds-no-one = 无人
kinds-no-branch = 无分支
kinds-the-human = Human

## 循环

loop-workflow-run-error = { $name }: `run`: { $error }
loop-recovered-own-fields = 循环自身的字段,来自提交 { $commit } (最后一个有效版本)
loop-recovered-untracked = skill_state 的 { $fields },来自提交 { $commit } (没有进度文件保存它们;之后的修改已丢失)
loop-recovered-phase = skill_state.{ $phase },来自 { $file }
loop-recovered-tasks = skill_state.develop.tasks,来自 { $tasks } (均为 pending: { $file } 缺失)
loop-lost-untracked = skill_state.{ $field } (没有有效提交保存它)
loop-lost-task-progress = 任务的进度 (develop.md 缺失)
loop-lost-phase-since = 提交 { $commit } 之后的 skill_state.{ $phase } ({ $file } 缺失或无法读取)
loop-lost-phase = skill_state.{ $phase } ({ $file } 缺失或无法读取)

## 目标、任务和讨论

goal-not-a-type = `{ $kind }` 不是类型 (只可用字母、数字和 `-`)
prompt-no-answers-yet = (尚无)
prompt-deliverable-task = {"-"} { $id } { $title } ({ $state }, { $assignee }):
prompt-deliverable-commit = {"  - "}提交 { $commit }
prompt-deliverable-files = {"  - "}文件: { $files }
goal-review-needs-note = 请说明要求哪些修改 (一条备注)
goal-plan-rejection-needs-note = 请说明方案必须修改什么 (一条备注)
goal-decision-needs-assignee = 请说明目标分配给谁: 一个负责人 (或决定 `broadcast`)

## 定时器和代码托管平台事件的备注

tick-not-on-main-line = task 在主线 ({ $main }) 上关闭;HEAD 在 { $head } 上: 这里不查找合并
tick-merged-not-closed = { $task } 已合并 ({ $commit }),但处于 { $state },合并不会关闭该状态;请先开始它
forge-not-applied = 未应用: { $error }
forge-depends-on-no-task = issue #{ $n } 依赖 #{ $m },它在这里不是 task
forge-goal-routed-once-made = goal { $id } 创建后才会被路由
forge-comment-not-in-team = #{ $n } 上的评论来自不在团队中的人;已忽略
forge-pull-request-task-waits = pull request #{ $n }: { $task } 等待 { $waiting },其尚未完成;仍为 { $state }
forge-new-commits-task-stays = { $task } 的 pull request #{ $n } 有新提交;{ $id } 仍为 { $state }
forge-merge-not-here-yet = pull request #{ $n } 已合并为 { $sha },但这里还没有该提交: 请先拉取主线,再运行 `git orx goal tick`
forge-merged-not-closed = { $task } 已合并,但处于 { $state },合并不会关闭该状态
forge-closed-without-merging = pull request #{ $n } 未合并即关闭;{ $task } 仍为 { $state }
forge-pull-request-action-ignored = 已忽略 #{ $n } 上的 pull_request/{ $action }
forge-check-not-completed = 检查尚未完成;已忽略
forge-check-state-ignored = 检查 `{ $state }`;已忽略
forge-check-no-task = { $branch } 上的检查: 该分支上没有 task;已忽略
forge-check-on-task = { $task } 上的检查 { $name }: { $text }
forge-review-no-task = { $branch } 上的审查: 该分支上没有 task;已忽略
forge-review-without-verdict = 对 { $task } 的审查没有结论 ({ $verdict });已忽略

## 故事的指标

metrics-advice-review-rounds = 决策矩阵的阈值;质量标准是否过严;最常见的问题类型 (改进故事模板);agent 的训练
metrics-advice-auto-approval = 质量标准;决策矩阵的阈值;质量评估;故事模板及其指引
metrics-advice-escalation = 工作流和 agent 的训练
