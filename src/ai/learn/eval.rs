//! A network as the evaluation of any game that has an encoder
//! ([`crate::core::Strategy::encoding`]), read through the head the game declares
//! ([`NetHead`]).

use std::sync::Arc;

use super::network::Network;
use crate::ai::search::Evaluator;
use crate::core::{Estimate, NetHead, NetOutputs, Strategy};

/// The most inputs an encoder may write (the stack buffer's size).
pub const MAX_INPUTS: usize = 1024;

/// The outputs of `net` for a position not over: the game encodes as many inputs as
/// the network reads (an earlier layout reads a prefix of today's).
pub fn outputs<G: Strategy>(net: &Network, game: &G) -> NetOutputs {
    let inputs = net.inputs().min(MAX_INPUTS);
    let mut x = [0.0f32; MAX_INPUTS];
    game.encode(&mut x[..inputs]);
    net.evaluate_all(&x[..inputs])
}

/// A network as a search's evaluation, read through the game's head
/// ([`NetHead::head_estimate`]).
#[derive(Debug)]
pub struct NetEval<G: NetHead> {
    net: Arc<Network>,
    memo: Arc<G::Memo>,
}

impl<G: NetHead> Clone for NetEval<G> {
    fn clone(&self) -> NetEval<G> {
        NetEval {
            net: Arc::clone(&self.net),
            memo: Arc::clone(&self.memo),
        }
    }
}

impl<G: NetHead> NetEval<G> {
    /// The evaluation by `net`.
    pub fn new(net: Arc<Network>) -> NetEval<G> {
        NetEval {
            net,
            memo: Arc::default(),
        }
    }

    /// The network.
    pub fn network(&self) -> &Network {
        &self.net
    }
}

impl<G: NetHead> Evaluator<G> for NetEval<G> {
    fn estimate(&self, game: &G) -> Estimate {
        game.head_estimate(&|g: &G| outputs(&self.net, g), &self.memo)
    }
}
