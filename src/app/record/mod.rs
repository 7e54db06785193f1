//! Game records: the text written by `save` and `tabula match --records`, read by `load`,
//! `tabula replay` and `tabula analyse`. A record is itself a script of commands, one per
//! line, that people and other programs can read and write:
//!
//! ```text
//! # tabula record: load it with 'load FILE' or replay it with 'tabula replay FILE'
//! # dice: tabula play nardy --seed 7
//! game nardy
//! seal fnv1a-64
//! seats white=human black=bot:greedy
//! seed 7
//! roll 5
//! roll 3
//! roll 6 3
//! play 24/18 18/15
//! roll 4 1
//! play 24/20 20/19
//! end 6 506ef61822cfb9d7
//! ```
//!
//! `roll` lines are dice the seeded source threw: each must be what the stream of the
//! last `seed S [at P]` line throws next, and is checked on load. `dice` lines are dice a
//! person typed, taken as written. A `seed` line before the first action says where the
//! game's dice started (`tabula play GAME --seed S` throws them again); one further down
//! says the dice were reseeded there. A file may hold several games, each from a `game`
//! line to its `end` line; other `word ...` lines (`seats`, `result`, `forfeit`, ...) are
//! kept as notes, and `#` starts a comment line.
//!
//! Every game ends with its seal (see [`seal`]), so that a damaged file is refused rather
//! than read as another game. Records written before the seal existed (no `seal` line)
//! still load, marked [`Check::Unsealed`]: their rolls cannot be checked.
//!
//! Reading a record is two steps: [`read_record_text`] reads the lines (moves stay text,
//! since only the position they are played in can read them) and checks the seals, and
//! [`Replay`] plays them through a [`Session`], checking each. Everything that replays a
//! record (`load`, `tabula replay`, `tabula analyse`, a match resuming) walks the same
//! [`Replay`], so a record is read the same way, with the same checks, everywhere.

mod load;
mod replay;
pub mod seal;
mod stream;
mod tags;
mod write;

pub use load::{LoadRequest, Loaded, load_game};
#[cfg(test)]
pub use load::{load_file, load_from};
pub use replay::{Effect, Fault, Replay, ReplayError, Replayed, Replaying};
#[cfg(test)]
pub use stream::pick;
pub use stream::{Picked, RecordStream, Undamaged, open_record_file, pick_from_file, read_records};
pub use tags::{NOTE_WORDS, SeatTag, Tags, first_places, seat_players, split_name, tags_of};
#[cfg(test)]
pub use write::save_text;
pub use write::{action_line, dice_command, save_file, sealed_game, seed_text, start_dice, write_game};

use crate::app::lines::quote;
use crate::app::session::{Action, CommandError};
use crate::core::{Dice, Game, Options};
use crate::games::GameKind;
use seal::{SEAL_METHOD, Sealer};

/// One game read from a record.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Which game.
    pub kind: GameKind,
    /// Its rule options.
    pub options: Options,
    /// The dice seed and the stream position of the `seed` line before the first action
    /// (in an unsealed record: of its last `seed` line, where the stream stood at the end).
    pub seed: Option<(u64, u128)>,
    /// `seed` lines after the first action: the dice were reseeded there.
    pub reseeds: Vec<Reseed>,
    /// Note lines other than actions (`seats ...`, `result ...`), without the newline.
    pub notes: Vec<String>,
    /// Its `tag KEY VALUE` lines: who played, when, with which version, how it ended.
    pub tags: Tags,
    /// The actions as written (moves in notation), with the line number each came from.
    pub actions: Vec<(usize, Action<String>)>,
    /// Which game of the file it is, from 1.
    pub number: usize,
    /// The line of its `game` line.
    pub line: usize,
    /// Whether its seal checked out.
    pub check: Check,
    /// It declares a seal (a `seal` line): its `seed` lines say where the dice started and
    /// where they were reseeded, and its rolls are checked against them.
    pub sealed_format: bool,
}

/// A `seed S [at P]` line among a game's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reseed {
    /// How many actions come before it.
    pub before: usize,
    /// Its line.
    pub line: usize,
    /// The new seed.
    pub seed: u64,
    /// Where its stream starts.
    pub at: u128,
}

/// What the seal says of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// The game ends with a seal that matches it.
    Sealed,
    /// Written before records were sealed: it loads, but cannot be checked.
    Unsealed,
    /// Damaged: the actions read before the damage are kept (`load --force` replays
    /// them), the rest of the game is not.
    Damaged(Damage),
}

/// Where and how a record is damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damage {
    /// The line the damage was found at.
    pub line: usize,
    /// What is wrong, in words.
    pub reason: String,
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

/// The note given for a record that has no seal.
pub const UNSEALED_NOTE: &str = "this record was written before records were sealed: its moves were checked, but its rolls and its integrity cannot be checked";

/// Every game of a record file, each with its check (a file read whole, for tests).
#[cfg(test)]
#[derive(Clone, Debug)]
pub struct RecordFile {
    /// The games that could be read, in file order.
    pub games: Vec<GameRecord>,
    /// Damage outside any readable game (an unreadable `game` line, a line cut short after
    /// the last game's end): the games after it are not read.
    pub broken: Option<Damage>,
}

#[cfg(test)]
impl RecordFile {
    /// The first damage in the file, as a refusal: `record damaged: ...`.
    pub fn first_damage(&self) -> Option<CommandError> {
        let several = self.games.len() > 1;
        let in_game = self.games.iter().find_map(|game| match &game.check {
            Check::Damaged(damage) => Some((Some(game.number), damage)),
            _ => None,
        });
        let (game, damage) = match (in_game, &self.broken) {
            (Some((_, damage)), Some(broken)) if broken.line < damage.line => (None, broken),
            (Some(found), _) => found,
            (None, Some(broken)) => (None, broken),
            (None, None) => return None,
        };
        let game = match game {
            Some(number) if several => format!("game {number}, "),
            _ => String::new(),
        };
        Some(CommandError::File(format!("record damaged: {game}{damage}")))
    }
}

impl GameRecord {
    /// The value of the first note line starting with `key`, without the key.
    pub fn note(&self, key: &str) -> Option<&str> {
        self.notes.iter().find_map(|line| {
            let (word, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            (word == key).then_some(rest)
        })
    }

    /// The game's number in its match (its `match-game N` note), if it has one.
    pub fn match_game(&self) -> Option<usize> {
        self.note("match-game").and_then(|n| n.trim().parse().ok())
    }

    /// How many moves (not rolls) the record holds.
    pub fn move_count(&self) -> usize {
        self.actions
            .iter()
            .filter(|(_, a)| matches!(a, Action::Move(_)))
            .count()
    }
}

/// The error of a file that holds no game at all.
pub(crate) fn no_game() -> CommandError {
    CommandError::File("no game in this file: a record starts with a 'game ID' line".into())
}

/// Reads every game in a record file, refusing it if any part is damaged (see
/// [`RecordFile::first_damage`]).
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, CommandError> {
    Undamaged::new(RecordStream::new(text.as_bytes())).collect()
}

/// Reads every game in a record file as far as it can, each with its check: a damaged
/// game keeps the actions before its damage. The error is a text that is no record at all.
#[cfg(test)]
pub fn read_record_text(text: &str) -> Result<RecordFile, CommandError> {
    let mut stream = RecordStream::new(text.as_bytes());
    let games = stream.by_ref().collect::<Result<Vec<_>, _>>()?;
    Ok(RecordFile {
        games,
        broken: stream.broken().cloned(),
    })
}

/// The game being read.
struct Open {
    record: GameRecord,
    sealer: Sealer,
    /// Its `end` line was read.
    ended: bool,
    /// Lines after the `game` line (any kind but comments).
    lines: usize,
    /// The last line read was blank (which ends a game of a record written before
    /// records were sealed, in a match's records).
    blank_last: bool,
}

impl Open {
    fn damage(&mut self, damage: Damage) {
        if !matches!(self.record.check, Check::Damaged(_)) {
            self.record.check = Check::Damaged(damage);
        }
    }

    fn damaged(&self) -> bool {
        matches!(self.record.check, Check::Damaged(_))
    }

    /// Whether the game was written to its end: its `end` line, or for a game of before
    /// the seal, the blank line a match writes after each game.
    fn whole(&self) -> bool {
        self.ended || (!self.record.sealed_format && self.blank_last)
    }

    /// The game's check once all its lines are read; `next` is the line after them.
    fn close(mut self, next: usize) -> GameRecord {
        if !self.damaged() {
            if self.record.sealed_format && !self.ended {
                self.damage(Damage {
                    line: next,
                    reason: format!(
                        "the game of line {} has no 'end' line: the file was cut short here, or lines were dropped",
                        self.record.line
                    ),
                });
            } else if !self.ended && !self.record.tags.is_empty() {
                // Only sealed records have tags: this one's seal line was lost.
                self.damage(Damage {
                    line: self.record.line,
                    reason: format!(
                        "the game of line {} has tags but neither a '{}' line nor an 'end' line: lines were dropped or changed",
                        self.record.line,
                        seal::SEAL_LINE
                    ),
                });
            } else if !self.ended && self.lines == 0 {
                self.damage(Damage {
                    line: self.record.line,
                    reason: "the game holds nothing after its 'game' line: the file was cut short".into(),
                });
            } else if !self.ended {
                self.record.check = Check::Unsealed;
            }
        }
        self.record
    }
}

#[derive(Default)]
struct Reader {
    /// Games read whole, not yet handed out.
    games: std::collections::VecDeque<GameRecord>,
    open: Option<Open>,
    broken: Option<Damage>,
    /// True after an unreadable `game` line: its lines are skipped.
    skipping: bool,
    /// Games read so far (handed out or not).
    read: usize,
}

impl Reader {
    fn close(&mut self, next: usize) {
        if let Some(open) = self.open.take() {
            self.games.push_back(open.close(next));
        }
    }

    /// A last line without a line end, at `line`: a cut.
    fn cut(&mut self, line: usize, cut: &str) {
        let damage = Damage {
            line,
            reason: format!(
                "'{}' has no line end: the file was cut short while it was written, so its last line may be incomplete (if the line is whole, end it with a newline)",
                quote(cut.trim())
            ),
        };
        match self.open.as_mut() {
            Some(open) if !open.ended => open.damage(damage),
            _ => {
                self.broken.get_or_insert(damage);
            }
        }
    }

    /// A line that is not text (not UTF-8, too long) at `number`.
    fn bad_line(&mut self, number: usize, reason: String) -> Result<(), CommandError> {
        let damage = Damage { line: number, reason };
        match self.open.as_mut() {
            _ if self.skipping => {}
            Some(open) => open.damage(damage),
            None if self.read == 0 && self.broken.is_none() => {
                return Err(CommandError::File(format!(
                    "{damage}: this is not a tabula record"
                )));
            }
            None => {
                self.broken.get_or_insert(damage);
            }
        }
        Ok(())
    }

    /// Reads line `number`; true when it ends a game (its `end` line, or a blank line
    /// after a game).
    fn line(&mut self, number: usize, raw: &str) -> Result<bool, CommandError> {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let line = raw.trim();
        if line.is_empty() {
            return Ok(match self.open.as_mut() {
                Some(open) => {
                    open.blank_last = true;
                    open.whole()
                }
                None => true,
            });
        }
        if line.starts_with('#') {
            return Ok(false);
        }
        if let Some(open) = self.open.as_mut() {
            open.blank_last = false;
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if word == "game" {
            self.close(number);
            match game_line(rest, number, self.read + 1) {
                Ok(record) => {
                    self.read += 1;
                    let mut sealer = Sealer::default();
                    sealer.add(line);
                    self.skipping = false;
                    self.open = Some(Open {
                        record,
                        sealer,
                        ended: false,
                        lines: 0,
                        blank_last: false,
                    });
                }
                Err(reason) => {
                    self.skipping = true;
                    self.broken.get_or_insert(Damage { line: number, reason });
                }
            }
            return Ok(false);
        }
        if self.skipping {
            return Ok(false);
        }
        let Some(open) = self.open.as_mut() else {
            return Err(CommandError::File(format!(
                "line {number}: this is not a tabula record: it must start with a 'game ID' line"
            )));
        };
        if open.damaged() {
            return Ok(false);
        }
        let fail = |reason: String| Damage { line: number, reason };
        if let Some(c) = line.chars().find(|&c| c.is_control() && c != '\t') {
            open.damage(fail(format!(
                "control character U+{:04X} in '{}': a record is printable text",
                c as u32,
                quote(line)
            )));
            return Ok(false);
        }
        if open.ended {
            open.damage(fail(format!(
                "'{}' comes after the game's 'end' line; a new game starts with a 'game' line",
                quote(line)
            )));
            return Ok(false);
        }
        open.lines += 1;
        if word == "end" {
            open.ended = true;
            if !open.record.sealed_format {
                open.damage(fail(format!(
                    "an 'end' line in a game without the '{}' line after its 'game' line",
                    seal::SEAL_LINE
                )));
            } else if let Some(reason) = open.sealer.check(rest) {
                open.damage(fail(reason));
            }
            return Ok(true);
        }
        open.sealer.add(line);
        if let Err(reason) = read_line(open, word, rest, line, number) {
            open.damage(fail(reason));
        }
        Ok(false)
    }
}

/// The record begun by a `game ID OPTIONS` line (what follows `game`).
fn game_line(rest: &str, line: usize, number: usize) -> Result<GameRecord, String> {
    let mut words = rest.split_whitespace();
    let id = words.next().ok_or("'game' needs the game id")?;
    let kind = GameKind::from_id(id).map_err(|e| e.to_string())?;
    let options: Vec<&str> = words.collect();
    let options = Options::parse(kind.info().options, &options).map_err(|e| e.to_string())?;
    Ok(GameRecord {
        kind,
        options,
        seed: None,
        reseeds: Vec::new(),
        notes: Vec::new(),
        tags: Tags::default(),
        actions: Vec::new(),
        number,
        line,
        check: Check::Sealed,
        sealed_format: false,
    })
}

/// Reads one line of a game (not `game`, not `end`) into it.
fn read_line(open: &mut Open, word: &str, rest: &str, line: &str, number: usize) -> Result<(), String> {
    let game = &mut open.record;
    let action = match word {
        "seal" if rest == SEAL_METHOD => {
            game.sealed_format = true;
            return Ok(());
        }
        "seal" => {
            return Err(format!(
                "unknown seal '{}': this version reads 'seal {SEAL_METHOD}'",
                quote(rest)
            ));
        }
        "seed" => {
            let parts: Vec<&str> = rest.split_whitespace().collect();
            let seed = parts.first().and_then(|s| s.parse::<u64>().ok());
            let at = match parts.as_slice() {
                [_] => Some(0),
                [_, "at", position] => position.parse::<u128>().ok(),
                _ => None,
            };
            let (Some(seed), Some(at)) = (seed, at) else {
                return Err("write 'seed N' or 'seed N at POSITION'".into());
            };
            if game.sealed_format && !game.actions.is_empty() {
                game.reseeds.push(Reseed {
                    before: game.actions.len(),
                    line: number,
                    seed,
                    at,
                });
            } else {
                game.seed = Some((seed, at));
            }
            return Ok(());
        }
        "roll" => Action::Roll(Dice::new(&dice_words(rest)?)),
        "dice" => Action::Dice(Dice::new(&dice_words(rest)?)),
        "play" => Action::Move(rest.to_string()),
        "setpos" => Action::SetPos(rest.to_string()),
        "resign" => {
            let fresh = game.kind.new_game(&game.options).map_err(|e| e.to_string())?;
            Action::Resign(fresh.find_seat(rest).map_err(|e| e.to_string())?)
        }
        "tag" => return game.tags.read(rest),
        _ if NOTE_WORDS.contains(&word) => {
            game.notes.push(line.to_string());
            return Ok(());
        }
        // An unknown line is refused, not skipped: it may be a line of the game changed
        // (`fnv1a-64 seal` for `seal fnv1a-64`).
        _ => {
            return Err(format!(
                "cannot read '{}': a record's lines are actions (roll, dice, play, setpos, resign), seed, tag and {} lines",
                quote(line),
                NOTE_WORDS.join(", ")
            ));
        }
    };
    open.sealer.count_action();
    game.actions.push((number, action));
    Ok(())
}

fn dice_words(words: &str) -> Result<Vec<u8>, String> {
    words
        .split_whitespace()
        .map(|w| {
            w.parse::<u8>()
                .map_err(|_| format!("'{}' is not a die value", quote(w)))
        })
        .collect()
}

#[cfg(test)]
mod tests;
