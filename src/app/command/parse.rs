//! Reading a command line into a [`Command`]: its first word finds the command in the
//! table, whose own reader takes the arguments; a line that is no command may be a
//! move.

use super::Command;
use super::args::Args;
use super::table::{examples, find_command, unknown};
use crate::app::session::CommandError;
use crate::core::Notation;
use crate::games::GameKind;

/// Reads one command line. A line that is not a command but reads as a move of `game`
/// means `play` that move.
pub fn parse(line: &str, game: &impl Notation) -> Result<Command, CommandError> {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let Some(spec) = find_command(word) else {
        return match game.parse_move(line) {
            Ok(_) => Ok(Command::Play(line.to_string())),
            // A line that starts like one of the legal moves is a move with a mistake.
            Err(syntax) if starts_a_legal_move(game, word) || is_move_word(game, word) => {
                Err(CommandError::from(syntax))
            }
            Err(syntax) => Err(unknown(word, Some(syntax))),
        };
    };
    (spec.parse)(&Args {
        name: spec.name,
        rest: rest.trim(),
    })
}

/// True if some legal move now is written starting with `word` (`swap` in Mnogoboy).
fn starts_a_legal_move(game: &impl Notation, word: &str) -> bool {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().any(|mv| {
        game.format_move(mv)
            .split_whitespace()
            .next()
            .is_some_and(|first| first.eq_ignore_ascii_case(word))
    })
}

/// Whether `word` begins one of `game`'s move forms even when no such move is legal now
/// (`take`, `swap` and `move` in Mnogoboy, `pass`): a line starting with it is a move
/// with a mistake, to be answered with the move syntax rather than "unknown command".
fn is_move_word(game: &impl Notation, word: &str) -> bool {
    let first_of_example = |example: &&str| {
        example
            .split_whitespace()
            .next()
            .is_some_and(|first| first.eq_ignore_ascii_case(word))
    };
    game.parse_move(word).is_ok()
        || GameKind::from_id(game.info().id)
            .is_ok_and(|kind| examples(kind).moves.iter().any(first_of_example))
}
