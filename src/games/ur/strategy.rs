//! The Royal Game of Ur's [`Strategy`]: its evaluation, estimate, hash, bot levels and network
//! encoding, as its eval, hash and encode modules compute them.

use super::*;
use crate::core::Strategy;

impl Strategy for Ur {
    shared::strategy_from_files!(learns);

    fn evaluate(&self, seat: Seat) -> f64 {
        let seat = seat.min(1);
        if self.stage.is_over() {
            return if self.turn == seat { 1000.0 } else { -1000.0 };
        }
        let mut value = self.side_value(seat) - self.side_value(1 - seat);
        if matches!(self.stage, Stage::Roll) && self.turn == seat {
            // Having the dice again (an extra roll) is worth about one average move.
            value += 2.0;
        }
        value
    }

    /// On the learned networks: City (the default back-star rule) `net:3`, finkel
    /// `net:5` (docs/strength.md has their measurements). Elsewhere expectimax:4. Where a
    /// solved table is present, `bot:best` plays from it instead.
    fn best_bot(&self) -> crate::core::BotLevel {
        match (self.rule_set(), self.rules.retreat) {
            (RuleSet::City, false) => crate::core::BotLevel::Net { plies: 3 },
            (RuleSet::Finkel, _) => crate::core::BotLevel::Net { plies: 5 },
            _ => crate::core::BotLevel::Expectimax { depth: 4 },
        }
    }
}

// One output per seat, the default head.
crate::core::net_head::seat_net_head!(Ur);
