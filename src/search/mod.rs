//! Search: choosing moves by looking ahead over moves and dice, for any [`Game`].
//!
//! This room sees only the [`Game`] trait and an [`Evaluator`] that values the positions
//! where the look-ahead stops. Chance nodes come from [`Game::chance_outcomes`]; every
//! value is an [`Estimate`] (win probabilities and equity for every seat), so the same
//! numbers serve move choice, hints and analysis.
//!
//! A search runs on the concrete game type: callers holding an `AnyGame` dispatch once
//! per decision (see `crate::bots`), never once per node.

mod expectimax;

pub use expectimax::Expectimax;

use crate::core::{Estimate, Game};

/// Values the positions where a search stops looking ahead.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The estimate of `game` for every seat (exact when the game is over).
    fn estimate(&self, game: &G) -> Estimate;
}

/// The game's own static evaluation, [`Game::estimate`].
#[derive(Clone, Copy, Debug, Default)]
pub struct GameEstimate;

impl<G: Game> Evaluator<G> for GameEstimate {
    fn estimate(&self, game: &G) -> Estimate {
        game.estimate()
    }
}

/// One legal move, by its index in the list the search was given, with its value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankedMove {
    /// Index into the legal moves.
    pub index: usize,
    /// The position's value after the move, as the search sees it.
    pub estimate: Estimate,
}
