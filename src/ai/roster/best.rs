//! `bot:best`: per game and option set, the strongest built-in level that still decides
//! within 250 ms median per decision on a small 2-core machine (one thread).
//!
//! The table is measured with `tabula bench GAME [OPTIONS] --bot NAME`; the figures
//! are in the comments. Levels are work (depth, playouts), never time, so `bot:best`
//! plays the same on every machine.

use super::BotKind;
use crate::ai::bots::{Bot, RankedMove};
use crate::core::Estimate;
use crate::core::Game;

/// The level `bot:best` plays in `game` (by its id, seat count and rule options).
///
/// Measured on the 2-core machine while it was shared (load about 10-14, so the times
/// are pessimistic), `tabula bench GAME [OPTIONS] --bot NAME --seconds 6`, median / p90
/// per decision, and `tabula match` against bot:greedy (paired dice, 95% interval):
/// - nardy: expectimax:2 1.7 / 16.6 ms (expectimax:3: 543 ms median, too slow);
///   56.5% (49.6-63.2) over 200 games. Nardy's learned net hooks in at `nardy_bot`.
/// - ur: expectimax:4, city 10.2 / 24.8 ms, finkel 2.3 / 10.5 ms (deeper is not a
///   level); 71.3% (66.0-76.2) city and 68.7% (63.2-73.7) finkel over 300 games.
/// - microbes: mcts:2000 91.9 / 135.3 ms; mcts:1000 won 58.7% (53.0-64.1) over 300
///   where expectimax:4 won 49.0% (44.1-53.9) over 400, and mcts:2000 beat mcts:1000
///   57.0% (47.2-66.3) over 100.
/// - aeroplane players=2: expectimax:4 14.4 / 40.8 ms; 60.7% (55.0-66.0) over 300
///   (mcts:1000: 58.0%, 48.2-67.2, over 100).
/// - mnogoboy players=2: expectimax:6, deeper than the user-facing levels 1..4 because
///   one turn is several decisions (an exchange before the roll, the move, an exchange
///   after it, extra rolls, forced exchanges), so depth 4 sees barely one turn;
///   8.4 / 22.8 ms (depth 7: 19.6 / 58.4, depth 8: 96.8 / 326.9). expectimax:6 won
///   57.0% (52.1-61.8) of 400 against greedy where expectimax:4 won 51.4% (48.3-54.5)
///   of 1000, and 55.2% (50.4-60.0) of 400 against mcts:20000 (which, valuing its
///   leaves by the estimate, wins 56% against greedy).
/// - aeroplane players=3-4: mcts:2000, 4 seats 134.7 / 159.3 ms, 3 seats 87.3 / 125.8
///   ms (88.0 / 113.9 ms with 4 seats beside two matches); against three greedy bots
///   `bot:best` (mcts:2000, rolls visited by their probability) won 43.2% (38.5-48.1)
///   of 400 games (`tabula match aeroplane players=4 --games 400 --player bot:best
///   --player bot:greedy --player bot:greedy --player bot:greedy --seed 1 --jobs 2`;
///   earlier, with rolls sampled, mcts:1000 won 32%, 23.7-41.7, of 100).
/// - mnogoboy players=3-6: mcts:4000, 6 seats 76.0 / 96.9 ms, 3 seats 73.6 / 97.5 ms
///   (4 seats 58.1 / 69.8 ms beside two matches); against three greedy bots `bot:best`
///   won 33.0% (30.2-36.0) of 1000 games (the same command with `mnogoboy players=4
///   --games 1000`).
pub fn best_level<G: Game>(game: &G) -> BotKind {
    let seats = game.seat_count();
    let expectimax = |depth| BotKind::Expectimax { depth };
    let mcts = |playouts| BotKind::Mcts { playouts };
    match game.info().id {
        "nardy" => expectimax(2),
        "ur" => expectimax(4),
        "microbes" => mcts(2000),
        "aeroplane" if seats == 2 => expectimax(4),
        "aeroplane" => mcts(2000),
        "mnogoboy" if seats == 2 => expectimax(6),
        "mnogoboy" => mcts(4000),
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
