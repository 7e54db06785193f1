//! The [`Lab`] trait: the hooks of the research tools (benchmark sets, solved tables),
//! and [`FullGame`], a game with everything tabula can use.

use super::game::Game;
use super::notation::Notation;
use super::strategy::Strategy;

/// A game's hooks for benchmarks and exact solving.
pub trait Lab: Game {
    /// The name of the benchmark set built in for this game and these options (see
    /// `tabula benchmark`; the benchmark code holds the sets, as `benchmarks/NAME.txt`):
    /// positions whose candidate moves were rolled out. The default is none.
    fn benchmark_set(&self) -> Option<&'static str> {
        None
    }

    /// The kind of position this is, for benchmarks that report error rates per kind
    /// (nardy: `contact`, `blocking` or `race`). The default is `all`.
    fn position_kind(&self) -> &'static str {
        "all"
    }

    /// The name of the solved table that plays this game exactly with these options
    /// (`ur rules=finkel`, the name `tabula solve` writes into the table), or `None`
    /// where no such table can be built. The default is `None`.
    fn solved_table(&self) -> Option<String> {
        None
    }

    /// This position's number in the solved table of [`Lab::solved_table`]: a table
    /// holds the chance that the seat to roll wins, so only positions before a roll
    /// (no roll-off) have one. The default is `None`.
    fn solved_index(&self) -> Option<u64> {
        None
    }
}

/// A game with its rules, notation, strategy and lab hooks: what the generic front ends,
/// bots and tools take.
pub trait FullGame: Game + Notation + Strategy + Lab {}

impl<T: Game + Notation + Strategy + Lab> FullGame for T {}
