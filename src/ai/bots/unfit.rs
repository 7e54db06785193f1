//! Why a named bot cannot play a game: the facts as fields, the words made when shown.

use std::fmt;

use crate::core::SolvedTable;

/// Why a bot cannot play a game as named, and what to type instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotUnfit {
    /// `bot:perfect` in a game that no solved table covers.
    Unsolvable {
        /// The game's id.
        game: &'static str,
        /// The games that are solved, in words.
        solvable: String,
    },
    /// `bot:perfect` where the game's solved table cannot be read.
    TableUnreadable {
        /// What went wrong reading it.
        reason: String,
    },
    /// `bot:perfect` where only the end layers of the game's table are built.
    EndLayersOnly {
        /// The table.
        table: SolvedTable,
    },
    /// A network level deeper than the game's network bot goes.
    TooDeep {
        /// The bot as named, e.g. `net:5`.
        bot: String,
        /// The game's id.
        game: &'static str,
        /// The deepest level the game's network bot plays.
        deepest: u8,
    },
}

impl fmt::Display for BotUnfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotUnfit::Unsolvable { game, solvable } => {
                write!(f, "bot:perfect plays only {solvable}, not {game}")
            }
            BotUnfit::TableUnreadable { reason } => write!(f, "bot:perfect: {reason}"),
            BotUnfit::EndLayersOnly { table } => write!(
                f,
                "bot:perfect: the table of {table} holds only end layers; build the whole game with 'tabula solve {table}'"
            ),
            BotUnfit::TooDeep { bot, game, deepest } => {
                // The base name, `net` of `net:5`, with the level that does play.
                let name = bot.split(':').next().unwrap_or(bot);
                write!(
                    f,
                    "bot:{bot} in {game} goes {deepest} plies deep at most; e.g. bot:{name}:{deepest}"
                )
            }
        }
    }
}

impl std::error::Error for BotUnfit {}
