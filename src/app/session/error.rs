//! What can go wrong with a command. The `Display` text is exactly what the engine
//! protocol prints after `?` and what the REPL prints after `error:`.

use thiserror::Error;

use crate::ai::bots::BotUnfit;
use crate::core::{
    DiceError, IllegalMove, OptionError, OptionMistake, PhaseMistake, PlayError, PositionError, SyntaxError,
    UnknownSeat, WrongPhase,
};
use crate::games::{AnyMoveFault, AnyPositionFault};

use super::words::choice_words;

/// Why a command does not fit this point of the session: the facts, worded only when
/// shown.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NotNow {
    /// The seat to act must roll first, and may do nothing else before it.
    #[error("{seat} must roll first: type 'roll' (or 'dice' and the numbers thrown)")]
    RollFirst {
        /// The seat's name.
        seat: String,
    },
    /// The seat to act must roll first, or make one of `choices` before it.
    #[error("{seat} must roll first: type 'roll', or before it {}", choice_words(.choices))]
    RollOrChoose {
        /// The seat's name.
        seat: String,
        /// What it may do before the roll, in notation.
        choices: Vec<String>,
    },
    /// The seat to act must move the dice thrown first.
    #[error("{seat} must move the {dice} first: {}", choice_words(.legal))]
    MoveFirst {
        /// The seat's name.
        seat: String,
        /// The dice, as shown.
        dice: String,
        /// The legal moves, in notation.
        legal: Vec<String>,
    },
    /// The seat to act must choose (no dice are thrown) first.
    #[error("{seat} must choose first: {}", choice_words(.legal))]
    ChooseFirst {
        /// The seat's name.
        seat: String,
        /// The legal choices, in notation.
        legal: Vec<String>,
    },
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// A bot was asked to choose where there is no choice.
    #[error("there is nothing to choose")]
    NothingToChoose,
    /// A result was asked of a game that goes on.
    #[error("the game is not over")]
    NotOver,
    /// `undo` with no action taken.
    #[error("nothing to undo")]
    NothingToUndo,
    /// `undo` at a table of people before any move.
    #[error("nothing to undo: no move has been played yet")]
    NoMoveYet,
    /// `undo` at a table where only bots have played: it takes back a person's moves.
    #[error(
        "nothing to undo: only bots have played, and undo takes back a person's moves \
         ('seat SEAT human' lets you play a seat, 'new' starts again)"
    )]
    OnlyBotsPlayed,
    /// `undo` by a person who has not moved yet.
    #[error("nothing of yours to undo: you have not moved yet")]
    NoneOfYours,
    /// `redo` with nothing undone.
    #[error("nothing to redo: redo plays again what undo took back")]
    NothingToRedo,
}

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
    /// A command that does not fit this point of the session (nothing to undo, the game
    /// not over, a roll due first), as facts.
    #[error("wrong phase: {0}")]
    NotNow(NotNow),
    /// A command the front end refuses at this point (the table: not this seat's turn,
    /// the game forfeited), in the front end's own words, made where they are shown.
    #[error("wrong phase: {0}")]
    Refused(String),
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

impl From<NotNow> for CommandError {
    fn from(mistake: NotNow) -> Self {
        CommandError::NotNow(mistake)
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
