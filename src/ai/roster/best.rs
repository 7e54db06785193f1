//! `bot:best`: per game and option set, the strongest built-in level that still decides
//! within 250 ms median per decision on a small 2-core machine (one thread).
//!
//! Each game names its level ([`Game::best_bot`]), measured with `tabula bench GAME
//! [OPTIONS] --bot NAME`. Levels are work (depth, playouts), never time, so `bot:best`
//! plays the same on every machine.

use super::BotKind;
use crate::ai::bots::{Bot, RankedMove};
use crate::core::Estimate;
use crate::core::Game;

/// The level `bot:best` plays in `game`: the one the game names for its seat count and
/// rule options ([`Game::best_bot`], where each game keeps its measurements).
///
/// The figures were measured on the 2-core machine while it was shared, with `tabula
/// bench GAME [OPTIONS] --bot NAME --seconds 6` (median / p90 per decision) and `tabula
/// match` against bot:greedy (paired dice, 95% interval).
pub fn best_level<G: Game>(game: &G) -> BotKind {
    // A game's own name that does not read is a defect its tests catch; greedy plays on.
    BotKind::from_level_name(game.best_bot()).unwrap_or(BotKind::Greedy)
}

/// The bot behind `bot:best` for one game type: it looks the level up for the game it
/// is asked about (options can change between games) and builds that bot.
pub struct BestBot<G: Game> {
    seed: u64,
    current: Option<(BotKind, Box<dyn Bot<G>>)>,
}

impl<G: Game> BestBot<G> {
    /// A `bot:best` whose choices follow `seed`.
    pub fn new(seed: u64) -> BestBot<G> {
        BestBot { seed, current: None }
    }

    /// The bot for `game`'s level, built on first use or when the level changes.
    fn bot_for(&mut self, game: &G) -> &mut dyn Bot<G> {
        let kind = best_level(game);
        if self.current.as_ref().is_none_or(|(k, _)| *k != kind) {
            self.current = Some((kind, kind.build(self.seed)));
        }
        let (_, bot) = self.current.as_mut().expect("just built");
        bot.as_mut()
    }
}

impl<G: Game> Bot<G> for BestBot<G> {
    fn choose_move(&mut self, game: &G, legal: &[G::Move]) -> usize {
        self.bot_for(game).choose_move(game, legal)
    }

    fn choose_before_roll(&mut self, game: &G, actions: &[G::Move]) -> Option<usize> {
        self.bot_for(game).choose_before_roll(game, actions)
    }

    fn rank_moves(&mut self, game: &G, legal: &[G::Move]) -> Vec<RankedMove> {
        self.bot_for(game).rank_moves(game, legal)
    }

    fn estimate(&mut self, game: &G) -> Estimate {
        self.bot_for(game).estimate(game)
    }

    fn estimate_rolling(&mut self, game: &G) -> Estimate {
        self.bot_for(game).estimate_rolling(game)
    }

    fn reseed(&mut self, seed: u64) {
        self.seed = seed;
        if let Some((_, bot)) = &mut self.current {
            bot.reseed(seed);
        }
    }
}
