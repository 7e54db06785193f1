//! `tabula match --adjudicate`: a game whose result is as good as decided is stopped
//! before a roll and given the result [`crate::ai::adjudicate`] says (Long Nardy's pure
//! race from its bear-off distributions, a near-certain win by a solved table). The
//! record keeps the game as far as it was played, its `result` and an `adjudicated
//! REASON` line; resuming or reporting replays it and adjudicates the same position
//! again, so a record cannot claim a result the position does not give.
//!
//! The same watch clocks every move, for the seconds of `--jsonl`.

use std::ops::ControlFlow;
use std::time::Instant;

use anyhow::bail;

use crate::ai::playout::{Observer, Step, Table};
use crate::app::record::GameRecord;
use crate::core::Adjudication;
use crate::games::AnyGame;

/// The record line of an adjudicated game.
pub(super) fn record_line(reason: &str) -> String {
    format!("adjudicated {}", super::one_line(reason))
}

/// Watches a match game: adjudicates it before a roll when asked, and times each move.
pub(super) struct Watch {
    adjudicate: bool,
    /// The result given, once the game was adjudicated.
    pub verdict: Option<Adjudication>,
    /// When the action under way started.
    started: Instant,
    /// Seconds each move (or action before a roll) took, in order.
    pub seconds: Vec<f64>,
}

impl Watch {
    /// A watch that adjudicates when `adjudicate` is set.
    pub fn new(adjudicate: bool) -> Watch {
        Watch {
            adjudicate,
            verdict: None,
            started: Instant::now(),
            seconds: Vec::new(),
        }
    }
}

impl<T: Table<Game = AnyGame>> Observer<T> for Watch {
    fn before_action(&mut self, table: &T) -> ControlFlow<()> {
        if self.adjudicate
            && let Some(verdict) = crate::ai::adjudicate::adjudicate(table.game())
        {
            self.verdict = Some(verdict);
            return ControlFlow::Break(());
        }
        self.started = Instant::now();
        ControlFlow::Continue(())
    }

    fn after_action(&mut self, _table: &T, step: Step) -> ControlFlow<()> {
        if step == Step::Moved {
            self.seconds.push(self.started.elapsed().as_secs_f64());
        }
        ControlFlow::Continue(())
    }
}

/// The adjudication a replayed record claims (its `adjudicated` line), checked against
/// the position it stops at; `None` for a game without the line.
pub(super) fn replayed(
    record: &GameRecord,
    game: &AnyGame,
    number: u64,
) -> anyhow::Result<Option<Adjudication>> {
    let Some(written) = record.note("adjudicated") else {
        return Ok(None);
    };
    match crate::ai::adjudicate::adjudicate(game) {
        Some(verdict) => Ok(Some(verdict)),
        None => bail!(
            "game {number} of the records says 'adjudicated {written}', but its last position is not one that is adjudicated"
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{Notation, Options};
    use crate::games::GameKind;

    fn nardy(position: &str) -> crate::games::AnyGame {
        let kind = GameKind::Nardy;
        let mut game = kind
            .new_game(&Options::parse::<&str>(kind.info().options, &[]).unwrap())
            .unwrap();
        game.set_position(position).unwrap();
        game
    }

    #[test]
    fn a_clear_race_goes_to_the_side_ahead_and_contact_plays_on() {
        // White has two checkers left on its point 1, black all fifteen on its point 6.
        let game = nardy("w=1x2,offx13 b=6x15 turn=black:roll first=- score=0-0");
        let verdict = crate::ai::adjudicate::adjudicate(&game).expect("a race is adjudicated");
        assert_eq!(verdict.outcome.places, vec![1, 2]);
        // Black has borne off none and cannot before white is off: a mars.
        assert_eq!(verdict.outcome.points, vec![2, 0]);
        assert!(
            verdict.reason.starts_with("race (exact): white"),
            "{}",
            verdict.reason
        );
        let start = nardy("w=24x15 b=24x15 turn=white:roll first=wb score=0-0");
        assert!(crate::ai::adjudicate::adjudicate(&start).is_none());
    }
}
