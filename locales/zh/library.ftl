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
path-is-a-symbolic-link = { $path }: 是符号链接;git-orx 只通过仓库内真实的目录和文件写入 { $rel }: 请用链接所指向的内容替换该链接 (没有写入任何内容)
path-space-text = { $path } { $text }
workflow-part-failed = { $workflow }: `{ $part }`: { $text }

## 故障: git-orx 正在做的事,以及其下失败的原因 (系统的原话)。

fault-cause = { $what }: { $cause }
cannot-read-path = 无法读取 { $path }
cannot-write-path = 无法写入 { $path }
cannot-make-directory = 无法创建目录 { $path }
cannot-list-directory = 无法列出目录 { $path }
cannot-say-as-json = 无法把结果转换为 JSON
cause-permission-denied = 权限不足
cause-not-found = 文件或目录不存在

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
git-output-unread = `git { $args }` 的输出 git-orx 无法读取: { $text }
git-reader-stopped = git-orx 还没读完 `git { $args }` 的输出,它就停止了
git-index-only-new-side = 索引只能作为比较的新的一方 (git-orx 的故障)
git-head-no-commit-after-merge = git 合并之后 HEAD 没有指向任何提交
git-head-no-commit-after-commit = git 提交之后 HEAD 没有指向任何提交
git-snapshot-index-gone = 为恢复工作区而保存的索引不见了 (git-orx 的故障)
index-lock-taken = { $path } 已存在: 另一个 git 进程在 git-orx 工作时占用了索引;请再次运行该命令
git-lock-outlasted-wait = { $path } 超过了等待时间 ({ $waited }): 如果没有 git 命令在运行,请删除它 (它是提前停止的 git 进程留下的),然后再次运行该命令
repository-lock-held = 另一个 git-orx 进程持有仓库锁: 已等待 { $waited };请在它结束后重试 (orx.lockTimeout 或 ORX_LOCK_TIMEOUT 设置等待时间)
repository-lock-held-by = 另一个 git-orx 进程持有仓库锁 ({ $holder }): 已等待 { $waited };请在它结束后重试 (orx.lockTimeout 或 ORX_LOCK_TIMEOUT 设置等待时间)
path-changed-while-working = { $path } 在 git-orx 处理时被修改了;未写入任何内容,请再次运行该命令

## 配置 (repo/config.rs)。

not-valid-utf-8 = 不是有效的 UTF-8
text-not-valid-utf-8 = 不是有效的 UTF-8
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
item-tasks-not-recorded = { $kind } 中有 { $has },但 { $open } 是 { $open_value },{ $done } 是 { $done_value }; `git orx move` 会记录 { $kind } 的实际情况 (以及留下未完成任务的原因)
field-is-but-item-measures = { $field } 是 { $value },但 { $kind } 测得 { $measured }%
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
note-text = 注意: { $text }
section-name-empty = 章节 "{ $name }" 为空
dev-notes-item-name-empty = Dev Notes 条目 "{ $name }" 为空
dev-notes-item-name-cites = Dev Notes 条目 "{ $name }" 未注明来源 ([Source: docs/...])
passed = 通过
failed = 未通过
check-passed = 检查通过
check-failed = 检查未通过
states-list = {"  "}状态: { $list }
action-applies-kinds-states-one = { $action } 只适用于处于 { $states } 的 { $kind };此条目处于 { $state }
no-transition-state-fits-result = { $state } 没有适合这个结果的转换:
kinds-kinds = 类型: { $kinds }
no-kind-id-id-dirs = { $dirs } 中没有 ID 为 `{ $id }` 的 { $kind }
invalid-id-id-does-not = 无效 ID `{ $id }`: 不符合该类型的 ID 模式 `{ $pattern }`
kind-workflow-counts-no-errors = { $kind } 工作流不计错误 (它没有带 `errors:` 的 `run:` 部分)
name-neither-backup-item-list = `{ $name }` 既不是 { $item } 的备份 ({ $list }),也不是一个提交
branch-not-local-branch-branches = `{ $branch }` 不是本地分支; 分支: { $list }
cannot-read-file-e = 无法读取 { $file }: { $e }
argument = 对象: { $argument }
name-not-checkpoint-name-they = `{ $name }` 不是检查点名称 (形如 chk-202602081200,同一分钟内较晚的形如 chk-20260208120007;`git orx checkpoints` 列出它们)
text-not-field-value = `{ $text }` 不是 FIELD=VALUE 形式
path-not-field-path-b = `{ $path }` 不是字段路径 (`a.b.c`)
field-item-s-identity-cannot = `{ $field }` 是条目的标识,不能更新
field-must-one-states-kind = `{ $field }` 必须是 { $kind } 的状态之一: { $states },而不是 { $value }
title-one-line-most-characters = 标题是最多 200 个字符的一行
backup-names-starting-auto-automatic = 以 `auto-` 开头的备份名属于自动备份;请换一个名字,不要用 `{ $name }`
git-middle-what-finish-abort = git 正在进行 { $what };请完成或中止它,然后重新运行命令 (未做任何修改)
reason-must-say-why-violation = reason 必须说明为什么接受这个违规
title-empty = 标题为空
updates-must-json-object-fields = 更新必须是字段的 JSON 对象,而不是 { $updates }
kind-workflow-counts-no-errors-2 = { $kind } 工作流不计错误 (没有设置 `run.errors`)
kind-workflow-has-no-run = { $kind } 工作流没有 `run:` 部分: 它的条目不由 `git orx run` 驱动
repository-has-no-commit-yet = 这个仓库还没有提交;请先做第一次提交,然后才能创建检查点
item-has-backup-named-name = { $item } 已有名为 `{ $name }` 的备份;请换一个名字
path-not-committed-yet-commit = { $path } 尚未提交;请先提交
path-not-committed-there-no = { $path } 尚未提交: 没有可以回到的已提交版本
trigger-records-note-field-give = { $trigger } 把说明记录在 `{ $field }`: 请用 -m TEXT 给出
what-progress-finish-abort-then = { $what } 正在进行;请完成或中止它,然后再回滚
count-checkpoints-were-made-minute = { $name } 这一分钟内创建了 { $count } 个检查点: { $list };请指定其中一个
agent-records-no-checkpoint-roll = { $agent } 没有记录可回滚的检查点
nothing-changed = 未做任何修改
score = 评分在 0 到 10 之间
allowed-while-state = {"  "}{ $state } 时允许:
repository-not-set-up-git = 这个仓库还没有设置 git-orx (没有 .orx/config.yaml)
rejected = 已拒绝:
no-role-say-who-makes = 未指定角色: 请用 ORX_ROLE=ROLE 或 `git config orx.role ROLE` 说明由谁做这个修改
item-also-other-id-may = { $item } 同时也是 { $other };一个 ID 只能使用一次: `ORX_ROLE=human git orx renumber { $kind_id }` 会给后加入的那个分配下一个空闲 ID
no-item-id-left-unmerged = 这里没有因合并而未解决的条目 `{ $id }` (git status 会列出未合并的文件)
more-than-one-unmerged-item = 不止一个未合并的条目使用 ID `{ $id }`: 请写成 KIND:ID
no-item-has-id-id = 没有条目使用 ID `{ $id }`
items-more-than-one-kind = 不止一种条目使用 ID `{ $id }`: 请写成 KIND:ID 指明类型
path-does-not-hold-item = { $path } 中不是条目 `{ $id }`
only-path-holds-id-id = 只有 { $path } 使用 ID `{ $id }`: 没有冲突;如仍要重新编号,请给出新 ID
item-id-exists-already-choose = { $item } { $id } 已存在;请选择一个空闲的 ID
cannot-choose-next-free-id = 无法选出下一个空闲 ID;请给出一个
path-exists-already = { $path } 已存在
b-were-added-same-commit = { $a } 和 { $b } 是由同一个提交加入的: 请用路径指明要重新编号哪一个
quality = 质量
conflict = 冲突:
merged = 已合并:
later-state-wins = 生命周期中靠后的状态优先
state-role-owns-wins = { $role } 负责的状态优先
all-head-s-history-branch = HEAD 的全部历史 (该分支没有上游)
new = (新建)
no-role = 无角色
run = 运行:
or = 或:{"  "}
kind-kind-names-no-file-2 = `{ $kind }` 类型没有为 ID `{ $id }` 指定文件
item-not-made-yet-waits = { $item } 还不能以 { $to } 创建: 它等待 { $waiting } (其 `{ $field }`),{ $n ->
        [1] 后者
       *[other] 它们
    }尚未 { $state }
item-waits-waiting-field-which = { $item }: { $from } -> { $to } 等待 { $waiting } (它的 `{ $field }`),{ $n ->
        [1] 后者
       *[other] 它们
    }尚未处于 { $state }
path-no-such-file-directory = { $path }: 没有这个文件或目录
path-holds-no-story-files = { $path } 中没有 Story 文件 (Story 文件是 { $dir }/ 中的 .md 文件)
unknown-preset-name-guess = 未知预设 `{ $name }`{ $guess }
unknown-kind-name-kinds-list = 未知类型 `{ $name }` (可用类型: { $list })
unknown-kind-name = 未知类型 `{ $name }`
path-not-valid-utf = { $path }: 不是有效的 UTF-8
name-cannot-name-kind-use = `{ $name }` 不能作为类型名: 请使用小写字母、数字、`-` 和 `_`,以字母开头 (最多 32 个字符)
label-holds-no-path = { $label } 中没有 { $path }
checkpoint-would-not-keep-these = 检查点无法原样保存这些文件,因为有过滤器会在 git 保存时修改它们 (`git check-attr -a FILE` 可查看),任何提交或检查点都不保存它们的原始字节: { $files };请把它们复制到工作区之外并在此删除 (提交也无法保留它们),再运行命令,然后按需放回副本 (未做任何修改)
rolling-back-would-write-over = 回滚会覆盖或删除它无法恢复其字节的文件,因为有过滤器会在 git 保存时修改它们 (`git check-attr -a FILE` 可查看),任何提交或检查点都不保存它们的原始字节: { $files };请把它们复制到工作区之外并在此删除 (提交也无法保留它们),再回滚,然后按需放回副本 (未做任何修改)
files-changed-while-git-orx = { $files } 在 git-orx 读取时发生了变化 (有程序正在写入);未做任何修改,请在它们不再变化时重新运行命令
rolling-back-would-overwrite-files = 回滚会覆盖 git 忽略的文件 (检查点不保存它们): { $files };请先移走它们,再回滚
rolling-back-name-failed-text = 回滚到 { $name } 失败: { $text };恢复工作区也失败了: { $text2 }
rolling-back-name-failed-text-2 = 回滚到 { $name } 失败: { $text };恢复工作区和 HEAD 也失败了: { $text2 }
rolling-back-name-failed-text-3 = 回滚到 { $name } 失败: { $text };工作区已恢复,但移回 HEAD 失败: { $text2 }
rolling-back-name-failed-text-4 = 回滚到 { $name } 失败: { $text }
head-moved-commit-while-git = git-orx 回滚期间 HEAD 移动了 (到 { $commit })
index-changed-while-git-orx = git-orx 回滚期间暂存区发生了变化
path-changed-while-git-orx = git-orx 回滚期间 { $path } 发生了变化
text-nothing-changed-run-command = { $text };未做任何修改,请再次运行该命令
internal-error-change-judged-verdict = 内部错误: 一个修改被判定为 { $verdict }
kind-items-kept-fixed-paths = `{ $kind }` 条目保存在固定路径 ({ $paths }),不由 `git orx new` 创建
kind-items-made-git-orx = `{ $kind }` 条目用 `git orx { $command }` 创建 (即 `git orx next` 提供的 `create` 动作),而不是 `git orx new`
kind-id-made-meanwhile-another = { $kind } { $id } 已被另一个进程同时创建 ({ $path }): 该 ID 已被占用;再运行一次命令以使用下一个空闲 ID
kind-id-id-already-exists = ID 为 `{ $id }` 的 { $kind } 已存在: { $path }
path-may-hold-kind-id = { $path } 可能存放着 { $kind } `{ $id }`,但无法读取;请先修复它 (git orx check)
built-example-goes-built-template = 内置示例配合内置模板使用,而这个 { $kind } 的模板无法度量它;请改为按模板编写 { $kind }
kind-template-does-not-produce = { $kind } 模板没有生成 `kind: { $kind2 }`、`id: { $id }` 和 `{ $field }: { $value }`;请修正它的 frontmatter
path-already-exists = { $path } 已存在
work-rolled-back-commit-but = 工作已回滚 [{ $commit }],但无法记录 { $item }: { $text }
path-run-actions-action-body = { $path }: `run.actions.{ $action }.body`: 没有渲染器 `{ $name }`
presets-list = 预设: { $list }
refused-install-git-orx-s = 拒绝把 git-orx 的 hooks 安装到 { $dir }: core.hooksPath 指向这个仓库之外的该目录,使用该目录的每个仓库都会运行 git-orx 的 hooks (没有设置 git-orx 的仓库会提交失败)
give-repository-own-hooks-git = 要让这个仓库有自己的 hooks: git config --local core.hooksPath { $dir },然后运行 `git orx hooks install`
lefthook-asked-but-repository-has = 要求使用 lefthook,但这个仓库没有 lefthook 配置 ({ $paths }){ $more }
path-git-orx-edits-only = { $path }: git-orx 只编辑 YAML 格式的 lefthook 配置
cannot-add-git-orx-s = 无法添加 git-orx 的条目: { $text };未做任何修改。{ $more }
cannot-add-git-orx-s-2 = 无法把 git-orx 的 { $name } 条目添加到 { $path }: { $why };未做任何修改。请手动添加:
path-other-both-exist-move = { $path } 和 { $other } 同时存在;请移走其中一个,然后重新安装
cannot-run-your-name-hook = 无法运行你的 { $name } hook ({ $path })
committed-version-path-not-valid = { $path } 已提交的版本无效 ({ $text });请先提交修复
item-has-uncommitted-change-state = { $item } 有未提交的状态修改 (已提交 { $from },{ $path } 中为 { $to });请提交 (由 hooks 判定) 或恢复该文件,然后重试
item-now-state-committed-commit = { $item } 现在处于 { $state } (已在 { $commit } 提交);未做任何修改
there-no-checkpoint-name-git = 没有检查点 { $name } (`git orx checkpoints` 列出它们)
rollback-leaves-story-context-files = 回滚不改动 Story 和上下文文件,而这些文件有未提交的修改: { $files };请先提交或恢复它们
git-told-not-look-these = git 被设置为不检查这些文件,回滚无法原样保存它们: { $files };请先清除该设置 (`git update-index --no-assume-unchanged --no-skip-worktree FILE`),再回滚 (未做任何修改)
checkpoint-name-just-made-missing = 刚创建的检查点 { $name } 不见了
language-lang-not-supported-use = 不支持语言 `{ $lang }` (请使用 en 或 zh)
path-not-valid-utf-2 = { $path } 不是有效的 UTF-8
there-kind-name-already-choose = 已经有类型 `{ $name }`;请换一个名称
name-items-kept-fixed-paths = `{ $name }` 条目保存在固定路径;新类型要从保存在目录中的类型创建 ({ $list })
path-symbolic-link-item-directory = { $path } 是符号链接;条目目录 ({ $dir }) 必须是仓库中的真实目录
id-id-list-say-which = `{ $id }` 是 { $list } 的 ID;请用 KIND:ID 指明 (例如 `{ $example }`)
kind-id-n-files-files = { $kind } `{ $id }` 出现在 { $n } 个文件中: { $files };一个 ID 只能用一次 — `ORX_ROLE=human git orx renumber { $kind_id }` 会给后加入的那个分配下一个空闲 ID
there-no-commit-rev = 没有提交 `{ $rev }`
path-has-uncommitted-changes-commit = { $path } 有未提交的修改;请先 (以 Human 身份) 提交或恢复该文件
commit-already-acknowledged-who-reason = { $commit } 已被确认 ({ $who }: { $reason })
path-outside-repository = { $path } 在仓库之外
interrupted-while-waiting-repository-lock = 等待仓库锁时被中断;未做任何修改
interrupted-while-waiting-repository-lock-2 = 等待仓库锁时被中断 ({ $holder } 持有它);未做任何修改
interrupted-while-waiting-path-nothing = 等待 { $path } 时被中断;未做任何修改
path-ignored-git-rule-git = { $path } 被 git 忽略 ({ $rule }): git-orx 不提交被忽略的文件;请删除该规则,或把文件放在 git 不忽略的位置
head-has-already-moved-rollback = HEAD 已经移到回滚提交 { $commit } (原来是 { $head }): 有空间后,`git reset --soft { $again }` 可把它移回
head-back-head = HEAD 已回到 { $head }
either = { $first } 或 { $second }
both = { $first } 和 { $second }
item-field-missing = 缺少 `{ $key }`
item-state-elsewhere = `{ $kind }` 条目的状态写在 `{ $field }` 中,而不是 `status`
item-unknown-state = 未知状态 `{ $state }` (状态: { $states })
item-owner-field-role = `{ $field }` 必须写明这个 { $kind } 所担任的角色 (角色: { $roles })
body-status-disagrees-with-itself = 正文的状态在其{ $form ->
        [section] 状态小节
        [heading] 标题
        [line] 状态行
        [bold] 粗体状态行
        [fenced-yaml] YAML 代码块
       *[other] { $form }
    }中写着 `{ $value }` ({ $state }),在其{ $first_form ->
        [section] 状态小节
        [heading] 标题
        [line] 状态行
        [bold] 粗体状态行
        [fenced-yaml] YAML 代码块
       *[other] { $first_form }
    }中却写着 `{ $first }`,即该 { $kind } 的状态: 请在每一处都写 `{ $write }` (之后的移动会让它们保持一致)
body-status-not-the-items = 正文的状态写着 `{ $value }` ({ $state }),但该 { $kind } 处于 { $status }: 请用 `git orx move` 改变状态,它会让两者保持一致
body-status-no-state = 正文的状态 `{ $value }` 不是 { $workflow } 工作流的状态 (状态: { $states });请写 `{ $write }`
doc-line-column = 第 { $line } 行第 { $column } 列: { $problem }
file-is-symlink = 是符号链接;条目必须是普通文件
file-not-regular = 不是普通文件
file-too-large = 有 { $size } 字节;条目最多 { $most } 字节 (1 MiB)
file-grew-too-large = 超过 { $most } 字节 (1 MiB)
file-does-not-exist = 不存在
file-permission-denied = 无法读取 (权限不足)
item-id-problem = { $label }: { $problem }
item-file-named-for-id = { $label } 必须放在以其 ID 命名的文件中 (`{ $file }`),这样 ID 才能找到它
item-at-path-for-id = { $label } 必须位于 { $path },这样 ID 才能找到它
item-holds-other-kind = { $path } 写着 `kind: { $kind }`;这里只放 { $only } 的条目
doc-not-utf8 = 文件不是有效的 UTF-8
doc-not-json = 不是有效的 JSON: { $error }
doc-not-json-object = 文件必须是一个 JSON 对象
doc-frontmatter-not-mapping = frontmatter 必须是键到值的映射
doc-frontmatter-empty = frontmatter 是空的;至少需要 `kind`、`id` 和 `status`
doc-field-single-value = `{ $key }` 必须是单个值
doc-cannot-rewrite = 无法改写 `{ $path }`: { $why }
doc-value-alias = 该值是一个别名 (`*name`)
doc-key-not-mapping = `{ $key }` 不是映射
doc-path-empty = 路径为空
doc-block-scalar = 该值是块标量 (`|` 或 `>`)
doc-no-colon = 找不到空值的 `:`
doc-key-not-object = `{ $key }` 不是对象
doc-on-way-not-object = 路径上的某个值不是对象
doc-rewrite-invalid-json = 内部错误: 改写产生了无效的 JSON ({ $error })
doc-rewrite-invalid-yaml = 内部错误: 改写产生了无效的 YAML ({ $error })
doc-cannot-add = 无法添加 `{ $key }`: 不是映射
doc-flow-no-brace = 流式映射缺少 `{"}"}`
field-must-be-type = `{ $field }` 必须是{ $expected },而不是 { $value }
field-type-number = 数字
field-type-count = 0 到 1000000 之间的整数
field-type-string = 文本
field-type-boolean = true 或 false
field-type-strings = 文本列表
field-type-list = 列表
field-type-mapping = 映射
effect-cannot-evaluate = 效果 `{ $path }`: { $error }
effect-check-fields = { $problem } (请检查它读取的字段)
item-kind-unknown-known-kinds = { $problem };已知类型: { $kinds }
board-kind-not-in-story-dir = `kind: { $kind }` 不属于 Story 目录
board-unknown-state = 未知状态
commit-failed-outcome = { $error }{"\u000A"}{ $outcome }
companion-file-judged = 内部错误: { $item } 的计划附带了 { $path },而钩子会评判该文件;未写入任何内容: 随条目一起保存的文件必须是不受任何规则评判的文件
commit-failed-files-restored = 没有任何改动: 文件已恢复
commit-failed-head-changed = 没有提交任何内容: { $path } 在此期间于 HEAD 中被修改 (提交 { $commit });文件保留为 git-orx 写入的样子
commit-failed-restored = 没有任何改动: { $path } 已恢复
commit-failed-new-file-removed = 没有任何改动: 新文件 { $path } 已删除
commit-failed-changed-meanwhile = 没有提交任何内容: { $path } 在此期间被修改,保持原样
commit-failed-not-put-back = 没有提交任何内容,且文件无法还原 ({ $error }): 其中是 git-orx 的改动
did-you-mean-kind = ;你是想用 { $kind } 吗?
yaml-nesting-too-deep = 嵌套超过 { $most } 层
yaml-unexpected-end = YAML 意外结束
yaml-more-than-one-document = frontmatter 中有不止一个 YAML 文档
yaml-unexpected-event = 意外的 YAML 事件
yaml-too-many-nodes = 节点过多 (超过 { $most } 个,包括别名展开)
yaml-unknown-anchor = 别名指向未知的锚点
yaml-plain-keys-only = 只支持普通标量键
yaml-duplicate-key = 重复的键 `{ $name }` (首次出现在第 { $line } 行)
loop-task-not-json = 第 { $line } 行: 不是有效的 JSON: { $error }
loop-task-not-object = 第 { $line } 行: 任务须是一个 JSON 对象
loop-task-no-description = 第 { $line } 行: 任务需要 `description`
junit-not-report = 不是 JUnit XML 报告: { $error }
executor-output-empty = 执行器的输出不是带 `stateUpdates` 的 JSON 对象 (它什么也没输出)
executor-output-not-updates = 执行器的输出不是带 `stateUpdates` 的 JSON 对象 (它输出了: { $shown })
executor-may-set-nothing = 执行器不得在 { $action } 中设置 `{ $path }` (它什么也不能设置)
executor-may-not-set = 执行器不得在 { $action } 中设置 `{ $path }` (它可以设置: { $allowed })
did-you-mean-name = ;你是想用 { $name } 吗?
at-line-column = { $line }:{ $column }: { $message }
acknowledged-not-commit-id = `commit: { $commit }` 须是提交 ID (7 位或更多十六进制数字)
acknowledged-needs-reason-by = 对 { $commit } 的确认需要 `reason` 和确认人 (`by`)
yaml-too-large = YAML 太大,无法读取: { $what }; 其中的内容都未被使用。请把值直接写出,不要通过别名 (`*name`) 重复大段内容
yaml-budget-nodes = 它展开后超过 { $n } 个值 (别名每次使用都计入其锚点所含的内容)
yaml-budget-aliases = 它使用别名超过 { $n } 次
yaml-budget-anchors = 它定义了超过 { $n } 个锚点
yaml-budget-depth = 它嵌套超过 { $n } 层
yaml-budget-merge-keys = 它有超过 { $n } 个合并键 (`<<`)
yaml-budget-ratio = 它的 { $anchors } 个锚点被使用了 { $aliases } 次
yaml-budget-other = 它比规则文件允许的更大
