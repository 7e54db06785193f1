//! `tabula match --jsonl` and `--adjudicate` through the binary: one JSON object per
//! game that agrees with the text record, a report of the JSON lines equal to the
//! report of the records, a line appended per game (and after a resume), and adjudicated
//! games that stop early, say why, and agree with playing on where the race is clear.

use std::path::Path;

use serde_json::Value;

fn temp_dir(name: &str) -> std::path::PathBuf {
    crate::support::temp_dir(&format!("match-json-{name}"))
}

/// Runs `tabula ARGS`; returns its standard output, or panics with its errors.
fn run(args: &[&str]) -> String {
    let output = crate::support::tabula_command().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "tabula {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

/// Every line of a JSON lines file, parsed.
fn json_lines(file: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.ends_with('\n'), "every line ends: {text}");
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// The games of a text record file: for each, its lines without comments.
fn text_games(file: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(file).unwrap();
    text.split("\n\n")
        .filter(|block| block.contains("game "))
        .map(|block| {
            block
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
                .map(String::from)
                .collect()
        })
        .collect()
}

/// The text game whose `match-game` line is `number`.
fn text_game(games: &[Vec<String>], number: u64) -> &Vec<String> {
    games
        .iter()
        .find(|g| g.contains(&format!("match-game {number}")))
        .unwrap_or_else(|| panic!("game {number} in the records"))
}

/// The table without the lines that say how the run went (nor `--each-game`'s lines
/// before it).
fn table_only(text: &str) -> String {
    let start = text.find("match ").unwrap_or(0);
    text[start..]
        .lines()
        .filter(|l| !l.contains("games played in") && !l.contains("read from") && !l.contains("resumed"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rolls and moves of a JSON game as record lines.
fn action_lines(game: &Value) -> Vec<String> {
    game["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            if let Some(dice) = a["roll"].as_array() {
                let dice: Vec<String> = dice.iter().map(|d| d.as_u64().unwrap().to_string()).collect();
                format!("roll {}", dice.join(" "))
            } else {
                let seconds = a["seconds"].as_f64().expect("a move has its seconds");
                assert!((0.0..60.0).contains(&seconds), "{a}");
                format!("play {}", a["move"].as_str().expect("a roll or a move"))
            }
        })
        .collect()
}

#[test]
fn every_game_is_one_json_line_that_agrees_with_its_text_record_and_reports_the_same() {
    let dir = temp_dir("agree");
    let (records, jsonl) = (path(&dir, "m.txt"), path(&dir, "m.jsonl"));
    let table = run(&[
        "match",
        "nardy",
        "--player",
        "G=bot:greedy",
        "--player",
        "bot:random",
        "--games",
        "4",
        "--seed",
        "7",
        "--jobs",
        "2",
        "--records",
        &records,
        "--jsonl",
        &jsonl,
    ]);
    let lines = json_lines(&jsonl);
    assert_eq!(lines.len(), 4, "one line per game");
    let texts = text_games(&records);
    let mut numbers: Vec<u64> = Vec::new();
    for game in &lines {
        assert_eq!(game["format"], "tabula-match-game-1");
        assert_eq!(game["game"], "nardy");
        assert_eq!(game["options"]["koks"], "off");
        assert_eq!(game["match"]["seed"], 7);
        assert_eq!(game["match"]["games"], 4);
        assert_eq!(game["match"]["players"], 2);
        assert_eq!(game["match"]["pairing"], "round-robin");
        let number = game["number"].as_u64().unwrap();
        numbers.push(number);
        // Games 1 and 2 share dice seed 7, with the seats swapped; 3 and 4 seed 8.
        assert_eq!(game["dice_seed"].as_u64().unwrap(), 7 + (number - 1) / 2);
        let players = game["players"].as_array().unwrap();
        assert_eq!(players.len(), 2);
        let greedy = if number % 2 == 1 { 0 } else { 1 };
        assert_eq!(players[greedy]["name"], "G");
        assert_eq!(players[greedy]["spec"], "bot:greedy");
        assert_eq!(players[greedy]["player"], 1);
        assert_eq!(players[1 - greedy]["name"], Value::Null);
        assert_eq!(players[1 - greedy]["engine"], Value::Null);
        assert_eq!(players[0]["seat"], "white");
        let text = text_game(&texts, number);
        assert!(text.contains(&format!("seed {}", game["dice_seed"])), "{text:?}");
        assert!(text.contains(&format!(
            "seats white={} black={}",
            players[0]["spec"].as_str().unwrap(),
            players[1]["spec"].as_str().unwrap()
        )));
        let recorded: Vec<String> = text
            .iter()
            .filter(|l| l.starts_with("roll ") || l.starts_with("play "))
            .cloned()
            .collect();
        assert_eq!(action_lines(game), recorded, "game {number}");
        let moves = recorded.iter().filter(|l| l.starts_with("play ")).count();
        assert_eq!(game["moves"].as_u64().unwrap(), moves as u64);
        let result = &game["result"];
        assert_eq!(result["reason"], "end");
        assert_eq!(result["forfeit"], Value::Null);
        assert_eq!(result["adjudication"], Value::Null);
        let places: Vec<String> = result["places"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.to_string())
            .collect();
        let points: Vec<String> = result["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| format!("{}", p.as_f64().unwrap()))
            .collect();
        let line = format!("result places={} points={}", places.join(","), points.join(","));
        assert!(text.contains(&line), "{line} in {text:?}");
        assert!(result["summary"].as_str().unwrap().contains("wins"), "{result}");
    }
    numbers.sort_unstable();
    assert_eq!(numbers, vec![1, 2, 3, 4]);
    let from_json = run(&["match", "report", &jsonl]);
    let from_text = run(&["match", "report", &records]);
    assert_eq!(from_json, from_text);
    assert_eq!(table_only(&from_json), table_only(&table));
}

#[test]
fn a_resumed_match_appends_the_games_it_plays_and_no_other() {
    let dir = temp_dir("resume");
    let jsonl = path(&dir, "m.jsonl");
    let args = |games: &'static str| {
        vec![
            "match".to_string(),
            "ur".into(),
            "--player".into(),
            "bot:greedy".into(),
            "--player".into(),
            "bot:random".into(),
            "--games".into(),
            games.into(),
            "--jobs".into(),
            "1".into(),
            "--jsonl".into(),
            jsonl.clone(),
        ]
    };
    let strip_seconds = |mut game: Value| {
        for action in game["actions"].as_array_mut().unwrap() {
            action.as_object_mut().unwrap().remove("seconds");
        }
        game
    };
    let full_args = args("6");
    let full: Vec<&str> = full_args.iter().map(String::as_str).collect();
    let first = run(&full);
    let all = json_lines(&jsonl);
    assert_eq!(all.len(), 6);
    // A run killed after four games, in the middle of writing the fifth.
    let text = std::fs::read_to_string(&jsonl).unwrap();
    let kept: Vec<&str> = text.lines().take(4).collect();
    std::fs::write(&jsonl, format!("{}\n{{\"format\":\"tabula-ma", kept.join("\n"))).unwrap();
    let again = run(&full);
    assert!(again.contains("4 resumed from the records"), "{again}");
    let resumed = json_lines(&jsonl);
    assert_eq!(resumed.len(), 6, "the torn line is cut and two games appended");
    let by_number = |games: &[Value]| {
        let mut games: Vec<Value> = games.iter().cloned().map(strip_seconds).collect();
        games.sort_by_key(|g| g["number"].as_u64());
        games
    };
    assert_eq!(
        by_number(&resumed),
        by_number(&all),
        "the same games, played again"
    );
    assert_eq!(table_only(&again), table_only(&first));
    // Run once more: everything is there, nothing is appended.
    run(&full);
    assert_eq!(json_lines(&jsonl).len(), 6);
}

/// The percentage a reason gives the winner: `... bears off first 98.9%, ...`.
fn winner_chance(reason: &str) -> f64 {
    let end = reason.find('%').unwrap();
    let start = reason[..end].rfind(' ').unwrap() + 1;
    reason[start..end].parse().unwrap()
}

/// Plays `game_args` with and without `--adjudicate` on the same seeds; returns both
/// JSON lines files' games by number.
fn both_ways(dir: &Path, game_args: &[&str]) -> (Vec<Value>, Vec<Value>, String) {
    let mut by_number = Vec::new();
    let mut table = String::new();
    for adjudicate in [false, true] {
        let jsonl = path(dir, if adjudicate { "a.jsonl" } else { "p.jsonl" });
        let records = path(dir, if adjudicate { "a.txt" } else { "p.txt" });
        let mut args: Vec<&str> = vec!["match"];
        args.extend(game_args);
        args.extend(["--jsonl", &jsonl, "--records", &records, "--jobs", "1"]);
        if adjudicate {
            args.extend(["--adjudicate", "--each-game"]);
        }
        let out = run(&args);
        if adjudicate {
            // Read back, the adjudicated games are adjudicated again to the same table.
            assert_eq!(table_only(&run(&["match", "report", &jsonl])), table_only(&out));
            table = out;
        }
        let mut games = json_lines(&jsonl);
        games.sort_by_key(|g| g["number"].as_u64());
        by_number.push(games);
    }
    let adjudicated = by_number.pop().unwrap();
    (by_number.pop().unwrap(), adjudicated, table)
}

/// Checks adjudicated games against the same games played on: fewer moves, the same
/// moves up to where they stopped, the reason given, and the same winner when the
/// adjudication was at least `clear` percent sure. Returns how many were adjudicated.
fn check_against_playing_on(
    played: &[Value],
    adjudicated: &[Value],
    clear: f64,
    reason_starts: &str,
) -> usize {
    let mut count = 0;
    for (on, cut) in played.iter().zip(adjudicated) {
        assert_eq!(on["number"], cut["number"]);
        assert_eq!(on["dice_seed"], cut["dice_seed"], "the same dice");
        let result = &cut["result"];
        if result["reason"] != "adjudication" {
            assert_eq!(
                on["result"], cut["result"],
                "a game not adjudicated ends as before"
            );
            continue;
        }
        count += 1;
        let reason = result["adjudication"].as_str().unwrap();
        assert!(reason.starts_with(reason_starts), "{reason}");
        // Only exact chances adjudicate, and only from the default 99%.
        assert!(reason.ends_with("% (exact)"), "{reason}");
        assert!(winner_chance(reason) >= 99.0, "{reason}");
        assert!(result["summary"].as_str().unwrap().contains("by adjudication"));
        let (on_moves, cut_moves) = (on["moves"].as_u64().unwrap(), cut["moves"].as_u64().unwrap());
        assert!(
            cut_moves < on_moves,
            "{cut_moves} moves adjudicated, {on_moves} played on"
        );
        let (on_actions, cut_actions) = (action_lines(on), action_lines(cut));
        assert_eq!(
            on_actions[..cut_actions.len()],
            cut_actions[..],
            "played the same up to the cut"
        );
        if winner_chance(reason) >= clear {
            let winner = |g: &Value| {
                g["result"]["places"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .position(|p| p == 1)
            };
            assert_eq!(winner(on), winner(cut), "{reason}: game {}", cut["number"]);
        }
    }
    count
}

#[test]
fn a_nardy_race_is_adjudicated_earlier_says_so_and_agrees_with_playing_on_when_clear() {
    let dir = temp_dir("nardy");
    let (played, adjudicated, table) = both_ways(
        &dir,
        &[
            "nardy",
            "--player",
            "bot:greedy",
            "--player",
            "bot:greedy",
            "--games",
            "6",
            // Dice on which two pairs of games end in races and one does not (a bot
            // against itself plays both games of a pair alike).
            "--seed",
            "5",
        ],
    );
    let count = check_against_playing_on(&played, &adjudicated, 99.5, "race: ");
    assert!(
        count >= 4,
        "greedy nardy games end in races: {count} of 6 adjudicated"
    );
    assert!(
        table.contains(&format!("adjudicated: {count} of 6 games")),
        "{table}"
    );
    assert_eq!(table.matches(" wins by adjudication}").count(), count, "{table}");
    let records = std::fs::read_to_string(dir.join("a.txt")).unwrap();
    assert_eq!(
        records.matches("\nadjudicated race: ").count(),
        count,
        "{records}"
    );
    // Each adjudicated game's tags say who won and why, not "unfinished".
    assert_eq!(
        records.matches("\ntag reason adjudicated: race: ").count(),
        count,
        "{records}"
    );
    assert!(!records.contains("tag result unfinished"), "{records}");
    assert_eq!(
        std::fs::read_to_string(dir.join("p.txt"))
            .unwrap()
            .matches("adjudicated")
            .count(),
        0
    );
}

#[test]
fn a_two_seat_mnogoboy_game_is_adjudicated_from_its_solved_table() {
    let dir = temp_dir("mnogoboy");
    let (played, adjudicated, table) = both_ways(
        &dir,
        &[
            "mnogoboy",
            "players=2",
            "--player",
            "bot:greedy",
            "--player",
            "bot:random",
            "--games",
            "6",
        ],
    );
    let count = check_against_playing_on(&played, &adjudicated, 99.0, "solved table (mnogoboy players=2): ");
    assert!(count >= 4, "{count} of 6 adjudicated");
    assert!(
        table.contains(&format!("adjudicated: {count} of 6 games")),
        "{table}"
    );
}

#[test]
fn the_json_lines_and_the_records_need_two_files() {
    let dir = temp_dir("same");
    let file = path(&dir, "m.txt");
    let output = crate::support::tabula_command()
        .args([
            "match",
            "ur",
            "--player",
            "bot:random",
            "--player",
            "bot:random",
            "--games",
            "2",
        ])
        .args(["--records", &file, "--jsonl", &file])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("need two files"));
    assert!(!dir.join("m.txt").exists(), "nothing is written");
}

#[test]
fn a_game_started_from_a_position_keeps_it_in_its_json_line() {
    let dir = temp_dir("positions");
    let (_, start, _) = crate::support::run_tabula(&["play", "ur", "--seed", "1"], "roll\ngetpos\n");
    let start = start.lines().last().unwrap().trim().to_string();
    let positions = path(&dir, "positions.txt");
    std::fs::write(&positions, format!("{start}\n")).unwrap();
    let (records, jsonl) = (path(&dir, "m.txt"), path(&dir, "m.jsonl"));
    run(&[
        "match",
        "ur",
        "--player",
        "bot:greedy",
        "--player",
        "bot:random",
        "--games",
        "2",
        "--jobs",
        "1",
        "--positions",
        &positions,
        "--records",
        &records,
        "--jsonl",
        &jsonl,
    ]);
    let lines = json_lines(&jsonl);
    assert_eq!(lines.len(), 2);
    for game in &lines {
        let first = &game["actions"][0];
        assert_eq!(first["setpos"].as_str(), Some(start.as_str()), "{first}");
        assert_eq!(first.get("seconds"), None, "setting the position is no move");
        assert!(
            game["actions"].as_array().unwrap()[1..]
                .iter()
                .all(|a| a.get("setpos").is_none())
        );
    }
    assert_eq!(
        run(&["match", "report", &jsonl]),
        run(&["match", "report", &records])
    );
}
