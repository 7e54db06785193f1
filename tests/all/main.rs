//! The integration tests: one binary, one module per area.

mod aeroplane_games;
mod aeroplane_reference;
mod aeroplane_rules;
mod analysis;
mod cli;
mod engines;
mod invariants;
mod man;
mod microbes_games;
mod microbes_reference;
mod microbes_rules;
mod mnogoboy_random;
mod mnogoboy_reference;
mod mnogoboy_rules;
mod movegen_counts;
mod nardy_reference;
mod nardy_rules;
mod protocol_framing;
mod robustness;
mod support;
mod table;
mod transcripts;
mod ur_games;
mod ur_reference;
mod ur_rules;
mod ur_solver;
