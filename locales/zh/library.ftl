# git-orx 的库消息的中文,按 ID (library);英文在 locales/en/ 同名文件的同一 ID 下。


## 多行消息:每行是一条消息。

two-lines =
    { $first }
    { $second }
three-lines =
    { $first }
    { $second }
    { $third }

## 检查点与回滚 (change/checkpoint.rs)。

no-checkpoint-made-in-minute = 在 { $name } 这一分钟内没有创建检查点 (`git orx checkpoints` 列出它们)
checkpoint-made-in-another-worktree = { $name } 是在工作区 { $there } 创建的,不是这个 ({ $here });请在那里回滚,或从任意工作区回滚
rollback-put-back-saved = 工作区和 HEAD 已恢复原样 (之前的状态也已保存为 { $name }: 回滚到 { $name2 } 可恢复)
rollback-work-saved-as = 你的工作已保存为 { $name }: 回滚到 { $name2 } 可恢复

## ID (text, workflow/items.rs)。

invalid-id = 无效的 ID `{ $id }`: { $why }
id-empty = 它是空的
id-too-long = 它超过 64 个字符
id-char-not-allowed = 不允许 `{ $char }` (请用字母、数字、`.`、`_` 和 `-`)
id-bad-ends = 它不能以 `.` 或 `-` 开头,也不能以 `.` 结尾
id-double-dot = 它不能包含 `..`

## 计划 (change/plan.rs)。

item-not-committed-yet-commit-first = { $item } ({ $path }) 尚未提交;请先提交 (`git orx new` 会提交它,除非另有指示)
path-has-uncommitted-edits-refused = { $path } 有 { $item } 的未提交修改,这次变更会一并提交它们,而 { $workflow } 工作流拒绝了它们: { $refusal }
nothing-changed-undo-edits = 未做任何修改;请撤销这些修改,或全部丢弃 (`git checkout -- { $path }`,或 `git orx restore { $id }`,后者会把它们保存在备份中),然后再次运行该命令
unknown-kind-make-one-copied = 未知类型 `{ $kind }` (类型: { $list });用 `git orx kind new NAME` 从某个类型复制创建一个
kind-id-is-given-say-which = { $kind } 的 ID 需要给出: 请说明是哪个
cannot-choose-next-id-give-one = 无法在最大的 ID 之后选出下一个 ID;请给出一个
undo-rollback-by-rolling-back = 可回滚到 { $name } 来撤销回滚,或重新记录这个转换

## 一个位置及其问题 (文件与操作系统的错误,工作流与其表达式的错误)。

path-text = { $path }: { $text }
path-space-text = { $path } { $text }
workflow-part-failed = { $workflow }: `{ $part }`: { $text }

## 状态、备份、恢复 (change/state.rs)。

updates-set-no-field = 这些更新没有设置任何字段
item-has-no-differing-backup = { $item } 没有与它不同的备份: 无可恢复
it-has-none = 它没有备份
from-not-readable-choose-another = { $path } 的 { $name } 也无法读取 ({ $text });请选择另一个备份来恢复
path-at-commit-text = { $path } (在 { $commit }): { $text }
path-no-parent = { $path }: 没有上级目录

## 钩子 (hooks/)。

install-hooks-outside-anyway = 若仍要为使用它的每个仓库安装到那里: 请说明钩子本就要装在仓库之外
lefthook-advice =
    把 git-orx 加到 { $file } (或让 `git orx hooks install` 为 lefthook 加上它):

    { $block }
    然后运行 `lefthook install`
path-missing = { $path } 不存在

## 类型与规则 (repo/)。

unknown-kind-to-copy-from = 未知类型 `{ $name }` (要从它复制){ $guess }
dir-holds-other-items-own-dir = { $dir } 存放着 `{ $other }` 的条目;请给新类型单独的目录

## 拒绝 (engine/validate.rs): 拒绝了什么,为什么。

text-then = { $first }{ $rest }
item-not-state-of-workflow = { $item }: `{ $state }` 不是其工作流的状态
item-field-may-not-change = { $item }: `{ $field }` 不能修改 (原为 `{ $before }`,现为 `{ $after }`)
allowed-none-human-overrides = {"  "}{ $state } 允许的转换: 无 (只有 Human 能覆盖)
item-new-must-start-in = { $item } 是新建的,必须从 { $initial } 开始,而不是 { $state }
item-deleted-only-by-human = { $item } ({ $state }) 只能由 Human 删除
item-field-kept-by-workflow = { $item }: `{ $field }` 由工作流维护,只能通过其转换修改 (原为 { $before },现为 { $after })
human-may-override = {"  "}Human 可以覆盖
item-field-record-once-per-round = { $item }: `{ $field }` 是每轮写一次的记录: { $problem }
item-state-not-allow-operation = { $item } 处于 { $state },不允许 { $operation }
item-not-changed-this-way = { $item } 处于 { $state } 时不能这样修改:
item-move-problem = { $item }: { $from } -> { $to } { $problem }
only-human-may-force = 只有 Human 能强制修改;{ $role } 不能覆盖规则

## git 与仓库锁 (git/, engine/store.rs)。

not-a-git-repository = 不在 git 仓库中 (请先运行 `git init`,或 cd 进入一个仓库)
bare-repository = 这是一个裸仓库;git-orx 需要工作区
git-command-failed = `git { $args }` 失败: { $text }
cannot-run-git = 无法运行 git: { $text }
git-said = git: { $text }
index-lock-taken = { $path } 已存在: 另一个 git 进程在 git-orx 工作时占用了索引;请再次运行该命令
git-lock-outlasted-wait = { $path } 超过了等待时间 ({ $waited }): 如果没有 git 命令在运行,请删除它 (它是提前停止的 git 进程留下的),然后再次运行该命令
repository-lock-held = 另一个 git-orx 进程持有仓库锁: 已等待 { $waited };请在它结束后重试 (orx.lockTimeout 或 ORX_LOCK_TIMEOUT 设置等待时间)
repository-lock-held-by = 另一个 git-orx 进程持有仓库锁 ({ $holder }): 已等待 { $waited };请在它结束后重试 (orx.lockTimeout 或 ORX_LOCK_TIMEOUT 设置等待时间)
path-changed-while-working = { $path } 在 git-orx 处理时被修改了;未写入任何内容,请再次运行该命令

## 配置 (repo/config.rs)。

not-valid-utf-8 = 不是有效的 UTF-8
config-lang-not-supported = 不支持 `lang: { $lang }` (请用 en 或 zh)
config-stories-relative = `stories: { $stories }` 必须是工作区内的相对路径,不含 `..`,且在 .git 和 .orx 之外
config-stuck-after-hours = `doctor: {"{"}stuck_after_hours: { $hours }{"}"}` 必须是大于 0 的小时数
config-team-unknown-role = team: 代理 { $agent } 充当未知角色 `{ $role }`
config-identity-unknown-role = 身份 { $email }: 未知角色 `{ $role }`
config-role-name = 角色 `{ $role }` 只能由字母、数字、`-` 或 `_` 组成
config-max-review-rounds = `alerts.max_review_rounds` 必须是轮数,0 或更多
config-alert-rate = `alerts.{ $key }: { $v }` 必须是 0 到 1 之间的比率 (0.3 即 30%)
invalid-config = 无效的配置 { $text }
outcome-not-a-trigger = { $item }: { $trigger } 是 `{ $command }` 的结果,不是可以手动触发的触发器: 它在 `{ $command }` 运行时触发
condition-actual = { $text } — 实际: { $values }
condition-cannot-evaluate = { $text } — 无法求值: { $error }
condition-actual-cannot-evaluate = { $text } — 实际: { $values } — 无法求值: { $error }
value-not-set = 未设置
path-is-value = { $path } = { $value }
comma-then = { $first }, { $rest }
text-bullet = { $first }{"\u000A"}  - { $item }
to-state-condition = 到 { $to }: { $condition }
role-nobody = 无人
roles-or = { $first } 或 { $last }
state-roles = { $state } ({ $roles })
action-the-gate = { $role } 的审查
action-the-operation = `{ $operation }` 操作
action-named = `{ $name }`
action-quality-check = 质量检查
restore-from-committed = 已提交的版本
restore-from-backup = 备份 { $name }
restore-from-store = 状态存储中的 { $name }
restore-from-commit = 提交 { $commit }
semicolon-then = { $first }; { $rest }
no-open-task-ticked = 没有未完成的任务 (已勾选 { $ticked } 个)
open-tasks-ticked = { $n } 个未完成的任务 ({ $list }),已勾选 { $ticked } 个
story-tasks-not-recorded = Story 中有 { $has },但 { $open } 是 { $open_value },{ $done } 是 { $done_value }; `git orx move` 会记录 Story 的实际情况 (以及留下未完成任务的原因)
field-is-but-story-measures = { $field } 是 { $value },但 Story 测得 { $measured }%
quality-not-recorded = { $wrong }; 请用 `git orx assess` 记录质量检查 (它会测量),或在 { $reason } 中说明其他数值的原因
duplicate-id-also = 重复的 ID `{ $id }` (另见 { $first })
uncommitted-change-refused = 未提交的修改被拒绝: { $refusal }
temporary-file-left-by-write = 中断的 git-orx 写入留下的临时文件; git-orx 下次在这里写入时会删除它,也可以手动删除
text-in-builtin-section = { $text } ({ $origin }{ $line ->
        [0] {""}
       *[other] ,第 { $line } 行
    })
file-name-not-utf8-rename = 文件名不是有效的 UTF-8; 请重命名
file-empty-item-starts-fence = 文件是空的; 条目以 `---` 行开始,然后是 YAML,再以 `---` 结束
file-not-start-fence = 文件没有以 `---` 行 (frontmatter 分隔线) 开始
frontmatter-never-closed = 第 1 行开始的 frontmatter 没有以 `---` 行结束
unresolved-merge-conflict-here = 这里有未解决的合并冲突: 用 `git orx resolve ID` 结束它 (它会说明需要选择什么),或编辑文件后 `git add`
path-at-text = { $path }:{ $line }:{ $column }: { $text }
