# 命令行对库消息中提到某个标志所做操作的措辞 (src/cli/msg/flags.rs 的 BY_ID);英文在 locales/en/ 同名文件的同一 ID 下。

kind-id-is-given-say-with-id = { $kind } 的 ID 需要给出: 请用 --id 给出
cannot-choose-next-id-give-with-id = 无法在最大的 ID 之后选出下一个 ID;请用 --id 给出一个
lefthook-advice-flag =
    把 git-orx 加到 { $file } (或运行 `git orx hooks install --lefthook`,它会加上):

    { $block }
    然后运行 `lefthook install`
item-tasks-not-recorded-flag = { $kind } 中有 { $has },但 { $open } 是 { $open_value },{ $done } 是 { $done_value }; `git orx move` 会记录 { $kind } 的实际情况 (以及用 `--reason TEXT` 说明留下未完成任务的原因)
