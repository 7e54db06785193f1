//! Aeroplane Chess's position hash: every plane's progress, the stage (with the
//! roll-off), turn, die, the sixes of this turn, the finishing order and the rule options.

use super::{Aeroplane, LaunchRule};
use crate::core::PositionHasher;
use std::hash::Hasher;

impl Aeroplane {
    /// See [`crate::core::Strategy::position_hash`].
    pub(super) fn hash_position(&self) -> u64 {
        let mut hasher = PositionHasher::default();
        let mut planes = [0u8; 16];
        for (seat, seat_planes) in self.planes.iter().enumerate() {
            for (plane, &at) in seat_planes.iter().enumerate() {
                planes[seat * 4 + plane] = at as u8;
            }
        }
        hasher.write(&planes);
        let stage = self.stage.hash_code(&mut hasher);
        let mut finished = 0u64;
        for &seat in self.finished.iter() {
            finished = finished << 3 | (seat as u64 + 1);
        }
        let launch = match self.rules.launch {
            LaunchRule::Even => 0,
            LaunchRule::Six => 1,
            LaunchRule::FiveSix => 2,
        };
        let rules = launch
            | u64::from(self.rules.landing.fly_then_jump) << 2
            | u64::from(self.rules.landing.bounce) << 3
            | u64::from(self.rules.until_last) << 4;
        hasher.add(
            stage
                | (self.turn as u64) << 2
                | u64::from(self.stage.rolled().unwrap_or(0)) << 4
                | u64::from(self.sixes) << 8
                | u64::from(self.moved) << 12
                | finished << 32
                | rules << 48
                | (self.seats as u64) << 56,
        );
        hasher.finish()
    }
}
