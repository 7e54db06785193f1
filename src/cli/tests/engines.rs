//! External engines that misbehave: each one forfeits with the right reason (a time
//! limit's forfeit names the limit it hit), and the controller neither hangs nor crashes; matches of bots resume from
//! their records and refuse records that do not replay.

use std::path::Path;
use std::time::Duration;

use crate::app::matches::{GameSummary, MatchConfig, play_game, run_match};
use crate::app::players::{MatchPlayer, PlayerSpec};
use crate::app::protocol::client::{EngineClient, EngineSettings};
use crate::core::{NewGame, Options};
use crate::games::GameKind;
use crate::games::nardy::Nardy;

use super::temp_dir;

fn script(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(name);
    format!("sh {}", path.display())
}

fn player(spec: PlayerSpec) -> MatchPlayer {
    MatchPlayer { name: None, spec }
}

/// A match of two Long Nardy games from seed 3, one at a time, with [`quick`] limits and
/// no records: the tests change what they need.
fn match_of(players: Vec<MatchPlayer>) -> MatchConfig {
    MatchConfig {
        kind: GameKind::Nardy,
        options: Options::defaults(Nardy::game_info().options),
        games: 2,
        players,
        seed: 3,
        jobs: 1,
        records: None,
        engines: quick(),
        nets: crate::ai::learn::Nets::shipped(),
        tourney: Default::default(),
    }
}

fn quick() -> EngineSettings {
    EngineSettings {
        move_time: Duration::from_millis(300),
        timeout: Duration::from_millis(500),
        log: None,
        ..EngineSettings::default()
    }
}

/// How long a game against a misbehaving engine may take before the controller counts
/// as hung: a safety net far above every limit the games set, not a measure of speed.
const HUNG: Duration = Duration::from_secs(120);

/// Plays game 0 (the engine in the second seat) and game 1 (first seat); both must end
/// in the engine's forfeit of `kind`. Returns the story of game 0's forfeit.
fn forfeit_detail(engine: &str, kind: &str) -> String {
    let games = forfeits_in(engine, kind, &[0, 1]);
    games[0].forfeit.clone().unwrap().2
}

/// Plays game `index` of `config` on a thread of its own; fails if it has not ended
/// after [`HUNG`].
fn play_or_hang(config: &MatchConfig, index: u64) -> (GameSummary, String) {
    let (sender, receiver) = std::sync::mpsc::channel();
    let config = config.clone();
    std::thread::spawn(move || {
        let _ = sender.send(play_game(&config, index).map(|(summary, record, _)| (summary, record)));
    });
    match receiver.recv_timeout(HUNG) {
        Ok(played) => played.unwrap(),
        Err(_) => panic!("game {index} did not end: the controller hangs"),
    }
}

fn forfeits_in(engine: &str, kind: &str, indices: &[u64]) -> Vec<GameSummary> {
    let config = match_of(vec![
        player(PlayerSpec::Bot(crate::ai::roster::BotKind::Random)),
        player(PlayerSpec::Engine(engine.to_string())),
    ]);
    let mut games = Vec::new();
    for &index in indices {
        let (summary, record) = play_or_hang(&config, index);
        let (seat, got, detail) = summary
            .forfeit
            .clone()
            .unwrap_or_else(|| panic!("no forfeit: {record}"));
        assert_eq!(got, kind, "{detail}");
        assert_eq!(summary.seat_players[seat], 1, "the engine's seat forfeits");
        assert_eq!(summary.places[seat], 2);
        // Never better than losing on the board: the opponent gets a mars.
        assert_eq!(summary.points[1 - seat], 2.0);
        assert_eq!(summary.points[seat], 0.0);
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
    let detail = forfeit_detail("/nonexistent/engine --flag", "start");
    assert!(
        detail.contains("cannot start '/nonexistent/engine --flag'"),
        "{detail}"
    );
}

#[test]
fn an_engine_that_never_answers_the_handshake_forfeits_in_time() {
    let detail = forfeit_detail(&script("silent.sh"), "handshake");
    // The handshake's limit is the --timeout of 500 ms.
    assert!(
        detail.contains("no complete reply to 'protocol_version' within 0.5 s"),
        "{detail}"
    );
}

#[test]
fn an_engine_of_another_protocol_version_forfeits() {
    let detail = forfeit_detail(&script("old-protocol.sh"), "handshake");
    assert!(detail.contains("version '2', not 1"), "{detail}");
}

#[test]
fn an_engine_that_crashes_forfeits() {
    let detail = forfeit_detail(&script("crash.sh"), "crash");
    assert!(detail.contains("exited"), "{detail}");
}

#[test]
fn an_engine_that_prints_garbage_forfeits() {
    let detail = forfeit_detail(&script("garbage.sh"), "garbage");
    assert!(detail.contains("thinking about"), "{detail}");
}

#[test]
fn an_engine_that_answers_genmove_with_no_move_at_all_plays_an_illegal_move() {
    let detail = forfeit_detail(&script("nonsense-move.sh"), "illegal move");
    assert!(detail.starts_with("'hello world' is not a move"), "{detail}");
    let roller = format!("env GENMOVE_REPLY=roll {}", script("nonsense-move.sh"));
    let detail = forfeit_detail(&roller, "illegal move");
    assert!(detail.starts_with("'roll' when a move was asked for"), "{detail}");
}

#[test]
fn an_engine_that_hangs_at_name_fails_the_handshake() {
    let detail = forfeit_detail(&script("nameless.sh"), "handshake");
    assert!(detail.contains("'name'"), "{detail}");
}

#[test]
fn a_reply_that_never_ends_forfeits_as_too_long_within_the_limit() {
    let detail = forfeit_detail(&script("flood.sh"), "garbage");
    assert!(detail.starts_with("reply too long: "), "{detail}");
    assert!(detail.contains("'newgame nardy'"), "{detail}");
}

#[test]
fn a_reply_that_trickles_on_for_ever_times_out_at_the_deadline() {
    // --timeout is 500 ms; the engine sends a line every 10 ms, never the end.
    let detail = forfeit_detail(&script("trickle.sh"), "timeout");
    assert!(
        detail.contains("no complete reply to 'newgame nardy' within 0.5 s"),
        "{detail}"
    );
}

#[test]
fn a_line_that_never_ends_forfeits_as_too_long_within_the_limit() {
    let detail = forfeit_detail(&script("long-line.sh"), "garbage");
    assert!(
        detail.starts_with("reply too long: a line over 64 KiB"),
        "{detail}"
    );
}

#[test]
fn yes_as_an_engine_forfeits_at_once() {
    let detail = forfeit_detail("yes", "garbage");
    assert!(detail.contains("with 'y', not '=' or '?'"), "{detail}");
}

#[test]
fn bytes_that_are_not_utf8_on_stdout_are_garbage() {
    let detail = forfeit_detail(&script("bad-bytes.sh"), "garbage");
    assert!(detail.contains("not UTF-8"), "{detail}");
}

#[test]
fn late_replies_to_earlier_commands_are_discarded() {
    let client = EngineClient::start(&script("stale.sh"), "test", &quick()).unwrap();
    assert_eq!(client.name(), "fresh");
}

#[test]
fn an_engine_that_plays_an_illegal_move_forfeits() {
    let detail = forfeit_detail(&script("illegal.sh"), "illegal move");
    assert!(detail.starts_with("'1/off': illegal move: "), "{detail}");
}

#[test]
fn an_engine_slower_than_the_move_time_forfeits_soon_after_it() {
    // movetime 300 ms plus the 100 ms margin; the engine sleeps 2 s.
    let detail = forfeit_detail(&script("slow.sh"), "timeout");
    assert!(
        detail.contains("no complete reply to 'genmove' within 0.4 s"),
        "{detail}"
    );
}

#[test]
fn an_engine_that_refuses_the_moves_it_is_told_forfeits() {
    // In game 1 the engine sits first (White); Black wins the roll-off (the dice of seed 3)
    // and the engine is told Black's first move, which it refuses.
    let games = forfeits_in(&script("refuses.sh"), "lost sync", &[1]);
    let detail = &games[0].forfeit.as_ref().unwrap().2;
    assert!(detail.starts_with("refused 'play "), "{detail}");
}

fn bot_match(records: &Path, games: u64, seed: u64) -> anyhow::Result<String> {
    let config = MatchConfig {
        games,
        seed,
        records: Some(records.to_path_buf()),
        ..match_of(vec![
            "fast=bot:greedy".parse().unwrap(),
            "bot:random".parse().unwrap(),
        ])
    };
    let mut out = Vec::new();
    run_match(&config, &mut out, false)?;
    Ok(String::from_utf8(out).unwrap())
}

#[test]
fn resuming_replays_every_recorded_game_and_refuses_any_that_does_not() {
    let dir = temp_dir("resume");
    let records = dir.join("records");
    let table = bot_match(&records, 4, 3).unwrap();
    assert!(table.contains("1  fast "), "named players: {table}");
    let good = std::fs::read_to_string(&records).unwrap();
    assert_eq!(bot_match(&records, 4, 3).unwrap().matches("4 resumed").count(), 1);
    // Each change is sealed again (as a program that writes records would seal it), so
    // that the checks behind the seal are reached; unsealed, every change is refused.
    let refused = |text: &str, games: u64, seed: u64| -> String {
        std::fs::write(&records, crate::app::record::seal::reseal(text)).unwrap();
        let error = bot_match(&records, games, seed).unwrap_err();
        format!("{error:#}")
    };
    let first_result = good.lines().find(|l| l.starts_with("result ")).unwrap();
    let reversed = first_result
        .replace("places=1,2", "places=X")
        .replace("places=2,1", "places=1,2")
        .replace("places=X", "places=2,1");
    std::fs::write(&records, good.replacen(first_result, &reversed, 1)).unwrap();
    let error = format!("{:#}", bot_match(&records, 4, 3).unwrap_err());
    assert!(
        error.contains("game 1 of the match (from line 1) is damaged at line"),
        "{error}"
    );
    assert!(error.contains("the seal does not match"), "{error}");
    let error = refused(&good.replacen(first_result, &reversed, 1), 4, 3);
    assert!(error.contains("but replaying it gives"), "{error}");
    let error = refused(
        &good.replacen(first_result, "result places=9,9 points=99,99", 1),
        4,
        3,
    );
    assert!(error.contains("says 'result places=9,9 points=99,99'"), "{error}");
    let first_block = good.split("\n\n").next().unwrap();
    let error = refused(&format!("{good}{first_block}\n\n"), 4, 3);
    assert!(error.contains("game 1 appears twice"), "{error}");
    let error = refused(&good, 2, 3);
    assert!(
        error.contains("the records hold game 3, but this match has games 1 to 2"),
        "{error}"
    );
    let error = refused(&good, 4, 4);
    assert!(
        error.contains("was played with dice seed 3; this match (--seed 4) gives it 4"),
        "{error}"
    );
    let first_roll = good.lines().find(|l| l.starts_with("roll ")).unwrap();
    let other_roll = if first_roll == "roll 1 2" {
        "roll 2 1"
    } else {
        "roll 1 2"
    };
    let error = refused(&good.replacen(first_roll, other_roll, 1), 4, 3);
    assert!(error.contains("but dice seed 3 throws"), "{error}");
    let typed = first_roll.replacen("roll", "dice", 1);
    let error = refused(&good.replacen(first_roll, &typed, 1), 4, 3);
    assert!(
        error.contains("a match game has only thrown dice and moves"),
        "{error}"
    );
    let first_move = good.lines().find(|l| l.starts_with("play ")).unwrap();
    let error = refused(&good.replacen(first_move, "play 1/off", 1), 4, 3);
    assert!(error.contains("'play 1/off'"), "{error}");
    let seats_only = good.replacen("black=bot:random", "black=bot:greedy", 1);
    let error = refused(&seats_only, 4, 3);
    assert!(
        error.contains("is not the player its 'seats' line puts in black"),
        "{error}"
    );
    let other_players = seats_only.replacen("match-player 2 bot:random", "match-player 2 bot:greedy", 1);
    let error = refused(&other_players, 4, 3);
    assert!(error.contains("played by other players"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_three_seats_a_forfeit_shares_the_places_and_first_places_add_up() {
    let config = MatchConfig {
        kind: GameKind::Aeroplane,
        options: Options::parse(GameKind::Aeroplane.info().options, &["players=3"]).unwrap(),
        games: 3,
        seed: 2,
        ..match_of(vec![
            "bot:greedy".parse().unwrap(),
            "bot:random".parse().unwrap(),
            format!("crasher=engine:{}", script("crash.sh")).parse().unwrap(),
        ])
    };
    let mut out = Vec::new();
    let games = run_match(&config, &mut out, false).unwrap().games;
    let table = String::from_utf8(out).unwrap();
    for game in &games {
        let (seat, kind, _) = game.forfeit.clone().expect("the engine forfeits every game");
        assert_eq!(kind, "crash");
        assert_eq!(game.places[seat], 3, "last");
        let shares: f64 = (0..3).map(|s| game.win_share(s)).sum();
        assert!((shares - 1.0).abs() < 1e-9, "{game:?}");
    }
    assert!(table.contains("forfeits by #3 crasher: 3 (crash 3)"), "{table}");
    let line = table
        .lines()
        .find(|l| l.starts_with("first places by seat: "))
        .unwrap();
    let total: f64 = line
        .split(['%', ' ', ','])
        .filter_map(|w| w.parse::<f64>().ok())
        .sum();
    assert!((total - 100.0).abs() < 0.2, "{line}");
}
