//! The game-independent core: the [`Game`] trait of every rule set's rules, with
//! [`Notation`], [`Strategy`] and [`Lab`] for its text, its bot knowledge and its research
//! hooks ([`FullGame`] is all four), seats and
//! phases, dice, roll-offs, the shared turn cycle, rule options, estimates, the heads of the
//! learned networks ([`NetHead`]), the error types shared by all
//! games, and exact solving of small games through their rules.
//!
//! May use: nothing else of the crate. Rules code is pure: no I/O, no global state.

pub mod columns;
pub mod dice;
pub mod error;
pub mod fields;
pub mod game;
pub mod hash;
pub mod lab;
pub mod nearest;
pub mod net_head;
pub mod notation;
pub mod options;
pub mod reachable;
pub mod rolloff;
pub mod seat;
pub mod stats;
pub mod strategy;
pub mod turn;
pub mod wrap;

pub use dice::{
    Dice, DiceError, DiceMistake, DiceSource, ScriptedDice, SeededDice, one_die_outcomes, two_dice_outcomes,
};
pub use error::{
    IllegalMove, PhaseMistake, PlayError, PositionError, PositionMistake, RulesFault, SyntaxError,
    SyntaxMistake, UnknownSeat, WrongPhase,
};
pub use fields::PositionFields;
pub use game::{
    BigWinChances, Game, GameInfo, HelpExamples, MAX_BIG_WINS, MAX_SEATS, NewGame, Outcome, Phase,
    Resignation, Seat,
};
pub use hash::PositionHasher;
pub use lab::{FullGame, Lab, SolvedTable};
pub use net_head::{MAX_NET_OUTPUTS, MoveFilter, NetHead, NetOutputs, Outcomes, SeatChances};
pub use notation::Notation;
pub use options::{OptionError, OptionKind, OptionMistake, OptionSpec, Options};
pub use rolloff::{RollOff, RollOffMistake, RollOffRule, Standing, Throw};
pub use strategy::{Adjudication, BotLevel, Encoding, Estimate, Strategy};
pub use wrap::{list_words, with_article, wrap_words, wrapped_lines};
