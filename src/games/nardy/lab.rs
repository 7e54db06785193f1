//! Long Nardy's [`Lab`] hooks: its benchmark sets and solved tables.

use super::*;
use crate::core::Lab;

impl Lab for Nardy {
    fn position_kind(&self) -> &'static str {
        eval::position_kind(self)
    }

    fn benchmark_set(&self) -> Option<&'static str> {
        // The set was rolled out for single games without koks; other options score
        // differently, so their errors would be measured against the wrong values.
        (self.rules.match_to == 1 && !self.rules.koks).then_some("nardy")
    }
}
