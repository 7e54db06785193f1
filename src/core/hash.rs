//! A small fast hasher for position hashes: transposition tables look a position up at
//! every node, so it must cost a few multiplications, not SipHash's rounds. Each word
//! goes through SplitMix64's full mix (a multiply-rotate step alone, as in FxHash, lets
//! a one-bit change in one word cancel against a change in the next: positions that
//! differ in a piece and the turn collided). Not meant to resist chosen inputs.

use std::hash::Hasher;

/// A hasher that mixes every word into its state with SplitMix64's finaliser, so that
/// every output bit (tables index by the low ones) depends on every input bit.
#[derive(Clone, Copy, Debug)]
pub struct PositionHasher {
    state: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Default for PositionHasher {
    fn default() -> PositionHasher {
        PositionHasher { state: SEED }
    }
}

impl PositionHasher {
    /// Mixes in one word.
    #[inline]
    pub fn add(&mut self, word: u64) {
        self.state = mix(self.state ^ word).wrapping_add(0x9E37_79B9_7F4A_7C15);
    }
}

impl Hasher for PositionHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 56));
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.state
    }
}

/// SplitMix64's finaliser: a bijection of 64-bit words with full avalanche.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hash;

    fn hash_of(value: impl Hash) -> u64 {
        let mut hasher = PositionHasher::default();
        value.hash(&mut hasher);
        hasher.finish()
    }

    #[test]
    fn equal_inputs_hash_equal_and_small_changes_spread() {
        assert_eq!(hash_of((1u8, [3u8; 5])), hash_of((1u8, [3u8; 5])));
        let base = hash_of([0u8; 24]);
        for byte in 0..24 {
            let mut changed = [0u8; 24];
            changed[byte] = 1;
            let flipped = (hash_of(changed) ^ base).count_ones();
            assert!(
                (12..=52).contains(&flipped),
                "byte {byte}: {flipped} bits changed"
            );
        }
    }
}
