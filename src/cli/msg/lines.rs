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
        "{item} waits for {waiting} (not done yet)",
        "{item} 等待 {waiting} (尚未完成)",
    ),
    // refusals the library words
    (
        "{action} applies to {kinds} in {states}; {item} is {state}",
        "{action} 只适用于处于 {states} 的 {kinds};{item} 处于 {state}",
    ),
    (
        "{action} applies to {kinds} in {states}; this one is {state}",
        "{action} 只适用于处于 {states} 的 {kinds};此条目处于 {state}",
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
    // the library's refusals: changes, kinds, history
    (
        "`{name}` is not a checkpoint name (they look like chk-20260208120000, or chk-202602081200 to the minute; `git orx checkpoints` lists them)",
        "`{name}` 不是检查点名称 (形如 chk-20260208120000,或精确到分钟的 chk-202602081200;`git orx checkpoints` 列出它们)",
    ),
    (
        "`{name}` is not a checkpoint name (they look like chk-20260208120000; `git orx checkpoints` lists them)",
        "`{name}` 不是检查点名称 (形如 chk-20260208120000;`git orx checkpoints` 列出它们)",
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
        "say whom the goal is assigned to with --assignee ROLE (or decide `broadcast`)",
        "请用 --assignee ROLE 说明 goal 分配给谁 (或决定 `broadcast`)",
    ),
    (
        "some stories cannot be adopted as they are; nothing was written",
        "有些 Story 无法按原样接管;未写入任何内容",
    ),
    ("task {id} is already {state}", "task {id} 已经是 {state}"),
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
        "{item} is also {other}; an ID may be used once",
        "{item} 同时也是 {other};一个 ID 只能使用一次",
    ),
    // tick
    ("Nothing to dispatch.", "没有需要分派的内容。"),
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
    // doctor
    (
        "No story has been in one state for more than {limit} ({n} open).",
        "没有 Story 在同一状态停留超过 {limit} (共 {n} 个未完成)。",
    ),
    (
        "{n} of {total} open stories in one state for more than {limit} (doctor.stuck_after_hours):",
        "{total} 个未完成的 Story 中有 {n} 个在同一状态停留超过 {limit} (doctor.stuck_after_hours):",
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
        "would roll back to {target}: {n} files differ from HEAD {rest}",
        "将回滚到 {target}: {n} 个文件与 HEAD 不同 {rest}",
    ),
    (
        "would roll back to {target}: 1 file differs from HEAD {rest}",
        "将回滚到 {target}: 1 个文件与 HEAD 不同 {rest}",
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
        "{text} history is not rewritten: fix forward with a new commit (`git orx move` puts an item where the rules allow), then the Human accepts the commit's violations: `git orx acknowledge COMMIT --reason TEXT --as human` (README: When verify fails)",
        "{text} 历史不会被改写: 用新的提交向前修复 (`git orx move` 把条目放到规则允许的状态),然后由 Human 接受该提交的违规: `git orx acknowledge COMMIT --reason TEXT --as human` (README: When verify fails)",
    ),
    (
        "    acknowledged by {who}: {why}",
        "    已由 {who} 确认: {why}",
    ),
    (", {k} acknowledged", ",已确认 {k} 个"),
    ("{rest}: {rule} (acknowledged)", "{rest}: {rule} (已确认)"),
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
    ("  writes {path}", "  写入 {path}"),
    ("stories in {text}", "{text} 中的 Story"),
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
];
