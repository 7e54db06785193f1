//! Drills from a player's own mistakes: the decisions of the kept games (see
//! [`crate::app::history`]) that the analysis marks doubtful or worse, for the seats a
//! person played, served again most costly first. Each has a place in a small spaced
//! repetition schedule (Leitner boxes): one solved comes back later, twice as late each
//! time; one missed comes back at the next drill. The schedule is a versioned text
//! file in the data directory, written whole and renamed over the last.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::ai::output::write_atomically;
use crate::ai::roster::BotKind;
use crate::app::analysis::{Mark, analyse_game, judge};
use crate::app::history::History;
use crate::core::{Game, Notation, Options};
use crate::games::{AnyGame, GameKind};

/// The first line of a schedule file: its format and version.
const HEADER: &str = "tabula drill schedule 1";

/// Seconds in a day: a solved position's first wait.
const DAY: u64 = 24 * 60 * 60;

/// Why the drill cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum DrillError {
    /// The schedule file cannot be read as one.
    #[error("{}: line {line}: {reason}; remove the file to start the schedule afresh", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The schedule file cannot be read or written.
    #[error("cannot {what} {}: {source}", path.display())]
    File {
        /// Read or write.
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// One mistake to drill.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// The kept game it comes from.
    pub kept: u64,
    /// Its Leitner box: 0 new or missed, one more for every time solved.
    pub level: u32,
    /// When it is due, in seconds since 1970.
    pub due: u64,
    /// What the move played lost.
    pub loss: f64,
    /// The game and its rule options, as a record's `game` line has them.
    pub game: String,
    /// The position, with the dice thrown.
    pub position: String,
    /// The move played then.
    pub played: String,
    /// The best move, as the analysis found it.
    pub best: String,
}

impl Item {
    /// The position to play, rebuilt.
    pub fn board(&self) -> Result<AnyGame, String> {
        let mut words = self.game.split_whitespace();
        let kind = GameKind::from_id(words.next().unwrap_or("")).map_err(|e| e.to_string())?;
        let options: Vec<&str> = words.collect();
        let options = Options::parse(kind.info().options, &options).map_err(|e| e.to_string())?;
        let mut game = kind.new_game(&options).map_err(|e| e.to_string())?;
        game.set_position(&self.position).map_err(|e| e.to_string())?;
        Ok(game)
    }

    /// Whether it is of the game `id`.
    pub fn is_of(&self, id: &str) -> bool {
        self.game.split_whitespace().next() == Some(id)
    }
}

/// The schedule: every mistake collected, and the kept games already read for them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Schedule {
    /// The mistakes.
    pub items: Vec<Item>,
    /// The kept games whose mistakes are collected.
    pub read: BTreeSet<u64>,
}

/// What became of an answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    /// The answer was the best move, or within the doubtful mark of it.
    pub solved: bool,
    /// The answer as the game writes it.
    pub answer: String,
    /// The bot's best move now.
    pub best: String,
    /// What the answer lost against the best.
    pub loss: f64,
}

impl Schedule {
    /// The schedule file in the data directory `dir`.
    pub fn path_in(dir: &Path) -> PathBuf {
        dir.join("drill.txt")
    }

    /// Reads the schedule at `path`; none yet is an empty one.
    pub fn load(path: &Path) -> Result<Schedule, DrillError> {
        let text = match crate::app::lines::read_text_file(path) {
            Ok(text) => text,
            Err(_) if !path.exists() => return Ok(Schedule::default()),
            Err(e) => {
                return Err(DrillError::File {
                    what: "read",
                    path: path.to_path_buf(),
                    source: std::io::Error::other(e.to_string()),
                });
            }
        };
        let damaged = |line: usize, reason: &str| DrillError::Damaged {
            path: path.to_path_buf(),
            line,
            reason: reason.to_string(),
        };
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l) != Some(HEADER) {
            return Err(damaged(1, &format!("a schedule starts with '{HEADER}'")));
        }
        let mut schedule = Schedule::default();
        for (index, line) in lines {
            let fields: Vec<&str> = line.split('\t').collect();
            match fields.as_slice() {
                ["read", numbers @ ..] => {
                    for number in numbers {
                        schedule.read.insert(
                            number
                                .parse()
                                .map_err(|_| damaged(index + 1, "a game number is not a number"))?,
                        );
                    }
                }
                ["item", kept, level, due, loss, game, position, played, best] => {
                    let bad = || damaged(index + 1, "an item's numbers cannot be read");
                    schedule.items.push(Item {
                        kept: kept.parse().map_err(|_| bad())?,
                        level: level.parse().map_err(|_| bad())?,
                        due: due.parse().map_err(|_| bad())?,
                        loss: loss.parse().map_err(|_| bad())?,
                        game: game.to_string(),
                        position: position.to_string(),
                        played: played.to_string(),
                        best: best.to_string(),
                    });
                }
                _ => {
                    return Err(damaged(
                        index + 1,
                        "a line is 'read N...' or 'item' and eight fields",
                    ));
                }
            }
        }
        Ok(schedule)
    }

    /// Writes the schedule to `path`, whole, in place of the last.
    pub fn save(&self, path: &Path) -> Result<(), DrillError> {
        let mut text = format!("{HEADER}\nread");
        for number in &self.read {
            text.push_str(&format!("\t{number}"));
        }
        text.push('\n');
        for item in &self.items {
            text.push_str(&format!(
                "item\t{}\t{}\t{}\t{:.4}\t{}\t{}\t{}\t{}\n",
                item.kept, item.level, item.due, item.loss, item.game, item.position, item.played, item.best
            ));
        }
        if let Some(parent) = path.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        write_atomically(path, text.as_bytes()).map_err(|error| DrillError::File {
            what: "write",
            path: path.to_path_buf(),
            source: std::io::Error::other(error),
        })
    }

    /// Collects the mistakes of the finished kept games not read yet, for the seats a
    /// person played, valued by `bot`; `progress` is told after each game read.
    pub fn collect(
        &mut self,
        history: &History,
        bot: BotKind,
        nets: &crate::ai::learn::Nets,
        mut progress: impl FnMut(),
    ) {
        for entry in history.entries() {
            if self.read.contains(&entry.number) {
                continue;
            }
            let Ok(record) = entry.record else { continue };
            // A game still in play may go on: its mistakes are read once it is over.
            if record.tags.get("result").is_none_or(|r| r == "unfinished") {
                continue;
            }
            self.read.insert(entry.number);
            let Ok(fresh) = record.kind.new_game(&record.options) else {
                continue;
            };
            let people: Vec<usize> = record
                .tags
                .iter()
                .filter(|(key, value)| *key == "player" && value.ends_with(" human"))
                .filter_map(|(_, value)| fresh.find_seat(value.split(' ').next()?).ok())
                .collect();
            if people.is_empty() || bot.check_for(&fresh).is_err() {
                continue;
            }
            let mut valuer = bot.build_with::<AnyGame>(entry.number, nets);
            let mut luck = BotKind::Expectimax { depth: 1 }.build_with::<AnyGame>(entry.number, nets);
            let Ok(analysis) = analyse_game(&record, valuer.as_mut(), luck.as_mut(), &people, || {}) else {
                continue;
            };
            let mut game = record.kind.info().id.to_string();
            for option in record.options.non_default(record.kind.info().options) {
                game.push(' ');
                game.push_str(&option);
            }
            for d in analysis.decisions.iter().filter(|d| d.mark != Mark::None) {
                self.items.push(Item {
                    kept: entry.number,
                    level: 0,
                    due: 0,
                    loss: d.loss,
                    game: game.clone(),
                    position: d.before.position_string(),
                    played: d.played.clone(),
                    best: d.best.clone(),
                });
            }
            progress();
        }
    }

    /// The indexes of the items due at `now` (of the game `id` when given), most costly
    /// first.
    pub fn due(&self, now: u64, id: Option<&str>) -> Vec<usize> {
        let mut due: Vec<usize> = (0..self.items.len())
            .filter(|&i| self.items[i].due <= now && id.is_none_or(|id| self.items[i].is_of(id)))
            .collect();
        due.sort_by(|&a, &b| self.items[b].loss.total_cmp(&self.items[a].loss));
        due
    }

    /// Grades `answer` to item `index` with `bot` and moves the item in the schedule: a
    /// solved one to the next box, due twice as late as the last time (a day after the
    /// first); a missed one back to the first box, due at once. An answer that is not a
    /// legal move is refused, with the schedule unchanged.
    pub fn answer(
        &mut self,
        index: usize,
        answer: &str,
        bot: &mut dyn crate::ai::bots::Bot<AnyGame>,
        now: u64,
    ) -> Result<Graded, String> {
        let item = &self.items[index];
        let game = item.board()?;
        let mv = game.parse_move(answer.trim()).map_err(|e| e.to_string())?;
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            return Err(format!(
                "{} is not a legal move here; 'legal' lists them",
                answer.trim()
            ));
        }
        let decision = judge(&game, &mv, bot).ok_or("there is no choice to make in this position")?;
        let solved = decision.mark == Mark::None;
        let item = &mut self.items[index];
        if solved {
            item.level += 1;
            item.due = now + DAY * (1 << (item.level - 1).min(10));
        } else {
            item.level = 0;
            item.due = now;
        }
        Ok(Graded {
            solved,
            answer: decision.played,
            best: decision.best,
            loss: decision.loss,
        })
    }
}

/// The time now, in seconds since 1970.
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
