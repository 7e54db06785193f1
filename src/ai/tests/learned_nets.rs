//! Learned evaluations for every game: each encoder writes what it promises, a short
//! TD(lambda) run through the `Game` trait learns, and the networks built in fit their
//! games.

use std::sync::Arc;

use crate::ai::learn::Network;
use crate::ai::learn::curve::{Opponent, curve_match};
use crate::ai::learn::td::TdConfig;
use crate::ai::train::train;
use crate::core::Strategy;
use crate::core::{Game, Notation, Options, Phase, SeededDice};
use crate::games::{AnyGame, GameKind};

/// Every option set that changes an encoder's layout: each game by default, Ur's rule
/// sets, and every seat count.
fn encoded_games() -> Vec<AnyGame> {
    let mut games = Vec::new();
    for &kind in GameKind::ALL {
        let mut option_sets: Vec<Vec<String>> = vec![Vec::new()];
        if kind.info().options.iter().any(|o| o.key == "rules") {
            option_sets = ["city", "finkel", "masters", "blitz", "aseb"]
                .iter()
                .map(|r| vec![format!("rules={r}")])
                .collect();
        }
        if kind.info().seats.end() > &2 {
            option_sets = kind
                .info()
                .seats
                .clone()
                .map(|n| vec![format!("players={n}")])
                .collect();
        }
        for words in option_sets {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let options = Options::parse(kind.info().options, &words).unwrap();
            let game = kind.new_game(&options).unwrap();
            if game.encoding().is_some() {
                games.push(game);
            }
        }
    }
    games
}

/// Positions of a random game where a seat acts (no roll-off), up to `count`.
fn positions(fresh: &AnyGame, seed: u64, count: usize) -> Vec<AnyGame> {
    let mut found = Vec::new();
    let mut game = fresh.clone();
    let mut dice = SeededDice::new(seed);
    let mut moves = Vec::new();
    for _ in 0..5000 {
        if game.phase() == Phase::Over || found.len() >= count {
            break;
        }
        if game.roll_off().is_none() {
            found.push(game.clone());
        }
        moves.clear();
        game.legal_moves(&mut moves);
        match game.phase() {
            Phase::Roll(_) if moves.is_empty() || dice.below(3) > 0 => {
                let roll = game.roll(&mut dice);
                game.set_dice(roll).unwrap();
            }
            _ => {
                let pick = dice.below(moves.len() as u32) as usize;
                game.play_unchecked(&moves[pick]);
            }
        }
    }
    found
}

/// Every encoder writes exactly its inputs, all finite and small (0 to 15), the same
/// numbers whatever the buffer held before, and not the same numbers for every position;
/// keys name the game, and differ between option sets of one game.
#[test]
fn every_encoder_writes_its_inputs_and_nothing_else() {
    let games = encoded_games();
    assert!(games.len() >= 14, "{} encoded option sets", games.len());
    let mut keys = std::collections::HashSet::new();
    for fresh in &games {
        let encoding = fresh.encoding().unwrap();
        assert!(encoding.key.starts_with(fresh.info().id), "{}", encoding.key);
        assert!(keys.insert(encoding.key.clone()), "{} twice", encoding.key);
        let mut distinct = std::collections::HashSet::new();
        for game in positions(fresh, 3, 200) {
            let mut clean = vec![0.0f32; encoding.inputs + 3];
            let mut dirty = vec![0.75f32; encoding.inputs + 3];
            game.encode(&mut clean);
            game.encode(&mut dirty);
            assert_eq!(
                clean[..encoding.inputs],
                dirty[..encoding.inputs],
                "{}",
                encoding.key
            );
            assert_eq!(
                clean[encoding.inputs..],
                [0.0; 3],
                "{}: wrote past its inputs",
                encoding.key
            );
            // Long Nardy's truncated unary counts go past one (a point's checkers
            // beyond the third, halved); none reaches the fifteen checkers of a side.
            assert!(
                clean.iter().all(|v| v.is_finite() && (0.0..=15.0).contains(v)),
                "{}: {:?}",
                encoding.key,
                clean
            );
            distinct.insert(clean.iter().map(|v| v.to_bits()).collect::<Vec<_>>());
        }
        assert!(
            distinct.len() > 20,
            "{}: only {} distinct encodings",
            encoding.key,
            distinct.len()
        );
    }
}

/// Whether a network is built in for `game`.
fn has_shipped_network(game: &AnyGame) -> bool {
    struct Found;
    impl<G: crate::core::NetHead> crate::games::ConcreteVisitor<G> for Found {
        type Output = bool;
        fn visit(self, game: &G, _cast: &crate::games::Cast<G>) -> bool {
            crate::ai::learn::Nets::shipped().for_game(game).is_some()
        }
    }
    game.visit_concrete(Found)
}

/// Every built-in network is found by the game it was trained for, and these games
/// have one: Ur city and finkel, microbes, aeroplane and mnogoboy.
#[test]
fn the_built_in_networks_fit_their_games() {
    let games = encoded_games();
    for (info, _) in crate::ai::learn::nets::shipped() {
        let game = games
            .iter()
            .find(|g| g.encoding().is_some_and(|e| e.key == info.game));
        let game = game.unwrap_or_else(|| panic!("no game reads the network for '{}'", info.game));
        assert!(has_shipped_network(game), "{}", info.game);
    }
    for id in [
        "ur rules=city",
        "ur rules=finkel",
        "microbes",
        "aeroplane players=2",
        "mnogoboy players=2",
    ] {
        assert!(
            crate::ai::learn::nets::shipped()
                .iter()
                .any(|(info, _)| info.game.starts_with(id)),
            "no network for {id}"
        );
    }
}

/// The encoding is the mover's view: a network's seat chances sum to one and follow the
/// seats round (what seat 0 is given when it moves is what the network's first output
/// says).
#[test]
fn seat_chances_sum_to_one_in_every_game() {
    for fresh in encoded_games() {
        let encoding = fresh.encoding().unwrap();
        let seats = fresh.seat_count();
        let net = Network::random_with_outputs(encoding.inputs, 6, seats, 5);
        for game in positions(&fresh, 8, 30) {
            let outputs = crate::ai::learn::eval::outputs(&net, &game);
            let mover = game.phase().seat().unwrap_or(0);
            let chances = crate::core::SeatChances::from_outputs(&outputs, mover, seats).chances;
            let total: f64 = chances[..seats].iter().sum();
            assert!((total - 1.0).abs() < 1e-6, "{}: {chances:?}", encoding.key);
            assert!(chances[seats..].iter().all(|&c| c == 0.0));
        }
    }
}

/// A short run of self-play on Ur (finkel) makes a random network far better against
/// bot:greedy than it was: the learner, seeing the game only through the `Game` trait,
/// learns. The run writes its network and no checkpoint is left.
#[test]
fn a_short_training_run_learns_to_beat_greedy_more_often() {
    let dir = std::env::temp_dir().join(format!("tabula-td-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kind = GameKind::from_id("ur").unwrap();
    let options = Options::parse(kind.info().options, &["rules=finkel"]).unwrap();
    let fresh = kind.new_game(&options).unwrap();
    let finkel = <crate::games::ur::Ur as crate::core::NewGame>::new_game(&options).unwrap();
    let encoding = fresh.encoding().unwrap();
    let config = TdConfig {
        games: 1200,
        seed: 3,
        jobs: 2,
        hidden: 16,
        lambda: 0.7,
        rate: 0.1,
        eval_every: 1200,
        eval_games: 2,
        from: None,
        against: None,
        keep_checkpoints: false,
        target_plies: 1,
        out: dir.join("finkel.net"),
    };
    let untrained = Arc::new(Network::random_with_outputs(encoding.inputs, 16, 2, 3));
    let before = curve_match(&finkel, &untrained, &Opponent::Greedy, 100, 500, 2);
    let mut log = Vec::new();
    let summary = train(&fresh, &config, &mut log, false).unwrap();
    let after = curve_match(
        &finkel,
        &Arc::new(summary.network),
        &Opponent::Greedy,
        100,
        500,
        2,
    );
    assert_eq!(before.games, 200);
    assert!(
        after.wins >= before.wins + 30,
        "before {}, after {}",
        before.describe(),
        after.describe()
    );
    let (network, info) =
        crate::ai::learn::weights::from_bytes(&std::fs::read(dir.join("finkel.net")).unwrap()).unwrap();
    assert_eq!(info.game, encoding.key);
    assert_eq!(network.outputs(), 2);
    assert_eq!(info.games, 1200);
    assert!(!dir.join("finkel.net.checkpoint").exists());
    let _ = std::fs::remove_dir_all(dir);
}

/// The games whose shipped networks the move fingerprints cover: one per shipped network
/// file (the option words of its game), with the bot levels played on it.
/// A game by id and option words, and the bots fingerprinted on it with the number of
/// positions each is asked about.
type Fingerprinted = (
    &'static str,
    &'static [&'static str],
    &'static [(crate::ai::roster::BotKind, usize)],
);

const FINGERPRINTED: &[Fingerprinted] = {
    use crate::ai::roster::BotKind::{Net, Reference};
    &[
        (
            "nardy",
            &[],
            &[
                (Net { plies: 1 }, 40),
                (Net { plies: 2 }, 6),
                (Net { plies: 3 }, 2),
            ],
        ),
        ("nardy", &["match=5", "koks=on"], &[(Net { plies: 1 }, 40)]),
        ("nardy", &[], &[(Reference { plies: 1 }, 40)]),
        (
            "ur",
            &["rules=city"],
            &[(Net { plies: 1 }, 40), (Net { plies: 2 }, 10)],
        ),
        ("ur", &["rules=finkel"], &[(Net { plies: 1 }, 40)]),
        ("microbes", &[], &[(Net { plies: 1 }, 40), (Net { plies: 2 }, 6)]),
        ("aeroplane", &["players=2"], &[(Net { plies: 1 }, 40)]),
        ("aeroplane", &["players=3"], &[(Net { plies: 1 }, 30)]),
        ("aeroplane", &["players=4"], &[(Net { plies: 1 }, 30)]),
        ("mnogoboy", &["players=2"], &[(Net { plies: 1 }, 40)]),
        ("mnogoboy", &["players=3"], &[(Net { plies: 1 }, 30)]),
        ("mnogoboy", &["players=4"], &[(Net { plies: 1 }, 30)]),
        ("mnogoboy", &["players=5"], &[(Net { plies: 1 }, 30)]),
        ("mnogoboy", &["players=6"], &[(Net { plies: 1 }, 30)]),
    ]
};

/// What the shipped networks chose at the positions of [`FINGERPRINTED`] when they were
/// recorded, in its order: every later version of the code must choose the same.
const FINGERPRINTS: &[u64] = &[
    0x622e3aedb9f2ca2f,
    0x734eb4a19b46a1bb,
    0xee30a36bcf54b544,
    0xab0f2cc6245afcba,
    0x4b0e50b6e46805e4,
    0xc4e17dab40a877ca,
    0xa2e7795186798b29,
    0x69cef03747e96cbb,
    0x6818a8ba0d7f06ea,
    0xb93f0f34607617b5,
    0x28c1d62f24e6cd48,
    0x6227b877b5cb628,
    0x28cb261e209bb38f,
    0x533b6c3e3992ed07,
    0xbf01fe45393313d4,
    0x5cb770474a6a48a4,
    0xa5823cb4cb317ca8,
    0xdbbd677f0fdbf95f,
];

/// The choices a bot makes at seeded positions of `fresh` (each move decision, and each
/// decision before a roll where there is one), folded into one number (FNV-1a), with the
/// number of choices made.
fn move_fingerprint(fresh: &AnyGame, kind: crate::ai::roster::BotKind, count: usize) -> (u64, usize) {
    let mut bot = kind.build::<AnyGame>(11);
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut fold = |value: u64, text: &str| {
        for byte in value.to_le_bytes().iter().chain(text.as_bytes()) {
            hash = (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    let mut choices = 0;
    let mut legal = Vec::new();
    for game in positions(fresh, 23, count) {
        legal.clear();
        game.legal_moves(&mut legal);
        if legal.is_empty() {
            continue;
        }
        let choice = match game.phase() {
            Phase::Roll(_) => bot
                .choose_before_roll(&game, &legal)
                .map_or(u64::MAX, |i| i as u64),
            _ => bot.choose_move(&game, &legal) as u64,
        };
        fold(choice, &game.position_string());
        choices += 1;
    }
    (hash, choices)
}

/// Every shipped network, Long Nardy's reference network among them, still chooses at
/// seeded positions exactly the moves it chose when the fingerprints were recorded.
#[test]
fn the_shipped_networks_choose_the_recorded_moves() {
    let mut found = Vec::new();
    for (id, words, levels) in FINGERPRINTED {
        let kind = GameKind::ALL
            .iter()
            .copied()
            .find(|k| k.info().id == *id)
            .unwrap();
        let options = Options::parse(kind.info().options, words).unwrap();
        let fresh = kind.new_game(&options).unwrap();
        for &(bot, count) in *levels {
            let (hash, choices) = move_fingerprint(&fresh, bot, count);
            assert!(choices >= count / 2, "{id} {words:?} {bot:?}: {choices} choices");
            found.push(hash);
        }
    }
    assert_eq!(
        found, FINGERPRINTS,
        "the moves chosen changed; new fingerprints: {found:#x?}"
    );
}
