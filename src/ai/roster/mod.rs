//! The roster: a bot name ([`BotKind`]) and the bot it means, for one concrete game or
//! for any game. Every path that builds a bot by name comes here.
//!
//! A bot for an [`AnyGame`] ([`BotKind::build_any`]) dispatches once per decision to a
//! bot built by the same [`BotGame::bot`] for the concrete game, so that searches run
//! on the concrete type and a name means one bot on every path. The `bot:net` levels
//! play on the networks they are built with (the crate's `Nets`). [`KeptBot`] keeps one
//! bot for a whole game, its tables alive between decisions, and [`seat_seed`] is the
//! seed of each seat's bot from the game's dice seed.
//!
//! Each built-in bot is one entry of the table `ROSTER`, the one place its name is
//! written: reading a name, writing one and the help's lists of bots all come from it.
//!
//! May use: core, games, and the rest of [`crate::ai`] but `crate::ai::train` and
//! `crate::ai::calibration`.

mod best;
mod bot_game;
mod dispatch;
mod kept;
mod name_error;

pub use best::{BestBot, BestLevel, best_documented, best_level, best_resolved};
pub use bot_game::BotGame;
pub use kept::{KeptBot, seat_seed};
pub use name_error::BotNameError;

use std::fmt;
use std::str::FromStr;

use crate::ai::bots::{Bot, BotUnfit, Greedy, MctsBot, RandomBot, SearchBot};
use crate::ai::learn::Nets;
use crate::ai::solve::perfect::Perfect;
use crate::core::BotLevel;
use crate::core::FullGame;
use crate::games::AnyGame;

/// The built-in bots by name, with their level where they have one.
///
/// # Example
///
/// Bots named as people type them (`greedy`, `best`, `expectimax:3`), built for a game
/// and asked for a move:
///
/// ```
/// use tabula::ai::bots::Bot;
/// use tabula::ai::roster::BotKind;
/// use tabula::core::{Game, NewGame, Notation, Phase, SeededDice};
/// use tabula::games::nardy::Nardy;
///
/// let greedy: BotKind = "greedy".parse()?;
/// assert_eq!(greedy, BotKind::Greedy);
/// let best: BotKind = "best".parse()?;
/// assert_eq!(best, BotKind::Best);
/// assert!("nobody".parse::<BotKind>().is_err());
///
/// let mut game = Nardy::default_game();
/// let mut dice = SeededDice::new(3);
/// while !matches!(game.phase(), Phase::Move(_)) {
///     let throw = game.roll(&mut dice);
///     game.set_dice(throw)?;
/// }
/// let mut legal = Vec::new();
/// game.legal_moves(&mut legal);
/// let mut bot: Box<dyn Bot<Nardy>> = best.build(42);
/// let index = bot.choose_move(&game, &legal);
/// println!("bot:best plays {}", game.format_move(&legal[index]));
/// game.play(&legal[index])?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Plays a uniformly random legal move.
    Random,
    /// Plays the move whose resulting position evaluates best (one ply).
    Greedy,
    /// Expectimax search `depth` move decisions deep (1 to 4) on the game's estimate.
    Expectimax {
        /// Move decisions searched.
        depth: u8,
    },
    /// The game's learned network, looking `plies` (1 to 6; Long Nardy's stops at 3)
    /// move decisions ahead; in a game or option set without a network,
    /// an expectimax search that deep on the game's estimate.
    Net {
        /// Move decisions searched.
        plies: u8,
    },
    /// `bot:net` on the reference network a game keeps so that later networks can be
    /// measured against it (Long Nardy's network before layout 2); in a game without
    /// one, the game's network, as `bot:net`.
    Reference {
        /// Move decisions searched.
        plies: u8,
    },
    /// Monte-Carlo tree search of `playouts` playouts per decision, any number of seats.
    Mcts {
        /// Playouts per decision.
        playouts: u32,
    },
    /// The strongest level that still decides quickly, chosen per game and options
    /// (perfect play where an Ur table is present).
    Best,
    /// Plays Ur's standard rule sets exactly from the table `tabula solve` builds, and
    /// two-seat Mnogoboy from the one built in.
    Perfect,
}

/// The deepest `bot:net` level that can be typed: cheap enough in Ur (tens of
/// milliseconds at five plies), slow with many seats, so a user asks for it knowingly.
pub const MAX_NET_PLIES: u8 = 6;

/// Reads the level typed after a bot's name (given the name, for its errors) into the
/// bot of that level.
type LevelReader = fn(&'static str, &str) -> Result<BotKind, BotNameError>;

/// One built-in bot as the roster lists it: the one place its name is written, from
/// which [`BOT_NAMES`], [`BotKind::name`], reading a name and [`typed_forms`] all come.
struct Listed {
    /// The name as typed, without `bot:` and without a level.
    name: &'static str,
    /// The bot the name means without a level.
    bare: BotKind,
    /// Reads the level typed after `NAME:` (`expectimax:3`), given the name; `None`
    /// for a bot without levels.
    level: Option<LevelReader>,
    /// What the help writes after `bot:NAME`: the level and what it means, if any.
    typed_level: fn() -> String,
}

/// The built-in bots, in the order the help, the man page and the completions give
/// them. A bot is added here, and its variant's arms then asked for by the compiler.
const ROSTER: &[Listed] = &[
    Listed {
        name: "random",
        bare: BotKind::Random,
        level: None,
        typed_level: String::new,
    },
    Listed {
        name: "greedy",
        bare: BotKind::Greedy,
        level: None,
        typed_level: String::new,
    },
    Listed {
        name: "expectimax",
        bare: BotKind::Expectimax { depth: DEFAULT_DEPTH },
        level: Some(|_, level| {
            let depth = level_in(level, 1..=MAX_DEPTH, |level| BotNameError::Depth { level })?;
            Ok(BotKind::Expectimax { depth })
        }),
        typed_level: || format!(":N (N 1 to {MAX_DEPTH})"),
    },
    Listed {
        name: "mcts",
        bare: BotKind::Mcts {
            playouts: DEFAULT_PLAYOUTS,
        },
        level: Some(|_, level| {
            let playouts = level_in(level, 1..=MAX_PLAYOUTS, |level| BotNameError::Playouts { level })?;
            Ok(BotKind::Mcts { playouts })
        }),
        typed_level: || ":N (N playouts)".to_string(),
    },
    Listed {
        name: "net",
        bare: BotKind::Net { plies: 1 },
        level: Some(|name, level| net_plies(name, level).map(|plies| BotKind::Net { plies })),
        typed_level: || format!("[:N] (N 1-{MAX_NET_PLIES})"),
    },
    Listed {
        name: "reference",
        bare: BotKind::Reference { plies: 1 },
        level: Some(|name, level| net_plies(name, level).map(|plies| BotKind::Reference { plies })),
        typed_level: || "[:N] (a game's reference network)".to_string(),
    },
    Listed {
        name: "best",
        bare: BotKind::Best,
        level: None,
        typed_level: String::new,
    },
    Listed {
        name: "perfect",
        bare: BotKind::Perfect,
        level: None,
        typed_level: || " (from a solved table; see 'tabula solve')".to_string(),
    },
];

/// The bot names as typed, for help and completion, in the order of the roster.
pub const BOT_NAMES: &[&str] = &{
    let mut names = [""; ROSTER.len()];
    let mut i = 0;
    while i < ROSTER.len() {
        names[i] = ROSTER[i].name;
        i += 1;
    }
    names
};

/// A level in `range`, else the error `bad` makes of the level as written.
fn level_in<T: FromStr + PartialOrd>(
    level: &str,
    range: std::ops::RangeInclusive<T>,
    bad: impl FnOnce(String) -> BotNameError,
) -> Result<T, BotNameError> {
    level
        .parse::<T>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| bad(level.to_string()))
}

/// The plies typed after a network bot's `name` (`net:3`).
fn net_plies(name: &'static str, level: &str) -> Result<u8, BotNameError> {
    level_in(level, 1..=MAX_NET_PLIES, |level| BotNameError::Plies {
        name,
        level,
    })
}

/// The deepest `bot:expectimax` search that can be typed.
pub const MAX_DEPTH: u8 = 4;

/// Every bot as people type it, with what its level means (`bot:net[:N] (N 1-6)`), in
/// the order of [`BOT_NAMES`]: the one list the help texts and the man page give.
pub fn typed_forms() -> Vec<String> {
    ROSTER.iter().map(|listed| listed.bare.typed_form()).collect()
}

/// The default search depth of `bot:expectimax`.
pub const DEFAULT_DEPTH: u8 = 2;

/// The default playouts per decision of `bot:mcts`.
pub const DEFAULT_PLAYOUTS: u32 = 1000;

/// The most playouts per decision `bot:mcts:N` accepts.
pub const MAX_PLAYOUTS: u32 = 1_000_000;

impl BotKind {
    /// The bot's base name as typed: `expectimax` (without its level).
    pub fn name(self) -> &'static str {
        self.listed().name
    }

    /// The roster's entry for this kind of bot, whatever its level.
    fn listed(self) -> &'static Listed {
        let kind = std::mem::discriminant(&self);
        ROSTER
            .iter()
            .find(|listed| std::mem::discriminant(&listed.bare) == kind)
            .expect("every kind of bot is in the roster")
    }

    /// The level written after the name, if any: none for a bot without levels, nor for
    /// the network bots' one ply, which their bare name means.
    fn written_level(self) -> Option<u32> {
        match self {
            BotKind::Expectimax { depth } => Some(depth.into()),
            BotKind::Net { plies: 1 } | BotKind::Reference { plies: 1 } => None,
            BotKind::Net { plies } | BotKind::Reference { plies } => Some(plies.into()),
            BotKind::Mcts { playouts } => Some(playouts),
            BotKind::Random | BotKind::Greedy | BotKind::Best | BotKind::Perfect => None,
        }
    }

    /// How people type this bot, with what its level means: `bot:expectimax:N (N 1 to
    /// 4)`, `bot:net[:N] (N 1-6)`.
    pub fn typed_form(self) -> String {
        format!("bot:{}{}", self.name(), (self.listed().typed_level)())
    }

    /// Whether this bot searches more than one move ahead in `game` (`bot:best` as it
    /// resolves there): such a bot takes a large share of a second a position, so that
    /// a long run of it is worth a warning.
    pub fn searches<G: FullGame>(self, game: &G) -> bool {
        match self {
            BotKind::Expectimax { depth: plies } | BotKind::Net { plies } | BotKind::Reference { plies } => {
                plies > 1
            }
            BotKind::Mcts { .. } => true,
            BotKind::Best => match best_resolved(game) {
                BotKind::Best => true,
                level => level.searches(game),
            },
            BotKind::Random | BotKind::Greedy | BotKind::Perfect => false,
        }
    }

    /// The bot's name as people should read it in `game`: `best (net:3)` for
    /// `bot:best` (the level it plays there, on this machine), the plain name for the
    /// others.
    pub fn shown_for<G: FullGame>(self, game: &G) -> String {
        match self {
            BotKind::Best => format!("best ({})", best_resolved(game)),
            other => other.to_string(),
        }
    }

    /// A new bot of this kind for games of type `G`, on the shipped networks: its own
    /// choices (ties, randomness) follow `seed`. The same as [`BotKind::build_with`]
    /// with the networks tabula ships.
    pub fn build<G: BotGame>(self, seed: u64) -> Box<dyn Bot<G>> {
        self.build_with(seed, &Nets::shipped())
    }

    /// A new bot of this kind for games of type `G`, its `bot:net` levels playing on
    /// `nets`; its own choices (ties, randomness) follow `seed`. The one place a bot name
    /// becomes a bot: the same name gives the same bot whether `G` is a concrete game or
    /// [`AnyGame`] (which hands each decision to a bot built here for the concrete game,
    /// so that searches never dispatch per node). Searches value positions by the game's
    /// own estimate, except that the `bot:net` levels play on the game's learned network.
    pub fn build_with<G: BotGame>(self, seed: u64, nets: &Nets) -> Box<dyn Bot<G>> {
        G::bot(self, seed, nets)
    }

    /// Whether this bot can play `game` as named: `Err` says why not and what to type
    /// instead (bot:perfect without its solved table, a `bot:net` level deeper than the
    /// game's network bot goes). Every place a bot is chosen for a game asks this first,
    /// so that a seat never plays other than its name says.
    pub fn check_for<G: FullGame>(self, game: &G) -> Result<(), BotUnfit> {
        match self {
            BotKind::Perfect => crate::ai::solve::perfect::check(game),
            BotKind::Net { plies } | BotKind::Reference { plies } => match game.deepest_net_level() {
                Some(deepest) if plies > deepest => Err(BotUnfit::TooDeep {
                    bot: self.to_string(),
                    game: game.info().id,
                    deepest,
                }),
                _ => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// A new bot of this kind for games of any kind: [`BotKind::build`] for [`AnyGame`].
    pub fn build_any(self, seed: u64) -> Box<dyn Bot<AnyGame>> {
        self.build(seed)
    }
}

/// The bot `kind` names for a concrete game type (what [`BotGame::bot`] builds unless
/// the game says otherwise).
fn concrete_bot<G: BotGame>(kind: BotKind, seed: u64, nets: &Nets) -> Box<dyn Bot<G>> {
    match kind {
        BotKind::Random => Box::new(RandomBot::new(seed)),
        BotKind::Greedy => Box::new(Greedy::new(seed)),
        // Where a game has no network, `net` searches as deep on the game's estimate.
        BotKind::Net { plies } => G::net_bot(plies, seed, nets),
        BotKind::Reference { plies } => G::reference_bot(plies, seed, nets),
        BotKind::Expectimax { depth } => Box::new(SearchBot::new(
            crate::ai::search::Expectimax::new(depth, crate::ai::search::GameEstimate),
            seed,
        )),
        BotKind::Mcts { playouts } => Box::new(MctsBot::new(crate::ai::search::Mcts::new(
            playouts,
            crate::ai::search::GameEstimate,
            seed,
        ))),
        // Where a solved table answers, best is perfect play.
        BotKind::Best => Box::new(Perfect::or_else(Box::new(BestBot::new(
            BestLevel::on(nets),
            seed,
        )))),
        BotKind::Perfect => Box::new(Perfect::new(seed)),
    }
}

/// The bot a game names as its `bot:best` level.
impl From<BotLevel> for BotKind {
    fn from(level: BotLevel) -> BotKind {
        match level {
            BotLevel::Greedy => BotKind::Greedy,
            BotLevel::Expectimax { depth } => BotKind::Expectimax { depth },
            BotLevel::Mcts { playouts } => BotKind::Mcts { playouts },
            BotLevel::Net { plies } => BotKind::Net { plies },
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        match self.written_level() {
            Some(level) => write!(f, ":{level}"),
            None => Ok(()),
        }
    }
}

impl FromStr for BotKind {
    type Err = BotNameError;

    fn from_str(text: &str) -> Result<BotKind, BotNameError> {
        let text = text.trim().to_ascii_lowercase();
        let (name, level) = match text.split_once(':') {
            Some((name, level)) => (name, Some(level)),
            None => (text.as_str(), None),
        };
        let Some(listed) = ROSTER.iter().find(|listed| listed.name == name) else {
            return Err(BotNameError::Unknown { text: text.clone() });
        };
        match (level, listed.level) {
            (None, _) => Ok(listed.bare),
            (Some(level), Some(read)) => read(listed.name, level),
            (Some(_), None) => Err(BotNameError::NoLevels { name: listed.name }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_levels_round_trip() {
        for text in [
            "random",
            "greedy",
            "best",
            "expectimax:1",
            "expectimax:4",
            "mcts:1",
            "mcts:50000",
            "perfect",
        ] {
            let kind: BotKind = text.parse().unwrap();
            assert_eq!(kind.to_string(), text);
        }
        let read = |text: &str| text.parse::<BotKind>();
        assert_eq!(read("expectimax"), Ok(BotKind::Expectimax { depth: 2 }));
        assert_eq!(read("net"), Ok(BotKind::Net { plies: 1 }));
        assert_eq!(read("net:6"), Ok(BotKind::Net { plies: 6 }));
        assert_eq!(read("reference"), Ok(BotKind::Reference { plies: 1 }));
        assert_eq!(
            read("mcts"),
            Ok(BotKind::Mcts {
                playouts: DEFAULT_PLAYOUTS
            })
        );
        // The default level is written without it.
        for (text, written) in [
            ("net:1", "net"),
            ("net:2", "net:2"),
            ("reference:2", "reference:2"),
        ] {
            assert_eq!(read(text).map(|k| k.to_string()), Ok(written.to_string()));
        }
        for (text, words) in [
            ("expectimax:5", "1 to 4"),
            ("net:7", "1 to 6"),
            ("reference:0", "reference plies"),
            ("greedy:2", "no levels"),
            ("mcts:0", "1 to"),
            ("mcts:lots", "e.g. bot:mcts:1000"),
            ("deep", "the bots are"),
        ] {
            let refused = read(text).map_err(|e| e.to_string());
            assert!(
                refused.as_ref().is_err_and(|e| e.contains(words)),
                "{text}: {refused:?}"
            );
        }
    }

    /// One bot of every kind, at a level other than its bare name's where it has one.
    fn one_of_each_kind() -> Vec<BotKind> {
        let each = vec![
            BotKind::Random,
            BotKind::Greedy,
            BotKind::Expectimax { depth: 3 },
            BotKind::Mcts { playouts: 50 },
            BotKind::Net { plies: 2 },
            BotKind::Reference { plies: 3 },
            BotKind::Best,
            BotKind::Perfect,
        ];
        for kind in &each {
            // A new kind of bot does not compile here until it has an arm, which is the
            // reminder to list it above too.
            match kind {
                BotKind::Random
                | BotKind::Greedy
                | BotKind::Expectimax { .. }
                | BotKind::Mcts { .. }
                | BotKind::Net { .. }
                | BotKind::Reference { .. }
                | BotKind::Best
                | BotKind::Perfect => {}
            }
        }
        each
    }

    #[test]
    fn every_kind_of_bot_is_listed_once_and_read_back_from_its_name() {
        let each = one_of_each_kind();
        for kind in &each {
            assert_eq!(kind.to_string().parse::<BotKind>(), Ok(*kind));
            assert!(BOT_NAMES.contains(&kind.name()), "BOT_NAMES lacks {kind}");
            let bare: BotKind = kind.name().parse().unwrap();
            assert_eq!(bare.name(), kind.name());
            assert!(
                typed_forms().contains(&kind.typed_form()),
                "typed_forms lacks {kind}"
            );
        }
        // One name for each kind and one kind for each name: a name listed without its
        // kind, or twice, shows here.
        let mut names: Vec<&str> = each.iter().map(|kind| kind.name()).collect();
        names.sort_unstable();
        names.dedup();
        let mut listed = BOT_NAMES.to_vec();
        listed.sort_unstable();
        assert_eq!(names, listed);
        assert_eq!(BOT_NAMES.len(), each.len());
    }

    #[test]
    fn the_typed_forms_are_the_names_with_their_levels() {
        assert_eq!(
            typed_forms(),
            [
                "bot:random",
                "bot:greedy",
                "bot:expectimax:N (N 1 to 4)",
                "bot:mcts:N (N playouts)",
                "bot:net[:N] (N 1-6)",
                "bot:reference[:N] (a game's reference network)",
                "bot:best",
                "bot:perfect (from a solved table; see 'tabula solve')",
            ]
        );
        assert_eq!(
            BotKind::Net { plies: 3 }.typed_form(),
            BotKind::Net { plies: 1 }.typed_form()
        );
    }

    #[test]
    fn only_bots_that_look_past_one_move_search() {
        use crate::core::NewGame;
        use crate::games::mnogoboy::Mnogoboy;
        use crate::games::nardy::Nardy;
        let nardy = Nardy::default_game();
        // Two seats by default.
        let two_seat_mnogoboy = Mnogoboy::default_game();
        for kind in one_of_each_kind() {
            let expected = match kind {
                BotKind::Random | BotKind::Greedy | BotKind::Perfect => false,
                BotKind::Expectimax { depth: plies }
                | BotKind::Net { plies }
                | BotKind::Reference { plies } => plies > 1,
                BotKind::Mcts { .. } => true,
                // Long Nardy's best is net:3.
                BotKind::Best => true,
            };
            assert_eq!(kind.searches(&nardy), expected, "{kind}");
        }
        for (kind, searches) in [
            (BotKind::Expectimax { depth: 1 }, false),
            (BotKind::Net { plies: 1 }, false),
            (BotKind::Reference { plies: 1 }, false),
        ] {
            assert_eq!(kind.searches(&nardy), searches, "{kind}");
        }
        // Two-seat Mnogoboy's best is perfect play from its built-in table: no search.
        assert_eq!(best_resolved(&two_seat_mnogoboy), BotKind::Perfect);
        assert!(!BotKind::Best.searches(&two_seat_mnogoboy));
    }

    #[test]
    fn games_may_name_levels_beyond_the_typed_ones() {
        let deep = BotKind::from(BotLevel::Expectimax { depth: 6 });
        assert_eq!(deep, BotKind::Expectimax { depth: 6 });
        assert!(deep.to_string().parse::<BotKind>().is_err());
        assert_eq!(
            BotKind::from(BotLevel::Mcts { playouts: 4000 }),
            BotKind::Mcts { playouts: 4000 }
        );
        assert_eq!(
            BotKind::from(BotLevel::Net { plies: 2 }),
            BotKind::Net { plies: 2 }
        );
        assert_eq!(BotKind::from(BotLevel::Greedy), BotKind::Greedy);
    }
}
