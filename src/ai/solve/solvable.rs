//! What `tabula solve` can build: the solvers, which of the tables the games declare
//! ([`Lab::solved_tables`]) each builds, and the words people read when they ask for a
//! game it cannot solve.

use crate::core::{Lab, SolvedTable, list_words};
use crate::games::GameKind;

/// The games and options [`super::solve_table`] builds whole tables for, as people read
/// them: `ur with rules=finkel, masters, blitz or aseb, and mnogoboy with players=2`.
pub fn solvable_text() -> String {
    let games: Vec<String> = GameKind::ALL
        .iter()
        .filter_map(|kind| game_text(kind.default_game().solved_tables()))
        .collect();
    list_words(&games, ", and ")
}

/// One game's whole tables: `ur with rules=finkel, masters, blitz or aseb`, or `None`
/// where it has none. The tables of one game are picked by one option.
fn game_text(tables: &[SolvedTable]) -> Option<String> {
    let whole: Vec<&SolvedTable> = tables.iter().filter(|table| table.whole).collect();
    let first = whole.first()?;
    let values: Vec<&str> = whole.iter().map(|table| table.value).collect();
    Some(format!(
        "{} with {}={}",
        first.game,
        first.option,
        list_words(&values, " or ")
    ))
}

/// One solver of tabula: which of the tables the games declare
/// ([`crate::core::Lab::solved_tables`]) it builds, and how it finds and builds them.
pub(super) trait Solver: Sync {
    /// True for a table this solver builds.
    fn builds(&self, table: &SolvedTable) -> bool;

    /// True when tabula carries this solver's tables inside it, so every machine has them.
    fn built_in(&self) -> bool;

    /// The table `table`, or why it is not there.
    fn find(&self, table: &SolvedTable) -> Result<std::sync::Arc<super::PerfectTable>, super::MissingTable>;

    /// Builds the table `table` for a game with `options`, or counts it, writing
    /// progress and the result to `out`.
    fn solve(
        &self,
        table: &SolvedTable,
        options: &crate::core::Options,
        request: super::SolveRequest,
        out: &mut dyn std::io::Write,
    ) -> anyhow::Result<()>;
}

/// The solver that builds `table`, or why there is none.
pub(super) fn solver_of(table: &SolvedTable) -> Result<&'static dyn Solver, super::MissingTable> {
    super::SOLVERS
        .into_iter()
        .find(|solver| solver.builds(table))
        .ok_or(super::MissingTable::NoSolver { table: *table })
}

#[cfg(test)]
mod tests {
    /// The list the solver gives when asked for an unsolvable game is what the games
    /// declare, in the words it always used.
    #[test]
    fn the_solvable_games_are_listed_from_what_they_declare() {
        assert_eq!(
            super::solvable_text(),
            "ur with rules=finkel, masters, blitz or aseb, and mnogoboy with players=2"
        );
    }
}
