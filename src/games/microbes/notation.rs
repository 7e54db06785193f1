//! Microbes's [`Notation`]: its moves, boards and position strings as text, through
//! the parsers and writers of its text and render modules.

use super::*;
use crate::core::Notation;

impl Notation for Microbes {
    shared::notation_from_files!();

    fn describe_move(&self, mv: &MicrobesMove) -> String {
        let short = text::format_move(mv);
        let Some(die) = self.die() else {
            return short;
        };
        let turn = self.mover();
        let (from, to, eats, cut_short) = match *mv {
            MicrobesMove::Pass => return short,
            MicrobesMove::Enter => match turn.enter(die) {
                Ok(eats) => (None, 0, eats, false),
                Err(_) => return short,
            },
            MicrobesMove::Piece(cell) => match turn.mine.index_on(self.turn, cell).map(|i| turn.walk(i, die))
            {
                Some(Ok(walk)) => (Some(walk.from), walk.to, walk.eats, walk.cut_short),
                _ => return short,
            },
        };
        let target = cell_name(cell_of(self.turn, to));
        // A piece that eats stops on the eaten piece's cell, so that cell says both.
        let mut notes = vec![if eats {
            format!("eats {target}")
        } else {
            format!("-> {target}")
        }];
        if cut_short {
            notes.push("cut short".into());
        }
        if to >= HOME && from.is_some_and(|from| from < HOME) {
            notes.push("home".into());
        }
        format!("{short} ({})", notes.join(", "))
    }

    fn narrate(&self, before: &Microbes) -> Vec<String> {
        let mut lines = Vec::new();
        let Some(die) = before.die() else {
            return lines;
        };
        let mover = before.turn;
        let me = SEAT_NAMES[mover];
        // The move's description names the cell it went to and what it ate; only the
        // running count of pieces home is new here.
        let home_after = self.pieces[mover].home();
        if home_after > before.pieces[mover].home() && !self.stage.is_over() {
            lines.push(format!("{me} has {home_after} of 4 pieces home"));
        }
        match self.stage {
            Stage::Over => lines.push(format!("{me} wins: all four pieces are home")),
            Stage::Roll if self.turn == mover && die == 6 => {
                lines.push(format!("a 6: {me} has another roll"))
            }
            _ => {}
        }
        lines
    }
}
