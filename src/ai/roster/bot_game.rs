//! [`BotGame`]: how a game type gets its bots. Every game plays the generic bots; Long
//! Nardy's `bot:net` levels are its own network bot, and [`AnyGame`] hands each decision
//! to the bot of the concrete game inside.

use super::BotKind;
use super::dispatch::PerGame;
use crate::ai::bots::Bot;
use crate::ai::learn::seats::{NetSearch, SeatNetBot};
use crate::ai::learn::{NetBot, Nets, reference_nardy_net};
use crate::core::FullGame;
use crate::games::AnyGame;
use crate::games::aeroplane::Aeroplane;
use crate::games::microbes::Microbes;
use crate::games::mnogoboy::Mnogoboy;
use crate::games::nardy::Nardy;
use crate::games::ur::Ur;

/// A game type the roster builds bots for: what a bot name means in it.
pub trait BotGame: FullGame {
    /// A new bot of `kind` playing on `nets`, its own choices following `seed`. The
    /// default builds the named bot for this type ([`BotKind::build_with`] comes here).
    fn bot(kind: BotKind, seed: u64, nets: &Nets) -> Box<dyn Bot<Self>> {
        super::concrete_bot(kind, seed, nets)
    }

    /// `bot:net` at `plies`: the default searches the game's network of `nets`
    /// (the seat-network search, which falls back on the game's estimate where there is none).
    fn net_bot(plies: u8, seed: u64, nets: &Nets) -> Box<dyn Bot<Self>> {
        Box::new(SeatNetBot::new(NetSearch::new(plies, nets.clone()), seed))
    }

    /// `bot:reference` at `plies`: a game that keeps no reference network plays
    /// [`BotGame::net_bot`] (the default).
    fn reference_bot(plies: u8, seed: u64, nets: &Nets) -> Box<dyn Bot<Self>> {
        Self::net_bot(plies, seed, nets)
    }
}

/// Long Nardy's `bot:net` levels are its own network bot, on the network of `nets`;
/// `bot:reference` plays it on the reference network.
impl BotGame for Nardy {
    fn net_bot(plies: u8, seed: u64, nets: &Nets) -> Box<dyn Bot<Nardy>> {
        Box::new(NetBot::new(nets.nardy(), plies, seed))
    }

    fn reference_bot(plies: u8, seed: u64, _nets: &Nets) -> Box<dyn Bot<Nardy>> {
        Box::new(NetBot::new(reference_nardy_net(), plies, seed))
    }
}

impl BotGame for Ur {}

impl BotGame for Aeroplane {}

impl BotGame for Microbes {}

impl BotGame for Mnogoboy {}

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
