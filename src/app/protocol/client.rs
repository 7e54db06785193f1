//! The controller side of the protocol: an external program that speaks it, started as a
//! child process and asked one command at a time. This module knows the protocol and the
//! process, not the games: the agent that plays a seat through a client lives in
//! [`crate::app::players`].
//!
//! Everything an engine writes is distrusted. Its output is read as bytes by a thread
//! with a bounded line length and a bounded queue, so a program that floods its output
//! costs a few MB at most; every wait has a deadline that holds whatever arrives; a
//! reply that does not end within a size limit is `garbage`. Standard error is always
//! drained to its end (its last lines are kept to show with a forfeit, or go to the log).
//! Where the platform has process groups, each engine runs in its own, which is ended as
//! a whole when the engine is stopped, and on SIGINT/SIGTERM to tabula; elsewhere an
//! engine is a plain child process ([`process`] keeps the difference).

use std::collections::VecDeque;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TryRecvError, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::app::protocol::forfeit::ForfeitKind;

mod process;
mod reply;

pub use reply::Reply;
use reply::{Garbage, ReplyReader};

/// The longest line read from an engine; a longer one is `garbage: reply too long`.
pub const MAX_LINE: usize = 64 * 1024;
/// The most output (bytes, line ends included) one reply may take, blank lines before it
/// included; tabula's commands all have one-line answers.
pub const MAX_REPLY: usize = 256 * 1024;
/// The most lines one reply may take.
pub const MAX_REPLY_LINES: usize = 1000;
/// How many of an engine's last standard error lines are kept to show with a forfeit.
pub const STDERR_TAIL: usize = 10;
/// How much of each engine's standard error goes to the log; the rest is drained unlogged.
const STDERR_LOG_BUDGET: usize = 1024 * 1024;
/// Lines an engine may have waiting in the queue; the reader blocks (and so, once the
/// pipe is full, does the engine) until they are taken.
const QUEUE: usize = 64;
/// How long an engine has to exit by itself after `quit` before its group is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);
/// The same for an engine that has failed (hangs, floods, talks nonsense): it is not
/// expected to listen.
const FAILED_QUIT_GRACE: Duration = Duration::from_millis(50);
/// The longest stretch of an engine's text quoted in a message.
const QUOTE: usize = 60;

/// A log of the traffic with every engine, shared by all seats (and match jobs).
#[derive(Clone)]
pub struct TrafficLog {
    file: Arc<Mutex<File>>,
    start: Instant,
}

impl TrafficLog {
    /// Opens the log file: emptied first, or with `append` kept and added to (a match
    /// that resumes).
    pub fn open(path: &str, append: bool) -> std::io::Result<TrafficLog> {
        let mut options = OpenOptions::new();
        options.create(true);
        if append {
            options.append(true);
        } else {
            options.write(true).truncate(true);
        }
        Ok(TrafficLog {
            file: Arc::new(Mutex::new(options.open(path)?)),
            start: Instant::now(),
        })
    }

    /// Writes one line: milliseconds since the log was opened, who, a mark (`>` sent,
    /// `<` received, `!` standard error, `=` a verdict of the referee) and the text.
    pub fn write(&self, who: &str, mark: &str, text: &str) {
        let mut file = match self.file.lock() {
            Ok(file) => file,
            Err(poisoned) => poisoned.into_inner(),
        };
        let ms = self.start.elapsed().as_millis();
        let _ = writeln!(file, "{ms:>8} {who} {mark} {text}");
    }
}

/// Time limits and logging for engines.
#[derive(Clone)]
pub struct EngineSettings {
    /// Time allowed for one `genmove`.
    pub move_time: Duration,
    /// Time allowed for the start-up handshake and for every other command.
    pub timeout: Duration,
    /// Where to keep the traffic, if anywhere.
    pub log: Option<TrafficLog>,
    /// A clock per game (`--tc BASE+INC`): each `genmove` may use what is left on it
    /// (`move_time` is then not used).
    pub clock: Option<TimeControl>,
    /// The working directory to start the engine in (its own when `None`).
    pub dir: Option<std::path::PathBuf>,
    /// Commands sent after every `newgame` (`set NAME VALUE` from an engines file).
    pub setup: Vec<String>,
}

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            move_time: Duration::from_secs(5),
            timeout: Duration::from_secs(10),
            log: None,
            clock: None,
            dir: None,
            setup: Vec::new(),
        }
    }
}

/// A time control: `base` for the game and `increment` added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on the clock at the start of a game.
    pub base: Duration,
    /// Time added after each move made in time.
    pub increment: Duration,
}

impl std::str::FromStr for TimeControl {
    type Err = TimeControlError;

    /// `BASE+INC` or `BASE` in seconds: `60+0.5`, `10`.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |part: &str| -> Result<Duration, TimeControlError> {
            part.trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s <= MAX_CLOCK_SECONDS)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| TimeControlError::NotSeconds {
                    part: part.trim().to_string(),
                    text: text.to_string(),
                })
        };
        let control = TimeControl {
            base: seconds(base)?,
            increment: seconds(increment)?,
        };
        if control.base.is_zero() && control.increment.is_zero() {
            return Err(TimeControlError::NoTime {
                text: text.to_string(),
            });
        }
        Ok(control)
    }
}

/// The most seconds a time control's base or increment may be: a day.
const MAX_CLOCK_SECONDS: f64 = 86_400.0;

/// How to write `--tc`, for its messages.
const TC_USAGE: &str = "write BASE+INC in seconds, e.g. --tc 60+0.5 (or just BASE, e.g. --tc 10)";

/// Why a text is not a time control `BASE+INC`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// The base or the increment is not a number of seconds in range.
    #[error(
        "'{part}' in '{text}' is not a number of seconds from 0 to {}; {}",
        MAX_CLOCK_SECONDS,
        TC_USAGE
    )]
    NotSeconds {
        /// The part as written (trimmed).
        part: String,
        /// The whole time control as written.
        text: String,
    },
    /// Both base and increment are zero.
    #[error("'{text}' leaves no time to move; {}", TC_USAGE)]
    NoTime {
        /// The time control as written.
        text: String,
    },
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}+{}", self.base.as_secs_f64(), self.increment.as_secs_f64())
    }
}

impl EngineSettings {
    /// The limit for `genmove`: the move time plus a margin for process and pipe delays
    /// (a tenth, at least 100 ms).
    pub fn genmove_limit(&self) -> Duration {
        self.move_time + (self.move_time / 10).max(Duration::from_millis(100))
    }
}

/// Why an engine failed: a short class for tables (`crash`, `garbage`, ...), the story,
/// and its last standard error lines when no log keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineFailure {
    /// The class, as the man page lists them.
    pub kind: ForfeitKind,
    /// What happened.
    pub detail: String,
    /// The engine's last lines on standard error (empty with `--log`, which has them all).
    pub stderr: Vec<String>,
}

impl EngineFailure {
    /// A failure without standard error lines.
    pub fn new(kind: ForfeitKind, detail: impl Into<String>) -> EngineFailure {
        EngineFailure {
            kind,
            detail: detail.into(),
            stderr: Vec::new(),
        }
    }
}

/// Round trips with one engine: how many, and how long they took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Commands answered.
    pub commands: u64,
    /// Time from sending a command to the end of its reply, summed.
    pub waited: Duration,
    /// `genmove` commands answered.
    pub genmoves: u64,
    /// Time spent waiting for `genmove` replies.
    pub genmove_wait: Duration,
    /// Engine processes started.
    pub starts: u64,
}

impl Traffic {
    /// Adds another engine's traffic.
    pub fn add(&mut self, other: Traffic) {
        self.commands += other.commands;
        self.waited += other.waited;
        self.genmoves += other.genmoves;
        self.genmove_wait += other.genmove_wait;
        self.starts += other.starts;
    }
}

/// What the reader thread saw on the engine's standard output.
enum Output {
    /// One line, without its `\n`.
    Line(Vec<u8>),
    /// A line longer than [`MAX_LINE`] (the rest of it was skipped).
    TooLong,
}

/// An external engine, started and through its handshake.
pub struct EngineClient {
    /// Who the engine plays for, in log lines; shared with the standard error thread, and
    /// changed when a kept engine plays its next game.
    label: Arc<Mutex<String>>,
    command: String,
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Output>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    stderr_reader: Option<JoinHandle<()>>,
    settings: EngineSettings,
    next_id: u64,
    name: String,
    traffic: Traffic,
    /// The engine failed a command: it gets only a short grace to quit.
    failed: bool,
    stopped: bool,
    /// Time left on this game's clock, with a time control.
    clock_left: Option<Duration>,
}

impl EngineClient {
    /// Starts `command` (split like a shell would), in a process group of its own where
    /// the platform has them, and checks it speaks protocol 1 (a silence there is `handshake`). `label` names the
    /// seat in logs and messages.
    pub fn start(
        command: &str,
        label: &str,
        settings: &EngineSettings,
    ) -> Result<EngineClient, EngineFailure> {
        let words = shell_words::split(command)
            .map_err(|e| EngineFailure::new(ForfeitKind::Start, format!("cannot split '{command}': {e}")))?;
        let Some((program, args)) = words.split_first() else {
            return Err(EngineFailure::new(
                ForfeitKind::Start,
                "the engine command is empty",
            ));
        };
        let mut to_start = Command::new(program);
        to_start
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &settings.dir {
            to_start.current_dir(dir);
        }
        let mut child = process::spawn(&mut to_start).map_err(|e| {
            let place = settings
                .dir
                .as_ref()
                .map(|d| format!(" in {}", d.display()))
                .unwrap_or_default();
            EngineFailure::new(
                ForfeitKind::Start,
                format!("cannot start '{command}'{place}: {e}"),
            )
        })?;
        let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
        let (sender, output) = sync_channel(QUEUE);
        if let Some(stdout) = stdout {
            std::thread::spawn(move || forward_output(stdout, sender));
        }
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let label = Arc::new(Mutex::new(label.to_string()));
        let stderr_reader = stderr.map(|stderr| {
            let tail = Arc::clone(&stderr_tail);
            let log = settings.log.clone();
            let who = Arc::clone(&label);
            std::thread::spawn(move || drain_stderr(stderr, tail, log, who))
        });
        let mut client = EngineClient {
            label,
            command: command.to_string(),
            stdin: child.stdin.take(),
            child,
            output,
            stderr_tail,
            stderr_reader,
            settings: settings.clone(),
            next_id: 1,
            name: String::new(),
            traffic: Traffic {
                starts: 1,
                ..Traffic::default()
            },
            failed: false,
            stopped: false,
            clock_left: settings.clock.map(|c| c.base),
        };
        if let Err(failure) = client.handshake() {
            client.log(
                "=",
                &format!("handshake failed: {}: {}", failure.kind, failure.detail),
            );
            return Err(failure);
        }
        Ok(client)
    }

    fn handshake(&mut self) -> Result<(), EngineFailure> {
        let timeout = self.settings.timeout;
        let as_handshake = |mut failure: EngineFailure| {
            if failure.kind == ForfeitKind::Timeout {
                failure.kind = ForfeitKind::Handshake;
            }
            failure
        };
        match self.ask("protocol_version", timeout).map_err(as_handshake)? {
            Reply::Success(v) if v.trim() == "1" => {}
            Reply::Success(v) => {
                return Err(self.failure(
                    ForfeitKind::Handshake,
                    format!("speaks protocol version '{}', not 1", quote(&v)),
                ));
            }
            Reply::Refusal(e) => {
                return Err(self.failure(
                    ForfeitKind::Handshake,
                    format!("refused protocol_version: {}", quote(&e)),
                ));
            }
        }
        self.name = match self.ask("name", timeout).map_err(as_handshake)? {
            Reply::Success(name) if !name.trim().is_empty() => quote(name.trim()),
            _ => self.command.clone(),
        };
        Ok(())
    }

    /// The name the engine gave (its command when it gave none).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Round trips (and the start, the first time) since the last call: what one game of
    /// an engine kept for many took.
    pub fn take_traffic(&mut self) -> Traffic {
        std::mem::take(&mut self.traffic)
    }

    /// Names the seat anew in log lines: a kept engine plays its next game.
    pub fn relabel(&mut self, label: &str) {
        *lock(&self.label) = label.to_string();
    }

    /// True while the engine can play another game: it never failed a command, was not
    /// stopped, and still runs.
    pub fn healthy(&mut self) -> bool {
        !self.failed && !self.stopped && process::exit_status(&mut self.child).is_none()
    }

    /// The engine's last lines on standard error, oldest first.
    pub fn stderr_tail(&self) -> Vec<String> {
        match self.stderr_tail.lock() {
            Ok(tail) => tail.iter().cloned().collect(),
            Err(poisoned) => poisoned.into_inner().iter().cloned().collect(),
        }
    }

    /// The limit for one `genmove` (see [`EngineSettings::genmove_limit`]).
    pub fn genmove_limit(&self) -> Duration {
        self.settings.genmove_limit()
    }

    /// Starts a game's clock afresh and sends the commands to follow every `newgame`; a
    /// refused one forfeits (`refused`), since the engine would not play as configured.
    pub fn after_newgame(&mut self) -> Result<(), EngineFailure> {
        self.clock_left = self.settings.clock.map(|c| c.base);
        for command in self.settings.setup.clone() {
            if let Reply::Refusal(message) = self.ask(&command, self.settings.timeout)? {
                return Err(self.failure(
                    ForfeitKind::Refused,
                    format!("refused '{command}' (from the engines file): {}", quote(&message)),
                ));
            }
        }
        Ok(())
    }

    /// Asks for a move for `seat`. With a clock, the engine is told its time first
    /// (`time_left SEAT SECONDS 0`, as in GTP; a `?` to it is fine), may think for what is
    /// left, and gets the increment after a move in time; a move past its time is a
    /// forfeit on `time`. Without one the limit is the move time.
    pub fn genmove(&mut self, seat: &str) -> Result<Reply, EngineFailure> {
        let Some(left) = self.clock_left else {
            return self.ask("genmove", self.genmove_limit());
        };
        // Refused or not, the engine was told; only a failure to answer at all counts.
        let _refused_or_not = self.ask(
            &format!("time_left {seat} {:.3} 0", left.as_secs_f64()),
            self.settings.timeout,
        )?;
        // A reply that arrives within a small margin past the flag is read, so that the
        // verdict is 'time' with the time taken, rather than a silence.
        let margin = (left / 10).clamp(Duration::from_millis(20), Duration::from_millis(200));
        let started = Instant::now();
        let answer = self.ask("genmove", left + margin);
        let took = started.elapsed();
        match answer {
            Err(failure) if failure.kind == ForfeitKind::Timeout => Err(self.time_out(seat, left, took)),
            Err(failure) => Err(failure),
            Ok(_) if took > left => {
                self.failed = true;
                Err(self.time_out(seat, left, took))
            }
            Ok(reply) => {
                let increment = self.settings.clock.map_or(Duration::ZERO, |c| c.increment);
                self.clock_left = Some(left - took + increment);
                Ok(reply)
            }
        }
    }

    fn time_out(&self, seat: &str, left: Duration, took: Duration) -> EngineFailure {
        self.failure(
            ForfeitKind::Time,
            format!(
                "{seat}'s clock ran out: {:.3} s left, the move took {:.3} s",
                left.as_secs_f64(),
                took.as_secs_f64()
            ),
        )
    }

    /// A failure of this engine, with its last standard error lines unless a log keeps
    /// them.
    pub fn failure(&self, kind: ForfeitKind, detail: impl Into<String>) -> EngineFailure {
        let stderr = if self.settings.log.is_some() {
            Vec::new()
        } else {
            self.stderr_tail()
        };
        EngineFailure {
            kind,
            detail: detail.into(),
            stderr,
        }
    }

    /// Sends one command and waits for its reply (`=` or `?`); `Err` when the engine
    /// failed (timeout, exit, garbage). A reply that carries the id of an earlier command
    /// (a late answer) is discarded.
    pub fn ask(&mut self, command: &str, limit: Duration) -> Result<Reply, EngineFailure> {
        let answer = self.exchange(command, limit);
        self.failed |= answer.is_err();
        answer
    }

    fn exchange(&mut self, command: &str, limit: Duration) -> Result<Reply, EngineFailure> {
        let id = self.send(command)?;
        let sent_at = Instant::now();
        let deadline = sent_at + limit;
        let mut reader = ReplyReader::new(command, id);
        loop {
            let bytes = self.receive(command, limit, deadline)?;
            self.log("<", &String::from_utf8_lossy(&bytes));
            match reader.take(&bytes) {
                Ok(None) => {}
                Ok(Some(reply)) => {
                    self.count_round_trip(command, sent_at.elapsed());
                    return Ok(reply);
                }
                Err(garbage) => return Err(self.failure(ForfeitKind::Garbage, garbage.to_string())),
            }
        }
    }

    /// Writes `command` with the next id, which it returns.
    fn send(&mut self, command: &str) -> Result<u64, EngineFailure> {
        let id = self.next_id;
        self.next_id += 1;
        let line = format!("{id} {command}");
        self.log(">", &line);
        let sent = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()),
            None => Err(std::io::Error::other("stdin closed")),
        };
        if sent.is_err() {
            return Err(self.gone(command));
        }
        Ok(id)
    }

    /// Waits for the engine's next line until `deadline` (`limit` after `command` was
    /// sent).
    fn receive(
        &mut self,
        command: &str,
        limit: Duration,
        deadline: Instant,
    ) -> Result<Vec<u8>, EngineFailure> {
        loop {
            // Checked on every line, so that no stream of output can outlast the limit.
            let now = Instant::now();
            if now >= deadline {
                return Err(self.failure(
                    ForfeitKind::Timeout,
                    format!(
                        "no complete reply to '{command}' within {:.1} s",
                        limit.as_secs_f64()
                    ),
                ));
            }
            // Waits in short slices, so that Ctrl-C at the table is heard while the
            // engine thinks (the table then restarts it: it may have moved already).
            let slice = (deadline - now).min(Duration::from_millis(50));
            match self.output.recv_timeout(slice) {
                Ok(Output::Line(bytes)) => return Ok(bytes),
                Ok(Output::TooLong) => {
                    self.log("<", &format!("[a line over {} KiB, not kept]", MAX_LINE / 1024));
                    let garbage = Garbage::LongLine {
                        command: command.to_string(),
                    };
                    return Err(self.failure(ForfeitKind::Garbage, garbage.to_string()));
                }
                Err(RecvTimeoutError::Timeout) if crate::ai::search::stop_requested() => {
                    return Err(self.failure(
                        ForfeitKind::Timeout,
                        format!("stopped by Ctrl-C while asked '{command}'"),
                    ));
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(self.gone(command)),
            }
        }
    }

    /// Counts one answered command that took `took`.
    fn count_round_trip(&mut self, command: &str, took: Duration) {
        self.traffic.commands += 1;
        self.traffic.waited += took;
        if command == "genmove" {
            self.traffic.genmoves += 1;
            self.traffic.genmove_wait += took;
        }
    }

    /// Sends a command that must succeed; a refusal means the engine no longer follows
    /// the game (`lost sync`).
    pub fn tell(&mut self, command: &str) -> Result<(), EngineFailure> {
        match self.ask(command, self.settings.timeout)? {
            Reply::Success(_) => Ok(()),
            Reply::Refusal(message) => Err(self.failure(
                ForfeitKind::LostSync,
                format!("refused '{command}': {}", quote(&message)),
            )),
        }
    }

    /// The engine closed its output: say how it ended, with its last standard error.
    fn gone(&mut self, command: &str) -> EngineFailure {
        // Ended by the signal handler, which exits tabula in a moment: no verdict, and no
        // chance for this thread to finish the run first and exit with success.
        while process::stopping() {
            std::thread::sleep(Duration::from_secs(1));
        }
        // The exit and the last stderr lines arrive just after the output closes.
        let wait_until = Instant::now() + Duration::from_millis(200);
        let mut status = process::exit_status(&mut self.child);
        while status.is_none() && Instant::now() < wait_until {
            std::thread::sleep(Duration::from_millis(5));
            status = process::exit_status(&mut self.child);
        }
        while self.stderr_reader.as_ref().is_some_and(|r| !r.is_finished()) && Instant::now() < wait_until {
            std::thread::sleep(Duration::from_millis(5));
        }
        let what = status.unwrap_or_else(|| "closed its output".to_string());
        self.failure(ForfeitKind::Crash, format!("{what} while asked '{command}'"))
    }

    fn log(&self, mark: &str, text: &str) {
        if let Some(log) = &self.settings.log {
            log.write(&lock(&self.label), mark, text);
        }
    }

    /// Asks the engine to quit, gives it a moment, then ends it (its whole process group
    /// where the platform has them).
    pub fn shutdown(&mut self) {
        if std::mem::replace(&mut self.stopped, true) {
            return;
        }
        if let Some(mut stdin) = self.stdin.take() {
            let line = format!("{} quit", self.next_id);
            self.next_id += 1;
            self.log(">", &line);
            let _ = writeln!(stdin, "{line}").and_then(|()| stdin.flush());
        }
        let grace = if self.failed {
            FAILED_QUIT_GRACE
        } else {
            QUIT_GRACE
        };
        let deadline = Instant::now() + grace;
        let mut logged = 0usize;
        loop {
            // Take what it still says (the answer to quit), within bounds.
            loop {
                match self.output.try_recv() {
                    Ok(Output::Line(bytes)) if logged < MAX_REPLY_LINES => {
                        logged += 1;
                        self.log("<", &String::from_utf8_lossy(&bytes));
                    }
                    Ok(_) => {}
                    Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
                }
            }
            if process::exit_status(&mut self.child).is_some() || Instant::now() >= deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        process::end(&mut self.child);
    }
}

impl Drop for EngineClient {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Splits `source` into lines of at most [`MAX_LINE`] bytes and hands each to `each`,
/// until the end or until `each` returns false. Longer lines are reported as `None`
/// once, and the rest of them skipped.
fn split_lines(source: impl Read, mut each: impl FnMut(Option<Vec<u8>>) -> bool) {
    let mut reader = BufReader::with_capacity(16 * 1024, source);
    let mut line = Vec::new();
    let mut overlong = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(chunk) => chunk,
        };
        let (taken, complete) = match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => (end + 1, Some(end)),
            None => (chunk.len(), None),
        };
        let piece = &chunk[..complete.unwrap_or(taken)];
        if !overlong {
            if line.len() + piece.len() > MAX_LINE {
                overlong = true;
                line = Vec::new();
                if !each(None) {
                    return;
                }
            } else {
                line.extend_from_slice(piece);
            }
        }
        reader.consume(taken);
        if complete.is_some() {
            if !std::mem::replace(&mut overlong, false) && !each(Some(std::mem::take(&mut line))) {
                return;
            }
            line.clear();
        }
    }
    if !line.is_empty() && !overlong {
        each(Some(line));
    }
}

/// The stdout thread: lines into a bounded queue, so that a flood waits for the reader.
fn forward_output(stdout: impl Read, sender: SyncSender<Output>) {
    split_lines(stdout, |line| {
        let message = line.map_or(Output::TooLong, Output::Line);
        sender.send(message).is_ok()
    });
}

/// The stderr thread: reads to the end whatever comes (bytes, not text), keeps the last
/// lines, and logs up to a budget.
fn drain_stderr(
    stderr: impl Read,
    tail: Arc<Mutex<VecDeque<String>>>,
    log: Option<TrafficLog>,
    who: Arc<Mutex<String>>,
) {
    let mut logged = 0usize;
    split_lines(stderr, |line| {
        let text = match &line {
            Some(bytes) => String::from_utf8_lossy(bytes).into_owned(),
            None => format!("[a line over {} KiB]", MAX_LINE / 1024),
        };
        if let Some(log) = &log {
            if logged < STDERR_LOG_BUDGET {
                logged += text.len() + 1;
                let who = lock(&who).clone();
                log.write(&who, "!", &text);
                if logged >= STDERR_LOG_BUDGET {
                    log.write(&who, "=", "standard error: the rest is not logged");
                }
            }
        } else {
            let mut tail = match tail.lock() {
                Ok(tail) => tail,
                Err(poisoned) => poisoned.into_inner(),
            };
            if tail.len() == STDERR_TAIL {
                tail.pop_front();
            }
            tail.push_back(quote_long(&text, 200));
        }
        true
    });
}

/// A lock's value, even after a thread panicked while holding it.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match mutex.lock() {
        Ok(value) => value,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// An engine's text as quoted in a message: control characters escaped, cut at
/// [`QUOTE`] characters.
pub fn quote(text: &str) -> String {
    quote_long(text, QUOTE)
}

fn quote_long(text: &str, limit: usize) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == limit {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(bytes: &[u8]) -> Vec<Option<Vec<u8>>> {
        let mut lines = Vec::new();
        split_lines(bytes, |line| {
            lines.push(line);
            true
        });
        lines
    }

    #[test]
    fn lines_are_split_as_bytes_and_capped() {
        assert_eq!(
            lines_of(b"=1 1\n\ncaf\xe9\nend"),
            vec![
                Some(b"=1 1".to_vec()),
                Some(Vec::new()),
                Some(b"caf\xe9".to_vec()),
                Some(b"end".to_vec())
            ]
        );
        let mut long = vec![b'y'; MAX_LINE + 10];
        long.extend_from_slice(b"\nnext\n");
        assert_eq!(lines_of(&long), vec![None, Some(b"next".to_vec())]);
        let exact = vec![b'x'; MAX_LINE];
        assert_eq!(lines_of(&exact), vec![Some(exact.clone())]);
    }

    #[test]
    fn every_time_control_error_reads_in_full() {
        let usage = "write BASE+INC in seconds, e.g. --tc 60+0.5 (or just BASE, e.g. --tc 10)";
        let message = |text: &str| text.parse::<TimeControl>().unwrap_err().to_string();
        assert_eq!(
            message("60+ x "),
            format!("'x' in '60+ x ' is not a number of seconds from 0 to 86400; {usage}")
        );
        assert_eq!(
            message("90000"),
            format!("'90000' in '90000' is not a number of seconds from 0 to 86400; {usage}")
        );
        assert_eq!(message("0+0"), format!("'0+0' leaves no time to move; {usage}"));
        assert_eq!(
            "60+0.5".parse::<TimeControl>(),
            Ok(TimeControl {
                base: Duration::from_secs(60),
                increment: Duration::from_millis(500)
            })
        );
    }

    #[test]
    fn time_control_errors_keep_the_facts() {
        assert_eq!(
            "60+x".parse::<TimeControl>(),
            Err(TimeControlError::NotSeconds {
                part: "x".into(),
                text: "60+x".into()
            })
        );
        assert_eq!(
            "0".parse::<TimeControl>(),
            Err(TimeControlError::NoTime { text: "0".into() })
        );
    }

    #[test]
    fn quotes_escape_control_characters_and_are_cut() {
        assert_eq!(quote("a\u{0}b\rc"), "a\\u{0}b\\rc");
        assert_eq!(quote(&"z".repeat(100)), format!("{}...", "z".repeat(60)));
    }
}
