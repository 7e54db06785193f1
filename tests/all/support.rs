//! Helpers shared by the test modules, written once against [`Game`] and [`NewGame`]:
//! set a game up from options and a position string, roll, and list, play or have refused
//! moves by their text. Each panics with what it was given and the error when a step the
//! test relies on fails.

use std::fmt::Debug;

use tabula::core::Notation;
use tabula::core::{Game, NewGame, Options, PlayError};

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
            e.0
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
            e.0
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

/// The environment variable that moves tabula's data directory elsewhere: the binary's
/// `ai::data_dir::DATA_DIR_VAR`, which stays inside the crate (a unit test there checks
/// that this line names the same variable).
pub const DATA_DIR_VAR: &str = "TABULA_DATA_DIR";

/// A data directory of this test run's own (empty, under cargo's temporary folder for
/// tests, which `cargo clean` removes), so that a table or history the user has cannot
/// change what a test sees.
pub fn test_data_dir() -> std::path::PathBuf {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir =
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("data-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary data directory");
        dir
    })
    .clone()
}

/// The tabula binary, run with the test run's own data directory.
pub fn tabula_command() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"));
    command.env(DATA_DIR_VAR, test_data_dir());
    command
}

/// A fresh, empty directory for one test's files (named by `name`, under this run's
/// temporary directory).
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = test_data_dir().join("tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Runs `tabula ARGS` with `input` on stdin; returns (status, stdout, stderr).
pub fn run_tabula(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = tabula_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
