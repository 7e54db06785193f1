//! What a Mnogoboy position string may not say: two seats on one piece, a finished game
//! that is not marked over, seats that took their first piece out of turn order, a stage of
//! the turn that does not fit where the mover's piece stands.

use super::{
    BeforeRoll, Cell, FINISH, Mnogoboy, PositionError, START, Stage, cell, field_colour, field_name,
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
        let me = self.name(self.turn);
        if self.piece(self.turn).is_none() && self.stage != Stage::Take {
            return Err(PositionError::rules(format!(
                "{me} has no piece: the turn can only be {me}:take"
            )));
        }
        self.validate_first_pieces()?;
        if let BeforeRoll::Gave(colour) = self.before
            && self.holder(colour).is_some()
        {
            return Err(PositionError::rules(format!(
                "before={} says {me} gave {colour} away this turn, but {colour} is not in the reserve",
                colour.letter()
            )));
        }
        self.validate_stage()
    }

    /// No two seats control the same piece.
    fn validate_one_seat_per_piece(&self) -> Result<(), PositionError> {
        let mut seen = 0u8;
        for seat in 0..self.seats {
            if let Some(piece) = self.piece(seat) {
                if seen & piece.colour.bit() != 0 {
                    return Err(PositionError::rules(format!(
                        "two seats control the {} piece; there is one piece of each colour",
                        piece.colour
                    )));
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
            (Stage::Over, _) => {
                return Err(PositionError::rules(
                    "turn=over needs exactly one piece on F (the winner's)".into(),
                ));
            }
            (_, 0) => {}
            (_, _) => {
                return Err(PositionError::rules(format!(
                    "{} stands on F, so the game is over (write turn=over)",
                    self.name(at_finish[0])
                )));
            }
        }
        if self.stage == Stage::Over && self.before != BeforeRoll::Nothing {
            return Err(PositionError::rules(
                "the game is over, so before= must be -".into(),
            ));
        }
        Ok(())
    }

    /// Seats get their first piece in turn order, so the seats still without one follow
    /// on from the seat to act (or are it, when it is taking), and the seat to act is in
    /// its own first turn.
    fn validate_first_pieces(&self) -> Result<(), PositionError> {
        let me = self.name(self.turn);
        let first_missing = if self.stage == Stage::Take {
            self.turn
        } else {
            (self.turn + 1) % self.seats
        };
        let missing = (0..self.seats).filter(|&s| self.piece(s).is_none()).count();
        for k in 0..missing {
            let seat = (first_missing + k) % self.seats;
            if self.piece(seat).is_some() {
                return Err(PositionError::rules(format!(
                    "seats take their first piece in turn order, so with {me} to act {} cannot have a piece while {} has none",
                    self.name(seat),
                    self.name((first_missing + missing - 1) % self.seats)
                )));
            }
        }
        let in_turn = !matches!(self.stage, Stage::Take | Stage::Over);
        if missing > 0 && in_turn && self.before != BeforeRoll::Took {
            return Err(PositionError::rules(format!(
                "{} has no piece yet, so {me} must be in its first turn (before=take)",
                self.name(first_missing)
            )));
        }
        Ok(())
    }

    /// The stage of the turn fits where the mover's piece stands.
    fn validate_stage(&self) -> Result<(), PositionError> {
        let bad = |text: String| Err(PositionError::rules(text));
        let me = self.name(self.turn);
        let Some(piece) = self.piece(self.turn) else {
            return match self.before {
                BeforeRoll::Nothing => Ok(()),
                _ => bad(format!("{me} has no piece yet, so before= must be -")),
            };
        };
        match self.stage {
            Stage::Take => bad(format!(
                "{me} already controls {}, so it cannot take one",
                piece.colour
            )),
            Stage::Roll { again: false } if self.before == BeforeRoll::Took && piece.field != START => bad(
                format!("before=take and {me} has not rolled yet, so its piece must stand on S"),
            ),
            Stage::Roll { again: true } if field_colour(piece.field) != Some(piece.colour) => bad(format!(
                "{me}:again is an extra roll after landing on the own colour, but {} stands on {}",
                piece.colour,
                field_name(piece.field)
            )),
            Stage::Exchange
                if piece.field == START
                    || field_colour(piece.field) == Some(piece.colour)
                    || cell(piece.field) == Cell::Dot =>
            {
                bad(format!(
                    "{me}:exchange follows a move that ends the turn, but {} on {} would not end it",
                    piece.colour,
                    field_name(piece.field)
                ))
            }
            Stage::Exchange if self.exchange_mask() == 0 => bad(format!(
                "{me}:exchange needs a reserve piece other than the one given away"
            )),
            Stage::Dot if cell(piece.field) != Cell::Dot => bad(format!(
                "{me}:dot is the exchange after landing on a dot, but {} stands on {}",
                piece.colour,
                field_name(piece.field)
            )),
            _ => Ok(()),
        }
    }

    fn validate_rolloff(&self, roll_off: RollOff) -> Result<(), PositionError> {
        let bad = |text: &str| {
            Err(PositionError::rules(format!(
                "{text}; during the roll-off nobody has a piece, before=- and rolloff= lists each seat's roll this round (- still to roll, x out), like p1=- p2=- p3=- turn=p2:rolloff before=- rolloff=4,-,-"
            )))
        };
        if (0..self.seats).any(|s| self.piece(s).is_some()) {
            return bad("a seat has a piece during the roll-off");
        }
        if self.before != BeforeRoll::Nothing {
            return bad("before= is not -");
        }
        if self.turn != roll_off.to_roll() {
            return bad("seats roll in seat order: the one to roll is the first still to roll");
        }
        Ok(())
    }
}
