//! Long Nardy's [`Notation`]: its moves, boards and position strings as text, through
//! the parsers and writers of its text and render modules.

use super::*;
use crate::core::Notation;

impl Notation for Nardy {
    shared::notation_from_files!();

    fn narrate(&self, before: &Nardy) -> Vec<String> {
        let mut lines = Vec::new();
        for seat in [WHITE, BLACK] {
            let gained = self.score[seat].saturating_sub(before.score[seat]);
            if gained > 0 && !self.stage.is_over() {
                lines.push(format!(
                    "{} wins the game with {}; score white {}, black {} (match to {}); {} starts the next game",
                    SEAT_NAMES[seat],
                    WinKind::from_points(gained).describe(),
                    self.score[WHITE],
                    self.score[BLACK],
                    self.rules.match_to,
                    SEAT_NAMES[self.turn]
                ));
            }
        }
        lines
    }
}
