//! Helpers for the unit tests of the bots' insides: the integration tests' game set-ups
//! (`tests/all/support/games.rs`, set a game up from options and a position string) and
//! a scratch directory.

use std::path::PathBuf;

use crate::core::Game;

// The same set-ups as the integration tests', from their one file; those tests use the
// helpers these do not.
#[allow(dead_code)]
#[path = "../../../tests/all/support/games.rs"]
mod games;

pub use games::{UR_RULE_MIXES, given, given_with, new_game};

/// A fresh, empty directory for one test's files (named by `name`, under the system's
/// temporary directory, apart for each test run).
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("tabula-unit-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Every throw of the dice in `game`, which waits for one, with its chance: the game
/// after the throw and the moves then legal.
pub fn each_roll<G: Game>(game: &G) -> Vec<(f64, G, Vec<G::Move>)> {
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    outcomes
        .into_iter()
        .map(|(dice, p)| {
            let mut rolled = game.clone();
            rolled.set_dice(dice).unwrap();
            let mut moves = Vec::new();
            rolled.legal_moves(&mut moves);
            (p, rolled, moves)
        })
        .collect()
}
