//! The [`Strategy`] trait: what the built-in bots, searches and learned networks know of
//! a game beyond its rules, and the values they work with.

use super::game::{MAX_SEATS, Outcome, Seat};
use super::notation::Notation;

/// The result given to a game stopped before its end ([`Strategy::adjudicate`]), as a
/// tournament director would score it, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Adjudication {
    /// The places and points given, as if the game had ended so.
    pub outcome: Outcome,
    /// The chance (0 to 1) that playing on ends with this result: its winner, and its
    /// points where the game scores more than wins.
    pub chance: f64,
    /// Whether `chance` is exact (a solved table, a race whose every checker is home)
    /// rather than an estimate; a match adjudicates only on exact chances.
    pub exact: bool,
    /// One line for the records, with the chance and whether it is exact:
    /// `race: white bears off first 99.7%, wins an oin 99.6% (exact)`.
    pub reason: String,
}

/// What a position is worth to every seat: the numbers bots search with and people see.
///
/// Entries past [`Game::seat_count`](crate::core::Game::seat_count) are zero.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The probability that each seat finishes first; they sum to 1.
    pub win: [f64; MAX_SEATS],
    /// What each seat expects to gain, the quantity bots maximise. In two-seat games it is
    /// points won minus points lost (nardy's mars and koks count 2 and 3; elsewhere it is
    /// `2 * win - 1`); with three or more seats it is the win probability.
    pub equity: [f64; MAX_SEATS],
}

impl Estimate {
    /// A two-seat estimate where seat 0 wins with probability `win0` and every win
    /// scores one point.
    pub fn two_seats(win0: f64) -> Estimate {
        let win0 = win0.clamp(0.0, 1.0);
        Estimate::two_seats_with_equity(win0, 2.0 * win0 - 1.0)
    }

    /// A two-seat estimate with an explicit equity for seat 0 (seat 1's is its negation).
    pub fn two_seats_with_equity(win0: f64, equity0: f64) -> Estimate {
        let mut estimate = Estimate::ZERO;
        estimate.win[0] = win0;
        estimate.win[1] = 1.0 - win0;
        estimate.equity[0] = equity0;
        estimate.equity[1] = -equity0;
        estimate
    }

    /// An estimate for three or more seats from each seat's win probability (normalised
    /// to sum to 1); the equity is the win probability.
    pub fn from_wins(wins: &[f64]) -> Estimate {
        let total: f64 = wins.iter().take(MAX_SEATS).map(|w| w.max(0.0)).sum();
        let mut estimate = Estimate::ZERO;
        for (seat, &w) in wins.iter().take(MAX_SEATS).enumerate() {
            let share = if total > 0.0 {
                w.max(0.0) / total
            } else {
                1.0 / wins.len() as f64
            };
            estimate.win[seat] = share;
            estimate.equity[seat] = share;
        }
        estimate
    }

    /// The exact value of a finished game.
    pub fn from_outcome(outcome: &Outcome) -> Estimate {
        let seats = outcome.places.len().min(MAX_SEATS);
        let firsts = outcome.places.iter().filter(|&&p| p == 1).count().max(1) as f64;
        let mut estimate = Estimate::ZERO;
        for seat in 0..seats {
            if outcome.places[seat] == 1 {
                estimate.win[seat] = 1.0 / firsts;
            }
        }
        if seats == 2 {
            let net = f64::from(outcome.points[0]) - f64::from(outcome.points[1]);
            estimate.equity[0] = net;
            estimate.equity[1] = -net;
        } else {
            estimate.equity = estimate.win;
        }
        estimate
    }

    /// Every entry zero: the starting point for sums over chance outcomes.
    pub const ZERO: Estimate = Estimate {
        win: [0.0; MAX_SEATS],
        equity: [0.0; MAX_SEATS],
    };

    /// Adds `weight` times `other` to this estimate (expectations over rolls).
    pub fn add_weighted(&mut self, other: &Estimate, weight: f64) {
        for seat in 0..MAX_SEATS {
            self.win[seat] += weight * other.win[seat];
            self.equity[seat] += weight * other.equity[seat];
        }
    }
}

/// What a game's encoder writes ([`Strategy::encoding`]): which networks can read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoding {
    /// What a network for this layout was trained for: the game's id with the options
    /// and seat count that change play (`ur rules=finkel`, `aeroplane players=3`).
    pub key: String,
    /// The layout's version, raised whenever its inputs change meaning.
    pub version: u32,
    /// How many numbers [`Strategy::encode`] writes.
    pub inputs: usize,
}

/// A built-in bot at a level of work (depth, playouts), never of time, so that it plays
/// the same on every machine: how a game names the bot `bot:best` plays in it
/// ([`Strategy::best_bot`]). The bot roster builds the bot each names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotLevel {
    /// `greedy`: the move whose position the game's own estimate likes best.
    Greedy,
    /// `expectimax:DEPTH`: an expectimax search on the game's estimate.
    Expectimax {
        /// Move decisions searched.
        depth: u8,
    },
    /// `mcts:PLAYOUTS`: a Monte Carlo tree search.
    Mcts {
        /// Playouts per decision.
        playouts: u32,
    },
    /// `net:PLIES`: the search on the game's learned network.
    Net {
        /// Move decisions searched.
        plies: u8,
    },
}

/// A game's knowledge for bots: its evaluation, estimate, hash, search limits and
/// network encoding. The default [`Strategy::position_hash`] hashes the position string,
/// so a strategy needs the game's [`Notation`].
pub trait Strategy: Notation {
    /// A static evaluation of the position from `seat`'s point of view (higher is better
    /// for `seat`); used by the built-in bots.
    fn evaluate(&self, seat: Seat) -> f64;

    /// The game's own calibrated estimate of the position for every seat (exact once the
    /// game is over). The default turns [`Strategy::evaluate`] into shares by a softmax, a
    /// stand-in until a game provides a calibrated estimate of its own.
    fn estimate(&self) -> Estimate {
        if let Some(outcome) = self.outcome() {
            return Estimate::from_outcome(&outcome);
        }
        let seats = self.seat_count().min(MAX_SEATS);
        let mut scores = [0.0; MAX_SEATS];
        for (seat, score) in scores.iter_mut().enumerate().take(seats) {
            *score = self.evaluate(seat);
        }
        let top = scores[..seats].iter().copied().fold(f64::MIN, f64::max);
        let mut wins = [0.0; MAX_SEATS];
        for seat in 0..seats {
            wins[seat] = ((scores[seat] - top) / 10.0).exp();
        }
        if seats == 2 {
            Estimate::two_seats(wins[0] / (wins[0] + wins[1]))
        } else {
            Estimate::from_wins(&wins[..seats])
        }
    }

    /// A hash of everything the legal moves, the dice to come and the result depend on,
    /// for transposition tables. The default hashes the position string; games may give
    /// a faster one.
    fn position_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.position_string().hash(&mut hasher);
        hasher.finish()
    }

    /// The least and the most [`Estimate::equity`] any seat can have in this game: the
    /// range searches prune with. The default is `-1..=1` for two seats (one point a game)
    /// and `0..=1` (a win probability) for more; games whose wins score more widen it.
    fn equity_bounds(&self) -> (f64, f64) {
        if self.seat_count() == 2 {
            (-1.0, 1.0)
        } else {
            (0.0, 1.0)
        }
    }

    /// How many moves a Monte-Carlo playout plays on from a new leaf before
    /// [`Strategy::estimate`] values where it stopped. Fast-policy playouts help where the
    /// estimate is rough, and cost more than they give where it is good and the dice
    /// swing the value a lot over a few turns: such a game says 0 (the leaf itself is
    /// valued).
    fn playout_moves(&self) -> u32 {
        12
    }

    /// The bot `bot:best` plays here (`expectimax:4`, `mcts:2000`, `net:2`): the
    /// strongest built-in level that still decides within 250 ms median per decision on
    /// a small 2-core machine (one thread), for this seat count and these options.
    /// Levels may go beyond the ones people type. The default is `greedy`.
    fn best_bot(&self) -> BotLevel {
        BotLevel::Greedy
    }

    /// The deepest `bot:net` level this game's network bot searches, where it stops
    /// short of what the bot roster takes (`None`, the default: no limit of its own).
    fn deepest_net_level(&self) -> Option<u8> {
        None
    }

    /// The input layout of this game's learned evaluation for these options and this
    /// seat count, or `None` where the game has no encoder (the default). The learner
    /// and the net bots see a game only through this and [`Strategy::encode`].
    fn encoding(&self) -> Option<Encoding> {
        None
    }

    /// Writes this position (not over) into `x`, which holds [`Encoding::inputs`]
    /// numbers, as seen by the seat to act: wherever seats are laid out one after the
    /// other, the seat to act comes first and then the others in turn order. Does nothing
    /// where [`Strategy::encoding`] is `None`.
    fn encode(&self, x: &mut [f32]) {
        let _ = x;
    }

    /// The result this position would be given if the game stopped here, where the game
    /// can tell it without playing on (Long Nardy's pure race, from its bear-off
    /// distributions), with its chance and whether that chance is exact; `None` (the
    /// default) where it cannot, and once the game is over. Only positions before a roll
    /// are adjudicated.
    fn adjudicate(&self) -> Option<Adjudication> {
        None
    }
}
