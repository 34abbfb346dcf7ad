# git-orx 的规则执行 (enforce) 消息的中文:拒绝的问题、`verify` 与钩子发现的
# 违规、钩子工具的建议、看板的问题、合并驱动的规则、检查点与回滚;英文在
# locales/en/ 同名文件的同一 ID 下。


## 迁移所需的证据 (`evidence:`, engine/verdict.rs)。

evidence-by-trailer = 带有 `{ $trailer }: { $id }` 的提交
evidence-by-trailer-or-merge = 带有 `{ $trailer }: { $id }` 的提交,或指明其 `{ $field }` 的合并提交
evidence-none-recorded = 没有在 `{ $field }` 中记录提交: 只有 { $how } 出现在主线上才能证明; 请把该提交的 ID 写入 `{ $field }`
evidence-not-in-repository = 在 `{ $field }` 中指明的提交 `{ $commit }` 不在本仓库中
evidence-not-in-history = 在 `{ $field }` 中指明的提交 { $commit } 不在此变更所基于的历史中
evidence-not-shown = 在 `{ $field }` 中指明的提交 { $commit } 不是{ $how }

## 迁移执行的动作 (`actions:`, engine/verdict.rs)。

action-checkpoint-not-recorded = 需创建检查点并记录在 `{ $field }` 中;`git orx agent fire` 会完成这两步
action-checkpoint-unknown = 记录了 `{ $field }: { $name }`,但这里没有这个检查点
action-rollback-first = 需先把工作回滚到 { $target };`git orx agent fire` 会提交该回滚,然后再做这一步

## 每轮的记录 (`records:`, engine/validate.rs)。

record-wrong-role = 只有 { $roles } 可以写入,{ $role } 不可以
record-round-not-evaluated = 它的轮次 `{ $round }` 无法求值: { $error }
record-other-round = 它属于第 { $round } 轮,但当前轮次 ({ $expr }) 是 { $current }
record-round-already-recorded = 第 { $current } 轮已有记录,不能重写
record-not-consistent = 它不一致:

## 提交违反的规则 (history/enforce.rs, history/verify.rs)。

rules-need-human = { $path } 定义了规则;只有 Human 可以修改它 (角色: { $role })
item-of-other-kind-here = { $path } 写的是 `kind: { $kind }`;这里只能放 { $expected } 条目
commit-names-no-role = 该提交没有注明角色 (没有 `Orx-Role:` trailer: 它不是经由 git-orx 的 hooks 提交的,例如用了 --no-verify)
merge-state-no-parent-had = 合并把 { $item } 置于 { $state },这是两个父提交都未达到的状态 (父提交: { $states });请解决为某个父提交的状态,再移动它
merge-fields-and-body = { $fields }、正文
merge-the-body = 正文
merge-changes-no-role = 合并本身修改了 { $item } 的 { $fields };请用 ORX_ROLE=ROLE 或 `git config orx.role ROLE` 说明由谁做这个修改 (在历史中: `Orx-Role:` trailer)
merge-changes-refused = 合并本身修改了 { $fields }: { $refusal }
effects-not-applied = { $item }: { $transition } 把 { $field } 设为 { $want },但文件中是 { $got }: 请在那里写上 `{ $field }: { $want }`,或用 `git orx move` 做这个修改,它会应用迁移的效果
commit-claims-several-roles = 该提交声称了多个角色: { $roles }
author-not-an-identity = { $email } 不在 .orx/config.yaml 的 identities 中,因此不能以 { $role } 身份操作
author-not-that-role = { $email } 声称以 { $role } 身份操作,但它的角色是 { $roles }
commit-not-signed = 该提交没有签名 (要求签名)
signature-does-not-verify = 签名无法验证: { $why }
signature-unknown-key = 未知的密钥
signed-by-other-key = 由 { $key } 签名,而不是 { $email } 的密钥 { $want }
signed-by-other-principal = 由 { $principal } 的密钥 ({ $key }) 签名,但作者是 { $email };提交必须由它声称的身份签名
signed-key-not-checkable = 由 { $key } 签名,无法与 { $email } 核对: 请在 .orx/config.yaml 中给该身份加上 `key:`,或用 SSH 签名并把 { $email } 的密钥列入 gpg.ssh.allowedSignersFile
trailers-name-unchanged-item = 它的 trailer 指明了 { $item }{ $transition },但该提交并未修改它: 它带着另一个提交的消息 (在 git-orx 命令旁边提交的?);请向前修复,然后确认它
trailer-transition = {" "}({ $transition })

## 未给出范围时 `verify` 检查的内容 (history/verify.rs)。

verify-scope-no-commits = 还没有提交
verify-scope-not-on-upstream = 不在 { $upstream } 上的提交
verify-scope-all = HEAD 的全部历史
file-being-changed = { $path } 正在被 git-orx ({ $holder }) 修改;请等它完成后再提交,或把 { $path } 排除在这次提交之外

## 运行钩子的其他工具 (hooks/tools.rs, hooks/mod.rs)。

husky-not-installed = 这个克隆中没有安装 husky (缺少 { $path }): 请运行 `npm install` (或 `npx husky`)
husky-not-dispatched = husky 不运行 { $name } 钩子 (没有 { $path }): git-orx 无法在那里运行;`git orx verify` 仍会判定这个钩子本该判定的内容
husky-script-not-running = { $file } 没有运行 git-orx: 请运行 `git orx hooks install`
husky-shim-taken-out = 已把 git-orx 的 shim 从 { $path } 中移出 (husky 会重写那个目录)
pre-commit-stage-not-run = pre-commit 框架不运行 { $name } 钩子: `git orx verify` 会判定这个钩子本该判定的内容
pre-commit-not-installed-for = { $file } 运行 git-orx,但框架没有为 { $name } 安装: 请运行 `pre-commit install --hook-type { $name }`
pre-commit-add-hook-id = 请把 hook id { $id } 加入 { $file } (`git orx hooks install` 会打印这些行),然后运行 `pre-commit install --hook-type { $name }`
pre-commit-stale-copy-removed = 已删除 { $path },它是 pre-commit 框架脚本的旧副本,曾导致每次提交失败
pre-commit-script-put-back = 已把 pre-commit 框架的脚本放回 { $path } (git-orx 的 shim 曾包裹它)
pre-commit-advice =
    请把 git-orx 加入 { $file }:
    { $block }
    然后运行 `pre-commit install` (它会安装上面列出的钩子类型)
lefthook-not-installed-for = { $file } 运行 git-orx,但 lefthook 没有为 { $name } 安装: 请运行 `lefthook install`
lefthook-config-not-running = { $file } 没有运行 git-orx: `git orx hooks install` 会为 lefthook 加上它
lefthook-config-not-running-plain = { $file } 没有运行 git-orx
lefthook-moved-shim-removed = 已删除 { $path }: lefthook 曾把 git-orx 的 shim 移到那里,那里没有任何东西运行它
lefthook-has-command = 它已经有 { $name } 的 `{ $command }` 命令{ $run }
lefthook-has-command-run = {" "}(run: { $run })
lefthook-edit-would-not-run = 修改后的文件不会运行它
lefthook-install-new-hooks = 请运行 `lefthook install`,让 lefthook 安装新的钩子
tool-manages-its-hooks = ;{ $tool } 管理它的钩子
tool-still-runs-git-orx = { $tool } 仍在运行 git-orx: 请把它的条目从 { $file } 中删除
saved-hook-not-executable = 你的 { $name } 钩子 ({ $path }) 不可执行,所以 git 也不会运行它;已跳过 (用 chmod +x 使其可运行)

## `hooks install`、`status` 与 `uninstall` 的输出 (cli/hooks.rs)。

hooks-installed-kept-yours = 已安装    { $name } (你的 hook 保留为 { $saved },并先运行)
hooks-would-install-keep-yours = 将安装 { $name } (你的 hook 将保留为 { $saved },并先运行)
hooks-would-remove-put-back = 将移除 { $name } (你的 hook 将被放回)
hooks-tool-manages = { $tool } 管理这个仓库的 hooks ({ $file }): git-orx 作为它的一个 hook 运行
hooks-tool-would-manage = { $tool } 管理这个仓库的 hooks ({ $file }): git-orx 将作为它的一个 hook 运行
hooks-directory-outside = {" "}— 在这个仓库之外: 使用它的每个仓库都会运行这些 hooks

## 检查点与回滚 (cli/checkpoint.rs, cli/rollback.rs)。

would-make-checkpoint = 将创建检查点 { $name } { $rest }
