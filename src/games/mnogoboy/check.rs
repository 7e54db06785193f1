//! Checking a Mnogoboy action against the point of the turn it is played at (taking the
//! first piece, exchanging before the roll, moving, the exchange after the move, the dot)
//! and saying what the rules allow instead.

use super::{BeforeRoll, Colour, Mnogoboy, MnogoboyMove, MoveFault, Stage, walk};
use crate::core::{PhaseMistake, PlayError};

impl Mnogoboy {
    /// Checks a move and returns it in the form [`Mnogoboy::apply`] plays.
    pub(super) fn check(&self, mv: &MnogoboyMove) -> Result<MnogoboyMove, PlayError<MoveFault>> {
        use MnogoboyMove::*;
        let seat = self.turn;
        match self.stage {
            Stage::Over => return Err(PhaseMistake::Over.into()),
            Stage::RollOff(_) => return Err(PhaseMistake::RollOff { to_roll: None }.into()),
            _ => {}
        }
        if let (Take(_), Some(piece)) = (mv, self.piece(seat)) {
            return Err(MoveFault::HasPiece {
                seat,
                colour: piece.colour,
            }
            .into());
        }
        match (self.stage, *mv) {
            (Stage::Take, Take(colour)) => {
                self.check_reserve(colour)?;
                Ok(*mv)
            }
            (Stage::Take, _) => Err(MoveFault::MustTake {
                seat,
                reserve: self.reserve_mask(),
            }
            .into()),
            (Stage::Roll { again }, Swap(colour)) => Ok(self.check_swap_before_roll(again, colour, mv)?),
            (Stage::Roll { .. }, _) => Err(PhaseMistake::RollFirst.into()),
            (Stage::Move { die }, Pass) => Ok(self.check_pass(die)?),
            (Stage::Move { die }, Advance(_) | AdvanceTo(_)) => Ok(self.check_advance(die, mv)?),
            (Stage::Move { die }, Swap(_)) => Err(MoveFault::MoveBeforeExchange { seat, die }.into()),
            (Stage::Exchange, Swap(colour)) => {
                self.check_reserve(colour)?;
                self.check_not_given_away(colour, self.exchange_mask())?;
                Ok(*mv)
            }
            (Stage::Exchange, Pass) => Ok(Pass),
            (Stage::Exchange, _) => Err(MoveFault::ExchangeOrPass {
                seat,
                colour: self.mover_piece().colour,
            }
            .into()),
            (Stage::Dot, Swap(colour)) => {
                if colour == self.mover_piece().colour {
                    return Err(MoveFault::DotSameColour { colour }.into());
                }
                self.check_reserve(colour)?;
                self.check_not_given_away(colour, self.dot_mask())?;
                Ok(*mv)
            }
            (Stage::Dot, _) => Err(MoveFault::DotExchange {
                piece: self.mover_piece(),
                choices: self.dot_mask(),
            }
            .into()),
            _ => Err(MoveFault::OutOfTurn.into()),
        }
    }

    /// An exchange before the roll: only once a turn, and not on an extra roll.
    fn check_swap_before_roll(
        &self,
        again: bool,
        colour: Colour,
        mv: &MnogoboyMove,
    ) -> Result<MnogoboyMove, MoveFault> {
        let seat = self.turn;
        if again {
            return Err(MoveFault::RollAgain { seat });
        }
        match self.before {
            BeforeRoll::Took => {
                return Err(MoveFault::JustTook {
                    seat,
                    colour: self.mover_piece().colour,
                });
            }
            BeforeRoll::Gave(given) => {
                return Err(MoveFault::ExchangedAlready {
                    seat,
                    given,
                    colour: self.mover_piece().colour,
                });
            }
            BeforeRoll::Nothing => {}
        }
        self.check_reserve(colour)?;
        Ok(*mv)
    }

    /// Passing after the roll: only when the roll cannot move the piece.
    fn check_pass(&self, die: u8) -> Result<MnogoboyMove, MoveFault> {
        if self.needs_six(self.turn) && die != 6 {
            return Ok(MnogoboyMove::Pass);
        }
        let mut moves = Vec::new();
        self.moves_for(die, &mut moves);
        Err(MoveFault::PassWithMoves {
            seat: self.turn,
            example: moves[0],
        })
    }

    fn check_advance(&self, die: u8, mv: &MnogoboyMove) -> Result<MnogoboyMove, MoveFault> {
        let piece = self.mover_piece();
        if self.needs_six(self.turn) && die != 6 {
            return Err(MoveFault::NeedsSix { piece, die });
        }
        let reach = self.destinations(die);
        let found = match *mv {
            MnogoboyMove::Advance(choice) => {
                let found = reach.iter().find(|&&(branch, _)| branch == choice);
                if found.is_none() {
                    let fork = walk(piece.field, die, None).err();
                    return Err(match (choice, fork) {
                        (None, Some(fork)) => MoveFault::PassesFork { die, fork, reach },
                        _ => MoveFault::Unreached {
                            die,
                            piece,
                            reach,
                            target: None,
                        },
                    });
                }
                found
            }
            MnogoboyMove::AdvanceTo(target) => {
                let found = reach.iter().find(|&&(_, to)| to == target);
                if found.is_none() {
                    return Err(MoveFault::Unreached {
                        die,
                        piece,
                        reach,
                        target: Some(target),
                    });
                }
                found
            }
            _ => None,
        };
        match found {
            Some(&(branch, _)) => Ok(MnogoboyMove::Advance(branch)),
            None => Err(MoveFault::NotAMove),
        }
    }

    fn check_reserve(&self, colour: Colour) -> Result<(), MoveFault> {
        match self.holder(colour) {
            Some(seat) if seat == self.turn => Err(MoveFault::OwnColour { seat, colour }),
            Some(holder) => Err(MoveFault::HeldByOther { colour, holder }),
            None => Ok(()),
        }
    }

    fn check_not_given_away(&self, colour: Colour, allowed: u8) -> Result<(), MoveFault> {
        if self.before == BeforeRoll::Gave(colour) && allowed & colour.bit() == 0 {
            return Err(MoveFault::GivenAway { colour });
        }
        Ok(())
    }
}
