//! Adjudication for matches: the result a game is given when it is stopped before its
//! end because the rest is (nearly) decided. A game that can tell it itself does
//! ([`Strategy::adjudicate`](crate::core::Strategy::adjudicate): Long Nardy's pure race); a game with a solved table (Ur's rule
//! sets once `tabula solve` built them, two-seat Mnogoboy built in) is given to the seat
//! the table makes a near-certain winner.
//!
//! A solved table knows every position's exact chance from the start, so adjudicating as
//! soon as it answers would end every game before its first move. It is used only once
//! the chance of the seat to roll is at least [`SOLVED_THRESHOLD`] or at most one minus
//! it: the game is then as good as decided for players who play on well.

use crate::ai::solve::PerfectTable;
use crate::core::FullGame;
use crate::core::Lab;
use crate::core::{Adjudication, Outcome, Phase};

/// How sure a solved table must be of the winner before a game is adjudicated.
pub const SOLVED_THRESHOLD: f64 = 0.99;

/// The adjudicated result of `game` as it stands, or `None` where the game plays on.
pub fn adjudicate<G: FullGame>(game: &G) -> Option<Adjudication> {
    game.adjudicate().or_else(|| from_solved_table(game))
}

/// A two-seat game whose solved table gives one seat at least [`SOLVED_THRESHOLD`].
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
    let (winner, sure) = if chance >= SOLVED_THRESHOLD {
        (mover, chance)
    } else if chance <= 1.0 - SOLVED_THRESHOLD {
        (1 - mover, 1.0 - chance)
    } else {
        return None;
    };
    let seat = game.seat_name(winner);
    Some(Adjudication {
        outcome: Outcome::winner(2, winner, 1, format!("{seat} is given the win by adjudication")),
        reason: format!("solved table ({solved}): {seat} wins {:.2}%", 100.0 * sure),
    })
}
