//! While a bot thinks at the terminal: Ctrl-C stops it (see [`crate::app::interrupt`]),
//! a line says who is thinking once it takes longer than a moment, and the keys typed
//! meanwhile are not shown and are all dropped when it is done, so that no half of a
//! typed-ahead line runs against a position its typist did not see.

use std::io::{IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

/// The widest the thinking line may be: the narrowest terminal tabula is made for.
const WIDTH: usize = 80;

/// How long a search runs before the thinking line shows.
const QUIET_FOR: Duration = Duration::from_millis(500);

/// Runs `work` (a bot's decision, a hint) so that Ctrl-C stops it, showing
/// `WHO is thinking... (Ctrl-C to stop)` on the terminal after [`QUIET_FOR`]; returns what
/// it returned and whether Ctrl-C stopped it.
pub(super) fn watched<T>(who: &str, work: impl FnOnce() -> T) -> (T, bool) {
    watched_with(who, |_| String::new(), work)
}

/// [`watched`] with the line telling how far the work is: `WHO: STATUS; Ctrl-C stops`,
/// `status` asked with the time since the work began (empty: the plain thinking line),
/// redrawn a few times a second (`hint --rollout`: the games played and the time left).
pub(super) fn watched_with<T>(
    who: &str,
    status: impl Fn(Duration) -> String + Send + 'static,
    work: impl FnOnce() -> T,
) -> (T, bool) {
    let keys = keys::Quiet::start();
    let line = ThinkingLine::start(who, status);
    let answer = crate::app::interrupt::stoppable(work);
    line.clear();
    keys.finish();
    answer
}

/// How often a line with a status is redrawn.
const REDRAW_EVERY: Duration = Duration::from_millis(250);

/// The thinking line, shown by a thread of its own on standard error when that is a
/// terminal (never in piped output).
struct ThinkingLine {
    done: Option<mpsc::Sender<()>>,
    shower: Option<JoinHandle<()>>,
}

/// The line as shown: one row even in 80 columns, since erasing the row it stands on
/// must erase it all.
fn line_text(who: &str, status: &str) -> String {
    let text = if status.is_empty() {
        format!("{who} is thinking... (Ctrl-C to stop)")
    } else {
        format!("{who}: {status}; Ctrl-C stops")
    };
    if text.chars().count() < WIDTH {
        text
    } else {
        let cut: String = text.chars().take(WIDTH - 4).collect();
        format!("{cut}...")
    }
}

impl ThinkingLine {
    fn start(who: &str, status: impl Fn(Duration) -> String + Send + 'static) -> ThinkingLine {
        if !std::io::stderr().is_terminal() {
            return ThinkingLine {
                done: None,
                shower: None,
            };
        }
        let (done, finished) = mpsc::channel::<()>();
        let who = who.to_string();
        let began = std::time::Instant::now();
        let shower = std::thread::spawn(move || {
            if finished.recv_timeout(QUIET_FOR) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            loop {
                // Back to the start of the line, erased to its end, and drawn anew.
                let mut terminal = std::io::stderr().lock();
                let _ = write!(terminal, "\r\x1b[K{}", line_text(&who, &status(began.elapsed())));
                let _ = terminal.flush();
                drop(terminal);
                if finished.recv_timeout(REDRAW_EVERY) != Err(RecvTimeoutError::Timeout) {
                    break;
                }
            }
            let mut terminal = std::io::stderr().lock();
            let _ = write!(terminal, "\r\x1b[K");
            let _ = terminal.flush();
        });
        ThinkingLine {
            done: Some(done),
            shower: Some(shower),
        }
    }

    /// Erases the line (if it showed) before anything else is printed.
    fn clear(mut self) {
        drop(self.done.take());
        if let Some(shower) = self.shower.take() {
            let _ = shower.join();
        }
    }
}

/// Keys typed at the terminal while tabula is not reading them.
#[cfg(unix)]
mod keys {
    use std::io::IsTerminal;

    /// Standard input with its echo off; [`Quiet::finish`] drops what was typed and
    /// puts the terminal back as it was.
    pub(super) struct Quiet {
        before: Option<libc::termios>,
    }

    impl Quiet {
        pub(super) fn start() -> Quiet {
            if !std::io::stdin().is_terminal() {
                return Quiet { before: None };
            }
            // SAFETY: tcgetattr and tcsetattr only read and write the termios we own;
            // a failure leaves the terminal as it was and is not used.
            unsafe {
                let mut settings: libc::termios = std::mem::zeroed();
                if libc::tcgetattr(libc::STDIN_FILENO, &mut settings) != 0 {
                    return Quiet { before: None };
                }
                let before = settings;
                settings.c_lflag &= !(libc::ECHO | libc::ECHONL);
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &settings);
                Quiet { before: Some(before) }
            }
        }

        pub(super) fn finish(self) {
            if let Some(before) = self.before {
                // SAFETY: as in `start`; TCSAFLUSH also drops the input not yet read.
                unsafe {
                    libc::tcsetattr(libc::STDIN_FILENO, libc::TCSAFLUSH, &before);
                }
            }
        }
    }
}

/// Elsewhere typed keys stay as the console keeps them.
#[cfg(not(unix))]
mod keys {
    pub(super) struct Quiet;

    impl Quiet {
        pub(super) fn start() -> Quiet {
            Quiet
        }

        pub(super) fn finish(self) {}
    }
}

#[cfg(test)]
mod tests {
    use super::line_text;

    #[test]
    fn the_thinking_line_tells_the_progress_within_one_row() {
        assert_eq!(
            line_text("bot:net", ""),
            "bot:net is thinking... (Ctrl-C to stop)"
        );
        let status = crate::app::rollouts::progress_text(162, 1620, std::time::Duration::from_secs(10));
        let line = line_text("the rollout (bot:net)", &status);
        assert_eq!(
            line,
            "the rollout (bot:net): 162 of 1620 games, about 1 min 30 s left; Ctrl-C stops"
        );
        assert!(line.chars().count() < 80);
        assert!(line_text(&"x".repeat(90), "").chars().count() < 80);
    }
}
