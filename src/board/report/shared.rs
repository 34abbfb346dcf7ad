//! The board's steps made once and shared: every item of the default kind
//! in one state, waiting for one role, whose moves were judged alike, has
//! the same steps but for its ID. `status --json` writes each such list
//! once and puts each item's ID in it, rather than copying 10,000 lists.

use std::collections::HashMap;

use crate::board::summary::{Readiness, Summary};
use crate::engine::item::Item;
use crate::error::Result;
use crate::repo::workspace::Workspace;
use crate::workflow::steps::{Action, Need, one_primary};

use super::{
    Against, Board, Held, ID_SLOT, ambiguous_ids, demote_unready, name_with_kind,
    put_kept_readiness, scan, template_of, with_id,
};

/// The lists of steps the board's items share, and which item shares
/// which. An item that shares a list has no steps of its own on the board
/// (its `steps` is empty); every other item has its own, as
/// [`super::board_with_steps`] makes them.
#[derive(Debug, Default)]
pub struct SharedSteps {
    lists: Vec<Vec<Action>>,
    by_path: HashMap<String, usize>,
}

impl SharedSteps {
    /// What stands for the item's ID in the shared lists: in `item`, in
    /// the command line, the call's arguments and the description.
    pub const SLOT: &'static str = ID_SLOT;

    /// Every shared list, made for [`SharedSteps::SLOT`].
    pub fn lists(&self) -> &[Vec<Action>] {
        &self.lists
    }

    /// The index of the list `s` shares, if it shares one (and has no
    /// steps of its own since).
    pub fn list_of(&self, s: &Summary) -> Option<usize> {
        if !s.steps.is_empty() {
            return None;
        }
        self.by_path.get(&s.path).copied()
    }

    /// The shared list `i` with the ID `id` put in.
    pub fn list_with_id(&self, i: usize, id: &str) -> Vec<Action> {
        self.lists
            .get(i)
            .map(|l| l.iter().map(|a| with_id(a, id)).collect())
            .unwrap_or_default()
    }

    /// `s`'s steps: its own, or the list it shares with its ID put in.
    pub fn steps_of(&self, s: &Summary) -> Vec<Action> {
        match self.list_of(s) {
            Some(i) => self.lists[i].iter().map(|a| with_id(a, &s.id)).collect(),
            None => s.steps.clone(),
        }
    }

    /// Gives each item of `items` that shares a list its own copy of it,
    /// with its ID: what [`super::board_with_steps`] gives it.
    pub fn fill(&self, items: &mut [Summary]) {
        for s in items {
            if let Some(i) = self.list_of(s) {
                s.steps = self.lists[i].iter().map(|a| with_id(a, &s.id)).collect();
            }
        }
    }
}

/// [`super::board_with_steps`], but where the default kind's items in one
/// state have the same steps but for their ID (they wait for the same
/// role, their moves judged alike, no step needs what only some items
/// have, no other kind's item has their ID), the steps are made once and
/// shared rather than copied into each item: [`SharedSteps::fill`] gives
/// the board what [`super::board_with_steps`] would.
pub fn board_with_shared_steps(ws: &Workspace) -> Result<(Board, SharedSteps)> {
    let mut board = scan(ws, true)?;
    let shared = share_steps(ws, &mut board);
    Ok((board, shared))
}

/// [`super::fill_steps`], with each list that items can share made once.
fn share_steps(ws: &Workspace, board: &mut Board) -> SharedSteps {
    let wf = board.workflow.clone();
    let ambiguous = ambiguous_ids(board);
    // Per state and role (a few of them, looked up without copying the
    // names): the steps, whether one is judged per item, and each
    // readiness met so far with its list.
    type Made = (
        String,
        String,
        Vec<Action>,
        bool,
        Vec<(Option<Vec<Readiness>>, usize)>,
    );
    let mut made: Vec<Made> = Vec::new();
    let mut shared = SharedSteps::default();
    let mut held = Held::new(ws);
    let against = Against::new(ws);
    let Board { items, ready, .. } = board;
    for s in items.iter_mut() {
        if s.terminal {
            continue;
        }
        let Some(role) = s.waits_for.as_deref() else {
            continue;
        };
        let k = match made.iter().position(|m| m.0 == s.status && m.1 == role) {
            Some(k) => k,
            None => {
                let (template, per_item) = template_of(&wf, &s.status, role);
                made.push((
                    s.status.clone(),
                    role.to_owned(),
                    template,
                    per_item,
                    Vec::new(),
                ));
                made.len() - 1
            }
        };
        let (status, role, template, per_item, seen) = &mut made[k];
        let judged = if *per_item { ready.get(&s.path) } else { None };
        let alike = !template.is_empty()
            && (!*per_item || judged.is_some())
            && !ambiguous.contains(&s.id)
            && !crate::kinds::CodeOf::judges_steps(&s.kind)
            // A backup is one item's: a step that needs one is offered
            // item by item.
            && template
                .iter()
                .all(|a| wf.needs_of(a).iter().all(|n| *n == Need::Checks));
        if !alike {
            // Made for the item alone, as `fill_steps` makes it.
            s.steps = template.iter().map(|a| with_id(a, &s.id)).collect();
            if *per_item {
                match judged {
                    Some(r) => put_kept_readiness(&wf, status, &mut s.steps, r),
                    None => {
                        if let Ok(item) = Item::read(ws.registry(), ws.root(), &s.path) {
                            demote_unready(&against, &ws.repo, &wf, &item, &mut s.steps, role);
                        }
                    }
                }
            }
            if !s.steps.is_empty() {
                held.settle(&wf, s);
            }
            // Its ID written `KIND:ID` where another kind has it too.
            if ambiguous.contains(&s.id) {
                name_with_kind(s);
            }
            continue;
        }
        let index = match seen.iter().find(|(r, _)| r.as_ref() == judged) {
            Some((_, i)) => *i,
            None => {
                let mut list = template.clone();
                if let Some(r) = judged {
                    put_kept_readiness(&wf, status, &mut list, r);
                }
                // What the steps need (checks configured) is the
                // repository's, the same for every item.
                held.fit(&wf, &s.kind, &s.id, &s.path, &mut list);
                one_primary(&mut list);
                shared.lists.push(list);
                seen.push((judged.cloned(), shared.lists.len() - 1));
                shared.lists.len() - 1
            }
        };
        shared.by_path.insert(s.path.clone(), index);
    }
    // The other kinds' and the agents' steps were named as they were read.
    shared
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A repository with `stories` (file names and texts) in its
    /// stories' directory.
    fn with_repo(stories: &[(String, String)], f: impl FnOnce(&Workspace)) {
        let files: Vec<(String, String)> = stories
            .iter()
            .map(|(name, text)| (format!("docs/stories/{name}"), text.clone()))
            .collect();
        crate::repo::tests::with_repo(&files, f);
    }

    const STATES: &[&str] = &[
        "Draft",
        "AwaitingArchReview",
        "RequiresRevision",
        "Approved",
        "InProgress",
        "Review",
        "Blocked",
        "Done",
    ];

    /// A story in `state`, with `tasks` (done or not) and a title.
    fn story(id: &str, state: &str, tasks: &[bool], title: &str) -> String {
        let list: String = tasks
            .iter()
            .enumerate()
            .map(|(i, done)| format!("- [{}] Task {i}\n", if *done { "x" } else { " " }))
            .collect();
        format!(
            "---\nkind: story\nid: \"{id}\"\ntitle: \"{title}\"\nstatus: {state}\n---\n# Story {id}: {title}\n\n## Story\n\nAs a user I want it.\n\n## Acceptance Criteria\n\n1. It works.\n\n## Tasks / Subtasks\n\n{list}\n## Dev Notes\n\nNone.\n"
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6))]
        /// Regression: the steps items share, given to each with its ID,
        /// are the steps each item is given on its own, for any stories
        /// in any states, with any tasks done; and the steps read with
        /// the stat cache are those judged without it.
        #[test]
        fn shared_steps_are_each_items_own_steps(
            items in proptest::collection::vec(
                (0..STATES.len(), proptest::collection::vec(any::<bool>(), 0..4), "[a-z ]{1,12}"),
                1..40,
            )
        ) {
            let stories: Vec<(String, String)> = items
                .iter()
                .enumerate()
                .map(|(i, (state, tasks, title))| {
                    let id = format!("{}.{}", i / 10 + 1, i % 10 + 1);
                    (format!("{id}.story-{i}.md"), story(&id, STATES[*state], tasks, title.trim()))
                })
                .collect();
            with_repo(&stories, |ws| {
                // Twice: the first read judges what the stat cache lacks,
                // the second finds it there, and says the same.
                let mut first: Option<Vec<Summary>> = None;
                for _ in 0..2 {
                    let own = super::super::board_with_steps(ws).unwrap();
                    if let Some(first) = &first {
                        assert!(ws.repo.git_dir().join("orx-cache/board.bin").exists());
                        assert_eq!(&own.items, first, "what the stat cache kept");
                    }
                    first = Some(own.items.clone());
                    let (mut board, shared) = board_with_shared_steps(ws).unwrap();
                    for s in &board.items {
                        assert_eq!(shared.steps_of(s), own.items.iter().find(|o| o.path == s.path).unwrap().steps);
                    }
                    shared.fill(&mut board.items);
                    assert_eq!(board.items, own.items);
                    assert_eq!(board.agents, own.agents);
                }
            });
        }
    }

    /// The items of one state share one list: it is made once.
    #[test]
    fn items_in_one_state_share_one_list() {
        let stories: Vec<(String, String)> = (1..=5)
            .map(|i| {
                (
                    format!("1.{i}.story.md"),
                    story(&format!("1.{i}"), "Approved", &[], "Same"),
                )
            })
            .collect();
        with_repo(&stories, |ws| {
            let (board, shared) = board_with_shared_steps(ws).unwrap();
            assert_eq!(shared.lists().len(), 1, "{:?}", shared.lists());
            assert!(board.items.iter().all(|s| shared.list_of(s) == Some(0)));
            assert!(board.items.iter().all(|s| s.steps.is_empty()));
            assert!(
                shared.lists()[0]
                    .iter()
                    .any(|a| a.argv.iter().any(|x| x.contains(SharedSteps::SLOT)))
            );
        });
    }
}
