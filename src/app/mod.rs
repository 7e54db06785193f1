//! What a user does with games, independent of how they type it: the session (one game
//! with its history, undo and dice stream), records, hints and analysis, the players at a
//! table (humans, bots, external engines) and the referee that asks them to act, the
//! engine protocol's wire format and client, matches and benchmarks, and the time
//! long runs expect.
//!
//! May use: [`crate::core`], [`crate::games`], [`crate::ai`]. Inside, each room uses only
//! the rooms listed before it: [`docs`], [`lines`], [`interrupt`], [`forecast`], [`charts`], [`protocol`], [`hints`],
//! [`rollouts`], [`session`], [`record`], [`history`], [`analysis`], [`review`], [`tutor`], [`drill`], [`benchmark`], [`players`], [`command`], [`matches`],
//! [`bench`], [`record_bench`], [`remote`].

pub mod analysis;
pub mod bench;
pub mod benchmark;
pub mod charts;
pub mod command;
pub mod docs;
pub mod drill;
pub mod forecast;
pub mod hints;
pub mod history;
pub mod interrupt;
pub mod lines;
pub mod matches;
pub mod players;
pub mod protocol;
pub mod record;
pub mod record_bench;
pub mod remote;
pub mod review;
pub mod rollouts;
pub mod session;
#[cfg(test)]
pub(crate) mod testing;
pub mod tutor;
