//! What the live board in the browser (`board`) shows, as values: every
//! kind's items by state with the time each has spent there, the mark of
//! an item stuck past `doctor`'s threshold and of one waiting on other
//! items, the board of another branch read from git, and one item's page
//! (its fields, its body rendered from Markdown, its history and what may
//! be done with it). The command line serves them; the moves go through
//! the same plan as every command.

use std::collections::HashMap;

use serde::Serialize;

use crate::board::branches::{self, Across};
use crate::board::doctor;
use crate::board::report::{self, Detail};
use crate::board::summary::{Problem, Summary};
use crate::error::Result;
use crate::history::audit;
use crate::repo::workspace::Workspace;
use crate::workflow::Workflow;

/// The board of one branch.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The branch shown (none: a detached HEAD).
    pub branch: Option<String>,
    /// Whether it is the branch checked out here (else it is read from
    /// git, and no move is made on it).
    pub current: bool,
    /// The language of the repository's messages (`en`, `zh`).
    pub lang: String,
    /// Seconds since the epoch, when the view was made.
    pub now: i64,
    /// `doctor`'s threshold: an open item longer in its state is stuck.
    pub stuck_after_hours: f64,
    pub kinds: Vec<KindView>,
    /// Every role the repository knows, in its usual order.
    pub roles: Vec<String>,
    /// Files that are not usable items.
    pub problems: Vec<Problem>,
    /// The local branches, the one shown among them.
    pub branches: Vec<String>,
}

/// One kind's columns and cards.
#[derive(Clone, Debug, Serialize)]
pub struct KindView {
    pub kind: String,
    pub states: Vec<Column>,
    pub cards: Vec<Card>,
}

/// One state of a kind's workflow, in its order.
#[derive(Clone, Debug, Serialize)]
pub struct Column {
    pub name: String,
    /// The role that acts in it (`@field`: the item's field names it).
    pub owner: Option<String>,
    pub terminal: bool,
    /// The states a move from here may go to.
    pub to: Vec<String>,
}

/// One item on the board.
#[derive(Clone, Debug, Serialize)]
pub struct Card {
    pub id: String,
    pub title: String,
    pub status: String,
    /// The role its next step is for.
    pub waits_for: Option<String>,
    /// When it entered its state (seconds since the epoch), as history
    /// says; none while the change is not committed.
    pub since: Option<i64>,
    pub stuck: bool,
    /// The items a move of it waits for, not where they must be yet.
    pub waiting: Vec<String>,
    /// Its states on the other local branches that disagree with this
    /// one: `branch: state`.
    pub elsewhere: Vec<String>,
}

/// The board of the branch checked out, with the time in state of every
/// item (from the history cache), as of `now` (seconds since the epoch).
pub fn view(ws: &Workspace, now: i64) -> Result<View> {
    let board = report::board(ws)?;
    let entered = doctor::entered(ws, None)?;
    let limit = ws.rules.config.doctor.stuck_after_hours;
    let mut waiting: HashMap<String, Vec<String>> = HashMap::new();
    for w in report::waiting(ws, &board)? {
        let list = waiting.entry(format!("{}:{}", w.kind, w.id)).or_default();
        for id in w.waiting {
            if !list.contains(&id) {
                list.push(id);
            }
        }
    }
    let branch = ws.repo.head_branch();
    let locals: Vec<String> = ws
        .repo
        .branches(false)?
        .into_iter()
        .map(|b| b.name)
        .collect();
    // The states other branches give: only read when there are others.
    let elsewhere = if locals.len() > 1 {
        disagreements(&branches::across(ws, false)?, branch.as_deref())
    } else {
        HashMap::new()
    };
    let card = |s: &Summary| {
        let key = format!("{}:{}", s.kind, s.id);
        let since = entered.get(&key).map(|(_, t)| *t);
        let hours = since.map(|t| (now - t).max(0) as f64 / 3600.0);
        Card {
            id: s.id.clone(),
            title: s.title.clone(),
            status: s.status.clone(),
            waits_for: s.waits_for.clone(),
            since,
            stuck: doctor::is_stuck(s.terminal, hours, limit),
            waiting: waiting.get(&key).cloned().unwrap_or_default(),
            elsewhere: elsewhere.get(&key).cloned().unwrap_or_default(),
        }
    };
    let mut kinds = vec![kind_view(&board.workflow, board.items.iter().map(card))];
    for k in &board.others {
        kinds.push(kind_view(&k.workflow, k.items.iter().map(card)));
    }
    if !board.agents.is_empty()
        && let Some(of) = crate::kinds::own_section(ws.registry())
        && let Ok(wf) = of.workflow()
    {
        kinds.push(kind_view(&wf, board.agents.iter().map(card)));
    }
    Ok(View {
        branch,
        current: true,
        lang: ws.lang().to_owned(),
        now,
        stuck_after_hours: limit,
        kinds,
        roles: role_names(ws),
        problems: board.problems,
        branches: locals,
    })
}

/// The board of the local branch `name`, read from its tip's tree (the
/// states only: no time in state, no waits), with the states other
/// branches disagree on.
pub fn view_of_branch(ws: &Workspace, name: &str, now: i64) -> Result<View> {
    let across = branches::across(ws, false)?;
    let Some(col) = across.branches.iter().position(|b| b.name == name) else {
        return Err(crate::Error::BadValue {
            input: "BRANCH".to_owned(),
            message: crate::msg!(
                "branch-not-local-branch-branches",
                branch = crate::text::escape(name),
                list = across
                    .branches
                    .iter()
                    .map(|b| b.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    };
    let elsewhere = disagreements(&across, Some(name));
    let mut by_kind: Vec<(crate::workflow::kind::Kind, Vec<Card>)> = Vec::new();
    for row in &across.items {
        let Some(state) = &row.states[col] else {
            continue;
        };
        let key = format!("{}:{}", row.kind, row.id);
        let card = Card {
            id: row.id.clone(),
            title: row.title.clone(),
            status: state.clone(),
            waits_for: None,
            since: None,
            stuck: false,
            waiting: Vec::new(),
            elsewhere: elsewhere.get(&key).cloned().unwrap_or_default(),
        };
        match by_kind.iter_mut().find(|(k, _)| *k == row.kind) {
            Some((_, cards)) => cards.push(card),
            None => by_kind.push((row.kind.clone(), vec![card])),
        }
    }
    let default = ws.registry().named(ws.default_kind());
    if !by_kind.iter().any(|(k, _)| *k == default) {
        by_kind.insert(0, (default.clone(), Vec::new()));
    }
    by_kind.sort_by_key(|(k, _)| *k != default);
    let mut kinds = Vec::new();
    for (kind, cards) in by_kind {
        if let Ok(wf) = kind.workflow() {
            kinds.push(kind_view(&wf, cards.into_iter()));
        }
    }
    Ok(View {
        branch: Some(name.to_owned()),
        current: ws.repo.head_branch().as_deref() == Some(name),
        lang: ws.lang().to_owned(),
        now,
        stuck_after_hours: ws.rules.config.doctor.stuck_after_hours,
        kinds,
        roles: role_names(ws),
        problems: Vec::new(),
        branches: across.branches.into_iter().map(|b| b.name).collect(),
    })
}

/// Per item (`KIND:ID`), the states the other branches than `shown` give
/// it where they disagree (`branch: state`, `branch: -` for a branch
/// without it).
fn disagreements(across: &Across, shown: Option<&str>) -> HashMap<String, Vec<String>> {
    let mut out = HashMap::new();
    for row in across.items.iter().filter(|r| r.disagree || r.partial) {
        let here = across
            .branches
            .iter()
            .position(|b| Some(b.name.as_str()) == shown)
            .and_then(|i| row.states[i].as_ref());
        let others: Vec<String> = across
            .branches
            .iter()
            .zip(&row.states)
            .filter(|(b, s)| Some(b.name.as_str()) != shown && s.as_ref() != here)
            .map(|(b, s)| format!("{}: {}", b.name, s.as_deref().unwrap_or("-")))
            .collect();
        if !others.is_empty() {
            out.insert(format!("{}:{}", row.kind, row.id), others);
        }
    }
    out
}

fn role_names(ws: &Workspace) -> Vec<String> {
    ws.rules
        .roles
        .names()
        .into_iter()
        .map(str::to_owned)
        .collect()
}

fn kind_view(wf: &Workflow, cards: impl Iterator<Item = Card>) -> KindView {
    KindView {
        kind: wf.name.clone(),
        states: wf
            .states
            .iter()
            .map(|s| {
                let mut to: Vec<String> = wf
                    .transitions_from(&s.name)
                    .into_iter()
                    .map(|t| t.to.clone())
                    .collect();
                to.dedup();
                Column {
                    name: s.name.clone(),
                    owner: s.owner.clone(),
                    terminal: s.terminal,
                    to,
                }
            })
            .collect(),
        cards: cards.collect(),
    }
}

/// The roles the git user (`email`) may act as: every role when the
/// config lists no `identities`, else the roles of the identity with that
/// email (none when no identity has it).
pub fn roles_for(ws: &Workspace, email: Option<&str>) -> Vec<String> {
    let ids = &ws.rules.config.identities;
    if ids.is_empty() {
        return role_names(ws);
    }
    let Some(email) = email else {
        return Vec::new();
    };
    ids.iter()
        .find(|i| i.email.eq_ignore_ascii_case(email))
        .map(|i| i.roles.clone())
        .unwrap_or_default()
}

/// One item's page.
#[derive(Clone, Debug, Serialize)]
pub struct ItemPage {
    /// Its summary (with the actions its state offers `role`), fields and
    /// every move from its state, judged for `role`.
    #[serde(flatten)]
    pub detail: Detail,
    /// Its body, rendered from Markdown to HTML (raw HTML in it escaped).
    pub body_html: String,
    /// Its history, newest first (changes of state, edits, records).
    pub history: Vec<audit::Entry>,
}

/// The page of the item `key` (`ID` or `KIND:ID`), its moves and actions
/// judged for `role` when given.
pub fn item_page(ws: &Workspace, key: &str, role: Option<&str>) -> Result<ItemPage> {
    let item = ws.find(key)?;
    let body_html = markdown(item.doc.body());
    let history = audit::log(
        &ws.repo,
        ws,
        &audit::Options {
            id: Some(item.id.clone()),
            kind: Some(item.kind.to_string()),
            ..Default::default()
        },
    )?;
    let detail = report::detail_of(ws, item, role)?;
    Ok(ItemPage {
        detail,
        body_html,
        history,
    })
}

/// Markdown as HTML, safe to put in a page: raw HTML is shown as text
/// (HTML comments, the templates' markers, are dropped), and a link or an
/// image whose address is not `http`, `https`, `mailto` or relative loses
/// its address.
pub fn markdown(text: &str) -> String {
    use pulldown_cmark::{CowStr, Event, Options, Parser, Tag};
    let safe = |url: &str| {
        let lower = url.trim().to_ascii_lowercase();
        match lower.split_once(':') {
            Some((scheme, _)) if !scheme.contains(['/', '?', '#']) => {
                matches!(scheme, "http" | "https" | "mailto")
            }
            _ => true,
        }
    };
    let comment = |h: &str| {
        let h = h.trim();
        h.starts_with("<!--") && h.ends_with("-->")
    };
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let events = Parser::new_ext(text, options).filter_map(|e| match e {
        Event::Html(h) | Event::InlineHtml(h) if comment(&h) => None,
        Event::Html(h) | Event::InlineHtml(h) => Some(Event::Text(h)),
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) if !safe(&dest_url) => Some(Event::Start(Tag::Link {
            link_type,
            dest_url: CowStr::Borrowed(""),
            title,
            id,
        })),
        Event::Start(Tag::Image {
            link_type,
            dest_url,
            title,
            id,
        }) if !safe(&dest_url) => Some(Event::Start(Tag::Image {
            link_type,
            dest_url: CowStr::Borrowed(""),
            title,
            id,
        })),
        e => Some(e),
    });
    let mut out = String::with_capacity(text.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::markdown;

    #[test]
    fn markdown_escapes_raw_html_and_unsafe_links() {
        let cases = [
            ("# Title", "<h1>Title</h1>\n"),
            (
                "a <b>bold</b> word",
                "<p>a &lt;b&gt;bold&lt;/b&gt; word</p>\n",
            ),
            (
                "<script>alert(1)</script>",
                "&lt;script&gt;alert(1)&lt;/script&gt;",
            ),
            ("<!-- orx: required -->\n## Story", "<h2>Story</h2>\n"),
            ("[x](javascript:alert(1))", "<p><a href=\"\">x</a></p>\n"),
            (
                "[x](https://e.org/a)",
                "<p><a href=\"https://e.org/a\">x</a></p>\n",
            ),
            ("[x](docs/a.md)", "<p><a href=\"docs/a.md\">x</a></p>\n"),
            (
                "- [x] done",
                "<ul>\n<li><input disabled=\"\" type=\"checkbox\" checked=\"\"/>\ndone</li>\n</ul>\n",
            ),
            (
                "| a |\n|---|\n| 1 |",
                "<table><thead><tr><th>a</th></tr></thead><tbody>\n<tr><td>1</td></tr>\n</tbody></table>\n",
            ),
        ];
        for (md, html) in cases {
            let got = markdown(md);
            assert!(got.contains(html), "{md:?} gave {got:?}");
        }
        assert!(!markdown("<img src=x onerror=alert(1)>").contains("<img"));
    }
}
