//! Aeroplane Chess's [`Notation`]: its moves, boards and position strings as text, through
//! the parsers and writers of its text and render modules.

use super::*;
use crate::core::Notation;

impl Notation for Aeroplane {
    shared::notation_from_files!();

    fn describe_move(&self, mv: &AeroMove) -> String {
        let notation = text::format_move(mv);
        if self.stage.rolled().is_none() || self.check(mv).is_err() {
            return notation;
        }
        let mover = self.turn;
        match *mv {
            AeroMove::Pass if self.third_six() => format!(
                "pass (third 6 in a row: {} go back to the hangar)",
                match self.moved {
                    0 => "no planes".to_string(),
                    mask => self.names(mover, mask),
                }
            ),
            AeroMove::Pass => notation,
            AeroMove::Launch => format!(
                "launch ({} to the launch area)",
                self.first_in_hangar(mover)
                    .map(|p| plane_name(self.colour(mover), p))
                    .unwrap_or_default()
            ),
            AeroMove::Plane { plane, .. } => {
                let plane = usize::from(plane);
                let Some(trace) = self.trace_of(plane) else {
                    return notation;
                };
                let piece = self.piece(mover, plane);
                // A stack names its other planes; the plane itself is the notation.
                let others = piece & !(1 << plane);
                let with = if others == 0 {
                    String::new()
                } else {
                    format!("with {}: ", self.names(mover, others).replace(", ", " and "))
                };
                let from = self.place_name(mover, trace.from);
                let mut to = self.place_name(mover, if trace.bounced { CENTRE } else { trace.landed });
                if from.starts_with("square ") {
                    to = to.replace("square ", "");
                }
                let mut parts = vec![format!("{with}{from} -> {to}")];
                parts.extend(self.events(mover, &trace, &self.captures(mover, &trace)));
                format!("{notation} ({})", parts.join(", "))
            }
        }
    }

    fn render_compact(&self) -> String {
        render::compact(self)
    }

    fn narrate(&self, before: &Aeroplane) -> Vec<String> {
        let mut lines = Vec::new();
        if before.in_rolloff() {
            return lines;
        }
        let mover = before.turn;
        let name = before.seat_name(mover);
        let Some(mv) = self.played_from(before) else {
            return lines;
        };
        let roll = before.stage.rolled().unwrap_or(0);
        match mv {
            AeroMove::Pass if before.third_six() => {
                let sent = before.moved & !before.planes_at(mover, CENTRE);
                lines.push(format!(
                    "{name} rolled a third 6 in a row: {}; the turn passes to {}",
                    if sent == 0 {
                        "no plane moved with the first two goes back".to_string()
                    } else {
                        format!("{} go back to the hangar", before.names(mover, sent))
                    },
                    self.seat_name(self.turn)
                ));
                return lines;
            }
            AeroMove::Pass => {}
            AeroMove::Launch => {}
            AeroMove::Plane { plane, .. } => {
                let plane = usize::from(plane);
                if let Some(trace) = before.trace_of(plane) {
                    // The move's description already tells its jumps, flights and captures.
                    let piece = before.piece(mover, plane);
                    let who = before.stack_name(mover, piece);
                    let joined = before.piece_at(mover, trace.end) & !piece;
                    if joined != 0 && trace.end != CENTRE {
                        lines.push(format!(
                            "{} and {} now fly as one stack",
                            who,
                            before.names(mover, joined)
                        ));
                    }
                    if trace.end == CENTRE {
                        let home = self.planes[mover].iter().filter(|&&at| at == CENTRE).count();
                        lines.push(format!("{who} reached the centre ({home} of 4 home)"));
                    }
                }
            }
        }
        if self.finished.len() > before.finished.len() {
            let place = self.finished.len();
            lines.push(format!(
                "{name} has all four planes in the centre: {}",
                describe::ordinal_place(place)
            ));
        }
        // The end of the game is told by whoever shows the outcome (the REPL's
        // `game over:` line), as in every game.
        if !self.stage.is_over() && roll == 6 && self.phase() == Phase::Roll(mover) {
            lines.push(format!("{name} rolled a 6 and has another roll"));
        }
        lines
    }
}
