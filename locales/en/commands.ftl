# The English of git-orx's messages, by ID. The Chinese of each is in
# locales/zh/ under the same file name and ID.

next-commit-setup-then-create = Next: commit the setup, then create a story:
next-new-language-takes-effect = Next: the new language takes effect once committed, by the Human:
config-not-committed-until-rules = { $config } is not committed: until it is, the rules in force are the work tree's and a clone has none; commit it (git add .orx && git commit -m 'Set up git-orx')
no-stories-waiting-role = No stories are waiting for { $role }.
no-stories-yet-create-one = No stories yet. Create one with: git orx new "Title" --as sm   ({ $dir }/)
nobody = nobody
agents = Agents
waits-role = (waits for { $role })
file-cannot-read-item-git = 1 file cannot be read as an item; `git orx check` lists every problem:
n-files-cannot-read-items = { $n } files cannot be read as items; `git orx check` lists every problem:
n-more = ... and { $n } more
stories-written-without-frontmatter-bmad = stories written without frontmatter (BMAD, Orchestrix): `git orx adopt --dry-run` shows how they would be taken in
nothing-do-among-items-could = Nothing to do among the items that could be read.
story-counts = 1 story: { $counts }
n-stories-counts = { $n } stories: { $counts }
nothing-role-do = Nothing for { $role } to do.
nothing-do-no-open-stories = Nothing to do: no open stories.
item-state = { $item } is { $state }
already-recorded-nothing-commit = (already recorded; nothing to commit)
committed-commit-another-commit = (committed in { $commit } by another commit)
committed-another-commit = (committed by another commit)
written-path-not-committed = written to { $path }, not committed
override-reason = override: { $reason }
fields-changed-still-state = { $fields } changed, still { $state }
no-field-changed-still-state = no field changed, still { $state }
refused = refused:{" "}
role-may-not-move-item = { $role } may not move { $item } from { $from } to { $to }
role-may-not-change-item = { $role } may not change { $item } while it is { $from }
responsible-roles-owner-state = {"  "}responsible: { $roles } (owner of { $state })
responsible-roles = {"  "}responsible: { $roles }
item-cannot-move-workflow-has = { $item } cannot move from { $from } to { $to }: the workflow has no such transition
allowed-list = {"  "}allowed from { $from }: { $list }
none = none
item-cannot-move-precondition-not = { $item } cannot move from { $from } to { $to }: 1 precondition not met
item-cannot-move-n-preconditions = { $item } cannot move from { $from } to { $to }: { $n } preconditions not met
item-state-terminal-state-cannot = { $item } is { $state }, a terminal state: it cannot move to { $to }
allowed-state-none-only-human = {"  "}allowed from { $state }: none (only a Human can override, with --force --reason TEXT)
act-roles-role-human-may = act as { $roles } (--as { $role }), or a Human may override with --force --reason TEXT
git-orx-show-id-lists = `git orx show { $id }` lists the moves allowed now and what each needs
run-git-orx-init-here = run `git orx init` here first
uncommitted-changes-files-not-force = uncommitted changes to { $files } are not in force until committed (by the Human)
legacy = {" "}(legacy)
file-path = {"  "}file:        { $path }
status-status = {"  "}status:      { $status }
iteration-n-max = {"  "}iteration:   { $n } of { $max }
failed-reason = {"  "}failed:      { $reason }
develop-done-total-tasks-pct = {"  "}develop:     { $done }/{ $total } tasks ({ $pct }%)
develop-done-total-tasks-pct-2 = {"  "}develop:     { $done }/{ $total } tasks ({ $pct }%), some pending
debug-confirmed-hypothesis = {"  "}debug:       confirmed { $hypothesis }
debug-no-confirmed-hypothesis = {"  "}debug:       no confirmed hypothesis
validate-passed-pass-rate-rate = {"  "}validate:    passed (pass rate { $rate }%)
validate-not-passed-pass-rate = {"  "}validate:    not passed (pass rate { $rate }%)
develop-no-tasks-yet-skill = {"  "}develop:     no tasks yet (the skill's init lists them: `git orx loop act { $id } init --as skill`)
validate-not-run-yet = {"  "}validate:    not run yet
progress-pct = {"  "}progress:    { $pct }%
next-action = {"  "}next:        { $action }
review-report-title = 
    # Code review { $id }: { $title }
    {""}
    {""}
review-report-target = 
    Reviewed: `{ $target }`
    {""}
    {""}
review-report-summary = 
    ## Summary
    {""}
    {""}
review-report-findings = 
    ## Findings by dimension and severity
    {""}
    {""}
review-report-dimension = | Dimension |
review-report-total-column = 
    {" "}Total |
    |---|
review-report-total-row = | **Total** |
review-report-not-reviewed = 
    Not reviewed.
    {""}
review-report-no-findings = 
    No findings.
    {""}
review-report-suggestion = 
    {"  "}- Suggestion: { $text }
    {""}
recorded = recorded
no-fields = (no fields)
error = error:
hint = hint:
limit = {" "}of { $limit }
note = note:
restored = restored from { $from }
nothing-left-do = nothing left to do
stopped-action = stopped by `{ $action }`
stopped-signal = stopped: { $signal }
stopped-error-limit = stopped at the error limit
stopped-after-action-max-iterations = stopped after 1 action (--max-iterations); run it again to go on
stopped-after-n-actions-max = stopped after { $n } actions (--max-iterations); run it again to go on
interrupted-user = interrupted by the user
action = 1 action
n-actions = { $n } actions
error-2 = 1 error
n-errors = { $n } errors
kind-id-state-after-actions = { $kind } { $id }: { $state } after { $actions } ({ $how }); { $errors }
max-iterations-must-least = --max-iterations must be at least 1
backup-name-kept-git-orx = {"  "}backup { $name } kept (`git orx restore { $id } --to { $name }` goes back)
not-set = (not set)
automatic-backup-git-orx-backups = 1 automatic backup (`git orx backups { $id }`)
n-automatic-backups-git-orx = { $n } automatic backups (`git orx backups { $id }`)
goal-id-round-round-done = goal { $id } round { $round }: { $done } done, { $failed } failed, { $other } other, of { $total }
files-files = {"    "}files: { $files }
id-phase-takes-no-prompt = { $id } is in a phase that takes no prompt
error-3 = error:{" "}
unexpected-argument-arg-found = unexpected argument '{ $arg }' found
unrecognized-subcommand-sub = unrecognized subcommand '{ $sub }'
following-required-arguments-were-not = the following required arguments were not provided: { $args }
name-requires-subcommand-but-one = '{ $name }' requires a subcommand but one was not provided
value-required-arg-but-none = a value is required for '{ $arg }' but none was supplied
invalid-value-value-arg = invalid value '{ $value }' for '{ $arg }'
invalid-value-value-arg-why = invalid value '{ $value }' for '{ $arg }': { $why }
argument-arg-cannot-used-one = the argument '{ $arg }' cannot be used with one or more of the other specified arguments
argument-arg-cannot-used-others = the argument '{ $arg }' cannot be used with { $others }
equal-sign-needed-when-assigning = equal sign is needed when assigning values to '{ $arg }'
unexpected-value-value-arg-found = unexpected value '{ $value }' for '{ $arg }' found; no more were expected
arg-takes-different-number-values = '{ $arg }' takes a different number of values ({ $n } given)
possible-values-list = {"  "}[possible values: { $list }]
subcommands-list = {"  "}[subcommands: { $list }]
tip-similar-subcommand-exists-list = tip: a similar subcommand exists: { $list }
tip-some-similar-subcommands-exist = tip: some similar subcommands exist: { $list }
tip-similar-argument-exists-list = tip: a similar argument exists: { $list }
tip-some-similar-arguments-exist = tip: some similar arguments exist: { $list }
tip-similar-value-exists-list = tip: a similar value exists: { $list }
tip-some-similar-values-exist = tip: some similar values exist: { $list }
tip-text = tip: { $text }
pass-arg-value-use-rest = to pass '{ $arg }' as a value, use '{ $rest }'
not-a-duration = `{ $text }` is not a duration (30s, 5m, 1h)
interval-at-least-1s = the interval must be at least 1s
number-not-in-range = { $n } is not in { $lo }..={ $hi }
usage = Usage:
more-information-try-help = For more information, try '--help'.
run-git-orx-command = run `git orx { $command }`
would-write-path-dry-run = would write { $path } (dry run: nothing written)
next-review-commit-kind =
    Next: review them, then commit them as the Human (rule files need the Human):
    {"  "}git add { $paths } && ORX_ROLE=human git commit -m "Add the { $name } kind"
    then: git orx new { $name } "Title" --as ROLE
# A precondition as a line: what it says, and the values that explain it.
checked-files = checked { $n ->
        [one] 1 file
       *[other] { $n } files
    }: { $p ->
        [0] no problems
        [one] 1 problem
       *[other] { $p } problems
    }
verify-summary = verified { $n ->
        [one] 1 commit
       *[other] { $n } commits
    } ({ $scope }){ $unjudged }: { $v ->
        [0] no violations
        [one] 1 violation
       *[other] { $v } violations
    }{ $acknowledged }
verify-not-judged = , { $n } not judged
verify-shallow-boundary = { $commit }: { $label } (a shallow clone's boundary: its parents are not here; git fetch --unshallow)
not-judged = not judged
rolled-back-target-files = rolled back to { $target }: { $n ->
        [one] 1 file
       *[other] { $n } files
    } restored or removed [{ $commit }]
would-roll-back-target-files = would roll back to { $target }: { $n ->
        [one] 1 file
       *[other] { $n } files
    } would change { $rest }
alert = alert:
# What a dry run would write, aligned as the lines that report what was written.
would-create-path = would create { $path }
would-update-path = would update { $path }
would-install-path = would install { $path }
would-remove-path = would remove { $path }
would-add-to-hooks = would add    { $path } to { $tool }'s hooks
would-remove-from-hooks = would remove { $path } from { $tool }'s hooks
kept-aligned-path = kept         { $path }
kept-aligned-via = kept         { $path } (via { $tool })
absent-aligned-path = absent       { $path }
removed-hook-back = removed   { $path } (your hook is back)
# Failures of the command line itself.
cannot-run-why = cannot run: { $why }
cannot-write-file-why = cannot write { $file }: { $why }
cannot-remove-file-why = cannot remove { $file }: { $why }
cannot-find-binary-why = cannot find the git-orx binary: { $why }
not-empty-directory = { $path } is not an empty directory
temporary-directory-why = temporary directory: { $why }
cannot-listen-why = cannot listen: { $why }
payload-too-large = the payload is larger than { $max } bytes
cannot-start-executor-why = cannot start the executor: { $why }
waiting-for-executor-why = waiting for the executor: { $why }
executor-exited-status = the executor exited with status { $code }
current-directory-why = current directory: { $why }
cannot-read-stdin-why = cannot read standard input: { $why }
stuck-longer-than = stuck: longer than { $limit }
reason-without-force-measures-none = --reason without --force explains the open tasks of a move that measures them; { $from } -> { $to } measures none
item-text = { $item }: { $text }
force-human-only-role-cannot = --force is for the Human only; { $role } cannot override the rules
note-force-not-needed = { $note } --force was not needed: the move is allowed; the reason is kept as its note
state-for-time-since = { $state } for { $time } (since { $since })
state-change-not-committed = { $state } (its change of state is not committed)
not-stuck = not stuck
stay-verdict = {"  "}{ $stay } — { $verdict }
stories-in-dir = stories in { $dir }
stories-in-dir-from = { $stories } (from { $from }; files { $file }{ $sep }{ $preset })
path-restored-nothing-to-commit = { $path }: restored from { $from }; nothing to commit
loop-id = loop { $id }
loop-id-legacy = loop { $id } (legacy)
loop-valid-or-problems = { $loop }: { $n ->
        [0] valid
        [one] 1 problem
       *[other] { $n } problems
    }
stop-exit-loop-capped = stop_exit: loop { $id } reached its iteration cap and failed
stop-exit-loop-not-running = stop_exit: loop { $id } is not running; the skill stops
text-conflicts-edit-add = its text conflicts: edit { $path } and `git add` it
agent-paused-already = the agent is paused already
agent-not-paused-already = the agent is not paused already
once-committed-all-tasks-done = once this is committed, `git orx agent fire ALL_TASKS_DONE` ends the work if no task is left
item-would-keep-backup = { $item }: would keep backup { $name }
would-acknowledge-commit-by = would acknowledge { $commit } by { $who }: { $why }
dry-run-path-would-be-committed = (dry run: nothing written; { $path } would be committed)
shallow-clone-changes-not-here = this is a shallow clone: changes made before its oldest commits are not here (git fetch --unshallow)
pre-commit-framework-runs-old-copy = the pre-commit framework runs git-orx's { $name } shim as its { $name }.legacy hook, and the shim runs an old copy of the framework's script ({ $saved }): run `git orx hooks install` to repair this
warning = warning:
error-committing-as-human-unchecked = { $error }; committing as the Human without checks
prepare-commit-msg-needs-file = prepare-commit-msg needs the message file
could-not-name-merge-decisions = git-orx: could not name the merge rule's decisions: { $error }
could-not-add-trailers = git-orx: could not add the Orx-* trailers: { $error }
error-moving-ref-as-human-unchecked = { $error }; moving the ref as the Human without checks
lock-wait-bad-value = { $from } is `{ $value }`: give the seconds to wait for the repository lock, from 0 to 86400
command-or-leave-it = { $command } (or leave it as it is: { $skip })
command-or-fix-file = { $command } (or fix the file)
fix = fix:
problem = problem:
opener-could-not-open = { $opener } could not open { $path } ({ $status }); open the file in a browser
next-action-no-executor = { $item } ({ $state }): the next action is `{ $action }`, which no executor performs; `git orx run { $id }` takes it
by-executor = by `{ $exec }`
by-git-orx-itself = by git-orx itself (no executor)
next-action-what-how-role = { $item } ({ $state }): the next action is { $what }, { $how }, as { $role }
dry-run-nothing-run-written = (dry run: nothing run, nothing written)
kept-what-path-held = {"  "}kept what { $path } held (not committed) as backup { $backup }; `{ $again }` puts it back
would-keep-what-path-held = {"  "}would keep what { $path } held (not committed) as backup { $backup }; `{ $again }` puts it back
say-what-went-wrong = say what went wrong with -m MESSAGE
no-webhook-secret = no webhook secret: set ORX_WEBHOOK_SECRET or `git config orx.webhookSecret SECRET` (the secret the forge signs its webhooks with)
executor-killed-by-signal = the executor was killed by a signal
every-precondition-met = every precondition met
not-allowed = not allowed
n-preconditions-not-met = { $n ->
        [one] 1 precondition not met
       *[other] { $n } preconditions not met
    }
human-may-override-force = {"  "}a Human may override with --force --reason TEXT
commit-not-signed-flag = the commit is not signed (--require-signed)
refused-text = refused: { $text }
lefthook-config-not-running-flag = { $file } does not run git-orx: `git orx hooks install --lefthook` adds it
