//! Aeroplane Chess's [`Strategy`]: its evaluation, estimate, hash, bot levels and network
//! encoding, as its eval, hash and encode modules compute them.

use super::*;
use crate::core::Strategy;

impl Strategy for Aeroplane {
    shared::strategy_from_files!(learns);

    fn evaluate(&self, seat: Seat) -> f64 {
        let mine = self.seat_value(seat);
        // Folded rather than collected: searches call this at every leaf.
        let (best_other, sum, count) = (0..self.seats)
            .filter(|&s| s != seat)
            .map(|s| self.seat_value(s))
            .fold((f64::MIN, 0.0, 0usize), |(best, sum, n), v| {
                (best.max(v), sum + v, n + 1)
            });
        let mean_other = sum / count.max(1) as f64;
        mine - 0.5 * (best_other + mean_other)
    }

    /// With the default rules, `net:3` on the network for the seat count; under other
    /// rules no network was trained, so the searches on the estimate play: expectimax:4
    /// with two seats, mcts:2000 with more. The measurements behind the choice are in
    /// docs/strength.md.
    fn best_bot(&self) -> crate::core::BotLevel {
        let defaults = AeroplaneRules::read(&Options::defaults(INFO.options));
        let trained = defaults.is_ok_and(|d| {
            AeroplaneRules {
                players: self.seats,
                ..d
            } == self.rules
        });
        match (self.seat_count(), trained) {
            (2..=4, true) => crate::core::BotLevel::Net { plies: 3 },
            (2, false) => crate::core::BotLevel::Expectimax { depth: 4 },
            _ => crate::core::BotLevel::Mcts { playouts: 2000 },
        }
    }
}

// One output per seat, the default head.
crate::core::net_head::seat_net_head!(Aeroplane);
