//! The inputs of Aeroplane Chess's learned evaluation: a position as numbers, seen from
//! the seat to act (the mover), for the seat count in play.
//!
//! One block of [`SEAT_INPUTS`] per seat, the mover's first and then the others in turn
//! order. Track squares are counted from the mover's entry square for every seat, so a
//! square means the same place in every block and the network sees who threatens whom:
//!
//! | offset | meaning |
//! |---|---|
//! | `k - 1` (k = 1..=4) | at least `k` planes in the hangar |
//! | `4 + k - 1` | at least `k` planes in the launch area |
//! | `8 + 2 * q`, `8 + 2 * q + 1` | track square `q` (0..=51, from the mover's entry) holds at least one, at least two of the seat's planes |
//! | `112 + h` (h = 0..=4) | a plane on square `h + 1` of the seat's home column |
//! | `117 + k - 1` | at least `k` planes in the centre |
//!
//! then three numbers for the sixes already rolled this turn (none, one, two) and six for
//! the die to play once the mover has rolled.

use super::board::{CENTRE, HANGAR, HOME_FIRST, LAUNCH, TRACK_SQUARES, on_track, square};
use super::{Aeroplane, PLANES, Stage};
use crate::core::{Encoding, Game};

/// The version of this layout, written into weight files.
pub const ENCODING_VERSION: u32 = 1;
/// Numbers per seat.
pub const SEAT_INPUTS: usize = 8 + 2 * TRACK_SQUARES + 5 + PLANES;

impl Aeroplane {
    /// The encoding for this seat count (see the module's table); the key holds the
    /// options, the seat count among them.
    pub(super) fn net_encoding(&self) -> Encoding {
        Encoding {
            key: format!("{} {}", self.info().id, self.options()),
            version: ENCODING_VERSION,
            inputs: self.seats * SEAT_INPUTS + 9,
        }
    }

    /// Writes the position from the mover's side (see the module's table).
    pub(super) fn net_encode(&self, x: &mut [f32]) {
        let inputs = self.seats * SEAT_INPUTS + 9;
        let Some(x) = x.get_mut(..inputs) else {
            return;
        };
        x.fill(0.0);
        let entry = square(self.colour(self.turn), 0);
        for k in 0..self.seats {
            let seat = (self.turn + k) % self.seats;
            let colour = self.colour(seat);
            let block = &mut x[k * SEAT_INPUTS..(k + 1) * SEAT_INPUTS];
            let mut counts = [0usize; 4];
            let mut track = [0u8; TRACK_SQUARES];
            for &d in &self.planes[seat] {
                match d {
                    HANGAR => counts[0] += 1,
                    LAUNCH => counts[1] += 1,
                    CENTRE => counts[2] += 1,
                    d if on_track(d) => {
                        let q = (square(colour, d) + TRACK_SQUARES - entry) % TRACK_SQUARES;
                        track[q] += 1;
                    }
                    d if (HOME_FIRST..CENTRE).contains(&d) => block[112 + (d - HOME_FIRST) as usize] = 1.0,
                    _ => {}
                }
            }
            // Truncated unary: the first `n` numbers of each count's four are one.
            for (start, count) in [(0, counts[0]), (4, counts[1]), (117, counts[2])] {
                block[start..start + count.min(PLANES)].fill(1.0);
            }
            for (q, &n) in track.iter().enumerate() {
                block[8 + 2 * q] = f32::from(u8::from(n >= 1));
                block[8 + 2 * q + 1] = f32::from(u8::from(n >= 2));
            }
        }
        let tail = self.seats * SEAT_INPUTS;
        x[tail + usize::from(self.sixes.min(2))] = 1.0;
        if let Stage::Move(die) = self.stage {
            x[tail + 3 + usize::from(die.clamp(1, 6) - 1)] = 1.0;
        }
    }
}
