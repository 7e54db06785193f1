//! Microbes's [`Strategy`]: its evaluation, estimate, hash, bot levels and network
//! encoding, as its eval, hash and encode modules compute them.

use super::*;
use crate::core::Strategy;

impl Strategy for Microbes {
    shared::strategy_from_files!(learns);

    fn evaluate(&self, seat: Seat) -> f64 {
        let seat = seat.min(1);
        if self.stage.is_over() {
            return if self.turn == seat { 1000.0 } else { -1000.0 };
        }
        self.worth(seat) - self.worth(1 - seat)
    }

    /// `net:5` on the learned network (trained with the default rules); with
    /// `six-rolls-again=on`, which no network was trained for, mcts:2000. The
    /// measurements behind the choice are in docs/strength.md.
    fn best_bot(&self) -> crate::core::BotLevel {
        if self.rules.six_rolls_again {
            crate::core::BotLevel::Mcts { playouts: 2000 }
        } else {
            crate::core::BotLevel::Net { plies: 5 }
        }
    }
}

// One output per seat, the default head.
crate::core::net_head::seat_net_head!(Microbes);
