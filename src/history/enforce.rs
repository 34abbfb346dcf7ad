//! Judging item changes however they were made: what a commit stages (the
//! pre-commit and pre-merge-commit hooks) and what commits in history did
//! (`verify`). Both diff two sides with git, parse both versions of every
//! changed item and ask the one verdict ([`judge`](crate::engine::verdict::judge))
//! on the tree the change makes, so a rule holds the same way for
//! `git orx move`, a hand edit, a cherry-pick, a rebase or a merge.
//!
//! Besides the workflow's own rules, three hold for every change:
//! - changing the rules themselves (`.orx/config.yaml`, `.orx/workflows/`,
//!   `.orx/templates/`) needs the Human;
//! - a transition's effects (its counters) must be applied as the workflow
//!   says, so a hand edit cannot reset a review round;
//! - an ID may be used by one item only.
//!
//! A merge is judged differently: the other branch's changes were judged on
//! that branch, so an item taken whole from a parent is fine, and otherwise
//! its state must be one a parent had — a merge may not introduce a state no
//! branch reached by valid steps — and what it writes that no parent had is
//! judged by the one verdict as an edit of that parent's version, its body
//! measured again where it writes the values the measures keep.

use serde::Serialize;
use serde_json::Value;

use crate::engine::item::Item;
use crate::engine::validate::{self, Accepted, Change, ItemRef};
use crate::error::Result;
use crate::git::{Repo, Side};
use crate::msg;
use crate::repo::rules::{Rules, is_rule_file};
use crate::text::message::Message;
use crate::workflow::role::HUMAN;

/// A broken rule, with where it was broken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Violation {
    /// The abbreviated commit id (for `verify`).
    pub commit: Option<String>,
    pub path: String,
    /// `story 1.2`, when the file could be read as an item.
    // Its kind and ID kept apart, said as that label.
    #[schemars(with = "Option<String>")]
    pub item: Option<ItemRef>,
    /// `Draft -> Approved`, when there was one.
    pub transition: Option<String>,
    /// A short name for the rule: `invalid-transition`, `unauthorized-role`, ...
    pub rule: String,
    // What was broken, said in the language in force (its English in
    // `--json`).
    #[serde(serialize_with = "crate::text::message::serialize_english")]
    #[schemars(with = "String")]
    pub message: Message,
}

/// A change of one item (accepted or not), for trailers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub path: String,
    pub kind: String,
    pub id: String,
    pub from: Option<String>,
    pub to: Option<String>,
    /// The trailers its workflow stamps from its fields.
    pub trailers: Vec<(String, String)>,
}

impl Judged {
    /// `Draft -> Approved`, `(new) -> Draft`, `Review -> (deleted)`; an
    /// edit that keeps the state is `Review -> Review`.
    pub fn transition(&self) -> String {
        format!(
            "{} -> {}",
            self.from.as_deref().unwrap_or("(new)"),
            self.to.as_deref().unwrap_or("(deleted)")
        )
    }
}

/// Who made the change, and how it is judged.
pub struct Judge<'a> {
    pub repo: &'a Repo,
    /// The rules in force before the change.
    pub rules: &'a Rules,
    pub role: Option<&'a str>,
    /// The Human's override reason (`Orx-Override`, `ORX_FORCE_REASON`).
    pub force: Option<&'a str>,
    pub now: &'a str,
    pub commit: Option<&'a str>,
    /// The commit the change is made on (its first parent).
    pub base: Option<&'a str>,
}

/// What one judgement found.
#[derive(Default, Debug)]
pub struct Verdicts {
    /// Every item change that could be read, accepted or not.
    pub changes: Vec<Judged>,
    pub violations: Vec<Violation>,
    /// How many item or rule files the change touched.
    pub touched: usize,
    /// The `lang` of the rules the change was judged by (empty when not
    /// set by [`crate::hooks::check_staged`]): the language to report in.
    pub lang: String,
    /// The roles of those rules, whose spellings (`PM`) name a team's
    /// roles in the report.
    pub roles: crate::workflow::role::Roles,
}

struct Version {
    path: String,
    item: std::result::Result<Item, crate::engine::item::ItemError>,
}

impl Judge<'_> {
    fn violation(
        &self,
        path: &str,
        item: Option<ItemRef>,
        transition: Option<String>,
        rule: &str,
        message: Message,
    ) -> Violation {
        Violation {
            commit: self.commit.map(str::to_owned),
            path: path.to_owned(),
            item,
            transition,
            rule: rule.to_owned(),
            message,
        }
    }

    fn read(
        &self,
        path: &Option<String>,
        blob: Option<crate::git::BlobId>,
    ) -> Result<Option<Version>> {
        let (Some(path), Some(blob)) = (path, blob) else {
            return Ok(None);
        };
        let bytes = self.repo.blob(blob)?;
        Ok(Some(Version {
            path: path.clone(),
            item: Item::from_bytes(self.rules.registry(), path, bytes),
        }))
    }

    /// The directories whose changes are judged: every kind's, and `.orx`
    /// (the rules).
    pub fn dirs(&self) -> Vec<String> {
        let mut dirs = self.rules.item_dirs();
        dirs.push(".orx".to_owned());
        dirs.sort();
        dirs.dedup();
        dirs
    }

    /// Where an item of some kind lives (the registry says which).
    fn is_item_path(&self, path: &str) -> bool {
        self.rules.is_item_path(path)
    }

    /// The kind of item a path holds.
    fn kind_at(&self, path: &str) -> &str {
        self.rules.kind_at(path).unwrap_or_default()
    }

    /// Judges every change from `base` to `to`. `other_parents` are the
    /// other sides of a merge.
    pub fn judge(&self, base: &Side, to: &Side, other_parents: &[Side]) -> Result<Verdicts> {
        let dirs = self.dirs();
        let dirs: Vec<&str> = dirs.iter().map(String::as_str).collect();
        let changes = self.repo.changes(base, to, &dirs)?;
        self.judge_changes(to, other_parents, changes)
    }

    /// Judges `changes` (from a base to `to`, computed by the caller).
    pub fn judge_changes(
        &self,
        to: &Side,
        other_parents: &[Side],
        changes: Vec<crate::git::FileChange>,
    ) -> Result<Verdicts> {
        let mut out = Verdicts::default();
        let mut rules_changed = None;
        // A branch with no history in common was never judged by these
        // rules: what it brings is the merge's own change.
        let related: Vec<Side> = other_parents
            .iter()
            .filter(|o| self.shares_history(o))
            .cloned()
            .collect();
        let other_parents = related.as_slice();
        for change in changes {
            let path = change
                .new_path
                .clone()
                .or(change.old_path.clone())
                .unwrap_or_default();
            let rule_file = [&change.old_path, &change.new_path]
                .into_iter()
                .flatten()
                .any(|p| is_rule_file(p));
            if rule_file {
                out.touched += 1;
                rules_changed.get_or_insert(path.clone());
                // A root commit (no base) sets git-orx up.
                if self.role != Some(HUMAN)
                    && self.base.is_some()
                    && (other_parents.is_empty()
                        || !self.taken_from_branch(other_parents, &change)?)
                {
                    out.violations.push(self.violation(
                        &path,
                        None,
                        None,
                        "rules-need-human",
                        msg!(
                            "rules-need-human",
                            path = &path,
                            role = self.role.map_or(msg!("none"), |r| {
                                crate::workflow::role::arg(r)
                            })
                        ),
                    ));
                }
                continue;
            }
            let items = [&change.old_path, &change.new_path]
                .into_iter()
                .flatten()
                .any(|p| self.is_item_path(p));
            if !items {
                continue;
            }
            out.touched += 1;
            // A file renamed out of the item paths is deleted as an item,
            // one renamed in is created.
            let item_path = |p: &Option<String>| p.clone().filter(|p| self.is_item_path(p));
            let before = self.read(&item_path(&change.old_path), change.old)?;
            let after = self.read(&item_path(&change.new_path), change.new)?;
            // A file renamed for a new ID (`renumber`) is one item deleted
            // and another created: judged as both, never as an edit of the
            // ID (which no override lets through).
            let renumbered = match (&before, &after) {
                (Some(Version { item: Ok(b), .. }), Some(Version { item: Ok(a), .. })) => {
                    change.old_path != change.new_path && (&b.kind, &b.id) != (&a.kind, &a.id)
                }
                _ => false,
            };
            if renumbered && other_parents.is_empty() {
                let old = change.old_path.clone().unwrap_or_default();
                self.judge_change(&old, before, None, to, &mut out)?;
                self.judge_change(&path, None, after, to, &mut out)?;
            } else if other_parents.is_empty() {
                self.judge_change(&path, before, after, to, &mut out)?;
            } else {
                self.judge_merged(&path, &change, before, after, to, other_parents, &mut out)?;
            }
            if let (Some(new_path), Some(blob)) = (&change.new_path, change.new)
                && change.old_path.as_ref() != Some(new_path)
                && self.is_item_path(new_path)
            {
                self.duplicates(to, new_path, blob, &mut out)?;
            }
        }
        if let Some(path) = rules_changed {
            self.check_new_rules(to, &path, &mut out)?;
        }
        Ok(out)
    }

    /// Whether `other` (a merge's other parent) and the base have a commit
    /// in common.
    fn shares_history(&self, other: &Side) -> bool {
        match (self.base, other) {
            (Some(base), Side::Commit(o)) => self.repo.merge_base(base, o).is_some(),
            _ => true,
        }
    }

    /// The rules as the change leaves them must load: a commit may not put
    /// an invalid config or workflow in force.
    fn check_new_rules(&self, to: &Side, changed: &str, out: &mut Verdicts) -> Result<()> {
        let acks = crate::repo::rules::ACKNOWLEDGED_PATH;
        if let Some(bytes) = self.repo.file_at(to, acks)?
            && let Err(message) = crate::history::acknowledged::parse_acknowledgements(&bytes)
        {
            out.violations
                .push(self.violation(acks, None, None, "invalid-rules", message));
        }
        let files = crate::repo::rules::files_on(self.repo, to)?;
        let overrides: Vec<String> = files
            .keys()
            .filter(|p| p.starts_with(crate::repo::rules::WORKFLOWS_DIR))
            .cloned()
            .collect();
        let problem = match Rules::from_files(files) {
            Err(e) => Some((changed.to_owned(), e.to_message())),
            Ok(None) => None,
            Ok(Some(rules)) => std::iter::once(rules.default_kind().to_owned())
                .chain(overrides.iter().map(|p| {
                    p.trim_start_matches(".orx/workflows/")
                        .trim_end_matches(".yaml")
                        .to_owned()
                }))
                .find_map(|kind| {
                    rules
                        .kind(&kind)
                        .and_then(|k| Ok(k.workflow()?))
                        .err()
                        .map(|e| (format!(".orx/workflows/{kind}.yaml"), e.to_message()))
                }),
        };
        if let Some((path, message)) = problem {
            out.violations
                .push(self.violation(&path, None, None, "invalid-rules", message));
        }
        Ok(())
    }

    fn judge_change(
        &self,
        path: &str,
        before: Option<Version>,
        after: Option<Version>,
        to: &Side,
        out: &mut Verdicts,
    ) -> Result<()> {
        let after = match after {
            None => None,
            Some(Version { item: Ok(item), .. }) => Some(item),
            Some(Version { item: Err(e), path }) => {
                out.violations
                    .push(self.violation(&path, None, None, "invalid-file", e.said()));
                return Ok(());
            }
        };
        // A broken earlier version: the change repairs it; judge only the new file.
        let before = before.and_then(|v| v.item.ok());
        let Some(some) = after.as_ref().or(before.as_ref()) else {
            return Ok(());
        };
        let label = some.reference();
        let transition = Judged {
            path: path.to_owned(),
            kind: some.kind.to_string(),
            id: some.id.clone(),
            from: before.as_ref().map(|i| i.status.clone()),
            to: after.as_ref().map(|i| i.status.clone()),
            trailers: Vec::new(),
        };
        let text = transition.transition();
        out.changes.push(transition);
        if let Some(item) = &after
            && item.kind != self.kind_at(&item.path)
        {
            out.violations.push(self.violation(
                path,
                Some(label),
                Some(text),
                "invalid-file",
                msg!(
                    "item-of-other-kind-here",
                    path = &item.path,
                    kind = crate::text::escape(item.kind.name()),
                    expected = self.kind_at(&item.path)
                ),
            ));
            return Ok(());
        }
        let Some(wf) = self.workflow_for(&some.kind, path, &label, &text, out) else {
            return Ok(());
        };
        // A Human's override may let a body status through that the rules
        // in force do not read (an adoption mapping a status of its own).
        let unusable = |i: &Item| match self.force {
            Some(_) if self.role == Some(HUMAN) => i.unusable_unless_forced(&wf),
            _ => i.unusable(&wf),
        };
        if let Some(e) = after.as_ref().and_then(unusable) {
            out.violations.push(self.violation(
                path,
                Some(label),
                Some(text),
                "invalid-file",
                e.said(),
            ));
            return Ok(());
        }
        let (bv, av) = (
            before.as_ref().map(Item::value),
            after.as_ref().map(Item::value),
        );
        // Without a role, the change is still judged, as the role that
        // could make it (any, when none could), so that every rule it
        // breaks is told, not only the missing role.
        let stand_in;
        let role = match self.role {
            Some(role) => role,
            None => {
                out.violations.push(self.violation(
                    path,
                    Some(label.clone()),
                    Some(text.clone()),
                    "no-role",
                    if self.commit.is_some() {
                        msg!("commit-names-no-role")
                    } else {
                        msg!("no-role-say-who-makes")
                    },
                ));
                stand_in = match (&before, &after, &av) {
                    (Some(b), Some(a), Some(v)) => wf
                        .transition(&b.status, &a.status)
                        .and_then(|t| wf.roles_of(t, v).into_iter().next()),
                    _ => None,
                }
                .unwrap_or_else(|| HUMAN.to_owned());
                &stand_in
            }
        };
        let change = Change {
            before: bv.as_ref(),
            after: av.as_ref(),
            role,
            force: self.force,
            self_transition: false,
            now: self.now,
        };
        let ground = self.ground(to);
        let body = after.as_ref().map(|i| i.doc.body());
        let judged = crate::engine::verdict::judge(&wf, &change, &some.kind, path, &ground, body)?;
        let expected = match &judged {
            Ok(v) => v.effects.clone().unwrap_or_default(),
            Err(_) => Vec::new(),
        };
        let verdict = judged.map(|v| v.accepted);
        let taken = match &verdict {
            Ok(Accepted::Transition(t)) => Some(*t),
            _ => None,
        };
        if let (Ok(_), Some(av), Some(judged)) = (&verdict, &av, out.changes.last_mut()) {
            judged.trailers = crate::engine::trailers::for_change(
                &wf,
                bv.as_ref(),
                av,
                taken.and_then(|t| t.trigger.as_deref()),
            );
        }
        match verdict {
            // Who may make it is told with the missing role.
            Err(validate::Refusal::Unauthorized { .. }) if self.role.is_none() => {}
            Err(refusal) => {
                out.violations.push(self.violation(
                    path,
                    Some(label),
                    Some(text),
                    refusal.kind(),
                    refusal.message(),
                ));
            }
            Ok(Accepted::Transition(t)) => {
                let (Some(_), Some(av)) = (&bv, &av) else {
                    return Ok(());
                };
                for (effect, (field, want)) in t.effects.iter().zip(expected) {
                    if effect.expr.paths().iter().any(|p| p == "now") {
                        continue;
                    }
                    let got = field
                        .iter()
                        .try_fold(av, |v, k| v.get(k))
                        .cloned()
                        .unwrap_or(Value::Null);
                    if !validate::same_value(&got, &want) {
                        out.violations.push(self.violation(
                            path,
                            Some(label.clone()),
                            Some(text.clone()),
                            "effects-not-applied",
                            msg!(
                                "effects-not-applied",
                                item = &label,
                                transition = &text,
                                field = field.join("."),
                                want = want.to_string(),
                                got = got.to_string()
                            ),
                        ));
                    }
                }
            }
            Ok(_) => {}
        }
        Ok(())
    }

    /// The ground a change is judged on: the tree it makes (`to`; a
    /// merge's result), the commit it is made on (its first parent), the
    /// transition's actions and evidence shown in it.
    fn ground(&self, to: &Side) -> crate::engine::verdict::Ground<'_> {
        crate::engine::verdict::Ground {
            repo: self.repo,
            kinds: self.rules.registry(),
            tree: to.clone(),
            base: self.base.map(str::to_owned),
            actions: crate::engine::verdict::Actions::Shown {
                past: self.commit.is_some(),
            },
            evidence: crate::engine::verdict::EvidenceBy::Shown,
        }
    }

    /// The workflow of `kind`, or a violation saying why there is none.
    fn workflow_for(
        &self,
        kind: &crate::workflow::kind::Kind,
        path: &str,
        label: &ItemRef,
        text: &str,
        out: &mut Verdicts,
    ) -> Option<std::sync::Arc<crate::workflow::Workflow>> {
        match kind.workflow().map_err(crate::Error::from) {
            Ok(wf) => Some(wf),
            Err(e) => {
                out.violations.push(self.violation(
                    path,
                    Some(label.clone()),
                    Some(text.to_owned()),
                    "invalid-file",
                    e.to_message(),
                ));
                None
            }
        }
    }

    /// Whether a merge took this file's result whole from one of its other
    /// parents (the same content there, or absent there too): that branch's
    /// history was judged on it.
    fn taken_from_branch(&self, others: &[Side], change: &crate::git::FileChange) -> Result<bool> {
        let (path, bytes) = match (&change.new_path, change.new) {
            (Some(p), Some(b)) => (p, Some(self.repo.blob(b)?)),
            _ => match &change.old_path {
                Some(p) => (p, None),
                None => return Ok(false),
            },
        };
        for side in others {
            if self.repo.file_at(side, path)? == bytes {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The file of `side` that the merge's version at `path` was renamed
    /// from, with its bytes, as git's rename detection from `side` to the
    /// merge (`to`) finds it in `path`'s directory.
    fn renamed_from(
        &self,
        side: &Side,
        to: &Side,
        path: &str,
    ) -> Result<Option<(String, Vec<u8>)>> {
        let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
        let dirs: Vec<&str> = if dir.is_empty() {
            Vec::new()
        } else {
            vec![dir]
        };
        let Ok(changes) = self.repo.changes(side, to, &dirs) else {
            return Ok(None);
        };
        let Some(old) = changes
            .into_iter()
            .find(|c| c.new_path.as_deref() == Some(path) && c.old_path.as_deref() != Some(path))
            .and_then(|c| c.old_path)
        else {
            return Ok(None);
        };
        Ok(self.repo.file_at(side, &old)?.map(|b| (old, b)))
    }

    /// A merge's result for one item file that is not taken whole from a
    /// branch is the merge's own change: a new item or a deletion is judged
    /// like any commit's; a combination of the parents' versions must keep
    /// a state some parent had, and whatever it holds that no parent had
    /// (a field, the body) is an edit judged as the merge's role makes it.
    #[allow(clippy::too_many_arguments)]
    fn judge_merged(
        &self,
        path: &str,
        change: &crate::git::FileChange,
        before: Option<Version>,
        after: Option<Version>,
        to: &Side,
        others: &[Side],
        out: &mut Verdicts,
    ) -> Result<()> {
        if self.taken_from_branch(others, change)? {
            return Ok(());
        }
        let Some(new_path) = change.new_path.clone().filter(|_| after.is_some()) else {
            return self.judge_change(path, before, None, to, out);
        };
        let mut parents: Vec<Item> = Vec::new();
        if let Some(Version { item: Ok(i), .. }) = &before {
            parents.push(i.clone());
        }
        let mut in_other = false;
        for side in others {
            // The other side's version: at the same path, else where it was
            // before this side renamed it (a renumber): git's rename
            // detection between that side and the merge says where.
            // (Only for a file this side has: one the merge itself renames
            // is the renumber's own change, judged as a new item.)
            let at = match self.repo.file_at(side, &new_path)? {
                Some(bytes) => Some((new_path.clone(), bytes)),
                None if before.is_some() => self.renamed_from(side, to, &new_path)?,
                None => None,
            };
            if let Some((at, bytes)) = at {
                in_other = true;
                if let Ok(i) = Item::from_bytes(self.rules.registry(), &at, bytes) {
                    parents.push(i);
                }
            }
        }
        if before.is_none() && !in_other {
            return self.judge_change(path, None, after, to, out);
        }
        let item = match after.map(|v| v.item) {
            Some(Ok(item)) => item,
            Some(Err(e)) => {
                out.violations
                    .push(self.violation(path, None, None, "invalid-file", e.said()));
                return Ok(());
            }
            None => return Ok(()),
        };
        let label = item.reference();
        let Some(kept) = parents.iter().find(|p| p.status == item.status) else {
            let mut states: Vec<String> = parents.iter().map(|p| p.status.clone()).collect();
            states.dedup();
            if states.is_empty() {
                return Ok(()); // no parent's version can be read: nothing to compare
            }
            out.violations.push(self.violation(
                path,
                Some(label.clone()),
                Some(format!("{} -> {}", states.join(" | "), item.status)),
                "merge-state",
                msg!(
                    "merge-state-no-parent-had",
                    item = &label,
                    state = &item.status,
                    states = states.join(", ")
                ),
            ));
            return Ok(());
        };
        // What the merge itself wrote: values no parent has.
        let after_value = item.value();
        let parent_values: Vec<Value> = parents.iter().map(Item::value).collect();
        let mut paths = Vec::new();
        for v in std::iter::once(&after_value).chain(&parent_values) {
            validate::leaf_paths(v, &mut Vec::new(), &mut paths);
        }
        paths.sort();
        paths.dedup();
        let null = Value::Null;
        let mut own = kept.value();
        let mut own_fields = Vec::new();
        for p in paths {
            let mine = validate::lookup(&after_value, &p).unwrap_or(&null);
            let anyone = parent_values
                .iter()
                .any(|v| validate::same_value(validate::lookup(v, &p).unwrap_or(&null), mine));
            if !anyone {
                validate::put(&mut own, &p, mine.clone());
                own_fields.push(p.join("."));
            }
        }
        let body = !parents.iter().any(|p| p.doc.body() == item.doc.body());
        if own_fields.is_empty() && !body {
            return Ok(());
        }
        // The fields the merge wrote, the body (a word of the message) last.
        let fields = match (own_fields.is_empty(), body) {
            (_, false) => Message::text(own_fields.join(", ")),
            (true, true) => msg!("merge-the-body"),
            (false, true) => msg!("merge-fields-and-body", fields = own_fields.join(", ")),
        };
        out.changes.push(Judged {
            path: path.to_owned(),
            kind: item.kind.to_string(),
            id: item.id.clone(),
            from: Some(kept.status.clone()),
            to: Some(item.status.clone()),
            trailers: Vec::new(),
        });
        let text = format!("{} -> {} (merge)", kept.status, item.status);
        let Some(role) = self.role else {
            out.violations.push(self.violation(
                path,
                Some(label),
                Some(text),
                "no-role",
                msg!(
                    "merge-changes-no-role",
                    fields = fields,
                    item = item.label()
                ),
            ));
            return Ok(());
        };
        let Some(wf) = self.workflow_for(&item.kind, path, &label, &text, out) else {
            return Ok(());
        };
        let before_value = kept.value();
        let change = Change {
            before: Some(&before_value),
            after: Some(&own),
            role,
            force: self.force,
            self_transition: false,
            now: self.now,
        };
        // The one verdict, on the tree the merge makes and the history it
        // is made on: the body the merge leaves is measured again where
        // the merge writes values the measures keep, as a commit writing
        // them would be.
        let ground = self.ground(to);
        let body = Some(item.doc.body());
        let judged = crate::engine::verdict::judge(&wf, &change, &item.kind, path, &ground, body)?;
        if let Err(refusal) = judged {
            out.violations.push(self.violation(
                path,
                Some(label),
                Some(text),
                refusal.kind(),
                msg!(
                    "merge-changes-refused",
                    fields = fields,
                    refusal = refusal.message()
                ),
            ));
        }
        Ok(())
    }

    /// Another file on `to` in the same directory that claims the same ID.
    fn duplicates(
        &self,
        to: &Side,
        path: &str,
        blob: crate::git::BlobId,
        out: &mut Verdicts,
    ) -> Result<()> {
        let Ok(item) = Item::from_bytes(self.rules.registry(), path, self.repo.blob(blob)?) else {
            return Ok(());
        };
        if let Some(message) = self.rules.misplaced(path, &item) {
            out.violations.push(self.violation(
                path,
                Some(item.reference()),
                None,
                "file-name",
                message,
            ));
        }
        let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
        for (other, other_blob) in self
            .repo
            .files_with_prefix(to, dir, &format!("{}.", item.id))?
        {
            if other == path {
                continue;
            }
            let Ok(o) =
                Item::from_bytes(self.rules.registry(), &other, self.repo.blob(other_blob)?)
            else {
                continue;
            };
            if o.kind == item.kind && o.id == item.id {
                out.violations.push(self.violation(
                    path,
                    Some(item.reference()),
                    None,
                    "duplicate-id",
                    msg!(
                        "item-also-other-id-may",
                        item = item.label(),
                        other = &other,
                        kind_id = format!("{}:{}", item.kind, item.id)
                    ),
                ));
            }
        }
        Ok(())
    }
}
