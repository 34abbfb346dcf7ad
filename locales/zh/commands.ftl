# git-orx 的消息的中文,按 ID;英文在 locales/en/ 同名文件的同一 ID 下。

next-commit-setup-then-create = 下一步: 提交设置,然后创建一个 Story:
next-new-language-takes-effect = 下一步: 新语言在 (由 Human) 提交后生效:
config-not-committed-until-rules = { $config } 尚未提交: 提交前生效的是工作区的规则,克隆的仓库没有这些规则;请提交 (git add .orx && git commit -m 'Set up git-orx')
no-stories-waiting-role = 没有等待 { $role } 的 Story。
no-stories-yet-create-one = 还没有 Story。创建一个: git orx new "标题" --as sm   ({ $dir }/)
nobody = 无人
agents = Agent
waits-role = (等待 { $role })
file-cannot-read-item-git = 1 个文件无法作为条目读取;`git orx check` 列出所有问题:
n-files-cannot-read-items = { $n } 个文件无法作为条目读取;`git orx check` 列出所有问题:
n-more = ... 另有 { $n } 个
stories-written-without-frontmatter-bmad = 没有 frontmatter 的 Story (BMAD、Orchestrix): `git orx adopt --dry-run` 显示如何接管它们
nothing-do-among-items-could = 可读取的条目中没有待办事项。
story-counts = 1 个 Story: { $counts }
n-stories-counts = { $n } 个 Story: { $counts }
nothing-role-do = { $role } 当前没有待办。
nothing-do-no-open-stories = 没有待办: 没有未完成的 Story。
item-state = { $item } 处于 { $state }
already-recorded-nothing-commit = (已记录,无需提交)
committed-commit-another-commit = (已由另一个提交 { $commit } 提交)
committed-another-commit = (已由另一个提交提交)
written-path-not-committed = 已写入 { $path },未提交
override-reason = 覆盖: { $reason }
fields-changed-still-state = 已修改 { $fields },仍处于 { $state }
no-field-changed-still-state = 没有字段被修改,仍处于 { $state }
refused = 已拒绝:{" "}
role-may-not-move-item = { $role } 无权将 { $item } 从 { $from } 移到 { $to }
role-may-not-change-item = { $item } 处于 { $from } 时 { $role } 无权修改
responsible-roles-owner-state = {"  "}负责角色: { $roles } ({ $state } 的负责者)
responsible-roles = {"  "}负责角色: { $roles }
item-cannot-move-workflow-has = { $item } 不能从 { $from } 移到 { $to }: 工作流中没有这个转换
allowed-list = {"  "}{ $from } 允许的转换: { $list }
none = 无
item-cannot-move-precondition-not = { $item } 不能从 { $from } 移到 { $to }: 1 个前置条件未满足
item-cannot-move-n-preconditions = { $item } 不能从 { $from } 移到 { $to }: { $n } 个前置条件未满足
item-state-terminal-state-cannot = { $item } 已处于终止状态 { $state },不能移到 { $to }
allowed-state-none-only-human = {"  "}{ $state } 允许的转换: 无 (只有 Human 能以 --force --reason TEXT 覆盖)
act-roles-role-human-may = 请以 { $roles } 身份执行 (--as { $role }),或由 Human 以 --force --reason TEXT 覆盖
git-orx-show-id-lists = `git orx show { $id }` 列出当前允许的转换及各自的条件
run-git-orx-init-here = 请先在这里运行 `git orx init`
uncommitted-changes-files-not-force = { $files } 的未提交修改在 (由 Human) 提交前不生效
legacy = {" "}(旧版位置)
file-path = {"  "}文件:        { $path }
status-status = {"  "}状态:        { $status }
iteration-n-max = {"  "}迭代:        第 { $n } 次,共 { $max } 次
failed-reason = {"  "}失败原因:    { $reason }
develop-done-total-tasks-pct = {"  "}开发:        { $done }/{ $total } 个任务 ({ $pct }%)
develop-done-total-tasks-pct-2 = {"  "}开发:        { $done }/{ $total } 个任务 ({ $pct }%),仍有待办
debug-confirmed-hypothesis = {"  "}调试:        已确认假设 { $hypothesis }
debug-no-confirmed-hypothesis = {"  "}调试:        尚无确认的假设
validate-passed-pass-rate-rate = {"  "}验证:        已通过 (通过率 { $rate }%)
validate-not-passed-pass-rate = {"  "}验证:        未通过 (通过率 { $rate }%)
develop-no-tasks-yet-skill = {"  "}开发:        还没有任务 (由 skill 的 init 列出: `git orx loop act { $id } init --as skill`)
validate-not-run-yet = {"  "}验证:        尚未运行
progress-pct = {"  "}总进度:      { $pct }%
next-action = {"  "}下一步:      { $action }
review-report-title = 
    # 代码评审 { $id }: { $title }
    {""}
    {""}
review-report-target = 
    评审对象: `{ $target }`
    {""}
    {""}
review-report-summary = 
    ## 总结
    {""}
    {""}
review-report-findings = 
    ## 按维度和严重程度统计的问题
    {""}
    {""}
review-report-dimension = | 维度 |
review-report-total-column = 
    {" "}合计 |
    |---|
review-report-total-row = | **合计** |
review-report-not-reviewed = 
    尚未评审。
    {""}
review-report-no-findings = 
    没有发现问题。
    {""}
review-report-suggestion = 
    {"  "}- 建议: { $text }
    {""}
recorded = 已记录
no-fields = (无字段)
error = 错误:
hint = 提示:
limit = ,上限 { $limit }
note = 注意:
restored = 已从 { $from } 恢复
nothing-left-do = 没有剩余动作
stopped-action = 由 `{ $action }` 停止
stopped-signal = 已停止: { $signal }
stopped-error-limit = 达到错误上限后停止
stopped-after-action-max-iterations = 执行 1 个动作后停止 (--max-iterations);再次运行即可继续
stopped-after-n-actions-max = 执行 { $n } 个动作后停止 (--max-iterations);再次运行即可继续
interrupted-user = 被用户中断
action = 1 个动作
n-actions = { $n } 个动作
error-2 = 1 个错误
n-errors = { $n } 个错误
kind-id-state-after-actions = { $kind } { $id }: 处于 { $state },共执行 { $actions } ({ $how });{ $errors }
max-iterations-must-least = --max-iterations 至少为 1
backup-name-kept-git-orx = {"  "}已保留备份 { $name } (`git orx restore { $id } --to { $name }` 可恢复)
not-set = (未设置)
automatic-backup-git-orx-backups = 1 个自动备份 (`git orx backups { $id }`)
n-automatic-backups-git-orx = { $n } 个自动备份 (`git orx backups { $id }`)
goal-id-round-round-done = goal { $id } 第 { $round } 轮: 共 { $total } 个任务,{ $done } 个完成,{ $failed } 个失败,{ $other } 个其他
files-files = {"    "}文件: { $files }
id-phase-takes-no-prompt = { $id } 当前所处阶段没有提示词
error-3 = 错误:{" "}
unexpected-argument-arg-found = 意外的参数 '{ $arg }'
unrecognized-subcommand-sub = 无法识别的子命令 '{ $sub }'
following-required-arguments-were-not = 缺少必需的参数: { $args }
name-requires-subcommand-but-one = '{ $name }' 需要一个子命令,但没有给出
value-required-arg-but-none = '{ $arg }' 需要一个值,但没有给出
invalid-value-value-arg = '{ $arg }' 的值 '{ $value }' 无效
invalid-value-value-arg-why = '{ $arg }' 的值 '{ $value }' 无效: { $why }
argument-arg-cannot-used-one = 参数 '{ $arg }' 不能与已给出的其他参数一起使用
argument-arg-cannot-used-others = 参数 '{ $arg }' 不能与 { $others } 一起使用
equal-sign-needed-when-assigning = 给 '{ $arg }' 赋值时需要等号
unexpected-value-value-arg-found = '{ $arg }' 不接受更多的值,却给出了 '{ $value }'
arg-takes-different-number-values = '{ $arg }' 的值的个数不对 (给出了 { $n } 个)
possible-values-list = {"  "}[可选值: { $list }]
subcommands-list = {"  "}[子命令: { $list }]
tip-similar-subcommand-exists-list = 提示: 有一个相近的子命令: { $list }
tip-some-similar-subcommands-exist = 提示: 有几个相近的子命令: { $list }
tip-similar-argument-exists-list = 提示: 有一个相近的参数: { $list }
tip-some-similar-arguments-exist = 提示: 有几个相近的参数: { $list }
tip-similar-value-exists-list = 提示: 有一个相近的值: { $list }
tip-some-similar-values-exist = 提示: 有几个相近的值: { $list }
tip-text = 提示: { $text }
pass-arg-value-use-rest = 要把 '{ $arg }' 作为值传入,请使用 '{ $rest }'
not-a-duration = `{ $text }` 不是时长(30s、5m、1h)
interval-at-least-1s = 间隔至少为 1s
number-not-in-range = { $n } 不在 { $lo }..={ $hi } 之内
usage = 用法:
more-information-try-help = 更多信息请运行 '--help'。
run-git-orx-command = 运行 `git orx { $command }`
would-write-path-dry-run = 将写入 { $path } (演练: 未写入任何内容)
next-review-commit-kind =
    下一步: 审阅这些文件,然后以 Human 身份提交 (规则文件需要 Human):
    {"  "}git add { $paths } && ORX_ROLE=human git commit -m "Add the { $name } kind"
    然后: git orx new { $name } "Title" --as ROLE
# 一个前置条件作为一行: 它说什么,以及说明它的取值。
checked-files = 已检查 { $n } 个文件: { $p ->
        [0] 没有问题
       *[other] { $p } 个问题
    }
verify-summary = 已验证 { $n } 个提交 ({ $scope }){ $unjudged }: { $v ->
        [0] 没有违规
       *[other] { $v } 个违规
    }{ $acknowledged }
verify-not-judged = ,{ $n } 个未判定
verify-shallow-boundary = { $commit }: { $label } (浅克隆的边界: 它的父提交不在这里;git fetch --unshallow)
not-judged = 未判定
rolled-back-target-files = 已回滚到 { $target }: 恢复或删除了 { $n } 个文件 [{ $commit }]
would-roll-back-target-files = 将回滚到 { $target }: 将修改 { $n } 个文件 { $rest }
alert = 警报:
# 演练时将写入的内容,与报告已写入内容的行对齐。
would-create-path = 将创建 { $path }
would-update-path = 将更新 { $path }
would-install-path = 将安装 { $path }
would-remove-path = 将移除 { $path }
would-add-to-hooks = 将把 { $path } 加入 { $tool } 的钩子
would-remove-from-hooks = 将从 { $tool } 的钩子中移除 { $path }
kept-aligned-path = 保留         { $path }
kept-aligned-via = 保留         { $path } (通过 { $tool })
absent-aligned-path = 不存在       { $path }
removed-hook-back = 已移除    { $path } (你的钩子已恢复)
# 命令行自身的失败。
cannot-run-why = 无法运行: { $why }
cannot-write-file-why = 无法写入 { $file }: { $why }
cannot-remove-file-why = 无法删除 { $file }: { $why }
cannot-find-binary-why = 找不到 git-orx 程序: { $why }
not-empty-directory = { $path } 不是空目录
temporary-directory-why = 临时目录: { $why }
cannot-listen-why = 无法监听: { $why }
payload-too-large = 负载超过 { $max } 字节
cannot-start-executor-why = 无法启动执行器: { $why }
waiting-for-executor-why = 等待执行器时出错: { $why }
executor-exited-status = 执行器以状态 { $code } 退出
current-directory-why = 当前目录: { $why }
cannot-read-stdin-why = 无法读取标准输入: { $why }
stuck-longer-than = 停滞: 超过 { $limit }
reason-without-force-measures-none = 不带 --force 的 --reason 用来说明一个会计量未完成任务的移动为何留下它们; { $from } -> { $to } 不计量任务
item-text = { $item }: { $text }
force-human-only-role-cannot = --force 只供 Human 使用; { $role } 不能覆盖规则
note-force-not-needed = { $note } 不需要 --force: 这次移动是允许的; 原因作为它的备注保留
state-for-time-since = { $state } 已 { $time } (自 { $since } 起)
state-change-not-committed = { $state } (其状态变化尚未提交)
not-stuck = 未卡住
stay-verdict = {"  "}{ $stay } — { $verdict }
stories-in-dir = { $dir } 中的 Story
stories-in-dir-from = { $stories } (来自 { $from }; 文件 { $file }{ $sep }{ $preset })
path-restored-nothing-to-commit = { $path }: 已从 { $from } 恢复; 没有要提交的内容
loop-id = loop { $id }
loop-id-legacy = loop { $id } (旧版)
loop-valid-or-problems = { $loop }: { $n ->
        [0] 有效
       *[other] { $n } 个问题
    }
stop-exit-loop-capped = stop_exit: loop { $id } 已达到迭代上限,失败
stop-exit-loop-not-running = stop_exit: loop { $id } 未在运行; 技能停止
text-conflicts-edit-add = 其文本有冲突: 编辑 { $path } 后 `git add`
agent-paused-already = 该 agent 已暂停
agent-not-paused-already = 该 agent 本来就没有暂停
once-committed-all-tasks-done = 提交之后,若没有剩余任务,`git orx agent fire ALL_TASKS_DONE` 结束工作
item-would-keep-backup = { $item }: 将保留备份 { $name }
would-acknowledge-commit-by = 将确认 { $commit },确认人 { $who }: { $why }
dry-run-path-would-be-committed = (演练: 未写入任何内容; 将提交 { $path })
shallow-clone-changes-not-here = 这是一个浅克隆: 最早的提交之前的变更不在这里 (git fetch --unshallow)
pre-commit-framework-runs-old-copy = pre-commit 框架把 git-orx 的 { $name } 钩子当作它的 { $name }.legacy 钩子运行,而该钩子又运行框架脚本的旧副本 ({ $saved }): 运行 `git orx hooks install` 修复
warning = 警告:
error-committing-as-human-unchecked = { $error }; 以 Human 身份提交,不做检查
prepare-commit-msg-needs-file = prepare-commit-msg 需要提交说明文件
could-not-name-merge-decisions = git-orx: 无法写明合并规则的决定: { $error }
could-not-add-trailers = git-orx: 无法添加 Orx-* trailer: { $error }
error-moving-ref-as-human-unchecked = { $error }; 以 Human 身份移动引用,不做检查
lock-wait-bad-value = { $from } 是 `{ $value }`: 请给出等待仓库锁的秒数,从 0 到 86400
command-or-leave-it = { $command } (或保持原样: { $skip })
command-or-fix-file = { $command } (或修正文件)
fix = 修正:
problem = 问题:
opener-could-not-open = { $opener } 无法打开 { $path } ({ $status }); 请在浏览器中打开该文件
next-action-no-executor = { $item } ({ $state }): 下一个动作是 `{ $action }`,没有执行器执行它; `git orx run { $id }` 会执行
by-executor = 由 `{ $exec }`
by-git-orx-itself = 由 git-orx 自己 (没有执行器)
next-action-what-how-role = { $item } ({ $state }): 下一个动作是 { $what },{ $how }执行,角色为 { $role }
dry-run-nothing-run-written = (演练: 未运行任何内容,未写入任何内容)
kept-what-path-held = {"  "}已把 { $path } 中未提交的内容保留为备份 { $backup }; `{ $again }` 可放回
would-keep-what-path-held = {"  "}将把 { $path } 中未提交的内容保留为备份 { $backup }; `{ $again }` 可放回
say-what-went-wrong = 请用 -m MESSAGE 说明出了什么错
no-webhook-secret = 没有 webhook 密钥: 请设置 ORX_WEBHOOK_SECRET 或 `git config orx.webhookSecret SECRET` (forge 签名 webhook 所用的密钥)
executor-killed-by-signal = 执行器被信号终止
every-precondition-met = 所有前置条件都满足
not-allowed = 不允许
n-preconditions-not-met = { $n } 个前置条件未满足
human-may-override-force = {"  "}Human 可以用 --force --reason TEXT 覆盖
commit-not-signed-flag = 该提交没有签名 (--require-signed)
refused-text = 已拒绝: { $text }
lefthook-config-not-running-flag = { $file } 没有运行 git-orx: `git orx hooks install --lefthook` 会加上它
