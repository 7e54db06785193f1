//! Long Nardy's learned network: training improves play, a run widens or grows the
//! network it starts from, and the shipped network is strong.

use std::sync::Arc;

use crate::ai::learn::Network;
use crate::ai::learn::curve::{CurveScore, Opponent, curve_match};
use crate::ai::train::{TrainConfig, train};
use crate::core::NewGame;
use crate::games::nardy::Nardy;

/// `net` at one ply against `opponent`, each of `pairs` dice seeds from `first_seed` on
/// played once with the network as White and once as Black.
fn paired_match(net: &Arc<Network>, opponent: &Opponent, pairs: u64, first_seed: u64) -> CurveScore {
    curve_match(&Nardy::default_game(), net, opponent, pairs, first_seed, 2)
}

/// A Long Nardy game, as a run on it starts.
fn nardy() -> crate::games::AnyGame {
    crate::games::GameKind::Nardy.default_game()
}

fn scratch_dir(name: &str) -> std::path::PathBuf {
    super::support::temp_dir(&format!("nardy-net-{name}"))
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
        rate: 0.3,
        eval_every: 800,
        eval_games: 2,
        keep_checkpoints: false,
        ..TrainConfig::tiny(dir.join("short.net"))
    };
    let untrained = Arc::new(Network::random(crate::games::nardy::encode::INPUTS, 8, 11));
    let before = paired_match(&untrained, &Opponent::Random, 60, 77);
    let mut log = Vec::new();
    let summary = train(&nardy(), &config, &mut log, false).unwrap();
    let after = paired_match(&Arc::new(summary.network), &Opponent::Random, 60, 77);
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
    let small = Network::random(crate::games::nardy::encode::INPUTS, 6, 5);
    let info = crate::ai::learn::NetInfo {
        game: "nardy".into(),
        encoding: crate::games::nardy::encode::ENCODING_VERSION,
        games: 100,
        seed: 5,
        notes: String::new(),
    };
    crate::ai::learn::weights::save(&start, &small, &info).unwrap();
    let config = TrainConfig {
        games: 16,
        jobs: 2,
        hidden: 10,
        eval_every: 8,
        from: Some(start.clone()),
        against: Some(start.clone()),
        ..TrainConfig::tiny(dir.join("wide.net"))
    };
    let mut log = Vec::new();
    let summary = train(&nardy(), &config, &mut log, false).unwrap();
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
    use crate::games::nardy::encode::{ENCODING_VERSION, INPUTS, INPUTS_V1};
    let dir = scratch_dir("layout");
    let old = Network::random(INPUTS_V1, 6, 5);
    let info = |notes: &str| crate::ai::learn::NetInfo {
        game: "nardy".into(),
        encoding: 1,
        games: 100,
        seed: 5,
        notes: notes.into(),
    };
    let start = dir.join("old.net");
    crate::ai::learn::weights::save(&start, &old, &info("")).unwrap();
    let config = |from: Option<std::path::PathBuf>, out: &str| TrainConfig {
        eval_every: 8,
        eval_games: 2,
        from,
        against: Some(start.clone()),
        keep_checkpoints: false,
        ..TrainConfig::tiny(dir.join(out))
    };
    // Given a layout-1 network, when a run starts from it,
    let mut log = Vec::new();
    let grown = train(
        &nardy(),
        &config(Some(start.clone()), "grown.net"),
        &mut log,
        false,
    )
    .unwrap();
    let log = String::from_utf8(log).unwrap();
    // then it reads today's inputs and its file says so.
    assert!(log.contains("input layout 1 read as layout 2"), "{log}");
    assert_eq!(grown.network.inputs(), INPUTS);
    let (_, written) = crate::ai::learn::nets::read_net_file(&dir.join("grown.net")).unwrap();
    assert_eq!(written.encoding, ENCODING_VERSION);
    // Given a checkpoint written by a layout-1 run, when the run resumes,
    let checkpoint = dir.join("resumed.net.checkpoint");
    crate::ai::learn::weights::save(&checkpoint, &old, &info("run 3 done 4 of 8 from 100")).unwrap();
    let mut log = Vec::new();
    let resumed = train(&nardy(), &config(None, "resumed.net"), &mut log, false).unwrap();
    // then it finishes on layout 1, and the file it writes loads as layout 1.
    assert!(String::from_utf8(log).unwrap().contains("resuming"));
    assert_eq!(resumed.network.inputs(), INPUTS_V1);
    let (_, written) = crate::ai::learn::nets::read_net_file(&dir.join("resumed.net")).unwrap();
    assert_eq!(written.encoding, 1);
    let _ = std::fs::remove_dir_all(dir);
}

/// The network in the binary wins at least three games in four against bot:greedy.
#[test]
fn the_shipped_network_beats_greedy() {
    let net = crate::ai::learn::Nets::shipped()
        .for_game(&Nardy::default_game())
        .unwrap();
    let score = paired_match(&net, &Opponent::Greedy, 100, 1);
    assert_eq!(score.games, 200);
    assert!(score.win_rate() >= 0.75, "{}", score.describe());
    assert!(score.points_per_game() > 0.5, "{}", score.describe());
}

/// A bot for games of any kind answers the network's chances of big wins as the bot for
/// the concrete game does, so a truncated rollout through either counts mars and koks.
#[test]
fn the_bot_for_any_game_passes_on_the_chances_of_big_wins() {
    use crate::ai::roster::{BotGame, BotKind};
    use crate::games::AnyGame;
    let nets = crate::ai::learn::Nets::shipped();
    use crate::core::Game;
    let mut game = Nardy::default_game();
    let mut dice = crate::core::SeededDice::new(3);
    for _ in 0..100 {
        if game.roll_off().is_none() {
            break;
        }
        let roll = game.roll(&mut dice);
        game.set_dice(roll).unwrap();
    }
    let concrete = Nardy::bot(BotKind::Net { plies: 0 }, 1, &nets).big_win_chances(&game);
    assert!(concrete.is_some(), "the network bot counts big wins");
    let any = AnyGame::Nardy(game);
    assert_eq!(
        AnyGame::bot(BotKind::Net { plies: 0 }, 1, &nets).big_win_chances(&any),
        concrete
    );
}
