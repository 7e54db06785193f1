//! What a Mnogoboy position string may not say: two seats on one piece, a finished game
//! that is not marked over, seats that took their first piece out of turn order, a stage of
//! the turn that does not fit where the mover's piece stands.

use super::{
    BeforeRoll, Cell, FINISH, Mnogoboy, PositionError, PositionFault, START, Stage, cell, field_colour,
};
use crate::core::{RollOff, Seat};

impl Mnogoboy {
    /// Checks everything a position string could get wrong; see [`text`].
    pub(super) fn validate(&self) -> Result<(), PositionError> {
        self.validate_one_seat_per_piece()?;
        self.validate_finish()?;
        if let Stage::RollOff(roll_off) = self.stage {
            return self.validate_rolloff(roll_off);
        }
        let seat = self.turn;
        if self.piece(seat).is_none() && self.stage != Stage::Take {
            return Err(PositionFault::NoPieceMustTake { seat }.into());
        }
        self.validate_first_pieces()?;
        if let BeforeRoll::Gave(colour) = self.before
            && self.holder(colour).is_some()
        {
            return Err(PositionFault::GivenAwayNotInReserve { seat, colour }.into());
        }
        self.validate_stage()
    }

    /// No two seats control the same piece.
    fn validate_one_seat_per_piece(&self) -> Result<(), PositionError> {
        let mut seen = 0u8;
        for seat in 0..self.seats {
            if let Some(piece) = self.piece(seat) {
                if seen & piece.colour.bit() != 0 {
                    return Err(PositionFault::PieceControlledTwice { colour: piece.colour }.into());
                }
                seen |= piece.colour.bit();
            }
        }
        Ok(())
    }

    /// A piece on F and turn=over go together, and a finished game has nothing before.
    fn validate_finish(&self) -> Result<(), PositionError> {
        let at_finish: Vec<Seat> = (0..self.seats)
            .filter(|&s| self.piece(s).is_some_and(|p| p.field == FINISH))
            .collect();
        match (self.stage, at_finish.len()) {
            (Stage::Over, 1) => {}
            (Stage::Over, on_finish) => {
                return Err(PositionFault::OverWithoutOneOnFinish { on_finish }.into());
            }
            (_, 0) => {}
            (_, _) => {
                return Err(PositionFault::OnFinishNotOver { seat: at_finish[0] }.into());
            }
        }
        if self.stage == Stage::Over && self.before != BeforeRoll::Nothing {
            return Err(PositionFault::BeforeAfterOver { before: self.before }.into());
        }
        Ok(())
    }

    /// Seats get their first piece in turn order, so the seats still without one follow
    /// on from the seat to act (or are it, when it is taking), and the seat to act is in
    /// its own first turn.
    fn validate_first_pieces(&self) -> Result<(), PositionError> {
        let first_missing = if self.stage == Stage::Take {
            self.turn
        } else {
            (self.turn + 1) % self.seats
        };
        let missing = (0..self.seats).filter(|&s| self.piece(s).is_none()).count();
        for k in 0..missing {
            let seat = (first_missing + k) % self.seats;
            if self.piece(seat).is_some() {
                return Err(PositionFault::FirstPieceOutOfOrder {
                    turn: self.turn,
                    holder: seat,
                    without: (0..self.seats)
                        .map(|k| (first_missing + k) % self.seats)
                        .find(|&s| self.piece(s).is_none())
                        .unwrap_or(seat),
                }
                .into());
            }
        }
        let in_turn = !matches!(self.stage, Stage::Take | Stage::Over);
        if missing > 0 && in_turn && self.before != BeforeRoll::Took {
            return Err(PositionFault::FirstTurnNotTaken {
                turn: self.turn,
                without: first_missing,
            }
            .into());
        }
        Ok(())
    }

    /// The stage of the turn fits where the mover's piece stands.
    fn validate_stage(&self) -> Result<(), PositionError> {
        let seat = self.turn;
        let Some(piece) = self.piece(seat) else {
            return match self.before {
                BeforeRoll::Nothing => Ok(()),
                before => Err(PositionFault::BeforeWithoutPiece { seat, before }.into()),
            };
        };
        let fault = match self.stage {
            Stage::Take => PositionFault::TakeWithPiece {
                seat,
                colour: piece.colour,
            },
            Stage::Roll { again: false } if self.before == BeforeRoll::Took && piece.field != START => {
                PositionFault::TookNotOnStart { seat, piece }
            }
            Stage::Roll { again: true } if field_colour(piece.field) != Some(piece.colour) => {
                PositionFault::AgainOffOwnColour { seat, piece }
            }
            Stage::Exchange
                if piece.field == START
                    || field_colour(piece.field) == Some(piece.colour)
                    || cell(piece.field) == Cell::Dot =>
            {
                PositionFault::ExchangeWithoutTurnEnd { seat, piece }
            }
            Stage::Exchange if self.exchange_mask() == 0 => PositionFault::ExchangeWithoutReserve { seat },
            Stage::Dot if cell(piece.field) != Cell::Dot => PositionFault::DotOffDot { seat, piece },
            _ => return Ok(()),
        };
        Err(fault.into())
    }

    fn validate_rolloff(&self, roll_off: RollOff) -> Result<(), PositionError> {
        if let Some(seat) = (0..self.seats).find(|&s| self.piece(s).is_some()) {
            return Err(PositionFault::PieceDuringRollOff { seat }.into());
        }
        if self.before != BeforeRoll::Nothing {
            return Err(PositionFault::BeforeDuringRollOff { before: self.before }.into());
        }
        if self.turn != roll_off.to_roll() {
            return Err(PositionFault::RollOffOutOfOrder {
                turn: self.turn,
                to_roll: roll_off.to_roll(),
            }
            .into());
        }
        Ok(())
    }
}
