//! [`BotGame`]: how a game type gets its bots. Every concrete game plays the same
//! bots, its `bot:net` levels on its network as its head declares it, and [`AnyGame`]
//! hands each decision to the bot of the concrete game inside.

use super::BotKind;
use super::dispatch::PerGame;
use crate::ai::bots::Bot;
use crate::ai::learn::Nets;
use crate::ai::learn::bot::{NetBot, NetSearch};
use crate::core::{FullGame, NetHead};
use crate::games::AnyGame;

/// A game type the roster builds bots for: what a bot name means in it.
pub trait BotGame: FullGame {
    /// A new bot of `kind` playing on `nets`, its own choices following `seed`
    /// ([`BotKind::build_with`] comes here).
    fn bot(kind: BotKind, seed: u64, nets: &Nets) -> Box<dyn Bot<Self>>;

    /// `bot:net` at `plies`: the game's network of `nets`, searched as its head says
    /// (on the game's estimate where it has none).
    fn net_bot(plies: u8, seed: u64, nets: &Nets) -> Box<dyn Bot<Self>>;

    /// `bot:reference` at `plies`: [`BotGame::net_bot`] on the game's reference network,
    /// or on its own where it keeps none.
    fn reference_bot(plies: u8, seed: u64, nets: &Nets) -> Box<dyn Bot<Self>>;
}

/// Every concrete game: the named bot for its type.
impl<G: FullGame + NetHead> BotGame for G {
    fn bot(kind: BotKind, seed: u64, nets: &Nets) -> Box<dyn Bot<G>> {
        super::concrete_bot(kind, seed, nets)
    }

    fn net_bot(plies: u8, seed: u64, nets: &Nets) -> Box<dyn Bot<G>> {
        Box::new(NetBot::new(NetSearch::new(plies, nets.clone()), seed))
    }

    fn reference_bot(plies: u8, seed: u64, nets: &Nets) -> Box<dyn Bot<G>> {
        Box::new(NetBot::new(NetSearch::reference(plies, nets.clone()), seed))
    }
}

/// A bot for games of any kind hands each decision to the bot of the same name built
/// for the concrete game, so that searches run on the concrete type.
impl BotGame for AnyGame {
    fn bot(kind: BotKind, seed: u64, nets: &Nets) -> Box<dyn Bot<AnyGame>> {
        Box::new(PerGame::new(kind, seed, nets.clone()))
    }

    fn net_bot(plies: u8, seed: u64, nets: &Nets) -> Box<dyn Bot<AnyGame>> {
        Self::bot(BotKind::Net { plies }, seed, nets)
    }

    fn reference_bot(plies: u8, seed: u64, nets: &Nets) -> Box<dyn Bot<AnyGame>> {
        Self::bot(BotKind::Reference { plies }, seed, nets)
    }
}
