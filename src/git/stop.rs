//! Being asked to stop (Ctrl-C, SIGTERM). The command line catches the
//! signals and hands the library two flags: one the signal sets, and one
//! that says whether the signal should still end the process at once.
//! It should, except while git-orx waits for a lock or changes files
//! ([`Protect`]): there a wait gives up ([`stop_asked`]) and says so, and
//! a change under way is finished or undone, never left half made.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

struct Flags {
    /// Set by the signal.
    stop: Arc<AtomicBool>,
    /// While set, the signal ends the process as if not caught.
    end_at_once: Arc<AtomicBool>,
}

static FLAGS: OnceLock<Flags> = OnceLock::new();
static PROTECTED: AtomicUsize = AtomicUsize::new(0);

/// Given once, by the command line: `stop`, which its signal handler
/// sets, and `end_at_once`, which it reads to decide whether the signal
/// ends the process. Without them nothing is caught: a signal ends
/// git-orx as it ends any program.
pub fn on_stop(stop: Arc<AtomicBool>, end_at_once: Arc<AtomicBool>) {
    end_at_once.store(PROTECTED.load(Ordering::SeqCst) == 0, Ordering::SeqCst);
    let _ = FLAGS.set(Flags { stop, end_at_once });
}

/// Whether the user asked git-orx to stop while it was protected.
pub fn stop_asked() -> bool {
    FLAGS.get().is_some_and(|f| f.stop.load(Ordering::SeqCst))
}

/// While one is held, a signal does not end the process: the waits for
/// locks give up, and a change under way is finished or undone.
#[derive(Debug)]
pub struct Protect(());

impl Protect {
    pub fn new() -> Protect {
        PROTECTED.fetch_add(1, Ordering::SeqCst);
        if let Some(f) = FLAGS.get() {
            f.end_at_once.store(false, Ordering::SeqCst);
        }
        Protect(())
    }
}

impl Default for Protect {
    fn default() -> Protect {
        Protect::new()
    }
}

impl Drop for Protect {
    fn drop(&mut self) {
        if PROTECTED.fetch_sub(1, Ordering::SeqCst) == 1
            && let Some(f) = FLAGS.get()
        {
            f.end_at_once.store(true, Ordering::SeqCst);
        }
    }
}
