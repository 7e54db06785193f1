//! The Royal Game of Ur's [`Lab`] hooks: its benchmark sets and solved tables.

use super::*;
use crate::core::Lab;

impl Lab for Ur {
    /// Every rule set has a table of that name, `tabula solve` builds: whole for the
    /// four standard ones, only the end layers for City of Ur.
    fn solved_table(&self) -> Option<String> {
        Some(solved_table_name(self.rule_set()))
    }

    fn solved_index(&self) -> Option<u64> {
        index::UrIndex::solved_index(self)
    }
}
