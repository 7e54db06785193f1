//! The chessboard race's position hash: both sides' packed pieces, whose turn, the stage
//! (with its die) and the rule option.

use super::Microbes;
use crate::core::PositionHasher;
use std::hash::Hasher;

impl Microbes {
    /// See [`crate::core::Strategy::position_hash`].
    pub(super) fn hash_position(&self) -> u64 {
        let mut hasher = PositionHasher::default();
        let stage = self.stage.hash_code(&mut hasher) | u64::from(self.die().unwrap_or(0)) << 2;
        hasher.add(u64::from(self.pieces[0].0) | u64::from(self.pieces[1].0) << 32);
        hasher.add(self.turn as u64 | stage << 2 | u64::from(self.rules.six_rolls_again) << 10);
        hasher.finish()
    }
}
