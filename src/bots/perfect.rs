//! The perfect bot: plays the Royal Game of Ur's standard rule sets (finkel, masters,
//! blitz, aseb) exactly, by the win chances of the solved table (`tabula solve ur`).
//!
//! It sees every game through [`Game`] like the other bots and recognises Ur by its type;
//! [`check`] says up front whether it can play a game, so that front ends refuse it with
//! the command that builds the table instead of letting it play blind.

use std::any::Any;
use std::sync::Arc;

use super::{Bot, Greedy};
use crate::core::{Game, Phase, Seat};
use crate::games::AnyGame;
use crate::games::ur::Ur;
use crate::solve::ur::PerfectTable;

/// Plays the move with the highest exact chance of winning.
pub struct Perfect {
    /// The table to play from; found in the data directory by rule set when `None`.
    table: Option<Arc<PerfectTable>>,
    /// Plays where no table answers (never after [`check`] passed).
    fallback: Greedy,
}

impl Perfect {
    /// A perfect bot that finds its table in the data directory; `seed` only matters
    /// for the fallback.
    pub fn new(seed: u64) -> Perfect {
        Perfect {
            table: None,
            fallback: Greedy::new(seed),
        }
    }

    /// A perfect bot that plays from this table.
    pub fn with_table(table: Arc<PerfectTable>, seed: u64) -> Perfect {
        Perfect {
            table: Some(table),
            fallback: Greedy::new(seed),
        }
    }
}

/// The Ur game inside `game`, if it is one.
fn as_ur<G: Game>(game: &G) -> Option<&Ur> {
    let any = game as &dyn Any;
    any.downcast_ref::<Ur>()
        .or_else(|| match any.downcast_ref::<AnyGame>() {
            Some(AnyGame::Ur(ur)) => Some(ur),
            _ => None,
        })
}

/// Whether bot:perfect can play `game`: `Err` says why not and, for a rule set that can
/// be solved, the command that builds its table and what that takes.
pub fn check<G: Game>(game: &G) -> Result<(), String> {
    let Some(ur) = as_ur(game) else {
        return Err(format!(
            "bot:perfect plays only ur with rules=finkel, masters, blitz or aseb, not {}",
            game.info().id
        ));
    };
    let table = PerfectTable::find(ur.rule_set()).map_err(|e| format!("bot:perfect: {e}"))?;
    if !table.is_complete() {
        return Err(format!(
            "bot:perfect: the table of ur rules={} holds only end layers; build the whole game with 'tabula solve ur rules={}'",
            ur.rule_set().name(),
            ur.rule_set().name()
        ));
    }
    Ok(())
}

/// The hook for `bot:best`: true when bot:perfect can play `game` (an Ur rule set whose
/// full table is in the data directory), so that `best` should be `perfect` there.
pub fn available<G: Game>(game: &G) -> bool {
    check(game).is_ok()
}

/// `seat`'s exact chance of winning in `game` (after a move), if the table knows it.
fn chance_for<G: Game>(table: &PerfectTable, game: &G, seat: Seat) -> Option<f64> {
    match game.phase() {
        Phase::Over => Some(if game.outcome()?.winner_seat() == Some(seat) {
            1.0
        } else {
            0.0
        }),
        Phase::Roll(to_act) | Phase::Move(to_act) => {
            let chance = table.win_probability(as_ur(game)?)?;
            Some(if to_act == seat { chance } else { 1.0 - chance })
        }
    }
}

impl<G: Game> Bot<G> for Perfect {
    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize {
        let best = (|| {
            let seat = game.phase().seat()?;
            let rules = as_ur(game)?.rule_set();
            let table = match &self.table {
                Some(table) if table.rules() == rules => Arc::clone(table),
                _ => PerfectTable::find(rules).ok()?,
            };
            let mut best: Option<(usize, f64)> = None;
            for (index, mv) in legal.iter().enumerate() {
                let mut after = game.clone();
                after.play_unchecked(mv);
                let chance = chance_for(&table, &after, seat)?;
                // The first of equal moves, so that play replays exactly.
                if best.is_none_or(|(_, top)| chance > top + 1e-12) {
                    best = Some((index, chance));
                }
            }
            best.map(|(index, _)| index)
        })();
        best.unwrap_or_else(|| self.fallback.choose_move(game, legal))
    }

    fn choose_before_roll(&mut self, _game: &G, _actions: &[G::Move]) -> Option<usize> {
        // Ur has nothing to do before a roll.
        None
    }
}
