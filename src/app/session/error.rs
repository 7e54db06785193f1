//! What can go wrong with a command. The `Display` text is exactly what the engine
//! protocol prints after `?` and what the REPL prints after `error:`.

use thiserror::Error;

use crate::ai::bots::BotUnfit;
use crate::core::{
    DiceError, IllegalMove, OptionError, PlayError, PositionError, SyntaxError, UnknownSeat, WrongPhase,
};

/// A command that failed; the session is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CommandError {
    /// No such command.
    #[error("unknown command: {name}{}", hint_text(.hint))]
    UnknownCommand {
        /// What was typed.
        name: String,
        /// A nearby command name, if one is close.
        hint: Option<String>,
    },
    /// A command or move text that could not be read.
    #[error("syntax error: {0}")]
    Syntax(String),
    /// A move the rules do not allow here; `legal` lists what is allowed.
    #[error("illegal move: {reason}")]
    Illegal {
        /// Why not.
        reason: String,
        /// The legal moves at this point, in notation.
        legal: Vec<String>,
    },
    /// The command does not fit this point of the turn.
    #[error("wrong phase: {0}")]
    WrongPhase(String),
    /// Dice the game's dice cannot show.
    #[error("bad dice: {0}")]
    Dice(String),
    /// A position string that is not valid.
    #[error("bad position: {0}")]
    Position(String),
    /// An unknown or invalid rule option.
    #[error("bad option: {0}")]
    Option(String),
    /// Anything else about the arguments.
    #[error("bad argument: {0}")]
    Argument(String),
    /// A file could not be read or written, or holds something else than a record.
    #[error("file error: {0}")]
    File(String),
    /// Ctrl-C stopped the bot's search before it was done: nothing was played.
    #[error("stopped: Ctrl-C cut the search short; nothing changed")]
    Stopped,
}

fn hint_text(hint: &Option<String>) -> String {
    match hint {
        Some(hint) => format!(" (did you mean '{hint}'?)"),
        None => " (type 'help' for the list of commands)".to_string(),
    }
}

impl From<UnknownSeat> for CommandError {
    fn from(error: UnknownSeat) -> Self {
        CommandError::Argument(error.to_string())
    }
}

impl From<BotUnfit> for CommandError {
    fn from(error: BotUnfit) -> Self {
        CommandError::Argument(error.to_string())
    }
}

impl From<SyntaxError> for CommandError {
    fn from(error: SyntaxError) -> Self {
        CommandError::Syntax(error.0.to_string())
    }
}

impl From<WrongPhase> for CommandError {
    fn from(error: WrongPhase) -> Self {
        CommandError::WrongPhase(error.0)
    }
}

impl From<IllegalMove> for CommandError {
    fn from(error: IllegalMove) -> Self {
        CommandError::Illegal {
            reason: error.0,
            legal: Vec::new(),
        }
    }
}

impl From<PlayError> for CommandError {
    fn from(error: PlayError) -> Self {
        match error {
            PlayError::WrongPhase(e) => e.into(),
            PlayError::Illegal(e) => e.into(),
        }
    }
}

impl From<DiceError> for CommandError {
    fn from(error: DiceError) -> Self {
        CommandError::Dice(error.0.to_string())
    }
}

impl<F: std::error::Error> From<PositionError<F>> for CommandError {
    fn from(error: PositionError<F>) -> Self {
        CommandError::Position(error.0.to_string())
    }
}

impl From<OptionError> for CommandError {
    fn from(error: OptionError) -> Self {
        CommandError::Option(error.0.to_string())
    }
}

impl From<crate::app::lines::LineError> for CommandError {
    fn from(error: crate::app::lines::LineError) -> Self {
        CommandError::Syntax(error.to_string())
    }
}
