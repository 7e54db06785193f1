//! What can go wrong with a command. The `Display` text is exactly what the engine
//! protocol prints after `?` and what the REPL prints after `error:`.

use thiserror::Error;

use crate::ai::bots::BotUnfit;
use crate::core::{
    DiceError, IllegalMove, OptionError, OptionMistake, PhaseMistake, PlayError, PositionError, SyntaxError,
    UnknownSeat, WrongPhase,
};
use crate::games::{AnyMoveFault, AnyPositionFault};

/// A command that failed; the session is unchanged. The errors of the rules stay as the
/// game gave them, its facts as fields, down to where they are shown.
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
    /// A command line that could not be read, in the command's own words.
    #[error("syntax error: {0}")]
    Syntax(String),
    /// A move text that the game could not read.
    #[error(transparent)]
    Move(SyntaxError),
    /// A move the rules do not allow here; `legal` lists what is allowed.
    #[error("{error}")]
    Illegal {
        /// Why not, as the game says.
        error: IllegalMove<AnyMoveFault>,
        /// The legal moves at this point, in notation.
        legal: Vec<String>,
    },
    /// An action that the game's turn cycle does not take at this point.
    #[error(transparent)]
    Phase(#[from] WrongPhase),
    /// A command that does not fit this point of the session (nothing to undo, no bot to
    /// move, ...), in the session's own words.
    #[error("wrong phase: {0}")]
    WrongPhase(String),
    /// Dice the game's dice cannot show.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// A position string that is not valid (boxed, as the longest of the errors, so
    /// that every result of a command stays small).
    #[error(transparent)]
    Position(Box<PositionError<AnyPositionFault>>),
    /// `setpos` without a position string.
    #[error("bad position: setpos needs a position string, like: {example}")]
    NoPosition {
        /// The position as it stands, to copy from.
        example: String,
    },
    /// An unknown or invalid rule option (boxed, as a long one).
    #[error(transparent)]
    Option(Box<OptionError>),
    /// A word of `new` that is neither a rule option nor a seat.
    #[error(
        "bad option: {}; seats are set with SEAT=PLAYER ({})",
        .option.as_ref().map_or(String::new(), ToString::to_string),
        .seats.join(", ")
    )]
    NotOptionNorSeat {
        /// What is wrong with it as an option (none when it reads as one).
        option: Option<Box<OptionMistake>>,
        /// The game's seats.
        seats: Vec<&'static str>,
    },
    /// A seat name or number that names no seat.
    #[error("bad argument: {0}")]
    Seat(UnknownSeat),
    /// A bot that cannot play this game.
    #[error("bad argument: {0}")]
    Bot(BotUnfit),
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

impl From<PositionError<AnyPositionFault>> for CommandError {
    fn from(error: PositionError<AnyPositionFault>) -> Self {
        CommandError::Position(Box::new(error))
    }
}

impl From<OptionError> for CommandError {
    fn from(error: OptionError) -> Self {
        CommandError::Option(Box::new(error))
    }
}

impl From<PhaseMistake> for CommandError {
    fn from(mistake: PhaseMistake) -> Self {
        CommandError::Phase(WrongPhase(mistake))
    }
}

impl From<UnknownSeat> for CommandError {
    fn from(error: UnknownSeat) -> Self {
        CommandError::Seat(error)
    }
}

impl From<BotUnfit> for CommandError {
    fn from(error: BotUnfit) -> Self {
        CommandError::Bot(error)
    }
}

impl From<SyntaxError> for CommandError {
    fn from(error: SyntaxError) -> Self {
        CommandError::Move(error)
    }
}

impl From<IllegalMove<AnyMoveFault>> for CommandError {
    fn from(error: IllegalMove<AnyMoveFault>) -> Self {
        CommandError::Illegal {
            error,
            legal: Vec::new(),
        }
    }
}

impl From<PlayError<AnyMoveFault>> for CommandError {
    fn from(error: PlayError<AnyMoveFault>) -> Self {
        match error {
            PlayError::WrongPhase(e) => e.into(),
            PlayError::Illegal(e) => e.into(),
        }
    }
}

impl From<crate::app::lines::LineError> for CommandError {
    fn from(error: crate::app::lines::LineError) -> Self {
        CommandError::Syntax(error.to_string())
    }
}
