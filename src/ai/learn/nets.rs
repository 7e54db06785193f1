//! Which networks the bots of one player play on: the shipped ones, with a network read
//! from a file (`--net FILE`) in place of the shipped one for that file's game. A value,
//! handed to wherever bots are built, so that two bots of one process may play on
//! different networks.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;

use super::network::Network;
use super::weights::{self, NetInfo};
use crate::core::{Game, NewGame};
use crate::games::nardy::Nardy;

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
        let bytes = std::fs::read(path)
            .with_context(|| format!("cannot read the network file {}", path.display()))?;
        let (network, info) = weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))?;
        if info.game != Nardy::game_info().id {
            self.seats.insert(0, (info, Arc::new(network)));
            return Ok(());
        }
        let (network, _) = super::load_file(path)?;
        self.nardy = Some(Arc::new(network));
        Ok(())
    }

    /// The network Long Nardy's net bots play on: the one read from a file, else the
    /// shipped one.
    pub fn nardy(&self) -> Arc<Network> {
        match &self.nardy {
            Some(network) => Arc::clone(network),
            None => Arc::clone(&super::shipped_nardy_net().0),
        }
    }

    /// The network for `game`, if there is one: one read from a file, else a shipped one.
    pub fn for_game<G: Game>(&self, game: &G) -> Option<Arc<Network>> {
        let encoding = game.encoding()?;
        let seats = game.seat_count();
        self.seats
            .iter()
            .chain(super::seats::shipped())
            .find(|(info, network)| super::seats::check_fits(network, info, &encoding, seats).is_ok())
            .map(|(_, network)| Arc::clone(network))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nardy::encode::{ENCODING_VERSION, INPUTS};
    use crate::games::ur::Ur;

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
        assert_eq!(shipped.nardy(), super::super::shipped_nardy_net().0);

        let ur = Ur::default_game();
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
