//! The command line as a new user meets it: help, bad arguments, broken pipes, bench,
//! save then replay.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn tabula() -> Command {
    crate::support::tabula_command()
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
fn bench_times_a_bot_beside_the_random_games() {
    let output = tabula()
        .args([
            "bench",
            "microbes",
            "--games",
            "3",
            "--seed",
            "2",
            "--bot",
            "bot:expectimax:2",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(printed.lines().all(|l| l.chars().count() <= 80), "{printed}");
    // The bot's report is one sentence wrapped to 80 columns.
    let text = printed.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("3 games, "), "{text}");
    assert!(text.contains("bot:expectimax:2 plays every seat: "), "{text}");
    assert!(
        text.contains(" in 3 games, ") && text.contains(" decisions/s; per decision median "),
        "{text}"
    );
    let bad = tabula()
        .args(["bench", "microbes", "--games", "3", "--bot", "mcts:0"])
        .output()
        .unwrap();
    // A bot level that does not exist is a bad command line.
    assert_eq!(bad.status.code(), Some(2));
    let error = String::from_utf8_lossy(&bad.stderr);
    assert!(
        error.contains("mcts playouts are 1 to 1000000, not '0'"),
        "{error}"
    );
    assert!(
        bad.stdout.is_empty(),
        "nothing runs before the bad name is reported"
    );
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
    // The replay describes each move after its notation and numbers it by turn:
    // compare the notation.
    let moves = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains(" plays "))
            .map(|l| l.split(" (").next().unwrap_or(l))
            .map(|l| {
                l.split_once(". ")
                    .filter(|(n, _)| n.parse::<u32>().is_ok())
                    .map_or(l, |(_, rest)| rest)
            })
            .map(String::from)
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
            "--seat",
            "dark=bot:greedy",
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
        "Royal Game of Ur (rules=finkel): light bot:greedy, dark bot:greedy"
    );
    // The command that throws the game's dice again follows the length and the result.
    assert_eq!(lines.next(), Some("dice: tabula play ur rules=finkel --seed 3"));
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

/// Runs `printf 'SCRIPT' | tabula ARGS` as a shell would (the script's `\n` are newlines)
/// and returns the exit status with what went to standard error.
fn run_printf_example(script: &str, args: &str) -> (Option<i32>, String) {
    let mut child = tabula()
        .args(args.split_whitespace())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = script.replace("\\n", "\n");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_strict_script_examples_of_the_playing_guide_and_the_man_page_run_cleanly() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(root.join("docs/playing.md")).unwrap();
    let line = guide
        .lines()
        .find(|l| l.starts_with("printf '") && l.contains("--strict"))
        .expect("docs/playing.md shows a --strict script");
    let (script, command) = line["printf '".len()..].split_once("' | tabula ").unwrap();
    let (status, errors) = run_printf_example(script, command);
    assert_eq!(status, Some(0), "docs/playing.md: {line}\n{errors}");

    // The man page spells the same example in roff: \[rs] for a backslash, \- for a dash.
    let page = std::fs::read_to_string(root.join("man/tabula.6")).unwrap();
    let lines: Vec<&str> = page.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(".B printf '"))
        .expect("the man page shows a script");
    let roff = |text: &str| text.replace("\\[rs]", "\\").replace("\\-", "-");
    let script = roff(&lines[at][".B printf '".len()..]);
    let script = script.split_once('\'').unwrap().0.to_string();
    let command = roff(lines[at + 1].trim_start_matches(".B ").trim_matches('"'));
    let command = command.trim().strip_prefix("tabula ").unwrap();
    let (status, errors) = run_printf_example(&script, command);
    assert_eq!(status, Some(0), "man page: {script} | {command}\n{errors}");
}

/// The longest command line the documented limit allows.
const PIPE_LINE_LIMIT: usize = 65536;

#[test]
fn a_piped_script_survives_bad_bytes_with_the_line_number() {
    let mut input = Vec::new();
    input.extend_from_slice(b"\xEF\xBB\xBFstatus\n");
    input.extend_from_slice(b"dice caf\xE9\n");
    input.extend_from_slice(b"# caf\xE9\n");
    input.extend_from_slice(b"dice 5 # White's roll-off die\n");
    input.extend_from_slice(b"dice \x002\n");
    input.extend(std::iter::repeat_n(b'x', PIPE_LINE_LIMIT + 1));
    input.extend_from_slice(b"\ndice 2\nstatus\n");
    let mut child = crate::support::tabula_command()
        .args(["play", "nardy", "--seed", "1", "--seat", "black=human"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "error: line 2: syntax error: the line is not valid UTF-8 (byte 9); commands must be UTF-8 text\n\
         error: line 5: syntax error: control character U+0000 at column 6; commands are printable text\n\
         error: line 6: syntax error: line too long: a command line holds at most 65536 bytes; the rest of it was skipped\n"
    );
    assert_eq!(
        stdout,
        "Long Nardy: white human, black human\n\
         turn white roll rolloff\n\
         white has 5\n\
         black has 2\n\
         roll-off: white 5, black 2; white starts\n\
         turn white roll\n"
    );
}

#[test]
fn the_pictures_of_the_docs_are_drawn_by_tabula_plot_from_their_data() {
    // Given every data file kept beside the documentation, when 'tabula plot' draws it,
    // then the picture is the one committed in docs/img (regenerate them with the
    // command in 'tabula plot --help' when the data changes).
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = crate::support::temp_dir("plots");
    let mut drawn = 0;
    for entry in std::fs::read_dir(root.join("docs/data")).unwrap() {
        let data = entry.unwrap().path();
        if data.extension().is_none_or(|e| e != "tsv") {
            continue;
        }
        let name = data.file_stem().unwrap().to_str().unwrap().to_string();
        let out = dir.join(format!("{name}.svg"));
        let status = tabula()
            .args(["plot", data.to_str().unwrap(), "--out", out.to_str().unwrap()])
            .status()
            .unwrap();
        assert!(status.success(), "{name}");
        let committed = std::fs::read_to_string(root.join(format!("docs/img/{name}.svg")))
            .unwrap_or_else(|_| panic!("docs/img/{name}.svg is missing"));
        assert!(
            committed == std::fs::read_to_string(&out).unwrap(),
            "docs/img/{name}.svg is not drawn from its data"
        );
        drawn += 1;
    }
    assert!(drawn >= 3, "only {drawn} pictures");
    // A bad data file is refused with the line at fault.
    let bad = dir.join("bad.tsv");
    std::fs::write(&bad, "a\tb\tc\nx\t1\tmany\n").unwrap();
    let output = tabula()
        .args([
            "plot",
            bad.to_str().unwrap(),
            "--out",
            dir.join("bad.svg").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("line 2: 'many' is not a number"));
}

#[test]
fn accuracy_is_the_error_rate_command_and_benchmark_still_names_it() {
    for name in ["accuracy", "benchmark"] {
        let output = tabula()
            .args([name, "microbes", "--bot", "greedy"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{name}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("equity lost per decision"), "{text}");
        // In a pipe too it says first how much work there is; greedy is quick, so
        // there is no warning of minutes and no way to shorten it to offer.
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(
            said.starts_with("accuracy: 1000 positions for each of bot:greedy"),
            "{said}"
        );
        assert!(!said.contains("minutes"), "{said}");
    }
    // The help lists 'accuracy' and 'bench' apart, each pointing to the other.
    let help = tabula().arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    // The column of descriptions is as wide as the longest command's name.
    assert!(
        help.lines()
            .any(|line| line.starts_with("  accuracy ") && line.contains(" Measure how well bots choose")),
        "{help}"
    );
    assert!(!help.contains("  benchmark "), "{help}");
    assert!(
        help.contains("see\n") || help.contains("see 'accuracy'") || help.contains("'accuracy')"),
        "{help}"
    );
}
