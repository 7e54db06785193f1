//! Mnogoboy's position hash: each seat's piece, whose turn, the stage (with the roll-off
//! or the die) and what was done before the roll.

use super::{BeforeRoll, Mnogoboy, Stage};
use crate::core::PositionHasher;
use std::hash::{Hash, Hasher};

impl Mnogoboy {
    /// See [`crate::core::Strategy::position_hash`].
    pub(super) fn hash_position(&self) -> u64 {
        let mut hasher = PositionHasher::default();
        let mut pieces = 0u64;
        for piece in &self.pieces {
            let piece = piece.map_or(0, |p| 1 + p.colour as u64 * 128 + u64::from(p.field));
            pieces = pieces << 10 | piece;
        }
        let stage = match self.stage {
            Stage::RollOff(rolloff) => {
                rolloff.hash(&mut hasher);
                0
            }
            Stage::Take => 1,
            Stage::Roll { again } => 2 + u64::from(again),
            Stage::Move { die } => 4 + u64::from(die),
            Stage::Exchange => 12,
            Stage::Dot => 13,
            Stage::Over => 14,
        };
        let before = match self.before {
            BeforeRoll::Nothing => 0,
            BeforeRoll::Took => 1,
            BeforeRoll::Gave(colour) => 2 + colour as u64,
        };
        hasher.add(pieces);
        hasher.add((self.seats as u64) << 32 | (self.turn as u64) << 40 | stage << 44 | before << 52);
        hasher.finish()
    }
}
