//! `tabula replay`: a record shown for people.

use std::io::{self, BufRead, IsTerminal, Write};

use std::process::ExitCode;

use anyhow::Context;

use super::keys::{SingleKeys, Step};
use super::usage::usage;
use crate::core::Game;
use crate::core::Notation;

/// `tabula replay`'s arguments.
#[derive(Debug, clap::Args)]
pub(super) struct ReplayArgs {
    /// A file written by 'save' (or a match's --records file); 'last' or N: a kept
    /// game (see 'tabula history')
    file: String,
    /// Which game of the file to replay, from 1
    #[arg(long, default_value_t = 1)]
    game: usize,
    /// Start at this turn (numbered from 1 after the roll-off, as analyse numbers
    /// them), with the board as it stood then
    #[arg(long, value_name = "TURN")]
    from: Option<u32>,
    /// Show the board after every move and wait for Enter (in a terminal; q quits)
    #[arg(long)]
    step: bool,
}

/// `tabula replay`: the record named (a file, or a kept game by `last` or its number),
/// stepped through with --step, else through the pager when taller than the terminal.
pub(super) fn replay_command(args: ReplayArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let file = crate::app::history::record_path(&args.file)?;
    if args.step {
        replay(&file, args.game, args.from, true, out)
    } else {
        super::pager::paged(out, |out| replay(&file, args.game, args.from, false, out))
    }
}

/// Shows game `index` of `file` from turn `from` on (the first when `None`), one line per
/// roll and move numbered by turn, stepping through it on a terminal when `step`.
pub(super) fn replay(
    file: &str,
    index: usize,
    from: Option<u32>,
    step: bool,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    use crate::app::record::{Check, Replay, Replaying, UNSEALED_NOTE};
    use crate::app::session::{CommandError, TurnNumbers};
    // The file is read as a stream, keeping only the game asked for (match records number
    // their games; pick by that number when present).
    let reading = format!("reading {file}");
    let picked = crate::app::interrupt::while_doing(&reading, || {
        crate::app::record::pick_from_file(file, Some(index))
    })
    .map_err(|error| match error {
        CommandError::Argument(text) => usage(format!(
            "{file} {} (--game)",
            text.trim_start_matches("the file ")
        )),
        // The file cannot be opened: said as plainly as any file tabula cannot read.
        CommandError::File(text) if text.starts_with("cannot read") => anyhow::anyhow!(text),
        other => other.into(),
    })?;
    if let Some(refusal) = picked.refusal() {
        return Err(CommandError::File(refusal).into());
    }
    let count = picked.count;
    let record = &picked.game;
    // Replay the whole record first, so that a bad file fails before anything is printed.
    let context = || format!("{file}: game {index}");
    let mut replay = Replay::new(record, 0, Replaying::Saved).with_context(context)?;
    let steps =
        crate::app::interrupt::while_doing(reading, || replay.by_ref().collect::<Result<Vec<_>, _>>())
            .map_err(CommandError::from)
            .with_context(context)?;
    let whole = replay.session();
    if count > 1 {
        writeln!(out, "game {index} of the {count} in {file}")?;
    }
    writeln!(out, "{}", replay_header(record, whole))?;
    let game = whole.game();
    let seat_names: Vec<String> = (0..game.seat_count())
        .map(|s| game.seat_name(s).to_string())
        .collect();
    for line in record.tags.describe(&seat_names) {
        writeln!(out, "{line}")?;
    }
    if record.check == Check::Unsealed {
        writeln!(out, "note: {UNSEALED_NOTE}")?;
    }
    if let Some(line) = picked.other_damaged {
        writeln!(out, "note: the file's game of line {line} is damaged")?;
    }
    let mut turns = TurnNumbers::default();
    let numbers: Vec<Option<u32>> = steps.iter().map(|s| turns.of(&s.before, s.seat)).collect();
    let last = numbers.iter().flatten().max().copied().unwrap_or(0);
    let first_shown = match from {
        None => 0,
        Some(turn) => numbers.iter().position(|n| *n == Some(turn)).ok_or_else(|| {
            usage(format!(
                "game {index} of {file} has turns 1 to {last}; --from takes one of them"
            ))
        })?,
    };
    let start = match steps.get(first_shown) {
        Some(replayed) if from.is_some() => replayed.before.clone(),
        _ => record.kind.new_game(&record.options)?,
    };
    let start_board = format!("{}\n", start.render().trim_end());
    write!(out, "{start_board}")?;
    let (frames, pending) = frames(&steps[first_shown..], &numbers[first_shown..], whole, step);
    let stepping = if step { Stepping::start() } else { None };
    match stepping {
        Some(stepping) => {
            if !stepping.step_through(&start_board, &frames, out)? {
                return Ok(ExitCode::SUCCESS);
            }
        }
        None => frames.iter().try_for_each(|frame| write!(out, "{frame}"))?,
    }
    write!(out, "{pending}")?;
    let board = whole.game().render();
    if !step {
        writeln!(out, "{}", board.trim_end())?;
    }
    match whole.outcome() {
        // Some boards say it themselves.
        Ok(outcome) if board.contains(&outcome.summary) => {}
        Ok(outcome) => writeln!(out, "game over: {}", outcome.summary)?,
        Err(_) => writeln!(out, "the record ends here; {}", crate::cli::repl::standing(whole))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The first line of a replay, in words: the game, its options, who played, the dice
/// seed, how many moves and how it ended.
pub(super) fn replay_header(
    record: &crate::app::record::GameRecord,
    whole: &crate::app::session::Session,
) -> String {
    let info = record.kind.info();
    let options = record.options.non_default(info.options);
    let mut header = info.title.to_string();
    if !options.is_empty() {
        header.push_str(&format!(" ({})", options.join(" ")));
    }
    if let Some(seats) = record.note("seats") {
        // `seats white=engine:./bot --fast black=bot:greedy`: a new seat starts at a word
        // `NAME=` that names a seat; other words belong to the engine command before.
        let mut players: Vec<String> = Vec::new();
        for word in seats.split_whitespace() {
            match word.split_once('=') {
                Some((seat, player)) if whole.game().find_seat(seat).is_ok() => {
                    players.push(format!("{seat} {player}"));
                }
                _ => match players.last_mut() {
                    Some(last) => {
                        last.push(' ');
                        last.push_str(word);
                    }
                    None => players.push(word.to_string()),
                },
            }
        }
        header.push_str(&format!(": {}", players.join(", ")));
    }
    let moves = record.move_count();
    // The length, the result and the dice on lines of their own keep the header within
    // 80 columns.
    header.push_str(&format!("\n{moves} move{}", if moves == 1 { "" } else { "s" }));
    match whole.outcome() {
        Ok(outcome) => header.push_str(&format!(", then {}", outcome.summary)),
        Err(_) => header.push_str(", not finished"),
    }
    // Only a sealed record's seed is where its dice started.
    if let (Some((seed, at)), true) = (record.seed, record.sealed_format) {
        let dice = crate::core::SeededDice::resume(seed, at);
        let command = crate::app::record::dice_command(record.kind, &record.options, &dice);
        header.push_str(&format!("\ndice: {command}"));
    }
    header
}

/// The text of each move of `steps` (numbered by `numbers`): its rolls first, then the
/// move, and with `step` the board after it, so that a terminal can step back and forth
/// through them; then the rolls after the last move.
fn frames(
    steps: &[crate::app::record::Replayed],
    numbers: &[Option<u32>],
    whole: &crate::app::session::Session,
    step: bool,
) -> (Vec<String>, String) {
    use crate::app::record::Effect;
    use crate::app::session::Action;
    use crate::core::Resignation;
    let mut frames: Vec<String> = Vec::new();
    let mut pending = String::new();
    for (replayed, number) in steps.iter().zip(numbers) {
        // `12. white rolls 6-3`: the turn's number, as analyse and the REPL's goto count.
        let turn = number.map(|n| format!("{n}. ")).unwrap_or_default();
        let mut line = |text: String| {
            pending.push_str(&text);
            pending.push('\n');
        };
        match (&replayed.effect, &replayed.recorded) {
            (Effect::Rolled(rolled), _) => {
                line(format!(
                    "{turn}{} rolls {}",
                    whole.seat_name(rolled.seat),
                    rolled.dice
                ));
                replayed.notes().iter().for_each(|note| line(note.to_string()));
                continue;
            }
            (Effect::Played(played), _) => {
                line(format!(
                    "{turn}{}",
                    crate::cli::repl::move_line(whole.seat_name(played.seat), played)
                ));
                replayed.notes().iter().for_each(|note| line(note.to_string()));
            }
            (Effect::Positioned, Action::SetPos(text)) => line(format!("the position is set to: {text}")),
            (Effect::Resigned(Resignation::PlaysOn(note)), _) => line(note.to_string()),
            _ => {}
        }
        if step {
            line(replayed.after.render().trim_end().to_string());
        }
        frames.push(std::mem::take(&mut pending));
    }
    (frames, pending)
}

/// How `--step` waits between moves in a terminal: single keys where the terminal has
/// them, else a line (Enter, or q and Enter).
enum Stepping {
    Keys(SingleKeys),
    Lines,
}

impl Stepping {
    /// `None` when standard input is not a terminal: then nothing waits.
    fn start() -> Option<Stepping> {
        if !io::stdin().is_terminal() {
            return None;
        }
        Some(SingleKeys::start().map_or(Stepping::Lines, Stepping::Keys))
    }

    /// Shows the frames one at a time as the keys ask, forward and back (back from the
    /// first shows `start` again); true when stepped past the last, false on quit.
    fn step_through(mut self, start: &str, frames: &[String], out: &mut dyn Write) -> io::Result<bool> {
        // Where the replay stands: 0 before the first move, i after move i.
        let mut at = 0;
        while at < frames.len() {
            match self.ask(at > 0, out)? {
                Step::Quit => return Ok(false),
                Step::Forward => {
                    write!(out, "{}", frames[at])?;
                    at += 1;
                }
                Step::Back if at == 0 => {}
                Step::Back if at == 1 => {
                    at = 0;
                    write!(out, "back to the start\n{start}")?;
                }
                Step::Back => {
                    at -= 1;
                    write!(out, "back to:\n{}", frames[at - 1])?;
                }
            }
        }
        Ok(true)
    }

    /// Asks for the next step; `back` says whether there is a move to go back from.
    fn ask(&mut self, back: bool, out: &mut dyn Write) -> io::Result<Step> {
        match self {
            Stepping::Keys(keys) => {
                let prompt = if back {
                    "[Space: next move, b: back, q: quit] "
                } else {
                    "[Space: next move, q: quit] "
                };
                write!(out, "{prompt}")?;
                out.flush()?;
                let step = keys.next()?;
                // The prompt goes once a key is pressed: the moves read on without it.
                write!(out, "\r{:width$}\r", "", width = prompt.len())?;
                Ok(step)
            }
            Stepping::Lines => {
                write!(out, "[Enter: next move, q: stop] ")?;
                out.flush()?;
                let mut answer = String::new();
                let read = io::stdin().lock().read_line(&mut answer)?;
                Ok(if read == 0 || answer.trim().eq_ignore_ascii_case("q") {
                    Step::Quit
                } else {
                    Step::Forward
                })
            }
        }
    }
}
