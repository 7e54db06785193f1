//! What a microbes position string may not say: two pieces on one cell, both sides home,
//! a win that is not marked over, a roll-off after the pieces have moved.

use super::board::{BLACK, PIECES, Pieces, WHITE};
use super::{Microbes, PositionError, PositionFault, Stage};
use crate::core::Seat;

impl Microbes {
    /// Checks the invariants of a position read from text.
    pub(super) fn validate(&self) -> Result<(), PositionError> {
        let [white, black] = [WHITE, BLACK].map(|seat| self.pieces[seat].cells(seat));
        if white & black != 0 {
            let cell = (white & black).trailing_zeros() as u8;
            return Err(PositionFault::SharedCell { cell }.into());
        }
        let finished: Vec<Seat> = [WHITE, BLACK]
            .into_iter()
            .filter(|&seat| self.pieces[seat].home() == PIECES)
            .collect();
        match (finished.as_slice(), self.stage) {
            ([_, _, ..], _) => Err(PositionFault::BothHome.into()),
            ([_], Stage::Over) | ([], Stage::Roll | Stage::Move(_)) => Ok(()),
            ([winner], _) => Err(PositionFault::WonButNotOver { seat: *winner }.into()),
            ([], Stage::Over) => Err(PositionFault::OverWithoutWinner.into()),
            ([], Stage::RollOff(_)) if self.pieces != [Pieces::START; 2] => {
                Err(PositionFault::RollOffAfterStart.into())
            }
            ([], Stage::RollOff(_)) => Ok(()),
        }
    }
}
