//! Mnogoboy's [`Lab`] hooks: its benchmark sets and solved tables.

use super::*;
use crate::core::Lab;

impl Lab for Mnogoboy {
    /// Two seats: positions from net:2's games whose every move was valued by perfect
    /// play (`benchmarks/mnogoboy-2.txt`), so the errors it measures are exact.
    fn benchmark_set(&self) -> Option<&'static str> {
        (self.seats == 2).then_some("mnogoboy-2")
    }

    /// Two seats are solved exactly: the table is built in (see [`index`]).
    fn solved_table(&self) -> Option<String> {
        (self.seats == 2).then(|| index::TABLE_NAME.to_string())
    }

    fn solved_index(&self) -> Option<u64> {
        index::index_of(self)
    }
}
