//! What a long command says on stderr before and soon after it starts: how much work
//! it has, how long that should take, and which option makes it shorter. Printed in a
//! pipe too, where the progress bar is hidden and nothing else would show for minutes.

use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a run waits before it measures its rate and says how long the rest takes.
const MEASURE_AFTER: Duration = Duration::from_secs(2);
/// Runs expected to finish sooner than this are not told about.
const WORTH_SAYING: Duration = Duration::from_secs(10);

/// A run's work and its estimate, told once measured.
pub struct Forecast {
    command: String,
    unit: String,
    total: u64,
    shorter: String,
    start: Instant,
    /// When the first piece of work was reported, and how much was done then: setting
    /// up (choosing candidates, loading a network) is left out of the measured rate.
    first: Mutex<Option<(Instant, u64)>>,
    told: AtomicBool,
}

impl Forecast {
    /// Says what the run is about to do (`total` pieces of work in `unit`, e.g. "games")
    /// and how to make it shorter, then starts the clock for [`Forecast::progress`].
    pub fn begin(command: &str, total: u64, unit: &str, what: &str, shorter: &str) -> Forecast {
        say(&format!(
            "{command}: {what}; the time it takes is told after the first seconds; \
             shorter: {shorter}"
        ));
        Forecast::quiet(command, total, unit, shorter)
    }

    /// Like [`Forecast::begin`] but silent until the rate is measured: for commands that
    /// are often short (a match of a few games), where only a long run is worth a word.
    pub fn quiet(command: &str, total: u64, unit: &str, shorter: &str) -> Forecast {
        Forecast {
            command: command.into(),
            unit: unit.into(),
            total,
            shorter: shorter.into(),
            start: Instant::now(),
            first: Mutex::new(None),
            told: AtomicBool::new(false),
        }
    }

    /// Takes note that `done` of the work is finished; the first time after a couple of
    /// seconds, says how long the rest should take at the rate measured so far.
    pub fn progress(&self, done: u64) {
        self.progress_of(done, self.total);
    }

    /// As [`Forecast::progress`], for work whose size is learnt as it goes.
    pub fn progress_of(&self, done: u64, total: u64) {
        let Some((since, done_then)) = self
            .first
            .lock()
            .ok()
            .map(|mut first| *first.get_or_insert((Instant::now(), done)))
        else {
            return;
        };
        let measured = since.elapsed();
        if measured < MEASURE_AFTER || done <= done_then || done >= total {
            return;
        }
        let elapsed = self.start.elapsed();
        if self.told.swap(true, Ordering::Relaxed) {
            return;
        }
        let rate = (done - done_then) as f64 / measured.as_secs_f64();
        let left = Duration::from_secs_f64((total - done) as f64 / rate);
        if left >= WORTH_SAYING {
            say(&format!(
                "{}: {} of {} {} in {}: about {} more at {} {}/s; shorter: {}",
                self.command,
                done,
                total,
                self.unit,
                duration_text(elapsed),
                duration_text(left),
                rate_text(rate),
                self.unit,
                self.shorter
            ));
        }
    }
}

/// Says a run's expected length by a stated rule, before it starts.
pub fn announce(command: &str, text: &str) {
    say(&format!("{command}: {text}"));
}

/// Writes `text` to stderr, wrapped at 80 columns (a closed stderr is no reason to stop
/// the run).
fn say(text: &str) {
    let _ = write!(
        std::io::stderr().lock(),
        "{}",
        crate::core::wrapped_lines(text, 80)
    );
}

fn rate_text(rate: f64) -> String {
    if rate >= 10.0 {
        format!("{rate:.0}")
    } else {
        format!("{rate:.2}")
    }
}

/// `45 s`, `3 min 20 s`, `2 h 5 min`.
pub fn duration_text(d: Duration) -> String {
    let s = d.as_secs();
    if s < 60 {
        format!("{s} s")
    } else if s < 3600 {
        format!("{} min {} s", s / 60, s % 60)
    } else {
        format!("{} h {} min", s / 3600, s % 3600 / 60)
    }
}

#[cfg(test)]
mod tests {
    use super::duration_text;
    use std::time::Duration;

    #[test]
    fn durations_read_in_the_largest_sensible_units() {
        assert_eq!(duration_text(Duration::from_secs(45)), "45 s");
        assert_eq!(duration_text(Duration::from_secs(200)), "3 min 20 s");
        assert_eq!(duration_text(Duration::from_secs(7500)), "2 h 5 min");
    }
}
