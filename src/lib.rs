//! tabula: play, script and analyse dice race games.
//!
//! Data flows one way: the command line ([`cli`]) sets up a session ([`session`]) that
//! applies commands to a game ([`games`], built on [`core`]); the REPL ([`repl`]) and the
//! engine protocol ([`protocol`]) only read commands and print what the session says.

pub mod analysis;
pub mod bench;
pub mod bots;
pub mod calibration;
pub mod cli;
pub mod core;
pub mod data_dir;
pub mod games;
pub mod learn;
pub mod lines;
pub mod matches;
pub mod players;
pub mod protocol;
pub mod repl;
pub mod search;
pub mod session;
pub mod solve;
