//! Mnogoboy's estimate: each seat's probability of being the first to bring its piece
//! to F, from a softmax over the seats of a weighted sum of each seat's features (turn
//! order, the piece's distance to F, the chance to finish with one roll, being stuck on
//! another colour's field with or without a way to exchange out of it, the chance of an
//! extra roll from landing on its own colour, a roll in hand), fitted on seeded
//! self-play by `examples/calibrate.rs`. The win probabilities of all seats sum to 1.

use super::board::{colour_rolls_from, distance_to_finish, field_colour};
use super::{Mnogoboy, Stage};
use crate::core::{Estimate, Game, Seat};
use crate::games::linear::{dot, estimate_from_scores};

/// Features per seat (see [`features`]).
pub const FEATURES: usize = 13;

/// The coefficients for 2 to 6 players; each row is printed by
/// `cargo run --release --features internals --example calibrate -- mnogoboy players=N` (see docs/internals.md).
pub const WEIGHTS: [[f64; FEATURES]; 5] = [
    // cargo run --release --features internals --example calibrate -- mnogoboy players=2 --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 163535 positions; Brier on 19978 fresh positions 0.1824 (softmax stand-in 0.2013, constant 0.2500)
    [
        0.0608, -0.0608, 0.0000, 0.0000, 0.0000, 6.6569, 2.0134, -0.0019, -0.3249, 0.6249, 0.1109, 0.2806,
        3.0930,
    ],
    // cargo run --release --features internals --example calibrate -- mnogoboy players=3 --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 240761 positions; Brier on 28084 fresh positions 0.1823 (softmax stand-in 0.1979, constant 0.2222)
    [
        0.0684, 0.0540, -0.1224, 0.0000, 0.0000, 5.7041, 2.3473, -0.1886, -0.3115, 0.4481, 0.0646, 0.2206,
        2.6691,
    ],
    // cargo run --release --features internals --example calibrate -- mnogoboy players=4 --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 317530 positions; Brier on 36270 fresh positions 0.1544 (softmax stand-in 0.1657, constant 0.1875)
    [
        0.0718, 0.1009, -0.0217, -0.1510, 0.0000, 5.6176, 2.3716, -0.2422, -0.3358, 0.3404, -0.0074, 0.1827,
        2.6299,
    ],
    // cargo run --release --features internals --example calibrate -- mnogoboy players=5 --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 396793 positions; Brier on 44795 fresh positions 0.1322 (softmax stand-in 0.1415, constant 0.1600)
    [
        0.0623, 0.1122, 0.0228, -0.0570, -0.1402, 5.3311, 2.3755, -0.2817, -0.3465, 0.2228, 0.0076, 0.2221,
        2.4994,
    ],
    // cargo run --release --features internals --example calibrate -- mnogoboy players=6 --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 437675 positions; Brier on 49670 fresh positions 0.1165 (softmax stand-in 0.1236, constant 0.1389)
    [
        0.2208, 0.2572, 0.1887, 0.1254, 0.0599, 5.4337, 2.2512, -0.2608, -0.3492, 0.2541, -0.0233, 0.1477,
        2.5441,
    ],
];

/// The estimate of a position: exact once over, the fitted model otherwise.
pub fn estimate(game: &Mnogoboy) -> Estimate {
    estimate_with(game, &WEIGHTS[game.seats - 2])
}

/// The estimate with other coefficients (a fit in progress).
pub fn estimate_with(game: &Mnogoboy, weights: &[f64]) -> Estimate {
    if let Some(outcome) = game.outcome() {
        return Estimate::from_outcome(&outcome);
    }
    // An array, not a Vec: searches call the estimate at every leaf.
    let mut scores = [0.0; crate::core::MAX_SEATS];
    for (seat, score) in scores.iter_mut().enumerate().take(game.seats) {
        *score = dot(weights, &features(game, seat));
    }
    estimate_from_scores(&scores[..game.seats])
}

/// The features of `seat`, in the order of a row of [`WEIGHTS`]; the model compares the seats'
/// weighted sums. The last is the worth `bot:greedy` gives the seat.
pub fn features(game: &Mnogoboy, seat: Seat) -> [f64; FEATURES] {
    let playing = !matches!(game.stage, Stage::RollOff(_) | Stage::Over);
    let after = (seat + game.seats - game.turn) % game.seats;
    let turn_is = |k: usize| if playing && after == k { 1.0 } else { 0.0 };
    let again = playing && after == 0 && game.stage == (Stage::Roll { again: true });
    let mut out = [
        turn_is(0),
        turn_is(1),
        turn_is(2),
        turn_is(3),
        turn_is(4),
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        if again { 1.0 } else { 0.0 },
        1.0,
        0.0,
    ];
    let Some(piece) = game.piece(seat) else {
        return out;
    };
    let distance = f64::from(distance_to_finish(piece.field));
    out[5] = (46.0 - distance) / 46.0;
    out[6] = (7.0 - distance).max(0.0) / 6.0;
    if let Some(colour) = field_colour(piece.field).filter(|&c| c != piece.colour) {
        if game.can_free(seat, colour) {
            out[8] = 1.0;
        } else {
            out[7] = 1.0;
        }
    }
    out[9] = f64::from(colour_rolls_from(piece.field, piece.colour)) / 6.0;
    out[11] = 0.0;
    out[12] = game.seat_value(seat).min(100.0) / 100.0;
    out
}
