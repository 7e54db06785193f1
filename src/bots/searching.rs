//! A bot that plays the best move of a search, breaking exact ties at random.

use super::Bot;
use crate::core::{Estimate, Game, SeededDice};
use crate::search::{Evaluator, Expectimax, RankedMove};

/// Plays the move an [`Expectimax`] search ranks first; moves of equal value are chosen
/// between by its own seeded stream.
pub struct SearchBot<G: Game, E: Evaluator<G>> {
    search: Expectimax<G, E>,
    rng: SeededDice,
}

impl<G: Game, E: Evaluator<G>> SearchBot<G, E> {
    /// A bot playing by `search`, its tie-breaks following `seed`.
    pub fn new(search: Expectimax<G, E>, seed: u64) -> SearchBot<G, E> {
        SearchBot {
            search,
            rng: SeededDice::new(seed),
        }
    }

    /// Picks among the moves that share the best value.
    fn pick(&mut self, game: &G, ranked: &[RankedMove]) -> Option<usize> {
        let seat = game.phase().seat()?;
        let top = ranked.first()?.estimate.equity[seat];
        let tied = ranked
            .iter()
            .take_while(|r| r.estimate.equity[seat] >= top - 1e-9)
            .count();
        Some(ranked[self.rng.below(tied as u32) as usize].index)
    }
}

impl<G: Game, E: Evaluator<G>> Bot<G> for SearchBot<G, E> {
    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize {
        let ranked = self.search.rank(game, legal);
        self.pick(game, &ranked).unwrap_or(0)
    }

    fn choose_before_roll(&mut self, game: &G, actions: &[G::Move]) -> Option<usize> {
        if actions.is_empty() {
            return None;
        }
        let seat = game.phase().seat()?;
        let ranked = self.search.rank(game, actions);
        let best = self.pick(game, &ranked)?;
        let best_value = ranked.iter().find(|r| r.index == best)?.estimate.equity[seat];
        let stay = self.search.evaluate_rolling(game).equity[seat];
        (best_value > stay + 1e-9).then_some(best)
    }

    fn rank_moves(&mut self, game: &G, legal: &[G::Move]) -> Vec<RankedMove> {
        self.search.rank(game, legal)
    }

    fn estimate(&mut self, game: &G) -> Estimate {
        self.search.evaluate(game)
    }

    fn estimate_rolling(&mut self, game: &G) -> Estimate {
        self.search.evaluate_rolling(game)
    }
}
