//! The inputs of the chessboard race's learned evaluation: a position as [`INPUTS`]
//! numbers, seen from the seat to act (the mover).
//!
//! Two blocks of [`SIDE_INPUTS`], the mover's first, each along its owner's own path:
//!
//! | offset | meaning |
//! |---|---|
//! | `i` (0..=31) | a piece stands at path index `i` (28..=31 are the home diagonal) |
//! | `32 + k - 1` | at least `k` pieces (1..=4) wait in the reserve |
//!
//! then six numbers: a one-hot of the die to play once the mover has rolled.

use super::board::PIECES;
use super::{Microbes, Stage};
use crate::core::{Encoding, Game};

/// The version of this layout, written into weight files.
pub const ENCODING_VERSION: u32 = 1;
/// Numbers per side.
pub const SIDE_INPUTS: usize = 32 + PIECES as usize;
/// Numbers in one encoded position.
pub const INPUTS: usize = 2 * SIDE_INPUTS + 6;

impl Microbes {
    /// The encoding (see the module's table); the key holds the options.
    pub(super) fn net_encoding(&self) -> Encoding {
        Encoding {
            key: format!("{} {}", self.info().id, self.options()),
            version: ENCODING_VERSION,
            inputs: INPUTS,
        }
    }

    /// Writes the position from the mover's side (see the module's table).
    pub(super) fn net_encode(&self, x: &mut [f32]) {
        let Some(x) = x.get_mut(..INPUTS) else {
            return;
        };
        x.fill(0.0);
        for k in 0..2 {
            let pieces = self.pieces[(self.turn + k) % 2];
            let block = &mut x[k * SIDE_INPUTS..(k + 1) * SIDE_INPUTS];
            for index in pieces.indices() {
                block[usize::from(index & 31)] = 1.0;
            }
            for n in 0..pieces.reserve().min(PIECES) as usize {
                block[32 + n] = 1.0;
            }
        }
        if let Stage::Move(die) = self.stage {
            x[2 * SIDE_INPUTS + usize::from(die.clamp(1, 6) - 1)] = 1.0;
        }
    }
}
