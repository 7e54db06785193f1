//! The inputs of Long Nardy's evaluation network: a position as [`INPUTS`] numbers, seen
//! from the side to act (the mover).
//!
//! The layout is two blocks of [`SIDE_INPUTS`] numbers, the mover's first and then the
//! opponent's, each in that side's OWN numbering (head = 24, home = 1..6), followed by one
//! shared number. A fully connected first layer does not care about the order of its
//! inputs, so each side's block is simply laid out the way that side sees the board.
//!
//! Within a side's block:
//!
//! | offset | meaning |
//! |---|---|
//! | `4 * (p - 1) ..= 4 * (p - 1) + 3` | point `p` (1..=24), truncated unary as in TD-Gammon: `n >= 1`, `n >= 2`, `n >= 3`, `(n - 3) / 4` for `n > 3` checkers |
//! | 96 | checkers borne off / 15 |
//! | 97 | checkers on the head (point 24) / 15 |
//! | 98 | 1 while the side has not completed its first turn (the 6-6, 4-4, 3-3 head exception still applies) |
//! | 99 | pip count / 360 (the start position's count) |
//! | 100 | checkers still to bring home (outside points 1-6) / 15 |
//! | 101 | the longest run of consecutive points the side holds, as the opponent meets them on its way, / 6 |
//! | 102 | points held / 12 |
//! | 103 | checkers still in the first quarter (points 19-24, what makes a koks) / 15 |
//!
//! The input at `2 * SIDE_INPUTS` ([`RACE_INPUT`]) is 1 in a pure race: every checker of
//! each side has passed every checker of the other (both sides' highest checkers stand on
//! points 12 or lower), so no block can ever form again.
//!
//! Then come two blocks of [`CONTACT_INPUTS`] (layout 2), the mover's and the opponent's:
//! how the other side's points hem a side in. A checker may never land on a point the
//! other side holds, so these are products of the two sides' boards, which one hidden
//! layer over the point inputs can only approximate:
//!
//! | offset | meaning |
//! |---|---|
//! | `d - 1` (d = 1..=6) | of the points the side occupies, the share from which a die of `d` cannot move (the landing point is held by the other side, or the checker would bear off before every checker is home) |
//! | 6 | of the six points in front of the side's rearmost checker, the share the other side holds |
//! | 7 | over every checker, the other side's points among the six in front of it, / (15 * 6) |
//! | 8 | checkers still behind the other side's longest block, / 15, times its length / 6 |
//!
//! [`ENCODING_VERSION`] names this layout; weight files record it, so a network trained on
//! another layout is refused instead of misread. The layouts only ever grow at the end:
//! layout 1 is the first [`INPUTS_V1`] numbers of layout 2, so a layout-1 network reads
//! the same buffer (the network reads as many inputs as it has).

use super::board::{HOME_MASK, rotate12};
use super::eval::longest_run;
use super::{Nardy, Side};

/// The version of this layout, written into weight files.
pub const ENCODING_VERSION: u32 = 2;
/// Numbers per side.
pub const SIDE_INPUTS: usize = 104;
/// Numbers of layout 1: the two sides' blocks and the race flag.
pub const INPUTS_V1: usize = 2 * SIDE_INPUTS + 1;
/// Numbers per side of layout 2's contact blocks.
pub const CONTACT_INPUTS: usize = 9;
/// Numbers in one encoded position.
pub const INPUTS: usize = INPUTS_V1 + 2 * CONTACT_INPUTS;
/// Index of the pure-race flag.
pub const RACE_INPUT: usize = 2 * SIDE_INPUTS;
/// Index of the mover's contact block (the opponent's follows it).
pub const CONTACT_START: usize = INPUTS_V1;

/// How many inputs a network trained on layout `version` reads, if this tabula knows it.
pub fn inputs_of_layout(version: u32) -> Option<usize> {
    match version {
        1 => Some(INPUTS_V1),
        2 => Some(INPUTS),
        _ => None,
    }
}

/// Offsets of the computed features within a side's block.
pub mod feature {
    /// Checkers borne off.
    pub const OFF: usize = 96;
    /// Checkers on the head.
    pub const HEAD: usize = 97;
    /// The first-turn head exception still applies.
    pub const FIRST_TURN: usize = 98;
    /// Pip count.
    pub const PIPS: usize = 99;
    /// Checkers outside home.
    pub const TO_BRING_HOME: usize = 100;
    /// Longest block.
    pub const LONGEST_BLOCK: usize = 101;
    /// Points held.
    pub const POINTS_HELD: usize = 102;
    /// Checkers in the first quarter.
    pub const FIRST_QUARTER: usize = 103;
}

/// The layout a network of `inputs` inputs reads: layout 1's count is layout 1, any other
/// today's (which [`inputs_of_layout`] then checks).
pub fn layout_of_inputs(inputs: usize) -> u32 {
    if inputs == INPUTS_V1 { 1 } else { ENCODING_VERSION }
}

/// Encodes `game` from the side to act (the mover). A finished game is encoded from the
/// side that moved last.
pub fn encode(game: &Nardy, out: &mut [f32; INPUTS]) {
    let mover = game.turn();
    encode_sides(
        game.side(mover),
        game.side(1 - mover),
        game.first_turn(mover),
        game.first_turn(1 - mover),
        out,
    );
}

/// Encodes a position given by its two sides: `me` to act, `them` the opponent, and
/// whether each has yet to complete its first turn.
pub fn encode_sides(
    me: Side,
    them: Side,
    my_first_turn: bool,
    their_first_turn: bool,
    out: &mut [f32; INPUTS],
) {
    out.fill(0.0);
    let (mine, theirs) = out.split_at_mut(SIDE_INPUTS);
    encode_side(me, my_first_turn, mine);
    encode_side(them, their_first_turn, &mut theirs[..SIDE_INPUTS]);
    out[RACE_INPUT] = if is_race(me, them) { 1.0 } else { 0.0 };
    let (mine, theirs) = out[CONTACT_START..].split_at_mut(CONTACT_INPUTS);
    encode_contact(me, them, mine);
    encode_contact(them, me, theirs);
}

/// The contact block of `side` against `other` (see the module's table).
fn encode_contact(side: Side, other: Side, out: &mut [f32]) {
    let mine = side.occupancy();
    if mine == 0 {
        return;
    }
    // The other side's points in this side's numbering.
    let held = rotate12(other.occupancy());
    let all_home = mine & !HOME_MASK == 0;
    let points = mine.count_ones() as f32;
    for d in 1..=6u32 {
        let mut blocked = mine & (held << d);
        if !all_home {
            blocked |= mine & ((1 << d) - 1);
        }
        out[d as usize - 1] = blocked.count_ones() as f32 / points;
    }
    let ahead = |p: u32| held & ((1u32 << (p - 1)) - 1) & !((1u32 << p.saturating_sub(7)) - 1);
    let rearmost = 32 - mine.leading_zeros();
    out[6] = ahead(rearmost).count_ones() as f32 / 6.0;
    let (run, top) = longest_run_top(held);
    let mut hemmed = 0;
    let mut behind = 0;
    let mut bits = mine;
    while bits != 0 {
        let p = bits.trailing_zeros() + 1;
        bits &= bits - 1;
        let n = side.count(p);
        hemmed += n * ahead(p).count_ones();
        if run > 0 && p > top {
            behind += n;
        }
    }
    out[7] = hemmed as f32 / 90.0;
    out[8] = behind as f32 / 15.0 * run.min(6) as f32 / 6.0;
}

/// The length of the longest run of set bits of `mask`, and the point (bit + 1) at its
/// upper end, the first a side moving down meets; `(0, 0)` for an empty mask. Of runs of
/// equal length, the highest.
fn longest_run_top(mask: u32) -> (u32, u32) {
    let mut best = (0, 0);
    let mut bits = mask;
    while bits != 0 {
        let low = bits.trailing_zeros();
        let len = (bits >> low).trailing_ones();
        if len >= best.0 {
            best = (len, low + len);
        }
        bits &= !(((1u64 << (low + len)) - 1) as u32);
    }
    best
}

/// True once neither side can ever block the other again: both sides' highest checkers
/// stand on their points 12 or lower, i.e. past every checker of the other side.
pub fn is_race(me: Side, them: Side) -> bool {
    highest_point(me) <= 12 && highest_point(them) <= 12
}

/// The highest occupied point of a side (0 when all are borne off).
fn highest_point(side: Side) -> u32 {
    32 - side.occupancy().leading_zeros()
}

fn encode_side(side: Side, first_turn: bool, out: &mut [f32]) {
    // One pass over the points gathers every count the features need.
    let (mut occupancy, mut pips, mut on_board, mut home, mut first_quarter) = (0u32, 0, 0, 0, 0);
    for p in 1..=24u32 {
        let n = side.count(p);
        if n == 0 {
            continue;
        }
        occupancy |= 1 << (p - 1);
        pips += p * n;
        on_board += n;
        if p <= 6 {
            home += n;
        } else if p >= 19 {
            first_quarter += n;
        }
        let at = 4 * (p as usize - 1);
        out[at] = 1.0;
        if n >= 2 {
            out[at + 1] = 1.0;
        }
        if n >= 3 {
            out[at + 2] = 1.0;
        }
        if n > 3 {
            out[at + 3] = (n - 3) as f32 / 4.0;
        }
    }
    out[feature::OFF] = side.off() as f32 / 15.0;
    out[feature::HEAD] = side.count(24) as f32 / 15.0;
    out[feature::FIRST_TURN] = if first_turn { 1.0 } else { 0.0 };
    out[feature::PIPS] = pips as f32 / 360.0;
    out[feature::TO_BRING_HOME] = (on_board - home) as f32 / 15.0;
    out[feature::LONGEST_BLOCK] = longest_run(rotate12(occupancy)) as f32 / 6.0;
    out[feature::POINTS_HELD] = occupancy.count_ones() as f32 / 12.0;
    out[feature::FIRST_QUARTER] = first_quarter as f32 / 15.0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, NewGame, Notation};

    fn encoded(position: &str) -> [f32; INPUTS] {
        let mut game = Nardy::default_game();
        game.set_position(position).unwrap();
        let mut out = [0.0; INPUTS];
        encode(&game, &mut out);
        out
    }

    #[test]
    fn start_position() {
        let x = encoded("w=24x15 b=24x15 turn=white:roll first=wb score=0-0");
        for base in [0, SIDE_INPUTS] {
            let head = base + 4 * 23;
            assert_eq!(&x[head..head + 4], &[1.0, 1.0, 1.0, 3.0]);
            assert!(x[base..base + 92].iter().all(|&v| v == 0.0));
            assert_eq!(x[base + feature::OFF], 0.0);
            assert_eq!(x[base + feature::HEAD], 1.0);
            assert_eq!(x[base + feature::FIRST_TURN], 1.0);
            assert_eq!(x[base + feature::PIPS], 1.0);
            assert_eq!(x[base + feature::TO_BRING_HOME], 1.0);
            // The head (own 24) is the opponent's 12: one point long.
            assert_eq!(x[base + feature::LONGEST_BLOCK], 1.0 / 6.0);
            assert_eq!(x[base + feature::POINTS_HELD], 1.0 / 12.0);
            assert_eq!(x[base + feature::FIRST_QUARTER], 1.0);
        }
        assert_eq!(x[RACE_INPUT], 0.0);
    }

    #[test]
    fn mover_comes_first_and_counts_are_unary() {
        // Black to roll: black's block comes first.
        let x = encoded("w=24x13,18,15 b=24x15 turn=black:roll first=b score=0-0");
        assert!(x[..4 * 23].iter().all(|&v| v == 0.0));
        assert_eq!(&x[4 * 23..4 * 23 + 4], &[1.0, 1.0, 1.0, 3.0]);
        assert_eq!(x[feature::FIRST_TURN], 1.0);
        let w = SIDE_INPUTS;
        assert_eq!(&x[w + 4 * 17..w + 4 * 17 + 4], &[1.0, 0.0, 0.0, 0.0]);
        assert_eq!(&x[w + 4 * 14..w + 4 * 14 + 4], &[1.0, 0.0, 0.0, 0.0]);
        assert_eq!(x[w + feature::FIRST_TURN], 0.0);
        assert_eq!(x[w + feature::PIPS], (24.0 * 13.0 + 18.0 + 15.0) / 360.0);
        assert_eq!(&x[w + 4 * 23..w + 4 * 23 + 4], &[1.0, 1.0, 1.0, 10.0 / 4.0]);
        assert_eq!(x[w + feature::FIRST_QUARTER], 13.0 / 15.0);
        assert_eq!(x[w + feature::HEAD], 13.0 / 15.0);
    }

    #[test]
    fn blocks_and_bringing_home() {
        // White holds 13..17 (five in a row, the opponent's 1..5) and 19.
        let x = encoded("w=13x3,14x3,15x3,16x2,17x2,19x2 b=24x15 turn=white:roll first=b score=0-0");
        assert_eq!(x[feature::LONGEST_BLOCK], 5.0 / 6.0);
        assert_eq!(x[feature::POINTS_HELD], 6.0 / 12.0);
        assert_eq!(x[feature::TO_BRING_HOME], 1.0);
        assert_eq!(x[feature::FIRST_QUARTER], 2.0 / 15.0);
        assert_eq!(&x[4 * 12..4 * 12 + 4], &[1.0, 1.0, 1.0, 0.0]);
        assert_eq!(&x[4 * 15..4 * 15 + 4], &[1.0, 1.0, 0.0, 0.0]);
    }

    #[test]
    fn race_and_bearing_off() {
        let x = encoded("w=1x5,2x5,offx5 b=12,3x14 turn=white:roll first=- score=0-0");
        assert_eq!(x[RACE_INPUT], 1.0);
        assert_eq!(x[feature::OFF], 5.0 / 15.0);
        assert_eq!(x[feature::TO_BRING_HOME], 0.0);
        assert_eq!(x[SIDE_INPUTS + feature::TO_BRING_HOME], 1.0 / 15.0);
        let contact = encoded("w=1x5,2x5,13x5 b=12,3x14 turn=white:roll first=- score=0-0");
        assert_eq!(contact[RACE_INPUT], 0.0);
    }

    #[test]
    fn contact_blocks_measure_how_the_other_side_hems_a_side_in() {
        // White holds 13-17 and 19 (Black's 1-5 and 7); Black's checkers wait behind on
        // its 10 and 8 (White's 22 and 20).
        let x = encoded("w=13x3,14x3,15x3,16x2,17x2,19x2 b=10x8,8x7 turn=white:roll first=- score=0-0");
        // Nothing stands in White's way.
        assert!(
            x[CONTACT_START..CONTACT_START + CONTACT_INPUTS]
                .iter()
                .all(|&v| v == 0.0)
        );
        let black = &x[CONTACT_START + CONTACT_INPUTS..];
        // From 8: a 1 lands on 7, 3-6 on 5..2, all White's; from 10: 3, 5 and 6.
        assert_eq!(&black[..6], &[0.5, 0.0, 1.0, 0.5, 1.0, 1.0]);
        // In front of 10: 9..4, of which White holds 7, 5, 4.
        assert_eq!(black[6], 0.5);
        assert_eq!(black[7], (8.0 * 3.0 + 7.0 * 5.0) / 90.0);
        // All fifteen still have to pass White's five in a row.
        assert_eq!(black[8], 5.0 / 6.0);
        // Layout 1 is the prefix: a layout-1 network reads the same numbers as before.
        assert_eq!(INPUTS_V1, CONTACT_START);
        assert_eq!(inputs_of_layout(1), Some(INPUTS_V1));
        assert_eq!(inputs_of_layout(ENCODING_VERSION), Some(INPUTS));
        assert_eq!(inputs_of_layout(ENCODING_VERSION + 1), None);
        assert_eq!(layout_of_inputs(INPUTS_V1), 1);
        assert_eq!(layout_of_inputs(INPUTS), ENCODING_VERSION);
    }

    /// The contact block of `side` against `other` by the plain definition, point by point.
    fn contact_by_definition(side: Side, other: Side) -> [f32; CONTACT_INPUTS] {
        let mut out = [0.0; CONTACT_INPUTS];
        let occupied: Vec<u32> = (1..=24).filter(|&p| side.count(p) > 0).collect();
        if occupied.is_empty() {
            return out;
        }
        let theirs = |p: u32| other.count(super::super::board::other_numbering(p)) > 0;
        let all_home = occupied.iter().all(|&p| p <= 6);
        for d in 1..=6 {
            let blocked = occupied
                .iter()
                .filter(|&&p| if p > d { theirs(p - d) } else { !all_home })
                .count();
            out[d as usize - 1] = blocked as f32 / occupied.len() as f32;
        }
        let ahead = |p: u32| (1..=6).filter(|&k| p > k && theirs(p - k)).count() as u32;
        out[6] = ahead(*occupied.last().unwrap()) as f32 / 6.0;
        let hemmed: u32 = occupied.iter().map(|&p| side.count(p) * ahead(p)).sum();
        out[7] = hemmed as f32 / 90.0;
        let (mut run, mut top, mut len) = (0, 0, 0);
        for p in 1..=24 {
            len = if theirs(p) { len + 1 } else { 0 };
            if len > 0 && len >= run {
                (run, top) = (len, p);
            }
        }
        let behind: u32 = occupied
            .iter()
            .filter(|&&p| run > 0 && p > top)
            .map(|&p| side.count(p))
            .sum();
        out[8] = behind as f32 / 15.0 * run.min(6) as f32 / 6.0;
        out
    }

    #[test]
    fn the_features_agree_with_the_boards_own_counts_over_random_games() {
        use crate::core::{Phase, SeededDice};
        let mut dice = SeededDice::new(3);
        let mut legal = Vec::new();
        for _ in 0..20 {
            let mut game = Nardy::default_game();
            while game.phase() != Phase::Over {
                if let Phase::Move(_) = game.phase() {
                    let mut x = [0.0; INPUTS];
                    encode(&game, &mut x);
                    let me = game.side(game.turn());
                    let home: u32 = (1..=6).map(|p| me.count(p)).sum();
                    let first_quarter: u32 = (19..=24).map(|p| me.count(p)).sum();
                    assert_eq!(x[feature::PIPS], me.pips() as f32 / 360.0);
                    assert_eq!(x[feature::TO_BRING_HOME], (me.on_board() - home) as f32 / 15.0);
                    assert_eq!(x[feature::FIRST_QUARTER], first_quarter as f32 / 15.0);
                    assert_eq!(x[feature::POINTS_HELD], me.occupancy().count_ones() as f32 / 12.0);
                    assert_eq!(
                        x[feature::LONGEST_BLOCK],
                        longest_run(rotate12(me.occupancy())) as f32 / 6.0
                    );
                    let them = game.side(1 - game.turn());
                    let contact = &x[CONTACT_START..];
                    assert_eq!(&contact[..CONTACT_INPUTS], &contact_by_definition(me, them));
                    assert_eq!(&contact[CONTACT_INPUTS..], &contact_by_definition(them, me));
                    legal.clear();
                    game.legal_moves(&mut legal);
                    let choice = dice.below(legal.len() as u32) as usize;
                    game.play_unchecked(&legal[choice]);
                } else {
                    let roll = game.roll(&mut dice);
                    game.set_dice(roll).unwrap();
                }
            }
        }
    }
}
