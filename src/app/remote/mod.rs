//! Remote play: a game between tabula programs on different machines.
//!
//! Each connected program is a side (the host is side 0, joiners follow in the order
//! they joined) and plays the seats it named. Each room uses only the rooms listed
//! before it: [`wire`], [`code`], [`channel`], [`table`]. `code` makes the join code,
//! `channel` opens the encrypted channel it keys, `wire` says what the sides may tell
//! each other and reads it strictly, and `table` plays a game over it.

pub mod channel;
pub mod code;
pub mod table;
pub mod wire;

/// Fills `bytes` from the operating system's randomness.
pub fn os_random(bytes: &mut [u8]) -> std::io::Result<()> {
    use rand::TryRng;
    rand::rngs::SysRng
        .try_fill_bytes(bytes)
        .map_err(|e| std::io::Error::other(format!("the system's randomness failed: {e}")))
}
