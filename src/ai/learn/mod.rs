//! Evaluations learned by self-play: a small network in plain Rust ([`network`]), its
//! weight file ([`weights`]), TD(lambda) training for any game through its encoder
//! ([`td`], with one output per seat by [`seat_head`]; Long Nardy's five outcome
//! chances are its head in [`crate::ai::train`]), its use as Long Nardy's evaluation
//! and bots ([`nardy`]) and as every other game's ([`seats`]).
//!
//! The networks tabula ships are embedded in the binary (`assets/*.net`, see docs/internals.md
//! for how each was trained); `--net FILE` on `play`, `match` and `engine` replaces the
//! one for that file's game for the bots it builds ([`Nets`], a value handed to wherever
//! bots are built, so that two bots of one process may play on different networks).

pub mod curve;
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

use std::path::Path;
use std::sync::{Arc, OnceLock};

use anyhow::Context;

use crate::core::NewGame;
use crate::games::nardy::Nardy;

pub use nardy::NetBot;
pub use network::Network;
pub use weights::{NetFileError, NetInfo};

use crate::core::Strategy;
use crate::games::nardy::encode::{ENCODING_VERSION, INPUTS, inputs_of_layout};

/// The shipped Long Nardy network's file.
pub static SHIPPED_NARDY_NET: &[u8] = include_bytes!("../../../assets/nardy.net");

/// Long Nardy's reference network: the one shipped before input layout 2 (220,000 games,
/// 80 hidden units), kept so that every later network can be measured against it, and
/// the network that rolled out the built-in benchmark.
pub static REFERENCE_NARDY_NET: &[u8] = include_bytes!("../../../assets/nardy-reference.net");

/// The reference network, read on first use.
static REFERENCE: OnceLock<Arc<Network>> = OnceLock::new();

/// The shipped network, read on first use.
static SHIPPED: OnceLock<(Arc<Network>, NetInfo)> = OnceLock::new();

/// Checks that a network read from a file is one for a Long Nardy input layout this
/// tabula encodes (today's, or an earlier one it still writes as a prefix of today's).
pub fn check_nardy(network: &Network, info: &NetInfo) -> Result<(), NetFileError> {
    let nardy = Nardy::game_info().id;
    if info.game != nardy {
        return Err(NetFileError::Mismatch(format!(
            "this network is for '{}', not for {nardy}",
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
    let (network, info) = read_net_file(path)?;
    check_nardy(&network, &info).with_context(|| format!("{}", path.display()))?;
    Ok((network, info))
}

/// Reads a weight file of any game, with the file named in any error.
fn read_net_file(path: &std::path::Path) -> anyhow::Result<(Network, NetInfo)> {
    let bytes = crate::ai::files::read_file(path, crate::ai::files::Limit::NETWORK)?;
    weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))
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

/// The networks bots play on: a network chosen from a file for its game, the shipped
/// ones for every other (cheap to clone: the networks are shared).
#[derive(Clone, Debug, Default)]
pub struct Nets {
    /// Long Nardy's network read from a file, in place of the shipped one.
    nardy: Option<Arc<Network>>,
    /// Networks read from files for other games and option sets, looked at before the
    /// shipped ones.
    seats: Vec<(NetInfo, Arc<Network>)>,
}

impl Nets {
    /// The shipped networks only.
    pub fn shipped() -> Nets {
        Nets::default()
    }

    /// The shipped networks, with the one in `path` (if any) in place of the shipped one
    /// for its game: what `--net FILE` chooses.
    pub fn with_file(path: Option<&Path>) -> anyhow::Result<Nets> {
        let mut nets = Nets::shipped();
        if let Some(path) = path {
            nets.read_file(path)?;
        }
        Ok(nets)
    }

    /// Reads the network in `path` for its game: Long Nardy's (checked against the
    /// input layout this tabula encodes), or the game and options its key names (a
    /// network that fits no game played is simply never used).
    pub fn read_file(&mut self, path: &Path) -> anyhow::Result<()> {
        let (network, info) = read_net_file(path)?;
        if info.game != Nardy::game_info().id {
            self.seats.insert(0, (info, Arc::new(network)));
            return Ok(());
        }
        check_nardy(&network, &info).with_context(|| format!("{}", path.display()))?;
        self.nardy = Some(Arc::new(network));
        Ok(())
    }

    /// The network Long Nardy's net bots play on: the one read from a file, else the
    /// shipped one.
    pub fn nardy(&self) -> Arc<Network> {
        match &self.nardy {
            Some(network) => Arc::clone(network),
            None => Arc::clone(&shipped_nardy_net().0),
        }
    }

    /// The network for `game`, if there is one: one read from a file, else a shipped one.
    pub fn for_game<G: Strategy>(&self, game: &G) -> Option<Arc<Network>> {
        let encoding = game.encoding()?;
        let seats = game.seat_count();
        self.seats
            .iter()
            .chain(seats::shipped())
            .find(|(info, network)| seats::check_fits(network, info, &encoding, seats).is_ok())
            .map(|(_, network)| Arc::clone(network))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;

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

    /// Writes `network` for `info` to a file of its own and reads it as `--net` does.
    fn chosen(name: &str, network: &Network, info: &NetInfo) -> Nets {
        let path = std::env::temp_dir().join(format!("tabula-nets-{name}-{}.net", std::process::id()));
        weights::save(&path, network, info).unwrap();
        let nets = Nets::with_file(Some(&path)).unwrap();
        std::fs::remove_file(&path).unwrap();
        nets
    }

    #[test]
    fn two_sets_of_networks_live_side_by_side() {
        let shipped = Nets::shipped();
        let nardy = Network::random(INPUTS, 4, 1);
        let info = NetInfo {
            game: Nardy::game_info().id.into(),
            encoding: ENCODING_VERSION,
            ..NetInfo::default()
        };
        let own = chosen("nardy", &nardy, &info);
        assert_eq!(*own.nardy(), nardy);
        assert_eq!(shipped.nardy(), shipped_nardy_net().0);

        let ur = crate::games::ur::Ur::default_game();
        let encoding = ur.encoding().unwrap();
        let seats = Network::random_with_outputs(encoding.inputs, 4, ur.seat_count(), 1);
        let info = NetInfo {
            game: encoding.key.clone(),
            encoding: encoding.version,
            ..NetInfo::default()
        };
        let own = chosen("ur", &seats, &info);
        assert_eq!(own.for_game(&ur).as_deref(), Some(&seats));
        assert_ne!(shipped.for_game(&ur).as_deref(), Some(&seats));
        // A network for one game leaves every other game its shipped network.
        assert_eq!(*own.nardy(), *shipped.nardy());
    }
}
