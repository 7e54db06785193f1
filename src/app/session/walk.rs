//! Walking a game's history: undo, redo, and going to a turn by its number.
//!
//! Undo keeps what it took back, so that `redo` plays it again exactly (the dice stream
//! was rewound with it, so a roll throws the same dice); any other action forgets it, as
//! a new move branches off the old game.

use super::{Action, CommandError, NotNow, Session, Step, Undone, forced_pass};
use crate::core::{Game, Seat};
use crate::games::AnyGame;

/// Numbers the turns of a game as people count them: a turn is the run of actions of one
/// seat (its rolls, its moves, an extra roll and its move), numbered from 1 after the
/// roll-off. Records, `replay`, `analyse` and the REPL's `goto` count the same way.
#[derive(Clone, Copy, Debug, Default)]
pub struct TurnNumbers {
    number: u32,
    seat: Option<Seat>,
}

impl TurnNumbers {
    /// The number of the turn that an action of `seat`, taken in `before`, belongs to;
    /// `None` for the roll-off and for actions of no seat (a position set).
    pub fn of(&mut self, before: &AnyGame, seat: Option<Seat>) -> Option<u32> {
        let seat = seat?;
        if before.roll_off().is_some() {
            return None;
        }
        if self.seat != Some(seat) {
            self.number += 1;
            self.seat = Some(seat);
        }
        Some(self.number)
    }
}

impl Session {
    /// Takes back the last action (a roll, dice, a move, a position or a resignation),
    /// and rewinds the dice stream with it: rolling again gives the same dice.
    pub fn undo(&mut self) -> Result<Undone, CommandError> {
        let last = self
            .history
            .len()
            .checked_sub(1)
            .ok_or(CommandError::NotNow(NotNow::NothingToUndo))?;
        Ok(self.undo_to(last).remove(0))
    }

    /// Takes back every action since the last decision of a seat for which `decides`
    /// holds, that decision included: a move chosen (not a pass that was the only legal
    /// move), a position set or a resignation. Bots' actions after it go too; the dice
    /// stream rewinds with them, so the same choices bring the same dice. Changes
    /// nothing and returns `None` when there is no such decision.
    pub fn undo_decision(&mut self, decides: impl Fn(Seat) -> bool) -> Option<Vec<Undone>> {
        let target = self.last_decision(decides)?;
        Some(self.undo_to(target))
    }

    /// True if [`Session::undo_decision`] with `decides` would take something back.
    pub fn has_decision(&self, decides: impl Fn(Seat) -> bool) -> bool {
        self.last_decision(decides).is_some()
    }

    /// Where in the history the last decision of a seat for which `decides` holds is.
    fn last_decision(&self, decides: impl Fn(Seat) -> bool) -> Option<usize> {
        self.history.iter().rposition(|step| match &step.action {
            Action::Move(_) => step.seat.is_some_and(&decides) && !forced_pass(&step.before),
            Action::SetPos(_) => true,
            Action::Resign(seat) => decides(*seat),
            Action::Roll(_) | Action::Dice(_) => false,
        })
    }

    /// What undo took back (`taken`, last first), in words for people: the moves,
    /// resignations and positions set, not the rolls (`white 13/7, then black 24/20`).
    pub fn undone_words(&self, taken: &[Undone]) -> String {
        let described: Vec<String> = taken
            .iter()
            .filter_map(|undone| {
                let who = undone.seat.map_or("?", |s| self.seat_name(s));
                match &undone.action {
                    Action::Move(text) => Some(format!("{who} {text}")),
                    Action::Resign(_) => Some(format!("{who}'s resignation")),
                    Action::SetPos(_) => Some("the position set".to_string()),
                    Action::Roll(_) | Action::Dice(_) => None,
                }
            })
            .collect();
        described.join(", then ")
    }

    /// Truncates the history to `index` steps and restores the game and dice from then;
    /// returns what was taken back, last first.
    fn undo_to(&mut self, index: usize) -> Vec<Undone> {
        let taken: Vec<Step> = self.history.drain(index..).rev().collect();
        if let Some(first) = taken.last() {
            self.game = first.before.clone();
            self.dice = first.dice.clone();
            self.conceded = first.conceded.clone();
        }
        self.unsaved = true;
        let undone = taken
            .iter()
            .map(|step| Undone {
                seat: step.seat,
                action: step.action.written(&step.before),
            })
            .collect();
        // The latest first, so that the earliest is redone first.
        self.ahead.extend(taken.into_iter().map(|step| step.action));
        undone
    }

    /// Plays again the last action that undo took back, exactly as it was played.
    pub fn redo(&mut self) -> Result<Undone, CommandError> {
        let mut ahead = std::mem::take(&mut self.ahead);
        let Some(action) = ahead.pop() else {
            return Err(NotNow::NothingToRedo.into());
        };
        let before = self.game.clone();
        let seat = self.game.phase().seat();
        let done = match &action {
            Action::Roll(_) => self.roll().map(|_| ()),
            Action::Dice(dice) => self.set_dice(dice.values()).map(|_| ()),
            Action::Move(mv) => self.play(mv).map(|_| ()),
            Action::SetPos(text) => self.set_position(text),
            Action::Resign(seat) => self.resign(*seat).map(|_| ()),
        };
        self.ahead = ahead;
        if let Err(error) = done {
            self.ahead.push(action);
            return Err(error);
        }
        Ok(Undone {
            seat: self.history.last().and_then(|step| step.seat).or(seat),
            action: action.written(&before),
        })
    }

    /// The turn numbers of the history's actions, in order (see [`TurnNumbers`]).
    pub fn turn_numbers(&self) -> Vec<Option<u32>> {
        let mut numbers = TurnNumbers::default();
        self.history
            .iter()
            .map(|step| numbers.of(&step.before, step.seat))
            .collect()
    }

    /// Goes to turn `number`: undoes (or redoes) until the position where its first move
    /// is to be chosen, its dice thrown, as `hint`, `evaluate` and `play` would meet it.
    /// Undo and redo go on walking the game from there.
    pub fn goto_turn(&mut self, number: u32) -> Result<(), CommandError> {
        // The whole game, as far as undo has gone back and redo could go forward again;
        // a refusal goes back to where it stood.
        let here = self.history.len();
        let unsaved = self.unsaved;
        while !self.ahead.is_empty() {
            if let Err(error) = self.redo() {
                self.undo_to(here);
                self.unsaved = unsaved;
                return Err(error);
            }
        }
        let numbers = self.turn_numbers();
        let last = numbers.iter().flatten().max().copied().unwrap_or(0);
        if number == 0 || number > last {
            self.undo_to(here);
            self.unsaved = unsaved;
            return Err(CommandError::Argument(if last == 0 {
                "no turn has been played yet".into()
            } else {
                format!("turn {number} is not in this game: it has turns 1 to {last}")
            }));
        }
        let first_move = self
            .history
            .iter()
            .zip(&numbers)
            .position(|(step, turn)| *turn == Some(number) && matches!(step.action, Action::Move(_)));
        let first_action = numbers.iter().position(|turn| *turn == Some(number));
        if let Some(index) = first_move.or(first_action) {
            self.undo_to(index);
        }
        Ok(())
    }
}
