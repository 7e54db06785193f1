//! Writing records: the one writer of a game's lines, which every record goes through
//! (`save`, `tabula match --records`), so that every record is sealed the same way.

use super::seal::{SEAL_LINE, Sealer};
use crate::app::session::{Action, CommandError, Session};
use crate::core::{Game, Options, SeededDice};
use crate::games::GameKind;

/// One game's lines after its `seal` line, and how many of them are actions: its tags,
/// the `notes`, the `seed` line of the dice the game started with, every action (a `seed` line wherever the dice
/// were reseeded before a roll, and a roll the stream cannot throw again, one replayed
/// from an older record, written as typed `dice`), a `seed` line if the stream was moved
/// after the last roll, and the `closing` lines (a match's result).
fn written_lines(session: &Session, notes: &[String], closing: &[String]) -> (Vec<String>, usize) {
    let game = session.game();
    let mut lines = super::tags::tag_lines(session, notes, closing);
    lines.extend(notes.iter().cloned());
    let mut stream = start_dice(session);
    lines.push(seed_line(&stream));
    let mut actions = 0;
    for (before, dice, action) in session.steps() {
        let written = match action.written(before) {
            Action::Roll(thrown) => {
                if !same_stream(dice, &stream) {
                    stream = dice.clone();
                    lines.push(seed_line(&stream));
                }
                let mut trial = stream.clone();
                if before.roll(&mut trial) == thrown {
                    stream = trial;
                    Action::Roll(thrown)
                } else {
                    Action::Dice(thrown)
                }
            }
            other => other,
        };
        actions += 1;
        lines.push(action_line(&written, |s| game.seat_name(s).to_string()));
    }
    if !same_stream(session.dice(), &stream) {
        lines.push(seed_line(session.dice()));
    }
    lines.extend(closing.iter().cloned());
    (lines, actions)
}

/// One game as a record writes it (see [`written_lines`]), each line ending in a newline.
pub fn write_game(session: &Session, notes: &[String], closing: &[String]) -> String {
    let (body, actions) = written_lines(session, notes, closing);
    let game = session.game();
    sealed_game(game.kind(), game.options(), body, actions)
}

/// One game's record from its lines, sealed: the `game` line of `kind` with its
/// `options` (those not at their default), the `seal` line, the `body` (tags, notes,
/// `seed` lines, actions and closing lines, `actions` of them action lines) and the
/// `end` line that seals them all, each line ending in a newline.
pub fn sealed_game(kind: GameKind, options: &Options, body: Vec<String>, actions: usize) -> String {
    let mut header = format!("game {}", kind.info().id);
    for option in options.non_default(kind.info().options) {
        header.push(' ');
        header.push_str(&option);
    }
    let mut lines = vec![header, SEAL_LINE.to_string()];
    lines.extend(body);
    lines.push(Sealer::end_line_of(&lines, actions));
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// The dice stream as it stood when the game started (before its first action).
pub fn start_dice(session: &Session) -> SeededDice {
    session
        .steps()
        .next()
        .map_or_else(|| session.dice().clone(), |(_, dice, _)| dice.clone())
}

fn same_stream(a: &SeededDice, b: &SeededDice) -> bool {
    a.seed() == b.seed() && a.position() == b.position()
}

fn seed_line(dice: &SeededDice) -> String {
    seed_text(dice.seed(), dice.position())
}

/// The `seed` line of dice `seed` from position `at` of its stream.
pub fn seed_text(seed: u64, at: u128) -> String {
    match at {
        0 => format!("seed {seed}"),
        at => format!("seed {seed} at {at}"),
    }
}

/// What throws a game's dice again, for people: `tabula play nardy koks=on --seed 42`
/// for dice that start at the beginning of their seed's stream; a stream picked up
/// further on (a game loaded from an older record) has no command line, and is named.
pub fn dice_command(kind: GameKind, options: &crate::core::Options, dice: &SeededDice) -> String {
    let info = kind.info();
    match dice.position() {
        0 => {
            let mut command = format!("tabula play {}", info.id);
            for option in options.non_default(info.options) {
                command.push(' ');
                command.push_str(&option);
            }
            format!("{command} --seed {}", dice.seed())
        }
        at => format!(
            "dice seed {} from position {at} of its stream (load the record to play them again)",
            dice.seed()
        ),
    }
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

/// A file's worth of text for `save`, with note lines (`seats ...`) after the header:
/// two comment lines (how to read it, and the command that throws its dice again), then
/// the game.
pub fn save_text(session: &Session, notes: &[String]) -> String {
    let game = session.game();
    format!(
        "# tabula record: load it with 'load FILE' or replay it with 'tabula replay FILE'\n# dice: {}\n{}",
        dice_command(game.kind(), game.options(), &start_dice(session)),
        write_game(session, notes, &[])
    )
}

/// Saves the session's record to `path` and marks it saved, through the one writer of
/// files ([`crate::ai::output::write_atomically`]): a regular file is replaced whole, a
/// symbolic link is written through to the file it names, and anything else (a FIFO, a
/// device, a directory, a dangling link) is refused and left untouched, as is any earlier
/// file when the save fails (a full disk).
pub fn save_file(session: &mut Session, path: &str, notes: &[String]) -> Result<(), CommandError> {
    crate::ai::output::write_atomically(std::path::Path::new(path), save_text(session, notes).as_bytes())
        .map_err(|e| CommandError::File(e.to_string()))?;
    session.mark_saved();
    Ok(())
}
