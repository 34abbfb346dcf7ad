# The English of git-orx's library messages, by ID (kinds). The Chinese of
# each is in locales/zh/ under the same file name and ID.


## The story's assessment

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
