//! What an Ur position string may not say: pieces missing, a cell crowded or of mixed
//! faces, a finished game not marked over, a roll-off where the rule set has none.

use super::board::{self, Cell};
use super::{DARK, LIGHT, PositionError, PositionFault, Stage, Ur, movegen};
use crate::core::Seat;

impl Ur {
    /// Checks the position's invariants; used after parsing a position string.
    pub(super) fn validate(&self) -> Result<(), PositionError> {
        let layout = self.layout;
        for seat in [LIGHT, DARK] {
            let total = self.armies[seat].total();
            if total != u32::from(layout.pieces) {
                return Err(PositionFault::PieceCount {
                    seat,
                    total,
                    pieces: layout.pieces,
                    rules: layout.rules,
                }
                .into());
            }
        }
        let occ = movegen::occupancy(layout, &self.armies);
        for (cell, here) in occ.iter().enumerate() {
            let cell = cell as Cell;
            let count: u8 = here.iter().flatten().sum();
            match layout.kind(cell) {
                board::Kind::Green => {}
                board::Kind::FourEyes if here[0][0] + here[1][0] > 0 && here[0][1] + here[1][1] > 0 => {
                    return Err(PositionFault::MixedFaces { cell }.into());
                }
                board::Kind::FourEyes => {}
                _ if count > 1 => {
                    return Err(PositionFault::Crowded {
                        cell,
                        count,
                        rules: layout.rules,
                    }
                    .into());
                }
                _ => {}
            }
        }
        let finished: Vec<Seat> = [LIGHT, DARK]
            .into_iter()
            .filter(|&s| self.armies[s].off == layout.pieces)
            .collect();
        match (finished.len(), self.stage) {
            (2, _) => Err(PositionFault::BothBorneOff.into()),
            (1, Stage::Over) => Ok(()),
            (1, _) => Err(PositionFault::WonButNotOver { seat: finished[0] }.into()),
            (_, Stage::Over) => Err(PositionFault::OverWithoutWinner.into()),
            (_, Stage::RollOff(_)) if !layout.is_city() => {
                Err(PositionFault::NoRollOff { rules: layout.rules }.into())
            }
            (_, Stage::RollOff(_)) if self.armies.iter().any(|a| a.reserve != layout.pieces) => {
                Err(PositionFault::RollOffAfterEntry.into())
            }
            _ => Ok(()),
        }
    }
}
