//! The signals that end or interrupt tabula, heard in one place.
//!
//! Ctrl-C (SIGINT) while a bot searches at the table stops that search and nothing else:
//! the code that asked runs it inside [`stoppable`] and gets told it was stopped. Outside
//! such a section, and on SIGTERM or SIGHUP, tabula ends: first the cleanups registered
//! with [`on_exit`] run (the engine client ends its engines' process groups), then it
//! exits with 128 + the signal's number, as a shell reports a process killed by it.
//!
//! Nothing is installed until a front end asks ([`install`]), so a tabula that never asks
//! (the engine server, a piped script) keeps the default behaviour of every signal. On
//! platforms without these signals [`install`] does nothing and Ctrl-C ends tabula.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::ai::search::StopFlag;

/// Set once tabula has begun to exit on a signal.
static EXITING: AtomicBool = AtomicBool::new(false);

/// What runs before tabula exits on a signal.
static EXIT_HOOKS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());

/// The flag of the search Ctrl-C stops now, if one runs.
static ACTIVE: Mutex<Option<StopFlag>> = Mutex::new(None);

/// Runs `f` on a lock's value, even after a thread panicked while holding it.
fn locked<T, R>(mutex: &Mutex<T>, f: impl FnOnce(&mut T) -> R) -> R {
    match mutex.lock() {
        Ok(mut value) => f(&mut value),
        Err(poisoned) => f(&mut poisoned.into_inner()),
    }
}

/// Registers `hook` to run before tabula exits on a signal (each hook once).
pub fn on_exit(hook: fn()) {
    locked(&EXIT_HOOKS, |hooks| {
        if !hooks.contains(&hook) {
            hooks.push(hook);
        }
    });
}

/// True once tabula has begun to exit on a signal: work that fails now fails because of
/// that, and need not be reported.
pub fn exiting() -> bool {
    EXITING.load(Ordering::SeqCst)
}

/// Runs `work` so that Ctrl-C stops its searches instead of ending tabula; returns what
/// it returned and whether it was stopped (then its answer is to be thrown away, see
/// [`crate::ai::search::stoppable`]). Without [`install`] Ctrl-C still ends tabula.
pub fn stoppable<T>(work: impl FnOnce() -> T) -> (T, bool) {
    let flag = StopFlag::new();
    let result = watching(&flag, work);
    (result, flag.is_requested())
}

/// Runs `work` so that Ctrl-C sets `flag` instead of ending tabula; the searches of this
/// thread watch it, and `work` may hand it to other threads (a match's games).
pub fn watching<T>(flag: &StopFlag, work: impl FnOnce() -> T) -> T {
    let before = locked(&ACTIVE, |active| active.replace(flag.clone()));
    let result = crate::ai::search::stoppable(flag, work);
    locked(&ACTIVE, |active| *active = before);
    result
}

/// What a signal does: Ctrl-C stops the search that runs, if one does; anything else
/// (and Ctrl-C with no search) ends tabula.
fn heard(signal: i32, interrupt: i32) {
    if let Some(flag) = stopped_by(signal, interrupt, locked(&ACTIVE, |active| active.clone())) {
        flag.request();
        return;
    }
    EXITING.store(true, Ordering::SeqCst);
    let hooks = locked(&EXIT_HOOKS, |hooks| hooks.clone());
    for hook in hooks {
        hook();
    }
    std::process::exit(128 + signal);
}

/// The flag a signal sets instead of ending tabula: Ctrl-C's, while a search runs.
fn stopped_by(signal: i32, interrupt: i32, active: Option<StopFlag>) -> Option<StopFlag> {
    active.filter(|_| signal == interrupt)
}

/// Starts listening for SIGINT, SIGTERM and SIGHUP (once; later calls do nothing).
#[cfg(unix)]
pub fn install() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use std::sync::Once;
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        // Without a listener the signals keep their default: tabula ends at once.
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
            for signal in signals.forever() {
                heard(signal, SIGINT);
            }
        });
    });
}

/// Elsewhere the signals keep their default behaviour.
#[cfg(not(unix))]
pub fn install() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_c_while_a_search_runs_stops_it_and_anything_else_ends_tabula() {
        let (interrupt, terminate) = (2, 15);
        let flag = StopFlag::new();
        assert!(stopped_by(interrupt, interrupt, Some(flag.clone())).is_some());
        assert!(
            stopped_by(terminate, interrupt, Some(flag)).is_none(),
            "SIGTERM ends"
        );
        assert!(
            stopped_by(interrupt, interrupt, None).is_none(),
            "no search: Ctrl-C ends"
        );
    }

    #[test]
    fn a_section_reports_whether_its_flag_was_set() {
        // The section's own searches see its flag; it starts unset every time.
        let (answer, stopped) = stoppable(|| 42);
        assert_eq!((answer, stopped), (42, false));
        let flag = StopFlag::new();
        let seen = watching(&flag, || {
            flag.request();
            crate::ai::search::stop_requested()
        });
        assert!(seen);
    }
}
