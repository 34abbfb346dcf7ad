//! The Chinese of the lines commands write in English and of the library's
//! messages that reach users, matched whole by [`super::localize`] as they
//! are written: `{name}` stands for any text, which the Chinese keeps (the
//! text of `{text}` and `{text2}` is itself looked up).

pub const LINES: &[(&str, &str)] = &[
    // labels
    ("note: {text}", "注意: {text}"),
    ("problem: {text}", "问题: {text}"),
    ("alert: {text}", "警报: {text}"),
    ("would change {text}", "将修改 {text}"),
    ("would change", "将修改"),
    ("(dry run: nothing written)", "(演练: 未写入任何内容)"),
    // next, tasks
    (
        "{item} waits for {waiting} (not {state} yet)",
        "{item} 等待 {waiting} (尚未处于 {state})",
    ),
    // refusals the library words
    (
        "quality check: structure {structure}, technical extraction {extraction}, score {score}, complexity: {complexity}",
        "质量检查: 结构 {structure},技术提取 {extraction},评分 {score},复杂度指标: {complexity}",
    ),
    (
        "quality check: structure {structure}, technical extraction {extraction}, score {score}, complexity: {complexity}, the Architect's review asked for",
        "质量检查: 结构 {structure},技术提取 {extraction},评分 {score},复杂度指标: {complexity},已请求 Architect 审查",
    ),
    (
        "{v}% (overriding the measured {measured}%)",
        "{v}% (覆盖实测的 {measured}%)",
    ),
    ("  missing: {text}", "  缺少: {text}"),
    ("section \"{name}\" is empty", "章节 \"{name}\" 为空"),
    (
        "Dev Notes item \"{name}\" is empty",
        "Dev Notes 条目 \"{name}\" 为空",
    ),
    (
        "Dev Notes item \"{name}\" cites no source ([Source: docs/...])",
        "Dev Notes 条目 \"{name}\" 未注明来源 ([Source: docs/...])",
    ),
    (
        "  the text suggests complexity indicators: {list}; give them with --complexity if they apply",
        "  正文提示可能有这些复杂度指标: {list};如适用,请用 --complexity 给出",
    ),
    ("  not {state}:", "  未到 {state}:"),
    (
        "--score must be from 0 to 10, not {v}",
        "--score 必须在 0 到 10 之间,不能是 {v}",
    ),
    (
        "{flag} must be a percentage from 0 to 100, not {v}",
        "{flag} 必须是 0 到 100 之间的百分比,不能是 {v}",
    ),
    (
        "the score must be from 0 to 10, not {v}",
        "评分必须在 0 到 10 之间,不能是 {v}",
    ),
    ("QA gate, round {n}: passed", "QA 审查,第 {n} 轮: 通过"),
    ("QA gate, round {n}: failed", "QA 审查,第 {n} 轮: 未通过"),
    (
        "Architect review, round {n}: passed",
        "Architect 审查,第 {n} 轮: 通过",
    ),
    (
        "Architect review, round {n}: failed",
        "Architect 审查,第 {n} 轮: 未通过",
    ),
    ("passed", "通过"),
    ("failed", "未通过"),
    // agent check
    ("failed (exit {code})", "未通过 (退出码 {code})"),
    ("cannot run it: {e}", "无法运行: {e}"),
    ("the check passed", "检查通过"),
    ("the check failed", "检查未通过"),
    ("all {n} checks passed", "全部 {n} 项检查通过"),
    ("{k} of {n} checks failed", "{n} 项检查中有 {k} 项未通过"),
    (
        "agent {name}: still {state}; nothing to record",
        "agent {name}: 仍处于 {state};无需记录",
    ),
    (
        "  gate file: {path} ({verdict})",
        "  审查文件: {path} ({verdict})",
    ),
    (
        "no move fits {role}'s round {n} ({text}): the findings are recorded and the story stays in {state}",
        "没有适合 {role} 第 {n} 轮 ({text}) 的转换: 审查结果已记录,Story 仍处于 {state}",
    ),
    (
        "the Architect's gate needs --score (0-10); nothing was recorded",
        "Architect 的审查需要 --score (0-10);未记录任何内容",
    ),
    (
        "QA's gate needs --criteria-met or --criteria-failed: say whether every acceptance criterion is met; nothing was recorded",
        "QA 的审查需要 --criteria-met 或 --criteria-failed: 说明是否满足全部验收标准;未记录任何内容",
    ),
    (
        "`git orx gate` is for the Architect (--as architect) or QA (--as qa), not {role}",
        "`git orx gate` 供 Architect (--as architect) 或 QA (--as qa) 使用,{role} 不能使用",
    ),
    (
        "--low and --criteria-* are for QA's gate; the Architect counts Minor issues (--minor)",
        "--low 和 --criteria-* 用于 QA 的审查;Architect 统计的是 Minor 问题 (--minor)",
    ),
    (
        "--score and --minor are for the Architect's gate; QA counts Low issues (--low)",
        "--score 和 --minor 用于 Architect 的审查;QA 统计的是 Low 问题 (--low)",
    ),
    (
        "only the Architect escalates (--escalate); after QA's last failing round the Human decides anyway",
        "只有 Architect 能升级 (--escalate);QA 最后一轮未通过后,本来就由 Human 决定",
    ),
    (
        "{item} is already {state}: nothing to do",
        "{item} 已处于 {state}: 无需操作",
    ),
    (
        "`{state}` is not a state of {kind} {id}'s workflow; did you mean {guess}?",
        "`{state}` 不是 {kind} {id} 的工作流中的状态;你是指 {guess} 吗?",
    ),
    (
        "`{state}` is not a state of {kind} {id}'s workflow",
        "`{state}` 不是 {kind} {id} 的工作流中的状态",
    ),
    ("  states: {list}", "  状态: {list}"),
    // Those naming what applies come before the one whose `{action}` and
    // `{item}` stand for any text.
    (
        "the {role} gate applies to {kinds} in {states}; {item} is {state}",
        "{role} 的审查只适用于处于 {states} 的 {kinds};{item} 处于 {state}",
    ),
    (
        "the {role} gate applies to {kinds} in {states}; this one is {state}",
        "{role} 的审查只适用于处于 {states} 的 {kinds};此条目处于 {state}",
    ),
    (
        "the `{op}` operation applies to {kinds} in {states}; {item} is {state}",
        "`{op}` 操作只适用于处于 {states} 的 {kinds};{item} 处于 {state}",
    ),
    (
        "the `{op}` operation applies to {kinds} in {states}; this one is {state}",
        "`{op}` 操作只适用于处于 {states} 的 {kinds};此条目处于 {state}",
    ),
    (
        "{action} applies to {kinds} in {states}; this one is {state}",
        "{action} 只适用于处于 {states} 的 {kinds};此条目处于 {state}",
    ),
    (
        "{action} applies to {kinds} in {states}; {item} is {state}",
        "{action} 只适用于处于 {states} 的 {kinds};{item} 处于 {state}",
    ),
    (
        "{item}: no transition from {state} fits this result:",
        "{item}: {state} 没有适合这个结果的转换:",
    ),
    (
        "no transition from {state} fits this result:",
        "{state} 没有适合这个结果的转换:",
    ),
    ("  - to {to}: {why}", "  - 到 {to}: {why}"),
    (
        "no role: say who is acting with --as ROLE, ORX_ROLE=ROLE or `git config orx.role ROLE` (roles: {roles})",
        "未指定角色: 请用 --as ROLE、ORX_ROLE=ROLE 或 `git config orx.role ROLE` 说明由谁执行 (角色: {roles})",
    ),
    (
        "unknown role `{role}` (from {from}); did you mean {guess}?",
        "未知角色 `{role}` (来自 {from});你是指 {guess} 吗?",
    ),
    (
        "unknown role `{role}` (from {from})",
        "未知角色 `{role}` (来自 {from})",
    ),
    ("roles: {roles}", "角色: {roles}"),
    ("kinds: {kinds}", "类型: {kinds}"),
    (
        "unknown kind `{kind}` (from {from})",
        "未知类型 `{kind}` (来自 {from})",
    ),
    (
        "no {kind} with ID `{id}` in {dirs}",
        "{dirs} 中没有 ID 为 `{id}` 的 {kind}",
    ),
    (
        "no item with ID `{id}` in {dirs}",
        "{dirs} 中没有 ID 为 `{id}` 的条目",
    ),
    (
        "invalid ID `{id}`: it does not match the kind's ID pattern `{pattern}`",
        "无效 ID `{id}`: 不符合该类型的 ID 模式 `{pattern}`",
    ),
    (
        "unknown decision `{decision}` (decisions: {list})",
        "未知决定 `{decision}` (可选决定: {list})",
    ),
    (
        "unknown action `{action}` (actions: {list})",
        "未知动作 `{action}` (可选动作: {list})",
    ),
    (
        "the {kind} workflow counts no errors (it has no `run:` section with `errors:`)",
        "{kind} 工作流不计错误 (它没有带 `errors:` 的 `run:` 部分)",
    ),
    (
        "`{name}` is neither a backup of {item} ({list}) nor a commit",
        "`{name}` 既不是 {item} 的备份 ({list}),也不是一个提交",
    ),
    (
        "{path} is valid: there is nothing to recover (`git orx loop validate {id}`)",
        "{path} 有效: 没有需要恢复的内容 (`git orx loop validate {id}`)",
    ),
    (
        "no schema `{name}` (schemas: {list})",
        "没有 schema `{name}` (可用 schema: {list})",
    ),
    (
        "no schema `{name}`; did you mean {guess}? (schemas: {list})",
        "没有 schema `{name}`;你是指 {guess} 吗? (可用 schema: {list})",
    ),
    ("the MCP server stopped: {why}", "MCP 服务器已停止: {why}"),
    ("cannot start the server: {why}", "无法启动服务器: {why}"),
    ("cannot listen on {addr}: {why}", "无法监听 {addr}: {why}"),
    ("listening on {addr}", "正在监听 {addr}"),
    // board
    ("board: {url}", "看板: {url}"),
    (
        "read-only: start it with --write to move items from the page",
        "只读: 用 --write 启动才能在页面上移动条目",
    ),
    (
        "the board is read-only: start it with --write to move items",
        "看板是只读的: 用 --write 启动才能移动条目",
    ),
    (
        "no valid write token: open the address the board printed",
        "没有有效的写入令牌: 请打开看板打印的地址",
    ),
    (
        "the board answers only to the address it printed",
        "看板只响应它打印的地址",
    ),
    (
        "a move is JSON with kind, id, to and role",
        "移动请求须为含 kind、id、to 和 role 的 JSON",
    ),
    (
        "{who} may not act as {role} here (the identities of .orx/config.yaml); its roles: {roles}",
        "{who} 不能在这里以 {role} 身份操作 (.orx/config.yaml 的 identities); 它的角色: {roles}",
    ),
    (
        "`{branch}` is not a local branch; branches: {list}",
        "`{branch}` 不是本地分支; 分支: {list}",
    ),
    (
        "cannot make the write token: {why}",
        "无法生成写入令牌: {why}",
    ),
    ("cannot read the move", "无法读取移动请求"),
    ("the git user", "git 用户"),
    ("no item given", "没有给出条目"),
    ("the move failed", "移动失败"),
    ("the board failed", "看板出错"),
    ("the report failed", "报告出错"),
    ("the board failed unexpectedly", "看板意外出错"),
    ("not found", "未找到"),
    ("method not allowed", "不允许的方法"),
    ("cannot read the payload: {why}", "无法读取请求内容: {why}"),
    (
        "only the Human may acknowledge a violation, not {role} (--as human)",
        "只有 Human 能确认违规,{role} 不能 (--as human)",
    ),
    (
        "cannot verify `{range}`: {why}; give commits as git rev-list takes them (origin/main..HEAD, ^A B)",
        "无法验证 `{range}`: {why};请按 git rev-list 的写法给出提交 (origin/main..HEAD, ^A B)",
    ),
    (
        "`{range}` is a symmetric range, which verify does not take",
        "`{range}` 是对称范围,verify 不接受",
    ),
    (
        "{path} exists already (not committed?); remove it or choose another name",
        "{path} 已存在 (尚未提交?);请删除它或换一个名字",
    ),
    ("no completion for `{shell}`", "没有 `{shell}` 的补全"),
    ("no checkpoint {name}", "没有检查点 {name}"),
    ("(kept before a write)", "(写入前保留)"),
    ("cannot read {file}: {e}", "无法读取 {file}: {e}"),
    // git orx run's log (its `[Iteration N] ...` lines are the workflow's)
    ("on: {argument}", "对象: {argument}"),
    (
        "error {count} of {limit}",
        "第 {count} 个错误 (上限 {limit})",
    ),
    ("error {count}", "第 {count} 个错误"),
    (
        "{n} triggers lead from {from} to {to}: {triggers}; fire one with `git orx agent fire TRIGGER`",
        "从 {from} 到 {to} 有 {n} 个触发器: {triggers};用 `git orx agent fire TRIGGER` 触发其中一个",
    ),
    // the library's refusals: changes, kinds, history
    (
        "`{name}` is not a checkpoint name (they look like chk-202602081200, or chk-20260208120007 for a later one in the same minute; `git orx checkpoints` lists them)",
        "`{name}` 不是检查点名称 (形如 chk-202602081200,同一分钟内较晚的形如 chk-20260208120007;`git orx checkpoints` 列出它们)",
    ),
    (
        "`{text}` is not FIELD=VALUE",
        "`{text}` 不是 FIELD=VALUE 形式",
    ),
    (
        "`{path}` is not a field path (`a.b.c`)",
        "`{path}` 不是字段路径 (`a.b.c`)",
    ),
    (
        "`{field}` is the item's identity and cannot be updated",
        "`{field}` 是条目的标识,不能更新",
    ),
    (
        "`{field}` must be one of the states of {kind}: {states}, not {value}",
        "`{field}` 必须是 {kind} 的状态之一: {states},而不是 {value}",
    ),
    (
        "a loop's iteration cap is at least 1",
        "loop 的迭代上限至少为 1",
    ),
    (
        "a loop's title is one line, not empty",
        "loop 的标题是非空的一行",
    ),
    ("a task is one line of text", "任务是一行文字"),
    (
        "a title is one line of 1 to 200 characters",
        "标题是 1 到 200 个字符的一行",
    ),
    (
        "a title is one line of at most 200 characters",
        "标题是最多 200 个字符的一行",
    ),
    (
        "an answer gives at least one of its four dimensions (position, proposal, claim, risk), or says NO_REPLY",
        "回应至少给出四个维度之一 (position、proposal、claim、risk),或者声明 NO_REPLY",
    ),
    (
        "an answer gives at least one of its four dimensions (--position, --proposal, --claim, --risk), or --no-reply; nothing was recorded",
        "回答至少给出四个维度之一 (--position、--proposal、--claim、--risk),或 --no-reply;未记录任何内容",
    ),
    (
        "backup names starting with `auto-` are the automatic ones; choose another name than `{name}`",
        "以 `auto-` 开头的备份名属于自动备份;请换一个名字,不要用 `{name}`",
    ),
    (
        "debug records its hypotheses: give `hypotheses` (a list) in the input",
        "debug 记录它的假设: 请在输入中给出 `hypotheses` (一个列表)",
    ),
    (
        "every task is already done or skipped",
        "所有任务都已完成或跳过",
    ),
    (
        "git is in the middle of {what}; finish it or abort it, then run the command again (nothing was changed)",
        "git 正在进行 {what};请完成或中止它,然后重新运行命令 (未做任何修改)",
    ),
    (
        "give what to review: a commit range (A..B), a branch or paths",
        "请给出评审对象: 提交范围 (A..B)、分支或路径",
    ),
    (
        "loop `{id}` is a legacy loop ({path}): git-orx reads it but does not change it",
        "loop `{id}` 是旧版 loop ({path}): git-orx 读取它但不修改它",
    ),
    (
        "loop `{id}` is created: `init` comes before `{action}`",
        "loop `{id}` 刚创建: `{action}` 之前需要先 `init`",
    ),
    ("no `{kind}` kind here", "这里没有 `{kind}` 类型"),
    (
        "no gate of {kind} from {state} leads to the Human; escalating is for a gate that can",
        "{kind} 在 {state} 的评审关口都不通向 Human;只有能通向 Human 的关口才能升级",
    ),
    (
        "say which changes are requested with -m TEXT",
        "请用 -m TEXT 说明要求哪些修改",
    ),
    (
        "say what the plan must change with -m TEXT",
        "请用 -m TEXT 说明方案要改什么",
    ),
    (
        "{who} may not reject the plan of {item}: the reviewer checks it",
        "{who} 不能驳回 {item} 的方案: 方案由 reviewer 审查",
    ),
    (
        "say whom the goal is assigned to with --assignee ROLE (or decide `broadcast`)",
        "请用 --assignee ROLE 说明 goal 分配给谁 (或决定 `broadcast`)",
    ),
    (
        "some stories cannot be adopted as they are; nothing was written",
        "有些 Story 无法按原样接管;未写入任何内容",
    ),
    ("task {id} is already {state}", "task {id} 已经是 {state}"),
    // task merge
    (
        "{item} names no branch to merge",
        "{item} 没有指明要合并的分支",
    ),
    (
        "{item}: HEAD is on {on}, not on the main line its branch is merged into ({main}): switch to it first",
        "{item}: HEAD 在 {on} 上,而不在其分支要合并到的主线 ({main}) 上: 请先切换过去",
    ),
    (
        "{item}: branch {branch} does not exist: commit the task's work on it, then merge",
        "{item}: 分支 {branch} 不存在: 先在其上提交 task 的工作,然后再合并",
    ),
    (
        "{item}: branch {branch} does not merge cleanly into {main} ({paths} in conflict): merge the main line into the branch and resolve them there, then merge again",
        "{item}: 分支 {branch} 无法干净地合并到 {main} ({paths} 冲突): 请先把主线合并到该分支并在那里解决冲突,然后再合并",
    ),
    (
        "the acknowledgement of {commit} needs a `reason` and who gives it (`by`)",
        "对 {commit} 的确认需要 `reason` 以及确认人 (`by`)",
    ),
    (
        "the executor may not set `{field}` in {state} (it may set: {fields})",
        "执行器在 {state} 中不能设置 `{field}` (它可以设置: {fields})",
    ),
    (
        "the executor's output is not a JSON object with `stateUpdates` (it printed: {text})",
        "执行器的输出不是带 `stateUpdates` 的 JSON 对象 (它输出了: {text})",
    ),
    (
        "the loop has no `skill_state` yet: `init` comes before `{action}`",
        "loop 还没有 `skill_state`: `{action}` 之前需要先 `init`",
    ),
    (
        "the loop has no pending task to develop",
        "loop 没有待开发的任务",
    ),
    ("the loop has no task `{id}`", "loop 没有任务 `{id}`"),
    ("the payload is not JSON: {why}", "请求内容不是 JSON: {why}"),
    ("the payload is not a JSON object", "请求内容不是 JSON 对象"),
    (
        "the reason must say why the violation is accepted",
        "reason 必须说明为什么接受这个违规",
    ),
    ("the title is empty", "标题为空"),
    (
        "the updates must be a JSON object of fields, not {updates}",
        "更新必须是字段的 JSON 对象,而不是 {updates}",
    ),
    (
        "the {kind} workflow counts no errors (`run.errors` is not set)",
        "{kind} 工作流不计错误 (没有设置 `run.errors`)",
    ),
    (
        "the {kind} workflow has no `run:` section: its items are not driven by `git orx run`",
        "{kind} 工作流没有 `run:` 部分: 它的条目不由 `git orx run` 驱动",
    ),
    (
        "there is no task {n} (the queue has {total})",
        "没有第 {n} 个任务 (队列中有 {total} 个)",
    ),
    ("there is nothing to adopt", "没有可接管的内容"),
    (
        "this repository has no commit yet; make the first commit, then checkpoints can be made",
        "这个仓库还没有提交;请先做第一次提交,然后才能创建检查点",
    ),
    ("unknown action `{action}`", "未知动作 `{action}`"),
    (
        "unknown dimension `{name}` (dimensions: {list})",
        "未知维度 `{name}` (可选维度: {list})",
    ),
    (
        "unknown kind `{kind}` (kinds: {list}); make one with `git orx kind new NAME --from KIND`",
        "未知类型 `{kind}` (类型: {list});用 `git orx kind new NAME --from KIND` 创建一个",
    ),
    (
        "unknown trigger `{name}` (triggers: {list})",
        "未知触发器 `{name}` (可选触发器: {list})",
    ),
    (
        "{item} has a backup named `{name}` already; choose another name",
        "{item} 已有名为 `{name}` 的备份;请换一个名字",
    ),
    (
        "{item} has no backup that differs from it: nothing to restore",
        "{item} 没有与当前内容不同的备份: 无需恢复",
    ),
    (
        "{path} is not committed yet; commit it first",
        "{path} 尚未提交;请先提交",
    ),
    (
        "{path} is not committed: there is no committed version to go back to",
        "{path} 尚未提交: 没有可以回到的已提交版本",
    ),
    (
        "{trigger} records its note as `{field}`: give it with -m TEXT",
        "{trigger} 把说明记录在 `{field}`: 请用 -m TEXT 给出",
    ),
    (
        "{trigger} records why as `{field}`: give it with -m TEXT",
        "{trigger} 把原因记录在 `{field}`: 请用 -m TEXT 给出",
    ),
    (
        "{what} is in progress; finish or abort it, then roll back",
        "{what} 正在进行;请完成或中止它,然后再回滚",
    ),
    (
        "{task} belongs to another goal; a task depends only on tasks of its own goal",
        "{task} 属于另一个 goal;任务只能依赖同一 goal 的任务",
    ),
    (
        "{count} checkpoints were made in the minute {name}: {list}; name one of them",
        "{name} 这一分钟内创建了 {count} 个检查点: {list};请指定其中一个",
    ),
    (
        "{path} is missing: `git checkout -- {again}` restores its committed version",
        "{path} 缺失: `git checkout -- {again}` 恢复其已提交版本",
    ),
    (
        "{id} is not a goal or a task",
        "{id} 既不是 goal 也不是 task",
    ),
    (
        "{agent} is paused; `git orx agent resume` first",
        "{agent} 已暂停;请先 `git orx agent resume`",
    ),
    (
        "{item} is {state}: a check's result is recorded by {roles} there",
        "{item} 处于 {state}: 在该状态下检查结果由 {roles} 记录",
    ),
    (
        "{role} may not assign a task to {assignee}: only {roles} may (the task workflow's `creators`); claim it for yourself instead",
        "{role} 不能把任务分配给 {assignee}: 只有 {roles} 可以 (task 工作流的 `creators`);请改为自己认领",
    ),
    (
        "{agent} records no checkpoint to roll back to",
        "{agent} 没有记录可回滚的检查点",
    ),
    (
        "{name} was made in the work tree {there}, not this one ({here}); roll back there, or pass --any-worktree",
        "{name} 是在工作区 {there} 创建的,不是这个 ({here});请在那里回滚,或加上 --any-worktree",
    ),
    ("nothing was changed", "未做任何修改"),
    // show, agent show, doctor
    (
        "  - {text} — actual: {values}",
        "  - {text} — 实际: {values}",
    ),
    (
        "    - {text} — actual: {values}",
        "    - {text} — 实际: {values}",
    ),
    (" (cannot be evaluated: {text})", " (无法求值: {text})"),
    (
        "{item}: {from} -> {to} records no commit in `{field}`: only {text} in the main line shows it (`git orx tick` records it)",
        "{item}: {from} -> {to} 没有在 `{field}` 中记录提交: 只有 {text} 出现在主线上才能证明 (由 `git orx tick` 记录)",
    ),
    (
        "a commit carrying `Closes: {id}`, or a merge commit naming its `branch`",
        "带有 `Closes: {id}` 的提交,或指明其 `branch` 的合并提交",
    ),
    ("the score is from 0 to 10", "评分在 0 到 10 之间"),
    ("every issue count is given", "给出了每一级问题的数量"),
    (
        "the quality check failed (structure below {a}%, technical extraction below {b}% or score below {c})",
        "质量检查未通过 (结构低于 {a}%、技术提取低于 {b}% 或评分低于 {c})",
    ),
    (
        "structure validation is complete ({n}%)",
        "结构验证完整 ({n}%)",
    ),
    ("technical extraction is at least {n}%", "技术提取至少 {n}%"),
    (
        "the technical quality score is at least {n}",
        "技术质量评分至少 {n}",
    ),
    (
        "complexity indicators: at most {n}",
        "复杂度指标: 至多 {n} 个",
    ),
    (
        "the SM did not ask for the Architect's review (`assess --review`)",
        "SM 没有请求 Architect 审查 (`assess --review`)",
    ),
    (
        "no failed Architect review stands (after one, the story is reviewed again, or auto-approved from RequiresRevision)",
        "没有未通过的 Architect 审查 (否则 Story 需再次审查,或从 RequiresRevision 自动批准)",
    ),
    (
        "the review of this round, if recorded, passed (score at least {n}, no Critical issue)",
        "本轮审查 (如已记录) 已通过 (评分至少 {n},没有 Critical 问题)",
    ),
    (
        "the review of this round, if recorded, found problems (score below {n} or a Critical issue)",
        "本轮审查 (如已记录) 发现了问题 (评分低于 {n} 或有 Critical 问题)",
    ),
    (
        "all Critical issues are resolved",
        "所有 Critical 问题都已解决",
    ),
    (
        "the quality score improved by at least {n} (from {m})",
        "质量评分至少提高了 {n} (从 {m} 起)",
    ),
    (
        "the final quality score is at least {n}",
        "最终质量评分至少 {n}",
    ),
    ("only Minor issues were revised", "只修订了 Minor 问题"),
    (
        "the total is the sum of the issue counts",
        "总数等于各级问题数之和",
    ),
    (
        "the previous total is the previous round's recorded total (none when that round had no gate)",
        "上一轮总数即上一轮记录的总数 (该轮没有审查时为空)",
    ),
    (
        "the Architect's review recorded its open Critical issues and the severities it found, which are not restated (`assess --open-critical` and `--revised` are for a revision after a review decided with `git orx move`)",
        "Architect 的审查已记录未解决的 Critical 问题和发现的严重程度,不再重复给出 (`assess --open-critical` 和 `--revised` 用于以 `git orx move` 决定审查结果之后的修订)",
    ),
    (
        "a review is called for (a score below {a}, more complexity indicators than {b}, the optional review asked for with `--review`, or a failed review to answer)",
        "需要审查 (评分低于 {a}、复杂度指标多于 {b} 个、用 `--review` 请求了可选审查,或有未通过的审查需要回应)",
    ),
    (
        "the Architect's review of this round is recorded with `git orx gate` (needed when params.gates_required is true)",
        "本轮 Architect 审查已用 `git orx gate` 记录 (params.gates_required 为 true 时必需)",
    ),
    (
        "a revision round is left (at most {n} Architect rounds; a failing last round goes to Escalated)",
        "还剩修订轮次 (Architect 至多审查 {n} 轮;最后一轮未通过则进入 Escalated)",
    ),
    (
        "every task of the story is ticked, or a reason is given for those still open (`git orx move ... --reason TEXT`)",
        "Story 的每个任务都已勾选,或已为仍未完成的任务给出原因 (`git orx move ... --reason TEXT`)",
    ),
    (
        "QA's gate of this round is recorded with `git orx gate` (needed when params.gates_required is true)",
        "本轮 QA 审查已用 `git orx gate` 记录 (params.gates_required 为 true 时必需)",
    ),
    (
        "the Human decides only once QA's gate of round {n} or later has failed; before that, a Human needs --force",
        "第 {n} 轮或之后的 QA 审查未通过后才由 Human 决定;在此之前,Human 需要 --force",
    ),
    (
        "QA's gate of this round, if recorded, failed (an acceptance criterion not met, or the round's standard not reached)",
        "本轮 QA 审查 (如已记录) 未通过 (有验收标准未满足,或未达到本轮的标准)",
    ),
    (
        "QA's gate of this round, if recorded, passed: every acceptance criterion met, no Critical or High issue",
        "本轮 QA 审查 (如已记录) 已通过: 满足全部验收标准,没有 Critical 或 High 问题",
    ),
    (
        "QA's gate of this round, if recorded, failed",
        "本轮 QA 审查 (如已记录) 未通过",
    ),
    (
        "a QA round is left (after a failing round {n} the Human decides)",
        "还剩 QA 轮次 (第 {n} 轮未通过后由 Human 决定)",
    ),
    (
        "every acceptance criterion is met (`--criteria-met`), in every round; only the Human, deciding after the last round, goes without",
        "每一轮都满足全部验收标准 (`--criteria-met`);只有在最后一轮之后做决定的 Human 可以不满足",
    ),
    (
        "round 1 (strict): no Critical or High issue",
        "第 1 轮 (严格): 没有 Critical 或 High 问题",
    ),
    (
        "round 2 (moderate): issues down by at least 50% from round 1's gate, no High issue (and, as in every round, no Critical)",
        "第 2 轮 (适中): 问题比第 1 轮至少减少 50%,没有 High 问题 (且与每一轮一样,没有 Critical)",
    ),
    (
        "round 3 and later (pragmatic): no Critical issue, or the Human decides",
        "第 3 轮及以后 (务实): 没有 Critical 问题,或由 Human 决定",
    ),
    (
        "the last check failed (`git orx task check` records it)",
        "上次检查未通过 (由 `git orx task check` 记录)",
    ),
    (
        "the last check passed (`git orx task check` records it)",
        "上次检查已通过 (由 `git orx task check` 记录)",
    ),
    (
        "the review's verdict is recorded (`git orx task review --approve`)",
        "评审结论已记录 (`git orx task review --approve`)",
    ),
    (
        "the requested changes are recorded (`git orx task review --request-changes -m ...`)",
        "要求的修改已记录 (`git orx task review --request-changes -m ...`)",
    ),
    (
        "the last check failed (`git orx agent check` records it)",
        "上次检查未通过 (由 `git orx agent check` 记录)",
    ),
    (
        "the last check passed (`git orx agent check` records it)",
        "上次检查已通过 (由 `git orx agent check` 记录)",
    ),
    (
        "the requirement changes only with USER_INPUT_REQUIREMENT, or by modifying it while CONFIRMING",
        "需求只能通过 USER_INPUT_REQUIREMENT 修改,或在 CONFIRMING 时修改",
    ),
    (
        "no task is added or removed now (tasks are planned while PLANNING or CONFIRMING)",
        "现在不能添加或删除任务 (任务在 PLANNING 或 CONFIRMING 时规划)",
    ),
    (
        "pausing is for PLANNING and EXECUTING",
        "只有 PLANNING 和 EXECUTING 可以暂停",
    ),
    (
        "the agent is paused: its tasks do not change until it resumes (agent resume)",
        "agent 已暂停: 恢复 (agent resume) 之前其任务不变",
    ),
    (
        "tasks are only marked done (no new requirement while EXECUTING)",
        "任务只能标记为完成 (EXECUTING 时不接收新需求)",
    ),
    ("no task is marked while fixing", "修复期间不标记任务"),
    (
        "the PRD has a task queue (`git orx agent task add`)",
        "PRD 有任务队列 (`git orx agent task add`)",
    ),
    (
        "the agent is not paused (`git orx agent resume`)",
        "agent 没有暂停 (`git orx agent resume`)",
    ),
    (
        "fewer than {n} attempts have failed",
        "失败的修复尝试少于 {n} 次",
    ),
    (
        "the last check failed, and it was fix attempt {n} (or the Human stops the auto-fix)",
        "上次检查未通过,且这是第 {n} 次修复尝试 (或由 Human 停止自动修复)",
    ),
    (
        "a checkpoint was made (USER_CONFIRM makes one)",
        "已创建检查点 (USER_CONFIRM 会创建)",
    ),
    ("every task is done or skipped", "每个任务都已完成或跳过"),
    // the conditions of the goal, comment, code review and loop workflows
    (
        "the goal is marked `flow: direct` or `type: infrastructure`",
        "goal 标记为 `flow: direct` 或 `type: infrastructure`",
    ),
    (
        "the goal is neither `flow: direct` nor `type: infrastructure`",
        "goal 既不是 `flow: direct` 也不是 `type: infrastructure`",
    ),
    (
        "every addressed role answered (or said NO_REPLY)",
        "每个被点名的角色都已回应 (或回复 NO_REPLY)",
    ),
    (
        "at least one task of this round was claimed",
        "本轮至少有一个任务已被认领",
    ),
    (
        "fewer than {n} checks found the discussion not ended",
        "讨论未终态的检查少于 {n} 次",
    ),
    (
        "{n} checks found the discussion not ended",
        "已有 {n} 次检查讨论仍未终态",
    ),
    (
        "fewer than {n} checks failed (at the last, the task fails)",
        "失败的检查少于 {n} 次 (到上限时任务失败)",
    ),
    (
        "a plan says what is planned: a NO_REPLY is not one",
        "方案要写出计划: NO_REPLY 不是方案",
    ),
    (
        "{assignee}'s plan of this round is named (`plan`: the assignee writes it with `git orx discuss {id} --proposal ...`)",
        "已指明 {assignee} 本轮的方案 (`plan`: assignee 用 `git orx discuss {id} --proposal ...` 写出)",
    ),
    (
        "fewer than {n} checks found no taker",
        "无人认领的检查少于 {n} 次",
    ),
    ("{n} checks found no taker", "已有 {n} 次检查无人认领"),
    ("the goal has an assignee", "goal 有 assignee"),
    ("the goal has no assignee", "goal 没有 assignee"),
    (
        "{assignee} has written a plan this round (`git orx discuss {id} --proposal ...`)",
        "{assignee} 本轮已写出方案 (`git orx discuss {id} --proposal ...`)",
    ),
    (
        "a directed discussion's plan was approved by the reviewer this round",
        "定向讨论的方案本轮已由 reviewer 审查通过",
    ),
    (
        "fewer than {n} checks found the plan not approved",
        "方案未获通过的检查少于 {n} 次",
    ),
    (
        "{n} checks found the plan not approved",
        "已有 {n} 次检查方案仍未获通过",
    ),
    ("an assignee is named", "已指定 assignee"),
    ("no assignee is named", "未指定 assignee"),
    (
        "every task of round {n} is done, failed or cancelled",
        "第 {n} 轮的每个任务都已完成、失败或取消",
    ),
    ("the decision of this round is recorded", "本轮的决定已记录"),
    (
        "a comment is not changed once posted: post another (`git orx discuss`)",
        "评论发布后不能修改: 请另发一条 (`git orx discuss`)",
    ),
    (
        "nothing is scanned, reviewed or reported before the context is collected (action-collect-context comes first)",
        "收集上下文之前不扫描、不评审、不出报告 (先执行 action-collect-context)",
    ),
    (
        "the dimensions are chosen when the review starts (`review start --dimensions`)",
        "评审维度在评审开始时选定 (`review start --dimensions`)",
    ),
    (
        "the quick scan comes after the context is collected",
        "快速扫描在收集上下文之后进行",
    ),
    (
        "a dimension is reviewed in depth only after the quick scan",
        "快速扫描之后才深入评审各维度",
    ),
    (
        "dimensions are reviewed one at a time, each one of the review's dimensions, and stay reviewed",
        "各维度逐一评审,只评审本次选定的维度,评审过的维度保持已评审",
    ),
    (
        "the report is generated after every dimension is reviewed",
        "所有维度都评审完后才生成报告",
    ),
    ("completed actions stay recorded", "已完成的动作保持记录"),
    (
        "a finished review does not change; start another (`git orx review start`)",
        "已结束的评审不再修改;请另开一个 (`git orx review start`)",
    ),
    (
        "the context is collected and the quick scan made",
        "已收集上下文并完成快速扫描",
    ),
    (
        "every dimension is reviewed ({a}/{b})",
        "所有维度都已评审 ({a}/{b})",
    ),
    ("the report is generated", "报告已生成"),
    ("fewer than {n} errors so far", "目前错误少于 {n} 个"),
    ("this is error {n}", "这是第 {n} 个错误"),
    ("`loop_id` is required", "必须有 `loop_id`"),
    ("`title` is required", "必须有 `title`"),
    ("`description` is required", "必须有 `description`"),
    (
        "`max_iterations` is required, at least 1",
        "必须有 `max_iterations`,至少为 1",
    ),
    (
        "`current_iteration` is required and never past `max_iterations`",
        "必须有 `current_iteration`,且不超过 `max_iterations`",
    ),
    ("`created_at` is required", "必须有 `created_at`"),
    (
        "`updated_at` is required, not before `created_at`",
        "必须有 `updated_at`,且不早于 `created_at`",
    ),
    (
        "`completed_at` is set exactly when the loop is completed",
        "`completed_at` 恰在 loop 处于 completed 时设置",
    ),
    (
        "Inconsistent: completed but validation not passed (a completed loop has passed validation with at least one test result)",
        "不一致: 已 completed 但验证未通过 (completed 的 loop 须已通过验证,且至少有一个测试结果)",
    ),
    (
        "`skill_state.current_action` is init, develop, debug, validate, complete, paused or null",
        "`skill_state.current_action` 是 init、develop、debug、validate、complete、paused 或 null",
    ),
    (
        "`skill_state.mode` is interactive or auto",
        "`skill_state.mode` 是 interactive 或 auto",
    ),
    (
        "each task has an `id`, a status pending, in_progress, completed or failed, a tool gemini, qwen, codex or bash and a mode analysis or write",
        "每个任务都有 `id`、状态 (pending、in_progress、completed 或 failed)、工具 (gemini、qwen、codex 或 bash) 和模式 (analysis 或 write)",
    ),
    (
        "Inconsistent: `develop.completed` is not the number of completed tasks",
        "不一致: `develop.completed` 不等于 completed 的任务数",
    ),
    (
        "each hypothesis has an `id` and a status pending, confirmed, rejected or inconclusive",
        "每个假设都有 `id` 和状态 (pending、confirmed、rejected 或 inconclusive)",
    ),
    (
        "Inconsistent: `debug.hypotheses_count` is not the number of hypotheses",
        "不一致: `debug.hypotheses_count` 不等于假设的个数",
    ),
    (
        "`debug.confirmed_hypothesis` names a confirmed hypothesis",
        "`debug.confirmed_hypothesis` 指向一个 confirmed 的假设",
    ),
    (
        "each test result has a `test_name` and a status passed, failed or skipped",
        "每个测试结果都有 `test_name` 和状态 (passed、failed 或 skipped)",
    ),
    (
        "`validate.pass_rate` and `validate.coverage` are from 0 to 100",
        "`validate.pass_rate` 和 `validate.coverage` 在 0 到 100 之间",
    ),
    (
        "before its init the skill changes nothing: the loop's own fields are the dashboard's",
        "init 之前 skill 不做任何修改: loop 自身的字段归 dashboard 管",
    ),
    (
        "`skill_state` is the skill's: the dashboard (human, api) does not change it",
        "`skill_state` 归 skill 管: dashboard (human、api) 不修改它",
    ),
    (
        "`current_iteration` changes only by one with each of the skill's actions",
        "`current_iteration` 只随 skill 的每个动作加 1",
    ),
    (
        "`updated_at` advances with every change",
        "`updated_at` 随每次修改前进",
    ),
    (
        "the loop's own fields are the dashboard's: the skill changes only `skill_state`, `current_iteration` (by one per action) and `updated_at`",
        "loop 自身的字段归 dashboard 管: skill 只修改 `skill_state`、`current_iteration` (每个动作加 1) 和 `updated_at`",
    ),
    (
        "`current_iteration` only grows, by one with each of the skill's actions",
        "`current_iteration` 只增不减,skill 每个动作加 1",
    ),
    (
        "the loop's own fields are the dashboard's: the skill changes only `skill_state`, the status its action sets, `current_iteration` and `updated_at`",
        "loop 自身的字段归 dashboard 管: skill 只修改 `skill_state`、其动作设置的状态、`current_iteration` 和 `updated_at`",
    ),
    (
        "validation passed with at least one test result",
        "验证已通过,且至少有一个测试结果",
    ),
    (
        "the loop's own fields are the dashboard's: the skill sets only the status, `completed_at` and `updated_at`",
        "loop 自身的字段归 dashboard 管: skill 只设置状态、`completed_at` 和 `updated_at`",
    ),
    (
        "a failure the skill records says why (`failure_reason`, or its last {n} errors)",
        "skill 记录的失败须说明原因 (`failure_reason`,或最近 {n} 个错误)",
    ),
    (
        "the loop's own fields are the dashboard's: the skill sets only the status, `failure_reason` and `updated_at`",
        "loop 自身的字段归 dashboard 管: skill 只设置状态、`failure_reason` 和 `updated_at`",
    ),
    ("  - {action} ({text})", "  - {action} ({text})"),
    (
        "接收需求 — a new requirement (USER_INPUT_REQUIREMENT)",
        "接收需求 — 新需求 (USER_INPUT_REQUIREMENT)",
    ),
    (
        "查看历史 — the session log (agent show, git orx log)",
        "查看历史 — 会话日志 (agent show, git orx log)",
    ),
    (
        "取消 — cancel the plan (USER_CANCEL)",
        "取消 — 取消规划 (USER_CANCEL)",
    ),
    (
        "暂停 — pause and resume (agent pause, agent resume)",
        "暂停 — 暂停与恢复 (agent pause, agent resume)",
    ),
    (
        "* writing the PRD's task queue (agent task add, PRD_GENERATED)",
        "* 编写 PRD 的任务队列 (agent task add, PRD_GENERATED)",
    ),
    (
        "确认 — the user's \"Go\" (USER_CONFIRM)",
        "确认 — 用户说 \"Go\" (USER_CONFIRM)",
    ),
    (
        "修改 — change the requirement or the task queue before confirming (agent task add)",
        "修改 — 确认前修改需求或任务队列 (agent task add)",
    ),
    (
        "* working through the task queue (agent task done, agent check, ALL_TASKS_DONE)",
        "* 执行任务队列 (agent task done, agent check, ALL_TASKS_DONE)",
    ),
    (
        "查看进度 — the task queue (agent show)",
        "查看进度 — 任务队列 (agent show)",
    ),
    (
        "查看错误 — the failing checks (agent show)",
        "查看错误 — 未通过的检查 (agent show)",
    ),
    (
        "* fixing what the checks found (agent check)",
        "* 修复检查发现的问题 (agent check)",
    ),
    (
        "强制停止 — stop auto-fixing (agent stop: FIX_FAILED_3X by the Human)",
        "强制停止 — 停止自动修复 (agent stop: 由 Human 触发 FIX_FAILED_3X)",
    ),
    (
        "提供修复 — the Human fixed it (HUMAN_INTERVENTION)",
        "提供修复 — Human 已修复 (HUMAN_INTERVENTION)",
    ),
    (
        "回滚 — back to the last checkpoint (ROLLBACK)",
        "回滚 — 回到上一个 checkpoint (ROLLBACK)",
    ),
    (
        "跳过 — drop the failing task and go on (agent task skip)",
        "跳过 — 放弃失败的任务并继续 (agent task skip)",
    ),
    ("等待完成 — archiving", "等待完成 — 归档中"),
    (
        "* writing the session summary (agent archive, ARCHIVE_COMPLETE)",
        "* 编写会话总结 (agent archive, ARCHIVE_COMPLETE)",
    ),
    (
        "{item} is {state}, which does not allow {op} ({text}) or {op2} ({text2})",
        "{item} 处于 {state},不允许 {op} ({text}) 或 {op2} ({text2})",
    ),
    (
        "{item} is {state}, which does not allow {op} ({text})",
        "{item} 处于 {state},不允许 {op} ({text})",
    ),
    ("  allowed while {state}:", "  {state} 时允许:"),
    (
        "there is no agent `{name}` ({path}); create it with `git orx agent init --as human`",
        "没有 agent `{name}` ({path});请用 `git orx agent init --as human` 创建",
    ),
    (
        "there is no agent `{name}` ({path})",
        "没有 agent `{name}` ({path})",
    ),
    (
        "rolled back: 1 file restored or removed [{commit}]",
        "已回滚: 恢复或删除了 1 个文件 [{commit}]",
    ),
    (
        "rolled back: {n} files restored or removed [{commit}]",
        "已回滚: 恢复或删除了 {n} 个文件 [{commit}]",
    ),
    (
        "  the state before is saved as {name}: `git orx rollback {name2} --yes --as {role}` undoes this",
        "  之前的状态已保存为 {name}: `git orx rollback {name2} --yes --as {role}` 可撤销",
    ),
    (
        "the state before is saved as {name}: `git orx rollback {name2} --yes --as {role}` undoes this",
        "之前的状态已保存为 {name}: `git orx rollback {name2} --yes --as {role}` 可撤销",
    ),
    (
        "  Goal {id} (round {round}) waits for your answer: `git orx discuss {id2} --position ... --proposal ... --claim ... --risk ...` (or --no-reply); claim a task with `git orx claim {id3} \"...\"`",
        "  Goal {id} (第 {round} 轮) 等待你的回答: `git orx discuss {id2} --position ... --proposal ... --claim ... --risk ...` (或 --no-reply);认领任务: `git orx claim {id3} \"...\"`",
    ),
    (
        "  Goal {id}: {who}'s plan waits for your check: `git orx goal plan {id2} --approve` or `--reject -m \"...\"`",
        "  Goal {id}: {who} 的方案等待你审查: `git orx goal plan {id2} --approve` 或 `--reject -m \"...\"`",
    ),
    (
        "  Goal {id} is assigned to you: write a plan (`git orx discuss {id2} --proposal ...`); the reviewer checks it, then claim tasks (`git orx claim {id3} \"...\"`)",
        "  Goal {id} 已指派给你: 写方案 (`git orx discuss {id2} --proposal ...`); reviewer 审查通过后认领任务 (`git orx claim {id3} \"...\"`)",
    ),
    (
        "Goal {id}: {who}'s plan waits for your check: `git orx goal plan {id2} --approve` or `--reject -m \"...\"`",
        "Goal {id}: {who} 的方案等待你审查: `git orx goal plan {id2} --approve` 或 `--reject -m \"...\"`",
    ),
    (
        "Goal {id} is assigned to you: write a plan (`git orx discuss {id2} --proposal ...`); the reviewer checks it, then claim tasks (`git orx claim {id3} \"...\"`)",
        "Goal {id} 已指派给你: 写方案 (`git orx discuss {id2} --proposal ...`); reviewer 审查通过后认领任务 (`git orx claim {id3} \"...\"`)",
    ),
    (
        "Goal {id}: the reviewer approved your plan; claim its tasks (`git orx claim {id2} \"...\"`)",
        "Goal {id}: reviewer 已通过你的方案; 认领任务 (`git orx claim {id2} \"...\"`)",
    ),
    (
        "  Goal {id}: the reviewer approved your plan; claim its tasks (`git orx claim {id2} \"...\"`)",
        "  Goal {id}: reviewer 已通过你的方案; 认领任务 (`git orx claim {id2} \"...\"`)",
    ),
    (
        "Goal {id} (round {round}) waits for your answer: `git orx discuss {id2} --position ... --proposal ... --claim ... --risk ...` (or --no-reply); claim a task with `git orx claim {id3} \"...\"`",
        "Goal {id} (第 {round} 轮) 等待你的回答: `git orx discuss {id2} --position ... --proposal ... --claim ... --risk ...` (或 --no-reply);认领任务: `git orx claim {id3} \"...\"`",
    ),
    (
        "pause_exit: loop {id} is paused; the skill waits for `git orx loop resume {id2}`",
        "pause_exit: loop {id} 已暂停;skill 等待 `git orx loop resume {id2}`",
    ),
    (
        "this repository is not set up for git-orx (no .orx/config.yaml)",
        "这个仓库还没有设置 git-orx (没有 .orx/config.yaml)",
    ),
    ("invalid digit found in string", "字符串中有无效数字"),
    ("invalid float literal", "无效的浮点数"),
    (
        "cannot parse integer from empty string",
        "不能从空字符串解析整数",
    ),
    ("number too large to fit in target type", "数字太大"),
    ("rejected:", "已拒绝:"),
    (
        "{label} this state came from {commit}, which verify rejects ({rules}); `git orx verify {commit}~1..{commit}` tells why",
        "{label} 这个状态来自 {commit},verify 拒绝了它 ({rules});`git orx verify {commit}~1..{commit}` 说明原因",
    ),
    ("nobody (terminal)", "无 (终止状态)"),
    ("allowed as {role}", "{role} 可以执行"),
    ("not allowed as {role}", "{role} 不可执行"),
    (" (an outcome of `{trigger}`)", " (`{trigger}` 的结果之一)"),
    ("  file:   {path}", "  文件:   {path}"),
    (
        "  status: {state} (owner: {role})",
        "  状态:   {state} (负责: {role})",
    ),
    ("  next:   {text}", "  下一步: {text}"),
    (
        "agent {id} — acts as {role}",
        "agent {id} — 以 {role} 身份工作",
    ),
    ("  file:        {path}", "  文件:        {path}"),
    (
        "  state:       {state} (waits for {role})",
        "  状态:        {state} (等待 {role})",
    ),
    ("  next:        {text}", "  下一步:      {text}"),
    ("  session:     {id}", "  会话:        {id}"),
    ("  requirement: {text}", "  需求:        {text}"),
    (
        "  tasks:       {done} of {total} done or skipped",
        "  任务:        {total} 个中 {done} 个已完成或跳过",
    ),
    (
        "  auto-fix:    {n} of {max} attempts failed",
        "  自动修复:    {max} 次中已失败 {n} 次",
    ),
    ("  checkpoint:  none yet", "  检查点:      尚无"),
    ("  checkpoint:  {name}", "  检查点:      {name}"),
    (
        "  last check:  passed at {rest}",
        "  上次检查:    通过,于 {rest}",
    ),
    (
        "  last check:  failed at {rest}",
        "  上次检查:    失败,于 {rest}",
    ),
    ("Allowed while {state}:", "{state} 时允许:"),
    ("Triggers from {state}:", "{state} 的触发器:"),
    (
        "  {state} for {time} (since {since}) — not stuck",
        "  {state} 已 {time} (自 {since} 起) — 未卡住",
    ),
    (
        "  {state} for {time} (since {since}) — stuck: longer than {limit}",
        "  {state} 已 {time} (自 {since} 起) — 卡住: 超过 {limit}",
    ),
    (
        "{rest}: 1 precondition not met",
        "{rest}: 1 个前置条件未满足",
    ),
    (
        "{rest}: {n} preconditions not met",
        "{rest}: {n} 个前置条件未满足",
    ),
    // event, serve
    (
        "{forge} event `{event}` ignored: it concerns no goal or task",
        "已忽略 {forge} 事件 `{event}`: 它与任何 goal 或 task 无关",
    ),
    (
        "issue #{n} names parent #{parent}, which is no goal here; ignored",
        "issue #{n} 的父 issue #{parent} 在这里不是 goal;已忽略",
    ),
    (
        "{item} (check {n} of {max}): every addressed role answered, but no task is claimed; the lead hears of it at the last check",
        "{item} (第 {n} 次检查,共 {max} 次): 每个角色都已回应,但没有人认领任务;最后一次检查时升级给 lead",
    ),
    (
        "{item} (check {n} of {max}): no agent it addresses is idle (busy: {agents}); the lead hears of it at the last check",
        "{item} (第 {n} 次检查,共 {max} 次): 它面向的 agent 都不空闲 (忙: {agents});最后一次检查时升级给 lead",
    ),
    (
        "issue #{n}: {item} is assigned to {role} already; ignored",
        "issue #{n}: {item} 已指派给 {role}; 忽略",
    ),
    (
        "issue #{n} assigned to {role}: {item} is {state}, where the lead reassigns it only after an escalation; it stays as it is",
        "issue #{n} 指派给 {role}: {item} 处于 {state},lead 只在升级后重新分配; 保持不变",
    ),
    (
        "issue #{n} is a task here already; ignored",
        "issue #{n} 在这里已是 task;已忽略",
    ),
    (
        "issue #{n} is a goal here already; ignored",
        "issue #{n} 在这里已是 goal;已忽略",
    ),
    (
        "issue #{n} has no `type/*` label: not a goal; ignored",
        "issue #{n} 没有 `type/*` 标签: 不是 goal;已忽略",
    ),
    (
        "issue #{n} is assigned to {who}, who is not in the team (`team:` in .orx/config.yaml); ignored until it is",
        "issue #{n} 分配给了 {who},其不在团队中 (.orx/config.yaml 的 `team:`);在加入之前忽略",
    ),
    (
        "issue #{n} closed: a task is closed by its merge (pull_request closed), not by its issue; ignored",
        "issue #{n} 已关闭: task 由其合并 (pull_request closed) 关闭,而不是由 issue 关闭;已忽略",
    ),
    (
        "pull request #{n} from {branch}: no task lives on that branch; ignored",
        "pull request #{n} (来自 {branch}): 该分支上没有 task;已忽略",
    ),
    (
        "pull request #{n} from {branch}: no task lives on that branch or is linked to issue #{i}; ignored",
        "pull request #{n} (来自 {branch}): 该分支上没有 task,也没有与 issue #{i} 关联的 task;已忽略",
    ),
    (
        "pull request #{n} names parent #{m} (goal {goal}), but {task} belongs to goal {other}; ignored",
        "pull request #{n} 的父 issue 是 #{m} (goal {goal}),但 {task} 属于 goal {other};已忽略",
    ),
    (
        "issues/{action} on #{n} ignored",
        "已忽略 #{n} 上的 issues/{action}",
    ),
    (
        "issue_comment/{action} on #{n} ignored",
        "已忽略 #{n} 上的 issue_comment/{action}",
    ),
    (
        "a comment on #{n}, which is no goal here; ignored",
        "#{n} 上的评论在这里不属于任何 goal;已忽略",
    ),
    // verify's violations
    (
        "    the commit names no role (no `Orx-Role:` trailer: it was made without git-orx's hooks, e.g. with --no-verify)",
        "    该提交没有注明角色 (没有 `Orx-Role:` trailer: 它不是经由 git-orx 的 hooks 提交的,例如用了 --no-verify)",
    ),
    (
        "no role: say who makes this change with ORX_ROLE=ROLE or `git config orx.role ROLE`",
        "未指定角色: 请用 ORX_ROLE=ROLE 或 `git config orx.role ROLE` 说明由谁做这个修改",
    ),
    (
        "      allowed from {from}: {list}",
        "      {from} 允许的转换: {list}",
    ),
    (
        "{item} is also {other}; an ID may be used once: `ORX_ROLE=human git orx renumber {kind_id}` gives the one added later the next free ID",
        "{item} 同时也是 {other};一个 ID 只能使用一次: `ORX_ROLE=human git orx renumber {kind_id}` 会给后加入的那个分配下一个空闲 ID",
    ),
    // tick
    ("Nothing to dispatch.", "没有需要分派的内容。"),
    (
        "{notice} {item} -> {to}: `git orx goal prompt {id} --role {role}`",
        "{item} 的 {notice} 通知 → {to}: `git orx goal prompt {id} --role {role}`",
    ),
    (
        "{notice} {item} -> {to}:",
        "{item} 的 {notice} 通知 → {to}:",
    ),
    (
        "{notice} {item} -> {to}: {text}",
        "{item} 的 {notice} 通知 → {to}: {text}",
    ),
    ("  left out, busy: {agents}", "  忙碌中,未广播: {agents}"),
    ("idle agents: {agents}", "空闲 agent: {agents}"),
    ("idle agents: none", "空闲 agent: 无"),
    ("tick failed: {error}", "tick 失败: {error}"),
    (
        "issue #{n} closed: {task} is closed by its merge (pull_request closed), not by its issue; it stays {state}",
        "issue #{n} 已关闭: {task} 由其合并 (pull_request closed) 关闭,而不是由 issue 关闭;仍为 {state}",
    ),
    // backup, backups, restore, error
    (
        "{item}: backup {name} kept [{commit}] (`git orx restore {id} --to {to}` goes back)",
        "{item}: 已保留备份 {name} [{commit}] (`git orx restore {id} --to {to}` 可恢复)",
    ),
    (
        "{item}: would keep backup {name} (dry run: nothing written)",
        "{item}: 将保留备份 {name} (演练: 未写入任何内容)",
    ),
    (
        "{item} has no backups yet (`git orx backup {id} --name NAME` keeps one; every update keeps one)",
        "{item} 还没有备份 (`git orx backup {id} --name NAME` 保留一个;每次 update 都会保留一个)",
    ),
    (
        "{path}: restored from {from} (dry run: nothing written)",
        "{path}: 将从 {from} 恢复 (演练: 未写入任何内容)",
    ),
    ("{path}: restored from {from}", "{path}: 已从 {from} 恢复"),
    (
        "{path} could not be read as an item; it is restored from {from}",
        "{path} 无法作为条目读取;已从 {from} 恢复",
    ),
    (
        "  error {n} of {limit} recorded: the limit is reached",
        "  已记录第 {n} 个错误,上限 {limit}: 已达上限",
    ),
    (
        "  error {n} of {limit} recorded",
        "  已记录第 {n} 个错误,上限 {limit}",
    ),
    ("  error {n} recorded", "  已记录第 {n} 个错误"),
    // loops
    ("loop {id}: valid", "loop {id}: 有效"),
    ("loop {id}: invalid", "loop {id}: 无效"),
    // kind new
    ("wrote {path}", "已写入 {path}"),
    (
        "Next: review them, then commit them as the Human (rule files need the Human):",
        "下一步: 审阅这些文件,然后以 Human 身份提交 (规则文件需要 Human):",
    ),
    ("then: git orx new {rest}", "然后: git orx new {rest}"),
    // resolve
    (
        "no item `{id}` is left unmerged by a merge here (git status lists the files that are)",
        "这里没有因合并而未解决的条目 `{id}` (git status 会列出未合并的文件)",
    ),
    (
        "more than one unmerged item has the ID `{id}`: name it as KIND:ID",
        "不止一个未合并的条目使用 ID `{id}`: 请写成 KIND:ID",
    ),
    // renumber
    ("no item has the ID `{id}`", "没有条目使用 ID `{id}`"),
    (
        "items of more than one kind have the ID `{id}`: name the kind as KIND:ID",
        "不止一种条目使用 ID `{id}`: 请写成 KIND:ID 指明类型",
    ),
    (
        "{path} does not hold the item `{id}`",
        "{path} 中不是条目 `{id}`",
    ),
    (
        "only {path} holds the ID `{id}`: nothing collides; give the new ID to renumber it anyway",
        "只有 {path} 使用 ID `{id}`: 没有冲突;如仍要重新编号,请给出新 ID",
    ),
    (
        "{item} {id} exists already; choose a free ID",
        "{item} {id} 已存在;请选择一个空闲的 ID",
    ),
    (
        "cannot choose the next free ID; give one",
        "无法选出下一个空闲 ID;请给出一个",
    ),
    ("{path} exists already", "{path} 已存在"),
    (
        "{a} and {b} were added by the same commit: say which to renumber with its path",
        "{a} 和 {b} 是由同一个提交加入的: 请用路径指明要重新编号哪一个",
    ),
    (
        "an item's ID changes only by the Human: run it with --as human",
        "条目的 ID 只能由 Human 更改: 请加上 --as human 运行",
    ),
    ("would renumber {what}", "将重新编号 {what}"),
    ("  and name {id} in {paths}", "  并在 {paths} 中改用 {id}"),
    (
        "  and named {id} in {paths}",
        "  并已在 {paths} 中改用 {id}",
    ),
    (
        "renumbered {what} [{commit}]",
        "已重新编号 {what} [{commit}]",
    ),
    (
        "renumbered {what} in the merge, staged; the merge is not committed yet:",
        "已在合并中重新编号 {what},已暂存;合并尚未提交:",
    ),
    (
        "Fix what it names (the next renumber commits the merge, naming this one too), or end the merge with `git commit`.",
        "修复其中指出的问题 (下一次重新编号会提交这次合并,并记下这一次),或用 `git commit` 结束合并。",
    ),
    // resolve, merge-file
    (
        "{note} the merge driver does not cover every kind's items (a kind was added since it was set up): `git orx hooks install` updates it",
        "{note} 合并驱动没有覆盖所有类型的条目 (设置之后又添加了类型): `git orx hooks install` 会更新它",
    ),
    (
        "missing: item files merge as plain text; run `git orx hooks install`",
        "缺失: 条目文件按纯文本合并;请运行 `git orx hooks install`",
    ),
    (
        "outdated: a kind's items merge as plain text; run `git orx hooks install`",
        "已过时: 某类条目按纯文本合并;请运行 `git orx hooks install`",
    ),
    (
        "{note} this clone has no merge driver for item files: a merge of two branches that changed one item stops on text conflicts; `git orx hooks install` sets it up",
        "{note} 这个克隆没有条目文件的合并驱动: 两个分支改了同一条目时,合并会停在文本冲突上;`git orx hooks install` 会设置它",
    ),
    (
        "resolved {item}: {path} (staged); `git commit` ends the merge",
        "已解决 {item}: {path} (已暂存);`git commit` 结束这次合并",
    ),
    (
        "resolved {item}: {path} (staged); `git rebase --continue` goes on with the rebase",
        "已解决 {item}: {path} (已暂存);`git rebase --continue` 继续变基",
    ),
    (
        "resolved {item}: {path} (staged); `git cherry-pick --continue` goes on with the cherry-pick",
        "已解决 {item}: {path} (已暂存);`git cherry-pick --continue` 继续拣选",
    ),
    (
        "resolved {item}: {path} (staged); `git revert --continue` goes on with the revert",
        "已解决 {item}: {path} (已暂存);`git revert --continue` 继续还原",
    ),
    (
        "{item} still conflicts; nothing was written:",
        "{item} 仍有冲突;没有写入任何内容:",
    ),
    // status --branches
    ("No items on any branch.", "任何分支上都没有条目。"),
    (
        "{n} items on {b} branches: {d} with states that differ, {p} not on every branch",
        "{b} 个分支上共 {n} 个条目: {d} 个状态不一致,{p} 个并非每个分支都有",
    ),
    // doctor
    (
        "No item has been in one state for more than {limit} ({n} open).",
        "没有条目在同一状态停留超过 {limit} (共 {n} 个未完成)。",
    ),
    (
        "{n} of {total} open items in one state for more than {limit} (doctor.stuck_after_hours):",
        "{total} 个未完成的条目中有 {n} 个在同一状态停留超过 {limit} (doctor.stuck_after_hours):",
    ),
    ("  recent refusals:", "  最近的拒绝:"),
    ("  no refusals logged", "  没有记录的拒绝"),
    ("  moves from {state}:", "  {state} 的转换:"),
    (
        "  responsible: nobody (terminal)",
        "  负责角色: 无 (终止状态)",
    ),
    ("  responsible: {roles}", "  负责角色: {roles}"),
    ("  next: {text}", "  下一步: {text}"),
    ("  check: {text}", "  检查: {text}"),
    // metrics
    ("{n} items changed ({kind})", "{n} 个条目有变更 ({kind})"),
    (
        "Lifecycle (mean / median / p90)",
        "生命周期 (平均 / 中位数 / p90)",
    ),
    ("Quality", "质量"),
    ("Review efficiency", "评审效率"),
    ("Agent performance", "Agent 表现"),
    ("No alerts.", "没有警报。"),
    (
        "mean {role} review rounds {v} > {max}: check the decision matrix thresholds",
        "{role} 平均评审轮次 {v} > {max}: 请检查决策矩阵的阈值",
    ),
    (
        "auto-approval rate {v} < {min}: check the quality standards",
        "自动批准率 {v} < {min}: 请检查质量标准",
    ),
    (
        "escalation rate {v} > {max}: check the workflow and training",
        "升级率 {v} > {max}: 请检查工作流和培训",
    ),
    ("  {rest}  (already an item)", "  {rest}  (已是条目)"),
    (
        "Roll the work tree back to {target}? Every file but the story and context files becomes as it was then; the current state is saved first. [y/N] ",
        "把工作区回滚到 {target}?除 Story 和上下文文件外,每个文件都会恢复到当时的样子;当前状态会先保存。[y/N] ",
    ),
    ("  cycle time           {v}", "  周期时间             {v}"),
    ("  throughput           {v}", "  吞吐量               {v}"),
    (
        "  mean quality score         {v}",
        "  平均质量分                 {v}",
    ),
    (
        "  structure pass rate        {v}",
        "  结构通过率                 {v}",
    ),
    (
        "  mean review rounds         Architect {a}, QA {q}",
        "  平均评审轮次               Architect {a}, QA {q}",
    ),
    (
        "  auto-approval rate         {v}",
        "  自动批准率                 {v}",
    ),
    (
        "  escalation rate            {v}",
        "  升级率                     {v}",
    ),
    (
        "  SM revision success rate   {v}",
        "  SM 修订成功率              {v}",
    ),
    (
        "  Dev first-pass rate        {v}",
        "  Dev 一次通过率             {v}",
    ),
    // report
    (
        "cannot start {program} to open {path}: {why}; open the file in a browser",
        "无法启动 {program} 打开 {path}: {why};请在浏览器中打开该文件",
    ),
    // init, hooks
    (
        "git-orx demo: the story lifecycle and an agent's session, run for real",
        "git-orx 演示: Story 的生命周期和一个 agent 的会话,真实运行",
    ),
    ("sample repository: {path}", "示例仓库: {path}"),
    (
        "The repository is kept at {path} (try `git log` there).",
        "仓库保留在 {path} (可在那里运行 `git log`)。",
    ),
    (
        "The temporary repository was removed; run `git orx demo --keep` to explore it.",
        "临时仓库已删除;运行 `git orx demo --keep` 可保留下来查看。",
    ),
    (
        "Last change: {commit} {subject}",
        "最近一次修改: {commit} {subject}",
    ),
    (
        " ← different items in {files}: merging them needs `git orx renumber`",
        " ← {files} 是不同的条目: 合并它们需要 `git orx renumber`",
    ),
    (
        "{n} IDs taken by different items on different branches",
        "{n} 个 ID 在不同分支上被不同的条目使用",
    ),
    ("conflict:", "冲突:"),
    ("merged:", "已合并:"),
    (
        "{item}: the state is {o} in {here} and {t} in {there}; choose one with `git orx resolve {id} --state {o}` (or `--state {t}`)",
        "{item}: 状态在 {here} 中是 {o},在 {there} 中是 {t};用 `git orx resolve {id} --state {o}` (或 `--state {t}`) 选择其一",
    ),
    (
        "{item}: `{field}` is {o} in {here} and {t} in {there}; keep one with `git orx resolve {id} --ours` (or `--theirs`), or edit {path} and `git add` it",
        "{item}: `{field}` 在 {here} 中是 {o},在 {there} 中是 {t};用 `git orx resolve {id} --ours` (或 `--theirs`) 保留其一,或编辑 {path} 后 `git add`",
    ),
    (
        "{item}: its text conflicts; edit {path} and `git add` it",
        "{item}: 正文有冲突;编辑 {path} 后 `git add`",
    ),
    (
        "{item}: the state is {o} in {here} and {t} in {there}; the workflow's merge rule ({rule}) gives {state}",
        "{item}: 状态在 {here} 中是 {o},在 {there} 中是 {t};工作流的合并规则 ({rule}) 取 {state}",
    ),
    ("the later state wins", "生命周期中靠后的状态优先"),
    ("the state {role} owns wins", "{role} 负责的状态优先"),
    (
        "The repository is at {path} (try `git log` there).",
        "仓库在 {path} (可在那里运行 `git log`)。",
    ),
    (
        "Next: the tutorial (docs/tutorial.md in git-orx's source, or `mdbook serve` there) does the same in a repository of your own, step by step; `git orx -h` lists the commands.",
        "下一步: 教程 (git-orx 源码中的 docs/tutorial.md,或在那里运行 `mdbook serve`) 带你在自己的仓库中一步步做同样的事;`git orx -h` 列出所有命令。",
    ),
    ("demo step went wrong: {text}", "演示步骤出错: {text}"),
    ("Set up", "设置"),
    (
        "Scenario 1: a high-quality story is approved directly",
        "场景 1: 高质量的 Story 直接获批",
    ),
    (
        "Scenario 2: a story that needs the Architect",
        "场景 2: 需要 Architect 审查的 Story",
    ),
    (
        "Scenario 3: a story that needs revision",
        "场景 3: 需要修订的 Story",
    ),
    ("Scenario 4: QA finds problems", "场景 4: QA 发现问题"),
    (
        "Scenario 5: a complex problem is escalated",
        "场景 5: 复杂问题被升级",
    ),
    (
        "An agent's session: checks, the circuit breaker, rollback",
        "一个 agent 的会话: 检查、熔断、回滚",
    ),
    ("Where things stand", "当前状况"),
    (
        "The SM writes the story in {path} ({how}; here, sample text).",
        "SM 在 {path} 中编写 Story ({how};这里用示例文本)。",
    ),
    (
        "every section, each Dev Notes item with its source",
        "每个章节都写了,每个 Dev Notes 条目都注明来源",
    ),
    (
        "every section, but no sources",
        "每个章节都写了,但没有注明来源",
    ),
    (
        "The quality check measures structure and technical extraction in the story itself;",
        "质量检查在 Story 本身中测量结构和技术提取;",
    ),
    (
        "the SM gives the technical score (8.5) and the complexity indicators (none).",
        "SM 给出技术评分 (8.5) 和复杂度指标 (无)。",
    ),
    (
        "Dev implements it; QA's gate (round 1: every criterion met, no Critical or High) passes.",
        "Dev 实现它;QA 的审查 (第 1 轮: 满足全部标准,没有 Critical 或 High) 通过。",
    ),
    (
        "Done is terminal: nothing may leave it.",
        "Done 是终止状态: 不能再离开。",
    ),
    (
        "Score 7.0 with one complexity indicator: the Architect must review it.",
        "评分 7.0,有一个复杂度指标: 必须由 Architect 审查。",
    ),
    (
        "Dev may not touch it while it waits for the Architect.",
        "等待 Architect 期间,Dev 不能改动它。",
    ),
    (
        "The Architect's review: score 8/10, no Critical issue, so it passes.",
        "Architect 审查: 评分 8/10,没有 Critical 问题,因此通过。",
    ),
    (
        "The Dev Notes cite no sources and the score is 5.0: Blocked, with what is missing.",
        "Dev Notes 没有注明来源,评分 5.0: 进入 Blocked,并列出缺少的内容。",
    ),
    (
        "Approving it by hand is refused, with every condition it misses.",
        "手动批准被拒绝,并列出每个未满足的条件。",
    ),
    (
        "Revised: sources cited, score 8.0 but two complexity indicators, so the Architect reviews it.",
        "修订后: 注明了来源,评分 8.0,但有两个复杂度指标,因此由 Architect 审查。",
    ),
    (
        "The review found only Minor issues and the score rises from 6 to 8.5: auto-approval.",
        "审查只发现 Minor 问题,评分从 6 升到 8.5: 自动批准。",
    ),
    (
        "Round 1 is strict: 4 issues, 2 of them High, so it goes back to Dev.",
        "第 1 轮很严格: 4 个问题,其中 2 个 High,因此退回给 Dev。",
    ),
    (
        "Round 2 is moderate: issues down from 4 to 2 (50%), no High: Done.",
        "第 2 轮适中: 问题从 4 个降到 2 个 (50%),没有 High: Done。",
    ),
    (
        "Only the Human decides now: AwaitingArchReview, Approved or Blocked.",
        "现在只有 Human 能决定: AwaitingArchReview、Approved 或 Blocked。",
    ),
    (
        "The checks `git orx agent check` runs are configured, and committed by the Human.",
        "配置 `git orx agent check` 运行的检查,并由 Human 提交。",
    ),
    (
        "The user says Go: a checkpoint of the work tree is made.",
        "用户说 Go: 为工作区创建一个 checkpoint。",
    ),
    (
        "No new requirement while EXECUTING.",
        "EXECUTING 期间不接受新需求。",
    ),
    (
        "The agent breaks the build; each failing check counts, the third fix that fails trips the breaker.",
        "agent 弄坏了构建;每次检查失败都会计数,第三次修复失败触发熔断。",
    ),
    (
        "The Human rolls the work back to the checkpoint; the agent is IDLE again, its session archived and cleared.",
        "Human 把工作回滚到 checkpoint;agent 回到 IDLE,会话已归档并清空。",
    ),
    ("all tasks and tests done", "所有任务和测试已完成"),
    ("pagination contract unclear", "分页约定不清楚"),
    ("fixed the High issues", "修复了 High 问题"),
    (
        "needs a decision on consistency vs availability",
        "需要在一致性和可用性之间做决定",
    ),
    ("accept eventual consistency", "接受最终一致性"),
    ("implement story 1.3", "实现 Story 1.3"),
    ("export endpoint", "导出接口"),
    ("and an import too", "再加一个导入"),
    ("created   {path}", "已创建    {path}"),
    ("updated   {path}", "已更新    {path}"),
    ("kept      {path}", "保留      {path}"),
    ("installed {path}", "已安装    {path}"),
    ("removed   {path}", "已移除    {path}"),
    ("absent    {path}", "不存在    {path}"),
    ("added     {what} to {path}", "已添加    {what} 到 {path}"),
    ("repaired  {path}: {what}", "已修复    {path}: {what}"),
    ("hooks directory: {path}", "hooks 目录: {path}"),
    ("installed", "已安装"),
    (
        "missing: run `git orx hooks install`",
        "缺失: 请运行 `git orx hooks install`",
    ),
    (
        "outdated: run `git orx hooks install`",
        "已过时: 请运行 `git orx hooks install`",
    ),
    (
        "installed (runs your {saved} first)",
        "已安装 (先运行你的 {saved})",
    ),
    ("via {tool}: {file}", "经由 {tool}: {file}"),
    ("not run by {tool}: {why}", "{tool} 不运行它: {why}"),
    (
        "not installed (a hook of yours is there; `git orx hooks install` keeps it)",
        "未安装 (那里有你自己的 hook;`git orx hooks install` 会保留它)",
    ),
    (
        "hooks directory: {path} ({tool} manages it)",
        "hooks 目录: {path} (由 {tool} 管理)",
    ),
    (
        "kept      {name} (in {file})",
        "保留      {name} (在 {file} 中)",
    ),
    (
        "removed   {name} from {file}",
        "已移除    {name} (从 {file})",
    ),
    ("not run   {name}: {why}", "未运行    {name}: {why}"),
    (
        "missing: give this repository its own hooks directory (`git config --local core.hooksPath ...`), or `git orx hooks install --hooks-outside-repo`",
        "缺失: 请给这个仓库设置自己的 hooks 目录 (`git config --local core.hooksPath ...`),或运行 `git orx hooks install --hooks-outside-repo`",
    ),
    // checkpoint, checkpoints, rollback
    ("checkpoint {name}", "检查点 {name}"),
    (
        "No checkpoints yet (`git orx checkpoint` makes one).",
        "还没有检查点 (`git orx checkpoint` 创建一个)。",
    ),
    ("  same as HEAD", "  与 HEAD 相同"),
    (
        "  1 file differs from HEAD: {files}",
        "  1 个文件与 HEAD 不同: {files}",
    ),
    (
        "  {n} files differ from HEAD: {files}",
        "  {n} 个文件与 HEAD 不同: {files}",
    ),
    ("Nothing was changed.", "没有做任何修改。"),
    (
        "rolling back to {target} replaces files in the work tree; confirm with --yes (nothing was changed)",
        "回滚到 {target} 会替换工作区中的文件;请用 --yes 确认 (未做任何修改)",
    ),
    (
        "agent {id} records no checkpoint; name one (`git orx checkpoints` lists them)",
        "agent {id} 没有记录检查点;请指定一个 (`git orx checkpoints` 列出它们)",
    ),
    (
        "the state before is saved as {name}: `git orx rollback {again} --yes` undoes this",
        "之前的状态已保存为 {name}: `git orx rollback {again} --yes` 可撤销",
    ),
    (
        "rolled back to {target}: {n} files restored or removed [{commit}]",
        "已回滚到 {target}: 恢复或删除了 {n} 个文件 [{commit}]",
    ),
    (
        "rolled back to {target}: 1 file restored or removed [{commit}]",
        "已回滚到 {target}: 恢复或删除了 1 个文件 [{commit}]",
    ),
    (
        "would roll back to {target}: {n} files would change {rest}",
        "将回滚到 {target}: 将修改 {n} 个文件 {rest}",
    ),
    (
        "would roll back to {target}: 1 file would change {rest}",
        "将回滚到 {target}: 将修改 1 个文件 {rest}",
    ),
    ("  restore {path}", "  恢复 {path}"),
    ("  remove  {path}", "  删除 {path}"),
    ("  create  {path}", "  创建 {path}"),
    ("binary file differs", "二进制文件不同"),
    (
        "name the checkpoint to roll back to: `git orx rollback CHECKPOINT` ({n} here: {names}; the newest is {last}); no agent records one",
        "请指明要回滚到的检查点: `git orx rollback CHECKPOINT` (这里有 {n} 个: {names};最新的是 {last});没有 agent 记录检查点",
    ),
    (
        "there is no checkpoint to roll back to (`git orx checkpoint` makes one), and no agent records one",
        "没有可回滚到的检查点 (`git orx checkpoint` 可创建一个),也没有 agent 记录检查点",
    ),
    // verify
    (
        "verified {n} commits ({text}): no violations{text2}",
        "已验证 {n} 个提交 ({text}): 没有违规{text2}",
    ),
    (
        "verified {n} commits ({text}): no violations",
        "已验证 {n} 个提交 ({text}): 没有违规",
    ),
    (
        "verified {n} commits ({text}): 1 violation{text2}",
        "已验证 {n} 个提交 ({text}): 1 个违规{text2}",
    ),
    (
        "verified {n} commits ({text}): 1 violation",
        "已验证 {n} 个提交 ({text}): 1 个违规",
    ),
    (
        "verified {n} commits ({text}): {v} violations{text2}",
        "已验证 {n} 个提交 ({text}): {v} 个违规{text2}",
    ),
    (
        "verified {n} commits ({text}): {v} violations",
        "已验证 {n} 个提交 ({text}): {v} 个违规",
    ),
    (
        "verified 1 commit ({text}): no violations{text2}",
        "已验证 1 个提交 ({text}): 没有违规{text2}",
    ),
    (
        "verified 1 commit ({text}): no violations",
        "已验证 1 个提交 ({text}): 没有违规",
    ),
    (
        "verified 1 commit ({text}): 1 violation{text2}",
        "已验证 1 个提交 ({text}): 1 个违规{text2}",
    ),
    (
        "verified 1 commit ({text}): 1 violation",
        "已验证 1 个提交 ({text}): 1 个违规",
    ),
    (
        "verified 1 commit ({text}): {v} violations{text2}",
        "已验证 1 个提交 ({text}): {v} 个违规{text2}",
    ),
    (
        "verified 1 commit ({text}): {v} violations",
        "已验证 1 个提交 ({text}): {v} 个违规",
    ),
    (
        "all of HEAD's history (the branch has no upstream)",
        "HEAD 的全部历史 (该分支没有上游)",
    ),
    (
        "{text} history is not rewritten: fix forward with a new commit (`git orx move` puts an item where the rules allow), then the Human accepts the commit's violations: `git orx acknowledge COMMIT --reason TEXT --as human` (docs/enforcement.md: When verify fails)",
        "{text} 历史不会被改写: 用新的提交向前修复 (`git orx move` 把条目放到规则允许的状态),然后由 Human 接受该提交的违规: `git orx acknowledge COMMIT --reason TEXT --as human` (见 docs/enforcement.md 的 \"When verify fails\" 一节)",
    ),
    (
        "    acknowledged by {who}: {why}",
        "    已由 {who} 确认: {why}",
    ),
    (", {k} acknowledged", ",已确认 {k} 个"),
    ("{rest}: {rule} (acknowledged)", "{rest}: {rule} (已确认)"),
    (", {k} repaired", ",已修复 {k} 个"),
    (
        ", {k} acknowledged, {j} repaired",
        ",已确认 {k} 个,已修复 {j} 个",
    ),
    (
        "{rest}: {rule} (repaired by {commit})",
        "{rest}: {rule} (已由 {commit} 修复)",
    ),
    // check
    ("checked 1 file: no problems", "已检查 1 个文件: 没有问题"),
    (
        "checked {n} files: no problems",
        "已检查 {n} 个文件: 没有问题",
    ),
    ("checked 1 file: 1 problem", "已检查 1 个文件: 1 个问题"),
    (
        "checked {n} files: 1 problem",
        "已检查 {n} 个文件: 1 个问题",
    ),
    (
        "checked {n} files: {p} problems",
        "已检查 {n} 个文件: {p} 个问题",
    ),
    // log
    ("No transitions in history yet.", "历史中还没有状态转换。"),
    (
        "No transitions of {id} in history.",
        "历史中没有 {id} 的状态转换。",
    ),
    // acknowledge
    (
        "acknowledged {commit} by {who}: {why} {rest}",
        "已由 {who} 确认 {commit}: {why} {rest}",
    ),
    // adopt
    (
        "Nothing was written (a plan). Adopt with: git orx adopt --yes",
        "未写入任何内容 (这是计划)。接管请运行: git orx adopt --yes",
    ),
    (
        "Next: git orx status   (and `git orx hooks status`: the hooks keep the rules from now on)",
        "下一步: git orx status   (以及 `git orx hooks status`: 从现在起由 hooks 维护规则)",
    ),
    ("  no story files found", "  没有找到 Story 文件"),
    (
        "Nothing was written (a plan). Adopt with: {text}",
        "未写入任何内容 (这是计划)。接管请运行: {text}",
    ),
    (
        "{n} to adopt, {m} to fix (left as they are), {k} left out",
        "{n} 个待接管,{m} 个待修正 (保持原样),{k} 个排除在外",
    ),
    (
        "nothing to adopt: every story is an item already",
        "没有可接管的内容: 每个 Story 都已是条目",
    ),
    (
        "error: nothing was written: {text}; fix them as shown above, then run it again",
        "错误: 未写入任何内容: {text};请按上面所示修正,然后再运行",
    ),
    (
        "no story can be adopted as it is",
        "没有 Story 能按原样接管",
    ),
    (
        "some stories cannot be adopted as they are (--all-or-nothing)",
        "有些 Story 无法按原样接管 (--all-or-nothing)",
    ),
    (
        "error: no story files found; searched: {text}",
        "错误: 没有找到 Story 文件;已查找: {text}",
    ),
    (
        "  say where the stories are: git orx adopt --dir DIR --dry-run",
        "  请说明 Story 在哪里: git orx adopt --dir DIR --dry-run",
    ),
    (
        "{n} left as they were: fix them as shown above, then: {text}",
        "{n} 个保持原样: 请按上面所示修正,然后运行: {text}",
    ),
    ("  left out {path}: {text}", "  排除在外 {path}: {text}"),
    ("    note: {text}", "    注意: {text}"),
    ("    problem: {text}", "    问题: {text}"),
    (
        "    fix: {cmd} (or leave it as it is: {skip})",
        "    修正: {cmd} (或保持原样: {skip})",
    ),
    (
        "    fix: {cmd} (or fix the file)",
        "    修正: {cmd} (或修正该文件)",
    ),
    (
        "no story ID in its name or heading: not a story",
        "名称和标题中都没有 Story ID: 不是 Story",
    ),
    (
        "no status, no story heading and no story sections: not a story",
        "没有状态、没有 Story 标题也没有 Story 的章节: 不是 Story",
    ),
    (
        "its name does not fit the stories' file pattern `{pattern}`: to adopt it as story {id}, rename it to {path}",
        "它的名称不符合 Story 的文件名模式 `{pattern}`: 要把它作为 Story {id} 接管,请改名为 {path}",
    ),
    (
        "story {id} is {path}; this is another file for it",
        "Story {id} 是 {path};这是它的另一个文件",
    ),
    (
        "story {id} is {path}; this is another file for it: {text}",
        "Story {id} 是 {path};这是它的另一个文件: {text}",
    ),
    (
        "its heading names a {w}, not a story",
        "它的标题表明是 {w},不是 Story",
    ),
    ("its heading names a {w}", "它的标题表明是 {w}"),
    ("its name names a {w}", "它的名称表明是 {w}"),
    ("its name marks a {w}", "它的名称标明是 {w}"),
    ("left as it is, as asked", "按要求保持原样"),
    (
        "no status written: adopted in the initial state, {state}",
        "没有写状态: 以初始状态 {state} 接管",
    ),
    (
        "{source} says `{v}`; the {what} says otherwise: {state} chosen, as the story's own word",
        "{source} 写的是 `{v}`;{what} 写的不同: 选择 {state},以 Story 自己写的为准",
    ),
    (
        "its heading says story {h}, its name story {n}: the name's is used, as the file name leads to it",
        "它的标题写的是 Story {h},名称是 Story {n}: 采用名称中的 ID,因为文件名指向它",
    ),
    (
        "the body's status says `{v}` ({state}) in its {form} but `{first}` in its {form1}, the {kind}'s state: write `{value}` in each place (a move then keeps them in step)",
        "正文的 {form} 中状态写的是 `{v}` ({state}),但 {form1} 中写的是 `{first}`,即 {kind} 的状态: 请在每处都写 `{value}` (之后 move 会让它们保持一致)",
    ),
    (
        "its status `{v}` ({form}) is not a state of the workflow (states: {states}); say which state it stands for",
        "它的状态 `{v}` ({form}) 不是工作流中的状态 (状态: {states});请说明它代表哪个状态",
    ),
    (
        "story {id} is an item already; an ID leads to one file",
        "Story {id} 已是条目;一个 ID 只对应一个文件",
    ),
    (
        "is not valid UTF-8 (a legacy encoding?): it is left as it is; convert it to UTF-8 (e.g. `iconv -f WINDOWS-1252 -t UTF-8`), then run adopt again",
        "不是有效的 UTF-8 (旧编码?): 保持原样;请转换为 UTF-8 (例如 `iconv -f WINDOWS-1252 -t UTF-8`),再运行 adopt",
    ),
    (
        "adopted {n} story [{commit}]",
        "已接管 {n} 个 Story [{commit}]",
    ),
    (
        "adopted {n} stories [{commit}]",
        "已接管 {n} 个 Story [{commit}]",
    ),
    ("  writes {path}", "  写入 {path}"),
    ("stories in {text}", "{text} 中的 Story"),
    (", ID dots written as `{sep}`", ",ID 中的点写作 `{sep}`"),
    (", preset {name}", ",预设 {name}"),
    // show
    ("Moves from {state}:", "{state} 的转换:"),
    (
        "No moves from {state}: it is terminal.",
        "{state} 没有转换: 它是终止状态。",
    ),
    // log, checkpoints, tick: the fixed words of their data lines
    ("rollback to {id}", "回滚到 {id}"),
    ("edit in {state}", "在 {state} 中编辑"),
    ("(adopted) -> {state}", "(接管) -> {state}"),
    ("(new)", "(新建)"),
    ("still {state}", "仍处于 {state}"),
    ("(deleted)", "(已删除)"),
    ("no role", "无角色"),
    ("    override{what}: {reason}", "    覆盖{what}: {reason}"),
    (" (work tree {path})", " (工作区 {path})"),
    (
        "{name} {time} on {base} {message}",
        "{name} {time} 基于 {base} {message}",
    ),
    (", and {n} more", ",另有 {n} 个"),
    (
        "  1 file differs from HEAD: {files}{more}",
        "  1 个文件与 HEAD 不同: {files}{more}",
    ),
    (
        "  {n} files differ from HEAD: {files}{more}",
        "  {n} 个文件与 HEAD 不同: {files}{more}",
    ),
    // next, show: the actions
    ("run:", "运行:"),
    ("or: ", "或:  "),
    // the library's messages: forge payloads
    (
        "an `issues` payload has no `issue`",
        "`issues` 事件的数据中没有 `issue`",
    ),
    ("the issue has no `number`", "issue 没有 `number`"),
    (
        "the comment's issue has no `number`",
        "评论所属的 issue 没有 `number`",
    ),
    (
        "a `pull_request` payload has no `pull_request`",
        "`pull_request` 事件的数据中没有 `pull_request`",
    ),
    (
        "the pull request has no `head.ref`",
        "pull request 没有 `head.ref`",
    ),
    (
        "a merged pull request without `merge_commit_sha`",
        "已合并的 pull request 没有 `merge_commit_sha`",
    ),
    ("the check names no branch", "检查没有指明分支"),
    (
        "the review's pull request has no `head.ref`",
        "评审所属的 pull request 没有 `head.ref`",
    ),
    // the library's messages: kinds and items
    (
        "cannot choose the next `{kind}` ID",
        "无法选出下一个 `{kind}` ID",
    ),
    (
        "the `{kind}` kind names no file for `{id}`",
        "`{kind}` 类型没有为 `{id}` 指定文件",
    ),
    (
        "the `{kind}` kind names no file for ID `{id}`",
        "`{kind}` 类型没有为 ID `{id}` 指定文件",
    ),
    (
        "{item} is not made in {to} yet: it waits for {waiting} (its `{field}`), which is not {state} yet",
        "{item} 还不能以 {to} 创建: 它等待 {waiting} (其 `{field}`),后者尚未 {state}",
    ),
    (
        "{item} is not made in {to} yet: it waits for {waiting} (its `{field}`), which are not {state} yet",
        "{item} 还不能以 {to} 创建: 它等待 {waiting} (其 `{field}`),它们尚未 {state}",
    ),
    (
        "{item}: {from} -> {to} waits for {waiting} (its `{field}`), which is not {state} yet",
        "{item}: {from} -> {to} 等待 {waiting} (它的 `{field}`),后者尚未处于 {state}",
    ),
    (
        "{item}: {from} -> {to} waits for {waiting} (its `{field}`), which are not {state} yet",
        "{item}: {from} -> {to} 等待 {waiting} (它的 `{field}`),它们尚未处于 {state}",
    ),
    (
        "no loop `{id}` (looked in .loop/ and {legacy})",
        "没有 loop `{id}` (已查找 .loop/ 和 {legacy})",
    ),
    (
        "{legacy}: not valid JSON: {text}",
        "{legacy}: 不是有效的 JSON: {text}",
    ),
    (
        "the {name} workflow has no `run.actions.{action}`",
        "{name} 工作流没有 `run.actions.{action}`",
    ),
    (
        "validate records test results: give `test_results` (a list) in the input, or run the configured tests",
        "validate 记录测试结果: 请在输入中给出 `test_results` (一个列表),或运行配置的测试",
    ),
    (
        "{path} cannot be recovered: no commit holds a valid version of it, so its own fields (loop_id, title, description, max_iterations, status, current_iteration, created_at, updated_at) are lost; write them again (the progress files in {dir} still hold skill_state)",
        "{path} 无法恢复: 没有提交含有它的有效版本,它自身的字段 (loop_id, title, description, max_iterations, status, current_iteration, created_at, updated_at) 已丢失;请重新填写 (进度文件 {dir} 中仍保存着 skill_state)",
    ),
    (
        "no agent context can be named `{name}`",
        "agent 上下文不能命名为 `{name}`",
    ),
    (
        "agent `{name}` exists already ({path})",
        "agent `{name}` 已存在 ({path})",
    ),
    (
        "the {name} workflow ({path}) has no record {action} writes, which a gate records its findings in",
        "{name} 工作流 ({path}) 没有 {action} 写入的记录,gate 把它的结论记在那里",
    ),
    (
        "the {name} workflow ({path}) has no `measure` section: assess records structure and extraction where it says",
        "{name} 工作流 ({path}) 没有 `measure` 部分: assess 按它的指定记录结构和提取结果",
    ),
    (
        "{path}: no such file or directory",
        "{path}: 没有这个文件或目录",
    ),
    (
        "{path} holds no story files (they are the .md files in {dir}/)",
        "{path} 中没有 Story 文件 (Story 文件是 {dir}/ 中的 .md 文件)",
    ),
    ("unknown preset `{name}`{guess}", "未知预设 `{name}`{guess}"),
    (
        "unknown kind `{name}` (kinds: {list})",
        "未知类型 `{name}` (可用类型: {list})",
    ),
    ("unknown kind `{name}`", "未知类型 `{name}`"),
    (
        "unknown kind `{name}` (from --from){guess}",
        "未知类型 `{name}` (来自 --from){guess}",
    ),
    ("{path}: not valid UTF-8", "{path}: 不是有效的 UTF-8"),
    (
        "`{name}` cannot name a kind: use lowercase letters, digits, `-` and `_`, starting with a letter (at most 32)",
        "`{name}` 不能作为类型名: 请使用小写字母、数字、`-` 和 `_`,以字母开头 (最多 32 个字符)",
    ),
    (
        "{dir} holds the `{other}` items; give the new kind its own directory with --dir",
        "{dir} 存放着 `{other}` 的条目;请用 --dir 给新类型单独的目录",
    ),
    ("{label} holds no {path}", "{label} 中没有 {path}"),
    (
        "{path}: its `items:` section cannot be read",
        "{path}: 无法读取它的 `items:` 部分",
    ),
    ("the config could not be planned", "无法规划配置的修改"),
    ("the story kind has no `items:`", "story 类型没有 `items:`"),
    (
        "no workflow to adopt the stories into",
        "没有可以接管这些 Story 的工作流",
    ),
    // the library's messages: checkpoints and rollback
    (
        "a checkpoint would not keep these files as they are, because a filter changes them as git stores them (`git check-attr -a FILE` shows which), so no commit or checkpoint holds their bytes: {files}; copy them out of the work tree and remove them here (a commit would not keep them either), then run the command again and put your copies back where you want them (nothing was changed)",
        "检查点无法原样保存这些文件,因为有过滤器会在 git 保存时修改它们 (`git check-attr -a FILE` 可查看),任何提交或检查点都不保存它们的原始字节: {files};请把它们复制到工作区之外并在此删除 (提交也无法保留它们),再运行命令,然后按需放回副本 (未做任何修改)",
    ),
    (
        "rolling back would write over or remove files whose bytes it could not bring back, because a filter changes them as git stores them (`git check-attr -a FILE` shows which), so no commit or checkpoint holds their bytes: {files}; copy them out of the work tree and remove them here (a commit would not keep them either), then roll back and put your copies back where you want them (nothing was changed)",
        "回滚会覆盖或删除它无法恢复其字节的文件,因为有过滤器会在 git 保存时修改它们 (`git check-attr -a FILE` 可查看),任何提交或检查点都不保存它们的原始字节: {files};请把它们复制到工作区之外并在此删除 (提交也无法保留它们),再回滚,然后按需放回副本 (未做任何修改)",
    ),
    (
        "{files} changed while git-orx was reading them (something is writing them); nothing was changed, run the command again when they are still",
        "{files} 在 git-orx 读取时发生了变化 (有程序正在写入);未做任何修改,请在它们不再变化时重新运行命令",
    ),
    (
        "{link} is a symbolic link: adopt rewrites the stories in their directory ({rel}) and would write outside the repository through it; replace the link by the directory itself, then run adopt again (nothing was written)",
        "{link} 是符号链接: adopt 会就地改写其目录 ({rel}) 中的 Story,并会经由它写到仓库之外;请用目录本身替换该链接,再运行 adopt (未写入任何内容)",
    ),
    (
        "{link} is a symbolic link: adopt writes {rel} and would write outside the repository through it; replace the link by what it points to, then run adopt again (nothing was written)",
        "{link} 是符号链接: adopt 会写入 {rel},并会经由它写到仓库之外;请用它指向的内容替换该链接,再运行 adopt (未写入任何内容)",
    ),
    (
        "{path}: {text} (nothing was written)",
        "{path}: {text} (未写入任何内容)",
    ),
    ("{error} (nothing was written)", "{error} (未写入任何内容)"),
    (
        "is a symbolic link: adopt rewrites a story in place and would write where it leads, outside the story; replace the link by the file itself, then run adopt again",
        "是符号链接: adopt 会就地改写 Story,并会写到它指向的地方;请用文件本身替换该链接,再运行 adopt",
    ),
    (
        "has {n} hard links: adopting replaces the file, which would cut it off from its other names; make it a file of its own (`cp FILE FILE.copy && mv FILE.copy FILE`), then run adopt again",
        "有 {n} 个硬链接: adopt 会替换该文件,使它与其他名字断开;请让它成为独立的文件 (`cp FILE FILE.copy && mv FILE.copy FILE`),再运行 adopt",
    ),
    (
        "rolling back would overwrite files git ignores (a checkpoint does not save them): {files}; move them away, then roll back",
        "回滚会覆盖 git 忽略的文件 (检查点不保存它们): {files};请先移走它们,再回滚",
    ),
    (
        "rolling back to {name} failed: {text}; putting the work tree back failed too: {text2}",
        "回滚到 {name} 失败: {text};恢复工作区也失败了: {text2}",
    ),
    (
        "rolling back to {name} failed: {text}; putting the work tree and HEAD back failed too: {text2}",
        "回滚到 {name} 失败: {text};恢复工作区和 HEAD 也失败了: {text2}",
    ),
    (
        "rolling back to {name} failed: {text}; the work tree was put back, but moving HEAD back failed: {text2}",
        "回滚到 {name} 失败: {text};工作区已恢复,但移回 HEAD 失败: {text2}",
    ),
    (
        "rolling back to {name} failed: {text}",
        "回滚到 {name} 失败: {text}",
    ),
    (
        "HEAD moved (to {commit}) while git-orx was rolling back",
        "git-orx 回滚期间 HEAD 移动了 (到 {commit})",
    ),
    (
        "the index changed while git-orx was rolling back",
        "git-orx 回滚期间暂存区发生了变化",
    ),
    (
        "{path} changed while git-orx was rolling back",
        "git-orx 回滚期间 {path} 发生了变化",
    ),
    (
        "{text}; nothing was changed, run the command again",
        "{text};未做任何修改,请再次运行该命令",
    ),
    // the library's messages: changes
    (
        "internal error: a change was judged as {verdict}",
        "内部错误: 一个修改被判定为 {verdict}",
    ),
    (
        "`{kind}` items are kept at fixed paths ({paths}), not made with `git orx new`",
        "`{kind}` 条目保存在固定路径 ({paths}),不由 `git orx new` 创建",
    ),
    (
        "`{kind}` items are made with `git orx {command}` (the `create` action `git orx next` offers), not `git orx new`",
        "`{kind}` 条目用 `git orx {command}` 创建 (即 `git orx next` 提供的 `create` 动作),而不是 `git orx new`",
    ),
    (
        "{kind} {id} was made meanwhile by another process ({path}): the ID is taken; run the command again for the next free ID",
        "{kind} {id} 已被另一个进程同时创建 ({path}): 该 ID 已被占用;再运行一次命令以使用下一个空闲 ID",
    ),
    (
        "a task is made by claiming a goal's round: `git orx claim GOAL`, the goal's `claim` action",
        "任务通过认领目标的一轮来创建: `git orx claim GOAL`,即目标的 `claim` 动作",
    ),
    (
        "a comment is one role's answer to a goal's discussion: `git orx discuss GOAL`, the goal's `discuss` action",
        "评论是一个角色对目标讨论的回答: `git orx discuss GOAL`,即目标的 `discuss` 动作",
    ),
    (
        "a {kind} with ID `{id}` already exists: {path}",
        "ID 为 `{id}` 的 {kind} 已存在: {path}",
    ),
    (
        "{path} may hold {kind} `{id}` but cannot be read; fix it first (git orx check)",
        "{path} 可能存放着 {kind} `{id}`,但无法读取;请先修复它 (git orx check)",
    ),
    (
        "the built-in example goes with the built-in template, which this {kind}'s template would not measure; write the {kind} from the template instead",
        "内置示例配合内置模板使用,而这个 {kind} 的模板无法度量它;请改为按模板编写 {kind}",
    ),
    (
        "the {kind} template does not produce `kind: {kind2}`, `id: {id}` and `{field}: {value}`; fix its frontmatter",
        "{kind} 模板没有生成 `kind: {kind2}`、`id: {id}` 和 `{field}: {value}`;请修正它的 frontmatter",
    ),
    ("{path} already exists", "{path} 已存在"),
    (
        "the work was rolled back [{commit}], but {item} could not be recorded: {text}",
        "工作已回滚 [{commit}],但无法记录 {item}: {text}",
    ),
    (
        "undo the rollback with `git orx rollback {name} --yes`, or record the transition again",
        "可用 `git orx rollback {name} --yes` 撤销回滚,或重新记录这个转换",
    ),
    (
        "{path}: `run.actions.{action}.body`: no renderer `{name}`",
        "{path}: `run.actions.{action}.body`: 没有渲染器 `{name}`",
    ),
    ("presets: {list}", "预设: {list}"),
    // the library's messages: installing the hooks
    (
        "refused: git-orx found 1 rule broken by this commit",
        "已拒绝: git-orx 发现这个提交违反了 1 条规则",
    ),
    (
        "refused: git-orx found {n} rules broken by this commit",
        "已拒绝: git-orx 发现这个提交违反了 {n} 条规则",
    ),
    (
        "refused: git-orx found 1 rule broken by the commit this would put on the branch",
        "已拒绝: git-orx 发现这次更新要放到分支上的提交违反了 1 条规则",
    ),
    (
        "refused: git-orx found 1 rule broken by the commits this would put on the branch",
        "已拒绝: git-orx 发现这次更新要放到分支上的提交违反了 1 条规则",
    ),
    (
        "refused: git-orx found {n} rules broken by the commit this would put on the branch",
        "已拒绝: git-orx 发现这次更新要放到分支上的提交违反了 {n} 条规则",
    ),
    (
        "refused: git-orx found {n} rules broken by the commits this would put on the branch",
        "已拒绝: git-orx 发现这次更新要放到分支上的提交违反了 {n} 条规则",
    ),
    (
        "fix the files, or commit as the responsible role (ORX_ROLE=ROLE git commit ...); the Human may override with ORX_ROLE=human ORX_FORCE_REASON=\"why\"",
        "请修正文件,或以负责角色提交 (ORX_ROLE=ROLE git commit ...);Human 可用 ORX_ROLE=human ORX_FORCE_REASON=\"原因\" 覆盖",
    ),
    (
        "fix the files; the Human may override with ORX_ROLE=human ORX_FORCE_REASON=\"why\"",
        "请修正文件;Human 可用 ORX_ROLE=human ORX_FORCE_REASON=\"原因\" 覆盖",
    ),
    (
        "fix the files, or commit as the responsible role (ORX_ROLE=ROLE git commit ...){why}",
        "请修正文件,或以负责角色提交 (ORX_ROLE=ROLE git commit ...){why}",
    ),
    ("fix the files{why}", "请修正文件{why}"),
    (
        " (change a state with `git orx move`, which keeps the body's status in step)",
        " (用 `git orx move` 修改状态,它会同步正文中的状态)",
    ),
    (
        " (a file that cannot be read has no override; stories written without frontmatter are taken in with `git orx adopt`)",
        " (无法读取的文件不能覆盖;没有 frontmatter 的 Story 用 `git orx adopt` 接管)",
    ),
    (
        " (a file that cannot be read has no override)",
        " (无法读取的文件不能覆盖)",
    ),
    (
        "no role: say who makes this change with ORX_ROLE=ROLE or `git config orx.role ROLE`",
        "未指定角色: 请用 ORX_ROLE=ROLE 或 `git config orx.role ROLE` 说明由谁做这个修改",
    ),
    (
        "  ... and {n} more (`git orx verify` lists them all)",
        "  ... 另有 {n} 个 (`git orx verify` 列出全部)",
    ),
    (
        "this ref update brings commits no pre-commit or pre-merge-commit check passed (cherry-pick, revert, am, rebase, a fast-forward, reset or update-ref to a new commit): abort the operation if one is under way (git cherry-pick --abort, git rebase --abort, git am --abort; after a revert, git reset --merge), then make the change with `git orx move` or as the responsible role (ORX_ROLE=ROLE)",
        "这次引用更新带来了没有经过 pre-commit 或 pre-merge-commit 检查的提交 (cherry-pick、revert、am、rebase、快进、reset 或 update-ref 到新提交): 如有操作正在进行,请中止 (git cherry-pick --abort、git rebase --abort、git am --abort;revert 之后用 git reset --merge),然后用 `git orx move` 或以负责角色 (ORX_ROLE=ROLE) 做这个修改",
    ),
    (
        "{text}; committing as the Human without checks",
        "{text};以 Human 身份提交,不做检查",
    ),
    (
        "{text}; moving the ref as the Human without checks",
        "{text};以 Human 身份移动引用,不做检查",
    ),
    (
        "refused to install git-orx's hooks into {dir}: core.hooksPath points there, outside this repository, so every repository that uses that directory would run git-orx's hooks (and those not set up for git-orx would fail their commits)",
        "拒绝把 git-orx 的 hooks 安装到 {dir}: core.hooksPath 指向这个仓库之外的该目录,使用该目录的每个仓库都会运行 git-orx 的 hooks (没有设置 git-orx 的仓库会提交失败)",
    ),
    (
        "to give this repository its own hooks: git config --local core.hooksPath {dir}, then run `git orx hooks install`",
        "要让这个仓库有自己的 hooks: git config --local core.hooksPath {dir},然后运行 `git orx hooks install`",
    ),
    (
        "to install there anyway, for every repository using it: add --hooks-outside-repo",
        "若仍要为使用它的每个仓库安装到那里: 加上 --hooks-outside-repo",
    ),
    (
        "lefthook was asked for, but this repository has no lefthook config ({paths}){more}",
        "要求使用 lefthook,但这个仓库没有 lefthook 配置 ({paths}){more}",
    ),
    (
        "{path}: git-orx edits only a YAML lefthook config",
        "{path}: git-orx 只编辑 YAML 格式的 lefthook 配置",
    ),
    (
        "cannot add git-orx's entries: {text}; nothing was changed. {more}",
        "无法添加 git-orx 的条目: {text};未做任何修改。{more}",
    ),
    (
        "cannot add git-orx's {name} entry to {path}: {why}; nothing was changed. Add it by hand:",
        "无法把 git-orx 的 {name} 条目添加到 {path}: {why};未做任何修改。请手动添加:",
    ),
    (
        "{path} and {other} both exist; move one away, then install again",
        "{path} 和 {other} 同时存在;请移走其中一个,然后重新安装",
    ),
    (
        "cannot run your {name} hook ({path}): {text}",
        "无法运行你的 {name} hook ({path}): {text}",
    ),
    // the library's messages: pending changes, checkpoints, adoption
    (
        "{item} ({path}) is not committed yet; commit it first (`git orx new` commits unless --no-commit)",
        "{item} ({path}) 尚未提交;请先提交 (`git orx new` 会提交,除非用了 --no-commit)",
    ),
    (
        "the committed version of {path} is not valid ({text}); commit a fix first",
        "{path} 已提交的版本无效 ({text});请先提交修复",
    ),
    (
        "{item} has an uncommitted change of state ({from} committed, {to} in {path}); commit it (judged by the hooks) or restore the file, then try again",
        "{item} 有未提交的状态修改 (已提交 {from},{path} 中为 {to});请提交 (由 hooks 判定) 或恢复该文件,然后重试",
    ),
    (
        "{item} is now in {state} (committed in {commit}); nothing was changed",
        "{item} 现在处于 {state} (已在 {commit} 提交);未做任何修改",
    ),
    (
        "there is no checkpoint {name} (`git orx checkpoints` lists them)",
        "没有检查点 {name} (`git orx checkpoints` 列出它们)",
    ),
    (
        "a rollback leaves story and context files as they are, and these have uncommitted changes: {files}; commit or restore them first",
        "回滚不改动 Story 和上下文文件,而这些文件有未提交的修改: {files};请先提交或恢复它们",
    ),
    (
        "git is told not to look at these files, so a rollback could not save them as they are: {files}; clear that (`git update-index --no-assume-unchanged --no-skip-worktree FILE`), then roll back (nothing was changed)",
        "git 被设置为不检查这些文件,回滚无法原样保存它们: {files};请先清除该设置 (`git update-index --no-assume-unchanged --no-skip-worktree FILE`),再回滚 (未做任何修改)",
    ),
    (
        "the checkpoint {name} just made is missing",
        "刚创建的检查点 {name} 不见了",
    ),
    (
        "the work tree and HEAD were put back as they were (the state before is also saved as {name}: `git orx rollback {name2} --yes` would restore it)",
        "工作区和 HEAD 已恢复原样 (之前的状态也已保存为 {name}: `git orx rollback {name2} --yes` 可恢复)",
    ),
    (
        "your work is saved as {name}: `git orx rollback {name2} --yes` restores it",
        "你的工作已保存为 {name}: `git orx rollback {name2} --yes` 可恢复",
    ),
    (
        "the status `{status}` cannot be read as `{field}`: it is not a state (states: {list})",
        "状态 `{status}` 不能读作 `{field}`: 它不是一个状态 (可用状态: {list})",
    ),
    (
        "{name} of {path} is not readable either ({text}); choose another with --to",
        "{path} 的 {name} 也无法读取 ({text});请用 --to 选择另一个",
    ),
    (
        "language `{lang}` is not supported (use en or zh)",
        "不支持语言 `{lang}` (请使用 en 或 zh)",
    ),
    ("{path} is not valid UTF-8", "{path} 不是有效的 UTF-8"),
    (
        "there is a kind `{name}` already; choose another name",
        "已经有类型 `{name}`;请换一个名称",
    ),
    (
        "`{name}` items are kept at fixed paths; a new kind is made from one kept in a directory ({list})",
        "`{name}` 条目保存在固定路径;新类型要从保存在目录中的类型创建 ({list})",
    ),
    (
        "{path} is a symbolic link; the item directory ({dir}) must be a real directory inside the repository",
        "{path} 是符号链接;条目目录 ({dir}) 必须是仓库中的真实目录",
    ),
    (
        "`{id}` is the ID of {list}; say which with KIND:ID (e.g. `{example}`)",
        "`{id}` 是 {list} 的 ID;请用 KIND:ID 指明 (例如 `{example}`)",
    ),
    (
        "{kind} `{id}` is in {n} files: {files}; an ID may be used once — `ORX_ROLE=human git orx renumber {kind_id}` gives the one added later the next free ID",
        "{kind} `{id}` 出现在 {n} 个文件中: {files};一个 ID 只能用一次 — `ORX_ROLE=human git orx renumber {kind_id}` 会给后加入的那个分配下一个空闲 ID",
    ),
    ("the file is not valid UTF-8", "该文件不是有效的 UTF-8"),
    (
        "cannot rewrite `{field}`: {text}",
        "无法改写 `{field}`: {text}",
    ),
    (
        "cannot add `{key}`: not a mapping",
        "无法添加 `{key}`: 不是映射",
    ),
    ("there is no commit `{rev}`", "没有提交 `{rev}`"),
    (
        "{path} has uncommitted changes; commit them (as the Human) or restore the file first",
        "{path} 有未提交的修改;请先 (以 Human 身份) 提交或恢复该文件",
    ),
    (
        "{commit} is already acknowledged (by {who}: {reason})",
        "{commit} 已被确认 ({who}: {reason})",
    ),
    ("{path} is outside the repository", "{path} 在仓库之外"),
    (
        "`{arg}` is neither a commit range, a branch nor paths in the work tree",
        "`{arg}` 既不是提交范围,也不是分支或工作区中的路径",
    ),
    (
        "{path} holds a review by {role} that is not committed; commit it (git commit) or restore the file, then run the gate",
        "{path} 中有 {role} 未提交的评审;请提交 (git commit) 或恢复该文件,然后再运行 gate",
    ),
    (
        "the `{kind}` kind is not in the registry",
        "`{kind}` 类型不在类型注册表中",
    ),
    (
        "`{name}` is not a type (letters, digits, `-`)",
        "`{name}` 不是有效的类型 (字母、数字、`-`)",
    ),
    (
        "internal error: a rewrite produced invalid JSON ({text})",
        "内部错误: 改写生成了无效的 JSON ({text})",
    ),
    (
        "internal error: a rewrite produced invalid YAML ({text})",
        "内部错误: 改写生成了无效的 YAML ({text})",
    ),
    // a signal while waiting, what git ignores, mislabelled commits
    (
        "interrupted while waiting for the repository lock; nothing was changed",
        "等待仓库锁时被中断;未做任何修改",
    ),
    (
        "interrupted while waiting for the repository lock ({holder} holds it); nothing was changed",
        "等待仓库锁时被中断 ({holder} 持有它);未做任何修改",
    ),
    (
        "interrupted while waiting for {path}; nothing was changed",
        "等待 {path} 时被中断;未做任何修改",
    ),
    (
        "{path} is ignored by git ({rule}): git-orx does not commit an ignored file; remove that rule, or keep the file where git does not ignore it",
        "{path} 被 git 忽略 ({rule}): git-orx 不提交被忽略的文件;请删除该规则,或把文件放在 git 不忽略的位置",
    ),
    (
        "its trailers name {item} ({transition}), but the commit does not change it: it carries another commit's message (made beside a git-orx command?); fix forward, then acknowledge it",
        "它的 trailer 指明 {item} ({transition}),但该提交并未修改它: 它带着另一个提交的消息 (在 git-orx 命令旁边提交?);请向前修复,然后确认它",
    ),
    (
        "its trailers name {item}, but the commit does not change it: it carries another commit's message (made beside a git-orx command?); fix forward, then acknowledge it",
        "它的 trailer 指明 {item},但该提交并未修改它: 它带着另一个提交的消息 (在 git-orx 命令旁边提交?);请向前修复,然后确认它",
    ),
    (
        "HEAD has already moved to the rollback commit {commit} (it was {head}): once there is space, `git reset --soft {again}` moves it back",
        "HEAD 已经移到回滚提交 {commit} (原来是 {head}): 有空间后,`git reset --soft {again}` 可把它移回",
    ),
    ("HEAD is back at {head}", "HEAD 已回到 {head}"),
    // a rule file too large to read
    (
        "the YAML is too large to read: {text}; nothing in it was used. Write the values out instead of repeating large parts through aliases (`*name`)",
        "YAML 太大,无法读取: {text};其中的内容都未使用。请直接写出这些值,不要通过别名 (`*name`) 重复大段内容",
    ),
    (
        "it expands to more than {n} values (an alias counts what its anchor holds each time it is used)",
        "它展开后超过 {n} 个值 (别名每使用一次,都计入其锚点所含的内容)",
    ),
    (
        "it uses aliases more than {n} times",
        "它使用别名超过 {n} 次",
    ),
    (
        "it defines more than {n} anchors",
        "它定义了超过 {n} 个锚点",
    ),
    ("it nests more than {n} levels deep", "它的嵌套超过 {n} 层"),
    (
        "it has more than {n} merge keys (`<<`)",
        "它有超过 {n} 个合并键 (`<<`)",
    ),
    (
        "it uses its {n} anchors {m} times",
        "它的 {n} 个锚点被使用了 {m} 次",
    ),
    (
        "it is larger than a rule file may be",
        "它超过了规则文件允许的大小",
    ),
    ("flow mapping without `}`", "flow 映射缺少 `}`"),
];
