//! Records read as streams: a file of any size is read one line at a time (each line at
//! most [`MAX_LINE_BYTES`]), and its games are handed out one by one as they end, so
//! that memory holds one game whatever the file's size. Everything that reads records
//! from a file (`load`, `tabula replay`, `tabula analyse`, a match resuming, `tabula
//! match report`) reads them through [`RecordStream`].

use std::io::{self, BufRead};
use std::path::Path;

use super::{Check, Damage, GameRecord, Reader};
use crate::ai::files::{BoundedLine, MAX_LINE_BYTES, read_line_within};
use crate::app::session::CommandError;

/// One raw line of a file: its text (or why it is none), whether it ended in a line
/// feed, and how many bytes it took.
struct RawLine {
    text: Result<String, String>,
    ended: bool,
    bytes: u64,
    /// The line passed [`MAX_LINE_BYTES`]: reading stopped in its middle.
    too_long: bool,
}

/// The games of a record, read from `input` one at a time (see the module notes).
pub struct RecordStream<R> {
    input: R,
    reader: Reader,
    /// Lines read.
    line: usize,
    /// Bytes read.
    offset: u64,
    /// Bytes up to the end of the last line that closes a game (its `end` line, or a
    /// blank line after it): where a torn last game starts.
    whole: u64,
    /// The input is a match's records, possibly still being written: an unfinished last
    /// game is left out rather than called damaged.
    torn_tail: bool,
    /// The input is read to its end.
    done: bool,
    /// Games handed out.
    count: usize,
    buffer: Vec<u8>,
}

impl<R: BufRead> RecordStream<R> {
    /// A stream of the games in `input`.
    pub fn new(input: R) -> RecordStream<R> {
        RecordStream {
            input,
            reader: Reader::default(),
            line: 0,
            offset: 0,
            whole: 0,
            torn_tail: false,
            done: false,
            count: 0,
            buffer: Vec::new(),
        }
    }

    /// The stream of a match's records, which a running match may be writing: a last
    /// game without its `end` line (or its closing blank line, in a record written
    /// before records were sealed) is left out, and [`RecordStream::whole_bytes`] says
    /// where it starts.
    pub fn tolerating_a_torn_tail(mut self) -> RecordStream<R> {
        self.torn_tail = true;
        self
    }

    /// Damage outside any readable game found so far (see [`super::RecordFile::broken`]).
    pub fn broken(&self) -> Option<&Damage> {
        self.reader.broken.as_ref()
    }

    /// Once the stream is read to its end: how many bytes of the input hold whole games
    /// (all of it, unless a torn last game was left out).
    pub fn whole_bytes(&self) -> u64 {
        self.whole
    }

    /// Reads one raw line, or `None` at the end of the input. A line past
    /// [`MAX_LINE_BYTES`] is refused where it passes the limit, and nothing after it is
    /// read (`ended` false, `too_long` true).
    fn raw_line(&mut self) -> io::Result<Option<RawLine>> {
        let (ended, bytes) = match read_line_within(&mut self.input, &mut self.buffer, MAX_LINE_BYTES)? {
            BoundedLine::End => return Ok(None),
            BoundedLine::TooLong => {
                let text = Err(format!(
                    "the line is longer than {} KiB, the longest a record line may be; the file is not read past it",
                    MAX_LINE_BYTES / 1024
                ));
                return Ok(Some(RawLine {
                    text,
                    ended: false,
                    bytes: MAX_LINE_BYTES as u64,
                    too_long: true,
                }));
            }
            BoundedLine::Line { ended, bytes } => (ended, bytes),
        };
        let mut text = self.buffer.as_slice();
        if self.line == 0 {
            text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
        }
        let text = String::from_utf8(text.to_vec()).map_err(|error| {
            format!(
                "the line is not UTF-8 text (byte {} of the line)",
                error.utf8_error().valid_up_to() + 1
            )
        });
        Ok(Some(RawLine {
            text,
            ended,
            bytes,
            too_long: false,
        }))
    }

    /// Reads lines until a game is ready or the input ends.
    fn fill(&mut self) -> Result<(), CommandError> {
        while self.reader.games.is_empty() && !self.done {
            let raw = self
                .raw_line()
                .map_err(|e| CommandError::File(format!("cannot read the record: {e}")))?;
            let Some(raw) = raw else {
                self.finish(None);
                break;
            };
            self.line += 1;
            self.offset += raw.bytes;
            if raw.too_long {
                // Whatever follows is not read: the line may never end (a file of zero
                // bytes, a sparse file), and the games after it cannot be counted.
                let reason = raw.text.err().unwrap_or_default();
                self.done = true;
                self.reader.bad_line(self.line, reason.clone())?;
                self.reader.broken.get_or_insert(Damage {
                    line: self.line,
                    reason,
                });
                self.reader.close(self.line + 1);
                break;
            }
            match (raw.text, raw.ended) {
                (Ok(text), true) => {
                    let closes = self.reader.line(self.line, &text)?;
                    if closes {
                        self.whole = self.offset;
                    }
                }
                // A last line without a line end was cut short while the file was
                // written (`seed 42 at 13` for `seed 42 at 136`): it is not read.
                (Ok(text), false) => self.finish(Some(text)),
                // Cut inside a character: as torn as any cut line.
                (Err(reason), false) if self.torn_tail => self.finish(Some(reason)),
                (Err(reason), _) => self.reader.bad_line(self.line, reason)?,
            }
        }
        Ok(())
    }

    /// The input has ended; `cut` is a last line without a line end.
    fn finish(&mut self, cut: Option<String>) {
        self.done = true;
        let cut = cut.filter(|c| !c.trim().is_empty());
        let open = self.reader.open.as_ref();
        // Only a game written whole up to its cut is torn: one with a damaged line (a
        // changed byte, a line that is no record line) is damaged, and said to be.
        let torn = self.torn_tail
            && !open.is_some_and(|o| o.damaged())
            && (cut.is_some() || open.is_some_and(|o| !o.whole()));
        if torn {
            // A running match is writing its last game: it is not read yet.
            self.reader.open = None;
            return;
        }
        self.whole = self.offset;
        let next = self.line + 1;
        if let Some(cut) = cut {
            self.reader.cut(self.line, &cut);
        }
        self.reader.close(next);
    }
}

impl<R: BufRead> Iterator for RecordStream<R> {
    type Item = Result<GameRecord, CommandError>;

    /// The next game; an error is input that is no record at all (or cannot be read).
    fn next(&mut self) -> Option<Self::Item> {
        if let Err(error) = self.fill() {
            self.done = true;
            // Said once: no "no game" after it.
            self.count = usize::MAX;
            self.reader.games.clear();
            return Some(Err(error));
        }
        match self.reader.games.pop_front() {
            Some(game) => {
                self.count += 1;
                Some(Ok(game))
            }
            None if self.count == 0 && self.done && !self.torn_tail => {
                // Said once: the next call finds count still 0, so mark it.
                self.count = usize::MAX;
                Some(Err(match self.reader.broken.take() {
                    Some(damage) => CommandError::File(format!("record damaged: {damage}")),
                    None => super::no_game(),
                }))
            }
            None => None,
        }
    }
}

/// Opens the record file at `path` for reading as a stream: it must be a regular file
/// (not a FIFO, a device or a folder, which could block or never end).
pub fn open_record_file(path: &Path) -> Result<RecordStream<io::BufReader<std::fs::File>>, CommandError> {
    let file = crate::app::lines::open_regular_file(path).map_err(|e| CommandError::File(e.to_string()))?;
    Ok(RecordStream::new(io::BufReader::with_capacity(1 << 16, file)))
}

/// Every game of the record file at `path`, refusing the file at its first damage (as
/// [`Undamaged`] does): what `tabula analyse` reads. The file is read as a stream, so
/// memory holds the games, not the text.
pub fn read_records(path: &Path) -> Result<Vec<GameRecord>, CommandError> {
    Undamaged::new(open_record_file(path)?).collect()
}

/// The games of a stream, refusing the first damage (`record damaged: ...`) as an error:
/// what a match resuming and `tabula analyse` read.
pub struct Undamaged<R> {
    stream: RecordStream<R>,
    /// A game read ahead (to learn whether the file holds more than one).
    ahead: Option<GameRecord>,
    failed: bool,
}

impl<R: BufRead> Undamaged<R> {
    /// The undamaged games of `stream`.
    pub fn new(stream: RecordStream<R>) -> Undamaged<R> {
        Undamaged {
            stream,
            ahead: None,
            failed: false,
        }
    }

    fn refuse(&mut self, error: CommandError) -> Option<Result<GameRecord, CommandError>> {
        self.failed = true;
        Some(Err(error))
    }
}

impl<R: BufRead> Iterator for Undamaged<R> {
    type Item = Result<GameRecord, CommandError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        if let Some(broken) = self.stream.broken() {
            let error = CommandError::File(format!("record damaged: {broken}"));
            return self.refuse(error);
        }
        let game = match self.ahead.take().map(Ok).or_else(|| self.stream.next()) {
            None => return None,
            Some(Err(error)) => return self.refuse(error),
            Some(Ok(game)) => game,
        };
        let Check::Damaged(damage) = &game.check else {
            return Some(Ok(game));
        };
        // `game N, ` when the file holds several games.
        let several = game.number > 1
            || match self.stream.next() {
                Some(Ok(next)) => {
                    self.ahead = Some(next);
                    true
                }
                _ => false,
            };
        let which = if several {
            format!("game {}, ", game.number)
        } else {
            String::new()
        };
        let error = CommandError::File(format!("record damaged: {which}{damage}"));
        self.refuse(error)
    }
}

/// One game picked from a record file, with what `load` and `tabula replay` say of the
/// rest of the file.
#[derive(Clone, Debug)]
pub struct Picked {
    /// The game asked for.
    pub game: GameRecord,
    /// How many games the file holds.
    pub count: usize,
    /// Damage outside any readable game.
    pub broken: Option<Damage>,
    /// The `game` line of another game of the file that is damaged.
    pub other_damaged: Option<usize>,
}

impl Picked {
    /// Whether the game may be shown or loaded: the one decision `load` and `tabula
    /// replay` share, so that they accept and refuse the same files. Refused, as
    /// `record damaged: ...`, are a file with damage outside its games (a game line that
    /// cannot be read may shift the games after it) and a damaged game; another game of
    /// the file being damaged is only a note ([`Picked::other_damaged`]). Whether the
    /// game's actions replay is checked by replaying them, as both do.
    pub fn refusal(&self) -> Option<String> {
        let damage = match (&self.broken, &self.game.check) {
            (Some(broken), _) => broken,
            (None, Check::Damaged(damage)) => damage,
            (None, _) => return None,
        };
        Some(format!("record damaged: {damage}"))
    }
}

/// Whether a file mixes unsealed games with others. tabula has sealed every game it
/// writes since records were sealed, and a file is only ever added to, so an unsealed
/// game beside a sealed one (or a damaged one, which may have lost its seal) is not an old
/// record: it is a fragment of one (a `game` line and a line or two, pasted or left by a
/// cut), and is damaged.
#[derive(Default)]
struct Seals {
    /// The `game` line of the first game that is not unsealed (sealed, or damaged).
    other: Option<usize>,
    /// The `game` line of the first unsealed one.
    unsealed: Option<usize>,
}

impl Seals {
    fn see(&mut self, game: &GameRecord) {
        if game.check == Check::Unsealed {
            self.unsealed.get_or_insert(game.line);
        } else {
            self.other.get_or_insert(game.line);
        }
    }

    /// The damage of the unsealed game of line `line`, when the file holds another kind.
    fn damage(&self, line: usize) -> Option<Damage> {
        let other = self.other?;
        Some(Damage {
            line,
            reason: format!(
                "the game of line {line} has no seal, but the game of line {other} has one or is damaged: an unsealed game beside it is a fragment of a record, not a whole game"
            ),
        })
    }

    /// Marks `game` damaged if it is an unsealed game among sealed ones.
    fn check(&self, game: &mut GameRecord) {
        if game.check == Check::Unsealed
            && let Some(damage) = self.damage(game.line)
        {
            game.check = Check::Damaged(damage);
        }
    }
}

/// Picks game `number` (from 1; a match record's `match-game N` note names it first) of
/// the games `games` yields, or the first when none is asked for (`broken`: damage
/// outside any game, when known before), holding no other game
/// than the one picked (and the one at that place in the file, until a game of that
/// match number turns up).
pub fn pick(
    games: &mut dyn Iterator<Item = Result<GameRecord, CommandError>>,
    number: Option<usize>,
    broken: Option<Damage>,
) -> Result<Picked, CommandError> {
    let (mut by_match, mut by_place) = (None, None);
    let mut count = 0;
    let mut seals = Seals::default();
    // The `game` lines of the first two damaged games.
    let mut damaged: Vec<(usize, usize)> = Vec::new();
    for game in games {
        let game = game?;
        count += 1;
        seals.see(&game);
        if matches!(game.check, Check::Damaged(_)) && damaged.len() < 2 {
            damaged.push((game.number, game.line));
        }
        let wanted = number.unwrap_or(1);
        if by_match.is_none() && number.is_some() && game.match_game() == Some(wanted) {
            by_place = None;
            by_match = Some(game);
        } else if by_match.is_none() && count == wanted {
            by_place = Some(game);
        }
    }
    let mut chosen: GameRecord = by_match.or(by_place).ok_or_else(|| match count {
        0 => super::no_game(),
        _ => CommandError::Argument(format!(
            "the file holds {count} game{}: give a number from 1 to {count}",
            if count == 1 { "" } else { "s" }
        )),
    })?;
    seals.check(&mut chosen);
    let fragment = seals
        .unsealed
        .filter(|&line| seals.damage(line).is_some() && line != chosen.line);
    let other_damaged = damaged
        .iter()
        .find(|(number, _)| *number != chosen.number)
        .map(|&(_, line)| line)
        .into_iter()
        .chain(fragment)
        .min();
    Ok(Picked {
        count,
        broken,
        other_damaged,
        game: chosen,
    })
}

/// Picks game `number` of the record file at `path` (see [`pick`]).
pub fn pick_from_file(path: &str, number: Option<usize>) -> Result<Picked, CommandError> {
    let mut stream = open_record_file(Path::new(path))?;
    let mut picked = pick(&mut stream.by_ref(), number, None)?;
    picked.broken = stream.broken().cloned();
    Ok(picked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// An endless record: the same sealed game over and over, counting what is read.
    struct Endless {
        game: Vec<u8>,
        at: usize,
        read: std::rc::Rc<std::cell::Cell<u64>>,
    }

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let mut written = 0;
            while written < buf.len() {
                let n = (buf.len() - written).min(self.game.len() - self.at);
                buf[written..written + n].copy_from_slice(&self.game[self.at..self.at + n]);
                self.at = (self.at + n) % self.game.len();
                written += n;
            }
            self.read.set(self.read.get() + written as u64);
            Ok(written)
        }
    }

    /// The stream reads only as far as the game it hands out (plus its buffer), so a
    /// file's size never matters: here an endless one, read game by game.
    #[test]
    fn a_stream_reads_no_further_than_the_game_it_hands_out() {
        let game = b"game ur\nseal fnv1a-64\nseed 3\nroll 2\nend 1 ".to_vec();
        let mut sealer = crate::app::record::seal::Sealer::default();
        for line in ["game ur", "seal fnv1a-64", "seed 3", "roll 2"] {
            sealer.add(line);
        }
        sealer.count_action();
        let end = sealer.end_line();
        let mut text = game[..game.len() - 6].to_vec();
        text.extend_from_slice(end.as_bytes());
        text.extend_from_slice(b"\n\n");
        let read = std::rc::Rc::new(std::cell::Cell::new(0));
        let input = Endless {
            game: text.clone(),
            at: 0,
            read: read.clone(),
        };
        let buffer = 4096;
        let mut stream = RecordStream::new(io::BufReader::with_capacity(buffer, input));
        for number in 1..=10_000 {
            let game = stream.next().unwrap().unwrap();
            assert_eq!((game.number, game.check.clone()), (number, Check::Sealed));
            assert!(stream.reader.games.is_empty() && stream.reader.open.is_some());
            // What was read is the games handed out, the next game's first line, and at
            // most one buffer more.
            let handed = number as u64 * text.len() as u64;
            assert!(read.get() <= handed + text.len() as u64 + buffer as u64);
        }
    }

    /// A line longer than 64 KiB is damage where it stands, and the file is not read past
    /// it: the games before it are kept, and the file is marked broken there.
    #[test]
    fn a_line_past_64_kib_is_damage_and_the_end_of_reading() {
        let long = "x".repeat(MAX_LINE_BYTES + 1);
        let text = format!("game ur\nseed 3\n# {long}\nroll 2\ngame ur\nseed 4\n");
        let mut stream = RecordStream::new(text.as_bytes());
        let games: Vec<GameRecord> = stream.by_ref().map(Result::unwrap).collect();
        assert_eq!(games.len(), 1);
        let Check::Damaged(damage) = &games[0].check else {
            panic!("{:?}", games[0].check)
        };
        assert_eq!(damage.line, 3);
        assert!(damage.reason.contains("longer than 64 KiB"), "{damage}");
        assert!(damage.reason.contains("not read past it"), "{damage}");
        assert_eq!(stream.broken().map(|b| b.line), Some(3));
    }

    /// A file that starts with an endless line (zero bytes, as a sparse file holds) is
    /// refused after 64 KiB and a buffer, not read to its end.
    #[test]
    fn an_endless_first_line_is_refused_at_the_limit() {
        let read = std::rc::Rc::new(std::cell::Cell::new(0));
        let input = Endless {
            game: vec![0; 1000],
            at: 0,
            read: read.clone(),
        };
        let mut stream = RecordStream::new(io::BufReader::with_capacity(4096, input));
        let error = stream.next().unwrap().unwrap_err().to_string();
        assert!(
            error.contains("line 1: the line is longer than 64 KiB"),
            "{error}"
        );
        assert!(error.contains("this is not a tabula record"), "{error}");
        assert!(stream.next().is_none());
        assert!(read.get() <= MAX_LINE_BYTES as u64 + 4096);
    }
}
