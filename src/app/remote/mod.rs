//! Remote play: games between tabula programs on different machines, with dice that no
//! side can bend or foresee and a record that proves every roll.
//!
//! A *side* is one connected program (the host is side 0, joiners 1, 2, ... in the order
//! they joined); it plays the seats it named, and every side contributes to every throw.
//! [`dice`] holds the scheme (hash chains, the value of a throw, faces by rejection
//! sampling) and the [`dice::Ledger`] that checks each throw's reveals; `docs/remote.md`
//! describes it for players who want to check a roll by hand. [`proof`] writes and checks
//! the record's proof (`tabula verify`); [`relay`] pairs two sides that cannot reach each
//! other and forwards their bytes.
//!
//! May use: core, games, ai and the app's rooms listed before it in [`crate::app`]; the
//! rooms here use only those listed before them.

// The host and join commands make the chains, write the proofs and connect through the
// relay; until they do, only tests, `verify` and `relay` use all of it.
#[allow(dead_code)]
pub mod dice;
#[allow(dead_code)]
pub mod proof;
#[allow(dead_code)]
pub mod relay;
