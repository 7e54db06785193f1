//! Evaluations learned by self-play: a small network in plain Rust ([`network`]), its
//! weight file ([`weights`]), TD(lambda) training for any game through its encoder
//! ([`td`], with one output per seat by [`seat_head`]; Long Nardy's five outcome
//! chances are its head in [`crate::ai::train`]), its use as Long Nardy's evaluation
//! and bots ([`nardy`]) and as every other game's ([`seats`]).
//!
//! The networks tabula ships are embedded in the binary (`assets/*.net`, see docs/internals.md
//! for how each was trained); `--net FILE` on `play`, `match` and `engine` replaces the
//! one for that file's game for the whole process ([`use_net_file`]).

pub mod nardy;
pub mod network;
// A unit-test file kept under `tests/`, where the checks that games stay in their
// own folders leave test code out.
#[cfg(test)]
#[path = "tests/same_runs.rs"]
mod same_runs;
pub mod seat_head;
pub mod seats;
pub mod td;
pub mod weights;

use std::sync::{Arc, OnceLock};

use anyhow::Context;

use crate::core::NewGame;

pub use nardy::NetBot;
pub use network::Network;
pub use weights::{NetFileError, NetInfo};

use crate::games::nardy::encode::{ENCODING_VERSION, INPUTS, inputs_of_layout};

/// The shipped Long Nardy network's file.
pub static SHIPPED_NARDY_NET: &[u8] = include_bytes!("../../../assets/nardy.net");

/// Long Nardy's reference network: the one shipped before input layout 2 (220,000 games,
/// 80 hidden units), kept so that every later network can be measured against it, and
/// the network that rolled out the built-in benchmark.
pub static REFERENCE_NARDY_NET: &[u8] = include_bytes!("../../../assets/nardy-reference.net");

/// The reference network, read on first use.
static REFERENCE: OnceLock<Arc<Network>> = OnceLock::new();

/// The network chosen with `--net`, if any.
static CHOSEN: OnceLock<(Arc<Network>, NetInfo)> = OnceLock::new();
/// The shipped network, read on first use.
static SHIPPED: OnceLock<(Arc<Network>, NetInfo)> = OnceLock::new();

/// Checks that a network read from a file is one for a Long Nardy input layout this
/// tabula encodes (today's, or an earlier one it still writes as a prefix of today's).
pub fn check_nardy(network: &Network, info: &NetInfo) -> Result<(), NetFileError> {
    if info.game != "nardy" {
        return Err(NetFileError::Mismatch(format!(
            "this network is for '{}', not for nardy",
            info.game
        )));
    }
    if inputs_of_layout(info.encoding) != Some(network.inputs()) || network.outputs() != network::OUTPUTS {
        return Err(NetFileError::Mismatch(format!(
            "this network reads input layout {} with {} inputs; this tabula encodes nardy as layout {ENCODING_VERSION} with {INPUTS}: retrain it with 'tabula train nardy'",
            info.encoding,
            network.inputs()
        )));
    }
    Ok(())
}

/// Reads a Long Nardy weight file's bytes.
pub fn read_nardy_net(bytes: &[u8]) -> Result<(Network, NetInfo), NetFileError> {
    let (network, info) = weights::from_bytes(bytes)?;
    check_nardy(&network, &info)?;
    Ok((network, info))
}

/// The network embedded in the binary.
pub fn shipped_nardy_net() -> &'static (Arc<Network>, NetInfo) {
    SHIPPED.get_or_init(|| {
        let (network, info) = read_nardy_net(SHIPPED_NARDY_NET)
            // A test checks the embedded file; it cannot be damaged in a built binary.
            .expect("the embedded network file is valid");
        (Arc::new(network), info)
    })
}

/// Reads a network file for training or play, with the file named in any error.
pub fn load_file(path: &std::path::Path) -> anyhow::Result<(Network, NetInfo)> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read the network file {}", path.display()))?;
    let (network, info) = weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))?;
    check_nardy(&network, &info).with_context(|| format!("{}", path.display()))?;
    Ok((network, info))
}

/// `bot:net` at `plies` for games of type `G`: Long Nardy's own network bot, else the
/// search on the game's network ([`seats::SeatNetBot`], which falls back on the game's
/// estimate where there is no network).
pub fn net_bot<G: crate::core::Game>(plies: u8, seed: u64) -> Box<dyn crate::ai::bots::Bot<G>> {
    crate::ai::bots::bot_as::<G, crate::games::nardy::Nardy>(|| {
        Box::new(NetBot::new(nardy_net(), plies, seed))
    })
    .unwrap_or_else(|| Box::new(seats::SeatNetBot::new(seats::NetSearch::new(plies), seed)))
}

/// Long Nardy's reference network ([`REFERENCE_NARDY_NET`]).
pub fn reference_nardy_net() -> Arc<Network> {
    Arc::clone(REFERENCE.get_or_init(|| {
        let (network, _) = read_nardy_net(REFERENCE_NARDY_NET)
            // A test checks the embedded file; it cannot be damaged in a built binary.
            .expect("the embedded reference network is valid");
        Arc::new(network)
    }))
}

/// `bot:reference` at `plies` for games of type `G`: Long Nardy's net bot on the
/// reference network; in the other games, which keep no reference, [`net_bot`].
pub fn reference_bot<G: crate::core::Game>(plies: u8, seed: u64) -> Box<dyn crate::ai::bots::Bot<G>> {
    crate::ai::bots::bot_as::<G, crate::games::nardy::Nardy>(|| {
        Box::new(NetBot::new(reference_nardy_net(), plies, seed))
    })
    .unwrap_or_else(|| net_bot::<G>(plies, seed))
}

/// Makes the network in `path` the one every net bot of this process uses for that
/// network's game (Long Nardy's, or the game and options its key names). Call it once,
/// before any bot is built; a second call is refused.
pub fn use_net_file(path: &std::path::Path) -> anyhow::Result<()> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read the network file {}", path.display()))?;
    let (network, info) = weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))?;
    if info.game != crate::games::nardy::Nardy::game_info().id {
        return seats::choose(network, info);
    }
    let (network, info) = load_file(path)?;
    CHOSEN
        .set((Arc::new(network), info))
        .map_err(|_| anyhow::anyhow!("a network was already chosen for this run"))
}

/// The network Long Nardy's net bots use: the one chosen with `--net`, else the shipped one.
pub fn nardy_net() -> Arc<Network> {
    Arc::clone(&CHOSEN.get().unwrap_or_else(|| shipped_nardy_net()).0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_network_reads() {
        let (network, info) = shipped_nardy_net();
        assert_eq!(Some(network.inputs()), inputs_of_layout(info.encoding));
        assert_eq!(info.game, "nardy");
        assert!(info.games > 0);
        let (reference, info) = read_nardy_net(REFERENCE_NARDY_NET).unwrap();
        assert_eq!(
            (reference.inputs(), info.encoding),
            (crate::games::nardy::encode::INPUTS_V1, 1)
        );
        assert_eq!(*reference_nardy_net(), reference);
    }

    #[test]
    fn wrong_game_or_layout_is_refused() {
        let network = Network::random(INPUTS, 4, 1);
        let old_layout = Network::random(crate::games::nardy::encode::INPUTS_V1, 4, 1);
        let mut info = NetInfo {
            game: "ur".into(),
            encoding: ENCODING_VERSION,
            ..NetInfo::default()
        };
        let error = read_nardy_net(&weights::to_bytes(&network, &info)).unwrap_err();
        assert!(error.to_string().contains("not for nardy"));
        info.game = "nardy".into();
        info.encoding = ENCODING_VERSION + 1;
        let error = read_nardy_net(&weights::to_bytes(&network, &info)).unwrap_err();
        assert!(error.to_string().contains("retrain"));
        info.encoding = ENCODING_VERSION;
        assert!(read_nardy_net(&weights::to_bytes(&network, &info)).is_ok());
        // Layout 1 is still read, with its own number of inputs only.
        assert!(
            read_nardy_net(&weights::to_bytes(
                &network,
                &NetInfo {
                    encoding: 1,
                    ..info.clone()
                }
            ))
            .is_err()
        );
        assert!(read_nardy_net(&weights::to_bytes(&old_layout, &NetInfo { encoding: 1, ..info })).is_ok());
    }
}
