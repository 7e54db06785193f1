//! The games kept at the table: every game played at a table is written, sealed, to the
//! `games` folder of the data directory as it goes (one record file a game, rewritten
//! whole and renamed over the last after every change), so that a crash or a closed
//! terminal keeps every move made before it. `tabula history` lists them; `last` and a
//! history number stand for a kept game's file wherever a record file is taken
//! ([`record_path`], the one place that reads them).
//!
//! The setting `TABULA_HISTORY` turns keeping off (`off`) or sets how many games are
//! kept (a number; 1,000 when not set): the oldest games beyond it are removed.
//!
//! Any table (the REPL, a remote game) keeps its game through [`History::start`] and
//! [`KeptGame::keep`], called after every change; [`KeptGame::finish`] writes the end.

use std::path::{Path, PathBuf};

use crate::ai::output::write_atomically;
use crate::app::record::{GameRecord, pick_from_file, write_game};
use crate::app::session::Session;
use crate::core::Notation;

/// The setting that turns keeping off (`off`) or bounds the games kept (a number).
pub const HISTORY_VAR: &str = "TABULA_HISTORY";

/// How many games are kept when the setting does not say.
pub const DEFAULT_KEEP: usize = 1000;

/// The folder of the data directory that holds the kept games.
const FOLDER: &str = "games";

/// Why a kept game cannot be found, read or written.
#[derive(Debug, thiserror::Error)]
pub enum HistoryError {
    /// Neither `TABULA_DATA_DIR` nor a user data directory.
    #[error("there is no data directory to keep games in: set TABULA_DATA_DIR to a folder")]
    NoDataDir,
    /// Keeping is turned off.
    #[error("keeping games is turned off ({HISTORY_VAR}=off): there are no kept games to read")]
    Off,
    /// The setting is neither `off` nor a number.
    #[error("{HISTORY_VAR}={value} is not a setting: write 'off' or how many games to keep, e.g. 1000")]
    BadSetting {
        /// The value as set.
        value: String,
    },
    /// No game was kept yet.
    #[error("no game is kept yet: games played with 'tabula play' are kept, and 'tabula history' lists them")]
    Empty,
    /// A number that is no kept game.
    #[error("there is no kept game {number}: 'tabula history' lists games {first} to {last}")]
    NoSuchGame {
        /// The number asked for.
        number: u64,
        /// The oldest kept game's number.
        first: u64,
        /// The newest kept game's number.
        last: u64,
    },
    /// The file could not be written.
    #[error("cannot keep the game in {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// The kept games in their folder, and how many of them to keep.
#[derive(Clone, Debug)]
pub struct History {
    dir: PathBuf,
    keep: usize,
}

/// One kept game as `tabula history` lists it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its history number.
    pub number: u64,
    /// The game read from it, or why it could not be.
    pub record: Result<GameRecord, String>,
}

impl History {
    /// The history of the data directory as the setting says: `Ok(None)` when keeping
    /// is turned off.
    pub fn open() -> Result<Option<History>, HistoryError> {
        let keep = match std::env::var(HISTORY_VAR) {
            Err(_) => DEFAULT_KEEP,
            Ok(value) => match value.trim() {
                "" => DEFAULT_KEEP,
                "off" | "0" => return Ok(None),
                number => number
                    .parse()
                    .map_err(|_| HistoryError::BadSetting { value: value.clone() })?,
            },
        };
        let dir = crate::ai::data_dir::data_dir().ok_or(HistoryError::NoDataDir)?;
        Ok(Some(History::at(dir.join(FOLDER), keep)))
    }

    /// The history of `dir`, keeping at most `keep` games.
    pub fn at(dir: PathBuf, keep: usize) -> History {
        History {
            dir,
            keep: keep.max(1),
        }
    }

    /// The folder of the kept games.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of game `number`.
    pub fn path_of(&self, number: u64) -> PathBuf {
        self.dir.join(format!("game-{number:06}.txt"))
    }

    /// The numbers of the kept games, oldest first.
    pub fn numbers(&self) -> Vec<u64> {
        let Ok(read) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut numbers: Vec<u64> = read
            .filter_map(|entry| entry.ok())
            .filter_map(|entry| number_of(&entry.file_name().to_string_lossy()))
            .collect();
        numbers.sort_unstable();
        numbers
    }

    /// Every kept game, oldest first, each read from its file.
    pub fn entries(&self) -> Vec<Entry> {
        self.numbers()
            .into_iter()
            .filter(|&number| self.written(number))
            .map(|number| {
                let path = self.path_of(number);
                let record = pick_from_file(&path.to_string_lossy(), None)
                    .map(|picked| picked.game)
                    .map_err(|e| e.to_string());
                Entry { number, record }
            })
            .collect()
    }

    /// The file of the kept game `word` names: `last` or its number.
    pub fn resolve(&self, word: &str) -> Result<PathBuf, HistoryError> {
        let numbers = self.numbers();
        let (Some(&first), Some(&last)) = (numbers.first(), numbers.last()) else {
            return Err(HistoryError::Empty);
        };
        let number = match word {
            // A file still empty is a game another table just began: not yet a record.
            "last" => numbers
                .iter()
                .rev()
                .copied()
                .find(|&n| self.written(n))
                .unwrap_or(last),
            digits => digits.parse().unwrap_or(0),
        };
        if numbers.binary_search(&number).is_err() {
            return Err(HistoryError::NoSuchGame { number, first, last });
        }
        Ok(self.path_of(number))
    }

    /// Whether game `number`'s file holds more than its reservation.
    fn written(&self, number: u64) -> bool {
        std::fs::metadata(self.path_of(number)).is_ok_and(|m| m.len() > 0)
    }

    /// The number `path` has in this history, if it is one of its files.
    pub fn number_of_path(&self, path: &Path) -> Option<u64> {
        let parent = path.parent()?;
        let same_dir = match (parent.canonicalize(), self.dir.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => parent == self.dir,
        };
        same_dir
            .then(|| number_of(&path.file_name()?.to_string_lossy()))
            .flatten()
    }

    /// A new game to keep: its file is made at its first [`KeptGame::keep`] with an
    /// action in it, under the next free number.
    pub fn start(&self) -> KeptGame {
        KeptGame {
            history: self.clone(),
            number: None,
            written: None,
        }
    }

    /// Game `number` kept on from where its file stands (a game taken up again).
    pub fn reopen(&self, number: u64) -> KeptGame {
        KeptGame {
            history: self.clone(),
            number: Some(number),
            written: None,
        }
    }

    /// Reserves the next free number by making its file (empty until written), so that
    /// two tables started at once never share one; removes the oldest games beyond the
    /// bound.
    fn reserve(&self) -> Result<u64, HistoryError> {
        let failed = |path: &Path, source| HistoryError::Write {
            path: path.to_path_buf(),
            source,
        };
        std::fs::create_dir_all(&self.dir).map_err(|e| failed(&self.dir, e))?;
        let mut number = self.numbers().last().map_or(1, |last| last + 1);
        loop {
            let path = self.path_of(number);
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(_) => break,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => number += 1,
                Err(e) => return Err(failed(&path, e)),
            }
        }
        self.prune();
        Ok(number)
    }

    /// Removes the oldest games beyond the bound, and what programs killed while they
    /// wrote a game left (`.game-000012.txt.PID.tmp`) once it is a day old: no program
    /// still writes it.
    fn prune(&self) {
        let numbers = self.numbers();
        let extra = numbers.len().saturating_sub(self.keep);
        for number in &numbers[..extra] {
            // A file that cannot be removed now is removed at the next game.
            let _ = std::fs::remove_file(self.path_of(*number));
        }
        let left = |name: &str| {
            crate::ai::output::left_behind_target(name).is_some_and(|kept| number_of(kept).is_some())
        };
        crate::ai::output::remove_old(&self.dir, LEFT_BEHIND, left);
    }
}

/// How old a temporary file a killed program left among the kept games must be to go.
const LEFT_BEHIND: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);

/// The history number in a kept game's file name (`game-000012.txt`).
fn number_of(name: &str) -> Option<u64> {
    name.strip_prefix("game-")?.strip_suffix(".txt")?.parse().ok()
}

/// One game being kept: rewritten whole, sealed, after every change.
#[derive(Clone, Debug)]
pub struct KeptGame {
    history: History,
    /// Its number, once its file is made.
    number: Option<u64>,
    /// What was last written: the actions and notes, so that an unchanged game is not
    /// written again.
    written: Option<(usize, String, Vec<String>)>,
}

impl KeptGame {
    /// Its history number, once it has one (after its first action was kept).
    pub fn number(&self) -> Option<u64> {
        self.number
    }

    /// Writes the game as it stands, with its `notes` (`seats ...`), unless nothing
    /// changed since the last time or it has no action yet. True when it was written.
    pub fn keep(&mut self, session: &Session, notes: &[String]) -> Result<bool, HistoryError> {
        self.write(session, notes, &[])
    }

    /// Writes the game a last time with its `closing` lines (a forfeit, say).
    pub fn finish(
        &mut self,
        session: &Session,
        notes: &[String],
        closing: &[String],
    ) -> Result<(), HistoryError> {
        self.written = None;
        self.write(session, notes, closing).map(|_| ())
    }

    fn write(
        &mut self,
        session: &Session,
        notes: &[String],
        closing: &[String],
    ) -> Result<bool, HistoryError> {
        let actions = session.actions().count();
        let shape = (actions, session.game().position_string(), notes.to_vec());
        if actions == 0 || self.written.as_ref() == Some(&shape) {
            return Ok(false);
        }
        let number = match self.number {
            Some(number) => number,
            None => *self.number.insert(self.history.reserve()?),
        };
        let path = self.history.path_of(number);
        let text = format!(
            "# tabula kept game {number}: 'tabula play --resume' or 'load {number}' takes it up again\n{}",
            write_game(session, notes, closing)
        );
        write_atomically(&path, text.as_bytes()).map_err(|error| HistoryError::Write {
            path,
            source: std::io::Error::other(error),
        })?;
        self.written = Some(shape);
        Ok(true)
    }
}

/// The kept games as `tabula history` lists them, newest last, within 80 columns: number,
/// date, game and options, players, result and length. Where a file cannot be read, its
/// row says why.
pub fn listing(entries: &[Entry]) -> Vec<String> {
    use crate::core::columns::{Align, Columns};
    let mut table = Columns::new(&[
        ("game", Align::Right),
        ("date (UTC)", Align::Left),
        ("rules", Align::Left),
        ("players", Align::Left),
        ("result", Align::Left),
        ("moves", Align::Right),
    ])
    .gaps_from(1, 2);
    for entry in entries {
        let number = entry.number.to_string();
        let record = match &entry.record {
            Ok(record) => record,
            Err(why) => {
                table.row(vec![number, String::new(), format!("unreadable: {why}")]);
                continue;
            }
        };
        let date = record.tags.get("date").unwrap_or("");
        // Minutes are enough to tell games apart in a list.
        let date = date.get(..16).unwrap_or(date).to_string();
        let mut rules = record.kind.info().id.to_string();
        for option in record.options.non_default(record.kind.info().options) {
            rules.push(' ');
            rules.push_str(&option);
        }
        let players: Vec<String> = record
            .tags
            .iter()
            .filter(|(key, _)| *key == "player")
            .map(|(_, value)| value.replacen(' ', "=", 1))
            .collect();
        table.row_lines(vec![
            vec![number],
            vec![date],
            crate::core::wrap_words(&rules, 16),
            players,
            crate::core::wrap_words(record.tags.get("result").unwrap_or("unfinished"), 24),
            vec![record.move_count().to_string()],
        ]);
    }
    table.render(80)
}

/// The history number of the kept game at `path`, if it is one.
pub fn kept_number(path: &str) -> Option<u64> {
    let history = History::open().ok().flatten()?;
    history.number_of_path(Path::new(path))
}

/// The file a record argument names: `last` or a history number is a kept game's file
/// (write `./3` for a file named `3`); any other word is a file name, as it is.
pub fn record_path(word: &str) -> Result<String, HistoryError> {
    let names_kept = word == "last" || (!word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()));
    if !names_kept {
        return Ok(word.to_string());
    }
    let history = History::open()?.ok_or(HistoryError::Off)?;
    Ok(history.resolve(word)?.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests;
