//! Who plays a seat: `human`, `bot:NAME` or `engine:COMMAND`, and seats named by name or
//! number (`--seat black=bot:random`, `--seat 2=human`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::ai::roster::{BotKind, BotNameError};
use crate::app::record::split_name;
use crate::core::{FullGame, Game, UnknownSeat};

/// The player in one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person at the keyboard (or lines of a piped script).
    Human,
    /// A built-in bot.
    Bot(BotKind),
    /// An external program speaking the engine protocol, started with this command line.
    Engine(String),
}

impl PlayerSpec {
    /// The built-in bot, if this player is one.
    pub fn bot(&self) -> Option<BotKind> {
        match self {
            PlayerSpec::Bot(bot) => Some(*bot),
            _ => None,
        }
    }

    /// The player as people should read it in `game`: `bot:best (net:3)` says what
    /// `bot:best` plays there ([`BotKind::shown_for`]); others as typed.
    pub fn shown_for<G: FullGame>(&self, game: &G) -> String {
        match self {
            PlayerSpec::Bot(kind) => format!("bot:{}", kind.shown_for(game)),
            other => other.to_string(),
        }
    }

    /// True for a person.
    pub fn is_human(&self) -> bool {
        matches!(self, PlayerSpec::Human)
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => f.write_str("human"),
            PlayerSpec::Bot(kind) => write!(f, "bot:{kind}"),
            PlayerSpec::Engine(command) => write!(f, "engine:{command}"),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = PlayerError;

    fn from_str(text: &str) -> Result<PlayerSpec, PlayerError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("human") {
            return Ok(PlayerSpec::Human);
        }
        if let Some(name) = text.strip_prefix("bot:") {
            return Ok(PlayerSpec::Bot(name.parse()?));
        }
        if let Some(command) = text.strip_prefix("engine:") {
            if command.trim().is_empty() {
                return Err(PlayerError::NoEngineCommand);
            }
            shell_words::split(command).map_err(|reason| PlayerError::Unsplittable {
                command: command.to_string(),
                reason,
            })?;
            return Ok(PlayerSpec::Engine(command.trim().to_string()));
        }
        if let Ok(bot) = text.parse::<BotKind>() {
            return Err(PlayerError::BotWithoutPrefix {
                text: text.to_string(),
                bot,
            });
        }
        Err(PlayerError::Unknown {
            text: text.to_string(),
        })
    }
}

/// Why a text names no player.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayerError {
    /// `bot:NAME` where `NAME` names no built-in bot (or a level it does not have).
    #[error(transparent)]
    Bot(#[from] BotNameError),
    /// `engine:` without a command.
    #[error("engine: needs the command that starts the engine, e.g. engine:./mybot")]
    NoEngineCommand,
    /// An engine command that cannot be split into words like a shell would.
    #[error("cannot split '{command}' into words: {reason}")]
    Unsplittable {
        /// The command as written after `engine:`.
        command: String,
        /// Why the shell's rules cannot split it.
        reason: shell_words::ParseError,
    },
    /// A bot's name written without `bot:` in front.
    #[error("unknown player '{text}'; did you mean bot:{bot}? ({})", player_usage())]
    BotWithoutPrefix {
        /// The text as written (trimmed).
        text: String,
        /// The bot it names.
        bot: BotKind,
    },
    /// A text that is none of the ways to write a player.
    #[error("unknown player '{text}'; {}", player_usage())]
    Unknown {
        /// The text as written (trimmed).
        text: String,
    },
}

/// The ways to write a player, for messages: `write human, bot:random, ... or engine:COMMAND`.
fn player_usage() -> String {
    let bots: Vec<String> = crate::ai::roster::BOT_NAMES
        .iter()
        .map(|b| format!("bot:{b}"))
        .collect();
    format!("write human, {} or engine:COMMAND", bots.join(", "))
}

/// A player of `tabula match`: `SPEC` or `NAME=SPEC`, the name shown in the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchPlayer {
    /// The name given, if any (otherwise an engine's own `name` reply, or the spec).
    pub name: Option<String>,
    /// Who plays.
    pub spec: PlayerSpec,
}

/// The most characters a match player's name may have.
const MAX_NAME_CHARS: usize = 40;

impl FromStr for MatchPlayer {
    type Err = MatchPlayerError;

    fn from_str(text: &str) -> Result<MatchPlayer, MatchPlayerError> {
        let text = text.trim();
        if let Some((name, spec)) = split_name(text) {
            let name = name.trim();
            if name.is_empty() || name.chars().any(|c| c.is_control()) {
                return Err(MatchPlayerError::EmptyName {
                    text: text.to_string(),
                });
            }
            if name.chars().count() > MAX_NAME_CHARS {
                return Err(MatchPlayerError::NameTooLong {
                    name: name.to_string(),
                    limit: MAX_NAME_CHARS,
                });
            }
            return Ok(MatchPlayer {
                name: Some(name.to_string()),
                spec: spec.parse()?,
            });
        }
        Ok(MatchPlayer {
            name: None,
            spec: text.parse()?,
        })
    }
}

/// Why a text is not a player of `tabula match` (`SPEC` or `NAME=SPEC`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MatchPlayerError {
    /// `NAME=SPEC` whose name is empty or holds control characters.
    #[error("'{text}' has an empty name; write NAME=PLAYER, e.g. fast=bot:greedy")]
    EmptyName {
        /// The whole player as written (trimmed).
        text: String,
    },
    /// A name longer than the tables can show.
    #[error("the name '{name}' is too long: keep it to {limit} characters")]
    NameTooLong {
        /// The name as written (trimmed).
        name: String,
        /// The most characters a name may have.
        limit: usize,
    },
    /// The spec names no player.
    #[error(transparent)]
    Player(#[from] PlayerError),
}

/// A `SEAT=PLAYER` assignment as typed, before the seat is looked up in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatAssignment {
    /// The seat as typed: a name (`white`) or a number from 1 (`2`).
    pub seat: String,
    /// Who plays it.
    pub player: PlayerSpec,
}

impl FromStr for SeatAssignment {
    type Err = SeatError;

    fn from_str(text: &str) -> Result<SeatAssignment, SeatError> {
        let (seat, player) = text.split_once('=').ok_or_else(|| SeatError::NotAssignment {
            text: text.to_string(),
        })?;
        Ok(SeatAssignment {
            seat: seat.trim().to_ascii_lowercase(),
            player: player.parse()?,
        })
    }
}

/// The players of every seat: the default (human first, then `bot:best`, the strongest
/// built-in level that still answers quickly), with the given assignments applied in order.
pub fn seat_players(game: &impl Game, assignments: &[SeatAssignment]) -> Result<Vec<PlayerSpec>, SeatError> {
    let mut players: Vec<PlayerSpec> = (0..game.seat_count())
        .map(|seat| {
            if seat == 0 {
                PlayerSpec::Human
            } else {
                PlayerSpec::Bot(BotKind::Best)
            }
        })
        .collect();
    // A seat given twice is a slip (the last would silently win): refuse it.
    let mut given: Vec<Option<&SeatAssignment>> = vec![None; game.seat_count()];
    for assignment in assignments {
        let seat = game.find_seat(&assignment.seat)?;
        if let Some(earlier) = given[seat] {
            return Err(SeatError::GivenTwice {
                seat: game.seat_name(seat),
                first: earlier.clone(),
                second: assignment.clone(),
            });
        }
        given[seat] = Some(assignment);
        players[seat] = assignment.player.clone();
    }
    Ok(players)
}

/// Why seats cannot be given their players as asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatError {
    /// A text without the `=` of `SEAT=PLAYER`.
    #[error("'{text}' is not SEAT=PLAYER, e.g. black=bot:random or 2=human")]
    NotAssignment {
        /// The text as written.
        text: String,
    },
    /// The player names no player.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// The seat names no seat of the game.
    #[error(transparent)]
    UnknownSeat(#[from] UnknownSeat),
    /// One seat given two players.
    #[error(
        "seat {seat} is given twice ({}={} and {}={}); give each seat once",
        .first.seat, .first.player, .second.seat, .second.player
    )]
    GivenTwice {
        /// The seat's name in the game.
        seat: &'static str,
        /// The first assignment to it, as typed.
        first: SeatAssignment,
        /// The second assignment to it, as typed.
        second: SeatAssignment,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::NewGame;
    use crate::games::nardy::Nardy;

    #[test]
    fn players_parse_and_print() {
        assert_eq!("human".parse(), Ok(PlayerSpec::Human));
        assert_eq!("bot:random".parse(), Ok(PlayerSpec::Bot(BotKind::Random)));
        assert_eq!(
            "engine:python3 bot.py".parse(),
            Ok(PlayerSpec::Engine("python3 bot.py".into()))
        );
        assert_eq!(PlayerSpec::Bot(BotKind::Greedy).to_string(), "bot:greedy");
        assert!(message::<PlayerSpec>("greedy").contains("did you mean bot:greedy"));
        assert!(message::<PlayerSpec>("bot:smart").contains("unknown bot 'smart'"));
        assert!("engine:".parse::<PlayerSpec>().is_err());
        assert!("engine:'unclosed".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn match_players_may_be_named() {
        let named: MatchPlayer = "fast=bot:greedy".parse().unwrap();
        assert_eq!(named.name.as_deref(), Some("fast"));
        assert_eq!(named.spec, PlayerSpec::Bot(BotKind::Greedy));
        let engine: MatchPlayer = "engine:./bot --depth=3".parse().unwrap();
        assert_eq!(engine.name, None);
        assert_eq!(engine.spec, PlayerSpec::Engine("./bot --depth=3".into()));
        let both: MatchPlayer = "deep=engine:./bot --depth=3".parse().unwrap();
        assert_eq!(both.name.as_deref(), Some("deep"));
        assert_eq!(both.spec, PlayerSpec::Engine("./bot --depth=3".into()));
        assert!(message::<MatchPlayer>("=bot:random").contains("empty name"));
        assert!(message::<MatchPlayer>("x=bot:smart").contains("unknown bot"));
    }

    #[test]
    fn a_name_that_starts_with_letters_of_many_bytes_is_read_without_a_panic() {
        // "hum€" cuts "€" in two at the length of "human".
        let named: MatchPlayer = "hum€=bot:greedy".parse().unwrap();
        assert_eq!(named.name.as_deref(), Some("hum€"));
        assert_eq!(split_name("€"), None);
        assert_eq!(split_name("BOT:x=y"), None, "a spec is told in any case");
    }

    /// The message of `text`'s error when read as `T`.
    fn message<T: FromStr>(text: &str) -> String
    where
        T::Err: fmt::Display,
    {
        text.parse::<T>().err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn every_player_error_reads_in_full() {
        let usage = "write human, bot:random, bot:greedy, bot:expectimax, bot:mcts, bot:net, \
                     bot:reference, bot:best, bot:perfect or engine:COMMAND";
        for (text, said) in [
            (
                "greedy",
                format!("unknown player 'greedy'; did you mean bot:greedy? ({usage})"),
            ),
            (" wizard ", format!("unknown player 'wizard'; {usage}")),
            (
                "bot:smart",
                "unknown bot 'smart'; the bots are random, greedy, expectimax, mcts, net, reference, best, perfect"
                    .into(),
            ),
            (
                "engine: ",
                "engine: needs the command that starts the engine, e.g. engine:./mybot".into(),
            ),
            (
                "engine: './bot ",
                "cannot split ' './bot' into words: missing closing quote".into(),
            ),
        ] {
            assert_eq!(message::<PlayerSpec>(text), said);
        }
        assert_eq!(
            message::<MatchPlayer>(" =bot:random"),
            "'=bot:random' has an empty name; write NAME=PLAYER, e.g. fast=bot:greedy"
        );
        let long = "x".repeat(41);
        assert_eq!(
            message::<MatchPlayer>(&format!("{long}=human")),
            format!("the name '{long}' is too long: keep it to 40 characters")
        );
        assert_eq!(
            message::<MatchPlayer>("x=bot:smart"),
            message::<PlayerSpec>("bot:smart")
        );
        assert_eq!(
            message::<SeatAssignment>("black"),
            "'black' is not SEAT=PLAYER, e.g. black=bot:random or 2=human"
        );
        assert_eq!(
            message::<SeatAssignment>("black=wizard"),
            message::<PlayerSpec>("wizard")
        );
    }

    #[test]
    fn every_seat_error_reads_in_full() {
        let game = Nardy::default_game();
        let seats =
            |given: &[&str]| -> Vec<SeatAssignment> { given.iter().map(|s| s.parse().unwrap()).collect() };
        assert_eq!(
            seat_players(&game, &seats(&["green=human"]))
                .unwrap_err()
                .to_string(),
            "this game has no seat 'green'; its seats are white, black (or 1-2)"
        );
        assert_eq!(
            seat_players(&game, &seats(&["white=bot:greedy", "1=bot:random"]))
                .unwrap_err()
                .to_string(),
            "seat white is given twice (white=bot:greedy and 1=bot:random); give each seat once"
        );
    }

    #[test]
    fn player_errors_keep_the_facts() {
        assert_eq!(
            "greedy".parse::<PlayerSpec>(),
            Err(PlayerError::BotWithoutPrefix {
                text: "greedy".into(),
                bot: BotKind::Greedy
            })
        );
        assert_eq!(
            "bot:smart".parse::<PlayerSpec>(),
            Err(PlayerError::Bot(BotNameError::Unknown { text: "smart".into() }))
        );
        assert_eq!(
            "engine:'x".parse::<PlayerSpec>(),
            Err(PlayerError::Unsplittable {
                command: "'x".into(),
                reason: shell_words::ParseError
            })
        );
        assert_eq!("engine:".parse::<PlayerSpec>(), Err(PlayerError::NoEngineCommand));
        let long = "y".repeat(41);
        assert_eq!(
            format!("{long}=human").parse::<MatchPlayer>(),
            Err(MatchPlayerError::NameTooLong {
                name: long,
                limit: 40
            })
        );
        assert!(matches!(
            "=human".parse::<MatchPlayer>(),
            Err(MatchPlayerError::EmptyName { text }) if text == "=human"
        ));
        assert!(matches!(
            "x=nobody".parse::<MatchPlayer>(),
            Err(MatchPlayerError::Player(PlayerError::Unknown { text })) if text == "nobody"
        ));
    }

    #[test]
    fn seat_errors_keep_the_facts() {
        let game = Nardy::default_game();
        assert_eq!(
            "black".parse::<SeatAssignment>(),
            Err(SeatError::NotAssignment { text: "black".into() })
        );
        let first: SeatAssignment = "black=bot:greedy".parse().unwrap();
        let second: SeatAssignment = "2=human".parse().unwrap();
        assert_eq!(
            seat_players(&game, &[first.clone(), second.clone()]),
            Err(SeatError::GivenTwice {
                seat: "black",
                first,
                second
            })
        );
        assert!(matches!(
            seat_players(&game, &["green=human".parse().unwrap()]),
            Err(SeatError::UnknownSeat(UnknownSeat { given, .. })) if given == "green"
        ));
    }

    #[test]
    fn seats_by_name_or_number() {
        let game = Nardy::default_game();
        assert_eq!(game.find_seat("black"), Ok(1));
        assert_eq!(game.find_seat("1"), Ok(0));
        assert!(
            game.find_seat("3")
                .unwrap_err()
                .to_string()
                .contains("its seats are white, black (or 1-2)")
        );
        let players = seat_players(&game, &["2=human".parse().unwrap()]).unwrap();
        assert_eq!(players, vec![PlayerSpec::Human, PlayerSpec::Human]);
        assert_eq!(
            seat_players(&game, &[]).unwrap(),
            vec![PlayerSpec::Human, PlayerSpec::Bot(BotKind::Best)]
        );
    }
}
