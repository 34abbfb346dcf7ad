//! Changes to items: a plan made in memory from the rules' verdict, sealed,
//! then the one executor that writes and commits it and runs its
//! transition's actions (`files`, its last step, writes and commits every
//! file git-orx commits: adoptions, renumbers and acknowledgements too);
//! checkpoints and rollback.

pub mod checkpoint;
pub mod files;
pub mod merge;
pub mod plan;
pub mod prompt;
pub mod renumber;
pub mod run;
pub mod state;
