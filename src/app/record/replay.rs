//! The one replayer of records, [`Replay`]: a record played action by action through a
//! [`Session`], every action checked.

use super::{GameRecord, action_line};
use crate::app::session::{Action, CommandError, Played, Rolled, Session};
use crate::core::Resignation;
use crate::core::{Dice, Game, Seat};
use crate::games::AnyGame;

/// What a [`Replay`] accepts of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replaying {
    /// A saved game, as `load` and `tabula replay` read it: everything a session can do.
    /// In a sealed record every `roll` must be what its `seed` lines throw; in an older,
    /// unsealed one, rolls are thrown again from the recorded seed while they match, so
    /// that undo after loading rewinds the dice exactly as in the game that was saved, and
    /// taken as written from the first that does not.
    Saved,
    /// A game played from its seed alone, as a match resumes it: every roll must be the
    /// one the seed throws there, and typed dice, reseeds, resignations and positions
    /// (but one to start from, before the first action) are refused.
    Seeded,
}

/// Why a replayed action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The session refused it (an illegal move, a roll out of turn...).
    #[error("{0}")]
    Refused(CommandError),
    /// The record says the stream threw this roll, but it throws other dice there.
    #[error("dice seed {seed} throws {thrown} there")]
    NotThrown {
        /// The seed.
        seed: u64,
        /// What it throws.
        thrown: Dice,
    },
    /// A thrown roll in a sealed record that names no seed.
    #[error("a thrown roll, but the record names no dice seed (dice typed by hand are written 'dice ...')")]
    Unseeded,
    /// [`Replaying::Seeded`]: typed dice, a reseed, a position or a resignation.
    #[error("a game played from its seed has only thrown dice and moves")]
    NotSeeded,
}

/// A record line that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {written}: {fault}")]
pub struct ReplayError {
    /// The line of the record.
    pub line: usize,
    /// The line as written (`play 24/18 18/15`).
    pub written: String,
    /// What was wrong with it.
    pub fault: Fault,
}

impl From<ReplayError> for CommandError {
    fn from(error: ReplayError) -> CommandError {
        CommandError::File(error.to_string())
    }
}

/// What one replayed action did, as the session reports it.
#[derive(Clone, Debug)]
pub enum Effect {
    /// Dice, thrown or typed.
    Rolled(Rolled),
    /// A move.
    Played(Played),
    /// A position set.
    Positioned,
    /// A resignation.
    Resigned(Resignation),
}

/// One action of a record, replayed.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The record's line of the action.
    pub line: usize,
    /// Who acted (none for a position set).
    pub seat: Option<Seat>,
    /// The action as the record writes it.
    pub recorded: Action<String>,
    /// The action as the history keeps it (the move as the game's move).
    pub action: Action,
    /// The game before the action.
    pub before: AnyGame,
    /// The game after it.
    pub after: AnyGame,
    /// What it did.
    pub effect: Effect,
}

impl Replayed {
    /// What the game tells people of the action (a capture, a roll-off decided, the next
    /// game of a match after a resignation).
    pub fn notes(&self) -> &[String] {
        match &self.effect {
            Effect::Rolled(rolled) => &rolled.notes,
            Effect::Played(played) => &played.notes,
            Effect::Resigned(Resignation::PlaysOn(note)) => std::slice::from_ref(note),
            Effect::Positioned | Effect::Resigned(Resignation::Over(_)) => &[],
        }
    }
}

/// A record played action by action through a [`Session`]: each step is checked (moves
/// must be written in full, as `legal` writes them, and a sealed record's rolls must be
/// what its seed throws, so that a damaged record never replays as another game) and
/// yielded as a [`Replayed`]. The first refused action ends the walk with its
/// [`ReplayError`].
///
/// To stop at an action, take that many steps and call [`Replay::upto`] (or
/// [`Replay::stopped`] to keep whatever checked out); [`Replay::finish`] plays it all.
pub struct Replay<'r> {
    record: &'r GameRecord,
    next: usize,
    session: Session,
    rule: Replaying,
    /// Rolls are checked against the seed lines (a sealed record, or a match game).
    checked: bool,
    seed: u64,
    /// An unsealed record: where it says the dice stream stands after its last action.
    position: u128,
    /// An unsealed record: true while the rolls are the ones the seed throws.
    stream_matches: bool,
    failed: Option<ReplayError>,
}

impl<'r> Replay<'r> {
    /// A replay of `record` from its start; the dice follow the record's seed, or `seed`
    /// when it has none.
    pub fn new(record: &'r GameRecord, seed: u64, rule: Replaying) -> Result<Replay<'r>, CommandError> {
        let (seed, position) = record.seed.unwrap_or((seed, 0));
        let checked = record.sealed_format || rule == Replaying::Seeded;
        let mut session = Session::new(record.kind, &record.options, seed)?;
        if checked && position != 0 {
            session.resume_dice(seed, position);
        }
        Ok(Replay {
            record,
            next: 0,
            session,
            rule,
            checked,
            seed,
            position,
            stream_matches: record.seed.is_some() || rule == Replaying::Seeded,
            failed: None,
        })
    }

    /// The session as far as the record has been replayed.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Replays the rest and gives the session as the record leaves it, its dice stream
    /// where the record says it stood.
    pub fn finish(self) -> Result<Session, ReplayError> {
        let all = self.record.actions.len();
        self.upto(all)
    }

    /// Replays up to `actions` actions in all (the whole record if it holds fewer) and
    /// gives the session there: the game as it stood after them, the history holding
    /// them (so undo walks back through the record).
    pub fn upto(mut self, actions: usize) -> Result<Session, ReplayError> {
        while self.next < actions.min(self.record.actions.len()) {
            if let Some(Err(error)) = self.next() {
                return Err(error);
            }
        }
        match self.failed {
            Some(error) => Err(error),
            None => Ok(self.into_session()),
        }
    }

    /// Replays as far as the record checks out: the session there, and the first action
    /// that did not replay, if any.
    pub fn stopped(mut self) -> (Session, Option<ReplayError>) {
        while let Some(Ok(_)) = self.next() {}
        let failed = self.failed.take();
        (self.into_session(), failed)
    }

    /// The session where the replay stands; after the last action, its dice stream where
    /// the record leaves it.
    fn into_session(self) -> Session {
        let whole = self.next == self.record.actions.len();
        let mut session = self.session;
        if whole && self.checked {
            // A reseed after the last roll: a match game never has one.
            let _ = apply_reseeds(self.record, self.rule, &mut session, self.next);
        } else if whole && (session.dice_position() != self.position || !self.stream_matches) {
            session.resume_dice(self.seed, self.position);
        }
        session.unsaved = false;
        session
    }

    fn replay(&mut self, index: usize) -> Result<Replayed, ReplayError> {
        let record = self.record;
        let (line, recorded) = &record.actions[index];
        let line = *line;
        let before = self.session.game.clone();
        let fail = |fault| ReplayError {
            line,
            written: action_line(recorded, |s| before.seat_name(s).to_string()),
            fault,
        };
        if self.checked {
            apply_reseeds(record, self.rule, &mut self.session, index).map_err(fail)?;
        }
        let session = &mut self.session;
        let seeded = self.rule == Replaying::Seeded;
        let effect = match recorded {
            Action::Roll(_) if self.checked && record.seed.is_none() && !seeded => {
                return Err(fail(Fault::Unseeded));
            }
            Action::Roll(dice) if self.checked || self.stream_matches => match session.replay_roll(*dice) {
                Ok(Ok(rolled)) => Ok(Effect::Rolled(rolled)),
                Ok(Err(thrown)) if self.checked => {
                    return Err(fail(Fault::NotThrown {
                        seed: session.seed(),
                        thrown,
                    }));
                }
                Ok(Err(_)) => {
                    self.stream_matches = false;
                    session.set_dice(dice.values()).map(Effect::Rolled)
                }
                Err(error) => Err(error),
            },
            Action::Move(text) => session.play_recorded(text).map(Effect::Played),
            // A match game may start from a position (--positions): as its first action.
            Action::SetPos(text) if index == 0 => session.set_position(text).map(|()| Effect::Positioned),
            _ if seeded => return Err(fail(Fault::NotSeeded)),
            Action::Roll(dice) | Action::Dice(dice) => session.set_dice(dice.values()).map(Effect::Rolled),
            Action::SetPos(text) => session.set_position(text).map(|()| Effect::Positioned),
            Action::Resign(seat) => session.resign(*seat).map(Effect::Resigned),
        }
        .map_err(|error| fail(Fault::Refused(error)))?;
        let Some(step) = session.history.last_mut() else {
            unreachable!("every action that succeeds is kept in the history");
        };
        // Keep the record's own kind of dice (thrown or typed) in the history.
        if let Action::Roll(dice) = recorded {
            step.action = Action::Roll(*dice);
        }
        Ok(Replayed {
            line,
            seat: step.seat,
            recorded: recorded.clone(),
            action: step.action.clone(),
            before,
            after: session.game.clone(),
            effect,
        })
    }
}

/// Applies the `seed` lines of `record` that come before its action `index`.
fn apply_reseeds(
    record: &GameRecord,
    rule: Replaying,
    session: &mut Session,
    index: usize,
) -> Result<(), Fault> {
    for reseed in record.reseeds.iter().filter(|r| r.before == index) {
        if rule == Replaying::Seeded {
            return Err(Fault::NotSeeded);
        }
        session.resume_dice(reseed.seed, reseed.at);
    }
    Ok(())
}

impl Iterator for Replay<'_> {
    type Item = Result<Replayed, ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed.is_some() || self.next >= self.record.actions.len() {
            return None;
        }
        let step = self.replay(self.next);
        match &step {
            Ok(_) => self.next += 1,
            Err(error) => self.failed = Some(error.clone()),
        }
        Some(step)
    }
}

#[cfg(test)]
impl Session {
    /// A session that has replayed `record` (checking every action); its dice continue
    /// the recorded stream, or `seed`'s when the record names none.
    pub fn from_record(record: &GameRecord, seed: u64) -> Result<Session, CommandError> {
        Ok(Replay::new(record, seed, Replaying::Saved)?.finish()?)
    }
}
