//! The finishing order as a fixed array, so that copying a game (which searches do at
//! every node) never allocates.

use std::ops::Deref;

use crate::core::Seat;

/// Seats in the order they brought all four planes to the centre (at most four).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Finishers {
    seats: [Seat; 4],
    len: u8,
}

impl Finishers {
    /// Adds a seat at the end (a fifth seat, which four colours cannot produce, is ignored).
    pub fn push(&mut self, seat: Seat) {
        if let Some(slot) = self.seats.get_mut(usize::from(self.len)) {
            *slot = seat;
            self.len += 1;
        }
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Deref for Finishers {
    type Target = [Seat];

    fn deref(&self) -> &[Seat] {
        &self.seats[..usize::from(self.len)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_and_at_most_four() {
        let mut list = Finishers::default();
        assert!(list.is_empty());
        for seat in [2, 0, 3, 1, 1] {
            list.push(seat);
        }
        assert_eq!(&*list, &[2, 0, 3, 1]);
        assert!(list.contains(&3));
        list.clear();
        assert_eq!(list.len(), 0);
    }
}
