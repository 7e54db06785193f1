//! Checking a Long Nardy move typed by a person: the segments it names are resolved into
//! single-die steps in the order given, each step is checked, and a refusal says what rule
//! the move breaks.

use super::movegen::{self, StepError, TurnRules};
use super::{MoveFault, Nardy, NardyMove, Side, apply_steps};
use crate::core::Dice;

impl Nardy {
    /// Checks a move typed by a person and returns it as single-die steps in the order
    /// given, or says why it cannot be played.
    pub(super) fn check(&self, mv: &NardyMove) -> Result<NardyMove, MoveFault> {
        let (Some(rules), Some(dice)) = (self.turn_rules(), self.stage.rolled()) else {
            return Err(MoveFault::NoDice);
        };
        let mover = self.turn;
        let start = self.sides[mover];
        let mut legal = Vec::new();
        movegen::generate(&rules, start, dice, &mut legal);
        if mv.is_pass() {
            return if legal[0].is_pass() {
                Ok(NardyMove::PASS)
            } else {
                Err(MoveFault::PassWithMoves {
                    seat: mover,
                    example: legal[0],
                })
            };
        }
        let played = self.resolve_steps(&rules, start, mv, dice)?;
        let end = apply_steps(start, &played);
        if legal.iter().any(|m| apply_steps(start, m) == end) {
            return Ok(played);
        }
        let need = legal[0].steps().len();
        let used = played.steps().len();
        Err(if used < need {
            let die = dice.values()[0];
            match (dice.is_double(), need) {
                (false, _) => MoveFault::BothDice,
                (true, 4) => MoveFault::AllFour { die },
                (true, _) => MoveFault::SomeOfFour { need, die, used },
            }
        } else if !dice.is_double() && need == 1 {
            let high = dice.values().iter().max().copied().unwrap_or(0);
            MoveFault::LargerDie { high }
        } else {
            MoveFault::NotLegal
        })
    }

    /// Finds dice from `remaining` that carry a checker from `from` to `to` (0 = off),
    /// one die per step, every step legal; explains the first failure if none do.
    fn find_path(
        &self,
        rules: &TurnRules,
        side: Side,
        from: u32,
        to: u32,
        remaining: &[u32],
    ) -> Result<Path, MoveFault> {
        let mut first_error: Option<MoveFault> = None;
        let mut candidates: Vec<Vec<u32>> = Vec::new();
        dice_orders(remaining, &mut Vec::new(), &mut candidates);
        // Shorter paths first: a single die is what people mean when one fits.
        candidates.sort_by_key(Vec::len);
        for order in candidates {
            if !reaches(from, to, &order) {
                continue;
            }
            let mut current = side;
            let mut occupancy = side.occupancy();
            let mut at = from;
            let mut steps = Vec::new();
            let mut failed = None;
            for &die in &order {
                match rules.step(current, occupancy, at, die) {
                    Ok((next, next_occupancy, landed)) => {
                        steps.push((die, landed));
                        current = next;
                        occupancy = next_occupancy;
                        at = landed;
                    }
                    Err(error) => {
                        failed = Some(self.explain(rules, error, at, die));
                        break;
                    }
                }
            }
            match failed {
                None => {
                    return Ok(Path { side: current, steps });
                }
                Some(error) => {
                    first_error.get_or_insert(error);
                }
            }
        }
        Err(first_error.unwrap_or_else(|| MoveFault::NoDieLeft {
            from,
            to,
            left: remaining.to_vec(),
        }))
    }

    /// Turns the person's segments into single-die steps in the order given, checking
    /// each step; says what is wrong with the first one that cannot be played.
    fn resolve_steps(
        &self,
        rules: &TurnRules,
        start: Side,
        mv: &NardyMove,
        dice: Dice,
    ) -> Result<NardyMove, MoveFault> {
        let seat = self.turn;
        let mut remaining: Vec<u32> = if dice.is_double() {
            vec![u32::from(dice.values()[0]); 4]
        } else {
            dice.values().iter().map(|&v| u32::from(v)).collect()
        };
        let mut side = start;
        let mut played = NardyMove::PASS;
        for &(from, to) in mv.steps() {
            let (from, to) = (u32::from(from), u32::from(to));
            if to != 0 && to >= from {
                return Err(MoveFault::Backwards { from, to });
            }
            if side.count(from) == 0 {
                return Err(MoveFault::NoChecker { seat, point: from });
            }
            if remaining.is_empty() {
                return Err(MoveFault::TooManySteps { played: *mv, dice });
            }
            let path = self.find_path(rules, side, from, to, &remaining)?;
            let mut at = from;
            for &(die, landed) in &path.steps {
                if let Some(i) = remaining.iter().position(|&d| d == die) {
                    remaining.swap_remove(i);
                }
                played = played.with_step(at, landed);
                at = landed;
            }
            side = path.side;
        }
        Ok(played)
    }

    fn explain(&self, rules: &TurnRules, error: StepError, from: u32, die: u32) -> MoveFault {
        let (seat, opponent) = (self.turn, 1 - self.turn);
        match error {
            StepError::NoChecker => MoveFault::NoChecker { seat, point: from },
            StepError::HeadUsed => MoveFault::HeadUsed {
                limit: rules.head_limit(),
            },
            StepError::Occupied(point) => MoveFault::Occupied {
                point,
                owner: opponent,
            },
            StepError::Block => MoveFault::Block { opponent },
            StepError::NotAllHome => MoveFault::NotAllHome { seat },
            StepError::HigherChecker(higher) => MoveFault::HigherChecker { die, from, higher },
        }
    }
}

struct Path {
    side: Side,
    /// (die, point landed on) per step.
    steps: Vec<(u32, u32)>,
}

/// Every ordering of distinct dice values drawn from `remaining` (as a multiset).
fn dice_orders(remaining: &[u32], prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    let mut tried = Vec::new();
    for (i, &die) in remaining.iter().enumerate() {
        if tried.contains(&die) {
            continue;
        }
        tried.push(die);
        prefix.push(die);
        out.push(prefix.clone());
        let mut rest = remaining.to_vec();
        rest.remove(i);
        dice_orders(&rest, prefix, out);
        prefix.pop();
    }
}

/// True if stepping from `from` by `order` lands exactly on `to`, or bears off on the
/// last die only when `to == 0`.
fn reaches(from: u32, to: u32, order: &[u32]) -> bool {
    let mut at = from as i64;
    for (i, &die) in order.iter().enumerate() {
        at -= i64::from(die);
        let last = i + 1 == order.len();
        if !last && at <= 0 {
            return false;
        }
    }
    if to == 0 { at <= 0 } else { at == i64::from(to) }
}
