//! Every game at the table kept: listed by `tabula history`, read back by `last` and its
//! number, taken up again by `play --resume`, bounded, and left out by `--no-history`.
//! Each test has a data directory of its own, so that the others' games cannot show.

use std::path::{Path, PathBuf};

/// Runs `tabula ARGS` with `input` piped in, the data directory `data` and `env` set;
/// returns (status, stdout, stderr).
pub(crate) fn run_with(
    data: &Path,
    env: &[(&str, &str)],
    args: &[&str],
    input: &str,
) -> (Option<i32>, String, String) {
    let mut command = crate::support::tabula_command();
    command
        .env(crate::support::DATA_DIR_VAR, data)
        .env_remove("TABULA_HISTORY");
    for (key, value) in env {
        command.env(key, value);
    }
    crate::support::run_piped(command, args, input)
}

pub(crate) fn data_dir(name: &str) -> PathBuf {
    crate::support::temp_dir(&format!("kept-{name}"))
}

/// The kept games' files, by name.
fn kept_files(data: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(data.join("games"))
        .map(|read| {
            read.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

const BOTS_ONLY: [&str; 6] = [
    "play",
    "ur",
    "--seat",
    "light=bot:random",
    "--seat",
    "dark=bot:random",
];

#[test]
fn a_piped_game_is_kept_listed_and_analysed_as_last() {
    let data = data_dir("listed");
    let (status, out, err) = run_with(&data, &[], &[&BOTS_ONLY[..], &["--seed", "5"]].concat(), "");
    assert_eq!(status, Some(0), "{err}");
    assert!(out.contains("wins"), "the bots play the game to its end: {out}");
    let (status, listed, err) = run_with(&data, &[], &["history"], "");
    assert_eq!(status, Some(0), "{err}");
    let row = listed
        .lines()
        .find(|line| line.trim_start().starts_with("1 "))
        .unwrap_or_else(|| panic!("no row for game 1: {listed}"));
    assert!(row.contains(" ur "), "{row}");
    assert!(row.contains("light=bot:random"), "{row}");
    assert!(row.contains("wins"), "{row}");
    let (status, analysed, err) = run_with(&data, &[], &["analyse", "last", "--bot", "greedy"], "");
    assert_eq!(status, Some(0), "{err}");
    assert!(analysed.contains("analysed by bot:greedy"), "{analysed}");
    assert!(analysed.contains("result:"), "{analysed}");
    let (status, replayed, err) = run_with(&data, &[], &["replay", "1"], "");
    assert_eq!(status, Some(0), "{err}");
    assert!(replayed.contains("wins"), "{replayed}");
    // verify takes a kept game by its name too: one played here has no proof to check.
    let (status, verified, err) = run_with(&data, &[], &["verify", "last"], "");
    assert_eq!(status, Some(2), "{verified}\n{err}");
    assert!(verified.contains("nothing to verify"), "{verified}");
}

#[test]
fn quit_mid_game_keeps_it_and_resume_goes_on_with_the_same_dice() {
    let seats = ["play", "ur", "--seed", "11", "--seat", "dark=bot:greedy"];
    let whole = data_dir("whole");
    let (_, straight, err) = run_with(&whole, &[], &seats, "roll\ngenmove\nroll\ngetpos\n");
    assert!(err.is_empty(), "{err}");
    let broken = data_dir("broken");
    let (_, first, err) = run_with(&broken, &[], &seats, "roll\nquit\n");
    assert!(err.is_empty(), "{err}");
    assert!(first.contains("light rolls"), "{first}");
    let (status, resumed, err) = run_with(&broken, &[], &["play", "--resume"], "genmove\nroll\ngetpos\n");
    assert_eq!(status, Some(0), "{err}");
    assert!(resumed.contains("loaded kept game 1"), "{resumed}");
    assert!(
        resumed.contains("dark bot:greedy"),
        "the kept players sit again: {resumed}"
    );
    let position = |text: &str| {
        text.lines()
            .rev()
            .nth(1)
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no position in {text}"))
    };
    assert_eq!(
        position(&resumed),
        position(&straight),
        "{straight}\n---\n{resumed}"
    );
    assert_eq!(
        kept_files(&broken),
        ["game-000001.txt"],
        "the game goes on in its own file"
    );
    let (_, loaded, err) = run_with(
        &broken,
        &[],
        &["play", "ur", "--no-history"],
        "load last\nstatus\n",
    );
    assert!(err.is_empty(), "{err}");
    assert!(loaded.contains("loaded kept game 1"), "{loaded}");
}

#[test]
fn the_oldest_games_beyond_the_bound_are_removed() {
    let data = data_dir("bound");
    for seed in ["1", "2", "3"] {
        let (status, _, err) = run_with(
            &data,
            &[("TABULA_HISTORY", "2")],
            &[&BOTS_ONLY[..], &["--seed", seed]].concat(),
            "",
        );
        assert_eq!(status, Some(0), "{err}");
    }
    assert_eq!(kept_files(&data), ["game-000002.txt", "game-000003.txt"]);
    let (_, _, err) = run_with(&data, &[], &["replay", "1"], "");
    assert!(err.contains("there is no kept game 1"), "{err}");
    assert!(err.contains("games 2 to 3"), "{err}");
}

#[test]
fn no_history_and_the_setting_keep_nothing() {
    let data = data_dir("none");
    let (status, _, err) = run_with(&data, &[], &[&BOTS_ONLY[..], &["--no-history"]].concat(), "");
    assert_eq!(status, Some(0), "{err}");
    let (status, _, err) = run_with(&data, &[("TABULA_HISTORY", "off")], &BOTS_ONLY, "");
    assert_eq!(status, Some(0), "{err}");
    assert!(kept_files(&data).is_empty());
    let (status, out, _) = run_with(&data, &[], &["history"], "");
    assert_eq!(status, Some(0));
    assert!(out.contains("no game is kept yet"), "{out}");
    let (status, _, err) = run_with(&data, &[], &["analyse", "last"], "");
    assert_ne!(status, Some(0));
    assert!(err.contains("no game is kept yet"), "{err}");
}
