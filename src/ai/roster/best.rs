//! `bot:best`: per game and option set, the strongest built-in level that still decides
//! within 250 ms median per decision on a small 2-core machine (one thread).
//!
//! Each game names its level ([`Strategy::best_bot`]), measured with `tabula bench GAME
//! [OPTIONS] --bot NAME`. Levels are work (depth, playouts), never time, so `bot:best`
//! plays the same on every machine.

use super::{BotGame, BotKind};
use crate::ai::bots::{Bot, BotChoice, ChosenBot};
use crate::ai::learn::Nets;
use crate::core::FullGame;
use crate::core::Strategy;

/// The level `bot:best` plays in `game`: the one the game names for its seat count and
/// rule options ([`Strategy::best_bot`], where each game keeps its measurements).
///
/// The figures were measured on the 2-core machine while it was shared, with `tabula
/// bench GAME [OPTIONS] --bot NAME --seconds 6` (median / p90 per decision) and `tabula
/// match` against bot:greedy (paired dice, 95% interval).
pub fn best_level<G: Strategy>(game: &G) -> BotKind {
    BotKind::from(game.best_bot())
}

/// The bot behind `bot:best` for one game type: it looks the level up for the game it
/// is asked about (options can change between games) and builds that bot.
pub type BestBot<G> = ChosenBot<G, BestLevel>;

/// `bot:best`'s choice: the game's own level ([`best_level`]), on these networks.
pub struct BestLevel {
    nets: Nets,
}

impl BestLevel {
    /// The game's own level, its `bot:net` levels playing on `nets`.
    pub fn on(nets: &Nets) -> BestLevel {
        BestLevel { nets: nets.clone() }
    }
}

impl<G: BotGame> BotChoice<G> for BestLevel {
    type Key = BotKind;

    fn key(&self, game: &G) -> BotKind {
        best_level(game)
    }

    fn build(&self, kind: &BotKind, _game: &G, seed: u64) -> Box<dyn Bot<G>> {
        kind.build_with(seed, &self.nets)
    }
}

/// What `bot:best` plays in `game` on this machine: `perfect` where the game's solved
/// table is there (built in, or built by `tabula solve`), else [`best_level`].
pub fn best_resolved<G: FullGame>(game: &G) -> BotKind {
    if crate::ai::solve::perfect::available(game) {
        BotKind::Perfect
    } else {
        best_level(game)
    }
}

/// What `bot:best` plays in `game` on any machine, as the documentation says it:
/// `net:3`, `perfect` where the table is built in, `net:5 (perfect with a solved
/// table)` where `tabula solve` can build one.
pub fn best_documented<G: FullGame>(game: &G) -> String {
    let level = best_level(game);
    match game.solved_table() {
        Some(table) if crate::ai::solve::PerfectTable::is_built_in(&table) => {
            "perfect (built-in table)".to_string()
        }
        Some(table) if table.whole => {
            format!("{level} (perfect with a solved table)")
        }
        _ => level.to_string(),
    }
}
