# The English of git-orx's messages, by ID. The Chinese of each is in
# locales/zh/ under the same file name and ID.

next-commit-setup-then-create = Next: commit the setup, then create a story:
next-new-language-takes-effect = Next: the new language takes effect once committed, by the Human:
# The commit message and the example story's title `init` suggests, in
# the commands it prints to type (no quote in them).
init-setup-commit-message = Set up git-orx
init-example-title = Dark mode toggle
init-language-commit-message = git-orx: change the language
config-not-committed-until-rules = { $config } is not committed: until it is, the rules in force are the work tree's and a clone has none; commit it (git add .orx && git commit -m 'Set up git-orx')
no-items-waiting-role = No items are waiting for { $role }.
no-items-yet-create-one = No items yet. Create a { $kind } with: git orx new "Title" --as { $role }   ({ $dir }/)
nobody = nobody
paused = paused
agents = Agents
waits-role = (waits for { $role })
file-cannot-read-item-git = 1 file cannot be read as an item; `git orx check` lists every problem:
n-files-cannot-read-items = { $n } files cannot be read as items; `git orx check` lists every problem:
n-more = ... and { $n } more
stories-written-without-frontmatter-bmad = stories written without frontmatter (BMAD, Orchestrix): `git orx adopt --dry-run` shows how they would be taken in
nothing-do-among-items-could = Nothing to do among the items that could be read.
kind-counts = { $kind } ({ $n }): { $counts }
nothing-role-do = Nothing for { $role } to do.
nothing-do-no-open-items = Nothing to do: no open items.
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
fault-not-a-refusal = this is not a refusal by the rules: git or the file system failed, as said above; put that right and run the command again
item-move-not-committed = { $item } ({ $from } -> { $to }) was not committed
new-item-not-committed = the new { $item } (in { $to }) was not committed
internal-fault-not-a-refusal = this is not a refusal by the rules: git-orx itself failed, as said above; run the command again, and report it to git-orx's maintainers if it fails the same way
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
argument-not-utf8 = invalid UTF-8 was detected in one or more arguments
command-line-incomplete-see-help = the command line is incomplete: `--help` says what the command takes
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
cannot-find-binary-why = cannot find the git-orx binary
cannot-set-path-children = cannot give the demo's commands a PATH
cannot-write-completion-script = cannot write the completion script
not-empty-directory = { $path } is not an empty directory
temporary-directory-why = cannot make a temporary directory
cannot-listen-why = cannot listen
payload-too-large = the payload is larger than { $max } bytes
cannot-start-executor-why = cannot start the executor: { $why }
waiting-for-executor-why = waiting for the executor: { $why }
executor-exited-status = the executor exited with status { $code }
current-directory-why = cannot read the current directory
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
would-change = would change
dry-run-nothing-written = (dry run: nothing written)
item-waits-waiting-not-state = { $item } waits for { $waiting } (not { $state } yet)
quality-check-structure-structure-technical = quality check: structure { $structure }, technical extraction { $extraction }, score { $score }, complexity: { $complexity }
quality-check-structure-structure-technical-2 = quality check: structure { $structure }, technical extraction { $extraction }, score { $score }, complexity: { $complexity }, the Architect's review asked for
v-overriding-measured-measured = { $v }% (overriding the measured { $measured }%)
missing-text = {"  "}missing: { $text }
text-suggests-complexity-indicators-list = {"  "}the text suggests complexity indicators: { $list }; give them with --complexity if they apply
not-state = {"  "}not { $state }:
score-must-not-v = --score must be from 0 to 10, not { $v }
flag-must-percentage-not-v = { $flag } must be a percentage from 0 to 100, not { $v }
qa-gate-round-n-passed = QA gate, round { $n }: passed
qa-gate-round-n-failed = QA gate, round { $n }: failed
architect-review-round-n-passed = Architect review, round { $n }: passed
architect-review-round-n-failed = Architect review, round { $n }: failed
failed-exit-code = failed (exit { $code })
cannot-run-e = cannot run it: { $e }
all-n-checks-passed = all { $n } checks passed
k-n-checks-failed = { $k } of { $n } checks failed
agent-name-still-state-nothing = agent { $name }: still { $state }; nothing to record
gate-file-path-verdict = {"  "}gate file: { $path } ({ $verdict })
no-move-fits-role-s = no move fits { $role }'s round { $n } ({ $text }): the findings are recorded and the story stays in { $state }
architect-s-gate-needs-score = the Architect's gate needs --score (0-10); nothing was recorded
qa-s-gate-needs-criteria = QA's gate needs --criteria-met or --criteria-failed: say whether every acceptance criterion is met; nothing was recorded
git-orx-gate-architect-architect = `git orx story gate` is for the Architect (--as architect) or QA (--as qa), not { $role }
low-criteria-qa-s-gate = --low and --criteria-* are for QA's gate; the Architect counts Minor issues (--minor)
score-minor-architect-s-gate = --score and --minor are for the Architect's gate; QA counts Low issues (--low)
only-architect-escalates-escalate-after = only the Architect escalates (--escalate); after QA's last failing round the Human decides anyway
item-already-state-nothing-do = { $item } is already { $state }: nothing to do
state-not-state-kind-id = `{ $state }` is not a state of { $kind } { $id }'s workflow; did you mean { $guess }?
state-not-state-kind-id-2 = `{ $state }` is not a state of { $kind } { $id }'s workflow
action-applies-kinds-states-item = { $action } applies to { PLURAL($kind) } in { $states }; { $item } is { $state }
why = {"  "}- to { $to }: { $why }
no-role-say-who-acting = no role: say who is acting with --as ROLE, ORX_ROLE=ROLE or `git config orx.role ROLE` (roles: { $roles })
unknown-role-role-did-you = unknown role `{ $role }` (from { $from }); did you mean { $guess }?
unknown-role-role = unknown role `{ $role }` (from { $from })
roles-roles = roles: { $roles }
no-schema-name-schemas-list = no schema `{ $name }` (schemas: { $list })
no-schema-name-did-you = no schema `{ $name }`; did you mean { $guess }? (schemas: { $list })
mcp-server-stopped-why = the MCP server stopped
cannot-start-server-why = cannot start the server
cannot-listen-addr-why = cannot listen on { $addr }
listening-addr = listening on { $addr }
board-url = board: { $url }
read-only-start-write-move = read-only: start it with --write to move items from the page
board-read-only-start-write = the board is read-only: start it with --write to move items
no-valid-write-token-open = no valid write token: open the address the board printed
board-answers-only-address-printed = the board answers only to the address it printed
move-json-kind-id-role = a move is JSON with kind, id, to and role
who-may-not-act-role = { $who } may not act as { $role } here (the identities of .orx/config.yaml); its roles: { $roles }
cannot-make-write-token-why = cannot make the write token
cannot-read-move = cannot read the move
git-user = the git user
no-item-given = no item given
move-failed = the move failed
board-failed = the board failed
report-failed = the report failed
not-found = not found
method-not-allowed = method not allowed
cannot-read-payload-why = cannot read the payload: { $why }
only-human-may-acknowledge-violation = only the Human may acknowledge a violation, not { $role } (--as human)
cannot-verify-range-why-give = cannot verify `{ $range }`: { $why }; give commits as git rev-list takes them (origin/main..HEAD, ^A B)
range-symmetric-range-which-verify = `{ $range }` is a symmetric range, which verify does not take
path-exists-already-not-committed = { $path } exists already (not committed?); remove it or choose another name
no-completion-shell = no completion for `{ $shell }`
kept-before-write = (kept before a write)
error-count-limit = error { $count } of { $limit }
error-count = error { $count }
n-triggers-lead-triggers-fire = { $n } triggers lead from { $from } to { $to }: { $triggers }; fire one with `git orx agent fire TRIGGER`
answer-gives-least-one-four-2 = an answer gives at least one of its four dimensions (--position, --proposal, --claim, --risk), or --no-reply; nothing was recorded
say-which-changes-requested-m = say which changes are requested with -m TEXT
say-what-plan-must-change = say what the plan must change with -m TEXT
say-whom-goal-assigned-assignee = say whom the goal is assigned to with --assignee ROLE (or decide `broadcast`)
unknown-kind-kind-kinds-list = unknown kind `{ $kind }` (kinds: { $list }); make one with `git orx kind new NAME --from KIND`
name-made-work-tree-there = { $name } was made in the work tree { $there }, not this one ({ $here }); roll back there, or pass --any-worktree
cannot-evaluated-text = {" "}(cannot be evaluated: { $text })
action-text = {"  "}- { $action } ({ $text })
there-no-agent-name-path = there is no agent `{ $name }` ({ $path }); create it with `git orx agent init{ $flag } --as human`
rolled-back-file-restored-removed = rolled back: 1 file restored or removed [{ $commit }]
rolled-back-n-files-restored = rolled back: { $n } files restored or removed [{ $commit }]
state-before-saved-name-git = {"  "}the state before is saved as { $name }: `git orx rollback { $name2 } --yes --as { $role }` undoes this
state-before-saved-name-git-2 = the state before is saved as { $name }: `git orx rollback { $name2 } --yes --as { $role }` undoes this
goal-id-who-s-plan-2 = Goal { $id }: { $who }'s plan waits for your check: `git orx goal plan { $id2 } --approve` or `--reject -m "..."`
goal-id-assigned-you-write-2 = Goal { $id } is assigned to you: write a plan (`git orx goal discuss { $id2 } --proposal ...`); the reviewer checks it, then claim tasks (`git orx goal claim { $id3 } "..."`)
goal-id-reviewer-approved-your = Goal { $id }: the reviewer approved your plan; claim its tasks (`git orx goal claim { $id2 } "..."`)
goal-id-round-round-waits-2 = Goal { $id } (round { $round }) waits for your answer: `git orx goal discuss { $id2 } --position ... --proposal ... --claim ... --risk ...` (or --no-reply); claim a task with `git orx goal claim { $id3 } "..."`
pause-exit-loop-id-paused = pause_exit: loop { $id } is paused; the skill waits for `git orx loop resume { $id2 }`
invalid-digit-found-string = invalid digit found in string
cannot-parse-integer-empty-string = cannot parse integer from empty string
number-too-large-fit-target = number too large to fit in target type
label-state-came-commit-which = { $label } this state came from { $commit }, which verify rejects ({ $rules }); `git orx verify { $commit }~1..{ $commit }` tells why
nobody-terminal = nobody (terminal)
allowed-role = allowed as { $role }
not-allowed-role = not allowed as { $role }
outcome-trigger = {" "}(an outcome of `{ $trigger }`)
file-path-2 = {"  "}file:   { $path }
status-state-owner-role = {"  "}status: { $state } (owner: { $role })
next-text = {"  "}next:   { $text }
agent-id-acts-role = agent { $id } — acts as { $role }
state-state-waits-role = {"  "}state:       { $state } (waits for { $role })
next-text-2 = {"  "}next:        { $text }
session-id = {"  "}session:     { $id }
requirement-text = {"  "}requirement: { $text }
tasks-done-total-done-skipped = {"  "}tasks:       { $done } of { $total } done or skipped
auto-fix-n-max-attempts = {"  "}auto-fix:    { $n } of { $max } attempts failed
checkpoint-none-yet = {"  "}checkpoint:  none yet
checkpoint-name = {"  "}checkpoint:  { $name }
last-check-passed-rest = {"  "}last check:  passed at { $rest }
last-check-failed-rest = {"  "}last check:  failed at { $rest }
allowed-while-state-2 = Allowed while { $state }:
triggers-state = Triggers from { $state }:
nothing-dispatch = Nothing to dispatch.
notice-item-git-orx-goal = { $notice } { $item } -> { $to }: `git orx goal prompt { $id } --role { $role }`
notice-item = { $notice } { $item } -> { $to }:
notice-item-text = { $notice } { $item } -> { $to }: { $text }
left-out-busy-agents = {"  "}left out, busy: { $agents }
idle-agents-agents = idle agents: { $agents }
idle-agents-none = idle agents: none
tick-failed-error = tick failed: { $error }
item-backup-name-kept-commit = { $item }: backup { $name } kept [{ $commit }] (`git orx restore { $id } --to { $to }` goes back)
item-has-no-backups-yet = { $item } has no backups yet (`git orx backup { $id } --name NAME` keeps one; every update keeps one)
path-restored-dry-run-nothing = { $path }: restored from { $from } (dry run: nothing written)
path-could-not-read-item = { $path } could not be read as an item; it is restored from { $from }
error-n-limit-recorded-limit = {"  "}error { $n } of { $limit } recorded: the limit is reached
error-n-limit-recorded = {"  "}error { $n } of { $limit } recorded
error-n-recorded = {"  "}error { $n } recorded
wrote-path = wrote { $path }
item-s-id-changes-only = an item's ID changes only by the Human: run it with --as human
would-renumber-what = would renumber { $what }
name-id-paths = {"  "}and name { $id } in { $paths }
named-id-paths = {"  "}and named { $id } in { $paths }
renumbered-what-commit = renumbered { $what } [{ $commit }]
renumbered-what-merge-staged-merge = renumbered { $what } in the merge, staged; the merge is not committed yet:
fix-what-names-next-renumber = Fix what it names (the next renumber commits the merge, naming this one too), or end the merge with `git commit`.
note-merge-driver-does-not = { $note } the merge driver does not cover every kind's items (a kind was added since it was set up): `git orx hooks install` updates it
missing-item-files-merge-plain = missing: item files merge as plain text; run `git orx hooks install`
outdated-kind-s-items-merge = outdated: a kind's items merge as plain text; run `git orx hooks install`
note-clone-has-no-merge = { $note } this clone has no merge driver for item files: a merge of two branches that changed one item stops on text conflicts; `git orx hooks install` sets it up
resolved-item-path-staged-git = resolved { $item }: { $path } (staged); `git commit` ends the merge
resolved-item-path-staged-git-2 = resolved { $item }: { $path } (staged); `git rebase --continue` goes on with the rebase
resolved-item-path-staged-git-3 = resolved { $item }: { $path } (staged); `git cherry-pick --continue` goes on with the cherry-pick
resolved-item-path-staged-git-4 = resolved { $item }: { $path } (staged); `git revert --continue` goes on with the revert
item-still-conflicts-nothing-written = { $item } still conflicts; nothing was written:
no-items-any-branch = No items on any branch.
n-items-b-branches-d = { $n } items on { $b } branches: { $d } with states that differ, { $p } not on every branch
no-item-has-been-one = No item has been in one state for more than { $limit } ({ $n } open).
n-total-open-items-one = { $n } of { $total } open items in one state for more than { $limit } (doctor.stuck_after_hours):
recent-refusals = {"  "}recent refusals:
no-refusals-logged = {"  "}no refusals logged
moves-state = {"  "}moves from { $state }:
responsible-nobody-terminal = {"  "}responsible: nobody (terminal)
next-text-3 = {"  "}next: { $text }
check-text = {"  "}check: { $text }
n-items-changed-kind = { $n ->
    [one] 1 item changed
   *[other] { $n } items changed
} ({ $kind })
lifecycle-mean-median-p90 = Lifecycle (mean / median / p90)
review-efficiency = Review efficiency
agent-performance = Agent performance
no-alerts = No alerts.
rest-already-item = {"  "}{ $rest }  (already an item)
adopt-status-found = "{ $value }" ({ $form })
adopt-status-found-at-line = "{ $value }" ({ $form }, line { $line })
adopt-no-status = no status
roll-work-tree-back-target = Roll the work tree back to { $target }? Every file but the story and context files becomes as it was then; the current state is saved first. [y/N]{" "}
cycle-time-v = {"  "}cycle time           { $v }
throughput-v = {"  "}throughput           { $v }
mean-quality-score-v = {"  "}mean quality score         { $v }
structure-pass-rate-v = {"  "}structure pass rate        { $v }
mean-review-rounds-architect-qa = {"  "}mean review rounds         Architect { $a }, QA { $q }
auto-approval-rate-v = {"  "}auto-approval rate         { $v }
escalation-rate-v = {"  "}escalation rate            { $v }
sm-revision-success-rate-v = {"  "}SM revision success rate   { $v }
dev-first-pass-rate-v = {"  "}Dev first-pass rate        { $v }
cannot-start-program-open-path = cannot start { $program } to open { $path }: { $why }; open the file in a browser
git-orx-demo-story-lifecycle = git-orx demo: the story lifecycle and an agent's session, run for real
sample-repository-path = sample repository: { $path }
repository-kept-path-try-git = The repository is kept at { $path } (try `git log` there).
temporary-repository-removed-run-git = The temporary repository was removed; run `git orx demo --keep` to explore it.
last-change-commit-subject = Last change: { $commit } { $subject }
different-items-files-merging-them = {" "}← different items in { $files }: merging them needs `git orx renumber`
n-ids-taken-different-items = { $n } IDs taken by different items on different branches
item-state-o-here-t = { $item }: the state is { $o } in { $here } and { $t } in { $there }; choose one with `git orx resolve { $id } --state { $o }` (or `--state { $t }`)
item-field-o-here-t = { $item }: `{ $field }` is { $o } in { $here } and { $t } in { $there }; keep one with `git orx resolve { $id } --ours` (or `--theirs`), or edit { $path } and `git add` it
item-text-conflicts-edit-path = { $item }: its text conflicts; edit { $path } and `git add` it
item-state-o-here-t-2 = { $item }: the state is { $o } in { $here } and { $t } in { $there }; the workflow's merge rule ({ $rule }) gives { $state }
repository-path-try-git-log = The repository is at { $path } (try `git log` there).
next-tutorial-docs-tutorial-md = Next: the tutorial (docs/tutorial.md in git-orx's source, or `mdbook serve` there) does the same in a repository of your own, step by step; `git orx -h` lists the commands.
demo-step-went-wrong-text = demo step went wrong: { $text }
set-up = Set up
scenario-high-quality-story-approved = Scenario 1: a high-quality story is approved directly
scenario-story-needs-architect = Scenario 2: a story that needs the Architect
scenario-story-needs-revision = Scenario 3: a story that needs revision
scenario-qa-finds-problems = Scenario 4: QA finds problems
scenario-complex-problem-escalated = Scenario 5: a complex problem is escalated
agent-s-session-checks-circuit = An agent's session: checks, the circuit breaker, rollback
where-things-stand = Where things stand
sm-writes-story-path-how = The SM writes the story in { $path } ({ $how }; here, sample text).
every-section-each-dev-notes = every section, each Dev Notes item with its source
every-section-but-no-sources = every section, but no sources
quality-check-measures-structure-technical = The quality check measures structure and technical extraction in the story itself;
sm-gives-technical-score-complexity = the SM gives the technical score (8.5) and the complexity indicators (none).
dev-implements-qa-s-gate = Dev implements it; QA's gate (round 1: every criterion met, no Critical or High) passes.
done-terminal-nothing-may-leave = Done is terminal: nothing may leave it.
score-one-complexity-indicator-architect = Score 7.0 with one complexity indicator: the Architect must review it.
dev-may-not-touch-while = Dev may not touch it while it waits for the Architect.
architect-s-review-score-no = The Architect's review: score 8/10, no Critical issue, so it passes.
dev-notes-cite-no-sources = The Dev Notes cite no sources and the score is 5.0: Blocked, with what is missing.
approving-hand-refused-every-condition = Approving it by hand is refused, with every condition it misses.
revised-sources-cited-score-but = Revised: sources cited, score 8.0 but two complexity indicators, so the Architect reviews it.
review-found-only-minor-issues = The review found only Minor issues and the score rises from 6 to 8.5: auto-approval.
round-strict-issues-them-high = Round 1 is strict: 4 issues, 2 of them High, so it goes back to Dev.
round-moderate-issues-down-no = Round 2 is moderate: issues down from 4 to 2 (50%), no High: Done.
only-human-decides-now-awaitingarchreview = Only the Human decides now: AwaitingArchReview, Approved or Blocked.
checks-git-orx-agent-check = The checks `git orx agent check` runs are configured, and committed by the Human.
user-says-go-checkpoint-work = The user says Go: a checkpoint of the work tree is made.
no-new-requirement-while-executing = No new requirement while EXECUTING.
agent-breaks-build-each-failing = The agent breaks the build; each failing check counts, the third fix that fails trips the breaker.
human-rolls-work-back-checkpoint = The Human rolls the work back to the checkpoint; the agent is IDLE again, its session archived and cleared.
all-tasks-tests-done = all tasks and tests done
pagination-contract-unclear = pagination contract unclear
fixed-high-issues = fixed the High issues
needs-decision-consistency-vs-availability = needs a decision on consistency vs availability
accept-eventual-consistency = accept eventual consistency
implement-story = implement story 1.3
export-endpoint = export endpoint
import-too = and an import too
created-path = created   { $path }
updated-path = updated   { $path }
kept-path = kept      { $path }
installed-path = installed { $path }
removed-path = removed   { $path }
absent-path = absent    { $path }
added-what-path = added     { $what } to { $path }
repaired-path-what = repaired  { $path }: { $what }
hooks-directory-path = hooks directory: { $path }
installed = installed
missing-run-git-orx-hooks = missing: run `git orx hooks install`
outdated-run-git-orx-hooks = outdated: run `git orx hooks install`
installed-runs-your-saved-first = installed (runs your { $saved } first)
via-tool-file = via { $tool }: { $file }
not-run-tool-why = not run by { $tool }: { $why }
not-installed-hook-yours-there = not installed (a hook of yours is there; `git orx hooks install` keeps it)
hooks-directory-path-tool-manages = hooks directory: { $path } ({ $tool } manages it)
kept-name-file = kept      { $name } (in { $file })
removed-name-file = removed   { $name } from { $file }
not-run-name-why = not run   { $name }: { $why }
missing-give-repository-own-hooks = missing: give this repository its own hooks directory (`git config --local core.hooksPath ...`), or `git orx hooks install --hooks-outside-repo`
checkpoint-name-2 = checkpoint { $name }
no-checkpoints-yet-git-orx = No checkpoints yet (`git orx checkpoint` makes one).
same-head = {"  "}same as HEAD
nothing-changed-2 = Nothing was changed.
rolling-back-target-replaces-files = rolling back to { $target } replaces files in the work tree; confirm with --yes (nothing was changed)
agent-id-records-no-checkpoint = agent { $id } records no checkpoint; name one (`git orx checkpoints` lists them)
restore-path = {"  "}restore { $path }
remove-path = {"  "}remove  { $path }
create-path = {"  "}create  { $path }
binary-file-differs = binary file differs
name-checkpoint-roll-back-git = name the checkpoint to roll back to: `git orx rollback CHECKPOINT` ({ $n } here: { $names }; the newest is { $last }); no agent records one
there-no-checkpoint-roll-back = there is no checkpoint to roll back to (`git orx checkpoint` makes one), and no agent records one
text-history-not-rewritten-fix = { $text } history is not rewritten: fix forward with a new commit (`git orx move` puts an item where the rules allow), then the Human accepts the commit's violations: `git orx acknowledge COMMIT --reason TEXT --as human` (docs/enforcement.md: When verify fails)
acknowledged-who-why = {"    "}acknowledged by { $who }: { $why }
k-acknowledged = , { $k } acknowledged
rest-rule-acknowledged = { $rest }: { $rule } (acknowledged)
k-repaired = , { $k } repaired
rest-rule-repaired-commit = { $rest }: { $rule } (repaired by { $commit })
no-transitions-history-yet = No transitions in history yet.
no-transitions-id-history = No transitions of { $id } in history.
acknowledged-commit-who-why-rest = acknowledged { $commit } by { $who }: { $why } { $rest }
next-git-orx-status-git = Next: git orx status   (and `git orx hooks status`: the hooks keep the rules from now on)
nothing-written-plan-adopt-text = Nothing was written (a plan). Adopt with: { $text }
n-adopt-m-fix-left = { $n } to adopt, { $m } to fix (left as they are), { $k } left out
nothing-adopt-every-story-item = nothing to adopt: every story is an item already
error-nothing-written-text-fix = error: nothing was written: { $text }; fix them as shown above, then run it again
no-story-can-adopted = no story can be adopted as it is
some-stories-cannot-adopted-they-2 = some stories cannot be adopted as they are (--all-or-nothing)
error-no-story-files-found = error: no story files found; searched: { $text }
say-where-stories-git-orx = {"  "}say where the stories are: git orx adopt --dir DIR --dry-run
n-left-they-were-fix = { $n } left as they were: fix them as shown above, then: { $text }
left-out-path-text = {"  "}left out { $path }: { $text }
adopted-n-story-commit = adopted { $n } story [{ $commit }]
adopted-n-stories-commit = adopted { $n } stories [{ $commit }]
writes-path = {"  "}writes { $path }
id-dots-written-sep = , ID dots written as `{ $sep }`
preset-name = , preset { $name }
moves-state-2 = Moves from { $state }:
no-moves-state-terminal = No moves from { $state }: it is terminal.
rollback-id = rollback to { $id }
edit-state = edit in { $state }
adopted-state = (adopted) -> { $state }
still-state = still { $state }
deleted = (deleted)
overridewhat-reason = {"    "}override{ $what }: { $reason }
work-tree-path = {" "}(work tree { $path })
name-time-base-message = { $name } { $time } on { $base } { $message }
n-more-2 = , and { $n } more
file-differs-head-filesmore = {"  "}1 file differs from HEAD: { $files }{ $more }
n-files-differ-head-filesmore = {"  "}{ $n } files differ from HEAD: { $files }{ $more }
unknown-kind-name-guess = unknown kind `{ $name }` (from --from){ $guess }
dir-holds-other-items-give = { $dir } holds the `{ $other }` items; give the new kind its own directory with --dir
undo-rollback-git-orx-rollback = undo the rollback with `git orx rollback { $name } --yes`, or record the transition again
refused-git-orx-found-rule = refused: git-orx found 1 rule broken by this commit
refused-git-orx-found-n = refused: git-orx found { $n } rules broken by this commit
refused-git-orx-found-rule-2 = refused: git-orx found 1 rule broken by the commit this would put on the branch
refused-git-orx-found-rule-3 = refused: git-orx found 1 rule broken by the commits this would put on the branch
refused-git-orx-found-n-2 = refused: git-orx found { $n } rules broken by the commit this would put on the branch
refused-git-orx-found-n-3 = refused: git-orx found { $n } rules broken by the commits this would put on the branch
fix-files-commit-responsible-role = fix the files, or commit as the responsible role (ORX_ROLE=ROLE git commit ...); the Human may override with ORX_ROLE=human ORX_FORCE_REASON="why"
fix-files-human-may-override = fix the files; the Human may override with ORX_ROLE=human ORX_FORCE_REASON="why"
fix-files-commit-responsible-role-2 = fix the files, or commit as the responsible role (ORX_ROLE=ROLE git commit ...){ $why }
fix-fileswhy = fix the files{ $why }
change-state-git-orx-move = {" "}(change a state with `git orx move`, which keeps the body's status in step)
file-cannot-read-has-no = {" "}(a file that cannot be read has no override; stories written without frontmatter are taken in with `git orx adopt`)
file-cannot-read-has-no-2 = {" "}(a file that cannot be read has no override)
n-more-git-orx-verify = {"  "}... and { $n } more (`git orx verify` lists them all)
ref-update-brings-commits-no = this ref update brings commits no pre-commit or pre-merge-commit check passed (cherry-pick, revert, am, rebase, a fast-forward, reset or update-ref to a new commit): abort the operation if one is under way (git cherry-pick --abort, git rebase --abort, git am --abort; after a revert, git reset --merge), then make the change with `git orx move` or as the responsible role (ORX_ROLE=ROLE)
install-there-anyway-every-repository = to install there anyway, for every repository using it: add --hooks-outside-repo
item-path-not-committed-yet = { $item } ({ $path }) is not committed yet; commit it first (`git orx new` commits unless --no-commit)
work-tree-head-were-put = the work tree and HEAD were put back as they were (the state before is also saved as { $name }: `git orx rollback { $name2 } --yes` would restore it)
your-work-saved-name-git = your work is saved as { $name }: `git orx rollback { $name2 } --yes` restores it
name-path-not-readable-either = { $name } of { $path } is not readable either ({ $text }); choose another with --to
path-error = { $path }: { $error }
map-write-from-to = --map { $value }: write FROM=TO, e.g. --map Postponed=Draft
no-checks-to-run = no checks to run: list them under `checks:` in .orx/config.yaml (e.g. `- cargo test`)
board-failed-unexpectedly = the board failed unexpectedly
unknown-hook = unknown hook `{ $hook }`
reference-transaction-input = cannot read the reference-transaction input
flag-needs-date = { $flag } needs a date (2026-01-31, yesterday, "2 weeks ago")
cannot-run-tests = cannot run the tests (`{ $command }`)
junit-written-by = { $file } (written by `{ $command }`): { $error }
flag-value-error = { $flag } { $value }: { $error }
input-not-json-object = --input { $value }: not a JSON object
cannot-find-self = cannot find git-orx itself
force-needs-reason = --force needs a non-empty --reason
open-needs-file = --open needs a file: give --html FILE, or leave --html out
file-not-json = { $file } is not JSON: { $error }
no-trailers-added = no Orx-* trailers added: { $error }
cannot-run-git-orx = cannot run git-orx
git-orx-printed-no-json = git orx { $args } printed no JSON
command-did-not-finish = the command did not finish: { $error }

## `git orx -h`: the commands grouped by task
overview-intro = git orx keeps AI agents' work state in the repository; git enforces its rules.
overview-usage = Usage:
overview-more =
    `git orx COMMAND -h` shows a command's options, `git orx --help` every
    command in detail, `man git-orx` the manual.
overview-group-items-of-every-kind = Items of every kind
overview-command-new = Create an item in its workflow's first state
overview-command-status = Items by state, whom each waits for, the next step
overview-command-next = What each role should do now
overview-command-show = One item: its state and every move it allows
overview-command-move = Move an item to another state, as a role
overview-command-update = Change an item's fields
overview-command-check = Every problem in the item files and the rules
overview-command-doctor = Why items are not moving
overview-command-board = A live board of the items in the browser
overview-command-kind = Make a team's own kind of item
overview-command-resolve = Settle an item a merge left in conflict
overview-command-renumber = Give an item a new ID after two branches took one
overview-group-stories = Stories
overview-command-story-assess = Record the SM's quality check and move the story
overview-command-story-gate = Record an Architect review or a QA gate
overview-command-adopt = Take in a BMAD or Orchestrix project's stories
overview-group-agents-and-checkpoints = Agents and checkpoints
overview-command-agent = An agent's lifecycle: triggers, checks, context
overview-command-checkpoint = Save the work tree as a checkpoint
overview-command-checkpoints = List the checkpoints
overview-command-rollback = Put the work tree back to a checkpoint
overview-group-loops-and-code-reviews = Loops and code reviews
overview-command-loop = Development loops: develop, debug, validate
overview-command-review = Start a code review, print its report
overview-command-run = Run an item's actions with an executor
overview-command-prompt = Print the prompt of an item's next action
overview-command-error = Record an error of an item's action
overview-group-goals-and-tasks = Goals and tasks
overview-command-goal = Goals the team discusses and splits into tasks
overview-command-goal-discuss = Answer a goal's discussion
overview-command-goal-claim = Claim a task of a goal's round
overview-command-goal-tick = Close merged tasks, route goals, end discussions
overview-command-task = A task's steps: start, submit, verdict, checks
overview-command-event = Apply one forge webhook payload
overview-command-serve = Receive forge webhooks over HTTP
overview-group-history = History
overview-command-log = The audit trail: who moved what, when, why
overview-command-history = One item's states over time
overview-command-metrics = How the process performs
overview-command-report = The process report as one HTML page
overview-command-verify = Judge a range of commits, for CI and servers
overview-command-acknowledge = The Human accepts a past commit's violations
overview-command-backup = Keep a backup of an item
overview-command-backups = List an item's backups
overview-command-restore = Bring an item back to a backup
overview-group-setup-and-tools = Setup and tools
overview-command-init = Set this repository up for git-orx
overview-command-hooks = Install, remove or inspect the git hooks
overview-command-demo = Walk a sample repository through the lifecycles
overview-command-schema = The JSON Schema of a command's output
overview-command-mcp = Serve the commands to an agent over MCP
overview-command-agents-md = Print how an agent works here, for AGENTS.md
overview-command-completions = Print a shell's completion script
resolve-state-conflicts = the state: { $ours } (ours) or { $theirs } (theirs): give --state
resolve-value-conflicts = `{ $field }`: { $ours } (ours) or { $theirs } (theirs): give --ours or --theirs
assess-reason-without-override-flags = --reason explains an override of the measured --structure or --extraction; give one, or leave --reason out
assess-override-without-reason-flags = --structure and --extraction override what git-orx measures in the story; say why with --reason TEXT (it is recorded)
reading-history-progress = reading history: { $read }/{ $total } commits
demo-exit-code = (exit { $code })
demo-command-exited-unexpectedly = `{ $command }` exited { $code }, expected { $expect }
demo-story-not-found-to-write = story { $id } was not found to write
demo-not-a-story-file = { $path } is not a story file
demo-text-not-in-config = `{ $text }` is not in .orx/config.yaml
show-qa-gate = {"  "}QA gate: { $gate } ({ $path })
show-qa-gate-reason = {"  "}QA gate: { $gate } ({ $path }): { $reason }
cannot-write-the-output = error: cannot write the output: { $error }
status-in-worktree = {" "}(worktree { $worktree })
status-states-differ = {" "}← states differ
status-not-on-every-branch = {" "}← not on every branch
# `metrics`: the items of a kind stuck now, as `doctor` judges them.
stuck-n = {"  "}stuck now            { $n }
stuck-item-state-for = {"    "}{ $id }  { $state } for { $time } (since { $since })
stuck-n-more = {"    "}… and { $n } more (`git orx doctor` lists them)
