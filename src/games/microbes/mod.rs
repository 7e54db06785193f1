//! The chessboard race (`microbes`): rules section 4 of `rules.md`, seed 000.
//!
//! Four pieces a side race counterclockwise round the edge of a chessboard and then up
//! their own half of the long diagonal. Each piece is kept as its index along its owner's
//! path (see [`board`]); the walk of one piece is in [`movegen`].
//!
//! Who starts is a roll-off played as roll phases, each roll through
//! [`Game::set_dice`]: `Phase::Roll(white)` throws one die, then `Phase::Roll(black)`.
//! The higher die starts and rolls afresh for its first move (`Phase::Roll(starter)`);
//! a tie goes back to `Phase::Roll(white)`. Moves are refused until it is decided.

pub mod board;
mod check;
mod encode;
pub mod eval;
mod fault;
mod hash;
mod lab;
pub mod movegen;
mod notation;
mod render;
mod strategy;
mod text;
mod validate;

use std::sync::Arc;

pub use board::{BLACK, WHITE};
use board::{HOME, PIECES, Pieces, cell_name, cell_of, indices_of};
use movegen::Turn;

use super::shared;
use crate::core::turn::{self, ONE_DIE, Start};
use crate::core::{
    Dice, Game, HelpExamples, IllegalMove, OptionError, OptionSpec, Options, Outcome, PlayError, RollOff,
    RollOffRule, Seat, Standing, WrongPhase,
};

pub use fault::{MoveFault, PositionFault};

/// A position string that is not a position of this game.
pub type PositionError = crate::core::PositionError<PositionFault>;

const SEAT_NAMES: [&str; 2] = ["white", "black"];

shared::game_info! {
    game: Microbes,
    rules: MicrobesRules,
    id: "microbes",
    title: "The chessboard race",
    seats: 2..=2,
    options: [
        OptionSpec::choice(
            "six-rolls-again",
            &["off", "on"],
            "after a turn played with a 6 the same player rolls again",
        ),
    ],
    summary: "four pieces a side round a chessboard",
    examples: HelpExamples {
        moves: &["c1", "enter", "pass"],
        dice: "6",
        dice_rule: "One die, 1 to 6.",
        new: "new microbes six-rolls-again=on",
        notation: "A move is the cell of the piece to move (c1), or 'enter' on a 6.",
        seat: "black",
    },
}

/// Where the turn cycle stands: in the roll-off White throws one die, then Black, and the
/// higher starts; a move plays one die.
type Stage = turn::Stage<u8>;

/// The rule options of a chessboard race, read once when the game is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MicrobesRules {
    /// After a turn played with a 6 the same player rolls again.
    pub six_rolls_again: bool,
}

impl MicrobesRules {
    /// The rules these (validated) options set.
    pub fn read(options: &Options) -> Result<MicrobesRules, OptionError> {
        Ok(MicrobesRules {
            six_rolls_again: options.flag("six-rolls-again")?,
        })
    }
}

/// One choice for a rolled die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MicrobesMove {
    /// Move the mover's piece standing on this cell.
    Piece(board::Cell),
    /// Bring a piece from the reserve onto the start cell (on a 6).
    Enter,
    /// Nothing can be played.
    Pass,
}

/// A game of the chessboard race in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Microbes {
    options: Arc<Options>,
    rules: MicrobesRules,
    /// Each seat's pieces on the board, by path index.
    pieces: [Pieces; 2],
    /// The seat to act (the one to roll in the roll-off; the winner once over).
    turn: Seat,
    stage: Stage,
}

impl Microbes {
    /// A new game at its start position under `rules`, read from `options` once
    /// [`NewGame::new_game`](crate::core::NewGame::new_game) has checked them against [`INFO`].
    fn start(options: Arc<Options>, rules: MicrobesRules) -> Microbes {
        Microbes {
            rules,
            options,
            pieces: [Pieces::START; 2],
            turn: WHITE,
            stage: Stage::RollOff(RollOff::new(RollOffRule::Highest, 2)),
        }
    }

    /// The pieces of `seat` on the board, by index along that seat's path.
    pub fn pieces(&self, seat: Seat) -> Pieces {
        self.pieces[seat.min(1)]
    }

    /// The seat to act (the winner once the game is over).
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// True while the roll-off that decides who starts is going on.
    pub fn in_rolloff(&self) -> bool {
        matches!(self.stage, Stage::RollOff(_))
    }

    /// White's die in the roll-off, while Black has still to roll.
    pub fn rolloff_die(&self) -> Option<u8> {
        match self.stage {
            Stage::RollOff(roll_off) => match roll_off.standing(WHITE) {
                Standing::Rolled(die) => Some(die),
                _ => None,
            },
            _ => None,
        }
    }

    /// The rule options in force.
    pub fn rules(&self) -> MicrobesRules {
        self.rules
    }

    fn die(&self) -> Option<u8> {
        self.stage.rolled()
    }

    fn mover(&self) -> Turn {
        Turn::new(self.turn, self.pieces)
    }

    fn apply(&mut self, mv: MicrobesMove, die: u8) {
        let mover = self.turn;
        self.pieces = self.mover().after(mv, die);
        if self.pieces[mover].home() == PIECES {
            self.stage = Stage::Over;
        } else {
            if !(self.rules.six_rolls_again && die == 6) {
                self.turn = 1 - mover;
            }
            self.stage = Stage::Roll;
        }
    }

    /// What `seat`'s pieces are worth, in cells of progress: how far each piece has come,
    /// plus the 6 it took to bring it in, plus a bonus for being home (more for deeper
    /// cells, which leave room for the pieces still coming), less the share of that worth
    /// the other side may eat before `seat` moves again.
    fn worth(&self, seat: Seat) -> f64 {
        let mine = self.pieces[seat];
        let mut value = 0.0;
        for index in mine.indices() {
            let mut piece = f64::from(index) + 6.0;
            if index >= HOME {
                piece += 8.0 + f64::from(index - HOME);
            }
            if index <= HOME {
                // When `seat` rolls next the threat is only half real: it may run first.
                let weight = if self.turn == seat { 0.5 } else { 1.0 };
                piece *= 1.0 - weight * self.danger(seat, index);
            }
            value += piece;
            // A piece on the start corner keeps the reserve from entering.
            if (index == 0 || index == HOME) && mine.reserve() > 0 {
                value -= 2.0;
            }
        }
        value
    }

    /// The chance that the other side eats `seat`'s piece at path `index` with its next
    /// roll: by a piece behind it with a clear way (any roll that reaches it eats it) or,
    /// on the other side's start cell, by a new piece entering on a 6.
    fn danger(&self, seat: Seat, index: u8) -> f64 {
        let enemy = 1 - seat;
        let cell = cell_of(seat, index);
        let Some(target) = indices_of(enemy, cell).find(|&i| i < HOME) else {
            return 0.0;
        };
        let theirs = self.pieces[enemy];
        let occupied = self.pieces[WHITE].cells(WHITE) | self.pieces[BLACK].cells(BLACK);
        let mut eating_rolls = [false; 7];
        for from in theirs.indices().filter(|&i| i < target && target - i <= 6) {
            let clear = (from + 1..target).all(|i| occupied & (1 << cell_of(enemy, i)) == 0);
            if clear {
                for roll in (target - from)..=6 {
                    eating_rolls[usize::from(roll)] = true;
                }
            }
        }
        if target == 0 && theirs.reserve() > 0 {
            eating_rolls[6] = true;
        }
        eating_rolls.iter().filter(|&&hit| hit).count() as f64 / 6.0
    }
}

impl Game for Microbes {
    type Move = MicrobesMove;
    type MoveFault = MoveFault;

    shared::game_accessors!(two_seats);

    shared::one_die!();

    fn dice(&self) -> Option<Dice> {
        self.die().map(Dice::single)
    }

    fn set_dice(&mut self, dice: Dice) -> Result<(), WrongPhase> {
        let die = ONE_DIE.one_value(dice, INFO.id)?;
        self.stage
            .set_roll(&mut self.turn, die, die, Start::Reroll, |seat| SEAT_NAMES[seat])
    }

    fn legal_moves(&self, out: &mut Vec<MicrobesMove>) {
        if let Some(die) = self.die() {
            self.mover().generate(die, out);
        }
    }

    fn play(&mut self, mv: &MicrobesMove) -> Result<(), PlayError<MoveFault>> {
        let die = self.stage.to_move()?;
        self.check(*mv, die).map_err(IllegalMove)?;
        self.apply(*mv, die);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: &MicrobesMove) {
        if let Some(die) = self.die() {
            self.apply(*mv, die);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.stage.is_over() {
            return None;
        }
        let winner = self.turn;
        let loser_home = self.pieces[1 - winner].home();
        Some(Outcome::winner(
            2,
            winner,
            1,
            format!(
                "{} wins with all four pieces home ({} had {loser_home} home)",
                SEAT_NAMES[winner],
                SEAT_NAMES[1 - winner]
            ),
        ))
    }
}
