//! `bot:net` for every game: a search on the game's network (found by [`Nets`]), pruned
//! where the game's head declares move filters ([`super::pruned`]), or on the game's own
//! estimate where it has no network.

use std::sync::Arc;

use super::Nets;
use super::eval::NetEval;
use super::network::Network;
use super::pruned::PrunedNetBot;
use crate::ai::bots::{Bot, BotChoice, ChosenBot, SearchBot};
use crate::ai::search::{Expectimax, GameEstimate};
use crate::core::NetHead;

/// `bot:net[:PLIES]` and `bot:reference[:PLIES]` for any game: a search `plies` move
/// decisions deep on the game's network (pruned as its head says), or on the game's own
/// estimate where it has none. The network is looked up for each game it is asked about
/// (options can change between games) and the search kept while the key stays.
pub type NetBot<G> = ChosenBot<G, NetSearch>;

/// `bot:net`'s choice: the network of `nets` named by the game's encoding key (or its
/// reference network), searched `plies` move decisions deep.
pub struct NetSearch {
    plies: u8,
    nets: Nets,
    reference: bool,
}

impl NetSearch {
    /// A search looking `plies` move decisions ahead (at least one) on `nets`.
    pub fn new(plies: u8, nets: Nets) -> NetSearch {
        NetSearch {
            plies: plies.max(1),
            nets,
            reference: false,
        }
    }

    /// The same on the game's reference network, where it has one.
    pub fn reference(plies: u8, nets: Nets) -> NetSearch {
        NetSearch {
            reference: true,
            ..NetSearch::new(plies, nets)
        }
    }
}

impl<G: NetHead> BotChoice<G> for NetSearch {
    type Key = Option<String>;

    fn key(&self, game: &G) -> Option<String> {
        game.encoding().map(|e| e.key)
    }

    fn build(&self, _key: &Option<String>, game: &G, seed: u64) -> Box<dyn Bot<G>> {
        let net = match self.reference {
            true => self.nets.reference_for(game),
            false => self.nets.for_game(game),
        };
        match net {
            Some(net) => net_bot_on(game, net, self.plies, seed),
            None => Box::new(SearchBot::new(Expectimax::new(self.plies, GameEstimate), seed)),
        }
    }
}

/// The net bot on `net` for games like `game`, `plies` move decisions deep: the pruned
/// search where the game's head declares move filters, else a full expectimax search.
pub fn net_bot_on<G: NetHead>(game: &G, net: Arc<Network>, plies: u8, seed: u64) -> Box<dyn Bot<G>> {
    let evaluator = NetEval::new(net);
    match game.move_filter() {
        Some(filter) => Box::new(PrunedNetBot::new(evaluator, filter, plies, seed)),
        None => Box::new(SearchBot::new(Expectimax::new(plies, evaluator), seed)),
    }
}
