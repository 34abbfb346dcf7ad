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
                            &format!("{} {}", orx::text::capitalized(&w.kind), w.id),
                        ),
                        ("waiting", &w.waiting.join(", ")),
                        ("state", &w.until.join(" or ")),
                    ],
                ));
            }
        }
    }
    // A goal under discussion waits for every addressed role that has not
    // answered it.
    let goals = ws
        .kind(orx::kinds::goal::GOAL)
        .ok()
        .and_then(|k| k.workflow().ok());
    for a in orx::kinds::goal::awaiting(&ws)? {
        // What the role may do: the goal's steps for it (its answer, a claim).
        let steps = goals
            .as_ref()
            .map(|wf| wf.actions(&a.id, &a.status, &serde_json::Value::Null, &a.role))
            .unwrap_or_default();
        let asked = asked(ui.voice(), &a);
        let entry = orx::board::summary::Summary {
            kind: orx::kinds::goal::GOAL.to_owned(),
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
                            end_of_cycle: ws
                                .kind(&s.kind)
                                .and_then(|k| Ok(k.workflow()?))
                                .ok()
                                .and_then(|wf| wf.state(&s.status).map(|st| st.end_of_cycle))
                                .unwrap_or(false),
                            waiting_on: waiting_on(&s, &waits, &merges),
                            id: s.id,
                            kind: s.kind,
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
            None => ui.t("nothing-do-no-open-stories", &[]),
        });
        return Ok(0);
    }
    let mut lines = SharedLines::new(&shared);
    for (r, items) in &groups {
        ui.line(paint(BOLD, ui.role(r)));
        for s in items {
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
    }
    // Left to the operating system, as `status` leaves its board.
    std::mem::forget(groups);
    Ok(0)
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
            kind: w.kind.clone(),
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
            kind: m.kind.clone(),
            items: Vec::new(),
            until: Vec::new(),
            to: Some(m.to.clone()),
            branch: m.branch.clone(),
            trailer: Some(m.trailer.clone()),
        });
    }
    (s.waits_for.as_deref() == Some(orx::workflow::role::HUMAN)).then(|| WaitingOn {
        on: WaitOn::Human,
        kind: s.kind.clone(),
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
        let plain = !s.id.is_empty()
            && s.id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./:=@,+".contains(c));
        if !plain {
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
