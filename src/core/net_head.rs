//! The head of a game's learned network: what its outputs mean, declared by the game.
//!
//! A network reads a position through the game's encoder ([`Strategy::encoding`]) and
//! gives a few numbers. What those numbers are is the game's to say ([`NetHead`]): by
//! default one per seat, the chance that the seat `k` places after the one to act
//! finishes first ([`SeatChances`]); Long Nardy's are its scoring outcomes for the side
//! to act. The learner and the net bots ask the game, never its name.

use std::fmt::Debug;

use super::{Estimate, MAX_SEATS, Seat, Strategy};

/// The most outputs a network may have.
pub const MAX_NET_OUTPUTS: usize = 8;

/// A network's raw outputs for one position (entries past its outputs are zero).
pub type NetOutputs = [f32; MAX_NET_OUTPUTS];

/// A network's values of a position, as the trainer keeps and mixes them.
pub trait Outcomes: Copy + Send + Debug {
    /// The same values seen by seat `to` instead of seat `from`.
    fn seen_by(self, from: Seat, to: Seat) -> Self;

    /// `(1 - lambda) * self + lambda * later`, value by value.
    fn mix(self, later: Self, lambda: f64) -> Self;

    /// Writes the network's target outputs for these values with `mover` to act into
    /// `out`; returns how many there are.
    fn write_targets(self, mover: Seat, out: &mut NetOutputs) -> usize;

    /// What these values, seen by `from`, are worth to `to`: what a one-ply choice for
    /// `to` makes as large as it can.
    fn worth(self, from: Seat, to: Seat) -> f64;
}

/// Each seat's chance to finish first, in seat order: the default head's values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatChances {
    /// The chances; entries past `seats` are unused.
    pub chances: [f64; MAX_SEATS],
    /// Seats of the game (and outputs of the network).
    pub seats: usize,
}

impl SeatChances {
    /// The chances a network's `out`puts give a position with `mover` to act: output
    /// `k` is the seat `k` places after the mover, and they are divided by their sum.
    pub fn from_outputs(out: &NetOutputs, mover: Seat, seats: usize) -> SeatChances {
        let mut chances = [0.0; MAX_SEATS];
        let seats = seats.min(MAX_SEATS);
        let total: f64 = out.iter().take(seats).map(|&o| f64::from(o)).sum();
        for (k, &o) in out.iter().enumerate().take(seats.min(MAX_NET_OUTPUTS)) {
            chances[(mover + k) % seats] = if total > 0.0 {
                f64::from(o) / total
            } else {
                1.0 / seats as f64
            };
        }
        SeatChances { chances, seats }
    }
}

impl Outcomes for SeatChances {
    /// Chances in seat order look the same from every seat.
    fn seen_by(self, _from: Seat, _to: Seat) -> SeatChances {
        self
    }

    fn mix(self, later: SeatChances, lambda: f64) -> SeatChances {
        let mut chances = later.chances;
        for (seat, chance) in chances.iter_mut().enumerate().take(self.seats) {
            *chance = (1.0 - lambda) * self.chances[seat] + lambda * *chance;
        }
        SeatChances { chances, ..self }
    }

    fn write_targets(self, mover: Seat, out: &mut NetOutputs) -> usize {
        for (k, slot) in out.iter_mut().enumerate().take(self.seats) {
            *slot = self.chances[(mover + k) % self.seats] as f32;
        }
        self.seats
    }

    fn worth(self, _from: Seat, to: Seat) -> f64 {
        self.chances[to]
    }
}

/// How the net bots prune their search, gnubg's move filters: the candidates kept for
/// the second ply, then for the third, and the replies searched there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveFilter {
    /// Moves kept for the second ply: at most this many...
    pub candidates: usize,
    /// ...and only those within this much equity of the best at one ply.
    pub margin: f64,
    /// Moves kept for the third ply: at most this many of the two-ply candidates...
    pub deep_candidates: usize,
    /// ...within this much equity of the best at two plies...
    pub deep_margin: f64,
    /// ...and, for each of the opponent's rolls, its best this many replies at one ply
    /// searched one ply further.
    pub deep_replies: usize,
}

/// A game's network head. The defaults are one output per seat ([`SeatChances`]) and a
/// plain search on them; a game whose network says more (Long Nardy's mars and koks)
/// declares its own values, how they become an estimate, and how its search prunes.
pub trait NetHead: Strategy {
    /// The network's values of a position.
    type Value: Outcomes;
    /// What an evaluation on one network works out once and keeps (Long Nardy's match
    /// equity table), built on first use.
    type Memo: Debug + Default + Send + Sync;

    /// Whether a position's training targets may be valued by a search on the network
    /// (`tabula train --target-plies`).
    const SEARCH_TARGETS: bool = true;

    /// Whether the learning curve counts games from the network's first (keeping the
    /// curve of a `--from` network) rather than from the run's first.
    const CURVE_FROM_BIRTH: bool = true;

    /// Whether a trained network goes to a file named by its key in the data directory
    /// when the run names none; `false` where whoever trains it must say where.
    const FILE_BY_KEY: bool = true;

    /// Weight files built into the binary for this game beside the shared ones
    /// (`assets/nets/`, found by their keys): by default none.
    fn built_in_networks(&self) -> &'static [&'static [u8]] {
        &[]
    }

    /// Weight files of the game's reference networks, which `bot:reference` plays: an
    /// earlier network kept so that every later one can be measured against it. By
    /// default none, and `bot:reference` plays the game's own network.
    fn reference_networks(&self) -> &'static [&'static [u8]] {
        &[]
    }

    /// How many outputs the network has: by default one per seat.
    fn head_outputs(&self) -> usize {
        self.seat_count()
    }

    /// How many inputs the encoder's layout `version` has, for the layouts a network may
    /// still be read with: an earlier one is a prefix of today's, whose new inputs a
    /// network trained further starts with no weight. By default only today's.
    fn layout_inputs(&self, version: u32) -> Option<usize> {
        self.encoding().filter(|e| e.version == version).map(|e| e.inputs)
    }

    /// The seat to act if this is a position the trainer learns from: by default every
    /// position where a seat acts, the roll-off aside (it only decides who starts).
    fn learns_here(&self) -> Option<Seat> {
        self.phase().seat().filter(|_| self.roll_off().is_none())
    }

    /// The values of a network's `out`puts for this position (not over), as the seat to
    /// act sees them.
    fn head_value(&self, out: &NetOutputs) -> Self::Value;

    /// The values a search's `estimate` of this position gives, for training targets
    /// valued by a search (where [`NetHead::SEARCH_TARGETS`] allows them), or `None`
    /// where the head's values say more than an estimate.
    fn head_value_of(&self, estimate: &Estimate) -> Option<Self::Value>;

    /// The exact values of a finished game and the seat that sees them so, or `None`
    /// while it is not over.
    fn head_result(&self) -> Option<(Self::Value, Seat)>;

    /// This position's estimate by the network whose outputs `outputs` gives (and its
    /// `memo`): exact once the game is over.
    fn head_estimate(&self, outputs: &dyn Fn(&Self) -> NetOutputs, memo: &Self::Memo) -> Estimate;

    /// The chances of the big wins and losses ([`crate::core::BigWinChances`]) of this
    /// position by the network whose outputs `outputs` gives, where the head tells them.
    fn head_big_wins(&self, outputs: &dyn Fn(&Self) -> NetOutputs) -> Option<crate::core::BigWinChances> {
        let _ = outputs;
        None
    }

    /// How the net bots prune, or `None` (the default) for a full search.
    fn move_filter(&self) -> Option<MoveFilter> {
        None
    }
}

/// The default head's estimate of a position: exact once the game is over, the game's
/// own estimate during a roll-off (who starts is all that is left to decide) and where
/// no seat acts, the network's seat chances everywhere else.
pub fn seat_estimate<G: Strategy>(game: &G, outputs: &dyn Fn(&G) -> NetOutputs) -> Estimate {
    if let Some(outcome) = game.outcome() {
        return Estimate::from_outcome(&outcome);
    }
    let Some(mover) = game.phase().seat().filter(|_| game.roll_off().is_none()) else {
        return game.estimate();
    };
    let seats = game.seat_count().min(MAX_SEATS);
    let chances = SeatChances::from_outputs(&outputs(game), mover, seats).chances;
    if seats == 2 {
        Estimate::two_seats(chances[0])
    } else {
        Estimate::from_wins(&chances[..seats])
    }
}

/// The default head's values of a search's estimate: each seat's chance to win.
pub fn seat_chances_of<G: Strategy>(game: &G, estimate: &Estimate) -> SeatChances {
    let seats = game.seat_count().min(MAX_SEATS);
    let mut chances = [0.0; MAX_SEATS];
    chances[..seats].copy_from_slice(&estimate.win[..seats]);
    SeatChances {
        chances,
        seats: game.seat_count(),
    }
}

/// The default head's exact result of a finished game: each seat's share of the win.
pub fn seat_result<G: Strategy>(game: &G) -> Option<(SeatChances, Seat)> {
    let outcome = game.outcome()?;
    Some((
        SeatChances {
            chances: Estimate::from_outcome(&outcome).win,
            seats: game.seat_count(),
        },
        0,
    ))
}

/// Implements [`NetHead`] with the default head, one chance per seat, for a game type
/// (a macro, as the default values need the associated types named).
macro_rules! seat_net_head {
    ($game:ty) => {
        impl $crate::core::NetHead for $game {
            type Value = $crate::core::SeatChances;
            type Memo = ();

            fn head_value(&self, out: &$crate::core::NetOutputs) -> $crate::core::SeatChances {
                let mover = $crate::core::Game::phase(self).seat().unwrap_or(0);
                $crate::core::SeatChances::from_outputs(out, mover, $crate::core::Game::seat_count(self))
            }

            fn head_value_of(&self, estimate: &$crate::core::Estimate) -> Option<$crate::core::SeatChances> {
                Some($crate::core::net_head::seat_chances_of(self, estimate))
            }

            fn head_result(&self) -> Option<($crate::core::SeatChances, $crate::core::Seat)> {
                $crate::core::net_head::seat_result(self)
            }

            fn head_estimate(
                &self,
                outputs: &dyn Fn(&Self) -> $crate::core::NetOutputs,
                _memo: &(),
            ) -> $crate::core::Estimate {
                $crate::core::net_head::seat_estimate(self, outputs)
            }
        }
    };
}

pub(crate) use seat_net_head;
