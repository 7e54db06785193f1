//! Ur's position hash: each army's slot counts, reserve and borne-off pieces, whose turn
//! and stage, the roll and the rule set.

use super::Ur;
use crate::core::PositionHasher;
use std::hash::Hasher;

impl Ur {
    /// See [`crate::core::Strategy::position_hash`].
    pub(super) fn hash_position(&self) -> u64 {
        let mut hasher = PositionHasher::default();
        for army in &self.armies {
            hasher.write(&army.counts);
            hasher.add(u64::from(army.reserve) | u64::from(army.off) << 8);
        }
        let stage = self.stage.hash_code(&mut hasher);
        let roll = self.stage.rolled().map_or(0, |r| u64::from(r) + 1);
        hasher.add(
            self.turn as u64
                | stage << 2
                | roll << 4
                | u64::from(self.rules.retreat) << 12
                | (self.layout.rules as u64) << 16,
        );
        hasher.finish()
    }
}
