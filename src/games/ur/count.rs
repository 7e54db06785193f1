//! Exact counts of City of Ur's positions, to say what a table of it would need.
//!
//! A City position is how many pieces of each side stand in each slot of its trajectory,
//! plus the borne-off counts. Cells constrain what may share them: one piece on plain
//! cells, stars and h2; anything on green cells; anything of one face on four-eyes cells.
//! Cells are independent given the piece counts, so each cell contributes a polynomial in
//! (light pieces, dark pieces) and the count is their product.

use super::board::{Kind, Layout, RuleSet};
use super::{Army, Stage, Ur};

const MAX: usize = 5;

/// Ways as a table indexed by (light pieces, dark pieces), each at most [`MAX`].
type Poly = [[u128; MAX + 1]; MAX + 1];

fn multiply(a: &Poly, b: &Poly) -> Poly {
    let mut out = [[0u128; MAX + 1]; MAX + 1];
    for i in 0..=MAX {
        for j in 0..=MAX {
            if a[i][j] == 0 {
                continue;
            }
            for k in 0..=MAX - i {
                for l in 0..=MAX - j {
                    out[i + k][j + l] += a[i][j] * b[k][l];
                }
            }
        }
    }
    out
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Ways to put `pieces` identical pieces into `slots` slots.
fn spread(pieces: usize, slots: usize) -> u128 {
    match (pieces, slots) {
        (0, _) => 1,
        (_, 0) => 0,
        _ => binomial((pieces + slots - 1) as u128, (slots - 1) as u128),
    }
}

/// Ways to fill one cell that takes any number of pieces in these slots.
fn open(light_slots: usize, dark_slots: usize) -> Poly {
    let mut poly = [[0u128; MAX + 1]; MAX + 1];
    for (i, row) in poly.iter_mut().enumerate() {
        for (j, ways) in row.iter_mut().enumerate() {
            *ways = spread(i, light_slots) * spread(j, dark_slots);
        }
    }
    poly
}

/// Board placements of City of Ur by (light pieces on the board, dark pieces on it).
pub fn city_placements() -> Poly {
    let layout = Layout::of(RuleSet::City);
    let mut total = [[0u128; MAX + 1]; MAX + 1];
    total[0][0] = 1;
    for cell in 0..super::board::CELLS as u8 {
        let kind = layout.kind(cell);
        if kind == Kind::Missing {
            continue;
        }
        // Slots of each side at this cell, split by face (0 blank, 1 marked).
        let mut slots = [[0usize; 2]; 2];
        for (seat, faces) in slots.iter_mut().enumerate() {
            for slot in layout.slots_at(seat, cell) {
                faces[usize::from(layout.marked(slot))] += 1;
            }
        }
        let poly = match kind {
            Kind::Green => open(slots[0][0] + slots[0][1], slots[1][0] + slots[1][1]),
            Kind::FourEyes => {
                let blank = open(slots[0][0], slots[1][0]);
                let marked = open(slots[0][1], slots[1][1]);
                let mut either = blank;
                for i in 0..=MAX {
                    for j in 0..=MAX {
                        either[i][j] += marked[i][j];
                    }
                }
                // The empty cell was counted twice.
                either[0][0] -= 1;
                either
            }
            _ => {
                let mut single = [[0u128; MAX + 1]; MAX + 1];
                single[0][0] = 1;
                single[1][0] = (slots[0][0] + slots[0][1]) as u128;
                single[0][1] = (slots[1][0] + slots[1][1]) as u128;
                single
            }
        };
        total = multiply(&total, &poly);
    }
    total
}

/// City positions of unfinished games seen from the side to roll: placements times the
/// ways to split each side's other pieces between reserve and borne off (fewer than five
/// off). The roll-off start is one more.
pub fn city_positions() -> u128 {
    let placements = city_placements();
    let splits = |on_board: usize| (MAX + 1 - on_board).min(MAX) as u128;
    let mut total = 0u128;
    for (i, row) in placements.iter().enumerate() {
        for (j, ways) in row.iter().enumerate() {
            total += ways * splits(i) * splits(j);
        }
    }
    total
}

/// City positions where each side has at most `left` pieces not yet borne off.
pub fn city_end_count(left: usize) -> u128 {
    let placements = city_placements();
    let mut total = 0u128;
    for (i, row) in placements.iter().enumerate() {
        for (j, ways) in row.iter().enumerate() {
            // Off counts from 5 - left (at least 5 - left off) to 4, leaving room on board.
            let splits = |on_board: usize| {
                (MAX - left.min(MAX)..MAX)
                    .filter(|off| off + on_board <= MAX)
                    .count() as u128
            };
            total += ways * splits(i) * splits(j);
        }
    }
    total
}

/// The `tabula solve ur rules=city --count` text.
pub fn city_report() -> String {
    let positions = city_positions();
    let gb = |bytes: u128| bytes as f64 / 1e9;
    format!(
        "ur rules=city: {positions} positions of unfinished games (each with the side to roll), plus the roll-off start\n\
         table: {:.1} GB at 16 bits a position; solving would hold {:.1} GB (32-bit values)\n\
         end layers (at most 1 / 2 pieces left per side): {} / {} positions",
        gb(positions * 2),
        gb(positions * 4),
        city_end_count(1),
        city_end_count(2)
    )
}

/// Every City position (light to roll) where each side has at most `left` pieces (1 or
/// 2 keep this small) not yet borne off and neither has finished.
pub fn city_end_positions(base: &Ur, left: u8) -> Vec<Ur> {
    let left = left.clamp(1, MAX as u8);
    // A side: its pieces not off, each in the reserve (None) or a slot, as a multiset.
    fn sides(left: u8) -> Vec<Army> {
        let mut out = Vec::new();
        for remaining in 1..=left {
            let mut choice = vec![0u8; remaining as usize];
            loop {
                let mut army = Army {
                    off: MAX as u8 - remaining,
                    ..Army::default()
                };
                for &place in &choice {
                    match place {
                        0 => army.reserve += 1,
                        slot => army.counts[usize::from(slot - 1)] += 1,
                    }
                }
                out.push(army);
                // The next non-decreasing choice of places 0-32.
                let Some(at) = choice.iter().rposition(|&p| p < 32) else {
                    break;
                };
                let next = choice[at] + 1;
                for place in &mut choice[at..] {
                    *place = next;
                }
            }
        }
        out
    }
    let armies = sides(left);
    let mut games = Vec::new();
    for light in &armies {
        for dark in &armies {
            let mut game = base.clone();
            game.armies = [*light, *dark];
            game.turn = 0;
            game.stage = Stage::Roll;
            if game.validate().is_ok() {
                games.push(game);
            }
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::NewGame;

    /// Every multiset of `pieces` slots out of 32.
    fn multisets(pieces: usize, first: u8, out: &mut Vec<Vec<u8>>, current: &mut Vec<u8>) {
        if current.len() == pieces {
            out.push(current.clone());
            return;
        }
        for slot in first..32 {
            current.push(slot);
            multisets(pieces, slot, out, current);
            current.pop();
        }
    }

    /// The product of cell polynomials agrees with trying every placement of a few
    /// pieces against the position checker of the rules.
    #[test]
    fn city_counts_agree_with_the_position_checker() {
        let placements = city_placements();
        let base = Ur::default_game();
        for (light, dark) in [(1, 0), (2, 0), (1, 1), (3, 0), (2, 1)] {
            let (mut lights, mut darks) = (Vec::new(), Vec::new());
            multisets(light, 0, &mut lights, &mut Vec::new());
            multisets(dark, 0, &mut darks, &mut Vec::new());
            let mut valid = 0u128;
            for l in &lights {
                for d in &darks {
                    let mut game = base.clone();
                    game.stage = Stage::Roll;
                    for (seat, slots) in [(0, l), (1, d)] {
                        let mut army = Army {
                            reserve: 5 - slots.len() as u8,
                            ..Army::default()
                        };
                        for &slot in slots {
                            army.counts[slot as usize] += 1;
                        }
                        game.armies[seat] = army;
                    }
                    valid += u128::from(game.validate().is_ok());
                }
            }
            assert_eq!(placements[light][dark], valid, "{light} light, {dark} dark");
        }
        assert_eq!(placements[1][0], 32);
    }

    #[test]
    fn city_end_positions_are_all_counted() {
        let base = Ur::default_game();
        assert_eq!(city_end_positions(&base, 1).len() as u128, city_end_count(1));
        assert_eq!(city_end_positions(&base, 2).len() as u128, city_end_count(2));
    }
}
