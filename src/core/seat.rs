//! Seats at the table: the one notion the turn cycle, roll-offs and estimates share.

/// A seat at the table, numbered from 0 in turn order.
pub type Seat = usize;

/// The most seats any game has (Mnogoboy's six); sizes the fixed arrays of
/// [`crate::core::Estimate`].
pub const MAX_SEATS: usize = 6;
