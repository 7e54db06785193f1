//! tabula: play, script and analyse dice race games.
//!
//! The library stands in layers, each using only the ones below it:
//!
//! 1. [`core`]: the [`core::Game`] trait, seats, phases, dice, roll-offs, rule options,
//!    estimates, errors, exact solving of small games.
//! 2. [`games`]: the five rule sets, and [`games::AnyGame`] that forwards to any of them.
//! 3. [`ai`]: searches, bots, learned networks, the Ur solver, the bot roster.
//! 4. `app`: sessions, records, hints and analysis, players and the referee, the
//!    engine protocol's wire and client, matches, benchmarks.
//! 5. `cli`: the command line, one file per subcommand, the REPL and the engine server.
//!
//! Data flows one way: the command line sets up a session that applies commands to a
//! game; the REPL and the engine only read commands and print what the session says.
//!
//! What a bot author needs is public: the rules ([`core`], [`games`]), the bots and
//! searches ([`ai`]), and [`serve_bot`], which serves any [`ai::bots::Bot`] over the
//! engine protocol (see `examples/random_bot.rs`). Sessions, records, the referee and the
//! front ends stay inside the crate; the binary reaches them through [`run`].

#![warn(missing_docs)]

pub mod ai;
pub(crate) mod app;
pub(crate) mod cli;
pub mod core;
pub mod games;

pub use cli::engine::{serve, serve_bot};
pub use cli::{RunError, run};
