//! One side's checkers packed into a `u128`, in that side's own numbering.
//!
//! Nibble `p - 1` holds the count on point `p` (1..=24); nibble 24 holds the borne-off
//! count. Fifteen checkers fit a nibble, so a step is one subtraction and one addition,
//! and two positions compare with one integer comparison.

/// The nibble that holds the borne-off count.
const OFF_NIBBLE: u32 = 24;
/// Bits of the 24 points (nibbles 0..24).
const POINTS_MASK: u128 = (1u128 << 96) - 1;
/// Bit mask of home points 1..=6 in an occupancy mask.
pub const HOME_MASK: u32 = 0x3F;
/// Bit mask of all 24 points in an occupancy mask.
pub const ALL_POINTS: u32 = 0xFF_FFFF;

/// The checkers of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Side(pub u128);

impl Side {
    /// All fifteen checkers on the head (point 24).
    pub const START: Side = Side(15u128 << (4 * 23));

    /// Checkers on point `p` (1..=24).
    #[inline]
    pub fn count(self, p: u32) -> u32 {
        ((self.0 >> (4 * (p - 1))) & 0xF) as u32
    }

    /// Checkers borne off.
    #[inline]
    pub fn off(self) -> u32 {
        ((self.0 >> (4 * OFF_NIBBLE)) & 0xF) as u32
    }

    /// Checkers still on the board.
    pub fn on_board(self) -> u32 {
        (1..=24).map(|p| self.count(p)).sum()
    }

    /// Bit `p - 1` set for every point `p` this side occupies.
    pub fn occupancy(self) -> u32 {
        let x = self.0 & POINTS_MASK;
        let any = (x | (x >> 1) | (x >> 2) | (x >> 3)) & 0x1111_1111_1111_1111_1111_1111;
        let mut mask = 0u32;
        let mut bits = any;
        while bits != 0 {
            let nibble = bits.trailing_zeros() / 4;
            mask |= 1 << nibble;
            bits &= bits - 1;
        }
        mask
    }

    /// Moves one checker from `from` to `to` (0 = borne off). The caller checks counts.
    #[inline]
    pub fn step(self, from: u32, to: u32) -> Side {
        let removed = self.0 - (1u128 << (4 * (from - 1)));
        let target = if to == 0 { OFF_NIBBLE } else { to - 1 };
        Side(removed + (1u128 << (4 * target)))
    }

    /// Sets the count on point `p`, or the borne-off count for `p == 0`.
    pub fn with_count(self, p: u32, count: u32) -> Side {
        let nibble = if p == 0 { OFF_NIBBLE } else { p - 1 };
        let shift = 4 * nibble;
        Side((self.0 & !(0xFu128 << shift)) | (u128::from(count & 0xF) << shift))
    }

    /// Sum of the distances of all checkers from bearing off (point p counts p pips).
    pub fn pips(self) -> u32 {
        (1..=24).map(|p| p * self.count(p)).sum()
    }
}

/// Maps a mask in one side's numbering to the other side's numbering (a shift by twelve
/// points; the same map works both ways).
#[inline]
pub fn rotate12(mask: u32) -> u32 {
    ((mask << 12) | (mask >> 12)) & ALL_POINTS
}

/// Converts a point in one side's numbering to the other side's numbering.
#[inline]
pub fn other_numbering(p: u32) -> u32 {
    (p + 11) % 24 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_fifteen_on_the_head() {
        assert_eq!(Side::START.count(24), 15);
        assert_eq!(Side::START.on_board(), 15);
        assert_eq!(Side::START.occupancy(), 1 << 23);
        assert_eq!(Side::START.pips(), 360);
    }

    #[test]
    fn steps_move_and_bear_off() {
        let side = Side::START.step(24, 18).step(18, 0);
        assert_eq!(side.count(24), 14);
        assert_eq!(side.count(18), 0);
        assert_eq!(side.off(), 1);
        assert_eq!(side.occupancy(), 1 << 23);
    }

    #[test]
    fn numbering_maps_heads_onto_each_other() {
        assert_eq!(other_numbering(24), 12);
        assert_eq!(other_numbering(12), 24);
        assert_eq!(other_numbering(1), 13);
        assert_eq!(other_numbering(13), 1);
        assert_eq!(rotate12(1 << 23), 1 << 11);
    }
}
