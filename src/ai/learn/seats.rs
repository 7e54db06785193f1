//! A network as the evaluation of any game that has an encoder ([`Strategy::encoding`]):
//! one output per seat, the chance that it finishes first, and the `bot:net` levels
//! that search on it.
//!
//! The game encodes a position as its seat to act sees it, so the outputs come in the
//! same order: output `k` is the seat `k` places after the mover. They are trained
//! towards chances that sum to one and are divided by their sum when read. Which
//! network a game reads is found by its encoding's key (the game with the options and
//! seat count that change play): a network chosen with `--net` ([`Nets`]), else one
//! built into the binary, else none, and then `bot:net` searches the game's own
//! estimate instead.

use std::sync::{Arc, OnceLock};

use super::Nets;
use super::network::{MAX_OUTPUTS, Network};
use super::weights::{self, NetFileError, NetInfo};
use crate::ai::bots::{Bot, BotChoice, ChosenBot, SearchBot};
use crate::ai::search::{Evaluator, Expectimax, GameEstimate};
use crate::core::Strategy;
use crate::core::{Encoding, Estimate, MAX_SEATS};

/// The most inputs an encoder may write (the stack buffer's size).
pub const MAX_INPUTS: usize = 1024;

/// The networks built into the binary, one per game and option set that has one (see
/// docs/internals.md for how each was trained).
static SHIPPED_FILES: &[&[u8]] = &[
    include_bytes!(
        "../../../assets/nets/aeroplane_players-2_launch-even_fly-then-jump-off_overshoot-forbid_until-last.net"
    ),
    include_bytes!(
        "../../../assets/nets/aeroplane_players-3_launch-even_fly-then-jump-off_overshoot-forbid_until-last.net"
    ),
    include_bytes!(
        "../../../assets/nets/aeroplane_players-4_launch-even_fly-then-jump-off_overshoot-forbid_until-last.net"
    ),
    include_bytes!("../../../assets/nets/microbes_six-rolls-again-off.net"),
    include_bytes!("../../../assets/nets/mnogoboy_players-2.net"),
    include_bytes!("../../../assets/nets/mnogoboy_players-3.net"),
    include_bytes!("../../../assets/nets/mnogoboy_players-4.net"),
    include_bytes!("../../../assets/nets/mnogoboy_players-5.net"),
    include_bytes!("../../../assets/nets/mnogoboy_players-6.net"),
    include_bytes!("../../../assets/nets/ur_rules-city_back-star-stay.net"),
    include_bytes!("../../../assets/nets/ur_rules-finkel_back-star-stay.net"),
];

/// The shipped networks, read on first use.
static SHIPPED: OnceLock<Vec<(NetInfo, Arc<Network>)>> = OnceLock::new();

/// Checks that `network` (described by `info`) reads `encoding` and has one output per
/// seat of a `seats`-seat game.
pub fn check_fits(
    network: &Network,
    info: &NetInfo,
    encoding: &Encoding,
    seats: usize,
) -> Result<(), NetFileError> {
    if info.game != encoding.key {
        return Err(NetFileError::Mismatch(format!(
            "this network is for '{}', not for '{}'",
            info.game, encoding.key
        )));
    }
    if info.encoding != encoding.version || network.inputs() != encoding.inputs || network.outputs() != seats
    {
        return Err(NetFileError::Mismatch(format!(
            "this network reads layout {} with {} inputs and {} outputs; this tabula encodes '{}' as layout {} with {} inputs for {seats} seats: retrain it with 'tabula train'",
            info.encoding,
            network.inputs(),
            network.outputs(),
            encoding.key,
            encoding.version,
            encoding.inputs
        )));
    }
    Ok(())
}

/// The shipped networks.
pub fn shipped() -> &'static [(NetInfo, Arc<Network>)] {
    SHIPPED.get_or_init(|| {
        SHIPPED_FILES
            .iter()
            // A test reads every embedded file; none can be damaged in a built binary.
            .filter_map(|bytes| weights::from_bytes(bytes).ok())
            .map(|(network, info)| (info, Arc::new(network)))
            .collect()
    })
}

/// The chance that each seat finishes first, by `net`, of a position not over and past
/// any roll-off; entries past the seat count are zero.
pub fn seat_chances<G: Strategy>(net: &Network, game: &G) -> [f64; MAX_SEATS] {
    let mut chances = [0.0; MAX_SEATS];
    let seats = game.seat_count().min(MAX_SEATS);
    let inputs = net.inputs().min(MAX_INPUTS);
    let mut x = [0.0f32; MAX_INPUTS];
    game.encode(&mut x[..inputs]);
    let out = net.evaluate_all(&x[..inputs]);
    let mover = game.phase().seat().unwrap_or(0);
    let total: f64 = out.iter().take(seats).map(|&o| f64::from(o)).sum();
    for (k, &o) in out.iter().enumerate().take(seats.min(MAX_OUTPUTS)) {
        chances[(mover + k) % seats] = if total > 0.0 {
            f64::from(o) / total
        } else {
            1.0 / seats as f64
        };
    }
    chances
}

/// A network as a search's evaluation: exact once the game is over, the game's own
/// estimate during a roll-off (who starts is all that is left to decide), the network
/// everywhere else.
#[derive(Clone, Debug)]
pub struct SeatNet {
    net: Arc<Network>,
}

impl SeatNet {
    /// The evaluation by `net`.
    pub fn new(net: Arc<Network>) -> SeatNet {
        SeatNet { net }
    }
}

impl<G: Strategy> Evaluator<G> for SeatNet {
    fn estimate(&self, game: &G) -> Estimate {
        if let Some(outcome) = game.outcome() {
            return Estimate::from_outcome(&outcome);
        }
        if game.roll_off().is_some() || game.phase().seat().is_none() {
            return game.estimate();
        }
        let seats = game.seat_count().min(MAX_SEATS);
        let chances = seat_chances(&self.net, game);
        if seats == 2 {
            Estimate::two_seats(chances[0])
        } else {
            Estimate::from_wins(&chances[..seats])
        }
    }
}

/// `bot:net` and `bot:net:2` for any game: an expectimax search `plies` move decisions
/// deep on the game's network, or on the game's own estimate where it has none. The
/// network is looked up for each game it is asked about (options can change between
/// games) and the search kept while the key stays.
pub type SeatNetBot<G> = ChosenBot<G, NetSearch>;

/// `bot:net`'s choice: the network of `nets` named by the game's encoding key, searched
/// `plies` move decisions deep.
pub struct NetSearch {
    plies: u8,
    nets: Nets,
}

impl NetSearch {
    /// A search looking `plies` move decisions ahead (at least one) on `nets`.
    pub fn new(plies: u8, nets: Nets) -> NetSearch {
        NetSearch {
            plies: plies.max(1),
            nets,
        }
    }
}

impl<G: Strategy> BotChoice<G> for NetSearch {
    type Key = Option<String>;

    fn key(&self, game: &G) -> Option<String> {
        game.encoding().map(|e| e.key)
    }

    fn build(&self, _key: &Option<String>, game: &G, seed: u64) -> Box<dyn Bot<G>> {
        match self.nets.for_game(game) {
            Some(net) => Box::new(SearchBot::new(
                Expectimax::new(self.plies, SeatNet::new(net)),
                seed,
            )),
            None => Box::new(SearchBot::new(Expectimax::new(self.plies, GameEstimate), seed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_network_reads_and_fits_a_game() {
        assert_eq!(shipped().len(), SHIPPED_FILES.len());
        for (info, network) in shipped() {
            assert!(info.games > 0, "{}", info.game);
            assert!(network.outputs() >= 2, "{}", info.game);
        }
        let bytes: usize = SHIPPED_FILES.iter().map(|f| f.len()).sum();
        assert!(bytes <= 2 << 20, "the built-in networks take {bytes} bytes");
    }
}
