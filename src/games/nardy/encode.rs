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
//! The last input, at `2 * SIDE_INPUTS`, is 1 in a pure race: every checker of each side
//! has passed every checker of the other (both sides' highest checkers stand on points 12
//! or lower), so no block can ever form again.
//!
//! [`ENCODING_VERSION`] names this layout; weight files record it, so a network trained on
//! another layout is refused instead of misread.

use super::board::rotate12;
use super::eval::longest_run;
use super::{Nardy, Side};

/// The version of this layout, written into weight files.
pub const ENCODING_VERSION: u32 = 1;
/// Numbers per side.
pub const SIDE_INPUTS: usize = 104;
/// Numbers in one encoded position.
pub const INPUTS: usize = 2 * SIDE_INPUTS + 1;
/// Index of the pure-race flag.
pub const RACE_INPUT: usize = 2 * SIDE_INPUTS;

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
    use crate::core::{Game, NewGame};

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
