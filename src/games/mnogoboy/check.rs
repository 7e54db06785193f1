//! Checking a Mnogoboy action against the point of the turn it is played at (taking the
//! first piece, exchanging before the roll, moving, the exchange after the move, the dot)
//! and saying what the rules allow instead.

use super::{
    BeforeRoll, Branch, Colour, FINISH, Mnogoboy, MnogoboyMove, Stage, field_colour, field_name, text, walk,
};
use crate::core::{IllegalMove, PlayError, WrongPhase};

impl Mnogoboy {
    /// Checks a move and returns it in the form [`Mnogoboy::apply`] plays.
    pub(super) fn check(&self, mv: &MnogoboyMove) -> Result<MnogoboyMove, PlayError> {
        use MnogoboyMove::*;
        let me = self.name(self.turn);
        match self.stage {
            Stage::Over => return Err(WrongPhase("the game is over".into()).into()),
            Stage::RollOff(_) => {
                return Err(WrongPhase("roll first: the roll-off decides who starts".into()).into());
            }
            _ => {}
        }
        if let (Take(_), Some(piece)) = (mv, self.piece(self.turn)) {
            return Err(IllegalMove(format!(
                "{me} already controls {}; take is only for choosing the first piece",
                piece.colour
            ))
            .into());
        }
        let illegal = |text: String| -> Result<MnogoboyMove, PlayError> { Err(IllegalMove(text).into()) };
        match (self.stage, *mv) {
            (Stage::Take, Take(colour)) => {
                self.check_reserve(colour)?;
                Ok(*mv)
            }
            (Stage::Take, _) => illegal(format!(
                "{me} has no piece yet and must take one from the reserve first ({})",
                Mnogoboy::colour_list(self.reserve_mask(), "take")
            )),
            (Stage::Roll { again }, Swap(colour)) => self.check_swap_before_roll(again, colour, mv),
            (Stage::Roll { .. }, _) => Err(WrongPhase("roll first".into()).into()),
            (Stage::Move { die }, Pass) => self.check_pass(die),
            (Stage::Move { die }, Advance(_) | AdvanceTo(_)) => self.check_advance(die, mv),
            (Stage::Move { die }, Swap(_)) => illegal(format!(
                "{me} rolled a {die} and must move first: the exchange after the roll comes after the move"
            )),
            (Stage::Exchange, Swap(colour)) => {
                self.check_reserve(colour)?;
                self.check_not_given_away(colour, self.exchange_mask())?;
                Ok(*mv)
            }
            (Stage::Exchange, Pass) => Ok(Pass),
            (Stage::Exchange, _) => illegal(format!(
                "{me} has moved: exchange with swap COLOUR, or pass to keep {} and end the turn",
                self.mover_piece().colour
            )),
            (Stage::Dot, Swap(colour)) => {
                let piece = self.mover_piece();
                if colour == piece.colour {
                    return illegal(format!(
                        "{colour} landed on a dot and must be exchanged for another colour"
                    ));
                }
                self.check_reserve(colour)?;
                self.check_not_given_away(colour, self.dot_mask())?;
                Ok(*mv)
            }
            (Stage::Dot, _) => {
                let piece = self.mover_piece();
                illegal(format!(
                    "{} landed on the dot at {} and must be exchanged: {}",
                    piece.colour,
                    piece.field,
                    Mnogoboy::colour_list(self.dot_mask(), "swap")
                ))
            }
            _ => illegal("that move does not fit this point of the turn".into()),
        }
    }

    /// An exchange before the roll: only once a turn, and not on an extra roll.
    fn check_swap_before_roll(
        &self,
        again: bool,
        colour: Colour,
        mv: &MnogoboyMove,
    ) -> Result<MnogoboyMove, PlayError> {
        let me = self.name(self.turn);
        let illegal = |text: String| -> Result<MnogoboyMove, PlayError> { Err(IllegalMove(text).into()) };
        if again {
            return illegal(format!(
                "{me} landed on its own colour and must roll again at once: no exchange now"
            ));
        }
        match self.before {
            BeforeRoll::Took => {
                return illegal(format!(
                    "{me} has just taken {} and rolls now",
                    self.mover_piece().colour
                ));
            }
            BeforeRoll::Gave(given) => {
                return illegal(format!(
                    "{me} already exchanged {given} for {} before this roll; roll now",
                    self.mover_piece().colour
                ));
            }
            BeforeRoll::Nothing => {}
        }
        self.check_reserve(colour)?;
        Ok(*mv)
    }

    /// Passing after the roll: only when the roll cannot move the piece.
    fn check_pass(&self, die: u8) -> Result<MnogoboyMove, PlayError> {
        if self.needs_six(self.turn) && die != 6 {
            return Ok(MnogoboyMove::Pass);
        }
        let mut moves = Vec::new();
        self.moves_for(die, &mut moves);
        Err(IllegalMove(format!(
            "{} can move, so passing is not allowed (for example {})",
            self.name(self.turn),
            text::format_move(&moves[0])
        ))
        .into())
    }

    fn check_advance(&self, die: u8, mv: &MnogoboyMove) -> Result<MnogoboyMove, PlayError> {
        let piece = self.mover_piece();
        let from = piece.field;
        if self.needs_six(self.turn) && die != 6 {
            return Err(IllegalMove(format!(
                "{} stands on a {} field ({from}): only a 6 moves it, and the roll is {die}; pass",
                piece.colour,
                field_colour(from).map_or("coloured", Colour::name)
            ))
            .into());
        }
        let options = self.destinations(die);
        let reachable = || -> String {
            let words: Vec<String> = options
                .iter()
                .map(|&(branch, to)| match branch {
                    Some(b) => format!("{} ({})", field_name(to), b.name()),
                    None => field_name(to),
                })
                .collect();
            words.join(" or ")
        };
        let found = match *mv {
            MnogoboyMove::Advance(choice) => {
                let found = options.iter().find(|&&(branch, _)| branch == choice);
                if found.is_none() {
                    let fork = walk(from, die, None).err();
                    let text = match (choice, fork) {
                        (None, Some(fork)) => format!(
                            "the {die} passes the fork at {fork}: write {}",
                            options
                                .iter()
                                .map(|&(b, to)| format!(
                                    "move {} (to {})",
                                    b.map_or("", Branch::name),
                                    field_name(to)
                                ))
                                .collect::<Vec<_>>()
                                .join(" or ")
                        ),
                        _ => format!(
                            "the {die} takes {} from {} to {} without passing a fork: write move",
                            piece.colour,
                            field_name(from),
                            reachable()
                        ),
                    };
                    return Err(IllegalMove(text).into());
                }
                found
            }
            MnogoboyMove::AdvanceTo(target) => {
                let found = options.iter().find(|&&(_, to)| to == target);
                if found.is_none() {
                    let backward = if target <= from && target != FINISH {
                        " (pieces never move backward)"
                    } else {
                        ""
                    };
                    return Err(IllegalMove(format!(
                        "a {die} takes {} from {} to {}, not to {}{backward}",
                        piece.colour,
                        field_name(from),
                        reachable(),
                        field_name(target)
                    ))
                    .into());
                }
                found
            }
            _ => None,
        };
        match found {
            Some(&(branch, _)) => Ok(MnogoboyMove::Advance(branch)),
            None => Err(IllegalMove("that is not a move".into()).into()),
        }
    }

    fn check_reserve(&self, colour: Colour) -> Result<(), IllegalMove> {
        match self.holder(colour) {
            Some(seat) if seat == self.turn => Err(IllegalMove(format!(
                "{} already controls {colour}",
                self.name(seat)
            ))),
            Some(seat) => Err(IllegalMove(format!(
                "{colour} is not in the reserve: {} controls it",
                self.name(seat)
            ))),
            None => Ok(()),
        }
    }

    fn check_not_given_away(&self, colour: Colour, allowed: u8) -> Result<(), IllegalMove> {
        if self.before == BeforeRoll::Gave(colour) && allowed & colour.bit() == 0 {
            return Err(IllegalMove(format!(
                "{colour} was given away before the roll and cannot be taken back this turn"
            )));
        }
        Ok(())
    }
}
