//! The [`Notation`] trait: how a game's moves and positions are written and read, and
//! what people are told as it goes on.

use super::error::{PositionError, RulesFault, SyntaxError};
use super::game::Game;

/// A game's text: its move notation, board views and position strings.
pub trait Notation: Game {
    /// What this game's rules rule out in a position string, with the facts as fields
    /// (the mistakes every game's text can make are [`PositionMistake`]'s own).
    ///
    /// [`PositionMistake`]: super::error::PositionMistake
    type PositionFault: RulesFault;

    /// Reads a move written in this game's notation (syntax only, not legality).
    fn parse_move(&self, text: &str) -> Result<Self::Move, SyntaxError>;

    /// Writes a move in this game's notation, exactly as [`Notation::parse_move`] reads it.
    fn format_move(&self, mv: &Self::Move) -> String;

    /// A longer description of a legal move for people (`c1 (eats f1)`); by default
    /// the notation itself.
    fn describe_move(&self, mv: &Self::Move) -> String {
        self.format_move(mv)
    }

    /// The board as ASCII art, with whose turn it is and the dice.
    fn render(&self) -> String;

    /// A shorter view for small terminals (a list of where the pieces are); by default
    /// the board itself.
    fn render_compact(&self) -> String {
        self.render()
    }

    /// The position as one line of text that [`Notation::set_position`] reads back.
    fn position_string(&self) -> String;

    /// Reads a position string as a position of this game with its options, checking
    /// only how it is written ([`Notation::check_position`] checks the rules).
    fn read_position(&self, text: &str) -> Result<Self, PositionError<Self::PositionFault>>;

    /// Checks that a position read from text is one the rules allow: the pieces all
    /// there, the turn and the stage consistent, an end only where the game ends.
    fn check_position(&self) -> Result<(), PositionError<Self::PositionFault>>;

    /// Replaces the position with one read from a position string (options stay), once
    /// it is read and checked; on an error the game is left as it was.
    fn set_position(&mut self, text: &str) -> Result<(), PositionError<Self::PositionFault>> {
        let read = self.read_position(text)?;
        read.check_position()?;
        *self = read;
        Ok(())
    }

    /// Lines worth telling people about what changed since `before` (a capture, an extra
    /// roll, the end of a game in a match). Plain moves need none.
    fn narrate(&self, _before: &Self) -> Vec<String> {
        Vec::new()
    }
}
