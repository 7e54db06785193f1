//! The integration tests: one binary, one module per area.

mod aeroplane_games;
mod aeroplane_reference;
mod aeroplane_rules;
mod movegen_counts;
mod nardy_reference;
mod nardy_rules;
