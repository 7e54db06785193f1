//! Long Nardy's position hash: both sides' packed checkers, whose turn and stage, the
//! dice (or the roll-off), first-turn flags, the match score and the rule options, in a few multiplications.

use super::Nardy;
use crate::core::PositionHasher;
use std::hash::Hasher;

impl Nardy {
    /// See [`crate::core::Strategy::position_hash`].
    pub(super) fn hash_position(&self) -> u64 {
        let mut hasher = PositionHasher::default();
        hasher.write_u128(self.sides[0].0);
        hasher.write_u128(self.sides[1].0);
        let stage = self.stage.hash_code(&mut hasher);
        let dice = self.stage.rolled().map_or(0, |d| {
            d.values().iter().fold(1u64, |acc, &v| acc * 8 + u64::from(v))
        });
        hasher.add(
            self.turn as u64
                | stage << 2
                | u64::from(self.first_turn[0]) << 4
                | u64::from(self.first_turn[1]) << 5
                | u64::from(self.rules.koks) << 6
                | dice << 8,
        );
        hasher.add(
            u64::from(self.score[0]) | u64::from(self.score[1]) << 16 | u64::from(self.rules.match_to) << 32,
        );
        hasher.finish()
    }
}
