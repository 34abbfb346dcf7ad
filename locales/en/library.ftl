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
path-is-a-symbolic-link = { $path }: is a symbolic link; git-orx writes { $rel } only through real directories and files inside the repository: replace the link by what it points to (nothing was written)
path-space-text = { $path } { $text }
workflow-part-failed = { $workflow }: `{ $part }`: { $text }

## A fault: what git-orx was doing, then what failed under it (the system's words).

fault-cause = { $what }: { $cause }
cannot-read-path = cannot read { $path }
cannot-write-path = cannot write { $path }
cannot-make-directory = cannot make the directory { $path }
cannot-list-directory = cannot list the directory { $path }
cannot-say-as-json = cannot say the answer as JSON
cause-permission-denied = permission denied
cause-not-found = no such file or directory

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
git-output-unread = `git { $args }` wrote what git-orx cannot read: { $text }
git-reader-stopped = `git { $args }` stopped before git-orx had read all it wrote
git-index-only-new-side = an index can be only the new side of a comparison (a fault in git-orx)
git-head-no-commit-after-merge = HEAD names no commit after git's merge
git-head-no-commit-after-commit = HEAD names no commit after git's commit
git-snapshot-index-gone = the index kept to put the work tree back is gone (a fault in git-orx)
index-lock-taken = { $path } exists: another git process took the index while git-orx was working; run the command again
git-lock-outlasted-wait = { $path } has outlasted the wait for it ({ $waited }): if no git command is running, remove it (a git process that stopped early left it) and run the command again
repository-lock-held = another git-orx process holds the repository lock: waited { $waited }; try again when it has finished (orx.lockTimeout or ORX_LOCK_TIMEOUT sets the wait)
repository-lock-held-by = another git-orx process holds the repository lock ({ $holder }): waited { $waited }; try again when it has finished (orx.lockTimeout or ORX_LOCK_TIMEOUT sets the wait)
path-changed-while-working = { $path } changed while git-orx was working on it; nothing was written, run the command again

## The config (repo/config.rs).

not-valid-utf-8 = is not valid UTF-8
text-not-valid-utf-8 = not valid UTF-8
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
item-tasks-not-recorded = the { $kind } has { $has }, but { $open } is { $open_value } and { $done } is { $done_value }; `git orx move` records what the { $kind } has (and a reason why tasks are left open)
field-is-but-item-measures = { $field } is { $value } but the { $kind } measures { $measured }%
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
note-text = note: { $text }
section-name-empty = section "{ $name }" is empty
dev-notes-item-name-empty = Dev Notes item "{ $name }" is empty
dev-notes-item-name-cites = Dev Notes item "{ $name }" cites no source ([Source: docs/...])
passed = passed
failed = failed
check-passed = the check passed
check-failed = the check failed
states-list = {"  "}states: { $list }
action-applies-kinds-states-one = { $action } applies to { PLURAL($kind) } in { $states }; this one is { $state }
no-transition-state-fits-result = no transition from { $state } fits this result:
kinds-kinds = kinds: { $kinds }
no-kind-id-id-dirs = no { $kind } with ID `{ $id }` in { $dirs }
invalid-id-id-does-not = invalid ID `{ $id }`: it does not match the kind's ID pattern `{ $pattern }`
kind-workflow-counts-no-errors = the { $kind } workflow counts no errors (it has no `run:` section with `errors:`)
name-neither-backup-item-list = `{ $name }` is neither a backup of { $item } ({ $list }) nor a commit
branch-not-local-branch-branches = `{ $branch }` is not a local branch; branches: { $list }
cannot-read-file-e = cannot read { $file }: { $e }
argument = on: { $argument }
name-not-checkpoint-name-they = `{ $name }` is not a checkpoint name (they look like chk-202602081200, or chk-20260208120007 for a later one in the same minute; `git orx checkpoints` lists them)
text-not-field-value = `{ $text }` is not FIELD=VALUE
path-not-field-path-b = `{ $path }` is not a field path (`a.b.c`)
field-item-s-identity-cannot = `{ $field }` is the item's identity and cannot be updated
field-must-one-states-kind = `{ $field }` must be one of the states of { $kind }: { $states }, not { $value }
title-one-line-most-characters = a title is one line of at most 200 characters
backup-names-starting-auto-automatic = backup names starting with `auto-` are the automatic ones; choose another name than `{ $name }`
git-middle-what-finish-abort = git is in the middle of { $what }; finish it or abort it, then run the command again (nothing was changed)
reason-must-say-why-violation = the reason must say why the violation is accepted
title-empty = the title is empty
updates-must-json-object-fields = the updates must be a JSON object of fields, not { $updates }
kind-workflow-counts-no-errors-2 = the { $kind } workflow counts no errors (`run.errors` is not set)
kind-workflow-has-no-run = the { $kind } workflow has no `run:` section: its items are not driven by `git orx run`
repository-has-no-commit-yet = this repository has no commit yet; make the first commit, then checkpoints can be made
item-has-backup-named-name = { $item } has a backup named `{ $name }` already; choose another name
path-not-committed-yet-commit = { $path } is not committed yet; commit it first
path-not-committed-there-no = { $path } is not committed: there is no committed version to go back to
trigger-records-note-field-give = { $trigger } records its note as `{ $field }`: give it with -m TEXT
what-progress-finish-abort-then = { $what } is in progress; finish or abort it, then roll back
count-checkpoints-were-made-minute = { $count } checkpoints were made in the minute { $name }: { $list }; name one of them
agent-records-no-checkpoint-roll = { $agent } records no checkpoint to roll back to
nothing-changed = nothing was changed
score = the score is from 0 to 10
allowed-while-state = {"  "}allowed while { $state }:
repository-not-set-up-git = this repository is not set up for git-orx (no .orx/config.yaml)
rejected = rejected:
no-role-say-who-makes = no role: say who makes this change with ORX_ROLE=ROLE or `git config orx.role ROLE`
item-also-other-id-may = { $item } is also { $other }; an ID may be used once: `ORX_ROLE=human git orx renumber { $kind_id }` gives the one added later the next free ID
no-item-id-left-unmerged = no item `{ $id }` is left unmerged by a merge here (git status lists the files that are)
more-than-one-unmerged-item = more than one unmerged item has the ID `{ $id }`: name it as KIND:ID
no-item-has-id-id = no item has the ID `{ $id }`
items-more-than-one-kind = items of more than one kind have the ID `{ $id }`: name the kind as KIND:ID
path-does-not-hold-item = { $path } does not hold the item `{ $id }`
only-path-holds-id-id = only { $path } holds the ID `{ $id }`: nothing collides; give the new ID to renumber it anyway
item-id-exists-already-choose = { $item } { $id } exists already; choose a free ID
cannot-choose-next-free-id = cannot choose the next free ID; give one
path-exists-already = { $path } exists already
b-were-added-same-commit = { $a } and { $b } were added by the same commit: say which to renumber with its path
quality = Quality
conflict = conflict:
merged = merged:
later-state-wins = the later state wins
state-role-owns-wins = the state { $role } owns wins
all-head-s-history-branch = all of HEAD's history (the branch has no upstream)
new = (new)
no-role = no role
run = run:
or = or:{" "}
kind-kind-names-no-file-2 = the `{ $kind }` kind names no file for ID `{ $id }`
item-not-made-yet-waits = { $item } is not made in { $to } yet: it waits for { $waiting } (its `{ $field }`), which { $n ->
        [1] is
       *[other] are
    } not { $state } yet
item-waits-waiting-field-which = { $item }: { $from } -> { $to } waits for { $waiting } (its `{ $field }`), which { $n ->
        [1] is
       *[other] are
    } not { $state } yet
path-no-such-file-directory = { $path }: no such file or directory
path-holds-no-story-files = { $path } holds no story files (they are the .md files in { $dir }/)
unknown-preset-name-guess = unknown preset `{ $name }`{ $guess }
unknown-kind-name-kinds-list = unknown kind `{ $name }` (kinds: { $list })
unknown-kind-name = unknown kind `{ $name }`
path-not-valid-utf = { $path }: not valid UTF-8
name-cannot-name-kind-use = `{ $name }` cannot name a kind: use lowercase letters, digits, `-` and `_`, starting with a letter (at most 32)
label-holds-no-path = { $label } holds no { $path }
checkpoint-would-not-keep-these = a checkpoint would not keep these files as they are, because a filter changes them as git stores them (`git check-attr -a FILE` shows which), so no commit or checkpoint holds their bytes: { $files }; copy them out of the work tree and remove them here (a commit would not keep them either), then run the command again and put your copies back where you want them (nothing was changed)
rolling-back-would-write-over = rolling back would write over or remove files whose bytes it could not bring back, because a filter changes them as git stores them (`git check-attr -a FILE` shows which), so no commit or checkpoint holds their bytes: { $files }; copy them out of the work tree and remove them here (a commit would not keep them either), then roll back and put your copies back where you want them (nothing was changed)
files-changed-while-git-orx = { $files } changed while git-orx was reading them (something is writing them); nothing was changed, run the command again when they are still
rolling-back-would-overwrite-files = rolling back would overwrite files git ignores (a checkpoint does not save them): { $files }; move them away, then roll back
rolling-back-name-failed-text = rolling back to { $name } failed: { $text }; putting the work tree back failed too: { $text2 }
rolling-back-name-failed-text-2 = rolling back to { $name } failed: { $text }; putting the work tree and HEAD back failed too: { $text2 }
rolling-back-name-failed-text-3 = rolling back to { $name } failed: { $text }; the work tree was put back, but moving HEAD back failed: { $text2 }
rolling-back-name-failed-text-4 = rolling back to { $name } failed: { $text }
head-moved-commit-while-git = HEAD moved (to { $commit }) while git-orx was rolling back
index-changed-while-git-orx = the index changed while git-orx was rolling back
path-changed-while-git-orx = { $path } changed while git-orx was rolling back
text-nothing-changed-run-command = { $text }; nothing was changed, run the command again
internal-error-change-judged-verdict = internal error: a change was judged as { $verdict }
kind-items-kept-fixed-paths = `{ $kind }` items are kept at fixed paths ({ $paths }), not made with `git orx new`
kind-items-made-git-orx = `{ $kind }` items are made with `git orx { $command }` (the `create` action `git orx next` offers), not `git orx new`
kind-id-made-meanwhile-another = { $kind } { $id } was made meanwhile by another process ({ $path }): the ID is taken; run the command again for the next free ID
kind-id-id-already-exists = a { $kind } with ID `{ $id }` already exists: { $path }
path-may-hold-kind-id = { $path } may hold { $kind } `{ $id }` but cannot be read; fix it first (git orx check)
built-example-goes-built-template = the built-in example goes with the built-in template, which this { $kind }'s template would not measure; write the { $kind } from the template instead
kind-template-does-not-produce = the { $kind } template does not produce `kind: { $kind2 }`, `id: { $id }` and `{ $field }: { $value }`; fix its frontmatter
path-already-exists = { $path } already exists
work-rolled-back-commit-but = the work was rolled back [{ $commit }], but { $item } could not be recorded: { $text }
path-run-actions-action-body = { $path }: `run.actions.{ $action }.body`: no renderer `{ $name }`
presets-list = presets: { $list }
refused-install-git-orx-s = refused to install git-orx's hooks into { $dir }: core.hooksPath points there, outside this repository, so every repository that uses that directory would run git-orx's hooks (and those not set up for git-orx would fail their commits)
give-repository-own-hooks-git = to give this repository its own hooks: git config --local core.hooksPath { $dir }, then run `git orx hooks install`
lefthook-asked-but-repository-has = lefthook was asked for, but this repository has no lefthook config ({ $paths }){ $more }
path-git-orx-edits-only = { $path }: git-orx edits only a YAML lefthook config
cannot-add-git-orx-s = cannot add git-orx's entries: { $text }; nothing was changed. { $more }
cannot-add-git-orx-s-2 = cannot add git-orx's { $name } entry to { $path }: { $why }; nothing was changed. Add it by hand:
path-other-both-exist-move = { $path } and { $other } both exist; move one away, then install again
cannot-run-your-name-hook = cannot run your { $name } hook ({ $path })
committed-version-path-not-valid = the committed version of { $path } is not valid ({ $text }); commit a fix first
item-has-uncommitted-change-state = { $item } has an uncommitted change of state ({ $from } committed, { $to } in { $path }); commit it (judged by the hooks) or restore the file, then try again
item-now-state-committed-commit = { $item } is now in { $state } (committed in { $commit }); nothing was changed
there-no-checkpoint-name-git = there is no checkpoint { $name } (`git orx checkpoints` lists them)
rollback-leaves-story-context-files = a rollback leaves story and context files as they are, and these have uncommitted changes: { $files }; commit or restore them first
git-told-not-look-these = git is told not to look at these files, so a rollback could not save them as they are: { $files }; clear that (`git update-index --no-assume-unchanged --no-skip-worktree FILE`), then roll back (nothing was changed)
checkpoint-name-just-made-missing = the checkpoint { $name } just made is missing
language-lang-not-supported-use = language `{ $lang }` is not supported (use en or zh)
path-not-valid-utf-2 = { $path } is not valid UTF-8
there-kind-name-already-choose = there is a kind `{ $name }` already; choose another name
name-items-kept-fixed-paths = `{ $name }` items are kept at fixed paths; a new kind is made from one kept in a directory ({ $list })
path-symbolic-link-item-directory = { $path } is a symbolic link; the item directory ({ $dir }) must be a real directory inside the repository
id-id-list-say-which = `{ $id }` is the ID of { $list }; say which with KIND:ID (e.g. `{ $example }`)
kind-id-n-files-files = { $kind } `{ $id }` is in { $n } files: { $files }; an ID may be used once — `ORX_ROLE=human git orx renumber { $kind_id }` gives the one added later the next free ID
there-no-commit-rev = there is no commit `{ $rev }`
path-has-uncommitted-changes-commit = { $path } has uncommitted changes; commit them (as the Human) or restore the file first
commit-already-acknowledged-who-reason = { $commit } is already acknowledged (by { $who }: { $reason })
path-outside-repository = { $path } is outside the repository
interrupted-while-waiting-repository-lock = interrupted while waiting for the repository lock; nothing was changed
interrupted-while-waiting-repository-lock-2 = interrupted while waiting for the repository lock ({ $holder } holds it); nothing was changed
interrupted-while-waiting-path-nothing = interrupted while waiting for { $path }; nothing was changed
path-ignored-git-rule-git = { $path } is ignored by git ({ $rule }): git-orx does not commit an ignored file; remove that rule, or keep the file where git does not ignore it
head-has-already-moved-rollback = HEAD has already moved to the rollback commit { $commit } (it was { $head }): once there is space, `git reset --soft { $again }` moves it back
head-back-head = HEAD is back at { $head }
either = { $first } or { $second }
both = { $first } and { $second }
item-field-missing = `{ $key }` is missing
item-state-elsewhere = a `{ $kind }` item holds its state in `{ $field }`, not `status`
item-unknown-state = unknown state `{ $state }` (states: { $states })
item-owner-field-role = `{ $field }` must name the role this { $kind } acts as (roles: { $roles })
body-status-disagrees-with-itself = the body's status says `{ $value }` ({ $state }) in its { $form } but `{ $first }` in its { $first_form }, the { $kind }'s state: write `{ $write }` in each place (a move then keeps them in step)
body-status-not-the-items = the body's status says `{ $value }` ({ $state }) but the { $kind } is in { $status }: change the state with `git orx move`, which keeps both
body-status-no-state = the body's status `{ $value }` is not a state of the { $workflow } workflow (states: { $states }); write `{ $write }`
doc-line-column = line { $line }, column { $column }: { $problem }
file-is-symlink = is a symbolic link; items must be regular files
file-not-regular = is not a regular file
file-too-large = is { $size } bytes; items may be at most { $most } bytes (1 MiB)
file-grew-too-large = is larger than { $most } bytes (1 MiB)
file-does-not-exist = does not exist
file-permission-denied = cannot be read (permission denied)
item-id-problem = { $label }: { $problem }
item-file-named-for-id = { $label } must be in a file named for its ID (`{ $file }`), so that the ID leads to it
item-at-path-for-id = { $label } must be at { $path }, so that the ID leads to it
item-holds-other-kind = { $path } holds `kind: { $kind }`; only { $only } items belong there
doc-not-utf8 = the file is not valid UTF-8
doc-not-json = not valid JSON: { $error }
doc-not-json-object = the file must be a JSON object
doc-frontmatter-not-mapping = the frontmatter must be a mapping of keys to values
doc-frontmatter-empty = the frontmatter is empty; it needs at least `kind`, `id` and `status`
doc-field-single-value = `{ $key }` must be a single value
doc-cannot-rewrite = cannot rewrite `{ $path }`: { $why }
doc-value-alias = the value is an alias (`*name`)
doc-key-not-mapping = `{ $key }` is not a mapping
doc-path-empty = the path is empty
doc-block-scalar = the value is a block scalar (`|` or `>`)
doc-no-colon = cannot find the `:` of the empty value
doc-key-not-object = `{ $key }` is not an object
doc-on-way-not-object = a value on the way is not an object
doc-rewrite-invalid-json = internal error: a rewrite produced invalid JSON ({ $error })
doc-rewrite-invalid-yaml = internal error: a rewrite produced invalid YAML ({ $error })
doc-cannot-add = cannot add `{ $key }`: not a mapping
doc-flow-no-brace = flow mapping without `{"}"}`
field-must-be-type = `{ $field }` must be { $expected }, not { $value }
field-type-number = a number
field-type-count = a whole number from 0 to 1000000
field-type-string = text
field-type-boolean = true or false
field-type-strings = a list of texts
field-type-list = a list
field-type-mapping = a mapping
effect-cannot-evaluate = effect `{ $path }`: { $error }
effect-check-fields = { $problem } (check the fields it reads)
item-kind-unknown-known-kinds = { $problem }; known kinds: { $kinds }
board-kind-not-in-story-dir = `kind: { $kind }` does not belong in the story directory
board-unknown-state = unknown state
commit-failed-outcome = { $error }{"\u000A"}{ $outcome }
companion-file-judged = internal error: { $item } was planned with { $path } beside it, a file the hooks judge; nothing was written: a file kept beside an item must be one no rule judges
commit-failed-files-restored = nothing was changed: the files were restored
commit-failed-head-changed = nothing was committed: { $path } changed in HEAD meanwhile (commit { $commit }); the file is left as git-orx wrote it
commit-failed-restored = nothing was changed: { $path } was restored
commit-failed-new-file-removed = nothing was changed: the new file { $path } was removed
commit-failed-changed-meanwhile = nothing was committed: { $path } was changed meanwhile and is left as it is
commit-failed-not-put-back = nothing was committed, and the file could not be put back ({ $error }): it holds git-orx's change
did-you-mean-kind = ; did you mean { $kind }?
yaml-nesting-too-deep = nesting deeper than { $most } levels
yaml-unexpected-end = unexpected end of YAML
yaml-more-than-one-document = more than one YAML document in the frontmatter
yaml-unexpected-event = unexpected YAML event
yaml-too-many-nodes = too many nodes (more than { $most }, counting alias expansions)
yaml-unknown-anchor = alias to an unknown anchor
yaml-plain-keys-only = only plain scalar keys are supported
yaml-duplicate-key = duplicate key `{ $name }` (first on line { $line })
loop-task-not-json = line { $line }: not valid JSON: { $error }
loop-task-not-object = line { $line }: a task is a JSON object
loop-task-no-description = line { $line }: a task needs a `description`
junit-not-report = not a JUnit XML report: { $error }
executor-output-empty = the executor's output is not a JSON object with `stateUpdates` (it printed nothing)
executor-output-not-updates = the executor's output is not a JSON object with `stateUpdates` (it printed: { $shown })
executor-may-set-nothing = the executor may not set `{ $path }` in { $action } (it may set nothing)
executor-may-not-set = the executor may not set `{ $path }` in { $action } (it may set: { $allowed })
did-you-mean-name = ; did you mean { $name }?
at-line-column = { $line }:{ $column }: { $message }
acknowledged-not-commit-id = `commit: { $commit }` must be a commit id (7 or more hex digits)
acknowledged-needs-reason-by = the acknowledgement of { $commit } needs a `reason` and who gives it (`by`)
yaml-too-large = the YAML is too large to read: { $what }; nothing in it was used. Write the values out instead of repeating large parts through aliases (`*name`)
yaml-budget-nodes = it expands to more than { $n } values (an alias counts what its anchor holds each time it is used)
yaml-budget-aliases = it uses aliases more than { $n } times
yaml-budget-anchors = it defines more than { $n } anchors
yaml-budget-depth = it nests more than { $n } levels deep
yaml-budget-merge-keys = it has more than { $n } merge keys (`<<`)
yaml-budget-ratio = it uses its { $anchors } anchors { $aliases } times
yaml-budget-other = it is larger than a rule file may be
