//! Long Nardy's estimate: each seat's win probability and expected points (oin 1, mars 2,
//! koks 3 with `koks=on`), like gnubg's cubeless equity.
//!
//! Two evaluations, chosen by the position:
//! - A pure race, where every checker of both sides stands on its own points 1-12: from
//!   then on the sides never meet (each one's remaining path lies in its own half, the
//!   other's in the other half) and the block rule cannot bind, so each side bears off on
//!   its own. [`race_estimate`] combines the two sides' distributions of turns to bear
//!   off. Those come from a one-sided bear-off table, built at first use, of every
//!   position of up to 15 checkers on the home points 1-6 (54,264 positions): for each,
//!   the exact distribution of the number of turns to bear off all checkers when every
//!   roll is played to minimise the expected number of turns, and (for positions with no
//!   checker off yet) the distribution of turns to bear off the first checker, which
//!   decides a mars. When both sides are in their home boards the race value is exact
//!   for that policy (the policy of gnubg's one-sided bear-off database; a player who
//!   aims at the win rather than the fewest turns can do very slightly better). Checkers
//!   still on points 7-12 are counted as standing on point 6, and the distribution is
//!   delayed by the pips they need to get there divided by [`PIPS_PER_TURN`], so races
//!   outside the home board are an approximation.
//! - Contact: a logistic model of the win probability on features of both sides (pips,
//!   blocks in front of the other side, the head, the home board, stacking, wastage,
//!   mobility), and two more for the chances of winning a mars and a koks. The
//!   coefficients are fitted on seeded self-play by `examples/calibrate.rs`.
//!
//! Rules code stays pure: the table is plain computation on first use (about a second
//! of one core, 22 MB of distributions).

use std::sync::LazyLock;

use super::board::{HOME_MASK, rotate12};
use super::movegen::{self, TurnRules};
use super::{Nardy, NardyMove, Side, apply_steps};
use crate::core::{Dice, Estimate, Game, Phase, Seat, two_dice_outcomes};
use crate::games::linear::{dot, sigmoid};

/// Turns a one-sided distribution holds; later turns are folded into the last entry
/// (even fifteen checkers on point 6 never get there: a test checks it).
pub const TURNS: usize = 40;

/// Probability of bearing off in exactly `t` turns, for `t` in `0..TURNS`.
pub type Turns = [f64; TURNS];

/// Pips a side moves per turn on average (doubles count four times): how far a checker
/// outside the home board is from being on point 6, in turns.
pub const PIPS_PER_TURN: f64 = 8.1667;

/// The contact model's features for one seat (see [`features`]).
pub const FEATURES: usize = 15;

/// The win model's weights, one per feature of [`features`]. Fitted by
/// `cargo run --release --features internals --example calibrate -- nardy` (see docs/internals.md).
// cargo run --release --features internals --example calibrate -- nardy --games 3000 --test-games 1000 --seed 1 --rounds 2
//   fitted on 252984 positions; Brier on 28116 fresh positions 0.1796 (softmax stand-in 0.2683, constant 0.2500)
pub const WIN_WEIGHTS: [f64; FEATURES] = [
    0.1343, -4.8809, 0.6495, 4.9178, -0.2539, 0.4164, 2.2549, 1.8639, 0.0184, -0.5552, -1.8994, 0.8936,
    -5.5100, 0.8651, 0.0649,
];

/// Features of the mars model (see [`mars_features`]).
pub const MARS_FEATURES: usize = 6;

/// Weights of the model of `seat` winning a mars when the other side has none off.
// cargo run --release --features internals --example calibrate -- nardy --games 3000 --test-games 1000 --seed 1 --rounds 2
//   fitted on 484750 positions; Brier on 54346 fresh positions 0.0975
pub const MARS_WEIGHTS: [f64; MARS_FEATURES] = [-0.0367, 0.2726, -0.8607, 1.6412, -0.2861, 2.5019];

/// Weights of the model of `seat` winning a koks when the other side could lose one.
// cargo run --release --features internals --example calibrate -- nardy --games 3000 --test-games 1000 --seed 1 --rounds 2
//   fitted on 372411 positions; Brier on 45166 fresh positions 0.0133
pub const KOKS_WEIGHTS: [f64; MARS_FEATURES] = [-2.3097, 0.2002, -1.7526, -0.3949, 6.3176, 0.1729];

/// The estimate of a Long Nardy position: exact once the game is over, the race
/// evaluation in a pure race, the fitted contact model otherwise.
pub fn estimate(game: &Nardy) -> Estimate {
    estimate_with(game, &WEIGHTS)
}

/// The estimate with other coefficients (a fit in progress).
pub fn estimate_with(game: &Nardy, weights: &Weights) -> Estimate {
    if let Some(outcome) = game.outcome() {
        return Estimate::from_outcome(&outcome);
    }
    if let Some(estimate) = race_estimate(game) {
        return estimate;
    }
    contact_estimate(game, weights)
}

/// The coefficients of the three contact models.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// The win model's, one per feature of [`features`].
    pub win: [f64; FEATURES],
    /// The mars model's, one per feature of [`mars_features`].
    pub mars: [f64; MARS_FEATURES],
    /// The koks model's, one per feature of [`koks_features`].
    pub koks: [f64; MARS_FEATURES],
}

/// The fitted coefficients.
pub const WEIGHTS: Weights = Weights {
    win: WIN_WEIGHTS,
    mars: MARS_WEIGHTS,
    koks: KOKS_WEIGHTS,
};

/// Each seat's chances from the contact model.
pub fn contact_estimate(game: &Nardy, weights: &Weights) -> Estimate {
    let win0 = sigmoid(dot(&weights.win, &features(game, 0)) - dot(&weights.win, &features(game, 1)));
    let wins = [win0, 1.0 - win0];
    let mut equity = [0.0; 2];
    for seat in 0..2 {
        let (mars, koks) = gammon_chances(game, seat, weights);
        let mars = mars.min(wins[seat]);
        let koks = koks.min(mars);
        equity[seat] = wins[seat] + mars + koks;
    }
    Estimate::two_seats_with_equity(win0, equity[0] - equity[1])
}

/// The chances that `seat` wins a mars and a koks (each before capping by the win
/// probability), from the fitted models; zero when the other side has borne off.
fn gammon_chances(game: &Nardy, seat: Seat, weights: &Weights) -> (f64, f64) {
    let other = game.sides[1 - seat];
    if other.off() > 0 {
        return (0.0, 0.0);
    }
    let mars = sigmoid(dot(&weights.mars, &mars_features(game, seat)));
    let in_first_quarter = (19..=24).any(|p| other.count(p) > 0);
    let koks = if game.rules.koks && in_first_quarter {
        sigmoid(dot(&weights.koks, &koks_features(game, seat)))
    } else {
        0.0
    };
    (mars, koks)
}

/// The contact model's features of `seat` (its own side against the other's), in the
/// order of [`WIN_WEIGHTS`]; the model compares the two seats' weighted sums.
pub fn features(game: &Nardy, seat: Seat) -> [f64; FEATURES] {
    let me = game.sides[seat];
    let them = game.sides[1 - seat];
    let to_act = game.phase().seat() == Some(seat);
    let (my_pips, their_pips) = (f64::from(me.pips()), f64::from(them.pips()));
    let mine = me.occupancy();
    let theirs = them.occupancy();
    // My points in the other side's numbering, and how far its rearmost checker is.
    let mine_for_them = rotate12(mine);
    let their_rear = 32 - theirs.leading_zeros();
    let in_front = if their_rear > 1 {
        mine_for_them & ((1u32 << (their_rear - 1)) - 1)
    } else {
        0
    };
    let block = longest_run(in_front);
    let theirs_here = rotate12(theirs);
    let mut stacked = 0;
    let mut deep = 0;
    let mut first_quarter = 0;
    let mut outside = 0;
    let mut trapped = 0;
    for p in 1..=24 {
        let n = me.count(p);
        if n == 0 {
            continue;
        }
        stacked += n.saturating_sub(3);
        if p >= 19 {
            first_quarter += n;
        }
        if p > 6 {
            outside += n;
        }
        // The six points in front of the checker, held by the other side.
        let ahead = if p > 1 {
            theirs_here & ((1u32 << (p - 1)) - 1) & !((1u32 << (p - 1).saturating_sub(6)) - 1)
        } else {
            0
        };
        if ahead.count_ones() >= 4 {
            trapped += n;
        }
    }
    if mine & !HOME_MASK != 0 {
        deep = (1..=3).map(|p| me.count(p)).sum::<u32>();
    }
    let playable_dice = (1..=6u32)
        .filter(|&d| {
            let movers = mine >> d;
            movers & !theirs_here != 0 || (mine & !HOME_MASK == 0 && mine >> (d - 1) != 0)
        })
        .count();
    [
        if to_act { 1.0 } else { 0.0 },
        -my_pips / 100.0,
        (their_pips - my_pips) / (my_pips + their_pips).max(1.0).sqrt(),
        f64::from(me.off()) / 15.0,
        f64::from(block) / 6.0,
        f64::from(block * block) / 36.0,
        f64::from(in_front.count_ones()) / 12.0,
        f64::from(me.count(24).saturating_sub(1)) / 14.0,
        f64::from((mine & HOME_MASK).count_ones()) / 6.0,
        f64::from(stacked) / 15.0,
        f64::from(deep) / 15.0,
        playable_dice as f64 / 6.0,
        f64::from(first_quarter) / 15.0,
        f64::from(outside) / 15.0,
        f64::from(trapped) / 15.0,
    ]
}

/// Features of the model of `seat` winning a mars: a constant, whether `seat` acts,
/// its pips, and how far the other side is from bearing off its first checker.
pub fn mars_features(game: &Nardy, seat: Seat) -> [f64; MARS_FEATURES] {
    big_win_features(game, seat, 7, 1.0)
}

/// Features of the model of `seat` winning a koks: like [`mars_features`], with how
/// far the other side is from clearing its first quarter (points 19-24).
pub fn koks_features(game: &Nardy, seat: Seat) -> [f64; MARS_FEATURES] {
    big_win_features(game, seat, 19, 4.0)
}

/// The features of both big-win models, which differ only in the points the other side
/// must leave (`from..=24`): a constant, whether `seat` acts, its pips, the other side's
/// way out of those points (in pips) and checkers still on them, and that way out times
/// `weight` against `seat`'s pips.
fn big_win_features(game: &Nardy, seat: Seat, from: u32, weight: f64) -> [f64; MARS_FEATURES] {
    let me = game.sides[seat];
    let them = game.sides[1 - seat];
    let to_act = game.phase().seat() == Some(seat);
    let their_way_out: u32 = (from..=24).map(|p| (p + 1 - from) * them.count(p)).sum();
    let their_behind: u32 = (from..=24).map(|p| them.count(p)).sum();
    [
        1.0,
        if to_act { 1.0 } else { 0.0 },
        f64::from(me.pips()) / 100.0,
        f64::from(their_way_out) / 100.0,
        f64::from(their_behind) / 15.0,
        (f64::from(their_way_out) * weight - f64::from(me.pips())) / 100.0,
    ]
}

/// The length of the longest run of set bits (a block of points held in a row).
pub(super) fn longest_run(mut mask: u32) -> u32 {
    let mut run = 0;
    while mask != 0 {
        mask &= mask >> 1;
        run += 1;
    }
    run
}

/// True if both sides have every checker on their own points 1-12: a pure race.
pub fn is_race(game: &Nardy) -> bool {
    game.sides.iter().all(|side| side.occupancy() >> 12 == 0)
}

/// The kind of a position, as the benchmark reports error rates: `race` once the sides
/// can never meet again, `blocking` when a side holds five or more points in a row with
/// an opponent's checker still to pass them (gnubg's "crashed" and prime positions
/// play so differently from the rest), and `contact` otherwise.
pub fn position_kind(game: &Nardy) -> &'static str {
    if is_race(game) {
        return "race";
    }
    let blocks = |me: Side, them: Side| {
        // My points in the other side's numbering; bit i set in `fives` means its
        // points i+1 ..= i+5 are all mine.
        let mask = rotate12(me.occupancy());
        let fives = mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4);
        let highest = 32 - them.occupancy().leading_zeros();
        fives != 0 && highest > fives.trailing_zeros() + 5
    };
    let (white, black) = (game.sides[0], game.sides[1]);
    if blocks(white, black) || blocks(black, white) {
        "blocking"
    } else {
        "contact"
    }
}

/// A race's chances for the seat to act, as [`race_odds`] gives them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaceOdds {
    /// The probability that the seat to act bears off first.
    pub win: f64,
    /// The probability that it wins a mars (the other side bears off none).
    pub win_mars: f64,
    /// The probability that the other side wins a mars.
    pub lose_mars: f64,
}

/// The race evaluation of `game`, or `None` when the sides can still meet (or the game
/// is over). In the move phase the roll is taken into account: the seat to act plays
/// it to the fewest expected turns.
pub fn race_estimate(game: &Nardy) -> Option<Estimate> {
    let mover = game.phase().seat()?;
    if !is_race(game) {
        return None;
    }
    let (me, them) = (game.sides[mover], game.sides[1 - mover]);
    let odds = match (game.phase(), game.dice()) {
        (Phase::Move(_), Some(dice)) => race_odds_with_dice(me, them, dice),
        _ => race_odds(me, them),
    };
    let equity = odds.win + odds.win_mars - (1.0 - odds.win) - odds.lose_mars;
    let (win0, equity0) = if mover == 0 {
        (odds.win, equity)
    } else {
        (1.0 - odds.win, -equity)
    };
    Some(Estimate::two_seats_with_equity(win0, equity0))
}

/// The race chances of `mover`, about to roll, against `other`, both with every
/// checker on their own points 1-12 (checkers further back are treated as on point 12).
pub fn race_odds(mover: Side, other: Side) -> RaceOdds {
    let (turns, first) = one_sided(mover);
    combine(&turns, first.as_ref(), mover.off(), other)
}

/// [`race_odds`] when `mover` has already rolled `dice`.
pub fn race_odds_with_dice(mover: Side, other: Side, dice: Dice) -> RaceOdds {
    let after = best_play(mover, dice);
    if after.off() == 15 {
        return RaceOdds {
            win: 1.0,
            win_mars: if other.off() == 0 { 1.0 } else { 0.0 },
            lose_mars: 0.0,
        };
    }
    let (rest, rest_first) = one_sided(after);
    let turns = delay(&rest, 1.0);
    let first = if mover.off() == 0 && after.off() > 0 {
        let mut now = [0.0; TURNS];
        now[1] = 1.0;
        Some(now)
    } else {
        rest_first.map(|f| delay(&f, 1.0))
    };
    combine(&turns, first.as_ref(), mover.off(), other)
}

/// Combines the mover's turn distribution (and its first-off distribution while it has
/// none off) with the other side's, the mover rolling first.
fn combine(turns: &Turns, first: Option<&Turns>, mover_off: u32, other: Side) -> RaceOdds {
    let (their_turns, their_first) = one_sided(other);
    // The other side still bearing off after u turns: P(T >= t).
    let at_least = |dist: &Turns, t: usize| -> f64 { dist[t.min(TURNS)..].iter().sum() };
    let mut win = 0.0;
    let mut win_mars = 0.0;
    let mut lose_mars = 0.0;
    for t in 1..TURNS {
        // The mover finishes on its turn t, before the other side's turn t.
        win += turns[t] * at_least(&their_turns, t);
        if other.off() == 0
            && let Some(f) = their_first.as_ref()
        {
            win_mars += turns[t] * at_least(f, t);
        }
        // The other side finishes on its turn t, after the mover's turn t.
        if mover_off == 0
            && let Some(f) = first
        {
            lose_mars += their_turns[t] * at_least(f, t + 1);
        }
    }
    // Sums of products of probabilities can stray past 1 by a rounding error.
    RaceOdds {
        win: win.clamp(0.0, 1.0),
        win_mars: win_mars.clamp(0.0, win.clamp(0.0, 1.0)),
        lose_mars: lose_mars.clamp(0.0, 1.0 - win.clamp(0.0, 1.0)),
    }
}

/// The one-sided distribution of turns to bear off `side` (on points 1-12), and while
/// it has none off, of turns to bear off its first checker.
pub fn one_sided(side: Side) -> (Turns, Option<Turns>) {
    let table = &*TABLE;
    let mut counts = [0u32; 6];
    let mut outside_pips = 0;
    for p in 1..=24 {
        let n = side.count(p);
        if p <= 6 {
            counts[p as usize - 1] += n;
        } else {
            counts[5] += n;
            outside_pips += (p - 6) * n;
        }
    }
    let index = rank(&counts);
    let shift = f64::from(outside_pips) / PIPS_PER_TURN;
    let turns = delay(&table.turns[index], shift);
    let first = (side.off() == 0).then(|| delay(&table.first[full_rank(&counts)], shift));
    (turns, first)
}

/// The mean of a turn distribution.
pub fn mean_turns(dist: &Turns) -> f64 {
    dist.iter().enumerate().map(|(t, p)| t as f64 * p).sum()
}

/// `dist` delayed by `shift` turns (a fraction splits between the two nearest whole
/// delays); turns past the end are folded into the last entry.
fn delay(dist: &Turns, shift: f64) -> Turns {
    if shift <= 0.0 {
        return *dist;
    }
    let whole = shift.floor() as usize;
    let part = shift - shift.floor();
    let mut out = [0.0; TURNS];
    for (t, &p) in dist.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        out[(t + whole).min(TURNS - 1)] += p * (1.0 - part);
        out[(t + whole + 1).min(TURNS - 1)] += p * part;
    }
    out
}

/// The side after playing `dice` to the fewest expected turns.
fn best_play(side: Side, dice: Dice) -> Side {
    let mut moves = Vec::new();
    let rules = TurnRules::new(side, FAR_AHEAD, false, dice);
    movegen::generate(&rules, side, dice, &mut moves);
    moves
        .iter()
        .map(|mv| apply_steps(side, mv))
        .min_by(|a, b| expected_turns(*a).total_cmp(&expected_turns(*b)))
        .unwrap_or(side)
}

/// The expected turns to bear off `side` by the table (with the outside delay).
fn expected_turns(side: Side) -> f64 {
    mean_turns(&one_sided(side).0)
}

/// A stand-in opponent for one-sided play: all fifteen on its point 1, out of the way
/// and ahead of every block.
const FAR_AHEAD: Side = Side(15);

/// The one-sided bear-off table.
struct Table {
    /// Turns to bear off everything, by [`rank`].
    turns: Vec<Turns>,
    /// Turns to bear off the first checker, for positions with all fifteen on the
    /// board, by [`full_rank`].
    first: Vec<Turns>,
}

static TABLE: LazyLock<Table> = LazyLock::new(build_table);

/// `BINOMIAL[n][k]`: n choose k, for n up to 21.
static BINOMIAL: LazyLock<[[usize; 22]; 22]> = LazyLock::new(|| {
    let mut b = [[0usize; 22]; 22];
    for n in 0..22 {
        b[n][0] = 1;
        for k in 1..=n {
            b[n][k] = b[n - 1][k - 1] + b[n - 1][k];
        }
    }
    b
});

/// Positions of at most `n` checkers on `k` points.
fn at_most(k: usize, n: usize) -> usize {
    BINOMIAL[n + k][k]
}

/// Positions of exactly `n` checkers on `k` points (k >= 1).
fn exactly(k: usize, n: usize) -> usize {
    BINOMIAL[n + k - 1][k - 1]
}

/// The index of a home-board position (counts on points 1-6, at most 15 in all) among
/// all of them, in lexicographic order of the counts.
fn rank(counts: &[u32; 6]) -> usize {
    let mut index = 0;
    let mut left = 15usize;
    for (i, &c) in counts.iter().enumerate() {
        for v in 0..c as usize {
            index += at_most(5 - i, left - v);
        }
        left -= c as usize;
    }
    index
}

/// The index of a home-board position with exactly fifteen checkers among those.
fn full_rank(counts: &[u32; 6]) -> usize {
    let mut index = 0;
    let mut left = 15usize;
    for (i, &c) in counts.iter().enumerate().take(5) {
        for v in 0..c as usize {
            index += exactly(5 - i, left - v);
        }
        left -= c as usize;
    }
    index
}

fn side_of(counts: &[u32; 6]) -> Side {
    let on_board: u32 = counts.iter().sum();
    let mut side = Side(0).with_count(0, 15 - on_board);
    for (i, &c) in counts.iter().enumerate() {
        side = side.with_count(i as u32 + 1, c);
    }
    side
}

fn counts_of(side: Side) -> [u32; 6] {
    let mut counts = [0; 6];
    for (i, c) in counts.iter_mut().enumerate() {
        *c = side.count(i as u32 + 1);
    }
    counts
}

fn build_table() -> Table {
    let mut positions: Vec<[u32; 6]> = Vec::with_capacity(at_most(6, 15));
    let mut counts = [0u32; 6];
    enumerate(0, 15, &mut counts, &mut positions);
    let pips = |c: &[u32; 6]| -> u32 { c.iter().enumerate().map(|(i, &n)| (i as u32 + 1) * n).sum() };
    positions.sort_by_key(|c| (pips(c), rank(c)));
    let mut turns = vec![[0.0; TURNS]; positions.len()];
    let mut means = vec![0.0; positions.len()];
    let mut first = vec![[0.0; TURNS]; exactly(6, 15)];
    let mut first_means = vec![0.0; first.len()];
    let mut rolls = Vec::new();
    two_dice_outcomes(&mut rolls);
    let mut moves: Vec<NardyMove> = Vec::new();
    for counts in &positions {
        let index = rank(counts);
        let on_board: u32 = counts.iter().sum();
        if on_board == 0 {
            turns[index][0] = 1.0;
            continue;
        }
        let side = side_of(counts);
        let mut dist = [0.0; TURNS];
        let mut first_dist = [0.0; TURNS];
        for &(dice, p) in &rolls {
            moves.clear();
            let rules = TurnRules::new(side, FAR_AHEAD, false, dice);
            movegen::generate(&rules, side, dice, &mut moves);
            let mut best: Option<(f64, usize)> = None;
            let mut best_first: Option<(f64, usize)> = None;
            let mut bears_off = false;
            for mv in &moves {
                let after = apply_steps(side, mv);
                let after_counts = counts_of(after);
                let after_index = rank(&after_counts);
                if after_index == index {
                    continue;
                }
                if best.is_none_or(|(m, _)| means[after_index] < m) {
                    best = Some((means[after_index], after_index));
                }
                if on_board == 15 {
                    if after.off() > 0 {
                        bears_off = true;
                    } else {
                        let full = full_rank(&after_counts);
                        if best_first.is_none_or(|(m, _)| first_means[full] < m) {
                            best_first = Some((first_means[full], full));
                        }
                    }
                }
            }
            if let Some((_, next)) = best {
                for t in 0..TURNS - 1 {
                    dist[t + 1] += p * turns[next][t];
                }
                dist[TURNS - 1] += p * turns[next][TURNS - 1];
            }
            if on_board == 15 {
                if bears_off {
                    first_dist[1] += p;
                } else if let Some((_, next)) = best_first {
                    for t in 0..TURNS - 1 {
                        first_dist[t + 1] += p * first[next][t];
                    }
                    first_dist[TURNS - 1] += p * first[next][TURNS - 1];
                }
            }
        }
        means[index] = mean_turns(&dist);
        turns[index] = dist;
        if on_board == 15 {
            let full = full_rank(counts);
            first_means[full] = mean_turns(&first_dist);
            first[full] = first_dist;
        }
    }
    Table { turns, first }
}

fn enumerate(point: usize, left: u32, counts: &mut [u32; 6], out: &mut Vec<[u32; 6]>) {
    if point == 6 {
        out.push(*counts);
        return;
    }
    for n in 0..=left {
        counts[point] = n;
        enumerate(point + 1, left - n, counts, out);
    }
    counts[point] = 0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Notation;

    #[test]
    fn positions_are_told_apart_as_race_blocking_or_contact() {
        let kind = |position: &str| {
            let mut game = <Nardy as crate::core::NewGame>::default_game();
            game.set_position(position).unwrap();
            position_kind(&game)
        };
        assert_eq!(
            kind("w=1x5,2x5,offx5 b=12,3x14 turn=white:roll first=- score=0-0"),
            "race"
        );
        assert_eq!(
            kind("w=24x15 b=24x15 turn=white:roll first=wb score=0-0"),
            "contact"
        );
        // White holds its 13..17, black's 1..5, and black still has checkers to bring
        // past them.
        assert_eq!(
            kind("w=13x3,14x3,15x3,16x2,17x2,19x2 b=24x15 turn=white:roll first=b score=0-0"),
            "blocking"
        );
        // Five in a row that no black checker must pass any more is no block, and
        // nor are four in a row.
        assert_eq!(
            kind("w=20x3,21x3,22x3,23x3,24x3 b=1x14,5 turn=white:roll first=- score=0-0"),
            "contact"
        );
        assert_eq!(
            kind("w=13x3,14x3,15x3,16x4,19x2 b=24x15 turn=white:roll first=b score=0-0"),
            "contact"
        );
    }

    #[test]
    fn ranks_number_every_home_position_once() {
        let mut positions = Vec::new();
        enumerate(0, 15, &mut [0; 6], &mut positions);
        assert_eq!(positions.len(), 54264);
        let mut seen = vec![false; positions.len()];
        let mut full_seen = vec![false; exactly(6, 15)];
        for counts in &positions {
            let index = rank(counts);
            assert!(!seen[index]);
            seen[index] = true;
            if counts.iter().sum::<u32>() == 15 {
                let full = full_rank(counts);
                assert!(!full_seen[full]);
                full_seen[full] = true;
            }
        }
        assert!(full_seen.iter().all(|&s| s));
    }
}
