# The English of git-orx's library messages, by ID (library). The Chinese of
# each is in locales/zh/ under the same file name and ID.


## Lines put together: a message of several lines, each a message.

two-lines =
    { $first }
    { $second }
three-lines =
    { $first }
    { $second }
    { $third }

## Checkpoints and rollback (change/checkpoint.rs).

no-checkpoint-made-in-minute = no checkpoint was made in the minute { $name } (`git orx checkpoints` lists them)
checkpoint-made-in-another-worktree = { $name } was made in the work tree { $there }, not this one ({ $here }); roll back there, or roll back from any work tree
rollback-put-back-saved = the work tree and HEAD were put back as they were (the state before is also saved as { $name }: rolling back to { $name2 } would restore it)
rollback-work-saved-as = your work is saved as { $name }: rolling back to { $name2 } restores it

## IDs (text, workflow/items.rs).

invalid-id = invalid ID `{ $id }`: { $why }
id-empty = it is empty
id-too-long = it is longer than 64 characters
id-char-not-allowed = `{ $char }` is not allowed (use letters, digits, `.`, `_` and `-`)
id-bad-ends = it may not start with `.` or `-`, or end with `.`
id-double-dot = it may not contain `..`

## Plans (change/plan.rs).

item-not-committed-yet-commit-first = { $item } ({ $path }) is not committed yet; commit it first (`git orx new` commits it, unless told not to)
path-has-uncommitted-edits-refused = { $path } has uncommitted edits of { $item } that this change would commit, and the { $workflow } workflow refuses them: { $refusal }
nothing-changed-undo-edits = nothing was changed; undo those edits, or drop them all (`git checkout -- { $path }`, or `git orx restore { $id }`, which keeps them in a backup), then run the command again
unknown-kind-make-one-copied = unknown kind `{ $kind }` (kinds: { $list }); make one with `git orx kind new NAME`, copied from a kind
kind-id-is-given-say-which = a { $kind }'s ID is given: say which
cannot-choose-next-id-give-one = cannot choose the next ID after the highest one; give one
undo-rollback-by-rolling-back = undo the rollback by rolling back to { $name }, or record the transition again

## A place and what is wrong there (a file and the OS's error, a workflow and its expression's).

path-text = { $path }: { $text }
path-space-text = { $path } { $text }
workflow-part-failed = { $workflow }: `{ $part }`: { $text }

## State, backups, restore (change/state.rs).

updates-set-no-field = the updates set no field
item-has-no-differing-backup = { $item } has no backup that differs from it: nothing to restore
it-has-none = it has none
from-not-readable-choose-another = { $name } of { $path } is not readable either ({ $text }); choose another backup to restore
path-at-commit-text = { $path } (at { $commit }): { $text }
path-no-parent = { $path }: no parent

## Hooks (hooks/).

install-hooks-outside-anyway = to install there anyway, for every repository using it: say that hooks outside the repository are meant
lefthook-advice =
    add git-orx to { $file } (or have `git orx hooks install` add it, for lefthook):

    { $block }
    then run `lefthook install`
path-missing = { $path } is missing

## Kinds and rules (repo/).

unknown-kind-to-copy-from = unknown kind `{ $name }` to copy from{ $guess }
dir-holds-other-items-own-dir = { $dir } holds the `{ $other }` items; give the new kind its own directory

## Refusals (engine/validate.rs): what was refused and why.

text-then = { $first }{ $rest }
item-not-state-of-workflow = { $item }: `{ $state }` is not a state of its workflow
item-field-may-not-change = { $item }: `{ $field }` may not change (was `{ $before }`, now `{ $after }`)
allowed-none-human-overrides = {"  "}allowed from { $state }: none (only a Human can override)
item-new-must-start-in = { $item } is new and must start in { $initial }, not { $state }
item-deleted-only-by-human = { $item } ({ $state }) may be deleted only by a Human
item-field-kept-by-workflow = { $item }: `{ $field }` is kept by the workflow and changes only through its transitions (was { $before }, now { $after })
human-may-override = {"  "}a Human may override
item-field-record-once-per-round = { $item }: `{ $field }` is a record written once per round: { $problem }
item-state-not-allow-operation = { $item } is { $state }, which does not allow { $operation }
item-not-changed-this-way = { $item } may not be changed this way while it is { $state }:
item-move-problem = { $item }: { $from } -> { $to } { $problem }
only-human-may-force = only the Human may force a change; { $role } cannot override the rules

## git and the repository lock (git/, engine/store.rs).

not-a-git-repository = not in a git repository (run `git init` first, or cd into one)
bare-repository = this is a bare repository; git-orx needs a work tree
git-command-failed = `git { $args }` failed: { $text }
cannot-run-git = cannot run git: { $text }
git-said = git: { $text }
index-lock-taken = { $path } exists: another git process took the index while git-orx was working; run the command again
git-lock-outlasted-wait = { $path } has outlasted the wait for it ({ $waited }): if no git command is running, remove it (a git process that stopped early left it) and run the command again
repository-lock-held = another git-orx process holds the repository lock: waited { $waited }; try again when it has finished (orx.lockTimeout or ORX_LOCK_TIMEOUT sets the wait)
repository-lock-held-by = another git-orx process holds the repository lock ({ $holder }): waited { $waited }; try again when it has finished (orx.lockTimeout or ORX_LOCK_TIMEOUT sets the wait)
path-changed-while-working = { $path } changed while git-orx was working on it; nothing was written, run the command again

## The config (repo/config.rs).

not-valid-utf-8 = is not valid UTF-8
config-lang-not-supported = `lang: { $lang }` is not supported (use en or zh)
config-stories-relative = `stories: { $stories }` must be a relative path inside the work tree, without `..`, outside .git and .orx
config-stuck-after-hours = `doctor: {"{"}stuck_after_hours: { $hours }{"}"}` must be a number of hours above 0
config-team-unknown-role = team: agent { $agent } acts as unknown role `{ $role }`
config-identity-unknown-role = identity { $email }: unknown role `{ $role }`
config-role-name = role `{ $role }` must be letters, digits, `-` or `_`
config-max-review-rounds = `alerts.max_review_rounds` must be a number of rounds, 0 or more
config-alert-rate = `alerts.{ $key }: { $v }` must be a rate from 0 to 1 (0.3 is 30%)
invalid-config = invalid config { $text }
outcome-not-a-trigger = { $item }: { $trigger } is the outcome of `{ $command }`, not a trigger to fire by hand: it is fired when `{ $command }` runs
condition-actual = { $text } — actual: { $values }
condition-cannot-evaluate = { $text } — cannot be evaluated: { $error }
condition-actual-cannot-evaluate = { $text } — actual: { $values } — cannot be evaluated: { $error }
value-not-set = not set
path-is-value = { $path } = { $value }
comma-then = { $first }, { $rest }
text-bullet = { $first }{"\u000A"}  - { $item }
to-state-condition = to { $to }: { $condition }
role-nobody = nobody
roles-or = { $first } or { $last }
state-roles = { $state } ({ $roles })
action-the-gate = the { $role } gate
action-the-operation = the `{ $operation }` operation
action-named = `{ $name }`
action-quality-check = a quality check
restore-from-committed = the committed version
restore-from-backup = backup { $name }
restore-from-store = the state store's { $name }
restore-from-commit = commit { $commit }
semicolon-then = { $first }; { $rest }
no-open-task-ticked = no open task ({ $ticked } ticked)
open-tasks-ticked = { $n ->
        [one] 1 open task
       *[other] { $n } open tasks
    } ({ $list }) and { $ticked } ticked
story-tasks-not-recorded = the story has { $has }, but { $open } is { $open_value } and { $done } is { $done_value }; `git orx move` records what the story has (and a reason why tasks are left open)
field-is-but-story-measures = { $field } is { $value } but the story measures { $measured }%
quality-not-recorded = { $wrong }; record the quality check with `git orx assess` (which measures it), or give the reason for other values in { $reason }
duplicate-id-also = duplicate ID `{ $id }` (also { $first })
uncommitted-change-refused = the uncommitted change is refused: { $refusal }
temporary-file-left-by-write = a temporary file left by an interrupted git-orx write; the next change git-orx writes there removes it, or delete it
text-in-builtin-section = { $text } (the { $origin }{ $line ->
        [0] {""}
       *[other] , line { $line }
    })
file-name-not-utf8-rename = the file name is not valid UTF-8; rename it
file-empty-item-starts-fence = the file is empty; an item starts with a `---` line, then YAML, then `---`
file-not-start-fence = the file does not start with a `---` line (frontmatter fence)
frontmatter-never-closed = the frontmatter opened on line 1 is never closed by a `---` line
unresolved-merge-conflict-here = an unresolved merge conflict is here: end it with `git orx resolve ID` (which says what it needs to choose), or edit the file and `git add` it
path-at-text = { $path }:{ $line }:{ $column }: { $text }
