//! One bot kept for a whole game, so that what it learns about positions (a search's
//! transposition table, its grown buffers) survives from one decision to the next.

use super::BotKind;
use crate::ai::bots::Bot;
use crate::ai::learn::Nets;
use crate::core::{Game, Options, Seat};
use crate::games::{AnyGame, GameKind};

/// The seed of the bot in `seat` of a game whose dice seed is `game_seed`: the one
/// derivation every table uses (`tabula play --seed S` and a match's game on dice seed
/// `S` alike), so that a match's game plays again move for move at `tabula play`.
/// Seats start a thousand apart so that each seat's bot draws a stream of its own.
pub fn seat_seed(game_seed: u64, seat: Seat) -> u64 {
    game_seed.wrapping_add(1000 * (seat as u64 + 1))
}

/// A bot of one kind, built on first use and kept while the game's kind and options stay
/// (values learnt under other rules would be wrong: rebuilt then), its random stream
/// restarted before every decision from the seed the caller gives, so that each choice
/// is the one a bot built for that decision would make.
pub struct KeptBot {
    kind: BotKind,
    /// The networks its `bot:net` levels play on.
    nets: Nets,
    /// The bot, with the game kind and options it was built for.
    bot: Option<(GameKind, Options, Box<dyn Bot<AnyGame>>)>,
}

impl KeptBot {
    /// A bot of `kind` on the shipped networks, built when first asked for.
    pub fn new(kind: BotKind) -> KeptBot {
        KeptBot::with_nets(kind, Nets::shipped())
    }

    /// A bot of `kind` playing on `nets`, built when first asked for.
    pub fn with_nets(kind: BotKind, nets: Nets) -> KeptBot {
        KeptBot {
            kind,
            nets,
            bot: None,
        }
    }

    /// The bot's name.
    pub fn kind(&self) -> BotKind {
        self.kind
    }

    /// The networks it plays on.
    pub fn nets(&self) -> &Nets {
        &self.nets
    }

    /// Forgets the bot built so far (and what it learnt): the next decision builds it
    /// anew, of the same kind on the same networks.
    pub fn forget(&mut self) {
        self.bot = None;
    }

    /// The bot to decide in `game`, its own choices following `seed` from now on.
    pub fn for_decision(&mut self, game: &AnyGame, seed: u64) -> &mut dyn Bot<AnyGame> {
        let fits = self
            .bot
            .as_ref()
            .is_some_and(|(kind, options, _)| *kind == game.kind() && options == game.options());
        if !fits {
            self.bot = Some((
                game.kind(),
                game.options().clone(),
                self.kind.build_with(seed, &self.nets),
            ));
        }
        let (_, _, bot) = self.bot.as_mut().expect("just built");
        bot.reseed(seed);
        bot.as_mut()
    }
}
