//! Mnogoboy's [`Lab`] hooks: its benchmark set and its solved table.

use super::{INFO, Mnogoboy, index};
use crate::core::{Lab, SolvedTable};

/// The table of two-seat Mnogoboy (tabula carries it built in).
pub const SOLVED_TABLE: SolvedTable = SolvedTable {
    game: INFO.id,
    option: "players",
    value: "2",
    whole: true,
};

impl Lab for Mnogoboy {
    /// Two seats: positions from net:2's games whose every move was valued by perfect
    /// play (`benchmarks/mnogoboy-2.txt`), so the errors it measures are exact.
    fn benchmark_set(&self) -> Option<&'static str> {
        (self.seats == 2).then_some("mnogoboy-2")
    }

    fn solved_tables(&self) -> &'static [SolvedTable] {
        std::slice::from_ref(&SOLVED_TABLE)
    }

    /// Two seats are solved exactly: the table is built in (see [`index`]).
    fn solved_table(&self) -> Option<SolvedTable> {
        (self.seats == 2).then_some(SOLVED_TABLE)
    }

    fn solved_index(&self) -> Option<u64> {
        index::index_of(self)
    }
}
