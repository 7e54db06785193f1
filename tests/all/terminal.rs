//! Habits of a good terminal program: a clean log when stdout goes to a file, Tab that
//! lists the candidates, long texts through a pager, and single keys to step through a
//! replay. Each runs tabula in a real pseudo-terminal (see [`crate::table`]).

use crate::support::run_tabula;
use crate::table::{TABULA, in_terminal, keys_in_terminal, play, without_escapes};

/// A file in a fresh temporary folder.
fn temp_file(test: &str, name: &str) -> std::path::PathBuf {
    crate::support::temp_dir(test).join(name)
}

#[test]
fn with_stdout_in_a_file_the_prompts_and_editing_stay_on_the_terminal() {
    let log = temp_file("clean_log", "game.log");
    let shell = format!(
        "stty rows 24 cols 80; {TABULA} play ur --seed 1 > {}",
        log.display()
    );
    // Roll, list the moves, complete a move with Tab, clear the line and leave.
    let shown = in_terminal(&shell, &[], "roll\rlegal\rin-\t\x15quit\r");
    let text = std::fs::read_to_string(&log).unwrap();
    // The log holds the game's text,
    assert!(text.contains("light rolls 1"), "{text}");
    assert!(
        text.contains("1 legal move for light with 1:\n  in-d1\n"),
        "{text}"
    );
    // and nothing of the line editor: no escape codes, no prompts, no edits.
    assert!(!text.contains('\x1b'), "escape codes in the log: {text:?}");
    assert!(!text.contains('\r'), "carriage returns in the log: {text:?}");
    assert!(!text.contains("> "), "a prompt in the log: {text}");
    // The prompts and the completed move were on the terminal.
    let screen = without_escapes(&shown).replace('\r', "");
    assert!(screen.contains("light 1> in-d1"), "{screen}");
    // Quitting mid-game keeps the game and says so with the game's text.
    assert!(text.contains("the game is kept as game"), "{text}");
}

#[test]
fn a_second_tab_lists_the_moves_in_columns() {
    // Nine moves for black at 6-5 after six turns of greedy moves on seed 1.
    let mut keys = String::from("set bot greedy\rroll\r");
    for _ in 0..6 {
        keys.push_str("roll\rgenmove\r");
    }
    keys.push_str("roll\r\t\t\x15quit\r");
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
    let listed = &screen[screen.rfind("genmove").unwrap()..];
    let listed = &listed[listed.find("black 6-5> ").expect("no prompt at 6-5")..];
    let rows: Vec<&str> = listed
        .lines()
        .map(|line| line.trim_end_matches('\r'))
        .filter(|line| moves.iter().filter(|m| line.contains(*m)).count() >= 3)
        .collect();
    assert!(rows.len() >= 2, "no columns of moves: {listed}");
    for candidate in moves {
        assert!(
            rows.iter().any(|row| row.contains(candidate)),
            "{candidate} not listed: {listed}"
        );
    }
    for row in &rows {
        assert!(row.chars().count() <= 80, "wider than 80 columns: {row}");
    }
}

/// A pager that marks every line it shows.
const MARKING_PAGER: (&str, &str) = ("PAGER", "sed s/^/PAGED:/");

#[test]
fn help_and_rules_taller_than_the_screen_go_through_the_pager() {
    let shown = in_terminal(&play("ur --seed 1"), &[MARKING_PAGER], "rules\rhelp\rquit\r");
    let screen = without_escapes(&shown);
    // Ur's rules and the 35 lines of help are taller than 24 rows: both are paged.
    assert!(screen.contains("PAGED:ROYAL GAME OF UR"), "{screen}");
    assert!(screen.contains("PAGED:  roll "), "{screen}");
    // On a taller screen the help fits and is printed as it is.
    let tall = format!("stty rows 60 cols 80; {TABULA} play ur --seed 1");
    let screen = without_escapes(&in_terminal(&tall, &[MARKING_PAGER], "help\rquit\r"));
    assert!(screen.contains("\n  roll "), "{screen}");
    assert!(!screen.contains("PAGED:"), "a text that fits was paged: {screen}");
    // With stdout into a pipe nothing is paged, though stdin is the terminal,
    let piped = format!("{} | cat", play("ur --seed 1"));
    let screen = without_escapes(&in_terminal(&piped, &[MARKING_PAGER], "rules\rquit\r"));
    assert!(screen.contains("ROYAL GAME OF UR"), "{screen}");
    assert!(!screen.contains("PAGED:"), "paged into a pipe: {screen}");
    // and nor are commands read from a pipe.
    let env = [MARKING_PAGER];
    let mut command = crate::support::tabula_command();
    command.args(["play", "ur", "--seed", "1"]).envs(env);
    let output = command.stdin(std::process::Stdio::null()).output().unwrap();
    assert!(!String::from_utf8_lossy(&output.stdout).contains("PAGED:"));
}

#[test]
fn the_rules_and_a_replay_are_paged_in_a_terminal_only() {
    let record = temp_file("paged_replay", "game.txt");
    let save = format!("save {}\n", record.display());
    let bots = ["--seat", "light=bot:greedy", "--seat", "dark=bot:greedy"];
    let mut args = vec!["play", "ur", "--seed", "3"];
    args.extend(bots);
    let (status, _, stderr) = run_tabula(&args, &save);
    assert_eq!(status, Some(0), "{stderr}");
    for command in ["rules ur".to_string(), format!("replay {}", record.display())] {
        let terminal = format!("stty rows 24 cols 80; {TABULA} {command}");
        let screen = without_escapes(&in_terminal(&terminal, &[MARKING_PAGER], ""));
        assert!(screen.contains("PAGED:"), "{command} not paged: {screen}");
        let piped = format!("{terminal} | cat");
        let screen = without_escapes(&in_terminal(&piped, &[MARKING_PAGER], ""));
        assert!(screen.lines().count() > 24, "{command}: {screen}");
        assert!(
            !screen.contains("PAGED:"),
            "{command} paged into a pipe: {screen}"
        );
    }
}

#[test]
fn a_man_page_is_formatted_and_paged_in_a_terminal_and_roff_in_a_pipe() {
    // Formatted by `man -l -` where man runs (it pages with $PAGER), else the roff goes
    // through the pager itself: either way the reader's pager gets it.
    let terminal = format!("stty rows 24 cols 80; {TABULA} man tabula-protocol");
    let screen = without_escapes(&in_terminal(&terminal, &[MARKING_PAGER], ""));
    assert!(screen.contains("PAGED:"), "not paged: {screen}");
    let piped = format!("{terminal} | cat");
    let screen = without_escapes(&in_terminal(&piped, &[MARKING_PAGER], ""));
    assert!(screen.contains(".TH TABULA\\-PROTOCOL"), "{screen}");
    assert!(!screen.contains("PAGED:"), "paged into a pipe: {screen}");
}

#[test]
fn replay_step_takes_single_keys_forward_and_back() {
    let record = temp_file("replay_step", "game.txt");
    let save = format!("save {}\n", record.display());
    let args = [
        "play",
        "ur",
        "--seed",
        "3",
        "--seat",
        "light=bot:greedy",
        "--seat",
        "dark=bot:greedy",
    ];
    let (status, _, stderr) = run_tabula(&args, &save);
    assert_eq!(status, Some(0), "{stderr}");
    let path = record.display().to_string();
    let (_, replayed, _) = run_tabula(&["replay", &path], "");
    // What each step shows first: a move, or a pass.
    let moves: Vec<&str> = replayed
        .lines()
        .filter(|l| l.contains(" plays ") || l.ends_with(" passes"))
        .collect();
    assert!(moves.len() > 3, "{replayed}");
    // Space, the right arrow, then back with the left arrow, forward with 'n', and q.
    let shell = format!("stty rows 24 cols 80; {TABULA} replay --step {path}");
    let shown = keys_in_terminal(&shell, &[], &[" ", "\x1b[C", "\x1b[D", "n", "q"]);
    let screen = without_escapes(&shown);
    // The first move once; the second on the way forward, after going back to the
    // first, and again forward; never the third, and no end: q stopped the replay.
    assert_eq!(screen.matches(moves[0]).count(), 2, "{screen}");
    assert_eq!(screen.matches(moves[1]).count(), 2, "{screen}");
    assert!(screen.contains("back to:"), "{screen}");
    assert!(!screen.contains(moves[2]), "{screen}");
    // "wins" only in the header (its summary and its result tag): q stopped the replay
    // before its end.
    let header = replayed.split(moves[0]).next().unwrap_or_default();
    assert_eq!(
        screen.matches("wins").count(),
        header.matches("wins").count(),
        "{screen}"
    );
    // Single keys: neither Enter nor the keys themselves were needed or shown.
    assert!(
        screen.contains("[Space: next move, b: back, q: quit] "),
        "{screen}"
    );
    assert!(!screen.contains("[Enter"), "{screen}");
}
