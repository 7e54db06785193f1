//! Long Nardy's [`Strategy`]: its evaluation, estimate, hash, bot levels and network
//! encoding, as its eval, hash and encode modules compute them.

use super::*;
use crate::core::Strategy;

impl Strategy for Nardy {
    shared::strategy_from_files!();

    fn equity_bounds(&self) -> (f64, f64) {
        // A mars scores 2, a koks 3 when the option allows it; a finished match is valued
        // by its final score difference.
        let most = if self.rules.koks { 3.0 } else { 2.0 };
        let widest = f64::from(self.rules.match_to - 1) + most;
        (-widest, widest)
    }

    fn adjudicate(&self) -> Option<crate::core::Adjudication> {
        adjudicate::adjudicate(self)
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        evaluate_side(self.sides[seat], self.sides[1 - seat])
            - evaluate_side(self.sides[1 - seat], self.sides[seat])
    }

    /// The learned network three plies deep (the opponent's best reply to each roll
    /// valued by our 21 rolls). docs/strength.md has the network's measurements.
    fn best_bot(&self) -> crate::core::BotLevel {
        crate::core::BotLevel::Net { plies: 3 }
    }

    /// Long Nardy's network bot prunes its way to three plies and no further.
    fn deepest_net_level(&self) -> Option<u8> {
        Some(DEEPEST_NET_LEVEL)
    }

    fn encoding(&self) -> Option<crate::core::Encoding> {
        Some(net::encoding())
    }

    fn encode(&self, x: &mut [f32]) {
        net::encode_into(self, x);
    }
}
