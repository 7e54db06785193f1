//! The integration tests: one binary, one module per area.

mod movegen_counts;
mod nardy_reference;
mod nardy_rules;
mod ur_games;
mod ur_reference;
mod ur_rules;
