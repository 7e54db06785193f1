//! The command line as a new user meets it: help, bad arguments, broken pipes, bench,
//! save then replay.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn tabula() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
}

#[test]
fn no_arguments_prints_help_and_fails() {
    let output = tabula().output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8_lossy(&output.stderr);
    for sub in ["play", "games", "rules", "engine", "match", "replay", "bench"] {
        assert!(text.contains(sub), "help lacks {sub}:\n{text}");
    }
}

#[test]
fn a_reader_that_goes_away_ends_tabula_quietly() {
    // Far more output than a pipe holds: 2,000 boards.
    let mut child = tabula()
        .args(["play", "nardy", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        for _ in 0..2_000 {
            if writeln!(stdin, "board").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("Long Nardy"), "{first}");
    // The reader is dropped here: the rest of the output hits a closed pipe.
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success(), "{:?}", output.status);
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn bench_reports_games_and_turns_per_second() {
    let output = tabula()
        .args(["bench", "nardy", "--games", "20", "--seed", "3"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("20 games, "), "{text}");
    assert!(text.contains(" games/s, ") && text.contains(" turns/s"), "{text}");
    assert!(!text.contains("did not finish"), "{text}");
    let bad = tabula()
        .args(["bench", "nardy", "--seconds", "-1"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
}

#[test]
fn a_saved_game_replays_move_by_move() {
    let dir = std::env::temp_dir().join(format!("tabula-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let mut child = tabula()
        .args([
            "play",
            "microbes",
            "--seed",
            "4",
            "--seat",
            "white=bot:greedy",
            "--seat",
            "black=bot:random",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    writeln!(child.stdin.as_mut().unwrap(), "save {}", file.display()).unwrap();
    let played = child.wait_with_output().unwrap();
    assert!(played.status.success());
    let played = String::from_utf8_lossy(&played.stdout);
    let replay = tabula().arg("replay").arg(&file).output().unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let replayed = String::from_utf8_lossy(&replay.stdout);
    // Every move of the game shows up again, in order, and the same player wins.
    // The replay describes each move after its notation: compare the notation.
    let moves = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains(" plays "))
            .map(|l| l.split(" (").next().unwrap_or(l).to_string())
            .collect()
    };
    assert_eq!(moves(&played), moves(&replayed));
    let last = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("game over: "))
            .map(String::from)
    };
    assert_eq!(last(&played), last(&replayed));
    assert!(last(&played).is_some());
    let missing = tabula()
        .args(["replay", "/nonexistent/file.txt"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&missing.stderr).starts_with("tabula: cannot read /nonexistent/file.txt")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_command_line_exits_2_and_never_panics() {
    let cases: &[&[&str]] = &[
        &["play", "chess"],
        &["play", "nardy", "koks=maybe"],
        &["play", "nardy", "--seat", "green=human"],
        &["rules", "chess"],
        &["bench", "--seconds", "2e19"],
        &["bench", "--seconds", "0"],
        &["bench", "--seconds", "NaN"],
        &["bench", "--seconds", "-1"],
        &["bench", "--games", "0"],
        &["play", "nardy", "--movetime", "18446744073709551615"],
        &["play", "nardy", "--timeout", "0"],
        &[
            "match",
            "nardy",
            "--player",
            "bot:greedy",
            "--player",
            "bot:random",
            "--jobs",
            "0",
        ],
        &[
            "match",
            "nardy",
            "--player",
            "bot:greedy",
            "--player",
            "bot:random",
            "--games",
            "0",
        ],
        &["match", "nardy", "--player", "bot:greedy"],
        &["match", "nardy", "--player", "bot:greedy", "--player", "human"],
        &[
            "match",
            "nardy",
            "--player",
            "bot:greedy",
            "--player",
            "bot:random",
            "--games",
            "99999999999",
        ],
    ];
    for args in cases {
        let output = tabula().args(*args).stdin(Stdio::null()).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.trim().is_empty(), "{args:?} says nothing");
    }
    // A run that fails (a file that cannot be read) is status 1.
    let output = tabula().args(["replay", "/nonexistent"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn replay_starts_with_a_header_in_words_and_steps_through_the_boards() {
    let dir = std::env::temp_dir().join(format!("tabula-replay-step-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    let mut child = tabula()
        .args([
            "play",
            "ur",
            "rules=finkel",
            "--seed",
            "3",
            "--seat",
            "light=bot:greedy",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    writeln!(child.stdin.as_mut().unwrap(), "save {}", file.display()).unwrap();
    assert!(child.wait().unwrap().success());
    let replay = |step: bool| {
        let mut command = tabula();
        command.arg("replay").arg(&file).stdin(Stdio::null());
        if step {
            command.arg("--step");
        }
        let output = command.output().unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    let shown = replay(false);
    let mut lines = shown.lines();
    let (header, length) = (lines.next().unwrap(), lines.next().unwrap());
    assert_eq!(
        header,
        "Royal Game of Ur (rules=finkel): light bot:greedy, dark bot:greedy; dice seed 3"
    );
    assert!(
        length.contains(" moves, then ") && length.contains(" wins"),
        "{length}"
    );
    // Each move says what it did, as 'legal' describes it.
    assert!(
        shown.lines().any(|l| l.contains(" plays ") && l.ends_with(")")),
        "{shown}"
    );
    // --step shows a board after every move; with no terminal it does not wait.
    let stepped = replay(true);
    let boards = |text: &str| text.matches(" plays ").count();
    assert_eq!(boards(&stepped), boards(&shown));
    assert!(stepped.len() > 3 * shown.len(), "no board after each move");
    assert!(!stepped.contains("[Enter"), "waited without a terminal");
    let _ = std::fs::remove_dir_all(&dir);
}
