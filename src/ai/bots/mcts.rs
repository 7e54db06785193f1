//! A bot that plays by Monte-Carlo tree search.

use super::Bot;
use crate::ai::search::{Evaluator, Mcts};
use crate::core::Strategy;

/// Plays the move an [`Mcts`] search visits most.
pub struct MctsBot<G: Strategy, E: Evaluator<G>> {
    search: Mcts<G, E>,
}

impl<G: Strategy, E: Evaluator<G>> MctsBot<G, E> {
    /// A bot playing by `search` (whose own stream, seeded by the caller, decides every
    /// random choice).
    pub fn new(search: Mcts<G, E>) -> MctsBot<G, E> {
        MctsBot { search }
    }

    /// The search this bot plays by.
    pub fn search(&self) -> &Mcts<G, E> {
        &self.search
    }
}

impl<G: Strategy, E: Evaluator<G>> Bot<G> for MctsBot<G, E> {
    super::answers_from_search!(G);

    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize {
        self.search.choose(game, legal)
    }

    fn choose_before_roll(&mut self, game: &G, actions: &[G::Move]) -> Option<usize> {
        self.search.choose_before_roll(game, actions)
    }

    fn reseed(&mut self, seed: u64) {
        self.search.reseed(seed);
    }
}
