//! The integration tests: one binary, one module per area.

mod mnogoboy_random;
mod mnogoboy_reference;
mod mnogoboy_rules;
mod movegen_counts;
mod nardy_reference;
mod nardy_rules;
