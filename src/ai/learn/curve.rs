//! The learning curve's match, the same for every head: a network against the curve's
//! opponent, each dice seed played once with the network in every seat, and its score.

use crate::ai::bots::Bot;
use crate::core::{Outcome, Seat, Strategy};

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

/// Plays `rounds` dice seeds from `first_seed` on, each once with the network in every
/// seat, over `jobs` threads (the result does not depend on `jobs`): `seat_bots(seed,
/// seat)` gives every seat's bot with the network's in `seat`. `in_points` says how the
/// score is shown ([`CurveScore::in_points`]).
pub fn curve_match<G: Strategy + Sync>(
    fresh: &G,
    rounds: u64,
    first_seed: u64,
    jobs: usize,
    seat_bots: &(dyn Fn(u64, Seat) -> Vec<Box<dyn Bot<G>>> + Sync),
    in_points: bool,
) -> CurveScore {
    let seats = fresh.seat_count();
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
        crate::ai::playout::every_seat_rounds(fresh, rounds, first_seed, jobs, seat_bots, &tally);
    per_thread.iter().fold(
        CurveScore {
            seats,
            in_points,
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
