//! The players that think: searches, the bot floor, learned evaluations, exact solving,
//! and the roster that maps a bot name to a bot for any game.
//!
//! May use: [`crate::core`] and [`crate::games`]. Inside, each room uses only the rooms
//! listed before it: [`data_dir`], [`search`], [`bots`], [`playout`], [`learn`],
//! [`solve`], [`adjudicate`], [`rollout`], [`roster`], [`train`], [`calibration`]. Search, learning and solving see
//! games only through the [`crate::core::Game`] trait (and each game's own evaluation or
//! encoder).

pub mod adjudicate;
pub mod bots;
pub mod calibration;
pub mod data_dir;
pub mod learn;
pub mod playout;
pub mod rollout;
pub mod roster;
pub mod search;
pub mod solve;
pub mod train;
