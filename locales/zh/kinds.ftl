# git-orx 的库消息的中文,按 ID (kinds);英文在 locales/en/ 同名文件的同一 ID 下。


## 故事的评估

assess-unknown-complexity-indicator = 未知的复杂度指标 `{ $indicator }` (可用: { $known })
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
score-must-not-v-2 = 评分必须在 0 到 10 之间,不能是 { $v }
unknown-decision-decision-decisions-list = 未知决定 `{ $decision }` (可选决定: { $list })
unknown-action-action-actions-list = 未知动作 `{ $action }` (可选动作: { $list })
path-valid-there-nothing-recover = { $path } 有效: 没有需要恢复的内容 (`git orx loop validate { $id }`)
loop-s-iteration-cap-least = loop 的迭代上限至少为 1
loop-s-title-one-line = loop 的标题是非空的一行
task-one-line-text = 任务是一行文字
title-one-line-characters = 标题是 1 到 200 个字符的一行
answer-gives-least-one-four = 回应至少给出四个维度之一 (position、proposal、claim、risk),或者声明 NO_REPLY
debug-records-hypotheses-give-hypotheses = debug 记录它的假设: 请在输入中给出 `hypotheses` (一个列表)
every-task-already-done-skipped = 所有任务都已完成或跳过
give-what-review-commit-range = 请给出评审对象: 提交范围 (A..B)、分支或路径
loop-id-legacy-loop-path = loop `{ $id }` 是旧版 loop ({ $path }): git-orx 读取它但不修改它
loop-id-created-init-comes = loop `{ $id }` 刚创建: `{ $action }` 之前需要先 `init`
no-kind-kind-here = 这里没有 `{ $kind }` 类型
no-gate-kind-state-leads = { $kind } 在 { $state } 的评审关口都不通向 Human;只有能通向 Human 的关口才能升级
who-may-not-reject-plan = { $who } 不能驳回 { $item } 的方案: 方案由 reviewer 审查
task-id-already-state = task { $id } 已经是 { $state }
item-names-no-branch-merge = { $item } 没有指明要合并的分支
item-head-not-main-line = { $item }: HEAD 在 { $on } 上,而不在其分支要合并到的主线 ({ $main }) 上: 请先切换过去
item-branch-branch-does-not = { $item }: 分支 { $branch } 不存在: 先在其上提交 task 的工作,然后再合并
item-branch-branch-does-not-2 = { $item }: 分支 { $branch } 无法干净地合并到 { $main } ({ $paths } 冲突): 请先把主线合并到该分支并在那里解决冲突,然后再合并
loop-has-no-skill-state = loop 还没有 `skill_state`: `{ $action }` 之前需要先 `init`
loop-has-no-pending-task = loop 没有待开发的任务
loop-has-no-task-id = loop 没有任务 `{ $id }`
payload-not-json-why = 请求内容不是 JSON: { $why }
payload-not-json-object = 请求内容不是 JSON 对象
there-no-task-n-queue = 没有第 { $n } 个任务 (队列中有 { $total } 个)
there-nothing-adopt = 没有可接管的内容
unknown-action-action = 未知动作 `{ $action }`
unknown-dimension-name-dimensions-list = 未知维度 `{ $name }` (可选维度: { $list })
unknown-trigger-name-triggers-list = 未知触发器 `{ $name }` (可选触发器: { $list })
task-belongs-another-goal-task = { $task } 属于另一个 goal;任务只能依赖同一 goal 的任务
path-missing-git-checkout-again = { $path } 缺失: `git checkout -- { $again }` 恢复其已提交版本
id-not-goal-task = { $id } 既不是 goal 也不是 task
agent-paused-git-orx-agent = { $agent } 已暂停;请先 `git orx agent resume`
item-state-check-s-result = { $item } 处于 { $state }: 在该状态下检查结果由 { $roles } 记录
role-may-not-assign-task = { $role } 不能把任务分配给 { $assignee }: 只有 { $roles } 可以 (task 工作流的 `creators`);请改为自己认领
forge-event-event-ignored-concerns = 已忽略 { $forge } 事件 `{ $event }`: 它与任何 goal 或 task 无关
issue-n-names-parent-parent = issue #{ $n } 的父 issue #{ $parent } 在这里不是 goal;已忽略
item-check-n-max-every = { $item } (第 { $n } 次检查,共 { $max } 次): 每个角色都已回应,但没有人认领任务;最后一次检查时升级给 lead
item-check-n-max-no = { $item } (第 { $n } 次检查,共 { $max } 次): 它面向的 agent 都不空闲 (忙: { $agents });最后一次检查时升级给 lead
issue-n-item-assigned-role = issue #{ $n }: { $item } 已指派给 { $role }; 忽略
issue-n-assigned-role-item = issue #{ $n } 指派给 { $role }: { $item } 处于 { $state },lead 只在升级后重新分配; 保持不变
issue-n-task-here-already = issue #{ $n } 在这里已是 task;已忽略
issue-n-goal-here-already = issue #{ $n } 在这里已是 goal;已忽略
issue-n-has-no-type = issue #{ $n } 没有 `type/*` 标签: 不是 goal;已忽略
issue-n-assigned-who-who = issue #{ $n } 分配给了 { $who },其不在团队中 (.orx/config.yaml 的 `team:`);在加入之前忽略
issue-n-closed-task-closed = issue #{ $n } 已关闭: task 由其合并 (pull_request closed) 关闭,而不是由 issue 关闭;已忽略
pull-request-n-branch-no = pull request #{ $n } (来自 { $branch }): 该分支上没有 task;已忽略
pull-request-n-branch-no-2 = pull request #{ $n } (来自 { $branch }): 该分支上没有 task,也没有与 issue #{ $i } 关联的 task;已忽略
pull-request-n-names-parent = pull request #{ $n } 的父 issue 是 #{ $m } (goal { $goal }),但 { $task } 属于 goal { $other };已忽略
issues-action-n-ignored = 已忽略 #{ $n } 上的 issues/{ $action }
issue-comment-action-n-ignored = 已忽略 #{ $n } 上的 issue_comment/{ $action }
comment-n-which-no-goal = #{ $n } 上的评论在这里不属于任何 goal;已忽略
issue-n-closed-task-closed-2 = issue #{ $n } 已关闭: { $task } 由其合并 (pull_request closed) 关闭,而不是由 issue 关闭;仍为 { $state }
mean-role-review-rounds-v = { $role } 平均评审轮次 { $v } > { $max }: 请检查决策矩阵的阈值
auto-approval-rate-v-min = 自动批准率 { $v } < { $min }: 请检查质量标准
escalation-rate-v-max-check = 升级率 { $v } > { $max }: 请检查工作流和培训
no-story-id-name-heading = 名称和标题中都没有 Story ID: 不是 Story
no-status-no-story-heading = 没有状态、没有 Story 标题也没有 Story 的章节: 不是 Story
name-does-not-fit-stories = 它的名称不符合 Story 的文件名模式 `{ $pattern }`: 要把它作为 Story { $id } 接管,请改名为 { $path }
story-id-path-another-file = Story { $id } 是 { $path };这是它的另一个文件
story-id-path-another-file-2 = Story { $id } 是 { $path };这是它的另一个文件: { $text }
heading-names-w-not-story = 它的标题表明是 { $w },不是 Story
heading-names-w = 它的标题表明是 { $w }
name-names-w = 它的名称表明是 { $w }
name-marks-w = 它的名称标明是 { $w }
left-asked = 按要求保持原样
no-status-written-adopted-initial = 没有写状态: 以初始状态 { $state } 接管
source-says-v-what-says = { $source } 写的是 `{ $v }`;{ $what } 写的不同: 选择 { $state },以 Story 自己写的为准
heading-says-story-h-name = 它的标题写的是 Story { $h },名称是 Story { $n }: 采用名称中的 ID,因为文件名指向它
status-v-form-not-state = 它的状态 `{ $v }` ({ $form }) 不是工作流中的状态 (状态: { $states });请说明它代表哪个状态
story-id-item-already-id = Story { $id } 已是条目;一个 ID 只对应一个文件
not-valid-utf-legacy-encoding = 不是有效的 UTF-8 (旧编码?): 保持原样;请转换为 UTF-8 (例如 `iconv -f WINDOWS-1252 -t UTF-8`),再运行 adopt
issues-payload-has-no-issue = `issues` 事件的数据中没有 `issue`
issue-has-no-number = issue 没有 `number`
comment-s-issue-has-no = 评论所属的 issue 没有 `number`
pull-request-payload-has-no = `pull_request` 事件的数据中没有 `pull_request`
pull-request-has-no-head = pull request 没有 `head.ref`
merged-pull-request-without-merge = 已合并的 pull request 没有 `merge_commit_sha`
check-names-no-branch = 检查没有指明分支
review-s-pull-request-has = 评审所属的 pull request 没有 `head.ref`
kind-kind-names-no-file = `{ $kind }` 类型没有为 `{ $id }` 指定文件
no-loop-id-looked-loop = 没有 loop `{ $id }` (已查找 .loop/ 和 { $legacy })
legacy-not-valid-json-text = { $legacy }: 不是有效的 JSON: { $text }
name-workflow-has-no-run = { $name } 工作流没有 `run.actions.{ $action }`
validate-records-test-results-give = validate 记录测试结果: 请在输入中给出 `test_results` (一个列表),或运行配置的测试
path-cannot-recovered-no-commit = { $path } 无法恢复: 没有提交含有它的有效版本,它自身的字段 (loop_id, title, description, max_iterations, status, current_iteration, created_at, updated_at) 已丢失;请重新填写 (进度文件 { $dir } 中仍保存着 skill_state)
no-agent-context-can-named = agent 上下文不能命名为 `{ $name }`
agent-name-exists-already-path = agent `{ $name }` 已存在 ({ $path })
name-workflow-path-has-no = { $name } 工作流 ({ $path }) 没有 { $action } 写入的记录,gate 把它的结论记在那里
name-workflow-path-has-no-2 = { $name } 工作流 ({ $path }) 没有 `measure` 部分: assess 按它的指定记录结构和提取结果
path-items-section-cannot-read = { $path }: 无法读取它的 `items:` 部分
config-could-not-planned = 无法规划配置的修改
no-workflow-adopt-stories-into = 没有可以接管这些 Story 的工作流
link-symbolic-link-adopt-rewrites = { $link } 是符号链接: adopt 会就地改写其目录 ({ $rel }) 中的 Story,并会经由它写到仓库之外;请用目录本身替换该链接,再运行 adopt (未写入任何内容)
link-symbolic-link-adopt-writes = { $link } 是符号链接: adopt 会写入 { $rel },并会经由它写到仓库之外;请用它指向的内容替换该链接,再运行 adopt (未写入任何内容)
path-text-nothing-written = { $path }: { $text } (未写入任何内容)
error-nothing-written = { $error } (未写入任何内容)
symbolic-link-adopt-rewrites-story = 是符号链接: adopt 会就地改写 Story,并会写到它指向的地方;请用文件本身替换该链接,再运行 adopt
has-n-hard-links-adopting = 有 { $n } 个硬链接: adopt 会替换该文件,使它与其他名字断开;请让它成为独立的文件 (`cp FILE FILE.copy && mv FILE.copy FILE`),再运行 adopt
status-status-cannot-read-field = 状态 `{ $status }` 不能读作 `{ $field }`: 它不是一个状态 (可用状态: { $list })
arg-neither-commit-range-branch = `{ $arg }` 既不是提交范围,也不是分支或工作区中的路径
path-holds-review-role-not = { $path } 中有 { $role } 未提交的评审;请提交 (git commit) 或恢复该文件,然后再运行 gate
agent-context-kind-id = 智能体上下文必须写明 `kind: { $kind }` 和 `id: { $id }`
review-round-not-started = { $source } 为 { $round }: 尚未开始任何评审轮次
derived-field-cannot-evaluate = { $label } 的 `{ $path }`: { $error }
adopt-not-utf8 = 不是有效的 UTF-8
invalid-agent-name = 无效的智能体名称 `{ $name }`: { $why }
loop-status-not-a-state = `status` 应为 { $states } (而不是 { $status })
loop-legacy-missing = 缺少 { $field }
loop-legacy-inconsistent = 不一致: { $problem }
loop-legacy-initialized-pending = 已初始化,但状态仍为 pending
loop-legacy-completed-not-validated = 已完成,但验证未通过
loop-legacy-count-mismatch = completed_count 不符
adopt-from-asked = 按要求
adopt-from-usual = 常见位置
adopt-from-at = { $from }: { $dir }
adopt-from-down = { $from }: { $dir },下一层目录
adopt-searched-not-there = { $dir } ({ $from }: 不存在)
adopt-searched-not-folder = { $dir } ({ $from }: 不是目录)
adopt-searched-no-markdown = { $dir } ({ $from }: 没有 Markdown 文件)
