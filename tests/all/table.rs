//! The table as a player meets it in a terminal: colour only where it belongs, the board
//! chosen to fit the terminal's rows, and every line within 80 columns. The terminal is
//! a real pseudo-terminal made by `script` (util-linux).

use std::io::Write;
use std::process::{Command, Stdio};

const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// What the terminal showed when `shell` ran in a pseudo-terminal with `env` set and
/// `keys` typed.
fn in_terminal(shell: &str, env: &[(&str, &str)], keys: &str) -> String {
    let mut command = Command::new("script");
    command
        .args(["-qec", shell, "/dev/null"])
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("TERM", "xterm-256color")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command
        .spawn()
        .expect("these tests need script(1) from util-linux to make a terminal");
    child.stdin.as_mut().unwrap().write_all(keys.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn play(args: &str) -> String {
    format!("stty rows 24 cols 80; {TABULA} play {args}")
}

const RED: &str = "\x1b[31m";

#[test]
fn errors_are_red_in_a_colour_terminal_only() {
    let typed = "xyzzy\rquit\r";
    let error = "error: unknown command: xyzzy";
    let coloured = in_terminal(&play("nardy --seed 1"), &[], typed);
    assert!(coloured.contains(&format!("{RED}{error}")), "{coloured}");
    for (what, shell, env) in [
        ("TERM=dumb", play("nardy --seed 1"), vec![("TERM", "dumb")]),
        ("NO_COLOR", play("nardy --seed 1"), vec![("NO_COLOR", "1")]),
        ("--color never", play("nardy --seed 1 --color never"), vec![]),
        (
            "stdout into a pipe",
            format!("{} | cat", play("nardy --seed 1")),
            vec![],
        ),
    ] {
        let text = in_terminal(&shell, &env, typed);
        assert!(text.contains(error), "{what}: {text}");
        assert!(!text.contains(RED), "{what} still colours: {text}");
    }
    let forced = in_terminal(
        &format!("{} | cat", play("nardy --seed 1 --color always")),
        &[("TERM", "dumb")],
        typed,
    );
    assert!(forced.contains(&format!("{RED}{error}")), "{forced}");
}

#[test]
fn a_board_too_tall_for_the_terminal_gives_way_to_the_compact_view() {
    let typed = "quit\r";
    // The aeroplane board is 33 lines: at 24 rows the list view is shown by itself,
    let small = in_terminal(&play("aeroplane --seed 3"), &[], typed);
    assert!(small.contains("red    hangar r1 r2 r3 r4"), "{small}");
    assert!(!small.contains("CENTRE"), "{small}");
    // with room enough the board,
    let tall = in_terminal(
        &format!("stty rows 50 cols 80; {TABULA} play aeroplane --seed 3"),
        &[],
        typed,
    );
    assert!(tall.contains("CENTRE"), "{tall}");
    // and 'view board' brings the board back whatever the size.
    let chosen = in_terminal(&play("aeroplane --seed 3"), &[], "view board\rquit\r");
    assert!(chosen.contains("CENTRE"), "{chosen}");
    // The nardy board fits 24 rows with room to spare: it is never replaced.
    let nardy = in_terminal(&play("nardy --seed 3"), &[], typed);
    assert!(nardy.contains("+-------------------+"), "{nardy}");
}

#[test]
fn piped_games_of_bots_stay_within_80_columns() {
    let games: &[&[&str]] = &[
        &["nardy", "match=3"],
        &["ur"],
        &["ur", "rules=masters"],
        &["aeroplane"],
        &["microbes"],
        &["mnogoboy", "players=6"],
    ];
    for game in games {
        for seed in ["1", "2"] {
            let output = Command::new(TABULA)
                .arg("play")
                .args(*game)
                .args(["--seed", seed, "--seat", "1=bot:greedy", "--seat", "2=bot:random"])
                .arg("--compact")
                .stdin(Stdio::piped())
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&output.stdout);
            assert!(text.contains("game over"), "{game:?}: {text}");
            for line in text.lines() {
                assert!(line.chars().count() <= 80, "{game:?} seed {seed}: {line}");
            }
        }
    }
}

#[test]
fn the_games_table_fits_80_columns() {
    let output = Command::new(TABULA).arg("games").output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("until=last|first"), "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    assert!(!text.contains("Long Nardy: long backgammon"), "{text}");
}

#[test]
fn every_help_page_fits_80_columns() {
    for command in ["", "play", "games", "rules", "engine", "match", "replay", "bench"] {
        let output = Command::new(TABULA)
            .args([command, "--help"].iter().filter(|a| !a.is_empty()))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("Usage"), "{command}: {text}");
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "tabula {command} --help: {line}");
        }
    }
}
