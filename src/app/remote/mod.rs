//! Remote play: games between tabula programs on different machines, with dice that no
//! side can bend or foresee and a record that proves every roll.
//!
//! A *side* is one connected program (the host is side 0, joiners 1, 2, ... in the order
//! they joined); it plays the seats it named, and every side contributes to every throw.
//! [`dice`] holds the scheme (hash chains, the value of a throw, faces by rejection
//! sampling) and the [`dice::Ledger`] that checks each throw's reveals; `docs/remote.md`
//! describes it for players who want to check a roll by hand. [`proof`] writes and checks
//! the record's proof (`tabula verify`); [`relay`] pairs a host with each joiner when they
//! cannot reach each other, and forwards their bytes. [`code`] makes the join code, [`channel`] opens the
//! encrypted channel it keys, [`wire`] says what the sides may tell each other and reads
//! it strictly, [`rejoin`] lets a side whose connection dropped come back, [`journal`]
//! lets a side whose program ended take the game up again in a new one, and [`table`]
//! plays a game over it.
//!
//! May use: core, games, ai and the app's rooms listed before it in [`crate::app`].
//! Inside, each room uses only the rooms listed before it: [`dice`], [`proof`], [`relay`],
//! [`wire`], [`code`], [`channel`], [`rejoin`], [`journal`], [`table`].

pub mod channel;
pub mod code;
// Parts of the scheme serve only `tabula verify` and the records' proof.
#[allow(dead_code)]
pub mod dice;
pub mod journal;
pub mod proof;
pub mod rejoin;
pub mod relay;
pub mod table;
pub mod wire;

/// Fills `bytes` from the operating system's randomness.
pub fn os_random(bytes: &mut [u8]) -> std::io::Result<()> {
    use rand::TryRng;
    rand::rngs::SysRng
        .try_fill_bytes(bytes)
        .map_err(|e| std::io::Error::other(format!("the system's randomness failed: {e}")))
}
