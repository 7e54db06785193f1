//! A bot that plays the best move of a search, breaking exact ties at random.

use super::Bot;
use crate::ai::search::{Evaluator, Expectimax, TIE};
use crate::core::Strategy;
use crate::core::{Estimate, SeededDice};

/// Plays the move an [`Expectimax`] search finds best; moves of equal value are chosen
/// between by its own seeded stream.
pub struct SearchBot<G: Strategy, E: Evaluator<G>> {
    search: Expectimax<G, E>,
    rng: SeededDice,
}

impl<G: Strategy, E: Evaluator<G>> SearchBot<G, E> {
    /// A bot playing by `search`, its tie-breaks following `seed`.
    pub fn new(search: Expectimax<G, E>, seed: u64) -> SearchBot<G, E> {
        SearchBot {
            search,
            rng: SeededDice::new(seed),
        }
    }

    /// The search this bot plays by (its counters show the work done).
    pub fn search(&self) -> &Expectimax<G, E> {
        &self.search
    }

    /// The best move's value and the index picked among the moves that share it.
    fn pick(&mut self, game: &G, legal: &[G::Move]) -> Option<(Estimate, usize)> {
        let (value, ties) = self.search.best(game, legal)?;
        let pick = ties[self.rng.below(ties.len() as u32) as usize];
        Some((value, pick))
    }
}

impl<G: Strategy, E: Evaluator<G>> Bot<G> for SearchBot<G, E> {
    super::answers_from_search!(G);

    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize {
        if legal.len() <= 1 {
            return 0;
        }
        self.pick(game, legal).map_or(0, |(_, index)| index)
    }

    fn choose_before_roll(&mut self, game: &G, actions: &[G::Move]) -> Option<usize> {
        if actions.is_empty() {
            return None;
        }
        let seat = game.phase().seat()?;
        let (value, best) = self.pick(game, actions)?;
        let stay = self.search.evaluate_rolling(game).equity[seat];
        (value.equity[seat] > stay + TIE).then_some(best)
    }

    /// The table stays: it holds values and bounds of the search itself, which do not
    /// depend on the stream, so the choice is the one a fresh bot would make.
    fn reseed(&mut self, seed: u64) {
        self.rng = SeededDice::new(seed);
    }
}
