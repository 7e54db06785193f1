//! The players that think: searches, the bot floor, learned evaluations, exact solving,
//! and the roster that maps a bot name to a bot for any game.
//!
//! A bot author sees the ready bots: the [`bots::Bot`] trait and the bots generic over
//! any game ([`bots`]), the searches they are built on ([`search`]), and the roster that
//! names every built-in bot ([`roster::BotKind`]). How the bots learn, solve, play out,
//! roll out and train is the crate's own.
//!
//! May use: [`crate::core`] and [`crate::games`]. Inside, each room uses only the rooms
//! listed before it: `files`, `output`, `data_dir`, [`search`], [`bots`], `playout`, `learn`, `solve`,
//! `adjudicate`, `rollout`, [`roster`], `train`, `calibration`. Search, learning and
//! solving see games only through the [`crate::core::Game`] trait (and each game's own
//! evaluation or encoder).

pub(crate) mod adjudicate;
pub mod bots;
// Fitting the games' estimates is a developer's tool (`examples/calibrate.rs`), built
// only for it and for the tests.
#[cfg(any(test, feature = "internals"))]
pub mod calibration;
pub(crate) mod data_dir;
pub(crate) mod files;
#[cfg(feature = "internals")]
pub mod learn;
#[cfg(not(feature = "internals"))]
pub(crate) mod learn;
pub(crate) mod output;
pub(crate) mod playout;
pub(crate) mod rollout;
pub mod roster;
pub mod search;
#[cfg(feature = "internals")]
pub mod solve;
#[cfg(not(feature = "internals"))]
pub(crate) mod solve;
pub(crate) mod train;

// Unit tests of the bots' insides, kept under `tests/` (where the checks that games stay
// in their own folders leave test code out); they play whole games through `playout`,
// `rollout`, `learn`, `train`, `solve` and `calibration`.
#[cfg(test)]
mod tests {
    mod aeroplane_games;
    mod estimates;
    mod invariants;
    mod learned_nets;
    mod microbes_games;
    mod mnogoboy_random;
    mod mnogoboy_solved;
    mod nardy_net;
    mod rollouts;
    mod search;
    pub(super) mod support;
    mod ur_games;
    mod ur_solver;
}
