//! The controller side: an external program that speaks the engine protocol, playing a
//! seat as an [`Agent`]. tabula stays the referee: it rolls, keeps the engine informed
//! with `newgame`, `dice` and `play`, asks with `genmove`, and checks every reply. Any
//! misbehaviour (no start, no handshake, crash, silence past the time limit, garbage, an
//! illegal move) ends in a forfeit with the reason; the controller never waits for ever.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::core::Game;
use crate::games::AnyGame;
use crate::players::{Agent, Observation};

/// A log of the traffic with every engine, shared by all seats (and match jobs).
#[derive(Clone)]
pub struct TrafficLog {
    file: Arc<Mutex<File>>,
    start: Instant,
}

impl TrafficLog {
    /// Creates (or truncates) the log file.
    pub fn create(path: &str) -> std::io::Result<TrafficLog> {
        Ok(TrafficLog {
            file: Arc::new(Mutex::new(File::create(path)?)),
            start: Instant::now(),
        })
    }

    fn write(&self, who: &str, mark: &str, text: &str) {
        if let Ok(mut file) = self.file.lock() {
            let ms = self.start.elapsed().as_millis();
            let _ = writeln!(file, "{ms:>8} {who} {mark} {text}");
        }
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
}

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            move_time: Duration::from_secs(5),
            timeout: Duration::from_secs(10),
            log: None,
        }
    }
}

impl EngineSettings {
    /// The limit for `genmove`: the move time plus a margin for process and pipe delays
    /// (a tenth, at least 100 ms).
    pub fn genmove_limit(&self) -> Duration {
        self.move_time + (self.move_time / 10).max(Duration::from_millis(100))
    }
}

/// A failure of the engine: a short kind for tables, and the story.
pub type EngineFailure = (&'static str, String);

/// An external engine playing one seat.
pub struct EngineClient {
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    settings: EngineSettings,
    next_id: u64,
    /// A move the engine already played on its own board by answering `genmove`.
    own_move: bool,
    name: String,
    traffic: Traffic,
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
}

impl Traffic {
    /// Adds another engine's traffic.
    pub fn add(&mut self, other: Traffic) {
        self.commands += other.commands;
        self.waited += other.waited;
        self.genmoves += other.genmoves;
        self.genmove_wait += other.genmove_wait;
    }
}

impl EngineClient {
    /// Starts `command` (split like a shell would) and checks it speaks protocol 1.
    /// `label` names the seat in logs and messages.
    pub fn start(
        command: &str,
        label: &str,
        settings: &EngineSettings,
    ) -> Result<EngineClient, EngineFailure> {
        let words =
            shell_words::split(command).map_err(|e| ("start", format!("cannot split '{command}': {e}")))?;
        let Some((program, args)) = words.split_first() else {
            return Err(("start", "the engine command is empty".into()));
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| ("start", format!("cannot start '{command}': {e}")))?;
        let stdout = child.stdout.take().ok_or(("start", "no stdout".to_string()))?;
        let stderr = child.stderr.take().ok_or(("start", "no stderr".to_string()))?;
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let log = settings.log.clone();
        let who = label.to_string();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(log) = &log {
                    log.write(&who, "!", &line);
                }
            }
        });
        let mut client = EngineClient {
            label: label.to_string(),
            stdin: child.stdin.take(),
            child,
            lines,
            settings: settings.clone(),
            next_id: 1,
            own_move: false,
            name: String::new(),
            traffic: Traffic::default(),
        };
        let version = client
            .ask("protocol_version", client.settings.timeout)
            .map_err(|(kind, detail)| (if kind == "timeout" { "handshake" } else { kind }, detail))?;
        match version {
            Ok(v) if v.trim() == "1" => {}
            Ok(v) => return Err(("handshake", format!("speaks protocol version '{v}', not 1"))),
            Err(e) => return Err(("handshake", format!("refused protocol_version: {e}"))),
        }
        client.name = match client.ask("name", client.settings.timeout)? {
            Ok(name) if !name.trim().is_empty() => name.trim().to_string(),
            _ => command.to_string(),
        };
        Ok(client)
    }

    /// The name the engine gave.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Round trips so far.
    pub fn traffic(&self) -> Traffic {
        self.traffic
    }

    /// Sends one command and waits for its reply: `Ok(Ok(text))` for `=`, `Ok(Err(text))`
    /// for `?`, `Err` when the engine failed (timeout, exit, garbage).
    pub fn ask(&mut self, command: &str, limit: Duration) -> Result<Result<String, String>, EngineFailure> {
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
        let sent_at = Instant::now();
        let deadline = sent_at + limit;
        let mut reply: Option<(bool, Vec<String>)> = None;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(wait) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err((
                        "timeout",
                        format!(
                            "no complete reply to '{command}' within {:.1} s",
                            limit.as_secs_f64()
                        ),
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.gone(command)),
            };
            self.log("<", &line);
            let line = line.trim_end_matches('\r');
            match &mut reply {
                None if line.trim().is_empty() => continue,
                None => {
                    let (success, rest) = match line.chars().next() {
                        Some('=') => (true, &line[1..]),
                        Some('?') => (false, &line[1..]),
                        _ => {
                            return Err((
                                "garbage",
                                format!("answered '{command}' with '{}', not '=' or '?'", shorten(line)),
                            ));
                        }
                    };
                    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                    if !digits.is_empty() && digits.parse::<u64>().ok() != Some(id) {
                        return Err((
                            "garbage",
                            format!("replied with id {digits} to command {id} ('{command}')"),
                        ));
                    }
                    reply = Some((success, vec![rest[digits.len()..].trim().to_string()]));
                }
                Some((success, body)) => {
                    if line.trim().is_empty() {
                        let took = sent_at.elapsed();
                        self.traffic.commands += 1;
                        self.traffic.waited += took;
                        if command == "genmove" {
                            self.traffic.genmoves += 1;
                            self.traffic.genmove_wait += took;
                        }
                        let text = body.join("\n").trim().to_string();
                        return Ok(if *success { Ok(text) } else { Err(text) });
                    }
                    body.push(line.to_string());
                }
            }
        }
    }

    /// Sends a command that must succeed; a refusal means the engine no longer follows
    /// the game.
    fn tell(&mut self, command: &str) -> Result<(), EngineFailure> {
        match self.ask(command, self.settings.timeout)? {
            Ok(_) => Ok(()),
            Err(message) => Err(("lost sync", format!("refused '{command}': {message}"))),
        }
    }

    fn gone(&mut self, command: &str) -> EngineFailure {
        std::thread::sleep(Duration::from_millis(20));
        let status = match self.child.try_wait() {
            Ok(Some(status)) => format!("exited ({status})"),
            _ => "closed its output".to_string(),
        };
        ("crash", format!("{status} while asked '{command}'"))
    }

    fn log(&self, mark: &str, text: &str) {
        if let Some(log) = &self.settings.log {
            log.write(&self.label, mark, text);
        }
    }

    fn start_game(&mut self, game: &AnyGame) -> Result<(), EngineFailure> {
        let mut newgame = format!("newgame {}", game.info().id);
        for option in game.options().non_default(game.info().options) {
            newgame.push(' ');
            newgame.push_str(&option);
        }
        self.tell(&newgame)?;
        self.own_move = false;
        let fresh = game.kind().new_game(game.options()).map(|g| g.position_string());
        if fresh.as_deref().ok() != Some(game.position_string().as_str()) {
            self.tell(&format!("setpos {}", game.position_string()))?;
        }
        Ok(())
    }
}

impl Agent for EngineClient {
    fn observe(&mut self, observation: &Observation<'_>) -> Result<(), EngineFailure> {
        match observation {
            Observation::NewGame(game) | Observation::Position(game) => self.start_game(game),
            Observation::Dice(dice) => self.tell(&format!("dice {}", dice.to_args())),
            Observation::Move(text) => {
                if std::mem::take(&mut self.own_move) {
                    return Ok(());
                }
                self.tell(&format!("play {text}"))
            }
        }
    }

    fn decide(&mut self, _game: &AnyGame) -> Result<Option<String>, EngineFailure> {
        let limit = self.settings.genmove_limit();
        match self.ask("genmove", limit)? {
            Ok(text) => {
                let text = text.trim().to_string();
                if text.is_empty() {
                    return Err(("garbage", "answered genmove with nothing".into()));
                }
                if text != "roll" {
                    self.own_move = true;
                }
                Ok(Some(text))
            }
            Err(message) => Err(("refused", format!("refused genmove: {message}"))),
        }
    }

    fn traffic(&self) -> Option<Traffic> {
        Some(self.traffic)
    }

    fn shutdown(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
            let _ = stdin.flush();
        }
        // The engine's output closes when it exits: wait for that, briefly.
        let deadline = Instant::now() + Duration::from_millis(300);
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    if let Ok(Some(_)) = self.child.try_wait() {
                        return;
                    }
                    break;
                }
                Err(RecvTimeoutError::Timeout) => break,
            }
        }
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineClient {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 60 {
        format!("{}...", text.chars().take(60).collect::<String>())
    } else {
        text.to_string()
    }
}
