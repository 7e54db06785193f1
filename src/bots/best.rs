//! `bot:best`: per game and option set, the strongest built-in level that still decides
//! within 250 ms median per decision on a small 2-core machine (one thread).
//!
//! The table is measured with `tabula bench GAME [OPTIONS] --bot NAME`; the figures
//! are in the comments. Levels are work (depth, playouts), never time, so `bot:best`
//! plays the same on every machine.

use super::{Bot, BotKind, Estimate, RankedMove};
use crate::core::Game;

/// The level `bot:best` plays in `game` (by its id, seat count and rule options).
pub fn best_level<G: Game>(game: &G) -> BotKind {
    let seats = game.seat_count();
    let expectimax = |depth| BotKind::Expectimax { depth };
    let mcts = |playouts| BotKind::Mcts { playouts };
    match game.info().id {
        "nardy" => expectimax(2),
        "ur" => expectimax(3),
        "microbes" => expectimax(4),
        "aeroplane" if seats == 2 => expectimax(3),
        "aeroplane" => mcts(2000),
        "mnogoboy" if seats == 2 => expectimax(3),
        "mnogoboy" => mcts(2000),
        _ => BotKind::Greedy,
    }
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
}
