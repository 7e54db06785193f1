//! Game set-ups shared by the integration tests and the unit tests of the bots' insides
//! (which include this file), written once against [`Game`] and [`NewGame`]: set a game
//! up from options and a position string, roll, and list, play or have refused moves by
//! their text. Each panics with what it was given and the error when a step the test
//! relies on fails.

use std::fmt::Debug;

use tabula::core::Notation;
use tabula::core::{Game, NewGame, Options, PlayError};

/// Ur's rule sets as options, each back-star rule of City and of ASEB: the mixes the
/// seeded games and the reference checks play.
pub const UR_RULE_MIXES: [&[&str]; 7] = [
    &["rules=city"],
    &["rules=city", "back-star=retreat"],
    &["rules=finkel"],
    &["rules=masters"],
    &["rules=blitz"],
    &["rules=aseb"],
    &["rules=aseb", "back-star=retreat"],
];

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

/// The game after the dice `values` are thrown, read as a person would type them.
pub fn rolled<G: Game>(mut game: G, values: &[u8]) -> G {
    let dice = game
        .parse_dice(values)
        .unwrap_or_else(|e| panic!("dice {values:?}: {e}"));
    game.set_dice(dice)
        .unwrap_or_else(|e| panic!("dice {values:?}: {e}"));
    game
}

/// The legal moves in the order the game lists them, in its notation.
pub fn legal<G: Notation>(game: &G) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().map(|m| game.format_move(m)).collect()
}

/// The legal moves in its notation, sorted, for tests that do not care about the order.
pub fn legal_sorted<G: Notation>(game: &G) -> Vec<String> {
    let mut texts = legal(game);
    texts.sort();
    texts
}

/// The legal moves as described for people, in the order the game lists them.
pub fn described<G: Notation>(game: &G) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.iter().map(|m| game.describe_move(m)).collect()
}

/// Plays `text` and returns the game after it.
pub fn played<G: Notation>(game: &G, text: &str) -> G {
    let mut after = game.clone();
    let mv = after.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    after
        .play(&mv)
        .unwrap_or_else(|e| panic!("{text} should be legal here: {e}"));
    after
}

/// Plays `text`, expects it refused as illegal, checks nothing changed, returns why.
pub fn refusal<G: Notation + PartialEq>(game: &G, text: &str) -> String {
    let mut copy = game.clone();
    let mv = copy.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    match copy.play(&mv) {
        Err(PlayError::Illegal(e)) => {
            assert_eq!(copy, *game, "a refused move changed the game");
            e.0.to_string()
        }
        other => panic!("expected {text} to be refused, got {other:?}"),
    }
}

/// Like [`refusal`] for a move asked at the wrong point of the turn.
pub fn wrong_phase<G: Notation + PartialEq>(game: &G, text: &str) -> String {
    let mut copy = game.clone();
    let mv = copy.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    match copy.play(&mv) {
        Err(PlayError::WrongPhase(e)) => {
            assert_eq!(copy, *game, "a refused move changed the game");
            e.0.to_string()
        }
        other => panic!("expected {text} to be refused as wrong phase, got {other:?}"),
    }
}

/// What the roll-off tells people of a throw of `value` from `game` (nothing in the middle
/// of a round), as every front end prints it.
pub fn roll_off_news<G: Notation>(game: &G, value: u8) -> Vec<String> {
    let roll_off = game
        .roll_off()
        .unwrap_or_else(|| panic!("not in a roll-off: {}", game.position_string()));
    roll_off.narrate(value, &|seat| game.seat_name(seat).to_string())
}
