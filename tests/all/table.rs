//! The table as a player meets it in a terminal: colour only where it belongs, the board
//! chosen to fit the terminal's rows, and every line within 80 columns. The terminal is
//! a real pseudo-terminal made by `script` (util-linux).

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub(crate) const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

/// What the terminal showed when `shell` ran in a pseudo-terminal with `env` set and
/// the lines of `keys` (each ended by `\r`) typed, one at each prompt.
pub(crate) fn in_terminal(shell: &str, env: &[(&str, &str)], keys: &str) -> String {
    let lines: Vec<&str> = keys.split_inclusive('\r').collect();
    keys_in_terminal(shell, env, &lines)
}

/// What the terminal showed when `shell` ran in a pseudo-terminal with `env` set and each
/// of `presses` typed at a prompt (`... > ` or `[...] `).
pub(crate) fn keys_in_terminal(shell: &str, env: &[(&str, &str)], presses: &[&str]) -> String {
    let mut command = Command::new("script");
    command
        .args(["-qec", shell, "/dev/null"])
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("TERM", "xterm-256color")
        // Long texts are printed as they are unless a test chooses a pager: a real one
        // would wait for keys.
        .env("PAGER", "cat")
        .env(crate::support::DATA_DIR_VAR, crate::support::test_data_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command
        .spawn()
        .expect("these tests need script(1) from util-linux to make a terminal");
    let mut stdout = child.stdout.take().unwrap();
    let shown = Arc::new(Mutex::new(Vec::<u8>::new()));
    let reader = {
        let shown = Arc::clone(&shown);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                shown.lock().unwrap().extend_from_slice(&buffer[..n]);
            }
        })
    };
    let mut stdin = child.stdin.take().unwrap();
    let mut seen = 0;
    for keys in presses {
        // Type only at a prompt: the line editor drops what was typed before it started.
        seen = wait_for_prompt(&shown, seen, shell);
        stdin.write_all(keys.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }
    drop(stdin);
    reader.join().unwrap();
    child.wait().unwrap();
    let shown = shown.lock().unwrap();
    String::from_utf8_lossy(&shown).into_owned()
}

/// Waits until the terminal, past byte `seen`, shows a prompt (`... > `, or `[...] ` as a
/// question or replay --step asks, before the line editor's escape codes); returns how
/// far it has shown. With stdout piped through another program the prompt, drawn on the
/// terminal directly, may come before the game's text: a prompt anywhere then counts
/// once the line editor has started reading, which it marks by turning on bracketed
/// paste (`ESC [ ? 2004 h`; a terminal it does not drive keeps what is typed early).
fn wait_for_prompt(shown: &Mutex<Vec<u8>>, seen: usize, shell: &str) -> usize {
    // A safety net for a broken build, not a measure of speed.
    let give_up = Instant::now() + Duration::from_secs(120);
    let editor_started = |bytes: &[u8]| bytes.windows(8).any(|w| w == b"\x1b[?2004h");
    loop {
        {
            let shown = shown.lock().unwrap();
            let new = &shown[seen.min(shown.len())..];
            let text = String::from_utf8_lossy(new).into_owned();
            let text = without_escapes(&text);
            let text = text.trim_end_matches(['\r', '\n']);
            if text.ends_with("> ") || text.ends_with("] ") {
                return shown.len();
            }
            let editing = editor_started(new) || !editor_started(&shown);
            if shell.contains(" | ") && text.contains("> ") && editing {
                return shown.len();
            }
            assert!(Instant::now() < give_up, "no prompt from {shell}: {text}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `text` without ANSI escape sequences.
pub(crate) fn without_escapes(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        if chars.next_if_eq(&'[').is_some() {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        }
    }
    out
}

pub(crate) fn play(args: &str) -> String {
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
    // The aeroplane board is 32 lines: at 24 rows the list view is shown by itself,
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
fn games_of_bots_in_the_terminal_stay_within_80_columns() {
    let games = [
        "nardy match=3",
        "ur",
        "ur rules=masters",
        "aeroplane",
        "microbes",
        "mnogoboy players=6",
    ];
    for game in games {
        for seed in ["1", "2"] {
            // Every seat a bot: the whole game is played before the first prompt.
            let args = format!("{game} --seed {seed} --seat 1=bot:greedy --seat 2=bot:random");
            let text = in_terminal(&play(&args), &[], "legal\rhelp\rquit\r");
            assert!(text.contains("game over"), "{game}: {text}");
            // Lines with escape codes are the line editor's prompt and echo.
            for line in text.lines().filter(|l| !l.contains('\x1b')) {
                let line = line.trim_end_matches('\r');
                assert!(line.chars().count() <= 80, "{game} seed {seed}: {line}");
            }
        }
    }
}

#[test]
fn the_games_table_fits_80_columns() {
    let output = crate::support::tabula_command().arg("games").output().unwrap();
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
        let output = crate::support::tabula_command()
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
