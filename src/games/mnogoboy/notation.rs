//! Mnogoboy's [`Notation`]: its moves, boards and position strings as text, through
//! the parsers and writers of its text and render modules.

use super::*;
use crate::core::Notation;

impl Notation for Mnogoboy {
    shared::notation_from_files!();

    fn describe_move(&self, mv: &MnogoboyMove) -> String {
        let notation = text::format_move(mv);
        let piece = self.piece(self.turn);
        let detail = match (*mv, piece) {
            (MnogoboyMove::Take(colour), _) => format!("{colour} starts on S"),
            (MnogoboyMove::Swap(colour), Some(p)) => {
                let mut text = format!("{} to the reserve, {colour} on {}", p.colour, field_name(p.field));
                match field_colour(p.field) {
                    Some(c) if c == colour => text.push_str(": no six needed"),
                    Some(c) => text.push_str(&format!(": on {c}, needs a six")),
                    None => {}
                }
                text
            }
            (MnogoboyMove::Pass, Some(p)) => match self.stage {
                Stage::Move { .. } => "a six was needed: the turn is lost".to_string(),
                _ => format!("keep {} and end the turn", p.colour),
            },
            (MnogoboyMove::Advance(_) | MnogoboyMove::AdvanceTo(_), Some(p)) => {
                let mut after = self.clone();
                after.apply(mv);
                let to = after.piece(self.turn).map_or(p.field, |q| q.field);
                let effect = match after.stage {
                    Stage::Over => Some("wins".to_string()),
                    Stage::Roll { again: true } => Some("its own colour: another roll".to_string()),
                    Stage::Dot => Some("the dot: it must be exchanged".to_string()),
                    _ => field_colour(to)
                        .filter(|&c| c != p.colour)
                        .map(|c| format!("{c} field: needs a six")),
                };
                let walk = format!("{} {} -> {}", p.colour, field_name(p.field), field_name(to));
                match effect {
                    Some(effect) => format!("{walk}, {effect}"),
                    None => walk,
                }
            }
            _ => return notation,
        };
        format!("{notation} ({detail})")
    }

    fn narrate(&self, before: &Mnogoboy) -> Vec<String> {
        let mut lines = Vec::new();
        let mover = before.turn;
        let who = self.name(mover);
        match (before.stage, self.stage) {
            (Stage::Roll { .. }, Stage::Move { die }) if self.needs_six(mover) && die != 6 => {
                lines.push(format!("{who} needs a six and rolled {die}: the turn is lost"));
            }
            (Stage::Move { .. }, _) => {
                let Some(piece) = self.piece(mover) else {
                    return lines;
                };
                if before.piece(mover) == Some(piece) {
                    return lines;
                }
                // The move's description says where it landed and what that field does;
                // only the end of the game is worth a line of its own.
                if self.stage == Stage::Over {
                    lines.push(format!("{who} brings {} to F and wins", piece.colour));
                }
            }
            _ => {}
        }
        lines
    }
}
