//! The command layer: argument structs, terminal output, exit codes.
//! One file per command, declared `pub mod` below; each has `Args` (its
//! doc comments are the help) and `run(ui, args) -> Result<u8>` returning
//! the exit code. Four `pub mod`s are not commands but serve them:
//! `help.rs` (the overview), `msg.rs` (how a command speaks), `output/`
//! (the `--json` outputs) and `diff.rs` (the diffs `--diff` prints).
//!
//! [`Ui`] is the command's context, made once in `main` and passed to
//! every command: the output streams, the output mode (`--json`), the
//! colour of each stream, the width text is wrapped to, whom and what the
//! command acts on (for its errors and the refusal log), and how it speaks
//! ([`msg::Voice`]: the language in force and the repository's roles). No
//! command reads a process-wide global for these.
//!
//! What every command shares is in the private modules below, each by its
//! concern, and re-exported here (`super::Ui`, `super::paint`, `super::open`):
//! `ui.rs` ([`Ui`], [`ColorWhen`]), `style.rs` (the colours, [`paint`]),
//! `wrap.rs` (widths and wrapping), `context.rs` (opening the workspace,
//! the acting role, [`ChangeArgs`]), `change_out.rs` (what a change says
//! it did), `command_error.rs` (an error's text, hints, exit code and the
//! refusal log) and `command_line.rs` (the arguments before clap parses
//! them, and its usage errors).

pub mod acknowledge;
pub mod adopt;
pub mod agent;
pub mod agents_md;
pub mod assess;
pub mod backup;
pub mod backups;
pub mod board;
pub mod check;
pub mod checkpoint;
pub mod checkpoints;
pub mod completions;
pub mod demo;
pub mod diff;
pub mod doctor;
pub mod error;
pub mod gate;
pub mod help;
pub mod history;
pub mod hook;
pub mod hooks;
pub mod init;
pub mod kind;
pub mod log;
pub mod loop_;
pub mod man;
pub mod mcp;
pub mod merge_file;
pub mod metrics;
pub mod move_;
pub mod msg;
pub mod new;
pub mod next;
pub mod output;
pub mod prompt;
pub mod renumber;
pub mod report;
pub mod resolve;
pub mod restore;
pub mod review;
pub mod rollback;
pub mod run;
pub mod schema;
pub mod show;
pub mod status;
pub mod story;
pub mod update;
pub mod verify;
// Goals, tasks, discussion, the ticker and the forge bridge.
pub mod claim;
pub mod discuss;
pub mod event;
pub mod goal;
pub mod serve;
pub mod task;
pub mod task_merge;
pub mod tick;

// What the commands share, by concern; re-exported below.
mod change_out;
mod command_error;
mod command_line;
mod context;
mod style;
mod ui;
mod wrap;

pub use change_out::{change_of, next_moves, report_change, run_plan};
pub use command_error::{UNFENCED_HINT, exit_code, log_refusal, refusal, unreadable_lines};
pub use command_line::{arguments, lang_before_parsing, usage_error};
pub use context::{ChangeArgs, build_id, env_role, lock_wait, now_seconds, open, open_as, role};
pub use style::{BOLD, CYAN, DIM, GREEN, RED, YELLOW, epaint, paint};
pub use ui::{ColorWhen, Ui, history_progress};
