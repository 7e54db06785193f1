//! The chessboard race's estimate: a logistic model of the win probability on features
//! of both sides (progress, pieces home and in reserve, the danger of being eaten by the
//! next roll, a start corner that keeps the reserve from entering), fitted on seeded
//! self-play by `examples/calibrate.rs`.
//!
//! A piece's danger is the chance that one roll of the other side eats it (a piece
//! behind it with a clear way, or a new piece entering on its start cell on a 6).

use super::board::HOME;
use super::{Microbes, Stage};
use crate::core::{Estimate, Game, Seat};
use crate::games::linear::{dot, estimate_from_scores};

/// Features per seat (see [`features`]).
pub const FEATURES: usize = 9;

/// The coefficients, printed by `cargo run --release --features internals --example calibrate -- microbes`
/// (see docs/internals.md).
// cargo run --release --features internals --example calibrate -- microbes --games 3000 --test-games 1000 --seed 1 --rounds 2
//   fitted on 454694 positions; Brier on 47244 fresh positions 0.2144 (softmax stand-in 0.2897, constant 0.2500)
pub const WEIGHTS: [f64; FEATURES] = [
    0.0497, -4.8653, -0.7797, 0.5188, 4.5981, 1.3198, 0.1406, 0.1499, 5.3008,
];

/// The estimate of a position: exact once over, the fitted model otherwise.
pub fn estimate(game: &Microbes) -> Estimate {
    if let Some(outcome) = game.outcome() {
        return Estimate::from_outcome(&outcome);
    }
    estimate_with(game, &WEIGHTS)
}

/// The estimate with other coefficients (a fit in progress).
pub fn estimate_with(game: &Microbes, weights: &[f64]) -> Estimate {
    if let Some(outcome) = game.outcome() {
        return Estimate::from_outcome(&outcome);
    }
    let scores = [dot(weights, &features(game, 0)), dot(weights, &features(game, 1))];
    estimate_from_scores(&scores)
}

/// The features of `seat`, in the order of [`WEIGHTS`]; the model compares the two
/// seats' weighted sums. The last is the worth `bot:greedy` gives the side.
pub fn features(game: &Microbes, seat: Seat) -> [f64; FEATURES] {
    let seat = seat.min(1);
    let mine = game.pieces[seat];
    let playing = matches!(game.stage, Stage::Roll | Stage::Move(_));
    let to_act = playing && game.turn == seat;
    let mut progress = 0.0;
    let mut at_risk = 0.0;
    let mut depth = 0.0;
    for index in mine.indices() {
        progress += f64::from(index) + 1.0;
        if index <= HOME {
            at_risk += game.danger(seat, index) * (f64::from(index) + 6.0);
        } else {
            depth += f64::from(index - HOME);
        }
    }
    let risk_now = if playing && !to_act { at_risk } else { 0.0 };
    let risk_later = if to_act { at_risk } else { 0.0 };
    let corner_blocked = mine.reserve() > 0 && mine.has(0);
    [
        if to_act { 1.0 } else { 0.0 },
        progress / 128.0,
        f64::from(mine.home()) / 4.0,
        f64::from(mine.reserve()) / 4.0,
        risk_now / 152.0,
        risk_later / 152.0,
        if corner_blocked { 1.0 } else { 0.0 },
        depth / 6.0,
        game.worth(seat) / 100.0,
    ]
}
