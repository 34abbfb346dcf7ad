//! What a command that changes an item says it did: [`run_plan`] executes
//! a plan (or with `--dry-run` only says it), [`report_change`] prints the
//! outcome as a line or, under `--json`, as the change object
//! ([`change_of`]) with the moves the item has next ([`next_moves`]).

use super::{BOLD, ChangeArgs, DIM, GREEN, Ui, YELLOW, output, paint};

/// Executes `plan` as `change` says and reports it; with `--dry-run`,
/// reports what it would do and writes nothing (`None`).
pub fn run_plan(
    ui: &mut Ui,
    ws: &orx::repo::workspace::Workspace,
    plan: &orx::change::plan::Plan,
    change: &ChangeArgs,
    extra: crate::cli::output::ChangeExtra,
) -> orx::Result<Option<orx::change::plan::Executed>> {
    if change.dry_run {
        report_change(ui, plan, None, extra);
        return Ok(None);
    }
    let done = orx::change::plan::execute(ws, plan, !change.no_commit)?;
    report_change(ui, plan, Some(&done), extra);
    Ok(Some(done))
}

/// The moves the workflow of `kind` has from `state`: `[{to, roles,
/// trigger}]`, what the item's next step may be.
pub fn next_moves(kind: &orx::workflow::kind::Kind, state: &str) -> Vec<output::NextMove> {
    let Ok(wf) = kind.workflow() else {
        return Vec::new();
    };
    wf.transitions_from(state)
        .into_iter()
        .map(|t| output::NextMove {
            to: t.to.clone(),
            roles: t.roles.clone(),
            trigger: t.trigger.clone(),
        })
        .collect()
}

/// The change result `--json` prints for a plan: executed (`done`), or
/// with `--dry-run` (`done` is `None`) planned; the command's own fields
/// in `extra`.
pub fn change_of(
    plan: &orx::change::plan::Plan,
    done: Option<&orx::change::plan::Executed>,
    extra: output::ChangeExtra,
) -> output::Change {
    let changes = plan.field_changes();
    output::Change {
        version: output::Version,
        item: plan.id().to_owned(),
        kind: plan.kind().to_string(),
        path: plan.path().to_owned(),
        from: plan.from().map(str::to_owned),
        to: plan.to().to_owned(),
        role: plan.role().to_owned(),
        forced: plan.forced_reason().map(str::to_owned),
        dry_run: done.is_none(),
        commit: done.and_then(|d| d.commit.clone()),
        committed: done.is_some_and(|d| d.commit.is_some() && !d.by_another),
        changed: match done {
            Some(d) => !d.unchanged,
            None => plan.changes_file(),
        },
        effects: changes
            .iter()
            .map(|(k, b, a)| {
                (
                    k.clone(),
                    output::change::Effect {
                        from: b.clone(),
                        to: a.clone(),
                    },
                )
            })
            .collect(),
        actions: plan.actions().to_vec(),
        checkpoint: done.and_then(|d| d.checkpoint.clone()),
        rollback: done
            .and_then(|d| d.rollback.as_ref())
            .map(|r| output::change::Rollback {
                commit: r.commit.clone(),
                saved: r.saved.clone(),
                changed: r.changed.clone(),
            }),
        handoff: plan.handoff().map(str::to_owned),
        next: next_moves(plan.kind(), plan.to()),
        extra,
    }
}

/// Prints the outcome of a plan: executed (`done`), or with `--dry-run`
/// (`done` is `None`) what it would do, nothing written. With `--json`,
/// one object: `{version, item, kind, path, from, to, role, forced,
/// commit, committed, changed, dry_run, effects, handoff, next}` and the
/// command's own fields in `extra` (the measured quality, the round).
pub fn report_change(
    ui: &mut Ui,
    plan: &orx::change::plan::Plan,
    done: Option<&orx::change::plan::Executed>,
    extra: output::ChangeExtra,
) {
    if ui.is_json() {
        ui.json(&change_of(plan, done, extra));
        return;
    }
    let changes = plan.field_changes();
    // An edit that keeps the state says which fields it changed, not
    // `executing -> executing`.
    let what = if plan.from() == Some(plan.to()) {
        let fields: Vec<&str> = changes.iter().map(|(k, _, _)| k.as_str()).collect();
        ui.t(
            if fields.is_empty() {
                "no-field-changed-still-state"
            } else {
                "fields-changed-still-state"
            },
            &[
                ("fields", &fields.join(", ")),
                ("state", &paint(BOLD, plan.to())),
            ],
        )
    } else {
        format!(
            "{} -> {}",
            plan.from().map_or_else(|| ui.t("new", &[]), str::to_owned),
            paint(BOLD, plan.to())
        )
    };
    let Some(done) = done else {
        ui.line(format!(
            "{} {}: {what} ({}) {}",
            ui.t("would-change", &[]),
            plan.label(),
            ui.role(plan.role()),
            paint(DIM, ui.t("dry-run-nothing-written", &[]))
        ));
        for (k, b, a) in &changes {
            ui.line(paint(
                DIM,
                format!(
                    "  {k}: {} -> {}",
                    compact(ui.voice(), b),
                    compact(ui.voice(), a)
                ),
            ));
        }
        for a in plan.actions() {
            ui.line(paint(DIM, format!("  and: {a}")));
        }
        for h in plan.handoff().into_iter().flat_map(str::lines) {
            ui.wrap_painted(GREEN, &orx::text::escape(h), 0);
        }
        return;
    };
    let mut line = format!("{}: {what} ({})", plan.label(), ui.role(plan.role()));
    if let Some(reason) = plan.forced_reason() {
        line.push_str(&format!(
            " {}",
            paint(
                YELLOW,
                ui.t("override-reason", &[("reason", &orx::text::escape(reason))])
            )
        ));
    }
    match &done.commit {
        _ if done.unchanged => line.push_str(&format!(
            " {}",
            paint(DIM, ui.t("already-recorded-nothing-commit", &[]))
        )),
        Some(c) if done.by_another => line.push_str(&format!(
            " {}",
            paint(
                YELLOW,
                ui.t("committed-commit-another-commit", &[("commit", c)])
            )
        )),
        Some(c) => line.push_str(&format!(" {}", paint(DIM, format!("[{c}]")))),
        None if done.by_another => line.push_str(&format!(
            " {}",
            paint(YELLOW, ui.t("committed-another-commit", &[]))
        )),
        None => line.push_str(&format!(
            " {}",
            paint(
                YELLOW,
                ui.t("written-path-not-committed", &[("path", &plan.path())])
            )
        )),
    }
    ui.wrap(line, 2);
    for h in plan.handoff().into_iter().flat_map(str::lines) {
        ui.wrap_painted(GREEN, &orx::text::escape(h), 0);
    }
}

/// A field's value in one line.
fn compact(voice: &crate::cli::msg::Voice, v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Null => voice.t("not-set", &[]),
        serde_json::Value::String(s) => orx::text::escape(s),
        v => orx::text::escape(&v.to_string()),
    }
}
