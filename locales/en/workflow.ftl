# The English of git-orx's library messages, by ID (workflows, item files
# and documents). The Chinese of each is in locales/zh/ under the same file
# name and ID.


## A story measured against its template's checklist

section-name-missing = section "{ $name }" is missing
dev-notes-item-name-missing = Dev Notes item "{ $name }" is missing


## Operations

# An operation a state may allow, and what the workflow says it means.
operation-described = { $name } ({ $desc })
# One operation or another (a command that is either).


## A workflow file that cannot be used

# `at`: the file, and the line and column when known.
workflow-invalid = invalid workflow { $at }: { $problem }
workflow-none-named = there is no workflow `{ $name }`
workflow-built-in = built-in workflow
workflow-at-line = { $origin }, line { $line }
workflow-undefined-param = `{ $expr }` uses `params.{ $key }`, which `params` does not define
workflow-unknown-role = unknown role `{ $role }` (known: { $known })
workflow-file-says-other = the file says `workflow: { $file }` but is the `{ $name }` workflow
workflow-params-defaults-mappings = `params` and `defaults` must be mappings
workflow-key-missing = `{ $key }` is missing
workflow-items-missing = `items` is missing: a kind of its own says where its items live (`items: {"{"}dir: docs/bugs{"}"}`); `git orx kind new` writes one
workflow-state-unknown-operation = state `{ $state }`: unknown operation `{ $op }` (`operations` declares: { $known })
workflow-state-unknown-owner = state `{ $state }`: unknown owner role `{ $role }` (known: { $known })
workflow-state-needs-owner = state `{ $state }` needs an `owner` (only terminal states have none)
workflow-state-end-of-cycle-terminal = state `{ $state }`: `end_of_cycle` marks a resting state an item leaves again; a terminal state is an end already
workflow-no-states = none
workflow-initial-state = initial state
# `what`: the key that names it (`from`, `to`), or the initial state.
workflow-not-a-state = { $what } `{ $name }` is not a state (states: { $known })
workflow-keeps-built-in-initial = {"  "}(your { $origin } replaces `states` but keeps the built-in `initial: { $state }`; keep that state, or give `initial` too)
workflow-keeps-built-in-transitions = {"  "}(your { $origin } replaces `states` but keeps the built-in `transitions`, which need every state and role they name; keep those states, or give `transitions` too)
workflow-merge-latest-no-name = `merge: {"{"}latest: [...]{"}"}` names a field with no name
workflow-merge-state-unknown = `merge: {"{"}state: { $rule }{"}"}` is not a rule git-orx knows (`later`, or `{"{"}owner: ROLE{"}"}`)
workflow-merge-owner-unknown = `merge: {"{"}state: {"{"}owner: { $role }{"}}"}`: unknown role (known: { $known })
workflow-terminal-left = `{ $state }` is terminal; no transition may leave it
workflow-second-transition = a second transition from `{ $from }` to `{ $to }`
workflow-roles-empty = `roles` is empty
workflow-effect-target = effect target `{ $path }` is not a field a transition may set
workflow-operation-not-allowed = the transition from `{ $from }` is operation `{ $op }`, which `{ $from }` does not allow (its `operations`)
workflow-unknown-action = unknown action `{ $action }` (known: { $known })
workflow-note-field = `note_field` must name a field besides the state
workflow-protected-field = `protected: { $field }`: only fields besides kind, id, status and title can be protected
workflow-field-besides = `{ $key }: { $field }` must name a field besides kind, id, status and title
workflow-identity-top-level = `identity: { $field }` must be a top-level field
workflow-figures-unknown = `figures: { $figures }` is not a set of figures git-orx computes (known: { $known })
workflow-checkpoint-field = `checkpoint_field: { $field }` must be a top-level field besides the state
workflow-checkpoint-needs-field = the transition { $from } -> { $to } has a `checkpoint` or `rollback` action: say which field records the checkpoint with `checkpoint_field:`
workflow-invariant-at = `invariants.at: { $at }` is not a field
workflow-trailer-name = trailer `{ $key }`: trailer names are Orx-Something
workflow-initial-terminal = the initial state `{ $state }` is terminal
workflow-body-unknown-states = `body` names states the workflow does not have: { $unknown } (states: { $states })
workflow-create-waits = `create_waits`: { $problem }
workflow-waits-until-no-state = `waits.until` names `{ $state }`, which is no state
workflow-the-transition = the transition { $from } -> { $to }
workflow-waits-no-kind = { $at } waits for `{ $kind }` items, which is no kind here (kinds: { $kinds })
workflow-waits-until-other = { $at }: `waits.until` names `{ $state }`, which is no state of `{ $kind }` (states: { $states })
workflow-param-type = `params.{ $key }` must be { $kind } like the built-in { $builtin }, not { $value }
workflow-unknown-param = unknown param `{ $key }`; the built-in workflow has: { $known }
workflow-params-mapping = `params` must be a mapping
workflow-state-field-fixed = `state_field` is { $field } in the built-in workflow and cannot be changed

## What a value is

value-null = null
value-boolean = true or false
value-number = a number
value-string = a string
value-list = a list
value-mapping = a mapping

## Expressions and message templates

# `error`: the expression reader's own words.
expr-not-valid = `{ $source }` is not a valid expression: { $error }
expr-refused = `{ $source }` is refused: { $why }
expr-limit-source = it is { $found } bytes long, and an expression may be at most { $max }: split it into several conditions
expr-limit-parts = it has { $found } parts (names, literals, operators, calls), and an expression may have at most { $max }: split it into several conditions
expr-limit-depth = its parts nest { $found } deep, and an expression may nest them at most { $max } deep: split it into several conditions
expr-limit-loops = it nests comprehensions (all, exists, exists_one, map, filter) { $found } deep, and an expression may nest them at most { $max } deep: check the inner ones in conditions of their own
expr-stopped = `{ $source }` was stopped: it takes more than the { $budget } units of work an expression may (a unit is about a value, or 32 bytes of text, handled once); make it do less: fewer or smaller comprehensions over shorter lists and texts
expr-stopped-at = `{ $source }` ({ $at }) was stopped: it takes more than the { $budget } units of work an expression may (a unit is about a value, or 32 bytes of text, handled once); make it do less: fewer or smaller comprehensions over shorter lists and texts
expr-value-not-stored = `{ $source }` gives a value git-orx cannot store
expr-not-true-or-false = `{ $source }` gives { $value }, not true or false
expr-for-field = `{ $source }` for `{ $path }`: { $error }
template-unclosed = unclosed `{"{"}` in message `{ $source }`
template-stray-brace = stray `{"}"}` in message `{ $source }` (write `{"}}"}`)

## Where a kind's items live (`items:`)

# `error`: the pattern reader's own words.
items-id-pattern = `items.id` is not a valid pattern: { $error }
items-dir-and-paths = `items` gives both `dir` and `paths`; give one
items-no-dir-or-paths = `items` needs `dir` (the directory its items live in) or `paths`
items-dir-outside = `items.dir: { $dir }` must be a relative path inside the work tree, without `..`, outside .git and .orx
items-file-pattern = `items.file: { $file }` must hold `{"{"}id{"}"}` once, end with `{ $ext }` (the format's extension) and name no folder
items-file-with-paths = `items.file` goes with `dir`, not `paths`
items-paths-empty = `items.paths` is empty
items-path-pattern = `items.paths`: `{ $path }` must be a relative path ending with `{ $ext }`, with `{"{"}id{"}"}` at most once and only in the file name
items-path-needs-default-id = `items.paths` has a path without `{"{"}id{"}"}`: say whose it is with `default_id`
items-prefix = `items.prefix: { $prefix }` must be at most 8 letters
items-template-name = `items.template: { $template }` must be a name (letters, digits, `.`, `_`, `-`)
items-file-sep = `items.file_sep: { $sep }` must be a short separator such as `-`
items-id-field = `items.id_field: { $field }` must name a top-level field

## A workflow's `steps:` and `create:`

step-problem = step `{ $step }`: { $problem }
step-name = a step's name is letters, digits, `-` and `_`
step-when-offered = say when it is offered with one of `trigger: NAME`, `each_transition: true`, `operations: [..]` or `states: ..`
step-states-unknown = `states` names `{ $name }`, which is not a state (states: { $states })
step-states-word = `states` is `all`, `active` (every state not terminal) or a list of states
step-trigger-states = with `trigger`, `states` is a list of states it is offered in (states: { $states })
# `key`: `trigger` or `triggers`.
step-trigger-unknown = `{ $key }: { $trigger }` fires no transition (triggers and events: { $known })
step-unknown-operation = unknown operation `{ $op }` (`operations` declares: { $known })
step-triggers-alone = `triggers` goes with `each_transition: true`
step-run-empty = `run` is empty: give the command after `git orx`
step-run-placeholder = `run` names `{"{"}{ $name }{"}"}`; it may name {"{"}id{"}"} and {"{"}role{"}"}, and for a step per transition {"{"}to{"}"} and {"{"}trigger{"}"}
step-unknown-role = unknown role `{ $role }`
input-unknown-type = input `{ $input }`: unknown type `{ $kind }` (types: { $known })
input-name-taken = input `{ $input }`: the name is taken by the action's call (`{ $step }` and the placeholders of `run`)
input-second = a second input `{ $input }`
input-not-a-flag = input `{ $input }`: `flag: { $flag }` is not a flag (`--name`, `-m`)
input-flag-needed = input `{ $input }`: a `flag` input needs its `flag`
input-min-max-numbers = input `{ $input }`: `min` and `max` are for numbers
input-min-above-max = input `{ $input }`: `min` { $lo } is above `max` { $hi }
input-enum-texts = input `{ $input }`: `enum` is for texts
input-best = input `{ $input }`: `best: { $best }` is not a value it takes
group-two-flags = an `{ $group }` group names two flags or more
group-two-flags-no-required = an `{ $group }` group names two flags or more (and no `required`)
group-flag-unknown = `{ $group }` names `{ $flag }`, which no input of the step has
create-run-or-by = `create` says how an item is made with one of `run: [..]` or `by: TEXT`
create-run-empty = `create`: `run` is empty
create-run-placeholder = `create`: `run` names `{"{"}{ $name }{"}"}`; it may name {"{"}role{"}"} and {"{"}kind{"}"}

## A workflow's `run:` section

# `at`: the key (`run.errors.state`).
run-at-problem = { $at }: { $problem }
run-not-a-path = `{ $path }` is not a field path (`a.b.c`)
run-not-a-state = `{ $state }` is not a state
run-none-declared = { $at }: `{ $none }` means there is nothing to do and cannot be declared
run-alias-taken = { $at }.alias: `{ $alias }` is the name of another action (or `{ $none }`)
run-unknown-action = { $at }: unknown action `{ $action }` (`run.actions` declares: { $known }; `{ $none }` ends the run)
run-exit-empty = { $at }: `exit` is empty
run-limit-param = `run.errors.limit`: `{ $param }` is not a whole number in `params`
run-limit = `run.errors.limit` must be a whole number from 1 or `params.NAME`, not { $value }
run-next-empty = `run.next` is empty: it chooses the next action
