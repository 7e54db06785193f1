//! Checking an Ur move as written: finding the one legal plan it means, or saying why
//! none fits (no such piece, the wrong distance, a blocked or guarded cell, a face or side
//! that does not match).

use super::board::cell_name;
use super::movegen::Plan;
use super::{SEAT_NAMES, Step, Ur, text};
use crate::core::IllegalMove;

impl Ur {
    /// Finds the one legal plan a written step means, or says why there is none.
    pub(super) fn resolve(&self, step: &Step) -> Result<Plan, IllegalMove> {
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
                let texts: Vec<String> = chosen.iter().map(|&i| text::format_step(&steps[i])).collect();
                return Err(IllegalMove(format!(
                    "{} means more than one move here: write {}",
                    text::format_step(step),
                    texts.join(" or ")
                )));
            }
        }
        Err(IllegalMove(self.explain(step, roll)))
    }

    /// Why no legal plan matches a written step.
    fn explain(&self, step: &Step, roll: u8) -> String {
        let me = SEAT_NAMES[self.turn];
        let layout = self.layout;
        if roll == 0 {
            return "a roll of 0 moves nothing: pass".to_string();
        }
        let origins: Vec<Option<u8>> = match step.from {
            None if self.armies[self.turn].reserve == 0 => {
                return format!("{me} has no piece in reserve");
            }
            None => vec![None],
            Some(cell) => layout
                .slots_at(self.turn, cell)
                .filter(|&s| self.armies[self.turn].counts[s as usize] > 0)
                .filter(|&s| step.face.is_none_or(|f| f == layout.marked(s)))
                .map(Some)
                .collect(),
        };
        if origins.is_empty() {
            let face = match step.face {
                Some(true) => "marked ",
                Some(false) => "blank ",
                None => "",
            };
            let cell = step.from.map(cell_name).unwrap_or_default();
            return format!("there is no {face}{me} piece on {cell}");
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
            return refusal.explain(self.turn);
        }
        let from = step.from.map_or("the reserve".to_string(), cell_name);
        let piece = if step.from.is_none() {
            "a piece entering".to_string()
        } else {
            format!("the piece on {from}")
        };
        if step.to.is_none() {
            if let Some(slot) = origins[0] {
                let need = layout.path_len - layout.index(slot);
                return format!("bearing off from {from} needs exactly {need}, not {roll}");
            }
            return format!("a piece cannot enter and bear off with one roll of {roll}");
        }
        if step.via.is_some() && tried.iter().any(|(p, _)| to_cell(p) == step.to) {
            return format!(
                "{} does not pass {} on its way to {}",
                piece,
                step.via.map(cell_name).unwrap_or_default(),
                step.to.map(cell_name).unwrap_or_default()
            );
        }
        let mut reach: Vec<String> = tried
            .iter()
            .filter(|(p, _)| !p.backward)
            .map(|(p, _)| {
                p.to.map_or("off".to_string(), |s| cell_name(layout.cell_of(self.turn, s)))
            })
            .collect();
        reach.dedup();
        let target = step.to.map(cell_name).unwrap_or_default();
        if reach.is_empty() {
            format!("with a {roll} {piece} cannot move forward (bearing off needs the exact roll)")
        } else {
            format!(
                "with a {roll} {piece} goes to {}, not {target}",
                reach.join(" or ")
            )
        }
    }
}
