//! The Royal Game of Ur's estimate: a logistic model of the win probability on features
//! of both sides (progress, pieces borne off and waiting, the danger of being captured
//! by the next roll, safe cells, the central rosette, the chance to capture), with one
//! set of coefficients per rule set, fitted on seeded self-play by
//! `examples/calibrate.rs`.
//!
//! The danger of a piece is exact for one roll: the probability that the roll of the
//! seat to act gives it a legal move capturing that piece, from the rules' own move
//! generation (so City's faces, safe cells and backward captures count as they should).

use super::board::{self, DiceKind, Kind, Layout, RuleSet};
use super::movegen::{Judge, Plan};
use super::{Stage, Ur};
use std::collections::HashMap;
use std::sync::OnceLock;

use crate::core::Strategy;
use crate::core::{Dice, Estimate, Game, Seat};
use crate::games::linear::{dot, estimate_from_scores};

/// Features per seat (see [`features`]).
pub const FEATURES: usize = 11;

/// Coefficients per rule set, in the order of [`RuleSet::ALL`] (city, finkel, masters,
/// blitz, aseb). Each row is printed by
/// `cargo run --release --features internals --example calibrate -- ur rules=NAME` (see docs/internals.md).
pub const WEIGHTS: [[f64; FEATURES]; 5] = [
    // cargo run --release --features internals --example calibrate -- ur rules=city --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 488496 positions; Brier on 60016 fresh positions 0.2287 (softmax stand-in 0.2948, constant 0.2500)
    [
        0.0713, 4.4208, 0.4991, 0.1858, -6.0625, -1.0057, -0.2565, 0.2030, 0.0413, -0.0466, 0.4741,
    ],
    // cargo run --release --features internals --example calibrate -- ur rules=finkel --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 575806 positions; Brier on 73032 fresh positions 0.2093 (softmax stand-in 0.2602, constant 0.2500)
    [
        0.0586, 6.0001, 0.9180, 0.6000, -3.6282, -0.9850, -0.0334, -0.5910, 0.5745, 0.2453, -0.6771,
    ],
    // cargo run --release --features internals --example calibrate -- ur rules=masters --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 633406 positions; Brier on 74940 fresh positions 0.2154 (softmax stand-in 0.2838, constant 0.2500)
    [
        0.0580, 3.0129, 0.9764, 0.2052, -4.9560, -1.2893, -0.1888, 0.0000, 0.1405, -0.0430, 0.4108,
    ],
    // cargo run --release --features internals --example calibrate -- ur rules=blitz --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 420749 positions; Brier on 47577 fresh positions 0.2186 (softmax stand-in 0.2833, constant 0.2500)
    [
        0.0533, 1.0858, 0.7983, 0.1962, -3.7009, -0.6019, -0.1548, 0.0000, 0.1714, -0.0009, 1.3439,
    ],
    // cargo run --release --features internals --example calibrate -- ur rules=aseb --games 3000 --test-games 1000 --seed 1 --rounds 2
    //   fitted on 442487 positions; Brier on 56162 fresh positions 0.2290 (softmax stand-in 0.2989, constant 0.2500)
    [
        0.0603, 2.2691, 0.0939, 0.2424, -3.9512, -0.4261, -0.2225, -0.2112, 0.2317, 0.0905, 1.2924,
    ],
];

/// The estimate of an Ur position: exact once over, the fitted model otherwise.
pub fn estimate(game: &Ur) -> Estimate {
    if let Some(outcome) = game.outcome() {
        return Estimate::from_outcome(&outcome);
    }
    if let Some(win) = city_end_value(game) {
        return Estimate::two_seats(if game.turn == 0 { win } else { 1.0 - win });
    }
    let row = RuleSet::ALL
        .iter()
        .position(|&r| r == game.layout.rules)
        .unwrap_or(0);
    estimate_with(game, &WEIGHTS[row])
}

/// The exact chance that the side to roll wins a City of Ur position in which each side
/// has at most one piece left, before the roll; `None` anywhere else. No table covers City
/// (it has 48 billion positions), but its last layer is 1,870 positions: they are solved
/// through the rules on first use (milliseconds), once for each back-star rule, so that
/// searches and hints are exact there.
pub fn city_end_value(game: &Ur) -> Option<f64> {
    if game.layout.rules != RuleSet::City
        || !matches!(game.stage, Stage::Roll)
        || game.armies.iter().any(|army| army.off + 1 < game.layout.pieces)
    {
        return None;
    }
    static TABLES: [OnceLock<HashMap<u64, f64>>; 2] = [OnceLock::new(), OnceLock::new()];
    TABLES[usize::from(game.rules.retreat)]
        .get_or_init(|| city_end_table(game))
        .get(&game.position_hash())
        .copied()
}

/// The values of City's last layer under `like`'s back-star rule, by position hash.
fn city_end_table(like: &Ur) -> HashMap<u64, f64> {
    let starts = super::count::city_end_positions(like, 1);
    let odds = |_: &Ur| (1..=4).map(|r| (Dice::single(r), 0.25)).collect();
    // The solver's generic small solve, keyed by position text; searches want a hash.
    let by_text = crate::core::reachable::solve_reachable(&starts, &odds, 1e-12);
    by_text
        .into_iter()
        .filter_map(|(text, win)| {
            let game = super::text::parse_position(like, &text).ok()?;
            Some((game.position_hash(), win))
        })
        .collect()
}

/// The estimate with other coefficients (a fit in progress).
pub fn estimate_with(game: &Ur, weights: &[f64]) -> Estimate {
    if let Some(outcome) = game.outcome() {
        return Estimate::from_outcome(&outcome);
    }
    let scores = [dot(weights, &features(game, 0)), dot(weights, &features(game, 1))];
    estimate_from_scores(&scores)
}

/// The rolls of the game's dice with their probabilities.
fn rolls(layout: &Layout) -> &'static [(u8, f64)] {
    match layout.dice {
        DiceKind::Tetrahedral => &[(1, 0.25), (2, 0.25), (3, 0.25), (4, 0.25)],
        DiceKind::FourBinary => &[(1, 0.25), (2, 0.375), (3, 0.25), (4, 0.0625)],
        DiceKind::ThreeBinaryZeroIsFour => &[(1, 0.375), (2, 0.375), (3, 0.125), (4, 0.125)],
    }
}

/// For each of `victim`'s slots, the probability that `hunter`'s next roll can capture
/// the piece there; and the probability that it can capture anything.
fn capture_chances(game: &Ur, hunter: Seat) -> ([f64; board::SLOTS], f64) {
    let mut per_slot = [0.0; board::SLOTS];
    let mut any = 0.0;
    let judge = Judge::new(game.layout, &game.armies, hunter, game.rules.retreat);
    thread_local! {
        // Reused: searches call the estimate at every leaf.
        static PLANS: std::cell::RefCell<Vec<Plan>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    PLANS.with(|plans| {
        let mut plans = plans.borrow_mut();
        tally_captures(&judge, game, &mut plans, &mut per_slot, &mut any);
    });
    (per_slot, any)
}

/// The body of [`capture_chances`], with its buffer.
fn tally_captures(
    judge: &Judge,
    game: &Ur,
    plans: &mut Vec<Plan>,
    per_slot: &mut [f64; board::SLOTS],
    any: &mut f64,
) {
    for &(roll, p) in rolls(game.layout) {
        plans.clear();
        judge.legal(roll, plans);
        let mut hit = [false; board::SLOTS];
        let mut hit_any = false;
        for plan in plans.iter() {
            if let Some(slot) = plan.capture {
                hit[slot as usize] = true;
                hit_any = true;
            }
        }
        for (chance, &h) in per_slot.iter_mut().zip(&hit) {
            if h {
                *chance += p;
            }
        }
        if hit_any {
            *any += p;
        }
    }
}

/// The features of `seat`, in the order of a row of [`WEIGHTS`]; the model compares the
/// two seats' weighted sums. The last is the worth `bot:greedy` gives the side.
pub fn features(game: &Ur, seat: Seat) -> [f64; FEATURES] {
    let layout = game.layout;
    let seat = seat.min(1);
    let other = 1 - seat;
    let army = &game.armies[seat];
    let pieces = f64::from(layout.pieces);
    let full = f64::from(layout.path_len) + 1.0;
    let playing = matches!(game.stage, Stage::Roll | Stage::Move(_));
    let to_act = playing && game.turn == seat;
    let mut progress = f64::from(army.off) * full;
    let mut safe = 0.0;
    let mut private = 0.0;
    let mut centre = 0.0;
    let (danger, _) = if playing {
        capture_chances(game, other)
    } else {
        ([0.0; board::SLOTS], 0.0)
    };
    let mut at_risk = 0.0;
    for slot in 0..layout.slot_count {
        let n = f64::from(army.counts[slot as usize]);
        if n == 0.0 {
            continue;
        }
        let index = f64::from(layout.index(slot));
        progress += n * (index + 1.0);
        let cell = layout.cell_of(seat, slot);
        let kind = layout.kind(cell);
        let is_safe = match kind {
            Kind::Green | Kind::FourEyes => true,
            Kind::Rosette => layout.safe_rosettes,
            _ => false,
        };
        if is_safe {
            safe += n;
        }
        if layout.slots_at(other, cell).next().is_none() {
            private += n;
        }
        if cell == board::cell(3, 2) {
            centre += n;
        }
        at_risk += danger[slot as usize] * (index + 1.0);
    }
    // Only the seat to act can capture at once; the other's chances wait a turn.
    let (_, my_chance) = if to_act {
        capture_chances(game, seat)
    } else {
        ([0.0; board::SLOTS], 0.0)
    };
    let risk_now = if playing && game.turn == other {
        at_risk
    } else {
        0.0
    };
    let risk_later = if to_act { at_risk } else { 0.0 };
    [
        if to_act { 1.0 } else { 0.0 },
        progress / (pieces * full),
        f64::from(army.off) / pieces,
        f64::from(army.reserve) / pieces,
        risk_now / (pieces * full),
        risk_later / (pieces * full),
        my_chance,
        safe / pieces,
        private / pieces,
        centre,
        game.side_value(seat) / 100.0,
    ]
}
