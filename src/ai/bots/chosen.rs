//! A bot that is whichever bot the game asks for: the level or network can differ from
//! one game to the next (its options, its seat count), so the bot is looked up for each
//! game it is asked about and kept while the choice stays the same.

use super::Bot;
use crate::core::Game;
use crate::core::Strategy;

/// How a [`ChosenBot`] chooses: a key naming the bot `game` needs, and the bot for a key.
pub trait BotChoice<G: Game>: Send {
    /// What names the bot to play (a level, a network's key); the bot is built again
    /// when it changes.
    type Key: PartialEq + Send;

    /// The key for `game`.
    fn key(&self, game: &G) -> Self::Key;

    /// The bot for `key` (first met in `game`), its own choices following `seed`.
    fn build(&self, key: &Self::Key, game: &G, seed: u64) -> Box<dyn Bot<G>>;
}

/// The bot a [`BotChoice`] names for each game, kept while its key stays.
pub struct ChosenBot<G: Game, C: BotChoice<G>> {
    choice: C,
    seed: u64,
    current: Option<(C::Key, Box<dyn Bot<G>>)>,
}

impl<G: Game, C: BotChoice<G>> ChosenBot<G, C> {
    /// A bot choosing by `choice`, its choices following `seed`.
    pub fn new(choice: C, seed: u64) -> ChosenBot<G, C> {
        ChosenBot {
            choice,
            seed,
            current: None,
        }
    }

    /// The bot for `game`, built on first use or when the key changes.
    fn bot_for(&mut self, game: &G) -> &mut dyn Bot<G> {
        let key = self.choice.key(game);
        if self.current.as_ref().is_none_or(|(k, _)| *k != key) {
            let bot = self.choice.build(&key, game, self.seed);
            self.current = Some((key, bot));
        }
        let (_, bot) = self.current.as_mut().expect("just built");
        bot.as_mut()
    }
}

impl<G: Strategy, C: BotChoice<G>> Bot<G> for ChosenBot<G, C> {
    super::hands_decisions_to!(G, self, game => self.bot_for(game));

    fn reseed(&mut self, seed: u64) {
        self.seed = seed;
        if let Some((_, bot)) = &mut self.current {
            bot.reseed(seed);
        }
    }
}
