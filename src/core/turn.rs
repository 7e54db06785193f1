//! The turn cycle the games share, written once: a roll-off to decide who starts, then
//! turns of one roll and one move, until the game is over.
//!
//! A game keeps a [`Stage`] and the seat to act; [`Stage::phase`], [`Stage::roll_off`] and
//! [`Stage::set_roll`] give the [`Game`](super::Game) methods of the cycle, and
//! [`DiceRule`] throws, lists, reads and checks the dice of one roll. What a game does
//! inside a stage (which moves it allows, what a move does, whether the roll-off's winner
//! rolls afresh) stays its own. A game whose turn has more steps than roll and move
//! (Mnogoboy's exchanges) keeps a stage of its own and uses [`roll_off_throw`] and
//! [`DiceRule`] alone.

use std::fmt;
use std::hash::Hasher;

use super::dice::{Dice, DiceError, DiceSource, one_die_outcomes, two_dice_outcomes};
use super::error::{PhaseMistake, WrongPhase};
use super::game::Phase;
use super::rolloff::{RollOff, Standing, Throw};
use super::seat::Seat;

/// Where a game's turn cycle stands; `R` is the roll as the game plays it (one die's value,
/// or the [`Dice`] of several).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage<R> {
    /// Deciding who starts: the seat to act throws one die.
    RollOff(RollOff),
    /// The seat to act must roll.
    Roll,
    /// The seat to act must play this roll.
    Move(R),
    /// The game is over.
    Over,
}

/// What the roll-off's winner does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// Rolls afresh for the first turn.
    Reroll,
    /// Plays the winning throw as its first roll.
    WithThrow,
}

impl<R: Copy + fmt::Display + Into<Dice>> Stage<R> {
    /// The phase of the cycle for `seat`, the seat to act.
    #[inline]
    pub fn phase(&self, seat: Seat) -> Phase {
        match self {
            Stage::RollOff(_) | Stage::Roll => Phase::Roll(seat),
            Stage::Move(_) => Phase::Move(seat),
            Stage::Over => Phase::Over,
        }
    }

    /// The roll-off, while it goes on.
    #[inline]
    pub fn roll_off(&self) -> Option<RollOff> {
        match self {
            Stage::RollOff(roll_off) => Some(*roll_off),
            _ => None,
        }
    }

    /// The roll being played, in the move stage.
    #[inline]
    pub fn rolled(&self) -> Option<R> {
        match self {
            Stage::Move(roll) => Some(*roll),
            _ => None,
        }
    }

    /// True where the seat to act rolls next: a turn's roll or a roll-off throw.
    #[inline]
    pub fn rolls(&self) -> bool {
        matches!(self, Stage::RollOff(_) | Stage::Roll)
    }

    /// True once the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        matches!(self, Stage::Over)
    }

    /// Takes a roll for `seat`, the seat to act. In the roll-off, `throw` is that seat's
    /// die: `seat` becomes the next seat to throw, or the winner, who goes on as `start`
    /// says. Otherwise the stage becomes [`Stage::Move`] with `roll`. The move stage and the
    /// end refuse a roll, naming the seat to act with `name`.
    #[inline]
    pub fn set_roll(
        &mut self,
        seat: &mut Seat,
        roll: R,
        throw: u8,
        start: Start,
        name: impl FnOnce(Seat) -> &'static str,
    ) -> Result<(), WrongPhase> {
        // A turn's roll is the common case, taken at every roll of every search and
        // playout; the rest stays out of line.
        if let Stage::Roll = self {
            *self = Stage::Move(roll);
            return Ok(());
        }
        self.set_other_roll(seat, roll, throw, start, name(*seat))
    }

    #[inline(never)]
    fn set_other_roll(
        &mut self,
        seat: &mut Seat,
        roll: R,
        throw: u8,
        start: Start,
        name: &'static str,
    ) -> Result<(), WrongPhase> {
        match *self {
            Stage::RollOff(roll_off) => {
                *self = match roll_off_throw(roll_off, throw, seat) {
                    Some(going_on) => Stage::RollOff(going_on),
                    None if start == Start::WithThrow => Stage::Move(roll),
                    None => Stage::Roll,
                };
                Ok(())
            }
            Stage::Roll => {
                *self = Stage::Move(roll);
                Ok(())
            }
            Stage::Move(rolled) => Err(PhaseMistake::MoveFirst {
                seat: name,
                roll: rolled.into(),
            }
            .into()),
            Stage::Over => Err(PhaseMistake::Over.into()),
        }
    }

    /// The roll to play a move with, or why no move can be played now.
    #[inline]
    pub fn to_move(&self) -> Result<R, WrongPhase> {
        match self {
            Stage::Move(roll) => Ok(*roll),
            Stage::RollOff(_) => Err(PhaseMistake::RollOff { to_roll: None }.into()),
            Stage::Roll => Err(PhaseMistake::RollFirst.into()),
            Stage::Over => Err(PhaseMistake::Over.into()),
        }
    }

    /// The `turn=` field of a two-seat game's position string, `seat` being the seat to act
    /// and `names` the seats' names: `white:roll`, `black:4` (the roll to play), `over`, or
    /// in the roll-off the first seat to throw (`white:rolloff`) or the second, with the
    /// first's die noted (`black:rolloff:5`).
    pub fn two_seat_turn_text(&self, seat: Seat, names: [&str; 2]) -> String {
        match self {
            Stage::RollOff(roll_off) => match roll_off.standing(0) {
                Standing::Rolled(die) => format!("{}:rolloff:{die}", names[1]),
                _ => format!("{}:rolloff", names[0]),
            },
            Stage::Roll => format!("{}:roll", names[seat]),
            Stage::Move(roll) => format!("{}:{roll}", names[seat]),
            Stage::Over => "over".to_string(),
        }
    }

    /// A small number for the stage (0 roll-off, 1 roll, 2 move, 3 over) for a position
    /// hash; the roll-off's standings go into `hasher` (the roll is the game's to hash).
    pub fn hash_code(&self, hasher: &mut impl Hasher) -> u64 {
        use std::hash::Hash;
        match self {
            Stage::RollOff(roll_off) => {
                roll_off.hash(hasher);
                0
            }
            Stage::Roll => 1,
            Stage::Move(_) => 2,
            Stage::Over => 3,
        }
    }
}

/// One roll-off throw of `value` by `seat`, the seat to throw: `seat` becomes the next seat
/// to throw and the roll-off goes on (`Some`), or `seat` becomes the winner (`None`).
#[inline]
pub fn roll_off_throw(mut roll_off: RollOff, value: u8, seat: &mut Seat) -> Option<RollOff> {
    match roll_off.throw(value) {
        Throw::Won { seat: winner, .. } => {
            *seat = winner;
            None
        }
        Throw::Next(_) | Throw::Tie { .. } => {
            *seat = roll_off.to_roll();
            Some(roll_off)
        }
    }
}

/// The dice of one roll, as a game throws them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceRule {
    /// One die with this many faces.
    Die(u8),
    /// Two six-sided dice.
    TwoDice,
}

/// One six-sided die: the roll of most games and of every roll-off.
pub const ONE_DIE: DiceRule = DiceRule::Die(6);

impl DiceRule {
    /// Throws the roll, asking `source` for every die.
    #[inline]
    pub fn roll(self, source: &mut dyn DiceSource) -> Dice {
        match self {
            DiceRule::Die(faces) => Dice::single(source.throw(faces)),
            DiceRule::TwoDice => {
                let first = source.throw(6);
                let second = source.throw(6);
                Dice::new(&[first, second])
            }
        }
    }

    /// Pushes every distinct roll with its probability.
    #[inline]
    pub fn outcomes(self, out: &mut Vec<(Dice, f64)>) {
        match self {
            DiceRule::Die(faces) => one_die_outcomes(faces, out),
            DiceRule::TwoDice => two_dice_outcomes(out),
        }
    }

    /// Reads dice a person typed for `game` (its id, for the message).
    pub fn parse(self, values: &[u8], game: &'static str) -> Result<Dice, DiceError> {
        match self {
            DiceRule::Die(faces) => Dice::parse_plain(values, 1, faces, game),
            DiceRule::TwoDice => Dice::parse_plain(values, 2, 6, game),
        }
    }

    /// The value of a one-die roll handed to `game` (its id, for the message), or why it
    /// is not one.
    #[inline]
    pub fn one_value(self, dice: Dice, game: &'static str) -> Result<u8, WrongPhase> {
        let faces = match self {
            DiceRule::Die(faces) => faces,
            DiceRule::TwoDice => 6,
        };
        dice.single_value(faces)
            .ok_or(WrongPhase(PhaseMistake::OneDie { game, faces, dice }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{RollOffRule, ScriptedDice};

    fn names(seat: Seat) -> &'static str {
        ["white", "black"][seat]
    }

    #[test]
    fn a_roll_off_hands_the_throw_on_and_the_winner_starts_as_told() {
        let mut seat = 0;
        let mut stage: Stage<u8> = Stage::RollOff(RollOff::new(RollOffRule::Highest, 2));
        assert_eq!(stage.phase(seat), Phase::Roll(0));
        stage.set_roll(&mut seat, 3, 3, Start::Reroll, names).unwrap();
        assert_eq!((seat, stage.roll_off().is_some()), (1, true));
        stage.set_roll(&mut seat, 5, 5, Start::Reroll, names).unwrap();
        assert_eq!((seat, stage), (1, Stage::Roll));
        stage.set_roll(&mut seat, 4, 4, Start::Reroll, names).unwrap();
        assert_eq!((stage.phase(seat), stage.rolled()), (Phase::Move(1), Some(4)));
        let refused = stage.set_roll(&mut seat, 2, 2, Start::Reroll, names).unwrap_err();
        assert_eq!(
            refused.0,
            PhaseMistake::MoveFirst {
                seat: "black",
                roll: Dice::single(4)
            }
        );
        assert_eq!(refused.to_string(), "wrong phase: black must move the 4 first");
        let mut first_to: Stage<u8> = Stage::RollOff(RollOff::new(RollOffRule::FirstTo(1), 2));
        seat = 0;
        first_to
            .set_roll(&mut seat, 2, 2, Start::WithThrow, names)
            .unwrap();
        first_to
            .set_roll(&mut seat, 1, 1, Start::WithThrow, names)
            .unwrap();
        assert_eq!((seat, first_to), (1, Stage::Move(1)));
    }

    #[test]
    fn moves_wait_for_the_roll() {
        let roll_off: Stage<u8> = Stage::RollOff(RollOff::new(RollOffRule::Highest, 2));
        let refused = roll_off.to_move().unwrap_err();
        assert_eq!(refused.0, PhaseMistake::RollOff { to_roll: None });
        assert_eq!(
            refused.to_string(),
            "wrong phase: roll first: the roll-off decides who starts"
        );
        assert_eq!(
            Stage::<u8>::Roll.to_move().unwrap_err().0,
            PhaseMistake::RollFirst
        );
        assert_eq!(Stage::<u8>::Over.to_move().unwrap_err().0, PhaseMistake::Over);
        assert_eq!(Stage::Move(6).to_move(), Ok(6));
    }

    #[test]
    fn dice_rules_throw_list_and_read_their_rolls() {
        let mut source = ScriptedDice::new(&[6, 3]);
        assert_eq!(DiceRule::TwoDice.roll(&mut source), Dice::new(&[6, 3]));
        let mut outcomes = Vec::new();
        DiceRule::TwoDice.outcomes(&mut outcomes);
        assert_eq!(outcomes.len(), 21);
        outcomes.clear();
        ONE_DIE.outcomes(&mut outcomes);
        assert_eq!(outcomes.len(), 6);
        assert!(ONE_DIE.parse(&[7], "microbes").is_err());
        assert_eq!(ONE_DIE.one_value(Dice::single(5), "microbes"), Ok(5));
        let refused = ONE_DIE.one_value(Dice::new(&[5, 2]), "aeroplane").unwrap_err();
        assert_eq!(
            refused.0,
            PhaseMistake::OneDie {
                game: "aeroplane",
                faces: 6,
                dice: Dice::new(&[5, 2])
            }
        );
        assert_eq!(
            refused.0.to_string(),
            "aeroplane is played with one die showing 1 to 6, not 5-2"
        );
    }
}
