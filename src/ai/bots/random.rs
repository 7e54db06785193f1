//! The random bot: a uniformly random legal move, from its own seeded stream.

use super::Bot;
use crate::core::SeededDice;
use crate::core::Strategy;

/// Plays uniformly random legal moves.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: SeededDice,
}

impl RandomBot {
    /// A random bot whose choices follow `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SeededDice::new(seed),
        }
    }
}

impl<G: Strategy> Bot<G> for RandomBot {
    fn choose_move(&mut self, _game: &G, legal: &[G::Move]) -> usize {
        self.rng.below(legal.len().max(1) as u32) as usize
    }

    fn choose_before_roll(&mut self, _game: &G, actions: &[G::Move]) -> Option<usize> {
        // Rolling is one more option beside the actions.
        let pick = self.rng.below(actions.len() as u32 + 1) as usize;
        (pick < actions.len()).then_some(pick)
    }

    /// Every legal move is as good as another to it: it ranks none.
    fn has_preference(&mut self, _game: &G) -> bool {
        false
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = SeededDice::new(seed);
    }
}
