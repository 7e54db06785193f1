//! Checking an Ur move as written: finding the one legal plan it means, or saying why
//! none fits (no such piece, the wrong distance, a blocked or guarded cell, a face or side
//! that does not match).

use super::board::Cell;
use super::movegen::Plan;
use super::{MoveFault, Step, Ur};

impl Ur {
    /// Finds the one legal plan a written step means, or says why there is none.
    pub(super) fn resolve(&self, step: &Step) -> Result<Plan, MoveFault> {
        let roll = self.stage.rolled().unwrap_or(0);
        let plans = self.plans();
        let chosen: Vec<usize> = (0..plans.len())
            .filter(|&i| self.matches(step, &plans[i]))
            .collect();
        match chosen.len() {
            1 => return Ok(plans[chosen[0]]),
            0 => {}
            _ => {
                let steps = self.steps_for(&plans);
                return Err(MoveFault::Ambiguous {
                    step: *step,
                    choices: chosen.iter().map(|&i| steps[i]).collect(),
                });
            }
        }
        Err(self.explain(step, roll))
    }

    /// Why no legal plan matches a written step.
    fn explain(&self, step: &Step, roll: u8) -> MoveFault {
        let seat = self.turn;
        let layout = self.layout;
        if roll == 0 {
            return MoveFault::ZeroRoll;
        }
        let origins: Vec<Option<u8>> = match step.from {
            None if self.armies[self.turn].reserve == 0 => {
                return MoveFault::NoReserve { seat };
            }
            None => vec![None],
            Some(cell) => layout
                .slots_at(self.turn, cell)
                .filter(|&s| self.armies[self.turn].counts[s as usize] > 0)
                .filter(|&s| step.face.is_none_or(|f| f == layout.marked(s)))
                .map(Some)
                .collect(),
        };
        if origins.is_empty()
            && let Some(cell) = step.from
        {
            return MoveFault::NoPiece {
                seat,
                face: step.face,
                cell,
            };
        }
        let judge = self.judge();
        let mut tried = Vec::new();
        for &origin in &origins {
            judge.attempts(origin, roll, &mut tried);
        }
        let to_cell = |p: &Plan| p.to.map(|s| layout.cell_of(self.turn, s));
        let fitting: Vec<_> = tried
            .iter()
            .filter(|(p, _)| to_cell(p) == step.to && step.via.is_none_or(|v| p.via == Some(v)))
            .collect();
        // Prefer the forward attempt's reason: it is what people usually meant.
        if let Some((_, Err(refusal))) = fitting.iter().find(|(p, _)| !p.backward).or(fitting.first()) {
            return MoveFault::Refused {
                seat,
                refusal: *refusal,
            };
        }
        let from = step.from;
        let Some(to) = step.to else {
            if let (Some(slot), Some(from)) = (origins[0], from) {
                let need = layout.path_len - layout.index(slot);
                return MoveFault::InexactBearOff { from, need, roll };
            }
            return MoveFault::EnterAndBearOff { roll };
        };
        if let Some(via) = step.via
            && tried.iter().any(|(p, _)| to_cell(p) == step.to)
        {
            return MoveFault::NotVia { from, via, to };
        }
        let mut reach: Vec<Option<Cell>> = tried
            .iter()
            .filter(|(p, _)| !p.backward)
            .map(|(p, _)| p.to.map(|s| layout.cell_of(self.turn, s)))
            .collect();
        reach.dedup();
        if reach.is_empty() {
            MoveFault::CannotMove { roll, from }
        } else {
            MoveFault::OtherTarget {
                roll,
                from,
                reach,
                to,
            }
        }
    }
}
