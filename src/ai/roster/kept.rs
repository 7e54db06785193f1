//! One bot kept for a whole game, so that what it learns about positions (a search's
//! transposition table, its grown buffers) survives from one decision to the next.

use super::BotKind;
use crate::ai::bots::Bot;
use crate::core::{Game, Options};
use crate::games::{AnyGame, GameKind};

/// A bot of one kind, built on first use and kept while the game's kind and options stay
/// (values learnt under other rules would be wrong: rebuilt then), its random stream
/// restarted before every decision from the seed the caller gives, so that each choice
/// is the one a bot built for that decision would make.
pub struct KeptBot {
    kind: BotKind,
    /// The bot, with the game kind and options it was built for.
    bot: Option<(GameKind, Options, Box<dyn Bot<AnyGame>>)>,
}

impl KeptBot {
    /// A bot of `kind`, built when first asked for.
    pub fn new(kind: BotKind) -> KeptBot {
        KeptBot { kind, bot: None }
    }

    /// The bot's name.
    pub fn kind(&self) -> BotKind {
        self.kind
    }

    /// The bot to decide in `game`, its own choices following `seed` from now on.
    pub fn for_decision(&mut self, game: &AnyGame, seed: u64) -> &mut dyn Bot<AnyGame> {
        let fits = self
            .bot
            .as_ref()
            .is_some_and(|(kind, options, _)| *kind == game.kind() && options == game.options());
        if !fits {
            self.bot = Some((game.kind(), game.options().clone(), self.kind.build_any(seed)));
        }
        let (_, _, bot) = self.bot.as_mut().expect("just built");
        bot.reseed(seed);
        bot.as_mut()
    }
}
