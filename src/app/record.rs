//! Game records: the text written by `save` and `tabula match --records`, read by `load`
//! and `tabula replay`. A record is itself a script of commands, one per line:
//!
//! ```text
//! # tabula record
//! game nardy koks=on
//! seed 42 at 136
//! roll 6 3
//! play 24/18 18/15
//! dice 5 2
//! play 24/19 19/17
//! ```
//!
//! `roll` lines are dice the seeded source threw, `dice` lines dice a person typed;
//! both replay as the same dice. A file may hold several games, each starting with a
//! `game` line; other `word ...` lines (`seats`, `result`, `forfeit`, ...) are kept as
//! notes. `#` starts a comment.
//!
//! Reading a record is two steps: [`parse_records`] reads the lines (moves stay text,
//! since only the position they are played in can read them), and [`Replay`] plays them
//! through a [`Session`], checking each. Everything that replays a record (`load`,
//! `tabula replay`, `tabula analyse`, a match resuming) walks the same [`Replay`], so a
//! record is read the same way, with the same checks, everywhere.

use std::fmt::Write as _;

use crate::app::session::{Action, CommandError, Played, Resigned, Rolled, Session};
use crate::core::{Dice, Game, Options, Seat};
use crate::games::{AnyGame, GameKind};

/// One game read from a record.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Which game.
    pub kind: GameKind,
    /// Its rule options.
    pub options: Options,
    /// The dice seed and, if saved mid-stream, where the stream stood.
    pub seed: Option<(u64, u128)>,
    /// Note lines other than actions (`seats ...`, `result ...`), without the newline.
    pub notes: Vec<String>,
    /// The actions as written (moves in notation), with the line number each came from.
    pub actions: Vec<(usize, Action<String>)>,
}

impl GameRecord {
    /// The value of the first note line starting with `key`, without the key.
    pub fn note(&self, key: &str) -> Option<&str> {
        self.notes.iter().find_map(|line| {
            let (word, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            (word == key).then_some(rest)
        })
    }
}

/// Where a record says the dice stream stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedLine {
    /// `seed N`: the stream from its start, as a match game replays it.
    Start,
    /// `seed N at P`: where the stream stands now, so that a loaded game rolls on.
    Now,
}

/// Writes one game: the header, the notes, the seed and every action.
pub fn write_game(session: &Session, notes: &[String], seed: SeedLine) -> String {
    let game = session.game();
    let mut text = String::new();
    let mut header = format!("game {}", game.info().id);
    for option in game.options().non_default(game.info().options) {
        header.push(' ');
        header.push_str(&option);
    }
    let _ = writeln!(text, "{header}");
    for note in notes {
        let _ = writeln!(text, "{note}");
    }
    let _ = match seed {
        SeedLine::Start => writeln!(text, "seed {}", session.seed()),
        SeedLine::Now => writeln!(text, "seed {} at {}", session.seed(), session.dice_position()),
    };
    for action in session.written_actions() {
        let _ = writeln!(
            text,
            "{}",
            action_line(&action, |s| game.seat_name(s).to_string())
        );
    }
    text
}

/// The record line of one action (`seat_name` names a resigning seat).
pub fn action_line(action: &Action<String>, seat_name: impl Fn(usize) -> String) -> String {
    match action {
        Action::Roll(dice) => format!("roll {}", dice.to_args()),
        Action::Dice(dice) => format!("dice {}", dice.to_args()),
        Action::Move(text) => format!("play {text}"),
        Action::SetPos(text) => format!("setpos {text}"),
        Action::Resign(seat) => format!("resign {}", seat_name(*seat)),
    }
}

/// A file's worth of text for `save`, with note lines (`seats ...`) after the header.
pub fn save_text(session: &Session, notes: &[String]) -> String {
    format!(
        "# tabula record: load it with 'load FILE' or replay it with 'tabula replay FILE'\n{}",
        write_game(session, notes, SeedLine::Now)
    )
}

/// Saves the session's record to `path` and marks it saved. The record is written to a
/// temporary file beside `path` and renamed over it, so a failed save (a full disk)
/// leaves any earlier file at `path` as it was.
pub fn save_file(session: &mut Session, path: &str, notes: &[String]) -> Result<(), CommandError> {
    write_atomically(std::path::Path::new(path), save_text(session, notes).as_bytes())
        .map_err(|e| CommandError::File(format!("cannot write {path}: {e}")))?;
    session.mark_saved();
    Ok(())
}

/// Writes `bytes` to a temporary file in `path`'s folder, flushes it to disk and renames
/// it to `path`; on any failure the temporary file is removed and `path` is untouched.
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut temporary_name = std::ffi::OsString::from(".");
    temporary_name.push(name);
    temporary_name.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary_name);
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// Reads the first game of the record at `path` and replays it (every action checked);
/// `seed` drives the dice when the record has no seed of its own.
pub fn load_file(path: &str, seed: u64) -> Result<Session, CommandError> {
    let records = read_records(path)?;
    Session::from_record(&records[0], seed)
}

/// Reads every game of the record file at `path` (a regular file of at most
/// [`crate::app::lines::MAX_FILE_BYTES`]: a FIFO or `/dev/zero` is refused at once).
pub fn read_records(path: &str) -> Result<Vec<GameRecord>, CommandError> {
    let text = crate::app::lines::read_text_file(std::path::Path::new(path)).map_err(CommandError::File)?;
    parse_records(&text)
}

fn file_error(line: usize, message: impl std::fmt::Display) -> CommandError {
    CommandError::File(format!("line {line}: {message}"))
}

fn parse_dice_words(words: &str, line: usize) -> Result<Vec<u8>, CommandError> {
    words
        .split_whitespace()
        .map(|w| {
            w.parse::<u8>()
                .map_err(|_| file_error(line, format!("'{w}' is not a die value")))
        })
        .collect()
}

/// Reads every game in a record file. A file whose last line has no line end was cut
/// short while it was written (`seed 42 at 13` for `seed 42 at 136`) and is refused.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, CommandError> {
    if let Some(last) = text.lines().last()
        && !text.ends_with('\n')
        && !last.trim().is_empty()
    {
        return Err(file_error(
            text.lines().count(),
            format!(
                "'{}' has no line end: the file was cut short while it was written, so its last line may be incomplete (if the line is whole, end it with a newline)",
                last.trim()
            ),
        ));
    }
    let mut games: Vec<GameRecord> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if word == "game" {
            let mut words = rest.split_whitespace();
            let id = words
                .next()
                .ok_or_else(|| file_error(number, "'game' needs the game id"))?;
            let kind = GameKind::from_id(id).map_err(|e| file_error(number, e))?;
            let options: Vec<&str> = words.collect();
            let options = Options::parse(kind.info().options, &options).map_err(|e| file_error(number, e))?;
            games.push(GameRecord {
                kind,
                options,
                seed: None,
                notes: Vec::new(),
                actions: Vec::new(),
            });
            continue;
        }
        let Some(game) = games.last_mut() else {
            return Err(file_error(
                number,
                "this is not a tabula record: it must start with a 'game ID' line",
            ));
        };
        match word {
            "seed" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let seed = parts.first().and_then(|s| s.parse::<u64>().ok());
                let at = match parts.as_slice() {
                    [_] => Some(0),
                    [_, "at", position] => position.parse::<u128>().ok(),
                    _ => None,
                };
                match (seed, at) {
                    (Some(seed), Some(at)) => game.seed = Some((seed, at)),
                    _ => return Err(file_error(number, "write 'seed N' or 'seed N at POSITION'")),
                }
            }
            "roll" => {
                let values = parse_dice_words(rest, number)?;
                game.actions.push((number, Action::Roll(Dice::new(&values))));
            }
            "dice" => {
                let values = parse_dice_words(rest, number)?;
                game.actions.push((number, Action::Dice(Dice::new(&values))));
            }
            "play" => game.actions.push((number, Action::Move(rest.to_string()))),
            "setpos" => game.actions.push((number, Action::SetPos(rest.to_string()))),
            "resign" => {
                let fresh = game
                    .kind
                    .new_game(&game.options)
                    .map_err(|e| file_error(number, e))?;
                let seat = fresh.find_seat(rest).map_err(|e| file_error(number, e))?;
                game.actions.push((number, Action::Resign(seat)));
            }
            _ if word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
            {
                game.notes.push(line.to_string());
            }
            _ => return Err(file_error(number, format!("cannot read '{line}'"))),
        }
    }
    if games.is_empty() {
        return Err(CommandError::File(
            "no game in this file: a record starts with a 'game ID' line".into(),
        ));
    }
    Ok(games)
}

impl Session {
    /// A session that has replayed `record` (checking every action); its dice continue
    /// the recorded stream when the record says where it stood, otherwise `seed`.
    pub fn from_record(record: &GameRecord, seed: u64) -> Result<Session, CommandError> {
        Ok(Replay::new(record, seed, Replaying::Saved)?.finish()?)
    }
}

/// What a [`Replay`] accepts of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replaying {
    /// A saved game, as `load` and `tabula replay` read it: everything a session can do.
    /// Rolls are thrown again from the recorded seed while they match, so that undo after
    /// loading rewinds the dice exactly as in the game that was saved; a roll that does
    /// not match (the seed was changed mid-game) is taken as written.
    Saved,
    /// A game played from its seed alone, as a match resumes it: every roll must be the
    /// one the seed throws there, and typed dice, positions and resignations are refused.
    Seeded,
}

/// Why a replayed action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The session refused it (an illegal move, a roll out of turn...).
    #[error("{0}")]
    Refused(CommandError),
    /// [`Replaying::Seeded`]: the seed throws other dice at this point.
    #[error("dice seed {seed} throws {thrown} there")]
    NotThrown {
        /// The seed.
        seed: u64,
        /// What it throws.
        thrown: Dice,
    },
    /// [`Replaying::Seeded`]: typed dice, a position or a resignation.
    #[error("a game played from its seed has only thrown dice and moves")]
    NotSeeded,
}

/// A record line that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {written}: {fault}")]
pub struct ReplayError {
    /// The line of the record.
    pub line: usize,
    /// The line as written (`play 24/18 18/15`).
    pub written: String,
    /// What was wrong with it.
    pub fault: Fault,
}

impl From<ReplayError> for CommandError {
    fn from(error: ReplayError) -> CommandError {
        CommandError::File(error.to_string())
    }
}

/// What one replayed action did, as the session reports it.
#[derive(Clone, Debug)]
pub enum Effect {
    /// Dice, thrown or typed.
    Rolled(Rolled),
    /// A move.
    Played(Played),
    /// A position set.
    Positioned,
    /// A resignation.
    Resigned(Resigned),
}

/// One action of a record, replayed.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The record's line of the action.
    pub line: usize,
    /// Who acted (none for a position set).
    pub seat: Option<Seat>,
    /// The action as the record writes it.
    pub recorded: Action<String>,
    /// The action as the history keeps it (the move as the game's move).
    pub action: Action,
    /// The game before the action.
    pub before: AnyGame,
    /// The game after it.
    pub after: AnyGame,
    /// What it did.
    pub effect: Effect,
}

impl Replayed {
    /// What the game tells people of the action (a capture, a roll-off decided, the next
    /// game of a match after a resignation).
    pub fn notes(&self) -> &[String] {
        match &self.effect {
            Effect::Rolled(rolled) => &rolled.notes,
            Effect::Played(played) => &played.notes,
            Effect::Resigned(Resigned::PlaysOn(note)) => std::slice::from_ref(note),
            Effect::Positioned | Effect::Resigned(Resigned::Over(_)) => &[],
        }
    }
}

/// A record played action by action through a [`Session`]: each step is checked (moves
/// must be written in full, as `legal` writes them, so that a damaged record never
/// replays as another game) and yielded as a [`Replayed`]. The first refused action ends
/// the walk with its [`ReplayError`].
pub struct Replay<'r> {
    actions: std::slice::Iter<'r, (usize, Action<String>)>,
    session: Session,
    rule: Replaying,
    seed: u64,
    /// Where the record says the dice stream stands after its last action.
    position: u128,
    /// True while the rolls are the ones the seed throws.
    stream_matches: bool,
    failed: Option<ReplayError>,
}

impl<'r> Replay<'r> {
    /// A replay of `record` from its start; the dice follow the record's seed, or `seed`
    /// when it has none.
    pub fn new(record: &'r GameRecord, seed: u64, rule: Replaying) -> Result<Replay<'r>, CommandError> {
        let (seed, position) = record.seed.unwrap_or((seed, 0));
        Ok(Replay {
            actions: record.actions.iter(),
            session: Session::new(record.kind, &record.options, seed)?,
            rule,
            seed,
            position,
            stream_matches: record.seed.is_some() || rule == Replaying::Seeded,
            failed: None,
        })
    }

    /// The session as far as the record has been replayed.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Replays the rest and gives the session as the record leaves it, its dice stream
    /// where the record says it stood (from the start of the stream for `seed N`).
    pub fn finish(mut self) -> Result<Session, ReplayError> {
        for step in self.by_ref() {
            step?;
        }
        if let Some(error) = self.failed {
            return Err(error);
        }
        let mut session = self.session;
        if session.dice_position() != self.position || !self.stream_matches {
            session.resume_dice(self.seed, self.position);
        }
        session.unsaved = false;
        Ok(session)
    }

    fn replay(&mut self, line: usize, recorded: &Action<String>) -> Result<Replayed, ReplayError> {
        let session = &mut self.session;
        let before = session.game.clone();
        let fail = |fault| ReplayError {
            line,
            written: action_line(recorded, |s| before.seat_name(s).to_string()),
            fault,
        };
        let seeded = self.rule == Replaying::Seeded;
        let effect = match recorded {
            Action::Roll(dice) if self.stream_matches => match session.replay_roll(*dice) {
                Ok(Ok(rolled)) => Ok(Effect::Rolled(rolled)),
                Ok(Err(thrown)) if seeded => {
                    return Err(fail(Fault::NotThrown {
                        seed: self.seed,
                        thrown,
                    }));
                }
                Ok(Err(_)) => {
                    self.stream_matches = false;
                    session.set_dice(dice.values()).map(Effect::Rolled)
                }
                Err(error) => Err(error),
            },
            Action::Move(text) => session.play_recorded(text).map(Effect::Played),
            _ if seeded => return Err(fail(Fault::NotSeeded)),
            Action::Roll(dice) | Action::Dice(dice) => session.set_dice(dice.values()).map(Effect::Rolled),
            Action::SetPos(text) => session.set_position(text).map(|()| Effect::Positioned),
            Action::Resign(seat) => session.resign(*seat).map(Effect::Resigned),
        }
        .map_err(|error| fail(Fault::Refused(error)))?;
        let Some(step) = session.history.last_mut() else {
            unreachable!("every action that succeeds is kept in the history");
        };
        // Keep the record's own kind of dice (thrown or typed) in the history.
        if let Action::Roll(dice) = recorded {
            step.action = Action::Roll(*dice);
        }
        Ok(Replayed {
            line,
            seat: step.seat,
            recorded: recorded.clone(),
            action: step.action.clone(),
            before,
            after: session.game.clone(),
            effect,
        })
    }
}

impl Iterator for Replay<'_> {
    type Item = Result<Replayed, ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed.is_some() {
            return None;
        }
        let (line, recorded) = self.actions.next()?;
        let step = self.replay(*line, recorded);
        if let Err(error) = &step {
            self.failed = Some(error.clone());
        }
        Some(step)
    }
}
