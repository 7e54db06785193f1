//! What the rules of this game rule out in a position string, with the facts as fields.

use thiserror::Error;

use crate::core::PositionMistake;

use super::PositionError;

/// What the rules of this game rule out in a position string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionFault {
    /// Not yet typed.
    #[error("{0}")]
    Untyped(String),
}

impl PositionError {
    /// Not yet typed.
    pub(crate) fn rules(text: String) -> PositionError {
        PositionMistake::Rules(PositionFault::Untyped(text)).into()
    }
}
