//! The perfect bot: plays the Royal Game of Ur's standard rule sets (finkel, masters,
//! blitz, aseb) exactly, by the win chances of the solved table (`tabula solve ur`).
//!
//! It sees every game through [`Game`] like the other bots and recognises Ur by its type;
//! [`check`] says up front whether it can play a game, so that front ends refuse it with
//! the command that builds the table instead of letting it play blind.

use std::any::Any;
use std::sync::Arc;

use crate::ai::bots::{Bot, Greedy, RankedMove};
use crate::ai::solve::ur::PerfectTable;
use crate::core::{Estimate, Game, Phase, Seat};
use crate::games::AnyGame;
use crate::games::ur::Ur;

/// Plays the move with the highest exact chance of winning; elsewhere (another game, no
/// table, a position the table does not hold) it leaves the decision to its fallback.
pub struct Perfect<G: Game> {
    /// The table to play from; found in the data directory by rule set when `None`.
    table: Option<Arc<PerfectTable>>,
    /// Decides where no table answers (never for bot:perfect after [`check`] passed).
    fallback: Box<dyn Bot<G>>,
}

impl<G: Game> Perfect<G> {
    /// A perfect bot that finds its table in the data directory; `seed` only matters
    /// for the greedy fallback.
    pub fn new(seed: u64) -> Perfect<G> {
        Perfect::or_else(Box::new(Greedy::new(seed)))
    }

    /// Perfect play where a table answers, `fallback` elsewhere: `bot:best`.
    pub fn or_else(fallback: Box<dyn Bot<G>>) -> Perfect<G> {
        Perfect {
            table: None,
            fallback,
        }
    }

    /// A perfect bot that plays from this table (greedy where it does not answer).
    pub fn with_table(table: Arc<PerfectTable>, seed: u64) -> Perfect<G> {
        Perfect {
            table: Some(table),
            fallback: Box::new(Greedy::new(seed)),
        }
    }

    /// The table for `game`, if it is Ur of a rule set with one.
    fn table_for(&self, game: &G) -> Option<Arc<PerfectTable>> {
        let rules = as_ur(game)?.rule_set();
        match &self.table {
            Some(table) if table.rules() == rules => Some(Arc::clone(table)),
            _ => PerfectTable::find(rules).ok(),
        }
    }

    /// Every legal move with `seat`'s exact chance after it, if the table knows them all.
    fn chances(&self, game: &G, legal: &[G::Move]) -> Option<(Seat, Vec<f64>)> {
        let seat = game.phase().seat()?;
        let table = self.table_for(game)?;
        let chances = legal
            .iter()
            .map(|mv| {
                let mut after = game.clone();
                after.play_unchecked(mv);
                chance_for(&table, &after, seat)
            })
            .collect::<Option<Vec<f64>>>()?;
        Some((seat, chances))
    }

    /// The position's exact value for every seat, if the table knows it.
    fn exact(&self, game: &G) -> Option<Estimate> {
        let table = self.table_for(game)?;
        let light = chance_for(&table, game, 0)?;
        Some(Estimate::two_seats(light))
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

impl<G: Game> Bot<G> for Perfect<G> {
    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize {
        match self.chances(game, legal) {
            Some((_, chances)) => {
                let mut best = 0;
                for (index, &chance) in chances.iter().enumerate() {
                    // The first of equal moves, so that play replays exactly.
                    if chance > chances[best] + 1e-12 {
                        best = index;
                    }
                }
                best
            }
            None => self.fallback.choose_move(game, legal),
        }
    }

    fn choose_before_roll(&mut self, game: &G, actions: &[G::Move]) -> Option<usize> {
        if as_ur(game).is_some() {
            // Ur has nothing to do before a roll.
            return None;
        }
        self.fallback.choose_before_roll(game, actions)
    }

    fn rank_moves(&mut self, game: &G, legal: &[G::Move]) -> Vec<RankedMove> {
        let Some((seat, chances)) = self.chances(game, legal) else {
            return self.fallback.rank_moves(game, legal);
        };
        let mut ranked: Vec<RankedMove> = chances
            .iter()
            .enumerate()
            .map(|(index, &chance)| RankedMove {
                index,
                estimate: Estimate::two_seats(if seat == 0 { chance } else { 1.0 - chance }),
            })
            .collect();
        // Best first for the seat to act; the sort is stable, so equal moves keep order.
        ranked.sort_by(|a, b| b.estimate.win[seat].total_cmp(&a.estimate.win[seat]));
        ranked
    }

    fn estimate(&mut self, game: &G) -> Estimate {
        self.exact(game).unwrap_or_else(|| self.fallback.estimate(game))
    }

    fn estimate_rolling(&mut self, game: &G) -> Estimate {
        self.exact(game)
            .unwrap_or_else(|| self.fallback.estimate_rolling(game))
    }
}
