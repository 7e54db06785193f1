//! Mnogoboy's [`Strategy`]: its evaluation, estimate, hash, bot levels and network
//! encoding, as its eval, hash and encode modules compute them.

use super::*;
use crate::core::Strategy;

impl Strategy for Mnogoboy {
    shared::strategy_from_files!(learns);

    fn evaluate(&self, seat: Seat) -> f64 {
        if self.stage == Stage::Over {
            return if self.turn == seat { 1000.0 } else { -1000.0 };
        }
        let mine = self.seat_value(seat);
        let best_other = (0..self.seats)
            .filter(|&s| s != seat)
            .map(|s| self.seat_value(s))
            .fold(f64::MIN, f64::max);
        mine - best_other
    }

    /// With two seats the leaf is valued as it stands: twelve greedy moves are three or
    /// four turns of dice, whose chains of extra rolls swing the value so much that
    /// searches playing them out lose to greedy. With more seats, where the estimate is
    /// rougher, the playouts pay (docs/strength.md has the games).
    fn playout_moves(&self) -> u32 {
        if self.seats == 2 { 0 } else { 12 }
    }

    /// Two seats: `bot:best` plays perfectly from the built-in table; the level named
    /// here is what it would search without one, `net:4` on the learned network.
    /// Three: `net:4` on the three-seat network. Four to six: mcts:4000 (the four-seat
    /// network only played level with it). The measurements are in docs/strength.md.
    fn best_bot(&self) -> crate::core::BotLevel {
        if self.seat_count() <= 3 {
            crate::core::BotLevel::Net { plies: 4 }
        } else {
            crate::core::BotLevel::Mcts { playouts: 4000 }
        }
    }
}

// One output per seat, the default head.
crate::core::net_head::seat_net_head!(Mnogoboy);
