# git-orx 的库消息的中文,按 ID (工作流、条目文件与文档);英文在 locales/en/
# 同名文件的同一 ID 下。


## 按模板清单衡量的故事

section-name-missing = 缺少章节 "{ $name }"
dev-notes-item-name-missing = 缺少 Dev Notes 条目 "{ $name }"


## 操作

operation-described = { $name } ({ $desc })


## 无法使用的工作流文件

workflow-invalid = 无效的工作流 { $at }: { $problem }
workflow-none-named = 没有名为 `{ $name }` 的工作流
workflow-built-in = 内置工作流
workflow-at-line = { $origin },第 { $line } 行
workflow-undefined-param = `{ $expr }` 使用了 `params.{ $key }`,但 `params` 未定义它
workflow-unknown-role = 未知角色 `{ $role }` (已知: { $known })
workflow-file-says-other = 文件写着 `workflow: { $file }`,但它是 `{ $name }` 工作流
workflow-params-defaults-mappings = `params` 和 `defaults` 必须是映射
workflow-key-missing = 缺少 `{ $key }`
workflow-items-missing = 缺少 `items`: 自定义的类型需说明其条目存放在哪里 (`items: {"{"}dir: docs/bugs{"}"}`);`git orx kind new` 会写好一个
workflow-state-unknown-operation = 状态 `{ $state }`: 未知操作 `{ $op }` (`operations` 声明了: { $known })
workflow-state-unknown-owner = 状态 `{ $state }`: 未知的负责角色 `{ $role }` (已知: { $known })
workflow-state-needs-owner = 状态 `{ $state }` 需要 `owner` (只有终止状态没有)
workflow-state-end-of-cycle-terminal = 状态 `{ $state }`: `end_of_cycle` 标记条目会再次离开的休息状态;终止状态本身已是终点
workflow-no-states = 无
workflow-initial-state = 初始状态
workflow-not-a-state = { $what } `{ $name }` 不是状态 (状态: { $known })
workflow-keeps-built-in-initial = {"  "}(你的 { $origin } 替换了 `states`,但保留了内置的 `initial: { $state }`;请保留该状态,或同时给出 `initial`)
workflow-keeps-built-in-transitions = {"  "}(你的 { $origin } 替换了 `states`,但保留了内置的 `transitions`,它们需要所提到的每个状态和角色;请保留这些状态,或同时给出 `transitions`)
workflow-merge-latest-no-name = `merge: {"{"}latest: [...]{"}"}` 中有一个没有名字的字段
workflow-merge-state-unknown = `merge: {"{"}state: { $rule }{"}"}` 不是 git-orx 认识的规则 (`later`,或 `{"{"}owner: ROLE{"}"}`)
workflow-merge-owner-unknown = `merge: {"{"}state: {"{"}owner: { $role }{"}}"}`: 未知角色 (已知: { $known })
workflow-terminal-left = `{ $state }` 是终止状态;任何转换都不能离开它
workflow-second-transition = 第二个从 `{ $from }` 到 `{ $to }` 的转换
workflow-roles-empty = `roles` 为空
workflow-effect-target = 效果目标 `{ $path }` 不是转换可以设置的字段
workflow-operation-not-allowed = 从 `{ $from }` 出发的转换是操作 `{ $op }`,但 `{ $from }` 不允许它 (见其 `operations`)
workflow-unknown-action = 未知动作 `{ $action }` (已知: { $known })
workflow-note-field = `note_field` 必须指定状态以外的字段
workflow-protected-field = `protected: { $field }`: 只有 kind、id、status 和 title 以外的字段可以受保护
workflow-field-besides = `{ $key }: { $field }` 必须指定 kind、id、status 和 title 以外的字段
workflow-identity-top-level = `identity: { $field }` 必须是顶层字段
workflow-figures-unknown = `figures: { $figures }` 不是 git-orx 能计算的指标集 (已知: { $known })
workflow-checkpoint-field = `checkpoint_field: { $field }` 必须是状态以外的顶层字段
workflow-checkpoint-needs-field = 转换 { $from } -> { $to } 有 `checkpoint` 或 `rollback` 动作: 请用 `checkpoint_field:` 指定记录 checkpoint 的字段
workflow-invariant-at = `invariants.at: { $at }` 不是字段
workflow-trailer-name = trailer `{ $key }`: trailer 名称须为 Orx-Something
workflow-initial-terminal = 初始状态 `{ $state }` 是终止状态
workflow-body-unknown-states = `body` 提到了工作流没有的状态: { $unknown } (状态: { $states })
workflow-create-waits = `create_waits`: { $problem }
workflow-waits-until-no-state = `waits.until` 提到的 `{ $state }` 不是状态
workflow-the-transition = 转换 { $from } -> { $to }
workflow-waits-no-kind = { $at } 等待 `{ $kind }` 条目,但这里没有这种类型 (类型: { $kinds })
workflow-waits-until-other = { $at }: `waits.until` 提到的 `{ $state }` 不是 `{ $kind }` 的状态 (状态: { $states })
workflow-param-type = `params.{ $key }` 必须像内置的 { $builtin } 一样是 { $kind },而不是 { $value }
workflow-unknown-param = 未知参数 `{ $key }`;内置工作流有: { $known }
workflow-params-mapping = `params` 必须是映射
workflow-state-field-fixed = 内置工作流的 `state_field` 是 { $field },不能更改

## 值的类型

value-null = null
value-boolean = true 或 false
value-number = 数字
value-string = 字符串
value-list = 列表
value-mapping = 映射

## 表达式与消息模板

expr-not-valid = `{ $source }` 不是有效的表达式: { $error }
expr-refused = `{ $source }` 被拒绝: { $why }
expr-limit-source = 它长 { $found } 字节,而表达式最多 { $max } 字节: 请拆成几个条件
expr-limit-parts = 它有 { $found } 个部分 (名称、字面量、运算符、调用),而表达式最多 { $max } 个: 请拆成几个条件
expr-limit-depth = 它的部分嵌套 { $found } 层,而表达式最多嵌套 { $max } 层: 请拆成几个条件
expr-limit-loops = 它的推导式 (all、exists、exists_one、map、filter) 嵌套 { $found } 层,而表达式最多嵌套 { $max } 层: 请把内层的放到各自的条件中检查
expr-stopped = `{ $source }` 被中止: 它需要的工作量超过表达式允许的 { $budget } 个单位 (一个单位约为处理一次一个值或 32 字节文本); 请让它少做些: 更少或更小的推导式,作用于更短的列表和文本
expr-stopped-at = `{ $source }` ({ $at }) 被中止: 它需要的工作量超过表达式允许的 { $budget } 个单位 (一个单位约为处理一次一个值或 32 字节文本); 请让它少做些: 更少或更小的推导式,作用于更短的列表和文本
expr-value-not-stored = `{ $source }` 给出的值 git-orx 无法保存
expr-not-true-or-false = `{ $source }` 给出 { $value },不是 true 或 false
expr-for-field = `{ $source }` (用于 `{ $path }`): { $error }
template-unclosed = 消息 `{ $source }` 中有未闭合的 `{"{"}`
template-stray-brace = 消息 `{ $source }` 中有多余的 `{"}"}` (请写 `{"}}"}`)

## 类型的条目存放位置 (`items:`)

items-id-pattern = `items.id` 不是有效的模式: { $error }
items-dir-and-paths = `items` 同时给出了 `dir` 和 `paths`;请只给一个
items-no-dir-or-paths = `items` 需要 `dir` (条目所在的目录) 或 `paths`
items-dir-outside = `items.dir: { $dir }` 必须是工作区内的相对路径,不含 `..`,且在 .git 和 .orx 之外
items-file-pattern = `items.file: { $file }` 必须恰好包含一次 `{"{"}id{"}"}`,以 `{ $ext }` (格式的扩展名) 结尾,且不指定文件夹
items-file-with-paths = `items.file` 与 `dir` 搭配,而不是 `paths`
items-paths-empty = `items.paths` 为空
items-path-pattern = `items.paths`: `{ $path }` 必须是以 `{ $ext }` 结尾的相对路径,`{"{"}id{"}"}` 至多出现一次且只在文件名中
items-path-needs-default-id = `items.paths` 中有不含 `{"{"}id{"}"}` 的路径: 请用 `default_id` 说明它属于谁
items-prefix = `items.prefix: { $prefix }` 必须是至多 8 个字母
items-template-name = `items.template: { $template }` 必须是名称 (字母、数字、`.`、`_`、`-`)
items-file-sep = `items.file_sep: { $sep }` 必须是简短的分隔符,如 `-`
items-id-field = `items.id_field: { $field }` 必须指定顶层字段

## 工作流的 `steps:` 与 `create:`

step-problem = 步骤 `{ $step }`: { $problem }
step-name = 步骤名只能由字母、数字、`-` 和 `_` 组成
step-when-offered = 请用 `trigger: NAME`、`each_transition: true`、`operations: [..]` 或 `states: ..` 之一说明何时提供它
step-states-unknown = `states` 提到的 `{ $name }` 不是状态 (状态: { $states })
step-states-word = `states` 是 `all`、`active` (所有非终止状态) 或状态列表
step-trigger-states = 与 `trigger` 搭配时,`states` 是提供它的状态列表 (状态: { $states })
step-trigger-unknown = `{ $key }: { $trigger }` 不触发任何转换 (触发器与事件: { $known })
step-unknown-operation = 未知操作 `{ $op }` (`operations` 声明了: { $known })
step-triggers-alone = `triggers` 与 `each_transition: true` 搭配
step-run-empty = `run` 为空: 请给出 `git orx` 之后的命令
step-run-placeholder = `run` 提到了 `{"{"}{ $name }{"}"}`;它可以提到 {"{"}id{"}"} 和 {"{"}role{"}"},每个转换一个步骤时还可以提到 {"{"}to{"}"} 和 {"{"}trigger{"}"}
step-unknown-role = 未知角色 `{ $role }`
input-unknown-type = 输入 `{ $input }`: 未知类型 `{ $kind }` (类型: { $known })
input-name-taken = 输入 `{ $input }`: 该名称已被动作调用占用 (`{ $step }` 和 `run` 的占位符)
input-second = 第二个输入 `{ $input }`
input-not-a-flag = 输入 `{ $input }`: `flag: { $flag }` 不是选项 (`--name`、`-m`)
input-flag-needed = 输入 `{ $input }`: `flag` 类型的输入需要它的 `flag`
input-min-max-numbers = 输入 `{ $input }`: `min` 和 `max` 只用于数字
input-min-above-max = 输入 `{ $input }`: `min` { $lo } 大于 `max` { $hi }
input-enum-texts = 输入 `{ $input }`: `enum` 只用于文本
input-best = 输入 `{ $input }`: `best: { $best }` 不是它接受的值
group-two-flags = `{ $group }` 组需要列出两个或更多选项
group-two-flags-no-required = `{ $group }` 组需要列出两个或更多选项 (且不能有 `required`)
group-flag-unknown = `{ $group }` 提到的 `{ $flag }` 不是该步骤任何输入的选项
create-run-or-by = `create` 用 `run: [..]` 或 `by: TEXT` 之一说明条目如何创建
create-run-empty = `create`: `run` 为空
create-run-placeholder = `create`: `run` 提到了 `{"{"}{ $name }{"}"}`;它可以提到 {"{"}role{"}"} 和 {"{"}kind{"}"}

## 工作流的 `run:` 部分

run-at-problem = { $at }: { $problem }
run-not-a-path = `{ $path }` 不是字段路径 (`a.b.c`)
run-not-a-state = `{ $state }` 不是状态
run-none-declared = { $at }: `{ $none }` 表示无事可做,不能声明
run-alias-taken = { $at }.alias: `{ $alias }` 是另一个动作的名称 (或 `{ $none }`)
run-unknown-action = { $at }: 未知动作 `{ $action }` (`run.actions` 声明了: { $known };`{ $none }` 结束运行)
run-exit-empty = { $at }: `exit` 为空
run-limit-param = `run.errors.limit`: `{ $param }` 不是 `params` 中的整数
run-limit = `run.errors.limit` 必须是从 1 起的整数或 `params.NAME`,而不是 { $value }
run-next-empty = `run.next` 为空: 它选择下一个动作
