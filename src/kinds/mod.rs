//! What belongs to one kind of item rather than to the engine: the story's
//! assessment, checklist and gate, and the agent's context and task queue.
//! The engine reaches them through the workflow (its triggers, records,
//! measures and actions); nothing outside this folder and the commands
//! names a kind's states, roles or fields.

pub mod agent;
pub mod codereview;
pub mod goal;
pub mod loops;
pub mod metrics;
pub mod report;
pub mod story;

use crate::workflow::kind::{KIND_CODE, Kind, Kinds};

#[cfg(test)]
mod messages;
#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds whose rules need Rust are found by their kind, each with
    /// what its code does; every other kind (a team's too) has none.
    #[test]
    fn a_built_in_kind_with_code_is_found_by_its_kind() {
        let kinds = Kinds::builtin();
        let kind = |name: &str| kinds.get(name).unwrap();
        assert!(kind(goal::GOAL).code().is_some_and(|c| c.judges_steps()));
        assert!(kind(loops::KIND).code().is_some_and(|c| !c.judges_steps()));
        assert!(
            kind(agent::KIND)
                .code()
                .is_some_and(|c| c.own_section() && !c.judges_steps())
        );
        assert_eq!(own_section(kinds).map(|k| k.name()), Some(agent::KIND));
        for name in ["story", "task", "codereview"] {
            assert!(kind(name).code().is_none(), "{name}");
            assert!(!kind(name).judges_steps(), "{name}");
        }
        // A team's kind has no code, nor has a kind nothing is known of,
        // whatever it is called.
        assert!(kinds.named("outage").code().is_none());
    }
}
#[cfg(test)]
pub(crate) mod no_kind_names;

/// What a built-in kind's own Rust adds to its workflow, where a rule is
/// more than data: a loop's progress files, a goal's round. The engine
/// reaches it through the kind ([`CodeOf::code`]), never by comparing names;
/// every method does nothing unless the kind's code says otherwise, and
/// a team's kind has none.
pub trait KindCode: Sync {
    /// The files the kind keeps beside `item` after `action` left its
    /// fields `after`, each with its new bytes.
    fn files_after(
        &self,
        _ws: &crate::repo::workspace::Workspace,
        _item: &crate::engine::item::Item,
        _action: &str,
        _after: &serde_json::Value,
    ) -> crate::error::Result<Vec<(String, Vec<u8>)>> {
        Ok(Vec::new())
    }

    /// Whether the steps of the kind's items are judged with what only
    /// its code knows of the repository around them ([`KindCode::judge_steps`]).
    fn judges_steps(&self) -> bool {
        false
    }

    /// `steps` (item `item`'s) judged with what only the kind's code
    /// knows.
    fn judge_steps(
        &self,
        _ws: &crate::repo::workspace::Workspace,
        _item: &crate::engine::item::Item,
        _steps: &mut [crate::workflow::steps::Action],
    ) -> crate::error::Result<()> {
        Ok(())
    }

    /// Whether the kind's items are shown in a section of their own (the
    /// board's agents), not among the other kinds' items.
    fn own_section(&self) -> bool {
        false
    }
}

/// A kind's code as the registry holds it ([`KIND_CODE`]).
struct Handle(&'static dyn KindCode);

/// The built-in kinds whose workflows have code of their own, each with
/// its code, given to the registry when the program is linked.
#[linkme::distributed_slice(KIND_CODE)]
static LOOP: (&str, &(dyn std::any::Any + Send + Sync)) = (loops::KIND, &Handle(&loops::Code));
#[linkme::distributed_slice(KIND_CODE)]
static GOAL: (&str, &(dyn std::any::Any + Send + Sync)) = (goal::GOAL, &Handle(&goal::Code));
#[linkme::distributed_slice(KIND_CODE)]
static AGENT: (&str, &(dyn std::any::Any + Send + Sync)) = (agent::KIND, &Handle(&agent::Code));

/// A kind's own code, reached from the kind itself: the registry gave
/// each built-in kind with code its entry when it built the kind, so
/// nothing compares names here; a team's kind, or a kind nothing is
/// known of, has none; a team's own file laid over a built-in kind
/// keeps the kind's code.
pub trait CodeOf {
    /// The kind's code, if it is a built-in kind with code of its own.
    fn code(&self) -> Option<&'static dyn KindCode>;

    /// Whether the kind's items have steps [`judge_steps`] judges.
    fn judges_steps(&self) -> bool {
        self.code().is_some_and(|c| c.judges_steps())
    }
}

impl CodeOf for Kind {
    fn code(&self) -> Option<&'static dyn KindCode> {
        let entry = self.code_entry()?.0;
        entry.downcast_ref::<Handle>().map(|h| h.0)
    }
}

/// The files `item`'s kind keeps beside it after `action` left its
/// fields `after` (a loop's progress files), each with its new bytes.
pub fn files_after(
    ws: &crate::repo::workspace::Workspace,
    item: &crate::engine::item::Item,
    action: &str,
    after: &serde_json::Value,
) -> crate::error::Result<Vec<(String, Vec<u8>)>> {
    match item.kind.code() {
        Some(c) => c.files_after(ws, item, action, after),
        None => Ok(Vec::new()),
    }
}

/// The kind whose items the board shows in a section of their own (the
/// agents), if the registry has one.
pub fn own_section(kinds: &Kinds) -> Option<&Kind> {
    kinds
        .iter()
        .find(|k| k.code().is_some_and(|c| c.own_section()))
}

/// `steps` (item `item`'s) judged with what only its kind's code knows of
/// the repository around it (a goal's round: its answers and tasks).
pub fn judge_steps(
    ws: &crate::repo::workspace::Workspace,
    item: &crate::engine::item::Item,
    steps: &mut [crate::workflow::steps::Action],
) -> crate::error::Result<()> {
    match item.kind.code() {
        Some(c) => c.judge_steps(ws, item, steps),
        None => Ok(()),
    }
}

/// The renderer of an item's body an action names (`run.actions.*.body`).
pub fn render_body(name: &str, fields: &serde_json::Value) -> Option<String> {
    codereview::report::render(name, fields)
}
