//! The match runner through the binary: engines that cannot play end the command before
//! any game, games started from a positions file, a line per finished game, Elo in
//! words, and exit statuses (signals included) that agree with the manual.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::support::{run_tabula, tabula_command, temp_dir};

fn script(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(name);
    format!("sh {}", path.display())
}

fn dir(name: &str) -> PathBuf {
    temp_dir(&format!("match-runner-{name}"))
}

/// The words of `text` joined by single spaces: messages wrapped to 80 columns, unwrapped.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_string()
}

/// Runs `tabula ARGS`; returns (status, stdout, stderr).
fn tabula(args: &[&str]) -> (Option<i32>, String, String) {
    run_tabula(args, "")
}

/// A script engine that exits at once, writing to standard error.
fn dying_engine(dir: &Path) -> String {
    let path = dir.join("dies.sh");
    std::fs::write(&path, "#!/bin/sh\necho 'fatal: no weights file' >&2\nexit 4\n").unwrap();
    format!("engine:sh {}", path.display())
}

#[test]
fn an_engine_that_cannot_play_ends_a_match_before_any_game() {
    let dir = dir("broken");
    let records = dir.join("records");
    let broken = [
        (
            "engine:nonexistent-bot".to_string(),
            "start: cannot start 'nonexistent-bot'",
        ),
        (dying_engine(&dir), "fatal: no weights file"),
        (
            format!("engine:{}", script("old-protocol.sh")),
            "handshake: speaks protocol version '2', not 1",
        ),
    ];
    for (engine, why) in &broken {
        // Two players, and a round robin of three where the broken one comes last.
        for players in [
            vec![engine.as_str(), "bot:greedy"],
            vec!["bot:greedy", "bot:random", engine.as_str()],
        ] {
            let mut args = vec![
                "match",
                "ur",
                "--games",
                "6",
                "--records",
                records.to_str().unwrap(),
            ];
            for player in &players {
                args.extend(["--player", player]);
            }
            let (code, out, err) = tabula(&args);
            assert_eq!(code, Some(2), "{engine}: {err}");
            assert!(out.is_empty(), "no table: {out}");
            assert!(flat(&err).contains("cannot play, so no game was played"), "{err}");
            assert!(flat(&err).contains(why), "{err}");
            // Within 80 columns, but for a word longer than that (a deep path), which
            // stands alone on its line rather than being cut.
            assert!(
                err.lines()
                    .all(|l| l.chars().count() <= 80 || !l.trim().contains(' ')),
                "{err}"
            );
            assert!(!records.exists(), "no game recorded");
        }
    }
    // The engine's last standard error lines are shown.
    let (_, _, err) = tabula(&["match", "ur", "--player", &broken[1].0, "--player", "bot:greedy"]);
    assert!(
        err.contains("its last lines on standard error:\n  | fatal: no weights file"),
        "{err}"
    );
    // In play too, before the game.
    for (engine, why) in &broken {
        let seat = format!("dark={engine}");
        let (code, out, err) = tabula(&["play", "ur", "--seat", &seat]);
        assert_eq!(code, Some(2), "{err}");
        assert!(!out.contains("over forfeit"), "{out}");
        assert!(
            flat(&err).contains(&format!("dark ({engine}) cannot play")),
            "{err}"
        );
        assert!(flat(&err).contains(why), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engines_file_with_a_missing_command_ends_the_round_robin_before_any_game() {
    let dir = dir("engines-file");
    let file = dir.join("engines.toml");
    std::fs::write(
        &file,
        "[[engine]]\nname = \"ghost\"\ncommand = \"no-such-engine-anywhere --fast\"\n",
    )
    .unwrap();
    let (code, out, err) = tabula(&[
        "match",
        "ur",
        "--engines",
        &text(&file),
        "--player",
        "bot:greedy",
        "--player",
        "bot:random",
        "--player",
        "ghost",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("#3 ghost (engine:no-such-engine-anywhere --fast) cannot play"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_example_engines_file_without_tabula_on_the_path_stops_before_any_game() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/engines.toml");
    let empty = dir("no-path");
    let output = tabula_command()
        .env("PATH", &empty)
        .args(["match", "ur", "--engines", &text(&example), "--player", "greedy"])
        .args(["--player", "deep", "--games", "2"])
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(out.is_empty(), "no table of forfeits: {out}");
    assert!(
        flat(&err).contains("#1 greedy (engine:tabula engine) cannot play, so no game was played: start: cannot start 'tabula engine'"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&empty);
}

#[test]
fn an_engine_that_crashes_after_its_start_still_forfeits_and_is_restarted() {
    let crasher = format!("engine:{}", script("crash.sh"));
    let (code, out, err) = tabula(&[
        "match",
        "ur",
        "--games",
        "4",
        "--player",
        &crasher,
        "--player",
        "bot:greedy",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("forfeits by #1 crasher: 4 (crash 4)"), "{out}");
}

#[test]
fn a_shutout_and_a_player_without_games_are_said_in_words() {
    let (code, out, err) = tabula(&[
        "match",
        "ur",
        "--games",
        "4",
        "--player",
        "bot:greedy",
        "--player",
        "bot:random",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("Elo difference #1 - #2: not measurable, #1 won every game, score 100.0%"),
        "{out}"
    );
    // One game of a round robin of three: the third player has none.
    let (code, out, err) = tabula(&[
        "match",
        "ur",
        "--games",
        "1",
        "--player",
        "bot:greedy",
        "--player",
        "bot:random",
        "--player",
        "bot:random",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let row = out.lines().find(|l| l.starts_with("3  ")).unwrap();
    assert_eq!(
        row.split_whitespace().skip(2).collect::<Vec<_>>(),
        ["0", "-", "-", "-", "-"],
        "{out}"
    );
    for table in [&out] {
        assert!(!table.contains("inf"), "{table}");
        for negative_zero in [" -0", "(-0", "--0"] {
            assert!(!table.contains(negative_zero), "{table}");
        }
    }
}

#[test]
fn each_game_prints_a_line_as_it_ends() {
    let (code, out, err) = tabula(&[
        "match",
        "nardy",
        "--games",
        "2",
        "--jobs",
        "1",
        "--each-game",
        "--player",
        "bot:greedy",
        "--player",
        "engine:nonexistent-bot",
    ]);
    // (the engine is refused first: the lines are for games that are played)
    assert_eq!(code, Some(2), "{err}");
    assert!(!out.contains("Finished game"), "{out}");
    let (code, out, err) = tabula(&[
        "match",
        "ur",
        "--games",
        "2",
        "--jobs",
        "1",
        "--each-game",
        "--player",
        "g=bot:greedy",
        "--player",
        "bot:random",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("Finished game")).collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("Finished game 1 (g vs bot:random): 1-0 {light wins}, "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("Finished game 2 (bot:random vs g): 0-1 {dark wins}, "),
        "{out}"
    );
    // Each ends with the game's seed (both games of a pair share it) and the running
    // score, as cutechess-cli's "Score of A vs B", and stays one line into a pipe,
    // however long.
    assert!(
        lines[0].ends_with(" moves, seed 1; score of g vs bot:random: 1 - 0 - 0 [1.000] 1"),
        "{out}"
    );
    assert!(
        lines[1].ends_with(" moves, seed 1; score of g vs bot:random: 2 - 0 - 0 [1.000] 2"),
        "{out}"
    );
    assert!(lines[0].chars().count() > 80, "{out}");
    assert!(
        !out.lines().any(|l| l.starts_with("  ") && l.contains("score of")),
        "{out}"
    );
    // Before the table.
    assert!(
        out.find("Finished game 2").unwrap() < out.find("match ur:").unwrap(),
        "{out}"
    );
    // A forfeit gives its seat and reason.
    let crasher = format!("engine:{}", script("crash.sh"));
    let (_, out, _) = tabula(&[
        "match",
        "nardy",
        "--games",
        "1",
        "--each-game",
        "--player",
        &crasher,
        "--player",
        "bot:greedy",
    ]);
    assert!(
        flat(&out).contains("Finished game 1 (crasher vs bot:greedy): 0-2 {white forfeits: crash}, 0 moves"),
        "{out}"
    );
}

/// The records' games, each as its lines.
fn games_of(records: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(records)
        .unwrap()
        .split("\n\n")
        .filter(|g| g.contains("match-game"))
        .map(|g| g.lines().map(str::to_string).collect())
        .collect()
}

fn line_of<'a>(game: &'a [String], key: &str) -> &'a str {
    game.iter()
        .find(|l| l.starts_with(key))
        .map_or("", |l| l.as_str())
}

#[test]
fn positions_are_played_from_every_seat_on_the_same_dice() {
    let dir = dir("positions");
    let (_, start, _) = run_tabula(&["play", "ur", "--seed", "1"], "roll\ngetpos\n");
    let start = start.lines().last().unwrap().trim().to_string();
    assert!(start.contains("turn="), "{start}");
    // Two positions: the game's start after a few moves, and the start itself.
    let (_, fresh, _) = run_tabula(&["play", "ur"], "getpos\n");
    let fresh = fresh.lines().last().unwrap().trim().to_string();
    let file = dir.join("positions.txt");
    std::fs::write(&file, format!("# openings\n{start}\n\n{fresh}\n")).unwrap();
    let records = dir.join("records");
    let args = |games: &'static str| {
        vec![
            "match".to_string(),
            "ur".into(),
            "--games".into(),
            games.into(),
            "--jobs".into(),
            "1".into(),
            "--positions".into(),
            text(&file),
            "--records".into(),
            text(&records),
            "--player".into(),
            "bot:greedy".into(),
            "--player".into(),
            "bot:random".into(),
        ]
    };
    let run = |games: &'static str| {
        let owned = args(games);
        let words: Vec<&str> = owned.iter().map(String::as_str).collect();
        tabula(&words)
    };
    let (code, _, err) = run("4");
    assert_eq!(code, Some(0), "{err}");
    let games = games_of(&records);
    assert_eq!(games.len(), 4);
    // Games 1 and 2 (seats swapped) start from the first position on one dice seed,
    // 3 and 4 from the second on the next.
    let canonical = |pos: &str| {
        let (_, out, _) = run_tabula(&["play", "ur"], &format!("setpos {pos}\ngetpos\n"));
        out.lines().last().unwrap().trim().to_string()
    };
    for (pair, position) in [(0, canonical(&start)), (2, canonical(&fresh))] {
        for game in &games[pair..pair + 2] {
            // The first action is where the game began.
            let first = game
                .iter()
                .find(|l| ["setpos", "roll", "play"].iter().any(|k| l.starts_with(k)));
            assert_eq!(
                first.map(String::as_str),
                Some(format!("setpos {position}").as_str()),
                "{game:?}"
            );
        }
        assert_eq!(line_of(&games[pair], "seed "), line_of(&games[pair + 1], "seed "));
        assert_ne!(
            line_of(&games[pair], "seats "),
            line_of(&games[pair + 1], "seats ")
        );
    }
    assert_ne!(line_of(&games[0], "seed "), line_of(&games[2], "seed "));
    // The same command with more games resumes, a report reads the records, and
    // replay shows a game from where it began.
    let (code, out, err) = run("6");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("4 resumed from the records"), "{out}");
    let games = games_of(&records);
    assert!(
        games[4]
            .iter()
            .any(|l| l == &format!("setpos {}", canonical(&start))),
        "{:?}",
        games[4]
    );
    let (code, report, err) = tabula(&["match", "report", &text(&records)]);
    assert_eq!(code, Some(0), "{err}");
    assert!(report.contains("match ur: 6 games"), "{report}");
    assert!(
        flat(&report).contains("dice seed 1, from 2 positions in turn"),
        "{report}"
    );
    let (code, _, err) = tabula(&["replay", &text(&records), "--game", "3"]);
    assert_eq!(code, Some(0), "{err}");
    // Resuming without the positions, or with others, is refused.
    let (code, _, err) = tabula(&[
        "match",
        "ur",
        "--games",
        "6",
        "--records",
        &text(&records),
        "--player",
        "bot:greedy",
        "--player",
        "bot:random",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("give the --positions file it was played with"),
        "{err}"
    );
    std::fs::write(&file, format!("{fresh}\n{start}\n")).unwrap();
    let (code, _, err) = run("6");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("another --positions file?"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_with_positions_report_as_one_run() {
    let dir = dir("positions-shards");
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("benchmarks/microbes.txt");
    let base = |records: &Path| {
        vec![
            "match".to_string(),
            "microbes".into(),
            "--games".into(),
            "8".into(),
            "--jobs".into(),
            "1".into(),
            "--positions".into(),
            text(&file),
            "--records".into(),
            text(records),
            "--player".into(),
            "bot:greedy".into(),
            "--player".into(),
            "bot:random".into(),
        ]
    };
    let whole = dir.join("whole");
    let owned = base(&whole);
    let (code, _, err) = tabula(&owned.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, Some(0), "{err}");
    let mut shards = Vec::new();
    for k in 1..=2 {
        let records = dir.join(format!("shard{k}"));
        let mut owned = base(&records);
        owned.extend(["--shard".to_string(), format!("{k}/2")]);
        let (code, _, err) = tabula(&owned.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(code, Some(0), "{err}");
        shards.push(text(&records));
    }
    let strip = |t: &str| {
        t.lines()
            .filter(|l| !l.contains("read from"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (_, one, _) = tabula(&["match", "report", &text(&whole)]);
    let (code, two, err) = tabula(&["match", "report", &shards[0], &shards[1]]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(strip(&one), strip(&two));
    assert!(one.contains("match microbes: 8 games"), "{one}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_three_seats_every_seat_gets_every_position() {
    let dir = dir("positions-three");
    let (_, fresh, _) = run_tabula(&["play", "mnogoboy", "players=3"], "getpos\n");
    let fresh = fresh.lines().last().unwrap().trim().to_string();
    let file = dir.join("positions.txt");
    std::fs::write(&file, format!("{fresh}\n")).unwrap();
    let records = dir.join("records");
    let (code, _, err) = tabula(&[
        "match",
        "mnogoboy",
        "players=3",
        "--games",
        "3",
        "--jobs",
        "1",
        "--positions",
        &text(&file),
        "--records",
        &text(&records),
        "--player",
        "bot:greedy",
        "--player",
        "bot:random",
        "--player",
        "bot:random",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let games = games_of(&records);
    let seats: Vec<&str> = games.iter().map(|g| line_of(g, "seats ")).collect();
    assert_eq!(seats.len(), 3);
    assert!(
        seats[0] != seats[1] && seats[1] != seats[2] && seats[0] != seats[2],
        "{seats:?}"
    );
    for game in &games {
        assert!(game.iter().any(|l| l.starts_with("setpos ")), "{game:?}");
        assert_eq!(line_of(game, "seed "), line_of(&games[0], "seed "));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_positions_line_is_named_before_any_game() {
    let dir = dir("positions-bad");
    let file = dir.join("positions.txt");
    let (_, fresh, _) = run_tabula(&["play", "ur"], "getpos\n");
    let fresh = fresh.lines().last().unwrap().trim().to_string();
    std::fs::write(&file, format!("{fresh}\n# fine so far\nw=24x15 b=24x15\n")).unwrap();
    let (code, out, err) = tabula(&[
        "match",
        "ur",
        "--positions",
        &text(&file),
        "--player",
        "bot:greedy",
        "--player",
        "bot:random",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(&format!("{}:3: not a position of ur", file.display())),
        "{err}"
    );
    // A benchmark set of another game is refused at its first position.
    let nardy = Path::new(env!("CARGO_MANIFEST_DIR")).join("benchmarks/nardy.txt");
    let (code, _, err) = tabula(&[
        "match",
        "ur",
        "--positions",
        &text(&nardy),
        "--player",
        "bot:greedy",
        "--player",
        "bot:random",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("nardy.txt:6: not a position of ur"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts a long match recording to `records`, waits for `games` finished games, sends
/// `signal` and returns (status, stdout, stderr).
fn signalled_match(records: &Path, signal: i32, games: usize) -> (Option<i32>, String, String) {
    let child = tabula_command()
        .args(["match", "ur", "--games", "100000", "--jobs", "2"])
        .args(["--player", "bot:random", "--player", "bot:greedy", "--records"])
        .arg(records)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(30);
    while std::fs::read_to_string(records).map_or(0, |t| t.matches("\nend ").count()) < games
        && Instant::now() < until
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: sending a signal to the child we started.
    unsafe {
        libc::kill(child.id() as i32, signal);
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_signal_stops_a_match_with_its_table_and_the_command_that_resumes() {
    let dir = dir("signals");
    for (signal, name) in [
        (libc::SIGINT, "Ctrl-C (SIGINT)"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
    ] {
        let records = dir.join(format!("records-{signal}"));
        let (code, out, err) = signalled_match(&records, signal, 2);
        assert_eq!(code, Some(128 + signal), "{name}: {err}");
        assert!(err.contains(&format!("stopped by {name} after ")), "{err}");
        assert!(err.contains("to play the rest, run the same command"), "{err}");
        assert!(err.contains(&format!("--records {}", records.display())), "{err}");
        assert!(out.contains("match ur: "), "the table: {out}");
        assert!(out.contains(" games played in "), "{out}");
        let done: usize = err
            .split(" after ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(done >= 2, "{err}");
        // The records keep the finished games: a report reads exactly those.
        let (code, report, e) = tabula(&["match", "report", &text(&records)]);
        assert_eq!(code, Some(0), "{e}");
        assert!(report.contains(&format!("match ur: {done} games")), "{report}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn exit_statuses_follow_the_manual() {
    let dir = dir("statuses");
    // 2: a bad command line, bot levels and tables included.
    for seat in ["black=bot:net:5", "black=bot:net:9", "black=bot:nonsense"] {
        let (code, _, err) = tabula(&["play", "nardy", "--seat", seat]);
        assert_eq!(code, Some(2), "{seat}: {err}");
    }
    let (code, _, err) = run_tabula(&["play", "ur", "rules=masters", "--seat", "dark=bot:perfect"], "");
    assert_eq!(code, Some(2), "{err}");
    let (code, _, err) = tabula(&[
        "match",
        "nardy",
        "--player",
        "bot:net:5",
        "--player",
        "bot:random",
    ]);
    assert_eq!(code, Some(2), "{err}");
    let (code, _, _) = tabula(&["match", "nardy", "--player", "bot:random", "--games", "0"]);
    assert_eq!(code, Some(2));
    // 1: a game or file error.
    let (code, _, err) = run_tabula(&["play", "ur", "--strict"], "play nonsense\n");
    assert_eq!(code, Some(1), "{err}");
    let missing = dir.join("missing.txt");
    let (code, _, err) = tabula(&["replay", &text(&missing)]);
    assert_eq!(code, Some(1), "{err}");
    let (code, _, err) = tabula(&["match", "report", &text(&missing)]);
    assert_eq!(code, Some(1), "{err}");
    // 0: done.
    let (code, _, err) = tabula(&[
        "match",
        "ur",
        "--games",
        "2",
        "--player",
        "bot:random",
        "--player",
        "bot:random",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The files of `src/app/matches` each file uses (its `super::FILE` paths outside unit
/// tests), by file name; `mod.rs`, which declares them and holds what they share, is
/// not one of them.
fn match_file_uses() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    use crate::layers::lexer::{Token, tokenize, without_tests};
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/matches");
    let names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|name| name != "mod")
        .collect();
    let mut uses = std::collections::BTreeMap::new();
    for name in &names {
        let code = std::fs::read_to_string(folder.join(format!("{name}.rs"))).unwrap();
        let (tokens, _) = without_tests(&tokenize(&code));
        let tokens: Vec<Token> = tokens.into_iter().map(|(_, t)| t).collect();
        let mut used = std::collections::BTreeSet::new();
        for at in 0..tokens.len().saturating_sub(2) {
            if tokens[at] != Token::Ident("super".into()) || tokens[at + 1] != Token::PathSep {
                continue;
            }
            // `super::file::...`, or each name of a `super::{file, ...}` tree.
            let mut depth = 0;
            for token in &tokens[at + 2..] {
                match token {
                    Token::Punct('{') => depth += 1,
                    Token::Punct('}') => depth -= 1,
                    Token::Ident(word) if names.contains(word) => {
                        used.insert(word.clone());
                    }
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
            }
        }
        used.remove(name);
        uses.insert(name.clone(), used);
    }
    uses
}

#[test]
fn the_files_of_a_match_use_each_other_one_way() {
    let uses = match_file_uses();
    assert!(uses.len() > 10, "found only {uses:?}");
    assert!(uses["game"].contains("engines"), "{uses:?}");
    // Given every file's uses, when they are followed from each file, then none comes
    // back to where it started.
    fn circle(
        from: &str,
        uses: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == from) {
            let mut found = path[at..].to_vec();
            found.push(from.to_string());
            return Some(found);
        }
        path.push(from.to_string());
        for next in &uses[from] {
            if let Some(found) = circle(next, uses, path) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    for file in uses.keys() {
        if let Some(found) = circle(file, &uses, &mut Vec::new()) {
            panic!(
                "the files of app/matches use each other in a circle: {}",
                found.join(" -> ")
            );
        }
    }
}
