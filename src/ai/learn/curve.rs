//! The learning curve's match, the same for every game: a network against the curve's
//! opponent, each dice seed played once with the network in every seat, and its score.

use std::sync::Arc;

use super::bot::net_bot_on;
use super::network::Network;
use crate::ai::bots::{Bot, Greedy};
use crate::core::{NetHead, Outcome, Seat};

/// Who the network plays in a learning-curve match.
#[derive(Clone, Debug)]
pub enum Opponent {
    /// `bot:greedy`, the baseline every strength figure is measured against.
    Greedy,
    /// `bot:random`, the weakest opponent, for the tests of short runs.
    #[cfg(test)]
    Random,
    /// `bot:net` (one ply) on another network: the reference a run should beat.
    Net(Arc<Network>),
}

/// A learning-curve match's totals, from the network's side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CurveScore {
    /// Games played.
    pub games: u64,
    /// Games the network won.
    pub wins: u64,
    /// Seats per game (the fair share of wins is one in this many).
    pub seats: usize,
    /// Points the network scored.
    pub points_won: u64,
    /// Points its opponents scored.
    pub points_lost: u64,
    /// Whether the game scores wins in points (Long Nardy's mars and koks), so that
    /// the points per game are the figure to show rather than the fair share.
    pub in_points: bool,
}

impl CurveScore {
    /// The share of games won.
    pub fn win_rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }

    /// Points won minus points lost, per game.
    pub fn points_per_game(&self) -> f64 {
        (self.points_won as f64 - self.points_lost as f64) / self.games.max(1) as f64
    }

    /// One line: `62.5% (55.6-68.9) of 200, fair share 50%`, or, scored in points,
    /// `62.5% (55.6-68.9) of 200, +0.41 points/game`.
    pub fn describe(&self) -> String {
        let (low, high) = crate::core::stats::wilson(self.wins as f64, self.games as f64);
        let figure = if self.in_points {
            format!("{:+.2} points/game", self.points_per_game())
        } else {
            format!("fair share {:.0}%", 100.0 / self.seats.max(1) as f64)
        };
        format!(
            "{:.1}% ({:.1}-{:.1}) of {}, {figure}",
            100.0 * self.win_rate(),
            low.max(0.0),
            high.min(100.0),
            self.games,
        )
    }
}

impl std::fmt::Display for CurveScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

/// `net` at one ply (`bot:net`) against `opponent` in every other seat: each dice seed
/// from `first_seed` on is played once with the network in each seat, `rounds` seeds in
/// all, over `jobs` threads (the result does not depend on `jobs`).
pub fn curve_match<G: NetHead>(
    fresh: &G,
    net: &Arc<Network>,
    opponent: &Opponent,
    rounds: u64,
    first_seed: u64,
    jobs: usize,
) -> CurveScore {
    let seats = fresh.seat_count();
    let seat_bots = |seed: u64, net_seat: Seat| -> Vec<Box<dyn Bot<G>>> {
        (0..seats)
            .map(|seat| {
                let other_seed = seed ^ (0x0bb0 + seat as u64);
                match opponent {
                    _ if seat == net_seat => net_bot_on(fresh, Arc::clone(net), 1, seed),
                    Opponent::Net(reference) => net_bot_on(fresh, Arc::clone(reference), 1, other_seed),
                    Opponent::Greedy => Box::new(Greedy::new(other_seed)),
                    #[cfg(test)]
                    Opponent::Random => Box::new(crate::ai::bots::RandomBot::new(other_seed)),
                }
            })
            .collect()
    };
    let tally = |score: &mut CurveScore, net_seat: Seat, outcome: &Outcome| {
        score.games += 1;
        score.wins += u64::from(outcome.winner_seat() == Some(net_seat));
        for (seat, &points) in outcome.points.iter().enumerate() {
            if seat == net_seat {
                score.points_won += u64::from(points);
            } else {
                score.points_lost += u64::from(points);
            }
        }
    };
    let per_thread =
        crate::ai::playout::every_seat_rounds(fresh, rounds, first_seed, jobs, &seat_bots, &tally);
    per_thread.iter().fold(
        CurveScore {
            seats,
            // Where a win may score more than one point, the points are the figure to show.
            in_points: fresh.equity_bounds().1 > 1.0,
            ..CurveScore::default()
        },
        |mut total, s| {
            total.games += s.games;
            total.wins += s.wins;
            total.points_won += s.points_won;
            total.points_lost += s.points_lost;
            total
        },
    )
}
