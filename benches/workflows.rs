//! `cargo bench --bench workflows`: what the built-in workflows cost a
//! process that reads them, in the process itself (no git, no files).
//!
//! Every command and hook builds the registry of kinds (each built-in
//! kind's `items:` and `state_field:`), and a hook judging a change to a
//! story compiles the story workflow. This times, as the median of many
//! rounds, each of those alone: the registry of the built-in kinds, and
//! each built-in workflow loaded (its expressions compiled on first use,
//! as the hooks do). No test asserts on time; the figures go in
//! docs/performance.md.

use std::time::{Duration, Instant};

use orx::workflow::kind::Kinds;
use orx::workflow::role::Roles;
use orx::workflow::{BUILTIN, Workflow};

const ROUNDS: usize = 41;

/// The median time of `f` over `ROUNDS` rounds of `per` calls each, per call.
fn time(per: usize, mut f: impl FnMut()) -> Duration {
    f();
    let mut runs: Vec<Duration> = (0..ROUNDS)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..per {
                f();
            }
            start.elapsed() / per as u32
        })
        .collect();
    runs.sort();
    runs[ROUNDS / 2]
}

fn us(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

fn main() {
    let roles = Roles::default();
    let registry = time(20, || {
        let kinds = Kinds::of_builtins(roles.clone());
        assert_eq!(kinds.iter().count(), BUILTIN.len());
    });
    println!(
        "{:<44} {:>12}",
        "registry of the built-in kinds",
        us(registry)
    );
    let mut all = Duration::ZERO;
    for (name, src) in BUILTIN {
        let t = time(10, || {
            let wf = Workflow::load(name, None, &roles).expect("a built-in workflow loads");
            assert_eq!(wf.name, *name);
        });
        all += t;
        println!(
            "{:<44} {:>12}",
            format!("{name} workflow loaded ({} KB of YAML)", src.len() / 1024),
            us(t)
        );
    }
    println!("{:<44} {:>12}", "every built-in workflow loaded", us(all));
}
