//! End-to-end tests: the built binary, driven through `git orx` in
//! hermetic temporary repositories. One test binary, one module per area.

mod common;
mod test_agent;
mod test_args;
mod test_boundary;
mod test_bypass;
mod test_cache;
mod test_cli;
mod test_doctor;
mod test_files;
mod test_first_hour;
mod test_gate;
mod test_history;
mod test_hook_tools;
mod test_hooks;
mod test_interleavings;
mod test_kinds;
mod test_kinds_engine;
mod test_lang;
mod test_lifecycle;
mod test_log;
mod test_lossless;
mod test_metrics;
mod test_move;
mod test_readme;
mod test_regressions;
mod test_repo_states;
mod test_report;
mod test_rollback;
mod test_rules;
mod test_shell;
mod test_store;
mod test_verify;
mod test_verify_fails;
mod test_wording;
mod test_workflow;
