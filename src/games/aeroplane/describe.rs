//! Aeroplane Chess for people: the names of planes and stacks, of places along a path,
//! and the events of a move (jumps, flights, bounces, captures).

use super::board::{self, CENTRE, HANGAR, LAUNCH, Trace};
use super::{Aeroplane, PLANES, plane_name};
use crate::core::Seat;

impl Aeroplane {
    /// Names of the planes in `mask` of `seat`: `r1, r3`.
    pub(super) fn names(&self, seat: Seat, mask: u8) -> String {
        let colour = self.colour(seat);
        let names: Vec<String> = (0..PLANES)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| plane_name(colour, i))
            .collect();
        names.join(", ")
    }

    /// A piece for people: `r2`, or `r1+r2` for a stack.
    pub(super) fn stack_name(&self, seat: Seat, mask: u8) -> String {
        self.names(seat, mask).replace(", ", "+")
    }

    /// Where a progress value is, for people: `square 20`, `h3`, `the centre`.
    pub(super) fn place_name(&self, seat: Seat, at: i8) -> String {
        match at {
            HANGAR => "the hangar".to_string(),
            LAUNCH => "the launch area".to_string(),
            CENTRE => "the centre".to_string(),
            d if board::on_track(d) => format!("square {}", board::square(self.colour(seat), d)),
            d => format!("h{}", d - board::HOME_FIRST + 1),
        }
    }

    /// The events of a move for people: jump, flight, bounce, captures.
    pub(super) fn events(&self, seat: Seat, trace: &Trace, captured: &[u8; 4]) -> Vec<String> {
        let mut events = Vec::new();
        if trace.bounced {
            events.push(format!("bounces back to {}", self.place_name(seat, trace.landed)));
        }
        // After `square 14 -> 18`, the square of a jump reads best as a bare number.
        let square = |at: i8| self.place_name(seat, at).replace("square ", "");
        if let Some(jump) = trace.jump {
            events.push(format!("jumps to {}", square(jump)));
        }
        if trace.flew {
            events.push(format!("flies the shortcut to {}", square(board::SHORTCUT_END)));
        }
        if let Some(jump) = trace.jump_after_flight {
            events.push(format!("jumps to {}", square(jump)));
        }
        let sent: Vec<String> = (0..self.seats)
            .filter(|&s| captured[s] != 0)
            .map(|s| self.names(s, captured[s]))
            .collect();
        if !sent.is_empty() {
            events.push(format!("sends {} to the hangar", sent.join(", ")));
        }
        events
    }
}

/// A finishing place in words: `2nd place`.
pub(super) fn ordinal_place(place: usize) -> &'static str {
    match place {
        1 => "1st place",
        2 => "2nd place",
        3 => "3rd place",
        _ => "4th place",
    }
}
