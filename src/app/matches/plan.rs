//! Who plays which game of a match: the pairings (every set of seats' worth of players in
//! a round robin, the first player against the others in a gauntlet), the seats rotated
//! on each dice seed, the slice of the games a shard plays, and the lines that tell the
//! records which match a game belongs to.

use std::sync::OnceLock;

use super::MatchConfig;
use super::openings::Starts;
use crate::app::protocol::client::EngineSettings;
use crate::core::Game;
use crate::core::stats::sprt::{Sprt, SprtError};

/// How players meet when there are more of them than seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pairing {
    /// Every set of seats' worth of players.
    #[default]
    RoundRobin,
    /// The first player with every set of the others.
    Gauntlet,
}

impl Pairing {
    /// The pairing's word in the records: `round-robin` or `gauntlet`.
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Pairing::RoundRobin => "round-robin",
            Pairing::Gauntlet => "gauntlet",
        }
    }

    /// The pairing [`Pairing::as_str`] names `text`.
    pub(super) fn named(text: &str) -> Option<Pairing> {
        [Pairing::RoundRobin, Pairing::Gauntlet]
            .into_iter()
            .find(|p| p.as_str() == text)
    }
}

/// The `K`-th of `N` fixed slices of a match (`K` from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl std::str::FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let (k, n) = text.split_once('/').ok_or_else(|| ShardError::NotASlash {
            text: text.to_string(),
        })?;
        let (Ok(index), Ok(count)) = (k.trim().parse::<u64>(), n.trim().parse::<u64>()) else {
            return Err(ShardError::NotNumbers {
                text: text.to_string(),
            });
        };
        if index == 0 || index > count {
            return Err(ShardError::NoSuchShard { index, count });
        }
        Ok(Shard { index, count })
    }
}

/// How to write `--shard`, for its messages.
const SHARD_USAGE: &str = "write --shard K/N with 1 <= K <= N, e.g. --shard 2/8";

/// Why a text is not a shard `K/N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// No `/` between the two numbers.
    #[error("'{text}' is not K/N; {}", SHARD_USAGE)]
    NotASlash {
        /// The text as written.
        text: String,
    },
    /// `K` or `N` is not a whole number.
    #[error("'{text}' is not two whole numbers K/N; {}", SHARD_USAGE)]
    NotNumbers {
        /// The text as written.
        text: String,
    },
    /// A slice outside `1..=N`.
    #[error("shard {index} of {count} does not exist; {}", SHARD_USAGE)]
    NoSuchShard {
        /// The slice asked for.
        index: u64,
        /// How many slices.
        count: u64,
    },
}

/// What a match adds to one game per seat's worth of players.
#[derive(Clone, Default)]
pub struct Tourney {
    /// How more players than seats meet.
    pub pairing: Pairing,
    /// Stop as soon as this test decides (two players).
    pub sprt: Option<Sprt>,
    /// A player's rating fixed at this Elo (otherwise the mean is 0).
    pub anchor: Option<(usize, f64)>,
    /// Play only this slice of the games.
    pub shard: Option<Shard>,
    /// Engine settings per player (from an engines file); a player past the end, or all
    /// when empty, uses the match's.
    pub engines: Vec<EngineSettings>,
    /// Where the games start (`--positions`).
    pub starts: Starts,
    /// Print a line as each game ends (`--each-game`).
    pub each_game: bool,
    /// Print the table of the games so far every this many games (`--report-every`).
    pub report_every: Option<u64>,
    /// The pairings, worked out once (leave it at its default).
    pub pairings: PairingsCache,
    /// Where every game is written as a JSON line (`--jsonl`).
    pub jsonl: Option<std::path::PathBuf>,
    /// Stop a game once an exact source gives its result at least this chance
    /// (`--adjudicate[=P]`).
    pub adjudicate: Option<f64>,
    /// Start every engine afresh for every game (`--restart`), instead of keeping it.
    pub restart: bool,
    /// The name each player's engine gave at the check before the games (none for
    /// bots), by which names that two players share are told apart.
    pub engine_names: Vec<Option<String>>,
    /// Drop a damaged game of the records rather than refuse them (`--force`): it is
    /// left out of the table, and a resumed match plays it again.
    pub force: bool,
}

/// The pairings of a match once worked out (see [`MatchConfig::pairings`]).
#[derive(Clone, Default)]
pub struct PairingsCache(OnceLock<Vec<Vec<usize>>>);

/// Every `k`-subset of `items`, in lexicographic order.
fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        if items.len() - i < k {
            break;
        }
        for mut rest in subsets(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

impl MatchConfig {
    /// How many seats the game has.
    pub fn seats(&self) -> usize {
        self.kind
            .new_game(&self.options)
            .map_or(self.players.len(), |g| g.seat_count())
    }

    /// The sets of players that meet, each in seat order before rotation.
    pub fn pairings(&self) -> &[Vec<usize>] {
        self.tourney.pairings.0.get_or_init(|| {
            let (seats, players) = (self.seats(), self.players.len());
            if players <= seats {
                return vec![(0..players).collect()];
            }
            match self.tourney.pairing {
                Pairing::RoundRobin => subsets(&(0..players).collect::<Vec<_>>(), seats),
                Pairing::Gauntlet => subsets(&(1..players).collect::<Vec<_>>(), seats - 1)
                    .into_iter()
                    .map(|mut others| {
                        others.insert(0, 0);
                        others
                    })
                    .collect(),
            }
        })
    }

    /// Games in one round: every pairing once from each seat.
    pub fn round_length(&self) -> u64 {
        (self.seats() * self.pairings().len()) as u64
    }

    /// Which player sits in each seat for game `index`.
    pub fn seat_players(&self, index: u64) -> Vec<usize> {
        let seats = self.seats() as u64;
        let pairings = self.pairings();
        let pairing = &pairings[((index / seats) % pairings.len() as u64) as usize];
        (0..seats)
            .map(|seat| pairing[((seat + index % seats) % seats) as usize])
            .collect()
    }

    /// The dice seed of game `index`: one per round, so every pairing plays it.
    pub fn dice_seed(&self, index: u64) -> u64 {
        self.seed.wrapping_add(index / self.round_length().max(1))
    }

    /// The position game `index` starts from, with `--positions`: one per round, so every
    /// pairing plays it from every seat on the round's dice.
    pub fn opening(&self, index: u64) -> Option<&str> {
        match &self.tourney.starts {
            Starts::Positions(openings) => openings.for_round(index / self.round_length().max(1)),
            Starts::Fresh | Starts::Recorded(_) => None,
        }
    }

    /// True if game `index` is in this run's slice (every game without `--shard`): the
    /// games of one dice seed and pairing stay together.
    pub fn in_shard(&self, index: u64) -> bool {
        self.tourney
            .shard
            .is_none_or(|shard| (index / self.seats() as u64) % shard.count == shard.index - 1)
    }

    /// The engine settings of `player`.
    pub fn engine_settings(&self, player: usize) -> &EngineSettings {
        self.tourney.engines.get(player).unwrap_or(&self.engines)
    }

    /// The record lines that tie a game to its match, so that `tabula match report` can
    /// put the games of any files together: the plan, then each seat's player.
    pub(super) fn plan_lines(&self, seat_players: &[usize]) -> Vec<String> {
        let mut lines = vec![self.plan().to_string()];
        for &player in seat_players {
            let entry = &self.players[player];
            lines.push(player_line(player + 1, entry.name.as_deref(), &entry.spec));
        }
        lines
    }

    /// The plan of this match, as its `match-plan` line says it.
    pub(super) fn plan(&self) -> PlanLine {
        PlanLine {
            seed: self.seed,
            players: self.players.len(),
            pairing: self.tourney.pairing,
            games: self.games,
            sprt: self.tourney.sprt,
            positions: match &self.tourney.starts {
                Starts::Positions(openings) => Some(openings.positions.len() as u64),
                Starts::Fresh | Starts::Recorded(_) => None,
            },
        }
    }
}

/// A player as `--player` takes it: `NAME=SPEC` or `SPEC`.
pub(super) fn player_text(name: Option<&str>, spec: &dyn std::fmt::Display) -> String {
    match name {
        Some(name) => format!("{name}={spec}"),
        None => spec.to_string(),
    }
}

/// The record line of player `number` (from 1): `match-player N PLAYER`.
pub(super) fn player_line(number: usize, name: Option<&str>, spec: &dyn std::fmt::Display) -> String {
    format!("match-player {number} {}", player_text(name, spec))
}

/// A test as the `match-plan` line (and the JSON lines) write it.
pub(super) fn sprt_text(sprt: &Sprt) -> String {
    format!(
        "elo0={},elo1={},alpha={},beta={}",
        sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
    )
}

/// A `match-plan` line: the match a game belongs to. It prints as the whole line.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PlanLine {
    /// The first dice seed (`--seed`).
    pub seed: u64,
    /// How many players the match has.
    pub players: usize,
    /// How more players than seats meet.
    pub pairing: Pairing,
    /// Games planned (`--games`).
    pub games: u64,
    /// The SPRT the match stops on.
    pub sprt: Option<Sprt>,
    /// How many positions the games started from, in turn (`--positions`).
    pub positions: Option<u64>,
}

impl std::fmt::Display for PlanLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "match-plan seed={} players={} pairing={} games={}",
            self.seed,
            self.players,
            self.pairing.as_str(),
            self.games
        )?;
        if let Some(sprt) = &self.sprt {
            write!(f, " sprt={}", sprt_text(sprt))?;
        }
        if let Some(positions) = self.positions {
            write!(f, " positions={positions}")?;
        }
        Ok(())
    }
}

impl PlanLine {
    /// Reads the words after `match-plan`.
    pub fn parse(text: &str) -> Result<PlanLine, PlanLineError> {
        let mut plan = PlanLine {
            seed: 0,
            players: 0,
            pairing: Pairing::RoundRobin,
            games: 0,
            sprt: None,
            positions: None,
        };
        let mut seen = 0;
        for word in text.split_whitespace() {
            let (key, value) = word.split_once('=').unwrap_or((word, ""));
            let bad = || PlanLineError::BadWord {
                word: word.to_string(),
            };
            match key {
                "seed" => plan.seed = value.parse().map_err(|_| bad())?,
                "players" => plan.players = value.parse().map_err(|_| bad())?,
                "games" => plan.games = value.parse().map_err(|_| bad())?,
                "pairing" => plan.pairing = Pairing::named(value).ok_or_else(bad)?,
                "sprt" => plan.sprt = Some(Sprt::parse(value)?),
                "positions" => plan.positions = Some(value.parse().map_err(|_| bad())?),
                _ => return Err(bad()),
            }
            seen += 1;
        }
        if seen < 4 || plan.players == 0 {
            return Err(PlanLineError::Incomplete);
        }
        Ok(plan)
    }
}

/// Why the words of a `match-plan` line cannot be read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub(super) enum PlanLineError {
    /// A word with an unknown key or a value that does not fit it.
    #[error("the 'match-plan' line has a bad '{word}'")]
    BadWord {
        /// The word as written, `KEY=VALUE`.
        word: String,
    },
    /// The `sprt=` test cannot be read.
    #[error(transparent)]
    Sprt(#[from] SprtError),
    /// Too few words, or no players.
    #[error("the 'match-plan' line lacks seed, players, pairing or games")]
    Incomplete,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    fn config(kind: GameKind, options: &[&str], players: usize, pairing: Pairing) -> MatchConfig {
        MatchConfig {
            seed: 10,
            tourney: Tourney {
                pairing,
                ..Tourney::default()
            },
            ..MatchConfig::for_test(kind, options, &vec!["bot:random"; players])
        }
    }

    #[test]
    fn as_many_players_as_seats_rotate_through_them_on_each_seed() {
        let config = config(GameKind::Aeroplane, &["players=3"], 3, Pairing::RoundRobin);
        assert_eq!(config.pairings(), &[vec![0, 1, 2]]);
        assert_eq!(config.seat_players(0), vec![0, 1, 2]);
        assert_eq!(config.seat_players(1), vec![1, 2, 0]);
        assert_eq!(config.seat_players(5), vec![2, 0, 1]);
        assert_eq!(
            (0..7).map(|g| config.dice_seed(g)).collect::<Vec<_>>(),
            vec![10, 10, 10, 11, 11, 11, 12]
        );
    }

    #[test]
    fn a_round_robin_plays_every_pairing_on_the_same_dice_from_both_seats() {
        let config = config(GameKind::Nardy, &[], 3, Pairing::RoundRobin);
        assert_eq!(config.pairings(), &[vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(config.round_length(), 6);
        let seated: Vec<Vec<usize>> = (0..6).map(|g| config.seat_players(g)).collect();
        assert_eq!(
            seated,
            vec![
                vec![0, 1],
                vec![1, 0],
                vec![0, 2],
                vec![2, 0],
                vec![1, 2],
                vec![2, 1]
            ]
        );
        assert!((0..6).all(|g| config.dice_seed(g) == 10));
        assert_eq!(config.dice_seed(6), 11);
        // Four players in three seats: every set of three.
        let config = self::config(GameKind::Aeroplane, &["players=3"], 4, Pairing::RoundRobin);
        assert_eq!(config.pairings().len(), 4);
        assert_eq!(config.round_length(), 12);
    }

    #[test]
    fn a_gauntlet_sets_the_first_player_against_the_others() {
        let config = config(GameKind::Nardy, &[], 4, Pairing::Gauntlet);
        assert_eq!(config.pairings(), &[vec![0, 1], vec![0, 2], vec![0, 3]]);
        let config = self::config(GameKind::Mnogoboy, &["players=3"], 4, Pairing::Gauntlet);
        assert_eq!(config.pairings(), &[vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3]]);
    }

    #[test]
    fn shards_split_the_games_by_whole_sets_and_cover_each_once() {
        let mut config = config(GameKind::Nardy, &[], 2, Pairing::RoundRobin);
        let mut seen = vec![0; 20];
        for index in 1..=3 {
            config.tourney.shard = Some(Shard { index, count: 3 });
            for g in 0..20u64 {
                if config.in_shard(g) {
                    seen[g as usize] += 1;
                    assert!(config.in_shard(g ^ 1), "game {g}'s pair goes with it");
                }
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
        assert_eq!("2/8".parse(), Ok(Shard { index: 2, count: 8 }));
        for bad in ["0/3", "4/3", "a/b", "3"] {
            assert!(
                bad.parse::<Shard>()
                    .unwrap_err()
                    .to_string()
                    .contains("--shard K/N"),
                "{bad}"
            );
        }
    }

    #[test]
    fn every_shard_error_reads_in_full() {
        let usage = "write --shard K/N with 1 <= K <= N, e.g. --shard 2/8";
        let message = |text: &str| text.parse::<Shard>().unwrap_err().to_string();
        assert_eq!(message("3"), format!("'3' is not K/N; {usage}"));
        assert_eq!(
            message("a/8"),
            format!("'a/8' is not two whole numbers K/N; {usage}")
        );
        assert_eq!(message("0/3"), format!("shard 0 of 3 does not exist; {usage}"));
        assert_eq!(message("4/3"), format!("shard 4 of 3 does not exist; {usage}"));
    }

    #[test]
    fn every_plan_line_error_reads_in_full() {
        let message = |text: &str| PlanLine::parse(text).unwrap_err().to_string();
        assert_eq!(
            message("seed=1 colour=red"),
            "the 'match-plan' line has a bad 'colour=red'"
        );
        assert_eq!(
            message("seed=x players=2 pairing=gauntlet games=4"),
            "the 'match-plan' line has a bad 'seed=x'"
        );
        assert_eq!(
            message("seed=1 players=2 pairing=swiss games=4"),
            "the 'match-plan' line has a bad 'pairing=swiss'"
        );
        assert_eq!(
            message("seed=1 players=2 pairing=gauntlet games=4 sprt=elo0=0"),
            Sprt::parse("elo0=0").unwrap_err().to_string()
        );
        assert_eq!(
            message("seed=1 players=2 games=4"),
            "the 'match-plan' line lacks seed, players, pairing or games"
        );
        assert_eq!(
            message("seed=1 players=0 pairing=gauntlet games=4"),
            "the 'match-plan' line lacks seed, players, pairing or games"
        );
    }

    #[test]
    fn shard_and_plan_line_errors_keep_the_facts() {
        assert_eq!(
            "5/4".parse::<Shard>(),
            Err(ShardError::NoSuchShard { index: 5, count: 4 })
        );
        assert_eq!(
            "2-4".parse::<Shard>(),
            Err(ShardError::NotASlash { text: "2-4".into() })
        );
        assert_eq!(
            "two/4".parse::<Shard>(),
            Err(ShardError::NotNumbers { text: "two/4".into() })
        );
        assert_eq!(
            PlanLine::parse("seed=1 colour=red"),
            Err(PlanLineError::BadWord {
                word: "colour=red".into()
            })
        );
        assert!(matches!(
            PlanLine::parse("seed=1 players=2 pairing=gauntlet games=4 sprt=elo0=0"),
            Err(PlanLineError::Sprt(_))
        ));
        assert_eq!(PlanLine::parse("seed=1"), Err(PlanLineError::Incomplete));
    }

    #[test]
    fn the_plan_line_reads_back() {
        let mut config = config(GameKind::Nardy, &[], 3, Pairing::Gauntlet);
        config.tourney.sprt = Some(Sprt::parse("elo0=0,elo1=20").unwrap());
        let lines = config.plan_lines(&[2, 0]);
        assert_eq!(lines[1], "match-player 3 bot:random");
        let plan = PlanLine::parse(lines[0].strip_prefix("match-plan ").unwrap()).unwrap();
        assert_eq!(plan.seed, 10);
        assert_eq!(plan.players, 3);
        assert_eq!(plan.pairing, Pairing::Gauntlet);
        assert_eq!(plan.games, 100);
        assert_eq!(plan.sprt, config.tourney.sprt);
        assert!(PlanLine::parse("seed=1 colour=red").is_err());
    }
}
