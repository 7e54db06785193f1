//! The Royal Game of Ur's [`Lab`] hooks: its solved tables, one per rule set.

use super::board::RuleSet;
use super::{INFO, Ur, index};
use crate::core::{Lab, SolvedTable};

/// Ur's solved tables, one per rule set: `tabula solve` builds the four standard rule
/// sets whole, and only the end layers of City of Ur.
static SOLVED_TABLES: [SolvedTable; 5] = [
    solved_table(RuleSet::City),
    solved_table(RuleSet::Finkel),
    solved_table(RuleSet::Masters),
    solved_table(RuleSet::Blitz),
    solved_table(RuleSet::Aseb),
];

/// The solved table of a rule set (`ur rules=finkel`), as [`Lab::solved_table`] gives it
/// and the solver writes it.
pub const fn solved_table(rules: RuleSet) -> SolvedTable {
    SolvedTable {
        game: INFO.id,
        option: "rules",
        value: rules.name(),
        whole: !matches!(rules, RuleSet::City),
    }
}

impl Lab for Ur {
    fn solved_tables(&self) -> &'static [SolvedTable] {
        &SOLVED_TABLES
    }

    /// Every rule set has a table, which `tabula solve` builds: whole for the four
    /// standard ones, only the end layers for City of Ur.
    fn solved_table(&self) -> Option<SolvedTable> {
        Some(solved_table(self.rule_set()))
    }

    fn solved_index(&self) -> Option<u64> {
        index::UrIndex::solved_index(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each table names the rule set it is at.
    #[test]
    fn the_tables_follow_the_rule_sets() {
        for rules in RuleSet::ALL {
            assert_eq!(solved_table(rules).value, rules.name());
            assert_eq!(solved_table(rules).whole, rules != RuleSet::City);
        }
    }
}
