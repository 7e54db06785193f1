//! The Royal Game of Ur solved, on the command line: `tabula solve` writes end layers,
//! bot:perfect is refused without a whole table everywhere, and bot:best plays from end
//! layers in the data directory (the solver itself is tested inside the crate, in
//! `src/ai/tests/ur_solver.rs`).

use tabula::core::Notation;
use tabula::core::{NewGame, Options};
use tabula::games::ur::board::RuleSet;
use tabula::games::ur::index::UrIndex;
use tabula::games::ur::{INFO, LIGHT, Ur};

fn game(rules: RuleSet) -> Ur {
    let options = Options::parse(INFO.options, &[format!("rules={}", rules.name())]).unwrap();
    Ur::new_game(&options).unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::support::temp_dir(&format!("ur-solver-{name}"))
}

fn tabula(home: &std::path::Path) -> std::process::Command {
    let mut command = crate::support::tabula_command();
    command.env("HOME", home).env_remove("XDG_DATA_HOME");
    command.stdin(std::process::Stdio::null());
    command
}

#[test]
fn the_command_line_solves_end_layers_and_refuses_perfect_play_without_a_table() {
    let home = temp_dir("cli");
    let out = home.join("end.table");
    let solved = tabula(&home)
        .args(["solve", "ur", "rules=finkel", "--layers", "1", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&solved.stdout);
    assert!(solved.status.success(), "{text}");
    assert!(
        text.contains("solved 217 of 137870097 positions in 1 layer"),
        "{text}"
    );
    // The table reads back: in a data directory of its own, bot:perfect finds it and
    // refuses it only for holding no more than end layers.
    let data = home.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::copy(&out, data.join("ur-finkel.table")).unwrap();
    let read = tabula(&home)
        .env(crate::support::DATA_DIR_VAR, &data)
        .args(["play", "ur", "rules=finkel", "--seat", "dark=bot:perfect"])
        .output()
        .unwrap();
    let error = String::from_utf8_lossy(&read.stderr);
    assert!(error.contains("holds only end layers"), "{error}");
    assert!(!home.join("end.table.layers").exists(), "checkpoints are removed");

    let refused = tabula(&home)
        .args(["play", "ur", "rules=finkel", "--seat", "dark=bot:perfect"])
        .output()
        .unwrap();
    let error = String::from_utf8_lossy(&refused.stderr);
    // A bot that cannot play as named is a bad command line.
    assert_eq!(refused.status.code(), Some(2), "{error}");
    assert!(error.contains("'tabula solve ur rules=finkel'"), "{error}");
    assert!(error.contains("minutes"), "{error}");

    let city = tabula(&home)
        .args(["solve", "ur", "rules=city"])
        .output()
        .unwrap();
    let error = String::from_utf8_lossy(&city.stderr);
    assert!(
        !city.status.success() && error.contains("--layers 1 or 2"),
        "{error}"
    );
    let count = tabula(&home)
        .args(["solve", "ur", "rules=city", "--count"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&count.stdout).contains("48012170029 positions"));
    let _ = std::fs::remove_dir_all(&home);
}

/// A fresh data directory of a test's own, so that a table solved into it cannot change
/// what other tests see.
fn own_data_dir(name: &str) -> (std::path::PathBuf, std::process::Command) {
    let dir = temp_dir(name);
    let mut command = crate::support::tabula_command();
    command
        .env(crate::support::DATA_DIR_VAR, &dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    (dir, command)
}

fn run_with_input(mut command: std::process::Command, input: &str) -> (bool, String, String) {
    use std::io::Write;
    let mut child = command.spawn().unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn names_the_build_command(text: &str, rules: &str) -> bool {
    text.contains(&format!("no perfect-play table for ur rules={rules}"))
        && text.contains(&format!("build it with 'tabula solve ur rules={rules}'"))
        && text.contains("on two idle cores")
}

/// Without a table bot:perfect is refused on every surface, with the command that builds
/// it and what that takes, and nothing changes.
#[test]
fn perfect_play_without_a_table_is_refused_everywhere() {
    let (dir, mut seat) = own_data_dir("refuse-seat");
    seat.args(["play", "ur", "rules=blitz", "--seat", "dark=bot:perfect"]);
    let (ok, _, error) = run_with_input(seat, "");
    assert!(!ok && names_the_build_command(&error, "blitz"), "{error}");

    let (_, mut matched) = own_data_dir("refuse-match");
    matched.args([
        "match",
        "ur",
        "rules=aseb",
        "--games",
        "2",
        "--player",
        "bot:perfect",
        "--player",
        "bot:greedy",
    ]);
    let (ok, _, error) = run_with_input(matched, "");
    assert!(!ok && names_the_build_command(&error, "aseb"), "{error}");

    // The REPL refuses and keeps the bot it had: hint still answers with bot:best.
    let (_, mut repl) = own_data_dir("refuse-repl");
    repl.args(["play", "ur", "rules=finkel", "--seed", "3"]);
    let (_, out, error) = run_with_input(
        repl,
        "set bot perfect\nseat dark bot:perfect\nnew ur rules=blitz dark=bot:perfect\nstatus\nhint\n",
    );
    assert_eq!(error.matches("no perfect-play table").count(), 3, "{error}");
    assert!(names_the_build_command(&error, "finkel"), "{error}");
    assert!(names_the_build_command(&error, "blitz"), "{error}");
    assert!(!out.contains("hint and genmove use bot:perfect"), "{out}");
    assert!(!out.contains("played by bot:perfect"), "{out}");
    assert!(out.contains("rules=finkel"), "the game stays finkel: {out}");
    assert!(out.contains("roll"), "hint answers: {out}");

    // The engine protocol answers with an error and plays on.
    let (_, mut engine) = own_data_dir("refuse-engine");
    engine.arg("engine");
    let (ok, out, _) = run_with_input(
        engine,
        "new ur rules=masters\nset bot perfect\nset bot greedy\nquit\n",
    );
    assert!(ok, "{out}");
    let replies: Vec<&str> = out.split("\n\n").collect();
    assert!(replies[0].starts_with('='), "{out}");
    assert!(
        replies[1].starts_with("? ") && names_the_build_command(replies[1], "masters"),
        "{out}"
    );
    assert!(replies[2].starts_with('='), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// End layers solved into the data directory (no --out) are found by the perfect bot:
/// bot:perfect refuses a table of end layers only (it cannot play the whole game), while
/// bot:best plays from it inside its layers (exact chances) and searches outside them.
#[test]
fn end_layers_in_the_data_directory_are_found() {
    let (dir, mut solve) = own_data_dir("partial");
    solve.args(["solve", "ur", "rules=blitz", "--layers", "1"]);
    let (ok, out, error) = run_with_input(solve, "");
    assert!(ok, "{out}{error}");
    let path = dir.join("ur-blitz.table");
    assert!(out.contains(&path.display().to_string()), "{out}");

    let mut seat = crate::support::tabula_command();
    seat.env(crate::support::DATA_DIR_VAR, &dir)
        .args(["play", "ur", "rules=blitz", "--seat", "dark=bot:perfect"])
        .stdin(std::process::Stdio::null());
    let refused = seat.output().unwrap();
    let error = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{error}");
    assert!(error.contains("holds only end layers"), "{error}");
    assert!(error.contains("'tabula solve ur rules=blitz'"), "{error}");

    // Inside the stored layers the table answers exactly (its chance here is checked
    // inside the crate: `blitz_end_layers_answer_inside_their_layers_only`).
    let start = game(RuleSet::Blitz);
    let index = UrIndex::new(RuleSet::Blitz).unwrap();
    let end = index.game_at(&start, &index.state(5), LIGHT);
    // bot:best, asked through the engine with the data directory, gives that value.
    let mut engine = crate::support::tabula_command();
    engine
        .env(crate::support::DATA_DIR_VAR, &dir)
        .arg("engine")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    let input = format!(
        "new ur rules=blitz\nsetpos {}\nset bot best\nevaluate\nquit\n",
        end.position_string()
    );
    let (ok, out, _) = run_with_input(engine, &input);
    assert!(ok, "{out}");
    let expected = "light win=0.5330";
    assert!(
        out.contains(expected),
        "bot:best gives the table's {expected}: {out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
