//! `tabula replay`: a record shown for people.

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Context;

use super::usage;
use crate::core::Game;

/// Shows game `index` of `file` from turn `from` on (the first when `None`), one line per
/// roll and move numbered by turn, stepping through it on a terminal when `step`.
pub(super) fn replay(
    file: &str,
    index: usize,
    from: Option<u32>,
    step: bool,
    out: &mut dyn Write,
) -> anyhow::Result<ExitCode> {
    use crate::app::record::{Check, Effect, Replay, Replaying, UNSEALED_NOTE};
    use crate::app::session::{Action, CommandError, Resigned, TurnNumbers};
    // The file is read as a stream, keeping only the game asked for (match records number
    // their games; pick by that number when present).
    let picked = crate::app::record::pick_from_file(file, Some(index)).map_err(|error| match error {
        CommandError::Argument(text) => usage(format!(
            "{file} {} (--game)",
            text.trim_start_matches("the file ")
        )),
        // The file cannot be opened: said as plainly as any file tabula cannot read.
        CommandError::File(text) if text.starts_with("cannot read") => anyhow::anyhow!(text),
        other => other.into(),
    })?;
    if let Some(damage) = picked.first_damage() {
        return Err(damage.into());
    }
    let count = picked.count;
    let record = &picked.game;
    // Replay the whole record first, so that a bad file fails before anything is printed.
    let context = || format!("{file}: game {index}");
    let mut replay = Replay::new(record, 0, Replaying::Saved).with_context(context)?;
    let steps = replay
        .by_ref()
        .collect::<Result<Vec<_>, _>>()
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
    writeln!(out, "{}", start.render().trim_end())?;
    let waits = step && io::stdin().is_terminal();
    let mut keys = io::stdin().lock();
    for (replayed, number) in steps.iter().zip(&numbers).skip(first_shown) {
        // `12. white rolls 6-3`: the turn's number, as analyse and the REPL's goto count.
        let turn = number.map(|n| format!("{n}. ")).unwrap_or_default();
        match (&replayed.effect, &replayed.recorded) {
            (Effect::Rolled(rolled), _) => {
                writeln!(
                    out,
                    "{turn}{} rolls {}",
                    whole.seat_name(rolled.seat),
                    rolled.dice
                )?;
                for note in replayed.notes() {
                    writeln!(out, "{note}")?;
                }
                continue;
            }
            (Effect::Played(played), _) => {
                writeln!(
                    out,
                    "{turn}{}",
                    crate::cli::repl::move_line(whole.seat_name(played.seat), played)
                )?;
                for note in replayed.notes() {
                    writeln!(out, "{note}")?;
                }
            }
            (Effect::Positioned, Action::SetPos(text)) => writeln!(out, "the position is set to: {text}")?,
            (Effect::Resigned(Resigned::PlaysOn(note)), _) => writeln!(out, "{note}")?,
            _ => {}
        }
        if step {
            writeln!(out, "{}", replayed.after.render().trim_end())?;
        }
        if waits {
            write!(out, "[Enter: next move, q: stop] ")?;
            out.flush()?;
            let mut answer = String::new();
            if keys.read_line(&mut answer)? == 0 || answer.trim().eq_ignore_ascii_case("q") {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
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
