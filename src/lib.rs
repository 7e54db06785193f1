//! tabula: play, script and analyse dice race games.
//!
//! The library stands in layers, each using only the ones below it:
//!
//! 1. [`core`]: the [`core::Game`] trait (the rules) with [`core::Notation`],
//!    [`core::Strategy`] and [`core::Lab`], seats, phases, dice, roll-offs, rule options,
//!    estimates, errors, exact solving of small games.
//! 2. [`games`]: the five rule sets, and [`games::AnyGame`] that forwards to any of them.
//! 3. [`ai`]: searches, bots and the bot roster (public); learned networks, exact
//!    solving, playouts, rollouts and training (the crate's own).
//! 4. `app`: sessions, records, hints and analysis, players and the referee, the
//!    engine protocol's wire and client, matches, benchmarks.
//! 5. `cli`: the command line, one file per subcommand, the REPL and the engine server.
//!
//! Data flows one way: the command line sets up a session that applies commands to a
//! game; the REPL and the engine only read commands and print what the session says.
//!
//! What a bot author needs is public: the rules ([`core`], [`games`]), the bots, their
//! searches and the roster that names them ([`ai::bots`], [`ai::search`],
//! [`ai::roster::BotKind`]), and [`serve_bot`], which serves any [`ai::bots::Bot`] over
//! the engine protocol (see `examples/random_bot.rs`). Sessions, records, the referee,
//! the front ends and the bots' insides (learning, solving, rollouts) stay inside the
//! crate; the binary reaches them through [`run`], whose [`RunError`] says what to print
//! and how to exit. No public function draws a progress bar.
//!
//! ```
//! use tabula::ai::bots::Bot;
//! use tabula::ai::roster::BotKind;
//! use tabula::core::{Game, Options, Phase, SeededDice};
//! use tabula::games::GameKind;
//!
//! // Two greedy bots play a seeded game of the chessboard race to its end.
//! let kind = GameKind::from_id("microbes")?;
//! let mut game = kind.new_game(&Options::defaults(kind.info().options))?;
//! let mut bot = BotKind::Greedy.build_any(1);
//! let mut dice = SeededDice::new(2);
//! let mut legal = Vec::new();
//! while game.phase() != Phase::Over {
//!     if let Phase::Move(_) = game.phase() {
//!         legal.clear();
//!         game.legal_moves(&mut legal);
//!         let index = bot.choose_move(&game, &legal);
//!         game.play(&legal[index])?;
//!     } else {
//!         let throw = game.roll(&mut dice);
//!         game.set_dice(throw)?;
//!     }
//! }
//! println!("{}", game.outcome().unwrap().summary);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

// The unit tests share the integration tests' game set-ups, which name the crate.
#[cfg(test)]
extern crate self as tabula;

pub mod ai;
pub(crate) mod app;
pub(crate) mod cli;
pub mod core;
pub mod games;

pub use cli::engine::{serve, serve_bot};
pub use cli::{RunError, run};
