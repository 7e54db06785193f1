//! Helpers for the unit tests of the bots' insides, as `tests/all/support.rs` has them
//! for the integration tests: set a game up from options and a position string, and a
//! scratch directory. Each panics with what it was given when a step fails.

use std::fmt::Debug;
use std::path::PathBuf;

use crate::core::Notation;
use crate::core::{NewGame, Options};

/// A new game with these `key=value` options, the others at their defaults.
pub fn new_game<G: NewGame>(options: &[impl AsRef<str> + Debug]) -> G {
    let parsed =
        Options::parse(G::game_info().options, options).unwrap_or_else(|e| panic!("{e}: {options:?}"));
    G::new_game(&parsed).unwrap_or_else(|e| panic!("{e}: {options:?}"))
}

/// A game with these `key=value` options, set to the position string `position`.
pub fn given_with<G: NewGame + Notation>(options: &[&str], position: &str) -> G {
    let parsed = Options::parse(G::game_info().options, options)
        .unwrap_or_else(|e| panic!("{e}: {options:?} {position}"));
    let mut game = G::new_game(&parsed).unwrap_or_else(|e| panic!("{e}: {options:?} {position}"));
    game.set_position(position)
        .unwrap_or_else(|e| panic!("{e}: {position}"));
    game
}

/// A game with the default options, set to the position string `position`.
pub fn given<G: NewGame + Notation>(position: &str) -> G {
    given_with(&[], position)
}

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
