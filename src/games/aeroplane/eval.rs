//! Aeroplane Chess's estimate: each seat's probability of being the first to bring all
//! four planes to the centre, from a softmax over the seats of a weighted sum of each
//! seat's features (turn order, progress, planes in the hangar, in the home column and
//! home, planes within reach of an opponent, a run of sixes), fitted on seeded self-play
//! by `examples/calibrate.rs`. The win probabilities of all seats sum to 1; once a seat
//! has finished first, it has won.

use super::board::{self, CENTRE, HANGAR, HOME_FIRST, LAUNCH};
use super::{Aeroplane, PLANES, Stage};
use crate::core::{Estimate, Game, MAX_SEATS, Seat};
use crate::games::linear::{dot, estimate_from_scores};

/// Features per seat (see [`features`]).
pub const FEATURES: usize = 10;

/// The coefficients for 2, 3 and 4 players (fitted with the other options at their
/// defaults); each row is printed by
/// `cargo run --release --features internals --example calibrate -- aeroplane players=N` (see docs/internals.md).
pub const WEIGHTS: [[f64; FEATURES]; 3] = [
    // cargo run --release --features internals --example calibrate -- aeroplane players=2 --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 355421 positions; Brier on 38761 fresh positions 0.2075 (softmax stand-in 0.2944, constant 0.2500)
    [
        0.0403, -0.0403, 0.0000, 0.7629, -0.1840, 0.7316, 0.6015, -0.2594, -0.1249, 0.8230,
    ],
    // cargo run --release --features internals --example calibrate -- aeroplane players=3 --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 536825 positions; Brier on 59692 fresh positions 0.1853 (softmax stand-in 0.2544, constant 0.2222)
    [
        0.0572, 0.0018, -0.0589, -2.2896, 0.1612, 0.0977, 0.2228, 0.1401, -0.1370, 2.5863,
    ],
    // cargo run --release --features internals --example calibrate -- aeroplane players=4 --games 2000 --test-games 1000 --seed 1 --rounds 2 --drop 3,4,5,6,7
    //   fitted on 532168 positions; Brier on 88358 fresh positions 0.1630 (softmax stand-in 0.2319, constant 0.1875)
    [
        0.1267, 0.0870, 0.0391, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000, -0.1411, 1.6984,
    ],
];

/// The estimate of a position: exact once a seat has finished first, the fitted model
/// otherwise.
pub fn estimate(game: &Aeroplane) -> Estimate {
    estimate_with(game, &WEIGHTS[game.seats - 2])
}

/// The estimate with other coefficients (a fit in progress).
pub fn estimate_with(game: &Aeroplane, weights: &[f64]) -> Estimate {
    if let Some(&first) = game.finished.first() {
        if let Some(outcome) = game.outcome() {
            return Estimate::from_outcome(&outcome);
        }
        let mut wins = [0.0; MAX_SEATS];
        wins[first] = 1.0;
        return Estimate::from_wins(&wins[..game.seats]);
    }
    // An array, not a Vec: searches call the estimate at every leaf.
    let mut scores = [0.0; MAX_SEATS];
    for (seat, score) in scores.iter_mut().enumerate().take(game.seats) {
        *score = dot(weights, &features(game, seat));
    }
    estimate_from_scores(&scores[..game.seats])
}

/// True while no seat has finished: the positions the fitted model is for.
pub fn undecided(game: &Aeroplane) -> bool {
    game.finished.is_empty()
}

/// The features of `seat`, in the order of a row of [`WEIGHTS`]; the model compares the seats'
/// weighted sums. The last is the worth `bot:greedy` gives the seat.
pub fn features(game: &Aeroplane, seat: Seat) -> [f64; FEATURES] {
    let playing = matches!(game.stage, Stage::Roll | Stage::Move(_));
    let after = (seat + game.seats - game.turn) % game.seats;
    let colour = game.colour(seat);
    let mut progress = 0.0;
    let mut hangar = 0.0;
    let mut centre = 0.0;
    let mut column = 0.0;
    let mut risk = 0.0;
    for (plane, &at) in game.planes[seat].iter().enumerate().take(PLANES) {
        progress += match at {
            HANGAR => 0.0,
            LAUNCH => 1.0,
            CENTRE => 57.0,
            d => f64::from(d) + 2.0,
        };
        match at {
            HANGAR => hangar += 1.0,
            CENTRE => centre += 1.0,
            d if d >= HOME_FIRST => column += 1.0,
            _ => {}
        }
        if board::on_track(at) && game.names_piece(seat, plane) {
            let stack = f64::from(game.piece(seat, plane).count_ones());
            let threats = f64::from(game.threats_to(seat, board::square(colour, at)).min(3));
            risk += stack * (f64::from(at) + 2.0) * threats;
        }
    }
    let turn_is = |k: usize| if playing && after == k { 1.0 } else { 0.0 };
    [
        turn_is(0),
        turn_is(1),
        turn_is(2),
        progress / (57.0 * PLANES as f64),
        hangar / PLANES as f64,
        centre / PLANES as f64,
        column / PLANES as f64,
        risk / (57.0 * PLANES as f64),
        turn_is(0) * f64::from(game.sixes) / 2.0,
        game.seat_value(seat) / 100.0,
    ]
}

impl Aeroplane {
    /// A heuristic worth of one seat's planes, in pips, with a charge for planes that an
    /// opponent plane could hit with a single roll.
    pub(super) fn seat_value(&self, seat: Seat) -> f64 {
        let colour = self.colour(seat);
        let mut value = 0.0;
        for &at in &self.planes[seat] {
            value += match at {
                HANGAR => 0.0,
                LAUNCH => 5.0,
                CENTRE => 70.0,
                d if d >= board::HOME_FIRST => 12.0 + f64::from(d),
                d => 6.0 + f64::from(d),
            };
        }
        for (plane, &at) in self.planes[seat].iter().enumerate() {
            if !board::on_track(at) || !self.names_piece(seat, plane) {
                continue;
            }
            let stack = f64::from(self.piece(seat, plane).count_ones());
            let target = board::square(colour, at);
            let threats = self.threats_to(seat, target);
            value -= stack * (6.0 + f64::from(at)) * 0.12 * f64::from(threats.min(3));
        }
        value
    }

    /// How many opponent pieces stand one to six squares behind track square `target` on
    /// their own path (so a single roll could land on it).
    pub(super) fn threats_to(&self, seat: Seat, target: usize) -> u32 {
        let mut threats = 0;
        for other in (0..self.seats).filter(|&s| s != seat) {
            let d = board::progress_on_square(self.colour(other), target);
            if d > board::TURN_IN {
                continue;
            }
            for &at in &self.planes[other] {
                if (LAUNCH..=board::TURN_IN).contains(&at) && (1..=6).contains(&(d - at)) {
                    threats += 1;
                }
            }
        }
        threats
    }
}
