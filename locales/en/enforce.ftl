# The English of the messages of the rules' enforcement (enforce): the
# problems of a refusal, the violations `verify` and the hooks find, the
# hook tools' advice, the board's problems, the merge driver's rules,
# checkpoints and rollbacks. The Chinese of each is in locales/zh/ under
# the same file name and ID.


## The evidence a transition needs (`evidence:`, engine/verdict.rs).

evidence-by-trailer = a commit carrying `{ $trailer }: { $id }`
evidence-by-trailer-or-merge = a commit carrying `{ $trailer }: { $id }`, or a merge commit naming its `{ $field }`
evidence-none-recorded = records no commit in `{ $field }`: only { $how } in the main line shows it; put that commit's ID in `{ $field }`
evidence-not-in-repository = names commit `{ $commit }` in `{ $field }`, which is not in this repository
evidence-not-in-history = names commit { $commit } in `{ $field }`, which is not in the history this change is made on
evidence-not-shown = names commit { $commit } in `{ $field }`, which is not { $how }

## The actions a transition takes (`actions:`, engine/verdict.rs).

action-checkpoint-not-recorded = makes a checkpoint and records it in `{ $field }`; `git orx agent fire` does both
action-checkpoint-unknown = records `{ $field }: { $name }`, which is not a checkpoint here
action-rollback-first = rolls the work back to { $target } first; `git orx agent fire` commits that rollback, then this

## A round's record (`records:`, engine/validate.rs).

record-wrong-role = only { $roles } may write it, not { $role }
record-round-not-evaluated = its round `{ $round }` cannot be evaluated: { $error }
record-other-round = it is for round { $round }, but the current round ({ $expr }) is { $current }
record-round-already-recorded = round { $current } is already recorded and cannot be rewritten
record-not-consistent = it is not consistent:

## What a commit broke (history/enforce.rs, history/verify.rs).

rules-need-human = { $path } defines the rules; only the Human may change it (role: { $role })
item-of-other-kind-here = { $path } holds `kind: { $kind }`; only { $expected } items belong there
commit-names-no-role = the commit names no role (no `Orx-Role:` trailer: it was made without git-orx's hooks, e.g. with --no-verify)
merge-state-no-parent-had = the merge puts { $item } in { $state }, a state neither parent reached (parents: { $states }); resolve it to a parent's state, then move it
merge-fields-and-body = { $fields }, the body
merge-the-body = the body
merge-changes-no-role = the merge itself changes { $fields } of { $item }; say who makes it with ORX_ROLE=ROLE or `git config orx.role ROLE` (in history: an `Orx-Role:` trailer)
merge-changes-refused = the merge itself changes { $fields }: { $refusal }
effects-not-applied = { $item }: { $transition } sets { $field } to { $want }, but the file has { $got }: write `{ $field }: { $want }` there, or make the change with `git orx move`, which applies a transition's effects
commit-claims-several-roles = the commit claims several roles: { $roles }
author-not-an-identity = { $email } is not in the identities of .orx/config.yaml, so it may not act as { $role }
author-not-that-role = { $email } claims to act as { $role }, but its roles are { $roles }
commit-not-signed = the commit is not signed (signatures are required)
signature-does-not-verify = the signature does not verify: { $why }
signature-unknown-key = an unknown key
signed-by-other-key = signed by { $key }, not by { $email }'s key { $want }
signed-by-other-principal = signed by { $principal }'s key ({ $key }), but the author is { $email }; a commit must be signed by the identity it claims
signed-key-not-checkable = signed by { $key }, which cannot be checked against { $email }: give the identity its `key:` in .orx/config.yaml, or sign with SSH and list { $email }'s key in gpg.ssh.allowedSignersFile
trailers-name-unchanged-item = its trailers name { $item }{ $transition }, but the commit does not change it: it carries another commit's message (made beside a git-orx command?); fix forward, then acknowledge it
trailer-transition = {" "}({ $transition })

## What `verify` checks when given no range (history/verify.rs).

verify-scope-no-commits = no commits yet
verify-scope-not-on-upstream = commits not on { $upstream }
verify-scope-all = all of HEAD's history
file-being-changed = { $path } is being changed by git-orx ({ $holder }); commit again when it has finished, or leave { $path } out of this commit

## Other tools that run the hooks (hooks/tools.rs, hooks/mod.rs).

husky-not-installed = husky is not installed in this clone ({ $path } is missing): run `npm install` (or `npx husky`)
husky-not-dispatched = husky does not run { $name } hooks (no { $path }): git-orx cannot run there; `git orx verify` still judges what this hook would have
husky-script-not-running = { $file } does not run git-orx: run `git orx hooks install`
husky-shim-taken-out = took git-orx's shim out of { $path } (husky rewrites that directory)
pre-commit-stage-not-run = the pre-commit framework does not run { $name } hooks: `git orx verify` judges what this hook would have
pre-commit-not-installed-for = { $file } runs git-orx, but the framework is not installed for { $name }: run `pre-commit install --hook-type { $name }`
pre-commit-add-hook-id = add the hook id { $id } to { $file } (`git orx hooks install` prints the lines), then run `pre-commit install --hook-type { $name }`
pre-commit-stale-copy-removed = removed { $path }, an old copy of the pre-commit framework's script that made every commit fail
pre-commit-script-put-back = put the pre-commit framework's script back in { $path } (git-orx's shim had wrapped it)
pre-commit-advice =
    add git-orx to { $file }:
    { $block }
    then run `pre-commit install` (it installs the hook types listed above)
lefthook-not-installed-for = { $file } runs git-orx, but lefthook is not installed for { $name }: run `lefthook install`
lefthook-config-not-running = { $file } does not run git-orx: `git orx hooks install` adds it, for lefthook
lefthook-config-not-running-plain = { $file } does not run git-orx
lefthook-moved-shim-removed = removed { $path }: lefthook had moved git-orx's shim there, where nothing runs it
lefthook-has-command = it already has a `{ $command }` command for { $name }{ $run }
lefthook-has-command-run = {" "}(run: { $run })
lefthook-edit-would-not-run = the edited file would not run it
lefthook-install-new-hooks = run `lefthook install` so that lefthook installs the new hooks
tool-manages-its-hooks = ; { $tool } manages its hooks
tool-still-runs-git-orx = { $tool } still runs git-orx: take its entries out of { $file }
saved-hook-not-executable = your { $name } hook ({ $path }) is not executable, so git would not run it either; skipped (chmod +x it to run it)

## What `hooks install`, `status` and `uninstall` say (cli/hooks.rs).

hooks-installed-kept-yours = installed { $name } (your hook was kept as { $saved } and runs first)
hooks-would-install-keep-yours = would install { $name } (your hook would be kept as { $saved } and run first)
hooks-would-remove-put-back = would remove { $name } (your hook would be put back)
hooks-tool-manages = { $tool } manages this repository's hooks ({ $file }): git-orx runs as one of its hooks
hooks-tool-would-manage = { $tool } manages this repository's hooks ({ $file }): git-orx would run as one of its hooks
hooks-directory-outside = {" "}— outside this repository: every repository using it runs these hooks

## Checkpoints and rollbacks (cli/checkpoint.rs, cli/rollback.rs).

would-make-checkpoint = would make checkpoint { $name } { $rest }
