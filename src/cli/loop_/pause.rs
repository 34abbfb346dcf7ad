//! `git orx loop pause`, `git orx loop resume`

use super::{LoopChange, Ui};
use orx::kinds::loops::Control;

pub fn run(ui: &mut Ui, args: LoopChange, signal: Control) -> orx::Result<u8> {
    ui.acting_on(orx::kinds::loops::KIND, &args.id);
    let (ws, role) = crate::cli::open_as(ui, &args.change)?;
    let plan =
        orx::kinds::loops::plan_control(&ws, &args.id, signal, None, args.change.actor(&role))?;
    super::execute(ui, &ws, &plan, &args.change, Default::default())?;
    Ok(0)
}
