//! Adjudication for matches: the result a game is given when it is stopped before its
//! end because the rest is decided. Only exact chances count: a game that can tell its
//! result itself ([`Strategy::adjudicate`](crate::core::Strategy::adjudicate): Long
//! Nardy's race once every checker is home) does so when it marks the chance exact, and
//! a game with a solved table (Ur's rule sets once `tabula solve` built them, two-seat
//! Mnogoboy built in) is given to the seat the table makes the winner. Either way the
//! result's chance must be at least the threshold (`--adjudicate=P`,
//! [`DEFAULT_THRESHOLD`] by default); an estimated chance never adjudicates, however
//! high, as cutechess-cli and fastchess adjudicate only on tablebases.
//!
//! A solved table knows every position's exact chance from the start, so adjudicating as
//! soon as it answers would end every game before its first move: the threshold is what
//! keeps the games played until they are decided.

use crate::ai::solve::PerfectTable;
use crate::core::FullGame;
use crate::core::Lab;
use crate::core::{Adjudication, Outcome, Phase};

/// How sure an exact source must be of the result before a game is adjudicated, unless
/// the match says otherwise.
pub const DEFAULT_THRESHOLD: f64 = 0.99;

/// The adjudicated result of `game` as it stands, or `None` where the game plays on: an
/// exact chance of at least `threshold` for the result given.
pub fn adjudicate<G: FullGame>(game: &G, threshold: f64) -> Option<Adjudication> {
    let decided = |verdict: &Adjudication| verdict.exact && verdict.chance >= threshold;
    game.adjudicate()
        .filter(decided)
        .or_else(|| from_solved_table(game).filter(decided))
}

/// A two-seat game's result by its solved table: the seat the table favours, with its
/// exact chance.
fn from_solved_table<G: Lab>(game: &G) -> Option<Adjudication> {
    let Phase::Roll(mover) = game.phase() else {
        return None;
    };
    // A table holds one win chance per position: it scores plain wins of two seats.
    if game.seat_count() != 2 || game.most_points() != 1 || game.roll_off().is_some() {
        return None;
    }
    let solved = game.solved_table()?;
    let index = game.solved_index()?;
    let table = PerfectTable::find_table(&solved).ok()?;
    let chance = table.value(index)?;
    let (winner, sure) = if chance >= 0.5 {
        (mover, chance)
    } else {
        (1 - mover, 1.0 - chance)
    };
    let seat = game.seat_name(winner);
    Some(Adjudication {
        outcome: Outcome::winner(2, winner, 1, format!("{seat} is given the win by adjudication")),
        chance: sure,
        exact: true,
        reason: format!(
            "solved table ({solved}): {seat} wins {:.2}% (exact)",
            100.0 * sure
        ),
    })
}
