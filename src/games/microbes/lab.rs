//! Microbes's [`Lab`] hooks: its benchmark sets and solved tables.

use super::*;
use crate::core::Lab;

impl Lab for Microbes {
    /// The set was rolled out without extra rolls on a 6; with them every value differs.
    fn benchmark_set(&self) -> Option<&'static str> {
        (!self.rules.six_rolls_again).then_some("microbes")
    }
}
