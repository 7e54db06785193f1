//! Long Nardy's learned network: training improves play, the shipped network is strong,
//! and weight files are checked on the command line.

use std::process::Command;
use std::sync::Arc;

use tabula::ai::learn::Network;
use tabula::ai::roster::BotKind;
use tabula::ai::train::{Opponent, TrainConfig, paired_match, train};

fn tabula() -> Command {
    crate::support::tabula_command()
}

fn scratch_dir(name: &str) -> std::path::PathBuf {
    crate::support::temp_dir(&format!("nardy-net-{name}"))
}

/// A few seconds of self-play turn a random network into one that beats bot:random far
/// more often than it did (the run starts from exactly the untrained network: same seed
/// and size).
#[test]
fn a_short_training_run_beats_random_play_more_often() {
    let dir = scratch_dir("short");
    let config = TrainConfig {
        games: 800,
        seed: 11,
        jobs: 2,
        hidden: 8,
        lambda: 0.7,
        rate: 0.3,
        eval_every: 800,
        eval_games: 2,
        from: None,
        against: None,
        keep_checkpoints: false,
        target_plies: 1,
        out: dir.join("short.net"),
    };
    let untrained = Arc::new(Network::random(tabula::games::nardy::encode::INPUTS, 8, 11));
    let before = paired_match(&untrained, 1, &Opponent::Bot(BotKind::Random), 60, 77, 2);
    let mut log = Vec::new();
    let summary = train(&config, &mut log, false).unwrap();
    let after = paired_match(
        &Arc::new(summary.network),
        1,
        &Opponent::Bot(BotKind::Random),
        60,
        77,
        2,
    );
    assert_eq!(before.games, 120);
    assert_eq!(after.games, 120);
    assert!(
        after.win_rate() >= before.win_rate() + 0.25,
        "before {}, after {}",
        before.describe(),
        after.describe()
    );
    assert!(dir.join("short.net").exists());
    assert!(!dir.join("short.net.checkpoint").exists());
    let _ = std::fs::remove_dir_all(dir);
}

/// A run can start from a smaller network, widened without changing its play, measure
/// itself against a reference network and keep every checkpoint.
#[test]
fn a_run_widens_its_start_measures_itself_against_a_reference_and_keeps_its_checkpoints() {
    let dir = scratch_dir("widen");
    let start = dir.join("start.net");
    let small = Network::random(tabula::games::nardy::encode::INPUTS, 6, 5);
    let info = tabula::ai::learn::NetInfo {
        game: "nardy".into(),
        encoding: tabula::games::nardy::encode::ENCODING_VERSION,
        games: 100,
        seed: 5,
        notes: String::new(),
    };
    tabula::ai::learn::weights::save(&start, &small, &info).unwrap();
    let config = TrainConfig {
        games: 16,
        seed: 3,
        jobs: 2,
        hidden: 10,
        lambda: 0.7,
        rate: 0.1,
        eval_every: 8,
        eval_games: 4,
        from: Some(start.clone()),
        against: Some(start.clone()),
        keep_checkpoints: true,
        target_plies: 1,
        out: dir.join("wide.net"),
    };
    let mut log = Vec::new();
    let summary = train(&config, &mut log, false).unwrap();
    let log = String::from_utf8(log).unwrap();
    assert!(log.contains("widened from 6 to 10 hidden units"), "{log}");
    assert_eq!(log.matches("vs reference").count(), 2, "{log}");
    assert_eq!(summary.network.hidden(), 10);
    for games in [108, 116] {
        assert!(
            dir.join(format!("wide.net.{games}.net")).exists(),
            "{games}: {log}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A network of the earlier input layout grows today's inputs when a run starts from it,
/// and a checkpoint of the earlier layout resumes on that layout.
#[test]
fn a_run_from_an_earlier_input_layout_grows_its_inputs_and_an_old_checkpoint_keeps_its_own() {
    use tabula::games::nardy::encode::{ENCODING_VERSION, INPUTS, INPUTS_V1};
    let dir = scratch_dir("layout");
    let old = Network::random(INPUTS_V1, 6, 5);
    let info = |notes: &str| tabula::ai::learn::NetInfo {
        game: "nardy".into(),
        encoding: 1,
        games: 100,
        seed: 5,
        notes: notes.into(),
    };
    let start = dir.join("old.net");
    tabula::ai::learn::weights::save(&start, &old, &info("")).unwrap();
    let config = |from: Option<std::path::PathBuf>, out: &str| TrainConfig {
        games: 8,
        seed: 3,
        jobs: 1,
        hidden: 6,
        lambda: 0.7,
        rate: 0.1,
        eval_every: 8,
        eval_games: 2,
        from,
        against: Some(start.clone()),
        keep_checkpoints: false,
        target_plies: 1,
        out: dir.join(out),
    };
    // Given a layout-1 network, when a run starts from it,
    let mut log = Vec::new();
    let grown = train(&config(Some(start.clone()), "grown.net"), &mut log, false).unwrap();
    let log = String::from_utf8(log).unwrap();
    // then it reads today's inputs and its file says so.
    assert!(log.contains("input layout 1 read as layout 2"), "{log}");
    assert_eq!(grown.network.inputs(), INPUTS);
    let (_, written) = tabula::ai::learn::load_file(&dir.join("grown.net")).unwrap();
    assert_eq!(written.encoding, ENCODING_VERSION);
    // Given a checkpoint written by a layout-1 run, when the run resumes,
    let checkpoint = dir.join("resumed.net.checkpoint");
    tabula::ai::learn::weights::save(&checkpoint, &old, &info("run 3 done 4 of 8 from 100")).unwrap();
    let mut log = Vec::new();
    let resumed = train(&config(None, "resumed.net"), &mut log, false).unwrap();
    // then it finishes on layout 1, and the file it writes loads as layout 1.
    assert!(String::from_utf8(log).unwrap().contains("resuming"));
    assert_eq!(resumed.network.inputs(), INPUTS_V1);
    let (_, written) = tabula::ai::learn::load_file(&dir.join("resumed.net")).unwrap();
    assert_eq!(written.encoding, 1);
    let _ = std::fs::remove_dir_all(dir);
}

/// The network in the binary wins at least three games in four against bot:greedy.
#[test]
fn the_shipped_network_beats_greedy() {
    let net = Arc::clone(&tabula::ai::learn::shipped_nardy_net().0);
    let score = paired_match(&net, 1, &Opponent::Bot(BotKind::Greedy), 100, 1, 2);
    assert_eq!(score.games, 200);
    assert!(score.win_rate() >= 0.75, "{}", score.describe());
    assert!(score.points_per_game() > 0.5, "{}", score.describe());
}

#[test]
fn train_writes_a_network_that_match_can_use() {
    let dir = scratch_dir("cli");
    let out = dir.join("tiny.net");
    let trained = tabula()
        .args([
            "train",
            "nardy",
            "--games",
            "16",
            "--hidden",
            "4",
            "--eval-every",
            "8",
            "--eval-games",
            "2",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&trained.stdout);
    assert!(
        trained.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&trained.stderr)
    );
    assert!(text.contains("games        8  vs greedy"), "{text}");
    assert!(text.contains("trained 16 games"), "{text}");
    let played = tabula()
        .args([
            "match",
            "nardy",
            "--games",
            "2",
            "--player",
            "bot:net",
            "--player",
            "bot:random",
        ])
        .arg("--net")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    assert!(String::from_utf8_lossy(&played.stdout).contains("bot:net"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn damaged_and_foreign_network_files_are_refused_clearly() {
    let dir = scratch_dir("bad");
    let mut bytes = tabula::ai::learn::SHIPPED_NARDY_NET.to_vec();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    let damaged = dir.join("damaged.net");
    std::fs::write(&damaged, &bytes).unwrap();
    let foreign = dir.join("notes.txt");
    std::fs::write(&foreign, "just some text").unwrap();
    for (file, message) in [
        (&damaged, "damaged"),
        (&foreign, "not a tabula network file"),
        (&dir.join("missing.net"), "cannot read the network file"),
    ] {
        let output = tabula()
            .args([
                "match",
                "nardy",
                "--games",
                "2",
                "--player",
                "bot:net",
                "--player",
                "bot:random",
            ])
            .arg("--net")
            .arg(file)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(message), "{error}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Long Nardy's network bot goes three plies deep; a deeper level is refused wherever a
/// bot is named for the game, so that no seat plays other than its name says.
#[test]
fn net_levels_deeper_than_nardy_searches_are_refused_with_the_deepest_one() {
    use crate::support::run_tabula;
    for args in [
        &["play", "nardy", "--seat", "black=bot:net:5"][..],
        &[
            "match",
            "nardy",
            "--games",
            "2",
            "--player",
            "bot:net:4",
            "--player",
            "bot:greedy",
        ][..],
        &["rollout", "nardy", "--bot", "reference:4", "--games", "2"][..],
        &[
            "bench",
            "nardy",
            "--bot",
            "bot:net:6",
            "--games",
            "1",
            "--seconds",
            "1",
        ][..],
    ] {
        let (status, out, err) = run_tabula(args, "");
        // A level the game does not have is a bad command line.
        assert_eq!(status, Some(2), "{args:?}: {out}");
        assert!(
            err.contains("goes 3 plies deep at most; e.g. bot:"),
            "{args:?}: {err}"
        );
    }
    // At the table the seat stays as it was.
    let (status, out, err) = run_tabula(&["play", "nardy"], "seat black bot:net:4\nseat black bot:net:3\n");
    assert_eq!(status, Some(0), "{err}");
    assert!(
        err.contains("bot:net:4 in nardy goes 3 plies deep at most"),
        "{err}"
    );
    assert!(out.contains("black is now played by bot:net:3"), "{out}");
    assert!(!out.contains("played by bot:net:4"), "{out}");
    // An engine given the level before any game is chosen refuses to play it in nardy
    // (its first game, or one started later) and plays it in microbes.
    let (status, out, err) = run_tabula(
        &["engine", "--bot", "net:5"],
        "genmove\nnewgame microbes\nroll\ngenmove\nnewgame nardy\nhint\nset bot net:3\nhint\n",
    );
    assert_eq!(status, Some(0), "{err}");
    let replies: Vec<&str> = out.split("\n\n").collect();
    let refusal = "? bad argument: bot:net:5 in nardy goes 3 plies deep at most; e.g. bot:net:3";
    assert!(replies[0].starts_with(refusal), "{out}");
    assert!(replies[3].starts_with("= "), "{out}");
    assert!(replies[5].starts_with(refusal), "{out}");
    assert!(replies[7].starts_with("= "), "{out}");
    // Other games search deeper.
    let (status, _, err) = run_tabula(
        &[
            "match",
            "microbes",
            "--games",
            "2",
            "--player",
            "bot:net:6",
            "--player",
            "bot:greedy",
        ],
        "",
    );
    assert_eq!(status, Some(0), "{err}");
}
