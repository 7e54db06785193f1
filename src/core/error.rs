//! Error types shared by all games. Parse errors (the text could not be read) are kept
//! apart from legality errors (the text was read, but that is not allowed here).
//! Every message names what was wrong; a failed operation never changes the game.

use thiserror::Error;

/// A move, dice or command text that could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("syntax error: {0}")]
pub struct SyntaxError(pub String);

/// A well-formed move that the rules do not allow in this position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move: {0}")]
pub struct IllegalMove(pub String);

/// An action asked for at the wrong point of the turn (a move before the roll, ...).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("wrong phase: {0}")]
pub struct WrongPhase(pub String);

/// Why [`crate::core::Game::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// Not the time to move.
    #[error(transparent)]
    WrongPhase(#[from] WrongPhase),
    /// Not a legal move here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// Dice values that this game's dice cannot show.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad dice: {0}")]
pub struct DiceError(pub String);

/// A position string that does not describe a valid position of this game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad position: {0}")]
pub struct PositionError(pub String);

/// A `key=value` rule option that this game does not know or does not accept.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad option: {0}")]
pub struct OptionError(pub String);
