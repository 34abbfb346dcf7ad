# The command line's wording of the library's messages that name an
# action a flag takes (src/cli/msg/flags.rs, BY_ID): the same arguments,
# the flag named. The Chinese of each is in locales/zh/ under the same
# file name and ID.

kind-id-is-given-say-with-id = a { $kind }'s ID is given: say it with --id
cannot-choose-next-id-give-with-id = cannot choose the next ID after the highest one; give one with --id
lefthook-advice-flag =
    add git-orx to { $file } (or run `git orx hooks install --lefthook`, which adds it):

    { $block }
    then run `lefthook install`
item-tasks-not-recorded-flag = the { $kind } has { $has }, but { $open } is { $open_value } and { $done } is { $done_value }; `git orx move` records what the { $kind } has (and `--reason TEXT` why tasks are left open)
