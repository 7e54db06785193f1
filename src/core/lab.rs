//! The [`Lab`] trait: the hooks of the research tools (benchmark sets, solved tables),
//! and [`FullGame`], a game with everything tabula can use.

use std::fmt;

use super::game::Game;
use super::notation::Notation;
use super::strategy::Strategy;

/// A table of exact win chances that plays a game perfectly under one value of one of
/// its rule options, as the game declares it ([`Lab::solved_tables`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SolvedTable {
    /// The game's id: `ur`.
    pub game: &'static str,
    /// The rule option whose value picks the table: `rules`.
    pub option: &'static str,
    /// That option's value: `finkel`.
    pub value: &'static str,
    /// True when `tabula solve` can build the whole table; false where it can solve
    /// only the end layers (City of Ur is too large).
    pub whole: bool,
}

/// The table's name, written into its header and typed after `tabula solve`:
/// `ur rules=finkel`.
impl fmt::Display for SolvedTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}={}", self.game, self.option, self.value)
    }
}

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

    /// Every solved table this game has under some options, the ones `tabula solve`
    /// builds (and lists when asked for a game it cannot solve). The default is none.
    fn solved_tables(&self) -> &'static [SolvedTable] {
        &[]
    }

    /// The solved table, one of [`Lab::solved_tables`], that plays this game exactly with
    /// these options, or `None` where there is none. The default is `None`.
    fn solved_table(&self) -> Option<SolvedTable> {
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
