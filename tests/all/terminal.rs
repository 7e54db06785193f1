//! Habits of a good terminal program: a clean log when stdout goes to a file, Tab that
//! lists the candidates, long texts through a pager, and single keys to step through a
//! replay. Each runs tabula in a real pseudo-terminal (see [`crate::table`]).

use crate::table::{TABULA, in_terminal, play, without_escapes};

/// A file in a fresh temporary folder.
fn temp_file(test: &str, name: &str) -> std::path::PathBuf {
    crate::support::temp_dir(test).join(name)
}

#[test]
fn with_stdout_in_a_file_the_prompts_and_editing_stay_on_the_terminal() {
    let log = temp_file("clean_log", "game.log");
    let shell = format!("stty rows 24 cols 80; {TABULA} play ur --seed 1 > {}", log.display());
    // Roll, list the moves, complete a move with Tab, clear the line and leave.
    let shown = in_terminal(&shell, &[], "roll\rlegal\rin-\t\x15quit\ry\r");
    let text = std::fs::read_to_string(&log).unwrap();
    // The log holds the game's text,
    assert!(text.contains("light rolls 1"), "{text}");
    assert!(text.contains("1 legal move for light with 1:\n  in-d1\n"), "{text}");
    // and nothing of the line editor: no escape codes, no prompts, no edits.
    assert!(!text.contains('\x1b'), "escape codes in the log: {text:?}");
    assert!(!text.contains('\r'), "carriage returns in the log: {text:?}");
    assert!(!text.contains("> "), "a prompt in the log: {text}");
    assert!(!text.contains("Quit anyway"), "the question in the log: {text}");
    // The prompts and the completed move were on the terminal.
    let screen = without_escapes(&shown);
    assert!(screen.contains("light 1> in-d1"), "{screen}");
    assert!(screen.contains("Quit anyway? [y/N] y"), "{screen}");
}

#[test]
fn a_second_tab_lists_the_moves_in_columns() {
    // Nine moves for black at 6-5 after six turns of greedy moves on seed 1.
    let mut keys = String::from("set bot greedy\rroll\r");
    for _ in 0..6 {
        keys.push_str("roll\rgenmove\r");
    }
    keys.push_str("roll\r\t\t\x15quit\ry\r");
    let shown = in_terminal(
        &play("nardy --seed 1 --seat white=human --seat black=human"),
        &[],
        &keys,
    );
    let screen = without_escapes(&shown);
    let moves = [
        "24/18 21/16",
        "24/18 20/15",
        "24/18 18/13",
        "21/15 24/19",
        "21/15 20/15",
        "21/15 15/10",
        "20/14 24/19",
        "20/14 21/16",
        "20/14 14/9",
    ];
    // The list comes after the prompt of the sixth roll, in rows of several moves.
    let listed = &screen[screen.rfind("black 6-5> ").expect("no prompt at 6-5")..];
    let rows: Vec<&str> = listed
        .lines()
        .map(|line| line.trim_end_matches('\r'))
        .filter(|line| moves.iter().filter(|m| line.contains(*m)).count() >= 3)
        .collect();
    assert!(rows.len() >= 2, "no columns of moves: {listed}");
    for candidate in moves {
        assert!(rows.iter().any(|row| row.contains(candidate)), "{candidate} not listed: {listed}");
    }
    for row in &rows {
        assert!(row.chars().count() <= 80, "wider than 80 columns: {row}");
    }
}
