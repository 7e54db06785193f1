//! The perfect bot: plays any game that names a solved table ([`Lab::solved_table`])
//! exactly, by the win chances the table holds for the positions before each roll
//! ([`Lab::solved_index`]): whichever tables the games declare
//! ([`Lab::solved_tables`]).
//!
//! It sees every game through [`Game`] like the other bots; [`check`] says up front
//! whether it can play a game, so that front ends refuse it with the command that
//! builds the table instead of letting it play blind. Where a seat may act before its
//! roll (Mnogoboy's exchange), it does so only when that beats rolling at once.

use std::sync::Arc;

use crate::ai::bots::{Bot, BotUnfit, Greedy, RankedMove};
use crate::ai::solve::PerfectTable;
use crate::core::FullGame;
use crate::core::Lab;
use crate::core::{Estimate, Game, Phase, Seat};

/// Plays the move with the highest exact chance of winning; elsewhere (a game without a
/// table, no table built, a position the table does not hold) it leaves the decision to
/// its fallback.
pub struct Perfect<G: Game> {
    /// The table to play from; found in the data directory by name when `None`.
    table: Option<Arc<PerfectTable>>,
    /// Decides where no table answers (never for bot:perfect after [`check`] passed).
    fallback: Box<dyn Bot<G>>,
}

impl<G: FullGame> Perfect<G> {
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
    #[cfg(test)]
    pub fn with_table(table: Arc<PerfectTable>, seed: u64) -> Perfect<G> {
        Perfect {
            table: Some(table),
            fallback: Box::new(Greedy::new(seed)),
        }
    }

    /// The table for `game`, if it names one that is there.
    fn table_for(&self, game: &G) -> Option<Arc<PerfectTable>> {
        let solved = game.solved_table()?;
        match &self.table {
            Some(table) if table.solved() == solved => Some(Arc::clone(table)),
            _ => PerfectTable::find_table(&solved).ok(),
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
        let first = chance_for(&table, game, 0)?;
        Some(Estimate::two_seats(first))
    }
}

/// Whether bot:perfect can play `game`: `Err` says why not and, for a game that can be
/// solved, the command that builds its table and what that takes.
pub fn check<G: Lab>(game: &G) -> Result<(), BotUnfit> {
    let Some(solved) = game.solved_table() else {
        return Err(BotUnfit::Unsolvable {
            game: game.info().id,
            solvable: crate::ai::solve::solvable_text(),
        });
    };
    let table = PerfectTable::find_table(&solved).map_err(|e| BotUnfit::TableUnreadable {
        reason: e.to_string(),
    })?;
    if !table.is_complete() {
        return Err(BotUnfit::EndLayersOnly { table: solved });
    }
    Ok(())
}

/// The hook for `bot:best`: true when bot:perfect can play `game` (its full solved
/// table is in the data directory), so that `best` should be `perfect` there.
pub fn available<G: Lab>(game: &G) -> bool {
    check(game).is_ok()
}

/// How many steps [`chance_for`] follows a turn, within its rolls and choices, to the
/// positions the table holds (a Mnogoboy turn takes at most a few dozen).
const TURN_STEPS: u8 = 64;

/// `seat`'s exact chance of winning in `game`, if the table knows it: before a roll the
/// table's value, after it the best move's (the chances of every move must be known).
/// Within a turn, where the table holds no value (Mnogoboy's extra roll, or the roll after
/// an exchange), the best of rolling now and each action still allowed.
fn chance_for<G: Lab>(table: &PerfectTable, game: &G, seat: Seat) -> Option<f64> {
    chance_within(table, game, seat, TURN_STEPS)
}

fn chance_within<G: Lab>(table: &PerfectTable, game: &G, seat: Seat, steps: u8) -> Option<f64> {
    let steps = steps.checked_sub(1)?;
    let (to_act, chance) = match game.phase() {
        Phase::Over => {
            return Some(if game.outcome()?.winner_seat() == Some(seat) {
                1.0
            } else {
                0.0
            });
        }
        Phase::Roll(to_act) => match game.solved_index() {
            Some(index) => (to_act, table.value(index)?),
            None => {
                let mut best = rolling_chance(table, game, to_act, steps)?;
                let mut actions = Vec::new();
                game.legal_moves(&mut actions);
                for action in &actions {
                    let mut after = game.clone();
                    after.play_unchecked(action);
                    best = best.max(chance_within(table, &after, to_act, steps)?);
                }
                (to_act, best)
            }
        },
        Phase::Move(to_act) => {
            let mut legal = Vec::new();
            game.legal_moves(&mut legal);
            let mut best: Option<f64> = None;
            for mv in &legal {
                let mut after = game.clone();
                after.play_unchecked(mv);
                let chance = chance_within(table, &after, to_act, steps)?;
                best = Some(best.map_or(chance, |b| b.max(chance)));
            }
            (to_act, best?)
        }
    };
    Some(if to_act == seat { chance } else { 1.0 - chance })
}

/// `seat`'s exact chance if the seat to roll in `game` rolls now, leaving aside any
/// action it could take first; `None` in a roll-off (whose ties can repeat without end)
/// or where the table does not answer.
fn rolling_chance<G: Lab>(table: &PerfectTable, game: &G, seat: Seat, steps: u8) -> Option<f64> {
    if game.roll_off().is_some() {
        return None;
    }
    let mut rolls = Vec::new();
    game.chance_outcomes(&mut rolls);
    if rolls.is_empty() {
        return None;
    }
    let mut chance = 0.0;
    for (dice, probability) in rolls {
        let mut after = game.clone();
        after.set_dice(dice).ok()?;
        chance += probability * chance_within(table, &after, seat, steps)?;
    }
    Some(chance)
}

impl<G: FullGame> Bot<G> for Perfect<G> {
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
        let Some(table) = self.table_for(game) else {
            return self.fallback.choose_before_roll(game, actions);
        };
        let seat = game.phase().seat()?;
        let (Some(rolling), Some((_, chances))) = (
            rolling_chance(&table, game, seat, TURN_STEPS),
            self.chances(game, actions),
        ) else {
            return self.fallback.choose_before_roll(game, actions);
        };
        // The first of the best actions, and only if it beats rolling at once.
        let mut best: Option<usize> = None;
        let mut top = rolling;
        for (index, &chance) in chances.iter().enumerate() {
            if chance > top + 1e-12 {
                best = Some(index);
                top = chance;
            }
        }
        best
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
        let mut actions = Vec::new();
        game.legal_moves(&mut actions);
        if actions.is_empty() {
            return self.estimate(game);
        }
        let rolling = self
            .table_for(game)
            .and_then(|table| rolling_chance(&table, game, 0, TURN_STEPS));
        match rolling {
            Some(chance) => Estimate::two_seats(chance),
            None => self.fallback.estimate_rolling(game),
        }
    }

    fn reseed(&mut self, seed: u64) {
        self.fallback.reseed(seed);
    }
}
