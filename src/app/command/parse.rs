//! Reading a command line into a [`Command`]: its first word finds the command in the
//! table, whose own reader takes the arguments; a line that is no command may be a
//! move.

use super::Command;
use super::args::Args;
use super::table::{COMMANDS, examples, find_command};
use crate::app::session::CommandError;
use crate::core::{Notation, SyntaxError};
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

/// `path` with a leading `~` or `~/` replaced by the home folder.
pub fn expand_home(path: &str) -> std::path::PathBuf {
    let home = || dirs::home_dir().filter(|h| !h.as_os_str().is_empty());
    match path.strip_prefix('~') {
        Some("") => home().unwrap_or_else(|| path.into()),
        Some(rest) if rest.starts_with('/') => match home() {
            Some(home) => home.join(&rest[1..]),
            None => path.into(),
        },
        _ => path.into(),
    }
}

/// The error for a word that is neither a command nor a move: the nearest command if one
/// is close, else the move's syntax error when the first word looks like the start of a
/// move (it has a digit or a `/`: `24/30`, `r9`, `in-c9`), else an unknown command
/// (`komi 6.5` is not a move attempt: its digits are an argument).
pub(super) fn unknown(word: &str, move_error: Option<SyntaxError>) -> CommandError {
    let names = COMMANDS
        .iter()
        .flat_map(|spec| std::iter::once(spec.name).chain(spec.aliases.iter().copied()));
    if let Some(name) = crate::core::nearest::nearest_word(word, names) {
        return CommandError::UnknownCommand {
            name: word.to_string(),
            hint: Some(canonical_name(name).to_string()),
        };
    }
    let looks_like_move = word.chars().any(|c| c.is_ascii_digit() || c == '/');
    if let Some(move_error) = move_error.filter(|_| looks_like_move) {
        return CommandError::from(move_error);
    }
    CommandError::UnknownCommand {
        name: word.to_string(),
        hint: None,
    }
}

fn canonical_name(name: &str) -> &'static str {
    find_command(name).map_or("help", |spec| spec.name)
}
