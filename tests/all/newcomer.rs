//! Small frictions a newcomer meets, each answered with what to type instead.

use crate::support::run_tabula;
use crate::table::{in_terminal, play, without_escapes};

#[test]
fn a_mistyped_game_name_gets_a_suggestion_wherever_a_game_is_taken() {
    for args in [
        &["play", "nardi"][..],
        &["rules", "nardi"],
        &[
            "match",
            "nardi",
            "--player",
            "bot:random",
            "--player",
            "bot:greedy",
        ],
    ] {
        let (status, _, stderr) = run_tabula(args, "");
        assert_eq!(status, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("unknown game 'nardi' (did you mean 'nardy'?)"),
            "{args:?}: {stderr}"
        );
    }
    // In the REPL too, and a name far from every game gets the list alone.
    let (_, out, err) = run_tabula(&["play", "ur", "--seed", "1"], "new aeroplan\nnew chess\n");
    let out = format!("{out}{err}");
    assert!(out.contains("(did you mean 'aeroplane'?)"), "{out}");
    assert!(
        out.contains("unknown game 'chess'; the games are nardy, ur"),
        "{out}"
    );
}

#[test]
fn a_seat_given_twice_is_refused() {
    let (status, _, stderr) = run_tabula(
        &[
            "play",
            "nardy",
            "--seat",
            "white=bot:greedy",
            "--seat",
            "1=bot:random",
        ],
        "",
    );
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("seat white is given twice (white=bot:greedy and 1=bot:random); give each seat once"),
        "{stderr}"
    );
    // Each seat once is fine.
    let (status, _, stderr) = run_tabula(
        &[
            "play",
            "nardy",
            "--seat",
            "white=bot:greedy",
            "--seat",
            "black=bot:random",
        ],
        "quit\n",
    );
    assert_eq!(status, Some(0), "{stderr}");
}

#[test]
fn roll_with_dice_points_to_dice() {
    let (_, out, stderr) = run_tabula(&["play", "nardy", "--seed", "1"], "roll 6 3\n");
    let text = format!("{out}{stderr}");
    assert!(
        text.contains("'roll' takes no arguments; to enter your own dice, type 'dice 6 3'"),
        "{text}"
    );
}

#[test]
fn load_shows_the_board_it_loaded() {
    let dir = crate::support::temp_dir("load_shows_board");
    let record = dir.join("game.txt").display().to_string();
    // Loaded where the game already stands, the board is shown all the same.
    let shown = in_terminal(
        &play("nardy --seed 2 --seat black=human"),
        &[],
        &format!("roll\rsave {record}\rload {record}\rquit\r"),
    );
    let screen = without_escapes(&shown);
    // The message wraps within 80 columns, so a long temporary path may put the word
    // "loaded" alone on its line.
    let loaded = screen.find("\nloaded").expect("nothing loaded");
    let after = &screen[loaded..];
    assert!(
        after.contains("+-------------------+"),
        "no board after the load: {after}"
    );
    assert!(after.contains("pips 360"), "{after}");
}

#[test]
fn accuracy_warns_of_minutes_only_for_a_searching_bot_over_a_large_set() {
    // A quick bot over the built-in set: the count, and no talk of minutes.
    let (status, _, stderr) = run_tabula(&["accuracy", "nardy", "--bot", "greedy"], "");
    assert_eq!(status, Some(0), "{stderr}");
    assert!(
        stderr.starts_with("accuracy: 1000 positions for each of bot:greedy"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("minutes") && !stderr.contains("shorter"),
        "{stderr}"
    );
    // A searching bot over the same set: the warning, said before it starts (the run
    // itself is not waited for).
    let mut child = crate::support::tabula_command()
        .args(["accuracy", "nardy", "--bot", "greedy", "--bot", "expectimax:2"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut said = String::new();
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    while !said.contains("--file") {
        let mut line = String::new();
        if std::io::BufRead::read_line(&mut stderr, &mut line).unwrap() == 0 {
            break;
        }
        said.push_str(&line);
    }
    let _ = child.kill();
    let _ = child.wait();
    let said = said.replace('\n', " ");
    assert!(said.contains("a searching bot takes minutes"), "{said}");
    assert!(
        said.contains("shorter: name fewer bots with --bot NAME"),
        "{said}"
    );
}
