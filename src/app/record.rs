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

use std::fmt::Write as _;

use crate::app::session::{Action, CommandError, Session};
use crate::core::{Game, Options};
use crate::games::GameKind;

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
    /// The actions with the line number each came from.
    pub actions: Vec<(usize, Action)>,
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
    for (_, action) in session.actions() {
        let _ = writeln!(text, "{}", action_line(action, |s| game.seat_name(s).to_string()));
    }
    text
}

/// The record line of one action (`seat_name` names a resigning seat).
pub fn action_line(action: &Action, seat_name: impl Fn(usize) -> String) -> String {
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
                game.actions
                    .push((number, Action::Roll(crate::core::Dice::new(&values))));
            }
            "dice" => {
                let values = parse_dice_words(rest, number)?;
                game.actions
                    .push((number, Action::Dice(crate::core::Dice::new(&values))));
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
        let (seed, position) = record.seed.unwrap_or((seed, 0));
        let mut session = Session::new(record.kind, &record.options, seed)?;
        // Rolls are thrown again from the start of the stream while they match, so that
        // undo after loading rewinds the dice exactly as in the game that was saved; a
        // roll that does not match (the seed was changed mid-game) is taken as written.
        let mut stream_matches = record.seed.is_some();
        for (line, action) in &record.actions {
            let written = action_line(action, |s| session.game.seat_name(s).to_string());
            let result = match action {
                Action::Roll(dice) if stream_matches => match session.replay_roll(*dice) {
                    Ok(true) => Ok(()),
                    Ok(false) => {
                        stream_matches = false;
                        session.set_dice(dice.values()).map(|_| ())
                    }
                    Err(error) => Err(error),
                },
                Action::Roll(dice) | Action::Dice(dice) => session.set_dice(dice.values()).map(|_| ()),
                Action::Move(text) => session.play_recorded(text).map(|_| ()),
                Action::SetPos(text) => session.set_position(text),
                Action::Resign(seat) => session.resign(*seat).map(|_| ()),
            };
            result.map_err(|e| file_error(*line, format!("{written}: {e}")))?;
            // Keep the record's own kind of dice (thrown or typed) in the history.
            if let (Action::Roll(_), Some(step)) = (action, session.history.last_mut()) {
                step.action = action.clone();
            }
        }
        if session.dice_position() != position || !stream_matches {
            session.resume_dice(seed, position);
        }
        session.unsaved = false;
        Ok(session)
    }
}
