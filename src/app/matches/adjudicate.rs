//! `tabula match --adjudicate[=P]`: a game whose result is decided is stopped before a
//! roll and given the result [`crate::ai::adjudicate`] says (Long Nardy's race once every
//! checker is home, a solved table), when its exact chance is at least `P`. The
//! record keeps the game as far as it was played, its `result` and an `adjudicated
//! REASON` line; resuming or reporting replays it and adjudicates the same position
//! again, so a record cannot claim a result the position does not give.
//!
//! The same watch clocks every move, for the seconds of `--jsonl`.

use std::ops::ControlFlow;
use std::time::Instant;

use anyhow::bail;

use crate::ai::playout::{Observer, Step, Table};
use crate::core::Adjudication;
use crate::games::AnyGame;

/// The record line of an adjudicated game.
pub(super) fn record_line(reason: &str) -> String {
    format!("adjudicated {}", super::one_line(reason))
}

/// Watches a match game: adjudicates it before a roll when asked, and times each move.
pub(super) struct Watch {
    /// The threshold of `--adjudicate`, if given.
    adjudicate: Option<f64>,
    /// The result given, once the game was adjudicated.
    pub verdict: Option<Adjudication>,
    /// When the action under way started.
    started: Instant,
    /// Seconds each move (or action before a roll) took, in order.
    pub seconds: Vec<f64>,
}

impl Watch {
    /// A watch that adjudicates at the threshold `adjudicate`, if one is given.
    pub fn new(adjudicate: Option<f64>) -> Watch {
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
        if let Some(threshold) = self.adjudicate
            && let Some(verdict) = crate::ai::adjudicate::adjudicate(table.game(), threshold)
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

/// The adjudication a replayed record claims (its `adjudicated` line, `written`), checked against
/// the position it stops at: an exact source must give it a result (at any chance, as
/// the records may come from a run with another threshold; the caller compares the
/// result); `None` for a game without the line.
pub(super) fn replayed(
    written: Option<&str>,
    game: &AnyGame,
    number: u64,
) -> anyhow::Result<Option<Adjudication>> {
    let Some(written) = written else {
        return Ok(None);
    };
    match crate::ai::adjudicate::adjudicate(game, 0.0) {
        Some(verdict) => Ok(Some(verdict)),
        None => bail!(
            "game {number} of the records says 'adjudicated {written}', but no exact source adjudicates its last position"
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
        use crate::ai::adjudicate::{DEFAULT_THRESHOLD, adjudicate};
        // White has two checkers left on its point 1, black all fifteen on its point 6.
        // With black to roll a 6 would save the mars: the win is sure, its points not.
        let game = nardy("w=1x2,offx13 b=6x15 turn=black:roll first=- score=0-0");
        assert!(adjudicate(&game, DEFAULT_THRESHOLD).is_none());
        let game = nardy("w=1x2,offx13 b=6x15 turn=white:roll first=- score=0-0");
        let verdict = adjudicate(&game, DEFAULT_THRESHOLD).expect("a race is adjudicated");
        assert_eq!(verdict.outcome.places, vec![1, 2]);
        // Black has borne off none and cannot before white is off: a mars.
        assert_eq!(verdict.outcome.points, vec![2, 0]);
        assert!(verdict.exact && verdict.chance == 1.0, "{verdict:?}");
        assert!(
            verdict
                .reason
                .starts_with("race: white bears off first 100.0%, wins a mars")
                && verdict.reason.ends_with(" 100.0% (exact)"),
            "{}",
            verdict.reason
        );
        let start = nardy("w=24x15 b=24x15 turn=white:roll first=wb score=0-0");
        assert!(adjudicate(&start, DEFAULT_THRESHOLD).is_none());
    }

    #[test]
    fn estimated_chances_never_adjudicate_and_exact_ones_only_from_the_threshold() {
        use crate::ai::adjudicate::adjudicate;
        use crate::core::Strategy;
        // A race, but one of white's checkers is still outside its home: the bear-off
        // table only estimates it, however sure it is.
        let game = nardy("w=8x1,1x14 b=6x15 turn=black:roll first=- score=0-0");
        let estimate = game.adjudicate().expect("the game gives its estimate");
        assert!(!estimate.exact && estimate.chance > 0.99, "{estimate:?}");
        assert!(estimate.reason.ends_with("(estimated)"), "{}", estimate.reason);
        assert!(adjudicate(&game, 0.5).is_none());
        // Every checker home on both sides, nearly even: exact, but far from decided.
        let even = nardy("w=6x15 b=6x15 turn=white:roll first=- score=0-0");
        let verdict = adjudicate(&even, 0.5).expect("exact at any threshold below it");
        assert!(verdict.exact && verdict.chance < 0.9, "{verdict:?}");
        assert!(adjudicate(&even, verdict.chance + 1e-9).is_none());
        assert!(adjudicate(&even, verdict.chance).is_some());
    }

    #[test]
    fn in_500_greedy_games_every_adjudicated_one_was_decided_at_the_threshold() {
        use crate::ai::playout::{Seated, play_out};
        use crate::ai::roster::BotKind;
        use crate::core::SeededDice;
        let threshold = crate::ai::adjudicate::DEFAULT_THRESHOLD;
        let mut adjudicated = 0;
        for seed in 0..500u64 {
            let mut game = nardy("w=24x15 b=24x15 turn=white:roll first=wb score=0-0");
            let mut dice = SeededDice::new(seed);
            let mut bots = [
                BotKind::Greedy.build_any(seed),
                BotKind::Greedy.build_any(seed + 1),
            ];
            let mut watch = super::Watch::new(Some(threshold));
            let table = &mut Seated::new(&mut game, &mut dice, &mut bots[..]);
            let Ok(played) = play_out(table, &mut watch);
            match watch.verdict {
                Some(verdict) => {
                    adjudicated += 1;
                    assert!(verdict.exact, "game {seed}: {verdict:?}");
                    assert!(verdict.chance >= threshold, "game {seed}: {verdict:?}");
                    assert!(verdict.reason.ends_with("(exact)"), "{}", verdict.reason);
                }
                None => assert!(played.finished, "game {seed} neither ended nor was adjudicated"),
            }
        }
        // Without any adjudicated game the test would prove nothing.
        assert!(adjudicated > 0, "no game of 500 was adjudicated");
    }
}
