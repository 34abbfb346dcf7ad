//! `review start`: a new code review of a commit range, a branch or paths.

use serde_json::json;

use crate::change::plan::{self, Actor, Plan};
use crate::engine::item::Item;
use crate::error::{Error, Result};
use crate::repo::workspace::Workspace;

/// The kind's name.
pub const KIND: &str = "codereview";

/// Plans a review of `target` over `dimensions` (the workflow's default
/// ones when empty). The target must be a revision range or revision git
/// knows, or paths in the work tree.
pub fn plan_start(
    ws: &Workspace,
    target: &str,
    dimensions: &[String],
    title: Option<&str>,
    actor: Actor,
) -> Result<Plan> {
    let target = target.trim();
    if target.is_empty() || target.chars().any(char::is_control) {
        return Err(Error::Usage(crate::msg!("give-what-review-commit-range")));
    }
    let is_rev = ws.repo.check_revs(&[target.to_owned()]).is_ok();
    let is_paths = !is_rev
        && target
            .split_whitespace()
            .all(|p| !p.starts_with('-') && ws.root().join(p).exists());
    if !is_rev && !is_paths {
        return Err(Error::NotFound(crate::msg!(
            "arg-neither-commit-range-branch",
            arg = crate::text::escape(target)
        )));
    }
    let wf = ws.kind(KIND)?.workflow()?;
    let known = wf
        .defaults
        .get("dimensions")
        .and_then(|d| d.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_owned))
                .collect::<Vec<_>>()
        })
        .unwrap_or_else(|| super::DIMENSIONS.iter().map(|d| (*d).to_owned()).collect());
    let mut chosen: Vec<String> = Vec::new();
    for d in dimensions {
        let d = d.trim().to_lowercase();
        if d.is_empty() {
            continue;
        }
        if !known.contains(&d) {
            return Err(Error::Usage(crate::msg!(
                "unknown-dimension-name-dimensions-list",
                name = crate::text::escape(&d),
                list = known.join(", ")
            )));
        }
        if !chosen.contains(&d) {
            chosen.push(d);
        }
    }
    let title = title
        .map(str::to_owned)
        .unwrap_or_else(|| format!("Review of {target}"));
    let title: String = title.chars().take(200).collect();
    let draft = plan::new_item(ws, ws.kind(KIND)?, &title, None, false, actor)?;
    let mut doc = Item::from_bytes(
        ws.registry(),
        draft.path(),
        draft.text().as_bytes().to_vec(),
    )?
    .doc;
    let set = |doc: &crate::doc::Document, k: &str, v: serde_json::Value| {
        doc.set(&[k], &v)
            // The document layer's own words.
            .map_err(|e| Error::Failed(e.message))
    };
    doc = set(&doc, "target", json!(target))?;
    if !chosen.is_empty() {
        doc = set(&doc, "dimensions", json!(chosen))?;
    }
    let item = Item::from_document(ws.registry(), draft.path(), doc)?;
    plan::create(ws, &wf, item, actor)
}
