//! A match's record files (`--records`, `--jsonl`), opened once for the whole run through
//! the one writer of files ([`crate::ai::output::open_owned`]): a FIFO, device or
//! directory is refused, a symbolic link is written through, a file that exists and
//! does not begin as tabula's own records (judged by its first bytes alone, so a file of
//! any size is refused at once) is refused, and the file is locked for the run, so that
//! a second match on it stops at once while `tabula match report` and `tabula replay`
//! (which take no lock) still read it. Only the torn end of tabula's own last game is
//! ever cut, and the cut is told in bytes; a damaged game is refused with its line, or
//! with `--force` dropped from the file and played again.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{BufRead, Read, Seek, SeekFrom, Write};
use std::path::Path;

use anyhow::{Context, bail};

use super::game_record::read_games;
use super::resume::resume;
use super::{GameSummary, MatchConfig};
use crate::ai::output::{Owned, PREFIX_BYTES};
use crate::app::record::{Check, GameRecord, RecordStream};
use crate::app::session::CommandError;

/// What a `game` line starts with: the first bytes of every text record a match writes.
const GAME_WORD: &[u8] = b"game ";

/// What every JSON line of a match starts with (its first field, the format).
const JSONL_START: &[u8] = b"{\"format\":\"tabula-match-game-";

/// `--records`: text records, each game starting with its `game` line.
pub(super) const TEXT: Owned = Owned {
    what: "tabula's match records",
    starts: "a first line 'game ...'",
    user: "match",
    begins: |head| begins_with(head, GAME_WORD),
};

/// `--jsonl`: JSON lines, each starting with the format field.
pub(super) const JSONL: Owned = Owned {
    what: "tabula's JSON lines",
    starts: "a first line '{\"format\":\"tabula-match-game-1\", ...'",
    user: "match",
    begins: |head| begins_with(head, JSONL_START),
};

/// Whether a file starting with `head` begins with `start` (after a byte order mark), or
/// is all of it a piece of `start`: the first line of a game torn while written.
fn begins_with(head: &[u8], start: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    head.starts_with(start) || (head.len() < PREFIX_BYTES && start.starts_with(head))
}

/// The records file of a run: open, locked, positioned at its end.
pub(super) type Locked = File;

/// The JSON lines file of a run, with the numbers (from 0) of the games it holds.
pub(super) type Jsonl = (Locked, BTreeSet<u64>);

/// The match's `--records` and `--jsonl` files opened for the run (see [`open_records`]
/// and [`open_jsonl`]), the games they hold put in `finished`. A records file this call
/// made is removed again when the JSON lines are refused, so a refusal leaves no trace.
pub(super) fn open_both(
    config: &MatchConfig,
    finished: &mut BTreeMap<u64, GameSummary>,
) -> anyhow::Result<(Option<Locked>, Option<Jsonl>)> {
    let records = config.records.as_deref();
    let made = records.filter(|path| std::fs::symlink_metadata(path).is_err());
    let writer = records
        .map(|path| open_records(config, path, finished))
        .transpose()?;
    let jsonl = config
        .tourney
        .jsonl
        .as_deref()
        .map(|path| open_jsonl(config, path, finished))
        .transpose();
    match jsonl {
        Ok(jsonl) => Ok((writer, jsonl)),
        Err(error) => {
            if let (Some(path), Some(file)) = (made, writer.as_ref())
                && file.metadata().is_ok_and(|m| m.len() == 0)
            {
                let _ = std::fs::remove_file(path);
            }
            Err(error)
        }
    }
}

/// Opens the records at `path` for the run (see the module notes), the games they hold
/// put in `finished`.
pub(super) fn open_records(
    config: &MatchConfig,
    path: &Path,
    finished: &mut BTreeMap<u64, GameSummary>,
) -> anyhow::Result<Locked> {
    let mut file = crate::ai::output::open_owned(path, &TEXT)?;
    if file.metadata()?.len() > 0 {
        // Read as a stream, of any size, through another handle: the lock is this one's.
        let stream = crate::app::record::open_record_file(path)?.tolerating_a_torn_tail();
        let forced = "with --force it is dropped from the file and played again";
        let mut games = Checked::new(stream, config.tourney.force, forced);
        let read = || resume(config, read_games(games.by_ref(), |e| e.to_string()));
        for summary in resuming(path, read)? {
            finished.insert(summary.index, summary);
        }
        let whole = games.stream.whole_bytes();
        for told in &games.told {
            let text = format!("note: {}: {told}; it is played again", path.display());
            eprint!("{}", super::labels::wrap(&text));
        }
        if !games.dropped.is_empty() {
            file = drop_lines(file, path, &games.dropped, whole)?;
        } else {
            check_torn_tail(&mut file, path, whole)?;
            cut_to(&file, path, whole)?;
        }
    }
    file.seek(SeekFrom::End(0))?;
    Ok(file)
}

/// Opens the JSON lines at `path` for the run, with the numbers (from 0) of the games it
/// holds. Without `--records` they are what the match resumes from, into `finished`;
/// either way a torn last line is cut off.
pub(super) fn open_jsonl(
    config: &MatchConfig,
    path: &Path,
    finished: &mut BTreeMap<u64, GameSummary>,
) -> anyhow::Result<Jsonl> {
    let mut file = crate::ai::output::open_owned(path, &JSONL)?;
    let mut held = BTreeSet::new();
    if file.metadata()?.len() > 0 {
        let whole = if config.records.is_some() {
            let (numbers, whole) = super::jsonl::held_games(path)?;
            held = numbers;
            whole
        } else {
            let mut games = super::jsonl::games(path)?;
            for summary in resuming(path, || resume(config, games.by_ref()))? {
                held.insert(summary.index);
                finished.insert(summary.index, summary);
            }
            games.whole_bytes()
        };
        cut_to(&file, path, whole)?;
    }
    file.seek(SeekFrom::End(0))?;
    Ok((file, held))
}

/// Refuses a tail after the whole games that does not start as a game (`game ...`):
/// whatever it is, tabula did not write it as its last game, so it is not cut.
fn check_torn_tail(file: &mut File, path: &Path, whole: u64) -> anyhow::Result<()> {
    let length = file.metadata()?.len();
    if whole >= length {
        return Ok(());
    }
    let mut head = Vec::new();
    file.seek(SeekFrom::Start(whole))?;
    Read::by_ref(file)
        .take(GAME_WORD.len() as u64)
        .read_to_end(&mut head)?;
    if !(head.starts_with(GAME_WORD) || GAME_WORD.starts_with(&head)) {
        bail!(
            "{}: the last {} bytes (from byte {}) are not a game tabula was writing; tabula \
             cuts only the torn end of its own last game, so the file was left untouched: \
             remove those bytes, or give another --records file",
            path.display(),
            length - whole,
            whole + 1
        );
    }
    Ok(())
}

/// Cuts the file back to its first `whole` bytes, where a run killed while writing left
/// a torn game after them, and says how many bytes were cut.
fn cut_to(file: &File, path: &Path, whole: u64) -> anyhow::Result<()> {
    let length = file.metadata()?.len();
    if whole < length {
        file.set_len(whole)
            .with_context(|| format!("cannot repair {}", path.display()))?;
        eprint!(
            "{}",
            super::labels::wrap(&format!(
                "note: cut the last {} bytes of {}: the end of a game that a stopped run was \
                 writing; that game is played again",
                length - whole,
                path.display()
            ))
        );
    }
    Ok(())
}

/// The games of a record stream, each damaged one refused with its line, or with
/// `force` left out and its lines kept in `dropped`.
pub(super) struct Checked<R> {
    stream: RecordStream<R>,
    force: bool,
    /// What `--force` would do, said when a damaged game is refused.
    forced: &'static str,
    /// The lines (from 1) of the damaged games left out: from each one's `game` line to
    /// the line before the next game (`None`: to the end of the whole games).
    pub(super) dropped: Vec<(usize, Option<usize>)>,
    /// Told of each game dropped.
    pub(super) told: Vec<String>,
    failed: bool,
}

impl<R: BufRead> Checked<R> {
    /// The checked games of `stream`; `forced` says what `--force` would do.
    pub(super) fn new(stream: RecordStream<R>, force: bool, forced: &'static str) -> Checked<R> {
        Checked {
            stream,
            force,
            forced,
            dropped: Vec::new(),
            told: Vec::new(),
            failed: false,
        }
    }

    fn refuse(&mut self, error: CommandError) -> Option<Result<GameRecord, CommandError>> {
        self.failed = true;
        Some(Err(error))
    }
}

/// How a damaged game is named: the line of its `game` line, and its number in the match
/// when its lines got that far.
fn damaged_game(game: &GameRecord) -> String {
    match game.match_game() {
        Some(number) => format!("game {number} of the match (from line {})", game.line),
        None => format!("the game from line {}", game.line),
    }
}

impl<R: BufRead> Iterator for Checked<R> {
    type Item = Result<GameRecord, CommandError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.failed {
            if let Some(broken) = self.stream.broken() {
                let error = CommandError::File(format!(
                    "record damaged outside any game: {broken}; repair or remove those lines"
                ));
                return self.refuse(error);
            }
            let game = match self.stream.next()? {
                Err(error) => return self.refuse(error),
                Ok(game) => game,
            };
            if let Some(last) = self.dropped.last_mut()
                && last.1.is_none()
            {
                last.1 = Some(game.line - 1);
            }
            let Check::Damaged(damage) = &game.check else {
                return Some(Ok(game));
            };
            let which = damaged_game(&game);
            if !self.force {
                let error = CommandError::File(format!(
                    "record damaged: {which} is damaged at {damage}; {}",
                    self.forced
                ));
                return self.refuse(error);
            }
            self.told.push(format!("left out {which}, damaged at {damage}"));
            self.dropped.push((game.line, None));
        }
        None
    }
}

/// The records with the lines of `dropped` games left out (and anything after byte
/// `whole`, a torn last game), written to a new file beside them that replaces them once
/// whole; the new file is locked before it takes the old one's place, and returned.
fn drop_lines(
    old: File,
    path: &Path,
    dropped: &[(usize, Option<usize>)],
    whole: u64,
) -> anyhow::Result<File> {
    let target = crate::ai::output::target_of(path)?;
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = target.with_file_name(format!(".{name}.{}.drop", std::process::id()));
    let copied = (|| -> std::io::Result<File> {
        let mut new = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&temporary)?;
        new.lock()?;
        (&old).rewind()?;
        let mut input = std::io::BufReader::new((&old).take(whole));
        copy_kept_lines(&mut input, &mut new, dropped)?;
        new.sync_all()?;
        std::fs::rename(&temporary, &target)?;
        Ok(new)
    })();
    match copied {
        Ok(new) => Ok(new),
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            Err(e).with_context(|| format!("cannot drop the damaged games of {}", path.display()))
        }
    }
}

/// Copies `input` to `output` line by line, leaving out the lines (from 1) in `dropped`;
/// reads a buffer at a time, so no line is held whole.
fn copy_kept_lines(
    input: &mut impl BufRead,
    output: &mut impl Write,
    dropped: &[(usize, Option<usize>)],
) -> std::io::Result<()> {
    let kept = |line: usize| {
        !dropped
            .iter()
            .any(|&(first, last)| line >= first && last.is_none_or(|last| line <= last))
    };
    let mut line = 1;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        let (chunk, ends) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..=at], true),
            None => (buffer, false),
        };
        if kept(line) {
            output.write_all(chunk)?;
        }
        let used = chunk.len();
        input.consume(used);
        if ends {
            line += 1;
        }
    }
    output.flush()
}

#[cfg(test)]
mod tests;

/// Runs `read`, which reads the games of `path` back to resume the match: a signal
/// meanwhile ends tabula, saying so (the file is not changed before they are all read).
fn resuming<T>(path: &Path, read: impl FnOnce() -> anyhow::Result<T>) -> anyhow::Result<T> {
    let what = format!(
        "reading {} to resume the match; the file is as it was",
        path.display()
    );
    crate::app::interrupt::while_doing(what, read)
        .with_context(|| format!("cannot resume from {}", path.display()))
}
