//! A bot name that names no bot: the facts as fields, the words made when shown.

use std::fmt;

use super::{BOT_NAMES, MAX_DEPTH, MAX_NET_PLIES, MAX_PLAYOUTS};

/// Why a text does not name a built-in bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotNameError {
    /// No bot has this name.
    Unknown {
        /// The text as read (trimmed, lower case).
        text: String,
    },
    /// A level given to a bot that has none.
    NoLevels {
        /// The bot's name.
        name: &'static str,
    },
    /// An expectimax depth out of range or not a number.
    Depth {
        /// The level as written.
        level: String,
    },
    /// A network bot's plies out of range or not a number.
    Plies {
        /// `net` or `reference`.
        name: &'static str,
        /// The level as written.
        level: String,
    },
    /// MCTS playouts out of range or not a number.
    Playouts {
        /// The level as written.
        level: String,
    },
}

impl fmt::Display for BotNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotNameError::Unknown { text } => {
                write!(f, "unknown bot '{text}'; the bots are {}", BOT_NAMES.join(", "))
            }
            BotNameError::NoLevels { name } => write!(f, "bot:{name} has no levels; write bot:{name}"),
            BotNameError::Depth { level } => {
                write!(
                    f,
                    "expectimax depth is 1 to {MAX_DEPTH}, not '{level}'; e.g. bot:expectimax:2"
                )
            }
            BotNameError::Plies { name, level } => write!(
                f,
                "{name} plies are 1 to {MAX_NET_PLIES}, not '{level}'; e.g. bot:{name}:2"
            ),
            BotNameError::Playouts { level } => write!(
                f,
                "mcts playouts are 1 to {MAX_PLAYOUTS}, not '{level}'; e.g. bot:mcts:1000"
            ),
        }
    }
}

impl std::error::Error for BotNameError {}
