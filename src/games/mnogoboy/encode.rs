//! The inputs of Mnogoboy's learned evaluation: a position as numbers, seen from the seat
//! to act (the mover), for the player count in play.
//!
//! One block of [`SEAT_INPUTS`] per seat, the mover's first and then the others in turn
//! order:
//!
//! | offset | meaning |
//! |---|---|
//! | `f` (0..=67) | the seat's piece stands on field `f` (S = 0, F = 67) |
//! | `68 + c` | its colour is `c` (white, green, orange, grey, yellow, blue, black) |
//! | 75 | the seat controls a piece |
//! | 76 | the piece stands on a field of its own colour |
//! | 77 | it stands on a field of another colour (it needs a 6 to move) |
//! | 78 | the fewest steps from its field to F, / 55 |
//! | 79 | how many of the six rolls end on its own colour, / 6 |
//!
//! then the tail: the stage (take, roll, roll again, move, exchange, dot: six numbers),
//! the die to play (six), the colour given away before this roll (seven), the colours
//! in the reserve (seven), and for each colour how many of the six rolls from the
//! mover's field end on it, / 6 (seven): what an exchange would buy.

use super::board::{Colour, FINISH, colour_rolls_from, distance_to_finish, field_colour};
use super::{BeforeRoll, Mnogoboy, Stage};
use crate::core::{Encoding, Game};

/// The version of this layout, written into weight files.
pub const ENCODING_VERSION: u32 = 1;
/// Numbers per seat.
pub const SEAT_INPUTS: usize = 80;
/// Numbers after the seats' blocks.
const TAIL: usize = 6 + 6 + 7 + 7 + 7;

impl Mnogoboy {
    /// The encoding for this player count (see the module's table).
    pub(super) fn net_encoding(&self) -> Encoding {
        Encoding {
            key: format!("{} {}", self.info().id, self.options()),
            version: ENCODING_VERSION,
            inputs: self.seats * SEAT_INPUTS + TAIL,
        }
    }

    /// Writes the position from the mover's side (see the module's table).
    pub(super) fn net_encode(&self, x: &mut [f32]) {
        let inputs = self.seats * SEAT_INPUTS + TAIL;
        let Some(x) = x.get_mut(..inputs) else {
            return;
        };
        x.fill(0.0);
        let mut controlled = 0u8;
        for k in 0..self.seats {
            let seat = (self.turn + k) % self.seats;
            let Some(piece) = self.pieces[seat] else {
                continue;
            };
            controlled |= piece.colour.bit();
            let block = &mut x[k * SEAT_INPUTS..(k + 1) * SEAT_INPUTS];
            block[usize::from(piece.field.min(FINISH))] = 1.0;
            block[68 + piece.colour as usize] = 1.0;
            block[75] = 1.0;
            match field_colour(piece.field) {
                Some(colour) if colour == piece.colour => block[76] = 1.0,
                Some(_) => block[77] = 1.0,
                None => {}
            }
            block[78] = f32::from(distance_to_finish(piece.field)) / 55.0;
            block[79] = f32::from(colour_rolls_from(piece.field, piece.colour)) / 6.0;
        }
        let tail = &mut x[self.seats * SEAT_INPUTS..];
        let (stage, die) = match self.stage {
            Stage::Take => (0, None),
            Stage::Roll { again: false } => (1, None),
            Stage::Roll { again: true } => (2, None),
            Stage::Move { die } => (3, Some(die)),
            Stage::Exchange => (4, None),
            Stage::Dot => (5, None),
            Stage::RollOff(_) | Stage::Over => (1, None),
        };
        tail[stage] = 1.0;
        if let Some(die) = die {
            tail[6 + usize::from(die.clamp(1, 6) - 1)] = 1.0;
        }
        if let BeforeRoll::Gave(colour) = self.before {
            tail[12 + colour as usize] = 1.0;
        }
        let field = self.pieces[self.turn].map_or(0, |p| p.field);
        for colour in Colour::ALL {
            if controlled & colour.bit() == 0 {
                tail[19 + colour as usize] = 1.0;
            }
            tail[26 + colour as usize] = f32::from(colour_rolls_from(field, colour)) / 6.0;
        }
    }
}
