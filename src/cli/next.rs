//! `git orx next`

use orx::board::report;
use orx::text::escape;

use super::{BOLD, Ui, paint};

/// What each role should do now, as handoff messages.
#[derive(clap::Args)]
pub struct Args {
    /// Only this role's work.
    #[arg(long, value_name = "ROLE")]
    role: Option<String>,
}

pub fn run(ui: &mut Ui, args: Args) -> orx::Result<u8> {
    let ws = super::open(ui)?;
    let want = args
        .role
        .as_deref()
        .map(|r| ws.check_role(r, orx::workflow::role::RoleSource::Filter))
        .transpose()?;
    // The steps items share are made once per list (see `SharedSteps`).
    let (mut board, shared) = report::board_with_shared_steps(&ws)?;
    // An item whose move waits for other items (a task's start, for the
    // tasks it depends on) is not offered that move: it says what it
    // waits for.
    let waits = report::waiting(&ws, &board)?;
    let merges = if ui.is_json() {
        report::awaited_merges(&ws, &board)
    } else {
        Vec::new()
    };
    let mut groups = report::next(&mut board, &ws.roles.names());
    for w in &waits {
        for s in groups.iter_mut().flat_map(|(_, list)| list.iter_mut()) {
            if s.kind == w.kind && s.id == w.id {
                if shared.list_of(s).is_some() {
                    s.steps = shared.steps_of(s);
                }
                s.steps.retain(|a| a.to.as_deref() != Some(w.to.as_str()));
                s.handoff = Some(ui.t(
                    "item-waits-waiting-not-state",
                    &[
                        (
                            "item",
                            &format!("{} {}", orx::text::capitalized(w.kind.name()), w.id),
                        ),
                        ("waiting", &w.waiting.join(", ")),
                        (
                            "state",
                            &ui.m(&orx::text::message::either(
                                w.until.iter().map(orx::text::message::Message::text),
                            )),
                        ),
                    ],
                ));
            }
        }
    }
    // A goal under discussion waits for every addressed role that has not
    // answered it.
    for a in orx::kinds::goal::awaiting(&ws)? {
        // What the role may do: the goal's steps for it (its answer, a claim).
        let steps = a
            .kind
            .workflow()
            .map(|wf| wf.actions(&a.id, &a.status, &serde_json::Value::Null, &a.role))
            .unwrap_or_default();
        let asked = asked(ui.voice(), &a);
        let entry = orx::board::summary::Summary {
            kind: a.kind,
            id: a.id,
            title: a.title,
            status: a.status,
            owner: Some(a.role.clone()),
            terminal: false,
            path: a.path,
            handoff: Some(asked),
            waits_for: Some(a.role.clone()),
            steps,
        };
        match groups.iter_mut().find(|(r, _)| *r == a.role) {
            Some((_, list)) => list.push(entry),
            None => groups.push((a.role, vec![entry])),
        }
    }
    let groups: Vec<_> = groups
        .into_iter()
        .filter(|(r, _)| want.as_ref().is_none_or(|w| w == r))
        .collect();
    if ui.is_json() {
        use super::output::board::{Next, NextAction, RoleActions};
        let roles = groups
            .into_iter()
            .map(|(role, items)| RoleActions {
                role,
                actions: items
                    .into_iter()
                    .map(|mut s| {
                        let steps = match shared.list_of(&s) {
                            Some(_) => shared.steps_of(&s),
                            None => std::mem::take(&mut s.steps),
                        };
                        NextAction {
                            end_of_cycle: s
                                .kind
                                .workflow()
                                .ok()
                                .and_then(|wf| wf.state(&s.status).map(|st| st.end_of_cycle))
                                .unwrap_or(false),
                            waiting_on: waiting_on(&s, &waits, &merges),
                            id: s.id,
                            kind: s.kind.to_string(),
                            title: s.title,
                            status: s.status,
                            path: s.path,
                            message: s.handoff,
                            steps,
                        }
                    })
                    .collect(),
            })
            .collect();
        let mut create = Vec::new();
        for role in ws.roles.names() {
            if want.as_ref().is_some_and(|w| w != role) {
                continue;
            }
            for kind in ws.registry().iter() {
                if let Some(a) = kind.workflow().ok().and_then(|wf| wf.create_action(role)) {
                    create.push(a);
                }
            }
        }
        let next = Next {
            version: super::output::Version,
            lang: ws.lang(),
            roles,
            create,
            problems: &board.problems,
        };
        ui.json(&next);
        // Left to the operating system, as `status` leaves its board: the
        // process ends here.
        std::mem::forget(next);
        return Ok(0);
    }
    // A file that cannot be read is never hidden behind "Nothing to do".
    for line in super::unreadable_lines(ui.voice(), &ws, &board.problems) {
        ui.eline(super::epaint(super::YELLOW, line));
    }
    if groups.is_empty() {
        ui.line(match &want {
            Some(r) => ui.t("nothing-role-do", &[("role", &ui.role(r))]),
            None if !board.problems.is_empty() => ui.t("nothing-do-among-items-could", &[]),
            None => ui.t("nothing-do-no-open-items", &[]),
        });
        return Ok(0);
    }
    print_groups(ui, &groups, &shared, true);
    // Left to the operating system, as `status` leaves its board.
    std::mem::forget(groups);
    Ok(0)
}

/// Prints each role's items, each with what it should do; `blocks`: the
/// items that share a list of steps are printed from [`Blocks`], made
/// once (the same bytes: a test compares them).
fn print_groups(
    ui: &mut Ui,
    groups: &[(String, Vec<orx::board::summary::Summary>)],
    shared: &report::SharedSteps,
    blocks: bool,
) {
    let mut lines = SharedLines::new(shared);
    let mut made = Blocks::default();
    for (r, items) in groups {
        ui.line(paint(BOLD, ui.role(r)));
        for s in items {
            if !(blocks && made.print(ui, s, &mut lines)) {
                print_item(ui, s, &mut lines);
            }
        }
    }
}

/// One item as `next` prints it: its handoff message, then its steps.
fn print_item(ui: &mut Ui, s: &orx::board::summary::Summary, lines: &mut SharedLines) {
    let msg = s.handoff.clone().unwrap_or_else(|| {
        ui.t(
            "item-state",
            &[
                ("item", &format!("{} {}", s.kind, s.id)),
                ("state", &s.status),
            ],
        )
    });
    for line in msg.lines() {
        ui.wrap(format!("  {}", escape(line)), 4);
    }
    match lines.of(s) {
        Some(steps) => {
            for (primary, line) in steps {
                super::show::print_step_line(ui, primary, &line, 4);
            }
        }
        None => super::show::print_steps(ui, &s.steps, 4),
    }
}

/// The text [`print_item`] prints for the items that share a list of
/// steps, made once per list, length of ID and handoff message (with the
/// ID cut out): such items print the same but for their ID, so the text
/// is printed once with a mark where the ID goes (wrapped as it would be:
/// the mark is as long as the ID), cut there, and each item is given the
/// pieces with its ID between them. 10,000 stories print 23,000 lines;
/// each would be looked up for its language, painted and wrapped.
#[derive(Default)]
struct Blocks {
    /// Per key ([`Blocks::key`]): the kind and state the pieces were
    /// made for, and the pieces (`None`: the mark cannot stand for an ID).
    made:
        std::collections::HashMap<String, (orx::workflow::kind::Kind, String, Option<Vec<String>>)>,
    key: String,
    buf: String,
}

impl Blocks {
    /// Prints `s` from the pieces made for its key, made when first
    /// needed; false when `s` is to be printed on its own ([`print_item`]).
    fn print(
        &mut self,
        ui: &mut Ui,
        s: &orx::board::summary::Summary,
        lines: &mut SharedLines,
    ) -> bool {
        use std::fmt::Write;
        if !plain_id(&s.id) {
            return false;
        }
        let Some(i) = lines.shared.list_of(s) else {
            return false;
        };
        // The list, the ID's length and the handoff message cut where the
        // ID is, each piece with its length (no two messages give one key).
        self.key.clear();
        let _ = write!(self.key, "{i} {} ", s.id.len());
        match &s.handoff {
            None => self.key.push('-'),
            Some(h) => {
                for piece in h.split(s.id.as_str()) {
                    let _ = write!(self.key, "{}:{piece}", piece.len());
                }
            }
        }
        if !self.made.contains_key(self.key.as_str()) {
            let made = (s.kind.clone(), s.status.clone(), pieces(ui, s, lines));
            self.made.insert(self.key.clone(), made);
        }
        let Some((kind, status, Some(pieces))) = self.made.get(self.key.as_str()) else {
            return false;
        };
        if *kind != s.kind || *status != s.status {
            return false;
        }
        self.buf.clear();
        for (k, piece) in pieces.iter().enumerate() {
            if k > 0 {
                self.buf.push_str(&s.id);
            }
            self.buf.push_str(piece);
        }
        ui.verbatim(&self.buf);
        true
    }
}

/// What [`print_item`] prints for `s` with the ID `id` in place of its
/// own (in its handoff message too), as one text.
fn printed(
    ui: &Ui,
    s: &orx::board::summary::Summary,
    id: &str,
    lines: &mut SharedLines,
) -> Option<String> {
    let mut held = ui.capture();
    let item = orx::board::summary::Summary {
        id: id.to_owned(),
        handoff: s
            .handoff
            .as_ref()
            .map(|h| h.split(s.id.as_str()).collect::<Vec<_>>().join(id)),
        ..s.clone()
    };
    print_item(&mut held, &item, lines);
    let text = held.take_lines();
    (!text.is_empty()).then(|| text.join("\n"))
}

/// [`printed`] for `s`, cut where its ID goes; `None` unless putting an
/// ID of the same length between the pieces gives what is printed with it.
fn pieces(
    ui: &Ui,
    s: &orx::board::summary::Summary,
    lines: &mut SharedLines,
) -> Option<Vec<String>> {
    let (mark, sample) = ("@".repeat(s.id.len()), "1".repeat(s.id.len()));
    let pieces: Vec<String> = printed(ui, s, &mark, lines)?
        .split(&mark)
        .map(str::to_owned)
        .collect();
    (pieces.join(&sample) == printed(ui, s, &sample, lines)?).then_some(pieces)
}

/// Whether `id` is put in a command line as it is (no quoting, no
/// escaping).
fn plain_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@,+".contains(c))
}

/// What `s` waits on: the items its move waits for, else the merge its
/// forward move is made by, else a person, when it waits for the Human.
fn waiting_on(
    s: &orx::board::summary::Summary,
    waits: &[report::Waiting],
    merges: &[report::AwaitedMerge],
) -> Option<super::output::board::WaitingOn> {
    use super::output::board::{WaitOn, WaitingOn};
    if let Some(w) = waits.iter().find(|w| w.kind == s.kind && w.id == s.id) {
        return Some(WaitingOn {
            on: WaitOn::Items,
            kind: w.kind.to_string(),
            items: w.waiting.clone(),
            until: w.until.clone(),
            to: Some(w.to.clone()),
            branch: None,
            trailer: None,
        });
    }
    if let Some(m) = merges.iter().find(|m| m.kind == s.kind && m.id == s.id) {
        return Some(WaitingOn {
            on: WaitOn::Merge,
            kind: m.kind.to_string(),
            items: Vec::new(),
            until: Vec::new(),
            to: Some(m.to.clone()),
            branch: m.branch.clone(),
            trailer: Some(m.trailer.clone()),
        });
    }
    (s.waits_for.as_deref() == Some(orx::workflow::role::HUMAN)).then(|| WaitingOn {
        on: WaitOn::Human,
        kind: s.kind.to_string(),
        items: Vec::new(),
        until: Vec::new(),
        to: None,
        branch: None,
        trailer: None,
    })
}

/// What a discussion asks of a role, worded with the commands and flags
/// that do it.
fn asked(voice: &crate::cli::msg::Voice, a: &orx::kinds::goal::Awaiting) -> String {
    use orx::kinds::goal::Wants;
    let id = &a.id;
    match &a.wants {
        Wants::Answer => voice.t(
            "goal-id-round-round-waits-2",
            &[("id", &id), ("round", &a.round), ("id2", &id), ("id3", &id)],
        ),
        Wants::Plan => voice.t(
            "goal-id-assigned-you-write-2",
            &[("id", &id), ("id2", &id), ("id3", &id)],
        ),
        Wants::PlanCheck { author } => voice.t(
            "goal-id-who-s-plan-2",
            &[("id", &id), ("who", &author), ("id2", &id)],
        ),
        Wants::Claim => voice.t(
            "goal-id-reviewer-approved-your",
            &[("id", &id), ("id2", &id)],
        ),
    }
}

/// The command lines of the steps items share, as `next` prints them:
/// made once per shared list with a mark where the ID goes, and given
/// each item with its ID in place of the mark.
struct SharedLines<'s> {
    shared: &'s report::SharedSteps,
    /// Per list: each step's (forward, command line with the mark), or
    /// `None` when the mark cannot stand for an ID there.
    made: Vec<Option<Option<Lines>>>,
}

/// Each step's (forward, command line).
type Lines = Vec<(bool, String)>;

/// What stands for the ID in a shared list's command lines.
const MARK: &str = "ORX-ITEM-ID-MARK";

impl<'s> SharedLines<'s> {
    fn new(shared: &'s report::SharedSteps) -> Self {
        SharedLines {
            shared,
            made: vec![None; shared.lists().len()],
        }
    }

    /// The (forward, command line) of each of `s`'s steps when it shares
    /// a list whose lines are made with the mark and its ID needs no
    /// quoting nor escaping; `None`: its steps are printed one by one.
    fn of(&mut self, s: &orx::board::summary::Summary) -> Option<Lines> {
        let i = self.shared.list_of(s)?;
        if !plain_id(&s.id) {
            return None;
        }
        let shared = self.shared;
        let lines = |id: &str| -> Lines {
            shared
                .list_with_id(i, id)
                .iter()
                .map(|a| (a.primary, escape(&a.command_line())))
                .collect()
        };
        let marked = self.made[i].get_or_insert_with(|| {
            // The mark stands for an ID only where putting one in its
            // place gives the line made with that ID.
            let marked = lines(MARK);
            let sample = "1.1";
            let exact = marked
                .iter()
                .zip(lines(sample))
                .all(|((p, l), (q, m))| *p == q && l.replace(MARK, sample) == m);
            exact.then_some(marked)
        });
        Some(
            marked
                .as_ref()?
                .iter()
                .map(|(p, l)| (*p, l.replace(MARK, &s.id)))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::output::shared_steps::tests::{STATES, story, with_repo};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(6))]
        /// Regression: `next` printed from the blocks made once per shared
        /// list is, byte for byte, each item printed on its own, coloured
        /// or not, wrapped or not, in either language.
        #[test]
        fn next_from_shared_blocks_is_each_item_printed(
            items in proptest::collection::vec(
                (0..STATES.len(), proptest::collection::vec(any::<bool>(), 0..3), "[a-z ]{1,10}"),
                0..25,
            ),
            width in prop_oneof![Just(usize::MAX), 40usize..100],
            color in any::<bool>(),
            zh in any::<bool>(),
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
                let (mut board, shared) = report::board_with_shared_steps(ws).unwrap();
                let groups = report::next(&mut board, &ws.roles.names());
                let mut base = Ui::new(
                    if color { super::super::ColorWhen::Always } else { super::super::ColorWhen::Never },
                    false,
                );
                base.width = std::cell::OnceCell::from(width);
                base.lang_of_config(if zh { "zh" } else { "en" });
                let print = |blocks: bool| {
                    let mut held = base.capture();
                    print_groups(&mut held, &groups, &shared, blocks);
                    held.take_lines().join("\n")
                };
                assert_eq!(print(true), print(false));
            });
        }
    }
}
