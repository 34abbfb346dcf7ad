# The English of git-orx's library messages, by ID (kinds). The Chinese of
# each is in locales/zh/ under the same file name and ID.


## The story's assessment

assess-unknown-complexity-indicator = unknown complexity indicator `{ $indicator }` (known: { $known })
assess-percentage-out-of-range = the { $what } must be a percentage from 0 to 100, not { $v }
assess-structure = structure
assess-extraction = extraction
assess-reason-without-override = a reason explains an override of the measured structure or extraction; give one, or leave the reason out
assess-override-without-reason = a structure or extraction given overrides what git-orx measures in the story; say why with a reason (it is recorded)
assess-unknown-severity = unknown severity `{ $name }` (known: { $list })

## Any kind's

# A file and what went wrong with it (another layer's or the system's words).
kinds-path-error = { $path }: { $error }
kinds-no-next-id = cannot choose the next `{ $kind }` ID
kinds-no-one = no one
kinds-no-branch = no branch
kinds-the-human = the Human

## Loops

# A loop workflow's `run:` section could not be evaluated.
loop-workflow-run-error = { $name }: `run`: { $error }
# What a loop's recovery took back, and from where.
loop-recovered-own-fields = the loop's own fields, from commit { $commit } (the last valid version)
loop-recovered-untracked = skill_state's { $fields } from commit { $commit } (no progress file holds them; later changes are lost)
loop-recovered-phase = skill_state.{ $phase }, from { $file }
loop-recovered-tasks = skill_state.develop.tasks, from { $tasks } (as pending: { $file } is missing)
# What it could not.
loop-lost-untracked = skill_state.{ $field } (no valid commit holds it)
loop-lost-task-progress = the tasks' progress (develop.md is missing)
loop-lost-phase-since = skill_state.{ $phase } since commit { $commit } ({ $file } is missing or unreadable)
loop-lost-phase = skill_state.{ $phase } ({ $file } is missing or unreadable)

## Goals, tasks and discussions

goal-not-a-type = `{ $kind }` is not a type (letters, digits, `-`)
# Pieces of a goal's prompt, in the repository's language.
prompt-no-answers-yet = (none yet)
prompt-deliverable-task = {"-"} { $id } { $title } ({ $state }, { $assignee }):
prompt-deliverable-commit = {"  - "}commit { $commit }
prompt-deliverable-files = {"  - "}files: { $files }
goal-review-needs-note = say which changes are requested (a note)
goal-plan-rejection-needs-note = say what the plan must change (a note)
goal-decision-needs-assignee = say whom the goal is assigned to: an assignee (or decide `broadcast`)

## The ticker's and the forge events' notes

tick-not-on-main-line = tasks are closed on the main line ({ $main }); HEAD is on { $head }: no merge is looked for here
tick-merged-not-closed = { $task } is merged ({ $commit }) but is { $state }, which a merge does not close; start it first
forge-not-applied = not applied: { $error }
forge-depends-on-no-task = issue #{ $n } depends on #{ $m }, which is no task here
forge-goal-routed-once-made = goal { $id } is routed once it is made
forge-comment-not-in-team = a comment on #{ $n } by someone not in the team; ignored
forge-pull-request-task-waits = pull request #{ $n }: { $task } waits for { $waiting }, which is not done yet; it stays { $state }
forge-new-commits-task-stays = new commits on { $task }'s pull request #{ $n }; { $id } stays { $state }
forge-merge-not-here-yet = pull request #{ $n } was merged as { $sha }, which is not here yet: fetch the main line, then `git orx goal tick`
forge-merged-not-closed = { $task } was merged but is { $state }, which a merge does not close
forge-closed-without-merging = pull request #{ $n } was closed without merging; { $task } stays { $state }
forge-pull-request-action-ignored = pull_request/{ $action } on #{ $n } ignored
forge-check-not-completed = a check that has not completed; ignored
forge-check-state-ignored = a check `{ $state }`; ignored
forge-check-no-task = a check on { $branch }: no task lives on that branch; ignored
forge-check-on-task = check { $name } on { $task }: { $text }
forge-review-no-task = a review on { $branch }: no task lives on that branch; ignored
forge-review-without-verdict = a review of { $task } without a verdict ({ $verdict }); ignored

## The story's metrics

# What to look at when an alert fires.
metrics-advice-review-rounds = the decision matrix thresholds; whether the quality standards are too strict; the most common issue types (improve the story template); the agents' training
metrics-advice-auto-approval = the quality standards; the decision matrix thresholds; the quality assessment; the story template and its guidance
metrics-advice-escalation = the workflow and the agents' training
score-must-not-v-2 = the score must be from 0 to 10, not { $v }
unknown-decision-decision-decisions-list = unknown decision `{ $decision }` (decisions: { $list })
unknown-action-action-actions-list = unknown action `{ $action }` (actions: { $list })
path-valid-there-nothing-recover = { $path } is valid: there is nothing to recover (`git orx loop validate { $id }`)
loop-s-iteration-cap-least = a loop's iteration cap is at least 1
loop-s-title-one-line = a loop's title is one line, not empty
task-one-line-text = a task is one line of text
title-one-line-characters = a title is one line of 1 to 200 characters
answer-gives-least-one-four = an answer gives at least one of its four dimensions (position, proposal, claim, risk), or says NO_REPLY
debug-records-hypotheses-give-hypotheses = debug records its hypotheses: give `hypotheses` (a list) in the input
every-task-already-done-skipped = every task is already done or skipped
give-what-review-commit-range = give what to review: a commit range (A..B), a branch or paths
loop-id-legacy-loop-path = loop `{ $id }` is a legacy loop ({ $path }): git-orx reads it but does not change it
loop-id-created-init-comes = loop `{ $id }` is created: `init` comes before `{ $action }`
no-kind-kind-here = no `{ $kind }` kind here
no-gate-kind-state-leads = no gate of { $kind } from { $state } leads to the Human; escalating is for a gate that can
who-may-not-reject-plan = { $who } may not reject the plan of { $item }: the reviewer checks it
task-id-already-state = task { $id } is already { $state }
item-names-no-branch-merge = { $item } names no branch to merge
item-head-not-main-line = { $item }: HEAD is on { $on }, not on the main line its branch is merged into ({ $main }): switch to it first
item-branch-branch-does-not = { $item }: branch { $branch } does not exist: commit the task's work on it, then merge
item-branch-branch-does-not-2 = { $item }: branch { $branch } does not merge cleanly into { $main } ({ $paths } in conflict): merge the main line into the branch and resolve them there, then merge again
loop-has-no-skill-state = the loop has no `skill_state` yet: `init` comes before `{ $action }`
loop-has-no-pending-task = the loop has no pending task to develop
loop-has-no-task-id = the loop has no task `{ $id }`
payload-not-json-why = the payload is not JSON: { $why }
payload-not-json-object = the payload is not a JSON object
there-no-task-n-queue = there is no task { $n } (the queue has { $total })
there-nothing-adopt = there is nothing to adopt
unknown-action-action = unknown action `{ $action }`
unknown-dimension-name-dimensions-list = unknown dimension `{ $name }` (dimensions: { $list })
unknown-trigger-name-triggers-list = unknown trigger `{ $name }` (triggers: { $list })
task-belongs-another-goal-task = { $task } belongs to another goal; a task depends only on tasks of its own goal
path-missing-git-checkout-again = { $path } is missing: `git checkout -- { $again }` restores its committed version
id-not-goal-task = { $id } is not a goal or a task
agent-paused-git-orx-agent = { $agent } is paused; `git orx agent resume` first
item-state-check-s-result = { $item } is { $state }: a check's result is recorded by { $roles } there
role-may-not-assign-task = { $role } may not assign a task to { $assignee }: only { $roles } may (the task workflow's `creators`); claim it for yourself instead
forge-event-event-ignored-concerns = { $forge } event `{ $event }` ignored: it concerns no goal or task
issue-n-names-parent-parent = issue #{ $n } names parent #{ $parent }, which is no goal here; ignored
item-check-n-max-every = { $item } (check { $n } of { $max }): every addressed role answered, but no task is claimed; the lead hears of it at the last check
item-check-n-max-no = { $item } (check { $n } of { $max }): no agent it addresses is idle (busy: { $agents }); the lead hears of it at the last check
issue-n-item-assigned-role = issue #{ $n }: { $item } is assigned to { $role } already; ignored
issue-n-assigned-role-item = issue #{ $n } assigned to { $role }: { $item } is { $state }, where the lead reassigns it only after an escalation; it stays as it is
issue-n-task-here-already = issue #{ $n } is a task here already; ignored
issue-n-goal-here-already = issue #{ $n } is a goal here already; ignored
issue-n-has-no-type = issue #{ $n } has no `type/*` label: not a goal; ignored
issue-n-assigned-who-who = issue #{ $n } is assigned to { $who }, who is not in the team (`team:` in .orx/config.yaml); ignored until it is
issue-n-closed-task-closed = issue #{ $n } closed: a task is closed by its merge (pull_request closed), not by its issue; ignored
pull-request-n-branch-no = pull request #{ $n } from { $branch }: no task lives on that branch; ignored
pull-request-n-branch-no-2 = pull request #{ $n } from { $branch }: no task lives on that branch or is linked to issue #{ $i }; ignored
pull-request-n-names-parent = pull request #{ $n } names parent #{ $m } (goal { $goal }), but { $task } belongs to goal { $other }; ignored
issues-action-n-ignored = issues/{ $action } on #{ $n } ignored
issue-comment-action-n-ignored = issue_comment/{ $action } on #{ $n } ignored
comment-n-which-no-goal = a comment on #{ $n }, which is no goal here; ignored
issue-n-closed-task-closed-2 = issue #{ $n } closed: { $task } is closed by its merge (pull_request closed), not by its issue; it stays { $state }
mean-role-review-rounds-v = mean { $role } review rounds { $v } > { $max }: check the decision matrix thresholds
auto-approval-rate-v-min = auto-approval rate { $v } < { $min }: check the quality standards
escalation-rate-v-max-check = escalation rate { $v } > { $max }: check the workflow and training
no-story-id-name-heading = no story ID in its name or heading: not a story
no-status-no-story-heading = no status, no story heading and no story sections: not a story
name-does-not-fit-stories = its name does not fit the stories' file pattern `{ $pattern }`: to adopt it as story { $id }, rename it to { $path }
story-id-path-another-file = story { $id } is { $path }; this is another file for it
story-id-path-another-file-2 = story { $id } is { $path }; this is another file for it: { $text }
heading-names-w-not-story = its heading names a { $w }, not a story
heading-names-w = its heading names a { $w }
name-names-w = its name names a { $w }
name-marks-w = its name marks a { $w }
left-asked = left as it is, as asked
no-status-written-adopted-initial = no status written: adopted in the initial state, { $state }
source-says-v-what-says = { $source } says `{ $v }`; the { $what } says otherwise: { $state } chosen, as the story's own word
heading-says-story-h-name = its heading says story { $h }, its name story { $n }: the name's is used, as the file name leads to it
status-v-form-not-state = its status `{ $v }` ({ $form }) is not a state of the workflow (states: { $states }); say which state it stands for
story-id-item-already-id = story { $id } is an item already; an ID leads to one file
not-valid-utf-legacy-encoding = is not valid UTF-8 (a legacy encoding?): it is left as it is; convert it to UTF-8 (e.g. `iconv -f WINDOWS-1252 -t UTF-8`), then run adopt again
issues-payload-has-no-issue = an `issues` payload has no `issue`
issue-has-no-number = the issue has no `number`
comment-s-issue-has-no = the comment's issue has no `number`
pull-request-payload-has-no = a `pull_request` payload has no `pull_request`
pull-request-has-no-head = the pull request has no `head.ref`
merged-pull-request-without-merge = a merged pull request without `merge_commit_sha`
check-names-no-branch = the check names no branch
review-s-pull-request-has = the review's pull request has no `head.ref`
kind-kind-names-no-file = the `{ $kind }` kind names no file for `{ $id }`
no-loop-id-looked-loop = no loop `{ $id }` (looked in .loop/ and { $legacy })
legacy-not-valid-json-text = { $legacy }: not valid JSON: { $text }
name-workflow-has-no-run = the { $name } workflow has no `run.actions.{ $action }`
validate-records-test-results-give = validate records test results: give `test_results` (a list) in the input, or run the configured tests
path-cannot-recovered-no-commit = { $path } cannot be recovered: no commit holds a valid version of it, so its own fields (loop_id, title, description, max_iterations, status, current_iteration, created_at, updated_at) are lost; write them again (the progress files in { $dir } still hold skill_state)
no-agent-context-can-named = no agent context can be named `{ $name }`
agent-name-exists-already-path = agent `{ $name }` exists already ({ $path })
name-workflow-path-has-no = the { $name } workflow ({ $path }) has no record { $action } writes, which a gate records its findings in
name-workflow-path-has-no-2 = the { $name } workflow ({ $path }) has no `measure` section: assess records structure and extraction where it says
path-items-section-cannot-read = { $path }: its `items:` section cannot be read
config-could-not-planned = the config could not be planned
no-workflow-adopt-stories-into = no workflow to adopt the stories into
link-symbolic-link-adopt-rewrites = { $link } is a symbolic link: adopt rewrites the stories in their directory ({ $rel }) and would write outside the repository through it; replace the link by the directory itself, then run adopt again (nothing was written)
link-symbolic-link-adopt-writes = { $link } is a symbolic link: adopt writes { $rel } and would write outside the repository through it; replace the link by what it points to, then run adopt again (nothing was written)
path-text-nothing-written = { $path }: { $text } (nothing was written)
error-nothing-written = { $error } (nothing was written)
symbolic-link-adopt-rewrites-story = is a symbolic link: adopt rewrites a story in place and would write where it leads, outside the story; replace the link by the file itself, then run adopt again
has-n-hard-links-adopting = has { $n } hard links: adopting replaces the file, which would cut it off from its other names; make it a file of its own (`cp FILE FILE.copy && mv FILE.copy FILE`), then run adopt again
status-status-cannot-read-field = the status `{ $status }` cannot be read as `{ $field }`: it is not a state (states: { $list })
arg-neither-commit-range-branch = `{ $arg }` is neither a commit range, a branch nor paths in the work tree
path-holds-review-role-not = { $path } holds a review by { $role } that is not committed; commit it (git commit) or restore the file, then run the gate
agent-context-kind-id = an agent context must say `kind: { $kind }` and `id: { $id }`
review-round-not-started = { $source } is { $round }: no review round has started
derived-field-cannot-evaluate = `{ $path }` of { $label }: { $error }
adopt-not-utf8 = is not valid UTF-8
invalid-agent-name = invalid agent name `{ $name }`: { $why }
loop-status-not-a-state = `status` is { $states } (not { $status })
loop-legacy-missing = Missing { $field }
loop-legacy-inconsistent = Inconsistent: { $problem }
loop-legacy-initialized-pending = initialized but status is pending
loop-legacy-completed-not-validated = completed but validation not passed
loop-legacy-count-mismatch = completed_count mismatch
adopt-from-asked = asked
adopt-from-usual = the usual places
adopt-from-at = { $from }: { $dir }
adopt-from-down = { $from }: { $dir }, one folder down
adopt-searched-not-there = { $dir } ({ $from }: not there)
adopt-searched-not-folder = { $dir } ({ $from }: not a folder)
adopt-searched-no-markdown = { $dir } ({ $from }: no Markdown file)
