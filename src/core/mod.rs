//! The game-independent core: the [`Game`] trait every rule set implements, dice, rule
//! options and the error types shared by all games.

pub mod dice;
pub mod error;
pub mod game;
pub mod options;
pub mod rolloff;
pub mod wrap;

pub use dice::{Dice, DiceSource, ScriptedDice, SeededDice, one_die_outcomes, two_dice_outcomes};
pub use error::{DiceError, IllegalMove, OptionError, PlayError, PositionError, SyntaxError, WrongPhase};
pub use game::{Estimate, Game, GameInfo, MAX_SEATS, NewGame, Outcome, Phase, Resignation, Seat};
pub use options::{OptionKind, OptionSpec, Options};
pub use rolloff::{RollOff, RollOffRule, Standing, Throw};
pub use wrap::wrap_words;
