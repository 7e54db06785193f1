//! Legal turns of Long Nardy: single steps with their rules, and whole turns under the
//! full-move rule, each distinct resulting position once.
//!
//! Generation works in the mover's own numbering on packed [`Side`]s and keeps its
//! buffers in a thread-local scratch area, so the hot path does not allocate.

use std::cell::RefCell;

use super::NardyMove;
use super::board::{ALL_POINTS, HOME_MASK, Side, rotate12};
use crate::core::Dice;

/// Why one step may not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The mover has no checker on that point.
    NoChecker,
    /// The head already gave up as many checkers as this turn allows.
    HeadUsed,
    /// The target point holds opponent checkers.
    Occupied(u32),
    /// The step would leave a block of six with no opponent checker ahead of it.
    Block,
    /// Bearing off before all fifteen checkers are in home.
    NotAllHome,
    /// Bearing off with a larger die while a checker stands on a higher point.
    HigherChecker(u32),
}

/// What stays fixed during one turn: the opponent's checkers and the head allowance.
#[derive(Clone, Copy, Debug)]
pub struct TurnRules {
    /// Opponent occupancy in the mover's numbering.
    opponent_here: u32,
    /// Lowest occupied point index of the opponent, in the opponent's numbering (0-based;
    /// 32 when the opponent has no checker on the board).
    opponent_lowest: u32,
    /// Checkers on the head when the turn began.
    head_start: u32,
    /// How many checkers may leave the head this turn.
    head_limit: u32,
}

impl TurnRules {
    /// The rules for `mover` to play `dice` against `opponent`; `first_turn` is true while
    /// the mover has not yet completed a turn (the 6-6, 4-4, 3-3 head exception).
    pub fn new(mover: Side, opponent: Side, first_turn: bool, dice: Dice) -> TurnRules {
        let opponent_own = opponent.occupancy();
        let special_double = dice.is_double() && matches!(dice.values()[0], 3 | 4 | 6);
        TurnRules {
            opponent_here: rotate12(opponent_own),
            opponent_lowest: if opponent_own == 0 {
                32
            } else {
                opponent_own.trailing_zeros()
            },
            head_start: mover.count(24),
            head_limit: if first_turn && special_double { 2 } else { 1 },
        }
    }

    /// How many checkers may leave the head this turn.
    pub fn head_limit(&self) -> u32 {
        self.head_limit
    }

    /// True if `occupancy` (the mover's) holds a block of six or more consecutive points
    /// with no opponent checker ahead of it, i.e. already past it on its way home.
    #[inline]
    pub fn has_illegal_block(&self, occupancy: u32) -> bool {
        let theirs = rotate12(occupancy);
        let runs = theirs & (theirs >> 1) & (theirs >> 2) & (theirs >> 3) & (theirs >> 4) & (theirs >> 5);
        runs != 0 && self.opponent_lowest >= runs.trailing_zeros()
    }

    /// Plays one checker from `from` by `die` pips. `occupancy` is `side`'s occupancy.
    /// Returns the new side, its occupancy, and the target point (0 = borne off).
    #[inline]
    pub fn step(
        &self,
        side: Side,
        occupancy: u32,
        from: u32,
        die: u32,
    ) -> Result<(Side, u32, u32), StepError> {
        if from == 0 || from > 24 || occupancy & (1 << (from - 1)) == 0 {
            return Err(StepError::NoChecker);
        }
        if from == 24 && self.head_start - side.count(24) >= self.head_limit {
            return Err(StepError::HeadUsed);
        }
        let left = if side.count(from) == 1 {
            occupancy & !(1 << (from - 1))
        } else {
            occupancy
        };
        if from > die {
            let to = from - die;
            let bit = 1 << (to - 1);
            if self.opponent_here & bit != 0 {
                return Err(StepError::Occupied(to));
            }
            let now = left | bit;
            if now != occupancy && self.has_illegal_block(now) {
                return Err(StepError::Block);
            }
            return Ok((side.step(from, to), now, to));
        }
        if occupancy & !HOME_MASK & ALL_POINTS != 0 {
            return Err(StepError::NotAllHome);
        }
        if from < die {
            let higher = occupancy >> from;
            if higher != 0 {
                return Err(StepError::HigherChecker(from + higher.trailing_zeros() + 1));
            }
        }
        Ok((side.step(from, 0), left, 0))
    }
}

/// Appends every distinct legal turn for `dice` to `out` (at least `pass`).
pub fn generate(rules: &TurnRules, start: Side, dice: Dice, out: &mut Vec<NardyMove>) {
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let values = dice.values();
        if values.len() == 2 && values[0] != values[1] {
            two_dice(
                rules,
                start,
                values[0].max(values[1]),
                values[0].min(values[1]),
                &mut scratch,
                out,
            );
        } else if let Some(&die) = values.first() {
            doubles(rules, start, u32::from(die), &mut scratch, out);
        }
    });
    if out.is_empty() {
        out.push(NardyMove::PASS);
    }
}

fn two_dice(
    rules: &TurnRules,
    start: Side,
    high: u8,
    low: u8,
    scratch: &mut Scratch,
    out: &mut Vec<NardyMove>,
) {
    let occupancy = start.occupancy();
    scratch.seen.next_round();
    for (first, second) in [(high, low), (low, high)] {
        for from1 in descending(occupancy) {
            let Ok((side1, occ1, to1)) = rules.step(start, occupancy, from1, u32::from(first)) else {
                continue;
            };
            for from2 in descending(occ1) {
                if let Ok((side2, _, to2)) = rules.step(side1, occ1, from2, u32::from(second))
                    && scratch.seen.insert(side2.0)
                {
                    out.push(NardyMove::from_steps(&[(from1, to1), (from2, to2)]));
                }
            }
        }
    }
    if !out.is_empty() {
        return;
    }
    // Only one die can be played: the larger one if it can be, else the smaller.
    for die in [high, low] {
        for from in descending(occupancy) {
            if let Ok((side, _, to)) = rules.step(start, occupancy, from, u32::from(die))
                && scratch.seen.insert(side.0)
            {
                out.push(NardyMove::from_steps(&[(from, to)]));
            }
        }
        if !out.is_empty() {
            return;
        }
    }
}

fn doubles(rules: &TurnRules, start: Side, die: u32, scratch: &mut Scratch, out: &mut Vec<NardyMove>) {
    let Scratch { seen, level, next } = scratch;
    level.clear();
    level.push(Node {
        side: start,
        occupancy: start.occupancy(),
        mv: NardyMove::PASS,
    });
    for _ in 0..4 {
        next.clear();
        seen.next_round();
        for node in level.iter() {
            for from in descending(node.occupancy) {
                if let Ok((side, occupancy, to)) = rules.step(node.side, node.occupancy, from, die)
                    && seen.insert(side.0)
                {
                    next.push(Node {
                        side,
                        occupancy,
                        mv: node.mv.with_step(from, to),
                    });
                }
            }
        }
        if next.is_empty() {
            break;
        }
        std::mem::swap(level, next);
    }
    if level.first().is_some_and(|node| !node.mv.is_pass()) {
        out.extend(level.iter().map(|node| node.mv));
    }
}

/// Points of `mask`, highest first.
#[inline]
fn descending(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let p = 32 - mask.leading_zeros();
        mask &= !(1 << (p - 1));
        Some(p)
    })
}

#[derive(Clone, Copy)]
struct Node {
    side: Side,
    occupancy: u32,
    mv: NardyMove,
}

struct Scratch {
    seen: SeenSet,
    level: Vec<Node>,
    next: Vec<Node>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch {
        seen: SeenSet::new(),
        level: Vec::with_capacity(512),
        next: Vec::with_capacity(512),
    });
}

/// A set of packed positions, emptied in O(1) by moving to a new round: a slot counts
/// only if it carries the current round number.
struct SeenSet {
    slots: Vec<(u32, u128)>,
    bits: u32,
    round: u32,
    len: usize,
}

impl SeenSet {
    fn new() -> SeenSet {
        SeenSet {
            slots: vec![(0, 0); 1 << 10],
            bits: 10,
            round: 1,
            len: 0,
        }
    }

    fn next_round(&mut self) {
        self.len = 0;
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.slots.fill((0, 0));
            self.round = 1;
        }
    }

    /// Adds `key`; false if it was already there this round.
    #[inline]
    fn insert(&mut self, key: u128) -> bool {
        if self.len * 2 >= self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut index = self.index_of(key);
        loop {
            let slot = &mut self.slots[index];
            if slot.0 != self.round {
                *slot = (self.round, key);
                self.len += 1;
                return true;
            }
            if slot.1 == key {
                return false;
            }
            index = (index + 1) & mask;
        }
    }

    #[inline]
    fn index_of(&self, key: u128) -> usize {
        let mixed = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    fn grow(&mut self) {
        let live: Vec<u128> = self
            .slots
            .iter()
            .filter(|slot| slot.0 == self.round)
            .map(|slot| slot.1)
            .collect();
        self.bits += 1;
        self.slots = vec![(0, 0); 1 << self.bits];
        self.len = 0;
        for key in live {
            self.insert(key);
        }
    }
}
