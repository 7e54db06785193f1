//! The signals that end or interrupt tabula, heard in one place.
//!
//! Ctrl-C (SIGINT) while a bot searches at the table stops that search and nothing else:
//! the code that asked runs it inside [`stoppable`] and gets told it was stopped. Outside
//! such a section, and on SIGTERM or SIGHUP, tabula ends: first the cleanups registered
//! with [`on_exit`] run (the engine client ends its engines' process groups), then it
//! exits with 128 + the signal's number, as a shell reports a process killed by it.
//!
//! A section run with [`watching_every_signal`] (a match) hears SIGTERM and SIGHUP as it
//! hears Ctrl-C: its flag is set, it winds down and reports, and the caller exits with
//! 128 + the number of the signal ([`stop_signal`] says which), as a shell reports a
//! process killed by it. A second signal while it winds down ends tabula at once.
//!
//! Work that others wait on (a remote game) runs with [`warning_first`]: the first Ctrl-C
//! only says how to leave, and a second ends tabula.
//!
//! Work that only reads (a resume replaying its records, `match report`, `replay`) runs
//! with [`while_doing`]: a signal then ends tabula at once, as before, but it first says
//! what it was doing, so that a long read stopped by a signal is not a silent death.
//!
//! Nothing is installed until a front end asks ([`install`]), so a tabula that never asks
//! (the engine server, a piped script) keeps the default behaviour of every signal. On
//! platforms without these signals [`install`] does nothing and Ctrl-C ends tabula.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

use crate::ai::search::StopFlag;

/// Set once tabula has begun to exit on a signal.
static EXITING: AtomicBool = AtomicBool::new(false);

/// What runs before tabula exits on a signal.
static EXIT_HOOKS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());

/// The flag of the search Ctrl-C stops now, if one runs, and whether SIGTERM and SIGHUP
/// set it too.
static ACTIVE: Mutex<Option<(StopFlag, bool)>> = Mutex::new(None);

/// What tabula is doing now, said when a signal ends it.
static DOING: Mutex<Option<String>> = Mutex::new(None);

/// The last signal that set a section's flag (0 for none yet).
static LAST_STOP: AtomicI32 = AtomicI32::new(0);

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

/// Work that a signal stopped after it reported what it had finished: tabula says
/// `message` and exits with 128 + `signal`.
#[derive(Debug)]
pub struct StoppedBySignal {
    /// The signal's number.
    pub signal: i32,
    /// What was stopped and how to go on.
    pub message: String,
}

impl std::fmt::Display for StoppedBySignal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for StoppedBySignal {}

impl StoppedBySignal {
    /// The exit status: 128 + the signal's number, as a shell reports a process it
    /// killed.
    pub fn exit_status(&self) -> u8 {
        u8::try_from(128 + self.signal).unwrap_or(u8::MAX)
    }
}

/// A signal's name as people know it: Ctrl-C for SIGINT.
pub fn signal_name(signal: i32) -> String {
    #[cfg(unix)]
    {
        match signal {
            libc::SIGINT => return "Ctrl-C (SIGINT)".to_string(),
            libc::SIGTERM => return "SIGTERM".to_string(),
            libc::SIGHUP => return "SIGHUP".to_string(),
            _ => {}
        }
    }
    format!("signal {signal}")
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
/// thread watch it, and `work` may hand it to other threads.
pub fn watching<T>(flag: &StopFlag, work: impl FnOnce() -> T) -> T {
    watch(flag, false, work)
}

/// Like [`watching`], but SIGTERM and SIGHUP set `flag` too instead of ending tabula: for
/// work that reports what it finished before it exits (a match's table).
pub fn watching_every_signal<T>(flag: &StopFlag, work: impl FnOnce() -> T) -> T {
    watch(flag, true, work)
}

fn watch<T>(flag: &StopFlag, every_signal: bool, work: impl FnOnce() -> T) -> T {
    let before = locked(&ACTIVE, |active| active.replace((flag.clone(), every_signal)));
    let result = crate::ai::search::stoppable(flag, work);
    locked(&ACTIVE, |active| *active = before);
    result
}

/// Runs `work` so that the first Ctrl-C ends nothing and only says `warning` (on
/// standard error, as the other words of signals); a second ends tabula as Ctrl-C does
/// outside any section. For work that others wait on, a remote game, where one stray key
/// must not end it.
pub fn warning_first<T>(warning: &str, work: impl FnOnce() -> T) -> T {
    use std::sync::Arc;
    install();
    let done = Arc::new(AtomicBool::new(false));
    let first = StopFlag::new();
    let watcher = {
        let (done, first, warning) = (done.clone(), first.clone(), warning.to_string());
        // The section lives on a thread of its own, so that no search of `work` hears
        // the Ctrl-C; it ends with the first one, and the next ends tabula.
        std::thread::spawn(move || {
            watching(&first, || {
                while !done.load(Ordering::SeqCst) && !first.is_requested() {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
            });
            if first.is_requested() && !done.load(Ordering::SeqCst) {
                eprintln!("{warning}");
            }
        })
    };
    let result = work();
    done.store(true, Ordering::SeqCst);
    let _ = watcher.join();
    result
}

/// Runs `work`, which only reads, so that SIGINT, SIGTERM or SIGHUP end tabula with
/// 128 + the signal's number after saying that it stopped `what` (`reading big.txt`).
pub fn while_doing<T>(what: impl Into<String>, work: impl FnOnce() -> T) -> T {
    install();
    let before = locked(&DOING, |doing| doing.replace(what.into()));
    let result = work();
    locked(&DOING, |doing| *doing = before);
    result
}

/// What tabula says as a signal ends it while it does `what`.
fn ended_while(signal: i32, what: &str) -> String {
    format!("tabula: stopped by {} while {what}", signal_name(signal))
}

/// The signal that last stopped a section, if one did: the exit status is 128 plus it.
pub fn stop_signal() -> Option<i32> {
    Some(LAST_STOP.load(Ordering::SeqCst)).filter(|&signal| signal != 0)
}

/// What a signal does: it stops the section that hears it, if one runs (Ctrl-C a
/// search; any of the three a section that hears every signal, unless it is already
/// stopping); anything else ends tabula.
fn heard(signal: i32, interrupt: i32) {
    if let Some(flag) = stopped_by(signal, interrupt, locked(&ACTIVE, |active| active.clone())) {
        LAST_STOP.store(signal, Ordering::SeqCst);
        flag.request();
        return;
    }
    EXITING.store(true, Ordering::SeqCst);
    if let Some(what) = locked(&DOING, |doing| doing.clone()) {
        eprintln!("{}", ended_while(signal, &what));
    }
    let hooks = locked(&EXIT_HOOKS, |hooks| hooks.clone());
    for hook in hooks {
        hook();
    }
    std::process::exit(128 + signal);
}

/// The flag a signal sets instead of ending tabula: Ctrl-C's while a search runs; any
/// signal's while a section that hears them all runs and is not yet stopping.
fn stopped_by(signal: i32, interrupt: i32, active: Option<(StopFlag, bool)>) -> Option<StopFlag> {
    let (flag, every_signal) = active?;
    if every_signal {
        return (!flag.is_requested()).then_some(flag);
    }
    (signal == interrupt).then_some(flag)
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
        assert!(stopped_by(interrupt, interrupt, Some((flag.clone(), false))).is_some());
        assert!(
            stopped_by(terminate, interrupt, Some((flag.clone(), false))).is_none(),
            "SIGTERM ends"
        );
        // A match hears them all, once: a second signal while it stops ends tabula.
        assert!(stopped_by(terminate, interrupt, Some((flag.clone(), true))).is_some());
        flag.request();
        assert!(stopped_by(interrupt, interrupt, Some((flag, true))).is_none());
        assert!(
            stopped_by(interrupt, interrupt, None).is_none(),
            "no search: Ctrl-C ends"
        );
    }

    #[test]
    fn a_signal_while_reading_says_what_it_stopped() {
        let what = while_doing("reading big.txt", || locked(&DOING, |doing| doing.clone()));
        assert_eq!(what.as_deref(), Some("reading big.txt"));
        assert_eq!(locked(&DOING, |doing| doing.clone()), None, "cleared after");
        #[cfg(unix)]
        assert_eq!(
            ended_while(libc::SIGTERM, "reading big.txt"),
            "tabula: stopped by SIGTERM while reading big.txt"
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
