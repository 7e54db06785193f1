//! External engines that misbehave: each one forfeits with the right reason, within its
//! time limit, and the controller neither hangs nor crashes. Also a whole match between
//! `tabula engine` processes and in-process bots, with records that replay and resume.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use tabula::core::{NewGame, Options};
use tabula::games::GameKind;
use tabula::games::nardy::Nardy;
use tabula::matches::{GameSummary, MatchConfig, play_game};
use tabula::players::PlayerSpec;
use tabula::protocol::client::EngineSettings;

fn script(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(name);
    format!("sh {}", path.display())
}

fn config(engine: &str, settings: EngineSettings) -> MatchConfig {
    MatchConfig {
        kind: GameKind::Nardy,
        options: Options::defaults(Nardy::game_info().options),
        games: 2,
        players: vec![
            PlayerSpec::Bot(tabula::bots::BotKind::Random),
            PlayerSpec::Engine(engine.to_string()),
        ],
        seed: 3,
        jobs: 1,
        records: None,
        engines: settings,
    }
}

fn quick() -> EngineSettings {
    EngineSettings {
        move_time: Duration::from_millis(300),
        timeout: Duration::from_millis(500),
        log: None,
    }
}

/// Plays game 0 (the engine in the second seat) and game 1 (first seat); both must end
/// in the engine's forfeit of `kind`, each within `limit`.
fn forfeits(engine: &str, kind: &str, limit: Duration) -> Vec<GameSummary> {
    forfeits_in(engine, kind, limit, &[0, 1])
}

fn forfeits_in(engine: &str, kind: &str, limit: Duration, indices: &[u64]) -> Vec<GameSummary> {
    let config = config(engine, quick());
    let mut games = Vec::new();
    for &index in indices {
        let start = Instant::now();
        let (summary, record) = play_game(&config, index).unwrap();
        let took = start.elapsed();
        assert!(took < limit, "game {index} took {took:?}");
        let (seat, got, detail) = summary
            .forfeit
            .clone()
            .unwrap_or_else(|| panic!("no forfeit: {record}"));
        assert_eq!(got, kind, "{detail}");
        assert_eq!(summary.seat_players[seat], 1, "the engine's seat forfeits");
        assert_eq!(summary.places[seat], 2);
        assert_eq!(summary.points[1 - seat], 1);
        assert!(
            record.contains(&format!("forfeit {} {kind}: ", ["white", "black"][seat])),
            "{record}"
        );
        games.push(summary);
    }
    games
}

#[test]
fn an_engine_that_cannot_start_forfeits() {
    let games = forfeits("/nonexistent/engine --flag", "start", Duration::from_secs(2));
    assert!(
        games[0]
            .forfeit
            .as_ref()
            .unwrap()
            .2
            .contains("cannot start '/nonexistent/engine --flag'")
    );
}

#[test]
fn an_engine_that_never_answers_the_handshake_forfeits_in_time() {
    let games = forfeits(&script("silent.sh"), "handshake", Duration::from_secs(3));
    assert!(games[0].forfeit.as_ref().unwrap().2.contains("protocol_version"));
}

#[test]
fn an_engine_of_another_protocol_version_forfeits() {
    let games = forfeits(&script("old-protocol.sh"), "handshake", Duration::from_secs(2));
    assert!(
        games[0]
            .forfeit
            .as_ref()
            .unwrap()
            .2
            .contains("version '2', not 1")
    );
}

#[test]
fn an_engine_that_crashes_forfeits() {
    let games = forfeits(&script("crash.sh"), "crash", Duration::from_secs(2));
    assert!(
        games[0].forfeit.as_ref().unwrap().2.contains("exited"),
        "{:?}",
        games[0].forfeit
    );
}

#[test]
fn an_engine_that_prints_garbage_forfeits() {
    let games = forfeits(&script("garbage.sh"), "garbage", Duration::from_secs(2));
    assert!(games[0].forfeit.as_ref().unwrap().2.contains("thinking about"));
}

#[test]
fn an_engine_that_plays_an_illegal_move_forfeits() {
    let games = forfeits(&script("illegal.sh"), "illegal move", Duration::from_secs(2));
    assert!(
        games[0]
            .forfeit
            .as_ref()
            .unwrap()
            .2
            .starts_with("'1/off': illegal move: ")
    );
}

#[test]
fn an_engine_slower_than_the_move_time_forfeits_soon_after_it() {
    // movetime 300 ms plus the 100 ms margin; the engine sleeps 2 s.
    let games = forfeits(&script("slow.sh"), "timeout", Duration::from_millis(1500));
    assert!(games[0].forfeit.as_ref().unwrap().2.contains("genmove"));
}

#[test]
fn an_engine_that_refuses_the_moves_it_is_told_forfeits() {
    // In game 1 the engine sits first (White); Black wins the roll-off (the dice of seed 3)
    // and the engine is told Black's first move, which it refuses.
    let games = forfeits_in(&script("refuses.sh"), "lost sync", Duration::from_secs(2), &[1]);
    assert!(games[0].forfeit.as_ref().unwrap().2.starts_with("refused 'play "));
}

fn tabula() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tabula"))
}

#[test]
fn a_match_between_engine_processes_and_bots_replays_and_resumes() {
    let dir = std::env::temp_dir().join(format!("tabula-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("records.txt");
    let _ = std::fs::remove_file(&records);
    let engine = format!("engine:{} engine --bot random", tabula().display());
    let run = |games: &str| {
        let output = Command::new(tabula())
            .args(["match", "nardy", "--games", games, "--jobs", "2", "--seed", "11"])
            .args(["--player", "bot:greedy", "--player", &engine])
            .arg("--records")
            .arg(&records)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    let first = run("6");
    assert!(first.contains("match nardy: 6 games"), "{first}");
    assert!(first.contains("forfeits: none"), "{first}");
    assert!(first.contains("6 games played"), "{first}");
    // A run killed while writing leaves a torn block; it is dropped and played again.
    let mut torn = std::fs::read_to_string(&records).unwrap();
    torn.push_str(
        "game nardy\nmatch-game 7\nseats white=bot:greedy black=engine\nseed 14\nroll 6 3\nplay 24/1",
    );
    std::fs::write(&records, torn).unwrap();
    // Running again with more games resumes: only the new ones are played.
    let second = run("8");
    assert!(second.contains("match nardy: 8 games"), "{second}");
    assert!(second.contains("2 games played"), "{second}");
    assert!(second.contains("6 resumed from the records"), "{second}");
    let text = std::fs::read_to_string(&records).unwrap();
    assert_eq!(text.matches("\nmatch-game ").count(), 8);
    // Games 1 and 2 share their dice with the seats swapped.
    let replay = Command::new(tabula())
        .args(["replay"])
        .arg(&records)
        .args(["--game", "2"])
        .output()
        .unwrap();
    let shown = String::from_utf8(replay.stdout).unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    assert!(shown.contains("match-game 2"), "{shown}");
    assert!(shown.contains("seats white=engine:"), "{shown}");
    assert!(shown.contains("game over: "), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An example program. `cargo test` compiles the examples next to the tests; when only
/// this test binary was built (`cargo test --test all`), build the example now.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(Path::parent).unwrap();
    let path = dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--example", name])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .unwrap();
        assert!(status.success(), "cannot build the example {name}");
    }
    path
}

fn clean_match(player: &str, extra_env: Option<(&str, &str)>) -> String {
    let mut command = Command::new(tabula());
    command
        .args(["match", "nardy", "--games", "4", "--jobs", "2", "--seed", "5"])
        .args(["--player", "bot:random", "--player", player]);
    if let Some((key, value)) = extra_env {
        command.env(key, value);
    }
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(table.contains("forfeits: none"), "{table}");
    assert!(table.contains("4 games played"), "{table}");
    table
}

#[test]
fn the_rust_example_bot_plays_whole_games_without_forfeits() {
    let bot = example("random_bot");
    assert!(bot.exists(), "{} is built by cargo test", bot.display());
    clean_match(&format!("engine:{}", bot.display()), None);
}

#[test]
fn the_python_example_bot_plays_whole_games_when_python_is_there() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("python3 is not installed: the Python example is not tried");
        return;
    }
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/oracle_bot.py");
    let tabula = tabula();
    clean_match(
        &format!("engine:python3 {}", bot.display()),
        Some(("TABULA", tabula.to_str().unwrap())),
    );
}

#[test]
fn every_game_plays_whole_matches_against_engine_processes() {
    let engine = format!("engine:{} engine --bot random", tabula().display());
    let cases: [(&[&str], usize); 7] = [
        (&["nardy", "match=3"], 2),
        (&["ur"], 2),
        (&["ur", "rules=finkel"], 2),
        (&["aeroplane", "players=3"], 3),
        (&["microbes", "six-rolls-again=on"], 2),
        (&["mnogoboy"], 4),
        (&["aeroplane", "players=2", "until=first"], 2),
    ];
    for (game, seats) in cases {
        let mut players = vec!["bot:greedy".to_string()];
        players.extend(std::iter::repeat_n(engine.clone(), seats - 1));
        let mut command = Command::new(tabula());
        command
            .arg("match")
            .args(game)
            .args(["--games", &seats.to_string(), "--jobs", "2"]);
        for player in &players {
            command.args(["--player", player]);
        }
        let output = command.output().unwrap();
        let table = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{game:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(table.contains("forfeits: none"), "{game:?}:\n{table}");
        assert!(
            table.contains(&format!("{seats} games played")),
            "{game:?}:\n{table}"
        );
        assert!(table.contains("engine round trips: "), "{game:?}:\n{table}");
    }
}
