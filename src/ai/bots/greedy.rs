//! The greedy bot: tries every legal move and keeps the one whose position the game's
//! own evaluation likes best for the mover (one ply, no look-ahead over dice).

use super::{Bot, RankedMove};
use crate::core::SeededDice;
use crate::core::Strategy;

/// Plays the best move by one-ply evaluation; ties are broken at random.
#[derive(Clone, Debug)]
pub struct Greedy {
    rng: SeededDice,
}

impl Greedy {
    /// A greedy bot whose tie-breaks follow `seed`.
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: SeededDice::new(seed),
        }
    }

    /// Index of the best score (ties broken at random), given `(index, score)` pairs.
    fn best(&mut self, scored: impl Iterator<Item = (usize, f64)>) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        let mut ties = 0u32;
        for (index, score) in scored {
            match best {
                Some((_, top)) if score < top - 1e-9 => {}
                Some((_, top)) if score <= top + 1e-9 => {
                    ties += 1;
                    if self.rng.below(ties + 1) == 0 {
                        best = Some((index, top));
                    }
                }
                _ => {
                    best = Some((index, score));
                    ties = 0;
                }
            }
        }
        best.map(|(index, _)| index)
    }
}

impl<G: Strategy> Bot<G> for Greedy {
    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize {
        let Some(seat) = game.phase().seat() else {
            return 0;
        };
        let scored = legal.iter().enumerate().map(|(index, mv)| {
            let mut after = game.clone();
            after.play_unchecked(mv);
            (index, after.evaluate(seat))
        });
        self.best(scored).unwrap_or(0)
    }

    fn choose_before_roll(&mut self, game: &G, actions: &[G::Move]) -> Option<usize> {
        let seat = game.phase().seat()?;
        let stay = game.evaluate(seat);
        let scored: Vec<(usize, f64)> = actions
            .iter()
            .enumerate()
            .map(|(index, mv)| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                (index, after.evaluate(seat))
            })
            .collect();
        let index = self.best(scored.iter().copied())?;
        // Only act when it beats rolling straight away.
        (scored[index].1 > stay + 1e-9).then_some(index)
    }

    /// Ranked by the measure [`Greedy`] plays by, the game's evaluation of the position
    /// each move leaves, so that its choice is the first or tied with it; each figure
    /// is the game's own estimate of that position (no look-ahead, as the bot has none).
    fn rank_moves(&mut self, game: &G, legal: &[G::Move]) -> Vec<RankedMove> {
        let Some(seat) = game.phase().seat() else {
            return Vec::new();
        };
        let mut scored: Vec<(f64, RankedMove)> = legal
            .iter()
            .enumerate()
            .map(|(index, mv)| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                let estimate = after.estimate();
                (after.evaluate(seat), RankedMove { index, estimate })
            })
            .collect();
        // Among moves the evaluation ties (greedy would play any of them), the better
        // estimate first, so that the figures read in order; then the order of `legal`.
        scored.sort_by(|a, b| {
            b.0.total_cmp(&a.0)
                .then(b.1.estimate.equity[seat].total_cmp(&a.1.estimate.equity[seat]))
        });
        scored.into_iter().map(|(_, ranked)| ranked).collect()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = SeededDice::new(seed);
    }
}
