//! Evaluations learned by self-play: a small network in plain Rust ([`network`]), its
//! weight file ([`weights`]), the networks there are ([`nets`]), TD(lambda) training for
//! any game through its encoder ([`td`], with the head the game declares by [`head`]),
//! its use as every game's evaluation ([`eval`]) and `bot:net` ([`bot`], searching as
//! the head prunes by [`pruned`]) and the learning curve's match ([`curve`]). Inside,
//! each room uses only the rooms listed before it: `network`, `weights`, `nets`, `eval`, `pruned`,
//! `bot`, `curve`, `td`, `head`.
//!
//! The networks tabula ships are embedded in the binary (`assets/nets/*.net`, Long Nardy's
//! `assets/*.net`; see docs/internals.md for how each was trained); `--net FILE` on `play`,
//! `match`, `engine`, `analyse`, `rollout` and `accuracy` replaces the one for that file's
//! game for the bots it builds ([`Nets`], a value handed to wherever
//! bots are built, so that two bots of one process may play on different networks).

pub mod bot;
pub mod curve;
pub mod eval;
pub mod head;
pub mod nets;
pub mod network;
pub mod pruned;
// A unit-test file kept under `tests/`, where the checks that games stay in their
// own folders leave test code out.
#[cfg(test)]
#[path = "tests/same_runs.rs"]
mod same_runs;
pub mod td;
pub mod weights;

pub use nets::Nets;
pub use network::Network;
pub use weights::{NetFileError, NetInfo};
