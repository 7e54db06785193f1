//! The command language shared by the REPL, piped scripts and the engine protocol: one
//! table of commands ([`COMMANDS`]), each entry with its own reader of arguments (so
//! that [`parse()`] needs no list of names), one help text, and one
//! executor ([`execute()`]) that applies a parsed command to a session and says what
//! happened as a [`Done`], which each front end writes in its own way (sentences for
//! people, protocol replies for controllers).
//!
//! May use: [`crate::core`], [`crate::games`], [`crate::ai`], and the rooms of
//! [`crate::app`] listed before it ([`crate::app::session`], [`crate::app::record`],
//! [`crate::app::hints`], [`crate::app::players`]...).

mod args;
mod execute;
mod help;
mod parse;
mod table;

pub use args::expand_home;
pub use execute::{Done, Front, execute};
pub use parse::parse;
pub use table::{Audience, COMMANDS, CommandSpec, Completion, Offered, PROTOCOL_COMMANDS, find_command};

use crate::ai::roster::BotKind;
use crate::app::players::PlayerSpec;
use crate::games::GameKind;

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Roll the dice for the seat to roll.
    Roll,
    /// Set the dice by hand.
    Dice(Vec<u8>),
    /// List the legal moves.
    Legal,
    /// Play a move, as typed (`play roll` reads as [`Command::Roll`]).
    Play(String),
    /// Take back the last move.
    Undo,
    /// Show the board.
    Board,
    /// Choose the full board (`true`) or the short list view.
    View(ViewChoice),
    /// Print the rules of the current game, or of the named one.
    Rules(Option<GameKind>),
    /// The built-in bot's best choices with their values (how many, if given), not played.
    Hint(Option<usize>),
    /// `hint --rollout N`: the bot's best few moves rolled out `N` games each.
    HintRollout(u64),
    /// The position's value for every seat.
    Evaluate,
    /// The built-in bot's choice, played.
    Genmove,
    /// Start a new game (same game if none is named).
    New {
        /// The game, if one is named.
        game: Option<GameKind>,
        /// `KEY=VALUE` words: rule options of the game, or (at the table) `SEAT=PLAYER`.
        options: Vec<String>,
    },
    /// Write the game record to a file.
    Save(String),
    /// Read a game record from a file: which game of it, and whether to load a damaged
    /// record as far as it checks out.
    Load(crate::app::record::LoadRequest),
    /// One-line turn status.
    Status,
    /// Print the position string.
    GetPos,
    /// Set the position from a position string.
    SetPos(String),
    /// How the game ended.
    Result,
    /// Reseed the dice.
    Seed(u64),
    /// Choose the built-in bot for hint and genmove.
    SetBot(BotKind),
    /// Help on all commands or one.
    Help(Option<&'static CommandSpec>),
    /// The protocol's command list.
    ListCommands,
    /// Whether a command exists.
    IsKnown(String),
    /// The protocol version.
    ProtocolVersion,
    /// The program's name.
    Name,
    /// The program's version.
    Version,
    /// The games and their options.
    ListGames,
    /// Change who plays a seat (the table only).
    Seat {
        /// The seat as typed: a name or a number from 1 (which depends on the game).
        seat: String,
        /// Who plays it from now on.
        player: PlayerSpec,
    },
    /// Concede the game (the table only).
    Resign,
    /// `go`: the table's bots play on after Ctrl-C stopped one.
    Go,
    /// `redo`: play again what undo took back (the table only).
    Redo,
    /// `goto TURN`: go to a turn by its number (the table only).
    Goto(u32),
    /// `review [--bot NAME]`: the game so far analysed, and its mistakes (the table only).
    Review(Option<BotKind>),
    /// `set tutor LEVEL`: warn before a person's move of this mark or worse; `None`:
    /// off (the table only).
    SetTutor(Option<crate::app::analysis::Mark>),
    /// Leave.
    Quit,
}

impl Command {
    /// True for the commands that ask the built-in bot to search (`hint`, `evaluate`,
    /// `genmove`): at the terminal, Ctrl-C stops them.
    pub fn searches(&self) -> bool {
        matches!(
            self,
            Command::Hint(_) | Command::HintRollout(_) | Command::Evaluate | Command::Genmove
        )
    }
}

/// What `view` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewChoice {
    /// The full board.
    Board,
    /// The short list view.
    Compact,
}

#[cfg(test)]
mod tests;
