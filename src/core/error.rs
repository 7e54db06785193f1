//! Error types shared by all games. Parse errors (the text could not be read) are kept
//! apart from legality errors (the text was read, but that is not allowed here).
//! Every message names what was wrong; a failed operation never changes the game.
//!
//! Each parse error is a kind (its `Display` starts with what kind: `syntax error: ...`)
//! around an enum of the mistakes of that kind, which holds the offending text and values;
//! the words are made only when the error is shown. A game supplies the fixed wording of
//! its own notation (`forms`, `what`, `rule`) as static text, so what a game's moves and
//! positions look like stays with the game.

use thiserror::Error;

use super::dice::Dice;
use super::rolloff::RollOffMistake;

/// A move text that could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("syntax error: {0}")]
pub struct SyntaxError(pub SyntaxMistake);

/// What is wrong with a move text, in the game's own notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SyntaxMistake {
    /// Nothing was written.
    #[error("empty move; {forms}")]
    Empty {
        /// How this game's moves are written.
        forms: &'static str,
    },
    /// `text` is not the kind of thing expected there.
    #[error("'{text}' is not {what}; {forms}")]
    NotA {
        /// What was written.
        text: String,
        /// What was expected, with its article: `a move`, `a step`, `a cell or 'in'`.
        what: &'static str,
        /// How it is written.
        forms: &'static str,
    },
    /// `text` is of the right kind but not written the way `rule` says.
    #[error("'{text}': {rule}")]
    Misformed {
        /// What was written.
        text: String,
        /// How it must be written.
        rule: &'static str,
    },
    /// Within `text`, the part `part` is not the kind of thing expected there.
    #[error("'{text}': '{part}' is not {what}; {forms}")]
    PartNotA {
        /// The whole token.
        text: String,
        /// The part that could not be read.
        part: String,
        /// What was expected, with its article: `a point`.
        what: &'static str,
        /// How it is written.
        forms: &'static str,
    },
    /// Within `text`, a number that names none of the game's `what`s.
    #[error("'{text}': there is no {what} {number}; {what}s are {low} to {high}")]
    NoSuch {
        /// The whole token.
        text: String,
        /// What the number counts: `point`.
        what: &'static str,
        /// The number written.
        number: u32,
        /// The lowest that exists.
        low: u32,
        /// The highest that exists.
        high: u32,
    },
    /// `text` has more parts than one turn can hold.
    #[error("'{text}' has {count} {what}s; a turn has at most {most}")]
    TooMany {
        /// What was written.
        text: String,
        /// How many parts it has.
        count: usize,
        /// What a part is: `step`.
        what: &'static str,
        /// The most a turn has, in words: `four`.
        most: &'static str,
    },
    /// `word` must be followed by a `what`, as in `word example`.
    #[error("'{word}' needs {what}, like {word} {example}; {forms}")]
    NeedsA {
        /// The word written alone.
        word: String,
        /// What must follow, with its article: `a colour`.
        what: &'static str,
        /// A word that could follow.
        example: &'static str,
        /// What may follow.
        forms: &'static str,
    },
    /// `word` is the start of one or more names and is never completed, so that a torn
    /// text is not read as something else.
    #[error("'{word}' {}: write the whole name or the letter", cut_names(.names))]
    Cut {
        /// What was written.
        word: String,
        /// The names it starts, as shown: `grey (s)`.
        names: Vec<String>,
    },
    /// A move the notation rules out whatever its details, `rule` says which.
    #[error("{rule}")]
    RuledOut {
        /// The rule, with how to write a move instead.
        rule: &'static str,
    },
}

fn cut_names(names: &[String]) -> String {
    match names {
        [one] => format!("is short for {one}"),
        many => format!("could be {}", many.join(" or ")),
    }
}

impl From<SyntaxMistake> for SyntaxError {
    fn from(mistake: SyntaxMistake) -> Self {
        SyntaxError(mistake)
    }
}

/// A well-formed move that the rules do not allow in this position. `F` is the game's own
/// account of why ([`crate::core::Game::MoveFault`]), with the facts as fields.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal move: {0}")]
pub struct IllegalMove<F>(pub F);

impl<F> IllegalMove<F> {
    /// The same error with the game's fault turned into another type (as [`AnyGame`]
    /// turns each game's fault into one of its own).
    ///
    /// [`AnyGame`]: crate::games::AnyGame
    pub fn map_fault<G>(self, into: impl FnOnce(F) -> G) -> IllegalMove<G> {
        IllegalMove(into(self.0))
    }
}

/// An action asked for at the wrong point of the turn (a move before the roll, ...).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("wrong phase: {0}")]
pub struct WrongPhase(pub PhaseMistake);

/// What the turn cycle wants instead of the action asked for. A game supplies the names of
/// its seats and the fixed wording of its own steps as static text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PhaseMistake {
    /// The game has ended; nothing more can be done in it.
    #[error("the game is over")]
    Over,
    /// A move before the roll.
    #[error("roll first")]
    RollFirst,
    /// A move while the roll-off still decides who starts.
    #[error("roll first: the roll-off decides who starts{}", to_roll_text(.to_roll))]
    RollOff {
        /// The seat to throw next, when the game names it.
        to_roll: Option<&'static str>,
    },
    /// A roll while the last one is still to be moved.
    #[error("{seat} must move the {roll} first")]
    MoveFirst {
        /// The seat to move.
        seat: &'static str,
        /// The roll not yet played.
        roll: Dice,
    },
    /// A roll while the last die is still to be played.
    #[error("{seat} must play the {die} first")]
    PlayFirst {
        /// The seat to play.
        seat: &'static str,
        /// The die not yet played.
        die: u8,
    },
    /// A roll while another step of the turn is still to be taken, `task` says which.
    #[error("{seat} must {task}")]
    Unfinished {
        /// The seat to act.
        seat: &'static str,
        /// The step still to take, with how: `exchange the piece on the dot first`.
        task: &'static str,
    },
    /// Dice that are not one die of the game's faces.
    #[error("{game} is played with one die showing 1 to {faces}, not {dice}")]
    OneDie {
        /// The game's id.
        game: &'static str,
        /// Faces of its die.
        faces: u8,
        /// The dice handed in.
        dice: Dice,
    },
    /// Dice that are not two dice, in a game that throws two.
    #[error("{game} is played with two dice, not {dice}")]
    TwoDice {
        /// The game's id.
        game: &'static str,
        /// The dice handed in.
        dice: Dice,
    },
    /// Dice that are not one six-sided die while the roll-off decides who starts.
    #[error("the roll-off is one die showing 1 to 6, not {dice}")]
    RollOffDie {
        /// The dice handed in.
        dice: Dice,
    },
}

fn to_roll_text(to_roll: &Option<&'static str>) -> String {
    to_roll.map_or(String::new(), |seat| format!(" ({seat} to roll)"))
}

impl From<PhaseMistake> for WrongPhase {
    fn from(mistake: PhaseMistake) -> Self {
        WrongPhase(mistake)
    }
}

/// Why [`crate::core::Game::play`] refused a move; `F` is the game's own account of an
/// illegal move ([`crate::core::Game::MoveFault`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError<F> {
    /// Not the time to move.
    #[error(transparent)]
    WrongPhase(#[from] WrongPhase),
    /// Not a legal move here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove<F>),
}

impl<F> PlayError<F> {
    /// The same error with the game's fault turned into another type.
    pub fn map_fault<G>(self, into: impl FnOnce(F) -> G) -> PlayError<G> {
        match self {
            PlayError::WrongPhase(error) => PlayError::WrongPhase(error),
            PlayError::Illegal(error) => PlayError::Illegal(error.map_fault(into)),
        }
    }
}

impl<F> From<PhaseMistake> for PlayError<F> {
    fn from(mistake: PhaseMistake) -> Self {
        PlayError::WrongPhase(WrongPhase(mistake))
    }
}

/// A position string that does not describe a valid position of this game. `F` is the
/// game's own account of what its rules rule out ([`crate::core::Notation::PositionFault`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad position: {0}")]
pub struct PositionError<F>(pub PositionMistake<F>);

/// What is wrong with a position string: the mistakes every game's text can make, and
/// the game's own fault `F` for what only its rules know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionMistake<F> {
    /// A field without `=`.
    #[error("'{field}' is not key=value{}", looks_like.as_ref().map(|l| format!("; {l}")).unwrap_or_default())]
    NotKeyValue {
        /// The field as written.
        field: String,
        /// What a position of the game looks like, where the game shows it
        /// (`an ur position looks like: ...`).
        looks_like: Option<String>,
    },
    /// The same key twice.
    #[error("'{key}=' is given twice")]
    GivenTwice {
        /// The key.
        key: String,
    },
    /// A field's value not written the way `rule` says.
    #[error("{key}={value}: {rule}")]
    Value {
        /// The field's key.
        key: &'static str,
        /// The value as written.
        value: String,
        /// How the value is written.
        rule: &'static str,
    },
    /// A field's value names `part`, which is not the kind of thing expected.
    #[error("{key}={value}: '{part}' is not {what}")]
    PartNotA {
        /// The field's key.
        key: &'static str,
        /// The value as written.
        value: String,
        /// The part that names nothing.
        part: String,
        /// What was expected, with its article: `a colour in this game`.
        what: &'static str,
    },
    /// A field's value lists `entry` twice.
    #[error("{key}={value}: {entry} is listed twice")]
    ListedTwice {
        /// The field's key.
        key: &'static str,
        /// The value as written.
        value: String,
        /// The entry given twice.
        entry: String,
    },
    /// A roll-off that its rule cannot reach.
    #[error(transparent)]
    RollOff(#[from] RollOffMistake),
    /// What only the game's own rules rule out, with the facts as the game keeps them.
    #[error(transparent)]
    Rules(F),
}

impl<F> PositionError<F> {
    /// The field `key` with `value`, which is not written the way `rule` says.
    pub fn bad_value(key: &'static str, value: &str, rule: &'static str) -> Self {
        PositionError(PositionMistake::Value {
            key,
            value: value.to_string(),
            rule,
        })
    }

    /// The same error with the game's fault turned into another type (as [`AnyGame`]
    /// turns each game's fault into one of its own).
    ///
    /// [`AnyGame`]: crate::games::AnyGame
    pub fn map_rules<G>(self, into: impl FnOnce(F) -> G) -> PositionError<G> {
        PositionError(match self.0 {
            PositionMistake::NotKeyValue { field, looks_like } => {
                PositionMistake::NotKeyValue { field, looks_like }
            }
            PositionMistake::GivenTwice { key } => PositionMistake::GivenTwice { key },
            PositionMistake::Value { key, value, rule } => PositionMistake::Value { key, value, rule },
            PositionMistake::PartNotA {
                key,
                value,
                part,
                what,
            } => PositionMistake::PartNotA {
                key,
                value,
                part,
                what,
            },
            PositionMistake::ListedTwice { key, value, entry } => {
                PositionMistake::ListedTwice { key, value, entry }
            }
            PositionMistake::RollOff(mistake) => PositionMistake::RollOff(mistake),
            PositionMistake::Rules(fault) => PositionMistake::Rules(into(fault)),
        })
    }
}

impl<F> From<PositionMistake<F>> for PositionError<F> {
    fn from(mistake: PositionMistake<F>) -> Self {
        PositionError(mistake)
    }
}

/// What a game's rules rule out in a position string (its
/// [`crate::core::Notation::PositionFault`]): it makes a [`PositionError`] as it stands,
/// so a game's checks return their fault with `?` or `.into()`.
pub trait RulesFault: std::error::Error + Clone + Eq + Send + Sync + 'static {}

impl<F: RulesFault> From<F> for PositionError<F> {
    fn from(fault: F) -> Self {
        PositionError(PositionMistake::Rules(fault))
    }
}

impl<F> From<RollOffMistake> for PositionError<F> {
    fn from(mistake: RollOffMistake) -> Self {
        PositionError(PositionMistake::RollOff(mistake))
    }
}

/// A seat name or number that names no seat of this game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("this game has no seat '{given}'; its seats are {} (or 1-{})", .names.join(", "), .names.len())]
pub struct UnknownSeat {
    /// What was written.
    pub given: String,
    /// The game's seat names, in seat order.
    pub names: Vec<&'static str>,
}
