//! The table teaches: the tutor warns before a person's costly move (from a pipe it only
//! warns), `review` classes the game's decisions and steps through its mistakes, and
//! `tabula drill` serves a kept mistake and keeps its schedule.

use crate::kept_games::{data_dir, run_with};

/// A Long Nardy position whose moves `hint` ranks far apart: `18/13 13/10` loses about
/// a third of a point against the best.
const POSITION: &str = "setpos w=24x14,18 b=24x14,20 turn=white:5-3 first=- score=0-0";
const NARDY: [&str; 6] = ["play", "nardy", "--seed", "1", "--seat", "black=bot:greedy"];

#[test]
fn the_tutor_warns_from_a_pipe_and_plays_the_move_as_typed() {
    let data = data_dir("tutor");
    let script = format!("set tutor error\n{POSITION}\n18/13 13/10\n");
    let (status, out, err) = run_with(&data, &[], &NARDY, &script);
    assert_eq!(status, Some(0), "{err}");
    let warning = out
        .lines()
        .find(|line| line.starts_with("tutor: 18/13 13/10 is a blunder"))
        .unwrap_or_else(|| panic!("no warning: {out}"));
    assert!(warning.contains("would play 18/13 24/21"), "{warning}");
    assert!(warning.contains("equity"), "{warning}");
    assert!(
        out.contains("white plays 18/13 13/10"),
        "a pipe never waits: {out}"
    );
    let mild = format!("{POSITION}\n24/19 18/15\n");
    let (_, out, err) = run_with(&data, &[], &[&NARDY[..], &["--tutor", "blunder"]].concat(), &mild);
    assert!(err.is_empty(), "{err}");
    assert!(
        !out.contains("tutor:"),
        "a move better than the level passes quietly: {out}"
    );
    let (status, _, err) = run_with(&data, &[], &["play", "--tutor", "sometimes"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("doubtful|error|blunder|off"), "{err}");
}

#[test]
fn review_classes_the_decisions_and_shows_each_mistake_with_the_best_move() {
    let data = data_dir("review");
    let script = format!("{POSITION}\n18/13 13/10\nreview --bot greedy\n");
    let (status, out, err) = run_with(&data, &[], &NARDY, &script);
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("analysed by bot:greedy"), "{out}");
    let row = out
        .lines()
        .find(|line| line.contains("18/13 13/10") && line.ends_with("blunder"))
        .unwrap_or_else(|| panic!("no classed row: {out}"));
    assert!(row.contains("white"), "only the person's seat is reviewed: {row}");
    assert!(out.contains("mistake 1 of 1: turn 1, white with 5-3"), "{out}");
    assert!(
        out.contains("played 18/13 13/10; best 24/19 19/16: it cost"),
        "{out}"
    );
    assert!(
        !out.lines()
            .any(|line| line.contains("black ") && line.ends_with("blunder"))
    );
    let (_, _, err) = run_with(
        &data,
        &[],
        &["play", "nardy", "--no-history"],
        "review --bot nobody\n",
    );
    assert!(err.contains("nobody"), "{err}");
}

/// The one item line of the drill schedule in `data`, split in its fields.
fn schedule_item(data: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(data.join("drill.txt")).unwrap();
    assert!(text.starts_with("tabula drill schedule 1\n"), "{text}");
    let items: Vec<&str> = text.lines().filter(|l| l.starts_with("item\t")).collect();
    assert_eq!(items.len(), 1, "{text}");
    items[0].split('\t').map(str::to_string).collect()
}

#[test]
fn drill_serves_a_kept_mistake_and_schedules_it_by_the_answer() {
    let data = data_dir("drill");
    let script = format!("{POSITION}\n18/13 13/10\nresign\n");
    let (status, _, err) = run_with(&data, &[], &NARDY, &script);
    assert_eq!(status, Some(0), "{err}");
    let drill = ["drill", "nardy", "--bot", "greedy"];
    let (status, out, err) = run_with(&data, &[], &drill, "18/13 13/10\n");
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("position 1 (from kept game 1)"), "{out}");
    assert!(out.contains("missed: 18/13 13/10 costs"), "{out}");
    assert!(out.contains("the best is 24/19 19/16"), "{out}");
    assert!(out.contains("score: 0 of 1 solved"), "{out}");
    let missed = schedule_item(&data);
    assert_eq!(missed[2], "0", "a missed position stays in the first box");
    let (_, out, err) = run_with(&data, &[], &drill, "24/19 13/10\n24/19 19/16\n");
    assert!(err.is_empty(), "{err}");
    assert!(
        out.contains("not a legal move"),
        "a bad answer is refused and asked again: {out}"
    );
    assert!(out.contains("score: 1 of 1 solved"), "{out}");
    let solved = schedule_item(&data);
    assert_eq!(solved[2], "1", "solved: the next box");
    assert!(solved[3].parse::<u64>().unwrap() > missed[3].parse::<u64>().unwrap());
    let (_, out, _) = run_with(&data, &[], &drill, "");
    assert!(
        out.contains("no position is due"),
        "a solved one comes back later: {out}"
    );
}

#[test]
fn review_in_a_terminal_steps_through_the_mistakes_one_at_a_time() {
    use crate::table::{TABULA, keys_in_terminal, without_escapes};
    let data = data_dir("review-steps");
    let shell = format!("stty rows 24 cols 80; {TABULA} play nardy --seed 1 --no-history");
    let env = [(crate::support::DATA_DIR_VAR, data.to_str().unwrap())];
    // Two mistakes of white's (the reply of black's bot follows the seed), then the
    // review, Enter for the second mistake, and a command at the table again.
    let presses = [
        &format!("{POSITION}\r")[..],
        "18/13 13/10\r",
        "roll\r",
        "10/6 6/4\r",
        "review --bot greedy\r",
        "\r",
        "quit\r",
    ];
    let screen = without_escapes(&keys_in_terminal(&shell, &env, &presses));
    let first = screen
        .find("mistake 1 of 2")
        .unwrap_or_else(|| panic!("{screen}"));
    let asked = screen.find("[Enter: mistake 2 of 2, q: back to the table] ");
    let second = screen.find("mistake 2 of 2: turn 3, white with 4-2");
    assert!(
        matches!((asked, second), (Some(a), Some(s)) if first < a && a < s),
        "the second mistake comes after the question, when asked for: {screen}"
    );
    assert!(screen.contains("played 10/6 6/4; best"), "{screen}");

    // q goes back to the table without the rest.
    let presses = [&presses[..5], &["q\r", "quit\r"]].concat();
    let screen = without_escapes(&keys_in_terminal(&shell, &env, &presses));
    assert!(screen.contains("mistake 1 of 2"), "{screen}");
    assert!(!screen.contains("mistake 2 of 2:"), "{screen}");
}
