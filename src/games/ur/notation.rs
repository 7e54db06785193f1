//! The Royal Game of Ur's [`Notation`]: its moves, boards and position strings as text, through
//! the parsers and writers of its text and render modules.

use super::*;
use crate::core::Notation;

impl Notation for Ur {
    shared::notation_from_files!();

    fn describe_move(&self, mv: &UrMove) -> String {
        let written = text::format_move(mv);
        let UrMove::Step(step) = mv else {
            return format!("{written} (no piece can move)");
        };
        let Some(plan) = self.plans().into_iter().find(|p| self.matches(step, p)) else {
            return written;
        };
        let layout = self.layout;
        let mut notes = Vec::new();
        if layout.is_city() {
            // The face is said only where it tells two pieces apart (the notation then
            // names it: h1m-h2); elsewhere it is on the board and adds nothing.
            if plan.backward {
                notes.push("backward".to_string());
            }
            let was_marked = self.face_of(&plan);
            if !was_marked && plan.end().is_none_or(|s| layout.marked(s)) {
                let lands = plan.end().is_some_and(|s| layout.index(s) == board::CITY_WHITE);
                let verb = if lands { "lands on" } else { "passes" };
                notes.push(format!("{verb} h2: turns marked"));
            }
        }
        if let Some(slot) = plan.capture {
            notes.push(format!(
                "captures {}",
                cell_name(layout.cell_of(1 - self.turn, slot))
            ));
        }
        if let Some(slot) = plan.retreat {
            notes.push(format!(
                "retreats to {}",
                cell_name(layout.cell_of(self.turn, slot))
            ));
        }
        if let Some(slot) = plan.end()
            && layout.is_city()
            && (board::CITY_ENTRY..=board::CITY_EXIT).contains(&layout.index(slot))
        {
            let next = layout.index(slot) + 1;
            let next_slot = board::city_slot(next, board::city_via3(slot));
            notes.push(format!(
                "next cell {}",
                cell_name(layout.cell_of(self.turn, next_slot))
            ));
        }
        if plan.end().is_none() {
            notes.push("bears off".to_string());
        }
        if plan.extra {
            notes.push("another roll".to_string());
        }
        if notes.is_empty() {
            written
        } else {
            format!("{written} ({})", notes.join(", "))
        }
    }

    fn narrate(&self, before: &Ur) -> Vec<String> {
        let mut lines = Vec::new();
        let mover = before.turn;
        let name = SEAT_NAMES[mover];
        if before.stage.rolled().is_none() {
            return lines;
        }
        let layout = self.layout;
        if self.armies == before.armies {
            // A pass: the session already says so.
            return lines;
        }
        // The move's description says what it captured, whether it turned marked side up
        // and whether it bore off; only the running count is new here.
        if self.armies[mover].off > before.armies[mover].off && !self.stage.is_over() {
            lines.push(format!(
                "{name} has {} of {} pieces off",
                self.armies[mover].off, layout.pieces
            ));
        }
        if self.stage.is_over() {
            lines.push(format!("{name} bears off the last piece and wins the game"));
        }
        lines
    }
}
