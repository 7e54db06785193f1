//! Stopping a search before it is done: a person pressed Ctrl-C while a bot thought.
//!
//! The flag is set from another thread (the one that hears the signal) and read by the
//! searches on the thread that runs them. It is scoped to that thread with
//! [`stoppable`], so that a search elsewhere (a test running beside it, a match's worker)
//! is never stopped by it. A stopped search returns at once with a value that means
//! nothing: whoever asked must check [`stop_requested`] and throw the answer away (and the
//! bot with it, since its tables may hold values of the cut search).

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that asks the searches of one thread to stop; cheap to clone and to set from
/// any thread.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag not set.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks the searches that watch this flag to stop.
    pub fn request(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// The flag this thread's searches watch, if any: what a search that spreads over
    /// threads hands to each of them (with [`stoppable`]).
    pub fn current() -> Option<StopFlag> {
        WATCHED.with(|watched| watched.borrow().clone())
    }

    /// True once [`StopFlag::request`] was called.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    /// The flag the searches on this thread watch, while [`stoppable`] runs.
    static WATCHED: RefCell<Option<StopFlag>> = const { RefCell::new(None) };
}

/// Runs `work` with its searches watching `flag`; the flag watched before comes back
/// afterwards (sections nest).
pub fn stoppable<T>(flag: &StopFlag, work: impl FnOnce() -> T) -> T {
    let before = WATCHED.with(|watched| watched.replace(Some(flag.clone())));
    /// Puts the earlier flag back even if `work` panics.
    struct Restore(Option<StopFlag>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            WATCHED.with(|watched| *watched.borrow_mut() = before);
        }
    }
    let _restore = Restore(before);
    work()
}

/// True when the search running on this thread was asked to stop.
pub fn stop_requested() -> bool {
    WATCHED.with(|watched| watched.borrow().as_ref().is_some_and(StopFlag::is_requested))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_stops_only_the_thread_that_watches_it() {
        let flag = StopFlag::new();
        assert!(!stop_requested());
        stoppable(&flag, || {
            assert!(!stop_requested());
            flag.request();
            assert!(stop_requested());
            let elsewhere = std::thread::spawn(stop_requested).join().unwrap();
            assert!(!elsewhere, "another thread's searches go on");
        });
        assert!(!stop_requested(), "outside the section nothing is watched");
    }

    #[test]
    fn sections_nest_and_the_outer_flag_comes_back() {
        let (outer, inner) = (StopFlag::new(), StopFlag::new());
        outer.request();
        stoppable(&outer, || {
            stoppable(&inner, || assert!(!stop_requested()));
            assert!(stop_requested());
        });
    }
}
