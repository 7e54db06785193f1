//! Which networks there are: the ones built into the binary, a game's reference
//! network, and those read from files (`--net`), each checked against the game its key
//! names (its encoder's layouts and its head's outputs) before a bot plays on it.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use anyhow::Context;

use super::weights;
use super::{NetFileError, NetInfo, Network};
use crate::core::{Encoding, NetHead};
use crate::games::{AnyGame, Cast, ConcreteVisitor, GameKind};

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

/// The shipped reference networks, read on first use.
static REFERENCES: OnceLock<Vec<(NetInfo, Arc<Network>)>> = OnceLock::new();

/// Checks that `network` (described by `info`) fits games like `game`, whose encoding
/// is `encoding`: their key, an input layout the game still reads, and the outputs of
/// its head.
pub fn check_fits<G: NetHead>(
    network: &Network,
    info: &NetInfo,
    game: &G,
    encoding: &Encoding,
) -> Result<(), NetFileError> {
    if info.game != encoding.key {
        return Err(NetFileError::Mismatch(format!(
            "this network is for '{}', not for '{}'",
            info.game, encoding.key
        )));
    }
    let outputs = game.head_outputs();
    if game.layout_inputs(info.encoding) != Some(network.inputs()) || network.outputs() != outputs {
        return Err(NetFileError::Mismatch(format!(
            "this network reads layout {} with {} inputs and {} outputs; this tabula encodes '{}' as layout {} with {} inputs and {outputs} outputs: retrain it with 'tabula train'",
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

/// Reads embedded network files.
fn read_all(files: &[&[u8]]) -> Vec<(NetInfo, Arc<Network>)> {
    files
        .iter()
        // A test reads every embedded file; none can be damaged in a built binary.
        .filter_map(|bytes| weights::from_bytes(bytes).ok())
        .map(|(network, info)| (info, Arc::new(network)))
        .collect()
}

/// The weight files every game builds in itself ([`NetHead::built_in_networks`]), or its
/// reference networks ([`NetHead::reference_networks`]).
fn games_files(references: bool) -> Vec<&'static [u8]> {
    struct Files(bool);
    impl<G: NetHead> ConcreteVisitor<G> for Files {
        type Output = &'static [&'static [u8]];
        fn visit(self, game: &G, _cast: &Cast<G>) -> Self::Output {
            match self.0 {
                true => game.reference_networks(),
                false => game.built_in_networks(),
            }
        }
    }
    GameKind::ALL
        .iter()
        .flat_map(|kind| {
            kind.default_game()
                .visit_concrete(Files(references))
                .iter()
                .copied()
        })
        .collect()
}

/// The shipped networks.
pub fn shipped() -> &'static [(NetInfo, Arc<Network>)] {
    SHIPPED.get_or_init(|| {
        let files: Vec<&[u8]> = SHIPPED_FILES.iter().copied().chain(games_files(false)).collect();
        read_all(&files)
    })
}

/// The shipped reference networks.
pub fn references() -> &'static [(NetInfo, Arc<Network>)] {
    REFERENCES.get_or_init(|| read_all(&games_files(true)))
}

/// Reads a weight file of any game, with the file named in any error.
pub fn read_net_file(path: &Path) -> anyhow::Result<(Network, NetInfo)> {
    let bytes = crate::ai::files::read_file(path, crate::ai::files::Limit::NETWORK)?;
    weights::from_bytes(&bytes).with_context(|| format!("{}", path.display()))
}

/// Checks a network read from a file against the game its key names, where that key
/// is a game's with its default options (a key naming other options is checked when
/// a game with them looks for its network).
fn check_for_its_game(network: &Network, info: &NetInfo) -> Result<(), NetFileError> {
    struct Check<'a>(&'a Network, &'a NetInfo);
    impl<G: NetHead> ConcreteVisitor<G> for Check<'_> {
        type Output = Result<(), NetFileError>;
        fn visit(self, game: &G, _cast: &Cast<G>) -> Self::Output {
            match game.encoding() {
                Some(encoding) if encoding.key == self.1.game => check_fits(self.0, self.1, game, &encoding),
                _ => Ok(()),
            }
        }
    }
    let id = info.game.split(' ').next().unwrap_or_default();
    match GameKind::from_id(id) {
        Ok(kind) => {
            let game: AnyGame = kind.default_game();
            game.visit_concrete(Check(network, info))
        }
        Err(_) => Ok(()),
    }
}

/// The networks bots play on: networks chosen from files for their games, the shipped
/// ones for every other (cheap to clone: the networks are shared).
#[derive(Clone, Debug, Default)]
pub struct Nets {
    /// Networks read from files, looked at before the shipped ones.
    chosen: Vec<(NetInfo, Arc<Network>)>,
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

    /// Reads the network in `path` for the game and options its key names (checked
    /// against that game's encoder and head where the key is a game's with its default
    /// options; a network that fits no game played is simply never used).
    pub fn read_file(&mut self, path: &Path) -> anyhow::Result<()> {
        let (network, info) = read_net_file(path)?;
        check_for_its_game(&network, &info).with_context(|| format!("{}", path.display()))?;
        self.chosen.insert(0, (info, Arc::new(network)));
        Ok(())
    }

    /// The network for `game`, if there is one: one read from a file, else a shipped one.
    pub fn for_game<G: NetHead>(&self, game: &G) -> Option<Arc<Network>> {
        let encoding = game.encoding()?;
        self.chosen
            .iter()
            .chain(shipped())
            .find(|(info, network)| check_fits(network, info, game, &encoding).is_ok())
            .map(|(_, network)| Arc::clone(network))
    }

    /// The reference network for `game` (`bot:reference`): a shipped one kept to measure
    /// later networks against, else the one [`Nets::for_game`] finds.
    pub fn reference_for<G: NetHead>(&self, game: &G) -> Option<Arc<Network>> {
        let encoding = game.encoding()?;
        references()
            .iter()
            .find(|(info, network)| check_fits(network, info, game, &encoding).is_ok())
            .map(|(_, network)| Arc::clone(network))
            .or_else(|| self.for_game(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Game, NewGame, Strategy};
    use crate::games::nardy::Nardy;
    use crate::games::nardy::encode::{ENCODING_VERSION, INPUTS, INPUTS_V1};

    #[test]
    fn the_embedded_nardy_networks_read() {
        let game = Nardy::default_game();
        let shipped = Nets::shipped().for_game(&game).unwrap();
        assert_eq!(shipped.inputs(), INPUTS);
        let reference = Nets::shipped().reference_for(&game).unwrap();
        assert_eq!(reference.inputs(), INPUTS_V1);
        let (info, _) = references()[0].clone();
        assert_eq!((info.game.as_str(), info.encoding), ("nardy", 1));
        // A game with no reference network plays its own as the reference.
        let ur = crate::games::ur::Ur::default_game();
        assert_eq!(Nets::shipped().reference_for(&ur), Nets::shipped().for_game(&ur));
    }

    #[test]
    fn wrong_game_or_layout_is_refused() {
        let game = Nardy::default_game();
        let encoding = game.encoding().unwrap();
        let network = Network::random(INPUTS, 4, 1);
        let old_layout = Network::random(INPUTS_V1, 4, 1);
        let mut info = NetInfo {
            game: "ur".into(),
            encoding: ENCODING_VERSION,
            ..NetInfo::default()
        };
        let fits = |network: &Network, info: &NetInfo| check_fits(network, info, &game, &encoding);
        let error = fits(&network, &info).unwrap_err();
        assert!(error.to_string().contains("not for 'nardy'"), "{error}");
        info.game = "nardy".into();
        info.encoding = ENCODING_VERSION + 1;
        let error = fits(&network, &info).unwrap_err();
        assert!(error.to_string().contains("retrain"), "{error}");
        info.encoding = ENCODING_VERSION;
        assert!(fits(&network, &info).is_ok());
        assert!(check_for_its_game(&network, &info).is_ok());
        // Layout 1 is still read, with its own number of inputs only.
        let layout_1 = NetInfo {
            encoding: 1,
            ..info.clone()
        };
        assert!(fits(&network, &layout_1).is_err());
        assert!(check_for_its_game(&network, &layout_1).is_err());
        assert!(fits(&old_layout, &layout_1).is_ok());
        // Five outputs, not one per seat.
        let seats = Network::random_with_outputs(INPUTS, 4, 2, 1);
        assert!(fits(&seats, &info).is_err());
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
        let game = Nardy::default_game();
        let nardy = Network::random(INPUTS, 4, 1);
        let info = NetInfo {
            game: Nardy::game_info().id.into(),
            encoding: ENCODING_VERSION,
            ..NetInfo::default()
        };
        let own = chosen("nardy", &nardy, &info);
        assert_eq!(*own.for_game(&game).unwrap(), nardy);
        assert_ne!(*shipped.for_game(&game).unwrap(), nardy);

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
        assert_eq!(own.for_game(&game), shipped.for_game(&game));
    }

    #[test]
    fn every_shipped_network_reads_and_fits_a_game() {
        assert_eq!(shipped().len(), SHIPPED_FILES.len() + games_files(false).len());
        assert_eq!(references().len(), games_files(true).len());
        for (info, network) in shipped() {
            assert!(info.games > 0, "{}", info.game);
            assert!(network.outputs() >= 2, "{}", info.game);
        }
        let games = [games_files(false), games_files(true)].concat();
        let bytes: usize = SHIPPED_FILES.iter().chain(&games).map(|f| f.len()).sum();
        assert!(bytes <= 2 << 20, "the built-in networks take {bytes} bytes");
    }
}
